//! Groups and user agents: rules outside any group, who obeys which group (and so which `*`
//! rules a named crawler escapes), names Google reads differently from how they are written,
//! and the layouts that parsers disagree about (blank lines, lines between user agents).

use std::collections::HashMap;

use super::overlap::{example_path, is_match_all};
use super::text::{
    directive_code, line_range_value, names_own_site, own_hosts, rebuild, value_span,
};
use super::{AgentSet, Code, Context, Finding, Severity};
use crate::encoding::google_escape;
use crate::group::{product_token, AgentLine, AgentToken, Group, Rule, RuleKind};
use crate::lines::LineKind;
use crate::message::{Message, MessageId as M, Value};
use crate::pattern::Pattern;
use crate::profile::Profile;
use crate::robots::RobotsTxt;
use crate::verdict::ChainStep;

/// Google's crawlers that ignore the `*` group and obey only groups that name them.
const IGNORE_STAR: &[&str] = &[
    "adsbot-google",
    "adsbot-google-mobile",
    "mediapartners-google",
    "apis-google",
];

/// How many rules a message lists before it says "and N more".
const LISTED_RULES: usize = 5;

pub(super) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    orphan_rules(cx, out);
    agent_values(cx, out);
    several_groups(cx, out);
    repeated_in_group(cx, out);
    let released = named_groups_ignore_star(cx, out);
    groups_without_rules(cx, out, &released);
    no_star_group(cx, out);
    let merged = closed_to_all(cx, out);
    lines_inside_agent_lists(cx, out, merged);
    blank_lines(cx, out);
    retired_tokens(cx, out);
    trailing_group_lines(cx, out);
}

/// Keys that belong to the group they stand in, as rules do, without being rules.
const GROUP_SCOPED_KEYS: &[&str] = &[
    "crawl-delay",
    "request-rate",
    "visit-time",
    "content-usage",
    "content-signal",
];

/// A group-scoped line (`Crawl-delay: 10`) set apart at the end of the file, below a blank
/// line after the last group's rules, when that group names particular crawlers: written as if
/// it were for every crawler, it belongs to the last group, and only its crawlers read it.
fn trailing_group_lines(cx: &Context<'_>, out: &mut Vec<Finding>) {
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

/// Tokens their operators retired, each with the tokens that replaced it.
const RETIRED_TOKENS: &[(&str, &[&str])] = &[
    (
        "anthropic-ai",
        &["ClaudeBot", "Claude-User", "Claude-SearchBot"],
    ),
    (
        "Claude-Web",
        &["ClaudeBot", "Claude-User", "Claude-SearchBot"],
    ),
];

/// A group for a retired token, when no group names the tokens that replaced it.
fn retired_tokens(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let named = |token: &str| {
        cx.agents
            .iter()
            .any(|agent| agent.token.eq_ignore_ascii_case(token))
    };
    for (retired, successors) in RETIRED_TOKENS {
        let Some(agent) = cx
            .agents
            .iter()
            .find(|agent| agent.token.eq_ignore_ascii_case(retired))
        else {
            continue;
        };
        // A file that names one of the current tokens has moved on already.
        if successors.iter().any(|token| named(token)) {
            continue;
        }
        let missing: Vec<Value> = successors.iter().map(|token| Value::code(token)).collect();
        out.push(Finding::new(
            Code::RetiredAgentToken,
            agent.lines[0],
            Message::new(M::RetiredAgentToken)
                .code("token", &agent.token)
                .list("successors", missing),
            M::RetiredAgentTokenWhy,
            Message::new(M::RetiredAgentTokenFix).text("successor", successors[0]),
        ));
    }
}

fn orphan_rules(cx: &Context<'_>, out: &mut Vec<Finding>) {
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
                message.with("rule", directive_code(key, rule.pattern(cx.robots))),
                M::RuleBeforeUserAgentWhy,
                M::RuleBeforeUserAgentFix,
            )
            .with_related(first_group.into_iter().collect()),
        );
    }
}

/// Separators after which extra text is a version or a comment, not part of the name.
fn ends_name(c: char) -> bool {
    c.is_whitespace() || matches!(c, '/' | '(' | ';' | ',')
}

fn agent_values(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let agents = cx
        .robots
        .groups()
        .iter()
        .flat_map(|g| g.agents.iter().map(move |agent| (g, agent)));
    for (group, agent) in agents {
        let line = cx.line(agent.line);
        let value = agent.value();
        let span = value_span(&line);
        if value.is_empty() {
            // The rules still reach the group's named crawlers: no verdict changes.
            let named_beside = group.agents.iter().any(|other| !other.value().is_empty());
            out.push(
                Finding::new(
                    Code::EmptyUserAgent,
                    agent.line,
                    M::EmptyUserAgent,
                    M::EmptyUserAgentWhy,
                    M::EmptyUserAgentFix,
                )
                .with_span(super::text::key_span(&line))
                .with_severity(if named_beside {
                    Severity::Warning
                } else {
                    Severity::Error
                }),
            );
            continue;
        }
        if let Some(at) = glued_directive(value) {
            glued_to_agent(agent, at, out, &line);
            continue;
        }
        if let Some(names) = listed_names(value) {
            several_agents(agent, &names, out, &line);
            continue;
        }
        match &agent.token {
            AgentToken::Star if agent.has_extra_text => out.push(
                Finding::new(
                    Code::AgentTokenCut,
                    agent.line,
                    Message::new(M::StarWithExtraText).code("value", value),
                    M::StarWithExtraTextWhy,
                    M::StarWithExtraTextFix,
                )
                .with_span(span)
                .with_replacement(rebuild(&line, "User-agent", "*")),
            ),
            AgentToken::Star => {}
            AgentToken::Product(token) => {
                let next = value[token.len()..].chars().next();
                if token.is_empty() || next.is_some_and(|c| !ends_name(c)) {
                    token_cut(agent, token, out, &line);
                } else if agent.has_extra_text {
                    extra_text(agent, token, out, &line);
                }
            }
        }
    }
}

/// Where a directive written on the same line starts (`Kimengi/nine.com Disallow: /` → the
/// offset of `Disallow`): a word after the name that is a directive's key and a `:`.
fn glued_directive(value: &str) -> Option<usize> {
    const KEYS: &[&str] = &["user-agent", "allow", "disallow", "sitemap", "crawl-delay"];
    let mut offset = 0;
    for word in value.split(' ') {
        let start = offset;
        offset += word.len() + 1;
        if start == 0 {
            continue;
        }
        let key = word.split_once(':').map(|(key, _)| key);
        if key.is_some_and(|key| KEYS.iter().any(|k| key.eq_ignore_ascii_case(k))) {
            return Some(start);
        }
    }
    None
}

/// `User-agent: Kimengi Disallow: /`: two lines run together, so the rule is part of the name.
fn glued_to_agent(agent: &AgentLine, at: usize, out: &mut Vec<Finding>, line: &crate::lines::Line) {
    let value = agent.value();
    let name = value[..at].trim_end();
    let directive = &value[at..];
    let message = match &agent.token {
        AgentToken::Star => Message::new(M::GluedDirective).code("name", "*"),
        AgentToken::Product(token) if token.is_empty() => Message::new(M::GluedDirectiveEmptyName),
        AgentToken::Product(token) => Message::new(M::GluedDirective).code("name", token),
    };
    let replacement =
        rebuild(line, "User-agent", name).map(|first| format!("{first}\n{directive}"));
    out.push(
        Finding::new(
            Code::AgentTokenCut,
            agent.line,
            message.code("value", value).code("directive", directive),
            M::GluedDirectiveWhy,
            M::GluedDirectiveFix,
        )
        .with_span(value_span(line))
        .with_replacement(replacement),
    );
}

