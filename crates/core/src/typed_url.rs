//! What a person means by the URL they type: a path, or a host and a path.
//!
//! Google's `GetPathParamsQuery` reads the text before the first `/` as a host whenever there is
//! no scheme, so `checkout/payment` would be host `checkout`, path `/payment`, and a CI check of
//! it would pass a URL the file blocks. People type paths without the leading slash far more
//! often than hosts without a scheme, so a value without a scheme is a host only when its first
//! segment looks like one (`example.com/x`, `localhost:8080/x`); otherwise it is a path. Values
//! no crawler could request (`ftp://x`, an empty one, a host with no path) are refused with a
//! reason instead of being answered for `/`.
//!
//! [`crate::Checker::ask`] reads a question's URL once, here, and hands the matcher the path it
//! found; the verdict says "read as host X" from [`TypedUrl::host`]. A URL longer than
//! [`MAX_URL_BYTES`] (or an agent longer than [`MAX_AGENT_BYTES`]) is refused here too, so that no
//! surface has to hold a question to the limits itself.

use std::borrow::Cow;
use std::fmt;

use crate::encoding::{percent_encode_request, trim_controls_and_spaces};
use crate::limits::{MAX_AGENT_BYTES, MAX_URL_BYTES};
use crate::message::{Message, MessageId as M};
use crate::octets::find_octet;

/// A typed URL as it will be requested.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypedUrl {
    /// What the readers are asked about: the value, with a leading `/` added to a bare path
    /// and `http://` to a host without a scheme.
    pub request: String,
    /// The host the value names, when it names one.
    pub host: Option<String>,
}

/// A typed URL that no crawler would request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidUrl {
    given: String,
    kind: UrlProblem,
    /// The scheme or host the problem names, when it names one.
    detail: String,
    /// For an argument over its limit, its length in bytes.
    length: usize,
}

/// Why no crawler would request a typed URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlProblem {
    /// Nothing (or only spaces) was typed.
    Empty,
    /// A scheme other than `http` and `https` (`ftp://x`).
    Scheme,
    /// A scheme and no host (`https:///x`).
    NoHost,
    /// A host typed without a scheme and with no path (`example.com`).
    HostOnly,
    /// Longer than [`MAX_URL_BYTES`]: matching it could cost any time.
    TooLong,
    /// The question's agent is longer than [`MAX_AGENT_BYTES`]: choosing its groups could cost
    /// any time, so the question is refused with its URL.
    AgentTooLong,
}

impl UrlProblem {
    /// Every problem.
    pub const ALL: [UrlProblem; 6] = [
        UrlProblem::Empty,
        UrlProblem::Scheme,
        UrlProblem::NoHost,
        UrlProblem::HostOnly,
        UrlProblem::TooLong,
        UrlProblem::AgentTooLong,
    ];

    /// The problem's name for the page (`empty`, `scheme`, `no-host`, `host-only`, `too-long`,
    /// `agent-too-long`).
    pub fn id(self) -> &'static str {
        match self {
            UrlProblem::Empty => "empty",
            UrlProblem::Scheme => "scheme",
            UrlProblem::NoHost => "no-host",
            UrlProblem::HostOnly => "host-only",
            UrlProblem::TooLong => "too-long",
            UrlProblem::AgentTooLong => "agent-too-long",
        }
    }
}

impl InvalidUrl {
    /// What was given.
    pub fn given(&self) -> &str {
        &self.given
    }

    /// Why it cannot be requested.
    pub fn kind(&self) -> UrlProblem {
        self.kind
    }

