//! cargo-fuzz target `divergence`: see `robots_lens_fuzz::harness::divergence`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| robots_lens_fuzz::harness::divergence(data));
