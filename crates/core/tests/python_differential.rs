//! The `python` profile against the real thing: thousands of generated robots.txt files and
//! questions, answered by this machine's CPython `urllib.robotparser`
//! (`tests/python/robotparser_oracle.py`) and by the profile, must agree on every verdict, on the
//! path Python compares, on the rule that decided, and on whether `parse()` raised and where.
//!
//! The cases come from a seeded generator, so a run is reproducible; set `PYTHON_DIFF_SEED` to
//! explore other seeds and `PYTHON_DIFF_FILES` to change how many files are generated. Without
//! `python3` on the PATH, or with a Python that reads URLs or files differently from the 3.11.7
//! the profile models, the test fails unless `python` is allowed to be missing (`inputs`): the
//! RFC 9309 rewrite of later 3.13 and 3.14
//! releases; the `urlunsplit` of releases from mid-2024 on (gh-67693: 3.13.0, and the 3.12 and
//! 3.11 updates of that time), which writes a path starting with `//` as `////…`; releases before
//! 3.11.4, which accept any bracketed host. Python 3.12.1 agrees with 3.11.7 on every case.
//!
//! Input classes deliberately not generated, each for a stated reason:
//!
//! - Agent names with characters whose lower-case mapping changed after Unicode 14 (Python
//!   3.11's `str.lower()`) in the Unicode version of Rust's `to_lowercase`: the profile lowers
//!   names with Rust's tables, so such a name may compare differently. No crawler name is
//!   affected; the names generated use long-stable letters (`É`, `Σ`, `ß`).
//! - Invalid UTF-8 is generated, but the oracle decodes it with `errors="replace"`, because
//!   `RobotFileParser.read()` raises `UnicodeDecodeError` on it and never answers; the profile
//!   documents that it reads such a file as the replacement decoding does.
//!
//! `AgentMatch` plays no part: the profile has its own agent comparison, whatever is passed.

mod inputs;
mod python_oracle;

use std::path::{Path, PathBuf};
use std::process::Command;

use python_oracle::Oracle;
use robots_lens::{
    reader_error, AgentMatch, Profile, Question, Reason, RobotsTxt, RuleKind, UrlReading, Verdict,
};
use serde::{Deserialize, Serialize};

/// SplitMix64: small, fast, and the same sequence everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `percent`/100.
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const FILE_AGENTS: &[&str] = &[
    "*",
    "*",
    "*",
    "*",
    "FooBot",
    "foobot",
    "FOOBOT",
    "Foo",
    "bot",
    "FooBot/2.1",
    "Googlebot",
    "Googlebot-Image",
    "Googlebot Images",
    "BarBot",
    "",
    "%46ooBot",
    "Foo%20Bot",
    "ÉBot",
    "ΣBOT",
    "straße",
    "* ",
    "*bot",
    "Mozilla",
    "%2A",
    "x",
];

const CALLER_AGENTS: &[&str] = &[
    "FooBot",
    "FooBot/1.0",
    "foobot/2 (+https://example.com/bot)",
    "Mozilla/5.0 (compatible; FooBot/1.0)",
    "BarBot",
    "Googlebot",
    "Googlebot/2.1",
    "Googlebot-Image/1.0",
    "Googlebot Images",
    "éBot/1",
    "σbot",
    "STRASSE",
    "x",
    "",
    "Foo Bot",
    "*",
    "OtherBot/3",
];

