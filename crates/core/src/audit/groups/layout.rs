//! Where the readers' groups part: a name repeated in one group (RL304), a line between the
//! user-agent lines of one group (RL311), and a blank line inside a group (RL313). Google and
//! RFC 9309 read on across such lines; Python's robotparser and the 1994 convention end a
//! record at a blank line (and Python at a `Crawl-delay` before a user-agent line), so the
//! findings' edits are the layout every reader reads alike.

use std::collections::HashMap;

use super::{
    after_group, agent_key, allows_everything, delays, group_range, group_scoped, line_text,
    splits_agent_list, star_rules_text,
};
use crate::audit::evidence::{Edit, Intent};
use crate::audit::text::directive_code;
use crate::audit::{Code, Context, Finding};
use crate::group::{AgentLine, AgentToken, Group, Rule};
use crate::lines::{Line, LineKind};
use crate::message::{Message, MessageId as M, Value};

/// Whether `line-inside-agent-list` speaks of the lines that split `group`'s user agents: it
/// says nothing when the rules allow everything, since every split allows everything too.
fn reports_split(cx: &Context<'_>, group: &Group) -> bool {
    let rules: Vec<&Rule> = group.rules.iter().collect();
    !rules.is_empty() && !allows_everything(cx, &rules)
}

pub(super) fn repeated_in_group(cx: &Context<'_>, out: &mut Vec<Finding>) {
    for group in cx.robots.groups().iter().filter(|g| g.agents.len() > 1) {
        // The first line of each name as Google reads it, and of each value as written (both
        // in lower case): a group of 100,000 user agents is read in one pass.
        let mut first_by_token: HashMap<String, usize> = HashMap::new();
        let mut first_by_value: HashMap<String, usize> = HashMap::new();
        // The last line between the user agents that parsers other than Google's end a group
        // at: a name repeated below it starts, for them, the group that holds the rules, so
        // the repeat is not idle there, and `line-inside-agent-list` tells that layout.
        let mut split_at = None;
        let mut previous = group.first_line;
        let split_told = reports_split(cx, group);
        for agent in &group.agents {
            if split_told && (previous + 1..agent.line).any(|n| splits_agent_list(&cx.line(n))) {
                split_at = Some(agent.line);
            }
            previous = agent.line;
            let Some(key) = agent_key(agent) else {
                continue;
            };
            let same_value = first_by_value
                .entry(agent.value().to_ascii_lowercase())
                .or_insert(agent.line);
            let same_value = (*same_value != agent.line).then_some(*same_value);
            let first = *first_by_token.entry(key).or_insert(agent.line);
            if first == agent.line || split_at.is_some_and(|split| first < split) {
                continue;
            }
            let (message, related) = match same_value {
                Some(earlier) => (
                    Message::new(M::RepeatedUserAgent)
                        .code("value", agent.value())
                        .line("first", earlier),
                    earlier,
                ),
                None => (same_name_message(cx, agent, first), first),
            };
            out.push(
                Finding::new(
                    Code::RepeatedUserAgent,
                    agent.line,
                    message,
                    M::RepeatedUserAgentWhy,
                    M::RepeatedUserAgentFix,
                )
                .with_related(vec![related]),
            );
        }
    }
}

/// `agent` is written otherwise than line `first` (`Website.Quester` after `Website eXtractor`,
/// `mozilla/4` after `Mozilla/4.0 (compatible; …)`), but Google reads both as the same name;
/// readers that compare the whole value read two names.
fn same_name_message(cx: &Context<'_>, agent: &AgentLine, first: usize) -> Message {
    let earlier = cx
        .robots
        .line(first)
        .and_then(|line| line.value())
        .unwrap_or_default();
    let token = match &agent.token {
        AgentToken::Star => "*",
        AgentToken::Product(token) => &agent.value()[..token.len()],
    };
    Message::new(M::RepeatedUserAgentSameName)
        .code("value", agent.value())
        .code("token", token)
        .code("earlier", earlier)
        .line("first", first)
}

