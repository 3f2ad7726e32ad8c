//! The audit on the 400 real robots.txt files in `../shared/corpus/real-robots/files`, as sites
//! served them: every finding must point at a line the file has, carry a documented code with its
//! code's severity, and read as finished sentences; auditing a file again gives the same findings.
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

use robots_lens::audit::{Severity, CODES};
use robots_lens::{audit, Finding, RobotsTxt};

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
