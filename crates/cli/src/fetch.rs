//! `robots-lens fetch URL`: every redirect hop, the status and what it means under RFC 9309 and
//! for the crawler's operator, the body's type, encoding and size; `--compare-crawlers` names the
//! lines served differently to each crawler. The fetch and its once-a-run cache are live.rs's.

use std::collections::HashMap;
use std::io::{self, Write};
use std::process::ExitCode;

use robots_lens::{
    crawler_status_handling, status_handling, Crawler, Profile, RobotsTxt, StatusEffect,
};
use robots_lens_fetch::{fetch, Fetched, SiteUrl};
use serde::Serialize;

use crate::args::{Args, UsageError};
use crate::live::{current_settings, settings, size_words, thousands};
use crate::terminal;

/// `args` of a command that answers for URLs (`check`, `crawlers`, `preferences`) given a URL
/// as FILE and no `--url` nor `--urls`: the question is about that URL itself. A URL that names
/// no site to fetch from (`http://[::1/x`, `ftp://…`, credentials) is a usage error saying why,
/// before anything else is asked of the command line.
pub fn asking_about_the_url(mut args: Args) -> Result<Args, UsageError> {
    if let Some(url) = args.live_url() {
        let site = SiteUrl::parse(url).map_err(|error| UsageError::new(error.to_string()))?;
        if args.urls.is_empty() && args.url_files.is_empty() {
            args.urls.push(site.full());
        }
    }
    Ok(args)
}

/// `robots-lens fetch URL`.
pub fn run(args: &Args) -> Result<ExitCode, UsageError> {
    let url = match args.positional.as_slice() {
        [url] => url,
        [] => {
            return Err(UsageError::new(
                "fetch needs a URL: robots-lens fetch https://example.com",
            ))
        }
        [_, extra, ..] => {
            return Err(UsageError::new(format!(
                "fetch takes one URL; '{extra}' is one too many"
            )))
        }
    };
    let site = SiteUrl::parse(url).map_err(|error| UsageError::new(error.to_string()))?;
    if let Some(list) = &args.compare_crawlers {
        return compare_crawlers(args, &site, list);
    }
    let settings = current_settings();
    let done = fetch(&site, &settings.options);
    if let Some(path) = &args.output {
        if done.has_file() {
            std::fs::write(path, &done.body)
                .map_err(|error| UsageError::new(format!("-o: cannot write {path}: {error}")))?;
        }
    }
    let mut out = terminal::stdout(terminal::style(args.json));
    let written = if args.json {
        serde_json::to_writer_pretty(&mut out, &Report::new(&done, settings.crawler))
            .map_err(io::Error::other)
            .and_then(|()| writeln!(out))
    } else {
        write_report(&mut out, &done, settings.crawler, args.output.as_deref())
    };
    written
        .and_then(|()| out.flush())
        .map_err(UsageError::output)?;
    Ok(if done.has_file() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    })
}

/// How the fetch went, in words.
fn write_report(
    out: &mut impl Write,
    done: &Fetched,
    crawler: Option<&Crawler>,
    saved_to: Option<&str>,
) -> io::Result<()> {
    writeln!(out, "robots.txt  {}", done.robots_url)?;
    match crawler {
        Some(crawler) if crawler.user_agent.is_none() => writeln!(
            out,
            "sent as     {} (the catalogue documents no user agent string for {}: its token \
             was sent)",
            done.user_agent, crawler.name
        )?,
        _ => writeln!(out, "sent as     {}", done.user_agent)?,
    }
    for (index, hop) in done.hops.iter().enumerate() {
        write!(out, "hop {}       {} {}", index + 1, hop.status, hop.url)?;
        if let Some(location) = &hop.location {
            write!(out, "\n              → {location}")?;
            if hop.loops {
                write!(out, " (already requested: a redirect loop)")?;
            }
        }
        writeln!(out)?;
    }
    if let Some(failure) = &done.failure {
        writeln!(out, "no answer   {failure}")?;
    }
    writeln!(out, "status      {}", done.status)?;
    let rfc = status_handling(&done.status, Profile::Rfc9309);
    writeln!(
        out,
        "  RFC 9309 §{}: {}",
        rfc.rfc_section,
        effect_words(rfc.rfc_effect)
    )?;
    writeln!(out, "            {}", rfc.rfc)?;
    match crawler {
        Some(crawler) => {
            let own = crawler_status_handling(crawler, &done.status, Profile::Rfc9309);
            writeln!(
                out,
                "  {} ({}, {}): {}",
                crawler.name,
                crawler.operator,
                handling_source(crawler),
                effect_words(own.effect)
            )?;
            writeln!(out, "            {}", own.explanation)?;
        }
        None => {
            let google = status_handling(&done.status, Profile::Google);
            writeln!(out, "  Google: {}", effect_words(google.effect))?;
            writeln!(out, "            {}", google.google)?;
        }
    }
    if done.hops.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "type        {}",
        done.content_type.as_deref().unwrap_or("(none sent)")
    )?;
    if let Some(encoding) = &done.content_encoding {
        writeln!(out, "encoding    {encoding} (decoded)")?;
    }
    if !done.has_file() {
        return Ok(());
    }
    writeln!(out, "size        {}", size_words(done))?;
    for problem in problems(done) {
        writeln!(out, "note        {problem}")?;
    }
    if let Some(path) = saved_to {
        writeln!(
            out,
            "saved       {path} ({} bytes, decoded)",
            thousands(done.body.len() as u64)
        )?;
    }
    Ok(())
}

