//! Every consumer, every line: what Google's parser, Search Console, Lighthouse, Yandex, Bing,
//! RFC 9309 and the libraries crawlers are built on (Python's `urllib.robotparser`, npm
//! robots-parser, Scrapy's Protego) each do with each line of a file.
//!
//! A site owner meets a robots.txt through many tools, each judging it by its own rules and
//! showing only its own: Lighthouse fails a file Google reads happily, Search Console does not
//! understand a line Yandex calls an unknown directive, Python's robotparser drops a group that
//! Google reads. [`readings`] answers, for each line and each [`Consumer`], one [`Reading`]: the
//! line [`Status::Applies`] (the consumer reads it, as Google does), is [`Status::Ignored`]
//! (with why), is [`Status::Flagged`] (with the consumer's own message and severity, in its own
//! words: [`Words`]) or the consumer reads it otherwise than Google ([`Status::Differs`], with
//! how); and for each consumer a [`Summary`] a person reads first.
//!
//! ```
//! use robots_lens::consumers::{self, Consumer, Status};
//! use robots_lens::RobotsTxt;
//!
//! let robots = RobotsTxt::parse(b"User-agent: *\nDisalow: /private/\nCrawl-delay: 5\n");
//! let table = consumers::readings(&robots);
//! assert_eq!(table.status(2, Consumer::Google), Some(Status::Applies)); // an accepted typo
//! let lighthouse = table.reading(2, Consumer::Lighthouse);
//! assert_eq!(lighthouse.status, Status::Flagged);
//! assert_eq!(lighthouse.words.unwrap().text, "Unknown directive");
//! assert_eq!(table.status(2, Consumer::Python), Some(Status::Ignored));
//! assert_eq!(table.summary(Consumer::Lighthouse).passes, Some(false));
//! ```
//!
//! # Where each column comes from
//!
//! The table answers nothing a second time. It reads the parse ([`RobotsTxt::lines`] keeps each
//! line's kind, key spelling, missing colon, cut, size limit: the facts of Google's line
//! reporter), the groups, the answering layer (its crawler chains say which groups
//! Bingbot and YandexBot follow) and the Python reader's records. What only one consumer does —
//! Lighthouse's validation, robots-parser's and Protego's reading of keys and agent lists — is
//! modelled from their sources in a module each, and the lists those rules are made of
//! (safelists, limits, messages) are data: one file per consumer under `data/consumers/`, with
//! its sources and version ([`Consumer::sources`], [`Consumer::version`]).
//!
//! - **Google** (`google`): Googlebot's reading, google/robotstxt's parser within the 500 KiB
//!   Googlebot reads. **Search Console** (`search-console`): the same reading, flagged where
//!   Google's reporter marks the line (unknown key, typo accepted, missing colon, line too
//!   long). Search Console documents its fetch statuses, and that errors keep a rule from being
//!   used while warnings do not; which reporter fact it shows in which words is not documented,
//!   and those [`Words`] say so (`documented: false`).
//! - **Lighthouse** (`lighthouse`): the `robots-txt` audit of Lighthouse 12.2.3, exactly
//!   (`tests/node/consumers.test.mjs` runs that release's own audit module on every corpus
//!   file and compares lines, messages and the pass or fail: [`ConsumerTable::lighthouse`]),
//!   and `is-crawlable`'s verdict for its five agents ([`is_crawlable`]).
//! - **Yandex** (`yandex`): its Webmaster error dictionary, and the groups YandexBot follows.
//!   **Bing** (`bing`): what Bing documents — Bingbot follows a `bingbot` group and then ignores
//!   `*`, and reads Crawl-delay.
//! - **RFC 9309** (`rfc9309`): a strict reader of the RFC's keys. **urllib.robotparser**
//!   (`python`), **robots-parser**, **Protego**: each library's own reading of keys, groups and
//!   patterns.
//!
//! # Cost
//!
//! [`readings`] reads the file once per consumer, in time linear in the file (Python's
//! first-match test compares a rule with at most [`MAX_EARLIER_RULES`] earlier rules of its
//! record), and keeps 8 bytes per line and consumer; a [`Reading`]'s sentence is made only when
//! a line is asked for ([`ConsumerTable::line`]), so a surface words the lines it shows.

mod data;
mod engines;
mod findings;
mod google;
mod grouping;
mod js;
mod libraries;
mod lighthouse;
mod robots_parser;
mod url;

pub use data::{DataSource, Words, WordsSeverity};
pub use findings::{about_finding, effect_readers, ConsumerSet};
pub use google::{ReporterLine, ReporterSummary, ReporterTag};
pub use lighthouse::{
    CrawlableAgent, IsCrawlable, LighthouseAudit, LighthouseError, LighthouseOutcome,
};

