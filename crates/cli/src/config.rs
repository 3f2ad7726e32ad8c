//! `.robots-lens.toml`: the lint settings a repository keeps beside its robots.txt.
//!
//! ```toml
//! ignore = ["RL502", "crawl-delay"]   # codes (or names) never reported
//! fail-on = "warning"                 # error (default), warning, info or never
//! crawlers = ["Googlebot", "GPTBot"]  # the crawlers that matter: lint says what each may fetch
//!
//! [severity]                          # a code's severity here, or "off"
//! RL206 = "error"
//! RL313 = "info"
//! ```
//!
//! The file is found as `--config FILE`, or else as `.robots-lens.toml` in the current directory
//! or the nearest parent, stopping at the root of a git checkout; `--no-config` reads none.
//! Every name is checked when the file is read: an unknown key, code, severity or crawler is an
//! error that names the file, not a setting silently dropped.

use std::collections::BTreeMap;
use std::path::Path;
use std::str::FromStr;

use robots_lens::audit::{Code, Severity};
use robots_lens::{find_crawler, Crawler};
use serde::Deserialize;

use crate::args::UsageError;

/// The name of the file looked for.
pub const FILE_NAME: &str = ".robots-lens.toml";

/// The least severity that makes `lint` exit with status 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FailOn {
    /// Only errors fail (the default).
    #[default]
    Error,
    /// Errors and warnings fail.
    Warning,
    /// Any finding fails.
    Info,
    /// Nothing fails: the lint only reports.
    Never,
}

impl FailOn {
    /// Whether a finding of `severity` fails the lint.
    pub fn fails(self, severity: Severity) -> bool {
        match self {
            FailOn::Error => severity == Severity::Error,
            FailOn::Warning => severity <= Severity::Warning,
            FailOn::Info => true,
            FailOn::Never => false,
        }
    }
}

impl FromStr for FailOn {
    type Err = String;

    fn from_str(text: &str) -> Result<FailOn, String> {
        match text.trim() {
            "error" => Ok(FailOn::Error),
            "warning" => Ok(FailOn::Warning),
            "info" => Ok(FailOn::Info),
            "never" => Ok(FailOn::Never),
            other => Err(format!(
                "unknown level '{other}': expected error, warning, info or never"
            )),
        }
    }
}

/// A severity as written in the config: one of the three, or `off`.
fn parse_severity(text: &str) -> Result<Option<Severity>, String> {
    match text.trim() {
        "error" => Ok(Some(Severity::Error)),
        "warning" => Ok(Some(Severity::Warning)),
        "info" => Ok(Some(Severity::Info)),
        "off" => Ok(None),
        other => Err(format!(
            "unknown severity '{other}': expected error, warning, info or off"
        )),
    }
}

/// Codes written as `RL302,RL405` or `RL302 named-group-ignores-star`.
pub fn parse_codes(list: &str) -> Result<Vec<Code>, String> {
    list.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .map(|word| {
            word.parse::<Code>()
                .map_err(|error| format!("{error}; 'robots-lens explain' lists every code"))
        })
        .collect()
}

/// The file as written.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawConfig {
    #[serde(default)]
    ignore: Vec<String>,
    fail_on: Option<String>,
    #[serde(default)]
    crawlers: Vec<String>,
    #[serde(default)]
    severity: BTreeMap<String, String>,
}

/// The settings, checked.
#[derive(Debug, Default)]
pub struct LintConfig {
    /// Codes never reported.
    pub ignore: Vec<Code>,
    /// A severity for a code instead of its own; `None` turns the code off.
    pub severity: Vec<(Code, Option<Severity>)>,
    /// The crawlers that matter, in the order written.
    pub crawlers: Vec<&'static Crawler>,
    /// The least severity that fails the lint, when the file says.
    pub fail_on: Option<FailOn>,
}

impl LintConfig {
    /// Reads and checks the file at `path`.
    pub fn read(path: &Path) -> Result<LintConfig, UsageError> {
        let text = std::fs::read_to_string(path)
            .map_err(|error| UsageError::new(format!("cannot read {}: {error}", path.display())))?;
        LintConfig::parse(&text)
            .map_err(|error| UsageError::new(format!("{}: {error}", path.display())))
    }

