//! The shared vectors: every case in `tests/vectors/*.json`, run through the core.
//!
//! The same files feed the node tests and the page's self-test, so this runner is strict about
//! their shape (unknown fields, unknown categories, duplicate ids and unknown profiles are errors)
//! and reports every failing case at once, with enough detail to judge it without rerunning.
//!
//! Profiles with a reader of their own (`python`, `legacy-1994`) compare agents their own way and
//! never consult the case's `match`: such cases must say `"substring"`, and each is also run under
//! every other model to prove the answer does not depend on it.
//!
//! The `python` cases are also put to this machine's CPython `urllib.robotparser`
//! (`tests/python/robotparser_oracle.py`): their verdicts, and whether a rule decided, must be
//! the real library's, so a case cannot pin a mistake of the model. Without `python3`, or with a
//! Python other than the legacy parser the profile models, that test says so and skips.
//!
//! `VECTORS_FILTER=percent cargo test -p robots-lens --test vectors` runs only the cases whose id
//! or category contains `percent`; `VECTORS_DIR=path` reads the files from another directory. The
//! schema is documented in `tests/vectors/README.md`.

mod inputs;
mod python_oracle;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use python_oracle::Oracle;
use robots_lens::{
    read_url, AgentMatch, AgentSelection, LabelAnswer, Profile, Question, RobotsTxt, Verdict,
    CONTENT_SIGNAL_KEYS, CONTENT_USAGE_LABELS,
};
use serde::{Deserialize, Deserializer, Serialize};

/// The categories a case may have, in the order the README lists them.
const CATEGORIES: &[&str] = &[
    "longest-match",
    "negative-paths",
    "wildcard",
    "end-anchor",
    "case-sensitivity",
    "group-merging",
    "fallback-to-star",
    "empty-rules",
    "rules-before-user-agent",
    "agent-matching",
    "implicit-robots-txt",
    "percent-encoding",
    "sitemap-extraction",
    "line-endings-and-bom",
    "typos",
    "syntax",
    "index-html",
    "url-forms",
    "limits",
    "parser-divergence",
    "ai-preferences",
];

/// The `match` a case must name when its profile's reader does not consult it.
const UNCONSULTED_MATCH: AgentMatch = AgentMatch::Substring;

/// Issue 2 asks for at least this many vectors; dropping below means cases were lost.
const MIN_CASES: usize = 150;

