//! End-to-end tests of the `robots-lens` binary: exit codes, output, standard input, JSON Lines.

mod common;
use common::robots_lens;

const SHOP: &[u8] = b"User-agent: *\nDisallow: /private\nAllow: /private/press\n\nUser-agent: GPTBot\nDisallow: /\n";

/// `robots-lens check - ARGS` with `robots` on standard input.
fn check(robots: &[u8], args: &[&str]) -> std::process::Output {
    let mut all = vec!["check", "-"];
    all.extend_from_slice(args);
    robots_lens(&all, robots)
}

#[test]
fn a_disallowed_url_exits_1_and_names_the_line() {
    let output = check(
        SHOP,
        &[
            "--agent",
            "Googlebot",
            "--url",
            "https://example.com/private/x",
        ],
    );
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("DISALLOWED  /private/x"), "{text}");
    assert!(text.contains("line 2: Disallow: /private"), "{text}");
    assert!(text.contains("the * group applies"), "{text}");
}

#[test]
fn allowed_urls_exit_0() {
    let output = check(
        SHOP,
        &[
            "--agent",
            "Googlebot",
            "--url",
            "/private/press/a",
            "--url",
            "/",
        ],
    );
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    let verdicts = text
        .lines()
        .filter(|line| line.starts_with("ALLOWED"))
        .count();
    assert_eq!(verdicts, 2, "{text}");
}

#[test]
fn the_match_model_changes_which_group_applies() {
    // As typed: the string holds GPTBot's token, which only the substring model finds.
    let ua = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
    let substring = check(SHOP, &["--agent", ua, "--url", "/blog", "--as-typed"]);
    assert_eq!(substring.status.code(), Some(1));
    let token = check(
        SHOP,
        &[
            "--agent",
            ua,
            "--url",
            "/blog",
            "--match",
            "token",
            "--as-typed",
        ],
    );
    assert_eq!(token.status.code(), Some(0));
}

#[test]
fn json_output_carries_the_whole_explanation() {
    let output = check(SHOP, &["--agent", "GPTBot", "--url", "/a", "--json"]);
    let verdict: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(verdict["allowed"], false);
    assert_eq!(verdict["decisive"]["line"], 6);
    assert_eq!(verdict["reason"], "rule-matched");
    assert_eq!(verdict["groups"][0]["index"], 1);
}

#[test]
fn jsonl_answers_every_line_in_order_and_survives_bad_ones() {
    let input = concat!(
        r#"{"id": "a", "robots": "User-agent: *\nDisallow: /", "agent": "Bot", "url": "/x"}"#,
        "\n",
        "not json\n",
        r#"{"id": "c", "robots": "User-agent: *\nDisallow: /", "agent": "Bot", "url": "/robots.txt", "profile": "google"}"#,
        "\n",
        r#"{"id": "d", "robots": "User-agent: *\nDisallow: /", "agent": "Bot", "url": "/robots.txt"}"#,
        "\n",
    );
    let output = robots_lens(&["check", "--jsonl"], input.as_bytes());
    assert_eq!(output.status.code(), Some(2), "a line was malformed");
    let lines: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["id"], "a");
    assert_eq!(lines[0]["line"], 2);
    assert!(lines[1]["id"].is_null());
    assert!(lines[1]["error"].as_str().unwrap().contains("input line 2"));
    assert_eq!(lines[2]["allowed"], false);
    assert_eq!(lines[3]["allowed"], true);
    assert_eq!(lines[3]["reason"], "implicit-robots-txt-allow");
    assert!(lines[3]["line"].is_null());
}

