//! Where real readers disagree: the same question asked of every profile, and one sentence of
//! why each disagreeing reader answers differently.
//!
//! The sentence is derived from the two verdicts and the policies of the two profiles
//! ([`ProfileSpec`]), so it names the actual cause in this file — "Python's robotparser takes the
//! first matching rule, line 4, not the longest, line 6" — rather than a generic warning.

use crate::crawlers::{find_crawler, recognise_crawler, Crawler};
use crate::legacy::reader_error;
use crate::matcher::{Checker, Reason, RuleMatch, Verdict};
use crate::profile::{
    AgentMatch, AgentSelection, Encoding, Grouping, Precedence, Profile, ProfileSpec,
};
use crate::status::FetchStatus;
use crate::{KeySpelling, LineKind, RobotsTxt, RuleKind};

/// One profile's answer to the question, set against the main verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ProfileVerdict {
    /// The profile that answered.
    pub profile: Profile,
    /// Its verdict, with its own explanation.
    pub verdict: Verdict,
    /// It reaches the same allowed/disallowed answer as the main verdict.
    pub agrees: bool,
    /// When it disagrees (or agrees for another reason worth knowing, such as another deciding
    /// line): why, in one sentence.
    pub why: Option<String>,
}

/// Asks every profile the question that `main` answered, and explains each difference.
pub fn compare_profiles(
    robots: &RobotsTxt,
    agent: &str,
    url: &str,
    agent_match: AgentMatch,
    main: &Verdict,
) -> Vec<ProfileVerdict> {
    compare_profiles_with(robots, main, &|profile| {
        robots.checker(profile).check(agent, url, agent_match)
    })
}

/// [`compare_profiles`] for any question: `ask` answers it under one profile (with a crawler's
/// fallback chain, a fetch status, …), as `main` was answered. `ask` chooses the checker, so a
/// caller that keeps one per profile (the wasm `RobotsFile`) compiles none again.
pub fn compare_profiles_with(
    robots: &RobotsTxt,
    main: &Verdict,
    ask: &dyn Fn(Profile) -> Verdict,
) -> Vec<ProfileVerdict> {
    Profile::ALL
        .iter()
        .map(|&profile| {
            let verdict = if profile == main.profile {
                main.clone()
            } else {
                ask(profile)
            };
            let agrees = verdict.allowed == main.allowed;
            let why = if profile == main.profile {
                None
            } else if !agrees {
                Some(capitalised(explain(robots, main, &verdict)))
            } else {
                explain_same_answer(main, &verdict).map(capitalised)
            };
            ProfileVerdict {
                profile,
                verdict,
                agrees,
                why,
            }
        })
        .collect()
}

/// A catalogued crawler's own answer, when the agent typed names one and the match model the
/// question was asked with answers otherwise: `Googlebot-News` typed with the `substring` model
/// merges the `Googlebot`, `Googlebot-News` and `bot` groups, while Googlebot-News itself reads
/// only its own group.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CrawlerReading {
    /// The crawler the agent names (its name, in JSON).
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::crawlers::serialize_name")
    )]
    pub crawler: &'static Crawler,
    /// Its verdict: its documented fallback chain, its operator's fetch-status handling.
    pub verdict: Verdict,
}

impl CrawlerReading {
    /// Which group it used (or what decided instead), as a sentence without the verdict:
    /// "Googlebot-News itself reads only its own group (user-agent line 4)". The page words
    /// it from the verdict's fields itself.
    pub fn why(&self) -> String {
        crawler_sentence(self.crawler, &self.verdict)
    }
}

/// The crawler `agent` names: a catalogued name or token (`googlebot-news`), or a user agent
/// string that contains one (`Mozilla/5.0 (compatible; GPTBot/1.2; …)`).
pub fn named_crawler(agent: &str) -> Option<&'static Crawler> {
    find_crawler(agent).or_else(|| recognise_crawler(agent).map(|found| found.crawler))
}

