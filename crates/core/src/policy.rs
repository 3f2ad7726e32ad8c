//! The policy builder: from a choice per purpose (search, AI training, AI answers, user-triggered
//! fetches, SEO tools, archives: allow, block, or block some paths), the robots.txt groups that
//! say it, written from the crawler catalogue, optionally with matching `Content-Usage` and
//! `Content-Signal` lines; the diff against the current file; and the check of the result by the
//! same engine: every catalogued crawler of a chosen purpose, on `/` and on each chosen path.
//!
//! ```
//! use robots_lens::{write_policy, PolicyRequest, Profile};
//!
//! let request: PolicyRequest = "ai-training block\nsearch allow\ncontent-usage".parse().unwrap();
//! let policy = write_policy(b"User-agent: *\nDisallow: /admin/\n", &request, Profile::Rfc9309);
//! assert!(policy.text.contains("User-agent: GPTBot\n"));
//! assert!(policy.text.contains("Content-Usage: train-ai=n, search=y\n"));
//! assert_eq!(policy.mismatches(), 0);
//! ```
//!
//! The block is written at the end of the file between two marker comments and replaces an
//! earlier block with the same markers, so building again never piles blocks up. At the end, no
//! later `User-agent` line can join its groups; its `*` group merges with the file's own `*`
//! groups, as crawlers merge them, and holds only preference lines, which change no crawl.
//!
//! A group written for "block these paths" never loosens the file: a crawler obeys only the
//! group that names it, so a new `User-agent: Googlebot` group would release Googlebot from every
//! rule of the `*` group (or of the group it fell back to) that it obeyed before — the mistake
//! the audit's RL302 exists to catch. The rules each crawler obeys in the file without the block
//! are therefore written into its new group after the chosen paths; crawlers that already have a
//! group of their own need none (their groups merge).
//!
//! # Untrusted input
//!
//! The request is parsed with stated limits ([`MAX_POLICY_PATHS`] paths, each a path of at most
//! [`MAX_POLICY_PATH_BYTES`] bytes starting with `/` and holding no whitespace or `#`), so the
//! written file cannot hold a line the request did not mean. The check costs one verdict per
//! crawler and path.

use std::fmt::{self, Write as _};
use std::str::FromStr;

use crate::answer::{Question, UrlReading};
use crate::catalogue::{crawlers, Crawler, Purpose};
use crate::diff::{line_diff, DiffLine};
use crate::group::RuleKind;
use crate::profile::Profile;
use crate::robots::RobotsTxt;

/// The purposes the builder offers, in the order it shows them.
pub const POLICY_PURPOSES: [Purpose; 6] = [
    Purpose::Search,
    Purpose::AiTraining,
    Purpose::AiSearch,
    Purpose::UserTriggered,
    Purpose::SeoTool,
    Purpose::Archive,
];

/// At most this many paths in one request.
pub const MAX_POLICY_PATHS: usize = 50;

/// At most this many bytes in one path.
pub const MAX_POLICY_PATH_BYTES: usize = 200;

/// The first and last line of a written block.
pub const POLICY_BEGIN: &str = "# BEGIN Robots Lens policy";
/// See [`POLICY_BEGIN`].
pub const POLICY_END: &str = "# END Robots Lens policy";

/// What to do with the crawlers of one purpose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// Nothing is added for them: they obey the file as it is.
    Allow,
    /// They may fetch nothing.
    Block,
    /// They may not fetch these paths (prefixes, as in `Disallow`).
    BlockPaths(Vec<String>),
}

/// A choice per purpose, and whether to write the preference lines too.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PolicyRequest {
    /// The purposes chosen, each once; purposes not named are left as they are.
    pub choices: Vec<(Purpose, Choice)>,
    /// Write a `Content-Usage` line for `train-ai` and `search`.
    pub content_usage: bool,
    /// Write a `Content-Signal` line for `search`, `ai-input` and `ai-train`.
    pub content_signal: bool,
}

/// Why a request could not be read; the message names the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidPolicy(String);

