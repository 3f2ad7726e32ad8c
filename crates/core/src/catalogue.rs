//! The crawler catalogue: who crawls, why, which product tokens they obey and in what order,
//! and how each operator handles a robots.txt that is not simply served.
//!
//! The catalogue itself lives in `data/crawlers.json`, with a source for every claim; the build
//! script validates it and compiles it into the static table [`crawlers`] returns, so the wasm
//! build carries no JSON parser. This module is only data and lookups ([`find_crawler`],
//! [`recognise_crawler`]): answering for a crawler is [`crate::Checker::ask`]'s, which walks its
//! [`Crawler::chain`] and applies its [`Crawler::fetch_status`].

use std::fmt;

use crate::verdict::ChainStep;

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

    /// Where it comes in [`Purpose::ALL`], the order surfaces list purposes in.
    pub fn rank(self) -> u8 {
        // The variants are declared in that order (a test holds them to it).
        self as u8
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

/// A crawler of the catalogue.
///
/// Its description, note and sources are read through [`Crawler::description`],
/// [`Crawler::note`] and [`Crawler::sources`], from a table of their own: a build that never
/// asks for them (the page's first module, which answers for crawlers but shows no catalogue)
/// carries none of their text.
#[derive(Debug, PartialEq, Eq)]
pub struct Crawler {
    /// The name people know it by, unique in the catalogue.
    pub name: &'static str,
    /// Who runs it.
    pub operator: &'static str,
    /// What its fetches are for.
    pub purpose: Purpose,
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
    /// Its row in the table of texts.
    index: u16,
}

/// A crawler's texts, kept apart from what answering needs.
#[derive(Debug, PartialEq, Eq)]
struct CrawlerTexts {
    description: &'static str,
    note: Option<&'static str>,
    sources: ClaimSources,
}

impl Crawler {
    /// One sentence on what it does.
    pub fn description(&self) -> &'static str {
        TEXTS[usize::from(self.index)].description
    }

    /// Quirks and caveats worth showing next to its verdict.
    pub fn note(&self) -> Option<&'static str> {
        TEXTS[usize::from(self.index)].note
    }

    /// Where each claim comes from.
    pub fn sources(&self) -> &'static ClaimSources {
        &TEXTS[usize::from(self.index)].sources
    }

    /// The user agent a fetch as this crawler sends: its own string, else its first product
    /// token (the request then says only who it stands for), else its name.
    pub fn fetch_user_agent(&self) -> &'static str {
        self.user_agent
            .or_else(|| self.tokens.first().copied())
            .unwrap_or(self.name)
    }

    /// Whether it ignores the `*` group: its documented chain never reaches `*` (Google's
    /// special-case crawlers: AdsBot-Google, Mediapartners-Google, APIs-Google, …), so a file's
    /// `*` rules never restrict it and only a group naming one of its tokens does.
    pub fn ignores_star(&self) -> bool {
        !self.chain.contains(&ChainStep::Star)
    }
}

/// A crawler in JSON: every field, its texts included (`description`, `note`, `sources`).
#[cfg(feature = "serde")]
impl serde::Serialize for Crawler {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut fields = serializer.serialize_struct("Crawler", 13)?;
        fields.serialize_field("name", self.name)?;
        fields.serialize_field("operator", self.operator)?;
        fields.serialize_field("purpose", &self.purpose)?;
        fields.serialize_field("description", self.description())?;
        fields.serialize_field("tokens", self.tokens)?;
        fields.serialize_field("user_agent", &self.user_agent)?;
        fields.serialize_field("token_only", &self.token_only)?;
        fields.serialize_field("chain", self.chain)?;
        fields.serialize_field("crawl_delay", &self.crawl_delay)?;
        fields.serialize_field("robots_txt", &self.robots_txt)?;
        fields.serialize_field("fetch_status", &self.fetch_status)?;
        fields.serialize_field("note", &self.note())?;
        fields.serialize_field("sources", self.sources())?;
        fields.end()
    }
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

impl RetiredToken {
    /// The catalogued crawlers that do its work now ([`RetiredToken::replaced_by`]), in that
    /// order: a file still naming the retired token and none of these restricts nothing that
    /// fetches.
    pub fn successors(&self) -> impl Iterator<Item = &'static Crawler> {
        // build.rs checks that every name is a catalogued crawler's.
        self.replaced_by
            .iter()
            .filter_map(|name| find_crawler(name))
    }
}

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

/// The crawler `agent` names: a catalogued name or token (`googlebot-news`), or a user agent
/// string that contains one (`Mozilla/5.0 (compatible; GPTBot/1.2; …)`). What a typed agent
/// asks as by default ([`crate::Who::typed`]) follows from it.
pub fn named_crawler(agent: &str) -> Option<&'static Crawler> {
    find_crawler(agent).or_else(|| recognise_crawler(agent).map(|found| found.crawler))
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

/// A crawler in JSON: its name (the catalogue holds the rest). Also used by divergence.rs.
#[cfg(feature = "serde")]
pub(crate) fn serialize_name<S: serde::Serializer>(
    crawler: &&'static Crawler,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(crawler.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_purpose_s_rank_is_its_place_in_the_order_of_all() {
        for (place, purpose) in Purpose::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(purpose.rank()), place, "{purpose}");
        }
    }

    #[test]
    fn the_crawlers_that_ignore_star_are_those_whose_chain_never_reaches_it() {
        let ignoring: Vec<&str> = crawlers()
            .iter()
            .filter(|crawler| crawler.ignores_star())
            .map(|crawler| crawler.name)
            .collect();
        // Google's special-case crawlers; Google-Safety ignores the whole file besides.
        assert_eq!(
            ignoring,
            [
                "AdsBot-Google",
                "AdsBot-Google-Mobile",
                "Mediapartners-Google",
                "APIs-Google",
                "Google-Safety"
            ]
        );
    }

    #[test]
    fn every_retired_token_names_its_successors_in_the_catalogue() {
        for retired in retired_tokens() {
            let successors: Vec<&str> = retired.successors().map(|crawler| crawler.name).collect();
            assert_eq!(successors, retired.replaced_by, "{}", retired.token);
        }
        let web = find_retired("claude-web").unwrap();
        assert_eq!(
            web.successors()
                .map(|crawler| crawler.name)
                .collect::<Vec<_>>(),
            ["Claude-User", "Claude-SearchBot"]
        );
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
