//! Each consumer's rules that are lists — safelists, limits, messages — as data: the files of
//! `data/consumers/`, one per consumer with its sources and version, validated by `build.rs` and
//! compiled into the constants included here (a module per file: `lighthouse::UNKNOWN_DIRECTIVE`,
//! `yandex::MAX_RULES`, …), so that the library, and the wasm build, carry no JSON parser.
//! Updating Lighthouse's safelist is one line of `data/consumers/lighthouse.json`.

/// Where a consumer's rule is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DataSource {
    /// The source's id in its consumer's file.
    pub id: &'static str,
    /// What it is (its title, the release or commit read).
    pub title: &'static str,
    /// Where to read it.
    pub url: &'static str,
}

/// How serious a consumer says a line's problem is, in its own report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum WordsSeverity {
    /// The consumer counts it as an error (Lighthouse fails its audit; Search Console does not
    /// use the rule; Yandex lists it among its errors).
    Error,
    /// A warning: the consumer reports it and still reads the line.
    Warning,
    /// Neither: a status the consumer shows (Search Console's fetch statuses).
    Info,
}

impl WordsSeverity {
    /// `error`, `warning` or `info`.
    pub fn id(self) -> &'static str {
        match self {
            WordsSeverity::Error => "error",
            WordsSeverity::Warning => "warning",
            WordsSeverity::Info => "info",
        }
    }
}

/// A consumer's own message for a line, in its own (English) words: never translated, since it
/// is what the consumer's report shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Words {
    /// The message's id in the consumer's file (`unknown-directive`).
    pub id: &'static str,
    /// The words (`Unknown directive`).
    pub text: &'static str,
    /// How serious the consumer says it is.
    pub severity: WordsSeverity,
    /// Whether the consumer documents these words for such a line. `false` for Search
    /// Console's per-line words, which are inferred from the reporter it is built on.
    pub documented: bool,
    /// Where the words (or the behaviour they are inferred from) are written.
    pub source: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/consumers.rs"));
