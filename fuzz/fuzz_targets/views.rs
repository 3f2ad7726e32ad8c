//! cargo-fuzz target `views`: see `robots_lens_fuzz::views::views`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| robots_lens_fuzz::views::views(data));
