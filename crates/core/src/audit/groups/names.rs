//! Names no crawler follows: a token its operator retired (RL314), and a name that is no
//! crawler's token but means catalogued crawlers (RL317): their operator (`OpenAI`,
//! `Anthropic`), their product (`ChatGPT`, `Claude`), an operator's AI (`Google-AI`), or a
//! token written with other separators (`googlebot_news`). Every fact is the catalogue's.

use super::{crawler_of, written_agent_name, BROWSER_TOKEN};
use crate::audit::evidence::{Edit, Intent};
use crate::audit::{Code, Context, Finding};
use crate::catalogue::{crawlers, find_crawler, find_retired, Crawler, Purpose};
use crate::matcher::GroupSelection;
use crate::message::{Message, MessageId as M, Value};
use crate::profile::Profile;
use crate::verdict::ChainStep;

/// A group for a token its operator retired (the catalogue's `retired` list), when no group
/// names the crawlers that replaced it and they do not read its groups already.
pub(super) fn retired_tokens(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let named = |token: &str| {
        cx.agents
            .iter()
            .any(|agent| agent.token.eq_ignore_ascii_case(token))
    };
    let mut checker = None;
    for agent in &cx.agents {
        let Some(retired) = find_retired(&agent.token) else {
            continue;
        };
        let crawlers: Vec<&Crawler> = retired
            .replaced_by
            .iter()
            .filter_map(|name| find_crawler(name))
            .collect();
        let successors: Vec<&str> = crawlers
            .iter()
            .filter_map(|crawler| crawler.tokens.first().copied())
            .collect();
        // A file that names one of the current tokens has moved on already.
        if successors.is_empty() || successors.iter().any(|token| named(token)) {
            continue;
        }
        // The current crawlers read the token's groups already (they also name `*`, which
        // they fall back to): its rules do reach them, and naming them adds nothing.
        let checker = checker.get_or_insert_with(|| cx.robots.checker(Profile::Google));
        let reads_its_groups = |crawler: &&Crawler| {
            let read = checker.select_groups(GroupSelection::Chain(crawler.chain), false);
            agent
                .groups
                .iter()
                .all(|&group| read.groups.iter().any(|found| found.index == group))
        };
        if crawlers.iter().all(reads_its_groups) {
            continue;
        }
        let missing: Vec<Value> = successors.iter().map(|token| Value::code(token)).collect();
        let lines: Vec<String> = successors
            .iter()
            .map(|token| format!("User-agent: {token}"))
            .collect();
        let shown = lines.iter().map(|line| Value::code(line)).collect();
        // The group was evidently meant for the operator's crawler: it names the current ones.
        let intent = Intent::fix(vec![Edit::insert(agent.lines[0], lines.join("\n"))]);
        out.push(
            Finding::new(
                Code::RetiredAgentToken,
                agent.lines[0],
                Message::new(M::RetiredAgentToken)
                    .code("token", &agent.token)
                    .list("successors", missing),
                M::RetiredAgentTokenWhy,
                Message::new(M::RetiredAgentTokenFix).list("lines", shown),
            )
            .with_intent(Some(intent)),
        );
    }
}

/// Names no crawler follows that mean catalogued crawlers. Returns the user-agent lines
/// reported: nobody escapes `*` through such a name, so `named-group-ignores-star` leaves them
/// to this finding.
pub(super) fn unfollowed_names(cx: &Context<'_>, out: &mut Vec<Finding>) -> Vec<usize> {
    let named = |crawler: &Crawler| {
        cx.agents.iter().any(|agent| {
            crawler
                .tokens
                .iter()
                .any(|token| token.eq_ignore_ascii_case(&agent.token))
        })
    };
    let mut reported = Vec::new();
    for agent in &cx.agents {
        let line = agent.lines[0];
        // A name Google reads shorter (`Google Favicon` as `Google`) is `agent-token-cut`'s.
        let written = written_agent_name(cx, line);
        if !written.eq_ignore_ascii_case(&agent.token)
            || agent.token.eq_ignore_ascii_case(BROWSER_TOKEN)
            || crawler_of(&agent.token).is_some()
            || find_retired(&agent.token).is_some()
        {
            continue;
        }
        // A file that names one of the crawlers meant knows their tokens: the name beside
        // them is a spare, not the group's only way to reach them.
        let meant = meant_crawlers(&agent.token);
        if meant.is_empty() || meant.iter().any(|crawler| named(crawler)) {
            continue;
        }
        reported.extend(agent.lines.iter().copied());
        // A group without a rule says nothing the crawlers meant should obey (a file cut after
        // the user-agent line): naming them would only free them from `*`, which is no evidence
        // of what was meant. The empty group is `group-without-rules`' finding.
        let has_rules = agent.groups.iter().any(|&g| !cx.group(g).rules.is_empty());
        out.push(unfollowed_finding(
            agent.token.as_str(),
            line,
            &meant,
            has_rules,
        ));
    }
    reported
}