/// `merged`: the lines `site-closed-to-all` names as `*`'s merge into the next group.
pub(super) fn lines_inside_agent_lists(
    cx: &Context<'_>,
    out: &mut Vec<Finding>,
    merged: Option<(usize, usize)>,
) {
    // A group without rules (one `User-agent`/`Crawl-delay` pair per crawler, say) allows
    // everything whichever way a reader splits it: no verdict depends on the layout. The
    // same holds when the rules allow everything (`Disallow:` alone): the crawlers a reader
    // splits off get no rules, which allow everything too.
    for group in cx.robots.groups().iter().filter(|g| reports_split(cx, g)) {
        let (Some(first), Some(last)) = (group.agents.first(), group.agents.last()) else {
            continue;
        };
        if let Some(finding) = delays::delayed_crawlers_merged(cx, group) {
            out.push(finding);
            continue;
        }
        let last_new = last_new_name(group);
        for number in first.line + 1..last.line {
            let line = cx.line(number);
            let told = merged.is_some_and(|(star, next)| star < number && number < next);
            if !splits_agent_list(&line) || told {
                continue;
            }
            // A `Sitemap` or an unknown line is moved below the rules, as for any list.
            if let Some(finding) = group_scoped(&line)
                .then(|| repeated_below(group, last_new, number, &line))
                .flatten()
            {
                out.push(finding);
                continue;
            }
            out.push(between_agents(cx, group, number, &line));
        }
    }
}

/// The finding for `line` (line `number`), which stands between `group`'s user agents.
///
/// A `Sitemap` or an unknown line moves below the rules, which every reader then reads as
/// Google does. A `Crawl-delay` there was likely meant for the crawlers above it alone (below
/// the rules it would reach every crawler of the group, all of `*`'s when it names `*`): they
/// get a group of their own, with the rules they follow when no group names them (`*`'s).
fn between_agents(cx: &Context<'_>, group: &Group, number: usize, line: &Line) -> Finding {
    let above: Vec<Value> = group
        .agents
        .iter()
        .filter(|a| a.line < number)
        .map(|a| Value::code(a.value()))
        .collect();
    let id = if above.len() == 1 {
        M::LineInsideAgentListOne
    } else {
        M::LineInsideAgentList
    };
    let last = group.agents.last().map_or(number, |agent| agent.line);
    // Every crawler above the line named again below it (`User-agent: *`, a `Sitemap`,
    // `User-agent: *`, the rules): parsers that end the group at the line read the rules with
    // the second list, so nobody is left without them.
    let again = group
        .agents
        .iter()
        .filter(|a| a.line < number)
        .map(|a| {
            let key = agent_key(a)?;
            group
                .agents
                .iter()
                .find(|b| b.line > number && agent_key(b).as_deref() == Some(&key))
        })
        .collect::<Option<Vec<_>>>()
        .and_then(|repeats| repeats.into_iter().map(|b| b.line).min());
    let message = match again {
        Some(repeat) if !group_scoped(line) => Message::new(M::LineInsideAgentListReadAgain)
            .code("text", line.text().trim())
            .list("agents", above.clone())
            .line("repeat", repeat),
        _ => Message::new(id)
            .code("text", line.text().trim())
            .list("agents", above.clone())
            .line("last", last),
    };
    // A blank line between this line and the next user agent: as written, the group of the
    // user agents above ends here (`User-agent: Applebot`, `Noindex: …`, a blank line, then
    // `User-agent: Mediapartners-Google` and `Disallow: *`), and Google's reading gives them the
    // next crawlers' rules against it. Rules of their own end their group for every parser.
    // (Not for `*`, whose rules are the ones the fix would write: its group merged into the
    // next is the site-wide story, told by moving the line.)
    let next_agent = group.agents.iter().map(|a| a.line).find(|&l| l > number);
    let star_above = group
        .agents
        .iter()
        .any(|a| a.line < number && matches!(a.token, AgentToken::Star));
    let ends_here = !group_scoped(line)
        && !star_above
        && next_agent.is_some_and(|next| {
            (number + 1..next).any(|between| cx.line(between).kind == LineKind::Blank)
        });
    if ends_here {
        return Finding::new(
            Code::LineInsideAgentList,
            number,
            Message::new(M::LineInsideAgentListEnds)
                .code("text", line.text().trim())
                .list("agents", above.clone())
                .line("last", last),
            M::LineInsideAgentListWhy,
            Message::new(M::LineInsideAgentListFixScoped)
                .list("agents", above)
                .with(
                    "text",
                    directive_code(
                        line.key().unwrap_or_default(),
                        line.value().unwrap_or_default(),
                    ),
                ),
        )
        .with_related(group.agents.iter().map(|a| a.line).collect())
        // Their own group holds the rules they follow where no group names them, as Python's
        // reader, which drops a record without rules, already gives them: what is evident is
        // that the next crawlers' rules are not theirs.
        .with_intent(
            star_rules_text(cx).map(|rules| Intent::fix(vec![Edit::insert(number + 1, rules)])),
        );
    }
    let (fix, intent) = if group_scoped(line) {
        let text = directive_code(
            line.key().unwrap_or_default(),
            line.value().unwrap_or_default(),
        );
        // `*` above the line: "the `*` group's rules" would be its own; the rules Google gives
        // it now are those written below the crawlers named after it.
        let fix = match group.rules.first() {
            Some(rule) if star_above => {
                Message::new(M::LineInsideAgentListFixScopedStar).line("rule", rule.line)
            }
            _ => Message::new(M::LineInsideAgentListFixScoped).list("agents", above),
        };
        (
            fix.with("text", text),
            star_rules_text(cx)
                .map(|rules| Intent::fix(vec![Edit::insert(number + 1, rules)]).likely()),
        )
    } else {
        let moved = line_text(cx, number).map(|text| {
            Intent::portable(vec![
                Edit::delete(number),
                Edit::insert(after_group(group), text),
            ])
        });
        (M::LineInsideAgentListFix.into(), moved)
    };
    Finding::new(
        Code::LineInsideAgentList,
        number,
        message,
        M::LineInsideAgentListWhy,
        fix,
    )
    .with_related(group.agents.iter().map(|a| a.line).collect())
    .with_intent(intent)
}

