//! Many URLs against one file, for several agents and crawlers at once.
//!
//! A [`Batch`] holds a list of URLs and the [`Asker`]s to check them for (an agent as typed, or a
//! catalogued crawler following its fallback chain), and fills in one [`Cell`] per URL × asker.
//! It runs in steps ([`Batch::run`] checks a bounded number of URLs and returns), so that a page
//! can show progress and cancel between steps. Once done it answers:
//!
//! - [`Batch::rows`]: the URL × asker rows, filtered ([`RowFilter`]: blocked for any asker, the
//!   askers disagree, …) and sorted ([`RowOrder`]), a page at a time;
//! - [`Batch::report`]: totals per asker, the rules that decided grouped by line ("line 12
//!   blocks 1,340 of your URLs"), and the rules of the groups that applied which matched none
//!   of the URLs;
//! - [`Batch::to_csv`]: every row as CSV.
//!
//! Memory is one small cell per URL × asker: 100,000 URLs × 36 crawlers is about 3.6 million
//! cells, 58 MB. [`crate::url_list::MAX_URLS`] bounds the list.

use crate::answer::{Checker, Question, Who};
use crate::catalogue::Crawler;
use crate::group::RuleKind;
use crate::matcher::GroupSelection;
use crate::profile::{AgentMatch, Profile};
use crate::robots::RobotsTxt;
use crate::sorting::sort_by;
use crate::status::FetchStatus;
use crate::typed_url::InvalidUrl;
use crate::verdict::{Reason, Verdict};

/// Who asks, kept for a list of questions (a batch, expectations, `diff`): the owned form of a
/// question's [`Who`] with the match model its agent is compared by. Everything it answers is
/// [`Checker::ask_verdict`]'s ([`Asker::question`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Asker {
    /// A user agent (a product token or a whole UA string), compared as `AgentMatch` says.
    Agent(String, AgentMatch),
    /// A catalogued crawler: its documented fallback chain picks the group.
    Crawler(&'static Crawler),
    /// A catalogued crawler found in a name a person typed ([`Asker::typed`]): it asks as the
    /// crawler, and the name as typed, compared by `agent_match`, is answered beside it where
    /// that answers otherwise ([`Row::as_typed`], [`crate::Flip::as_typed`]), as
    /// [`crate::Answer::as_typed`] is.
    Named {
        /// The crawler the name holds.
        crawler: &'static Crawler,
        /// The name as typed.
        typed: String,
        /// How the name as typed is compared with the groups.
        agent_match: AgentMatch,
    },
}

impl Asker {
    /// Who `agent`, a name as a person typed it for a list of questions, asks as: the
    /// catalogued crawler it names ([`Who::typed`], the default of every surface), with the
    /// name as typed answered beside it ([`Asker::Named`]), else the agent as typed, compared
    /// by `agent_match`. [`Asker::Agent`] asks exactly as typed.
    ///
    /// ```
    /// use robots_lens::{find_crawler, AgentMatch, Asker, Who};
    ///
    /// let googlebot = find_crawler("Googlebot").unwrap();
    /// assert_eq!(Asker::typed("googlebot", AgentMatch::Token).who(), Who::Crawler(googlebot));
    /// assert_eq!(
    ///     Asker::typed("ExampleBot", AgentMatch::Token),
    ///     Asker::Agent("ExampleBot".to_owned(), AgentMatch::Token)
    /// );
    /// ```
    pub fn typed(agent: &str, agent_match: AgentMatch) -> Asker {
        match Who::typed(agent) {
            Who::Crawler(crawler) => Asker::Named {
                crawler,
                typed: agent.to_owned(),
                agent_match,
            },
            Who::Agent(_) => Asker::Agent(agent.to_owned(), agent_match),
        }
    }

    /// Adds `asker` to `askers` unless one there already asks as the same agent or crawler: a
    /// crawler both typed and chosen is asked once, keeping the first (a typed name, asked
    /// first, keeps its answer beside).
    pub fn push_once(askers: &mut Vec<Asker>, asker: Asker) {
        if !askers.iter().any(|known| known.who() == asker.who()) {
            askers.push(asker);
        }
    }

