//! The audit: every line a crawler will skip or misread, with why it matters and how to fix it.
//!
//! The auditor is one more consumer of the parse, like google/robotstxt's
//! `reporting_robots.cc`: it reads the facts [`RobotsTxt`] already holds about each line (kind,
//! key spelling, missing colon, NUL, cut, size limit), the groups and the merged rule sets, and
//! never reads the text again on its own terms. Each problem is a [`Finding`] with a stable
//! [`Code`], a [`Severity`], the line and, where it helps, the byte span, one sentence on what is
//! wrong, one on why it matters, a concrete fix and, when the fix is mechanical, the corrected
//! line.
//!
//! ```
//! use robots_lens::{audit::Severity, RobotsTxt};
//!
//! let robots = RobotsTxt::parse(b"Disallow: /private/\nUser-agent: *\nDisallow: /tmp/\n");
//! let findings = robots_lens::audit(&robots);
//! assert_eq!(findings[0].code.id(), "RL301");
//! assert_eq!(findings[0].severity, Severity::Error);
//! assert_eq!(findings[0].line, 1);
//! ```
//!
//! # Severities
//!
//! One rule for every code (`docs/severity.md`, [`Severity::rule`]):
//!
//! - [`Severity::Error`]: a crawler will read the file differently from what its author evidently
//!   meant, and that changes a verdict (a rule in no group, a pattern that cannot match, a mangled
//!   byte order mark that hides a user-agent line).
//! - [`Severity::Warning`]: probably a mistake, or readers disagree, but no catalogued crawler's
//!   verdict changes, or what the author meant is not evident from the file.
//! - [`Severity::Info`]: every reader reads it the same way; nothing is wrong. A well-formed, idiomatic file produces
//!   no error and no warning, and the corpus under `tests/audit/` holds such files to prove it.
//!
//! Every code is documented in [`CODES`] (see [`Code::doc`]) with fixed headings: what it does,
//! why it matters, an example, the fix and a reference.
//!
//! # Untrusted input
//!
//! The audit never panics and costs time linear in the file, except three analyses of rule
//! pairs, each under a fixed budget after which it stops claiming anything: shadowing compares
//! each rule with the wildcard rules of the same crawler, `named-group-ignores-star` asks what
//! `*` answers for the paths of its rules (once per path for all named crawlers, the `*` Allow
//! rules first), and the CSS/JS probe runs at most [`MAX_RESOURCE_PROBES`] verdicts. Each can
//! only miss findings, never invent one; the tests count their work on files built to be
//! quadratic rather than time it.
//!
//! # Findings and causes
//!
//! [`audit()`] gives one finding per line, so that a line can be silenced on its own;
//! [`group_by_cause`] groups them as the surfaces show them, one entry per cause with every line
//! it covers.

mod cause;
mod codes;
mod directives;
mod evidence;
mod file;
mod groups;
mod overlap;
mod patterns;
mod preferences;
mod suppress;
mod syntax;
mod text;
#[cfg(feature = "doc-translations")]
mod translations;

pub use cause::{group_by_cause, Cause};
pub use codes::{Code, CodeDoc, UnknownCode, CODES};
pub use evidence::{
    Effect, Evidence, FixCheck, EVIDENCE_BUDGET, MAX_EFFECTS, MAX_PROBES_PER_FINDING,
};
pub use overlap::MAX_RESOURCE_PROBES;
pub use suppress::{partition_suppressed, suppressions, Suppression};
#[cfg(feature = "doc-translations")]
pub use translations::{doc_language, doc_translation, DOC_LANGUAGES};

use std::collections::{HashMap, HashSet};

use crate::group::{AgentToken, Group, Rule, RuleKind};
use crate::lines::Line;
use crate::message::{Message, MessageId as M};
use crate::robots::RobotsTxt;
use evidence::{Edit, Intent};

/// At most this many related lines are kept per finding.
const MAX_RELATED_LINES: usize = 20;

/// How serious a finding is. Sorted from the most serious.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Severity {
    /// A crawler will do something the author almost certainly did not intend.
    Error,
    /// A likely mistake, or a line that parsers read differently.
    Warning,
    /// Worth knowing; nothing is wrong.
    Info,
}

impl Severity {
    /// The severity's name in JSON and on the command line: `error`, `warning`, `info`.
    pub fn id(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }

    /// What a code whose findings can be at most this severity means, by the one rule of
    /// `docs/severity.md`, in English; `robots-lens explain CODE` states it with the code's
    /// documentation.
    pub fn rule(self) -> &'static str {
        match self {
            Severity::Error => {
                "At most an error: a finding is an error when its evidence shows a search \
                 engine's or an AI crawler's verdict, in that crawler's own reading, differing \
                 from what the file evidently means; a warning when only other crawlers or \
                 readers answer differently, or the intent is only likely; a note when no \
                 verdict changes."
            }
            Severity::Warning => {
                "At most a warning: a finding's evidence can show readers disagreeing (Python's \
                 robotparser reads the line otherwise than Google does), or a verdict against \
                 an intent that is only likely, never a major crawler against an evident one; \
                 a note when no verdict changes."
            }
            Severity::Info => {
                "A note: its findings name no question whose answer changes (style, a line no \
                 reader acts on, what a directive does and for whom)."
            }
        }
    }
}

