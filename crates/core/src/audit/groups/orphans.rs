//! Rules in the wrong group: Allow and Disallow lines before the first user-agent line, which
//! no crawler obeys (RL301), and rules set apart by a blank line below a named group's rules,
//! written as if for every crawler but bound to that group's crawlers alone (RL316).

use std::collections::HashMap;

use super::{after_group, first_star_group, line_text, lines_text, LISTED_RULES};
use crate::audit::evidence::{Edit, Intent};
use crate::audit::overlap::is_match_all;
use crate::audit::text::directive_code;
use crate::audit::{Code, Context, Finding};
use crate::group::{AgentToken, Group, Rule, RuleKind};
use crate::message::{Message, MessageId as M, Value};

pub(super) fn orphan_rules(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let first_group = cx.robots.groups().first().map(|group| group.first_line);
    for rule in cx.robots.orphan_rules() {
        let line = cx.line(rule.line);
        let key = line.key().unwrap_or_default();
        let message = match first_group {
            Some(first) => Message::new(M::RuleBeforeUserAgent).line("first", first),
            None => Message::new(M::RuleBeforeUserAgentNoGroup),
        };
        out.push(
            Finding::new(
                Code::RuleBeforeUserAgent,
                rule.line,
                message.with("rule", directive_code(key, cx.pattern(rule))),
                M::RuleBeforeUserAgentWhy,
                M::RuleBeforeUserAgentFix,
            )
            .with_related(first_group.into_iter().collect())
            .with_intent(for_every_crawler(cx, rule.line)),
        );
    }
}

/// The rule on line `number`, which stands in no group, as meant for every crawler: moved into
/// the first `*` group, right below its user-agent lines (where it stood first in the file),
/// or, without a `*` group, into one of its own at the end of the file. Other rules in no group
/// stay where they are: each finding is about its own rule.
fn for_every_crawler(cx: &Context<'_>, number: usize) -> Option<Intent> {
    let text = line_text(cx, number)?;
    let insert = match first_star_group(cx) {
        Some(star) => Edit::insert(star.agents.last()?.line + 1, text),
        None => Edit::insert(
            cx.robots.lines().len() + 1,
            format!("\nUser-agent: *\n{text}"),
        ),
    };
    Some(Intent::meant(vec![Edit::delete(number), insert]))
}

/// Rules set apart by a blank line below a group that names particular crawlers, among them a
/// Disallow the `*` group does not hold: `User-agent: Googlebot-Image`, `Allow: /images/`, a
/// blank line, `Disallow: /admin/`. The blank line starts what reads as a new section, but a
/// group runs until the next user-agent line, so Google and RFC 9309 give the rules to
/// Googlebot-Image alone (and Python's robotparser to nobody): every other crawler may fetch
/// `/admin/`. Rules the file also writes into other groups are that group's copy, not a section
/// for everyone ([`copied_elsewhere`]). Returns the blank lines reported, whose readers'
/// disagreement is this cause's.
pub(super) fn set_apart_rules(cx: &Context<'_>, out: &mut Vec<Finding>) -> Vec<usize> {
    let star_disallows: Vec<&str> = cx
        .rules_of(&cx.star_groups)
        .filter(|rule| rule.kind == RuleKind::Disallow)
        .map(|rule| cx.pattern(rule))
        .collect();
    // Where each rule (kind and pattern) stands: in one group, or in several.
    let mut placed: HashMap<(RuleKind, &str), Placed> = HashMap::new();
    for group in cx.robots.groups() {
        for rule in &group.rules {
            placed
                .entry((rule.kind, cx.pattern(rule)))
                .and_modify(|seen| {
                    if *seen != Placed::In(group.index) {
                        *seen = Placed::Several;
                    }
                })
                .or_insert(Placed::In(group.index));
        }
    }
    let mut blanks = Vec::new();
    for group in cx.robots.groups() {
        if group
            .agents
            .iter()
            .any(|agent| agent.token == AgentToken::Star)
        {
            continue;
        }
        let Some((blank, tail)) = set_apart_tail(cx, group) else {
            continue;
        };
        let blocks_more = tail.iter().any(|rule| {
            let pattern = cx.pattern(rule);
            rule.kind == RuleKind::Disallow
                && !pattern.is_empty()
                && !star_disallows.contains(&pattern)
        });
        if !blocks_more || copied_elsewhere(cx, group, tail, &placed) {
            continue;
        }
        blanks.push(blank);
        out.push(set_apart_finding(cx, group, blank, tail));
    }
    blanks
}

/// Whether a rule stands in one group only, or in several.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Placed {
    In(usize),
    Several,
}

