//! `robots-lens lint`: the audit's findings, for people (text), for tools (JSON) and for CI
//! (GitHub Actions annotations); and `robots-lens explain CODE`, the documentation of a code.

use std::io::{self, Write};
use std::process::ExitCode;

use std::path::Path;

use robots_lens::audit::{
    group_by_cause, partition_suppressed, Cause, Code, Effect, Evidence, FixCheck, Severity,
};
use robots_lens::consumers::{self, ConsumerSet, ConsumerTable};
use robots_lens::{CrawlerRow, FetchStatus, Finding, Profile, RobotsTxt};
use serde::Serialize;

use crate::args::{Args, UsageError};
use crate::config::{parse_codes, FailOn, LintConfig};
use crate::docs;
use crate::sarif::{self, SarifFile};
use crate::terminal::{self, printable};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Text,
    Json,
    Github,
    Sarif,
    Markdown,
}

/// One linted file: what it says, and the findings left once suppressions and the config apply.
struct Report {
    /// The path as given (`robots.txt` for standard input).
    name: String,
    robots: RobotsTxt,
    /// The findings to report, with the severities the config gives them, grouped by cause:
    /// one entry for the 460 names Google cuts short, with every line it covers.
    causes: Vec<Cause>,
    /// How many findings a `# robots-lens: ignore` comment silenced.
    suppressed: usize,
    /// How many findings the config or `--ignore` turned off.
    ignored: usize,
    /// The crawlers that matter (from the config), each with what the file allows it.
    crawlers: Vec<CrawlerRow>,
}

impl Report {
    fn new(path: String, bytes: Vec<u8>, config: &LintConfig, profile: Profile) -> Report {
        let robots = RobotsTxt::parse_owned(bytes);
        let suppressions = robots.suppressions();
        let (kept, silenced) = partition_suppressed(robots.audit(), &suppressions);
        let before = kept.len();
        let findings: Vec<Finding> = kept
            .into_iter()
            .filter_map(|mut finding| {
                finding.severity = config.effective_severity(finding.code, finding.severity)?;
                Some(finding)
            })
            .collect();
        let ignored = before - findings.len();
        let causes = group_by_cause(findings);
        let name = if path == "-" {
            "robots.txt".to_owned()
        } else {
            path
        };
        for suppression in &suppressions {
            for word in &suppression.unknown {
                // A warning that cannot be written has nowhere else to go.
                let _ = writeln!(
                    terminal::stderr(),
                    "robots-lens: {name}:{}: '{word}' in the ignore comment names no audit code ('robots-lens explain' lists them)",
                    suppression.line,
                );
            }
        }
        let crawlers = if config.crawlers.is_empty() {
            Vec::new()
        } else {
            // `/` is a URL every crawler requests: the table is never refused.
            let mut table = robots
                .checker(profile)
                .ask_crawler_table("/", &FetchStatus::ok())
                .unwrap_or_default();
            config
                .crawlers
                .iter()
                .filter_map(|wanted| {
                    let index = table
                        .iter()
                        .position(|row| std::ptr::eq(row.crawler, *wanted))?;
                    Some(table.swap_remove(index))
                })
                .collect()
        };
        Report {
            name,
            robots,
            causes,
            suppressed: silenced.len(),
            ignored,
            crawlers,
        }
    }
}

