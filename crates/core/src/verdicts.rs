//! Full verdicts for many URLs, kept compactly: one asker's question for a list of URLs.
//!
//! A [`Verdict`] owns its strings: the agent, its compared token, the path and its compared
//! form, a string per matching rule and the list of them. Made for each of a million URLs, those
//! allocations, their copies and the reference counts of the shared pattern strings cost more
//! than the answer itself. [`Checker::ask_verdicts`] answers every URL of a list as
//! [`Checker::ask_verdict`] answers one, and keeps what each answer needs to be shown in full —
//! whether the URL may be fetched, why, the rules that matched and the one that decided, as
//! positions in the rule index that found them; the requested paths one after another in one
//! buffer — with what every row shares (who asked, the groups that applied) kept once.
//! [`Verdicts::verdict`] makes the verdict of a row, equal to what [`Checker::ask_verdict`]
//! gives for that URL (a test holds every row of the real files to it); [`Verdicts::allowed`],
//! [`Verdicts::deciding_line`] and [`Verdicts::reason`] read a row without making one.
//!
//! Only the common question is kept compactly: an agent (not a catalogued crawler's chain)
//! asking of a file within the size limit, under a profile that answers from the groups, with a
//! fetch status that lets the file's rules answer. Any other question is answered verdict by
//! verdict and kept as such, with the same results.
//!
//! Native builds only: the page asks one URL at a time, or a list through [`crate::Batch`], and
//! its wasm has no room to spare.

use std::sync::Arc;

use crate::answer::{Checker, Question, Who};
use crate::matcher::{decide, MatchAt, Robots, Selection};
use crate::profile::{AgentMatch, Profile};
use crate::status::{effect, StatusEffect};
use crate::typed_url::InvalidUrl;
use crate::verdict::{Reason, RuleMatch, Verdict};

/// The verdicts of one question asked of many URLs ([`Checker::ask_verdicts`]), in the URLs'
/// order.
///
/// ```
/// use robots_lens::{Profile, Question, RobotsTxt};
///
/// let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: /private/\n");
/// let checker = robots.checker(Profile::Rfc9309);
/// // The question's own URL is not asked: each of the list's is, as the question asks it.
/// let asked = Question::agent("ExampleBot", "");
/// let verdicts = checker.ask_verdicts(&asked, ["/private/plan", "public"]).unwrap();
/// assert_eq!((verdicts.allowed(0), verdicts.deciding_line(0)), (Some(false), Some(2)));
/// assert_eq!(verdicts.path(1), Some("/public"));
/// let one = checker.ask_verdict(&Question::agent("ExampleBot", "public")).unwrap();
/// assert_eq!(verdicts.verdict(1), Some(one));
/// // A URL no crawler requests stops the list, at its position.
/// let refused = checker.ask_verdicts(&asked, ["/a", "ftp://example.com/b"]).unwrap_err();
/// assert_eq!(refused.0, 1);
/// ```
#[derive(Debug)]
pub struct Verdicts<'r> {
    rows: Rows<'r>,
}

#[derive(Debug)]
enum Rows<'r> {
    /// Each verdict whole: the questions [`Compact`] does not cover.
    Whole(Vec<Verdict>),
    Compact(Box<Compact<'r>>),
}

/// The rows of an agent's question under a profile that answers from the groups.
#[derive(Debug)]
struct Compact<'r> {
    robots: Robots<'r>,
    profile: Profile,
    agent_match: AgentMatch,
    /// The agent as given (trimmed), and what the match model compares of it.
    agent: String,
    agent_token: String,
    /// The groups the agent selects, with the index that found the rules in `matches`.
    selection: Arc<Selection>,
    /// The requested paths, one after another; and, under a profile that normalises them,
    /// the paths as compared (otherwise the same as requested, and not kept twice).
    paths: String,
    compared: String,
    /// The matching rules of every row, each row's in file order, one row after another.
    matches: Vec<MatchAt>,
    rows: Vec<Row>,
}

/// One URL's answer: where its path, its compared path and its matching rules end in
/// [`Compact`]'s buffers (each starts where the row before ends), and what was decided.
#[derive(Debug, Clone, Copy)]
struct Row {
    path_end: usize,
    compared_end: usize,
    matches_end: usize,
    /// The deciding rule, as a position among the row's matches.
    decisive: Option<u32>,
    allowed: bool,
    reason: Reason,
}

