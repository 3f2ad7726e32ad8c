//! The answer's vocabulary: a verdict, the rule that decided it and why, the groups used and why.
//!
//! These are the types every reader hands up and every surface reads: the matcher below the
//! answering layer ([`crate::Checker`]), the record readers of `python` and `legacy-1994`, the fetch-status
//! rules and the crawler catalogue all speak them, so they live here, below all of them, and
//! import nothing above the parsed file's own types. A cycle between those modules (each once
//! held a type the others needed) is what this module removes.
//!
//! Two questions about a verdict have exactly one answer, defined here and nowhere else:
//!
//! - **the deciding line** ([`Verdict::deciding_line`]): the rule that decided within the size
//!   limit, also when a rule past the limit would have decided otherwise
//!   ([`Reason::BeyondSizeLimit`]) and when only an empty rule matched
//!   ([`Reason::EmptyRuleMatched`], Google's priority-0 match); none when the fetch status, the
//!   implicit `/robots.txt` allow or the absence of any matching rule answered;
//! - **the groups used and why** ([`Verdict::group_used`]): the agent's own, a fallback step of
//!   a crawler's chain, `*`, none, or none read because the fetch status answered.

use std::fmt;
use std::sync::Arc;

use crate::agent_name::AgentLineReading;
use crate::group::RuleKind;
use crate::profile::{AgentMatch, Precedence, Profile};

/// Why a verdict came out the way it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Reason {
    /// A rule decided: see [`Verdict::decisive`].
    RuleMatched,
    /// A group applied but none of its rules matched the path.
    NoRuleMatched,
    /// Only an empty rule (`Disallow:` or `Allow:` with no value) of the groups matched: it
    /// allows everything, and it is the line that answered, as google/robotstxt's
    /// `matching_line()` reports it (a priority-0 match). See [`Verdict::decisive`].
    EmptyRuleMatched,
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
    /// The URL is not one a crawler requests (`ftp://x`, `https:x`, a host with no path typed
    /// without a scheme): nothing was answered, so nothing is allowed. Only a batch row or an
    /// expectation carries it; [`crate::answer::Answer`] has no verdict then and says why.
    UrlRefused,
}

impl Reason {
    /// Every reason, for what must word them all (the catalogues' test).
    pub const ALL: [Reason; 10] = [
        Reason::RuleMatched,
        Reason::NoRuleMatched,
        Reason::EmptyRuleMatched,
        Reason::NoGroupApplies,
        Reason::ImplicitRobotsTxtAllow,
        Reason::BeyondSizeLimit,
        Reason::FileUnavailable,
        Reason::FileUnreachable,
        Reason::ReaderError,
        Reason::UrlRefused,
    ];
}

impl Reason {
    /// The reason's name in JSON output.
    pub fn id(self) -> &'static str {
        match self {
            Reason::RuleMatched => "rule-matched",
            Reason::NoRuleMatched => "no-rule-matched",
            Reason::EmptyRuleMatched => "empty-rule-matched",
            Reason::NoGroupApplies => "no-group-applies",
            Reason::ImplicitRobotsTxtAllow => "implicit-robots-txt-allow",
            Reason::BeyondSizeLimit => "beyond-size-limit",
            Reason::FileUnavailable => "file-unavailable",
            Reason::FileUnreachable => "file-unreachable",
            Reason::ReaderError => "reader-error",
            Reason::UrlRefused => "url-refused",
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
    /// The pattern as written. Shared: the verdicts that show a rule share one string, made
    /// from the parsed file when the rule first matches.
    pub pattern: Arc<str>,
    /// The pattern as compared, after the profile's normalisation.
    pub normalised: Arc<str>,
    /// Its length in octets, which is its priority.
    pub length: usize,
    /// Google's `index.htm` rule matched: `Allow: /d/index.html` was read as `Allow: /d/$`.
    pub via_index_html: bool,
}

/// A group that applied to the agent.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AppliedGroup {
    /// The group's index in [`RobotsTxt::groups`](crate::robots::RobotsTxt::groups) (for the `python` and `legacy-1994` profiles,
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
    /// What [`AgentMatch::Token`] compares of the agent: the agent as given, or a pasted UA
    /// string's first product token (`Mozilla`); see [`crate::typed_token`].
    pub agent_token: String,
    /// The user-agent lines Google reads as another name than the one written
    /// (`MJ12bot` → `MJ`) where that changes or explains whether they name this agent.
    pub agent_line_readings: Vec<AgentLineReading>,
    /// The path, parameters and query that were requested.
    pub path: String,
    /// The path as compared, after the profile's normalisation.
    pub normalised_path: String,
    /// The rule that decided, if one did: see [`Verdict::deciding_line`] for when one does.
    pub decisive: Option<RuleMatch>,
    /// The groups that applied, merged. Shared: every verdict for the same agent has the same.
    pub groups: Arc<[AppliedGroup]>,
    /// No group named the agent, so the `*` groups applied.
    pub used_star_group: bool,
    /// For a crawler's question ([`crate::Question::crawler`]): the step of its fallback chain
    /// whose groups applied, and whether it was a fallback. `None` for an agent's question, for
    /// the record readers (which know no chain) and when no step found a group.
    pub chain_step: Option<UsedStep>,
    /// Every rule of the applied groups that matched, in file order.
    pub matches: Vec<RuleMatch>,
    /// When the verdict would differ if the whole file were read: the rule past the size limit
    /// that would then decide.
    pub beyond_size_limit: Option<RuleMatch>,
}

