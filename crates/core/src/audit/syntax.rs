//! How each line reads: lines crawlers cannot read, prose, missing colons, misspelled and
//! unknown keys, Google-only spellings, invisible characters, NUL bytes and over-long lines.

use std::collections::HashMap;

use super::evidence::{Edit, Intent};
use super::text::{
    canonical_key, directive_code, display_name, invisible_value, is_google_space, is_invisible,
    is_standard_key, key_span, line_span, nearest_key, rebuild, span_in_line, span_to_end, squeeze,
    value_offset, KNOWN_KEYS,
};
use super::{Code, Context, Finding, Severity};
use crate::lines::{KeySpelling, Line, LineKind, Malformed, MAX_LINE_BYTES};
use crate::message::{Message, MessageId as M};

pub(super) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let mut prose: Vec<Line<'_>> = Vec::new();
    // Each sitemap URL with its first line, looked up once per bare URL.
    let mut sitemaps: HashMap<String, usize> = HashMap::new();
    for line in cx.lines() {
        if let (LineKind::Sitemap, Some(url)) = (line.kind, line.value()) {
            sitemaps.entry(url.to_owned()).or_insert(line.number);
        }
    }
    for line in cx.lines() {
        let (is_prose, key_reported) = match line.kind {
            LineKind::Malformed => (malformed(&line, out), false),
            LineKind::Unknown => unknown(&line, &sitemaps, out),
            LineKind::UserAgent
            | LineKind::Allow
            | LineKind::Disallow
            | LineKind::Sitemap
            | LineKind::Other => {
                spelling(&line, out);
                (false, false)
            }
            LineKind::Comment | LineKind::Blank => (false, false),
        };
        let continues_run = prose
            .last()
            .is_some_and(|last| last.number + 1 == line.number);
        if !is_prose || !continues_run {
            text_lines(&prose, out);
            prose.clear();
        }
        if is_prose {
            prose.push(line);
        } else if !key_reported {
            invisible(&line, out);
        }
        nul(&line, out);
        too_long(&line, out);
    }
    text_lines(&prose, out);
}

/// A malformed line: a directive without a separator (reported here), or prose (returns true).
fn malformed(line: &Line, out: &mut Vec<Finding>) -> bool {
    let content = content(line);
    if line.malformed == Some(Malformed::EmptyKey) {
        out.push(
            Finding::new(
                Code::UnreadableLine,
                line.number,
                Message::new(M::UnreadableEmptyKey).code("line", content),
                M::UnreadableEmptyKeyWhy,
                M::UnreadableEmptyKeyFix,
            )
            .with_span(Some(line_span(line))),
        );
        return false;
    }
    // Words as Google separates them (a non-breaking space is not a separator for it).
    let words: Vec<&str> = content
        .split(is_google_space)
        .filter(|word| !word.is_empty())
        .collect();
    let Some((name, key_words)) = intended_key(&words) else {
        return true;
    };
    let display = display_name(name);
    let values = &words[key_words..];
    let exact_key = squeeze(&words[..key_words].concat()) == squeeze(name);
    let corrected = corrected_lines(line, display, name, values);
    // A key spelled otherwise is likely the nearest known one; only its exact spelling without
    // the colon is evident enough to offer.
    let (replacement, likely) = if exact_key {
        (corrected, None)
    } else {
        let likely =
            corrected.map(|text| Intent::meant(vec![Edit::replace(line.number, text)]).likely());
        (None, likely)
    };
    out.push(
        Finding::new(
            Code::UnreadableLine,
            line.number,
            Message::new(M::UnreadableLine)
                .code("line", content)
                .code("key", &words[..key_words].join(" ")),
            M::UnreadableLineWhy,
            Message::new(match name {
                "allow" | "disallow" => M::UnreadableLineRuleFix,
                _ => M::UnreadableLineFix,
            })
            .text("key", display),
        )
        .with_span(Some(line_span(line)))
        .with_replacement(replacement)
        .with_intent(likely)
        .with_severity(severity_of_lost(name)),
    );
    false
}

/// The severity of a line no crawler reads, from what it was meant to be: a lost rule or
/// user-agent line changes verdicts (the code's error); a lost `Sitemap`, `Crawl-delay` or other
/// line decides no Allow or Disallow verdict, so it is at most a warning (`docs/severity.md`).
fn severity_of_lost(name: &str) -> Severity {
    if matches!(name, "user-agent" | "allow" | "disallow") {
        Severity::Error
    } else {
        Severity::Warning
    }
}

