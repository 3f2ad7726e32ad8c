//! CPython's `urllib.robotparser` as released up to Python 3.12 (and in 3.13 and 3.14 releases
//! before the RFC 9309 rewrite of gh-138907): `RobotFileParser.parse(lines)` followed by
//! `can_fetch(useragent, url)`, modelled step by step from `Lib/urllib/robotparser.py` of
//! Python 3.11.7 and checked against it by `tests/python_differential.rs`.
//!
//! Reading the file (`parse`):
//!
//! - The text is split as `str.splitlines()` splits it: at LF, CR and CRLF like every reader,
//!   and also at `\v`, `\f`, `\x1c`–`\x1e`, U+0085, U+2028 and U+2029. A BOM stays in the first
//!   line, so that line's key is not recognised. (`read()` decodes the body as strict UTF-8 and
//!   raises on invalid bytes; this model reads such a file as `decode("utf-8", "replace")` would.)
//! - Only an empty line is blank: it ends the record. A record whose user-agent lines are not yet
//!   followed by a rule is thrown away with them; a record with rules is kept. A line of spaces or
//!   a comment is not blank.
//! - Everything from the first `#` is removed and the line is stripped of Unicode whitespace; the
//!   key is what stands before the first `:` (a line without one is skipped), stripped and
//!   lower-cased, and must be exactly `user-agent`, `allow`, `disallow`, `crawl-delay`,
//!   `request-rate` or `sitemap`. The value is stripped, then percent-decoded (`unquote`).
//! - A user-agent line after a rule starts a new record; `allow`/`disallow` lines before any
//!   user-agent line are ignored. `crawl-delay` and `request-rate` lines count as rules for this
//!   purpose (they keep a record and close its list of agents) but hold no path.
//! - A rule's path is `quote(urlunparse(urlparse(value)))`: `*` becomes `%2A` and `$` becomes
//!   `%24`, so both are literal; an empty `Disallow:` becomes a rule that allows everything.
//! - The first record with a `*` line becomes the default and any later one is dropped; the
//!   other records are searched in file order.
//!
//! Answering (`can_fetch`): the URL is percent-decoded, parsed, reassembled without scheme and
//! host but *with* parameters, query and fragment, then quoted (`/` if that is empty). The first
//! record in file order with a user-agent value that is `*` or a case-insensitive substring of the
//! caller's name before `/` applies, else the default record, else everything is allowed; in the
//! record the first rule whose quoted path is a prefix of the quoted URL decides. There is no
//! implicit `/robots.txt` allow.
//!
//! `urllib.parse` itself changed between patch releases, and with it a few answers: the model is
//! 3.11.7's (3.12.1 agrees on every generated case). Releases from mid-2024 on (gh-67693: 3.13.0
//! and the 3.11 and 3.12 updates of that time) write a path that starts with `//` as `////…`, so
//! `https://example.com//a` is compared as `////a`; releases before 3.11.4 accept any bracketed
//! host where this model, like 3.11.7, raises `ValueError`.

use std::borrow::Cow;

use super::python_unicode::{DECIMAL, DIGIT_NOT_DECIMAL, WHITESPACE};
use super::python_url::{quote, unquote, urlparse, urlparse_path, urlunparse, UrlError, UrlParts};
use super::{in_ranges, Reader, ReaderError, Reading, Record, RecordAgent, RecordRule};
use crate::robots::RobotsTxt;

/// What `RobotFileParser.read()` leaves behind once `urlopen` has its final HTTP status (after
/// the redirects it follows: 301, 302, 303, 307 and 308, at most 10 of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum PythonFetchOutcome {
    /// 2xx: the body is read (`parse(raw.decode("utf-8").splitlines())`).
    ReadsBody,
    /// 401 and 403: `disallow_all`, so `can_fetch` answers False for every URL.
    DisallowAll,
    /// Any other 4xx, 429 included: `allow_all`, so `can_fetch` answers True for every URL.
    AllowAll,
    /// Every other status `urlopen` raises `HTTPError` for (5xx, a 3xx it did not follow, 1xx):
    /// `read()` swallows the error and sets nothing, the parser still counts as never read, and
    /// `can_fetch` answers False for every URL until a later `read()` succeeds. (A network
    /// failure raises `URLError` out of `read()` and leaves the same state.)
    NothingRead,
}

