//! The file as a whole: is it robots.txt at all (not an HTML page, not UTF-16), its encoding, its
//! size, and whether it has any group.

use super::evidence::{Edit, Intent};
use super::text::{line_range_value, span_in_line, span_to_end};
use super::{Code, Context, Finding, Severity, Span};
use crate::content::NotRobotsTxt;
use crate::lines::{LineKind, SIZE_LIMIT};
use crate::message::{Message, MessageId as M, Value};

/// Runs the file-level checks. Returns `false` when the content is not a robots.txt at all (an
/// HTML page, a UTF-16 file): the line checks would then report every line for one cause.
pub(super) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) -> bool {
    if binary_file(cx, out) {
        return false;
    }
    // A page or a UTF-16 file is one cause: that the 500 KiB limit cuts it is beside the point.
    if html_page(cx, out) || utf16(cx, out) {
        return false;
    }
    size_limit(cx, out);
    byte_order_mark(cx, out);
    invalid_utf8(cx, out);
    no_groups(cx, out);
    true
}

/// Binary data instead of text: said once, in words, instead of a finding per unreadable line.
fn binary_file(cx: &Context<'_>, out: &mut Vec<Finding>) -> bool {
    let Some(what @ NotRobotsTxt::Binary { .. }) = cx.robots.not_robots_txt() else {
        return false;
    };
    out.push(Finding::new(
        Code::BinaryFile,
        1,
        what.message(""),
        M::BinaryFileWhy,
        M::BinaryFileFix,
    ));
    true
}

/// An HTML page, or an error response served with a success status instead of a robots.txt (a
/// JSON body, a few lines saying what went wrong), as the parse read it
/// ([`crate::RobotsTxt::not_robots_txt`]). Reporting each of its lines as prose or an unknown
/// key would tell the owner to comment out the server's answer; the cause is the server.
fn html_page(cx: &Context<'_>, out: &mut Vec<Finding>) -> bool {
    let Some(what) = cx
        .robots
        .not_robots_txt()
        .filter(|what| !matches!(what, NotRobotsTxt::Binary { .. }))
    else {
        return false;
    };
    let Some(first) = cx.robots.line(what.line()) else {
        return false;
    };
    out.push(
        Finding::new(
            Code::HtmlPage,
            first.number,
            what.message(first.text().trim()),
            M::HtmlPageWhy,
            M::HtmlPageFix,
        )
        .with_span(span_in_line(&first, 0, first.text().len())),
    );
    true
}

fn utf16(cx: &Context<'_>, out: &mut Vec<Finding>) -> bool {
    // A NUL is one octet in UTF-8, and counting octets is cheap: the characters are counted
    // only in the rare file with NULs enough.
    let nuls: usize = cx
        .lines()
        .map(|line| line.text().bytes().filter(|&b| b == 0).count())
        .sum();
    // In UTF-16 every ASCII character comes with a NUL; a stray NUL or two is something else.
    if nuls < 4 {
        return false;
    }
    let chars: usize = cx.lines().map(|line| line.text().chars().count()).sum();
    if nuls * 3 < chars {
        return false;
    }
    out.push(
        Finding::new(
            Code::Utf16File,
            1,
            Message::new(M::Utf16File)
                .count("nuls", nuls)
                .count("chars", chars),
            M::Utf16FileWhy,
            M::Utf16FileFix,
        )
        // Saved as UTF-8, the text is what the author wrote: its rules then count.
        .with_intent(
            utf16_as_utf8(cx.robots.input()).map(|text| Intent::fix(vec![Edit::whole(text)])),
        ),
    );
    true
}

/// UTF-16 text (little-endian unless a byte order mark says otherwise, or the NULs stand
/// first) as UTF-8 without a byte order mark; `None` when it does not decode.
fn utf16_as_utf8(input: &[u8]) -> Option<Vec<u8>> {
    let (body, big_endian) = match input {
        [0xFF, 0xFE, rest @ ..] => (rest, false),
        [0xFE, 0xFF, rest @ ..] => (rest, true),
        [0, _, ..] => (input, true),
        _ => (input, false),
    };
    let units = body.chunks_exact(2).map(|pair| {
        if big_endian {
            u16::from_be_bytes([pair[0], pair[1]])
        } else {
            u16::from_le_bytes([pair[0], pair[1]])
        }
    });
    let text: String = char::decode_utf16(units).collect::<Result<_, _>>().ok()?;
    Some(text.into_bytes())
}

