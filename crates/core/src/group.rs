//! Groups, sitemaps and other directives, formed from the lines as Google forms them.
//!
//! A group is a run of user-agent lines followed by the rules that apply to them. Only an Allow
//! or Disallow line closes the list of agents: a user-agent line after a rule starts the next
//! group, while sitemap, unknown and other lines in between leave the group open (google/robotstxt
//! commit c8ac4b1; RFC 9309 §2.1 "crawlers MUST ignore" other records). Rules before the first
//! user-agent line belong to no group and are ignored by every crawler we model.

#[cfg(test)]
use crate::lines::Record;
use crate::lines::{is_ascii_space, LineKind, Lines};

/// What a user-agent line names.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(
    feature = "serde",
    serde(tag = "type", content = "token", rename_all = "kebab-case")
)]
pub enum AgentToken {
    /// `*`, the group for every crawler without a group of its own. Google also reads `* anything`
    /// as `*`.
    Star,
    /// A product token: the value's leading run of `[A-Za-z_-]`, which is all Google compares.
    /// It may be empty (`User-agent: 123`), in which case it names no crawler.
    Product(ProductToken),
}

/// A product token ([`AgentToken::Product`]): the leading `[A-Za-z_-]` run of a user-agent
/// value. Read as a `str` (it derefs to one). Kept inline when it is short, as nearly every real
/// one is, so that a user-agent line costs no allocation for it.
#[derive(Clone)]
pub struct ProductToken(TokenBytes);

/// Tokens up to this many bytes are kept inline; the type is then as large as a `String`.
const INLINE_TOKEN: usize = 22;

#[derive(Clone)]
enum TokenBytes {
    Inline { len: u8, bytes: [u8; INLINE_TOKEN] },
    Heap(Box<str>),
}

impl ProductToken {
    /// The token as text.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // Only ever filled from a `str`, so always UTF-8.
            TokenBytes::Inline { len, bytes } => {
                std::str::from_utf8(&bytes[..usize::from(*len)]).unwrap_or_default()
            }
            TokenBytes::Heap(text) => text,
        }
    }
}

impl ProductToken {
    /// The token of `ascii`, which is ASCII (as [`product_bytes`] gives): a short one is kept
    /// without checking it again as UTF-8, which a parse would otherwise do on every user-agent
    /// line.
    fn from_ascii(ascii: &[u8]) -> ProductToken {
        match ProductToken::inline(ascii) {
            Some(token) => token,
            None => ProductToken(TokenBytes::Heap(String::from_utf8_lossy(ascii).into())),
        }
    }

    fn inline(text: &[u8]) -> Option<ProductToken> {
        let mut bytes = [0; INLINE_TOKEN];
        bytes.get_mut(..text.len())?.copy_from_slice(text);
        Some(ProductToken(TokenBytes::Inline {
            len: text.len() as u8,
            bytes,
        }))
    }
}

impl From<&str> for ProductToken {
    fn from(text: &str) -> ProductToken {
        ProductToken::inline(text.as_bytes())
            .unwrap_or_else(|| ProductToken(TokenBytes::Heap(text.into())))
    }
}

impl From<String> for ProductToken {
    fn from(text: String) -> ProductToken {
        ProductToken::from(text.as_str())
    }
}

impl std::ops::Deref for ProductToken {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for ProductToken {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for ProductToken {
    fn eq(&self, other: &ProductToken) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for ProductToken {}

impl PartialEq<str> for ProductToken {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for ProductToken {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl std::hash::Hash for ProductToken {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl std::fmt::Debug for ProductToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl std::fmt::Display for ProductToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for ProductToken {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// One `User-agent:` line of a group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentLine {
    /// The line number.
    pub line: usize,
    /// The value as written, when it holds more than the token ([`AgentLine::has_extra_text`]);
    /// otherwise empty, and [`AgentLine::value`] is the token (most lines are only a token, and
    /// so cost one allocation rather than two).
    value_text: String,
    /// The token a crawler compares with its own.
    pub token: AgentToken,
    /// The value holds more than the token (`Googlebot/2.1`, `Googlebot Images`): only the token
    /// is compared.
    pub has_extra_text: bool,
    /// The line lies past the size limit and is not read by Googlebot.
    pub beyond_size_limit: bool,
}

#[cfg(feature = "serde")]
impl serde::Serialize for AgentLine {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = serializer.serialize_struct("AgentLine", 5)?;
        out.serialize_field("line", &self.line)?;
        out.serialize_field("value", self.value())?;
        out.serialize_field("token", &self.token)?;
        out.serialize_field("has_extra_text", &self.has_extra_text)?;
        out.serialize_field("beyond_size_limit", &self.beyond_size_limit)?;
        out.end()
    }
}

impl AgentLine {
    fn new(number: usize, value: &[u8], beyond_size_limit: bool) -> AgentLine {
        let (token, token_len) = read_agent_token(value);
        // The token is a prefix of the value, so the two differ only in length.
        let has_extra_text = token_len < value.len();
        let value_text = if has_extra_text {
            String::from_utf8_lossy(value).into_owned()
        } else {
            String::new()
        };
        AgentLine {
            line: number,
            value_text,
            token,
            has_extra_text,
            beyond_size_limit,
        }
    }