/// How CPython's `RobotFileParser.read()` (3.11) reacts to the final HTTP status of the
/// robots.txt response.
pub fn python_fetch_outcome(status: u16) -> PythonFetchOutcome {
    match status {
        200..=299 => PythonFetchOutcome::ReadsBody,
        401 | 403 => PythonFetchOutcome::DisallowAll,
        400..=499 => PythonFetchOutcome::AllowAll,
        _ => PythonFetchOutcome::NothingRead,
    }
}

/// `int()` refuses strings longer than this many digits (`sys.get_int_max_str_digits()`, 3.11).
const INT_MAX_STR_DIGITS: usize = 4300;

/// `parse`'s state: 0, 1 and 2 in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Start,
    SawAgent,
    SawRule,
}

/// Reads `robots` as `RobotFileParser.parse(text.splitlines())` does.
pub(super) fn read(robots: &RobotsTxt) -> Reading {
    read_reusing(robots, &|_, _| None)
}

/// [`read`], taking the rule an allow or disallow line makes from `known` (given the line's
/// number and text) where it knows it: the rule a line makes depends on its text alone, so the
/// reading of an edited file takes the rules of the lines the edit left alone from the
/// original's reading (`Reading::of_edit`) instead of stripping, decoding and quoting each
/// again.
pub(super) fn read_reusing(
    robots: &RobotsTxt,
    known: &dyn Fn(usize, &str) -> Option<RecordRule>,
) -> Reading {
    let mut records = Vec::new();
    let mut entry = Record::default();
    let mut state = State::Start;
    for (number, line) in python_lines(robots) {
        if line.is_empty() {
            match state {
                State::SawAgent => entry = Record::default(),
                State::SawRule => records.push(std::mem::take(&mut entry)),
                State::Start => {}
            }
            state = State::Start;
            continue;
        }
        if let Some(rule) = known(number, &line) {
            // An allow or disallow line: outside a record it changes nothing, as below.
            if state != State::Start {
                entry.rules.push(rule);
                entry.lines.push(number);
                state = State::SawRule;
            }
            continue;
        }
        let content = strip(line.split('#').next().unwrap_or_default());
        let Some((key, value)) = content.split_once(':') else {
            continue;
        };
        let key = strip(key);
        // `str.lower()`; ASCII, as keys nearly always are, without decoding characters, and
        // natively without a copy for a key as short as those the reader knows (every line of
        // a large file made one, for each edited file the audit's evidence reads).
        let mut buffer = [0u8; 16];
        let native = cfg!(not(target_arch = "wasm32"));
        let key: Cow<'_, str> = match native && key.is_ascii() {
            true if key.len() <= buffer.len() => {
                let lowered = &mut buffer[..key.len()];
                lowered.copy_from_slice(key.as_bytes());
                lowered.make_ascii_lowercase();
                Cow::Borrowed(std::str::from_utf8(lowered).unwrap_or_default())
            }
            true => Cow::Owned(key.to_ascii_lowercase()),
            false => Cow::Owned(key.to_lowercase()),
        };
        let written = strip(value);
        let value = unquote(written);
        match key.as_ref() {
            "user-agent" => {
                if state == State::SawRule {
                    records.push(std::mem::take(&mut entry));
                }
                entry.agents.push(RecordAgent::new(number, value));
                entry.lines.push(number);
                state = State::SawAgent;
            }
            "allow" | "disallow" if state != State::Start => {
                match rule_path(&value) {
                    Ok(compared) => entry.rules.push(RecordRule {
                        line: number,
                        allow: key.as_ref() == "allow" || value.is_empty(),
                        written: written.into(),
                        compared: compared.into(),
                    }),
                    Err(UrlError(message)) => {
                        return Reading::new(Reader::Python, records, raised(number, message))
                    }
                }
                entry.lines.push(number);
                state = State::SawRule;
            }
            "crawl-delay" if state != State::Start => {
                if is_digits(&value) {
                    if let Err(message) = int(&value) {
                        return Reading::new(Reader::Python, records, raised(number, message));
                    }
                }
                entry.lines.push(number);
                state = State::SawRule;
            }
            "request-rate" if state != State::Start => {
                let numbers: Vec<&str> = value.split('/').collect();
                if let [requests, seconds] = numbers[..] {
                    if is_digits(requests) && is_digits(seconds) {
                        if let Err(message) = int(requests).and_then(|()| int(seconds)) {
                            return Reading::new(Reader::Python, records, raised(number, message));
                        }
                    }
                }
                entry.lines.push(number);
                state = State::SawRule;
            }
            // Sitemap lines, unknown keys, and rules or delays outside a record change nothing.
            _ => {}
        }
    }
    if state == State::SawRule {
        records.push(entry);
    }
    Reading::new(Reader::Python, records, None)
}

