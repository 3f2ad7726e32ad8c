//! Rules compiled for one profile, and the index that hands a path only the rules it can match.
//!
//! A file of 14,000 rules must not cost 14,000 pattern matches per URL. Every pattern fixes the
//! octets a matching path starts with (its literal prefix, up to the first `*`), so the rules are
//! kept sorted by that prefix and a path looks up the few whose prefix it starts with. Rules
//! whose prefix says nothing (`/*.pdf$`, `*sessionid=`) are kept apart, each with the set of
//! octet pairs a matching path must contain ([`PairSet`]), and matched only when the path has
//! them all. Both filters are exact necessary conditions: the matcher still decides.

use std::sync::Arc;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::OnceLock;
#[cfg(target_arch = "wasm32")]
use std::sync::{Mutex, MutexGuard};

use crate::encoding::{google_escape_into, rfc9309_normalise_into};
use crate::group::{Rule, RuleKind};
use crate::pattern::{self, literal_prefix, AsciiOctets, PairSet, Syntax};
use crate::profile::{Encoding, Profile};
use crate::robots::RobotsTxt;

/// One rule's pattern, as the profile compares it. It holds no text of its own: the pattern as
/// compared is the rule's value in the parsed file wherever normalising changes nothing (nearly
/// always), and otherwise a copy in its index's [`RuleIndex::copies`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct CompiledRule {
    /// The rule's group, and its position among the group's rules.
    pub group: u32,
    pub rule: u32,
    /// Where the pattern as compared (`$` included) is: `start..start + len` of the input, or
    /// of the copies when `copied`.
    start: u32,
    len: u16,
    /// Google's `index.htm` fallback: the directory pattern `…/$` is the first
    /// `directory_len` octets of the pattern and a `$`; 0 when there is none.
    directory_len: u16,
    /// How many leading octets of the pattern every path the index pattern matches starts with.
    prefix_len: u16,
    copied: bool,
    syntax: Syntax,
}

/// A pattern is a line's value, at most [`MAX_LINE_BYTES`](crate::lines::MAX_LINE_BYTES) octets, and
/// normalising writes at most three octets for one: its lengths fit in 16 bits (a record of
/// 24 bytes a rule, where 32-bit lengths took 28).
const _: () = assert!(3 * crate::lines::MAX_LINE_BYTES <= u16::MAX as usize);

fn to_u16(value: usize) -> u16 {
    u16::try_from(value).unwrap_or(u16::MAX)
}

/// Where compiled rules find their text: the parsed file's input, and an index's copies.
#[derive(Clone, Copy)]
pub(crate) struct Texts<'a> {
    pub input: &'a [u8],
    pub copies: &'a [u8],
}

/// The directory pattern of Google's `index.htm` rule: anchored, and read without escapes.
const DIRECTORY: Syntax = Syntax {
    anchored_at_end: true,
    escaped_literals: false,
};

impl CompiledRule {
    /// Compiles `rule`, the `index`-th of group `group`; a normalised pattern that differs from
    /// the value as written is appended to `copies`. `scratch` is any buffer, reused.
    pub(crate) fn new(
        robots: &RobotsTxt,
        rule: &Rule,
        (group, index): (usize, usize),
        profile: Profile,
        copies: &mut Vec<u8>,
        scratch: &mut Vec<u8>,
    ) -> CompiledRule {
        let spec = profile.spec();
        let span = robots.value_span_of(rule.line);
        let written = &robots.input()[span.clone()];
        scratch.clear();
        let escapes_are_literals = match spec.encoding {
            // `Checker::new` compiles nothing for the record readers (python, legacy-1994); their
            // encodings fall in with Google's only to keep the match total.
            Encoding::GoogleEscape | Encoding::PythonQuote | Encoding::Octets => {
                google_escape_into(written, scratch);
                false
            }
            Encoding::Rfc9309 => {
                rfc9309_normalise_into(written, scratch);
                true
            }
        };
        let copied = scratch.as_slice() != written;
        let start = match copied {
            true => {
                let start = copies.len();
                copies.extend_from_slice(scratch);
                start
            }
            false => span.start,
        };
        let normalised = scratch.as_slice();
        let directory_len = match spec.index_html_allows_directory && rule.kind == RuleKind::Allow {
            true => index_html_directory(normalised).unwrap_or(0),
            false => 0,
        };
        let (body, syntax) = Syntax::of(normalised, escapes_are_literals);
        let prefix_len = match directory_len {
            0 => literal_prefix(body, syntax).len(),
            _ => literal_prefix(&normalised[..directory_len], DIRECTORY).len(),
        };
        CompiledRule {
            group: to_u32(group),
            rule: to_u32(index),
            start: to_u32(start),
            len: to_u16(normalised.len()),
            directory_len: to_u16(directory_len),
            prefix_len: to_u16(prefix_len),
            copied,
            syntax,
        }
    }

