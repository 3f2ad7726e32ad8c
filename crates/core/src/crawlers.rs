//! The crawler catalogue: who crawls, why, which product tokens they obey and in what order.
//!
//! One file usually treats crawlers differently, and the question people ask most is "which
//! search engines and which AI crawlers may fetch this?". Answering it needs more than RFC
//! 9309's rule (a crawler's own groups, else `*`), because real crawlers document fallbacks:
//! Googlebot-Image obeys the Googlebot group when it has none of its own, Applebot does too,
//! AdsBot-Google ignores `*`, bingbot obeys an `msnbot` group, Yandex robots obey `Yandex`.
//!
//! Each crawler's fallbacks are data, an ordered chain of [`ChainStep`]s, not code in the
//! matcher: [`Checker::check_chain`] walks the chain and takes the groups of the first step that
//! finds any. The catalogue itself lives in `data/crawlers.json`, with a source for every claim;
//! the build script validates it and compiles it into the static table [`crawlers`] returns, so
//! the wasm build carries no JSON parser.
//!
//! ```
//! use robots_lens::{find_crawler, recognise_crawler, Profile, Reason, RobotsTxt};
//!
//! let robots = RobotsTxt::parse(b"User-agent: Googlebot\nDisallow: /drafts/\n");
//! let checker = robots.checker(Profile::Google);
//!
//! // Googlebot-Image has no group here, so it follows Googlebot's.
//! let image = find_crawler("googlebot-image").unwrap();
//! let verdict = checker.check_crawler(image, "/drafts/cat.png");
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
//! assert_eq!(checker.check_crawler(gptbot, "/drafts/").reason, Reason::NoGroupApplies);
//! ```
//!
//! # Overview
//!
//! - [`crawlers`], [`find_crawler`], [`recognise_crawler`]: the catalogue and lookups by name,
//!   token or full user agent string.
//! - [`Checker::check_crawler`] and [`Checker::check_chain`]: a verdict along a fallback chain;
//!   [`Verdict::chain_step`] says which step applied and whether it was a fallback.
//! - [`Checker::summarise_chain`]: what the whole file means for one crawler ("blocked from
//!   everything", "3 rules", …).
//! - [`Checker::crawler_table`]: one row per catalogued crawler for a URL and a fetch status.
//!
//! Token-only entries (Google-Extended, Applebot-Extended) never fetch anything: their verdict
//! says whether content may be used for a purpose, not whether it is crawled. User-triggered
//! fetchers may ignore the file ([`RobotsTxtCompliance`]); their verdict is still what the file
//! asks of them.

use std::fmt;

use crate::matcher::{AppliedGroup, Checker, GroupSelection, Verdict};
use crate::status::{crawler_status_handling, FetchStatus, StatusEffect};
use crate::{Line, LineKind, RuleKind};

/// A document that backs a claim of the catalogue.
#[derive(Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Source {
    /// A short identifier, unique in the catalogue.
    pub id: &'static str,
    /// What the document is and what it says that matters here.
    pub title: &'static str,
    /// Where to read it.
    pub url: &'static str,
}

/// What a crawler's fetches are for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Purpose {
    /// A search engine's index.
    Search,
    /// Collecting content to train AI models (or, for a token, permission to).
    AiTraining,
    /// Finding pages for an AI assistant's answers and citations.
    AiSearch,
    /// Fetching a page because a person asked an assistant for it.
    UserTriggered,
    /// An SEO tool's link and site index.
    SeoTool,
    /// A web archive.
    Archive,
    /// Checking ad landing pages or choosing ads.
    Ads,
    /// Anything else.
    Other,
}

impl Purpose {
    /// Every purpose, in the order the page lists them.
    pub const ALL: [Purpose; 8] = [
        Purpose::Search,
        Purpose::AiTraining,
        Purpose::AiSearch,
        Purpose::UserTriggered,
        Purpose::SeoTool,
        Purpose::Archive,
        Purpose::Ads,
        Purpose::Other,
    ];