const PATTERNS: &[&str] = &[
    "/",
    "",
    "",
    "/a",
    "/a/",
    "/a/b",
    "/A",
    "/a*",
    "/*.php",
    "/*.php$",
    "/a$",
    "/a$b",
    "/fish*",
    "/fish",
    "/%7Ejoe",
    "/~joe",
    "/%7ejoe",
    "/a%2Fb",
    "/a%2fb",
    "/a%20b",
    "/a b",
    "/caf%C3%A9",
    "/café",
    "/ツ",
    "/%E3%83%84",
    "/%e3%83%84",
    "/%C3",
    "/%FF",
    "/%E2%82",
    "/a?b",
    "/a?",
    "/a#b",
    "/a;p",
    "/a;",
    "//",
    "///a",
    "//host/x",
    "http://example.com/a",
    "HTTP:/x",
    "mailto:x",
    "*",
    "$",
    "/a%3Fb",
    "/a%23b",
    "%2A",
    "/%09x",
    "%20/a",
    "/%0Ax",
    "%01/a",
    "//[::1]/x",
    "/page",
    "/page$",
    "/public",
    "/x/page.",
    "/*.html",
    "/robots.txt",
    "/dir/index.html",
    "/a\u{0}b",
    "/a\u{a0}",
    "/secret",
    "?",
    "#",
    "/a%",
    "/a%4",
    "/a%zz",
    "/\u{1F600}",
    "//[::1]:80/x",
    "//[v1.a]/",
    "//user@[::ffff:1.2.3.4]/",
    "//[fe80::1%25eth0]/",
    "//caf\u{e9}/x",
    "//h:80",
];

/// Patterns that make `parse()` raise `ValueError`; rare, as they end the reading.
const RAISING_PATTERNS: &[&str] = &[
    "//[",
    "//a]/",
    "//[x]/",
    "//[1.2.3.4]/",
    "//a\u{2100}b/",
    "//[v1.]/",
    "%2F%2F%5B",
    "//[1::2::3]/",
    "//[fe80::1%]/",
    "//x\u{ff0f}y",
];

/// Path pieces that random patterns and URLs are built from.
const PIECES: &[&str] = &[
    "a", "b", "/", "/", "%2F", "%2f", "%7E", "~", "*", "$", "?", "#", ";", "%", "%41", "%e9", "é",
    " ", ".", "%C3%A9", "=", "&", "%3F", "%23", "%24", "%2A", "A", "\t", "+", ":", "@",
];

const URLS: &[&str] = &[
    "/",
    "",
    "/a",
    "/a/b",
    "/A",
    "/a.php",
    "/x.php",
    "/a$b",
    "/a#frag",
    "/a?q=1",
    "/a?b",
    "/a%3Fb",
    "/a%2Fb",
    "/a/b%2F",
    "/~joe",
    "/%7Ejoe",
    "/%7ejoe",
    "/café",
    "/caf%C3%A9",
    "/caf%c3%a9",
    "/ツ",
    "/%E3%83%84",
    "/a b",
    "/a%20b",
    "/fish",
    "/fish.html",
    "/robots.txt",
    "/page",
    "/public",
    "/x/page.html",
    "/a;p",
    "/a;p?q#f",
    "//a/b",
    "http://example.com",
    "https://example.com/a?x#y",
    "http://example.com?x",
    "https://user@example.com:8080/a/b",
    "HTTP://EXAMPLE.COM/A",
    "http://[::1]/a",
    "http://[bad/x",
    "http://[x]/a",
    "/*",
    "/a*",
    "/%2A",
    "/%24",
    "mailto:a",
    "?x",
    "#x",
    "/a%09b",
    "%20/a",
    "/dir/",
    "/secret/x",
    "/%FF",
    "/a%",
    "ftp://h/a",
    "//[/a",
    "/\u{1F600}",
    "http://[::1]:8080/a?b",
    "http://h\u{2100}/a",
    "http://%5B::1%5D/a",
    "/%2F%2Fh/a",
];