    /// The value as written.
    pub fn value(&self) -> &str {
        match &self.token {
            _ if self.has_extra_text => &self.value_text,
            AgentToken::Star => "*",
            AgentToken::Product(token) => token,
        }
    }

    /// The product token, unless the line is `*`.
    pub fn product(&self) -> Option<&str> {
        match &self.token {
            AgentToken::Star => None,
            AgentToken::Product(token) => Some(token),
        }
    }
}

/// Google's reading of a user-agent value (`RobotsMatcher::HandleUserAgent`,
/// `ExtractUserAgent`).
pub fn agent_token(value: &[u8]) -> AgentToken {
    read_agent_token(value).0
}

/// [`agent_token`] and how many bytes of `value` it takes (1 for `*`), known as it is read: asked
/// of the token afterwards, the length costs a UTF-8 check of an inline token on every
/// user-agent line of a parse.
fn read_agent_token(value: &[u8]) -> (AgentToken, usize) {
    if value.first() == Some(&b'*') && value.get(1).is_none_or(|&b| is_ascii_space(b)) {
        return (AgentToken::Star, 1);
    }
    let product = product_bytes(value);
    (
        AgentToken::Product(ProductToken::from_ascii(product)),
        product.len(),
    )
}

/// The leading run of `[A-Za-z_-]`: the part of a user-agent string that names the product.
pub fn product_token(value: &[u8]) -> &str {
    // Only ASCII letters, `-` and `_` are taken, so the slice is valid UTF-8.
    std::str::from_utf8(product_bytes(value)).unwrap_or_default()
}

/// The bytes of [`product_token`], all ASCII.
fn product_bytes(value: &[u8]) -> &[u8] {
    let end = value
        .iter()
        .position(|&b| !(b.is_ascii_alphabetic() || b == b'-' || b == b'_'))
        .unwrap_or(value.len());
    &value[..end]
}

/// Allow or Disallow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum RuleKind {
    /// `Allow:`
    Allow,
    /// `Disallow:`
    Disallow,
}

/// One Allow or Disallow line. Its pattern is the line's value, read through the file
/// ([`Rule::pattern`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// The line number.
    pub line: usize,
    /// Allow or Disallow.
    pub kind: RuleKind,
    /// The line lies past the size limit and is not read by Googlebot.
    pub beyond_size_limit: bool,
}

impl Rule {
    fn new(number: usize, kind: LineKind, beyond_size_limit: bool) -> Rule {
        Rule {
            line: number,
            kind: if kind == LineKind::Allow {
                RuleKind::Allow
            } else {
                RuleKind::Disallow
            },
            beyond_size_limit,
        }
    }
}

/// A run of user-agent lines and the rules that follow them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// Position of the group in the file, from 0.
    pub index: usize,
    /// The user-agent lines that name the group's crawlers.
    pub agents: Vec<AgentLine>,
    /// The rules, in file order.
    pub rules: Vec<Rule>,
    /// Non-standard directive lines (`Crawl-delay`, …) and unknown keys inside the group.
    pub other_lines: Vec<usize>,
    /// The first and last line the group owns.
    pub first_line: usize,
    /// See `first_line`.
    pub last_line: usize,
}

impl Group {
    /// Every line the group owns, in order: its user-agent lines, rules and other directives.
    /// Made when asked for, from the three lists (each in file order), rather than kept: one
    /// allocation fewer for every group of a parse.
    pub fn lines(&self) -> Vec<usize> {
        let mut agents = self.agents.iter().map(|agent| agent.line).peekable();
        let mut rules = self.rules.iter().map(|rule| rule.line).peekable();
        let mut others = self.other_lines.iter().copied().peekable();
        let mut lines =
            Vec::with_capacity(self.agents.len() + self.rules.len() + self.other_lines.len());
        loop {
            let next = [agents.peek(), rules.peek(), others.peek()]
                .into_iter()
                .flatten()
                .min()
                .copied();
            let Some(next) = next else {
                return lines;
            };
            lines.push(next);
            if agents.next_if_eq(&next).is_none() && rules.next_if_eq(&next).is_none() {
                others.next();
            }
        }
    }