use std::sync::Arc;

use crate::lines::{KeySpelling, Line, LineKind, MAX_LINE_BYTES};
use crate::matcher::Robots;
use crate::message::{Message, MessageId as M, Value};
use crate::robots::RobotsTxt;
use crate::status::FetchStatus;

/// Python's first-match test compares a rule with at most this many earlier rules of its record
/// (the nearest ones), so that a record of 20,000 rules costs 20,000 × this at most; a rule
/// shadowed only by a rule further up is then said to read as Google reads it.
pub const MAX_EARLIER_RULES: usize = 64;

/// Who reads a robots.txt: a parser, a tool that reports on it, or a library crawlers use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Consumer {
    /// Google's parser as Googlebot runs it: google/robotstxt, within the first 500 KiB.
    Google,
    /// Search Console's robots.txt report, built on Google's line reporter.
    SearchConsole,
    /// Lighthouse's `robots-txt` SEO audit (12.2.3).
    Lighthouse,
    /// YandexBot and Yandex Webmaster's robots.txt analysis.
    Yandex,
    /// Bingbot, as Bing documents it.
    Bing,
    /// RFC 9309 as written: a strict parser.
    Rfc9309,
    /// CPython's `urllib.robotparser` (the profile `python`).
    Python,
    /// npm robots-parser 3.0.1 (Lighthouse's `is-crawlable` reads the file with it).
    RobotsParser,
    /// Protego 0.6.1, Scrapy's parser.
    Protego,
}

impl Consumer {
    /// Every consumer, in the order the surfaces show them.
    pub const ALL: [Consumer; 9] = [
        Consumer::Google,
        Consumer::SearchConsole,
        Consumer::Lighthouse,
        Consumer::Yandex,
        Consumer::Bing,
        Consumer::Rfc9309,
        Consumer::Python,
        Consumer::RobotsParser,
        Consumer::Protego,
    ];

    /// The consumer's id in JSON and on the command line: `google`, `search-console`,
    /// `lighthouse`, `yandex`, `bing`, `rfc9309`, `python`, `robots-parser`, `protego`.
    pub fn id(self) -> &'static str {
        match self {
            Consumer::Google => "google",
            Consumer::SearchConsole => "search-console",
            Consumer::Lighthouse => "lighthouse",
            Consumer::Yandex => "yandex",
            Consumer::Bing => "bing",
            Consumer::Rfc9309 => "rfc9309",
            Consumer::Python => "python",
            Consumer::RobotsParser => "robots-parser",
            Consumer::Protego => "protego",
        }
    }

    /// The consumer with id `id`.
    pub fn from_id(id: &str) -> Option<Consumer> {
        Consumer::ALL
            .into_iter()
            .find(|consumer| consumer.id() == id)
    }

    /// Its name as people know it (a proper name, never translated).
    pub fn name(self) -> &'static str {
        match self {
            Consumer::Google => data::google::NAME,
            Consumer::SearchConsole => data::search_console::NAME,
            Consumer::Lighthouse => data::lighthouse::NAME,
            Consumer::Yandex => data::yandex::NAME,
            Consumer::Bing => data::bing::NAME,
            Consumer::Rfc9309 => "RFC 9309",
            Consumer::Python => "urllib.robotparser",
            Consumer::RobotsParser => data::robots_parser::NAME,
            Consumer::Protego => data::protego::NAME,
        }
    }

    /// The release or snapshot its column reflects (`12.2.3` for Lighthouse), when it has one.
    pub fn version(self) -> Option<&'static str> {
        match self {
            Consumer::Google => data::google::VERSION,
            Consumer::SearchConsole => data::search_console::VERSION,
            Consumer::Lighthouse => data::lighthouse::VERSION,
            Consumer::Yandex => data::yandex::VERSION,
            Consumer::Bing => data::bing::VERSION,
            Consumer::Rfc9309 => None,
            Consumer::Python => None,
            Consumer::RobotsParser => data::robots_parser::VERSION,
            Consumer::Protego => data::protego::VERSION,
        }
    }

    /// Where its rules are written.
    pub fn sources(self) -> &'static [DataSource] {
        const RFC: &[DataSource] = &[DataSource {
            id: "rfc9309",
            title: "RFC 9309: Robots Exclusion Protocol",
            url: "https://www.rfc-editor.org/rfc/rfc9309",
        }];
        const PYTHON: &[DataSource] = &[DataSource {
            id: "robotparser",
            title: "CPython Lib/urllib/robotparser.py",
            url: "https://github.com/python/cpython/blob/main/Lib/urllib/robotparser.py",
        }];
        match self {
            Consumer::Google => data::google::SOURCES,
            Consumer::SearchConsole => data::search_console::SOURCES,
            Consumer::Lighthouse => data::lighthouse::SOURCES,
            Consumer::Yandex => data::yandex::SOURCES,
            Consumer::Bing => data::bing::SOURCES,
            Consumer::Rfc9309 => RFC,
            Consumer::Python => PYTHON,
            Consumer::RobotsParser => data::robots_parser::SOURCES,
            Consumer::Protego => data::protego::SOURCES,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// What a consumer does with a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Status {
    /// It reads the line (as Google does, for a reader of rules).
    Applies,
    /// It skips the line (a comment, a key it does not read, a rule in no group, …).
    Ignored,
    /// It reports the line: [`Reading::words`] holds its own message and severity.
    Flagged,
    /// It reads the line otherwise than Google does.
    Differs,
}

