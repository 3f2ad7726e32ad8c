//! Rules compiled for one profile, and the index that hands a path only the rules it can match.
//!
//! A file of 14,000 rules must not cost 14,000 pattern matches per URL. Every pattern fixes the
//! octets a matching path starts with (its literal prefix, up to the first `*`), so the rules are
//! kept sorted by that prefix and a path looks up the few whose prefix it starts with. Rules
//! whose prefix says nothing (`/*.pdf$`, `*sessionid=`) are kept apart, each with the set of
//! octet pairs a matching path must contain ([`PairSet`]), and matched only when the path has
//! them all. Both filters are exact necessary conditions: the matcher still decides.

use std::sync::Arc;

use crate::encoding::{google_escape, rfc9309_normalise};
use crate::group::{Rule, RuleKind};
use crate::pattern::{self, literal_prefix, PairSet, Syntax};
use crate::profile::{Encoding, Profile};
use crate::RobotsTxt;

/// One rule's pattern, as the profile compares it.
#[derive(Debug, Clone)]
pub(crate) struct CompiledRule {
    /// The rule's group, and its position among the group's rules.
    pub group: u32,
    pub rule: u32,
    /// The pattern as written, and after the profile's normalisation (`$` included): what a
    /// verdict shows.
    pub pattern: Arc<str>,
    pub normalised: Arc<str>,
    syntax: Syntax,
    /// Google's `index.htm` fallback: the directory pattern `…/$`.
    pub directory: Option<Arc<str>>,
    /// How many leading octets of `index_text` every matching path starts with.
    prefix_len: u32,
}

impl CompiledRule {
    pub(crate) fn new(
        robots: &RobotsTxt,
        rule: &Rule,
        group: usize,
        index: usize,
        profile: Profile,
    ) -> CompiledRule {
        let spec = profile.spec();
        let (normalised, escapes_are_literals) = match spec.encoding {
            // `Checker::new` compiles nothing for the record readers (python, legacy-1994); their
            // encodings fall in with Google's only to keep the match total.
            Encoding::GoogleEscape | Encoding::PythonQuote | Encoding::Octets => {
                (google_escape(rule.pattern_bytes(robots)), false)
            }
            Encoding::Rfc9309 => (rfc9309_normalise(rule.pattern_bytes(robots)), true),
        };
        let directory = (spec.index_html_allows_directory && rule.kind == RuleKind::Allow)
            .then(|| index_html_directory(&normalised))
            .flatten()
            .map(|directory| Arc::from(lossless_ascii(directory)));
        let (_, syntax) = Syntax::of(&normalised, escapes_are_literals);
        let mut compiled = CompiledRule {
            group: to_u32(group),
            rule: to_u32(index),
            pattern: Arc::from(rule.pattern(robots)),
            normalised: Arc::from(lossless_ascii(normalised)),
            syntax,
            directory,
            prefix_len: 0,
        };
        let (body, syntax) = compiled.index_pattern();
        compiled.prefix_len = to_u32(literal_prefix(body, syntax).len());
        compiled
    }

    /// The pattern's length in octets, which is its priority.
    pub(crate) fn length(&self) -> usize {
        self.normalised.len()
    }

    fn body(&self) -> &[u8] {
        let text = self.normalised.as_bytes();
        &text[..text.len() - usize::from(self.syntax.anchored_at_end)]
    }

    /// Whether the rule matches `path`: `Some(false)` by its pattern, `Some(true)` only by
    /// Google's `index.htm` directory.
    pub(crate) fn matches(&self, path: &[u8]) -> Option<bool> {
        if pattern::matches(self.body(), self.syntax, path) {
            return Some(false);
        }
        let (body, syntax) = Syntax::of(self.directory.as_deref()?.as_bytes(), false);
        pattern::matches(body, syntax, path).then_some(true)
    }

