//! Physical lines, and what each one says, read exactly as Google's parser reads them.
//!
//! This layer never fails and never drops a line: every byte of the input belongs to one [`Line`]
//! (or to a line terminator, or to the BOM), and each line records how a crawler will read it. The
//! rules are those of google/robotstxt's `RobotsTxtParser`, because RFC 9309 was written alongside
//! it and it is what the largest crawler runs:
//!
//! - lines end at LF, CRLF or a lone CR;
//! - a UTF-8 byte order mark, whole or a prefix of it, is skipped at the very start;
//! - a line is cut after [`MAX_LINE_BYTES`] bytes, and a NUL byte ends it (Google's C strings);
//! - everything from the first `#` is a comment; ASCII whitespace is trimmed;
//! - the key is what stands before the first `:`; a line without `:` is still read when it is
//!   exactly two words (`Disallow /x`);
//! - `user-agent`, `allow`, `disallow` and `sitemap` are recognised by a case-insensitive *prefix*
//!   test (so `Disallowed:` is a disallow), with Google's list of accepted typos.

/// How many bytes of a robots.txt Googlebot reads (RFC 9309 §2.5 requires at least this much).
pub const SIZE_LIMIT: usize = 500 * 1024;

/// How many bytes of one line Google's parser keeps (its buffer is `2083 * 8` bytes with one
/// reserved for the terminating NUL); the rest of the line is ignored.
pub const MAX_LINE_BYTES: usize = 2083 * 8 - 1;

const UTF8_BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// What a physical line is, once read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum LineKind {
    /// `User-agent:` (or an accepted spelling of it): names the crawlers a group is for.
    UserAgent,
    /// `Allow:`, a rule.
    Allow,
    /// `Disallow:` (or an accepted typo), a rule.
    Disallow,
    /// `Sitemap:`, valid anywhere in the file.
    Sitemap,
    /// A directive that some crawlers know but RFC 9309 does not define (`Crawl-delay`, `Host`, …);
    /// [`Line::directive`] names it.
    Other,
    /// A `key: value` line whose key no crawler we know of reads.
    Unknown,
    /// Nothing but a comment.
    Comment,
    /// Nothing but whitespace.
    Blank,
    /// Text that is not a `key: value` line; [`Line::malformed`] says why.
    Malformed,
}

impl LineKind {
    /// Whether the line is an Allow or Disallow rule.
    pub fn is_rule(self) -> bool {
        matches!(self, LineKind::Allow | LineKind::Disallow)
    }
}

/// Why a line with text on it could not be read as `key: value`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Malformed {
    /// No `:` and not exactly two words, so there is no separator at all.
    NoSeparator,
    /// The line starts with `:`, so the key is empty.
    EmptyKey,
}

/// How the key of a recognised line was spelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum KeySpelling {
    /// The standard name, in any letter case.
    #[default]
    Exact,
    /// One of the misspellings Google accepts (`disalow`, `useragent`, `user agent`, `site-map`, …).
    Typo,
    /// The standard name followed by more letters (`Disallowed`, `Sitemaps`): Google reads a key
    /// by its prefix, stricter parsers ignore the line.
    Prefix,
}

