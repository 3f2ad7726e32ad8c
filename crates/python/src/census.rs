//! `robots_lens.census_batch`: the census's questions for a batch of captured robots.txt files,
//! asked of the core in one call without the GIL, answered as columns.
//!
//! A census (`robots_lens.census`, a Spark job) asks every capture the same things: each chosen
//! catalogued crawler's verdict on each probe path (its fallback chain, its operator's handling of
//! the fetch status), what the whole file allows each of them, the AI usage preferences a crawler
//! that no group names reads, the sitemaps, the preference lines and the audit's findings counted
//! by code and severity. Every one of those is the core's answer ([`Checker::ask_crawler_table`],
//! [`Checker::ask_verdict`], [`Checker::ask_usage`], [`audit_counts`], [`served_status_of`] for a
//! 2xx that is an HTML page); this module
//! only packs them into flat buffers that the Python side turns into Arrow arrays without a
//! Python object per cell.
//!
//! # The columns
//!
//! A batch of `n` captures, `c` crawlers and `p` paths returns a dict of `bytes` buffers
//! (little-endian, read with `numpy.frombuffer`) and lists:
//!
//! - per capture: `status`, `status_class`, `problem` (lists; `None` where the status could not
//!   be read, with `problem` saying why), `read` (u8: the body counts as the file),
//!   `content_signal_lines`, `content_usage_lines`, `license_lines`, `errors`, `warnings`,
//!   `infos` (i32, -1 where the body is not read or not audited);
//! - per capture, crawler and path (`n * c * p`, crawler-major within a capture): `allowed` (u8:
//!   0, 1, or 2 for none), `line` (i32, 0 for none: lines count from 1), `reason` (u8, an index
//!   into the `reasons` list);
//! - per capture and crawler (`n * c`): `access` (u8, an index into `ACCESS`, 255 for none) and
//!   `blocking_line` (i32, 0 for none);
//! - per capture and purpose (`n * 3`, [`USAGE_PURPOSES`]): `content_usage`, `content_signal`
//!   (u8, an index into `PREFERENCES`, 255 where the vocabulary has no label for the purpose or
//!   the file was not read) and their lines (i32, 0 for none);
//! - variable-length lists as flat values and `n + 1` offsets (i32): `sitemaps` (str) with
//!   `sitemap_offsets`; `audit_code` (u16, an index into `codes`), `audit_severity` (u8, an
//!   index into `SEVERITIES`), `audit_count` (i32) with `audit_offsets`.
//!
//! # Untrusted input
//!
//! Any bytes parse. A status the core cannot read fails that capture only (its `problem`), not
//! the batch. The work per capture is the core's: linear in the file, times the crawlers and
//! paths asked.

