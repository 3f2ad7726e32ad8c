//! Who is left with which rules: a file without a `*` group (RL305), a site closed to every
//! crawler (RL306), and a group without rules (RL312).

use super::{after_group, directive_code_line, group_scoped, LISTED_RULES};
use crate::audit::evidence::{Edit, Intent};
use crate::audit::overlap::is_match_all;
use crate::audit::text::{directive_code, value_span};
use crate::audit::{AgentSet, Code, Context, Finding};
use crate::group::{AgentLine, AgentToken, Rule, RuleKind};
use crate::lines::LineKind;
use crate::message::{Message, MessageId as M, Value};
use crate::profile::Profile;
use crate::verdict::ChainStep;

pub(super) fn groups_without_rules(cx: &Context<'_>, out: &mut Vec<Finding>, released: &[usize]) {
    for group in cx.robots.groups() {
        if !group.rules.is_empty() || released.contains(&group.index) {
            continue;
        }
        // Crawlers merge every group that names them: a group without rules for crawlers that
        // another group gives rules (a second `User-agent: *` that only carries a `Sitemap`)
        // leaves them those rules, not every URL.
        let has_rules = |groups: &[usize]| groups.iter().any(|&g| !cx.group(g).rules.is_empty());
        let ruled_elsewhere = group.agents.iter().all(|agent| match &agent.token {
            AgentToken::Star => has_rules(&cx.star_groups),
            AgentToken::Product(token) => cx
                .agents
                .iter()
                .find(|set| set.token.eq_ignore_ascii_case(token))
                .is_some_and(|set| has_rules(&set.groups)),
        });
        if ruled_elsewhere {
            continue;
        }
        let names: Vec<Value> = group
            .agents
            .iter()
            .filter(|agent| agent.token != AgentToken::Star)
            .map(|agent| Value::code(agent.value()))
            .collect();
        // A delay (or another group-scoped line) is what such a group is often for: deleting
        // the group would drop it.
        let scoped = group
            .other_lines
            .iter()
            .map(|&number| cx.line(number))
            .find(group_scoped)
            .map(|line| {
                directive_code(
                    line.key().unwrap_or_default(),
                    line.value().unwrap_or_default(),
                )
            });
        // npm's robots-parser drops a group without rules: a named crawler falls back to `*`,
        // but `*`'s own crawlers are left without rules, which allow everything there too.
        // Without a `*` group there is nothing to fall back to: every reader allows everything.
        let no_star = cx.star_groups.is_empty();
        // A group that names `*` beside other crawlers (`User-agent: *`, `User-agent:
        // Googlebot-Image`) is the `*` group: what it lacks, every crawler lacks.
        let star_here = group
            .agents
            .iter()
            .any(|agent| agent.token == AgentToken::Star);
        let named = !names.is_empty() && !star_here;
        let (message, why) = match (names.len(), &scoped) {
            _ if star_here => (
                Message::new(M::GroupWithoutRulesStar),
                M::GroupWithoutRulesStarWhy,
            ),
            (0, _) => (
                Message::new(M::GroupWithoutRulesStar),
                M::GroupWithoutRulesStarWhy,
            ),
            (_, Some(text)) if no_star => (
                Message::new(M::GroupWithoutRulesDelayOnly)
                    .list("names", names)
                    .with("text", text.clone()),
                M::GroupWithoutRulesNoStarWhy,
            ),
            (_, None) if no_star => (
                Message::new(M::GroupWithoutRulesNoStar).list("names", names),
                M::GroupWithoutRulesNoStarWhy,
            ),
            (1, _) => (
                Message::new(M::GroupWithoutRulesOne).list("names", names),
                M::GroupWithoutRulesWhy,
            ),
            _ => (
                Message::new(M::GroupWithoutRules).list("names", names),
                M::GroupWithoutRulesWhy,
            ),
        };
        let fix = match scoped {
            Some(text) if no_star => {
                Message::new(M::GroupWithoutRulesFixDelayOnly).with("text", text)
            }
            Some(text) => Message::new(M::GroupWithoutRulesFixKeep).with("text", text),
            // Deleting the group hands its crawlers to `*`'s rules: an answer for the owner to
            // choose, not a way to leave them as they are.
            None if named && !no_star => M::GroupWithoutRulesFixOrStar.into(),
            None => M::GroupWithoutRulesFix.into(),
        };
        // Google and RFC 9309 let the named crawlers fetch everything; an explicit `Allow: /`
        // says so to the readers that drop the group and apply `*` instead. Without a `*` group,
        // or for `*` itself, every reader allows everything already.
        let intent = (!no_star && named)
            .then(|| Intent::portable(vec![Edit::insert(after_group(group), "Allow: /")]));
        out.push(
            Finding::new(Code::GroupWithoutRules, group.first_line, message, why, fix)
                .with_intent(intent),
        );
    }
}

