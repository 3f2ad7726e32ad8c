//! `robots-lens check FILE --urls PATH`: a list of URLs answered against one parse, one line of
//! output a URL, in input order.

use std::process::Output;

mod common;
use common::robots_lens;

const SHOP: &str =
    "User-agent: *\nDisallow: /private\nAllow: /private/press\n\nUser-agent: GPTBot\nDisallow: /\n";

/// A robots.txt in a temporary file, removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, contents: &[u8]) -> TempFile {
        let path = std::env::temp_dir().join(format!("robots-lens-{}-{name}", std::process::id()));
        std::fs::write(&path, contents).unwrap();
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn records(output: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
        .collect()
}

#[test]
fn jsonl_answers_every_url_in_input_order() {
    let robots = TempFile::new("jsonl.txt", SHOP.as_bytes());
    let list = b"/private/x\n\n# a comment\n  https://example.com/private/press/2026  \r\n/open\n";
    let output = robots_lens(
        &[
            "check",
            robots.path(),
            "--agent",
            "Googlebot",
            "--urls",
            "-",
            "--format",
            "jsonl",
        ],
        list,
    );
    assert_eq!(output.status.code(), Some(1), "one URL is disallowed");
    let records = records(&output);
    assert_eq!(records.len(), 3, "blank lines and comments are not URLs");
    assert_eq!(records[0]["url"], "/private/x");
    assert_eq!(records[0]["allowed"], false);
    assert_eq!(records[0]["line"], 2);
    assert_eq!(records[0]["reason"], "rule-matched");
    assert_eq!(records[1]["url"], "https://example.com/private/press/2026");
    assert_eq!(records[1]["allowed"], true);
    assert_eq!(records[1]["line"], 3);
    assert_eq!(records[2]["line"], serde_json::Value::Null);
    assert_eq!(records[2]["reason"], "no-rule-matched");
    let keys: Vec<&String> = records[0].as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 4, "{keys:?}");
}

#[test]
fn the_answers_are_those_of_single_checks_for_crawlers_and_statuses() {
    let list = TempFile::new("list.txt", b"/a\n/private/press\n");
    for extra in [
        &["--crawler", "GPTBot"][..],
        &["--agent", "Bot", "--status", "503"],
    ] {
        let mut args = vec!["check", "-", "--urls", list.path(), "--format", "jsonl"];
        args.extend_from_slice(extra);
        let batch = records(&robots_lens(&args, SHOP.as_bytes()));
        for (record, url) in batch.iter().zip(["/a", "/private/press"]) {
            let mut single = vec!["check", "-", "--url", url, "--json"];
            single.extend_from_slice(extra);
            let verdict: serde_json::Value =
                serde_json::from_slice(&robots_lens(&single, SHOP.as_bytes()).stdout).unwrap();
            assert_eq!(record["allowed"], verdict["allowed"], "{url} {extra:?}");
            assert_eq!(record["reason"], verdict["reason"], "{url} {extra:?}");
            assert_eq!(
                record["line"], verdict["decisive"]["line"],
                "{url} {extra:?}"
            );
        }
    }
}

#[test]
fn text_prints_one_line_a_url_with_controls_escaped() {
    let list = b"/private/x\n/open\x1b[2J\n";
    let robots = TempFile::new("text.txt", SHOP.as_bytes());
    let output = robots_lens(
        &["check", robots.path(), "--agent", "Bot", "--urls", "-"],
        list,
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("DISALLOWED  line 2"), "{text}");
    assert!(lines[1].starts_with("ALLOWED"), "{text}");
    assert!(
        !text.contains('\x1b'),
        "a control character in a URL is escaped: {text:?}"
    );
}

#[test]
fn bad_lists_are_refused_with_a_message() {
    let both = robots_lens(&["check", "-", "--agent", "Bot", "--urls", "-"], b"");
    assert_eq!(both.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&both.stderr).contains("standard input"));

    let robots = TempFile::new("bad.txt", SHOP.as_bytes());
    let missing = robots_lens(
        &[
            "check",
            robots.path(),
            "--agent",
            "Bot",
            "--urls",
            "/nonexistent/list",
        ],
        b"",
    );
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read /nonexistent/list"));

    let long = format!("/ok\n/{}\n", "a".repeat(robots_lens::MAX_URL_BYTES + 10));
    let output = robots_lens(
        &[
            "check",
            robots.path(),
            "--agent",
            "Bot",
            "--urls",
            "-",
            "--format",
            "jsonl",
        ],
        long.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        records(&output).len(),
        1,
        "the URLs before it were answered"
    );
    assert!(String::from_utf8_lossy(&output.stderr).contains("-:2: the URL is"));

    let format = robots_lens(
        &[
            "check",
            robots.path(),
            "--agent",
            "Bot",
            "--urls",
            "-",
            "--format",
            "csv",
        ],
        b"/a\n",
    );
    assert_eq!(format.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&format.stderr).contains("text or jsonl"));
}