    /// Whether one of the group's user-agent lines is `*`.
    pub fn is_star(&self, include_beyond_limit: bool) -> bool {
        self.agents.iter().any(|agent| {
            agent.token == AgentToken::Star && (include_beyond_limit || !agent.beyond_size_limit)
        })
    }
}

/// A `Sitemap:` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sitemap {
    /// The line number.
    pub line: usize,
}

/// A line with a key that is neither a group line nor a sitemap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Directive {
    /// The line number.
    pub line: usize,
    /// The canonical name when the directive is a known non-standard one (`crawl-delay`, …).
    pub name: Option<&'static str>,
    /// The group the line stands in, if any (its index).
    pub group: Option<usize>,
}

/// Everything the lines add up to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Structure {
    pub groups: Vec<Group>,
    pub orphan_rules: Vec<Rule>,
    pub sitemaps: Vec<Sitemap>,
    pub directives: Vec<Directive>,
}

/// How many lines of each kind a group and the file hold, counted as the lines are read (see
/// [`RobotsTxt::parse`](crate::robots::RobotsTxt::parse)) so that each vector is allocated once at its
/// size: a file of 700 groups otherwise spends a sixth of its parse growing them.
#[derive(Default)]
pub(crate) struct Sizes {
    /// Per group: user-agent lines, rules, other lines.
    groups: Vec<[u32; 3]>,
    orphan_rules: usize,
    sitemaps: usize,
    directives: usize,
    /// The same state as [`form_groups`]' `group_closed`.
    group_open: bool,
}

impl Sizes {
    /// Counts the next line, a line of kind `kind`: the same steps as [`form_groups`].
    pub(crate) fn count(&mut self, kind: LineKind) {
        let slot = match kind {
            LineKind::UserAgent => {
                if !self.group_open {
                    self.groups.push([0; 3]);
                    self.group_open = true;
                }
                0
            }
            LineKind::Allow | LineKind::Disallow if self.groups.is_empty() => {
                self.orphan_rules += 1;
                return;
            }
            LineKind::Allow | LineKind::Disallow => {
                self.group_open = false;
                1
            }
            LineKind::Sitemap => {
                self.sitemaps += 1;
                return;
            }
            LineKind::Other | LineKind::Unknown => {
                self.directives += 1;
                2
            }
            LineKind::Comment | LineKind::Blank | LineKind::Malformed => return,
        };
        if let Some(group) = self.groups.last_mut() {
            group[slot] += 1;
        }
    }

    /// The counts of `lines`, read in order.
    #[cfg(test)]
    pub(crate) fn of(lines: &[Record]) -> Sizes {
        let mut sizes = Sizes::default();
        for line in lines {
            sizes.count(line.kind());
        }
        sizes
    }
}

