//! `robots-lens logs`: did the bots obey? Access logs replayed against the robots.txt versions
//! that were in force, read a block at a time (gzip'd or not) so that a log of any size costs
//! the memory of one block and the core's bounded caches. The core judges and sums up
//! (`robots_lens::LogReplay`); this module reads the files and prints.

use std::io::{self, Read, Write};
use std::process::ExitCode;
use std::sync::Arc;

use flate2::read::MultiGzDecoder;
use robots_lens::{
    Claim, CrawlerReport, FieldMap, JudgedRequest, LogFormat, LogReplay, LogReport, ReplayOptions,
    RobotsTxt, RobotsVersion, Site, Timestamp,
};
use serde::Serialize;

use crate::args::{Args, UsageError};
use crate::terminal::{self, printable, shortened, Style};

/// How many bytes are read from a log at a time.
const BLOCK: usize = 256 * 1024;

/// What `--format` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Output {
    Text,
    Json,
    Jsonl,
    Csv,
}

pub fn run(args: &Args) -> Result<ExitCode, UsageError> {
    let output = match args.format.as_deref() {
        None if args.json => Output::Json,
        None | Some("text") => Output::Text,
        Some("json") => Output::Json,
        Some("jsonl") => Output::Jsonl,
        Some("csv") => Output::Csv,
        Some(other) => {
            return Err(UsageError::new(format!(
                "logs: unknown --format '{other}' (text, json, jsonl or csv)"
            )))
        }
    };
    if args.positional.is_empty() {
        return Err(UsageError::new(
            "missing LOG: give an access log (gzip'd or not), or - for standard input",
        ));
    }
    if args.positional.iter().filter(|path| *path == "-").count() > 1 {
        return Err(UsageError::new(
            "only one log can be read from standard input (-)",
        ));
    }
    if args.robots.is_empty() {
        return Err(UsageError::new(
            "missing --robots FILE: the robots.txt the requests are judged against \
             (repeat it as --robots FILE@2026-03-01T00:00:00Z for each dated version)",
        ));
    }
    let versions = args
        .robots
        .iter()
        .map(|spec| read_version(spec))
        .collect::<Result<Vec<_>, _>>()?;
    let format = match &args.log_format {
        None => LogFormat::Auto,
        Some(name) => name
            .parse()
            .map_err(|error| UsageError::new(format!("--log-format: {error}")))?,
    };
    let fields = match &args.fields {
        None => FieldMap::default(),
        Some(text) => {
            FieldMap::parse(text).map_err(|error| UsageError::new(format!("--fields: {error}")))?
        }
    };
    let options = ReplayOptions {
        profile: args.profile,
        agent_match: args.agent_match,
        format,
        fields,
    };
    let mut replay =
        LogReplay::new(versions, options).map_err(|error| UsageError::new(error.to_string()))?;

    let style = if output == Output::Text || output == Output::Csv {
        Style::Text
    } else {
        Style::Json
    };
    let mut out = terminal::stdout(style);
    if output == Output::Csv {
        writeln!(out, "{}", CSV_HEADER).map_err(UsageError::output)?;
    }
    let labels: Vec<String> = replay
        .versions()
        .iter()
        .map(|version| version.label.clone())
        .collect();
    let rules: Vec<Arc<RobotsTxt>> = replay
        .versions()
        .iter()
        .map(|version| Arc::clone(&version.robots))
        .collect();
    let mut write_error: Option<io::Error> = None;
    for path in &args.positional {
        let mut sink = |request: &JudgedRequest<'_>| {
            if write_error.is_some() {
                return;
            }
            let written = match output {
                Output::Jsonl => write_jsonl(&mut out, request, &labels, path),
                Output::Csv if request.allowed == Some(false) => {
                    write_csv(&mut out, request, &labels, &rules, path)
                }
                _ => Ok(()),
            };
            if let Err(error) = written {
                write_error = Some(error);
            }
        };
        replay.start_file(path, &mut sink);
        let source = open(path)?;
        read_blocks(source, path, &mut |block| replay.feed(block, &mut sink))?;
        replay.finish(&mut sink);
        if let Some(error) = write_error.take() {
            return Err(UsageError::output(error));
        }
    }
    let report = replay.report();
    match output {
        Output::Json => {
            serde_json::to_writer_pretty(&mut out, &report)
                .map_err(|error| UsageError::output(io::Error::other(error)))?;
            writeln!(out).map_err(UsageError::output)?;
        }
        Output::Text => write_text(&mut out, &report).map_err(UsageError::output)?,
        Output::Jsonl | Output::Csv => {}
    }
    out.flush().map_err(UsageError::output)?;
    // A catalogued crawler (not an impersonator) that fetched a disallowed URL fails the run,
    // so that a scheduled replay can alert.
    let disobeyed = report
        .crawlers
        .iter()
        .any(|row| row.claim == Claim::Crawler && row.disallowed > 0);
    Ok(if disobeyed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `[SITE=]FILE[@TIME]`: the file, for one site or all, in force from a time or always.
fn read_version(spec: &str) -> Result<RobotsVersion, UsageError> {
    let (site, rest) = match spec.split_once('=') {
        Some((site, rest)) if looks_like_site(site) => (
            Some(Site::parse(site).map_err(|error| UsageError::new(format!("--robots: {error}")))?),
            rest,
        ),
        _ => (None, spec),
    };
    // The time is after the last '@' when what follows reads as one; else '@' is the file's.
    let (path, from) = match rest.rsplit_once('@') {
        Some((path, time)) if !path.is_empty() => match Timestamp::parse(time) {
            Some(time) => (path, Some(time)),
            None if looks_like_time(time) => {
                return Err(UsageError::new(format!(
                "--robots {spec}: '{time}' is not a time; write it as 2026-03-01T00:00:00+00:00 \
                     (or a date, 2026-03-01, for midnight UTC)"
            )))
            }
            None => (rest, None),
        },
        _ => (rest, None),
    };
    if crate::live::is_url(path) {
        return Err(UsageError::new(format!(
            "--robots {path}: give a file (save a site's robots.txt with 'robots-lens fetch URL -o FILE')"
        )));
    }
    let bytes = crate::args::read_paths(&[path.to_owned()])?
        .pop()
        .unwrap_or_default();
    let mut version = RobotsVersion::new(spec, Arc::new(RobotsTxt::parse_owned(bytes)));
    version.from = from;
    version.site = site;
    Ok(version)
}

fn looks_like_site(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    lower.starts_with("http://")
        || lower.starts_with("https://")
        || (text.contains('.') && !text.contains('/') && !text.contains('\\'))
}

fn looks_like_time(text: &str) -> bool {
    text.len() >= 8 && text.as_bytes()[..4].iter().all(u8::is_ascii_digit)
}

/// A log to read: standard input, or a file; gzip'd either way (recognised by its first bytes,
/// whatever its name), each gzip member after the other as `zcat` reads them.
fn open(path: &str) -> Result<Box<dyn Read>, UsageError> {
    let raw: Box<dyn Read> = if path == "-" {
        Box::new(io::stdin().lock())
    } else {
        Box::new(
            std::fs::File::open(path)
                .map_err(|error| UsageError::new(format!("cannot read {path}: {error}")))?,
        )
    };
    let mut reader = io::BufReader::with_capacity(BLOCK, raw);
    let head = io::BufRead::fill_buf(&mut reader)
        .map_err(|error| UsageError::new(format!("cannot read {}: {error}", name(path))))?;
    if head.starts_with(&[0x1f, 0x8b]) {
        Ok(Box::new(MultiGzDecoder::new(reader)))
    } else {
        Ok(Box::new(reader))
    }
}

fn name(path: &str) -> &str {
    if path == "-" {
        "standard input"
    } else {
        path
    }
}

fn read_blocks(
    mut source: Box<dyn Read>,
    path: &str,
    feed: &mut dyn FnMut(&[u8]),
) -> Result<(), UsageError> {
    let mut block = vec![0u8; BLOCK];
    loop {
        match source.read(&mut block) {
            Ok(0) => return Ok(()),
            Ok(read) => feed(&block[..read]),
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => {
                return Err(UsageError::new(format!(
                    "cannot read {}: {error} (a gzip'd log that is cut or damaged stops here)",
                    name(path)
                )))
            }
        }
    }
}

/// One request of `--format jsonl`.
#[derive(Serialize)]
struct JsonlRequest<'a> {
    file: &'a str,
    line: u64,
    time: Option<Timestamp>,
    ip: Option<&'a str>,
    agent: &'a str,
    crawler: Option<&'static str>,
    host: Option<&'a str>,
    url: &'a str,
    allowed: Option<bool>,
    deciding_line: Option<usize>,
    version: Option<&'a str>,
    verified: Option<bool>,
    unjudged: Option<&'static str>,
}

