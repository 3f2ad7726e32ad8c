//! Group lines that reach crawlers they were not written for: a `Crawl-delay` between user
//! agents that merges the delayed crawlers into the next crawler's group (RL311), and a group
//! line set apart at the end of the file that only the last group's crawlers read (RL315).

use super::{group_scoped, splits_agent_list, star_rules_text, GROUP_SCOPED_KEYS};
use crate::audit::evidence::{Edit, Intent};
use crate::audit::overlap::is_match_all;
use crate::audit::text::{directive_code, line_range_value};
use crate::audit::{Code, Context, Finding};
use crate::group::{AgentLine, AgentToken, Group, Rule, RuleKind};
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
    let merge = DelayMerge::find(cx, group)?;
    let names: Vec<Value> = merge
        .delayed
        .iter()
        .map(|a| Value::code(a.value()))
        .collect();
    let names = Value::List(names.into());
    let related = group
        .agents
        .iter()
        .map(|a| a.line)
        .chain(merge.inside.iter().copied())
        .chain(merge.closing.map(|r| r.line))
        .collect();
    // Rules below the last delay end the group there: the file gave the crawlers above only a
    // delay, so they get the rules they follow when no group names them, `*`'s (or an empty
    // `Disallow:`, everything, without a `*` group).
    let intent = star_rules_text(cx)
        .map(|rules| Intent::fix(vec![Edit::insert(merge.last_delay + 1, rules)]));
    Some(
        Finding::new(
            Code::LineInsideAgentList,
            merge.first_delay,
            merge
                .message(cx, group)
                .with("names", names.clone())
                .with("text", delay_lines(cx, &merge.inside))
                .code("owner", merge.owner.value())
                .line("owner_line", merge.owner.line),
            M::DelayedCrawlersWhy,
            Message::new(M::DelayedCrawlersFix)
                .with("names", names)
                .with("text", directive(cx, merge.last_delay))
                .line("line", merge.last_delay)
                .code("owner", merge.owner.value()),
        )
        .with_related(related)
        .with_intent(intent),
    )
}

/// The group-scoped lines among `inside` (the delays), each distinct one once: a group of
/// several delayed crawlers holds one delay each (`Crawl-delay: 0.5`, then `Crawl-delay: 10`).
fn delay_lines(cx: &Context<'_>, inside: &[usize]) -> Value {
    let mut texts: Vec<Value> = Vec::new();
    for &number in inside {
        let text = directive(cx, number);
        if group_scoped(&cx.line(number)) && !texts.contains(&text) {
            texts.push(text);
        }
    }
    Value::List(texts.into())
}

/// The line as a directive, without the comment that often follows a delay.
fn directive(cx: &Context<'_>, number: usize) -> Value {
    let line = cx.line(number);
    directive_code(
        line.key().unwrap_or_default(),
        line.value().unwrap_or_default(),
    )
}

/// Crawlers given only a delay, merged into the next crawler's group.
struct DelayMerge<'g> {
    /// The lines between the user agents that end no group for Google (delays and sitemaps).
    inside: Vec<usize>,
    /// The first and last delay (or other group-scoped line) among them.
    first_delay: usize,
    last_delay: usize,
    /// The crawlers named above the last delay, and the first named below it.
    delayed: Vec<&'g AgentLine>,
    owner: &'g AgentLine,
    /// The rule that closes the whole site, when the group's rules do.
    closing: Option<&'g Rule>,
}