/// Forms the groups of `lines`, whose [`Sizes`] are `sizes`.
pub(crate) fn form_groups(lines: Lines<'_>, sizes: Sizes) -> Structure {
    let mut structure = Structure {
        groups: Vec::with_capacity(sizes.groups.len()),
        orphan_rules: Vec::with_capacity(sizes.orphan_rules),
        sitemaps: Vec::with_capacity(sizes.sitemaps),
        directives: Vec::with_capacity(sizes.directives),
    };
    // Google's `seen_separator_`: the current group has had a rule, so a user-agent line starts
    // a new one.
    let mut group_closed = true;
    for (index, line) in lines.records().iter().enumerate() {
        let number = index + 1;
        let kind = line.kind();
        match kind {
            LineKind::UserAgent => {
                if group_closed {
                    let size = sizes.groups.get(structure.groups.len()).copied();
                    let [agents, rules, others] = size.unwrap_or_default().map(|n| n as usize);
                    structure.groups.push(Group {
                        index: structure.groups.len(),
                        agents: Vec::with_capacity(agents),
                        rules: Vec::with_capacity(rules),
                        other_lines: Vec::with_capacity(others),
                        first_line: number,
                        last_line: number,
                    });
                    group_closed = false;
                }
                let group = structure
                    .groups
                    .last_mut()
                    .expect("a group was just opened");
                let value = lines.value_bytes(index);
                let agent = AgentLine::new(number, value, line.beyond_size_limit());
                group.agents.push(agent);
                own_line(group, number);
            }
            LineKind::Allow | LineKind::Disallow => {
                let rule = Rule::new(number, kind, line.beyond_size_limit());
                match structure.groups.last_mut() {
                    Some(group) => {
                        group.rules.push(rule);
                        own_line(group, number);
                        group_closed = true;
                    }
                    None => structure.orphan_rules.push(rule),
                }
            }
            LineKind::Sitemap => structure.sitemaps.push(Sitemap { line: number }),
            LineKind::Other | LineKind::Unknown => {
                let group = structure.groups.last_mut();
                let in_group = group.as_ref().map(|group| group.index);
                if let Some(group) = group {
                    group.other_lines.push(number);
                    own_line(group, number);
                }
                structure.directives.push(Directive {
                    line: number,
                    name: line.directive(),
                    group: in_group,
                });
            }
            LineKind::Comment | LineKind::Blank | LineKind::Malformed => {}
        }
    }
    structure
}

fn own_line(group: &mut Group, number: usize) {
    group.last_line = number;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::{read_lines, Source};

    fn structure(input: &str) -> Structure {
        let (lines, source, _) = read_lines(Source::from_text(input.to_owned()), |_| {});
        form_groups(Lines::new(&lines, &source), Sizes::of(&lines))
    }

    #[test]
    fn consecutive_agents_share_a_group_and_a_rule_closes_it() {
        let s = structure("User-agent: a\nUser-agent: b\nDisallow: /x\nUser-agent: c\nAllow: /");
        assert_eq!(s.groups.len(), 2);
        assert_eq!(s.groups[0].agents.len(), 2);
        assert_eq!(s.groups[0].lines(), [1, 2, 3]);
        assert_eq!(s.groups[1].rules[0].kind, RuleKind::Allow);
    }

    #[test]
    fn sitemaps_and_other_lines_leave_the_group_open() {
        let s = structure(
            "User-agent: a\nSitemap: https://x/s.xml\nCrawl-delay: 5\nUser-agent: b\nDisallow: /",
        );
        assert_eq!(s.groups.len(), 1);
        assert_eq!(s.groups[0].agents.len(), 2);
        assert_eq!(s.sitemaps.len(), 1);
        assert_eq!(s.directives[0].group, Some(0));
    }

    #[test]
    fn rules_before_any_agent_are_orphans() {
        let s = structure("Disallow: /a\nUser-agent: *\nDisallow: /b");
        assert_eq!(s.orphan_rules.len(), 1);
        assert_eq!(s.orphan_rules[0].line, 1);
        assert_eq!(s.groups[0].rules.len(), 1);
    }

    #[test]
    fn a_product_token_reads_the_same_short_or_long() {
        let long = "Very-Long-Product-Token-Name_Beyond-Inline";
        for text in ["", "Googlebot", "Exactly-22-bytes-long-", long] {
            let token = ProductToken::from(text);
            assert_eq!(token.as_str(), text);
            assert_eq!(&*token, text);
            assert_eq!(token, ProductToken::from(text.to_owned()));
            assert_eq!(format!("{token:?}"), format!("{text:?}"));
        }
        assert_ne!(ProductToken::from(long), ProductToken::from(&long[..22]));
        assert_eq!(
            agent_token(format!("{long}/1.0").as_bytes()),
            AgentToken::Product(long.into())
        );
    }

    #[test]
    fn tokens_are_extracted_as_google_does() {
        let token = |v: &str| agent_token(v.as_bytes());
        assert_eq!(token("*"), AgentToken::Star);
        assert_eq!(token("* everyone"), AgentToken::Star);
        assert_eq!(token("*bot"), AgentToken::Product("".into()));
        assert_eq!(
            token("Googlebot/2.1"),
            AgentToken::Product("Googlebot".into())
        );
        assert_eq!(
            token("Googlebot Images"),
            AgentToken::Product("Googlebot".into())
        );
        assert_eq!(token("MJ12bot"), AgentToken::Product("MJ".into()));
        assert_eq!(
            token("foo-bar_baz"),
            AgentToken::Product("foo-bar_baz".into())
        );
    }
}
