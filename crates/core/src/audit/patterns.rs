//! One Allow or Disallow pattern at a time: patterns that can never match, special characters
//! used where they are not special (`$` inside, `#`), stars that add nothing, spaces, several
//! paths in one rule, non-ASCII characters, and empty rules beside real ones.

use std::collections::HashMap;

use super::evidence::{Edit, Intent};
use super::overlap::is_match_all;
use super::text::{
    bare_host, canonical_key, directive_code, invisible_value, is_google_space, is_invisible,
    own_hosts, rebuild, span_in_line, url_host, value_offset, value_span,
};
use super::{Code, Context, Finding, Severity};
use crate::encoding::{google_escape, google_escaped_len, google_path_params_query};
use crate::group::{AgentToken, Group, Rule, RuleKind};
use crate::lines::{Line, LineKind};
use crate::message::{Message, MessageId as M, Value};
use crate::robots::RobotsTxt;

/// How many rules the redundant-star check may look at in all, to find the rules whose contest
/// a star decides; past that it stops reporting (real files need a few thousand).
const CONTEST_BUDGET: usize = 4_000_000;

pub(super) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let mut contests = Contests {
        cx,
        sets: cx.rule_sets.iter().map(|_| None).collect(),
        budget: CONTEST_BUDGET,
    };
    // The group of each rule line, by line number: looked up three times a line.
    let mut group_of: Vec<Option<usize>> = vec![None; cx.robots.lines().len() + 1];
    for group in cx.robots.groups() {
        for rule in &group.rules {
            if let Some(slot) = group_of.get_mut(rule.line) {
                *slot = Some(group.index);
            }
        }
    }
    let group_of = |line: usize| group_of.get(line).copied().flatten();
    // Redundant stars are cosmetic and come by the hundred in generated files: the first is
    // reported, and it counts the rest.
    let mut stars = Vec::new();
    let mut leading_stars = Vec::new();
    let own_hosts = own_hosts(cx);
    // Narrow Disallow rules show that the site is meant open outside them.
    let closes_parts = cx.lines().any(|line| {
        line.kind == LineKind::Disallow
            && line.value().is_some_and(|value| {
                value.starts_with('/') && !crate::crawlers::matches_every_path(value.as_bytes())
            })
    });
    let mut open_groups: HashMap<usize, bool> = HashMap::new();
    let mut literal_rules: Vec<Option<HashMap<String, usize>>> =
        vec![None; cx.robots.groups().len()];
    let route_groups = shows_route_groups(cx);
    for line in cx.lines().filter(|line| line.kind.is_rule()) {
        let value = line.value().unwrap_or_default();
        if value.is_empty() {
            continue;
        }
        let key = canonical_key(&line).unwrap_or("Disallow");
        // The line's other checks read the rule as meant, so that no fix of theirs keeps an
        // entity: one cause, one fix.
        let decoded = html_entities(cx.robots, &line, key, value, out);
        let value = decoded.as_deref().unwrap_or(value);
        let mut doubled = false;
        if !matches!(value.as_bytes()[0], b'/' | b'*') {
            let before = out.len();
            without_slash(&line, key, value, &own_hosts, closes_parts, out);
            // An Allow where none of the group's crawlers has a Disallow opens what is open
            // anyway: that it matches nothing changes no verdict.
            // Answered once per group: a file of thousands of such lines stays linear.
            let group = group_of(line.number);
            let open = line.kind == LineKind::Allow
                && group.is_some_and(|g| {
                    *open_groups
                        .entry(g)
                        .or_insert_with(|| nothing_disallowed(cx, g))
                });
            if open {
                for finding in &mut out[before..] {
                    finding.severity = Severity::Warning;
                }
            }
        } else {
            doubled = double_slash(&line, key, value, out);
        }
        dollar_inside(&line, key, value, out);
        // A pattern that does not start with `/` or `*` matches nothing (RL401 says so): what
        // its stars add is beside the point.
        let anchored = matches!(value.as_bytes()[0], b'/' | b'*');
        if let Some(group) = group_of(line.number).filter(|_| anchored) {
            let mut found = Vec::new();
            redundant_wildcard(
                &mut contests,
                &cx.sets_of_group[group],
                &line,
                key,
                value,
                &mut found,
            );
            if decoded.is_some() {
                // The entity's fix is the one to apply on this line: the star is told (of the
                // rule as meant), and a fix of its own would also decode the entity, changing
                // answers that are not the star's.
                for finding in &mut found {
                    finding.replacement = None;
                    finding.intent = None;
                }
            }
            if !found.is_empty() {
                let simpler = without_redundant_stars(value);
                // Woken, the rule changes a literal reader's answers only where no rule above
                // it in the group decides first (`/menu?*` under `Disallow: /menu`).
                let wakes = wakes_literal_readers(value, std::iter::once(simpler.as_str()))
                    && !decided_above_for_literal_readers(
                        cx,
                        &mut literal_rules,
                        group,
                        line.number,
                        &simpler,
                    );
                stars.extend(found.into_iter().map(|finding| (wakes, finding)));
            }
        }
        non_ascii(&line, key, value, out);
        spaces(&line, key, value, out);
        let group = group_of(line.number).map(|g| &cx.robots.groups()[g]);
        hash_after_pattern(cx, &line, group, key, value, out);
        placeholder(cx, &line, key, value, out);
        if route_groups {
            route_group(&line, key, value, out);
        }
        if let Some(found) = leading_star(&line, key, value).filter(|_| !doubled) {
            leading_stars.push(found);
        }
    }
    out.extend(one_per_story(stars));
    out.extend(one_per_story(leading_stars));
    for group in cx.robots.groups() {
        empty_rules(cx, group, out);
    }
}

/// Whether no crawler that obeys group `group` has a Disallow rule with a pattern.
fn nothing_disallowed(cx: &Context<'_>, group: usize) -> bool {
    cx.sets_of_group[group].iter().all(|&set| {
        cx.rules_of(&cx.rule_sets[set])
            .all(|rule| rule.kind != RuleKind::Disallow || cx.pattern(rule).is_empty())
    })
}

/// One finding for each story `findings` (of one code) tell: those that say the same sentence
/// and whose fixes the readers without wildcards read alike (the flag beside each finding, from
/// [`wakes_literal_readers`]). A bundle is weighed by its first finding's evidence, so it holds
/// only findings that evidence speaks for: `/*?*` → `/*?` changes no reader's verdict, while
/// `/news*` → `/news` turns a rule Python's robotparser never matches into a prefix it obeys.
fn one_per_story(findings: Vec<(bool, Finding)>) -> Vec<Finding> {
    let mut stories: Vec<((M, bool), Vec<Finding>)> = Vec::new();
    for (wakes, finding) in findings {
        let key = (finding.message.id(), wakes);
        match stories.iter_mut().find(|(story, _)| *story == key) {
            Some((_, members)) => members.push(finding),
            None => stories.push((key, vec![finding])),
        }
    }
    stories
        .into_iter()
        .filter_map(|(_, members)| one_for_all(members))
        .collect()
}

/// Whether a reader that applies the first rule that matches and knows no wildcards (Python's
/// robotparser up to 3.12) reaches a rule of `pattern` on line `number` of group `group`
/// already decided, for every path it matches: a rule above it in the group, read literally,
/// is a prefix of it. The group's literal patterns are gathered once, with the first line of
/// each, so a group of thousands of rules stays linear.
fn decided_above_for_literal_readers(
    cx: &Context<'_>,
    cache: &mut [Option<HashMap<String, usize>>],
    group: usize,
    number: usize,
    pattern: &str,
) -> bool {
    let literal = cache[group].get_or_insert_with(|| {
        // Owned keys: the map type the audit already holds, where borrowed ones would add one
        // to its wasm.
        let mut literal: HashMap<String, usize> = HashMap::new();
        for rule in &cx.robots.groups()[group].rules {
            let text = cx.pattern(rule);
            if !text.contains(['*', '$']) && !literal.contains_key(text) {
                literal.insert(text.to_owned(), rule.line);
            }
        }
        literal
    });
    (0..=pattern.len())
        .filter(|&end| pattern.is_char_boundary(end))
        .any(|end| {
            literal
                .get(&pattern[..end])
                .is_some_and(|&line| line < number)
        })
}

/// Whether a reader that knows no wildcards (Python's robotparser up to 3.12, the 1994
/// convention: `*` and `$` are ordinary characters there, so a pattern holding one matches no
/// real URL) reads a rule rewritten from `before` to any of `after` as live where it was dead,
/// or the other way: the rewrite changes that reader's verdicts, not only its spelling.
fn wakes_literal_readers<'a>(before: &str, mut after: impl Iterator<Item = &'a str>) -> bool {
    let live = |pattern: &str| !pattern.contains(['*', '$']);
    let live_before = live(before);
    after.any(|pattern| live(pattern) != live_before)
}

/// The first of `findings` (of one code), saying how many more lines have the same.
fn one_for_all(findings: Vec<Finding>) -> Option<Finding> {
    let mut findings = findings.into_iter();
    let mut first = findings.next()?;
    let others: Vec<usize> = findings.map(|finding| finding.line).collect();
    if !others.is_empty() {
        let message = std::mem::replace(&mut first.message, M::SameForMore.into());
        first.message = if others.len() == 1 {
            Message::new(M::SameForOneMore)
        } else {
            Message::new(M::SameForMore).count("count", others.len())
        }
        .phrase("message", message)
        .lines("lines", &others);
        first.related_lines.extend(others);
    }
    Some(first)
}

/// HTML's named references for characters URLs carry, as a rule copied from a page's source
/// holds them (`href="/list?a=1&amp;page=2"`): each with the character it stands for and the
/// text the rule means, the character or, for `"`, `<` and `>`, which browsers percent-encode
/// in every URL they request, its escape. A numeric reference (`&#39;`) never reaches a
/// pattern: its `#` starts a comment, which `hash-in-pattern` (RL412) tells.
const HTML_ENTITIES: [(&str, &str, &str); 5] = [
    ("&apos;", "'", "'"),
    ("&quot;", "\"", "%22"),
    ("&lt;", "<", "%3C"),
    ("&gt;", ">", "%3E"),
    // Last, so that `&amp;lt;` is decoded once, to `&lt;`.
    ("&amp;", "&", "&"),
];

