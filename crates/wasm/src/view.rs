//! Boundary structs: what JS receives, converted from the core's types.
//!
//! Field names are camelCase and every position is a UTF-16 offset into the text that was
//! parsed, because that is how a textarea counts. Core enums serialize as their kebab-case names.

#[cfg(feature = "audit")]
use robots_lens::Explanation;
#[cfg(feature = "panels")]
use robots_lens::Message;
#[cfg(feature = "panels")]
use robots_lens::ProfileVerdict;
#[cfg(feature = "audit")]
use robots_lens::{
    audit::{Effect, FixCheck, Severity},
    Finding,
};
use robots_lens::{
    AgentToken, Answer, AppliedGroup, CrawlerReading, Group, InputFacts, KeySpelling, Line,
    LineKind, Malformed, NotRobotsTxt, RobotsTxt, Rule, RuleKind, RuleMatch, UsedStep, Verdict,
};
use std::cell::RefCell;
use std::sync::Arc;

use serde::Serialize;
use wasm_bindgen::JsValue;

/// Converts byte offsets of the parsed input into UTF-16 offsets of the text the page shows for
/// it, walking forward only. The page shows bytes that are not UTF-8 as U+FFFD, one per maximal
/// invalid sequence (the WHATWG decoder's rule, which `from_utf8_lossy` follows too): one UTF-16
/// unit for one to three input bytes, so offsets are counted over the bytes, not over a text.
struct Utf16Offsets<'b> {
    input: &'b [u8],
    byte: usize,
    unit: usize,
}

impl<'b> Utf16Offsets<'b> {
    fn new(input: &'b [u8]) -> Self {
        Utf16Offsets {
            input,
            byte: 0,
            unit: 0,
        }
    }

    /// The UTF-16 offset of `byte`; offsets must be asked for in increasing order.
    fn at(&mut self, byte: usize) -> usize {
        let byte = byte.clamp(self.byte, self.input.len());
        self.unit += utf16_len(&self.input[self.byte..byte]);
        self.byte = byte;
        self.unit
    }
}

/// How many UTF-16 units the page's text has for `bytes`: a character's own count, and one
/// U+FFFD for each invalid sequence. Line and span boundaries never fall inside a character
/// (they are at ASCII bytes or whole characters), so counting a slice on its own is exact.
fn utf16_len(bytes: &[u8]) -> usize {
    bytes
        .utf8_chunks()
        .map(|chunk| {
            chunk.valid().encode_utf16().count() + usize::from(!chunk.invalid().is_empty())
        })
        .sum()
}

/// Everything the page shows about a file, with UTF-16 positions.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FileView {
    facts: FactsView,
    lines: Vec<LineView>,
    groups: Vec<GroupView>,
    orphan_rules: Vec<RuleView>,
    sitemaps: Vec<SitemapView>,
    directives: Vec<DirectiveView>,
}

