//! The parts of CPython 3.11's `urllib.parse` that `urllib.robotparser` runs on every rule and
//! every URL: `unquote`, `quote`, `urlparse`, `urlunparse`, and the `ValueError`s `urlsplit`
//! raises.
//!
//! They are modelled operation by operation because the `python` profile must answer what Python
//! answers, oddities included: `urlunparse(urlparse("http:/a"))` is `"http:///a"`, `"//"` becomes
//! `""` (so `Disallow: //` matches every path), `"/a?"` and `"/a;"` lose their last character, a
//! leading `%20` or `%01` disappears and `%09`, `%0A`, `%0D` vanish wherever they are.

use super::in_ranges;
use super::python_unicode::NFKC_URL_PUNCTUATION;
use crate::encoding::escape_at;

/// The `ValueError` that `urlsplit` raises, with Python's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct UrlError(pub(crate) String);

/// `urlparse`'s six components.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct UrlParts {
    pub(crate) scheme: String,
    pub(crate) netloc: String,
    pub(crate) path: String,
    pub(crate) params: String,
    pub(crate) query: String,
    pub(crate) fragment: String,
}

/// `urllib.parse.uses_netloc`: schemes whose URLs `urlunsplit` writes with `//`.
const USES_NETLOC: &[&str] = &[
    "", "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https", "shttp",
    "snews", "prospero", "rtsp", "rtsps", "rtspu", "rsync", "svn", "svn+ssh", "sftp", "nfs", "git",
    "git+ssh", "ws", "wss",
];

/// `urllib.parse.uses_params`: schemes whose last path segment may carry `;params`. The empty
/// scheme is one of them, so a bare path is split too.
const USES_PARAMS: &[&str] = &[
    "", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp", "rtsp", "rtsps", "rtspu",
    "sip", "sips", "mms", "sftp", "tel",
];

/// `urllib.parse.unquote(text)`: `%XX` escapes (either case) are decoded, and each run of ASCII
/// characters is decoded as UTF-8 with U+FFFD for invalid sequences; non-ASCII characters pass
/// through untouched, so escapes on either side of one are decoded separately.
pub(crate) fn unquote(text: &str) -> String {
    if !text.contains('%') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        let ascii = rest
            .bytes()
            .position(|b| !b.is_ascii())
            .unwrap_or(rest.len());
        if ascii > 0 {
            let decoded = percent_decode(&rest.as_bytes()[..ascii]);
            out.push_str(&String::from_utf8_lossy(&decoded));
            rest = &rest[ascii..];
        } else {
            let other = rest
                .char_indices()
                .find(|(_, c)| c.is_ascii())
                .map_or(rest.len(), |(at, _)| at);
            out.push_str(&rest[..other]);
            rest = &rest[other..];
        }
    }
    out
}

fn percent_decode(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        match escape_at(bytes, at) {
            Some(octet) => {
                out.push(octet);
                at += 3;
            }
            None => {
                out.push(bytes[at]);
                at += 1;
            }
        }
    }
    out
}

/// `urllib.parse.quote(text)` with its default `safe='/'`: every UTF-8 octet other than ASCII
/// letters, digits, `_.-~` and `/` becomes `%XX` with upper-case hex. So `*` is `%2A`, `$` is
/// `%24` and `?` is `%3F`: nothing in a quoted string is special any more.
pub(crate) fn quote(text: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let unreserved =
        |byte: u8| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'.' | b'-' | b'~' | b'/');
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(text.len() + 8);
    // Runs of what stays as it is are copied whole: most of a path.
    let mut kept = 0;
    for (at, &byte) in bytes.iter().enumerate() {
        if !unreserved(byte) {
            out.extend_from_slice(&bytes[kept..at]);
            out.extend_from_slice(&[
                b'%',
                HEX[usize::from(byte >> 4)],
                HEX[usize::from(byte & 0x0F)],
            ]);
            kept = at + 1;
        }
    }
    out.extend_from_slice(&bytes[kept..]);
    // Only ASCII was written.
    String::from_utf8(out).unwrap_or_default()
}