impl fmt::Display for InvalidPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InvalidPolicy {}

impl FromStr for PolicyRequest {
    type Err = InvalidPolicy;

    /// One instruction a line: `PURPOSE allow`, `PURPOSE block`, `PURPOSE block /a/ /b/`
    /// (purposes by id: `search`, `ai-training`, `ai-search`, `user-triggered`, `seo-tool`,
    /// `archive`), `content-usage`, `content-signal`.
    fn from_str(text: &str) -> Result<PolicyRequest, InvalidPolicy> {
        let mut request = PolicyRequest::default();
        let mut paths = 0;
        for (index, line) in text.lines().enumerate() {
            let fail = |what: String| InvalidPolicy(format!("policy line {}: {what}", index + 1));
            let mut words = line.split_whitespace();
            let Some(first) = words.next() else { continue };
            match first {
                "content-usage" => request.content_usage = true,
                "content-signal" => request.content_signal = true,
                id => {
                    let purpose = Purpose::from_id(id)
                        .filter(|purpose| POLICY_PURPOSES.contains(purpose))
                        .ok_or_else(|| {
                            fail(format!("'{id}' is not a purpose the builder offers"))
                        })?;
                    if request.choices.iter().any(|(chosen, _)| *chosen == purpose) {
                        return Err(fail(format!("'{id}' is chosen twice")));
                    }
                    let choice = match words.next() {
                        Some("allow") => Choice::Allow,
                        Some("block") => {
                            let listed: Vec<String> = words.by_ref().map(str::to_owned).collect();
                            for path in &listed {
                                if !path.starts_with('/')
                                    || path.len() > MAX_POLICY_PATH_BYTES
                                    || path.contains('#')
                                {
                                    return Err(fail(format!(
                                        "'{path}' is not a path (it starts with /, has no #, \
                                         and at most {MAX_POLICY_PATH_BYTES} bytes)"
                                    )));
                                }
                            }
                            paths += listed.len();
                            if paths > MAX_POLICY_PATHS {
                                return Err(fail(format!(
                                    "more than {MAX_POLICY_PATHS} paths in one policy"
                                )));
                            }
                            if listed.is_empty() {
                                Choice::Block
                            } else {
                                Choice::BlockPaths(listed)
                            }
                        }
                        _ => {
                            return Err(fail(format!(
                                "write '{id} allow' or '{id} block [PATH …]'"
                            )))
                        }
                    };
                    if words.next().is_some() {
                        return Err(fail("'allow' takes no paths".to_owned()));
                    }
                    request.choices.push((purpose, choice));
                }
            }
        }
        Ok(request)
    }
}

impl PolicyRequest {
    fn choice(&self, purpose: Purpose) -> Option<&Choice> {
        self.choices
            .iter()
            .find(|(chosen, _)| *chosen == purpose)
            .map(|(_, choice)| choice)
    }
}

/// One crawler on one path, checked against the choice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyCheck {
    /// The crawler.
    pub crawler: &'static Crawler,
    /// The path checked.
    pub path: String,
    /// Whether the choice lets it fetch the path.
    pub expected_allowed: bool,
    /// Whether the written file lets it, as [`crate::Checker::ask`] answers the crawler.
    pub allowed: bool,
    /// The rule that decided, if one did.
    pub line: Option<usize>,
}

impl PolicyCheck {
    /// The verdict differs from the choice.
    pub fn is_mismatch(&self) -> bool {
        self.allowed != self.expected_allowed
    }
}

/// The written file, its diff against the current one, and its check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    /// The whole new file.
    pub text: String,
    /// Line by line against the current file.
    pub diff: Vec<DiffLine>,
    /// Every crawler of a chosen purpose, on `/` and on every chosen path.
    pub checks: Vec<PolicyCheck>,
}

impl Policy {
    /// How many checks differ from the choice.
    pub fn mismatches(&self) -> usize {
        self.checks
            .iter()
            .filter(|check| check.is_mismatch())
            .count()
    }
}

