//! Sentences for people, as a key into a catalogue of templates and the values that fill it.
//!
//! The core explains what it finds in sentences (an audit finding's message, why it matters and
//! how to fix it; why another reader disagrees), but it does not decide their language: each
//! sentence is a [`Message`], a [`MessageId`] and named [`Value`]s (values from the file, counts,
//! line numbers, names). The English templates live here, in one table ([`MessageId::english`]),
//! and are what the CLI prints (`Display`); the page renders the same message with its
//! catalogue (`www/text/i18n/<lang>.json`, key [`MessageId::key`]), whose English entries are written
//! from this table (`crates/core/tests/catalogues.rs` checks them, and every language's keys and
//! placeholders, and rewrites the English ones with `UPDATE_CATALOGUES=1`).
//!
//! ```
//! use robots_lens::RobotsTxt;
//!
//! let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: /a\nNoindex: /a\n");
//! let finding = &robots.audit()[0];
//! assert_eq!(finding.message.id().key(), "core.audit.noindex-directive.message-noindex");
//! assert!(finding.message.to_string().starts_with("`Noindex: /a` is not a robots.txt rule"));
//! ```
//!
//! A template names its values `{name}`; a value from the file is [`Value::Code`] (the CLI
//! shows it in backticks, the page as code that is never translated). Templates mark fixed code
//! with backticks too. Keeping values apart from words is also what keeps a finding small: a
//! file with 100,000 findings holds their values, not 300,000 sentences.

mod english;

pub use english::MessageId;

use std::fmt;

/// A sentence: which template, and the values that fill its `{name}` placeholders.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Message {
    id: MessageId,
    args: Box<[Arg]>,
}

/// One named value of a [`Message`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Arg {
    /// The placeholder it fills, without braces.
    pub name: &'static str,
    /// What fills it.
    pub value: Value,
}

/// What fills a placeholder.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Value {
    /// A value from the file (a path, a key, a token), shown as code and never translated;
    /// shortened to [`MAX_CODE_CHARS`] characters, invisible characters shown as U+FFFD.
    Code(Box<str>),
    /// A name or word that is not translated and not code (a crawler's name, a status).
    Text(Box<str>),
    /// A count, written with the language's digit grouping (`12,345`).
    Count(u64),
    /// One line number.
    Line(usize),
    /// Values joined as `a, b and c` in the language.
    List(Box<[Value]>),
    /// Values joined with commas only (`a, b, c`), for a list that a sentence goes on from.
    Series(Box<[Value]>),
    /// A phrase of its own, for a part of a sentence that varies.
    Message(Box<Message>),
}

/// How many characters of a value from the file a message shows: a 16 kB pattern helps nobody.
pub const MAX_CODE_CHARS: usize = 80;

/// At most this many line numbers are listed; more are summed up (`and 12 more`), so that a
/// message's length does not grow with the file.
const LISTED_LINES: usize = 10;

impl Message {
    /// The message `id` with no value yet; add them with the builder methods.
    pub fn new(id: MessageId) -> Message {
        Message {
            id,
            args: Box::new([]),
        }
    }

    /// Which template this is.
    pub fn id(&self) -> MessageId {
        self.id
    }

    /// The values, in the order they were given.
    pub fn args(&self) -> &[Arg] {
        &self.args
    }

    /// The value named `name`, if given.
    pub fn arg(&self, name: &str) -> Option<&Value> {
        self.args
            .iter()
            .find(|arg| arg.name == name)
            .map(|arg| &arg.value)
    }

    /// Adds the value `name`.
    pub fn with(self, name: &'static str, value: Value) -> Message {
        let mut args = Vec::from(self.args);
        args.push(Arg { name, value });
        Message {
            id: self.id,
            args: args.into_boxed_slice(),
        }
    }

    /// Adds a value from the file, shown as code.
    pub fn code(self, name: &'static str, value: &str) -> Message {
        self.with(name, Value::code(value))
    }

    /// Adds a name or word shown as it is.
    pub fn text(self, name: &'static str, value: impl Into<Box<str>>) -> Message {
        self.with(name, Value::Text(value.into()))
    }