    /// Why it cannot be requested, in words for any language: the problem's key, with the
    /// scheme or host it names.
    pub fn message(&self) -> Message {
        match self.kind {
            UrlProblem::Empty => Message::new(M::UrlEmpty),
            UrlProblem::Scheme => Message::new(M::UrlScheme).text("scheme", self.detail.as_str()),
            UrlProblem::NoHost if self.detail.is_empty() => Message::new(M::UrlNoHost),
            UrlProblem::NoHost => {
                Message::new(M::UrlNoSlashes).text("scheme", self.detail.as_str())
            }
            UrlProblem::HostOnly => Message::new(M::UrlHostOnly).text("host", self.detail.as_str()),
            UrlProblem::TooLong => Message::new(M::UrlTooLong)
                .count("length", self.length)
                .count("limit", MAX_URL_BYTES),
            UrlProblem::AgentTooLong => Message::new(M::UrlAgentTooLong)
                .count("length", self.length)
                .count("limit", MAX_AGENT_BYTES),
        }
    }
}

impl fmt::Display for InvalidUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            // A URL of 32 KiB is not quoted back whole.
            UrlProblem::TooLong | UrlProblem::AgentTooLong => write!(f, "{}", self.message()),
            _ => write!(f, "invalid URL '{}': {}", self.given, self.message()),
        }
    }
}

impl std::error::Error for InvalidUrl {}

/// Reads a typed URL: a full `http(s)` URL, a scheme-relative `//host/path`, a host and path
/// without a scheme (`example.com/a`, when the first segment is a host name with a dot or a
/// port, and not a file name such as `index.html`), or a path (`/a`, or `a/b`, `./a/b` and
/// `index.html`, read as `/a/b` and `/index.html`).
pub fn read_url(typed: &str) -> Result<TypedUrl, InvalidUrl> {
    read_request(typed).map(|reading| TypedUrl {
        request: reading.request.into_owned(),
        host: reading.host.map(str::to_owned),
    })
}

/// A question's URL as read once ([`read_request`], [`RequestReading::path`]) and handed on: the
/// matcher takes the path from it, the record readers their own reading of the request, and the
/// answer its request and host. Borrowed from the typed text wherever it is requested as typed
/// (a path with its `/`, a full URL with a path): the many-URL paths read every URL of a list
/// and should not copy each.
#[derive(Debug)]
pub(crate) struct RequestReading<'a> {
    pub request: Cow<'a, str>,
    pub host: Option<&'a str>,
    /// Where in [`RequestReading::request`] Google's `GetPathParamsQuery` starts the path, when
    /// the reading already knows it (a path, an `http(s)` URL): the verdict then needs no second
    /// reading of the request ([`RequestReading::requested_path`]).
    pub path_start: Option<usize>,
    /// The request is a path and only a path ([`crate::UrlReading::Path`]): `//x` is the path
    /// `//x`, never the host `x`, for every reader.
    pub path_only: bool,
}

