//! How the HTTP status of the robots.txt fetch changes every verdict.
//!
//! A robots.txt only counts when it was served with a success status. A 404 means "no file, no
//! restriction", a 503 means "stay away", and people are regularly surprised by which is which:
//! a 403 on robots.txt opens the whole site, a 429 closes it for Google but not for the RFC.
//! This module models what the user says about the fetch ([`FetchStatus`]), what each profile
//! does with it ([`StatusEffect`], with the RFC section and Google's documented handling as text
//! for the page: [`status_handling`]); a question carries the status ([`crate::Question::status`])
//! and [`crate::Checker::ask`] applies it, once, under the rules of whoever asks.
//!
//! ```
//! use robots_lens::{status_effect, FetchStatus, Profile, Question, Reason, RobotsTxt, StatusEffect};
//!
//! let robots = RobotsTxt::parse(b"User-agent: *\nDisallow: /private/\n");
//! let checker = robots.checker(Profile::Google);
//! let too_many: FetchStatus = "429".parse().unwrap();
//! assert_eq!(status_effect(&too_many, Profile::Rfc9309), StatusEffect::AllowAll);
//! assert_eq!(status_effect(&too_many, Profile::Google), StatusEffect::DisallowAll);
//!
//! let answer = checker.ask(&Question::agent("Bot", "/public").status(too_many));
//! assert_eq!(answer.allowed(), Some(false));
//! assert_eq!(answer.reason(), Some(Reason::FileUnreachable));
//! ```
//!
//! The rules differ per profile, and the match in `effect` is the one place a profile adds its
//! own: `rfc9309` follows RFC 9309 §2.3.1, `google` Google's documented fetch handling (429 is a
//! server error), `python` what CPython's `RobotFileParser.read()` leaves behind
//! ([`crate::python_fetch_outcome`]), and `legacy-1994`, whose convention defines no status
//! handling, the RFC's rules.

use std::fmt;
use std::str::FromStr;

use crate::catalogue::{Crawler, FetchHandling};
use crate::legacy::{python_fetch_outcome, PythonFetchOutcome};
use crate::message::{Message, MessageId as M};
use crate::profile::Profile;
use crate::verdict::{Reason, Verdict};

/// How many consecutive redirects RFC 9309 §2.3.1.2 asks crawlers to follow (Google follows
/// as many).
pub const MAX_REDIRECTS: u32 = 5;

/// What the last fetch of robots.txt ended with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(
    feature = "serde",
    serde(tag = "type", content = "code", rename_all = "kebab-case")
)]
pub enum Outcome {
    /// A final HTTP status: 2xx, 4xx or 5xx (redirects are counted, not stored).
    Http(u16),
    /// A 2xx answer whose body is an HTML page (a login page, a soft 404, an app shell).
    HtmlPage,
    /// No HTTP answer: DNS failure, timeout, refused or reset connection.
    Unreachable,
    /// Another redirect after [`MAX_REDIRECTS`]: the crawler stopped following.
    TooManyRedirects,
}

/// How robots.txt was served: the redirects followed and what they ended with.
///
/// Build one with the constructors or parse the command-line form: `200`, `404`, `503`, `html`,
/// `unreachable` (or `timeout`), with redirects before a `>`: `301>200`, `3xx>3xx>404`, and a
/// count after `x` or `*`: `301x2>200`, `3xx*6` (six redirects: more than the five followed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FetchStatus {
    redirects: u32,
    outcome: Outcome,
}

impl Default for FetchStatus {
    /// `200 OK`, no redirect: the file counts as written.
    fn default() -> FetchStatus {
        FetchStatus::ok()
    }
}

impl FetchStatus {
    /// `200 OK`.
    pub fn ok() -> FetchStatus {
        FetchStatus {
            redirects: 0,
            outcome: Outcome::Http(200),
        }
    }

    /// A final HTTP status code. Redirects (3xx) are not final: say how many there were with
    /// [`FetchStatus::after_redirects`], or use [`FetchStatus::too_many_redirects`].
    pub fn http(code: u16) -> Result<FetchStatus, InvalidStatus> {
        let problem = match code {
            200..=299 | 400..=599 => {
                return Ok(FetchStatus {
                    redirects: 0,
                    outcome: Outcome::Http(code),
                })
            }
            100..=199 => "a 1xx answer is interim, not the final status of a fetch",
            300..=399 => {
                "a redirect is not a final status: give what it led to (301>200) or how many \
                 there were (301x6)"
            }
            _ => "HTTP status codes run from 100 to 599",
        };
        Err(InvalidStatus {
            given: code.to_string(),
            problem: problem.to_owned(),
        })
    }

