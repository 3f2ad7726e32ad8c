//! AI usage preferences in robots.txt: the IETF `Content-Usage` rule, Cloudflare's
//! `Content-Signal` and RSL's `License`, read exactly, and "what may be done with this URL".
//!
//! ```
//! use robots_lens::{Preference, Profile, Question, RobotsTxt};
//!
//! let robots = RobotsTxt::parse(
//!     b"User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: train-ai=n\n\
//!       Content-Usage: /ai-ok/ train-ai=y\n",
//! );
//! let checker = robots.checker(Profile::Rfc9309);
//! let usage = |url| checker.ask_usage(&Question::agent("ExampleBot", url)).unwrap();
//! assert_eq!(usage("/test").content_usage[0].preference, Preference::Disallow);
//! assert_eq!(usage("/ai-ok/test").content_usage[0].preference, Preference::Allow);
//! assert_eq!(usage("/never/test").content_usage[0].preference, Preference::NotApplicable);
//! ```
//!
//! # What the formats say, and how they are read here
//!
//! - **`Content-Usage`** (draft-ietf-aipref-attach §3): a group rule,
//!   `Content-Usage: [path SP] preference`. The value ends at CR, LF or `#` (§3.2); a value
//!   starting with `/` has a path that ends at the first SP or HTAB, the rest is the statement.
//!   The statement is a Structured Fields Dictionary (draft-ietf-aipref-vocab §6.5, RFC 9651);
//!   the labels `train-ai` and `search` (§6.1) take the Tokens `y` and `n` (§6.2); another
//!   type, another Token or a missing key is *unknown*, a Dictionary that fails to parse (an
//!   uppercase key) makes everything unknown, a repeated key keeps its last value, parameters
//!   are ignored (§6.5.1, §6.5.2). The key is matched case-insensitively like every robots.txt
//!   key, but only as spelled: Google's typo tolerance (`Content Usage`) is not AIPREF's.
//! - **`Content-Signal`** (Cloudflare's Content Signals Policy): `search=yes, ai-input=no,
//!   ai-train=no`, comma-separated, `yes` or `no`; an omitted key neither grants nor restricts.
//!   An optional leading path is read as for `Content-Usage`.
//! - **`License`** (RSL 1.0): a global line holding an absolute URL of a licence document.
//!
//! Preferences apply only to URLs the group allows crawling (attach §3.1): for any other URL
//! the answer is *not applicable*. Among the rules of the groups that apply, the longest path
//! that matches decides, with the same percent-encoding and wildcards as Allow/Disallow under
//! the profile; rules of equal length combine most restrictively (vocab §5.1: a disallow wins,
//! then an allow), where Allow/Disallow would favour the permissive rule. `python` and
//! `legacy-1994` readers do not know these lines; for them the patterns are compared as
//! Google compares them.
//!
//! # Untrusted input
//!
//! Reading the lines is linear in the file. Answering for one URL matches each preference line
//! of the groups that apply once (O(|path| · |pattern|) each, as for rules).

use crate::lines::{KeySpelling, Line, LineKind};
use crate::structured_fields::{parse_dictionary, Dictionary};
pub use crate::structured_fields::{SyntaxError, SyntaxErrorKind, ValueType};
use crate::typed_url::has_scheme;

/// The AIPREF vocabulary's labels (draft-ietf-aipref-vocab §6.1), in table order.
pub const CONTENT_USAGE_LABELS: [&str; 2] = ["train-ai", "search"];

/// The Content Signals Policy's keys.
pub const CONTENT_SIGNAL_KEYS: [&str; 3] = ["ai-train", "search", "ai-input"];

/// Labels of earlier AIPREF drafts and proposals that the current vocabulary does not define:
/// they express nothing (vocab §6.4, unknown labels are ignored).
pub const OBSOLETE_LABELS: [&str; 9] = [
    "tdm",
    "ai",
    "genai",
    "inference",
    "all",
    "train-genai",
    "ai-use",
    "bots",
    "ai-output",
];