/// A byte range of the input, like [`Line::start`] and [`Line::end`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset just past the last byte.
    pub end: usize,
}

/// One problem found on one line.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Finding {
    /// What kind of problem this is; its documentation is [`Code::doc`].
    pub code: Code,
    /// How serious it is: `code.severity()`, except for the codes whose documentation says when
    /// one finding weighs more or less ([`Code::severity_varies`]).
    pub severity: Severity,
    /// The line (1-based). Findings about the whole file point at the line that shows it best.
    pub line: usize,
    /// The bytes of the line the finding is about, when narrower than the line; byte offsets
    /// into the input.
    pub span: Option<Span>,
    /// What is wrong on this line, naming the values involved.
    pub message: Message,
    /// Why it matters: what a crawler will do.
    pub why: Message,
    /// What to do about it.
    pub fix: Message,
    /// The corrected text of the line, when the fix is mechanical. It may hold several lines
    /// (one rule per line); an empty string never stands for "delete the line".
    pub replacement: Option<String>,
    /// Other lines involved: the rule that shadows this one, the earlier group naming the same
    /// crawler, the `*` rules a crawler no longer obeys.
    pub related_lines: Vec<usize>,
    /// The questions whose answers the finding is about, computed by asking the file as written
    /// and as evidently meant (at most [`MAX_EFFECTS`]): empty for a note.
    pub effect: Vec<Effect>,
    /// Whether [`Finding::effect`] was computed.
    pub evidence: Evidence,
    /// What became of the fix: checked by the engine before it was offered as
    /// [`Finding::replacement`], withheld, or in words only.
    pub fix_check: FixCheck,
    /// What the author evidently meant, as an edit; consumed when the evidence is computed.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) intent: Option<Intent>,
}

impl Finding {
    fn new(
        code: Code,
        line: usize,
        message: impl Into<Message>,
        why: impl Into<Message>,
        fix: impl Into<Message>,
    ) -> Finding {
        Finding {
            code,
            severity: code.severity(),
            line,
            span: None,
            message: message.into(),
            why: why.into(),
            fix: fix.into(),
            replacement: None,
            related_lines: Vec::new(),
            effect: Vec::new(),
            evidence: Evidence::None,
            fix_check: FixCheck::None,
            intent: None,
        }
    }

    /// What the author evidently meant, for the evidence (see [`evidence`]).
    fn with_intent(mut self, intent: Option<Intent>) -> Finding {
        self.intent = intent;
        self
    }

    /// The replacement writes the line as Google and RFC 9309 readers already read it, for the
    /// readers that read it otherwise: an answer of theirs that it changes shows it wrong.
    fn keeping_google_reading(mut self) -> Finding {
        self.intent = Some(Intent::portable(Vec::new()));
        self
    }

    /// This finding at another severity than its code's: the rule of `docs/severity.md` weighs
    /// the finding, not the code, so a `#` that makes a rule close the whole site is an error
    /// while one that cuts a single path is a warning. Only for [`Code::severity_varies`].
    fn with_severity(mut self, severity: Severity) -> Finding {
        debug_assert!(
            self.code.severity_varies(),
            "{} has one severity",
            self.code
        );
        self.severity = severity;
        self
    }

    fn with_span(mut self, span: Option<Span>) -> Finding {
        self.span = span;
        self
    }

    fn with_replacement(mut self, replacement: Option<String>) -> Finding {
        self.replacement = replacement;
        self
    }

    fn with_related(mut self, mut lines: Vec<usize>) -> Finding {
        lines.sort_unstable();
        lines.dedup();
        lines.retain(|&line| line != self.line);
        // The first lines are enough to follow a finding; keeping all of them would make the
        // output grow with the square of the file for findings repeated per group.
        lines.truncate(MAX_RELATED_LINES);
        self.related_lines = lines;
        self
    }
}

/// Audits a parsed file: every finding, sorted by line, then from the most serious. Each
/// finding's severity follows from its evidence ([`Finding::effect`], `docs/severity.md`).
pub fn audit(robots: &RobotsTxt) -> Vec<Finding> {
    let mut findings = findings_of(robots);
    evidence::prove(robots, &mut findings, Some(&findings_of));
    sort_findings(&mut findings);
    findings
}

/// How many findings of one code at one severity a file has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CodeCount {
    /// The findings' code.
    pub code: Code,
    /// Their severity.
    pub severity: Severity,
    /// How many there are (at least one).
    pub count: usize,
}

