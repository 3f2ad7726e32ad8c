//! `robots-lens check`: verdicts for one file and several URLs, or for a stream of JSON cases.

use std::borrow::Cow;
use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;

use robots_lens::{
    compare_profiles, crawler_reading, group_message, status_handling, AgentMatch, Answer, Cell,
    Crawler, CrawlerReading, FetchStatus, GroupUsed, Message, Profile, Question, Reason, RobotsTxt,
    RuleKind, Verdict,
};
use serde::{Deserialize, Serialize};

use crate::args::{Args, UsageError, MAX_FILE_BYTES};
use crate::asker::{self, crawler_or_agent};
use crate::terminal::{self, Style};

pub fn run(args: &Args) -> Result<ExitCode, UsageError> {
    if args.jsonl {
        return run_jsonl(args);
    }
    let crawler = crawler_or_agent(args, "check")?;
    if !args.url_files.is_empty() {
        return run_url_files(args, crawler);
    }
    if let Some(format) = &args.format {
        return Err(UsageError::new(format!(
            "--format {format} is for a list of URLs (--urls PATH); check prints text, or JSON \
             with --json"
        )));
    }
    if args.urls.is_empty() {
        return Err(UsageError::new(
            "check needs at least one --url URL (a path such as /shop/cart, or a full URL), \
             or --urls PATH for a file of them",
        ));
    }
    let status = args.fetch_status()?;
    let (_, bytes) = args.read_file()?;
    let robots = RobotsTxt::parse_owned(bytes);
    let checker = robots.checker(args.profile);
    let agent = args.agent.as_deref().unwrap_or_default();
    // Every URL is answered before any is printed, so a question the core refuses (a URL no
    // crawler requests, an argument over its limit) stops the run cleanly, with the reason.
    let questions: Vec<Question<'_>> = args
        .urls
        .iter()
        .map(|url| asker::question(args, crawler, agent, url, status))
        .collect();
    let answers: Vec<Answer> = questions
        .iter()
        .map(|question| checker.ask(question))
        .collect();
    if let Some(refusal) = answers.iter().find_map(Answer::refusal) {
        return Err(asker::refused(refusal));
    }
    let mut out = terminal::stdout(terminal::style(args.json));
    let mut all_allowed = true;
    for (question, answer) in questions.iter().zip(&answers) {
        let Some(verdict) = &answer.verdict else {
            continue;
        };
        let url = answer
            .request
            .as_ref()
            .map_or("", |typed| typed.request.as_str());
        all_allowed &= verdict.allowed;
        // Asked exactly as typed (--as-typed), the crawler the name holds is shown beside where
        // it answers otherwise; asked as that crawler, the name as typed is (`as_typed`).
        let own_reading = crawler_reading(&checker, question, verdict);
        let written = if args.json {
            let mut json = serde_json::to_value(verdict).map_err(io::Error::other);
            if let Ok(serde_json::Value::Object(fields)) = &mut json {
                let usage = checker
                    .ask_usage(question)
                    .map_err(|r| asker::refused(&r))?;
                fields.insert(
                    "preferences".to_owned(),
                    crate::preferences::to_json(url, answer.asker(), &usage),
                );
                insert_answer_codes(fields, verdict);
                fields.insert("as_typed".to_owned(), as_typed_json(answer));
            }
            json.and_then(|json| serde_json::to_writer(&mut out, &json).map_err(io::Error::other))
                .and_then(|()| writeln!(out))
        } else {
            write_verdict(&mut out, &robots, answer, verdict)
                .and_then(|()| match &own_reading {
                    Some(own) => write_crawler_reading(&mut out, own, verdict.agent_match),
                    None => Ok(()),
                })
                .and_then(|()| match &answer.as_typed {
                    Some(typed) => write_as_typed(&mut out, typed),
                    None => Ok(()),
                })
                .and_then(|()| match &answer.rfc_status_reading {
                    Some(rfc) => write_rfc_status_reading(&mut out, rfc, &status),
                    None => Ok(()),
                })
                .and_then(|()| match status == FetchStatus::ok() {
                    true => write_other_readers(
                        &mut out,
                        &robots,
                        question,
                        verdict,
                        own_reading.as_ref(),
                    ),
                    false => Ok(()),
                })
                .and_then(|()| writeln!(out))
        };
        written.map_err(UsageError::output)?;
    }
    out.flush().map_err(UsageError::output)?;
    Ok(if all_allowed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// How `check --urls` prints each verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ListOutput {
    /// `ALLOWED     line 5  /cart/help`, one line a URL.
    Text,
    /// `{"url", "allowed", "line", "reason"}`, one line a URL.
    Jsonl,
}

/// One verdict of `check --urls --format jsonl`.
#[derive(Serialize)]
struct ListVerdict<'a> {
    url: &'a str,
    allowed: bool,
    line: Option<usize>,
    reason: &'static str,
    /// For an agent answered as the catalogued crawler it names: the answer for the name as
    /// typed, where it differs.
    #[serde(skip_serializing_if = "Option::is_none")]
    as_typed: Option<ListCell>,
}

