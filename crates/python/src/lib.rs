//! The Python bindings of Robots Lens: the `robots_lens._native` extension module.
//!
//! This crate only translates. The core (`robots-lens`) parses, decides and explains; this crate
//! turns its results into Python objects and Python's arguments into the core's types, and says
//! why when an argument is wrong. The Python package around it (`python/robots_lens/`) re-exports
//! these classes and adds the Scrapy parser and the Spark UDF.
//!
//! # Sharing and the GIL
//!
//! A [`Robots`] is immutable and `Send + Sync`: the parsed file lives in an [`Arc`], and the
//! checker of each profile (every pattern compiled) is built on first use and kept in a
//! [`OnceLock`], so any number of threads can check against one parse. Batch calls
//! ([`Robots::check_many`], [`Robots::check_columns`]) release the GIL while they decide, so
//! threads that share a `Robots` answer in parallel.
//!
//! # Untrusted input
//!
//! Any bytes parse (the core's parser never fails). A `str` is read as its UTF-8 bytes. Unknown
//! profile, match model or crawler names raise `ValueError` / `LookupError` naming the choices;
//! so does a URL or agent past the core's limits (`MAX_URL_BYTES`, `MAX_AGENT_BYTES`, which bound
//! the cost of one check), naming its length.

// `robots_lens.census_batch`: a census's questions for a batch of captures, as columns.
mod census;
mod cli;
// `robots_lens.fetch`: the live file, kept in its own module (the HTTP side is native only).
mod fetch;
// `robots_lens.LogReplay`: access logs replayed against robots.txt versions.
mod logs;

use std::sync::{Arc, OnceLock};

// The extension's Rust allocations (a verdict's strings, the URLs copied out of Python) go to
// mimalloc; Python's objects stay with Python's allocator. A verdict allocates and frees a few
// short strings per URL, which mimalloc does in less time than glibc's malloc (docs/performance.md,
// "Python and Spark beside protego": `check_many` went from 4.3-4.7x protego to 5.9-7.0x with the
// boxed Verdict below).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use pyo3::exceptions::{PyLookupError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyByteArray, PyBytes, PyString};
use robots_lens::audit::{Evidence, FixCheck};
use robots_lens::{
    crawlers, find_crawler, AgentMatch, AppliedGroup, Checker, Crawler, FetchStatus, Finding,
    InvalidUrl, Profile, Question, RobotsTxt, RuleKind, RuleMatch, UrlProblem, UsedStep, Verdicts,
    Who, MAX_AGENT_BYTES, MAX_URL_BYTES, REFUSED,
};

/// One parse and, per profile, its compiled checker (built when first asked for). Each checker
/// holds the parse too ([`Checker::shared`]), so that what it answers for a list
/// ([`robots_lens::Verdicts`]) can outlive the call that asked.
struct ParsedFile {
    robots: Arc<RobotsTxt>,
    checkers: [OnceLock<Checker<'static>>; Profile::ALL.len()],
}

impl ParsedFile {
    fn new(robots: RobotsTxt) -> ParsedFile {
        ParsedFile {
            robots: Arc::new(robots),
            checkers: std::array::from_fn(|_| OnceLock::new()),
        }
    }

    /// The checker for `profile`, compiled once for the life of the file.
    fn checker(&self, profile: Profile) -> &Checker<'static> {
        let index = Profile::ALL
            .iter()
            .position(|&known| known == profile)
            .unwrap_or_default();
        self.checkers[index].get_or_init(|| Checker::shared(Arc::clone(&self.robots), profile))
    }
}

fn parse_profile(name: &str) -> PyResult<Profile> {
    name.parse()
        .map_err(|error| PyValueError::new_err(format!("{error}")))
}

fn parse_agent_match(name: &str) -> PyResult<AgentMatch> {
    name.parse()
        .map_err(|error| PyValueError::new_err(format!("{error}")))
}

/// How the file was served, as every surface takes it (`200`, `404`, `301>200`, `429`, `503`,
/// `html`, `unreachable`, …): `ValueError` with the core's words when it is not one.
fn parse_status(text: &str) -> PyResult<FetchStatus> {
    text.parse()
        .map_err(|error| PyValueError::new_err(format!("status: {error}")))
}

/// The question `agent`, a name as the caller typed it, asks about each URL: as the catalogued
/// crawler it names (the core's reading of a typed name, [`Question::typed`], so that
/// `check("Googlebot", …)` answers as `crawler("Googlebot").check(…)` does), or exactly as typed
/// with `as_typed`, compared by `model`. Its own URL is empty: each call asks it of its URLs.
fn agent_question(agent: &str, model: AgentMatch, as_typed: bool) -> Question<'_> {
    let question = match as_typed {
        true => Question::agent(agent, ""),
        false => Question::typed(agent, ""),
    };
    question.agent_match(model)
}

/// The one question every method of this module asks: the core's entry point
/// ([`Checker::ask_verdict`]) with `question` (who asks, the match model) about `url` as typed,
/// the file served with `status`. No method reads the URL, applies a status, holds an argument
/// to a limit or picks a line itself. A question the core refuses comes back with its reason.
fn ask(
    checker: &Checker<'_>,
    question: &Question<'_>,
    url: &str,
    status: &FetchStatus,
) -> Result<robots_lens::Verdict, InvalidUrl> {
    checker.ask_verdict(&Question {
        url,
        status: *status,
        ..*question
    })
}

