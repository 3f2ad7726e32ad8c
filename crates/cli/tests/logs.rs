//! `robots-lens logs` as a user runs it: the docs' example log against two dated versions, in
//! every output format; gzip'd logs (several members, any name); standard input; a hostile
//! log's control characters; and every mistake answered with a message and status 2.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};

use common::robots_lens;
use serde_json::Value;

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/examples")
}

fn example(name: &str) -> String {
    examples().join(name).to_string_lossy().into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("robots-lens-logs-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `robots-lens logs LOG --robots old.txt --robots new.txt@2026-03-01 ARGS`.
fn logs(log: &str, args: &[&str], stdin: &[u8]) -> (Option<i32>, String, String) {
    let (old, new) = (
        example("old.txt"),
        format!("{}@2026-03-01", example("new.txt")),
    );
    let mut all = vec!["logs", log, "--robots", &old, "--robots", &new];
    all.extend_from_slice(args);
    let output = robots_lens(&all, stdin);
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn the_text_report_names_who_disobeyed_under_which_version() {
    let (status, text, stderr) = logs(&example("access.log"), &[], b"");
    assert_eq!(
        status,
        Some(1),
        "a catalogued crawler fetched a disallowed URL: {stderr}"
    );
    for expected in [
        "9 lines, 8 requests, replayed against 2 versions of robots.txt",
        "GPTBot ",
        "Googlebot (impersonator)",
        "outside Google's ranges",
        "Disallowed requests",
        "new.txt@2026-03-01 line 3: Disallow: /shop/*?sort=",
        "old.txt line 2: Disallow: /admin/",
        "Lines not read as requests: 1 (unrecognised 1)",
        "snapshot: Google 2026-",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
    // Googlebot fetched robots.txt before anything else.
    let googlebot = text
        .lines()
        .find(|line| line.starts_with("Googlebot "))
        .unwrap();
    assert!(googlebot.contains("first, once"), "{googlebot}");
}

#[test]
fn json_jsonl_and_csv_say_the_same() {
    let (status, json, _) = logs(&example("access.log"), &["--format", "json"], b"");
    assert_eq!(status, Some(1));
    let report: Value = serde_json::from_str(&json).unwrap();
    let rows = report["crawlers"].as_array().unwrap();
    let disallowed: u64 = rows
        .iter()
        .filter(|row| row["claim"] != "unknown")
        .map(|row| row["disallowed"].as_u64().unwrap())
        .sum();

    let (_, jsonl, _) = logs(&example("access.log"), &["--format", "jsonl"], b"");
    let requests: Vec<Value> = jsonl
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(requests.len(), 8);
    assert_eq!(
        requests
            .iter()
            .map(|r| r["line"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 6, 7, 8]
    );
    let gptbot = &requests[2];
    assert_eq!(gptbot["crawler"], "GPTBot");
    assert_eq!(gptbot["allowed"], false);
    assert_eq!(gptbot["deciding_line"], 2);
    assert_eq!(gptbot["verified"], true);
    assert!(gptbot["version"].as_str().unwrap().ends_with("old.txt"));
    assert_eq!(requests[6]["verified"], false, "the impersonator");
    assert_eq!(requests[3]["crawler"], Value::Null);
    let from_jsonl = requests
        .iter()
        .filter(|r| r["allowed"] == false && r["crawler"] != Value::Null)
        .count() as u64;
    assert_eq!(from_jsonl, disallowed);

    let (_, csv, _) = logs(&example("access.log"), &["--format", "csv"], b"");
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("file,line,time,ip,agent,crawler,verified,host,url,version,deciding_line,rule")
    );
    let rows: Vec<&str> = lines.collect();
    // Every disallowed request, unknown agents' included.
    let all_disallowed = requests.iter().filter(|r| r["allowed"] == false).count();
    assert_eq!(rows.len(), all_disallowed);
    assert!(
        rows.iter()
            .any(|row| row.contains(",Googlebot,false,,/admin/users,")),
        "{csv}"
    );
}

#[test]
fn gzip_d_logs_read_like_plain_ones_whatever_their_name() {
    let dir = scratch("gzip");
    let plain = std::fs::read(examples().join("access.log")).unwrap();
    let (head, tail) = plain.split_at(plain.len() / 2);
    // Two gzip members, as `cat a.gz b.gz` or a rotated log appended to leaves them.
    let mut packed = Vec::new();
    for part in [head, tail] {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        encoder.write_all(part).unwrap();
        packed.extend(encoder.finish().unwrap());
    }
    let gz = dir.join("access.log.1");
    std::fs::write(&gz, &packed).unwrap();
    let (_, expected, _) = logs(&example("access.log"), &["--format", "jsonl"], b"");
    let (status, got, stderr) = logs(&gz.to_string_lossy(), &["--format", "jsonl"], b"");
    assert_eq!(status, Some(1), "{stderr}");
    let strip = |text: &str| -> Vec<Value> {
        text.lines()
            .map(|line| {
                let mut value: Value = serde_json::from_str(line).unwrap();
                value.as_object_mut().unwrap().remove("file");
                value
            })
            .collect()
    };
    assert_eq!(strip(&got), strip(&expected));
    let (_, from_stdin, _) = logs("-", &["--format", "jsonl"], &packed);
    assert_eq!(strip(&from_stdin), strip(&expected));
    // A cut gzip'd log says where it stopped.
    std::fs::write(&gz, &packed[..packed.len() - 20]).unwrap();
    let (status, _, stderr) = logs(&gz.to_string_lossy(), &[], b"");
    assert_eq!(status, Some(2));
    assert!(stderr.contains("cut or damaged"), "{stderr}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_log_whose_crawlers_obeyed_exits_0() {
    let line = "66.249.66.1 - - [02/Mar/2026:10:00:00 +0000] \"GET /shop/shoes HTTP/1.1\" 200 5 \"-\" \"Googlebot/2.1\"\n";
    let (status, text, _) = logs("-", &[], line.as_bytes());
    assert_eq!(status, Some(0), "{text}");
    assert!(!text.contains("Disallowed requests"));
}

#[test]
fn control_characters_of_a_log_never_reach_the_terminal() {
    let hostile = "1.2.3.4 - - [02/Mar/2026:10:00:00 +0000] \"GET /admin/\u{1b}]52;c;aGk=\u{7} HTTP/1.1\" 200 5 \"-\" \"GPTBot/1.2 \u{1b}[2J\"\n\u{1b}[8mgarbage\u{202e}\n";
    let (_, text, _) = logs("-", &[], hostile.as_bytes());
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{202e}') && !text.contains('\u{7}'),
        "{text:?}"
    );
    assert!(text.contains("\\u{1b}"), "{text}");
    for format in ["json", "jsonl", "csv"] {
        let (_, out, _) = logs("-", &["--format", format], hostile.as_bytes());
        assert!(
            !out.contains('\u{1b}') && !out.contains('\u{202e}'),
            "{format}: {out:?}"
        );
    }
}

#[test]
fn mistakes_are_explained_with_status_2() {
    let log = example("access.log");
    for (args, message) in [
        (vec!["logs", &log], "missing --robots"),
        (vec!["logs", "--robots", "x.txt"], "missing LOG"),
        (
            vec!["logs", &log, "--robots", "nowhere.txt"],
            "cannot read nowhere.txt",
        ),
        (
            vec!["logs", "missing.log", "--robots", &log],
            "cannot read missing.log",
        ),
        (
            vec!["logs", &log, "--robots", &log, "--format", "xml"],
            "logs does not print 'xml'",
        ),
        (
            vec!["logs", &log, "--robots", &log, "--log-format", "xml"],
            "unknown log format",
        ),
        (
            vec!["logs", &log, "--robots", &log, "--fields", "colour=x"],
            "unknown role 'colour'",
        ),
        (
            vec!["logs", "-", "-", "--robots", &log],
            "only one log can be read from standard input",
        ),
        (
            vec!["logs", &log, "--robots", "https://example.com/robots.txt"],
            "give a file",
        ),
    ] {
        let output = robots_lens(&args, b"");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    let bad_time = format!("{log}@2026-02-30T00:00:00Z");
    let output = robots_lens(&["logs", &log, "--robots", &bad_time], b"");
    assert!(String::from_utf8_lossy(&output.stderr).contains("is not a time"));
    let twice = format!("{log}@2026-03-01");
    let output = robots_lens(&["logs", &log, "--robots", &twice, "--robots", &twice], b"");
    assert!(String::from_utf8_lossy(&output.stderr).contains("give each version its own time"));
}
