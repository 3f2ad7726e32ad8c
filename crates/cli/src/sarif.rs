//! `robots-lens lint --format sarif`: the findings as a SARIF 2.1.0 log, for GitHub code scanning
//! and any other tool that reads the OASIS format.
//!
//! The driver declares every code of the catalogue as a rule, not only those found, so that a
//! code-scanning service can tell "checked and clean" from "never checked" and close an alert
//! once its line is fixed. Each rule carries the code's documentation (`help`, in text and
//! Markdown) and a link to its section in `docs/audit-codes.md`, which the tests keep equal to
//! `robots-lens explain --markdown`.
//!
//! Findings silenced by a `# robots-lens: ignore` comment or by the config are left out rather than
//! written with SARIF `suppressions`, which GitHub code scanning does not honour.

use std::io::{self, Write};

use robots_lens::audit::{Cause, Severity, CODES};
use robots_lens::{Finding, RobotsTxt};
use serde_json::{json, Value};

/// The schema the log declares.
const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// Where each code's documentation lives, with `#` and the code's anchor appended.
pub const DOCS_URL: &str = concat!(
    env!("CARGO_PKG_REPOSITORY"),
    "/blob/main/docs/audit-codes.md"
);

/// One linted file, as the SARIF log needs it.
pub struct SarifFile<'a> {
    /// The path as given on the command line (`robots.txt` for standard input).
    pub name: &'a str,
    pub bytes: &'a [u8],
    pub robots: &'a RobotsTxt,
    /// The findings to report, with their effective severities, grouped by cause.
    pub causes: &'a [Cause],
}

