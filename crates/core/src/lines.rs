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
/// the [`RobotsTxt`](crate::robots::RobotsTxt) it was read from ([`RobotsTxt::lines`](crate::robots::RobotsTxt::lines), [`RobotsTxt::line`](crate::robots::RobotsTxt::line)), whose text it
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
    key: Key<'r>,
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
    // Not inlined: the audit reads lines from a hundred places, and a copy of this in each
    // made its module 4 kB larger at opt-level 3.
    #[inline(never)]
    fn new(lines: Lines<'r>, index: usize) -> Line<'r> {
        let (record, source) = (&lines.records[index], lines.source);
        let start = record.start as usize;
        let end = line_end(source.bytes(), start, lines.next_start(index));
        let value_span = lines.value_span(index);
        let (kind, detail) = record.kind_and_detail();
        let lossy = record
            .has(Flags::LOSSY)
            .then(|| source.lossy(index))
            .flatten();
        let (text, key, value) = match lossy {
            Some(lossy) => (
                lossy.text.as_str(),
                Key::Known(lossy.key.as_deref()),
                lossy.value.as_deref(),
            ),
            None => {
                let text = source.text(start..end);
                let key = match &value_span {
                    Some(value) => Key::BeforeValue {
                        text: text.get(..value.start - start).unwrap_or_default(),
                        missing_colon: record.has(Flags::MISSING_COLON),
                    },
                    None => Key::Known(None),
                };
                (text, key, value_span.clone().map(|span| source.text(span)))
            }
        };
        Line {
            number: index + 1,
            start,
            end,
            text,
            kind,
            key,
            value,
            directive: record.directive(),
            spelling: record.spelling(),
            malformed: match (kind, detail) {
                (LineKind::Malformed, Some(0)) => Some(Malformed::NoSeparator),
                (LineKind::Malformed, Some(_)) => Some(Malformed::EmptyKey),
                _ => None,
            },
            has_comment: record.has(Flags::HAS_COMMENT),
            missing_colon: record.has(Flags::MISSING_COLON),
            too_long: too_long(start, end),
            has_nul: record.has(Flags::HAS_NUL),
            invalid_utf8: record.has(Flags::INVALID_UTF8),
            beyond_size_limit: record.beyond_size_limit(),
            cut_by_size_limit: cut_by_size_limit(start, end),
            value_bytes: value_span
                .and_then(|span| source.bytes().get(span))
                .unwrap_or_default(),
        }
    }

    /// The whole line as text, terminator excluded; invalid UTF-8 is shown as U+FFFD.
    pub fn text(&self) -> &'r str {
        self.text
    }

    /// The key as written (trimmed), for lines that have one.
    pub fn key(&self) -> Option<&'r str> {
        self.key.get()
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

/// A line's key ([`Line::key`]), found when it is asked for: most readers of a line never ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Key<'r> {
    /// Known already: none, or the key of a line decoded lossily.
    Known(Option<&'r str>),
    /// The line's text up to its value: the key once the separator (whitespace, and `:` unless
    /// the colon is missing) and the leading whitespace are trimmed, as [`classify`] found it.
    BeforeValue { text: &'r str, missing_colon: bool },
}

impl<'r> Key<'r> {
    // Not inlined: `Line::key` is asked in many places of the audit, and a copy of this in
    // each would grow its module.
    #[inline(never)]
    fn get(self) -> Option<&'r str> {
        match self {
            Key::Known(key) => key,
            Key::BeforeValue {
                text,
                missing_colon,
            } => text.get(key_bounds(text.as_bytes(), missing_colon)),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Key<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.get().serialize(serializer)
    }
}

/// The lines of a [`RobotsTxt`](crate::robots::RobotsTxt), in order: what [`RobotsTxt::lines`](crate::robots::RobotsTxt::lines) returns.
#[derive(Debug, Clone, Copy)]
pub struct Lines<'r> {
    records: &'r [Record],
    source: &'r Source,
}

impl<'r> Lines<'r> {
    pub(crate) fn new(records: &'r [Record], source: &'r Source) -> Lines<'r> {
        Lines { records, source }
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
        (index < self.records.len()).then(|| Line::new(*self, index))
    }

    /// The text of the line at `index` ([`Line::text`]), without the rest of the [`Line`]:
    /// for readers that read nothing else (Python's reads every line of each edited file the
    /// audit's evidence asks about, and building each line was most of that).
    pub(crate) fn text(&self, index: usize) -> Option<&'r str> {
        let record = self.records.get(index)?;
        let lossy = record.has(Flags::LOSSY).then(|| self.source.lossy(index));
        Some(match lossy.flatten() {
            Some(lossy) => lossy.text.as_str(),
            None => self.source.text(record.start()..self.end(index)),
        })
    }

    /// Whether line `index`'s text ([`Lines::text`]) is `text`: compared as bytes where the
    /// line was read without loss, so that its UTF-8 is not checked again (Python's reading of
    /// each edited file compares each of its lines with the original's).
    pub(crate) fn text_is(&self, index: usize, text: &str) -> bool {
        let Some(record) = self.records.get(index) else {
            return false;
        };
        if record.has(Flags::LOSSY) {
            return self.text(index) == Some(text);
        }
        let bytes = self.source.bytes().get(record.start()..self.end(index));
        bytes == Some(text.as_bytes())
    }

    /// Where line `index` ends in the input ([`Line::end`]), its terminator excluded.
    pub(crate) fn end(&self, index: usize) -> usize {
        let start = self.records[index].start();
        line_end(self.source.bytes(), start, self.next_start(index))
    }

    /// The lines in order.
    pub fn iter(&self) -> LineIter<'r> {
        LineIter {
            lines: *self,
            indices: 0..self.records.len(),
        }
    }

    /// The records of the lines, in order.
    pub(crate) fn records(&self) -> &'r [Record] {
        self.records
    }

    /// Where the line after line `index` starts (the input's length after the last line).
    fn next_start(&self, index: usize) -> usize {
        self.records
            .get(index + 1)
            .map_or(self.source.bytes().len(), |next| next.start as usize)
    }

    /// Where line `index`'s value lies in the input, when it has one.
    #[inline(never)]
    pub(crate) fn value_span(&self, index: usize) -> Option<std::ops::Range<usize>> {
        let record = &self.records[index];
        if !record.has(Flags::HAS_VALUE) {
            return None;
        }
        let (offset, len) = if record.value_start == Record::WIDE {
            self.source.wide_value(index)
        } else {
            (
                usize::from(record.value_start),
                usize::from(record.value_len),
            )
        };
        let start = record.start as usize + offset;
        Some(start..start + len)
    }

    /// The value of line `index` as text ([`Line::value`]), "" when it has none, without
    /// building the rest of the line: a rule's pattern is read this way wherever the audit
    /// and the checker read one, which building each line made 2 % slower.
    pub(crate) fn value_text(&self, index: usize) -> &'r str {
        let lossy = self.records[index].has(Flags::LOSSY);
        if let Some(lossy) = lossy.then(|| self.source.lossy(index)).flatten() {
            return lossy.value.as_deref().unwrap_or_default();
        }
        self.value_span(index)
            .map(|span| self.source.text(span))
            .unwrap_or_default()
    }

    /// The raw bytes of line `index`'s value, empty when there is none.
    pub(crate) fn value_bytes(&self, index: usize) -> &'r [u8] {
        self.value_span(index)
            .and_then(|span| self.source.bytes().get(span))
            .unwrap_or_default()
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
    lines: Lines<'r>,
    indices: std::ops::Range<usize>,
}