    /// Parses the text of a config file.
    pub fn parse(text: &str) -> Result<LintConfig, String> {
        let raw: RawConfig = toml::from_str(text).map_err(|error| error.to_string())?;
        let mut config = LintConfig::default();
        for word in &raw.ignore {
            config
                .ignore
                .extend(parse_codes(word).map_err(|e| format!("ignore: {e}"))?);
        }
        if let Some(level) = &raw.fail_on {
            config.fail_on = Some(level.parse().map_err(|e| format!("fail-on: {e}"))?);
        }
        for name in &raw.crawlers {
            let crawler = find_crawler(name).ok_or_else(|| {
                format!("crawlers: no catalogued crawler is called '{name}' ('robots-lens crawlers' lists them)")
            })?;
            config.crawlers.push(crawler);
        }
        for (code, level) in &raw.severity {
            let code: Code = code.parse().map_err(|error| format!("severity: {error}"))?;
            let level = parse_severity(level).map_err(|e| format!("severity.{code}: {e}"))?;
            config.severity.push((code, level));
        }
        Ok(config)
    }

    /// Finds the file for a run in `start`: there or in the nearest parent, not above the root
    /// of a git checkout (a directory holding `.git`).
    pub fn discover(start: &Path) -> Result<LintConfig, UsageError> {
        for directory in start.ancestors() {
            let candidate = directory.join(FILE_NAME);
            if candidate.is_file() {
                return LintConfig::read(&candidate);
            }
            if directory.join(".git").exists() {
                break;
            }
        }
        Ok(LintConfig::default())
    }

    /// The severity a finding of `code` is reported with, or `None` when it is not reported.
    pub fn effective_severity(&self, code: Code, severity: Severity) -> Option<Severity> {
        if self.ignore.contains(&code) {
            return None;
        }
        match self
            .severity
            .iter()
            .find(|(overridden, _)| *overridden == code)
        {
            Some((_, level)) => *level,
            None => Some(severity),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_config_is_read() {
        let config = LintConfig::parse(
            "ignore = [\"RL502\", \"crawl-delay\"]\nfail-on = \"warning\"\ncrawlers = [\"Googlebot\", \"gptbot\"]\n[severity]\nRL206 = \"error\"\nrule-before-user-agent = \"off\"\n",
        )
        .unwrap();
        let code = |id: &str| id.parse::<Code>().unwrap();
        assert_eq!(config.ignore, [code("RL502"), code("crawl-delay")]);
        assert_eq!(config.fail_on, Some(FailOn::Warning));
        let names: Vec<&str> = config.crawlers.iter().map(|c| c.name).collect();
        assert_eq!(names, ["Googlebot", "GPTBot"]);
        assert_eq!(
            config.effective_severity(code("RL206"), Severity::Warning),
            Some(Severity::Error)
        );
        assert_eq!(
            config.effective_severity(code("RL301"), Severity::Error),
            None
        );
        assert_eq!(
            config.effective_severity(code("RL502"), Severity::Info),
            None
        );
        assert_eq!(
            config.effective_severity(code("RL405"), Severity::Warning),
            Some(Severity::Warning)
        );
    }

    #[test]
    fn every_mistake_is_named() {
        let error = |text: &str| LintConfig::parse(text).unwrap_err();
        assert!(error("ignore = [\"RL999\"]").contains("RL999"));
        assert!(error("fail-on = \"sometimes\"").contains("fail-on"));
        assert!(error("crawlers = [\"NoSuchBot\"]").contains("NoSuchBot"));
        assert!(error("[severity]\nRL206 = \"fatal\"").contains("fatal"));
        assert!(error("ignores = []").contains("ignores"));
        assert!(error("ignore = \"RL206\"").contains("ignore"));
    }

    #[test]
    fn fail_on_levels() {
        assert!(FailOn::Error.fails(Severity::Error));
        assert!(!FailOn::Error.fails(Severity::Warning));
        assert!(FailOn::Warning.fails(Severity::Warning));
        assert!(!FailOn::Warning.fails(Severity::Info));
        assert!(FailOn::Info.fails(Severity::Info));
        assert!(!FailOn::Never.fails(Severity::Error));
    }
}