/// Whether at least half of `tail`'s rules also stand in another group of the file (the `*`
/// group or another named one): the section below the blank line is then a copy the author
/// writes into each group it is for, which the file shows to be meant for this group as Google
/// reads it. Only Python's robotparser, which ends the group at the blank line, reads it
/// otherwise, and the blank line's own finding (RL313) tells that.
fn copied_elsewhere(
    cx: &Context<'_>,
    group: &Group,
    tail: &[Rule],
    placed: &HashMap<(RuleKind, &str), Placed>,
) -> bool {
    let copies = tail
        .iter()
        .filter(|rule| {
            placed
                .get(&(rule.kind, cx.pattern(rule)))
                .is_some_and(|seen| *seen != Placed::In(group.index))
        })
        .count();
    2 * copies >= tail.len()
}

/// The first blank line between two of `group`'s rules, and the rules below it.
fn set_apart_tail<'g>(cx: &Context<'_>, group: &'g Group) -> Option<(usize, &'g [Rule])> {
    group
        .rules
        .windows(2)
        .enumerate()
        .find_map(|(index, pair)| {
            // Only an empty line ends Python's record (a line of spaces reads on).
            let blank = (pair[0].line + 1..pair[1].line).find(|&n| cx.line(n).text().is_empty())?;
            Some((blank, &group.rules[index + 1..]))
        })
}

fn set_apart_finding(cx: &Context<'_>, group: &Group, blank: usize, tail: &[Rule]) -> Finding {
    let agents: Vec<Value> = group
        .agents
        .iter()
        .map(|agent| Value::code(agent.value()))
        .collect();
    let mut rules: Vec<Value> = tail
        .iter()
        .take(LISTED_RULES)
        .map(|rule| {
            let key = cx.line(rule.line).key().unwrap_or_default();
            directive_code(key, cx.pattern(rule))
        })
        .collect();
    if tail.len() > LISTED_RULES {
        rules.push(Value::phrase(
            Message::new(M::GroupRangesMore).count("count", tail.len() - LISTED_RULES),
        ));
    }
    let first = tail[0].line;
    let mut related: Vec<usize> = group.agents.iter().map(|agent| agent.line).collect();
    related.push(blank);
    related.extend(tail.iter().map(|rule| rule.line));
    Finding::new(
        Code::SetApartRules,
        first,
        Message::new(M::SetApartRules)
            .line("blank", blank)
            .list("rules", rules)
            .list("agents", agents.clone()),
        M::SetApartRulesWhy,
        Message::new(M::SetApartRulesFix).list("agents", agents),
    )
    .with_related(related)
    .with_intent(for_every_crawler_too(
        cx,
        tail,
        whole_site_head(cx, group, tail),
    ))
}

/// Whether every rule of `group` above the set-apart `tail` speaks for the whole site (`Allow:
/// /`, an empty `Disallow:`, `Disallow: /`): the named crawlers were given all or nothing, so
/// the section below is no refinement of theirs, and every crawler is evidently what it is for
/// (under `Disallow: /` it cannot even change their answers).
fn whole_site_head(cx: &Context<'_>, group: &Group, tail: &[Rule]) -> bool {
    let head = &group.rules[..group.rules.len() - tail.len()];
    !head.is_empty()
        && head.iter().all(|rule| {
            let pattern = cx.pattern(rule);
            pattern.is_empty() || is_match_all(pattern)
        })
}

/// The rules `tail` as meant: for every crawler, the named ones included. They are copied into
/// the first `*` group, or into one of their own at the end of the file. Likely, not evident,
/// unless the file shows it (`evident`): the named crawler may be all they were for.
fn for_every_crawler_too(cx: &Context<'_>, tail: &[Rule], evident: bool) -> Option<Intent> {
    let text = lines_text(cx, tail.iter().map(|rule| rule.line))?;
    let insert = match first_star_group(cx) {
        Some(star) => Edit::insert(after_group(star), text),
        None => Edit::insert(
            cx.robots.lines().len() + 1,
            format!("\nUser-agent: *\n{text}"),
        ),
    };
    let intent = Intent::meant(vec![insert]);
    Some(if evident { intent } else { intent.likely() })
}

#[cfg(test)]
mod tests {
    use crate::audit::test_support::*;
    use crate::audit::Code;
    use crate::audit::{FixCheck, Severity};
    use crate::profile::Profile;