/// `/answers/?s_tid=x&amp;page=*` (RL418): a rule copied from a page's HTML source, holding
/// HTML's references where the URL has `&` (or `'`, `"`, `<`, `>`). Browsers decode them in a
/// link, so the rule looks for text the URLs it names do not carry. Returns the pattern as
/// meant, with the references decoded, when it reports.
///
/// Left alone where the reference is evidently meant: a pattern with no other text than one
/// reference and wildcards (`/*&gt;`) names no page, only URLs that a template escaped twice;
/// and a rule whose decoded twin its group also holds (`*&amp;ref*` beside `*&ref*`) was
/// written for both.
fn html_entities(
    robots: &RobotsTxt,
    line: &Line,
    key: &str,
    value: &str,
    out: &mut Vec<Finding>,
) -> Option<String> {
    // Every reference starts with `&`: one search of the octets spares the five searches of a
    // reference's text in the thousands of rules that hold none.
    if !value.contains('&') {
        return None;
    }
    let (entity, character) = HTML_ENTITIES.iter().find_map(|&(entity, character, _)| {
        value.contains(entity).then_some((entity, character))
    })?;
    let decoded = HTML_ENTITIES
        .iter()
        .fold(value.to_owned(), |text, (entity, _, meant)| {
            text.replace(entity, meant)
        });
    let replacement = rebuild(line, key, &decoded);
    let escaped_only = HTML_ENTITIES
        .iter()
        .any(|(entity, ..)| value.trim_matches(['/', '*', '$']) == *entity);
    if escaped_only
        || replacement
            .as_ref()
            .is_some_and(|text| super::repeated_rule(robots, line.number, text).is_some())
    {
        return None;
    }
    out.push(
        Finding::new(
            Code::HtmlEntityInPattern,
            line.number,
            Message::new(M::HtmlEntity)
                .code("value", value)
                .code("entity", entity)
                .code("character", character),
            M::HtmlEntityWhy,
            Message::new(M::WriteThePattern).code("pattern", &decoded),
        )
        .with_span(value_span(line))
        .with_replacement(replacement),
    );
    Some(decoded)
}

/// `//www.example.com/private`: a URL without its scheme, which as a pattern matches only paths
/// that start with two slashes. A host is `www.` something, or a dotted name followed by a
/// path; `//old-page.html` alone is more likely a page with one slash too many.
fn is_scheme_relative_url(value: &str) -> bool {
    let Some(rest) = value.strip_prefix("//") else {
        return false;
    };
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let dotted = host.contains('.')
        && !host.contains(['*', '$', '?', '='])
        && host.split('.').all(|label| !label.is_empty());
    dotted && (host.to_ascii_lowercase().starts_with("www.") || !path.is_empty())
}

/// Where `value` needs `//` before a name in a place no link puts it: at the start of the path
/// (`//old-page.html`: a link written `//old-page.html` names a host, so a crawler that resolves
/// links never requests a path that starts so), or right after a star (`*//admin-ajax.php`: the
/// star already reaches any folder, and the slash it is followed by is written twice).
///
/// A `//` inside a literal path (`/calendar//index.html`, `/_hcms/forms//embed/`) is left
/// alone: neither Google nor any other reader merges slashes (only `.` and `..` segments are
/// resolved), links joined as `base + "/" + name` produce such paths, and sites list them on
/// purpose to keep the duplicates out. So are `//` alone or before a star (`/*//*`), runs of
/// three or more slashes, `//` after a scheme (`http://`) and in the query.
fn needless_double_slash(value: &str) -> Option<usize> {
    let path = value.split(['?', '=']).next().unwrap_or(value).as_bytes();
    (0..path.len().saturating_sub(2)).find(|&at| {
        path[at] == b'/'
            && path[at + 1] == b'/'
            && path[at + 2].is_ascii_alphanumeric()
            && (at == 0 || path[at - 1] == b'*')
    })
}

/// A pattern that matches only paths with `//` (RL417): a URL without its scheme, or a slash
/// too many at the start or after a star. Says whether it reported, so that the leading-star
/// note (RL415) does not propose a second fix for the same line: the fix here starts with `/`.
fn double_slash(line: &Line, key: &str, value: &str, out: &mut Vec<Finding>) -> bool {
    let (message, pattern) = if is_scheme_relative_url(value) {
        let path = google_path_params_query(value);
        // `//www.example.com/` names the whole site: which rule was meant is not mechanical.
        let pattern = (!is_match_all(&path)).then_some(path);
        (Message::new(M::DoubleSlashUrl), pattern)
    } else if let Some(at) = needless_double_slash(value) {
        let single = format!("{}{}", &value[..at], &value[at + 1..]);
        // `*//name` becomes `/*/name`: one fix for the doubled slash and the leading star.
        let single = if single.starts_with('*') {
            format!("/{single}")
        } else {
            single
        };
        (Message::new(M::DoubleSlash), Some(single))
    } else {
        return false;
    };
    out.push(
        Finding::new(
            Code::DoubleSlashInPattern,
            line.number,
            message.code("value", value),
            M::DoubleSlashWhy,
            match &pattern {
                Some(pattern) => Message::new(M::WriteThePattern).code("pattern", pattern),
                None => M::DoubleSlashFix.into(),
            },
        )
        .with_span(value_span(line))
        .with_replacement(pattern.and_then(|pattern| rebuild(line, key, &pattern))),
    );
    true
}

/// A full URL (`https://host/path`) or a URL without its scheme (`www.host/path`) as a pattern:
/// the path it names, and whether its host is the file's own (`Some(true)`), another
/// (`Some(false)`) or cannot be told (`None`, the file names no host of its own).
fn url_pattern(value: &str, own_hosts: &[String]) -> Option<(String, String, Option<bool>)> {
    let lower = value.to_ascii_lowercase();
    let schemed = lower.starts_with("http://") || lower.starts_with("https://");
    if !schemed && !lower.starts_with("www.") && !starts_with_host_name(&lower) {
        return None;
    }
    let host = url_host(value)?;
    let path = if schemed {
        google_path_params_query(value)
    } else {
        match value.find('/') {
            Some(at) => value[at..].to_owned(),
            None => "/".to_owned(),
        }
    };
    let own = (!own_hosts.is_empty()).then(|| own_hosts.contains(&bare_host(&host)));
    Some((host, path, own))
}

/// Extensions a file name ends with; a host name does not end with them.
const FILE_EXTENSIONS: &[&str] = &[
    "htm", "html", "shtml", "php", "asp", "aspx", "jsp", "cgi", "pl", "js", "css", "xml", "json",
    "txt", "pdf", "do", "action", "gif", "jpg", "png", "svg",
];

/// Whether `label` can be a label of a host name: letters, digits and hyphens.
fn host_label(label: &str) -> bool {
    !label.is_empty()
        && label
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// Whether a pattern without a scheme starts with a host name and a path
/// (`na1.example.com/help/guide.pdf`): dotted labels of letters, digits and hyphens, the last
/// one letters only and not a file extension (`index.php/x` is a relative path), then `/`.
fn starts_with_host_name(lower: &str) -> bool {
    let Some((host, _)) = lower.split_once('/') else {
        return false;
    };
    let labels: Vec<&str> = host.split('.').collect();
    let Some(last) = labels.last() else {
        return false;
    };
    labels.len() >= 2
        && labels.iter().all(|label| host_label(label))
        && (2..=12).contains(&last.len())
        && last.bytes().all(|b| b.is_ascii_alphabetic())
        && !FILE_EXTENSIONS.contains(last)
}

/// The start of the host names a pattern without a slash may name (`secure.` in `secure.*`,
/// `shop.example.` in `shop.example.*`): dotted labels, then only stars (and a final `$`), where
/// a host name's other labels would follow. Such a value is as much a relative path
/// (`/secure.*`, every file named `secure`), so both readings are told. A label that is a file
/// extension (`index.html.*`) makes it a path only, as does a `/` anywhere (`docs/file.*`).
fn host_wildcard(value: &str) -> Option<&str> {
    let body = value.strip_suffix('$').unwrap_or(value);
    let host = body.trim_end_matches('*');
    let labels = host.strip_suffix('.')?;
    (host.len() < body.len()
        && labels.split('.').all(host_label)
        && !labels
            .split('.')
            .skip(1)
            .any(|label| FILE_EXTENSIONS.contains(&label.to_ascii_lowercase().as_str())))
    .then_some(host)
}

fn without_slash(
    line: &Line,
    key: &str,
    value: &str,
    own_hosts: &[String],
    closes_parts: bool,
    out: &mut Vec<Finding>,
) {
    if looks_like_regex(value) {
        out.push(regex_rule(
            line,
            key,
            value,
            Code::PatternWithoutSlash,
            M::WithoutSlashWhy,
        ));
        return;
    }
    // An unexpanded generator macro (`%%PATTERN:url%%`) is no path, relative or not: the
    // macro is the cause, and RL416 tells it.
    if generator_macro(value).is_some() {
        return;
    }
    let first = value.chars().next().unwrap_or_default();
    if let Some(host) = host_wildcard(value) {
        out.push(
            Finding::new(
                Code::PatternWithoutSlash,
                line.number,
                Message::new(M::WithoutSlashHostOrPath)
                    .code("value", value)
                    .code("host", host),
                M::WithoutSlashWhy,
                Message::new(M::WithoutSlashHostOrPathFix).code("pattern", &format!("/{value}")),
            )
            .with_span(value_span(line))
            // A rule cannot name a host; read as the path it can name, the rule would work.
            .with_intent(
                rebuild(line, key, &format!("/{value}"))
                    .map(|text| Intent::meant(vec![Edit::replace(line.number, text)]).likely()),
            ),
        );
        return;
    }
    if let Some((host, path, own)) = url_pattern(value, own_hosts) {
        // A URL of another host names nothing this file governs: its path here is another
        // page (or, for `/`, the whole site), so proposing it would do harm.
        // A URL whose path is the whole site (`https://host/*`) among rules that close parts
        // of it: read as a path it would close everything, which those rules show is not meant.
        let whole_site = line.kind == LineKind::Disallow
            && closes_parts
            && own != Some(false)
            && crate::crawlers::matches_every_path(path.as_bytes());
        // Whose path it is cannot be told from the file: read as this site's path, likely.
        let likely = (own.is_none() && !whole_site)
            .then(|| rebuild(line, key, &path))
            .flatten()
            .map(|text| Intent::meant(vec![Edit::replace(line.number, text)]).likely());
        let (message, fix, replacement) = match own {
            _ if whole_site => (
                Message::new(M::WithoutSlashUrl).code("value", value),
                Message::new(M::WithoutSlashUrlWholeSiteFix).code("pattern", &path),
                None,
            ),
            Some(true) => (
                Message::new(M::WithoutSlashUrl).code("value", value),
                Message::new(M::WriteThePattern).code("pattern", &path),
                Some(path),
            ),
            Some(false) => (
                Message::new(M::WithoutSlashOtherHost)
                    .code("value", value)
                    .code("host", &host),
                Message::new(M::WithoutSlashOtherHostFix).code("host", &host),
                None,
            ),
            None => (
                Message::new(M::WithoutSlashUrl).code("value", value),
                Message::new(M::WithoutSlashUrlHostUnknownFix)
                    .code("host", &host)
                    .code("pattern", &path),
                None,
            ),
        };
        out.push(
            Finding::new(
                Code::PatternWithoutSlash,
                line.number,
                message,
                M::WithoutSlashWhy,
                fix,
            )
            .with_span(value_span(line))
            .with_replacement(replacement.and_then(|pattern| rebuild(line, key, &pattern)))
            .with_intent(likely),
        );
        return;
    }
    let (message, replacement) = if is_invisible(first) {
        let rest = value.trim_start_matches(is_invisible);
        (
            Message::new(M::WithoutSlashInvisible).with("char", invisible_value(first)),
            matches!(rest.as_bytes().first(), Some(b'/' | b'*')).then(|| rest.to_owned()),
        )
    } else if first == '\u{fffd}' && line.invalid_utf8 {
        // Bytes of another encoding before the `/` (GBK's full-width space is `A1 A1`).
        let bytes = line.value_bytes();
        let lead = bytes.iter().take_while(|&&b| b >= 0x80).count();
        let rest = value.trim_start_matches('\u{fffd}');
        (
            Message::new(M::WithoutSlashNotUtf8).code(
                "bytes",
                &String::from_utf8_lossy(&google_escape(&bytes[..lead])),
            ),
            (rest.starts_with('/') && !rest.contains('\u{fffd}')).then(|| rest.to_owned()),
        )
    } else if first == '.' || first == '?' {
        // A rule that matches nothing decides no contest: its fix is written without the stars
        // that add nothing, which would be the next finding.
        let anywhere = without_redundant_stars(&format!("/*{value}"));
        (
            Message::new(M::WithoutSlashDotOrQuery)
                .code("first", &first.to_string())
                .code("anywhere", &anywhere),
            Some(anywhere),
        )
    } else if is_parameter(value) {
        // `search_type=tag` names a parameter of the query, after some path: read at the
        // root (`/search_type=tag`) it would still match nothing.
        let anywhere = without_redundant_stars(&format!("/*{value}"));
        (
            Message::new(M::WithoutSlashParameter).code("anywhere", &anywhere),
            Some(anywhere),
        )
    } else if first.is_ascii_alphanumeric() || matches!(first, '_' | '-' | '~' | '%') {
        (
            Message::new(M::WithoutSlashRelative),
            Some(without_redundant_stars(&format!("/{value}"))),
        )
    } else {
        (Message::new(M::WithoutSlashOther), None)
    };
    out.push(
        Finding::new(
            Code::PatternWithoutSlash,
            line.number,
            message.code("value", value),
            M::WithoutSlashWhy,
            match &replacement {
                Some(pattern) => Message::new(M::WriteThePattern).code("pattern", pattern),
                None if first == '\u{fffd}' => M::WithoutSlashNotUtf8Fix.into(),
                None => M::WithoutSlashFix.into(),
            },
        )
        .with_span(value_span(line))
        .with_replacement(replacement.and_then(|pattern| rebuild(line, key, &pattern))),
    );
}

/// Whether a pattern without its `/` is a query's parameter (`search_type=tag`,
/// `sort=price&page=2`): it starts with a name (letters, digits, `_`, `-`, brackets) and `=`.
fn is_parameter(value: &str) -> bool {
    let name_end = value
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '[' | ']')))
        .unwrap_or(value.len());
    name_end > 0 && value[name_end..].starts_with('=')
}

