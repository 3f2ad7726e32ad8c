//! The one entry point: a whole question in, the answer with its explanation out.
//!
//! "May this crawler fetch this URL, and which line decides?" is asked by a dozen surfaces (the
//! CLI's `check`, `test`, `diff` and `crawlers`, the page's panels, npm, Python, Scrapy, Spark).
//! Each once assembled the answer itself — which agent or crawler, which reading of the typed
//! URL, whose fetch-status rules, which line to show — and they disagreed. Here the question
//! travels whole ([`Question`]: who asks, the URL as typed, the fetch status, the match model;
//! the file and the profile are the [`Checker`] it is asked of) and comes back whole
//! ([`Answer`]: the verdict, the deciding line, the reason and the groups as codes, and the
//! sentences as [`Message`] keys and values, worded by each language's catalogue). Surfaces only
//! build the question and render the answer.
//!
//! ```
//! use robots_lens::{find_crawler, FetchStatus, Profile, Question, RobotsTxt};
//!
//! let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: /private/\n");
//! let checker = robots.checker(Profile::Rfc9309);
//!
//! // A path typed without its leading `/` is a path.
//! let answer = checker.ask(&Question::agent("ExampleBot", "private/plan"));
//! assert_eq!(answer.allowed(), Some(false));
//! assert_eq!(answer.deciding_line(), Some(2));
//!
//! // A crawler gets its operator's fetch-status handling: Google treats 429 as a 5xx.
//! let googlebot = find_crawler("Googlebot").unwrap();
//! let question = Question::crawler(googlebot, "/x").status("429".parse().unwrap());
//! assert_eq!(checker.ask(&question).reason_id(), "file-unreachable");
//! assert_eq!(checker.ask_allowed(&question), Some(false));
//!
//! // A URL no crawler requests is refused, with the reason.
//! let answer = checker.ask(&Question::agent("ExampleBot", "ftp://example.com/x"));
//! assert_eq!(answer.allowed(), None);
//! assert_eq!(answer.reason_id(), "url-refused");
//! ```
//!
//! [`Checker::ask_allowed`] is the boolean shortcut for hot loops: the same reading of the URL,
//! the same groups and status rules, without the explanation; a test holds it to [`Checker::ask`].

use std::sync::Arc;

use crate::agent_name::typed_token;
use crate::catalogue::{named_crawler, Crawler};
use crate::content::NotRobotsTxt;
use crate::matcher::{GroupSelection, Matcher, SelectedGroups};
use crate::message::{Message, MessageId as M};
use crate::profile::{AgentMatch, Profile};
use crate::robots::RobotsTxt;
use crate::status::{effect, handling_profile, status_handling, FetchStatus, StatusEffect};
use crate::typed_url::{read_request, within_limits, InvalidUrl, RequestReading, TypedUrl};
use crate::verdict::{ChainStep, GroupUsed, Reason, Verdict, WhyDecides};

/// A file compiled for one profile, to answer any number of [`Question`]s about it: the one
/// public way to a verdict. The patterns of the groups a question selects are compiled when
/// they are first asked about, and kept.
#[derive(Debug, Clone)]
pub struct Checker<'r> {
    matcher: Matcher<'r>,
}

impl RobotsTxt {
    /// A checker for `profile`, to answer any number of questions ([`Checker::ask`]).
    pub fn checker(&self, profile: Profile) -> Checker<'_> {
        Checker {
            matcher: Matcher::new(self, profile),
        }
    }
}

impl RobotsTxt {
    /// A checker of this file, an edit of the file `before` checks, for the same profile: `old`
    /// gives the line of that file each line of this one stands for, unchanged. A record reader
    /// takes the rules of those lines from `before`'s reading instead of reading them again, and
    /// the rule indices of the groups' readers are made from `before`'s: the audit's evidence
    /// checks an edited copy of the file for each finding it asks about.
    pub(crate) fn edited_checker<'a>(
        &'a self,
        before: &'a Checker<'a>,
        old: &dyn Fn(usize) -> Option<usize>,
    ) -> Checker<'a> {
        // The page's wasm, whose size budget is full, reads the edited file again.
        if cfg!(target_arch = "wasm32") {
            return self.checker(before.profile());
        }
        Checker {
            matcher: Matcher::of_edit(self, &before.matcher, old),
        }
    }
}

impl Checker<'static> {
    /// A checker that holds the file it checks, for callers that keep both side by side (the
    /// wasm `RobotsFile` keeps one per profile): [`RobotsTxt::checker`] borrows instead.
    pub fn shared(robots: Arc<RobotsTxt>, profile: Profile) -> Checker<'static> {
        Checker {
            matcher: Matcher::shared(robots, profile),
        }
    }
}

impl<'r> Checker<'r> {
    /// The profile this checker answers for.
    pub fn profile(&self) -> Profile {
        self.matcher.profile()
    }

