//! Did the bots obey? An access log replayed against the robots.txt that was in force.
//!
//! Site owners who have a correct file next ask which crawlers ignore it. A [`LogReplay`] reads
//! an access log a chunk at a time (a 1 GB log is never held whole), reads each line as a request
//! ([`LogFormat`]: Apache/nginx combined and common, JSON lines, W3C extended), names the
//! catalogued crawler its user agent names ([`crate::recognise_crawler`]) or counts it as an
//! unknown agent, and asks the answering layer whether that crawler could fetch that URL under
//! the version of the host's robots.txt in force at the request's time
//! ([`crate::Checker::ask_verdict`] with [`crate::Question::crawler`]). The [`LogReport`] says,
//! per crawler and sorted by what matters: its requests, those to disallowed URLs with the
//! deciding line, the version and an example, whether it fetched `/robots.txt` first, its pace
//! against the group's `Crawl-delay` and `Request-rate`, and whether its addresses are its
//! operator's ([`crate::verify_crawler_address`]) — so that "Googlebot" from elsewhere is an
//! impersonator, not Google disobeying.
//!
//! ```
//! use std::sync::Arc;
//! use robots_lens::{LogReplay, ReplayOptions, RobotsTxt, RobotsVersion, Timestamp};
//!
//! let before = RobotsVersion::new("v1", Arc::new(RobotsTxt::parse(b"User-agent: *\nDisallow:\n")));
//! let after = RobotsVersion::new("v2", Arc::new(RobotsTxt::parse(b"User-agent: GPTBot\nDisallow: /\n")))
//!     .from(Timestamp::parse("2026-03-01").unwrap());
//! let mut replay = LogReplay::new(vec![before, after], ReplayOptions::default()).unwrap();
//! let log = concat!(
//!     "20.171.206.7 - - [28/Feb/2026:10:00:00 +0000] \"GET /a HTTP/1.1\" 200 5 \"-\" \"GPTBot/1.2\"\n",
//!     "20.171.206.7 - - [02/Mar/2026:10:00:00 +0000] \"GET /b HTTP/1.1\" 200 5 \"-\" \"GPTBot/1.2\"\n",
//!     "203.0.113.9 - - [02/Mar/2026:10:00:05 +0000] \"GET /c HTTP/1.1\" 200 5 \"-\" \"GPTBot/1.2\"\n",
//!     "not a log line\n",
//! );
//! let mut judged = Vec::new();
//! replay.feed(log.as_bytes(), &mut |request| judged.push((request.allowed, request.verified)));
//! replay.finish(&mut |_| {});
//! // Allowed under v1, disallowed under v2; the third claims GPTBot from outside OpenAI's ranges.
//! assert_eq!(judged, [(Some(true), Some(true)), (Some(false), Some(true)), (Some(false), Some(false))]);
//! let report = replay.report();
//! assert_eq!(report.unreadable.total, 1);
//! let gptbot = &report.crawlers[0];
//! assert_eq!((gptbot.requests, gptbot.disallowed), (2, 1));
//! assert_eq!(gptbot.violations[0].line, Some(2));
//! assert_eq!(report.crawlers[1].claim.id(), "impersonator");
//! ```
//!
//! # Overview
//!
//! - [`RobotsVersion`]: a file, the time it took effect (none: it always held) and the site it
//!   is for (none: every host without a file of its own; robots.txt is per scheme, host and port,
//!   RFC 9309 §2.3, so `https://shop.example` and `http://shop.example` may have their own).
//! - [`LogReplay::feed`] takes bytes in chunks of any size and calls back with each
//!   [`JudgedRequest`], in log order; [`LogReplay::report`] sums them up.
//! - Gzip is the caller's: the CLI decompresses with flate2, the page with the browser's
//!   `DecompressionStream`, so the core (and the page's wasm) carries no inflater.
//!
//! # What is judged, and how
//!
//! A line's request target is asked as the path it is (a full URL, a proxy's absolute form, is
//! read as typed); a target that is neither (`*`, `host:443`) is not judged. A request is judged
//! against the latest version of its site's file whose time is at or before the request's; one
//! before every dated version (with no undated one) is not judged, nor is one without a time when
//! the versions differ by time. Each catalogued crawler asks as itself (its fallback chain, its
//! operator's status handling); any other agent asks as its user agent string. Verdicts are kept
//! per asker, version and target, so a log of millions of requests asks the checker only for the
//! distinct ones; two unknown agents that the file sends to the same groups share their verdicts.
//!
//! Pace is measured per crawler and host: two requests closer than the group's `Crawl-delay`, or
//! more requests within `Request-rate`'s window than it allows, count only when certain at the
//! log's precision (two requests stamped in the same second may be 0.9 s apart).
//!
//! # Untrusted input
//!
//! A log is anybody's bytes: every line is read by total readers, linear in its length; a line
//! longer than [`MAX_LINE_BYTES`] is counted as too long and skipped to its end; memory stays
//! bounded whatever the log's size: at most [`MAX_CACHED_VERDICTS`] verdicts and
//! [`MAX_CACHED_AGENTS`] user agents are kept (the caches start again when full), at most
//! [`MAX_TRACKED_HOSTS`] hosts per crawler are followed for `/robots.txt` and pace, the timeline
//! keeps at most [`MAX_TIMELINE_BUCKETS`] buckets (widening them as the log's span grows), and at
//! most [`MAX_UNREADABLE_EXAMPLES`] unreadable lines are kept as examples.

mod format;
pub(crate) mod hash;
mod json;
mod report;
mod time;

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::Arc;

