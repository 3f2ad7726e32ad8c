//! What reaches the terminal: every byte the command writes passes through [`Clean`], which
//! shows control characters as escapes instead of passing them on.
//!
//! A robots.txt, a file name, an agent or a URL can hold terminal escapes (`ESC ] 52` writes the
//! clipboard, `ESC [ 2J` clears the screen, `ESC [ 8m` hides text) and bidirectional overrides
//! that make a line read differently from what it holds. Quoting them is the job of one writer
//! rather than of each `writeln!`, so no output path can forget it: the commands write to
//! [`stdout`] and [`stderr`], which wrap the standard streams. [`printable`] spells a string the
//! same way, for text that goes somewhere other than the terminal first.

use std::borrow::Cow;
use std::io::{self, Write};

/// How an escaped character is spelled: `\u{1b}` in text, `\u001b` in JSON (a valid JSON escape
/// of the same character, so the data a tool reads is unchanged).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Text,
    Json,
}

/// A writer that escapes every control character but the newline: C0 (tab and CR included),
/// DEL, C1, and the Unicode controls that reorder or break lines (bidi embeddings, overrides and
/// isolates, the directional marks, the line and paragraph separators).
pub struct Clean<W: Write> {
    inner: W,
    style: Style,
}

impl<W: Write> Clean<W> {
    pub fn new(inner: W, style: Style) -> Clean<W> {
        Clean { inner, style }
    }
}

/// Standard output, buffered and cleaned in `style`; flush it to see a write error.
pub fn stdout(style: Style) -> Clean<io::BufWriter<PipeAware>> {
    Clean::new(io::BufWriter::new(PipeAware(io::stdout().lock())), style)
}

