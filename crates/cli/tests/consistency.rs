//! The command line's output paths give the core's answer (issue 23): `check --url --json`,
//! `check --urls … --format jsonl` and `check --jsonl`, run as a user runs them, are held to
//! [`robots_lens::Checker::ask`] on the seeded questions of the native consistency suite
//! (`crates/core/tests/consistency.rs`, which asks 20,000 of every library path). A process
//! per question costs milliseconds, so this asks a sample: the first questions of the same
//! seeded sequence, on the synthetic files (the real corpus is the core suite's).

mod common;
#[path = "../../core/tests/consistency_questions/mod.rs"]
mod consistency_questions;

use common::robots_lens;
use consistency_questions::{files, questions, Asked, Asking};
use robots_lens::{find_crawler, Question, RobotsTxt, Who};
use serde_json::Value;

const SEED: u64 = 23;
/// Questions asked through one process each, per output path.
const PER_PROCESS: usize = 300;

type Said = (Option<bool>, Option<u64>, String);

fn entry_point(robots: &RobotsTxt, one: &Asked) -> Said {
    let who = match &one.who {
        Asking::Agent(agent) => Who::Agent(agent),
        Asking::Crawler(name) => Who::Crawler(find_crawler(name).unwrap()),
    };
    let question = Question::new(who, &one.url)
        .status(one.status.parse().unwrap())
        .agent_match(one.model);
    let answer = robots.checker(one.profile).ask(&question);
    (
        answer.allowed(),
        answer.deciding_line().map(|line| line as u64),
        answer.reason_id().to_owned(),
    )
}

/// The options that ask `one` of FILE: who, profile, match model, status.
fn options(one: &Asked) -> Vec<String> {
    let mut options = match &one.who {
        // The questions ask an agent exactly as typed, so a catalogued crawler's name too.
        Asking::Agent(agent) => vec!["--agent".to_owned(), agent.clone(), "--as-typed".to_owned()],
        Asking::Crawler(name) => vec!["--crawler".to_owned(), (*name).to_owned()],
    };
    options.extend([
        "--profile".to_owned(),
        one.profile.id().to_owned(),
        "--match".to_owned(),
        one.model.to_string(),
        "--status".to_owned(),
        one.status.to_owned(),
    ]);
    options
}

/// What `check --json` prints: the verdict, its deciding line in `decisive`.
fn said_verdict(json: &Value) -> Said {
    (
        json["allowed"].as_bool(),
        json["decisive"]["line"].as_u64(),
        json["reason"].as_str().unwrap_or_default().to_owned(),
    )
}

fn said(json: &Value, line_field: &str) -> Said {
    (
        json["allowed"].as_bool(),
        json[line_field].as_u64(),
        json["reason"]
            .as_str()
            .or_else(|| json["reason"]["id"].as_str())
            .unwrap_or_default()
            .to_owned(),
    )
}

#[test]
fn the_commands_output_paths_give_the_entry_points_answer() {
    let files = files(None, SEED, 160);
    let asked = questions(&files, SEED, 4 * PER_PROCESS);
    let parsed: Vec<RobotsTxt> = files.iter().map(|f| RobotsTxt::parse(&f.bytes)).collect();
    let dir = std::env::temp_dir().join(format!("robots-lens-consistency-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let paths: Vec<String> = files
        .iter()
        .enumerate()
        .map(|(index, file)| {
            let path = dir.join(format!("{index}.txt"));
            std::fs::write(&path, &file.bytes).unwrap();
            path.to_string_lossy().into_owned()
        })
        .collect();
    let mut differences = Vec::new();
    let (mut json_asked, mut list_asked) = (0, 0);

    for one in asked.iter().take(PER_PROCESS) {
        // check FILE --url URL --json
        let expected = entry_point(&parsed[one.file], one);
        let mut args = vec![
            "check".to_owned(),
            paths[one.file].clone(),
            "--url".to_owned(),
        ];
        args.push(one.url.clone());
        args.extend(options(one));
        args.push("--json".to_owned());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = robots_lens(&args, b"");
        let got: Said = if expected.0.is_none() {
            // Refused: the command says why and answers nothing.
            assert_eq!(output.status.code(), Some(2), "{one:?}");
            (None, None, expected.2.clone())
        } else {
            let json: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
                panic!("{e}: {one:?} {:?}", String::from_utf8_lossy(&output.stderr))
            });
            said_verdict(&json)
        };
        if got != expected {
            differences.push(format!(
                "check --url --json: {got:?} != {expected:?} for {one:?}"
            ));
        }
        json_asked += 1;
    }

    for one in asked.iter().skip(PER_PROCESS).take(PER_PROCESS) {
        // check FILE --urls - --format jsonl
        let expected = entry_point(&parsed[one.file], one);
        if one.url.trim().is_empty() || one.url.trim().starts_with('#') {
            continue; // a list skips blank and comment lines
        }
        let mut args = vec![
            "check".to_owned(),
            paths[one.file].clone(),
            "--urls".to_owned(),
            "-".to_owned(),
        ];
        args.extend(options(one));
        args.extend(["--format".to_owned(), "jsonl".to_owned()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = robots_lens(&args, format!("{}\n", one.url).as_bytes());
        let text = String::from_utf8_lossy(&output.stdout);
        let json: Value = serde_json::from_str(text.trim()).unwrap_or_else(|e| {
            panic!(
                "{e}: {one:?} {text:?} {:?}",
                String::from_utf8_lossy(&output.stderr)
            )
        });
        let mut got = said(&json, "line");
        if got.2 == robots_lens::REFUSED {
            got.0 = None; // a list row of a refused URL is not allowed, for url-refused
        }
        if got != expected {
            differences.push(format!(
                "check --urls --format jsonl: {got:?} != {expected:?} for {one:?}"
            ));
        }
        list_asked += 1;
    }

    // check --jsonl: the agents' questions about UTF-8 files served with 200, in one stream.
    let cases: Vec<&Asked> = asked
        .iter()
        .skip(2 * PER_PROCESS)
        .filter(|one| matches!(one.who, Asking::Agent(_)) && one.status == "200")
        .filter(|one| std::str::from_utf8(&files[one.file].bytes).is_ok())
        .collect();
    let input: String = cases
        .iter()
        .enumerate()
        .map(|(id, one)| {
            let Asking::Agent(agent) = &one.who else {
                unreachable!()
            };
            serde_json::json!({
                "id": id,
                "robots": std::str::from_utf8(&files[one.file].bytes).unwrap(),
                "agent": agent,
                "url": one.url,
                "profile": one.profile.id(),
                "match": one.model.to_string(),
            })
            .to_string()
                + "\n"
        })
        .collect();
    let output = robots_lens(&["check", "--jsonl", "--as-typed"], input.as_bytes());
    let lines: Vec<Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), cases.len());
    for (json, one) in lines.iter().zip(&cases) {
        let expected = entry_point(&parsed[one.file], one);
        let got: Said = if json.get("error").is_some() {
            (None, None, robots_lens::REFUSED.to_owned())
        } else {
            said(json, "line")
        };
        if got != expected {
            differences.push(format!(
                "check --jsonl: {got:?} != {expected:?} for {one:?}"
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "cli consistency: check --url --json {json_asked}, check --urls --format jsonl \
         {list_asked}, check --jsonl {} questions; {} differences",
        cases.len(),
        differences.len()
    );
    assert!(
        differences.is_empty(),
        "{} answers differ:\n{}",
        differences.len(),
        differences
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
