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
//! selection for every asker, the probes for each distinct selection); findings that only
//! rewrite rules share one edited file; the fixes are checked together. The work is bounded by
//! [`EVIDENCE_BUDGET`]; findings past it keep no evidence and are notes, and the audit says so
//! ([`Evidence::OverLimit`]).

use std::collections::{HashMap, HashSet};

use super::{Code, Finding, Severity};
use crate::answer::{request_reading, Checker, Question, UrlReading, Who};
use crate::catalogue::{crawlers, Crawler, Purpose};
use crate::encoding::request_path;
use crate::lines::SIZE_LIMIT;
use crate::matcher::{GroupSelection, REMEMBERED_SELECTIONS};
use crate::message::{Message, MessageId as M};
use crate::probes::Probes;
use crate::profile::{AgentMatch, Profile};
use crate::robots::RobotsTxt;
use crate::status::handling_profile;
use crate::verdict::Reason;

/// The readers asked: Google's parser, RFC 9309 and Python's robotparser. The 1994
/// convention has no reader in use today that the others do not already answer for.
const READERS: [Profile; 3] = [Profile::Google, Profile::Rfc9309, Profile::Python];

/// Where Google's reader stands in [`READERS`]: its reading is what an intent read as Google
/// reads it ([`Reading::Google`]) holds the others to.
const GOOGLE: usize = 0;
const _: () = assert!(matches!(READERS[GOOGLE], Profile::Google));

/// The most effects a finding keeps: enough to show who is affected and where.
pub const MAX_EFFECTS: usize = 6;

/// The most probe paths asked for one finding.
pub const MAX_PROBES_PER_FINDING: usize = 48;

/// How much work the evidence of one audit may do, counted in bytes of edited text read: a
/// finding asked alone costs four times its edited file (the parse, every asker's groups, the
/// probes), a check of fixes eight times the fixed file (a whole audit), a batch once. 16 MiB: every finding of the real files we know, and about a dozen
/// findings asked alone in a 1 MB file. Past it, findings keep no evidence (notes) and fixes
/// are not offered.
pub const EVIDENCE_BUDGET: usize = 16 << 20;

/// How many names the file gives besides the catalogue's crawlers are asked, at most.
const FILE_ASKERS: usize = 64;

// Every asker's selections (within the size limit and of the whole file) stay remembered by a
// checker while the evidence asks them in turn.
const _: () = assert!(2 * (crate::catalogue::CRAWLER_COUNT + FILE_ASKERS) < REMEMBERED_SELECTIONS);

/// What asking one finding alone costs, in times its edited file (see [`EVIDENCE_BUDGET`]).
const SINGLE_COST: usize = 4;

