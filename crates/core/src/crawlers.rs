//! The crawler catalogue: who crawls, why, which product tokens they obey and in what order.
//!
//! One file usually treats crawlers differently, and the question people ask most is "which
//! search engines and which AI crawlers may fetch this?". Answering it needs more than RFC
//! 9309's rule (a crawler's own groups, else `*`), because real crawlers document fallbacks:
//! Googlebot-Image obeys the Googlebot group when it has none of its own, Applebot does too,
//! AdsBot-Google ignores `*`, bingbot obeys an `msnbot` group, Yandex robots obey `Yandex`.
//!
//! Each crawler's fallbacks are data, an ordered chain of [`ChainStep`]s, not code in the
//! matcher: asked as a crawler ([`Question::crawler`]), [`Checker::ask`] walks the chain and takes
//! the groups of the first step that finds any. The catalogue itself lives in `data/crawlers.json`, with a source for every claim;
//! the build script validates it and compiles it into the static table [`crawlers`] returns, so
//! the wasm build carries no JSON parser.
//!
//! ```
//! use robots_lens::{find_crawler, recognise_crawler, Profile, Question, Reason, RobotsTxt};
//!
//! let robots = RobotsTxt::parse(b"User-agent: Googlebot\nDisallow: /drafts/\n");
//! let checker = robots.checker(Profile::Google);
//!
//! // Googlebot-Image has no group here, so it follows Googlebot's.
//! let image = find_crawler("googlebot-image").unwrap();
//! let verdict = checker.ask_verdict(&Question::crawler(image, "/drafts/cat.png")).unwrap();
//! assert!(!verdict.allowed);
//! let step = verdict.chain_step.unwrap();
//! assert_eq!(step.token.as_deref(), Some("Googlebot"));
//! assert!(step.fallback);
//!
//! // A pasted user agent string names its crawler.
//! let ua = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
//! assert_eq!(recognise_crawler(ua).unwrap().crawler.name, "GPTBot");
//!
//! // GPTBot has no group and there is no `*` group: nothing restricts it.
//! let gptbot = find_crawler("GPTBot").unwrap();
//! let answer = checker.ask(&Question::crawler(gptbot, "/drafts/"));
//! assert_eq!(answer.reason(), Some(Reason::NoGroupApplies));
//! ```
//!
//! # Overview
//!
//! - [`crawlers`], [`find_crawler`], [`recognise_crawler`]: the catalogue and lookups by name,
//!   token or full user agent string.
//! - [`Checker::ask`] with [`Question::crawler`]: a verdict along a fallback chain;
//!   [`Verdict::chain_step`] says which step applied and whether it was a fallback.
//! - [`Checker::summarise_chain`]: what the whole file means for one crawler ("blocked from
//!   everything", "3 rules", …).
//! - [`Checker::ask_crawler_table`]: one row per catalogued crawler for a URL and a fetch status.
//!
//! Token-only entries (Google-Extended, Applebot-Extended) never fetch anything: their verdict
//! says whether content may be used for a purpose, not whether it is crawled. User-triggered
//! fetchers may ignore the file ([`RobotsTxtCompliance`]); their verdict is still what the file
//! asks of them.

use std::fmt;
use std::sync::Arc;

use crate::answer::{Checker, Question, Who};
use crate::catalogue::{crawlers, Crawler, Purpose};
use crate::group::RuleKind;
use crate::lines::{Line, LineKind};
use crate::rules::RuleIndex;
use crate::status::{crawler_status_handling, FetchStatus, StatusEffect};
use crate::typed_url::{InvalidUrl, RequestReading};
use crate::verdict::{AppliedGroup, ChainStep, UsedStep, Verdict};

/// What the whole file allows one crawler, before looking at any URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Access {
    /// No rule can disallow any path: no group applies, or its Disallow lines are empty or
    /// cannot match a path.
    Everything,
    /// A Disallow matches every path (`/`, `*`, `/*`, …) and no Allow is long enough to win
    /// against it anywhere. `/robots.txt` itself stays allowed under the RFC 9309 profile.
    Nothing,
    /// Some paths are disallowed (possibly all: the summary only claims [`Access::Nothing`]
    /// when it is certain).
    Partial,
}