/// The known key a line without separator starts with, and how many words it takes: `User
/// agent Googlebot` starts with a two-word key.
fn intended_key(words: &[&str]) -> Option<(&'static str, usize)> {
    let first: String = words
        .first()?
        .chars()
        .filter(|&c| !is_invisible(c))
        .collect();
    if let [first, second, ..] = words {
        if second.bytes().all(|b| b.is_ascii_alphabetic() || b == b'-') {
            let joined = squeeze(&format!("{first}{second}"));
            if let Some((name, _, _)) = KNOWN_KEYS.iter().find(|(_, _, known)| *known == joined) {
                return Some((name, 2));
            }
        }
    }
    nearest_key(&first).map(|name| (name, 1))
}

/// The line as it should read: one rule per path when several are given.
fn corrected_lines(line: &Line, display: &str, name: &str, values: &[&str]) -> Option<String> {
    let is_rule = matches!(name, "allow" | "disallow");
    let several_paths = is_rule
        && values.len() > 1
        && values
            .iter()
            .all(|v| v.starts_with('/') || v.starts_with('*'));
    if several_paths {
        let mut lines: Vec<String> = values.iter().map(|v| format!("{display}: {v}")).collect();
        if let Some(comment) = super::text::comment(line) {
            lines[0] = format!("{} {comment}", lines[0]);
        }
        return (!line.invalid_utf8).then(|| lines.join("\n"));
    }
    if is_rule && values.len() > 1 {
        return None;
    }
    rebuild(line, display, &values.join(" "))
}

/// The URL of a line that is only a URL (`https://www.example.com/sitemap.xml`), which readers
/// split into the key `https` and the value `//www.example.com/…`.
fn bare_url(key: &str, value: &str) -> Option<String> {
    let scheme = ["http", "https"]
        .into_iter()
        .find(|scheme| key.eq_ignore_ascii_case(scheme))?;
    (value.starts_with("//") && !value.contains(char::is_whitespace))
        .then(|| format!("{scheme}:{value}"))
}

/// Whether a URL names a sitemap: its name says so, or it is an XML file.
fn looks_like_sitemap(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    lower.contains("sitemap") || lower.ends_with(".xml") || lower.ends_with(".xml.gz")
}

