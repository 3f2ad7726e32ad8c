//! Every finding proves itself through the command a site owner would type (issue #34): for the
//! audit corpus's files (`tests/audit/*.txt`, one file per shape of mistake), each question a
//! warning or an error of `lint --format json` names in its `effect` is asked again as
//! `robots-lens check FILE --agent AGENT --url URL --profile PROFILE`, whose exit status says
//! the answer (0 allowed, 1 disallowed), and must get the `verdict` the finding says the file
//! gives now. A catalogued crawler's name typed as the agent is answered as that crawler (its
//! documented fallback chain: Applebot to Googlebot's group), as the evidence asks it; asked
//! exactly as typed (`--as-typed`), 11 of the corpus's effects would not reproduce. The core's
//! corpus test asks the same of the 1,204 real files through the library; this one holds the
//! command's own reading of the agent and the URL to it.

use std::path::PathBuf;
use std::process::Command;

fn robots_lens() -> Command {
    Command::new(env!("CARGO_BIN_EXE_robots-lens"))
}

/// The audit corpus's files.
fn corpus() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/audit");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/audit")
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_effect_of_the_audit_corpus_reproduces_through_check() {
    let mut asked = 0;
    let mut failures = Vec::new();
    for file in corpus() {
        let output = robots_lens()
            .args([
                "lint",
                "--no-config",
                "--format",
                "json",
                "--fail-on",
                "never",
            ])
            .arg(&file)
            .output()
            .expect("the binary runs");
        let findings: serde_json::Value =
            serde_json::from_slice(&output.stdout).expect("lint --format json");
        for finding in findings.as_array().expect("an array") {
            let severity = finding["severity"].as_str().unwrap_or_default();
            let effects = finding["effect"]
                .as_array()
                .expect("every finding has `effect`");
            if severity != "info" && effects.is_empty() {
                failures.push(format!(
                    "{}:{}: a {severity} {} without evidence",
                    file.display(),
                    finding["line"],
                    finding["code"]
                ));
            }
            for effect in effects {
                let text = |key: &str| effect[key].as_str().unwrap_or_default().to_owned();
                let (agent, url, profile) = (text("agent"), text("url"), text("profile"));
                let status = robots_lens()
                    .args([
                        "check",
                        "--agent",
                        &agent,
                        "--url",
                        &url,
                        "--profile",
                        &profile,
                    ])
                    .arg(&file)
                    .output()
                    .expect("the binary runs")
                    .status
                    .code();
                let expected = match effect["verdict"].as_str() {
                    Some("allowed") => Some(0),
                    _ => Some(1),
                };
                asked += 1;
                if status != expected {
                    failures.push(format!(
                        "{}:{}: {}: `check --agent {agent} --url {url} --profile {profile}` \
                         exits {status:?}, the effect says {}",
                        file.display(),
                        finding["line"],
                        finding["code"],
                        effect["verdict"]
                    ));
                }
            }
        }
    }
    // The corpus's mistakes change verdicts by the dozen: none asked would check nothing.
    assert!(asked > 50, "only {asked} effects asked");
    assert!(
        failures.is_empty(),
        "{} effects do not reproduce:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