    /// The pattern as compared, `$` included: what a verdict shows.
    pub(crate) fn normalised<'t>(&self, texts: Texts<'t>) -> &'t [u8] {
        let text = if self.copied {
            texts.copies
        } else {
            texts.input
        };
        let (start, len) = (self.start as usize, self.len as usize);
        text.get(start..start + len).unwrap_or_default()
    }

    /// Google's `index.htm` directory pattern without its `$`, if the rule has one.
    pub(crate) fn directory<'t>(&self, texts: Texts<'t>) -> Option<&'t [u8]> {
        let text = self.normalised(texts);
        (self.directory_len > 0).then(|| &text[..(self.directory_len as usize).min(text.len())])
    }

    /// Whether normalising changed the pattern as written.
    pub(crate) fn is_copied(&self) -> bool {
        self.copied
    }

    /// The pattern's length in octets, which is its priority.
    pub(crate) fn length(&self) -> usize {
        self.len as usize
    }

    fn body<'t>(&self, texts: Texts<'t>) -> &'t [u8] {
        let text = self.normalised(texts);
        &text[..text.len() - usize::from(self.syntax.anchored_at_end)]
    }

    /// Whether the rule matches `path`: `Some(false)` by its pattern, `Some(true)` only by
    /// Google's `index.htm` directory.
    pub(crate) fn matches(&self, texts: Texts<'_>, path: &[u8]) -> Option<bool> {
        if pattern::matches(self.body(texts), self.syntax, path) {
            return Some(false);
        }
        pattern::matches(self.directory(texts)?, DIRECTORY, path).then_some(true)
    }

    /// The pattern the index files the rule under: the directory pattern when there is one, as
    /// it is a prefix of the rule's own pattern and so matches wherever that one could.
    fn index_pattern<'t>(&self, texts: Texts<'t>) -> (&'t [u8], Syntax) {
        match self.directory(texts) {
            Some(directory) => (directory, DIRECTORY),
            None => (self.body(texts), self.syntax),
        }
    }

    /// The literal prefix of the index pattern: the body is the start of its text, so the
    /// prefix is too.
    fn prefix<'t>(&self, texts: Texts<'t>) -> &'t [u8] {
        // The index looks prefixes up many times a check: one range, checked once.
        let text = if self.copied {
            texts.copies
        } else {
            texts.input
        };
        let start = self.start as usize;
        text.get(start..start + self.prefix_len as usize)
            .unwrap_or_default()
    }

    /// What the index sorts rules by: an entry (a run of one pattern) is a run of equal keys.
    fn sort_key<'t>(&self, texts: Texts<'t>) -> (&'t [u8], &'t [u8], u16) {
        (
            self.prefix(texts),
            self.normalised(texts),
            self.directory_len,
        )
    }

    /// Whether two rules compare as the same pattern (and so match the same paths alike).
    fn same_pattern(&self, other: &CompiledRule, texts: Texts<'_>) -> bool {
        self.directory_len == other.directory_len
            && self.normalised(texts) == other.normalised(texts)
    }
}

/// Rule positions and group numbers are stored in 32 bits: a robots.txt with four billion rules
/// cannot be held in memory anyway, so the conversion saturates instead of failing.
fn to_u32(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

/// The rules of some groups, compiled and filed so that a path finds those it can match.
///
/// Rules with the same pattern (the same line repeated in many groups, as large files do) share
/// one entry and are matched once. Everything is in flat vectors, each allocated once at its
/// size: a first verdict of a 14,000-rule file builds one index, and its memory is most of
/// what the check costs beyond the parse.
#[derive(Debug, Default)]
pub(crate) struct RuleIndex {
    /// The rules, by literal prefix and then pattern, so that an entry is a run of them.
    rules: Vec<CompiledRule>,
    /// The patterns as compared that normalising changed, which `copied` rules point into.
    copies: Vec<u8>,
    /// Entries whose prefix has two octets or more, sorted by it.
    by_prefix: Vec<Entry>,
    /// The first eight octets of each `by_prefix` entry's prefix ([`leading_octets`]): the
    /// lookup's binary search compares these numbers, and reads a prefix's text only among the
    /// few entries whose first eight octets are the path's. Native builds only: the page's wasm
    /// keeps the smaller search over the prefixes themselves (its size budget is full).
    #[cfg(not(target_arch = "wasm32"))]
    prefix_keys: Vec<u64>,
    /// The other entries, by one pair of octets they need ([`PairSet::key`]): a path only looks
    /// at the pairs it holds. `floating[by_pair[k]..by_pair[k + 1]]` have key `k`; the entries
    /// with no pair at all come last, from `by_pair[256]`, and every path looks at them.
    floating: Vec<Entry>,
    by_pair: Vec<u32>,
    /// The keys `k` under which some entry is filed, as bits: the only buckets worth a look.
    filed: [u64; 4],
    /// What a path must hold to match an entry: every octet and pair of a floating entry's
    /// pattern; the octets of a prefix entry's, unless the pattern is all prefix (a path that
    /// starts with it holds all of it). `Entry::needs` points into one or the other.
    pair_needs: Vec<PairSet>,
    octet_needs: Vec<AsciiOctets>,
    /// The strings verdicts show for the entries that matched ([`RuleIndex::shown`]).
    shown: Shown,
    /// Whether the rules were compiled group by group in file order, so that rules of one
    /// pattern are in the order of their lines: what [`RuleIndex::of_edit`] relies on.
    #[cfg(not(target_arch = "wasm32"))]
    in_file_order: bool,
}

/// The file an edited file was made from, for [`RuleIndex::of_edit`]: its index of some of its
/// rules, and the line of it each line of the edited file stands for, if any.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy)]
pub(crate) struct EditedFrom<'a> {
    pub robots: &'a RobotsTxt,
    pub index: &'a RuleIndex,
    pub old: &'a dyn Fn(usize) -> Option<usize>,
}

/// Where a rule of an edited file that takes over a rule of the original's index lands: its
/// group and position there, its value's offset, and its position in the rules' file order.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone, Copy)]
struct Takeover {
    group: u32,
    rule: u32,
    start: u32,
    position: usize,
}

