//! Each column on tiny files, tagged by whose behaviour they pin; the whole corpus is held to
//! Lighthouse's own audit by `tests/node/consumers.test.mjs`.

use super::*;

fn table(text: &str) -> (RobotsTxt, Vec<[Status; 9]>) {
    let robots = RobotsTxt::parse(text.as_bytes());
    let rows = {
        let table = readings(&robots);
        (1..=table.len())
            .map(|number| Consumer::ALL.map(|consumer| table.status(number, consumer).unwrap()))
            .collect()
    };
    (robots, rows)
}

fn reading(text: &str, number: usize, consumer: Consumer) -> Reading {
    let robots = RobotsTxt::parse(text.as_bytes());
    let table = readings(&robots);
    table.reading(number, consumer)
}

fn words(text: &str, consumer: Consumer) -> Vec<(usize, &'static str)> {
    let robots = RobotsTxt::parse(text.as_bytes());
    let table = readings(&robots);
    (1..=table.len())
        .filter_map(|number| {
            let reading = table.reading(number, consumer);
            reading.words.map(|words| (number, words.text))
        })
        .collect()
}

#[test]
fn every_reading_and_summary_fills_its_sentence() {
    let file = "\u{feff}Disallow: /orphan\nUser-agent: *\nDisalow: /typo\nDisallow /nocolon\n\n\
                Allow: /a/index.html\nDisallow: /a*b$\nCrawl-delay: 2\nClean-param: ref /x\n\
                Host: example.com\nUser-agent: bingbot\nUser-agent: Googlebot/2.1\nAllow: /\n\
                Sitemap: /relative.xml\nSitemap: https://example.com/s.xml\nfoo bar baz\n\
                Unknown: x\nDisallowed: /p\n# comment\nUser-agent: *\nDisallow: x\n";
    let robots = RobotsTxt::parse(file.as_bytes());
    let table = readings(&robots);
    for number in 1..=table.len() {
        for reading in table.line(number).unwrap().readings {
            assert!(reading.message.is_complete(), "line {number}: {reading:?}");
            if reading.words.is_some() {
                assert_eq!(
                    reading.status,
                    Status::Flagged,
                    "line {number}: {reading:?}"
                );
            }
        }
    }
    for summary in table.summaries() {
        assert!(summary.message.is_complete(), "{summary:?}");
    }
}

/// Lighthouse 12.2.3 `robots-txt.js`: each of its messages, on the line it reports.
#[test]
fn lighthouse_reports_each_of_its_messages() {
    let file = "Disallow: /before-agent\n\
                User-agent:\n\
                no colon here\n\
                Disalow: /typo\n\
                User-agent: *\n\
                Allow: page\n\
                Disallow: /a$b\n\
                Sitemap: /sitemap.xml\n\
                Sitemap: mailto:me@example.com\n\
                Crawl-delay: 10 # on the safelist\n\
                Noindex: /x\n\
                Disallow: /ok$\n";
    assert_eq!(
        words(file, Consumer::Lighthouse),
        [
            (1, "No user-agent specified"),
            (2, "No user-agent specified"),
            (3, "Syntax not understood"),
            (4, "Unknown directive"),
            (
                6,
                "Pattern should either be empty, start with \"/\" or \"*\""
            ),
            (7, "\"$\" should only be used at the end of the pattern"),
            (8, "Invalid sitemap URL"),
            (9, "Invalid sitemap URL protocol"),
        ]
    );
    let robots = RobotsTxt::parse(file.as_bytes());
    let table = readings(&robots);
    let audit = table.lighthouse(&FetchStatus::ok());
    assert_eq!(audit.outcome, LighthouseOutcome::Fails);
    assert_eq!(audit.errors.len(), 8);
    assert_eq!(table.summary(Consumer::Lighthouse).passes, Some(false));
    assert_eq!(
        table.lighthouse(&FetchStatus::http(404).unwrap()).outcome,
        LighthouseOutcome::NotApplicable
    );
    assert_eq!(
        table.lighthouse(&FetchStatus::http(503).unwrap()).outcome,
        LighthouseOutcome::Fails
    );
    let clean =
        RobotsTxt::parse(b"User-agent: *\nDisallow: /private\n\nSitemap: https://e.com/s.xml\n");
    let table = readings(&clean);
    assert_eq!(
        table.lighthouse(&FetchStatus::ok()).outcome,
        LighthouseOutcome::Passes
    );
    assert!(table
        .summary(Consumer::Lighthouse)
        .message
        .english()
        .contains("passes"));
    assert_eq!(
        readings(&RobotsTxt::parse(b""))
            .lighthouse(&FetchStatus::ok())
            .outcome,
        LighthouseOutcome::NotApplicable
    );
}

