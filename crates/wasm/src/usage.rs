//! The AI usage exports, built only with the `ai` feature into the page's second package
//! (`www/pkg/ai/`), which the page loads after the first verdict, so that the package the first
//! verdict waits for stays within its size budget:
//!
//! - `usage(text, agent, url, options)`: "what may be done with this URL"
//!   ([`robots_lens::UsageAnswer`]: the crawl verdict, each label of both vocabularies with its
//!   deciding line, the purposes that map them onto each other, the licences);
//! - `aiSummary(text, url, options)`: the AI crawlers of the crawler table in three counts;
//! - `writePolicy(text, spec, options)`: the policy builder's file, diff and check.
//!
//! Preferences and reasons are kebab-case codes; the page words them.

use robots_lens::{
    AiSummary, DiffKind, LabelAnswer, License, Policy, PolicyRequest, RobotsTxt, Tally,
    UsageAnswer, USE_PURPOSES,
};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{into_error, refused_url, to_js, CheckOptions, RobotsFile};

/// The AI usage questions of a parsed file, on the page's `RobotsFile` in this package.
#[wasm_bindgen]
impl RobotsFile {
    /// What may be done with `url`: the crawl verdict, and each category of use as the
    /// `Content-Usage` and `Content-Signal` lines of the groups that apply state it, with the
    /// deciding line of each. The options are those of `check`.
    pub fn usage(&self, agent: &str, url: &str, options: JsValue) -> Result<JsValue, JsError> {
        let options = CheckOptions::from_js(options)?;
        let checker = self.checker(options.profile);
        // The table's crawl row is the checker's answer to the same question.
        let usage = checker
            .ask_usage(&options.question(agent, url))
            .map_err(|problem| refused_url(url, Some(problem.kind())))?;
        to_js(&UsageView::from(&usage))
    }

    /// The AI crawlers of the crawler table for `url` in three counts: training crawlers
    /// blocked, answer crawlers and user-triggered fetchers that may fetch. `options`:
    /// `{ profile, status }`.
    #[wasm_bindgen(js_name = aiSummary)]
    pub fn ai_summary(&self, url: &str, options: JsValue) -> Result<JsValue, JsError> {
        let options = CheckOptions::from_js(options)?;
        let rows = self
            .checker(options.profile)
            .ask_crawler_table(url, &options.status)
            .map_err(|problem| refused_url(url, Some(problem.kind())))?;
        to_js(&AiSummaryView::from(robots_lens::ai_summary(&rows)))
    }
}

/// [`RobotsFile::usage`] for a text parsed on the spot.
#[wasm_bindgen]
pub fn usage(text: String, agent: &str, url: &str, options: JsValue) -> Result<JsValue, JsError> {
    RobotsFile::new(text).usage(agent, url, options)
}

/// [`RobotsFile::ai_summary`] for a text parsed on the spot.
#[wasm_bindgen(js_name = aiSummary)]
pub fn ai_summary(text: String, url: &str, options: JsValue) -> Result<JsValue, JsError> {
    RobotsFile::new(text).ai_summary(url, options)
}

/// The policy builder: `spec` (one instruction a line, see [`PolicyRequest`]) written into
/// `text`, with the diff and every crawler's check; `options`: `{ profile }`.
#[wasm_bindgen(js_name = writePolicy)]
pub fn write_policy(text: &str, spec: &str, options: JsValue) -> Result<JsValue, JsError> {
    let request: PolicyRequest = spec.parse().map_err(into_error)?;
    let options = CheckOptions::from_js(options)?;
    let policy = robots_lens::write_policy(text.as_bytes(), &request, options.profile);
    to_js(&PolicyView::new(
        &RobotsTxt::parse(text.as_bytes()),
        &policy,
    ))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct UsageView {
    crawl: CrawlView,
    content_usage: Vec<LabelView>,
    content_signal: Vec<LabelView>,
    purposes: Vec<PurposeView>,
    licenses: Vec<LicenseView>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CrawlView {
    allowed: bool,
    line: Option<usize>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LabelView {
    label: &'static str,
    preference: &'static str,
    line: Option<usize>,
    why: &'static str,
    path: Option<String>,
}

/// A purpose with the label each vocabulary gives it; `null` where one has none.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PurposeView {
    id: &'static str,
    content_usage: Option<&'static str>,
    content_signal: Option<&'static str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LicenseView {
    url: String,
    line: usize,
    absolute: bool,
}

impl From<&LabelAnswer> for LabelView {
    fn from(answer: &LabelAnswer) -> LabelView {
        LabelView {
            label: answer.label,
            preference: answer.preference.id(),
            line: answer.line,
            why: answer.why.id(),
            path: answer.path.clone(),
        }
    }
}

impl From<&License> for LicenseView {
    fn from(license: &License) -> LicenseView {
        LicenseView {
            url: license.url.clone(),
            line: license.line,
            absolute: license.absolute,
        }
    }
}

impl From<&UsageAnswer> for UsageView {
    fn from(answer: &UsageAnswer) -> UsageView {
        UsageView {
            crawl: CrawlView {
                allowed: answer.crawl.allowed,
                line: answer.crawl.line,
            },
            content_usage: answer.content_usage.iter().map(LabelView::from).collect(),
            content_signal: answer.content_signal.iter().map(LabelView::from).collect(),
            purposes: USE_PURPOSES
                .iter()
                .map(|purpose| PurposeView {
                    id: purpose.id,
                    content_usage: purpose.content_usage,
                    content_signal: purpose.content_signal,
                })
                .collect(),
            licenses: answer.licenses.iter().map(LicenseView::from).collect(),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AiSummaryView {
    training: Tally,
    answers: Tally,
    user_triggered: Tally,
}

impl From<AiSummary> for AiSummaryView {
    fn from(summary: AiSummary) -> AiSummaryView {
        AiSummaryView {
            training: summary.training,
            answers: summary.answers,
            user_triggered: summary.user_triggered,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PolicyView {
    text: String,
    diff: Vec<DiffLineView>,
    checks: Vec<PolicyCheckView>,
    mismatches: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DiffLineView {
    kind: DiffKind,
    old: Option<usize>,
    new: Option<usize>,
    text: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PolicyCheckView {
    crawler: &'static str,
    purpose: &'static str,
    path: String,
    expected_allowed: bool,
    allowed: bool,
    line: Option<usize>,
}

impl PolicyView {
    fn new(current: &RobotsTxt, policy: &Policy) -> PolicyView {
        let written = RobotsTxt::parse(policy.text.as_bytes());
        let text = |robots: &RobotsTxt, number: Option<usize>| {
            number
                .and_then(|number| robots.line(number))
                .map_or(String::new(), |line| line.text().to_owned())
        };
        PolicyView {
            diff: policy
                .diff
                .iter()
                .map(|line| DiffLineView {
                    kind: line.kind,
                    old: line.old,
                    new: line.new,
                    text: match line.new {
                        Some(_) => text(&written, line.new),
                        None => text(current, line.old),
                    },
                })
                .collect(),
            checks: policy
                .checks
                .iter()
                .map(|check| PolicyCheckView {
                    crawler: check.crawler.name,
                    purpose: check.crawler.purpose.id(),
                    path: check.path.clone(),
                    expected_allowed: check.expected_allowed,
                    allowed: check.allowed,
                    line: check.line,
                })
                .collect(),
            mismatches: policy.mismatches(),
            text: policy.text.clone(),
        }
    }
}
