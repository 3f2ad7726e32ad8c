//! Google's reading of each line (the `google` column), its line reporter (`reporting_robots.cc`)
//! and Search Console's report built on it (the `search-console` column).
//!
//! The reporter's facts are the parse's: google/robotstxt's `GetKeyAndValueFrom` and
//! `ParsedRobotsKey` are what [`crate::lines`] reads, so each line already says whether it is
//! empty, a comment, a directive, an accepted typo, missing its colon or too long. Only the
//! reporter's own list is added: which unknown keys it tags `kUnused` (keys Google recognises
//! and does not use) rather than `kUnknown`, from `data/consumers/google.json`.

use super::data::{google as data, search_console as console};
use super::{url, Cell, Why};
use crate::lines::{KeySpelling, Line, LineKind, MAX_LINE_BYTES};
use crate::robots::RobotsTxt;

/// The type google/robotstxt's reporter gives a line (`RobotsParsedLine::RobotsTagName`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum ReporterTag {
    /// `kUnknown`: no directive, or a key nobody is known to use (comments and empty lines too).
    Unknown,
    /// `kUserAgent`.
    UserAgent,
    /// `kAllow`.
    Allow,
    /// `kDisallow`.
    Disallow,
    /// `kSitemap`.
    Sitemap,
    /// `kUnused`: a key Google recognises and does not use (`crawl-delay`, `noindex`, …).
    Unused,
}

impl ReporterTag {
    /// The tag's name in google/robotstxt without its `k`: `Unknown`, `UserAgent`, `Allow`,
    /// `Disallow`, `Sitemap`, `Unused`.
    pub fn name(self) -> &'static str {
        match self {
            ReporterTag::Unknown => "Unknown",
            ReporterTag::UserAgent => "UserAgent",
            ReporterTag::Allow => "Allow",
            ReporterTag::Disallow => "Disallow",
            ReporterTag::Sitemap => "Sitemap",
            ReporterTag::Unused => "Unused",
        }
    }
}

/// What Google's reporter records for one line (`RobotsParsedLine` and its `LineMetadata`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ReporterLine {
    /// The line number.
    pub line: usize,
    /// The line's type.
    pub tag: ReporterTag,
    /// Nothing but whitespace.
    pub is_empty: bool,
    /// A `#` comment, after content or alone.
    pub has_comment: bool,
    /// Nothing but a comment.
    pub is_comment: bool,
    /// A `key: value` line (with any key).
    pub has_directive: bool,
    /// The key is one of the misspellings Google accepts (`disalow`, `useragent`, `site-map`).
    pub is_acceptable_typo: bool,
    /// Longer than Google's line buffer (16,663 bytes); the rest is not read.
    pub is_line_too_long: bool,
    /// Read with whitespace instead of its missing colon (`Disallow /x`).
    pub is_missing_colon_separator: bool,
}

/// What the reporter counts for the whole file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ReporterSummary {
    /// The last line number the reporter saw: Google's parser emits one more, empty line after
    /// a final line terminator, which the table does not show.
    pub last_line_seen: usize,
    /// Lines tagged user-agent, allow, disallow or sitemap.
    pub valid_directives: usize,
    /// Lines with any other key (`kUnknown` or `kUnused`).
    pub unused_directives: usize,
}

/// The reporter's record of `line`.
pub(crate) fn reporter_line(line: &Line<'_>) -> ReporterLine {
    let standard = matches!(
        line.kind,
        LineKind::UserAgent | LineKind::Allow | LineKind::Disallow | LineKind::Sitemap
    );
    ReporterLine {
        line: line.number,
        tag: tag(line),
        is_empty: line.kind == LineKind::Blank,
        has_comment: line.has_comment,
        is_comment: line.kind == LineKind::Comment,
        has_directive: standard || matches!(line.kind, LineKind::Other | LineKind::Unknown),
        is_acceptable_typo: standard && line.spelling == KeySpelling::Typo,
        // The library reads past the 500 KiB Googlebot fetches, so the whole line counts.
        is_line_too_long: line.end - line.start > MAX_LINE_BYTES,
        is_missing_colon_separator: line.missing_colon,
    }
}

fn tag(line: &Line<'_>) -> ReporterTag {
    match line.kind {
        LineKind::UserAgent => ReporterTag::UserAgent,
        LineKind::Allow => ReporterTag::Allow,
        LineKind::Disallow => ReporterTag::Disallow,
        LineKind::Sitemap => ReporterTag::Sitemap,
        LineKind::Other | LineKind::Unknown if is_unused_key(line.key().unwrap_or_default()) => {
            ReporterTag::Unused
        }
        _ => ReporterTag::Unknown,
    }
}