/// The line of `group`'s last user agent that does not name again a crawler named above it
/// (an empty name counts as new): below it, every user agent is a repeat. One pass, with the
/// map type `repeated_in_group` uses (the audit wasm is tight).
pub(super) fn last_new_name(group: &Group) -> usize {
    let mut first_by_key: HashMap<String, usize> = HashMap::new();
    let mut last_new = 0;
    for agent in &group.agents {
        let new = match agent_key(agent) {
            Some(key) => *first_by_key.entry(key).or_insert(agent.line) == agent.line,
            None => true,
        };
        if new {
            last_new = agent.line;
        }
    }
    last_new
}

/// The line `number` between `group`'s user agents when every user agent below it names again
/// one above it (`last_new` is above it: `User-agent: *`, `Request-rate: …`, `User-agent: *`,
/// then the rules): Google reads one group, parsers that end a group there read a second group
/// of the same names, which those that keep only the first group of a name (Python's
/// robotparser) never read. Deleting the repeated line gives every parser one group; adding
/// rules under the line, the usual fix, would give those parsers a first group that allows
/// everything.
fn repeated_below(group: &Group, last_new: usize, number: usize, line: &Line) -> Option<Finding> {
    if last_new > number {
        return None;
    }
    let repeat = group.agents.iter().find(|a| a.line > number)?;
    Some(
        Finding::new(
            Code::LineInsideAgentList,
            number,
            Message::new(M::LineInsideAgentListRepeat)
                .code("text", line.text().trim())
                .code("value", repeat.value())
                .line("repeat", repeat.line),
            M::LineInsideAgentListWhy,
            Message::new(M::LineInsideAgentListFixRepeat)
                .code("text", line.text().trim())
                .line("repeat", repeat.line),
        )
        .with_related(group.agents.iter().map(|a| a.line).collect())
        .with_intent(Some(Intent::portable(vec![Edit::delete(repeat.line)]))),
    )
}