impl Verdict {
    /// `allowed` for `reason` under `profile`, with nothing yet about who asked, what was
    /// requested or which groups and rules explain it: where every way of answering starts
    /// from, so that a field added to the explanation starts empty everywhere. The matcher
    /// alone writes every field out (`Checker::answer`, which builds each verdict once), so a
    /// new field stops its build until it is given a value there too.
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
            agent_line_readings: Vec::new(),
            path: String::new(),
            normalised_path: String::new(),
            decisive: None,
            groups: Arc::default(),
            used_star_group: false,
            chain_step: None,
            matches: Vec::new(),
            beyond_size_limit: None,
        }
    }
}

/// One step of a fallback chain: the groups it looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum ChainStep<'a> {
    /// Groups with a user-agent line whose product token equals this one, in any letter case.
    Token(&'a str),
    /// The `*` groups.
    Star,
}

impl<'a> ChainStep<'a> {
    /// The product token the step looks for, unless it is `*`.
    pub fn token(&self) -> Option<&'a str> {
        match *self {
            ChainStep::Token(token) => Some(token),
            ChainStep::Star => None,
        }
    }
}

impl fmt::Display for ChainStep<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token().unwrap_or("*"))
    }
}

/// The step of a chain whose groups applied.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct UsedStep {
    /// Its position in the chain, from 0.
    pub index: usize,
    /// The token it looked for; `None` for the `*` groups.
    pub token: Option<String>,
    /// The crawler had no group of its own and obeyed another crawler's group (Googlebot-Image
    /// following Googlebot). Using the `*` groups is not a fallback in this sense: it is the
    /// standard rule, reported by [`Verdict::used_star_group`].
    pub fallback: bool,
}

impl UsedStep {
    pub(crate) fn new(index: usize, step: &ChainStep<'_>) -> UsedStep {
        UsedStep {
            index,
            token: step.token().map(str::to_owned),
            fallback: index > 0 && step.token().is_some(),
        }
    }
}

/// Why the deciding rule decides ([`Verdict::why_decides`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum WhyDecides {
    /// The longest matching pattern wins (RFC 9309 §2.2.2).
    LongestMatch,
    /// An Allow and a Disallow of the same length matched: Allow wins the tie.
    AllowWinsTie,
    /// The profile's reader takes the first matching rule in file order (`python`,
    /// `legacy-1994`).
    FirstMatch,
    /// Only an empty rule matched: it allows everything.
    EmptyRule,
}

impl WhyDecides {
    /// Every reason a line decides.
    pub const ALL: [WhyDecides; 4] = [
        WhyDecides::LongestMatch,
        WhyDecides::AllowWinsTie,
        WhyDecides::FirstMatch,
        WhyDecides::EmptyRule,
    ];

    /// The name in JSON output.
    pub fn id(self) -> &'static str {
        match self {
            WhyDecides::LongestMatch => "longest-match",
            WhyDecides::AllowWinsTie => "allow-wins-tie",
            WhyDecides::FirstMatch => "first-match",
            WhyDecides::EmptyRule => "empty-rule",
        }
    }
}

/// What became of one rule that matched ([`Verdict::outcome`]): the page's and the CLI's
/// "outcome" column, decided here once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum MatchOutcome {
    /// It decides, for the reason [`Verdict::why_decides`] gives.
    Decides(WhyDecides),
    /// The verdict did not come from the rules: `/robots.txt` is always allowed (RFC 9309).
    SetAsideRobotsTxt,
    /// The verdict did not come from the rules: the fetch status decided.
    SetAsideStatus,
    /// An empty pattern, which never decides under longest match.
    Empty,
    /// A longer rule, or an Allow as long, decides instead.
    Outweighed,
    /// The profile's reader takes the first matching rule, and an earlier one decides.
    AfterFirst,
}

impl MatchOutcome {
    /// Every outcome.
    pub const ALL: [MatchOutcome; 9] = [
        MatchOutcome::Decides(WhyDecides::LongestMatch),
        MatchOutcome::Decides(WhyDecides::AllowWinsTie),
        MatchOutcome::Decides(WhyDecides::FirstMatch),
        MatchOutcome::Decides(WhyDecides::EmptyRule),
        MatchOutcome::SetAsideRobotsTxt,
        MatchOutcome::SetAsideStatus,
        MatchOutcome::Empty,
        MatchOutcome::Outweighed,
        MatchOutcome::AfterFirst,
    ];

