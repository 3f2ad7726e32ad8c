//! The crawler catalogue, its fallback chains, the all-crawlers table and fetch statuses.
//!
//! Tests are tagged by provenance in their names: `rfc_` for RFC 9309, `google_` for Google's
//! documentation, `apple_`, `bing_`, `yandex_` for those operators' documented fallbacks.

use robots_lens::{
    crawlers, find_crawler, recognise_crawler, sources, status_effect, status_handling, Access,
    AgentMatch, Checker, CrawlDelay, Crawler, FetchStatus, Profile, Purpose, Question, Reason,
    RobotsTxt, RobotsTxtCompliance, StatusClass, StatusEffect, UrlReading, Verdict,
};

#[allow(dead_code)]
#[path = "../build.rs"]
mod build_script;

fn crawler(name: &str) -> &'static Crawler {
    find_crawler(name).unwrap_or_else(|| panic!("{name} is catalogued"))
}

fn verdict(robots: &str, name: &str, url: &str) -> Verdict {
    let question = Question::crawler(crawler(name), url).reading(UrlReading::RequestLine);
    RobotsTxt::parse(robots.as_bytes())
        .checker(Profile::Google)
        .ask_verdict(&question)
        .unwrap()
}

/// `agent`'s verdict for `url` (as Google's library reads it), the file served with `status`.
fn agent_verdict(checker: &Checker<'_>, agent: &str, url: &str, status: &FetchStatus) -> Verdict {
    let question = Question::agent(agent, url)
        .agent_match(AgentMatch::Token)
        .status(*status)
        .reading(UrlReading::RequestLine);
    checker.ask_verdict(&question).unwrap()
}

/// The token whose groups applied: `Some("*")` for the star groups, `None` for no group.
fn used(verdict: &Verdict) -> Option<String> {
    if verdict.used_star_group {
        return Some("*".to_owned());
    }
    verdict
        .chain_step
        .as_ref()
        .and_then(|step| step.token.clone())
}

// ---------------------------------------------------------------------------------------------
// Fallback chains

#[test]
fn google_image_video_and_news_follow_the_googlebot_group_when_they_have_none() {
    let robots = "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /private/\n";
    for name in ["Googlebot-Image", "Googlebot-Video", "Googlebot-News"] {
        let blocked = verdict(robots, name, "/private/a.png");
        assert!(!blocked.allowed, "{name}");
        assert_eq!(used(&blocked).as_deref(), Some("Googlebot"), "{name}");
        let step = blocked.chain_step.as_ref().unwrap();
        assert!(step.fallback, "{name}");
        assert_eq!(step.index, 1);
        assert_eq!(blocked.groups.len(), 1);
        assert_eq!(blocked.groups[0].matched_agent_lines, [4]);
        assert_eq!(blocked.decisive.as_ref().unwrap().line, 5);
        // Not the `*` group: the Googlebot group allows everything else.
        assert!(verdict(robots, name, "/public/a.png").allowed, "{name}");
    }
}

#[test]
fn google_a_crawlers_own_group_beats_the_googlebot_group() {
    let robots =
        "User-agent: Googlebot\nDisallow: /\n\nUser-agent: Googlebot-Image\nDisallow: /raw/\n";
    let own = verdict(robots, "Googlebot-Image", "/photos/cat.png");
    assert!(own.allowed);
    assert_eq!(used(&own).as_deref(), Some("Googlebot-Image"));
    let step = own.chain_step.unwrap();
    assert!(!step.fallback);
    assert_eq!(step.index, 0);
    assert!(!verdict(robots, "Googlebot-Image", "/raw/cat.png").allowed);
    assert!(!verdict(robots, "Googlebot", "/photos/cat.png").allowed);
}

#[test]
fn rfc_without_any_named_group_the_star_groups_apply() {
    let robots = "User-agent: *\nDisallow: /tmp/\n";
    let image = verdict(robots, "Googlebot-Image", "/tmp/x");
    assert!(!image.allowed);
    assert!(image.used_star_group);
    let step = image.chain_step.unwrap();
    assert_eq!((step.index, step.token, step.fallback), (2, None, false));
    let gpt = verdict(robots, "GPTBot", "/tmp/x");
    assert!(!gpt.allowed);
    assert!(gpt.used_star_group);
    assert_eq!(gpt.agent, "GPTBot");
    assert_eq!(gpt.agent_match, AgentMatch::Token);
}