/// A UTF-8 byte order mark that was decoded as Latin-1 and saved again as UTF-8: `ï»¿`.
const MANGLED_BOM: &str = "\u{ef}\u{bb}\u{bf}";

/// Whether the file starts with [`MANGLED_BOM`] (no parser skips it, not even Google).
pub(super) fn mangled_bom(robots: &crate::robots::RobotsTxt) -> bool {
    // Line 1 starts after a real byte order mark, which an editor may add in front of the
    // mangled one when it saves the file as UTF-8 again.
    robots
        .line(1)
        .is_some_and(|line| line.text().starts_with(MANGLED_BOM))
}

fn byte_order_mark(cx: &Context<'_>, out: &mut Vec<Finding>) {
    if mangled_bom(cx.robots) {
        let first = cx.line(1);
        let rest = first.text()[MANGLED_BOM.len()..].trim();
        if let Some(finding) = mangled_bom_hides_agent(cx, rest) {
            out.push(finding);
            return;
        }
        let (message, replacement) = if rest.is_empty() {
            (Message::new(M::MangledBomAlone), None)
        } else if rest.starts_with('#') {
            (Message::new(M::MangledBomComment), None)
        } else {
            (
                Message::new(M::MangledBomDirective).code("directive", rest),
                Some(rest.to_owned()),
            )
        };
        out.push(
            Finding::new(
                Code::ByteOrderMark,
                1,
                message,
                M::MangledBomWhy,
                M::MangledBomFix,
            )
            .with_span(Some(Span {
                start: first.start,
                end: first.start + MANGLED_BOM.len(),
            }))
            .with_replacement(replacement)
            .with_intent(without_marks(cx.robots)),
        );
        return;
    }
    let bom_bytes = cx.robots.facts().bom_bytes;
    let first = cx.line(1);
    let carries_directive = !matches!(
        first.kind,
        LineKind::Blank | LineKind::Comment | LineKind::Malformed
    );
    if bom_bytes == 0 || !carries_directive {
        return;
    }
    let message = if bom_bytes == 3 {
        Message::new(M::ByteOrderMark)
    } else {
        Message::new(M::ByteOrderMarkPartial).count("count", bom_bytes)
    };
    out.push(
        Finding::new(
            Code::ByteOrderMark,
            1,
            message.code("text", first.text().trim()),
            M::ByteOrderMarkWhy,
            M::ByteOrderMarkFix,
        )
        .with_span(Some(Span {
            start: 0,
            end: bom_bytes,
        }))
        .with_intent(Some(Intent::fix(vec![Edit::whole(
            cx.robots.input()[bom_bytes..].to_vec(),
        )]))),
    );
}

/// The user-agent line a mangled byte order mark hides (`ï»¿User-agent: Googlebot`): its group's
/// rules then belong to no group, and its crawler follows another group or none. That changes
/// verdicts, so it is an error, worded with what the crawler now gets; the consequences the
/// other checks would report one by one (no user-agent line, rules before any user agent, no
/// `*` group) are this one cause and are left out (see [`consequences_of_mangled_bom`]).
fn mangled_bom_hides_agent(cx: &Context<'_>, rest: &str) -> Option<Finding> {
    let (key, value) = rest.split_once(':')?;
    if !key.trim().eq_ignore_ascii_case("user-agent") {
        return None;
    }
    let value = value.split('#').next().unwrap_or_default().trim();
    if value.is_empty() {
        return None;
    }
    let first = cx.line(1);
    let input = cx.robots.input();
    let mut fixed = input[..first.start].to_vec();
    fixed.extend_from_slice(&input[first.start + MANGLED_BOM.len()..]);
    let fixed = crate::robots::RobotsTxt::parse(&fixed);
    let agent = if value == "*" { "AnyBot" } else { value };
    let verdict = |robots: &crate::robots::RobotsTxt, path: &str| {
        robots
            .checker(crate::profile::Profile::Google)
            .check(agent, path, crate::profile::AgentMatch::Token)
            .allowed
    };
    let meant = verdict(&fixed, "/");
    let now = verdict(cx.robots, "/");
    let last_rule = fixed
        .groups()
        .first()
        .map_or(1, |group| group.last_line)
        .max(2);
    let consequence = match (meant, now) {
        (true, false) => M::MangledBomAgentBlocked,
        (false, true) => M::MangledBomAgentOpened,
        _ => M::MangledBomAgentRulesLost,
    };
    Some(
        Finding::new(
            Code::MangledByteOrderMark,
            1,
            Message::new(consequence)
                .code("directive", rest)
                .code("agent", value)
                .with("rules", crate::audit::text::line_range_value(2, last_rule)),
            M::MangledBomAgentWhy,
            M::MangledBomFix,
        )
        .with_span(Some(Span {
            start: first.start,
            end: first.start + MANGLED_BOM.len(),
        }))
        .with_replacement(Some(rest.to_owned()))
        // The rules the hidden line heads are what the finding is about: their paths are the
        // questions whose answers change.
        .with_intent(without_marks(cx.robots).map(|intent| intent.with_scope(2..=last_rule))),
    )
}