impl<'g> DelayMerge<'g> {
    /// The merge in `group`, when the file shows the delayed crawlers were not meant to get the
    /// owner's rules: they close the whole site, or a blank line sets the delayed crawlers apart.
    fn find(cx: &Context<'_>, group: &'g Group) -> Option<DelayMerge<'g>> {
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
        let (&first_delay, &last_delay) = (scoped.first()?, scoped.last()?);
        if !inside.iter().all(|&number| {
            let line = cx.line(number);
            group_scoped(&line) || line.kind == LineKind::Sitemap
        }) {
            return None;
        }
        let (delayed, owners): (Vec<&AgentLine>, Vec<&AgentLine>) =
            group.agents.iter().partition(|a| a.line < last_delay);
        let owner = *owners.first()?;
        // Owners that only name again the delayed crawlers (`Slurp`, a delay, `slurp`, rules)
        // start, for the parsers that split the list, a second group of the same names:
        // `repeated_below` tells that. A sitemap among the owners' own names splits them, which
        // is another story. `*` among the owners: the delayed crawlers get the rules every
        // crawler gets, which may well be meant; `*` among the delayed: `site-closed-to-all`
        // names that merge.
        if super::layout::last_new_name(group) < owner.line
            || inside.iter().any(|&number| number > owner.line)
            || group.agents.iter().any(|a| a.token == AgentToken::Star)
        {
            return None;
        }
        let closing = if group
            .rules
            .iter()
            .any(|r| r.kind == RuleKind::Allow && !cx.pattern(r).is_empty())
        {
            None
        } else {
            group
                .rules
                .iter()
                .find(|r| r.kind == RuleKind::Disallow && is_match_all(cx.pattern(r)))
        };
        let set_apart = (last_delay + 1..owner.line).any(|n| cx.line(n).kind == LineKind::Blank);
        if closing.is_none() && !set_apart {
            return None;
        }
        Some(DelayMerge {
            inside,
            first_delay,
            last_delay,
            delayed,
            owner,
            closing,
        })
    }

    /// What the merge does to the delayed crawlers: shuts them out of the site, or gives them
    /// the owner's rules from its first Disallow on.
    fn message(&self, cx: &Context<'_>, group: &Group) -> Message {
        if let Some(rule) = self.closing {
            return Message::new(M::DelayedCrawlersClosedOut)
                .with("rule", directive_code("Disallow", cx.pattern(rule)))
                .line("rule_line", rule.line);
        }
        // The rules block from their first Disallow on: an Allow above it opens a section, and
        // naming it as what blocks would misread the group.
        let first_rule = group
            .rules
            .iter()
            .find(|r| r.kind == RuleKind::Disallow && !cx.pattern(r).is_empty())
            .unwrap_or(&group.rules[0]);
        Message::new(M::DelayedCrawlersGetRules)
            .with(
                "rule",
                directive_code(
                    cx.line(first_rule.line).key().unwrap_or("Disallow"),
                    cx.pattern(first_rule),
                ),
            )
            .line("rule_line", first_rule.line)
    }
}

#[cfg(test)]
mod tests {
    use crate::audit::test_support::*;
    use crate::audit::{Code, FixCheck, Severity};

    #[test]
    fn delayed_crawlers_get_the_star_rules_they_would_follow() {
        let input = "User-agent: *\nDisallow: /account/\n\nUser-agent: bingbot\nCrawl-delay: 5\n\n\
                     User-agent: ScraperBot\nDisallow: /\n";
        let found = with_code(input, Code::LineInsideAgentList);
        assert_eq!(found[0].severity, Severity::Error);
        assert!(
            found[0].fix.english().contains("the `*` group's"),
            "{}",
            found[0].fix
        );
        // The fix gives bingbot `*`'s rules, not everything: it raises no RL302, so it is offered.
        assert_eq!(found[0].fix_check, FixCheck::Checked);
        assert!(found[0]
            .effect
            .iter()
            .any(|e| e.agent == "Bingbot" && e.url == "/" && !e.allowed && e.intended));
    }

    #[test]
    fn each_delay_of_the_delayed_crawlers_is_named() {
        let input = "User-agent: *\nDisallow: /tmp/\n\nUser-agent: SphereBot\nCrawl-delay: 0.5\n\n\
                     User-agent: BLEXBot\nCrawl-delay: 10\n\nUser-agent: Blekkobot\n\
                     Crawl-delay: 10\n\nUser-agent: 008\nDisallow: /\n";
        let found = with_code(input, Code::LineInsideAgentList);
        let message = found[0].message.english();
        assert!(
            message.contains("`Crawl-delay: 0.5` and `Crawl-delay: 10`"),
            "{message}"
        );
    }

    #[test]
    fn a_fix_that_splits_a_group_raises_nothing_its_crawlers_had_already() {
        // `AhrefsBot` and `funnelback` both escape `*` (one RL302 on the group's first line);
        // once the delay ends AhrefsBot's group, `funnelback` alone still does: the same story,
        // which does not hold the fix back.
        let input = "User-agent: *\nDisallow: /search/\n\nUser-agent: AhrefsBot\nCrawl-delay: 5\n\
                     User-agent: funnelback\nDisallow: /x\n";
        assert_eq!(with_code(input, Code::NamedGroupIgnoresStar).len(), 1);
        let found = with_code(input, Code::LineInsideAgentList);
        assert_eq!(found[0].fix_check, FixCheck::Checked, "{}", found[0].fix);
    }

    #[test]
    fn a_trailing_group_line_changes_no_verdict_and_is_a_note() {
        let input = "User-agent: *\nDisallow: /admin/\n\nUser-agent: GPTBot\nDisallow: /\n\n\
                     Crawl-delay: 10\n";
        let found = with_code(input, Code::TrailingGroupLine);
        assert_eq!(found[0].severity, Severity::Info);
        assert!(found[0].effect.is_empty());
    }
}
