//! A Structured Fields Dictionary reader (RFC 9651 §4.2.2), as much of it as AI usage
//! preferences need.
//!
//! The AIPREF vocabulary (draft-ietf-aipref-vocab §6.5) reads a statement of preference as a
//! Dictionary and then looks only at Token values, so this reader keeps the key, the type of each
//! value, the text of Tokens and whether parameters were present; it checks every other bare item
//! exactly as RFC 9651 §4.2.3 parses it (a malformed String or Decimal anywhere fails the whole
//! Dictionary) but keeps none of their contents. Parsing is strict as the RFC is: an uppercase
//! key, a trailing comma or junk after a member fails the whole Dictionary, which the vocabulary
//! turns into "every preference unknown" (§6.5.1).
//!
//! # Untrusted input
//!
//! One pass over the bytes, no recursion (an Inner List cannot nest), no allocation beyond the
//! members: linear time and memory.

/// What kind of value a Dictionary member holds (RFC 9651 §3.3, §3.1.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum ValueType {
    /// A Token (`y`, `n`, `foo/bar`).
    Token,
    /// A String (`"n"`).
    String,
    /// An Integer (`1`).
    Integer,
    /// A Decimal (`0.5`).
    Decimal,
    /// A Boolean (`?0`, or a key with no `=value`, which is `?1`).
    Boolean,
    /// A Byte Sequence (`:aGk=:`).
    ByteSequence,
    /// A Date (`@1700000000`).
    Date,
    /// A Display String (`%"caf%c3%a9"`).
    DisplayString,
    /// An Inner List (`(y n)`).
    InnerList,
}

/// One member of a parsed Dictionary: the last one written for its key (RFC 9651 §4.2.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Member {
    /// The key, which is ASCII by construction.
    pub key: String,
    /// Where the key starts in the input.
    pub key_offset: usize,
    /// What kind of value it has.
    pub value: ValueType,
    /// The Token's text, when the value is a Token.
    pub token: Option<String>,
    /// The member carries parameters (`train-ai=n;reason=x`), which AIPREF ignores.
    pub has_parameters: bool,
}

/// Why a Dictionary could not be parsed, and where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SyntaxError {
    /// What went wrong.
    pub kind: SyntaxErrorKind,
    /// The byte offset into the statement where parsing stopped.
    pub offset: usize,
}

/// What made a Dictionary fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum SyntaxErrorKind {
    /// A key (or parameter key) holds an uppercase letter: keys are `lcalpha` / `*` followed by
    /// `lcalpha`, digits, `_`, `-`, `.`, `*` (RFC 9651 §4.2.3.3).
    UppercaseKey,
    /// Where a key should start there is something else (a digit, `=`, a quote, …).
    ExpectedKey,
    /// A value after `=` is not a valid bare item or Inner List.
    InvalidValue,
    /// A member is followed by something other than `,` (often a space inside a value).
    ExpectedComma,
    /// A `,` ends the Dictionary.
    TrailingComma,
}

/// The members of a Dictionary in order, each key once with its last value, and the offsets of
/// keys that repeated an earlier one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Dictionary {
    pub members: Vec<Member>,
    /// For each repetition: the key and the offset of the later occurrence.
    pub repeated: Vec<(String, usize)>,
}

/// Parses `input` as a Dictionary field value (RFC 9651 §4.2 with §4.2.2).
pub(crate) fn parse_dictionary(input: &[u8]) -> Result<Dictionary, SyntaxError> {
    let mut parser = Parser { input, pos: 0 };
    parser.skip_sp();
    let mut dictionary = Dictionary::default();
    while !parser.at_end() {
        let key_offset = parser.pos;
        let key = parser.key()?;
        let (value, token, has_parameters) = if parser.peek() == Some(b'=') {
            parser.pos += 1;
            parser.item_or_inner_list()?
        } else {
            (ValueType::Boolean, None, parser.parameters()?)
        };
        let member = Member {
            key,
            key_offset,
            value,
            token,
            has_parameters,
        };
        match dictionary.members.iter_mut().find(|m| m.key == member.key) {
            // The RFC overwrites the value in place: order is that of first appearance.
            Some(existing) => {
                dictionary.repeated.push((member.key.clone(), key_offset));
                *existing = member;
            }
            None => dictionary.members.push(member),
        }
        parser.skip_ows();
        if parser.at_end() {
            break;
        }
        if parser.peek() != Some(b',') {
            return Err(parser.error(SyntaxErrorKind::ExpectedComma));
        }
        parser.pos += 1;
        parser.skip_ows();
        if parser.at_end() {
            return Err(parser.error(SyntaxErrorKind::TrailingComma));
        }
    }
    Ok(dictionary)
}

