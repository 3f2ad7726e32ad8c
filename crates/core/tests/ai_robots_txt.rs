//! The crawler catalogue checked against the community list of AI agents,
//! `../shared/reference/ai-robots-txt-robots.json` (ai-robots-txt/ai.robots.txt).
//!
//! Every agent of that list whose entry links a page of its operator that documents it (a link
//! with a path in `operator`, or a `respect` link on the operator's own domain) must be in the
//! catalogue, be a known retired token, or be listed below with the reason it is not. The list
//! is free text written by contributors, so it is a source to check against, never an authority:
//! each catalogued claim cites its sources. Without the reference file the test fails (see
//! `inputs`), as the Google reference test does.

mod inputs;

use std::collections::BTreeMap;

use robots_lens::{crawlers, find_crawler, find_retired, retired_tokens, Purpose};
use serde::Deserialize;

#[derive(Deserialize)]
struct Agent {
    operator: String,
    respect: String,
}

/// Agents with a documented operator page that the catalogue leaves out, and why.
const LEFT_OUT: &[(&str, &str)] = &[
    (
        "AI2Bot",
        "not a product token: the digit ends it, Google reads `AI`",
    ),
    (
        "Ai2Bot-Dolma",
        "not a product token: the digit ends it, Google reads `Ai`",
    ),
    (
        "panscient.com",
        "not a product token; Panscient is catalogued",
    ),
    ("Lightpanda", "a browser anyone can run, with no operator"),
    (
        "img2dataset",
        "not a product token (the digit ends it), and a tool anyone runs",
    ),
    (
        "YandexAdditional",
        "its fallback chain among Yandex's groups is not documented",
    ),
    (
        "YandexAdditionalBot",
        "its fallback chain among Yandex's groups is not documented",
    ),
];

/// The URLs of the Markdown links in `text`.
fn links(text: &str) -> Vec<&str> {
    text.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &text[at + 2..];
            rest.find(')').map(|end| &rest[..end])
        })
        .filter(|url| url.starts_with("http"))
        .collect()
}

fn host(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    rest.split(['/', '?', '#']).next().unwrap_or_default()
}

fn path(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    rest.find('/').map_or("", |at| rest[at..].trim_matches('/'))
}

/// `example.com` for `www.docs.example.com`.
fn domain(host: &str) -> String {
    let labels: Vec<&str> = host.split('.').collect();
    labels[labels.len().saturating_sub(2)..].join(".")
}

fn documented(agent: &Agent) -> bool {
    let Some(operator) = links(&agent.operator).first().copied() else {
        return false;
    };
    !path(operator).is_empty()
        || links(&agent.respect)
            .iter()
            .any(|url| domain(host(url)) == domain(host(operator)))
}

#[test]
fn every_documented_ai_agent_is_catalogued() {
    let Some(path) = inputs::shared_path(
        "reference/ai-robots-txt-robots.json",
        "the ai.robots.txt check",
    ) else {
        return;
    };
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    let agents: BTreeMap<String, Agent> = serde_json::from_str(&text).unwrap();
    assert!(agents.len() > 100, "the reference list is complete");
    let mut missing = Vec::new();
    for (name, agent) in &agents {
        if !documented(agent) || LEFT_OUT.iter().any(|(left, _)| left == name) {
            continue;
        }
        if find_crawler(name).is_none() && find_retired(name).is_none() {
            missing.push(name.as_str());
        }
    }
    assert!(
        missing.is_empty(),
        "documented AI agents missing from the catalogue: {missing:?}"
    );
    for (name, _) in LEFT_OUT {
        assert!(
            agents.contains_key(*name),
            "{name} is no longer in the list: drop it from LEFT_OUT"
        );
        assert!(
            find_crawler(name).is_none(),
            "{name} is catalogued: drop it from LEFT_OUT"
        );
    }
}

#[test]
fn tokens_that_never_fetch_are_labelled_so() {
    for name in ["Google-Extended", "Applebot-Extended"] {
        let crawler = find_crawler(name).unwrap();
        assert!(crawler.token_only, "{name} never fetches");
        assert!(
            crawler.user_agent.is_none(),
            "{name} has no user agent string"
        );
        assert_eq!(crawler.purpose, Purpose::AiTraining);
    }
}

#[test]
fn retired_tokens_name_their_replacements() {
    let anthropic = find_retired("ANTHROPIC-AI").unwrap();
    assert_eq!(anthropic.replaced_by, ["ClaudeBot"]);
    let web = find_retired("Claude-Web").unwrap();
    assert!(web.replaced_by.contains(&"Claude-User"));
    for retired in retired_tokens() {
        assert!(
            find_crawler(retired.token).is_none(),
            "{} is retired",
            retired.token
        );
        for name in retired.replaced_by {
            assert!(
                find_crawler(name).is_some(),
                "{name} replaces {}",
                retired.token
            );
        }
        assert!(!retired.sources.is_empty());
    }
    assert!(crawlers().len() >= 50);
}

#[test]
fn the_ai_summary_counts_each_kind_by_its_verdict() {
    use robots_lens::{ai_summary, FetchStatus, Profile, RobotsTxt};
    let robots = RobotsTxt::parse(
        b"User-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: Google-Extended\nDisallow: /\n\n\
          User-agent: OAI-SearchBot\nDisallow: /\n",
    );
    let rows = robots
        .checker(Profile::Rfc9309)
        .ask_crawler_table("/", &FetchStatus::ok())
        .unwrap();
    let summary = ai_summary(&rows);
    let count = |purpose| crawlers().iter().filter(|c| c.purpose == purpose).count();
    assert_eq!(summary.training.total, count(Purpose::AiTraining));
    assert_eq!(summary.training.blocked(), 3);
    assert_eq!(summary.answers.total, count(Purpose::AiSearch));
    assert_eq!(summary.answers.blocked(), 1);
    assert_eq!(
        summary.user_triggered.allowed,
        count(Purpose::UserTriggered)
    );
}
