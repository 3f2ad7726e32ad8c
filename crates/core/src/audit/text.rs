//! Small helpers the checks share: where a key or value sits in its line, how a line reads once
//! corrected, how far a key is from a known name, and how values are quoted in messages.

use super::Span;
use crate::lines::{Line, LineKind};
use crate::message::{Message, MessageId, Value};

/// Characters that are invisible or control characters, which crawlers keep as part of a key or
/// value (one definition, shared with how messages show values).
pub(super) use crate::message::is_invisible;

/// The whitespace Google trims around keys and values (`absl::ascii_isspace`).
pub(super) fn is_google_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{b}' | '\u{c}' | '\r')
}

/// The whole line.
pub(super) fn line_span(line: &Line) -> Span {
    Span {
        start: line.start,
        end: line.end,
    }
}

/// `len` bytes from byte `offset` of the line's text, when the text is the input's bytes.
pub(super) fn span_in_line(line: &Line, offset: usize, len: usize) -> Option<Span> {
    (!line.invalid_utf8 && offset + len <= line.end - line.start).then(|| Span {
        start: line.start + offset,
        end: line.start + offset + len,
    })
}

/// From byte `offset` of the line to its end, moved forward to the next character boundary so
/// that the span can be converted to characters.
pub(super) fn span_to_end(line: &Line, offset: usize) -> Option<Span> {
    if line.invalid_utf8 {
        return None;
    }
    let mut at = offset.min(line.text().len());
    while !line.text().is_char_boundary(at) {
        at += 1;
    }
    span_in_line(line, at, line.text().len() - at)
}

/// Where the key starts in the line's text.
fn key_offset(line: &Line) -> Option<usize> {
    let key = line.key()?;
    let lead = line.text().len() - line.text().trim_start_matches(is_google_space).len();
    line.text()[lead..].starts_with(key).then_some(lead)
}

/// The key's bytes.
pub(super) fn key_span(line: &Line) -> Option<Span> {
    let offset = key_offset(line)?;
    span_in_line(line, offset, line.key()?.len())
}

/// Where the value starts in the line's text (it may be empty).
pub(super) fn value_offset(line: &Line) -> Option<usize> {
    if line.invalid_utf8 {
        return None;
    }
    let value = line.value()?;
    let after_key = key_offset(line)? + line.key()?.len();
    let rest = &line.text()[after_key..];
    let rest = rest.trim_start_matches(is_google_space);
    let rest = if line.missing_colon {
        rest
    } else {
        rest.strip_prefix(':')?.trim_start_matches(is_google_space)
    };
    let offset = line.text().len() - rest.len();
    rest.starts_with(value).then_some(offset)
}

/// The value's bytes, when it is not empty.
pub(super) fn value_span(line: &Line) -> Option<Span> {
    let value = line.value()?;
    if value.is_empty() {
        return None;
    }
    span_in_line(line, value_offset(line)?, value.len())
}

/// The comment of a line, from its `#`.
pub(super) fn comment<'r>(line: &Line<'r>) -> Option<&'r str> {
    if !line.has_comment {
        return None;
    }
    line.text().find('#').map(|hash| &line.text()[hash..])
}

/// The standard spelling of a line's key.
pub(super) fn canonical_key(line: &Line) -> Option<&'static str> {
    Some(match line.kind {
        LineKind::UserAgent => "User-agent",
        LineKind::Allow => "Allow",
        LineKind::Disallow => "Disallow",
        LineKind::Sitemap => "Sitemap",
        LineKind::Other => display_name(line.directive?),
        _ => return None,
    })
}

/// `key: value`, keeping the line's comment; `None` when the line is not valid UTF-8 (its
/// text would not be what the file holds).
pub(super) fn rebuild(line: &Line, key: &str, value: &str) -> Option<String> {
    if line.invalid_utf8 {
        return None;
    }
    let mut text = if value.is_empty() {
        format!("{key}:")
    } else {
        format!("{key}: {value}")
    };
    if let Some(comment) = comment(line) {
        text.push(' ');
        text.push_str(comment);
    }
    Some(text)
}

/// Every key a crawler we know of reads: the standard four first, then the extensions. Each is
/// `(lower-case name, display spelling, name without hyphens)`; the last is what keys are
/// compared with once letter case, spaces, `-` and `_` are set aside.
pub(super) const KNOWN_KEYS: &[(&str, &str, &str)] = &[
    ("user-agent", "User-agent", "useragent"),
    ("allow", "Allow", "allow"),
    ("disallow", "Disallow", "disallow"),
    ("sitemap", "Sitemap", "sitemap"),
    ("crawl-delay", "Crawl-delay", "crawldelay"),
    ("host", "Host", "host"),
    ("clean-param", "Clean-param", "cleanparam"),
    ("noindex", "Noindex", "noindex"),
    ("nofollow", "Nofollow", "nofollow"),
    ("noarchive", "Noarchive", "noarchive"),
    ("request-rate", "Request-rate", "requestrate"),
    ("visit-time", "Visit-time", "visittime"),
    ("content-signal", "Content-Signal", "contentsignal"),
    ("content-usage", "Content-Usage", "contentusage"),
    ("license", "License", "license"),
    ("domain", "Domain", "domain"),
    ("revisit-after", "Revisit-after", "revisitafter"),
];