struct Parser<'a> {
    input: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.input.get(self.pos).copied()
    }

    fn at_end(&self) -> bool {
        self.pos >= self.input.len()
    }

    fn error(&self, kind: SyntaxErrorKind) -> SyntaxError {
        SyntaxError {
            kind,
            offset: self.pos,
        }
    }

    fn skip_sp(&mut self) {
        while self.peek() == Some(b' ') {
            self.pos += 1;
        }
    }

    fn skip_ows(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
    }

    /// RFC 9651 §4.2.3.3. An uppercase letter where a key starts or continues always fails the
    /// parse (nothing after a key may be a letter), so it is reported as such right here.
    fn key(&mut self) -> Result<String, SyntaxError> {
        let start = self.pos;
        match self.peek() {
            Some(b'a'..=b'z' | b'*') => self.pos += 1,
            Some(b'A'..=b'Z') => return Err(self.error(SyntaxErrorKind::UppercaseKey)),
            _ => return Err(self.error(SyntaxErrorKind::ExpectedKey)),
        }
        while let Some(b'a'..=b'z' | b'0'..=b'9' | b'_' | b'-' | b'.' | b'*') = self.peek() {
            self.pos += 1;
        }
        if let Some(b'A'..=b'Z') = self.peek() {
            return Err(self.error(SyntaxErrorKind::UppercaseKey));
        }
        // Only the bytes above were taken, so this is ASCII.
        Ok(String::from_utf8_lossy(&self.input[start..self.pos]).into_owned())
    }

    /// RFC 9651 §4.2.1.1 (an Item or an Inner List): the type, a Token's text, and whether
    /// parameters follow.
    fn item_or_inner_list(&mut self) -> Result<(ValueType, Option<String>, bool), SyntaxError> {
        if self.peek() == Some(b'(') {
            self.inner_list()?;
            return Ok((ValueType::InnerList, None, self.parameters()?));
        }
        let (value, token) = self.bare_item()?;
        Ok((value, token, self.parameters()?))
    }

    /// RFC 9651 §4.2.1.2.
    fn inner_list(&mut self) -> Result<(), SyntaxError> {
        self.pos += 1;
        loop {
            self.skip_sp();
            match self.peek() {
                None => return Err(self.error(SyntaxErrorKind::InvalidValue)),
                Some(b')') => {
                    self.pos += 1;
                    return Ok(());
                }
                Some(_) => {
                    self.bare_item()?;
                    self.parameters()?;
                    if !matches!(self.peek(), Some(b' ' | b')')) {
                        return Err(self.error(SyntaxErrorKind::InvalidValue));
                    }
                }
            }
        }
    }

    /// RFC 9651 §4.2.3.2. Returns whether there was at least one parameter.
    fn parameters(&mut self) -> Result<bool, SyntaxError> {
        let mut any = false;
        while self.peek() == Some(b';') {
            self.pos += 1;
            self.skip_sp();
            self.key()?;
            if self.peek() == Some(b'=') {
                self.pos += 1;
                self.bare_item()?;
            }
            any = true;
        }
        Ok(any)
    }

    /// RFC 9651 §4.2.3.1.
    fn bare_item(&mut self) -> Result<(ValueType, Option<String>), SyntaxError> {
        let invalid = |parser: &Self| Err(parser.error(SyntaxErrorKind::InvalidValue));
        match self.peek() {
            Some(b'-' | b'0'..=b'9') => self.number().map(|value| (value, None)),
            Some(b'"') => {
                self.pos += 1;
                self.string_body(false)?;
                Ok((ValueType::String, None))
            }
            Some(b'*' | b'A'..=b'Z' | b'a'..=b'z') => {
                let start = self.pos;
                self.pos += 1;
                while self.peek().is_some_and(is_token_byte) {
                    self.pos += 1;
                }
                let text = String::from_utf8_lossy(&self.input[start..self.pos]).into_owned();
                Ok((ValueType::Token, Some(text)))
            }
            Some(b':') => {
                self.pos += 1;
                loop {
                    match self.peek() {
                        Some(b':') => break,
                        Some(b) if b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=') => {
                            self.pos += 1
                        }
                        _ => return invalid(self),
                    }
                }
                self.pos += 1;
                Ok((ValueType::ByteSequence, None))
            }
            Some(b'?') => match self.input.get(self.pos + 1) {
                Some(b'0' | b'1') => {
                    self.pos += 2;
                    Ok((ValueType::Boolean, None))
                }
                _ => {
                    self.pos += 1;
                    invalid(self)
                }
            },
            Some(b'@') => {
                self.pos += 1;
                match self.number()? {
                    ValueType::Integer => Ok((ValueType::Date, None)),
                    _ => invalid(self),
                }
            }
            Some(b'%') => {
                self.pos += 1;
                if self.peek() != Some(b'"') {
                    return invalid(self);
                }
                self.pos += 1;
                self.string_body(true)?;
                Ok((ValueType::DisplayString, None))
            }
            _ => invalid(self),
        }
    }

    /// RFC 9651 §4.2.4: an Integer of at most 15 digits, or a Decimal with at most 12 digits
    /// before the point and 1 to 3 after it.
    fn number(&mut self) -> Result<ValueType, SyntaxError> {
        let invalid = |parser: &Self| Err(parser.error(SyntaxErrorKind::InvalidValue));
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
            return invalid(self);
        }
        let mut digits = 0;
        let mut point: Option<usize> = None;
        while let Some(b) = self.peek() {
            if b.is_ascii_digit() {
                digits += 1;
            } else if b == b'.' && point.is_none() {
                if digits > 12 {
                    return invalid(self);
                }
                point = Some(digits);
            } else {
                break;
            }
            self.pos += 1;
            let limit = if point.is_some() { 16 } else { 15 };
            if digits + usize::from(point.is_some()) > limit {
                return invalid(self);
            }
        }
        match point {
            None => Ok(ValueType::Integer),
            Some(before) => {
                let after = digits - before;
                if after == 0 || after > 3 {
                    invalid(self)
                } else {
                    Ok(ValueType::Decimal)
                }
            }
        }
    }

    /// The rest of a String (RFC 9651 §4.2.5) or a Display String (§4.2.10) after its opening
    /// quote.
    fn string_body(&mut self, display: bool) -> Result<(), SyntaxError> {
        let invalid = |parser: &Self| Err(parser.error(SyntaxErrorKind::InvalidValue));
        let mut decoded = Vec::new();
        loop {
            let Some(b) = self.peek() else {
                return invalid(self);
            };
            if !(0x20..0x7F).contains(&b) {
                return invalid(self);
            }
            self.pos += 1;
            match b {
                b'"' => break,
                b'\\' if !display => match self.peek() {
                    Some(b'"' | b'\\') => self.pos += 1,
                    _ => return invalid(self),
                },
                b'%' if display => {
                    let hex = |b: Option<&u8>| {
                        b.and_then(|&b| match b {
                            b'0'..=b'9' => Some(b - b'0'),
                            b'a'..=b'f' => Some(b - b'a' + 10),
                            _ => None,
                        })
                    };
                    match (
                        hex(self.input.get(self.pos)),
                        hex(self.input.get(self.pos + 1)),
                    ) {
                        (Some(high), Some(low)) => {
                            decoded.push(high << 4 | low);
                            self.pos += 2;
                        }
                        _ => return invalid(self),
                    }
                }
                other if display => decoded.push(other),
                _ => {}
            }
        }
        if display && std::str::from_utf8(&decoded).is_err() {
            return invalid(self);
        }
        Ok(())
    }
}

