//! URLs and patterns, turned into the octets that matching compares.
//!
//! Three steps, each a small pure function:
//!
//! 1. [`request_path`]: what a person typed in a URL field becomes the path a crawler requests.
//!    Non-ASCII bytes, spaces and control characters are percent-encoded, as a browser does, and
//!    then Google's `GetPathParamsQuery` drops scheme, authority and fragment.
//! 2. [`google_escape`]: Google's `MaybeEscapePattern` for rule values: `%xx` upper-cased, bytes
//!    ≥ 0x80 percent-encoded, nothing decoded.
//! 3. [`rfc9309_normalise`]: RFC 9309 §2.2.2 for both sides: percent-encoded unreserved
//!    characters are decoded, every other escape is upper-cased, and octets outside printable
//!    US-ASCII are encoded, so `/%7Ejoe` equals `/~joe` and `/café` equals `/caf%C3%A9`.

use std::borrow::Cow;

use crate::octets::find_octet;

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

fn push_percent_encoded(out: &mut Vec<u8>, byte: u8) {
    out.push(b'%');
    out.push(HEX_UPPER[usize::from(byte >> 4)]);
    out.push(HEX_UPPER[usize::from(byte & 0x0F)]);
}

fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// The octet a `%XX` escape at `bytes[at]` stands for, if there is a complete escape there.
pub(crate) fn escape_at(bytes: &[u8], at: usize) -> Option<u8> {
    if bytes.get(at) != Some(&b'%') {
        return None;
    }
    let high = hex_value(*bytes.get(at + 1)?)?;
    let low = hex_value(*bytes.get(at + 2)?)?;
    Some(high << 4 | low)
}

/// RFC 3986 §2.3 unreserved characters.
fn is_unreserved(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~')
}

/// Bytes a browser never sends raw in a request line: controls, space, DEL and non-ASCII.
fn needs_encoding_in_request(byte: u8) -> bool {
    byte <= b' ' || byte >= 0x7F
}

/// The path, parameters and query a crawler requests for `url`, which may be a full URL, a
/// scheme-relative one, a bare host with a path, or just a path.
///
/// The result always starts with `/`. Scheme, user information, host, port and fragment are
/// removed the way google/robotstxt's `GetPathParamsQuery` removes them; before that, bytes that
/// a browser would percent-encode (non-ASCII, spaces, controls) are encoded. Surrounding
/// C0 controls and spaces are trimmed.
pub fn request_path(url: &str) -> String {
    // A browser strips leading and trailing C0 controls and spaces, nothing else (not U+00A0).
    let url = trim_controls_and_spaces(url);
    google_path_params_query(&percent_encode_request(url))
}

/// `url` with the octets a browser never sends raw (non-ASCII, spaces, controls) percent-encoded;
/// most URLs need none, and are returned as they are, without a copy.
pub(crate) fn percent_encode_request(url: &str) -> Cow<'_, str> {
    if !needs_any_encoding(url) {
        return Cow::Borrowed(url);
    }
    let mut encoded = Vec::with_capacity(url.len() + 16);
    for &byte in url.as_bytes() {
        if needs_encoding_in_request(byte) {
            push_percent_encoded(&mut encoded, byte);
        } else {
            encoded.push(byte);
        }
    }
    // Everything left is printable ASCII.
    Cow::Owned(String::from_utf8(encoded).expect("ASCII only"))
}

/// google/robotstxt's `GetPathParamsQuery`, byte for byte: the URL is not normalised.
pub fn google_path_params_query(url: &str) -> String {
    let bytes = url.as_bytes();
    let find_path_start =
        |from: usize| -> Option<usize> { find_path_start(bytes.get(from..)?).map(|i| i + from) };
    let search_start = if bytes.starts_with(b"//") { 2 } else { 0 };
    let early_path = find_path_start(search_start);
    let mut protocol_end = url
        .get(search_start..)
        .and_then(find_scheme_separator)
        .map(|i| i + search_start);
    if let (Some(early), Some(protocol)) = (early_path, protocol_end) {
        if early < protocol {
            protocol_end = None;
        }
    }
    let protocol_end = protocol_end.map_or(search_start, |i| i + 3);
    let Some(path_start) = find_path_start(protocol_end) else {
        return "/".to_owned();
    };
    let hash = find_octet(b'#', &bytes[search_start..]).map(|i| i + search_start);
    if matches!(hash, Some(hash) if hash < path_start) {
        return "/".to_owned();
    }
    let path_end = hash.unwrap_or(bytes.len());
    let path = &url[path_start..path_end];
    if path.starts_with('/') {
        path.to_owned()
    } else {
        format!("/{path}")
    }
}