    /// A 2xx answer that carried an HTML page instead of a robots.txt.
    pub fn html_page() -> FetchStatus {
        FetchStatus {
            redirects: 0,
            outcome: Outcome::HtmlPage,
        }
    }

    /// No HTTP answer at all: DNS failure, timeout, refused or reset connection.
    pub fn unreachable() -> FetchStatus {
        FetchStatus {
            redirects: 0,
            outcome: Outcome::Unreachable,
        }
    }

    /// More than [`MAX_REDIRECTS`] consecutive redirects.
    pub fn too_many_redirects() -> FetchStatus {
        FetchStatus {
            redirects: MAX_REDIRECTS,
            outcome: Outcome::TooManyRedirects,
        }
    }

    /// The same outcome reached after `redirects` redirects; more than [`MAX_REDIRECTS`] means
    /// the crawler never gets there.
    pub fn after_redirects(self, redirects: u32) -> FetchStatus {
        if redirects > MAX_REDIRECTS || self.outcome == Outcome::TooManyRedirects {
            FetchStatus::too_many_redirects()
        } else {
            FetchStatus { redirects, ..self }
        }
    }

    /// How many redirects were followed (at most [`MAX_REDIRECTS`]).
    pub fn redirects(&self) -> u32 {
        self.redirects
    }

    /// What the fetch ended with.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// The class of the status, which decides its handling.
    pub fn class(&self) -> StatusClass {
        match self.outcome {
            Outcome::Http(429) => StatusClass::TooManyRequests,
            Outcome::Http(400..=499) => StatusClass::ClientError,
            Outcome::Http(500..=599) => StatusClass::ServerError,
            Outcome::Http(_) => StatusClass::Success,
            Outcome::HtmlPage => StatusClass::HtmlPage,
            Outcome::Unreachable => StatusClass::Unreachable,
            Outcome::TooManyRedirects => StatusClass::TooManyRedirects,
        }
    }
}

impl FetchStatus {
    /// The status in words (`404 after 2 redirects`), for the page to word in its language;
    /// `Display` writes it in English.
    pub fn describe(&self) -> Message {
        let outcome = match self.outcome {
            Outcome::Http(code) => Message::new(M::StatusHttp).text("code", code.to_string()),
            Outcome::HtmlPage => Message::new(M::StatusHtmlPage),
            Outcome::Unreachable => Message::new(M::FetchUnreachable),
            Outcome::TooManyRedirects => {
                return Message::new(M::StatusTooManyRedirects)
                    .count("max", MAX_REDIRECTS as usize);
            }
        };
        match self.redirects {
            0 => outcome,
            1 => Message::new(M::StatusAfterRedirect).phrase("status", outcome),
            n => Message::new(M::StatusAfterRedirects)
                .phrase("status", outcome)
                .count("count", n as usize),
        }
    }
}

impl fmt::Display for FetchStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.describe())
    }
}

impl FromStr for FetchStatus {
    type Err = InvalidStatus;

    fn from_str(text: &str) -> Result<FetchStatus, InvalidStatus> {
        let invalid = |problem: &str| InvalidStatus {
            given: text.to_owned(),
            problem: problem.to_owned(),
        };
        let parts: Vec<&str> = text.split('>').map(str::trim).collect();
        let (last, before) = parts.split_last().expect("split yields at least one part");
        let mut redirects: u32 = 0;
        for part in before {
            let count = redirect_count(part)
                .ok_or_else(|| {
                    invalid(&format!(
                        "'{part}' comes before '>', so it must be a redirect: 301, 3xx or 301x3"
                    ))
                })?
                .map_err(&invalid)?;
            redirects = redirects.saturating_add(count);
        }
        if let Some(count) = redirect_count(last) {
            redirects = redirects.saturating_add(count.map_err(&invalid)?);
            if redirects <= MAX_REDIRECTS {
                return Err(invalid(
                    "the redirects end in a redirect: add what the last one led to (301>200), \
                     or give more than five (3xx*6)",
                ));
            }
            return Ok(FetchStatus::too_many_redirects());
        }
        let outcome = match last.to_ascii_lowercase().as_str() {
            "html" | "html-page" => FetchStatus::html_page(),
            "unreachable" | "timeout" | "network-error" => FetchStatus::unreachable(),
            "" => return Err(invalid("no status given")),
            code => {
                let code: u16 = code.parse().map_err(|_| {
                    invalid(
                        "expected an HTTP status (200, 404, 503), 'html', 'unreachable' or \
                         'timeout', after any redirects (301>200)",
                    )
                })?;
                FetchStatus::http(code).map_err(|error| invalid(&error.problem))?
            }
        };
        Ok(outcome.after_redirects(redirects))
    }
}