fn write_jsonl(
    out: &mut impl Write,
    request: &JudgedRequest<'_>,
    labels: &[String],
    path: &str,
) -> io::Result<()> {
    let line = JsonlRequest {
        file: path,
        line: request.line,
        time: request.time,
        ip: Some(request.ip).filter(|ip| !ip.is_empty()),
        agent: request.agent,
        crawler: request.crawler.map(|crawler| crawler.name),
        host: request.host,
        url: request.url,
        allowed: request.allowed,
        deciding_line: request.deciding_line,
        version: request.version.map(|index| labels[index].as_str()),
        verified: request.verified,
        unjudged: request.unjudged.map(|why| why.id()),
    };
    serde_json::to_writer(&mut *out, &line).map_err(io::Error::other)?;
    out.write_all(b"\n")
}

const CSV_HEADER: &str =
    "file,line,time,ip,agent,crawler,verified,host,url,version,deciding_line,rule";

/// A CSV cell: quoted when it holds a separator, a quote or a line break (RFC 4180), and
/// opened with `'` when a spreadsheet would run it as a formula (a user agent or URL is
/// anybody's text: `=HYPERLINK(…)`).
fn cell(text: &str) -> String {
    let defused = match text.as_bytes().first() {
        Some(b'=' | b'+' | b'@' | b'\t' | b'\r') => format!("'{text}"),
        Some(b'-') if text.len() > 1 => format!("'{text}"),
        _ => text.to_owned(),
    };
    if defused.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", defused.replace('"', "\"\""))
    } else {
        defused
    }
}