/// One physical line of the input, with everything a reader needs to know about it: a view into
/// the [`RobotsTxt`] it was read from ([`RobotsTxt::lines`], [`RobotsTxt::line`]), whose text it
/// borrows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Line<'r> {
    /// 1-based line number, counted as Google counts (LF, CRLF and lone CR each end a line).
    pub number: usize,
    /// Byte offset of the line's first byte in the input (after a BOM on line 1).
    pub start: usize,
    /// Byte offset just past the line's last byte, terminator excluded.
    pub end: usize,
    text: &'r str,
    /// What the line is.
    pub kind: LineKind,
    key: Option<&'r str>,
    value: Option<&'r str>,
    /// The canonical name of a recognised non-standard directive (`crawl-delay`, `host`, …).
    pub directive: Option<&'static str>,
    /// How a recognised key was spelled.
    pub spelling: KeySpelling,
    /// Why the line could not be read, when it is [`LineKind::Malformed`].
    pub malformed: Option<Malformed>,
    /// The line has a `#` comment.
    pub has_comment: bool,
    /// The line had no `:` and the first run of whitespace served as the separator.
    pub missing_colon: bool,
    /// The line is longer than [`MAX_LINE_BYTES`]; Google ignores what follows.
    pub too_long: bool,
    /// The line holds a NUL byte; Google reads the line only up to it.
    pub has_nul: bool,
    /// The line is not valid UTF-8.
    pub invalid_utf8: bool,
    /// The line starts at or after [`SIZE_LIMIT`]: Googlebot never reads it.
    pub beyond_size_limit: bool,
    /// The line starts before [`SIZE_LIMIT`] and ends after it: Googlebot reads only its start.
    pub cut_by_size_limit: bool,
    #[cfg_attr(feature = "serde", serde(skip))]
    value_bytes: &'r [u8],
}

impl<'r> Line<'r> {
    fn new(record: &'r Record) -> Line<'r> {
        Line {
            number: record.number,
            start: record.start,
            end: record.end,
            text: &record.text,
            kind: record.kind,
            key: record.key.as_deref(),
            value: record.value.as_deref(),
            directive: record.directive,
            spelling: record.spelling,
            malformed: record.malformed,
            has_comment: record.has_comment,
            missing_colon: record.missing_colon,
            too_long: record.too_long,
            has_nul: record.has_nul,
            invalid_utf8: record.invalid_utf8,
            beyond_size_limit: record.beyond_size_limit,
            cut_by_size_limit: record.cut_by_size_limit,
            value_bytes: &record.value_bytes,
        }
    }

    /// The whole line as text, terminator excluded; invalid UTF-8 is shown as U+FFFD.
    pub fn text(&self) -> &'r str {
        self.text
    }

    /// The key as written (trimmed), for lines that have one.
    pub fn key(&self) -> Option<&'r str> {
        self.key
    }

    /// The value as a crawler reads it, for lines that have a key: comment removed, whitespace
    /// trimmed, cut at a NUL or at the line-length limit; invalid UTF-8 is shown as U+FFFD.
    pub fn value(&self) -> Option<&'r str> {
        self.value
    }

    /// The raw bytes of the value, as matching sees them (empty when the line has none).
    pub fn value_bytes(&self) -> &'r [u8] {
        self.value_bytes
    }

    /// Whether the line counts for verdicts (Googlebot reads at least part of it).
    pub fn within_size_limit(&self) -> bool {
        !self.beyond_size_limit
    }
}

/// The lines of a [`RobotsTxt`], in order: what [`RobotsTxt::lines`] returns.
#[derive(Debug, Clone, Copy)]
pub struct Lines<'r> {
    records: &'r [Record],
}

impl<'r> Lines<'r> {
    pub(crate) fn new(records: &'r [Record]) -> Lines<'r> {
        Lines { records }
    }

    /// How many lines there are.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether there are none (never, for a parsed file: an empty file has one empty line).
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The line at `index`, from 0 (line number `index + 1`).
    pub fn get(&self, index: usize) -> Option<Line<'r>> {
        self.records.get(index).map(Line::new)
    }

    /// The lines in order.
    pub fn iter(&self) -> LineIter<'r> {
        LineIter {
            records: self.records.iter(),
        }
    }
}

impl<'r> IntoIterator for Lines<'r> {
    type Item = Line<'r>;
    type IntoIter = LineIter<'r>;

    fn into_iter(self) -> LineIter<'r> {
        self.iter()
    }
}

/// An iterator over [`Lines`].
#[derive(Debug, Clone)]
pub struct LineIter<'r> {
    records: std::slice::Iter<'r, Record>,
}

impl<'r> Iterator for LineIter<'r> {
    type Item = Line<'r>;

