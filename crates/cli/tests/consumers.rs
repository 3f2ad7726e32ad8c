//! `robots-lens consumers`, run through the binary: the JSON shape the issue specifies, the
//! text's rows of marks, and what no text output lets through.

use serde_json::Value;

mod common;
use common::robots_lens;

const FILE: &[u8] =
    b"User-agent: *\nDisalow: /private/\nCrawl-delay: 5\n\nDisallow: /tmp\x1b[31m\n";

const CONSUMERS: [&str; 9] = [
    "google",
    "search-console",
    "lighthouse",
    "yandex",
    "bing",
    "rfc9309",
    "python",
    "robots-parser",
    "protego",
];

#[test]
fn the_json_has_a_reading_per_line_and_consumer_and_a_summary_per_consumer() {
    let output = robots_lens(&["consumers", "-", "--format", "json"], FILE);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let table: Value = serde_json::from_slice(&output.stdout).unwrap();
    let lines = table["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 5);
    for (index, line) in lines.iter().enumerate() {
        assert_eq!(line["line"], index + 1);
        assert!(line["text"].is_string());
        let readings = line["readings"].as_object().unwrap();
        assert_eq!(readings.keys().collect::<Vec<_>>().len(), 9);
        for consumer in CONSUMERS {
            let reading = &readings[consumer];
            let status = reading["status"].as_str().unwrap();
            assert!(["applies", "ignored", "flagged", "differs"].contains(&status));
            assert!(!reading["message"].as_str().unwrap().is_empty());
        }
    }
    let typo = &lines[1]["readings"];
    assert_eq!(typo["google"]["status"], "applies");
    assert_eq!(typo["lighthouse"]["status"], "flagged");
    assert_eq!(typo["lighthouse"]["words"]["text"], "Unknown directive");
    assert_eq!(typo["lighthouse"]["words"]["severity"], "error");
    assert_eq!(typo["python"]["status"], "ignored");
    assert_eq!(lines[3]["readings"]["python"]["status"], "differs");
    for consumer in CONSUMERS {
        assert!(
            table["summary"][consumer]["message"].is_string(),
            "{consumer}"
        );
    }
    assert_eq!(table["summary"]["lighthouse"]["passes"], false);
    assert_eq!(
        table["summary"]["lighthouse"]["lines"],
        serde_json::json!([2])
    );
    assert_eq!(table["lighthouse"]["outcome"], "fails");
}

#[test]
fn the_text_shows_summaries_then_a_row_of_marks_per_line() {
    let output = robots_lens(&["consumers", "-"], FILE);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    // The summary a person reads first: a sentence per consumer, then where its lines are.
    assert!(
        text.contains("  Lighthouse 12.2.3: fails (1 line, −1 audit of the SEO category, about "),
        "{text}"
    );
    assert!(text.contains(" points) — line 2\n"), "{text}");
    assert!(
        text.contains("   2  .!!!----.  Disalow: /private/"),
        "{text}"
    );
    assert!(text.contains("lighthouse     flagged  Lighthouse reports: Unknown directive"));
    assert!(
        !text.contains('\x1b'),
        "no control character passes through"
    );
}

#[test]
fn a_format_it_does_not_print_is_refused() {
    let output = robots_lens(&["consumers", "-", "--format", "sarif"], FILE);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("text or json"));
}
