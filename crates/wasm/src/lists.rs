//! Bindings for many URLs at once, two versions of a file, and pinned expectations.
//!
//! [`UrlBatch`] wraps the core's `Batch` for the engine worker, which runs it a step at a time
//! (so it can report progress and be cancelled between steps) and asks it for pages of rows.
//! [`compare_versions`] and the expectation functions convert the core's answers. Nothing is
//! decided here.

use robots_lens::{
    check_expectations, crawlers, expectations_toml, find_crawler, line_diff, read_url_list, Asker,
    Batch, Checker, DiffKind, Expectation, ExpectationError, FetchStatus, ListFormat, RobotsTxt,
    RowFilter, RowOrder, RowQuery, UrlList,
};
use serde::Serialize;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

use crate::{to_js, CheckOptions, RobotsFile};

/// Who a list is checked for: the agent (when not blank), as the core reads a typed name (the
/// catalogued crawler it names, with the name as typed answered beside it, as the page's
/// verdict answers it) unless `asTyped`, and each named crawler (`*` names every catalogued
/// crawler); each asks once.
fn askers(
    agent: &str,
    crawler_names: &[String],
    options: &CheckOptions,
) -> Result<Vec<Asker>, JsError> {
    let mut askers = Vec::new();
    if !agent.trim().is_empty() {
        askers.push(match options.as_typed {
            true => Asker::Agent(agent.to_owned(), options.agent_match),
            false => Asker::typed(agent, options.agent_match),
        });
    }
    for name in crawler_names {
        if name == "*" {
            for crawler in crawlers() {
                Asker::push_once(&mut askers, Asker::Crawler(crawler));
            }
            continue;
        }
        let crawler = find_crawler(name)
            .ok_or_else(|| JsError::new(&format!("no catalogued crawler is called '{name}'")))?;
        Asker::push_once(&mut askers, Asker::Crawler(crawler));
    }
    Ok(askers)
}

fn list_format(name: &str) -> Result<ListFormat, JsError> {
    match name {
        "" | "auto" => Ok(ListFormat::Auto),
        "lines" => Ok(ListFormat::Lines),
        "csv" => Ok(ListFormat::Csv),
        "sitemap" => Ok(ListFormat::Sitemap),
        other => Err(JsError::new(&format!(
            "unknown list format '{other}': expected auto, lines, csv or sitemap"
        ))),
    }
}

/// What reading the list found, without the URLs themselves.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ListView<'l> {
    format: ListFormat,
    urls: usize,
    duplicates: usize,
    over_limit: usize,
    sitemaps: &'l [String],
    column: Option<&'l str>,
    max_urls: usize,
}

impl<'l> From<&'l UrlList> for ListView<'l> {
    fn from(list: &'l UrlList) -> ListView<'l> {
        ListView {
            format: list.format,
            urls: list.urls.len(),
            duplicates: list.duplicates,
            over_limit: list.over_limit,
            sitemaps: &list.sitemaps,
            column: list.column.as_deref(),
            max_urls: robots_lens::MAX_URLS,
        }
    }
}

/// A URL list checked against one file for several agents and crawlers, a step at a time.
#[wasm_bindgen]
pub struct UrlBatch {
    robots: Arc<RobotsTxt>,
    /// Compiled once for the whole list: every step checks with it.
    checker: Checker<'static>,
    status: FetchStatus,
    list: UrlList,
    batch: Batch,
}