    /// Adds a count.
    pub fn count(self, name: &'static str, count: usize) -> Message {
        self.with(name, Value::Count(count as u64))
    }

    /// The same sentence with each line number `line` gives for it, at any depth: a message
    /// written about an edited file, told with the lines of the file as written.
    pub(crate) fn map_lines(self, line: &dyn Fn(usize) -> usize) -> Message {
        let args = Vec::from(self.args)
            .into_iter()
            .map(|arg| Arg {
                name: arg.name,
                value: arg.value.map_lines(line),
            })
            .collect();
        Message { id: self.id, args }
    }

    /// Adds one line number.
    pub fn line(self, name: &'static str, line: usize) -> Message {
        self.with(name, Value::Line(line))
    }

    /// Adds line numbers as a phrase (`lines 4 and 9`, `lines 4–7`, `lines 2, 4, … and 12
    /// more`): the phrase is chosen here, so that a finding keeps at most ten
    /// numbers however many lines it is about.
    pub fn lines(self, name: &'static str, lines: &[usize]) -> Message {
        self.phrase(name, lines_phrase(lines))
    }

    /// Adds a list of values (`a, b and c`).
    pub fn list(self, name: &'static str, values: Vec<Value>) -> Message {
        self.with(name, Value::List(values.into_boxed_slice()))
    }

    /// Adds a phrase.
    pub fn phrase(self, name: &'static str, phrase: impl Into<Message>) -> Message {
        self.with(name, Value::Message(Box::new(phrase.into())))
    }

    /// Whether every placeholder of the template has a value and every value a placeholder,
    /// in this message and the phrases it holds (what the catalogue test cannot see).
    pub fn is_complete(&self) -> bool {
        let mut wanted = placeholders(self.id.english());
        let mut given: Vec<&str> = self.args.iter().map(|arg| arg.name).collect();
        wanted.sort_unstable();
        given.sort_unstable();
        wanted == given && self.args.iter().all(|arg| arg.value.is_complete())
    }

    /// The message in English, as the CLI prints it.
    pub fn english(&self) -> String {
        self.to_string()
    }
}

impl From<MessageId> for Message {
    fn from(id: MessageId) -> Message {
        Message::new(id)
    }
}

impl Value {
    fn map_lines(self, line: &dyn Fn(usize) -> usize) -> Value {
        let each = |values: Box<[Value]>| {
            Vec::from(values)
                .into_iter()
                .map(|value| value.map_lines(line))
                .collect()
        };
        match self {
            Value::Line(number) => Value::Line(line(number)),
            Value::List(values) => Value::List(each(values)),
            Value::Series(values) => Value::Series(each(values)),
            Value::Message(message) => Value::Message(Box::new(message.map_lines(line))),
            other => other,
        }
    }

    /// A value from the file, shortened and with invisible characters made visible.
    pub fn code(value: &str) -> Value {
        // A value of at most MAX_CODE_CHARS octets has at most as many characters: only a
        // longer one needs counting. Most values are printable ASCII, copied at once instead
        // of character by character (a file with thousands of findings builds thousands).
        let cut = if value.len() <= MAX_CODE_CHARS {
            None
        } else {
            value.char_indices().nth(MAX_CODE_CHARS).map(|(at, _)| at)
        };
        let kept = &value[..cut.unwrap_or(value.len())];
        let mut shown: String = if kept
            .bytes()
            .all(|b| (0x20..0x7f).contains(&b) || b == b'\t')
        {
            kept.to_owned()
        } else {
            kept.chars()
                .map(|c| if is_invisible(c) { '\u{fffd}' } else { c })
                .collect()
        };
        if cut.is_some() {
            shown.push('…');
        }
        Value::Code(shown.into())
    }

    fn is_complete(&self) -> bool {
        match self {
            Value::List(values) | Value::Series(values) => values.iter().all(Value::is_complete),
            Value::Message(message) => message.is_complete(),
            _ => true,
        }
    }

    /// A phrase as a value.
    pub fn phrase(phrase: impl Into<Message>) -> Value {
        Value::Message(Box::new(phrase.into()))
    }
}

