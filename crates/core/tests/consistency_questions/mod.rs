//! The seeded generator of questions the consistency suites ask every surface.
//!
//! One question is a file, who asks (a catalogued crawler, a raw product token, a full user
//! agent string or a name with a version), the URL as a person would type it (a path, with or
//! without its `/`, a full URL, an encoded or non-ASCII one, `/robots.txt`, `//x`, and URLs no
//! crawler requests), a fetch status in any form the CLI accepts, a profile and a match model.
//! The same seed gives the same questions, in the same order, on every machine: the native suite
//! (`consistency.rs`) asks them of every native path, and `cargo run -p robots-lens --example
//! consistency_questions` writes them as JSON for the suites of the other surfaces.
//!
//! Files: every real file of `../shared/corpus/real-robots/files/` (the caller decides what a
//! missing corpus means) and synthetic files built from the pieces real files and the issue's
//! reproducers are made of, a few of them past the 500 KiB Googlebot reads.

#![allow(dead_code)] // The test and the example each use part of it.

use std::path::Path;

use robots_lens::{crawlers, AgentMatch, Profile};

/// SplitMix64: small, seedable, the same everywhere.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// A file the questions are about.
pub struct File {
    /// `real-robots/<name>` or `synthetic/<n>`.
    pub name: String,
    pub bytes: Vec<u8>,
}

/// Who asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Asking {
    /// A user agent as typed.
    Agent(String),
    /// A catalogued crawler, by name.
    Crawler(&'static str),
}

/// One question.
#[derive(Debug, Clone)]
pub struct Asked {
    /// Index into the files.
    pub file: usize,
    pub who: Asking,
    pub url: String,
    /// As typed on the command line (`429`, `301>200`, `3xx*6`, `html`, …).
    pub status: &'static str,
    pub profile: Profile,
    pub model: AgentMatch,
}

/// Every fetch status form the CLI accepts, each class and redirects before it.
pub const STATUSES: &[&str] = &[
    "200",
    "200",
    "200",
    "200",
    "204",
    "301>200",
    "404",
    "410",
    "403",
    "401",
    "429",
    "301>429",
    "500",
    "503",
    "3xx>503",
    "html",
    "unreachable",
    "timeout",
    "3xx*6",
    "301x2>404",
];

/// The real files, sorted by name.
pub fn real_files(dir: &Path) -> Vec<File> {
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.is_file())
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|path| File {
            name: format!(
                "real-robots/{}",
                path.file_name().unwrap().to_string_lossy()
            ),
            bytes: std::fs::read(&path).unwrap(),
        })
        .collect()
}

const AGENT_NAMES: &[&str] = &[
    "*",
    "Googlebot",
    "googlebot-image",
    "Bingbot",
    "msnbot",
    "GPTBot",
    "ClaudeBot",
    "FooBot",
    "MJ12bot",
    "AdsBot-Google",
    "Applebot",
    "CCBot",
    "Yandex",
    "Rule1Bot",
    "Foo Bar",
    "Jävla-Foobot",
    "bot",
];

const PATTERNS: &[&str] = &[
    "/",
    "",
    "/private/",
    "/private",
    "/private/press",
    "/*.pdf$",
    "/a*b",
    "/shop/*?sort=",
    "//",
    "/caf%C3%A9",
    "/café",
    "/%7Ejoe",
    "/~joe",
    "/b%2A",
    "/x$",
    "*",
    "/robots.txt",
    "/dir/index.html",
    "/search?q=",
    "/a;b",
    "/%2F",
    "/ä/ö",
];

/// A synthetic file: groups of the names and patterns real files use, with typo keys, empty
/// rules, comments, blank lines, CRLF and orphan rules mixed in; `big` puts rules past 500 KiB.
pub fn synthetic_file(rng: &mut Rng, index: usize, big: bool) -> File {
    let mut text = String::new();
    if rng.chance(10) {
        text.push_str("Disallow: /orphan\n");
    }
    let groups = 1 + rng.below(4);
    for _ in 0..groups {
        for _ in 0..1 + rng.below(2) {
            let key = *rng.pick(&["User-agent", "user-agent", "useragent", "User-Agent"]);
            text.push_str(&format!("{key}: {}\n", rng.pick(AGENT_NAMES)));
        }
        for _ in 0..rng.below(6) {
            let key = *rng.pick(&[
                "Disallow", "Allow", "disallow", "Disalow", "allow", "Disallow", "Allow",
            ]);
            let pattern = rng.pick(PATTERNS);
            let comment = if rng.chance(10) { " # note" } else { "" };
            text.push_str(&format!("{key}: {pattern}{comment}\n"));
        }
        if rng.chance(20) {
            text.push_str("Crawl-delay: 5\n");
        }
        if rng.chance(30) {
            text.push('\n');
        }
    }
    if big {
        // Past the limit: a rule that would reverse a verdict, and a group that changes who
        // applies.
        let filler = "# filler line to pass the size limit\n";
        while text.len() < 520 * 1024 {
            text.push_str(filler);
        }
        text.push_str("User-agent: *\nDisallow: /private/press\nAllow: /\n");
        text.push_str(&format!(
            "User-agent: {}\nDisallow: /\n",
            rng.pick(AGENT_NAMES)
        ));
    }
    if rng.chance(15) {
        text = text.replace('\n', "\r\n");
    }
    File {
        name: format!("synthetic/{index}"),
        bytes: text.into_bytes(),
    }
}