/// `check` for every URL of `urls`, in order, as the core answers a list
/// ([`Checker::ask_verdicts`]): one `Verdict` object per URL, each a row of the list.
fn ask_list(
    py: Python<'_>,
    file: &ParsedFile,
    profile: Profile,
    question: &Question<'_>,
    urls: &[PyBackedStr],
    status: &FetchStatus,
) -> PyResult<Vec<Verdict>> {
    let listed = py.detach(|| {
        let shape = question.status(*status);
        let urls = urls.iter().map(|url| &**url);
        file.checker(profile).ask_verdicts(&shape, urls)
    });
    let list = Arc::new(listed.map_err(refused_in_list)?);
    Ok((0..list.len())
        .map(|row| Verdict::row(Arc::clone(&list), row))
        .collect())
}

/// The catalogued crawler called `name` (or with that product token); `LookupError` naming the
/// known ones otherwise.
fn find_catalogued(name: &str) -> PyResult<&'static Crawler> {
    find_crawler(name).ok_or_else(|| {
        let names: Vec<&str> = crawlers().iter().map(|crawler| crawler.name).collect();
        PyLookupError::new_err(format!(
            "no catalogued crawler is called '{name}'; known crawlers: {}",
            names.join(", ")
        ))
    })
}

/// `ValueError` for a URL no crawler requests, in the core's words (as `robots-lens check`).
fn refused(error: InvalidUrl) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// The URLs of a batch call: any iterable of `str` but a `str` itself, whose characters would
/// otherwise be checked one by one. Each URL's text stays in a Python object (`PyBackedStr`:
/// the `str` itself from Python 3.10, its UTF-8 `bytes` under 3.9's limited API) instead of
/// being copied into a Rust `String` too.
fn collect_urls(urls: &Bound<'_, PyAny>) -> PyResult<Vec<PyBackedStr>> {
    if urls.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "urls must be an iterable of str (a list, a tuple, a pandas Series), not one str",
        ));
    }
    urls.try_iter()?
        .map(|url| url.and_then(|url| url.extract::<PyBackedStr>()))
        .collect()
}

/// A robots.txt parsed once, to check any number of URLs.
///
/// Made by `robots_lens.parse(text)`. Immutable and safe to share between threads: each
/// profile's patterns are compiled on first use and kept.
#[pyclass(frozen, module = "robots_lens")]
struct Robots {
    file: Arc<ParsedFile>,
}