/// The question a policy check asks: `crawler` about `path`, a path the policy names.
fn as_crawler<'q>(crawler: &'static Crawler, path: &'q str) -> Question<'q> {
    Question::crawler(crawler, path).reading(UrlReading::Path)
}

/// Writes `request` into `current` (replacing an earlier block), diffs and checks the result.
pub fn write_policy(current: &[u8], request: &PolicyRequest, profile: Profile) -> Policy {
    let old = RobotsTxt::parse(current);
    // Without a `*` group of the file's own, an `Allow: /` gives the block's `*` group a rule
    // (parsers that drop rule-less groups keep it) and changes no verdict; with one, it would
    // win the tie against that group's `Disallow: /`.
    let has_star = old.groups().iter().any(|group| group.is_star(true));
    // The file as it is without an earlier block: what the crawlers obey today, whose rules a
    // written group keeps (see the module doc).
    let current_text = String::from_utf8_lossy(current);
    let base = RobotsTxt::parse(with_block(&current_text, "").as_bytes());
    let text = with_block(&current_text, &policy_block(request, &base, has_star));
    let new = RobotsTxt::parse(text.as_bytes());
    let checker = new.checker(profile);
    let before = base.checker(profile);
    let mut checks = Vec::new();
    let mut paths = vec!["/".to_owned()];
    for (_, choice) in &request.choices {
        if let Choice::BlockPaths(listed) = choice {
            for path in listed {
                if !paths.contains(path) {
                    paths.push(path.clone());
                }
            }
        }
    }
    for crawler in crawlers() {
        let Some(choice) = request.choice(crawler.purpose) else {
            continue;
        };
        for path in &paths {
            let expected_allowed = match choice {
                Choice::Allow => true,
                Choice::Block => false,
                // The chosen paths are blocked; every other path stays as the file had it.
                Choice::BlockPaths(listed) => {
                    !listed.iter().any(|p| path.starts_with(p.as_str()))
                        && before.ask_allowed(&as_crawler(crawler, path)) == Some(true)
                }
            };
            let verdict = checker.ask_verdict(&as_crawler(crawler, path));
            let (allowed, line) = match &verdict {
                Ok(verdict) => (verdict.allowed, verdict.deciding_line()),
                // A path a visitor chose is held to the URL limit before it gets here.
                Err(_) => (false, None),
            };
            checks.push(PolicyCheck {
                crawler,
                path: path.clone(),
                expected_allowed,
                allowed,
                line,
            });
        }
    }
    Policy {
        diff: line_diff(&old, &new),
        text,
        checks,
    }
}

/// A rule written into a new group because the crawler obeyed it before: its kind and pattern.
type KeptRule = (RuleKind, String);

/// The rules a crawler obeys in `base` that a new group naming it would take away from it:
/// those of the groups its chain selects, unless it selects a group of its own (a new group
/// merges with that one). As `(kind, pattern)`, in file order, within the size limit. Read with
/// the default profile, whose groups are the file's own (the record-reading profiles number
/// records of their own).
fn obeyed_rules(base: &RobotsTxt, crawler: &Crawler) -> Vec<KeptRule> {
    let verdict = base
        .checker(Profile::default())
        .check_chain(crawler.chain, "/");
    let own_group = verdict
        .chain_step
        .as_ref()
        .is_some_and(|step| step.index == 0 && !step.fallback)
        && !verdict.used_star_group;
    if own_group {
        return Vec::new();
    }
    let mut rules: Vec<KeptRule> = Vec::new();
    for applied in verdict.groups.iter() {
        let Some(group) = base.groups().get(applied.index) else {
            continue;
        };
        for rule in group.rules.iter().filter(|rule| !rule.beyond_size_limit) {
            let kept = (rule.kind, rule.pattern(base).to_owned());
            if !rules.contains(&kept) {
                rules.push(kept);
            }
        }
    }
    rules
}

