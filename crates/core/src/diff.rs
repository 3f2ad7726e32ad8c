//! What changes between two versions of a file: the verdicts that flip, and the lines.
//!
//! [`verdict_flips`] asks both versions the same questions (URLs × [`Asker`]s) and keeps every
//! answer that differs, each with the line of each version that decided. When no URL list is
//! given, [`probe_urls`] derives URLs from both files' own rules, so a diff still finds the
//! flips a change of rules causes: for each pattern, the path it names literally, the same with
//! every `*` filled, and a path just inside it. [`line_diff`] aligns the two texts line by line,
//! so that a flip can be shown next to the lines that changed; [`group_changes`] names the
//! groups one version has whole and the other lacks (a CDN's prepended managed groups).
//! [`compare_versions`] is the one question both `robots-lens diff` and the page's compare ask:
//! the flips on the URLs given, or on the probes when none are.
//!
//! Limits: at most [`MAX_PROBES`] probe URLs; the line diff compares the changed middle of the
//! two files (after their common first and last lines) line by line while that middle is at
//! most [`MAX_DIFF_CELLS`] line pairs, and beyond that reports it as removed and added whole.

use std::collections::HashSet;

use crate::answer::{Checker, Question, UrlReading};
use crate::batch::Asker;
use crate::group::Group;
use crate::probes::Probes;
use crate::profile::Profile;
use crate::robots::RobotsTxt;
use crate::status::FetchStatus;
use crate::verdict::Verdict;

/// The most probe URLs [`probe_urls`] derives.
pub const MAX_PROBES: usize = 5_000;
/// The most line pairs [`line_diff`] compares one by one.
pub const MAX_DIFF_CELLS: usize = 4_000_000;

/// A verdict in one version: allowed or not, and the line that decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Side {
    /// Whether the URL may be fetched.
    pub allowed: bool,
    /// The line of the rule that decided, if one did.
    pub line: Option<usize>,
}

/// A verdict that differs between the two versions.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Flip {
    /// The URL as given (or probed).
    pub url: String,
    /// The asker's name.
    pub agent: String,
    /// The old version's verdict.
    pub before: Side,
    /// The new version's verdict.
    pub after: Side,
    /// For a crawler found in a typed name ([`Asker::Named`]): the name as typed in each
    /// version, when in either its verdict or its deciding line differs from the crawler's.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub as_typed: Option<TypedSides>,
}

/// The answers for a name as typed in the two versions, beside a crawler's [`Flip`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TypedSides {
    /// In the old version.
    pub before: Side,
    /// In the new version.
    pub after: Side,
}

impl From<&Verdict> for Side {
    fn from(verdict: &Verdict) -> Side {
        Side {
            allowed: verdict.allowed,
            line: verdict.deciding_line(),
        }
    }
}

impl Flip {
    /// The URL was allowed and is now blocked.
    pub fn becomes_blocked(&self) -> bool {
        self.before.allowed && !self.after.allowed
    }
}

/// For each URL and asker in that order, the verdicts of `old` and `new` that differ: exactly
/// the questions whose answer ([`Checker::ask_verdict`]) is allowed in one version and not in
/// the other. `reading` says how the URLs read: [`UrlReading::Typed`] for a list a person gave,
/// [`UrlReading::Path`] for [`probe_urls`], which are paths (`//x` is the path `//x`). A URL no
/// crawler requests is answered in neither version, so it never flips.
pub fn verdict_flips(
    old: &Checker<'_>,
    new: &Checker<'_>,
    urls: &[String],
    reading: UrlReading,
    askers: &[Asker],
    status: &FetchStatus,
) -> Vec<Flip> {
    let mut flips = Vec::new();
    // A typed name's crawler is asked with the name as typed beside it; other askers, the
    // verdict alone.
    let ask = |checker: &Checker<'_>, question: &Question<'_>, asker: &Asker| match asker {
        Asker::Named { .. } => checker.ask_verdict_and_typed(question),
        _ => checker.ask_verdict(question).map(|verdict| (verdict, None)),
    };
    for url in urls {
        for asker in askers {
            let question = asker.question(url, status).reading(reading);
            let (Ok((before, typed_before)), Ok((after, typed_after))) =
                (ask(old, &question, asker), ask(new, &question, asker))
            else {
                continue;
            };
            if before.allowed != after.allowed {
                let as_typed =
                    (typed_before.is_some() || typed_after.is_some()).then(|| TypedSides {
                        before: Side::from(typed_before.as_ref().unwrap_or(&before)),
                        after: Side::from(typed_after.as_ref().unwrap_or(&after)),
                    });
                flips.push(Flip {
                    url: url.clone(),
                    agent: asker.name().to_owned(),
                    before: Side::from(&before),
                    after: Side::from(&after),
                    as_typed,
                });
            }
        }
    }
    flips
}