    /// The name rows and reports show: the agent as typed, or the crawler's name.
    pub fn name(&self) -> &str {
        match self {
            Asker::Agent(agent, _) => agent.trim(),
            Asker::Crawler(crawler) | Asker::Named { crawler, .. } => crawler.name,
        }
    }

    /// Who asks, as a question names it.
    pub fn who(&self) -> Who<'_> {
        match self {
            Asker::Agent(agent, _) => Who::Agent(agent),
            Asker::Crawler(crawler) | Asker::Named { crawler, .. } => Who::Crawler(crawler),
        }
    }

    /// The groups this asker's question selects in `checker`, compared as [`Checker::ask`]
    /// compares them.
    fn selection<'a>(&'a self, checker: &Checker<'_>) -> GroupSelection<'a> {
        match self {
            Asker::Agent(agent, model) => checker.matcher().agent_selection(agent, *model),
            Asker::Crawler(crawler) | Asker::Named { crawler, .. } => {
                GroupSelection::Chain(crawler.chain)
            }
        }
    }
}

impl Asker {
    /// The question this asker asks about `url` (typed), the file served with `status`: what
    /// every row of a batch, every expectation and every `diff` verdict asks
    /// [`Checker::ask_verdict`].
    pub fn question<'q>(&'q self, url: &'q str, status: &FetchStatus) -> Question<'q> {
        let question = match self {
            Asker::Agent(agent, model) => Question::agent(agent, url).agent_match(*model),
            Asker::Crawler(crawler) => Question::crawler(crawler, url),
            // The same crawler, and the name as typed for the answer beside it.
            Asker::Named {
                typed, agent_match, ..
            } => Question::typed(typed, url).agent_match(*agent_match),
        };
        question.status(*status)
    }
}

/// One URL × asker answer: what a table row shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Cell {
    /// Whether the URL may be fetched.
    pub allowed: bool,
    /// The line of the rule that decided, if one did.
    pub line: Option<usize>,
    /// Why.
    pub reason: Reason,
}

impl Cell {
    /// The cell for an answer: a refused URL is not allowed, for [`Reason::UrlRefused`].
    pub fn of(answer: &Result<Verdict, InvalidUrl>) -> Cell {
        match answer {
            Ok(verdict) => Cell::from(verdict),
            Err(_) => Cell {
                allowed: false,
                line: None,
                reason: Reason::UrlRefused,
            },
        }
    }
}

impl From<&Verdict> for Cell {
    fn from(verdict: &Verdict) -> Cell {
        Cell {
            allowed: verdict.allowed,
            line: verdict.deciding_line(),
            reason: verdict.reason,
        }
    }
}

/// Which rows [`Batch::rows`] keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RowFilter {
    /// Every row.
    #[default]
    All,
    /// The rows of URLs that at least one asker may not fetch.
    BlockedForAny,
    /// The rows of URLs on which the askers disagree.
    Differs,
    /// Only disallowed rows.
    Blocked,
    /// Only allowed rows.
    Allowed,
}

impl RowFilter {
    /// Every filter, in the order a page offers them.
    pub const ALL: [RowFilter; 5] = [
        RowFilter::All,
        RowFilter::BlockedForAny,
        RowFilter::Differs,
        RowFilter::Blocked,
        RowFilter::Allowed,
    ];

    /// The filter's name: `all`, `blocked-for-any`, `differs`, `blocked`, `allowed`.
    pub fn id(self) -> &'static str {
        match self {
            RowFilter::All => "all",
            RowFilter::BlockedForAny => "blocked-for-any",
            RowFilter::Differs => "differs",
            RowFilter::Blocked => "blocked",
            RowFilter::Allowed => "allowed",
        }
    }

    /// The filter called `id`.
    pub fn from_id(id: &str) -> Option<RowFilter> {
        RowFilter::ALL.into_iter().find(|filter| filter.id() == id)
    }
}

/// How [`Batch::rows`] sorts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RowOrder {
    /// The list's order, then the askers' order.
    #[default]
    Input,
    /// By URL, alphabetically.
    Url,
    /// By asker name.
    Agent,
    /// Disallowed first.
    Verdict,
    /// By deciding line; rows no rule decided come last.
    Line,
}