/// A verdict of `check --urls --format jsonl` without its URL.
#[derive(Serialize)]
struct ListCell {
    allowed: bool,
    line: Option<usize>,
    reason: &'static str,
}

impl From<&Verdict> for ListCell {
    fn from(verdict: &Verdict) -> ListCell {
        let cell = Cell::from(verdict);
        ListCell {
            allowed: cell.allowed,
            line: cell.line,
            reason: cell.reason.id(),
        }
    }
}

/// `check FILE --urls PATH …`: every URL of the files (one a line), answered against one parse
/// and one compiled checker, printed as it is answered: the lists are read line by line, so
/// memory stays that of the file and one URL whatever their length.
fn run_url_files(args: &Args, crawler: Option<&'static Crawler>) -> Result<ExitCode, UsageError> {
    let output = match args.format.as_deref() {
        None | Some("text") if !args.json => ListOutput::Text,
        Some("jsonl") => ListOutput::Jsonl,
        None | Some("text") => {
            return Err(UsageError::new(
                "check --urls prints one line a URL: use --format jsonl instead of --json",
            ))
        }
        Some(other) => {
            return Err(UsageError::new(format!(
                "check --urls: unknown --format '{other}' (text or jsonl)"
            )))
        }
    };
    let from_stdin = args.url_files.iter().filter(|path| *path == "-").count()
        + args.positional.iter().filter(|path| *path == "-").count();
    if from_stdin > 1 {
        return Err(UsageError::new(
            "only one of FILE and the --urls lists can be - (standard input)",
        ));
    }
    let status = args.fetch_status()?;
    let agent = args.agent.as_deref().unwrap_or_default();
    let (_, bytes) = args.read_file()?;
    let robots = RobotsTxt::parse_owned(bytes);
    let checker = robots.checker(args.profile);
    let mut out = terminal::stdout(terminal::style(output == ListOutput::Jsonl));
    let mut all_allowed = true;
    let mut answer = |url: &str| -> Result<(), UsageError> {
        let question = asker::question(args, crawler, agent, url, status);
        // The list's hot loop: the verdict alone (and a typed name's answer beside its
        // crawler's), through the same entry point.
        let (answer, as_typed) = match question.typed {
            None => (checker.ask_verdict(&question), None),
            Some(_) => match checker.ask_verdict_and_typed(&question) {
                Ok((verdict, as_typed)) => (Ok(verdict), as_typed),
                Err(refused) => (Err(refused), None),
            },
        };
        let cell = Cell::of(&answer);
        all_allowed &= cell.allowed;
        let written = match output {
            ListOutput::Jsonl => {
                let record = ListVerdict {
                    url,
                    allowed: cell.allowed,
                    line: cell.line,
                    reason: cell.reason.id(),
                    as_typed: as_typed.as_ref().map(ListCell::from),
                };
                serde_json::to_writer(&mut out, &record)
                    .map_err(io::Error::other)
                    .and_then(|()| writeln!(out))
            }
            ListOutput::Text => {
                let line = cell
                    .line
                    .map_or_else(|| "-".to_owned(), |line| format!("line {line}"));
                let word = match (&answer, cell.allowed) {
                    (Err(_), _) => "REFUSED",
                    (Ok(_), true) => "ALLOWED",
                    (Ok(_), false) => "DISALLOWED",
                };
                writeln!(out, "{word:<11} {line:<10} {}", terminal::shortened(url)).and_then(|()| {
                    match &as_typed {
                        Some(typed) => writeln!(
                            out,
                            "  as typed  {} {} (--as-typed answers so)",
                            if typed.allowed {
                                "ALLOWED"
                            } else {
                                "DISALLOWED"
                            },
                            typed
                                .deciding_line()
                                .map_or_else(|| "-".to_owned(), |line| format!("line {line}"))
                        ),
                        None => Ok(()),
                    }
                })
            }
        };
        written.map_err(UsageError::output)
    };
    for url in &args.urls {
        answer(url)?;
    }
    for path in &args.url_files {
        for_each_listed_url(path, |number, url| {
            if url.len() > robots_lens::MAX_URL_BYTES {
                return Err(UsageError::new(format!(
                    "{path}:{number}: the URL is {} bytes long, more than the {} a check takes",
                    url.len(),
                    robots_lens::MAX_URL_BYTES
                )));
            }
            answer(url)
        })?;
    }
    out.flush().map_err(UsageError::output)?;
    Ok(if all_allowed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Calls `each` with the number and text of every URL line of `path` (`-`: standard input):
/// trimmed, blank lines and `#` comments skipped, invalid UTF-8 shown as U+FFFD. A line is
/// read up to one byte past the longest URL a check takes, so an endless line costs no more
/// memory than that.
fn for_each_listed_url(
    path: &str,
    mut each: impl FnMut(usize, &str) -> Result<(), UsageError>,
) -> Result<(), UsageError> {
    let cannot = |error: io::Error| UsageError::new(format!("cannot read {path}: {error}"));
    let source: Box<dyn BufRead> = if path == "-" {
        Box::new(io::stdin().lock())
    } else {
        Box::new(io::BufReader::new(
            std::fs::File::open(path).map_err(cannot)?,
        ))
    };
    let mut source = source;
    let mut line = Vec::new();
    let cap = robots_lens::MAX_URL_BYTES as u64 + 1;
    for number in 1.. {
        line.clear();
        let read = (&mut source)
            .take(cap)
            .read_until(b'\n', &mut line)
            .map_err(cannot)?;
        if read == 0 {
            return Ok(());
        }
        if line.last() != Some(&b'\n') && read as u64 == cap {
            // Over-long: the check refuses it; skip to the line's end without keeping it.
            let text = String::from_utf8_lossy(&line);
            each(number, &text)?;
            skip_line(&mut source).map_err(cannot)?;
            continue;
        }
        let text = String::from_utf8_lossy(&line);
        let url = text.trim();
        if url.is_empty() || url.starts_with('#') {
            continue;
        }
        each(number, url)?;
    }
    Ok(())
}

/// A line of the file as text output shows it: at most [`terminal::SHOWN_CHARS`] characters.
fn line_text(robots: &RobotsTxt, number: usize) -> Cow<'_, str> {
    terminal::shortened(
        robots
            .line(number)
            .map_or("", |line| line.text().trim_end()),
    )
}

fn write_verdict(
    out: &mut impl Write,
    robots: &RobotsTxt,
    answer: &Answer,
    verdict: &Verdict,
) -> io::Result<()> {
    let explanation = answer.explanation();
    let word = if verdict.allowed {
        "ALLOWED"
    } else {
        "DISALLOWED"
    };
    writeln!(out, "{word}  {}", terminal::shortened(&verdict.path))?;
    match answer.crawler {
        // A crawler picks its groups along its documented chain, not by a match model.
        Some(crawler) => {
            let chain: Vec<String> = crawler.chain.iter().map(ToString::to_string).collect();
            writeln!(
                out,
                "  crawler     {} (its chain: {}; profile {})",
                crawler.name,
                chain.join(", then "),
                verdict.profile
            )?;
        }
        None => writeln!(
            out,
            "  agent       {} ({} match, profile {})",
            terminal::shortened(&verdict.agent),
            verdict.agent_match,
            verdict.profile
        )?,
    }
    if let Some(agent) = &explanation.agent {
        writeln!(
            out,
            "  agent read  {}",
            terminal::shortened(&agent.english())
        )?;
    }
    for reading in &verdict.agent_line_readings {
        writeln!(
            out,
            "  user-agent  line {}: {}",
            reading.line,
            reading
                .message(&verdict.agent, verdict.agent_match)
                .english()
        )?;
    }
    if let Some(format) = robots.facts().binary {
        writeln!(
            out,
            "  file        this is {format}, not a robots.txt: no line of it is a rule"
        )?;
    }
    if let Some(host) = answer
        .request
        .as_ref()
        .ok()
        .and_then(|typed| typed.host.as_ref())
    {
        writeln!(
            out,
            "  url         read as host {}, path {}",
            terminal::shortened(host),
            terminal::shortened(&verdict.path)
        )?;
    }
    if verdict.normalised_path != verdict.path {
        writeln!(
            out,
            "  compared as {}",
            terminal::shortened(&verdict.normalised_path)
        )?;
    }
    if let Some(status) = &explanation.status {
        writeln!(out, "  served as   {}: {status}", answer.status)?;
    }
    match (&verdict.decisive, verdict.why_decides()) {
        (Some(rule), Some(_)) if verdict.reason != Reason::BeyondSizeLimit => {
            // The core words why the line decides; the CLI only places it.
            let how = explanation
                .decided_by
                .as_ref()
                .and_then(|message| message.arg("why"))
                .map(ToString::to_string)
                .unwrap_or_default();
            writeln!(
                out,
                "  decided by  line {}: {}  ({how})",
                rule.line,
                line_text(robots, rule.line),
            )?;
            if rule.via_index_html {
                writeln!(
                    out,
                    "              Google reads an Allow of …/index.html as also allowing the directory"
                )?;
            }
        }
        _ => writeln!(out, "  reason      {}", explanation.reason)?,
    }
    if let Some(rule) = &verdict.beyond_size_limit {
        writeln!(
            out,
            "  ignored     line {}: {}  (past the size limit)",
            rule.line,
            line_text(robots, rule.line)
        )?;
    }
    let group_used = verdict.group_used();
    if group_used == GroupUsed::None {
        writeln!(out, "  group       none applies")?;
    }
    // Sorted once, so that marking a group's lines costs a lookup each, not a scan of every
    // matching rule: a file can have tens of thousands of both.
    let mut matched: Vec<usize> = verdict.matches.iter().map(|m| m.line).collect();
    matched.sort_unstable();
    for group in verdict.groups.iter() {
        let why = match &group_used {
            GroupUsed::Star | GroupUsed::Fallback(_) => {
                format!("  ({})", group_message(&group_used, answer.asker()))
            }
            _ => String::new(),
        };
        writeln!(out, "  group {}{why}", group.index + 1)?;
        for &number in &group.lines {
            let marker = match &verdict.decisive {
                Some(rule) if rule.line == number => "  <- decides",
                _ if matched.binary_search(&number).is_ok() => "  <- matches",
                _ => "",
            };
            writeln!(
                out,
                "    {number:>5} | {}{marker}",
                line_text(robots, number)
            )?;
        }
    }
    if verdict.matches.len() > 1 {
        writeln!(out, "  matching rules")?;
        for found in &verdict.matches {
            let kind = match found.kind {
                RuleKind::Allow => "Allow",
                RuleKind::Disallow => "Disallow",
            };
            writeln!(
                out,
                "    line {:>5}  {kind:<8}  {:<30}  length {}",
                found.line,
                terminal::shortened(&found.normalised),
                found.length
            )?;
        }
    }
    Ok(())
}

/// For an agent answered as the catalogued crawler it names: the answer for the name as typed,
/// which differs (`--as-typed` gives it instead).
fn write_as_typed(out: &mut impl Write, typed: &Verdict) -> io::Result<()> {
    let word = if typed.allowed {
        "allowed"
    } else {
        "DISALLOWED"
    };
    let line = match typed.deciding_line() {
        Some(line) => format!(", decided by line {line}"),
        None => String::new(),
    };
    writeln!(
        out,
        "  as typed    {word} for '{}' ({} match){line}: use --as-typed for this answer",
        terminal::shortened(&typed.agent),
        typed.agent_match
    )
}

/// `check --json`'s `as_typed`: the answer for the name as typed, when the agent was answered as
/// the catalogued crawler it names and the name as typed answers otherwise; else null.
fn as_typed_json(answer: &Answer) -> serde_json::Value {
    let Some(typed) = &answer.as_typed else {
        return serde_json::Value::Null;
    };
    let mut json = serde_json::to_value(typed).unwrap_or_default();
    if let serde_json::Value::Object(fields) = &mut json {
        insert_answer_codes(fields, typed);
    }
    json
}

/// The crawler's own answer, as prominent as the verdict: it answers otherwise.
fn write_crawler_reading(
    out: &mut impl Write,
    own: &CrawlerReading,
    model: AgentMatch,
) -> io::Result<()> {
    let word = if own.verdict.allowed {
        "ALLOWED"
    } else {
        "DISALLOWED"
    };
    let line = match &own.verdict.decisive {
        Some(rule) => format!(", decided by line {}", rule.line),
        None => String::new(),
    };
    writeln!(out, "{word}  for {} itself{line}", own.crawler.name)?;
    writeln!(out, "  {}.", own.why())?;
    writeln!(
        out,
        "  (the verdict above is the {} model's: use --crawler {} for the crawler's own)",
        model, own.crawler.name
    )
}

/// RFC 9309's reading of the fetch status, when the crawler's operator handles it otherwise.
fn write_rfc_status_reading(
    out: &mut impl Write,
    rfc: &Verdict,
    status: &FetchStatus,
) -> io::Result<()> {
    let word = if rfc.allowed { "allowed" } else { "DISALLOWED" };
    let handling = status_handling(status, Profile::Rfc9309);
    writeln!(
        out,
        "  RFC 9309    {word}: {} (its operator documents otherwise)",
        handling.rfc
    )
}

/// How the other profiles answer the same question, when one disagrees or another line decides.
fn write_other_readers(
    out: &mut impl Write,
    robots: &RobotsTxt,
    question: &Question<'_>,
    verdict: &Verdict,
    own_reading: Option<&CrawlerReading>,
) -> io::Result<()> {
    let rows = compare_profiles(robots, question, verdict);
    let notes: Vec<_> = rows.iter().filter(|row| row.why.is_some()).collect();
    if notes.is_empty() && own_reading.is_none() {
        return Ok(());
    }
    writeln!(out, "  other readers")?;
    if let Some(own) = own_reading {
        let word = if own.verdict.allowed {
            "allowed"
        } else {
            "DISALLOWED"
        };
        writeln!(
            out,
            "    {:<12} {word:<10}  {}.",
            own.crawler.name,
            own.why()
        )?;
    }
    for row in notes {
        let word = if row.verdict.allowed {
            "allowed"
        } else {
            "DISALLOWED"
        };
        let why = row.why.as_ref().map(Message::english).unwrap_or_default();
        writeln!(out, "    {:<12} {word:<10}  {why}", row.profile.id())?;
    }
    Ok(())
}

/// One case of `check --jsonl`. Fields it does not know (`expected`, `tags`, …) are ignored, so
/// a test suite's own cases can be fed as they are.
#[derive(Deserialize)]
struct JsonCase {
    #[serde(default)]
    id: serde_json::Value,
    robots: String,
    agent: String,
    url: String,
    profile: Option<String>,
    #[serde(rename = "match")]
    agent_match: Option<String>,
}

#[derive(Serialize)]
struct JsonAnswer<'a> {
    id: &'a serde_json::Value,
    allowed: bool,
    line: Option<usize>,
    reason: &'static str,
}