#[test]
fn rfc_groups_of_the_winning_step_merge() {
    let robots = "User-agent: Googlebot\nDisallow: /a\n\nUser-agent: bingbot\nDisallow: /\n\n\
                  User-agent: googlebot\nAllow: /a/public\n";
    let merged = verdict(robots, "Googlebot-Video", "/a/public/v.mp4");
    assert!(merged.allowed);
    assert_eq!(merged.groups.len(), 2);
    assert_eq!(merged.decisive.unwrap().line, 8);
    assert!(!verdict(robots, "Googlebot-Video", "/a/private").allowed);
}

#[test]
fn google_adsbot_ignores_the_star_group() {
    let robots = "User-agent: *\nDisallow: /\n";
    for name in [
        "AdsBot-Google",
        "AdsBot-Google-Mobile",
        "Mediapartners-Google",
    ] {
        let ads = verdict(robots, name, "/landing");
        assert!(ads.allowed, "{name}");
        assert_eq!(ads.reason, Reason::NoGroupApplies);
        assert!(ads.groups.is_empty());
        assert!(ads.chain_step.is_none());
    }
    let named = "User-agent: *\nDisallow: /\n\nUser-agent: AdsBot-Google\nDisallow: /checkout\n";
    assert!(verdict(named, "AdsBot-Google", "/landing").allowed);
    assert!(!verdict(named, "AdsBot-Google", "/checkout").allowed);
    // The Googlebot group is not AdsBot's either.
    let googlebot = "User-agent: Googlebot\nDisallow: /\n";
    assert!(verdict(googlebot, "AdsBot-Google", "/landing").allowed);
}

#[test]
fn apple_applebot_follows_googlebot_when_it_has_no_group() {
    let robots = "User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /search\n";
    let apple = verdict(robots, "Applebot", "/search?q=x");
    assert!(!apple.allowed);
    assert_eq!(used(&apple).as_deref(), Some("Googlebot"));
    assert!(apple.chain_step.unwrap().fallback);

    let own =
        "User-agent: Googlebot\nDisallow: /search\n\nUser-agent: Applebot\nDisallow: /private\n";
    let apple = verdict(own, "Applebot", "/search?q=x");
    assert!(apple.allowed);
    assert_eq!(used(&apple).as_deref(), Some("Applebot"));

    // Applebot-Extended documents no such fallback.
    let extended = verdict(robots, "Applebot-Extended", "/search");
    assert!(extended.allowed);
    assert!(extended.used_star_group);
}

#[test]
fn bing_bingbot_obeys_an_msnbot_group_when_it_has_none() {
    let robots = "User-agent: *\nDisallow: /\n\nUser-agent: msnbot\nDisallow: /old/\n";
    let bing = verdict(robots, "Bingbot", "/new/");
    assert!(bing.allowed);
    assert_eq!(used(&bing).as_deref(), Some("msnbot"));
    assert!(bing.chain_step.unwrap().fallback);
    assert!(!verdict(robots, "Bingbot", "/old/x").allowed);

    let both = "User-agent: msnbot\nDisallow: /old/\n\nUser-agent: BingBot\nDisallow: /new/\n";
    assert!(verdict(both, "bingbot", "/old/x").allowed);
    assert!(!verdict(both, "bingbot", "/new/x").allowed);

    let star_only = "User-agent: *\nDisallow: /private\n";
    let bing = verdict(star_only, "Bingbot", "/private");
    assert!(!bing.allowed);
    assert!(bing.used_star_group);
}

#[test]
fn yandex_robots_obey_the_yandex_group_and_then_ignore_star() {
    let yandex_group = "User-agent: *\nDisallow: /\n\nUser-agent: Yandex\nDisallow: /admin\n";
    let bot = verdict(yandex_group, "YandexBot", "/catalog");
    assert!(bot.allowed, "a Yandex group exists, so * no longer applies");
    assert_eq!(used(&bot).as_deref(), Some("Yandex"));
    assert!(bot.chain_step.unwrap().fallback);
    assert!(!verdict(yandex_group, "YandexBot", "/admin").allowed);
    let family = verdict(yandex_group, "Yandex", "/catalog");
    assert!(family.allowed);
    assert!(!family.chain_step.unwrap().fallback);

    let bot_group = "User-agent: Yandex\nDisallow: /\n\nUser-agent: YandexBot\nDisallow: /admin\n";
    let bot = verdict(bot_group, "YandexBot", "/catalog");
    assert!(
        bot.allowed,
        "the YandexBot group overrides the Yandex group"
    );
    assert_eq!(used(&bot).as_deref(), Some("YandexBot"));
    assert!(!verdict(bot_group, "Yandex", "/catalog").allowed);

    let star_only = "User-agent: *\nDisallow: /\n";
    let bot = verdict(star_only, "YandexBot", "/catalog");
    assert!(!bot.allowed);
    assert!(bot.used_star_group);
}