fn dollar_inside(line: &Line, key: &str, value: &str, out: &mut Vec<Finding>) {
    let Some(at) = value.as_bytes()[..value.len() - 1]
        .iter()
        .position(|&b| b == b'$')
    else {
        return;
    };
    if looks_like_regex(value) {
        // Not starting with `/`, it was reported as a pattern without slash: one cause.
        if matches!(value.as_bytes()[0], b'/' | b'*') {
            out.push(regex_rule(
                line,
                key,
                value,
                Code::DollarInsidePattern,
                M::DollarInsidePatternWhy,
            ));
        }
        return;
    }
    out.push(
        Finding::new(
            Code::DollarInsidePattern,
            line.number,
            Message::new(M::DollarInsidePattern)
                .count("position", value[..at].chars().count() + 1)
                .code("value", value),
            M::DollarInsidePatternWhy,
            M::DollarInsidePatternFix,
        )
        .with_span(value_offset(line).and_then(|offset| span_in_line(line, offset + at, 1))),
    );
}

/// Whether a pattern is a regular expression (`/^award/page$/`, `^.*\/wp-includes\/`): a `^` or
/// an escaped character, which no URL path holds and no robots.txt pattern needs.
fn looks_like_regex(value: &str) -> bool {
    value.contains('^') || value.contains("\\/") || value.contains("\\.")
}

/// The finding for a regular expression written as a pattern, under `code`: its `^`, `\` and
/// inner `$` are all matched as characters, so naming only one of them would leave a fix that
/// still matches nothing.
fn regex_rule(line: &Line, key: &str, value: &str, code: Code, why: M) -> Finding {
    let pattern = pattern_of_regex(value);
    Finding::new(
        code,
        line.number,
        Message::new(M::RegexPattern).code("value", value),
        why,
        match &pattern {
            Some(pattern) => Message::new(M::WriteThePattern).code("pattern", pattern),
            None => M::RegexPatternFix.into(),
        },
    )
    .with_span(value_span(line))
    .with_replacement(pattern.and_then(|pattern| {
        // `^.*\/x` is `*/x`, which takes two rules to write starting with `/`.
        let rules: Option<Vec<String>> = if pattern.starts_with('*') {
            slashed(&pattern)
                .iter()
                .map(|pattern| rebuild(line, key, pattern))
                .collect()
        } else {
            rebuild(line, key, &pattern).map(|rule| vec![rule])
        };
        rules.map(|rules| rules.join("\n"))
    }))
}

/// The robots.txt pattern a simple regular expression means: its `/…/` delimiters and `^`
/// dropped, `.*` written `*`, escaped characters unescaped. `None` when it uses more of the
/// regex language (groups, classes, `?`), whose meaning a pattern cannot carry.
fn pattern_of_regex(value: &str) -> Option<String> {
    let body = match value
        .strip_prefix("/^")
        .and_then(|rest| rest.strip_suffix('/'))
    {
        Some(inner) => inner,
        None => value.strip_prefix('^').unwrap_or(value),
    };
    let pattern = body
        .replace(".*", "*")
        .replace("\\/", "/")
        .replace("\\.", ".");
    let inner = pattern.strip_suffix('$').unwrap_or(&pattern);
    if pattern.is_empty() || inner.contains(['^', '\\', '(', '[', '|', '+', '?', '{', '$']) {
        return None;
    }
    Some(if matches!(pattern.as_bytes()[0], b'/' | b'*') {
        pattern
    } else {
        format!("/{pattern}")
    })
}

/// The pattern without stars that add nothing: runs of `*` collapsed, a trailing `*` or `*$`
/// removed, `*` alone written `/`.
fn without_redundant_stars(value: &str) -> String {
    let mut collapsed = String::with_capacity(value.len());
    for c in value.chars() {
        if !(c == '*' && collapsed.ends_with('*')) {
            collapsed.push(c);
        }
    }
    let trimmed = collapsed
        .strip_suffix("*$")
        .or_else(|| collapsed.strip_suffix('*'))
        .unwrap_or(&collapsed);
    if trimmed.is_empty() {
        "/".to_owned()
    } else {
        trimmed.to_owned()
    }
}

/// Whether [`without_redundant_stars`] changes `value` (not empty): a `**`, or a final `*` or
/// `*$`. Every rule line asks, and few have such a star: the simpler pattern is made only for
/// those.
fn has_redundant_star(value: &str) -> bool {
    let bytes = value.as_bytes();
    bytes.windows(2).any(|pair| pair == b"**") || bytes.ends_with(b"*") || bytes.ends_with(b"*$")
}

/// A pattern's literal beginning: what comes before its first `*` (a final `$` set aside). Two
/// patterns can match a common URL only if one's beginning starts with the other's.
fn literal_head(pattern: &[u8]) -> &[u8] {
    let body = pattern.strip_suffix(b"$").unwrap_or(pattern);
    let star = body.iter().position(|&b| b == b'*').unwrap_or(body.len());
    &body[..star]
}

/// The non-empty rules of one rule set, sorted by literal beginning, to find quickly the rules
/// that may match a URL that a given pattern matches.
struct Contestants<'r> {
    /// (literal beginning, length in octets, rule)
    rules: Vec<(&'r [u8], usize, &'r Rule)>,
}

impl<'r> Contestants<'r> {
    fn new(cx: &Context<'r>, rules: impl Iterator<Item = &'r Rule>) -> Contestants<'r> {
        let robots = cx.robots;
        let mut rules: Vec<_> = rules
            .filter(|rule| !cx.pattern(rule).is_empty())
            .map(|rule| {
                let length = google_escaped_len(rule.pattern_bytes(robots));
                (literal_head(rule.pattern_bytes(robots)), length, rule)
            })
            .collect();
        crate::sorting::sort_by(&mut rules, |a, b| a.0.cmp(b.0));
        Contestants { rules }
    }

    /// The first of the rules whose beginning is a prefix of `head` or starts with it (those
    /// that are a prefix first, shortest first; then those that start with it, in order) that
    /// `contests` accepts. Every such rule costs one unit of `budget`, spent before any is
    /// looked at: `None`, with the budget spent, when it cannot pay for them all.
    ///
    /// The rules are runs of the sorted list, found by search: a head such as `/` (of
    /// `/*?color=*`) starts every rule of the set, and a list of them all, made for each
    /// redundant star, cost more than the search.
    fn contest(
        &self,
        head: &[u8],
        budget: &mut usize,
        contests: impl Fn(usize, &Rule) -> bool,
    ) -> Option<Option<&'r Rule>> {
        let rules = &self.rules;
        let run = |prefix: &[u8]| {
            let from = rules.partition_point(|(h, _, _)| *h < prefix);
            from..from + rules[from..].partition_point(|(h, _, _)| *h == prefix)
        };
        let from = rules.partition_point(|(h, _, _)| *h < head);
        let starting = from..from + rules[from..].partition_point(|(h, _, _)| h.starts_with(head));
        let runs: Vec<std::ops::Range<usize>> = (0..head.len())
            .map(|cut| run(&head[..cut]))
            .filter(|run| !run.is_empty())
            .chain(std::iter::once(starting))
            .collect();
        let count: usize = runs.iter().map(|run| run.len()).sum();
        match budget.checked_sub(count) {
            Some(left) => *budget = left,
            None => {
                *budget = 0;
                return None;
            }
        }
        let found = runs
            .into_iter()
            .flat_map(|run| &rules[run])
            .find(|&&(_, length, rule)| contests(length, rule))
            .map(|&(_, _, rule)| rule);
        Some(found)
    }
}