/// When `agent` names a catalogued crawler and that crawler's own reading of the file (its
/// fallback chain, its operator's fetch-status handling) answers otherwise than `main`, the
/// answer the agent's question got: its verdict and the group it used.
pub fn crawler_reading(
    checker: &Checker<'_>,
    agent: &str,
    url: &str,
    status: &FetchStatus,
    main: &Verdict,
) -> Option<CrawlerReading> {
    let crawler = named_crawler(agent)?;
    let (verdict, _) = checker.check_crawler_with_status(crawler, url, status);
    if verdict.allowed == main.allowed {
        return None;
    }
    Some(CrawlerReading { crawler, verdict })
}

fn crawler_sentence(crawler: &Crawler, verdict: &Verdict) -> String {
    let name = crawler.name;
    let lines = || agent_lines(verdict);
    match verdict.reason {
        Reason::FileUnavailable => {
            return format!(
                "{name} itself treats the file as unavailable with this fetch status, as its \
                 operator documents"
            )
        }
        Reason::FileUnreachable => {
            return format!(
                "{name} itself treats the file as unreachable with this fetch status, as its \
                 operator documents"
            )
        }
        _ => {}
    }
    if verdict.groups.is_empty() {
        return if crawler.chain.contains(&crate::ChainStep::Star) {
            format!("{name} itself finds no group naming it, and there is no * group")
        } else {
            format!("{name} itself finds no group naming it, and it ignores the * group")
        };
    }
    match &verdict.chain_step {
        Some(step) if step.fallback => format!(
            "{name} itself has no group of its own and follows the {} group (user-agent {})",
            step.token.as_deref().unwrap_or("*"),
            lines()
        ),
        _ if verdict.used_star_group => format!(
            "{name} itself finds no group of its own and follows the * group (user-agent {})",
            lines()
        ),
        Some(_) => format!(
            "{name} itself reads only its own group (user-agent {})",
            lines()
        ),
        // The record readers know no chain: the crawler's token picked the record.
        None => format!("{name} itself uses the record at user-agent {}", lines()),
    }
}

/// The reader's name as it stands inside a sentence.
fn reader_name(spec: &ProfileSpec) -> &'static str {
    match spec.id {
        "rfc9309" => "RFC 9309",
        "google" => "Google's parser",
        "python" => "Python's robotparser (≤ 3.12)",
        "legacy-1994" => "the 1994 convention",
        _ => spec.title,
    }
}