/// Where a crawler's status handling comes from.
fn handling_source(crawler: &Crawler) -> &'static str {
    match crawler.fetch_status {
        robots_lens::FetchHandling::Google => "Google's documented handling",
        robots_lens::FetchHandling::Rfc9309 => "RFC 9309's rules, as documented",
        robots_lens::FetchHandling::Unknown => "no handling documented: RFC 9309's assumed",
    }
}

fn effect_words(effect: StatusEffect) -> &'static str {
    match effect {
        StatusEffect::ParseFile => "the file counts: its rules apply",
        StatusEffect::AllowAll => "no file: everything may be crawled",
        StatusEffect::DisallowAll => "unreachable: nothing may be crawled",
    }
}

/// What a reader of the served file should know: its type, its encoding, its size.
fn problems(done: &Fetched) -> Vec<String> {
    let mut problems = Vec::new();
    if done.status.class() == robots_lens::StatusClass::HtmlPage {
        problems.push(
            "the body is an HTML page, not a robots.txt: crawlers find no rule in it".to_owned(),
        );
    } else if done.unexpected_content_type() {
        problems.push(format!(
            "served as {} rather than text/plain (RFC 9309 §2.3); Google reads it anyway",
            done.content_type.as_deref().unwrap_or("no type")
        ));
    }
    if let Some(problem) = &done.body_problem {
        problems.push(problem.to_string());
    }
    let robots = RobotsTxt::parse(&done.body);
    let facts = robots.facts();
    if facts.bom_bytes > 0 {
        problems.push(
            "starts with a UTF-8 byte order mark: crawlers skip it (RFC 9309 §2.3)".to_owned(),
        );
    }
    if let Some(format) = facts.binary {
        problems.push(format!("the body is {format}, not text"));
    } else if !facts.valid_utf8 {
        problems.push(format!(
            "not valid UTF-8{}: RFC 9309 §2.3 requires UTF-8; bytes that are not are matched \
             as they are",
            match done.charset() {
                Some(charset) if !charset.eq_ignore_ascii_case("utf-8") => {
                    format!(" (served as charset={charset})")
                }
                _ => String::new(),
            }
        ));
    }
    if done.cut() {
        problems.push(
            "longer than the 500 KiB crawlers read: what follows is ignored (the saved file \
             keeps one byte more, which marks the cut)"
                .to_owned(),
        );
    }
    problems
}

/// `fetch --json`.
#[derive(Serialize)]
struct Report<'a> {
    robots_url: &'a str,
    user_agent: &'a str,
    hops: Vec<HopJson<'a>>,
    failure: Option<FailureJson>,
    status: String,
    status_class: &'static str,
    rfc9309: StatusEffect,
    operator: Option<StatusEffect>,
    content_type: Option<&'a str>,
    content_encoding: Option<&'a str>,
    size: u64,
    size_complete: bool,
    cut: bool,
    notes: Vec<String>,
    body: Option<String>,
}

#[derive(Serialize)]
struct HopJson<'a> {
    url: &'a str,
    status: u16,
    location: Option<&'a str>,
    loops: bool,
}

#[derive(Serialize)]
struct FailureJson {
    kind: &'static str,
    message: String,
}

