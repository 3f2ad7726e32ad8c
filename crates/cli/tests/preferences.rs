//! `robots-lens preferences` and the `preferences` object of `check --json`, run through the
//! binary: the stable JSON shape, the text, and the mistakes a caller can make.

use serde_json::{json, Value};

mod common;
use common::robots_lens;

/// draft-ietf-aipref-attach §3.4, with a Content-Signal and a licence.
const EXAMPLE: &[u8] = b"User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: train-ai=n\n\
Content-Usage: /ai-ok/ train-ai=y\nContent-Signal: search=yes, ai-train=no\n\n\
User-Agent: ExampleBot\nAllow: /\nContent-Usage: train-ai=y\n\
License: https://example.com/license.xml\n";

fn json_of(args: &[&str]) -> Value {
    let output = robots_lens(args, EXAMPLE);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn the_json_has_exactly_the_documented_shape() {
    let answer = json_of(&[
        "preferences",
        "-",
        "--url",
        "/ai-ok/test",
        "--agent",
        "OtherBot",
        "--format",
        "json",
    ]);
    assert_eq!(
        answer,
        json!({
            "url": "/ai-ok/test",
            "agent": "OtherBot",
            "crawl": { "allowed": true, "line": 2 },
            "content_usage": {
                "train-ai": { "preference": "allow", "line": 5 },
                "search": { "preference": "unknown", "line": 5 }
            },
            "content_signal": {
                "ai-train": { "preference": "disallow", "line": 6 },
                "search": { "preference": "allow", "line": 6 },
                "ai-input": { "preference": "unknown", "line": 6 }
            },
            "licenses": [{ "url": "https://example.com/license.xml", "line": 11 }]
        })
    );
}

#[test]
fn a_url_that_cannot_be_crawled_has_no_preference() {
    let answer = json_of(&["preferences", "-", "--url", "/never/x", "--json"]);
    assert_eq!(answer["agent"], "*");
    assert_eq!(answer["crawl"], json!({ "allowed": false, "line": 3 }));
    for label in ["train-ai", "search"] {
        assert_eq!(
            answer["content_usage"][label]["preference"],
            "not-applicable"
        );
    }
    assert_eq!(
        answer["content_signal"]["ai-input"]["preference"],
        "not-applicable"
    );
}

#[test]
fn a_crawler_uses_its_own_group() {
    let answer = json_of(&[
        "preferences",
        "-",
        "--url",
        "/never/x",
        "--crawler",
        "GPTBot",
        "--format=json",
    ]);
    assert_eq!(answer["agent"], "GPTBot");
    assert_eq!(answer["crawl"]["allowed"], false);
    let answer = json_of(&[
        "preferences",
        "-",
        "--url",
        "/never/x",
        "--agent",
        "ExampleBot",
        "--format=json",
    ]);
    assert_eq!(
        answer["content_usage"]["train-ai"],
        json!({ "preference": "allow", "line": 10 })
    );
    assert_eq!(
        answer["content_signal"]["ai-train"],
        json!({ "preference": "unknown", "line": null })
    );
}

#[test]
fn a_server_error_leaves_nothing_to_say() {
    let answer = json_of(&[
        "preferences",
        "-",
        "--url",
        "/x",
        "--status",
        "503",
        "--json",
    ]);
    assert_eq!(answer["crawl"], json!({ "allowed": false, "line": null }));
    assert_eq!(
        answer["content_usage"]["train-ai"],
        json!({ "preference": "not-applicable", "line": null })
    );
    assert_eq!(answer["licenses"], json!([]));
}

#[test]
fn check_json_includes_the_preferences() {
    let output = robots_lens(
        &["check", "-", "--agent", "Bot", "--url", "/x", "--json"],
        EXAMPLE,
    );
    let verdict: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(verdict["allowed"], true);
    assert_eq!(
        verdict["preferences"]["content_usage"]["train-ai"]["preference"],
        "disallow"
    );
    assert_eq!(verdict["preferences"]["url"], "/x");
}

#[test]
fn the_text_puts_both_vocabularies_side_by_side() {
    let output = robots_lens(&["preferences", "-", "--url", "/ai-ok/test"], EXAMPLE);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains(
            "train-ai  Content-Usage   allow           line 5: Content-Usage: /ai-ok/ train-ai=y"
        ),
        "{text}"
    );
    assert!(
        text.contains("Content-Signal  disallow        line 6:"),
        "{text}"
    );
    assert!(text.contains("AIPREF has no label for ai-input"), "{text}");
    assert!(
        text.contains("license   line 11: https://example.com/license.xml"),
        "{text}"
    );
}

#[test]
fn control_characters_in_the_file_are_escaped() {
    let output = robots_lens(
        &["preferences", "-", "--url", "/"],
        b"User-agent: *\nContent-Usage: train-ai=n \x1b[2J\n",
    );
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(!text.contains('\x1b'), "{text:?}");
    assert!(text.contains("\\u{1b}"), "{text}");
}

#[test]
fn mistakes_exit_2_with_a_message() {
    for (args, message) in [
        (&["preferences", "-"][..], "needs --url"),
        (
            &["preferences", "-", "--url", "/a", "--url", "/b"],
            "one URL",
        ),
        (
            &["preferences", "-", "--url", "/a", "--format", "github"],
            "text or json",
        ),
        (
            &[
                "preferences",
                "-",
                "--url",
                "/a",
                "--agent",
                "A",
                "--crawler",
                "GPTBot",
            ],
            "not both",
        ),
        (
            &["preferences", "-", "--url", "/a", "--crawler", "NoSuchBot"],
            "no catalogued crawler",
        ),
    ] {
        let output = robots_lens(args, EXAMPLE);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let error = String::from_utf8(output.stderr).unwrap();
        assert!(error.contains(message), "{args:?}: {error}");
    }
}
