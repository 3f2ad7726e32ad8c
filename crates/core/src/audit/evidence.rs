//! Evidence: every finding is about questions the engine can ask, and it asks them.
//!
//! A check does not decide how serious its finding is. It says what the author evidently meant
//! as an [`Intent`]: an edit of the text (the rule as it was meant, the group boundary where it
//! was meant, the line deleted). This module asks the answering layer the same questions of the
//! file as written and of the file with the edit — every catalogued crawler and every name the
//! file gives, under every reader profile, on probe paths derived from the lines involved — and
//! keeps the answers that differ as the finding's [`Effect`]s. The severity follows from them by
//! one rule ([`severity`]); a finding whose edit changes no answer is a note.
//!
//! When the edit is the fix the finding offers, it is checked before it is offered: it must
//! change no verdict outside the lines the finding is about, and the audit of the fixed file
//! must raise no new warning or error. A fix that fails is withheld, and the finding says what
//! the owner has to decide instead.
//!
//! Cost: each finding with an intent re-reads the edited file once (parse, the readers' group
//! selection for every asker, the probes for each distinct selection). The total re-read text is
//! bounded by [`EVIDENCE_BUDGET`]; findings past it keep no evidence and are notes, and the
//! audit says so ([`Evidence::OverLimit`]).

use std::collections::{HashMap, HashSet};

use super::{Code, Finding, Severity};
use crate::answer::{Question, UrlReading, Who};
use crate::catalogue::{crawlers, Crawler, Purpose};
use crate::matcher::Checker;
use crate::message::{Message, MessageId as M};
use crate::probes::Probes;
use crate::profile::Profile;
use crate::robots::RobotsTxt;
use crate::status::handling_profile;
use crate::verdict::Verdict;

/// The readers asked: Google's parser, RFC 9309 and Python's robotparser. The 1994
/// convention has no reader in use today that the others do not already answer for.
const READERS: [Profile; 3] = [Profile::Google, Profile::Rfc9309, Profile::Python];

/// The most effects a finding keeps: enough to show who is affected and where.
pub const MAX_EFFECTS: usize = 6;

/// The most probe paths asked for one finding.
pub const MAX_PROBES_PER_FINDING: usize = 48;

/// How much edited text (in bytes) the evidence of one audit may read, over all its findings:
/// 24 MiB, or 24 times the file, whichever is more. Past it, findings keep no evidence.
pub const EVIDENCE_BUDGET: usize = 24 << 20;

/// How many times the size of the file the evidence may read, when that is more than
/// [`EVIDENCE_BUDGET`].
const BUDGET_PER_FILE: usize = 24;

/// One question whose answer the finding is about: asked of the file as written, it gets
/// `allowed`; asked of the file as evidently meant, it would get `intended`. Reproduce it with
/// `robots-lens check FILE --agent AGENT --url URL --profile PROFILE`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Effect {
    /// Who asks: a catalogued crawler's name, or a name the file gives.
    pub agent: String,
    /// The catalogued crawler, when one asks.
    pub crawler: Option<&'static Crawler>,
    /// The path asked about.
    pub url: String,
    /// The reader that answers.
    pub profile: Profile,
    /// The verdict the file gives now.
    pub allowed: bool,
    /// The verdict the file gives once it says what its author evidently meant.
    pub intended: bool,
    /// The line that decides now, if one does.
    pub line: Option<usize>,
}

impl Effect {
    /// Whether a major crawler (a search engine's or an AI crawler of the catalogue) answers
    /// this way in its own reading of the file: such an effect makes a finding an error.
    pub fn is_major(&self) -> bool {
        self.crawler
            .is_some_and(|crawler| is_major(crawler) && self.profile == own_profile(crawler))
    }

