//! `robots-lens diff OLD NEW`: the verdicts that flip between two versions of a file.

use std::io::{self, Write};
use std::process::ExitCode;

use robots_lens::{
    crawlers, line_diff, probe_urls, read_url_list, verdict_flips, Asker, DiffKind, Flip,
    ListFormat, RobotsTxt, Side, UrlReading, MAX_URLS,
};
use serde::Serialize;

use crate::args::{read_paths, Args, UsageError};
use crate::asker::find_crawler_or_explain;
use crate::terminal::{self, printable};

pub fn run(args: &Args) -> Result<ExitCode, UsageError> {
    let json = match (args.format.as_deref(), args.json) {
        (None | Some("text"), false) => false,
        (None | Some("json"), true) | (Some("json"), false) => true,
        (Some(other), _) => {
            return Err(UsageError::new(format!(
                "--format: unknown format '{other}': expected text or json"
            )))
        }
    };
    let [old_path, new_path] = args.positional.as_slice() else {
        return Err(UsageError::new(
            "diff needs two files: robots-lens diff OLD NEW (either may be - for standard input)",
        ));
    };
    // A URL that served no file leaves no lines to compare (say so rather than diff nothing).
    for url in args
        .positional
        .iter()
        .filter(|path| crate::live::is_url(path))
    {
        crate::live::require_file(url)?;
    }
    let files = read_paths(&args.positional)?;
    let (old, new) = (RobotsTxt::parse(&files[0]), RobotsTxt::parse(&files[1]));
    let askers = askers(args)?;
    let (urls, probed) = if args.url_files.is_empty() {
        (probe_urls(&old, &new), true)
    } else {
        (read_urls(&args.url_files)?, false)
    };
    let status = args.fetch_status()?;
    let flips = verdict_flips(
        &old.checker(args.profile),
        &new.checker(args.profile),
        &urls,
        // Derived probes are paths (`//x` too); a list a person gave is read as typed.
        if probed {
            UrlReading::Path
        } else {
            UrlReading::Typed
        },
        &askers,
        &status,
    );
    let mut out = terminal::stdout(terminal::style(json));
    let written = if json {
        write_json(&mut out, &flips)
    } else {
        let context = Context {
            old: (old_path, &old),
            new: (new_path, &new),
            urls: urls.len(),
            askers: askers.len(),
            probed,
        };
        write_text(&mut out, &flips, &context)
            .and_then(|()| write_group_changes(&mut out, &old, &new))
    };
    written
        .and_then(|()| out.flush())
        .map_err(UsageError::output)?;
    Ok(if flips.iter().any(Flip::becomes_blocked) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Who the URLs are checked for: every `--agent` and `--crawler`, every crawler with
/// `--all-crawlers`, and every crawler when none is named.
pub fn askers(args: &Args) -> Result<Vec<Asker>, UsageError> {
    if args.all_crawlers && !args.crawlers.is_empty() {
        return Err(UsageError::new(
            "give either --crawler NAME (any number) or --all-crawlers, not both",
        ));
    }
    let mut askers: Vec<Asker> = args
        .agents
        .iter()
        .map(|agent| Asker::Agent(agent.clone(), args.agent_match))
        .collect();
    for name in &args.crawlers {
        askers.push(Asker::Crawler(find_crawler_or_explain(name)?));
    }
    if args.all_crawlers || askers.is_empty() {
        askers.extend(crawlers().iter().map(Asker::Crawler));
    }
    Ok(askers)
}

/// The URLs of every `--urls` file (one a line, CSV, or a sitemap), in order, each once.
pub fn read_urls(paths: &[String]) -> Result<Vec<String>, UsageError> {
    let mut urls = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (path, bytes) in paths.iter().zip(read_paths(paths)?) {
        let text = String::from_utf8_lossy(&bytes);
        let list = read_url_list(&text, ListFormat::from_file_name(path));
        if list.urls.is_empty() && !list.sitemaps.is_empty() {
            return Err(UsageError::new(format!(
                "{path} is a sitemap index: it lists {} sitemaps, not pages, and robots-lens \
                 fetches nothing; give the sitemaps themselves",
                list.sitemaps.len()
            )));
        }
        if list.over_limit > 0 {
            return Err(UsageError::new(format!(
                "{path} lists more than {MAX_URLS} URLs; split it into several files"
            )));
        }
        for url in list.urls {
            if seen.insert(url.clone()) {
                urls.push(url);
            }
        }
    }
    if urls.is_empty() {
        return Err(UsageError::new(format!(
            "no URL in {}: give one URL or path a line, a CSV with a url column, or a sitemap",
            paths.join(", ")
        )));
    }
    Ok(urls)
}

#[derive(Serialize)]
struct Output<'f> {
    flips: &'f [Flip],
}

fn write_json(out: &mut impl Write, flips: &[Flip]) -> io::Result<()> {
    serde_json::to_writer(&mut *out, &Output { flips }).map_err(io::Error::other)?;
    writeln!(out)
}

struct Context<'a> {
    old: (&'a str, &'a RobotsTxt),
    new: (&'a str, &'a RobotsTxt),
    urls: usize,
    askers: usize,
    probed: bool,
}

