//! "What may be done with this URL": crawling as the verdict says, and each AI usage label from
//! the preference lines (`Content-Usage`, `Content-Signal`) of the groups that applied.
//!
//! Above the matcher and the preference reader: it combines a [`Verdict`] with the lines
//! [`crate::aipref`] read.

use crate::aipref::{
    CrawlAnswer, LabelAnswer, Preference, PreferenceKind, PreferenceLine, Stated, UsageAnswer, Why,
};
use crate::answer::{Checker, Question};
use crate::encoding::{google_escape, rfc9309_normalise};
use crate::pattern::Pattern;
use crate::profile::Encoding;
use crate::typed_url::InvalidUrl;
use crate::verdict::{Reason, Verdict};

impl Checker<'_> {
    /// What may be done with `question`'s URL: crawling as [`Checker::ask`] answers it, and
    /// each label of both vocabularies from the preference lines of the groups that applied.
    /// Refused as [`Checker::ask`] refuses the question.
    pub fn ask_usage(&self, question: &Question<'_>) -> Result<UsageAnswer, InvalidUrl> {
        self.ask_verdict(question)
            .map(|verdict| self.usage(&verdict))
    }

    /// [`Checker::ask_usage`] for the question `verdict` answers.
    pub(crate) fn usage(&self, verdict: &Verdict) -> UsageAnswer {
        let robots = self.robots();
        let crawl = CrawlAnswer {
            allowed: verdict.allowed,
            line: verdict.decisive.as_ref().map(|rule| rule.line),
        };
        // A file that was not served (a 4xx, a 5xx) holds no licence either.
        let served = !matches!(
            verdict.reason,
            Reason::FileUnavailable | Reason::FileUnreachable
        );
        let answers = |kind: PreferenceKind| -> Vec<LabelAnswer> {
            if !verdict.allowed {
                return kind
                    .labels()
                    .iter()
                    .map(|&label| LabelAnswer {
                        label,
                        preference: Preference::NotApplicable,
                        line: crawl.line,
                        why: Why::NotCrawlable,
                        path: None,
                    })
                    .collect();
            }
            let deciding = self.deciding_lines(verdict, kind);
            kind.labels()
                .iter()
                .map(|&label| combine(label, &deciding))
                .collect()
        };
        UsageAnswer {
            crawl,
            content_usage: answers(PreferenceKind::ContentUsage),
            content_signal: answers(PreferenceKind::ContentSignal),
            licenses: if served {
                robots.licenses().to_vec()
            } else {
                Vec::new()
            },
        }
    }

    /// The preference lines of `kind` in the groups that applied whose path matches the URL
    /// with the greatest length (attach §3.1: the longest match, lengths counted in the encoded
    /// path; no path matches every URL with length 0).
    fn deciding_lines(&self, verdict: &Verdict, kind: PreferenceKind) -> Vec<&PreferenceLine> {
        let robots = self.robots();
        let rfc = self.profile().spec().encoding == Encoding::Rfc9309;
        let path = if rfc {
            verdict.normalised_path.as_bytes()
        } else {
            verdict.path.as_bytes()
        };
        let mut best: Vec<&PreferenceLine> = Vec::new();
        let mut best_length = 0;
        for line in robots.preference_lines() {
            if line.kind != kind || line.beyond_size_limit {
                continue;
            }
            let in_group = verdict
                .groups
                .iter()
                .any(|group| group.lines.binary_search(&line.line).is_ok());
            if !in_group {
                continue;
            }
            let (pattern, length) = if rfc {
                let normalised = rfc9309_normalise(&line.path_bytes);
                (Pattern::rfc9309(&normalised), normalised.len())
            } else {
                let escaped = google_escape(&line.path_bytes);
                (Pattern::google(&escaped), escaped.len())
            };
            if length > 0 && !pattern.matches(path) {
                continue;
            }
            if best.is_empty() || length > best_length {
                best.clear();
                best_length = length;
            }
            if length == best_length {
                best.push(line);
            }
        }
        best
    }
}

/// vocab §5.1 over the lines that tie for the longest path: a disallow wins, then an allow;
/// otherwise unknown, for the reason the first of them gives.
fn combine(label: &'static str, deciding: &[&PreferenceLine]) -> LabelAnswer {
    let answer = |line: &PreferenceLine, stated: &Stated| LabelAnswer {
        label,
        preference: stated.preference,
        line: Some(line.line),
        why: stated.why,
        path: line.path.clone(),
    };
    let stated = |wanted: Preference| {
        deciding.iter().find_map(|line| {
            line.stated(label)
                .filter(|stated| stated.preference == wanted)
                .map(|stated| answer(line, stated))
        })
    };
    stated(Preference::Disallow)
        .or_else(|| stated(Preference::Allow))
        .or_else(|| {
            let line = deciding.first()?;
            line.stated(label).map(|stated| answer(line, stated))
        })
        .unwrap_or(LabelAnswer {
            label,
            preference: Preference::Unknown,
            line: None,
            why: Why::NoRule,
            path: None,
        })
}
