//! The log replay on logs generated here: every format (combined, common, vhost, JSON lines,
//! IIS and CloudFront W3C), several dated versions of a file, crawlers that obey and crawlers
//! that do not, impersonators, a crawler faster than its Crawl-delay, and lines that are not log
//! lines. Every judged request is held to the answering layer asked directly (a fresh checker of
//! the version in force, `Checker::ask_verdict`), the judgements must not depend on how the
//! bytes are cut into chunks, and the same requests written in another format must be judged
//! alike.

use std::sync::Arc;

use proptest::prelude::*;
use robots_lens::{
    find_crawler, recognise_crawler, AgentMatch, Claim, FieldMap, JudgedRequest, LogFormat,
    LogReplay, Profile, Question, ReplayOptions, RobotsTxt, RobotsVersion, Site, Timestamp,
    UrlReading, MAX_LOG_LINE_BYTES, MAX_TIMELINE_BUCKETS,
};

/// A judged request, owned, for comparisons.
#[derive(Debug, Clone, PartialEq)]
struct Judged {
    line: u64,
    time: Option<i64>,
    ip: String,
    agent: String,
    crawler: Option<&'static str>,
    url: String,
    allowed: Option<bool>,
    deciding_line: Option<usize>,
    version: Option<usize>,
    verified: Option<bool>,
}

impl From<&JudgedRequest<'_>> for Judged {
    fn from(request: &JudgedRequest<'_>) -> Judged {
        Judged {
            line: request.line,
            time: request.time.map(|time| time.millis),
            ip: request.ip.to_owned(),
            agent: request.agent.to_owned(),
            crawler: request.crawler.map(|crawler| crawler.name),
            url: request.url.to_owned(),
            allowed: request.allowed,
            deciding_line: request.deciding_line,
            version: request.version,
            verified: request.verified,
        }
    }
}

const V1: &str = "User-agent: *\nDisallow: /private/\nCrawl-delay: 10\n\nUser-agent: GPTBot\nDisallow: /drafts/\n";
const V2: &str = "User-agent: *\nDisallow: /private/\nDisallow: /search\nCrawl-delay: 10\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /private/press\nDisallow: /private/\n";
const V3_SHOP: &str = "User-agent: *\nDisallow: /cart\n";

fn versions() -> Vec<RobotsVersion> {
    vec![
        RobotsVersion::new("v1", Arc::new(RobotsTxt::parse(V1.as_bytes()))),
        RobotsVersion::new("v2", Arc::new(RobotsTxt::parse(V2.as_bytes())))
            .from(Timestamp::parse("2026-03-01T00:00:00Z").unwrap()),
        RobotsVersion::new("shop", Arc::new(RobotsTxt::parse(V3_SHOP.as_bytes())))
            .site(Site::parse("https://shop.example").unwrap()),
    ]
}

/// A small deterministic generator (xorshift), so that failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// One request of a generated log.
#[derive(Debug, Clone)]
struct Request {
    time: i64,
    ip: &'static str,
    agent: &'static str,
    method: &'static str,
    url: String,
    host: Option<&'static str>,
    status: u16,
}

const AGENTS: &[(&str, &[&str])] = &[
    (
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        &["66.249.66.1", "66.249.66.77", "203.0.113.5"],
    ),
    (
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot",
        &["20.171.206.7", "20.171.207.19", "198.51.100.23"],
    ),
    ("CCBot/2.0 (https://commoncrawl.org/faq/)", &["18.97.9.170"]),
    (
        "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
        &["5.255.253.1"],
    ),
    (
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
        &["192.0.2.10", "192.0.2.11"],
    ),
    ("python-requests/2.32.3", &["192.0.2.99"]),
    // Substring matching finds the GPTBot group in it; token matching reads `Mozilla`.
    ("Mozilla/5.0 (compatible; NotGPTBotReally/1.0)", &["192.0.2.98"]),
    ("", &["192.0.2.50"]),
];

const PATHS: &[&str] = &[
    "/",
    "/robots.txt",
    "/private/plan",
    "/private/press/2026",
    "/drafts/x?y=1",
    "/search?q=robots",
    "/cart",
    "/caf%C3%A9",
    "/a b",
    "/%7Ejoe/",
    "http://www.example.com/private/x",
];