/// The fix of a mangled byte order mark, as the whole file: without it, and without a real
/// byte order mark in front of it, which Python's reader would choke on next.
fn without_marks(robots: &crate::robots::RobotsTxt) -> Option<Intent> {
    let first = robots.line(1)?;
    let bytes = robots.input()[first.start + MANGLED_BOM.len()..].to_vec();
    Some(Intent::fix(vec![Edit::whole(bytes)]))
}

/// Whether `finding` is a consequence of a mangled byte order mark that hides line 1's
/// user-agent line, reported by that finding instead: the missing user-agent line, the rules
/// it leaves outside any group, a site closed to every crawler because that group is gone, and
/// a missing `*` group when line 1 was `User-agent: *`.
pub(super) fn consequences_of_mangled_bom(
    robots: &crate::robots::RobotsTxt,
    finding: &Finding,
) -> bool {
    let Some(first) = robots.line(1) else {
        return false;
    };
    let rest = first
        .text()
        .get(MANGLED_BOM.len()..)
        .unwrap_or_default()
        .trim();
    let Some((key, value)) = rest.split_once(':') else {
        return false;
    };
    let value = value.split('#').next().unwrap_or_default().trim();
    if !key.trim().eq_ignore_ascii_case("user-agent") || value.is_empty() {
        return false;
    }
    match finding.code {
        // With line 1 read, the named crawler's group opens what `*` closes.
        Code::NoGroups | Code::RuleBeforeUserAgent | Code::SiteClosedToAll => true,
        Code::NoStarGroup => value == "*",
        _ => false,
    }
}

fn invalid_utf8(cx: &Context<'_>, out: &mut Vec<Finding>) {
    // Only lines whose key or value is affected: invalid bytes in a comment change nothing.
    let affected: Vec<_> = cx
        .lines()
        .filter(|line| {
            line.invalid_utf8
                && (line.key().is_some_and(|k| k.contains('\u{fffd}'))
                    || line.value().is_some_and(|v| v.contains('\u{fffd}')))
                // A pattern that starts with such bytes matches nothing: `pattern-without-slash`
                // names the bytes and the encoding as the cause, once.
                && !(line.kind.is_rule()
                    && line.value().is_some_and(|v| v.starts_with('\u{fffd}')))
        })
        .collect();
    let Some(first) = affected.first() else {
        return;
    };
    let encoded = crate::encoding::google_escape(first.value_bytes());
    let rule = first.kind.is_rule();
    let lines: Vec<usize> = affected.iter().map(|l| l.number).collect();
    let message = match (affected.len(), rule) {
        (1, false) => Message::new(M::InvalidUtf8One),
        (1, true) => Message::new(M::InvalidUtf8OneRule),
        (_, false) => Message::new(M::InvalidUtf8Several),
        (_, true) => Message::new(M::InvalidUtf8SeveralRule),
    };
    let message = if affected.len() == 1 {
        message
    } else {
        message
            .count("count", affected.len())
            .lines("lines", &lines)
    };
    let message = if rule {
        message.code("encoded", &String::from_utf8_lossy(&encoded))
    } else {
        message
    };
    out.push(
        Finding::new(
            Code::InvalidUtf8,
            first.number,
            message,
            M::InvalidUtf8Why,
            M::InvalidUtf8Fix,
        )
        .with_related(affected.iter().map(|l| l.number).collect()),
    );
}