/// Standard output that ends the process quietly with status 0 once its reader has gone
/// (`robots-lens lint --format sarif | head`), the convention ripgrep follows: a Unix program
/// that does not catch SIGPIPE dies silently there, and Rust ignores the signal, so the write
/// fails with `BrokenPipe` instead. Handling it here, under every writer, covers the paths that
/// would otherwise see the error wrapped (serde_json's) and print it.
pub struct PipeAware(io::StdoutLock<'static>);

impl PipeAware {
    fn quiet_on_broken_pipe<T>(result: io::Result<T>) -> io::Result<T> {
        match result {
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => std::process::exit(0),
            other => other,
        }
    }
}

impl Write for PipeAware {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        PipeAware::quiet_on_broken_pipe(self.0.write(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        PipeAware::quiet_on_broken_pipe(self.0.flush())
    }
}

/// [`Style::Json`] when `json`, else [`Style::Text`].
pub fn style(json: bool) -> Style {
    if json {
        Style::Json
    } else {
        Style::Text
    }
}

/// Standard error, cleaned for text.
pub fn stderr() -> Clean<io::StderrLock<'static>> {
    Clean::new(io::stderr().lock(), Style::Text)
}

/// Whether `character` is one that [`Clean`] escapes.
pub fn is_unsafe(character: char) -> bool {
    (character.is_control() && character != '\n')
        || matches!(
            character,
            '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

/// `text` with every character [`Clean`] escapes written as it writes it.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = Clean::new(Vec::new(), Style::Text);
    // Writing to a Vec cannot fail, and the escapes are ASCII.
    let _ = out.write_all(text.as_bytes());
    Cow::Owned(String::from_utf8(out.inner).unwrap_or_default())
}

/// How many characters of one line, URL or pattern text output shows; JSON keeps them whole.
pub const SHOWN_CHARS: usize = 200;

/// `text` as text output shows it: whole when it is at most [`SHOWN_CHARS`] characters, else its
/// start and a note of the cut, `aaa… (1,048,576 bytes, first 200 characters shown)`, so that a
/// 1 MB line costs a terminal one short line.
pub fn shortened(text: &str) -> Cow<'_, str> {
    let Some((cut, _)) = text.char_indices().nth(SHOWN_CHARS) else {
        return Cow::Borrowed(text);
    };
    Cow::Owned(format!(
        "{}… ({} bytes, first {SHOWN_CHARS} characters shown)",
        &text[..cut],
        robots_lens::message::thousands(text.len() as u64)
    ))
}

impl<W: Write> Write for Clean<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut rest = buf;
        while !rest.is_empty() {
            // Printable ASCII and newlines, nearly all of any output, pass in one run: decoding
            // each fragment a serializer writes as UTF-8, character by character, cost more
            // than building the output.
            let run = rest
                .iter()
                .position(|&byte| !(byte == b'\n' || (0x20..0x7f).contains(&byte)))
                .unwrap_or(rest.len());
            self.inner.write_all(&rest[..run])?;
            rest = &rest[run..];
            let Some(&first) = rest.first() else {
                break;
            };
            // One character that is not printable ASCII: decoded alone (our output is always
            // UTF-8; a byte that is not is escaped like a control).
            let width = match first {
                0xc0..=0xdf => 2,
                0xe0..=0xef => 3,
                0xf0..=0xf7 => 4,
                _ => 1,
            };
            match rest
                .get(..width)
                .and_then(|bytes| std::str::from_utf8(bytes).ok())
            {
                Some(text) => {
                    let character = text.chars().next().unwrap_or_default();
                    if is_unsafe(character) {
                        self.escape(u32::from(character))?;
                    } else {
                        self.inner.write_all(text.as_bytes())?;
                    }
                    rest = &rest[width..];
                }
                None => {
                    match self.style {
                        Style::Text => write!(self.inner, "\\x{first:02x}")?,
                        Style::Json => self.escape(u32::from(char::REPLACEMENT_CHARACTER))?,
                    }
                    rest = &rest[1..];
                }
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<W: Write> Clean<W> {
    fn escape(&mut self, code: u32) -> io::Result<()> {
        match (self.style, code) {
            (Style::Text, 0x09) => self.inner.write_all(b"\\t"),
            (Style::Text, 0x0d) => self.inner.write_all(b"\\r"),
            (Style::Text, _) => write!(self.inner, "\\u{{{code:x}}}"),
            (Style::Json, _) => write!(self.inner, "\\u{code:04x}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clean(text: &[u8], style: Style) -> String {
        let mut out = Clean::new(Vec::new(), style);
        out.write_all(text).unwrap();
        String::from_utf8(out.inner).unwrap()
    }

    #[test]
    fn terminal_escapes_are_shown_not_sent() {
        let hostile = "a\u{1b}]52;c;aGk=\u{7}b\u{1b}[2J\u{1b}[8mc\rd\te\u{7f}\u{9b}31m\n";
        assert_eq!(
            clean(hostile.as_bytes(), Style::Text),
            "a\\u{1b}]52;c;aGk=\\u{7}b\\u{1b}[2J\\u{1b}[8mc\\rd\\te\\u{7f}\\u{9b}31m\n"
        );
    }

    #[test]
    fn bidi_controls_and_line_separators_are_escaped_and_other_text_kept() {
        let text = "é ✓ 😀 \u{202e}txt.exe\u{2066}\u{2028}";
        assert_eq!(
            clean(text.as_bytes(), Style::Text),
            "é ✓ 😀 \\u{202e}txt.exe\\u{2066}\\u{2028}"
        );
    }

    #[test]
    fn json_escapes_stay_valid_json_with_the_same_value() {
        let value = serde_json::json!({ "line": "a\u{9b}b\u{202e}c\u{7f}" });
        let cleaned = clean(value.to_string().as_bytes(), Style::Json);
        assert!(cleaned.is_ascii(), "{cleaned}");
        let read: serde_json::Value = serde_json::from_str(&cleaned).unwrap();
        assert_eq!(read, value);
    }

    #[test]
    fn printable_spells_text_as_the_writer_does() {
        assert_eq!(printable("/a b"), "/a b");
        assert!(matches!(printable("/a b"), Cow::Borrowed(_)));
        assert_eq!(printable("/\u{1b}[2J\t"), "/\\u{1b}[2J\\t");
    }

    #[test]
    fn bytes_that_are_not_utf8_are_escaped() {
        assert_eq!(clean(b"a\xffb\xe2\x80", Style::Text), "a\\xffb\\xe2\\x80");
    }
}