pub fn run(args: &Args) -> Result<ExitCode, UsageError> {
    let format = match (args.format.as_deref(), args.json) {
        (None, false) | (Some("text"), false) => Format::Text,
        (None, true) | (Some("json"), _) => Format::Json,
        (Some("github"), false) => Format::Github,
        (Some("sarif"), false) => Format::Sarif,
        (Some("markdown"), false) => Format::Markdown,
        (Some(other), false) => {
            return Err(UsageError::new(format!(
                "--format: unknown format '{other}': expected text, json, github, sarif or markdown"
            )))
        }
        (Some(_), true) => {
            return Err(UsageError::new("give either --json or --format, not both"));
        }
    };
    let mut config = match (&args.config, args.no_config) {
        (Some(_), true) => {
            return Err(UsageError::new(
                "give either --config or --no-config, not both",
            ))
        }
        (Some(path), false) => LintConfig::read(Path::new(path))?,
        (None, true) => LintConfig::default(),
        (None, false) => {
            let here = std::env::current_dir().map_err(|error| {
                UsageError::new(format!("cannot read the current directory: {error}"))
            })?;
            LintConfig::discover(&here)?
        }
    };
    for list in &args.ignore {
        config.ignore.extend(
            parse_codes(list).map_err(|error| UsageError::new(format!("--ignore: {error}")))?,
        );
    }
    let fail_on: FailOn = match &args.fail_on {
        Some(level) => level
            .parse()
            .map_err(|error| UsageError::new(format!("--fail-on: {error}")))?,
        None => config.fail_on.unwrap_or_default(),
    };
    let reports: Vec<Report> = args
        .read_files()?
        .into_iter()
        .map(|(path, bytes)| Report::new(path, bytes, &config, args.profile))
        .collect();
    let mut out = terminal::stdout(terminal::style(matches!(
        format,
        Format::Json | Format::Sarif
    )));
    let written = match format {
        Format::Text => reports
            .iter()
            .try_for_each(|report| write_text(&mut out, report)),
        Format::Json => write_json(&mut out, &reports),
        Format::Github => reports.iter().try_for_each(|report| {
            write_github(&mut out, &report.name, &report.robots, &report.causes)
        }),
        Format::Sarif => {
            let files: Vec<SarifFile<'_>> = reports
                .iter()
                .map(|report| SarifFile {
                    name: &report.name,
                    bytes: report.robots.input(),
                    robots: &report.robots,
                    causes: &report.causes,
                })
                .collect();
            sarif::write(&mut out, &files)
        }
        Format::Markdown => reports
            .iter()
            .try_for_each(|report| write_markdown(&mut out, report)),
    };
    written
        .and_then(|()| out.flush())
        .map_err(UsageError::output)?;
    let fails = reports
        .iter()
        .flat_map(|report| &report.causes)
        .any(|cause| fail_on.fails(cause.severity()));
    Ok(if fails {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// What a report left out, for its summary line: ", 2 suppressed, 1 ignored".
fn left_out(report: &Report) -> String {
    let mut text = String::new();
    if report.suppressed > 0 {
        text.push_str(&format!(", {} suppressed", report.suppressed));
    }
    if report.ignored > 0 {
        text.push_str(&format!(", {} ignored", report.ignored));
    }
    text
}

fn count(causes: &[Cause], severity: Severity) -> usize {
    causes
        .iter()
        .filter(|cause| cause.severity() == severity)
        .count()
}

/// ", covering 463 lines" when causes group several findings, else nothing: the summary counts
/// causes, and says so once they differ from lines.
fn covering(causes: &[Cause]) -> String {
    let findings: usize = causes.iter().map(|cause| cause.findings().len()).sum();
    if findings == causes.len() {
        return String::new();
    }
    format!(", covering {findings} findings")
}

/// `4, 7, 8, 10–12`: line numbers, runs of three or more consecutive lines shortened.
fn line_list(lines: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let start = lines[index];
        let mut end = start;
        while index + 1 < lines.len() && lines[index + 1] == end + 1 {
            index += 1;
            end = lines[index];
        }
        match end - start {
            0 => parts.push(start.to_string()),
            1 => parts.extend([start.to_string(), end.to_string()]),
            _ => parts.push(format!("{start}–{end}")),
        }
        index += 1;
    }
    parts.join(", ")
}

fn plural(count: usize, word: &str) -> String {
    match count {
        1 => format!("1 {word}"),
        _ => format!("{count} {word}s"),
    }
}

/// The consumers a finding names, by name: "Google, urllib.robotparser".
fn consumer_names(named: ConsumerSet) -> String {
    let names: Vec<&str> = named.iter().map(|consumer| consumer.name()).collect();
    names.join(", ")
}

fn write_text(out: &mut impl Write, report: &Report) -> io::Result<()> {
    let (name, causes) = (report.name.as_str(), report.causes.as_slice());
    let table = consumers::readings(&report.robots);
    for cause in causes {
        let finding = cause.first();
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
        if let Some(effect) = finding.effect.first() {
            writeln!(out, "    for example: {}", effect.message())?;
        }
        let named = consumers::about_finding(&table, finding);
        if !named.is_empty() {
            writeln!(out, "    consumers: {}", consumer_names(named))?;
        }
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
        let lines = cause.lines();
        if lines.len() > 1 {
            // One cause, every line it covers, and what each of the others says: nothing the
            // ungrouped list showed is out of reach.
            writeln!(
                out,
                "    lines: {} ({} lines, the same cause)",
                line_list(&lines),
                lines.len()
            )?;
            for other in &cause.findings()[1..] {
                writeln!(out, "    line {}: {}", other.line, other.message)?;
                if let Some(replacement) = &other.replacement {
                    for line in replacement.lines() {
                        writeln!(out, "        use: {line}")?;
                    }
                }
            }
        }
    }
    for row in &report.crawlers {
        writeln!(
            out,
            "{name}: crawler {}: {}; / is {}",
            row.crawler.name,
            row.summary,
            if row.verdict.allowed {
                "allowed"
            } else {
                "disallowed"
            }
        )?;
    }
    if causes.is_empty() {
        writeln!(out, "{name}: no findings{}", left_out(report))
    } else {
        writeln!(
            out,
            "{name}: {}, {}, {} info{}{} (robots-lens explain CODE tells more)",
            plural(count(causes, Severity::Error), "error"),
            plural(count(causes, Severity::Warning), "warning"),
            count(causes, Severity::Info),
            covering(causes),
            left_out(report)
        )
    }
}

#[derive(Serialize)]
struct JsonFinding<'a> {
    file: &'a str,
    code: &'static str,
    name: &'static str,
    severity: &'static str,
    line: usize,
    message: String,
    why: String,
    fix: String,
    replacement: Option<&'a str>,
    related_lines: &'a [usize],
    /// The questions whose answers the finding is about: `check FILE --agent AGENT --url URL
    /// --profile PROFILE` answers `verdict`; the file as evidently meant would answer `intended`.
    effect: &'a [Effect],
    /// Whether the effects were computed (`computed`), not (`none`: a note), or left out by
    /// the evidence budget (`over-limit`).
    evidence: Evidence,
    /// `checked` when the replacement was applied and re-asked before it was offered,
    /// `withheld` when it failed and is not offered, `none` when the fix is in words.
    fix_check: FixCheck,
    /// The consumers the finding is about (`robots-lens consumers` ids): the readers whose
    /// verdict `effect` shows changed, and those that flag, skip or read otherwise its line.
    consumers: ConsumerSet,
    /// Every line of the cause, this finding's first.
    lines: Vec<usize>,
    /// The cause's other findings, each with its own words.
    others: Vec<JsonOther<'a>>,
}

/// One more finding of a cause, in the JSON output.
#[derive(Serialize)]
struct JsonOther<'a> {
    line: usize,
    message: String,
    fix: String,
    replacement: Option<&'a str>,
    effect: &'a [Effect],
    consumers: ConsumerSet,
}