    fn next(&mut self) -> Option<Line<'r>> {
        self.records.next().map(Line::new)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.records.size_hint()
    }

    fn nth(&mut self, n: usize) -> Option<Line<'r>> {
        self.records.nth(n).map(Line::new)
    }
}

impl DoubleEndedIterator for LineIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.records.next_back().map(Line::new)
    }
}

impl ExactSizeIterator for LineIter<'_> {}

/// What the parse keeps of one line; [`Line`] is how it is read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub(crate) struct Record {
    pub number: usize,
    pub start: usize,
    pub end: usize,
    pub text: String,
    pub kind: LineKind,
    pub key: Option<String>,
    pub value: Option<String>,
    pub directive: Option<&'static str>,
    pub spelling: KeySpelling,
    pub malformed: Option<Malformed>,
    pub has_comment: bool,
    pub missing_colon: bool,
    pub too_long: bool,
    pub has_nul: bool,
    pub invalid_utf8: bool,
    pub beyond_size_limit: bool,
    pub cut_by_size_limit: bool,
    #[cfg_attr(feature = "serde", serde(skip))]
    pub value_bytes: Vec<u8>,
}

/// Facts about the whole input that no single line carries.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct InputFacts {
    /// Size of the input in bytes.
    pub size: usize,
    /// Bytes of a UTF-8 BOM (or of a prefix of one) skipped at the start: 0 to 3.
    pub bom_bytes: usize,
    /// Whether the input as a whole is valid UTF-8.
    pub valid_utf8: bool,
    /// The first line that lies beyond [`SIZE_LIMIT`], if the file is that large.
    pub first_line_beyond_limit: Option<usize>,
    /// How many lines end with CRLF, a lone CR and a lone LF.
    pub line_endings: LineEndings,
    /// The input is not text at all but a known binary format (a gzip body, a PNG, …), by its
    /// first bytes; see [`binary_format`].
    pub binary: Option<&'static str>,
}

/// Known binary formats by their first bytes (magic numbers), each with how to say what it is.
const BINARY_FORMATS: &[(&[u8], &str)] = &[
    (b"\x1f\x8b", "gzip-compressed data"),
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"%PDF-", "a PDF document"),
    (b"PK\x03\x04", "a zip archive"),
    (b"BZh", "bzip2-compressed data"),
    (b"\xfd7zXZ\x00", "xz-compressed data"),
    (b"\x28\xb5\x2f\xfd", "zstd-compressed data"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"\x00asm", "a WebAssembly module"),
    (b"\x7fELF", "an executable (ELF)"),
    (b"wOFF", "a web font (WOFF)"),
    (b"wOF2", "a web font (WOFF2)"),
];

/// What binary format `input` is, by its first bytes: `Some("gzip-compressed data")`. A RIFF
/// file (WebP, WAV) is named by its form type; anything else that starts with a NUL or holds
/// mostly control bytes in its first 512 bytes is "binary data". UTF-16 text is not binary here:
/// the audit says it is UTF-16.
pub fn binary_format(input: &[u8]) -> Option<&'static str> {
    if let Some((_, name)) = BINARY_FORMATS
        .iter()
        .find(|(magic, _)| input.starts_with(magic))
    {
        return Some(name);
    }
    if input.starts_with(b"RIFF") && input.get(8..12) == Some(b"WEBP") {
        return Some("a WebP image");
    }
    let head = &input[..input.len().min(512)];
    if head.is_empty() || looks_like_utf16(head) {
        return None;
    }
    let controls = head
        .iter()
        .filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c))
        .count();
    // Text has next to no control bytes; compressed or encoded data has about one in eight.
    (controls * 10 > head.len()).then_some("binary data")
}

/// Every other byte NUL in the first bytes: UTF-16 text (with or without a BOM).
fn looks_like_utf16(head: &[u8]) -> bool {
    let pairs = head.len() / 2;
    let even = head.iter().step_by(2).filter(|&&b| b == 0).count();
    let odd = head.iter().skip(1).step_by(2).filter(|&&b| b == 0).count();
    pairs >= 2 && (even * 10 >= pairs * 8 || odd * 10 >= pairs * 8)
}

