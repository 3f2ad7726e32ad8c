//! Whether the WHATWG URL parser — `new URL(value)` in Node and in browsers — accepts a string,
//! and with which scheme: Lighthouse refuses a `Sitemap:` value that `new URL` throws on
//! ("Invalid sitemap URL") or whose protocol is not `http:`, `https:` or `ftp:`.
//!
//! Only the steps that can fail are followed: the scheme, then for a special scheme (`http`,
//! `https`, `ws`, `wss`, `ftp`) a host that is not empty, holds no forbidden code point (after
//! percent-decoding), is a bracketed IPv6 address of hex digits, colons and dots, or, when its
//! last label is a number, a valid IPv4 address; and a port of at most five digits up to 65535.
//! A host outside ASCII is accepted as IDNA would map it (its full table is not carried);
//! `tests/node/consumers.test.mjs` holds the result to Node's own parser on every corpus file.
//!
//! Cost: linear in the input, no allocation beyond the scheme's and a decoded host.

/// The schemes WHATWG calls special, whose URLs have a host.
const SPECIAL: [&str; 5] = ["http", "https", "ws", "wss", "ftp"];

/// The lower-cased scheme of `input` when `new URL(input)` accepts it, `None` where it throws.
pub(crate) fn scheme(input: &str) -> Option<String> {
    // Leading and trailing C0 controls and spaces go; tabs and newlines go anywhere.
    let trimmed = input.trim_matches(|c: char| c <= ' ');
    let colon = trimmed.find(':')?;
    let scheme = &trimmed[..colon];
    let mut letters = scheme.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r'));
    if !letters.next().is_some_and(|c| c.is_ascii_alphabetic())
        || !letters.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    {
        return None;
    }
    let scheme: String = scheme
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let rest = &trimmed[colon + 1..];
    let accepted = if scheme == "file" {
        true
    } else if SPECIAL.contains(&scheme.as_str()) {
        // Any run of slashes and backslashes introduces the authority.
        let after = rest.trim_start_matches(['/', '\\', '\t', '\n', '\r']);
        let end = after.find(['/', '\\', '?', '#']).unwrap_or(after.len());
        authority(&after[..end], true)
    } else if let Some(after) = rest.strip_prefix("//") {
        let end = after.find(['/', '?', '#']).unwrap_or(after.len());
        authority(&after[..end], false)
    } else {
        // An opaque path (`mailto:x`, `example.com:8080/x`) never fails.
        true
    };
    accepted.then_some(scheme)
}

/// `userinfo@host:port`: whether the host and the port parse.
fn authority(authority: &str, special: bool) -> bool {
    let authority: String = authority
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let host_port = authority
        .rsplit_once('@')
        .map_or(authority.as_str(), |(_, rest)| rest);
    // The port's colon is the last one outside brackets.
    let bracket_end = host_port.rfind(']').map_or(0, |at| at + 1);
    let (host, port) = match host_port[bracket_end..].rfind(':') {
        Some(at) => (
            &host_port[..bracket_end + at],
            Some(&host_port[bracket_end + at + 1..]),
        ),
        None => (host_port, None),
    };
    if let Some(port) = port {
        let valid = port.is_empty()
            || (port.bytes().all(|b| b.is_ascii_digit())
                && port.trim_start_matches('0').len() <= 5
                && port.parse::<u32>().map_or(true, |port| port <= 65_535));
        if !valid {
            return false;
        }
    }
    if let Some(inner) = host.strip_prefix('[') {
        return inner.strip_suffix(']').is_some_and(|address| {
            address.contains(':')
                && address
                    .bytes()
                    .all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.')
        });
    }
    if !special {
        // An opaque host: forbidden host code points only, `%` allowed.
        return !host.chars().any(|c| forbidden_host(c) && c != '%');
    }
    if host.is_empty() {
        return false;
    }
    let decoded = percent_decode(host);
    let domain = String::from_utf8_lossy(&decoded);
    if domain
        .chars()
        .any(|c| forbidden_host(c) || c <= '\u{1F}' || c == '\u{7F}' || c == '\u{FFFD}')
    {
        return false;
    }
    !ends_in_number(&domain) || ipv4(&domain)
}