pub(super) fn no_star_group(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let Some(first) = cx.robots.groups().first() else {
        return;
    };
    if !cx.star_groups.is_empty() || cx.agents.is_empty() {
        return;
    }
    // Three names and a count of the rest; a fourth name is shorter to write than "1 other",
    // so the count always stands for two crawlers or more.
    const NAMED: usize = 3;
    let shown = if cx.agents.len() == NAMED + 1 {
        NAMED + 1
    } else {
        NAMED
    };
    let mut names: Vec<Value> = cx
        .agents
        .iter()
        .take(shown)
        .map(|a| written_agent(cx, a))
        .collect();
    if cx.agents.len() > shown {
        names.push(Value::phrase(
            Message::new(M::OthersCount).count("count", cx.agents.len() - shown),
        ));
    }
    out.push(Finding::new(
        Code::NoStarGroup,
        first.first_line,
        Message::new(M::NoStarGroup).list("names", names),
        M::NoStarGroupWhy,
        M::NoStarGroupFix,
    ));
}

/// A crawler's name as its first line writes it (`GPT-3-Crawler`), with Google's reading
/// where that is another name (`GPT-`): a list of Google's readings alone names nothing the
/// file says.
fn written_agent(cx: &Context<'_>, agent: &AgentSet) -> Value {
    let value = cx
        .robots
        .line(agent.lines[0])
        .and_then(|line| line.value())
        .unwrap_or(&agent.token);
    if crate::agent_name::written_name(value).eq_ignore_ascii_case(&agent.token) {
        Value::code(value)
    } else {
        Value::phrase(
            Message::new(M::AgentAsGoogleReadsIt)
                .code("value", value)
                .code("token", &agent.token),
        )
    }
}

/// URLs whose verdicts say whether a reader closes the whole site: its front page and a page.
const SITE_PROBES: [&str; 2] = ["/", "/index.html"];

/// `*` merged into the next crawlers' group: `User-agent: *`, a `Crawl-delay`, then
/// `User-agent: 008` and `Disallow: /` are one group for Google and RFC 9309, so the rule
/// written for `008` closes the site to `*`.
#[derive(Clone)]
struct MergedIntoStar {
    /// The `User-agent: *` line.
    star: usize,
    /// The first line between it and the other crawlers' user-agent lines that ends no group.
    between: usize,
    /// The first other crawler's user-agent line.
    first_later: usize,
    /// The other crawlers' names, as written.
    names: Vec<Value>,
}

/// Reports a `*` group that closes the whole site. Returns, when the cause is `*` merged into
/// the next crawlers' group, the lines between `User-agent: *` and their first user-agent line:
/// the lines there that end no group are this finding's cause, not a layout warning of their own.
pub(super) fn closed_to_all(cx: &Context<'_>, out: &mut Vec<Finding>) -> Option<(usize, usize)> {
    let star: Vec<&Rule> = cx.rules_of(&cx.star_groups).collect();
    let line = closing_rule(cx, &star)?;
    // The `*` groups are one of the rule sets; every other set belongs to named crawlers.
    let all_named_closed = cx.rule_sets.iter().all(|set| {
        let own: Vec<&Rule> = cx.rules_of(set).collect();
        closing_rule(cx, &own).is_some()
    });
    if !all_named_closed {
        return None;
    }
    // Readers without wildcards read `Disallow: *` (or `/*`) literally: which readers it closes
    // the site for is the profiles' answer for the crawlers that follow `*`.
    let (closed, open): (Vec<Profile>, Vec<Profile>) =
        Profile::ALL.into_iter().partition(|&profile| {
            let checker = cx.robots.checker(profile);
            SITE_PROBES
                .iter()
                .all(|probe| !checker.check_chain(&[ChainStep::Star], probe).allowed)
        });
    if closed.is_empty() {
        return None;
    }
    let merged = merged_into_star(cx, line);
    let rule = cx.line(line);
    let message = closed_message(cx, merged.as_ref(), &closed, &open).with(
        "rule",
        directive_code(
            rule.key().unwrap_or("Disallow"),
            rule.value().unwrap_or_default(),
        ),
    );
    let why = if open.is_empty() {
        M::SiteClosedToAllWhy
    } else {
        M::SiteClosedToSomeWhy
    };
    let (fix, intent) = match &merged {
        // The rule was written for the named crawlers, and the merge gives it to every
        // crawler: the file evidently meant the site open, and `*` gets rules of its own.
        Some(merge) => (
            Message::new(M::SiteClosedMergedFix)
                .list("names", merge.names.clone())
                .line("star", merge.star),
            Intent::fix(vec![Edit::insert(merge.star + 1, "Disallow:")]),
        ),
        // A site closed on purpose (a staging copy, an API host) is common: that it was meant
        // open is only a likely reading.
        None => (
            M::SiteClosedToAllFix.into(),
            Intent::meant(vec![Edit::delete(line)]).likely(),
        ),
    };
    out.push(
        Finding::new(Code::SiteClosedToAll, line, message, why, fix)
            .with_span(value_span(&rule))
            .with_intent(Some(intent)),
    );
    merged.map(|merge| (merge.star, merge.first_later))
}

