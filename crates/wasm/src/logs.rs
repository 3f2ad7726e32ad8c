//! Bindings for the log replay (`robots_lens::LogReplay`): the page's "Did bots obey?" worker
//! and the npm package hand it a log a chunk at a time and read back its report, whose keys are
//! those of `robots-lens logs --format json` (schemas/logs.schema.json), and, when asked, the
//! judged requests with the keys of `--format jsonl`. Nothing is decided here.

use std::sync::Arc;

use robots_lens::{
    FieldMap, JudgedRequest, LogFormat, ReplayOptions, RobotsTxt, RobotsVersion, Site, Timestamp,
};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{into_error, to_js, CheckOptions};

/// One judged request, with the keys of `robots-lens logs --format jsonl`.
#[derive(Serialize)]
struct RequestView<'a> {
    file: &'a str,
    line: u64,
    time: Option<Timestamp>,
    ip: Option<&'a str>,
    agent: &'a str,
    crawler: Option<&'static str>,
    host: Option<&'a str>,
    url: &'a str,
    allowed: Option<bool>,
    deciding_line: Option<usize>,
    version: Option<&'a str>,
    verified: Option<bool>,
    unjudged: Option<&'static str>,
}

/// Which judged requests `feed` hands back.
const KEEP_NONE: u8 = 0;
const KEEP_DISALLOWED: u8 = 1;

/// Access logs replayed against robots.txt versions, a chunk at a time.
#[wasm_bindgen]
pub struct LogReplay {
    replay: robots_lens::LogReplay,
    labels: Vec<String>,
    files: Vec<String>,
}

#[wasm_bindgen]
impl LogReplay {
    /// A replay against the versions given as parallel lists: each `labels[i]` names the text
    /// `texts[i]`, in force from `froms[i]` (RFC 3339, or a date; empty: always) for `sites[i]`
    /// (`https://shop.example`; empty: every site). `options` are a check's (`profile`,
    /// `agentMatch` for agents the catalogue does not know); `logFormat` is `auto`, `combined`,
    /// `common`, `json` or `w3c`, `fields` a JSON field mapping (`agent=ua,url=req.path`) or
    /// empty.
    #[wasm_bindgen(constructor)]
    pub fn new(
        labels: Vec<String>,
        texts: Vec<String>,
        froms: Vec<String>,
        sites: Vec<String>,
        options: JsValue,
        log_format: &str,
        fields: &str,
    ) -> Result<LogReplay, JsError> {
        if texts.len() != labels.len() || froms.len() != labels.len() || sites.len() != labels.len()
        {
            return Err(into_error(
                "labels, texts, froms and sites must be lists of one length",
            ));
        }
        let mut versions = Vec::with_capacity(labels.len());
        for (((label, text), from), site) in labels.iter().zip(texts).zip(&froms).zip(&sites) {
            let mut version =
                RobotsVersion::new(label.clone(), Arc::new(RobotsTxt::parse_string(text)));
            if !from.trim().is_empty() {
                version.from = Some(Timestamp::parse(from).ok_or_else(|| {
                    into_error(format_args!(
                        "{label}: '{from}' is not a time (2026-03-01T00:00:00Z, or a date)"
                    ))
                })?);
            }
            if !site.trim().is_empty() {
                version.site = Some(
                    Site::parse(site)
                        .map_err(|error| into_error(format_args!("{label}: {error}")))?,
                );
            }
            versions.push(version);
        }
        let check = CheckOptions::from_js(options)?;
        let format: LogFormat = if log_format.trim().is_empty() {
            LogFormat::Auto
        } else {
            log_format.parse().map_err(into_error)?
        };
        let fields = if fields.trim().is_empty() {
            FieldMap::default()
        } else {
            FieldMap::parse(fields).map_err(into_error)?
        };
        let options = ReplayOptions {
            profile: check.profile,
            agent_match: check.agent_match,
            format,
            fields,
        };
        Ok(LogReplay {
            replay: robots_lens::LogReplay::new(versions, options).map_err(into_error)?,
            labels,
            files: Vec::new(),
        })
    }

    /// A new log starts, named `name` in the report.
    #[wasm_bindgen(js_name = startFile)]
    pub fn start_file(&mut self, name: &str, keep: u8) -> Result<Vec<JsValue>, JsError> {
        let kept = self.run(keep, |replay, each| replay.start_file(name, each))?;
        self.files.push(name.to_owned());
        Ok(kept)
    }

    /// Reads the next bytes of the current log. `keep`: 0 returns nothing, 1 the disallowed
    /// requests its complete lines held, 2 every request (as `--format jsonl` objects); an
    /// empty list for 0.
    pub fn feed(&mut self, chunk: &[u8], keep: u8) -> Result<Vec<JsValue>, JsError> {
        self.run(keep, |replay, each| replay.feed(chunk, each))
    }

    /// The current log ended: its last line, if it had no line end, is read.
    pub fn finish(&mut self, keep: u8) -> Result<Vec<JsValue>, JsError> {
        self.run(keep, |replay, each| replay.finish(each))
    }

    /// The summary so far (the keys of `robots-lens logs --format json`).
    pub fn report(&self) -> Result<JsValue, JsError> {
        to_js(&self.replay.report())
    }

    /// `[bytes, lines]` read so far.
    pub fn progress(&self) -> Vec<f64> {
        let (bytes, lines) = self.replay.progress();
        vec![bytes as f64, lines as f64]
    }
}

impl LogReplay {
    fn run(
        &mut self,
        keep: u8,
        step: impl FnOnce(&mut robots_lens::LogReplay, &mut dyn FnMut(&JudgedRequest<'_>)),
    ) -> Result<Vec<JsValue>, JsError> {
        if keep == KEEP_NONE {
            step(&mut self.replay, &mut |_| {});
            return Ok(Vec::new());
        }
        let (labels, files) = (&self.labels, &self.files);
        let mut kept = Vec::new();
        // The requests are converted one by one as they come, while the line they borrow from
        // is still there: the views are owned JS values.
        let mut failure = None;
        step(&mut self.replay, &mut |request| {
            if keep == KEEP_DISALLOWED && request.allowed != Some(false) {
                return;
            }
            let view = RequestView {
                file: files.get(request.file).map_or("", String::as_str),
                line: request.line,
                time: request.time,
                ip: Some(request.ip).filter(|ip| !ip.is_empty()),
                agent: request.agent,
                crawler: request.crawler.map(|crawler| crawler.name),
                host: request.host,
                url: request.url,
                allowed: request.allowed,
                deciding_line: request.deciding_line,
                version: request
                    .version
                    .and_then(|index| labels.get(index))
                    .map(String::as_str),
                verified: request.verified,
                unjudged: request.unjudged.map(|why| why.id()),
            };
            match to_js(&view) {
                Ok(value) => kept.push(value),
                Err(error) => failure = Some(error),
            }
        });
        if let Some(error) = failure {
            return Err(error);
        }
        Ok(kept)
    }
}