const KEYS_AGENT: &[&str] = &[
    "User-agent",
    "User-agent",
    "user-agent",
    "USER-AGENT",
    "User-Agent ",
    " User-agent",
    "Useragent",
    "User agent",
    "\u{a0}User-agent",
];
const KEYS_DISALLOW: &[&str] = &[
    "Disallow",
    "Disallow",
    "Disallow",
    "disallow",
    "DISALLOW",
    "Disallowed",
    "Disalow",
    "Disallow ",
];
const KEYS_ALLOW: &[&str] = &["Allow", "Allow", "allow", "ALLOW", "Allowed"];
const CRAWL_DELAYS: &[&str] = &[
    "5", " 10 ", "abc", "1.5", "\u{b2}", "\u{2460}", "\u{665}", "",
];
const REQUEST_RATES: &[&str] = &[
    "1/5", "1/x", "\u{b2}/5", "5/\u{b2}", "a/b/c", "3", "\u{b2}/x",
];
const SEPARATORS: &[&str] = &[": ", ": ", ":", " : ", ":\t", ":\u{3000}", " "];
const PADDING: &[&str] = &["", "", "", "", " ", "\t", "\u{a0}", "\u{1f}", "\u{3000}"];
const COMMENTS: &[&str] = &[" # a comment", "#c", "# Disallow: /", "  #"];
const TERMINATORS: &[&str] = &[
    "\n", "\n", "\n", "\n", "\r\n", "\r\n", "\r", "\u{b}", "\u{c}", "\u{1c}", "\u{85}", "\u{2028}",
    "\u{2029}",
];

fn random_path(rng: &mut Rng) -> String {
    let mut path = String::from(if rng.chance(85) { "/" } else { "" });
    for _ in 0..rng.below(5) {
        path.push_str(rng.pick(PIECES));
    }
    path
}

fn pattern(rng: &mut Rng) -> String {
    match rng.below(1000) {
        0..=4 => rng.pick(RAISING_PATTERNS).to_owned(),
        5..=299 => random_path(rng),
        _ => rng.pick(PATTERNS).to_owned(),
    }
}

fn line(rng: &mut Rng, key: &str, value: &str) -> String {
    let mut line = String::new();
    line.push_str(rng.pick(PADDING));
    line.push_str(key);
    line.push_str(rng.pick(SEPARATORS));
    line.push_str(value);
    line.push_str(rng.pick(PADDING));
    if rng.chance(8) {
        line.push_str(rng.pick(COMMENTS));
    }
    line
}

/// One generated robots.txt.
struct Generated {
    text: String,
    /// The user-agent values it names.
    agents: Vec<String>,
    /// The rule values it holds.
    patterns: Vec<String>,
}

fn robots_file(rng: &mut Rng) -> Generated {
    let mut lines: Vec<String> = Vec::new();
    let mut named = Vec::new();
    let mut patterns = Vec::new();
    if rng.chance(10) {
        let orphan = pattern(rng);
        lines.push(line(rng, "Disallow", &orphan));
    }
    for _ in 0..1 + rng.below(5) {
        for _ in 0..1 + rng.below(3) {
            let agent = rng.pick(FILE_AGENTS);
            named.push(agent.to_owned());
            let key = rng.pick(KEYS_AGENT);
            lines.push(line(rng, key, agent));
            if rng.chance(4) {
                lines.push(String::new());
            }
        }
        for _ in 0..rng.below(6) {
            let (key, value) = match rng.below(1000) {
                0..=549 => (rng.pick(KEYS_DISALLOW), pattern(rng)),
                550..=849 => (rng.pick(KEYS_ALLOW), pattern(rng)),
                850..=889 => ("Crawl-delay", rng.pick(CRAWL_DELAYS).to_owned()),
                890..=909 => ("Request-rate", rng.pick(REQUEST_RATES).to_owned()),
                910..=924 => ("Sitemap", "https://example.com/s.xml".to_owned()),
                925..=939 => ("Host", "example.com".to_owned()),
                940..=941 => ("Crawl-delay", "1".repeat(4301)),
                942..=944 => ("Disallow", format!("/{}", "x".repeat(17_000))),
                other => {
                    lines.push(match other {
                        945..=964 => rng.pick(COMMENTS).trim_start().to_owned(),
                        965..=974 => " ".to_owned(),
                        975..=984 => "Disallow /a".to_owned(),
                        985..=994 => String::new(),
                        _ => "\u{feff}Disallow: /a".to_owned(),
                    });
                    continue;
                }
            };
            if key != "Crawl-delay" && key != "Request-rate" && value.len() < 100 {
                patterns.push(value.clone());
            }
            let entry = line(rng, key, &value);
            lines.push(entry);
        }
        match rng.below(10) {
            0..=5 => lines.push(String::new()),
            6 => lines.push("   ".to_owned()),
            7 => lines.push("# between records".to_owned()),
            _ => {}
        }
    }
    let mut text = String::new();
    if rng.chance(3) {
        text.push('\u{feff}');
    }
    for (index, line) in lines.iter().enumerate() {
        text.push_str(line);
        if index + 1 < lines.len() || rng.chance(70) {
            text.push_str(rng.pick(TERMINATORS));
        }
    }
    Generated {
        text,
        agents: named,
        patterns,
    }
}