/// `text` without the C0 controls and spaces around it, which a browser strips from a typed URL
/// (and nothing else: not U+00A0). On bytes: those characters are single ASCII octets, and no
/// octet of a longer character is one, so the cut falls between characters.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn trim_controls_and_spaces(text: &str) -> &str {
    let bytes = text.as_bytes();
    let start = bytes.iter().position(|&b| b > b' ').unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|&b| b > b' ')
        .map_or(start, |last| last + 1);
    &text[start..end]
}

/// [`trim_controls_and_spaces`] in the page's wasm, whose size budget is full: the same cut,
/// with the code the rest of the module already holds.
#[cfg(target_arch = "wasm32")]
pub(crate) fn trim_controls_and_spaces(text: &str) -> &str {
    text.trim_matches(|c: char| c <= ' ')
}

/// Whether any octet of `url` needs percent-encoding in a request. Natively without an early
/// exit, so that the test runs on many octets at a time (faster on URLs of any length); the
/// page's wasm keeps the shorter loop.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn needs_any_encoding(url: &str) -> bool {
    url.bytes()
        .fold(false, |any, byte| any | needs_encoding_in_request(byte))
}

#[cfg(target_arch = "wasm32")]
pub(crate) fn needs_any_encoding(url: &str) -> bool {
    url.bytes().any(needs_encoding_in_request)
}

/// Where the path, parameters or query of a URL may start: the first `/`, `?` or `;` of `bytes`
/// (`find_first_of("/?;")` in google/robotstxt). memchr natively; a plain scan in the wasm
/// build, which leaves the memchr crate out for size.
#[cfg(not(target_arch = "wasm32"))]
fn find_path_start(bytes: &[u8]) -> Option<usize> {
    memchr::memchr3(b'/', b'?', b';', bytes)
}

#[cfg(target_arch = "wasm32")]
fn find_path_start(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|b| matches!(b, b'/' | b'?' | b';'))
}

/// Where the first `://` of `text` starts. `str::find("://")` sets up a two-way searcher on
/// every call, which cost more than the rest of reading a URL (a check reads each URL twice);
/// a URL has few colons, and each is looked at once. The page's wasm, whose size budget is
/// full, keeps `str::find`.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn find_scheme_separator(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(colon) = find_octet(b':', &bytes[from..]) {
        let at = from + colon;
        if bytes[at + 1..].starts_with(b"//") {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

#[cfg(target_arch = "wasm32")]
pub(crate) fn find_scheme_separator(text: &str) -> Option<usize> {
    text.find("://")
}

/// Google's `MaybeEscapePattern`: `%xx` escapes are upper-cased and bytes ≥ 0x80 encoded;
/// nothing is decoded and nothing else changes.
pub fn google_escape(pattern: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(pattern.len());
    google_escape_into(pattern, &mut out);
    out
}

/// [`google_escape`], without a copy where it changes nothing: a pattern without `%` and
/// without octets ≥ 0x80, as most are.
pub(crate) fn google_escaped(pattern: &[u8]) -> Cow<'_, [u8]> {
    if pattern.iter().all(|&byte| byte < 0x80 && byte != b'%') {
        Cow::Borrowed(pattern)
    } else {
        Cow::Owned(google_escape(pattern))
    }
}

/// The length of [`google_escape`]'s result, without making it: an escape keeps its three
/// (ASCII) octets and an octet ≥ 0x80 becomes three.
pub(crate) fn google_escaped_len(pattern: &[u8]) -> usize {
    pattern.len() + 2 * pattern.iter().filter(|&&byte| byte >= 0x80).count()
}

/// [`google_escape`], appending to `out`.
pub(crate) fn google_escape_into(pattern: &[u8], out: &mut Vec<u8>) {
    let mut at = 0;
    while at < pattern.len() {
        let byte = pattern[at];
        if escape_at(pattern, at).is_some() {
            out.push(b'%');
            out.push(pattern[at + 1].to_ascii_uppercase());
            out.push(pattern[at + 2].to_ascii_uppercase());
            at += 3;
        } else {
            if byte >= 0x80 {
                push_percent_encoded(out, byte);
            } else {
                out.push(byte);
            }
            at += 1;
        }
    }
}

/// RFC 9309 §2.2.2 normalisation, the same for a path and a pattern: `%XX` of an unreserved
/// character is decoded, every other escape keeps its meaning with upper-case hex, and octets
/// outside printable US-ASCII (and the space) are percent-encoded.
pub fn rfc9309_normalise(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    rfc9309_normalise_into(bytes, &mut out);
    out
}

