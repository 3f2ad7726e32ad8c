//! Inline suppressions: a comment such as `# robots-lens: ignore RL302` that silences findings.
//!
//! The suppression is read here, in the core, so that every consumer (the CLI, the page) agrees on
//! which comment silences which finding. It is a fact about lines like any other the parse keeps:
//! [`suppressions`] lists them, [`partition_suppressed`] splits findings into those to report
//! and those a comment silenced.
//!
//! # Syntax
//!
//! ```text
//! User-agent: Googlebot   # robots-lens: ignore RL302
//! # robots-lens: ignore RL405, shadowed-rule -- kept for the old CMS
//! Disallow: /tmp
//! ```
//!
//! - The comment holds `robots-lens:` (any letter case), then `ignore`, then one or more codes
//!   (`RL302`) or names (`shadowed-rule`) separated by commas or spaces. `--` ends the list, so a
//!   reason can follow it.
//! - It silences those codes on its own line; on a line of its own, also on the next line that
//!   is not itself a comment, so several stack above a line (and a finding about the comment
//!   line itself, such as an over-long line, can be silenced where it is).
//! - A word that names no code is kept in [`Suppression::unknown`] rather than ignored, so that a
//!   mistyped code is reported instead of silencing nothing without a word.
//!
//! Reading is linear in the file: each line's comment is read once.

use super::{Code, Finding};
use crate::lines::LineKind;
use crate::robots::RobotsTxt;

/// The marker a suppression comment starts with (compared without regard to letter case).
const MARKER: &str = "robots-lens:";

/// One `# robots-lens: ignore …` comment.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Suppression {
    /// The line of the comment (1-based).
    pub line: usize,
    /// The line below whose findings it silences too, for a comment on a line of its own: the
    /// next line that is not a comment (`None` when the file ends first, and for a comment at
    /// the end of a line, which silences only its own line).
    pub applies_to: Option<usize>,
    /// The codes it silences, in the order written, without repeats.
    pub codes: Vec<Code>,
    /// Words in the list that name no code, as written.
    pub unknown: Vec<String>,
}

impl Suppression {
    /// Whether this suppression silences `finding`.
    pub fn silences(&self, finding: &Finding) -> bool {
        (finding.line == self.line || self.applies_to == Some(finding.line))
            && self.codes.contains(&finding.code)
    }
}

/// Every suppression comment of the file, in line order.
pub fn suppressions(robots: &RobotsTxt) -> Vec<Suppression> {
    let lines = robots.lines();
    let mut found: Vec<Suppression> = Vec::new();
    // Suppressions on comment-only lines wait here for the next line that is not a comment.
    let mut pending: Vec<usize> = Vec::new();
    for line in lines {
        let comment_only = line.kind == LineKind::Comment;
        if !comment_only {
            for index in pending.drain(..) {
                found[index].applies_to = Some(line.number);
            }
        }
        if !line.has_comment && !comment_only {
            continue;
        }
        let Some(mut suppression) = read_comment(line.text()) else {
            continue;
        };
        suppression.line = line.number;
        if comment_only {
            pending.push(found.len());
        }
        found.push(suppression);
    }
    found
}

/// Reads the suppression in a line's comment, if it holds one. Only the comment is read: a
/// `#` starts it, as it does for crawlers.
fn read_comment(text: &str) -> Option<Suppression> {
    let comment = &text[text.find('#')? + 1..];
    let rest = comment.trim_start();
    let head = rest.get(..MARKER.len())?;
    if !head.eq_ignore_ascii_case(MARKER) {
        return None;
    }
    let rest = rest[MARKER.len()..].trim_start();
    let word_end = rest
        .find(|c: char| c.is_whitespace() || c == ',')
        .unwrap_or(rest.len());
    if !rest[..word_end].eq_ignore_ascii_case("ignore") {
        // `# robots-lens: something-else` is a comment that mentions the tool, not a directive
        // this version knows; reporting it as unknown would be noise.
        return None;
    }
    let list = &rest[word_end..];
    let list = list.find("--").map_or(list, |end| &list[..end]);
    let mut suppression = Suppression {
        line: 0,
        applies_to: None,
        codes: Vec::new(),
        unknown: Vec::new(),
    };
    for word in list
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|word| !word.is_empty())
    {
        match word.parse::<Code>() {
            Ok(code) if !suppression.codes.contains(&code) => suppression.codes.push(code),
            Ok(_) => {}
            Err(_) => suppression.unknown.push(word.to_owned()),
        }
    }
    Some(suppression)
}

