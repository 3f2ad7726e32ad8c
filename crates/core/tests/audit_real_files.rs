//! The audit on the 400 real robots.txt files in `../shared/corpus/real-robots/files`, as sites
//! served them: every finding must point at a line the file has, carry a documented code with its
//! code's severity, and read as finished sentences; auditing a file again gives the same findings;
//! every example path a finding shows is one its rule matches.
//! The counts per code are printed, to follow the noise the audit makes on what sites publish
//! (`docs/audit-precision.md` judges whether the findings are true).
//!
//! ```sh
//! cargo test -p robots-lens --release --test audit_real_files -- --nocapture
//! AUDIT_CODE=RL302 cargo test …   # also print every finding of one code, with its file
//! ```
//!
//! Without the corpus the test fails (see `inputs`).

mod inputs;

use std::collections::BTreeMap;
use std::path::PathBuf;

use robots_lens::audit::{Code, Severity, CODES};
use robots_lens::message::Value;
use robots_lens::{audit, google_escape, Finding, Pattern, RobotsTxt};

/// What is wrong with one finding, if anything.
fn problems(finding: &Finding, line_count: usize) -> Vec<String> {
    let mut problems = Vec::new();
    let in_file = |line: usize| (1..=line_count.max(1)).contains(&line);
    if !in_file(finding.line) {
        problems.push(format!("line {} of {line_count}", finding.line));
    }
    for &related in &finding.related_lines {
        if !in_file(related) {
            problems.push(format!("related line {related} of {line_count}"));
        }
    }
    match CODES.iter().find(|doc| doc.code == finding.code) {
        None => problems.push("an undocumented code".to_owned()),
        // Codes whose documentation says when a finding weighs otherwise carry their own.
        Some(doc) if doc.severity != finding.severity && !finding.code.severity_varies() => {
            problems.push(format!(
                "severity {:?}, documented as {:?}",
                finding.severity, doc.severity
            ))
        }
        Some(_) => {}
    }
    for (part, message) in [
        ("message", &finding.message),
        ("why", &finding.why),
        ("fix", &finding.fix),
    ] {
        // Every placeholder of the template filled, and no sentence left empty.
        if !message.is_complete() || message.english().trim().is_empty() {
            problems.push(format!("{part} reads {:?}", message.english()));
        }
    }
    problems
}

/// The example paths a finding shows (a path a crawler may fetch, files a rule keeps from the
/// renderers), each with the line of the rule it is an example for: the rule must match it,
/// or the example shows nothing.
fn example_paths(finding: &Finding) -> Vec<(String, usize)> {
    let (name, rule_line) = match finding.code {
        Code::NamedGroupIgnoresStar => ("path", finding.related_lines.first().copied()),
        Code::BlocksCssOrJs => ("paths", Some(finding.line)),
        _ => return Vec::new(),
    };
    let (Some(value), Some(rule_line)) = (finding.message.arg(name), rule_line) else {
        return Vec::new();
    };
    let values = match value {
        Value::List(values) => values.to_vec(),
        value => vec![value.clone()],
    };
    values
        .into_iter()
        .filter_map(|value| match value {
            // A path shortened for the message, or with invalid UTF-8, is not the path itself.
            Value::Code(path) if !path.contains(['…', '\u{fffd}']) => {
                Some((path.into_string(), rule_line))
            }
            _ => None,
        })
        .collect()
}

/// Whether the rule on `line` matches `path` for Google, whose matcher the audit judges
/// examples with, and `path` reads as a URL: no empty segment (`/cn//retail/` for
/// `/cn/*/retail/`) that the pattern does not write.
fn rule_matches(robots: &RobotsTxt, line: usize, path: &str) -> bool {
    let pattern = robots
        .groups()
        .iter()
        .flat_map(|group| &group.rules)
        .find(|rule| rule.line == line)
        .map(|rule| rule.pattern_bytes(robots))
        .unwrap_or_default();
    let doubled = |bytes: &[u8]| bytes.windows(2).any(|pair| pair == b"//");
    Pattern::google(&google_escape(pattern)).matches(path.as_bytes())
        && (!doubled(path.as_bytes()) || doubled(pattern))
}

#[test]
fn the_audit_of_real_files_points_at_real_lines_with_documented_codes() {
    let Some(corpus) = inputs::shared_path("corpus/real-robots/files", "the audit of real files")
    else {
        return;
    };
    let shown = std::env::var("AUDIT_CODE").ok();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&corpus)
        .unwrap_or_else(|error| panic!("{}: {error}", corpus.display()))
        .filter_map(|entry| Some(entry.ok()?.path()))
        .collect();
    paths.sort();
    assert!(
        paths.len() >= 300,
        "{} holds {} files; the corpus has 400",
        corpus.display(),
        paths.len()
    );
    // code -> (findings, files with one)
    let mut counts: BTreeMap<&'static str, (usize, usize)> = BTreeMap::new();
    let mut clean = 0;
    let mut examples = 0;
    let mut failures = Vec::new();
    for (index, path) in paths.iter().enumerate() {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let bytes = std::fs::read(path).expect("a readable file");
        let robots = RobotsTxt::parse(&bytes);
        let found = audit(&robots);
        // A second audit of one file in sixteen (a debug build audits the corpus in tens of
        // seconds): the order of findings must not depend on hashing or allocation.
        if index % 16 == 0 {
            let again = audit(&robots);
            let key = |f: &Finding| (f.line, f.code.id(), f.message.english());
            if !found.iter().map(key).eq(again.iter().map(key)) {
                failures.push(format!("{name}: two audits of the same file differ"));
            }
        }
        if found.iter().all(|f| f.severity == Severity::Info) {
            clean += 1;
        }
        let mut seen = Vec::new();
        for finding in &found {
            for (path, rule_line) in example_paths(finding) {
                examples += 1;
                if !rule_matches(&robots, rule_line, &path) {
                    failures.push(format!(
                        "{name}:{}: {}: the rule on line {rule_line} does not match its \
                         example {path}, or it has an empty segment",
                        finding.line,
                        finding.code.id()
                    ));
                }
            }
            for problem in problems(finding, robots.lines().len()) {
                failures.push(format!(
                    "{name}:{}: {}: {problem}",
                    finding.line,
                    finding.code.id()
                ));
            }
            let entry = counts.entry(finding.code.id()).or_default();
            entry.0 += 1;
            if !seen.contains(&finding.code) {
                seen.push(finding.code);
                entry.1 += 1;
            }
            if shown.as_deref() == Some(finding.code.id()) {
                println!("{name}:{}: {}", finding.line, finding.message.english());
            }
        }
    }
    // The corpus shows examples of both codes; none at all would mean the check checks nothing.
    assert!(
        examples > 20,
        "only {examples} example paths in the corpus's findings"
    );
    let total: usize = counts.values().map(|(n, _)| n).sum();
    println!(
        "{} files, {total} findings, {clean} files with no warning or error",
        paths.len()
    );
    println!("{:<8} {:>8} {:>6}", "code", "findings", "files");
    for (code, (findings, files)) in &counts {
        println!("{code:<8} {findings:>8} {files:>6}");
    }
    assert!(
        failures.is_empty(),
        "{} findings are malformed (first 20):\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