fn raised(line: usize, message: String) -> Option<ReaderError> {
    Some(ReaderError {
        line,
        message: format!("ValueError: {message}"),
    })
}

/// `RuleLine.__init__`: the path a rule compares, `quote(urlunparse(urlparse(value)))`.
fn rule_path(value: &str) -> Result<String, UrlError> {
    // Most rules are a plain path: no scheme, host, parameters, query or fragment for
    // `urlparse` to split off and `urlunparse` to join again, so only `quote` changes them.
    // Skipping the round trip halves the reading of a file of thousands of rules, which the
    // audit's evidence reads again for every edit it asks about.
    // Natively: the page's wasm, whose size budget is full, takes the round trip.
    if cfg!(not(target_arch = "wasm32")) && is_plain_path(value) {
        return Ok(quote(value));
    }
    urlparse(value).map(|parts| quote(&urlunparse(&parts)))
}

/// Whether `urlunparse(urlparse(value))` is `value` for a reason seen at a glance: it holds
/// only letters, digits and ``/_.-~*$=&+,!'()@%`` (none of which `urlparse` splits at), and does
/// not start `//` (a host).
fn is_plain_path(value: &str) -> bool {
    !value.starts_with("//")
        && value.bytes().all(|byte| {
            byte.is_ascii_alphanumeric()
                || matches!(
                    byte,
                    b'/' | b'_'
                        | b'.'
                        | b'-'
                        | b'~'
                        | b'*'
                        | b'$'
                        | b'='
                        | b'&'
                        | b'+'
                        | b','
                        | b'!'
                        | b'\''
                        | b'('
                        | b')'
                        | b'@'
                        | b'%'
                )
        })
}

/// The start of `can_fetch`: the string it compares with the rules for `url`, or the
/// `ValueError` it raises.
pub(super) fn request(url: &str) -> Result<String, UrlError> {
    compared(urlparse(&unquote(url))?)
}

/// [`request`] for a path alone, read as the path of a URL to the site's host (`//x` is a path
/// there, not the host `x`).
pub(super) fn request_of_path(path: &str) -> Result<String, UrlError> {
    compared(urlparse_path(&unquote(path))?)
}

/// What `can_fetch` compares of a URL's parts: the URL without scheme and netloc, quoted.
fn compared(parts: UrlParts) -> Result<String, UrlError> {
    let path = urlunparse(&UrlParts {
        scheme: String::new(),
        netloc: String::new(),
        ..parts
    });
    let mut compared = quote(&path);
    if compared.is_empty() {
        compared.push('/');
    }
    Ok(compared)
}