    /// The effect in words: who may or may not fetch what, under which reader, and what was
    /// meant.
    pub fn message(&self) -> Message {
        let id = match (self.allowed, self.line.is_some()) {
            (true, true) => M::EvidenceAllowedByLine,
            (true, false) => M::EvidenceAllowed,
            (false, true) => M::EvidenceBlockedByLine,
            (false, false) => M::EvidenceBlocked,
        };
        let message = Message::new(id)
            .text("agent", self.agent.as_str())
            .code("url", &self.url)
            .with("reader", crate::divergence::reader_name(self.profile.spec()));
        match self.line {
            Some(line) => message.line("line", line),
            None => message,
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Effect {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let word = |allowed: bool| if allowed { "allowed" } else { "disallowed" };
        let mut state = serializer.serialize_struct("Effect", 6)?;
        state.serialize_field("agent", &self.agent)?;
        state.serialize_field("url", &self.url)?;
        state.serialize_field("profile", self.profile.spec().id)?;
        state.serialize_field("verdict", word(self.allowed))?;
        state.serialize_field("intended", word(self.intended))?;
        state.serialize_field("line", &self.line)?;
        state.end()
    }
}

/// Whether a finding's evidence was computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Evidence {
    /// The finding names no question whose answer it changes: a note on style, on a line no
    /// reader acts on, or on what a directive does.
    #[default]
    None,
    /// Asked: [`Finding::effect`] holds the answers that differ (none when nothing changes).
    Computed,
    /// Not asked: the file's findings used up [`EVIDENCE_BUDGET`] first.
    OverLimit,
}

/// What became of the fix a finding offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum FixCheck {
    /// The fix is in words; there is no text to check.
    #[default]
    None,
    /// [`Finding::replacement`] was applied and re-asked: it gives the intended verdicts,
    /// changes none outside the finding, and raises no new warning or error.
    Checked,
    /// The obvious replacement failed that check and is not offered; [`Finding::fix`] says
    /// what to decide instead.
    Withheld,
}

/// What the author evidently meant, as an edit of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Intent {
    /// Byte edits of the input, in any order, none overlapping.
    edits: Vec<Edit>,
    /// Whether the file itself shows the intent. When it only suggests it (a named group that
    /// may escape `*` on purpose), no effect makes the finding more than a warning.
    evident: bool,
    /// Whether the edit is the fix the finding offers as its replacement.
    offered: bool,
    /// Whose reading of the file as written is the intent.
    reading: Reading,
    /// Lines (of the file as written) whose verdicts the finding is about, besides its own
    /// line, its related lines and the edited ones.
    scope: Vec<usize>,
}

/// Whose reading of the file as written already is what its author meant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reading {
    /// Nobody's necessarily: every answer the edit changes is evidence.
    Edited,
    /// Google's and RFC 9309's: the edit writes the line so that every reader reads it as they
    /// do. An answer of theirs that the edit changes shows the edit wrong, not the file.
    Google,
}

impl Intent {
    /// The file with `edits` is what the author evidently meant; it is not offered as a fix.
    pub(crate) fn meant(edits: Vec<Edit>) -> Intent {
        Intent {
            edits,
            evident: true,
            offered: false,
            reading: Reading::Edited,
            scope: Vec::new(),
        }
    }

    /// Google and RFC 9309 readers already read the line as meant; the edit, offered as the
    /// fix, writes it so that the other readers do too.
    pub(crate) fn portable(edits: Vec<Edit>) -> Intent {
        Intent {
            reading: Reading::Google,
            ..Intent::fix(edits)
        }
    }

    /// The file with `edits` is the fix the finding offers as its replacement.
    pub(crate) fn fix(edits: Vec<Edit>) -> Intent {
        Intent {
            offered: true,
            ..Intent::meant(edits)
        }
    }

    /// The intent is a likely reading, not one the file shows: effects make a warning at most.
    pub(crate) fn likely(mut self) -> Intent {
        self.evident = false;
        self
    }

    /// Verdicts decided by `lines` are within the finding too.
    pub(crate) fn with_scope(mut self, lines: impl IntoIterator<Item = usize>) -> Intent {
        self.scope.extend(lines);
        self
    }
}

/// One change of the input's bytes: `start..end` becomes `text`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Edit {
    start: usize,
    end: usize,
    text: String,
}

impl Edit {
    /// Line `number`'s text (its terminator kept) becomes `text`, which may hold several lines.
    /// `None` when the file has no such line.
    pub(crate) fn replace_line(robots: &RobotsTxt, number: usize, text: &str) -> Option<Edit> {
        let line = robots.line(number)?;
        Some(Edit {
            start: line.start,
            end: line.end,
            text: text.to_owned(),
        })
    }