/// WHATWG's forbidden host code points (and `%`, which only a domain forbids).
fn forbidden_host(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '/'
            | ':'
            | '<'
            | '>'
            | '?'
            | '@'
            | '['
            | '\\'
            | ']'
            | '^'
            | '|'
            | '%'
    )
}

fn percent_decode(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let hex = |i: usize| bytes.get(i).and_then(|&b| char::from(b).to_digit(16));
        match (bytes[at], hex(at + 1), hex(at + 2)) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                at += 3;
            }
            (byte, _, _) => {
                out.push(byte);
                at += 1;
            }
        }
    }
    out
}

/// The last label (a final empty one aside) is a number: the host must then be IPv4.
fn ends_in_number(domain: &str) -> bool {
    let domain = domain.strip_suffix('.').unwrap_or(domain);
    let last = domain.rsplit('.').next().unwrap_or_default();
    !last.is_empty()
        && (last.bytes().all(|b| b.is_ascii_digit())
            || last
                .strip_prefix("0x")
                .or_else(|| last.strip_prefix("0X"))
                .is_some_and(|hex| hex.bytes().all(|b| b.is_ascii_hexdigit())))
}

/// The IPv4 parser: up to four parts, each decimal, octal (`0`…) or hex (`0x`…), the last
/// filling the bytes that remain.
fn ipv4(domain: &str) -> bool {
    let domain = domain.strip_suffix('.').unwrap_or(domain);
    let parts: Vec<&str> = domain.split('.').collect();
    if parts.len() > 4 {
        return false;
    }
    let mut numbers = Vec::with_capacity(4);
    for part in &parts {
        let (digits, radix) =
            if let Some(hex) = part.strip_prefix("0x").or_else(|| part.strip_prefix("0X")) {
                (hex, 16)
            } else if part.len() > 1 && part.starts_with('0') {
                (&part[1..], 8)
            } else {
                (*part, 10)
            };
        if part.is_empty() {
            return false;
        }
        let number = if digits.is_empty() {
            Some(0)
        } else {
            u64::from_str_radix(digits, radix).ok()
        };
        // A part too long for u64 is over every limit anyway.
        numbers.push(number.unwrap_or(u64::MAX));
        if number.is_none() && !digits.bytes().all(|b| char::from(b).is_digit(radix)) {
            return false;
        }
    }
    let (last, init) = numbers.split_last().unwrap_or((&0, &[]));
    init.iter().all(|&n| n <= 255) && *last < 256u64.pow(5 - numbers.len() as u32)
}

#[cfg(test)]
mod tests {
    use super::scheme;

    #[test]
    fn node_accepts_these_and_throws_on_those() {
        for (input, expected) in [
            ("https://example.com/sitemap.xml", Some("https")),
            ("HTTP://Example.com:8080/s.xml", Some("http")),
            ("ftp://files.example.com/s", Some("ftp")),
            ("example.com:8080/s.xml", Some("example.com")),
            ("mailto:x", Some("mailto")),
            ("https:example.com/s.xml", Some("https")),
            ("https://[::1]/s", Some("https")),
            ("https://192.168.0.1/s", Some("https")),
            ("https://0x7f.1/s", Some("https")),
            ("https://bücher.example/s", Some("https")),
            ("https://a b.com/s", None),
            ("https:///s.xml", Some("https")),
            ("https://", None),
            ("http://%41.com/", Some("http")),
            ("http://09.1/", None),
            ("https://example.com:99999/s", None),
            ("https://example.com:8x/s", None),
            ("https://1.2.3.256/s", None),
            ("https://foo.123/s", None),
            ("https://ex%20ample.com/s", None),
            ("/sitemap.xml", None),
            ("www.example.com/sitemap.xml", None),
            ("", None),
            ("1http://x", None),
        ] {
            assert_eq!(scheme(input).as_deref(), expected, "{input}");
        }
    }
}