/// [`rfc9309_normalise`], appending to `out`.
pub(crate) fn rfc9309_normalise_into(bytes: &[u8], out: &mut Vec<u8>) {
    let mut at = 0;
    while at < bytes.len() {
        if let Some(octet) = escape_at(bytes, at) {
            if is_unreserved(octet) {
                out.push(octet);
            } else {
                push_percent_encoded(out, octet);
            }
            at += 3;
            continue;
        }
        let byte = bytes[at];
        if needs_encoding_in_request(byte) {
            push_percent_encoded(out, byte);
        } else {
            out.push(byte);
        }
        at += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn a_pattern_escaped_without_a_copy_is_escaped_alike(
            pattern in proptest::collection::vec(
                proptest::sample::select(vec![b'/', b'a', b'%', b'2', b'f', b'G', b' ', 0x7f, 0xc3, 0xa9]),
                0..8,
            ),
        ) {
            let (escaped, copied) = (google_escaped(&pattern), google_escape(&pattern));
            prop_assert_eq!(escaped.as_ref(), copied.as_slice());
        }

        #[test]
        fn the_scheme_separator_is_the_first_colon_slash_slash(text in "[:/ab]{0,12}") {
            prop_assert_eq!(find_scheme_separator(&text), text.find("://"));
        }

        #[test]
        fn the_escaped_length_is_the_length_of_the_escape(
            pattern in proptest::collection::vec(prop_oneof![
                Just(b'%'), Just(b'a'), Just(b'F'), Just(b'3'), Just(b'/'), Just(0x80u8), Just(0xffu8)
            ], 0..12)
        ) {
            prop_assert_eq!(google_escaped_len(&pattern), google_escape(&pattern).len());
        }

        #[test]
        fn trimming_on_bytes_trims_the_characters(text in "[ \t\u{0}\u{1f}a\u{a0}é/]{0,10}") {
            prop_assert_eq!(trim_controls_and_spaces(&text), text.trim_matches(|c: char| c <= ' '));
        }
    }

    #[test]
    fn google_reduction_of_urls() {
        let cases = [
            ("", "/"),
            ("http://www.example.com", "/"),
            ("http://www.example.com/", "/"),
            ("http://www.example.com/a", "/a"),
            ("http://www.example.com/a/", "/a/"),
            (
                "http://www.example.com/a/b?c=http://d.e/",
                "/a/b?c=http://d.e/",
            ),
            (
                "http://www.example.com/a/b?c=d&e=f#fragment",
                "/a/b?c=d&e=f",
            ),
            ("example.com", "/"),
            ("example.com/", "/"),
            ("example.com/a", "/a"),
            ("example.com/a/", "/a/"),
            ("example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f"),
            ("a", "/"),
            ("a/", "/"),
            ("/a", "/a"),
            ("a/b", "/b"),
            ("example.com?a", "/?a"),
            ("example.com/a;b#c", "/a;b"),
            ("//a/b/c", "/b/c"),
            ("http://user:pw@example.com:8080/p?q#f", "/p?q"),
        ];
        for (url, path) in cases {
            assert_eq!(google_path_params_query(url), path, "{url}");
        }
    }

    #[test]
    fn typed_urls_are_encoded_as_a_browser_sends_them() {
        assert_eq!(
            request_path("https://example.com/café menu"),
            "/caf%C3%A9%20menu"
        );
        assert_eq!(request_path("  /a  "), "/a");
        assert_eq!(request_path("/a#b c"), "/a");
    }

    #[test]
    fn google_escaping_of_patterns() {
        assert_eq!(
            google_escape(b"http://www.example.com"),
            b"http://www.example.com"
        );
        assert_eq!(google_escape(b"/a/b/c"), b"/a/b/c");
        assert_eq!(google_escape("á".as_bytes()), b"%C3%A1");
        assert_eq!(google_escape(b"%aa"), b"%AA");
        assert_eq!(google_escape(b"%zz%a"), b"%zz%a");
        assert_eq!(google_escape(b"/%7ejoe"), b"/%7Ejoe");
    }

    #[test]
    fn rfc_normalisation_decodes_unreserved_only() {
        assert_eq!(rfc9309_normalise(b"/%7ejoe"), b"/~joe");
        assert_eq!(rfc9309_normalise(b"/%62"), b"/b");
        assert_eq!(rfc9309_normalise(b"/a%2fb"), b"/a%2Fb");
        assert_eq!(rfc9309_normalise("/café".as_bytes()), b"/caf%C3%A9");
        assert_eq!(rfc9309_normalise(b"/caf%c3%a9"), b"/caf%C3%A9");
        assert_eq!(rfc9309_normalise(b"/a b"), b"/a%20b");
        assert_eq!(rfc9309_normalise(b"/%2A"), b"/%2A");
    }
}