/// Robots texts longer than this are shortened in failure reports (the long-line cases hold 33 kB).
const SHOWN_ROBOTS_CHARS: usize = 600;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct VectorFile {
    description: String,
    cases: Vec<Case>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    id: String,
    category: String,
    profile: String,
    #[serde(rename = "match")]
    agent_match: String,
    robots: String,
    agent: String,
    url: String,
    expected: Expected,
    source: String,
    why: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Expected {
    allowed: bool,
    /// Must be present: a number, or `null` when no rule decides.
    #[serde(deserialize_with = "present_or_null")]
    line: Option<usize>,
    #[serde(default)]
    sitemaps: Option<Vec<String>>,
    /// What may be done with the URL: only the labels and licences listed are compared.
    #[serde(default)]
    preferences: Option<ExpectedPreferences>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectedPreferences {
    #[serde(default)]
    content_usage: BTreeMap<String, ExpectedLabel>,
    #[serde(default)]
    content_signal: BTreeMap<String, ExpectedLabel>,
    #[serde(default)]
    licenses: Option<Vec<ExpectedLicense>>,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct ExpectedLabel {
    preference: String,
    #[serde(deserialize_with = "present_or_null")]
    line: Option<usize>,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct ExpectedLicense {
    url: String,
    line: usize,
}

/// Serde fills a missing `Option` field with `None`; a custom deserializer makes `"line"`
/// mandatory, so a forgotten expectation is an error rather than a silent "no rule decided".
fn present_or_null<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<usize>, D::Error> {
    Option::<usize>::deserialize(deserializer)
}

/// A case with the file it came from.
struct Loaded {
    file: String,
    case: Case,
}

/// `tests/vectors` at the top of the repository, or the directory named by `VECTORS_DIR` (to run
/// a modified copy, for example one with a deliberately broken expectation).
fn vectors_dir() -> PathBuf {
    match std::env::var_os("VECTORS_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors"),
    }
}

/// The list of vector files the page's self-test fetches, since it cannot list a directory.
const MANIFEST: &str = "manifest.json";

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    description: String,
    files: Vec<String>,
}

/// Reads every `*.json` file of the vectors directory but the manifest, in name order. Any file
/// that is not valid JSON of the documented shape is an error naming the file.
fn load() -> Vec<Loaded> {
    let dir = vectors_dir();
    let entries = fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("cannot read the vectors in {}: {error}", dir.display()));
    let mut paths: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .filter(|path| !path.ends_with(MANIFEST))
        .collect();
    paths.sort();
    assert!(
        !paths.is_empty(),
        "no *.json vector files in {}",
        dir.display()
    );
    let mut loaded = Vec::new();
    for path in paths {
        let name = path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = fs::read_to_string(&path)
            .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
        let file: VectorFile = serde_json::from_str(&text)
            .unwrap_or_else(|error| panic!("{name} does not follow the vector schema: {error}"));
        assert!(
            !file.description.trim().is_empty(),
            "{name}: the description is empty"
        );
        loaded.extend(file.cases.into_iter().map(|case| Loaded {
            file: name.clone(),
            case,
        }));
    }
    loaded
}

/// Whether `profile`'s reader has its own agent test and ignores [`AgentMatch`].
fn ignores_agent_match(profile: Profile) -> bool {
    profile.spec().agent_selection == AgentSelection::FirstMatchingRecord
}

fn is_kebab_case(id: &str) -> bool {
    !id.is_empty()
        && id.split('-').all(|word| {
            !word.is_empty()
                && word
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// Every problem with the shape of the cases, as one message per problem.
fn schema_problems(loaded: &[Loaded]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut seen = std::collections::HashMap::new();
    for Loaded { file, case } in loaded {
        let at = format!("{file}: {}", case.id);
        if !is_kebab_case(&case.id) {
            problems.push(format!("{at}: the id is not kebab-case"));
        }
        if let Some(first) = seen.insert(case.id.as_str(), file.as_str()) {
            problems.push(format!("{at}: the id is also used in {first}"));
        }
        if !CATEGORIES.contains(&case.category.as_str()) {
            problems.push(format!(
                "{at}: unknown category '{}' (add it to tests/vectors/README.md and CATEGORIES)",
                case.category
            ));
        }
        if let Err(error) = case.agent_match.parse::<AgentMatch>() {
            problems.push(format!("{at}: {error}"));
        }
        match case.profile.parse::<Profile>() {
            Err(error) => problems.push(format!("{at}: {error}")),
            Ok(profile)
                if ignores_agent_match(profile) && case.agent_match != UNCONSULTED_MATCH.id() =>
            {
                problems.push(format!(
                    "{at}: the {profile} reader compares agents its own way and never reads \
                     match; write \"{}\" (got \"{}\")",
                    UNCONSULTED_MATCH.id(),
                    case.agent_match
                ));
            }
            Ok(_) => {}
        }
        if case.source.trim().is_empty() || case.why.trim().is_empty() {
            problems.push(format!("{at}: source and why must both say something"));
        }
        if let Err(refused) = read_url(&case.url) {
            problems.push(format!(
                "{at}: {refused}; a case asks for a verdict, so its url must be one a crawler \
                 requests (refusals are the core's answer tests and the consistency suite's)"
            ));
        }
        if !case.expected.allowed && case.expected.line.is_none() {
            problems.push(format!(
                "{at}: a disallow always has a deciding line, but line is null"
            ));
        }
        if let Some(preferences) = &case.expected.preferences {
            problems.extend(preference_schema_problems(&at, preferences));
        }
    }
    problems
}

fn describe(allowed: bool, line: Option<usize>) -> String {
    let verdict = if allowed { "allowed" } else { "disallowed" };
    match line {
        Some(line) => format!("{verdict}, line {line}"),
        None => format!("{verdict}, no deciding line"),
    }
}

fn shown_robots(robots: &str) -> String {
    if robots.chars().count() <= SHOWN_ROBOTS_CHARS {
        return format!("{robots:?}");
    }
    let head: String = robots.chars().take(SHOWN_ROBOTS_CHARS).collect();
    format!("{head:?}… ({} bytes in all)", robots.len())
}

/// A case's URL is typed, as on the command line and in the page: what Python is asked about
/// is [`read_url`]'s request (`a/b` is the path `/a/b`). The schema check refuses a case whose
/// URL no crawler requests.
fn requested(url: &str) -> String {
    read_url(url).map_or_else(|_| url.to_owned(), |typed| typed.request)
}

/// Runs one case; `None` when it passes, otherwise a report of everything that differs.
fn run(file: &str, case: &Case) -> Option<String> {
    let (profile, agent_match) = match (case.profile.parse::<Profile>(), case.agent_match.parse()) {
        (Ok(profile), Ok(agent_match)) => (profile, agent_match),
        (Err(error), _) => return Some(format!("{} in {file}: {error}", case.id)),
        (_, Err(error)) => return Some(format!("{} in {file}: {error}", case.id)),
    };
    let robots = RobotsTxt::parse(case.robots.as_bytes());
    let checker = robots.checker(profile);
    // Asked as every surface asks: the whole question, the URL as typed.
    let ask = |agent_match| {
        checker.ask_verdict(&Question::agent(&case.agent, &case.url).agent_match(agent_match))
    };
    let verdict: Verdict = match ask(agent_match) {
        Ok(verdict) => verdict,
        Err(refused) => return Some(format!("{} in {file}: {refused}", case.id)),
    };
    let line = verdict.deciding_line();
    let sitemaps: Vec<&str> = robots.sitemaps().iter().map(|s| s.url(&robots)).collect();

    let mut differences = Vec::new();
    if verdict.allowed != case.expected.allowed || line != case.expected.line {
        differences.push(format!(
            "expected {}; got {} (reason {})",
            describe(case.expected.allowed, case.expected.line),
            describe(verdict.allowed, line),
            verdict.reason.id()
        ));
    }
    if ignores_agent_match(profile) {
        for other in AgentMatch::ALL {
            let Ok(again) = ask(other) else { continue };
            let again_line = again.deciding_line();
            if (again.allowed, again_line) != (verdict.allowed, line) {
                differences.push(format!(
                    "the {profile} reader must not consult match, but with \"{other}\" it \
                     answers {}",
                    describe(again.allowed, again_line)
                ));
            }
        }
    }
    if let Some(expected) = &case.expected.sitemaps {
        if sitemaps != *expected {
            differences.push(format!("expected sitemaps {expected:?}; got {sitemaps:?}"));
        }
    }
    if let Some(expected) = &case.expected.preferences {
        let question = Question::agent(&case.agent, &case.url).agent_match(agent_match);
        let usage = checker.ask_usage(&question).expect("answered above");
        differences.extend(preference_differences(expected, &usage));
    }
    if differences.is_empty() {
        return None;
    }
    let mut report = format!(
        "{} [{}] in {file} ({}, {})\n",
        case.id, case.category, case.profile, case.agent_match
    );
    for difference in differences {
        let _ = writeln!(report, "  {difference}");
    }
    let _ = writeln!(report, "  agent {:?}  url {:?}", case.agent, case.url);
    let _ = writeln!(
        report,
        "  path compared {:?}; groups applied {:?}{}",
        verdict.normalised_path,
        verdict
            .groups
            .iter()
            .map(|group| group.agent_lines.clone())
            .collect::<Vec<_>>(),
        if verdict.used_star_group { " (*)" } else { "" }
    );
    let _ = writeln!(report, "  robots {}", shown_robots(&case.robots));
    let _ = writeln!(report, "  source: {}", case.source);
    let _ = write!(report, "  why: {}", case.why);
    Some(report)
}

/// Every listed label and the licences, compared with the core's answer.
fn preference_differences(
    expected: &ExpectedPreferences,
    usage: &robots_lens::UsageAnswer,
) -> Vec<String> {
    let mut differences = Vec::new();
    let mut compare =
        |vocabulary: &str, labels: &BTreeMap<String, ExpectedLabel>, answers: &[LabelAnswer]| {
            for (label, wanted) in labels {
                let got = answers.iter().find(|answer| answer.label == label);
                let got = got.map(|answer| ExpectedLabel {
                    preference: answer.preference.id().to_owned(),
                    line: answer.line,
                });
                if got.as_ref() != Some(wanted) {
                    differences.push(format!(
                        "{vocabulary} {label}: expected {} (line {:?}); got {:?} (why {:?})",
                        wanted.preference,
                        wanted.line,
                        got,
                        answers
                            .iter()
                            .find(|answer| answer.label == label)
                            .map(|answer| answer.why.id())
                    ));
                }
            }
        };
    compare(
        "content_usage",
        &expected.content_usage,
        &usage.content_usage,
    );
    compare(
        "content_signal",
        &expected.content_signal,
        &usage.content_signal,
    );
    if let Some(licenses) = &expected.licenses {
        let got: Vec<ExpectedLicense> = usage
            .licenses
            .iter()
            .map(|license| ExpectedLicense {
                url: license.url.clone(),
                line: license.line,
            })
            .collect();
        if got != *licenses {
            differences.push(format!("expected licences {licenses:?}; got {got:?}"));
        }
    }
    differences
}

/// The labels a case may list, and preferences it may expect.
fn preference_schema_problems(at: &str, expected: &ExpectedPreferences) -> Vec<String> {
    let mut problems = Vec::new();
    let listed = [
        (
            "content_usage",
            &expected.content_usage,
            &CONTENT_USAGE_LABELS[..],
        ),
        (
            "content_signal",
            &expected.content_signal,
            &CONTENT_SIGNAL_KEYS[..],
        ),
    ];
    for (vocabulary, labels, known) in listed {
        for (label, wanted) in labels {
            if !known.contains(&label.as_str()) {
                problems.push(format!("{at}: {vocabulary} has no label \"{label}\""));
            }
            if !["allow", "disallow", "unknown", "not-applicable"]
                .contains(&wanted.preference.as_str())
            {
                problems.push(format!(
                    "{at}: unknown preference \"{}\"",
                    wanted.preference
                ));
            }
        }
    }
    problems
}

#[test]
fn every_vector_file_follows_the_schema() {
    let loaded = load();
    let problems = schema_problems(&loaded);
    assert!(
        problems.is_empty(),
        "{} problems in the vector files:\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert!(
        loaded.len() >= MIN_CASES,
        "only {} vectors; at least {MIN_CASES} are expected",
        loaded.len()
    );
    for category in CATEGORIES {
        assert!(
            loaded
                .iter()
                .any(|loaded| loaded.case.category == *category),
            "no vector has the category {category}"
        );
    }
}

#[test]
fn every_vector_gives_its_expected_verdict() {
    let loaded = load();
    let filter = std::env::var("VECTORS_FILTER")
        .ok()
        .filter(|filter| !filter.is_empty());
    let selected: Vec<&Loaded> = loaded
        .iter()
        .filter(|Loaded { case, .. }| {
            filter
                .as_deref()
                .is_none_or(|filter| case.id.contains(filter) || case.category.contains(filter))
        })
        .collect();
    if let Some(filter) = &filter {
        assert!(
            !selected.is_empty(),
            "VECTORS_FILTER={filter:?} matches no case id or category"
        );
        eprintln!(
            "VECTORS_FILTER={filter:?}: running {} of {} vectors",
            selected.len(),
            loaded.len()
        );
    }
    let failures: Vec<String> = selected
        .iter()
        .filter_map(|Loaded { file, case }| run(file, case))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} vectors failed:\n\n{}",
        failures.len(),
        selected.len(),
        failures.join("\n\n")
    );
    eprintln!("{} vectors pass", selected.len());
}

#[test]
fn the_manifest_lists_exactly_the_vector_files() {
    let dir = vectors_dir();
    let path = dir.join(MANIFEST);
    let text = fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    let manifest: Manifest = serde_json::from_str(&text)
        .unwrap_or_else(|error| panic!("{MANIFEST} is not a manifest: {error}"));
    assert!(
        !manifest.description.trim().is_empty(),
        "{MANIFEST}: the description is empty"
    );
    let present: Vec<String> = fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", dir.display()))
        .map(|entry| entry.expect("a directory entry").file_name())
        .map(|name| name.to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".json") && name != MANIFEST)
        .collect();
    let missing: Vec<&String> = present
        .iter()
        .filter(|name| !manifest.files.contains(name))
        .collect();
    let extra: Vec<&String> = manifest
        .files
        .iter()
        .filter(|name| !present.contains(name))
        .collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "tests/vectors/{MANIFEST} must list every vector file (the page's self-test reads only \
         those): missing {missing:?}, listed but absent {extra:?}"
    );
    let mut unique = manifest.files.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(
        unique.len(),
        manifest.files.len(),
        "{MANIFEST} lists a file twice"
    );
}

