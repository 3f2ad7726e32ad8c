//! Boundary structs and exports for the crawler catalogue, the all-crawlers table and the fetch
//! status: what the crawler picker, the table and the status picker render.

#[cfg(feature = "catalogue")]
use robots_lens::{crawlers, Crawler, Source};
use robots_lens::{
    recognise_crawler, status_handling, CrawlerRow, FetchStatus, FileSummary, Message, Profile,
    Purpose, StatusEffect,
};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::view::{UsedStepView, VerdictView};
use crate::{into_error, to_js};

#[cfg(feature = "catalogue")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SourceView {
    id: &'static str,
    title: &'static str,
    url: &'static str,
}

#[cfg(feature = "catalogue")]
impl From<&Source> for SourceView {
    fn from(source: &Source) -> SourceView {
        SourceView {
            id: source.id,
            title: source.title,
            url: source.url,
        }
    }
}

#[cfg(feature = "catalogue")]
fn sources(list: &[&Source]) -> Vec<SourceView> {
    list.iter()
        .map(|source| SourceView::from(*source))
        .collect()
}

#[cfg(feature = "catalogue")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ClaimSourcesView {
    purpose: Vec<SourceView>,
    tokens: Vec<SourceView>,
    user_agent: Vec<SourceView>,
    chain: Vec<SourceView>,
    crawl_delay: Vec<SourceView>,
    robots_txt: Vec<SourceView>,
    fetch_status: Vec<SourceView>,
}

#[cfg(feature = "catalogue")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CrawlerView {
    name: &'static str,
    operator: &'static str,
    purpose: Purpose,
    purpose_title: &'static str,
    /// Where its purpose comes in the core's order of purposes ([`Purpose::ALL`]), which the
    /// page lists them in.
    purpose_rank: u8,
    description: &'static str,
    tokens: &'static [&'static str],
    user_agent: Option<&'static str>,
    token_only: bool,
    /// The fallback chain, as tokens; `*` for the star groups.
    chain: Vec<String>,
    /// Its chain never reaches `*` ([`Crawler::ignores_star`]).
    ignores_star: bool,
    crawl_delay: robots_lens::CrawlDelay,
    robots_txt: robots_lens::RobotsTxtCompliance,
    fetch_status: robots_lens::FetchHandling,
    note: Option<&'static str>,
    sources: ClaimSourcesView,
}