/// What [`audit()`] reports, counted by code and severity, less the findings a `# robots-lens:
/// ignore` comment silences (what `robots-lens lint` reports): one entry per code and severity
/// found, by code ([`Code::id`]), then from the most serious. For a caller that counts many files
/// (a census) rather than shows one.
///
/// The counts are those of [`audit()`]'s findings (a test holds them equal over every real file
/// of the corpora) for less work: the fixes are not checked. Checking a fix applies it and audits
/// the fixed file again, a second audit of every file with a fix to offer; it decides whether a
/// finding offers its replacement and what its fix says, and never a finding's code or severity,
/// which the evidence settles before it (a fix is only checked once its finding is weighed).
///
/// ```
/// use robots_lens::{audit::{audit_counts, Code, Severity}, RobotsTxt};
///
/// let robots = RobotsTxt::parse(b"Disallow: /a\nDisallow: /b\nUser-agent: *\nDisallow: /c\n");
/// let counts = audit_counts(&robots);
/// assert_eq!(counts[0].code, Code::RuleBeforeUserAgent);
/// assert_eq!((counts[0].severity, counts[0].count), (Severity::Error, 2));
/// ```
pub fn audit_counts(robots: &RobotsTxt) -> Vec<CodeCount> {
    let mut findings = findings_of(robots);
    evidence::prove(robots, &mut findings, None);
    let (kept, _) = partition_suppressed(findings, &robots.suppressions());
    let mut counts: Vec<CodeCount> = Vec::new();
    for finding in &kept {
        // A file has a handful of codes: a list beats a map.
        match counts
            .iter_mut()
            .find(|known| known.code == finding.code && known.severity == finding.severity)
        {
            Some(known) => known.count += 1,
            None => counts.push(CodeCount {
                code: finding.code,
                severity: finding.severity,
                count: 1,
            }),
        }
    }
    counts.sort_by_key(|known| (known.code.id(), known.severity));
    counts
}

/// Sorts findings by line, then from the most serious, then by code and column: the order
/// [`audit()`] gives.
fn sort_findings(findings: &mut [Finding]) {
    crate::sorting::sort_by(findings, |a, b| {
        (a.line, a.severity, a.code, a.span.map(|s| s.start)).cmp(&(
            b.line,
            b.severity,
            b.code,
            b.span.map(|s| s.start),
        ))
    });
}

/// What the checks find, each finding with what its author evidently meant, before any
/// question is asked: its severity is the check's guess, which the evidence replaces.
fn findings_of(robots: &RobotsTxt) -> Vec<Finding> {
    let context = Context::new(robots);
    let mut findings = Vec::new();
    let readable = file::check(&context, &mut findings);
    if readable {
        syntax::check(&context, &mut findings);
        groups::check(&context, &mut findings);
        patterns::check(&context, &mut findings);
        overlap::check(&context, &mut findings);
        directives::check(&context, &mut findings);
        preferences::check(&context, &mut findings);
        if file::mangled_bom(robots) {
            // The byte-order-mark finding names the cause; what line 1's key then looks like
            // to the line checks (prose, an unknown key) is its consequence, not advice.
            findings.retain(|finding| !file::consequences_of_mangled_bom(robots, finding));
            findings.retain(|finding| {
                finding.line != 1
                    || !matches!(
                        finding.code,
                        Code::TextLine
                            | Code::UnreadableLine
                            | Code::UnknownDirective
                            | Code::MissingColon
                            | Code::MisspelledDirective
                            | Code::InvisibleCharacter
                    )
            });
        }
        if let Some(cut) = context.lines().find(|line| line.cut_by_size_limit) {
            // The line the 500 KiB limit cuts is read only up to the limit (`Disallow: /secret`
            // as `Disal`): the size-limit finding says so, and a finding on what the cut
            // leaves would quote the whole line while describing its start.
            findings.retain(|finding| {
                finding.line != cut.number
                    || matches!(finding.code, Code::OverSizeLimit | Code::LineTooLong)
            });
        }
    }
    one_finding_per_cause(&mut findings);
    for finding in &mut findings {
        // A corrected line is the fix to check, unless the check said what was meant otherwise.
        let Some(replacement) = &finding.replacement else {
            continue;
        };
        let mut edit = Edit::replace(finding.line, replacement.as_str());
        let offered = finding
            .intent
            .as_ref()
            .is_none_or(|intent| intent.needs_edit());
        if let Some(other) = offered
            .then(|| repeated_rule(robots, finding.line, replacement))
            .flatten()
        {
            // Written as corrected, the line would repeat a rule its group holds: the fix that
            // leaves the group as meant is the line deleted.
            finding.fix = Message::new(M::FixRepeatsRule)
                .code("replacement", replacement.as_str())
                .line("line", other);
            finding.replacement = None;
            edit = Edit::delete(finding.line);
        }
        match &mut finding.intent {
            None => finding.intent = Some(Intent::fix(vec![edit])),
            Some(intent) if intent.needs_edit() => intent.set_edit(edit),
            Some(_) => {}
        }
    }
    findings
}