/// A `key: value` line whose key no crawler reads; `sitemaps` holds the file's sitemap URLs,
/// each with its first line. Returns (is prose, key already reported).
fn unknown(line: &Line, sitemaps: &HashMap<String, usize>, out: &mut Vec<Finding>) -> (bool, bool) {
    if super::preferences::misspelled_key(line).is_some() {
        return (false, true);
    }
    let key = line.key().unwrap_or_default();
    let value = line.value().unwrap_or_default();
    let cleaned: String = key.chars().filter(|&c| !is_invisible(c)).collect();
    if cleaned != key {
        if let Some(name) = nearest_key(&cleaned).filter(|n| squeeze(n) == squeeze(&cleaned)) {
            let hidden = key.chars().find(|&c| is_invisible(c)).unwrap_or('\u{feff}');
            let display = display_name(name);
            out.push(
                Finding::new(
                    Code::MisspelledDirective,
                    line.number,
                    Message::new(M::InvisibleInKey)
                        .code("key", &cleaned)
                        .with("char", invisible_value(hidden))
                        .code("name", display),
                    M::InvisibleInKeyWhy,
                    Message::new(M::InvisibleInKeyFix).code("name", display),
                )
                .with_span(key_span(line))
                .with_replacement(rebuild(line, display, value))
                .with_severity(severity_of_lost(name)),
            );
            return (false, true);
        }
    }
    if let Some(url) = bare_url(key, value) {
        // A sitemap's URL written on a line of its own (under a `# Sitemaps` comment, or below
        // an empty `Sitemap:`): readers split it at the scheme's colon, and the fix that matters
        // is the key it lacks, not a comment.
        // Declared already by a `Sitemap:` line: written again, it would be a duplicate.
        let declared = sitemaps.get(&url).copied();
        let sitemap = looks_like_sitemap(&url) && declared.is_none();
        let replacement = format!("Sitemap: {url}");
        let fix = match declared {
            Some(number) => Message::new(M::UnknownDirectiveUrlDeclaredFix).line("line", number),
            None => Message::new(if sitemap {
                M::UnknownDirectiveUrlSitemapFix
            } else {
                M::UnknownDirectiveUrlFix
            })
            .code("line", &replacement),
        };
        out.push(
            Finding::new(
                Code::UnknownDirective,
                line.number,
                Message::new(M::UnknownDirectiveUrl)
                    .code("url", &url)
                    .code("key", key),
                M::UnknownDirectiveWhy,
                fix,
            )
            .with_span(key_span(line))
            .with_replacement(sitemap.then_some(replacement)),
        );
        return (false, false);
    }
    let suggestion = nearest_key(key);
    match suggestion {
        Some(name) if is_standard_key(name) => {
            let display = display_name(name);
            out.push(
                Finding::new(
                    Code::MisspelledDirective,
                    line.number,
                    Message::new(match name {
                        "user-agent" => M::MisspelledAgent,
                        "sitemap" => M::MisspelledSitemap,
                        _ => M::MisspelledRule,
                    })
                    .code("key", key)
                    .code("name", display),
                    M::MisspelledDirectiveWhy,
                    Message::new(M::SpellTheKey).code("name", display),
                )
                .with_span(key_span(line))
                .with_replacement(rebuild(line, display, value))
                .with_severity(severity_of_lost(name)),
            );
            (false, false)
        }
        None if line.missing_colon || key.contains(is_google_space) => (true, false),
        _ => {
            let display = suggestion.map(display_name);
            let message = match display {
                Some(display) => Message::new(M::UnknownDirectiveNear)
                    .code("key", key)
                    .code("name", display),
                None => Message::new(M::UnknownDirective).code("key", key),
            };
            let fix = match display {
                Some(display) => Message::new(M::SpellTheKey).code("name", display),
                None => Message::new(M::UnknownDirectiveFix),
            };
            out.push(
                Finding::new(
                    Code::UnknownDirective,
                    line.number,
                    message,
                    M::UnknownDirectiveWhy,
                    fix,
                )
                .with_span(key_span(line))
                .with_replacement(display.and_then(|display| rebuild(line, display, value))),
            );
            (false, false)
        }
    }
}

