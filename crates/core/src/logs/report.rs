//! What a replay found, summed up per crawler and sorted by what matters: a crawler that fetched
//! disallowed URLs first (most such requests first), then impersonators, then crawlers faster
//! than the file asks, then the rest by requests; unknown agents last.

use std::collections::BTreeMap;

use super::{LogReplay, Unjudged, Unreadable, MINUTE};
use crate::catalogue::{crawlers, Crawler};
use crate::ip_ranges::{operator_ranges, OperatorRanges};
use crate::profile::Profile;

use super::time::Timestamp;

#[cfg(feature = "serde")]
impl serde::Serialize for Timestamp {
    /// RFC 3339 in UTC, as [`std::fmt::Display`] writes it.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// What a row of the report stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Claim {
    /// Requests naming a catalogued crawler, from its operator's published ranges or from an
    /// operator that publishes none (then unverified).
    Crawler,
    /// Requests naming a catalogued crawler from outside the ranges its operator publishes:
    /// someone else using its name.
    Impersonator,
    /// Requests naming no catalogued crawler: browsers, uncatalogued bots, scripts.
    Unknown,
}

impl Claim {
    /// The kind's code in JSON and CSV.
    pub fn id(self) -> &'static str {
        match self {
            Claim::Crawler => "crawler",
            Claim::Impersonator => "impersonator",
            Claim::Unknown => "unknown",
        }
    }
}

/// A request, kept as an example.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Example {
    /// Its log ([`LogReport::files`]).
    pub file: usize,
    /// Its line.
    pub line: u64,
    /// Its target (at most 2,000 bytes).
    pub url: String,
    /// When.
    pub time: Option<Timestamp>,
    /// From where.
    pub ip: String,
}

/// Requests a crawler made to URLs one line of one version disallows.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ViolationReport {
    /// The version ([`LogReport::versions`]).
    pub version: usize,
    /// The version's label.
    pub label: String,
    /// The deciding line.
    pub line: Option<usize>,
    /// The deciding line's text.
    pub rule: Option<String>,
    /// How many requests it disallowed.
    pub requests: u64,
    /// The first of them.
    pub example: Example,
}

/// A crawler's `/robots.txt` fetches.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RobotsTxtFetches {
    /// Requests for `/robots.txt`.
    pub fetches: u64,
    /// Hosts it sent requests to (followed up to [`super::MAX_TRACKED_HOSTS`]).
    pub hosts: u64,
    /// Hosts whose first request from it was for `/robots.txt`.
    pub fetched_first: u64,
    /// Requests to hosts past the limit, not followed.
    pub untracked_requests: u64,
}

/// A `Request-rate`: at most `requests` requests every `seconds` seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RateAsked {
    /// How many requests.
    pub requests: u64,
    /// In how many seconds.
    pub seconds: u64,
}

/// A crawler's pace against the groups' `Crawl-delay` and `Request-rate`.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PaceReport {
    /// The largest `Crawl-delay` asked of it, in seconds.
    pub crawl_delay: Option<f64>,
    /// The `Request-rate` asked of it.
    pub request_rate: Option<RateAsked>,
    /// Intervals between two of its requests to one host measured against a delay.
    pub checked: u64,
    /// Of those, the ones certainly shorter than the delay.
    pub faster_than_delay: u64,
    /// Requests that certainly exceeded the rate's window.
    pub over_request_rate: u64,
    /// The shortest interval measured, in seconds.
    pub shortest_interval: Option<f64>,
}

/// One row: a crawler, its impersonators, or the unknown agents.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CrawlerReport {
    /// The crawler named (its name, in JSON); `None` for unknown agents.
    #[cfg_attr(feature = "serde", serde(serialize_with = "serialize_crawler"))]
    pub crawler: Option<&'static Crawler>,
    /// What the row stands for.
    pub claim: Claim,
    /// Requests.
    pub requests: u64,
    /// Of those, from the operator's published ranges.
    pub verified: u64,
    /// Of those, whose address could not be checked (no published ranges).
    pub unverifiable: u64,
    /// Requests judged (see [`LogReport::unjudged`] for the others).
    pub judged: u64,
    /// Judged requests to disallowed URLs.
    pub disallowed: u64,
    /// The disallowed requests by deciding line and version, most first.
    pub violations: Vec<ViolationReport>,
    /// Its `/robots.txt` fetches (not followed for unknown agents).
    pub robots_txt: RobotsTxtFetches,
    /// Its pace (not followed for unknown agents).
    pub pace: PaceReport,
    /// Its first request.
    pub first: Option<Timestamp>,
    /// Its last request.
    pub last: Option<Timestamp>,
    /// Requests and disallowed requests per bucket of [`LogReport::timeline`].
    pub timeline: Vec<[u64; 2]>,
}

