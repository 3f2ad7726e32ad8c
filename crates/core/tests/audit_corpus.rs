//! The audit corpus: every `tests/audit/<name>.txt` is audited and its findings compared with
//! `<name>.expected.json` (format in `tests/audit/README.md`). Every mismatch of every file is
//! reported at once. `AUDIT_CORPUS_FILTER=<text>` runs only the files whose name contains it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use robots_lens::audit::{Code, Severity, CODES};
use robots_lens::RobotsTxt;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expected {
    about: String,
    #[serde(default)]
    clean: bool,
    findings: Vec<ExpectedFinding>,
}

#[derive(Deserialize, Clone, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
struct ExpectedFinding {
    code: String,
    line: usize,
    /// The finding's severity, when it differs from its code's or the case is about it
    /// (`error`, `warning`, `info`); not compared when absent.
    #[serde(default)]
    severity: Option<String>,
    /// Words the finding's English message must hold, when the case is about its wording.
    #[serde(default)]
    message_contains: Option<String>,
    /// The corrected line the finding must propose, when the case is about its fix.
    #[serde(default)]
    replacement: Option<String>,
    /// Words the finding's English fix must hold, when the case is about its wording.
    #[serde(default)]
    fix_contains: Option<String>,
    /// Words the finding's English why must hold, when the case is about its wording.
    #[serde(default)]
    why_contains: Option<String>,
}

/// Codes whose example is too large to keep in the repository; a unit test builds it.
const NOT_IN_CORPUS: &[&str] = &["RL105"];

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/audit")
}

/// Every case: its name, the file's bytes and what is expected of it.
fn cases() -> Vec<(String, Vec<u8>, Result<Expected, String>)> {
    let dir = corpus_dir();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            Some(name.strip_suffix(".txt")?.to_owned())
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let input = std::fs::read(dir.join(format!("{name}.txt"))).expect("readable case");
            let sidecar = dir.join(format!("{name}.expected.json"));
            let expected = std::fs::read_to_string(&sidecar)
                .map_err(|error| format!("{}: {error}", sidecar.display()))
                .and_then(|text| {
                    serde_json::from_str::<Expected>(&text)
                        .map_err(|error| format!("{}: {error}", sidecar.display()))
                });
            (name, input, expected)
        })
        .collect()
}