/// The pattern of each entry as verdicts show it, by the entry's first rule: made when the entry
/// first matches and then shared by every verdict that shows it, so that a check makes no
/// string and most entries, which never match, cost no string at all. The slots come in chunks
/// made on first use, so that a first verdict pays for a few chunks and not for every entry.
/// Natively each chunk and slot is filled once and read without a lock (a lock per check was
/// two atomic read-modify-writes, which cost more than reading a filled slot); the page's wasm
/// has one thread, where a lock costs nothing, and keeps the smaller code of one.
#[derive(Debug, Default)]
struct Shown {
    #[cfg(not(target_arch = "wasm32"))]
    chunks: Box<[OnceLock<ShownChunk>]>,
    #[cfg(target_arch = "wasm32")]
    chunks: Mutex<Vec<Option<ShownChunk>>>,
}

const SHOWN_CHUNK: usize = 32;

#[cfg(not(target_arch = "wasm32"))]
type ShownChunk = Box<[OnceLock<Arc<str>>; SHOWN_CHUNK]>;
#[cfg(target_arch = "wasm32")]
type ShownChunk = Box<[Option<Arc<str>>; SHOWN_CHUNK]>;

/// The shown strings of one index ([`RuleIndex::shown`]).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) struct ShownStrings<'a>(&'a [OnceLock<ShownChunk>]);
/// The shown strings of one index, held for one check ([`RuleIndex::shown`]).
#[cfg(target_arch = "wasm32")]
pub(crate) struct ShownStrings<'a>(MutexGuard<'a, Vec<Option<ShownChunk>>>);

impl ShownStrings<'_> {
    /// The string for the entry whose first rule is `rules()[at]`, made by `make` the first
    /// time.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn get(&mut self, at: usize, make: impl FnOnce() -> Arc<str>) -> Arc<str> {
        let Some(chunk) = self.0.get(at / SHOWN_CHUNK) else {
            return make();
        };
        let chunk = chunk.get_or_init(|| Box::new([const { OnceLock::new() }; SHOWN_CHUNK]));
        Arc::clone(chunk[at % SHOWN_CHUNK].get_or_init(make))
    }

    /// The string for the entry whose first rule is `rules()[at]`, made by `make` the first
    /// time.
    #[cfg(target_arch = "wasm32")]
    pub(crate) fn get(&mut self, at: usize, make: impl FnOnce() -> Arc<str>) -> Arc<str> {
        let Some(chunk) = self.0.get_mut(at / SHOWN_CHUNK) else {
            return make();
        };
        let chunk = chunk.get_or_insert_with(|| Box::new([const { None }; SHOWN_CHUNK]));
        Arc::clone(chunk[at % SHOWN_CHUNK].get_or_insert_with(make))
    }
}

/// Rules with one pattern, `rules[start..end]`, and what a path must hold to match them, unless
/// `needs` is [`NO_NEEDS`].
#[derive(Debug, Clone, Copy)]
struct Entry {
    start: u32,
    end: u32,
    needs: u32,
}

const NO_NEEDS: u32 = u32::MAX;

/// How an index filed a rule ([`RuleIndex::file`]): its entry (by number, unique in the index)
/// and what the entry's pattern needs.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
struct Filed {
    entry: u32,
    how: Filing,
}

/// An entry's filing: by its prefix, with the octets a path must hold unless the pattern is all
/// prefix and the prefix's first octets as a number; or by a pair of octets (the key,
/// [`PairSet::KEYS`] for none), with what a path must hold.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
enum Filing {
    Prefix {
        octets: Option<AsciiOctets>,
        key: u64,
    },
    Floating {
        key: usize,
        needs: PairSet,
    },
}

impl RuleIndex {
    /// Compiles and files the rules of `groups` that `keep` accepts, for `profile`.
    pub(crate) fn new(
        robots: &RobotsTxt,
        profile: Profile,
        groups: &[usize],
        keep: &dyn Fn(&Rule) -> bool,
    ) -> RuleIndex {
        let kept = |group: usize| robots.groups()[group].rules.iter().enumerate();
        let count = groups
            .iter()
            .map(|&group| kept(group).filter(|(_, rule)| keep(rule)).count())
            .sum();
        let mut rules = Vec::with_capacity(count);
        let mut copies = Vec::new();
        let mut scratch = Vec::new();
        for &group in groups {
            for (position, rule) in kept(group).filter(|(_, rule)| keep(rule)) {
                rules.push(CompiledRule::new(
                    robots,
                    rule,
                    (group, position),
                    profile,
                    &mut copies,
                    &mut scratch,
                ));
            }
        }
        let texts = Texts {
            input: robots.input(),
            copies: &copies,
        };
        // Thousands of rules in a large file: each key made once, not at every comparison
        // (natively: the page's wasm, whose size budget is full, sorts as it compares).
        #[cfg(not(target_arch = "wasm32"))]
        {
            let keys: Vec<_> = rules.iter().map(|rule| rule.sort_key(texts)).collect();
            crate::sorting::sort_by_keys(&mut rules, &keys);
        }
        #[cfg(target_arch = "wasm32")]
        crate::sorting::sort_by(&mut rules, |a, b| a.sort_key(texts).cmp(&b.sort_key(texts)));
        let mut index = RuleIndex {
            rules,
            copies,
            #[cfg(not(target_arch = "wasm32"))]
            in_file_order: groups.windows(2).all(|pair| pair[0] < pair[1]),
            ..RuleIndex::default()
        };
        index.file(robots, |_| None);
        index
    }

