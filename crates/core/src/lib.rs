//! Robots Lens reads a robots.txt the way crawlers do and explains every verdict.
//!
//! A tester that answers wrongly is worse than none, so this crate reads bytes exactly as
//! Google's open-source parser (google/robotstxt, written alongside RFC 9309) does, matches by
//! the RFC or by Google's library to the letter, and says which line decided and why.
//!
//! ```
//! use robots_lens::{Profile, Question, Reason, RobotsTxt, WhyDecides};
//!
//! let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: /private\nAllow: /private/press\n");
//! let checker = robots.checker(Profile::Rfc9309);
//!
//! let answer = checker.ask(&Question::agent("ExampleBot/1.0", "https://example.com/private/plans"));
//! assert_eq!(answer.allowed(), Some(false));
//! assert_eq!(answer.reason(), Some(Reason::RuleMatched));
//! assert_eq!(answer.deciding_line(), Some(2));
//!
//! let answer = checker.ask(&Question::agent("ExampleBot/1.0", "/private/press/2026"));
//! assert_eq!(answer.allowed(), Some(true));
//! assert_eq!(answer.why_decides(), Some(WhyDecides::LongestMatch));
//! ```
//!
//! # Overview
//!
//! - [`RobotsTxt::parse`] never fails. It keeps every physical line ([`Line`]) with its number,
//!   byte span, text and kind, and forms [`Group`]s, [`Sitemap`]s and other [`Directive`]s the
//!   way Google does. Problems are facts about lines, not errors.
//! - [`RobotsTxt::checker`] compiles the patterns for one [`Profile`]; [`Checker::ask`], the one
//!   way to a verdict, answers a [`Question`] (who asks, the URL as typed, the fetch status, the
//!   match model) with an [`Answer`]: a [`Verdict`] that carries its whole explanation, and its
//!   reasons as codes. [`Checker::ask_allowed`], [`Checker::ask_verdict`] and
//!   [`Checker::ask_verdicts`] are its shortcuts for hot loops and lists.
//! - [`AgentMatch`] says how the agent is compared with the groups: `substring` (a token found
//!   anywhere in a full UA string) or `token` (RFC 9309 §2.2.1 exact product token).
//! - [`crawlers`] is the catalogue of known crawlers with their documented fallback chains
//!   ([`ChainStep`]): [`Question::crawler`] asks as one, [`Checker::ask_crawler_table`] answers
//!   for them all, [`recognise_crawler`] names one in a pasted user agent string, and a name
//!   typed for one asks as that crawler ([`Question::typed`]).
//! - [`FetchStatus`] is how the file was served (404, 503, too many redirects, …):
//!   [`status_handling`] says what that does under each profile; a question carries it
//!   ([`Question::status`]) and its answer applies it.
//! - Many URLs at once: [`read_url_list`] reads a pasted list, a sitemap or a CSV; a [`Batch`]
//!   checks it for several [`Asker`]s (agents and crawlers) a step at a time and reports
//!   totals, the deciding rules and the rules that matched nothing.
//! - Two versions of a file: [`compare_versions`] finds the verdicts that change
//!   ([`verdict_flips`]), on a URL list or on the [`probe_urls`] both files' rules suggest;
//!   [`line_diff`] aligns their lines and [`group_changes`] names whole groups added or missing.
//! - [`check_expectations`] answers [`Expectation`]s ("this URL stays allowed for Googlebot")
//!   with the deciding line; [`expectations_toml`] writes them as the CLI's TOML file.
//! - [`RobotsTxt::preference_lines`] and [`RobotsTxt::licenses`] hold the AI usage preference
//!   lines (`Content-Usage`, `Content-Signal`) and RSL `License` lines, read exactly;
//!   [`Checker::ask_usage`] answers "what may be done with this URL" per purpose ([`UsageAnswer`]).
//! - [`write_policy`] writes the groups (and preference lines) for a choice per purpose from
//!   the catalogue, with the diff against the current file and every crawler's check.
//! - Did the bots obey? A [`LogReplay`] reads access logs (combined, common, JSON lines, W3C)
//!   a chunk at a time and judges every request against the version of the robots.txt in force
//!   at its time, as the catalogued crawler its user agent names; its [`LogReport`] says, per
//!   crawler, what it fetched that it should not have, whether it read `/robots.txt` first, its
//!   pace, and whether its addresses are its operator's ([`verify_crawler_address`], from the
//!   dated snapshot of the ranges operators publish, [`operator_ranges`]).
//! - [`audit()`] reads the same parse for mistakes: each [`Finding`] has a stable code, a
//!   severity, the line, why it matters and how to fix it; [`audit::CODES`] documents every code.
//!
//! # RFC 9309 conformance, and where Google differs
//!
//! The file is always read as Google reads it: lines end at LF, CRLF or CR; a BOM is skipped;
//! keys are case-insensitive and recognised by prefix with Google's typo list (`disalow`,
//! `useragent`, …); a line without a colon is read when it is exactly two words; a user-agent
//! value is reduced to its leading `[A-Za-z_-]` run; only a rule closes a group's list of agents.
//!
//! Matching then follows one of two profiles:
//!
//! | | `rfc9309` (default) | `google` |
//! |---|---|---|
//! | `/robots.txt` | always allowed (§2.2.2) | matched like any path |
//! | percent-encoding | normalised on both sides (§2.2.2): `/%7Ejoe` = `/~joe`, `/café` = `/caf%C3%A9` | patterns escaped, URL compared as requested |
//! | `%2A`, `%24` in a pattern | a literal `*`, `$` (§2.2.3) | the three octets `%2A`, `%24` |
//! | `Allow: /d/index.html` | only that file | also `/d/` (Google's `index.htm` rule) |
//!
//! In both, the URL a person types is first turned into what a crawler requests: non-ASCII
//! octets, spaces and controls are percent-encoded, and scheme, user information, host, port and
//! fragment are removed as Google removes them.
//!
//! Two more profiles model readers that predate the RFC and read the file their own way (see
//! their [`ProfileSpec`]s): `python`, CPython's `urllib.robotparser` up to 3.12, checked against
//! the real one on thousands of generated cases; and `legacy-1994`, the original convention. Both
//! end records at blank lines, take the first record naming the agent and then the first
//! matching rule, and know no wildcards.
//!
//! # Untrusted input
//!
//! - Any bytes are accepted: invalid UTF-8 (shown as U+FFFD, matched as the original octets),
//!   a BOM, NUL bytes (which end a line for Google), any mix of line endings.
//! - A line is cut after [`MAX_LINE_BYTES`] octets, as Google cuts it; lines starting past
//!   [`SIZE_LIMIT`] (500 KiB) are kept for display but ignored by verdicts, which say so when
//!   reading them would have changed the answer.
//! - Matching a pattern costs O(|path| + |pattern|) and allocates nothing; only a segment that
//!   holds an RFC 9309 `%2A` or `%24` literal costs O(|path| · |segment|). A check matches only
//!   the rules whose literal prefix the path starts with, or whose octets and octet pairs it
//!   holds, so a file of thousands of rules costs a handful of matches per URL. Nothing can go
//!   exponential. A URL longer than [`MAX_URL_BYTES`] or an agent longer than
//!   [`MAX_AGENT_BYTES`] is refused by [`Checker::ask`], with the reason ([`UrlProblem`]).
//! - Parsing costs time and memory linear in the input; [`RobotsTxt::parse`] reads at most
//!   [`MAX_INPUT_BYTES`] (4 GiB − 1), as lines are kept as 32-bit offsets into the input. Nothing panics on any input; a panic is
//!   a bug.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