#[cfg(feature = "serde")]
fn serialize_crawler<S: serde::Serializer>(
    crawler: &Option<&'static Crawler>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match crawler {
        Some(crawler) => serializer.serialize_str(crawler.name),
        None => serializer.serialize_none(),
    }
}

/// An unreadable line, kept as an example.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct UnreadableLine {
    /// Its log.
    pub file: usize,
    /// Its line.
    pub line: u64,
    /// Why it was not read.
    pub reason: Unreadable,
    /// Its first 300 bytes.
    pub text: String,
}

/// The lines that were not read as requests.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct UnreadableReport {
    /// How many.
    pub total: u64,
    /// How many for each reason.
    pub reasons: BTreeMap<&'static str, u64>,
    /// The first few ([`super::MAX_UNREADABLE_EXAMPLES`]).
    pub examples: Vec<UnreadableLine>,
}

/// A version and the requests judged against it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct VersionReport {
    /// Its label.
    pub label: String,
    /// The site it is for (`None`: every site without its own).
    pub site: Option<String>,
    /// When it took effect.
    pub from: Option<Timestamp>,
    /// Requests judged against it.
    pub requests: u64,
}

/// The buckets of the per-crawler timelines.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TimelineReport {
    /// The first bucket's start.
    pub start: Option<Timestamp>,
    /// Each bucket's width, in seconds (a minute, doubled as often as the log's span needs).
    pub bucket_seconds: u64,
    /// How many buckets.
    pub buckets: usize,
}

/// What a replay found.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LogReport {
    /// The logs read, in order.
    pub files: Vec<String>,
    /// Bytes read.
    pub bytes: u64,
    /// Lines read.
    pub lines: u64,
    /// Lines read as requests.
    pub requests: u64,
    /// Blank lines and W3C directives.
    pub skipped: u64,
    /// Lines that are not log lines.
    pub unreadable: UnreadableReport,
    /// Requests not judged, by reason.
    pub unjudged: BTreeMap<&'static str, u64>,
    /// The versions, as given.
    pub versions: Vec<VersionReport>,
    /// How the files were read.
    pub profile: Profile,
    /// The operators' published ranges the addresses were checked against, with their dates.
    pub ip_ranges: &'static [OperatorRanges],
    /// One row per crawler (and its impersonators) seen, and one for unknown agents, sorted by
    /// what matters (see the module documentation).
    pub crawlers: Vec<CrawlerReport>,
    /// The buckets of the rows' timelines.
    pub timeline: TimelineReport,
}

impl LogReport {
    /// The row of `crawler` with `claim`, if it made requests.
    pub fn row(&self, crawler: &str, claim: Claim) -> Option<&CrawlerReport> {
        self.crawlers.iter().find(|row| {
            row.claim == claim
                && row
                    .crawler
                    .is_some_and(|known| known.name.eq_ignore_ascii_case(crawler))
        })
    }
}

/// The order rows are shown in: tier, then the tier's measure (larger first), then requests,
/// then the name.
fn order(
    row: &CrawlerReport,
) -> (
    u8,
    std::cmp::Reverse<u64>,
    std::cmp::Reverse<u64>,
    &'static str,
) {
    let (tier, measure) = match row.claim {
        Claim::Unknown => (4, row.disallowed),
        Claim::Impersonator => (1, row.requests),
        Claim::Crawler if row.disallowed > 0 => (0, row.disallowed),
        Claim::Crawler if row.pace.faster_than_delay + row.pace.over_request_rate > 0 => {
            (2, row.pace.faster_than_delay + row.pace.over_request_rate)
        }
        Claim::Crawler => (3, row.requests),
    };
    (
        tier,
        std::cmp::Reverse(measure),
        std::cmp::Reverse(row.requests),
        row.crawler.map_or("", |crawler| crawler.name),
    )
}

