//! Verdicts, each with the explanation that produced it.
//!
//! A [`Checker`] compiles every pattern of a parsed file once for one profile and then answers
//! any number of (agent, URL) questions. Each answer is a [`Verdict`]: allowed or not, why, the
//! decisive rule, the groups that applied and every rule that matched with its length. Renderers
//! (the CLI, the page) only display it.
//!
//! The decision is RFC 9309 §2.2.2 as google/robotstxt implements it (`RobotsMatcher::disallow`):
//! the groups naming the agent are merged; only when none does are the `*` groups used; the
//! longest matching pattern wins, measured in octets after normalisation; Allow wins a tie; an
//! empty pattern matches with length 0 and never decides; no matching rule means allowed.
//!
//! Which groups apply is the one step that varies: [`Checker::check`] takes the groups naming an
//! agent, else the `*` groups; [`Checker::check_chain`] walks a crawler's documented fallback
//! chain ([`ChainStep`]) and takes the groups of the first step that finds any. Everything after
//! that choice is shared.

use crate::crawlers::{ChainStep, UsedStep};
use crate::encoding::{google_escape, request_path, rfc9309_normalise};
use crate::group::{product_token, AgentToken, Rule, RuleKind};
use crate::legacy::Reading;
use crate::pattern::Pattern;
use crate::profile::{AgentMatch, Encoding, Profile};
use crate::RobotsTxt;

/// Why a verdict came out the way it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Reason {
    /// A rule decided: see [`Verdict::decisive`].
    RuleMatched,
    /// A group applied but none of its rules matched the path (or only empty ones did).
    NoRuleMatched,
    /// No group names the agent and there is no `*` group.
    NoGroupApplies,
    /// RFC 9309 §2.2.2: the `/robots.txt` URI is implicitly allowed.
    ImplicitRobotsTxtAllow,
    /// A rule past the 500 KiB Googlebot reads would have decided otherwise; see
    /// [`Verdict::beyond_size_limit`].
    BeyondSizeLimit,
    /// The fetch status says the file is unavailable (a 4xx, too many redirects): everything is
    /// allowed whatever the file says. See [`crate::status_handling`].
    FileUnavailable,
    /// The fetch status says the file is unreachable (a 5xx, a network error, and for Google a
    /// 429): everything is disallowed whatever the file says. See [`crate::status_handling`].
    FileUnreachable,
    /// The reader the profile models raises an error for this URL instead of answering (Python's
    /// `can_fetch` raises `ValueError` for `http://[x/`): not allowed, as nothing was answered.
    ReaderError,
}

impl Reason {
    /// The reason's name in JSON output.
    pub fn id(self) -> &'static str {
        match self {
            Reason::RuleMatched => "rule-matched",
            Reason::NoRuleMatched => "no-rule-matched",
            Reason::NoGroupApplies => "no-group-applies",
            Reason::ImplicitRobotsTxtAllow => "implicit-robots-txt-allow",
            Reason::BeyondSizeLimit => "beyond-size-limit",
            Reason::FileUnavailable => "file-unavailable",
            Reason::FileUnreachable => "file-unreachable",
            Reason::ReaderError => "reader-error",
        }
    }
}

/// A rule that matched the path.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RuleMatch {
    /// The rule's line.
    pub line: usize,
    /// Allow or Disallow.
    pub kind: RuleKind,
    /// The pattern as written.
    pub pattern: String,
    /// The pattern as compared, after the profile's normalisation.
    pub normalised: String,
    /// Its length in octets, which is its priority.
    pub length: usize,
    /// Google's `index.htm` rule matched: `Allow: /d/index.html` was read as `Allow: /d/$`.
    pub via_index_html: bool,
}

/// A group that applied to the agent.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AppliedGroup {
    /// The group's index in [`RobotsTxt::groups`] (for the `python` and `legacy-1994` profiles,
    /// which form records of their own, the record's index among them).
    pub index: usize,
    /// The lines of its user-agent lines.
    pub agent_lines: Vec<usize>,
    /// Those of its user-agent lines that matched the agent (or were `*`).
    pub matched_agent_lines: Vec<usize>,
    /// Every line the group owns.
    pub lines: Vec<usize>,
}