impl Status {
    /// `applies`, `ignored`, `flagged` or `differs`.
    pub fn id(self) -> &'static str {
        match self {
            Status::Applies => "applies",
            Status::Ignored => "ignored",
            Status::Flagged => "flagged",
            Status::Differs => "differs",
        }
    }
}

/// One consumer's reading of one line.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Reading {
    /// Whose reading.
    pub consumer: Consumer,
    /// What it does with the line.
    pub status: Status,
    /// Why, as a stable code (`unknown-key`, `agent-list-cut`, …).
    pub code: &'static str,
    /// What it does and why, in a sentence (the surfaces word it in their language).
    pub message: Message,
    /// For a flagged line, the consumer's own message and severity.
    pub words: Option<Words>,
}

/// Every consumer's reading of one line.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LineReadings {
    /// The line number.
    pub line: usize,
    /// One reading per consumer, in [`Consumer::ALL`]'s order.
    pub readings: Vec<Reading>,
}

impl LineReadings {
    /// `consumer`'s reading.
    pub fn reading(&self, consumer: Consumer) -> &Reading {
        &self.readings[consumer.index()]
    }
}

/// What one consumer makes of the whole file: the sentence a person reads first, and the lines
/// it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Summary {
    /// Whose summary.
    pub consumer: Consumer,
    /// For Lighthouse, whether its `robots-txt` audit passes on the file served with status
    /// 200 ([`ConsumerTable::lighthouse`] for other statuses); `None` for the others.
    pub passes: Option<bool>,
    /// Lines the consumer reports as errors.
    pub errors: usize,
    /// Lines the consumer reports as warnings.
    pub warnings: usize,
    /// The groups (from their first user-agent line to their last line) that hold at least one
    /// of [`Summary::lines`].
    pub groups: usize,
    /// The lines the sentence is about: those flagged, or read otherwise than Google reads
    /// them (for Google itself, the lines it skips that hold text).
    pub lines: Vec<usize>,
    /// The sentence.
    pub message: Message,
}

impl Summary {
    /// Where the sentence's lines are, as a phrase (`lines 2–3`, `lines 4, 9 … and 12 more`),
    /// for a surface that cannot link each line beside the sentence.
    pub fn where_lines(&self) -> Message {
        crate::message::lines_phrase(&self.lines)
    }
}

/// Why a consumer reads a line as it does: the code a [`Reading`] carries and the sentence it
/// is worded from. Each consumer's module gives its lines one of these; the sentence is made
/// when the line is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Why {
    Blank,
    Comment,
    Agent,
    Rule,
    RuleEmpty,
    Sitemap,
    Typo,
    Prefix,
    NoColon,
    TooLong,
    BeyondLimit,
    Orphan,
    Unmatchable,
    SitemapNotUrl,
    UnusedKey,
    KeyNotRead,
    Malformed,
    ReadsAsGoogle,
    ReadsKey,
    ReadsPastLimit,
    SpellingNotRead,
    NoColonNotRead,
    NoName,
    AgentCompared,
    AgentListCut,
    AgentListExtended,
    AgentNoRules,
    NoIndexHtmlRule,
    Valid,
    Reported,
    OtherGroup,
    NoGroupFollowed,
    PythonSecondStar,
    PythonAfterBlank,
    PythonBlankSplits,
    PythonRaises,
    PythonAfterError,
    PythonLiteral,
    PythonFirstMatch,
    PythonEmptyDisallow,
}