/// The first letter upper-cased, for a sentence that starts with a reader's name.
fn capitalised(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

fn describe(rule: &RuleMatch) -> String {
    match rule.kind {
        RuleKind::Allow if rule.pattern.is_empty() => {
            format!(
                "line {} (an empty rule, read as allowing everything)",
                rule.line
            )
        }
        RuleKind::Allow => format!("line {} (Allow: {})", rule.line, rule.pattern),
        RuleKind::Disallow => format!("line {} (Disallow: {})", rule.line, rule.pattern),
    }
}

/// Why `other` answers differently from `main`.
fn explain(robots: &RobotsTxt, main: &Verdict, other: &Verdict) -> String {
    let spec = other.profile.spec();
    let main_spec = main.profile.spec();
    let name = reader_name(spec);
    if other.reason == Reason::ImplicitRobotsTxtAllow {
        return format!("{name} always allows /robots.txt itself (RFC 9309 §2.2.2).");
    }
    if main.reason == Reason::ImplicitRobotsTxtAllow {
        return format!(
            "{name} makes no exception for /robots.txt, so {} applies to it like to any path.",
            other
                .decisive
                .as_ref()
                .map_or_else(|| "the file".to_owned(), describe)
        );
    }
    let by_status = |verdict: &Verdict| {
        matches!(
            verdict.reason,
            Reason::FileUnavailable | Reason::FileUnreachable
        )
    };
    if by_status(other) || by_status(main) {
        return match other.reason {
            Reason::FileUnavailable => format!(
                "{name} treats the file as unavailable with this fetch status, so everything is \
                 allowed."
            ),
            Reason::FileUnreachable => format!(
                "{name} treats the file as unreachable with this fetch status, so everything is \
                 disallowed."
            ),
            _ => format!("{name} reads the file despite this fetch status."),
        };
    }
    if other.reason == Reason::ReaderError {
        return match reader_error(robots, other.profile) {
            Some(error) => format!(
                "{name} stops with an error at line {} ({}) and answers from what it read before.",
                error.line, error.message
            ),
            None => format!("{name} raises an error for this URL and refuses it."),
        };
    }
    if let Some(error) = reader_error(robots, other.profile) {
        return format!(
            "{name} stops reading at line {} with an error ({}), so the lines after it never count.",
            error.line, error.message
        );
    }
    if other.groups.is_empty() && !main.groups.is_empty() {
        return why_no_group(robots, main, spec);
    }
    if let Some(unread) = main
        .decisive
        .as_ref()
        .and_then(|rule| unread_rule_line(robots, rule.line, spec))
    {
        return unread;
    }
    if !other.groups.is_empty() && main.groups.is_empty() {
        let lines = agent_lines(other);
        return match spec.agent_selection {
            AgentSelection::FirstMatchingRecord => format!(
                "{name} finds a record for this agent (user-agent {lines}): it looks for the \
                 record's name anywhere in the agent's name."
            ),
            AgentSelection::MergeAllMatching => {
                format!("{name} finds a group for this agent at user-agent {lines}.")
            }
        };
    }
    if other.used_star_group && !main.used_star_group {
        // Group indices are into `RobotsTxt::groups` only for readers that form Google's groups.
        let without_rules = main_spec.grouping == Grouping::Google
            && main.groups.iter().all(|group| {
                robots
                    .groups()
                    .get(group.index)
                    .is_some_and(|group| group.rules.is_empty())
            });
        if without_rules && spec.grouping == Grouping::BlankLineEndsRecord {
            return format!(
                "{name} keeps no record without rules, so the group at user-agent {} does not \
                 count and it follows the `*` group at user-agent {}.",
                agent_lines(main),
                agent_lines(other)
            );
        }
        let compared = match spec.agent_selection {
            AgentSelection::FirstMatchingRecord => format!(
                " (it looks for a record's name inside `{}`, the agent's name before its first \
                 '/')",
                other.agent_token
            ),
            AgentSelection::MergeAllMatching => String::new(),
        };
        return format!(
            "{name} finds no group naming this agent{compared}, so it follows the `*` group at \
             user-agent {}.",
            agent_lines(other)
        );
    }
    if agent_lines(other) != agent_lines(main) {
        return match spec.agent_selection {
            AgentSelection::FirstMatchingRecord => format!(
                "{name} obeys only the first record that names the agent (user-agent {}), \
                 not every group naming it ({}).",
                agent_lines(other),
                agent_lines(main)
            ),
            AgentSelection::MergeAllMatching => format!(
                "{name} applies the groups at user-agent {} instead of {}.",
                agent_lines(other),
                agent_lines(main)
            ),
        };
    }
    match (&main.decisive, &other.decisive) {
        (Some(ours), Some(theirs)) => {
            if let Some(cause) = why_not_matching(ours, other, spec) {
                return format!(
                    "Under {name}, {} does not match: {cause}; {} decides instead.",
                    describe(ours),
                    describe(theirs)
                );
            }
            if theirs.via_index_html {
                return format!(
                    "{name} reads {} as also allowing its directory (Google's index.htm rule).",
                    describe(theirs)
                );
            }
            if spec.precedence == Precedence::FirstMatch && theirs.line < ours.line {
                return format!(
                    "{name} takes the first matching rule, {}, not the longest, {}.",
                    describe(theirs),
                    describe(ours)
                );
            }
            if let Some(cause) = why_matching(theirs, main, main_spec, spec) {
                return format!("Under {name}, {} matches: {cause}.", describe(theirs));
            }
            format!(
                "Under {name}, {} decides instead of {}.",
                describe(theirs),
                describe(ours)
            )
        }
        (Some(ours), None) => match why_not_matching(ours, other, spec) {
            Some(cause) => format!(
                "Under {name}, {} does not match: {cause}; no other rule disallows the path.",
                describe(ours)
            ),
            None => format!("Under {name}, no rule decides for this path."),
        },
        (None, Some(theirs)) => {
            if theirs.via_index_html {
                return format!(
                    "{name} reads {} as also allowing its directory (Google's index.htm rule).",
                    describe(theirs)
                );
            }
            match why_matching(theirs, main, main_spec, spec) {
                Some(cause) => format!("Under {name}, {} matches: {cause}.", describe(theirs)),
                None => format!("Under {name}, {} decides.", describe(theirs)),
            }
        }
        (None, None) => format!("{name} reads this file differently."),
    }
}

/// When the answer is the same but another line decides, that is still worth a sentence.
fn explain_same_answer(main: &Verdict, other: &Verdict) -> Option<String> {
    let name = reader_name(other.profile.spec());
    match (&main.decisive, &other.decisive) {
        (Some(ours), Some(theirs)) if ours.line != theirs.line => Some(format!(
            "Same answer, but under {name} {} decides, not line {}.",
            describe(theirs),
            ours.line
        )),
        _ => None,
    }
}

/// The user-agent lines that matched, as words: "line 4" or "lines 1, 4".
fn agent_lines(verdict: &Verdict) -> String {
    let lines: Vec<String> = verdict
        .groups
        .iter()
        .flat_map(|group| &group.matched_agent_lines)
        .map(ToString::to_string)
        .collect();
    match lines.as_slice() {
        [one] => format!("line {one}"),
        _ => format!("lines {}", lines.join(", ")),
    }
}

fn why_no_group(robots: &RobotsTxt, main: &Verdict, spec: &ProfileSpec) -> String {
    let name = reader_name(spec);
    if let Some(unread) = main
        .decisive
        .as_ref()
        .and_then(|rule| unread_rule_line(robots, rule.line, spec))
    {
        return unread;
    }
    let Some(&agent) = main
        .groups
        .iter()
        .flat_map(|group| &group.matched_agent_lines)
        .next()
    else {
        return format!("{name} finds no group for this agent.");
    };
    if agent == 1 && robots.facts().bom_bytes > 0 && spec.grouping == Grouping::BlankLineEndsRecord
    {
        return format!(
            "{name} does not skip the byte order mark, so line 1 is not a user-agent line to it."
        );
    }
    if spec.grouping == Grouping::BlankLineEndsRecord {
        // A blank line between the matched user-agent line and the group's first rule ends the
        // record there, leaving the agent with no rules.
        for group in main.groups.iter() {
            let Some(&last) = group.lines.last() else {
                continue;
            };
            let blank = (agent..last).find(|&number| {
                robots
                    .line(number)
                    .is_some_and(|line| line.kind == LineKind::Blank)
            });
            if let Some(blank) = blank {
                return format!(
                    "{name} ends a record at a blank line (line {blank}), so user-agent line \
                     {agent} is left without rules."
                );
            }
        }
    }
    let value = robots
        .line(agent)
        .and_then(|line| line.value())
        .unwrap_or_default();
    match spec.agent_selection {
        AgentSelection::FirstMatchingRecord => format!(
            "{name} does not apply the record at line {agent} (User-agent: {value}): it looks \
             for the whole value inside the agent's name before its first '/'."
        ),
        AgentSelection::MergeAllMatching => format!("{name} finds no group for this agent."),
    }
}

/// When a reader that only knows exact keys does not read the rule line at all.
fn unread_rule_line(robots: &RobotsTxt, number: usize, spec: &ProfileSpec) -> Option<String> {
    if spec.grouping != Grouping::BlankLineEndsRecord {
        return None;
    }
    let line = robots.line(number)?;
    let text = line.text().trim();
    if line.missing_colon {
        return Some(format!(
            "{} ignores line {number} ({text}): without a colon it is not a rule.",
            reader_name(spec)
        ));
    }
    if line.spelling != KeySpelling::Exact {
        return Some(format!(
            "{} ignores line {number} ({text}): it reads only the exact key names, not \
             Google's accepted misspellings and longer keys.",
            reader_name(spec)
        ));
    }
    None
}

/// Why `rule`, which matched under the main profile, does not match under `other`'s.
fn why_not_matching(rule: &RuleMatch, other: &Verdict, spec: &ProfileSpec) -> Option<String> {
    if other.matches.iter().any(|found| found.line == rule.line) {
        return None;
    }
    if rule.kind == RuleKind::Allow && !spec.allow_lines {
        return Some("it does not know Allow lines".to_owned());
    }
    if !spec.wildcards && (rule.pattern.contains('*') || rule.pattern.ends_with('$')) {
        return Some("it takes * and $ literally".to_owned());
    }
    Some(encoding_cause(spec, other))
}

/// Why `rule` matches under `spec` although it did not under the main profile.
fn why_matching(
    rule: &RuleMatch,
    main: &Verdict,
    main_spec: &ProfileSpec,
    spec: &ProfileSpec,
) -> Option<String> {
    if main.matches.iter().any(|found| found.line == rule.line) {
        return None;
    }
    let main_name = reader_name(main_spec);
    if rule.kind == RuleKind::Allow && !main_spec.allow_lines {
        return Some(format!(
            "{main_name} ignores Allow lines, and {} reads them",
            reader_name(spec)
        ));
    }
    if !main_spec.wildcards
        && spec.wildcards
        && (rule.pattern.contains('*') || rule.pattern.ends_with('$'))
    {
        return Some(format!(
            "{main_name} takes * and $ literally, and {} reads them as wildcards",
            reader_name(spec)
        ));
    }
    if main_spec.encoding != spec.encoding {
        return Some(encoding_cause(spec, main));
    }
    None
}

fn encoding_cause(spec: &ProfileSpec, verdict: &Verdict) -> String {
    let compared = &verdict.normalised_path;
    match spec.encoding {
        Encoding::GoogleEscape => format!(
            "Google compares the URL exactly as requested ({compared}), without decoding \
             percent-escapes"
        ),
        Encoding::Rfc9309 => format!(
            "RFC 9309 normalises percent-encoding on both sides before comparing ({compared})"
        ),
        Encoding::PythonQuote => {
            format!("it decodes and re-quotes both sides, so the path is compared as {compared}")
        }
        Encoding::Octets => {
            format!("it compares octet for octet, without decoding escapes ({compared})")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compare(robots: &str, agent: &str, url: &str) -> Vec<ProfileVerdict> {
        let robots = RobotsTxt::parse(robots.as_bytes());
        let main = robots
            .checker(Profile::Rfc9309)
            .check(agent, url, AgentMatch::Substring);
        compare_profiles(&robots, agent, url, AgentMatch::Substring, &main)
    }

    fn row(rows: &[ProfileVerdict], profile: Profile) -> &ProfileVerdict {
        rows.iter().find(|row| row.profile == profile).unwrap()
    }

    #[test]
    fn every_profile_answers_and_the_main_one_agrees_with_itself() {
        let rows = compare("User-agent: *\nDisallow: /a", "bot", "/a");
        assert_eq!(rows.len(), Profile::ALL.len());
        let main = row(&rows, Profile::Rfc9309);
        assert!(main.agrees);
        assert!(main.why.is_none());
    }

    #[test]
    fn first_match_is_named_with_both_lines() {
        let rows = compare(
            "User-agent: *\nDisallow: /\nAllow: /public",
            "bot",
            "/public/x",
        );
        let python = row(&rows, Profile::Python);
        assert!(!python.agrees);
        assert_eq!(
            python.why.as_deref(),
            Some(
                "Python's robotparser (≤ 3.12) takes the first matching rule, line 2 \
                 (Disallow: /), not the longest, line 3 (Allow: /public)."
            )
        );
    }

    #[test]
    fn the_robots_txt_exception_is_explained() {
        let rows = compare("User-agent: *\nDisallow: /", "bot", "/robots.txt");
        let google = row(&rows, Profile::Google);
        assert!(!google.agrees);
        assert!(google
            .why
            .as_deref()
            .unwrap()
            .contains("no exception for /robots.txt"));
    }

    #[test]
    fn literal_wildcards_are_explained() {
        let rows = compare("User-agent: *\nDisallow: /*.php$", "bot", "/a.php");
        let python = row(&rows, Profile::Python);
        assert!(!python.agrees);
        assert!(
            python
                .why
                .as_deref()
                .unwrap()
                .contains("takes * and $ literally"),
            "{:?}",
            python.why
        );
    }

    #[test]
    fn a_blank_line_ending_a_record_is_explained() {
        let rows = compare("User-agent: FooBot\n\nDisallow: /", "FooBot", "/x");
        let python = row(&rows, Profile::Python);
        assert!(!python.agrees);
        let why = python.why.as_deref().unwrap();
        assert!(why.contains("blank line (line 2)"), "{why}");
    }

    #[test]
    fn percent_encoding_differences_are_explained() {
        let rows = compare("User-agent: *\nDisallow: /%7Ejoe", "bot", "/~joe");
        let google = row(&rows, Profile::Google);
        assert!(!google.agrees);
        assert!(
            google
                .why
                .as_deref()
                .unwrap()
                .contains("exactly as requested"),
            "{:?}",
            google.why
        );
    }

    #[test]
    fn the_index_html_rule_is_explained() {
        let rows = compare(
            "User-agent: *\nDisallow: /\nAllow: /d/index.html",
            "bot",
            "/d/",
        );
        let google = row(&rows, Profile::Google);
        assert!(!google.agrees);
        assert!(
            google.why.as_deref().unwrap().contains("index.htm rule"),
            "{:?}",
            google.why
        );
    }

    #[test]
    fn keys_only_google_reads_are_named() {
        let rows = compare("User-agent: *\nDisalow: /", "bot", "/a");
        let python = row(&rows, Profile::Python);
        assert!(!python.agrees);
        assert_eq!(
            python.why.as_deref(),
            Some(
                "Python's robotparser (≤ 3.12) ignores line 2 (Disalow: /): it reads only the \
                 exact key names, not Google's accepted misspellings and longer keys."
            )
        );
    }

    #[test]
    fn the_same_answer_from_another_line_is_mentioned() {
        let rows = compare("User-agent: *\nDisallow: /a\nDisallow: /a/b", "bot", "/a/b");
        let python = row(&rows, Profile::Python);
        assert!(python.agrees);
        assert!(python
            .why
            .as_deref()
            .unwrap()
            .starts_with("Same answer, but under Python"));
    }

    #[test]
    fn a_fetch_status_that_readers_treat_differently_is_explained() {
        let robots = RobotsTxt::parse(b"User-agent: *\nAllow: /\n");
        let status: crate::FetchStatus = "429".parse().unwrap();
        let ask = |profile| {
            robots
                .checker(profile)
                .check("bot", "/x", AgentMatch::Token)
                .with_status(&status)
        };
        let main = ask(Profile::Rfc9309);
        assert!(main.allowed);
        let rows = compare_profiles_with(&robots, &main, &ask);
        let google = row(&rows, Profile::Google);
        assert!(!google.agrees);
        assert_eq!(
            google.why.as_deref(),
            Some(
                "Google's parser treats the file as unreachable with this fetch status, so \
                 everything is disallowed."
            )
        );
    }

    #[test]
    fn falling_back_to_star_is_named_with_the_name_compared() {
        let rows = compare(
            "User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /\n",
            "Mozilla/5.0 (compatible; GPTBot/1.2)",
            "/blog",
        );
        let python = row(&rows, Profile::Python);
        assert!(!python.agrees);
        assert_eq!(
            python.why.as_deref(),
            Some(
                "Python's robotparser (≤ 3.12) finds no group naming this agent (it looks for a \
                 record's name inside `mozilla`, the agent's name before its first '/'), so it \
                 follows the `*` group at user-agent line 1."
            )
        );
    }

    #[test]
    fn a_record_without_rules_is_named() {
        let rows = compare(
            "User-agent: *\nDisallow: /\nUser-agent: quxbot",
            "quxbot",
            "/x",
        );
        let python = row(&rows, Profile::Python);
        assert!(!python.agrees);
        assert_eq!(
            python.why.as_deref(),
            Some(
                "Python's robotparser (≤ 3.12) keeps no record without rules, so the group at \
                 user-agent line 3 does not count and it follows the `*` group at user-agent \
                 line 1."
            )
        );
    }

    #[test]
    fn a_catalogued_crawler_s_own_reading_is_given_when_it_answers_otherwise() {
        let robots = RobotsTxt::parse(
            b"User-agent: Googlebot\nDisallow: /news/\n\nUser-agent: Googlebot-News\nAllow: /\n\nUser-agent: bot\nDisallow: /\n",
        );
        let checker = robots.checker(Profile::Rfc9309);
        let status = FetchStatus::ok();
        let main = checker.check("Googlebot-News", "/news/1", AgentMatch::Substring);
        assert!(
            !main.allowed,
            "substring merges Googlebot, Googlebot-News and bot"
        );
        let own = crawler_reading(&checker, "Googlebot-News", "/news/1", &status, &main)
            .expect("Googlebot-News reads only its own group");
        assert_eq!(own.crawler.name, "Googlebot-News");
        assert!(own.verdict.allowed);
        assert_eq!(
            own.why(),
            "Googlebot-News itself reads only its own group (user-agent line 4)"
        );
        let token = checker.check("Googlebot-News", "/news/1", AgentMatch::Token);
        assert!(crawler_reading(&checker, "Googlebot-News", "/news/1", &status, &token).is_none());

        // A pasted UA string, compared as `Mozilla` by the token model.
        let ua = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
        let main = checker.check(ua, "/news/1", AgentMatch::Token);
        assert!(main.allowed);
        let own = crawler_reading(&checker, ua, "/news/1", &status, &main).unwrap();
        assert_eq!(own.crawler.name, "Googlebot");
        assert!(!own.verdict.allowed);
        assert!(crawler_reading(&checker, "NoSuchBot", "/x", &status, &main).is_none());
    }

    #[test]
    fn an_allow_line_the_main_reader_ignores_is_named_as_the_cause() {
        let text = "User-agent: *\nDisallow: /cart/\nAllow: /cart/help\n";
        let robots = RobotsTxt::parse(text.as_bytes());
        let main = robots.checker(Profile::Legacy1994).check(
            "x",
            "/cart/help/returns",
            AgentMatch::Substring,
        );
        assert!(!main.allowed);
        let rows = compare_profiles(
            &robots,
            "x",
            "/cart/help/returns",
            AgentMatch::Substring,
            &main,
        );
        let why = row(&rows, Profile::Rfc9309).why.clone().unwrap();
        assert!(why.contains("ignores Allow lines"), "{why}");
        assert!(!why.contains("normalises"), "{why}");
    }
}