/// Counts of each kind of line terminator.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LineEndings {
    /// `\n`
    pub lf: usize,
    /// `\r\n`
    pub crlf: usize,
    /// `\r` alone
    pub cr: usize,
}

/// Splits `input` into lines and reads each one.
pub(crate) fn read_lines(input: &[u8]) -> (Vec<Record>, InputFacts) {
    let bom_bytes = bom_prefix_len(input);
    let mut facts = InputFacts {
        size: input.len(),
        bom_bytes,
        valid_utf8: std::str::from_utf8(input).is_ok(),
        binary: binary_format(input),
        ..InputFacts::default()
    };
    let mut lines = Vec::new();
    let mut start = bom_bytes;
    let mut pos = bom_bytes;
    while pos < input.len() {
        match input[pos] {
            b'\n' => {
                facts.line_endings.lf += 1;
                lines.push(read_line(
                    input,
                    lines.len() + 1,
                    start,
                    pos,
                    facts.valid_utf8,
                ));
                pos += 1;
                start = pos;
            }
            b'\r' => {
                let crlf = input.get(pos + 1) == Some(&b'\n');
                if crlf {
                    facts.line_endings.crlf += 1;
                } else {
                    facts.line_endings.cr += 1;
                }
                lines.push(read_line(
                    input,
                    lines.len() + 1,
                    start,
                    pos,
                    facts.valid_utf8,
                ));
                pos += if crlf { 2 } else { 1 };
                start = pos;
            }
            _ => {
                // Skip to the next terminator in one step: a 100 kB line costs one scan.
                pos = next_line_end(&input[pos..]).map_or(input.len(), |offset| pos + offset);
            }
        }
    }
    // Google emits a last line even when it is empty; an empty line after the final terminator
    // changes nothing, so it is only kept when it is the whole file.
    if start < input.len() || lines.is_empty() {
        lines.push(read_line(
            input,
            lines.len() + 1,
            start,
            input.len(),
            facts.valid_utf8,
        ));
    }
    facts.first_line_beyond_limit = lines
        .iter()
        .find(|line| line.beyond_size_limit)
        .map(|line| line.number);
    (lines, facts)
}

/// Where the next LF or CR is: memchr natively, a plain scan in the wasm build (which leaves the
/// memchr crate out for size).
#[cfg(not(target_arch = "wasm32"))]
fn next_line_end(bytes: &[u8]) -> Option<usize> {
    memchr::memchr2(b'\n', b'\r', bytes)
}

#[cfg(target_arch = "wasm32")]
fn next_line_end(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'\n' || b == b'\r')
}

/// Google skips the BOM byte by byte, so a truncated BOM is skipped too.
fn bom_prefix_len(input: &[u8]) -> usize {
    input
        .iter()
        .zip(UTF8_BOM.iter())
        .take_while(|(a, b)| a == b)
        .count()
}

/// Reads one line; `valid_utf8` says the whole input is, so no line needs checking again.
fn read_line(input: &[u8], number: usize, start: usize, end: usize, valid_utf8: bool) -> Record {
    let raw = &input[start..end];
    let beyond_size_limit = start >= SIZE_LIMIT;
    let cut_by_size_limit = !beyond_size_limit && end > SIZE_LIMIT;
    // What a crawler sees: the line up to the size limit (unless the whole line lies beyond it,
    // in which case it is read in full for display and audit), then up to the line-length
    // limit, then up to the first NUL.
    let mut seen = raw;
    if cut_by_size_limit {
        seen = &seen[..SIZE_LIMIT - start];
    }
    let too_long = seen.len() > MAX_LINE_BYTES;
    if too_long {
        seen = &seen[..MAX_LINE_BYTES];
    }
    let has_nul = raw.contains(&0);
    if let Some(nul) = seen.iter().position(|&b| b == 0) {
        seen = &seen[..nul];
    }
    let mut line = Record {
        number,
        start,
        end,
        text: String::from_utf8_lossy(raw).into_owned(),
        kind: LineKind::Blank,
        key: None,
        value: None,
        directive: None,
        spelling: KeySpelling::Exact,
        malformed: None,
        has_comment: false,
        missing_colon: false,
        too_long,
        has_nul,
        invalid_utf8: !valid_utf8 && std::str::from_utf8(raw).is_err(),
        beyond_size_limit,
        cut_by_size_limit,
        value_bytes: Vec::new(),
    };
    classify(&mut line, seen);
    line
}

