//! Text from the input, made safe to print: a robots.txt line or a URL may hold control
//! characters (an escape sequence would drive the terminal), so they are shown escaped.

use std::borrow::Cow;

/// `text` with every control character written as `\u{…}`.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| {
                if c.is_control() {
                    format!("\\u{{{:x}}}", u32::from(c))
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(printable("/a b"), "/a b");
        assert_eq!(printable("/\u{1b}[2J\t"), "/\\u{1b}[2J\\u{9}");
    }
}