fn write_text(out: &mut impl Write, flips: &[Flip], context: &Context<'_>) -> io::Result<()> {
    let blocked = flips.iter().filter(|flip| flip.becomes_blocked()).count();
    let which = if context.probed {
        "URLs derived from both files' rules"
    } else {
        "URLs listed"
    };
    if flips.is_empty() {
        return writeln!(
            out,
            "No verdict flips: {} {which} × {} answer the same in both versions.",
            context.urls,
            agents(context.askers)
        );
    }
    for flip in flips {
        let word = |side: &Side| {
            if side.allowed {
                "allowed"
            } else {
                "DISALLOWED"
            }
        };
        writeln!(
            out,
            "{}  {}: {} -> {}",
            printable(&flip.url),
            printable(&flip.agent),
            word(&flip.before),
            word(&flip.after)
        )?;
        writeln!(out, "  before  {}", decided(context.old, &flip.before))?;
        writeln!(out, "  after   {}", decided(context.new, &flip.after))?;
    }
    writeln!(
        out,
        "{} {} flip ({blocked} {} blocked) for {} {which} × {}.",
        flips.len(),
        if flips.len() == 1 {
            "verdict"
        } else {
            "verdicts"
        },
        if blocked == 1 { "becomes" } else { "become" },
        context.urls,
        agents(context.askers)
    )
}

fn agents(count: usize) -> String {
    match count {
        1 => "1 agent".to_owned(),
        _ => format!("{count} agents"),
    }
}

fn decided((path, robots): (&str, &RobotsTxt), side: &Side) -> String {
    match side.line {
        Some(number) => {
            let text = robots.line(number).map_or("", |line| line.text().trim());
            format!("{}:{number}: {}", printable(path), printable(text))
        }
        None if side.allowed => "no rule decides: allowed".to_owned(),
        None => "no rule decides: disallowed by the fetch status".to_owned(),
    }
}

/// The groups one version has whole and the other lacks, from the core's line alignment: a
/// group of NEW whose every line is added (`prepended` when it comes before every line the two
/// share, as a CDN's managed groups are), and a group of OLD whose every line is removed.
fn write_group_changes(out: &mut impl Write, old: &RobotsTxt, new: &RobotsTxt) -> io::Result<()> {
    let aligned = line_diff(old, new);
    let lines_of = |kind: DiffKind, pick: fn(&robots_lens::DiffLine) -> Option<usize>| {
        aligned
            .iter()
            .filter(|line| line.kind == kind)
            .filter_map(pick)
            .collect::<std::collections::HashSet<usize>>()
    };
    let added = lines_of(DiffKind::Added, |line| line.new);
    let removed = lines_of(DiffKind::Removed, |line| line.old);
    let first_shared = aligned
        .iter()
        .filter(|line| line.kind == DiffKind::Same)
        .find_map(|line| line.new);
    let names = |group: &robots_lens::Group| {
        group
            .agents
            .iter()
            .map(|agent| agent.value().to_owned())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let whole = |group: &robots_lens::Group, lines: &std::collections::HashSet<usize>| {
        group.lines().iter().all(|line| lines.contains(line))
    };
    // The first group line written opens its own paragraph below the verdict changes.
    let mut written = false;
    let mut write_group = |group: &robots_lens::Group, change: &str, version: &str| {
        let gap = if std::mem::replace(&mut written, true) {
            ""
        } else {
            "\n"
        };
        writeln!(
            out,
            "{gap}group {change}: User-agent: {} (lines {}-{} of the {version} version)",
            printable(&names(group)),
            group.first_line,
            group.last_line
        )
    };
    for group in new.groups().iter().filter(|group| whole(group, &added)) {
        let place = match first_shared {
            Some(shared) if group.last_line < shared => "prepended",
            _ => "added",
        };
        write_group(group, place, "new")?;
    }
    for group in old.groups().iter().filter(|group| whole(group, &removed)) {
        write_group(group, "missing", "old")?;
    }
    Ok(())
}