/// Which kind of preference line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum PreferenceKind {
    /// `Content-Usage:` (draft-ietf-aipref-attach).
    ContentUsage,
    /// `Content-Signal:` (Cloudflare's Content Signals Policy).
    ContentSignal,
}

impl PreferenceKind {
    /// The key as the specification spells it.
    pub fn key(self) -> &'static str {
        match self {
            PreferenceKind::ContentUsage => "Content-Usage",
            PreferenceKind::ContentSignal => "Content-Signal",
        }
    }

    /// The labels this kind of line can state, in the order answers list them.
    pub fn labels(self) -> &'static [&'static str] {
        match self {
            PreferenceKind::ContentUsage => &CONTENT_USAGE_LABELS,
            PreferenceKind::ContentSignal => &CONTENT_SIGNAL_KEYS,
        }
    }
}

/// A preference for one category of use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Preference {
    /// The use is allowed (`y`, `yes`).
    Allow,
    /// The use is disallowed (`n`, `no`).
    Disallow,
    /// Nothing usable is said; [`Why`] tells which case.
    Unknown,
    /// The URL may not be crawled, so no preference applies to it (attach §3.1).
    NotApplicable,
}

impl Preference {
    /// `allow`, `disallow`, `unknown` or `not-applicable`.
    pub fn id(self) -> &'static str {
        match self {
            Preference::Allow => "allow",
            Preference::Disallow => "disallow",
            Preference::Unknown => "unknown",
            Preference::NotApplicable => "not-applicable",
        }
    }
}

/// Why a label has the preference it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Why {
    /// The deciding line states it (`y`/`n`, `yes`/`no`).
    Stated,
    /// No line of this kind applies to the URL.
    NoRule,
    /// The deciding line does not name this label.
    NotStated,
    /// The label's value is not a Token (`"n"`, `?0`, `1`): unknown (vocab §6.5).
    NotAToken,
    /// The label's value is a Token other than `y` or `n` (`no`, `N`): unknown (vocab §6.5).
    OtherToken,
    /// The Content-Signal value is neither `yes` nor `no`.
    NotYesOrNo,
    /// The statement is not a valid Dictionary (an uppercase key, a stray space), so every
    /// preference of the line is unknown (vocab §6.5.1).
    InvalidStatement,
    /// The URL may not be crawled (attach §3.1).
    NotCrawlable,
}

impl Why {
    /// The kebab-case identifier.
    pub fn id(self) -> &'static str {
        match self {
            Why::Stated => "stated",
            Why::NoRule => "no-rule",
            Why::NotStated => "not-stated",
            Why::NotAToken => "not-a-token",
            Why::OtherToken => "other-token",
            Why::NotYesOrNo => "not-yes-or-no",
            Why::InvalidStatement => "invalid-statement",
            Why::NotCrawlable => "not-crawlable",
        }
    }
}

/// One key of a statement, as written (the last occurrence of a repeated key).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Entry {
    /// The key.
    pub key: String,
    /// The Structured Fields type of the value (`Content-Usage` only).
    pub value_type: Option<ValueType>,
    /// A Token's text (`Content-Usage`) or the value as written (`Content-Signal`; empty
    /// when there is no `=`).
    pub text: Option<String>,
    /// The member carries parameters, which AIPREF ignores.
    pub has_parameters: bool,
    /// Byte offset of the key in the statement.
    pub offset: usize,
}

/// A label's preference as one line states it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stated {
    /// The label (`train-ai`, `ai-input`, …).
    pub label: &'static str,
    /// Allow, disallow or unknown.
    pub preference: Preference,
    /// Why.
    pub why: Why,
}

