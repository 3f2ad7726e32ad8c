//! Ground truth for the `google` profile: every case in `../shared/reference/google-verdicts.jsonl`
//! carries the verdict that Google's C++ library (`RobotsMatcher::OneAgentAllowedByRobots`) itself
//! returned. The `google` profile with `token` matching must agree on every one.
//!
//! The file lives beside the project, not in it: without it the test fails (see `inputs`).

mod inputs;

use robots_lens::{Profile, Question, RobotsTxt, UrlReading};
use serde::Deserialize;

#[derive(Deserialize)]
struct Case {
    id: String,
    robots: String,
    agent: String,
    url: String,
    expected: bool,
    tags: Vec<String>,
}

#[test]
fn google_profile_agrees_with_googles_library_on_every_reference_case() {
    let Some(cases) = inputs::shared_jsonl::<Case>(
        "reference/google-verdicts.jsonl",
        "the Google reference verdicts",
    ) else {
        return;
    };
    let filter = std::env::var("GOOGLE_VERDICTS_FILTER").ok();
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in cases {
        if filter
            .as_deref()
            .is_some_and(|filter| !case.id.contains(filter))
        {
            continue;
        }
        // The URLs are Google's library's, read as it reads them.
        let question = Question::agent(&case.agent, &case.url).reading(UrlReading::RequestLine);
        let verdict = RobotsTxt::parse(case.robots.as_bytes())
            .checker(Profile::Google)
            .ask_verdict(&question)
            .expect("a request line is never refused");
        checked += 1;
        if verdict.allowed != case.expected {
            failures.push(format!(
                "{}: expected {}, got {} ({:?}, decisive {:?}) tags {:?}\n  agent {:?} url {:?}\n  robots {:?}",
                case.id,
                if case.expected { "allowed" } else { "disallowed" },
                if verdict.allowed { "allowed" } else { "disallowed" },
                verdict.reason,
                verdict.decisive.map(|rule| rule.line),
                case.tags,
                case.agent,
                case.url,
                case.robots
            ));
        }
    }
    // The reference holds over 17,000 cases; far fewer means the file was cut short.
    assert!(
        checked >= 10_000 || filter.is_some(),
        "only {checked} reference cases were read from reference/google-verdicts.jsonl"
    );
    assert!(
        failures.is_empty(),
        "{} of {checked} reference verdicts disagree:\n{}",
        failures.len(),
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    eprintln!("{checked} Google reference verdicts agree");
}
