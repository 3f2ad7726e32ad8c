//! cargo-fuzz target `sized`: see `robots_lens_fuzz::harness::sized`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| robots_lens_fuzz::harness::sized(data));