impl<'r> Iterator for LineIter<'r> {
    type Item = Line<'r>;

    fn next(&mut self) -> Option<Line<'r>> {
        let index = self.indices.next()?;
        Some(Line::new(self.lines, index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.indices.size_hint()
    }

    fn nth(&mut self, n: usize) -> Option<Line<'r>> {
        let index = self.indices.nth(n)?;
        Some(Line::new(self.lines, index))
    }
}

impl DoubleEndedIterator for LineIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let index = self.indices.next_back()?;
        Some(Line::new(self.lines, index))
    }
}

impl ExactSizeIterator for LineIter<'_> {}

/// The most bytes [`RobotsTxt::parse`](crate::robots::RobotsTxt::parse) reads: lines are kept as 32-bit offsets into the input,
/// so bytes past this are not read. No caller comes near it (the CLI reads at most 64 MiB, and a
/// wasm page holds less than 4 GiB in all).
pub const MAX_INPUT_BYTES: usize = u32::MAX as usize;

/// Whether an input of `len` bytes goes past [`MAX_INPUT_BYTES`]. Where `usize` has 32 bits (the
/// wasm targets) no length can, and clippy calls the comparison absurd; it is one on 64-bit hosts.
#[allow(clippy::absurd_extreme_comparisons)]
pub(crate) fn over_input_limit(len: usize) -> bool {
    len > MAX_INPUT_BYTES
}

// Keys and values lie within the first `MAX_LINE_BYTES` bytes of their line, so their offsets
// from the line's start fit in 16 bits.
const _: () = assert!(MAX_LINE_BYTES < u16::MAX as usize);

/// The input a parse keeps, which every [`Line`] points into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Source {
    input: Input,
    /// The decoded text of the lines whose text, key or value cannot be borrowed from the input
    /// (lines that are not valid UTF-8, values cut inside a character), by line index.
    lossy: Vec<LossyLine>,
    /// Where the values of the lines whose value starts or ends too far into the line for a
    /// [`Record`]'s bytes lie (a pattern of more than 254 bytes, say), by line index.
    wide: Vec<WideValue>,
}

