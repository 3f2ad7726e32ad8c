//! `robots-lens consumers`: every consumer's reading of every line — Google, Search Console,
//! Lighthouse, Yandex, Bing, RFC 9309, Python's robotparser, robots-parser, Protego — and the
//! summary of each, as the core's [`robots_lens::consumers::readings`] gives them.
//!
//! Text: the summaries first, then each line with a row of marks (one column per consumer) and,
//! under a line some consumer reports or reads otherwise than Google, those readings. JSON:
//! `{"consumers", "lines": [{"line", "text", "readings": {CONSUMER: {"status", "code",
//! "message", "words"}}}], "summary": {CONSUMER: {"passes", "errors", "warnings", "groups", "lines",
//! "message"}}, "lighthouse"}`, messages in English.

use std::io::{self, Write};
use std::process::ExitCode;

use robots_lens::consumers::{self, Consumer, ConsumerTable, Reading, Status};
use robots_lens::{FetchStatus, RobotsTxt};
use serde_json::{json, Map, Value};

use crate::args::{Args, UsageError};
use crate::terminal::{self, printable};

/// The mark of each status in the text's rows.
fn mark(status: Status) -> char {
    match status {
        Status::Applies => '.',
        Status::Ignored => '-',
        Status::Flagged => '!',
        Status::Differs => '~',
    }
}

pub fn run(args: &Args) -> Result<ExitCode, UsageError> {
    let json = match args.format.as_deref() {
        None | Some("text") => args.json,
        Some("json") => true,
        Some(other) => {
            return Err(UsageError::new(format!(
                "--format {other}: consumers prints text or json"
            )))
        }
    };
    let (name, bytes) = args.read_file()?;
    let robots = RobotsTxt::parse_owned(bytes);
    let table = consumers::readings(&robots);
    let mut out = terminal::stdout(terminal::style(json));
    let written = if json {
        serde_json::to_writer(&mut out, &to_json(&table))
            .map_err(io::Error::other)
            .and_then(|()| writeln!(out))
    } else {
        write_text(&mut out, &name, &table)
    };
    written
        .and_then(|()| out.flush())
        .map_err(UsageError::output)?;
    Ok(ExitCode::SUCCESS)
}

fn reading_json(reading: &Reading) -> Value {
    json!({
        "status": reading.status.id(),
        "code": reading.code,
        "message": reading.message.to_string(),
        "words": reading.words.map(|words| json!({
            "text": words.text,
            "severity": words.severity.id(),
            "documented": words.documented,
            "source": words.source,
        })),
    })
}

pub fn to_json(table: &ConsumerTable<'_>) -> Value {
    let robots = table.robots();
    let lines: Vec<Value> = (1..=table.len())
        .filter_map(|number| {
            let line = table.line(number)?;
            let readings: Map<String, Value> = line
                .readings
                .iter()
                .map(|reading| (reading.consumer.id().to_owned(), reading_json(reading)))
                .collect();
            Some(json!({
                "line": number,
                "text": robots.line(number).map(|line| line.text()).unwrap_or_default(),
                "readings": readings,
            }))
        })
        .collect();
    let summary: Map<String, Value> = table
        .summaries()
        .into_iter()
        .map(|summary| {
            let mut value = json!({
                "errors": summary.errors,
                "warnings": summary.warnings,
                "groups": summary.groups,
                "lines": summary.lines,
                "message": summary.message.to_string(),
            });
            if let Some(passes) = summary.passes {
                value["passes"] = json!(passes);
            }
            (summary.consumer.id().to_owned(), value)
        })
        .collect();
    let consumers: Vec<Value> = Consumer::ALL
        .iter()
        .map(|consumer| {
            json!({"id": consumer.id(), "name": consumer.name(), "version": consumer.version()})
        })
        .collect();
    let lighthouse = table.lighthouse(&FetchStatus::ok());
    json!({
        "consumers": consumers,
        "lines": lines,
        "summary": summary,
        "lighthouse": {
            "version": lighthouse.version,
            "outcome": match lighthouse.outcome {
                consumers::LighthouseOutcome::Passes => "passes",
                consumers::LighthouseOutcome::Fails => "fails",
                consumers::LighthouseOutcome::NotApplicable => "not-applicable",
            },
            "errors": lighthouse.errors.iter().map(|error| json!({
                "line": error.line,
                "message": error.message,
            })).collect::<Vec<_>>(),
            "seo_points": lighthouse.seo_points,
        },
    })
}

fn write_text(out: &mut impl Write, name: &str, table: &ConsumerTable<'_>) -> io::Result<()> {
    let robots = table.robots();
    let name = if name == "-" { "standard input" } else { name };
    writeln!(out, "Every consumer's reading of {}", printable(name))?;
    writeln!(out)?;
    // The summary a person reads first: one sentence per consumer, then where its lines are.
    for summary in table.summaries() {
        write!(out, "  {}", printable(&summary.message.to_string()))?;
        if summary.lines.is_empty() {
            writeln!(out)?;
        } else {
            writeln!(out, " — {}", summary.where_lines())?;
        }
    }
    writeln!(out)?;
    let width = table.len().to_string().len().max(4);
    let columns: Vec<String> = Consumer::ALL
        .iter()
        .enumerate()
        .map(|(index, consumer)| format!("{} {}", index + 1, consumer.id()))
        .collect();
    writeln!(out, "Columns: {}", columns.join(", "))?;
    writeln!(
        out,
        "Marks: . applies, - ignored, ! flagged, ~ reads differently"
    )?;
    writeln!(out)?;
    for number in 1..=table.len() {
        let marks: String = Consumer::ALL
            .iter()
            .map(|&consumer| table.status(number, consumer).map_or(' ', mark))
            .collect();
        let text = robots
            .line(number)
            .map(|line| line.text())
            .unwrap_or_default();
        writeln!(out, "{number:>width$}  {marks}  {}", printable(text))?;
        // Details only where they tell something: a report, another reading, or a line Google
        // reads and this consumer skips.
        let google = table.status(number, Consumer::Google);
        let worth_telling = |status: Status| match status {
            Status::Flagged | Status::Differs => true,
            Status::Ignored => google == Some(Status::Applies),
            Status::Applies => false,
        };
        let Some(line) = table.line(number) else {
            continue;
        };
        for reading in line
            .readings
            .iter()
            .filter(|reading| reading.consumer != Consumer::Google && worth_telling(reading.status))
        {
            writeln!(
                out,
                "{:>width$}    {:<14} {:<8} {}",
                "",
                reading.consumer.id(),
                reading.status.id(),
                printable(&reading.message.to_string())
            )?;
        }
    }
    Ok(())
}