pub use format::{FieldMap, InvalidFieldMap, LogFormat, Role, Unreadable};
pub use report::{
    Claim, CrawlerReport, Example, LogReport, PaceReport, RateAsked, RobotsTxtFetches,
    TimelineReport, UnreadableLine, UnreadableReport, VersionReport, ViolationReport,
};
pub use time::Timestamp;

use crate::answer::Checker;
use crate::answer::{Question, UrlReading, Who};
use crate::catalogue::{crawlers, recognise_crawler, Crawler};
use crate::ip_ranges::{published_ranges, read_address, OperatorRanges};
use crate::limits::{MAX_AGENT_BYTES, MAX_URL_BYTES};
use crate::profile::{AgentMatch, Profile};
use crate::robots::RobotsTxt;
use format::{Line, LineReader, Record};
use hash::Seeded;
use time::Precision;

/// The longest log line read, in bytes: far beyond any real request line (servers refuse
/// requests past 8 to 64 KiB), so that a file that is not a log cannot fill memory.
pub const MAX_LINE_BYTES: usize = 64 * 1024;
/// How many verdicts are kept before the cache starts again (each holds its URL).
pub const MAX_CACHED_VERDICTS: usize = 200_000;
/// How many distinct user agents are remembered before that cache starts again.
pub const MAX_CACHED_AGENTS: usize = 20_000;
/// How many hosts per crawler are followed for `/robots.txt` fetches and pace.
pub const MAX_TRACKED_HOSTS: usize = 10_000;
/// How many buckets the timeline keeps at most; they widen as the log's span grows.
pub const MAX_TIMELINE_BUCKETS: usize = 400;
/// How many unreadable lines are kept as examples.
pub const MAX_UNREADABLE_EXAMPLES: usize = 10;
/// The most requests of a `Request-rate` window that are followed (a larger rate is not
/// checked: no crawler's pace is that fine-grained).
pub const MAX_RATE_WINDOW: u64 = 10_000;

/// A site a robots.txt is for: `https://shop.example`, `shop.example:8080`, `shop.example`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Site {
    /// `http` or `https`, when given.
    pub scheme: Option<&'static str>,
    /// The host, in lower case.
    pub host: String,
    /// The port, when given.
    pub port: Option<u16>,
}

impl Site {
    /// Reads `[scheme://]host[:port]` (a trailing `/` is allowed).
    pub fn parse(text: &str) -> Result<Site, String> {
        let text = text.trim();
        let lower = text.to_ascii_lowercase();
        let (scheme, rest) = if let Some(rest) = lower.strip_prefix("https://") {
            (Some("https"), rest)
        } else if let Some(rest) = lower.strip_prefix("http://") {
            (Some("http"), rest)
        } else if lower.contains("://") {
            return Err(format!("'{text}': a site is http:// or https://"));
        } else {
            (None, lower.as_str())
        };
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        let (host, port) = if let Some(inside) = rest.strip_prefix('[') {
            let (host, after) = inside
                .split_once(']')
                .ok_or_else(|| format!("'{text}': an IPv6 host ends with ']'"))?;
            (host, after.strip_prefix(':'))
        } else {
            match rest.split_once(':') {
                Some((host, port)) => (host, Some(port)),
                None => (rest, None),
            }
        };
        let port = match port {
            None | Some("") => None,
            Some(port) => Some(
                port.parse::<u16>()
                    .map_err(|_| format!("'{text}': '{port}' is not a port"))?,
            ),
        };
        if host.is_empty()
            || host.contains('/')
            || host.chars().any(|c| c.is_whitespace() || c.is_control())
        {
            return Err(format!(
                "'{text}' is not a site (scheme://host[:port] or host)"
            ));
        }
        Ok(Site {
            scheme,
            host: host.to_owned(),
            port,
        })
    }

    /// How well a request for `host` (as logged, maybe with a port) over `scheme` matches: the
    /// more the site names, the better; `None` when it is another site.
    fn matches(&self, host: &str, port: Option<u16>, scheme: Option<&str>) -> Option<u8> {
        if !self.host.eq_ignore_ascii_case(host) {
            return None;
        }
        let default_port = |scheme: Option<&str>| match scheme {
            Some("https") => Some(443),
            Some("http") => Some(80),
            _ => None,
        };
        let mut score = 1;
        if let Some(wanted) = self.scheme {
            match scheme {
                Some(scheme) if scheme != wanted => return None,
                Some(_) => score += 2,
                None => {}
            }
        }
        let wanted = self.port.or(default_port(self.scheme));
        let requested = port.or(default_port(scheme));
        if let (Some(wanted), Some(requested)) = (wanted, requested) {
            if wanted != requested {
                return None;
            }
            score += u8::from(self.port.is_some());
        }
        Some(score)
    }
}

impl std::fmt::Display for Site {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(scheme) = self.scheme {
            write!(f, "{scheme}://")?;
        }
        f.write_str(&self.host)?;
        if let Some(port) = self.port {
            write!(f, ":{port}")?;
        }
        Ok(())
    }
}

/// One version of a robots.txt: the file, since when it held and for which site.
#[derive(Debug, Clone)]
pub struct RobotsVersion {
    /// How reports name it (`robots.txt@2026-03-01T00:00:00Z`).
    pub label: String,
    /// The site it is for; `None`: every host without a file of its own.
    pub site: Option<Site>,
    /// When it took effect; `None`: it always held (until a dated version for the site).
    pub from: Option<Timestamp>,
    /// The file.
    pub robots: Arc<RobotsTxt>,
}

