//! npm robots-parser 3.0.1 (samclarke/robots-parser `Robots.js`): its reading of each line (the
//! `robots-parser` column) and its answer for a URL and an agent, which Lighthouse's
//! `is-crawlable` asks for five agents.
//!
//! How it reads: the text is split at CRLF, CR and LF; everything from `#` is a comment; the
//! key is what stands before the first `:` (a line without one is skipped), trimmed as
//! JavaScript trims and lower-cased, and must be exactly one of its keys
//! (`data/consumers/robots-parser.json`). A user-agent value is lower-cased, cut at its first
//! `/` and trimmed, and compared whole; any other key ends the list of agents, so the next
//! user-agent line starts a new one. Rules go to the agents of the list, merged by name; an
//! empty value adds no rule, and an agent that got neither a rule nor a `Crawl-delay` has no
//! group, so the `*` group answers for it. A pattern is `encodeURI`d (a `%` kept as written)
//! with its escapes in upper case, and matched as Google matches, longest pattern first, Allow
//! winning a tie, against the URL's `pathname + search` as the WHATWG URL parser writes them.

use std::collections::HashMap;

use super::data::robots_parser as data;
use super::grouping::{self, Difference, Role};
use super::{google_index_rule, js, Cell, Why};
use crate::lines::{LineKind, SIZE_LIMIT};
use crate::robots::RobotsTxt;

/// A line as robots-parser splits it: its key in lower case and its trimmed value, `None` for
/// an empty value.
struct KeyValue {
    key: String,
    value: Option<String>,
}

/// `splitLine` and `trimLine` of a line's text: `None` when the line has no `:` or an empty key.
fn key_value(text: &str) -> Option<KeyValue> {
    let content = text.split('#').next().unwrap_or_default();
    let (key, value) = content.split_once(':')?;
    let key = js::trim(key);
    if key.is_empty() {
        return None;
    }
    let value = js::trim(value);
    Some(KeyValue {
        key: key.to_lowercase(),
        value: (!value.is_empty()).then(|| value.to_owned()),
    })
}

fn is_key(key: &str) -> bool {
    data::KEYS.contains(&key)
}

/// `formatUserAgent`: lower case, cut at the first `/`, trimmed.
fn format_agent(agent: &str) -> String {
    let lower = agent.to_lowercase();
    let cut = lower.split('/').next().unwrap_or_default();
    js::trim(cut).to_owned()
}

/// One allow or disallow rule as robots-parser keeps it.
#[derive(Debug, Clone)]
struct PatternRule {
    pattern: String,
    allow: bool,
    line: usize,
}

/// The file as robots-parser read it: each agent name's rules (an agent with an empty list has
/// a group that allows everything).
pub(crate) struct Reading {
    groups: HashMap<String, Vec<PatternRule>>,
}

impl Reading {
    /// `parseRobots`.
    pub(crate) fn new(robots: &RobotsTxt) -> Reading {
        let mut groups: HashMap<String, Vec<PatternRule>> = HashMap::new();
        let mut current: Vec<String> = Vec::new();
        let mut listing_agents = false;
        for line in robots.lines().iter() {
            let text = js::line_text(robots, &line);
            let Some(KeyValue { key, value }) = key_value(&text) else {
                continue;
            };
            match key.as_str() {
                "user-agent" => {
                    if !listing_agents {
                        current.clear();
                    }
                    if let Some(value) = &value {
                        current.push(format_agent(value));
                    }
                }
                "allow" | "disallow" => {
                    for agent in &current {
                        let rules = groups.entry(agent.clone()).or_default();
                        if let Some(pattern) = &value {
                            rules.push(PatternRule {
                                pattern: normalise_pattern(pattern),
                                allow: key == "allow",
                                line: line.number,
                            });
                        }
                    }
                }
                "crawl-delay" => {
                    for agent in &current {
                        groups.entry(agent.clone()).or_default();
                    }
                }
                _ => {}
            }
            listing_agents = key == "user-agent";
        }
        Reading { groups }
    }