/// The answer to "may this agent fetch this URL?", with how it was reached.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Verdict {
    /// Whether the URL may be fetched.
    pub allowed: bool,
    /// Why.
    pub reason: Reason,
    /// The profile that answered.
    pub profile: Profile,
    /// How the agent was compared.
    pub agent_match: AgentMatch,
    /// The agent as given.
    pub agent: String,
    /// The agent's product token, as [`AgentMatch::Token`] compares it.
    pub agent_token: String,
    /// The path, parameters and query that were requested.
    pub path: String,
    /// The path as compared, after the profile's normalisation.
    pub normalised_path: String,
    /// The rule that decided, if one did.
    pub decisive: Option<RuleMatch>,
    /// The groups that applied, merged.
    pub groups: Vec<AppliedGroup>,
    /// No group named the agent, so the `*` groups applied.
    pub used_star_group: bool,
    /// For a check along a fallback chain ([`Checker::check_chain`]): the step whose groups
    /// applied, and whether it was a fallback. `None` for [`Checker::check`] and when no step
    /// found a group.
    pub chain_step: Option<UsedStep>,
    /// Every rule of the applied groups that matched, in file order.
    pub matches: Vec<RuleMatch>,
    /// When the verdict would differ if the whole file were read: the rule past the size limit
    /// that would then decide.
    pub beyond_size_limit: Option<RuleMatch>,
}

impl Verdict {
    /// `allowed` for `reason` under `profile`, with nothing yet about who asked, what was
    /// requested or which groups and rules explain it: the one place every way of answering
    /// starts from, so that a field added to the explanation starts empty everywhere.
    pub(crate) fn unexplained(
        allowed: bool,
        reason: Reason,
        profile: Profile,
        agent_match: AgentMatch,
    ) -> Verdict {
        Verdict {
            allowed,
            reason,
            profile,
            agent_match,
            agent: String::new(),
            agent_token: String::new(),
            path: String::new(),
            normalised_path: String::new(),
            decisive: None,
            groups: Vec::new(),
            used_star_group: false,
            chain_step: None,
            matches: Vec::new(),
            beyond_size_limit: None,
        }
    }
}

#[derive(Debug, Clone)]
struct CompiledRule {
    pattern: Pattern,
    normalised: String,
    length: usize,
    /// Google's `index.htm` fallback: the directory pattern `…/$` and its text.
    directory: Option<(Pattern, String)>,
}

/// A file compiled for one profile: parse once, check many URLs.
#[derive(Debug, Clone)]
pub struct Checker<'r> {
    robots: &'r RobotsTxt,
    profile: Profile,
    /// `rules[g][r]` is rule `r` of group `g`.
    rules: Vec<Vec<CompiledRule>>,
    /// For profiles whose reader forms records of its own (`python`, `legacy-1994`): the file as
    /// that reader read it, which answers instead of the groups.
    reading: Option<Reading>,
}

impl<'r> Checker<'r> {
    pub(crate) fn new(robots: &'r RobotsTxt, profile: Profile) -> Checker<'r> {
        let reading = Reading::for_profile(robots, profile);
        // A reader with records of its own answers from them: the groups' patterns are never
        // matched, so they are not compiled.
        let rules = match reading {
            Some(_) => Vec::new(),
            None => robots
                .groups()
                .iter()
                .map(|group| {
                    group
                        .rules
                        .iter()
                        .map(|rule| compile_rule(rule, profile))
                        .collect()
                })
                .collect(),
        };
        Checker {
            robots,
            profile,
            rules,
            reading,
        }
    }

    /// The profile this checker answers for.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// The file being checked.
    pub(crate) fn robots(&self) -> &'r RobotsTxt {
        self.robots
    }

    /// The profile's reader forms records of its own (`python`, `legacy-1994`), so
    /// [`RobotsTxt::groups`] and fallback chains do not apply to it.
    pub(crate) fn reads_records(&self) -> bool {
        self.reading.is_some()
    }