/// Characters that are invisible or control characters, which crawlers keep as part of a key
/// or value. Tab is ordinary whitespace and is not one of them.
pub(crate) fn is_invisible(c: char) -> bool {
    (c.is_control() && c != '\t')
        || matches!(
            c,
            '\u{a0}' | '\u{ad}' | '\u{200b}' | '\u{200c}' | '\u{200d}' | '\u{2060}' | '\u{feff}'
        )
        || is_unicode_space(c)
}

/// Unicode's other spaces (U+1680, U+2000–U+200A, the line and paragraph separators, U+202F,
/// U+205F, U+3000): they look like a space, or like nothing, where crawlers that trim only ASCII
/// whitespace keep them as part of a key or value (`/members\u{2002}` matches no URL for
/// Google, while Python's `str.strip()` removes it).
pub(crate) fn is_unicode_space(c: char) -> bool {
    matches!(
        c,
        '\u{1680}' | '\u{2000}'
            ..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
    )
}

/// The `{name}` placeholders of a template, in order, each once.
pub fn placeholders(template: &str) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        rest = &rest[open + 1..];
        let Some(close) = rest.find('}') else { break };
        let name = &rest[..close];
        if !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            if !names.contains(&name) {
                names.push(name);
            }
            rest = &rest[close + 1..];
        }
    }
    names
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let template = self.id.english();
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            f.write_str(&rest[..open])?;
            let after = &rest[open + 1..];
            let filled = after.find('}').and_then(|close| {
                let value = self.arg(&after[..close])?;
                Some((close, value))
            });
            match filled {
                Some((close, value)) => {
                    write!(f, "{value}")?;
                    rest = &after[close + 1..];
                }
                None => {
                    f.write_str("{")?;
                    rest = after;
                }
            }
        }
        f.write_str(rest)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Code(code) => write!(f, "`{code}`"),
            Value::Text(text) => f.write_str(text),
            Value::Count(count) => f.write_str(&thousands(*count)),
            Value::Line(line) => write!(f, "{line}"),
            Value::List(values) => write_list(f, values),
            Value::Series(values) => {
                let items: Vec<String> = values.iter().map(Value::to_string).collect();
                f.write_str(&items.join(", "))
            }
            Value::Message(message) => write!(f, "{message}"),
        }
    }
}

/// `a`, `a and b`, `a, b and c`, with the language's `and` ([`MessageId::ListAnd`]).
fn write_list(f: &mut fmt::Formatter<'_>, values: &[Value]) -> fmt::Result {
    match values {
        [] => Ok(()),
        [one] => write!(f, "{one}"),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(Value::to_string).collect();
            let phrase = Message::new(MessageId::ListAnd)
                .text("init", init.join(", "))
                .text("last", last.to_string());
            write!(f, "{phrase}")
        }
    }
}