/// The same text with a few bytes that are not UTF-8 spliced in.
fn break_utf8(rng: &mut Rng, text: &str) -> Vec<u8> {
    const BAD: &[&[u8]] = &[
        b"\xff",
        b"\xc3",
        b"\xe2\x82",
        b"\xed\xa0\x80",
        b"\xf0\x90\x80",
        b"\xe0\x80\x80",
        b"\xef\xbb",
        b"\xc0\xaf",
        b"\x80",
    ];
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(bytes.len() + 1);
        let bad = BAD[rng.below(BAD.len())];
        bytes.splice(at..at, bad.iter().copied());
    }
    bytes
}

fn url(rng: &mut Rng, patterns: &[String]) -> String {
    match rng.below(100) {
        0..=19 => random_path(rng),
        20..=29 => format!("https://example.com{}", random_path(rng)),
        30..=64 if !patterns.is_empty() => {
            // A path a rule of the file may well match, or just miss.
            let mut url = patterns[rng.below(patterns.len())].clone();
            match rng.below(4) {
                0 => {}
                1 => url.push_str(rng.pick(PIECES)),
                2 => url = format!("https://example.com{url}"),
                _ => {
                    url.pop();
                }
            }
            url
        }
        _ => rng.pick(URLS).to_owned(),
    }
}

#[derive(Serialize)]
struct OracleCase<'a> {
    id: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    robots: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    robots_hex: Option<String>,
    queries: &'a [(String, String)],
}

#[derive(Deserialize)]
struct Hello {
    python: String,
    unicode: String,
    legacy: bool,
    differences: Vec<String>,
}

#[derive(Deserialize)]
struct OracleReply {
    id: usize,
    parse_error: Option<ParseError>,
    answers: Vec<Answer>,
}

#[derive(Deserialize)]
struct ParseError {
    message: String,
    line: Option<String>,
}

#[derive(Deserialize)]
struct Answer {
    allowed: Option<bool>,
    path: Option<String>,
    rule: Option<(bool, String)>,
    error: Option<String>,
}

/// What the compared questions exercised, so that a generator that drifts into testing little
/// is noticed.
#[derive(Debug, Default)]
struct Coverage {
    disallowed: usize,
    allowed_by_rule: usize,
    no_rule_matched: usize,
    no_record: usize,
    default_record: usize,
    url_errors: usize,
    parse_errors: usize,
    invalid_utf8: usize,
}

impl Coverage {
    fn count(&mut self, verdict: &Verdict) {
        match verdict.reason {
            Reason::RuleMatched if verdict.allowed => self.allowed_by_rule += 1,
            Reason::RuleMatched => self.disallowed += 1,
            Reason::NoRuleMatched => self.no_rule_matched += 1,
            Reason::NoGroupApplies => self.no_record += 1,
            Reason::ReaderError => self.url_errors += 1,
            _ => {}
        }
        self.default_record += usize::from(verdict.used_star_group);
    }

    fn assert_broad(&self, compared: usize) {
        let share = |count: usize| count * 100 / compared;
        assert!(share(self.disallowed) >= 8, "{self:?}");
        assert!(share(self.allowed_by_rule) >= 5, "{self:?}");
        assert!(share(self.no_rule_matched) >= 10, "{self:?}");
        assert!(share(self.default_record) >= 15, "{self:?}");
        assert!(self.no_record > 0 && self.url_errors > 0, "{self:?}");
        assert!(self.parse_errors > 0 && self.invalid_utf8 > 0, "{self:?}");
    }
}