impl FileView {
    /// The view of `robots`, parsed from `input` (the text's bytes, or an opened file's).
    pub fn new(input: &[u8], robots: &RobotsTxt) -> FileView {
        let mut owner = vec![None; robots.lines().len() + 1];
        for group in robots.groups() {
            for line in group.lines() {
                owner[line] = Some(group.index);
            }
        }
        let mut offsets = Utf16Offsets::new(input);
        let lines = robots
            .lines()
            .iter()
            .map(|line| LineView::new(&line, owner[line.number], &mut offsets))
            .collect();
        FileView {
            facts: FactsView::new(robots.facts(), robots.lines().len()),
            lines,
            groups: robots
                .groups()
                .iter()
                .map(|group| GroupView::new(group, robots))
                .collect(),
            orphan_rules: robots
                .orphan_rules()
                .iter()
                .map(|rule| RuleView::new(rule, robots))
                .collect(),
            sitemaps: robots
                .sitemaps()
                .iter()
                .map(|sitemap| SitemapView {
                    line: sitemap.line,
                    url: sitemap.url(robots).to_owned(),
                })
                .collect(),
            directives: robots
                .directives()
                .iter()
                .map(|directive| DirectiveView {
                    line: directive.line,
                    key: directive.key(robots).to_owned(),
                    name: directive.name,
                    value: directive.value(robots).to_owned(),
                    group: directive.group,
                })
                .collect(),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FactsView {
    size: usize,
    line_count: usize,
    bom_bytes: usize,
    valid_utf8: bool,
    first_line_beyond_limit: Option<usize>,
    lf: usize,
    crlf: usize,
    cr: usize,
}

impl FactsView {
    fn new(facts: &InputFacts, line_count: usize) -> FactsView {
        FactsView {
            size: facts.size,
            line_count,
            bom_bytes: facts.bom_bytes,
            valid_utf8: facts.valid_utf8,
            first_line_beyond_limit: facts.first_line_beyond_limit,
            lf: facts.line_endings.lf,
            crlf: facts.line_endings.crlf,
            cr: facts.line_endings.cr,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LineView {
    number: usize,
    /// UTF-16 offsets of the line in the parsed text, terminator excluded.
    start: usize,
    end: usize,
    text: String,
    kind: LineKind,
    key: Option<String>,
    value: Option<String>,
    directive: Option<&'static str>,
    spelling: KeySpelling,
    malformed: Option<Malformed>,
    has_comment: bool,
    missing_colon: bool,
    too_long: bool,
    has_nul: bool,
    invalid_utf8: bool,
    beyond_size_limit: bool,
    cut_by_size_limit: bool,
    /// The index of the group that owns the line, if any.
    group: Option<usize>,
}

impl LineView {
    fn new(line: &Line, group: Option<usize>, offsets: &mut Utf16Offsets<'_>) -> LineView {
        LineView {
            number: line.number,
            start: offsets.at(line.start),
            end: offsets.at(line.end),
            text: line.text().to_owned(),
            kind: line.kind,
            key: line.key().map(str::to_owned),
            value: line.value().map(str::to_owned),
            directive: line.directive,
            spelling: line.spelling,
            malformed: line.malformed,
            has_comment: line.has_comment,
            missing_colon: line.missing_colon,
            too_long: line.too_long,
            has_nul: line.has_nul,
            invalid_utf8: line.invalid_utf8,
            beyond_size_limit: line.beyond_size_limit,
            cut_by_size_limit: line.cut_by_size_limit,
            group,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AgentView {
    line: usize,
    value: String,
    /// The product token, or `null` for `*`.
    token: Option<String>,
    is_star: bool,
    has_extra_text: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RuleView {
    line: usize,
    kind: RuleKind,
    pattern: String,
    beyond_size_limit: bool,
}

impl RuleView {
    fn new(rule: &Rule, robots: &RobotsTxt) -> RuleView {
        RuleView {
            line: rule.line,
            kind: rule.kind,
            pattern: rule.pattern(robots).to_owned(),
            beyond_size_limit: rule.beyond_size_limit,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct GroupView {
    index: usize,
    agents: Vec<AgentView>,
    rules: Vec<RuleView>,
    other_lines: Vec<usize>,
    lines: Vec<usize>,
    first_line: usize,
    last_line: usize,
}

impl GroupView {
    fn new(group: &Group, robots: &RobotsTxt) -> GroupView {
        GroupView {
            index: group.index,
            agents: group
                .agents
                .iter()
                .map(|agent| AgentView {
                    line: agent.line,
                    value: agent.value().to_owned(),
                    token: agent.product().map(str::to_owned),
                    is_star: agent.token == AgentToken::Star,
                    has_extra_text: agent.has_extra_text,
                })
                .collect(),
            rules: group
                .rules
                .iter()
                .map(|rule| RuleView::new(rule, robots))
                .collect(),
            other_lines: group.other_lines.clone(),
            lines: group.lines(),
            first_line: group.first_line,
            last_line: group.last_line,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SitemapView {
    line: usize,
    url: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DirectiveView {
    line: usize,
    key: String,
    name: Option<&'static str>,
    value: String,
    group: Option<usize>,
}

/// A rule that matched: the core's strings are shared, not copied.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RuleMatchView {
    line: usize,
    kind: RuleKind,
    pattern: Arc<str>,
    normalised: Arc<str>,
    length: usize,
    via_index_html: bool,
    /// For one of a verdict's matches: what became of it ([`robots_lens::MatchOutcome::id`]),
    /// which the page words from its catalogue.
    outcome: Option<&'static str>,
}

impl From<RuleMatch> for RuleMatchView {
    fn from(found: RuleMatch) -> RuleMatchView {
        RuleMatchView {
            line: found.line,
            kind: found.kind,
            pattern: found.pattern,
            normalised: found.normalised,
            length: found.length,
            via_index_html: found.via_index_html,
            outcome: None,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AppliedGroupView {
    index: usize,
    agent_lines: Vec<usize>,
    matched_agent_lines: Vec<usize>,
    lines: Vec<usize>,
}

impl From<&AppliedGroup> for AppliedGroupView {
    fn from(group: &AppliedGroup) -> AppliedGroupView {
        AppliedGroupView {
            index: group.index,
            agent_lines: group.agent_lines.clone(),
            matched_agent_lines: group.matched_agent_lines.clone(),
            lines: group.lines.clone(),
        }
    }
}

/// The step of a crawler's fallback chain whose group was used.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UsedStepView {
    index: usize,
    token: Option<String>,
    fallback: bool,
}

impl From<&UsedStep> for UsedStepView {
    fn from(step: &UsedStep) -> UsedStepView {
        UsedStepView {
            index: step.index,
            token: step.token.clone(),
            fallback: step.fallback,
        }
    }
}

/// An answer as JS receives it: the verdict with its explanation, or, for a URL no crawler
/// requests, why not (`allowed` null, `reason` `url-refused`, `urlProblem` set, the lists empty).
///
/// In the npm package's engine, a verdict that answers as one sent before for the same file and
/// question is a copy of it with its own path and host (`crate::batch`): its other parts (the
/// deciding rule, the matches, the explanation, …) are one object for those verdicts, as the
/// groups are.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VerdictView {
    allowed: Option<bool>,
    /// The reason's code ([`Answer::reason_id`]): a [`robots_lens::Reason`] id or `url-refused`.
    reason: &'static str,
    /// The deciding line: the core's one definition ([`Verdict::deciding_line`]). No surface
    /// derives it from `decisive` or `reason`.
    line: Option<usize>,
    /// Which groups answered ([`robots_lens::GroupUsed::id`]: `own`, `fallback`, `star`,
    /// `none`, `status`); null for a refused question.
    group_used: Option<&'static str>,
    /// Why the deciding line decides ([`robots_lens::WhyDecides::id`]), when one does.
    why_decides: Option<&'static str>,
    profile: &'static str,
    agent_match: &'static str,
    agent: String,
    agent_token: String,
    path: String,
    normalised_path: String,
    decisive: Option<RuleMatchView>,
    groups: GroupsView,
    used_star_group: bool,
    /// For a crawler's check: the step of its fallback chain whose group was used.
    chain_step: Option<UsedStepView>,
    matches: Vec<RuleMatchView>,
    beyond_size_limit: Option<RuleMatchView>,
    /// User-agent lines Google reads as another name than the one written (`MJ12bot` → `MJ`).
    agent_line_readings: Vec<AgentLineReadingView>,
    /// Asked exactly as typed, the catalogued crawler the agent names, when its own reading
    /// answers otherwise; set by [`VerdictView::with_crawler_reading`].
    crawler_reading: Option<CrawlerReadingView>,
    /// The catalogued crawler that answered: the one asked for, or the one the typed agent
    /// names ([`robots_lens::Who::typed`]).
    crawler: Option<&'static str>,
    /// Answered as the crawler a typed agent names: the answer for the name as typed, where
    /// it differs ([`robots_lens::Answer::as_typed`]).
    as_typed: Option<Box<VerdictView>>,
    /// For a crawler's own check: which group it used and why, as the core words it
    /// ([`robots_lens::CrawlerReading::why`]). Set by [`VerdictView::with_crawler_why`]; only
    /// in the packages with the panels: serializing a message links the whole table of message
    /// keys, which the first verdict's module has no room for (the page asks the panels'
    /// engine for it after the first verdict).
    #[cfg(feature = "panels")]
    crawler_why: Option<Message>,
    /// The host the typed URL named ("read as host X, path Y"), as the core read it.
    url_host: Option<String>,
    /// Why no crawler would request the typed URL (`empty`, `scheme`, `no-host`,
    /// `host-only`), when so.
    url_problem: Option<&'static str>,
    /// What the file is, when it is plainly no robots.txt ([`Answer::not_robots_txt`]), as
    /// codes the page words from its catalogue (the first package serializes no message).
    not_robots_txt: Option<NotRobotsTxtView>,
    /// The answer in sentences, as message keys and values ([`Answer::explanation`]): set for
    /// the answers of the entry point, not for a table's rows. Only in the packages built with
    /// the `audit` feature, the npm package's engine among them, whose API words them in
    /// English: the page words every verdict from its codes, so its first and AI usage packages
    /// leave them out (the first would pay 5 KB gzipped for the messages' keys, the AI usage
    /// package 1 KB for building them).
    #[cfg(feature = "audit")]
    explanation: Option<ExplanationView>,
}

/// A verdict's answer alone ([`crate::RobotsFile::answer_many`]): its first five fields, the
/// same names and values as [`VerdictView`]'s.
#[cfg(feature = "audit")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AnswerRow {
    allowed: Option<bool>,
    reason: &'static str,
    line: Option<usize>,
    group_used: Option<&'static str>,
    why_decides: Option<&'static str>,
}

#[cfg(feature = "audit")]
impl AnswerRow {
    /// The row of `verdict`, or of a refused question.
    pub fn new(verdict: Option<Verdict>) -> AnswerRow {
        match verdict {
            Some(verdict) => AnswerRow {
                allowed: Some(verdict.allowed),
                reason: verdict.reason.id(),
                line: verdict.deciding_line(),
                group_used: Some(verdict.group_used().id()),
                why_decides: verdict.why_decides().map(robots_lens::WhyDecides::id),
            },
            None => AnswerRow {
                allowed: None,
                reason: robots_lens::REFUSED,
                line: None,
                group_used: None,
                why_decides: None,
            },
        }
    }
}

/// [`NotRobotsTxt`] for JS: `kind` its id (`html-page`, `html-page-with-rules`, `json`,
/// `error-text`, `binary`), `line` the line that shows it, `opener` that line's text,
/// `directiveLines` the robots.txt lines of a page with rules, `format` a binary format's code.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct NotRobotsTxtView {
    kind: &'static str,
    line: usize,
    /// At most 80 characters, as a message shows it.
    opener: String,
    directive_lines: Option<usize>,
    format: Option<&'static str>,
}

impl NotRobotsTxtView {
    fn new(what: NotRobotsTxt, opener: String) -> NotRobotsTxtView {
        NotRobotsTxtView {
            kind: what.id(),
            line: what.line(),
            opener,
            directive_lines: match what {
                NotRobotsTxt::HtmlPageWithRules {
                    directive_lines, ..
                } => Some(directive_lines),
                _ => None,
            },
            format: what.format_id(),
        }
    }
}

/// [`Explanation`] for JS: each sentence a `{ key, args }` (npm/api.js fills them with
/// www/text/message-fill.js).
#[cfg(feature = "audit")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ExplanationView {
    verdict: Message,
    reason: Message,
    decided_by: Option<Message>,
    group: Option<Message>,
    agent: Option<Message>,
    status: Option<Message>,
    content: Option<Message>,
}

#[cfg(feature = "audit")]
impl From<Explanation> for ExplanationView {
    fn from(explanation: Explanation) -> ExplanationView {
        ExplanationView {
            verdict: explanation.verdict,
            reason: explanation.reason,
            decided_by: explanation.decided_by,
            group: explanation.group,
            agent: explanation.agent,
            status: explanation.status,
            content: explanation.content,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AgentLineReadingView {
    line: usize,
    written: String,
    google_reads: String,
    applies: bool,
    other_reading_applies: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CrawlerReadingView {
    name: &'static str,
    /// Which group it used, as a code ([`CrawlerReading::why_id`]).
    group: &'static str,
    /// Its verdict, whose groups and chain step say which group it used.
    verdict: Box<VerdictView>,
    /// Which group it used and why, as the core words it (see `crawler_why`).
    #[cfg(feature = "panels")]
    why: Message,
}

impl VerdictView {
    /// This view with the crawler's own reading beside it.
    pub fn with_crawler_reading(mut self, own: Option<CrawlerReading>) -> VerdictView {
        self.crawler_reading = own.map(|own| CrawlerReadingView {
            name: own.crawler.name,
            group: own.why_id(),
            #[cfg(feature = "panels")]
            why: own.why(),
            verdict: Box::new(VerdictView::from(own.verdict)),
        });
        self
    }

    /// This view, a crawler's own check, with the core's sentence for the group it used.
    #[cfg(feature = "panels")]
    pub fn with_crawler_why(mut self, why: Option<Message>) -> VerdictView {
        self.crawler_why = why;
        self
    }
}

/// The view takes the verdict's strings over rather than copying them: a full verdict's view is
/// made for every URL of a batch.
impl From<Verdict> for VerdictView {
    fn from(verdict: Verdict) -> VerdictView {
        let groups = GroupsView::Views(verdict.groups.iter().map(AppliedGroupView::from).collect());
        VerdictView::with_groups(verdict, groups)
    }
}

/// A verdict's applied groups as they cross into JS: converted with the verdict, or an array
/// already handed to JS for another verdict with the same groups ([`SharedGroups`]).
enum GroupsView {
    Views(Vec<AppliedGroupView>),
    Shared(JsValue),
}

impl Serialize for GroupsView {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            GroupsView::Views(views) => views.serialize(serializer),
            GroupsView::Shared(array) => crate::tape::preserve(array, serializer),
        }
    }
}

/// The JS array of applied groups handed out last, with the core's shared list it was made
/// from. Every verdict for one agent has the same groups ([`Verdict::groups`] is one `Arc` per
/// selection), and on a large file they hold thousands of line numbers (the shared corpus's
/// 512 KB file: 145 groups, 3,658 lines for Googlebot), which would otherwise be converted
/// again for every URL: 30 times the cost of the check itself. Verdicts for the same agent in a
/// row therefore share one array: it must be read, not changed.
#[derive(Default)]
pub struct SharedGroups {
    /// The core's list is kept with its array, so that its address cannot be reused by another
    /// list while it is the key.
    last: RefCell<Option<(Arc<[AppliedGroup]>, JsValue)>>,
}

impl SharedGroups {
    /// `answer` for JS (see [`VerdictView`]), asked by `agent` (as typed) under `profile` and
    /// `agent_match` (their ids), its groups converted unless the verdict before had the same.
    pub fn answer_view(
        &self,
        answer: Answer,
        agent: &str,
        (profile, agent_match): (&'static str, &'static str),
    ) -> VerdictView {
        #[cfg(feature = "audit")]
        let explanation = ExplanationView::from(answer.explanation());
        let (url_host, url_problem) = match &answer.request {
            Ok(typed) => (typed.host.clone(), None),
            Err(problem) => (None, Some(problem.kind().id())),
        };
        let mut view = match answer.verdict {
            Some(verdict) => self.verdict_view(verdict),
            None => VerdictView::refused(agent, profile, agent_match),
        };
        view.url_host = url_host;
        view.url_problem = url_problem;
        view.not_robots_txt = answer
            .not_robots_txt
            .map(|(what, opener)| NotRobotsTxtView::new(what, opener));
        view.crawler = answer.crawler.map(|crawler| crawler.name);
        view.as_typed = answer
            .as_typed
            .map(|typed| Box::new(VerdictView::from(typed)));
        #[cfg(feature = "audit")]
        {
            view.explanation = Some(explanation);
        }
        view
    }

    /// `verdict` for JS, its groups converted unless the verdict before had the same.
    pub fn verdict_view(&self, verdict: Verdict) -> VerdictView {
        let mut last = self.last.borrow_mut();
        let kept = last
            .as_ref()
            .filter(|(groups, _)| Arc::ptr_eq(groups, &verdict.groups));
        let groups = match kept {
            Some((_, array)) => GroupsView::Shared(array.clone()),
            None => {
                let views: Vec<AppliedGroupView> =
                    verdict.groups.iter().map(AppliedGroupView::from).collect();
                // Numbers and arrays do not fail to convert; if they ever did, this verdict
                // carries its own copy and its own conversion reports it.
                match crate::to_js(&views) {
                    Ok(array) => {
                        *last = Some((Arc::clone(&verdict.groups), array.clone()));
                        GroupsView::Shared(array)
                    }
                    Err(_) => GroupsView::Views(views),
                }
            }
        };
        VerdictView::with_groups(verdict, groups)
    }
}

impl VerdictView {
    /// The view of a URL no crawler requests: nothing was matched, so every list is empty.
    fn refused(agent: &str, profile: &'static str, agent_match: &'static str) -> VerdictView {
        VerdictView {
            allowed: None,
            reason: robots_lens::REFUSED,
            line: None,
            group_used: None,
            why_decides: None,
            profile,
            agent_match,
            agent: agent.trim().to_owned(),
            agent_token: String::new(),
            path: String::new(),
            normalised_path: String::new(),
            decisive: None,
            groups: GroupsView::Views(Vec::new()),
            used_star_group: false,
            chain_step: None,
            matches: Vec::new(),
            beyond_size_limit: None,
            agent_line_readings: Vec::new(),
            crawler_reading: None,
            crawler: None,
            as_typed: None,
            #[cfg(feature = "panels")]
            crawler_why: None,
            url_host: None,
            url_problem: None,
            not_robots_txt: None,
            #[cfg(feature = "audit")]
            explanation: None,
        }
    }

    fn with_groups(verdict: Verdict, groups: GroupsView) -> VerdictView {
        let outcomes: Vec<&'static str> = verdict
            .matches
            .iter()
            .map(|found| verdict.outcome(found).id())
            .collect();
        VerdictView {
            allowed: Some(verdict.allowed),
            reason: verdict.reason.id(),
            line: verdict.deciding_line(),
            group_used: Some(verdict.group_used().id()),
            why_decides: verdict.why_decides().map(robots_lens::WhyDecides::id),
            profile: verdict.profile.id(),
            agent_match: verdict.agent_match.id(),
            agent: verdict.agent,
            agent_token: verdict.agent_token,
            path: verdict.path,
            normalised_path: verdict.normalised_path,
            decisive: verdict.decisive.map(RuleMatchView::from),
            groups,
            used_star_group: verdict.used_star_group,
            chain_step: verdict.chain_step.as_ref().map(UsedStepView::from),
            matches: verdict
                .matches
                .into_iter()
                .zip(outcomes)
                .map(|(found, outcome)| RuleMatchView {
                    outcome: Some(outcome),
                    ..RuleMatchView::from(found)
                })
                .collect(),
            beyond_size_limit: verdict.beyond_size_limit.map(RuleMatchView::from),
            agent_line_readings: verdict
                .agent_line_readings
                .into_iter()
                .map(|reading| AgentLineReadingView {
                    line: reading.line,
                    written: reading.written,
                    google_reads: reading.google_reads,
                    applies: reading.applies,
                    other_reading_applies: reading.other_reading_applies,
                })
                .collect(),
            crawler_reading: None,
            crawler: None,
            as_typed: None,
            #[cfg(feature = "panels")]
            crawler_why: None,
            url_host: None,
            url_problem: None,
            not_robots_txt: None,
            #[cfg(feature = "audit")]
            explanation: None,
        }
    }
}

/// One finding of the audit, with its span in UTF-16 code units.
#[cfg(feature = "audit")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FindingView {
    code: &'static str,
    name: &'static str,
    severity: Severity,
    line: usize,
    /// UTF-16 offsets of the part of the text the finding is about, when narrower than the line.
    start: Option<usize>,
    end: Option<usize>,
    /// The sentences as keys and values, worded by the page's catalogue.
    message: Message,
    why: Message,
    fix: Message,
    replacement: Option<String>,
    related_lines: Vec<usize>,
    /// The first question the finding is about, in words ("Googlebot may fetch `/admin/`
    /// under Google's parser; read as intended, it may not."), when it has evidence.
    example: Option<Message>,
    /// How many questions its evidence holds.
    effects: usize,
    /// `checked` when the replacement was re-asked before it was offered, `withheld` when the
    /// obvious one failed (the fix then says why), `none` otherwise.
    fix_check: FixCheck,
    /// The readers whose verdict its evidence shows changed, as bits of the consumers' order
    /// ([`robots_lens::consumers::effect_readers`]): the consumers package adds those that
    /// complain about its line (`findingConsumers`). A number, not names: this package's budget.
    readers: u16,
    /// The consumers the finding is about, by id, as `robots-lens lint --format json` names them
    /// ([`robots_lens::consumers::about_finding`]): only where the package carries the
    /// consumers' table too (npm's engine); the page's audit package leaves the table to the
    /// consumers package.
    #[cfg(feature = "consumers")]
    consumers: robots_lens::consumers::ConsumerSet,
}

/// The findings with their byte spans turned into UTF-16 offsets into the text the page shows
/// for `input` (see [`Utf16Offsets`]).
#[cfg(feature = "audit")]
pub fn findings<'a>(
    input: &'a [u8],
    robots: &'a RobotsTxt,
    findings: &[Finding],
) -> Vec<FindingView> {
    let spans = FindingSpans::new(input, robots);
    findings.iter().map(|finding| spans.view(finding)).collect()
}

/// One cause of the audit (see [`robots_lens::audit::group_by_cause`]): its code, its severity
/// and every finding of it, by line (the first is the one shown in full; the lines it covers are
/// theirs), so that each line and each finding stays reachable from the one entry the page shows.
#[cfg(feature = "audit")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CauseView {
    code: &'static str,
    severity: Severity,
    findings: Vec<FindingView>,
}

/// The causes, each finding's byte span turned into UTF-16 offsets as [`findings`] does.
#[cfg(feature = "audit")]
pub fn causes<'a>(
    input: &'a [u8],
    robots: &'a RobotsTxt,
    causes: &[robots_lens::audit::Cause],
) -> Vec<CauseView> {
    let spans = FindingSpans::new(input, robots);
    causes
        .iter()
        .map(|cause| CauseView {
            code: cause.code().id(),
            severity: cause.severity(),
            findings: cause
                .findings()
                .iter()
                .map(|finding| spans.view(finding))
                .collect(),
        })
        .collect()
}

/// The UTF-16 offset of each line's start, computed once per file in one forward pass, so that
/// each finding's span converts from its own line's start instead of from the top of the file.
#[cfg(feature = "audit")]
struct FindingSpans<'a> {
    input: &'a [u8],
    line_starts: Vec<(usize, usize)>,
    /// One table for every finding's consumers.
    #[cfg(feature = "consumers")]
    table: robots_lens::consumers::ConsumerTable<'a>,
}

#[cfg(feature = "audit")]
impl<'a> FindingSpans<'a> {
    fn new(input: &'a [u8], robots: &'a RobotsTxt) -> FindingSpans<'a> {
        let mut offsets = Utf16Offsets::new(input);
        let line_starts = robots
            .lines()
            .iter()
            .map(|line| (line.start, offsets.at(line.start)))
            .collect();
        FindingSpans {
            input,
            line_starts,
            #[cfg(feature = "consumers")]
            table: robots_lens::consumers::readings(robots),
        }
    }

    fn utf16(&self, line: usize, byte: usize) -> usize {
        let byte = byte.min(self.input.len());
        match line
            .checked_sub(1)
            .and_then(|index| self.line_starts.get(index))
        {
            Some(&(start, start16)) if byte >= start => {
                start16 + utf16_len(&self.input[start..byte])
            }
            // Only the byte order mark lies before its line.
            _ => utf16_len(&self.input[..byte]),
        }
    }

    fn view(&self, finding: &Finding) -> FindingView {
        FindingView {
            code: finding.code.id(),
            name: finding.code.name(),
            severity: finding.severity,
            line: finding.line,
            start: finding
                .span
                .map(|span| self.utf16(finding.line, span.start)),
            end: finding.span.map(|span| self.utf16(finding.line, span.end)),
            message: finding.message.clone(),
            why: finding.why.clone(),
            fix: finding.fix.clone(),
            replacement: finding.replacement.clone(),
            related_lines: finding.related_lines.clone(),
            example: finding.effect.first().map(Effect::message),
            effects: finding.effect.len(),
            fix_check: finding.fix_check,
            readers: robots_lens::consumers::effect_readers(&finding.effect).bits(),
            #[cfg(feature = "consumers")]
            consumers: robots_lens::consumers::about_finding(&self.table, finding),
        }
    }
}

/// A row of the other readers' table (`compareProfiles`, in the packages with the panels).
#[cfg(feature = "panels")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfileRowView {
    profile: &'static str,
    title: &'static str,
    verdict: VerdictView,
    agrees: bool,
    /// Why it answers otherwise, as a key and values the page words.
    why: Option<Message>,
}

#[cfg(feature = "panels")]
impl ProfileRowView {
    /// The crawler's own reading as a row of its own among the other readers.
    pub fn crawler(own: &CrawlerReading) -> ProfileRowView {
        ProfileRowView {
            profile: "crawler",
            title: own.crawler.name,
            verdict: VerdictView::from(own.verdict.clone()),
            agrees: false,
            // The page words the crawler's row itself, from its verdict.
            why: None,
        }
    }
}

#[cfg(feature = "panels")]
impl From<&ProfileVerdict> for ProfileRowView {
    fn from(row: &ProfileVerdict) -> ProfileRowView {
        ProfileRowView {
            profile: row.profile.id(),
            title: row.profile.spec().title,
            verdict: VerdictView::from(row.verdict.clone()),
            agrees: row.agrees,
            why: row.why.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_count_utf16_units() {
        let text = "\u{feff}a: é\r\nb: 😀\nc";
        let mut offsets = Utf16Offsets::new(text.as_bytes());
        assert_eq!(offsets.at(3), 1);
        assert_eq!(offsets.at(text.find('\r').unwrap()), 5);
        let b = text.find('b').unwrap();
        assert_eq!(offsets.at(b), 7);
        assert_eq!(offsets.at(text.rfind('\n').unwrap()), 7 + 5);
    }

    #[cfg(feature = "audit")]
    #[test]
    fn finding_spans_are_utf16_offsets() {
        let text = "User-agent: *\nDisallow: /é$x\n";
        let robots = RobotsTxt::parse(text.as_bytes());
        let found = robots.audit();
        let views = findings(text.as_bytes(), &robots, &found);
        let dollar = views
            .iter()
            .find(|view| view.code == "RL402")
            .expect("a mid-pattern $");
        let (start, end) = (dollar.start.unwrap(), dollar.end.unwrap());
        let units: Vec<u16> = text.encode_utf16().collect();
        assert_eq!(String::from_utf16(&units[start..end]).unwrap(), "$");
    }

    #[cfg(feature = "audit")]
    #[test]
    fn causes_carry_every_finding_of_each_cause() {
        let mut text = String::from("User-agent: *\nDisallow: /tmp/\n\n");
        for bot in 0..40 {
            text.push_str(&format!("User-agent: Bot{bot}x\nDisallow: /\n\n"));
        }
        let robots = RobotsTxt::parse(text.as_bytes());
        let found = robots.audit();
        let grouped = robots_lens::audit::group_by_cause(found.clone());
        let views = causes(text.as_bytes(), &robots, &grouped);
        assert_eq!(views.len(), grouped.len());
        assert!(views.len() < found.len(), "some findings share a cause");
        let biggest = views.iter().map(|view| view.findings.len()).max().unwrap();
        assert!(
            biggest >= 40,
            "the names cut short are one cause of {biggest}"
        );
        // Every finding crosses, once, with the same view `findings` gives it.
        let flat: Vec<(usize, &str)> = views
            .iter()
            .flat_map(|view| {
                view.findings
                    .iter()
                    .map(|finding| (finding.line, finding.code))
            })
            .collect();
        assert_eq!(flat.len(), found.len());
        for view in &views {
            assert!(view
                .findings
                .iter()
                .all(|finding| finding.code == view.code));
        }
    }

    #[test]
    fn lines_carry_utf16_spans_and_their_group() {
        let text = "User-agent: *\nDisallow: /é\n# c";
        let robots = RobotsTxt::parse(text.as_bytes());
        let view = FileView::new(text.as_bytes(), &robots);
        assert_eq!((view.lines[1].start, view.lines[1].end), (14, 26));
        assert_eq!(view.lines[1].group, Some(0));
        assert_eq!(view.lines[2].group, None);
    }

    /// Bytes that are not UTF-8, as an opened file holds them: one U+FFFD in the page's text
    /// for each invalid sequence of one to three bytes, and a 4-byte character cut short.
    const INVALID: &[u8] = b"\xef\xbb\xbfUser-agent: *\r\nDisallow: /caf\xe9 # \xe9\xe9t\xc3\xa9\n\
        # \xf0\x9f\x98\n\xe2\x82Allow: /\x80z\xed\xa0\x80\nDisallow: /\xf0\x9f\x98\x80$a\n";

    #[test]
    fn line_spans_index_the_shown_text_when_bytes_are_not_utf8() {
        let robots = RobotsTxt::parse(INVALID);
        let shown: Vec<u16> = String::from_utf8_lossy(INVALID).encode_utf16().collect();
        let view = FileView::new(INVALID, &robots);
        assert_eq!(view.lines.len(), 5);
        for line in &view.lines {
            let slice = String::from_utf16(&shown[line.start..line.end]).unwrap();
            assert_eq!(
                slice,
                line.text.trim_end_matches('\r'),
                "line {}",
                line.number
            );
        }
        // Each lone byte is one U+FFFD; the line's units are not its bytes.
        let second = &view.lines[1];
        assert_eq!(
            String::from_utf16(&shown[second.start..second.end]).unwrap(),
            "Disallow: /caf\u{fffd} # \u{fffd}\u{fffd}té"
        );
        assert_eq!(
            view.lines[4].start,
            shown.len() - "Disallow: /😀$a\n".encode_utf16().count()
        );
    }

    #[cfg(feature = "audit")]
    #[test]
    fn finding_spans_index_the_shown_text_when_bytes_are_not_utf8() {
        let robots = RobotsTxt::parse(INVALID);
        let shown: Vec<u16> = String::from_utf8_lossy(INVALID).encode_utf16().collect();
        let found = robots.audit();
        let views = findings(INVALID, &robots, &found);
        assert!(
            views.iter().any(|view| view.line == 2),
            "the invalid line is reported"
        );
        for view in &views {
            let (Some(start), Some(end)) = (view.start, view.end) else {
                continue;
            };
            assert!(
                start <= end && end <= shown.len(),
                "{}: {start}..{end}",
                view.code
            );
            let line = robots.line(view.line).unwrap();
            let spanned = String::from_utf16(&shown[start..end]).unwrap();
            assert!(
                line.text().contains(&spanned) || (view.code == "RL103" && spanned == "\u{feff}"),
                "{} on line {}: {spanned:?} is not in {:?}",
                view.code,
                view.line,
                line.text()
            );
        }
        // A span after the invalid lines still lands on its own characters.
        let dollar = views
            .iter()
            .find(|view| view.code == "RL402")
            .expect("a mid-pattern $");
        let (start, end) = (dollar.start.unwrap(), dollar.end.unwrap());
        assert_eq!(String::from_utf16(&shown[start..end]).unwrap(), "$");
    }

    /// Every file of the audit corpus (BOMs, Latin-1, UTF-16, NULs, CR-only among them), read as
    /// the page reads an opened file: each line's span holds that line's text as shown.
    #[test]
    fn line_spans_hold_their_line_in_every_corpus_file() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/audit");
        let mut checked = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|ext| ext != "txt") {
                continue;
            }
            let input = std::fs::read(&path).unwrap();
            let robots = RobotsTxt::parse(&input);
            let shown: Vec<u16> = String::from_utf8_lossy(&input).encode_utf16().collect();
            for line in &FileView::new(&input, &robots).lines {
                let slice = String::from_utf16_lossy(&shown[line.start..line.end]);
                assert_eq!(slice, line.text, "{} line {}", path.display(), line.number);
            }
            checked += 1;
        }
        assert!(checked > 30, "{checked} files");
    }
}