    /// The index [`RuleIndex::new`] makes of `robots`, an edit of `original.robots`, made from
    /// `original.index`, an index of that file's rules for the same profile.
    ///
    /// A rule whose line stands for one of `base`'s with the same kind and value compiles to
    /// the same record but for its group, position and offset, and keeps its place in `base`'s
    /// sorted order; only the others (the lines the edit wrote, say) are compiled and sorted,
    /// then merged in. An edit of a 1 MB file touches a few of its thousands of rules, which
    /// were compiled and sorted again for every selection of every edited file. The result is
    /// the same index as `new`'s, order of equal patterns included: both orders are that of
    /// the rules' lines, which a rule taken from `base` keeps only if the lines it stands for
    /// rise as its own do (any other is compiled again).
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn of_edit(
        robots: &RobotsTxt,
        profile: Profile,
        groups: &[usize],
        keep: &dyn Fn(&Rule) -> bool,
        original: EditedFrom<'_>,
    ) -> RuleIndex {
        let EditedFrom {
            robots: original,
            index: base,
            old,
        } = original;
        let in_file_order = groups.windows(2).all(|pair| pair[0] < pair[1]);
        if !(in_file_order && base.in_file_order) {
            return RuleIndex::new(robots, profile, groups, keep);
        }
        // `base`'s rules by the line they stand on, with where each is in its sorted order.
        let rule_of =
            |rule: &CompiledRule| &original.groups()[rule.group as usize].rules[rule.rule as usize];
        let mut by_line: Vec<(usize, usize)> = (base.rules.iter())
            .map(|rule| rule_of(rule).line)
            .zip(0..)
            .collect();
        by_line.sort_unstable();
        // For each of `base`'s rules, the rule of `robots` that takes it over.
        let mut taken: Vec<Option<Takeover>> = vec![None; base.rules.len()];
        // The other rules, compiled, each with its position among the rules in `new`'s order.
        let mut fresh: Vec<(CompiledRule, usize)> = Vec::new();
        let mut copies = Vec::new();
        let mut scratch = Vec::new();
        let mut position = 0;
        let mut last_taken = 0;
        for &group in groups {
            let rules = robots.groups()[group].rules.iter().enumerate();
            for (at, rule) in rules.filter(|(_, rule)| keep(rule)) {
                let value = &robots.input()[robots.value_span_of(rule.line)];
                let stands_for = old(rule.line)
                    .filter(|&was| was > last_taken)
                    .and_then(|was| {
                        let found = by_line.binary_search_by_key(&was, |&(line, _)| line);
                        let sorted = by_line[found.ok()?].1;
                        let written = &original.input()[original.value_span_of(was)];
                        let same = taken[sorted].is_none()
                            && rule_of(&base.rules[sorted]).kind == rule.kind
                            && written == value;
                        same.then_some((was, sorted))
                    });
                match stands_for {
                    Some((was, sorted)) => {
                        last_taken = was;
                        taken[sorted] = Some(Takeover {
                            group: to_u32(group),
                            rule: to_u32(at),
                            start: to_u32(robots.value_span_of(rule.line).start),
                            position,
                        });
                    }
                    None => fresh.push((
                        CompiledRule::new(
                            robots,
                            rule,
                            (group, at),
                            profile,
                            &mut copies,
                            &mut scratch,
                        ),
                        position,
                    )),
                }
                position += 1;
            }
        }
        // `base`'s rules that are taken over, in its order, which is theirs: moved to their new
        // group, position and offset (a copy of the pattern copied again).
        let base_texts = base.texts(original);
        let mut kept: Vec<(CompiledRule, usize)> = Vec::with_capacity(position - fresh.len());
        // For each, where it is in `base`'s order.
        let mut kept_from: Vec<u32> = Vec::with_capacity(position - fresh.len());
        for ((rule, takeover), at) in base.rules.iter().zip(&taken).zip(0..) {
            let Some(takeover) = takeover else {
                continue;
            };
            let start = match rule.copied {
                true => {
                    let start = copies.len();
                    copies.extend_from_slice(rule.normalised(base_texts));
                    to_u32(start)
                }
                false => takeover.start,
            };
            let moved = CompiledRule {
                group: takeover.group,
                rule: takeover.rule,
                start,
                ..*rule
            };
            kept.push((moved, takeover.position));
            kept_from.push(at);
        }
        let texts = Texts {
            input: robots.input(),
            copies: &copies,
        };
        let keys: Vec<_> = fresh.iter().map(|(rule, _)| rule.sort_key(texts)).collect();
        crate::sorting::sort_by_keys(&mut fresh, &keys);
        // The two runs merged as `new` sorts: by key, then by position; each rule with where
        // it is in `base`'s order, if it comes from there.
        let mut rules = Vec::with_capacity(position);
        let mut from: Vec<u32> = Vec::with_capacity(position);
        let mut kept_from = kept_from.into_iter();
        let (mut kept, mut fresh) = (kept.into_iter().peekable(), fresh.into_iter().peekable());
        loop {
            let kept_first = match (kept.peek(), fresh.peek()) {
                (Some(a), Some(b)) => (a.0.sort_key(texts), a.1) < (b.0.sort_key(texts), b.1),
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => break,
            };
            let next = match kept_first {
                true => {
                    from.extend(kept_from.next());
                    kept.next()
                }
                false => {
                    from.push(u32::MAX);
                    fresh.next()
                }
            };
            rules.extend(next.map(|(rule, _)| rule));
        }
        let mut index = RuleIndex {
            rules,
            copies,
            in_file_order,
            ..RuleIndex::default()
        };
        // A rule taken from `base` is filed as its entry there was: the same pattern, so the
        // same needs and keys, and in the same entry as the next rule exactly when that one
        // comes from the same entry of `base` (refiling every rule was half of this function).
        let filed = base.filed_rules();
        index.file(robots, |at| {
            let from = *from.get(at)?;
            filed.get(from as usize).copied()
        });
        index
    }