/// The rules of a group compared with a corrected line at most: a group holds a corrected line
/// for few of its rules, but a file of 100,000 rules in one group would compare each with all.
const MAX_RULES_COMPARED: usize = 2_000;

/// The other line of `line`'s group that already holds the rule `replacement` writes (one
/// `Allow` or `Disallow` line), if any, in a group of at most [`MAX_RULES_COMPARED`] rules.
fn repeated_rule(robots: &RobotsTxt, line: usize, replacement: &str) -> Option<usize> {
    let (key, value) = replacement.split_once(':')?;
    let allow = match key.trim().to_ascii_lowercase().as_str() {
        "allow" => true,
        "disallow" => false,
        _ => return None,
    };
    let value = value.trim();
    if value.is_empty() || value.contains(['\n', '#']) {
        return None;
    }
    let group = robots.group_at(line)?;
    if group.rules.len() > MAX_RULES_COMPARED {
        return None;
    }
    group
        .rules
        .iter()
        .find(|rule| {
            rule.line != line
                && (rule.kind == RuleKind::Allow) == allow
                && rule.pattern(robots) == value
        })
        .map(|rule| rule.line)
}

/// Where two checks report one cause on the same line, keeps the finding that names the cause
/// and its consequence, and drops the one that repeats part of it:
///
/// - an invisible character before a pattern's `/` (`Disallow:\u{a0}/x`): the pattern without
///   a slash (RL401) names the character, the rule it breaks and the fix, so the invisible
///   character (RL207) is not said again;
/// - a name Google reads otherwise (RL309, a rule glued onto the user-agent line or a name cut
///   at a digit): that two such lines then name the same crawler (RL304) follows from it;
/// - a `#` that cuts a rule to `Disallow: /` (RL412, raised to an error): the closed site
///   (RL306) is its consequence, and RL412 names both; that `/*` could be written `/` (RL403)
///   is beside the point of a rule to delete;
/// - `Sitemap https://…` without its colon (RL206): the sitemap value `//…` that the split at
///   the URL's colon leaves is not a full URL (RL506) because of it;
/// - text encoded twice (RL409, `/wiki/ç¹æ®:` for `/wiki/特殊:`): the control characters the
///   garbling holds (RL207) and the spaces of the words it meant (RL410) are its symptoms, and
///   its fix (the meant text, encoded once) removes them.
///
/// Linear: one pass to note the lines, one to filter.
fn one_finding_per_cause(findings: &mut Vec<Finding>) {
    // Which findings each line drops, as a set of bits (`repeats`); a map the audit already
    // uses, rather than a set of pairs, keeps the page's audit module small.
    let repeats = |code: Code| match code {
        Code::InvisibleCharacter => 1,
        Code::RepeatedUserAgent => 2,
        Code::SiteClosedToAll | Code::RedundantWildcard => 4,
        Code::SitemapUrlNotAbsolute => 8,
        Code::SpaceInPattern => 16,
        _ => 0,
    };
    let mut dropped: HashMap<usize, usize> = HashMap::new();
    for finding in findings.iter() {
        let bits = match finding.code {
            Code::PatternWithoutSlash
                if finding.message.id() == crate::message::MessageId::WithoutSlashInvisible =>
            {
                repeats(Code::InvisibleCharacter)
            }
            Code::AgentTokenCut => repeats(Code::RepeatedUserAgent),
            Code::NonstandardSpelling
                if finding.message.id() == crate::message::MessageId::SitemapWithoutColon =>
            {
                repeats(Code::SitemapUrlNotAbsolute)
            }
            Code::HashInPattern if finding.severity == Severity::Error => {
                repeats(Code::SiteClosedToAll)
            }
            // Text encoded twice: its control characters and the spaces of what it meant are
            // the garbling's symptoms, and the fix that decodes it encodes those too.
            Code::NonAsciiPattern
                if finding.message.id() == crate::message::MessageId::NonAsciiEncodedTwice =>
            {
                repeats(Code::InvisibleCharacter) | repeats(Code::SpaceInPattern)
            }
            _ => continue,
        };
        let had = dropped.get(&finding.line).copied().unwrap_or(0);
        dropped.insert(finding.line, had | bits);
    }
    if !dropped.is_empty() {
        findings.retain(|finding| {
            dropped.get(&finding.line).copied().unwrap_or(0) & repeats(finding.code) == 0
        });
    }
}

impl RobotsTxt {
    /// Audits the file; see [`audit()`](crate::audit()).
    pub fn audit(&self) -> Vec<Finding> {
        audit(self)
    }
}