#[test]
fn rfc_chain_steps_compare_product_tokens_not_substrings() {
    // `Googlebot-Image` is not a `Googlebot` group, nor the reverse.
    let robots = "User-agent: Googlebot-Image\nDisallow: /\n";
    let googlebot = verdict(robots, "Googlebot", "/x");
    assert!(googlebot.allowed);
    assert_eq!(googlebot.reason, Reason::NoGroupApplies);
    // A user-agent value is reduced to its product token, as Google reads it.
    let versioned = "User-agent: GPTBot/1.2\nDisallow: /\n";
    assert!(!verdict(versioned, "GPTBot", "/x").allowed);
}

#[test]
fn token_only_and_user_triggered_crawlers_still_get_the_files_verdict() {
    let robots =
        "User-agent: Google-Extended\nDisallow: /\n\nUser-agent: ChatGPT-User\nDisallow: /\n";
    let extended = crawler("Google-Extended");
    assert!(extended.token_only);
    assert!(extended.user_agent.is_none());
    assert!(!verdict(robots, "Google-Extended", "/article").allowed);
    assert!(verdict(robots, "Googlebot", "/article").allowed);

    let user = crawler("ChatGPT-User");
    assert_eq!(user.purpose, Purpose::UserTriggered);
    assert_eq!(user.robots_txt, RobotsTxtCompliance::MayIgnore);
    assert!(!verdict(robots, "ChatGPT-User", "/article").allowed);
}

// ---------------------------------------------------------------------------------------------
// The catalogue

#[test]
fn the_catalogue_holds_every_crawler_the_issue_names() {
    for name in [
        "Googlebot",
        "Googlebot-Image",
        "Googlebot-News",
        "Googlebot-Video",
        "Storebot-Google",
        "Google-Extended",
        "AdsBot-Google",
        "Bingbot",
        "Applebot",
        "Applebot-Extended",
        "DuckDuckBot",
        "YandexBot",
        "Yandex",
        "Baiduspider",
        "GPTBot",
        "OAI-SearchBot",
        "ChatGPT-User",
        "ClaudeBot",
        "Claude-User",
        "Claude-SearchBot",
        "PerplexityBot",
        "Perplexity-User",
        "CCBot",
        "Bytespider",
        "Amazonbot",
        "meta-externalagent",
        "FacebookBot",
        "Diffbot",
        "ia_archiver",
        "AhrefsBot",
        "SemrushBot",
    ] {
        let found = find_crawler(name).unwrap_or_else(|| panic!("{name} is missing"));
        assert_eq!(found.name, name);
    }
}

#[test]
fn the_compiled_catalogue_is_consistent() {
    let mut names = std::collections::HashSet::new();
    let mut tokens = std::collections::HashMap::new();
    for crawler in crawlers() {
        assert!(
            names.insert(crawler.name.to_ascii_lowercase()),
            "{}",
            crawler.name
        );
        assert!(!crawler.tokens.is_empty(), "{}", crawler.name);
        for token in crawler.tokens {
            assert!(!token.is_empty());
            assert!(tokens
                .insert(token.to_ascii_lowercase(), crawler.name)
                .is_none());
        }
    }
    for crawler in crawlers() {
        let first = crawler.chain[0]
            .token()
            .expect("a chain starts with a token");
        assert!(crawler.tokens.contains(&first), "{}", crawler.name);
        for step in crawler.chain {
            if let Some(token) = step.token() {
                assert!(
                    tokens.contains_key(&token.to_ascii_lowercase()),
                    "{}",
                    crawler.name
                );
            }
        }
        let claims = [
            ("purpose", crawler.sources().purpose, true),
            ("tokens", crawler.sources().tokens, true),
            ("chain", crawler.sources().chain, true),
            (
                "user_agent",
                crawler.sources().user_agent,
                crawler.user_agent.is_some(),
            ),
            (
                "crawl_delay",
                crawler.sources().crawl_delay,
                crawler.crawl_delay != CrawlDelay::Unknown,
            ),
            (
                "robots_txt",
                crawler.sources().robots_txt,
                crawler.robots_txt != RobotsTxtCompliance::Unknown,
            ),
        ];
        for (claim, cited, required) in claims {
            assert!(!required || !cited.is_empty(), "{}: {claim}", crawler.name);
            for source in cited {
                assert!(sources().contains(source), "{}: {claim}", crawler.name);
            }
        }
        assert_eq!(
            Purpose::from_id(crawler.purpose.id()),
            Some(crawler.purpose)
        );
    }
}

