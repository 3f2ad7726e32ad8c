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
}

const RFC9309: ProfileSpec = ProfileSpec {
    id: "rfc9309",
    title: "RFC 9309",
    summary: "The standard as written: Google's reading of the file, with the RFC's URI \
              normalisation and the implicit /robots.txt allow.",
    encoding: Encoding::Rfc9309,
    implicit_robots_txt_allow: true,
    index_html_allows_directory: false,
};

const GOOGLE: ProfileSpec = ProfileSpec {
    id: "google",
    title: "Google (google/robotstxt)",
    summary: "Exactly what Google's open-source parser answers, quirks included: the URL is \
              compared as requested and /robots.txt has no exception.",
    encoding: Encoding::GoogleEscape,
    implicit_robots_txt_allow: false,
    index_html_allows_directory: true,
};

impl Profile {
    /// Every profile, the default first.
    pub const ALL: [Profile; 2] = [Profile::Rfc9309, Profile::Google];

    /// The policies of this profile.
    pub fn spec(self) -> &'static ProfileSpec {
        match self {
            Profile::Rfc9309 => &RFC9309,
            Profile::Google => &GOOGLE,
        }
    }

    /// The profile's name on the command line (`rfc9309`, `google`).
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

impl FromStr for Profile {
    type Err = UnknownName;

    fn from_str(name: &str) -> Result<Profile, UnknownName> {
        Profile::ALL
            .into_iter()
            .find(|profile| profile.id().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| UnknownName {
                what: "profile",
                given: name.to_owned(),
                expected: Profile::ALL.map(Profile::id).join(", "),
            })
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
        AgentMatch::ALL
            .into_iter()
            .find(|model| model.id().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| UnknownName {
                what: "agent match",
                given: name.to_owned(),
                expected: AgentMatch::ALL.map(AgentMatch::id).join(", "),
            })
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
            "unknown profile 'bing': expected one of rfc9309, google"
        );
    }
}