/// `value.strip().isdigit()`: the guard before crawl-delay and request-rate values reach
/// `int()`. It accepts digits `int()` refuses (`²`, `①`).
fn is_digits(value: &str) -> bool {
    let digits = strip(value);
    !digits.is_empty()
        && digits
            .chars()
            .all(|c| in_ranges(c, DECIMAL) || in_ranges(c, DIGIT_NOT_DECIMAL))
}

/// `int(value)` for a value that passed [`is_digits`]: it raises for a digit that is not
/// decimal and for more than 4300 digits.
fn int(value: &str) -> Result<(), String> {
    let digits = strip(value);
    if digits.chars().any(|c| in_ranges(c, DIGIT_NOT_DECIMAL)) {
        return Err(format!("invalid literal for int() with base 10: '{value}'"));
    }
    let count = digits.chars().count();
    if count > INT_MAX_STR_DIGITS {
        return Err(format!(
            "Exceeds the limit ({INT_MAX_STR_DIGITS} digits) for integer string conversion: \
             value has {count} digits"
        ));
    }
    Ok(())
}

/// `str.strip()`: Unicode whitespace as Python defines it, which includes `\x1c`–`\x1f`.
fn strip(text: &str) -> &str {
    // Nearly every text starts and ends with an ASCII character that is no whitespace: then
    // nothing is stripped, and no character is looked up (natively: the page's wasm, whose size
    // budget is full, looks them up).
    let plain = |byte: &u8| byte.is_ascii() && !matches!(byte, 0x09..=0x0D | 0x1C..=0x20);
    let bytes = text.as_bytes();
    if cfg!(not(target_arch = "wasm32"))
        && bytes.first().is_some_and(plain)
        && bytes.last().is_some_and(plain)
    {
        return text;
    }
    text.trim_matches(|c: char| in_ranges(c, WHITESPACE))
}

