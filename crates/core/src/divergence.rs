//! Where real readers disagree: the same question asked of every profile, and one sentence of
//! why each disagreeing reader answers differently.
//!
//! The sentence is derived from the two verdicts and the policies of the two profiles
//! ([`ProfileSpec`]), so it names the actual cause in this file — "Python's robotparser takes the
//! first matching rule, line 4, not the longest, line 6" — rather than a generic warning.

use crate::answer::{Checker, Question, Who};
use crate::catalogue::{named_crawler, Crawler};
use crate::group::RuleKind;
use crate::legacy::reader_error;
use crate::lines::{KeySpelling, LineKind};
use crate::message::{Message, MessageId as M, Value};
use crate::profile::{AgentSelection, Encoding, Grouping, Precedence, Profile, ProfileSpec};
use crate::robots::RobotsTxt;
use crate::status::FetchStatus;
use crate::verdict::{Reason, RuleMatch, Verdict};

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
    pub why: Option<Message>,
}

/// Asks every profile `question`, which `main` answered, and explains each difference.
pub fn compare_profiles(
    robots: &RobotsTxt,
    question: &Question<'_>,
    main: &Verdict,
) -> Vec<ProfileVerdict> {
    compare_profiles_with(robots, main, &|profile| {
        // The URL reads alike under every profile: one that `main` answered is answered.
        robots
            .checker(profile)
            .ask_verdict(question)
            .unwrap_or_else(|_| main.clone())
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
                Some(explain(robots, main, &verdict))
            } else {
                explain_same_answer(main, &verdict)
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
        serde(serialize_with = "crate::catalogue::serialize_name")
    )]
    pub crawler: &'static Crawler,
    /// Its verdict: its documented fallback chain, its operator's fetch-status handling.
    pub verdict: Verdict,
}

impl CrawlerReading {
    /// Which group it used (or what decided instead), as a sentence without the verdict:
    /// "Googlebot-News itself reads only its own group (user-agent line 4)".
    pub fn why(&self) -> Message {
        crawler_sentence(self.crawler, &self.verdict)
    }

    /// [`CrawlerReading::why`] as a code, for a surface that words it from its own catalogue:
    /// `status`, `none`, `none-ignores-star`, `fallback`, `star`, `own` or `record`.
    pub fn why_id(&self) -> &'static str {
        crawler_group(self.crawler, &self.verdict).id()
    }
}

/// Which group a crawler's own reading used: the one classification [`CrawlerReading::why`]
/// words and [`CrawlerReading::why_id`] names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CrawlerGroup {
    /// The fetch status decided, unavailable (allowed) or unreachable.
    Status(bool),
    /// No group: none names it and there is no `*` group, or it ignores `*`.
    None { ignores_star: bool },
    /// A later step of its chain, another crawler's token.
    Fallback,
    /// The `*` groups.
    Star,
    /// Its own group.
    Own,
    /// A record reader (`python`, `legacy-1994`), which knows no chain, picked its record.
    Record,
}

impl CrawlerGroup {
    fn id(self) -> &'static str {
        match self {
            CrawlerGroup::Status(_) => "status",
            CrawlerGroup::None {
                ignores_star: false,
            } => "none",
            CrawlerGroup::None { ignores_star: true } => "none-ignores-star",
            CrawlerGroup::Fallback => "fallback",
            CrawlerGroup::Star => "star",
            CrawlerGroup::Own => "own",
            CrawlerGroup::Record => "record",
        }
    }
}

fn crawler_group(crawler: &Crawler, verdict: &Verdict) -> CrawlerGroup {
    match verdict.reason {
        Reason::FileUnavailable => return CrawlerGroup::Status(true),
        Reason::FileUnreachable => return CrawlerGroup::Status(false),
        _ => {}
    }
    if verdict.groups.is_empty() {
        return CrawlerGroup::None {
            ignores_star: crawler.ignores_star(),
        };
    }
    match &verdict.chain_step {
        Some(step) if step.fallback => CrawlerGroup::Fallback,
        _ if verdict.used_star_group => CrawlerGroup::Star,
        Some(_) => CrawlerGroup::Own,
        None => CrawlerGroup::Record,
    }
}