/// The rules of every rule set, and what the search for contests may still spend.
struct Contests<'c, 'r> {
    /// The rule sets are [`Context::rule_sets`](super::Context).
    cx: &'c Context<'r>,
    /// Each set's rules, sorted the first time a redundant star asks about the set: a file
    /// without one sorts none.
    sets: Vec<Option<Contestants<'r>>>,
    budget: usize,
}

impl<'r> Contests<'_, 'r> {
    /// A rule of the other kind, obeyed by the same crawlers (in one of `sets`) and able to
    /// match the same URLs, whose contest with this rule would be decided differently at
    /// length `old` and at length `new`. `Err` when the budget ran out.
    fn find(
        &mut self,
        sets: &[usize],
        pattern: &[u8],
        kind: RuleKind,
        old: usize,
        new: usize,
    ) -> Result<Option<&'r Rule>, OutOfBudget> {
        let beats = |length: usize, other: usize| {
            length > other || (length == other && kind == RuleKind::Allow)
        };
        let head = literal_head(pattern);
        for &set in sets {
            let cx = self.cx;
            let contest = self.sets[set]
                .get_or_insert_with(|| Contestants::new(cx, cx.rules_of(&cx.rule_sets[set])))
                .contest(head, &mut self.budget, |length, rule| {
                    rule.kind != kind && beats(old, length) != beats(new, length)
                })
                .ok_or(OutOfBudget)?;
            if contest.is_some() {
                return Ok(contest);
            }
        }
        Ok(None)
    }
}

/// The analysis spent its budget and proves nothing more.
struct OutOfBudget;

fn redundant_wildcard(
    contests: &mut Contests<'_, '_>,
    sets: &[usize],
    line: &Line,
    key: &str,
    value: &str,
    out: &mut Vec<Finding>,
) {
    if !has_redundant_star(value) {
        return;
    }
    let simpler = without_redundant_stars(value);
    let old = google_escaped_len(value.as_bytes());
    let new = google_escaped_len(simpler.as_bytes());
    let kind = if line.kind == LineKind::Allow {
        RuleKind::Allow
    } else {
        RuleKind::Disallow
    };
    // Out of budget: nothing can be proved about this rule, so nothing is said.
    let Ok(contest) = contests.find(sets, value.as_bytes(), kind, old, new) else {
        return;
    };
    let all = value == "*" || is_match_all(value);
    let finding = match contest {
        Some(rule) => Finding::new(
            Code::RedundantWildcard,
            line.number,
            Message::new(if all {
                M::RedundantWildcardAllContest
            } else {
                M::RedundantWildcardContest
            })
            .code("value", value)
            .code("simpler", &simpler)
            .count("old", old)
            .count("new", new)
            .with(
                "rule",
                directive_code(
                    if rule.kind == RuleKind::Allow {
                        "Allow"
                    } else {
                        "Disallow"
                    },
                    contests.cx.pattern(rule),
                ),
            )
            .line("line", rule.line),
            M::RedundantWildcardContestWhy,
            Message::new(M::RedundantWildcardContestFix).code("simpler", &simpler),
        )
        .with_related(vec![rule.line]),
        None => Finding::new(
            Code::RedundantWildcard,
            line.number,
            Message::new(if all {
                M::RedundantWildcardAll
            } else {
                M::RedundantWildcard
            })
            .code("value", value)
            .code("simpler", &simpler),
            M::RedundantWildcardWhy,
            Message::new(M::WriteSimpler).code("value", &simpler),
        )
        .with_replacement(rebuild(line, key, &simpler))
        .keeping_google_reading(),
    };
    out.push(finding.with_span(value_span(line)));
}

fn non_ascii(line: &Line, key: &str, value: &str, out: &mut Vec<Finding>) {
    if line.invalid_utf8 || value.chars().all(|c| c.is_ascii() || is_invisible(c)) {
        return;
    }
    let encoded = String::from_utf8_lossy(&google_escape(value.as_bytes())).into_owned();
    if let Some(meant) = encoded_twice(value) {
        // `NÃ£o`: the UTF-8 bytes of `Não` read as Latin-1 and encoded again. Crawlers compare
        // it as `N%C3%83%C2%A3o`, which no URL for `Não` (`N%C3%A3o`) holds: "nothing is
        // required" would be the wrong story.
        // Encoded once, as a browser requests it: spaces too.
        let fixed = String::from_utf8_lossy(&google_escape(meant.as_bytes()))
            .replace(' ', "%20")
            .replace('\t', "%09");
        out.push(
            Finding::new(
                Code::NonAsciiPattern,
                line.number,
                Message::new(M::NonAsciiEncodedTwice)
                    .code("value", value)
                    .code("meant", &meant)
                    .code("encoded", &encoded)
                    .code("fixed", &fixed),
                M::NonAsciiEncodedTwiceWhy,
                Message::new(M::NonAsciiEncodedTwiceFix)
                    .code("meant", &meant)
                    .code("fixed", &fixed),
            )
            .with_span(value_span(line))
            .with_replacement(rebuild(line, key, &fixed)),
        );
        return;
    }
    if let Some((character, ascii)) = value.chars().find_map(typed_for_ascii) {
        if value
            .chars()
            .all(|c| c.is_ascii() || typed_for_ascii(c).is_some())
        {
            out.push(typographic(line, key, value, &encoded, character, ascii));
            return;
        }
    }
    out.push(
        Finding::new(
            Code::NonAsciiPattern,
            line.number,
            Message::new(M::NonAsciiPattern)
                .code("value", value)
                .code("encoded", &encoded),
            M::NonAsciiPatternWhy,
            Message::new(M::NonAsciiPatternFix).code("encoded", &encoded),
        )
        .with_span(value_span(line))
        .with_replacement(rebuild(line, key, &encoded))
        .keeping_google_reading(),
    );
}

/// The ASCII mark a word processor's typographic one replaces as you type: dashes and the
/// minus sign for `-`, curly quotes for `'` and `"`.
fn typed_for_ascii(c: char) -> Option<(char, char)> {
    match c {
        '\u{2010}'..='\u{2015}' | '\u{2212}' => Some((c, '-')),
        '\u{2018}' | '\u{2019}' => Some((c, '\'')),
        '\u{201C}' | '\u{201D}' => Some((c, '"')),
        _ => None,
    }
}

/// `tallennetut—autot`: a path whose only non-ASCII characters are typographic marks was
/// likely typed in a word processor, which wrote them for `-` and quotes. The plain path is
/// the likely meaning (its answers show what the marks cost), not a certain one: a URL may
/// really hold an en dash.
fn typographic(
    line: &Line,
    key: &str,
    value: &str,
    encoded: &str,
    character: char,
    ascii: char,
) -> Finding {
    let plain: String = value
        .chars()
        .map(|c| typed_for_ascii(c).map_or(c, |(_, ascii)| ascii))
        .collect();
    let replacement = rebuild(line, key, &plain);
    let intent = replacement
        .as_ref()
        .map(|text| Intent::fix(vec![Edit::replace(line.number, text.as_str())]).likely());
    let character = character.to_string();
    let ascii = ascii.to_string();
    Finding::new(
        Code::NonAsciiPattern,
        line.number,
        Message::new(M::NonAsciiTypographic)
            .code("value", value)
            .code("character", &character)
            .code("ascii", &ascii)
            .code("encoded", encoded),
        M::NonAsciiTypographicWhy,
        Message::new(M::NonAsciiTypographicFix)
            .code("ascii", &ascii)
            .code("plain", &plain)
            .code("character", &character)
            .code("encoded", encoded),
    )
    .with_span(value_span(line))
    .with_intent(intent)
    .with_replacement(replacement)
}

/// Windows-1252's characters for the octets 0x80–0x9F, which Latin-1 leaves as controls:
/// text encoded twice through Windows-1252 holds them (`â€™` for `’`).
const WINDOWS_1252_HIGH: [(char, u8); 27] = [
    ('€', 0x80),
    ('‚', 0x82),
    ('ƒ', 0x83),
    ('„', 0x84),
    ('…', 0x85),
    ('†', 0x86),
    ('‡', 0x87),
    ('ˆ', 0x88),
    ('‰', 0x89),
    ('Š', 0x8A),
    ('‹', 0x8B),
    ('Œ', 0x8C),
    ('Ž', 0x8E),
    ('‘', 0x91),
    ('’', 0x92),
    ('“', 0x93),
    ('”', 0x94),
    ('•', 0x95),
    ('–', 0x96),
    ('—', 0x97),
    ('˜', 0x98),
    ('™', 0x99),
    ('š', 0x9A),
    ('›', 0x9B),
    ('œ', 0x9C),
    ('ž', 0x9E),
    ('Ÿ', 0x9F),
];

/// The text `value` was before it was encoded twice (its UTF-8 bytes read as Latin-1 or
/// Windows-1252 and encoded as UTF-8 again, once or more), or `None` when it is not such text.
/// Real Latin-1 text is almost never also valid UTF-8 (`é` alone is the octet 0xE9, which
/// UTF-8 does not allow there), so a decoding that succeeds and changes the text is the mark.
pub(super) fn encoded_twice(value: &str) -> Option<String> {
    let mut text = value.to_owned();
    // Each round shortens the text; three rounds undo any mojibake seen in practice.
    for _ in 0..3 {
        let octets: Option<Vec<u8>> = text
            .chars()
            .map(|c| match u8::try_from(u32::from(c)) {
                Ok(octet) => Some(octet),
                Err(_) => WINDOWS_1252_HIGH
                    .iter()
                    .find(|(high, _)| *high == c)
                    .map(|&(_, octet)| octet),
            })
            .collect();
        match octets.map(String::from_utf8) {
            Some(Ok(decoded)) if decoded != text => text = decoded,
            _ => break,
        }
    }
    (text != value).then_some(text)
}

