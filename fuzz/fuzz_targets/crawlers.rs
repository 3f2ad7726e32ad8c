//! cargo-fuzz target `crawlers`: see `robots_lens_fuzz::harness::crawler_table`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| robots_lens_fuzz::harness::crawler_table(data));