#[wasm_bindgen]
impl UrlBatch {
    /// Reads the URLs in `list_text` (`list_format`: `auto`, `lines`, `csv`, `sitemap`) to check
    /// against `robots_text` for `agent` (skipped when blank) and `crawler_names` (`*`: all),
    /// with `options` `{ profile, agentMatch, status }`. Nothing is checked yet: see `run`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        robots_text: String,
        list_text: &str,
        list_format_name: &str,
        agent: &str,
        crawler_names: Vec<String>,
        options: JsValue,
    ) -> Result<UrlBatch, JsError> {
        UrlBatch::from_bytes(
            robots_text.into_bytes(),
            list_text,
            list_format_name,
            agent,
            crawler_names,
            options,
        )
    }

    /// [`UrlBatch::new`] on an opened file's bytes as they are (see `RobotsFile.fromBytes`).
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(
        robots: Vec<u8>,
        list_text: &str,
        list_format_name: &str,
        agent: &str,
        crawler_names: Vec<String>,
        options: JsValue,
    ) -> Result<UrlBatch, JsError> {
        let options = CheckOptions::from_js(options)?;
        let askers = askers(agent, &crawler_names, &options)?;
        let mut list = read_url_list(list_text, list_format(list_format_name)?);
        // The batch owns the URLs; the list keeps what reading it found.
        let batch = Batch::new(std::mem::take(&mut list.urls), askers);
        let robots = Arc::new(RobotsTxt::parse_owned(robots));
        Ok(UrlBatch {
            checker: Checker::shared(Arc::clone(&robots), options.profile),
            robots,
            status: options.status,
            list,
            batch,
        })
    }

    /// What reading the list found: `{ format, urls, duplicates, overLimit, sitemaps, column,
    /// maxUrls }`.
    pub fn list(&self) -> Result<JsValue, JsError> {
        let mut view = ListView::from(&self.list);
        view.urls = self.batch.urls().len();
        to_js(&view)
    }

    /// The askers' names, in the order of the rows and totals.
    pub fn agents(&self) -> Vec<String> {
        self.batch
            .askers()
            .iter()
            .map(|asker| asker.name().to_owned())
            .collect()
    }

    /// Checks the next URLs, about `max_checks` checks; answers `{ done, total }` in URLs.
    pub fn run(&mut self, max_checks: usize) -> Result<JsValue, JsError> {
        to_js(&self.batch.run(&self.checker, &self.status, max_checks))
    }

    /// Whether every URL has been checked.
    #[wasm_bindgen(js_name = isDone)]
    pub fn is_done(&self) -> bool {
        self.batch.is_done()
    }

    /// A page of rows: `filter` (`all`, `blocked-for-any`, `differs`, `blocked`, `allowed`),
    /// `contains` (text the URL must hold), `agent` (an index into `agents()`, or -1 for all),
    /// `order` (`input`, `url`, `agent`, `verdict`, `line`), `descending`, `offset`, `limit`.
    /// Answers `{ rows: [{ url, agent, allowed, line, reason, rule }], matching }`.
    #[allow(clippy::too_many_arguments)]
    pub fn rows(
        &self,
        filter: &str,
        contains: &str,
        agent: i32,
        order: &str,
        descending: bool,
        offset: usize,
        limit: usize,
    ) -> Result<JsValue, JsError> {
        let query = RowQuery {
            filter: RowFilter::from_id(filter)
                .ok_or_else(|| JsError::new(&format!("unknown row filter '{filter}'")))?,
            contains: contains.to_owned(),
            asker: usize::try_from(agent).ok(),
            order: RowOrder::from_id(order)
                .ok_or_else(|| JsError::new(&format!("unknown row order '{order}'")))?,
            descending,
            offset,
            limit,
        };
        let page = self.batch.rows(&query);
        let rows: Vec<RowView<'_>> = page.rows.iter().map(|row| self.row_view(row)).collect();
        to_js(&RowPageView {
            rows,
            matching: page.matching,
        })
    }

    /// Every row, in the list's order, as `rows` shapes them (for the JSON export).
    #[wasm_bindgen(js_name = allRows)]
    pub fn all_rows(&self) -> Result<JsValue, JsError> {
        let rows: Vec<RowView<'_>> = self
            .batch
            .all_rows()
            .map(|row| self.row_view(&row))
            .collect();
        to_js(&rows)
    }

    /// Totals per agent, the deciding rules by line, the rules that matched no URL: `{ urls,
    /// rows, blockedRows, blockedForAny, differs, totals, rules, undecidedRows, unusedRules }`.
    pub fn report(&self) -> Result<JsValue, JsError> {
        let report = self.batch.report(&self.robots);
        to_js(&ReportView {
            urls: report.urls,
            rows: report.rows,
            blocked_rows: report.blocked_rows,
            blocked_for_any: report.blocked_for_any,
            differs: report.differs,
            totals: &report.totals,
            rules: &report.rules,
            undecided_rows: report.undecided_rows,
            unused_rules: &report.unused_rules,
        })
    }

    /// Every row as CSV: `url,agent,allowed,line,rule,reason`.
    pub fn csv(&self) -> String {
        self.batch.to_csv(&self.robots)
    }
}