fn generate(seed: u64, count: usize) -> Vec<Request> {
    let mut rng = Rng(seed.max(1));
    // Feb 27 to Mar 3, so both dated versions hold for some requests.
    let mut time = Timestamp::parse("2026-02-27T00:00:00Z").unwrap().millis;
    (0..count)
        .map(|_| {
            // Whole seconds: the combined and W3C formats write no fraction.
            time += rng.below(40) as i64 * 1000;
            let (agent, ips) = rng.pick(AGENTS);
            Request {
                time,
                ip: rng.pick(ips),
                agent,
                method: rng.pick(&["GET", "GET", "GET", "HEAD", "POST"]),
                url: rng.pick(PATHS).to_string(),
                host: rng.pick(&[None, Some("www.example.com"), Some("shop.example")]),
                status: rng.pick(&[200, 200, 304, 404, 403]),
            }
        })
        .collect()
}

fn clf_time(millis: i64) -> String {
    // The generated times are within 2026-02/03: written from the RFC 3339 form.
    let iso = Timestamp::from_millis(millis).to_string();
    let (date, clock) = (&iso[..10], &iso[11..19]);
    let month = match &date[5..7] {
        "02" => "Feb",
        "03" => "Mar",
        other => panic!("month {other}"),
    };
    format!("{}/{month}/{}:{clock} +0000", &date[8..10], &date[..4])
}

fn combined(requests: &[Request]) -> String {
    requests
        .iter()
        .map(|r| {
            let prefix = r
                .host
                .map(|host| format!("{host}:443 "))
                .unwrap_or_default();
            format!(
                "{prefix}{} - - [{}] \"{} {} HTTP/1.1\" {} 512 \"-\" \"{}\"\n",
                r.ip,
                clf_time(r.time),
                r.method,
                r.url,
                r.status,
                r.agent
            )
        })
        .collect()
}

fn json_lines(requests: &[Request]) -> String {
    requests
        .iter()
        .map(|r| {
            let host = r
                .host
                .map(|host| format!(",\"host\":\"{host}\",\"scheme\":\"https\""))
                .unwrap_or_default();
            format!(
                "{{\"time\":\"{}\",\"remote_addr\":\"{}\",\"request\":\"{} {} HTTP/1.1\",\"status\":{},\"http_user_agent\":{}{host}}}\n",
                Timestamp::from_millis(r.time),
                r.ip,
                r.method,
                r.url,
                r.status,
                serde_json::to_string(r.agent).unwrap()
            )
        })
        .collect()
}

fn w3c(requests: &[Request], cloudfront: bool) -> String {
    let mut out = String::from("#Version: 1.0\n");
    out.push_str(if cloudfront {
        "#Fields: date time x-edge-location c-ip cs-method cs-uri-stem sc-status cs(User-Agent) cs-uri-query x-host-header cs-protocol\n"
    } else {
        "#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port c-ip cs(User-Agent) sc-status cs-host\n"
    });
    for r in requests {
        let iso = Timestamp::from_millis(r.time).to_string();
        let (date, clock) = (&iso[..10], &iso[11..19]);
        let (stem, query) = r.url.split_once('?').unwrap_or((&r.url, "-"));
        if cloudfront {
            let agent = if r.agent.is_empty() {
                "-".to_owned()
            } else {
                r.agent.replace('%', "%25").replace(' ', "%2520")
            };
            let stem = stem.replace(' ', "%20");
            out.push_str(&format!(
                "{date}\t{clock}\tLHR\t{}\t{}\t{stem}\t{}\t{agent}\t{query}\t{}\thttps\n",
                r.ip,
                r.method,
                r.status,
                r.host.unwrap_or("-")
            ));
        } else {
            let agent = if r.agent.is_empty() {
                "-".to_owned()
            } else {
                r.agent.replace(' ', "+")
            };
            let stem = stem.replace(' ', "%20");
            out.push_str(&format!(
                "{date} {clock} 10.0.0.1 {} {stem} {query} 443 {} {agent} {} {}\n",
                r.method,
                r.ip,
                r.status,
                r.host.unwrap_or("-")
            ));
        }
    }
    out
}