/// The line of the rule in `rules` that closes the whole site (`Disallow: /` or `/*`), when no
/// Allow rule opens anything.
fn closing_rule(cx: &Context<'_>, rules: &[&Rule]) -> Option<usize> {
    if rules
        .iter()
        .any(|r| r.kind == RuleKind::Allow && !cx.pattern(r).is_empty())
    {
        return None;
    }
    rules
        .iter()
        .find(|r| r.kind == RuleKind::Disallow && is_match_all(cx.pattern(r)))
        .map(|r| r.line)
}

/// What `site-closed-to-all` says: the merge that gives the rule to `*` when there is one, and
/// for which readers the site is closed and open.
fn closed_message(
    cx: &Context<'_>,
    merged: Option<&MergedIntoStar>,
    closed: &[Profile],
    open: &[Profile],
) -> Message {
    let readers = |profiles: &[Profile]| -> Vec<Value> {
        profiles
            .iter()
            .map(|profile| crate::divergence::reader_name(profile.spec()))
            .collect()
    };
    if let Some(merge) = merged {
        let message = if open.is_empty() {
            Message::new(M::SiteClosedMerged)
        } else {
            Message::new(M::SiteClosedMergedSome)
                .list("closed", readers(closed))
                .list("open", readers(open))
        };
        return message
            .line("star", merge.star)
            .with("between", directive_code_line(cx, merge.between))
            .line("line", merge.between)
            .list("names", merge.names.clone());
    }
    match (open.is_empty(), cx.agents.is_empty()) {
        (true, true) => Message::new(M::SiteClosedToAll),
        (true, false) => Message::new(M::SiteClosedToAllNamed),
        (false, no_named_group) => Message::new(if no_named_group {
            M::SiteClosedToSome
        } else {
            M::SiteClosedToSomeNamed
        })
        .list("closed", readers(closed))
        .list("open", readers(open)),
    }
}

/// When the group of the rule on `rule_line` names `*` and, after a line that is not a
/// user-agent line (which ends no group), other crawlers: how `*` merged into their group.
fn merged_into_star(cx: &Context<'_>, rule_line: usize) -> Option<MergedIntoStar> {
    let group = cx
        .robots
        .groups()
        .iter()
        .find(|group| group.rules.iter().any(|rule| rule.line == rule_line))?;
    let star = group
        .agents
        .iter()
        .find(|agent| agent.token == AgentToken::Star)?;
    let later: Vec<&AgentLine> = group
        .agents
        .iter()
        .filter(|agent| agent.line > star.line && agent.token != AgentToken::Star)
        .collect();
    let first_later = later.first()?;
    let between = (star.line + 1..first_later.line).find(|&number| {
        cx.robots.line(number).is_some_and(|line| {
            !matches!(
                line.kind,
                LineKind::UserAgent | LineKind::Blank | LineKind::Comment
            )
        })
    })?;
    let names = later
        .iter()
        .take(LISTED_RULES)
        .map(|agent| Value::code(agent.value()))
        .collect();
    Some(MergedIntoStar {
        star: star.line,
        between,
        first_later: first_later.line,
        names,
    })
}

#[cfg(test)]
mod tests {
    use super::super::allowed_by_profile;
    use crate::audit::test_support::*;
    use crate::audit::Code;
    use crate::audit::{FixCheck, Severity};
    use crate::profile::Profile;

    #[test]
    fn a_group_without_rules_that_names_star_is_the_star_group() {
        let found = with_code(
            "User-agent: *\nUser-agent: Googlebot-Image\n",
            Code::GroupWithoutRules,
        );
        assert_eq!(found.len(), 1);
        let message = found[0].message.english();
        assert!(
            message.starts_with("The `*` group has no Allow"),
            "{message}"
        );
        assert!(!message.contains("without falling back"), "{message}");
    }