#[pymethods]
impl Robots {
    /// May `agent` fetch `url`? Returns a `Verdict` with the whole explanation.
    ///
    /// `agent` is a product token (`Googlebot`) or a whole user agent string; `url` a full URL
    /// or a path. `profile` is one of `rfc9309`, `google`, `python`, `legacy-1994`; `match` is
    /// `substring` (the group's token anywhere in `agent`) or `token` (RFC 9309 §2.2.1).
    /// `status` is how the file was served, as `robots-lens check --status` takes it (`200`,
    /// `404`: everything allowed, `503`: everything disallowed, `301>200`, `html`, …).
    ///
    /// An `agent` that names a catalogued crawler (`Googlebot-Image`, or a user agent string
    /// holding its token) is answered as that crawler, as `crawler(name).check(url)` answers it:
    /// its fallback chain and its operator's handling of `status`. `as_typed=True` answers the
    /// name exactly as typed instead, compared by `match`.
    #[pyo3(signature = (agent, url, *, profile = "rfc9309", r#match = "substring", status = "200", as_typed = false))]
    fn check(
        &self,
        agent: &str,
        url: &str,
        profile: &str,
        r#match: &str,
        status: &str,
        as_typed: bool,
    ) -> PyResult<Verdict> {
        let checker = self.file.checker(parse_profile(profile)?);
        let question = agent_question(agent, parse_agent_match(r#match)?, as_typed);
        let verdict = ask(checker, &question, url, &parse_status(status)?).map_err(refused)?;
        Ok(Verdict::from(verdict))
    }

    /// `check` for every URL of `urls`, in order, in one call that releases the GIL.
    // Each argument is a keyword of the Python signature.
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (agent, urls, *, profile = "rfc9309", r#match = "substring", status = "200", as_typed = false))]
    fn check_many(
        &self,
        py: Python<'_>,
        agent: &str,
        urls: &Bound<'_, PyAny>,
        profile: &str,
        r#match: &str,
        status: &str,
        as_typed: bool,
    ) -> PyResult<Vec<Verdict>> {
        let (profile, model) = (parse_profile(profile)?, parse_agent_match(r#match)?);
        let status = parse_status(status)?;
        let urls = collect_urls(urls)?;
        let question = agent_question(agent, model, as_typed);
        ask_list(py, &self.file, profile, &question, &urls, &status)
    }

    /// `check_many` as three columns, `(allowed, line, reason)`, for data frames: one list of
    /// `bool`, one of the deciding line (or `None`), one of reason names. Releases the GIL.
    // Each argument is a keyword of the Python signature.
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (agent, urls, *, profile = "rfc9309", r#match = "substring", status = "200", as_typed = false))]
    fn check_columns<'py>(
        &self,
        py: Python<'py>,
        agent: &str,
        urls: &Bound<'py, PyAny>,
        profile: &str,
        r#match: &str,
        status: &str,
        as_typed: bool,
    ) -> PyResult<Columns<'py>> {
        let (profile, model) = (parse_profile(profile)?, parse_agent_match(r#match)?);
        let status = parse_status(status)?;
        let urls = collect_urls(urls)?;
        let question = agent_question(agent, model, as_typed);
        let file = &self.file;
        let answers: Vec<(Option<bool>, Option<usize>, &'static str)> = py.detach(|| {
            let checker = file.checker(profile);
            urls.iter()
                .map(|url| {
                    // Only three fields leave: the rest of the explanation is dropped here,
                    // without the GIL, instead of being converted.
                    cells(ask(checker, &question, url, &status))
                })
                .collect()
        });
        let mut reasons = ReasonNames::default();
        let mut allowed = Vec::with_capacity(answers.len());
        let mut lines = Vec::with_capacity(answers.len());
        let mut names = Vec::with_capacity(answers.len());
        for (is_allowed, line, reason) in answers {
            allowed.push(is_allowed);
            lines.push(line);
            names.push(reasons.name(py, reason));
        }
        Ok((allowed, lines, names))
    }

    /// The catalogued crawler called `name` (or with that product token), answering along its
    /// documented fallback chain, with its operator's handling of the fetch `status` (Google
    /// reads a 429 as a server error). Raises `LookupError` for an unknown name.
    #[pyo3(signature = (name, *, profile = "rfc9309", status = "200"))]
    fn crawler(
        slf: &Bound<'_, Self>,
        name: &str,
        profile: &str,
        status: &str,
    ) -> PyResult<CrawlerCheck> {
        let crawler = find_catalogued(name)?;
        Ok(CrawlerCheck {
            file: Arc::clone(&slf.get().file),
            crawler,
            profile: parse_profile(profile)?,
            status: parse_status(status)?,
        })
    }

    /// The audit of this file: every `Finding`, sorted by line, then from the most serious.
    fn audit(&self, py: Python<'_>) -> Vec<PyFinding> {
        let robots = &self.file.robots;
        py.detach(|| PyFinding::all(robots))
    }

    /// What each consumer — Google, Search Console, Lighthouse, Yandex, Bing, RFC 9309,
    /// Python's robotparser, robots-parser, Protego — does with each line, and each one's
    /// summary: the dict `robots-lens consumers --format json` prints (`lines`, `summary`,
    /// `lighthouse`, `consumers`).
    fn consumers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let robots = &self.file.robots;
        let json = py.detach(|| robots_lens_cli::consumers_json(robots).to_string());
        py.import("json")?.call_method1("loads", (json,))
    }

    /// The URL of every `Sitemap:` line, in file order.
    #[getter]
    fn sitemaps(&self) -> Vec<String> {
        let robots = &self.file.robots;
        robots
            .sitemaps()
            .iter()
            .map(|sitemap| sitemap.url(robots).to_owned())
            .collect()
    }

    /// The `Crawl-delay` in seconds that applies to `agent` (compared as `match` says) or to the
    /// catalogued `crawler` (along its fallback chain), or `None`: protego's and
    /// `urllib.robotparser`'s `crawl_delay(useragent)`. The groups are those `check` reads for
    /// the same asker under `profile`; the last valid value of them counts.
    #[pyo3(signature = (agent = None, *, crawler = None, profile = "rfc9309", r#match = "substring"))]
    fn crawl_delay(
        &self,
        agent: Option<&str>,
        crawler: Option<&str>,
        profile: &str,
        r#match: &str,
    ) -> PyResult<Option<f64>> {
        let polite = self.politeness(agent, crawler, profile, r#match)?;
        Ok(polite.crawl_delay.map(|delay| delay.seconds))
    }

    /// The `Request-rate` that applies to `agent` or `crawler` (chosen as by `crawl_delay`), as a
    /// `RequestRate` (`requests, seconds = rate` unpacks it), or `None`.
    #[pyo3(signature = (agent = None, *, crawler = None, profile = "rfc9309", r#match = "substring"))]
    fn request_rate(
        &self,
        agent: Option<&str>,
        crawler: Option<&str>,
        profile: &str,
        r#match: &str,
    ) -> PyResult<Option<PyRequestRate>> {
        let polite = self.politeness(agent, crawler, profile, r#match)?;
        Ok(polite.request_rate.map(PyRequestRate::from))
    }

    /// The host of the first `Host:` line with a value (the mirror the site prefers), or
    /// `None`: protego's `preferred_host`.
    #[getter]
    fn preferred_host(&self) -> Option<String> {
        let robots = &self.file.robots;
        robots.preferred_host().map(|(host, _)| host.to_owned())
    }

    /// How many physical lines the file has.
    #[getter]
    fn line_count(&self) -> usize {
        self.file.robots.lines().len()
    }

    /// How many groups the file forms.
    #[getter]
    fn group_count(&self) -> usize {
        self.file.robots.groups().len()
    }

    fn __repr__(&self) -> String {
        let plural = |count: usize, word: &str| match count {
            1 => format!("1 {word}"),
            _ => format!("{count} {word}s"),
        };
        format!(
            "<robots_lens.Robots: {}, {}>",
            plural(self.line_count(), "line"),
            plural(self.group_count(), "group")
        )
    }
}

type Columns<'py> = (
    Vec<Option<bool>>,
    Vec<Option<usize>>,
    Vec<Bound<'py, PyString>>,
);

/// One row of the columns: `(allowed, deciding line, reason)`, or `(None, None, "url-refused")`
/// for a URL no crawler requests (a batch does not stop at one).
fn cells(
    asked: Result<robots_lens::Verdict, InvalidUrl>,
) -> (Option<bool>, Option<usize>, &'static str) {
    match asked {
        Ok(verdict) => (
            Some(verdict.allowed),
            verdict.deciding_line(),
            verdict.reason.id(),
        ),
        Err(refusal) => match refusal.kind() {
            UrlProblem::TooLong | UrlProblem::AgentTooLong => (None, None, TOO_LONG),
            _ => (None, None, REFUSED),
        },
    }
}

/// `ValueError` for the URL at `index` of a list, which no crawler requests.
fn refused_in_list((index, error): (usize, InvalidUrl)) -> PyErr {
    PyValueError::new_err(format!("urls[{index}]: {error}"))
}

/// One Python string per reason, so a million rows share a handful of strings.
#[derive(Default)]
struct ReasonNames<'py> {
    made: Vec<(&'static str, Bound<'py, PyString>)>,
}

impl<'py> ReasonNames<'py> {
    fn name(&mut self, py: Python<'py>, reason: &'static str) -> Bound<'py, PyString> {
        if let Some((_, name)) = self.made.iter().find(|(known, _)| *known == reason) {
            return name.clone();
        }
        let name = PyString::intern(py, reason);
        self.made.push((reason, name.clone()));
        name
    }
}

/// A catalogued crawler bound to a parsed file: `Robots.crawler(name)`.
///
/// Its groups are found along its documented fallback chain (`chain`): the first step that
/// finds a group wins (Googlebot-Image follows the Googlebot group when it has none of its own;
/// AdsBot-Google ignores `*`).
#[pyclass(frozen, name = "Crawler", module = "robots_lens")]
struct CrawlerCheck {
    file: Arc<ParsedFile>,
    crawler: &'static Crawler,
    profile: Profile,
    status: FetchStatus,
}

#[pymethods]
impl CrawlerCheck {
    /// May this crawler fetch `url`? `Verdict.chain_step` says which step of the chain applied.
    fn check(&self, url: &str) -> PyResult<Verdict> {
        let checker = self.file.checker(self.profile);
        let question = Question::crawler(self.crawler, "");
        let verdict = ask(checker, &question, url, &self.status);
        Ok(Verdict::from(verdict.map_err(refused)?))
    }

    /// `check` for every URL of `urls`, in one call that releases the GIL.
    fn check_many(&self, py: Python<'_>, urls: &Bound<'_, PyAny>) -> PyResult<Vec<Verdict>> {
        let urls = collect_urls(urls)?;
        let question = Question::crawler(self.crawler, "");
        ask_list(py, &self.file, self.profile, &question, &urls, &self.status)
    }

    /// The `Crawl-delay` in seconds that the groups of this crawler's fallback chain set, or
    /// `None`: what the file asks of it (whether it honours the line is another matter;
    /// Googlebot does not).
    fn crawl_delay(&self) -> Option<f64> {
        let polite = self.politeness();
        polite.crawl_delay.map(|delay| delay.seconds)
    }

    /// The `Request-rate` that the groups of this crawler's fallback chain set, or `None`.
    fn request_rate(&self) -> Option<PyRequestRate> {
        self.politeness().request_rate.map(PyRequestRate::from)
    }

    /// What the whole file allows this crawler, in words: `blocked from everything`,
    /// `allowed everywhere`, or how many rules apply.
    #[getter]
    fn summary(&self) -> String {
        self.file
            .checker(self.profile)
            .summarise_chain(self.crawler.chain)
            .to_string()
    }

    /// The catalogue's name for it.
    #[getter]
    fn name(&self) -> &'static str {
        self.crawler.name
    }

    /// Who runs it.
    #[getter]
    fn operator(&self) -> &'static str {
        self.crawler.operator
    }

    /// What its fetches are for (`search`, `ai-training`, …).
    #[getter]
    fn purpose(&self) -> &'static str {
        self.crawler.purpose.id()
    }

