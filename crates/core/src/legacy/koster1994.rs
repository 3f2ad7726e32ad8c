//! The original robots exclusion convention of 30 June 1994 ("A Standard for Robot Exclusion",
//! Martijn Koster, robotstxt.org `norobots.html`), read as its text says, with each choice tied to
//! the sentence it comes from:
//!
//! - "The file consists of one or more records separated by one or more blank lines": a line that
//!   is empty or only whitespace ends the record. "Lines containing only a comment are discarded
//!   completely, and therefore do not indicate a record boundary."
//! - "The record starts with one or more User-agent lines, followed by one or more Disallow
//!   lines": a User-agent line after a Disallow line starts the next record even without a blank
//!   line (as the readers of the time did), and a Disallow line outside a record is ignored.
//!   "At least one Disallow field needs to be present in a record": user-agent lines that reach a
//!   blank line (or the end) without one form no record.
//! - "Each record contains lines of the form `<field>:<optionalspace><value><optionalspace>`. The
//!   field name is case insensitive": the key must be exactly `User-agent` or `Disallow` in any
//!   case, with a colon. "Unrecognised headers are ignored": `Allow` (which the 1994 text does not
//!   know), `Sitemap`, misspelt or prefixed keys (`Disalow`, `Disallowed`) and lines without a
//!   colon change nothing. Lines are otherwise split and trimmed as Google splits them.
//! - User-agent: "A case insensitive substring match of the name without version information is
//!   recommended": a record names the robot when one of its values, lower-cased, is a substring of
//!   the robot's name before its first `/`, lower-cased. "If the value is '*', the record
//!   describes the default access policy for any robot that has not matched any of the other
//!   records": the first record naming the robot applies, else the `*` record. "It is not allowed
//!   to have multiple such records": when a file has several, the first one is used. An empty
//!   value names no robot.
//! - Disallow: "any URL that starts with this value will not be retrieved": a URL is disallowed
//!   when its path (with parameters and query, as requested) starts with the value, octet for
//!   octet, with no wildcard, no decoding and no case folding; the first such line is reported as
//!   the decisive one. "Any empty value, indicates that all URLs can be retrieved": an empty
//!   `Disallow:` restricts nothing (a non-empty Disallow line in the same record still does).
//!
//! - The 1994 text predates byte order marks: a BOM is part of the first line's field name, so
//!   that line is an unrecognised header and ignored (Google skips a BOM; this reader does not).
//!
//! The 1994 text says nothing about encoding; octets a request line cannot carry raw (spaces,
//! controls, non-ASCII) are percent-encoded on both sides, as the robot would send them.

use super::{Reader, Reading, Record, RecordAgent, RecordRule};
use crate::lines::{KeySpelling, Line, LineKind};
use crate::robots::RobotsTxt;

/// What a line is to a 1994 reader.
enum Field<'l> {
    Blank,
    UserAgent(Line<'l>),
    Disallow(Line<'l>),
    Ignored,
}

fn field(line: Line<'_>, after_bom: bool) -> Field<'_> {
    let exact = line.spelling == KeySpelling::Exact && !line.missing_colon && !after_bom;
    match line.kind {
        LineKind::Blank => Field::Blank,
        LineKind::UserAgent if exact => Field::UserAgent(line),
        LineKind::Disallow if exact => Field::Disallow(line),
        _ => Field::Ignored,
    }
}

/// A record being read, and whether it has had a Disallow field yet.
#[derive(Default)]
struct Open {
    record: Record,
    has_disallow: bool,
}

impl Open {
    fn finish(&mut self, records: &mut Vec<Record>) {
        let open = std::mem::take(self);
        if open.has_disallow {
            records.push(open.record);
        }
    }
}

/// Reads `robots` as the 1994 convention describes.
pub(super) fn read(robots: &RobotsTxt) -> Reading {
    let mut records = Vec::new();
    let mut open = Open::default();
    let has_bom = robots.facts().bom_bytes > 0;
    for line in robots.lines() {
        match field(line, has_bom && line.number == 1) {
            Field::Blank => open.finish(&mut records),
            Field::UserAgent(line) => {
                if open.has_disallow {
                    open.finish(&mut records);
                }
                let name = line.value().unwrap_or_default().to_owned();
                open.record.agents.push(RecordAgent::new(line.number, name));
                open.record.lines.push(line.number);
            }
            Field::Disallow(line) if !open.record.agents.is_empty() => {
                open.has_disallow = true;
                open.record.lines.push(line.number);
                if !line.value_bytes().is_empty() {
                    open.record.rules.push(RecordRule {
                        line: line.number,
                        allow: false,
                        written: line.value().unwrap_or_default().into(),
                        compared: as_requested(line.value_bytes()).into(),
                    });
                }
            }
            Field::Disallow(_) | Field::Ignored => {}
        }
    }
    open.finish(&mut records);
    Reading::new(Reader::Koster1994, records, None)
}

/// A Disallow value with the octets a request line cannot carry raw percent-encoded, as
/// [`crate::request_path`] encodes them in the URL.
fn as_requested(value: &[u8]) -> String {
    let mut out = String::with_capacity(value.len());
    for &byte in value {
        if byte <= b' ' || byte >= 0x7F {
            out.push_str(&format!("%{byte:02X}"));
        } else {
            out.push(char::from(byte));
        }
    }
    out
}