/// Two versions compared on one set of questions: what [`compare_versions`] answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    /// Every verdict that differs, as [`verdict_flips`] finds them.
    pub flips: Vec<Flip>,
    /// The URLs asked: the ones given, or the probes.
    pub urls: Vec<String>,
    /// Whether the URLs are [`probe_urls`] derived from both files' rules (no URL was given).
    pub probed: bool,
}

/// The verdicts that flip between `old` and `new` under `profile` and `status`, for every asker:
/// on `urls` read as typed when a person gave some, otherwise on [`probe_urls`] read as paths.
pub fn compare_versions(
    old: &RobotsTxt,
    new: &RobotsTxt,
    urls: Option<Vec<String>>,
    askers: &[Asker],
    profile: Profile,
    status: &FetchStatus,
) -> Comparison {
    let (urls, probed) = match urls {
        Some(urls) if !urls.is_empty() => (urls, false),
        _ => (probe_urls(old, new), true),
    };
    // Derived probes are paths (`//x` too); a list a person gave is read as typed.
    let reading = if probed {
        UrlReading::Path
    } else {
        UrlReading::Typed
    };
    let flips = verdict_flips(
        &old.checker(profile),
        &new.checker(profile),
        &urls,
        reading,
        askers,
        status,
    );
    Comparison {
        flips,
        urls,
        probed,
    }
}

/// Paths that the rules of `old` and `new` are about, each once, in the order found (`/`
/// first): for every non-empty pattern, the literal path it names (`*` dropped, a final `$`
/// dropped), the path with every `*` filled by `x`, and, unless the pattern ends in `$`, a path
/// inside it (`/private` → `/private/x`, `/shop/` → `/shop/x`). At most [`MAX_PROBES`].
pub fn probe_urls(old: &RobotsTxt, new: &RobotsTxt) -> Vec<String> {
    let mut probes = Probes::new(MAX_PROBES);
    let rules = [old, new].into_iter().flat_map(|robots| {
        robots
            .groups()
            .iter()
            .flat_map(move |group| group.rules.iter().map(move |rule| rule.pattern(robots)))
    });
    for pattern in rules {
        probes.add_pattern(pattern);
    }
    probes.into_paths()
}

/// One line of the aligned diff.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum DiffKind {
    /// The same text in both versions.
    Same,
    /// Only in the old version.
    Removed,
    /// Only in the new version.
    Added,
}

/// A line of the aligned diff, with its number in each version that has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DiffLine {
    /// Same, removed or added.
    pub kind: DiffKind,
    /// Its line number in the old version.
    pub old: Option<usize>,
    /// Its line number in the new version.
    pub new: Option<usize>,
}