/// The lines between the markers; `base` is the file without an earlier block.
fn policy_block(request: &PolicyRequest, base: &RobotsTxt, has_star: bool) -> String {
    let mut out = String::new();
    let blocks = POLICY_PURPOSES.iter().any(|&purpose| {
        matches!(
            request.choice(purpose),
            Some(Choice::Block | Choice::BlockPaths(_))
        )
    });
    let lines = preference_lines(request);
    if !blocks && lines.is_empty() {
        // Nothing chosen, or only "allow", which writes no rule: no block (an empty one would
        // change nothing), and an earlier one is taken out.
        return out;
    }
    out.push_str(POLICY_BEGIN);
    out.push('\n');
    let _ = writeln!(
        out,
        "# {}",
        POLICY_PURPOSES
            .iter()
            .filter_map(|&purpose| {
                let word = match request.choice(purpose)? {
                    Choice::Allow => "allowed",
                    Choice::Block => "blocked",
                    Choice::BlockPaths(_) => "blocked in part",
                };
                Some(format!("{}: {word}", purpose.id()))
            })
            .collect::<Vec<_>>()
            .join(", ")
    );
    for &purpose in &POLICY_PURPOSES {
        let disallows: Vec<&str> = match request.choice(purpose) {
            Some(Choice::Block) => vec!["/"],
            Some(Choice::BlockPaths(listed)) => listed.iter().map(String::as_str).collect(),
            _ => continue,
        };
        // Blocking everything keeps nothing; blocking paths keeps, per crawler, the rules it
        // obeyed (see `obeyed_rules`): crawlers that obeyed the same rules share one group.
        let keeps = matches!(request.choice(purpose), Some(Choice::BlockPaths(_)));
        let mut groups: Vec<(Vec<KeptRule>, Vec<&str>)> = Vec::new();
        for crawler in crawlers()
            .iter()
            .filter(|crawler| crawler.purpose == purpose)
        {
            // The group must be found by the first step of the crawler's chain.
            let Some(token) = crawler.chain.first().and_then(|step| step.token()) else {
                continue;
            };
            if groups
                .iter()
                .any(|(_, tokens)| tokens.iter().any(|seen| seen.eq_ignore_ascii_case(token)))
            {
                continue;
            }
            let kept = if keeps {
                obeyed_rules(base, crawler)
            } else {
                Vec::new()
            };
            match groups.iter_mut().find(|(rules, _)| *rules == kept) {
                Some((_, tokens)) => tokens.push(token),
                None => groups.push((kept, vec![token])),
            }
        }
        for (kept, tokens) in groups {
            out.push('\n');
            for token in tokens {
                let _ = writeln!(out, "User-agent: {token}");
            }
            for path in &disallows {
                let _ = writeln!(out, "Disallow: {path}");
            }
            if !kept.is_empty() {
                out.push_str(
                    "# Kept: the rules these crawlers obeyed before this group named them\n",
                );
            }
            for (kind, pattern) in kept {
                let key = match kind {
                    RuleKind::Allow => "Allow",
                    RuleKind::Disallow => "Disallow",
                };
                if kind == RuleKind::Disallow && disallows.contains(&pattern.as_str()) {
                    continue;
                }
                if pattern.is_empty() {
                    let _ = writeln!(out, "{key}:");
                } else {
                    let _ = writeln!(out, "{key}: {pattern}");
                }
            }
        }
    }
    if !lines.is_empty() {
        out.push_str("\nUser-agent: *\n");
        if !has_star {
            out.push_str("Allow: /\n");
        }
        out.push_str(&lines);
    }
    out.push_str(POLICY_END);
    out.push('\n');
    out
}