impl<'a> RequestReading<'a> {
    /// `url` read as a path, as a URL derived from a file's rules is: a missing leading `/` is
    /// added; nothing in it names a host.
    pub(crate) fn path(url: &'a str) -> RequestReading<'a> {
        let path = trim_controls_and_spaces(url);
        RequestReading {
            request: match path.starts_with('/') {
                true => Cow::Borrowed(path),
                false => Cow::Owned(format!("/{path}")),
            },
            host: None,
            path_start: Some(0),
            path_only: true,
        }
    }

    /// The URL exactly as Google's library reads a request line (`GetPathParamsQuery`): what
    /// the audit's probes ask about the paths they derived.
    pub(crate) fn as_given(url: &'a str) -> RequestReading<'a> {
        RequestReading {
            request: Cow::Borrowed(url),
            host: None,
            path_start: None,
            path_only: false,
        }
    }

    /// What [`read_url`] returns for this reading.
    pub(crate) fn into_typed(self) -> TypedUrl {
        TypedUrl {
            request: self.request.into_owned(),
            host: self.host.map(str::to_owned),
        }
    }
}

/// `url` and `agent` held to [`MAX_URL_BYTES`] and [`MAX_AGENT_BYTES`]: a question over either is
/// refused as a whole.
pub(crate) fn within_limits(url: &str, agent: &str) -> Result<(), InvalidUrl> {
    let refused = |kind, length| InvalidUrl {
        given: url.to_owned(),
        kind,
        detail: String::new(),
        length,
    };
    if url.len() > MAX_URL_BYTES {
        return Err(refused(UrlProblem::TooLong, url.len()));
    }
    if agent.len() > MAX_AGENT_BYTES {
        return Err(refused(UrlProblem::AgentTooLong, agent.len()));
    }
    Ok(())
}

impl RequestReading<'_> {
    /// [`crate::request_path`] of the request, read from where this reading found the path
    /// instead of from the start again. A request with an octet to percent-encode, or one that
    /// starts `//` (Google's reader looks for a scheme after the host then), is read whole; a
    /// path alone ([`RequestReading::path_only`]) is only encoded.
    pub(crate) fn requested_path(&self) -> String {
        self.requested_path_in_place().into_owned()
    }

    /// [`RequestReading::requested_path`], borrowed from the request where it is a part of it
    /// (nearly always): the compact rows of [`crate::Verdicts`] copy it into one buffer.
    pub(crate) fn requested_path_in_place(&self) -> Cow<'_, str> {
        let request = self.request.as_ref();
        let Some(start) = self.path_start else {
            return Cow::Owned(crate::encoding::request_path(request));
        };
        let rest = &request[start..];
        // An octet encoded before the path (in the host) changes nothing after it: `%XX` is
        // none of the octets that end a host.
        if crate::encoding::needs_any_encoding(rest) {
            if !self.path_only {
                return Cow::Owned(crate::encoding::request_path(request));
            }
            let encoded = percent_encode_request(rest);
            return Cow::Owned(without_fragment(&encoded).to_owned());
        }
        // No `#` comes before the path's start: a fragment ends the host's segment too.
        let path = without_fragment(rest);
        if path.starts_with('/') {
            Cow::Borrowed(path)
        } else {
            Cow::Owned(format!("/{path}"))
        }
    }
}

/// `path` up to its fragment, which a crawler never sends.
fn without_fragment(path: &str) -> &str {
    match find_octet(b'#', path.as_bytes()) {
        Some(end) => &path[..end],
        None => path,
    }
}

/// See [`read_url`].
pub(crate) fn read_request(typed: &str) -> Result<RequestReading<'_>, InvalidUrl> {
    let url = trim_controls_and_spaces(typed);
    let invalid = |kind: UrlProblem, detail: String| InvalidUrl {
        given: typed.to_owned(),
        kind,
        detail,
        length: 0,
    };
    if url.is_empty() {
        return Err(invalid(UrlProblem::Empty, String::new()));
    }
    // Looked for once, for both readings of a scheme below.
    let colon = scheme_colon(url);
    if let Some(scheme) = web_scheme_without_slashes(url, colon) {
        return Err(invalid(UrlProblem::NoHost, scheme.to_owned()));
    }
    let (after_scheme, scheme) = match split_scheme(url, colon) {
        Some((scheme, rest)) => (rest, Some(scheme)),
        None if url.starts_with("//") => (&url[2..], Some("")),
        None => (url, None),
    };
    if let Some(scheme) = scheme {
        if !(scheme.is_empty()
            || scheme.eq_ignore_ascii_case("http")
            || scheme.eq_ignore_ascii_case("https"))
        {
            return Err(invalid(UrlProblem::Scheme, scheme.to_owned()));
        }
        return with_host(url, after_scheme, "", &invalid);
    }
    if url.starts_with(['/', '?', ';', '#']) {
        return Ok(RequestReading {
            request: if url.starts_with('/') {
                Cow::Borrowed(url)
            } else {
                Cow::Owned(format!("/{url}"))
            },
            host: None,
            path_start: Some(0),
            path_only: false,
        });
    }
    let first = first_segment(url);
    if looks_like_host(first) {
        // With the scheme every reader sees the host as a host (Python's urlparse would take
        // `example.com/a` for a relative path).
        return with_host(url, url, "http://", &invalid);
    }
    let request = format!("/{}", without_leading_dot_segments(url));
    Ok(RequestReading {
        // `.//x` reads as `//x`, which Google's reader takes for a host and a path.
        path_start: (!request.starts_with("//")).then_some(0),
        request: Cow::Owned(request),
        host: None,
        path_only: false,
    })
}