fn size_limit(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let facts = cx.robots.facts();
    let cut = cx.lines().find(|line| line.cut_by_size_limit);
    let beyond: Vec<_> = cx.lines().filter(|line| line.beyond_size_limit).collect();
    let count = |kinds: &[LineKind]| beyond.iter().filter(|l| kinds.contains(&l.kind)).count();
    let rules = count(&[LineKind::Allow, LineKind::Disallow]);
    let agents = count(&[LineKind::UserAgent]);
    let sitemaps = count(&[LineKind::Sitemap]);
    let cut_matters =
        cut.is_some_and(|line| line.kind != LineKind::Comment && line.kind != LineKind::Blank);
    if rules + agents + sitemaps == 0 && !cut_matters {
        return;
    }
    let mut counts = Vec::new();
    for (n, one, several) in [
        (rules, M::SizeRule, M::SizeRules),
        (agents, M::SizeAgent, M::SizeAgents),
        (sitemaps, M::SizeSitemap, M::SizeSitemaps),
    ] {
        match n {
            0 => {}
            1 => counts.push(Value::phrase(one)),
            _ => counts.push(Value::phrase(Message::new(several).count("count", n))),
        }
    }
    let last = cx.lines.len();
    let (line, lost) = match (cut, facts.first_line_beyond_limit) {
        (Some(cut), _) if cut.number == last => (
            cut.number,
            Message::new(M::SizeLostEndOfLast).line("line", last),
        ),
        (Some(cut), _) => (
            cut.number,
            Message::new(M::SizeLostEndAndLines)
                .line("line", cut.number)
                .with("lines", line_range_value(cut.number + 1, last)),
        ),
        (None, Some(first)) if first == last => {
            (first, Message::new(M::SizeLostLine).line("line", first))
        }
        (None, Some(first)) => (
            first,
            Message::new(M::SizeLostLines).with("lines", line_range_value(first, last)),
        ),
        (None, None) => return,
    };
    let message = if counts.is_empty() {
        Message::new(M::OverSizeLimit)
    } else {
        Message::new(M::OverSizeLimitCounted).list("counts", counts)
    };
    let span = cut.and_then(|line| span_to_end(&line, SIZE_LIMIT - line.start));
    // What the cut changes, computed from the lines it loses: a rule that matches nothing whole
    // (a full URL, `Disallow:` with no path) matches nothing read or not, so when every lost
    // line is such a rule, a comment or a directive no verdict depends on, no verdict changes
    // (an info); lost sitemaps change no verdict either, but Google no longer reads them (a
    // warning). A lost user-agent line, or a rule that can match, may change one: an error.
    let lost_lines = || cut.iter().chain(beyond.iter());
    let verdict_may_change = agents > 0
        || lost_lines().any(|line| {
            line.kind.is_rule()
                && line
                    .value()
                    .is_some_and(|value| value.starts_with(['/', '*']))
        });
    let (severity, why, fix) = if verdict_may_change {
        (Severity::Error, M::OverSizeLimitWhy, M::OverSizeLimitFix)
    } else {
        (
            if sitemaps > 0 {
                Severity::Warning
            } else {
                Severity::Info
            },
            M::OverSizeLimitNoVerdictWhy,
            M::OverSizeLimitNoVerdictFix,
        )
    };
    out.push(
        Finding::new(
            Code::OverSizeLimit,
            line,
            message
                .count("size", facts.size)
                .count("limit", SIZE_LIMIT)
                .phrase("lost", lost),
            why,
            fix,
        )
        .with_span(span)
        .with_severity(severity)
        .with_intent(Some(Intent::read_whole(
            lost_lines().map(|line| line.number),
        ))),
    );
}