fn unfollowed_finding(name: &str, line: usize, meant: &[&Crawler], has_rules: bool) -> Finding {
    let tokens: Vec<&str> = meant.iter().map(|crawler| crawler.tokens[0]).collect();
    let lines: Vec<String> = tokens
        .iter()
        .map(|token| format!("User-agent: {token}"))
        .collect();
    let id = if tokens.len() == 1 {
        M::UnfollowedNameOne
    } else {
        M::UnfollowedName
    };
    // The group was evidently written for those crawlers: it names them.
    let intent = has_rules.then(|| Intent::fix(vec![Edit::insert(line, lines.join("\n"))]));
    Finding::new(
        Code::UnfollowedName,
        line,
        Message::new(id).code("name", name).list(
            "tokens",
            tokens.iter().map(|token| Value::code(token)).collect(),
        ),
        M::UnfollowedNameWhy,
        Message::new(M::UnfollowedNameFix).list(
            "lines",
            lines.iter().map(|line| Value::code(line)).collect(),
        ),
    )
    .with_intent(intent)
}

/// The catalogued crawlers a name no crawler goes by means, by the first of these that gives
/// any:
///
/// 1. a token with other separators or letter case (`googlebot_news`: Googlebot-News);
/// 2. the start of tokens, the rest a crawler's suffix (`Bing`: bingbot; `Claude`: ClaudeBot);
/// 3. the start of tokens, the rest after a separator (`ChatGPT`: ChatGPT-User);
/// 4. an operator's name (`OpenAI`: GPTBot, OAI-SearchBot, ChatGPT-User);
/// 5. an operator's name and `AI` (`Google-AI`: Google-Extended, Google-CloudVertexBot): its
///    crawlers that train or answer AI models (not the fetches its users ask for, such as a
///    feed reader's).
///
/// A crawler that falls back to another one meant (Googlebot-Image to Googlebot) is left out:
/// naming the other already names it. Names under three letters mean nothing.
fn meant_crawlers(name: &str) -> Vec<&'static Crawler> {
    let wanted = letters(name);
    if wanted.len() < 3 {
        return Vec::new();
    }
    // Compared without a string made per token: a file naming hundreds of crawlers asks this
    // for each name, of every token of the catalogue. `to_ascii_lowercase` keeps byte
    // lengths, so the name is a prefix of a token's lower case where it is one of the token's
    // first octets, ignoring ASCII case.
    let rest = |token: &'static str| -> Option<&'static str> {
        token
            .get(..name.len())
            .filter(|head| head.eq_ignore_ascii_case(name))
            .map(|_| &token[name.len()..])
    };
    let rules: [&dyn Fn(&Crawler) -> bool; 5] = [
        &|crawler| {
            crawler
                .tokens
                .iter()
                .any(|token| letters_are(token, &wanted))
        },
        &|crawler| {
            crawler.tokens.iter().any(|token| {
                rest(token).is_some_and(|rest| {
                    ["bot", "spider", "crawler"]
                        .iter()
                        .any(|word| rest.eq_ignore_ascii_case(word))
                })
            })
        },
        &|crawler| {
            crawler
                .tokens
                .iter()
                .any(|token| rest(token).is_some_and(|rest| rest.starts_with(['-', '_'])))
        },
        &|crawler| letters_are(crawler.operator, &wanted),
        &|crawler| {
            wanted.strip_suffix("ai").is_some_and(|operator| {
                letters_are(crawler.operator, operator)
                    && matches!(crawler.purpose, Purpose::AiTraining | Purpose::AiSearch)
            })
        },
    ];
    for rule in rules {
        let found: Vec<&Crawler> = crawlers().iter().filter(|crawler| rule(crawler)).collect();
        if found.is_empty() {
            continue;
        }
        return found
            .iter()
            .copied()
            .filter(|crawler| !falls_back_to_any(crawler, &found))
            .collect();
    }
    Vec::new()
}

/// Whether `crawler` falls back to the group of another crawler of `others` before `*`.
fn falls_back_to_any(crawler: &Crawler, others: &[&Crawler]) -> bool {
    crawler.chain.iter().any(|step| match step {
        ChainStep::Token(token) => {
            !crawler.tokens.contains(token)
                && others
                    .iter()
                    .any(|other| other.tokens.iter().any(|t| t.eq_ignore_ascii_case(token)))
        }
        ChainStep::Star => false,
    })
}