#[cfg(feature = "catalogue")]
impl From<&Crawler> for CrawlerView {
    fn from(crawler: &Crawler) -> CrawlerView {
        let claims = crawler.sources();
        CrawlerView {
            name: crawler.name,
            operator: crawler.operator,
            purpose: crawler.purpose,
            purpose_title: crawler.purpose.title(),
            purpose_rank: crawler.purpose.rank(),
            description: crawler.description(),
            tokens: crawler.tokens,
            user_agent: crawler.user_agent,
            token_only: crawler.token_only,
            chain: crawler.chain.iter().map(ToString::to_string).collect(),
            ignores_star: crawler.ignores_star(),
            crawl_delay: crawler.crawl_delay,
            robots_txt: crawler.robots_txt,
            fetch_status: crawler.fetch_status,
            note: crawler.note(),
            sources: ClaimSourcesView {
                purpose: sources(claims.purpose),
                tokens: sources(claims.tokens),
                user_agent: sources(claims.user_agent),
                chain: sources(claims.chain),
                crawl_delay: sources(claims.crawl_delay),
                robots_txt: sources(claims.robots_txt),
                fetch_status: sources(claims.fetch_status),
            },
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SummaryView {
    /// The summary in words: "blocked from everything", "3 rules (no group of its own: …)".
    text: String,
    access: robots_lens::Access,
    rules: usize,
    used_star_group: bool,
    chain_step: Option<UsedStepView>,
    blocking_line: Option<usize>,
    status: Option<StatusEffect>,
}

impl From<&FileSummary> for SummaryView {
    fn from(summary: &FileSummary) -> SummaryView {
        SummaryView {
            text: summary.to_string(),
            access: summary.access,
            rules: summary.rules,
            used_star_group: summary.used_star_group,
            chain_step: summary.chain_step.as_ref().map(UsedStepView::from),
            blocking_line: summary.blocking_line,
            status: summary.status,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CrawlerRowView {
    name: &'static str,
    purpose: Purpose,
    purpose_title: &'static str,
    token_only: bool,
    robots_txt: robots_lens::RobotsTxtCompliance,
    verdict: VerdictView,
    summary: SummaryView,
    /// RFC 9309's reading of the fetch status, when the operator's handling answers otherwise:
    /// whether it allows the URL.
    rfc_status_allows: Option<bool>,
}

impl From<&CrawlerRow> for CrawlerRowView {
    fn from(row: &CrawlerRow) -> CrawlerRowView {
        CrawlerRowView {
            name: row.crawler.name,
            purpose: row.crawler.purpose,
            purpose_title: row.crawler.purpose.title(),
            token_only: row.crawler.token_only,
            robots_txt: row.crawler.robots_txt,
            verdict: VerdictView::from(row.verdict.clone()),
            summary: SummaryView::from(&row.summary),
            rfc_status_allows: row.rfc_status_reading.as_ref().map(|rfc| rfc.allowed),
        }
    }
}

#[cfg(feature = "catalogue")]
/// Every catalogued crawler with its tokens, fallback chain, claims and their sources.
#[wasm_bindgen(js_name = crawlerCatalogue)]
pub fn crawler_catalogue() -> Result<JsValue, JsError> {
    let views: Vec<CrawlerView> = crawlers().iter().map(CrawlerView::from).collect();
    to_js(&views)
}

/// A fetch as the catalogued crawler `name` (or product token): `{ name, userAgent }`, its
/// catalogue name and the user agent it sends ([`robots_lens::Crawler::fetch_user_agent`]), or
/// `undefined` for a name the catalogue lacks. Only npm fetches as a crawler (its engine is built
/// with `audit`); the page never asks.
#[cfg(feature = "audit")]
#[wasm_bindgen(js_name = crawlerFetch)]
pub fn crawler_fetch(name: &str) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct FetchAs {
        name: &'static str,
        user_agent: &'static str,
    }
    match robots_lens::find_crawler(name) {
        Some(crawler) => to_js(&FetchAs {
            name: crawler.name,
            user_agent: crawler.fetch_user_agent(),
        }),
        None => Ok(JsValue::UNDEFINED),
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RecognisedView {
    name: &'static str,
    token: &'static str,
}

/// The catalogued crawler named in a pasted user agent string, or `null`.
#[wasm_bindgen(js_name = recogniseCrawler)]
pub fn recognise(user_agent: &str) -> Result<JsValue, JsError> {
    let found = recognise_crawler(user_agent).map(|found| RecognisedView {
        name: found.crawler.name,
        token: found.token,
    });
    to_js(&found)
}

/// The statuses the page offers, as the text the engine reads (`404`, `301>200`, `3xx*6`, …).
const STATUS_CHOICES: [&str; 14] = [
    "200",
    "301>200",
    "3xx*6",
    "404",
    "403",
    "401",
    "410",
    "429",
    "500",
    "503",
    "html",
    "unreachable",
    "301>404",
    "301>503",
];

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StatusChoice {
    value: &'static str,
    /// The status in words, as a key and values the page words.
    label: Message,
    class: &'static str,
}

/// The fetch statuses the page offers, each with its label and class.
#[wasm_bindgen(js_name = statusChoices)]
pub fn status_choices() -> Result<JsValue, JsError> {
    let choices: Result<Vec<StatusChoice>, _> = STATUS_CHOICES
        .iter()
        .map(|&value| {
            value.parse::<FetchStatus>().map(|status| StatusChoice {
                value,
                label: status.describe(),
                class: status.class().id(),
            })
        })
        .collect();
    to_js(&choices.map_err(into_error)?)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StatusHandlingView {
    /// The status and the three rules in words, as keys and values the page words.
    status: Message,
    class: &'static str,
    effect: StatusEffect,
    rfc_section: &'static str,
    rfc: Message,
    google: Message,
    google_differs: bool,
    explanation: Message,
}

/// What a fetch status does under a profile, in words: the RFC's rule, Google's, and the effect.
#[wasm_bindgen(js_name = statusHandling)]
pub fn status_handling_of(status: &str, profile: &str) -> Result<JsValue, JsError> {
    let status: FetchStatus = status.parse().map_err(into_error)?;
    let profile: Profile = profile.parse().map_err(into_error)?;
    let handling = status_handling(&status, profile);
    to_js(&StatusHandlingView {
        status: handling.status.describe(),
        class: handling.class.id(),
        effect: handling.effect,
        rfc_section: handling.rfc_section,
        rfc: handling.rfc,
        google: handling.google,
        google_differs: handling.google_differs,
        explanation: handling.explanation,
    })
}