fn write_json(out: &mut impl Write, reports: &[Report]) -> io::Result<()> {
    // Each finding's sentences are written out as it is serialized, not gathered first: 100,000
    // findings would otherwise hold all their English text at once.
    let tables: Vec<ConsumerTable<'_>> = reports
        .iter()
        .map(|report| consumers::readings(&report.robots))
        .collect();
    let findings = reports
        .iter()
        .zip(&tables)
        .flat_map(|(report, table)| {
            report
                .causes
                .iter()
                .map(move |cause| (report.name.as_str(), table, cause))
        })
        .map(|(file, table, cause)| {
            let finding = cause.first();
            JsonFinding {
                file,
                code: finding.code.id(),
                name: finding.code.name(),
                severity: finding.severity.id(),
                line: finding.line,
                message: finding.message.english(),
                why: finding.why.english(),
                fix: finding.fix.english(),
                replacement: finding.replacement.as_deref(),
                related_lines: &finding.related_lines,
                effect: &finding.effect,
                evidence: finding.evidence,
                fix_check: finding.fix_check,
                consumers: consumers::about_finding(table, finding),
                lines: cause.lines(),
                others: cause.findings()[1..]
                    .iter()
                    .map(|other| JsonOther {
                        line: other.line,
                        message: other.message.english(),
                        fix: other.fix.english(),
                        replacement: other.replacement.as_deref(),
                        effect: &other.effect,
                        consumers: consumers::about_finding(table, other),
                    })
                    .collect(),
            }
        });
    serde::Serializer::collect_seq(&mut serde_json::Serializer::pretty(&mut *out), findings)
        .map_err(io::Error::other)?;
    writeln!(out)
}

/// GitHub's workflow-command escaping: data escapes `%`, CR and LF; properties also `:` and `,`.
pub fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

pub fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