    /// The outcome's name, a catalogue key's last part: `decides-longest`, `decides-tie`,
    /// `decides-first`, `decides-empty`, `set-aside-robots`, `set-aside-status`, `empty`,
    /// `outweighed`, `after-first`.
    pub fn id(self) -> &'static str {
        match self {
            MatchOutcome::Decides(WhyDecides::LongestMatch) => "decides-longest",
            MatchOutcome::Decides(WhyDecides::AllowWinsTie) => "decides-tie",
            MatchOutcome::Decides(WhyDecides::FirstMatch) => "decides-first",
            MatchOutcome::Decides(WhyDecides::EmptyRule) => "decides-empty",
            MatchOutcome::SetAsideRobotsTxt => "set-aside-robots",
            MatchOutcome::SetAsideStatus => "set-aside-status",
            MatchOutcome::Empty => "empty",
            MatchOutcome::Outweighed => "outweighed",
            MatchOutcome::AfterFirst => "after-first",
        }
    }
}

/// Which groups answered, and why those ([`Verdict::group_used`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(
    feature = "serde",
    serde(tag = "kind", content = "token", rename_all = "kebab-case")
)]
pub enum GroupUsed {
    /// Groups naming the agent (or the crawler's own token, or the first step of its chain).
    Own,
    /// A crawler with no group of its own followed a later step of its documented chain
    /// (Googlebot-Image following `Googlebot`): the token of that step.
    Fallback(String),
    /// No group named the agent: the `*` groups applied.
    Star,
    /// No group named the agent and there is no `*` group: nothing restricts it.
    None,
    /// The fetch status answered; no group of the file was read.
    Status,
}

impl GroupUsed {
    /// Every kind's name ([`GroupUsed::id`]).
    pub const IDS: [&'static str; 5] = ["own", "fallback", "star", "none", "status"];

    /// The kind's name in JSON output (`own`, `fallback`, `star`, `none`, `status`).
    pub fn id(&self) -> &'static str {
        match self {
            GroupUsed::Own => "own",
            GroupUsed::Fallback(_) => "fallback",
            GroupUsed::Star => "star",
            GroupUsed::None => "none",
            GroupUsed::Status => "status",
        }
    }
}

impl Verdict {
    /// **The deciding line**, the one definition every surface shows: the line of the rule that
    /// decided within the size limit ([`Verdict::decisive`]). That includes a verdict a rule
    /// past the size limit would have reversed ([`Reason::BeyondSizeLimit`]: the line within
    /// the limit still decides what crawlers do) and an empty rule that matched
    /// ([`Reason::EmptyRuleMatched`]). `None` when the fetch status, `/robots.txt`'s implicit
    /// allow, no matching rule or no group answered.
    pub fn deciding_line(&self) -> Option<usize> {
        self.decisive.as_ref().map(|rule| rule.line)
    }

    /// Why the deciding rule decides, when one does.
    pub fn why_decides(&self) -> Option<WhyDecides> {
        let rule = self.decisive.as_ref()?;
        Some(
            if self.reason == Reason::EmptyRuleMatched || rule.length == 0 {
                WhyDecides::EmptyRule
            } else if self.profile.spec().precedence == Precedence::FirstMatch {
                WhyDecides::FirstMatch
            } else if rule.kind == RuleKind::Allow
                && self
                    .matches
                    .iter()
                    .any(|other| other.kind == RuleKind::Disallow && other.length == rule.length)
            {
                WhyDecides::AllowWinsTie
            } else {
                WhyDecides::LongestMatch
            },
        )
    }

    /// What became of `found`, one of [`Verdict::matches`]: it decides (and why), the verdict
    /// was set aside from the rules, or another rule decides (and why that one).
    pub fn outcome(&self, found: &RuleMatch) -> MatchOutcome {
        let decides = self
            .decisive
            .as_ref()
            .is_some_and(|rule| rule.line == found.line && rule.kind == found.kind);
        match self.why_decides() {
            Some(why) if decides => return MatchOutcome::Decides(why),
            _ => {}
        }
        match self.reason {
            Reason::ImplicitRobotsTxtAllow => MatchOutcome::SetAsideRobotsTxt,
            Reason::FileUnavailable | Reason::FileUnreachable => MatchOutcome::SetAsideStatus,
            _ if self.profile.spec().precedence == Precedence::FirstMatch => {
                MatchOutcome::AfterFirst
            }
            _ if found.length == 0 => MatchOutcome::Empty,
            _ => MatchOutcome::Outweighed,
        }
    }

    /// Which groups answered, and why those.
    pub fn group_used(&self) -> GroupUsed {
        match &self.chain_step {
            _ if matches!(
                self.reason,
                Reason::FileUnavailable | Reason::FileUnreachable
            ) =>
            {
                GroupUsed::Status
            }
            _ if self.groups.is_empty() => GroupUsed::None,
            _ if self.used_star_group => GroupUsed::Star,
            Some(UsedStep {
                token: Some(token),
                fallback: true,
                ..
            }) => GroupUsed::Fallback(token.clone()),
            _ => GroupUsed::Own,
        }
    }
}