impl Why {
    /// The status this reason gives (a reading with the consumer's words is flagged).
    fn status(self) -> Status {
        use Why::*;
        match self {
            Agent | Rule | RuleEmpty | Sitemap | Typo | Prefix | NoColon | TooLong
            | ReadsAsGoogle | ReadsKey | Valid => Status::Applies,
            Blank | Comment | BeyondLimit | Orphan | Unmatchable | SitemapNotUrl | UnusedKey
            | KeyNotRead | Malformed | SpellingNotRead | NoColonNotRead | NoName | OtherGroup
            | NoGroupFollowed | PythonSecondStar | PythonAfterBlank | PythonAfterError => {
                Status::Ignored
            }
            Reported | PythonRaises => Status::Flagged,
            ReadsPastLimit | AgentCompared | AgentListCut | AgentListExtended | AgentNoRules
            | NoIndexHtmlRule | PythonBlankSplits | PythonLiteral | PythonFirstMatch
            | PythonEmptyDisallow => Status::Differs,
        }
    }

    /// The code a [`Reading`] carries.
    fn code(self) -> &'static str {
        use Why::*;
        match self {
            Blank => "blank",
            Comment => "comment",
            Agent => "user-agent",
            Rule => "rule",
            RuleEmpty => "empty-rule",
            Sitemap => "sitemap",
            Typo => "typo-accepted",
            Prefix => "key-prefix",
            NoColon => "missing-colon",
            TooLong => "line-too-long",
            BeyondLimit => "beyond-size-limit",
            Orphan => "rule-outside-group",
            Unmatchable => "pattern-matches-nothing",
            SitemapNotUrl => "sitemap-not-absolute",
            UnusedKey => "unused-key",
            KeyNotRead => "key-not-read",
            Malformed => "not-key-value",
            ReadsAsGoogle => "as-google",
            ReadsKey => "key-read",
            ReadsPastLimit => "reads-past-size-limit",
            SpellingNotRead => "spelling-not-read",
            NoColonNotRead => "needs-colon",
            NoName => "user-agent-without-name",
            AgentCompared => "user-agent-compared-whole",
            AgentListCut => "agent-list-cut",
            AgentListExtended => "agent-list-extended",
            AgentNoRules => "group-without-rules",
            NoIndexHtmlRule => "no-index-html-rule",
            Valid => "valid",
            Reported => "reported",
            OtherGroup => "other-group",
            NoGroupFollowed => "no-group-followed",
            PythonSecondStar => "second-star-record",
            PythonAfterBlank => "after-blank-line",
            PythonBlankSplits => "blank-line-ends-record",
            PythonRaises => "reader-raises",
            PythonAfterError => "after-reader-error",
            PythonLiteral => "wildcards-literal",
            PythonFirstMatch => "first-match",
            PythonEmptyDisallow => "empty-disallow-allows",
        }
    }
}

/// One consumer's reading of one line, kept in 8 bytes: why, the consumer's words if it
/// reports the line, and a line the sentence names (the group's first line, the empty line that
/// ended a record, the line that ends an agent's list), 0 when none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cell {
    pub(crate) why: Why,
    /// 1 + an index into [`ALL_WORDS`], or 0.
    words: u8,
    pub(crate) other: u32,
}

impl Cell {
    pub(crate) fn new(why: Why) -> Cell {
        Cell {
            why,
            words: 0,
            other: 0,
        }
    }

    /// This reading, naming line `other`.
    pub(crate) fn naming(mut self, other: usize) -> Cell {
        self.other = u32::try_from(other).unwrap_or(u32::MAX);
        self
    }

    /// The consumer reports the line in `words`.
    pub(crate) fn reported(words: &'static Words) -> Cell {
        let index = ALL_WORDS
            .iter()
            .position(|known| **known == *words)
            .unwrap_or_default();
        Cell {
            why: Why::Reported,
            words: u8::try_from(index + 1).unwrap_or_default(),
            other: 0,
        }
    }

    fn words(self) -> Option<&'static Words> {
        usize::from(self.words)
            .checked_sub(1)
            .and_then(|index| ALL_WORDS.get(index).copied())
    }

    fn status(self) -> Status {
        self.why.status()
    }
}

/// Every message a consumer's own words can be, for [`Cell`]'s one-byte reference.
static ALL_WORDS: &[&Words] = &[
    &data::lighthouse::SYNTAX_NOT_UNDERSTOOD,
    &data::lighthouse::UNKNOWN_DIRECTIVE,
    &data::lighthouse::INVALID_SITEMAP_URL,
    &data::lighthouse::INVALID_SITEMAP_URL_PROTOCOL,
    &data::lighthouse::NO_USER_AGENT,
    &data::lighthouse::PATTERN_START,
    &data::lighthouse::DOLLAR_POSITION,
    &data::search_console::SYNTAX_NOT_UNDERSTOOD,
    &data::search_console::RULE_IGNORED,
    &data::search_console::ACCEPTED_TYPO,
    &data::search_console::MISSING_COLON,
    &data::search_console::LINE_TOO_LONG,
    &data::yandex::RULE_START,
    &data::yandex::MULTIPLE_STAR,
    &data::yandex::TOO_MANY_RULES,
    &data::yandex::NO_USER_AGENT,
    &data::yandex::RULE_TOO_LONG,
    &data::yandex::SITEMAP_URL,
    &data::yandex::CLEAN_PARAM_FORMAT,
    &data::yandex::ILLEGAL_CHARACTER,
    &data::yandex::UNKNOWN_DIRECTIVE,
    &data::yandex::SYNTAX_ERROR,
];