fn write_github(
    out: &mut impl Write,
    name: &str,
    robots: &RobotsTxt,
    causes: &[Cause],
) -> io::Result<()> {
    let table = robots_lens::consumers::readings(robots);
    for cause in causes {
        let finding = cause.first();
        let command = match finding.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        let title = format!("{} {}", finding.code.id(), finding.code.name());
        let lines = cause.lines();
        let also = if lines.len() > 1 {
            format!(" (the same cause on lines {})", line_list(&lines))
        } else {
            String::new()
        };
        // The consumers that report the line too, in their own words (`robots-lens consumers`).
        let reported: Vec<String> = table
            .line(finding.line)
            .map(|line| line.readings)
            .unwrap_or_default()
            .iter()
            .filter_map(|reading| {
                let words = reading.words?;
                Some(format!("{} ({})", reading.consumer.name(), words.text))
            })
            .collect();
        let consumers = if reported.is_empty() {
            String::new()
        } else {
            format!(" Also reported by {}.", reported.join(", "))
        };
        writeln!(
            out,
            "::{command} file={},line={},title={}::{}",
            escape_property(name),
            finding.line,
            escape_property(&title),
            escape_data(&format!(
                "{}{also} {}{} Fix: {}{consumers}",
                finding.message,
                finding.why,
                finding
                    .effect
                    .first()
                    .map(|effect| format!(" For example: {}", effect.message()))
                    .unwrap_or_default(),
                finding.fix
            ))
        )?;
    }
    Ok(())
}