impl UrlBatch {
    fn row_view<'b>(&'b self, row: &robots_lens::Row<'b>) -> RowView<'b> {
        RowView {
            url: row.url,
            agent: row.agent,
            allowed: row.cell.allowed,
            line: row.cell.line,
            reason: row.cell.reason.id(),
            rule: rule_text(&self.robots, row.cell.line),
            as_typed: row.as_typed.map(|cell| CellView {
                allowed: cell.allowed,
                line: cell.line,
                reason: cell.reason.id(),
                rule: rule_text(&self.robots, cell.line),
            }),
        }
    }
}

/// The text of line `line` of `robots` (the deciding rule's), trimmed, when a line decided.
fn rule_text(robots: &RobotsTxt, line: Option<usize>) -> Option<&str> {
    line.and_then(|number| robots.line(number))
        .map(|line| line.text().trim())
}

/// The core's `BatchReport` with the boundary's camelCase names (its lists' items have
/// one-word fields).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReportView<'r> {
    urls: usize,
    rows: usize,
    blocked_rows: usize,
    blocked_for_any: usize,
    differs: usize,
    totals: &'r [robots_lens::AskerTotals],
    rules: &'r [robots_lens::RuleTally],
    undecided_rows: usize,
    unused_rules: &'r [robots_lens::UnusedRule],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RowView<'b> {
    url: &'b str,
    agent: &'b str,
    allowed: bool,
    line: Option<usize>,
    reason: &'static str,
    rule: Option<&'b str>,
    /// For an agent answered as the catalogued crawler it names: the name as typed, where it
    /// answers otherwise (absent elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    as_typed: Option<CellView<'b>>,
}

/// A row's answer without its URL and agent: the name as typed beside a crawler's.
#[derive(Serialize)]
struct CellView<'b> {
    allowed: bool,
    line: Option<usize>,
    reason: &'static str,
    rule: Option<&'b str>,
}

#[derive(Serialize)]
struct RowPageView<'b> {
    rows: Vec<RowView<'b>>,
    matching: usize,
}

/// Context lines kept around each change of the line diff.
const DIFF_CONTEXT: usize = 3;
/// Flips and diff lines that cross to the page; the counts are always complete.
const MAX_FLIPS_SHOWN: usize = 1_000;
const MAX_DIFF_LINES_SHOWN: usize = 2_000;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SideView<'t> {
    allowed: bool,
    line: Option<usize>,
    text: Option<&'t str>,
}