fn spaces(line: &Line, key: &str, value: &str, out: &mut Vec<Finding>) {
    // The spaces of a template placeholder (`{{ product.url }}`) are encoded with its braces
    // by the placeholder's own fix (RL413): one cause, one finding.
    if !value.contains([' ', '\t']) || ["{{", "${", "<%"].iter().any(|open| value.contains(open)) {
        return;
    }
    let parts: Vec<&str> = value.split([' ', '\t']).filter(|p| !p.is_empty()).collect();
    // A part of nothing but `/`, `*` and `$` (`/* */*$`) names no path: as a rule of its own or
    // joined to its neighbour it would match nearly every URL. The space is then part of the
    // pattern, meant for the URLs that carry one.
    let names_paths = parts
        .iter()
        .all(|part| part.bytes().any(|b| !matches!(b, b'/' | b'*' | b'$')));
    if names_paths
        && parts
            .iter()
            .all(|p| p.starts_with('/') || p.starts_with('*'))
    {
        let lines: Vec<String> = parts.iter().map(|p| format!("{key}: {p}")).collect();
        out.push(
            Finding::new(
                Code::SeveralPathsOnOneLine,
                line.number,
                Message::new(M::SeveralPaths)
                    .code("value", value)
                    .count("count", parts.len()),
                M::SeveralPathsWhy,
                M::SeveralPathsFix,
            )
            .with_span(value_span(line))
            .with_replacement((!line.invalid_utf8).then(|| lines.join("\n"))),
        );
        return;
    }
    if let Some(next_to) = typo_space(&parts).filter(|_| names_paths) {
        let joined = parts.concat();
        out.push(
            Finding::new(
                Code::SpaceInPattern,
                line.number,
                Message::new(M::SpaceInPatternTypo)
                    .code("value", value)
                    .code("next", &next_to.to_string()),
                M::SpaceInPatternTypoWhy,
                Message::new(M::SpaceInPatternTypoFix).code("joined", &joined),
            )
            .with_span(value_span(line))
            .with_replacement(rebuild(line, key, &joined)),
        );
        return;
    }
    let encoded = value.replace(' ', "%20").replace('\t', "%09");
    out.push(
        Finding::new(
            Code::SpaceInPattern,
            line.number,
            Message::new(M::SpaceInPattern).code("value", value),
            M::SpaceInPatternWhy,
            Message::new(M::SpaceInPatternFix).code("encoded", &encoded),
        )
        .with_span(value_span(line))
        .with_replacement(rebuild(line, key, &encoded)),
    );
}

/// The URL delimiter beside which every space between `words` (a pattern split at its spaces)
/// stands, when each does (`productId= 1093651`, `/shop/ cart`, `/page .html`): no URL carries
/// a space next to `/`, `=`, `?`, `&` or the dot of an extension, so the space is evidently a
/// typo, and `%20` would keep a rule that matches nothing. A space between words (`/White
/// Papers/`, `(1).html` after a space) is part of a name, and is written `%20`.
fn typo_space(words: &[&str]) -> Option<char> {
    const DELIMITERS: [char; 5] = ['/', '=', '?', '&', '.'];
    let delimiter = |c: Option<char>| c.filter(|c| DELIMITERS.contains(c));
    let mut next_to = None;
    for pair in words.windows(2) {
        let found =
            delimiter(pair[0].chars().next_back()).or_else(|| delimiter(pair[1].chars().next()))?;
        next_to.get_or_insert(found);
    }
    next_to
}

/// `value` as browsers request it: the characters of the WHATWG path percent-encode set that a
/// pattern can hold (space, `"`, `<`, `>`, `` ` ``, `{`, `}`) percent-encoded. A link written
/// `/{{url}}` in an unrendered template is requested as `/%7B%7Burl%7D%7D`.
fn path_encoded(value: &str) -> String {
    let mut encoded = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            ' ' => encoded.push_str("%20"),
            '"' => encoded.push_str("%22"),
            '<' => encoded.push_str("%3C"),
            '>' => encoded.push_str("%3E"),
            '`' => encoded.push_str("%60"),
            '{' => encoded.push_str("%7B"),
            '}' => encoded.push_str("%7D"),
            _ => encoded.push(c),
        }
    }
    encoded
}

/// A template placeholder never filled in (`{{ … }}`, `${ … }`, `<% … %>`): RL413. A `%` not
/// followed by two hex digits, `%name%` included, is RL416, a note: a merge tag left in URLs
/// (`/*hashid=%subscriber_hash%`) is blocked on purpose, and Google matches it as written.
fn placeholder(cx: &Context<'_>, line: &Line, key: &str, value: &str, out: &mut Vec<Finding>) {
    // Every template opens with `{` (`{{`, `${`) or holds a `%` (`<%`), as does every escape:
    // one look at the octets spares the three searches in the thousands of rules with neither.
    if !value.bytes().any(|b| b == b'{' || b == b'%') {
        return;
    }
    let template = ["{{", "${", "<%"]
        .iter()
        .find_map(|open| value.find(open).map(|at| (at, *open)));
    if let Some((at, open)) = template {
        // `/{{product.url}}` is as often a deliberate rule for the links of an unrendered
        // template as a placeholder never filled in; either way browsers request those links
        // with the braces percent-encoded (the WHATWG path percent-encode set), and Google does
        // not match `%7B` against a raw `{`: the encoded pattern is the rule that works.
        let encoded = path_encoded(value);
        // Sites that block such links often write both forms, one after the other
        // (`/*{{url}}`, then `/*%7B%7Burl%7D%7D`): the encoded twin already does the work.
        let twin = |number: usize| {
            cx.robots
                .line(number)
                .is_some_and(|other| other.kind.is_rule() && other.value() == Some(&encoded))
        };
        if twin(line.number.saturating_sub(1)) || twin(line.number + 1) {
            return;
        }
        out.push(
            Finding::new(
                Code::UnfilledPlaceholder,
                line.number,
                Message::new(M::PlaceholderTemplate)
                    .code("value", value)
                    .code("open", open)
                    .count("at", at)
                    .code("encoded", &encoded),
                M::UnfilledPlaceholderWhy,
                Message::new(M::UnfilledPlaceholderFix).code("encoded", &encoded),
            )
            .with_span(value_span(line))
            .with_replacement(rebuild(line, key, &encoded)),
        );
        return;
    }
    let bytes = value.as_bytes();
    let Some(at) = (0..bytes.len()).find(|&at| {
        bytes[at] == b'%'
            && !(bytes.get(at + 1).is_some_and(u8::is_ascii_hexdigit)
                && bytes.get(at + 2).is_some_and(u8::is_ascii_hexdigit))
    }) else {
        return;
    };
    // A generator's macro (`%%PATTERN:url%%`, `%%SITEURL%%`) that the tool writing the file
    // never expanded: no URL carries it, and the rule stands for a path nobody wrote.
    if let Some(macro_text) = generator_macro(&value[at..]) {
        out.push(
            Finding::new(
                Code::PercentNotAnEscape,
                line.number,
                Message::new(M::PercentNotAnEscapeMacro)
                    .code("value", value)
                    .code("macro", macro_text),
                M::PercentNotAnEscapeWhy,
                M::PercentNotAnEscapeMacroFix,
            )
            .with_span(value_span(line)),
        );
        return;
    }
    let word: String = value[at + 1..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let message = if !word.is_empty() && value[at + 1 + word.len()..].starts_with('%') {
        Message::new(M::PercentNotAnEscapeWord)
            .code("value", value)
            .code("word", &format!("%{word}%"))
    } else {
        Message::new(M::PercentNotAnEscape).code("value", value)
    };
    out.push(
        Finding::new(
            Code::PercentNotAnEscape,
            line.number,
            message,
            M::PercentNotAnEscapeWhy,
            M::PercentNotAnEscapeFix,
        )
        .with_span(value_span(line)),
    );
}

/// The generator's macro `text` starts with: `%%`, a name (letters, digits, `_`, `:`, `.`,
/// `-`) and `%%`.
fn generator_macro(text: &str) -> Option<&str> {
    let inner = text.strip_prefix("%%")?;
    let end = inner.find("%%")?;
    let name = &inner[..end];
    let is_name = name.bytes().any(|b| b.is_ascii_alphabetic())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b':' | b'.' | b'-'));
    is_name.then(|| &text[..end + 4])
}

/// Whether the file shows a site built with a framework that names route groups in
/// parentheses: a path under Next.js's `/_next/` or SvelteKit's `/_app/immutable/`, or a
/// comment naming either. Elsewhere a segment in parentheses is a real one, which the URLs
/// carry (eZ Publish's view parameters, `/(offset)/20`).
fn shows_route_groups(cx: &Context<'_>) -> bool {
    cx.lines().any(|line| {
        let text = line.text();
        // Each sign holds a `_`, a `.` or a `v`: a line with none, most of them, is not searched.
        if !text.bytes().any(|b| matches!(b, b'_' | b'.' | b'v' | b'V')) {
            return false;
        }
        text.contains("/_next/")
            || text.contains("/_app/immutable")
            || [b"next.js".as_slice(), b"sveltekit"]
                .iter()
                .any(|name| contains_ignoring_case(text.as_bytes(), name))
    })
}

/// Whether `text` holds `name` (lower-case ASCII) in any letter case. Only the places that
/// start with its first letter are compared: every line of the file is searched, and comparing
/// the whole name at every octet cost more than the rest of the line's checks.
fn contains_ignoring_case(text: &[u8], name: &[u8]) -> bool {
    let Some((&first, _)) = name.split_first() else {
        return true;
    };
    (0..text.len().saturating_sub(name.len() - 1)).any(|at| {
        text[at].to_ascii_lowercase() == first
            && text[at..at + name.len()].eq_ignore_ascii_case(name)
    })
}

/// `/(authenticated)/`: a whole path segment in parentheses, the way Next.js and SvelteKit name
/// route groups, folders that organise the code and are left out of every URL.
fn route_group_segment(value: &str) -> Option<&str> {
    value.split('/').skip(1).find_map(|segment| {
        let segment = segment.trim_end_matches(['*', '$']);
        let name = segment.strip_prefix('(')?.strip_suffix(')')?;
        let is_name = name.bytes().any(|b| b.is_ascii_alphanumeric())
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
        is_name.then_some(segment)
    })
}

fn route_group(line: &Line, key: &str, value: &str, out: &mut Vec<Finding>) {
    let Some(segment) = route_group_segment(value) else {
        return;
    };
    // Without the folder the rule means what was meant, unless nothing is left but `/`: then it
    // would close the whole site, which is no mechanical fix.
    let without = value.replacen(&format!("/{segment}"), "", 1);
    let replacement = (!without.trim_matches(['/', '*', '$']).is_empty())
        .then(|| rebuild(line, key, &without))
        .flatten();
    out.push(
        Finding::new(
            Code::RouteGroupInPattern,
            line.number,
            Message::new(M::RouteGroupInPattern)
                .code("value", value)
                .code("segment", segment),
            M::RouteGroupInPatternWhy,
            if replacement.is_some() {
                Message::new(M::RouteGroupInPatternFixPath).code("path", &without)
            } else {
                M::RouteGroupInPatternFix.into()
            },
        )
        .with_span(value_span(line))
        .with_replacement(replacement),
    );
}

