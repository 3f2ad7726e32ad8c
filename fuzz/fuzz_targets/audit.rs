//! cargo-fuzz target `audit`: see `robots_lens_fuzz::harness::audit`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| robots_lens_fuzz::harness::audit(data));