    /// The product tokens that name it in a `User-agent:` line.
    #[getter]
    fn tokens(&self) -> Vec<&'static str> {
        self.crawler.tokens.to_vec()
    }

    /// Its documented fallback chain, in order: product tokens, and `*` for the `*` groups.
    #[getter]
    fn chain(&self) -> Vec<String> {
        self.crawler
            .chain
            .iter()
            .map(|step| step.to_string())
            .collect()
    }

    /// A real user agent string it sends, if it sends one of its own.
    #[getter]
    fn user_agent(&self) -> Option<&'static str> {
        self.crawler.user_agent
    }

    fn __repr__(&self) -> String {
        format!(
            "<robots_lens.Crawler {} (chain: {})>",
            self.crawler.name,
            self.chain().join(" > ")
        )
    }
}

impl CrawlerCheck {
    fn politeness(&self) -> robots_lens::Politeness {
        let checker = self.file.checker(self.profile);
        checker.politeness(Who::Crawler(self.crawler), AgentMatch::Token)
    }
}

/// The answer to "may this agent fetch this URL?", with how it was reached: the same
/// explanation as `robots-lens check --json` (`to_dict()` is exactly that object).
// No free list: PyO3 guards one with a mutex, which took more of `check_many`'s time than
// Python's own small-object allocator takes to make and free the objects (docs/performance.md).
#[pyclass(frozen, module = "robots_lens")]
struct Verdict {
    held: Held,
}

/// A verdict of its own, or a row of the core's list of verdicts (`check_many`): `allowed`,
/// `reason`, `line`, the paths and the matching rules are read from the row, and the core's
/// verdict is made whole the first time anything else is read. A million rows then cost a
/// million small objects, not a million verdicts' strings; a row kept keeps its list.
enum Held {
    // Boxed: the core's verdict is a few hundred bytes, and the Python object then holds a
    // pointer instead of the whole struct.
    Whole(Box<robots_lens::Verdict>),
    Row {
        list: Arc<Verdicts<'static>>,
        row: usize,
        whole: OnceLock<Box<robots_lens::Verdict>>,
    },
}

impl From<robots_lens::Verdict> for Verdict {
    fn from(inner: robots_lens::Verdict) -> Verdict {
        Verdict {
            held: Held::Whole(Box::new(inner)),
        }
    }
}

impl Verdict {
    fn row(list: Arc<Verdicts<'static>>, row: usize) -> Verdict {
        Verdict {
            held: Held::Row {
                list,
                row,
                whole: OnceLock::new(),
            },
        }
    }

    /// The core's verdict, made now for a row of a list.
    fn inner(&self) -> &robots_lens::Verdict {
        match &self.held {
            Held::Whole(verdict) => verdict,
            Held::Row { list, row, whole } => {
                whole.get_or_init(|| Box::new(list.verdict(*row).expect("a row of its own list")))
            }
        }
    }
}