    /// The purpose's name in the catalogue, on the command line and in JSON.
    pub fn id(self) -> &'static str {
        match self {
            Purpose::Search => "search",
            Purpose::AiTraining => "ai-training",
            Purpose::AiSearch => "ai-search",
            Purpose::UserTriggered => "user-triggered",
            Purpose::SeoTool => "seo-tool",
            Purpose::Archive => "archive",
            Purpose::Ads => "ads",
            Purpose::Other => "other",
        }
    }

    /// The purpose with this [`id`](Purpose::id), in any letter case.
    pub fn from_id(id: &str) -> Option<Purpose> {
        Purpose::ALL
            .into_iter()
            .find(|purpose| purpose.id().eq_ignore_ascii_case(id.trim()))
    }

    /// A short human name.
    pub fn title(self) -> &'static str {
        match self {
            Purpose::Search => "Search",
            Purpose::AiTraining => "AI training",
            Purpose::AiSearch => "AI search and answers",
            Purpose::UserTriggered => "User-triggered fetch",
            Purpose::SeoTool => "SEO tool",
            Purpose::Archive => "Archive",
            Purpose::Ads => "Ads",
            Purpose::Other => "Other",
        }
    }
}

impl fmt::Display for Purpose {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Whether a crawler reads `Crawl-delay`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum CrawlDelay {
    /// Its operator documents that it does.
    Yes,
    /// Its operator documents that it does not (or it never fetches).
    No,
    /// Nothing we could check says either way.
    Unknown,
}

/// Whether a crawler honours robots.txt at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum RobotsTxtCompliance {
    /// Its operator documents that it obeys the file.
    Obeys,
    /// Its operator says the rules may not apply, typically to fetches a person asked for.
    MayIgnore,
    /// Its operator says it generally ignores the file.
    Ignores,
    /// Nothing we could check says; third-party reports are in the crawler's note.
    Unknown,
}

/// How a crawler's operator documents what it does when robots.txt is not simply served (a
/// 429, a 5xx, a timeout): see [`crate::crawler_status_handling`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum FetchHandling {
    /// RFC 9309 §2.3.1, as documented by the operator.
    Rfc9309,
    /// Google's documented handling: RFC 9309's, except that 429 is treated like a 5xx.
    Google,
    /// The operator documents nothing we could check: RFC 9309's rules are assumed.
    Unknown,
}

/// The sources of each claim a catalogue entry makes. A list is empty only where the claim
/// itself is "unknown" or absent.
#[derive(Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ClaimSources {
    /// For [`Crawler::purpose`] (and the description).
    pub purpose: &'static [&'static Source],
    /// For [`Crawler::tokens`].
    pub tokens: &'static [&'static Source],
    /// For [`Crawler::user_agent`].
    pub user_agent: &'static [&'static Source],
    /// For [`Crawler::chain`].
    pub chain: &'static [&'static Source],
    /// For [`Crawler::crawl_delay`].
    pub crawl_delay: &'static [&'static Source],
    /// For [`Crawler::robots_txt`].
    pub robots_txt: &'static [&'static Source],
    /// For [`Crawler::fetch_status`].
    pub fetch_status: &'static [&'static Source],
}

/// One step of a fallback chain: the groups it looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum ChainStep<'a> {
    /// Groups with a user-agent line whose product token equals this one, in any letter case.
    Token(&'a str),
    /// The `*` groups.
    Star,
}

impl<'a> ChainStep<'a> {
    /// The product token the step looks for, unless it is `*`.
    pub fn token(&self) -> Option<&'a str> {
        match *self {
            ChainStep::Token(token) => Some(token),
            ChainStep::Star => None,
        }
    }
}

impl fmt::Display for ChainStep<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token().unwrap_or("*"))
    }
}

/// The step of a chain whose groups applied.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct UsedStep {
    /// Its position in the chain, from 0.
    pub index: usize,
    /// The token it looked for; `None` for the `*` groups.
    pub token: Option<String>,
    /// The crawler had no group of its own and obeyed another crawler's group (Googlebot-Image
    /// following Googlebot). Using the `*` groups is not a fallback in this sense: it is the
    /// standard rule, reported by [`Verdict::used_star_group`].
    pub fallback: bool,
}

impl UsedStep {
    pub(crate) fn new(index: usize, step: &ChainStep<'_>) -> UsedStep {
        UsedStep {
            index,
            token: step.token().map(str::to_owned),
            fallback: index > 0 && step.token().is_some(),
        }
    }
}

