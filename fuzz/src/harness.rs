//! What each fuzz target does with its bytes, and what must hold for any input. Shared by the
//! cargo-fuzz targets and by `crates/core/tests/fuzz_regressions.rs` (which includes this file
//! by path, so it depends on nothing but the core).
//!
//! An input is split at 0xFE bytes into the file, the agent, the URL and a fetch status; its
//! first byte picks the profile and the agent match. Arguments past the core's limits are
//! refused by the answering layer, which is an answer too.

use robots_lens::{
    compare_profiles, crawlers, AgentMatch, Checker, FetchStatus, Profile, Question, Reason,
    RobotsTxt, RuleKind, UrlReading, Verdict,
};

/// The parts of a fuzz input.
pub struct Parts<'a> {
    pub robots: &'a [u8],
    pub agent: String,
    pub url: String,
    pub status: String,
    pub profile: Profile,
    pub agent_match: AgentMatch,
}

/// Splits `data` as the module doc says.
pub fn parts(data: &[u8]) -> Parts<'_> {
    let selector = data.first().copied().unwrap_or(0);
    let mut pieces = data
        .get(1..)
        .unwrap_or_default()
        .splitn(4, |&byte| byte == 0xFE);
    let mut next = || pieces.next().unwrap_or_default();
    let robots = next();
    let agent = String::from_utf8_lossy(next()).into_owned();
    let url = String::from_utf8_lossy(next()).into_owned();
    let status = String::from_utf8_lossy(next()).into_owned();
    Parts {
        robots,
        agent,
        url,
        status,
        profile: Profile::ALL[usize::from(selector) % Profile::ALL.len()],
        agent_match: AgentMatch::ALL[usize::from(selector / 16) % AgentMatch::ALL.len()],
    }
}

/// What every verdict on `robots` must satisfy, whatever the question.
pub fn assert_verdict(robots: &RobotsTxt, verdict: &Verdict) {
    let lines = robots.lines().len();
    if let Some(rule) = &verdict.decisive {
        assert!(
            rule.line >= 1 && rule.line <= lines,
            "decisive line {} of {lines}",
            rule.line
        );
        if verdict.reason == Reason::RuleMatched {
            assert_eq!(verdict.allowed, rule.kind == RuleKind::Allow, "{verdict:?}");
        }
    }
    for found in &verdict.matches {
        assert!(
            found.line >= 1 && found.line <= lines,
            "matching line {} of {lines}",
            found.line
        );
    }
    for group in verdict.groups.iter() {
        for &line in group.lines.iter().chain(&group.matched_agent_lines) {
            assert!(line >= 1 && line <= lines, "group line {line} of {lines}");
        }
    }
    if verdict.reason == Reason::NoRuleMatched || verdict.reason == Reason::NoGroupApplies {
        assert!(verdict.allowed, "{:?} but disallowed", verdict.reason);
    }
}

/// `question` asked of `checker` with the URL read both ways (as typed, and as a path, which
/// takes any string): every verdict it gives holds [`assert_verdict`]'s invariants; a refusal
/// (a URL no crawler requests, an argument over the limits) is an answer too.
fn ask_both_readings(robots: &RobotsTxt, checker: &Checker<'_>, question: Question<'_>) {
    for reading in [UrlReading::Typed, UrlReading::Path] {
        if let Ok(verdict) = checker.ask_verdict(&question.reading(reading)) {
            assert_verdict(robots, &verdict);
        }
    }
}

/// Parse, then every profile's answer with both agent matches and as each catalogued crawler.
pub fn check(data: &[u8]) {
    let input = parts(data);
    let robots = RobotsTxt::parse(input.robots);
    for profile in Profile::ALL {
        let checker = robots.checker(profile);
        for agent_match in AgentMatch::ALL {
            let question = Question::agent(&input.agent, &input.url).agent_match(agent_match);
            ask_both_readings(&robots, &checker, question);
        }
    }
    let checker = robots.checker(input.profile);
    for crawler in crawlers().iter().take(4) {
        ask_both_readings(&robots, &checker, Question::crawler(crawler, &input.url));
    }
}

/// The audit: every finding names a line of the file and a span inside it.
pub fn audit(data: &[u8]) {
    let robots = RobotsTxt::parse(data);
    let lines = robots.lines().len();
    for finding in robots.audit() {
        assert!(
            finding.line <= lines.max(1),
            "finding on line {} of {lines}",
            finding.line
        );
        if let Some(span) = finding.span {
            assert!(
                span.start <= span.end && span.end <= data.len(),
                "{span:?} in {} bytes",
                data.len()
            );
        }
        assert!(!finding.message.english().is_empty());
    }
}

