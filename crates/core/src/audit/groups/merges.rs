//! A crawler named in several groups (RL303): Google and RFC 9309 merge them, Python's
//! robotparser reads only the first. The finding's edit is the one group the merge reads, so
//! its evidence is what the readers that take the first group answer otherwise.

use super::{after_group, agent_key, group_range, lines_text, LISTED_RULES};
use crate::audit::evidence::{Edit, Intent};
use crate::audit::overlap::is_match_all;
use crate::audit::{Code, Context, Finding};
use crate::group::{AgentLine, AgentToken, Group, RuleKind};
use crate::lines::LineKind;
use crate::message::{Message, MessageId as M, Value};

pub(super) fn several_groups(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let star = cx.star_groups.clone();
    let star_lines: Vec<usize> = star
        .iter()
        .flat_map(|&g| cx.group(g).agents.iter())
        .filter(|a| a.token == AgentToken::Star)
        .map(|a| a.line)
        .collect();
    let mut named: Vec<(&str, &[usize], Vec<usize>)> = cx
        .agents
        .iter()
        .map(|a| (a.token.as_str(), a.groups.as_slice(), a.lines.clone()))
        .collect();
    named.insert(0, ("*", &star, star_lines));
    for (name, groups, lines) in named {
        if groups.len() < 2 || merging_changes_nothing(cx, groups) {
            continue;
        }
        if let Some(finding) = named_again(cx, name, groups, &lines) {
            out.push(finding);
        }
    }
}

/// The finding on the first line that names `name` again, in a later group than the first.
/// Groups and the lines naming the agent are both in file order: they are walked together. One
/// finding per name: a file that names `*` in 100,000 groups gets one finding, not 100,000 that
/// each list every line.
fn named_again(cx: &Context<'_>, name: &str, groups: &[usize], lines: &[usize]) -> Option<Finding> {
    let mut naming = lines.iter().copied().peekable();
    let (group, line) = groups[1..].iter().find_map(|&later| {
        let group = cx.group(later);
        while naming.next_if(|&l| l < group.first_line).is_some() {}
        naming
            .next_if(|&l| l <= group.last_line)
            .map(|line| (group, line))
    })?;
    let related: Vec<usize> = lines
        .iter()
        .copied()
        .filter(|&other| other != line)
        .take(RELATED_NAMING_LINES)
        .collect();
    let first = cx.group(groups[0]);
    // `S2bot` is read as `S`: a message about `S` alone would name nothing the file says, and
    // readers that compare the whole name see two crawlers, not one in two groups.
    let written = group
        .agents
        .iter()
        .find(|agent| agent.line == line)
        .map(|agent| agent.value())
        .filter(|value| !value.eq_ignore_ascii_case(name));
    let message = match written {
        Some(value) => Message::new(M::AgentInSeveralGroupsAsRead).code("value", value),
        None => Message::new(M::AgentInSeveralGroups),
    };
    // Moving rules between groups that name other crawlers too would change those crawlers'
    // rules: the repeated crawler gets a group of its own.
    let shared = [first, group]
        .iter()
        .any(|g| g.agents.iter().any(|agent| !names(agent, name)));
    // A value Google reads as another group's name (`Mozilla/5.0 (compatible; Butterfly/1.0)`
    // beside `Mozilla/4.0 (Thunderstone)`) may be another crawler: merging the groups would
    // give one crawler's rules to the other; a name of its own keeps them apart for Google too.
    // The group named again merged into the first, as the fix says: the evidence is what
    // this repeat hides from the readers that take the first group, and the edit stays the
    // size of two groups however many the name has.
    let merge = match written {
        None => merged(cx, name, &[groups[0], group.index]),
        Some(_) => None,
    };
    // A merge written in another order than the file's says so: moved as written, the rules
    // would still answer otherwise for Python's first-match reader.
    let in_order = merge.as_ref().is_some_and(|(_, reordered)| *reordered);
    let fix = if let Some(value) = written {
        Message::new(M::AgentInSeveralGroupsFixAsRead)
            .code("value", value)
            .code("name", name)
    } else if shared {
        Message::new(if in_order {
            M::AgentInSeveralGroupsFixSharedInOrder
        } else {
            M::AgentInSeveralGroupsFixShared
        })
        .code("name", name)
    } else {
        Message::new(if in_order {
            M::AgentInSeveralGroupsFixInOrder
        } else {
            M::AgentInSeveralGroupsFix
        })
        .with("first", group_range(first))
    };
    let intent = merge.map(|(edits, _)| Intent::portable(edits));
    Some(
        Finding::new(
            Code::AgentInSeveralGroups,
            line,
            message
                .code("name", name)
                .with("first", group_range(first))
                .count("count", groups.len())
                .phrase("ranges", ranges(cx, groups)),
            // Python files a group that names `*` as the fallback record only, whatever else
            // it names: the crawler's first group for it is then a later one.
            if first
                .agents
                .iter()
                .any(|agent| matches!(agent.token, AgentToken::Star))
            {
                M::AgentInSeveralGroupsWhyStar
            } else {
                M::AgentInSeveralGroupsWhy
            },
            fix,
        )
        .with_related(related)
        .with_intent(intent),
    )
}