/// Every consumer's reading of every line of `robots`, and each consumer's summary.
pub fn readings(robots: &RobotsTxt) -> ConsumerTable<'_> {
    ConsumerTable::build(Robots::Borrowed(robots))
}

/// [`readings`] of a file the table holds rather than borrows, for a caller that keeps the table
/// beside the file (the wasm `RobotsFile` reads it once, then answers every line, mark and
/// finding from it).
pub fn shared_readings(robots: Arc<RobotsTxt>) -> ConsumerTable<'static> {
    ConsumerTable::build(Robots::Shared(robots))
}

/// What Lighthouse's `is-crawlable` audit reads in `robots` for the page at `path` (the path
/// and query as a URL parser writes them, `/` for a home page), through robots-parser: whether
/// each of its five agents may fetch it. It reads no other column, so it needs no table.
pub fn is_crawlable(robots: &RobotsTxt, path: &str) -> IsCrawlable {
    lighthouse::is_crawlable(robots, path)
}

/// The table of every consumer's reading of every line of one file ([`readings`]).
#[derive(Debug, Clone)]
pub struct ConsumerTable<'r> {
    robots: Robots<'r>,
    /// `Consumer::ALL.len()` cells per line, line after line.
    cells: Vec<Cell>,
    python_error: Option<String>,
}

impl<'r> ConsumerTable<'r> {
    fn build(held: Robots<'r>) -> ConsumerTable<'r> {
        let (cells, python_error) = ConsumerTable::columns(&held);
        ConsumerTable {
            robots: held,
            cells,
            python_error,
        }
    }

    fn columns(robots: &RobotsTxt) -> (Vec<Cell>, Option<String>) {
        let count = robots.lines().len();
        let width = Consumer::ALL.len();
        let mut cells = vec![Cell::new(Why::Blank); count * width];
        let mut column = |consumer: Consumer, readings: Vec<Cell>| {
            debug_assert_eq!(readings.len(), count, "{consumer:?} reads every line");
            for (index, cell) in readings.into_iter().enumerate() {
                cells[index * width + consumer.index()] = cell;
            }
        };
        let google = google::google_column(robots);
        column(
            Consumer::SearchConsole,
            google::search_console_column(robots, &google),
        );
        column(Consumer::Lighthouse, lighthouse::lighthouse_column(robots));
        column(Consumer::Yandex, engines::yandex_column(robots, &google));
        column(Consumer::Bing, engines::bing_column(robots, &google));
        column(
            Consumer::Rfc9309,
            libraries::rfc9309_column(robots, &google),
        );
        let (python, python_error) = libraries::python_column(robots, &google);
        column(Consumer::Python, python);
        column(
            Consumer::RobotsParser,
            robots_parser::robots_parser_column(robots, &google),
        );
        column(
            Consumer::Protego,
            libraries::protego_column(robots, &google),
        );
        column(Consumer::Google, google);
        (cells, python_error)
    }

    /// The file the table reads.
    pub fn robots(&self) -> &RobotsTxt {
        &self.robots
    }

    /// How many lines the table has: [`RobotsTxt::lines`]'s.
    pub fn len(&self) -> usize {
        self.cells.len() / Consumer::ALL.len()
    }

    /// Whether the table has no line (never: a parsed file has at least one).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    fn cell(&self, number: usize, consumer: Consumer) -> Option<Cell> {
        let index = number.checked_sub(1)? * Consumer::ALL.len() + consumer.index();
        self.cells.get(index).copied()
    }

    /// `consumer`'s status for line `number` alone, without its sentence (for a row of marks).
    pub fn status(&self, number: usize, consumer: Consumer) -> Option<Status> {
        self.cell(number, consumer).map(Cell::status)
    }

    /// The lines `consumer` gives `status`, in order.
    pub fn lines_with(&self, consumer: Consumer, status: Status) -> Vec<usize> {
        (1..=self.len())
            .filter(|&number| self.status(number, consumer) == Some(status))
            .collect()
    }

