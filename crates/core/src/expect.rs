//! Expectations: URLs that must stay allowed, or blocked, for given crawlers or agents.
//!
//! An [`Expectation`] says "this URL is allowed (or not) for these crawlers and these agents".
//! [`check_expectations`] answers each crawler and agent of each expectation with the verdict
//! and its deciding line, and whether the expectation holds. The CLI reads expectations from a
//! TOML file (`robots-lens test`); the page keeps the checks a person pinned as the same data.
//! [`expectations_toml`] writes them in that file's format:
//!
//! ```toml
//! [[expect]]
//! url = "/products/shoes"        # a path or a full URL
//! allowed = true
//! crawlers = ["Googlebot", "Bingbot"]   # or: agents = ["MyBot/1.0"]
//! ```
//!
//! Unlike the other surfaces, whose default answers a catalogued crawler's name typed as the
//! agent as that crawler, `agents` are read exactly as typed, and `crawlers` names the crawler:
//! the file says which it means, and an expectation file written before that default keeps its
//! meaning (`agents = ["Googlebot"]` with a 429 status would otherwise flip from allowed to
//! disallowed without a word). Where the crawler an agent names answers otherwise, the result
//! says so ([`ExpectationResult::as_crawler`]).

use std::fmt;

use crate::answer::Checker;
use crate::answer::REFUSED;
use crate::batch::Asker;
use crate::catalogue::find_crawler;
use crate::divergence::crawler_reading;
use crate::profile::AgentMatch;
use crate::status::FetchStatus;
use crate::typed_url::InvalidUrl;
use crate::verdict::Reason;

/// A URL that must be allowed, or must be blocked, for some crawlers and agents.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Expectation {
    /// A path or a full URL.
    pub url: String,
    /// Whether it must be allowed (`true`) or blocked (`false`).
    pub allowed: bool,
    /// Catalogued crawlers, by name or token: each follows its fallback chain.
    pub crawlers: Vec<String>,
    /// User agents, read exactly as typed (a product token or a whole UA string), even one
    /// that names a catalogued crawler: [`ExpectationResult::as_crawler`] gives that crawler's
    /// answer beside where it differs.
    pub agents: Vec<String>,
    /// The line of the expectation file it was read from, when it was read from one.
    pub line: Option<usize>,
}

/// The answer to one crawler or agent of one expectation.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ExpectationResult {
    /// The expectation's position in the list, from 0.
    pub index: usize,
    /// The expectation's URL.
    pub url: String,
    /// The crawler's or agent's name.
    pub agent: String,
    /// What the expectation asks for.
    pub expected: bool,
    /// What the file answers; `None` when it could not be asked (see `error`).
    pub allowed: Option<bool>,
    /// The line of the robots.txt rule that decided, if one did.
    pub line: Option<usize>,
    /// Why the file answers so.
    pub reason: Option<Reason>,
    /// The file answers as expected.
    pub holds: bool,
    /// Why the expectation could not be checked.
    pub error: Option<ExpectationError>,
    /// For an agent whose name holds a catalogued crawler: that crawler's own answer, when it
    /// differs. Expectations read `agents` exactly as typed, unlike the other surfaces' default
    /// (a catalogued crawler's name is that crawler), so that no existing expectation file
    /// changes meaning; `crawlers` asks the crawler, and this says where the two disagree.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub as_crawler: Option<CrawlerAnswer>,
}

/// A catalogued crawler's own answer, beside an agent's read exactly as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CrawlerAnswer {
    /// The crawler's catalogue name.
    pub crawler: &'static str,
    /// Whether it may fetch the URL.
    pub allowed: bool,
    /// The line of the rule that decided for it, if one did.
    pub line: Option<usize>,
}

