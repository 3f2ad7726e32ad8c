//! cargo-fuzz target `check`: see `robots_lens_fuzz::harness::check`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| robots_lens_fuzz::harness::check(data));
