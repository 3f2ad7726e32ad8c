//! Allow/Disallow patterns: `*` matches any run of octets, a final `$` anchors at the end, every
//! other octet matches itself.
//!
//! Matching simulates the pattern over the set of path positions that the pattern's prefix can
//! reach, exactly like google/robotstxt's `RobotsMatchStrategy::Matches`. Its cost is
//! O(|path| · |pattern|) in the worst case and no input can make it exponential:
//! `/*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b$` against a 2,000-octet path takes microseconds.

use crate::encoding::escape_at;

/// One element of a compiled pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Element {
    /// One octet that must appear as is.
    Octet(u8),
    /// `*`: any run of octets, the empty run included.
    AnyRun,
    /// A character that the pattern wrote percent-encoded so that it is not special (RFC 9309
    /// §2.2.3: `%2A` is a literal `*`, `%24` a literal `$`). It matches the character itself or
    /// its escape in the path.
    Literal(u8),
}

/// A pattern ready to be matched many times.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    elements: Vec<Element>,
    anchored_at_end: bool,
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
        let (body, anchored_at_end) = match pattern.split_last() {
            Some((b'$', body)) => (body, true),
            _ => (pattern, false),
        };
        let mut elements = Vec::with_capacity(body.len());
        let mut at = 0;
        while at < body.len() {
            let escaped = escape_at(body, at).filter(|_| escapes_are_literals);
            match (body[at], escaped) {
                (_, Some(octet @ (b'*' | b'$'))) => {
                    elements.push(Element::Literal(octet));
                    at += 3;
                    continue;
                }
                // Consecutive stars are one star; keeping one makes the simulation cheaper.
                (b'*', _) if elements.last() == Some(&Element::AnyRun) => {}
                (b'*', _) => elements.push(Element::AnyRun),
                (octet, _) => elements.push(Element::Octet(octet)),
            }
            at += 1;
        }
        Pattern {
            elements,
            anchored_at_end,
        }
    }

    /// Whether the pattern matches `path`, anchored at the path's first octet.
    pub fn matches(&self, path: &[u8]) -> bool {
        // Sorted, duplicate-free positions of `path` that the pattern read so far can reach.
        let mut positions: Vec<usize> = vec![0];
        let mut next: Vec<usize> = Vec::new();
        for element in &self.elements {
            match *element {
                Element::AnyRun => {
                    let from = positions[0];
                    positions.clear();
                    positions.extend(from..=path.len());
                    continue;
                }
                Element::Octet(octet) => {
                    next.clear();
                    next.extend(
                        positions
                            .iter()
                            .filter(|&&at| path.get(at) == Some(&octet))
                            .map(|&at| at + 1),
                    );
                }
                Element::Literal(octet) => {
                    next.clear();
                    for &at in &positions {
                        if path.get(at) == Some(&octet) {
                            next.push(at + 1);
                        } else if escape_at(path, at) == Some(octet) {
                            next.push(at + 3);
                        }
                    }
                    next.sort_unstable();
                    next.dedup();
                }
            }
            std::mem::swap(&mut positions, &mut next);
            if positions.is_empty() {
                return false;
            }
        }
        !self.anchored_at_end || positions.last() == Some(&path.len())
    }
}

/// A deliberately naive backtracking matcher over the same syntax, for property tests only:
/// obviously right, exponential in the worst case.
#[cfg(test)]
pub(crate) fn naive_matches(pattern: &[u8], path: &[u8]) -> bool {
    fn go(pattern: &[u8], path: &[u8], anchored: bool) -> bool {
        match pattern.split_first() {
            None => !anchored || path.is_empty(),
            Some((b'*', rest)) => (0..=path.len()).any(|skip| go(rest, &path[skip..], anchored)),
            Some((&octet, rest)) => path.first() == Some(&octet) && go(rest, &path[1..], anchored),
        }
    }
    match pattern.split_last() {
        Some((b'$', body)) => go(body, path, true),
        _ => go(pattern, path, false),
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
    }

    #[test]
    fn pathological_patterns_stay_polynomial() {
        let pattern = Pattern::google(b"/*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b$");
        let path = format!("/{}", "a".repeat(2000));
        assert!(!pattern.matches(path.as_bytes()));
    }

    proptest! {
        #[test]
        fn agrees_with_the_naive_matcher(
            pattern in "[/ab*$]{0,12}",
            path in "[/ab$]{0,12}",
        ) {
            prop_assert_eq!(
                Pattern::google(pattern.as_bytes()).matches(path.as_bytes()),
                naive_matches(pattern.as_bytes(), path.as_bytes())
            );
        }
    }
}
