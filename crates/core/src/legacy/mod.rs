//! Readers that read the file their own way: CPython's `urllib.robotparser` (profile `python`)
//! and the original 1994 convention (profile `legacy-1994`).
//!
//! Both predate RFC 9309 and share its ancestors' model, which differs from Google's at every
//! step, so they are not a variation of the matcher but readers of their own:
//!
//! - the file is made of *records*, and a blank line ends one (Google ignores blank lines);
//! - the caller's name before `/` is compared with each record's user-agent values by a
//!   case-insensitive substring test, and the *first* record in file order that names it applies,
//!   else the first `*` record (Google merges every group that names the agent);
//! - within the record the *first* rule in file order whose path is a prefix of the URL decides
//!   (Google takes the longest pattern), and nothing is a wildcard.
//!
//! Each reader turns the parsed file ([`RobotsTxt::lines`]) into [`Record`]s once, when a
//! matcher below [`crate::Checker`] is made; [`Reading::check`] then answers with the same [`Verdict`] as the
//! matcher. In those verdicts:
//!
//! - [`AppliedGroup::index`] is the record's position among this reader's records, which are not
//!   [`RobotsTxt::groups`];
//! - [`RuleMatch::length`] is the length of the compared pattern, shown for information: under
//!   first-match it decides nothing;
//! - [`Verdict::agent_token`] is the caller's name as the reader compares it (cut at the first
//!   `/`, lower-cased), and [`crate::profile::AgentMatch`] is not used: each reader has its own agent test;
//! - [`Verdict::path`] is what a crawler requests, as for every profile, and
//!   [`Verdict::normalised_path`] what the reader compares, which for Python may not even start
//!   with `/` (`http://h?x` is compared as `%3Fx`).

mod koster1994;
mod python;
mod python_unicode;
mod python_url;

pub use python::{python_fetch_outcome, PythonFetchOutcome};

use crate::group::RuleKind;
use std::sync::Arc;

use crate::profile::{AgentMatch, Profile};
use crate::robots::RobotsTxt;
use crate::typed_url::RequestReading;
use crate::verdict::{AppliedGroup, Reason, RuleMatch, Verdict};

/// An error the modelled reader raises while reading the file, instead of reading on.
///
/// CPython's `RobotFileParser.parse()` raises `ValueError` when `urlparse` refuses a rule's path
/// (`Disallow: //[x]`) or when `int()` refuses a crawl-delay that `str.isdigit()` accepted
/// (`Crawl-delay: ²`). Records completed before that line stay, the rest of the file is never
/// read, and a caller that catches the error gets answers from what was read: the verdicts of
/// the `python` profile are those answers.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ReaderError {
    /// The line being read when the reader gave up.
    pub line: usize,
    /// What the reader says, in its words (Python's exception type and message).
    pub message: String,
}

/// The error `profile`'s reader raises while reading `robots`, if it raises one. Only the
/// `python` profile's reader can fail.
pub fn reader_error(robots: &RobotsTxt, profile: Profile) -> Option<ReaderError> {
    Reading::for_profile(robots, profile).and_then(|reading| reading.error)
}

/// Which reader made a [`Reading`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reader {
    Python,
    Koster1994,
}

/// A user-agent value of a record, as the reader compares it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RecordAgent {
    pub(crate) line: usize,
    name: String,
    /// `name` lower-cased, once rather than at every check.
    lowered: String,
    /// The octets of `lowered`, as [`octet_set`] gathers them.
    octets: u64,
}

impl RecordAgent {
    fn new(line: usize, name: String) -> RecordAgent {
        let lowered = name.to_lowercase();
        RecordAgent {
            line,
            octets: octet_set(&lowered),
            lowered,
            name,
        }
    }
}

/// A rule of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RecordRule {
    pub(crate) line: usize,
    /// What the rule answers when it is the first to match. Python turns an empty `Disallow:`
    /// into an allowing rule that matches everything.
    pub(crate) allow: bool,
    /// The value as written in the file (trimmed, comment removed). Shared, as the pattern
    /// of every verdict it decides and by the reading of each edited file that keeps the line
    /// (the audit's evidence reads many).
    written: Arc<str>,
    /// The path the reader compares URLs with, by prefix.
    pub(crate) compared: Arc<str>,
}