// The README's example is compiled and run as a doctest, so the crates.io page cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod agent_name;
mod aipref;
mod answer;
pub mod audit;
mod batch;
mod catalogue;
pub mod consumers;
mod content;
mod crawlers;
mod diff;
mod divergence;
mod encoding;
mod expect;
mod group;
mod ip_ranges;
mod legacy;
mod limits;
mod lines;
mod logs;
mod matcher;
pub mod message;
mod octets;
mod pattern;
mod policy;
mod politeness;
mod probes;
mod profile;
mod robots;
mod rules;
mod sorting;
mod status;
mod structured_fields;
mod typed_url;
mod url_list;
mod usage;
mod verdict;
#[cfg(not(target_arch = "wasm32"))]
mod verdicts;

pub use agent_name::{typed_token, AgentLineReading, MAX_AGENT_LINE_READINGS};
pub use aipref::{
    CrawlAnswer, Entry, LabelAnswer, License, Preference, PreferenceKind, PreferenceLine, Stated,
    SyntaxError, SyntaxErrorKind, UsageAnswer, UsePurpose, ValueType, Why, CONTENT_SIGNAL_KEYS,
    CONTENT_USAGE_LABELS, OBSOLETE_LABELS, USE_PURPOSES,
};
pub use answer::{
    ask, group_message, reason_message, Answer, Checker, Explanation, Question, UrlReading, Who,
    REFUSED,
};
pub use audit::{audit, Finding};
pub use batch::{
    Asker, AskerTotals, Batch, BatchReport, Cell, Progress, Row, RowFilter, RowOrder, RowPage,
    RowQuery, RuleTally, UnusedRule,
};
pub use catalogue::{
    crawlers, find_crawler, find_retired, named_crawler, recognise_crawler, retired_tokens,
    sources, ClaimSources, CrawlDelay, Crawler, FetchHandling, Purpose, Recognised, RetiredToken,
    RobotsTxtCompliance, Source,
};
pub use content::NotRobotsTxt;
pub use crawlers::{ai_summary, Access, AiSummary, CrawlerRow, FileSummary, Tally};
pub use diff::{
    compare_versions, group_changes, line_diff, probe_urls, verdict_flips, Comparison, DiffKind,
    DiffLine, Flip, GroupChange, GroupChangeKind, Side, TypedSides, MAX_DIFF_CELLS, MAX_PROBES,
};
pub use divergence::{
    compare_profiles, compare_profiles_with, crawler_reading, CrawlerReading, ProfileVerdict,
};
pub use encoding::{google_escape, google_path_params_query, request_path, rfc9309_normalise};
pub use expect::{
    check_expectations, expectations_toml, CrawlerAnswer, Expectation, ExpectationError,
    ExpectationResult,
};
pub use group::{
    agent_token, product_token, AgentLine, AgentToken, Directive, Group, ProductToken, Rule,
    RuleKind, Sitemap,
};
pub use ip_ranges::{
    operator_ranges, published_ranges, read_address, verify_crawler_address, OperatorRanges,
    RangeList,
};
pub use legacy::{python_fetch_outcome, reader_error, PythonFetchOutcome, ReaderError};
pub use limits::{MAX_AGENT_BYTES, MAX_URL_BYTES};
pub use lines::{
    binary_format, InputFacts, KeySpelling, Line, LineEndings, LineIter, LineKind, Lines,
    Malformed, MAX_INPUT_BYTES, MAX_LINE_BYTES, OTHER_DIRECTIVES, SIZE_LIMIT,
};
pub use logs::{
    Claim, CrawlerReport, Example, FieldMap, InvalidFieldMap, InvalidReplay, JudgedRequest,
    LogFormat, LogReplay, LogReport, PaceReport, RateAsked, ReplayOptions, RobotsTxtFetches,
    RobotsVersion, Role, Site, TimelineReport, Timestamp, Unjudged, Unreadable, UnreadableLine,
    UnreadableReport, VersionReport, ViolationReport, MAX_CACHED_AGENTS, MAX_CACHED_VERDICTS,
    MAX_LINE_BYTES as MAX_LOG_LINE_BYTES, MAX_RATE_WINDOW, MAX_TIMELINE_BUCKETS, MAX_TRACKED_HOSTS,
    MAX_UNREADABLE_EXAMPLES,
};
pub use message::{Message, MessageId};
pub use pattern::Pattern;
pub use policy::{
    write_policy, Choice, InvalidPolicy, Policy, PolicyCheck, PolicyRequest, MAX_POLICY_PATHS,
    MAX_POLICY_PATH_BYTES, POLICY_BEGIN, POLICY_END, POLICY_PURPOSES,
};
pub use politeness::{DelayLine, Politeness, RequestRate};
pub use profile::{
    AgentMatch, AgentSelection, Encoding, Grouping, Precedence, Profile, ProfileSpec, UnknownName,
};
pub use robots::RobotsTxt;
pub use status::{
    crawler_status_handling, status_effect, status_handling, FetchStatus, InvalidStatus, Outcome,
    StatusClass, StatusEffect, StatusHandling, MAX_REDIRECTS,
};
pub use typed_url::{has_scheme, read_url, InvalidUrl, TypedUrl, UrlProblem};
pub use url_list::{read_url_list, ListFormat, UrlList, MAX_URLS};
pub use verdict::{
    AppliedGroup, ChainStep, GroupUsed, MatchOutcome, Reason, RuleMatch, UsedStep, Verdict,
    WhyDecides,
};
#[cfg(not(target_arch = "wasm32"))]
pub use verdicts::Verdicts;