    /// The matcher below the answering layer, for the crate's own question kinds (a crawler
    /// table, a batch, a list of verdicts), which ask it what [`Checker::ask`] asks it.
    pub(crate) fn matcher(&self) -> &Matcher<'r> {
        &self.matcher
    }

    /// The file being checked.
    pub(crate) fn robots(&self) -> &RobotsTxt {
        self.matcher.robots()
    }

    /// The verdict for `agent` and a URL as typed, without a fetch status: the audit's probes,
    /// which ask its rules about paths it derived itself.
    pub(crate) fn check(&self, agent: &str, url: &str, agent_match: AgentMatch) -> Verdict {
        self.matcher.check(agent, url, agent_match)
    }

    /// The verdict along a fallback chain for a URL as typed, without a fetch status: the
    /// audit's probes of what `*` alone answers.
    pub(crate) fn check_chain(&self, chain: &[ChainStep<'_>], url: &str) -> Verdict {
        self.matcher.check_chain(chain, url)
    }

    /// The profile's reader forms records of its own (`python`, `legacy-1994`): the audit's
    /// evidence reads no groups or chains there.
    pub(crate) fn reads_records(&self) -> bool {
        self.matcher.reads_records()
    }

    /// Whether a rule or user-agent line past the size limit can decide any answer to
    /// `question`'s asker ([`Reason::BeyondSizeLimit`]): the audit's evidence of a file read
    /// whole asks only those that it can.
    pub(crate) fn limit_matters(&self, question: &Question<'_>) -> bool {
        let matcher = &self.matcher;
        match question.who {
            Who::Agent(agent) => matcher.limit_matters(
                matcher.agent_selection(crate::agent_name::trimmed(agent), question.agent_match),
            ),
            Who::Crawler(crawler) => matcher.limit_matters(GroupSelection::Chain(crawler.chain)),
        }
    }

    /// The first line of each group `selection` picks within the size limit (for the record
    /// readers, of the record its agent reads), without building the groups: the audit's
    /// evidence compares who obeys what in a file and in each edited copy of it.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn group_starts(&self, selection: GroupSelection<'_>) -> Vec<usize> {
        self.matcher.group_starts(selection)
    }

    /// Every line of the groups `selection` picks within the size limit (for the record
    /// readers, of the record its agent reads): the audit's evidence of whether an edit leaves
    /// an asker's groups alone.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn selected_lines(&self, selection: GroupSelection<'_>) -> Vec<usize> {
        self.matcher.selected_lines(selection)
    }

    /// The groups `selection` applies, merged: the audit's evidence of which groups an asker
    /// obeys.
    pub(crate) fn select_groups(
        &self,
        selection: GroupSelection<'_>,
        include_beyond_limit: bool,
    ) -> SelectedGroups {
        self.matcher.select_groups(selection, include_beyond_limit)
    }
}

/// What is requested for `url` read as `reading`, as [`Checker::ask`] reads a question's URL
/// (without holding it to the limits): the audit's evidence compares a probe's readings.
pub(crate) fn request_reading(
    url: &str,
    reading: UrlReading,
) -> Result<RequestReading<'_>, InvalidUrl> {
    match reading {
        UrlReading::Typed => read_request(url),
        UrlReading::Path => Ok(RequestReading::path(url)),
        UrlReading::RequestLine => Ok(RequestReading::as_given(url)),
    }
}

/// Who asks: an agent as the person typed it, or a catalogued crawler.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who<'q> {
    /// A product token (`Googlebot`), a name with a version (`FooBot/1.0`) or a whole user agent
    /// string, compared with the groups by the question's [`AgentMatch`].
    Agent(&'q str),
    /// A catalogued crawler: its documented fallback chain picks the groups, its operator's
    /// documented fetch-status handling applies ([`crate::crawler_status_handling`]).
    Crawler(&'static Crawler),
}

impl<'q> Who<'q> {
    /// Who an agent name a person typed asks as by default, the one decision every surface
    /// makes alike: a catalogued crawler's name or product token, or a user agent string that
    /// names one (`Mozilla/5.0 (compatible; Googlebot/2.1; …)`), asks as that crawler
    /// ([`Who::Crawler`]: its documented fallback chain, its operator's fetch-status handling);
    /// any other name asks as typed ([`Who::Agent`]).
    ///
    /// ```
    /// use robots_lens::{find_crawler, Who};
    ///
    /// let image = find_crawler("Googlebot-Image").unwrap();
    /// assert_eq!(Who::typed("googlebot-image"), Who::Crawler(image));
    /// assert_eq!(Who::typed("ExampleBot/1.0"), Who::Agent("ExampleBot/1.0"));
    /// ```
    pub fn typed(agent: &'q str) -> Who<'q> {
        named_crawler(agent).map_or(Who::Agent(agent), Who::Crawler)
    }
}

/// How the question's URL is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum UrlReading {
    /// As a person types it ([`crate::read_url`]): a full `http(s)` URL, `//host/path`, `host/path` or a
    /// path (`private/plan` is `/private/plan`); a URL no crawler requests is refused.
    #[default]
    Typed,
    /// Always a path, as a URL derived from a file's rules is (`//x` is the path `//x`, not the
    /// host `x`): a missing leading `/` is added.
    Path,
    /// Exactly as Google's library reads the URL it is given (`GetPathParamsQuery`: text before
    /// the first `/` of a URL without a scheme is a host), refusing nothing: for conformance
    /// corpora written against that library.
    RequestLine,
}

/// The whole question, but for the file and the profile, which are the [`Checker`] it is asked
/// of (compiled once, asked many times).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Question<'q> {
    /// Who asks.
    pub who: Who<'q>,
    /// The URL as given.
    pub url: &'q str,
    /// How [`Question::url`] is read.
    pub reading: UrlReading,
    /// How the robots.txt fetch ended (`200` unless told).
    pub status: FetchStatus,
    /// How an agent is compared with the groups (unused for a crawler, whose chain names exact
    /// tokens).
    pub agent_match: AgentMatch,
    /// The name a person typed, when [`Question::typed`] found a catalogued crawler in it:
    /// [`Checker::ask`] answers the crawler, and also the name as typed, kept in
    /// [`Answer::as_typed`] where it answers otherwise.
    pub typed: Option<&'q str>,
}