/// What the checks share: the parse, and who obeys which groups.
struct Context<'r> {
    robots: &'r RobotsTxt,
    /// One entry per product token (compared case-insensitively, as crawlers compare them), in
    /// the order of first mention. Empty tokens name no crawler and have no entry.
    agents: Vec<AgentSet>,
    /// The groups with a `*` user-agent line.
    star_groups: Vec<usize>,
    /// Every distinct set of groups that some crawler obeys: the `*` groups, and the groups of
    /// each named crawler.
    rule_sets: Vec<Vec<usize>>,
    /// For each group, the indices in `rule_sets` of the sets that contain it.
    sets_of_group: Vec<Vec<usize>>,
    /// Every line of the file, read once: the checks go through them a dozen times and look
    /// lines up by number, and a line is otherwise made anew from its record each time.
    lines: Vec<Line<'r>>,
}

/// The groups that one crawler obeys.
struct AgentSet {
    /// The token as first written.
    token: String,
    /// Every user-agent line that names it.
    lines: Vec<usize>,
    /// The groups that name it, in file order.
    groups: Vec<usize>,
}

impl<'r> Context<'r> {
    fn new(robots: &'r RobotsTxt) -> Context<'r> {
        let mut agents: Vec<AgentSet> = Vec::new();
        let mut by_token: HashMap<String, usize> = HashMap::new();
        let mut star_groups = Vec::new();
        for group in robots.groups() {
            for agent in &group.agents {
                match &agent.token {
                    AgentToken::Star => {
                        if star_groups.last() != Some(&group.index) {
                            star_groups.push(group.index);
                        }
                    }
                    AgentToken::Product(token) if token.is_empty() => {}
                    AgentToken::Product(token) => match by_token.get(&token.to_ascii_lowercase()) {
                        Some(&index) => {
                            let set = &mut agents[index];
                            set.lines.push(agent.line);
                            if set.groups.last() != Some(&group.index) {
                                set.groups.push(group.index);
                            }
                        }
                        None => {
                            by_token.insert(token.to_ascii_lowercase(), agents.len());
                            agents.push(AgentSet {
                                token: token.to_string(),
                                lines: vec![agent.line],
                                groups: vec![group.index],
                            });
                        }
                    },
                }
            }
        }
        let mut rule_sets: Vec<Vec<usize>> = Vec::new();
        let mut seen: HashSet<&[usize]> = HashSet::new();
        let candidates = std::iter::once(&star_groups)
            .filter(|set| !set.is_empty())
            .chain(agents.iter().map(|agent| &agent.groups));
        for set in candidates {
            if seen.insert(set) {
                rule_sets.push(set.clone());
            }
        }
        let mut sets_of_group = vec![Vec::new(); robots.groups().len()];
        for (index, set) in rule_sets.iter().enumerate() {
            for &group in set {
                sets_of_group[group].push(index);
            }
        }
        Context {
            robots,
            agents,
            star_groups,
            rule_sets,
            sets_of_group,
            lines: robots.lines().iter().collect(),
        }
    }

    fn line(&self, number: usize) -> Line<'r> {
        *number
            .checked_sub(1)
            .and_then(|index| self.lines.get(index))
            .expect("findings name lines of the file")
    }

    /// Every line of the file, in order.
    fn lines(&self) -> impl Iterator<Item = Line<'r>> + '_ {
        self.lines.iter().copied()
    }