    #[test]
    fn rules_before_any_user_agent_are_errors() {
        let found = with_code(
            "Disallow: /a\nAllow: /b\nUser-agent: *\nDisallow: /c\n",
            Code::RuleBeforeUserAgent,
        );
        assert_eq!(found.iter().map(|f| f.line).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(found[0].related_lines, [3]);
        assert!(found[0].message.english().contains("`Disallow: /a`"));
    }

    #[test]
    fn a_rule_before_any_user_agent_is_evidenced_by_the_crawlers_it_would_block() {
        let found = with_code(
            "Disallow: /private/\n\nUser-agent: *\nDisallow: /tmp/\n",
            Code::RuleBeforeUserAgent,
        );
        assert_eq!(found[0].severity, Severity::Error);
        let effect = &found[0].effect[0];
        assert!(effect.url.starts_with("/private/") && effect.allowed && !effect.intended);
        // Without a `*` group the rule is meant for one of its own, with the same evidence.
        let alone = with_code(
            "Disallow: /private/\n\nUser-agent: Googlebot\nDisallow: /x\n",
            Code::RuleBeforeUserAgent,
        );
        assert_eq!(alone[0].severity, Severity::Error);
        assert!(alone[0].effect.iter().any(|e| e.agent == "Bingbot"));
        // A rule that matches nothing (no leading `/`) blocks nothing in any group: a note.
        let dead = with_code(
            "Disallow: private\nUser-agent: *\nDisallow: /x\n",
            Code::RuleBeforeUserAgent,
        );
        assert_eq!(dead[0].severity, Severity::Info);
    }

    #[test]
    fn rules_set_apart_below_a_named_group_are_told_with_the_crawlers_they_miss() {
        let input = "User-agent: *\nDisallow: /cart/\n\nUser-agent: Googlebot-Image\n\
                     Allow: /images/\n\nDisallow: /admin/\nDisallow: /login\n";
        let found = with_code(input, Code::SetApartRules);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].line, 7);
        assert_eq!(found[0].severity, Severity::Warning);
        assert!(found[0].related_lines.contains(&8));
        assert!(found[0]
            .effect
            .iter()
            .any(|e| e.agent == "Googlebot" && e.url.starts_with("/admin/") && e.allowed));
        assert_eq!(found[0].fix_check, FixCheck::None);
        // The blank line is this finding's cause, not a second finding.
        assert!(with_code(input, Code::BlankLineInGroup).is_empty());
        // Python's robotparser gives the rules to nobody: its answers change too.
        assert!(found[0].effect.iter().any(|e| e.profile == Profile::Python));
    }

    #[test]
    fn rules_set_apart_below_a_whole_site_rule_are_evidently_for_every_crawler() {
        // `Allow: /` gave Googlebot-Image the whole site: the section below is no refinement
        // of its, and Googlebot may fetch what it blocks against the file's evident intent.
        let open = "User-agent: *\nAllow: /\n\nUser-agent: Googlebot-Image\nAllow: /\n\n\
                    Disallow: /admin/\n";
        let found = with_code(open, Code::SetApartRules);
        assert_eq!(found[0].severity, Severity::Error, "{:?}", found[0].effect);
        // Under `Disallow: /` the rules cannot change Yeti's answers at all.
        let closed = "User-agent: *\nAllow: /\n\nUser-agent: Yeti\nDisallow: /\n\n\
                      Disallow: /bugs/\n";
        assert_eq!(
            with_code(closed, Code::SetApartRules)[0].severity,
            Severity::Error
        );
        // A narrow rule above the blank line may be refined by the section: likely, a warning.
        let narrow = "User-agent: *\nAllow: /\n\nUser-agent: Googlebot-Image\nAllow: /img/\n\n\
                      Disallow: /admin/\n";
        assert_eq!(
            with_code(narrow, Code::SetApartRules)[0].severity,
            Severity::Warning
        );
    }

    #[test]
    fn rules_set_apart_that_star_holds_or_in_the_star_group_are_only_layout() {
        // `*` blocks the path already: nobody else may fetch it.
        let held = "User-agent: *\nDisallow: /admin/\n\nUser-agent: Googlebot\nDisallow: /x\n\n\
                    Disallow: /admin/\n";
        assert!(with_code(held, Code::SetApartRules).is_empty());
        assert_eq!(with_code(held, Code::BlankLineInGroup).len(), 1);
        // The `*` group's own rules set apart reach every crawler anyway.
        let star = "User-agent: *\nDisallow: /x\n\nDisallow: /admin/\n";
        assert!(with_code(star, Code::SetApartRules).is_empty());
        // A section the author copies into each group it is for belongs to its group, as
        // Google reads it: only Python, which stops at the blank line, reads it otherwise.
        let copied = "User-agent: *\nDisallow: /cart/\n\nUser-agent: Googlebot\nDisallow: /x\n\n\
                      Disallow: /*.gif$\nDisallow: /*.jpg$\n\nUser-agent: Bingbot\nDisallow: /y\n\n\
                      Disallow: /*.gif$\nDisallow: /*.jpg$\n";
        assert!(with_code(copied, Code::SetApartRules).is_empty());
        assert_eq!(with_code(copied, Code::BlankLineInGroup).len(), 2);
        // Mostly the `*` group's own rules again, one more among them: a copy of `*`.
        let star_copy = "User-agent: *\nDisallow: /a/\nDisallow: /b/\nDisallow: /c/\n\n\
                         User-agent: Baiduspider\nCrawl-delay: 5\nDisallow: /x\n\n\
                         Disallow: /a/\nDisallow: /b/\nDisallow: /d/\n";
        assert!(with_code(star_copy, Code::SetApartRules).is_empty());
        // Rules right below the user agents, set apart from them, are no second section.
        let first = "User-agent: Googlebot\n\nDisallow: /admin/\n";
        assert!(with_code(first, Code::SetApartRules).is_empty());
    }
}