/// A relative path without its leading `./` and `../`: resolved against the root, as RFC 3986
/// §5.2.4 resolves them, `./checkout/x` and `../checkout/x` are both `/checkout/x`.
fn without_leading_dot_segments(mut path: &str) -> &str {
    loop {
        path = match path {
            "." | ".." => return "",
            _ => match path.strip_prefix("./").or_else(|| path.strip_prefix("../")) {
                Some(rest) => rest,
                None => return path,
            },
        };
    }
}

/// The scheme of a value that starts `http:` or `https:` without the `//` a host needs
/// (`http:/checkout`, `https:example.com/x`): a typo for a full URL, never a path anyone means.
/// `colon` is [`scheme_colon`] of `url`.
fn web_scheme_without_slashes(url: &str, colon: Option<usize>) -> Option<&str> {
    let colon = colon?;
    let (scheme, rest) = (&url[..colon], &url[colon + 1..]);
    let web = scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https");
    (web && !rest.starts_with("//")).then_some(scheme)
}

/// `(scheme, rest after "://")` when `url` starts with a scheme and `//`; `colon` is
/// [`scheme_colon`] of `url`.
fn split_scheme(url: &str, colon: Option<usize>) -> Option<(&str, &str)> {
    let colon = colon?;
    let (scheme, rest) = (&url[..colon], url[colon + 1..].strip_prefix("//")?);
    is_scheme(scheme).then_some((scheme, rest))
}

/// Where the colon that may end a scheme is: the first octet of `url` that no scheme holds,
/// when it is a `:`. A scheme holds no colon, so no later one can end it; the scan stops within
/// a few octets, where a search for `:` or `://` through the whole URL set up a searcher first.
#[cfg(not(target_arch = "wasm32"))]
fn scheme_colon(url: &str) -> Option<usize> {
    let end = url
        .bytes()
        .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))?;
    (url.as_bytes()[end] == b':').then_some(end)
}

/// [`scheme_colon`] in the page's wasm, whose size budget is full: the first colon, found with
/// the code the module already holds; the scheme's octets are tested where they are read.
#[cfg(target_arch = "wasm32")]
fn scheme_colon(url: &str) -> Option<usize> {
    url.find(':')
}

/// Whether `text` starts with `scheme://`, the scheme as RFC 3986 §3.1 writes it (a letter, then
/// letters, digits, `+`, `-`, `.`): what tells a URL (`https://…`, and `ftp://…`, refused later
/// with a reason) from a file name or a path. The one test every surface uses for it.
pub fn has_scheme(text: &str) -> bool {
    split_scheme(text, scheme_colon(text)).is_some()
}