impl<'q> Question<'q> {
    /// `agent` asks about `url` (typed), the file served with 200, compared by product token.
    pub fn agent(agent: &'q str, url: &'q str) -> Question<'q> {
        Question::new(Who::Agent(agent), url)
    }

    /// `agent`, a name as a person typed it, asks about `url` (typed), the file served with 200,
    /// as [`Who::typed`] says: a catalogued crawler's name (or a user agent string holding one)
    /// asks as that crawler, with the answer for the name as typed beside it where that differs
    /// ([`Answer::as_typed`]); any other name asks as typed. [`Question::agent`] always asks as
    /// typed.
    pub fn typed(agent: &'q str, url: &'q str) -> Question<'q> {
        let who = Who::typed(agent);
        Question {
            typed: matches!(who, Who::Crawler(_)).then_some(agent),
            ..Question::new(who, url)
        }
    }

    /// A catalogued crawler asks about `url` (typed), the file served with 200.
    pub fn crawler(crawler: &'static Crawler, url: &'q str) -> Question<'q> {
        Question::new(Who::Crawler(crawler), url)
    }

    /// `who` asks about `url` (typed), the file served with 200, compared by product token.
    pub fn new(who: Who<'q>, url: &'q str) -> Question<'q> {
        Question {
            who,
            url,
            reading: UrlReading::Typed,
            status: FetchStatus::ok(),
            agent_match: AgentMatch::Token,
            typed: None,
        }
    }

    /// The same question for a file served with `status`.
    pub fn status(self, status: FetchStatus) -> Question<'q> {
        Question { status, ..self }
    }

    /// The same question with the agent compared by `agent_match`.
    pub fn agent_match(self, agent_match: AgentMatch) -> Question<'q> {
        Question {
            agent_match,
            ..self
        }
    }

    /// The same question with the URL read as `reading` says.
    pub fn reading(self, reading: UrlReading) -> Question<'q> {
        Question { reading, ..self }
    }
}

/// The answer to a [`Question`], with everything that explains it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The URL as given.
    pub url: String,
    /// What is requested ([`TypedUrl::request`], [`TypedUrl::host`]), or why no crawler
    /// requests it.
    pub request: Result<TypedUrl, InvalidUrl>,
    /// The verdict with its whole explanation; `None` exactly when the URL was refused.
    pub verdict: Option<Verdict>,
    /// The crawler that asked, if a catalogued one did.
    pub crawler: Option<&'static Crawler>,
    /// The fetch status the question gave.
    pub status: FetchStatus,
    /// What the status did, under [`Answer::status_rules`].
    pub status_effect: StatusEffect,
    /// Whose fetch-status rules applied: the profile's, or for a crawler whose operator
    /// documents its own, those (Googlebot: `google`, 429 as a server error).
    pub status_rules: Profile,
    /// For a crawler whose operator handles the status otherwise than RFC 9309 and so answers
    /// otherwise: RFC 9309's verdict, shown beside.
    pub rfc_status_reading: Option<Verdict>,
    /// For a crawler found in a typed name ([`Question::typed`]): the answer for the name as
    /// typed (compared by the question's [`AgentMatch`], under the profile's status rules),
    /// when its verdict or its deciding line differs from the crawler's.
    pub as_typed: Option<Verdict>,
    /// What the file is when it is plainly no robots.txt (an HTML page, an error body, binary
    /// data; [`RobotsTxt::not_robots_txt`]), with the text of the line that shows it (empty for
    /// binary data): the verdict stands, and this says why the file decides so little.
    pub not_robots_txt: Option<(NotRobotsTxt, String)>,
}

/// What surfaces word, as [`Message`]s (a catalogue key and its values, no language baked in).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// Allowed, disallowed or not answered.
    pub verdict: Message,
    /// Why: the reason code in words (for a refused URL, what is wrong with it).
    pub reason: Message,
    /// The deciding line and why it decides, when a line does.
    pub decided_by: Option<Message>,
    /// Which groups answered and why those; `None` for a refused URL.
    pub group: Option<Message>,
    /// How the agent was compared, when that is not what was typed.
    pub agent: Option<Message>,
    /// What the fetch status did, when it was not a plain 200.
    pub status: Option<Message>,
    /// What the file is and what crawlers do with it, when it is plainly no robots.txt.
    pub content: Option<Message>,
}

impl Answer {
    /// Whether the URL may be fetched; `None` when no crawler requests it (see
    /// [`Answer::request`]).
    pub fn allowed(&self) -> Option<bool> {
        self.verdict.as_ref().map(|verdict| verdict.allowed)
    }

    /// The deciding line ([`Verdict::deciding_line`], the one definition).
    pub fn deciding_line(&self) -> Option<usize> {
        self.verdict.as_ref().and_then(Verdict::deciding_line)
    }