impl RowOrder {
    /// The order called `input`, `url`, `agent`, `verdict` or `line`.
    pub fn from_id(id: &str) -> Option<RowOrder> {
        match id {
            "input" => Some(RowOrder::Input),
            "url" => Some(RowOrder::Url),
            "agent" => Some(RowOrder::Agent),
            "verdict" => Some(RowOrder::Verdict),
            "line" => Some(RowOrder::Line),
            _ => None,
        }
    }
}

/// A question for [`Batch::rows`]: which rows, in which order, which page of them.
#[derive(Debug, Clone, Default)]
pub struct RowQuery {
    /// Which rows.
    pub filter: RowFilter,
    /// Only URLs containing this text, in any letter case (empty: every URL).
    pub contains: String,
    /// Only this asker's rows (its index in [`Batch::askers`]).
    pub asker: Option<usize>,
    /// The order.
    pub order: RowOrder,
    /// Reverse the order.
    pub descending: bool,
    /// Skip this many matching rows.
    pub offset: usize,
    /// Return at most this many.
    pub limit: usize,
}

/// One URL × asker row.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Row<'b> {
    /// The URL as listed.
    pub url: &'b str,
    /// The asker's name.
    pub agent: &'b str,
    /// The answer.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub cell: Cell,
    /// For an [`Asker::Named`]: the answer for the name as typed, when its verdict or its
    /// deciding line differs from the crawler's.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub as_typed: Option<Cell>,
}

/// A page of rows and how many rows matched the query in all.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RowPage<'b> {
    /// The rows of the page.
    pub rows: Vec<Row<'b>>,
    /// Every row that matched the query.
    pub matching: usize,
}

/// One asker's totals.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AskerTotals {
    /// The asker's name.
    pub agent: String,
    /// URLs it may fetch.
    pub allowed: usize,
    /// URLs it may not.
    pub blocked: usize,
}

/// A rule that decided some rows.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RuleTally {
    /// The rule's line.
    pub line: usize,
    /// Allow or Disallow.
    pub kind: RuleKind,
    /// The pattern as written.
    pub pattern: String,
    /// URLs it decided for at least one asker.
    pub urls: usize,
    /// URL × asker rows it decided.
    pub rows: usize,
    /// The askers it decided for, in the batch's order.
    pub agents: Vec<String>,
}

/// A rule of a group some asker obeys that matched none of the URLs.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct UnusedRule {
    /// The rule's line.
    pub line: usize,
    /// Allow or Disallow.
    pub kind: RuleKind,
    /// The pattern as written.
    pub pattern: String,
}

/// What a finished batch found, in summary.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct BatchReport {
    /// URLs checked.
    pub urls: usize,
    /// URL × asker rows.
    pub rows: usize,
    /// Rows that are disallowed.
    pub blocked_rows: usize,
    /// URLs at least one asker may not fetch.
    pub blocked_for_any: usize,
    /// URLs on which the askers disagree.
    pub differs: usize,
    /// One entry per asker, in order.
    pub totals: Vec<AskerTotals>,
    /// The rules that decided, most rows first (then by line).
    pub rules: Vec<RuleTally>,
    /// Rows no rule decided (allowed by default, or decided by the fetch status).
    pub undecided_rows: usize,
    /// Rules of the groups the askers obey that matched none of the URLs, in file order.
    pub unused_rules: Vec<UnusedRule>,
}

/// Progress of a batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Progress {
    /// URLs checked so far.
    pub done: usize,
    /// URLs in the batch.
    pub total: usize,
}

/// URLs × askers, checked a step at a time.
#[derive(Debug, Clone)]
pub struct Batch {
    urls: Vec<String>,
    askers: Vec<Asker>,
    /// `cells[url * askers.len() + asker]`, for the URLs checked so far.
    cells: Vec<Cell>,
    /// The answers for a typed name that differ from its crawler's ([`Row::as_typed`]), by
    /// index into `cells`, ascending: few, so kept apart rather than one per cell.
    as_typed: Vec<(usize, Cell)>,
    /// Lines of rules that matched some URL for some asker.
    matched_lines: Vec<bool>,
    /// Groups some asker obeyed for some URL (by index).
    used_groups: Vec<bool>,
    /// For each asker, the first asker that obeys exactly the same groups (itself if none
    /// before it does): their verdicts are the same for every URL, so only the first is asked.
    /// Empty until the first step.
    same_as: Vec<usize>,
}