fn replay_in_chunks(
    versions: Vec<RobotsVersion>,
    options: ReplayOptions,
    log: &[u8],
    chunk_sizes: &[usize],
) -> (Vec<Judged>, robots_lens::LogReport) {
    let mut replay = LogReplay::new(versions, options).unwrap();
    let mut judged = Vec::new();
    let mut sink = |request: &JudgedRequest<'_>| judged.push(Judged::from(request));
    replay.start_file("access.log", &mut sink);
    let mut rest = log;
    let mut index = 0;
    while !rest.is_empty() {
        let size = chunk_sizes[index % chunk_sizes.len()].clamp(1, rest.len());
        replay.feed(&rest[..size], &mut sink);
        rest = &rest[size..];
        index += 1;
    }
    replay.finish(&mut sink);
    let report = replay.report();
    (judged, report)
}

/// The version in force for a request, worked out here from the versions' definitions.
fn expected_version(time: i64, host: Option<&str>) -> usize {
    if host == Some("shop.example") {
        return 2;
    }
    if time >= Timestamp::parse("2026-03-01T00:00:00Z").unwrap().millis {
        1
    } else {
        0
    }
}

/// Every judged request against the answering layer asked directly.
fn check_against_the_answering_layer(
    judged: &[Judged],
    requests: &[Request],
    profile: Profile,
    agent_match: AgentMatch,
) {
    let files = [V1, V2, V3_SHOP].map(|text| RobotsTxt::parse(text.as_bytes()));
    let checkers: Vec<_> = files.iter().map(|file| file.checker(profile)).collect();
    assert_eq!(judged.len(), requests.len());
    for (judged, request) in judged.iter().zip(requests) {
        let version = expected_version(request.time, request.host);
        assert_eq!(judged.version, Some(version), "{judged:?}");
        let crawler = recognise_crawler(request.agent).map(|recognised| recognised.crawler);
        assert_eq!(judged.crawler, crawler.map(|crawler| crawler.name));
        let reading = if request.url.starts_with('/') {
            UrlReading::Path
        } else {
            UrlReading::Typed
        };
        let question = match crawler {
            Some(crawler) => Question::crawler(crawler, &request.url),
            None => Question::agent(request.agent, &request.url).agent_match(agent_match),
        }
        .reading(reading);
        let verdict = checkers[version].ask_verdict(&question).unwrap();
        assert_eq!(judged.allowed, Some(verdict.allowed), "{judged:?}");
        assert_eq!(judged.deciding_line, verdict.deciding_line(), "{judged:?}");
        let verified =
            crawler.and_then(|crawler| robots_lens::verify_crawler_address(crawler, request.ip));
        assert_eq!(judged.verified, verified, "{judged:?}");
    }
}

#[test]
fn every_judgement_is_the_answering_layers_in_every_format() {
    let requests = generate(7, 1_200);
    let options = ReplayOptions::default();
    let formats = [
        combined(&requests),
        json_lines(&requests),
        w3c(&requests, false),
        w3c(&requests, true),
    ];
    let mut first = None;
    for log in &formats {
        let (judged, report) =
            replay_in_chunks(versions(), options.clone(), log.as_bytes(), &[65_536]);
        assert_eq!(
            report.unreadable.total, 0,
            "{:?}",
            report.unreadable.examples
        );
        check_against_the_answering_layer(
            &judged,
            &requests,
            Profile::Rfc9309,
            AgentMatch::Substring,
        );
        // The same requests, however written, are judged alike (the line numbers differ by the
        // W3C header lines).
        // W3C encodes a space in a path and IIS a '+' in an agent: compared without them.
        let answers: Vec<_> = judged
            .iter()
            .map(|j| {
                (
                    j.time,
                    j.crawler,
                    j.allowed,
                    j.deciding_line,
                    j.version,
                    j.verified,
                )
            })
            .collect();
        match &first {
            None => first = Some(answers),
            Some(first) => {
                let differ = first.iter().zip(&answers).position(|(a, b)| a != b);
                assert_eq!(
                    differ,
                    None,
                    "{:?}",
                    differ.map(|at| (&first[at], &answers[at]))
                );
            }
        }
    }
}