/// The line ranges of the first [`LISTED_RULES`] groups, and how many more.
fn ranges(cx: &Context<'_>, groups: &[usize]) -> Message {
    let mut ranges: Vec<Value> = groups
        .iter()
        .take(LISTED_RULES)
        .map(|&g| {
            let group = cx.group(g);
            Value::Text(if group.first_line == group.last_line {
                group.first_line.to_string().into()
            } else {
                format!("{}–{}", group.first_line, group.last_line).into()
            })
        })
        .collect();
    if groups.len() > LISTED_RULES {
        ranges.push(Value::phrase(
            Message::new(M::GroupRangesMore).count("count", groups.len() - LISTED_RULES),
        ));
    }
    Message::new(M::GroupRanges).list("ranges", ranges)
}

/// Whether the user-agent line names `name` as Google reads it (`*` for the star).
fn names(agent: &AgentLine, name: &str) -> bool {
    agent_key(agent).is_some_and(|key| key.eq_ignore_ascii_case(name))
}

/// The file as the merge reads it, for every reader: one group for `name` holding the rules of
/// all its `groups`, in file order. When those groups name only `name`, the later groups' lines
/// move into the first (the fix the finding words); otherwise `name` gets a group of its own
/// above the first, its user-agent lines leave the groups it shares, and the groups only it
/// named go. With the edits, whether the rules are written in another order than the file's
/// ([`in_first_match_order`]). `None` when a line to move is not UTF-8.
fn merged(cx: &Context<'_>, name: &str, groups: &[usize]) -> Option<(Vec<Edit>, bool)> {
    let only_name = |group: &Group| group.agents.iter().all(|agent| names(agent, name));
    let first = cx.group(groups[0]);
    let body = |group: &Group, with_others: bool| -> Vec<usize> {
        let mut lines: Vec<usize> = group.rules.iter().map(|rule| rule.line).collect();
        if with_others {
            lines.extend(group.other_lines.iter().copied());
        }
        lines.sort_unstable();
        lines
    };
    let mut edits = Vec::new();
    if groups.iter().all(|&index| only_name(cx.group(index))) {
        let moved: Vec<usize> = groups[1..]
            .iter()
            .flat_map(|&index| body(cx.group(index), true))
            .collect();
        let mut merged: Vec<usize> = first.rules.iter().map(|rule| rule.line).collect();
        merged.extend(&moved);
        let reordered = in_first_match_order(cx, &mut merged);
        let text = if reordered {
            // The first group's rules go too: the merged rules are written again in the order
            // first-match readers answer as Google does.
            edits.extend(first.rules.iter().map(|rule| Edit::delete(rule.line)));
            lines_text(cx, merged)?
        } else {
            lines_text(cx, moved)?
        };
        edits.push(Edit::insert(after_group(first), text));
        for &index in &groups[1..] {
            edits.extend(cx.group(index).lines().into_iter().map(Edit::delete));
        }
        return Some((edits, reordered));
    }
    let agent = first.agents.iter().find(|agent| names(agent, name))?;
    let mut body_lines: Vec<usize> = groups
        .iter()
        .flat_map(|&index| body(cx.group(index), only_name(cx.group(index))))
        .collect();
    let reordered = in_first_match_order(cx, &mut body_lines);
    let text = format!(
        "User-agent: {}\n{}\n",
        agent.value(),
        lines_text(cx, body_lines)?
    );
    edits.push(Edit::insert(first.first_line, text));
    for &index in groups {
        let group = cx.group(index);
        if only_name(group) {
            edits.extend(group.lines().into_iter().map(Edit::delete));
        } else {
            let naming = group.agents.iter().filter(|agent| names(agent, name));
            edits.extend(naming.map(|agent| Edit::delete(agent.line)));
        }
    }
    Some((edits, reordered))
}