/// When `question` asks as an agent typed exactly ([`Question::agent`]) whose name holds a
/// catalogued crawler, and that crawler's own reading of the file (its fallback chain, its
/// operator's fetch-status handling) answers otherwise than `main` (the question's verdict):
/// the crawler's verdict, with the group it used. The reverse of [`crate::Answer::as_typed`].
pub fn crawler_reading(
    checker: &Checker<'_>,
    question: &Question<'_>,
    main: &Verdict,
) -> Option<CrawlerReading> {
    let Who::Agent(agent) = question.who else {
        return None;
    };
    let crawler = named_crawler(agent)?;
    // With the file served as it is (200, no redirect: every reader parses it), the crawler's
    // chain choosing the very groups `main` used is the same reading of the file: it cannot
    // answer otherwise, and is not asked (this runs with every verdict the page and the npm
    // package return).
    if question.status == FetchStatus::ok()
        && checker.matcher().chain_selects(crawler.chain, &main.groups)
    {
        return None;
    }
    let asked = Question {
        who: Who::Crawler(crawler),
        typed: None,
        ..*question
    };
    let verdict = checker.ask_verdict(&asked).ok()?;
    if verdict.allowed == main.allowed {
        return None;
    }
    Some(CrawlerReading { crawler, verdict })
}

fn crawler_sentence(crawler: &Crawler, verdict: &Verdict) -> Message {
    let with_name = |id: M| Message::new(id).text("crawler", crawler.name);
    let with_lines = |id: M| with_name(id).phrase("lines", agent_lines(verdict));
    match crawler_group(crawler, verdict) {
        CrawlerGroup::Status(true) => with_name(M::CrawlerUnavailable),
        CrawlerGroup::Status(false) => with_name(M::CrawlerUnreachable),
        CrawlerGroup::None { ignores_star: true } => with_name(M::CrawlerNoGroupIgnoresStar),
        CrawlerGroup::None {
            ignores_star: false,
        } => with_name(M::CrawlerNoGroupNoStar),
        CrawlerGroup::Fallback => with_lines(M::CrawlerFallback).code(
            "token",
            verdict
                .chain_step
                .as_ref()
                .and_then(|step| step.token.as_deref())
                .unwrap_or("*"),
        ),
        CrawlerGroup::Star => with_lines(M::CrawlerStar),
        CrawlerGroup::Own => with_lines(M::CrawlerOwnGroup),
        // The record readers know no chain: the crawler's token picked the record.
        CrawlerGroup::Record => with_lines(M::CrawlerRecord),
    }
}

/// The reader's name as it stands inside a sentence, and at its start.
fn reader_names(spec: &ProfileSpec) -> (M, M) {
    match spec.id {
        "rfc9309" => (M::ReaderRfc9309, M::ReaderRfc9309Start),
        "google" => (M::ReaderGoogle, M::ReaderGoogleStart),
        "python" => (M::ReaderPython, M::ReaderPythonStart),
        _ => (M::ReaderLegacy, M::ReaderLegacyStart),
    }
}

/// The reader's name inside a sentence (`Under {name}, …`).
pub(crate) fn reader_name(spec: &ProfileSpec) -> Value {
    Value::phrase(reader_names(spec).0)
}

/// A sentence that starts with the reader's name (`{reader} …`).
fn reader_says(spec: &ProfileSpec, id: M) -> Message {
    Message::new(id).phrase("reader", reader_names(spec).1)
}

/// A sentence that names the reader inside it (`Under {name}, …`).
fn under(spec: &ProfileSpec, id: M) -> Message {
    Message::new(id).with("name", reader_name(spec))
}