/// `urllib.parse.urlparse(url)`.
pub(crate) fn urlparse(url: &str) -> Result<UrlParts, UrlError> {
    split_params(urlsplit(url)?)
}

/// [`urlparse`] of the URL `http://` + the site's host + `path`: how robotparser reads the URL a
/// crawler requests for a path alone (one derived from a file's rules), where `urlparse(path)`
/// would take a path that starts `//` for a host.
pub(crate) fn urlparse_path(path: &str) -> Result<UrlParts, UrlError> {
    let mut parts = UrlParts {
        scheme: "http".to_owned(),
        ..UrlParts::default()
    };
    split_after_authority(clean(path), &mut parts)?;
    split_params(parts)
}

/// `_splitparams` where the scheme uses parameters.
fn split_params(mut parts: UrlParts) -> Result<UrlParts, UrlError> {
    if USES_PARAMS.contains(&parts.scheme.as_str()) && parts.path.contains(';') {
        // `_splitparams`: only a `;` in the last segment starts the parameters.
        let semicolon = match parts.path.rfind('/') {
            Some(slash) => parts.path[slash..].find(';').map(|at| slash + at),
            None => parts.path.find(';'),
        };
        if let Some(semicolon) = semicolon {
            parts.params = parts.path[semicolon + 1..].to_owned();
            parts.path.truncate(semicolon);
        }
    }
    Ok(parts)
}

/// `urllib.parse.urlunparse(parts)`: empty components leave no delimiter behind.
pub(crate) fn urlunparse(parts: &UrlParts) -> String {
    let mut url = parts.path.clone();
    if !parts.params.is_empty() {
        url.push(';');
        url.push_str(&parts.params);
    }
    let scheme = parts.scheme.as_str();
    if !parts.netloc.is_empty()
        || (!scheme.is_empty() && USES_NETLOC.contains(&scheme) && !url.starts_with("//"))
    {
        if !url.is_empty() && !url.starts_with('/') {
            url.insert(0, '/');
        }
        url = format!("//{}{url}", parts.netloc);
    }
    if !scheme.is_empty() {
        url = format!("{scheme}:{url}");
    }
    if !parts.query.is_empty() {
        url.push('?');
        url.push_str(&parts.query);
    }
    if !parts.fragment.is_empty() {
        url.push('#');
        url.push_str(&parts.fragment);
    }
    url
}

/// `urllib.parse.urlsplit(url)` of 3.11.7, `params` left in the path.
fn urlsplit(url: &str) -> Result<UrlParts, UrlError> {
    let mut url = clean(url);
    let mut parts = UrlParts::default();
    if let Some(colon) = url.find(':') {
        let candidate = &url[..colon];
        if candidate.starts_with(|c: char| c.is_ascii_alphabetic())
            && candidate
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        {
            parts.scheme = candidate.to_ascii_lowercase();
            url.replace_range(..=colon, "");
        }
    }
    if url.starts_with("//") {
        let end = url[2..]
            .find(['/', '?', '#'])
            .map_or(url.len(), |at| at + 2);
        parts.netloc = url[2..end].to_owned();
        url.replace_range(..end, "");
        let (open, close) = (parts.netloc.contains('['), parts.netloc.contains(']'));
        if open != close {
            return Err(UrlError("Invalid IPv6 URL".to_owned()));
        }
        if open {
            let after_open = parts.netloc.split_once('[').map_or("", |(_, after)| after);
            let host = after_open
                .split_once(']')
                .map_or(after_open, |(host, _)| host);
            check_bracketed_host(host)?;
        }
    }
    split_after_authority(url, &mut parts)?;
    Ok(parts)
}

/// WHATWG, as `urlsplit` applies it: leading C0 controls and spaces go, and so do tabs and
/// newlines anywhere.
fn clean(url: &str) -> String {
    url.trim_start_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\r' | '\n'))
        .collect()
}