/// A `Content-Usage` or `Content-Signal` line, read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PreferenceLine {
    /// The line number.
    pub line: usize,
    /// Which kind.
    pub kind: PreferenceKind,
    /// The group it stands in, if any (a line outside every group applies to no crawler).
    pub group: Option<usize>,
    /// The rule value as written (comment removed, trimmed).
    pub value: String,
    /// The path, when the value starts with `/`.
    pub path: Option<String>,
    /// The statement of preference: the value after the path.
    pub statement: String,
    /// Byte offset of the statement in the value.
    pub statement_offset: usize,
    /// Every key, in order of first appearance.
    pub entries: Vec<Entry>,
    /// Keys written more than once (the last value counts), with the offset of each repetition.
    pub repeated: Vec<(String, usize)>,
    /// Why the statement is not a valid Dictionary (`Content-Usage` only).
    pub syntax_error: Option<SyntaxError>,
    /// What the line states for each of its kind's labels, in [`PreferenceKind::labels`] order.
    pub stated: Vec<Stated>,
    /// The line lies past the size limit and is not read by Googlebot.
    pub beyond_size_limit: bool,
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) path_bytes: Vec<u8>,
}

impl PreferenceLine {
    /// What the line states for `label`, if its kind has that label.
    pub fn stated(&self, label: &str) -> Option<&Stated> {
        self.stated.iter().find(|stated| stated.label == label)
    }
}

/// A `License:` line (RSL 1.0).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct License {
    /// The line number.
    pub line: usize,
    /// The URL as written.
    pub url: String,
    /// The URL has a scheme (`https://…`); RSL requires an absolute URL.
    pub absolute: bool,
}

/// The preference lines and licences of a file, in file order.
pub(crate) fn read_preferences(
    lines: crate::lines::Lines<'_>,
    directives: &[crate::group::Directive],
) -> (Vec<PreferenceLine>, Vec<License>) {
    let mut preferences = Vec::new();
    let mut licenses = Vec::new();
    for directive in directives {
        let Some(line) = lines.get(directive.line - 1) else {
            continue;
        };
        // AIPREF requires the colon and the key as spelled (attach §3.2); the near misses are
        // the audit's to report.
        if line.kind != LineKind::Other || line.spelling != KeySpelling::Exact || line.missing_colon
        {
            continue;
        }
        let kind = match directive.name {
            Some("content-usage") => PreferenceKind::ContentUsage,
            Some("content-signal") => PreferenceKind::ContentSignal,
            Some("license") => {
                licenses.push(License {
                    line: line.number,
                    url: line.value().unwrap_or_default().to_owned(),
                    absolute: has_scheme(line.value().unwrap_or_default()),
                });
                continue;
            }
            _ => continue,
        };
        preferences.push(read_line(&line, kind, directive.group));
    }
    (preferences, licenses)
}

fn read_line(line: &Line, kind: PreferenceKind, group: Option<usize>) -> PreferenceLine {
    let value = line.value_bytes();
    // attach §3.2: a value starting with `/` has a path, up to the first SP or HTAB.
    let (path_bytes, statement_offset) = if value.first() == Some(&b'/') {
        let end = value
            .iter()
            .position(|&b| b == b' ' || b == b'\t')
            .unwrap_or(value.len());
        let rest = value[end..]
            .iter()
            .position(|&b| b != b' ' && b != b'\t')
            .map_or(value.len(), |offset| end + offset);
        (Some(&value[..end]), rest)
    } else {
        (None, 0)
    };
    let statement = &value[statement_offset..];
    let mut read = PreferenceLine {
        line: line.number,
        kind,
        group,
        value: line.value().unwrap_or_default().to_owned(),
        path: path_bytes.map(|path| String::from_utf8_lossy(path).into_owned()),
        statement: String::from_utf8_lossy(statement).into_owned(),
        statement_offset,
        entries: Vec::new(),
        repeated: Vec::new(),
        syntax_error: None,
        stated: Vec::new(),
        beyond_size_limit: line.beyond_size_limit,
        path_bytes: path_bytes.unwrap_or_default().to_vec(),
    };
    match kind {
        PreferenceKind::ContentUsage => read_content_usage(&mut read, statement),
        PreferenceKind::ContentSignal => read_content_signal(&mut read, statement),
    }
    read
}