    /// Why, as a code: the [`Reason::id`], or `url-refused`.
    pub fn reason_id(&self) -> &'static str {
        self.verdict
            .as_ref()
            .map_or(REFUSED, |verdict| verdict.reason.id())
    }

    /// The reason, unless the URL was refused.
    pub fn reason(&self) -> Option<Reason> {
        self.verdict.as_ref().map(|verdict| verdict.reason)
    }

    /// Why the URL was refused, if it was.
    pub fn refusal(&self) -> Option<&InvalidUrl> {
        self.request.as_ref().err()
    }

    /// Which groups answered, unless the URL was refused.
    pub fn group_used(&self) -> Option<GroupUsed> {
        self.verdict.as_ref().map(Verdict::group_used)
    }

    /// Why the deciding line decides, when one does.
    pub fn why_decides(&self) -> Option<WhyDecides> {
        self.verdict.as_ref().and_then(Verdict::why_decides)
    }

    /// Who asked, as shown: the crawler's name, or the agent as typed (trimmed).
    pub fn asker(&self) -> &str {
        match (self.crawler, &self.verdict) {
            (Some(crawler), _) => crawler.name,
            (None, Some(verdict)) => &verdict.agent,
            (None, None) => "",
        }
    }

    /// The answer in sentences, as message keys and values.
    pub fn explanation(&self) -> Explanation {
        let Some(verdict) = &self.verdict else {
            let refusal = self
                .refusal()
                .map_or_else(|| Message::new(M::AnswerRefused), InvalidUrl::message);
            return Explanation {
                verdict: Message::new(M::AnswerRefused),
                reason: refusal,
                decided_by: None,
                group: None,
                agent: None,
                status: None,
                content: self.content_message(),
            };
        };
        Explanation {
            verdict: Message::new(if verdict.allowed {
                M::AnswerAllowed
            } else {
                M::AnswerDisallowed
            }),
            reason: reason_message(verdict.reason),
            decided_by: decided_by_message(verdict),
            group: Some(group_message(&verdict.group_used(), self.asker())),
            agent: self.agent_message(verdict),
            status: (self.status != FetchStatus::ok())
                .then(|| status_handling(&self.status, self.status_rules).explanation),
            content: self.content_message(),
        }
    }

    fn content_message(&self) -> Option<Message> {
        let (what, opener) = self.not_robots_txt.as_ref()?;
        Some(what.message(opener))
    }

    /// How the agent was compared, when that differs from what was typed: Google's library
    /// compares the whole value (a crawler gives it its product token), RFC 9309's token model
    /// a pasted user agent string's first product token.
    fn agent_message(&self, verdict: &Verdict) -> Option<Message> {
        if self.crawler.is_some() || verdict.agent_match != AgentMatch::Token {
            return None;
        }
        let token = typed_token(&verdict.agent);
        if verdict.agent_token == verdict.agent && token != verdict.agent {
            return Some(
                Message::new(M::AnswerAgentComparedWhole)
                    .code("agent", &verdict.agent)
                    .code("token", token),
            );
        }
        (verdict.agent_token != verdict.agent)
            .then(|| Message::new(M::AnswerAgentFirstToken).code("token", &verdict.agent_token))
    }
}

/// [`Answer::reason_id`] for a refused URL ([`Reason::UrlRefused`]'s id).
pub const REFUSED: &str = "url-refused";

/// A reason in words.
pub fn reason_message(reason: Reason) -> Message {
    Message::new(match reason {
        Reason::RuleMatched => M::AnswerReasonRuleMatched,
        Reason::NoRuleMatched => M::AnswerReasonNoRuleMatched,
        Reason::EmptyRuleMatched => M::AnswerReasonEmptyRuleMatched,
        Reason::NoGroupApplies => M::AnswerReasonNoGroupApplies,
        Reason::ImplicitRobotsTxtAllow => M::AnswerReasonImplicitRobotsTxtAllow,
        Reason::BeyondSizeLimit => M::AnswerReasonBeyondSizeLimit,
        Reason::FileUnavailable => M::AnswerReasonFileUnavailable,
        Reason::FileUnreachable => M::AnswerReasonFileUnreachable,
        Reason::ReaderError => M::AnswerReasonReaderError,
        Reason::UrlRefused => M::AnswerRefused,
    })
}

/// "line 4 decides (pattern length 9, the longest match)", when a line decides.
fn decided_by_message(verdict: &Verdict) -> Option<Message> {
    let rule = verdict.decisive.as_ref()?;
    let why = match verdict.why_decides()? {
        WhyDecides::LongestMatch => {
            Message::new(M::AnswerWhyLongestMatch).count("length", rule.length)
        }
        WhyDecides::AllowWinsTie => {
            Message::new(M::AnswerWhyAllowWinsTie).count("length", rule.length)
        }
        WhyDecides::FirstMatch => Message::new(M::AnswerWhyFirstMatch),
        WhyDecides::EmptyRule => Message::new(M::AnswerWhyEmptyRule),
    };
    Some(
        Message::new(M::AnswerDecidedBy)
            .line("line", rule.line)
            .phrase("why", why),
    )
}