/// Blank lines inside groups whose rules block something: one finding per group, at the first
/// blank line that ends the record for the readers that end records at blank lines (from there
/// on, the group's rules belong to no user agent for them), naming the others. Its evidence and
/// fix delete them all: with any one left, those readers still end the group early, so a blank
/// line further down weighed alone changes no verdict, and one above it weighed alone may not
/// either. `set_apart` holds the blank lines `set-apart-rules` reports: there the rules below
/// were meant for other crawlers, which is the cause to name, not the readers' disagreement.
pub(super) fn blank_lines(cx: &Context<'_>, out: &mut Vec<Finding>, set_apart: &[usize]) {
    // As for lines inside the agent list: without rules, no reader's verdict depends on where
    // a blank line ends the group.
    for group in cx.robots.groups().iter().filter(|g| !g.rules.is_empty()) {
        let rules: Vec<&Rule> = group.rules.iter().collect();
        if allows_everything(cx, &rules) {
            continue;
        }
        let mut significant: Vec<(usize, bool)> = group
            .agents
            .iter()
            .map(|a| (a.line, true))
            .chain(group.rules.iter().map(|r| (r.line, false)))
            .collect();
        significant.sort_unstable();
        // Each gap between two of the group's lines that a blank line ends the record in.
        let mut gaps: Vec<((usize, bool), (usize, bool))> = Vec::new();
        let mut named_again: Option<HashMap<usize, bool>> = None;
        for pair in significant.windows(2) {
            let ((before, before_is_agent), (after, after_is_agent)) = (pair[0], pair[1]);
            let Some(blank) = (before + 1..after).find(|&n| ends_record(cx, n)) else {
                continue;
            };
            // A `Crawl-delay` between the two user agents is the cause `line-inside-agent-list`
            // names (with what the merge changes); the blank line is not a second one.
            if set_apart.contains(&blank)
                || (before_is_agent
                    && after_is_agent
                    && (before + 1..after).any(|n| splits_agent_list(&cx.line(n))))
            {
                continue;
            }
            // User agents above the blank line that are named below it too lose nothing where
            // it ends the record: the record below names them.
            if before_is_agent
                && after_is_agent
                && named_again
                    .get_or_insert_with(|| named_again_below(group))
                    .get(&before)
                    .copied()
                    .unwrap_or(false)
            {
                continue;
            }
            gaps.push(((before, before_is_agent), (after, after_is_agent)));
        }
        let Some(&(first_before, first_after)) = gaps.first() else {
            continue;
        };
        let blanks: Vec<usize> = gaps
            .iter()
            .flat_map(|&((before, _), (after, _))| {
                (before + 1..after).filter(|&n| ends_record(cx, n))
            })
            .collect();
        let last_after = gaps.last().map_or(first_after.0, |&(_, (after, _))| after);
        let (mut message, mut fix) = blank_story(cx, group, first_before, first_after);
        let first_blank = blanks[0];
        if blanks.len() > 1 {
            let others = &blanks[1..];
            message = if others.len() == 1 {
                Message::new(M::BlankLinesFurtherOne)
            } else {
                Message::new(M::BlankLinesFurther).count("count", others.len())
            }
            .phrase("message", message)
            .lines("lines", others);
            fix = Message::new(M::BlankLinesFix).lines("lines", &blanks);
        }
        // Google and RFC 9309 read on across the blank lines: without them, every reader
        // reads the group as they do. A blank line above the first one reported (one the
        // checks above leave to another finding) would end the record first, so it goes too;
        // then the edit is more than the fix the finding words, and only Google's reading is
        // its evidence.
        let above: Vec<Edit> = (group.first_line..last_after)
            .filter(|&n| ends_record(cx, n))
            .map(Edit::delete)
            .collect();
        let intent = if above.len() == blanks.len() {
            Intent::portable(above)
        } else {
            Intent::as_google_reads(above)
        };
        let mut related = vec![first_before.0, first_after.0];
        related.extend(blanks.iter().skip(1));
        out.push(
            Finding::new(
                Code::BlankLineInGroup,
                first_blank,
                message,
                M::BlankLineInGroupWhy,
                fix,
            )
            .with_related(related)
            .with_intent(Some(intent)),
        );
    }
}