/// A crawler's whole-file summary: "blocked from everything", "3 rules", "allowed everywhere".
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FileSummary {
    /// What the crawler may fetch.
    pub access: Access,
    /// How many Allow and Disallow lines the applied groups hold (within the size limit).
    pub rules: usize,
    /// The groups that apply, merged (shared with the verdicts that use them).
    pub groups: Arc<[AppliedGroup]>,
    /// The `*` groups apply.
    pub used_star_group: bool,
    /// The step of the chain whose groups apply; `None` when no group applies.
    pub chain_step: Option<UsedStep>,
    /// For [`Access::Nothing`] decided by the file: the Disallow line that blocks every path.
    pub blocking_line: Option<usize>,
    /// When the fetch status decides instead of the file: what it does.
    pub status: Option<StatusEffect>,
}

impl fmt::Display for FileSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.status {
            Some(StatusEffect::AllowAll) => {
                return f.write_str("allowed everywhere (the file is unavailable)")
            }
            Some(StatusEffect::DisallowAll) => {
                return f.write_str("blocked from everything (the file is unreachable)")
            }
            Some(StatusEffect::ParseFile) | None => {}
        }
        match self.access {
            Access::Nothing => f.write_str("blocked from everything")?,
            Access::Everything => f.write_str("allowed everywhere")?,
            Access::Partial if self.rules == 1 => f.write_str("1 rule")?,
            Access::Partial => write!(f, "{} rules", self.rules)?,
        }
        match &self.chain_step {
            _ if self.groups.is_empty() => f.write_str(" (no group applies)"),
            _ if self.used_star_group => f.write_str(" (no group of its own: follows *)"),
            Some(UsedStep {
                token: Some(token),
                fallback: true,
                ..
            }) => write!(f, " (no group of its own: follows {token})"),
            _ => Ok(()),
        }
    }
}

/// One crawler's line of the all-crawlers table.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CrawlerRow {
    /// The crawler (its name, in JSON).
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::catalogue::serialize_name")
    )]
    pub crawler: &'static Crawler,
    /// Its verdict for the URL, under the fetch status.
    pub verdict: Verdict,
    /// What the whole file allows it, under the fetch status.
    pub summary: FileSummary,
    /// When the crawler's operator handles the fetch status otherwise than RFC 9309 (Google and
    /// 429): the verdict under RFC 9309's rules, which answers differently.
    pub rfc_status_reading: Option<Verdict>,
}