impl<'r> Checker<'r> {
    /// [`Checker::ask_verdict`] for each URL of `urls` in turn, asked as `question` asks its own
    /// URL (who asks, the fetch status, the match model, the URL's reading; the question's own
    /// URL is not asked). The verdicts are kept compactly ([`Verdicts`]). A URL no crawler
    /// requests stops the list: its position and the reason are returned.
    pub fn ask_verdicts<'u>(
        &self,
        question: &Question<'_>,
        urls: impl IntoIterator<Item = &'u str>,
    ) -> Result<Verdicts<'r>, (usize, InvalidUrl)> {
        let urls = urls.into_iter();
        let compact_agent = match question.who {
            Who::Agent(agent)
                if !self.matcher().reads_records()
                    && self.robots().facts().first_line_beyond_limit.is_none()
                    && effect(&question.status, self.status_rules(question.who))
                        == StatusEffect::ParseFile =>
            {
                agent
            }
            _ => {
                let whole = urls
                    .enumerate()
                    .map(|(at, url)| {
                        let asked = Question { url, ..*question };
                        self.ask_verdict(&asked).map_err(|refused| (at, refused))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                return Ok(Verdicts {
                    rows: Rows::Whole(whole),
                });
            }
        };
        let (agent, agent_token, selection) = self
            .matcher()
            .shared_agent_selection(compact_agent, question.agent_match);
        let mut compact = Compact {
            robots: self.matcher().robots_handle(),
            profile: self.profile(),
            agent_match: question.agent_match,
            agent,
            agent_token,
            selection,
            paths: String::new(),
            compared: String::new(),
            matches: Vec::new(),
            rows: Vec::with_capacity(urls.size_hint().0),
        };
        for (at, url) in urls.enumerate() {
            let asked = Question { url, ..*question };
            let reading = self.read(&asked).map_err(|refused| (at, refused))?;
            compact.push(self, &reading.requested_path_in_place());
        }
        Ok(Verdicts {
            rows: Rows::Compact(Box::new(compact)),
        })
    }
}

impl Compact<'_> {
    /// Answers `path` (a URL's requested path) as [`Checker::answer`] does for the selection's
    /// agent, and keeps the answer as the next row.
    fn push(&mut self, checker: &Checker<'_>, path: &str) {
        let compared = checker.matcher().compared_path(path);
        self.paths.push_str(path);
        if let std::borrow::Cow::Owned(compared) = &compared {
            self.compared.push_str(compared);
        }
        let bytes = compared.as_bytes();
        let start = self.matches.len();
        checker.matcher().each_match(
            &self.selection.within,
            bytes,
            crate::pattern::PairSet::of_path(bytes),
            &mut |found| self.matches.push(found),
        );
        let (decisive, mut reason, mut allowed) =
            decide(&self.selection, &mut self.matches[start..]);
        // As a position among the row's matches, which `decide` has put in file order.
        let decisive: Option<*const MatchAt> = decisive.map(std::ptr::from_ref);
        let mut decisive = decisive.map(|found| {
            self.matches[start..]
                .iter()
                .position(|other| std::ptr::eq(other, found))
        });
        if checker.matcher().implicitly_allowed(&compared) {
            (decisive, reason, allowed) = (None, Reason::ImplicitRobotsTxtAllow, true);
        }
        self.rows.push(Row {
            path_end: self.paths.len(),
            compared_end: self.compared.len(),
            matches_end: self.matches.len(),
            decisive: decisive
                .flatten()
                .map(|at| u32::try_from(at).unwrap_or(u32::MAX)),
            allowed,
            reason,
        });
    }

    /// Where row `at`'s path, compared path and matches start: where the row before ends.
    fn starts(&self, at: usize) -> (usize, usize, usize) {
        match at.checked_sub(1).map(|before| self.rows[before]) {
            Some(before) => (before.path_end, before.compared_end, before.matches_end),
            None => (0, 0, 0),
        }
    }

    fn matches_of(&self, at: usize) -> &[MatchAt] {
        let (_, _, start) = self.starts(at);
        &self.matches[start..self.rows[at].matches_end]
    }

    /// Row `at`'s requested path, and the path as compared.
    fn paths_of(&self, at: usize) -> (&str, &str) {
        let row = self.rows[at];
        let (path_start, compared_start, _) = self.starts(at);
        let path = &self.paths[path_start..row.path_end];
        // A compared path is never empty (it starts with `/`): an empty range means the
        // profile compares the path as requested, which is then not kept twice.
        let compared = match compared_start == row.compared_end {
            true => path,
            false => &self.compared[compared_start..row.compared_end],
        };
        (path, compared)
    }

    /// Row `at`'s matching rules as verdicts show them, in file order.
    fn shown_matches(&self, at: usize) -> Vec<RuleMatch> {
        let index = &self.selection.within;
        let mut shown = index.shown();
        self.matches_of(at)
            .iter()
            .map(|found| found.rule_match(&self.robots, index, &mut shown))
            .collect()
    }

    fn verdict(&self, at: usize) -> Verdict {
        let row = self.rows[at];
        let (path, compared) = self.paths_of(at);
        let matches = self.shown_matches(at);
        let decisive = row
            .decisive
            .and_then(|decisive| matches.get(decisive as usize).cloned());
        Verdict {
            allowed: row.allowed,
            reason: row.reason,
            profile: self.profile,
            agent_match: self.agent_match,
            agent: self.agent.clone(),
            agent_token: self.agent_token.clone(),
            agent_line_readings: self.selection.agent_line_readings.clone(),
            path: path.to_owned(),
            normalised_path: compared.to_owned(),
            decisive,
            groups: Arc::clone(&self.selection.groups),
            used_star_group: self.selection.used_star_group,
            chain_step: self.selection.chain_step.clone(),
            matches,
            beyond_size_limit: None,
        }
    }
}