#[test]
fn the_line_field_is_required() {
    let missing = r#"{ "allowed": true }"#;
    assert!(serde_json::from_str::<Expected>(missing).is_err());
    let null = r#"{ "allowed": true, "line": null }"#;
    assert_eq!(serde_json::from_str::<Expected>(null).unwrap().line, None);
}

#[test]
fn a_reader_with_its_own_agent_test_takes_only_the_unconsulted_match() {
    let case = |profile: &str, agent_match: &str| Loaded {
        file: "test.json".to_owned(),
        case: Case {
            id: format!("case-{profile}-{agent_match}"),
            category: "parser-divergence".to_owned(),
            profile: profile.to_owned(),
            agent_match: agent_match.to_owned(),
            robots: "User-agent: *\nDisallow: /\n".to_owned(),
            agent: "ExampleBot".to_owned(),
            url: "/".to_owned(),
            expected: Expected {
                allowed: false,
                line: Some(2),
                sitemaps: None,
                preferences: None,
            },
            source: "a test".to_owned(),
            why: "a test".to_owned(),
        },
    };
    let problems = |profile, agent_match| schema_problems(&[case(profile, agent_match)]);
    assert_eq!(problems("python", "token").len(), 1);
    assert_eq!(problems("legacy-1994", "token").len(), 1);
    assert!(problems("python", "substring").is_empty());
    assert!(problems("legacy-1994", "substring").is_empty());
    assert!(problems("google", "token").is_empty());
    assert!(problems("rfc9309", "token").is_empty());
}