    /// Where each of the rules is filed (by its place in [`RuleIndex::rules`]): what
    /// [`RuleIndex::file`] made of its entry.
    #[cfg(not(target_arch = "wasm32"))]
    fn filed_rules(&self) -> Vec<Filed> {
        let mut filed = vec![
            Filed {
                entry: 0,
                how: Filing::Prefix {
                    octets: None,
                    key: 0
                }
            };
            self.rules.len()
        ];
        for (at, entry) in self.by_prefix.iter().enumerate() {
            let octets = self.octet_needs.get(entry.needs as usize).copied();
            let how = Filing::Prefix {
                octets,
                key: self.prefix_keys[at],
            };
            for rule in &mut filed[entry.start as usize..entry.end as usize] {
                *rule = Filed {
                    entry: to_u32(at),
                    how,
                };
            }
        }
        for key in 0..=PairSet::KEYS {
            let bucket = self.by_pair[key] as usize..self.by_pair[key + 1] as usize;
            for at in bucket {
                let entry = self.floating[at];
                let how = Filing::Floating {
                    key,
                    needs: self.pair_needs[entry.needs as usize],
                };
                for rule in &mut filed[entry.start as usize..entry.end as usize] {
                    *rule = Filed {
                        entry: to_u32(self.by_prefix.len() + at),
                        how,
                    };
                }
            }
        }
        filed
    }

    /// Files the sorted [`RuleIndex::rules`]: the entries, their needs and the shown strings.
    /// `known` gives, for a rule taken from another index of the same profile, how that index
    /// filed it ([`RuleIndex::of_edit`]): its entry's needs and keys are taken rather than
    /// worked out again, and two such rules are in one entry when they were there.
    fn file(&mut self, robots: &RobotsTxt, known: impl Fn(usize) -> Option<Filed>) {
        let index = self;
        let texts = Texts {
            input: robots.input(),
            copies: &index.copies,
        };

        // The entries: runs of one pattern, each filed by its prefix or else by a pair. They
        // are counted first, so that every vector is allocated once at its size.
        let mut by_pair = vec![0u32; PairSet::KEYS + 2];
        let (mut by_prefix, mut octet_needs, mut pair_needs) = (Vec::new(), Vec::new(), Vec::new());
        #[cfg(not(target_arch = "wasm32"))]
        let mut prefix_keys = Vec::new();
        let mut floating = Vec::new();
        // The first pass counts, the second files.
        let (mut prefixed, mut octets) = (0, 0);
        for fill in [false, true] {
            if fill {
                for key in 0..=PairSet::KEYS {
                    by_pair[key + 1] += by_pair[key];
                    if key < PairSet::KEYS && by_pair[key + 1] > by_pair[key] {
                        index.filed[key >> 6] |= 1 << (key & 63);
                    }
                }
                let total = by_pair[PairSet::KEYS + 1] as usize;
                by_prefix = Vec::with_capacity(prefixed);
                #[cfg(not(target_arch = "wasm32"))]
                {
                    prefix_keys = Vec::with_capacity(prefixed);
                }
                octet_needs = Vec::with_capacity(octets);
                pair_needs = Vec::with_capacity(total);
                let empty = Entry {
                    start: 0,
                    end: 0,
                    needs: NO_NEEDS,
                };
                floating = vec![empty; total];
            }
            let mut start = 0;
            while start < index.rules.len() {
                let first = &index.rules[start];
                let filed = known(start);
                // Equal patterns are a run of the sorted rules: each rule is compared with the
                // one before it.
                let mut end = start + 1;
                while let Some(rule) = index.rules.get(end) {
                    let same = match (known(end - 1), known(end)) {
                        (Some(a), Some(b)) => a.entry == b.entry,
                        _ => rule.same_pattern(&index.rules[end - 1], texts),
                    };
                    if !same {
                        break;
                    }
                    end += 1;
                }
                let mut entry = Entry {
                    start: to_u32(start),
                    end: to_u32(end),
                    needs: NO_NEEDS,
                };
                start = end;
                let (body, syntax) = first.index_pattern(texts);
                if first.prefix_len >= 2 {
                    // A pattern that is all prefix needs no octets tested.
                    let literal = first.prefix_len as usize == body.len();
                    if !fill {
                        prefixed += 1;
                        octets += usize::from(!literal);
                        continue;
                    }
                    let (known_octets, known_key) = match filed.map(|filed| filed.how) {
                        Some(Filing::Prefix { octets, key }) => (octets, Some(key)),
                        _ => (None, None),
                    };
                    if !literal {
                        entry.needs = to_u32(octet_needs.len());
                        octet_needs.push(
                            known_octets.unwrap_or_else(|| AsciiOctets::of_pattern(body, syntax)),
                        );
                    }
                    #[cfg(not(target_arch = "wasm32"))]
                    prefix_keys
                        .push(known_key.unwrap_or_else(|| leading_octets(first.prefix(texts))));
                    #[cfg(target_arch = "wasm32")]
                    let _ = known_key;
                    by_prefix.push(entry);
                } else {
                    let (known_key, known_needs) = match filed.map(|filed| filed.how) {
                        Some(Filing::Floating { key, needs }) => (Some(key), Some(needs)),
                        _ => (None, None),
                    };
                    let key = known_key
                        .unwrap_or_else(|| PairSet::key(body, syntax).unwrap_or(PairSet::KEYS));
                    if !fill {
                        by_pair[key + 1] += 1;
                        continue;
                    }
                    entry.needs = to_u32(pair_needs.len());
                    pair_needs
                        .push(known_needs.unwrap_or_else(|| PairSet::of_pattern(body, syntax)));
                    // Each bucket is filled from its end, which is where it ends up starting.
                    by_pair[key + 1] -= 1;
                    floating[by_pair[key + 1] as usize] = entry;
                }
            }
        }
        // `by_pair[k + 1]` is now where bucket `k` starts.
        for key in 0..=PairSet::KEYS {
            by_pair[key] = by_pair[key + 1];
        }
        by_pair[PairSet::KEYS + 1] = to_u32(floating.len());
        index.by_prefix = by_prefix;
        #[cfg(not(target_arch = "wasm32"))]
        {
            index.prefix_keys = prefix_keys;
        }
        index.floating = floating;
        index.octet_needs = octet_needs;
        index.pair_needs = pair_needs;
        index.by_pair = by_pair;
        let mut chunks = Vec::new();
        #[cfg(not(target_arch = "wasm32"))]
        chunks.resize_with(index.rules.len().div_ceil(SHOWN_CHUNK), OnceLock::new);
        #[cfg(target_arch = "wasm32")]
        chunks.resize_with(index.rules.len().div_ceil(SHOWN_CHUNK), || None);
        index.shown = Shown {
            #[cfg(not(target_arch = "wasm32"))]
            chunks: chunks.into_boxed_slice(),
            #[cfg(target_arch = "wasm32")]
            chunks: Mutex::new(chunks),
        };
    }