/// Lighthouse trims as JavaScript does, U+00A0 and a byte order mark included, and an invalid
/// user-agent line does not open a group.
#[test]
fn lighthouse_reads_text_as_javascript_does() {
    assert!(words("\u{feff}User-agent: *\nDisallow: /\n", Consumer::Lighthouse).is_empty());
    assert!(words(
        "User-agent: *\n\u{a0}Disallow: /\u{a0}\n",
        Consumer::Lighthouse
    )
    .is_empty());
    assert_eq!(
        words("User-agent:\nDisallow: /\n", Consumer::Lighthouse),
        [
            (1, "No user-agent specified"),
            (2, "No user-agent specified")
        ]
    );
}

/// is-crawlable: blocked only when all five agents are.
#[test]
fn is_crawlable_fails_only_when_every_agent_is_blocked() {
    let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: /\n\nUser-agent: bingbot\nAllow: /\n");
    let crawlable = is_crawlable(&robots, "/page");
    assert!(crawlable.passes);
    let blocked: Vec<&str> = crawlable
        .agents
        .iter()
        .filter(|agent| !agent.allowed)
        .map(|agent| agent.agent)
        .collect();
    assert_eq!(
        blocked,
        ["*", "Googlebot", "DuckDuckBot", "archive.org_bot"]
    );
    let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: /\n");
    assert!(!is_crawlable(&robots, "/").passes);
}

/// Search Console flags what Google's reporter marks; the words are inferred, and say so.
#[test]
fn search_console_flags_what_the_reporter_marks() {
    let file = "User-agent: *\nDisalow: /a\nDisallow /b\nCrawl-delay: 1\nFoo: bar\nDisallow: /c\n";
    assert_eq!(
        words(file, Consumer::SearchConsole),
        [
            (2, "Misspelled directive, read as its correct spelling"),
            (3, "Missing colon, the space read as one"),
            (4, "Rule ignored by Googlebot"),
            (5, "Syntax not understood"),
        ]
    );
    let reading = reading(file, 5, Consumer::SearchConsole);
    assert!(!reading.words.unwrap().documented);
    let robots = RobotsTxt::parse(file.as_bytes());
    let summary = readings(&robots).summary(Consumer::SearchConsole);
    assert_eq!(
        (summary.errors, summary.warnings, summary.lines),
        (1, 3, vec![2, 3, 4, 5])
    );
}

/// Google reads typos, prefixes and lines without a colon, and skips what it does not use.
#[test]
fn google_reads_what_its_parser_reads() {
    let (_, rows) = table(
        "Disallow: /x\nUser-agent: *\nDisalow: /a\nDisallowed: /b\nCrawl-delay: 1\nDisallow: c\n",
    );
    let google: Vec<Status> = rows.iter().map(|row| row[0]).collect();
    use Status::*;
    assert_eq!(
        google,
        [Ignored, Applies, Applies, Applies, Ignored, Ignored]
    );
    assert_eq!(
        reading("Disallow: /x\n", 1, Consumer::Google).code,
        "rule-outside-group"
    );
}