#[test]
fn every_corpus_file_produces_exactly_its_expected_findings() {
    let filter = std::env::var("AUDIT_CORPUS_FILTER").ok();
    let mut failures = Vec::new();
    let mut checked = 0;
    for (name, input, expected) in cases() {
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        checked += 1;
        let expected = match expected {
            Ok(expected) => expected,
            Err(error) => {
                failures.push(format!("{name}: {error}"));
                continue;
            }
        };
        if expected.about.trim().is_empty() {
            failures.push(format!("{name}: `about` is empty"));
        }
        let robots = RobotsTxt::parse(&input);
        let found = robots_lens::audit(&robots);
        let mut problems = Vec::new();
        for want in &expected.findings {
            if want.code.parse::<Code>().is_err() {
                problems.push(format!("expects the unknown code {}", want.code));
            }
        }
        for want in &expected.findings {
            let wanted = |f: &&robots_lens::audit::Finding| {
                f.code.id() == want.code
                    && f.line == want.line
                    && want
                        .severity
                        .as_deref()
                        .is_none_or(|s| f.severity.id() == s)
                    && want
                        .message_contains
                        .as_deref()
                        .is_none_or(|words| f.message.english().contains(words))
                    && want
                        .replacement
                        .as_deref()
                        .is_none_or(|line| f.replacement.as_deref() == Some(line))
                    && want
                        .fix_contains
                        .as_deref()
                        .is_none_or(|words| f.fix.english().contains(words))
                    && want
                        .why_contains
                        .as_deref()
                        .is_none_or(|words| f.why.english().contains(words))
            };
            let detailed = want.severity.is_some()
                || want.message_contains.is_some()
                || want.replacement.is_some()
                || want.fix_contains.is_some()
                || want.why_contains.is_some();
            if detailed && !found.iter().any(|f| wanted(&f)) {
                problems.push(format!(
                    "no {} at line {} with severity {:?}, message holding {:?}, replacement {:?}, fix \
                     holding {:?}, why holding {:?}",
                    want.code,
                    want.line,
                    want.severity,
                    want.message_contains,
                    want.replacement,
                    want.fix_contains,
                    want.why_contains
                ));
            }
        }
        // Counted by code and line; the details were compared above.
        let count = |pairs: Vec<ExpectedFinding>| {
            let mut counts: BTreeMap<ExpectedFinding, usize> = BTreeMap::new();
            for pair in pairs {
                let key = ExpectedFinding {
                    severity: None,
                    message_contains: None,
                    replacement: None,
                    fix_contains: None,
                    why_contains: None,
                    ..pair
                };
                *counts.entry(key).or_default() += 1;
            }
            counts
        };
        let want = count(expected.findings.clone());
        let got = count(
            found
                .iter()
                .map(|f| ExpectedFinding {
                    code: f.code.id().to_owned(),
                    line: f.line,
                    severity: None,
                    message_contains: None,
                    replacement: None,
                    fix_contains: None,
                    why_contains: None,
                })
                .collect(),
        );
        for (pair, &n) in &want {
            let have = got.get(pair).copied().unwrap_or(0);
            if have < n {
                problems.push(format!("missing {} at line {}", pair.code, pair.line));
            }
        }
        for (pair, &n) in &got {
            if want.get(pair).copied().unwrap_or(0) < n {
                let finding = found
                    .iter()
                    .find(|f| f.code.id() == pair.code && f.line == pair.line)
                    .expect("found");
                problems.push(format!(
                    "unexpected {} ({}) at line {}: {}",
                    pair.code,
                    finding.code.name(),
                    pair.line,
                    finding.message
                ));
            }
        }
        if expected.clean {
            for finding in found.iter().filter(|f| f.severity != Severity::Info) {
                problems.push(format!(
                    "is clean but has {} {} at line {}",
                    finding.severity.id(),
                    finding.code.id(),
                    finding.line
                ));
            }
        }
        for finding in &found {
            if robots.line(finding.line).is_none() {
                problems.push(format!(
                    "{} points at line {}, which does not exist",
                    finding.code, finding.line
                ));
            }
            if finding.message.english().is_empty()
                || finding.why.english().is_empty()
                || finding.fix.english().is_empty()
            {
                problems.push(format!(
                    "{} at line {} lacks text",
                    finding.code, finding.line
                ));
            }
            for message in [&finding.message, &finding.why, &finding.fix] {
                if !message.is_complete() {
                    problems.push(format!(
                        "{} at line {}: {message:?} does not fill its template",
                        finding.code, finding.line
                    ));
                }
            }
        }
        if !problems.is_empty() {
            let actual: Vec<String> = found
                .iter()
                .map(|f| format!("{{\"code\": \"{}\", \"line\": {}}}", f.code.id(), f.line))
                .collect();
            failures.push(format!(
                "{name}:\n  - {}\n  actual: [{}]",
                problems.join("\n  - "),
                actual.join(", ")
            ));
        }
    }
    assert!(checked > 0 || filter.is_some(), "the corpus is empty");
    assert!(
        failures.is_empty(),
        "{} of {checked} corpus files disagree:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_sidecar_has_its_file() {
    let dir = corpus_dir();
    let mut orphans = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("corpus directory") {
        let name = entry
            .expect("entry")
            .file_name()
            .into_string()
            .expect("UTF-8 name");
        if let Some(stem) = name.strip_suffix(".expected.json") {
            if !dir.join(format!("{stem}.txt")).exists() {
                orphans.push(name);
            }
        }
    }
    assert!(orphans.is_empty(), "sidecars without a file: {orphans:?}");
}

#[test]
fn every_code_has_a_positive_case_and_clean_files_exist() {
    let mut covered: Vec<String> = Vec::new();
    let mut clean = 0;
    for (_, _, expected) in cases() {
        let Ok(expected) = expected else { continue };
        clean += usize::from(expected.clean && expected.findings.is_empty());
        covered.extend(expected.findings.into_iter().map(|f| f.code));
    }
    let missing: Vec<&str> = CODES
        .iter()
        .map(|doc| doc.id)
        .filter(|id| !NOT_IN_CORPUS.contains(id) && !covered.iter().any(|c| c == id))
        .collect();
    assert!(
        missing.is_empty(),
        "codes without a corpus case: {missing:?}"
    );
    assert!(clean >= 5, "only {clean} clean files without any finding");
}