#[test]
fn every_example_user_agent_is_recognised_as_its_crawler() {
    let mut checked = 0;
    for crawler in crawlers() {
        let Some(user_agent) = crawler.user_agent else {
            continue;
        };
        let found = recognise_crawler(user_agent)
            .unwrap_or_else(|| panic!("{}: {user_agent} names nothing", crawler.name));
        assert_eq!(found.crawler.name, crawler.name, "{user_agent}");
        checked += 1;
    }
    assert!(checked >= 25, "only {checked} example user agents");
}

#[test]
fn recognition_prefers_the_longest_whole_token() {
    let ua = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
    let found = recognise_crawler(ua).unwrap();
    assert_eq!(found.crawler.name, "GPTBot");
    assert_eq!(&ua[found.start..found.start + found.token.len()], "GPTBot");

    assert_eq!(
        recognise_crawler("Googlebot-Image/1.0")
            .unwrap()
            .crawler
            .name,
        "Googlebot-Image"
    );
    assert_eq!(
        recognise_crawler("googlebot").unwrap().crawler.name,
        "Googlebot"
    );
    assert_eq!(
        recognise_crawler("msnbot/2.0b").unwrap().crawler.name,
        "Bingbot"
    );
    let both = "Mozilla/5.0 (compatible; Googlebot/2.1) AdsBot-Google-Mobile";
    assert_eq!(
        recognise_crawler(both).unwrap().crawler.name,
        "AdsBot-Google-Mobile"
    );
    // Tokens inside other words or URLs are not names.
    assert!(recognise_crawler("Mozilla/5.0 (+http://yandex.com/bots)").is_none());
    assert!(recognise_crawler("NotGooglebot/1.0").is_none());
    assert!(recognise_crawler("Googlebotty/1.0").is_none());
    assert!(recognise_crawler("").is_none());
}

#[test]
fn crawlers_are_found_by_name_or_token_in_any_case() {
    assert_eq!(find_crawler(" bingbot ").unwrap().name, "Bingbot");
    assert_eq!(find_crawler("MSNBOT").unwrap().name, "Bingbot");
    assert_eq!(
        find_crawler("Meta-ExternalAgent").unwrap().name,
        "meta-externalagent"
    );
    assert!(find_crawler("Slurp").is_none());
}

#[test]
fn the_shipped_catalogue_passes_the_build_validation() {
    let text = include_str!("../data/crawlers.json");
    let catalogue = build_script::validate(text).expect("valid");
    assert_eq!(catalogue.crawlers.len(), crawlers().len());
    let generated = build_script::generate(&catalogue);
    assert!(generated.contains("static CRAWLERS"));
}

/// The shipped catalogue with one edit applied to the crawler named `name`.
fn edited(name: &str, edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut value: serde_json::Value =
        serde_json::from_str(include_str!("../data/crawlers.json")).unwrap();
    let entry = value["crawlers"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|entry| entry["name"] == name)
        .unwrap();
    edit(entry);
    value.to_string()
}

fn problems(text: &str) -> String {
    build_script::validate(text)
        .expect_err("the edit makes the catalogue invalid")
        .join("\n")
}