impl Batch {
    /// A batch of `urls` for `askers`, nothing checked yet.
    pub fn new(urls: Vec<String>, askers: Vec<Asker>) -> Batch {
        Batch {
            cells: Vec::with_capacity(urls.len().saturating_mul(askers.len())),
            urls,
            askers,
            as_typed: Vec::new(),
            matched_lines: Vec::new(),
            used_groups: Vec::new(),
            same_as: Vec::new(),
        }
    }

    /// The URLs, in order.
    pub fn urls(&self) -> &[String] {
        &self.urls
    }

    /// The askers, in order.
    pub fn askers(&self) -> &[Asker] {
        &self.askers
    }

    /// How far the batch is.
    pub fn progress(&self) -> Progress {
        Progress {
            done: self.checked_urls(),
            total: self.urls.len(),
        }
    }

    /// Whether every URL has been checked.
    pub fn is_done(&self) -> bool {
        self.checked_urls() == self.urls.len()
    }

    fn checked_urls(&self) -> usize {
        match self.askers.len() {
            0 => self.urls.len(),
            askers => self.cells.len() / askers,
        }
    }

    /// Checks the next URLs, for every asker, until about `max_checks` checks are done or the
    /// batch is. `checker` must be of the same file every step.
    pub fn run(
        &mut self,
        checker: &Checker<'_>,
        status: &FetchStatus,
        max_checks: usize,
    ) -> Progress {
        let robots = checker.robots();
        if self.matched_lines.is_empty() {
            self.matched_lines = vec![false; robots.lines().len() + 1];
            self.used_groups = vec![false; robots.groups().len()];
            self.same_as = same_groups(checker, &self.askers);
        }
        let per_url = self.askers.len().max(1);
        let urls = (max_checks / per_url).max(1);
        let start = self.checked_urls();
        let end = (start + urls).min(self.urls.len());
        for url in &self.urls[start..end] {
            let row = self.cells.len();
            for (index, asker) in self.askers.iter().enumerate() {
                let same = self.same_as[index];
                if same != index {
                    // Checked already, in this row: the same groups give the same verdict.
                    let cell = self.cells[row + same];
                    self.cells.push(cell);
                    continue;
                }
                let question = asker.question(url, status);
                let answer = match asker {
                    Asker::Named { .. } => {
                        checker
                            .ask_verdict_and_typed(&question)
                            .map(|(verdict, as_typed)| {
                                if let Some(typed) = as_typed {
                                    self.as_typed.push((self.cells.len(), Cell::from(&typed)));
                                }
                                verdict
                            })
                    }
                    _ => checker.ask_verdict(&question),
                };
                let Ok(verdict) = &answer else {
                    self.cells.push(Cell::of(&answer));
                    continue;
                };
                for found in &verdict.matches {
                    if let Some(seen) = self.matched_lines.get_mut(found.line) {
                        *seen = true;
                    }
                }
                // The record readers number records of their own; only groups index the file's.
                if !checker.matcher().reads_records() {
                    for group in verdict.groups.iter() {
                        if let Some(used) = self.used_groups.get_mut(group.index) {
                            *used = true;
                        }
                    }
                }
                self.cells.push(Cell::from(verdict));
            }
        }
        self.progress()
    }

    /// The cells of URL `url`, one per asker.
    fn cells_of(&self, url: usize) -> &[Cell] {
        let width = self.askers.len();
        self.cells
            .get(url * width..(url + 1) * width)
            .unwrap_or(&[])
    }

    fn blocked_for_any(&self, url: usize) -> bool {
        self.cells_of(url).iter().any(|cell| !cell.allowed)
    }

    fn differs(&self, url: usize) -> bool {
        let cells = self.cells_of(url);
        cells.iter().any(|cell| cell.allowed != cells[0].allowed)
    }

