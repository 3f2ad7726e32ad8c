//! Just enough JSON to read one log record: every string and number of an object, named by its
//! path of keys (`request.headers.User-Agent`), without building the object.
//!
//! The core carries no JSON library (the wasm module would pay for one); a log record needs only
//! its scalars. [`each_scalar`] walks the text once, in O(length), allocating nothing but the
//! path it is in; a string is handed over raw and decoded by [`decode_string`] only when kept.
//! An array's elements are visited under the array's own path, so `"User-Agent": ["curl/8"]`
//! (Caddy's headers) reads like a string. Objects nest at most [`MAX_DEPTH`] deep; deeper, or
//! anything that is not one JSON object, is refused.

use std::borrow::Cow;

/// How deep objects and arrays may nest before a record is refused.
pub(crate) const MAX_DEPTH: usize = 32;

/// One scalar value of a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scalar<'a> {
    /// A string, as written between its quotes (escapes not yet decoded).
    Str { raw: &'a [u8], escaped: bool },
    /// A number, as written.
    Number(&'a [u8]),
}

impl<'a> Scalar<'a> {
    /// The value as text: a string decoded, a number as written.
    pub(crate) fn text(self) -> Cow<'a, str> {
        match self {
            Scalar::Str { raw, escaped: true } => Cow::Owned(decode_string(raw)),
            Scalar::Str { raw, .. } | Scalar::Number(raw) => match std::str::from_utf8(raw) {
                Ok(text) => Cow::Borrowed(text),
                Err(_) => String::from_utf8_lossy(raw),
            },
        }
    }
}

/// The text is not one JSON object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NotAnObject;

struct Reader<'a, 'p> {
    text: &'a [u8],
    at: usize,
    path: &'p mut Vec<u8>,
}

/// Calls `visit` with the dotted path and the value of every string and number of the JSON
/// object `text` (surrounding white space allowed), in document order. `path` is scratch space
/// the caller keeps from line to line.
pub(crate) fn each_scalar<'a>(
    text: &'a [u8],
    path: &mut Vec<u8>,
    visit: &mut dyn FnMut(&[u8], Scalar<'a>),
) -> Result<(), NotAnObject> {
    path.clear();
    let mut reader = Reader { text, at: 0, path };
    reader.skip_space();
    if reader.peek() != Some(b'{') {
        return Err(NotAnObject);
    }
    reader.value(0, visit)?;
    reader.skip_space();
    if reader.at == text.len() {
        Ok(())
    } else {
        Err(NotAnObject)
    }
}