/// User-agent lines and the rules that follow them, up to the end of the record.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Record {
    pub(crate) agents: Vec<RecordAgent>,
    pub(crate) rules: Vec<RecordRule>,
    /// Every line the reader took into the record.
    pub(crate) lines: Vec<usize>,
}

impl Record {
    fn is_star(&self) -> bool {
        self.agents.iter().any(|agent| agent.name == "*")
    }
}

/// A file as one record-based reader understood it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Reading {
    reader: Reader,
    /// Every record the reader kept, in file order.
    records: Vec<Record>,
    /// The records searched by name, in order.
    named: Vec<usize>,
    /// The record for robots no other record names: the first `*` record.
    default: Option<usize>,
    error: Option<ReaderError>,
}

impl Reading {
    /// The reading of `robots` by `profile`'s reader, for profiles that have their own.
    pub(crate) fn for_profile(robots: &RobotsTxt, profile: Profile) -> Option<Reading> {
        match profile {
            Profile::Python => Some(python::read(robots)),
            Profile::Legacy1994 => Some(koster1994::read(robots)),
            Profile::Rfc9309 | Profile::Google => None,
        }
    }

    /// The reading of `edited` by the same reader, where `edited` is the file this reading read
    /// (`original`) with some lines changed and `old` gives the line of `original` that a line
    /// of `edited` stands for, if any. Python's reader makes each rule from its line's text
    /// alone: a rule line whose text is the same in both files is taken from this reading
    /// rather than read again (the audit's evidence reads a 1 MB file once per edit it asks).
    pub(crate) fn of_edit(
        &self,
        original: &RobotsTxt,
        edited: &RobotsTxt,
        old: &dyn Fn(usize) -> Option<usize>,
    ) -> Reading {
        if self.reader == Reader::Koster1994 {
            return koster1994::read(edited);
        }
        // Every rule, by line: records and their rules are in file order.
        let rules: Vec<&RecordRule> = self
            .records
            .iter()
            .flat_map(|record| &record.rules)
            .collect();
        // The lines asked about rise, and so nearly always do the lines they stand for: each
        // rule is looked for from where the last was found (natively; the page's wasm, whose
        // size budget is full, searches every rule for each line).
        let found = std::cell::Cell::new(0usize);
        let lines = original.lines();
        let known = |number: usize, text: &str| -> Option<RecordRule> {
            // Line 1 may carry a byte order mark that Python reads as part of it.
            let was = old(number).filter(|&was| was > 1 && number > 1)?;
            let from = found.get();
            let walks = cfg!(not(target_arch = "wasm32"))
                && from
                    .checked_sub(1)
                    .is_none_or(|last| rules.get(last).is_some_and(|rule| rule.line < was));
            let at = match walks {
                true => {
                    let mut at = from;
                    while rules.get(at).is_some_and(|rule| rule.line < was) {
                        at += 1;
                    }
                    at
                }
                false => rules.partition_point(|rule| rule.line < was),
            };
            found.set(at);
            let rule = *rules.get(at)?;
            // A line that Python splits into several makes several rules, or none from its
            // whole text: only a line read whole, and making one rule, is taken.
            let alone = rules.get(at + 1).is_none_or(|next| next.line != was);
            let same = match cfg!(not(target_arch = "wasm32")) {
                true => lines.text_is(was - 1, text),
                false => lines.text(was - 1) == Some(text),
            };
            (rule.line == was && alone && same).then(|| RecordRule {
                line: number,
                ..rule.clone()
            })
        };
        python::read_reusing(edited, &known)
    }

    /// Every record the reader kept, in file order (the consumers table reads them).
    pub(crate) fn records(&self) -> &[Record] {
        &self.records
    }

    /// For each record, whether any question is ever answered from it (a `*` record after the
    /// first is dropped by Python's reader and never read); and the default record's index.
    pub(crate) fn consulted(&self) -> (Vec<bool>, Option<usize>) {
        let mut consulted = vec![false; self.records.len()];
        for &index in self.named.iter().chain(&self.default) {
            consulted[index] = true;
        }
        (consulted, self.default)
    }

    /// The error the reader raised, if it stopped reading.
    pub(crate) fn error(&self) -> Option<&ReaderError> {
        self.error.as_ref()
    }