/// For each user-agent line of `group`, whether every user agent of the group down to it is
/// named again below it in the group (compared as written, ignoring case: what a reader that
/// ends the record there reads). One pass over the names, however many blank lines split them.
fn named_again_below(group: &Group) -> HashMap<usize, bool> {
    let key = |agent: &AgentLine| agent.value().to_ascii_lowercase();
    let mut last: HashMap<String, usize> = HashMap::new();
    for agent in &group.agents {
        let line = last.entry(key(agent)).or_insert(agent.line);
        *line = (*line).max(agent.line);
    }
    let mut agents: Vec<&AgentLine> = group.agents.iter().collect();
    agents.sort_unstable_by_key(|agent| agent.line);
    let mut earliest_last = usize::MAX;
    agents
        .into_iter()
        .map(|agent| {
            earliest_last = earliest_last.min(last[&key(agent)]);
            (agent.line, earliest_last > agent.line)
        })
        .collect()
}

/// What a blank line between `before` and `after` (each a line and whether it is a user-agent
/// line) does, and its fix.
fn blank_story(
    cx: &Context<'_>,
    group: &Group,
    (before, before_is_agent): (usize, bool),
    (after, after_is_agent): (usize, bool),
) -> (Message, Message) {
    let before_value = cx.line(before).value().unwrap_or_default();
    let after_value = cx.line(after).value().unwrap_or_default();
    match (before_is_agent, after_is_agent) {
        (true, true) => (
            Message::new(M::BlankBetweenAgents)
                .code("before", before_value)
                .line("before_line", before)
                .code("after", after_value)
                .line("after_line", after),
            Message::new(M::BlankBetweenAgentsFix).code("before", before_value),
        ),
        (true, false) => (
            Message::new(M::BlankBeforeRules).line("line", after),
            Message::new(M::BlankBeforeRulesFix),
        ),
        _ => (
            Message::new(M::BlankInRules)
                .with("group", group_range(group))
                .line("line", after),
            Message::new(M::BlankInRulesFix),
        ),
    }
}

/// Whether line `n` ends a record for the readers that end records at blank lines: only an
/// empty line does (CPython's `if not line`); a line of spaces does not, though it reads blank.
fn ends_record(cx: &Context<'_>, n: usize) -> bool {
    cx.line(n).text().is_empty()
}

#[cfg(test)]
mod tests {
    use super::super::allowed_by_profile;
    use crate::audit::test_support::*;
    use crate::audit::{Code, Severity};
    use crate::profile::Profile;

    #[test]
    fn a_line_between_two_lists_of_the_same_names_only_splits_the_layout() {
        // Readers that end the group at the Sitemap read `*` again at line 4, with the rules.
        let input = "User-agent: *\nSitemap: https://example.com/sitemap.xml\n\nUser-agent: *\n\
                     Disallow: /help/\n";
        let found = with_code(input, Code::LineInsideAgentList);
        assert_eq!(found.len(), 1, "{found:?}");
        let message = found[0].message.english();
        assert!(message.contains("line 4 names `*` again"), "{message}");
        assert!(!message.contains("no rules"), "{message}");
        assert_eq!(found[0].severity, Severity::Info);
    }