fn is_scheme(scheme: &str) -> bool {
    scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// `text` up to its first `/`, `?`, `;` or `#`. On octets: a `str` search for a set of
/// characters decodes every character, which cost more than the rest of reading a URL; the four
/// are ASCII, so the cut falls between characters.
fn first_segment(text: &str) -> &str {
    let end = text
        .bytes()
        .position(|b| matches!(b, b'/' | b'?' | b';' | b'#'))
        .unwrap_or(text.len());
    &text[..end]
}

/// File extensions of the pages and files a site serves that are no top-level domain (IANA's
/// root zone has none of them), lower case: a first segment that ends in one (`index.html`,
/// `report.pdf`) names a file, not a host. Extensions that are also top-level domains (`.zip`,
/// `.mov`, `.pl`, `.sh`, `.py`, `.md`, `.rs`, `.do`) are left out: `example.pl` is a host.
const FILE_EXTENSIONS: &[&str] = &[
    "asp", "aspx", "atom", "avif", "bmp", "cfm", "cgi", "css", "csv", "doc", "docx", "gif", "gz",
    "htm", "html", "ico", "jpeg", "jpg", "js", "json", "jsp", "mjs", "mp3", "mp4", "ogg", "pdf",
    "php", "png", "ppt", "pptx", "rar", "rss", "shtml", "svg", "tar", "tgz", "tif", "tiff", "txt",
    "wasm", "webm", "webp", "woff", "woff2", "xhtml", "xls", "xlsx", "xml", "yaml", "yml",
];

/// A first segment is a host when it is a name with a dot between two labels (`example.com`),
/// a name with a port (`localhost:8080`) or `localhost`. A segment that starts with a dot
/// (`.well-known`, `.` and `..` of a relative path) or holds characters no host name has is a
/// path, as is everything with an empty label (`a..b`) and a file name whose extension is no
/// top-level domain (`index.html`, `report.pdf`; [`FILE_EXTENSIONS`]).
fn looks_like_host(segment: &str) -> bool {
    let (name, port) = match segment.rsplit_once(':') {
        Some((name, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => {
            (name, true)
        }
        _ => (segment, false),
    };
    // A final dot is the root of a fully qualified name (`example.com.`).
    let labels = name.strip_suffix('.').unwrap_or(name);
    let host_name = !labels.is_empty()
        && labels.split('.').all(|label| {
            !label.is_empty()
                && label
                    .chars()
                    .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_'))
        });
    let file_name = !port
        && labels.rsplit_once('.').is_some_and(|(_, extension)| {
            FILE_EXTENSIONS
                .iter()
                .any(|known| known.eq_ignore_ascii_case(extension))
        });
    host_name
        && !file_name
        && (port || labels.contains('.') || labels.eq_ignore_ascii_case("localhost"))
}

/// `url`, whose host starts `authority`, requested with `scheme` before it (`http://` for a
/// host typed without one). When nothing but a fragment follows the host, a URL typed with a
/// scheme (or `//`) requests `/`: an http(s) URL with an empty path is the same URL as with `/`
/// (RFC 3986 §6.2.3), as Google's library and every crawler read it. A host typed without a
/// scheme and with no path (`example.com`) is refused with a hint instead: it is as likely a
/// name typed by mistake as the home page.
fn with_host<'a>(
    url: &'a str,
    authority: &'a str,
    scheme: &str,
    invalid: &dyn Fn(UrlProblem, String) -> InvalidUrl,
) -> Result<RequestReading<'a>, InvalidUrl> {
    // The host's segment and, within it, the end of any user information (not part of the
    // host), found in one pass over octets: all five delimiters are ASCII.
    let mut segment_end = authority.len();
    let mut host_start = 0;
    for (at, octet) in authority.bytes().enumerate() {
        match octet {
            b'/' | b'?' | b';' | b'#' => {
                segment_end = at;
                break;
            }
            b'@' => host_start = at + 1,
            _ => {}
        }
    }
    let (host_part, host) = (
        &authority[..segment_end],
        &authority[host_start..segment_end],
    );
    if host.is_empty() {
        return Err(invalid(UrlProblem::NoHost, String::new()));
    }
    let rest = &authority[host_part.len()..];
    let no_path = rest.is_empty() || rest.starts_with('#');
    if no_path && !scheme.is_empty() {
        return Err(invalid(UrlProblem::HostOnly, host.to_owned()));
    }
    // `url` ends with `authority`: the path starts where the host ends.
    let at = url.len() - rest.len();
    let request = match (no_path, scheme) {
        (false, "") => Cow::Borrowed(url),
        (false, scheme) => Cow::Owned(format!("{scheme}{url}")),
        (true, _) => Cow::Owned(format!("{}/{}", &url[..at], rest)),
    };
    // After `http(s)://` Google's reader starts the path at the first `/`, `?` or `;`, where the
    // host's segment ends. After a bare `//` it looks for a scheme again (`//a://b/c` is the
    // path `/c`), so the request is read whole.
    let path_start = (!request.starts_with("//")).then_some(scheme.len() + at);
    Ok(RequestReading {
        request,
        host: Some(host),
        path_start,
        path_only: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        // Short URLs of few pieces, many of them: the shapes that differ (`//a://b/c`) are rare.
        #![proptest_config(ProptestConfig::with_cases(4096))]

        // The verdict's path is taken from where the typed reading found it: it must be the
        // path Google's reader finds in the request, for every shape of URL.
        #[test]
        fn the_path_the_reading_found_is_the_path_google_reads(
            pieces in prop::collection::vec(
                prop::sample::select(vec![
                    "http:", "HTTPS:", "//", "://", "/", "?", ";", "#", "@", ":80", "a", "b.c",
                    "./", "é", " ",
                ]),
                0..7,
            )
        ) {
            let typed = pieces.concat();
            if let Ok(reading) = read_request(&typed) {
                prop_assert_eq!(
                    reading.requested_path(),
                    crate::encoding::request_path(&reading.request),
                    "{:?}", reading
                );
            }
        }
    }

    proptest! {
        #[test]
        fn the_scheme_ends_at_the_first_colon_slash_slash(text in "(https?|HTTP|ftp)?[:/a1+.é]{0,7}") {
            let first = text.find("://").map(|at| (&text[..at], &text[at + 3..]));
            prop_assert_eq!(
                split_scheme(&text, scheme_colon(&text)),
                first.filter(|(scheme, _)| is_scheme(scheme))
            );
            let web = text
                .split_once(':')
                .filter(|(scheme, rest)| {
                    ["http", "https"].iter().any(|web| scheme.eq_ignore_ascii_case(web))
                        && !rest.starts_with("//")
                })
                .map(|(scheme, _)| scheme);
            prop_assert_eq!(web_scheme_without_slashes(&text, scheme_colon(&text)), web);
        }
    }

    #[test]
    fn the_path_is_found_once_for_each_shape_of_url() {
        for (typed, path, found) in [
            (
                "https://user@example.com:8443/a/b?q=1#top",
                "/a/b?q=1",
                true,
            ),
            ("https://example.com?q=http://x/y", "/?q=http://x/y", true),
            ("http://example.com#/a", "/", true),
            ("example.com/a;b", "/a;b", true),
            ("private/plan", "/private/plan", true),
            ("?q=1#f", "/?q=1", true),
            // Google's reader looks for a scheme again after `//`: read whole.
            ("//ho://st/x", "/x", false),
            (".//x", "/", false),
            ("/caf\u{e9} x", "/caf%C3%A9%20x", true),
        ] {
            let reading = read_request(typed).unwrap();
            assert_eq!(reading.path_start.is_some(), found, "{typed}");
            assert_eq!(reading.requested_path(), path, "{typed}");
        }
    }

    fn read(text: &str) -> (String, Option<String>) {
        let url = read_url(text).unwrap();
        (url.request, url.host)
    }

    #[test]
    fn a_value_without_a_scheme_is_a_path_unless_it_starts_with_a_host() {
        assert_eq!(read("checkout/payment"), ("/checkout/payment".into(), None));
        assert_eq!(read("private"), ("/private".into(), None));
        assert_eq!(read(" /a?b "), ("/a?b".into(), None));
        assert_eq!(read("?q=1"), ("/?q=1".into(), None));
        assert_eq!(
            read("example.com/a"),
            ("http://example.com/a".into(), Some("example.com".into()))
        );
        assert_eq!(
            read("localhost:8080/x"),
            (
                "http://localhost:8080/x".into(),
                Some("localhost:8080".into())
            )
        );
        assert_eq!(
            read("HTTPS://user@Example.COM/private"),
            (
                "HTTPS://user@Example.COM/private".into(),
                Some("Example.COM".into())
            )
        );
        assert_eq!(read("//cdn.example/x").1, Some("cdn.example".into()));
    }

    #[test]
    fn a_first_segment_no_host_could_have_is_a_path() {
        for (typed, path) in [
            (".well-known/security.txt", "/.well-known/security.txt"),
            ("./checkout/x", "/checkout/x"),
            ("../../checkout", "/checkout"),
            ("..", "/"),
            ("a..b/c", "/a..b/c"),
            ("wiki/Special:Search", "/wiki/Special:Search"),
            ("*.pdf", "/*.pdf"),
            ("index.html", "/index.html"),
            ("report.PDF", "/report.PDF"),
            ("feed.xml?page=2", "/feed.xml?page=2"),
            ("app.js/x", "/app.js/x"),
        ] {
            assert_eq!(read(typed), (path.into(), None), "{typed}");
        }
        assert_eq!(read("shop.example./x").1, Some("shop.example.".into()));
        assert_eq!(read("münchen.de/x").1, Some("münchen.de".into()));
        assert_eq!(read("intranet:8080/x").1, Some("intranet:8080".into()));
        // An extension that is also a top-level domain is read as one, and a port makes a host.
        assert_eq!(read("example.pl/x").1, Some("example.pl".into()));
        assert_eq!(read("files.html:8080/x").1, Some("files.html:8080".into()));
    }

    #[test]
    fn a_scheme_and_two_slashes_tell_a_url_from_a_file_name() {
        for url in [
            "https://example.com",
            "ftp://example.com",
            "svn+ssh://h/x",
            "a.b-c://x",
        ] {
            assert!(has_scheme(url), "{url}");
        }
        for name in [
            "robots.txt",
            "-",
            "dir/://x",
            "://x",
            "1http://x",
            "http:/x",
            "C:\\x",
        ] {
            assert!(!has_scheme(name), "{name}");
        }
    }

    #[test]
    fn a_url_with_a_scheme_and_an_empty_path_requests_the_root() {
        // RFC 3986 §6.2.3: `http://example.com` and `http://example.com/` are the same URL;
        // Google's library and every crawler request `/`.
        for (typed, request) in [
            ("http://example.com", "http://example.com/"),
            ("https://Example.com:8443", "https://Example.com:8443/"),
            ("http://example.com#/a", "http://example.com/#/a"),
            ("//cdn.example", "//cdn.example/"),
        ] {
            let url = read_url(typed).unwrap();
            assert_eq!(url.request, request, "{typed}");
            assert_eq!(crate::request_path(&url.request), "/", "{typed}");
        }
        assert_eq!(read("https://example.com?q=1").0, "https://example.com?q=1");
        // A host typed with no scheme stays a question to ask back.
        assert_eq!(
            read_url("example.com").unwrap_err().kind(),
            UrlProblem::HostOnly
        );
    }

    #[test]
    fn urls_no_crawler_requests_are_refused_with_a_reason() {
        for (text, words) in [
            ("", "no URL given"),
            ("   ", "no URL given"),
            ("ftp://x", "not ftp://"),
            ("example.com", "only a host, example.com"),
            ("https:///x", "names no host"),
            ("http:/checkout/x", "after http: come two slashes"),
            ("HTTPS:example.com/x", "after HTTPS: come two slashes"),
            ("http:", "names no host"),
        ] {
            let error = read_url(text).unwrap_err();
            assert!(error.to_string().contains(words), "{text}: {error}");
            assert!(!error.kind().id().is_empty());
            assert_eq!(error.given(), text);
        }
    }
}
