//! How the agent a person typed is compared with the name on a `User-agent:` line.
//!
//! Two readings of a line meet here. Google compares only the line's leading `[A-Za-z_-]` run
//! ([`crate::product_token`]: `MJ12bot` → `MJ`), and compares it with the agent it was given as
//! a whole. The name the owner wrote is the value up to its first `/` or space (`MJ12bot`,
//! `Googlebot/2.1` → `Googlebot`). Cutting the *typed* agent to its letters as well would make
//! `Rule1Bot` obey a `Rule2Bot` group (both read as `Rule`), so the typed agent is never cut
//! that way:
//!
//! - [`AgentMatch::Token`](crate::profile::AgentMatch::Token) compares [`typed_token`] (the text as typed,
//!   or a pasted UA string's first product token) with Google's reading of the line;
//! - [`AgentMatch::Substring`](crate::profile::AgentMatch::Substring) looks for the [`written_name`] in
//!   the text as typed.
//!
//! Where the two readings of a line disagree about whether it names the agent, the verdict
//! lists the line ([`AgentLineReading`]) so that it can say so in words.

use crate::group::AgentLine;
use crate::message::{Message, MessageId as M};
use crate::profile::AgentMatch;

/// The name a `User-agent:` value gives as written: up to the first `/` or whitespace.
pub(crate) fn written_name(value: &str) -> &str {
    let end = value
        .find(|c: char| c == '/' || c.is_whitespace())
        .unwrap_or(value.len());
    &value[..end]
}

/// What [`AgentMatch::Token`] compares of a typed agent: the whole text, trimmed, unless it is
/// a user agent string of products with versions (`Mozilla/5.0 (compatible; …)`,
/// `Googlebot/2.1`), whose first product token (`Mozilla`, `Googlebot`) is compared. A name with
/// a space and no version (`Foo Bar`) stays whole, as Google's library compares it.
pub fn typed_token(agent: &str) -> &str {
    let agent = trimmed(agent);
    let first = written_name(agent);
    if agent[first.len()..].starts_with('/') {
        first
    } else {
        agent
    }
}

/// What a typed agent is compared as, under `model`: Google's library (`--profile google`,
/// `whole_value`) compares the whole value it is given under the token model, so `FooBot/1.0`
/// names no group written `FooBot` (a crawler hands the library its product token, not its user
/// agent string); the RFC 9309 token model compares [`typed_token`]; the substring model looks
/// inside the whole value.
pub(crate) fn compared_agent(agent: &str, model: AgentMatch, whole_value: bool) -> &str {
    match model {
        AgentMatch::Token if !whole_value => typed_token(agent),
        _ => trimmed(agent),
    }
}

/// `agent.trim()`, without decoding its first and last characters when both are visible ASCII,
/// as a typed agent's nearly always are: a batch trims the same agent for every URL it checks.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn trimmed(agent: &str) -> &str {
    match (agent.as_bytes().first(), agent.as_bytes().last()) {
        (Some(first), Some(last)) if first.is_ascii_graphic() && last.is_ascii_graphic() => agent,
        _ => agent.trim(),
    }
}

/// [`trimmed`] in the page's wasm, whose size budget is full.
#[cfg(target_arch = "wasm32")]
pub(crate) fn trimmed(agent: &str) -> &str {
    agent.trim()
}

/// Whether a user-agent line names the agent under `model`. `*` lines are not names: the
/// caller handles them. Under [`AgentMatch::Token`], `agent` is what is compared already
/// ([`compared_agent`]).
pub(crate) fn names_agent(line: &AgentLine, agent: &str, model: AgentMatch) -> bool {
    let Some(token) = line.product() else {
        return false;
    };
    match model {
        AgentMatch::Token => !token.is_empty() && agent.eq_ignore_ascii_case(token),
        AgentMatch::Substring => {
            let name = written_name(line.value());
            !name.is_empty() && contains_ignore_case(agent, name)
        }
    }
}

/// Whether the other reading of the line (the name as written for `token`, Google's token for
/// `substring`) names the agent.
fn other_reading_names(line: &AgentLine, agent: &str, model: AgentMatch) -> bool {
    let token = line.product().unwrap_or_default();
    match model {
        AgentMatch::Token => {
            let name = written_name(line.value());
            !name.is_empty() && agent.eq_ignore_ascii_case(name)
        }
        AgentMatch::Substring => !token.is_empty() && contains_ignore_case(agent, token),
    }
}

/// A `User-agent:` line that Google reads as another name than the one written, where that
/// changes or explains whether it names the agent (`User-agent: MJ12bot`, read as `MJ`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AgentLineReading {
    /// The line.
    pub line: usize,
    /// The name as written, up to the first `/` or space (`MJ12bot`).
    pub written: String,
    /// What Google compares (`MJ`); empty when the value starts with no letter.
    pub google_reads: String,
    /// The line named the agent for this verdict (by the match model's reading).
    pub applies: bool,
    /// The other reading would name the agent: by the written name under `token`, by Google's
    /// token under `substring`.
    pub other_reading_applies: bool,
}