/// The product tokens a file's user-agent lines write.
fn file_agents(bytes: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(600 * 1024)]);
    text.lines()
        .filter_map(|line| {
            let (key, value) = line.split_once(':')?;
            let key = key.trim().to_ascii_lowercase();
            (key == "user-agent" || key == "useragent").then(|| value.trim().to_owned())
        })
        .map(|value| {
            value
                .split(['#', ' '])
                .next()
                .unwrap_or_default()
                .to_owned()
        })
        .filter(|value| !value.is_empty() && value != "*" && value.len() < 60)
        .take(40)
        .collect()
}

/// Paths a file's rules name (`*` filled, `$` dropped).
fn file_paths(bytes: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(600 * 1024)]);
    text.lines()
        .filter_map(|line| {
            let (key, value) = line.split_once(':')?;
            let key = key.trim().to_ascii_lowercase();
            (key == "allow" || key == "disallow").then(|| value.trim().to_owned())
        })
        .map(|value| {
            value
                .split('#')
                .next()
                .unwrap_or_default()
                .trim()
                .replace('*', "x")
                .trim_end_matches('$')
                .to_owned()
        })
        .filter(|value| value.len() < 200)
        .take(60)
        .collect()
}

/// Who asks, for a file whose groups name `agents`.
fn who(rng: &mut Rng, agents: &[String]) -> Asking {
    let catalogue = crawlers();
    match rng.below(10) {
        0..=2 => Asking::Crawler(rng.pick(catalogue).name),
        3..=4 if !agents.is_empty() => Asking::Agent(rng.pick(agents).clone()),
        5 if !agents.is_empty() => Asking::Agent(format!("{}/2.1", rng.pick(agents))),
        6 => {
            let crawler = rng.pick(catalogue);
            Asking::Agent(crawler.user_agent.unwrap_or(crawler.tokens[0]).to_owned())
        }
        7 => {
            let crawler = rng.pick(catalogue);
            Asking::Agent(format!("{}/1.0", crawler.tokens[0]))
        }
        _ => Asking::Agent((*rng.pick(AGENT_NAMES)).to_owned()),
    }
}

/// A URL as a person types it, about one of `paths`.
fn url(rng: &mut Rng, paths: &[String]) -> String {
    let path = if paths.is_empty() || rng.chance(15) {
        (*rng.pick(&[
            "/",
            "/x",
            "/private/plan",
            "/robots.txt",
            "/shop/a?sort=1",
            "/café",
        ]))
        .to_owned()
    } else {
        rng.pick(paths).clone()
    };
    let inside = if rng.chance(40) {
        format!("{}x", path)
    } else {
        path
    };
    match rng.below(20) {
        0..=7 => inside,
        8 => inside.trim_start_matches('/').to_owned(),
        9 | 10 => format!("https://example.com{inside}"),
        11 => format!("http://user@Example.COM:8080{inside}#frag"),
        12 => inside.replace('/', "%2F").replacen("%2F", "/", 1),
        13 => format!("{inside}?q=ü ö"),
        14 => "/robots.txt".to_owned(),
        15 => format!("/{inside}"),
        16 => (*rng.pick(&[
            "http://example.com",
            "https://example.com#/a",
            "//cdn.example",
        ]))
        .to_owned(),
        17 => (*rng.pick(&[
            "ftp://h/private",
            "https:x",
            "robots.txt",
            "example.com",
            "",
        ]))
        .to_owned(),
        18 => format!("./{}", inside.trim_start_matches('/')),
        _ => format!("{inside};jsessionid=1"),
    }
}

/// `count` questions about `files`, from `seed`.
pub fn questions(files: &[File], seed: u64, count: usize) -> Vec<Asked> {
    let mut rng = Rng::new(seed);
    let facts: Vec<(Vec<String>, Vec<String>)> = files
        .iter()
        .map(|file| (file_agents(&file.bytes), file_paths(&file.bytes)))
        .collect();
    (0..count)
        .map(|_| {
            let file = rng.below(files.len());
            let (agents, paths) = &facts[file];
            Asked {
                file,
                who: who(&mut rng, agents),
                url: url(&mut rng, paths),
                status: STATUSES[rng.below(STATUSES.len())],
                profile: *rng.pick(&Profile::ALL),
                model: *rng.pick(&AgentMatch::ALL),
            }
        })
        .collect()
}

/// The files: the real ones (when `real` is given) and `synthetic` more, three of them past
/// the size limit.
pub fn files(real: Option<&Path>, seed: u64, synthetic: usize) -> Vec<File> {
    let mut files = real.map(real_files).unwrap_or_default();
    let mut rng = Rng::new(seed ^ 0x5EED);
    for index in 0..synthetic {
        files.push(synthetic_file(&mut rng, index, index < 3));
    }
    files
}
