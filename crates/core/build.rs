//! Turns the crawler catalogue, `data/crawlers.json`, into static Rust tables.
//!
//! The catalogue is data so that it can be reviewed and extended without touching the matcher,
//! but the wasm build should not carry a JSON parser for it: this script reads and validates the
//! file at build time and writes `crawlers.rs` into `OUT_DIR`, which `src/crawlers.rs` includes.
//! Invalid data fails the build with every problem listed, so a bad edit never ships.
//!
//! The same goes for the operators' published address ranges, `data/ip-ranges.json`
//! ([`validate_ranges`]): each list is checked (a known operator, a date, prefixes that read as
//! CIDR blocks with no host bits) and the ranges are written merged and sorted, as
//! `ip_ranges.rs`, for `src/ip_ranges.rs` to search.
//!
//! Each consumer's rules that are lists (Lighthouse's safelist of directives and its messages,
//! Yandex's limits and error dictionary, Search Console's categories, …) are data too, one file
//! per consumer under `data/consumers/` with its sources and version ([`validate_consumer`]):
//! each is checked against the lists, messages and numbers the code reads, and written as
//! `consumers.rs`, a module of constants per consumer, for `src/consumers/data.rs` to include.
//!
//! `tests/crawlers.rs` includes this file as a module to test [`validate`] on broken catalogues.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::net::IpAddr;
use std::path::Path;

use serde::Deserialize;

const CATALOGUE: &str = "data/crawlers.json";
const RANGES: &str = "data/ip-ranges.json";

/// The purposes a crawler may have, as written in the JSON, with the Rust variant of each.
const PURPOSES: &[(&str, &str)] = &[
    ("search", "Search"),
    ("ai-training", "AiTraining"),
    ("ai-search", "AiSearch"),
    ("user-triggered", "UserTriggered"),
    ("seo-tool", "SeoTool"),
    ("archive", "Archive"),
    ("ads", "Ads"),
    ("other", "Other"),
];

const CRAWL_DELAY: &[(&str, &str)] = &[("yes", "Yes"), ("no", "No"), ("unknown", "Unknown")];

const ROBOTS_TXT: &[(&str, &str)] = &[
    ("obeys", "Obeys"),
    ("may-ignore", "MayIgnore"),
    ("ignores", "Ignores"),
    ("unknown", "Unknown"),
];

/// How the operator documents its handling of the robots.txt fetch status. Optional in the
/// JSON: a crawler without it is `unknown`, and RFC 9309's rules are applied to it.
const FETCH_STATUS: &[(&str, &str)] = &[
    ("rfc9309", "Rfc9309"),
    ("google", "Google"),
    ("unknown", "Unknown"),
];

fn unknown() -> String {
    "unknown".to_owned()
}