/// Why an expectation could not be checked for one crawler or agent.
///
/// Kept as data rather than words: the CLI words it in English ([`fmt::Display`]), the page from
/// its own catalogues (the refusal's [`crate::typed_url::UrlProblem::id`]); wording a refusal
/// here would link the English catalogue into every module that checks pins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExpectationError {
    /// The expectation names no crawler and no agent.
    NobodyNamed,
    /// No catalogued crawler has this name or token.
    UnknownCrawler(String),
    /// No crawler requests the expectation's URL, so it answers nothing.
    UrlRefused(InvalidUrl),
}

impl ExpectationError {
    /// The error's name for the page (`nobody-named`, `unknown-crawler`, `url-refused`).
    pub fn id(&self) -> &'static str {
        match self {
            ExpectationError::NobodyNamed => "nobody-named",
            ExpectationError::UnknownCrawler(_) => "unknown-crawler",
            // The reason code every surface gives a refused URL.
            ExpectationError::UrlRefused(_) => REFUSED,
        }
    }
}

impl fmt::Display for ExpectationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExpectationError::NobodyNamed => {
                f.write_str("the expectation names no crawler and no agent")
            }
            ExpectationError::UnknownCrawler(name) => {
                write!(f, "no catalogued crawler is called '{name}'")
            }
            ExpectationError::UrlRefused(refused) => refused.fmt(f),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for ExpectationError {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Every expectation, answered for each of its crawlers and agents in that order. Agents are
/// compared as `agent_match` says; `status` is how the file was served. An expectation naming
/// an unknown crawler, or no crawler and no agent, is broken and says why.
pub fn check_expectations(
    checker: &Checker<'_>,
    expectations: &[Expectation],
    agent_match: AgentMatch,
    status: &FetchStatus,
) -> Vec<ExpectationResult> {
    let mut results = Vec::new();
    for (index, expectation) in expectations.iter().enumerate() {
        let result = |agent: &str| ExpectationResult {
            index,
            url: expectation.url.clone(),
            agent: agent.to_owned(),
            expected: expectation.allowed,
            allowed: None,
            line: None,
            reason: None,
            holds: false,
            error: None,
            as_crawler: None,
        };
        if expectation.crawlers.is_empty() && expectation.agents.is_empty() {
            results.push(ExpectationResult {
                error: Some(ExpectationError::NobodyNamed),
                ..result("")
            });
            continue;
        }
        let askers = expectation
            .crawlers
            .iter()
            .map(|name| find_crawler(name).map(Asker::Crawler).ok_or(name))
            .chain(
                expectation
                    .agents
                    .iter()
                    .map(|agent| Ok(Asker::Agent(agent.clone(), agent_match))),
            );
        for asker in askers {
            match asker {
                Err(name) => results.push(ExpectationResult {
                    error: Some(ExpectationError::UnknownCrawler(name.clone())),
                    ..result(name)
                }),
                Ok(asker) => match checker.ask_verdict(&asker.question(&expectation.url, status)) {
                    Ok(verdict) => results.push(ExpectationResult {
                        allowed: Some(verdict.allowed),
                        line: verdict.deciding_line(),
                        reason: Some(verdict.reason),
                        holds: verdict.allowed == expectation.allowed,
                        as_crawler: crawler_reading(
                            checker,
                            &asker.question(&expectation.url, status),
                            &verdict,
                        )
                        .map(|reading| CrawlerAnswer {
                            crawler: reading.crawler.name,
                            allowed: reading.verdict.allowed,
                            line: reading.verdict.deciding_line(),
                        }),
                        ..result(asker.name())
                    }),
                    // A URL no crawler requests answers nothing, so it holds no expectation.
                    Err(refused) => results.push(ExpectationResult {
                        reason: Some(Reason::UrlRefused),
                        error: Some(ExpectationError::UrlRefused(refused)),
                        ..result(asker.name())
                    }),
                },
            }
        }
    }
    results
}

/// `expectations` in the expectation file's TOML format, one `[[expect]]` table each.
pub fn expectations_toml(expectations: &[Expectation]) -> String {
    let mut out = String::new();
    for (index, expectation) in expectations.iter().enumerate() {
        if index > 0 {
            out.push('\n');
        }
        out.push_str("[[expect]]\nurl = ");
        push_toml_string(&mut out, &expectation.url);
        out.push_str(if expectation.allowed {
            "\nallowed = true\n"
        } else {
            "\nallowed = false\n"
        });
        for (key, names) in [
            ("crawlers", &expectation.crawlers),
            ("agents", &expectation.agents),
        ] {
            if names.is_empty() {
                continue;
            }
            out.push_str(key);
            out.push_str(" = [");
            for (at, name) in names.iter().enumerate() {
                if at > 0 {
                    out.push_str(", ");
                }
                push_toml_string(&mut out, name);
            }
            out.push_str("]\n");
        }
    }
    out
}

/// A TOML basic string: `"` and `\` escaped, control characters as `\uXXXX`.
fn push_toml_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Profile, RobotsTxt};

    const FILE: &str = "User-agent: *\nDisallow: /cart\n\nUser-agent: GPTBot\nDisallow: /\n";

    fn expect(url: &str, allowed: bool, crawlers: &[&str], agents: &[&str]) -> Expectation {
        Expectation {
            url: url.to_owned(),
            allowed,
            crawlers: crawlers.iter().map(|c| c.to_string()).collect(),
            agents: agents.iter().map(|a| a.to_string()).collect(),
            line: None,
        }
    }

    #[test]
    fn each_crawler_and_agent_is_answered_with_its_line() {
        let robots = RobotsTxt::parse(FILE.as_bytes());
        let results = check_expectations(
            &robots.checker(Profile::Rfc9309),
            &[
                expect(
                    "/products/shoes",
                    true,
                    &["Googlebot", "GPTBot"],
                    &["MyBot/1.0"],
                ),
                expect("https://s.example/cart/1", false, &[], &["MyBot/1.0"]),
            ],
            AgentMatch::Substring,
            &FetchStatus::ok(),
        );
        type Answer<'a> = (usize, &'a str, Option<bool>, Option<usize>, bool);
        let summary: Vec<Answer<'_>> = results
            .iter()
            .map(|r| (r.index, r.agent.as_str(), r.allowed, r.line, r.holds))
            .collect();
        assert_eq!(
            summary,
            [
                (0, "Googlebot", Some(true), None, true),
                (0, "GPTBot", Some(false), Some(5), false),
                (0, "MyBot/1.0", Some(true), None, true),
                (1, "MyBot/1.0", Some(false), Some(2), true),
            ]
        );
    }

    #[test]
    fn unknown_crawlers_and_empty_expectations_are_broken() {
        let robots = RobotsTxt::parse(FILE.as_bytes());
        let results = check_expectations(
            &robots.checker(Profile::Rfc9309),
            &[
                expect("/", true, &["NoSuchBot"], &[]),
                expect("/", true, &[], &[]),
            ],
            AgentMatch::Substring,
            &FetchStatus::ok(),
        );
        assert_eq!(results.len(), 2);
        assert!(results.iter().all(|r| !r.holds && r.allowed.is_none()));
        assert_eq!(
            results[0].error,
            Some(ExpectationError::UnknownCrawler("NoSuchBot".into()))
        );
        assert_eq!(results[1].error, Some(ExpectationError::NobodyNamed));
        assert!(results[0]
            .error
            .as_ref()
            .unwrap()
            .to_string()
            .contains("NoSuchBot"));
    }

    #[test]
    fn toml_is_written_in_the_documented_shape() {
        let toml = expectations_toml(&[
            expect("/products/shoes", true, &["Googlebot", "Bingbot"], &[]),
            expect("/q?x=\"1\"\\\u{1b}", false, &[], &["MyBot/1.0"]),
        ]);
        assert_eq!(
            toml,
            "[[expect]]\nurl = \"/products/shoes\"\nallowed = true\n\
             crawlers = [\"Googlebot\", \"Bingbot\"]\n\n\
             [[expect]]\nurl = \"/q?x=\\\"1\\\"\\\\\\u001B\"\nallowed = false\n\
             agents = [\"MyBot/1.0\"]\n"
        );
    }
}