/// A value's offset from its line's start and its length, for a line whose [`Record`] cannot
/// hold them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct WideValue {
    index: u32,
    start: u16,
    len: u16,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Input {
    /// Valid UTF-8 (checked once), so any span between character boundaries is text.
    Text(String),
    /// Anything else: each line's text is checked when it is read.
    Bytes(Vec<u8>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct LossyLine {
    index: u32,
    text: String,
    key: Option<String>,
    value: Option<String>,
}

impl Source {
    /// Keeps `input` (its first [`MAX_INPUT_BYTES`]) without copying it.
    pub(crate) fn from_bytes(mut input: Vec<u8>) -> Source {
        input.truncate(MAX_INPUT_BYTES);
        let input = match String::from_utf8(input) {
            Ok(text) => Input::Text(text),
            Err(error) => Input::Bytes(error.into_bytes()),
        };
        Source {
            input,
            lossy: Vec::new(),
            wide: Vec::new(),
        }
    }

    /// [`Source::from_bytes`] for text already known to be UTF-8, which is not checked again.
    pub(crate) fn from_text(input: String) -> Source {
        if over_input_limit(input.len()) {
            // The cut may fall inside a character.
            return Source::from_bytes(input.into_bytes());
        }
        Source {
            input: Input::Text(input),
            lossy: Vec::new(),
            wide: Vec::new(),
        }
    }

    fn is_text(&self) -> bool {
        matches!(self.input, Input::Text(_))
    }

    /// The input's bytes.
    pub(crate) fn bytes(&self) -> &[u8] {
        match &self.input {
            Input::Text(text) => text.as_bytes(),
            Input::Bytes(bytes) => bytes,
        }
    }

    /// The text of a span the parse found to be UTF-8 between character boundaries (a span that
    /// is not gives "", which the parse rules out by keeping such lines in `lossy`).
    fn text(&self, span: std::ops::Range<usize>) -> &str {
        match &self.input {
            Input::Text(text) => text.get(span).unwrap_or_default(),
            Input::Bytes(bytes) => bytes
                .get(span)
                .and_then(|bytes| std::str::from_utf8(bytes).ok())
                .unwrap_or_default(),
        }
    }

    fn lossy(&self, index: usize) -> Option<&LossyLine> {
        let index = u32::try_from(index).ok()?;
        let found = self.lossy.binary_search_by_key(&index, |line| line.index);
        found.ok().map(|at| &self.lossy[at])
    }

    /// The value's offset and length of line `index`, whose record says they are kept here.
    fn wide_value(&self, index: usize) -> (usize, usize) {
        let found = u32::try_from(index).ok().and_then(|index| {
            self.wide
                .binary_search_by_key(&index, |wide| wide.index)
                .ok()
        });
        found.map_or((0, 0), |at| {
            let wide = self.wide[at];
            (usize::from(wide.start), usize::from(wide.len))
        })
    }
}

/// Bits of [`Record::flags`]; the top two hold the key's [`KeySpelling`].
struct Flags;

impl Flags {
    const HAS_COMMENT: u8 = 1;
    const MISSING_COLON: u8 = 1 << 1;
    const HAS_NUL: u8 = 1 << 2;
    const INVALID_UTF8: u8 = 1 << 3;
    /// The line has a key and a value.
    const HAS_VALUE: u8 = 1 << 4;
    /// The line's text is in [`Source::lossy`].
    const LOSSY: u8 = 1 << 5;
    const SPELLING_SHIFT: u32 = 6;
}

/// The kind of line of each code in the low four bits of [`Record::kind`] (a kind's code is its
/// discriminant; codes past the last kind are never written).
const KIND_OF_CODE: [LineKind; 16] = [
    LineKind::UserAgent,
    LineKind::Allow,
    LineKind::Disallow,
    LineKind::Sitemap,
    LineKind::Other,
    LineKind::Unknown,
    LineKind::Comment,
    LineKind::Blank,
    LineKind::Malformed,
    LineKind::Malformed,
    LineKind::Malformed,
    LineKind::Malformed,
    LineKind::Malformed,
    LineKind::Malformed,
    LineKind::Malformed,
    LineKind::Malformed,
];

/// Every kind of line, in the order of their discriminants.
#[cfg(test)]
const KINDS: [LineKind; 9] = [
    LineKind::UserAgent,
    LineKind::Allow,
    LineKind::Disallow,
    LineKind::Sitemap,
    LineKind::Other,
    LineKind::Unknown,
    LineKind::Comment,
    LineKind::Blank,
    LineKind::Malformed,
];

/// What the parse keeps of one line (8 bytes: a file's lines cost about a third of its size);
/// [`Line`] is how it is read. Its number is its index plus one. What can be worked out again
/// cheaply is not kept: where the line ends follows from where the next one starts
/// ([`Lines::end`]), the size-limit and line-length facts from the span, and the key from the
/// value's start ([`key_bounds`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Record {
    start: u32,
    /// The value's offset from `start` and its length. Nearly every value fits in a byte each;
    /// a line whose value does not has [`Record::WIDE`] here and its value in [`Source::wide`].
    value_start: u8,
    value_len: u8,
    /// The line's [`LineKind`] (its discriminant) in the low four bits; above them, 1 +
    /// the index of an `Other` line's directive in [`OTHER_DIRECTIVES`], or 1 + a malformed
    /// line's [`Malformed`] reason.
    kind: u8,
    flags: u8,
}

const _: () = assert!(std::mem::size_of::<Record>() == 8 && OTHER_DIRECTIVES.len() < 16);

impl Record {
    /// [`Record::value_start`] of a line whose value is in [`Source::wide`].
    const WIDE: u8 = u8::MAX;

    fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }

    fn set(&mut self, flag: u8, on: bool) {
        if on {
            self.flags |= flag;
        } else {
            self.flags &= !flag;
        }
    }

    pub(crate) fn kind(&self) -> LineKind {
        self.kind_and_detail().0
    }

    /// The kind, and the detail [`Record::set_kind`] was given, less one (`None` for 0).
    fn kind_and_detail(&self) -> (LineKind, Option<usize>) {
        // One load: the masked code is always an index of the table.
        let kind = KIND_OF_CODE[usize::from(self.kind & 0xf)];
        (kind, usize::from(self.kind >> 4).checked_sub(1))
    }

    /// Sets the kind, and `detail`, the directive's or malformed reason's code (0 for none).
    fn set_kind(&mut self, kind: LineKind, detail: u8) {
        // Read back by `kind_and_detail`.
        self.kind = kind as u8 | detail << 4;
    }

    fn spelling(&self) -> KeySpelling {
        match self.flags >> Flags::SPELLING_SHIFT {
            1 => KeySpelling::Typo,
            2 => KeySpelling::Prefix,
            _ => KeySpelling::Exact,
        }
    }

    fn set_spelling(&mut self, spelling: KeySpelling) {
        let bits = match spelling {
            KeySpelling::Exact => 0,
            KeySpelling::Typo => 1,
            KeySpelling::Prefix => 2,
        };
        self.flags = self.flags & !(3 << Flags::SPELLING_SHIFT) | bits << Flags::SPELLING_SHIFT;
    }

    /// Where the line starts in the input.
    pub(crate) fn start(&self) -> usize {
        self.start as usize
    }

    pub(crate) fn beyond_size_limit(&self) -> bool {
        self.start as usize >= SIZE_LIMIT
    }

    pub(crate) fn directive(&self) -> Option<&'static str> {
        match self.kind_and_detail() {
            (LineKind::Other, Some(index)) => OTHER_DIRECTIVES.get(index).copied(),
            _ => None,
        }
    }
}

/// Where the key lies in `before_value`, a line's text up to its value. It is not kept but found
/// again: it starts after the line's leading whitespace and ends at the last non-whitespace octet
/// before the separator, which is the whitespace (and `:`, unless the colon is missing) just
/// before the value.
fn key_bounds(before_value: &[u8], missing_colon: bool) -> std::ops::Range<usize> {
    let start = leading_space(before_value);
    let mut end = before_value.len() - trailing_space(&before_value[start..]);
    if !missing_colon && end > start {
        end -= 1;
        end -= trailing_space(&before_value[start..end]);
    }
    start..end
}

/// Where the line that starts at `start` in `input` ends, terminator excluded, when the next
/// line starts at `next` (or `next` is the input's end). It is not kept but found again: a line
/// holds no CR or LF, so what stands between its text and `next` is its terminator, if any.
fn line_end(input: &[u8], start: usize, next: usize) -> usize {
    match input.get(start..next) {
        Some([.., b'\r', b'\n']) => next - 2,
        Some([.., b'\n' | b'\r']) => next - 1,
        _ => next,
    }
}

/// Whether a line from `start` to `end` starts before [`SIZE_LIMIT`] and ends after it.
fn cut_by_size_limit(start: usize, end: usize) -> bool {
    start < SIZE_LIMIT && end > SIZE_LIMIT
}