#[test]
fn other_profiles_and_match_models_are_the_answering_layers_too() {
    let requests = generate(11, 300);
    for profile in Profile::ALL {
        for agent_match in [AgentMatch::Token, AgentMatch::Substring] {
            let options = ReplayOptions {
                profile,
                agent_match,
                ..ReplayOptions::default()
            };
            let (judged, _) =
                replay_in_chunks(versions(), options, combined(&requests).as_bytes(), &[4096]);
            check_against_the_answering_layer(&judged, &requests, profile, agent_match);
        }
    }
}

#[test]
fn chunk_boundaries_change_nothing() {
    let requests = generate(3, 600);
    let mut log = combined(&requests);
    log.push_str("garbage without a line end");
    let (whole, whole_report) = replay_in_chunks(
        versions(),
        ReplayOptions::default(),
        log.as_bytes(),
        &[usize::MAX],
    );
    for sizes in [&[1usize][..], &[7, 1, 300], &[4096, 3]] {
        let (judged, report) =
            replay_in_chunks(versions(), ReplayOptions::default(), log.as_bytes(), sizes);
        assert_eq!(judged, whole, "{sizes:?}");
        assert_eq!(report, whole_report, "{sizes:?}");
    }
    assert_eq!(
        whole_report.unreadable.total, 1,
        "the last line, without its line end, is read"
    );
    assert_eq!(whole_report.lines, 601);
}

#[test]
fn impersonators_are_not_their_crawler_and_unknown_agents_come_last() {
    let requests = generate(5, 4_000);
    let (judged, report) = replay_in_chunks(
        versions(),
        ReplayOptions::default(),
        combined(&requests).as_bytes(),
        &[8192],
    );
    let googlebot = report.row("Googlebot", Claim::Crawler).unwrap();
    let fake = report.row("Googlebot", Claim::Impersonator).unwrap();
    assert_eq!(
        googlebot.verified, googlebot.requests,
        "all from Google's ranges"
    );
    assert_eq!(fake.verified, 0);
    let from_fake = judged
        .iter()
        .filter(|j| j.crawler == Some("Googlebot") && j.ip == "203.0.113.5")
        .count() as u64;
    assert_eq!(fake.requests, from_fake);
    // YandexBot: Yandex publishes no ranges, so its requests cannot be checked.
    let yandex = report.row("YandexBot", Claim::Crawler).unwrap();
    assert_eq!((yandex.verified, yandex.unverifiable), (0, yandex.requests));
    assert!(report.row("YandexBot", Claim::Impersonator).is_none());
    assert_eq!(report.crawlers.last().unwrap().claim, Claim::Unknown);
    // Sorted: crawlers with disallowed requests, most first, before impersonators.
    let tiers: Vec<(Claim, u64)> = report
        .crawlers
        .iter()
        .map(|row| (row.claim, row.disallowed))
        .collect();
    let first_impersonator = tiers
        .iter()
        .position(|(claim, _)| *claim == Claim::Impersonator)
        .unwrap();
    assert!(
        tiers[..first_impersonator]
            .iter()
            .all(|(claim, disallowed)| *claim == Claim::Crawler && *disallowed > 0),
        "{tiers:?}"
    );
    assert!(
        tiers[..first_impersonator]
            .windows(2)
            .all(|pair| pair[0].1 >= pair[1].1),
        "{tiers:?}"
    );
    let total: u64 = report.crawlers.iter().map(|row| row.requests).sum();
    assert_eq!(total, report.requests);
}