impl RobotsVersion {
    /// `robots`, named `label`, for every site and every time.
    pub fn new(label: impl Into<String>, robots: Arc<RobotsTxt>) -> RobotsVersion {
        RobotsVersion {
            label: label.into(),
            site: None,
            from: None,
            robots,
        }
    }

    /// The same version, in force from `time`.
    pub fn from(self, time: Timestamp) -> RobotsVersion {
        RobotsVersion {
            from: Some(time),
            ..self
        }
    }

    /// The same version, for `site` only.
    pub fn site(self, site: Site) -> RobotsVersion {
        RobotsVersion {
            site: Some(site),
            ..self
        }
    }
}

/// How the replay reads and asks.
#[derive(Debug, Clone, Default)]
pub struct ReplayOptions {
    /// How the files are read and matched ([`Profile::Rfc9309`] unless told).
    pub profile: Profile,
    /// How an unknown agent's user agent string is compared with the groups (its default,
    /// substring: a group's name found in the whole string); catalogued crawlers follow their
    /// chains.
    pub agent_match: AgentMatch,
    /// Which reader reads the lines.
    pub format: LogFormat,
    /// Which JSON fields tell what.
    pub fields: FieldMap,
}

/// Why a request was not judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Unjudged {
    /// It was made before every dated version of its site's file, and none is undated.
    BeforeFirstVersion,
    /// It has no time, and its site's versions differ by time.
    NoTime,
    /// No file was given for its host (every version names other sites).
    NoFile,
    /// Its target is no URL a crawler requests (`*`, `host:443`, a refused URL).
    UrlRefused,
    /// Its URL or user agent is longer than a check accepts ([`crate::MAX_URL_BYTES`]).
    TooLong,
}

impl Unjudged {
    /// Every reason, in the order reports list them.
    pub const ALL: [Unjudged; 5] = [
        Unjudged::BeforeFirstVersion,
        Unjudged::NoTime,
        Unjudged::NoFile,
        Unjudged::UrlRefused,
        Unjudged::TooLong,
    ];

    /// The reason's code.
    pub fn id(self) -> &'static str {
        match self {
            Unjudged::BeforeFirstVersion => "before-first-version",
            Unjudged::NoTime => "no-time",
            Unjudged::NoFile => "no-file",
            Unjudged::UrlRefused => "url-refused",
            Unjudged::TooLong => "too-long",
        }
    }
}

/// One request as judged, in log order: what the line said and the answer.
#[derive(Debug, Clone, PartialEq)]
pub struct JudgedRequest<'a> {
    /// The log it came from ([`LogReplay::start_file`]'s order, from 0).
    pub file: usize,
    /// Its line in that log, from 1.
    pub line: u64,
    /// When it was made.
    pub time: Option<Timestamp>,
    /// The client's address as logged (empty when the log has none).
    pub ip: &'a str,
    /// The user agent as logged (empty when the log has none).
    pub agent: &'a str,
    /// The catalogued crawler it names, if any.
    pub crawler: Option<&'static Crawler>,
    /// The host it was sent to, when the log says.
    pub host: Option<&'a str>,
    /// The method (`GET`).
    pub method: &'a str,
    /// The target as requested.
    pub url: &'a str,
    /// The response status, when the log says.
    pub status: Option<u16>,
    /// May it be fetched; `None` when not judged ([`JudgedRequest::unjudged`]).
    pub allowed: Option<bool>,
    /// The line that decided, in the version's file.
    pub deciding_line: Option<usize>,
    /// The version it was judged against ([`LogReplay::version_label`]).
    pub version: Option<usize>,
    /// Whether its address is its crawler's operator's: `None` for an unknown agent or an
    /// operator that publishes no ranges.
    pub verified: Option<bool>,
    /// Why it was not judged, when it was not.
    pub unjudged: Option<Unjudged>,
}

/// Who asks: a catalogued crawler (its index) or an unknown agent (its entry).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Asker {
    Crawler(u16),
    Agent(u32),
}

/// A crawler's `Crawl-delay` (seconds) and `Request-rate` (requests, seconds) in a version.
type PaceRules = (Option<f64>, Option<(u64, u64)>);

/// Who asks for a group set's verdicts: the first asker that got it.
#[derive(Debug, Clone)]
enum SetAsker {
    Crawler(u16),
    Agent(Box<str>),
}

#[derive(Debug, Clone, Copy)]
struct CachedVerdict {
    allowed: Option<bool>,
    deciding_line: Option<u32>,
}

/// A distinct user agent: the crawler it names, and (for an unknown agent) its group set in
/// each version once asked ([`NOT_ASKED`] until then).
#[derive(Debug)]
struct AgentEntry {
    crawler: Option<u16>,
    sets: Vec<u32>,
}

/// A group set not asked for yet.
const NOT_ASKED: u32 = u32::MAX;

/// A site's versions, oldest first, and whether any is undated.
#[derive(Debug, Clone)]
struct Timeline {
    /// Version indexes sorted by time (undated first).
    versions: Vec<usize>,
}

/// The state kept for one crawler (or impersonators of it, or the unknown agents).
#[derive(Debug, Default)]
struct Row {
    requests: u64,
    verified: u64,
    unverifiable: u64,
    judged: u64,
    disallowed: u64,
    violations: BTreeMap<(usize, usize), (u64, Example)>,
    robots_fetches: u64,
    /// Requests whose log line names no host (most logs): one host, without a lookup.
    no_host: Option<HostState>,
    hosts: HashMap<Box<str>, HostState, Seeded>,
    untracked_hosts: u64,
    first: Option<Timestamp>,
    last: Option<Timestamp>,
    pace: Pace,
    timeline: Buckets,
}

