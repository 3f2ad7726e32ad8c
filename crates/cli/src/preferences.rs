//! `robots-lens preferences`: what may be done with one URL — crawling, and each category of
//! use by AIPREF's `Content-Usage` and by `Content-Signal` side by side — with the deciding line
//! of each answer, as the core's [`Checker::usage`](robots_lens::Checker::usage) gives them.

use std::io::{self, Write};
use std::process::ExitCode;

use robots_lens::{LabelAnswer, RobotsTxt, UsageAnswer, Why, USE_PURPOSES};
use serde_json::{json, Map, Value};

use crate::args::{Args, UsageError};
use crate::asker::{self, crawler_or_agent};
use crate::terminal::{self, printable};

/// Without `--agent` or `--crawler`: a crawler that no group names, which obeys the `*` groups.
const ANY_AGENT: &str = "*";

pub fn run(args: &Args) -> Result<ExitCode, UsageError> {
    let crawler = match (&args.agent, &args.crawler) {
        (None, None) => None,
        _ => crawler_or_agent(args, "preferences")?,
    };
    let url = match args.urls.as_slice() {
        [url] => url,
        [] => {
            return Err(UsageError::new(
                "preferences needs --url URL (a path such as /blog/post, or a full URL)",
            ))
        }
        [_, extra, ..] => {
            return Err(UsageError::new(format!(
                "preferences answers for one URL; run it again for '{extra}'"
            )))
        }
    };
    let json = match args.format.as_deref() {
        None | Some("text") => args.json,
        Some("json") => true,
        Some(other) => {
            return Err(UsageError::new(format!(
                "--format {other}: preferences prints text or json"
            )))
        }
    };
    let status = args.fetch_status()?;
    let (_, bytes) = args.read_file()?;
    let robots = RobotsTxt::parse_owned(bytes);
    let checker = robots.checker(args.profile);
    let agent = args.agent.as_deref().unwrap_or(ANY_AGENT);
    let question = asker::question(args, crawler, agent, url, status);
    let answer = checker.ask(&question);
    if let Some(refusal) = answer.refusal() {
        return Err(asker::refused(refusal));
    }
    let usage = checker
        .ask_usage(&question)
        .map_err(|refusal| asker::refused(&refusal))?;
    let asker = answer.asker();
    let mut out = terminal::stdout(terminal::style(json));
    let written = if json {
        serde_json::to_writer(&mut out, &to_json(url, asker, &usage))
            .map_err(io::Error::other)
            .and_then(|()| writeln!(out))
    } else {
        write_text(&mut out, &robots, url, asker, &usage)
    };
    written
        .and_then(|()| out.flush())
        .map_err(UsageError::output)?;
    Ok(ExitCode::SUCCESS)
}

/// The stable JSON shape: `{"url", "agent", "crawl": {"allowed", "line"}, "content_usage":
/// {label: {"preference", "line"}}, "content_signal": {key: {…}}, "licenses": [{"url",
/// "line"}]}`.
pub fn to_json(url: &str, agent: &str, usage: &UsageAnswer) -> Value {
    let labels = |answers: &[LabelAnswer]| {
        let mut map = Map::new();
        for answer in answers {
            map.insert(
                answer.label.to_owned(),
                json!({ "preference": answer.preference.id(), "line": answer.line }),
            );
        }
        Value::Object(map)
    };
    json!({
        "url": url,
        "agent": agent,
        "crawl": { "allowed": usage.crawl.allowed, "line": usage.crawl.line },
        "content_usage": labels(&usage.content_usage),
        "content_signal": labels(&usage.content_signal),
        "licenses": usage.licenses.iter()
            .map(|license| json!({ "url": license.url, "line": license.line }))
            .collect::<Vec<_>>(),
    })
}

fn write_text(
    out: &mut impl Write,
    robots: &RobotsTxt,
    url: &str,
    agent: &str,
    usage: &UsageAnswer,
) -> io::Result<()> {
    let line_text = |number: usize| {
        robots.line(number).map_or(String::new(), |line| {
            printable(line.text().trim()).into_owned()
        })
    };
    let at = |line: Option<usize>| match line {
        Some(number) => format!("line {number}: {}", line_text(number)),
        None => String::new(),
    };
    writeln!(
        out,
        "What may be done with {} (agent {})",
        printable(url),
        printable(agent)
    )?;
    let crawl = if usage.crawl.allowed {
        "allowed"
    } else {
        "disallowed"
    };
    writeln!(
        out,
        "  {:<10}{:<16}{:<16}{}",
        "crawl",
        "",
        crawl,
        at(usage.crawl.line)
    )?;
    for purpose in &USE_PURPOSES[1..] {
        let rows = [
            (
                "Content-Usage",
                purpose.content_usage.and_then(|l| usage.content_usage(l)),
            ),
            (
                "Content-Signal",
                purpose.content_signal.and_then(|k| usage.content_signal(k)),
            ),
        ];
        for (index, (vocabulary, answer)) in rows.into_iter().enumerate() {
            let name = if index == 0 { purpose.id } else { "" };
            let (word, detail) = match answer {
                None => (
                    "-".to_owned(),
                    format!("AIPREF has no label for {}", purpose.id),
                ),
                Some(answer) => (answer.preference.id().to_owned(), describe(answer, &at)),
            };
            writeln!(out, "  {name:<10}{vocabulary:<16}{word:<16}{detail}")?;
        }
    }
    for license in &usage.licenses {
        writeln!(
            out,
            "  {:<10}line {}: {}",
            "license",
            license.line,
            printable(&license.url)
        )?;
    }
    Ok(())
}

fn describe(answer: &LabelAnswer, at: &dyn Fn(Option<usize>) -> String) -> String {
    let label = answer.label;
    let why = match answer.why {
        Why::Stated | Why::NotCrawlable => return at(answer.line),
        Why::NoRule => return "no line of this kind applies to the URL".to_owned(),
        Why::NotStated => format!("{label} not stated by"),
        Why::NotAToken => format!("{label} is not a y/n Token in"),
        Why::OtherToken => format!("{label} is a Token other than y or n in"),
        Why::NotYesOrNo => format!("{label} is neither yes nor no in"),
        Why::InvalidStatement => "the statement does not parse in".to_owned(),
    };
    format!("{why} {}", at(answer.line))
}