/// Google's `GetKeyAndValueFrom` and `ParsedRobotsKey::Parse`.
fn classify(line: &mut Record, seen: &[u8]) {
    let mut content = seen;
    if let Some(hash) = content.iter().position(|&b| b == b'#') {
        line.has_comment = true;
        content = &content[..hash];
    }
    let content = trim_ascii_whitespace(content);
    if content.is_empty() {
        line.kind = if line.has_comment {
            LineKind::Comment
        } else {
            LineKind::Blank
        };
        return;
    }
    let (key, value) = match content.iter().position(|&b| b == b':') {
        Some(colon) => (&content[..colon], &content[colon + 1..]),
        None => {
            let Some(space) = content.iter().position(|&b| b == b' ' || b == b'\t') else {
                line.kind = LineKind::Malformed;
                line.malformed = Some(Malformed::NoSeparator);
                return;
            };
            let value = trim_ascii_whitespace(&content[space..]);
            if value.iter().any(|&b| b == b' ' || b == b'\t') {
                line.kind = LineKind::Malformed;
                line.malformed = Some(Malformed::NoSeparator);
                return;
            }
            line.missing_colon = true;
            (&content[..space], value)
        }
    };
    let key = trim_ascii_whitespace(key);
    if key.is_empty() {
        line.kind = LineKind::Malformed;
        line.malformed = Some(Malformed::EmptyKey);
        line.missing_colon = false;
        return;
    }
    let value = trim_ascii_whitespace(value);
    line.key = Some(String::from_utf8_lossy(key).into_owned());
    line.value = Some(String::from_utf8_lossy(value).into_owned());
    line.value_bytes = value.to_vec();
    let (kind, spelling, directive) = recognise_key(key);
    line.kind = kind;
    line.spelling = spelling;
    line.directive = directive;
}

/// The spellings Google reads for each standard key, standard name first (robots.cc,
/// `kAllowFrequentTypos`). A key is recognised when it *starts with* one of them.
const KEY_SPELLINGS: [(LineKind, &[&str]); 4] = [
    (
        LineKind::UserAgent,
        &["user-agent", "useragent", "user agent"],
    ),
    (LineKind::Allow, &["allow"]),
    (
        LineKind::Disallow,
        &[
            "disallow",
            "dissallow",
            "dissalow",
            "disalow",
            "diasllow",
            "disallaw",
        ],
    ),
    (LineKind::Sitemap, &["sitemap", "site-map"]),
];

/// Non-standard directives that real crawlers read, by canonical name. Google's reporting
/// library marks these as "known but unused"; Bing, Yandex and older crawlers read some of them.
pub const OTHER_DIRECTIVES: &[&str] = &[
    "crawl-delay",
    "host",
    "clean-param",
    "noindex",
    "nofollow",
    "noarchive",
    "request-rate",
    "visit-time",
    "content-signal",
    "content-usage",
    "license",
    "domain",
    "revisit-after",
];