fn write_csv(
    out: &mut impl Write,
    request: &JudgedRequest<'_>,
    labels: &[String],
    rules: &[Arc<RobotsTxt>],
    path: &str,
) -> io::Result<()> {
    let rule = match (request.version, request.deciding_line) {
        (Some(version), Some(line)) => rules[version]
            .line(line)
            .map(|line| line.text().to_owned())
            .unwrap_or_default(),
        _ => String::new(),
    };
    let verified = match request.verified {
        Some(true) => "true",
        Some(false) => "false",
        None => "",
    };
    let cells = [
        cell(path),
        request.line.to_string(),
        request
            .time
            .map(|time| time.to_string())
            .unwrap_or_default(),
        cell(request.ip),
        cell(request.agent),
        request
            .crawler
            .map_or(String::new(), |crawler| cell(crawler.name)),
        verified.to_owned(),
        cell(request.host.unwrap_or("")),
        cell(request.url),
        request
            .version
            .map_or(String::new(), |index| cell(&labels[index])),
        request
            .deciding_line
            .map_or(String::new(), |line| line.to_string()),
        cell(&rule),
    ];
    writeln!(out, "{}", cells.join(","))
}

fn thousands(count: u64) -> String {
    robots_lens::message::thousands(count)
}

fn row_name(row: &CrawlerReport) -> String {
    match (row.crawler, row.claim) {
        (Some(crawler), Claim::Impersonator) => format!("{} (impersonator)", crawler.name),
        (Some(crawler), _) => crawler.name.to_owned(),
        (None, _) => "unknown agents".to_owned(),
    }
}

fn robots_cell(row: &CrawlerReport) -> String {
    if row.claim == Claim::Unknown {
        return "-".to_owned();
    }
    let fetches = &row.robots_txt;
    let first = if fetches.hosts > 0 && fetches.fetched_first == fetches.hosts {
        "first"
    } else if fetches.fetched_first > 0 {
        "first on some hosts"
    } else if fetches.fetches > 0 {
        "not first"
    } else {
        "never"
    };
    match fetches.fetches {
        0 => first.to_owned(),
        1 => format!("{first}, once"),
        n => format!("{first}, {}×", thousands(n)),
    }
}