#[derive(Serialize)]
struct JsonError {
    id: Option<serde_json::Value>,
    error: String,
}

fn run_jsonl(args: &Args) -> Result<ExitCode, UsageError> {
    let read_error =
        |error: io::Error| UsageError::new(format!("cannot read standard input: {error}"));
    // Each line is read up to the file limit, so one endless line ends with a message.
    let limit = MAX_FILE_BYTES as u64 * 2;
    let mut input = io::stdin().lock().take(limit);
    let mut out = terminal::stdout(Style::Json);
    let mut line = Vec::new();
    let mut malformed = 0_usize;
    for index in 0.. {
        line.clear();
        input.set_limit(limit);
        if input.read_until(b'\n', &mut line).map_err(read_error)? == 0 {
            break;
        }
        let answer = if line.last() != Some(&b'\n') && input.limit() == 0 {
            skip_line(input.get_mut()).map_err(read_error)?;
            Err(format!(
                "the line is longer than {} MiB, the most a case may hold",
                limit / (1024 * 1024)
            ))
        } else if line.trim_ascii().is_empty() {
            continue;
        } else {
            answer_case(
                &String::from_utf8_lossy(&line),
                args.profile,
                args.agent_match,
                args.as_typed,
            )
        };
        let written = match answer {
            Ok(json) => writeln!(out, "{json}"),
            Err(message) => {
                malformed += 1;
                let id = serde_json::from_slice::<serde_json::Value>(&line)
                    .ok()
                    .and_then(|value| value.get("id").cloned());
                let error = JsonError {
                    id,
                    error: format!("input line {}: {message}", index + 1),
                };
                writeln!(out, "{}", serde_json::to_string(&error).unwrap_or_default())
            }
        };
        written.map_err(UsageError::output)?;
    }
    out.flush().map_err(UsageError::output)?;
    if malformed > 0 {
        // Every good line was answered; the status says that some were not.
        let _ = writeln!(
            io::stderr(),
            "robots-lens: {malformed} input line{} could not be answered (see their \"error\")",
            if malformed == 1 { "" } else { "s" }
        );
        return Ok(ExitCode::from(2));
    }
    Ok(ExitCode::SUCCESS)
}

