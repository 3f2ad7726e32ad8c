//! `robots-lens lint`: the audit's findings, for people (text), for tools (JSON) and for CI
//! (GitHub Actions annotations); and `robots-lens explain CODE`, the documentation of a code.

use std::io::{self, Write};
use std::process::ExitCode;

use robots_lens::audit::{Code, Severity, CODES};
use robots_lens::{Finding, RobotsTxt};
use serde::Serialize;

use crate::args::{Args, UsageError};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Text,
    Json,
    Github,
}

pub fn run(args: &Args) -> Result<ExitCode, UsageError> {
    let format = match (args.format.as_deref(), args.json) {
        (None, false) | (Some("text"), false) => Format::Text,
        (None, true) | (Some("json"), _) => Format::Json,
        (Some("github"), false) => Format::Github,
        (Some(other), false) => {
            return Err(UsageError::new(format!(
                "--format: unknown format '{other}': expected text, json or github"
            )))
        }
        (Some(_), true) => {
            return Err(UsageError::new("give either --json or --format, not both"));
        }
    };
    let (path, bytes) = args.read_file()?;
    let findings = RobotsTxt::parse(&bytes).audit();
    let name = if path == "-" {
        "robots.txt"
    } else {
        path.as_str()
    };
    let mut out = io::stdout().lock();
    let written = match format {
        Format::Text => write_text(&mut out, name, &findings),
        Format::Json => write_json(&mut out, &findings),
        Format::Github => write_github(&mut out, name, &findings),
    };
    written.map_err(UsageError::output)?;
    let has_error = findings
        .iter()
        .any(|finding| finding.severity == Severity::Error);
    Ok(if has_error {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn count(findings: &[Finding], severity: Severity) -> usize {
    findings
        .iter()
        .filter(|finding| finding.severity == severity)
        .count()
}

fn plural(count: usize, word: &str) -> String {
    match count {
        1 => format!("1 {word}"),
        _ => format!("{count} {word}s"),
    }
}

fn write_text(out: &mut impl Write, name: &str, findings: &[Finding]) -> io::Result<()> {
    for finding in findings {
        writeln!(
            out,
            "{name}:{}: {} {} {}: {}",
            finding.line,
            finding.severity.id(),
            finding.code.id(),
            finding.code.name(),
            finding.message
        )?;
        writeln!(out, "    why: {}", finding.why)?;
        writeln!(out, "    fix: {}", finding.fix)?;
        if let Some(replacement) = &finding.replacement {
            for (index, line) in replacement.lines().enumerate() {
                let label = if index == 0 { "    use:" } else { "        " };
                writeln!(out, "{label} {line}")?;
            }
        }
        if !finding.related_lines.is_empty() {
            let lines: Vec<String> = finding
                .related_lines
                .iter()
                .map(ToString::to_string)
                .collect();
            writeln!(out, "    see: line {}", lines.join(", "))?;
        }
    }
    if findings.is_empty() {
        writeln!(out, "{name}: no findings")
    } else {
        writeln!(
            out,
            "{name}: {}, {}, {} info (robots-lens explain CODE tells more)",
            plural(count(findings, Severity::Error), "error"),
            plural(count(findings, Severity::Warning), "warning"),
            count(findings, Severity::Info)
        )
    }
}

#[derive(Serialize)]
struct JsonFinding<'a> {
    code: &'static str,
    name: &'static str,
    severity: &'static str,
    line: usize,
    message: &'a str,
    why: &'a str,
    fix: &'a str,
    replacement: Option<&'a str>,
    related_lines: &'a [usize],
}

fn write_json(out: &mut impl Write, findings: &[Finding]) -> io::Result<()> {
    let findings: Vec<JsonFinding<'_>> = findings
        .iter()
        .map(|finding| JsonFinding {
            code: finding.code.id(),
            name: finding.code.name(),
            severity: finding.severity.id(),
            line: finding.line,
            message: &finding.message,
            why: &finding.why,
            fix: &finding.fix,
            replacement: finding.replacement.as_deref(),
            related_lines: &finding.related_lines,
        })
        .collect();
    serde_json::to_writer_pretty(&mut *out, &findings).map_err(io::Error::other)?;
    writeln!(out)
}

/// GitHub's workflow-command escaping: data escapes `%`, CR and LF; properties also `:` and `,`.
fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

fn write_github(out: &mut impl Write, name: &str, findings: &[Finding]) -> io::Result<()> {
    for finding in findings {
        let command = match finding.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        let title = format!("{} {}", finding.code.id(), finding.code.name());
        writeln!(
            out,
            "::{command} file={},line={},title={}::{}",
            escape_property(name),
            finding.line,
            escape_property(&title),
            escape_data(&format!(
                "{} {} Fix: {}",
                finding.message, finding.why, finding.fix
            ))
        )?;
    }
    Ok(())
}

/// `robots-lens explain [CODE]`: one code's documentation, or the list of codes.
pub fn explain(args: &Args) -> Result<ExitCode, UsageError> {
    let mut out = io::stdout().lock();
    let written = match args.positional.as_slice() {
        [] if args.json => write_docs_json(&mut out),
        [] => CODES.iter().try_for_each(|doc| {
            writeln!(
                out,
                "{}  {:<7}  {:<32} {}",
                doc.id,
                doc.severity.id(),
                doc.name,
                doc.title
            )
        }),
        [code] => {
            let code: Code = code.parse().map_err(|error| {
                UsageError::new(format!("{error}; 'robots-lens explain' lists every code"))
            })?;
            let doc = code.doc();
            writeln!(
                out,
                "{} {} ({})\n{}\n\nWhat it does\n  {}\n\nWhy it matters\n  {}\n\nExample\n{}\n\nFix\n{}\n\nReference\n  {}",
                doc.id,
                doc.name,
                doc.severity.id(),
                doc.title,
                doc.what_it_does,
                doc.why_it_matters,
                indent(doc.example),
                indent(doc.fix),
                doc.reference
            )
        }
        [_, extra, ..] => {
            return Err(UsageError::new(format!(
                "explain takes one CODE; '{extra}' is one too many"
            )))
        }
    };
    written.map_err(UsageError::output)?;
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DocJson {
    id: &'static str,
    name: &'static str,
    severity: &'static str,
    title: &'static str,
    what_it_does: &'static str,
    why_it_matters: &'static str,
    example: &'static str,
    fix: &'static str,
    reference: &'static str,
}

/// Every code's documentation as JSON: the page's "learn more" texts are generated from this at
/// build time, so the prose has one source and the wasm module does not carry it.
fn write_docs_json(out: &mut impl Write) -> io::Result<()> {
    let docs: Vec<DocJson> = CODES
        .iter()
        .map(|doc| DocJson {
            id: doc.id,
            name: doc.name,
            severity: doc.severity.id(),
            title: doc.title,
            what_it_does: doc.what_it_does,
            why_it_matters: doc.why_it_matters,
            example: doc.example,
            fix: doc.fix,
            reference: doc.reference,
        })
        .collect();
    serde_json::to_writer_pretty(&mut *out, &docs).map_err(io::Error::other)?;
    writeln!(out)
}

fn indent(block: &str) -> String {
    block
        .lines()
        .map(|line| format!("  | {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_commands_are_escaped() {
        assert_eq!(escape_data("50% done\nnext"), "50%25 done%0Anext");
        assert_eq!(escape_property("a:b,c"), "a%3Ab%2Cc");
    }
}