/// The rest of `urlsplit` once the scheme and the authority are read: the fragment, the query,
/// and the path, into `parts`.
fn split_after_authority(mut url: String, parts: &mut UrlParts) -> Result<(), UrlError> {
    if let Some((before, fragment)) = url.split_once('#') {
        parts.fragment = fragment.to_owned();
        url = before.to_owned();
    }
    if let Some((before, query)) = url.split_once('?') {
        parts.query = query.to_owned();
        url = before.to_owned();
    }
    check_netloc(&parts.netloc)?;
    parts.path = url;
    Ok(())
}

/// `_check_bracketed_host`: what stands between `[` and `]` must be an IPv6 address (with an
/// optional zone) or an `IPvFuture`; an IPv4 address is refused too.
fn check_bracketed_host(host: &str) -> Result<(), UrlError> {
    if let Some(future) = host.strip_prefix('v') {
        // `\Av[a-fA-F0-9]+\..+\Z`
        let hex = future.bytes().take_while(u8::is_ascii_hexdigit).count();
        let valid = hex > 0
            && future[hex..]
                .strip_prefix('.')
                .is_some_and(|rest| !rest.is_empty());
        return if valid {
            Ok(())
        } else {
            Err(UrlError("IPvFuture address is invalid".to_owned()))
        };
    }
    if is_ipv4(host) {
        return Err(UrlError("An IPv4 address cannot be in brackets".to_owned()));
    }
    if is_ipv6(host) {
        return Ok(());
    }
    Err(UrlError(format!(
        "'{host}' does not appear to be an IPv4 or IPv6 address"
    )))
}

/// `ipaddress.IPv4Address`: four decimal octets, no leading zeros, none above 255.
fn is_ipv4(address: &str) -> bool {
    let octets: Vec<&str> = address.split('.').collect();
    octets.len() == 4
        && octets.iter().all(|octet| {
            !octet.is_empty()
                && octet.len() <= 3
                && octet.bytes().all(|b| b.is_ascii_digit())
                && (*octet == "0" || !octet.starts_with('0'))
                && octet.parse::<u16>().is_ok_and(|value| value <= 255)
        })
}