impl AgentLineReading {
    /// The line in words, for the verdict it explains (asked by `agent`, compared by
    /// `agent_match`): what it names, how Google reads it, and whether that names the agent.
    pub fn message(&self, agent: &str, agent_match: AgentMatch) -> Message {
        let google = match self.google_reads.is_empty() {
            true => Message::new(M::AgentReadingGoogleNone),
            false => Message::new(M::AgentReadingGoogleAs).code("token", &self.google_reads),
        };
        let id = match (agent_match, self.applies) {
            (AgentMatch::Token, true) => M::AgentReadingTokenApplies,
            (AgentMatch::Token, false) => M::AgentReadingTokenNot,
            (AgentMatch::Substring, true) => M::AgentReadingSubstringApplies,
            (AgentMatch::Substring, false) => M::AgentReadingSubstringNot,
        };
        Message::new(id)
            .code("written", &self.written)
            .code("agent", agent)
            .phrase("google", google)
    }
}

/// At most this many lines are listed in [`crate::verdict::Verdict::agent_line_readings`]: a file of
/// 15,000 `User-agent: botN` lines would otherwise list every one for the agent `bot140`.
pub const MAX_AGENT_LINE_READINGS: usize = 10;

/// Whether the two readings of `line` are one, whatever agent asks: it names `*`, or the
/// name as written is the token Google's library reads. [`differing_readings`] passes over
/// such a line for every agent (nearly every line of a file), by the same test. Native only:
/// the page's wasm, whose size budget is full, reads every line for each agent.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn read_alike(line: &AgentLine) -> bool {
    line.product()
        .is_none_or(|token| written_name(line.value()).eq_ignore_ascii_case(token))
}

/// The lines among `lines` whose two readings differ and of which at least one names `agent`,
/// the first [`MAX_AGENT_LINE_READINGS`] in file order.
pub(crate) fn differing_readings<'a>(
    lines: impl Iterator<Item = &'a AgentLine>,
    agent: &str,
    model: AgentMatch,
) -> Vec<AgentLineReading> {
    lines
        .filter_map(|line| {
            let token = line.product()?;
            let written = written_name(line.value());
            if written.eq_ignore_ascii_case(token) {
                return None;
            }
            let applies = names_agent(line, agent, model);
            let other_reading_applies = other_reading_names(line, agent, model);
            (applies || other_reading_applies).then(|| AgentLineReading {
                line: line.line,
                written: written.to_owned(),
                google_reads: token.to_owned(),
                applies,
                other_reading_applies,
            })
        })
        .take(MAX_AGENT_LINE_READINGS)
        .collect()
}

/// ASCII case-insensitive substring test, without allocating.
pub(crate) fn contains_ignore_case(haystack: &str, needle: &str) -> bool {
    let (haystack, needle) = (haystack.as_bytes(), needle.as_bytes());
    needle.len() <= haystack.len()
        && haystack
            .windows(needle.len())
            .any(|window| window.eq_ignore_ascii_case(needle))
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn trimming_a_visible_ascii_agent_skips_only_what_trim_would_keep(
            agent in "[ \t\u{a0}\u{3000}a/é(]{0,6}"
        ) {
            proptest::prop_assert_eq!(trimmed(&agent), agent.trim());
        }
    }

    #[test]
    fn readings_are_listed_up_to_a_bound() {
        let text: String = (0..50)
            .map(|n| format!("User-agent: bot{n}\nDisallow: /{n}\n"))
            .collect();
        let robots = crate::robots::RobotsTxt::parse(text.as_bytes());
        let verdict = robots.checker(crate::profile::Profile::Rfc9309).check(
            "bot7",
            "/7",
            AgentMatch::Substring,
        );
        assert!(!verdict.allowed);
        assert_eq!(verdict.agent_line_readings.len(), MAX_AGENT_LINE_READINGS);
    }

    #[test]
    fn written_names_end_at_a_slash_or_space() {
        assert_eq!(written_name("MJ12bot"), "MJ12bot");
        assert_eq!(written_name("Googlebot/2.1"), "Googlebot");
        assert_eq!(written_name("Googlebot Images"), "Googlebot");
        assert_eq!(written_name("Jävla-Foobot"), "Jävla-Foobot");
        assert_eq!(written_name(""), "");
    }

    #[test]
    fn a_typed_agent_is_cut_only_when_it_is_a_ua_string() {
        assert_eq!(typed_token("Rule1Bot"), "Rule1Bot");
        assert_eq!(typed_token(" Foo Bar "), "Foo Bar");
        assert_eq!(typed_token("Googlebot/2.1"), "Googlebot");
        assert_eq!(
            typed_token("Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)"),
            "Mozilla"
        );
        assert_eq!(typed_token("Foo Bar/1.0"), "Foo Bar/1.0");
    }
}
