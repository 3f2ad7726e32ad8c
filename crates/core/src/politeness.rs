//! What a polite crawler reads beside the rules: `Crawl-delay` and `Request-rate` for one agent
//! or crawler, and the file's preferred host (`Host:`) and sitemaps.
//!
//! protego, `urllib.robotparser` and robots-parser each answer "how long should this crawler
//! wait between fetches?" from the group they chose for it, and Scrapy now asks its parser the
//! same. Here the group is never chosen a second time: [`Checker::politeness`] asks the entry
//! point ([`Checker::ask_verdict`]) who applies — the same agent matching, the same crawler
//! fallback chain, the same record reader for the `python` and `legacy-1994` profiles — and
//! reads the delay and the rate from the lines of the groups that answered.
//!
//! ```
//! use robots_lens::{find_crawler, AgentMatch, Profile, RobotsTxt, Who};
//!
//! let robots = RobotsTxt::parse(b"User-agent: *\nCrawl-delay: 5\nRequest-rate: 1/10m\n\nHost: www.example.com\n");
//! let checker = robots.checker(Profile::Rfc9309);
//! let polite = checker.politeness(Who::Agent("ExampleBot/1.0"), AgentMatch::Substring);
//! assert_eq!(polite.crawl_delay.map(|delay| delay.seconds), Some(5.0));
//! assert_eq!(polite.request_rate.map(|rate| (rate.requests, rate.seconds)), Some((1, 600)));
//! assert_eq!(robots.preferred_host(), Some(("www.example.com", 5)));
//!
//! // A crawler walks its documented fallback chain: GPTBot has no group, so `*` applies.
//! let gptbot = checker.politeness(Who::Crawler(find_crawler("GPTBot").unwrap()), AgentMatch::Token);
//! assert_eq!(gptbot.crawl_delay.map(|delay| delay.line), Some(2));
//! ```
//!
//! # How values are read
//!
//! Neither directive is in RFC 9309, so each value is read as the readers that honour it do:
//!
//! - `Crawl-delay`: a decimal number of seconds, not negative (`5`, `0.5`, `.5`), as protego
//!   reads it (protego's `float` also takes `1e1`, which no real file writes); under the `python`
//!   profile only ASCII digits, as `urllib.robotparser` reads it (`0.5` is ignored there).
//! - `Request-rate`: `requests/seconds`, the seconds optionally with a unit `s`, `m`, `h` or `d`
//!   (`1/10m` is one request every 600 seconds), both positive, as protego reads it; a time window
//!   after it (`1/5 0600-0845`) is not read. Under the `python` profile only `digits/digits`.
//! - A value that does not read so is skipped, and when several lines of the groups that apply
//!   give one, the last valid one counts (protego's and `urllib.robotparser`'s behaviour).
//! - Lines past the 500 KiB limit are skipped, as verdicts skip them.
//!
//! Whether a crawler honours the delay at all (Googlebot does not) is the catalogue's business
//! ([`crate::Crawler::crawl_delay`]): this is what the file asks of it.

use crate::answer::Checker;
use crate::answer::{Question, Who};
use crate::profile::{AgentMatch, Profile};
use crate::robots::RobotsTxt;

/// A `Crawl-delay` line that applies: the seconds it asks for and where it stands.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DelayLine {
    /// Seconds to wait between fetches (finite, not negative).
    pub seconds: f64,
    /// The line it was read from.
    pub line: usize,
}

/// A `Request-rate` line that applies: at most `requests` fetches every `seconds`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RequestRate {
    /// How many fetches.
    pub requests: u64,
    /// In how many seconds (a unit such as `m` already applied).
    pub seconds: u64,
    /// The line it was read from.
    pub line: usize,
}

/// What the groups that apply to one agent or crawler ask besides the rules.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Politeness {
    /// The last valid `Crawl-delay` of the groups that apply, if any.
    pub crawl_delay: Option<DelayLine>,
    /// The last valid `Request-rate` of the groups that apply, if any.
    pub request_rate: Option<RequestRate>,
    /// The groups that apply ([`crate::AppliedGroup::index`]), as a verdict for the same asker
    /// names them; empty when none does.
    pub groups: Vec<usize>,
}