/// What checking a set of fixes costs, in times the fixed file (see [`EVIDENCE_BUDGET`]).
const FIX_CHECK_COST: usize = 8;

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
        self.words(match (self.allowed, self.line.is_some()) {
            (true, true) => M::EvidenceAllowedByLine,
            (true, false) => M::EvidenceAllowed,
            (false, true) => M::EvidenceBlockedByLine,
            (false, false) => M::EvidenceBlocked,
        })
    }

    /// A change a fix would make that the finding is not about, in words: who may or may not
    /// fetch what now, and the other answer the fix would give (not what was meant).
    fn fix_message(&self) -> Message {
        self.words(match (self.allowed, self.line.is_some()) {
            (true, true) => M::EvidenceFixAllowedByLine,
            (true, false) => M::EvidenceFixAllowed,
            (false, true) => M::EvidenceFixBlockedByLine,
            (false, false) => M::EvidenceFixBlocked,
        })
    }

    fn words(&self, id: M) -> Message {
        let message = Message::new(id)
            .text("agent", self.agent.as_str())
            .code("url", &self.url)
            .with(
                "reader",
                crate::divergence::reader_name(self.profile.spec()),
            );
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
    /// The file read whole, past the 500 KiB that Google reads: there is no edit, and the
    /// evidence is the verdicts a rule past the limit would decide otherwise.
    Whole,
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

    /// Google and RFC 9309 readers already read the file as meant; `edits`, which the finding
    /// does not offer as its fix, say the same to the other readers.
    pub(crate) fn as_google_reads(edits: Vec<Edit>) -> Intent {
        Intent {
            reading: Reading::Google,
            ..Intent::meant(edits)
        }
    }

    /// The file with `edits` is the fix the finding offers as its replacement.
    pub(crate) fn fix(edits: Vec<Edit>) -> Intent {
        Intent {
            offered: true,
            ..Intent::meant(edits)
        }
    }

    /// The file as written, read whole, is what was meant: the lines past the size limit
    /// (`lost`) were meant to count.
    pub(crate) fn read_whole(lost: impl IntoIterator<Item = usize>) -> Intent {
        Intent {
            reading: Reading::Whole,
            ..Intent::meant(Vec::new())
        }
        .with_scope(lost)
    }

    /// A [`Intent::portable`] intent made before its edit was known: the finding's replacement
    /// becomes it.
    pub(crate) fn needs_edit(&self) -> bool {
        self.edits.is_empty() && self.reading == Reading::Google
    }

    /// Sets the edit of an intent that [`Intent::needs_edit`].
    pub(crate) fn set_edit(&mut self, edit: Edit) {
        self.edits = vec![edit];
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

/// One change of the file, by line number (of the file as written).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Edit {
    /// The line's text (its terminator kept) becomes `text`, which may hold several lines.
    Replace { line: usize, text: String },
    /// The line goes, with its terminator.
    Delete { line: usize },
    /// `text` (one or more lines) goes before the line; past the last line, at the end.
    Insert { before: usize, text: String },
    /// The whole file becomes `bytes` (its encoding repaired, a byte order mark dropped).
    Whole { bytes: Vec<u8> },
}

impl Edit {
    /// Line `line` becomes `text`.
    pub(crate) fn replace(line: usize, text: impl Into<String>) -> Edit {
        Edit::Replace {
            line,
            text: text.into(),
        }
    }

    /// Line `line` goes.
    pub(crate) fn delete(line: usize) -> Edit {
        Edit::Delete { line }
    }

    /// `text` goes before line `before`.
    pub(crate) fn insert(before: usize, text: impl Into<String>) -> Edit {
        Edit::Insert {
            before,
            text: text.into(),
        }
    }

    /// The whole file becomes `bytes`.
    pub(crate) fn whole(bytes: Vec<u8>) -> Edit {
        Edit::Whole { bytes }
    }

    /// The line of the file as written that the edit changes or stands before (line 1 for the
    /// whole file).
    fn line(&self) -> usize {
        match *self {
            Edit::Replace { line, .. } | Edit::Delete { line } => line,
            Edit::Insert { before, .. } => before,
            Edit::Whole { .. } => 1,
        }
    }

    /// The bytes of the input it replaces, and with what; `None` for a line the file lacks.
    fn span(&self, robots: &RobotsTxt) -> Option<(usize, usize, Vec<u8>)> {
        let input = robots.input();
        match self {
            Edit::Replace { line, text } => {
                let line = robots.line(*line)?;
                Some((line.start, line.end, text.clone().into_bytes()))
            }
            Edit::Delete { line } => {
                let start = robots.line(*line)?.start;
                let end = robots.line(line + 1).map_or(input.len(), |next| next.start);
                Some((start, end, Vec::new()))
            }
            Edit::Insert { before, text } => match robots.line(*before) {
                Some(line) => Some((line.start, line.start, format!("{text}\n").into_bytes())),
                None => {
                    let separator = match input.last() {
                        None | Some(b'\n' | b'\r') => "",
                        Some(_) => "\n",
                    };
                    let text = format!("{separator}{text}\n");
                    Some((input.len(), input.len(), text.into_bytes()))
                }
            },
            Edit::Whole { bytes } => Some((0, input.len(), bytes.clone())),
        }
    }
}

/// The input with `edits` made; `None` when an edit names a line the file lacks or two
/// overlap. A byte order mark before line 1 stays.
fn apply(robots: &RobotsTxt, edits: &[Edit]) -> Option<(Vec<u8>, Vec<Segment>)> {
    apply_tagged(robots, edits.iter().map(|edit| (0, edit)))
}

/// The length of the input with `edits` made, as [`apply`] makes it; `None` when an edit names
/// a line the file lacks.
fn edited_len(robots: &RobotsTxt, edits: &[Edit]) -> Option<usize> {
    edits.iter().try_fold(robots.input().len(), |len, edit| {
        let (start, end, text) = edit.span(robots)?;
        Some((len + text.len()).saturating_sub(end - start))
    })
}

/// [`apply`] for the edits of several findings at once, each tagged with its finding, so that
/// the lines each wrote can be told apart ([`LineMap::owner`]).
fn apply_tagged<'e>(
    robots: &RobotsTxt,
    edits: impl Iterator<Item = (usize, &'e Edit)>,
) -> Option<(Vec<u8>, Vec<Segment>)> {
    let input = robots.input();
    let mut spans = edits
        .map(|(tag, edit)| edit.span(robots).map(|span| (span, tag)))
        .collect::<Option<Vec<_>>>()?;
    spans.sort_by_key(|((start, end, _), _)| (*start, *end));
    let mut out = Vec::with_capacity(input.len() + 64);
    let mut segments = Vec::new();
    let mut at = 0;
    for ((start, end, text), tag) in &spans {
        if *start < at {
            return None;
        }
        segments.push(Segment::Kept {
            from: at,
            to: *start,
            at: out.len(),
        });
        out.extend_from_slice(&input[at..*start]);
        segments.push(Segment::Edited {
            at: out.len(),
            len: text.len(),
            tag: *tag,
        });
        out.extend_from_slice(text);
        at = *end;
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
    /// `len` new bytes written at `at` by the edit tagged `tag`.
    Edited { at: usize, len: usize, tag: usize },
}

/// The edited file's line numbers, read as the file's own: each line that stands where it
/// stood maps to its old number; a line of new text maps to `None`, and to the tag of the
/// edit that wrote it.
struct LineMap {
    old: Vec<Option<usize>>,
    owner: Vec<Option<usize>>,
}

impl LineMap {
    fn new(original: &RobotsTxt, edited: &RobotsTxt, segments: &[Segment]) -> LineMap {
        // The offsets asked about rise (the kept segments are in order of the input), so the
        // original's line starts are walked once, where a search for each line of a 1 MB file
        // cost a fifth of the map.
        let mut starts = original.line_starts().peekable();
        let mut passed = 0;
        let mut old_line = |offset: usize| {
            while starts.next_if(|&start| start <= offset).is_some() {
                passed += 1;
            }
            // The line starting at or before `offset` (inside a line: that line, a cut at a NUL,
            // say); none before the first.
            (passed > 0).then_some(passed)
        };
        let mut old = Vec::with_capacity(edited.lines().len());
        let mut owner = Vec::with_capacity(edited.lines().len());
        // Both the lines and the segments are in order of the edited file: one walk.
        let mut segments = segments.iter().peekable();
        for offset in edited.line_starts() {
            let (was, by) = loop {
                let Some(segment) = segments.peek() else {
                    break (None, None);
                };
                match **segment {
                    Segment::Kept { from, to, at } if offset < at + (to - from) => {
                        break (old_line(from + offset.saturating_sub(at)), None);
                    }
                    Segment::Edited { at, len, tag } if offset < at + len => {
                        break (None, Some(tag));
                    }
                    _ => {
                        segments.next();
                    }
                }
            };
            old.push(was);
            owner.push(by);
        }
        LineMap { old, owner }
    }

    fn old(&self, new: usize) -> Option<usize> {
        new.checked_sub(1)
            .and_then(|index| self.old.get(index).copied().flatten())
    }

    /// The tag of the edit that wrote line `new`, if an edit did.
    fn owner(&self, new: usize) -> Option<usize> {
        new.checked_sub(1)
            .and_then(|index| self.owner.get(index).copied().flatten())
    }
}

/// The lines of the file as written that the edits change or stand before.
fn edited_lines(edits: &[Edit]) -> Vec<usize> {
    let mut lines: Vec<usize> = edits.iter().map(Edit::line).collect();
    lines.sort_unstable();
    lines.dedup();
    lines
}

/// A search engine's crawler or one of the catalogue's AI crawlers.
pub(super) fn is_major(crawler: &Crawler) -> bool {
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

    /// The groups this asker looks for: a crawler along its chain, a name as its token.
    fn selection(&self) -> GroupSelection<'_> {
        match self.crawler {
            Some(crawler) => GroupSelection::Chain(crawler.chain),
            None => GroupSelection::Agent {
                agent: &self.name,
                model: AgentMatch::Token,
            },
        }
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

/// The askers of `robots`: every catalogued crawler, then at most [`FILE_ASKERS`] of the names
/// the file gives. The names of the user-agent lines that `findings` stand on come first: in a
/// file of hundreds of names, a finding about one of them is asked by its own crawler.
fn askers(robots: &RobotsTxt, findings: &[Finding]) -> Vec<Asker> {
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
    let about: HashSet<usize> = findings
        .iter()
        .filter(|finding| finding.intent.is_some())
        .map(|finding| finding.line)
        .collect();
    let full = crawlers().len() + FILE_ASKERS;
    for first in [true, false] {
        for agent in robots.groups().iter().flat_map(|group| &group.agents) {
            if askers.len() >= full {
                return askers;
            }
            if first && !about.contains(&agent.line) {
                continue;
            }
            if let crate::group::AgentToken::Product(token) = &agent.token {
                // A name a typed agent can be: the product token Google reads, or the crawler
                // the value evidently names when no crawler goes by that token (`Slurp` for
                // `Yahoo! Slurp`, whose fix writes `Slurp`).
                let name = super::groups::meant_name(agent.value()).unwrap_or(token.as_str());
                if !name.is_empty() && name.len() <= 64 && seen.insert(name.to_ascii_lowercase()) {
                    askers.push(Asker {
                        name: name.to_string(),
                        crawler: None,
                    });
                }
            }
        }
    }
    askers
}

/// Where the groups that start on lines `starts` start, as lines of the file as written (`map`
/// reads an edited file's lines so; a group that starts on a line an edit wrote gets a mark of
/// its own): two askers with the same groups in both files get the same answers, so only one
/// of them is asked on the probes, and an edit that moves groups does not make every group look
/// new.
fn selection(starts: &[usize], map: Option<&LineMap>) -> Vec<u32> {
    starts
        .iter()
        .map(|&first| {
            let id = |line: usize| u32::try_from(line).unwrap_or(NEW_GROUP - 1);
            match map {
                None => id(first),
                Some(map) => match map.old(first) {
                    Some(old) => id(old),
                    // A group the edit wrote (a whole file rewritten, a user-agent line put
                    // back) is known by its own first line, apart from the old ones: two new
                    // groups are not the same group, and a crawler moved into one is not in
                    // the same class as a crawler that follows another.
                    None => NEW_GROUP | id(first),
                },
            }
        })
        .collect()
}

/// Marks a selected group as one that starts on a line the edit wrote ([`selection`]).
const NEW_GROUP: u32 = 1 << 31;

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
    /// The same, by the text of each line (trimmed): a fix that moves lines writes them again
    /// at other numbers, and a finding on a line it only moved is no new one.
    known_text: HashSet<(Code, String)>,
    /// The line of every rule in a group whose pattern has no wildcard, in file order: the
    /// paths around a line are those of the plain rules nearest to it.
    plain_rule_lines: Vec<usize>,
    budget: usize,
    /// The answers of the file as written, by reader, asker and probe: the findings of one
    /// file ask it many of the same questions (their probes come from the same groups), and
    /// only the edited file's answers are new to each.
    /// Natively: the audit's wasm, whose size budget is full, asks each time.
    #[cfg(not(target_arch = "wasm32"))]
    answers: HashMap<(usize, usize, String), Option<crate::verdict::Verdict>>,
    /// The lines each asker reads in the file as written, by reader and asker: every finding
    /// asked alone compares them with the edited file's ([`untouched`]). Native only, as
    /// `answers`.
    #[cfg(not(target_arch = "wasm32"))]
    selected: HashMap<(usize, usize), Vec<usize>>,
}

/// What asking the questions of one intent found.
struct Proof {
    effects: Vec<Effect>,
    major: bool,
    /// A verdict of a catalogued crawler changed that the finding is not about.
    outside: Option<Effect>,
}

/// The code and line of every finding, and of every line a finding speaks for (one finding
/// says "the same holds for 81 more rules"): what a fix must not be said to raise.
fn known(findings: &[Finding]) -> HashSet<(Code, usize)> {
    let mut known = HashSet::new();
    for finding in findings {
        known.insert((finding.code, finding.line));
        if matches!(finding.message.id(), M::SameForMore | M::SameForOneMore) {
            known.extend(
                finding
                    .related_lines
                    .iter()
                    .map(|&line| (finding.code, line)),
            );
        }
    }
    known
}

/// [`known`] by the text of each line.
fn known_text(robots: &RobotsTxt, known: &HashSet<(Code, usize)>) -> HashSet<(Code, String)> {
    known
        .iter()
        .filter_map(|&(code, number)| Some((code, robots.line(number)?.text().trim().to_owned())))
        .collect()
}

/// The effects kept for a finding: the most telling first, at most [`MAX_EFFECTS`], one per
/// agent and reader once two are kept.
fn keep(mut effects: Vec<(u8, Effect)>) -> Vec<Effect> {
    // Stable: within a rank, the probes of the edited text come first.
    effects.sort_by_key(|(rank, _)| *rank);
    let mut kept: Vec<Effect> = Vec::new();
    for (_, effect) in effects {
        if kept.len() >= MAX_EFFECTS {
            break;
        }
        let seen = kept
            .iter()
            .any(|k| k.agent == effect.agent && k.profile == effect.profile);
        if !seen || kept.len() < 2 {
            kept.push(effect);
        }
    }
    kept
}

impl<'r> Prover<'r> {
    pub(crate) fn new(robots: &'r RobotsTxt, findings: &[Finding]) -> Prover<'r> {
        let askers = askers(robots, findings);
        let checkers: Vec<Checker<'r>> = READERS
            .iter()
            .map(|&profile| robots.checker(profile))
            .collect();
        let selections = all_selections(&checkers, &askers, None);
        let budget = EVIDENCE_BUDGET;
        let known = known(findings);
        Prover {
            robots,
            askers,
            checkers,
            selections,
            known_text: known_text(robots, &known),
            known,
            plain_rule_lines: robots
                .groups()
                .iter()
                .flat_map(|group| group.rules.iter())
                .filter(|rule| {
                    let pattern = rule.pattern(robots);
                    !pattern.is_empty() && !pattern.contains(['*', '$'])
                })
                .map(|rule| rule.line)
                .collect(),
            budget,
            #[cfg(not(target_arch = "wasm32"))]
            answers: HashMap::new(),
            #[cfg(not(target_arch = "wasm32"))]
            selected: HashMap::new(),
        }
    }

    /// The verdicts that a rule or user-agent line past the size limit would decide otherwise,
    /// on the paths of `lost` lines: what the file read whole evidently meant.
    fn prove_whole(&self, lost: &HashSet<usize>) -> (Vec<Effect>, bool) {
        let mut probes = Probes::new(MAX_PROBES_PER_FINDING);
        let mut lines: Vec<usize> = lost.iter().copied().collect();
        lines.sort_unstable();
        for number in lines {
            // A file read whole loses thousands of lines; the probes fill from the first few.
            if probes.is_full() {
                break;
            }
            if self
                .robots
                .line(number)
                .is_some_and(|line| line.kind.is_rule())
            {
                probes.add_pattern(self.robots.value_of(number));
            }
        }
        let mut probes = probes.into_paths();
        probes.retain(|probe| typed_alike(probe));
        let mut effects = Vec::new();
        let mut major = false;
        for (index, &profile) in READERS.iter().enumerate() {
            let checker = &self.checkers[index];
            let mut asked: HashSet<&[u32]> = HashSet::new();
            for (asker, selection) in self.askers.iter().zip(&self.selections[index]) {
                if !asked.insert(selection) {
                    continue;
                }
                // Most askers read no line past the limit: no probe can find one deciding.
                // (Natively: the audit's wasm, whose size budget is full, asks them all.)
                if cfg!(not(target_arch = "wasm32")) && !checker.limit_matters(&asker.question("/"))
                {
                    continue;
                }
                for probe in &probes {
                    let Ok(verdict) = checker.ask_verdict(&asker.question(probe)) else {
                        continue;
                    };
                    if verdict.reason != Reason::BeyondSizeLimit {
                        continue;
                    }
                    major |= asker.rank(profile) == 0;
                    effects.push((
                        asker.rank(profile),
                        Effect {
                            agent: asker.name.clone(),
                            crawler: asker.crawler,
                            url: probe.clone(),
                            profile,
                            allowed: verdict.allowed,
                            intended: !verdict.allowed,
                            line: verdict.deciding_line(),
                        },
                    ));
                }
            }
        }
        (keep(effects), major)
    }

    /// Asks the questions of `intent`: `None` when the budget is spent or the edit does not
    /// apply. `scope` holds the lines (of the file as written) the finding is about.
    fn prove(&mut self, intent: &Intent, scope: &HashSet<usize>) -> Option<Proof> {
        // Weighed before the edited file is made: past the budget, a large file's findings
        // would each copy it for nothing.
        let cost = edited_len(self.robots, &intent.edits)?.saturating_mul(SINGLE_COST);
        if cost > self.budget {
            return None;
        }
        let (bytes, segments) = apply(self.robots, &intent.edits)?;
        self.budget -= cost;
        let edited = RobotsTxt::parse_owned(bytes);
        let map = LineMap::new(self.robots, &edited, &segments);
        let touched = edited_lines(&intent.edits);
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
        let old = |line: usize| map.old(line);
        let afters: Vec<Checker<'_>> = self
            .checkers
            .iter()
            .map(|before| edited.edited_checker(before, &old))
            .collect();
        let nows = all_selections(&afters, &self.askers, Some(&map));
        for (index, &profile) in READERS.iter().enumerate() {
            let before = &self.checkers[index];
            let after = &afters[index];
            let now = &nows[index];
            // Askers with the same groups in both files answer alike: one asks for all. For
            // Python, held to Google's answers, the askers Google reads apart are asked apart
            // too (Googlebot's own group, Bingbot's `*`, for one record of Python's).
            let by_google = intent.reading == Reading::Google && profile == Profile::Python;
            let mut classes: HashMap<(&[u32], &[u32]), Vec<usize>> = HashMap::new();
            let mut order: Vec<(&[u32], &[u32])> = Vec::new();
            for (asker, (was, is)) in self.selections[index].iter().zip(now).enumerate() {
                let key = (was.as_slice(), is.as_slice());
                classes
                    .entry(key)
                    .or_insert_with(|| {
                        order.push(key);
                        Vec::new()
                    })
                    .push(asker);
            }
            // Split by Google's groups by looking through the few parts made so far: a map of
            // its own would cost the audit's wasm more than it saves.
            let mut parts: Vec<(Selections<'_>, Vec<usize>)> = Vec::with_capacity(order.len());
            for key in order {
                let members = classes
                    .get_mut(&key)
                    .map(std::mem::take)
                    .unwrap_or_default();
                if !by_google {
                    parts.push((key, members));
                    continue;
                }
                let start = parts.len();
                for asker in members {
                    let google = self.selections[GOOGLE][asker].as_slice();
                    match parts[start..]
                        .iter_mut()
                        .find(|(_, part)| self.selections[GOOGLE][part[0]].as_slice() == google)
                    {
                        Some((_, part)) => part.push(asker),
                        None => parts.push((key, vec![asker])),
                    }
                }
            }
            // An answer Google's and RFC 9309's readers already give as meant must not change.
            let kept = intent.reading == Reading::Google && profile != Profile::Python;
            for (key, members) in &parts {
                let key = *key;
                let best = members
                    .iter()
                    .copied()
                    .min_by_key(|&asker| (self.askers[asker].rank(profile), asker))
                    .unwrap_or(members[0]);
                let asker = &self.askers[best];
                let class_major = members
                    .iter()
                    .any(|&member| self.askers[member].rank(profile) == 0);
                // The same groups in both files, none holding a line the edit touches or wrote:
                // the same rules answer every path, and nothing can change for this class.
                #[cfg(not(target_arch = "wasm32"))]
                let was = self
                    .selected
                    .entry((index, best))
                    .or_insert_with(|| selected_lines(before, asker));
                #[cfg(target_arch = "wasm32")]
                let was = &selected_lines(before, asker);
                if key.0 == key.1 && untouched(was, after, &map, asker, &touched) {
                    continue;
                }
                // Asked within the size limit: what is compared (allowed, the deciding line,
                // the groups) is the same for the whole file, whose rules past the limit would be
                // compiled for each edited file for nothing (RL105 asks the file read whole).
                for probe in &probes {
                    let question = asker.question(probe);
                    #[cfg(not(target_arch = "wasm32"))]
                    let was = self
                        .answers
                        .entry((index, best, probe.clone()))
                        .or_insert_with(|| before.ask_verdict_within_limit(&question).ok());
                    #[cfg(target_arch = "wasm32")]
                    let was = &before.ask_verdict_within_limit(&question).ok();
                    let (Some(was), Ok(is)) =
                        (was.as_ref(), after.ask_verdict_within_limit(&question))
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
                    // A line that stood in the finding's groups and still stands decides
                    // within it in the edited file too (a rule a deleted blank line hands back
                    // to its group); and an asker the edit moves into or out of the finding's
                    // groups is the finding's whatever decides (a crawler named in a group it
                    // did not obey, which no rule of that group blocks).
                    let about = was
                        .deciding_line()
                        .is_some_and(|line| inside.contains(&line))
                        || is.deciding_line().is_some_and(|line| {
                            inside_new.contains(&line)
                                || map.old(line).is_some_and(|old| inside.contains(&old))
                        })
                        || moved(was, &is, &map, &inside, &inside_new);
                    let python = if intent.reading == Reading::Google && profile == Profile::Python
                    {
                        python_move(
                            &self.checkers[GOOGLE],
                            &question,
                            &is,
                            self.robots,
                            &edited,
                            &|line| map.old(line),
                            &touched,
                        )
                    } else {
                        PythonMove::Toward
                    };
                    if python == PythonMove::Neither {
                        continue;
                    }
                    let away = python == PythonMove::Away;
                    if kept || away || (!about && asker.crawler.is_some()) {
                        outside.get_or_insert(effect);
                        continue;
                    }
                    major |= class_major;
                    effects.push((asker.rank(profile), effect));
                }
            }
        }
        Some(Proof {
            effects: keep(effects),
            major,
            outside,
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
            line.kind
                .is_rule()
                .then(|| robots.value_of(number).to_owned())
        };
        // The rules that close first: an edit that copies a group's rules with their Allow
        // exceptions (RL302's) changes its answers where the Disallow rules reach, and the
        // exceptions, listed first in many files, would fill the room.
        for closes in [true, false] {
            for &number in new_lines {
                let disallow = edited
                    .line(number)
                    .is_some_and(|line| line.kind == crate::lines::LineKind::Disallow);
                if disallow != closes {
                    continue;
                }
                if let Some(pattern) = rule_pattern(edited, number) {
                    probes.add_pattern(&pattern);
                }
            }
        }
        // An Allow written for every folder (`/*.js`) is asked inside the folders its group
        // closes (`Disallow: /e`): there its length wins against the shorter Disallow, which is
        // what such a rule is for. Bounded: at most `FOLDER_RULES_LOOKED_AT` rules are looked
        // at for all of an edit's Allow lines (an edit may copy hundreds into a large group).
        const FOLDER_RULES_LOOKED_AT: usize = 4096;
        let mut looked_at = 0;
        for &number in new_lines {
            let allows_everywhere = edited.line(number).is_some_and(|line| {
                line.kind == crate::lines::LineKind::Allow
                    && line.value().is_some_and(|value| value.starts_with("/*"))
            });
            let Some(group) = edited.group_at(number).filter(|_| allows_everywhere) else {
                continue;
            };
            let rest = &edited.value_of(number)[1..];
            for rule in &group.rules {
                looked_at += 1;
                if probes.is_full() || looked_at > FOLDER_RULES_LOOKED_AT {
                    break;
                }
                let closed = rule.pattern(edited);
                if rule.kind == crate::group::RuleKind::Disallow
                    && !closed.is_empty()
                    && !closed.contains(['*', '$'])
                {
                    probes.add_pattern(&format!("{}/{rest}", closed.trim_end_matches('/')));
                }
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
        self.add_neighbours(&mut probes, &near);
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
        let mut probes = probes.into_paths();
        probes.retain(|probe| typed_alike(probe));
        probes
    }
}

impl Prover<'_> {
    /// The plain rules nearest to each of `lines`, the nearest first and every line's
    /// neighbourhood in turn. An edit that moves a record's boundary (a blank line deleted, a
    /// group split) changes the answers for the rules beside it, and a finding that speaks for
    /// lines far apart (every blank line of a group) is asked about each of them before any gets
    /// more room. Plain rules, because every reader matches their paths alike (readers without
    /// wildcards match a `*` rule's paths nowhere), so a changed answer there is the edit's.
    fn add_neighbours(&self, probes: &mut Probes, lines: &[usize]) {
        let rules = &self.plain_rule_lines;
        // For each line, the index of the first rule after it: rules at `at + k` lie after it,
        // rules at `at - 1 - k` before it.
        let starts: Vec<usize> = lines
            .iter()
            .map(|&line| rules.partition_point(|&rule| rule <= line))
            .collect();
        // Bounded: a round adds at most one rule on each side of each line, and no round past
        // the probes' room or the rules' count is needed.
        for distance in 0..MAX_PROBES_PER_FINDING.min(rules.len()) {
            let mut reached = false;
            for &at in &starts {
                if probes.is_full() {
                    return;
                }
                for index in [at.checked_add(distance), at.checked_sub(distance + 1)]
                    .into_iter()
                    .flatten()
                {
                    if let Some(&rule) = rules.get(index) {
                        reached = true;
                        probes.add_pattern(self.robots.value_of(rule));
                    }
                }
            }
            if !reached {
                return;
            }
        }
    }
}

/// Whether `asker` reads the same lines in both files (its groups, for the record readers its
/// records, hold the same lines of the file as written: `was` in it) and none of them is one
/// the edit touched: then every path gets the same answer from both.
fn untouched(
    was: &[usize],
    after: &Checker<'_>,
    map: &LineMap,
    asker: &Asker,
    touched: &[usize],
) -> bool {
    let is = selected_lines(after, asker);
    was.len() == is.len()
        && was
            .iter()
            .zip(&is)
            .all(|(&was, &is)| map.old(is) == Some(was))
        && was.iter().all(|line| !touched.contains(line))
}

/// Whether `probe`, a path, is requested as the same path when a person types it: the
/// evidence is reproduced with `robots-lens check --url`, which reads `//x` as the host `x`.
fn typed_alike(probe: &str) -> bool {
    let (Ok(typed), Ok(path)) = (
        request_reading(probe, UrlReading::Typed),
        request_reading(probe, UrlReading::Path),
    ) else {
        return false;
    };
    typed.host.is_none() && request_path(&typed.request) == request_path(&path.request)
}

/// Whether the asker of `was` (the file as written) and `is` (as edited) obeys other groups in
/// the two files, one of them among the finding's lines (`inside`, `inside_new`).
fn moved(
    was: &crate::verdict::Verdict,
    is: &crate::verdict::Verdict,
    map: &LineMap,
    inside: &HashSet<usize>,
    inside_new: &HashSet<usize>,
) -> bool {
    let before: HashSet<usize> = was
        .groups
        .iter()
        .flat_map(|group| group.lines.iter().copied())
        .collect();
    let after: HashSet<Option<usize>> = is
        .groups
        .iter()
        .flat_map(|group| group.lines.iter().map(|&line| map.old(line)))
        .collect();
    let same =
        after.len() == before.len() && before.iter().all(|line| after.contains(&Some(*line)));
    !same
        && (before.iter().any(|line| inside.contains(line))
            || is
                .groups
                .iter()
                .any(|group| group.lines.iter().any(|line| inside_new.contains(line))))
}

/// Every line of the groups that hold any of `lines`.
fn group_lines(robots: &RobotsTxt, lines: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for group in lines.filter_map(|line| robots.group_at(line)) {
        if seen.insert(group.index) {
            out.extend(group.lines());
        }
    }
    out
}

/// Every asker's selection under each of `checkers` (one per profile of [`READERS`]), its
/// lines read through `map` for an edited file. The profiles that group lines as Google does
/// share one answer.
fn all_selections(
    checkers: &[Checker<'_>],
    askers: &[Asker],
    map: Option<&LineMap>,
) -> Vec<Vec<Vec<u32>>> {
    let mut grouped: Option<Vec<Vec<u32>>> = None;
    checkers
        .iter()
        .map(|checker| {
            if checker.reads_records() {
                return selections(checker, askers, map);
            }
            grouped
                .get_or_insert_with(|| selections(checker, askers, map))
                .clone()
        })
        .collect()
}

/// Every asker's selection under `checker` (see [`selection`]): where the groups it obeys
/// start, found without building them (the evidence makes this for every asker of every
/// edited file, and building each group's lines took most of it).
fn selections(checker: &Checker<'_>, askers: &[Asker], map: Option<&LineMap>) -> Vec<Vec<u32>> {
    askers
        .iter()
        .map(|asker| selection(&group_starts(checker, asker), map))
        .collect()
}

/// Where the groups `asker` obeys under `checker` start (for a record reader, the record).
fn group_starts(checker: &Checker<'_>, asker: &Asker) -> Vec<usize> {
    #[cfg(not(target_arch = "wasm32"))]
    return checker.group_starts(asker.selection());
    // The audit's wasm, whose size budget is full, builds the groups and reads their first lines.
    #[cfg(target_arch = "wasm32")]
    return applied_groups(checker, asker)
        .iter()
        .map(|group| group.lines.first().copied().unwrap_or_default())
        .collect();
}

/// Every line of the groups `asker` obeys under `checker` (for a record reader, the record).
fn selected_lines(checker: &Checker<'_>, asker: &Asker) -> Vec<usize> {
    #[cfg(not(target_arch = "wasm32"))]
    return checker.selected_lines(asker.selection());
    // The audit's wasm, whose size budget is full, builds the groups and reads their lines.
    #[cfg(target_arch = "wasm32")]
    return applied_groups(checker, asker)
        .iter()
        .flat_map(|group| group.lines.iter().copied())
        .collect();
}

/// The groups `asker` obeys under `checker`, built: chosen without compiling their rules where
/// the reader groups lines as Google does, asked of the record readers.
#[cfg(target_arch = "wasm32")]
fn applied_groups(checker: &Checker<'_>, asker: &Asker) -> Vec<crate::verdict::AppliedGroup> {
    if checker.reads_records() {
        return checker
            .ask_verdict_within_limit(&asker.question("/"))
            .map(|verdict| verdict.groups.to_vec())
            .unwrap_or_default();
    }
    checker.select_groups(asker.selection(), false).groups
}

/// How many findings with local edits make it worth asking them in one edited file.
const BATCH_MIN: usize = 8;

/// The probes asked for a finding in a batch: the paths of its own lines only.
const BATCH_PROBES: usize = 8;

/// How many rules Python's reader may compare in a batch, over all its questions: it reads
/// every rule of a record in order (as CPython does), so a file of thousands of rules with
/// thousands of findings would cost their product. Past it, a finding whose only evidence
/// would come from that reader keeps none ([`Evidence::OverLimit`]).
const PYTHON_BATCH_BUDGET: usize = 128_000_000;

/// One line of a batch's edited file: `start..end` of the input (line `line`) becomes `bytes`.
struct Written {
    start: usize,
    end: usize,
    bytes: Vec<u8>,
    line: usize,
}

/// A set of fixes checked in one fixed file: the byte spans their edits take.
struct FixSet {
    taken: Vec<(usize, usize)>,
    fixes: Vec<Pending>,
}

/// A finding whose intent replaces rule lines by rule lines (a pattern corrected, one rule
/// made two): the groups stay as they are for every reader, so the verdicts it changes are
/// those its own lines decide, and many such findings can be asked in one edited file.
struct Local {
    /// The finding's index.
    finding: usize,
    /// The lines of the file as written that it replaces.
    old: Vec<usize>,
    /// The lines of the batch's edited file its replacements became.
    new: Vec<usize>,
    intent: Intent,
}

/// What a batched finding asks of one reader ([`Prover::plan`]).
struct Plan {
    probes: Vec<String>,
    /// Its lines in the edited file.
    mine_new: HashSet<usize>,
}

/// What a batch found for one finding: its effects (with their ranks), whether a major
/// crawler's own reading changed, an answer it must not change, and whether another
/// replacement's lines answered the same question (then it is asked alone).
#[derive(Default)]
struct Found {
    effects: Vec<(u8, Effect)>,
    major: bool,
    outside: Option<Effect>,
    tangled: bool,
    /// Python's reader was not asked (the budget): its evidence is missing.
    unasked: bool,
}

/// Whether `intent` only replaces rule lines by rule lines.
fn is_local(robots: &RobotsTxt, intent: &Intent) -> bool {
    intent.reading != Reading::Whole
        && !intent.edits.is_empty()
        && intent.edits.iter().all(|edit| match edit {
            Edit::Replace { line, text } => {
                robots.line(*line).is_some_and(|line| line.kind.is_rule())
                    && !text.is_empty()
                    && RobotsTxt::parse(text.as_bytes())
                        .lines()
                        .iter()
                        .all(|line| line.kind.is_rule())
            }
            // A rule of a group that keeps another: its agent list stays closed.
            Edit::Delete { line } => rules_of_group(robots, *line).is_some_and(|rules| rules > 1),
            _ => false,
        })
}

/// The index of the group holding line `line`.
fn group_of(robots: &RobotsTxt, line: usize) -> Option<usize> {
    robots.group_at(line).map(|group| group.index)
}

/// How many rules the group holding rule line `line` has; `None` for a line in no group.
fn rules_of_group(robots: &RobotsTxt, line: usize) -> Option<usize> {
    let group = robots.group_at(line)?;
    group
        .rules
        .iter()
        .any(|rule| rule.line == line)
        .then_some(group.rules.len())
}

impl Prover<'_> {
    /// Asks the findings of `batch` in one edited file that holds all their replacements.
    ///
    /// Exact, not an estimate: a replacement that keeps the groups changes a verdict only
    /// through its own lines, so a finding's answers in the shared file are its answers alone
    /// unless another replacement's lines matched the same path, which every verdict's list of
    /// matches shows. Such findings, and those the batch cannot hold, are returned to be asked
    /// one by one. A replacement shorter than its line is padded with spaces (every reader
    /// trims them) so that no line moves across the 500 KiB limit; a longer one before the
    /// limit is asked alone when the file is near it. Python's reader, which compares every
    /// rule of a record, is asked only where Google's and RFC 9309's answers do not already
    /// make the finding an error.
    fn prove_batch(
        &mut self,
        findings: &mut [Finding],
        batch: Vec<(usize, Intent)>,
        pending: &mut Vec<Pending>,
    ) -> Vec<(usize, Intent)> {
        let robots = self.robots;
        let input = robots.input();
        let near_limit = input.len() + batch.len() * 64 >= SIZE_LIMIT;
        let mut single = Vec::new();
        let mut locals: Vec<Local> = Vec::new();
        // Every replacement, and the lines already replaced.
        let mut spans: Vec<Written> = Vec::new();
        let mut taken: HashSet<usize> = HashSet::new();
        // For each group, how many of its rules the batch still keeps.
        let mut rules_left: HashMap<usize, usize> = HashMap::new();
        for (index, intent) in batch {
            let parts: Option<Vec<Written>> = intent
                .edits
                .iter()
                .map(|edit| {
                    // A deleted rule is written as a comment of its length: no reader reads it,
                    // and every line keeps its number and its place before the limit.
                    let (line, mut bytes) = match edit {
                        Edit::Replace { line, text } => (line, text.clone().into_bytes()),
                        Edit::Delete { line } => {
                            let group = group_of(robots, *line)?;
                            let left = rules_left.entry(group).or_insert_with(|| {
                                rules_of_group(robots, *line).unwrap_or_default()
                            });
                            // The batch keeps one rule of each group, or its agent list opens.
                            if *left <= 1 {
                                return None;
                            }
                            *left -= 1;
                            (line, b"#".to_vec())
                        }
                        _ => return None,
                    };
                    let original = robots.line(*line)?;
                    let length = original.end - original.start;
                    if bytes.len() < length {
                        bytes.resize(length, b' ');
                    }
                    let moves_limit =
                        bytes.len() > length && near_limit && original.start < SIZE_LIMIT;
                    (!moves_limit && !taken.contains(line)).then_some(Written {
                        start: original.start,
                        end: original.end,
                        bytes,
                        line: *line,
                    })
                })
                .collect();
            let Some(parts) = parts else {
                single.push((index, intent));
                continue;
            };
            taken.extend(parts.iter().map(|part| part.line));
            let old = parts.iter().map(|part| part.line).collect();
            spans.extend(parts);
            locals.push(Local {
                finding: index,
                old,
                new: Vec::new(),
                intent,
            });
        }
        if locals.is_empty() {
            return single;
        }
        // The edited file, and where each replacement landed in it.
        spans.sort_by_key(|span| span.start);
        let mut bytes = Vec::with_capacity(input.len() + 1024);
        let mut written: HashMap<usize, std::ops::Range<usize>> = HashMap::new();
        let mut segments: Vec<Segment> = Vec::with_capacity(2 * spans.len() + 1);
        let mut at = 0;
        for span in &spans {
            segments.push(Segment::Kept {
                from: at,
                to: span.start,
                at: bytes.len(),
            });
            bytes.extend_from_slice(&input[at..span.start]);
            written.insert(span.line, bytes.len()..bytes.len() + span.bytes.len());
            segments.push(Segment::Edited {
                at: bytes.len(),
                len: span.bytes.len(),
                tag: 0,
            });
            bytes.extend_from_slice(&span.bytes);
            at = span.end;
        }
        segments.push(Segment::Kept {
            from: at,
            to: input.len(),
            at: bytes.len(),
        });
        bytes.extend_from_slice(&input[at..]);
        self.budget = self.budget.saturating_sub(bytes.len());
        let edited = RobotsTxt::parse_owned(bytes);
        let starts: Vec<usize> = edited.line_starts().collect();
        for local in &mut locals {
            for line in &local.old {
                let range = &written[line];
                let first = starts.partition_point(|&start| start < range.start);
                let last = starts.partition_point(|&start| start < range.end);
                local.new.extend(first + 1..=last);
            }
        }
        let all_old: HashSet<usize> = locals.iter().flat_map(|l| l.old.iter().copied()).collect();
        let all_new: HashSet<usize> = locals.iter().flat_map(|l| l.new.iter().copied()).collect();
        let mut found: Vec<Found> = locals.iter().map(|_| Found::default()).collect();
        let mut python_budget = PYTHON_BATCH_BUDGET;
        let map = LineMap::new(robots, &edited, &segments);
        let old = |line: usize| map.old(line);
        for (index, &profile) in READERS.iter().enumerate() {
            let before = &self.checkers[index];
            let after = edited.edited_checker(before, &old);
            let classes = self.classes(index, profile);
            let rules = robots
                .groups()
                .iter()
                .map(|g| g.rules.len())
                .sum::<usize>()
                .max(1);
            // What each finding asks under this profile, decided before any is asked: the
            // answers of the profiles before this one may make it needless.
            let mut plans: Vec<Option<Plan>> = Vec::with_capacity(locals.len());
            for (local, found) in locals.iter().zip(found.iter_mut()) {
                plans.push(self.plan(local, found, &edited, profile, rules, &mut python_budget));
            }
            let kept_by_google = profile != Profile::Python;
            // Class by class, every finding the class's groups hold: each selection is made
            // once in either file, where finding by finding would make them all again for
            // each finding of a file that names more crawlers than a checker remembers.
            for class in &classes {
                let asker = &self.askers[class.asker];
                for ((local, found), plan) in locals.iter().zip(found.iter_mut()).zip(&plans) {
                    let Some(plan) = plan else {
                        continue;
                    };
                    if found.tangled
                        || !local
                            .old
                            .iter()
                            .any(|line| class.lines.binary_search(line).is_ok())
                    {
                        continue;
                    }
                    let kept = kept_by_google && local.intent.reading == Reading::Google;
                    for probe in &plan.probes {
                        let question = asker.question(probe);
                        let (Ok(was), Ok(is)) = (
                            before.ask_verdict_within_limit(&question),
                            after.ask_verdict_within_limit(&question),
                        ) else {
                            continue;
                        };
                        let tangled = was
                            .matches
                            .iter()
                            .any(|m| all_old.contains(&m.line) && !local.old.contains(&m.line))
                            || is.matches.iter().any(|m| {
                                all_new.contains(&m.line) && !plan.mine_new.contains(&m.line)
                            });
                        if tangled {
                            found.tangled = true;
                            break;
                        }
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
                        let python = if local.intent.reading == Reading::Google
                            && profile == Profile::Python
                        {
                            python_move(
                                &self.checkers[GOOGLE],
                                &question,
                                &is,
                                robots,
                                &edited,
                                &old,
                                &local.old,
                            )
                        } else {
                            PythonMove::Toward
                        };
                        if python == PythonMove::Neither {
                            continue;
                        }
                        let away = python == PythonMove::Away;
                        if kept || away {
                            found.outside.get_or_insert(effect);
                            continue;
                        }
                        found.major |= class.major;
                        found.effects.push((asker.rank(profile), effect));
                    }
                }
            }
        }
        for (local, found) in locals.into_iter().zip(found) {
            if found.tangled {
                single.push((local.finding, local.intent));
                continue;
            }
            let finding = &mut findings[local.finding];
            let intent = local.intent;
            let effects = keep(found.effects);
            finding.evidence = if effects.is_empty() && found.unasked {
                Evidence::OverLimit
            } else {
                Evidence::Computed
            };
            finding.severity = severity(&effects, intent.evident, found.major);
            finding.effect = effects;
            if intent.offered && finding.evidence == Evidence::OverLimit {
                leave_unchecked(finding);
            }
            if intent.offered && finding.evidence == Evidence::Computed {
                match found.outside {
                    Some(outside) => withhold_flip(finding, &intent, &outside, true),
                    None => pending.push(Pending {
                        finding: local.finding,
                        intent,
                        about: None,
                    }),
                }
            }
        }
        single
    }

    /// What the batched finding `local` asks of `profile`'s reader, or `None` when it asks
    /// nothing there: it is tangled, the readers asked before already gave its severity, or
    /// Python's reader would exceed its budget (then `found` says its evidence is missing).
    fn plan(
        &self,
        local: &Local,
        found: &mut Found,
        edited: &RobotsTxt,
        profile: Profile,
        rules: usize,
        python_budget: &mut usize,
    ) -> Option<Plan> {
        if found.tangled {
            return None;
        }
        // Google's and RFC 9309's answers already give the finding its severity (an error, or
        // the warning a likely intent stops at): Python's reader would add nothing to it.
        if profile == Profile::Python
            && !found.effects.is_empty()
            && (found.major || !local.intent.evident)
        {
            return None;
        }
        // Google's answers already make it an error: RFC 9309's would add only more examples.
        if profile == Profile::Rfc9309 && found.major && local.intent.evident {
            return None;
        }
        // The paths the lines name literally: one question a pattern, since a batch holds
        // thousands.
        let mut probes = Probes::none(BATCH_PROBES);
        for &line in &local.new {
            probes.add_literal(edited.value_of(line));
        }
        for &line in &local.old {
            probes.add_literal(self.robots.value_of(line));
        }
        let mut probes = probes.into_paths();
        probes.retain(|probe| typed_alike(probe));
        if profile == Profile::Python {
            let cost = probes.len() * 2 * rules;
            if cost > *python_budget {
                found.unasked = true;
                return None;
            }
            *python_budget -= cost;
        }
        Some(Plan {
            probes,
            mine_new: local.new.iter().copied().collect(),
        })
    }

    /// One asker per group selection of the file as written under profile `index`, the one
    /// whose answers tell most, with the lines its groups own (sorted) and whether a major
    /// crawler is among those it stands for.
    fn classes(&self, index: usize, profile: Profile) -> Vec<Class> {
        let mut classes: Vec<Class> = Vec::new();
        // For Python, whose answers an edit Google reads as meant is held to, the askers Google
        // reads apart are asked apart (see `prove`).
        let mut seen: HashMap<&[u32], usize> = HashMap::new();
        let mut firsts: Vec<usize> = Vec::new();
        for (asker, selection) in self.selections[index].iter().enumerate() {
            let rank = self.askers[asker].rank(profile);
            let google = |asker: usize| self.selections[GOOGLE][asker].as_slice();
            let found = match seen.get(selection.as_slice()) {
                Some(&class) if profile == Profile::Python => (class..classes.len()).find(|&c| {
                    self.selections[index][firsts[c]] == *selection
                        && google(firsts[c]) == google(asker)
                }),
                other => other.copied(),
            };
            if let Some(class) = found {
                let class = &mut classes[class];
                if rank < self.askers[class.asker].rank(profile) {
                    class.asker = asker;
                }
                class.major |= rank == 0;
                continue;
            }
            let mut lines: Vec<usize> = self.checkers[index]
                .ask_verdict_within_limit(&self.askers[asker].question("/"))
                .map(|verdict| {
                    verdict
                        .groups
                        .iter()
                        .flat_map(|group| group.lines.iter().copied())
                        .collect()
                })
                .unwrap_or_default();
            lines.sort_unstable();
            if !seen.contains_key(selection.as_slice()) {
                seen.insert(selection.as_slice(), classes.len());
            }
            firsts.push(asker);
            classes.push(Class {
                asker,
                lines,
                major: rank == 0,
            });
        }
        classes
    }
}

/// The first of `raised` (new findings of a fixed file, which `inner` was made for) that its own
/// evidence makes a warning or an error; `Err` when the budget ran out before one could be
/// weighed, so that the fix cannot be called checked.
fn serious_among(inner: &mut Prover<'_>, raised: Vec<Finding>) -> Result<Option<Finding>, ()> {
    for mut new in raised {
        let Some(intent) = new.intent.take() else {
            continue;
        };
        if intent.reading == Reading::Whole {
            continue;
        }
        let mut scope: HashSet<usize> = intent.scope.iter().copied().collect();
        scope.insert(new.line);
        scope.extend(new.related_lines.iter().copied());
        let proof = inner.prove(&intent, &scope).ok_or(())?;
        if severity(&proof.effects, intent.evident, proof.major) != Severity::Info {
            return Ok(Some(new));
        }
    }
    Ok(None)
}

/// An asker that stands for every asker with the same groups (see [`Prover::classes`]).
struct Class {
    asker: usize,
    lines: Vec<usize>,
    major: bool,
}

/// "With the line written as …" or "Without this line": the change a withheld fix would make.
fn change_phrase(finding: &Finding, intent: &Intent) -> Message {
    let deletes = intent
        .edits
        .iter()
        .all(|edit| matches!(edit, Edit::Delete { .. }));
    match &finding.replacement {
        Some(replacement) if !deletes => {
            Message::new(M::FixChangeWritten).code("replacement", first_line(replacement))
        }
        _ if deletes => Message::new(M::FixChangeDeleted),
        // A fix in words that inserts or moves lines (a group's missing user-agent lines, the
        // rules a group lacks) has no one line to quote.
        _ => Message::new(M::FixChangeApplied),
    }
}

/// How the fix check audits a fixed file: the checks alone, without evidence.
pub(crate) type Reaudit<'a> = &'a dyn Fn(&RobotsTxt) -> Vec<Finding>;

/// Computes every finding's evidence, severity and fix check (see the module documentation).
/// `audit` re-audits an edited file without evidence, for the fix check; without it the fixes
/// are not checked (each is left [`FixCheck::None`]), and every finding's code and severity are
/// still what they are with it: the check comes last and weighs only the fix.
pub(crate) fn prove(robots: &RobotsTxt, findings: &mut [Finding], audit: Option<Reaudit<'_>>) {
    if findings.iter().all(|finding| finding.intent.is_none()) {
        for finding in findings.iter_mut() {
            finding.severity = Severity::Info;
        }
        return;
    }
    let mut prover = Prover::new(robots, findings);
    let mut batch: Vec<(usize, Intent)> = Vec::new();
    let mut single: Vec<(usize, Intent)> = Vec::new();
    for (index, finding) in findings.iter_mut().enumerate() {
        let Some(intent) = finding.intent.take() else {
            finding.severity = Severity::Info;
            finding.evidence = Evidence::None;
            continue;
        };
        if intent.reading == Reading::Whole {
            let lost: HashSet<usize> = intent.scope.iter().copied().collect();
            let (effects, major) = prover.prove_whole(&lost);
            finding.evidence = Evidence::Computed;
            finding.severity = severity(&effects, intent.evident, major);
            finding.effect = effects;
        } else if is_local(robots, &intent) {
            batch.push((index, intent));
        } else {
            single.push((index, intent));
        }
    }
    let mut pending: Vec<Pending> = Vec::new();
    if batch.len() >= BATCH_MIN {
        single.extend(prover.prove_batch(findings, batch, &mut pending));
    } else {
        single.extend(batch);
    }
    // The findings that claim the most are asked first, so that a budget spent on a large
    // file leaves the notes unasked rather than the errors.
    single.sort_by_key(|(index, _)| (findings[*index].severity, *index));
    for (index, intent) in single {
        let finding = &mut findings[index];
        let mut scope: HashSet<usize> = intent.scope.iter().copied().collect();
        scope.insert(finding.line);
        scope.extend(finding.related_lines.iter().copied());
        scope.extend(edited_lines(&intent.edits));
        let Some(proof) = prover.prove(&intent, &scope) else {
            finding.severity = Severity::Info;
            finding.evidence = Evidence::OverLimit;
            // A fix is offered only once checked: past the budget, it stays in words.
            if intent.offered {
                leave_unchecked(finding);
            }
            continue;
        };
        finding.evidence = Evidence::Computed;
        finding.severity = severity(&proof.effects, intent.evident, proof.major);
        finding.effect = proof.effects;
        if intent.offered {
            match &proof.outside {
                Some(outside) => {
                    withhold_flip(finding, &intent, outside, is_rule(robots, finding.line));
                }
                None => {
                    // A fix that may move lines between groups is about the groups it touches;
                    // one that only rewrites rules, about the lines it writes.
                    let about = (!is_local(robots, &intent)).then(|| {
                        let touched = edited_lines(&intent.edits);
                        let mut about: HashSet<usize> =
                            group_lines(robots, touched.iter().copied())
                                .into_iter()
                                .collect();
                        about.extend(touched);
                        about.insert(finding.line);
                        about
                    });
                    pending.push(Pending {
                        finding: index,
                        intent,
                        about,
                    });
                }
            }
        }
    }
    if let Some(audit) = audit {
        check_fixes(&mut prover, findings, pending, audit);
    }
}

/// A fix whose answers are checked and whose audit is left: see [`check_fixes`].
struct Pending {
    finding: usize,
    intent: Intent,
    /// The lines of the file as written the fix is about, for a fix that may move lines
    /// between groups; `None` for one that only rewrites rules, whose new findings are those
    /// on the lines it wrote or naming them.
    about: Option<HashSet<usize>>,
}

/// The groups a reader selects for an asker in the file as written and in the edited file.
type Selections<'a> = (&'a [u32], &'a [u32]);

/// How Python's answer `is` in the edited file stands to the one Google gives the file as
/// written, for an edit Google already reads as meant ([`Reading::Google`]), which is there to
/// make every reader answer as Google does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum PythonMove {
    /// The same answer: the edit brings Python to the meant one.
    Toward,
    /// Another answer, from other rules than those Google applies, where the edit touched
    /// Google's group (a record a blank line cut short, which the edit dropped, sending the
    /// crawler to `*`; a first record of the name, which a blank line ends early): the edit
    /// moves Python away from the meant reading, which shows the edit wrong, not the file.
    Away,
    /// Another answer from the rules Google applies: Python's own matching of them (the first
    /// match in file order, a `$` or `*` read literally, `/?` read as `/`), which the findings
    /// on those rules report. Or from other rules, where the edit left Google's group alone:
    /// Python's reading of that group (it drops one without rules), a crawler that ignores `*`
    /// for Google or follows another crawler's group (a fallback chain), which Python does not
    /// know. It proves nothing either way.
    Neither,
}

fn python_move(
    google: &Checker<'_>,
    question: &Question,
    is: &crate::verdict::Verdict,
    original: &RobotsTxt,
    edited: &RobotsTxt,
    old: &dyn Fn(usize) -> Option<usize>,
    touched: &[usize],
) -> PythonMove {
    let Ok(google) = google.ask_verdict_within_limit(question) else {
        return PythonMove::Neither;
    };
    // Google's answer from no group (a crawler that ignores `*`, AdsBot-Google) is the
    // crawler's, not the file's: Python, which does not know it, is held to nothing.
    if google.groups.is_empty() {
        return PythonMove::Neither;
    }
    let fallback = google.chain_step.as_ref().is_some_and(|step| step.fallback);
    if google.allowed != is.allowed {
        let edited_google_group = google
            .groups
            .iter()
            .any(|group| group.lines.iter().any(|line| touched.contains(line)));
        if fallback || !edited_google_group {
            return PythonMove::Neither;
        }
    }
    // The same rules, the edited lines aside: Python reads the group Google applies (its
    // user-agent line rewritten, a rule corrected, a rule past a blank line unread), and
    // answers otherwise by its own matching. Weighed only where it decides: it reads the
    // groups whole.
    let rule_lines = |robots: &RobotsTxt, groups: &[crate::verdict::AppliedGroup]| {
        groups
            .iter()
            .flat_map(|group| group.lines.iter().copied())
            .filter(|&number| robots.line(number).is_some_and(|line| line.kind.is_rule()))
            .collect::<Vec<usize>>()
    };
    let same_rules = || {
        let mut google_rules: Vec<usize> = rule_lines(original, &google.groups)
            .into_iter()
            .filter(|line| !touched.contains(line))
            .collect();
        google_rules.sort_unstable();
        google_rules.dedup();
        // A rule decides for Python: one of Google's group, or one the edit wrote there. None
        // does: Python's record holds Google's rules (all of them, the edited aside), or
        // others.
        match is.deciding_line() {
            Some(line) => old(line).is_none_or(|line| google_rules.binary_search(&line).is_ok()),
            None => {
                let mut python: Vec<usize> = rule_lines(edited, &is.groups)
                    .into_iter()
                    .filter_map(old)
                    .collect();
                python.sort_unstable();
                python.dedup();
                python == google_rules
            }
        }
    };
    if google.allowed == is.allowed {
        // From another crawler's group (a fallback chain, Googlebot-Image following
        // Googlebot), Google's answer is what Python was meant to give only where Python reads
        // the same rules (YandexBot, which both find in the `Yandex` group).
        return if !fallback || same_rules() {
            PythonMove::Toward
        } else {
            PythonMove::Neither
        };
    }
    if same_rules() {
        PythonMove::Neither
    } else {
        PythonMove::Away
    }
}

/// Withholds `finding`'s fix, which would also change `outside`.
fn withhold_flip(finding: &mut Finding, intent: &Intent, outside: &Effect, rule: bool) {
    let change = change_phrase(finding, intent);
    withhold(
        finding,
        Message::new(M::FixWithheldFlips)
            .phrase("change", change)
            .phrase("effect", outside.fix_message()),
        rule,
    );
}

/// `pending` split, first fit, into sets whose edits touch no byte twice (a fix whose edits
/// name a line the file lacks goes into a set of its own, where applying it fails alone).
fn apart(robots: &RobotsTxt, pending: Vec<Pending>) -> Vec<Vec<Pending>> {
    let mut sets: Vec<FixSet> = Vec::new();
    for fix in pending {
        let spans: Option<Vec<(usize, usize)>> = fix
            .intent
            .edits
            .iter()
            .map(|edit| edit.span(robots).map(|(start, end, _)| (start, end)))
            .collect();
        let Some(spans) = spans else {
            sets.push(FixSet {
                taken: Vec::new(),
                fixes: vec![fix],
            });
            continue;
        };
        // Two spans clash when they share a byte, or both insert at one place.
        let clash = |taken: &[(usize, usize)]| {
            spans.iter().any(|&(start, end)| {
                taken
                    .iter()
                    .any(|&(s, e)| start < e.max(s + 1) && s < end.max(start + 1))
            })
        };
        match sets.iter_mut().find(|set| !clash(&set.taken)) {
            Some(set) => {
                set.taken.extend(spans);
                set.fixes.push(fix);
            }
            None => sets.push(FixSet {
                taken: spans,
                fixes: vec![fix],
            }),
        }
    }
    sets.into_iter().map(|set| set.fixes).collect()
}

/// Whether line `number` of `robots` is an Allow or Disallow rule.
fn is_rule(robots: &RobotsTxt, number: usize) -> bool {
    robots.line(number).is_some_and(|line| line.kind.is_rule())
}

/// The last check of the fixes that changed no answer outside their findings: the audit of
/// the fixed file must raise no new warning or error. All of them are made in one file and
/// audited once; a new finding on the lines a fix wrote or naming them, or for a fix that may
/// move lines between groups one in the groups it touched, is that fix's, weighed by its own
/// evidence. Offers every fix that raises nothing serious and withholds the others, saying
/// what each would raise.
fn check_fixes(
    prover: &mut Prover<'_>,
    findings: &mut [Finding],
    pending: Vec<Pending>,
    audit: &dyn Fn(&RobotsTxt) -> Vec<Finding>,
) {
    if pending.is_empty() {
        return;
    }
    let robots = prover.robots;
    // A fix of the whole file (its encoding, a byte order mark) keeps the lines where they
    // were, and is checked alone: every line of its file is one it wrote.
    let whole = |fix: &Pending| {
        fix.intent
            .edits
            .iter()
            .any(|edit| matches!(edit, Edit::Whole { .. }))
    };
    if pending.len() > 1 && pending.iter().any(whole) {
        let (alone, together): (Vec<Pending>, Vec<Pending>) = pending.into_iter().partition(whole);
        for fix in alone {
            check_fixes(prover, findings, vec![fix], audit);
        }
        check_fixes(prover, findings, together, audit);
        return;
    }
    let tagged = pending
        .iter()
        .enumerate()
        .flat_map(|(slot, fix)| fix.intent.edits.iter().map(move |edit| (slot, edit)));
    let Some((bytes, segments)) = apply_tagged(robots, tagged) else {
        if pending.len() == 1 {
            // Its own edits clash: nothing to offer.
            for fix in pending {
                findings[fix.finding].fix_check = FixCheck::None;
                findings[fix.finding].replacement = None;
            }
            return;
        }
        // Fixes that overlap (two findings of one line) cannot be made in one file: they are
        // checked in as few files as keep each one's edits apart.
        for set in apart(robots, pending) {
            check_fixes(prover, findings, set, audit);
        }
        return;
    };
    let cost = bytes.len().saturating_mul(FIX_CHECK_COST);
    if cost > prover.budget {
        for fix in pending {
            leave_unchecked(&mut findings[fix.finding]);
        }
        return;
    }
    prover.budget -= cost;
    let edited = RobotsTxt::parse_owned(bytes);
    let map = LineMap::new(robots, &edited, &segments);
    // For the fixes that may move lines: which of them each line of the file is about.
    let mut about_line: HashMap<usize, Vec<usize>> = HashMap::new();
    for (slot, fix) in pending.iter().enumerate() {
        for &line in fix.about.iter().flatten() {
            about_line.entry(line).or_default().push(slot);
        }
    }
    let whole_file = pending.len() == 1 && whole(&pending[0]);
    let edited_lines_of: Vec<Vec<usize>> = pending
        .iter()
        .map(|fix| edited_lines(&fix.intent.edits))
        .collect();
    let mut raised: Vec<Vec<Finding>> = vec![Vec::new(); pending.len()];
    for new in audit(&edited) {
        // The line it stands on in the file as written, and the fixes it is about: the one
        // that wrote its line (which the file as written had at the line that fix replaced),
        // or those whose groups hold it.
        let (old, slots): (Option<usize>, Vec<usize>) = if whole_file {
            (Some(new.line), vec![0])
        } else {
            match (map.old(new.line), map.owner(new.line)) {
                (Some(old), _) => (Some(old), about_line.get(&old).cloned().unwrap_or_default()),
                (None, Some(slot)) => (None, vec![slot]),
                (None, None) => (None, Vec::new()),
            }
        };
        for slot in slots {
            let known_on = |line: usize| prover.known.contains(&(new.code, line));
            let known = match old {
                Some(old) => known_on(old) || known_in_agents(robots, &prover.known, new.code, old),
                None => {
                    edited_lines_of[slot].iter().any(|&line| known_on(line))
                        || edited.line(new.line).is_some_and(|line| {
                            prover
                                .known_text
                                .contains(&(new.code, line.text().trim().to_owned()))
                        })
                }
            };
            // A fix that leaves its own code behind is not raising it anew.
            if !known && findings[pending[slot].finding].code != new.code {
                raised[slot].push(new.clone());
            }
        }
    }
    // One prover of the fixed file for every fix that raised something to weigh.
    let mut inner: Option<Prover<'_>> = None;
    for (fix, raised) in pending.into_iter().zip(raised) {
        let finding = &mut findings[fix.finding];
        let weighed = if raised.iter().all(|new| new.intent.is_none()) {
            Ok(None)
        } else {
            let inner = inner.get_or_insert_with(|| {
                let mut inner = Prover::new(&edited, &[]);
                inner.budget = prover.budget;
                inner
            });
            serious_among(inner, raised)
        };
        match weighed {
            Err(()) => leave_unchecked(finding),
            Ok(Some(new)) => {
                let change = change_phrase(finding, &fix.intent);
                // The new finding's lines are the fixed file's: told as the file's own. A line
                // the fix wrote is the line it moved there (a rule a merge carries), or else the
                // finding's.
                let own = finding.line;
                let touched = edited_lines(&fix.intent.edits);
                let message = new.message.map_lines(&|line| {
                    if whole_file {
                        return line;
                    }
                    map.old(line).unwrap_or_else(|| {
                        let text = edited.line(line).map(|line| line.text().trim());
                        touched
                            .iter()
                            .copied()
                            .find(|&old| {
                                text.is_some() && robots.line(old).map(|l| l.text().trim()) == text
                            })
                            .unwrap_or(own)
                    })
                });
                withhold(
                    finding,
                    Message::new(M::FixWithheldRaises)
                        .phrase("change", change)
                        .text("code", new.code.id())
                        .phrase("finding", message),
                    is_rule(robots, finding.line),
                );
            }
            Ok(None) => finding.fix_check = FixCheck::Checked,
        }
    }
    if let Some(inner) = inner {
        prover.budget = prover.budget.min(inner.budget);
    }
}

/// Whether a finding of `code` on user-agent line `line` was already the file's, told on
/// another user-agent line of the same group: a finding about a group's crawlers stands on its
/// first one, and a fix that splits the crawlers into two groups moves the same story onto the
/// second (`AhrefsBot` and `funnelback` both escape `*`, then `funnelback` alone does).
fn known_in_agents(
    robots: &RobotsTxt,
    known: &HashSet<(Code, usize)>,
    code: Code,
    line: usize,
) -> bool {
    let Some(group) = robots.group_at(line) else {
        return false;
    };
    group.agents.iter().any(|agent| agent.line == line)
        && group
            .agents
            .iter()
            .any(|agent| known.contains(&(code, agent.line)))
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or_default()
}

/// A fix the budget left unchecked: its line is not offered to apply, but the finding keeps
/// its fix in words, which the owner can still weigh, and says it was not checked (where a fix
/// that failed its check says what to decide instead).
fn leave_unchecked(finding: &mut Finding) {
    finding.replacement = None;
    finding.fix_check = FixCheck::Withheld;
    finding.fix = Message::new(M::FixNotChecked)
        .phrase("fix", finding.fix.clone())
        .count("limit", EVIDENCE_BUDGET);
}

fn withhold(finding: &mut Finding, why: Message, rule: bool) {
    finding.replacement = None;
    finding.fix_check = FixCheck::Withheld;
    finding.fix = Message::new(if rule {
        M::FixWithheldRule
    } else {
        M::FixWithheld
    })
    .phrase("why", why);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`LineMap::new`] as it was first written: each line's start searched for among the
    /// original's, which the map now walks once.
    fn searched(
        original: &RobotsTxt,
        edited: &RobotsTxt,
        segments: &[Segment],
    ) -> Vec<Option<usize>> {
        let starts: Vec<usize> = original.line_starts().collect();
        let old_line = |offset: usize| match starts.binary_search(&offset) {
            Ok(index) => Some(index + 1),
            Err(0) => None,
            Err(index) => Some(index),
        };
        edited
            .line_starts()
            .map(|offset| {
                segments
                    .iter()
                    .find_map(|segment| match *segment {
                        Segment::Kept { from, to, at }
                            if offset >= at && offset < at + (to - from) =>
                        {
                            Some(old_line(from + offset - at))
                        }
                        Segment::Edited { at, len, .. } if offset >= at && offset < at + len => {
                            Some(None)
                        }
                        _ => None,
                    })
                    .flatten()
            })
            .collect()
    }

    proptest::proptest! {
        /// The line of the file as written that each line of an edited file stands for, under
        /// any replacement, deletion and insertion of lines, is the one a search finds.
        #[test]
        fn an_edited_files_lines_map_to_the_lines_a_search_finds(
            lines in proptest::collection::vec(
                proptest::sample::select(vec!["User-agent: a", "Disallow: /x", "Allow: /", "", "# c", "x\rDisallow: /y"]),
                1..20,
            ),
            edits in proptest::collection::vec((0usize..24, 0u8..3, proptest::sample::select(vec!["Disallow: /z", "", "a\nb", "User-agent: *\nAllow: /q"])), 0..6),
            ending in proptest::sample::select(vec!["\n", "\r\n", ""]),
        ) {
            let text = lines.join("\n") + ending;
            let robots = RobotsTxt::parse(text.as_bytes());
            let mut seen = HashSet::new();
            let edits: Vec<Edit> = edits
                .into_iter()
                .filter(|(line, _, _)| seen.insert(*line))
                .map(|(line, kind, text)| match kind {
                    0 => Edit::replace(line + 1, text),
                    1 => Edit::delete(line + 1),
                    _ => Edit::insert(line + 1, text),
                })
                .collect();
            let Some((bytes, segments)) = apply(&robots, &edits) else {
                return Ok(());
            };
            let edited = RobotsTxt::parse_owned(bytes);
            let map = LineMap::new(&robots, &edited, &segments);
            proptest::prop_assert_eq!(map.old, searched(&robots, &edited, &segments));
        }
    }
}