#[test]
fn the_validation_refuses_broken_catalogues_with_a_clear_reason() {
    use serde_json::json;
    let cases: Vec<(String, &str)> = vec![
        (
            edited("GPTBot", |e| e["name"] = json!("ClaudeBot")),
            "crawler 'ClaudeBot' is listed twice",
        ),
        (
            edited("GPTBot", |e| e["tokens"] = json!([])),
            "crawler 'GPTBot' has no token",
        ),
        (
            edited("GPTBot", |e| e["tokens"] = json!(["GPTBot", ""])),
            "is not a product token",
        ),
        (
            edited("GPTBot", |e| e["tokens"] = json!(["GPTBot", "CCBot"])),
            "token 'CCBot' belongs to both",
        ),
        (
            edited("Applebot", |e| {
                e["chain"] = json!(["Applebot", "Gogglebot", "*"])
            }),
            "chain step 'Gogglebot' is neither '*' nor a catalogued token",
        ),
        (
            edited("Applebot", |e| e["chain"] = json!(["Googlebot", "*"])),
            "not with one of its own tokens",
        ),
        (
            edited("Applebot", |e| {
                e["chain"] = json!(["Applebot", "*", "Googlebot"])
            }),
            "'*' must be the chain's last step",
        ),
        (
            edited("Applebot", |e| e["chain"] = json!([])),
            "the chain is empty",
        ),
        (
            edited("GPTBot", |e| e["purpose"] = json!("training")),
            "purpose 'training' is not one of search, ai-training",
        ),
        (
            edited("GPTBot", |e| e["crawl_delay"] = json!("maybe")),
            "crawl_delay 'maybe' is not one of yes, no, unknown",
        ),
        (
            edited("GPTBot", |e| e["sources"]["chain"] = json!([])),
            "crawler 'GPTBot': the claim 'chain' has no source",
        ),
        (
            edited("ClaudeBot", |e| e["sources"]["crawl_delay"] = json!([])),
            "the claim 'crawl_delay' has no source",
        ),
        (
            edited("GPTBot", |e| {
                e["sources"]["tokens"] = json!(["openai-blog"])
            }),
            "cites an unknown source 'openai-blog'",
        ),
        (
            edited("GPTBot", |e| {
                e["user_agent"] = json!("Mozilla/5.0 (compatible; GPTBotX/1.0)")
            }),
            "would not be recognised",
        ),
        (
            edited("Google-Extended", |e| {
                e["user_agent"] = json!("Google-Extended/1.0")
            }),
            "a token-only crawler never fetches",
        ),
        (
            edited("GPTBot", |e| e["colour"] = json!("green")),
            "unknown field `colour`",
        ),
    ];
    for (text, expected) in cases {
        let problems = problems(&text);
        assert!(
            problems.contains(expected),
            "expected {expected:?} in:\n{problems}"
        );
    }
    // An unknown claim is fine where the value itself is "unknown".
    let unknown = edited("GPTBot", |e| {
        e["robots_txt"] = json!("unknown");
        e["sources"]["robots_txt"] = json!([]);
    });
    assert!(build_script::validate(&unknown).is_ok());
}

// ---------------------------------------------------------------------------------------------
// Whole-file summaries and the table

fn summary(robots: &str, name: &str, profile: Profile) -> robots_lens::FileSummary {
    RobotsTxt::parse(robots.as_bytes())
        .checker(profile)
        .summarise_chain(crawler(name).chain)
}

#[test]
fn a_disallow_of_every_path_blocks_everything_unless_an_allow_can_win() {
    for pattern in ["/", "*", "/*", "/*$", "*/"] {
        let robots = format!("User-agent: GPTBot\nDisallow: {pattern}\n");
        for profile in [Profile::Rfc9309, Profile::Google] {
            let s = summary(&robots, "GPTBot", profile);
            assert_eq!(s.access, Access::Nothing, "{pattern} {profile}");
            assert_eq!(s.blocking_line, Some(2));
            assert_eq!(s.to_string(), "blocked from everything");
        }
    }
    // An Allow at least as long as the universal Disallow wins somewhere.
    let opened = "User-agent: GPTBot\nDisallow: /\nAllow: /$\n";
    let s = summary(opened, "GPTBot", Profile::Google);
    assert_eq!(s.access, Access::Partial);
    assert_eq!(s.to_string(), "2 rules");
    assert!(verdict(opened, "GPTBot", "/").allowed);
    // A shorter Allow never wins against `/*` (length 2) ...
    let shorter = "User-agent: GPTBot\nDisallow: /*\nAllow: /\n";
    assert_eq!(
        summary(shorter, "GPTBot", Profile::Google).access,
        Access::Nothing
    );
    // ... and an Allow that cannot match a path (no leading / or *) never wins at all.
    let unmatchable = "User-agent: GPTBot\nDisallow: /\nAllow: public/\n";
    assert_eq!(
        summary(unmatchable, "GPTBot", Profile::Google).access,
        Access::Nothing
    );
    // Patterns that look universal but are not (`%2A` is a literal star under the RFC).
    for pattern in ["/$", "/a", "//", "/%2A"] {
        let robots = format!("User-agent: GPTBot\nDisallow: {pattern}\n");
        assert_eq!(
            summary(&robots, "GPTBot", Profile::Rfc9309).access,
            Access::Partial,
            "{pattern}"
        );
    }
}