/// Reads and drops the rest of the current line.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(());
        }
        match buffer.iter().position(|&byte| byte == b'\n') {
            Some(at) => {
                input.consume(at + 1);
                return Ok(());
            }
            None => {
                let length = buffer.len();
                input.consume(length);
            }
        }
    }
}

fn answer_case(
    text: &str,
    profile: Profile,
    agent_match: AgentMatch,
    as_typed: bool,
) -> Result<String, String> {
    let case: JsonCase = serde_json::from_str(text).map_err(|error| error.to_string())?;
    let profile = match &case.profile {
        Some(name) => name.parse().map_err(|error| format!("{error}"))?,
        None => profile,
    };
    let agent_match = match &case.agent_match {
        Some(name) => name.parse().map_err(|error| format!("{error}"))?,
        None => agent_match,
    };
    // A case's agent is a name as typed: one that names a catalogued crawler is answered as
    // that crawler unless --as-typed says otherwise, as `check --agent` answers it.
    let question = match as_typed {
        true => Question::agent(&case.agent, &case.url),
        false => Question::typed(&case.agent, &case.url),
    };
    let question = question.agent_match(agent_match);
    let answer = RobotsTxt::parse(case.robots.as_bytes())
        .checker(profile)
        .ask(&question);
    if let Some(refused) = answer.refusal() {
        return Err(refused.to_string());
    }
    let answer = JsonAnswer {
        id: &case.id,
        allowed: answer.allowed().unwrap_or_default(),
        line: answer.deciding_line(),
        reason: answer.reason_id(),
    };
    serde_json::to_string(&answer).map_err(|error| error.to_string())
}

