//! Allow/Disallow patterns: `*` matches any run of octets, a final `$` anchors at the end, every
//! other octet matches itself.
//!
//! A pattern is a run of literal segments separated by `*`. The first segment must match at the
//! start of the path; each later one is searched for left to right (memchr's `memmem`, linear in
//! the path) from where the previous one ended. With `*` the only wildcard, the leftmost placement
//! of each segment is exact: a segment that ends earlier leaves every later segment at least as
//! much room. A final `$` asks the last segment to end the path instead. So a match costs
//! O(|path| + |pattern|) and allocates nothing, where google/robotstxt's position-set
//! simulation costs O(|path| · |pattern|).
//!
//! The one exception is RFC 9309 §2.2.3's `%2A` and `%24`, a literal `*` and `$` that match the
//! character or its escape, so a segment holding one matches a run of variable length. Such a
//! segment is placed by trying each start in turn (every start matches in at most one way, as `*`
//! and `%` differ): O(|path| · |segment|) for that segment only, still never exponential.
//!
//! [`naive_matches`], a backtracking reference that is obviously right, holds the fast path to
//! account in property tests.

use crate::encoding::escape_at;
use crate::octets::find_octet;
#[cfg(not(target_arch = "wasm32"))]
use memchr::memmem;

/// A pattern ready to be matched many times.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    /// The pattern without its anchoring `$`.
    body: Box<[u8]>,
    syntax: Syntax,
}

/// How a pattern's octets are read, beyond the text itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Syntax {
    /// The pattern ended with `$`.
    pub anchored_at_end: bool,
    /// `%2A` and `%24` stand for a literal `*` and `$` (RFC 9309 §2.2.3), and the body has one.
    pub escaped_literals: bool,
}

impl Syntax {
    /// Splits a pattern into its body and how to read it.
    pub(crate) fn of(pattern: &[u8], escapes_are_literals: bool) -> (&[u8], Syntax) {
        let (body, anchored_at_end) = match pattern.split_last() {
            Some((b'$', body)) => (body, true),
            _ => (pattern, false),
        };
        let escaped_literals =
            escapes_are_literals && (0..body.len()).any(|at| literal_at(body, at, true).is_some());
        let syntax = Syntax {
            anchored_at_end,
            escaped_literals,
        };
        (body, syntax)
    }
}

impl Pattern {
    /// Compiles a pattern the way Google reads it: `*` and a final `$` are special, nothing else.
    pub fn google(pattern: &[u8]) -> Pattern {
        Pattern::compile(pattern, false)
    }

    /// Compiles a pattern the way RFC 9309 §2.2.3 reads it: as [`Pattern::google`], and in
    /// addition `%2A` and `%24` stand for a literal `*` and `$`.
    pub fn rfc9309(pattern: &[u8]) -> Pattern {
        Pattern::compile(pattern, true)
    }

    fn compile(pattern: &[u8], escapes_are_literals: bool) -> Pattern {
        let (body, syntax) = Syntax::of(pattern, escapes_are_literals);
        Pattern {
            body: body.into(),
            syntax,
        }
    }

    /// Whether the pattern matches `path`, anchored at the path's first octet.
    pub fn matches(&self, path: &[u8]) -> bool {
        matches(&self.body, self.syntax, path)
    }
}

/// Whether the pattern `body`, read as `syntax` says, matches `path` from its first octet.
pub(crate) fn matches(body: &[u8], syntax: Syntax, path: &[u8]) -> bool {
    let literals = syntax.escaped_literals;
    let mut segments = body.split(|&b| b == b'*');
    let first = segments.next().unwrap_or_default();
    let Some(mut at) = match_at(first, path, 0, literals) else {
        return false;
    };
    let Some(mut segment) = segments.next() else {
        // No `*`: a prefix, or with `$` the whole path.
        return !syntax.anchored_at_end || at == path.len();
    };
    // Every segment but the last goes to its leftmost place; `split` yields the empty segments
    // of `**`, which match anywhere and are skipped.
    for next in segments {
        if !segment.is_empty() {
            match find_from(segment, path, at, literals) {
                Some(end) => at = end,
                None => return false,
            }
        }
        segment = next;
    }
    if syntax.anchored_at_end {
        ends_with_from(segment, path, at, literals)
    } else {
        segment.is_empty() || find_from(segment, path, at, literals).is_some()
    }
}