    /// A rule's pattern, as [`Rule::pattern`] reads it, from the lines read once: that one
    /// makes the rule's line anew from its record, and the checks ask for thousands.
    fn pattern(&self, rule: &Rule) -> &'r str {
        rule.line
            .checked_sub(1)
            .and_then(|index| self.lines.get(index))
            .and_then(|line| line.value())
            .unwrap_or_default()
    }

    fn group(&self, index: usize) -> &'r Group {
        &self.robots.groups()[index]
    }

    /// The rules of a set of groups, merged as a crawler merges them, in file order.
    fn rules_of<'s>(&self, groups: &'s [usize]) -> impl Iterator<Item = &'r Rule> + 's
    where
        'r: 's,
    {
        let robots = self.robots;
        groups
            .iter()
            .flat_map(move |&index| robots.groups()[index].rules.iter())
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    //! Helpers for the unit tests of every concern.

    use super::{Code, Finding};
    use crate::robots::RobotsTxt;

    /// The findings for `input`.
    pub fn findings(input: &str) -> Vec<Finding> {
        super::audit(&RobotsTxt::parse(input.as_bytes()))
    }

    /// The (code, line) pairs for `input`.
    pub fn codes(input: &str) -> Vec<(Code, usize)> {
        findings(input).iter().map(|f| (f.code, f.line)).collect()
    }

    /// The findings with `code` for `input`.
    pub fn with_code(input: &str, code: Code) -> Vec<Finding> {
        findings(input)
            .into_iter()
            .filter(|f| f.code == code)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::*;
    use super::*;
    use crate::profile::Profile;

    /// Python's answers under an edit Google already reads as meant, held to Google's reading
    /// of the file as written.
    mod python_held_to_google {
        use super::*;

        #[test]
        fn a_deletion_that_drops_the_record_google_applies_is_withheld() {
            // Python reads the empty `Disallow:` alone in grapeshot's record (a blank line sets
            // the Allows apart); deleting it sends grapeshot to `*`, which Google never does.
            let input = "User-agent: *\nDisallow: /search/\n\nUser-agent: grapeshot\nDisallow:\n\n\
                         Allow: *\nAllow: /\n";
            let found = with_code(input, Code::EmptyRuleAmongRules);
            assert_eq!(found.len(), 1, "{found:?}");
            let empty = &found[0];
            assert_eq!(empty.line, 5);
            assert_eq!(empty.severity, Severity::Info, "{:?}", empty.effect);
            assert!(empty.effect.is_empty(), "{:?}", empty.effect);
            assert_eq!(empty.fix_check, FixCheck::Withheld);
            assert!(
                empty.message.english().contains("blank line 6"),
                "{}",
                empty.message
            );
        }

        #[test]
        fn python_reading_the_same_rules_otherwise_is_no_evidence() {
            // `Disallow: /` for `/*`: Python then blocks `/`, which `Allow: /$` (a `$` it reads
            // literally) opens for Google. That is Python's matching, not the edit's doing: the
            // fix stands, and its evidence is the paths below `/`.
            let input = "User-agent: Baiduspider\nAllow: /$\nDisallow: /*\n";
            let found = with_code(input, Code::RedundantWildcard);
            assert_eq!(found.len(), 1, "{found:?}");
            let star = &found[0];
            assert!(!star.effect.is_empty());
            assert!(
                star.effect.iter().all(|e| e.url != "/"),
                "{:?}",
                star.effect
            );
            assert_eq!(star.fix_check, FixCheck::Checked, "{}", star.fix);
            assert_eq!(star.replacement.as_deref(), Some("Disallow: /"));
        }

        #[test]
        fn crawlers_google_reads_apart_are_asked_apart() {
            // Googlebot's group has no rules, so Google lets it in everywhere; Python drops that
            // group and reads `*` for it, as for every other crawler. The blank line's fix
            // gives `*` its rule for Python: the evidence is a crawler Google sends to `*`, not
            // Googlebot, whose answer Python changes away from Google's.
            let input = "User-agent: *\n\nDisallow: /archive/\n\nUser-agent: Googlebot\n\
                         Sitemap: https://example.com/sitemap.xml\n";
            let found = with_code(input, Code::BlankLineInGroup);
            assert_eq!(found.len(), 1, "{found:?}");
            let blank = &found[0];
            assert_ne!(blank.severity, Severity::Info);
            assert!(
                blank.effect.iter().any(|e| e.agent != "Googlebot"
                    && e.url.starts_with("/archive/")
                    && e.profile == Profile::Python
                    && !e.intended),
                "{:?}",
                blank.effect
            );
            assert!(
                blank.effect.iter().all(|e| e.agent != "Googlebot"),
                "{:?}",
                blank.effect
            );
        }
    }

    #[test]
    fn findings_are_sorted_by_line_then_severity() {
        let found = findings(
            "Disallow: /a\nUser-agent: *\nUser-agent: Googlebot/2.1\nDisallow: /a\nNoindex: /b\n",
        );
        for pair in found.windows(2) {
            assert!((pair[0].line, pair[0].severity) <= (pair[1].line, pair[1].severity));
        }
        assert_eq!(found[0].code, Code::RuleBeforeUserAgent);
    }

    #[test]
    fn a_corrected_line_that_repeats_a_rule_of_its_group_is_deleted_instead() {
        // `/f/*` is `/f/`, which line 2 says already: the fix deletes the line, whatever the
        // check that corrected it (a redundant star here, text encoded twice below).
        let found = findings("User-agent: *\nDisallow: /f/\nDisallow: /f/*\nDisallow: /g/*\n");
        let star = found
            .iter()
            .find(|f| f.code == Code::RedundantWildcard && f.line == 3)
            .expect("the redundant star of line 3");
        assert_eq!(star.replacement, None);
        assert!(
            star.fix
                .english()
                .contains("line 2 of the same group already says"),
            "{}",
            star.fix
        );
        assert_eq!(star.fix_check, FixCheck::Checked);
        // A rule only another group holds is no repeat: the corrected line stays offered.
        let elsewhere =
            findings("User-agent: a-bot\nDisallow: /f/\n\nUser-agent: *\nDisallow: /f/*\n");
        let star = elsewhere
            .iter()
            .find(|f| f.code == Code::RedundantWildcard)
            .expect("the redundant star of line 5");
        assert_eq!(star.replacement.as_deref(), Some("Disallow: /f/"));
    }

    #[test]
    fn a_group_whose_one_rule_is_a_copy_is_deleted_whole() {
        // Deleting line 5 alone would leave `User-agent: Mediapartners-Google` to join the `*`
        // group below for Google, blocking `/go` for it: the fix deletes lines 4-5, checked.
        let input = "User-agent: Mediapartners-Google\nDisallow: /pda/\n\n\
            User-agent: Mediapartners-Google\nDisallow: /pda/\n\nUser-agent: *\nDisallow: /go\n";
        let found = findings(input);
        let copy = found
            .iter()
            .find(|f| f.code == Code::DuplicateRule)
            .expect("the copy on line 5");
        assert_eq!(copy.line, 5);
        assert!(copy.fix.english().contains("lines 4–5"), "{}", copy.fix);
        assert_eq!(copy.fix_check, FixCheck::Checked);
        assert_eq!(copy.severity, Severity::Info);
        // A copy among other rules goes alone: no answer depends on it, nothing to weigh.
        let among = findings("User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /a\n");
        let copy = among
            .iter()
            .find(|f| f.code == Code::DuplicateRule)
            .expect("the copy on line 4");
        assert_eq!(copy.fix.english(), "Delete this line.");
        assert_eq!(copy.fix_check, FixCheck::None);
    }

    #[test]
    fn a_trailing_star_in_a_name_is_told_as_the_readers_that_keep_it() {
        let found = findings(
            "User-agent: Mediapartners-Google*\nDisallow:\n\nUser-agent: *\nDisallow: /comment\n",
        );
        let cut = found
            .iter()
            .find(|f| f.code == Code::AgentTokenCut)
            .expect("the star on line 1");
        let message = cut.message.english();
        assert!(message.contains("as meant"), "{message}");
        assert!(message.contains("Python's robotparser"), "{message}");
        assert_eq!(
            cut.replacement.as_deref(),
            Some("User-agent: Mediapartners-Google")
        );
        assert_eq!(cut.severity, Severity::Warning);
        assert!(cut.effect.iter().all(|e| e.profile == Profile::Python));
    }

    #[test]
    fn severity_follows_the_evidence_by_one_rule() {
        // A rule that matches nothing for anyone, meant as a path: Googlebot's verdict changes
        // against the evident intent, an error, with the question that shows it.
        let found = findings("User-agent: *\nDisallow: private/\n");
        assert_eq!(found[0].severity, Severity::Error);
        let effect = &found[0].effect[0];
        assert_eq!(effect.agent, "Googlebot");
        assert_eq!(effect.url, "/private/");
        assert!(effect.allowed && !effect.intended);
        // A `#` that cuts a rule to `Disallow: /*` closes the site: an error; one that cuts a
        // path (`/page#top` is `/page` for every reader) changes no answer: a note.
        let closing = findings("User-agent: *\nDisallow: /*?p=\nDisallow: /*#\n");
        let hash: Vec<Severity> = closing
            .iter()
            .filter(|f| f.code == Code::HashInPattern)
            .map(|f| f.severity)
            .collect();
        assert_eq!(hash, [Severity::Error]);
        let cutting = findings("User-agent: *\nDisallow: /page#top\n");
        assert_eq!(cutting[0].code, Code::HashInPattern);
        assert_eq!(cutting[0].severity, Severity::Info);
        // Google accepts `Disalow`; only the readers that follow the standard skip it.
        let spelled = findings("User-agent: *\nDisalow: /a\n");
        assert_eq!(spelled[0].severity, Severity::Warning);
        assert!(spelled[0]
            .effect
            .iter()
            .all(|effect| effect.profile == Profile::Python));
        // No question whose answer changes: never more than a note.
        for finding in findings("User-agent: *\nDisallow: /a\nNoindex: /b\nCrawl-delay: 5\n") {
            assert_eq!(finding.severity, Severity::Info, "{finding:?}");
        }
    }

    #[test]
    fn an_idiomatic_file_has_no_finding() {
        let input = "User-agent: *\nDisallow: /admin/\nAllow: /admin/public/\n\n\
                     Sitemap: https://www.example.com/sitemap.xml\n";
        assert_eq!(findings(input), []);
    }

    #[test]
    fn the_method_and_the_function_agree() {
        let robots = RobotsTxt::parse(b"Disallow: /x\n");
        assert_eq!(robots.audit(), audit(&robots));
    }

    #[test]
    fn spans_and_related_lines_stay_inside_the_file() {
        let input = "\u{feff}User-agent: *\nDisallow: /a b\nDisallow: /a b\nAllow: /a b\n\
                     User-agent: x\nDisallow: /*.js\nSitemap: s\nCrawl-delay: 1\u{a0}\n";
        let robots = RobotsTxt::parse(input.as_bytes());
        for finding in audit(&robots) {
            let line = robots.line(finding.line).expect("the line exists");
            if let Some(span) = finding.span {
                // The byte order mark precedes line 1 and is reported on it.
                let start = if finding.line == 1 { 0 } else { line.start };
                assert!(
                    start <= span.start && span.start <= span.end && span.end <= line.end,
                    "{finding:?}"
                );
                assert!(input.is_char_boundary(span.start) && input.is_char_boundary(span.end));
            }
            for related in &finding.related_lines {
                assert!(robots.line(*related).is_some(), "{finding:?}");
            }
            assert!(!finding.message.english().is_empty() && !finding.why.english().is_empty());
            assert!(!finding.fix.english().is_empty());
            for message in [&finding.message, &finding.why, &finding.fix] {
                assert!(message.is_complete(), "{message:?}");
            }
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn findings_serialize_with_codes_as_identifiers() {
        let found = findings("User-agent: *\nDisallow: private\n");
        let json = serde_json::to_value(&found[0]).unwrap();
        assert_eq!(json["code"], "RL401");
        assert_eq!(json["severity"], "error");
        assert_eq!(json["line"], 2);
        assert_eq!(json["replacement"], "Disallow: /private");
        assert_eq!(json["span"]["start"], 24);
        let doc = serde_json::to_value(Code::PatternWithoutSlash.doc()).unwrap();
        assert_eq!(doc["id"], "RL401");
        assert_eq!(doc["name"], "pattern-without-slash");
        assert_eq!(doc["severity"], "error");
    }

    /// Pieces that real and broken files are made of, so that random files hit the checks.
    const PIECES: &[&[u8]] = &[
        b"User-agent: ",
        b"Disallow: ",
        b"Allow: ",
        b"Sitemap: ",
        b"Crawl-delay: ",
        b"Noindex: ",
        b"useragent ",
        b"Disalow ",
        b"*",
        b"$",
        b"/",
        b"/a",
        b"/b*",
        b".js",
        b"#",
        b":",
        b" ",
        b"\t",
        b"\n",
        b"\r\n",
        b"\r",
        b"\0",
        b"Googlebot",
        b"MJ12bot",
        b"bot, x",
        b"\xEF\xBB\xBF",
        b"\xE9",
        b"\xC2\xA0",
        b"caf\xC3\xA9",
        b"<html>",
        b"https://x.example/s",
        b"/wp-includes/",
        b"%2A",
        b"\x0B",
    ];

    proptest::proptest! {
        #[test]
        fn any_file_is_audited_without_panic_and_with_sound_positions(
            picks in proptest::collection::vec(0..PIECES.len(), 0..60)
        ) {
            let input: Vec<u8> = picks.iter().flat_map(|&i| PIECES[i].iter().copied()).collect();
            let robots = RobotsTxt::parse(&input);
            let found = audit(&robots);
            for pair in found.windows(2) {
                proptest::prop_assert!(
                    (pair[0].line, pair[0].severity) <= (pair[1].line, pair[1].severity)
                );
            }
            for finding in &found {
                // A warning or an error carries the questions it is about; a note may not.
                proptest::prop_assert!(
                    finding.severity == Severity::Info || !finding.effect.is_empty(),
                    "{:?}", finding
                );
                proptest::prop_assert!(
                    finding.effect.is_empty() || finding.evidence == Evidence::Computed
                );
                let line = robots.line(finding.line);
                proptest::prop_assert!(line.is_some(), "{:?}", finding);
                let line = line.unwrap();
                if let Some(span) = finding.span {
                    let start = if finding.line == 1 { 0 } else { line.start };
                    proptest::prop_assert!(
                        start <= span.start && span.start <= span.end && span.end <= line.end,
                        "{:?} on {:?}", finding, line.text()
                    );
                    if let Ok(text) = std::str::from_utf8(&input) {
                        proptest::prop_assert!(
                            text.is_char_boundary(span.start) && text.is_char_boundary(span.end)
                        );
                    }
                }
                proptest::prop_assert!(!finding.related_lines.contains(&finding.line));
                for message in [&finding.message, &finding.why, &finding.fix] {
                    proptest::prop_assert!(message.is_complete(), "{:?}", message);
                }
                for related in &finding.related_lines {
                    proptest::prop_assert!(robots.line(*related).is_some());
                }
            }
        }
    }

    /// The documentation's examples are run: each example shows its code, each fix does not.
    #[test]
    fn every_documented_example_produces_its_code_and_every_fix_does_not() {
        // Problems in bytes that a text example cannot carry; their unit tests build the bytes.
        let illustrative = [
            Code::BinaryFile,
            Code::Utf16File,
            Code::ByteOrderMark,
            Code::InvalidUtf8,
            Code::OverSizeLimit,
            Code::NulByte,
            Code::LineTooLong,
        ];
        let mut failures = Vec::new();
        for doc in CODES {
            if illustrative.contains(&doc.code) {
                continue;
            }
            let example = codes(doc.example);
            if !example.iter().any(|(code, _)| *code == doc.code) {
                failures.push(format!("{}: the example gives {example:?}", doc.id));
            }
            let fixed = codes(doc.fix);
            if fixed.iter().any(|(code, _)| *code == doc.code) {
                failures.push(format!("{}: the fix still gives {fixed:?}", doc.id));
            }
            let fixed_findings = findings(doc.fix);
            if let Some(serious) = fixed_findings.iter().find(|f| f.severity != Severity::Info) {
                failures.push(format!("{}: the fix has {serious:?}", doc.id));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
