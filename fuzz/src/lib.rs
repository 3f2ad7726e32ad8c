//! The fuzz targets of Robots Lens, as plain functions of bytes: `fuzz_targets/*.rs` hand them
//! libFuzzer's inputs, and `crates/core/tests/fuzz_regressions.rs` replays every input kept
//! under `tests/fuzz/` through the same functions (it includes `harness.rs` by path), so a
//! crash once found stays a test.

#[path = "harness.rs"]
pub mod harness;
#[path = "views.rs"]
pub mod views;