/// Splits `findings` into those to report and those a suppression silences, both in their
/// original order.
pub fn partition_suppressed(
    findings: Vec<Finding>,
    suppressions: &[Suppression],
) -> (Vec<Finding>, Vec<Finding>) {
    if suppressions.is_empty() {
        return (findings, Vec::new());
    }
    findings.into_iter().partition(|finding| {
        !suppressions
            .iter()
            .any(|suppression| suppression.silences(finding))
    })
}

impl RobotsTxt {
    /// The file's `# robots-lens: ignore …` comments; see [`suppressions`].
    pub fn suppressions(&self) -> Vec<Suppression> {
        suppressions(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(id: &str) -> Code {
        id.parse().unwrap()
    }

    fn read(input: &str) -> Vec<Suppression> {
        suppressions(&RobotsTxt::parse(input.as_bytes()))
    }

    #[test]
    fn a_trailing_comment_applies_to_its_line() {
        let found = read("User-agent: *\nDisallow: /a  # robots-lens: ignore RL405\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].line, 2);
        assert_eq!(found[0].applies_to, None);
        assert_eq!(found[0].codes, [code("RL405")]);
        assert!(found[0].unknown.is_empty());
    }

    #[test]
    fn comments_above_apply_to_the_next_line_that_is_not_a_comment() {
        let found = read(
            "# robots-lens: ignore RL405\n# robots-lens: IGNORE rl206, duplicate-rule\n# plain\nDisalow: /a\n",
        );
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].applies_to, Some(4));
        assert_eq!(found[1].applies_to, Some(4));
        assert_eq!(found[1].codes, [code("RL206"), code("RL407")]);
    }

    #[test]
    fn a_reason_after_two_dashes_is_not_a_code_and_unknown_words_are_kept() {
        let found =
            read("# robots-lens: ignore RL206 RL999 -- the old CMS writes it\nDisalow: /\n");
        assert_eq!(found[0].codes, [code("RL206")]);
        assert_eq!(found[0].unknown, ["RL999"]);
    }

    #[test]
    fn other_comments_and_a_suppression_at_the_end_of_the_file() {
        assert!(read("# robots-lens is great\n# robots-lens: enable\nUser-agent: *\n").is_empty());
        let found = read("User-agent: *\nDisallow: /\n# robots-lens: ignore RL302\n");
        assert_eq!(found[0].applies_to, None);
        // A `#` inside a value starts the comment for crawlers too.
        let found = read("Disallow: /a#robots-lens:ignore RL301\n");
        assert_eq!(found[0].codes, [code("RL301")]);
    }

    #[test]
    fn a_comment_line_silences_itself_too() {
        // A file with no group is reported on its first line, here the comment itself.
        let text =
            "# robots-lens: ignore RL106 -- sitemaps only\nSitemap: https://example.com/s.xml\n";
        let robots = RobotsTxt::parse(text.as_bytes());
        let findings = robots.audit();
        assert!(findings
            .iter()
            .any(|f| f.line == 1 && f.code == code("RL106")));
        let (kept, silenced) = partition_suppressed(findings, &robots.suppressions());
        assert_eq!(silenced.len(), 1, "{kept:?}");
        assert!(kept.iter().all(|f| f.code != code("RL106")));
    }

    #[test]
    fn only_the_named_codes_on_the_named_line_are_silenced() {
        let text = "Disallow: /x  # robots-lens: ignore RL301\nDisallow: /y\nUser-agent: *\nDisalow: /z # robots-lens: ignore RL405\n";
        let robots = RobotsTxt::parse(text.as_bytes());
        let (kept, silenced) = partition_suppressed(robots.audit(), &robots.suppressions());
        let lines = |findings: &[Finding]| -> Vec<(usize, &str)> {
            findings.iter().map(|f| (f.line, f.code.id())).collect()
        };
        assert_eq!(lines(&silenced), [(1, "RL301")]);
        assert!(lines(&kept).contains(&(2, "RL301")), "{:?}", lines(&kept));
        assert!(lines(&kept).contains(&(4, "RL206")), "{:?}", lines(&kept));
    }
}