struct Case {
    bytes: Vec<u8>,
    text: Option<String>,
    queries: Vec<(String, String)>,
}

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

fn generate(seed: u64, files: usize) -> Vec<Case> {
    let mut rng = Rng(seed);
    (0..files)
        .map(|_| {
            let Generated {
                text,
                agents: named,
                patterns,
            } = robots_file(&mut rng);
            let queries = (0..8)
                .map(|_| {
                    let agent = if rng.chance(50) && !named.is_empty() {
                        // Ask with a name the file uses, sometimes with a version.
                        let name = named[rng.below(named.len())].clone();
                        if rng.chance(50) {
                            format!("{name}/1.0")
                        } else {
                            name
                        }
                    } else {
                        rng.pick(CALLER_AGENTS).to_owned()
                    };
                    (agent, url(&mut rng, &patterns))
                })
                .collect();
            if rng.chance(3) {
                Case {
                    bytes: break_utf8(&mut rng, &text),
                    text: None,
                    queries,
                }
            } else {
                Case {
                    bytes: text.clone().into_bytes(),
                    text: Some(text),
                    queries,
                }
            }
        })
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Compares one answer; returns what differs.
fn compare(verdict: &Verdict, answer: &Answer) -> Option<String> {
    if let Some(error) = &answer.error {
        return (verdict.reason != Reason::ReaderError).then(|| {
            format!(
                "Python raised ValueError({error:?}), the profile answered {} ({})",
                verdict.allowed,
                verdict.reason.id()
            )
        });
    }
    let allowed = answer.allowed.expect("an answer or an error");
    let rule = verdict
        .decisive
        .as_ref()
        .map(|rule| (rule.kind == RuleKind::Allow, rule.normalised.to_string()));
    let mut differences = Vec::new();
    if verdict.reason == Reason::ReaderError {
        differences.push("the profile says can_fetch raises; Python answered".to_owned());
    }
    if verdict.allowed != allowed {
        differences.push(format!(
            "allowed: Python {allowed}, profile {}",
            verdict.allowed
        ));
    }
    if answer.path.as_deref() != Some(verdict.normalised_path.as_str()) {
        differences.push(format!(
            "compared path: Python {:?}, profile {:?}",
            answer.path, verdict.normalised_path
        ));
    }
    if rule != answer.rule {
        differences.push(format!(
            "deciding rule: Python {:?}, profile {rule:?} (line {:?})",
            answer.rule,
            verdict.decisive.as_ref().map(|rule| rule.line)
        ));
    }
    (!differences.is_empty()).then(|| differences.join("; "))
}

/// Checks the Unicode tables against this Python when it has the Unicode version they were
/// generated from.
fn check_unicode_tables(root: &Path, hello: &Hello) {
    let tables = root.join("crates/core/src/legacy/python_unicode.rs");
    let text = std::fs::read_to_string(&tables).expect("the tables module exists");
    if !text.contains(&format!("(Unicode {})", hello.unicode)) {
        inputs::missing(
            "python",
            "the Unicode tables against this Python",
            &format!(
                "{} was generated from another Unicode version than this Python's {}",
                tables.display(),
                hello.unicode
            ),
        );
        return;
    }
    let status = Command::new("python3")
        .arg(root.join("tests/python/unicode_tables.py"))
        .arg("--check")
        .arg(&tables)
        .status()
        .expect("python3 runs");
    assert!(
        status.success(),
        "the Unicode tables differ from this Python's; regenerate them with \
         tests/python/unicode_tables.py"
    );
}

#[test]
fn python_profile_agrees_with_cpython_robotparser() {
    let root = repo_root();
    let test = "the Python differential test";
    let Some((mut oracle, first)) = Oracle::start(test) else {
        return;
    };
    let hello: Hello = serde_json::from_str(&first).expect("the oracle's hello line");
    let unlike_the_model = if !hello.legacy {
        Some("its urllib.robotparser is the RFC 9309 rewrite".to_owned())
    } else if !hello.differences.is_empty() {
        Some(format!("its urllib.parse {}", hello.differences.join(", ")))
    } else {
        None
    };
    if let Some(why) = unlike_the_model {
        oracle.stop();
        inputs::missing(
            "python",
            test,
            &format!(
                "the `python` profile models CPython 3.11.7 and this Python {} differs: {why}",
                hello.python
            ),
        );
        return;
    }
    check_unicode_tables(&root, &hello);

    let seed = env_number("PYTHON_DIFF_SEED", 0x5EED_2026);
    let files = env_number("PYTHON_DIFF_FILES", 4000) as usize;
    let cases = generate(seed, files);
    let requests: Vec<String> = cases
        .iter()
        .enumerate()
        .map(|(id, case)| {
            let request = OracleCase {
                id,
                robots: case.text.as_deref(),
                robots_hex: case.text.is_none().then(|| hex(&case.bytes)),
                queries: &case.queries,
            };
            serde_json::to_string(&request).expect("serialisable")
        })
        .collect();
    oracle.ask(requests);

    let mut compared = 0;
    let mut coverage = Coverage::default();
    let mut failures = Vec::new();
    for (id, case) in cases.iter().enumerate() {
        let reply = oracle.answer();
        let reply: OracleReply = serde_json::from_str(&reply)
            .unwrap_or_else(|error| panic!("oracle reply for case {id}: {error}: {reply}"));
        assert_eq!(reply.id, id, "the oracle answers in order");
        let robots = RobotsTxt::parse(&case.bytes);
        let describe = |what: String| {
            format!(
                "case {id} (seed {seed:#x}): {what}\n  robots {:?}",
                String::from_utf8_lossy(&case.bytes)
            )
        };
        let error = reader_error(&robots, Profile::Python);
        coverage.parse_errors += usize::from(error.is_some());
        coverage.invalid_utf8 += usize::from(case.text.is_none());
        match (&reply.parse_error, &error) {
            (None, None) => {}
            (Some(python), Some(ours)) => {
                let text = robots.line(ours.line).expect("a real line").text();
                let python_line = python.line.as_deref().unwrap_or_default();
                if !text.contains(python_line.trim_start_matches('\u{feff}')) {
                    failures.push(describe(format!(
                        "parse() raised on {python_line:?}, the profile stops at line {} {text:?}",
                        ours.line
                    )));
                }
            }
            (Some(python), None) => failures.push(describe(format!(
                "parse() raised ValueError({:?}), the profile read on",
                python.message
            ))),
            (None, Some(ours)) => failures.push(describe(format!(
                "the profile stops at line {} ({}), parse() did not raise",
                ours.line, ours.message
            ))),
        }
        let checker = robots.checker(Profile::Python);
        for ((agent, url), answer) in case.queries.iter().zip(&reply.answers) {
            compared += 1;
            // Any model will do: the profile ignores it.
            let model = if compared % 2 == 0 {
                AgentMatch::Substring
            } else {
                AgentMatch::Token
            };
            // The real robotparser is given the URL as it is: asked as a request line.
            let question = Question::agent(agent, url)
                .agent_match(model)
                .reading(UrlReading::RequestLine);
            let verdict = checker.ask_verdict(&question).expect("within the limits");
            coverage.count(&verdict);
            if let Some(difference) = compare(&verdict, answer) {
                failures.push(describe(format!(
                    "agent {agent:?} url {url:?}: {difference}"
                )));
            }
        }
    }
    oracle.finish();

    eprintln!(
        "python differential: {compared} questions on {} files compared with Python {} \
         (seed {seed:#x}), {} disagreements\n  {coverage:?}",
        cases.len(),
        hello.python,
        failures.len()
    );
    assert!(compared >= 10_000, "too few cases compared: {compared}");
    coverage.assert_broad(compared);
    if !failures.is_empty() {
        let shown: Vec<&String> = failures.iter().take(25).collect();
        panic!(
            "{} disagreements with CPython's urllib.robotparser (first {}):\n{}",
            failures.len(),
            shown.len(),
            shown
                .iter()
                .map(|failure| failure.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}
