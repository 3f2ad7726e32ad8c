//! `robots-lens crawlers`: one URL, every catalogued crawler, each following its documented
//! fallback chain; or, without a FILE, the catalogue itself.

use std::io::{self, Write};
use std::process::ExitCode;

use robots_lens::{
    crawler_status_handling, crawlers, status_handling, CrawlerRow, FetchStatus, RobotsTxt,
};
use serde::Serialize;

use crate::args::{Args, UsageError};
use crate::terminal::{self, Style};

pub fn run(args: &Args) -> Result<ExitCode, UsageError> {
    let url = match args.urls.as_slice() {
        [] => "/",
        [url] => url.as_str(),
        [_, extra, ..] => {
            return Err(UsageError::new(format!(
                "crawlers checks one URL; '{extra}' is one too many (run it once per URL)"
            )));
        }
    };
    if args.positional.is_empty() {
        return list_catalogue(args.json);
    }
    let status = args.fetch_status()?;
    let (_, bytes) = args.read_file()?;
    let robots = RobotsTxt::parse_owned(bytes);
    let checker = robots.checker(args.profile);
    let rows = checker
        .ask_crawler_table(url, &status)
        .map_err(|refusal| crate::asker::refused(&refusal))?;
    let written = if args.json {
        write_json(&rows)
    } else {
        write_table(&robots, &rows, url, &status, args)
    };
    written.map_err(UsageError::output)?;
    Ok(ExitCode::SUCCESS)
}

fn write_json(rows: &[CrawlerRow]) -> io::Result<()> {
    let mut out = terminal::stdout(Style::Json);
    let mut json = serde_json::to_value(rows).map_err(io::Error::other)?;
    if let Some(printed) = json.as_array_mut() {
        for (row, printed) in rows.iter().zip(printed) {
            let verdicts = [
                ("verdict", Some(&row.verdict)),
                ("rfc_status_reading", row.rfc_status_reading.as_ref()),
            ];
            for (field, verdict) in verdicts {
                if let (Some(verdict), Some(fields)) = (
                    verdict,
                    printed
                        .get_mut(field)
                        .and_then(|value| value.as_object_mut()),
                ) {
                    crate::check::insert_answer_codes(fields, verdict);
                }
            }
        }
    }
    serde_json::to_writer_pretty(&mut out, &json).map_err(io::Error::other)?;
    writeln!(out)?;
    out.flush()
}

fn write_table(
    robots: &RobotsTxt,
    rows: &[CrawlerRow],
    url: &str,
    status: &FetchStatus,
    args: &Args,
) -> io::Result<()> {
    let mut out = terminal::stdout(Style::Text);
    writeln!(
        out,
        "{} for every catalogued crawler (profile {})",
        terminal::shortened(rows.first().map_or(url, |row| row.verdict.path.as_str())),
        args.profile
    )?;
    if *status != FetchStatus::ok() {
        let handling = status_handling(status, args.profile);
        writeln!(out, "served as {status}: {}", handling.explanation)?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "{:<20} {:<15} {:<10} {:<7} {:<22} whole file",
        "crawler", "purpose", "verdict", "line", "group"
    )?;
    for row in rows {
        let verdict = &row.verdict;
        let word = if verdict.allowed {
            "allowed"
        } else {
            "DISALLOWED"
        };
        let line = verdict
            .decisive
            .as_ref()
            .map_or_else(|| "-".to_owned(), |rule| rule.line.to_string());
        let group = match (&verdict.chain_step, verdict.groups.first()) {
            (_, None) => "none".to_owned(),
            _ if verdict.used_star_group => "*".to_owned(),
            (Some(step), Some(_)) if step.fallback => {
                format!("{} (fallback)", step.token.as_deref().unwrap_or("?"))
            }
            (Some(step), Some(_)) => step.token.clone().unwrap_or_default(),
            (None, Some(group)) => format!("group {}", group.index + 1),
        };
        writeln!(
            out,
            "{:<20} {:<15} {:<10} {:<7} {:<22} {}",
            row.crawler.name,
            row.crawler.purpose.id(),
            word,
            line,
            group,
            row.summary
        )?;
    }
    let differing: Vec<&str> = rows
        .iter()
        .filter(|row| row.rfc_status_reading.is_some())
        .map(|row| row.crawler.name)
        .collect();
    if let Some(first) = rows.iter().find(|row| row.rfc_status_reading.is_some()) {
        let own = crawler_status_handling(first.crawler, status, args.profile);
        writeln!(
            out,
            "\n{} follow their operator's documented handling of {status}: {} RFC 9309 reads \
             it otherwise: {}",
            differing.join(", "),
            own.explanation,
            own.rfc
        )?;
    }
    let disallowed = rows.iter().filter(|row| !row.verdict.allowed).count();
    writeln!(
        out,
        "\n{disallowed} of {} crawlers may not fetch this URL; {} lines read.",
        rows.len(),
        robots.lines().len()
    )?;
    out.flush()
}

#[derive(Serialize)]
struct CatalogueEntry {
    name: &'static str,
    operator: &'static str,
    purpose: &'static str,
    tokens: &'static [&'static str],
    chain: Vec<String>,
}

fn list_catalogue(json: bool) -> Result<ExitCode, UsageError> {
    let entries: Vec<CatalogueEntry> = crawlers()
        .iter()
        .map(|crawler| CatalogueEntry {
            name: crawler.name,
            operator: crawler.operator,
            purpose: crawler.purpose.id(),
            tokens: crawler.tokens,
            chain: crawler.chain.iter().map(ToString::to_string).collect(),
        })
        .collect();
    let mut out = terminal::stdout(terminal::style(json));
    let written = if json {
        serde_json::to_writer_pretty(&mut out, &entries)
            .map_err(io::Error::other)
            .and_then(|()| writeln!(out))
    } else {
        entries.iter().try_for_each(|entry| {
            writeln!(
                out,
                "{:<20} {:<15} {:<22} follows {}",
                entry.name,
                entry.purpose,
                entry.operator,
                entry.chain.join(" → ")
            )
        })
    };
    written
        .and_then(|()| out.flush())
        .map_err(UsageError::output)?;
    Ok(ExitCode::SUCCESS)
}