pub(super) fn build(replay: &LogReplay) -> LogReport {
    let width = replay.timeline_width;
    let first_bucket = replay.timeline_min.map(|min| min.div_euclid(width));
    let buckets = match (replay.timeline_min, replay.timeline_max) {
        (Some(min), Some(max)) => (max.div_euclid(width) - min.div_euclid(width) + 1) as usize,
        _ => 0,
    };
    let catalogue = crawlers();
    let mut rows: Vec<CrawlerReport> = replay
        .rows
        .iter()
        .enumerate()
        .filter_map(|(index, row)| row.as_ref().map(|row| (index, row)))
        .map(|(index, row)| {
            let (crawler, claim) = match catalogue.get(index / 2) {
                Some(crawler) if index % 2 == 1 => (Some(crawler), Claim::Impersonator),
                Some(crawler) => (Some(crawler), Claim::Crawler),
                None => (None, Claim::Unknown),
            };
            let mut violations: Vec<ViolationReport> = row
                .violations
                .iter()
                .map(|(&(version, line), (requests, example))| {
                    let line = (line > 0).then_some(line);
                    ViolationReport {
                        version,
                        label: replay.version_label(version).to_owned(),
                        line,
                        rule: line.and_then(|line| {
                            replay.versions[version]
                                .robots
                                .line(line)
                                .map(|line| line.text().to_owned())
                        }),
                        requests: *requests,
                        example: example.clone(),
                    }
                })
                .collect();
            violations.sort_by(|a, b| {
                b.requests
                    .cmp(&a.requests)
                    .then(a.version.cmp(&b.version))
                    .then(a.line.cmp(&b.line))
            });
            let mut timeline = vec![[0u64; 2]; buckets];
            if let Some(first_bucket) = first_bucket {
                for (bucket, counts) in row.timeline.iter() {
                    if let Some(slot) = usize::try_from(bucket - first_bucket)
                        .ok()
                        .and_then(|at| timeline.get_mut(at))
                    {
                        slot[0] += counts[0];
                        slot[1] += counts[1];
                    }
                }
            }
            CrawlerReport {
                crawler,
                claim,
                requests: row.requests,
                verified: row.verified,
                unverifiable: row.unverifiable,
                judged: row.judged,
                disallowed: row.disallowed,
                violations,
                robots_txt: RobotsTxtFetches {
                    fetches: row.robots_fetches,
                    hosts: (row.hosts.len() + usize::from(row.no_host.is_some())) as u64,
                    fetched_first: row
                        .hosts
                        .values()
                        .chain(&row.no_host)
                        .filter(|host| host.robots_first == Some(true))
                        .count() as u64,
                    untracked_requests: row.untracked_hosts,
                },
                pace: PaceReport {
                    crawl_delay: row.pace.crawl_delay,
                    request_rate: row
                        .pace
                        .request_rate
                        .map(|(requests, seconds)| RateAsked { requests, seconds }),
                    checked: row.pace.checked,
                    faster_than_delay: row.pace.faster_than_delay,
                    over_request_rate: row.pace.over_request_rate,
                    shortest_interval: row.pace.shortest_interval.map(|ms| ms as f64 / 1000.0),
                },
                first: row.first,
                last: row.last,
                timeline,
            }
        })
        .collect();
    rows.sort_by(|a, b| order(a).cmp(&order(b)));
    let mut reasons = BTreeMap::new();
    for (&why, &count) in &replay.unreadable {
        reasons.insert(why.id(), count);
    }
    LogReport {
        files: replay.files.clone(),
        bytes: replay.bytes,
        lines: replay.lines,
        requests: replay.requests,
        skipped: replay.skipped,
        unreadable: UnreadableReport {
            total: replay.unreadable.values().sum(),
            reasons,
            examples: replay.unreadable_examples.clone(),
        },
        unjudged: replay
            .unjudged
            .iter()
            .map(|(why, count): (&Unjudged, &u64)| (why.id(), *count))
            .collect(),
        versions: replay
            .versions
            .iter()
            .zip(&replay.version_requests)
            .map(|(version, &requests)| VersionReport {
                label: version.label.clone(),
                site: version.site.as_ref().map(ToString::to_string),
                from: version.from,
                requests,
            })
            .collect(),
        profile: replay.options.profile,
        ip_ranges: operator_ranges(),
        crawlers: rows,
        timeline: TimelineReport {
            start: first_bucket.map(|bucket| Timestamp::from_millis(bucket * width)),
            bucket_seconds: (width / 1000) as u64,
            buckets,
        },
    }
}

const _: () = assert!(MINUTE % 1000 == 0);