impl<'a> Reader<'a, '_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            self.at += 1;
        }
    }

    fn expect(&mut self, byte: u8) -> Result<(), NotAnObject> {
        self.skip_space();
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(NotAnObject)
        }
    }

    /// The raw bytes of the string starting at the opening quote, and whether they hold an
    /// escape; the reader ends after the closing quote.
    fn string(&mut self) -> Result<(&'a [u8], bool), NotAnObject> {
        self.at += 1;
        let start = self.at;
        let mut escaped = false;
        loop {
            match self.text.get(self.at) {
                None => return Err(NotAnObject),
                Some(b'"') => {
                    let raw = &self.text[start..self.at];
                    self.at += 1;
                    return Ok((raw, escaped));
                }
                Some(b'\\') => {
                    escaped = true;
                    self.at += 2;
                }
                Some(_) => self.at += 1,
            }
        }
    }

    fn value(
        &mut self,
        depth: usize,
        visit: &mut dyn FnMut(&[u8], Scalar<'a>),
    ) -> Result<(), NotAnObject> {
        self.skip_space();
        match self.peek().ok_or(NotAnObject)? {
            b'{' => {
                if depth == MAX_DEPTH {
                    return Err(NotAnObject);
                }
                self.at += 1;
                self.skip_space();
                if self.peek() == Some(b'}') {
                    self.at += 1;
                    return Ok(());
                }
                loop {
                    self.skip_space();
                    if self.peek() != Some(b'"') {
                        return Err(NotAnObject);
                    }
                    let (key, _) = self.string()?;
                    self.expect(b':')?;
                    let outer = self.path.len();
                    if outer > 0 {
                        self.path.push(b'.');
                    }
                    self.path.extend_from_slice(key);
                    self.value(depth + 1, visit)?;
                    self.path.truncate(outer);
                    self.skip_space();
                    match self.peek() {
                        Some(b',') => self.at += 1,
                        Some(b'}') => {
                            self.at += 1;
                            return Ok(());
                        }
                        _ => return Err(NotAnObject),
                    }
                }
            }
            b'[' => {
                if depth == MAX_DEPTH {
                    return Err(NotAnObject);
                }
                self.at += 1;
                self.skip_space();
                if self.peek() == Some(b']') {
                    self.at += 1;
                    return Ok(());
                }
                loop {
                    self.value(depth + 1, visit)?;
                    self.skip_space();
                    match self.peek() {
                        Some(b',') => self.at += 1,
                        Some(b']') => {
                            self.at += 1;
                            return Ok(());
                        }
                        _ => return Err(NotAnObject),
                    }
                }
            }
            b'"' => {
                let (raw, escaped) = self.string()?;
                visit(self.path, Scalar::Str { raw, escaped });
                Ok(())
            }
            b'-' | b'0'..=b'9' => {
                let start = self.at;
                while matches!(
                    self.peek(),
                    Some(b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E')
                ) {
                    self.at += 1;
                }
                visit(self.path, Scalar::Number(&self.text[start..self.at]));
                Ok(())
            }
            _ => {
                for literal in [&b"true"[..], b"false", b"null"] {
                    if self.text[self.at..].starts_with(literal) {
                        self.at += literal.len();
                        return Ok(());
                    }
                }
                Err(NotAnObject)
            }
        }
    }
}

/// A JSON string's raw bytes (between the quotes) decoded: the two-character escapes, `\uXXXX`
/// with surrogate pairs (a lone surrogate becomes U+FFFD), invalid UTF-8 as U+FFFD.
pub(crate) fn decode_string(raw: &[u8]) -> String {
    let mut bytes = Vec::with_capacity(raw.len());
    let mut at = 0;
    while at < raw.len() {
        let byte = raw[at];
        if byte != b'\\' {
            bytes.push(byte);
            at += 1;
            continue;
        }
        let Some(&kind) = raw.get(at + 1) else {
            break;
        };
        at += 2;
        let single = match kind {
            b'"' => Some(b'"'),
            b'\\' => Some(b'\\'),
            b'/' => Some(b'/'),
            b'b' => Some(8),
            b'f' => Some(12),
            b'n' => Some(b'\n'),
            b'r' => Some(b'\r'),
            b't' => Some(b'\t'),
            _ => None,
        };
        if let Some(single) = single {
            bytes.push(single);
            continue;
        }
        if kind != b'u' {
            bytes.extend_from_slice("\u{fffd}".as_bytes());
            continue;
        }
        let unit = |at: usize| {
            raw.get(at..at + 4)
                .and_then(|hex| std::str::from_utf8(hex).ok())
                .and_then(|hex| u32::from_str_radix(hex, 16).ok())
        };
        let Some(first) = unit(at) else {
            bytes.extend_from_slice("\u{fffd}".as_bytes());
            continue;
        };
        at += 4;
        let code = if (0xd800..0xdc00).contains(&first)
            && raw.get(at..at + 2) == Some(b"\\u")
            && unit(at + 2).is_some_and(|low| (0xdc00..0xe000).contains(&low))
        {
            let low = unit(at + 2).unwrap_or_default();
            at += 6;
            0x10000 + ((first - 0xd800) << 10) + (low - 0xdc00)
        } else {
            first
        };
        let character = char::from_u32(code).unwrap_or('\u{fffd}');
        let mut buffer = [0u8; 4];
        bytes.extend_from_slice(character.encode_utf8(&mut buffer).as_bytes());
    }
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => String::from_utf8_lossy(error.as_bytes()).into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scalars(text: &str) -> Result<Vec<(String, String)>, NotAnObject> {
        let mut found = Vec::new();
        let mut path = Vec::new();
        each_scalar(text.as_bytes(), &mut path, &mut |path, value| {
            found.push((
                String::from_utf8_lossy(path).into_owned(),
                value.text().into_owned(),
            ));
        })?;
        Ok(found)
    }

    #[test]
    fn nested_keys_are_dotted_and_arrays_keep_their_path() {
        let found = scalars(
            r#" {"ts": 1772366400.5, "request": {"uri": "/a?b", "headers": {"User-Agent": ["curl/8", "x"]}}, "ok": true, "n": null} "#,
        )
        .unwrap();
        assert_eq!(
            found,
            [
                ("ts".into(), "1772366400.5".into()),
                ("request.uri".into(), "/a?b".into()),
                ("request.headers.User-Agent".into(), "curl/8".into()),
                ("request.headers.User-Agent".into(), "x".into()),
            ]
        );
    }

    #[test]
    fn escapes_decode_and_surrogates_pair() {
        assert_eq!(
            decode_string(br#"a\"b\\c\/\n\u00e9\ud83d\ude00"#),
            "a\"b\\c/\né😀"
        );
        assert_eq!(decode_string(br"\ud83d x"), "\u{fffd} x");
        assert_eq!(decode_string(br"\q\u12"), "\u{fffd}\u{fffd}12");
        assert_eq!(decode_string(b"\xff"), "\u{fffd}");
    }

    #[test]
    fn anything_but_one_object_is_refused() {
        for bad in [
            "",
            "[1]",
            "\"x\"",
            "{\"a\":1",
            "{\"a\" 1}",
            "{\"a\":1}{}",
            "{\"a\":tru}",
            "{a:1}",
            "{\"a\":[1,}",
        ] {
            assert_eq!(scalars(bad), Err(NotAnObject), "{bad}");
        }
        let deep = format!(
            "{}1{}",
            "{\"a\":".repeat(MAX_DEPTH + 1),
            "}".repeat(MAX_DEPTH + 1)
        );
        assert_eq!(scalars(&deep), Err(NotAnObject));
        let fine = format!("{}1{}", "{\"a\":".repeat(MAX_DEPTH), "}".repeat(MAX_DEPTH));
        assert!(scalars(&fine).is_ok());
    }
}