/// Consecutive lines of prose, reported once.
fn text_lines(run: &[Line<'_>], out: &mut Vec<Finding>) {
    let Some(first) = run.first() else {
        return;
    };
    let numbers: Vec<usize> = run.iter().map(|line| line.number).collect();
    let (message, fix) = if run.len() == 1 {
        (
            Message::new(M::TextLine).code("line", first.text().trim()),
            M::TextLineFix,
        )
    } else {
        (
            Message::new(M::TextLines).lines("lines", &numbers),
            M::TextLinesFix,
        )
    };
    let replacement =
        (run.len() == 1 && !first.invalid_utf8).then(|| format!("# {}", first.text().trim()));
    out.push(
        Finding::new(Code::TextLine, first.number, message, M::TextLineWhy, fix)
            .with_replacement(replacement)
            .with_related(numbers),
    );
}

/// Missing colons and spellings that only Google accepts.
fn spelling(line: &Line, out: &mut Vec<Finding>) {
    let Some(canonical) = canonical_key(line) else {
        return;
    };
    let key = line.key().unwrap_or_default();
    let value = line.value().unwrap_or_default();
    // Made only for a line that has a finding: most lines are spelled as they should be.
    let replacement = || rebuild(line, canonical, value);
    if line.missing_colon {
        out.push(
            Finding::new(
                Code::MissingColon,
                line.number,
                Message::new(M::MissingColon)
                    .code("line", content(line))
                    .with("directive", directive_code(canonical, value)),
                M::MissingColonWhy,
                Message::new(M::MissingColonFix)
                    .text("key", canonical)
                    .text("value", value),
            )
            .with_span(key_span(line))
            .with_replacement(replacement())
            // Google reads a two-word line without its colon; the colon is for the others.
            .keeping_google_reading(),
        );
        return;
    }
    if super::preferences::misspelled_key(line).is_some() {
        return;
    }
    if let Some(urls) = sitemap_without_colon(line) {
        let replacement: Vec<String> = urls.iter().map(|url| format!("Sitemap: {url}")).collect();
        out.push(
            Finding::new(
                Code::NonstandardSpelling,
                line.number,
                Message::new(M::SitemapWithoutColon)
                    .code("key", key)
                    .code("value", value),
                M::SitemapWithoutColonWhy,
                M::SitemapWithoutColonFix,
            )
            .with_span(key_span(line))
            .with_replacement(Some(replacement.join("\n")))
            .keeping_google_reading(),
        );
        return;
    }
    let id = match (line.spelling, line.kind) {
        (KeySpelling::Exact, _) => return,
        (KeySpelling::Typo, LineKind::Other) => M::SpellingTypoOther,
        (KeySpelling::Typo, _) => M::SpellingTypo,
        (KeySpelling::Prefix, _) => M::SpellingPrefix,
    };
    out.push(
        Finding::new(
            Code::NonstandardSpelling,
            line.number,
            Message::new(id).code("key", key).code("name", canonical),
            M::NonstandardSpellingWhy,
            Message::new(M::SpellTheKey).code("name", canonical),
        )
        .with_span(key_span(line))
        .with_replacement(replacement())
        // Google accepts the spelling; the standard one is for the other readers.
        .keeping_google_reading(),
    );
}

/// The URLs of a `Sitemap https://…` line written without its colon: readers split it at the
/// URL's own colon, so its key reads `Sitemap https` and its value `//…`. `None` for any other
/// line.
fn sitemap_without_colon(line: &Line) -> Option<Vec<String>> {
    if line.kind != LineKind::Sitemap || line.spelling != KeySpelling::Prefix {
        return None;
    }
    let key = line.key()?;
    let scheme = key
        .get(..7)
        .filter(|word| word.eq_ignore_ascii_case("sitemap"))
        .map(|_| key[7..].trim())?;
    let value = line.value()?;
    if !(scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https"))
        || !value.starts_with("//")
    {
        return None;
    }
    let text = format!("{scheme}:{value}");
    Some(text.split_whitespace().map(str::to_owned).collect())
}

/// Invisible and control characters inside a key or value (comments are left alone).
fn invisible(line: &Line, out: &mut Vec<Finding>) {
    if matches!(line.kind, LineKind::Blank | LineKind::Comment) {
        return;
    }
    // Offsets are counted from the start of the line, comment and trimming aside.
    let before_comment = line
        .text()
        .find('#')
        .map_or(line.text(), |hash| &line.text()[..hash]);
    let trimmed = before_comment.trim_matches(is_google_space);
    // Printable ASCII and tabs are never invisible: most lines are read octet by octet here,
    // rather than decoded character by character.
    if trimmed
        .bytes()
        .all(|b| b == b'\t' || (b' '..=b'~').contains(&b))
    {
        return;
    }
    let lead = before_comment.len() - before_comment.trim_start_matches(is_google_space).len();
    let found: Vec<(usize, char)> = trimmed
        .char_indices()
        .filter(|&(_, c)| is_invisible(c) && c != '\0' && c != '\u{fffd}')
        .collect();
    let Some(&(offset, first)) = found.first() else {
        return;
    };
    let offset = lead + offset;
    let more = found.len() > 1;
    let id = match value_offset(line) {
        Some(value_at) if offset >= value_at => {
            if more {
                M::InvisibleInValueMore
            } else {
                M::InvisibleInValue
            }
        }
        _ if line.key().is_some() => {
            if more {
                M::InvisibleInKeyMore
            } else {
                M::InvisibleInKeyOnly
            }
        }
        _ if more => M::InvisibleInLineMore,
        _ => M::InvisibleInLine,
    };
    let message = Message::new(id)
        .with("char", invisible_value(first))
        .count("column", line.text()[..offset].chars().count() + 1);
    let message = if more {
        message.count("more", found.len() - 1)
    } else {
        message
    };
    // Text encoded twice (`groÃ\u{9f}e` for `große`) holds control characters that are half
    // of a character: deleting them would garble it further, and decoding it is the fix.
    if let Some(meant) = super::patterns::encoded_twice(line.text()) {
        out.push(
            Finding::new(
                Code::InvisibleCharacter,
                line.number,
                Message::new(M::InvisibleEncodedTwice)
                    .with("char", invisible_value(first))
                    .code("meant", meant.trim()),
                M::InvisibleCharacterWhy,
                M::InvisibleEncodedTwiceFix,
            )
            .with_span(span_in_line(line, offset, first.len_utf8()))
            .with_replacement((!line.invalid_utf8).then(|| meant.trim().to_owned())),
        );
        return;
    }
    let replacement = (!line.invalid_utf8).then(|| {
        line.text()
            .chars()
            .filter(|&c| !is_invisible(c) || c == '\0')
            .collect::<String>()
    });
    out.push(
        Finding::new(
            Code::InvisibleCharacter,
            line.number,
            message,
            M::InvisibleCharacterWhy,
            M::InvisibleCharacterFix,
        )
        .with_span(span_in_line(line, offset, first.len_utf8()))
        .with_replacement(replacement),
    );
}

fn nul(line: &Line, out: &mut Vec<Finding>) {
    if !line.has_nul {
        return;
    }
    let Some(offset) = line.text().find('\0') else {
        return;
    };
    let before = line.text()[..offset].trim();
    let column = line.text()[..offset].chars().count() + 1;
    let message = match (line.key(), line.value()) {
        _ if before.is_empty() || line.kind == LineKind::Comment => {
            Message::new(M::NulReadsNothing)
        }
        (Some(key), Some(value)) => {
            Message::new(M::NulReadsOnly).with("text", directive_code(key, value))
        }
        _ => Message::new(M::NulReadsOnly).code("text", before),
    };
    let replacement =
        (!line.invalid_utf8).then(|| line.text().chars().filter(|&c| c != '\0').collect());
    out.push(
        Finding::new(
            Code::NulByte,
            line.number,
            message.count("column", column),
            M::NulByteWhy,
            M::NulByteFix,
        )
        .with_span(span_to_end(line, offset))
        .with_replacement(replacement),
    );
}

fn too_long(line: &Line, out: &mut Vec<Finding>) {
    // When the comment starts before the cut, only the comment is lost.
    if !line.too_long || line.has_comment || matches!(line.kind, LineKind::Blank) {
        return;
    }
    let length = line.end - line.start;
    let value = line.value().unwrap_or_default();
    let tail: String = value
        .chars()
        .rev()
        .take(20)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let message = match line.kind {
        LineKind::Allow | LineKind::Disallow => {
            Message::new(M::LineTooLongRule).code("tail", &tail)
        }
        _ => Message::new(M::LineTooLong),
    };
    out.push(
        Finding::new(
            Code::LineTooLong,
            line.number,
            message
                .count("length", length)
                .count("limit", MAX_LINE_BYTES),
            M::LineTooLongWhy,
            M::LineTooLongFix,
        )
        .with_span(span_to_end(line, MAX_LINE_BYTES)),
    );
}

/// The line before its comment, trimmed.
fn content<'r>(line: &Line<'r>) -> &'r str {
    let text = match line.text().find('#') {
        Some(hash) => &line.text()[..hash],
        None => line.text(),
    };
    text.trim_matches(is_google_space)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::super::Code;
    use crate::robots::RobotsTxt;

    #[test]
    fn a_lost_line_is_an_error_only_when_it_was_a_rule_or_a_user_agent() {
        use super::super::Severity;
        // A lost rule or user-agent line changes verdicts, which its evidence shows; a lost
        // sitemap or crawl delay decides no Allow or Disallow verdict: a note.
        let severities = |input: &str, code: Code| -> Vec<Severity> {
            with_code(input, code).iter().map(|f| f.severity).collect()
        };
        assert_eq!(
            severities("User-agent: *\nDisallow /a /b\n", Code::UnreadableLine),
            [Severity::Error]
        );
        assert_eq!(
            severities(
                "User-agent: *\nDisallow: /a\nCrawl-delay 10 s\n",
                Code::UnreadableLine
            ),
            [Severity::Info]
        );
        assert_eq!(
            severities("User-agent: *\nDisalllow: /a\n", Code::MisspelledDirective),
            [Severity::Error]
        );
        assert_eq!(
            severities(
                "User-agent: *\nDisallow: /a\nSiteamp: https://example.com/s.xml\n",
                Code::MisspelledDirective
            ),
            [Severity::Info]
        );
        let lost = with_code("User-agent: *\nDisalllow: /a\n", Code::MisspelledDirective);
        let effect = &lost[0].effect[0];
        assert_eq!(
            (effect.url.as_str(), effect.allowed, effect.intended),
            ("/a", true, false)
        );
    }

    #[test]
    fn an_invisible_character_of_text_encoded_twice_is_decoded_not_deleted() {
        let input = format!(
            "User-agent: Der gro{}e bildersauger\nDisallow: /\n",
            "ß".bytes().map(char::from).collect::<String>()
        );
        let found = with_code(&input, Code::InvisibleCharacter);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].replacement.as_deref(),
            Some("User-agent: Der große bildersauger")
        );
        assert!(found[0].message.english().contains("encoded twice"));
    }

    #[test]
    fn a_directive_without_separator_is_an_error_with_a_fix() {
        let found = with_code("User-agent: *\nDisallow /a /b\n", Code::UnreadableLine);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].line, 2);
        assert_eq!(
            found[0].replacement.as_deref(),
            Some("Disallow: /a\nDisallow: /b")
        );
        let found = with_code("User agent Googlebot\nDisallow: /\n", Code::UnreadableLine);
        assert_eq!(
            found[0].replacement.as_deref(),
            Some("User-agent: Googlebot")
        );
        let found = with_code("User-agent: *\nDisallow\n", Code::UnreadableLine);
        assert_eq!(found[0].replacement.as_deref(), Some("Disallow:"));
        assert_eq!(
            codes(": /a\nUser-agent: *\nDisallow: /x\n")[0],
            (Code::UnreadableLine, 1)
        );
    }

    #[test]
    fn a_misspelled_key_without_separator_has_no_replacement() {
        let found = with_code("User-agent: *\nDisalow /a /b\n", Code::UnreadableLine);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].replacement, None);
    }

    #[test]
    fn prose_is_reported_once_per_paragraph() {
        let input = "Welcome to Example\nWe love robots very much\n\nThis is us\n\
                     User-agent: *\nDisallow: /x\n";
        assert_eq!(codes(input), [(Code::TextLine, 1), (Code::TextLine, 4)]);
        let found = findings(input);
        assert_eq!(found[0].related_lines, [2]);
        assert_eq!(found[1].replacement.as_deref(), Some("# This is us"));
    }

    #[test]
    fn two_word_prose_and_spaced_keys_are_text() {
        assert_eq!(
            codes("Hello robots\nUser-agent: *\nDisallow: /x\n"),
            [(Code::TextLine, 1)]
        );
        assert_eq!(
            codes("Please be nice: thanks\nUser-agent: *\nDisallow: /x\n"),
            [(Code::TextLine, 1)]
        );
    }

    #[test]
    fn a_missing_colon_is_a_warning_with_the_fix() {
        let found = findings("User-agent: *\nDisallow /private # old\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].code, Code::MissingColon);
        assert_eq!(
            found[0].replacement.as_deref(),
            Some("Disallow: /private # old")
        );
        let found = findings("User-agent: *\nDisalow /private\n");
        assert_eq!(found.len(), 1, "one finding fixes key and colon: {found:?}");
        assert_eq!(found[0].replacement.as_deref(), Some("Disallow: /private"));
    }

    #[test]
    fn misspelled_standard_keys_are_errors() {
        let found = with_code(
            "User-agent: *\nDisalllow: /private/\n",
            Code::MisspelledDirective,
        );
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].replacement.as_deref(), Some("Disallow: /private/"));
        assert!(found[0].message.english().contains("`Disallow`"));
        assert_eq!(
            codes("Usr-agent: *\nDisallow: /\n")[0],
            (Code::MisspelledDirective, 1)
        );
        let sitemap = with_code(
            "User-agent: *\nSitmap: https://a.example/s.xml\n",
            Code::MisspelledDirective,
        );
        assert_eq!(sitemap[0].line, 2);
    }

    #[test]
    fn an_invisible_character_before_a_key_is_named() {
        let found = findings("User-agent: *\nDisallow: /a\n\u{feff}User-agent: x\nDisallow: /\n");
        let key = found.iter().find(|f| f.line == 3).unwrap();
        assert_eq!(key.code, Code::MisspelledDirective);
        assert!(key.message.english().contains("U+FEFF"), "{}", key.message);
        assert_eq!(key.replacement.as_deref(), Some("User-agent: x"));
        assert_eq!(found.iter().filter(|f| f.line == 3).count(), 1);
    }

    #[test]
    fn unknown_keys_are_warnings_with_a_suggestion_when_close() {
        let found = with_code("User-agent: *\nCrawl-dealy: 10\n", Code::UnknownDirective);
        assert_eq!(found[0].replacement.as_deref(), Some("Crawl-delay: 10"));
        let found = with_code("User-agent: *\nPolicy: be nice\n", Code::UnknownDirective);
        assert_eq!(found[0].replacement, None);
        assert!(found[0].fix.english().contains('#'));
    }

    #[test]
    fn google_only_spellings_are_warnings() {
        let input = "User agent: *\nDisallowed: /a\nDISALOW: /b\nSite-map: https://a.example/s\n\
                     Crawl delay: 4\n";
        let spellings: Vec<_> = with_code(input, Code::NonstandardSpelling)
            .into_iter()
            .map(|f| (f.line, f.replacement.unwrap()))
            .collect();
        assert_eq!(
            spellings,
            [
                (1, "User-agent: *".to_owned()),
                (2, "Disallow: /a".to_owned()),
                (3, "Disallow: /b".to_owned()),
                (4, "Sitemap: https://a.example/s".to_owned()),
                (5, "Crawl-delay: 4".to_owned()),
            ]
        );
    }

    #[test]
    fn invisible_characters_in_values_are_reported_with_their_place() {
        let found = with_code(
            "User-agent: *\nDisallow: /private\u{a0}\n",
            Code::InvisibleCharacter,
        );
        assert_eq!(found.len(), 1);
        assert!(found[0]
            .message
            .english()
            .contains("U+00A0 (non-breaking space)"));
        assert!(found[0].message.english().contains("value"));
        assert_eq!(found[0].replacement.as_deref(), Some("Disallow: /private"));
        let span = found[0].span.unwrap();
        assert_eq!(span.end - span.start, 2);
        assert!(with_code("User-agent: * # \u{a0}note\n", Code::InvisibleCharacter).is_empty());
        assert!(with_code(
            "User-agent: *\u{b}\nDisallow: /a\n",
            Code::InvisibleCharacter
        )
        .is_empty());
    }

    #[test]
    fn unicode_spaces_are_invisible_characters_with_one_finding() {
        // An en space after `/members` (seen on a real file): Google keeps it and the rule
        // matches no URL, Python's `str.strip()` removes it. The cause is the character, told
        // once: no "non-ASCII pattern, the rule works" beside it.
        for space in ['\u{2002}', '\u{3000}', '\u{202f}', '\u{1680}'] {
            let text = format!("User-agent: *\nDisallow: /members{space}\n");
            let robots = RobotsTxt::parse(text.as_bytes());
            let found: Vec<_> = super::super::audit(&robots)
                .into_iter()
                .filter(|f| f.line == 2)
                .collect();
            assert_eq!(found.len(), 1, "{space:?}: {found:?}");
            assert_eq!(found[0].code, Code::InvisibleCharacter);
            assert!(found[0].message.english().contains("(Unicode space)"));
            assert_eq!(found[0].replacement.as_deref(), Some("Disallow: /members"));
        }
    }

    #[test]
    fn a_nul_byte_is_an_error_that_says_what_google_reads() {
        let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: /a\0/b\n");
        let found: Vec<_> = super::super::audit(&robots)
            .into_iter()
            .filter(|f| f.code == Code::NulByte)
            .collect();
        assert_eq!(found.len(), 1);
        assert!(
            found[0].message.english().contains("`Disallow: /a`"),
            "{}",
            found[0].message
        );
        assert_eq!(found[0].replacement.as_deref(), Some("Disallow: /a/b"));
    }

    #[test]
    fn an_over_long_pattern_is_an_error_but_an_over_long_comment_is_not() {
        let long = format!("User-agent: *\nDisallow: /{}\n", "a".repeat(20_000));
        let found = with_code(&long, Code::LineTooLong);
        assert_eq!(found.len(), 1);
        assert!(found[0]
            .message
            .english()
            .contains(&crate::message::thousands(
                crate::lines::MAX_LINE_BYTES as u64
            )));
        let comment = format!("User-agent: *\nDisallow: /a # {}\n", "a".repeat(20_000));
        assert!(with_code(&comment, Code::LineTooLong).is_empty());
    }
}