    /// The strings verdicts show for the entries' patterns.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn shown(&self) -> ShownStrings<'_> {
        ShownStrings(&self.shown.chunks)
    }

    /// The strings verdicts show for the entries' patterns, held for the time of one check.
    #[cfg(target_arch = "wasm32")]
    pub(crate) fn shown(&self) -> ShownStrings<'_> {
        // A poisoned lock only means another thread panicked while making a string: what is
        // stored is whole, as a slot is only ever filled.
        ShownStrings(self.shown.chunks.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Where the index's rules find their text; `robots` is the file it was built from.
    pub(crate) fn texts<'a>(&'a self, robots: &'a RobotsTxt) -> Texts<'a> {
        Texts {
            input: robots.input(),
            copies: &self.copies,
        }
    }

    /// The rules, in no particular order.
    pub(crate) fn rules(&self) -> &[CompiledRule] {
        &self.rules
    }

    /// Calls `found` with every run of rules with one pattern that may match `path`, and where
    /// in [`RuleIndex::rules`] it starts, `pairs` being what the path holds
    /// ([`PairSet::of_path`]), in no particular order; `texts` is [`RuleIndex::texts`].
    pub(crate) fn candidates(
        &self,
        texts: Texts<'_>,
        path: &[u8],
        pairs: PairSet,
        found: &mut dyn FnMut(usize, &[CompiledRule]),
    ) {
        let mut report = |entry: &Entry, holds: bool| {
            if holds {
                let start = entry.start as usize;
                found(start, &self.rules[start..entry.end as usize]);
            }
        };
        let mut report_floating = |entry: &Entry| {
            let needs = self.pair_needs.get(entry.needs as usize);
            report(entry, needs.is_none_or(|needs| needs.within(pairs)));
        };
        if !self.floating.is_empty() {
            let bucket = |key: usize| {
                let (start, end) = (self.by_pair[key], self.by_pair[key + 1]);
                &self.floating[start as usize..end as usize]
            };
            pairs.for_each_key(&self.filed, |key| {
                for entry in bucket(key) {
                    report_floating(entry);
                }
            });
            for entry in bucket(PairSet::KEYS) {
                report_floating(entry);
            }
        }
        let mut report = |entry: &Entry| {
            let needs = self.octet_needs.get(entry.needs as usize);
            report(entry, needs.is_none_or(|needs| needs.within(pairs)));
        };
        // The prefixes that `path` starts with, longest first. `query` is a prefix of `path`
        // that every prefix still to be found is a prefix of. The greatest entry not above it
        // either is one (report it and its equals, then look below it) or shares `common`
        // octets with it, and then no prefix of `query` longer than `common` is in the list.
        // `query` shrinks every round and no entry is looked at twice.
        let prefix = |entry: &Entry| self.rules[entry.start as usize].prefix(texts);
        let mut query = path;
        loop {
            #[cfg(not(target_arch = "wasm32"))]
            let below = self.entries_not_above(texts, query);
            // The page's wasm compares the prefixes themselves (see `RuleIndex::prefix_keys`).
            #[cfg(target_arch = "wasm32")]
            let below = self
                .by_prefix
                .partition_point(|entry| prefix(entry) <= query);
            let Some(last) = below.checked_sub(1) else {
                return;
            };
            let entry = prefix(&self.by_prefix[last]);
            if query.starts_with(entry) {
                let mut at = below;
                while at > 0 && prefix(&self.by_prefix[at - 1]) == entry {
                    report(&self.by_prefix[at - 1]);
                    at -= 1;
                }
                let Some(shorter) = entry.len().checked_sub(1) else {
                    return;
                };
                query = &query[..shorter];
            } else {
                let common = entry.iter().zip(query).take_while(|(a, b)| a == b).count();
                query = &query[..common];
            }
        }
    }

    /// How many entries of `by_prefix` have a prefix not above `query`: those whose first eight
    /// octets are below its own, then those among the entries with the same eight whose whole
    /// prefix is not above. The second search runs only when some entry has the same eight.
    #[cfg(not(target_arch = "wasm32"))]
    fn entries_not_above(&self, texts: Texts<'_>, query: &[u8]) -> usize {
        let prefix = |entry: &Entry| self.rules[entry.start as usize].prefix(texts);
        let key = leading_octets(query);
        let end = self.prefix_keys.partition_point(|&entry| entry <= key);
        let same_key = match end.checked_sub(1) {
            Some(last) if self.prefix_keys[last] == key => {
                self.prefix_keys[..last].partition_point(|&entry| entry < key)
            }
            _ => end,
        };
        same_key + self.by_prefix[same_key..end].partition_point(|entry| prefix(entry) <= query)
    }

    /// Whether the index holds no rule.
    pub(crate) fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }
}