/// Whether what a crawler reads of the line from `start` to `end` (up to the size limit) is
/// longer than [`MAX_LINE_BYTES`].
fn too_long(start: usize, end: usize) -> bool {
    let read_to = if cut_by_size_limit(start, end) {
        SIZE_LIMIT
    } else {
        end
    };
    read_to - start > MAX_LINE_BYTES
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

/// Splits the input `source` keeps into lines and reads each one, telling `each` the kind of
/// every line in order.
pub(crate) fn read_lines(
    mut source: Source,
    mut each: impl FnMut(LineKind),
) -> (Vec<Record>, Source, InputFacts) {
    let input = source.bytes();
    let bom_bytes = bom_prefix_len(input);
    let mut facts = InputFacts {
        size: input.len(),
        bom_bytes,
        valid_utf8: source.is_text(),
        binary: binary_format(input),
        ..InputFacts::default()
    };
    // One slot per LF is exact for most files and saves the vector's doublings (a CR-only file
    // grows it as it goes).
    let mut lines = Vec::with_capacity(count_octet(b'\n', input) + 1);
    let mut reader = LineReader {
        input,
        valid_utf8: facts.valid_utf8,
        lossy: Vec::new(),
        wide: Vec::new(),
        next_hash: NextOctet::new(b'#', input),
        next_nul: NextOctet::new(0, input),
    };
    let mut marks = LineMarks::new(input);
    let mut start = bom_bytes;
    while start < input.len() {
        // A line's first `:` is found on the way to its end, in one pass over the marks of the
        // input. A colon after a `#`, a NUL or a cut is not the key's; `read` rules those out.
        let (colon, end) = match marks.at_or_after(start) {
            Some(at) if input[at] == b':' => {
                let mut last = at;
                let end = loop {
                    match marks.at_or_after(last + 1) {
                        Some(next) if input[next] == b':' => last = next,
                        Some(next) => break next,
                        None => break input.len(),
                    }
                };
                (Some(at - start), end)
            }
            Some(at) => (None, at),
            None => (None, input.len()),
        };
        each(reader.read(&mut lines, start, end, colon));
        start = match input.get(end) {
            Some(b'\n') => {
                facts.line_endings.lf += 1;
                end + 1
            }
            Some(_) if input.get(end + 1) == Some(&b'\n') => {
                facts.line_endings.crlf += 1;
                end + 2
            }
            Some(_) => {
                facts.line_endings.cr += 1;
                end + 1
            }
            None => end,
        };
    }
    // Google emits a last line even when it is empty; an empty line after the final terminator
    // changes nothing, so it is only kept when it is the whole file.
    if lines.is_empty() {
        each(reader.read(&mut lines, start, input.len(), None));
    }
    // Lines are in the order of their starts.
    let first_beyond = lines.partition_point(|line| !line.beyond_size_limit());
    facts.first_line_beyond_limit = (first_beyond < lines.len()).then_some(first_beyond + 1);
    let (lossy, wide) = (reader.lossy, reader.wide);
    source.lossy = lossy;
    source.wide = wide;
    (lines, source, facts)
}

/// The octets a line is split at (`:`, LF and CR), found in order. Natively they are found 64
/// octets at a time, as a bit mask built with vector compares: a line is
/// about 30 octets, too short for a memchr call per line to pay for itself (its dispatch and
/// set-up were a fifth of a parse). The wasm build, which has no vector instructions, scans.
struct LineMarks<'i> {
    input: &'i [u8],
    /// The start of the 64 octets `mask` covers (a multiple of 64).
    #[cfg(not(target_arch = "wasm32"))]
    chunk_start: usize,
    /// Bit `i`: octet `chunk_start + i` is a mark.
    #[cfg(not(target_arch = "wasm32"))]
    mask: u64,
}

fn is_line_mark(octet: u8) -> bool {
    matches!(octet, b':' | b'\n' | b'\r')
}

#[cfg(not(target_arch = "wasm32"))]
impl<'i> LineMarks<'i> {
    const CHUNK: usize = 64;

    fn new(input: &'i [u8]) -> LineMarks<'i> {
        LineMarks {
            input,
            chunk_start: 0,
            mask: LineMarks::mask_of(input),
        }
    }

    /// The marks among the first 64 octets of `bytes`.
    fn mask_of(bytes: &[u8]) -> u64 {
        let Some(chunk) = bytes.first_chunk::<64>() else {
            // The input's last, partial chunk.
            let marks = bytes
                .iter()
                .enumerate()
                .filter(|(_, &octet)| is_line_mark(octet));
            return marks.fold(0, |mask, (i, _)| mask | 1 << i);
        };
        // One octet 0 or 1 per input octet (the compiler compares 16 at a time), then each eight
        // gathered into a byte of the mask: the multiplication moves octet `k`'s bit to bit
        // 56 + k, and no two of the sums it adds share a bit.
        let mut flags = [0u8; 64];
        for (flag, &octet) in flags.iter_mut().zip(chunk) {
            *flag = u8::from(is_line_mark(octet));
        }
        let mut mask = 0;
        for (index, eight) in flags.chunks_exact(8).enumerate() {
            let eight = u64::from_le_bytes(eight.try_into().unwrap_or_default());
            mask |= (eight.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * index);
        }
        mask
    }

    /// The first mark at or after `from`; `from` never decreases from one call to the next, so
    /// all calls together read the input once.
    fn at_or_after(&mut self, from: usize) -> Option<usize> {
        // The chunks before `chunk_start` were searched from an earlier, smaller `from` and hold
        // no mark at or after it.
        let from = from.max(self.chunk_start);
        if from >= self.chunk_start + LineMarks::CHUNK {
            self.chunk_start = from - from % LineMarks::CHUNK;
            let rest = self.input.get(self.chunk_start..).unwrap_or_default();
            self.mask = LineMarks::mask_of(rest);
        }
        let mut mask = self.mask & (u64::MAX << (from - self.chunk_start));
        while mask == 0 {
            if self.chunk_start + LineMarks::CHUNK >= self.input.len() {
                return None;
            }
            self.chunk_start += LineMarks::CHUNK;
            self.mask = LineMarks::mask_of(&self.input[self.chunk_start..]);
            mask = self.mask;
        }
        Some(self.chunk_start + mask.trailing_zeros() as usize)
    }
}

#[cfg(target_arch = "wasm32")]
impl<'i> LineMarks<'i> {
    fn new(input: &'i [u8]) -> LineMarks<'i> {
        LineMarks { input }
    }

    fn at_or_after(&mut self, from: usize) -> Option<usize> {
        let rest = self.input.get(from..)?;
        rest.iter()
            .position(|&b| is_line_mark(b))
            .map(|at| from + at)
    }
}

/// Where `octet` first occurs in `bytes`: memchr natively, a plain scan in the wasm build (which
/// leaves the memchr crate out for size).
#[cfg(not(target_arch = "wasm32"))]
fn find_octet(octet: u8, bytes: &[u8]) -> Option<usize> {
    memchr::memchr(octet, bytes)
}

#[cfg(target_arch = "wasm32")]
fn find_octet(octet: u8, bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == octet)
}

/// How often `octet` occurs in `bytes`; see [`find_octet`] for the two builds.
#[cfg(not(target_arch = "wasm32"))]
fn count_octet(octet: u8, bytes: &[u8]) -> usize {
    memchr::memchr_iter(octet, bytes).count()
}

#[cfg(target_arch = "wasm32")]
fn count_octet(octet: u8, bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == octet).count()
}

/// Google skips the BOM byte by byte, so a truncated BOM is skipped too.
fn bom_prefix_len(input: &[u8]) -> usize {
    input
        .iter()
        .zip(UTF8_BOM.iter())
        .take_while(|(a, b)| a == b)
        .count()
}

/// The next occurrence of one octet in the input at or after a position, searched only when the
/// last one found lies behind it. Comments and NULs are rare, so most lines cost a comparison
/// instead of a search; each search starts past the previous answer, so all of them together
/// read the input at most once.
struct NextOctet {
    octet: u8,
    /// The first occurrence at or after the last position asked for (the input's length when
    /// there is none).
    found: usize,
}