/// Which groups answered, in words.
pub fn group_message(group: &GroupUsed, asker: &str) -> Message {
    match group {
        GroupUsed::Own => Message::new(M::AnswerGroupOwn).text("agent", asker),
        GroupUsed::Fallback(token) => Message::new(M::AnswerGroupFallback)
            .text("agent", asker)
            .text("token", token.as_str()),
        GroupUsed::Star => Message::new(M::AnswerGroupStar),
        GroupUsed::None => Message::new(M::AnswerGroupNone),
        GroupUsed::Status => Message::new(M::AnswerGroupStatus),
    }
}

impl Checker<'_> {
    /// Answers `question` about this checker's file under its profile: the one entry point
    /// every surface asks: who asks, the URL as typed, the fetch status and the match model
    /// in, the verdict with its deciding line and its reasons as codes out. A URL no crawler
    /// requests, and a URL or an agent over the limits ([`crate::MAX_URL_BYTES`],
    /// [`crate::MAX_AGENT_BYTES`]), is refused with the reason ([`Answer::refusal`]).
    pub fn ask(&self, question: &Question<'_>) -> Answer {
        let request = self.read(question);
        let crawler = match question.who {
            Who::Crawler(crawler) => Some(crawler),
            Who::Agent(_) => None,
        };
        let status_rules = self.status_rules(question.who);
        let status_effect = effect(&question.status, status_rules);
        let (verdict, rfc_status_reading, as_typed) = match &request {
            Err(_) => (None, None, None),
            Ok(reading) => {
                let (verdict, rfc, as_typed) = self.ask_read(question, reading);
                (Some(verdict), rfc, as_typed)
            }
        };
        Answer {
            url: question.url.to_owned(),
            request: request.map(RequestReading::into_typed),
            verdict,
            crawler,
            status: question.status,
            status_effect,
            status_rules,
            rfc_status_reading,
            as_typed,
            not_robots_txt: self.robots().not_robots_txt().map(|what| {
                let opener = match what {
                    NotRobotsTxt::Binary { .. } => String::new(),
                    _ => self
                        .robots()
                        .line(what.line())
                        // As much as a message shows of it (NotRobotsTxt::message).
                        .map(|line| line.text().trim().chars().take(80).collect())
                        .unwrap_or_default(),
                };
                (what, opener)
            }),
        }
    }

    /// [`Checker::ask`] once the question's URL is read as `reading`: the verdict, RFC 9309's
    /// reading of the status beside a crawler whose operator handles it otherwise, and the
    /// answer for a typed name beside the crawler it names ([`Answer::as_typed`]).
    pub(crate) fn ask_read(
        &self,
        question: &Question<'_>,
        reading: &RequestReading<'_>,
    ) -> (Verdict, Option<Verdict>, Option<Verdict>) {
        let file = self.file_verdict(question.who, question.agent_match, reading, true);
        let status_effect = effect(&question.status, self.status_rules(question.who));
        // Most statuses are handled alike, and then the file's verdict is not copied.
        let rfc_effect = effect(&question.status, Profile::Rfc9309);
        let rfc = match (question.who, rfc_effect == status_effect, rfc_effect) {
            (Who::Agent(_), ..) | (_, true, _) => None,
            (_, false, StatusEffect::ParseFile) => Some(file.clone()),
            (_, false, _) => Some(file.status_only(rfc_effect)),
        };
        let groups = Arc::clone(&file.groups);
        let verdict = file.with_effect(status_effect);
        let rfc = rfc.filter(|rfc| rfc.allowed != verdict.allowed);
        // The name as typed, asked of the same reading under the profile's status rules.
        let as_typed = question.typed.and_then(|agent| {
            let typed_effect = effect(&question.status, self.profile());
            // Selecting the very groups the crawler's chain selected, under the same status
            // effect, the name as typed matches the same rules against the same path: it
            // cannot answer otherwise, and is not asked (most typed names are a crawler's own
            // token, and this runs with every verdict of the page and the npm package).
            if typed_effect == status_effect
                && self
                    .matcher
                    .agent_selects(agent, question.agent_match, &groups)
            {
                return None;
            }
            let typed = self
                .file_verdict(Who::Agent(agent), question.agent_match, reading, true)
                .with_effect(typed_effect);
            (typed.allowed != verdict.allowed || typed.deciding_line() != verdict.deciding_line())
                .then_some(typed)
        });
        (verdict, rfc, as_typed)
    }

    /// [`Checker::ask`] as a boolean, for hot loops: `None` when the question is refused. The
    /// same reading of the URL, the same groups and the same status rules; nothing more is built.
    pub fn ask_allowed(&self, question: &Question<'_>) -> Option<bool> {
        self.ask_verdict(question)
            .ok()
            .map(|verdict| verdict.allowed)
    }

    /// [`Checker::ask`]'s verdict alone, for the many-URL surfaces (a URL list, expectations,
    /// `diff`): the same reading of the URL, groups and status rules, without the copies of the
    /// question and the RFC 9309 reading an [`Answer`] keeps.
    pub fn ask_verdict(&self, question: &Question<'_>) -> Result<Verdict, InvalidUrl> {
        self.verdict(question, true)
    }

    /// [`Checker::ask_verdict`] as Googlebot reads a file past the size limit, without also
    /// reading it whole: the same verdict but for its [`Verdict::reason`] where a rule past the
    /// limit would decide otherwise ([`Reason::BeyondSizeLimit`](crate::Reason)) and its
    /// [`Verdict::beyond_size_limit`], left unset. For the audit's evidence, which compares a
    /// file with edited copies of it by the verdicts' other fields.
    pub(crate) fn ask_verdict_within_limit(
        &self,
        question: &Question<'_>,
    ) -> Result<Verdict, InvalidUrl> {
        self.verdict(question, false)
    }

    fn verdict(&self, question: &Question<'_>, whole_file: bool) -> Result<Verdict, InvalidUrl> {
        let reading = self.read(question)?;
        let (who, agent_match) = (question.who, question.agent_match);
        let mut verdict = self.file_verdict(who, agent_match, &reading, whole_file);
        verdict.apply_effect(effect(&question.status, self.status_rules(question.who)));
        Ok(verdict)
    }

    /// [`Checker::ask_verdict`] with, for a crawler found in a typed name
    /// ([`Question::typed`]), the answer for the name as typed beside it where it differs
    /// ([`Answer::as_typed`]): for the list surfaces that show it beside each row.
    pub fn ask_verdict_and_typed(
        &self,
        question: &Question<'_>,
    ) -> Result<(Verdict, Option<Verdict>), InvalidUrl> {
        let reading = self.read(question)?;
        let (verdict, _, as_typed) = self.ask_read(question, &reading);
        Ok((verdict, as_typed))
    }

    /// The question's URL, read once and held to the limits, as every answer reads it.
    pub(crate) fn read<'q>(
        &self,
        question: &Question<'q>,
    ) -> Result<RequestReading<'q>, InvalidUrl> {
        let agent = match question.who {
            Who::Agent(agent) => agent,
            Who::Crawler(_) => "",
        };
        within_limits(question.url, agent)?;
        request_reading(question.url, question.reading)
    }

    /// The verdict the file gives `who` for what `reading` requests, before the fetch status:
    /// the one route from a read question to a verdict. A file past the size limit is also
    /// read whole when `whole_file` says so ([`Checker::ask_verdict_within_limit`]).
    pub(crate) fn file_verdict(
        &self,
        who: Who<'_>,
        agent_match: AgentMatch,
        reading: &RequestReading<'_>,
        whole_file: bool,
    ) -> Verdict {
        match who {
            Who::Agent(agent) => {
                self.matcher
                    .agent_verdict(agent, reading, agent_match, whole_file)
            }
            Who::Crawler(crawler) => {
                self.matcher
                    .chain_verdict(crawler.chain, reading, crawler.name, whole_file)
            }
        }
    }

    /// Whose fetch-status rules apply when `who` asks: this checker's profile's, or for a
    /// crawler whose operator documents its own handling, those.
    pub(crate) fn status_rules(&self, who: Who<'_>) -> Profile {
        match who {
            Who::Agent(_) => self.profile(),
            Who::Crawler(crawler) => handling_profile(crawler, self.profile()),
        }
    }
}