use pyo3::exceptions::{PyLookupError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{PyBytes, PyDict};
use robots_lens::audit::{audit_counts, Severity};
use robots_lens::{
    crawlers, find_crawler, status_effect, Access, Crawler, FetchStatus, PreferenceKind, Profile,
    Question, RobotsTxt, StatusEffect, Who, USE_PURPOSES,
};
use robots_lens_fetch::served_status_of;

/// `access` values, by index.
pub const ACCESS: [&str; 3] = ["everything", "nothing", "partial"];
/// `content_usage` / `content_signal` values, by index (the core's [`robots_lens::Preference`]
/// ids).
pub const PREFERENCES: [&str; 4] = ["allow", "disallow", "unknown", "not-applicable"];
/// `audit_severity` values, by index.
pub const SEVERITIES: [&str; 3] = ["error", "warning", "info"];
/// The purposes whose AI usage preferences a census reports: every one of the core's
/// [`USE_PURPOSES`] but crawling, which the verdicts answer.
pub const USAGE_PURPOSES: [&str; 3] = ["train-ai", "search", "ai-input"];

const NONE_U8: u8 = 255;
/// Who reads the AI usage preferences: a crawler that no group names, which obeys the `*`
/// groups (`robots-lens preferences` without `--agent` or `--crawler`).
const ANY_AGENT: &str = "*";

/// What the census asks of every capture.
struct Survey {
    /// The chosen crawlers, each with its index in the catalogue (the row of the crawler table).
    crawlers: Vec<(usize, &'static Crawler)>,
    paths: Vec<String>,
    profile: Profile,
    audit: bool,
}

/// Strings named by index, in order of first use, so that a batch returns each once.
#[derive(Default)]
struct Names {
    names: Vec<&'static str>,
}

impl Names {
    fn index(&mut self, name: &'static str) -> usize {
        match self.names.iter().position(|known| *known == name) {
            Some(index) => index,
            None => {
                self.names.push(name);
                self.names.len() - 1
            }
        }
    }
}

/// The answers of a batch, column by column.
#[derive(Default)]
struct Columns {
    status: Vec<Option<String>>,
    status_class: Vec<Option<&'static str>>,
    problem: Vec<Option<String>>,
    read: Vec<u8>,
    content_signal_lines: Vec<i32>,
    content_usage_lines: Vec<i32>,
    license_lines: Vec<i32>,
    errors: Vec<i32>,
    warnings: Vec<i32>,
    infos: Vec<i32>,
    allowed: Vec<u8>,
    line: Vec<i32>,
    reason: Vec<u8>,
    reasons: Names,
    access: Vec<u8>,
    blocking_line: Vec<i32>,
    content_usage: Vec<u8>,
    content_usage_line: Vec<i32>,
    content_signal: Vec<u8>,
    content_signal_line: Vec<i32>,
    sitemaps: Vec<String>,
    sitemap_offsets: Vec<i32>,
    audit_code: Vec<u16>,
    audit_severity: Vec<u8>,
    audit_count: Vec<i32>,
    audit_offsets: Vec<i32>,
    codes: Names,
}

/// A line number as an i32 cell, 0 for none (lines count from 1).
fn line_cell(line: Option<usize>) -> i32 {
    line.map_or(0, |line| i32::try_from(line).unwrap_or(i32::MAX))
}

fn count_cell(count: usize) -> i32 {
    i32::try_from(count).unwrap_or(i32::MAX)
}

/// `given` (a status as `--status` takes it) once the body turned a 2xx into an HTML page: the
/// same redirects, then `html`.
fn as_html_page(given: &str) -> String {
    match given.rsplit_once('>') {
        Some((redirects, _)) => format!("{redirects}>html"),
        None => "html".to_owned(),
    }
}

impl Columns {
    fn start_row(&mut self) {
        if self.sitemap_offsets.is_empty() {
            self.sitemap_offsets.push(0);
            self.audit_offsets.push(0);
        }
    }

    fn end_row(&mut self) {
        self.sitemap_offsets.push(count_cell(self.sitemaps.len()));
        self.audit_offsets.push(count_cell(self.audit_count.len()));
    }

    /// A capture whose status cannot be read: every cell empty.
    fn push_unreadable(&mut self, survey: &Survey, problem: String) {
        self.start_row();
        self.status.push(None);
        self.status_class.push(None);
        self.problem.push(Some(problem));
        self.read.push(0);
        for column in [
            &mut self.content_signal_lines,
            &mut self.content_usage_lines,
            &mut self.license_lines,
            &mut self.errors,
            &mut self.warnings,
            &mut self.infos,
        ] {
            column.push(-1);
        }
        let empty = self.reasons.index("");
        for _ in 0..survey.crawlers.len() * survey.paths.len() {
            self.allowed.push(2);
            self.line.push(0);
            self.reason.push(u8::try_from(empty).unwrap_or(u8::MAX));
        }
        for _ in &survey.crawlers {
            self.access.push(NONE_U8);
            self.blocking_line.push(0);
        }
        for _ in USAGE_PURPOSES {
            self.content_usage.push(NONE_U8);
            self.content_usage_line.push(0);
            self.content_signal.push(NONE_U8);
            self.content_signal_line.push(0);
        }
        self.end_row();
    }

    /// The survey's answers for one capture: the file `body`, fetched with `status`.
    fn push_capture(&mut self, survey: &Survey, body: &[u8], given: &str, status: FetchStatus) {
        self.start_row();
        let robots = RobotsTxt::parse(body);
        // The body is the file only when the status says so (a 2xx; not a 404's error page).
        let read = status_effect(&status, survey.profile) == StatusEffect::ParseFile;
        // The body alone says whether it is an HTML page, as its audit would (RL101).
        let served = served_status_of(status, &robots);
        self.status.push(Some(if served == status {
            given.trim().to_owned()
        } else {
            as_html_page(given.trim())
        }));
        let status = served;
        self.status_class.push(Some(status.class().id()));
        self.problem.push(None);
        self.read.push(u8::from(read));

        let checker = robots.checker(survey.profile);
        // The paths were read on the way in (`Survey::new`): none is refused here.
        let first = checker
            .ask_crawler_table(&survey.paths[0], &status)
            .unwrap_or_default();
        for &(index, crawler) in &survey.crawlers {
            for (number, path) in survey.paths.iter().enumerate() {
                // The first path's verdicts are the table's rows; the others are asked alone.
                let asked;
                let verdict = match (number, first.get(index)) {
                    (0, Some(row)) => Some(&row.verdict),
                    _ => {
                        asked = checker
                            .ask_verdict(&Question::crawler(crawler, path).status(status))
                            .ok();
                        asked.as_ref()
                    }
                };
                self.push_verdict(verdict);
            }
            match first.get(index) {
                Some(row) => {
                    let access = match row.summary.access {
                        Access::Everything => 0,
                        Access::Nothing => 1,
                        Access::Partial => 2,
                    };
                    self.access.push(access);
                    self.blocking_line
                        .push(line_cell(row.summary.blocking_line));
                }
                None => {
                    self.access.push(NONE_U8);
                    self.blocking_line.push(0);
                }
            }
        }

        let question = Question::new(Who::Agent(ANY_AGENT), &survey.paths[0]).status(status);
        let usage = checker.ask_usage(&question).ok();
        for purpose in USAGE_PURPOSES {
            let labels = USE_PURPOSES.iter().find(|known| known.id == purpose);
            let answer = |label: Option<&str>, answers: Option<&Vec<robots_lens::LabelAnswer>>| {
                let found =
                    label.and_then(|label| answers?.iter().find(|answer| answer.label == label));
                match found {
                    Some(answer) => (
                        PREFERENCES
                            .iter()
                            .position(|id| *id == answer.preference.id())
                            .and_then(|index| u8::try_from(index).ok())
                            .unwrap_or(NONE_U8),
                        line_cell(answer.line),
                    ),
                    None => (NONE_U8, 0),
                }
            };
            let (preference, line) = answer(
                labels.and_then(|labels| labels.content_usage),
                usage.as_ref().map(|usage| &usage.content_usage),
            );
            self.content_usage.push(preference);
            self.content_usage_line.push(line);
            let (preference, line) = answer(
                labels.and_then(|labels| labels.content_signal),
                usage.as_ref().map(|usage| &usage.content_signal),
            );
            self.content_signal.push(preference);
            self.content_signal_line.push(line);
        }

        if read {
            self.sitemaps.extend(
                robots
                    .sitemaps()
                    .iter()
                    .map(|sitemap| sitemap.url(&robots).to_owned()),
            );
            let lines_of = |kind: PreferenceKind| {
                robots
                    .preference_lines()
                    .iter()
                    .filter(|line| line.kind == kind && !line.beyond_size_limit)
                    .count()
            };
            self.content_signal_lines
                .push(count_cell(lines_of(PreferenceKind::ContentSignal)));
            self.content_usage_lines
                .push(count_cell(lines_of(PreferenceKind::ContentUsage)));
            self.license_lines.push(count_cell(robots.licenses().len()));
        } else {
            self.content_signal_lines.push(-1);
            self.content_usage_lines.push(-1);
            self.license_lines.push(-1);
        }

        if read && survey.audit {
            let mut totals = [0usize; 3];
            // What `robots-lens lint` reports, counted: its fixes are not checked, which
            // changes no count and was a second audit of most files.
            for counted in audit_counts(&robots) {
                totals[severity_index(counted.severity)] += counted.count;
                let code = self.codes.index(counted.code.id());
                self.audit_code
                    .push(u16::try_from(code).unwrap_or(u16::MAX));
                self.audit_severity
                    .push(u8::try_from(severity_index(counted.severity)).unwrap_or(NONE_U8));
                self.audit_count.push(count_cell(counted.count));
            }
            self.errors.push(count_cell(totals[0]));
            self.warnings.push(count_cell(totals[1]));
            self.infos.push(count_cell(totals[2]));
        } else {
            self.errors.push(-1);
            self.warnings.push(-1);
            self.infos.push(-1);
        }
        self.end_row();
    }

    fn push_verdict(&mut self, verdict: Option<&robots_lens::Verdict>) {
        let reason = match verdict {
            Some(verdict) => {
                self.allowed.push(u8::from(verdict.allowed));
                self.line.push(line_cell(verdict.deciding_line()));
                verdict.reason.id()
            }
            None => {
                self.allowed.push(2);
                self.line.push(0);
                robots_lens::REFUSED
            }
        };
        let reason = self.reasons.index(reason);
        self.reason.push(u8::try_from(reason).unwrap_or(u8::MAX));
    }

    fn into_dict<'py>(mut self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.start_row(); // an empty batch still has its first offset
        let dict = PyDict::new(py);
        fn bytes_of<T: Copy>(values: &[T], to_le: impl Fn(T) -> Vec<u8>) -> Vec<u8> {
            values.iter().flat_map(|&value| to_le(value)).collect()
        }
        let i32s = |values: &[i32]| bytes_of(values, |value| value.to_le_bytes().to_vec());
        dict.set_item("status", self.status)?;
        dict.set_item("status_class", self.status_class)?;
        dict.set_item("problem", self.problem)?;
        dict.set_item("sitemaps", self.sitemaps)?;
        dict.set_item("reasons", self.reasons.names)?;
        dict.set_item("codes", self.codes.names)?;
        for (name, values) in [
            ("read", &self.read),
            ("allowed", &self.allowed),
            ("reason", &self.reason),
            ("access", &self.access),
            ("content_usage", &self.content_usage),
            ("content_signal", &self.content_signal),
            ("audit_severity", &self.audit_severity),
        ] {
            dict.set_item(name, PyBytes::new(py, values))?;
        }
        for (name, values) in [
            ("content_signal_lines", &self.content_signal_lines),
            ("content_usage_lines", &self.content_usage_lines),
            ("license_lines", &self.license_lines),
            ("errors", &self.errors),
            ("warnings", &self.warnings),
            ("infos", &self.infos),
            ("line", &self.line),
            ("blocking_line", &self.blocking_line),
            ("content_usage_line", &self.content_usage_line),
            ("content_signal_line", &self.content_signal_line),
            ("sitemap_offsets", &self.sitemap_offsets),
            ("audit_count", &self.audit_count),
            ("audit_offsets", &self.audit_offsets),
        ] {
            dict.set_item(name, PyBytes::new(py, &i32s(values)))?;
        }
        let codes = bytes_of(&self.audit_code, |value| value.to_le_bytes().to_vec());
        dict.set_item("audit_code", PyBytes::new(py, &codes))?;
        Ok(dict)
    }
}

fn severity_index(severity: Severity) -> usize {
    match severity {
        Severity::Error => 0,
        Severity::Warning => 1,
        Severity::Info => 2,
    }
}

impl Survey {
    /// The survey `crawlers` × `paths` under `profile`: `LookupError` for a crawler the
    /// catalogue does not know, `ValueError` for a path no crawler requests.
    fn new(
        crawler_names: &[String],
        paths: Vec<String>,
        profile: Profile,
        audit: bool,
    ) -> PyResult<Survey> {
        let catalogue = crawlers();
        let crawlers = crawler_names
            .iter()
            .map(|name| {
                let crawler = find_crawler(name).ok_or_else(|| {
                    PyLookupError::new_err(format!(
                        "no catalogued crawler is called '{name}' (robots_lens.crawler_names() lists them)"
                    ))
                })?;
                let index = catalogue
                    .iter()
                    .position(|known| std::ptr::eq(known, crawler))
                    .unwrap_or_default();
                Ok((index, crawler))
            })
            .collect::<PyResult<Vec<_>>>()?;
        if crawlers.is_empty() {
            return Err(PyValueError::new_err("a census needs at least one crawler"));
        }
        if paths.is_empty() {
            return Err(PyValueError::new_err(
                "a census needs at least one path (such as '/')",
            ));
        }
        let empty = RobotsTxt::parse(b"");
        let checker = empty.checker(profile);
        for path in &paths {
            checker
                .ask_crawler_table(path, &FetchStatus::ok())
                .map_err(|error| PyValueError::new_err(format!("path '{path}': {error}")))?;
        }
        Ok(Survey {
            crawlers,
            paths,
            profile,
            audit,
        })
    }
}

/// Answers the census's questions for each capture `bodies[i]` served with `statuses[i]` (as
/// `robots-lens crawlers --status` takes it: `200`, `404`, `301>200`, `3xx*6`, `unreachable`;
/// a 2xx whose body is an HTML page becomes `html`): see the module docs for the columns.
/// Releases the GIL while it asks.
#[pyfunction]
#[pyo3(signature = (bodies, statuses, crawlers, paths, *, profile = "rfc9309", audit = true))]
pub fn census_batch<'py>(
    py: Python<'py>,
    bodies: Vec<Option<PyBackedBytes>>,
    statuses: Vec<Option<String>>,
    crawlers: Vec<String>,
    paths: Vec<String>,
    profile: &str,
    audit: bool,
) -> PyResult<Bound<'py, PyDict>> {
    if bodies.len() != statuses.len() {
        return Err(PyValueError::new_err(format!(
            "bodies and statuses must be as long as each other, not {} and {}",
            bodies.len(),
            statuses.len()
        )));
    }
    let profile: Profile = profile
        .parse()
        .map_err(|error| PyValueError::new_err(format!("{error}")))?;
    let survey = Survey::new(&crawlers, paths, profile, audit)?;
    let columns = py.detach(|| {
        let mut columns = Columns::default();
        for (body, given) in bodies.iter().zip(&statuses) {
            let Some(given) = given.as_deref() else {
                columns.push_unreadable(&survey, "no status given".to_owned());
                continue;
            };
            match given.parse::<FetchStatus>() {
                Ok(status) => {
                    let body = body.as_deref().unwrap_or_default();
                    columns.push_capture(&survey, body, given, status);
                }
                Err(error) => columns.push_unreadable(&survey, error.to_string()),
            }
        }
        columns
    });
    columns.into_dict(py)
}