#[test]
fn disallowed_requests_name_their_line_version_and_an_example() {
    let log = concat!(
        "20.171.206.7 - - [28/Feb/2026:10:00:00 +0000] \"GET /drafts/a HTTP/1.1\" 200 5 \"-\" \"GPTBot/1.2\"\n",
        "20.171.206.7 - - [28/Feb/2026:10:00:20 +0000] \"GET /ok HTTP/1.1\" 200 5 \"-\" \"GPTBot/1.2\"\n",
        "20.171.206.7 - - [02/Mar/2026:10:00:00 +0000] \"GET /ok HTTP/1.1\" 200 5 \"-\" \"GPTBot/1.2\"\n",
        "20.171.206.7 - - [02/Mar/2026:10:01:00 +0000] \"GET /ok2 HTTP/1.1\" 200 5 \"-\" \"GPTBot/1.2\"\n",
    );
    let (judged, report) =
        replay_in_chunks(versions(), ReplayOptions::default(), log.as_bytes(), &[100]);
    assert_eq!(
        judged
            .iter()
            .map(|j| (j.allowed, j.version, j.deciding_line))
            .collect::<Vec<_>>(),
        [
            (Some(false), Some(0), Some(6)),
            (Some(true), Some(0), None),
            (Some(false), Some(1), Some(7)),
            (Some(false), Some(1), Some(7)),
        ]
    );
    let gptbot = report.row("GPTBot", Claim::Crawler).unwrap();
    assert_eq!(gptbot.disallowed, 3);
    let top = &gptbot.violations[0];
    assert_eq!(
        (top.label.as_str(), top.line, top.requests),
        ("v2", Some(7), 2)
    );
    assert_eq!(top.rule.as_deref(), Some("Disallow: /"));
    assert_eq!((top.example.line, top.example.url.as_str()), (3, "/ok"));
    assert_eq!(
        gptbot.violations[1].rule.as_deref(),
        Some("Disallow: /drafts/")
    );
    assert_eq!(report.versions[1].requests, 2);
}

#[test]
fn robots_txt_first_and_pace_against_crawl_delay() {
    let log = concat!(
        // CCBot reads robots.txt first, then keeps 10 s apart (the delay): never too fast.
        "18.97.9.170 - - [28/Feb/2026:10:00:00 +0000] \"GET /robots.txt HTTP/1.1\" 200 5 \"-\" \"CCBot/2.0\"\n",
        "18.97.9.170 - - [28/Feb/2026:10:00:10 +0000] \"GET /a HTTP/1.1\" 200 5 \"-\" \"CCBot/2.0\"\n",
        "18.97.9.170 - - [28/Feb/2026:10:00:20 +0000] \"GET /b HTTP/1.1\" 200 5 \"-\" \"CCBot/2.0\"\n",
        // YandexBot starts without robots.txt and comes every 2 s, then twice in one second.
        "5.255.253.1 - - [28/Feb/2026:10:00:00 +0000] \"GET /a HTTP/1.1\" 200 5 \"-\" \"YandexBot/3.0\"\n",
        "5.255.253.1 - - [28/Feb/2026:10:00:02 +0000] \"GET /b HTTP/1.1\" 200 5 \"-\" \"YandexBot/3.0\"\n",
        "5.255.253.1 - - [28/Feb/2026:10:00:04 +0000] \"GET /c HTTP/1.1\" 200 5 \"-\" \"YandexBot/3.0\"\n",
        "5.255.253.1 - - [28/Feb/2026:10:00:04 +0000] \"GET /robots.txt HTTP/1.1\" 200 5 \"-\" \"YandexBot/3.0\"\n",
        // 10 s apart at a one-second precision may be 9.1 s or 10.9 s: not certainly too fast.
        "5.255.253.1 - - [28/Feb/2026:10:00:14 +0000] \"GET /d HTTP/1.1\" 200 5 \"-\" \"YandexBot/3.0\"\n",
    );
    let (_, report) = replay_in_chunks(versions(), ReplayOptions::default(), log.as_bytes(), &[64]);
    let ccbot = report.row("CCBot", Claim::Crawler).unwrap();
    assert_eq!(
        (
            ccbot.robots_txt.fetches,
            ccbot.robots_txt.hosts,
            ccbot.robots_txt.fetched_first
        ),
        (1, 1, 1)
    );
    assert_eq!((ccbot.pace.checked, ccbot.pace.faster_than_delay), (2, 0));
    assert_eq!(ccbot.pace.crawl_delay, Some(10.0));
    let yandex = report.row("YandexBot", Claim::Crawler).unwrap();
    assert_eq!(
        (yandex.robots_txt.fetches, yandex.robots_txt.fetched_first),
        (1, 0)
    );
    assert_eq!((yandex.pace.checked, yandex.pace.faster_than_delay), (4, 3));
    assert_eq!(yandex.pace.shortest_interval, Some(0.0));
    // Faster than asked, but no disallowed request: after the crawlers that disobeyed.
    assert!(
        report
            .crawlers
            .iter()
            .position(|row| row.crawler.is_some_and(|c| c.name == "YandexBot"))
            .unwrap()
            < report
                .crawlers
                .iter()
                .position(|row| row.crawler.is_some_and(|c| c.name == "CCBot"))
                .unwrap()
    );
}

