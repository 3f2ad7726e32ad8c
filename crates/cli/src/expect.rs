//! `robots-lens test ROBOTS EXPECT.toml`: check a robots.txt against a file of expectations.
//!
//! The expectation file is TOML, one `[[expect]]` table per expectation (see
//! `robots_lens::Expectation`): `url`, `allowed`, and `crawlers` and/or `agents`. Unknown keys
//! are refused, so a misspelt key cannot silently turn an expectation off. The TOML is read
//! here, with the `toml` crate; the core answers each expectation.

use std::io::{self, Write};
use std::process::ExitCode;

use robots_lens::{check_expectations, Expectation, ExpectationResult, RobotsTxt};
use serde::Deserialize;

use crate::args::{read_paths, Args, UsageError};
use crate::lint::{escape_data, escape_property};
use crate::terminal::{self, printable};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectFile {
    #[serde(default)]
    expect: Vec<toml::Spanned<Entry>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    url: String,
    allowed: bool,
    #[serde(default)]
    crawlers: Vec<String>,
    #[serde(default)]
    agents: Vec<String>,
}

/// Reads an expectation file: each expectation with the line its table starts on.
pub fn parse_expectations(path: &str, text: &str) -> Result<Vec<Expectation>, UsageError> {
    let file: ExpectFile = toml::from_str(text)
        .map_err(|error| UsageError::new(format!("{path}: {}", error.to_string().trim_end())))?;
    if file.expect.is_empty() {
        return Err(UsageError::new(format!(
            "{path} holds no expectation: write one [[expect]] table per URL, with url, allowed \
             and crawlers or agents (see 'robots-lens --help')"
        )));
    }
    Ok(file
        .expect
        .into_iter()
        .map(|spanned| {
            let span = spanned.span();
            let entry = spanned.into_inner();
            Expectation {
                line: Some(table_line(text, span.start)),
                url: entry.url,
                allowed: entry.allowed,
                crawlers: entry.crawlers,
                agents: entry.agents,
            }
        })
        .collect())
}

/// The line of the `[[expect]]` header of the table whose span starts at byte `start` (at the
/// header, or at the table's first key).
fn table_line(text: &str, start: usize) -> usize {
    let start = start.min(text.len());
    let header = match text.get(start..) {
        Some(rest) if rest.starts_with("[[") => start,
        _ => text
            .get(..start)
            .and_then(|before| before.rfind("[["))
            .unwrap_or(start),
    };
    text.get(..header).unwrap_or(text).matches('\n').count() + 1
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Text,
    Json,
    Github,
}

pub fn run(args: &Args) -> Result<ExitCode, UsageError> {
    let format = match (args.format.as_deref(), args.json) {
        (None | Some("text"), false) => Format::Text,
        (None | Some("json"), true) | (Some("json"), false) => Format::Json,
        (Some("github"), false) => Format::Github,
        (Some(other), _) => {
            return Err(UsageError::new(format!(
                "--format: unknown format '{other}': expected text, json or github"
            )))
        }
    };
    let [robots_path, expect_path] = args.positional.as_slice() else {
        return Err(UsageError::new(
            "test needs two files: robots-lens test ROBOTS.txt EXPECT.toml",
        ));
    };
    let files = read_paths(&args.positional)?;
    let robots = RobotsTxt::parse(&files[0]);
    let expect_text = std::str::from_utf8(&files[1])
        .map_err(|_| UsageError::new(format!("{expect_path} is not UTF-8 text")))?;
    let expectations = parse_expectations(expect_path, expect_text)?;
    let status = args.fetch_status()?;
    let results = check_expectations(
        &robots.checker(args.profile),
        &expectations,
        args.agent_match,
        &status,
    );
    let names = Names {
        robots: robots_path,
        expect: expect_path,
    };
    let mut out = terminal::stdout(terminal::style(format == Format::Json));
    let written = match format {
        Format::Json => serde_json::to_writer_pretty(&mut out, &results)
            .map_err(io::Error::other)
            .and_then(|()| writeln!(out)),
        Format::Text => write_text(&mut out, &robots, &expectations, &results, &names),
        Format::Github => write_github(&mut out, &robots, &expectations, &results, &names),
    };
    written
        .and_then(|()| out.flush())
        .map_err(UsageError::output)?;
    Ok(if results.iter().all(|result| result.holds) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

struct Names<'a> {
    robots: &'a str,
    expect: &'a str,
}

fn verdict_word(allowed: bool) -> &'static str {
    if allowed {
        "allowed"
    } else {
        "disallowed"
    }
}

/// "line 5 (Disallow: /)", or what decided when no rule did.
fn deciding(robots: &RobotsTxt, result: &ExpectationResult) -> String {
    match result.line {
        Some(number) => {
            let text = robots.line(number).map_or("", |line| line.text().trim());
            format!("line {number} ({})", printable(text))
        }
        None if result.allowed == Some(true) => "no rule (nothing disallows it)".to_owned(),
        None => "the fetch status (no rule)".to_owned(),
    }
}