/// `str.splitlines()` breaks at these besides LF, CR and CRLF.
fn is_python_only_line_break(c: char) -> bool {
    matches!(
        c,
        '\u{0B}' | '\u{0C}' | '\u{1C}' | '\u{1D}' | '\u{1E}' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

/// The lines Python's `parse` receives, each with the number of the physical line it comes from.
///
/// The physical lines already end at LF, CR and CRLF, as they do for Python; each is split again
/// at the breaks only Python knows. A BOM, which the line reader skips, is put back: Python keeps
/// U+FEFF as the first character. A partial BOM is invalid UTF-8 and reads as one U+FFFD; either
/// way the first line's key is one no reader recognises.
fn python_lines(robots: &RobotsTxt) -> Vec<(usize, Cow<'_, str>)> {
    let facts = robots.facts();
    let lines = robots.lines();
    let mut out = Vec::with_capacity(lines.len());
    // Each line's text and end, without building the rest of each line.
    for (index, end) in robots.line_ends().enumerate() {
        let text = lines.text(index).unwrap_or_default();
        let number = index + 1;
        let terminated = index + 1 < lines.len() || end < facts.size;
        let bom = match (index, facts.bom_bytes) {
            (0, 3) => "\u{FEFF}",
            (0, 1 | 2) => "\u{FFFD}",
            _ => "",
        };
        if cfg!(not(target_arch = "wasm32")) && bom.is_empty() && !may_break_for_python(text) {
            // Nearly every line: one piece, the line (an unterminated empty last line, none).
            if terminated || !text.is_empty() {
                out.push((number, Cow::Borrowed(text)));
            }
        } else if bom.is_empty() {
            let pieces = split_python_only(text, terminated);
            out.extend(pieces.map(|piece| (number, Cow::Borrowed(piece))));
        } else {
            let text = format!("{bom}{text}");
            let pieces = split_python_only(&text, terminated);
            out.extend(pieces.map(|piece| (number, Cow::Owned(piece.to_owned()))));
        }
    }
    out
}

/// Whether `text` may hold a break only Python knows: one of its ASCII ones, or any other
/// than ASCII (the others are U+0085, U+2028 and U+2029), which a byte tells.
fn may_break_for_python(text: &str) -> bool {
    let breaks = |bytes: &[u8]| {
        (bytes.iter()).any(|&byte| matches!(byte, 0x0B | 0x0C | 0x1C..=0x1E) || !byte.is_ascii())
    };
    if cfg!(target_arch = "wasm32") {
        return breaks(text.as_bytes());
    }
    // Natively eight bytes at a time: only a word holding a byte below 0x20 or above 0x7F can
    // hold one, and every line of each of Python's readings is looked at (the audit's evidence
    // reads a 1 MB file once for each edit it asks about).
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    const SPACE: u64 = u64::from_ne_bytes([0x20; 8]);
    let mut words = text.as_bytes().chunks_exact(8);
    for word in &mut words {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(word);
        let value = u64::from_ne_bytes(bytes);
        // A byte above 0x7F sets its own high bit; one below 0x20, the high bit of its
        // difference with 0x20 (a borrow may set more, never fewer).
        if (value | value.wrapping_sub(SPACE)) & HIGH != 0 && breaks(word) {
            return true;
        }
    }
    breaks(words.remainder())
}

/// The pieces of one physical line between the breaks only Python knows. `splitlines` yields
/// no empty piece after the text's last break, so an unterminated line's empty tail is dropped.
fn split_python_only(text: &str, terminated: bool) -> impl Iterator<Item = &str> {
    let mut pieces = text.split(is_python_only_line_break).peekable();
    std::iter::from_fn(move || {
        let piece = pieces.next()?;
        let dropped = pieces.peek().is_none() && !terminated && piece.is_empty();
        (!dropped).then_some(piece)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// `strip` is `str.strip()` over Python's whitespace table, with or without its
        /// shortcut for texts that start and end with no whitespace.
        #[test]
        fn strip_removes_what_the_whitespace_table_names(
            text in proptest::collection::vec(
                proptest::sample::select(vec!['a', ' ', '\t', '\u{b}', '\u{1c}', '\u{1f}', '\u{20}', '\u{7f}', '\u{85}', '\u{a0}', '\u{3000}', 'é', '#', ':']),
                0..8,
            ),
        ) {
            let text: String = text.into_iter().collect();
            let by_table = text.trim_matches(|c: char| in_ranges(c, WHITESPACE));
            proptest::prop_assert_eq!(strip(&text), by_table);
        }
    }

    proptest::proptest! {
        /// Whether a line may hold a break only Python knows, looked at eight bytes at a time,
        /// is whether one of its bytes is such a break or is not ASCII.
        #[test]
        fn a_line_may_break_where_one_of_its_bytes_may(
            text in proptest::collection::vec(
                proptest::sample::select(vec!['a', ' ', '\t', '\u{b}', '\u{c}', '\u{1c}', '\u{1e}', '\u{1f}', '\u{20}', '\u{21}', '\u{7f}', '\u{85}', 'é', '\u{2028}', '\u{0}']),
                0..40,
            ),
        ) {
            let text: String = text.into_iter().collect();
            let byte_by_byte = text
                .bytes()
                .any(|byte| matches!(byte, 0x0B | 0x0C | 0x1C..=0x1E) || !byte.is_ascii());
            proptest::prop_assert_eq!(may_break_for_python(&text), byte_by_byte);
        }
    }

    fn lines(input: &[u8]) -> Vec<(usize, String)> {
        python_lines(&RobotsTxt::parse(input))
            .into_iter()
            .map(|(number, text)| (number, text.into_owned()))
            .collect()
    }

    /// The plain-path shortcut of [`rule_path`] agrees with the round trip it skips, on every
    /// string of up to three characters it accepts (`//`, `:`, `;`, `?`, `#`, white space and
    /// other than ASCII are not accepted).
    #[test]
    fn plain_paths_read_as_the_round_trip_reads_them() {
        let alphabet = [
            'a', 'Z', '0', '/', '_', '.', '-', '~', '*', '$', '=', '&', '+', ',', '!', '\'', '(',
            ')', '@', '%', ':', ';', '?', '#', ' ',
        ];
        let mut values = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..3 {
            last = last
                .iter()
                .flat_map(|prefix| alphabet.iter().map(move |c| format!("{prefix}{c}")))
                .collect();
            values.extend(last.iter().cloned());
        }
        for value in values.iter().filter(|value| is_plain_path(value)) {
            let round_trip = urlparse(value).map(|parts| quote(&urlunparse(&parts)));
            assert_eq!(rule_path(value), round_trip, "{value:?}");
        }
        for other in [
            "//h/p", "/a:b", "/a;b", "/a?b", "/a#b", "/a b", "/a\tb", "/é",
        ] {
            assert!(!is_plain_path(other), "{other:?}");
        }
    }

    #[test]
    fn lines_split_where_splitlines_splits() {
        assert_eq!(
            lines(b"a\x0bb\r\nc\xc2\x85\nd\xe2\x80\xa8"),
            [
                (1, "a".to_owned()),
                (1, "b".to_owned()),
                (2, "c".to_owned()),
                (2, String::new()),
                (3, "d".to_owned()),
            ]
        );
        assert!(lines(b"").is_empty());
        assert_eq!(lines(b"\n\r"), [(1, String::new()), (2, String::new())]);
        assert_eq!(
            lines(b"a\x1f")[0].1,
            "a\x1f",
            "\\x1f is whitespace, not a break"
        );
    }

    #[test]
    fn a_bom_stays_in_the_first_line() {
        assert_eq!(lines(b"\xef\xbb\xbfa")[0].1, "\u{feff}a");
        assert_eq!(lines(b"\xef\xbba")[0].1, "\u{fffd}a");
    }

    #[test]
    fn status_handling_follows_read() {
        assert_eq!(python_fetch_outcome(200), PythonFetchOutcome::ReadsBody);
        assert_eq!(python_fetch_outcome(401), PythonFetchOutcome::DisallowAll);
        assert_eq!(python_fetch_outcome(403), PythonFetchOutcome::DisallowAll);
        assert_eq!(python_fetch_outcome(404), PythonFetchOutcome::AllowAll);
        assert_eq!(python_fetch_outcome(429), PythonFetchOutcome::AllowAll);
        assert_eq!(python_fetch_outcome(500), PythonFetchOutcome::NothingRead);
        assert_eq!(python_fetch_outcome(304), PythonFetchOutcome::NothingRead);
    }

    #[test]
    fn int_guard_raises_only_where_int_does() {
        let raises = |value: &str| is_digits(value) && int(value).is_err();
        assert!(!raises("5"));
        assert!(!raises(" 5 "));
        assert!(!raises("5.5"), "not all digits: int() never runs");
        assert!(!raises("\u{0665}"), "Arabic-Indic five is decimal");
        assert!(raises("\u{b2}"));
        assert!(raises("1\u{b2}"));
        assert!(!raises("\u{b2}x"));
        assert!(!raises(&"1".repeat(4300)));
        assert!(raises(&"1".repeat(4301)));
    }

    #[test]
    fn request_keeps_params_query_and_fragment() {
        let compared = |url| request(url).unwrap();
        assert_eq!(compared("https://example.com"), "/");
        assert_eq!(
            compared("https://example.com/a;p?q=1#f"),
            "/a%3Bp%3Fq%3D1%23f"
        );
        assert_eq!(compared("/a%2Fb"), "/a/b");
        assert_eq!(
            compared("http://h?x"),
            "%3Fx",
            "no path, so no leading slash"
        );
        assert!(request("http://[x/").is_err());
    }
}