    #[test]
    fn deleting_a_named_group_without_rules_is_offered_only_for_crawlers_meant_to_obey_star() {
        let found = with_code(
            "User-agent: *\nDisallow: /\n\nUser-agent: usasearch\nSitemap: https://example.com/s.xml\n",
            Code::GroupWithoutRules,
        );
        assert_eq!(found.len(), 1);
        let fix = found[0].fix.english();
        assert!(
            fix.contains("delete the group only if they should obey"),
            "{fix}"
        );
        // Without a `*` group, deleting it changes nothing, and is offered plainly.
        let alone = with_code(
            "User-agent: other\nDisallow: /x\n\nUser-agent: usasearch\nSitemap: https://example.com/s.xml\n",
            Code::GroupWithoutRules,
        );
        assert!(alone.iter().all(|f| !f.fix.english().contains("only if")));
    }

    #[test]
    fn no_star_group_never_counts_one_other() {
        let four = "User-agent: A\nDisallow: /a\n\nUser-agent: B\nDisallow: /b\n\n\
                    User-agent: C\nDisallow: /c\n\nUser-agent: D\nDisallow: /d\n";
        let message = with_code(four, Code::NoStarGroup)[0].message.english();
        assert!(
            message.contains("`D`") && !message.contains("others"),
            "{message}"
        );
        let five = format!("{four}\nUser-agent: E\nDisallow: /e\n");
        let message = with_code(&five, Code::NoStarGroup)[0].message.english();
        assert!(message.contains("2 others"), "{message}");
    }

    #[test]
    fn a_site_closed_through_a_merge_names_the_merge() {
        let input = "User-agent: *\nCrawl-delay: 30\n\nUser-agent: BadBot\nDisallow: /\n";
        let found = with_code(input, Code::SiteClosedToAll);
        let message = found[0].message.english();
        assert!(
            message.contains("(line 1) shares its group with `BadBot`"),
            "{message}"
        );
        assert!(message.contains("`Crawl-delay: 30` on line 2"), "{message}");
        assert!(found[0].fix.english().contains("`BadBot` alone"));
        // A `*` group that closes the site on its own says so, as before.
        let own = with_code("User-agent: *\nDisallow: /\n", Code::SiteClosedToAll);
        assert!(!own[0].message.english().contains("shares its group"));
    }

    #[test]
    fn a_group_without_rules_speaks_of_star_only_when_there_is_one() {
        let key = |input: &str| {
            let found = with_code(input, Code::GroupWithoutRules);
            assert_eq!(found.len(), 1, "{input}");
            (found[0].message.id().key(), found[0].fix.english())
        };
        // No `*` group: nothing to fall back to, and deleting the group would change nothing.
        let (message, fix) = key("User-agent: Googlebot\nDisallow: /x\n\nUser-agent: bingbot\n");
        assert_eq!(message, "core.audit.group-without-rules.message-no-star");
        assert!(fix.ends_with("or delete the group."), "{fix}");
        // A `*` group that only sets a delay: deleting it would drop the delay.
        let (message, fix) =
            key("User-agent: Googlebot\nDisallow: /x\n\nUser-agent: *\nCrawl-delay: 5\n");
        assert_eq!(message, "core.audit.group-without-rules.message-star");
        assert!(fix.contains("would drop `Crawl-delay: 5` too"), "{fix}");
    }

    #[test]
    fn no_star_group_and_closed_sites() {
        assert_eq!(
            codes("User-agent: GPTBot\nDisallow: /\n"),
            [(Code::NoStarGroup, 1)]
        );
        assert_eq!(
            codes("User-agent: *\nDisallow: /\n"),
            [(Code::SiteClosedToAll, 2)]
        );
        assert_eq!(
            codes("User-agent: *\nDisallow: /*\n"),
            [(Code::SiteClosedToAll, 2), (Code::RedundantWildcard, 2)]
        );
        assert!(with_code(
            "User-agent: *\nDisallow: /\nAllow: /$\n",
            Code::SiteClosedToAll
        )
        .is_empty());
        let allow_list = "User-agent: Googlebot\nAllow: /\n\nUser-agent: *\nDisallow: /\n";
        assert!(with_code(allow_list, Code::SiteClosedToAll).is_empty());
        let all_closed = "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /\n";
        assert_eq!(with_code(all_closed, Code::SiteClosedToAll).len(), 1);
    }