/// `Some(Ok(n))` when `part` is a redirect (`301`, `3xx`, `301x3`, `3xx*3`) repeated `n` times;
/// `None` when it is not a redirect at all.
fn redirect_count(part: &str) -> Option<Result<u32, &'static str>> {
    let lower = part.to_ascii_lowercase();
    let (code, count) = match lower.get(3..) {
        Some("") => (lower.as_str(), None),
        Some(rest) if rest.starts_with('x') || rest.starts_with('*') => {
            (&lower[..3], Some(&rest[1..]))
        }
        _ => return None,
    };
    let is_redirect =
        code == "3xx" || (code.starts_with('3') && code.bytes().all(|b| b.is_ascii_digit()));
    if !is_redirect {
        return None;
    }
    let count = match count {
        None => 1,
        // Past five, every count means the same (too many), so a huge one is read as the most.
        Some(count) if !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()) => {
            match count.parse::<u32>() {
                Ok(0) => return Some(Err("a redirect count must be at least 1")),
                Ok(count) => count,
                Err(_) => u32::MAX,
            }
        }
        Some(_) => {
            return Some(Err(
                "a redirect count must be written in digits, as in 3xx*6",
            ))
        }
    };
    Some(Ok(count))
}

/// A fetch status that cannot be read or does not exist.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidStatus {
    given: String,
    problem: String,
}

impl InvalidStatus {
    /// What was given.
    pub fn given(&self) -> &str {
        &self.given
    }
}

impl fmt::Display for InvalidStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid fetch status '{}': {}", self.given, self.problem)
    }
}

impl std::error::Error for InvalidStatus {}

/// The kinds of fetch result that crawlers treat differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum StatusClass {
    /// 2xx: the body is the file.
    Success,
    /// 2xx, but the body is an HTML page.
    HtmlPage,
    /// More than five redirects.
    TooManyRedirects,
    /// 4xx other than 429 (404, 403, 410, 401, …).
    ClientError,
    /// 429 Too Many Requests.
    TooManyRequests,
    /// 5xx.
    ServerError,
    /// No HTTP answer: DNS failure, timeout, connection refused or reset.
    Unreachable,
}

impl StatusClass {
    /// Every class, in the order the page offers them.
    pub const ALL: [StatusClass; 7] = [
        StatusClass::Success,
        StatusClass::HtmlPage,
        StatusClass::TooManyRedirects,
        StatusClass::ClientError,
        StatusClass::TooManyRequests,
        StatusClass::ServerError,
        StatusClass::Unreachable,
    ];

    /// The class's name in JSON.
    pub fn id(self) -> &'static str {
        match self {
            StatusClass::Success => "success",
            StatusClass::HtmlPage => "html-page",
            StatusClass::TooManyRedirects => "too-many-redirects",
            StatusClass::ClientError => "client-error",
            StatusClass::TooManyRequests => "too-many-requests",
            StatusClass::ServerError => "server-error",
            StatusClass::Unreachable => "unreachable",
        }
    }

    /// A short human name.
    pub fn title(self) -> &'static str {
        match self {
            StatusClass::Success => "2xx: the file",
            StatusClass::HtmlPage => "2xx with an HTML page",
            StatusClass::TooManyRedirects => "more than 5 redirects",
            StatusClass::ClientError => "4xx (404, 403, 410, …)",
            StatusClass::TooManyRequests => "429 Too Many Requests",
            StatusClass::ServerError => "5xx",
            StatusClass::Unreachable => "unreachable or timed out",
        }
    }

    /// A typical status of the class, for a picker.
    pub fn example(self) -> FetchStatus {
        let http = |code| FetchStatus {
            redirects: 0,
            outcome: Outcome::Http(code),
        };
        match self {
            StatusClass::Success => http(200),
            StatusClass::HtmlPage => FetchStatus::html_page(),
            StatusClass::TooManyRedirects => FetchStatus::too_many_redirects(),
            StatusClass::ClientError => http(404),
            StatusClass::TooManyRequests => http(429),
            StatusClass::ServerError => http(503),
            StatusClass::Unreachable => FetchStatus::unreachable(),
        }
    }
}

