//! How JavaScript sees a robots.txt, for the consumers written in it (Lighthouse and npm
//! robots-parser): the text they split into lines, and `String.prototype.trim`.

use std::borrow::Cow;

use crate::lines::Line;
use crate::robots::RobotsTxt;

/// ECMAScript's `WhiteSpace` and `LineTerminator`, which `trim()` removes: more than ASCII
/// whitespace (U+00A0, U+FEFF, the Unicode spaces) and not U+0085, which Rust's
/// `char::is_whitespace` includes.
pub(crate) fn is_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{B}' | '\u{C}' | '\r' | ' ' | '\u{A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202F}'
                | '\u{205F}'
                | '\u{3000}'
                | '\u{FEFF}'
    )
}

/// `text.trim()`.
pub(crate) fn trim(text: &str) -> &str {
    text.trim_matches(is_space)
}

/// The line as the consumer's JavaScript reads it from the file's text, decoded as UTF-8
/// (invalid bytes as U+FFFD) and split at CRLF, CR and LF as the parse splits it. A byte order
/// mark stays in the text (`Buffer.toString`), on line 1: whole it is U+FEFF, which `trim()`
/// removes; a part of one is invalid UTF-8, one U+FFFD, which it does not.
pub(crate) fn line_text<'l>(robots: &RobotsTxt, line: &Line<'l>) -> Cow<'l, str> {
    match (line.number, robots.facts().bom_bytes) {
        (1, 3) => Cow::Owned(format!("\u{FEFF}{}", line.text())),
        (1, 1 | 2) => Cow::Owned(format!("\u{FFFD}{}", line.text())),
        _ => Cow::Borrowed(line.text()),
    }
}