/// A purpose, the label a vocabulary gives it, and its words for allow and block.
type Label = (Purpose, &'static str, &'static str, &'static str);

/// `Content-Usage` and `Content-Signal` lines saying the same as the choices: path-less for a
/// whole-site choice, one line per path for a choice of paths.
fn preference_lines(request: &PolicyRequest) -> String {
    // (vocabulary key, [(purpose, label, allow word, block word)])
    let vocabularies: [(bool, &str, &[Label]); 2] = [
        (
            request.content_usage,
            "Content-Usage",
            &[
                (Purpose::AiTraining, "train-ai", "y", "n"),
                (Purpose::Search, "search", "y", "n"),
            ],
        ),
        (
            request.content_signal,
            "Content-Signal",
            &[
                (Purpose::Search, "search", "yes", "no"),
                (Purpose::AiSearch, "ai-input", "yes", "no"),
                (Purpose::AiTraining, "ai-train", "yes", "no"),
            ],
        ),
    ];
    let mut out = String::new();
    for (wanted, key, labels) in vocabularies {
        if !wanted {
            continue;
        }
        // Path (None for the whole site) to its statement.
        let mut statements: Vec<(Option<&str>, Vec<String>)> = Vec::new();
        for &(purpose, label, yes, no) in labels {
            match request.choice(purpose) {
                Some(Choice::Allow) => add(&mut statements, None, format!("{label}={yes}")),
                Some(Choice::Block) => add(&mut statements, None, format!("{label}={no}")),
                Some(Choice::BlockPaths(paths)) => {
                    for path in paths {
                        add(&mut statements, Some(path), format!("{label}={no}"));
                    }
                }
                None => {}
            }
        }
        for (path, entries) in statements {
            let path = path.map(|path| format!("{path} ")).unwrap_or_default();
            let _ = writeln!(out, "{key}: {path}{}", entries.join(", "));
        }
    }
    out
}

/// Appends `entry` to the statement for `path`, starting one when there is none.
fn add<'p>(
    statements: &mut Vec<(Option<&'p str>, Vec<String>)>,
    path: Option<&'p str>,
    entry: String,
) {
    match statements.iter_mut().find(|(p, _)| *p == path) {
        Some((_, entries)) => entries.push(entry),
        None => statements.push((path, vec![entry])),
    }
}

/// `current` with `block` in place of an earlier one, or after it, separated by a blank line.
fn with_block(current: &str, block: &str) -> String {
    let begin = current.find(POLICY_BEGIN);
    if begin.is_none() && block.is_empty() {
        return current.to_owned();
    }
    let end = begin.and_then(|begin| {
        current[begin..]
            .find(POLICY_END)
            .map(|end| begin + end + POLICY_END.len())
    });
    let (before, after) = match (begin, end) {
        (Some(begin), Some(end)) => (
            &current[..begin],
            current[end..].trim_start_matches(['\r', '\n']),
        ),
        _ => (current, ""),
    };
    let mut text = before.trim_end().to_owned();
    if !text.is_empty() {
        text.push_str(if block.is_empty() { "\n" } else { "\n\n" });
    }
    text.push_str(block);
    if !after.is_empty() {
        text.push('\n');
        text.push_str(after);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 38: "allow" writes no rule, so a request of only "allow" writes no block (an empty
    /// one changed nothing), and takes out an earlier block.
    #[test]
    fn only_allow_writes_no_block() {
        let file = b"User-agent: *\nDisallow: /admin/\n";
        let policy = write_policy(
            file,
            &request("search allow\nai-training allow"),
            Profile::Rfc9309,
        );
        assert_eq!(policy.text, String::from_utf8_lossy(file));
        let blocked = write_policy(file, &request("ai-training block"), Profile::Rfc9309);
        assert!(blocked.text.contains(POLICY_BEGIN));
        let undone = write_policy(
            blocked.text.as_bytes(),
            &request("ai-training allow"),
            Profile::Rfc9309,
        );
        assert!(!undone.text.contains(POLICY_BEGIN), "{}", undone.text);
    }

    /// Issue 26: `*` disallows /admin/ and /cart/; blocking /members/ for search crawlers must
    /// not release Googlebot from the `*` rules, which a new Googlebot group would.
    #[test]
    fn blocking_paths_keeps_the_rules_the_crawlers_obeyed() {
        let file = b"User-agent: *\nDisallow: /admin/\nDisallow: /cart/\n";
        let policy = write_policy(file, &request("search block /members/"), Profile::Google);
        let new = RobotsTxt::parse(policy.text.as_bytes());
        let old = RobotsTxt::parse(file);
        let googlebot = crate::find_crawler("Googlebot").unwrap();
        for path in ["/admin/login", "/cart/x", "/members/a", "/public"] {
            let before = old
                .checker(Profile::Google)
                .ask_allowed(&as_crawler(googlebot, path))
                .unwrap();
            let after = new
                .checker(Profile::Google)
                .ask_allowed(&as_crawler(googlebot, path))
                .unwrap();
            let expected = before && !path.starts_with("/members/");
            assert_eq!(after, expected, "{path} in\n{}", policy.text);
        }
        assert!(
            policy
                .text
                .contains("Disallow: /admin/\nDisallow: /cart/\n"),
            "{}",
            policy.text
        );
        assert_eq!(policy.mismatches(), 0, "{:?}", policy.checks);
    }

    /// A crawler that falls back to another's group keeps that group's rules; one with a
    /// group of its own gets only the chosen paths (its groups merge).
    #[test]
    fn kept_rules_follow_each_crawlers_own_chain() {
        let file =
            b"User-agent: *\nDisallow: /star/\n\nUser-agent: Googlebot\nDisallow: /google/\n";
        let policy = write_policy(file, &request("search block /members/"), Profile::Google);
        let new = RobotsTxt::parse(policy.text.as_bytes());
        for name in ["Googlebot", "Googlebot-Image", "Bingbot"] {
            let crawler = crate::find_crawler(name).unwrap();
            let old = RobotsTxt::parse(file);
            for path in ["/star/x", "/google/x", "/members/x", "/other"] {
                let before = old
                    .checker(Profile::Google)
                    .ask_allowed(&as_crawler(crawler, path))
                    .unwrap();
                let after = new
                    .checker(Profile::Google)
                    .ask_allowed(&as_crawler(crawler, path))
                    .unwrap();
                assert_eq!(
                    after,
                    before && !path.starts_with("/members/"),
                    "{name} {path} in\n{}",
                    policy.text
                );
            }
        }
    }

    fn request(text: &str) -> PolicyRequest {
        text.parse().unwrap()
    }

    #[test]
    fn blocked_purposes_get_a_group_of_their_crawlers() {
        let policy = write_policy(
            b"",
            &request("ai-training block\nsearch allow"),
            Profile::Rfc9309,
        );
        assert!(policy.text.starts_with(POLICY_BEGIN));
        assert!(
            policy
                .text
                .contains("User-agent: GPTBot\nUser-agent: ClaudeBot\n"),
            "{}",
            policy.text
        );
        assert!(policy.text.contains("User-agent: Google-Extended\n"));
        assert!(!policy.text.contains("User-agent: Googlebot\n"));
        assert_eq!(policy.mismatches(), 0);
        assert!(policy
            .checks
            .iter()
            .any(|c| c.crawler.name == "Googlebot" && c.allowed));
        assert!(policy
            .checks
            .iter()
            .any(|c| c.crawler.name == "GPTBot" && !c.allowed));
    }

    #[test]
    fn paths_are_blocked_and_checked_one_by_one() {
        let policy = write_policy(
            b"User-agent: *\nDisallow: /admin/\n",
            &request("ai-search block /members/ /drafts/\ncontent-usage\ncontent-signal"),
            Profile::Google,
        );
        assert!(policy
            .text
            .contains("Disallow: /members/\nDisallow: /drafts/\n"));
        assert!(policy
            .text
            .contains("Content-Signal: /members/ ai-input=no\n"));
        assert!(!policy.text.contains("Content-Usage"), "{}", policy.text);
        let perplexity: Vec<_> = policy
            .checks
            .iter()
            .filter(|c| c.crawler.name == "PerplexityBot")
            .collect();
        assert_eq!(perplexity.len(), 3);
        assert!(perplexity.iter().all(|c| !c.is_mismatch()));
        assert_eq!(policy.mismatches(), 0);
    }

    #[test]
    fn a_conflicting_group_in_the_file_shows_as_mismatches() {
        // GPTBot's own group allows everything: merged with the policy's `Disallow: /`, the
        // Allow wins the tie, and the check says so.
        let policy = write_policy(
            b"User-agent: GPTBot\nAllow: /\n",
            &request("ai-training block"),
            Profile::Rfc9309,
        );
        let gptbot = policy
            .checks
            .iter()
            .find(|c| c.crawler.name == "GPTBot")
            .unwrap();
        assert!(gptbot.is_mismatch());
        assert_eq!(gptbot.line, Some(2));
        assert!(policy.mismatches() >= 1);
    }

    #[test]
    fn building_again_replaces_the_block() {
        let first = write_policy(
            b"User-agent: *\nDisallow: /x\n",
            &request("archive block"),
            Profile::Rfc9309,
        );
        let second = write_policy(
            first.text.as_bytes(),
            &request("archive allow\ncontent-usage"),
            Profile::Rfc9309,
        );
        // Nothing blocked and no preference to state: the earlier block is taken out whole.
        assert_eq!(second.text.matches(POLICY_BEGIN).count(), 0);
        assert!(second.text.starts_with("User-agent: *\nDisallow: /x\n"));
        assert!(!second.text.contains("ia_archiver"));
        let third = write_policy(
            first.text.as_bytes(),
            &request("archive block /old/"),
            Profile::Rfc9309,
        );
        assert_eq!(third.text.matches(POLICY_BEGIN).count(), 1);
        assert!(third
            .text
            .starts_with("User-agent: *\nDisallow: /x\n\n# BEGIN"));
        assert!(second
            .diff
            .iter()
            .any(|line| line.kind == crate::diff::DiffKind::Removed));
    }

    #[test]
    fn preference_lines_follow_the_choices() {
        let policy = write_policy(
            b"",
            &request(
                "search allow\nai-training block\nai-search allow\ncontent-usage\ncontent-signal",
            ),
            Profile::Rfc9309,
        );
        assert!(policy
            .text
            .contains("\nUser-agent: *\nAllow: /\nContent-Usage: train-ai=n, search=y\n"));
        assert!(policy
            .text
            .contains("Content-Signal: search=yes, ai-input=yes, ai-train=no\n"));
        let robots = RobotsTxt::parse(policy.text.as_bytes());
        let checker = robots.checker(Profile::Rfc9309);
        let usage = checker.usage(&checker.check(
            "SomeBot",
            "/page",
            crate::profile::AgentMatch::Substring,
        ));
        assert_eq!(
            usage.content_usage[0].preference,
            crate::aipref::Preference::Disallow
        );
        assert!(
            crate::audit(&robots).is_empty(),
            "{:?}",
            crate::audit(&robots)
        );
    }

    #[test]
    fn an_empty_request_changes_nothing_and_takes_a_block_out() {
        let text = b"User-agent: *\nDisallow: /x\n";
        let none = write_policy(text, &PolicyRequest::default(), Profile::Rfc9309);
        assert_eq!(none.text.as_bytes(), text);
        assert!(none
            .diff
            .iter()
            .all(|line| line.kind == crate::diff::DiffKind::Same));
        assert!(none.checks.is_empty());
        let built = write_policy(text, &request("archive block"), Profile::Rfc9309);
        let removed = write_policy(
            built.text.as_bytes(),
            &PolicyRequest::default(),
            Profile::Rfc9309,
        );
        assert_eq!(removed.text.as_bytes(), text);
    }

    #[test]
    fn bad_requests_say_which_line() {
        for (text, words) in [
            ("ads block", "not a purpose"),
            ("search maybe", "write 'search allow'"),
            ("search allow /x", "takes no paths"),
            ("search block x", "is not a path"),
            ("search block /a#b", "is not a path"),
            ("search allow\nsearch block", "chosen twice"),
        ] {
            let error = text.parse::<PolicyRequest>().unwrap_err().to_string();
            assert!(error.contains(words), "{text}: {error}");
        }
        let many = format!(
            "search block {}",
            vec!["/a"; MAX_POLICY_PATHS + 1].join(" ")
        );
        assert!(many.parse::<PolicyRequest>().is_err());
    }
}
