//! The parsed file: [`RobotsTxt`], every line with its number, span, text and kind, and the
//! groups, sitemaps, directives and preference lines they form.
//!
//! Parsing never fails (problems are facts about lines). This module sits just above the
//! readers of lines ([`crate::lines`]), groups ([`crate::group`]) and preference lines
//! ([`crate::aipref`]) and below everything that answers from a file: those modules take a
//! `&RobotsTxt` and none of them is imported here.

use crate::aipref::{self, License, PreferenceLine};
use crate::content::{self, NotRobotsTxt};
use crate::group::{self, Directive, Group, Rule, Sitemap};
use crate::lines::{self, InputFacts, Line, Lines, MAX_INPUT_BYTES};

/// A parsed robots.txt: every line, and the groups, sitemaps and directives they form. It keeps
/// the input, which lines, rules and directives point into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RobotsTxt {
    source: lines::Source,
    lines: Vec<lines::Record>,
    facts: InputFacts,
    groups: Vec<Group>,
    orphan_rules: Vec<Rule>,
    sitemaps: Vec<Sitemap>,
    directives: Vec<Directive>,
    preferences: Vec<aipref::PreferenceLine>,
    licenses: Vec<aipref::License>,
    not_robots_txt: Option<NotRobotsTxt>,
}

impl RobotsTxt {
    /// Reads a robots.txt from its bytes (the first [`MAX_INPUT_BYTES`] of them). Never fails.
    ///
    /// The parsed file keeps a copy of the input; a caller that owns it already (a file read
    /// into a `Vec`, a `String` from elsewhere) saves that copy with [`RobotsTxt::parse_owned`]
    /// or [`RobotsTxt::parse_string`].
    pub fn parse(input: &[u8]) -> RobotsTxt {
        let kept = input.get(..MAX_INPUT_BYTES).unwrap_or(input);
        RobotsTxt::read(lines::Source::from_bytes(kept.to_vec()))
    }

    /// [`RobotsTxt::parse`], keeping `input` itself instead of a copy of it.
    pub fn parse_owned(input: Vec<u8>) -> RobotsTxt {
        RobotsTxt::read(lines::Source::from_bytes(input))
    }

    /// [`RobotsTxt::parse_owned`] for text, which is known to be UTF-8 and not checked again.
    pub fn parse_string(input: String) -> RobotsTxt {
        RobotsTxt::read(lines::Source::from_text(input))
    }

    fn read(source: lines::Source) -> RobotsTxt {
        // The groups' sizes are counted as the lines are read, so that forming them is one
        // more pass over the lines, not two.
        let mut sizes = group::Sizes::default();
        let (lines, source, facts) = lines::read_lines(source, |kind| sizes.count(kind));
        let structure = group::form_groups(Lines::new(&lines, &source), sizes);
        let (preferences, licenses) =
            aipref::read_preferences(Lines::new(&lines, &source), &structure.directives);
        let not_robots_txt = content::read(
            Lines::new(&lines, &source),
            &facts,
            !structure.groups.is_empty(),
        );
        RobotsTxt {
            source,
            lines,
            facts,
            groups: structure.groups,
            orphan_rules: structure.orphan_rules,
            sitemaps: structure.sitemaps,
            directives: structure.directives,
            preferences,
            licenses,
            not_robots_txt,
        }
    }