    /// Line `number` goes, with its terminator.
    pub(crate) fn delete_line(robots: &RobotsTxt, number: usize) -> Option<Edit> {
        let line = robots.line(number)?;
        let end = robots
            .line(number + 1)
            .map_or(robots.input().len(), |next| next.start);
        Some(Edit {
            start: line.start,
            end,
            text: String::new(),
        })
    }

    /// `text` (one or more lines) goes before line `number`; past the last line, at the end.
    pub(crate) fn insert_before(robots: &RobotsTxt, number: usize, text: &str) -> Edit {
        match robots.line(number) {
            Some(line) => Edit {
                start: line.start,
                end: line.start,
                text: format!("{text}\n"),
            },
            None => {
                let input = robots.input();
                let end = input.len();
                let separator = match input.last() {
                    None | Some(b'\n' | b'\r') => "",
                    Some(_) => "\n",
                };
                Edit {
                    start: end,
                    end,
                    text: format!("{separator}{text}\n"),
                }
            }
        }
    }
}

/// The line-1 bytes before the line's own text (a byte order mark) stay, unless an edit
/// starts at 0 on purpose.
fn apply(input: &[u8], edits: &mut [Edit]) -> Option<(Vec<u8>, Vec<Segment>)> {
    edits.sort_by_key(|edit| (edit.start, edit.end));
    let mut out = Vec::with_capacity(input.len() + 64);
    let mut segments = Vec::new();
    let mut at = 0;
    for edit in edits.iter() {
        if edit.start < at || edit.end < edit.start || edit.end > input.len() {
            return None;
        }
        segments.push(Segment::Kept {
            from: at,
            to: edit.start,
            at: out.len(),
        });
        out.extend_from_slice(&input[at..edit.start]);
        segments.push(Segment::Edited {
            at: out.len(),
            len: edit.text.len(),
        });
        out.extend_from_slice(edit.text.as_bytes());
        at = edit.end;
    }
    segments.push(Segment::Kept {
        from: at,
        to: input.len(),
        at: out.len(),
    });
    out.extend_from_slice(&input[at..]);
    Some((out, segments))
}

/// Where a run of the edited file's bytes came from.
#[derive(Debug, Clone, Copy)]
enum Segment {
    /// `from..to` of the input, written at `at`.
    Kept { from: usize, to: usize, at: usize },
    /// `len` new bytes written at `at`.
    Edited { at: usize, len: usize },
}

/// The edited file's line numbers, read as the file's own: each line that stands where it
/// stood maps to its old number; a line of new text maps to `None`.
struct LineMap {
    old: Vec<Option<usize>>,
}

impl LineMap {
    fn new(original: &RobotsTxt, edited: &RobotsTxt, segments: &[Segment]) -> LineMap {
        let starts: Vec<usize> = original.lines().iter().map(|line| line.start).collect();
        let old_line = |offset: usize| match starts.binary_search(&offset) {
            Ok(index) => Some(index + 1),
            // Inside a line: that line (a cut at a NUL, say).
            Err(0) => None,
            Err(index) => Some(index),
        };
        let old = edited
            .lines()
            .iter()
            .map(|line| {
                let offset = line.start;
                segments.iter().find_map(|segment| match *segment {
                    Segment::Kept { from, to, at } if offset >= at && offset < at + (to - from) => {
                        Some(old_line(from + (offset - at)))
                    }
                    Segment::Edited { at, len, .. } if offset >= at && offset < at + len => {
                        Some(None)
                    }
                    _ => None,
                })
            })
            .map(Option::flatten)
            .collect();
        LineMap { old }
    }

    fn old(&self, new: usize) -> Option<usize> {
        new.checked_sub(1)
            .and_then(|index| self.old.get(index).copied().flatten())
    }
}

