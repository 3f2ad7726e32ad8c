//! `robots_lens.LogReplay`: the core's log replay for Python. Python hands over bytes (a chunk
//! of a log at a time, so a log of any size costs one chunk) and gets back the judged requests
//! as dictionaries, when asked, and the summary as JSON; the core reads, judges and sums up.
//! `python/robots_lens/logs.py` opens files (gzip'd or not) and feeds them.

use std::sync::Arc;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};
use robots_lens::{
    FieldMap, JudgedRequest, LogFormat, LogReplay, ReplayOptions, RobotsTxt, RobotsVersion, Site,
    Timestamp,
};

use crate::{parse_agent_match, parse_profile};

/// Access logs replayed against the robots.txt versions in force: see the package's
/// documentation of `replay_logs`, which drives one.
#[pyclass(module = "robots_lens", name = "LogReplay", subclass)]
pub struct PyLogReplay {
    replay: LogReplay,
    labels: Vec<String>,
}

/// The bytes of a robots.txt given as `str` or `bytes`.
fn robots_bytes(value: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if value.is_instance_of::<PyString>() {
        let text: String = value.extract()?;
        return Ok(text.into_bytes());
    }
    if let Ok(bytes) = value.cast::<PyBytes>() {
        return Ok(bytes.as_bytes().to_vec());
    }
    Err(PyTypeError::new_err(
        "a robots.txt is str or bytes (its text)",
    ))
}

/// One version: a file (always in force), or `(file, from)` / `(file, from, site)` with `from`
/// an RFC 3339 time (or `None`) and `site` a `scheme://host[:port]` (or `None`).
fn read_version(index: usize, value: &Bound<'_, PyAny>) -> PyResult<RobotsVersion> {
    let (robots, from, site) = match value.cast::<PyTuple>() {
        Ok(tuple) => {
            let length = tuple.len();
            if !(1..=3).contains(&length) {
                return Err(PyValueError::new_err(format!(
                    "robots[{index}]: a version is (robots, from) or (robots, from, site), not {length} items"
                )));
            }
            let from: Option<String> = if length > 1 {
                tuple.get_item(1)?.extract()?
            } else {
                None
            };
            let site: Option<String> = if length > 2 {
                tuple.get_item(2)?.extract()?
            } else {
                None
            };
            (robots_bytes(&tuple.get_item(0)?)?, from, site)
        }
        Err(_) => (robots_bytes(value)?, None, None),
    };
    let mut label = format!("robots[{index}]");
    let mut version = RobotsVersion::new(String::new(), Arc::new(RobotsTxt::parse_owned(robots)));
    if let Some(from) = from {
        version.from = Some(Timestamp::parse(&from).ok_or_else(|| {
            PyValueError::new_err(format!(
                "robots[{index}]: '{from}' is not a time (2026-03-01T00:00:00+00:00, or 2026-03-01)"
            ))
        })?);
        label = format!("{label}@{from}");
    }
    if let Some(site) = site {
        version.site = Some(
            Site::parse(&site)
                .map_err(|error| PyValueError::new_err(format!("robots[{index}]: {error}")))?,
        );
        label = format!("{site}={label}");
    }
    version.label = label;
    Ok(version)
}

/// A judged request as a dictionary, with the keys of `robots-lens logs --format jsonl`.
fn request_dict<'py>(
    py: Python<'py>,
    request: &JudgedRequest<'_>,
    labels: &[String],
    files: &[String],
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("file", files.get(request.file).map(String::as_str))?;
    dict.set_item("line", request.line)?;
    dict.set_item("time", request.time.map(|time| time.to_string()))?;
    dict.set_item("ip", Some(request.ip).filter(|ip| !ip.is_empty()))?;
    dict.set_item("agent", request.agent)?;
    dict.set_item("crawler", request.crawler.map(|crawler| crawler.name))?;
    dict.set_item("host", request.host)?;
    dict.set_item("url", request.url)?;
    dict.set_item("allowed", request.allowed)?;
    dict.set_item("deciding_line", request.deciding_line)?;
    dict.set_item(
        "version",
        request.version.map(|index| labels[index].as_str()),
    )?;
    dict.set_item("verified", request.verified)?;
    dict.set_item("unjudged", request.unjudged.map(|why| why.id()))?;
    Ok(dict)
}