    /// The rows `query` asks for, from the URLs checked so far.
    pub fn rows(&self, query: &RowQuery) -> RowPage<'_> {
        let width = self.askers.len();
        let needle = query.contains.trim().to_lowercase();
        let mut picked: Vec<(usize, usize)> = Vec::new();
        for url in 0..self.checked_urls() {
            let keep_url = match query.filter {
                RowFilter::BlockedForAny => self.blocked_for_any(url),
                RowFilter::Differs => self.differs(url),
                RowFilter::All | RowFilter::Blocked | RowFilter::Allowed => true,
            };
            if !keep_url || (!needle.is_empty() && !self.urls[url].to_lowercase().contains(&needle))
            {
                continue;
            }
            for (asker, cell) in self.cells_of(url).iter().enumerate() {
                let keep = match query.filter {
                    RowFilter::Blocked => !cell.allowed,
                    RowFilter::Allowed => cell.allowed,
                    _ => true,
                };
                if keep && query.asker.is_none_or(|only| only == asker) {
                    picked.push((url, asker));
                }
            }
        }
        let cell = |&(url, asker): &(usize, usize)| &self.cells[url * width + asker];
        // Stable sorts, through the crate's one sort instance: equal rows stay in the list's
        // order.
        let urls = &self.urls;
        let askers = &self.askers;
        match query.order {
            RowOrder::Input => {}
            RowOrder::Url => sort_by(&mut picked, |a, b| urls[a.0].cmp(&urls[b.0])),
            RowOrder::Agent => sort_by(&mut picked, |a, b| {
                askers[a.1].name().cmp(askers[b.1].name())
            }),
            RowOrder::Verdict => sort_by(&mut picked, |a, b| cell(a).allowed.cmp(&cell(b).allowed)),
            RowOrder::Line => sort_by(&mut picked, |a, b| {
                let line = |row| cell(row).line.unwrap_or(usize::MAX);
                line(a).cmp(&line(b))
            }),
        }
        if query.descending {
            picked.reverse();
        }
        let matching = picked.len();
        let rows = picked
            .iter()
            .skip(query.offset)
            .take(query.limit)
            .map(|&(url, asker)| self.row(url, asker))
            .collect();
        RowPage { rows, matching }
    }

    fn row(&self, url: usize, asker: usize) -> Row<'_> {
        let at = url * self.askers.len() + asker;
        Row {
            url: &self.urls[url],
            agent: self.askers[asker].name(),
            cell: self.cells[at],
            as_typed: self
                .as_typed
                .binary_search_by_key(&at, |&(index, _)| index)
                .ok()
                .map(|found| self.as_typed[found].1),
        }
    }

    /// Every row so far, in the list's order.
    pub fn all_rows(&self) -> impl Iterator<Item = Row<'_>> {
        let width = self.askers.len().max(1);
        (0..self.cells.len()).map(move |at| self.row(at / width, at % width))
    }

    /// Totals, the deciding rules and the rules that matched nothing, for the URLs checked so
    /// far. `robots` is the file the batch was run on.
    pub fn report(&self, robots: &RobotsTxt) -> BatchReport {
        let width = self.askers.len();
        let checked = self.checked_urls();
        let mut totals: Vec<AskerTotals> = self
            .askers
            .iter()
            .map(|asker| AskerTotals {
                agent: asker.name().to_owned(),
                allowed: 0,
                blocked: 0,
            })
            .collect();
        // Per line: rows decided, URLs decided, the last URL counted, askers decided for.
        let mut by_line: Vec<(usize, usize, usize, Vec<bool>)> =
            vec![(0, 0, usize::MAX, Vec::new()); robots.lines().len() + 1];
        let (mut blocked_rows, mut undecided_rows, mut blocked_for_any, mut differs) = (0, 0, 0, 0);
        for url in 0..checked {
            blocked_for_any += usize::from(self.blocked_for_any(url));
            differs += usize::from(self.differs(url));
            for (asker, cell) in self.cells_of(url).iter().enumerate() {
                if cell.allowed {
                    totals[asker].allowed += 1;
                } else {
                    totals[asker].blocked += 1;
                    blocked_rows += 1;
                }
                let Some(entry) = cell.line.and_then(|line| by_line.get_mut(line)) else {
                    undecided_rows += 1;
                    continue;
                };
                entry.0 += 1;
                if entry.2 != url {
                    entry.1 += 1;
                    entry.2 = url;
                }
                if entry.3.is_empty() {
                    entry.3 = vec![false; width];
                }
                entry.3[asker] = true;
            }
        }
        let mut rule_by_line = vec![None; robots.lines().len() + 1];
        for rule in robots.groups().iter().flat_map(|group| &group.rules) {
            if let Some(slot) = rule_by_line.get_mut(rule.line) {
                *slot = Some(rule);
            }
        }
        let rule_at = |line: usize| rule_by_line.get(line).copied().flatten();
        let mut rules: Vec<RuleTally> = by_line
            .iter()
            .enumerate()
            .filter(|(_, entry)| entry.0 > 0)
            .map(|(line, (rows, urls, _, askers))| RuleTally {
                line,
                kind: rule_at(line).map_or(RuleKind::Disallow, |rule| rule.kind),
                pattern: rule_at(line)
                    .map(|rule| rule.pattern(robots).to_owned())
                    .unwrap_or_default(),
                urls: *urls,
                rows: *rows,
                agents: askers
                    .iter()
                    .zip(&self.askers)
                    .filter(|(decided, _)| **decided)
                    .map(|(_, asker)| asker.name().to_owned())
                    .collect(),
            })
            .collect();
        sort_by(&mut rules, |a, b| {
            b.rows.cmp(&a.rows).then(a.line.cmp(&b.line))
        });
        let unused_rules = robots
            .groups()
            .iter()
            .filter(|group| self.used_groups.get(group.index).copied().unwrap_or(false))
            .flat_map(|group| &group.rules)
            .filter(|rule| !rule.beyond_size_limit && !rule.pattern(robots).is_empty())
            .filter(|rule| !self.matched_lines.get(rule.line).copied().unwrap_or(false))
            .map(|rule| UnusedRule {
                line: rule.line,
                kind: rule.kind,
                pattern: rule.pattern(robots).to_owned(),
            })
            .collect();
        BatchReport {
            urls: checked,
            rows: checked * width,
            blocked_rows,
            blocked_for_any,
            differs,
            totals,
            rules,
            undecided_rows,
            unused_rules,
        }
    }

    /// Every row as CSV (RFC 4180, a header line, CRLF line ends): `url`, `agent`, `allowed`,
    /// `line`, `rule` (the deciding line's text), `reason`. A field that a spreadsheet would
    /// read as a formula (starting with `=`, `+`, `-`, `@`) is prefixed with `'`.
    pub fn to_csv(&self, robots: &RobotsTxt) -> String {
        let mut out = String::from("url,agent,allowed,line,rule,reason\r\n");
        for row in self.all_rows() {
            let rule = row
                .cell
                .line
                .and_then(|line| robots.line(line))
                .map_or("", |line| line.text().trim());
            let line = row
                .cell
                .line
                .map(|line| line.to_string())
                .unwrap_or_default();
            let fields = [
                row.url,
                row.agent,
                if row.cell.allowed { "true" } else { "false" },
                &line,
                rule,
                row.cell.reason.id(),
            ];
            for (index, field) in fields.iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                push_csv_field(&mut out, field);
            }
            out.push_str("\r\n");
        }
        out
    }
}