impl NextOctet {
    fn new(octet: u8, input: &[u8]) -> NextOctet {
        let found = find_octet(octet, input).unwrap_or(input.len());
        NextOctet { octet, found }
    }

    /// The first position at or after `at` that holds the octet, or the input's length; `at`
    /// never decreases from one call to the next.
    fn at_or_after(&mut self, input: &[u8], at: usize) -> usize {
        if self.found < at {
            self.found = find_octet(self.octet, &input[at..]).map_or(input.len(), |to| at + to);
        }
        self.found
    }
}

/// Reads lines, keeping the decoded text of those that cannot be borrowed from the input.
struct LineReader<'i> {
    input: &'i [u8],
    /// The whole input is, so no line needs checking again.
    valid_utf8: bool,
    lossy: Vec<LossyLine>,
    wide: Vec<WideValue>,
    next_hash: NextOctet,
    next_nul: NextOctet,
}

impl LineReader<'_> {
    /// Reads the next line, bytes `start..end` of the input, whose first `:` (if any lies before
    /// its end) is `colon` bytes after its start, into `lines`, and says what kind it is. The
    /// record is stored here rather than returned: returned, it was read back whole right after
    /// being written a field at a time, a stalled load on every line.
    fn read(
        &mut self,
        lines: &mut Vec<Record>,
        start: usize,
        end: usize,
        colon: Option<usize>,
    ) -> LineKind {
        let index = lines.len();
        let raw = &self.input[start..end];
        let beyond_size_limit = start >= SIZE_LIMIT;
        let cut_by_size_limit = !beyond_size_limit && end > SIZE_LIMIT;
        // What a crawler sees: the line up to the size limit (unless the whole line lies beyond
        // it, in which case it is read in full for display and audit), then up to the
        // line-length limit, then up to the first NUL.
        let mut seen = raw.len();
        if cut_by_size_limit {
            seen = SIZE_LIMIT - start;
        }
        let too_long = seen > MAX_LINE_BYTES;
        seen = seen.min(MAX_LINE_BYTES);
        // What a crawler reads ends at a NUL, a comment starts at `#`, and the key ends at the
        // first `:` before either.
        let hash = self.next_hash.at_or_after(self.input, start) - start;
        let nul = self.next_nul.at_or_after(self.input, start) - start;
        let content_end = hash.min(nul).min(seen);
        let has_comment = hash < nul && hash < seen;
        let has_nul = nul < raw.len();
        let colon = colon.filter(|&at| at < content_end);
        let invalid_utf8 = !self.valid_utf8 && std::str::from_utf8(raw).is_err();
        let flag = |on: bool, flag: u8| if on { flag } else { 0 };
        // `MAX_INPUT_BYTES` keeps every offset within 32 bits.
        let mut line = Record {
            start: start as u32,
            value_start: 0,
            value_len: 0,
            kind: 0,
            flags: flag(has_nul, Flags::HAS_NUL)
                | flag(has_comment, Flags::HAS_COMMENT)
                | flag(invalid_utf8, Flags::INVALID_UTF8),
        };
        // Offsets from the line's start, within what a crawler reads (at most `MAX_LINE_BYTES`).
        let (kind, value_start, value_end) = classify(&mut line, &raw[..content_end], colon);
        let has_value = line.has(Flags::HAS_VALUE);
        if has_value {
            // Both the offset and the length are at most the value's end.
            if value_end < usize::from(Record::WIDE) {
                line.value_start = value_start as u8;
                line.value_len = (value_end - value_start) as u8;
            } else {
                line.value_start = Record::WIDE;
                self.wide.push(WideValue {
                    index: index as u32,
                    start: value_start as u16,
                    len: (value_end - value_start) as u16,
                });
            }
        }
        // A value cut by a limit may end inside a character; it is then shown decoded, as a line
        // that is not UTF-8 is.
        let cut_inside_a_character = (too_long || cut_by_size_limit)
            && has_value
            && std::str::from_utf8(&raw[value_start..value_end]).is_err();
        if invalid_utf8 || cut_inside_a_character {
            line.set(Flags::LOSSY, true);
            let decoded = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
            let value = has_value.then_some(start + value_start..start + value_end);
            self.lossy.push(LossyLine {
                index: index as u32,
                text: decoded(raw),
                key: value.as_ref().map(|value| {
                    let before_value = &self.input[start..value.start];
                    let key = key_bounds(before_value, line.has(Flags::MISSING_COLON));
                    decoded(&before_value[key])
                }),
                value: value.map(|value| decoded(&self.input[value])),
            });
        }
        lines.push(line);
        kind
    }
}

/// Google's `GetKeyAndValueFrom` and `ParsedRobotsKey::Parse`: `content` is the start of the
/// line up to its comment, NUL or cut, and `colon` where its first `:` is, if within `content`.
/// Says what kind the line is and, for a line that has a value ([`Flags::HAS_VALUE`]), where
/// the value starts and ends in the line (0 and 0 otherwise).
fn classify(line: &mut Record, content: &[u8], colon: Option<usize>) -> (LineKind, usize, usize) {
    let start = leading_space(content);
    let end = content.len() - trailing_space(&content[start..]);
    if start == end {
        let kind = if line.has(Flags::HAS_COMMENT) {
            LineKind::Comment
        } else {
            LineKind::Blank
        };
        line.set_kind(kind, 0);
        return (kind, 0, 0);
    }
    // Only whitespace is trimmed, so a colon lies within `start..end`. The key starts and the
    // value ends where the content does, so each is trimmed at its other end only.
    let (key_end, value_start) = match colon {
        Some(colon) => (colon, colon + 1),
        None => {
            let is_blank = |b: &u8| matches!(b, b' ' | b'\t');
            let Some(space) = content[start..end].iter().position(is_blank) else {
                line.set_kind(LineKind::Malformed, MALFORMED_NO_SEPARATOR);
                return (LineKind::Malformed, 0, 0);
            };
            let space = start + space;
            let value = space + leading_space(&content[space..end]);
            if content[value..end].iter().any(is_blank) {
                line.set_kind(LineKind::Malformed, MALFORMED_NO_SEPARATOR);
                return (LineKind::Malformed, 0, 0);
            }
            line.set(Flags::MISSING_COLON, true);
            (space, value)
        }
    };
    let key_end = key_end - trailing_space(&content[start..key_end]);
    if key_end == start {
        line.set_kind(LineKind::Malformed, MALFORMED_EMPTY_KEY);
        line.set(Flags::MISSING_COLON, false);
        return (LineKind::Malformed, 0, 0);
    }
    let value_start = value_start + leading_space(&content[value_start..end]);
    line.set(Flags::HAS_VALUE, true);
    let (kind, spelling, directive) = recognise_key(&content[start..key_end]);
    line.set_kind(kind, directive.map_or(0, |index| index as u8 + 1));
    line.set_spelling(spelling);
    (kind, value_start, end)
}