/// The display spelling of a known key.
pub(super) fn display_name(name: &str) -> &'static str {
    KNOWN_KEYS
        .iter()
        .find(|(known, _, _)| *known == name)
        .map_or("", |(_, display, _)| display)
}

/// Whether `name` (lower case) is one of the four keys RFC 9309 and the Sitemaps protocol
/// define.
pub(super) fn is_standard_key(name: &str) -> bool {
    matches!(name, "user-agent" | "allow" | "disallow" | "sitemap")
}

/// Keys that name a directive without being close to its spelling.
const ALIASES: &[(&str, &str)] = &[
    ("ua", "user-agent"),
    ("agent", "user-agent"),
    ("user", "user-agent"),
];

/// The known key that `key` was most likely meant to be, if it is close enough to say so.
/// Letter case, spaces, `-` and `_` are ignored; the allowed distance grows with the length, so
/// that short words are not mistaken for keys.
pub(super) fn nearest_key(key: &str) -> Option<&'static str> {
    let squeezed = squeeze(key);
    if let Some((_, name)) = ALIASES.iter().find(|(alias, _)| *alias == squeezed) {
        return Some(name);
    }
    let allowed = match squeezed.len() {
        0..=3 => return None,
        4..=5 => 1,
        6..=9 => 2,
        _ => 3,
    };
    let mut best: Option<(usize, &'static str)> = None;
    for (name, _, squeezed_name) in KNOWN_KEYS {
        // The distance is at least the difference in length: most keys stop here.
        if squeezed.len().abs_diff(squeezed_name.len()) > allowed {
            continue;
        }
        let distance = edit_distance(squeezed.as_bytes(), squeezed_name.as_bytes());
        if distance <= allowed && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, name));
        }
    }
    best.map(|(_, name)| name)
}