/// `tchar / ":" / "/"` (RFC 9651 §3.3.4, RFC 9110 §5.6.2).
fn is_token_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'!' | b'#'
                | b'$'
                | b'%'
                | b'&'
                | b'\''
                | b'*'
                | b'+'
                | b'-'
                | b'.'
                | b'^'
                | b'_'
                | b'`'
                | b'|'
                | b'~'
                | b':'
                | b'/'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(input: &str) -> Result<Dictionary, SyntaxError> {
        parse_dictionary(input.as_bytes())
    }

    impl Dictionary {
        fn get(&self, key: &str) -> Option<&Member> {
            self.members.iter().find(|member| member.key == key)
        }
    }

    fn kind(input: &str) -> SyntaxErrorKind {
        parse(input).unwrap_err().kind
    }

    #[test]
    fn tokens_and_other_types_are_told_apart() {
        let dict = parse(
            r#"train-ai=y, search="n", a=?0, b, c=1, d=1.5, e=:aGk=:, f=@1, g=%"x", h=(y n)"#,
        )
        .unwrap();
        let types: Vec<ValueType> = dict.members.iter().map(|m| m.value).collect();
        use ValueType::*;
        assert_eq!(
            types,
            [
                Token,
                String,
                Boolean,
                Boolean,
                Integer,
                Decimal,
                ByteSequence,
                Date,
                DisplayString,
                InnerList
            ]
        );
        assert_eq!(dict.get("train-ai").unwrap().token.as_deref(), Some("y"));
    }

    #[test]
    fn a_repeated_key_keeps_its_last_value_in_its_first_place() {
        let dict = parse("train-ai=y, search=n, train-ai").unwrap();
        assert_eq!(dict.members[0].key, "train-ai");
        assert_eq!(dict.members[0].value, ValueType::Boolean);
        assert_eq!(dict.repeated, [("train-ai".to_owned(), 22)]);
    }

    #[test]
    fn parameters_are_noticed_and_skipped() {
        let dict = parse("train-ai;allow=n, train-ai=y").unwrap();
        let member = dict.get("train-ai").unwrap();
        assert_eq!(member.token.as_deref(), Some("y"));
        assert!(!member.has_parameters);
        assert!(parse("train-ai=n;has;parameters=\"?\";").is_err());
        assert!(parse("train-ai=n;has;parameters=\"?\"").unwrap().members[0].has_parameters);
    }

    #[test]
    fn uppercase_keys_fail_the_dictionary() {
        assert_eq!(kind("Train-ai=n"), SyntaxErrorKind::UppercaseKey);
        assert_eq!(kind("train-AI=n"), SyntaxErrorKind::UppercaseKey);
        assert_eq!(kind("search=y, TRAIN-AI=n"), SyntaxErrorKind::UppercaseKey);
        assert_eq!(kind("search=y;Why=x"), SyntaxErrorKind::UppercaseKey);
        // An uppercase Token value is fine.
        assert_eq!(
            parse("train-ai=N").unwrap().members[0].token.as_deref(),
            Some("N")
        );
    }

    #[test]
    fn syntax_errors_say_what_and_where() {
        assert_eq!(kind("train-ai=n,"), SyntaxErrorKind::TrailingComma);
        assert_eq!(kind("train-ai=n search=y"), SyntaxErrorKind::ExpectedComma);
        assert_eq!(kind("1=n"), SyntaxErrorKind::ExpectedKey);
        assert_eq!(kind("train-ai=\"n"), SyntaxErrorKind::InvalidValue);
        assert_eq!(kind("train-ai=1.2345"), SyntaxErrorKind::InvalidValue);
        assert_eq!(kind("a=1234567890123456"), SyntaxErrorKind::InvalidValue);
        assert_eq!(kind("a=?2"), SyntaxErrorKind::InvalidValue);
        assert_eq!(kind("a=@1.5"), SyntaxErrorKind::InvalidValue);
        assert_eq!(kind("a=%\"%C3%A9\""), SyntaxErrorKind::InvalidValue);
        assert_eq!(kind("a=%\"%ff\""), SyntaxErrorKind::InvalidValue);
        assert_eq!(kind("a=(y"), SyntaxErrorKind::InvalidValue);
        assert_eq!(kind("a=é"), SyntaxErrorKind::InvalidValue);
        assert_eq!(
            parse("a=(y n);p").unwrap().members[0].value,
            ValueType::InnerList
        );
        assert_eq!(parse("train-ai=n search").unwrap_err().offset, 11);
    }

    #[test]
    fn whitespace_follows_the_rfc() {
        assert_eq!(parse("  train-ai=n \t").unwrap().members.len(), 1);
        assert_eq!(parse("a=y,\tb=n").unwrap().members.len(), 2);
        assert_eq!(kind("\ttrain-ai=n"), SyntaxErrorKind::ExpectedKey);
        assert_eq!(kind("train-ai = n"), SyntaxErrorKind::ExpectedComma);
        assert!(parse("").unwrap().members.is_empty());
    }
}