/// The first eight octets of `bytes` (zero after its end) as a number that orders as the octets
/// do: where two such numbers differ, the octet strings compare the same way (an octet string
/// that ends first is padded with zeros, and a string is below any longer one it starts);
/// where they are equal, only the whole strings can tell.
#[cfg(not(target_arch = "wasm32"))]
fn leading_octets(bytes: &[u8]) -> u64 {
    let mut leading = [0; 8];
    let count = bytes.len().min(8);
    leading[..count].copy_from_slice(&bytes[..count]);
    u64::from_be_bytes(leading)
}

/// Google's `index.htm` rule (`RobotsMatcher::HandleAllow`): when the last segment of an Allow
/// pattern starts with `index.htm`, the directory itself, `…/$`, is allowed too.
/// Returns how long the directory is, up to and including its slash.
fn index_html_directory(pattern: &[u8]) -> Option<usize> {
    let slash = pattern.iter().rposition(|&b| b == b'/')?;
    pattern[slash..]
        .starts_with(b"/index.htm")
        .then_some(slash + 1)
}

/// Normalised patterns and paths are ASCII by construction; this keeps any stray byte visible
/// instead of failing.
pub(crate) fn lossless_ascii(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robots::RobotsTxt;
    use proptest::prelude::*;

    fn compile(robots: &RobotsTxt, profile: Profile) -> RuleIndex {
        RuleIndex::new(robots, profile, &[0], &|_| true)
    }

    fn candidates(robots: &RobotsTxt, profile: Profile, path: &str) -> Vec<u32> {
        let index = compile(robots, profile);
        let mut found = Vec::new();
        let pairs = PairSet::of_path(path.as_bytes());
        index.candidates(
            index.texts(robots),
            path.as_bytes(),
            pairs,
            &mut |_, run| found.extend(run.iter().map(|rule| rule.rule)),
        );
        found.sort_unstable();
        found
    }

    #[test]
    fn a_path_finds_the_rules_whose_prefix_it_starts_with() {
        let robots = RobotsTxt::parse(
            b"User-agent: *\nDisallow: /a\nDisallow: /ab\nDisallow: /abc*x\nDisallow: /abd\n\
              Disallow: /b\nDisallow: /a\nDisallow: /*.pdf$\nAllow: /dir/index.html\n",
        );
        let found = |path| candidates(&robots, Profile::Rfc9309, path);
        assert_eq!(found("/abc/x"), [0, 1, 2, 5], "the two `/a` share an entry");
        assert_eq!(found("/abd.pdf"), [0, 1, 3, 5, 6]);
        assert_eq!(found("/b"), [4]);
        assert_eq!(found("/"), Vec::<u32>::new());
        let google = candidates(&robots, Profile::Google, "/dir/");
        assert_eq!(google, [7], "filed under its directory pattern");
        let google = candidates(&robots, Profile::Google, "/dir/index.html");
        assert_eq!(google, [7], "and found by its own");
        let root = RobotsTxt::parse(b"User-agent: *\nAllow: /index.html\nDisallow: /*.html$\n");
        assert_eq!(candidates(&root, Profile::Google, "/index.html"), [0, 1]);
        assert_eq!(candidates(&root, Profile::Google, "/"), [0]);
    }

    #[test]
    fn a_compiled_rule_is_a_small_record() {
        // The index of a 14,000-rule file holds thousands of them.
        assert_eq!(std::mem::size_of::<CompiledRule>(), 24);
    }

    #[test]
    fn only_the_patterns_normalising_changes_are_copied() {
        let robots = RobotsTxt::parse(
            "User-agent: *\nDisallow: /plain\nDisallow: /caf\u{e9}\nAllow: /%7e*x$\n".as_bytes(),
        );
        let google = compile(&robots, Profile::Google);
        assert_eq!(google.copies, b"/caf%C3%A9/%7E*x$");
        let rfc = compile(&robots, Profile::Rfc9309);
        assert_eq!(rfc.copies, b"/caf%C3%A9/~*x$");
        for index in [&google, &rfc] {
            let texts = index.texts(&robots);
            let shown: Vec<&[u8]> = index.rules().iter().map(|r| r.normalised(texts)).collect();
            assert!(shown.contains(&&b"/plain"[..]), "read from the file itself");
            assert_eq!(shown.len(), 3);
        }
    }

    /// Everything an index holds that a verdict can read, the copies' offsets aside (an index
    /// made from another copies its patterns in another order).
    fn described(index: &RuleIndex, robots: &RobotsTxt) -> String {
        let texts = index.texts(robots);
        let rules: Vec<String> = index
            .rules
            .iter()
            .map(|rule| {
                let CompiledRule {
                    group,
                    rule: position,
                    len,
                    directory_len,
                    prefix_len,
                    copied,
                    syntax,
                    start: _,
                } = *rule;
                let pattern = String::from_utf8_lossy(rule.normalised(texts));
                format!("{group}.{position} {pattern} {len} {directory_len} {prefix_len} {copied} {syntax:?}")
            })
            .collect();
        format!(
            "{rules:#?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{}",
            index.by_prefix,
            index.prefix_keys,
            index.floating,
            index.by_pair,
            index.filed,
            index.pair_needs,
            index.octet_needs,
            index.shown.chunks.len(),
        )
    }

    /// The lines of a file for the edit tests: a few groups of rules over a small alphabet, with
    /// repeats, wildcards, escapes and Google's `index.htm` rule.
    fn robots_line() -> impl Strategy<Value = String> {
        prop_oneof![
            1 => Just("User-agent: a".to_owned()),
            1 => Just("User-agent: b".to_owned()),
            1 => Just(String::new()),
            8 => ("(Allow|Disallow)", "/?(a|b|/|\\*|\\$|%7e|%2A|\u{e9}|index\\.html){0,4}")
                .prop_map(|(kind, pattern)| format!("{kind}: {pattern}")),
        ]
    }

    proptest! {
        /// An edited file's index made from the original's is the index made anew, whatever the
        /// edit replaces, deletes or inserts, and whichever of the original's groups and rules
        /// the original's index holds.
        #[test]
        fn an_index_made_from_the_original_is_the_index_made_anew(
            lines in proptest::collection::vec(robots_line(), 1..24),
            edits in proptest::collection::vec((0usize..30, 0u8..3, robots_line()), 0..5),
            base_groups in 0usize..3,
            only_allows in proptest::bool::ANY,
        ) {
            let mut original = vec!["User-agent: *".to_owned()];
            original.extend(lines);
            // Each edited line with the line of the original it stands for.
            let mut edited: Vec<(String, Option<usize>)> = original
                .iter()
                .enumerate()
                .map(|(at, line)| (line.clone(), Some(at + 1)))
                .collect();
            for (at, action, text) in edits {
                let at = at % (edited.len() + 1);
                match action {
                    0 if at < edited.len() => edited[at] = (text, None),
                    1 if at < edited.len() => {
                        edited.remove(at);
                    }
                    _ => edited.insert(at, (text, None)),
                }
            }
            let join = |lines: Vec<&str>| lines.join("\n").into_bytes();
            let before = RobotsTxt::parse(&join(original.iter().map(String::as_str).collect()));
            let after = RobotsTxt::parse(&join(edited.iter().map(|(line, _)| line.as_str()).collect()));
            let old = |number: usize| edited.get(number.checked_sub(1)?)?.1;
            let keep = |rule: &Rule| !only_allows || rule.kind == RuleKind::Allow;
            let all = |robots: &RobotsTxt| -> Vec<usize> { (0..robots.groups().len()).collect() };
            // The original's index of all its groups, of every other one, or of none.
            let mut groups = all(&before);
            match base_groups {
                0 => {}
                1 => groups.retain(|group| group % 2 == 0),
                _ => groups.clear(),
            }
            for profile in [Profile::Google, Profile::Rfc9309] {
                let base = RuleIndex::new(&before, profile, &groups, &keep);
                let from = EditedFrom { robots: &before, index: &base, old: &old };
                let made = RuleIndex::of_edit(&after, profile, &all(&after), &keep, from);
                let anew = RuleIndex::new(&after, profile, &all(&after), &keep);
                prop_assert_eq!(described(&made, &after), described(&anew, &after));
            }
        }
    }

    proptest! {
        #[test]
        fn leading_octets_order_as_the_octets_do(
            a in proptest::collection::vec(proptest::sample::select(vec![0u8, 1, b'/', b'a', 0xFF]), 0..11),
            b in proptest::collection::vec(proptest::sample::select(vec![0u8, 1, b'/', b'a', 0xFF]), 0..11),
        ) {
            let (key_a, key_b) = (leading_octets(&a), leading_octets(&b));
            if key_a != key_b {
                prop_assert_eq!(key_a.cmp(&key_b), a.cmp(&b));
            }
            if a.len() <= 8 && b.len() <= 8 && a.last() != Some(&0) && b.last() != Some(&0) {
                prop_assert_eq!(key_a == key_b, a == b);
            }
        }

        #[test]
        fn every_matching_rule_is_a_candidate(
            patterns in proptest::collection::vec("/?(/|a|b|~|é|\\*|%2A|%2a|%7e|\\$|index\\.html){0,6}", 1..12),
            path in "/(/|a|b|~|\\*|%2A|%7E|%C3%A9|\\$|index\\.html){0,8}",
        ) {
            let mut text = String::from("User-agent: *\n");
            for pattern in &patterns {
                text.push_str(&format!("Allow: {pattern}\n"));
            }
            let robots = RobotsTxt::parse(text.as_bytes());
            for profile in [Profile::Rfc9309, Profile::Google] {
                let index = compile(&robots, profile);
                let texts = index.texts(&robots);
                let matching: Vec<u32> = index
                    .rules()
                    .iter()
                    .filter(|rule| rule.matches(texts, path.as_bytes()).is_some())
                    .map(|rule| rule.rule)
                    .collect();
                let found = candidates(&robots, profile, &path);
                for rule in matching {
                    prop_assert!(found.contains(&rule), "rule {} not found", rule);
                }
            }
        }
    }
}