    #[test]
    fn a_site_closed_only_to_wildcard_readers_says_which_readers_allow() {
        // www.iletisim.gov.tr in the real corpus: `Disallow: *`, which readers without
        // wildcards read literally.
        let input = "User-agent: *\nDisallow: *\n";
        let found = with_code(input, Code::SiteClosedToAll);
        assert_eq!(found.len(), 1);
        let message = found[0].message.english();
        assert!(!message.contains("every crawler"), "{message}");
        assert!(
            message.contains("for RFC 9309 and Google's parser;"),
            "{message}"
        );
        assert!(
            message.contains("Python's robotparser (≤ 3.12) and the 1994 convention"),
            "{message}"
        );
        // What the finding says is what the profiles answer.
        assert_eq!(
            allowed_by_profile(
                input,
                "anybot",
                "/page",
                crate::profile::AgentMatch::Substring
            ),
            [false, false, true, true]
        );
        assert!(found[0].why.english().contains("a `*` read literally"));
        // content.modix.de in the real corpus: a blank line ends the group for the readers
        // that leave the site open; the words say what they answer, not why for `*` only.
        let found = with_code("User-agent: *\n\nDisallow: /\n", Code::SiteClosedToAll);
        assert!(found[0]
            .message
            .english()
            .contains("for Python's robotparser (≤ 3.12) and the 1994 convention it leaves"));
        assert!(found[0]
            .why
            .english()
            .contains("a blank line that ends the group"));
        // `Disallow: /` closes the site to every reader, and says so.
        let found = with_code("User-agent: *\nDisallow: /\n", Code::SiteClosedToAll);
        assert!(found[0].message.english().contains("to every crawler"));
    }

    #[test]
    fn names_without_a_star_group_are_shown_as_written() {
        // fedtalks.upgather.com in the real corpus.
        let input = "User-agent: GPTBot\nDisallow: /\n\nUser-agent: GPT-3-Crawler\nDisallow: /\n";
        let found = with_code(input, Code::NoStarGroup);
        assert_eq!(found.len(), 1);
        let message = found[0].message.english();
        // Google reads the line as its leading letters and `-`.
        assert_eq!(crate::product_token(b"GPT-3-Crawler"), "GPT-");
        assert!(
            message.contains("`GPT-3-Crawler` (which Google reads as `GPT-`)"),
            "{message}"
        );
        assert!(
            message.contains("`GPTBot` and `GPT-3-Crawler`"),
            "{message}"
        );
    }

    #[test]
    fn a_trailing_group_without_rules_is_info_unless_it_escapes_star_rules() {
        assert_eq!(
            codes("User-agent: *\nAllow: /\n\nUser-agent: quxbot\n"),
            [(Code::GroupWithoutRules, 4)]
        );
        assert_eq!(
            codes("User-agent: *\nDisallow: /x\n\nUser-agent: quxbot\n"),
            [(Code::NamedGroupIgnoresStar, 4)]
        );
    }

    #[test]
    fn a_site_closed_by_a_merge_is_an_error_and_one_closed_on_purpose_a_warning() {
        let merged = "User-agent: *\nCrawl-delay: 30\n\nUser-agent: BadBot\nDisallow: /\n";
        let found = with_code(merged, Code::SiteClosedToAll);
        assert_eq!(found[0].severity, Severity::Error);
        assert_eq!(found[0].fix_check, FixCheck::Checked);
        assert!(found[0]
            .effect
            .iter()
            .any(|e| e.agent == "Googlebot" && !e.allowed && e.intended));
        let closed = with_code("User-agent: *\nDisallow: /\n", Code::SiteClosedToAll);
        assert_eq!(closed[0].severity, Severity::Warning);
        assert_eq!(closed[0].fix_check, FixCheck::None);
    }

    #[test]
    fn a_group_without_rules_is_evidenced_by_the_readers_that_drop_it() {
        // An allow-list: quxbot is welcome. Google and RFC 9309 let it fetch everything;
        // Python's robotparser drops its group of user-agent lines only and applies `*`.
        let input = "User-agent: *\nDisallow: /\n\nUser-agent: quxbot\n";
        let found = with_code(input, Code::GroupWithoutRules);
        assert_eq!(found[0].severity, Severity::Warning);
        assert!(!found[0].effect.is_empty());
        assert!(found[0]
            .effect
            .iter()
            .all(|e| e.profile == Profile::Python && !e.allowed && e.intended));
        assert_eq!(found[0].fix_check, FixCheck::Checked);
        // With a delay Python keeps the group: no reader answers otherwise, a note.
        let delayed = "User-agent: *\nDisallow: /\n\nUser-agent: quxbot\nCrawl-delay: 5\n";
        let found = with_code(delayed, Code::GroupWithoutRules);
        assert_eq!(found[0].severity, Severity::Info);
    }
}