#[test]
fn summaries_say_which_group_applies() {
    let robots = "User-agent: *\nDisallow: /tmp/\n\nUser-agent: Googlebot\nDisallow: /a\nDisallow: /b\nAllow: /a/c\n\n\
                  User-agent: GPTBot\nDisallow:\n";
    let google = summary(robots, "Googlebot", Profile::Google);
    assert_eq!(google.to_string(), "3 rules");
    assert_eq!(google.rules, 3);
    assert_eq!(
        summary(robots, "Googlebot-Image", Profile::Google).to_string(),
        "3 rules (no group of its own: follows Googlebot)"
    );
    assert_eq!(
        summary(robots, "CCBot", Profile::Google).to_string(),
        "1 rule (no group of its own: follows *)"
    );
    let gpt = summary(robots, "GPTBot", Profile::Google);
    assert_eq!(gpt.access, Access::Everything);
    assert_eq!(gpt.to_string(), "allowed everywhere");
    let ads = summary(robots, "AdsBot-Google", Profile::Google);
    assert_eq!(ads.access, Access::Everything);
    assert_eq!(ads.to_string(), "allowed everywhere (no group applies)");
}

#[test]
fn summaries_ignore_rules_past_the_size_limit() {
    let mut robots = String::from("User-agent: GPTBot\nDisallow: /a\n");
    while robots.len() < robots_lens::SIZE_LIMIT {
        robots.push_str("# padding padding padding padding padding padding padding padding\n");
    }
    robots.push_str("Disallow: /\n");
    let s = summary(&robots, "GPTBot", Profile::Google);
    assert_eq!(s.access, Access::Partial);
    assert_eq!(s.rules, 1);
}

#[test]
fn record_readers_summarise_from_their_own_records() {
    let robots = "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /public\nDisallow: /\n";
    for profile in [Profile::Python, Profile::Legacy1994] {
        let gpt = summary(robots, "GPTBot", profile);
        assert_eq!(gpt.access, Access::Nothing, "{profile}");
        assert_eq!(gpt.blocking_line, Some(2));
        let other = summary(robots, "CCBot", profile);
        assert!(other.used_star_group, "{profile}");
    }
    // First match: the Allow before `Disallow: /` opens /public for Python.
    assert_eq!(
        summary(robots, "CCBot", Profile::Python).access,
        Access::Partial
    );
    // The 1994 convention has no Allow, so `Disallow: /` is the record's first rule.
    assert_eq!(
        summary(robots, "CCBot", Profile::Legacy1994).access,
        Access::Nothing
    );
    assert_eq!(
        summary("", "CCBot", Profile::Python).access,
        Access::Everything
    );
}

#[test]
fn the_table_has_one_row_per_crawler_for_the_url() {
    let robots = RobotsTxt::parse(
        b"User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n\n\
          User-agent: Googlebot\nAllow: /\n",
    );
    let checker = robots.checker(Profile::Google);
    let rows = checker
        .ask_crawler_table("https://example.com/blog/", &FetchStatus::ok())
        .unwrap();
    assert_eq!(rows.len(), crawlers().len());
    let row = |name: &str| rows.iter().find(|row| row.crawler.name == name).unwrap();
    assert!(!row("GPTBot").verdict.allowed);
    assert_eq!(row("GPTBot").verdict.decisive.as_ref().unwrap().line, 6);
    assert_eq!(row("GPTBot").summary.to_string(), "blocked from everything");
    assert!(row("Googlebot").verdict.allowed);
    assert!(
        row("Applebot")
            .verdict
            .chain_step
            .as_ref()
            .unwrap()
            .fallback
    );
    assert!(row("CCBot").verdict.allowed);
    assert!(row("CCBot").verdict.used_star_group);
    assert!(row("AdsBot-Google").verdict.groups.is_empty());
    let ai_training_blocked: Vec<&str> = rows
        .iter()
        .filter(|row| row.crawler.purpose == Purpose::AiTraining && !row.verdict.allowed)
        .map(|row| row.crawler.name)
        .collect();
    assert_eq!(ai_training_blocked, ["GPTBot", "ClaudeBot"]);
}

