//! The readers crawlers are built on, besides robots-parser (its own module): RFC 9309 read
//! strictly, CPython's `urllib.robotparser` (the records of [`crate::legacy`]'s reader, which
//! the `python` profile answers from) and Scrapy's Protego.

use super::data::protego as protego_data;
use super::grouping::{self, Difference, Role};
use super::{agent_token, as_google, google_index_rule, strict_key, Cell, Why, MAX_EARLIER_RULES};
use crate::legacy::Reading as RecordReading;
use crate::lines::{Line, LineKind};
use crate::profile::Profile;
use crate::robots::RobotsTxt;

/// A line without text to read keeps Google's cell for every reader.
fn nothing_to_read(line: &Line<'_>) -> bool {
    matches!(
        line.kind,
        LineKind::Blank | LineKind::Comment | LineKind::Malformed
    )
}

/// The `rfc9309` column: the RFC's keys (`user-agent`, `allow`, `disallow`) as written, and
/// `sitemap`, which it names as a record crawlers may read; every other key skipped.
pub(crate) fn rfc9309_column(robots: &RobotsTxt, google: &[Cell]) -> Vec<Cell> {
    robots
        .lines()
        .iter()
        .zip(google)
        .map(|(line, &google)| {
            if nothing_to_read(&line) || line.beyond_size_limit {
                return google;
            }
            match line.kind {
                LineKind::Other | LineKind::Unknown => Cell::new(Why::KeyNotRead),
                _ => strict_key(&line).unwrap_or_else(|| index_rule(&line, google)),
            }
        })
        .collect()
}

/// Google's reading, except for an `Allow` of an `index.htm…` file, which Google also applies
/// to its folder and other readers do not.
fn index_rule(line: &Line<'_>, google: Cell) -> Cell {
    if google.why == Why::Rule
        && line.kind == LineKind::Allow
        && google_index_rule(line.value().unwrap_or_default())
    {
        Cell::new(Why::NoIndexHtmlRule)
    } else {
        as_google(google)
    }
}

/// Where a line stands in the Python reader's records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Outside,
    /// In record `record`, as its agent line.
    Agent {
        record: usize,
    },
    /// In record `record`, its `rule`-th rule.
    Rule {
        record: usize,
        rule: usize,
    },
    /// In record `record`, another key.
    Other {
        record: usize,
    },
}