/// A name's letters and digits, in lower case: names that differ only in separators, marks and
/// letter case (`googlebot_news`, `Googlebot News`, `Googlebot-News`) give the same.
pub(super) fn letters(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Whether `name`'s [`letters`] are `wanted`, without making them.
fn letters_are(name: &str, wanted: &str) -> bool {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .eq(wanted.chars())
}

#[cfg(test)]
mod tests {
    use super::meant_crawlers;
    use crate::audit::test_support::*;
    use crate::audit::Code;
    use crate::audit::{FixCheck, Severity};

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

    fn meant(name: &str) -> Vec<&'static str> {
        meant_crawlers(name).iter().map(|c| c.tokens[0]).collect()
    }

    #[test]
    fn brands_products_and_operators_mean_the_catalogues_crawlers() {
        assert_eq!(meant("OpenAI"), ["GPTBot", "OAI-SearchBot", "ChatGPT-User"]);
        assert_eq!(
            meant("Anthropic"),
            ["ClaudeBot", "Claude-User", "Claude-SearchBot"]
        );
        assert_eq!(meant("ChatGPT"), ["ChatGPT-User"]);
        assert_eq!(meant("Claude"), ["ClaudeBot"]);
        assert_eq!(
            meant("Google-AI"),
            ["Google-Extended", "Google-CloudVertexBot"]
        );
        assert_eq!(meant("googlebot_news"), ["Googlebot-News"]);
        assert_eq!(meant("Bing"), ["bingbot"]);
        // Google's sub-crawlers fall back to Googlebot: naming Googlebot names them.
        assert_eq!(meant("Google"), ["Googlebot"]);
        assert!(meant("CC").is_empty());
        assert!(meant("Wget").is_empty());
    }

    #[test]
    fn a_name_no_crawler_follows_is_evidenced_by_the_crawlers_it_means() {
        let input = "User-agent: OpenAI\nDisallow: /\n\nUser-agent: *\nDisallow: /admin/\n";
        let found = with_code(input, Code::UnfollowedName);
        assert_eq!(found[0].severity, Severity::Error);
        assert_eq!(found[0].fix_check, FixCheck::Checked);
        assert!(found[0]
            .effect
            .iter()
            .any(|e| e.agent == "GPTBot" && e.url == "/" && e.allowed));
        // A file that names a crawler meant knows the tokens; the browser token means browsers;
        // a name Google reads shorter is `agent-token-cut`'s.
        for quiet in [
            "User-agent: OpenAI\nUser-agent: GPTBot\nDisallow: /\n",
            "User-agent: Mozilla\nDisallow: /\n",
            "User-agent: Google Favicon\nDisallow: /\n",
        ] {
            assert!(with_code(quiet, Code::UnfollowedName).is_empty(), "{quiet}");
        }
        // A group left without a rule (a file cut after its last user-agent line) says nothing
        // the crawler meant should obey: the name is told, as a note with no evidence.
        let cut = "User-agent: *\nDisallow: /admin/\nUser-agent: psbot\nDisallow: /\n\
                   User-agent: OpenAI\n";
        let found = with_code(cut, Code::UnfollowedName);
        assert_eq!(found[0].severity, Severity::Info);
        assert!(found[0].effect.is_empty());
    }

    #[test]
    fn a_welcome_under_a_product_name_is_evidenced_too() {
        // The group opens what `*` closes, for a crawler that never reads it.
        let input = "User-agent: Googlebot\nUser-agent: ChatGPT\nDisallow: /live/\n\n\
                     User-agent: *\nDisallow: /\n";
        let found = with_code(input, Code::UnfollowedName);
        assert_eq!(found[0].severity, Severity::Error);
        assert!(found[0]
            .effect
            .iter()
            .any(|e| e.agent == "ChatGPT-User" && !e.allowed && e.intended));
    }

    #[test]
    fn retired_tokens_and_their_successors_are_the_catalogues() {
        let input = "User-agent: ClaudeBot\nUser-agent: Claude-Web\nDisallow: /\n";
        let found = with_code(input, Code::RetiredAgentToken);
        assert_eq!(found.len(), 1);
        assert!(found[0]
            .message
            .english()
            .contains("`Claude-User` and `Claude-SearchBot`"));
        assert_eq!(found[0].severity, Severity::Error);
        assert_eq!(found[0].fix_check, FixCheck::Checked);
        for retired in crate::catalogue::retired_tokens() {
            let input = format!("User-agent: {}\nDisallow: /\n", retired.token);
            assert_eq!(
                with_code(&input, Code::RetiredAgentToken).len(),
                1,
                "{}",
                retired.token
            );
        }
    }
}