impl Verdicts<'_> {
    /// How many URLs were answered.
    pub fn len(&self) -> usize {
        match &self.rows {
            Rows::Whole(verdicts) => verdicts.len(),
            Rows::Compact(compact) => compact.rows.len(),
        }
    }

    /// Whether no URL was asked about.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The verdict for the `at`th URL, made now: the one [`Checker::ask_verdict`] gives for it.
    /// `None` past the end.
    pub fn verdict(&self, at: usize) -> Option<Verdict> {
        match &self.rows {
            Rows::Whole(verdicts) => verdicts.get(at).cloned(),
            Rows::Compact(compact) => (at < compact.rows.len()).then(|| compact.verdict(at)),
        }
    }

    /// Whether the `at`th URL may be fetched ([`Verdict::allowed`]), without making its verdict.
    pub fn allowed(&self, at: usize) -> Option<bool> {
        match &self.rows {
            Rows::Whole(verdicts) => verdicts.get(at).map(|verdict| verdict.allowed),
            Rows::Compact(compact) => compact.rows.get(at).map(|row| row.allowed),
        }
    }

    /// Why ([`Verdict::reason`]), without making the verdict.
    pub fn reason(&self, at: usize) -> Option<Reason> {
        match &self.rows {
            Rows::Whole(verdicts) => verdicts.get(at).map(|verdict| verdict.reason),
            Rows::Compact(compact) => compact.rows.get(at).map(|row| row.reason),
        }
    }

    /// The deciding line ([`Verdict::deciding_line`]), without making the verdict; `None`
    /// past the end too.
    pub fn deciding_line(&self, at: usize) -> Option<usize> {
        match &self.rows {
            Rows::Whole(verdicts) => verdicts.get(at)?.deciding_line(),
            Rows::Compact(compact) => {
                let decisive = compact.rows.get(at)?.decisive?;
                Some(compact.matches_of(at)[decisive as usize].line())
            }
        }
    }

    /// The path, parameters and query requested for the `at`th URL ([`Verdict::path`]),
    /// without making its verdict.
    pub fn path(&self, at: usize) -> Option<&str> {
        match &self.rows {
            Rows::Whole(verdicts) => verdicts.get(at).map(|verdict| verdict.path.as_str()),
            Rows::Compact(compact) => (at < compact.rows.len()).then(|| compact.paths_of(at).0),
        }
    }

    /// The path as compared ([`Verdict::normalised_path`]), without making the verdict.
    pub fn normalised_path(&self, at: usize) -> Option<&str> {
        match &self.rows {
            Rows::Whole(verdicts) => verdicts
                .get(at)
                .map(|verdict| verdict.normalised_path.as_str()),
            Rows::Compact(compact) => (at < compact.rows.len()).then(|| compact.paths_of(at).1),
        }
    }

    /// Every rule that matched the `at`th URL, in file order ([`Verdict::matches`]), without
    /// making the rest of its verdict; empty past the end.
    pub fn matches(&self, at: usize) -> Vec<RuleMatch> {
        match &self.rows {
            Rows::Whole(verdicts) => verdicts
                .get(at)
                .map(|verdict| verdict.matches.clone())
                .unwrap_or_default(),
            Rows::Compact(compact) if at < compact.rows.len() => compact.shown_matches(at),
            Rows::Compact(_) => Vec::new(),
        }
    }

    /// The rule that decided for the `at`th URL ([`Verdict::decisive`]), without making the
    /// rest of its verdict.
    pub fn decisive(&self, at: usize) -> Option<RuleMatch> {
        match &self.rows {
            Rows::Whole(verdicts) => verdicts.get(at)?.decisive.clone(),
            Rows::Compact(compact) => {
                let decisive = compact.rows.get(at)?.decisive?;
                let found = &compact.matches_of(at)[decisive as usize];
                let index = &compact.selection.within;
                Some(found.rule_match(&compact.robots, index, &mut index.shown()))
            }
        }
    }

    /// Every verdict, in order, each made as it is reached.
    pub fn iter(&self) -> impl Iterator<Item = Verdict> + '_ {
        (0..self.len()).filter_map(|at| self.verdict(at))
    }
}