/// Markdown text in which nothing the input holds is read as markup: the characters that can
/// start markup (emphasis, code, links, images, HTML, entities, headings, table cells) are
/// backslash-escaped, line breaks become spaces and control characters visible escapes, so a
/// cell of a table stays one cell and a value never becomes a tag.
fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\r' | '\t' => out.push(' '),
            c if c.is_control() => out.push_str(&printable(&c.to_string())),
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#' | '~' | '!' | '&' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// A Markdown report, for a GitHub job summary: a table of the findings, then the crawlers
/// that matter.
fn write_markdown(out: &mut impl Write, report: &Report) -> io::Result<()> {
    let causes = &report.causes;
    writeln!(
        out,
        "### robots-lens lint: {}\n",
        markdown_text(&report.name)
    )?;
    writeln!(
        out,
        "{}, {}, {} info{}{}\n",
        plural(count(causes, Severity::Error), "error"),
        plural(count(causes, Severity::Warning), "warning"),
        count(causes, Severity::Info),
        covering(causes),
        left_out(report)
    )?;
    if !causes.is_empty() {
        writeln!(out, "| Line | Severity | Code | Finding | Fix |")?;
        writeln!(out, "|---:|---|---|---|---|")?;
        for cause in causes {
            let finding = cause.first();
            writeln!(
                out,
                "| {} | {} | [{}]({}#{}) {} | {} | {} |",
                line_list(&cause.lines()),
                finding.severity.id(),
                finding.code.id(),
                sarif::DOCS_URL,
                sarif::anchor(finding.code.id(), finding.code.name()),
                finding.code.name(),
                markdown_text(&match finding.effect.first() {
                    Some(effect) => format!(
                        "{} For example: {}",
                        finding.message.english(),
                        effect.message().english()
                    ),
                    None => finding.message.english(),
                }),
                markdown_text(&finding.fix.english())
            )?;
        }
        writeln!(out)?;
    }
    if !report.crawlers.is_empty() {
        writeln!(out, "| Crawler | The whole file | `/` |")?;
        writeln!(out, "|---|---|---|")?;
        for row in &report.crawlers {
            writeln!(
                out,
                "| {} | {} | {} |",
                markdown_text(row.crawler.name),
                markdown_text(&row.summary.to_string()),
                if row.verdict.allowed {
                    "allowed"
                } else {
                    "disallowed"
                }
            )?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// `robots-lens explain [CODE]`: one code's documentation, or the list of codes, in the
/// language `--lang` asks for (English by default).
pub fn explain(args: &Args) -> Result<ExitCode, UsageError> {
    let local = docs::local_docs(args.lang.as_deref().unwrap_or("en"))?;
    let mut out = terminal::stdout(terminal::style(args.json));
    let written = match args.positional.as_slice() {
        [] if args.json || args.format.as_deref() == Some("json") => {
            write_docs_json(&mut out, &local)
        }
        [] if args.format.as_deref() == Some("markdown") => write_docs_markdown(&mut out, &local),
        [] => local.docs.iter().try_for_each(|local| {
            let doc = local.doc;
            writeln!(
                out,
                "{}  {:<7}  {:<32} {}",
                doc.id,
                doc.severity.id(),
                doc.name,
                local.title
            )
        }),
        [code] => {
            let code: Code = code.parse().map_err(|error| {
                UsageError::new(format!("{error}; 'robots-lens explain' lists every code"))
            })?;
            let doc = code.doc();
            if args.json || args.format.as_deref() == Some("json") {
                let one = local
                    .docs
                    .iter()
                    .find(|local| local.doc.id == doc.id)
                    .expect("every code is documented");
                return write_pretty_json(&mut out, &doc_json(one, &local.severity_rules))
                    .and_then(|()| out.flush())
                    .map_err(UsageError::output)
                    .map(|()| ExitCode::SUCCESS);
            }
            let text = local.get(doc.id).expect("every code is documented");
            let headings = &local.headings;
            writeln!(
                out,
                "{} {} ({})\n{}\n\n{}\n  {}\n\n{}\n  {}\n\n{}\n  {}\n\n{}\n{}\n\n{}\n{}\n\n{}\n  {}",
                doc.id,
                doc.name,
                doc.severity.id(),
                text.title,
                local.severity_rules.heading,
                local.severity_rules.of(doc.severity),
                headings.what_it_does,
                text.what_it_does,
                headings.why_it_matters,
                text.why_it_matters,
                headings.example,
                indent(doc.example),
                headings.fix,
                indent(doc.fix),
                headings.reference,
                text.reference
            )
        }
        [_, extra, ..] => {
            return Err(UsageError::new(format!(
                "explain takes one CODE; '{extra}' is one too many"
            )))
        }
    };
    written
        .and_then(|()| out.flush())
        .map_err(UsageError::output)?;
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DocJson<'a> {
    id: &'static str,
    name: &'static str,
    severity: &'static str,
    /// The rule that gives the code its severity (docs/severity.md), in the language asked for.
    severity_rule: &'a str,
    title: &'a str,
    what_it_does: &'a str,
    why_it_matters: &'a str,
    example: &'static str,
    fix: &'static str,
    reference: &'a str,
}

/// Every code's documentation as JSON: the page's "learn more" texts are generated from this at
/// build time, once per language, so the prose has one source and the wasm module does not
/// carry it.
fn write_docs_json(out: &mut impl Write, local: &docs::LocalDocs) -> io::Result<()> {
    let docs: Vec<DocJson> = local
        .docs
        .iter()
        .map(|one| doc_json(one, &local.severity_rules))
        .collect();
    write_pretty_json(out, &docs)
}

/// One code's documentation as `explain --json` writes it, alone (`explain CODE --json`) or in
/// the list of every code.
fn doc_json<'a>(local: &'a docs::LocalDoc, rules: &'a docs::SeverityRules) -> DocJson<'a> {
    DocJson {
        id: local.doc.id,
        name: local.doc.name,
        severity: local.doc.severity.id(),
        severity_rule: rules.of(local.doc.severity),
        title: &local.title,
        what_it_does: &local.what_it_does,
        why_it_matters: &local.why_it_matters,
        example: local.doc.example,
        fix: local.doc.fix,
        reference: &local.reference,
    }
}

fn write_pretty_json(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value).map_err(io::Error::other)?;
    writeln!(out)
}

/// Every code's documentation as one Markdown page: `docs/audit-codes.md`, which SARIF rules and
/// the Markdown report link to (the tests keep the committed page equal to this output).
fn write_docs_markdown(out: &mut impl Write, local: &docs::LocalDocs) -> io::Result<()> {
    writeln!(out, "# Robots Lens audit codes\n")?;
    writeln!(
        out,
        "Generated by `robots-lens explain --format markdown`; do not edit by hand. \
         Silence a code on one line with `# robots-lens: ignore CODE`, or everywhere with \
         `ignore` in `.robots-lens.toml`.\n"
    )?;
    writeln!(out, "| Code | Name | At most | Title |\n|---|---|---|---|")?;
    for local in &local.docs {
        let doc = local.doc;
        writeln!(
            out,
            "| [{}](#{}) | {} | {} | {} |",
            doc.id,
            sarif::anchor(doc.id, doc.name),
            doc.name,
            doc.severity.id(),
            local.title
        )?;
    }
    let headings = &local.headings;
    let rules = &local.severity_rules;
    for local in &local.docs {
        let doc = local.doc;
        writeln!(
            out,
            "\n## {} {}\n\n**{}** ({})\n\n{}: {}\n\n### {}\n\n{}\n\n### {}\n\n{}\n\n### {}\n\n```text\n{}\n```\n\n### {}\n\n```text\n{}\n```\n\n### {}\n\n{}",
            doc.id,
            doc.name,
            local.title,
            doc.severity.id(),
            rules.heading,
            rules.of(doc.severity),
            headings.what_it_does,
            local.what_it_does,
            headings.why_it_matters,
            local.why_it_matters,
            headings.example,
            doc.example.trim_end(),
            headings.fix,
            doc.fix.trim_end(),
            headings.reference,
            local.reference
        )?;
    }
    Ok(())
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