/// The codes of [`Malformed`]'s reasons in [`Record::kind`].
const MALFORMED_NO_SEPARATOR: u8 = 1;
const MALFORMED_EMPTY_KEY: u8 = 2;

/// How many octets of ASCII whitespace ([`is_ascii_space`]) `bytes` starts with.
fn leading_space(bytes: &[u8]) -> usize {
    let mut rest = bytes;
    while let [first, tail @ ..] = rest {
        if !is_ascii_space(*first) {
            break;
        }
        rest = tail;
    }
    bytes.len() - rest.len()
}

/// How many octets of ASCII whitespace `bytes` ends with.
fn trailing_space(bytes: &[u8]) -> usize {
    let mut rest = bytes;
    while let [head @ .., last] = rest {
        if !is_ascii_space(*last) {
            break;
        }
        rest = head;
    }
    bytes.len() - rest.len()
}

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

/// What a key is, how it was spelled, and the index in [`OTHER_DIRECTIVES`] of a non-standard
/// directive's name.
///
/// The standard keys are Google's, with its accepted typos (robots.cc, `kAllowFrequentTypos`):
/// `user-agent` (`useragent`, `user agent`), `allow`, `disallow` (`dissallow`, `dissalow`,
/// `disalow`, `diasllow`, `disallaw`) and `sitemap` (`site-map`). A key is one of them when it
/// *starts with* a spelling.
fn recognise_key(key: &[u8]) -> (LineKind, KeySpelling, Option<usize>) {
    let standard = |kind, name_len| {
        let spelling = if key.len() > name_len {
            KeySpelling::Prefix
        } else {
            KeySpelling::Exact
        };
        Some((kind, spelling, None))
    };
    let typo = |kind| Some((kind, KeySpelling::Typo, None));
    // The four keys start with four different letters, so the first one picks the candidates.
    let standard_key = match key.first().map(|b| b | 0x20) {
        Some(b'u') if starts_with_name(key, b"user-agent") => standard(LineKind::UserAgent, 10),
        Some(b'u')
            if starts_with_name(key, b"useragent") || starts_with_name(key, b"user agent") =>
        {
            typo(LineKind::UserAgent)
        }
        Some(b'a') if starts_with_name(key, b"allow") => standard(LineKind::Allow, 5),
        Some(b'd') if starts_with_name(key, b"disallow") => standard(LineKind::Disallow, 8),
        Some(b'd')
            if starts_with_name(key, b"dissallow")
                || starts_with_name(key, b"dissalow")
                || starts_with_name(key, b"disalow")
                || starts_with_name(key, b"diasllow")
                || starts_with_name(key, b"disallaw") =>
        {
            typo(LineKind::Disallow)
        }
        Some(b's') if starts_with_name(key, b"sitemap") => standard(LineKind::Sitemap, 7),
        Some(b's') if starts_with_name(key, b"site-map") => typo(LineKind::Sitemap),
        _ => None,
    };
    if let Some(recognised) = standard_key {
        return recognised;
    }
    let unhyphenated = !key.iter().any(|&b| matches!(b, b'-' | b' ' | b'_'));
    for (index, name) in OTHER_DIRECTIVES.iter().enumerate() {
        if reads_as(key, name.as_bytes()) {
            let spelled = if key.eq_ignore_ascii_case(name.as_bytes()) {
                KeySpelling::Exact
            } else {
                KeySpelling::Typo
            };
            return (LineKind::Other, spelled, Some(index));
        }
        // `crawldelay` for `crawl-delay`.
        if unhyphenated && name.contains('-') && reads_as_unhyphenated(key, name.as_bytes()) {
            return (LineKind::Other, KeySpelling::Typo, Some(index));
        }
    }
    (LineKind::Unknown, KeySpelling::Exact, None)
}

/// Whether `key` starts with `name`, which is in lower case, in any ASCII letter case: the
/// length is known when compiled, so this is a few word-sized operations rather than a loop.
#[inline(always)]
fn starts_with_name<const N: usize>(key: &[u8], name: &[u8; N]) -> bool {
    let Some(head) = key.first_chunk::<N>() else {
        return false;
    };
    // A letter differs from its other case only in bit 0x20; any other octet must be equal.
    let (mut written, mut wanted, mut fold) = ([0; 16], [0; 16], [0; 16]);
    written[..N].copy_from_slice(head);
    wanted[..N].copy_from_slice(name);
    for (fold, n) in fold.iter_mut().zip(name) {
        *fold = if n.is_ascii_lowercase() { 0x20 } else { 0 };
    }
    u128::from_le_bytes(written) | u128::from_le_bytes(fold) == u128::from_le_bytes(wanted)
}

/// Whether `key`, in lower case with `_` and space read as `-`, is `name`.
fn reads_as(key: &[u8], name: &[u8]) -> bool {
    key.len() == name.len()
        && key.iter().zip(name).all(|(&k, &n)| {
            let k = match k.to_ascii_lowercase() {
                b' ' | b'_' => b'-',
                other => other,
            };
            k == n
        })
}

/// Whether `key`, in lower case, is `name` without its hyphens (`crawldelay`).
fn reads_as_unhyphenated(key: &[u8], name: &[u8]) -> bool {
    let mut key = key.iter();
    for &n in name.iter().filter(|&&b| b != b'-') {
        if key.next().map(u8::to_ascii_lowercase) != Some(n) {
            return false;
        }
    }
    key.next().is_none()
}