/// For each asker, the first asker whose verdicts are certain to be the same as its own: one
/// that obeys the same groups, both within the size limit and counting the lines past it (which
/// can change a verdict). The record readers form records of their own and pick them by name,
/// so there every asker is asked.
fn same_groups(checker: &Checker<'_>, askers: &[Asker]) -> Vec<usize> {
    if checker.matcher().reads_records() {
        return (0..askers.len()).collect();
    }
    // Two askers answer alike when they read the same groups and apply the same status rules
    // (Googlebot and GPTBot may both follow `*`, but only Googlebot reads 429 as a 5xx).
    let key = |asker: &Asker| {
        let groups = |whole| -> Vec<usize> {
            checker
                .matcher()
                .select_groups(asker.selection(checker), whole)
                .groups
                .iter()
                .map(|group| group.index)
                .collect()
        };
        (
            groups(false),
            groups(true),
            checker.status_rules(asker.who()),
        )
    };
    let keys: Vec<(Vec<usize>, Vec<usize>, Profile)> = askers.iter().map(key).collect();
    (0..keys.len())
        .map(|index| match askers[index] {
            // Asked itself: the name as typed is answered beside in the same step.
            Asker::Named { .. } => index,
            _ => keys
                .iter()
                .position(|other| *other == keys[index])
                .unwrap_or(index),
        })
        .collect()
}