    /// Every physical line, in order; `lines().get(n - 1)` is line `n`.
    pub fn lines(&self) -> Lines<'_> {
        Lines::new(&self.lines, &self.source)
    }

    /// Line `number` (1-based), if the file has it.
    pub fn line(&self, number: usize) -> Option<Line<'_>> {
        number
            .checked_sub(1)
            .and_then(|index| self.lines().get(index))
    }

    /// The value of line `number` ("" when it has none): a rule's pattern, a sitemap's URL.
    pub(crate) fn value_of(&self, number: usize) -> &str {
        match number.checked_sub(1) {
            Some(index) if index < self.lines.len() => self.lines().value_text(index),
            _ => "",
        }
    }

    /// The key of line `number` ("" when it has none).
    pub(crate) fn key_of(&self, number: usize) -> &str {
        self.line(number)
            .and_then(|line| line.key())
            .unwrap_or_default()
    }

    /// The raw bytes of line `number`'s value, without decoding the line.
    pub(crate) fn value_bytes_of(&self, number: usize) -> &[u8] {
        match number.checked_sub(1) {
            Some(index) if index < self.lines.len() => self.lines().value_bytes(index),
            _ => &[],
        }
    }

    /// Where each line starts in [`RobotsTxt::input`], in order, without reading the lines: for
    /// the audit's evidence, which maps every line of an edited file to the original's.
    pub(crate) fn line_starts(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.lines.iter().map(lines::Record::start)
    }

    /// Where each line ends ([`Line::end`](crate::Line::end)), in order, without reading the
    /// lines.
    pub(crate) fn line_ends(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        let lines = self.lines();
        (0..self.lines.len()).map(move |index| lines.end(index))
    }

    /// The input as read (its first [`MAX_INPUT_BYTES`]), which every span indexes into.
    pub fn input(&self) -> &[u8] {
        self.source.bytes()
    }

    /// Where line `number`'s value lies in [`RobotsTxt::input`] (empty when it has none).
    pub(crate) fn value_span_of(&self, number: usize) -> std::ops::Range<usize> {
        number
            .checked_sub(1)
            .filter(|&index| index < self.lines.len())
            .and_then(|index| self.lines().value_span(index))
            .filter(|span| span.end <= self.source.bytes().len())
            .unwrap_or(0..0)
    }

    /// Facts about the input as a whole: size, BOM, encoding, line endings, size limit.
    pub fn facts(&self) -> &InputFacts {
        &self.facts
    }

    /// What the file is, when it is plainly no robots.txt (an HTML page, an error body, binary
    /// data): crawlers find few rules in it or none.
    pub fn not_robots_txt(&self) -> Option<NotRobotsTxt> {
        self.not_robots_txt
    }

    /// The groups, in file order.
    pub fn groups(&self) -> &[Group] {
        &self.groups
    }

    /// The group that holds line `line` (1-based), from its first user-agent line to its last
    /// line; `None` for a line outside every group.
    pub fn group_at(&self, line: usize) -> Option<&Group> {
        // Groups are in file order and do not overlap: the last one starting at or before the
        // line is the only one that can hold it.
        let index = self
            .groups
            .partition_point(|group| group.first_line <= line);
        let group = &self.groups[index.checked_sub(1)?];
        (line <= group.last_line).then_some(group)
    }

    /// Allow and Disallow lines before the first user-agent line: no crawler obeys them.
    pub fn orphan_rules(&self) -> &[Rule] {
        &self.orphan_rules
    }

    /// Every `Sitemap:` line, wherever it stands.
    pub fn sitemaps(&self) -> &[Sitemap] {
        &self.sitemaps
    }

    /// Lines with other keys: non-standard directives and unknown keys.
    pub fn directives(&self) -> &[Directive] {
        &self.directives
    }
}

impl RobotsTxt {
    /// Every `Content-Usage` and `Content-Signal` line, read, in file order.
    pub fn preference_lines(&self) -> &[PreferenceLine] {
        &self.preferences
    }

    /// Every `License:` line, in file order.
    pub fn licenses(&self) -> &[License] {
        &self.licenses
    }
}

impl Rule {
    /// The pattern as written (trimmed, comment removed; invalid UTF-8 shown as U+FFFD);
    /// `robots` is the file the rule was read from.
    pub fn pattern<'r>(&self, robots: &'r RobotsTxt) -> &'r str {
        robots.value_of(self.line)
    }

    /// The pattern's raw bytes (which may be invalid UTF-8); see [`Rule::pattern`] for `robots`.
    pub fn pattern_bytes<'r>(&self, robots: &'r RobotsTxt) -> &'r [u8] {
        robots.value_bytes_of(self.line)
    }
}

impl Sitemap {
    /// The URL as written; `robots` is the file the line was read from.
    pub fn url<'r>(&self, robots: &'r RobotsTxt) -> &'r str {
        robots.value_of(self.line)
    }
}

impl Directive {
    /// The key as written; `robots` is the file the line was read from.
    pub fn key<'r>(&self, robots: &'r RobotsTxt) -> &'r str {
        robots.key_of(self.line)
    }

    /// The value as written; see [`Directive::key`] for `robots`.
    pub fn value<'r>(&self, robots: &'r RobotsTxt) -> &'r str {
        robots.value_of(self.line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INPUTS: [&[u8]; 4] = [
        b"User-agent: *\nDisallow: /private\n",
        b"\xEF\xBB\xBFUser-agent: a\rAllow: /caf\xC3\xA9\r\nDisallow: /\n",
        b"User-agent: *\nDisallow: /bad\xFF\xFEbytes\nSitemap: https://x.test/\xE9\n",
        b"",
    ];

    #[test]
    fn an_owned_input_parses_as_a_borrowed_one_and_is_kept_without_a_copy() {
        for input in INPUTS {
            let owned = input.to_vec();
            let address = owned.as_ptr();
            let robots = RobotsTxt::parse_owned(owned);
            assert_eq!(robots, RobotsTxt::parse(input));
            assert_eq!(robots.input(), input);
            if !input.is_empty() {
                assert_eq!(
                    robots.input().as_ptr(),
                    address,
                    "the caller's buffer is kept"
                );
            }
        }
    }

    #[test]
    fn a_string_parses_as_its_bytes_do() {
        for input in INPUTS {
            let Ok(text) = std::str::from_utf8(input) else {
                continue;
            };
            let robots = RobotsTxt::parse_string(text.to_owned());
            assert_eq!(robots, RobotsTxt::parse(input));
            assert!(robots.facts().valid_utf8);
        }
    }
}