#[pymethods]
impl Verdict {
    /// Whether the URL may be fetched.
    #[getter]
    fn allowed(&self) -> bool {
        match &self.held {
            Held::Row { list, row, .. } => list.allowed(*row).unwrap_or_default(),
            Held::Whole(verdict) => verdict.allowed,
        }
    }

    /// Why, as a name: `rule-matched`, `no-rule-matched`, `no-group-applies`,
    /// `implicit-robots-txt-allow`, `beyond-size-limit`, `reader-error`, ….
    #[getter]
    fn reason(&self) -> &'static str {
        match &self.held {
            Held::Row { list, row, .. } => list.reason(*row).map_or(REFUSED, |reason| reason.id()),
            Held::Whole(verdict) => verdict.reason.id(),
        }
    }

    /// Which groups answered, the core's code: `own`, `fallback`, `star`, `none` or `status`.
    #[getter]
    fn group_used(&self) -> &'static str {
        self.inner().group_used().id()
    }

    /// Why the deciding line decides, the core's code (`longest-match`, `allow-wins-tie`,
    /// `first-match`, `empty-rule`), or `None` when no line decides.
    #[getter]
    fn why_decides(&self) -> Option<&'static str> {
        self.inner().why_decides().map(robots_lens::WhyDecides::id)
    }

    /// The deciding line (the core's one definition: the rule that decided, an empty rule that
    /// matched, the rule within the size limit), or `None` when no line decides.
    #[getter]
    fn line(&self) -> Option<usize> {
        match &self.held {
            Held::Row { list, row, .. } => list.deciding_line(*row),
            Held::Whole(verdict) => verdict.deciding_line(),
        }
    }

    /// The rule that decided, if one did.
    #[getter]
    fn decisive(&self) -> Option<PyRuleMatch> {
        match &self.held {
            Held::Row { list, row, .. } => list.decisive(*row).as_ref().map(PyRuleMatch::from),
            Held::Whole(verdict) => verdict.decisive.as_ref().map(PyRuleMatch::from),
        }
    }

    /// Every rule of the applied groups that matched, in file order, each with its length.
    #[getter]
    fn matches(&self) -> Vec<PyRuleMatch> {
        let convert = |matches: &[RuleMatch]| matches.iter().map(PyRuleMatch::from).collect();
        match &self.held {
            Held::Row { list, row, .. } => convert(&list.matches(*row)),
            Held::Whole(verdict) => convert(&verdict.matches),
        }
    }

    /// The groups that applied (merged), in file order.
    #[getter]
    fn groups(&self) -> Vec<PyGroup> {
        self.inner().groups.iter().map(PyGroup::from).collect()
    }

    /// The first group that applied, or `None` when none did.
    #[getter]
    fn group(&self) -> Option<PyGroup> {
        self.inner().groups.first().map(PyGroup::from)
    }

    /// No group named the agent, so the `*` groups applied.
    #[getter]
    fn used_star_group(&self) -> bool {
        self.inner().used_star_group
    }

    /// For a crawler's check: the step of its fallback chain whose groups applied.
    #[getter]
    fn chain_step(&self) -> Option<PyChainStep> {
        self.inner().chain_step.as_ref().map(PyChainStep::from)
    }

    /// When reading past the 500 KiB limit would change the answer: the rule that would decide.
    #[getter]
    fn beyond_size_limit(&self) -> Option<PyRuleMatch> {
        self.inner()
            .beyond_size_limit
            .as_ref()
            .map(PyRuleMatch::from)
    }

    /// The profile that answered.
    #[getter]
    fn profile(&self) -> &'static str {
        self.inner().profile.id()
    }

    /// How the agent was compared: `substring` or `token`.
    #[getter]
    fn agent_match(&self) -> &'static str {
        self.inner().agent_match.id()
    }

    /// The agent as given (trimmed).
    #[getter]
    fn agent(&self) -> &str {
        &self.inner().agent
    }

    /// The agent's product token.
    #[getter]
    fn agent_token(&self) -> &str {
        &self.inner().agent_token
    }

    /// The path, parameters and query that were requested.
    #[getter]
    fn path(&self) -> &str {
        match &self.held {
            Held::Row { list, row, .. } => list.path(*row).unwrap_or_default(),
            Held::Whole(verdict) => &verdict.path,
        }
    }

    /// The path as compared, after the profile's normalisation.
    #[getter]
    fn normalised_path(&self) -> &str {
        match &self.held {
            Held::Row { list, row, .. } => list.normalised_path(*row).unwrap_or_default(),
            Held::Whole(verdict) => &verdict.normalised_path,
        }
    }

    /// The verdict as the CLI's `--json` prints it (one line of JSON): its fields, and the
    /// answering layer's codes every surface gives (`deciding_line`, `group_used`,
    /// `why_decides`).
    fn to_json(&self) -> PyResult<String> {
        let as_error = |error: serde_json::Error| PyValueError::new_err(error.to_string());
        let mut json = serde_json::to_value(self.inner()).map_err(as_error)?;
        if let serde_json::Value::Object(fields) = &mut json {
            let codes = [
                (
                    "deciding_line",
                    serde_json::to_value(self.inner().deciding_line()),
                ),
                (
                    "group_used",
                    serde_json::to_value(self.inner().group_used()),
                ),
                (
                    "why_decides",
                    serde_json::to_value(self.inner().why_decides()),
                ),
            ];
            for (name, value) in codes {
                fields.insert(name.to_owned(), value.map_err(as_error)?);
            }
        }
        serde_json::to_string(&json).map_err(as_error)
    }

    /// The verdict as a dict of plain values: the object `robots-lens check --json` prints.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let json = self.to_json()?;
        py.import("json")?.call_method1("loads", (json,))
    }

    fn __repr__(&self) -> String {
        let line = self
            .line()
            .map_or_else(|| "None".to_owned(), |line| line.to_string());
        let allowed = if self.allowed() { "True" } else { "False" };
        format!(
            "Verdict(allowed={allowed}, reason='{}', line={line})",
            self.reason()
        )
    }
}