/// Puts `lines` (a merged group's rules and other lines) in an order in which a reader that
/// applies the first matching rule answers as Google's longest match does, when their order
/// would not: a rule standing before a longer rule of the other kind whose pattern it begins
/// (`Allow: /` before `Disallow: /cart/`), or a `Disallow` before an `Allow` of the same
/// pattern, decides that rule's URLs for such a reader. Then the
/// other lines come first, and the rules longest pattern first, `Allow` first among equals
/// (Google's tie). Whether it reordered them.
fn in_first_match_order(cx: &Context<'_>, lines: &mut [usize]) -> bool {
    // Bounded: the merged groups' rules are compared pairwise only up to this many.
    const MAX_ORDERED_RULES: usize = 512;
    let rule = |line: usize| {
        let line = cx.line(line);
        // An empty `Disallow:` allows every URL for Python's reader, which reads it first.
        let value = line.value().unwrap_or_default();
        let allows = line.kind == LineKind::Allow || value.is_empty();
        (line.kind.is_rule(), allows, value)
    };
    let rules: Vec<usize> = lines.iter().copied().filter(|&line| rule(line).0).collect();
    if rules.len() > MAX_ORDERED_RULES {
        return false;
    }
    let shadows = rules.iter().enumerate().any(|(at, &earlier)| {
        let (_, allows, pattern) = rule(earlier);
        rules[at + 1..].iter().any(|&later| {
            let (_, later_allows, later_pattern) = rule(later);
            // The same pattern ties, and Google lets the `Allow` win it.
            later_allows != allows
                && later_pattern.starts_with(pattern)
                && (later_pattern.len() > pattern.len() || later_allows)
        })
    });
    if shadows {
        // Other lines keep their order, before the rules.
        let key = |line: usize| match rule(line) {
            (true, _, pattern) => (
                true,
                std::cmp::Reverse(pattern.len()),
                cx.line(line).kind != LineKind::Allow,
            ),
            _ => (false, std::cmp::Reverse(0), false),
        };
        crate::sorting::sort_by(lines, |&a, &b| key(a).cmp(&key(b)));
    }
    shadows
}

/// Whether each of `groups` alone answers every URL as their merge does: the same rules in
/// each (`RankingBot` and `RankingBot2`, both `Disallow: /`, which Google merges as one name),
/// each closing the whole site, or no rules in any group after the first. Then no reader's verdict depends on the merge, and deleting
/// a group would unblock its crawler for readers that compare whole names.
fn merging_changes_nothing(cx: &Context<'_>, groups: &[usize]) -> bool {
    let rules_of = |index: usize| {
        let mut rules: Vec<(bool, &str)> = cx
            .group(index)
            .rules
            .iter()
            .map(|rule| (rule.kind == RuleKind::Allow, cx.pattern(rule)))
            .filter(|(_, pattern)| !pattern.is_empty())
            .collect();
        rules.sort_unstable();
        rules.dedup();
        rules
    };
    let closes_site = |rules: &[(bool, &str)]| {
        rules.iter().all(|(allow, _)| !allow)
            && rules.iter().any(|(_, pattern)| is_match_all(pattern))
    };
    let first = rules_of(groups[0]);
    let first_closes = closes_site(&first);
    // A later group without rules (a second `User-agent: *` followed only by a `Sitemap` or a
    // `Crawl-delay`) adds nothing to the merge, and readers that take the first group read the
    // first group's rules either way.
    groups[1..].iter().all(|&index| {
        let rules = rules_of(index);
        rules.is_empty() || rules == first || (first_closes && closes_site(&rules))
    })
}