fn no_groups(cx: &Context<'_>, out: &mut Vec<Finding>) {
    // Rules without any group are reported as such (RL301), with the crawlers that ignore them:
    // that the file then blocks nothing is the same cause, told once.
    if !cx.robots.groups().is_empty() || !cx.robots.orphan_rules().is_empty() {
        return;
    }
    let empty = cx
        .robots
        .lines()
        .iter()
        .all(|line| matches!(line.kind, LineKind::Blank | LineKind::Comment));
    out.push(Finding::new(
        Code::NoGroups,
        1,
        if empty { M::NoGroupsEmpty } else { M::NoGroups },
        M::NoGroupsWhy,
        M::NoGroupsFix,
    ));
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::super::Code;
    use crate::lines::SIZE_LIMIT;
    use crate::robots::RobotsTxt;

    fn codes_of(bytes: &[u8]) -> Vec<(Code, usize)> {
        super::super::audit(&RobotsTxt::parse(bytes))
            .iter()
            .map(|f| (f.code, f.line))
            .collect()
    }

    #[test]
    fn an_error_response_is_one_finding_not_one_per_line() {
        for body in [
            "Not Found\n",
            "404 page not found",
            "<h2>Forbidden</h2>\nYou don't have permission to access this resource.\n",
            "{\"status\":404,\"error\":\"Not Found\",\"path\":\"/robots.txt\"}",
        ] {
            assert_eq!(codes(body), [(Code::HtmlPage, 1)], "{body}");
        }
        // Prose with no directive and no sign of an error stays prose, line by line.
        assert!(!codes("Welcome to our site\n").contains(&(Code::HtmlPage, 1)));
        // A file with a rule is a robots.txt, whatever its comments say.
        assert!(!codes("404\nUser-agent: *\nDisallow: /x\n").contains(&(Code::HtmlPage, 1)));
    }

    #[test]
    fn a_page_over_the_size_limit_is_called_a_page_once() {
        let mut page = String::from("<!DOCTYPE html>\n<html>\n<style>");
        page.push_str(&"a{b:c}".repeat(SIZE_LIMIT / 6 + 10));
        page.push_str("</style>\n</html>\n");
        assert_eq!(codes(&page), [(Code::HtmlPage, 1)]);
    }

    #[test]
    fn an_html_page_is_one_finding() {
        let page = "<!DOCTYPE html>\n<html>\n<head><title>Shop</title></head>\n\
                    <body>Disallow this: nothing</body>\n</html>\n";
        assert_eq!(codes(page), [(Code::HtmlPage, 1)]);
        let found = findings(page);
        assert!(found[0].message.english().contains("nothing is blocked"));
    }

    #[test]
    fn a_comment_in_markup_does_not_make_a_page() {
        let input = "<!-- generated -->\nUser-agent: *\nDisallow: /a\n";
        assert!(!codes(input).iter().any(|(c, _)| *c == Code::HtmlPage));
    }

    #[test]
    fn a_bom_decoded_as_latin1_is_recognised_and_not_called_prose() {
        let found = super::super::audit(&RobotsTxt::parse(
            "\u{ef}\u{bb}\u{bf}# robots for example.com\nUser-agent: *\nDisallow: /x\n".as_bytes(),
        ));
        let codes: Vec<_> = found.iter().map(|f| (f.code, f.line)).collect();
        assert_eq!(codes, [(Code::ByteOrderMark, 1)], "{found:?}");
        assert!(
            found[0].message.english().contains("`ï»¿`"),
            "{}",
            found[0].message
        );
        // Before `User-agent: *`: one error, named once, whose fix is deleting the bytes; not
        // "there is no user-agent line" nor "a rule before any user agent".
        for input in [
            "\u{ef}\u{bb}\u{bf}User-agent: *\nDisallow: /x\n",
            // Saved again as UTF-8 with a byte order mark: the real one in front.
            "\u{feff}\u{ef}\u{bb}\u{bf}User-agent: *\nDisallow: /x\n",
        ] {
            let found = super::super::audit(&RobotsTxt::parse(input.as_bytes()));
            assert_eq!(
                found.iter().map(|f| f.code).collect::<Vec<_>>(),
                [Code::MangledByteOrderMark],
                "{found:?}"
            );
            let words = found[0].message.english();
            assert!(
                words.contains("`User-agent: *` on line 1 is not read"),
                "{words}"
            );
            assert!(words.contains("`ï»¿`"), "{words}");
            assert_eq!(found[0].replacement.as_deref(), Some("User-agent: *"));
            assert_eq!(found[0].severity, super::super::Severity::Error);
        }
        // Hiding `User-agent: Googlebot` sends Googlebot to `*`'s `Disallow: /`: the message
        // names that consequence.
        let found = super::super::audit(&RobotsTxt::parse(
            "\u{ef}\u{bb}\u{bf}User-agent: Googlebot\nAllow: /\n\nUser-agent: *\nDisallow: /\n"
                .as_bytes(),
        ));
        let bom = found
            .iter()
            .find(|f| f.code == Code::MangledByteOrderMark)
            .expect("the cause is reported");
        assert!(
            bom.message
                .english()
                .contains("block it from the whole site"),
            "{}",
            bom.message
        );
        assert!(!found.iter().any(|f| f.code == Code::RuleBeforeUserAgent));
        // Alone on line 1, it hides nothing: no comment, no directive.
        let found = super::super::audit(&RobotsTxt::parse(
            "\u{ef}\u{bb}\u{bf}\nUser-agent: *\nDisallow: /x\n".as_bytes(),
        ));
        assert_eq!(found.len(), 1, "{found:?}");
        let words = found[0].message.english();
        assert!(words.contains("nothing else"), "{words}");
        assert!(!words.contains("comment"), "{words}");
    }

    #[test]
    fn binary_input_is_named_in_words_once() {
        let gzip =
            b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\x0b\xc9\xc8\x2c\x56\x00\xa2\x44\x85\x00";
        let robots = RobotsTxt::parse(gzip);
        let found = super::super::audit(&robots);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].code, Code::BinaryFile);
        assert!(found[0]
            .message
            .english()
            .starts_with("This is gzip-compressed data, not a robots.txt"));
        let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
        png.extend([0u8; 64]);
        assert_eq!(codes_of(&png), [(Code::BinaryFile, 1)]);
        assert_eq!(crate::binary_format(b"%PDF-1.7\n"), Some("a PDF document"));
        assert_eq!(
            crate::binary_format(b"PK\x03\x04rest"),
            Some("a zip archive")
        );
        let noise: Vec<u8> = (0..200u8).map(|b| b % 32).collect();
        assert_eq!(crate::binary_format(&noise), Some("binary data"));
        // Text, UTF-16 without a BOM and a stray NUL are not binary.
        assert_eq!(crate::binary_format(b"User-agent: *\nDisallow: /\n"), None);
        let utf16: Vec<u8> = "User-agent: *\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(crate::binary_format(&utf16), None);
        assert_eq!(codes_of(&utf16), [(Code::Utf16File, 1)]);
        assert_eq!(
            crate::binary_format(b"User-agent: *\nDisallow: /a\x00b\n"),
            None
        );
    }

    #[test]
    fn utf16_is_recognised() {
        let mut bytes = vec![0xFF, 0xFE];
        for unit in "User-agent: *\r\nDisallow: /private/\r\n".encode_utf16() {
            bytes.extend_from_slice(&unit.to_le_bytes());
        }
        assert_eq!(codes_of(&bytes), [(Code::Utf16File, 1)]);
        let mut big_endian = vec![0xFE, 0xFF];
        for unit in "User-agent: *\nDisallow: /\n".encode_utf16() {
            big_endian.extend_from_slice(&unit.to_be_bytes());
        }
        assert_eq!(codes_of(&big_endian), [(Code::Utf16File, 1)]);
    }

    #[test]
    fn a_bom_before_a_directive_is_reported() {
        let found = super::super::audit(&RobotsTxt::parse(
            b"\xEF\xBB\xBFUser-agent: *\nDisallow: /a\n",
        ));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].code, Code::ByteOrderMark);
        assert_eq!(found[0].span.map(|s| (s.start, s.end)), Some((0, 3)));
        assert_eq!(
            codes_of(b"\xEF\xBBUser-agent: *\nDisallow: /a\n"),
            [(Code::ByteOrderMark, 1)]
        );
        assert_eq!(
            codes_of(b"\xEF\xBB\xBF# robots\nUser-agent: *\nDisallow: /a\n"),
            []
        );
    }

    #[test]
    fn invalid_utf8_in_values_is_reported_once() {
        let found = super::super::audit(&RobotsTxt::parse(
            b"User-agent: *\nDisallow: /caf\xE9\nDisallow: /cr\xE8me\n# \xA9 2024\n",
        ));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].code, Code::InvalidUtf8);
        assert_eq!(found[0].line, 2);
        assert_eq!(found[0].related_lines, [3]);
        assert!(
            found[0].message.english().contains("`/caf%E9`"),
            "{}",
            found[0].message
        );
        assert_eq!(codes_of(b"User-agent: *\nDisallow: /a # \xA9 2024\n"), []);
    }

    #[test]
    fn rules_past_500_kib_are_reported_from_the_line_that_is_cut() {
        let mut input = String::from("User-agent: *\n");
        let mut line = 1;
        while input.len() < SIZE_LIMIT + 1_000 {
            line += 1;
            input.push_str(&format!("Disallow: /section-{line:08}/page\n"));
        }
        let found = super::super::audit(&RobotsTxt::parse(input.as_bytes()));
        let size: Vec<_> = found
            .iter()
            .filter(|f| f.code == Code::OverSizeLimit)
            .collect();
        assert_eq!(size.len(), 1);
        let robots = RobotsTxt::parse(input.as_bytes());
        let cut = robots.lines().iter().find(|l| l.cut_by_size_limit).unwrap();
        assert_eq!(size[0].line, cut.number);
        assert!(
            size[0].message.english().contains("512,000"),
            "{}",
            size[0].message
        );
        assert!(
            size[0].message.english().contains("rules"),
            "{}",
            size[0].message
        );
    }

    #[test]
    fn a_cut_that_changes_no_verdict_is_a_note_and_one_that_may_is_an_error() {
        // Past the limit only full URLs, which match nothing read or not (paytm.com's shape):
        // the cut changes no verdict. The same file with paths loses rules that match (each
        // its own folder, so that the line the limit cuts does not cover the rest).
        let file = |rule: &str| {
            let mut input = String::from("User-agent: *\nDisallow: /cart/\n");
            let mut n = 0;
            while input.len() < SIZE_LIMIT + 2_000 {
                n += 1;
                input.push_str(&format!("Disallow: {rule}{n:08}/x\n"));
            }
            input
        };
        let size = |input: &str| {
            super::super::audit(&RobotsTxt::parse(input.as_bytes()))
                .into_iter()
                .find(|f| f.code == Code::OverSizeLimit)
                .expect("a size finding")
        };
        let urls = size(&file("https://shop.example.com/p/item-"));
        assert_eq!(urls.severity, super::super::Severity::Info);
        assert!(
            urls.why.english().contains("no verdict changes"),
            "{}",
            urls.why
        );
        let paths = size(&file("/"));
        assert_eq!(paths.severity, super::super::Severity::Error);
        let effect = &paths.effect[0];
        assert!(effect.allowed && !effect.intended, "{effect:?}");
        // A lost sitemap changes no verdict: a note.
        let mut with_sitemap = file("https://shop.example.com/p/item-");
        with_sitemap.push_str("Sitemap: https://shop.example.com/sitemap.xml\n");
        assert_eq!(size(&with_sitemap).severity, super::super::Severity::Info);
    }

    #[test]
    fn the_line_the_limit_cuts_gets_only_the_size_limit_finding() {
        // Padding so that the limit falls `kept` bytes into the line after it.
        let padded = |kept: usize, line: &str| {
            let head = "User-agent: *\n# ";
            let mut input = String::from(head);
            input.push_str(&"c".repeat(SIZE_LIMIT - kept - head.len() - 1));
            input.push('\n');
            input.push_str(line);
            input.push_str("Disallow: /later\n");
            input
        };
        for (kept, line) in [
            (5, "Disallow: /secret\n"),
            (9, "Disallow: /secret\n"),
            (5, "User-agent: Googlebot\n"),
        ] {
            let input = padded(kept, line);
            assert_eq!(
                codes(&input),
                [(Code::OverSizeLimit, 3)],
                "{kept} bytes of {line:?}"
            );
        }
    }

    #[test]
    fn comments_past_500_kib_are_not_reported() {
        let mut input = String::from("User-agent: *\nDisallow: /a\n");
        while input.len() < SIZE_LIMIT + 1_000 {
            input.push_str("# padding padding padding padding padding padding\n");
        }
        assert_eq!(codes(&input), []);
    }

    #[test]
    fn a_file_without_groups_is_noted() {
        assert_eq!(codes(""), [(Code::NoGroups, 1)]);
        assert_eq!(codes("# nothing here\n"), [(Code::NoGroups, 1)]);
        assert_eq!(
            codes("Sitemap: https://example.com/s.xml\n"),
            [(Code::NoGroups, 1)]
        );
    }
}