/// A question for the robotparser oracle: one file, one agent and URL.
#[derive(Serialize)]
struct OracleCase<'a> {
    id: usize,
    robots: &'a str,
    queries: [[&'a str; 2]; 1],
}

/// The oracle's first line: which Python answers.
#[derive(Deserialize)]
struct OracleHello {
    python: String,
    legacy: bool,
    differences: Vec<String>,
}

#[derive(Deserialize)]
struct OracleReply {
    id: usize,
    parse_error: Option<serde_json::Value>,
    answers: Vec<OracleAnswer>,
}

/// `rule` is the deciding rule's allowance and quoted path, `null` when none decided.
#[derive(Deserialize)]
struct OracleAnswer {
    allowed: Option<bool>,
    rule: Option<(bool, String)>,
    error: Option<String>,
}

#[test]
fn python_vectors_agree_with_the_real_robotparser() {
    let loaded = load();
    let python: Vec<&Case> = loaded
        .iter()
        .map(|loaded| &loaded.case)
        .filter(|case| case.profile == Profile::Python.id())
        .collect();
    assert!(!python.is_empty(), "no python vectors");
    let test = "the python vectors against the real robotparser";
    let Some((mut oracle, first)) = Oracle::start(test) else {
        return;
    };
    let hello: OracleHello = serde_json::from_str(&first).expect("the oracle's hello line");
    if !hello.legacy || !hello.differences.is_empty() {
        oracle.stop();
        inputs::missing(
            "python",
            test,
            &format!(
                "Python {} is not the legacy robotparser of 3.11.7 the profile models (RFC 9309 \
                 rewrite: {}; {:?})",
                hello.python, !hello.legacy, hello.differences
            ),
        );
        return;
    }
    let questions: Vec<String> = python
        .iter()
        .enumerate()
        .map(|(id, case)| {
            let url = requested(&case.url);
            let question = OracleCase {
                id,
                robots: &case.robots,
                queries: [[&case.agent, &url]],
            };
            serde_json::to_string(&question).expect("serialisable")
        })
        .collect();
    oracle.ask(questions);

    let mut failures = Vec::new();
    for (id, case) in python.iter().enumerate() {
        let reply = oracle.answer();
        let reply: OracleReply = serde_json::from_str(&reply)
            .unwrap_or_else(|error| panic!("oracle reply for {}: {error}: {reply}", case.id));
        assert_eq!(reply.id, id, "the oracle answers in order");
        let answer = &reply.answers[0];
        let expected = &case.expected;
        let problem = if let Some(error) = &reply.parse_error {
            Some(format!("parse() raised {error}"))
        } else if let Some(error) = &answer.error {
            Some(format!("can_fetch raised ValueError({error:?})"))
        } else if answer.allowed != Some(expected.allowed) {
            Some(format!(
                "can_fetch answers {:?}, the case expects {}",
                answer.allowed, expected.allowed
            ))
        } else if answer.rule.is_some() != expected.line.is_some() {
            Some(format!(
                "the deciding rule is {:?}, the case expects line {:?}",
                answer.rule, expected.line
            ))
        } else {
            None
        };
        if let Some(problem) = problem {
            failures.push(format!(
                "{}: {problem}\n  robots {}  agent {:?}  url {:?}",
                case.id,
                shown_robots(&case.robots),
                case.agent,
                case.url
            ));
        }
    }
    oracle.finish();
    assert!(
        failures.is_empty(),
        "{} of {} python vectors disagree with Python {}'s urllib.robotparser:\n\n{}",
        failures.len(),
        python.len(),
        hello.python,
        failures.join("\n\n")
    );
    eprintln!(
        "{} python vectors confirmed by Python {}'s urllib.robotparser",
        python.len(),
        hello.python
    );
}