/// `GPTBot, CCBot`: the names of a list, when the value is one.
fn listed_names(value: &str) -> Option<Vec<String>> {
    // A `;` inside parentheses belongs to a browser UA string, not to a list.
    if !value.contains([',', ';']) || value.contains('(') {
        return None;
    }
    // Every part must look like a crawler's name on its own: text pasted from elsewhere
    // (`[NC,OR]`, mod_rewrite's flags; `www,example.com`, a garbled host) has commas too, and
    // reading its pieces as crawlers would propose `User-agent: OR`. Such a value is left to
    // the checks of names Google reads otherwise, which say what readers make of it.
    let mut names = Vec::new();
    for part in value.split([',', ';']).map(str::trim) {
        if part.is_empty() {
            continue;
        }
        if part == "*" {
            names.push("*".to_owned());
            continue;
        }
        let (name, version) = part.split_once('/').unwrap_or((part, ""));
        let is_name = name.bytes().any(|b| b.is_ascii_alphabetic())
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            && version.bytes().all(|b| b.is_ascii_digit() || b == b'.');
        if !is_name {
            return None;
        }
        let token = product_token(part.as_bytes());
        if !token.is_empty() {
            names.push(token.to_owned());
        }
    }
    (names.len() >= 2).then_some(names)
}

fn several_agents(
    agent: &AgentLine,
    names: &[String],
    out: &mut Vec<Finding>,
    line: &crate::lines::Line,
) {
    let first = &names[0];
    let others: Vec<Value> = names[1..].iter().map(|n| Value::code(n)).collect();
    let replacement = (!line.invalid_utf8).then(|| {
        names
            .iter()
            .map(|name| format!("User-agent: {name}"))
            .collect::<Vec<_>>()
            .join("\n")
    });
    out.push(
        Finding::new(
            Code::SeveralAgentsOnOneLine,
            agent.line,
            Message::new(if others.len() == 1 {
                M::SeveralAgentsOne
            } else {
                M::SeveralAgents
            })
            .code("value", agent.value())
            .count("count", names.len())
            .code("first", first)
            .list("others", others),
            M::SeveralAgentsWhy,
            M::SeveralAgentsFix,
        )
        .with_span(value_span(line))
        .with_replacement(replacement),
    );
}

fn token_cut(agent: &AgentLine, token: &str, out: &mut Vec<Finding>, line: &crate::lines::Line) {
    let value = agent.value();
    let word: String = value.chars().take_while(|&c| !ends_name(c)).collect();
    let unquoted = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .or_else(|| value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')))
        .filter(|inner| !inner.is_empty() && product_token(inner.as_bytes()) == *inner);
    let marked_words = named_after_mark(value, &word).filter(|_| !token.is_empty());
    let (message, replacement) = if let Some(inner) = unquoted {
        (
            Message::new(M::TokenCutQuoted).code("name", inner),
            rebuild(line, "User-agent", inner),
        )
    } else if token.is_empty() && value.starts_with('*') {
        (Message::new(M::TokenCutStar).code("value", value), None)
    } else if token.is_empty() {
        (Message::new(M::TokenCutEmpty).code("value", value), None)
    } else if value[token.len()..].starts_with('*') {
        (
            Message::new(M::TokenCutInnerStar)
                .code("value", value)
                .code("token", token),
            rebuild(line, "User-agent", token),
        )
    } else if let Some(last) = marked_words {
        // `Yahoo! Slurp`: the first word is the operator's name with a mark, and the crawler's
        // token is the word after it; no crawler is called `Yahoo!`.
        (
            Message::new(M::TokenCutWords)
                .code("value", value)
                .code("token", token)
                .code("last", last),
            None,
        )
    } else {
        (
            Message::new(M::TokenCut)
                .code("value", value)
                .code("token", token)
                .code("word", &word),
            None,
        )
    };
    let (why, fix) = match marked_words {
        Some(last) => (
            M::ExtraTextWhy,
            Message::new(M::TokenCutWordsFix)
                .code("last", last)
                .code("line", &format!("User-agent: {last}")),
        ),
        None => (M::TokenCutWhy, Message::new(M::TokenCutFix)),
    };
    out.push(
        Finding::new(Code::AgentTokenCut, agent.line, message, why, fix)
            .with_span(value_span(line))
            .with_replacement(replacement),
    );
}

/// The second word of a two-word name whose first word is a product token and one mark
/// (`Yahoo! Slurp` gives `Slurp`), when that word is a whole product token. A longer name
/// (`U.s. government printing office`) names no crawler by its last word.
fn named_after_mark<'a>(value: &'a str, first_word: &str) -> Option<&'a str> {
    let token = product_token(first_word.as_bytes());
    let mark = first_word[token.len()..].chars().collect::<Vec<_>>();
    let marked = !token.is_empty()
        && matches!(mark.as_slice(), [c] if c.is_ascii_punctuation() && *c != '*');
    let mut rest = value[first_word.len()..].split_whitespace();
    let second = rest.next()?;
    (marked && rest.next().is_none() && product_token(second.as_bytes()) == second)
        .then_some(second)
}

fn extra_text(agent: &AgentLine, token: &str, out: &mut Vec<Finding>, line: &crate::lines::Line) {
    let value = agent.value();
    let rest = value[token.len()..].trim();
    // A version or a comment after the name is read the same by every reader: a note. Extra
    // words or a browser's whole UA string change the name for Google: a warning.
    let mut code = Code::AgentTokenCut;
    let (message, replacement) = if token.eq_ignore_ascii_case("mozilla") {
        let bot = bot_names(value);
        (
            Message::new(M::BrowserUserAgent)
                .code("value", value)
                .code("token", token),
            match bot.as_slice() {
                [one] => rebuild(line, "User-agent", one),
                _ => None,
            },
        )
    } else if rest.starts_with('/') || rest.starts_with('(') {
        code = Code::UserAgentExtraText;
        (
            Message::new(M::ExtraTextVersion)
                .code("value", value)
                .code("token", token)
                .code("rest", rest),
            rebuild(line, "User-agent", token),
        )
    } else {
        (
            Message::new(M::ExtraTextWords)
                .code("value", value)
                .code("token", token)
                .code("rest", rest),
            None,
        )
    };
    // Words after the first (`MS Search 6.0 Robot`, `Sogou web spider`) may be the name the
    // crawler documents and its own parser compares whole: the story of a cut token, whose
    // fix keeps a documented name. A browser's whole UA string is no crawler's name.
    let (why, fix) = if code == Code::UserAgentExtraText {
        (M::ExtraTextVersionWhy, M::ExtraTextVersionFix)
    } else if !token.eq_ignore_ascii_case("mozilla") {
        (M::TokenCutWhy, M::TokenCutFix)
    } else {
        (M::ExtraTextWhy, M::ExtraTextFix)
    };
    out.push(
        Finding::new(code, agent.line, message, why, fix)
            .with_span(value_span(line))
            .with_replacement(replacement),
    );
}