/// Yandex's error dictionary: each error on its line.
#[test]
fn yandex_reports_its_dictionary() {
    let file = "Disallow: /orphan\nUser-agent: *\nDisallow: page\nClean-param: ref /a b\n\
                Sitemap: /s.xml\nUser-agent: *\nDisallow: /x|y\nFoo: bar\n";
    assert_eq!(
        words(file, Consumer::Yandex),
        [
            (1, "No User-agent directive in front of rule."),
            (3, "Rule doesn't start with / or *"),
            (4, "Invalid Clean-param directive format"),
            (5, "Incorrect Sitemap URL"),
            (6, "Multiple 'User-agent: *' rules found"),
            (7, "It's possible that an illegal character was used"),
            (8, "Unknown directive found"),
        ]
    );
    let mut many = String::from("User-agent: *\n");
    for index in 0..=data::yandex::MAX_RULES as usize {
        many.push_str(&format!("Disallow: /{index}\n"));
    }
    let flagged = words(&many, Consumer::Yandex);
    assert_eq!(
        flagged,
        [(
            2 + data::yandex::MAX_RULES as usize,
            "Robots.txt file size limit exceeded"
        )]
    );
}

/// Bing: a `bingbot` group drops the `*` group; Crawl-delay is read.
#[test]
fn bingbot_follows_its_own_group() {
    let file = "User-agent: *\nDisallow: /a\nCrawl-delay: 9\n\nUser-agent: bingbot\nCrawl-delay: 5\nDisallow: /b\n";
    let bing = |number: usize| reading(file, number, Consumer::Bing);
    assert_eq!(bing(2).code, "other-group");
    assert!(
        bing(2).message.english().contains("line 5"),
        "{}",
        bing(2).message
    );
    assert_eq!(bing(3).code, "key-read", "the * group's delay is read");
    assert_eq!(bing(6).code, "key-read");
    assert_eq!(bing(7).status, Status::Applies);
    let only_star = "User-agent: *\nDisallow: /a\nNoindex: /b\n";
    assert_eq!(
        reading(only_star, 2, Consumer::Bing).status,
        Status::Applies
    );
    assert_eq!(reading(only_star, 3, Consumer::Bing).code, "key-not-read");
    // YandexBot follows the `*` group here, and its Webmaster reads Crawl-delay.
    assert_eq!(reading(file, 2, Consumer::Yandex).status, Status::Applies);
    assert_eq!(reading(file, 7, Consumer::Yandex).code, "other-group");
}

/// RFC 9309 reads its own keys as written.
#[test]
fn rfc9309_reads_only_its_keys() {
    let file = "User-agent: *\nDisalow: /a\nDisallow /b\nCrawl-delay: 1\nAllow: /d/index.html\n";
    let code = |number| reading(file, number, Consumer::Rfc9309).code;
    assert_eq!(
        [code(1), code(2), code(3), code(4), code(5)],
        [
            "as-google",
            "spelling-not-read",
            "needs-colon",
            "key-not-read",
            "no-index-html-rule"
        ]
    );
}

/// CPython's robotparser: records end at empty lines, the second `*` record is dropped, the
/// first match decides, `*` is literal.
#[test]
fn python_reads_records() {
    let file = "User-agent: *\nDisallow: /a\n\nDisallow: /b\n\nUser-agent: bot\nDisallow: /\n\
                Allow: /public\nDisallow: /x*y\n\nUser-agent: *\nDisallow: /z\n";
    let code = |number| reading(file, number, Consumer::Python).code;
    assert_eq!(code(2), "as-google");
    assert_eq!(code(3), "blank-line-ends-record");
    assert_eq!(code(4), "after-blank-line");
    assert_eq!(code(5), "blank");
    assert_eq!(code(7), "as-google");
    assert_eq!(code(8), "first-match");
    assert!(reading(file, 8, Consumer::Python)
        .message
        .english()
        .contains("line 7"));
    assert_eq!(code(9), "wildcards-literal");
    assert_eq!(code(12), "second-star-record");
    assert!(reading(file, 12, Consumer::Python)
        .message
        .english()
        .contains("line 1"));
    let empty = "User-agent: *\nDisallow:\nDisallow: /private\n";
    assert_eq!(
        reading(empty, 2, Consumer::Python).code,
        "empty-disallow-allows"
    );
    let robots = RobotsTxt::parse(file.as_bytes());
    let summary = readings(&robots).summary(Consumer::Python);
    assert_eq!(summary.lines, [3, 4, 8, 9, 11, 12]);
}