    /// `isAllowed(url, agent)` and `getMatchingLineNumber`, for a path already written as the
    /// URL parser writes it: whether `agent` may fetch it, and the deciding rule's line.
    pub(crate) fn check(&self, path: &str, agent: &str) -> (bool, Option<usize>) {
        let name = format_agent(agent);
        let rules = self
            .groups
            .get(&name)
            .or_else(|| self.groups.get("*"))
            .map_or(&[][..], Vec::as_slice);
        let path = upper_escapes(path);
        let mut decided: Option<&PatternRule> = None;
        for rule in rules {
            if !matches(rule.pattern.as_bytes(), path.as_bytes()) {
                continue;
            }
            decided = match decided {
                None => Some(rule),
                Some(found) if rule.pattern.len() > found.pattern.len() => Some(rule),
                Some(found)
                    if rule.pattern.len() == found.pattern.len() && rule.allow && !found.allow =>
                {
                    Some(rule)
                }
                kept => kept,
            };
        }
        match decided {
            Some(rule) => (rule.allow, Some(rule.line)),
            None => (true, None),
        }
    }
}

/// `normaliseEncoding`: `encodeURI`, with `%` kept as written, then `%xx` in upper case.
fn normalise_pattern(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len());
    for &b in pattern.as_bytes() {
        if b.is_ascii_alphanumeric() || b";,/?:@&=+$-_.!~*'()#%".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    upper_escapes(&out)
}

/// `urlEncodeToUpper`: every `%` followed by two hex digits, those digits in upper case.
fn upper_escapes(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%'
            && bytes.get(at + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(at + 2).is_some_and(u8::is_ascii_hexdigit)
        {
            out.extend_from_slice(&[
                b'%',
                bytes[at + 1].to_ascii_uppercase(),
                bytes[at + 2].to_ascii_uppercase(),
            ]);
            at += 3;
        } else {
            out.push(bytes[at]);
            at += 1;
        }
    }
    String::from_utf8(out).unwrap_or_default()
}

/// `matches(pattern, path)`: Google's algorithm, `*` any run, `$` an end only at the end.
fn matches(pattern: &[u8], path: &[u8]) -> bool {
    let mut lengths: Vec<usize> = Vec::with_capacity(path.len() + 1);
    lengths.push(0);
    for (at, &octet) in pattern.iter().enumerate() {
        if octet == b'$' && at + 1 == pattern.len() {
            return lengths.last() == Some(&path.len());
        }
        if octet == b'*' {
            let smallest = lengths[0];
            lengths.clear();
            lengths.extend(smallest..=path.len());
        } else {
            lengths.retain_mut(|length| {
                let next = path.get(*length) == Some(&octet);
                *length += 1;
                next
            });
            if lengths.is_empty() {
                return false;
            }
        }
    }
    true
}