#[test]
fn usage_errors_exit_2_with_a_hint() {
    let output = check(SHOP, &["--url", "/"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--agent AGENT"));
    let output = robots_lens(
        &["check", "/no/such/file", "--agent", "a", "--url", "/"],
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot read /no/such/file"));
}

#[test]
fn options_a_command_would_ignore_or_misread_are_usage_errors() {
    // Every pair that would be accepted in silence, one read as what it is not or ignored.
    for (args, words) in [
        (
            &["crawlers", "-", "--crawler", "GPTBot"][..],
            "crawlers does not take --crawler",
        ),
        (
            &["check", "-", "--agent", "a", "--url", "/x", "--urls", "-"],
            "give either --url or --urls",
        ),
        (
            &[
                "check", "-", "--agent", "a", "--urls", "urls.txt", "--json", "--format", "jsonl",
            ],
            "give either --json or --format jsonl",
        ),
        (
            &[
                "check", "-", "--agent", "a", "--url", "/x", "--format", "jsonl",
            ],
            "--format jsonl is for a list of URLs",
        ),
        (
            &[
                "fetch",
                "https://a.example",
                "--json",
                "--compare-crawlers",
                "Googlebot,GPTBot",
            ],
            "give either --json or --compare-crawlers",
        ),
        (
            &[
                "fetch",
                "https://a.example",
                "-o",
                "x.txt",
                "--compare-crawlers",
                "Googlebot,GPTBot",
            ],
            "give either --output or --compare-crawlers",
        ),
        (&["check", "--jsonl", "-"], "would not be read"),
        // A crawler is never "typed": --as-typed is for --agent alone.
        (
            &[
                "check",
                "-",
                "--crawler",
                "Googlebot",
                "--url",
                "/",
                "--as-typed",
            ],
            "give either --crawler or --as-typed, not both: --as-typed answers --agent",
        ),
        (
            &[
                "preferences",
                "-",
                "--crawler",
                "GPTBot",
                "--url",
                "/",
                "--as-typed",
            ],
            "give either --crawler or --as-typed",
        ),
        (
            &["diff", "-", "b.txt", "--crawler", "Googlebot", "--as-typed"],
            "--as-typed answers each --agent exactly as typed, and no --agent was given",
        ),
        (
            &["check", "--jsonl", "--agent", "a"],
            "give either --jsonl or --agent",
        ),
        (
            &["lint", "-", "--format", "jsonl"],
            "lint does not print 'jsonl'",
        ),
        (
            &["diff", "-", "-", "--format", "sarif"],
            "it prints text or json",
        ),
        (&["lint", "-", "--agent", "a"], "lint does not take --agent"),
        (&["serve", "robots.txt"], "serve takes no FILE"),
        (&["serve", "--port", "http"], "is not a port"),
        (
            &[
                "check",
                "https://a.example/x",
                "--agent",
                "a",
                "--timeout",
                "0",
            ],
            "more than 0 and at most 600",
        ),
        (
            &["check", "https:/a.example/x", "--agent", "a"],
            "did you mean https://a.example/x?",
        ),
    ] {
        let output = robots_lens(args, SHOP);
        let error = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {error}");
        assert!(error.contains(words), "{args:?}: {error}");
        assert!(output.stdout.is_empty(), "{args:?}: nothing is answered");
    }
}

#[test]
fn invalid_utf8_and_nul_bytes_are_read() {
    let output = check(
        b"User-agent: *\nDisallow: /caf\xE9\0junk\n",
        &["--agent", "a", "--url", "/caf%E9"],
    );
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_crawler_follows_its_fallback_chain() {
    let robots = b"User-agent: Googlebot\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n";
    let image = check(
        robots,
        &["--crawler", "Googlebot-Image", "--url", "/public"],
    );
    assert_eq!(
        image.status.code(),
        Some(0),
        "Googlebot-Image follows the Googlebot group"
    );
    let ads = check(
        robots,
        &["--crawler", "AdsBot-Google", "--url", "/public", "--json"],
    );
    let verdict: serde_json::Value = serde_json::from_slice(&ads.stdout).unwrap();
    assert_eq!(verdict["reason"], "no-group-applies", "AdsBot ignores *");
    let unknown = check(robots, &["--crawler", "NoSuchBot", "--url", "/"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("known crawlers: Googlebot"));
}

#[test]
fn the_fetch_status_overrides_the_file() {
    let open = b"User-agent: *\nAllow: /\n";
    let unreachable = check(open, &["--agent", "a", "--url", "/x", "--status", "503"]);
    assert_eq!(unreachable.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&unreachable.stdout).contains("served as   503"));
    let too_many = check(
        open,
        &[
            "--agent",
            "a",
            "--url",
            "/x",
            "--status",
            "429",
            "--profile",
            "google",
        ],
    );
    assert_eq!(
        too_many.status.code(),
        Some(1),
        "Google treats 429 as a server error"
    );
    let rfc = check(
        b"User-agent: *\nDisallow: /\n",
        &["--agent", "a", "--url", "/x", "--status", "429"],
    );
    assert_eq!(
        rfc.status.code(),
        Some(0),
        "RFC 9309 treats 429 as unavailable: allow all"
    );
    let bad = check(open, &["--agent", "a", "--url", "/x", "--status", "999"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn the_crawlers_table_lists_every_crawler() {
    let output = robots_lens(&["crawlers", "-", "--url", "/blog/"], SHOP);
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    let gptbot = text
        .lines()
        .find(|line| line.starts_with("GPTBot "))
        .unwrap();
    assert!(
        gptbot.contains("DISALLOWED") && gptbot.contains("blocked from everything"),
        "{gptbot}"
    );
    let googlebot = text
        .lines()
        .find(|line| line.starts_with("Googlebot "))
        .unwrap();
    assert!(googlebot.contains("allowed"), "{googlebot}");
    let json = robots_lens(&["crawlers", "-", "--json"], SHOP);
    let rows: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(rows.as_array().unwrap().len() >= 31);
    let listing = robots_lens(&["crawlers"], b"");
    assert!(String::from_utf8_lossy(&listing.stdout).contains("Googlebot-Image"));
}

#[test]
fn other_readers_are_named_when_they_disagree() {
    let output = check(SHOP, &["--agent", "bot", "--url", "/private/press/a"]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("other readers"), "{text}");
    assert!(
        text.contains("takes the first matching rule, line 2"),
        "{text}"
    );
}

const FAULTY: &[u8] = b"Disallow: /x\nUser-agent: *\nDisalow: /a\nSitemap: /sitemap.xml\n";

#[test]
fn lint_reports_findings_and_exits_1_on_errors() {
    let output = robots_lens(&["lint", "-"], FAULTY);
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("robots.txt:1: error RL301 rule-before-user-agent"),
        "{text}"
    );
    assert!(text.contains("use: Disallow: /a"), "{text}");
    let clean = robots_lens(
        &["lint", "-"],
        b"User-agent: *\nDisallow: /private/\n\nSitemap: https://example.com/sitemap.xml\n",
    );
    assert_eq!(clean.status.code(), Some(0));
}

#[test]
fn lint_json_lists_code_severity_line_message_and_fix() {
    let output = robots_lens(&["lint", "-", "--json"], FAULTY);
    let findings: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let first = &findings[0];
    assert_eq!(first["code"], "RL301");
    assert_eq!(first["severity"], "error");
    assert_eq!(first["line"], 1);
    assert!(first["message"].as_str().unwrap().contains("Disallow: /x"));
    assert!(!first["fix"].as_str().unwrap().is_empty());
}

#[test]
fn lint_github_prints_annotations() {
    let output = robots_lens(&["lint", "-", "--format", "github"], FAULTY);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.lines()
            .next()
            .unwrap()
            .starts_with("::error file=robots.txt,line=1,title=RL301 rule-before-user-agent::"),
        "{text}"
    );
    assert!(text.contains("::warning file=robots.txt,line=3"), "{text}");
}

#[test]
fn explain_documents_a_code() {
    let output = robots_lens(&["explain", "rule-before-user-agent"], b"");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.starts_with("RL301 rule-before-user-agent (error)"),
        "{text}"
    );
    assert!(text.contains("Why it matters"));
    let unknown = robots_lens(&["explain", "RL999"], b"");
    assert_eq!(unknown.status.code(), Some(2));
}

#[test]
fn explain_json_documents_every_code() {
    let output = robots_lens(&["explain", "--json"], b"");
    let docs: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let docs = docs.as_array().unwrap();
    assert!(docs.len() >= 40);
    let rl301 = docs.iter().find(|doc| doc["id"] == "RL301").unwrap();
    assert_eq!(rl301["name"], "rule-before-user-agent");
    assert_eq!(rl301["severity"], "error");
    assert!(!rl301["whyItMatters"].as_str().unwrap().is_empty());
    // `explain CODE --json` is that code's object, the same as its entry in the list.
    for args in [
        &["explain", "RL301", "--json"][..],
        &["explain", "--json", "RL301"],
    ] {
        let one = robots_lens(args, b"");
        assert!(one.status.success());
        let one: serde_json::Value = serde_json::from_slice(&one.stdout).unwrap();
        assert_eq!(&one, rl301);
    }
}

#[test]
fn explain_speaks_spanish_and_portuguese_from_the_page_s_texts() {
    let spanish = robots_lens(&["explain", "RL301", "--lang", "es"], b"");
    assert_eq!(spanish.status.code(), Some(0));
    let text = String::from_utf8(spanish.stdout).unwrap();
    assert!(
        text.starts_with("RL301 rule-before-user-agent (error)"),
        "{text}"
    );
    assert!(text.contains("Por qué importa"), "{text}");
    assert!(
        text.contains("Una regla antes de la primera línea User-agent"),
        "{text}"
    );
    // The example stays a robots.txt file, as in English.
    assert!(text.contains("Disallow:"), "{text}");

    let portuguese = robots_lens(&["explain", "--json", "--lang", "pt"], b"");
    let docs: serde_json::Value = serde_json::from_slice(&portuguese.stdout).unwrap();
    let english = robots_lens(&["explain", "--json"], b"");
    let english: serde_json::Value = serde_json::from_slice(&english.stdout).unwrap();
    assert_eq!(
        docs.as_array().unwrap().len(),
        english.as_array().unwrap().len()
    );
    let rl302 = docs
        .as_array()
        .unwrap()
        .iter()
        .find(|doc| doc["id"] == "RL302")
        .unwrap();
    assert!(
        rl302["title"].as_str().unwrap().contains("rastreador"),
        "{rl302}"
    );

    let unknown = robots_lens(&["explain", "--lang", "fr"], b"");
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&unknown.stderr).contains("expected one of en, es, pt-PT, pt-BR")
    );
}

#[test]
fn a_crawler_gets_its_operators_fetch_status_handling() {
    let open = b"User-agent: *\nAllow: /\n";
    let googlebot = check(
        open,
        &["--crawler", "Googlebot", "--url", "/x", "--status", "429"],
    );
    assert_eq!(googlebot.status.code(), Some(1), "Google: 429 is a 5xx");
    let text = String::from_utf8_lossy(&googlebot.stdout);
    assert!(
        text.contains("Google treats 429 like a server error"),
        "{text}"
    );
    assert!(text.contains("RFC 9309    allowed"), "{text}");
    assert!(!text.contains("none applies"), "the status decided: {text}");
    let table = robots_lens(&["crawlers", "-", "--status", "429"], open);
    let text = String::from_utf8_lossy(&table.stdout);
    let row = |name: &str| {
        text.lines()
            .find(|line| line.starts_with(&format!("{name} ")))
            .unwrap_or_default()
            .to_owned()
    };
    assert!(row("Googlebot").contains("DISALLOWED"), "{text}");
    assert!(row("GPTBot").contains("allowed"), "{text}");
    assert!(text.contains("RFC 9309 reads it otherwise"), "{text}");
}

#[test]
fn a_typed_agent_obeys_only_groups_that_name_it() {
    let file = b"User-agent: Rule1Bot\nDisallow: /a\n\nUser-agent: Rule2Bot\nDisallow: /b\n";
    for model in ["substring", "token"] {
        let output = check(
            file,
            &["--agent", "Rule1Bot", "--url", "/b", "--match", model],
        );
        assert_eq!(output.status.code(), Some(0), "{model}");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains("Google reads it as `Rule`"), "{text}");
    }
    let output = check(
        b"User-agent: MJ12bot\nDisallow: /\n",
        &["--agent", "MJ12bot", "--url", "/", "--match", "token"],
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("Google reads it as `MJ`"), "{text}");
}

#[test]
fn a_first_match_verdict_does_not_claim_the_longest_match() {
    let output = check(
        SHOP,
        &[
            "--agent",
            "x",
            "--url",
            "/private/press/a",
            "--profile",
            "python",
        ],
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("the first matching rule in the file"),
        "{text}"
    );
    assert!(!text.contains("longest"), "{text}");
}

#[test]
fn an_agent_naming_a_catalogued_crawler_is_that_crawler_with_the_name_as_typed_beside() {
    let file = b"User-agent: Googlebot\nDisallow: /news/\n\nUser-agent: Googlebot-News\nAllow: /\n\nUser-agent: bot\nDisallow: /\n";
    let ask = |extra: &[&str]| {
        let mut args = vec!["check", "-", "--url", "/news/1", "--json"];
        args.extend_from_slice(extra);
        let output = robots_lens(&args, file);
        serde_json::from_slice::<serde_json::Value>(&output.stdout).unwrap()
    };
    // The default answers as the crawler, exactly as --crawler does (the audit's evidence is
    // reproduced this way), with the name as typed beside it.
    let typed = ask(&["--agent", "Googlebot-News"]);
    let crawler = ask(&["--crawler", "Googlebot-News"]);
    for field in [
        "allowed",
        "deciding_line",
        "group_used",
        "reason",
        "matches",
    ] {
        assert_eq!(typed[field], crawler[field], "{field}");
    }
    assert_eq!(typed["allowed"], true);
    assert_eq!(
        typed["as_typed"]["allowed"], false,
        "the substring model's answer"
    );
    assert_eq!(typed["as_typed"]["deciding_line"], 2);
    assert!(crawler["as_typed"].is_null());
    let output = check(file, &["--agent", "Googlebot-News", "--url", "/news/1"]);
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains(
            "as typed    DISALLOWED for 'Googlebot-News' (substring match), decided by line 2"
        ),
        "{text}"
    );
}