/// The two files' lines aligned: a longest common subsequence of line texts (trailing white
/// space ignored), removed lines before added ones within a change. See the module's limits.
pub fn line_diff(old: &RobotsTxt, new: &RobotsTxt) -> Vec<DiffLine> {
    // An empty file has one empty line to its parser, and none to a person comparing files.
    let text = |robots: &RobotsTxt| -> Vec<String> {
        if robots.facts().size == 0 {
            return Vec::new();
        }
        robots
            .lines()
            .iter()
            .map(|line| line.text().trim_end().to_owned())
            .collect()
    };
    let (a, b) = (text(old), text(new));
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (middle_a, middle_b) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
    let same = |i: usize, j: usize| DiffLine {
        kind: DiffKind::Same,
        old: Some(i + 1),
        new: Some(j + 1),
    };
    let removed = |i: usize| DiffLine {
        kind: DiffKind::Removed,
        old: Some(i + 1),
        new: None,
    };
    let added = |j: usize| DiffLine {
        kind: DiffKind::Added,
        old: None,
        new: Some(j + 1),
    };
    let mut out: Vec<DiffLine> = (0..prefix).map(|i| same(i, i)).collect();
    let (n, m) = (middle_a.len(), middle_b.len());
    if n.saturating_mul(m) <= MAX_DIFF_CELLS {
        // lcs[i][j]: the longest common subsequence of middle_a[i..] and middle_b[j..].
        let width = m + 1;
        let mut lcs = vec![0u32; (n + 1) * width];
        for i in (0..n).rev() {
            for j in (0..m).rev() {
                lcs[i * width + j] = if middle_a[i] == middle_b[j] {
                    lcs[(i + 1) * width + j + 1] + 1
                } else {
                    lcs[(i + 1) * width + j].max(lcs[i * width + j + 1])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < n || j < m {
            if i < n && j < m && middle_a[i] == middle_b[j] {
                out.push(same(prefix + i, prefix + j));
                i += 1;
                j += 1;
            } else if i < n && (j == m || lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) {
                out.push(removed(prefix + i));
                i += 1;
            } else {
                out.push(added(prefix + j));
                j += 1;
            }
        }
    } else {
        out.extend((0..n).map(|i| removed(prefix + i)));
        out.extend((0..m).map(|j| added(prefix + j)));
    }
    out.extend((0..suffix).map(|k| same(a.len() - suffix + k, b.len() - suffix + k)));
    out
}

/// How a whole group differs between the versions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum GroupChangeKind {
    /// Only in the new version, before every line the two share (as a CDN prepends its groups).
    Prepended,
    /// Only in the new version, elsewhere.
    Added,
    /// Only in the old version.
    Missing,
}

/// A group one version has whole and the other lacks.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GroupChange {
    /// Prepended, added or missing.
    pub kind: GroupChangeKind,
    /// The group's `User-agent` values, in order.
    pub agents: Vec<String>,
    /// Its first line in the version that has it (the new one, or the old one when missing).
    pub first_line: usize,
    /// Its last line in that version.
    pub last_line: usize,
}

/// The groups of `new` whose every line is added in `aligned` (from [`line_diff`]), then the
/// groups of `old` whose every line is removed.
pub fn group_changes(old: &RobotsTxt, new: &RobotsTxt, aligned: &[DiffLine]) -> Vec<GroupChange> {
    let lines_of = |kind: DiffKind, pick: fn(&DiffLine) -> Option<usize>| {
        aligned
            .iter()
            .filter(|line| line.kind == kind)
            .filter_map(pick)
            .collect::<HashSet<usize>>()
    };
    let added = lines_of(DiffKind::Added, |line| line.new);
    let removed = lines_of(DiffKind::Removed, |line| line.old);
    let first_shared = aligned
        .iter()
        .filter(|line| line.kind == DiffKind::Same)
        .find_map(|line| line.new);
    let whole = |group: &Group, lines: &HashSet<usize>| {
        group.lines().iter().all(|line| lines.contains(line))
    };
    let change = |group: &Group, kind: GroupChangeKind| GroupChange {
        kind,
        agents: group
            .agents
            .iter()
            .map(|agent| agent.value().to_owned())
            .collect(),
        first_line: group.first_line,
        last_line: group.last_line,
    };
    let appeared = new
        .groups()
        .iter()
        .filter(|group| whole(group, &added))
        .map(|group| {
            let kind = match first_shared {
                Some(shared) if group.last_line < shared => GroupChangeKind::Prepended,
                _ => GroupChangeKind::Added,
            };
            change(group, kind)
        });
    let gone = old
        .groups()
        .iter()
        .filter(|group| whole(group, &removed))
        .map(|group| change(group, GroupChangeKind::Missing));
    appeared.chain(gone).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{find_crawler, AgentMatch, Profile};

    const OLD: &str = "User-agent: *\nDisallow: /private\nDisallow: /tmp/\n";
    const NEW: &str = "User-agent: *\nDisallow: /private\nDisallow: /shop/*?sort=\n\nUser-agent: GPTBot\nDisallow: /\n";

    fn flips(urls: &[&str], askers: &[Asker]) -> Vec<Flip> {
        let (old, new) = (
            RobotsTxt::parse(OLD.as_bytes()),
            RobotsTxt::parse(NEW.as_bytes()),
        );
        let urls: Vec<String> = urls.iter().map(|u| u.to_string()).collect();
        verdict_flips(
            &old.checker(Profile::Rfc9309),
            &new.checker(Profile::Rfc9309),
            &urls,
            UrlReading::Path,
            askers,
            &FetchStatus::ok(),
        )
    }

    #[test]
    fn a_comparison_probes_only_when_no_url_is_given() {
        let (old, new) = (
            RobotsTxt::parse(OLD.as_bytes()),
            RobotsTxt::parse(NEW.as_bytes()),
        );
        let askers = [Asker::Crawler(find_crawler("GPTBot").unwrap())];
        let ask = |urls| {
            compare_versions(
                &old,
                &new,
                urls,
                &askers,
                Profile::Rfc9309,
                &FetchStatus::ok(),
            )
        };
        let probed = ask(None);
        assert!(probed.probed);
        assert_eq!(probed.urls, probe_urls(&old, &new));
        assert!(probed.flips.iter().any(|flip| flip.url == "/"));
        // An empty list is no list: a person who gave none is still answered.
        assert!(ask(Some(Vec::new())).probed);
        // A list is read as typed: a full URL asks for its path.
        let listed = ask(Some(vec!["https://example.com/open".to_owned()]));
        assert!(!listed.probed);
        assert_eq!(listed.flips.len(), 1);
        assert!(listed.flips[0].becomes_blocked());
    }

    #[test]
    fn whole_groups_are_named_prepended_added_or_missing() {
        let old =
            RobotsTxt::parse(b"User-agent: *\nDisallow: /x\n\nUser-agent: Old\nDisallow: /\n");
        let new = RobotsTxt::parse(
            b"User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nDisallow: /x\n\nUser-agent: Late\nDisallow: /y\n",
        );
        let changes = group_changes(&old, &new, &line_diff(&old, &new));
        let summary: Vec<(GroupChangeKind, String, usize, usize)> = changes
            .iter()
            .map(|change| {
                (
                    change.kind,
                    change.agents.join(","),
                    change.first_line,
                    change.last_line,
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                (GroupChangeKind::Prepended, "GPTBot,CCBot".to_owned(), 1, 3),
                (GroupChangeKind::Added, "Late".to_owned(), 8, 9),
                (GroupChangeKind::Missing, "Old".to_owned(), 4, 5),
            ]
        );
        // The same file twice changes no group.
        assert!(group_changes(&old, &old, &line_diff(&old, &old)).is_empty());
    }

    #[test]
    fn a_derived_double_slash_is_a_path_in_both_versions() {
        // Old `Disallow: /`, new `Disallow: //`: as paths, `//` and `//x` are disallowed by both,
        // so nothing flips; read as hosts they would have been listed.
        let (old, new) = (
            RobotsTxt::parse(b"User-agent: *\nDisallow: /\n"),
            RobotsTxt::parse(b"User-agent: *\nDisallow: //\n"),
        );
        let probes = probe_urls(&old, &new);
        assert!(
            probes.iter().any(|probe| probe.starts_with("//")),
            "{probes:?}"
        );
        let askers = [Asker::Agent("Bot".into(), AgentMatch::Token)];
        let (old, new) = (old.checker(Profile::Rfc9309), new.checker(Profile::Rfc9309));
        let found = verdict_flips(
            &old,
            &new,
            &probes,
            UrlReading::Path,
            &askers,
            &FetchStatus::ok(),
        );
        let urls: Vec<&str> = found.iter().map(|flip| flip.url.as_str()).collect();
        assert!(!urls.contains(&"//") && !urls.contains(&"//x"), "{urls:?}");
        assert!(urls.contains(&"/"), "{urls:?}");
    }

    #[test]
    fn flips_name_the_line_of_each_version() {
        let askers = [
            Asker::Agent("Googlebot".into(), AgentMatch::Substring),
            Asker::Crawler(find_crawler("GPTBot").unwrap()),
        ];
        let found = flips(&["/tmp/a", "/private", "/shop/x?sort=1", "/"], &askers);
        let summary: Vec<(&str, &str, Side, Side)> = found
            .iter()
            .map(|f| (f.url.as_str(), f.agent.as_str(), f.before, f.after))
            .collect();
        let side = |allowed, line| Side { allowed, line };
        // GPTBot is blocked from /tmp/a and /private in both versions, by different lines:
        // not a flip.
        assert_eq!(
            summary,
            [
                (
                    "/tmp/a",
                    "Googlebot",
                    side(false, Some(3)),
                    side(true, None)
                ),
                (
                    "/shop/x?sort=1",
                    "Googlebot",
                    side(true, None),
                    side(false, Some(3))
                ),
                (
                    "/shop/x?sort=1",
                    "GPTBot",
                    side(true, None),
                    side(false, Some(6))
                ),
                ("/", "GPTBot", side(true, None), side(false, Some(6))),
            ]
        );
        assert!(!found[0].becomes_blocked());
        assert!(found[1].becomes_blocked());
    }

    #[test]
    fn probes_come_from_both_files_rules() {
        let (old, new) = (
            RobotsTxt::parse(OLD.as_bytes()),
            RobotsTxt::parse(NEW.as_bytes()),
        );
        let probes = probe_urls(&old, &new);
        assert_eq!(
            probes,
            [
                "/",
                "/private",
                "/private/x",
                "/tmp/",
                "/tmp/x",
                "/shop/?sort=",
                "/shop/x?sort=",
                "/shop/?sort=/x",
                "/x",
            ]
        );
        let probes: Vec<&str> = probes.iter().map(String::as_str).collect();
        // Without a URL list, the probes still find the change of rules.
        let found = flips(
            &probes,
            &[Asker::Agent("Googlebot".into(), AgentMatch::Substring)],
        );
        assert!(found.iter().any(|f| f.url == "/tmp/x" && f.after.allowed));
        assert!(found
            .iter()
            .any(|f| f.url == "/shop/x?sort=" && !f.after.allowed));
    }

    #[test]
    fn anchored_and_relative_patterns_probe_sensibly() {
        let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: *.pdf$\nAllow: x\nDisallow:\n");
        let probes = probe_urls(&robots, &RobotsTxt::parse(b""));
        assert_eq!(probes, ["/", "/.pdf", "/x.pdf", "/x", "/x/x"]);
    }

    #[test]
    fn the_line_diff_aligns_both_versions() {
        let (old, new) = (
            RobotsTxt::parse(OLD.as_bytes()),
            RobotsTxt::parse(NEW.as_bytes()),
        );
        let diff = line_diff(&old, &new);
        let kinds: Vec<(DiffKind, Option<usize>, Option<usize>)> =
            diff.iter().map(|d| (d.kind, d.old, d.new)).collect();
        use DiffKind::*;
        assert_eq!(
            kinds,
            [
                (Same, Some(1), Some(1)),
                (Same, Some(2), Some(2)),
                (Removed, Some(3), None),
                (Added, None, Some(3)),
                (Added, None, Some(4)),
                (Added, None, Some(5)),
                (Added, None, Some(6)),
            ]
        );
        let same = line_diff(&old, &old);
        assert!(same.iter().all(|d| d.kind == Same && d.old == d.new));
    }

    #[test]
    fn a_diff_with_an_empty_side_is_all_added_or_removed() {
        let empty = RobotsTxt::parse(b"");
        let new = RobotsTxt::parse(NEW.as_bytes());
        let lines = new.lines().len();
        let diff = line_diff(&empty, &new);
        let added = diff.iter().filter(|d| d.kind == DiffKind::Added).count();
        assert_eq!(
            added + diff.iter().filter(|d| d.kind == DiffKind::Same).count(),
            lines
        );
        assert!(line_diff(&new, &empty)
            .iter()
            .all(|d| d.kind != DiffKind::Added || d.old.is_none()));
    }
}
