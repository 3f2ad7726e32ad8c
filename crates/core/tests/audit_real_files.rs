//! The audit on the real robots.txt files in `../shared/corpus/real-robots/files`: how many
//! findings each code gives, to measure false alarms and noise against what sites publish.
//!
//! Ignored by default (it reads a folder beside the project and only prints):
//!
//! ```sh
//! cargo test -p robots-lens --release --test audit_real_files -- --ignored --nocapture
//! AUDIT_CODE=RL302 cargo test …   # also print every finding of one code, with its file
//! ```

use std::collections::BTreeMap;
use std::path::PathBuf;

use robots_lens::{audit, RobotsTxt};

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/real-robots/files")
}

#[test]
#[ignore = "reads ../shared/corpus and prints counts; run with --ignored --nocapture"]
fn findings_per_code_on_real_files() {
    let Ok(entries) = std::fs::read_dir(corpus()) else {
        eprintln!("NOTICE: {} is not there", corpus().display());
        return;
    };
    let shown = std::env::var("AUDIT_CODE").ok();
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|entry| Some(entry.ok()?.path()))
        .collect();
    paths.sort();
    // code -> (findings, files with one)
    let mut counts: BTreeMap<&'static str, (usize, usize)> = BTreeMap::new();
    let mut clean = 0;
    for path in &paths {
        let bytes = std::fs::read(path).expect("a readable file");
        let robots = RobotsTxt::parse(&bytes);
        let found = audit(&robots);
        if found
            .iter()
            .all(|f| f.severity == robots_lens::audit::Severity::Info)
        {
            clean += 1;
        }
        let mut seen = Vec::new();
        for finding in &found {
            let entry = counts.entry(finding.code.id()).or_default();
            entry.0 += 1;
            if !seen.contains(&finding.code) {
                seen.push(finding.code);
                entry.1 += 1;
            }
            if shown.as_deref() == Some(finding.code.id()) {
                let name = path.file_name().unwrap_or_default().to_string_lossy();
                println!("{name}:{}: {}", finding.line, finding.message);
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
}