#[test]
fn request_rate_windows_count_only_certain_excess() {
    let robots = "User-agent: *\nRequest-rate: 2/10s\n";
    let versions = vec![RobotsVersion::new(
        "r",
        Arc::new(RobotsTxt::parse(robots.as_bytes())),
    )];
    let line = |second: u32| {
        format!("18.97.9.170 - - [28/Feb/2026:10:00:{second:02} +0000] \"GET /x{second} HTTP/1.1\" 200 5 \"-\" \"CCBot/2.0\"\n")
    };
    // Three requests within 10 s break 2 per 10 s; at 0, 5, 10 the third is 10 s after the first.
    let log: String = [0, 1, 2, 20, 25, 30].iter().map(|&s| line(s)).collect();
    let (_, report) = replay_in_chunks(versions, ReplayOptions::default(), log.as_bytes(), &[1000]);
    let ccbot = report.row("CCBot", Claim::Crawler).unwrap();
    assert_eq!(
        ccbot
            .pace
            .request_rate
            .map(|rate| (rate.requests, rate.seconds)),
        Some((2, 10))
    );
    assert_eq!(ccbot.pace.over_request_rate, 1);
}

#[test]
fn lines_that_are_not_log_lines_are_counted_never_fatal() {
    let long = format!(
        "1.2.3.4 - - [28/Feb/2026:10:00:00 +0000] \"GET /{} HTTP/1.1\" 200 5 \"-\" \"x\"\n",
        "a".repeat(MAX_LOG_LINE_BYTES)
    );
    let mut log = String::new();
    log.push_str("\u{feff}garbage\n");
    log.push_str("\n\n");
    log.push_str(&long);
    log.push_str("{\"broken\": \n");
    log.push_str("{\"agent\": \"GPTBot\"}\n");
    log.push_str("1.2.3.4 - - [28/Feb/2026:10:00:00 +0000] \"-\" 400 0 \"-\" \"-\"\n");
    log.push_str("2026-02-28\t10:00:00\tW3C row before its fields\n");
    log.push_str("1.2.3.4 - - [28/Feb/2026:10:00:00 +0000] \"GET /ok HTTP/1.1\" 200 5 \"-\" \"GPTBot/1.2\"\r\n");
    let (judged, report) = replay_in_chunks(
        versions(),
        ReplayOptions::default(),
        log.as_bytes(),
        &[1000, 3],
    );
    assert_eq!(judged.len(), 1, "only the last line is a request");
    assert_eq!(judged[0].line, 9);
    assert_eq!(report.lines, 9);
    assert_eq!(report.skipped, 2);
    let reasons: Vec<(&str, u64)> = report
        .unreadable
        .reasons
        .iter()
        .map(|(k, v)| (*k, *v))
        .collect();
    assert_eq!(
        reasons,
        [
            ("invalid-json", 1),
            ("no-request", 2),
            ("too-long", 1),
            ("unrecognised", 2)
        ]
    );
    assert_eq!(report.unreadable.total, 6);
    assert_eq!(report.unreadable.examples[0].line, 1);
    assert!(report
        .unreadable
        .examples
        .iter()
        .all(|example| example.text.len() <= 303));
}