#[test]
fn a_url_list_answers_a_typed_crawler_name_as_that_crawler_with_the_name_as_typed_beside() {
    // Googlebot-Image has no group: as the crawler it falls back to Googlebot's; its name as
    // typed, compared by token, takes `*`. With a 429, Googlebot's operator reads a server
    // error (disallowed); RFC 9309, which the name as typed follows, reads a 4xx (allowed).
    let file = b"User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /photos/\n";
    let dir = std::env::temp_dir().join(format!("robots-lens-list-typed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let list = dir.join("urls.txt");
    std::fs::write(&list, "/photos/1.jpg\n/private/x\n").unwrap();
    let list = list.to_str().unwrap();
    let lines = |extra: &[&str]| {
        let mut args = vec!["check", "-", "--urls", list, "--match", "token"];
        args.extend_from_slice(extra);
        let output = robots_lens(&args, file);
        String::from_utf8(output.stdout).unwrap()
    };
    let jsonl = lines(&["--agent", "Googlebot-Image", "--format", "jsonl"]);
    let records: Vec<serde_json::Value> = jsonl
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(
        records,
        [
            serde_json::json!({"url": "/photos/1.jpg", "allowed": false, "line": 5,
                "reason": "rule-matched",
                "as_typed": {"allowed": true, "line": null, "reason": "no-rule-matched"}}),
            // Googlebot's own group leaves /private open; the name as typed takes `*`.
            serde_json::json!({"url": "/private/x", "allowed": true, "line": null,
                "reason": "no-rule-matched",
                "as_typed": {"allowed": false, "line": 2, "reason": "rule-matched"}}),
        ],
        "{jsonl}"
    );
    let as_typed = lines(&[
        "--agent",
        "Googlebot-Image",
        "--format",
        "jsonl",
        "--as-typed",
    ]);
    assert!(as_typed.starts_with(r#"{"url":"/photos/1.jpg","allowed":true,"line":null"#));
    assert!(!as_typed.contains("as_typed"), "{as_typed}");
    let text = lines(&["--agent", "Googlebot", "--status", "429"]);
    assert_eq!(
        text,
        "DISALLOWED  -          /photos/1.jpg\n  as typed  ALLOWED - (--as-typed answers so)\n\
         DISALLOWED  -          /private/x\n  as typed  ALLOWED - (--as-typed answers so)\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn as_typed_a_catalogued_crawler_s_own_answer_is_printed_when_it_differs() {
    let file = b"User-agent: Googlebot\nDisallow: /news/\n\nUser-agent: Googlebot-News\nAllow: /\n\nUser-agent: bot\nDisallow: /\n";
    let output = check(
        file,
        &[
            "--agent",
            "Googlebot-News",
            "--url",
            "/news/1",
            "--as-typed",
        ],
    );
    assert_eq!(
        output.status.code(),
        Some(1),
        "the substring model's verdict"
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("ALLOWED  for Googlebot-News itself, decided by line 5"),
        "{text}"
    );
    assert!(text.contains("reads only its own group"), "{text}");
    assert!(text.contains("    Googlebot-News allowed"), "{text}");
}

#[test]
fn a_url_is_read_as_meant_and_refused_when_no_crawler_would_request_it() {
    let file = b"User-agent: *\nDisallow: /checkout/\n";
    let path = check(file, &["--agent", "a", "--url", "checkout/payment"]);
    assert_eq!(path.status.code(), Some(1), "checkout/payment is a path");
    let host = check(file, &["--agent", "a", "--url", "shop.example/checkout/x"]);
    assert_eq!(host.status.code(), Some(1));
    let text = String::from_utf8_lossy(&host.stdout);
    assert!(
        text.contains("read as host shop.example, path /checkout/x"),
        "{text}"
    );
    assert!(
        !text.contains("python"),
        "every reader sees the host: {text}"
    );
    let dotted = check(file, &["--agent", "a", "--url", "./checkout/x"]);
    assert_eq!(dotted.status.code(), Some(1), "./checkout/x is a path");
    assert!(!String::from_utf8_lossy(&dotted.stdout).contains("read as host"));
    // An http(s) URL with an empty path requests `/` (RFC 3986 §6.2.3), as Google and every
    // crawler read it; only a host typed without a scheme is refused.
    for root in ["https://shop.example", "http://shop.example#/a"] {
        let output = check(file, &["--agent", "a", "--url", root]);
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.starts_with("ALLOWED  /\n"), "{root}: {text}");
        assert!(text.contains("read as host shop.example, path /"), "{text}");
    }
    for bad in ["", "ftp://x", "shop.example", "http:/checkout/x"] {
        let output = check(file, &["--agent", "a", "--url", bad]);
        assert_eq!(output.status.code(), Some(2), "{bad:?}");
        assert!(output.stdout.is_empty(), "{bad:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("invalid URL"),
            "{bad:?}"
        );
    }
}

#[test]
fn jsonl_ignores_fields_it_does_not_know_and_exits_0_when_every_line_is_good() {
    let input = concat!(
        r#"{"id": 1, "robots": "User-agent: *\nDisallow: /", "agent": "Bot", "url": "/x", "expected": false, "tags": ["a"]}"#,
        "\n",
        r#"{"id": 2, "robots": "", "agent": "Bot", "url": "/x", "note": {"any": "thing"}}"#,
        "\n",
    );
    let output = robots_lens(&["check", "--jsonl"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(lines[0]["allowed"], false);
    assert_eq!(lines[1]["allowed"], true);
}

#[test]
fn every_command_has_its_own_help_listing_every_profile() {
    for command in ["check", "crawlers", "lint", "explain"] {
        let output = robots_lens(&[command, "--help"], b"");
        assert_eq!(output.status.code(), Some(0), "{command}");
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(
            text.starts_with(&format!("robots-lens {command}")),
            "{text}"
        );
        if matches!(command, "check" | "crawlers") {
            for profile in ["rfc9309", "google", "python", "legacy-1994"] {
                assert!(text.contains(profile), "{command}: {profile}");
            }
        }
    }
    let output = robots_lens(&["help", "check"], b"");
    assert!(String::from_utf8_lossy(&output.stdout).contains("--jsonl"));
    let overview = robots_lens(&["--help"], b"");
    let text = String::from_utf8(overview.stdout).unwrap();
    for profile in ["rfc9309", "google", "python", "legacy-1994"] {
        assert!(text.contains(profile), "--help: {profile}");
    }
}

#[test]
fn binary_input_is_named_instead_of_read_as_rules() {
    let gzip = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\x0b\xc9\xc8\x2c\x56\x00";
    let lint = robots_lens(&["lint", "-"], gzip);
    let text = String::from_utf8_lossy(&lint.stdout);
    assert!(
        text.contains("RL107 binary-file: This is gzip-compressed data"),
        "{text}"
    );
    assert!(!text.contains("RL208"), "no NUL findings: {text}");
    let check = check(gzip, &["--agent", "a", "--url", "/"]);
    let text = String::from_utf8_lossy(&check.stdout);
    assert!(
        text.contains("this is gzip-compressed data, not a robots.txt"),
        "{text}"
    );
}