/// `HandleUnknownAction`'s test: the key, lower-cased, is exactly one of the reporter's list.
fn is_unused_key(key: &str) -> bool {
    data::UNUSED_KEYS
        .iter()
        .any(|known| key.eq_ignore_ascii_case(known))
}

/// The reporter's counts for `robots`.
pub(crate) fn reporter_summary(robots: &RobotsTxt) -> ReporterSummary {
    let lines = robots.lines();
    let (mut valid, mut unused) = (0, 0);
    for line in lines.iter() {
        match tag(&line) {
            ReporterTag::Unknown | ReporterTag::Unused => {}
            _ => valid += 1,
        }
        if matches!(line.kind, LineKind::Other | LineKind::Unknown) {
            unused += 1;
        }
    }
    // Google's parser emits a last, empty line after a final line terminator.
    let ends_with_terminator = lines
        .get(lines.len().saturating_sub(1))
        .is_some_and(|last| last.end < robots.input().len());
    ReporterSummary {
        last_line_seen: lines.len() + usize::from(ends_with_terminator),
        valid_directives: valid,
        unused_directives: unused,
    }
}

/// Googlebot's reading of each line.
pub(crate) fn google_column(robots: &RobotsTxt) -> Vec<Cell> {
    let mut group_of = vec![0u32; robots.lines().len()];
    for group in robots.groups() {
        for rule in &group.rules {
            if let Some(slot) = group_of.get_mut(rule.line - 1) {
                *slot = group.first_line as u32;
            }
        }
    }
    robots
        .lines()
        .iter()
        .map(|line| {
            let group = group_of[line.number - 1] as usize;
            google_cell(&line, (group > 0).then_some(group))
        })
        .collect()
}

/// Googlebot's reading of `line`, a rule of the group that starts at line `group` (`None` for
/// a rule in no group, and for every other line).
fn google_cell(line: &Line<'_>, group: Option<usize>) -> Cell {
    if line.beyond_size_limit {
        return Cell::new(Why::BeyondLimit);
    }
    let value = line.value().unwrap_or_default();
    // How the key was read, else whether the line was cut: a line that reads otherwise than
    // written says so before anything else.
    let read = || match (line.spelling, line.missing_colon) {
        (KeySpelling::Typo, _) => Some(Why::Typo),
        (KeySpelling::Prefix, _) => Some(Why::Prefix),
        (KeySpelling::Exact, true) => Some(Why::NoColon),
        (KeySpelling::Exact, false) => line.too_long.then_some(Why::TooLong),
    };
    let why = match line.kind {
        LineKind::Blank => Why::Blank,
        LineKind::Comment => Why::Comment,
        LineKind::Malformed => Why::Malformed,
        LineKind::Other | LineKind::Unknown => match tag(line) {
            ReporterTag::Unused => Why::UnusedKey,
            _ => Why::KeyNotRead,
        },
        LineKind::UserAgent => read().unwrap_or(Why::Agent),
        LineKind::Allow | LineKind::Disallow => {
            let Some(group) = group else {
                return Cell::new(Why::Orphan);
            };
            if !value.is_empty() && !value.starts_with(['/', '*']) {
                Why::Unmatchable
            } else if let Some(why) = read() {
                why
            } else if value.is_empty() {
                Why::RuleEmpty
            } else {
                return Cell::new(Why::Rule).naming(group);
            }
        }
        LineKind::Sitemap => {
            if is_sitemap_url(value, data::SITEMAP_PROTOCOLS) {
                read().unwrap_or(Why::Sitemap)
            } else {
                Why::SitemapNotUrl
            }
        }
    };
    Cell::new(why)
}

/// Whether `value` is an absolute URL with one of `protocols`, as a URL parser reads it.
pub(crate) fn is_sitemap_url(value: &str, protocols: &[&str]) -> bool {
    url::scheme(value).is_some_and(|scheme| protocols.contains(&scheme.as_str()))
}