#[test]
fn requests_outside_every_version_are_counted_not_judged() {
    let dated = vec![RobotsVersion::new(
        "d",
        Arc::new(RobotsTxt::parse(b"User-agent: *\nDisallow: /\n")),
    )
    .from(Timestamp::parse("2026-03-01").unwrap())];
    let log = concat!(
        "1.2.3.4 - - [28/Feb/2026:10:00:00 +0000] \"GET /a HTTP/1.1\" 200 5 \"-\" \"GPTBot\"\n",
        "{\"url\": \"/no-time\", \"agent\": \"GPTBot\"}\n",
        "1.2.3.4 - - [02/Mar/2026:10:00:00 +0000] \"OPTIONS * HTTP/1.1\" 200 5 \"-\" \"GPTBot\"\n",
        "1.2.3.4 - - [02/Mar/2026:10:00:00 +0000] \"GET /b HTTP/1.1\" 200 5 \"-\" \"GPTBot\"\n",
    );
    let (judged, report) = replay_in_chunks(dated, ReplayOptions::default(), log.as_bytes(), &[50]);
    assert_eq!(
        judged.iter().map(|j| j.allowed).collect::<Vec<_>>(),
        [None, Some(false), None, Some(false)]
    );
    // One dated version and a request without a time: it is the only file, so it judges.
    assert_eq!(report.unjudged.get("before-first-version"), Some(&1));
    assert_eq!(report.unjudged.get("url-refused"), Some(&1));

    let two = vec![
        RobotsVersion::new("a", Arc::new(RobotsTxt::parse(b"")))
            .from(Timestamp::parse("2026-01-01").unwrap()),
        RobotsVersion::new("b", Arc::new(RobotsTxt::parse(b"")))
            .from(Timestamp::parse("2026-02-01").unwrap()),
    ];
    let (_, report) =
        replay_in_chunks(two, ReplayOptions::default(), b"{\"url\": \"/x\"}\n", &[50]);
    assert_eq!(report.unjudged.get("no-time"), Some(&1));

    let only_shop = vec![RobotsVersion::new("shop", Arc::new(RobotsTxt::parse(b"")))
        .site(Site::parse("shop.example").unwrap())];
    let (judged, report) = replay_in_chunks(only_shop, ReplayOptions::default(), b"{\"url\": \"/x\", \"host\": \"other.example\"}\n{\"url\": \"/x\", \"host\": \"SHOP.example:443\"}\n", &[50]);
    assert_eq!(report.unjudged.get("no-file"), Some(&1));
    assert_eq!(judged[1].allowed, Some(true));
}

#[test]
fn versions_that_collide_or_are_missing_are_refused() {
    assert!(LogReplay::new(Vec::new(), ReplayOptions::default()).is_err());
    let same = |label: &str| {
        RobotsVersion::new(label, Arc::new(RobotsTxt::parse(b"")))
            .from(Timestamp::parse("2026-01-01").unwrap())
    };
    let error = LogReplay::new(vec![same("a"), same("b")], ReplayOptions::default()).unwrap_err();
    assert!(error.to_string().contains("a and b"), "{error}");
    assert!(Site::parse("ftp://x").is_err());
    assert!(Site::parse("x:port").is_err());
    assert_eq!(
        Site::parse("HTTPS://Shop.Example:8443/")
            .unwrap()
            .to_string(),
        "https://shop.example:8443"
    );
    assert_eq!(Site::parse("[::1]:8080").unwrap().host, "::1");
}

#[test]
fn the_timeline_widens_to_stay_bounded_and_keeps_every_request() {
    let mut log = String::new();
    // One request a day for a year, by GPTBot.
    let start = Timestamp::parse("2025-03-01").unwrap().millis;
    for day in 0..365 {
        let iso = Timestamp::from_millis(start + day * 86_400_000).to_string();
        log.push_str(&format!("{{\"time\":\"{iso}\",\"url\":\"/d{day}\",\"agent\":\"GPTBot/1.2\",\"ip\":\"20.171.206.7\"}}\n"));
    }
    let versions = vec![RobotsVersion::new(
        "v",
        Arc::new(RobotsTxt::parse(b"User-agent: *\nDisallow: /d1\n")),
    )];
    let (_, report) = replay_in_chunks(versions, ReplayOptions::default(), log.as_bytes(), &[777]);
    assert!(
        report.timeline.buckets <= MAX_TIMELINE_BUCKETS,
        "{:?}",
        report.timeline
    );
    assert!(report.timeline.buckets > 100);
    let row = report.row("GPTBot", Claim::Crawler).unwrap();
    assert_eq!(row.timeline.len(), report.timeline.buckets);
    assert_eq!(row.timeline.iter().map(|b| b[0]).sum::<u64>(), 365);
    assert_eq!(
        row.timeline.iter().map(|b| b[1]).sum::<u64>(),
        row.disallowed
    );
    assert!(row.disallowed > 100, "/d1, /d10…/d199 are disallowed");
}