impl Checker<'_> {
    /// The `Crawl-delay` and `Request-rate` that apply to `who` (an agent compared by
    /// `agent_match`, or a catalogued crawler along its fallback chain): read from the groups a
    /// verdict for the same question uses, so that the delay and the verdict never come from
    /// two different groups.
    pub fn politeness(&self, who: Who<'_>, agent_match: AgentMatch) -> Politeness {
        // Every typed path is a URL a crawler requests, and the groups do not depend on it: any
        // path asks who applies. The status is 200, which leaves the groups in place.
        let question = Question::new(who, "/").agent_match(agent_match);
        let Ok(verdict) = self.ask_verdict(&question) else {
            return Politeness::default();
        };
        let robots = self.robots();
        // Merged groups are read in file order, so that "the last one" is the last in the file:
        // groups (and a record reader's one record) are disjoint runs of lines, each in order,
        // and a verdict lists them in file order, so their lines follow each other in order.
        let lines = verdict
            .groups
            .iter()
            .flat_map(|group| group.lines.iter().copied());
        let mut answer = Politeness {
            groups: verdict.groups.iter().map(|group| group.index).collect(),
            ..Politeness::default()
        };
        let digits_only = self.profile() == Profile::Python;
        for number in lines {
            let Some(line) = robots.line(number) else {
                continue;
            };
            if line.beyond_size_limit {
                continue;
            }
            let value = line.value().unwrap_or_default();
            match line.directive {
                Some("crawl-delay") => {
                    if let Some(seconds) = read_delay(value, digits_only) {
                        answer.crawl_delay = Some(DelayLine {
                            seconds,
                            line: number,
                        });
                    }
                }
                Some("request-rate") => {
                    if let Some((requests, seconds)) = read_rate(value, digits_only) {
                        answer.request_rate = Some(RequestRate {
                            requests,
                            seconds,
                            line: number,
                        });
                    }
                }
                _ => {}
            }
        }
        answer
    }
}

impl RobotsTxt {
    /// The host of the first `Host:` line with a value, within the 500 KiB limit, and its line:
    /// the mirror the site prefers (Yandex's directive; Yandex reads the first such line).
    pub fn preferred_host(&self) -> Option<(&str, usize)> {
        self.directives()
            .iter()
            .filter(|directive| directive.name == Some("host"))
            .filter_map(|directive| self.line(directive.line))
            .filter(|line| !line.beyond_size_limit)
            .find_map(|line| {
                let host = line.value().unwrap_or_default();
                (!host.is_empty()).then_some((host, line.number))
            })
    }
}

/// A `Crawl-delay` value in seconds, or `None` when the readers that honour it skip it: a
/// decimal number (`5`, `0.5`, `.5`, `5.`, `+2`), and under `digits_only` ASCII digits alone.
///
/// Read by hand rather than by `str::parse::<f64>`, whose correctly rounded reader of every
/// float syntax would add more to the npm package's wasm than the rest of this module. The
/// result is Python's `float(value)` exactly whenever the digits without the point are fewer
/// than 16 (one division of two exactly represented numbers is correctly rounded); longer ones
/// are rounded once more. Exponents (`1e1`), `inf` and `nan`, which protego accepts or rejects
/// by `float`, are skipped: no real file writes one.
fn read_delay(value: &str, digits_only: bool) -> Option<f64> {
    let value = value.trim();
    if digits_only && !is_digits(value) {
        return None;
    }
    let unsigned = value.strip_prefix('+').unwrap_or(value);
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    if !(whole.is_empty() || is_digits(whole)) || !(fraction.is_empty() || is_digits(fraction)) {
        return None;
    }
    // Leading zeros add nothing; trailing zeros of the fraction neither.
    let whole = whole.trim_start_matches('0');
    let fraction = fraction.trim_end_matches('0');
    let mut mantissa = 0.0_f64;
    for digit in whole.bytes().chain(fraction.bytes()) {
        mantissa = mantissa * 10.0 + f64::from(digit - b'0');
    }
    let mut scale = 1.0_f64;
    for _ in 0..fraction.len() {
        scale *= 10.0;
    }
    let seconds = mantissa / scale;
    seconds.is_finite().then_some(seconds)
}