/// The patterns starting with `/` that match what `value` (starting with `*`) matches. `*/x`
/// matches `/x` itself (the star taking nothing) and `/x` deeper in the path, which one pattern
/// starting with `/` cannot say (`/*/x` misses `/x`): two rules can.
fn slashed(value: &str) -> Vec<String> {
    match value.strip_prefix('*').filter(|rest| rest.starts_with('/')) {
        Some(rest) => vec![rest.to_owned(), format!("/*{rest}")],
        None => vec![format!("/{value}")],
    }
}

/// `Disallow: *.pdf`: a pattern starting with `*` where RFC 9309 writes `/`. Beside it, whether
/// the fix also wakes the rule for readers without wildcards (`*/print/` → `/print/`).
fn leading_star(line: &Line, key: &str, value: &str) -> Option<(bool, Finding)> {
    // `*` and `*$` alone are `redundant-wildcard`'s: write `/`.
    if !value.starts_with('*') || value.trim_matches(['*', '$']).is_empty() {
        return None;
    }
    let slashed = slashed(value);
    let wakes = wakes_literal_readers(value, slashed.iter().map(String::as_str));
    let shown = || slashed.iter().map(|pattern| Value::code(pattern)).collect();
    let replacement: Option<Vec<String>> = slashed
        .iter()
        .map(|pattern| rebuild(line, key, pattern))
        .collect();
    let why = if wakes {
        Message::new(M::PatternStartsWithStarWakesWhy).code("literal", &slashed[0])
    } else {
        M::PatternStartsWithStarWhy.into()
    };
    let finding = Finding::new(
        Code::PatternStartsWithStar,
        line.number,
        Message::new(M::PatternStartsWithStar)
            .code("value", value)
            .list("slashed", shown()),
        why,
        Message::new(M::PatternStartsWithStarFix).list("slashed", shown()),
    )
    .with_span(value_span(line))
    .with_replacement(replacement.map(|lines| lines.join("\n")))
    .keeping_google_reading();
    Some((wakes, finding))
}

/// A `#` glued to a pattern (RL412). When the rule, read up to the `#`, is `Disallow: /` or
/// `/*` and the `#` starts a fragment (`/*#`, `/#!/admin`, not `/# a comment`), the author
/// wrote a rule for some URLs and every crawler of the group reads one that closes the whole
/// site: unless the group closes it anyway, a verdict changes against the evident intent, an
/// error by `docs/severity.md`.
fn hash_after_pattern(
    cx: &Context<'_>,
    line: &Line,
    group: Option<&Group>,
    key: &str,
    value: &str,
    out: &mut Vec<Finding>,
) {
    if !line.has_comment || line.invalid_utf8 {
        return;
    }
    let Some(hash) = line.text().find('#') else {
        return;
    };
    let glued = line.text()[..hash]
        .chars()
        .next_back()
        .is_some_and(|c| !c.is_whitespace() && c != ':');
    if !glued {
        return;
    }
    let dropped = line.text()[hash..]
        .split(is_google_space)
        .next()
        .unwrap_or("#");
    let fragment = !line.text()[hash + 1..].starts_with(is_google_space);
    let closing_group = group.filter(|group| {
        fragment
            && line.kind == LineKind::Disallow
            && is_match_all(value)
            && !group.rules.iter().any(|rule| {
                rule.line != line.number
                    && rule.kind == RuleKind::Disallow
                    && is_match_all(cx.pattern(rule))
            })
    });
    let closes_site = closing_group.is_some();
    let message = if let Some(group) = closing_group {
        if group.agents.iter().any(|a| a.token == AgentToken::Star) {
            Message::new(M::HashInPatternClosesSiteStar)
        } else {
            let agents: Vec<Value> = group
                .agents
                .iter()
                .map(|a| Value::code(a.value()))
                .collect();
            Message::new(M::HashInPatternClosesSite).list("agents", agents)
        }
    } else {
        Message::new(match (is_match_all(value), line.kind) {
            (true, LineKind::Disallow) => M::HashInPatternBlocksAll,
            (true, _) => M::HashInPatternAllowsAll,
            _ => M::HashInPattern,
        })
    };
    let finding = Finding::new(
        Code::HashInPattern,
        line.number,
        message
            .code("value", value)
            .with("rule", directive_code(key, value))
            .code("dropped", dropped),
        M::HashInPatternWhy,
        if closes_site {
            M::HashInPatternClosesSiteFix
        } else {
            M::HashInPatternFix
        },
    )
    .with_span(span_in_line(line, hash, line.text().len() - hash));
    out.push(if closes_site {
        // A fragment never reaches the server: the rule was meant to block nothing a crawler
        // requests, and deleting it is the fix.
        finding
            .with_severity(Severity::Error)
            .with_intent(Some(Intent::fix(vec![Edit::delete(line.number)])))
    } else {
        finding
    });
}