/// [`Checker::ask`] for a file and profile asked once: parse and compile for one question.
pub fn ask(robots: &RobotsTxt, profile: Profile, question: &Question<'_>) -> Answer {
    robots.checker(profile).ask(question)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{crawlers, find_crawler};

    fn checker_answers(robots: &str, profile: Profile, question: Question<'_>) -> Answer {
        ask(&RobotsTxt::parse(robots.as_bytes()), profile, &question)
    }

    #[test]
    fn a_path_typed_without_its_slash_is_a_path_and_a_derived_double_slash_too() {
        let robots = "User-agent: *\nDisallow: /private/\nDisallow: //\n";
        let answer = checker_answers(
            robots,
            Profile::Rfc9309,
            Question::agent("Bot", "private/plan"),
        );
        assert_eq!(answer.allowed(), Some(false));
        assert_eq!(answer.deciding_line(), Some(2));
        // Typed, `//x` names the host x; as a path it is the path `//x`.
        let typed = checker_answers(robots, Profile::Rfc9309, Question::agent("Bot", "//x"));
        assert_eq!(typed.verdict.as_ref().unwrap().path, "/", "host x, path /");
        let path = checker_answers(
            robots,
            Profile::Rfc9309,
            Question::agent("Bot", "//x").reading(UrlReading::Path),
        );
        assert_eq!(path.verdict.as_ref().unwrap().path, "//x");
        assert_eq!(path.deciding_line(), Some(3));
    }

    #[test]
    fn urls_no_crawler_requests_are_refused_with_their_reason() {
        for url in ["https:x", "ftp://h/private", "", "example.com"] {
            let answer = checker_answers(
                "User-agent: *\nDisallow: /\n",
                Profile::Google,
                Question::agent("Bot", url),
            );
            assert_eq!(answer.allowed(), None, "{url}");
            assert_eq!(answer.reason_id(), REFUSED);
            assert!(answer.refusal().is_some());
            assert!(answer.explanation().reason.is_complete());
        }
        let root = checker_answers(
            "User-agent: *\nDisallow: /\n",
            Profile::Google,
            Question::agent("Bot", "http://example.com"),
        );
        assert_eq!(root.allowed(), Some(false));
        assert_eq!(root.verdict.unwrap().path, "/");
    }

    #[test]
    fn a_crawler_gets_its_own_status_handling_and_an_agent_the_profiles() {
        let robots = "User-agent: *\nAllow: /\n";
        let too_many: FetchStatus = "429".parse().unwrap();
        let googlebot = find_crawler("Googlebot").unwrap();
        let answer = checker_answers(
            robots,
            Profile::Rfc9309,
            Question::crawler(googlebot, "/x").status(too_many),
        );
        assert_eq!(answer.allowed(), Some(false));
        assert_eq!(answer.status_rules, Profile::Google);
        assert!(answer.rfc_status_reading.is_some());
        let agent = checker_answers(
            robots,
            Profile::Rfc9309,
            Question::agent("Googlebot", "/x").status(too_many),
        );
        assert_eq!(agent.allowed(), Some(true));
        assert_eq!(agent.reason_id(), "file-unavailable");
    }

    #[test]
    fn every_explanation_is_complete_and_the_shortcut_agrees() {
        let robots = RobotsTxt::parse(
            b"User-agent: Googlebot\nDisallow: /g\nAllow:\n\nUser-agent: *\nDisallow: /private\nAllow: /private\nDisallow:\n",
        );
        let statuses: Vec<FetchStatus> = ["200", "404", "429", "503"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        for profile in Profile::ALL {
            let checker = robots.checker(profile);
            for url in [
                "/g/x",
                "private",
                "/robots.txt",
                "http://h",
                "ftp://x",
                "/other",
            ] {
                for status in &statuses {
                    let mut questions: Vec<Question<'_>> = crawlers()
                        .iter()
                        .take(6)
                        .map(|crawler| Question::crawler(crawler, url))
                        .collect();
                    for agent in [
                        "Googlebot",
                        "Googlebot/2.1",
                        "Mozilla/5.0 (compatible; Googlebot/2.1)",
                        "other",
                    ] {
                        for model in [AgentMatch::Token, AgentMatch::Substring] {
                            questions.push(Question::agent(agent, url).agent_match(model));
                        }
                    }
                    for question in questions {
                        let question = question.status(*status);
                        let answer = checker.ask(&question);
                        assert_eq!(
                            checker.ask_allowed(&question),
                            answer.allowed(),
                            "{question:?}"
                        );
                        let explanation = answer.explanation();
                        for message in [Some(&explanation.verdict), Some(&explanation.reason)]
                            .into_iter()
                            .chain([
                                explanation.decided_by.as_ref(),
                                explanation.group.as_ref(),
                                explanation.agent.as_ref(),
                                explanation.status.as_ref(),
                            ])
                            .flatten()
                        {
                            assert!(message.is_complete(), "{message:?}");
                        }
                        assert_eq!(
                            explanation.decided_by.is_some(),
                            answer.deciding_line().is_some()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_typed_crawler_name_is_answered_as_that_crawler_with_the_name_as_typed_beside() {
        let robots = RobotsTxt::parse(
            b"User-agent: Googlebot\nDisallow: /g/\n\nUser-agent: *\nDisallow: /private/\n",
        );
        let statuses: Vec<FetchStatus> = ["200", "429", "503"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        for profile in Profile::ALL {
            let checker = robots.checker(profile);
            for crawler in crawlers() {
                for typed in [crawler.name, crawler.tokens[0]] {
                    for status in &statuses {
                        for url in ["/g/1", "/private/x", "/public"] {
                            let typed_question = Question::typed(typed, url).status(*status);
                            let crawler_question = Question::crawler(crawler, url).status(*status);
                            let answer = checker.ask(&typed_question);
                            assert_eq!(
                                answer.verdict,
                                checker.ask(&crawler_question).verdict,
                                "{typed} {url} {status:?} {profile:?}"
                            );
                            assert_eq!(answer.crawler, Some(crawler));
                            // Beside it, the name as typed, only where it answers otherwise.
                            let agent = checker.ask(&Question::agent(typed, url).status(*status));
                            let differs = agent.allowed() != answer.allowed()
                                || agent.deciding_line() != answer.deciding_line();
                            assert_eq!(answer.as_typed.is_some(), differs, "{typed} {url}");
                            if let Some(as_typed) = &answer.as_typed {
                                assert_eq!(Some(as_typed), agent.verdict.as_ref());
                            }
                        }
                    }
                }
            }
        }
        // Google treats 429 as a server error for Googlebot; the name as typed gets RFC 9309's.
        let too_many: FetchStatus = "429".parse().unwrap();
        let answer = ask(
            &robots,
            Profile::Rfc9309,
            &Question::typed("Googlebot", "/public").status(too_many),
        );
        assert_eq!(answer.allowed(), Some(false));
        assert_eq!(answer.as_typed.as_ref().map(|v| v.allowed), Some(true));
        // A user agent string holding a catalogued token names that crawler too.
        let pasted = Question::typed("Mozilla/5.0 (compatible; Googlebot/2.1)", "/g/1");
        assert_eq!(pasted.who, Who::Crawler(find_crawler("Googlebot").unwrap()));
        // Any other name asks as typed, with nothing beside.
        let other = Question::typed("ExampleBot/1.0", "/private/x");
        assert_eq!(other, Question::agent("ExampleBot/1.0", "/private/x"));
        assert!(ask(&robots, Profile::Google, &other).as_typed.is_none());
    }

    #[test]
    fn a_question_over_the_limits_is_refused_and_one_at_them_is_answered() {
        use crate::limits::{MAX_AGENT_BYTES, MAX_URL_BYTES};
        use crate::typed_url::UrlProblem;
        let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: /a\n");
        let checker = robots.checker(Profile::Google);
        let url = format!("/{}", "a".repeat(MAX_URL_BYTES - 1));
        let agent = "a".repeat(MAX_AGENT_BYTES);
        assert!(checker
            .ask(&Question::agent(&agent, &url))
            .verdict
            .is_some());
        let long_url = format!("{url}x");
        for reading in [UrlReading::Typed, UrlReading::Path, UrlReading::RequestLine] {
            let question = Question::agent("Bot", &long_url).reading(reading);
            let answer = checker.ask(&question);
            assert_eq!(answer.allowed(), None);
            assert_eq!(answer.reason_id(), REFUSED);
            let refusal = answer.refusal().unwrap();
            assert_eq!(refusal.kind(), UrlProblem::TooLong);
            assert_eq!(
                refusal.to_string(),
                "the URL is 32,769 bytes long; a check takes one of at most 32,768 bytes"
            );
            assert_eq!(checker.ask_verdict(&question), Err(refusal.clone()));
            assert_eq!(checker.ask_allowed(&question), None);
        }
        let long_agent = format!("{agent}é");
        let refusal = checker
            .ask(&Question::agent(&long_agent, "/a"))
            .refusal()
            .cloned();
        assert_eq!(refusal.map(|r| r.kind()), Some(UrlProblem::AgentTooLong));
        // A crawler's name is the catalogue's: only its URL is held to a limit.
        let googlebot = crate::find_crawler("Googlebot").unwrap();
        assert!(checker
            .ask(&Question::crawler(googlebot, "/a"))
            .verdict
            .is_some());
    }

    #[test]
    fn google_token_matching_says_what_a_crawler_sends() {
        let answer = checker_answers(
            "User-agent: FooBot\nDisallow: /\n",
            Profile::Google,
            Question::agent("FooBot/1.0", "/x"),
        );
        assert_eq!(answer.allowed(), Some(true));
        let agent = answer
            .explanation()
            .agent
            .expect("the whole value is compared");
        assert_eq!(agent.id(), M::AnswerAgentComparedWhole);
        assert!(agent.to_string().contains("`FooBot`"), "{agent}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
        /// A verdict asked within the size limit is the verdict asked of the file read whole,
        /// but for the reason and the rule past the limit that reading the whole file adds: the
        /// audit's evidence asks the first in place of the second. And where the limit is said
        /// not to matter ([`Checker::limit_matters`]), reading the whole file decides nothing
        /// otherwise. The files hold lines on both sides of the limit (a user-agent line past
        /// it moves a crawler to other groups; a rule past it may repeat one within it).
        #[test]
        fn a_verdict_within_the_limit_is_the_whole_files_but_for_the_limit(
            before in proptest::collection::vec(proptest::sample::select(LINES.to_vec()), 0..12),
            after in proptest::collection::vec(proptest::sample::select(LINES.to_vec()), 0..12),
            twice in proptest::bool::ANY,
        ) {
            // Or the same lines again past the limit, as a file written twice over.
            let after = if twice { before.clone() } else { after };
            let padding = format!("#{}\n", "x".repeat(999)).repeat(crate::lines::SIZE_LIMIT / 1000);
            let text = format!("{}\n{padding}{}\n", before.join("\n"), after.join("\n"));
            let robots = RobotsTxt::parse(text.as_bytes());
            let googlebot = find_crawler("Googlebot").unwrap();
            let askers = [Who::Agent("bot"), Who::Agent("other"), Who::Crawler(googlebot)];
            for profile in [Profile::Google, Profile::Rfc9309, Profile::Python] {
                let checker = robots.checker(profile);
                for who in askers {
                    for url in ["/", "/a", "/a/b", "/b/x", "/c.pdf", "/robots.txt"] {
                        let question = Question::new(who, url);
                        let within = checker.ask_verdict_within_limit(&question).unwrap();
                        let mut whole = checker.ask_verdict(&question).unwrap();
                        proptest::prop_assert_ne!(within.reason, crate::Reason::BeyondSizeLimit);
                        // Where the limit is said not to matter, the whole file answers alike.
                        if !checker.limit_matters(&question) {
                            proptest::prop_assert_ne!(whole.reason, crate::Reason::BeyondSizeLimit);
                        }
                        if whole.reason == crate::Reason::BeyondSizeLimit {
                            whole.reason = within.reason;
                        }
                        whole.beyond_size_limit = None;
                        proptest::prop_assert_eq!(within, whole);
                    }
                }
            }
        }
    }

    /// The lines of the files above: groups for `bot`, `*` and Googlebot, rules that match the
    /// probes and rules that match none.
    const LINES: [&str; 12] = [
        "User-agent: bot",
        "User-agent: *",
        "User-agent: Googlebot",
        "Disallow: /a",
        "Allow: /a/b",
        "Disallow: /",
        "Allow: /",
        "Disallow: /*.pdf$",
        "Disallow: /b/",
        "Disallow:",
        "Allow: /zzz",
        "",
    ];
}