/// What a fetch status does to the verdicts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum StatusEffect {
    /// The file counts: parse it and follow its rules.
    ParseFile,
    /// The file is unavailable: every URL is allowed, whatever it says.
    AllowAll,
    /// The file is unreachable: every URL is disallowed, whatever it says.
    DisallowAll,
}

/// A fetch status's effect for one profile, with the words the page shows.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct StatusHandling {
    /// The status.
    pub status: FetchStatus,
    /// Its class.
    pub class: StatusClass,
    /// What it does under the profile asked for (for a crawler, under its operator's handling).
    pub effect: StatusEffect,
    /// What it does under RFC 9309's rules, which `effect` may differ from.
    pub rfc_effect: StatusEffect,
    /// The RFC 9309 section that covers it (`2.3.1.3`).
    pub rfc_section: &'static str,
    /// What RFC 9309 says, in a sentence.
    pub rfc: Message,
    /// What Google documents for its crawlers, in a sentence.
    pub google: Message,
    /// Google's effect differs from the RFC's for this status.
    pub google_differs: bool,
    /// The sentence that explains `effect` under the profile asked for.
    pub explanation: Message,
}

/// What `status` does to every verdict under `profile`.
pub fn status_effect(status: &FetchStatus, profile: Profile) -> StatusEffect {
    effect(status, profile)
}

/// What `status` does under `profile`, with the RFC section, the RFC's rule and Google's
/// documented handling in words.
pub fn status_handling(status: &FetchStatus, profile: Profile) -> StatusHandling {
    let class = status.class();
    let (rfc_section, rfc, google) = texts(class);
    StatusHandling {
        status: *status,
        class,
        effect: effect(status, profile),
        rfc_effect: effect(status, Profile::Rfc9309),
        rfc_section,
        rfc: rfc.into(),
        google: google.into(),
        google_differs: effect(status, Profile::Google) != effect(status, Profile::Rfc9309),
        explanation: match profile {
            Profile::Rfc9309 => rfc,
            Profile::Google => google,
            Profile::Python => python_text(class),
            Profile::Legacy1994 => M::LegacyStatus,
        }
        .into(),
    }
}

/// What `status` does to `crawler`'s verdicts under `profile`. Under `rfc9309` and `google`, the
/// profiles that model crawlers, a catalogued crawler gets the handling its operator documents
/// ([`Crawler::fetch_status`]: Googlebot treats 429 as a server error whichever of the two is
/// chosen); a crawler whose operator documents none, and the record readers (`python`,
/// `legacy-1994`), keep the profile's own.
pub fn crawler_status_handling(
    crawler: &Crawler,
    status: &FetchStatus,
    profile: Profile,
) -> StatusHandling {
    status_handling(status, handling_profile(crawler, profile))
}

/// The profile whose status rules apply to `crawler` under `profile`.
pub(crate) fn handling_profile(crawler: &Crawler, profile: Profile) -> Profile {
    match (profile, crawler.fetch_status) {
        (Profile::Rfc9309 | Profile::Google, FetchHandling::Google) => Profile::Google,
        (Profile::Rfc9309 | Profile::Google, FetchHandling::Rfc9309) => Profile::Rfc9309,
        _ => profile,
    }
}

pub(crate) fn effect(status: &FetchStatus, profile: Profile) -> StatusEffect {
    use StatusEffect::{AllowAll, DisallowAll, ParseFile};
    let class = status.class();
    match (profile, class) {
        (Profile::Python, _) => match status.outcome {
            Outcome::Http(code) => match python_fetch_outcome(code) {
                PythonFetchOutcome::ReadsBody => ParseFile,
                PythonFetchOutcome::AllowAll => AllowAll,
                PythonFetchOutcome::DisallowAll | PythonFetchOutcome::NothingRead => DisallowAll,
            },
            Outcome::HtmlPage => ParseFile,
            Outcome::Unreachable | Outcome::TooManyRedirects => DisallowAll,
        },
        (_, StatusClass::Success | StatusClass::HtmlPage) => ParseFile,
        (_, StatusClass::TooManyRedirects | StatusClass::ClientError) => AllowAll,
        (Profile::Google, StatusClass::TooManyRequests) => DisallowAll,
        (Profile::Rfc9309 | Profile::Legacy1994, StatusClass::TooManyRequests) => AllowAll,
        (_, StatusClass::ServerError | StatusClass::Unreachable) => DisallowAll,
    }
}