/// One sentence for a broken result.
fn broken_sentence(robots: &RobotsTxt, result: &ExpectationResult, names: &Names<'_>) -> String {
    let url = printable(&result.url);
    let agent = printable(&result.agent);
    match (&result.error, result.allowed) {
        (Some(error), _) => format!("{url}: {}", printable(&error.to_string())),
        (None, Some(allowed)) => format!(
            "{url} must be {} for {agent}, but {} {} it: {}",
            verdict_word(result.expected),
            names.robots,
            if allowed { "allows" } else { "disallows" },
            deciding(robots, result)
        ),
        (None, None) => format!("{url} could not be checked for {agent}"),
    }
}

fn write_text(
    out: &mut impl Write,
    robots: &RobotsTxt,
    expectations: &[Expectation],
    results: &[ExpectationResult],
    names: &Names<'_>,
) -> io::Result<()> {
    for result in results {
        let at = expectation_line(expectations, result);
        if result.holds {
            writeln!(
                out,
                "ok      {}  {}  {}, {}",
                printable(&result.url),
                printable(&result.agent),
                verdict_word(result.expected),
                deciding(robots, result)
            )?;
        } else {
            writeln!(out, "BROKEN  {}", broken_sentence(robots, result, names))?;
            writeln!(out, "        expected at {}:{at}", printable(names.expect))?;
        }
        if let Some(own) = &result.as_crawler {
            // Agents are read exactly as typed (an existing file keeps its meaning); say where
            // the crawler the name holds answers otherwise, and how to ask it.
            writeln!(
                out,
                "        read as typed (agents = [...]); as the crawler {} (crawlers = [\"{}\"]) \
                 it is {}, {}",
                own.crawler,
                own.crawler,
                verdict_word(own.allowed),
                match own.line {
                    Some(number) => format!("line {number}"),
                    None => "no rule".to_owned(),
                }
            )?;
        }
    }
    write_summary(out, expectations, results)
}

fn write_summary(
    out: &mut impl Write,
    expectations: &[Expectation],
    results: &[ExpectationResult],
) -> io::Result<()> {
    let broken = results.iter().filter(|result| !result.holds).count();
    writeln!(
        out,
        "{} {}, {} {}: {} {}, {broken} broken",
        expectations.len(),
        if expectations.len() == 1 {
            "expectation"
        } else {
            "expectations"
        },
        results.len(),
        if results.len() == 1 {
            "check"
        } else {
            "checks"
        },
        results.len() - broken,
        if results.len() - broken == 1 {
            "holds"
        } else {
            "hold"
        },
    )
}

fn expectation_line(expectations: &[Expectation], result: &ExpectationResult) -> usize {
    expectations
        .get(result.index)
        .and_then(|expectation| expectation.line)
        .unwrap_or(1)
}

/// An annotation on the expectation for every broken result, and one on the robots.txt line
/// that breaks it when a rule does.
fn write_github(
    out: &mut impl Write,
    robots: &RobotsTxt,
    expectations: &[Expectation],
    results: &[ExpectationResult],
    names: &Names<'_>,
) -> io::Result<()> {
    for result in results.iter().filter(|result| !result.holds) {
        let at = expectation_line(expectations, result);
        writeln!(
            out,
            "::error file={},line={at},title={}::{}",
            escape_property(names.expect),
            escape_property("Broken expectation"),
            escape_data(&broken_sentence(robots, result, names))
        )?;
        if let (Some(line), Some(allowed)) = (result.line, result.allowed) {
            let text = robots.line(line).map_or("", |line| line.text().trim());
            writeln!(
                out,
                "::error file={},line={line},title={}::{}",
                escape_property(names.robots),
                escape_property("Breaks an expectation"),
                escape_data(&format!(
                    "{} {} {} for {}, which {}:{at} expects to be {}.",
                    printable(text),
                    if allowed { "allows" } else { "disallows" },
                    printable(&result.url),
                    printable(&result.agent),
                    names.expect,
                    verdict_word(result.expected)
                ))
            )?;
        }
    }
    write_summary(out, expectations, results)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expectations_keep_the_line_of_their_table() {
        let text = "# guards\n[[expect]]\nurl = \"/a\"\nallowed = true\ncrawlers = [\"Googlebot\"]\n\n\
                    [[expect]]  # second\nurl = \"/b\"\nallowed = false\nagents = [\"MyBot/1.0\"]\n";
        let expectations = parse_expectations("e.toml", text).unwrap();
        let lines: Vec<Option<usize>> = expectations.iter().map(|e| e.line).collect();
        assert_eq!(lines, [Some(2), Some(7)]);
        assert_eq!(expectations[1].agents, ["MyBot/1.0"]);
        assert!(!expectations[1].allowed);
    }

    #[test]
    fn mistakes_in_the_file_are_refused_with_where() {
        let misspelt = parse_expectations("e.toml", "[[expect]]\nurl = \"/a\"\nallow = true\n");
        let message = misspelt.err().unwrap().to_string();
        assert!(message.starts_with("e.toml: "), "{message}");
        assert!(message.contains("allow"), "{message}");
        let empty = parse_expectations("e.toml", "# nothing\n").err().unwrap();
        assert!(empty.to_string().contains("no expectation"));
    }
}