/// Words of a UA string that look like a crawler's product token (`Googlebot`, `Baiduspider`).
fn bot_names(value: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for word in value.split(|c: char| !(c.is_ascii_alphabetic() || c == '-' || c == '_')) {
        let lower = word.to_ascii_lowercase();
        let botlike = ["bot", "spider", "crawler"]
            .iter()
            .any(|suffix| lower.ends_with(suffix) && lower.len() > suffix.len());
        if botlike && !names.iter().any(|n| n.eq_ignore_ascii_case(word)) {
            names.push(word.to_owned());
        }
    }
    names
}

fn group_range(group: &Group) -> Value {
    line_range_value(group.first_line, group.last_line)
}

fn several_groups(cx: &Context<'_>, out: &mut Vec<Finding>) {
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
        // Groups and the lines naming the agent are both in file order: walk them together.
        // One finding per name, where it is named again: a file that names `*` in 100,000
        // groups gets one finding, not 100,000 that each list every line.
        let mut naming = lines.iter().copied().peekable();
        for &later in &groups[1..] {
            let group = cx.group(later);
            while naming.next_if(|&l| l < group.first_line).is_some() {}
            let Some(line) = naming.next_if(|&l| l <= group.last_line) else {
                continue;
            };
            let related: Vec<usize> = lines
                .iter()
                .copied()
                .filter(|&other| other != line)
                .take(RELATED_NAMING_LINES)
                .collect();
            let first = cx.group(groups[0]);
            // `S2bot` is read as `S`: a message about `S` alone would name nothing the file says.
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
            out.push(
                Finding::new(
                    Code::AgentInSeveralGroups,
                    line,
                    message
                        .code("name", name)
                        .with("first", group_range(first))
                        .count("count", groups.len())
                        .phrase(
                            "ranges",
                            Message::new(M::GroupRanges).list("ranges", ranges),
                        ),
                    M::AgentInSeveralGroupsWhy,
                    // Moving rules between groups that name other crawlers too would change
                    // those crawlers' rules: the repeated crawler gets a group of its own.
                    if [first, group].iter().any(|g| {
                        g.agents.iter().any(|agent| match &agent.token {
                            AgentToken::Star => name != "*",
                            AgentToken::Product(token) => {
                                !token.as_str().eq_ignore_ascii_case(name)
                            }
                        })
                    }) {
                        Message::new(M::AgentInSeveralGroupsFixShared).code("name", name)
                    } else {
                        Message::new(M::AgentInSeveralGroupsFix).with("first", group_range(first))
                    },
                )
                .with_related(related),
            );
            break;
        }
    }
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
            .map(|rule| (rule.kind == RuleKind::Allow, rule.pattern(cx.robots)))
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

/// The name a user-agent line gives as Google reads it, in lower case (`*` for the star);
/// `None` for an empty one.
fn agent_key(agent: &AgentLine) -> Option<String> {
    match &agent.token {
        AgentToken::Star => Some("*".to_owned()),
        AgentToken::Product(token) if token.is_empty() => None,
        AgentToken::Product(token) => Some(token.to_ascii_lowercase()),
    }
}

/// Whether `line-inside-agent-list` speaks of the lines that split `group`'s user agents: it
/// says nothing when the rules allow everything, since every split allows everything too.
fn reports_split(cx: &Context<'_>, group: &Group) -> bool {
    let rules: Vec<&Rule> = group.rules.iter().collect();
    !rules.is_empty() && !allows_everything(cx.robots, &rules)
}