/// A row's timeline: requests and disallowed requests per bucket, from bucket `first` on,
/// kept dense (the span is bounded by [`MAX_TIMELINE_BUCKETS`]).
#[derive(Debug, Default)]
struct Buckets {
    first: i64,
    counts: Vec<[u64; 2]>,
}

impl Buckets {
    fn add(&mut self, bucket: i64, disallowed: bool) {
        if self.counts.is_empty() {
            self.first = bucket;
        } else if bucket < self.first {
            // A line logged out of order, before the row's first bucket: rare, so a shift.
            let missing = (self.first - bucket) as usize;
            self.counts
                .splice(0..0, std::iter::repeat_n([0, 0], missing));
            self.first = bucket;
        }
        let at = (bucket - self.first) as usize;
        if at >= self.counts.len() {
            self.counts.resize(at + 1, [0, 0]);
        }
        self.counts[at][0] += 1;
        self.counts[at][1] += u64::from(disallowed);
    }

    /// The buckets merged `factor` into one (the timeline's width multiplied by `factor`).
    fn widen(&mut self, factor: i64) {
        if self.counts.is_empty() {
            return;
        }
        let first = self.first.div_euclid(factor);
        let mut counts: Vec<[u64; 2]> = Vec::new();
        for (offset, bucket) in self.counts.iter().enumerate() {
            let at = ((self.first + offset as i64).div_euclid(factor) - first) as usize;
            if at >= counts.len() {
                counts.resize(at + 1, [0, 0]);
            }
            counts[at][0] += bucket[0];
            counts[at][1] += bucket[1];
        }
        self.first = first;
        self.counts = counts;
    }

    /// Each bucket with its index.
    fn iter(&self) -> impl Iterator<Item = (i64, &[u64; 2])> {
        self.counts
            .iter()
            .enumerate()
            .map(|(offset, counts)| (self.first + offset as i64, counts))
    }
}

#[derive(Debug, Default, Clone)]
struct Pace {
    crawl_delay: Option<f64>,
    request_rate: Option<(u64, u64)>,
    checked: u64,
    faster_than_delay: u64,
    over_request_rate: u64,
    shortest_interval: Option<i64>,
}

#[derive(Debug, Default)]
struct HostState {
    /// Whether the first request to this host was for `/robots.txt`.
    robots_first: Option<bool>,
    last: Option<i64>,
    window: VecDeque<i64>,
}