    fn new(reader: Reader, records: Vec<Record>, error: Option<ReaderError>) -> Reading {
        let default = records.iter().position(Record::is_star);
        let named = match reader {
            // `_add_entry`: a record with a `*` line is the default (or dropped, after the first)
            // and never searched by name.
            Reader::Python => (0..records.len())
                .filter(|&index| !records[index].is_star())
                .collect(),
            // A record naming the robot applies even when it also holds `*`.
            Reader::Koster1994 => (0..records.len()).collect(),
        };
        Reading {
            reader,
            records,
            named,
            default,
            error,
        }
    }

    /// The reader's answer for `agent` and what `request` requests (the question's URL, read
    /// once by the answering layer): the reader reads the request its own way, as it reads a
    /// URL it is given.
    pub(crate) fn check(
        &self,
        profile: Profile,
        agent: &str,
        request: &RequestReading<'_>,
        agent_match: AgentMatch,
    ) -> Verdict {
        let name = caller_name(agent);
        let path = request.requested_path();
        let compared = match (self.reader, request.path_only) {
            (Reader::Python, false) => python::request(&request.request),
            (Reader::Python, true) => python::request_of_path(&request.request),
            // The 1994 convention compares the path as requested.
            (Reader::Koster1994, _) => Ok(path.clone()),
        };
        let mut verdict = Verdict {
            agent: agent.to_owned(),
            agent_token: name.clone(),
            path,
            ..Verdict::unexplained(true, Reason::NoGroupApplies, profile, agent_match)
        };
        let request = compared;
        let compared = match request {
            Ok(compared) => compared,
            Err(_) => {
                // `can_fetch` raises: there is no answer, and a crawler must not fetch.
                verdict.allowed = false;
                verdict.reason = Reason::ReaderError;
                return verdict;
            }
        };
        let Some((index, used_star)) = self.record_of(&name) else {
            verdict.normalised_path = compared;
            return verdict;
        };
        let record = &self.records[index];
        verdict.used_star_group = used_star;
        let octets = octet_set(&name);
        verdict.groups = Arc::from([AppliedGroup {
            index,
            agent_lines: record.agents.iter().map(|agent| agent.line).collect(),
            matched_agent_lines: record
                .agents
                .iter()
                .filter(|agent| {
                    if used_star {
                        agent.name == "*"
                    } else {
                        self.names(agent, &name, octets)
                    }
                })
                .map(|agent| agent.line)
                .collect(),
            lines: record.lines.clone(),
        }]);
        verdict.matches = record
            .rules
            .iter()
            .filter(|rule| compared.starts_with(&*rule.compared))
            .map(|rule| RuleMatch {
                line: rule.line,
                kind: if rule.allow {
                    RuleKind::Allow
                } else {
                    RuleKind::Disallow
                },
                pattern: Arc::clone(&rule.written),
                normalised: Arc::clone(&rule.compared),
                length: rule.compared.len(),
                via_index_html: false,
            })
            .collect();
        verdict.decisive = verdict.matches.first().cloned();
        (verdict.allowed, verdict.reason) = match &verdict.decisive {
            Some(rule) => (rule.kind == RuleKind::Allow, Reason::RuleMatched),
            None => (true, Reason::NoRuleMatched),
        };
        verdict.normalised_path = compared;
        verdict
    }

    /// The record the caller `name` (already reduced) reads, and whether it is the default
    /// one: the first record searched by name that names it, else the default.
    fn record_of(&self, name: &str) -> Option<(usize, bool)> {
        let octets = octet_set(name);
        let by_name = self.named.iter().copied().find(|&index| {
            self.records[index]
                .agents
                .iter()
                .any(|agent| self.names(agent, name, octets))
        });
        by_name
            .map(|index| (index, false))
            .or(self.default.map(|index| (index, true)))
    }

    /// The lines of the record `agent` reads (none when no record applies): which record
    /// answers an agent, without an answer ([`Reading::check`] chooses the same).
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn record_lines(&self, agent: &str) -> &[usize] {
        self.record_of(&caller_name(agent))
            .map_or(&[], |(index, _)| &self.records[index].lines)
    }