    /// May `agent` fetch `url`? `url` is what a person would type: a full URL or a path.
    pub fn check(&self, agent: &str, url: &str, agent_match: AgentMatch) -> Verdict {
        if let Some(reading) = &self.reading {
            return reading.check(self.profile, agent, url, agent_match);
        }
        let agent = agent.trim();
        let verdict = self.answer(
            GroupSelection::Agent {
                agent,
                model: agent_match,
            },
            url,
        );
        Verdict {
            agent: agent.to_owned(),
            agent_token: product_token(agent.as_bytes()).to_owned(),
            ..verdict
        }
    }

    /// May a crawler that looks for its groups along `chain` fetch `url`? The first step that
    /// finds at least one group wins and all of that step's groups merge; a token step compares
    /// as [`AgentMatch::Token`] does, `*` takes the `*` groups; when no step finds a group,
    /// nothing restricts the crawler. [`Verdict::chain_step`] says which step applied.
    pub fn check_chain(&self, chain: &[ChainStep<'_>], url: &str) -> Verdict {
        let token = chain.iter().find_map(|step| step.token()).unwrap_or("*");
        if let Some(reading) = &self.reading {
            // These readers know no fallback chain: the crawler asks with its own name.
            return reading.check(self.profile, token, url, AgentMatch::Token);
        }
        let verdict = self.answer(GroupSelection::Chain(chain), url);
        Verdict {
            agent: token.to_owned(),
            agent_token: token.to_owned(),
            ..verdict
        }
    }

    /// The verdict for `url` with the groups `selection` picks; the agent fields are the
    /// caller's to fill.
    fn answer(&self, selection: GroupSelection<'_>, url: &str) -> Verdict {
        let path = request_path(url);
        let normalised_path = match self.profile.spec().encoding {
            // The record readers answer in `check`; octets as requested keep this total.
            Encoding::GoogleEscape | Encoding::PythonQuote | Encoding::Octets => path.clone(),
            Encoding::Rfc9309 => lossless_ascii(rfc9309_normalise(path.as_bytes())),
        };
        let mut verdict = self.decide(selection, &normalised_path, false);
        if self.robots.facts().first_line_beyond_limit.is_some() {
            let whole = self.decide(selection, &normalised_path, true);
            if whole.allowed != verdict.allowed {
                verdict.reason = Reason::BeyondSizeLimit;
                verdict.beyond_size_limit = whole.decisive;
            }
        }
        if self.profile.spec().implicit_robots_txt_allow && normalised_path == "/robots.txt" {
            verdict.allowed = true;
            verdict.reason = Reason::ImplicitRobotsTxtAllow;
            verdict.decisive = None;
        }
        Verdict {
            profile: self.profile,
            path,
            normalised_path,
            ..verdict
        }
    }

    /// The groups that apply: those of the first step of `selection` that finds any, merged.
    pub(crate) fn select_groups(
        &self,
        selection: GroupSelection<'_>,
        include_beyond_limit: bool,
    ) -> SelectedGroups {
        for index in 0..selection.len() {
            let step = selection.step(index);
            let applied: Vec<AppliedGroup> = self
                .robots
                .groups()
                .iter()
                .filter_map(|group| {
                    let matched: Vec<usize> = group
                        .agents
                        .iter()
                        .filter(|agent| include_beyond_limit || !agent.beyond_size_limit)
                        .filter(|agent| step.accepts(&agent.token))
                        .map(|agent| agent.line)
                        .collect();
                    (!matched.is_empty()).then(|| AppliedGroup {
                        index: group.index,
                        agent_lines: group.agents.iter().map(|agent| agent.line).collect(),
                        matched_agent_lines: matched,
                        lines: group.lines.clone(),
                    })
                })
                .collect();
            if !applied.is_empty() {
                return SelectedGroups {
                    groups: applied,
                    used_star_group: matches!(step, Step::Star),
                    chain_step: match selection {
                        GroupSelection::Chain(chain) => Some(UsedStep::new(index, &chain[index])),
                        GroupSelection::Agent { .. } => None,
                    },
                };
            }
        }
        SelectedGroups::default()
    }

    /// The rules of group `group` with their pattern as compared and its length.
    pub(crate) fn compiled_rules(
        &self,
        group: usize,
    ) -> impl Iterator<Item = (&Rule, &str, usize)> {
        self.robots.groups()[group]
            .rules
            .iter()
            .zip(&self.rules[group])
            .map(|(rule, compiled)| (rule, compiled.normalised.as_str(), compiled.length))
    }

    fn decide(
        &self,
        selection: GroupSelection<'_>,
        path: &str,
        include_beyond_limit: bool,
    ) -> Verdict {
        let groups = self.robots.groups();
        let SelectedGroups {
            groups: applied,
            used_star_group,
            chain_step,
        } = self.select_groups(selection, include_beyond_limit);
        let mut matches = Vec::new();
        for group in &applied {
            let rules = groups[group.index]
                .rules
                .iter()
                .zip(&self.rules[group.index]);
            for (rule, compiled) in rules {
                if rule.beyond_size_limit && !include_beyond_limit {
                    continue;
                }
                if let Some(found) = match_rule(rule, compiled, path.as_bytes()) {
                    matches.push(found);
                }
            }
        }
        crate::sorting::sort_by_key(&mut matches, |found| found.line);
        let decisive = decisive_match(&matches).cloned();
        let (allowed, reason) = match (&decisive, applied.is_empty()) {
            (Some(rule), _) => (rule.kind == RuleKind::Allow, Reason::RuleMatched),
            (None, true) => (true, Reason::NoGroupApplies),
            (None, false) => (true, Reason::NoRuleMatched),
        };
        let agent_match = match selection {
            GroupSelection::Agent { model, .. } => model,
            GroupSelection::Chain(_) => AgentMatch::Token,
        };
        Verdict {
            decisive,
            groups: applied,
            used_star_group,
            chain_step,
            matches,
            ..Verdict::unexplained(allowed, reason, self.profile, agent_match)
        }
    }
}

/// How the groups that apply are chosen.
#[derive(Debug, Clone, Copy)]
pub(crate) enum GroupSelection<'a> {
    /// The groups naming `agent` as `model` compares it, else the `*` groups (RFC 9309 §2.2.1).
    Agent { agent: &'a str, model: AgentMatch },
    /// The groups of the first step of a crawler's fallback chain that finds any.
    Chain(&'a [ChainStep<'a>]),
}