/// A key with letter case, spaces, tabs, `-` and `_` set aside.
pub(super) fn squeeze(key: &str) -> String {
    key.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | '\t'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Optimal string alignment distance: insertions, deletions, substitutions and transpositions
/// of adjacent bytes each cost 1 (`useragnet` is one step from `useragent`).
pub(super) fn edit_distance(a: &[u8], b: &[u8]) -> usize {
    // Rows i-2, i-1 and i of the usual table.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current: Vec<usize> = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        current[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (previous[j] + 1)
                .min(current[j - 1] + 1)
                .min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            current[j] = best;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

/// How an invisible character is named in a message: `U+00A0 (non-breaking space)`.
pub(super) fn invisible_value(c: char) -> Value {
    let name = match c {
        '\0' => MessageId::CharNul,
        '\u{b}' => MessageId::CharVerticalTab,
        '\u{c}' => MessageId::CharFormFeed,
        '\u{7f}' => MessageId::CharDel,
        '\u{a0}' => MessageId::CharNbsp,
        '\u{ad}' => MessageId::CharSoftHyphen,
        '\u{200b}' => MessageId::CharZwsp,
        '\u{200c}' => MessageId::CharZwnj,
        '\u{200d}' => MessageId::CharZwj,
        '\u{2060}' => MessageId::CharWordJoiner,
        '\u{feff}' => MessageId::CharBom,
        _ if crate::message::is_unicode_space(c) => MessageId::CharUnicodeSpace,
        _ => MessageId::CharControl,
    };
    Value::phrase(
        Message::new(MessageId::InvisibleChar)
            .text("code", format!("U+{:04X}", u32::from(c)))
            .phrase("name", name),
    )
}

/// A rule or directive as a crawler reads it, as a message's value: `Disallow: /private`.
pub(super) fn directive_code(key: &str, value: &str) -> Value {
    if value.is_empty() {
        Value::code(&format!("{key}:"))
    } else {
        Value::code(&format!("{key}: {value}"))
    }
}

/// `line 4` or `lines 4–90`, as a message's value (without listing every line of the run).
pub(super) fn line_range_value(first: usize, last: usize) -> Value {
    if first == last {
        Value::phrase(Message::new(MessageId::ListLine).line("line", first))
    } else {
        Value::phrase(
            Message::new(MessageId::ListLineRun)
                .line("first", first)
                .line("last", last),
        )
    }
}

/// The hosts the file shows to be its own, lower case and without `www.`: those of its
/// `Sitemap` URLs and `Host` lines. A file rarely says more about where it is served.
pub(super) fn own_hosts(cx: &super::Context<'_>) -> Vec<String> {
    let mut hosts: Vec<String> = cx
        .lines()
        .filter(|line| {
            line.kind == LineKind::Sitemap
                || (line.kind == LineKind::Other && line.directive == Some("host"))
        })
        .filter_map(|line| url_host(line.value().unwrap_or_default()))
        .map(|host| bare_host(&host))
        .collect();
    hosts.sort_unstable();
    hosts.dedup();
    hosts
}

/// The host of `https://host/…`, of `host/…` or of a bare `host`, lower case, without a port.
pub(super) fn url_host(value: &str) -> Option<String> {
    let lower = value.trim().to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
        .unwrap_or(&lower);
    let host = rest.split(['/', '?', '#', '*', '$']).next()?;
    let host = host.rsplit_once('@').map_or(host, |(_, host)| host);
    let host = host.split(':').next()?;
    (host.contains('.') && !host.is_empty()).then(|| host.to_owned())
}

pub(super) fn bare_host(host: &str) -> String {
    host.strip_prefix("www.").unwrap_or(host).to_owned()
}

/// Whether `token` names the site's own crawler: it holds the name of one of the file's own
/// hosts (`cisco-googlebot-enterprise` on `www.cisco.com`). Generic labels (`www`, `com`,
/// `co`) and labels under four letters name no site.
pub(super) fn names_own_site(token: &str, own_hosts: &[String]) -> bool {
    const GENERIC: &[&str] = &[
        "www", "com", "org", "net", "gov", "edu", "info", "shop", "blog",
    ];
    let token = token.to_ascii_lowercase();
    own_hosts.iter().any(|host| {
        let labels: Vec<&str> = host.split('.').collect();
        // The last label is the top-level domain, never a site's name.
        labels[..labels.len().saturating_sub(1)]
            .iter()
            .any(|label| label.len() >= 4 && !GENERIC.contains(label) && token.contains(label))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robots::RobotsTxt;

    /// Line 1 of `text`; the file is leaked, so that the line can outlive this helper.
    fn line(text: &str) -> Line<'static> {
        let robots: &'static RobotsTxt = Box::leak(Box::new(RobotsTxt::parse(text.as_bytes())));
        robots.line(1).unwrap()
    }

    #[test]
    fn spans_find_key_and_value() {
        let l = line("  Disallow :  /a/b  # note");
        let key = key_span(&l).unwrap();
        assert_eq!(&l.text()[key.start..key.end], "Disallow");
        let value = value_span(&l).unwrap();
        assert_eq!(&l.text()[value.start..value.end], "/a/b");
        let l = line("Disallow /x");
        let value = value_span(&l).unwrap();
        assert_eq!(&l.text()[value.start..value.end], "/x");
        assert_eq!(value_span(&line("Disallow:")), None);
    }

    #[test]
    fn spans_are_offsets_into_the_input() {
        let robots = RobotsTxt::parse(b"User-agent: *\r\nDisallow: /x\n");
        let l = robots.line(2).unwrap();
        assert_eq!(value_span(&l), Some(Span { start: 25, end: 27 }));
    }

    #[test]
    fn no_span_for_invalid_utf8() {
        let robots = RobotsTxt::parse(b"Disallow: /caf\xE9");
        assert_eq!(value_span(&robots.line(1).unwrap()), None);
    }

    #[test]
    fn rebuild_keeps_the_comment() {
        let l = line("disalow:/a # old");
        assert_eq!(
            rebuild(&l, "Disallow", "/a").as_deref(),
            Some("Disallow: /a # old")
        );
        assert_eq!(
            rebuild(&l, "Disallow", "").as_deref(),
            Some("Disallow: # old")
        );
    }

    #[test]
    fn nearest_key_suggests_only_close_names() {
        assert_eq!(nearest_key("Disalllow"), Some("disallow"));
        assert_eq!(nearest_key("useragnet"), Some("user-agent"));
        assert_eq!(nearest_key("User_Agent"), Some("user-agent"));
        assert_eq!(nearest_key("site map"), Some("sitemap"));
        assert_eq!(nearest_key("Crawl-dealy"), Some("crawl-delay"));
        assert_eq!(nearest_key("alow"), Some("allow"));
        assert_eq!(nearest_key("UA"), Some("user-agent"));
        assert_eq!(nearest_key("Note"), None);
        assert_eq!(nearest_key("Welcome"), None);
        assert_eq!(nearest_key("Policy"), None);
        assert_eq!(nearest_key("foo"), None);
    }

    #[test]
    fn squeezed_names_are_the_names_without_hyphens() {
        for (name, display, squeezed) in KNOWN_KEYS {
            assert_eq!(squeeze(name), *squeezed);
            assert!(display.eq_ignore_ascii_case(name));
        }
    }

    #[test]
    fn edit_distance_counts_transpositions_once() {
        assert_eq!(edit_distance(b"abc", b"abc"), 0);
        assert_eq!(edit_distance(b"abc", b"acb"), 1);
        assert_eq!(edit_distance(b"", b"abc"), 3);
        assert_eq!(edit_distance(b"kitten", b"sitting"), 3);
        assert_eq!(edit_distance(b"ca", b"abc"), 3);
        assert_eq!(edit_distance(b"abcdef", b"badcfe"), 3);
    }
}