fn kind_name(kind: RuleKind) -> &'static str {
    match kind {
        RuleKind::Allow => "allow",
        RuleKind::Disallow => "disallow",
    }
}

/// A rule that matched the path.
#[pyclass(frozen, get_all, name = "RuleMatch", module = "robots_lens")]
struct PyRuleMatch {
    /// The rule's line.
    line: usize,
    /// `allow` or `disallow`.
    kind: &'static str,
    /// The pattern as written.
    pattern: String,
    /// The pattern as compared, after the profile's normalisation.
    normalised: String,
    /// Its length in octets, which is its priority.
    length: usize,
    /// Google's `index.htm` rule matched (`Allow: /d/index.html` read as `Allow: /d/$`).
    via_index_html: bool,
}

#[pymethods]
impl PyRuleMatch {
    fn __repr__(&self) -> String {
        format!(
            "RuleMatch(line={}, kind='{}', pattern={:?}, length={})",
            self.line, self.kind, self.pattern, self.length
        )
    }
}

impl From<&RuleMatch> for PyRuleMatch {
    fn from(rule: &RuleMatch) -> PyRuleMatch {
        PyRuleMatch {
            line: rule.line,
            kind: kind_name(rule.kind),
            pattern: rule.pattern.to_string(),
            normalised: rule.normalised.to_string(),
            length: rule.length,
            via_index_html: rule.via_index_html,
        }
    }
}

/// A group that applied to the agent.
#[pyclass(frozen, get_all, name = "Group", module = "robots_lens")]
struct PyGroup {
    /// Its index among the file's groups, from 0 (as in the CLI's JSON).
    index: usize,
    /// The lines of its user-agent lines.
    agent_lines: Vec<usize>,
    /// Those of its user-agent lines that matched the agent (or were `*`).
    matched_agent_lines: Vec<usize>,
    /// Every line the group owns.
    lines: Vec<usize>,
}

#[pymethods]
impl PyGroup {
    fn __repr__(&self) -> String {
        format!(
            "Group(index={}, agent_lines={:?}, lines={:?})",
            self.index, self.agent_lines, self.lines
        )
    }
}

impl From<&AppliedGroup> for PyGroup {
    fn from(group: &AppliedGroup) -> PyGroup {
        PyGroup {
            index: group.index,
            agent_lines: group.agent_lines.clone(),
            matched_agent_lines: group.matched_agent_lines.clone(),
            lines: group.lines.clone(),
        }
    }
}

/// The step of a crawler's fallback chain whose groups applied.
#[pyclass(frozen, get_all, name = "ChainStep", module = "robots_lens")]
struct PyChainStep {
    /// Its position in the chain, from 0.
    index: usize,
    /// The product token it looked for; `None` for the `*` groups.
    token: Option<String>,
    /// The crawler had no group of its own and obeyed another crawler's group.
    fallback: bool,
}

#[pymethods]
impl PyChainStep {
    fn __repr__(&self) -> String {
        format!(
            "ChainStep(index={}, token={:?}, fallback={})",
            self.index,
            self.token.as_deref().unwrap_or("*"),
            if self.fallback { "True" } else { "False" }
        )
    }
}

impl From<&UsedStep> for PyChainStep {
    fn from(step: &UsedStep) -> PyChainStep {
        PyChainStep {
            index: step.index,
            token: step.token.clone(),
            fallback: step.fallback,
        }
    }
}

/// One problem the audit found on one line.
#[pyclass(frozen, get_all, name = "Finding", module = "robots_lens")]
struct PyFinding {
    /// The stable code, `RL101`…; `robots-lens explain CODE` documents it.
    code: &'static str,
    /// The code's name, such as `rule-before-user-agent`.
    name: &'static str,
    /// `error`, `warning` or `info`.
    severity: &'static str,
    /// The line (1-based).
    line: usize,
    /// What is wrong on this line.
    message: String,
    /// Why it matters: what a crawler will do.
    why: String,
    /// What to do about it.
    fix: String,
    /// The corrected text of the line, when the fix is mechanical.
    replacement: Option<String>,
    /// Other lines involved.
    related_lines: Vec<usize>,
    /// The questions the finding is about, each a dict `{"agent", "url", "profile", "verdict",
    /// "intended", "line"}`: the file answers `verdict` now (`allowed` or `disallowed`) and would
    /// answer `intended` as evidently meant. Empty for a note.
    effect: Vec<PyEffect>,
    /// `computed`, `none` (a note) or `over-limit` (the evidence budget was spent).
    evidence: &'static str,
    /// `checked` when the replacement was re-asked before it was offered, `withheld` when the
    /// obvious one failed (the fix says why), `none` when the fix is in words.
    fix_check: &'static str,
    /// The consumers the finding is about, by id (`google`, `search-console`, `lighthouse`,
    /// `yandex`, `bing`, `rfc9309`, `python`, `robots-parser`, `protego`), as `robots-lens lint
    /// --format json` names them: the readers its evidence shows changed, and those that flag,
    /// skip or read its line otherwise than Google.
    consumers: Vec<&'static str>,
}

/// One question a finding is about (see `Finding.effect`).
#[pyclass(name = "Effect", module = "robots_lens", frozen, get_all)]
#[derive(Clone)]
struct PyEffect {
    /// A catalogued crawler's name, or a name the file gives.
    agent: String,
    /// The path asked about.
    url: String,
    /// The reader: `google`, `rfc9309` or `python`.
    profile: &'static str,
    /// `allowed` or `disallowed`: the answer now.
    verdict: &'static str,
    /// The answer as evidently meant.
    intended: &'static str,
    /// The line that decides now, if one does.
    line: Option<usize>,
}