/// Written in a chain for the `*` groups.
const STAR: &str = "*";

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Catalogue {
    #[allow(dead_code)]
    about: Option<String>,
    pub(crate) sources: Vec<Source>,
    pub(crate) crawlers: Vec<Crawler>,
    /// Tokens an operator no longer uses, with the catalogued crawlers that replaced them.
    #[serde(default)]
    pub(crate) retired: Vec<Retired>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Retired {
    pub(crate) token: String,
    pub(crate) operator: String,
    pub(crate) replaced_by: Vec<String>,
    pub(crate) note: String,
    pub(crate) sources: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Source {
    pub(crate) id: String,
    pub(crate) title: String,
    pub(crate) url: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Crawler {
    pub(crate) name: String,
    pub(crate) operator: String,
    pub(crate) purpose: String,
    pub(crate) description: String,
    pub(crate) tokens: Vec<String>,
    pub(crate) user_agent: Option<String>,
    #[serde(default)]
    pub(crate) token_only: bool,
    pub(crate) chain: Vec<String>,
    pub(crate) crawl_delay: String,
    pub(crate) robots_txt: String,
    #[serde(default = "unknown")]
    pub(crate) fetch_status: String,
    pub(crate) note: Option<String>,
    pub(crate) sources: ClaimSources,
}

/// The sources of each claim, by source id.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ClaimSources {
    #[serde(default)]
    pub(crate) purpose: Vec<String>,
    #[serde(default)]
    pub(crate) tokens: Vec<String>,
    #[serde(default)]
    pub(crate) user_agent: Vec<String>,
    #[serde(default)]
    pub(crate) chain: Vec<String>,
    #[serde(default)]
    pub(crate) crawl_delay: Vec<String>,
    #[serde(default)]
    pub(crate) robots_txt: Vec<String>,
    #[serde(default)]
    pub(crate) fetch_status: Vec<String>,
}

impl ClaimSources {
    fn claims(&self) -> [(&'static str, &[String]); 7] {
        [
            ("purpose", &self.purpose),
            ("tokens", &self.tokens),
            ("user_agent", &self.user_agent),
            ("chain", &self.chain),
            ("crawl_delay", &self.crawl_delay),
            ("robots_txt", &self.robots_txt),
            ("fetch_status", &self.fetch_status),
        ]
    }
}

fn main() {
    println!("cargo:rerun-if-changed={CONSUMERS_DIR}");
    for (file, _) in CONSUMER_FILES {
        println!("cargo:rerun-if-changed={CONSUMERS_DIR}/{file}.json");
    }
    println!("cargo:rerun-if-changed={CATALOGUE}");
    println!("cargo:rerun-if-changed={RANGES}");
    println!("cargo:rerun-if-changed=build.rs");
    let text = std::fs::read_to_string(CATALOGUE)
        .unwrap_or_else(|error| fail(CATALOGUE, &[format!("cannot read {CATALOGUE}: {error}")]));
    let catalogue = validate(&text).unwrap_or_else(|problems| fail(CATALOGUE, &problems));
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let out = Path::new(&out_dir).join("crawlers.rs");
    std::fs::write(&out, generate(&catalogue)).unwrap_or_else(|error| {
        fail(
            CATALOGUE,
            &[format!("cannot write {}: {error}", out.display())],
        )
    });
    let text = std::fs::read_to_string(RANGES)
        .unwrap_or_else(|error| fail(RANGES, &[format!("cannot read {RANGES}: {error}")]));
    let ranges =
        validate_ranges(&text, &catalogue).unwrap_or_else(|problems| fail(RANGES, &problems));
    let out = Path::new(&out_dir).join("ip_ranges.rs");
    std::fs::write(&out, generate_ranges(&ranges)).unwrap_or_else(|error| {
        fail(
            RANGES,
            &[format!("cannot write {}: {error}", out.display())],
        )
    });
    let mut consumers = String::new();
    for (file, wanted) in CONSUMER_FILES {
        let path = format!("{CONSUMERS_DIR}/{file}.json");
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|error| fail(&path, &[format!("cannot read {path}: {error}")]));
        let data =
            validate_consumer(&text, wanted).unwrap_or_else(|problems| fail(&path, &problems));
        consumer_crawler(&data, &catalogue).unwrap_or_else(|problem| fail(&path, &[problem]));
        consumers.push_str(&generate_consumer(file, &data));
    }
    let out = Path::new(&out_dir).join("consumers.rs");
    std::fs::write(&out, consumers).unwrap_or_else(|error| {
        fail(
            CONSUMERS_DIR,
            &[format!("cannot write {}: {error}", out.display())],
        )
    });
}

fn fail(file: &str, problems: &[String]) -> ! {
    eprintln!("error: {file} is not valid:");
    for problem in problems {
        eprintln!("  - {problem}");
    }
    std::process::exit(1);
}

/// Parses and checks the catalogue; on failure, every problem found, each naming its crawler.
pub(crate) fn validate(text: &str) -> Result<Catalogue, Vec<String>> {
    let catalogue: Catalogue =
        serde_json::from_str(text).map_err(|error| vec![format!("invalid JSON: {error}")])?;
    let mut problems = Vec::new();

    let mut source_ids = HashSet::new();
    for source in &catalogue.sources {
        if !source_ids.insert(source.id.as_str()) {
            problems.push(format!("source '{}' is listed twice", source.id));
        }
        if source.title.trim().is_empty() {
            problems.push(format!("source '{}' has no title", source.id));
        }
        if !(source.url.starts_with("https://") || source.url.starts_with("http://")) {
            problems.push(format!(
                "source '{}' has no http(s) URL: '{}'",
                source.id, source.url
            ));
        }
    }

    // Every token, case-insensitively, to the crawler that owns it.
    let mut owners: HashMap<String, &str> = HashMap::new();
    let mut names = HashSet::new();
    for crawler in &catalogue.crawlers {
        if crawler.name.trim().is_empty() {
            problems.push("a crawler has an empty name".to_owned());
        }
        if !names.insert(crawler.name.to_ascii_lowercase()) {
            problems.push(format!("crawler '{}' is listed twice", crawler.name));
        }
        if crawler.tokens.is_empty() {
            problems.push(format!("crawler '{}' has no token", crawler.name));
        }
        for token in &crawler.tokens {
            if !is_product_token(token) {
                problems.push(format!(
                    "crawler '{}': token '{token}' is not a product token (one or more of \
                     A-Z, a-z, '-', '_', RFC 9309 §2.2.1)",
                    crawler.name
                ));
            }
            if let Some(owner) = owners.insert(token.to_ascii_lowercase(), &crawler.name) {
                problems.push(format!(
                    "token '{token}' belongs to both '{owner}' and '{}'",
                    crawler.name
                ));
            }
        }
    }

    for crawler in &catalogue.crawlers {
        let name = &crawler.name;
        let mut problem = |text: String| problems.push(format!("crawler '{name}': {text}"));
        if crawler.operator.trim().is_empty() {
            problem("no operator".to_owned());
        }
        if crawler.description.trim().is_empty() {
            problem("no description".to_owned());
        }
        check_choice(&mut problem, "purpose", &crawler.purpose, PURPOSES);
        check_choice(
            &mut problem,
            "crawl_delay",
            &crawler.crawl_delay,
            CRAWL_DELAY,
        );
        check_choice(&mut problem, "robots_txt", &crawler.robots_txt, ROBOTS_TXT);
        check_choice(
            &mut problem,
            "fetch_status",
            &crawler.fetch_status,
            FETCH_STATUS,
        );

        match &crawler.user_agent {
            Some(_) if crawler.token_only => {
                problem("a token-only crawler never fetches, so it has no user agent".to_owned())
            }
            Some(user_agent) => {
                let named = crawler
                    .tokens
                    .iter()
                    .any(|token| names_token(user_agent, token));
                if !named {
                    problem(format!(
                        "the user agent '{user_agent}' does not contain any of its tokens as a \
                         whole word, so it would not be recognised"
                    ));
                }
            }
            None => {}
        }

        if crawler.chain.is_empty() {
            problem("the chain is empty: it would obey no group at all".to_owned());
        }
        match crawler.chain.first() {
            Some(first) if !crawler.tokens.iter().any(|t| t.eq_ignore_ascii_case(first)) => {
                problem(format!(
                    "the chain starts with '{first}', not with one of its own tokens"
                ))
            }
            _ => {}
        }
        let mut seen = HashSet::new();
        for (index, step) in crawler.chain.iter().enumerate() {
            if !seen.insert(step.to_ascii_lowercase()) {
                problem(format!("the chain names '{step}' twice"));
            }
            if step == STAR {
                if index + 1 != crawler.chain.len() {
                    problem("'*' must be the chain's last step".to_owned());
                }
            } else if !owners.contains_key(&step.to_ascii_lowercase()) {
                problem(format!(
                    "the chain step '{step}' is neither '*' nor a catalogued token"
                ));
            }
        }

        for (claim, ids) in crawler.sources.claims() {
            let unknown_value = match claim {
                "crawl_delay" => crawler.crawl_delay == "unknown",
                "robots_txt" => crawler.robots_txt == "unknown",
                "fetch_status" => crawler.fetch_status == "unknown",
                "user_agent" => crawler.user_agent.is_none(),
                _ => false,
            };
            if ids.is_empty() && !unknown_value {
                problem(format!("the claim '{claim}' has no source"));
            }
            for id in ids {
                if !source_ids.contains(id.as_str()) {
                    problem(format!(
                        "the claim '{claim}' cites an unknown source '{id}'"
                    ));
                }
            }
        }
    }

    for retired in &catalogue.retired {
        let token = &retired.token;
        if !is_product_token(token) {
            problems.push(format!("retired token '{token}' is not a product token"));
        }
        if owners.contains_key(&token.to_ascii_lowercase()) {
            problems.push(format!(
                "retired token '{token}' is also the token of a catalogued crawler"
            ));
        }
        if retired.replaced_by.is_empty() {
            problems.push(format!("retired token '{token}' names no replacement"));
        }
        for name in &retired.replaced_by {
            if !names.contains(&name.to_ascii_lowercase()) {
                problems.push(format!(
                    "retired token '{token}' is replaced by '{name}', which is not catalogued"
                ));
            }
        }
        if retired.sources.is_empty() {
            problems.push(format!("retired token '{token}' cites no source"));
        }
        for id in &retired.sources {
            if !source_ids.contains(id.as_str()) {
                problems.push(format!(
                    "retired token '{token}' cites an unknown source '{id}'"
                ));
            }
        }
    }

    if problems.is_empty() {
        Ok(catalogue)
    } else {
        Err(problems)
    }
}

fn check_choice(
    problem: &mut impl FnMut(String),
    field: &str,
    value: &str,
    choices: &[(&str, &str)],
) {
    if !choices.iter().any(|(id, _)| *id == value) {
        let expected: Vec<&str> = choices.iter().map(|(id, _)| *id).collect();
        problem(format!(
            "{field} '{value}' is not one of {}",
            expected.join(", ")
        ));
    }
}

fn is_product_token(token: &str) -> bool {
    !token.is_empty()
        && token
            .bytes()
            .all(|b| b.is_ascii_alphabetic() || b == b'-' || b == b'_')
}

/// The same whole-word test as `recognise_crawler` in `src/crawlers.rs`.
fn names_token(user_agent: &str, token: &str) -> bool {
    let (haystack, needle) = (user_agent.as_bytes(), token.as_bytes());
    (0..haystack.len().saturating_sub(needle.len() - 1)).any(|start| {
        let end = start + needle.len();
        haystack[start..end].eq_ignore_ascii_case(needle)
            && (start == 0 || !is_token_byte(haystack[start - 1]))
            && haystack
                .get(end)
                .is_none_or(|&b| matches!(b, b'/' | b';' | b')') || b.is_ascii_whitespace())
    })
}

fn is_token_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

fn variant<'a>(value: &str, choices: &[(&str, &'a str)]) -> &'a str {
    choices
        .iter()
        .find(|(id, _)| *id == value)
        .map(|(_, variant)| *variant)
        .expect("validated")
}

