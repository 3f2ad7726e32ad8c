//! Searching octets, the one primitive both the URL readers (`encoding.rs`, `typed_url.rs`) and
//! the pattern matcher (`pattern.rs`) build on. It sits below both so that neither imports the
//! other for it.

/// Where `octet` first occurs: memchr natively; a plain loop in the wasm build, which leaves the
/// memchr crate out to stay small.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn find_octet(octet: u8, haystack: &[u8]) -> Option<usize> {
    memchr::memchr(octet, haystack)
}

#[cfg(target_arch = "wasm32")]
pub(crate) fn find_octet(octet: u8, haystack: &[u8]) -> Option<usize> {
    haystack.iter().position(|&b| b == octet)
}