fn describe(rule: &RuleMatch) -> Value {
    let id = match rule.kind {
        RuleKind::Allow if rule.pattern.is_empty() => {
            return Value::phrase(Message::new(M::RuleEmptyAllow).line("line", rule.line))
        }
        RuleKind::Allow => M::RuleAllow,
        RuleKind::Disallow => M::RuleDisallow,
    };
    Value::phrase(
        Message::new(id)
            .line("line", rule.line)
            .text("pattern", &*rule.pattern),
    )
}

/// Why `other` answers differently from `main`.
fn explain(robots: &RobotsTxt, main: &Verdict, other: &Verdict) -> Message {
    let spec = other.profile.spec();
    let main_spec = main.profile.spec();
    if other.reason == Reason::ImplicitRobotsTxtAllow {
        return reader_says(spec, M::ImplicitAllow);
    }
    if main.reason == Reason::ImplicitRobotsTxtAllow {
        return reader_says(spec, M::NoImplicitAllow).with(
            "rule",
            other
                .decisive
                .as_ref()
                .map_or_else(|| Value::phrase(M::TheFile), describe),
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
            Reason::FileUnavailable => reader_says(spec, M::StatusUnavailable),
            Reason::FileUnreachable => reader_says(spec, M::StatusUnreachable),
            _ => reader_says(spec, M::StatusReadAnyway),
        };
    }
    if other.reason == Reason::ReaderError {
        return match reader_error(robots, other.profile) {
            Some(error) => reader_says(spec, M::ReaderErrorAt)
                .line("line", error.line)
                .code("error", &error.message),
            None => reader_says(spec, M::ReaderErrorRefuses),
        };
    }
    if let Some(error) = reader_error(robots, other.profile) {
        return reader_says(spec, M::ReaderStopsReading)
            .line("line", error.line)
            .code("error", &error.message);
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
        let id = match spec.agent_selection {
            AgentSelection::FirstMatchingRecord => M::FindsRecordInName,
            AgentSelection::MergeAllMatching => M::FindsGroupAt,
        };
        return reader_says(spec, id).phrase("lines", agent_lines(other));
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
            return reader_says(spec, M::NoRecordWithoutRules)
                .phrase("ours", agent_lines(main))
                .phrase("theirs", agent_lines(other));
        }
        let message = match spec.agent_selection {
            AgentSelection::FirstMatchingRecord => {
                reader_says(spec, M::FollowsStarRecord).code("token", &other.agent_token)
            }
            AgentSelection::MergeAllMatching => reader_says(spec, M::FollowsStar),
        };
        return message.phrase("lines", agent_lines(other));
    }
    if agent_line_numbers(other) != agent_line_numbers(main) {
        let id = match spec.agent_selection {
            AgentSelection::FirstMatchingRecord => M::FirstRecordOnly,
            AgentSelection::MergeAllMatching => M::OtherGroups,
        };
        return reader_says(spec, id)
            .phrase("theirs", agent_lines(other))
            .phrase("ours", agent_lines(main));
    }
    if let Some(message) = main
        .decisive
        .as_ref()
        .and_then(|ours| outside_record(robots, ours, other))
    {
        return message;
    }
    match (&main.decisive, &other.decisive) {
        (Some(ours), Some(theirs)) => {
            if let Some(cause) = why_not_matching(ours, other, spec) {
                return under(spec, M::NotMatchingInstead)
                    .with("ours", describe(ours))
                    .phrase("cause", cause)
                    .with("theirs", describe(theirs));
            }
            if theirs.via_index_html {
                return reader_says(spec, M::IndexHtml).with("rule", describe(theirs));
            }
            if spec.precedence == Precedence::FirstMatch && theirs.line < ours.line {
                return reader_says(spec, M::FirstMatch)
                    .with("theirs", describe(theirs))
                    .with("ours", describe(ours));
            }
            if let Some(cause) = why_matching(theirs, main, main_spec, spec) {
                return under(spec, M::MatchesBecause)
                    .with("rule", describe(theirs))
                    .phrase("cause", cause);
            }
            under(spec, M::DecidesInstead)
                .with("theirs", describe(theirs))
                .with("ours", describe(ours))
        }
        (Some(ours), None) => match why_not_matching(ours, other, spec) {
            Some(cause) => under(spec, M::NotMatchingNoOther)
                .with("ours", describe(ours))
                .phrase("cause", cause),
            None => under(spec, M::NoRuleDecides),
        },
        (None, Some(theirs)) => {
            if theirs.via_index_html {
                return reader_says(spec, M::IndexHtml).with("rule", describe(theirs));
            }
            match why_matching(theirs, main, main_spec, spec) {
                Some(cause) => under(spec, M::MatchesBecause)
                    .with("rule", describe(theirs))
                    .phrase("cause", cause),
                None => under(spec, M::RuleDecides).with("rule", describe(theirs)),
            }
        }
        (None, None) => reader_says(spec, M::ReadsDifferently),
    }
}

