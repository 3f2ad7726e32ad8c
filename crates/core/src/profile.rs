//! Profiles: how a given reader turns a file and a URL into a verdict.
//!
//! A profile is a set of policies, not a flag: each policy names one place where real readers
//! differ, so a new reader is a new combination of policies (and, where it needs one, a new
//! policy), and the page can say in words what each profile does differently.

use std::fmt;
use std::str::FromStr;

/// A reader of robots.txt files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Profile {
    /// RFC 9309 as written: the file is read as Google reads it, matching follows the RFC where
    /// the two differ (`/robots.txt` always allowed, percent-encoding normalised on both sides,
    /// `%2A`/`%24` literal).
    #[default]
    Rfc9309,
    /// Exactly what google/robotstxt's `RobotsMatcher` answers, quirks included.
    Google,
    /// CPython's `urllib.robotparser` as released up to Python 3.12: records end at blank lines,
    /// the first record naming the agent and the first matching rule decide, `*` and `$` are
    /// literal. (CPython 3.13 and later ship an RFC 9309 rewrite that answers differently.)
    Python,
    /// The original 1994 robots exclusion convention: records end at blank lines, `User-agent`
    /// and `Disallow` only, plain prefix matching.
    #[cfg_attr(feature = "serde", serde(rename = "legacy-1994"))]
    Legacy1994,
}

/// How the octets of patterns and paths are prepared before they are compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Encoding {
    /// Patterns: `%xx` upper-cased, non-ASCII encoded. Paths: compared as requested.
    GoogleEscape,
    /// Both sides: unreserved escapes decoded, others upper-cased, non-ASCII encoded; `%2A` and
    /// `%24` in a pattern are a literal `*` and `$`.
    Rfc9309,
    /// Python's `quote(unquote(…))` on both sides: every escape is decoded, then everything but
    /// ASCII letters, digits, `_.-~/` is encoded again, so `*`, `$`, `?` and `#` in a pattern are
    /// ordinary characters and `%2F` is `/`.
    PythonQuote,
    /// Octet for octet as requested: nothing is decoded and hex case matters; only octets a
    /// request line cannot carry raw (spaces, controls, non-ASCII) are percent-encoded.
    Octets,
}

/// How lines form groups (records).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Grouping {
    /// google/robotstxt and RFC 9309: consecutive user-agent lines share a group, only a rule
    /// ends its list of agents, and blank lines, sitemaps and other keys change nothing.
    Google,
    /// A blank line ends the record, and a user-agent line after a rule starts a new one;
    /// user-agent lines cut off by a blank line before any rule name no record.
    BlankLineEndsRecord,
}

/// Which of the matching rules decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Precedence {
    /// The longest pattern (in octets, after normalisation); Allow wins a tie (RFC 9309 §2.2.2).
    LongestMatch,
    /// The first matching rule in file order.
    FirstMatch,
}

/// Which groups apply to an agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum AgentSelection {
    /// Every group naming the agent (as [`AgentMatch`] compares) applies, merged; the `*`
    /// groups only when none does.
    MergeAllMatching,
    /// Only the first record in file order whose user-agent value is a case-insensitive
    /// substring of the agent's name before its first `/`; else the first `*` record. The
    /// reader's own comparison: [`AgentMatch`] is not used.
    FirstMatchingRecord,
}

/// The policies that make up a profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ProfileSpec {
    /// The name used on the command line and in the page.
    pub id: &'static str,
    /// A short human name.
    pub title: &'static str,
    /// One sentence on what the profile models.
    pub summary: &'static str,
    /// How octets are prepared for comparison.
    pub encoding: Encoding,
    /// `/robots.txt` itself is always allowed (RFC 9309 §2.2.2).
    pub implicit_robots_txt_allow: bool,
    /// An Allow pattern ending in `/index.htm…` also allows its directory (`…/$`), as Google does.
    pub index_html_allows_directory: bool,
    /// How lines form groups.
    pub grouping: Grouping,
    /// Which groups apply to an agent.
    pub agent_selection: AgentSelection,
    /// Which matching rule decides.
    pub precedence: Precedence,
    /// `*` matches any run and a final `$` anchors; otherwise both are ordinary characters.
    pub wildcards: bool,
    /// `Allow:` lines are read; otherwise they are unknown lines and ignored.
    pub allow_lines: bool,
}

const RFC9309: ProfileSpec = ProfileSpec {
    id: "rfc9309",
    title: "RFC 9309",
    summary: "The standard as written: Google's reading of the file, with the RFC's URI \
              normalisation and the implicit /robots.txt allow.",
    encoding: Encoding::Rfc9309,
    implicit_robots_txt_allow: true,
    index_html_allows_directory: false,
    grouping: Grouping::Google,
    agent_selection: AgentSelection::MergeAllMatching,
    precedence: Precedence::LongestMatch,
    wildcards: true,
    allow_lines: true,
};

const GOOGLE: ProfileSpec = ProfileSpec {
    id: "google",
    title: "Google (google/robotstxt)",
    summary: "Exactly what Google's open-source parser answers, quirks included: the URL is \
              compared as requested and /robots.txt has no exception.",
    encoding: Encoding::GoogleEscape,
    implicit_robots_txt_allow: false,
    index_html_allows_directory: true,
    grouping: Grouping::Google,
    agent_selection: AgentSelection::MergeAllMatching,
    precedence: Precedence::LongestMatch,
    wildcards: true,
    allow_lines: true,
};