impl<'a> GroupSelection<'a> {
    fn len(self) -> usize {
        match self {
            GroupSelection::Agent { .. } => 2,
            GroupSelection::Chain(chain) => chain.len(),
        }
    }

    fn step(self, index: usize) -> Step<'a> {
        match (self, index) {
            (GroupSelection::Agent { agent, model }, 0) => Step::Agent(agent, model),
            (GroupSelection::Agent { .. }, _) => Step::Star,
            (GroupSelection::Chain(chain), _) => match chain[index] {
                ChainStep::Token(token) => Step::Token(token),
                ChainStep::Star => Step::Star,
            },
        }
    }
}

/// One step of a group selection: which user-agent lines it accepts.
#[derive(Debug, Clone, Copy)]
enum Step<'a> {
    Agent(&'a str, AgentMatch),
    Token(&'a str),
    Star,
}

impl Step<'_> {
    fn accepts(self, line: &AgentToken) -> bool {
        match (self, line) {
            (Step::Star, AgentToken::Star) => true,
            (Step::Star, AgentToken::Product(_)) | (_, AgentToken::Star) => false,
            (_, AgentToken::Product(token)) if token.is_empty() => false,
            (Step::Agent(agent, AgentMatch::Substring), AgentToken::Product(token)) => {
                contains_ignore_case(agent, token)
            }
            (Step::Agent(agent, AgentMatch::Token), AgentToken::Product(token)) => {
                product_token(agent.as_bytes()).eq_ignore_ascii_case(token)
            }
            (Step::Token(step), AgentToken::Product(token)) => step.eq_ignore_ascii_case(token),
        }
    }
}

/// The groups a selection found, and which step found them.
#[derive(Debug, Default)]
pub(crate) struct SelectedGroups {
    pub groups: Vec<AppliedGroup>,
    pub used_star_group: bool,
    pub chain_step: Option<UsedStep>,
}

