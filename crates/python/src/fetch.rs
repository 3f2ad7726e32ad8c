//! `robots_lens.fetch(url, crawler=None)`: a site's robots.txt fetched the way crawlers do, by
//! the `robots-lens-fetch` crate (the same fetch as `robots-lens fetch`), with the status chain,
//! the body and the parsed file. Verdicts on a fetched file go through the core's status entry
//! points ([`Fetched::check`]), so the served status is applied as the command applies it.

use std::sync::Arc;
use std::time::Duration;

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use robots_lens::{
    crawler_status_handling, status_handling, Crawler, Profile, Question, RobotsTxt,
};
use robots_lens_fetch::{FetchOptions, SiteUrl};

use crate::{parse_agent_match, parse_profile, ParsedFile, Robots, Verdict};

/// The catalogued crawler called `name`; `LookupError` naming the known ones otherwise.
fn find_crawler_by_name(name: &str) -> PyResult<&'static Crawler> {
    robots_lens::find_crawler(name).ok_or_else(|| {
        let names: Vec<&str> = robots_lens::crawlers()
            .iter()
            .map(|crawler| crawler.name)
            .collect();
        pyo3::exceptions::PyLookupError::new_err(format!(
            "no catalogued crawler is called '{name}'; known crawlers: {}",
            names.join(", ")
        ))
    })
}

/// One HTTP answer on the way to the file.
#[pyclass(frozen, module = "robots_lens", name = "Hop")]
struct PyHop {
    /// The URL requested.
    #[pyo3(get)]
    url: String,
    /// Its status code.
    #[pyo3(get)]
    status: u16,
    /// Where it redirected to (resolved), or None.
    #[pyo3(get)]
    location: Option<String>,
    /// The location was already requested: a redirect loop.
    #[pyo3(get)]
    loops: bool,
}

#[pymethods]
impl PyHop {
    fn __repr__(&self) -> String {
        match &self.location {
            Some(location) => format!("Hop({} {} -> {location})", self.status, self.url),
            None => format!("Hop({} {})", self.status, self.url),
        }
    }
}

/// A robots.txt as a site served it: made by `robots_lens.fetch(url)`.
#[pyclass(frozen, module = "robots_lens")]
struct Fetched {
    inner: robots_lens_fetch::Fetched,
    crawler: Option<&'static Crawler>,
    file: Arc<ParsedFile>,
}

#[pymethods]
impl Fetched {
    /// The robots.txt URL requested first.
    #[getter]
    fn robots_url(&self) -> &str {
        &self.inner.robots_url
    }

    /// The User-Agent sent.
    #[getter]
    fn user_agent(&self) -> &str {
        &self.inner.user_agent
    }

    /// Every HTTP answer, in order: the redirects, then the final one.
    #[getter]
    fn hops(&self) -> Vec<PyHop> {
        self.inner
            .hops
            .iter()
            .map(|hop| PyHop {
                url: hop.url.clone(),
                status: hop.status,
                location: hop.location.clone(),
                loops: hop.loops,
            })
            .collect()
    }

    /// The status codes of the hops, in order (`[301, 200]`).
    #[getter]
    fn status_chain(&self) -> Vec<u16> {
        self.inner.hops.iter().map(|hop| hop.status).collect()
    }

    /// Why the last request got no usable answer (`timeout`, `tls`, …), or None.
    #[getter]
    fn failure(&self) -> Option<&'static str> {
        self.inner.failure.as_ref().map(|failure| failure.id())
    }

    /// The failure in words, or None.
    #[getter]
    fn failure_message(&self) -> Option<String> {
        self.inner.failure.as_ref().map(ToString::to_string)
    }

    /// How the file was served, in words (`200 after 1 redirect`, `503`, …).
    #[getter]
    fn status(&self) -> String {
        self.inner.status.to_string()
    }

    /// Its class: success, html-page, too-many-redirects, client-error, too-many-requests,
    /// server-error or unreachable.
    #[getter]
    fn status_class(&self) -> &'static str {
        self.inner.status.class().id()
    }

    /// What the status does under RFC 9309: parse-file, allow-all or disallow-all.
    #[getter]
    fn rfc9309_effect(&self) -> &'static str {
        effect_id(status_handling(&self.inner.status, Profile::Rfc9309).effect)
    }

    /// What it does for the crawler fetched as, under its operator's documented handling (the
    /// RFC's when it documents none); None without a crawler.
    #[getter]
    fn crawler_effect(&self) -> Option<&'static str> {
        self.crawler.map(|crawler| {
            effect_id(crawler_status_handling(crawler, &self.inner.status, Profile::Rfc9309).effect)
        })
    }

    /// The final answer's Content-Type, as sent.
    #[getter]
    fn content_type(&self) -> Option<&str> {
        self.inner.content_type.as_deref()
    }

    /// The final answer's Content-Encoding, as sent (the body is decoded).
    #[getter]
    fn content_encoding(&self) -> Option<&str> {
        self.inner.content_encoding.as_deref()
    }

    /// The decoded body crawlers read: at most 500 KiB and one byte (b"" when no file).
    #[getter]
    fn body<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let body: &[u8] = if self.inner.has_file() {
            &self.inner.body
        } else {
            &[]
        };
        PyBytes::new(py, body)
    }

    /// Decoded bytes received (counting stops at 32 MiB: see `size_complete`).
    #[getter]
    fn size(&self) -> u64 {
        self.inner.size
    }

    /// The body was read to its end, so `size` is exact.
    #[getter]
    fn size_complete(&self) -> bool {
        self.inner.size_complete
    }

    /// The body is longer than the 500 KiB crawlers read.
    #[getter]
    fn cut(&self) -> bool {
        self.inner.cut()
    }

    /// A 2xx answer: the body is the file.
    #[getter]
    fn has_file(&self) -> bool {
        self.inner.has_file()
    }

    /// The served file, parsed (an empty file when none was served: the status decides).
    #[getter]
    fn robots(&self) -> Robots {
        Robots {
            file: Arc::clone(&self.file),
        }
    }

    /// May `url` be fetched, with the served status applied as crawlers apply it? Give an
    /// `agent` (read as `Robots.check` reads it: a catalogued crawler's name is that crawler
    /// unless `as_typed`) or a catalogued `crawler` (its fallback chain and its operator's
    /// handling of the status); without either, the crawler fetched as. `as_typed` without
    /// `agent` is refused: a crawler is never typed.
    #[pyo3(signature = (url, *, agent = None, crawler = None, profile = "rfc9309", r#match = "substring", as_typed = false))]
    fn check(
        &self,
        url: &str,
        agent: Option<&str>,
        crawler: Option<&str>,
        profile: &str,
        r#match: &str,
        as_typed: bool,
    ) -> PyResult<Verdict> {
        let checker = self.file.checker(parse_profile(profile)?);
        let status = &self.inner.status;
        match (agent, crawler.map(find_crawler_by_name).transpose()?) {
            (Some(_), Some(_)) => Err(PyValueError::new_err("give agent or crawler, not both")),
            (Some(agent), None) => {
                let model = parse_agent_match(r#match)?;
                crate::ask(
                    checker,
                    &crate::agent_question(agent, model, as_typed),
                    url,
                    status,
                )
                .map(Verdict::from)
                .map_err(crate::refused)
            }
            // A crawler is never typed: as_typed is for agent= alone.
            (None, _) if as_typed => Err(PyValueError::new_err(
                "as_typed=True answers agent= exactly as typed, and no agent was given: a \
                 crawler is always that crawler (give agent=NAME, as_typed=True for the name as \
                 typed)",
            )),
            (None, named) => {
                let crawler = named.or(self.crawler).ok_or_else(|| {
                    PyValueError::new_err(
                        "give agent= or crawler= (the file was not fetched as a crawler)",
                    )
                })?;
                crate::ask(checker, &Question::crawler(crawler, ""), url, status)
                    .map(Verdict::from)
                    .map_err(crate::refused)
            }
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Fetched({}: {}, {} bytes)",
            self.inner.robots_url, self.inner.status, self.inner.size
        )
    }
}