/// When our deciding rule lies below the record the other reader obeys, with a blank line
/// between them: for a reader whose records end at a blank line, the rule belongs to no record,
/// whatever it would match. Said before any reason about matching, which would be beside the
/// point (`/chrome_newtab` matches `Disallow: /chrome_newtab` for every reader).
fn outside_record(robots: &RobotsTxt, ours: &RuleMatch, other: &Verdict) -> Option<Message> {
    let spec = other.profile.spec();
    if spec.grouping != Grouping::BlankLineEndsRecord || other.groups.is_empty() {
        return None;
    }
    let lines = || {
        other
            .groups
            .iter()
            .flat_map(|group| group.lines.iter().copied())
    };
    if lines().any(|line| line == ours.line) {
        return None;
    }
    // The record the rule would belong to is the last one obeyed that starts above it; the
    // blank line that ended that record lies between its last line and the rule.
    let end = other
        .groups
        .iter()
        .filter(|group| group.lines.first().is_some_and(|&first| first < ours.line))
        .filter_map(|group| group.lines.last().copied())
        .max()?;
    let kind = |number: usize| robots.line(number).map(|line| line.kind);
    // A user-agent line in between would start another record, which the rule belongs to.
    if (end + 1..ours.line).any(|number| kind(number) == Some(LineKind::UserAgent)) {
        return None;
    }
    let blank = (end + 1..ours.line).find(|&number| kind(number) == Some(LineKind::Blank))?;
    let message = match &other.decisive {
        Some(theirs) => under(spec, M::OutsideRecordInstead).with("theirs", describe(theirs)),
        None => under(spec, M::OutsideRecordNoOther),
    };
    Some(
        message
            .with("ours", describe(ours))
            .line("blank", blank)
            .phrase("lines", agent_lines(other)),
    )
}

/// When the answer is the same but another line decides, that is still worth a sentence.
fn explain_same_answer(main: &Verdict, other: &Verdict) -> Option<Message> {
    match (&main.decisive, &other.decisive) {
        (Some(ours), Some(theirs)) if ours.line != theirs.line => Some(
            under(other.profile.spec(), M::SameAnswerOtherLine)
                .with("theirs", describe(theirs))
                .line("line", ours.line),
        ),
        _ => None,
    }
}

/// The user-agent lines that matched.
fn agent_line_numbers(verdict: &Verdict) -> Vec<usize> {
    verdict
        .groups
        .iter()
        .flat_map(|group| &group.matched_agent_lines)
        .copied()
        .collect()
}

/// The user-agent lines that matched, as words: "line 4" or "lines 1, 4".
fn agent_lines(verdict: &Verdict) -> Message {
    match agent_line_numbers(verdict).as_slice() {
        [one] => Message::new(M::AgentLine).line("line", *one),
        lines => {
            let listed: Vec<String> = lines.iter().map(ToString::to_string).collect();
            Message::new(M::AgentLines).text("lines", listed.join(", "))
        }
    }
}

