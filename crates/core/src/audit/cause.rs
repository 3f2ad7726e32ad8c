//! Findings grouped by cause: one entry for the 460 user-agent names Google cuts short, with
//! the list of lines it covers, instead of 460 findings that say the same.
//!
//! The audit itself reports one [`Finding`] per line, so that a `# robots-lens: ignore` comment
//! or a config can silence one line, and the tests can name each line. The surfaces (the CLI's
//! text, JSON and SARIF, the page) show causes: [`group_by_cause`] is the one place that decides
//! which findings are the same cause, so no surface groups on its own terms.
//!
//! Two findings have the same cause when they have the same code and severity, their messages
//! follow the same sentence (the same [`MessageId`](crate::MessageId), whatever values fill
//! it), their "why" is the same sentence with the same values, and their fixes follow the same
//! sentence. Each finding of a cause keeps its own message, fix and replacement: a surface that
//! shows the first in full can list the others, so every finding stays reachable.

use std::collections::HashMap;

use super::{Code, Finding, Severity};
use crate::message::{Message, MessageId};

/// The findings of one cause, in the order the audit gave them (by line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cause {
    findings: Vec<Finding>,
}

impl Cause {
    /// The first finding: the one a surface shows in full.
    pub fn first(&self) -> &Finding {
        &self.findings[0]
    }

    /// Every finding of the cause, the first included, by line.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// The code of every finding of the cause.
    pub fn code(&self) -> Code {
        self.first().code
    }

    /// The severity of every finding of the cause.
    pub fn severity(&self) -> Severity {
        self.first().severity
    }

    /// The lines the cause covers, in order, each once.
    pub fn lines(&self) -> Vec<usize> {
        let mut lines: Vec<usize> = self.findings.iter().map(|finding| finding.line).collect();
        lines.dedup();
        lines
    }
}

/// What makes two findings one cause (see the module documentation).
#[derive(PartialEq, Eq, Hash)]
struct Key {
    code: Code,
    severity: Severity,
    message: MessageId,
    // The sentence and its values, compared as data: wording it in English to compare would
    // link the English catalogue into the page's audit module, which words nothing itself.
    why: Message,
    fix: MessageId,
}

impl Key {
    fn of(finding: &Finding) -> Key {
        Key {
            code: finding.code,
            severity: finding.severity,
            message: finding.message.id(),
            why: finding.why.clone(),
            fix: finding.fix.id(),
        }
    }
}

/// Groups `findings` (as [`audit()`](super::audit()) sorts them) by cause. The causes come in
/// the order of their first finding; within a cause, the findings keep their order. Linear in
/// the number of findings.
pub fn group_by_cause(findings: Vec<Finding>) -> Vec<Cause> {
    let mut causes: Vec<Cause> = Vec::new();
    let mut index_of: HashMap<Key, usize> = HashMap::new();
    for finding in findings {
        let key = Key::of(&finding);
        match index_of.get(&key) {
            Some(&index) => causes[index].findings.push(finding),
            None => {
                index_of.insert(key, causes.len());
                causes.push(Cause {
                    findings: vec![finding],
                });
            }
        }
    }
    causes
}

#[cfg(test)]
mod tests {
    use super::super::test_support::findings;
    use super::*;

    #[test]
    fn names_google_cuts_short_are_one_cause_with_every_line() {
        let mut input = String::from("User-agent: *\nDisallow: /tmp/\n\n");
        for bot in 0..460 {
            input.push_str(&format!("User-agent: Bot{bot}x\nDisallow: /\n\n"));
        }
        let found = findings(&input);
        let cut = found
            .iter()
            .filter(|f| f.code == Code::AgentTokenCut)
            .count();
        assert_eq!(cut, 460);
        let causes = group_by_cause(found);
        let cut: Vec<&Cause> = causes
            .iter()
            .filter(|cause| cause.code() == Code::AgentTokenCut)
            .collect();
        assert_eq!(cut.len(), 1, "one cause");
        assert_eq!(cut[0].lines().len(), 460);
        assert_eq!(cut[0].lines()[..2], [4, 7]);
        // Each line keeps its own words.
        assert!(cut[0].findings()[1].message.english().contains("`Bot1x`"));
    }

    #[test]
    fn different_stories_stay_apart() {
        // One rule that matches nothing, one with a space: two codes. Two names Google cuts,
        // one a quoted name: two sentences of one code, so two causes.
        let input = "User-agent: *\nDisallow: private/\nDisallow: /a b\n\n\
                     User-agent: MJ12bot\nUser-agent: \"Googlebot\"\nDisallow: /\n";
        let causes = group_by_cause(findings(input));
        let codes: Vec<(Code, Vec<usize>)> = causes
            .iter()
            .map(|cause| (cause.code(), cause.lines()))
            .collect();
        assert_eq!(
            codes,
            [
                (Code::PatternWithoutSlash, vec![2]),
                (Code::SpaceInPattern, vec![3]),
                (Code::AgentTokenCut, vec![5]),
                (Code::AgentTokenCut, vec![6]),
            ]
        );
    }

    #[test]
    fn grouping_keeps_every_finding() {
        let input = "Disallow: /x\nUser-agent: *\nDisallow: a\nDisallow: b\nNoindex: /c\n\
                     Noindex: /d\nCrawl-delay: 5\n";
        let found = findings(input);
        let total = found.len();
        let causes = group_by_cause(found.clone());
        assert_eq!(
            causes.iter().map(|c| c.findings().len()).sum::<usize>(),
            total
        );
        let mut again: Vec<Finding> = causes.into_iter().flat_map(|c| c.findings).collect();
        again.sort_by_key(|f| (f.line, f.code));
        let mut found = found;
        found.sort_by_key(|f| (f.line, f.code));
        assert_eq!(again, found);
    }
}