/// What robots-parser does with each line.
pub(crate) fn robots_parser_column(robots: &RobotsTxt, google: &[Cell]) -> Vec<Cell> {
    let lines = robots.lines();
    let read: Vec<Option<KeyValue>> = lines
        .iter()
        .map(|line| key_value(&js::line_text(robots, &line)))
        .collect();
    let roles: Vec<Role> = read
        .iter()
        .map(|line| match line {
            None => Role::Neutral,
            Some(KeyValue { key, value }) => match key.as_str() {
                "user-agent" => Role::Agent {
                    named: value.is_some(),
                },
                "allow" | "disallow" => Role::Rule,
                "crawl-delay" => Role::Creates,
                _ => Role::Closes,
            },
        })
        .collect();
    let (runs, orphans) = grouping::agent_runs(&roles);
    let google_runs = grouping::google_runs(robots);
    let star_rules = Reading::new(robots).groups.contains_key("*");
    let mut runs = runs.into_iter().peekable();
    lines
        .iter()
        .zip(read)
        .zip(google)
        .map(|((line, read), &google)| {
            let run = runs.next_if(|run| run.line == line.number);
            let past_limit = line.start >= SIZE_LIMIT;
            let Some(KeyValue { key, value }) = read else {
                return match google.why {
                    Why::Blank | Why::Comment | Why::Malformed => google,
                    _ if line.missing_colon => Cell::new(Why::NoColonNotRead),
                    _ => Cell::new(Why::Malformed),
                };
            };
            if !is_key(&key) {
                let standard = matches!(
                    line.kind,
                    LineKind::UserAgent | LineKind::Allow | LineKind::Disallow | LineKind::Sitemap
                );
                return Cell::new(if standard {
                    Why::SpellingNotRead
                } else {
                    Why::KeyNotRead
                });
            }
            let read_past = |cell: Cell| {
                if past_limit {
                    Cell::new(Why::ReadsPastLimit)
                } else {
                    cell
                }
            };
            match key.as_str() {
                "user-agent" => {
                    let Some(value) = value else {
                        return Cell::new(Why::NoName);
                    };
                    let google_token = super::agent_token(&line).to_lowercase();
                    if format_agent(&value) != google_token {
                        return Cell::new(Why::AgentCompared);
                    }
                    let difference =
                        run.and_then(|run| grouping::compare(&run, google_runs[line.number - 1]));
                    match difference {
                        Some(Difference::Cut(at)) => Cell::new(Why::AgentListCut).naming(at),
                        Some(Difference::Extended(at)) => {
                            Cell::new(Why::AgentListExtended).naming(at)
                        }
                        Some(Difference::NoGroup) if star_rules && google_token != "*" => {
                            Cell::new(Why::AgentNoRules)
                        }
                        _ => read_past(Cell::new(Why::ReadsAsGoogle)),
                    }
                }
                "allow" | "disallow" => {
                    if orphans[line.number - 1] {
                        Cell::new(Why::Orphan)
                    } else if key == "allow"
                        && value.as_deref().is_some_and(google_index_rule)
                        && line.kind == LineKind::Allow
                    {
                        Cell::new(Why::NoIndexHtmlRule)
                    } else {
                        read_past(Cell::new(Why::ReadsAsGoogle))
                    }
                }
                "sitemap" if value.is_none() => google,
                _ => read_past(Cell::new(Why::ReadsKey)),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(robots: &str, path: &str, agent: &str) -> (bool, Option<usize>) {
        Reading::new(&RobotsTxt::parse(robots.as_bytes())).check(path, agent)
    }

    /// The rows of `parsers.md` §2c's divergence matrix with robots-parser's verdicts (column JS).
    #[test]
    fn robots_parser_agrees_with_the_divergence_matrix() {
        for (row, robots, agent, path, allowed) in [
            (
                1,
                "User-agent: *\nDisallow: /\nAllow: /public",
                "x",
                "/public",
                true,
            ),
            (
                4,
                "User-agent: *\nDisallow: /\nAllow: /dir/index.html",
                "x",
                "/dir/",
                false,
            ),
            (
                5,
                "User-agent: Googlebot/2.1\nDisallow: /",
                "Googlebot",
                "/",
                false,
            ),
            (6, "User-agent: bot\nDisallow: /", "Googlebot", "/", true),
            (
                8,
                "User-agent: *\nDisallow: /\nUser-agent: quxbot",
                "quxbot",
                "/x",
                false,
            ),
            (
                9,
                "User-agent: a\nSitemap: https://x/s.xml\nUser-agent: b\nDisallow: /",
                "a",
                "/",
                true,
            ),
            (
                10,
                "User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /",
                "a",
                "/",
                true,
            ),
            (
                11,
                "User-agent: *\nDisallow:\nDisallow: /",
                "x",
                "/a",
                false,
            ),
            (12, "User-agent: *\nDisallow /", "x", "/a", true),
            (13, "User-agent: *\nDisalow: /", "x", "/a", true),
            (14, "User-agent: *\nDisallowed: /", "x", "/a", true),
            (15, "\u{feff}User-agent: *\nDisallow: /", "x", "/a", false),
            (16, "User-agent: *\nDisallow: /%62", "x", "/b", true),
            (
                19,
                "User-agent: *\nAllow: /page\nDisallow: /page$",
                "x",
                "/page",
                false,
            ),
            (
                24,
                "User-agent: MJ12bot\nDisallow: /",
                "MJ12bot",
                "/",
                false,
            ),
            (25, "User-agent: *\nDisallow: /a b", "x", "/a%20b", false),
            (
                29,
                "User-agent: Googlebot Images\nDisallow: /",
                "Googlebot",
                "/",
                true,
            ),
        ] {
            assert_eq!(check(robots, path, agent).0, allowed, "row {row}");
        }
    }

    #[test]
    fn an_agent_with_an_empty_group_does_not_fall_back_to_star() {
        let robots = "User-agent: *\nDisallow: /\n\nUser-agent: a\nDisallow:\n";
        assert_eq!(check(robots, "/x", "a"), (true, None));
        assert_eq!(check(robots, "/x", "b"), (false, Some(2)));
    }

    #[test]
    fn patterns_are_encoded_as_encode_uri_does() {
        assert_eq!(
            normalise_pattern("/caf\u{E9} x%2f[1]"),
            "/caf%C3%A9%20x%2F%5B1%5D"
        );
        assert!(matches(b"/a*b$", b"/axxb"));
        assert!(!matches(b"/a*b$", b"/axxbc"));
        assert!(matches(b"/a$b", b"/a$b"));
        assert!(matches(b"*", b"/"));
    }
}