fn pace_cell(row: &CrawlerReport) -> String {
    let pace = &row.pace;
    let too_fast = pace.faster_than_delay + pace.over_request_rate;
    match (pace.crawl_delay, pace.request_rate) {
        _ if row.claim == Claim::Unknown => "-".to_owned(),
        (None, None) => "no delay asked".to_owned(),
        (delay, rate) => {
            let asked = match (delay, rate) {
                (Some(delay), _) => format!("delay {delay} s"),
                (None, Some(rate)) => format!("{}/{} s", rate.requests, rate.seconds),
                (None, None) => String::new(),
            };
            let reads = row
                .crawler
                .filter(|crawler| crawler.crawl_delay == robots_lens::CrawlDelay::No)
                .map_or("", |_| ", ignores Crawl-delay");
            if too_fast == 0 {
                format!("ok ({asked}{reads})")
            } else {
                format!("{} too fast ({asked}{reads})", thousands(too_fast))
            }
        }
    }
}

fn address_cell(row: &CrawlerReport) -> String {
    let operator = row.crawler.map_or("", |crawler| crawler.operator);
    match row.claim {
        Claim::Unknown => "-".to_owned(),
        Claim::Impersonator => format!("outside {operator}'s ranges"),
        Claim::Crawler if row.verified == row.requests => format!("{operator}'s ranges"),
        Claim::Crawler if row.verified == 0 => "not published".to_owned(),
        Claim::Crawler => format!(
            "{} of {} in {operator}'s ranges",
            thousands(row.verified),
            thousands(row.requests)
        ),
    }
}