/// vocab §6.5: parse the Dictionary, then map each label's value.
fn read_content_usage(read: &mut PreferenceLine, statement: &[u8]) {
    let dictionary = match parse_dictionary(statement) {
        Ok(dictionary) => dictionary,
        Err(error) => {
            read.syntax_error = Some(error);
            read.stated = unknown_for_all(PreferenceKind::ContentUsage, Why::InvalidStatement);
            return;
        }
    };
    let Dictionary { members, repeated } = dictionary;
    read.repeated = repeated;
    read.entries = members
        .into_iter()
        .map(|member| Entry {
            key: member.key,
            value_type: Some(member.value),
            text: member.token,
            has_parameters: member.has_parameters,
            offset: member.key_offset,
        })
        .collect();
    read.stated = CONTENT_USAGE_LABELS
        .iter()
        .map(|&label| {
            let (preference, why) = match read.entries.iter().find(|entry| entry.key == label) {
                None => (Preference::Unknown, Why::NotStated),
                Some(entry) => match (entry.value_type, entry.text.as_deref()) {
                    (Some(ValueType::Token), Some("y")) => (Preference::Allow, Why::Stated),
                    (Some(ValueType::Token), Some("n")) => (Preference::Disallow, Why::Stated),
                    (Some(ValueType::Token), _) => (Preference::Unknown, Why::OtherToken),
                    _ => (Preference::Unknown, Why::NotAToken),
                },
            };
            Stated {
                label,
                preference,
                why,
            }
        })
        .collect();
}

/// The Content Signals Policy: `key=value` pairs separated by commas, values `yes` or `no`.
fn read_content_signal(read: &mut PreferenceLine, statement: &[u8]) {
    let mut offset = 0;
    for part in statement.split(|&b| b == b',') {
        let start = offset
            + part
                .iter()
                .take_while(|&&b| b == b' ' || b == b'\t')
                .count();
        offset += part.len() + 1;
        let trimmed = trim_ows(part);
        if trimmed.is_empty() {
            continue;
        }
        let (key, text) = match trimmed.iter().position(|&b| b == b'=') {
            Some(equals) => (
                trim_ows(&trimmed[..equals]),
                trim_ows(&trimmed[equals + 1..]),
            ),
            None => (trimmed, &b""[..]),
        };
        let entry = Entry {
            key: String::from_utf8_lossy(key).into_owned(),
            value_type: None,
            text: Some(String::from_utf8_lossy(text).into_owned()),
            has_parameters: false,
            offset: start,
        };
        match read.entries.iter_mut().find(|e| e.key == entry.key) {
            Some(existing) => {
                read.repeated.push((entry.key.clone(), start));
                *existing = entry;
            }
            None => read.entries.push(entry),
        }
    }
    read.stated = CONTENT_SIGNAL_KEYS
        .iter()
        .map(|&label| {
            let (preference, why) = match read.entries.iter().find(|entry| entry.key == label) {
                None => (Preference::Unknown, Why::NotStated),
                Some(entry) => match entry.text.as_deref() {
                    Some("yes") => (Preference::Allow, Why::Stated),
                    Some("no") => (Preference::Disallow, Why::Stated),
                    _ => (Preference::Unknown, Why::NotYesOrNo),
                },
            };
            Stated {
                label,
                preference,
                why,
            }
        })
        .collect();
}

fn unknown_for_all(kind: PreferenceKind, why: Why) -> Vec<Stated> {
    kind.labels()
        .iter()
        .map(|&label| Stated {
            label,
            preference: Preference::Unknown,
            why,
        })
        .collect()
}

fn trim_ows(bytes: &[u8]) -> &[u8] {
    let start = bytes
        .iter()
        .position(|&b| b != b' ' && b != b'\t')
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|&b| b != b' ' && b != b'\t')
        .map_or(start, |end| end + 1);
    &bytes[start..end]
}