// ---------------------------------------------------------------------------------------------
// Fetch status

fn status(text: &str) -> FetchStatus {
    text.parse().unwrap_or_else(|error| panic!("{error}"))
}

#[test]
fn every_status_class_under_both_profiles() {
    use StatusEffect::{AllowAll, DisallowAll, ParseFile};
    let cases = [
        ("200", StatusClass::Success, ParseFile, ParseFile),
        ("204", StatusClass::Success, ParseFile, ParseFile),
        ("301>302>200", StatusClass::Success, ParseFile, ParseFile),
        ("3xx*5>200", StatusClass::Success, ParseFile, ParseFile),
        ("html", StatusClass::HtmlPage, ParseFile, ParseFile),
        ("3xx*6", StatusClass::TooManyRedirects, AllowAll, AllowAll),
        ("404", StatusClass::ClientError, AllowAll, AllowAll),
        ("403", StatusClass::ClientError, AllowAll, AllowAll),
        ("401", StatusClass::ClientError, AllowAll, AllowAll),
        ("410", StatusClass::ClientError, AllowAll, AllowAll),
        ("301>404", StatusClass::ClientError, AllowAll, AllowAll),
        ("429", StatusClass::TooManyRequests, AllowAll, DisallowAll),
        ("500", StatusClass::ServerError, DisallowAll, DisallowAll),
        ("503", StatusClass::ServerError, DisallowAll, DisallowAll),
        (
            "301>503",
            StatusClass::ServerError,
            DisallowAll,
            DisallowAll,
        ),
        (
            "timeout",
            StatusClass::Unreachable,
            DisallowAll,
            DisallowAll,
        ),
        (
            "unreachable",
            StatusClass::Unreachable,
            DisallowAll,
            DisallowAll,
        ),
    ];
    let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: /private/\n");
    for (text, class, rfc, google) in cases {
        let fetched = status(text);
        assert_eq!(fetched.class(), class, "{text}");
        assert_eq!(status_effect(&fetched, Profile::Rfc9309), rfc, "{text}");
        assert_eq!(status_effect(&fetched, Profile::Google), google, "{text}");
        for (profile, effect) in [(Profile::Rfc9309, rfc), (Profile::Google, google)] {
            let checker = robots.checker(profile);
            for url in ["/private/x", "/public"] {
                let plain = agent_verdict(&checker, "Bot", url, &FetchStatus::ok());
                let verdict = agent_verdict(&checker, "Bot", url, &fetched);
                match effect {
                    ParseFile => assert_eq!(verdict, plain, "{text} {profile} {url}"),
                    AllowAll => {
                        assert!(verdict.allowed, "{text} {profile} {url}");
                        assert_eq!(verdict.reason, Reason::FileUnavailable);
                        assert!(verdict.decisive.is_none() && verdict.groups.is_empty());
                    }
                    DisallowAll => {
                        assert!(!verdict.allowed, "{text} {profile} {url}");
                        assert_eq!(verdict.reason, Reason::FileUnreachable);
                        assert!(verdict.matches.is_empty());
                    }
                }
            }
        }
    }
}

#[test]
fn rfc_429_is_a_4xx_but_google_treats_it_as_a_server_error() {
    let handling = status_handling(&status("429"), Profile::Google);
    assert_eq!(handling.effect, StatusEffect::DisallowAll);
    assert_eq!(handling.rfc_section, "2.3.1.3");
    assert!(handling.google_differs);
    assert_eq!(handling.explanation, handling.google);
    let rfc = status_handling(&status("429"), Profile::Rfc9309);
    assert_eq!(rfc.effect, StatusEffect::AllowAll);
    assert_eq!(rfc.explanation, rfc.rfc);
    for class in StatusClass::ALL {
        let handling = status_handling(&class.example(), Profile::Rfc9309);
        assert!(handling.rfc_section.starts_with("2.3.1."), "{class:?}");
        assert!(!handling.rfc.english().is_empty() && !handling.google.english().is_empty());
        assert_eq!(
            handling.google_differs,
            class == StatusClass::TooManyRequests
        );
    }
}