#[pymethods]
impl PyEffect {
    fn __repr__(&self) -> String {
        format!(
            "Effect(agent={:?}, url={:?}, profile='{}', verdict='{}', intended='{}')",
            self.agent, self.url, self.profile, self.verdict, self.intended
        )
    }
}

#[pymethods]
impl PyFinding {
    fn __repr__(&self) -> String {
        format!(
            "Finding(code='{}', severity='{}', line={}, message={:?})",
            self.code, self.severity, self.line, self.message
        )
    }
}

impl PyFinding {
    /// The audit of `robots`, each finding with its consumers (one table for them all).
    fn all(robots: &RobotsTxt) -> Vec<PyFinding> {
        let table = robots_lens::consumers::readings(robots);
        robots
            .audit()
            .into_iter()
            .map(|finding| PyFinding::new(finding, &table))
            .collect()
    }

    fn new(finding: Finding, table: &robots_lens::consumers::ConsumerTable<'_>) -> PyFinding {
        let consumers = robots_lens::consumers::about_finding(table, &finding)
            .iter()
            .map(robots_lens::consumers::Consumer::id)
            .collect();
        PyFinding {
            consumers,
            code: finding.code.id(),
            name: finding.code.name(),
            severity: finding.severity.id(),
            line: finding.line,
            message: finding.message.english(),
            why: finding.why.english(),
            fix: finding.fix.english(),
            replacement: finding.replacement,
            related_lines: finding.related_lines,
            effect: finding
                .effect
                .into_iter()
                .map(|effect| {
                    let word = |allowed: bool| if allowed { "allowed" } else { "disallowed" };
                    PyEffect {
                        agent: effect.agent,
                        url: effect.url,
                        profile: effect.profile.spec().id,
                        verdict: word(effect.allowed),
                        intended: word(effect.intended),
                        line: effect.line,
                    }
                })
                .collect(),
            evidence: match finding.evidence {
                Evidence::Computed => "computed",
                Evidence::None => "none",
                Evidence::OverLimit => "over-limit",
            },
            fix_check: match finding.fix_check {
                FixCheck::Checked => "checked",
                FixCheck::Withheld => "withheld",
                FixCheck::None => "none",
            },
        }
    }
}

/// The bytes of `input`: `bytes` and `bytearray` as they are, `str` as UTF-8.
fn input_bytes(input: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(bytes) = input.cast::<PyBytes>() {
        Ok(bytes.as_bytes().to_vec())
    } else if let Ok(text) = input.cast::<PyString>() {
        Ok(text.to_cow()?.as_bytes().to_vec())
    } else if let Ok(array) = input.cast::<PyByteArray>() {
        Ok(array.to_vec())
    } else {
        Err(PyTypeError::new_err(format!(
            "a robots.txt is str or bytes, not {}",
            input.get_type().name()?
        )))
    }
}

/// The reason of a row whose file is `None` in [`check_rows`].
const NO_FILE: &str = "no-file-for-host";
/// The reason of a row whose agent or URL is past the core's limits in [`check_rows`].
const TOO_LONG: &str = "argument-too-long";

type RowColumns<'py> = (
    Vec<Option<bool>>,
    Vec<Option<usize>>,
    Vec<Bound<'py, PyString>>,
);