fn empty_rules(cx: &Context<'_>, group: &crate::group::Group, out: &mut Vec<Finding>) {
    let real: Vec<usize> = group
        .rules
        .iter()
        .filter(|rule| !cx.pattern(rule).is_empty())
        .map(|rule| rule.line)
        .collect();
    if real.is_empty() {
        return;
    }
    for rule in group
        .rules
        .iter()
        .filter(|rule| cx.pattern(rule).is_empty())
    {
        let line = cx.line(rule.line);
        // Python's legacy robotparser, the reader the line misleads, ends a group at a blank
        // line: it reads this line only with the real rules no blank line sets apart from it.
        let record: Vec<usize> = real
            .iter()
            .copied()
            .filter(|&other| {
                let (from, to) = (rule.line.min(other), rule.line.max(other));
                !(from + 1..to).any(|n| cx.line(n).kind == LineKind::Blank)
            })
            .collect();
        // None of them, and a blank line before the next (`Disallow:`, a blank line, the rules):
        // Python loses the rules to the blank line with or without this one, so no answer
        // depends on it.
        let next = real.iter().copied().find(|&other| other > rule.line);
        let blank = next
            .filter(|_| record.is_empty())
            .and_then(|next| (rule.line + 1..next).find(|&n| cx.line(n).kind == LineKind::Blank));
        // Below every real rule it is read with, even a first-match reader (Python's legacy
        // robotparser, which reads it as "allow everything") reaches it only for paths no rule
        // matched, which are allowed anyway: every reader gives the same answers, so it is only
        // style.
        let last = record.iter().all(|&other| other < rule.line);
        // When the real rules only allow (`Disallow:` then `Allow: /`), every path is open
        // whatever a reader makes of the empty line: no answer changes, so it is only style.
        let only_allows = group
            .rules
            .iter()
            .all(|rule| rule.kind == RuleKind::Allow || cx.pattern(rule).is_empty());
        let id = match rule.kind {
            // Set apart, the line is all Python reads of the group: "whatever it makes of
            // the empty line" would not hold, as without it the record goes.
            RuleKind::Disallow if blank.is_some() => M::EmptyDisallowApart,
            RuleKind::Disallow if only_allows => M::EmptyDisallowOpenGroup,
            RuleKind::Disallow if record.first().is_some_and(|&f| rule.line < f) => {
                M::EmptyDisallowFirst
            }
            RuleKind::Disallow if last => M::EmptyDisallowLast,
            RuleKind::Disallow => M::EmptyDisallow,
            RuleKind::Allow => M::EmptyAllow,
        };
        let shown = if record.is_empty() { &real } else { &record };
        let mut message = Message::new(id).lines("lines", shown);
        // Only the sentence about the blank line names it (an open group's empty rule can be
        // set apart by one too, and says nothing of it).
        if let (Some(blank), M::EmptyDisallowApart) = (blank, id) {
            message = message.line("blank", blank);
        }
        out.push(
            Finding::new(
                Code::EmptyRuleAmongRules,
                rule.line,
                message,
                M::EmptyRuleAmongRulesWhy,
                M::EmptyRuleAmongRulesFix,
            )
            .with_span(span_in_line(&line, 0, line.text().len()))
            .with_related(real.clone())
            // Google matches nothing with the empty rule: its reading is the meant one, and the
            // deletion is for the readers that read the line otherwise. Where Python reads the
            // line alone in its record (a blank line sets the real rules apart), deleting it
            // drops the record and sends the crawler to `*`: a move away from Google's answer,
            // which withholds the fix instead of passing for what was meant.
            .with_intent(Some(Intent::portable(vec![Edit::delete(rule.line)])))
            .with_severity(if last || only_allows || blank.is_some() {
                Severity::Info
            } else {
                Code::EmptyRuleAmongRules.severity()
            }),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::super::Code;
    use super::{encoded_twice, without_redundant_stars};

    #[test]
    fn an_allow_for_every_folder_is_asked_inside_the_folders_its_group_closes() {
        // `Allow: .js` matches nothing; `/*.js`, the fix, opens the scripts under `/e`, which
        // is what it was written for: the evidence asks there.
        let input = "User-agent: *\nDisallow: /e\nAllow: .js\n";
        let found = with_code(input, Code::PatternWithoutSlash);
        assert_eq!(found.len(), 1);
        assert_ne!(
            found[0].severity,
            crate::audit::Severity::Info,
            "{:?}",
            found[0]
        );
        assert!(found[0].effect.iter().any(|e| e.url.starts_with("/e/")
            && e.url.ends_with(".js")
            && !e.allowed
            && e.intended));
    }

    #[test]
    fn html_entities_are_named_and_the_fix_decodes_them() {
        let found = with_code(
            "User-agent: *\nDisallow: /answers/?s_tid=x&amp;page=*\n",
            Code::HtmlEntityInPattern,
        );
        assert_eq!(found.len(), 1);
        let message = found[0].message.english();
        assert!(
            message.contains("`&amp;`") && message.contains("`&`"),
            "{message}"
        );
        assert_eq!(
            found[0].replacement.as_deref(),
            Some("Disallow: /answers/?s_tid=x&page=*")
        );
        // The rule as written matches no URL it names: Googlebot's answer changes.
        assert_eq!(found[0].severity, crate::audit::Severity::Error);
        // `"`, `<`, `>` are written as browsers request them; a real `&` and text that only
        // looks like the start of an entity stay.
        let found = with_code(
            "User-agent: *\nDisallow: /q?a=1&b=&quot;x&quot;&ampy&lt;\n",
            Code::HtmlEntityInPattern,
        );
        assert_eq!(
            found[0].replacement.as_deref(),
            Some("Disallow: /q?a=1&b=%22x%22&ampy%3C")
        );
    }

    #[test]
    fn a_real_ampersand_a_comment_and_evident_escaped_text_are_left_alone() {
        for input in [
            "User-agent: *\nDisallow: /list?a=1&b=2\n",
            "User-agent: *\nDisallow: /private # copied from a?b=1&amp;c=2\n",
            "# Disallow: /list?a=1&amp;b=2\nUser-agent: *\nDisallow: /x\n",
            // Nothing but the reference and wildcards: URLs a template escaped twice.
            "User-agent: *\nDisallow: /*&gt;\n",
            // The decoded twin is there too: both forms on purpose.
            "User-agent: *\nDisallow: *&ref*\nDisallow: *&amp;ref*\n",
        ] {
            assert!(
                with_code(input, Code::HtmlEntityInPattern).is_empty(),
                "{input}"
            );
        }
    }

    #[test]
    fn no_other_fix_of_an_entity_line_keeps_the_entity() {
        let input = "User-agent: *\nDisallow: /my files?a=1&amp;b=2\nDisallow: *?x&amp;y\n";
        let found = findings(input);
        assert!(found.iter().any(|f| f.code == Code::HtmlEntityInPattern));
        for finding in found.iter().filter(|f| f.line > 1) {
            let replacement = finding.replacement.as_deref().unwrap_or_default();
            assert!(
                !replacement.contains("&amp;"),
                "{}: {replacement}",
                finding.code
            );
        }
        let spaces = with_code(input, Code::SpaceInPattern);
        assert_eq!(
            spaces[0].replacement.as_deref(),
            Some("Disallow: /my%20files?a=1&b=2")
        );
    }

    #[test]
    fn an_entity_that_changes_no_answer_is_a_note() {
        let found = with_code(
            "User-agent: *\nAllow: /list?a=1&amp;b=2\n",
            Code::HtmlEntityInPattern,
        );
        assert_eq!(found[0].severity, crate::audit::Severity::Info);
    }

    #[test]
    fn text_encoded_twice_is_named_with_what_it_meant() {
        assert_eq!(encoded_twice("/*-NÃ£o*").as_deref(), Some("/*-Não*"));
        assert_eq!(encoded_twice("/NÃƒÂ£o").as_deref(), Some("/Não"));
        assert_eq!(encoded_twice("/â€™s-guide").as_deref(), Some("/’s-guide"));
        for plain in ["/café", "/Não", "/日本語/", "/ascii"] {
            assert_eq!(encoded_twice(plain), None, "{plain}");
        }
        let found = with_code("User-agent: *\nDisallow: /*-NÃ£o*\n", Code::NonAsciiPattern);
        assert_eq!(
            found[0].replacement.as_deref(),
            Some("Disallow: /*-N%C3%A3o*")
        );
        assert!(found[0].message.english().contains("`/*-Não*`"));
        assert!(!found[0].fix.english().starts_with("Nothing"));
    }

    #[test]
    fn a_url_of_another_host_is_not_turned_into_a_path_of_this_one() {
        let input = "User-agent: *\n\
                     Disallow: https://staging.example.net/*\n\
                     Disallow: http://blog.example.com/feed\n\
                     Disallow: https://www.example.com/private/\n\
                     Disallow: www.example.com/old/page$\n\
                     Sitemap: https://www.example.com/sitemap.xml\n";
        let found = with_code(input, Code::PatternWithoutSlash);
        let by_line = |n: usize| found.iter().find(|f| f.line == n).unwrap();
        for other in [2, 3] {
            let finding = by_line(other);
            assert_eq!(finding.replacement, None);
            assert!(finding.message.english().contains("another host"));
            assert!(finding.fix.english().starts_with("Remove the rule"));
        }
        assert_eq!(
            by_line(4).replacement.as_deref(),
            Some("Disallow: /private/")
        );
        assert_eq!(
            by_line(5).replacement.as_deref(),
            Some("Disallow: /old/page$")
        );
    }

    #[test]
    fn a_url_whose_host_the_file_does_not_name_gets_a_conditional_fix() {
        let found = with_code(
            "User-agent: *\nDisallow: https://stage.example.org*\n",
            Code::PatternWithoutSlash,
        );
        assert_eq!(found[0].replacement, None);
        let fix = found[0].fix.english();
        assert!(
            fix.starts_with("If `stage.example.org` is this site"),
            "{fix}"
        );
    }

    fn replacement(input: &str, code: Code) -> Option<String> {
        with_code(input, code)
            .first()
            .and_then(|f| f.replacement.clone())
    }

    #[test]
    fn patterns_without_a_leading_slash_get_a_fix() {
        let cases = [
            ("private/", "Disallow: /private/"),
            ("https://www.example.com/tmp/?a=1", "Disallow: /tmp/?a=1"),
            (".pdf$", "Disallow: /*.pdf$"),
            ("?sort=", "Disallow: /*?sort="),
        ];
        for (pattern, fixed) in cases {
            // The Sitemap names the file's own host, so its URLs become paths.
            let input = format!(
                "User-agent: *\nDisallow: {pattern}\nSitemap: https://www.example.com/s.xml\n"
            );
            assert_eq!(
                replacement(&input, Code::PatternWithoutSlash).as_deref(),
                Some(fixed),
                "{pattern}"
            );
        }
        assert_eq!(
            codes("User-agent: *\nDisallow: $\n"),
            [(Code::PatternWithoutSlash, 2)]
        );
        assert!(with_code(
            "User-agent: *\nDisallow: *.gif$\n",
            Code::PatternWithoutSlash
        )
        .is_empty());
    }

    #[test]
    fn an_inner_dollar_is_pointed_at() {
        let found = with_code("User-agent: *\nDisallow: /a$b\n", Code::DollarInsidePattern);
        assert_eq!(found.len(), 1);
        let span = found[0].span.unwrap();
        assert_eq!(span.end - span.start, 1);
        assert!(with_code("User-agent: *\nDisallow: /a$\n", Code::DollarInsidePattern).is_empty());
    }

    #[test]
    fn redundant_stars_are_removed() {
        assert_eq!(without_redundant_stars("/a*"), "/a");
        assert_eq!(without_redundant_stars("/a**b"), "/a*b");
        assert_eq!(without_redundant_stars("/a*$"), "/a");
        assert_eq!(without_redundant_stars("/*"), "/");
        assert_eq!(without_redundant_stars("*"), "/");
        assert_eq!(without_redundant_stars("*$"), "/");
        assert_eq!(without_redundant_stars("/a$"), "/a$");
        assert_eq!(without_redundant_stars("/*.php$"), "/*.php$");
    }

    #[test]
    fn a_redundant_star_gets_a_replacement_unless_it_decides_a_contest() {
        assert_eq!(
            replacement(
                "User-agent: *\nDisallow: /private*\n",
                Code::RedundantWildcard
            )
            .as_deref(),
            Some("Disallow: /private")
        );
        let contest = with_code(
            "User-agent: *\nAllow: /\nDisallow: /*\n",
            Code::RedundantWildcard,
        );
        assert_eq!(contest.len(), 1);
        assert_eq!(contest[0].replacement, None);
        assert_eq!(contest[0].related_lines, [2]);
        assert!(
            contest[0].message.english().contains("2 octets against 1"),
            "{}",
            contest[0].message
        );
        let unrelated = "User-agent: *\nAllow: /blog\nAllow: /docs\nDisallow: /docs*\n";
        let found = with_code(unrelated, Code::RedundantWildcard);
        assert_eq!(
            found[0].related_lines,
            [3],
            "only a rule that can match the same URLs"
        );
    }

    #[test]
    fn unfilled_placeholders_and_broken_escapes_are_named() {
        let input = "User-agent: *\nDisallow: /*hashid=%subscriber_hash%\nDisallow: /{{ path }}\n\
                     Disallow: /a%zz\nDisallow: /ok%2F\nDisallow: /${prefix}/x\n";
        let found = with_code(input, Code::UnfilledPlaceholder);
        let lines: Vec<usize> = found.iter().map(|f| f.line).collect();
        assert_eq!(lines, [3, 6]);
        assert!(
            found[0].fix.english().contains("placeholder"),
            "{}",
            found[0].fix
        );
        // Links of an unrendered template are requested with their braces encoded, which is
        // the rule that blocks them; `$` is not encoded by browsers.
        let fixes: Vec<Option<&str>> = found.iter().map(|f| f.replacement.as_deref()).collect();
        assert_eq!(
            fixes,
            [
                Some("Disallow: /%7B%7B%20path%20%7D%7D"),
                Some("Disallow: /$%7Bprefix%7D/x")
            ]
        );
        // A `%` that is no escape is a note, and a merge tag is not called a forgotten
        // placeholder: `/*hashid=%subscriber_hash%` blocks the URLs that carry it, which Google
        // itself answers so.
        let escapes = with_code(input, Code::PercentNotAnEscape);
        let lines: Vec<usize> = escapes.iter().map(|f| f.line).collect();
        assert_eq!(lines, [2, 4]);
        assert_eq!(escapes[0].severity, super::super::Severity::Info);
        let words = escapes[0].message.english();
        assert!(words.contains("`%subscriber_hash%`"), "{words}");
        assert!(!words.contains("never filled"), "{words}");
        assert!(
            !escapes[0].fix.english().contains("`%25`"),
            "{}",
            escapes[0].fix
        );
        let robots = crate::robots::RobotsTxt::parse(input.as_bytes());
        let google = robots.checker(crate::profile::Profile::Google);
        assert!(
            !google
                .check(
                    "Bot",
                    "/x?hashid=%subscriber_hash%",
                    crate::profile::AgentMatch::Token
                )
                .allowed
        );
    }

    #[test]
    fn patterns_that_need_a_double_slash_are_named_with_a_safe_fix() {
        let input =
            "User-agent: *\nDisallow: //www.example.com/tmp/\nDisallow: *//admin-ajax.php\n\
                     Disallow: //old-page.html\nDisallow: //www.example.com/\nDisallow: /*//*\n\
                     Disallow: //\nDisallow: /go?to=http://x.example/a\n";
        let found = with_code(input, Code::DoubleSlashInPattern);
        let fixes: Vec<(usize, Option<&str>)> = found
            .iter()
            .map(|f| (f.line, f.replacement.as_deref()))
            .collect();
        assert_eq!(
            fixes,
            [
                (2, Some("Disallow: /tmp/")),
                // One fix for the doubled slash and the leading star, and no second finding
                // (RL415) proposing `/*//admin-ajax.php`.
                (3, Some("Disallow: /*/admin-ajax.php")),
                (4, Some("Disallow: /old-page.html")),
                // The whole site is never offered as a mechanical fix.
                (5, None),
            ]
        );
        assert!(with_code(input, Code::PatternStartsWithStar).is_empty());
        // Each starts with `/` or `*`: none is called a pattern without a slash.
        assert!(with_code(input, Code::PatternWithoutSlash).is_empty());
        for finding in &found {
            assert!(
                !finding.why.english().contains("always `/`"),
                "{}",
                finding.why
            );
        }
    }

    #[test]
    fn a_double_slash_inside_a_literal_path_is_a_real_path() {
        // No reader merges slashes, and links joined as `base + "/" + name` request these
        // paths: sites list them on purpose. The fix would block the real page instead.
        let input = "User-agent: *\nDisallow: /calendar//index.html\n\
                     Disallow: /worldclock////full.html\nDisallow: /forms//embed/v3/form/\n\
                     Disallow: /a///b\n";
        assert!(with_code(input, Code::DoubleSlashInPattern).is_empty());
        // A star before the doubled slash still needs it.
        let found = with_code(
            "User-agent: *\nDisallow: /*//cart\nDisallow: /shop/*//x\n",
            Code::DoubleSlashInPattern,
        );
        let fixes: Vec<Option<&str>> = found.iter().map(|f| f.replacement.as_deref()).collect();
        assert_eq!(
            fixes,
            [Some("Disallow: /*/cart"), Some("Disallow: /shop/*/x")]
        );
    }

    #[test]
    fn redundant_stars_are_one_finding_per_file() {
        let found = with_code(
            "User-agent: *\nDisallow: /a*\nDisallow: /b*\nUser-agent: x\nDisallow: /c*\n",
            Code::RedundantWildcard,
        );
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].line, 2);
        // Google reads `/a*` as `/a`; Python's robotparser reads the star literally, so for it
        // the rule matches nothing until it is written `/a`: readers disagree, a warning.
        assert_eq!(found[0].severity, super::super::Severity::Warning);
        assert!(found[0]
            .effect
            .iter()
            .all(|effect| effect.profile == crate::profile::Profile::Python));
        assert!(
            found[0]
                .message
                .english()
                .ends_with("The same holds for 2 more rules (lines 3 and 5)."),
            "{}",
            found[0].message
        );
        assert_eq!(found[0].related_lines, [3, 5]);
    }

    #[test]
    fn non_ascii_is_noted_with_its_encoding() {
        let found = with_code("User-agent: *\nDisallow: /café\n", Code::NonAsciiPattern);
        assert_eq!(
            found[0].replacement.as_deref(),
            Some("Disallow: /caf%C3%A9")
        );
    }

    #[test]
    fn spaces_and_several_paths() {
        assert_eq!(
            replacement(
                "User-agent: *\nDisallow: /my files/\n",
                Code::SpaceInPattern
            )
            .as_deref(),
            Some("Disallow: /my%20files/")
        );
        assert_eq!(
            replacement(
                "User-agent: *\nDisallow: /a /b\n",
                Code::SeveralPathsOnOneLine
            )
            .as_deref(),
            Some("Disallow: /a\nDisallow: /b")
        );
        // `/* */*$` lists no paths: split, it would close the site with `/*`, and joined it
        // would match nearly every URL. It is a pattern for URLs that carry a space.
        let spaced = "User-agent: *\nDisallow: /* */*$\nDisallow: /*%20*/*$\n";
        assert!(with_code(spaced, Code::SeveralPathsOnOneLine).is_empty());
        let found = with_code(spaced, Code::SpaceInPattern);
        assert_eq!(found.len(), 1);
        assert!(
            found[0].message.english().contains("/* */*$"),
            "{}",
            found[0].message
        );
        assert_ne!(found[0].replacement.as_deref(), Some("Disallow: /**/*$"));
    }

    #[test]
    fn a_hash_glued_to_a_pattern() {
        // Read up to the `#`, a rule for one hash-bang route closes the whole site.
        let found = with_code("User-agent: *\nDisallow: /#!/admin\n", Code::HashInPattern);
        assert_eq!(found.len(), 1);
        assert!(
            found[0].message.english().contains("closes the whole site"),
            "{}",
            found[0].message
        );
        assert_eq!(found[0].severity, super::super::Severity::Error);
        // Not when the group closes the site anyway, nor for a comment glued to `/`: every
        // reader reads the rule up to the `#` as its author meant, so no answer changes.
        for input in [
            "User-agent: *\nDisallow: /\nDisallow: /#!/admin\n",
            "User-agent: *\nDisallow: /# block everything\n",
        ] {
            let found = with_code(input, Code::HashInPattern);
            assert_eq!(found.len(), 1, "{input}");
            assert!(
                found[0].message.english().contains("blocks every URL"),
                "{}",
                found[0].message
            );
            assert_eq!(found[0].severity, super::super::Severity::Info);
            assert!(found[0].effect.is_empty());
        }
        assert!(with_code("User-agent: *\nDisallow: /a # note\n", Code::HashInPattern).is_empty());
        assert!(with_code("User-agent: *\nDisallow:# nothing\n", Code::HashInPattern).is_empty());
    }

    #[test]
    fn a_route_groups_folder_never_appears_in_a_url() {
        let found = with_code(
            "User-agent: *\nDisallow: /(authenticated)/\nDisallow: /(shop)/cart/*\n\
             Disallow: /wiki/Foo_(bar)\nDisallow: /(.)photo/\nDisallow: /a/(b c)/\n\
             Allow: /_next/static/\n",
            Code::RouteGroupInPattern,
        );
        assert_eq!(found.iter().map(|f| f.line).collect::<Vec<_>>(), [2, 3]);
        assert!(
            found[0].message.english().contains("`(authenticated)`"),
            "{}",
            found[0].message
        );
        // Dropping the folder from `/(authenticated)/` would leave `/`, the whole site.
        assert_eq!(found[0].replacement, None);
        assert_eq!(found[1].replacement.as_deref(), Some("Disallow: /cart/*"));
        // Without a sign of such a framework, a segment in parentheses is a real one: eZ
        // Publish's view parameters are served as written.
        let ez = "User-agent: *\nDisallow: /var/\nDisallow: /content/view/(offset)/\n";
        assert!(with_code(ez, Code::RouteGroupInPattern).is_empty());
        let comment = "# SvelteKit\nUser-agent: *\nDisallow: /(app)/settings/\n";
        assert_eq!(with_code(comment, Code::RouteGroupInPattern).len(), 1);
    }

    #[test]
    fn a_pattern_starting_with_a_star_names_the_readers_that_read_it_literally() {
        let input = "User-agent: *\nDisallow: *.pdf\nDisallow: */payment/\nDisallow: *\n\
                     Disallow: /*.doc\n";
        let found = with_code(input, Code::PatternStartsWithStar);
        // Two stories: `/*.pdf` is as literal for Python as `*.pdf` (no verdict changes), while
        // `/payment/` is a prefix Python obeys where `*/payment/` matched nothing for it.
        assert_eq!(found.len(), 2, "one finding per story");
        assert_eq!(found[0].line, 2);
        assert!(found[0].related_lines.is_empty());
        assert_eq!(found[0].replacement.as_deref(), Some("Disallow: /*.pdf"));
        assert_eq!(found[0].severity, crate::audit::Severity::Info);
        assert_eq!(found[1].line, 3);
        assert_eq!(
            found[1].replacement.as_deref(),
            Some("Disallow: /payment/\nDisallow: /*/payment/")
        );
        assert_eq!(found[1].severity, crate::audit::Severity::Warning);
        assert!(found[1].effect.iter().any(
            |e| e.profile == crate::profile::Profile::Python && e.url.starts_with("/payment/")
        ));
        assert!(
            found[0].message.english().contains("Python's robotparser"),
            "{}",
            found[0].message
        );
        // What the finding says is what the engine's profiles answer.
        let robots = crate::robots::RobotsTxt::parse(input.as_bytes());
        let allowed = |profile| {
            robots
                .checker(profile)
                .check("x", "/a.pdf", crate::profile::AgentMatch::Substring)
                .allowed
        };
        assert!(!allowed(crate::profile::Profile::Google));
        assert!(!allowed(crate::profile::Profile::Rfc9309));
        assert!(allowed(crate::profile::Profile::Python));
        assert!(allowed(crate::profile::Profile::Legacy1994));
    }

    #[test]
    fn a_star_whose_rule_a_rule_above_decides_for_python_is_told_apart() {
        // Written `/menu?`, line 3 would still be decided by `/menu` above it for Python: a
        // note. Written `/print-content`, line 4 blocks what Python lets in: a warning, told on
        // its own rather than bundled under the note.
        let input =
            "User-agent: *\nDisallow: /menu\nDisallow: /menu?*\nDisallow: /print-content*\n";
        let found = with_code(input, Code::RedundantWildcard);
        let lines: Vec<(usize, crate::audit::Severity)> =
            found.iter().map(|f| (f.line, f.severity)).collect();
        assert_eq!(
            lines,
            [
                (3, crate::audit::Severity::Info),
                (4, crate::audit::Severity::Warning)
            ]
        );
    }

    #[test]
    fn empty_rules_beside_real_ones() {
        assert_eq!(codes("User-agent: *\nDisallow:\n"), []);
        assert_eq!(codes("User-agent: *\nAllow:\n"), []);
        let found = with_code(
            "User-agent: *\nDisallow:\nDisallow: /x\nAllow:\n",
            Code::EmptyRuleAmongRules,
        );
        assert_eq!(found.iter().map(|f| f.line).collect::<Vec<_>>(), [2, 4]);
        assert!(found[0].message.english().contains("comes first"));
        assert!(found[1].message.english().contains("empty `Allow:`"));
    }

    proptest::proptest! {
        /// The search from the first letter finds a name wherever comparing every window does.
        #[test]
        fn a_name_is_found_in_any_case_where_every_window_finds_it(
            text in "[nNeExXtT.jJsS ]{0,12}",
            name in proptest::sample::select(vec!["next.js", "n", "xt", "sveltekit"]),
        ) {
            let windows = text
                .as_bytes()
                .windows(name.len())
                .any(|window| window.eq_ignore_ascii_case(name.as_bytes()));
            proptest::prop_assert_eq!(
                super::contains_ignoring_case(text.as_bytes(), name.as_bytes()),
                windows
            );
        }

        /// A pattern has a redundant star where writing it without them changes it.
        #[test]
        fn a_redundant_star_is_told_where_the_simpler_pattern_differs(
            value in "[/*$a?]{1,10}",
        ) {
            proptest::prop_assert_eq!(
                super::has_redundant_star(&value),
                super::without_redundant_stars(&value) != value
            );
        }
    }
}