/// At most this many other lines naming the agent are linked from an `agent-in-several-groups`
/// finding; its message counts the groups.
const RELATED_NAMING_LINES: usize = 20;

#[cfg(test)]
mod tests {
    use crate::audit::test_support::*;
    use crate::audit::Code;
    use crate::audit::{FixCheck, Severity};
    use crate::profile::Profile;
    #[test]
    fn a_later_group_without_rules_changes_no_merge() {
        let input = "User-agent: *\nDisallow: /cart/\n\nUser-agent: *\nCrawl-delay: 5\n";
        assert!(with_code(input, Code::AgentInSeveralGroups).is_empty());
        assert!(with_code(input, Code::GroupWithoutRules).is_empty());
        // A first group without rules: readers that take the first group allow what the merge
        // blocks.
        let first_empty = "User-agent: *\nDisallow:\n\nUser-agent: *\nDisallow: /cart/\n";
        assert_eq!(with_code(first_empty, Code::AgentInSeveralGroups).len(), 1);
    }

    #[test]
    fn an_agent_named_twice_is_reported_where_it_repeats() {
        let input = "User-agent: a\nDisallow: /x\n\nUser-agent: *\nDisallow: /y\n\nUser-agent: A\n\
            Disallow: /z\n\n\
                     User-agent: *\nDisallow: /w\n";
        let found = with_code(input, Code::AgentInSeveralGroups);
        assert_eq!(found.iter().map(|f| f.line).collect::<Vec<_>>(), [7, 10]);
        assert_eq!(found[0].related_lines, [1]);
        assert!(
            found[0].message.english().contains("lines 1–2 and 7–8"),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn an_agent_named_again_only_as_google_reads_it_says_so() {
        let input =
            "User-agent: S2bot\nDisallow: /x\n\nUser-agent: S~stremor-crawler\nDisallow: /y\n";
        let found = with_code(input, Code::AgentInSeveralGroups);
        assert_eq!(found.iter().map(|f| f.line).collect::<Vec<_>>(), [4]);
        let message = found[0].message.english();
        assert!(
            message.starts_with("Google reads `S~stremor-crawler` as `S`, which the group of lines 1–2 already names"),
            "{message}"
        );
    }

    #[test]
    fn an_agent_in_many_groups_is_one_finding_with_bounded_links() {
        let input: String = (0..100)
            .map(|n| format!("User-agent: *\nDisallow: /p{n}\n"))
            .collect();
        let found = with_code(&input, Code::AgentInSeveralGroups);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].line, 3);
        assert_eq!(found[0].related_lines.len(), super::RELATED_NAMING_LINES);
        assert!(
            found[0].message.english().contains("its 100 groups"),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn a_merge_is_evidenced_by_the_reader_that_takes_the_first_group() {
        let input =
            "User-agent: Googlebot\nDisallow: /search\n\nUser-agent: *\nDisallow: /cart/\n\n\
                     User-agent: Googlebot\nDisallow: /print/\n";
        let found = with_code(input, Code::AgentInSeveralGroups);
        assert_eq!(found[0].severity, Severity::Warning);
        assert!(!found[0].effect.is_empty());
        assert!(found[0].effect.iter().all(|e| e.profile == Profile::Python));
        assert!(found[0]
            .effect
            .iter()
            .any(|e| e.url == "/print/" && e.allowed));
        // The fix moves the later group's rules into the first, as Google reads them.
        assert_eq!(found[0].fix_check, FixCheck::Checked);
        // Shared groups get a group of their own; the evidence is the same reader's.
        let shared = "User-agent: *\nDisallow: /a\n\nUser-agent: Googlebot\nUser-agent: *\n\
                      Disallow: /c\n";
        let found = with_code(shared, Code::AgentInSeveralGroups);
        assert_eq!(found[0].severity, Severity::Warning);
        assert!(found[0].effect.iter().all(|e| e.profile == Profile::Python));
    }

    #[test]
    fn a_merge_is_written_in_the_order_first_match_readers_answer_alike() {
        // Merged in file order, the first group's `Allow: /` would still decide every URL for
        // Python's first-match reader: the merge writes the longest pattern first, so Python
        // blocks `/cart/` as Google does, and that is the finding's evidence.
        let input = "User-agent: *\nAllow: /\n\nUser-agent: *\nDisallow: /cart/\n";
        let found = with_code(input, Code::AgentInSeveralGroups);
        assert_eq!(found[0].severity, Severity::Warning);
        assert!(found[0].effect.iter().any(|e| e.profile == Profile::Python
            && e.url == "/cart/"
            && e.allowed
            && !e.intended));
        assert_eq!(found[0].fix_check, FixCheck::Checked);
        // Moved as written, `Allow: /` would still come first: the fix says the order.
        assert!(
            found[0].fix.english().contains("longest pattern first"),
            "{}",
            found[0].fix
        );
        // Rules already in an order first-match readers read alike keep it.
        let ordered = "User-agent: *\nDisallow: /cart/\n\nUser-agent: *\nAllow: /\n";
        let found = with_code(ordered, Code::AgentInSeveralGroups);
        assert_eq!(found[0].severity, Severity::Info);
        assert_eq!(found[0].fix_check, FixCheck::Checked);
        assert!(!found[0].fix.english().contains("longest pattern first"));
    }

    #[test]
    fn a_merge_of_a_tie_writes_the_allow_first() {
        // `Allow: /topic/` in the crawler's second group ties with the first group's
        // `Disallow: /topic/`, and Google lets the Allow win; Python reads the first group only
        // and blocks. The merge writes the Allow first, so it shows Python's answer moving to
        // Google's: a warning, whose fix (a tie in one group, RL405) is then withheld.
        let input = "User-agent: Baiduspider\nDisallow: /topic/\n\nUser-agent: Bingbot\n\
                     Disallow: /x\nUser-agent: Baiduspider\nAllow: /topic/\n";
        let found = with_code(input, Code::AgentInSeveralGroups);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, Severity::Warning, "{:?}", found[0]);
        assert!(found[0].effect.iter().any(|e| e.profile == Profile::Python
            && e.url == "/topic/"
            && !e.allowed
            && e.intended));
    }

    #[test]
    fn a_first_group_that_names_star_is_not_the_one_python_reads() {
        let input = "User-agent: *\nUser-agent: googlebot-news\nDisallow: /a\n\n\
                     User-agent: googlebot-news\nDisallow: /b\n";
        let found = with_code(input, Code::AgentInSeveralGroups);
        assert_eq!(found.len(), 1);
        assert!(
            found[0].why.english().contains("fallback"),
            "{}",
            found[0].why
        );
        let plain = "User-agent: a\nDisallow: /a\n\nUser-agent: a\nDisallow: /b\n";
        let found = with_code(plain, Code::AgentInSeveralGroups);
        assert!(found[0].why.english().contains("only the first of them"));
    }

    #[test]
    fn a_merge_no_reader_answers_otherwise_is_a_note() {
        // Names Google reads alike but written otherwise are the cut name's story: no intent.
        let cut = "User-agent: S2bot\nDisallow: /x\n\nUser-agent: S3bot\nDisallow: /y\n";
        let found = with_code(cut, Code::AgentInSeveralGroups);
        assert_eq!(found[0].severity, Severity::Info);
        assert_eq!(found[0].evidence, crate::audit::Evidence::None);
    }
}