/// Replays access logs against robots.txt versions; see the module documentation.
#[derive(Debug)]
pub struct LogReplay {
    versions: Vec<RobotsVersion>,
    checkers: Vec<Checker<'static>>,
    options: ReplayOptions,
    reader: LineReader,
    /// Versions for every site without its own, and per site.
    default_timeline: Option<Timeline>,
    site_timelines: Vec<(Site, Timeline)>,
    /// Host (as logged, with scheme) to the timeline it uses: `usize::MAX` for the default.
    host_cache: HashMap<(Box<str>, Option<&'static str>), Option<usize>, Seeded>,
    agents: HashMap<Box<str>, u32, Seeded>,
    agent_entries: Vec<AgentEntry>,
    /// Each crawler's group set in each version (`crawler × versions + version`), or
    /// [`NOT_ASKED`].
    crawler_sets: Vec<u32>,
    /// (version, groups) to the group set's id; `set_askers` says who asks for it.
    group_sets: HashMap<(u32, Vec<usize>), u32>,
    set_askers: Vec<SetAsker>,
    verdicts: HashMap<Box<[u8]>, CachedVerdict, Seeded>,
    key: Vec<u8>,
    /// Each crawler's operator's published ranges, if it publishes any.
    crawler_ranges: Vec<Option<&'static OperatorRanges>>,
    /// Each crawler's `Crawl-delay` and `Request-rate` in each version, as `crawler_sets`.
    politeness: Vec<Option<PaceRules>>,
    rows: Vec<Option<Box<Row>>>,
    files: Vec<String>,
    file: usize,
    line: u64,
    bytes: u64,
    lines: u64,
    requests: u64,
    skipped: u64,
    unreadable: BTreeMap<Unreadable, u64>,
    unreadable_examples: Vec<UnreadableLine>,
    unjudged: BTreeMap<Unjudged, u64>,
    version_requests: Vec<u64>,
    carry: Vec<u8>,
    skipping_long_line: bool,
    timeline_width: i64,
    timeline_min: Option<i64>,
    timeline_max: Option<i64>,
}

/// The replay cannot start: what is wrong with its versions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidReplay(String);

impl std::fmt::Display for InvalidReplay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InvalidReplay {}

/// The timeline's narrowest bucket: a minute.
const MINUTE: i64 = 60_000;

impl LogReplay {
    /// A replay against `versions` (at least one). Refused: no version, or two versions of one
    /// site in force from the same time.
    pub fn new(
        versions: Vec<RobotsVersion>,
        options: ReplayOptions,
    ) -> Result<LogReplay, InvalidReplay> {
        if versions.is_empty() {
            return Err(InvalidReplay(
                "no robots.txt: give at least one version to judge the requests against".to_owned(),
            ));
        }
        let mut default_versions = Vec::new();
        let mut sites: Vec<(Site, Vec<usize>)> = Vec::new();
        for (index, version) in versions.iter().enumerate() {
            match &version.site {
                None => default_versions.push(index),
                Some(site) => match sites.iter_mut().find(|(known, _)| known == site) {
                    Some((_, list)) => list.push(index),
                    None => sites.push((site.clone(), vec![index])),
                },
            }
        }
        let timeline = |mut list: Vec<usize>, name: &str| -> Result<Timeline, InvalidReplay> {
            list.sort_by_key(|&index| versions[index].from);
            for pair in list.windows(2) {
                if versions[pair[0]].from == versions[pair[1]].from {
                    return Err(InvalidReplay(format!(
                        "{} and {} are both in force for {name} from {}: give each version its own time",
                        versions[pair[0]].label,
                        versions[pair[1]].label,
                        versions[pair[0]]
                            .from
                            .map_or_else(|| "the start".to_owned(), |time| time.to_string())
                    )));
                }
            }
            Ok(Timeline { versions: list })
        };
        let default_timeline = if default_versions.is_empty() {
            None
        } else {
            Some(timeline(default_versions, "every site")?)
        };
        let site_timelines = sites
            .into_iter()
            .map(|(site, list)| {
                let name = site.to_string();
                timeline(list, &name).map(|timeline| (site, timeline))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let checkers = versions
            .iter()
            .map(|version| Checker::shared(Arc::clone(&version.robots), options.profile))
            .collect();
        let version_count = versions.len();
        Ok(LogReplay {
            reader: LineReader::new(options.format, options.fields.clone()),
            versions,
            checkers,
            options,
            default_timeline,
            site_timelines,
            host_cache: HashMap::default(),
            agents: HashMap::default(),
            agent_entries: Vec::new(),
            crawler_sets: vec![NOT_ASKED; crawlers().len() * version_count],
            group_sets: HashMap::new(),
            set_askers: Vec::new(),
            verdicts: HashMap::default(),
            key: Vec::new(),
            politeness: vec![None; crawlers().len() * version_count],
            crawler_ranges: crawlers()
                .iter()
                .map(|crawler| published_ranges(crawler.operator))
                .collect(),
            rows: Vec::new(),
            files: Vec::new(),
            file: 0,
            line: 0,
            bytes: 0,
            lines: 0,
            requests: 0,
            skipped: 0,
            unreadable: BTreeMap::new(),
            unreadable_examples: Vec::new(),
            unjudged: BTreeMap::new(),
            version_requests: vec![0; version_count],
            carry: Vec::new(),
            skipping_long_line: false,
            timeline_width: MINUTE,
            timeline_min: None,
            timeline_max: None,
        })
    }

    /// The label of version `index` ([`JudgedRequest::version`]).
    pub fn version_label(&self, index: usize) -> &str {
        self.versions
            .get(index)
            .map_or("", |version| &version.label)
    }

    /// The versions, as given.
    pub fn versions(&self) -> &[RobotsVersion] {
        &self.versions
    }

    /// The names of the logs started so far ([`JudgedRequest::file`] indexes them).
    pub fn files(&self) -> &[String] {
        &self.files
    }

    /// How many bytes and lines were read so far.
    pub fn progress(&self) -> (u64, u64) {
        (self.bytes, self.lines)
    }

    /// A new log starts (its lines are numbered from 1; W3C's `#Fields:` starts again). The
    /// first [`LogReplay::feed`] without one starts a log named `-`.
    pub fn start_file(&mut self, name: &str, each: &mut dyn FnMut(&JudgedRequest<'_>)) {
        if !self.files.is_empty() {
            self.finish(each);
        }
        self.files.push(name.to_owned());
        self.file = self.files.len() - 1;
        self.line = 0;
        self.reader.start_file();
    }

    /// Reads `chunk`, the next bytes of the current log, and calls `each` for every request of
    /// the lines it completes, in order. A line cut by the chunk's end is kept for the next one.
    pub fn feed(&mut self, chunk: &[u8], each: &mut dyn FnMut(&JudgedRequest<'_>)) {
        if self.files.is_empty() {
            self.files.push("-".to_owned());
        }
        self.bytes += chunk.len() as u64;
        let mut rest = chunk;
        if !self.carry.is_empty() || self.skipping_long_line {
            let Some(end) = find_byte(b'\n', rest) else {
                self.keep_partial(rest);
                return;
            };
            if self.skipping_long_line {
                self.skipping_long_line = false;
            } else if self.carry.len() + end > MAX_LINE_BYTES {
                self.carry.clear();
                self.too_long_line();
            } else {
                // The line's two parts joined once, in the buffer kept from line to line.
                let mut line = std::mem::take(&mut self.carry);
                line.extend_from_slice(&rest[..end]);
                self.read_line(&line, each);
                line.clear();
                self.carry = line;
            }
            rest = &rest[end + 1..];
        }
        while let Some(end) = find_byte(b'\n', rest) {
            if end > MAX_LINE_BYTES {
                self.too_long_line();
            } else {
                self.read_line(&rest[..end], each);
            }
            rest = &rest[end + 1..];
        }
        self.keep_partial(rest);
    }

    /// The current log ended: its last line, if it had no line end, is read.
    pub fn finish(&mut self, each: &mut dyn FnMut(&JudgedRequest<'_>)) {
        if self.skipping_long_line {
            self.skipping_long_line = false;
        } else if !self.carry.is_empty() {
            let line = std::mem::take(&mut self.carry);
            self.read_line(&line, each);
        }
        self.carry.clear();
    }

    fn keep_partial(&mut self, rest: &[u8]) {
        if self.skipping_long_line {
            return;
        }
        if self.carry.len() + rest.len() > MAX_LINE_BYTES {
            self.carry.clear();
            self.skipping_long_line = true;
            self.too_long_line();
        } else {
            self.carry.extend_from_slice(rest);
        }
    }

    fn too_long_line(&mut self) {
        self.line += 1;
        self.lines += 1;
        self.note_unreadable(Unreadable::TooLong, b"");
    }

    fn note_unreadable(&mut self, why: Unreadable, text: &[u8]) {
        *self.unreadable.entry(why).or_default() += 1;
        if self.unreadable_examples.len() < MAX_UNREADABLE_EXAMPLES {
            const SHOWN: usize = 300;
            let mut shown = String::from_utf8_lossy(&text[..text.len().min(SHOWN)]).into_owned();
            if text.len() > SHOWN {
                shown.push('…');
            }
            self.unreadable_examples.push(UnreadableLine {
                file: self.file,
                line: self.line,
                reason: why,
                text: shown,
            });
        }
    }

    fn read_line(&mut self, line: &[u8], each: &mut dyn FnMut(&JudgedRequest<'_>)) {
        self.line += 1;
        self.lines += 1;
        match self.reader.read(line) {
            Line::Skipped => self.skipped += 1,
            Line::Unreadable(why) => self.note_unreadable(why, line),
            Line::Request(record) => self.judge(&record, each),
        }
    }

    /// The versions for `host` over `scheme`: a site's own (its index), else the default
    /// (`None`).
    fn site_for(&mut self, host: Option<&str>, scheme: Option<&'static str>) -> Option<usize> {
        let host = host.filter(|_| !self.site_timelines.is_empty())?;
        let key: (Box<str>, Option<&'static str>) = (host.into(), scheme);
        if let Some(&site) = self.host_cache.get(&key) {
            return site;
        }
        let (name, port) = split_port(host);
        let best = self
            .site_timelines
            .iter()
            .enumerate()
            .filter_map(|(index, (site, _))| {
                site.matches(name, port, scheme).map(|score| (score, index))
            })
            .max_by_key(|&(score, index)| (score, std::cmp::Reverse(index)))
            .map(|(_, index)| index);
        if self.host_cache.len() >= MAX_CACHED_AGENTS {
            self.host_cache.clear();
        }
        self.host_cache.insert(key, best);
        best
    }

    /// The version in force for a request, or why there is none.
    fn version_for(
        &mut self,
        host: Option<&str>,
        scheme: Option<&'static str>,
        time: Option<Timestamp>,
    ) -> Result<usize, Unjudged> {
        let site = self.site_for(host, scheme);
        let timeline = match site {
            Some(index) => Some(&self.site_timelines[index].1),
            None => self.default_timeline.as_ref(),
        };
        let list = &timeline.ok_or(Unjudged::NoFile)?.versions;
        let versions = &self.versions;
        match time {
            Some(time) => {
                let after = list
                    .partition_point(|&index| versions[index].from.is_none_or(|from| from <= time));
                if after == 0 {
                    Err(Unjudged::BeforeFirstVersion)
                } else {
                    Ok(list[after - 1])
                }
            }
            None if list.len() == 1 => Ok(list[0]),
            None => Err(Unjudged::NoTime),
        }
    }

    /// The entry of a user agent: the crawler it names (looked up once per distinct agent).
    fn agent(&mut self, agent: &str) -> u32 {
        if let Some(&id) = self.agents.get(agent) {
            return id;
        }
        if self.agents.len() >= MAX_CACHED_AGENTS {
            self.agents.clear();
            self.agent_entries.clear();
        }
        let crawler = recognise_crawler(agent).map(|recognised| {
            crawlers()
                .iter()
                .position(|crawler| std::ptr::eq(crawler, recognised.crawler))
                .unwrap_or_default() as u16
        });
        let id = self.agent_entries.len() as u32;
        self.agent_entries.push(AgentEntry {
            crawler,
            sets: Vec::new(),
        });
        self.agents.insert(agent.into(), id);
        id
    }

    /// The set of groups `asker` gets in `version` (asked once per asker and version): verdicts
    /// are kept per group set, since two askers the file sends to the same groups get the same
    /// verdict for every URL (the tests hold every request to the answering layer asked as
    /// itself).
    fn group_set(&mut self, asker: Asker, agent: &str, version: usize) -> u32 {
        let known = match asker {
            Asker::Crawler(index) => {
                self.crawler_sets[usize::from(index) * self.versions.len() + version]
            }
            Asker::Agent(id) => self.agent_entries[id as usize]
                .sets
                .get(version)
                .copied()
                .unwrap_or(NOT_ASKED),
        };
        if known != NOT_ASKED {
            return known;
        }
        let who = match asker {
            Asker::Crawler(index) => Who::Crawler(&crawlers()[usize::from(index)]),
            Asker::Agent(_) => Who::Agent(agent),
        };
        let groups = self.checkers[version]
            .politeness(who, self.options.agent_match)
            .groups;
        let next = self.set_askers.len() as u32;
        let set = *self
            .group_sets
            .entry((version as u32, groups))
            .or_insert(next);
        if set == next {
            self.set_askers.push(match asker {
                Asker::Crawler(index) => SetAsker::Crawler(index),
                Asker::Agent(_) => SetAsker::Agent(agent.into()),
            });
        }
        match asker {
            Asker::Crawler(index) => {
                self.crawler_sets[usize::from(index) * self.versions.len() + version] = set;
            }
            Asker::Agent(id) => {
                let sets = &mut self.agent_entries[id as usize].sets;
                if sets.len() <= version {
                    sets.resize(version + 1, NOT_ASKED);
                }
                sets[version] = set;
            }
        }
        set
    }

    fn verdict(&mut self, set: u32, version: usize, url: &str) -> CachedVerdict {
        // The key is built in a buffer kept from request to request: a lookup allocates nothing.
        self.key.clear();
        self.key.extend_from_slice(&set.to_le_bytes());
        self.key.extend_from_slice(&(version as u32).to_le_bytes());
        self.key.extend_from_slice(url.as_bytes());
        if let Some(&cached) = self.verdicts.get(self.key.as_slice()) {
            return cached;
        }
        let reading = if url.starts_with('/') {
            UrlReading::Path
        } else {
            UrlReading::Typed
        };
        let question = match &self.set_askers[set as usize] {
            SetAsker::Crawler(index) => Question::crawler(&crawlers()[usize::from(*index)], url),
            SetAsker::Agent(agent) => {
                Question::agent(agent, url).agent_match(self.options.agent_match)
            }
        }
        .reading(reading);
        let verdict = match self.checkers[version].ask_verdict(&question) {
            Ok(verdict) => CachedVerdict {
                allowed: Some(verdict.allowed),
                deciding_line: verdict.deciding_line().map(|line| line as u32),
            },
            Err(_) => CachedVerdict {
                allowed: None,
                deciding_line: None,
            },
        };
        if self.verdicts.len() >= MAX_CACHED_VERDICTS {
            self.verdicts.clear();
        }
        self.verdicts.insert(self.key.as_slice().into(), verdict);
        verdict
    }

    fn politeness_of(&mut self, crawler: u16, version: usize) -> PaceRules {
        let slot = usize::from(crawler) * self.versions.len() + version;
        if let Some(known) = self.politeness[slot] {
            return known;
        }
        let polite = self.checkers[version].politeness(
            Who::Crawler(&crawlers()[usize::from(crawler)]),
            AgentMatch::Token,
        );
        let rules = (
            polite.crawl_delay.map(|delay| delay.seconds),
            polite
                .request_rate
                .map(|rate| (rate.requests, rate.seconds)),
        );
        self.politeness[slot] = Some(rules);
        rules
    }

    fn judge(&mut self, record: &Record<'_>, each: &mut dyn FnMut(&JudgedRequest<'_>)) {
        self.requests += 1;
        let time = record.time.map(|(time, _)| time);
        let precision = record
            .time
            .map_or(Precision::SECOND, |(_, precision)| precision);
        let agent_id = self.agent(&record.agent);
        let crawler_index = self.agent_entries[agent_id as usize].crawler;
        let crawler = crawler_index.map(|index| &crawlers()[usize::from(index)]);
        let url: &str = &record.target;
        let host = record.host.as_deref();
        let mut unjudged = None;
        let mut version = None;
        let mut verdict = None;
        if url.len() > MAX_URL_BYTES || record.agent.len() > MAX_AGENT_BYTES {
            unjudged = Some(Unjudged::TooLong);
        } else if !is_requested_target(url) {
            unjudged = Some(Unjudged::UrlRefused);
        } else {
            match self.version_for(host, record.scheme, time) {
                Err(why) => unjudged = Some(why),
                Ok(index) => {
                    version = Some(index);
                    let asker = match crawler_index {
                        Some(crawler) => Asker::Crawler(crawler),
                        None => Asker::Agent(agent_id),
                    };
                    let set = self.group_set(asker, &record.agent, index);
                    let answer = self.verdict(set, index, url);
                    if answer.allowed.is_none() {
                        unjudged = Some(Unjudged::UrlRefused);
                    }
                    verdict = Some(answer);
                }
            }
        }
        if let Some(why) = unjudged {
            *self.unjudged.entry(why).or_default() += 1;
        }
        if let Some(index) = version {
            self.version_requests[index] += 1;
        }
        // `verify_crawler_address`, with the operator's ranges looked up once per crawler.
        let verified = crawler_index
            .and_then(|index| self.crawler_ranges[usize::from(index)])
            .map(|ranges| read_address(&record.ip).is_some_and(|address| ranges.contains(address)));
        let allowed = verdict.and_then(|verdict| verdict.allowed);
        let deciding_line = verdict
            .and_then(|verdict| verdict.deciding_line)
            .map(|line| line as usize);

        // What the row of this crawler (or of its impersonators, or of unknown agents) keeps.
        let row_index = match crawler_index {
            Some(index) => usize::from(index) * 2 + usize::from(verified == Some(false)),
            None => crawlers().len() * 2,
        };
        let bucket = time.map(|time| self.timeline_bucket(time.millis));
        let pace_rules = match (crawler_index, version) {
            (Some(index), Some(version)) => Some(self.politeness_of(index, version)),
            _ => None,
        };
        if self.rows.len() <= row_index {
            self.rows.resize_with(row_index + 1, || None);
        }
        let row = self.rows[row_index].get_or_insert_with(Box::default);
        row.requests += 1;
        match verified {
            Some(true) => row.verified += 1,
            None => row.unverifiable += 1,
            Some(false) => {}
        }
        if let Some(time) = time {
            row.first = Some(row.first.map_or(time, |first| first.min(time)));
            row.last = Some(row.last.map_or(time, |last| last.max(time)));
        }
        if let Some(allowed) = allowed {
            row.judged += 1;
            if !allowed {
                row.disallowed += 1;
                let version = version.unwrap_or_default();
                let entry = row
                    .violations
                    .entry((version, deciding_line.unwrap_or_default()))
                    .or_insert_with(|| {
                        (
                            0,
                            Example {
                                file: self.file,
                                line: self.line,
                                url: shorten(url),
                                time,
                                ip: shorten(&record.ip),
                            },
                        )
                    });
                entry.0 += 1;
            }
        }
        if let Some(bucket) = bucket {
            row.timeline.add(bucket, allowed == Some(false));
        }
        if crawler_index.is_some() {
            let is_robots = is_robots_txt(url);
            if is_robots {
                row.robots_fetches += 1;
            }
            let state = match host {
                None => Some(row.no_host.get_or_insert_with(HostState::default)),
                Some(host) if row.hosts.contains_key(host) => row.hosts.get_mut(host),
                Some(host) if row.hosts.len() < MAX_TRACKED_HOSTS => {
                    Some(row.hosts.entry(host.into()).or_default())
                }
                Some(_) => {
                    row.untracked_hosts += 1;
                    None
                }
            };
            if let Some(state) = state {
                if state.robots_first.is_none() {
                    state.robots_first = Some(is_robots);
                }
                if let (Some(time), Some((delay, rate))) = (time, pace_rules) {
                    pace(&mut row.pace, state, time.millis, precision, delay, rate);
                }
            }
        }

        each(&JudgedRequest {
            file: self.file,
            line: self.line,
            time,
            ip: &record.ip,
            agent: &record.agent,
            crawler,
            host,
            method: &record.method,
            url,
            status: record.status,
            allowed,
            deciding_line,
            version,
            verified,
            unjudged,
        });
    }

    /// The timeline bucket of `millis`, widening every row's buckets when the log's span would
    /// need more than [`MAX_TIMELINE_BUCKETS`].
    fn timeline_bucket(&mut self, millis: i64) -> i64 {
        let min = self.timeline_min.map_or(millis, |min| min.min(millis));
        let max = self.timeline_max.map_or(millis, |max| max.max(millis));
        self.timeline_min = Some(min);
        self.timeline_max = Some(max);
        let old_width = self.timeline_width;
        while max.div_euclid(self.timeline_width) - min.div_euclid(self.timeline_width)
            >= MAX_TIMELINE_BUCKETS as i64
        {
            self.timeline_width *= 2;
        }
        if self.timeline_width != old_width {
            // Widths double, so an old bucket falls in exactly one new bucket.
            let factor = self.timeline_width / old_width;
            for row in self.rows.iter_mut().flatten() {
                row.timeline.widen(factor);
            }
        }
        millis.div_euclid(self.timeline_width)
    }

    /// The summary of everything read so far.
    pub fn report(&self) -> LogReport {
        report::build(self)
    }
}

/// Pace against `Crawl-delay` and `Request-rate`, counting only what is certain at the log's
/// precision.
fn pace(
    pace: &mut Pace,
    state: &mut HostState,
    millis: i64,
    precision: Precision,
    delay: Option<f64>,
    rate: Option<(u64, u64)>,
) {
    let uncertainty = i64::from(precision.millis);
    if let Some(delay) = delay {
        pace.crawl_delay = Some(pace.crawl_delay.map_or(delay, |seen: f64| seen.max(delay)));
        if let Some(last) = state.last {
            // Logs interleave their writers' lines: a request logged a little before the one
            // above it came at the same time.
            let interval = (millis - last).max(0);
            pace.checked += 1;
            pace.shortest_interval =
                Some(pace.shortest_interval.map_or(interval, |s| s.min(interval)));
            if ((interval + uncertainty) as f64) <= delay * 1000.0 {
                pace.faster_than_delay += 1;
            }
        }
    }
    if let Some((requests, seconds)) = rate.filter(|&(requests, _)| requests <= MAX_RATE_WINDOW) {
        pace.request_rate = Some((requests, seconds));
        if state.window.len() as u64 == requests {
            if let Some(&oldest) = state.window.front() {
                if (millis - oldest).max(0) + uncertainty <= seconds as i64 * 1000 {
                    pace.over_request_rate += 1;
                }
            }
            state.window.pop_front();
        }
        state.window.push_back(millis);
    }
    state.last = Some(state.last.map_or(millis, |last| last.max(millis)));
}

fn split_port(host: &str) -> (&str, Option<u16>) {
    match host.rsplit_once(':') {
        Some((name, port)) if !name.contains(':') || name.ends_with(']') => match port.parse() {
            Ok(port) => (
                name.trim_start_matches('[').trim_end_matches(']'),
                Some(port),
            ),
            Err(_) => (host, None),
        },
        _ => (host, None),
    }
}

/// A target a crawler requests: a path, or a full http(s) URL (a proxy's absolute form).
fn is_requested_target(url: &str) -> bool {
    url.starts_with('/') || {
        let head = url.get(..8).unwrap_or(url).to_ascii_lowercase();
        head.starts_with("http://") || head.starts_with("https://")
    }
}

/// Whether the target is the robots.txt (its query ignored).
fn is_robots_txt(url: &str) -> bool {
    let path = match url.find("://") {
        Some(at) => url[at + 3..]
            .find('/')
            .map_or("/", |slash| &url[at + 3 + slash..]),
        None => url,
    };
    let path = path.split(['?', '#']).next().unwrap_or(path);
    path.eq_ignore_ascii_case("/robots.txt")
}

/// At most 2,000 bytes of `text` for an example (a URL can be 32 KiB).
fn shorten(text: &str) -> String {
    const KEPT: usize = 2000;
    if text.len() <= KEPT {
        return text.to_owned();
    }
    let mut end = KEPT;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// Where `byte` first occurs: memchr natively, a plain scan in the wasm build (which leaves
/// the memchr crate out for size).
#[cfg(not(target_arch = "wasm32"))]
fn find_byte(byte: u8, bytes: &[u8]) -> Option<usize> {
    memchr::memchr(byte, bytes)
}

#[cfg(target_arch = "wasm32")]
fn find_byte(byte: u8, bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == byte)
}