/// `ipaddress.IPv6Address`, zone (`%eth0`) and embedded IPv4 included.
fn is_ipv6(address: &str) -> bool {
    const HEXTETS: usize = 8;
    if address.contains('/') {
        return false;
    }
    let address = match address.split_once('%') {
        Some((_, zone)) if zone.is_empty() || zone.contains('%') => return false,
        Some((address, _)) => address,
        None => address,
    };
    let mut parts: Vec<&str> = address.split(':').collect();
    if parts.len() < 3 {
        return false;
    }
    if parts.last().is_some_and(|last| last.contains('.')) {
        if !parts.pop().is_some_and(is_ipv4) {
            return false;
        }
        // The IPv4 suffix stands for two hextets; any valid ones will do here.
        parts.extend(["0", "0"]);
    }
    if parts.len() > HEXTETS + 1 {
        return false;
    }
    let count = parts.len();
    let mut skip = None;
    for (index, part) in parts.iter().enumerate().take(count - 1).skip(1) {
        if part.is_empty() {
            if skip.is_some() {
                return false;
            }
            skip = Some(index);
        }
    }
    let (high, low) = match skip {
        Some(skip) => {
            let (mut high, mut low) = (skip, count - skip - 1);
            if parts[0].is_empty() {
                high -= 1;
                if high != 0 {
                    return false;
                }
            }
            if parts[count - 1].is_empty() {
                low -= 1;
                if low != 0 {
                    return false;
                }
            }
            if high + low >= HEXTETS {
                return false;
            }
            (high, low)
        }
        None => {
            if count != HEXTETS || parts[0].is_empty() || parts[count - 1].is_empty() {
                return false;
            }
            (count, 0)
        }
    };
    parts[..high]
        .iter()
        .chain(&parts[count - low..])
        .all(|part| (1..=4).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// `_checknetloc`: a non-ASCII host that NFKC normalisation would turn into URL punctuation
/// (`℀` is `a/c`) is refused.
fn check_netloc(netloc: &str) -> Result<(), UrlError> {
    if netloc.is_ascii() || !netloc.chars().any(|c| in_ranges(c, NFKC_URL_PUNCTUATION)) {
        return Ok(());
    }
    Err(UrlError(format!(
        "netloc '{netloc}' contains invalid characters under NFKC normalization"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(url: &str) -> Result<String, UrlError> {
        urlparse(url).map(|parts| urlunparse(&parts))
    }

    #[test]
    fn unquote_decodes_each_ascii_run_as_utf8() {
        assert_eq!(unquote("/a%20b%7e"), "/a b~");
        assert_eq!(unquote("/%E3%83%84"), "/ツ");
        assert_eq!(unquote("/%e3%83%84"), "/ツ");
        assert_eq!(unquote("/%C3"), "/\u{FFFD}");
        assert_eq!(unquote("/%C3é%A9"), "/\u{FFFD}é\u{FFFD}");
        assert_eq!(unquote("/%zz%4"), "/%zz%4");
        assert_eq!(unquote("/plain"), "/plain");
    }

    #[test]
    fn quote_leaves_only_unreserved_characters_and_slash() {
        assert_eq!(
            quote("/a*b$c?d#e;f=g h~_.-"),
            "/a%2Ab%24c%3Fd%23e%3Bf%3Dg%20h~_.-"
        );
        assert_eq!(quote("/ツ"), "/%E3%83%84");
        assert_eq!(quote(""), "");
    }

    #[test]
    fn parse_and_unparse_round_trip_most_paths() {
        for path in ["/a", "/a;b?c#d", "*", "/a/b;c/d", "mailto:x;y", "//h/p?q"] {
            assert_eq!(round_trip(path).unwrap(), path, "{path}");
        }
    }

    #[test]
    fn parse_and_unparse_change_some_paths() {
        assert_eq!(round_trip("//").unwrap(), "");
        assert_eq!(round_trip("///a").unwrap(), "/a");
        assert_eq!(round_trip("/a?").unwrap(), "/a");
        assert_eq!(round_trip("/a#").unwrap(), "/a");
        assert_eq!(round_trip("/a;").unwrap(), "/a");
        assert_eq!(round_trip("http:/a").unwrap(), "http:///a");
        assert_eq!(round_trip("HTTP:x").unwrap(), "http:///x");
        assert_eq!(round_trip("http:").unwrap(), "http://");
        assert_eq!(round_trip(" \u{1}/a").unwrap(), "/a");
        assert_eq!(round_trip("/a\tb\nc").unwrap(), "/abc");
    }

    #[test]
    fn params_split_only_in_the_last_segment() {
        let parts = urlparse("/a;b/c;d").unwrap();
        assert_eq!(
            (parts.path.as_str(), parts.params.as_str()),
            ("/a;b/c", "d")
        );
        let parts = urlparse("/a;b/c").unwrap();
        assert_eq!(parts.params, "");
    }

    #[test]
    fn bad_brackets_raise() {
        assert!(urlparse("//[").is_err());
        assert!(urlparse("//a]").is_err());
        assert!(urlparse("//[x]/").is_err());
        assert!(urlparse("//[1.2.3.4]/").is_err());
        assert!(urlparse("//[v1.x]/").is_ok());
        assert!(urlparse("//[v1.]/").is_err());
        assert!(urlparse("//[::1]/").is_ok());
        assert!(urlparse("//[fe80::1%eth0]:8080/").is_ok());
        assert!(urlparse("//[fe80::1%]/").is_err());
        assert!(urlparse("//[::ffff:1.2.3.4]/").is_ok());
        assert!(urlparse("//[1:2:3:4:5:6:7:8]/").is_ok());
        assert!(urlparse("//[1:2:3:4:5:6:7:8:9]/").is_err());
        assert!(urlparse("//[1::2::3]/").is_err());
        assert!(urlparse("//[:1::2]/").is_err());
        assert!(urlparse("//[12345::]/").is_err());
        assert!(
            urlparse("/[not-a-host]").is_ok(),
            "only the network location is checked"
        );
    }

    #[test]
    fn nfkc_punctuation_in_a_host_raises() {
        assert!(urlparse("//a\u{2100}b/").is_err());
        assert!(urlparse("//caf\u{e9}/").is_ok());
        assert!(urlparse("/a\u{2100}b").is_ok());
    }
}