/// robots-parser and Protego keep a list of agents that any other key ends.
#[test]
fn libraries_end_agent_lists_at_other_keys() {
    let file = "User-agent: a\nSitemap: https://e.com/s.xml\nUser-agent: b\nDisallow: /\n";
    for consumer in [Consumer::RobotsParser, Consumer::Protego] {
        let reading = reading(file, 1, consumer);
        assert_eq!(reading.code, "agent-list-cut", "{consumer:?}");
        assert_eq!(reading.status, Status::Differs);
    }
    let typos = "User-agent: *\nDisalow: /a\nuser agent: x\nDissallow: /b\n";
    let code = |number, consumer| reading(typos, number, consumer).code;
    assert_eq!(code(2, Consumer::RobotsParser), "spelling-not-read");
    assert_eq!(code(2, Consumer::Protego), "as-google");
    assert_eq!(code(3, Consumer::Protego), "as-google");
    assert_eq!(code(3, Consumer::RobotsParser), "spelling-not-read");
}

#[test]
fn consumers_have_ids_names_and_sources() {
    for consumer in Consumer::ALL {
        assert_eq!(Consumer::from_id(consumer.id()), Some(consumer));
        assert!(!consumer.name().is_empty());
        assert!(consumer
            .sources()
            .iter()
            .all(|source| source.url.starts_with("https://")));
    }
    assert_eq!(Consumer::Lighthouse.version(), Some("12.2.3"));
}

/// The summary a person reads first says, in a few words, what each consumer makes of the file:
/// Lighthouse's verdict and its cost, Search Console's lines not understood, Yandex's errors and
/// the groups a library reads otherwise than Google.
#[test]
fn summaries_say_what_each_consumer_makes_of_the_file() {
    let file = "User-agent: *\nDisalow: /private/\nNoindex: /x\nDisallow /y\nFoo: bar\n\n\
                User-agent: *\nDisallow: /a\nAllow: /a\n\nSitemap: /s.xml\n";
    let robots = RobotsTxt::parse(file.as_bytes());
    let table = readings(&robots);
    let sentence = |consumer| table.summary(consumer).message.english();
    let points = lighthouse::seo_points();
    assert_eq!(
        sentence(Consumer::Lighthouse),
        format!("Lighthouse 12.2.3: fails (4 lines, −1 audit of the SEO category, about {points} points)")
    );
    assert_eq!(
        sentence(Consumer::SearchConsole),
        "Search Console: 1 line not understood and 3 warnings"
    );
    let python = table.summary(Consumer::Python);
    assert_eq!(python.groups, 2);
    assert_eq!(
        python.message.english(),
        "urllib.robotparser: 2 groups read differently"
    );
    assert_eq!(python.where_lines().english(), "lines 2, 4 and 9");
    assert_eq!(sentence(Consumer::Google), "Google: skips 3 lines");

    let clean = RobotsTxt::parse(b"User-agent: *\nDisallow: /private/\n");
    let table = readings(&clean);
    assert_eq!(
        table.summary(Consumer::Lighthouse).message.english(),
        "Lighthouse 12.2.3: passes"
    );
    assert_eq!(
        table.summary(Consumer::Python).message.english(),
        "urllib.robotparser: reads every line as Google does"
    );
    // A line after a group's last rule stands in no group: it is counted as a line.
    let loose = RobotsTxt::parse(b"User-agent: *\nDisallow: /b\n\nSite-map: https://e.com/s.xml\n");
    let summary = readings(&loose).summary(Consumer::Rfc9309);
    assert_eq!((summary.groups, summary.lines), (0, vec![4]));
    assert_eq!(
        summary.message.english(),
        "RFC 9309: 1 line read differently"
    );
}