fn push_csv_field(out: &mut String, field: &str) {
    let formula = field.starts_with(['=', '+', '-', '@']);
    let quote = formula || field.contains([',', '"', '\r', '\n']);
    if quote {
        out.push('"');
    }
    if formula {
        out.push('\'');
    }
    out.push_str(&field.replace('"', "\"\""));
    if quote {
        out.push('"');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{find_crawler, Profile};

    const SHOP: &str = "User-agent: *\nDisallow: /cart/\nDisallow: /never-listed\nAllow: /cart/help\n\n\
                        User-agent: GPTBot\nDisallow: /\n\nUser-agent: Otherbot\nDisallow: /other\n";

    fn run(urls: &[&str], askers: Vec<Asker>) -> (RobotsTxt, Batch) {
        let robots = RobotsTxt::parse(SHOP.as_bytes());
        let mut batch = Batch::new(urls.iter().map(|u| u.to_string()).collect(), askers);
        {
            let checker = robots.checker(Profile::Rfc9309);
            // Steps of one URL at a time: the result must not depend on the step size.
            while !batch.is_done() {
                batch.run(&checker, &FetchStatus::ok(), 1);
            }
        }
        (robots, batch)
    }

    fn askers() -> Vec<Asker> {
        vec![
            Asker::Agent("Googlebot".into(), AgentMatch::Substring),
            Asker::Crawler(find_crawler("GPTBot").unwrap()),
        ]
    }

    #[test]
    fn every_url_is_checked_for_every_asker() {
        let (_, batch) = run(&["/", "/cart/x", "/cart/help"], askers());
        let rows: Vec<(&str, &str, bool, Option<usize>)> = batch
            .all_rows()
            .map(|row| (row.url, row.agent, row.cell.allowed, row.cell.line))
            .collect();
        assert_eq!(
            rows,
            [
                ("/", "Googlebot", true, None),
                ("/", "GPTBot", false, Some(7)),
                ("/cart/x", "Googlebot", false, Some(2)),
                ("/cart/x", "GPTBot", false, Some(7)),
                ("/cart/help", "Googlebot", true, Some(4)),
                ("/cart/help", "GPTBot", false, Some(7)),
            ]
        );
    }

    #[test]
    fn the_report_counts_totals_rules_and_unused_rules() {
        let (robots, batch) = run(&["/", "/cart/x", "/cart/y", "/cart/help"], askers());
        let report = batch.report(&robots);
        assert_eq!((report.urls, report.rows, report.blocked_rows), (4, 8, 6));
        assert_eq!(report.blocked_for_any, 4);
        assert_eq!(report.differs, 2, "/ and /cart/help");
        assert_eq!(report.totals[0].blocked, 2);
        assert_eq!(report.totals[1].blocked, 4);
        let lines: Vec<(usize, usize, usize)> = report
            .rules
            .iter()
            .map(|r| (r.line, r.urls, r.rows))
            .collect();
        assert_eq!(lines, [(7, 4, 4), (2, 2, 2), (4, 1, 1)]);
        assert_eq!(report.rules[0].agents, ["GPTBot"]);
        assert_eq!(report.undecided_rows, 1);
        // Line 3 is in a group Googlebot obeys and matched nothing; Otherbot's group is used by
        // none of the askers, so its rule is not reported.
        let unused: Vec<usize> = report.unused_rules.iter().map(|r| r.line).collect();
        assert_eq!(unused, [3]);
    }

    #[test]
    fn rows_filter_sort_and_page() {
        let (_, batch) = run(&["/b", "/cart/x", "/a"], askers());
        let query = |filter, order, descending| RowQuery {
            filter,
            order,
            descending,
            limit: 100,
            ..RowQuery::default()
        };
        let differs = batch.rows(&query(RowFilter::Differs, RowOrder::Input, false));
        assert_eq!(differs.matching, 4);
        assert!(differs.rows.iter().all(|row| row.url != "/cart/x"));
        let blocked = batch.rows(&query(RowFilter::Blocked, RowOrder::Url, false));
        let urls: Vec<&str> = blocked.rows.iter().map(|row| row.url).collect();
        assert_eq!(urls, ["/a", "/b", "/cart/x", "/cart/x"]);
        let by_line = batch.rows(&query(RowFilter::All, RowOrder::Line, true));
        assert_eq!(by_line.rows[0].cell.line, None);
        let paged = batch.rows(&RowQuery {
            offset: 4,
            limit: 10,
            contains: "CART".into(),
            ..RowQuery::default()
        });
        assert_eq!((paged.matching, paged.rows.len()), (2, 0));
        let only = batch.rows(&RowQuery {
            asker: Some(1),
            limit: 10,
            ..RowQuery::default()
        });
        assert!(only.rows.iter().all(|row| row.agent == "GPTBot"));
        assert_eq!(only.matching, 3);
    }

    #[test]
    fn csv_quotes_and_defuses_formulas() {
        let (robots, batch) = run(&["/cart/a,b", "=cmd()"], askers());
        let csv = batch.to_csv(&robots);
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(lines[0], "url,agent,allowed,line,rule,reason");
        assert_eq!(
            lines[1],
            "\"/cart/a,b\",Googlebot,false,2,Disallow: /cart/,rule-matched"
        );
        assert!(
            lines[3].starts_with("\"'=cmd()\",Googlebot,true,,"),
            "{}",
            lines[3]
        );
        assert_eq!(
            lines.len(),
            6,
            "a header, four rows, and the final line end"
        );
    }

    #[test]
    fn a_fetch_status_applies_to_every_row() {
        let robots = RobotsTxt::parse(SHOP.as_bytes());
        let mut batch = Batch::new(vec!["/x".into()], askers());
        let status: FetchStatus = "503".parse().unwrap();
        batch.run(&robots.checker(Profile::Rfc9309), &status, 100);
        assert!(batch
            .all_rows()
            .all(|row| !row.cell.allowed && row.cell.line.is_none()));
        assert_eq!(batch.report(&robots).undecided_rows, 2);
    }

    #[test]
    fn askers_that_obey_the_same_groups_share_verdicts_exactly() {
        // Groups past the size limit can change a verdict, so they count for sharing too.
        let mut text = String::from(
            "User-agent: *\nDisallow: /a\nAllow: /a/b\n\nUser-agent: Googlebot\nDisallow: /g\n\n\
             User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n",
        );
        text.push_str(&"# filler\n".repeat(60_000));
        text.push_str("User-agent: Bingbot\nDisallow: /a/b\n");
        let robots = RobotsTxt::parse(text.as_bytes());
        let mut askers: Vec<Asker> = crate::crawlers().iter().map(Asker::Crawler).collect();
        askers.push(Asker::Agent(
            "Mozilla/5.0 (compatible; GPTBot/1.2)".into(),
            AgentMatch::Substring,
        ));
        askers.push(Asker::Agent(" Bingbot ".into(), AgentMatch::Token));
        let urls = ["/", "/a", "/a/b", "/g/x", "/robots.txt", "/other"];
        for profile in Profile::ALL {
            let checker = robots.checker(profile);
            let mut batch =
                Batch::new(urls.iter().map(|u| u.to_string()).collect(), askers.clone());
            batch.run(&checker, &FetchStatus::ok(), usize::MAX);
            for row in batch.all_rows() {
                let asker = askers.iter().find(|a| a.name() == row.agent).unwrap();
                let direct =
                    Cell::of(&checker.ask_verdict(&asker.question(row.url, &FetchStatus::ok())));
                assert_eq!(row.cell, direct, "{profile} {} {}", row.agent, row.url);
            }
            if profile == Profile::Rfc9309 {
                let distinct = batch
                    .same_as
                    .iter()
                    .enumerate()
                    .filter(|(i, s)| i == *s)
                    .count();
                assert!(
                    distinct < askers.len() / 4,
                    "{distinct} of {} askers asked",
                    askers.len()
                );
            }
        }
    }

    #[test]
    fn a_batch_without_askers_or_urls_is_done_at_once() {
        let robots = RobotsTxt::parse(SHOP.as_bytes());
        let mut batch = Batch::new(vec!["/x".into()], Vec::new());
        assert!(batch.is_done());
        batch.run(&robots.checker(Profile::Rfc9309), &FetchStatus::ok(), 10);
        assert_eq!(batch.report(&robots).rows, 0);
        assert!(Batch::new(Vec::new(), askers()).is_done());
    }
}