/// The lines of the file as written that the edits touch: those whose bytes (terminator
/// included) an edit replaces, and the line an insertion stands before.
fn edited_lines(original: &RobotsTxt, edits: &[Edit]) -> Vec<usize> {
    let lines = original.lines();
    let starts: Vec<usize> = lines.iter().map(|line| line.start).collect();
    // The line that holds `offset`: the last one starting at or before it.
    let holding = |offset: usize| starts.partition_point(|&start| start <= offset).max(1);
    let mut touched = Vec::new();
    for edit in edits {
        if starts.is_empty() {
            break;
        }
        let first = holding(edit.start);
        let last = if edit.end > edit.start {
            holding(edit.end - 1)
        } else {
            first
        };
        touched.extend(first..=last);
    }
    touched.sort_unstable();
    touched.dedup();
    touched
}

/// A search engine's crawler or one of the catalogue's AI crawlers.
fn is_major(crawler: &Crawler) -> bool {
    matches!(
        crawler.purpose,
        Purpose::Search | Purpose::AiTraining | Purpose::AiSearch | Purpose::UserTriggered
    )
}

/// The reader a crawler is: Google's own crawlers read as Google's library does, every other
/// crawler as RFC 9309 says (both read the file alike and differ only in how they match).
fn own_profile(crawler: &Crawler) -> Profile {
    handling_profile(crawler, Profile::Rfc9309)
}

/// The one rule (`docs/severity.md`): an error when a major crawler's own reading differs from
/// what the file evidently means; a warning when only other crawlers, other readers, or a
/// likely (not evident) intent differ; a note when no answer changes.
pub(crate) fn severity(effects: &[Effect], evident: bool, major: bool) -> Severity {
    if effects.is_empty() {
        Severity::Info
    } else if evident && major {
        Severity::Error
    } else {
        Severity::Warning
    }
}

/// Who asks, for the evidence: every catalogued crawler (search engines first, as the
/// catalogue orders them), then every name the file gives that no crawler of the catalogue
/// goes by.
struct Asker {
    name: String,
    crawler: Option<&'static Crawler>,
}

impl Asker {
    fn question<'q>(&'q self, url: &'q str) -> Question<'q> {
        let who = match self.crawler {
            Some(crawler) => Who::Crawler(crawler),
            None => Who::Agent(&self.name),
        };
        Question::new(who, url).reading(UrlReading::Path)
    }

    /// How much an effect of this asker says: a major crawler first, then any catalogued one.
    fn rank(&self, profile: Profile) -> u8 {
        match self.crawler {
            Some(crawler) if is_major(crawler) && profile == own_profile(crawler) => 0,
            Some(crawler) if profile == own_profile(crawler) => 1,
            None if matches!(profile, Profile::Google | Profile::Rfc9309) => 2,
            _ => 3,
        }
    }
}

fn askers(robots: &RobotsTxt) -> Vec<Asker> {
    let mut askers: Vec<Asker> = crawlers()
        .iter()
        .map(|crawler| Asker {
            name: crawler.name.to_owned(),
            crawler: Some(crawler),
        })
        .collect();
    let mut seen: HashSet<String> = askers
        .iter()
        .map(|asker| asker.name.to_ascii_lowercase())
        .collect();
    for crawler in crawlers() {
        for token in crawler.tokens {
            seen.insert(token.to_ascii_lowercase());
        }
    }
    for group in robots.groups() {
        for agent in &group.agents {
            if let crate::group::AgentToken::Product(token) = &agent.token {
                // A name a typed agent can be: the product token Google reads.
                if !token.is_empty()
                    && token.len() <= 64
                    && seen.insert(token.to_ascii_lowercase())
                {
                    askers.push(Asker {
                        name: token.to_string(),
                        crawler: None,
                    });
                }
            }
        }
        if askers.len() >= crawlers().len() + 64 {
            break;
        }
    }
    askers
}

/// The groups an asker's verdict came from: two askers with the same groups in both files
/// get the same answers, so only one of them is asked on the probes.
fn selection(verdict: &Verdict) -> Vec<u32> {
    verdict
        .groups
        .iter()
        .map(|group| u32::try_from(group.index).unwrap_or(u32::MAX))
        .collect()
}