    /// Every consumer's reading of line `number` (1-based); `None` past the file.
    pub fn line(&self, number: usize) -> Option<LineReadings> {
        let line = self.robots.line(number)?;
        let readings = Consumer::ALL
            .iter()
            .map(|&consumer| {
                let cell = self.cell(number, consumer).unwrap_or(Cell::new(Why::Blank));
                Reading {
                    consumer,
                    status: cell.status(),
                    code: cell.why.code(),
                    message: self.message(consumer, cell, &line),
                    words: cell.words().copied(),
                }
            })
            .collect();
        Some(LineReadings {
            line: number,
            readings,
        })
    }

    /// The reading of `consumer` for line `number`; a number past the file reads as a blank
    /// line.
    pub fn reading(&self, number: usize, consumer: Consumer) -> Reading {
        match self.line(number) {
            Some(mut line) => line.readings.swap_remove(consumer.index()),
            None => Reading {
                consumer,
                status: Status::Ignored,
                code: Why::Blank.code(),
                message: Message::new(M::ConsumersBlank),
                words: None,
            },
        }
    }

    /// What `consumer` makes of the whole file.
    pub fn summary(&self, consumer: Consumer) -> Summary {
        let reader = Value::Text(consumer.name().into());
        let (mut errors, mut warnings) = (0, 0);
        let mut lines = Vec::new();
        for number in 1..=self.len() {
            let Some(cell) = self.cell(number, consumer) else {
                continue;
            };
            let google = self.cell(number, Consumer::Google).map(Cell::status);
            let counts = match cell.status() {
                Status::Flagged => {
                    match cell.words().map(|words| words.severity) {
                        Some(WordsSeverity::Warning) => warnings += 1,
                        Some(WordsSeverity::Info) => {}
                        _ => errors += 1,
                    }
                    true
                }
                Status::Differs => true,
                // A line Google reads and the consumer skips is read otherwise.
                Status::Ignored => match consumer {
                    Consumer::Google => !matches!(cell.why, Why::Blank | Why::Comment),
                    // Which group Bingbot or YandexBot follows is not a difference of reading.
                    _ if matches!(cell.why, Why::OtherGroup | Why::NoGroupFollowed) => false,
                    _ => google == Some(Status::Applies),
                },
                Status::Applies => false,
            };
            if counts {
                lines.push(number);
            }
        }
        let passes = (consumer == Consumer::Lighthouse).then_some(errors == 0);
        let version = consumer.version().unwrap_or_default();
        let (groups, loose) = self.groups_of(&lines);
        let message = match consumer {
            Consumer::Lighthouse if errors == 0 => {
                Message::new(M::ConsumersSummaryLighthousePasses).text("version", version)
            }
            Consumer::Lighthouse => Message::new(M::ConsumersSummaryLighthouseFails)
                .text("version", version)
                .phrase("lines", count_phrase(lines.len(), M::ConsumersCountLine))
                .text("points", lighthouse::seo_points()),
            Consumer::Google if lines.is_empty() => Message::new(M::ConsumersSummaryGoogleReadsAll),
            Consumer::Google => Message::new(M::ConsumersSummaryGoogleSkips)
                .phrase("lines", count_phrase(lines.len(), M::ConsumersCountLine)),
            Consumer::SearchConsole | Consumer::Yandex if errors + warnings > 0 => {
                // Search Console's errors are the lines its report does not understand.
                let error = match consumer {
                    Consumer::SearchConsole => M::ConsumersCountNotUnderstood,
                    _ => M::ConsumersCountError,
                };
                let counts = [(errors, error), (warnings, M::ConsumersCountWarning)]
                    .into_iter()
                    .filter(|&(count, _)| count > 0)
                    .map(|(count, one)| Value::Message(Box::new(count_phrase(count, one))))
                    .collect();
                Message::new(M::ConsumersSummaryReports)
                    .with("reader", reader)
                    .list("counts", counts)
            }
            _ if lines.is_empty() => {
                Message::new(M::ConsumersSummaryAsGoogle).with("reader", reader)
            }
            _ => {
                let what = [
                    (groups, M::ConsumersCountGroup),
                    (loose, M::ConsumersCountLine),
                ]
                .into_iter()
                .filter(|&(count, _)| count > 0)
                .map(|(count, one)| Value::Message(Box::new(count_phrase(count, one))))
                .collect();
                Message::new(M::ConsumersSummaryDiffers)
                    .with("reader", reader)
                    .list("what", what)
            }
        };
        Summary {
            consumer,
            passes,
            errors,
            warnings,
            groups,
            lines,
            message,
        }
    }