/// The literal `*` or `$` that an escape at `bytes[at]` stands for, when such escapes are
/// literals.
fn literal_at(bytes: &[u8], at: usize, literals: bool) -> Option<u8> {
    if !literals {
        return None;
    }
    escape_at(bytes, at).filter(|&octet| octet == b'*' || octet == b'$')
}

/// Where `segment` ends when it matches `path` starting exactly at `at`.
fn match_at(segment: &[u8], path: &[u8], at: usize, literals: bool) -> Option<usize> {
    let rest = path.get(at..)?;
    if !literals {
        return rest.starts_with(segment).then_some(at + segment.len());
    }
    let (mut i, mut j) = (0, at);
    while i < segment.len() {
        if let Some(octet) = literal_at(segment, i, true) {
            // A path holds either the character or its escape here, never both.
            j += match path.get(j) {
                Some(&b) if b == octet => 1,
                Some(b'%') if escape_at(path, j) == Some(octet) => 3,
                _ => return None,
            };
            i += 3;
        } else {
            if path.get(j) != Some(&segment[i]) {
                return None;
            }
            i += 1;
            j += 1;
        }
    }
    Some(j)
}

/// The earliest end of a match of `segment` starting at or after `from`.
fn find_from(segment: &[u8], path: &[u8], from: usize, literals: bool) -> Option<usize> {
    let rest = path.get(from..)?;
    if !literals {
        return find_plain(rest, segment).map(|found| from + found + segment.len());
    }
    // Each element takes at least one octet, so a start past `best - elements` cannot end
    // earlier than `best`.
    let elements = segment.len() - 2 * literal_count(segment);
    let mut best: Option<usize> = None;
    for start in from..=path.len() {
        if best.is_some_and(|best| start + elements >= best) {
            break;
        }
        if let Some(end) = match_at(segment, path, start, true) {
            best = Some(best.map_or(end, |best: usize| best.min(end)));
        }
    }
    best
}

/// Needles up to this long are found by memchr on their first octet and a comparison at each hit:
/// at most this many comparisons per octet of the path, and no searcher to set up per call.
/// Longer ones go to memchr's `memmem` (linear), except in the wasm build, which leaves it out
/// for size and pays O(|path| · |needle|) for them.
#[cfg(not(target_arch = "wasm32"))]
const SHORT_NEEDLE: usize = 8;