    /// The pattern the index files the rule under: the directory pattern when there is one, as
    /// it is a prefix of the rule's own pattern and so matches wherever that one could.
    fn index_pattern(&self) -> (&[u8], Syntax) {
        match &self.directory {
            Some(directory) => Syntax::of(directory.as_bytes(), false),
            None => (self.body(), self.syntax),
        }
    }

    /// The literal prefix of the index pattern: the body is the start of its text, so the
    /// prefix is too.
    fn prefix(&self) -> &[u8] {
        let text = self.directory.as_deref().unwrap_or(&self.normalised);
        &text.as_bytes()[..self.prefix_len as usize]
    }
}

/// Rule positions and group numbers are stored in 32 bits: a robots.txt with four billion rules
/// cannot be held in memory anyway, so the conversion saturates instead of failing.
fn to_u32(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

/// The rules of some groups, filed so that a path finds those it can match.
///
/// Rules with the same pattern (the same line repeated in many groups, as large files do) share
/// one entry and are matched once.
#[derive(Debug, Clone, Default)]
pub(crate) struct RuleIndex {
    /// The rules, entry by entry: each entry is a run of rules with one pattern.
    ids: Vec<u32>,
    /// Entries whose prefix has two octets or more, sorted by it.
    by_prefix: Vec<Entry>,
    /// The other entries, by one pair of octets they need ([`PairSet::key`]): a path only looks
    /// at the pairs it holds. `floating[by_pair[k]..by_pair[k + 1]]` have key `k`; the entries
    /// with no pair at all come last, from `by_pair[256]`, and every path looks at them.
    floating: Vec<Entry>,
    by_pair: Vec<u32>,
    /// The keys `k` under which some entry is filed, as bits: the only buckets worth a look.
    filed: [u64; 4],
}

/// Rules with one pattern, `ids[start..end]`, and what a path must hold to match it.
#[derive(Debug, Clone)]
struct Entry {
    start: u32,
    end: u32,
    needs: PairSet,
}

impl RuleIndex {
    /// Every rule, by literal prefix and then pattern, so that equal patterns are neighbours:
    /// the order each index keeps.
    pub(crate) fn sorted(rules: &[CompiledRule]) -> Vec<u32> {
        let mut ids: Vec<u32> = (0..to_u32(rules.len())).collect();
        let key = |id: &u32| {
            let rule = &rules[*id as usize];
            (rule.prefix(), &rule.normalised, &rule.directory)
        };
        crate::sorting::sort_by(&mut ids, |a, b| key(a).cmp(&key(b)));
        ids
    }

    /// The index of the rules `keep` accepts; `sorted` is [`RuleIndex::sorted`].
    pub(crate) fn new(
        rules: &[CompiledRule],
        sorted: &[u32],
        keep: &dyn Fn(&CompiledRule) -> bool,
    ) -> RuleIndex {
        let mut index = RuleIndex::default();
        let mut by_pair: Vec<Vec<Entry>> = vec![Vec::new(); PairSet::KEYS + 1];
        for &id in sorted {
            let rule = &rules[id as usize];
            if !keep(rule) {
                continue;
            }
            let entries = match rule.prefix_len >= 2 {
                true => &mut index.by_prefix,
                false => {
                    let (body, syntax) = rule.index_pattern();
                    &mut by_pair[PairSet::key(body, syntax).unwrap_or(PairSet::KEYS)]
                }
            };
            let position = to_u32(index.ids.len());
            index.ids.push(id);
            let same = entries.last_mut().filter(|entry| {
                let kept = &rules[index.ids[entry.start as usize] as usize];
                entry.end == position
                    && kept.normalised == rule.normalised
                    && kept.directory == rule.directory
            });
            match same {
                Some(entry) => entry.end += 1,
                None => {
                    let (body, syntax) = rule.index_pattern();
                    entries.push(Entry {
                        start: position,
                        end: position + 1,
                        needs: PairSet::of_pattern(body, syntax),
                    });
                }
            }
        }
        for (key, entries) in by_pair.into_iter().enumerate() {
            index.by_pair.push(to_u32(index.floating.len()));
            if key < PairSet::KEYS && !entries.is_empty() {
                index.filed[key >> 6] |= 1 << (key & 63);
            }
            index.floating.extend(entries);
        }
        index.by_pair.push(to_u32(index.floating.len()));
        index
    }

    /// Calls `found` with every run of rules with one pattern that may match `path`, `pairs`
    /// being what the path holds ([`PairSet::of_path`]), in no particular order.
    pub(crate) fn candidates(
        &self,
        rules: &[CompiledRule],
        path: &[u8],
        pairs: PairSet,
        found: &mut dyn FnMut(&[u32]),
    ) {
        let mut report = |entry: &Entry| {
            if entry.needs.within(pairs) {
                found(&self.ids[entry.start as usize..entry.end as usize]);
            }
        };
        if !self.floating.is_empty() {
            let bucket = |key: usize| {
                let (start, end) = (self.by_pair[key], self.by_pair[key + 1]);
                &self.floating[start as usize..end as usize]
            };
            pairs.for_each_key(&self.filed, |key| bucket(key).iter().for_each(&mut report));
            bucket(PairSet::KEYS).iter().for_each(&mut report);
        }
        // The prefixes that `path` starts with, longest first. `query` is a prefix of `path`
        // that every prefix still to be found is a prefix of. The greatest entry not above it
        // either is one (report it and its equals, then look below it) or shares `common`
        // octets with it, and then no prefix of `query` longer than `common` is in the list.
        // `query` shrinks every round and no entry is looked at twice.
        let prefix = |entry: &Entry| rules[self.ids[entry.start as usize] as usize].prefix();
        let mut query = path;
        loop {
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

    /// Whether the index holds no rule.
    pub(crate) fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }
}

/// Google's `index.htm` rule (`RobotsMatcher::HandleAllow`): when the last segment of an Allow
/// pattern starts with `index.htm`, the directory itself, `…/$`, is allowed too.
fn index_html_directory(pattern: &[u8]) -> Option<Vec<u8>> {
    let slash = pattern.iter().rposition(|&b| b == b'/')?;
    if !pattern[slash..].starts_with(b"/index.htm") {
        return None;
    }
    let mut directory = pattern[..=slash].to_vec();
    directory.push(b'$');
    Some(directory)
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
    use crate::RobotsTxt;
    use proptest::prelude::*;

    fn compile(robots: &RobotsTxt, profile: Profile) -> Vec<CompiledRule> {
        robots.groups()[0]
            .rules
            .iter()
            .enumerate()
            .map(|(index, rule)| CompiledRule::new(robots, rule, 0, index, profile))
            .collect()
    }

    fn candidates(robots: &RobotsTxt, profile: Profile, path: &str) -> Vec<u32> {
        let rules = compile(robots, profile);
        let index = RuleIndex::new(&rules, &RuleIndex::sorted(&rules), &|_| true);
        let mut found = Vec::new();
        let pairs = PairSet::of_path(path.as_bytes());
        index.candidates(&rules, path.as_bytes(), pairs, &mut |ids| {
            found.extend(ids.iter().map(|&id| rules[id as usize].rule))
        });
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

    proptest! {
        #[test]
        fn every_matching_rule_is_a_candidate(
            patterns in proptest::collection::vec("/?(/|a|b|\\*|%2A|\\$|index\\.html){0,6}", 1..12),
            path in "/(/|a|b|\\*|%2A|\\$|index\\.html){0,8}",
        ) {
            let mut text = String::from("User-agent: *\n");
            for pattern in &patterns {
                text.push_str(&format!("Allow: {pattern}\n"));
            }
            let robots = RobotsTxt::parse(text.as_bytes());
            for profile in [Profile::Rfc9309, Profile::Google] {
                let rules = compile(&robots, profile);
                let matching: Vec<u32> = rules
                    .iter()
                    .filter(|rule| rule.matches(path.as_bytes()).is_some())
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