/// The phrase for line numbers.
pub(crate) fn lines_phrase(lines: &[usize]) -> Message {
    let joined = |lines: &[usize]| {
        lines
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    match lines {
        [] => Message::new(MessageId::ListNoLine),
        [one] => Message::new(MessageId::ListLine).line("line", *one),
        _ if lines.windows(2).all(|pair| pair[1] == pair[0] + 1) => {
            Message::new(MessageId::ListLineRun)
                .line("first", lines[0])
                .line("last", lines[lines.len() - 1])
        }
        _ if lines.len() > LISTED_LINES => Message::new(MessageId::ListLinesMore)
            .text("listed", joined(&lines[..LISTED_LINES]))
            .count("more", lines.len() - LISTED_LINES),
        [init @ .., last] => Message::new(MessageId::ListLines)
            .text("init", joined(init))
            .line("last", *last),
    }
}

/// A count as the English sentences write it, digits grouped by three: `12,345`.
pub fn thousands(number: u64) -> String {
    let digits = number.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(feature = "serde")]
mod serialize {
    //! `{ "key": "core.…", "args": { "name": value } }`, where a value is a string (a name), a
    //! number (a count), `{ "code": "…" }`, `{ "line": 4 }`, `{ "list": [values] }`, `{ "series": [values] }` or a nested message.

    use super::{Message, Value};
    use serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};

    impl Serialize for Message {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut message = serializer.serialize_struct("Message", 2)?;
            message.serialize_field("key", self.id.key())?;
            message.serialize_field("args", &Args(self))?;
            message.end()
        }
    }

    struct Args<'m>(&'m Message);

    impl Serialize for Args<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut map = serializer.serialize_map(Some(self.0.args.len()))?;
            for arg in self.0.args.iter() {
                map.serialize_entry(arg.name, &arg.value)?;
            }
            map.end()
        }
    }

    impl Serialize for Value {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            match self {
                Value::Code(code) => tagged(serializer, "code", &**code),
                Value::Text(text) => serializer.serialize_str(text),
                Value::Count(count) => serializer.serialize_u64(*count),
                Value::Line(line) => tagged(serializer, "line", line),
                Value::List(values) => tagged(serializer, "list", values),
                Value::Series(values) => tagged(serializer, "series", values),
                Value::Message(message) => message.serialize(serializer),
            }
        }
    }

    /// `{ tag: value }`.
    fn tagged<S: Serializer, T: Serialize + ?Sized>(
        serializer: S,
        tag: &'static str,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry(tag, value)?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_fill_placeholders_in_english() {
        let message = Message::new(MessageId::ListAnd)
            .text("init", "a, b")
            .text("last", "c");
        assert_eq!(message.to_string(), "a, b and c");
    }

    #[test]
    fn line_numbers_map_at_any_depth() {
        let message = Message::new(MessageId::FixWithheldRaises)
            .phrase("change", Message::new(MessageId::FixChangeDeleted))
            .text("code", "RL405")
            .phrase(
                "finding",
                Message::new(MessageId::ListLine).line("line", 17),
            )
            .list("lines", vec![Value::Line(3), Value::Count(3)]);
        let mapped = message.clone().map_lines(&|line| line * 10);
        let Some(Value::Message(finding)) = mapped.arg("finding") else {
            panic!("the phrase is kept");
        };
        assert_eq!(finding.arg("line"), Some(&Value::Line(170)));
        // A count is no line number.
        assert_eq!(
            mapped.arg("lines"),
            Some(&Value::List(Box::new([Value::Line(30), Value::Count(3)])))
        );
        assert_eq!(mapped.arg("code"), message.arg("code"));
    }

    #[test]
    fn line_numbers_read_well() {
        let phrase = |lines: &[usize]| lines_phrase(lines).to_string();
        assert_eq!(phrase(&[3]), "line 3");
        assert_eq!(phrase(&[3, 4, 5]), "lines 3–5");
        assert_eq!(phrase(&[3, 7]), "lines 3 and 7");
        assert_eq!(phrase(&[3, 7, 9]), "lines 3, 7 and 9");
        let many: Vec<usize> = (1..=30).map(|n| n * 2).collect();
        assert_eq!(
            phrase(&many),
            "lines 2, 4, 6, 8, 10, 12, 14, 16, 18, 20 and 20 more"
        );
    }

    #[test]
    fn codes_are_shortened_and_invisibles_shown() {
        assert_eq!(Value::code("/a").to_string(), "`/a`");
        assert!(Value::code(&"x".repeat(500)).to_string().ends_with("…`"));
        assert_eq!(Value::code(&"x".repeat(80)).to_string().len(), 82);
        assert_eq!(Value::code("/a\u{a0}").to_string(), "`/a\u{fffd}`");
        assert_eq!(Value::Count(512_000).to_string(), "512,000");
        assert_eq!(Value::Count(999).to_string(), "999");
    }

    #[test]
    fn placeholders_are_listed_once_in_order() {
        assert_eq!(placeholders("{a} x {b} {a} {{ }} ${ } {c d}"), ["a", "b"]);
    }

    #[test]
    fn every_template_is_well_formed() {
        let mut keys = std::collections::HashSet::new();
        for &id in MessageId::ALL {
            assert!(keys.insert(id.key()), "{} twice", id.key());
            assert!(id.key().starts_with("core."), "{}", id.key());
            let english = id.english();
            assert!(!english.trim().is_empty(), "{}", id.key());
            assert_eq!(english.matches('`').count() % 2, 0, "{}", id.key());
        }
    }
}