#[test]
fn a_field_mapping_reads_other_names() {
    let options = ReplayOptions {
        format: LogFormat::Json,
        fields: FieldMap::parse("agent=client.agent,url=req.path,time=at").unwrap(),
        ..ReplayOptions::default()
    };
    let log = "{\"at\":\"2026-03-02T00:00:00Z\",\"client\":{\"agent\":\"GPTBot/1.2\"},\"req\":{\"path\":\"/x\"}}\n";
    let (judged, _) = replay_in_chunks(versions(), options, log.as_bytes(), &[10]);
    assert_eq!(
        (judged[0].crawler, judged[0].allowed, judged[0].version),
        (Some("GPTBot"), Some(false), Some(1))
    );
}

#[test]
fn unknown_agents_that_share_groups_share_verdicts_and_stay_right() {
    // Many user agents the file treats alike, and one it names.
    let robots = "User-agent: special\nDisallow: /s\n\nUser-agent: *\nDisallow: /p\n";
    let versions = vec![RobotsVersion::new(
        "v",
        Arc::new(RobotsTxt::parse(robots.as_bytes())),
    )];
    let mut log = String::new();
    let mut expected = Vec::new();
    let checker_file = RobotsTxt::parse(robots.as_bytes());
    let checker = checker_file.checker(Profile::Rfc9309);
    for n in 0..300 {
        let agent = if n % 7 == 0 {
            format!("special/{n}")
        } else {
            format!("Browser{n}/1.0")
        };
        let url = ["/s", "/p", "/x"][n % 3];
        log.push_str(&format!("{{\"url\":\"{url}\",\"agent\":\"{agent}\"}}\n"));
        let verdict = checker
            .ask_verdict(
                &Question::agent(&agent, url)
                    .agent_match(AgentMatch::Substring)
                    .reading(UrlReading::Path),
            )
            .unwrap();
        expected.push(Some(verdict.allowed));
    }
    let (judged, _) = replay_in_chunks(versions, ReplayOptions::default(), log.as_bytes(), &[4096]);
    assert_eq!(
        judged.iter().map(|j| j.allowed).collect::<Vec<_>>(),
        expected
    );
}

#[test]
fn the_first_log_of_a_replay_is_named_and_files_number_their_own_lines() {
    let mut replay = LogReplay::new(versions(), ReplayOptions::default()).unwrap();
    let mut lines = Vec::new();
    let mut sink = |request: &JudgedRequest<'_>| lines.push((request.file, request.line));
    let line = "1.2.3.4 - - [28/Feb/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"x\"\n";
    replay.start_file("a.log", &mut sink);
    replay.feed(line.repeat(2).as_bytes(), &mut sink);
    replay.start_file("b.log", &mut sink);
    replay.feed(line.as_bytes(), &mut sink);
    replay.finish(&mut sink);
    assert_eq!(lines, [(0, 1), (0, 2), (1, 1)]);
    assert_eq!(replay.report().files, ["a.log", "b.log"]);
    assert!(find_crawler("Googlebot").is_some());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any bytes, cut anywhere: no panic, every line counted once.
    #[test]
    fn any_bytes_are_read_without_a_panic(bytes in proptest::collection::vec(any::<u8>(), 0..4000), cut in 1usize..500) {
        let (_, report) = replay_in_chunks(versions(), ReplayOptions::default(), &bytes, &[cut]);
        let newlines = bytes.iter().filter(|&&b| b == b'\n').count() as u64;
        let last = u64::from(!bytes.is_empty() && *bytes.last().unwrap() != b'\n');
        prop_assert_eq!(report.lines, newlines + last);
        prop_assert_eq!(report.requests + report.skipped + report.unreadable.total, report.lines);
    }
}
