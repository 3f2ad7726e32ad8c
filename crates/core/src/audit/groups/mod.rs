//! Groups and user agents: which group each line belongs to, who obeys which group, and what
//! the file evidently meant where the readers' groups differ from it.
//!
//! Each part asks one question of the file:
//!
//! - [`orphans`]: rules that belong to no group, or to a group they were not written for (RL301,
//!   RL316);
//! - [`escapes`]: which `*` rules a named crawler no longer obeys because a group names it
//!   (RL302);
//! - [`coverage`]: who is left with which rules: no `*` group, a site closed to every crawler, a
//!   group without rules (RL305, RL306, RL312);
//! - [`layout`]: where the readers' groups part: a crawler in several groups, a name repeated in
//!   one, a line between user agents, a blank line inside a group (RL303, RL304, RL311, RL313);
//! - [`delays`]: group lines that reach crawlers they were not written for (RL311's delays,
//!   RL315);
//! - [`agent_lines`]: how each user-agent value reads: versions, lists, cut and empty names (RL307
//!   to RL310);
//! - [`names`]: names no crawler follows: retired tokens, a brand's or operator's name (RL314,
//!   RL317).
//!
//! Every crawler fact they use (who ignores `*`, which tokens replaced a retired one, whose
//! crawler a brand names) is read from the catalogue (`data/crawlers.json`).
//!
//! Each finding carries what its author evidently meant as an edit of the file (see
//! `evidence.rs`): the engine asks the readers the same questions of the file as written and as
//! meant, and the answers that differ are the finding's evidence and set its severity.

mod agent_lines;
mod coverage;
mod delays;
mod escapes;
mod layout;
mod names;
mod orphans;

use super::text::line_range_value;
use super::{Context, Finding};
use crate::catalogue::{find_crawler, Crawler};
use crate::group::{AgentLine, AgentToken, Group, Rule, RuleKind};
use crate::lines::{Line, LineKind};
use crate::message::Value;
use crate::robots::RobotsTxt;
use crate::verdict::ChainStep;

use super::overlap::is_match_all;

/// How many rules a message lists before it says "and N more".
const LISTED_RULES: usize = 5;

pub(super) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    orphans::orphan_rules(cx, out);
    agent_lines::check(cx, out);
    layout::several_groups(cx, out);
    layout::repeated_in_group(cx, out);
    let released = escapes::check(cx, out);
    coverage::groups_without_rules(cx, out, &released);
    coverage::no_star_group(cx, out);
    let merged = coverage::closed_to_all(cx, out);
    layout::lines_inside_agent_lists(cx, out, merged);
    layout::blank_lines(cx, out);
    names::retired_tokens(cx, out);
    delays::trailing_group_lines(cx, out);
}

/// Keys that belong to the group they stand in, as rules do, without being rules.
const GROUP_SCOPED_KEYS: &[&str] = &[
    "crawl-delay",
    "request-rate",
    "visit-time",
    "content-usage",
    "content-signal",
];

/// Whether `line` is a `Crawl-delay` or another line that applies to its group's crawlers.
fn group_scoped(line: &Line) -> bool {
    line.kind == LineKind::Other
        && GROUP_SCOPED_KEYS.contains(&line.key().unwrap_or_default().to_ascii_lowercase().as_str())
}

/// Whether `line` stands between two user-agent lines of one group without ending it for
/// Google and RFC 9309, while other parsers end the group there.
fn splits_agent_list(line: &Line) -> bool {
    matches!(
        line.kind,
        LineKind::Sitemap | LineKind::Other | LineKind::Unknown
    )
}

/// Whether a set of rules deliberately opens everything: `Allow: /` or an empty `Disallow:`
/// and nothing else.
fn allows_everything(robots: &RobotsTxt, rules: &[&Rule]) -> bool {
    !rules.is_empty()
        && rules.iter().all(|rule| {
            let pattern = rule.pattern(robots);
            pattern.is_empty() || (rule.kind == RuleKind::Allow && is_match_all(pattern))
        })
}

/// The name a user-agent line gives as Google reads it, in lower case (`*` for the star);
/// `None` for an empty one.
fn agent_key(agent: &AgentLine) -> Option<String> {
    match &agent.token {
        AgentToken::Star => Some("*".to_owned()),
        AgentToken::Product(token) if token.is_empty() => None,
        AgentToken::Product(token) => Some(token.to_ascii_lowercase()),
    }
}

fn group_range(group: &Group) -> Value {
    line_range_value(group.first_line, group.last_line)
}

/// A line's text as code, trimmed.
fn directive_code_line(cx: &Context<'_>, number: usize) -> Value {
    Value::code(
        cx.robots
            .line(number)
            .map(|line| line.text().trim())
            .unwrap_or_default(),
    )
}

/// The catalogued crawler whose product token `token` is (`msnbot` gives Bingbot).
fn crawler_of(token: &str) -> Option<&'static Crawler> {
    find_crawler(token).filter(|crawler| {
        crawler
            .tokens
            .iter()
            .any(|known| known.eq_ignore_ascii_case(token))
    })
}

/// Whether the crawler named `token` falls back to the `*` groups when no group names it: a
/// crawler whose chain in the catalogue has no `*` step (AdsBot, Mediapartners-Google) ignores
/// `*`. A name the catalogue does not know follows `*`, as RFC 9309 says.
fn follows_star(token: &str) -> bool {
    crawler_of(token).is_none_or(|crawler| crawler.chain.contains(&ChainStep::Star))
}

/// Whether `agent` may fetch `url` under RFC 9309, Google, Python and the 1994 convention, in
/// that order: what a finding's words about the readers must agree with.
#[cfg(test)]
fn allowed_by_profile(
    input: &str,
    agent: &str,
    url: &str,
    model: crate::profile::AgentMatch,
) -> [bool; 4] {
    let robots = RobotsTxt::parse(input.as_bytes());
    crate::profile::Profile::ALL
        .map(|profile| robots.checker(profile).check(agent, url, model).allowed)
}

#[cfg(test)]
mod tests {
    #[test]
    fn crawlers_that_ignore_star_are_read_from_the_catalogue() {
        assert!(!super::follows_star("AdsBot-Google"));
        assert!(!super::follows_star("mediapartners-google"));
        assert!(super::follows_star("Googlebot"));
        assert!(super::follows_star("msnbot"));
        assert!(super::follows_star("SomeUnknownBot"));
    }
}