fn recognise_key(key: &[u8]) -> (LineKind, KeySpelling, Option<&'static str>) {
    for (kind, spellings) in KEY_SPELLINGS {
        for (index, spelling) in spellings.iter().enumerate() {
            if starts_with_ignore_ascii_case(key, spelling.as_bytes()) {
                let spelled = if index > 0 {
                    KeySpelling::Typo
                } else if key.len() > spelling.len() {
                    KeySpelling::Prefix
                } else {
                    KeySpelling::Exact
                };
                return (kind, spelled, None);
            }
        }
    }
    let normalised: Vec<u8> = key
        .iter()
        .map(|&b| match b.to_ascii_lowercase() {
            b' ' | b'_' => b'-',
            other => other,
        })
        .collect();
    let squeezed: Vec<u8> = normalised.iter().copied().filter(|&b| b != b'-').collect();
    for name in OTHER_DIRECTIVES {
        if normalised == name.as_bytes() {
            let spelled = if key.eq_ignore_ascii_case(name.as_bytes()) {
                KeySpelling::Exact
            } else {
                KeySpelling::Typo
            };
            return (LineKind::Other, spelled, Some(name));
        }
        let name_squeezed: Vec<u8> = name.bytes().filter(|&b| b != b'-').collect();
        if name.contains('-') && squeezed == name_squeezed && !normalised.contains(&b'-') {
            return (LineKind::Other, KeySpelling::Typo, Some(name));
        }
    }
    (LineKind::Unknown, KeySpelling::Exact, None)
}