fn why_no_group(robots: &RobotsTxt, main: &Verdict, spec: &ProfileSpec) -> Message {
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
        return reader_says(spec, M::NoGroupForAgent);
    };
    if agent == 1 && robots.facts().bom_bytes > 0 && spec.grouping == Grouping::BlankLineEndsRecord
    {
        return reader_says(spec, M::BomNotSkipped);
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
                return reader_says(spec, M::BlankEndsRecord)
                    .line("blank", blank)
                    .line("agent", agent);
            }
        }
    }
    let value = robots
        .line(agent)
        .and_then(|line| line.value())
        .unwrap_or_default();
    match spec.agent_selection {
        AgentSelection::FirstMatchingRecord => reader_says(spec, M::RecordNotApplied)
            .line("line", agent)
            .text("value", value),
        AgentSelection::MergeAllMatching => reader_says(spec, M::NoGroupForAgent),
    }
}

/// When a reader that only knows exact keys does not read the rule line at all.
fn unread_rule_line(robots: &RobotsTxt, number: usize, spec: &ProfileSpec) -> Option<Message> {
    if spec.grouping != Grouping::BlankLineEndsRecord {
        return None;
    }
    let line = robots.line(number)?;
    let text = line.text().trim();
    let id = if line.missing_colon {
        M::IgnoresNoColon
    } else if line.spelling != KeySpelling::Exact {
        M::IgnoresSpelling
    } else {
        return None;
    };
    Some(
        reader_says(spec, id)
            .line("line", number)
            .text("text", text),
    )
}

/// Why `rule`, which matched under the main profile, does not match under `other`'s.
fn why_not_matching(rule: &RuleMatch, other: &Verdict, spec: &ProfileSpec) -> Option<Message> {
    if other.matches.iter().any(|found| found.line == rule.line) {
        return None;
    }
    if rule.kind == RuleKind::Allow && !spec.allow_lines {
        return Some(M::CauseNoAllow.into());
    }
    if !spec.wildcards && (rule.pattern.contains('*') || rule.pattern.ends_with('$')) {
        return Some(M::CauseLiteralWildcards.into());
    }
    Some(encoding_cause(spec, other))
}

/// Why `rule` matches under `spec` although it did not under the main profile.
fn why_matching(
    rule: &RuleMatch,
    main: &Verdict,
    main_spec: &ProfileSpec,
    spec: &ProfileSpec,
) -> Option<Message> {
    if main.matches.iter().any(|found| found.line == rule.line) {
        return None;
    }
    if rule.kind == RuleKind::Allow && !main_spec.allow_lines {
        return Some(
            // The cause follows a colon, inside the sentence: the name as written there.
            under(spec, M::CauseMainIgnoresAllow).phrase("main", reader_names(main_spec).0),
        );
    }
    if !main_spec.wildcards
        && spec.wildcards
        && (rule.pattern.contains('*') || rule.pattern.ends_with('$'))
    {
        return Some(under(spec, M::CauseMainLiteral).phrase("main", reader_names(main_spec).0));
    }
    if main_spec.encoding != spec.encoding {
        return Some(encoding_cause(spec, main));
    }
    None
}