/// The Rust source of the tables. Strings are written with `{:?}`, which always yields a valid
/// Rust string literal.
pub(crate) fn generate(catalogue: &Catalogue) -> String {
    let index: BTreeMap<&str, usize> = catalogue
        .sources
        .iter()
        .enumerate()
        .map(|(index, source)| (source.id.as_str(), index))
        .collect();
    let mut out =
        String::from("// @generated by build.rs from data/crawlers.json: do not edit.\n\n");
    let _ = writeln!(
        out,
        "static SOURCES: [Source; {}] = [",
        catalogue.sources.len()
    );
    for source in &catalogue.sources {
        let _ = writeln!(
            out,
            "    Source {{ id: {:?}, title: {:?}, url: {:?} }},",
            source.id, source.title, source.url
        );
    }
    out.push_str("];\n\n");
    let _ = writeln!(
        out,
        "/// How many crawlers the catalogue holds.\npub(crate) const CRAWLER_COUNT: usize = {};\n",
        catalogue.crawlers.len()
    );
    let _ = writeln!(out, "static CRAWLERS: [Crawler; CRAWLER_COUNT] = [");
    for (index, crawler) in catalogue.crawlers.iter().enumerate() {
        let list = |items: &[String]| {
            items
                .iter()
                .map(|item| format!("{item:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let chain = crawler
            .chain
            .iter()
            .map(|step| match step.as_str() {
                STAR => "ChainStep::Star".to_owned(),
                token => format!("ChainStep::Token({token:?})"),
            })
            .collect::<Vec<_>>()
            .join(", ");
        let _ = writeln!(out, "    Crawler {{");
        let _ = writeln!(out, "        name: {:?},", crawler.name);
        let _ = writeln!(out, "        operator: {:?},", crawler.operator);
        let _ = writeln!(
            out,
            "        purpose: Purpose::{},",
            variant(&crawler.purpose, PURPOSES)
        );
        let _ = writeln!(out, "        tokens: &[{}],", list(&crawler.tokens));
        let _ = writeln!(out, "        user_agent: {:?},", crawler.user_agent);
        let _ = writeln!(out, "        token_only: {},", crawler.token_only);
        let _ = writeln!(out, "        chain: &[{chain}],");
        let _ = writeln!(
            out,
            "        crawl_delay: CrawlDelay::{},",
            variant(&crawler.crawl_delay, CRAWL_DELAY)
        );
        let _ = writeln!(
            out,
            "        robots_txt: RobotsTxtCompliance::{},",
            variant(&crawler.robots_txt, ROBOTS_TXT)
        );
        let _ = writeln!(
            out,
            "        fetch_status: FetchHandling::{},",
            variant(&crawler.fetch_status, FETCH_STATUS)
        );
        let _ = writeln!(out, "        index: {index},");
        let _ = writeln!(out, "    }},");
    }
    out.push_str("];\n\n");
    // The texts, in a table of their own (see `Crawler::description`).
    let _ = writeln!(
        out,
        "static TEXTS: [CrawlerTexts; {}] = [",
        catalogue.crawlers.len()
    );
    for crawler in &catalogue.crawlers {
        let sources = crawler
            .sources
            .claims()
            .iter()
            .map(|(claim, ids)| {
                let refs = ids
                    .iter()
                    .map(|id| format!("&SOURCES[{}]", index[id.as_str()]))
                    .collect::<Vec<_>>()
                    .join(", ");
                format!("{claim}: &[{refs}]")
            })
            .collect::<Vec<_>>()
            .join(", ");
        let _ = writeln!(
            out,
            "    CrawlerTexts {{ description: {:?}, note: {:?}, sources: ClaimSources {{ {sources} }} }},",
            crawler.description, crawler.note
        );
    }
    out.push_str("];\n\n");
    let _ = writeln!(
        out,
        "static RETIRED: [RetiredToken; {}] = [",
        catalogue.retired.len()
    );
    for retired in &catalogue.retired {
        let replaced: Vec<String> = retired
            .replaced_by
            .iter()
            .map(|name| format!("{name:?}"))
            .collect();
        let refs: Vec<String> = retired
            .sources
            .iter()
            .map(|id| format!("&SOURCES[{}]", index[id.as_str()]))
            .collect();
        let _ = writeln!(
            out,
            "    RetiredToken {{ token: {:?}, operator: {:?}, replaced_by: &[{}], note: {:?}, sources: &[{}] }},",
            retired.token,
            retired.operator,
            replaced.join(", "),
            retired.note,
            refs.join(", ")
        );
    }
    out.push_str("];\n");
    out
}

/// `data/ip-ranges.json`: the ranges each operator publishes, list by list.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RangesFile {
    #[allow(dead_code)]
    about: Option<String>,
    pub(crate) operators: Vec<OperatorRanges>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct OperatorRanges {
    /// Exactly as the catalogue's crawlers name their operator.
    pub(crate) operator: String,
    /// The operator's page on verifying its crawlers.
    pub(crate) how_to_verify: String,
    pub(crate) lists: Vec<RangeList>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RangeList {
    /// Where the operator publishes the list.
    pub(crate) url: String,
    /// The list's own creation date, else the day it was read (YYYY-MM-DD).
    pub(crate) date: String,
    /// Which of the operator's crawlers it covers, in words.
    pub(crate) crawlers: String,
    pub(crate) prefixes: Vec<String>,
}

/// A CIDR block as the first and last address, IPv4 as IPv4-mapped IPv6 (`::ffff:a.b.c.d`).
fn block(prefix: &str) -> Result<(u128, u128), String> {
    let (address, length) = prefix
        .split_once('/')
        .ok_or_else(|| format!("'{prefix}' has no prefix length"))?;
    let address: IpAddr = address
        .parse()
        .map_err(|_| format!("'{prefix}' is not an IP address with a prefix length"))?;
    let length: u32 = length
        .parse()
        .map_err(|_| format!("'{prefix}' has no valid prefix length"))?;
    let (bits, width) = match address {
        IpAddr::V4(v4) => (u128::from(v4.to_ipv6_mapped()), 32),
        IpAddr::V6(v6) => (u128::from(v6), 128),
    };
    if length > width {
        return Err(format!("'{prefix}': a prefix length past {width}"));
    }
    // A very short prefix would vouch for a large part of the Internet: no operator publishes
    // one, so it is a typing mistake.
    let shortest = if width == 32 { 8 } else { 24 };
    if length < shortest {
        return Err(format!(
            "'{prefix}' is wider than any crawler's range (/{shortest} at most)"
        ));
    }
    let host_bits = width - length;
    let mask = if host_bits == 0 {
        0
    } else {
        (1u128 << host_bits) - 1
    };
    if bits & mask != 0 {
        return Err(format!("'{prefix}' has host bits set"));
    }
    Ok((bits, bits | mask))
}

fn is_date(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == 10
        && bytes[4] == b'-'
        && bytes[7] == b'-'
        && bytes
            .iter()
            .enumerate()
            .all(|(index, b)| index == 4 || index == 7 || b.is_ascii_digit())
        && (1..=12).contains(&text[5..7].parse::<u32>().unwrap_or(0))
        && (1..=31).contains(&text[8..10].parse::<u32>().unwrap_or(0))
}

/// Parses and checks the ranges file against the catalogue; on failure, every problem found.
pub(crate) fn validate_ranges(
    text: &str,
    catalogue: &Catalogue,
) -> Result<RangesFile, Vec<String>> {
    let file: RangesFile =
        serde_json::from_str(text).map_err(|error| vec![format!("invalid JSON: {error}")])?;
    let mut problems = Vec::new();
    let mut seen = HashSet::new();
    for operator in &file.operators {
        let name = &operator.operator;
        if !seen.insert(name.as_str()) {
            problems.push(format!("operator '{name}' is listed twice"));
        }
        if !catalogue
            .crawlers
            .iter()
            .any(|crawler| &crawler.operator == name)
        {
            problems.push(format!(
                "operator '{name}' runs no catalogued crawler (names must match data/crawlers.json)"
            ));
        }
        if !operator.how_to_verify.starts_with("https://") {
            problems.push(format!(
                "operator '{name}': how_to_verify is not an https URL"
            ));
        }
        if operator.lists.is_empty() {
            problems.push(format!("operator '{name}' has no list"));
        }
        for list in &operator.lists {
            if !list.url.starts_with("https://") {
                problems.push(format!(
                    "operator '{name}': list '{}' is not an https URL",
                    list.url
                ));
            }
            if !is_date(&list.date) {
                problems.push(format!(
                    "operator '{name}': list {} has the date '{}', not YYYY-MM-DD",
                    list.url, list.date
                ));
            }
            if list.prefixes.is_empty() {
                problems.push(format!("operator '{name}': list {} is empty", list.url));
            }
            for prefix in &list.prefixes {
                if let Err(problem) = block(prefix) {
                    problems.push(format!("operator '{name}', list {}: {problem}", list.url));
                }
            }
        }
    }
    if problems.is_empty() {
        Ok(file)
    } else {
        Err(problems)
    }
}

/// Sorted, merged blocks: overlapping or adjacent ones become one.
fn merged(mut blocks: Vec<(u128, u128)>) -> Vec<(u128, u128)> {
    blocks.sort_unstable();
    let mut out: Vec<(u128, u128)> = Vec::with_capacity(blocks.len());
    for (first, last) in blocks {
        match out.last_mut() {
            Some(previous) if first <= previous.1.saturating_add(1) => {
                previous.1 = previous.1.max(last);
            }
            _ => out.push((first, last)),
        }
    }
    out
}

/// The Rust source of the ranges table: per operator, its lists (for the report) and its
/// blocks merged, IPv4 ones as 32-bit pairs (half the bytes in the wasm module).
pub(crate) fn generate_ranges(file: &RangesFile) -> String {
    const MAPPED: u128 = 0xffff_0000_0000;
    let mut out =
        String::from("// @generated by build.rs from data/ip-ranges.json: do not edit.\n\n");
    let _ = writeln!(
        out,
        "static OPERATOR_RANGES: [OperatorRanges; {}] = [",
        file.operators.len()
    );
    for operator in &file.operators {
        let blocks: Vec<(u128, u128)> = operator
            .lists
            .iter()
            .flat_map(|list| list.prefixes.iter())
            .map(|prefix| block(prefix).expect("validated"))
            .collect();
        let blocks = merged(blocks);
        let (v4, v6): (Vec<_>, Vec<_>) = blocks
            .into_iter()
            .partition(|(first, _)| first >> 32 == MAPPED >> 32);
        let lists: Vec<String> = operator
            .lists
            .iter()
            .map(|list| {
                format!(
                    "RangeList {{ url: {:?}, date: {:?}, crawlers: {:?}, prefixes: {} }}",
                    list.url,
                    list.date,
                    list.crawlers,
                    list.prefixes.len()
                )
            })
            .collect();
        let v4: Vec<String> = v4
            .iter()
            .map(|(first, last)| format!("({:#x}, {:#x})", *first as u32, *last as u32))
            .collect();
        let v6: Vec<String> = v6
            .iter()
            .map(|(first, last)| format!("({first:#x}, {last:#x})"))
            .collect();
        let _ = writeln!(out, "    OperatorRanges {{");
        let _ = writeln!(out, "        operator: {:?},", operator.operator);
        let _ = writeln!(out, "        how_to_verify: {:?},", operator.how_to_verify);
        let _ = writeln!(out, "        lists: &[{}],", lists.join(", "));
        let _ = writeln!(out, "        v4: &[{}],", v4.join(", "));
        let _ = writeln!(out, "        v6: &[{}],", v6.join(", "));
        let _ = writeln!(out, "    }},");
    }
    out.push_str("];\n");
    out
}

// ---------------------------------------------------------------------------------------------
// The consumers' rules (data/consumers/*.json)

const CONSUMERS_DIR: &str = "data/consumers";

/// What the code reads of one consumer's file: the ids of its lists, messages and numbers.
pub(crate) struct ConsumerWants {
    pub(crate) lists: &'static [&'static str],
    pub(crate) messages: &'static [&'static str],
    pub(crate) numbers: &'static [&'static str],
}

/// Every consumer's file, by name, with what the code reads of it. A file holds exactly these:
/// a list, message or number the code does not read would be a rule nobody applies.
pub(crate) const CONSUMER_FILES: &[(&str, ConsumerWants)] = &[
    (
        "google",
        ConsumerWants {
            lists: &["unused-keys", "sitemap-protocols"],
            messages: &[],
            numbers: &[],
        },
    ),
    (
        "search-console",
        ConsumerWants {
            lists: &[],
            messages: &[
                "syntax-not-understood",
                "rule-ignored",
                "accepted-typo",
                "missing-colon",
                "line-too-long",
            ],
            numbers: &[],
        },
    ),
    (
        "lighthouse",
        ConsumerWants {
            lists: &[
                "directive-safelist",
                "sitemap-protocols",
                "is-crawlable-agents",
            ],
            messages: &[
                "syntax-not-understood",
                "unknown-directive",
                "invalid-sitemap-url",
                "invalid-sitemap-url-protocol",
                "no-user-agent",
                "pattern-start",
                "dollar-position",
            ],
            numbers: &["robots-txt-weight", "seo-category-weight"],
        },
    ),
    (
        "yandex",
        ConsumerWants {
            lists: &[
                "directives",
                "sitemap-protocols",
                "illegal-characters",
                "clean-param-path-characters",
                "crawlers",
            ],
            messages: &[
                "rule-start",
                "multiple-star",
                "too-many-rules",
                "no-user-agent",
                "rule-too-long",
                "sitemap-url",
                "clean-param-format",
                "illegal-character",
                "unknown-directive",
                "syntax-error",
            ],
            numbers: &["max-rules", "max-rule-length"],
        },
    ),
    (
        "bing",
        ConsumerWants {
            lists: &["directives", "crawlers"],
            messages: &[],
            numbers: &[],
        },
    ),
    (
        "robots-parser",
        ConsumerWants {
            lists: &["keys"],
            messages: &[],
            numbers: &[],
        },
    ),
    (
        "protego",
        ConsumerWants {
            lists: &[
                "user-agent",
                "allow",
                "disallow",
                "sitemap",
                "crawl-delay",
                "request-rate",
                "visit-time",
                "host",
            ],
            messages: &[],
            numbers: &[],
        },
    ),
];

const WORDS_SEVERITIES: &[(&str, &str)] =
    &[("error", "Error"), ("warning", "Warning"), ("info", "Info")];

/// One consumer's file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ConsumerData {
    #[allow(dead_code)]
    about: String,
    pub(crate) name: String,
    pub(crate) version: Option<String>,
    pub(crate) sources: Vec<Source>,
    pub(crate) lists: BTreeMap<String, DataList>,
    pub(crate) messages: BTreeMap<String, DataWords>,
    pub(crate) numbers: BTreeMap<String, DataNumber>,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DataList {
    pub(crate) source: String,
    pub(crate) items: Vec<String>,
    /// Whether the source states the list; `false` when it is inferred.
    #[serde(default = "yes")]
    pub(crate) documented: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DataWords {
    pub(crate) words: String,
    pub(crate) severity: String,
    pub(crate) documented: bool,
    pub(crate) source: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DataNumber {
    pub(crate) value: f64,
    pub(crate) source: String,
}

/// Parses and checks one consumer's file against what the code reads of it; on failure, every
/// problem found.
pub(crate) fn validate_consumer(
    text: &str,
    wanted: &ConsumerWants,
) -> Result<ConsumerData, Vec<String>> {
    let data: ConsumerData =
        serde_json::from_str(text).map_err(|error| vec![format!("invalid JSON: {error}")])?;
    let mut problems = Vec::new();
    if data.name.trim().is_empty() {
        problems.push("the consumer has no name".to_owned());
    }
    if data.sources.is_empty() {
        problems.push("no source: every rule says where it is written".to_owned());
    }
    let mut source_ids = HashSet::new();
    for source in &data.sources {
        if !source_ids.insert(source.id.as_str()) {
            problems.push(format!("source '{}' is listed twice", source.id));
        }
        if source.title.trim().is_empty() {
            problems.push(format!("source '{}' has no title", source.id));
        }
        if !source.url.starts_with("https://") {
            problems.push(format!(
                "source '{}' has no https URL: '{}'",
                source.id, source.url
            ));
        }
    }
    let mut cites = |what: &str, id: &str, source: &str| {
        if !source_ids.contains(source) {
            problems.push(format!("{what} '{id}' cites an unknown source '{source}'"));
        }
    };
    for (id, list) in &data.lists {
        cites("list", id, &list.source);
    }
    for (id, words) in &data.messages {
        cites("message", id, &words.source);
    }
    for (id, number) in &data.numbers {
        cites("number", id, &number.source);
    }
    let mut same_ids = |what: &str, found: Vec<&String>, wanted: &[&str]| {
        for id in wanted {
            if !found.iter().any(|found| found == id) {
                problems.push(format!("the {what} '{id}' is missing: the code reads it"));
            }
        }
        for id in found {
            if !wanted.contains(&id.as_str()) {
                problems.push(format!(
                    "the {what} '{id}' is read by no code: remove it or read it"
                ));
            }
        }
    };
    same_ids("list", data.lists.keys().collect(), wanted.lists);
    same_ids("message", data.messages.keys().collect(), wanted.messages);
    same_ids("number", data.numbers.keys().collect(), wanted.numbers);
    for (id, list) in &data.lists {
        if list.items.is_empty() {
            problems.push(format!("the list '{id}' is empty"));
        }
        let mut seen = HashSet::new();
        for item in &list.items {
            if item.is_empty() {
                problems.push(format!("the list '{id}' holds an empty item"));
            }
            if !seen.insert(item) {
                problems.push(format!("the list '{id}' holds '{item}' twice"));
            }
        }
    }
    for (id, words) in &data.messages {
        if words.words.trim().is_empty() {
            problems.push(format!("the message '{id}' has no words"));
        }
        if !WORDS_SEVERITIES
            .iter()
            .any(|(name, _)| *name == words.severity)
        {
            problems.push(format!(
                "the message '{id}' has the severity '{}', not error, warning or info",
                words.severity
            ));
        }
    }
    for (id, number) in &data.numbers {
        if !number.value.is_finite() || number.value <= 0.0 {
            problems.push(format!("the number '{id}' is not a positive number"));
        }
    }
    if problems.is_empty() {
        Ok(data)
    } else {
        Err(problems)
    }
}

/// For a consumer whose file names a catalogued crawler (`lists.crawlers`, the one whose reading
/// the column gives): that the crawler is catalogued, so that the library can ask as it (its
/// chain stays the catalogue's alone).
pub(crate) fn consumer_crawler(data: &ConsumerData, catalogue: &Catalogue) -> Result<(), String> {
    let Some(list) = data.lists.get("crawlers") else {
        return Ok(());
    };
    let name = list.items.first().map(String::as_str).unwrap_or_default();
    if catalogue
        .crawlers
        .iter()
        .any(|crawler| crawler.name == name)
    {
        Ok(())
    } else {
        Err(format!("the crawler '{name}' is not in {CATALOGUE}"))
    }
}

/// `unused-keys` as a Rust constant's name: `UNUSED_KEYS`.
fn constant_name(id: &str) -> String {
    id.replace('-', "_").to_ascii_uppercase()
}

/// One consumer's module of constants.
pub(crate) fn generate_consumer(file: &str, data: &ConsumerData) -> String {
    let mut out = String::new();
    let module = file.replace('-', "_");
    let _ = writeln!(out, "/// The rules of `data/consumers/{file}.json`.");
    let _ = writeln!(out, "#[allow(dead_code)]\npub(crate) mod {module} {{");
    let _ = writeln!(
        out,
        "    #[allow(unused_imports)]\n    use super::{{DataSource, Words, WordsSeverity}};"
    );
    let _ = writeln!(out, "    pub(crate) const NAME: &str = {:?};", data.name);
    let _ = writeln!(
        out,
        "    pub(crate) const VERSION: Option<&str> = {:?};",
        data.version
    );
    let _ = writeln!(out, "    pub(crate) const SOURCES: &[DataSource] = &[");
    for source in &data.sources {
        let _ = writeln!(
            out,
            "        DataSource {{ id: {:?}, title: {:?}, url: {:?} }},",
            source.id, source.title, source.url
        );
    }
    let _ = writeln!(out, "    ];");
    let url_of = |id: &str| {
        data.sources
            .iter()
            .find(|source| source.id == id)
            .map(|source| source.url.as_str())
            .unwrap_or_default()
    };
    for (id, list) in &data.lists {
        let _ = writeln!(
            out,
            "    pub(crate) const {}: &[&str] = &{:?};",
            constant_name(id),
            list.items
        );
        let _ = writeln!(
            out,
            "    pub(crate) const {}_DOCUMENTED: bool = {};",
            constant_name(id),
            list.documented
        );
    }
    for (id, words) in &data.messages {
        let _ = writeln!(
            out,
            "    pub(crate) const {}: Words = Words {{ id: {:?}, text: {:?}, severity: WordsSeverity::{}, documented: {}, source: {:?} }};",
            constant_name(id),
            id,
            words.words,
            variant(&words.severity, WORDS_SEVERITIES),
            words.documented,
            url_of(&words.source),
        );
    }
    for (id, number) in &data.numbers {
        let _ = writeln!(
            out,
            "    pub(crate) const {}: f64 = {:?};",
            constant_name(id),
            number.value
        );
    }
    let _ = writeln!(out, "}}\n");
    out
}