/// The answer for one label of one URL.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LabelAnswer {
    /// The label (`train-ai`, `ai-train`, `search`, `ai-input`).
    pub label: &'static str,
    /// The preference.
    pub preference: Preference,
    /// The deciding line: the preference line, or for [`Preference::NotApplicable`] the rule
    /// that forbids crawling; `None` when no line decided.
    pub line: Option<usize>,
    /// Why.
    pub why: Why,
    /// The path of the deciding preference line, when it has one.
    pub path: Option<String>,
}

/// Whether the URL may be crawled, and the line that decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CrawlAnswer {
    /// The crawl verdict.
    pub allowed: bool,
    /// The rule that decided, if one did.
    pub line: Option<usize>,
}

/// "What may be done with this URL": crawling, and each category of use, by both vocabularies.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct UsageAnswer {
    /// The crawl verdict the preferences depend on.
    pub crawl: CrawlAnswer,
    /// AIPREF `Content-Usage`, one answer per [`CONTENT_USAGE_LABELS`] label, in that order.
    pub content_usage: Vec<LabelAnswer>,
    /// `Content-Signal`, one answer per [`CONTENT_SIGNAL_KEYS`] key, in that order.
    pub content_signal: Vec<LabelAnswer>,
    /// Every `License:` line of the file.
    pub licenses: Vec<License>,
}

/// A category of use, with the label each vocabulary gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct UsePurpose {
    /// `crawl`, `train-ai`, `search` or `ai-input`.
    pub id: &'static str,
    /// The AIPREF label, if the vocabulary has one (`ai-input` has none).
    pub content_usage: Option<&'static str>,
    /// The Content-Signal key, if there is one (crawling has none).
    pub content_signal: Option<&'static str>,
}

/// The purposes "what may be done" answers for, and how the two vocabularies map onto them:
/// `ai-train` is AIPREF's `train-ai`; `ai-input` (grounding, retrieval, live answers) has no
/// AIPREF label.
pub const USE_PURPOSES: [UsePurpose; 4] = [
    UsePurpose {
        id: "crawl",
        content_usage: None,
        content_signal: None,
    },
    UsePurpose {
        id: "train-ai",
        content_usage: Some("train-ai"),
        content_signal: Some("ai-train"),
    },
    UsePurpose {
        id: "search",
        content_usage: Some("search"),
        content_signal: Some("search"),
    },
    UsePurpose {
        id: "ai-input",
        content_usage: None,
        content_signal: Some("ai-input"),
    },
];

impl UsageAnswer {
    /// The Content-Usage answer for `label`.
    pub fn content_usage(&self, label: &str) -> Option<&LabelAnswer> {
        self.content_usage
            .iter()
            .find(|answer| answer.label == label)
    }