/// A `Request-rate` value as (requests, seconds), or `None` when it does not read.
fn read_rate(value: &str, digits_only: bool) -> Option<(u64, u64)> {
    if digits_only {
        // `urllib.robotparser`: exactly one `/`, digits (stripped) on both sides; zero allowed.
        let (requests, seconds) = value.split_once('/')?;
        let (requests, seconds) = (requests.trim(), seconds.trim());
        if !is_digits(requests) || !is_digits(seconds) || seconds.contains('/') {
            return None;
        }
        return Some((requests.parse().ok()?, seconds.parse().ok()?));
    }
    // protego: the first word is the rate; a time window may follow it.
    let rate = value.split_ascii_whitespace().next()?;
    let (requests, period) = rate.split_once('/')?;
    let (digits, unit) = match period.as_bytes().last()?.to_ascii_lowercase() {
        b's' => (&period[..period.len() - 1], 1),
        b'm' => (&period[..period.len() - 1], 60),
        b'h' => (&period[..period.len() - 1], 3600),
        b'd' => (&period[..period.len() - 1], 86_400),
        _ => (period, 1),
    };
    if !is_digits(requests) || !is_digits(digits) {
        return None;
    }
    let requests: u64 = requests.parse().ok()?;
    let seconds = digits.parse::<u64>().ok()?.checked_mul(unit)?;
    (requests > 0 && seconds > 0).then_some((requests, seconds))
}

fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::find_crawler;

    const POLITE: &str = "\
User-agent: *
Disallow: /private
Crawl-delay: 5
Request-rate: 1/10m

User-agent: ExampleBot
Disallow: /tmp
Crawl-delay: 0.5
Crawl-delay: 2
Crawl-delay: soon

User-agent: Googlebot
Disallow: /x

User-agent: examplebot
Disallow: /y
Request-rate: 3/1h 0600-0845