fn repeated_in_group(cx: &Context<'_>, out: &mut Vec<Finding>) {
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

/// Whether a set of rules deliberately opens everything: `Allow: /` or an empty `Disallow:`
/// and nothing else.
fn allows_everything(robots: &RobotsTxt, rules: &[&Rule]) -> bool {
    !rules.is_empty()
        && rules.iter().all(|rule| {
            let pattern = rule.pattern(robots);
            pattern.is_empty() || (rule.kind == RuleKind::Allow && is_match_all(pattern))
        })
}

/// How many pattern matches `named-group-ignores-star` may make in all; past that it stops
/// reporting. The work per `*` rule is bounded by the `*` Allow rules and the named groups'
/// own rules, so real files need a small fraction of this; the budget keeps a file built to be
/// quadratic (thousands of `*` Allow rules against thousands of Disallow rules) at a few
/// milliseconds.
const JUDGE_BUDGET: usize = 400_000;

/// A rule compiled to judge paths by, with the path it names most directly.
struct Judged {
    kind: RuleKind,
    length: usize,
    /// The pattern as Google escapes it.
    escaped: Vec<u8>,
    pattern: Pattern,
    /// A path the pattern matches that reads as a real one ([`example_path`]): the path the
    /// judgement probes with and shows.
    witness: Vec<u8>,
}

impl Judged {
    fn new(robots: &RobotsTxt, rule: &Rule) -> Judged {
        let escaped = google_escape(rule.pattern_bytes(robots));
        Judged {
            witness: example_path(&escaped, b"x"),
            kind: rule.kind,
            length: escaped.len(),
            pattern: Pattern::google(&escaped),
            escaped,
        }
    }

    /// Whether this rule is an Allow written for the paths of `disallow` (`Allow: /documents/`
    /// for `Disallow: /documents/` or `/documents/old`): a group that holds it answers those
    /// paths on purpose. `Allow: /`, which ends many groups, opens everything and names nothing.
    fn allows_on_purpose(&self, disallow: &Judged) -> bool {
        if self.kind != RuleKind::Allow || is_match_all(&String::from_utf8_lossy(&self.escaped)) {
            return false;
        }
        if self.escaped.contains(&b'*') || self.escaped.ends_with(b"$") {
            self.escaped == disallow.escaped
        } else {
            disallow.escaped.starts_with(&self.escaped)
        }
    }
}

impl Judged {
    /// Whether this rule is a Disallow of another group written inside the section `star`
    /// closes: its fixed start (up to a `*` or `$`) begins with the section, at a word's end.
    /// The section is the path `star` names when it is one (no `*` but at its end), without
    /// its final `/` or `?` (`/works` for `/works?`). A rule with a `*` inside
    /// (`/jobs/*/count`) names no section, nor does the whole site (`/`, `/*?`).
    fn narrows(&self, star: &Judged) -> bool {
        let fixed = |pattern: &[u8]| {
            let end = pattern
                .iter()
                .position(|b| matches!(b, b'*' | b'$'))
                .unwrap_or(pattern.len());
            pattern[..end].to_vec()
        };
        let mut section = fixed(&star.escaped);
        if star.escaped[section.len()..]
            .iter()
            .any(|b| !matches!(b, b'*' | b'$'))
        {
            return false;
        }
        if section.ends_with(b"?") || (section.len() > 1 && section.ends_with(b"/")) {
            section.pop();
        }
        let own = fixed(&self.escaped);
        self.kind == RuleKind::Disallow
            && section.len() > 1
            && !section.contains(&b'?')
            && self.escaped != star.escaped
            && own.starts_with(&section)
            && own
                .get(section.len())
                .is_none_or(|b| !b.is_ascii_alphanumeric())
    }
}

/// Whether `rules` allow `path`: the longest match decides, Allow wins a tie, an empty
/// pattern never decides, no match allows.
fn allows(rules: &[Judged], path: &[u8]) -> bool {
    let longest = |kind: RuleKind| {
        rules
            .iter()
            .filter(|rule| rule.kind == kind && rule.length > 0 && rule.pattern.matches(path))
            .map(|rule| rule.length)
            .max()
    };
    match (longest(RuleKind::Allow), longest(RuleKind::Disallow)) {
        (_, None) => true,
        (None, Some(_)) => false,
        (Some(allow), Some(disallow)) => allow >= disallow,
    }
}

/// Reports, for each named crawler, the `*` Disallow rules it no longer obeys. Returns the
/// groups reported, so that `group-without-rules` does not repeat them.
fn named_groups_ignore_star(cx: &Context<'_>, out: &mut Vec<Finding>) -> Vec<usize> {
    named_groups_ignore_star_counting(cx, out, &mut 0)
}

/// [`named_groups_ignore_star`], adding the pattern matches it makes to `work`: the tests hold
/// the cost to the size of the file with it, not with a clock.
fn named_groups_ignore_star_counting(
    cx: &Context<'_>,
    out: &mut Vec<Finding>,
    work: &mut usize,
) -> Vec<usize> {
    let mut reported = Vec::new();
    let star_rules: Vec<&Rule> = cx
        .rules_of(&cx.star_groups)
        .filter(|rule| rule.kind == RuleKind::Disallow && !rule.pattern(cx.robots).is_empty())
        .collect();
    if star_rules.is_empty() {
        return reported;
    }
    // Crawlers that obey exactly the same groups are reported together.
    let mut buckets: Vec<(&[usize], Vec<&AgentSet>)> = Vec::new();
    let mut bucket_of: HashMap<&[usize], usize> = HashMap::new();
    let own_hosts = own_hosts(cx.robots);
    for agent in &cx.agents {
        if IGNORE_STAR
            .iter()
            .any(|t| agent.token.eq_ignore_ascii_case(t))
        {
            continue;
        }
        // The site's own crawler (its search appliance, its monitoring bot), named after the
        // site: the owner wrote its group knowing what `*` holds, and a shorter list is the
        // point of giving it one.
        if names_own_site(&agent.token, &own_hosts) {
            continue;
        }
        match bucket_of.get(agent.groups.as_slice()) {
            Some(&index) => buckets[index].1.push(agent),
            None => {
                bucket_of.insert(&agent.groups, buckets.len());
                buckets.push((&agent.groups, vec![agent]));
            }
        }
    }
    // No named crawler to compare (most files of thousands of rules name only `*`): the `*`
    // rules need no judging.
    if buckets.is_empty() {
        return reported;
    }
    let star_all: Vec<Judged> = cx
        .rules_of(&cx.star_groups)
        .map(|rule| Judged::new(cx.robots, rule))
        .collect();
    // An allow-list: the `*` group closes the site (`Disallow: /`) and named groups open it to
    // the crawlers the owner welcomes. Releasing them from `*` is the point of such a file,
    // not an oversight, whatever rules (or only a `Crawl-delay`) their groups hold.
    // The home page may stay open (`Allow: /$` beside `Disallow: /`): the rest of the site is
    // closed all the same.
    *work += star_all.len();
    let closes_all = |rule: &Judged| {
        rule.kind == RuleKind::Disallow && is_match_all(&String::from_utf8_lossy(&rule.escaped))
    };
    if !allows(&star_all, b"/") || star_all.iter().any(closes_all) {
        return reported;
    }
    // Each `*` Disallow is judged on the path it names most directly (its pattern with the
    // stars and the final `$` removed), and on the paths the named group's own Allow lines
    // open inside it: the rule is lost when the `*` group blocks such a path and the named group
    // lets it through. A named group with `Disallow: /` loses nothing.
    let star_judged: Vec<Judged> = star_rules
        .iter()
        .map(|rule| Judged::new(cx.robots, rule))
        .collect();
    let star_allows: Vec<&Judged> = star_all
        .iter()
        .filter(|rule| rule.kind == RuleKind::Allow && rule.length > 0)
        .collect();
    // What `*` answers for a path that `disallow` matches. That Disallow is as long as the
    // longest one matching or shorter, so only an Allow at least as long can open the path:
    // the Allow rules (usually few) are looked at first, the whole group only when one
    // matches. The answers are kept, so each path costs this once for all named groups.
    let mut star_verdicts: HashMap<Vec<u8>, bool> = HashMap::new();
    let mut star_blocks = |disallow: &Judged, path: &[u8], work: &mut usize| -> bool {
        if let Some(&blocks) = star_verdicts.get(path) {
            return blocks;
        }
        *work += star_allows.len();
        let contested = star_allows
            .iter()
            .any(|allow| allow.length >= disallow.length && allow.pattern.matches(path));
        let blocks = if contested {
            *work += star_all.len();
            !allows(&star_all, path)
        } else {
            true
        };
        star_verdicts.insert(path.to_vec(), blocks);
        blocks
    };
    for (groups, agents) in buckets {
        let own: Vec<&Rule> = cx.rules_of(groups).collect();
        if allows_everything(cx.robots, &own) {
            continue;
        }
        let own_judged: Vec<Judged> = own
            .iter()
            .map(|rule| Judged::new(cx.robots, rule))
            .collect();
        let own_allows: Vec<&Judged> = own_judged
            .iter()
            .filter(|rule| rule.kind == RuleKind::Allow)
            .collect();
        // A group that opens, by prefix, a section `*` closes (`Allow: /images` against
        // `Disallow: /images/*`) and closes paths of its own, none of them copied from `*`, was
        // written knowing what `*` holds: leaving the `*` rules out is a choice. A group that
        // copies some `*` rules is a copy that may have drifted, and is still judged.
        *work += own_judged.len() * star_judged.len();
        if *work > JUDGE_BUDGET {
            return reported;
        }
        let opens_star_section = own_allows
            .iter()
            .any(|own| star_judged.iter().any(|star| own.allows_on_purpose(star)));
        let mut own_disallows = own_judged
            .iter()
            .filter(|own| own.kind == RuleKind::Disallow && own.length > 0)
            .peekable();
        let closes_only_its_own = own_disallows.peek().is_some()
            && own_disallows.all(|own| star_judged.iter().all(|star| star.escaped != own.escaped));
        if opens_star_section && closes_only_its_own {
            continue;
        }
        let mut lost: Vec<&Rule> = Vec::new();
        // A path the named group may fetch and `*` blocks, to show.
        let mut example: Option<Vec<u8>> = None;
        for (&star, judged) in star_rules.iter().zip(&star_judged) {
            if *work > JUDGE_BUDGET {
                // Out of budget: nothing more can be proved, so nothing more is claimed.
                return reported;
            }
            *work += own_allows.len();
            if own_allows.iter().any(|own| own.allows_on_purpose(judged)) {
                continue;
            }
            // The named group repeats the rule: what its own Allows open inside it, they open on
            // purpose.
            *work += own_judged.len();
            if own_judged
                .iter()
                .any(|own| own.kind == RuleKind::Disallow && own.escaped == judged.escaped)
            {
                continue;
            }
            // The named group writes rules of its own inside the rule's section (`/works/*?`
            // and `/works?*sort=` beside `*`'s `/works?`): it was written knowing the section,
            // and blocks there what it means to block.
            *work += own_judged.len();
            if own_judged.iter().any(|own| own.narrows(judged)) {
                continue;
            }
            let witnesses = std::iter::once(judged.witness.as_slice())
                .chain(own_allows.iter().map(|rule| rule.witness.as_slice()));
            let mut differs = false;
            for witness in witnesses {
                *work += 1;
                if !judged.pattern.matches(witness) {
                    continue;
                }
                // The named group's own rules first: they are few, and a group that blocks
                // the path (`Disallow: /`) settles it without asking `*`.
                *work += own_judged.len();
                if allows(&own_judged, witness) && star_blocks(judged, witness, work) {
                    differs = true;
                    example.get_or_insert_with(|| witness.to_vec());
                    break;
                }
            }
            if differs {
                lost.push(star);
            }
        }
        if lost.is_empty() {
            continue;
        }
        reported.extend_from_slice(groups);
        // As written: `MJ12bot`, not the `MJ` Google compares, which the owner never wrote.
        let names: Vec<Value> = agents
            .iter()
            .map(|a| Value::code(cx.line(a.lines[0]).value().unwrap_or(&a.token)))
            .collect();
        let line = agents.iter().map(|a| a.lines[0]).min().unwrap_or(1);
        let listed: Vec<Value> = lost
            .iter()
            .take(LISTED_RULES)
            .map(|rule| {
                Value::phrase(
                    Message::new(M::LostStarRule)
                        .with("rule", directive_code("Disallow", rule.pattern(cx.robots)))
                        .line("line", rule.line),
                )
            })
            .collect();
        let rules = match lost.len().saturating_sub(LISTED_RULES) {
            0 => Value::List(listed.into()),
            n => Value::phrase(
                Message::new(M::LostStarRulesMore)
                    .with("rules", Value::Series(listed.into()))
                    .count("count", n),
            ),
        };
        // A lone name that is no crawler's token but differs from a catalogued one only in
        // separators (`googlebot_news` for `Googlebot-News`) is followed by no crawler: nobody
        // escapes `*` through it, and the name is what is wrong.
        let meant = match agents.as_slice() {
            [agent] => likely_meant(&agent.token),
            _ => None,
        };
        if let Some(meant) = meant {
            out.push(
                Finding::new(
                    Code::NamedGroupIgnoresStar,
                    line,
                    Message::new(M::NamedGroupNoCrawler)
                        .with("names", Value::List(names.clone().into()))
                        .code("meant", meant),
                    M::NamedGroupNoCrawlerWhy,
                    Message::new(M::NamedGroupNoCrawlerFix)
                        .code("line", &format!("User-agent: {meant}"))
                        .lines("lines", &lost.iter().map(|r| r.line).collect::<Vec<_>>()),
                )
                .with_related(lost.iter().map(|r| r.line).collect()),
            );
            continue;
        }
        let id = match (names.len() == 1, lost.len() == 1) {
            (true, true) => M::NamedGroupIgnoresStarOne,
            (true, false) => M::NamedGroupIgnoresStar,
            (false, true) => M::NamedGroupsIgnoreStarOne,
            (false, false) => M::NamedGroupsIgnoreStar,
        };
        let names = Value::List(names.into());
        out.push(
            Finding::new(
                Code::NamedGroupIgnoresStar,
                line,
                Message::new(id)
                    .with("names", names.clone())
                    .count("count", lost.len())
                    .with("rules", rules)
                    .code(
                        "path",
                        &String::from_utf8_lossy(example.as_deref().unwrap_or(b"/")),
                    ),
                M::NamedGroupIgnoresStarWhy,
                Message::new(M::NamedGroupIgnoresStarFix)
                    .with("names", names)
                    .lines("lines", &lost.iter().map(|r| r.line).collect::<Vec<_>>()),
            )
            .with_related(lost.iter().map(|r| r.line).collect()),
        );
    }
    reported
}

/// The catalogued token a name that matches no crawler was likely meant to be: the same
/// letters with other separators (`googlebot_news`, `Googlebot News` for `Googlebot-News`).
fn likely_meant(token: &str) -> Option<&'static str> {
    if crate::catalogue::find_crawler(token).is_some() {
        return None;
    }
    let letters = |name: &str| -> String {
        name.chars()
            .filter(|c| !matches!(c, '-' | '_' | ' '))
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    let wanted = letters(token);
    crate::catalogue::crawlers()
        .iter()
        .flat_map(|crawler| crawler.tokens.iter().copied())
        .find(|known| letters(known) == wanted)
}

fn groups_without_rules(cx: &Context<'_>, out: &mut Vec<Finding>, released: &[usize]) {
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
        let (message, why) = match (names.len(), &scoped) {
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
            None => M::GroupWithoutRulesFix.into(),
        };
        out.push(Finding::new(
            Code::GroupWithoutRules,
            group.first_line,
            message,
            why,
            fix,
        ));
    }
}