    /// Whether a record's user-agent value names the caller (`name`, already reduced, whose
    /// octets are `octets`).
    fn names(&self, agent: &RecordAgent, name: &str, octets: u64) -> bool {
        // The audit's evidence asks which record every crawler and name reads, in the file and
        // in each edit of it, against every user-agent value: a value holding an octet the name
        // lacks cannot be in it, and that test is two instructions where the search is a hundred.
        let within = || agent.octets & !octets == 0 && contains(name, &agent.lowered);
        match self.reader {
            // `Entry.applies_to`: `*` names everyone, and so does an empty value.
            Reader::Python => agent.name == "*" || within(),
            // `*` is the default record, found as such; an empty value names no robot.
            Reader::Koster1994 => agent.name != "*" && !agent.name.is_empty() && within(),
        }
    }
}

/// Whether `name` contains `part`, as [`str::contains`] says: a short caller's name is compared
/// byte window by byte window, without the searcher `str::contains` sets up first. The audit's
/// evidence asks which record every crawler reads, in the file and in each edit of it, and
/// that setup, for every user-agent value of every record, was a tenth of its time.
fn contains(name: &str, part: &str) -> bool {
    /// Past this, the general search wins.
    const SHORT: usize = 64;
    let (haystack, needle) = (name.as_bytes(), part.as_bytes());
    match needle.len() {
        0 => true,
        length if length > haystack.len() => false,
        // UTF-8 is self-synchronising: a window equal to a whole string starts on a character.
        length if haystack.len() <= SHORT => {
            haystack.windows(length).any(|window| window == needle)
        }
        _ => name.contains(part),
    }
}

/// The octets `text` holds, as a set of 64 bits: each letter and digit its own bit, the other
/// octets sharing the rest. A text holds another only if its set holds the other's.
fn octet_set(text: &str) -> u64 {
    text.bytes().fold(0, |set, octet| {
        let bit = match octet {
            b'a'..=b'z' => octet - b'a',
            b'0'..=b'9' => 26 + (octet - b'0'),
            _ => 36 + octet % 28,
        };
        set | 1 << bit
    })
}

/// The caller's name as both readers compare it: the text before the first `/` (the name
/// without version information), lower-cased.
fn caller_name(agent: &str) -> String {
    agent.split('/').next().unwrap_or_default().to_lowercase()
}

