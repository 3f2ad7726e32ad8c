//! `robots-lens diff OLD NEW`: the verdicts that flip between two versions of a file.

use std::io::{self, Write};
use std::process::ExitCode;

use robots_lens::{
    compare_versions, crawlers, group_changes, line_diff, read_url_list, Asker, Flip,
    GroupChangeKind, ListFormat, RobotsTxt, Side, MAX_URLS,
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
    // Who asks is settled before anything is read: a usage error costs no input.
    let askers = askers(args)?;
    let files = read_paths(&args.positional)?;
    let (old, new) = (RobotsTxt::parse(&files[0]), RobotsTxt::parse(&files[1]));
    let urls = if args.url_files.is_empty() {
        None
    } else {
        Some(read_urls(&args.url_files)?)
    };
    let comparison = compare_versions(
        &old,
        &new,
        urls,
        &askers,
        args.profile,
        &args.fetch_status()?,
    );
    let flips = &comparison.flips;
    let mut out = terminal::stdout(terminal::style(json));
    let written = if json {
        write_json(&mut out, flips)
    } else {
        let context = Context {
            old: (old_path, &old),
            new: (new_path, &new),
            urls: comparison.urls.len(),
            askers: askers.len(),
            probed: comparison.probed,
            all: args.all,
        };
        write_text(&mut out, flips, &context)
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

/// Who the URLs are checked for: every `--agent` (a catalogued crawler's name as that crawler,
/// unless `--as-typed`) and `--crawler`, each once, every crawler with
/// `--all-crawlers`, and every crawler when none is named.
pub fn askers(args: &Args) -> Result<Vec<Asker>, UsageError> {
    if args.all_crawlers && !args.crawlers.is_empty() {
        return Err(UsageError::new(
            "give either --crawler NAME (any number) or --all-crawlers, not both",
        ));
    }
    if args.as_typed && args.agents.is_empty() {
        return Err(UsageError::new(
            "--as-typed answers each --agent exactly as typed, and no --agent was given: \
             --crawler NAME is always that crawler (give --agent NAME --as-typed for the name \
             as typed)",
        ));
    }
    // An agent that names a catalogued crawler is that crawler, as `check --agent` answers it,
    // with the name as typed beside it, unless --as-typed; each asks once.
    let mut askers: Vec<Asker> = Vec::new();
    for agent in &args.agents {
        let asker = match args.as_typed {
            true => Asker::Agent(agent.clone(), args.agent_match),
            false => Asker::typed(agent, args.agent_match),
        };
        Asker::push_once(&mut askers, asker);
    }
    for name in &args.crawlers {
        Asker::push_once(&mut askers, Asker::Crawler(find_crawler_or_explain(name)?));
    }
    if args.all_crawlers || askers.is_empty() {
        for crawler in crawlers() {
            Asker::push_once(&mut askers, Asker::Crawler(crawler));
        }
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
    /// `--all`: name every agent of a group of like flips.
    all: bool,
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
    let word = |side: &Side| {
        if side.allowed {
            "allowed"
        } else {
            "DISALLOWED"
        }
    };
    for (first, agents) in same_flips(flips) {
        if let [agent] = agents.as_slice() {
            writeln!(
                out,
                "{}  {}: {} -> {}",
                printable(&first.url),
                printable(agent),
                word(&first.before),
                word(&first.after)
            )?;
        } else {
            writeln!(
                out,
                "{}  {} -> {}  for {} agents",
                printable(&first.url),
                word(&first.before),
                word(&first.after),
                agents.len()
            )?;
            writeln!(out, "  who     {}", who(&agents, context.all))?;
        }
        writeln!(out, "  before  {}", decided(context.old, &first.before))?;
        writeln!(out, "  after   {}", decided(context.new, &first.after))?;
        if let Some(typed) = &first.as_typed {
            writeln!(
                out,
                "  as typed, not as the crawler (--as-typed answers so): {} -> {}",
                word(&typed.before),
                word(&typed.after)
            )?;
            writeln!(out, "    before  {}", decided(context.old, &typed.before))?;
            writeln!(out, "    after   {}", decided(context.new, &typed.after))?;
        }
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

/// How many agents a group of like flips names before "and N more", without `--all`.
const NAMED_AGENTS: usize = 6;

/// The flips grouped by what flips (the URL, and both verdicts with their deciding lines),
/// each group with the agents it flips for, in the order first met: a rule removed from `*`
/// flips the same URL the same way for every catalogued crawler that obeys `*`, which is one
/// change to read, not fifty.
fn same_flips(flips: &[Flip]) -> Vec<(&Flip, Vec<&str>)> {
    let mut groups: Vec<(&Flip, Vec<&str>)> = Vec::new();
    // A flip with a typed name's answer beside it is that name's own: grouped with no other.
    type Key<'f> = (
        &'f str,
        bool,
        Option<usize>,
        bool,
        Option<usize>,
        Option<&'f str>,
    );
    let mut index: std::collections::HashMap<Key<'_>, usize> = std::collections::HashMap::new();
    for flip in flips {
        let (before, after) = (flip.before, flip.after);
        let key = (
            flip.url.as_str(),
            before.allowed,
            before.line,
            after.allowed,
            after.line,
            flip.as_typed.is_some().then_some(flip.agent.as_str()),
        );
        match index.get(&key) {
            Some(&at) => groups[at].1.push(&flip.agent),
            None => {
                index.insert(key, groups.len());
                groups.push((flip, vec![flip.agent.as_str()]));
            }
        }
    }
    groups
}

/// The agents of a group: every one with `--all`, else the first few and how many more.
fn who(agents: &[&str], all: bool) -> String {
    let shown = if all {
        agents.len()
    } else {
        NAMED_AGENTS.min(agents.len())
    };
    let names: Vec<String> = agents[..shown]
        .iter()
        .map(|agent| printable(agent).into_owned())
        .collect();
    match agents.len() - shown {
        0 => names.join(", "),
        more => format!("{} and {more} more (--all names them)", names.join(", ")),
    }
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

/// The groups one version has whole and the other lacks, as the core finds them.
fn write_group_changes(out: &mut impl Write, old: &RobotsTxt, new: &RobotsTxt) -> io::Result<()> {
    for (index, change) in group_changes(old, new, &line_diff(old, new))
        .iter()
        .enumerate()
    {
        let (word, version) = match change.kind {
            GroupChangeKind::Prepended => ("prepended", "new"),
            GroupChangeKind::Added => ("added", "new"),
            GroupChangeKind::Missing => ("missing", "old"),
        };
        writeln!(
            out,
            "{}group {word}: User-agent: {} (lines {}-{} of the {version} version)",
            // The first opens its own paragraph below the verdict changes.
            if index == 0 { "\n" } else { "" },
            printable(&change.agents.join(", ")),
            change.first_line,
            change.last_line
        )?;
    }
    Ok(())
}