    /// The Content-Signal answer for `key`.
    pub fn content_signal(&self, key: &str) -> Option<&LabelAnswer> {
        self.content_signal
            .iter()
            .find(|answer| answer.label == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AgentMatch, Profile, RobotsTxt};

    fn usage(text: &str, agent: &str, url: &str) -> UsageAnswer {
        let robots = RobotsTxt::parse(text.as_bytes());
        let checker = robots.checker(Profile::Rfc9309);
        checker.usage(&checker.check(agent, url, AgentMatch::Substring))
    }

    fn aipref(answer: &UsageAnswer, label: &str) -> (Preference, Option<usize>, Why) {
        let found = answer.content_usage(label).unwrap();
        (found.preference, found.line, found.why)
    }

    fn signal(answer: &UsageAnswer, key: &str) -> (Preference, Option<usize>, Why) {
        let found = answer.content_signal(key).unwrap();
        (found.preference, found.line, found.why)
    }

    const ATTACH_EXAMPLE: &str = "User-Agent: *\nAllow: /\nDisallow: /never/\n\
        Content-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n\n\
        User-Agent: ExampleBot\nAllow: /\nContent-Usage: train-ai=y\n";

    #[test]
    fn the_example_of_attach_section_3_4() {
        let other = |url| aipref(&usage(ATTACH_EXAMPLE, "OtherBot", url), "train-ai");
        assert_eq!(other("/test"), (Preference::Disallow, Some(4), Why::Stated));
        assert_eq!(
            other("/never/test"),
            (Preference::NotApplicable, Some(3), Why::NotCrawlable)
        );
        assert_eq!(
            other("/ai-ok/test"),
            (Preference::Allow, Some(5), Why::Stated)
        );
        let example = usage(ATTACH_EXAMPLE, "ExampleBot", "/never/test");
        assert_eq!(
            aipref(&example, "train-ai"),
            (Preference::Allow, Some(9), Why::Stated)
        );
        assert_eq!(
            aipref(&example, "search"),
            (Preference::Unknown, Some(9), Why::NotStated)
        );
    }

    #[test]
    fn the_longest_path_decides_the_whole_statement() {
        let text =
            "User-agent: *\nContent-Usage: train-ai=n, search=y\nContent-Usage: /a/ search=n\n";
        let answer = usage(text, "Bot", "/a/b");
        assert_eq!(
            aipref(&answer, "search"),
            (Preference::Disallow, Some(3), Why::Stated)
        );
        assert_eq!(
            aipref(&answer, "train-ai"),
            (Preference::Unknown, Some(3), Why::NotStated)
        );
    }

    #[test]
    fn identical_paths_combine_most_restrictively() {
        let text =
            "User-agent: *\nContent-Usage: /a train-ai=y\nContent-Usage: /a train-ai=n, search=y\n\
            Content-Usage: /a search=\"n\"\n";
        let answer = usage(text, "Bot", "/a");
        assert_eq!(
            aipref(&answer, "train-ai"),
            (Preference::Disallow, Some(3), Why::Stated)
        );
        assert_eq!(
            aipref(&answer, "search"),
            (Preference::Allow, Some(3), Why::Stated)
        );
    }

    #[test]
    fn paths_are_compared_with_the_rules_percent_encoding() {
        let text = "User-agent: *\nContent-Usage: /caf%C3%A9/ train-ai=n\nContent-Usage: /*.pdf$ search=n\n";
        assert_eq!(
            aipref(&usage(text, "Bot", "/café/x"), "train-ai").0,
            Preference::Disallow
        );
        assert_eq!(
            aipref(&usage(text, "Bot", "/x.pdf"), "search").0,
            Preference::Disallow
        );
        assert_eq!(aipref(&usage(text, "Bot", "/x.pdfs"), "search").1, None);
    }

    #[test]
    fn values_that_are_not_y_or_n_tokens_are_unknown() {
        let text = "User-agent: *\nContent-Usage: train-ai=\"n\", search=no\n";
        let answer = usage(text, "Bot", "/");
        assert_eq!(aipref(&answer, "train-ai").2, Why::NotAToken);
        assert_eq!(aipref(&answer, "search").2, Why::OtherToken);
        let text = "User-agent: *\nContent-Usage: train-ai=y, train-ai, search=n, search=\"n\"\n";
        let answer = usage(text, "Bot", "/");
        assert_eq!(aipref(&answer, "train-ai").0, Preference::Unknown);
        assert_eq!(aipref(&answer, "search").0, Preference::Unknown);
    }

    #[test]
    fn an_uppercase_key_makes_everything_unknown() {
        let text = "User-agent: *\nContent-Usage: search=y, Train-AI=n\n";
        let answer = usage(text, "Bot", "/");
        assert_eq!(
            aipref(&answer, "search"),
            (Preference::Unknown, Some(2), Why::InvalidStatement)
        );
        let robots = RobotsTxt::parse(text.as_bytes());
        let line = &robots.preference_lines()[0];
        assert_eq!(
            line.syntax_error.unwrap().kind,
            SyntaxErrorKind::UppercaseKey
        );
    }

    #[test]
    fn the_key_is_case_insensitive_but_must_be_spelled_right() {
        let text = "User-agent: *\ncontent-usage: train-ai=n\nContent Usage: search=n\n";
        let answer = usage(text, "Bot", "/");
        assert_eq!(aipref(&answer, "train-ai").0, Preference::Disallow);
        assert_eq!(
            aipref(&answer, "search"),
            (Preference::Unknown, Some(2), Why::NotStated)
        );
    }

    #[test]
    fn content_signal_is_read_beside_content_usage() {
        let text =
            "User-agent: *\nContent-Signal: search=yes, ai-train=no, ai-input=maybe\nAllow: /\n\
            Content-Usage: train-ai=y\n";
        let answer = usage(text, "Bot", "/x");
        assert_eq!(
            signal(&answer, "search"),
            (Preference::Allow, Some(2), Why::Stated)
        );
        assert_eq!(
            signal(&answer, "ai-train"),
            (Preference::Disallow, Some(2), Why::Stated)
        );
        assert_eq!(
            signal(&answer, "ai-input"),
            (Preference::Unknown, Some(2), Why::NotYesOrNo)
        );
        assert_eq!(
            aipref(&answer, "train-ai"),
            (Preference::Allow, Some(4), Why::Stated)
        );
        let none = usage("User-agent: *\nDisallow: /a\n", "Bot", "/");
        assert_eq!(
            signal(&none, "search"),
            (Preference::Unknown, None, Why::NoRule)
        );
    }

    #[test]
    fn cloudflare_managed_files_merge_two_star_groups() {
        let text = "User-Agent: *\nContent-Signal: search=yes,ai-train=no\nAllow: /\n\n\
            User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /admin/\n";
        let answer = usage(text, "Bot", "/page");
        assert_eq!(
            signal(&answer, "ai-train"),
            (Preference::Disallow, Some(2), Why::Stated)
        );
        let blocked = usage(text, "GPTBot", "/page");
        assert_eq!(
            signal(&blocked, "ai-train"),
            (Preference::NotApplicable, Some(6), Why::NotCrawlable)
        );
    }

    #[test]
    fn lines_outside_groups_and_licences() {
        let text = "Content-Usage: train-ai=n\nLicense: https://example.com/license.xml\n\
            User-agent: *\nLicense: /terms.xml\n";
        let answer = usage(text, "Bot", "/");
        assert_eq!(aipref(&answer, "train-ai").2, Why::NoRule);
        let urls: Vec<(usize, bool)> = answer
            .licenses
            .iter()
            .map(|l| (l.line, l.absolute))
            .collect();
        assert_eq!(urls, [(2, true), (4, false)]);
    }

    #[test]
    fn a_path_ends_at_the_first_space() {
        let robots = RobotsTxt::parse(b"User-agent: *\nContent-Usage: /my page train-ai=n\n");
        let line = &robots.preference_lines()[0];
        assert_eq!(line.path.as_deref(), Some("/my"));
        assert_eq!(line.statement, "page train-ai=n");
        assert_eq!(
            line.syntax_error.unwrap().kind,
            SyntaxErrorKind::ExpectedComma
        );
    }

    #[test]
    fn status_that_blocks_everything_makes_preferences_not_applicable() {
        let robots =
            RobotsTxt::parse(b"User-agent: *\nContent-Usage: train-ai=y\nLicense: https://x/l\n");
        let checker = robots.checker(Profile::Google);
        let question = crate::Question::agent("Bot", "/").status("503".parse().unwrap());
        let answer = checker.ask_usage(&question).unwrap();
        assert_eq!(
            answer.content_usage[0].preference,
            Preference::NotApplicable
        );
        assert_eq!(answer.content_usage[0].line, None);
    }
}