impl Checker<'_> {
    /// The all-crawlers table for `url` as typed, the file served with `status`: the URL read
    /// once as [`Checker::ask`] reads it, then one row per catalogued crawler, in catalogue
    /// order, whose verdict is the one [`Checker::ask`] gives that crawler (its chain, its
    /// operator's status handling), with its whole-file summary.
    pub fn ask_crawler_table(
        &self,
        url: &str,
        status: &FetchStatus,
    ) -> Result<Vec<CrawlerRow>, InvalidUrl> {
        let reading = self.read(&Question::new(Who::Agent(""), url))?;
        Ok(self.crawler_table(&reading, status))
    }

    /// What the whole file allows a crawler that follows `chain`: computed from the groups the
    /// chain selects, within the size limit, for this checker's profile.
    pub fn summarise_chain(&self, chain: &[ChainStep<'_>]) -> FileSummary {
        self.summarise_chain_sharing(chain, &mut Vec::new())
    }

    /// [`Checker::summarise_chain`], taking what `read` holds of the rule indexes read before:
    /// the crawlers of a table that obey the same rules (the `*` groups, for most) have them
    /// read once, where each read every rule again.
    fn summarise_chain_sharing(
        &self,
        chain: &[ChainStep<'_>],
        read: &mut Vec<(Arc<RuleIndex>, RuleFacts)>,
    ) -> FileSummary {
        let matcher = self.matcher();
        if matcher.reads_records() {
            return self.summarise_record(chain);
        }
        let selected = matcher.chain_rules(chain);
        let facts = match read
            .iter()
            .find(|(rules, _)| Arc::ptr_eq(rules, &selected.rules))
        {
            Some(&(_, facts)) => facts,
            None => {
                let facts = self.rule_facts(&selected.rules);
                read.push((Arc::clone(&selected.rules), facts));
                facts
            }
        };
        let access = match (facts.blocking_line, facts.can_disallow) {
            (Some(_), _) => Access::Nothing,
            (None, false) => Access::Everything,
            (None, true) => Access::Partial,
        };
        FileSummary {
            access,
            rules: facts.rules,
            groups: selected.groups,
            used_star_group: selected.used_star_group,
            chain_step: selected.chain_step,
            blocking_line: facts.blocking_line,
            status: None,
        }
    }

    /// What the rules of `index` allow, whoever obeys them.
    fn rule_facts(&self, index: &RuleIndex) -> RuleFacts {
        let mut rules = 0;
        let mut longest_allow = 0;
        let mut can_disallow = false;
        // The longest Disallow that matches every path: (line, length).
        let mut universal: Option<(usize, usize)> = None;
        self.matcher()
            .for_each_rule(index, &mut |rule, pattern, length| {
                rules += 1;
                if length == 0 || !can_match_a_path(pattern) {
                    return;
                }
                match rule.kind {
                    RuleKind::Allow => longest_allow = longest_allow.max(length),
                    RuleKind::Disallow => {
                        can_disallow = true;
                        // The longest, and the first line of the longest: the rules come in no
                        // particular order.
                        if matches_every_path(pattern)
                            && universal.is_none_or(|(line, longest)| {
                                (length, std::cmp::Reverse(rule.line))
                                    > (longest, std::cmp::Reverse(line))
                            })
                        {
                            universal = Some((rule.line, length));
                        }
                    }
                }
            });
        // Allow wins a tie, so only an Allow strictly shorter than the universal Disallow is
        // certain to lose everywhere; a longer one might win somewhere.
        let blocking_line = universal
            .filter(|&(_, length)| longest_allow < length)
            .map(|(line, _)| line);
        RuleFacts {
            rules,
            blocking_line,
            can_disallow,
        }
    }

    /// [`Checker::summarise_chain`] for the record readers (`python`, `legacy-1994`), which know
    /// no chain: the crawler's own token picks the record, and rules apply first-match by plain
    /// prefix. Only a first rule `Disallow: /` blocks every path for certain.
    fn summarise_record(&self, chain: &[ChainStep<'_>]) -> FileSummary {
        let verdict = self.check_chain(chain, "/");
        let robots = self.robots();
        let reads_allow = self.profile().spec().allow_lines;
        let rules: Vec<Line<'_>> = verdict
            .groups
            .iter()
            .flat_map(|group| &group.lines)
            .filter_map(|&number| robots.line(number))
            .filter(|line| {
                line.kind == LineKind::Disallow || (reads_allow && line.kind == LineKind::Allow)
            })
            .collect();
        let blocking_line = rules
            .first()
            .filter(|line| line.kind == LineKind::Disallow && line.value_bytes() == b"/")
            .map(|line| line.number);
        let can_disallow = rules
            .iter()
            .any(|line| line.kind == LineKind::Disallow && !line.value_bytes().is_empty());
        FileSummary {
            access: match (blocking_line, can_disallow) {
                (Some(_), _) => Access::Nothing,
                (None, false) => Access::Everything,
                (None, true) => Access::Partial,
            },
            rules: rules.len(),
            groups: Arc::clone(&verdict.groups),
            used_star_group: verdict.used_star_group,
            chain_step: None,
            blocking_line,
            status: None,
        }
    }

    /// The all-crawlers table for the request `reading` found, one row per catalogued crawler.
    pub(crate) fn crawler_table(
        &self,
        reading: &RequestReading<'_>,
        status: &FetchStatus,
    ) -> Vec<CrawlerRow> {
        let mut read = Vec::new();
        crawlers()
            .iter()
            .map(|crawler| {
                let effect = crawler_status_handling(crawler, status, self.profile()).effect;
                let mut summary = self.summarise_chain_sharing(crawler.chain, &mut read);
                if effect != StatusEffect::ParseFile {
                    summary.status = Some(effect);
                    summary.access = if effect == StatusEffect::AllowAll {
                        Access::Everything
                    } else {
                        Access::Nothing
                    };
                    summary.blocking_line = None;
                }
                let (verdict, rfc_status_reading) = self.crawler_verdict(crawler, reading, status);
                CrawlerRow {
                    crawler,
                    verdict,
                    summary,
                    rfc_status_reading,
                }
            })
            .collect()
    }
}

impl Checker<'_> {
    /// A row's verdict: what [`Checker::ask`] answers `crawler` for the request `reading`
    /// found, the file served with `status`, and RFC 9309's reading of the status beside it.
    fn crawler_verdict(
        &self,
        crawler: &'static Crawler,
        reading: &RequestReading<'_>,
        status: &FetchStatus,
    ) -> (Verdict, Option<Verdict>) {
        let answer = self.ask_read(&Question::crawler(crawler, "").status(*status), reading);
        (answer.0, answer.1)
    }
}

/// What a set of rules allows, whoever obeys them ([`Checker::summarise_chain`]).
#[derive(Debug, Clone, Copy)]
struct RuleFacts {
    /// How many Allow and Disallow lines there are.
    rules: usize,
    /// The Disallow line that blocks every path, if one does.
    blocking_line: Option<usize>,
    /// Whether some rule can disallow some path.
    can_disallow: bool,
}

/// How many crawlers of one kind a table counts, and how many of them may fetch the URL.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Tally {
    /// Crawlers of the kind.
    pub total: usize,
    /// Of those, the ones whose verdict allows the URL.
    pub allowed: usize,
}