fn encoding_cause(spec: &ProfileSpec, verdict: &Verdict) -> Message {
    let id = match spec.encoding {
        Encoding::GoogleEscape => M::CauseGoogleEscape,
        Encoding::Rfc9309 => M::CauseRfc9309,
        Encoding::PythonQuote => M::CausePythonQuote,
        Encoding::Octets => M::CauseOctets,
    };
    Message::new(id).text("path", &*verdict.normalised_path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::AgentMatch;

    fn compare(robots: &str, agent: &str, url: &str) -> Vec<ProfileVerdict> {
        let robots = RobotsTxt::parse(robots.as_bytes());
        let main = robots
            .checker(Profile::Rfc9309)
            .check(agent, url, AgentMatch::Substring);
        let question = Question::agent(agent, url).agent_match(AgentMatch::Substring);
        compare_profiles(&robots, &question, &main)
    }

    fn row(rows: &[ProfileVerdict], profile: Profile) -> &ProfileVerdict {
        rows.iter().find(|row| row.profile == profile).unwrap()
    }

    /// The row's explanation in English, if it has one.
    fn why(row: &ProfileVerdict) -> Option<String> {
        row.why.as_ref().map(Message::english)
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
            why(python).as_deref(),
            Some(
                "Python's robotparser (≤ 3.12) takes the first matching rule, line 2 \
                 (Disallow: /), not the longest, line 3 (Allow: /public)."
            )
        );
    }

    #[test]
    fn a_rule_below_the_empty_line_that_ends_the_record_is_explained_by_it() {
        // Every reader matches `/chrome_newtab`; for Python the rule lies outside the record.
        let input = "User-agent: *\nDisallow: /lite\n\n# new tab page\nDisallow: /chrome_newtab\n";
        let rows = compare(input, "bot", "/chrome_newtab");
        let python = row(&rows, Profile::Python);
        assert!(!python.agrees);
        let text = why(python).unwrap();
        assert!(
            text.contains("line 5 (Disallow: /chrome_newtab) belongs to no record: line 3"),
            "{text}"
        );
        assert!(!text.contains("does not match"), "{text}");
        // A user-agent line below the empty line starts another record: no such story.
        let other_record =
            "User-agent: bot\nUser-agent: *\nDisallow: /a\n\nUser-agent: bot\nDisallow: /b\n";
        let rows = compare(other_record, "bot", "/b");
        let text = why(row(&rows, Profile::Python)).unwrap_or_default();
        assert!(!text.contains("belongs to no record"), "{text}");
    }

    #[test]
    fn the_robots_txt_exception_is_explained() {
        let rows = compare("User-agent: *\nDisallow: /", "bot", "/robots.txt");
        let google = row(&rows, Profile::Google);
        assert!(!google.agrees);
        assert!(why(google)
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
            why(python)
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
        let text = why(python).unwrap();
        assert!(text.contains("blank line (line 2)"), "{text}");
    }

    #[test]
    fn percent_encoding_differences_are_explained() {
        let rows = compare("User-agent: *\nDisallow: /%7Ejoe", "bot", "/~joe");
        let google = row(&rows, Profile::Google);
        assert!(!google.agrees);
        assert!(
            why(google)
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
            why(google).as_deref().unwrap().contains("index.htm rule"),
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
            why(python).as_deref(),
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
        assert!(why(python)
            .as_deref()
            .unwrap()
            .starts_with("Same answer, but under Python"));
    }

    #[test]
    fn a_fetch_status_that_readers_treat_differently_is_explained() {
        let robots = RobotsTxt::parse(b"User-agent: *\nAllow: /\n");
        let status: crate::status::FetchStatus = "429".parse().unwrap();
        let question = Question::agent("bot", "/x")
            .agent_match(AgentMatch::Token)
            .status(status);
        let ask = |profile| robots.checker(profile).ask_verdict(&question).unwrap();
        let main = ask(Profile::Rfc9309);
        assert!(main.allowed);
        let rows = compare_profiles_with(&robots, &main, &ask);
        let google = row(&rows, Profile::Google);
        assert!(!google.agrees);
        assert_eq!(
            why(google).as_deref(),
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
            why(python).as_deref(),
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
            why(python).as_deref(),
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
        let asked = |agent, model| Question::agent(agent, "/news/1").agent_match(model);
        let substring = asked("Googlebot-News", AgentMatch::Substring);
        let main = checker.ask_verdict(&substring).unwrap();
        assert!(
            !main.allowed,
            "substring merges Googlebot, Googlebot-News and bot"
        );
        let own = crawler_reading(&checker, &substring, &main)
            .expect("Googlebot-News reads only its own group");
        assert_eq!(own.crawler.name, "Googlebot-News");
        assert!(own.verdict.allowed);
        assert_eq!(
            own.why().english(),
            "Googlebot-News itself reads only its own group (user-agent line 4)"
        );
        let token = asked("Googlebot-News", AgentMatch::Token);
        let main = checker.ask_verdict(&token).unwrap();
        assert!(crawler_reading(&checker, &token, &main).is_none());

        // A pasted UA string, compared as `Mozilla` by the token model.
        let ua = asked(
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            AgentMatch::Token,
        );
        let main = checker.ask_verdict(&ua).unwrap();
        assert!(main.allowed);
        let own = crawler_reading(&checker, &ua, &main).unwrap();
        assert_eq!(own.crawler.name, "Googlebot");
        assert!(!own.verdict.allowed);
        let other = asked("NoSuchBot", AgentMatch::Token);
        assert!(crawler_reading(&checker, &other, &main).is_none());
    }

    #[test]
    fn the_crawler_reading_is_skipped_only_where_it_would_agree() {
        // crawler_reading does not ask a crawler whose chain picks the main verdict's own groups
        // under the same status handling; asking it anyway must always agree with that.
        let files = [
            "User-agent: Googlebot\nDisallow: /news/\n\nUser-agent: Googlebot-News\nAllow: /\n\nUser-agent: *\nDisallow: /\n",
            "User-agent: *\nDisallow: /private\nAllow: /private/press\n",
            "User-agent: GPTBot\nUser-agent: googlebot\nDisallow: /a\n\nUser-agent: bot\nDisallow: /\n",
            "User-agent: AdsBot-Google\nAllow: /\nUser-agent: *\nDisallow: /x\n",
        ];
        let agents = [
            "Googlebot",
            "Googlebot-News",
            "GPTBot",
            "AdsBot-Google",
            "bingbot",
            "bot",
        ];
        let urls = [
            "/",
            "/news/1",
            "/private/x",
            "/private/press/y",
            "/a/b",
            "/x",
        ];
        for text in files {
            let robots = RobotsTxt::parse(text.as_bytes());
            for profile in Profile::ALL {
                let checker = robots.checker(profile);
                for status in ["200", "404", "429", "503"] {
                    let status: FetchStatus = status.parse().unwrap();
                    for (agent, url, model) in agents.iter().flat_map(|agent| {
                        urls.iter().flat_map(move |url| {
                            [AgentMatch::Token, AgentMatch::Substring].map(|m| (*agent, *url, m))
                        })
                    }) {
                        let question = Question::agent(agent, url)
                            .agent_match(model)
                            .status(status);
                        let main = checker.ask_verdict(&question).unwrap();
                        let asked = named_crawler(agent).and_then(|crawler| {
                            let own = checker
                                .ask_verdict(&Question::crawler(crawler, url).status(status))
                                .unwrap();
                            (own.allowed != main.allowed).then_some(own)
                        });
                        let given = crawler_reading(&checker, &question, &main);
                        assert_eq!(
                            given.map(|reading| reading.verdict),
                            asked,
                            "{agent} {url} {model:?} {profile:?} {status:?} in {text:?}"
                        );
                    }
                }
            }
        }
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
        let question =
            Question::agent("x", "/cart/help/returns").agent_match(AgentMatch::Substring);
        let rows = compare_profiles(&robots, &question, &main);
        let why = row(&rows, Profile::Rfc9309).why.clone().unwrap().english();
        assert!(
            why.contains("matches: the 1994 convention ignores Allow lines"),
            "{why}"
        );
        assert!(!why.contains("normalises"), "{why}");
    }
}