/// What CPython's `RobotFileParser` does with each class (see [`python_fetch_outcome`]).
fn python_text(class: StatusClass) -> M {
    match class {
        StatusClass::Success => M::PythonSuccess,
        StatusClass::HtmlPage => M::PythonHtmlPage,
        StatusClass::TooManyRedirects => M::PythonTooManyRedirects,
        StatusClass::ClientError => M::PythonClientError,
        StatusClass::TooManyRequests => M::PythonTooManyRequests,
        StatusClass::ServerError => M::PythonServerError,
        StatusClass::Unreachable => M::PythonUnreachable,
    }
}

/// (RFC section, what the RFC says, what Google documents) for each class.
fn texts(class: StatusClass) -> (&'static str, M, M) {
    match class {
        StatusClass::Success => ("2.3.1.1", M::RfcSuccess, M::GoogleSuccess),
        StatusClass::HtmlPage => ("2.3.1.1", M::RfcHtmlPage, M::GoogleHtmlPage),
        StatusClass::TooManyRedirects => {
            ("2.3.1.2", M::RfcTooManyRedirects, M::GoogleTooManyRedirects)
        }
        StatusClass::ClientError => ("2.3.1.3", M::RfcClientError, M::GoogleClientError),
        StatusClass::TooManyRequests => {
            ("2.3.1.3", M::RfcTooManyRequests, M::GoogleTooManyRequests)
        }
        StatusClass::ServerError => ("2.3.1.4", M::RfcServerError, M::GoogleServerError),
        StatusClass::Unreachable => ("2.3.1.4", M::RfcUnreachable, M::GoogleUnreachable),
    }
}

impl Verdict {
    /// The verdict `effect` (which does not parse the file) gives to the same question.
    pub(crate) fn status_only(&self, effect: StatusEffect) -> Verdict {
        let asked = Verdict {
            agent: self.agent.clone(),
            agent_token: self.agent_token.clone(),
            path: self.path.clone(),
            normalised_path: self.normalised_path.clone(),
            ..Verdict::unexplained(self.allowed, self.reason, self.profile, self.agent_match)
        };
        asked.with_effect(effect)
    }

    /// This verdict when the file was served with a status that has `effect`: unchanged when
    /// the file counts, otherwise allowed or disallowed by the status alone, with
    /// [`Reason::FileUnavailable`] or [`Reason::FileUnreachable`] and no decisive rule, group or
    /// match. `/robots.txt` itself stays allowed under a profile that always allows it.
    pub(crate) fn with_effect(mut self, effect: StatusEffect) -> Verdict {
        self.apply_effect(effect);
        self
    }