/// Search Console's reading: Google's, reported where the reporter marks the line. Which mark
/// Search Console shows as an error or a warning, and its words, are inferred
/// (`data/consumers/search-console.json`).
pub(crate) fn search_console_column(robots: &RobotsTxt, google: &[Cell]) -> Vec<Cell> {
    robots
        .lines()
        .iter()
        .zip(google)
        .map(|(line, &cell)| {
            if line.beyond_size_limit {
                return cell;
            }
            let report = reporter_line(&line);
            let words = match report.tag {
                ReporterTag::Unknown if !report.is_empty && !report.is_comment => {
                    Some(&console::SYNTAX_NOT_UNDERSTOOD)
                }
                ReporterTag::Unused => Some(&console::RULE_IGNORED),
                _ if report.is_acceptable_typo => Some(&console::ACCEPTED_TYPO),
                _ if report.is_missing_colon_separator => Some(&console::MISSING_COLON),
                _ if report.is_line_too_long => Some(&console::LINE_TOO_LONG),
                _ => None,
            };
            words.map_or(cell, Cell::reported)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(text: &str) -> Vec<ReporterLine> {
        let robots = RobotsTxt::parse(text.as_bytes());
        robots
            .lines()
            .iter()
            .map(|line| reporter_line(&line))
            .collect()
    }

    /// google/robotstxt's `reporting_robots_test.cc`, `LinesNumbersAreCountedCorrectly`: the
    /// file and every line's expected record, as that test states them.
    #[test]
    fn google_reporting_test_lines_are_reported_as_google_reports_them() {
        let file = "User-Agent: foo\n\
                    Allow: /some/path\n\
                    User-Agent bar # no\n\
                    absolutely random line\n\
                    #so comment, much wow\n\
                    \n\
                    unicorns: /extinct\n\
                    noarchive: /some\n\
                    Disallow: /\n\
                    Error #and comment\n\
                    useragent: baz\n\
                    disallaw: /some\n\
                    site-map: https://e/s.xml #comment\n\
                    sitemap: https://e/t.xml\n\
                    Noarchive: /someCapital\n";
        let lines = report(file);
        use ReporterTag::*;
        // (tag, is_typo, is_empty, has_comment, is_comment, has_directive, missing colon)
        let expected = [
            (UserAgent, false, false, false, false, true, false),
            (Allow, false, false, false, false, true, false),
            (UserAgent, false, false, true, false, true, true),
            (Unknown, false, false, false, false, false, false),
            (Unknown, false, false, true, true, false, false),
            (Unknown, false, true, false, false, false, false),
            (Unknown, false, false, false, false, true, false),
            (Unused, false, false, false, false, true, false),
            (Disallow, false, false, false, false, true, false),
            (Unknown, false, false, true, false, false, false),
            (UserAgent, true, false, false, false, true, false),
            (Disallow, true, false, false, false, true, false),
            (Sitemap, true, false, true, false, true, false),
            (Sitemap, false, false, false, false, true, false),
            (Unused, false, false, false, false, true, false),
        ];
        assert_eq!(lines.len(), expected.len());
        for (line, expected) in lines.iter().zip(expected) {
            let got = (
                line.tag,
                line.is_acceptable_typo,
                line.is_empty,
                line.has_comment,
                line.is_comment,
                line.has_directive,
                line.is_missing_colon_separator,
            );
            assert_eq!(got, expected, "line {}", line.line);
        }
        let summary = reporter_summary(&RobotsTxt::parse(file.as_bytes()));
        assert_eq!(
            (summary.last_line_seen, summary.valid_directives),
            (16, 8),
            "the test's counts, with the empty line after the last terminator"
        );
        for (text, lines) in [
            ("User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n", 7),
            ("User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r", 7),
        ] {
            let summary = reporter_summary(&RobotsTxt::parse(text.as_bytes()));
            assert_eq!((summary.last_line_seen, summary.valid_directives), (lines, 4));
        }
    }

    /// `LinesTooLongReportedCorrectly`: a rule of 2084 × 8 bytes is still a disallow, marked too
    /// long, and the next line is read.
    #[test]
    fn google_reporting_test_long_lines_are_marked() {
        let long = format!("/x/{}", "a".repeat(2084 * 8 - 3));
        let file = format!("user-agent: foo\ndisallow: {long}\nallow: /\n");
        let lines = report(&file);
        assert_eq!(lines[1].tag, ReporterTag::Disallow);
        assert!(lines[1].is_line_too_long);
        assert!(!lines[0].is_line_too_long && !lines[2].is_line_too_long);
        assert_eq!(lines[2].tag, ReporterTag::Allow);
        let summary = reporter_summary(&RobotsTxt::parse(file.as_bytes()));
        assert_eq!((summary.last_line_seen, summary.valid_directives), (4, 3));
    }

    #[test]
    fn the_reporter_reads_only_exact_unused_keys_and_typos_of_standard_keys() {
        let lines =
            report("crawl-delay: 1\nCrawl delay: 1\nCRAWL-DELAY: 2\nlicense: x\nDisallowed: /a\n");
        assert_eq!(lines[0].tag, ReporterTag::Unused);
        assert_eq!(
            lines[1].tag,
            ReporterTag::Unknown,
            "not `crawl-delay` exactly"
        );
        assert!(!lines[1].is_acceptable_typo);
        assert_eq!(lines[2].tag, ReporterTag::Unused);
        assert_eq!(lines[3].tag, ReporterTag::Unknown);
        assert_eq!(lines[4].tag, ReporterTag::Disallow);
        assert!(!lines[4].is_acceptable_typo, "a longer key is not a typo");
    }
}
