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
//! - [`merges`]: a crawler named in several groups, which some readers merge (RL303);
//! - [`layout`]: where the readers' groups part: a name repeated in one group, a line between
//!   user agents, a blank line inside a group (RL304, RL311, RL313);
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
mod merges;
mod names;
mod orphans;

use super::text::line_range_value;
use super::{Context, Finding};
use crate::catalogue::{find_crawler, Crawler};
use crate::group::{AgentLine, AgentToken, Group, Rule, RuleKind};
use crate::lines::{Line, LineKind};
use crate::message::Value;
use crate::verdict::ChainStep;
pub(super) use agent_lines::meant_name;

use super::overlap::is_match_all;

/// The product token every browser's User-Agent header starts with (`Mozilla/5.0 (…)`): a
/// group for it means browsers, not a crawler, nor Mozilla's own crawler.
const BROWSER_TOKEN: &str = "Mozilla";

/// How many rules a message lists before it says "and N more".
const LISTED_RULES: usize = 5;

pub(super) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    orphans::orphan_rules(cx, out);
    agent_lines::check(cx, out);
    merges::several_groups(cx, out);
    layout::repeated_in_group(cx, out);
    let unfollowed = names::unfollowed_names(cx, out);
    let released = escapes::check(cx, out, &unfollowed);
    coverage::groups_without_rules(cx, out, &released);
    coverage::no_star_group(cx, out);
    let merged = coverage::closed_to_all(cx, out);
    layout::lines_inside_agent_lists(cx, out, merged);
    let set_apart = orphans::set_apart_rules(cx, out);
    layout::blank_lines(cx, out, &set_apart);
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
fn allows_everything(cx: &Context<'_>, rules: &[&Rule]) -> bool {
    !rules.is_empty()
        && rules.iter().all(|rule| {
            let pattern = cx.pattern(rule);
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

/// A line's text without its comment and surrounding space, as an edit writes it again
/// elsewhere: `Disallow: /x  # old` moves as `Disallow: /x`. `None` for a line that is not
/// UTF-8, which an edit could not write back byte for byte.
fn line_text(cx: &Context<'_>, number: usize) -> Option<String> {
    let line = cx.line(number);
    if line.invalid_utf8 {
        return None;
    }
    Some(match (line.key(), line.value()) {
        (Some(key), Some("")) => format!("{key}:"),
        (Some(key), Some(value)) => format!("{key}: {value}"),
        _ => line.text().trim().to_owned(),
    })
}

/// The lines `numbers` as an edit writes them elsewhere, one per line.
fn lines_text(cx: &Context<'_>, numbers: impl IntoIterator<Item = usize>) -> Option<String> {
    let lines: Option<Vec<String>> = numbers.into_iter().map(|n| line_text(cx, n)).collect();
    lines.map(|lines| lines.join("\n"))
}

/// The name a user-agent line writes: its value before a `/` or `(` (a version, a comment).
fn written_agent_name<'r>(cx: &Context<'r>, number: usize) -> &'r str {
    let value = cx.line(number).value().unwrap_or_default();
    value.split(['/', '(']).next().unwrap_or_default().trim()
}

/// The first `*` group, if any.
fn first_star_group<'r>(cx: &Context<'r>) -> Option<&'r Group> {
    cx.star_groups.first().map(|&index| cx.group(index))
}

/// The rules a crawler no group names obeys, as an edit writes them into a group of its own:
/// the `*` groups' rules, or an empty `Disallow:` (everything allowed) without any. `None` when
/// a `*` rule is not UTF-8.
fn star_rules_text(cx: &Context<'_>) -> Option<String> {
    let mut rules = cx
        .rules_of(&cx.star_groups)
        .map(|rule| rule.line)
        .peekable();
    if rules.peek().is_none() {
        return Some("Disallow:".to_owned());
    }
    lines_text(cx, rules)
}

/// The line an edit inserts before to add lines at the end of `group`.
fn after_group(group: &Group) -> usize {
    group.last_line + 1
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
    let robots = crate::robots::RobotsTxt::parse(input.as_bytes());
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