/// The file as written, read by every profile, with every asker's selection: computed once
/// per audit and compared with each edited file.
pub(crate) struct Prover<'r> {
    robots: &'r RobotsTxt,
    askers: Vec<Asker>,
    checkers: Vec<Checker<'r>>,
    /// For each profile, each asker's selection in the file as written.
    selections: Vec<Vec<Vec<u32>>>,
    /// The findings of the file as written, by code and line: what a fix must not add to.
    known: HashSet<(Code, usize)>,
    budget: usize,
}

/// What asking the questions of one intent found.
struct Proof {
    effects: Vec<Effect>,
    major: bool,
    /// A verdict of a catalogued crawler changed that the finding is not about.
    outside: Option<Effect>,
    /// The edited file, parsed, with the map of its lines.
    edited: RobotsTxt,
    map: LineMap,
}

impl<'r> Prover<'r> {
    pub(crate) fn new(robots: &'r RobotsTxt, findings: &[Finding]) -> Prover<'r> {
        let askers = askers(robots);
        let checkers: Vec<Checker<'r>> = READERS
            .iter()
            .map(|&profile| robots.checker(profile))
            .collect();
        let selections = checkers
            .iter()
            .map(|checker| selections(checker, &askers))
            .collect();
        let budget = EVIDENCE_BUDGET.max(robots.input().len().saturating_mul(BUDGET_PER_FILE));
        Prover {
            robots,
            askers,
            checkers,
            selections,
            known: findings.iter().map(|f| (f.code, f.line)).collect(),
            budget,
        }
    }

    /// Asks the questions of `intent`: `None` when the budget is spent or the edit does not
    /// apply. `scope` holds the lines (of the file as written) the finding is about.
    fn prove(&mut self, intent: &Intent, scope: &HashSet<usize>) -> Option<Proof> {
        let mut edits = intent.edits.clone();
        let (bytes, segments) = apply(self.robots.input(), &mut edits)?;
        if bytes.len() > self.budget {
            return None;
        }
        self.budget -= bytes.len();
        let edited = RobotsTxt::parse_owned(bytes);
        let map = LineMap::new(self.robots, &edited, &segments);
        let touched = edited_lines(self.robots, &edits);
        let new_lines: Vec<usize> = (1..=edited.lines().len())
            .filter(|&number| map.old(number).is_none())
            .collect();
        // A verdict is the finding's when a line it is about decides it in either file: its
        // own lines, the edited ones, and every line of the groups those stand in (a user-agent
        // line's fix changes what its group's rules decide for whom).
        let mut inside: HashSet<usize> = scope.clone();
        inside.extend(group_lines(self.robots, touched.iter().copied()));
        let mut inside_new: HashSet<usize> = new_lines.iter().copied().collect();
        let edited_touched = (1..=edited.lines().len())
            .filter(|&number| map.old(number).is_none_or(|old| touched.contains(&old)));
        inside_new.extend(group_lines(&edited, edited_touched));
        let probes = self.probes(&edited, &new_lines, &touched, scope);
        let mut effects: Vec<(u8, Effect)> = Vec::new();
        let mut major = false;
        let mut outside: Option<Effect> = None;
        for (index, &profile) in READERS.iter().enumerate() {
            let before = &self.checkers[index];
            let after = edited.checker(profile);
            let now = selections(&after, &self.askers);
            // Askers with the same groups in both files answer alike: one asks for all.
            let mut classes: HashMap<(&[u32], &[u32]), Vec<usize>> = HashMap::new();
            let mut order: Vec<(&[u32], &[u32])> = Vec::new();
            for (asker, (was, is)) in self.selections[index].iter().zip(&now).enumerate() {
                let key = (was.as_slice(), is.as_slice());
                classes
                    .entry(key)
                    .or_insert_with(|| {
                        order.push(key);
                        Vec::new()
                    })
                    .push(asker);
            }
            // An answer Google's and RFC 9309's readers already give as meant must not change.
            let kept = intent.reading == Reading::Google && profile != Profile::Python;
            for key in order {
                let members = &classes[&key];
                let best = members
                    .iter()
                    .copied()
                    .min_by_key(|&asker| (self.askers[asker].rank(profile), asker))
                    .unwrap_or(members[0]);
                let asker = &self.askers[best];
                let class_major = members
                    .iter()
                    .any(|&member| self.askers[member].rank(profile) == 0);
                for probe in &probes {
                    let question = asker.question(probe);
                    let (Ok(was), Ok(is)) =
                        (before.ask_verdict(&question), after.ask_verdict(&question))
                    else {
                        continue;
                    };
                    if was.allowed == is.allowed {
                        continue;
                    }
                    let effect = Effect {
                        agent: asker.name.clone(),
                        crawler: asker.crawler,
                        url: probe.clone(),
                        profile,
                        allowed: was.allowed,
                        intended: is.allowed,
                        line: was.deciding_line(),
                    };
                    let about = was.deciding_line().is_some_and(|line| inside.contains(&line))
                        || is
                            .deciding_line()
                            .is_some_and(|line| inside_new.contains(&line));
                    if kept || (!about && asker.crawler.is_some()) {
                        outside.get_or_insert(effect);
                        continue;
                    }
                    major |= class_major;
                    effects.push((asker.rank(profile), effect));
                }
            }
        }
        // Stable: within a rank, the probes of the edited text come first.
        effects.sort_by_key(|(rank, _)| *rank);
        let mut kept: Vec<Effect> = Vec::new();
        for (_, effect) in effects {
            if kept.len() >= MAX_EFFECTS {
                break;
            }
            // One effect per agent and reader keeps the list varied.
            let seen = kept
                .iter()
                .any(|k| k.agent == effect.agent && k.profile == effect.profile);
            if !seen || kept.len() < 2 {
                kept.push(effect);
            }
        }
        Some(Proof {
            effects: kept,
            major,
            outside,
            edited,
            map,
        })
    }

    /// The paths the finding is about: the patterns of the edited text first, then of the
    /// lines it replaces and of its scope, then of the groups those lines belong to, as far as
    /// room allows.
    fn probes(
        &self,
        edited: &RobotsTxt,
        new_lines: &[usize],
        touched: &[usize],
        scope: &HashSet<usize>,
    ) -> Vec<String> {
        let mut probes = Probes::new(MAX_PROBES_PER_FINDING);
        let rule_pattern = |robots: &RobotsTxt, number: usize| -> Option<String> {
            let line = robots.line(number)?;
            line.kind.is_rule().then(|| robots.value_of(number).to_owned())
        };
        for &number in new_lines {
            if let Some(pattern) = rule_pattern(edited, number) {
                probes.add_pattern(&pattern);
            }
        }
        let mut near: Vec<usize> = touched.to_vec();
        let mut scoped: Vec<usize> = scope.iter().copied().collect();
        scoped.sort_unstable();
        near.extend(scoped);
        for &number in &near {
            if let Some(pattern) = rule_pattern(self.robots, number) {
                probes.add_pattern(&pattern);
            }
        }
        // Then the other rules of the groups involved.
        for (robots, lines) in [(edited, new_lines), (self.robots, near.as_slice())] {
            for group in robots.groups() {
                if probes.is_full() {
                    break;
                }
                if lines
                    .iter()
                    .any(|&line| line >= group.first_line && line <= group.last_line)
                {
                    for rule in &group.rules {
                        probes.add_pattern(rule.pattern(robots));
                    }
                }
            }
        }
        probes.into_paths()
    }
}

/// Every line of the groups that hold any of `lines`.
fn group_lines(robots: &RobotsTxt, lines: impl Iterator<Item = usize>) -> Vec<usize> {
    let groups = robots.groups();
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for line in lines {
        // Groups are in file order and do not overlap: the last one starting at or before
        // the line is the only one that can hold it.
        let index = groups.partition_point(|group| group.first_line <= line);
        let Some(group) = index.checked_sub(1).map(|index| &groups[index]) else {
            continue;
        };
        if line <= group.last_line && seen.insert(group.index) {
            out.extend(group.lines());
        }
    }
    out
}

/// Every asker's selection under `checker`.
fn selections(checker: &Checker<'_>, askers: &[Asker]) -> Vec<Vec<u32>> {
    askers
        .iter()
        .map(|asker| {
            checker
                .ask_verdict(&asker.question("/"))
                .map(|verdict| selection(&verdict))
                .unwrap_or_default()
        })
        .collect()
}

/// Computes every finding's evidence, severity and fix check (see the module documentation).
/// `audit` re-audits an edited file without evidence, for the fix check.
pub(crate) fn prove(
    robots: &RobotsTxt,
    findings: &mut [Finding],
    audit: &dyn Fn(&RobotsTxt) -> Vec<Finding>,
) {
    if findings.iter().all(|finding| finding.intent.is_none()) {
        for finding in findings.iter_mut() {
            finding.severity = Severity::Info;
        }
        return;
    }
    let mut prover = Prover::new(robots, findings);
    // The findings that claim the most are asked first, so that a budget spent on a large
    // file leaves the notes unasked rather than the errors.
    let mut order: Vec<usize> = (0..findings.len()).collect();
    order.sort_by_key(|&index| (findings[index].severity, index));
    for index in order {
        let finding = &mut findings[index];
        let Some(intent) = finding.intent.take() else {
            finding.severity = Severity::Info;
            finding.evidence = Evidence::None;
            continue;
        };
        let mut scope: HashSet<usize> = intent.scope.iter().copied().collect();
        scope.insert(finding.line);
        scope.extend(finding.related_lines.iter().copied());
        scope.extend(edited_lines(robots, &intent.edits));
        let Some(proof) = prover.prove(&intent, &scope) else {
            finding.severity = Severity::Info;
            finding.evidence = Evidence::OverLimit;
            if intent.offered {
                finding.fix_check = FixCheck::None;
            }
            continue;
        };
        finding.evidence = Evidence::Computed;
        finding.severity = severity(&proof.effects, intent.evident, proof.major);
        if intent.offered {
            check_fix(&mut prover, finding, &proof, audit);
        }
        finding.effect = proof.effects;
    }
}

/// Offers the finding's replacement only when the edited file changes no verdict outside the
/// finding and raises no new warning or error; otherwise withholds it and says why.
fn check_fix(
    prover: &mut Prover<'_>,
    finding: &mut Finding,
    proof: &Proof,
    audit: &dyn Fn(&RobotsTxt) -> Vec<Finding>,
) {
    let replacement = finding.replacement.clone().unwrap_or_default();
    if let Some(outside) = &proof.outside {
        withhold(
            finding,
            Message::new(M::FixWithheldFlips)
                .code("replacement", first_line(&replacement))
                .phrase("effect", outside.message()),
        );
        return;
    }
    // The audit of the fixed file, without evidence: what it finds anew, weighed by its own
    // evidence, must be a note at most.
    let mut raised = audit(&proof.edited);
    raised.retain(|new| {
        let old = proof.map.old(new.line);
        old.is_none_or(|old| !prover.known.contains(&(new.code, old)))
            && new.code != finding.code
    });
    if !raised.is_empty() {
        let mut inner = Prover::new(&proof.edited, &raised);
        inner.budget = prover.budget.min(inner.budget);
        for new in raised.iter_mut() {
            let Some(intent) = new.intent.take() else {
                continue;
            };
            let mut scope: HashSet<usize> = intent.scope.iter().copied().collect();
            scope.insert(new.line);
            scope.extend(new.related_lines.iter().copied());
            let Some(inner_proof) = inner.prove(&intent, &scope) else {
                continue;
            };
            if severity(&inner_proof.effects, intent.evident, inner_proof.major) != Severity::Info
            {
                prover.budget = inner.budget;
                withhold(
                    finding,
                    Message::new(M::FixWithheldRaises)
                        .code("replacement", first_line(&replacement))
                        .text("code", new.code.id())
                        .phrase("finding", new.message.clone()),
                );
                return;
            }
        }
        prover.budget = inner.budget;
    }
    finding.fix_check = FixCheck::Checked;
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or_default()
}

fn withhold(finding: &mut Finding, why: Message) {
    finding.replacement = None;
    finding.fix_check = FixCheck::Withheld;
    finding.fix = Message::new(M::FixWithheld)
        .phrase("why", why)
        .phrase("fix", finding.fix.clone());
}