/// The `python` column, and the error Python's reader raises, if it raises one.
pub(crate) fn python_column(robots: &RobotsTxt, google: &[Cell]) -> (Vec<Cell>, Option<String>) {
    let Some(reading) = RecordReading::for_profile(robots, Profile::Python) else {
        return (google.to_vec(), None);
    };
    let records = reading.records();
    let (consulted, default) = reading.consulted();
    let count = robots.lines().len();
    let mut places = vec![Place::Outside; count];
    for (index, record) in records.iter().enumerate() {
        for &line in &record.lines {
            if let Some(place) = places.get_mut(line.wrapping_sub(1)) {
                *place = Place::Other { record: index };
            }
        }
        for agent in &record.agents {
            if let Some(place) = places.get_mut(agent.line.wrapping_sub(1)) {
                *place = Place::Agent { record: index };
            }
        }
        for (rule, entry) in record.rules.iter().enumerate() {
            if let Some(place) = places.get_mut(entry.line.wrapping_sub(1)) {
                *place = Place::Rule {
                    record: index,
                    rule,
                };
            }
        }
    }
    let default_line = default
        .and_then(|index| records.get(index))
        .and_then(|record| record.lines.first().copied())
        .unwrap_or(0);
    let error = reading.error();
    // Which Google group spans each line, for the empty lines that split one.
    let mut group_span = vec![0u32; count];
    for group in robots.groups() {
        for slot in group_span
            .iter_mut()
            .take(group.last_line.saturating_sub(1))
            .skip(group.first_line)
        {
            *slot = u32::try_from(group.first_line).unwrap_or(0);
        }
    }
    let mut last_empty = 0;
    let mut next_empty = vec![0usize; count];
    let mut following = 0;
    for (index, line) in robots.lines().iter().enumerate().rev() {
        next_empty[index] = following;
        if line.text().is_empty() {
            following = line.number;
        }
    }
    let cells = robots
        .lines()
        .iter()
        .zip(google)
        .map(|(line, &google)| {
            let number = line.number;
            // CPython ends a record only at a line with nothing on it, before stripping.
            let empty = line.text().is_empty() && !(number == 1 && robots.facts().bom_bytes > 0);
            if empty {
                last_empty = number;
            }
            if let Some(error) = error {
                if number == error.line {
                    return Cell::new(Why::PythonRaises);
                }
                if number > error.line && !nothing_to_read(&line) {
                    return Cell::new(Why::PythonAfterError).naming(error.line);
                }
            }
            if empty && group_span[number - 1] > 0 {
                return Cell::new(Why::PythonBlankSplits).naming(group_span[number - 1] as usize);
            }
            if nothing_to_read(&line) {
                return google;
            }
            match places[number - 1] {
                Place::Outside => {
                    if let Some(cell) = strict_key(&line) {
                        return cell;
                    }
                    match line.kind {
                        LineKind::UserAgent | LineKind::Allow | LineKind::Disallow
                            if google.why != Why::Orphan && last_empty > 0 =>
                        {
                            let at = if line.kind == LineKind::UserAgent {
                                next_empty[number - 1]
                            } else {
                                last_empty
                            };
                            Cell::new(Why::PythonAfterBlank).naming(at)
                        }
                        LineKind::Sitemap => as_google(google),
                        LineKind::Unknown => Cell::new(Why::KeyNotRead),
                        _ => google,
                    }
                }
                Place::Agent { record } | Place::Other { record } if !consulted[record] => {
                    Cell::new(Why::PythonSecondStar).naming(default_line)
                }
                Place::Rule { record, .. } if !consulted[record] => {
                    Cell::new(Why::PythonSecondStar).naming(default_line)
                }
                _ if line.beyond_size_limit => Cell::new(Why::ReadsPastLimit),
                Place::Agent { .. } => as_google(google),
                Place::Other { .. } => match line.directive {
                    Some("crawl-delay" | "request-rate") if strict_key(&line).is_none() => {
                        Cell::new(Why::ReadsKey)
                    }
                    _ => strict_key(&line).unwrap_or(google),
                },
                Place::Rule { record, rule } => {
                    let value = line.value().unwrap_or_default();
                    let rules = &records[record].rules;
                    let this = &rules[rule];
                    if value.contains(['*', '$']) {
                        return Cell::new(Why::PythonLiteral);
                    }
                    if this.allow && line.kind == LineKind::Disallow {
                        // An empty Disallow, which Python reads as allowing everything.
                        let shadows = rules[rule + 1..].iter().any(|later| !later.allow);
                        return if shadows {
                            Cell::new(Why::PythonEmptyDisallow)
                        } else {
                            as_google(google)
                        };
                    }
                    let earlier = &rules[rule.saturating_sub(MAX_EARLIER_RULES)..rule];
                    let shadowing = earlier.iter().find(|earlier| {
                        earlier.allow != this.allow
                            && this.compared.starts_with(&*earlier.compared)
                            && !(earlier.compared.len() == this.compared.len() && earlier.allow)
                    });
                    match shadowing {
                        Some(earlier) => Cell::new(Why::PythonFirstMatch).naming(earlier.line),
                        None => index_rule(&line, google),
                    }
                }
            }
        })
        .collect();
    (cells, error.map(|error| error.message.clone()))
}