Host: www.shop.example
Host: other.example
Sitemap: https://shop.example/a.xml
";

    fn polite(profile: Profile, who: Who<'_>) -> Politeness {
        RobotsTxt::parse(POLITE.as_bytes())
            .checker(profile)
            .politeness(who, AgentMatch::Substring)
    }

    #[test]
    fn the_groups_are_those_a_verdict_uses_and_the_last_valid_value_counts() {
        let own = polite(
            Profile::Rfc9309,
            Who::Agent("Mozilla/5.0 (compatible; ExampleBot/1.0)"),
        );
        // Both ExampleBot groups merge; `soon` is skipped; the rate is the merged group's.
        assert_eq!(
            own.crawl_delay,
            Some(DelayLine {
                seconds: 2.0,
                line: 9
            })
        );
        assert_eq!(
            own.request_rate,
            Some(RequestRate {
                requests: 3,
                seconds: 3600,
                line: 17
            })
        );
        assert_eq!(own.groups, vec![1, 3]);
        let star = polite(Profile::Rfc9309, Who::Agent("OtherBot"));
        assert_eq!(star.crawl_delay.map(|delay| delay.line), Some(3));
        assert_eq!(star.request_rate.map(|rate| rate.seconds), Some(600));
        let googlebot = polite(Profile::Rfc9309, Who::Agent("Googlebot"));
        assert_eq!(
            googlebot.crawl_delay, None,
            "Googlebot's own group sets none"
        );
        assert_eq!(googlebot.groups, vec![2]);
    }

    #[test]
    fn a_crawler_follows_its_fallback_chain() {
        let image = find_crawler("Googlebot-Image").unwrap();
        let found = polite(Profile::Rfc9309, Who::Crawler(image));
        assert_eq!(
            found.groups,
            vec![2],
            "Googlebot's group, the chain's second step"
        );
        assert_eq!(found.crawl_delay, None);
        let gptbot = find_crawler("GPTBot").unwrap();
        assert_eq!(
            polite(Profile::Rfc9309, Who::Crawler(gptbot)).groups,
            vec![0]
        );
    }

    #[test]
    fn every_way_of_asking_names_the_groups_the_verdict_names() {
        let robots = RobotsTxt::parse(POLITE.as_bytes());
        for profile in Profile::ALL {
            let checker = robots.checker(profile);
            for agent in [
                "ExampleBot",
                "Googlebot",
                "OtherBot",
                "",
                "Mozilla/5.0 ExampleBot",
            ] {
                for model in [AgentMatch::Substring, AgentMatch::Token] {
                    let verdict = checker
                        .ask_verdict(&Question::agent(agent, "/x").agent_match(model))
                        .unwrap();
                    let groups: Vec<usize> = verdict.groups.iter().map(|g| g.index).collect();
                    assert_eq!(checker.politeness(Who::Agent(agent), model).groups, groups);
                }
            }
        }
    }

    #[test]
    fn the_python_profile_reads_as_urllib_robotparser_does() {
        // CPython's reader takes the first record naming the agent, and digits only.
        let own = polite(Profile::Python, Who::Agent("ExampleBot"));
        assert_eq!(own.crawl_delay.map(|delay| delay.seconds), Some(2.0));
        assert_eq!(
            own.request_rate, None,
            "robotparser's first record sets none"
        );
        let robots = RobotsTxt::parse(b"User-agent: *\nCrawl-delay: 0.5\nRequest-rate: 1/10m\n");
        let python = robots
            .checker(Profile::Python)
            .politeness(Who::Agent("a"), AgentMatch::Substring);
        assert_eq!((python.crawl_delay, python.request_rate), (None, None));
        let rfc = robots
            .checker(Profile::Rfc9309)
            .politeness(Who::Agent("a"), AgentMatch::Substring);
        assert_eq!(rfc.crawl_delay.map(|delay| delay.seconds), Some(0.5));
    }

    #[test]
    fn values_read_as_protego_reads_them() {
        for (value, seconds) in [
            ("5", Some(5.0)),
            (" 0.25 ", Some(0.25)),
            (".5", Some(0.5)),
            ("5.", Some(5.0)),
            ("+2", Some(2.0)),
            ("007.250", Some(7.25)),
            ("0.1", Some(0.1)),
            ("1.000000000000001", Some(1.000000000000001)),
            (".", None),
            ("1.2.3", None),
            ("1e1", None),
            ("-1", None),
            ("inf", None),
            ("NaN", None),
            ("", None),
            ("5s", None),
        ] {
            assert_eq!(read_delay(value, false), seconds, "{value:?}");
        }
        for (value, rate) in [
            ("1/5", Some((1, 5))),
            ("1/10M", Some((1, 600))),
            ("2/1d", Some((2, 86_400))),
            ("1/5 0600-0845", Some((1, 5))),
            ("0/5", None),
            ("1/0", None),
            ("1/5/6", None),
            ("1/", None),
            ("/5", None),
            ("a/5", None),
            ("1/99999999999999999999d", None),
        ] {
            assert_eq!(read_rate(value, false), rate, "{value:?}");
        }
        assert_eq!(read_rate(" 1 / 0 ", true), Some((1, 0)));
        assert_eq!(read_rate("1/10m", true), None);
    }

    #[test]
    fn a_delay_before_the_first_rule_belongs_to_the_group_the_next_agent_line_joins() {
        // Only a rule closes a group's list of agents (Google's grouping, RFC 9309 §2.1), so
        // ExampleBot shares the `*` group and its delay; protego gives ExampleBot none.
        let robots = RobotsTxt::parse(
            b"User-agent: *\nCrawl-delay: 5\n\nUser-agent: ExampleBot\nDisallow: /x\n",
        );
        let found = robots
            .checker(Profile::Rfc9309)
            .politeness(Who::Agent("ExampleBot"), AgentMatch::Substring);
        assert_eq!(found.crawl_delay.map(|delay| delay.seconds), Some(5.0));
        assert_eq!(found.groups, vec![0]);
    }

    #[test]
    fn a_delay_reads_as_rusts_and_pythons_correctly_rounded_float_when_it_has_under_16_digits() {
        // A deterministic spread of decimals: every split of a digit string into whole and
        // fraction, for strings of 1 to 15 digits.
        let mut state = 0x9e37_79b9_u64;
        for _ in 0..20_000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let digits = 1 + (state >> 60) as usize % 15;
            let text: String = (0..digits)
                .map(|at| char::from(b'0' + ((state >> (at * 4 % 60)) % 10) as u8))
                .collect();
            let point = (state >> 8) as usize % (digits + 1);
            let value = format!("{}.{}", &text[..point], &text[point..]);
            assert_eq!(read_delay(&value, false), value.parse().ok(), "{value}");
        }
    }

    #[test]
    fn the_preferred_host_is_the_first_host_line_with_a_value() {
        let robots = RobotsTxt::parse(POLITE.as_bytes());
        assert_eq!(robots.preferred_host(), Some(("www.shop.example", 19)));
        let robots = RobotsTxt::parse(b"Host:\nUser-agent: *\nHost: b.example\n");
        assert_eq!(robots.preferred_host(), Some(("b.example", 3)));
        assert_eq!(RobotsTxt::parse(b"User-agent: *\n").preferred_host(), None);
    }
}
