//! Group lines that reach crawlers they were not written for: a `Crawl-delay` between user
//! agents that merges the delayed crawlers into the next crawler's group (RL311), and a group
//! line set apart at the end of the file that only the last group's crawlers read (RL315).

use super::{group_scoped, splits_agent_list, GROUP_SCOPED_KEYS};
use crate::audit::overlap::is_match_all;
use crate::audit::text::{directive_code, line_range_value};
use crate::audit::{Code, Context, Finding, Severity};
use crate::group::{AgentLine, AgentToken, Group, RuleKind};
use crate::lines::LineKind;
use crate::message::{Message, MessageId as M, Value};

/// A group-scoped line (`Crawl-delay: 10`) set apart at the end of the file, below a blank
/// line after the last group's rules, when that group names particular crawlers: written as if
/// it were for every crawler, it belongs to the last group, and only its crawlers read it.
pub(super) fn trailing_group_lines(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let groups = cx.robots.groups();
    let Some(last) = groups.last() else {
        return;
    };
    // With one group there is no other crawler the line could have been meant for; a last `*`
    // group gives it to every crawler without a group of its own, as a file-wide line would.
    if groups.len() < 2 || last.agents.iter().any(|a| a.token == AgentToken::Star) {
        return;
    }
    let Some(content) = last
        .agents
        .iter()
        .map(|a| a.line)
        .chain(last.rules.iter().map(|r| r.line))
        .max()
    else {
        return;
    };
    let mut apart = false;
    for number in content + 1..=cx.robots.lines().len() {
        let line = cx.line(number);
        match line.kind {
            LineKind::Blank => apart = true,
            LineKind::Other if apart => {
                let key = line.key().unwrap_or_default().to_ascii_lowercase();
                if !GROUP_SCOPED_KEYS.contains(&key.as_str()) {
                    continue;
                }
                let agents: Vec<Value> =
                    last.agents.iter().map(|a| Value::code(a.value())).collect();
                out.push(
                    Finding::new(
                        Code::TrailingGroupLine,
                        number,
                        Message::new(M::TrailingGroupLine)
                            .code("text", line.text().trim())
                            .list("agents", agents)
                            .with("group", line_range_value(last.first_line, content)),
                        M::TrailingGroupLineWhy,
                        M::TrailingGroupLineFix,
                    )
                    .with_related(vec![last.first_line]),
                );
            }
            _ => {}
        }
    }
}

/// Crawlers given only a `Crawl-delay` (or another group-scoped line) that Google and RFC 9309
/// read into the next crawler's group, whose rules then block them: `User-agent: Slurp`,
/// `Crawl-delay: 1`, a blank line, `User-agent: BadBot`, `Disallow: /` shuts Slurp out of the
/// whole site. Reported by what the merge changes for the delayed crawlers, as an error when
/// the file shows they were not meant to get those rules: the rules close the whole site (a
/// delay for a crawler that may fetch nothing is pointless) or a blank line sets the delayed
/// crawlers apart. `None` when the group names `*` or the file does not show the intent.
pub(super) fn delayed_crawlers_merged(cx: &Context<'_>, group: &Group) -> Option<Finding> {
    let first = group.agents.first()?;
    let last = group.agents.last()?;
    let inside: Vec<usize> = (first.line + 1..last.line)
        .filter(|&number| splits_agent_list(&cx.line(number)))
        .collect();
    // `Sitemap` lines beside the delay end no group for anyone that matters here: they are
    // not group-scoped, and the merge is the same with or without them.
    let scoped: Vec<usize> = inside
        .iter()
        .copied()
        .filter(|&number| group_scoped(&cx.line(number)))
        .collect();
    let &last_inside = scoped.last()?;
    if !inside.iter().all(|&number| {
        let line = cx.line(number);
        group_scoped(&line) || line.kind == LineKind::Sitemap
    }) {
        return None;
    }
    let (delayed, owners): (Vec<&AgentLine>, Vec<&AgentLine>) =
        group.agents.iter().partition(|a| a.line < last_inside);
    let owner = owners.first()?;
    // Owners that only name again the delayed crawlers (`Slurp`, a delay, `slurp`, rules)
    // start, for the parsers that split the list, a second group of the same names:
    // `repeated_below` tells that.
    if super::layout::last_new_name(group) < owner.line {
        return None;
    }
    // A sitemap among the owners' own names splits them, which is another story.
    if inside.iter().any(|&number| number > owner.line) {
        return None;
    }
    // `*` among the owners: the delayed crawlers get the rules every crawler gets, which may
    // well be meant. `*` among the delayed: `site-closed-to-all` names that merge.
    if group.agents.iter().any(|a| a.token == AgentToken::Star) {
        return None;
    }
    let closing = if group
        .rules
        .iter()
        .any(|r| r.kind == RuleKind::Allow && !r.pattern(cx.robots).is_empty())
    {
        None
    } else {
        group
            .rules
            .iter()
            .find(|r| r.kind == RuleKind::Disallow && is_match_all(r.pattern(cx.robots)))
    };
    let set_apart = (last_inside + 1..owner.line).any(|n| cx.line(n).kind == LineKind::Blank);
    if closing.is_none() && !set_apart {
        return None;
    }
    let names: Vec<Value> = delayed.iter().map(|a| Value::code(a.value())).collect();
    // The line as a directive, without the comment that often follows a delay.
    let directive = |number: usize| {
        let line = cx.line(number);
        directive_code(
            line.key().unwrap_or_default(),
            line.value().unwrap_or_default(),
        )
    };
    let text = directive(scoped[0]);
    let message = match closing {
        Some(rule) => Message::new(M::DelayedCrawlersClosedOut)
            .with("rule", directive_code("Disallow", rule.pattern(cx.robots)))
            .line("rule_line", rule.line),
        None => {
            // The rules block from their first Disallow on: an Allow above it opens a section,
            // and naming it as what blocks would misread the group.
            let first_rule = group
                .rules
                .iter()
                .find(|r| r.kind == RuleKind::Disallow && !r.pattern(cx.robots).is_empty())
                .unwrap_or(&group.rules[0]);
            Message::new(M::DelayedCrawlersGetRules)
                .with(
                    "rule",
                    directive_code(
                        cx.line(first_rule.line).key().unwrap_or("Disallow"),
                        first_rule.pattern(cx.robots),
                    ),
                )
                .line("rule_line", first_rule.line)
        }
    };
    let names = Value::List(names.into());
    let related = group
        .agents
        .iter()
        .map(|a| a.line)
        .chain(inside.iter().copied())
        .chain(closing.map(|r| r.line))
        .collect();
    Some(
        Finding::new(
            Code::LineInsideAgentList,
            scoped[0],
            message
                .with("names", names.clone())
                .with("text", text)
                .code("owner", owner.value())
                .line("owner_line", owner.line),
            M::DelayedCrawlersWhy,
            // Rules below the last delay end the group there: every crawler above gets them.
            Message::new(M::DelayedCrawlersFix)
                .with("names", names)
                .with("text", directive(last_inside))
                .line("line", last_inside)
                .code("owner", owner.value()),
        )
        .with_related(related)
        .with_severity(Severity::Error),
    )
}