const PYTHON: ProfileSpec = ProfileSpec {
    id: "python",
    title: "Python urllib.robotparser (up to 3.12)",
    summary: "CPython's urllib.robotparser as most deployed scrapers run it: a blank line ends a \
              record, the first record naming the agent and then its first matching rule decide, \
              * and $ are literal, and /robots.txt has no exception. CPython 3.13 and later ship \
              an RFC 9309 rewrite that answers differently.",
    encoding: Encoding::PythonQuote,
    implicit_robots_txt_allow: false,
    index_html_allows_directory: false,
    grouping: Grouping::BlankLineEndsRecord,
    agent_selection: AgentSelection::FirstMatchingRecord,
    precedence: Precedence::FirstMatch,
    wildcards: false,
    allow_lines: true,
};

const LEGACY_1994: ProfileSpec = ProfileSpec {
    id: "legacy-1994",
    title: "1994 convention (norobots)",
    summary: "The original robots exclusion convention of 1994: records end at blank lines, only \
              User-agent and Disallow are known (Allow is ignored), a Disallow value is a plain \
              prefix with no wildcards, and the first record naming the robot applies, else *.",
    encoding: Encoding::Octets,
    implicit_robots_txt_allow: false,
    index_html_allows_directory: false,
    grouping: Grouping::BlankLineEndsRecord,
    agent_selection: AgentSelection::FirstMatchingRecord,
    precedence: Precedence::FirstMatch,
    wildcards: false,
    allow_lines: false,
};

impl Profile {
    /// Every profile, the default first.
    pub const ALL: [Profile; 4] = [
        Profile::Rfc9309,
        Profile::Google,
        Profile::Python,
        Profile::Legacy1994,
    ];

    /// The policies of this profile.
    pub fn spec(self) -> &'static ProfileSpec {
        match self {
            Profile::Rfc9309 => &RFC9309,
            Profile::Google => &GOOGLE,
            Profile::Python => &PYTHON,
            Profile::Legacy1994 => &LEGACY_1994,
        }
    }

    /// The profile's name on the command line (`rfc9309`, `google`, `python`, `legacy-1994`).
    pub fn id(self) -> &'static str {
        self.spec().id
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An unknown profile or agent-match name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName {
    what: &'static str,
    given: String,
    expected: String,
}

impl UnknownName {
    /// The name that was given.
    pub fn given(&self) -> &str {
        &self.given
    }
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} '{}': expected one of {}",
            self.what, self.given, self.expected
        )
    }
}

impl std::error::Error for UnknownName {}

/// The choice among `all` whose `id` is `name`, in any letter case; `what` names the kind of
/// choice in the error.
fn find_by_id<T: Copy>(
    all: &[T],
    id: fn(T) -> &'static str,
    what: &'static str,
    name: &str,
) -> Result<T, UnknownName> {
    all.iter()
        .copied()
        .find(|&choice| id(choice).eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| UnknownName {
            what,
            given: name.to_owned(),
            expected: all
                .iter()
                .map(|&choice| id(choice))
                .collect::<Vec<_>>()
                .join(", "),
        })
}

impl FromStr for Profile {
    type Err = UnknownName;

    fn from_str(name: &str) -> Result<Profile, UnknownName> {
        find_by_id(&Profile::ALL, Profile::id, "profile", name)
    }
}

/// How the agent a user names is compared with the tokens of the groups. Orthogonal to the
/// profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum AgentMatch {
    /// A group applies when its token appears, in any letter case, anywhere in the agent string:
    /// `ExampleBot/1.0` or a whole browser-style UA string finds the group `ExampleBot`.
    #[default]
    Substring,
    /// RFC 9309 §2.2.1 as Google implements it: the product token of the agent (its leading
    /// `[A-Za-z_-]` run) equals the group's token, in any letter case.
    Token,
}

impl AgentMatch {
    /// Both models, the default first.
    pub const ALL: [AgentMatch; 2] = [AgentMatch::Substring, AgentMatch::Token];

    /// The model's name on the command line.
    pub fn id(self) -> &'static str {
        match self {
            AgentMatch::Substring => "substring",
            AgentMatch::Token => "token",
        }
    }
}

impl fmt::Display for AgentMatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for AgentMatch {
    type Err = UnknownName;

    fn from_str(name: &str) -> Result<AgentMatch, UnknownName> {
        find_by_id(&AgentMatch::ALL, AgentMatch::id, "agent match", name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for profile in Profile::ALL {
            assert_eq!(profile.id().parse::<Profile>(), Ok(profile));
        }
        for model in AgentMatch::ALL {
            assert_eq!(model.id().parse::<AgentMatch>(), Ok(model));
        }
        let error = "bing".parse::<Profile>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown profile 'bing': expected one of rfc9309, google, python, legacy-1994"
        );
        assert_eq!("Legacy-1994".parse::<Profile>(), Ok(Profile::Legacy1994));
    }

    #[test]
    fn record_readers_are_described_by_their_policies() {
        for profile in [Profile::Python, Profile::Legacy1994] {
            let spec = profile.spec();
            assert_eq!(spec.grouping, Grouping::BlankLineEndsRecord);
            assert_eq!(spec.agent_selection, AgentSelection::FirstMatchingRecord);
            assert_eq!(spec.precedence, Precedence::FirstMatch);
            assert!(!spec.wildcards);
            assert!(!spec.implicit_robots_txt_allow);
        }
        assert!(Profile::Python.spec().allow_lines);
        assert!(!Profile::Legacy1994.spec().allow_lines);
        assert!(
            Profile::Python.spec().summary.contains("3.13"),
            "the page must say that newer CPython reads files differently"
        );
        for profile in [Profile::Rfc9309, Profile::Google] {
            assert_eq!(profile.spec().grouping, Grouping::Google);
            assert_eq!(profile.spec().precedence, Precedence::LongestMatch);
        }
    }
}