/// The status a capture's fetch ended with when its hops answered `codes`, in order (every code
/// but the last a redirect that was followed), as `census_batch` takes it: what `robots-lens
/// fetch` would report for the same hops ([`robots_lens_fetch::status_after_hops`]).
#[pyfunction]
fn census_status(codes: Vec<u16>) -> String {
    let status = robots_lens_fetch::status_after_hops(&codes);
    robots_lens_fetch::status_argument(&status, &codes)
}

/// Where a redirect from `url` whose `Location` is `location` leads a crawler, or `None` when it
/// cannot be followed ([`robots_lens_fetch::redirect_target`]).
#[pyfunction]
fn census_redirect_target(url: &str, location: &str) -> Option<String> {
    robots_lens_fetch::redirect_target(url, location)
}

/// Registers the census's function and constants in `robots_lens._native`.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(census_batch, module)?)?;
    module.add_function(wrap_pyfunction!(census_status, module)?)?;
    module.add_function(wrap_pyfunction!(census_redirect_target, module)?)?;
    module.add(
        "REDIRECT_STATUSES",
        robots_lens_fetch::REDIRECT_STATUSES.to_vec(),
    )?;
    module.add("CENSUS_ACCESS", ACCESS.to_vec())?;
    module.add("CENSUS_PREFERENCES", PREFERENCES.to_vec())?;
    module.add("CENSUS_SEVERITIES", SEVERITIES.to_vec())?;
    module.add("CENSUS_USAGE_PURPOSES", USAGE_PURPOSES.to_vec())?;
    // What crawlers read of a body (500 KiB), what the census keeps of one (that and a byte, so
    // that the core sees a file past the limit), and how far it counts the rest: the same
    // bounds as `robots-lens fetch`.
    module.add("SIZE_LIMIT", robots_lens::SIZE_LIMIT)?;
    module.add("MAX_REDIRECTS", robots_lens::MAX_REDIRECTS)?;
    module.add("KEPT_BYTES", robots_lens_fetch::KEPT_BYTES)?;
    module.add("COUNTED_BYTES", robots_lens_fetch::COUNTED_BYTES)?;
    Ok(())
}