/// A crawler of the catalogue.
#[derive(Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Crawler {
    /// The name people know it by, unique in the catalogue.
    pub name: &'static str,
    /// Who runs it.
    pub operator: &'static str,
    /// What its fetches are for.
    pub purpose: Purpose,
    /// One sentence on what it does.
    pub description: &'static str,
    /// The product tokens that name it in a `User-agent:` line (and in its user agent string).
    pub tokens: &'static [&'static str],
    /// A real user agent string it sends; `None` when it sends none of its own.
    pub user_agent: Option<&'static str>,
    /// It never fetches anything: the token only says what crawled content may be used for,
    /// so its verdict means "may this content be used for the purpose", not "may it be fetched".
    pub token_only: bool,
    /// The groups it obeys, in order: the first step that finds a group wins.
    pub chain: &'static [ChainStep<'static>],
    /// Whether it reads `Crawl-delay`.
    pub crawl_delay: CrawlDelay,
    /// Whether it honours the file at all.
    pub robots_txt: RobotsTxtCompliance,
    /// What it does when the file is not simply served, as its operator documents it.
    pub fetch_status: FetchHandling,
    /// Quirks and caveats worth showing next to its verdict.
    pub note: Option<&'static str>,
    /// Where each claim comes from.
    pub sources: ClaimSources,
}

/// A product token its operator no longer uses (`anthropic-ai`, `Claude-Web`): blocking it
/// blocks nothing that still fetches; the crawlers in `replaced_by` are what fetch now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RetiredToken {
    /// The token as it was used.
    pub token: &'static str,
    /// Who used it.
    pub operator: &'static str,
    /// The names of the catalogued crawlers that do its work now.
    pub replaced_by: &'static [&'static str],
    /// What happened to it.
    pub note: &'static str,
    /// Where that is documented.
    pub sources: &'static [&'static Source],
}

include!(concat!(env!("OUT_DIR"), "/crawlers.rs"));

/// Every retired token the catalogue knows, in the catalogue's order.
pub fn retired_tokens() -> &'static [RetiredToken] {
    &RETIRED
}

/// The retired token `token` (compared case-insensitively, as crawlers compare tokens).
pub fn find_retired(token: &str) -> Option<&'static RetiredToken> {
    let token = token.trim();
    RETIRED
        .iter()
        .find(|retired| retired.token.eq_ignore_ascii_case(token))
}

/// Every catalogued crawler, in the catalogue's order (search engines first).
pub fn crawlers() -> &'static [Crawler] {
    &CRAWLERS
}

/// Every source the catalogue cites.
pub fn sources() -> &'static [Source] {
    &SOURCES
}

/// The crawler with this name or product token, in any letter case (`googlebot-image`,
/// `msnbot` → Bingbot).
pub fn find_crawler(name: &str) -> Option<&'static Crawler> {
    let name = name.trim();
    CRAWLERS
        .iter()
        .find(|crawler| crawler.name.eq_ignore_ascii_case(name))
        .or_else(|| {
            CRAWLERS.iter().find(|crawler| {
                crawler
                    .tokens
                    .iter()
                    .any(|token| token.eq_ignore_ascii_case(name))
            })
        })
}

/// A crawler named in a user agent string.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Recognised {
    /// The crawler.
    #[cfg_attr(feature = "serde", serde(serialize_with = "serialize_name"))]
    pub crawler: &'static Crawler,
    /// Its token that was found.
    pub token: &'static str,
    /// Where the token starts in the string, in bytes.
    pub start: usize,
}

/// Names the catalogued crawler in a full user agent string, such as one pasted from a log.
///
/// A token counts when it stands as a whole word, in any letter case: after the start or a
/// character that cannot continue a product token (anything but `[A-Za-z0-9_-]`), and before the
/// end, `/`, `;`, `)` or whitespace. The longest token found wins, so `Googlebot-Image/1.0` is
/// Googlebot-Image and not Googlebot, and `bing.com/bingbot.htm` names nothing.
pub fn recognise_crawler(user_agent: &str) -> Option<Recognised> {
    let haystack = user_agent.as_bytes();
    let mut best: Option<Recognised> = None;
    for crawler in &CRAWLERS {
        for &token in crawler.tokens {
            let Some(start) = find_whole_token(haystack, token.as_bytes()) else {
                continue;
            };
            let better = best.as_ref().is_none_or(|best| {
                token.len() > best.token.len()
                    || (token.len() == best.token.len() && start < best.start)
            });
            if better {
                best = Some(Recognised {
                    crawler,
                    token,
                    start,
                });
            }
        }
    }
    best
}

fn find_whole_token(haystack: &[u8], token: &[u8]) -> Option<usize> {
    if token.is_empty() || token.len() > haystack.len() {
        return None;
    }
    (0..=haystack.len() - token.len()).find(|&start| {
        let end = start + token.len();
        haystack[start..end].eq_ignore_ascii_case(token)
            && (start == 0 || !continues_token(haystack[start - 1]))
            && haystack
                .get(end)
                .is_none_or(|&b| matches!(b, b'/' | b';' | b')') || b.is_ascii_whitespace())
    })
}

