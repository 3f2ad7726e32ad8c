//! End-to-end tests of the `robots-lens` binary: exit codes, output, standard input, JSON Lines.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn robots_lens(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_robots-lens"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

const SHOP: &[u8] = b"User-agent: *\nDisallow: /private\nAllow: /private/press\n\nUser-agent: GPTBot\nDisallow: /\n";

#[test]
fn a_disallowed_url_exits_1_and_names_the_line() {
    let output = robots_lens(
        &[
            "check",
            "-",
            "--agent",
            "Googlebot",
            "--url",
            "https://example.com/private/x",
        ],
        SHOP,
    );
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("DISALLOWED  /private/x"), "{text}");
    assert!(text.contains("line 2: Disallow: /private"), "{text}");
    assert!(text.contains("the * group applies"), "{text}");
}

#[test]
fn allowed_urls_exit_0() {
    let output = robots_lens(
        &[
            "check",
            "-",
            "--agent",
            "Googlebot",
            "--url",
            "/private/press/a",
            "--url",
            "/",
        ],
        SHOP,
    );
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(text.matches("ALLOWED").count(), 2, "{text}");
}

#[test]
fn the_match_model_changes_which_group_applies() {
    let ua = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
    let substring = robots_lens(&["check", "-", "--agent", ua, "--url", "/blog"], SHOP);
    assert_eq!(substring.status.code(), Some(1));
    let token = robots_lens(
        &[
            "check", "-", "--agent", ua, "--url", "/blog", "--match", "token",
        ],
        SHOP,
    );
    assert_eq!(token.status.code(), Some(0));
}

#[test]
fn json_output_carries_the_whole_explanation() {
    let output = robots_lens(
        &["check", "-", "--agent", "GPTBot", "--url", "/a", "--json"],
        SHOP,
    );
    let verdict: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(verdict["allowed"], false);
    assert_eq!(verdict["decisive"]["line"], 6);
    assert_eq!(verdict["reason"], "rule-matched");
    assert_eq!(verdict["groups"][0]["index"], 1);
}

#[test]
fn jsonl_answers_every_line_in_order_and_survives_bad_ones() {
    let input = concat!(
        r#"{"id": "a", "robots": "User-agent: *\nDisallow: /", "agent": "Bot", "url": "/x"}"#,
        "\n",
        "not json\n",
        r#"{"id": "c", "robots": "User-agent: *\nDisallow: /", "agent": "Bot", "url": "/robots.txt", "profile": "google"}"#,
        "\n",
        r#"{"id": "d", "robots": "User-agent: *\nDisallow: /", "agent": "Bot", "url": "/robots.txt"}"#,
        "\n",
    );
    let output = robots_lens(&["check", "--jsonl"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    let lines: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["id"], "a");
    assert_eq!(lines[0]["line"], 2);
    assert!(lines[1]["id"].is_null());
    assert!(lines[1]["error"].as_str().unwrap().contains("input line 2"));
    assert_eq!(lines[2]["allowed"], false);
    assert_eq!(lines[3]["allowed"], true);
    assert_eq!(lines[3]["reason"], "implicit-robots-txt-allow");
    assert!(lines[3]["line"].is_null());
}

#[test]
fn usage_errors_exit_2_with_a_hint() {
    let output = robots_lens(&["check", "-", "--url", "/"], SHOP);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--agent AGENT"));
    let output = robots_lens(
        &["check", "/no/such/file", "--agent", "a", "--url", "/"],
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot read /no/such/file"));
}

#[test]
fn invalid_utf8_and_nul_bytes_are_read() {
    let output = robots_lens(
        &["check", "-", "--agent", "a", "--url", "/caf%E9"],
        b"User-agent: *\nDisallow: /caf\xE9\0junk\n",
    );
    assert_eq!(output.status.code(), Some(1));
}