pub(crate) fn starts_with_ignore_ascii_case(haystack: &[u8], prefix: &[u8]) -> bool {
    haystack.len() >= prefix.len() && haystack[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// absl's `ascii_isspace`: space, `\t`, `\n`, `\v`, `\f`, `\r`. Not U+00A0.
pub(crate) fn is_ascii_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

pub(crate) fn trim_ascii_whitespace(bytes: &[u8]) -> &[u8] {
    let start = bytes
        .iter()
        .position(|&b| !is_ascii_space(b))
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|&b| !is_ascii_space(b))
        .map_or(start, |i| i + 1);
    &bytes[start..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &str) -> Vec<Record> {
        read_lines(input.as_bytes()).0
    }

    #[test]
    fn every_line_ending_ends_a_line() {
        let read = lines("a: 1\nb: 2\r\nc: 3\rd: 4");
        let keys: Vec<_> = read.iter().map(|l| l.key.clone().unwrap()).collect();
        assert_eq!(keys, ["a", "b", "c", "d"]);
        assert_eq!(read[3].number, 4);
        let (_, facts) = read_lines(b"a\nb\r\nc\rd");
        assert_eq!(
            facts.line_endings,
            LineEndings {
                lf: 1,
                crlf: 1,
                cr: 1
            }
        );
    }

    #[test]
    fn blank_lines_between_crlf_are_counted_once() {
        let read = lines("a: 1\r\n\r\nb: 2\r\n");
        assert_eq!(read.len(), 3);
        assert_eq!(read[1].kind, LineKind::Blank);
        assert_eq!(read[2].number, 3);
    }

    #[test]
    fn spans_cover_the_line_without_its_terminator() {
        let read = lines("ab\r\ncd");
        assert_eq!((read[0].start, read[0].end), (0, 2));
        assert_eq!((read[1].start, read[1].end), (4, 6));
    }

    #[test]
    fn a_bom_and_a_partial_bom_are_skipped() {
        let (read, facts) = read_lines(b"\xEF\xBB\xBFUser-agent: *");
        assert_eq!(facts.bom_bytes, 3);
        assert_eq!(read[0].kind, LineKind::UserAgent);
        assert_eq!(read[0].start, 3);
        let (read, facts) = read_lines(b"\xEF\xBBUser-agent: *");
        assert_eq!(facts.bom_bytes, 2);
        assert_eq!(read[0].kind, LineKind::UserAgent);
    }

    #[test]
    fn comments_and_whitespace_are_removed() {
        let read = lines("  Disallow:  /a # private\n# only a comment\n \t ");
        assert_eq!(read[0].kind, LineKind::Disallow);
        assert_eq!(read[0].value.as_deref(), Some("/a"));
        assert!(read[0].has_comment);
        assert_eq!(read[1].kind, LineKind::Comment);
        assert_eq!(read[2].kind, LineKind::Blank);
    }

    #[test]
    fn non_breaking_space_is_not_whitespace() {
        let read = lines("Disallow: /a\u{a0}");
        assert_eq!(read[0].value.as_deref(), Some("/a\u{a0}"));
    }

    #[test]
    fn a_missing_colon_is_accepted_for_exactly_two_words() {
        let read = lines("Disallow /a\nuser agent FooBot\nDisallow");
        assert_eq!(read[0].kind, LineKind::Disallow);
        assert!(read[0].missing_colon);
        assert_eq!(read[1].kind, LineKind::Malformed);
        assert_eq!(read[2].malformed, Some(Malformed::NoSeparator));
    }

    #[test]
    fn an_empty_key_is_malformed() {
        assert_eq!(lines(": /a")[0].malformed, Some(Malformed::EmptyKey));
    }

    #[test]
    fn keys_are_recognised_by_prefix_and_typo() {
        let read = lines("Disallowed: /a\nDISALOW: /b\nuser agent: x\nSitemaps: s\nallowance: /c");
        assert_eq!(read[0].kind, LineKind::Disallow);
        assert_eq!(read[0].spelling, KeySpelling::Prefix);
        assert_eq!(read[1].kind, LineKind::Disallow);
        assert_eq!(read[1].spelling, KeySpelling::Typo);
        assert_eq!(read[2].kind, LineKind::UserAgent);
        assert_eq!(read[2].spelling, KeySpelling::Typo);
        assert_eq!(read[3].kind, LineKind::Sitemap);
        assert_eq!(read[4].kind, LineKind::Allow);
    }

    #[test]
    fn other_directives_are_named() {
        let read = lines("Crawl-delay: 5\ncrawl delay: 5\nHost: example.com\nFoo: bar");
        assert_eq!(read[0].directive, Some("crawl-delay"));
        assert_eq!(read[0].spelling, KeySpelling::Exact);
        assert_eq!(read[1].directive, Some("crawl-delay"));
        assert_eq!(read[1].spelling, KeySpelling::Typo);
        assert_eq!(read[2].kind, LineKind::Other);
        assert_eq!(read[3].kind, LineKind::Unknown);
    }

    #[test]
    fn a_colon_inside_the_value_is_kept() {
        let read = lines("Sitemap: https://example.com/s.xml");
        assert_eq!(read[0].value.as_deref(), Some("https://example.com/s.xml"));
    }

    #[test]
    fn a_nul_ends_what_google_reads() {
        let (read, _) = read_lines(b"Disallow: /a\0/b");
        assert!(read[0].has_nul);
        assert_eq!(read[0].value.as_deref(), Some("/a"));
    }

    #[test]
    fn long_lines_are_cut_where_google_cuts_them() {
        let long = format!("Disallow: /{}", "x".repeat(100_000));
        let read = lines(&long);
        assert!(read[0].too_long);
        assert_eq!(
            read[0].value_bytes.len(),
            MAX_LINE_BYTES - "Disallow: ".len()
        );
        assert_eq!(read[0].text.len(), long.len());
    }

    #[test]
    fn lines_past_the_size_limit_are_marked() {
        let mut input = String::new();
        while input.len() < SIZE_LIMIT + 100 {
            input.push_str("Disallow: /aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n");
        }
        let (read, facts) = read_lines(input.as_bytes());
        let first_beyond = facts.first_line_beyond_limit.unwrap();
        assert!(read[first_beyond - 1].beyond_size_limit);
        assert!(!read[first_beyond - 2].beyond_size_limit);
        assert_eq!(read.iter().filter(|l| l.cut_by_size_limit).count(), 1);
    }

    #[test]
    fn invalid_utf8_is_kept_as_bytes_and_shown_lossily() {
        let (read, facts) = read_lines(b"Disallow: /caf\xE9");
        assert!(!facts.valid_utf8);
        assert!(read[0].invalid_utf8);
        assert_eq!(read[0].value_bytes, b"/caf\xE9");
        assert!(read[0].text.ends_with('\u{FFFD}'));
    }
}