#[test]
fn python_reads_statuses_as_its_robotparser_does() {
    use StatusEffect::{AllowAll, DisallowAll, ParseFile};
    for (text, effect) in [
        ("200", ParseFile),
        ("401", DisallowAll),
        ("403", DisallowAll),
        ("404", AllowAll),
        ("429", AllowAll),
        ("503", DisallowAll),
        ("timeout", DisallowAll),
        ("html", ParseFile),
    ] {
        assert_eq!(
            status_effect(&status(text), Profile::Python),
            effect,
            "{text}"
        );
    }
    let handling = status_handling(&status("403"), Profile::Python);
    assert!(handling.explanation.english().contains("401 or 403"));
    for (text, effect) in [("404", AllowAll), ("429", AllowAll), ("503", DisallowAll)] {
        assert_eq!(
            status_effect(&status(text), Profile::Legacy1994),
            effect,
            "{text}"
        );
    }
}

#[test]
fn the_status_applies_to_the_table_and_its_summaries() {
    let robots = RobotsTxt::parse(b"User-agent: GPTBot\nDisallow: /\n");
    let checker = robots.checker(Profile::Google);
    let unavailable = checker.ask_crawler_table("/", &status("404")).unwrap();
    let gpt = unavailable
        .iter()
        .find(|row| row.crawler.name == "GPTBot")
        .unwrap();
    assert!(gpt.verdict.allowed);
    assert_eq!(gpt.verdict.reason, Reason::FileUnavailable);
    assert_eq!(gpt.summary.access, Access::Everything);
    assert_eq!(
        gpt.summary.to_string(),
        "allowed everywhere (the file is unavailable)"
    );

    let unreachable = checker.ask_crawler_table("/", &status("503")).unwrap();
    assert!(unreachable.iter().all(|row| !row.verdict.allowed));
    assert!(unreachable
        .iter()
        .all(|row| row.summary.to_string() == "blocked from everything (the file is unreachable)"));

    let parsed = checker.ask_crawler_table("/", &status("301>200")).unwrap();
    let gpt = parsed
        .iter()
        .find(|row| row.crawler.name == "GPTBot")
        .unwrap();
    assert!(!gpt.verdict.allowed);
    assert_eq!(gpt.verdict.reason, Reason::RuleMatched);
}

#[test]
fn rfc_robots_txt_itself_stays_allowed_when_the_status_disallows_everything() {
    let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: /\n");
    let checker = robots.checker(Profile::Rfc9309);
    let verdict = agent_verdict(&checker, "Bot", "/robots.txt", &status("503"));
    assert!(verdict.allowed);
    assert_eq!(verdict.reason, Reason::ImplicitRobotsTxtAllow);
    let other = agent_verdict(&checker, "Bot", "/x", &status("503"));
    assert_eq!(other.reason, Reason::FileUnreachable);
}

#[test]
fn an_html_page_served_as_robots_txt_allows_everything_as_parsed() {
    let html = b"<!DOCTYPE html>\n<html><head><title>Not found</title></head>\n<body>Disallow: /</body></html>\n";
    let robots = RobotsTxt::parse(html);
    let checker = robots.checker(Profile::Google);
    let verdict = agent_verdict(&checker, "Googlebot", "/private", &FetchStatus::html_page());
    assert!(verdict.allowed);
    assert_eq!(verdict.reason, Reason::NoGroupApplies);
}

#[test]
fn the_table_gives_each_crawler_its_operators_fetch_status_handling() {
    let robots = RobotsTxt::parse(b"User-agent: *\nAllow: /\n");
    let table = robots
        .checker(Profile::Rfc9309)
        .ask_crawler_table("/", &"429".parse().unwrap())
        .unwrap();
    let row = |name: &str| table.iter().find(|row| row.crawler.name == name).unwrap();
    let googlebot = row("Googlebot");
    assert!(!googlebot.verdict.allowed);
    assert_eq!(googlebot.summary.access, robots_lens::Access::Nothing);
    assert!(googlebot.rfc_status_reading.as_ref().unwrap().allowed);
    let gptbot = row("GPTBot");
    assert!(gptbot.verdict.allowed);
    assert!(gptbot.rfc_status_reading.is_none());
    assert_eq!(
        robots_lens::find_crawler("Googlebot-Image")
            .unwrap()
            .fetch_status,
        robots_lens::FetchHandling::Google
    );
}