/// The answering layer's codes beside a verdict's JSON fields, the same for every surface that
/// prints a verdict (`check --json`, each row of `crawlers --json`; Python's `to_dict` too): the
/// deciding line, the group used and why the line decides.
pub(crate) fn insert_answer_codes(
    fields: &mut serde_json::Map<String, serde_json::Value>,
    verdict: &robots_lens::Verdict,
) {
    let codes = [
        (
            "deciding_line",
            serde_json::to_value(verdict.deciding_line()),
        ),
        ("group_used", serde_json::to_value(verdict.group_used())),
        ("why_decides", serde_json::to_value(verdict.why_decides())),
    ];
    for (name, value) in codes {
        fields.insert(name.to_owned(), value.unwrap_or_default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_json_case_is_answered_with_its_line() {
        let answer = answer_case(
            r#"{"id": 7, "robots": "User-agent: *\nDisallow: /", "agent": "Bot", "url": "/x"}"#,
            Profile::Rfc9309,
            AgentMatch::Substring,
            false,
        )
        .unwrap();
        assert_eq!(
            answer,
            r#"{"id":7,"allowed":false,"line":2,"reason":"rule-matched"}"#
        );
    }

    #[test]
    fn a_case_can_choose_its_profile() {
        let case = r#"{"id": "r", "robots": "User-agent: *\nDisallow: /", "agent": "Bot", "url": "/robots.txt", "profile": "google"}"#;
        let answer = answer_case(case, Profile::Rfc9309, AgentMatch::Substring, false).unwrap();
        assert!(answer.contains(r#""allowed":false"#));
        let answer = answer_case(case, Profile::Google, AgentMatch::Substring, false);
        assert!(answer.is_ok());
    }

    #[test]
    fn malformed_cases_say_why() {
        let error = answer_case(
            r#"{"id": 1, "robots": 3}"#,
            Profile::Rfc9309,
            AgentMatch::Token,
            false,
        )
        .unwrap_err();
        assert!(error.contains("invalid type"), "{error}");
        let error = answer_case(
            r#"{"id": 1, "robots": "", "agent": "a", "url": "/", "profile": "bing"}"#,
            Profile::Rfc9309,
            AgentMatch::Token,
            false,
        )
        .unwrap_err();
        assert!(error.contains("unknown profile"), "{error}");
    }
}