    /// How many groups hold at least one of `lines` (in order), and how many of `lines` stand
    /// in no group: a group spans its first user-agent line to its last line.
    fn groups_of(&self, lines: &[usize]) -> (usize, usize) {
        // Groups come in file order and do not interleave, so their spans are in order.
        let spans: Vec<(usize, usize)> = (self.robots.groups().iter())
            .filter_map(|group| {
                let first = group.agents.first()?.line;
                let rules = group.rules.last().map_or(0, |rule| rule.line);
                Some((first, group.agents.last()?.line.max(rules)))
            })
            .collect();
        let (mut groups, mut loose) = (0, 0);
        let mut counted = None;
        let mut at = 0;
        // Both lists are in order: one walk.
        for &line in lines {
            while at < spans.len() && spans[at].1 < line {
                at += 1;
            }
            match spans.get(at) {
                Some(&(first, _)) if first <= line => {
                    if counted != Some(at) {
                        groups += 1;
                        counted = Some(at);
                    }
                }
                _ => loose += 1,
            }
        }
        (groups, loose)
    }

    /// Every consumer's summary, in [`Consumer::ALL`]'s order.
    pub fn summaries(&self) -> Vec<Summary> {
        Consumer::ALL
            .iter()
            .map(|&consumer| self.summary(consumer))
            .collect()
    }

    /// What Lighthouse's `robots-txt` audit reports for this file served with `status`: its
    /// errors, line by line, and whether it passes, fails or does not apply.
    pub fn lighthouse(&self, status: &FetchStatus) -> LighthouseAudit {
        let errors = (1..=self.len())
            .filter_map(|number| {
                let words = self.cell(number, Consumer::Lighthouse)?.words()?;
                Some(LighthouseError {
                    line: number,
                    message: words.text,
                })
            })
            .collect();
        lighthouse::audit(&self.robots, errors, status)
    }

    /// Google's line reporter (`reporting_robots.cc`) for line `number`: the tag and flags
    /// Search Console's report is built on.
    pub fn reporter_line(&self, number: usize) -> Option<ReporterLine> {
        self.robots
            .line(number)
            .map(|line| google::reporter_line(&line))
    }

    /// The reporter's counts for the whole file.
    pub fn reporter_summary(&self) -> ReporterSummary {
        google::reporter_summary(&self.robots)
    }

    fn message(&self, consumer: Consumer, cell: Cell, line: &Line<'_>) -> Message {
        use Why::*;
        let reader = Value::Text(consumer.name().into());
        let key = line.key().unwrap_or_default();
        let value = line.value().unwrap_or_default();
        let name = standard_name(line);
        let other = cell.other as usize;
        let with_reader = |id| Message::new(id).with("reader", reader.clone());
        match cell.why {
            Blank => Message::new(M::ConsumersBlank),
            Comment => Message::new(M::ConsumersComment),
            Agent => Message::new(M::ConsumersAgent).code("token", agent_token(line)),
            Rule => Message::new(M::ConsumersRule).line("line", other),
            RuleEmpty => Message::new(M::ConsumersRuleEmpty),
            Sitemap => Message::new(M::ConsumersSitemap),
            Typo => Message::new(M::ConsumersTypo)
                .code("key", key)
                .code("name", name),
            Prefix => Message::new(M::ConsumersPrefix)
                .code("key", key)
                .code("name", name),
            NoColon => Message::new(M::ConsumersNoColon),
            TooLong => Message::new(M::ConsumersTooLong).count("bytes", MAX_LINE_BYTES),
            BeyondLimit => Message::new(M::ConsumersBeyondLimit),
            Orphan => with_reader(M::ConsumersOrphan),
            Unmatchable => Message::new(M::ConsumersUnmatchable).code("pattern", value),
            SitemapNotUrl => Message::new(M::ConsumersSitemapNotUrl).code("url", value),
            UnusedKey => Message::new(M::ConsumersUnusedKey).code("key", key),
            KeyNotRead => with_reader(M::ConsumersKeyNotRead).code("key", key),
            Malformed => with_reader(M::ConsumersMalformed),
            ReadsAsGoogle => with_reader(M::ConsumersReadsAsGoogle),
            ReadsKey => with_reader(M::ConsumersReadsKey).code("name", name),
            ReadsPastLimit => with_reader(M::ConsumersReadsPastLimit),
            SpellingNotRead => with_reader(M::ConsumersSpellingNotRead)
                .code("key", key)
                .code("name", name),
            NoColonNotRead => with_reader(M::ConsumersNoColonNotRead),
            NoName => with_reader(M::ConsumersNoName),
            AgentCompared => with_reader(M::ConsumersAgentCompared)
                .code("value", value)
                .code("token", agent_token(line)),
            AgentListCut => with_reader(M::ConsumersAgentListCut).line("line", other),
            AgentListExtended => with_reader(M::ConsumersAgentListExtended).line("line", other),
            AgentNoRules => with_reader(M::ConsumersAgentNoRules).code("token", value),
            NoIndexHtmlRule => {
                with_reader(M::ConsumersNoIndexHtmlRule).code("folder", index_folder(value))
            }
            Valid => Message::new(M::ConsumersValid)
                .with("reader", reader)
                .text("version", consumer.version().unwrap_or_default()),
            Reported => {
                let words = cell.words().map_or("", |words| words.text);
                with_reader(M::ConsumersReported).text("words", words)
            }
            OtherGroup => with_reader(M::ConsumersOtherGroup).line("line", other),
            NoGroupFollowed => with_reader(M::ConsumersNoGroupFollowed),
            PythonSecondStar => Message::new(M::ConsumersPythonSecondStar).line("line", other),
            PythonAfterBlank => Message::new(M::ConsumersPythonAfterBlank).line("line", other),
            PythonBlankSplits => Message::new(M::ConsumersPythonBlankSplits).line("line", other),
            PythonRaises => Message::new(M::ConsumersPythonRaises)
                .code("error", self.python_error.as_deref().unwrap_or_default()),
            PythonAfterError => Message::new(M::ConsumersPythonAfterError).line("line", other),
            PythonLiteral => Message::new(M::ConsumersPythonLiteral).code("pattern", value),
            PythonFirstMatch => Message::new(M::ConsumersPythonFirstMatch).line("line", other),
            PythonEmptyDisallow => Message::new(M::ConsumersPythonEmptyDisallow),
        }
    }
}