/// The anchor GitHub gives the heading `RL301 rule-before-user-agent` in a Markdown file.
pub fn anchor(id: &str, name: &str) -> String {
    format!("{}-{name}", id.to_ascii_lowercase())
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// A file path as a relative URI reference: forward slashes, and the characters a URI cannot
/// hold percent-encoded.
fn uri(path: &str) -> String {
    let path = path.replace('\\', "/");
    let path = path.strip_prefix("./").unwrap_or(&path);
    let mut out = String::with_capacity(path.len());
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/!$&'()*+,;=:@".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The UTF-16 column (1-based) of byte `offset` in the line that starts at `line_start`.
fn column(bytes: &[u8], line_start: usize, offset: usize) -> usize {
    let offset = offset.clamp(line_start, bytes.len());
    String::from_utf8_lossy(&bytes[line_start..offset])
        .encode_utf16()
        .count()
        + 1
}

fn region(file: &SarifFile<'_>, finding: &Finding) -> Value {
    let Some(line) = file.robots.line(finding.line) else {
        return json!({ "startLine": finding.line.max(1) });
    };
    match finding.span {
        Some(span) if span.start >= line.start && span.end <= line.end && span.end > span.start => {
            json!({
                "startLine": finding.line,
                "startColumn": column(file.bytes, line.start, span.start),
                "endColumn": column(file.bytes, line.start, span.end),
            })
        }
        _ => json!({ "startLine": finding.line }),
    }
}

fn rules() -> Vec<Value> {
    CODES
        .iter()
        .map(|doc| {
            let markdown = format!(
                "**{}**\n\n{}\n\n**Why it matters**: {}\n\nExample:\n\n```text\n{}\n```\n\nFixed:\n\n```text\n{}\n```\n\nReference: {}",
                doc.title, doc.what_it_does, doc.why_it_matters, doc.example, doc.fix, doc.reference
            );
            json!({
                "id": doc.id,
                "name": doc.name,
                "shortDescription": { "text": doc.title },
                "fullDescription": { "text": doc.what_it_does },
                "help": {
                    "text": format!("{}\n\nWhy it matters: {}\n\nReference: {}", doc.what_it_does, doc.why_it_matters, doc.reference),
                    "markdown": markdown,
                },
                "helpUri": format!("{DOCS_URL}#{}", anchor(doc.id, doc.name)),
                "properties": { "tags": ["robots.txt"] },
            })
        })
        .collect()
}

/// One result per cause: its first finding's words, a location for every line it covers (the
/// first is where it is shown), and the other findings' words as related locations, so that one
/// alert stands for the 460 names Google cuts short and each of them stays reachable.
fn results(file: &SarifFile<'_>) -> Vec<Value> {
    let table = robots_lens::consumers::readings(file.robots);
    file.causes
        .iter()
        .map(|cause| {
            let finding = cause.first();
            let rule_index = CODES.iter().position(|doc| doc.code == finding.code);
            let lines = cause.lines();
            let also = if lines.len() > 1 {
                format!(" ({} lines have the same cause.)", lines.len())
            } else {
                String::new()
            };
            let example = finding
                .effect
                .first()
                .map(|effect| format!(" For example: {}", effect.message()))
                .unwrap_or_default();
            let text = format!(
                "{}{also} {}{example} Fix: {}",
                finding.message, finding.why, finding.fix
            );
            let related: Vec<Value> = finding
                .related_lines
                .iter()
                .map(|&line| (format!("line {line}"), line))
                .chain(
                    cause.findings()[1..]
                        .iter()
                        .map(|other| (other.message.english(), other.line)),
                )
                .enumerate()
                .map(|(index, (text, line))| {
                    json!({
                        "id": index,
                        "message": { "text": text },
                        "physicalLocation": {
                            "artifactLocation": { "uri": uri(file.name) },
                            "region": { "startLine": line },
                        },
                    })
                })
                .collect();
            let locations: Vec<Value> = cause
                .findings()
                .iter()
                .map(|each| {
                    json!({
                        "physicalLocation": {
                            "artifactLocation": { "uri": uri(file.name) },
                            "region": region(file, each),
                        },
                    })
                })
                .collect();
            let mut result = json!({
                "ruleId": finding.code.id(),
                "level": level(finding.severity),
                "message": { "text": text },
                "locations": locations,
            });
            if let Some(index) = rule_index {
                result["ruleIndex"] = json!(index);
            }
            if !related.is_empty() {
                result["relatedLocations"] = Value::Array(related);
            }
            // The evidence, as `lint --format json` gives it: each question reproduces with
            // `robots-lens check FILE --agent AGENT --url URL --profile PROFILE`.
            // `aboutConsumers`: the consumers the finding is about, as `lint --format json`'s
            // `consumers` names them (`consumers` below is every consumer's reading).
            let mut properties = json!({
                "effect": finding.effect,
                "evidence": finding.evidence,
                "fixCheck": finding.fix_check,
                "aboutConsumers": robots_lens::consumers::about_finding(&table, finding),
            });
            if let Some(replacement) = &finding.replacement {
                properties["replacement"] = json!(replacement);
            }
            // What each consumer does with the finding's line (`robots-lens consumers`): which
            // of them report it, in their own words, and which read it otherwise than Google.
            if let Some(line) = table.line(finding.line) {
                let consumers: serde_json::Map<String, Value> = line
                    .readings
                    .iter()
                    .map(|reading| {
                        let mut value =
                            json!({ "status": reading.status.id(), "code": reading.code });
                        if let Some(words) = reading.words {
                            value["words"] = json!(words.text);
                            value["severity"] = json!(words.severity.id());
                        }
                        (reading.consumer.id().to_owned(), value)
                    })
                    .collect();
                properties["consumers"] = Value::Object(consumers);
            }
            result["properties"] = properties;
            result
        })
        .collect()
}

/// Writes one SARIF log with one run holding the results of every file.
pub fn write(out: &mut impl Write, files: &[SarifFile<'_>]) -> io::Result<()> {
    let results: Vec<Value> = files.iter().flat_map(results).collect();
    let log = json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "robots-lens",
                    "version": env!("CARGO_PKG_VERSION"),
                    "semanticVersion": env!("CARGO_PKG_VERSION"),
                    "informationUri": env!("CARGO_PKG_REPOSITORY"),
                    "rules": rules(),
                },
            },
            "columnKind": "utf16CodeUnits",
            "results": results,
        }],
    });
    // Serialised first, so that a closed pipe reaches the caller as the io::Error it is.
    let text = serde_json::to_string_pretty(&log).map_err(io::Error::other)?;
    writeln!(out, "{text}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_relative_uris() {
        assert_eq!(uri("./site/robots.txt"), "site/robots.txt");
        assert_eq!(uri("a b\\robots.txt"), "a%20b/robots.txt");
        assert_eq!(uri("café/robots.txt"), "caf%C3%A9/robots.txt");
    }

    #[test]
    fn columns_count_utf16_units() {
        let bytes = "Disallow: /café x".as_bytes();
        assert_eq!(column(bytes, 0, 0), 1);
        assert_eq!(column(bytes, 0, "Disallow: /café".len()), 16);
    }

    #[test]
    fn anchors_are_githubs() {
        assert_eq!(
            anchor("RL301", "rule-before-user-agent"),
            "rl301-rule-before-user-agent"
        );
    }
}