impl PyLogReplay {
    /// Runs `step` on the replay, collecting the judged requests as dictionaries when `keep`.
    fn collect<'py>(
        &mut self,
        py: Python<'py>,
        keep: bool,
        step: impl FnOnce(&mut LogReplay, &mut dyn FnMut(&JudgedRequest<'_>)),
    ) -> PyResult<Option<Bound<'py, PyList>>> {
        if !keep {
            step(&mut self.replay, &mut |_| {});
            return Ok(None);
        }
        let files: Vec<String> = self.replay.files().to_vec();
        let list = PyList::empty(py);
        let mut failure = None;
        let labels = &self.labels;
        step(&mut self.replay, &mut |request| {
            if failure.is_some() {
                return;
            }
            match request_dict(py, request, labels, &files).and_then(|dict| list.append(dict)) {
                Ok(()) => {}
                Err(error) => failure = Some(error),
            }
        });
        match failure {
            Some(error) => Err(error),
            None => Ok(Some(list)),
        }
    }
}

#[pymethods]
impl PyLogReplay {
    /// A replay against `robots`: a list of versions, each a robots.txt (`str` or `bytes`,
    /// always in force) or a tuple `(robots, from)` / `(robots, from, site)`. `profile`,
    /// `agent_match` (for agents the catalogue does not know), `log_format` (`auto`,
    /// `combined`, `common`, `json`, `w3c`) and `fields` (`"agent=ua,url=req.path"`, for JSON
    /// lines) are those of `robots-lens logs`.
    #[new]
    #[pyo3(signature = (robots, *, profile = "rfc9309", agent_match = "substring", log_format = "auto", fields = None))]
    fn new(
        robots: &Bound<'_, PyAny>,
        profile: &str,
        agent_match: &str,
        log_format: &str,
        fields: Option<&str>,
    ) -> PyResult<PyLogReplay> {
        let versions: Vec<RobotsVersion> = if robots.is_instance_of::<PyString>()
            || robots.is_instance_of::<PyBytes>()
        {
            vec![read_version(0, robots)?]
        } else {
            robots
                .try_iter()
                .map_err(|_| PyTypeError::new_err("robots is a robots.txt or a list of versions"))?
                .enumerate()
                .map(|(index, item)| read_version(index, &item?))
                .collect::<PyResult<_>>()?
        };
        let format: LogFormat = log_format.parse().map_err(PyValueError::new_err)?;
        let fields = match fields {
            None => FieldMap::default(),
            Some(text) => {
                FieldMap::parse(text).map_err(|error| PyValueError::new_err(error.to_string()))?
            }
        };
        let options = ReplayOptions {
            profile: parse_profile(profile)?,
            agent_match: parse_agent_match(agent_match)?,
            format,
            fields,
        };
        let labels = versions
            .iter()
            .map(|version| version.label.clone())
            .collect();
        let replay = LogReplay::new(versions, options)
            .map_err(|error| PyValueError::new_err(error.to_string()))?;
        Ok(PyLogReplay { replay, labels })
    }

    /// A new log starts (named `name` in the requests and the summary); returns the requests of
    /// the previous log's last line when `requests` is true.
    #[pyo3(signature = (name, *, requests = false))]
    fn start_file<'py>(
        &mut self,
        py: Python<'py>,
        name: &str,
        requests: bool,
    ) -> PyResult<Option<Bound<'py, PyList>>> {
        self.collect(py, requests, |replay, each| replay.start_file(name, each))
    }

    /// Reads the next bytes of the current log. With `requests=True`, returns every request its
    /// complete lines held, as dictionaries (the keys of `robots-lens logs --format jsonl`).
    #[pyo3(signature = (data, *, requests = false))]
    fn feed<'py>(
        &mut self,
        py: Python<'py>,
        data: &[u8],
        requests: bool,
    ) -> PyResult<Option<Bound<'py, PyList>>> {
        if !requests {
            // Nothing Python needs while the core reads: the GIL is released.
            let replay = &mut self.replay;
            py.detach(|| replay.feed(data, &mut |_| {}));
            return Ok(None);
        }
        self.collect(py, true, |replay, each| replay.feed(data, each))
    }

    /// The current log ended: its last line, if it had no line end, is read.
    #[pyo3(signature = (*, requests = false))]
    fn finish<'py>(
        &mut self,
        py: Python<'py>,
        requests: bool,
    ) -> PyResult<Option<Bound<'py, PyList>>> {
        self.collect(py, requests, |replay, each| replay.finish(each))
    }

    /// The summary as JSON text (`robots-lens logs --format json`); `replay_logs` and
    /// `LogReplay.report()` in Python read it into dictionaries.
    fn report_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.replay.report())
            .map_err(|error| PyValueError::new_err(error.to_string()))
    }

    /// `(bytes, lines)` read so far.
    fn progress(&self) -> (u64, u64) {
        self.replay.progress()
    }
}

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PyLogReplay>()
}