impl Robots {
    /// The core's politeness answer for the one asker `agent` or `crawler` names.
    fn politeness(
        &self,
        agent: Option<&str>,
        crawler: Option<&str>,
        profile: &str,
        r#match: &str,
    ) -> PyResult<robots_lens::Politeness> {
        let (profile, model) = (parse_profile(profile)?, parse_agent_match(r#match)?);
        let who =
            match (agent, crawler) {
                (Some(agent), None) => {
                    // Not a question the core answers, so held to the agent limit here.
                    if agent.len() > robots_lens::MAX_AGENT_BYTES {
                        return Err(PyValueError::new_err(format!(
                        "the user agent is {} bytes long; a check takes one of at most {} bytes",
                        agent.len(),
                        robots_lens::MAX_AGENT_BYTES
                    )));
                    }
                    Who::Agent(agent)
                }
                (None, Some(name)) => Who::Crawler(find_catalogued(name)?),
                _ => return Err(PyTypeError::new_err(
                    "give either agent (a user agent) or crawler= (a catalogued crawler's name)",
                )),
            };
        Ok(self.file.checker(profile).politeness(who, model))
    }
}

/// `Request-rate: 1/5`: at most `requests` fetches every `seconds`, read from `line`. Unpacks
/// as the pair `(requests, seconds)`, like `urllib.robotparser`'s `RequestRate`.
#[pyclass(frozen, get_all, eq, name = "RequestRate", module = "robots_lens")]
#[derive(PartialEq)]
struct PyRequestRate {
    /// How many fetches.
    requests: u64,
    /// In how many seconds (`1/10m` is 600).
    seconds: u64,
    /// The line it was read from.
    line: usize,
}

#[pymethods]
impl PyRequestRate {
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyIterator>> {
        pyo3::types::PyTuple::new(py, [self.requests, self.seconds])?.try_iter()
    }

    fn __repr__(&self) -> String {
        format!(
            "RequestRate(requests={}, seconds={}, line={})",
            self.requests, self.seconds, self.line
        )
    }
}

impl From<robots_lens::RequestRate> for PyRequestRate {
    fn from(rate: robots_lens::RequestRate) -> PyRequestRate {
        PyRequestRate {
            requests: rate.requests,
            seconds: rate.seconds,
            line: rate.line,
        }
    }
}

/// A file of [`check_rows`]: a `Robots` already parsed, or the text of one, parsed once for all
/// its rows (without the GIL).
enum RowFile {
    Parsed(Arc<ParsedFile>),
    Text(Vec<u8>),
}

impl RowFile {
    fn extract(file: &Bound<'_, PyAny>) -> PyResult<RowFile> {
        match file.cast::<Robots>() {
            Ok(robots) => Ok(RowFile::Parsed(Arc::clone(&robots.get().file))),
            Err(_) => input_bytes(file).map(RowFile::Text).map_err(|_| {
                let kind = file
                    .get_type()
                    .name()
                    .map_or_else(|_| "?".to_owned(), |name| name.to_string());
                PyTypeError::new_err(format!(
                    "check_rows: a file is a Robots, str, bytes or None, not {kind}"
                ))
            }),
        }
    }

    fn into_parsed(self) -> Arc<ParsedFile> {
        match self {
            RowFile::Parsed(file) => file,
            RowFile::Text(bytes) => Arc::new(ParsedFile::new(RobotsTxt::parse_owned(bytes))),
        }
    }
}

/// Answers rows of (file, agent, URL) in one call without the GIL: row `i` is checked against
/// `files[file_index[i]]`, each a `Robots` or the text of a robots.txt (`str` or `bytes`). A row whose file is `None` or whose index is out of range gets
/// `(None, None, "no-file-for-host")`; one whose agent or URL is past the limits gets
/// `(None, None, "argument-too-long")`. Returns the columns `(allowed, line, reason)`.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (files, file_index, agents, urls, *, profile = "rfc9309", r#match = "substring", status = "200"))]
fn check_rows<'py>(
    py: Python<'py>,
    files: Vec<Option<Bound<'py, PyAny>>>,
    file_index: Vec<i64>,
    agents: Vec<String>,
    urls: Vec<String>,
    profile: &str,
    r#match: &str,
    status: &str,
) -> PyResult<RowColumns<'py>> {
    let (profile, model) = (parse_profile(profile)?, parse_agent_match(r#match)?);
    let status = parse_status(status)?;
    if file_index.len() != urls.len() || agents.len() != urls.len() {
        return Err(PyValueError::new_err(format!(
            "file_index, agents and urls must be as long as each other, not {}, {} and {}",
            file_index.len(),
            agents.len(),
            urls.len()
        )));
    }
    let files = files
        .iter()
        .map(|file| file.as_ref().map(RowFile::extract).transpose())
        .collect::<PyResult<Vec<_>>>()?;
    let answers: Vec<(Option<bool>, Option<usize>, &'static str)> = py.detach(|| {
        let files: Vec<Option<Arc<ParsedFile>>> = files
            .into_iter()
            .map(|file| file.map(RowFile::into_parsed))
            .collect();
        let file_of = |index: i64| {
            usize::try_from(index)
                .ok()
                .and_then(|index| files.get(index))
                .and_then(Option::as_ref)
        };
        file_index
            .iter()
            .zip(agents.iter().zip(&urls))
            .map(|(&index, (agent, url))| match file_of(index) {
                None => (None, None, NO_FILE),
                Some(file) => cells(ask(
                    file.checker(profile),
                    &Question::agent(agent, "").agent_match(model),
                    url,
                    &status,
                )),
            })
            .collect()
    });
    let mut names = ReasonNames::default();
    let mut allowed = Vec::with_capacity(answers.len());
    let mut lines = Vec::with_capacity(answers.len());
    let mut reasons = Vec::with_capacity(answers.len());
    for (is_allowed, line, reason) in answers {
        allowed.push(is_allowed);
        lines.push(line);
        reasons.push(names.name(py, reason));
    }
    Ok((allowed, lines, reasons))
}

/// Parses a robots.txt (`str` or `bytes`, any content: the parser never fails).
#[pyfunction]
fn parse(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Robots> {
    let bytes = input_bytes(text)?;
    let robots = py.detach(|| RobotsTxt::parse_owned(bytes));
    Ok(Robots {
        file: Arc::new(ParsedFile::new(robots)),
    })
}

/// Audits a robots.txt (`str` or `bytes`): every `Finding`, sorted by line.
#[pyfunction]
fn audit(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Vec<PyFinding>> {
    let bytes = input_bytes(text)?;
    Ok(py.detach(|| PyFinding::all(&RobotsTxt::parse_owned(bytes))))
}

/// The names of every catalogued crawler, for `Robots.crawler(name)`.
#[pyfunction]
fn crawler_names() -> Vec<&'static str> {
    crawlers().iter().map(|crawler| crawler.name).collect()
}

/// The `robots_lens._native` module.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add("MAX_URL_BYTES", MAX_URL_BYTES)?;
    module.add("MAX_AGENT_BYTES", MAX_AGENT_BYTES)?;
    module.add_function(wrap_pyfunction!(parse, module)?)?;
    module.add_function(wrap_pyfunction!(audit, module)?)?;
    module.add_function(wrap_pyfunction!(crawler_names, module)?)?;
    module.add_function(wrap_pyfunction!(check_rows, module)?)?;
    module.add_function(wrap_pyfunction!(cli::run_cli, module)?)?;
    module.add_class::<Robots>()?;
    module.add_class::<Verdict>()?;
    module.add_class::<CrawlerCheck>()?;
    module.add_class::<PyRuleMatch>()?;
    module.add_class::<PyGroup>()?;
    module.add_class::<PyChainStep>()?;
    module.add_class::<PyFinding>()?;
    module.add_class::<PyEffect>()?;
    module.add_class::<PyRequestRate>()?;
    fetch::register(module)?;
    logs::register(module)?;
    census::register(module)?;
    Ok(())
}