fn write_text(out: &mut impl Write, report: &LogReport) -> io::Result<()> {
    let files = match report.files.as_slice() {
        [one] => printable(one).into_owned(),
        many => format!("{} logs", many.len()),
    };
    writeln!(
        out,
        "{files}: {} lines, {} requests, replayed against {}",
        thousands(report.lines),
        thousands(report.requests),
        match report.versions.len() {
            1 => "1 robots.txt".to_owned(),
            n => format!("{n} versions of robots.txt"),
        }
    )?;
    for version in &report.versions {
        let site = version
            .site
            .as_deref()
            .map_or(String::new(), |site| format!(" for {site}"));
        let from = version
            .from
            .map_or_else(|| "always".to_owned(), |time| format!("from {time}"));
        writeln!(
            out,
            "  {}  ({from}{site}): {} requests judged",
            printable(&version.label),
            thousands(version.requests)
        )?;
    }
    writeln!(out)?;
    if report.crawlers.is_empty() {
        writeln!(out, "No requests.")?;
    } else {
        let rows: Vec<[String; 6]> = report
            .crawlers
            .iter()
            .map(|row| {
                let disallowed = if row.judged == 0 {
                    "-".to_owned()
                } else if row.disallowed == 0 {
                    "0".to_owned()
                } else {
                    format!(
                        "{} ({:.1}%)",
                        thousands(row.disallowed),
                        row.disallowed as f64 * 100.0 / row.judged as f64
                    )
                };
                [
                    row_name(row),
                    thousands(row.requests),
                    disallowed,
                    robots_cell(row),
                    pace_cell(row),
                    address_cell(row),
                ]
            })
            .collect();
        let heading = [
            "CRAWLER",
            "REQUESTS",
            "DISALLOWED",
            "ROBOTS.TXT",
            "PACE",
            "ADDRESSES",
        ];
        let mut widths = heading.map(|title| title.chars().count());
        for row in &rows {
            for (width, text) in widths.iter_mut().zip(row) {
                *width = (*width).max(text.chars().count());
            }
        }
        let line = |cells: [&str; 6]| {
            let mut text = String::new();
            for (index, (cell, width)) in cells.iter().zip(widths).enumerate() {
                let pad = width.saturating_sub(cell.chars().count());
                if index == 1 || index == 2 {
                    text.push_str(&" ".repeat(pad));
                    text.push_str(cell);
                } else {
                    text.push_str(cell);
                    if index + 1 < cells.len() {
                        text.push_str(&" ".repeat(pad));
                    }
                }
                if index + 1 < cells.len() {
                    text.push_str("  ");
                }
            }
            text
        };
        writeln!(out, "{}", line(heading))?;
        for row in &rows {
            writeln!(out, "{}", line(row.each_ref().map(String::as_str)))?;
        }
    }

    let disobeying: Vec<&CrawlerReport> = report
        .crawlers
        .iter()
        .filter(|row| row.disallowed > 0 && row.claim != Claim::Unknown)
        .collect();
    if !disobeying.is_empty() {
        writeln!(out, "\nDisallowed requests")?;
        for row in disobeying {
            writeln!(out, "  {}: {}", row_name(row), thousands(row.disallowed))?;
            for violation in row.violations.iter().take(5) {
                let line = violation
                    .line
                    .map_or_else(|| "no line".to_owned(), |line| format!("line {line}"));
                let rule = violation.rule.as_deref().map_or(String::new(), |rule| {
                    format!(" {}", printable(&shortened(rule)))
                });
                let example = &violation.example;
                let file = report.files.get(example.file).map_or("", String::as_str);
                writeln!(
                    out,
                    "    {:>8}  {} {line}:{rule}\n              e.g. {}:{} {}{}",
                    thousands(violation.requests),
                    printable(&violation.label),
                    printable(file),
                    example.line,
                    printable(&shortened(&example.url)),
                    example
                        .time
                        .map_or(String::new(), |time| format!(" at {time}"))
                )?;
            }
            if row.violations.len() > 5 {
                writeln!(
                    out,
                    "    … and {} more lines (--format json lists them all)",
                    row.violations.len() - 5
                )?;
            }
        }
    }
    if report.unreadable.total > 0 {
        let reasons: Vec<String> = report
            .unreadable
            .reasons
            .iter()
            .map(|(reason, count)| format!("{reason} {}", thousands(*count)))
            .collect();
        writeln!(
            out,
            "\nLines not read as requests: {} ({})",
            thousands(report.unreadable.total),
            reasons.join(", ")
        )?;
        for example in report.unreadable.examples.iter().take(3) {
            let file = report.files.get(example.file).map_or("", String::as_str);
            writeln!(
                out,
                "  {}:{} ({}): {}",
                printable(file),
                example.line,
                example.reason.id(),
                printable(&shortened(&example.text))
            )?;
        }
    }
    if !report.unjudged.is_empty() {
        let reasons: Vec<String> = report
            .unjudged
            .iter()
            .map(|(reason, count)| format!("{reason} {}", thousands(*count)))
            .collect();
        writeln!(out, "\nRequests not judged: {}", reasons.join(", "))?;
    }
    let ranges: Vec<String> = report
        .ip_ranges
        .iter()
        .map(|ranges| {
            let newest = ranges
                .lists
                .iter()
                .map(|list| list.date)
                .max()
                .unwrap_or("");
            format!("{} {newest}", ranges.operator)
        })
        .collect();
    writeln!(
        out,
        "\nAddresses checked against the ranges operators publish (snapshot: {}).",
        ranges.join(", ")
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_cells_are_quoted_and_defused() {
        assert_eq!(cell("/a"), "/a");
        assert_eq!(cell("a,b"), "\"a,b\"");
        assert_eq!(cell("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(cell("-"), "-");
        assert_eq!(cell("-1+2"), "'-1+2");
    }

    #[test]
    fn robots_specs_read_site_file_and_time() {
        let dir =
            std::env::temp_dir().join(format!("robots-lens-logs-spec-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("r@x.txt");
        std::fs::write(&file, "User-agent: *\nDisallow: /\n").unwrap();
        let path = file.to_string_lossy().into_owned();
        let plain = read_version(&path).unwrap();
        assert_eq!(
            (plain.from, plain.site.is_none()),
            (None, true),
            "an '@' of the name stays"
        );
        let dated = read_version(&format!("{path}@2026-03-01T00:00:00+00:00")).unwrap();
        assert_eq!(dated.from.unwrap().to_string(), "2026-03-01T00:00:00Z");
        let site = read_version(&format!("https://shop.example={path}@2026-03-01")).unwrap();
        assert_eq!(site.site.unwrap().to_string(), "https://shop.example");
        assert!(read_version(&format!("{path}@2026-13-01T00:00:00Z"))
            .unwrap_err()
            .to_string()
            .contains("is not a time"));
        assert!(read_version("https://example.com/robots.txt").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