/// absl's `ascii_isspace`: space, `\t`, `\n`, `\v`, `\f`, `\r`. Not U+00A0.
pub(crate) fn is_ascii_space(b: u8) -> bool {
    // The space and `\t`, `\n`, `\v`, `\f`, `\r` (0x09 to 0x0D), as bits of one word.
    const SPACES: u64 = 1 << b' ' | 0b1_1111 << b'\t';
    b <= b' ' && SPACES >> b & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robots::RobotsTxt;

    fn parse(input: impl AsRef<[u8]>) -> RobotsTxt {
        RobotsTxt::parse(input.as_ref())
    }

    fn all(robots: &RobotsTxt) -> Vec<Line<'_>> {
        robots.lines().iter().collect()
    }

    /// Every mark in `input` found through [`LineMarks`], asked from each position in `froms`
    /// (in order), against a plain scan.
    fn marks_agree(input: &[u8], froms: &[usize]) {
        let mut marks = LineMarks::new(input);
        for &from in froms {
            let scanned = (from.min(input.len())..input.len()).find(|&at| is_line_mark(input[at]));
            assert_eq!(marks.at_or_after(from), scanned, "from {from} in {input:?}");
        }
    }

    #[test]
    fn line_marks_are_found_across_chunks_and_after_jumps() {
        let mut input = vec![b'a'; 300];
        for at in [0, 7, 8, 63, 64, 65, 127, 128, 200, 255, 256, 299] {
            input[at] = [b':', b'\n', b'\r'][at % 3];
        }
        let every: Vec<usize> = (0..=301).collect();
        marks_agree(&input, &every);
        // Jumps past whole chunks, as after a long line.
        marks_agree(&input, &[0, 1, 66, 130, 250, 299, 300, 400]);
        for len in [0, 1, 63, 64, 65, 128, 129] {
            marks_agree(&vec![b'x'; len], &[0, len / 2, len]);
            marks_agree(&vec![b':'; len], &every[..len + 1]);
        }
        // Octets near the marks' values are not marks.
        let near: Vec<u8> = (0..=255).collect();
        marks_agree(&near, &every[..257]);
    }

    proptest::proptest! {
        #[test]
        fn line_marks_match_a_scan(
            input in proptest::collection::vec(
                proptest::sample::select(vec![b'a', b':', b'\n', b'\r', b' ', b'#', 0, 0xff]),
                0..400,
            ),
            steps in proptest::collection::vec(0usize..90, 0..40),
        ) {
            let froms: Vec<usize> = steps
                .iter()
                .scan(0, |at, step| {
                    *at += step;
                    Some(*at)
                })
                .collect();
            marks_agree(&input, &froms);
        }

        /// A line's text and end read alone are those of the line built whole, on any bytes
        /// (invalid UTF-8, NULs, a byte order mark, every line ending).
        #[test]
        fn a_lines_text_read_alone_is_the_whole_lines(
            input in proptest::collection::vec(
                proptest::sample::select(vec![b'a', b':', b'\n', b'\r', b' ', b'#', 0, 0xff, 0xc3, 0xa9, 0xef, 0xbb, 0xbf]),
                0..400,
            ),
        ) {
            let robots = RobotsTxt::parse(&input);
            let lines = robots.lines();
            let ends: Vec<usize> = robots.line_ends().collect();
            proptest::prop_assert_eq!(ends.len(), lines.len());
            for (index, line) in lines.iter().enumerate() {
                proptest::prop_assert_eq!(lines.text(index), Some(line.text()));
                proptest::prop_assert_eq!(ends[index], line.end);
            }
            proptest::prop_assert_eq!(lines.text(lines.len()), None);
        }

        /// Whether a line's text is some text, compared as bytes, is whether its text read
        /// alone is that text, on any bytes and against the text of any line of another file.
        #[test]
        fn a_lines_text_compared_as_bytes_is_its_text(
            input in proptest::collection::vec(
                proptest::sample::select(vec![b'a', b':', b'\n', b'\r', b' ', 0, 0xff, 0xc3, 0xa9, 0xef, 0xbb, 0xbf]),
                0..120,
            ),
            other in proptest::collection::vec(
                proptest::sample::select(vec![b'a', b':', b'\n', b' ', 0, 0xff, 0xc3, 0xa9, 0xef, 0xbf]),
                0..120,
            ),
        ) {
            let (robots, other) = (RobotsTxt::parse(&input), RobotsTxt::parse(&other));
            let (lines, others) = (robots.lines(), other.lines());
            let texts = (0..others.len()).filter_map(|index| others.text(index));
            let texts: Vec<&str> = texts.chain((0..lines.len()).filter_map(|index| lines.text(index))).collect();
            for index in 0..=lines.len() {
                for &text in &texts {
                    proptest::prop_assert_eq!(lines.text_is(index, text), lines.text(index) == Some(text));
                }
            }
        }
    }

    #[test]
    fn every_line_ending_ends_a_line() {
        let robots = parse("a: 1\nb: 2\r\nc: 3\rd: 4");
        let read = all(&robots);
        let keys: Vec<_> = read.iter().map(|l| l.key().unwrap()).collect();
        assert_eq!(keys, ["a", "b", "c", "d"]);
        assert_eq!(read[3].number, 4);
        let facts = parse(b"a\nb\r\nc\rd").facts().clone();
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
        let robots = parse("a: 1\r\n\r\nb: 2\r\n");
        let read = all(&robots);
        assert_eq!(read.len(), 3);
        assert_eq!(read[1].kind, LineKind::Blank);
        assert_eq!(read[2].number, 3);
    }

    #[test]
    fn spans_cover_the_line_without_its_terminator() {
        let robots = parse("ab\r\ncd");
        let read = all(&robots);
        assert_eq!((read[0].start, read[0].end), (0, 2));
        assert_eq!((read[1].start, read[1].end), (4, 6));
    }

    #[test]
    fn a_bom_and_a_partial_bom_are_skipped() {
        let robots = parse(b"\xEF\xBB\xBFUser-agent: *");
        let (read, facts) = (all(&robots), robots.facts());
        assert_eq!(facts.bom_bytes, 3);
        assert_eq!(read[0].kind, LineKind::UserAgent);
        assert_eq!(read[0].start, 3);
        let robots = parse(b"\xEF\xBBUser-agent: *");
        let (read, facts) = (all(&robots), robots.facts());
        assert_eq!(facts.bom_bytes, 2);
        assert_eq!(read[0].kind, LineKind::UserAgent);
    }

    #[test]
    fn comments_and_whitespace_are_removed() {
        let robots = parse("  Disallow:  /a # private\n# only a comment\n \t ");
        let read = all(&robots);
        assert_eq!(read[0].kind, LineKind::Disallow);
        assert_eq!(read[0].value(), Some("/a"));
        assert!(read[0].has_comment);
        assert_eq!(read[1].kind, LineKind::Comment);
        assert_eq!(read[2].kind, LineKind::Blank);
    }

    #[test]
    fn non_breaking_space_is_not_whitespace() {
        let robots = parse("Disallow: /a\u{a0}");
        let read = all(&robots);
        assert_eq!(read[0].value(), Some("/a\u{a0}"));
    }

    #[test]
    fn a_missing_colon_is_accepted_for_exactly_two_words() {
        let robots = parse("Disallow /a\nuser agent FooBot\nDisallow");
        let read = all(&robots);
        assert_eq!(read[0].kind, LineKind::Disallow);
        assert!(read[0].missing_colon);
        assert_eq!(read[1].kind, LineKind::Malformed);
        assert_eq!(read[2].malformed, Some(Malformed::NoSeparator));
    }

    #[test]
    fn an_empty_key_is_malformed() {
        assert_eq!(
            parse(": /a").line(1).unwrap().malformed,
            Some(Malformed::EmptyKey)
        );
    }

    #[test]
    fn keys_are_recognised_by_prefix_and_typo() {
        let robots =
            parse("Disallowed: /a\nDISALOW: /b\nuser agent: x\nSitemaps: s\nallowance: /c");
        let read = all(&robots);
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
        let robots = parse("Crawl-delay: 5\ncrawl delay: 5\nHost: example.com\nFoo: bar");
        let read = all(&robots);
        assert_eq!(read[0].directive, Some("crawl-delay"));
        assert_eq!(read[0].spelling, KeySpelling::Exact);
        assert_eq!(read[1].directive, Some("crawl-delay"));
        assert_eq!(read[1].spelling, KeySpelling::Typo);
        assert_eq!(read[2].kind, LineKind::Other);
        assert_eq!(read[3].kind, LineKind::Unknown);
    }

    #[test]
    fn a_colon_inside_the_value_is_kept() {
        let robots = parse("Sitemap: https://example.com/s.xml");
        let read = all(&robots);
        assert_eq!(read[0].value(), Some("https://example.com/s.xml"));
    }

    #[test]
    fn a_nul_ends_what_google_reads() {
        let robots = parse(b"Disallow: /a\0/b");
        let read = all(&robots);
        assert!(read[0].has_nul);
        assert_eq!(read[0].value(), Some("/a"));
    }

    #[test]
    fn long_lines_are_cut_where_google_cuts_them() {
        let long = format!("Disallow: /{}", "x".repeat(100_000));
        let robots = parse(&long);
        let read = all(&robots);
        assert!(read[0].too_long);
        assert_eq!(
            read[0].value_bytes().len(),
            MAX_LINE_BYTES - "Disallow: ".len()
        );
        assert_eq!(read[0].text().len(), long.len());
    }

    #[test]
    fn lines_past_the_size_limit_are_marked() {
        let mut input = String::new();
        while input.len() < SIZE_LIMIT + 100 {
            input.push_str("Disallow: /aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n");
        }
        let robots = parse(&input);
        let (read, facts) = (all(&robots), robots.facts());
        let first_beyond = facts.first_line_beyond_limit.unwrap();
        assert!(read[first_beyond - 1].beyond_size_limit);
        assert!(!read[first_beyond - 2].beyond_size_limit);
        assert_eq!(read.iter().filter(|l| l.cut_by_size_limit).count(), 1);
    }

    #[test]
    fn invalid_utf8_is_kept_as_bytes_and_shown_lossily() {
        let robots = parse(b"Disallow: /caf\xE9");
        let (read, facts) = (all(&robots), robots.facts());
        assert!(!facts.valid_utf8);
        assert!(read[0].invalid_utf8);
        assert_eq!(read[0].value_bytes(), b"/caf\xE9");
        assert!(read[0].text().ends_with('\u{FFFD}'));
    }

    #[test]
    fn a_value_cut_inside_a_character_is_shown_lossily() {
        // `é` is two bytes; the line-length limit falls between them.
        let pad = MAX_LINE_BYTES - "Disallow: /".len() - 1;
        let long = format!("Disallow: /{}é and more", "x".repeat(pad));
        let robots = parse(&long);
        let line = robots.line(1).unwrap();
        assert!(line.too_long && !line.invalid_utf8);
        assert_eq!(line.text(), long);
        assert_eq!(
            line.value_bytes().len(),
            MAX_LINE_BYTES - "Disallow: ".len()
        );
        assert!(line.value().unwrap().ends_with("x\u{FFFD}"));
    }

    #[test]
    fn valid_lines_of_an_invalid_input_are_read_as_text() {
        let robots = parse(b"User-agent: *\nDisallow: /caf\xE9 # old\nAllow: /caf\xC3\xA9\n");
        let read = all(&robots);
        assert_eq!(read[0].value(), Some("*"));
        assert_eq!(read[1].text(), "Disallow: /caf\u{FFFD} # old");
        assert_eq!(read[1].key(), Some("Disallow"));
        assert_eq!(read[1].value(), Some("/caf\u{FFFD}"));
        assert_eq!(read[2].value(), Some("/café"));
        assert!(!read[2].invalid_utf8);
        assert_eq!(
            robots.groups()[0].rules[0].pattern_bytes(&robots),
            b"/caf\xE9"
        );
    }

    #[test]
    fn ends_and_wide_values_are_found_again() {
        let long = "x".repeat(300);
        let pad = " ".repeat(300);
        let input = format!(
            "Disallow: /{long}\r\n{pad}Allow: /a\r\r{pad}User-agent:{pad}{long} # c\n\n\r\nA: b\r"
        );
        let robots = parse(&input);
        let read = all(&robots);
        // A naive split at every terminator.
        let mut starts = vec![0];
        let mut ends = vec![];
        let bytes = input.as_bytes();
        let mut at = 0;
        while at < bytes.len() {
            match bytes[at] {
                b'\r' if bytes.get(at + 1) == Some(&b'\n') => {
                    ends.push(at);
                    at += 2;
                    starts.push(at);
                }
                b'\r' | b'\n' => {
                    ends.push(at);
                    at += 1;
                    starts.push(at);
                }
                _ => at += 1,
            }
        }
        starts.pop();
        let spans: Vec<_> = read.iter().map(|line| (line.start, line.end)).collect();
        assert_eq!(spans, starts.into_iter().zip(ends).collect::<Vec<_>>());
        let values: Vec<_> = read.iter().map(|line| line.value()).collect();
        let long_value = format!("/{long}");
        assert_eq!(
            values,
            [
                Some(long_value.as_str()),
                Some("/a"),
                None,
                Some(long.as_str()),
                None,
                None,
                Some("b")
            ]
        );
        assert_eq!(read[3].key(), Some("User-agent"));
        for line in &read {
            assert_eq!(
                robots.value_of(line.number),
                line.value().unwrap_or_default()
            );
            assert_eq!(robots.value_bytes_of(line.number), line.value_bytes());
        }
    }

    #[test]
    fn a_kind_is_kept_as_its_index() {
        for (index, kind) in KINDS.into_iter().enumerate() {
            assert_eq!(kind as usize, index);
            assert_eq!(KIND_OF_CODE[index], kind);
            let mut record = Record {
                start: 0,
                value_start: 0,
                value_len: 0,
                kind: 0,
                flags: 0,
            };
            record.set_kind(kind, 15);
            assert_eq!(record.kind(), kind);
        }
    }

    #[test]
    fn a_record_is_small() {
        // 8 bytes a line (the first representation was 152 bytes and four allocations, the one
        // before this 16 bytes).
        assert!(std::mem::size_of::<Record>() <= 8);
    }
}