/// Whether `c` lies in one of the sorted inclusive `ranges`.
fn in_ranges(c: char, ranges: &[(char, char)]) -> bool {
    ranges
        .binary_search_by(|&(low, high)| {
            if high < c {
                std::cmp::Ordering::Less
            } else if low > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_name_contains_what_str_contains_finds() {
        let long = "a".repeat(70);
        let texts = [
            "",
            "g",
            "googlebot",
            "googlebot-image",
            "bot",
            "é",
            "crawlé",
            "écrawl",
            "ab",
            "aab",
            "googlebot-news googlebot",
            &long,
        ];
        for name in texts {
            for part in texts {
                assert_eq!(
                    contains(name, part),
                    name.contains(part),
                    "{name:?} {part:?}"
                );
            }
        }
    }

    /// A text's octet set holds the set of every text it contains, so the set never turns away
    /// a value [`contains`] would find: every octet, and every pair of a name and a value cut
    /// from it.
    #[test]
    fn a_contained_text_has_no_octet_its_container_lacks() {
        for c in ('\0'..='\u{2ff}').chain(['\u{fffd}', '\u{1f916}']) {
            let text = c.to_string();
            assert_eq!(
                octet_set(&text) & !octet_set(&format!("x{text}y")),
                0,
                "{c:?}"
            );
        }
        let names = [
            "googlebot-image",
            "ia_archiver",
            "yandex.images",
            "crawlé 2.0",
            "bot",
        ];
        for name in names {
            for start in 0..=name.len() {
                for end in start..=name.len() {
                    let Some(part) = name.get(start..end) else {
                        continue;
                    };
                    assert_eq!(octet_set(part) & !octet_set(name), 0, "{name:?} {part:?}");
                }
            }
        }
        // And it does turn values away: the point of it.
        assert_ne!(octet_set("bingbot") & !octet_set("googlebot"), 0);
    }

    /// The reading of an edited file that takes rules from the original's reading is the
    /// reading of the edited file, whatever lines the map pairs: a rule is taken only from a
    /// line of the same text, and a line's text alone makes its rule. Python-only line breaks,
    /// a byte order mark, rules outside a record, a reading that stops at an error.
    #[test]
    fn an_edited_reading_is_the_reading_of_the_edited_file() {
        let files: [&[u8]; 7] = [
            b"User-agent: *\nDisallow: /a\nAllow: /a?b=1\n\nUser-agent: x\nDisallow:\n",
            b"Disallow: /orphan\nUser-agent: *\nDisallow: /a\nCrawl-delay: 5\nDisallow: /%7Ea\n",
            b"\xEF\xBB\xBFDisallow: /a\nUser-agent: *\nDisallow: /a\nDisallow: /b\x0bDisallow: /c\n",
            b"User-agent: *\nDisallow: /a\n\nDisallow: /a\nUser-agent: y\nDisallow: /a # c\n",
            b"User-agent: *\nDisallow: /a\nDisallow: http://[::1/x\nDisallow: /b\n",
            b"User-agent: *\r\nDisallow: /a\xC2\x85b\r\nDisallow: /a\r\nDisallow: //h/p\r\n",
            b"User-agent: *\nDisallow: /b\nDisallow: /a\nUser-agent: z\nDisallow: /a\nDisallow: /b",
        ];
        for original in files {
            let original = RobotsTxt::parse(original);
            let reading = python::read(&original);
            for edited in files {
                let edited = RobotsTxt::parse(edited);
                let expected = python::read(&edited);
                for shift in [-2isize, -1, 0, 1, 2] {
                    let old = |line: usize| line.checked_add_signed(shift);
                    assert_eq!(
                        reading.of_edit(&original, &edited, &old),
                        expected,
                        "{:?} read as an edit of {:?}, lines moved by {shift}",
                        String::from_utf8_lossy(edited.input()),
                        String::from_utf8_lossy(original.input()),
                    );
                }
            }
        }
    }

    fn check(profile: Profile, robots: &str, agent: &str, url: &str) -> Verdict {
        RobotsTxt::parse(robots.as_bytes()).checker(profile).check(
            agent,
            url,
            AgentMatch::Substring,
        )
    }

    /// `(row, robots, agent, url, allowed)`: the rows of the divergence matrix in
    /// `parsers.md` §2c, with the verdict CPython 3.11.7's robotparser gives (column PyL).
    #[rustfmt::skip]
    const DIVERGENCE_MATRIX: &[(u8, &str, &str, &str, bool)] = &[
        (1, "User-agent: *\nDisallow: /\nAllow: /public", "x", "/public", false),
        (2, "User-agent: *\nDisallow: /*.php$", "x", "/a.php", true),
        (3, "User-agent: *\nDisallow: /", "x", "/robots.txt", false),
        (4, "User-agent: *\nDisallow: /\nAllow: /dir/index.html", "x", "/dir/", false),
        (5, "User-agent: Googlebot/2.1\nDisallow: /", "Googlebot", "/", true),
        (6, "User-agent: bot\nDisallow: /", "Googlebot", "/", false),
        (7, "User-agent: Googlebot\nDisallow: /", "Googlebot-Image", "/", false),
        (8, "User-agent: *\nDisallow: /\nUser-agent: quxbot", "quxbot", "/x", false),
        (9, "User-agent: a\nSitemap: https://x/s.xml\nUser-agent: b\nDisallow: /", "a", "/", false),
        (10, "User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /", "a", "/", true),
        (11, "User-agent: *\nDisallow:\nDisallow: /", "x", "/a", true),
        (12, "User-agent: *\nDisallow /", "x", "/a", true),
        (13, "User-agent: *\nDisalow: /", "x", "/a", true),
        (14, "User-agent: *\nDisallowed: /", "x", "/a", true),
        (15, "\u{feff}User-agent: *\nDisallow: /", "x", "/a", true),
        (16, "User-agent: *\nDisallow: /%62", "x", "/b", false),
        (17, "User-agent: *\nDisallow: /a-%2A", "x", "/a-*", false),
        (18, "User-agent: *\nDisallow: /ツ", "x", "/ツ", false),
        (19, "User-agent: *\nAllow: /page\nDisallow: /page$", "x", "/page", true),
        (20, "User-agent: *\nAllow: /fish\nDisallow: /fish*", "x", "/fish", true),
        (21, "User-agent: *\nAllow: /x/page.\nDisallow: /*.html", "x", "/x/page.html", true),
        (22, "User-agent: *\nDisallow: /a$b", "x", "/a$b", false),
        (23, "User-agent: *\nDisallow: /a$", "x", "/a#frag", true),
        (24, "User-agent: MJ12bot\nDisallow: /", "MJ12bot", "/", false),
        (25, "User-agent: *\nDisallow: /a b", "x", "/a%20b", false),
        (26, "Disallow: /secret", "x", "/secret", true),
        (27, "User-agent: *\nAllow: /\n\nUser-agent: *\nDisallow: /a", "x", "/a", true),
        (28, "User-agent: FooBot\n\nDisallow: /", "FooBot", "/", true),
        (29, "User-agent: Googlebot Images\nDisallow: /", "Googlebot", "/", true),
    ];

    #[test]
    fn python_agrees_with_every_row_of_the_divergence_matrix() {
        let wrong: Vec<u8> = DIVERGENCE_MATRIX
            .iter()
            .filter(|(_, robots, agent, url, allowed)| {
                check(Profile::Python, robots, agent, url).allowed != *allowed
            })
            .map(|(row, ..)| *row)
            .collect();
        assert!(wrong.is_empty(), "rows answered unlike CPython: {wrong:?}");
    }

    #[test]
    fn python_takes_the_first_matching_rule_and_says_which() {
        let verdict = check(
            Profile::Python,
            "User-agent: *\nDisallow: /\nAllow: /public",
            "x",
            "https://example.com/public/page",
        );
        assert!(!verdict.allowed);
        assert_eq!(verdict.reason, Reason::RuleMatched);
        let decisive = verdict.decisive.unwrap();
        assert_eq!((decisive.line, decisive.kind), (2, RuleKind::Disallow));
        assert_eq!(&*decisive.normalised, "/");
        assert_eq!(verdict.matches.len(), 2, "the Allow matched too, too late");
        assert!(verdict.used_star_group);
        assert_eq!(verdict.groups[0].agent_lines, [1]);
        assert_eq!(verdict.normalised_path, "/public/page");
    }

    #[test]
    fn python_reads_an_empty_disallow_as_an_allow_that_matches_everything() {
        let verdict = check(
            Profile::Python,
            "User-agent: *\nDisallow:\nDisallow: /",
            "x",
            "/a",
        );
        assert!(verdict.allowed);
        let decisive = verdict.decisive.unwrap();
        assert_eq!((decisive.line, decisive.kind), (2, RuleKind::Allow));
    }

    #[test]
    fn python_keeps_only_the_first_star_record_and_searches_names_first() {
        let robots = "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n\n\
                      User-agent: foo\nDisallow: /c\n\nUser-agent: FooBot\nDisallow: /d";
        let verdict = check(Profile::Python, robots, "Other", "/b");
        assert!(verdict.allowed, "the second * record is dropped");
        let verdict = check(Profile::Python, robots, "FooBot/2.1", "/d");
        assert!(verdict.allowed, "`foo` names FooBot first");
        assert_eq!(verdict.agent_token, "foobot");
        assert_eq!(verdict.groups[0].matched_agent_lines, [7]);
        assert_eq!(verdict.groups[0].index, 2);
        assert!(!check(Profile::Python, robots, "FooBot/2.1", "/c").allowed);
    }

    /// The record a name reads is the first that a naive scan (`str::contains` over every value,
    /// as CPython's `applies_to` does) finds, under both readers: the octet sets only skip
    /// values that cannot match. Values and names share and lack octets in every way here: a
    /// value inside a longer one, digits, punctuation, non-ASCII, an empty value, `*`.
    #[test]
    fn the_record_a_name_reads_is_the_first_a_naive_scan_finds() {
        let values = [
            "",
            "*",
            "bot",
            "googlebot",
            "Googlebot-Image",
            "bingbot",
            "ia_archiver",
            "MJ12bot",
            "yandex.images",
            "crawlé",
            "gpt",
            "GPTBot",
            "x",
            "2.0",
        ];
        let names = [
            "googlebot",
            "googlebot-image",
            "bingbot",
            "ia_archiver",
            "mj12bot",
            "gptbot",
            "crawlé 2.0",
            "yandeximages",
            "yandex.images",
            "x",
            "",
            "other",
            "robot",
        ];
        for profile in [Profile::Python, Profile::Legacy1994] {
            // Every value alone in a record, in turn first of the file.
            for first in 0..values.len() {
                let mut text = String::new();
                for value in values[first..].iter().chain(&values[..first]) {
                    text.push_str(&format!(
                        "User-agent: {value}
Disallow: /x

"
                    ));
                }
                let robots = RobotsTxt::parse(text.as_bytes());
                let reading = Reading::for_profile(&robots, profile).unwrap();
                for name in names {
                    let naive = reading
                        .named
                        .iter()
                        .copied()
                        .find(|&index| {
                            reading.records[index]
                                .agents
                                .iter()
                                .any(|agent| match profile {
                                    Profile::Python => {
                                        agent.name == "*" || name.contains(agent.lowered.as_str())
                                    }
                                    _ => {
                                        agent.name != "*"
                                            && !agent.name.is_empty()
                                            && name.contains(agent.lowered.as_str())
                                    }
                                })
                        })
                        .map(|index| (index, false))
                        .or(reading.default.map(|index| (index, true)));
                    assert_eq!(
                        reading.record_of(name),
                        naive,
                        "{profile:?} {name:?} {text:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn python_lines_of_spaces_and_comments_do_not_end_a_record() {
        let robots = "User-agent: FooBot\n   \n# note\nDisallow: /";
        assert!(!check(Profile::Python, robots, "FooBot", "/x").allowed);
        assert!(check(Profile::Legacy1994, robots, "FooBot", "/x").allowed);
    }

    #[test]
    fn python_stops_reading_where_parse_raises() {
        let robots = "User-agent: a\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\nDisallow: //[x]/";
        let parsed = RobotsTxt::parse(robots.as_bytes());
        let error = reader_error(&parsed, Profile::Python).unwrap();
        assert_eq!(error.line, 6);
        assert!(
            error.message.starts_with("ValueError: "),
            "{}",
            error.message
        );
        assert!(reader_error(&parsed, Profile::Legacy1994).is_none());
        assert!(reader_error(&parsed, Profile::Google).is_none());
        let checker = parsed.checker(Profile::Python);
        assert!(!checker.check("a", "/a", AgentMatch::Token).allowed);
        assert!(
            checker.check("x", "/b", AgentMatch::Token).allowed,
            "the unfinished * record is lost"
        );
    }

    #[test]
    fn python_can_fetch_raising_is_not_an_allow() {
        let verdict = check(
            Profile::Python,
            "User-agent: *\nAllow: /",
            "x",
            "http://[x/a",
        );
        assert!(!verdict.allowed);
        assert_eq!(verdict.reason, Reason::ReaderError);
    }

    #[test]
    fn python_crawl_delay_closes_the_agent_list_and_keeps_the_record() {
        let robots = "User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n\n\
                      User-agent: *\nDisallow: /";
        let verdict = check(Profile::Python, robots, "a", "/x");
        assert!(verdict.allowed);
        assert_eq!(verdict.reason, Reason::NoRuleMatched);
        assert_eq!(verdict.groups[0].lines, [1, 2]);
    }

    #[test]
    fn record_readers_ask_a_fallback_chain_with_its_first_name() {
        let robots =
            RobotsTxt::parse(b"User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nAllow: /");
        let chain = [
            crate::verdict::ChainStep::Token("Googlebot-Image"),
            crate::verdict::ChainStep::Token("Googlebot"),
            crate::verdict::ChainStep::Star,
        ];
        for profile in [Profile::Python, Profile::Legacy1994] {
            let verdict = robots.checker(profile).check_chain(&chain, "/a");
            assert!(
                !verdict.allowed,
                "{profile}: `googlebot` is in `googlebot-image`"
            );
            assert_eq!(verdict.agent_token, "googlebot-image");
            assert_eq!(verdict.chain_step, None);
        }
    }

    #[test]
    fn legacy_1994_ignores_allow_and_takes_wildcards_literally() {
        let robots = "User-agent: *\nDisallow: /private\nAllow: /private/press\nDisallow: /*.php";
        let verdict = check(Profile::Legacy1994, robots, "x", "/private/press");
        assert!(!verdict.allowed);
        assert_eq!(verdict.decisive.unwrap().line, 2);
        assert!(check(Profile::Legacy1994, robots, "x", "/a.php").allowed);
        assert!(!check(Profile::Legacy1994, robots, "x", "/*.php").allowed);
        assert!(
            check(
                Profile::Legacy1994,
                "User-agent: *\nDisallow: /a$",
                "x",
                "/a"
            )
            .allowed
        );
    }

    #[test]
    fn legacy_1994_matches_by_prefix_as_the_text_shows() {
        let help = "User-agent: *\nDisallow: /help";
        assert!(!check(Profile::Legacy1994, help, "x", "/help.html").allowed);
        assert!(!check(Profile::Legacy1994, help, "x", "/help/index.html").allowed);
        let dir = "User-agent: *\nDisallow: /help/";
        assert!(check(Profile::Legacy1994, dir, "x", "/help.html").allowed);
        assert!(!check(Profile::Legacy1994, dir, "x", "/help/index.html").allowed);
        assert!(
            check(Profile::Legacy1994, help, "x", "/Help").allowed,
            "case matters"
        );
        let tilde = "User-agent: *\nDisallow: /%7Ejoe";
        assert!(
            check(Profile::Legacy1994, tilde, "x", "/~joe").allowed,
            "nothing decoded"
        );
        assert!(
            !check(
                Profile::Legacy1994,
                "User-agent: *\nDisallow: /ツ",
                "x",
                "/ツ"
            )
            .allowed
        );
    }

    #[test]
    fn legacy_1994_empty_disallow_restricts_nothing() {
        assert!(check(Profile::Legacy1994, "User-agent: *\nDisallow:", "x", "/a").allowed);
        let both = "User-agent: *\nDisallow:\nDisallow: /";
        let verdict = check(Profile::Legacy1994, both, "x", "/a");
        assert!(
            !verdict.allowed,
            "unlike Python, the empty value is no rule that matches"
        );
        assert_eq!(verdict.decisive.unwrap().line, 3);
    }

    #[test]
    fn legacy_1994_records_end_at_blank_lines_and_need_a_disallow() {
        let robots = "User-agent: FooBot\n\nDisallow: /x\n\nUser-agent: *\nDisallow: /";
        let verdict = check(Profile::Legacy1994, robots, "FooBot", "/a");
        assert!(
            !verdict.allowed,
            "FooBot's line forms no record, so * applies"
        );
        assert!(verdict.used_star_group);
        let commented =
            "User-agent: FooBot\n# only a comment\nDisallow: /x\n\nUser-agent: *\nDisallow: /";
        assert!(check(Profile::Legacy1994, commented, "FooBot", "/a").allowed);
        let no_blank = "User-agent: FooBot\nDisallow: /x\nUser-agent: *\nDisallow: /";
        let verdict = check(Profile::Legacy1994, no_blank, "FooBot", "/a");
        assert!(
            verdict.allowed,
            "a User-agent line after Disallow starts a record"
        );
        assert_eq!(verdict.groups[0].agent_lines, [1]);
    }

    #[test]
    fn legacy_1994_takes_the_first_record_naming_the_robot_before_star() {
        let robots = "User-agent: *\nDisallow: /\n\nUser-agent: webcrawler\nDisallow: /tmp\n\n\
                      User-agent: WebCrawler\nDisallow: /a\n\nUser-agent: *\nDisallow: /b";
        let verdict = check(Profile::Legacy1994, robots, "WebCrawler/3.0", "/a");
        assert!(verdict.allowed, "the first record naming it applies, alone");
        assert_eq!(verdict.agent_token, "webcrawler");
        assert!(!check(Profile::Legacy1994, robots, "WebCrawler/3.0", "/tmp/x").allowed);
        assert!(!check(Profile::Legacy1994, robots, "Other", "/b/c").allowed);
        let first_star = check(Profile::Legacy1994, robots, "Other", "/b");
        assert_eq!(
            first_star.decisive.unwrap().line,
            2,
            "the first * record is used"
        );
    }

    #[test]
    fn legacy_1994_knows_only_exact_field_names() {
        for robots in [
            "User-agent: *\nDisalow: /",
            "User-agent: *\nDisallowed: /",
            "User-agent: *\nDisallow /",
            "Useragent: *\nDisallow: /",
        ] {
            assert!(
                check(Profile::Legacy1994, robots, "x", "/a").allowed,
                "{robots:?}"
            );
        }
        assert!(!check(Profile::Legacy1994, "USER-AGENT: *\ndisallow: /", "x", "/a").allowed);
    }
}