/// Longest pattern wins; Allow wins a tie; among equals the first in the file; length 0 never
/// decides (`RobotsMatcher::disallow`, `Match::Set` with a strict comparison).
fn decisive_match(matches: &[RuleMatch]) -> Option<&RuleMatch> {
    let longest = |kind: RuleKind| {
        matches
            .iter()
            .filter(|found| found.kind == kind && found.length > 0)
            .fold(None, |best: Option<&RuleMatch>, found| match best {
                Some(best) if best.length >= found.length => Some(best),
                _ => Some(found),
            })
    };
    match (longest(RuleKind::Allow), longest(RuleKind::Disallow)) {
        (Some(allow), Some(disallow)) if disallow.length > allow.length => Some(disallow),
        (Some(allow), _) => Some(allow),
        (None, disallow) => disallow,
    }
}

fn match_rule(rule: &Rule, compiled: &CompiledRule, path: &[u8]) -> Option<RuleMatch> {
    let found = |normalised: &str, length: usize, via_index_html: bool| RuleMatch {
        line: rule.line,
        kind: rule.kind,
        pattern: rule.pattern.clone(),
        normalised: normalised.to_owned(),
        length,
        via_index_html,
    };
    if compiled.pattern.matches(path) {
        return Some(found(&compiled.normalised, compiled.length, false));
    }
    let (directory, text) = compiled.directory.as_ref()?;
    directory
        .matches(path)
        .then(|| found(text, text.len(), true))
}

fn compile_rule(rule: &Rule, profile: Profile) -> CompiledRule {
    let spec = profile.spec();
    let (normalised, pattern) = match spec.encoding {
        // `Checker::new` compiles nothing for the record readers (python, legacy-1994); their
        // encodings fall in with Google's only to keep the match total.
        Encoding::GoogleEscape | Encoding::PythonQuote | Encoding::Octets => {
            let escaped = google_escape(rule.pattern_bytes());
            let pattern = Pattern::google(&escaped);
            (escaped, pattern)
        }
        Encoding::Rfc9309 => {
            let normalised = rfc9309_normalise(rule.pattern_bytes());
            let pattern = Pattern::rfc9309(&normalised);
            (normalised, pattern)
        }
    };
    let directory = (spec.index_html_allows_directory && rule.kind == RuleKind::Allow)
        .then(|| index_html_directory(&normalised))
        .flatten()
        .map(|directory| (Pattern::google(&directory), lossless_ascii(directory)));
    CompiledRule {
        length: normalised.len(),
        normalised: lossless_ascii(normalised),
        pattern,
        directory,
    }
}

/// Google's `index.htm` rule (`RobotsMatcher::HandleAllow`): when the last segment of an Allow
/// pattern starts with `index.htm`, the directory itself, `…/$`, is allowed too.
fn index_html_directory(pattern: &[u8]) -> Option<Vec<u8>> {
    let slash = pattern.iter().rposition(|&b| b == b'/')?;
    if !pattern[slash..].starts_with(b"/index.htm") {
        return None;
    }
    let mut directory = pattern[..=slash].to_vec();
    directory.push(b'$');
    Some(directory)
}