/// The other readers' answers and their explanations, for the input's question.
pub fn divergence(data: &[u8]) {
    let input = parts(data);
    let robots = RobotsTxt::parse(input.robots);
    let question = Question::agent(&input.agent, &input.url)
        .agent_match(input.agent_match)
        .reading(UrlReading::Path);
    let Ok(main) = robots.checker(input.profile).ask_verdict(&question) else {
        return;
    };
    let rows = compare_profiles(&robots, &question, &main);
    assert_eq!(rows.len(), Profile::ALL.len());
    for row in &rows {
        assert_verdict(&robots, &row.verdict);
        if row.profile == input.profile {
            assert!(row.agrees, "the main profile disagrees with itself");
        }
        if !row.agrees {
            assert!(
                row.why.is_some(),
                "{:?} disagrees without a reason",
                row.profile
            );
        }
    }
}

/// Every catalogued crawler's row for the input's URL and fetch status.
pub fn crawler_table(data: &[u8]) {
    let input = parts(data);
    let status = input.status.parse().unwrap_or_else(|_| FetchStatus::ok());
    let robots = RobotsTxt::parse(input.robots);
    let Ok(rows) = robots
        .checker(input.profile)
        .ask_crawler_table(&input.url, &status)
    else {
        return;
    };
    assert_eq!(rows.len(), crawlers().len());
    for row in &rows {
        assert_verdict(&robots, &row.verdict);
    }
}

/// A size-aware generator: the bytes drive the shape of a large file and question (many groups,
/// long lines, stars, long URLs), which plain fuzzing never reaches. Each generated case is
/// asked as `check`, the audit and the crawler table ask their inputs.
pub fn sized(data: &[u8]) {
    let case = generate(data);
    let robots = RobotsTxt::parse(case.robots.as_bytes());
    for profile in Profile::ALL {
        let checker = robots.checker(profile);
        for agent_match in AgentMatch::ALL {
            let question = Question::agent(&case.agent, &case.url).agent_match(agent_match);
            ask_both_readings(&robots, &checker, question);
        }
    }
    let _ = robots.audit();
    if let Ok(rows) = robots
        .checker(Profile::Google)
        .ask_crawler_table(&case.url, &FetchStatus::ok())
    {
        assert_eq!(rows.len(), crawlers().len());
    }
}

/// A generated case: a robots.txt and a question within the core's limits.
pub struct Generated {
    pub robots: String,
    pub agent: String,
    pub url: String,
}

/// Builds a case from `data`: each pair of bytes is one instruction (what to add, how many or
/// how long), so short inputs describe files of megabytes and the fuzzer can grow them.
pub fn generate(data: &[u8]) -> Generated {
    const AGENTS: [&str; 6] = [
        "*",
        "Googlebot",
        "GPTBot",
        "Bingbot",
        "googlebot-image",
        "a-b_c",
    ];
    let mut robots = String::new();
    let mut url = String::from("/");
    let mut agent = String::from("Googlebot");
    for pair in data.chunks(2) {
        let (op, size) = (pair[0], usize::from(*pair.get(1).unwrap_or(&0)));
        let name = AGENTS[usize::from(op >> 4) % AGENTS.len()];
        match op % 8 {
            // Many groups: up to 255 × 64 of them.
            0 => {
                for index in 0..size * 64 {
                    robots.push_str(&format!("User-agent: {name}\nDisallow: /g{index}/\n"));
                }
            }
            // A long line of stars and letters, up to 255 × 256 bytes.
            1 => {
                robots.push_str("Disallow: /");
                robots.push_str(&"*a".repeat(size * 128));
                robots.push_str("*b\n");
            }
            // A long literal line, past Google's line limit when large.
            2 => {
                robots.push_str("Allow: /");
                robots.push_str(&"x".repeat(size * 512));
                robots.push('\n');
            }
            // A long URL.
            3 => url.push_str(&"a".repeat(size * 128)),
            // A group with many agents, then many rules.
            4 => {
                for _ in 0..size {
                    robots.push_str(&format!("User-agent: {name}\n"));
                }
                for index in 0..size * 16 {
                    robots.push_str(&format!("Disallow: /*{index}*$\n"));
                }
            }
            5 => agent = format!("Mozilla/5.0 (compatible; {name}/2.1)"),
            6 => robots.push_str(&"Sitemap: https://example.com/s.xml\n".repeat(size * 16)),
            _ => robots.push_str(&"# comment\n\n".repeat(size * 64)),
        }
        if robots.len() > 12 << 20 {
            break;
        }
    }
    url.truncate(robots_lens::MAX_URL_BYTES);
    Generated { robots, agent, url }
}