/// What another reader makes of a line it reads as Google does: what Google applies is read
/// "as Google does"; a line Google skips keeps Google's reason.
pub(crate) fn as_google(google: Cell) -> Cell {
    if google.status() == Status::Applies {
        Cell::new(Why::ReadsAsGoogle)
    } else {
        google
    }
}

/// The standard name of a line's key (`Disallow` for `disalow`), or the key as written.
fn standard_name<'l>(line: &Line<'l>) -> &'l str {
    match line.kind {
        LineKind::UserAgent => "User-agent",
        LineKind::Allow => "Allow",
        LineKind::Disallow => "Disallow",
        LineKind::Sitemap => "Sitemap",
        _ => line.key().unwrap_or_default(),
    }
}

/// The token Google compares for a user-agent line (`Googlebot` for `Googlebot/2.1`).
fn agent_token<'l>(line: &Line<'l>) -> &'l str {
    let value = line.value().unwrap_or_default();
    if value.starts_with('*') {
        return "*";
    }
    let end = value
        .bytes()
        .position(|b| !(b.is_ascii_alphabetic() || b == b'-' || b == b'_'))
        .unwrap_or(value.len());
    &value[..end]
}

/// `/d/` for `Allow: /d/index.html`: the folder Google's index.html rule also opens.
fn index_folder(pattern: &str) -> &str {
    match pattern.rfind('/') {
        Some(at) => &pattern[..=at],
        None => "/",
    }
}

/// Whether Google's parser applies its `index.htm` rule to an Allow pattern: the last segment
/// starts with `/index.htm`.
pub(crate) fn google_index_rule(pattern: &str) -> bool {
    pattern
        .rfind('/')
        .is_some_and(|at| pattern[at..].starts_with("/index.htm"))
}

/// Whether the line's key is written otherwise than its standard name (a typo Google accepts,
/// a longer key Google reads by its start) or without a colon: what stricter readers skip.
pub(crate) fn spelled_otherwise(line: &Line<'_>) -> bool {
    line.spelling != KeySpelling::Exact || line.missing_colon
}

/// How a reader that reads only exactly spelt keys with a colon reads a line Google reads:
/// skipped for its spelling or missing colon, `None` when it is spelt as the reader reads it.
pub(crate) fn strict_key(line: &Line<'_>) -> Option<Cell> {
    if line.missing_colon {
        Some(Cell::new(Why::NoColonNotRead))
    } else if line.spelling != KeySpelling::Exact {
        Some(Cell::new(Why::SpellingNotRead))
    } else {
        None
    }
}

/// `1 line` or `12 lines`: `one` names the phrase for a count of one, and with it the phrase
/// for any other count.
fn count_phrase(count: usize, one: M) -> Message {
    let many = match one {
        M::ConsumersCountLine => M::ConsumersCountLines,
        M::ConsumersCountGroup => M::ConsumersCountGroups,
        M::ConsumersCountError => M::ConsumersCountErrors,
        M::ConsumersCountWarning => M::ConsumersCountWarnings,
        _ => M::ConsumersCountNotUnderstoodMany,
    };
    if count == 1 {
        Message::new(one)
    } else {
        Message::new(many).count("count", count)
    }
}

#[cfg(test)]
mod tests;