/// The key Protego reads a line as (its standard name, lower case), if any, and the value.
fn protego_key(line: &Line<'_>) -> Option<(&'static str, String)> {
    let text = line.text();
    let content = text.split('#').next().unwrap_or_default().trim();
    if content.is_empty() {
        return None;
    }
    let (field, value) = match content.split_once(':') {
        Some((field, value)) => (field.trim().to_lowercase(), value.trim().to_owned()),
        None => {
            // "Give it a second chance": the first words, as written, naming a key it reads
            // without a colon.
            let words: Vec<&str> = content.split(' ').collect();
            let found = (1..words.len()).find_map(|end| {
                let field = words[..end].join(" ");
                protego_field(&field, false).map(|_| (field, words[end..].join(" ")))
            })?;
            (found.0.trim().to_lowercase(), found.1.trim().to_owned())
        }
    };
    protego_field(&field, true).map(|name| (name, value))
}

/// Which of Protego's keys `field` spells (every key reads without a colon but Visit-time).
fn protego_field(field: &str, with_colon: bool) -> Option<&'static str> {
    let lists: [(&str, &[&str]); 8] = [
        ("user-agent", protego_data::USER_AGENT),
        ("allow", protego_data::ALLOW),
        ("disallow", protego_data::DISALLOW),
        ("sitemap", protego_data::SITEMAP),
        ("crawl-delay", protego_data::CRAWL_DELAY),
        ("request-rate", protego_data::REQUEST_RATE),
        ("visit-time", protego_data::VISIT_TIME),
        ("host", protego_data::HOST),
    ];
    lists
        .iter()
        .filter(|(name, _)| with_colon || *name != "visit-time")
        .find(|(_, spellings)| spellings.contains(&field))
        .map(|(name, _)| *name)
}

/// The `protego` column.
pub(crate) fn protego_column(robots: &RobotsTxt, google: &[Cell]) -> Vec<Cell> {
    let read: Vec<Option<(&'static str, String)>> = robots
        .lines()
        .iter()
        .map(|line| protego_key(&line))
        .collect();
    let mut seen_agent = false;
    let roles: Vec<Role> = read
        .iter()
        .map(|key| match key {
            None => Role::Neutral,
            Some(("user-agent", value)) if value.is_empty() => Role::AgentKeepsOpen,
            Some(("user-agent", _)) => {
                seen_agent = true;
                Role::Agent { named: true }
            }
            // Without an agent yet, Protego skips the line without noting its key.
            Some(_) if !seen_agent => Role::Neutral,
            Some(("allow" | "disallow", value)) if !value.is_empty() => Role::Rule,
            Some(_) => Role::Closes,
        })
        .collect();
    let (runs, orphans) = grouping::agent_runs(&roles);
    let google_runs = grouping::google_runs(robots);
    let mut runs = runs.into_iter().peekable();
    robots
        .lines()
        .iter()
        .zip(read)
        .zip(google)
        .map(|((line, read), &google)| {
            let run = runs.next_if(|run| run.line == line.number);
            if nothing_to_read(&line) {
                return google;
            }
            let Some((name, value)) = read else {
                return if line.missing_colon {
                    Cell::new(Why::NoColonNotRead)
                } else if matches!(line.kind, LineKind::Other | LineKind::Unknown) {
                    Cell::new(Why::KeyNotRead)
                } else {
                    Cell::new(Why::SpellingNotRead)
                };
            };
            if line.beyond_size_limit {
                return Cell::new(Why::ReadsPastLimit);
            }
            match name {
                "user-agent" if value.is_empty() => Cell::new(Why::NoName),
                "user-agent" => {
                    if value.to_lowercase() != agent_token(&line).to_lowercase() {
                        return Cell::new(Why::AgentCompared);
                    }
                    let difference =
                        run.and_then(|run| grouping::compare(&run, google_runs[line.number - 1]));
                    match difference {
                        Some(Difference::Cut(at)) => Cell::new(Why::AgentListCut).naming(at),
                        Some(Difference::Extended(at)) => {
                            Cell::new(Why::AgentListExtended).naming(at)
                        }
                        // Protego keeps a group for every agent it reads.
                        Some(Difference::NoGroup) | None => as_google(google),
                    }
                }
                "allow" | "disallow" if orphans[line.number - 1] => Cell::new(Why::Orphan),
                "allow" | "disallow" => index_rule(&line, google),
                _ => Cell::new(Why::ReadsKey),
            }
        })
        .collect()
}