impl<'t> SideView<'t> {
    /// A version's verdict with the text of its deciding line in `robots`.
    fn of(robots: &'t RobotsTxt, side: &robots_lens::Side) -> SideView<'t> {
        SideView {
            allowed: side.allowed,
            line: side.line,
            text: rule_text(robots, side.line),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FlipView<'t> {
    url: String,
    agent: String,
    becomes_blocked: bool,
    before: SideView<'t>,
    after: SideView<'t>,
    /// For an agent answered as the catalogued crawler it names: the name as typed in each
    /// version, where it answers otherwise (absent elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    as_typed: Option<TypedSidesView<'t>>,
}

#[derive(Serialize)]
struct TypedSidesView<'t> {
    before: SideView<'t>,
    after: SideView<'t>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DiffLineView<'t> {
    kind: DiffKind,
    old: Option<usize>,
    new: Option<usize>,
    text: &'t str,
    /// Lines left out before this one (unchanged, far from any change).
    skipped: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ComparisonView<'t> {
    flips: Vec<FlipView<'t>>,
    flip_count: usize,
    becomes_blocked: usize,
    probed: bool,
    urls: usize,
    agents: usize,
    list: Option<ListView<'t>>,
    diff: Vec<DiffLineView<'t>>,
    diff_lines: usize,
    changed_lines: usize,
}

/// The verdicts that flip between `old_text` and `new_text` for the URLs of `list_text` (or,
/// when it holds none, for probe URLs derived from both files' rules), for `agent` and
/// `crawler_names` as `UrlBatch::new` takes them, and the two files' lines aligned, changes
/// with a few lines of context.
#[wasm_bindgen(js_name = compareVersions)]
pub fn compare_versions(
    old_text: &str,
    new_text: &str,
    list_text: &str,
    list_format_name: &str,
    agent: &str,
    crawler_names: Vec<String>,
    options: JsValue,
) -> Result<JsValue, JsError> {
    compare_versions_bytes(
        old_text.as_bytes(),
        new_text.as_bytes(),
        list_text,
        list_format_name,
        agent,
        crawler_names,
        options,
    )
}

/// [`compare_versions`] on two files' bytes as they are (an opened file's, see
/// `RobotsFile.fromBytes`; a text's UTF-8), so that bytes which are not UTF-8 are matched as
/// the octets they are on either side.
#[wasm_bindgen(js_name = compareVersionsBytes)]
pub fn compare_versions_bytes(
    old_bytes: &[u8],
    new_bytes: &[u8],
    list_text: &str,
    list_format_name: &str,
    agent: &str,
    crawler_names: Vec<String>,
    options: JsValue,
) -> Result<JsValue, JsError> {
    let options = CheckOptions::from_js(options)?;
    let askers = askers(agent, &crawler_names, &options)?;
    let (old, new) = (RobotsTxt::parse(old_bytes), RobotsTxt::parse(new_bytes));
    let format = list_format(list_format_name)?;
    let list = (!list_text.trim().is_empty()).then(|| read_url_list(list_text, format));
    let comparison = robots_lens::compare_versions(
        &old,
        &new,
        list.as_ref().map(|list| list.urls.clone()),
        &askers,
        options.profile,
        &options.status,
    );
    let flips = &comparison.flips;
    let flip_views: Vec<FlipView<'_>> = flips
        .iter()
        .take(MAX_FLIPS_SHOWN)
        .map(|flip| FlipView {
            url: flip.url.clone(),
            agent: flip.agent.clone(),
            becomes_blocked: flip.becomes_blocked(),
            before: SideView::of(&old, &flip.before),
            after: SideView::of(&new, &flip.after),
            as_typed: flip.as_typed.map(|typed| TypedSidesView {
                before: SideView::of(&old, &typed.before),
                after: SideView::of(&new, &typed.after),
            }),
        })
        .collect();
    let aligned = line_diff(&old, &new);
    let near_change: Vec<bool> = {
        let mut near = vec![false; aligned.len()];
        for (at, line) in aligned.iter().enumerate() {
            if line.kind != DiffKind::Same {
                let from = at.saturating_sub(DIFF_CONTEXT);
                let to = (at + DIFF_CONTEXT + 1).min(aligned.len());
                near[from..to].iter_mut().for_each(|slot| *slot = true);
            }
        }
        near
    };
    let mut diff = Vec::new();
    let mut skipped = 0;
    for (line, near) in aligned.iter().zip(&near_change) {
        if !near || diff.len() >= MAX_DIFF_LINES_SHOWN {
            skipped += 1;
            continue;
        }
        let text = match (line.new, line.old) {
            (Some(number), _) if line.kind != DiffKind::Removed => new.line(number),
            (_, Some(number)) => old.line(number),
            _ => None,
        }
        .map_or("", |line| line.text().trim_end());
        diff.push(DiffLineView {
            kind: line.kind,
            old: line.old,
            new: line.new,
            text,
            skipped,
        });
        skipped = 0;
    }
    let view = ComparisonView {
        flip_count: flips.len(),
        becomes_blocked: flips.iter().filter(|flip| flip.becomes_blocked()).count(),
        flips: flip_views,
        probed: comparison.probed,
        urls: comparison.urls.len(),
        agents: askers.len(),
        list: list.as_ref().map(ListView::from),
        changed_lines: aligned
            .iter()
            .filter(|line| line.kind != DiffKind::Same)
            .count(),
        diff_lines: aligned.len(),
        diff,
    };
    to_js(&view)
}

#[wasm_bindgen]
extern "C" {
    /// An expectation as the page keeps it: `{ url, allowed, crawlers?, agents? }`, read
    /// through getters (a deserializer would cost the module its bytes).
    #[wasm_bindgen(typescript_type = "Expectation")]
    pub type RawExpectation;

    #[wasm_bindgen(method, getter, structural)]
    fn url(this: &RawExpectation) -> Option<String>;

    #[wasm_bindgen(method, getter, structural)]
    fn allowed(this: &RawExpectation) -> Option<bool>;

    #[wasm_bindgen(method, getter, structural)]
    fn crawlers(this: &RawExpectation) -> Option<Vec<String>>;

    #[wasm_bindgen(method, getter, structural)]
    fn agents(this: &RawExpectation) -> Option<Vec<String>>;
}

#[wasm_bindgen(typescript_custom_section)]
const EXPECTATION: &str = r#"
/** A check that must keep its answer: the URL, allowed or not, for crawlers and/or agents. */
export interface Expectation {
  url: string;
  allowed: boolean;
  crawlers?: string[];
  agents?: string[];
}
"#;

fn read_expectations(values: Vec<JsValue>) -> Result<Vec<Expectation>, JsError> {
    values
        .iter()
        .enumerate()
        .map(|(index, value)| {
            if !value.is_object() {
                return Err(JsError::new(&format!(
                    "expectation {} is not an object",
                    index + 1
                )));
            }
            let raw: &RawExpectation = value.unchecked_ref();
            Ok(Expectation {
                url: raw.url().ok_or_else(|| {
                    JsError::new(&format!("expectation {} has no url", index + 1))
                })?,
                allowed: raw.allowed().ok_or_else(|| {
                    JsError::new(&format!("expectation {} does not say allowed", index + 1))
                })?,
                crawlers: raw.crawlers().unwrap_or_default(),
                agents: raw.agents().unwrap_or_default(),
                line: None,
            })
        })
        .collect()
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ExpectationResultView<'r> {
    index: usize,
    url: &'r str,
    agent: &'r str,
    expected: bool,
    allowed: Option<bool>,
    line: Option<usize>,
    rule: Option<&'r str>,
    reason: Option<&'static str>,
    holds: bool,
    /// Why it could not be checked: `nobody-named`, `unknown-crawler` or `url-refused`.
    error: Option<&'static str>,
    /// For `url-refused`, why no crawler requests the URL (`UrlProblem::id`).
    url_problem: Option<&'static str>,
}

#[wasm_bindgen]
impl RobotsFile {
    /// Each pinned expectation (`{ url, allowed, crawlers?, agents? }`) answered for each of
    /// its crawlers and agents: `[{ index, url, agent, expected, allowed, line, rule, reason,
    /// holds, error, urlProblem }]` (`error` names why it could not be checked, `urlProblem`
    /// why no crawler requests a refused URL). `options`: `{ profile, agentMatch, status }`.
    #[wasm_bindgen(js_name = checkExpectations)]
    pub fn check_expectations(
        &self,
        expectations: Vec<JsValue>,
        options: JsValue,
    ) -> Result<JsValue, JsError> {
        let options = CheckOptions::from_js(options)?;
        let checker = self.checker(options.profile);
        expectation_results(&self.robots, &checker, expectations, &options)
    }
}

/// Each expectation answered for each of its crawlers and agents on `robots`, with `options`
/// `{ profile, agentMatch, status }`.
fn expectation_results(
    robots: &RobotsTxt,
    checker: &Checker<'_>,
    expectations: Vec<JsValue>,
    options: &CheckOptions,
) -> Result<JsValue, JsError> {
    let expectations = read_expectations(expectations)?;
    let results = check_expectations(checker, &expectations, options.agent_match, &options.status);
    let views: Vec<ExpectationResultView<'_>> = results
        .iter()
        .map(|result| ExpectationResultView {
            index: result.index,
            url: &result.url,
            agent: &result.agent,
            expected: result.expected,
            allowed: result.allowed,
            line: result.line,
            rule: rule_text(robots, result.line),
            reason: result.reason.map(|reason| reason.id()),
            holds: result.holds,
            error: result.error.as_ref().map(ExpectationError::id),
            url_problem: match &result.error {
                Some(ExpectationError::UrlRefused(refused)) => Some(refused.kind().id()),
                _ => None,
            },
        })
        .collect();
    to_js(&views)
}

/// The expectations as the `robots-lens test` TOML file.
#[wasm_bindgen(js_name = expectationsToml)]
pub fn expectations_as_toml(expectations: Vec<JsValue>) -> Result<String, JsError> {
    Ok(expectations_toml(&read_expectations(expectations)?))
}