    /// [`Verdict::with_effect`] in place: a verdict is a few hundred bytes, and the bulk checks
    /// apply a status to every one (most often a 200, which changes nothing).
    pub(crate) fn apply_effect(&mut self, effect: StatusEffect) {
        let (allowed, reason) = match effect {
            StatusEffect::ParseFile => return,
            _ if self.reason == Reason::ImplicitRobotsTxtAllow => return,
            StatusEffect::AllowAll => (true, Reason::FileUnavailable),
            StatusEffect::DisallowAll => (false, Reason::FileUnreachable),
        };
        // Who asked and what stays; what explained the file's answer goes.
        *self = Verdict {
            agent: std::mem::take(&mut self.agent),
            agent_token: std::mem::take(&mut self.agent_token),
            agent_line_readings: std::mem::take(&mut self.agent_line_readings),
            path: std::mem::take(&mut self.path),
            normalised_path: std::mem::take(&mut self.normalised_path),
            ..Verdict::unexplained(allowed, reason, self.profile, self.agent_match)
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<FetchStatus, InvalidStatus> {
        text.parse()
    }

    #[test]
    fn the_command_line_form_is_read() {
        assert_eq!(parse("200"), Ok(FetchStatus::ok()));
        assert_eq!(parse(" 404 "), FetchStatus::http(404));
        assert_eq!(parse("HTML"), Ok(FetchStatus::html_page()));
        assert_eq!(parse("timeout"), Ok(FetchStatus::unreachable()));
        let redirected = parse("301 > 302>200").unwrap();
        assert_eq!(redirected.redirects(), 2);
        assert_eq!(redirected.outcome(), Outcome::Http(200));
        assert_eq!(parse("3xx*5>503").unwrap().redirects(), 5);
        assert_eq!(parse("301x2>3xx>html").unwrap().redirects(), 3);
        assert_eq!(parse("3xx*6"), Ok(FetchStatus::too_many_redirects()));
        assert_eq!(parse("301x3>308x3"), Ok(FetchStatus::too_many_redirects()));
        assert_eq!(parse("301x9>200"), Ok(FetchStatus::too_many_redirects()));
        // Any count past five means too many, however large.
        assert_eq!(
            parse("3xx*4294967296"),
            Ok(FetchStatus::too_many_redirects())
        );
        let huge = format!("301x{}>200", "9".repeat(1000));
        assert_eq!(parse(&huge), Ok(FetchStatus::too_many_redirects()));
    }

    #[test]
    fn impossible_statuses_are_refused_with_a_reason() {
        for (text, words) in [
            ("", "no status"),
            ("301", "end in a redirect"),
            ("3xx*5", "end in a redirect"),
            ("200>200", "must be a redirect"),
            ("101", "interim"),
            ("700", "100 to 599"),
            ("ok", "expected an HTTP status"),
            ("301x0>200", "at least 1"),
            ("3xx*-1", "written in digits"),
            ("3xx*>200", "written in digits"),
        ] {
            let error = parse(text).unwrap_err();
            assert!(error.to_string().contains(words), "{text}: {error}");
            assert_eq!(error.given(), text);
        }
        assert!(FetchStatus::http(302).is_err());
    }

    #[test]
    fn statuses_fall_into_classes() {
        let class = |text: &str| parse(text).unwrap().class();
        assert_eq!(class("204"), StatusClass::Success);
        assert_eq!(class("410"), StatusClass::ClientError);
        assert_eq!(class("429"), StatusClass::TooManyRequests);
        assert_eq!(class("500"), StatusClass::ServerError);
        assert_eq!(class("301>429"), StatusClass::TooManyRequests);
        for class in StatusClass::ALL {
            assert_eq!(class.example().class(), class);
        }
    }

    #[test]
    fn statuses_read_as_words() {
        assert_eq!(FetchStatus::ok().to_string(), "200");
        assert_eq!(
            parse("3xx>404").unwrap().to_string(),
            "404 after 1 redirect"
        );
        assert_eq!(
            FetchStatus::too_many_redirects().to_string(),
            "more than 5 redirects"
        );
    }

    #[test]
    fn a_crawler_gets_its_operators_handling_with_the_rfc_reading_beside_it() {
        let robots = crate::robots::RobotsTxt::parse(b"User-agent: *\nDisallow: /private/\n");
        let checker = robots.checker(Profile::Rfc9309);
        let too_many = parse("429").unwrap();
        let googlebot = crate::find_crawler("Googlebot").unwrap();
        let ask = |crawler, status| {
            let answer = checker.ask(&crate::Question::crawler(crawler, "/public").status(status));
            (answer.verdict.unwrap(), answer.rfc_status_reading)
        };
        let (verdict, rfc) = ask(googlebot, too_many);
        assert!(!verdict.allowed, "Google treats 429 as a server error");
        assert_eq!(verdict.reason, Reason::FileUnreachable);
        let rfc = rfc.expect("the RFC reads 429 as a 4xx");
        assert!(rfc.allowed);
        assert_eq!(rfc.reason, Reason::FileUnavailable);
        let handling = crawler_status_handling(googlebot, &too_many, Profile::Rfc9309);
        assert_eq!(handling.effect, StatusEffect::DisallowAll);
        assert_eq!(handling.rfc_effect, StatusEffect::AllowAll);

        // An operator that documents nothing keeps the profile's rules.
        let gptbot = crate::find_crawler("GPTBot").unwrap();
        let (verdict, rfc) = ask(gptbot, too_many);
        assert!(verdict.allowed);
        assert!(rfc.is_none());
        // A 503 is a server error for everyone: no difference to show.
        let (verdict, rfc) = ask(googlebot, parse("503").unwrap());
        assert!(!verdict.allowed);
        assert!(rfc.is_none());
    }
}