fn no_star_group(cx: &Context<'_>, out: &mut Vec<Finding>) {
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

/// Reports a `*` group that closes the whole site. Returns, when the cause is `*` merged into
/// the next crawlers' group, the lines between `User-agent: *` and their first user-agent line:
/// the lines there that end no group are this finding's cause, not a layout warning of their own.
fn closed_to_all(cx: &Context<'_>, out: &mut Vec<Finding>) -> Option<(usize, usize)> {
    let closes = |rules: &[&Rule]| -> Option<usize> {
        if rules
            .iter()
            .any(|r| r.kind == RuleKind::Allow && !r.pattern(cx.robots).is_empty())
        {
            return None;
        }
        rules
            .iter()
            .find(|r| r.kind == RuleKind::Disallow && is_match_all(r.pattern(cx.robots)))
            .map(|r| r.line)
    };
    let star: Vec<&Rule> = cx.rules_of(&cx.star_groups).collect();
    let line = closes(&star)?;
    // The `*` groups are one of the rule sets; every other set belongs to named crawlers.
    let all_named_closed = cx.rule_sets.iter().all(|set| {
        let own: Vec<&Rule> = cx.rules_of(set).collect();
        closes(&own).is_some()
    });
    if !all_named_closed {
        return None;
    }
    let rule = cx.line(line);
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
    let readers = |profiles: &[Profile]| -> Vec<Value> {
        profiles
            .iter()
            .map(|profile| crate::divergence::reader_name(profile.spec()))
            .collect()
    };
    // `User-agent: *`, a `Crawl-delay`, then `User-agent: 008` and `Disallow: /`: one group for
    // Google and RFC 9309, so the rule written for `008` closes the site to `*`. The cause to
    // name is the merge, not a rule the owner wrote for `*`.
    let merged = merged_into_star(cx, line);
    let told = merged
        .as_ref()
        .map(|&(star_line, _, first_later, _)| (star_line, first_later));
    // The rule was written for named crawlers, and the merge gives it to every crawler: the
    // file evidently meant the site open, and every verdict changes, an error.
    let severity = if merged.is_some() {
        Severity::Error
    } else {
        Code::SiteClosedToAll.severity()
    };
    let message = match (open.is_empty(), cx.agents.is_empty()) {
        _ if merged.is_some() => {
            let (star_line, between, _, names) = merged.clone().unwrap_or_default();
            let message = if open.is_empty() {
                Message::new(M::SiteClosedMerged)
            } else {
                Message::new(M::SiteClosedMergedSome)
                    .list("closed", readers(&closed))
                    .list("open", readers(&open))
            };
            message
                .line("star", star_line)
                .with("between", directive_code_line(cx, between))
                .line("line", between)
                .list("names", names)
        }
        (true, true) => Message::new(M::SiteClosedToAll),
        (true, false) => Message::new(M::SiteClosedToAllNamed),
        (false, no_named_group) => Message::new(if no_named_group {
            M::SiteClosedToSome
        } else {
            M::SiteClosedToSomeNamed
        })
        .list("closed", readers(&closed))
        .list("open", readers(&open)),
    };
    out.push(
        Finding::new(
            Code::SiteClosedToAll,
            line,
            message.with(
                "rule",
                directive_code(
                    rule.key().unwrap_or("Disallow"),
                    rule.value().unwrap_or_default(),
                ),
            ),
            if open.is_empty() {
                M::SiteClosedToAllWhy
            } else {
                M::SiteClosedToSomeWhy
            },
            match merged {
                Some((star_line, _, _, names)) => Message::new(M::SiteClosedMergedFix)
                    .list("names", names)
                    .line("star", star_line),
                None => M::SiteClosedToAllFix.into(),
            },
        )
        .with_span(value_span(&rule))
        .with_severity(severity),
    );
    told
}

/// When the group of the rule on `rule_line` names `*` and, after a line that is not a
/// user-agent line (which ends no group), other crawlers: the `*` line, that line, the first
/// other crawler's line, and the other crawlers' names.
fn merged_into_star(
    cx: &Context<'_>,
    rule_line: usize,
) -> Option<(usize, usize, usize, Vec<Value>)> {
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
    Some((star.line, between, first_later.line, names))
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

/// Whether `line` is a `Crawl-delay` or another line that applies to its group's crawlers.
fn group_scoped(line: &crate::lines::Line) -> bool {
    line.kind == LineKind::Other
        && GROUP_SCOPED_KEYS.contains(&line.key().unwrap_or_default().to_ascii_lowercase().as_str())
}

/// Whether `line` stands between two user-agent lines of one group without ending it for
/// Google and RFC 9309, while other parsers end the group there.
fn splits_agent_list(line: &crate::lines::Line) -> bool {
    matches!(
        line.kind,
        LineKind::Sitemap | LineKind::Other | LineKind::Unknown
    )
}

/// `merged`: the lines `site-closed-to-all` names as `*`'s merge into the next group.
fn lines_inside_agent_lists(
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
        if let Some(finding) = delayed_crawlers_merged(cx, group) {
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
            let above: Vec<Value> = group
                .agents
                .iter()
                .filter(|a| a.line < number)
                .map(|a| Value::code(a.value()))
                .collect();
            let above_names = above.clone();
            let id = if above.len() == 1 {
                M::LineInsideAgentListOne
            } else {
                M::LineInsideAgentList
            };
            out.push(
                Finding::new(
                    Code::LineInsideAgentList,
                    number,
                    Message::new(id)
                        .code("text", line.text().trim())
                        .list("agents", above)
                        .line("last", last.line),
                    M::LineInsideAgentListWhy,
                    // Below the rules, a delay would apply to every crawler of the group (to
                    // all of `*`'s when it names `*`): the crawlers above get a group instead.
                    if group_scoped(&line) {
                        Message::new(M::LineInsideAgentListFixScoped)
                            .list("agents", above_names)
                            .with(
                                "text",
                                directive_code(
                                    line.key().unwrap_or_default(),
                                    line.value().unwrap_or_default(),
                                ),
                            )
                    } else {
                        M::LineInsideAgentListFix.into()
                    },
                )
                .with_related(group.agents.iter().map(|a| a.line).collect()),
            );
        }
    }
}

/// The line of `group`'s last user agent that does not name again a crawler named above it
/// (an empty name counts as new): below it, every user agent is a repeat. One pass, with the
/// map type `repeated_in_group` uses (the audit wasm is tight).
fn last_new_name(group: &Group) -> usize {
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
fn repeated_below(
    group: &Group,
    last_new: usize,
    number: usize,
    line: &crate::lines::Line,
) -> Option<Finding> {
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
        .with_related(group.agents.iter().map(|a| a.line).collect()),
    )
}

/// Crawlers given only a `Crawl-delay` (or another group-scoped line) that Google and RFC 9309
/// read into the next crawler's group, whose rules then block them: `User-agent: Slurp`,
/// `Crawl-delay: 1`, a blank line, `User-agent: BadBot`, `Disallow: /` shuts Slurp out of the
/// whole site. Reported by what the merge changes for the delayed crawlers, as an error when
/// the file shows they were not meant to get those rules: the rules close the whole site (a
/// delay for a crawler that may fetch nothing is pointless) or a blank line sets the delayed
/// crawlers apart. `None` when the group names `*` or the file does not show the intent.
fn delayed_crawlers_merged(cx: &Context<'_>, group: &Group) -> Option<Finding> {
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
    if last_new_name(group) < owner.line {
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

fn blank_lines(cx: &Context<'_>, out: &mut Vec<Finding>) {
    // As for lines inside the agent list: without rules, no reader's verdict depends on where
    // a blank line ends the group.
    for group in cx.robots.groups().iter().filter(|g| !g.rules.is_empty()) {
        let rules: Vec<&Rule> = group.rules.iter().collect();
        if allows_everything(cx.robots, &rules) {
            continue;
        }
        let mut significant: Vec<(usize, bool)> = group
            .agents
            .iter()
            .map(|a| (a.line, true))
            .chain(group.rules.iter().map(|r| (r.line, false)))
            .collect();
        significant.sort_unstable();
        for pair in significant.windows(2) {
            let ((before, before_is_agent), (after, after_is_agent)) = (pair[0], pair[1]);
            let Some(blank) = (before + 1..after).find(|&n| cx.line(n).kind == LineKind::Blank)
            else {
                continue;
            };
            // A `Crawl-delay` between the two user agents is the cause `line-inside-agent-list`
            // names (with what the merge changes); the blank line is not a second one.
            if before_is_agent
                && after_is_agent
                && (before + 1..after).any(|n| splits_agent_list(&cx.line(n)))
            {
                continue;
            }
            let before_value = cx.line(before).value().unwrap_or_default();
            let after_value = cx.line(after).value().unwrap_or_default();
            let (message, fix) = match (before_is_agent, after_is_agent) {
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
            };
            out.push(
                Finding::new(
                    Code::BlankLineInGroup,
                    blank,
                    message,
                    M::BlankLineInGroupWhy,
                    fix,
                )
                .with_related(vec![before, after]),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::super::{Code, Severity};

    /// Whether `agent` may fetch `url` under RFC 9309, Google, Python and the 1994 convention,
    /// in that order: what a finding's words about the readers must agree with.
    fn allowed_by_profile(
        input: &str,
        agent: &str,
        url: &str,
        model: crate::profile::AgentMatch,
    ) -> [bool; 4] {
        let robots = crate::robots::RobotsTxt::parse(input.as_bytes());
        [
            crate::profile::Profile::Rfc9309,
            crate::profile::Profile::Google,
            crate::profile::Profile::Python,
            crate::profile::Profile::Legacy1994,
        ]
        .map(|profile| robots.checker(profile).check(agent, url, model).allowed)
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
    fn the_site_s_own_crawler_may_have_a_shorter_list() {
        let file = |agent: &str| {
            format!(
                "User-agent: {agent}\nDisallow: /cart/\n\nUser-agent: *\nDisallow: /cart/\n\
                 Disallow: /press/\nSitemap: https://www.acmecorp.com/sitemap.xml\n"
            )
        };
        assert!(with_code(&file("acmecorp-search"), Code::NamedGroupIgnoresStar).is_empty());
        assert_eq!(
            with_code(&file("SomeSearchBot"), Code::NamedGroupIgnoresStar).len(),
            1
        );
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
    fn a_named_group_lists_the_star_rules_it_escapes() {
        let input = "User-agent: *\nDisallow: /checkout/\nDisallow: /account/\nDisallow: /tmp\n\n\
                     User-agent: Bingbot\nCrawl-delay: 5\nDisallow: /tmp/x\nDisallow: /account/\n";
        let found = with_code(input, Code::NamedGroupIgnoresStar);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].line, 6);
        // `/tmp/x` is Bingbot's own rule inside the `/tmp` that `*` closes: a narrowing, written
        // knowing the section, not a lost rule. A rule elsewhere (`/x/tmp`) narrows nothing.
        assert_eq!(found[0].related_lines, [2]);
        let elsewhere = input.replace("/tmp/x", "/x/tmp");
        let found = with_code(&elsewhere, Code::NamedGroupIgnoresStar);
        assert_eq!(found[0].related_lines, [2, 4]);
        assert!(found[0]
            .message
            .english()
            .contains("`Bingbot` follows only its own group"));
        assert!(found[0]
            .message
            .english()
            .contains("`Disallow: /checkout/` (line 2)"));
        // The crawler is named as the file writes it, not by the token Google compares.
        let cut = "User-agent: *\nDisallow: /cart/\n\nUser-agent: MJ12bot\nCrawl-delay: 10\n";
        let found = with_code(cut, Code::NamedGroupIgnoresStar);
        assert!(found[0]
            .message
            .english()
            .starts_with("`MJ12bot` follows only its own group"));
    }

    #[test]
    fn a_named_group_is_reported_only_for_the_star_rules_it_answers_differently() {
        // `Disallow: /` answers every `*` rule the same way, escapes included.
        let closed = "User-agent: *\nDisallow: /wiki/Special%3A\nDisallow: /*?action=\n\n\
                      User-agent: HTTrack\nDisallow: /\n";
        assert!(with_code(closed, Code::NamedGroupIgnoresStar).is_empty());
        // Its own Allow opens a path inside one `*` rule, and nothing closes another.
        let open = "User-agent: *\nDisallow: /private/\nDisallow: /tmp/\n\n\
                    User-agent: Bot\nDisallow: /\nAllow: /private/press\n";
        let found = with_code(open, Code::NamedGroupIgnoresStar);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].related_lines, [2], "{}", found[0].message);
    }

    #[test]
    fn a_star_rule_the_named_group_allows_on_purpose_is_not_lost() {
        // gopsusports.com in the real corpus: Bingbot's group allows `/documents/`, which `*`
        // disallows; the other two `*` rules it does not answer are still reported.
        let input = "User-agent: bingbot\nDisallow: /admin/\nAllow: /documents/\nAllow: /\n\n\
                     User-agent: *\nDisallow: /admin/\nDisallow: /documents/\nDisallow: /hidden/\n\
                     Disallow: /documents/old/\nAllow: /\n";
        let found = with_code(input, Code::NamedGroupIgnoresStar);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].related_lines, [9], "{}", found[0].message);
        assert!(
            found[0]
                .message
                .english()
                .contains("it may fetch `/hidden/`"),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn a_covering_disallow_keeps_the_star_rules() {
        let input =
            "User-agent: *\nDisallow: /a/\nDisallow: *.gif$\n\nUser-agent: GPTBot\nDisallow: /\n";
        assert!(with_code(input, Code::NamedGroupIgnoresStar).is_empty());
        let input = "User-agent: *\nDisallow: /a/b\n\nUser-agent: x\nDisallow: /a*\n";
        assert!(with_code(input, Code::NamedGroupIgnoresStar).is_empty());
    }

    #[test]
    fn crawlers_with_identical_groups_are_reported_together() {
        let input =
            "User-agent: *\nDisallow: /a\n\nUser-agent: bot-a\nUser-agent: bot-b\nDisallow: /z\n";
        let found = with_code(input, Code::NamedGroupIgnoresStar);
        assert_eq!(found.len(), 1);
        assert!(
            found[0].message.english().contains(
                "`bot-a` and `bot-b` follow only their own group, so \
            they no longer obey 1 Disallow rule"
            ),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn an_explicit_allow_all_and_star_ignoring_crawlers_are_not_reported() {
        let input =
            "User-agent: Googlebot\nAllow: /\n\nUser-agent: AdsBot-Google\nDisallow: /x\n\n\
                     User-agent: *\nDisallow: /\n";
        assert!(with_code(input, Code::NamedGroupIgnoresStar).is_empty());
        let input = "User-agent: Googlebot\nDisallow:\n\nUser-agent: *\nDisallow: /\n";
        assert!(with_code(input, Code::NamedGroupIgnoresStar).is_empty());
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
    fn retired_tokens_are_named_with_their_successors() {
        let found = with_code(
            "User-agent: anthropic-ai\nDisallow: /\n",
            Code::RetiredAgentToken,
        );
        assert_eq!(found.len(), 1);
        assert!(
            found[0].message.english().contains("`ClaudeBot`"),
            "{}",
            found[0].message
        );
        let current = "User-agent: anthropic-ai\nUser-agent: ClaudeBot\nDisallow: /\n";
        assert!(with_code(current, Code::RetiredAgentToken).is_empty());
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
    fn an_empty_name_beside_a_named_crawler_changes_no_verdict() {
        let severity = |input: &str| -> Vec<Severity> {
            with_code(input, Code::EmptyUserAgent)
                .iter()
                .map(|f| f.severity)
                .collect()
        };
        assert_eq!(
            severity("User-agent:\nDisallow: /private/\n"),
            [Severity::Error]
        );
        assert_eq!(
            severity("User-agent:\nUser-agent: Googlebot\nDisallow: /private/\n"),
            [Severity::Warning]
        );
    }

    #[test]
    fn user_agent_values_are_read_as_google_reads_them() {
        let input = "User-agent: Googlebot/2.1\nUser-agent: MJ12bot\nUser-agent: \"Bingbot\"\n\
                     User-agent: *bot\nUser-agent: GPTBot, CCBot\nUser-agent:\nUser-agent: * all\n\
                     User-agent: Mozilla/5.0 (compatible; Yandexbot/3.0)\n\
                     User-agent: Googlebot Images\n\
                     User-agent: Google*\nUser-agent: 360Spider\nDisallow: /\n";
        let found = findings(input);
        let by_line = |n: usize| {
            found
                .iter()
                .find(|f| f.line == n)
                .map(|f| (f.code, f.replacement.clone()))
        };
        assert_eq!(
            by_line(1),
            Some((
                Code::UserAgentExtraText,
                Some("User-agent: Googlebot".into())
            ))
        );
        assert_eq!(by_line(2), Some((Code::AgentTokenCut, None)));
        assert_eq!(
            by_line(3),
            Some((Code::AgentTokenCut, Some("User-agent: Bingbot".into())))
        );
        assert_eq!(by_line(4), Some((Code::AgentTokenCut, None)));
        assert_eq!(
            by_line(5),
            Some((
                Code::SeveralAgentsOnOneLine,
                Some("User-agent: GPTBot\nUser-agent: CCBot".into())
            ))
        );
        assert_eq!(by_line(6), Some((Code::EmptyUserAgent, None)));
        // Only a version is a mere note; a `*` with words, a browser's UA string and extra
        // words change the name some reader sees.
        assert_eq!(
            by_line(7),
            Some((Code::AgentTokenCut, Some("User-agent: *".into())))
        );
        assert_eq!(
            by_line(8),
            Some((Code::AgentTokenCut, Some("User-agent: Yandexbot".into())))
        );
        assert_eq!(by_line(9), Some((Code::AgentTokenCut, None)));
        assert_eq!(Code::UserAgentExtraText.severity(), Severity::Info);
        assert_eq!(Code::AgentTokenCut.severity(), Severity::Warning);
        assert_eq!(
            by_line(10),
            Some((Code::AgentTokenCut, Some("User-agent: Google".into())))
        );
        assert_eq!(by_line(11), Some((Code::AgentTokenCut, None)));
        let mj = found.iter().find(|f| f.line == 2).unwrap();
        assert!(mj.message.english().contains("as `MJ`"), "{}", mj.message);
    }

    #[test]
    fn a_directive_run_into_a_user_agent_value_is_not_a_version() {
        // english.elpais.com in the real corpus: each group's two lines joined into one.
        let input = "User-agent: Kimengi Disallow: /\n\
                     User-agent: Kimengi/nineconnections.com Disallow: /\n\
                     User-agent: LexxeBot/1.0 disallow:/\n\
                     User-agent: Wget/1.6\nDisallow: /\n";
        let found = findings(input);
        let name_finding = |n: usize| {
            found
                .iter()
                .find(|f| {
                    f.line == n && matches!(f.code, Code::AgentTokenCut | Code::UserAgentExtraText)
                })
                .map(|f| (f.code, f.replacement.clone(), f.message.clone()))
                .unwrap()
        };
        let (code, replacement, message) = name_finding(1);
        assert_eq!(code, Code::AgentTokenCut);
        assert_eq!(
            replacement.as_deref(),
            Some("User-agent: Kimengi\nDisallow: /")
        );
        assert!(
            message.english().contains("holds `Disallow: /`"),
            "{message}"
        );
        let (code, replacement, message) = name_finding(2);
        assert_eq!(code, Code::AgentTokenCut, "{message}");
        assert_eq!(
            replacement.as_deref(),
            Some("User-agent: Kimengi/nineconnections.com\nDisallow: /")
        );
        assert!(message.english().contains("as `Kimengi`"), "{message}");
        assert_eq!(name_finding(3).0, Code::AgentTokenCut);
        assert_eq!(
            name_finding(3).1.as_deref(),
            Some("User-agent: LexxeBot/1.0\ndisallow:/")
        );
        // A version alone is still only a note, and its text names the readers that differ.
        let (code, _, _) = name_finding(4);
        assert_eq!(code, Code::UserAgentExtraText);
        let why = &found.iter().find(|f| f.line == 4).unwrap().why;
        assert!(why.english().contains("Python's robotparser"), "{why}");
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
    fn a_whole_user_agent_header_and_its_short_forms_are_one_cause() {
        // explore.openaire.eu in the real corpus: Google reads every line as `mozilla`, which
        // RL309 says on each line; no second finding calls them repeats.
        let input = "User-agent: Mozilla/4.0 (compatible; BullsEye; Windows 95)\n\
                     User-agent: mozilla/4\nUser-agent: MOZILLA/4\nDisallow: /\n";
        assert!(with_code(input, Code::RepeatedUserAgent).is_empty());
        assert_eq!(with_code(input, Code::AgentTokenCut).len(), 3);
    }

    #[test]
    fn a_version_in_a_user_agent_value_is_a_note_that_names_the_readers_it_fails() {
        let input = "User-agent: Googlebot/2.1\nDisallow: /private/\n";
        let found = with_code(input, Code::UserAgentExtraText);
        assert_eq!(found.len(), 1);
        // A note: the crawler the group names reads the product token.
        assert_eq!(found[0].severity, Severity::Info);
        let message = found[0].message.english();
        assert!(!message.starts_with("Only the product token"), "{message}");
        assert!(
            message.contains("reads `Googlebot/2.1` as `Googlebot`"),
            "{message}"
        );
        assert!(
            message.contains("Python's robotparser (≤ 3.12) and the 1994 convention"),
            "{message}"
        );
        // What the message says is what the profiles answer.
        assert_eq!(
            allowed_by_profile(
                input,
                "Googlebot",
                "/private/x",
                crate::profile::AgentMatch::Token
            ),
            [false, false, true, true]
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
    fn blank_lines_inside_groups_are_warnings_with_the_right_story() {
        let input = "User-agent: a\n\nUser-agent: b\n\nDisallow: /x\n\nDisallow: /y\n\n\
            User-agent: c\nDisallow: /z\n";
        let found = with_code(input, Code::BlankLineInGroup);
        assert_eq!(found.iter().map(|f| f.line).collect::<Vec<_>>(), [2, 4, 6]);
        assert!(found[0].message.english().contains("they are one group"));
        assert!(found[1].message.english().contains("from their first rule"));
        assert!(found[2].message.english().contains("splits the rules"));
    }

    /// The pattern matches `named-group-ignores-star` makes on `input`.
    fn judge_work(input: &str) -> usize {
        let robots = crate::robots::RobotsTxt::parse(input.as_bytes());
        let cx = super::super::Context::new(&robots);
        let mut work = 0;
        super::named_groups_ignore_star_counting(&cx, &mut Vec::new(), &mut work);
        work
    }

    #[test]
    fn judging_many_star_rules_for_many_named_groups_costs_the_size_of_the_file() {
        // The shape of a real 110 KB file that took 0.7 s: 1,500 `*` rules and a few dozen
        // crawlers shut out with `Disallow: /`. Judged pair by pair it cost 1,500 × 1,500
        // matches per crawler; now a handful per `*` rule and crawler.
        let mut input = String::new();
        for bot in 0..40 {
            input.push_str(&format!("User-agent: bot{bot}x\nDisallow: /\n"));
        }
        input.push_str("User-agent: *\nAllow: /fs/pages/\n");
        for rule in 0..1500 {
            input.push_str(&format!("Disallow: /page-{rule}/\n"));
        }
        let rules = 40 + 1 + 1500;
        let work = judge_work(&input);
        assert!(work <= 4 * 40 * rules, "{work} matches for {rules} rules");
        // The same crawlers with an Allow of their own still cost a few matches per pair.
        let input = input.replace("Disallow: /\n", "Disallow: /\nAllow: /page-7/\n");
        let work = judge_work(&input);
        assert!(work <= 8 * 40 * rules, "{work} matches for {rules} rules");
    }

    #[test]
    fn a_file_built_to_be_quadratic_stops_at_the_budget() {
        // Every `*` Disallow contested by as many `*` Allow rules of the same length, for a
        // crawler with no rules: answering each path with the whole group would cost
        // 3,000 × 3,000 matches.
        let mut input = String::from("User-agent: *\n");
        for rule in 0..1500 {
            input.push_str(&format!("Allow: /*{rule:04}\nDisallow: /a{rule:04}\n"));
        }
        input.push_str("User-agent: slowbot\nDisallow: /zzz\n");
        let work = judge_work(&input);
        assert!(work > 1500, "the check ran: {work}");
        assert!(work <= super::JUDGE_BUDGET + 2 * 3000, "{work}");
    }

    #[test]
    fn an_allow_list_releases_the_crawlers_it_names_on_purpose() {
        // `*` is shut out and the welcome crawlers get their own rules (or only a delay): the
        // release is the point of the file.
        let input = "User-agent: *\nDisallow: /\nDisallow: /cgi-bin/\n\n\
                     User-agent: Googlebot\nDisallow: /search\n\n\
                     User-agent: Bingbot\nCrawl-delay: 5\n";
        assert!(with_code(input, Code::NamedGroupIgnoresStar).is_empty());
        // The same crawlers against a `*` group that leaves the site open lose its rules.
        let open = input.replace("Disallow: /\nDisallow: /cgi-bin/", "Disallow: /cgi-bin/");
        assert_eq!(with_code(&open, Code::NamedGroupIgnoresStar).len(), 2);
    }
}
