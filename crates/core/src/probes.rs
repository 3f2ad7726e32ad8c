//! Probe paths: the URLs a file's own patterns are about, for questions asked without a list.
//!
//! `robots-lens diff` without `--urls` and the audit's evidence both ask "which verdicts change?"
//! where nobody gave URLs: the patterns themselves name the paths worth asking about. Each
//! pattern gives at most three: the path it names literally, the same with every `*` filled,
//! and a path just inside it. The paths are paths (`//x` is the path `//x`), to be asked with
//! [`UrlReading::Path`](crate::UrlReading::Path).

use std::collections::HashSet;

/// Probe paths derived from patterns, each once, in the order found, `/` first, at most a
/// fixed number: what [`probe_urls`](crate::probe_urls) derives from two files, and what the
/// audit's evidence derives from the lines a finding is about.
pub(crate) struct Probes {
    paths: Vec<String>,
    seen: HashSet<String>,
    limit: usize,
}

impl Probes {
    /// `/` alone, and room for `limit` paths in all.
    pub(crate) fn new(limit: usize) -> Probes {
        Probes {
            paths: vec!["/".to_owned()],
            seen: HashSet::from(["/".to_owned()]),
            limit,
        }
    }

    /// No path yet (not even `/`), and room for `limit`.
    pub(crate) fn none(limit: usize) -> Probes {
        Probes {
            paths: Vec::new(),
            seen: HashSet::new(),
            limit,
        }
    }

    /// Only the literal path a pattern names (its `*` dropped, a final `$` dropped), which the
    /// pattern always matches: one question per pattern, where many patterns are asked about.
    pub(crate) fn add_literal(&mut self, pattern: &str) {
        if pattern.is_empty() {
            return;
        }
        let body = pattern
            .strip_suffix('$')
            .unwrap_or(pattern)
            .replace('*', "");
        self.add(if body.starts_with('/') {
            body
        } else {
            format!("/{body}")
        });
    }

    /// Whether no more paths fit.
    pub(crate) fn is_full(&self) -> bool {
        self.paths.len() >= self.limit
    }

    /// The paths a pattern names (see [`probe_urls`](crate::probe_urls)): the literal path (`*` dropped, a final
    /// `$` dropped), the path with every `*` filled by `x`, and unless the pattern ends in `$`,
    /// a path inside it. An empty pattern names none.
    pub(crate) fn add_pattern(&mut self, pattern: &str) {
        if pattern.is_empty() {
            return;
        }
        let (body, anchored) = match pattern.strip_suffix('$') {
            Some(body) => (body, true),
            None => (pattern, false),
        };
        let rooted = |path: String| {
            if path.starts_with('/') {
                path
            } else {
                format!("/{path}")
            }
        };
        let literal = rooted(body.replace('*', ""));
        self.add(literal.clone());
        if body.contains('*') {
            self.add(rooted(body.replace('*', "x")));
        }
        if !anchored {
            let inside = if literal.ends_with('/') {
                format!("{literal}x")
            } else {
                format!("{literal}/x")
            };
            self.add(inside);
        }
    }

    fn add(&mut self, path: String) {
        if !self.is_full() && self.seen.insert(path.clone()) {
            self.paths.push(path);
        }
    }

    /// The paths, in the order found.
    pub(crate) fn into_paths(self) -> Vec<String> {
        self.paths
    }
}