    #[test]
    fn a_delay_for_star_inside_a_list_asks_for_the_rules_every_crawler_should_obey() {
        // "The `*` group's rules, which they follow when no group names them" would be `*`'s
        // own: the fix names the rules Google gives `*` now.
        let input = "User-agent: *\nCrawl-delay: 30\n\nUser-agent: bingbot\nCrawl-delay: 120\n\n\
                     Disallow: /search/\n";
        let found = with_code(input, Code::LineInsideAgentList);
        let at_two = found
            .iter()
            .find(|f| f.line == 2)
            .expect("the delay of `*`");
        let fix = at_two.fix.english();
        assert!(fix.contains("the rules from line 7 on"), "{fix}");
        assert!(
            !fix.contains("which they follow when no group names them"),
            "{fix}"
        );
    }

    #[test]
    fn a_name_repeated_after_a_delay_is_told_once_with_a_fix_that_deletes_it() {
        let input = "User-agent: *\nCrawl-delay: 5\nUser-agent: *\nDisallow: /private/\n";
        assert!(with_code(input, Code::RepeatedUserAgent).is_empty());
        let found = with_code(input, Code::LineInsideAgentList);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].line, 2);
        assert!(
            found[0]
                .message
                .english()
                .contains("line 3 names `*` again"),
            "{}",
            found[0].message
        );
        assert!(
            found[0].fix.english().starts_with("Delete line 3"),
            "{}",
            found[0].fix
        );
        // What the message says of the readers: Python's robotparser keeps the first `*` group
        // and so blocks nothing; Google and RFC 9309 block.
        let model = crate::profile::AgentMatch::default();
        let readers = |text: &str| allowed_by_profile(text, "anybot", "/private/a", model);
        assert_eq!(readers(input)[..3], [false, false, true]);
        // The usual fix (rules under the delay) would leave Python a first group that allows
        // everything; deleting the repeated line blocks for every reader.
        let rules_under =
            "User-agent: *\nCrawl-delay: 5\nDisallow:\nUser-agent: *\nDisallow: /private/\n";
        assert!(readers(rules_under)[2]);
        let deleted = "User-agent: *\nCrawl-delay: 5\nDisallow: /private/\n";
        assert_eq!(readers(deleted), [false; 4]);
        // A group whose rules allow everything splits no verdict: the repeat is only a repeat.
        let open = "User-agent: *\nCrawl-delay: 5\nUser-agent: *\nDisallow:\n";
        assert_eq!(with_code(open, Code::RepeatedUserAgent)[0].line, 3);
        assert!(with_code(open, Code::LineInsideAgentList).is_empty());
    }

    #[test]
    fn a_repeated_agent_in_one_group_is_info() {
        assert_eq!(
            codes("User-agent: *\nUser-agent: * \nDisallow: /x\n"),
            [(Code::RepeatedUserAgent, 2)]
        );
    }

    #[test]
    fn names_google_reads_alike_are_one_finding_not_a_repeat() {
        // Google reads both as `Website`: the cut name (RL309) is the cause, and that the two
        // lines then name one crawler for Google is not said again as a repeat (RL304).
        let input = "User-agent: Website eXtractor\nUser-agent: Website.Quester\nDisallow: /\n";
        assert!(with_code(input, Code::RepeatedUserAgent).is_empty());
        let cut: Vec<usize> = with_code(input, Code::AgentTokenCut)
            .iter()
            .map(|f| f.line)
            .collect();
        assert_eq!(cut, [1, 2]);
        // Written alike, the second line is a repeat for every reader.
        let input = "User-agent: SemrushBot\nUser-agent: semrushbot\nDisallow: /\n";
        let found = with_code(input, Code::RepeatedUserAgent);
        assert_eq!(found.len(), 1);
        assert!(
            found[0]
                .message
                .english()
                .contains("repeats the user agent of line 1"),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn lines_between_user_agents_are_warnings() {
        let input = "User-agent: a\nSitemap: https://x.example/s.xml\nUser-agent: b\nDisallow: /\n";
        let found = with_code(input, Code::LineInsideAgentList);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].line, 2);
        assert_eq!(found[0].related_lines, [1, 3]);
    }

    #[test]
    fn a_line_and_a_blank_line_that_end_a_group_as_written() {
        // Applebot's group is a `Noindex` line, then a blank line: written as a group of its
        // own, but Google reads Applebot into the next group and its `Disallow: *`.
        let input = "User-agent: *\nDisallow: /units/\n\nUser-agent: Applebot\n\
                     Noindex: /*/refined/\n\nUser-agent: Mediapartners-Google\nDisallow: *\n";
        let found = with_code(input, Code::LineInsideAgentList);
        assert_eq!(found.len(), 1);
        assert!(found[0]
            .message
            .english()
            .contains("the blank line below it"));
        assert!(found[0].fix.english().contains("the `*` group's"));
        assert_ne!(found[0].severity, Severity::Info, "{:?}", found[0]);
        assert!(found[0].effect.iter().any(|e| e.agent == "Applebot"
            && e.profile == Profile::Google
            && e.url == "/"
            && !e.allowed
            && e.intended));
        // Python already gives Applebot the `*` rules, which the fix writes for it.
        assert!(found[0].effect.iter().all(|e| e.profile != Profile::Python));
        // Without the blank line, the line is only out of place: moved below the rules.
        let tight = "User-agent: a\nSitemap: https://x.example/s.xml\nUser-agent: b\nDisallow: /\n";
        let found = with_code(tight, Code::LineInsideAgentList);
        assert!(found[0].fix.english().contains("Move this line"));
    }

    #[test]
    fn a_blank_line_between_names_repeated_below_it_loses_nothing() {
        // Python drops the record of line 1 at the blank line and reads the `*` of line 3 with
        // the rule: every reader applies the rule to `*`, so there is nothing to tell.
        let repeated = "User-agent: *\n\nUser-agent: *\nDisallow: /x\n";
        assert!(with_code(repeated, Code::BlankLineInGroup).is_empty());
        // A name above the blank line that is not named again below it loses the rule.
        let lost = "User-agent: a\nUser-agent: *\n\nUser-agent: *\nDisallow: /x\n";
        assert_eq!(with_code(lost, Code::BlankLineInGroup).len(), 1);
    }

    #[test]
    fn blank_lines_inside_groups_are_warnings_with_the_right_story() {
        // Names no catalogued crawler contains: Python's reader matches a name inside a
        // crawler's (`c` names DuckDuckBot), so one-letter names would bind real crawlers.
        let input = "User-agent: alphabot\n\nUser-agent: betabot\n\nDisallow: /x\n\n\
            Disallow: /y\n\nUser-agent: gammabot\nDisallow: /z\n";
        let found = with_code(input, Code::BlankLineInGroup);
        // One finding for the group, at the blank line where 1994-style readers end it first;
        // its fix deletes the one below too, without which they would still end it early.
        assert_eq!(found.iter().map(|f| f.line).collect::<Vec<_>>(), [2]);
        let message = found[0].message.english();
        assert!(message.contains("they are one group"), "{message}");
        assert!(
            message.contains("further down the group too (line 4)"),
            "{message}"
        );
        assert!(
            found[0].fix.english().contains("lines 2 and 4"),
            "{}",
            found[0].fix
        );
        // The rule set apart below line 6 is `set-apart-rules`'s: the cause is a missing
        // user-agent line, not the readers' disagreement about the blank line.
        assert_eq!(with_code(input, Code::SetApartRules)[0].line, 7);
        // Within the `*` group, the blank line splits the rules for Python's robotparser only.
        let star = "User-agent: *\nDisallow: /x\n\nDisallow: /y\n";
        let found = with_code(star, Code::BlankLineInGroup);
        assert!(found[0].message.english().contains("splits the rules"));
        assert_eq!(found[0].severity, Severity::Warning);
        assert!(found[0].effect.iter().all(|e| e.profile == Profile::Python));
        assert!(found[0]
            .effect
            .iter()
            .any(|e| e.url == "/y" && e.allowed && !e.intended));
    }
}