fn effect_id(effect: robots_lens::StatusEffect) -> &'static str {
    match effect {
        robots_lens::StatusEffect::ParseFile => "parse-file",
        robots_lens::StatusEffect::AllowAll => "allow-all",
        robots_lens::StatusEffect::DisallowAll => "disallow-all",
    }
}

fn seconds(name: &str, value: Option<f64>, default: Duration) -> PyResult<Duration> {
    match value {
        None => Ok(default),
        Some(seconds) if seconds > 0.0 && seconds <= 600.0 => Ok(Duration::from_secs_f64(seconds)),
        Some(seconds) => Err(PyValueError::new_err(format!(
            "{name} must be a number of seconds from 0 to 600, not {seconds}"
        ))),
    }
}

/// Fetches the robots.txt of `url`'s site (any URL on it: `scheme://host[:port]/robots.txt`
/// is requested) the way crawlers do: redirects followed and recorded up to five, the body
/// decoded and cut at 500 KiB. `crawler` sends that catalogued crawler's user agent string.
/// Never raises for what the site does (a 404, a timeout: see `status` and `failure`); raises
/// `ValueError` for a URL that cannot be fetched (no http/https scheme, credentials) and
/// `OSError` for an unreadable `ca` file. The GIL is released during the fetch.
#[pyfunction]
#[pyo3(signature = (url, crawler = None, *, timeout = None, connect_timeout = None, ca = None))]
fn fetch(
    py: Python<'_>,
    url: &str,
    crawler: Option<&str>,
    timeout: Option<f64>,
    connect_timeout: Option<f64>,
    ca: Option<std::path::PathBuf>,
) -> PyResult<Fetched> {
    let site = SiteUrl::parse(url).map_err(|error| PyValueError::new_err(error.to_string()))?;
    let crawler = crawler.map(find_crawler_by_name).transpose()?;
    let mut options = FetchOptions {
        total_timeout: seconds("timeout", timeout, robots_lens_fetch::DEFAULT_TOTAL_TIMEOUT)?,
        connect_timeout: seconds(
            "connect_timeout",
            connect_timeout,
            robots_lens_fetch::DEFAULT_CONNECT_TIMEOUT,
        )?,
        ..FetchOptions::default()
    };
    if let Some(path) = ca {
        let pem = std::fs::read(&path).map_err(|error| {
            PyOSError::new_err(format!("cannot read {}: {error}", path.display()))
        })?;
        robots_lens_fetch::check_ca(&pem)
            .map_err(|error| PyValueError::new_err(format!("ca: {error}")))?;
        options.ca_pem = Some(pem);
    }
    if let Some(crawler) = crawler {
        options.user_agent = crawler.fetch_user_agent().to_owned();
    }
    let (inner, robots) = py.detach(|| {
        let inner = robots_lens_fetch::fetch(&site, &options);
        let body = if inner.has_file() {
            inner.body.clone()
        } else {
            Vec::new()
        };
        (inner, RobotsTxt::parse_owned(body))
    });
    Ok(Fetched {
        inner,
        crawler,
        file: Arc::new(ParsedFile::new(robots)),
    })
}

/// Adds `fetch`, `Fetched` and `Hop` to the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(fetch, module)?)?;
    module.add_class::<Fetched>()?;
    module.add_class::<PyHop>()?;
    Ok(())
}