/// Normalised patterns and paths are ASCII by construction; this keeps any stray byte visible
/// instead of failing.
fn lossless_ascii(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

fn contains_ignore_case(haystack: &str, needle: &str) -> bool {
    let (haystack, needle) = (haystack.as_bytes(), needle.as_bytes());
    needle.len() <= haystack.len()
        && haystack
            .windows(needle.len())
            .any(|window| window.eq_ignore_ascii_case(needle))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(robots: &str, agent: &str, url: &str, profile: Profile, model: AgentMatch) -> Verdict {
        RobotsTxt::parse(robots.as_bytes())
            .checker(profile)
            .check(agent, url, model)
    }

    fn allowed(robots: &str, agent: &str, url: &str) -> bool {
        check(robots, agent, url, Profile::Google, AgentMatch::Token).allowed
    }

    #[test]
    fn longest_match_wins_and_allow_wins_a_tie() {
        let robots = "User-agent: *\nDisallow: /a\nAllow: /a/b\nAllow: /c\nDisallow: /c";
        assert!(!allowed(robots, "x", "/a/c"));
        assert!(allowed(robots, "x", "/a/b/c"));
        let tie = check(robots, "x", "/c", Profile::Google, AgentMatch::Token);
        assert!(tie.allowed);
        assert_eq!(tie.decisive.unwrap().line, 4);
        assert_eq!(tie.matches.len(), 2);
    }

    #[test]
    fn a_specific_group_replaces_star_even_without_rules() {
        let robots = "User-agent: *\nDisallow: /\nUser-agent: FooBot";
        let verdict = check(robots, "FooBot", "/x", Profile::Google, AgentMatch::Token);
        assert!(verdict.allowed);
        assert_eq!(verdict.reason, Reason::NoRuleMatched);
        assert!(!verdict.used_star_group);
        assert!(!allowed(robots, "BarBot", "/x"));
    }

    #[test]
    fn groups_naming_the_same_agent_merge() {
        let robots =
            "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /\nUser-agent: a\nAllow: /x/y";
        let verdict = check(robots, "a", "/x/y", Profile::Google, AgentMatch::Token);
        assert!(verdict.allowed);
        assert_eq!(verdict.groups.len(), 2);
        assert!(!allowed(robots, "a", "/x/z"));
    }

    #[test]
    fn substring_model_finds_a_token_inside_a_full_ua() {
        let robots = "User-agent: ExampleBot\nDisallow: /";
        let ua = "Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.com/bot)";
        assert!(!check(robots, ua, "/", Profile::Rfc9309, AgentMatch::Substring).allowed);
        assert!(check(robots, ua, "/", Profile::Rfc9309, AgentMatch::Token).allowed);
        assert!(
            !check(
                robots,
                "examplebot/2",
                "/",
                Profile::Rfc9309,
                AgentMatch::Token
            )
            .allowed
        );
    }

    #[test]
    fn no_group_means_allowed() {
        let verdict = check(
            "User-agent: a\nDisallow: /",
            "b",
            "/",
            Profile::Google,
            AgentMatch::Token,
        );
        assert!(verdict.allowed);
        assert_eq!(verdict.reason, Reason::NoGroupApplies);
    }

    #[test]
    fn robots_txt_is_implicitly_allowed_only_by_the_rfc() {
        let robots = "User-agent: *\nDisallow: /";
        let rfc = check(
            robots,
            "x",
            "https://example.com/robots.txt",
            Profile::Rfc9309,
            AgentMatch::Token,
        );
        assert!(rfc.allowed);
        assert_eq!(rfc.reason, Reason::ImplicitRobotsTxtAllow);
        assert!(!allowed(robots, "x", "/robots.txt"));
    }

    #[test]
    fn percent_encoding_is_normalised_by_the_rfc_profile() {
        let robots = "User-agent: *\nDisallow: /caf%C3%A9\nDisallow: /%7Ejoe\nDisallow: /b%2A";
        let rfc = |url| check(robots, "x", url, Profile::Rfc9309, AgentMatch::Token).allowed;
        assert!(!rfc("/café"));
        assert!(!rfc("/caf%c3%a9"));
        assert!(!rfc("/~joe"));
        assert!(!rfc("/b*"));
        assert!(allowed(robots, "x", "/~joe"));
        assert!(
            !allowed(robots, "x", "/café"),
            "typed URLs are encoded for Google too"
        );
        assert!(
            allowed(robots, "x", "/caf%c3%a9"),
            "Google leaves the URL's hex case alone"
        );
    }

    #[test]
    fn index_html_allows_its_directory_for_google_only() {
        let robots = "User-agent: *\nDisallow: /\nAllow: /dir/index.html";
        let google = check(robots, "x", "/dir/", Profile::Google, AgentMatch::Token);
        assert!(google.allowed);
        assert!(google.decisive.unwrap().via_index_html);
        assert!(!check(robots, "x", "/dir/", Profile::Rfc9309, AgentMatch::Token).allowed);
    }

    #[test]
    fn empty_patterns_never_decide() {
        let robots = "User-agent: *\nDisallow:\nAllow:";
        let verdict = check(robots, "x", "/a", Profile::Google, AgentMatch::Token);
        assert!(verdict.allowed);
        assert_eq!(verdict.reason, Reason::NoRuleMatched);
        assert_eq!(verdict.matches.len(), 2);
    }
}
