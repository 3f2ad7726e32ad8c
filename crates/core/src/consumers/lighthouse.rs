//! Lighthouse's SEO audits of a robots.txt (`core/audits/seo/robots-txt.js` and
//! `is-crawlable.js` of the release in `data/consumers/lighthouse.json`): which lines the
//! `robots-txt` audit reports and in which words, whether it passes, and what `is-crawlable`
//! reads through npm robots-parser.
//!
//! The audit splits the text at CRLF, CR and LF; on each line it cuts a `#` comment, trims as
//! JavaScript trims, and reads `key: value` at the first colon (none: "Syntax not
//! understood"); the key, lower-cased, must be on its safelist ("Unknown directive"); a
//! sitemap must be a URL `new URL` accepts with an allowed protocol; a user-agent must name
//! someone; a pattern must be empty or start with `/` or `*`, and hold `$` only at its end; and
//! an Allow or Disallow before any valid user-agent line has "No user-agent specified". Each
//! line gets at most one error, and the audit passes when there is none.

use super::data::lighthouse as data;
use super::{js, robots_parser, url, Cell, Why};
use crate::robots::RobotsTxt;
use crate::status::{FetchStatus, Outcome};

/// One line the `robots-txt` audit reports, in its words.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LighthouseError {
    /// The line number.
    pub line: usize,
    /// Lighthouse's message (`Unknown directive`).
    pub message: &'static str,
}

/// How the `robots-txt` audit ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum LighthouseOutcome {
    /// No line is reported (score 1).
    Passes,
    /// A line is reported, the server answered 5xx, or the file could not be fetched (score 0).
    Fails,
    /// A 4xx answer or an empty file: the audit is not applicable and weighs nothing.
    NotApplicable,
}

/// What Lighthouse's `robots-txt` audit reports for a file served with a status.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct LighthouseAudit {
    /// The Lighthouse release whose audit this is.
    pub version: &'static str,
    /// Passes, fails or does not apply.
    pub outcome: LighthouseOutcome,
    /// The lines it reports (none when the status alone decides).
    pub errors: Vec<LighthouseError>,
    /// How many points of the SEO category's score a failure costs (the audit's weight over
    /// the category's).
    pub seo_points: f64,
}

/// One of `is-crawlable`'s agents and what robots-parser answers for it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CrawlableAgent {
    /// The agent (`*` for the audit's agent without a name, which robots-parser reads as `*`).
    pub agent: &'static str,
    /// Whether robots-parser lets it fetch the page.
    pub allowed: bool,
    /// The deciding rule's line, if a rule decides.
    pub line: Option<usize>,
}

/// What `is-crawlable` reads in the robots.txt for one page: it fails only when every one of
/// its agents is blocked.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct IsCrawlable {
    /// Each agent, in the audit's order.
    pub agents: Vec<CrawlableAgent>,
    /// Whether the page is crawlable as far as the robots.txt decides.
    pub passes: bool,
}

/// What the audit does with one line's text (as JavaScript decoded it).
fn validate(text: &str, in_group: &mut bool) -> Option<Result<(), &'static super::Words>> {
    let content = js::trim(text.split('#').next().unwrap_or_default());
    if content.is_empty() {
        return None;
    }
    let Some((key, value)) = content.split_once(':') else {
        return Some(Err(&data::SYNTAX_NOT_UNDERSTOOD));
    };
    let key = js::trim(key).to_lowercase();
    let value = js::trim(value);
    if !data::DIRECTIVE_SAFELIST.contains(&key.as_str()) {
        return Some(Err(&data::UNKNOWN_DIRECTIVE));
    }
    let rule = key == "allow" || key == "disallow";
    if key == "sitemap" {
        match url::scheme(value) {
            None => return Some(Err(&data::INVALID_SITEMAP_URL)),
            Some(scheme) if !data::SITEMAP_PROTOCOLS.contains(&scheme.as_str()) => {
                return Some(Err(&data::INVALID_SITEMAP_URL_PROTOCOL))
            }
            Some(_) => {}
        }
    } else if key == "user-agent" && value.is_empty() {
        return Some(Err(&data::NO_USER_AGENT));
    } else if rule {
        if !value.is_empty() && !value.starts_with(['/', '*']) {
            return Some(Err(&data::PATTERN_START));
        }
        if value.find('$').is_some_and(|at| at + 1 != value.len()) {
            return Some(Err(&data::DOLLAR_POSITION));
        }
    }
    if key == "user-agent" {
        *in_group = true;
    } else if rule && !*in_group {
        return Some(Err(&data::NO_USER_AGENT));
    }
    Some(Ok(()))
}

/// The `lighthouse` column: each line as the `robots-txt` audit validates it.
pub(crate) fn lighthouse_column(robots: &RobotsTxt) -> Vec<Cell> {
    let mut in_group = false;
    robots
        .lines()
        .iter()
        .map(|line| {
            let text = js::line_text(robots, &line);
            match validate(&text, &mut in_group) {
                None if js::trim(&text).is_empty() => Cell::new(Why::Blank),
                None => Cell::new(Why::Comment),
                Some(Ok(())) => Cell::new(Why::Valid),
                Some(Err(words)) => Cell::reported(words),
            }
        })
        .collect()
}

/// How many points of the SEO score a failed `robots-txt` audit costs, as the table words it
/// (`7.7`).
pub(crate) fn seo_points() -> String {
    // Tenths by integers: formatting a float would bring its formatter into the wasm module.
    let tenths = (points() * 10.0).round() as u64;
    format!("{}.{}", tenths / 10, tenths % 10)
}

fn points() -> f64 {
    100.0 * data::ROBOTS_TXT_WEIGHT / data::SEO_CATEGORY_WEIGHT
}

/// The audit of `robots`, whose reported lines are `errors`, served with `status`.
pub(crate) fn audit(
    robots: &RobotsTxt,
    errors: Vec<LighthouseError>,
    status: &FetchStatus,
) -> LighthouseAudit {
    let outcome = match status.outcome() {
        Outcome::Unreachable | Outcome::TooManyRedirects => LighthouseOutcome::Fails,
        Outcome::Http(code) if code >= 500 => LighthouseOutcome::Fails,
        Outcome::Http(code) if code >= 400 => LighthouseOutcome::NotApplicable,
        _ if robots.input().is_empty() => LighthouseOutcome::NotApplicable,
        _ if errors.is_empty() => LighthouseOutcome::Passes,
        _ => LighthouseOutcome::Fails,
    };
    let errors = match status.outcome() {
        Outcome::Http(code) if code >= 400 => Vec::new(),
        Outcome::Unreachable | Outcome::TooManyRedirects => Vec::new(),
        _ => errors,
    };
    LighthouseAudit {
        version: data::VERSION.unwrap_or_default(),
        outcome,
        errors,
        seo_points: points(),
    }
}

/// `is-crawlable`'s reading of `robots` for the page at `path`.
pub(crate) fn is_crawlable(robots: &RobotsTxt, path: &str) -> IsCrawlable {
    let reading = robots_parser::Reading::new(robots);
    let agents: Vec<CrawlableAgent> = data::IS_CRAWLABLE_AGENTS
        .iter()
        .map(|&agent| {
            let (allowed, line) = reading.check(path, agent);
            CrawlableAgent {
                agent,
                allowed,
                line,
            }
        })
        .collect();
    let passes = agents.iter().any(|agent| agent.allowed);
    IsCrawlable { agents, passes }
}