/// Where `needle` first occurs in `haystack`, in time linear in the haystack.
fn find_plain(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let Some((&first, rest)) = needle.split_first() else {
        return Some(0);
    };
    #[cfg(not(target_arch = "wasm32"))]
    if needle.len() > SHORT_NEEDLE {
        return memmem::find(haystack, needle);
    }
    let mut from = 0;
    while let Some(found) = find_octet(first, &haystack[from..]) {
        let at = from + found;
        if haystack[at + 1..].starts_with(rest) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// Whether `segment` can match a run of `path` that starts at or after `from` and ends it.
fn ends_with_from(segment: &[u8], path: &[u8], from: usize, literals: bool) -> bool {
    if !literals {
        return path.len() >= from + segment.len() && path.ends_with(segment);
    }
    // Read both from the end: an escape is recognised by its `%`, which no hex digit is, so
    // the reading is the same in both directions.
    let (mut i, mut j) = (segment.len(), path.len());
    while i > 0 {
        let literal = i
            .checked_sub(3)
            .and_then(|at| literal_at(segment, at, true));
        if let Some(octet) = literal {
            let escaped = j
                .checked_sub(3)
                .is_some_and(|at| escape_at(path, at) == Some(octet));
            if j > 0 && path[j - 1] == octet {
                j -= 1;
            } else if escaped {
                j -= 3;
            } else {
                return false;
            }
            i -= 3;
        } else {
            if j == 0 || path[j - 1] != segment[i - 1] {
                return false;
            }
            i -= 1;
            j -= 1;
        }
    }
    j >= from
}

fn literal_count(segment: &[u8]) -> usize {
    (0..segment.len())
        .filter(|&at| literal_at(segment, at, true).is_some())
        .count()
}

/// The octets every path the pattern matches starts with: the body up to its first `*` (or
/// escaped literal, which may be written either way in the path).
pub(crate) fn literal_prefix(body: &[u8], syntax: Syntax) -> &[u8] {
    let star = find_octet(b'*', body).unwrap_or(body.len());
    let prefix = &body[..star];
    if !syntax.escaped_literals {
        return prefix;
    }
    let literal = (0..prefix.len()).find(|&at| literal_at(prefix, at, true).is_some());
    &prefix[..literal.unwrap_or(prefix.len())]
}

/// What a text holds: its ASCII octets, exactly (normalised patterns and paths are ASCII, and an
/// octet left out only weakens the test), and its pairs of adjacent octets, hashed into 256 bits.
/// A pattern can only match a path that holds every octet and pair of the pattern's literal runs. Cheap to build and to test, it spares most rules that start with `/*` from
/// being matched at all, and a hostile path of one repeated octet from nearly every rule.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct PairSet {
    octets: [u64; 2],
    pairs: [u64; 4],
}

impl PairSet {
    fn insert_octet(&mut self, a: u8) {
        if let Some(word) = self.octets.get_mut(usize::from(a >> 6)) {
            *word |= 1 << (a & 63);
        }
    }

    /// How many different pair hashes there are.
    pub(crate) const KEYS: usize = 256;

    fn pair_hash(a: u8, b: u8) -> usize {
        (usize::from(a).wrapping_mul(31) ^ usize::from(b).wrapping_mul(7)) & 0xFF
    }

    fn insert_pair(&mut self, a: u8, b: u8) {
        let hash = PairSet::pair_hash(a, b);
        self.pairs[hash >> 6] |= 1 << (hash & 63);
    }

    /// The hash of one pair that every path matching the pattern holds, to file it under: the
    /// first pair of its longest literal run, as long runs are the rarest.
    pub(crate) fn key(body: &[u8], syntax: Syntax) -> Option<usize> {
        let mut best: Option<&[u8]> = None;
        for segment in body.split(|&b| b == b'*') {
            let mut run_start = 0;
            let mut at = 0;
            while at <= segment.len() {
                let literal = at < segment.len()
                    && literal_at(segment, at, syntax.escaped_literals).is_some();
                if at == segment.len() || literal {
                    let run = &segment[run_start..at];
                    if run.len() >= 2 && best.is_none_or(|best| run.len() > best.len()) {
                        best = Some(run);
                    }
                    at += if literal { 3 } else { 1 };
                    run_start = at;
                } else {
                    at += 1;
                }
            }
        }
        best.map(|run| PairSet::pair_hash(run[0], run[1]))
    }

    /// Calls `each` with the hash of every pair in the set that is also among `filed` (a set of
    /// pair hashes, as [`PairSet::key`] gives them): a path of a long query holds nearly every
    /// hash, and most have nothing filed under them.
    pub(crate) fn for_each_key(self, filed: &[u64; 4], mut each: impl FnMut(usize)) {
        for (word, (&bits, &filed)) in self.pairs.iter().zip(filed).enumerate() {
            let mut bits = bits & filed;
            while bits != 0 {
                each(word * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }

    /// The octets and pairs of adjacent octets in `text`.
    pub(crate) fn of_path(text: &[u8]) -> PairSet {
        let mut set = PairSet::default();
        for (at, &octet) in text.iter().enumerate() {
            // An octet past ASCII is filed as its low seven bits: a path may claim more than it
            // holds (a pattern never needs such an octet), and the loop has no branch for it.
            set.octets[usize::from((octet >> 6) & 1)] |= 1 << (octet & 63);
            if let Some(&next) = text.get(at + 1) {
                set.insert_pair(octet, next);
            }
        }
        set
    }

    /// The octets and pairs every path matching the pattern holds: those of its literal runs.
    pub(crate) fn of_pattern(body: &[u8], syntax: Syntax) -> PairSet {
        let mut set = PairSet::default();
        for segment in body.split(|&b| b == b'*') {
            let mut at = 0;
            while at < segment.len() {
                if literal_at(segment, at, syntax.escaped_literals).is_some() {
                    at += 3;
                    continue;
                }
                set.insert_octet(segment[at]);
                let next = segment.get(at + 1).copied();
                let escaped = literal_at(segment, at + 1, syntax.escaped_literals).is_some();
                if let (Some(next), false) = (next, escaped) {
                    set.insert_pair(segment[at], next);
                }
                at += 1;
            }
        }
        set
    }

    /// Whether everything in `self` is in `other`.
    pub(crate) fn within(self, other: PairSet) -> bool {
        let octets = (self.octets[0] & !other.octets[0]) | (self.octets[1] & !other.octets[1]);
        let pairs = (0..4).fold(0, |missing, word| {
            missing | (self.pairs[word] & !other.pairs[word])
        });
        octets | pairs == 0
    }
}

/// The ASCII octets every path matching a pattern holds: the pattern's [`PairSet`] octets alone,
/// in a third of its size. For the rules filed by their literal prefix,
/// whose prefix already sorts out nearly every path, this is filter enough (a hostile path of
/// one repeated octet still fails it), and a large file has thousands of them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct AsciiOctets([u64; 2]);

impl AsciiOctets {
    pub(crate) fn of_pattern(body: &[u8], syntax: Syntax) -> AsciiOctets {
        let set = PairSet::of_pattern(body, syntax);
        AsciiOctets(set.octets)
    }

    /// Whether `path` holds every one of these octets.
    pub(crate) fn within(self, path: PairSet) -> bool {
        (self.0[0] & !path.octets[0]) | (self.0[1] & !path.octets[1]) == 0
    }
}

/// A deliberately naive backtracking matcher over the same syntax, for property tests only:
/// obviously right, exponential in the worst case.
#[cfg(test)]
pub(crate) fn naive_matches(pattern: &[u8], path: &[u8], escapes_are_literals: bool) -> bool {
    fn go(pattern: &[u8], path: &[u8], anchored: bool, literals: bool) -> bool {
        if let Some(octet) = literal_at(pattern, 0, literals) {
            let rest = &pattern[3..];
            return (path.first() == Some(&octet) && go(rest, &path[1..], anchored, literals))
                || (escape_at(path, 0) == Some(octet) && go(rest, &path[3..], anchored, literals));
        }
        match pattern.split_first() {
            None => !anchored || path.is_empty(),
            Some((b'*', rest)) => {
                (0..=path.len()).any(|skip| go(rest, &path[skip..], anchored, literals))
            }
            Some((&octet, rest)) => {
                path.first() == Some(&octet) && go(rest, &path[1..], anchored, literals)
            }
        }
    }
    match pattern.split_last() {
        Some((b'$', body)) => go(body, path, true, escapes_are_literals),
        _ => go(pattern, path, false, escapes_are_literals),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn google(pattern: &str, path: &str) -> bool {
        Pattern::google(pattern.as_bytes()).matches(path.as_bytes())
    }

    #[test]
    fn prefixes_match() {
        assert!(google("/fish", "/fish"));
        assert!(google("/fish", "/fish.html"));
        assert!(google("/fish", "/fishheads/yummy.html"));
        assert!(!google("/fish", "/Fish.asp"));
        assert!(!google("/fish", "/catfish"));
        assert!(google("", "/anything"));
    }

    #[test]
    fn stars_and_dollars() {
        assert!(google("/*.php$", "/filename.php"));
        assert!(google("/*.php$", "/folder/filename.php"));
        assert!(!google("/*.php$", "/filename.php?parameters"));
        assert!(!google("/*.php$", "/filename.php5"));
        assert!(google("/fish*.php", "/fish.php"));
        assert!(google("/fish*.php", "/fishheads/catfish.php?parameters"));
        assert!(!google("/fish*.php", "/Fish.PHP"));
        assert!(google("/a$b", "/a$b"), "a $ inside the pattern is literal");
        assert!(!google("/$", "/a"));
        assert!(google("/$", "/"));
        assert!(google("*", "/"));
        assert!(!google("$", "/"));
        assert!(google("/a*b*$", "/a-b-c"));
        assert!(!google("/ab*b$", "/ab"), "segments may not overlap");
        assert!(google("/ab*b$", "/abb"));
    }

    #[test]
    fn rfc_escapes_for_star_and_dollar_are_literal() {
        let star = Pattern::rfc9309(b"/path/file-with-a-%2A.html");
        assert!(star.matches(b"/path/file-with-a-*.html"));
        assert!(star.matches(b"/path/file-with-a-%2A.html"));
        assert!(!star.matches(b"/path/file-with-a-x.html"));
        let dollar = Pattern::rfc9309(b"/path/foo-%24");
        assert!(dollar.matches(b"/path/foo-$"));
        assert!(!dollar.matches(b"/path/foo-"));
        assert!(Pattern::google(b"/a-%2A").matches(b"/a-%2A"));
        assert!(!Pattern::google(b"/a-%2A").matches(b"/a-*"));
        let floating = Pattern::rfc9309(b"/*x%2Ay*%24$");
        assert!(floating.matches(b"/ax%2Ay/$"));
        assert!(floating.matches(b"/x*yy%24"));
        assert!(!floating.matches(b"/x*y"));
    }

    #[test]
    fn pathological_patterns_stay_linear() {
        let pattern = Pattern::google(b"/*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b$");
        let path = format!("/{}", "a".repeat(2000));
        assert!(!pattern.matches(path.as_bytes()));
        let escaped = Pattern::rfc9309(b"/*a%2Aa*a%2Aa*b$");
        assert!(!escaped.matches(path.as_bytes()));
    }

    #[test]
    fn the_literal_prefix_stops_at_a_star_or_an_escaped_literal() {
        let prefix = |pattern: &[u8], literals| {
            let (body, syntax) = Syntax::of(pattern, literals);
            literal_prefix(body, syntax).to_vec()
        };
        assert_eq!(prefix(b"/a/b*c", false), b"/a/b");
        assert_eq!(prefix(b"/a/b$", false), b"/a/b");
        assert_eq!(prefix(b"/a%2Ab", true), b"/a");
        assert_eq!(prefix(b"/a%2Ab", false), b"/a%2Ab");
        assert_eq!(prefix(b"*a", false), b"");
    }

    fn pairs_hold(pattern: &[u8], path: &[u8], literals: bool) -> bool {
        let (body, syntax) = Syntax::of(pattern, literals);
        PairSet::of_pattern(body, syntax).within(PairSet::of_path(path))
    }

    proptest! {
        #[test]
        fn agrees_with_the_naive_matcher(
            pattern in "[/ab*$]{0,12}",
            path in "[/ab$]{0,12}",
        ) {
            prop_assert_eq!(
                Pattern::google(pattern.as_bytes()).matches(path.as_bytes()),
                naive_matches(pattern.as_bytes(), path.as_bytes(), false)
            );
        }

        #[test]
        fn agrees_with_the_naive_matcher_on_escaped_literals(
            pattern in "(/|a|\\*|\\$|%2A|%24|%2a|%2|%){0,7}",
            path in "(/|a|\\*|\\$|%2A|%24|%2|%|A){0,10}",
        ) {
            let (pattern, path) = (pattern.as_bytes(), path.as_bytes());
            prop_assert_eq!(
                Pattern::rfc9309(pattern).matches(path),
                naive_matches(pattern, path, true)
            );
            prop_assert_eq!(
                Pattern::google(pattern).matches(path),
                naive_matches(pattern, path, false)
            );
        }

        #[test]
        fn a_matching_pattern_has_its_pairs_in_the_path(
            pattern in "(/|a|b|\\*|\\$|%2A|%24){0,8}",
            path in "(/|a|b|\\*|\\$|%2A|%24){0,12}",
        ) {
            for literals in [false, true] {
                let (body, syntax) = Syntax::of(pattern.as_bytes(), literals);
                if matches(body, syntax, path.as_bytes()) {
                    prop_assert!(pairs_hold(pattern.as_bytes(), path.as_bytes(), literals));
                    if let Some(key) = PairSet::key(body, syntax) {
                        let mut found = false;
                        PairSet::of_path(path.as_bytes()).for_each_key(&[u64::MAX; 4], |k| found |= k == key);
                        prop_assert!(found);
                    }
                    prop_assert!(path.as_bytes().starts_with(literal_prefix(body, syntax)));
                }
            }
        }
    }
}
