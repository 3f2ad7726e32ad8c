//! Google's line reporter (`reporting_robots.cc`, the facts Search Console's robots.txt report is
//! built on) on every case of `../shared/reference/google-verdicts.jsonl`: the lines it counts are
//! the file's line terminators (LF, CRLF, CR) plus one, and each feature the generator says a
//! case has is on one of its lines (a comment, a sitemap), and a line flagged as read without
//! its colon is in a case written with one missing. The per-line tags of Google's own `reporting_robots_test.cc` are in
//! `src/consumers/google.rs`.
//!
//! The file lives beside the project, not in it: without it the test fails (see `inputs`).

mod inputs;

use robots_lens::consumers::{self, ReporterLine, ReporterTag};
use robots_lens::RobotsTxt;
use serde::Deserialize;

#[derive(Deserialize)]
struct Case {
    id: String,
    robots: String,
    tags: Vec<String>,
}

/// Google's count: one line per terminator (CRLF counting once), and the last one after it.
fn lines_google_counts(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut count = 1;
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'\r' if bytes.get(at + 1) == Some(&b'\n') => {
                count += 1;
                at += 1;
            }
            b'\r' | b'\n' => count += 1,
            _ => {}
        }
        at += 1;
    }
    count
}

/// What a tag says one line at least must show. (The generator's `no_colon` also marks a key
/// with no value, `Disallow` alone, which Google reads as no key at all and does not flag.)
fn shows(tag: &str, line: &ReporterLine) -> Option<bool> {
    Some(match tag {
        "comment" | "inline_comment" => line.has_comment,
        "sitemap" => line.tag == ReporterTag::Sitemap,
        _ => return None,
    })
}

#[test]
fn the_reporter_counts_and_tags_every_reference_case_as_google_does() {
    let Some(cases) = inputs::shared_jsonl::<Case>(
        "reference/google-verdicts.jsonl",
        "the Google reference verdicts",
    ) else {
        return;
    };
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in cases {
        let robots = RobotsTxt::parse(case.robots.as_bytes());
        let table = consumers::readings(&robots);
        let reported: Vec<ReporterLine> = (1..=table.len())
            .filter_map(|number| table.reporter_line(number))
            .collect();
        let seen = table.reporter_summary().last_line_seen;
        let expected = lines_google_counts(&case.robots);
        if seen != expected {
            failures.push(format!(
                "{}: {seen} lines seen, Google counts {expected}",
                case.id
            ));
        }
        for tag in &case.tags {
            let found = reported
                .iter()
                .filter_map(|line| shows(tag, line))
                .any(|shown| shown);
            if shows(tag, &reported[0]).is_some() && !found {
                failures.push(format!("{}: tagged {tag}, no line shows it", case.id));
            }
        }
        // The other way round: a line read without its colon is one the generator wrote so.
        if reported.iter().any(|line| line.is_missing_colon_separator)
            && !case.tags.iter().any(|tag| tag == "no_colon")
        {
            failures.push(format!(
                "{}: a missing colon flagged, none written",
                case.id
            ));
        }
        checked += 1;
    }
    assert!(checked > 17_000, "only {checked} cases read");
    assert!(
        failures.is_empty(),
        "{} of {checked} cases:\n{}",
        failures.len(),
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