impl<'a> Report<'a> {
    fn new(done: &'a Fetched, crawler: Option<&Crawler>) -> Report<'a> {
        Report {
            robots_url: &done.robots_url,
            user_agent: &done.user_agent,
            hops: done
                .hops
                .iter()
                .map(|hop| HopJson {
                    url: &hop.url,
                    status: hop.status,
                    location: hop.location.as_deref(),
                    loops: hop.loops,
                })
                .collect(),
            failure: done.failure.as_ref().map(|failure| FailureJson {
                kind: failure.id(),
                message: failure.to_string(),
            }),
            status: done.status.to_string(),
            status_class: done.status.class().id(),
            rfc9309: status_handling(&done.status, Profile::Rfc9309).effect,
            operator: crawler.map(|crawler| {
                crawler_status_handling(crawler, &done.status, Profile::Rfc9309).effect
            }),
            content_type: done.content_type.as_deref(),
            content_encoding: done.content_encoding.as_deref(),
            size: done.size,
            size_complete: done.size_complete,
            cut: done.cut(),
            notes: problems(done),
            body: done
                .has_file()
                .then(|| String::from_utf8_lossy(&done.body).into_owned()),
        }
    }
}

/// `fetch --compare-crawlers A,B,…`: the file as each crawler is served it, and the lines that
/// differ from the first crawler's. Exit 1 when any differs, 2 when a fetch got no file.
fn compare_crawlers(args: &Args, site: &SiteUrl, list: &str) -> Result<ExitCode, UsageError> {
    let names: Vec<&str> = list
        .split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .collect();
    if names.len() < 2 {
        return Err(UsageError::new(
            "--compare-crawlers needs at least two crawlers: --compare-crawlers Googlebot,GPTBot",
        ));
    }
    let mut served = Vec::new();
    for name in &names {
        let settings = settings(&args.live_options(), Some(name))?;
        let crawler = settings.crawler.expect("named");
        served.push((crawler, fetch(site, &settings.options)));
    }
    let mut out = terminal::stdout(terminal::Style::Text);
    let (first, first_done) = &served[0];
    let mut differs = false;
    let mut missing = false;
    let written = (|| -> io::Result<()> {
        writeln!(out, "robots.txt  {}", first_done.robots_url)?;
        for (crawler, done) in &served {
            let what = if done.has_file() {
                format!("{} ({})", done.status, size_words(done))
            } else {
                missing = true;
                match &done.failure {
                    Some(failure) => format!("{} ({failure})", done.status),
                    None => done.status.to_string(),
                }
            };
            writeln!(out, "{:<20} {what}", crawler.name)?;
        }
        for (crawler, done) in &served[1..] {
            if done.status == first_done.status && done.body == first_done.body {
                writeln!(out, "\n{}: the same file as {}", crawler.name, first.name)?;
                continue;
            }
            differs = true;
            writeln!(
                out,
                "\n{}: a different file from {}'s",
                crawler.name, first.name
            )?;
            if done.status != first_done.status {
                writeln!(
                    out,
                    "  status    {} for {}, {} for {}",
                    done.status, crawler.name, first_done.status, first.name
                )?;
            }
            let (only_first, only_this) = line_difference(&first_done.body, &done.body);
            // Blank lines only separate groups: the lines around them say what changed.
            let shown = |lines: Vec<NumberedLine>| {
                lines
                    .into_iter()
                    .filter(|(_, line)| !line.trim().is_empty())
                    .collect::<Vec<_>>()
            };
            for (number, line) in shown(only_this) {
                writeln!(
                    out,
                    "  + line {number:<4} {}  (only in {}'s)",
                    terminal::shortened(&line),
                    crawler.name
                )?;
            }
            for (number, line) in shown(only_first) {
                writeln!(
                    out,
                    "  - line {number:<4} {}  (only in {}'s)",
                    terminal::shortened(&line),
                    first.name
                )?;
            }
        }
        if !differs {
            writeln!(out, "\nEvery crawler is served the same file.")?;
        }
        out.flush()
    })();
    written.map_err(UsageError::output)?;
    Ok(if missing {
        ExitCode::from(2)
    } else if differs {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// A line and its number (from 1).
type NumberedLine = (usize, String);

/// The lines of `a` that `b` lacks and those of `b` that `a` lacks, each with its line number,
/// counting repeated lines (a multiset difference: the order of lines is not compared).
fn line_difference(a: &[u8], b: &[u8]) -> (Vec<NumberedLine>, Vec<NumberedLine>) {
    fn lines(bytes: &[u8]) -> Vec<String> {
        String::from_utf8_lossy(bytes)
            .lines()
            .map(|line| line.trim_end_matches('\r').to_owned())
            .collect()
    }
    fn missing_from(these: &[String], other: &[String]) -> Vec<NumberedLine> {
        let mut left: HashMap<&str, usize> = HashMap::new();
        for line in other {
            *left.entry(line.as_str()).or_default() += 1;
        }
        let mut missing = Vec::new();
        for (index, line) in these.iter().enumerate() {
            match left.get_mut(line.as_str()) {
                Some(count) if *count > 0 => *count -= 1,
                _ => missing.push((index + 1, line.clone())),
            }
        }
        missing
    }
    let (a, b) = (lines(a), lines(b));
    (missing_from(&a, &b), missing_from(&b, &a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differing_lines_are_found_both_ways() {
        let (only_a, only_b) = line_difference(
            b"User-agent: *\nDisallow: /x\n",
            b"User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /x\n",
        );
        assert!(only_a.is_empty());
        assert_eq!(
            only_b,
            [
                (1, "User-agent: GPTBot".to_owned()),
                (2, "Disallow: /".to_owned()),
                (3, String::new())
            ]
        );
    }
}
