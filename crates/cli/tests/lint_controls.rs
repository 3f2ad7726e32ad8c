//! The lint controls CI needs, run through the binary as a CI job runs it: `--fail-on`,
//! `--ignore`, `.robots-lens.toml`, inline `# robots-lens: ignore` comments, several files,
//! `--format sarif` and `--format markdown`; and `docs/audit-codes.md`, which the SARIF help
//! links point at, kept equal to `explain --format markdown`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh directory under the system's temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path =
            std::env::temp_dir().join(format!("robots-lens-lint-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        // Stops the config search here, as the root of a checkout would.
        std::fs::create_dir(path.join(".git")).unwrap();
        TempDir(path)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn lint_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_robots-lens"))
        .arg("lint")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// An error (RL301, line 1), a Google-only spelling (RL206 warning, line 3), a `Crawl-delay`
/// (info, line 4).
const FILE: &str = "Disallow: /x\nUser-agent: *\nDisalow: /a\nCrawl-delay: 5\n";

fn codes(json: &str) -> Vec<(String, u64, String)> {
    let findings: serde_json::Value = serde_json::from_str(json).unwrap();
    findings
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_owned(),
                f["line"].as_u64().unwrap(),
                f["severity"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn fail_on_sets_the_least_severity_that_fails() {
    let dir = TempDir::new("fail-on");
    dir.write("robots.txt", "User-agent: *\nDisalow: /a\nCrawl-delay: 5\n");
    let status = |level: &str| {
        lint_in(&dir.0, &["robots.txt", "--fail-on", level])
            .status
            .code()
    };
    assert_eq!(status("error"), Some(0));
    assert_eq!(status("warning"), Some(1));
    assert_eq!(status("info"), Some(1));
    assert_eq!(status("never"), Some(0));
    dir.write("clean.txt", "User-agent: *\nDisallow: /a\nCrawl-delay: 5\n");
    let info_only = |level: &str| {
        lint_in(&dir.0, &["clean.txt", "--fail-on", level])
            .status
            .code()
    };
    assert_eq!(info_only("warning"), Some(0));
    assert_eq!(info_only("info"), Some(1));
    let bad = lint_in(&dir.0, &["robots.txt", "--fail-on", "sometimes"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--fail-on"));
}

#[test]
fn ignore_drops_codes_and_names_unknown_ones() {
    let dir = TempDir::new("ignore");
    dir.write("robots.txt", FILE);
    let output = lint_in(
        &dir.0,
        &[
            "robots.txt",
            "--json",
            "--ignore",
            "RL301,crawl-delay",
            "--ignore=RL206",
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    assert!(codes(&stdout(&output)).is_empty(), "{}", stdout(&output));
    let text = stdout(&lint_in(&dir.0, &["robots.txt", "--ignore", "RL301"]));
    assert!(text.contains("1 ignored"), "{text}");
    let bad = lint_in(&dir.0, &["robots.txt", "--ignore", "RL301,RL999"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("RL999"));
}

#[test]
fn the_config_file_is_found_above_and_read() {
    let dir = TempDir::new("config");
    dir.write("site/public/robots.txt", FILE);
    dir.write(
        ".robots-lens.toml",
        "ignore = [\"RL502\"]\nfail-on = \"warning\"\ncrawlers = [\"GPTBot\", \"Googlebot\"]\n\n[severity]\nRL301 = \"off\"\nRL206 = \"error\"\n",
    );
    let site = dir.0.join("site");
    let output = lint_in(&site, &["public/robots.txt", "--json"]);
    let found = codes(&stdout(&output));
    assert_eq!(found, [("RL206".to_owned(), 3, "error".to_owned())]);
    assert_eq!(output.status.code(), Some(1));

    // The crawlers that matter are reported, in the order written.
    let text = stdout(&lint_in(&site, &["public/robots.txt"]));
    let gpt = text.find("crawler GPTBot:").expect(&text);
    let google = text.find("crawler Googlebot:").expect(&text);
    assert!(gpt < google, "{text}");

    // --fail-on on the command line wins over the file; --no-config reads none.
    let output = lint_in(&site, &["public/robots.txt", "--fail-on", "never"]);
    assert_eq!(output.status.code(), Some(0));
    let output = lint_in(&site, &["public/robots.txt", "--json", "--no-config"]);
    assert_eq!(codes(&stdout(&output)).len(), 3);

    // --config names another file; a mistake in it names the file and the setting.
    let other = dir.write("other.toml", "[severity]\nRL206 = \"fatal\"\n");
    let output = lint_in(
        &site,
        &["public/robots.txt", "--config", other.to_str().unwrap()],
    );
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("other.toml") && message.contains("fatal"),
        "{message}"
    );
}

#[test]
fn inline_comments_silence_their_line_or_the_next() {
    let dir = TempDir::new("inline");
    dir.write(
        "robots.txt",
        "Disallow: /x # robots-lens: ignore RL301\nUser-agent: *\n# robots-lens: ignore nonstandard-spelling, RL998 -- legacy CMS\nDisalow: /a\nDisalow: /b\n",
    );
    let output = lint_in(&dir.0, &["robots.txt", "--json"]);
    assert_eq!(
        codes(&stdout(&output)),
        [("RL206".to_owned(), 5, "warning".to_owned())]
    );
    let warning = String::from_utf8_lossy(&output.stderr);
    assert!(
        warning.contains("robots.txt:3: 'RL998'"),
        "an unknown code in a comment is reported: {warning}"
    );
    let text = stdout(&lint_in(&dir.0, &["robots.txt"]));
    assert!(text.contains("2 suppressed"), "{text}");
}

#[test]
fn several_files_are_linted_in_one_run() {
    let dir = TempDir::new("several");
    dir.write("a/robots.txt", "User-agent: *\nDisallow: /\n");
    dir.write("b/robots.txt", FILE);
    let output = lint_in(&dir.0, &["a/robots.txt", "b/robots.txt", "--json"]);
    assert_eq!(output.status.code(), Some(1));
    let findings: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let files: Vec<&str> = findings
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["file"].as_str().unwrap())
        .collect();
    assert!(files.contains(&"a/robots.txt") && files.contains(&"b/robots.txt"));
    let github = stdout(&lint_in(
        &dir.0,
        &["a/robots.txt", "b/robots.txt", "--format", "github"],
    ));
    assert!(
        github.contains("::error file=b/robots.txt,line=1,"),
        "{github}"
    );
}

#[test]
fn sarif_declares_every_code_and_locates_each_result() {
    let dir = TempDir::new("sarif");
    dir.write(
        "robots.txt",
        "User-agent: *\nDisalow: /a\nDisallow: /café\n",
    );
    let output = lint_in(&dir.0, &["robots.txt", "--format", "sarif"]);
    assert_eq!(output.status.code(), Some(0));
    let log: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    assert_eq!(rules.len(), robots_lens::audit::CODES.len());
    for rule in rules {
        let id = rule["id"].as_str().unwrap();
        let help = rule["helpUri"].as_str().unwrap();
        assert!(help.ends_with(&format!(
            "#{}-{}",
            id.to_ascii_lowercase(),
            rule["name"].as_str().unwrap()
        )));
        assert!(!rule["help"]["markdown"].as_str().unwrap().is_empty());
        // A code has no level of its own: each result's comes from its evidence.
        assert!(rule.get("defaultConfiguration").is_none(), "{rule}");
    }
    let results = run["results"].as_array().unwrap();
    let region = |code: &str| {
        let result = results
            .iter()
            .find(|result| result["ruleId"] == code)
            .expect(code);
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], code);
        let location = &result["locations"][0]["physicalLocation"];
        assert_eq!(location["artifactLocation"]["uri"], "robots.txt");
        (result["level"].clone(), location["region"].clone())
    };
    assert_eq!(results.len(), 2, "{results:?}");
    let (level, at) = region("RL206");
    assert_eq!(level, "warning");
    assert_eq!(
        (at["startLine"].clone(), at["startColumn"].clone()),
        (2.into(), 1.into())
    );
    // The evidence travels in the result's properties, as `lint --format json` gives it:
    // Google accepts `Disalow`, Python's robotparser skips the line.
    let spelled = results.iter().find(|r| r["ruleId"] == "RL206").unwrap();
    let effect = &spelled["properties"]["effect"][0];
    assert_eq!(effect["profile"], "python", "{spelled}");
    assert_eq!(
        (effect["verdict"].as_str(), effect["intended"].as_str()),
        (Some("allowed"), Some("disallowed"))
    );
    assert_eq!(spelled["properties"]["fixCheck"], "checked");
    assert!(spelled["message"]["text"]
        .as_str()
        .unwrap()
        .contains("For example: "));
    // RL409 is about the value `/café` (every reader reads it encoded: a note): columns count
    // UTF-16 units, not bytes.
    let (level, at) = region("RL409");
    assert_eq!(level, "note");
    assert_eq!(at["startLine"], 3);
    assert_eq!(
        (at["startColumn"].clone(), at["endColumn"].clone()),
        (11.into(), 16.into())
    );
}

#[test]
fn markdown_is_a_table_whose_cells_hold_the_input_as_text() {
    let dir = TempDir::new("markdown");
    dir.write("robots.txt", "Disallow: /a|<b>*c*\nUser-agent: *\n");
    let text = stdout(&lint_in(&dir.0, &["robots.txt", "--format", "markdown"]));
    let row = text
        .lines()
        .find(|line| line.starts_with("| 1 |"))
        .expect(&text);
    assert!(row.contains("\\|\\<b\\>\\*c\\*"), "{row}");
    // Every unescaped `|` is a cell border: five cells.
    let borders = row.replace("\\|", "").matches('|').count();
    assert_eq!(borders, 6, "{row}");
}

#[test]
fn the_committed_code_docs_match_the_catalogue() {
    let committed = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/audit-codes.md"),
    )
    .unwrap();
    let generated = Command::new(env!("CARGO_BIN_EXE_robots-lens"))
        .args(["explain", "--format", "markdown"])
        .output()
        .unwrap();
    assert!(
        committed == String::from_utf8(generated.stdout).unwrap(),
        "docs/audit-codes.md is out of date: run `cargo run -q -p robots-lens-cli -- explain --format markdown > docs/audit-codes.md`"
    );
}

/// Three crawler names Google cuts short, one of them silenced inline: the two left are one
/// cause, reported once with both lines in every format, each line's own words reachable.
const CUT_NAMES: &str = "User-agent: *\nDisallow: /x\n\nUser-agent: MJ12bot\n\
                         User-agent: Bot2\nUser-agent: Seo4 # robots-lens: ignore RL309\n\
                         Disallow: /\n";

#[test]
fn findings_of_one_cause_are_one_entry_with_every_line() {
    let dir = TempDir::new("causes");
    dir.write("robots.txt", CUT_NAMES);
    let json: serde_json::Value = serde_json::from_str(&stdout(&lint_in(
        &dir.0,
        &["robots.txt", "--format", "json"],
    )))
    .unwrap();
    let entries = json.as_array().unwrap();
    assert_eq!(entries.len(), 1, "{json:#}");
    assert_eq!(entries[0]["code"], "RL309");
    assert_eq!(entries[0]["line"], 4);
    assert_eq!(entries[0]["lines"], serde_json::json!([4, 5]));
    let others = entries[0]["others"].as_array().unwrap();
    assert_eq!(others.len(), 1);
    assert_eq!(others[0]["line"], 5);
    assert!(others[0]["message"].as_str().unwrap().contains("`Bot2`"));

    let text = stdout(&lint_in(&dir.0, &["robots.txt"]));
    assert_eq!(text.matches(" RL309 ").count(), 1, "{text}");
    assert!(
        text.contains("    lines: 4, 5 (2 lines, the same cause)"),
        "{text}"
    );
    assert!(text.contains("    line 5: Google reads `Bot2`"), "{text}");
    assert!(
        // No catalogued crawler's verdict depends on these names: a note (issue 34).
        text.contains("0 errors, 0 warnings, 1 info, covering 2 findings, 1 suppressed"),
        "{text}"
    );

    let sarif: serde_json::Value = serde_json::from_str(&stdout(&lint_in(
        &dir.0,
        &["robots.txt", "--format", "sarif"],
    )))
    .unwrap();
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 1);
    let lines: Vec<u64> = results[0]["locations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|location| {
            location["physicalLocation"]["region"]["startLine"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(lines, [4, 5]);
    let related = results[0]["relatedLocations"].as_array().unwrap();
    assert!(related
        .iter()
        .any(|r| r["message"]["text"].as_str().unwrap().contains("`Bot2`")));
}

#[test]
fn explain_states_the_rule_of_the_codes_severity() {
    let explain = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_robots-lens"))
            .arg("explain")
            .args(args)
            .output()
            .expect("the binary runs");
        String::from_utf8(output.stdout).unwrap()
    };
    // No code has a fixed severity: each says the most its findings can be, from their
    // evidence (docs/severity.md).
    let error = explain(&["RL301"]);
    assert!(
        error.contains("Severity (from the evidence)\n  At most an error: a finding is an error"),
        "{error}"
    );
    let info = explain(&["RL416"]);
    assert!(
        info.contains("Severity (from the evidence)\n  A note: its findings name no question"),
        "{info}"
    );
    let spanish = explain(&["RL403", "--lang", "es"]);
    assert!(
        spanish.contains("Gravedad (según la evidencia)\n  Como mucho un aviso:"),
        "{spanish}"
    );
}