impl Tally {
    /// Crawlers of the kind that may not fetch the URL.
    pub fn blocked(self) -> usize {
        self.total - self.allowed
    }
}

/// The AI crawlers of a [`Checker::ask_crawler_table`] in three numbers: "training: 7 of 9 blocked ·
/// answers: 2 of 4 may fetch · user-triggered: 4 may fetch".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AiSummary {
    /// [`Purpose::AiTraining`], token-only crawlers included: blocking those keeps the content
    /// out of training without changing any crawl.
    pub training: Tally,
    /// [`Purpose::AiSearch`]: crawlers that fetch for AI answers and grounding.
    pub answers: Tally,
    /// [`Purpose::UserTriggered`]: fetchers a person's request sends.
    pub user_triggered: Tally,
}

/// Counts the AI crawlers of `rows` by purpose and verdict.
pub fn ai_summary(rows: &[CrawlerRow]) -> AiSummary {
    let mut summary = AiSummary::default();
    for row in rows {
        let tally = match row.crawler.purpose {
            Purpose::AiTraining => &mut summary.training,
            Purpose::AiSearch => &mut summary.answers,
            Purpose::UserTriggered => &mut summary.user_triggered,
            _ => continue,
        };
        tally.total += 1;
        tally.allowed += usize::from(row.verdict.allowed);
    }
    summary
}

/// A request path always starts with `/`, so only a pattern starting with `/` or `*` can match
/// one (`$` alone matches only the empty path).
fn can_match_a_path(pattern: &[u8]) -> bool {
    matches!(pattern.first(), Some(b'/' | b'*'))
}

/// Whether a pattern, as compared, matches every request path. A path is `/` followed by
/// anything, so the pattern may hold stars and at most one `/`; a final `$` must follow a star
/// for the end of any path to be reachable. Escapes such as the RFC's `%2A` are literal octets
/// here, as they are to the matcher.
pub(crate) fn matches_every_path(pattern: &[u8]) -> bool {
    let (body, anchored) = match pattern.strip_suffix(b"$") {
        Some(body) => (body, true),
        None => (pattern, false),
    };
    if body.is_empty() || (anchored && !body.ends_with(b"*")) {
        return false;
    }
    let mut literals = body.iter().copied().filter(|&b| b != b'*');
    matches!(
        (literals.next(), literals.next()),
        (None | Some(b'/'), None)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn universal_patterns_are_recognised() {
        for pattern in ["/", "*", "/*", "**", "*/", "/**", "*$", "/*$", "*/*$"] {
            assert!(matches_every_path(pattern.as_bytes()), "{pattern}");
        }
        for pattern in [
            "", "$", "/$", "*/$", "//", "/*/**", "/a", "/*a", "%2A", "/%2A",
        ] {
            assert!(!matches_every_path(pattern.as_bytes()), "{pattern}");
        }
    }

    #[test]
    fn only_slash_and_star_patterns_can_match_a_path() {
        assert!(can_match_a_path(b"/x"));
        assert!(can_match_a_path(b"*x"));
        assert!(!can_match_a_path(b"x/"));
        assert!(!can_match_a_path(b"$"));
        assert!(!can_match_a_path(b""));
    }
}