fn continues_token(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_'
}

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
    /// The groups that apply, merged.
    pub groups: Vec<AppliedGroup>,
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
    #[cfg_attr(feature = "serde", serde(serialize_with = "serialize_name"))]
    pub crawler: &'static Crawler,
    /// Its verdict for the URL, under the fetch status.
    pub verdict: Verdict,
    /// What the whole file allows it, under the fetch status.
    pub summary: FileSummary,
    /// When the crawler's operator handles the fetch status otherwise than RFC 9309 (Google and
    /// 429): the verdict under RFC 9309's rules, which answers differently.
    pub rfc_status_reading: Option<Verdict>,
}

/// A crawler in JSON: its name (the catalogue holds the rest). Also used by divergence.rs.
#[cfg(feature = "serde")]
pub(crate) fn serialize_name<S: serde::Serializer>(
    crawler: &&'static Crawler,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(crawler.name)
}

impl Checker<'_> {
    /// May `crawler` fetch `url`, following its documented fallback chain?
    pub fn check_crawler(&self, crawler: &Crawler, url: &str) -> Verdict {
        Verdict {
            agent: crawler.name.to_owned(),
            ..self.check_chain(crawler.chain, url)
        }
    }

    /// What the whole file allows a crawler that follows `chain`: computed from the groups the
    /// chain selects, within the size limit, for this checker's profile.
    pub fn summarise_chain(&self, chain: &[ChainStep<'_>]) -> FileSummary {
        if self.reads_records() {
            return self.summarise_record(chain);
        }
        let selected = self.select_groups(GroupSelection::Chain(chain), false);
        let mut rules = 0;
        let mut longest_allow = 0;
        let mut can_disallow = false;
        // The longest Disallow that matches every path: (line, length).
        let mut universal: Option<(usize, usize)> = None;
        self.for_each_chain_rule(chain, &mut |rule, pattern, length| {
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
        let access = match (blocking_line, can_disallow) {
            (Some(_), _) => Access::Nothing,
            (None, false) => Access::Everything,
            (None, true) => Access::Partial,
        };
        FileSummary {
            access,
            rules,
            groups: selected.groups,
            used_star_group: selected.used_star_group,
            chain_step: selected.chain_step,
            blocking_line,
            status: None,
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
            groups: verdict.groups.to_vec(),
            used_star_group: verdict.used_star_group,
            chain_step: None,
            blocking_line,
            status: None,
        }
    }

    /// The all-crawlers table: for `url` and the way the file was served, one row per
    /// catalogued crawler, in catalogue order.
    pub fn crawler_table(&self, url: &str, status: &FetchStatus) -> Vec<CrawlerRow> {
        CRAWLERS
            .iter()
            .map(|crawler| {
                let effect = crawler_status_handling(crawler, status, self.profile()).effect;
                let mut summary = self.summarise_chain(crawler.chain);
                if effect != StatusEffect::ParseFile {
                    summary.status = Some(effect);
                    summary.access = if effect == StatusEffect::AllowAll {
                        Access::Everything
                    } else {
                        Access::Nothing
                    };
                    summary.blocking_line = None;
                }
                let (verdict, rfc_status_reading) =
                    self.check_crawler_with_status(crawler, url, status);
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

/// The AI crawlers of a [`Checker::crawler_table`] in three numbers: "training: 7 of 9 blocked ·
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
fn matches_every_path(pattern: &[u8]) -> bool {
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

    #[test]
    fn whole_tokens_need_boundaries_on_both_sides() {
        let find =
            |haystack: &str, token: &str| find_whole_token(haystack.as_bytes(), token.as_bytes());
        assert_eq!(find("Googlebot/2.1", "googlebot"), Some(0));
        assert_eq!(find("x (Googlebot)", "Googlebot"), Some(3));
        assert_eq!(find("Googlebot-Image/1.0", "Googlebot"), None);
        assert_eq!(find("NotGooglebot/1", "Googlebot"), None);
        assert_eq!(find("x-Googlebot/1", "Googlebot"), None);
        assert_eq!(find("yandex.com/bots", "Yandex"), None);
        assert_eq!(find("Bytespider; x", "Bytespider"), Some(0));
        assert_eq!(find("bot", "longer-token"), None);
        assert_eq!(find("anything", ""), None);
    }
}
