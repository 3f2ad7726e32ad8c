//! Sitemaps and the directives RFC 9309 does not define: what each crawler does with
//! `Noindex`, `Crawl-delay`, `Host`, `Clean-param` and the 1996-era extensions, and sitemap
//! URLs that no crawler can fetch.

use super::text::{directive_code, display_name, value_span};
use super::{Code, Context, Finding};
use crate::catalogue::{crawlers, CrawlDelay};
use crate::group::AgentToken;
use crate::matcher::GroupSelection;
use crate::message::{Message, MessageId as M, Value};
use crate::profile::Profile;

pub(super) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let delay_readers = DelayReaders::new(cx);
    for directive in cx.robots.directives() {
        let Some(name) = directive.name else {
            continue;
        };
        let line = cx.line(directive.line);
        let shown = directive_code(display_name(name), directive.value(cx.robots));
        let finding = match name {
            "noindex" | "nofollow" | "noarchive" => Finding::new(
                Code::NoindexDirective,
                directive.line,
                Message::new(match name {
                    "noindex" => M::NoindexDirectiveNoindex,
                    "nofollow" => M::NoindexDirectiveNofollow,
                    _ => M::NoindexDirectiveOther,
                })
                .with("directive", shown)
                .code("key", display_name(name)),
                M::NoindexDirectiveWhy,
                Message::new(M::NoindexDirectiveFix).text("value", name),
            ),
            "crawl-delay" => {
                crawl_delay(directive, directive.value(cx.robots), shown, &delay_readers)
            }
            "host" | "clean-param" => {
                let host = name == "host";
                Finding::new(
                    Code::YandexOnlyDirective,
                    directive.line,
                    Message::new(M::YandexOnlyDirective).with("directive", shown),
                    if host {
                        M::YandexOnlyDirectiveHostWhy
                    } else {
                        M::YandexOnlyDirectiveCleanParamWhy
                    },
                    if host {
                        M::YandexOnlyDirectiveHostFix
                    } else {
                        M::YandexOnlyDirectiveCleanParamFix
                    },
                )
            }
            "request-rate" | "visit-time" if !uncatalogued(cx, directive).is_empty() => {
                let names = Value::List(uncatalogued(cx, directive).into());
                Finding::new(
                    Code::ObsoleteDirective,
                    directive.line,
                    Message::new(M::ObsoleteDirectiveUncatalogued)
                        .with("directive", shown)
                        .with("names", names.clone()),
                    M::ObsoleteDirectiveUncataloguedWhy,
                    Message::new(M::ObsoleteDirectiveUncataloguedFix).with("names", names),
                )
            }
            "request-rate" | "visit-time" | "revisit-after" | "domain" => Finding::new(
                Code::ObsoleteDirective,
                directive.line,
                Message::new(M::ObsoleteDirective).with("directive", shown),
                match name {
                    "revisit-after" => M::ObsoleteDirectiveRevisitAfterWhy,
                    "domain" => M::ObsoleteDirectiveDomainWhy,
                    _ => M::ObsoleteDirectiveWhy,
                },
                M::ObsoleteDirectiveFix,
            ),
            _ => continue,
        };
        out.push(finding.with_span(value_span(&line).or_else(|| super::text::key_span(&line))));
    }
    sitemaps(cx, out);
}

/// The crawlers a group names that the catalogue does not know (`SeznamBot`), when the group
/// does not name `*`: no catalogued crawler reads `Request-rate`, but a crawler outside it may
/// document it, and its owner wrote the line for it.
fn uncatalogued(cx: &Context<'_>, directive: &crate::group::Directive) -> Vec<Value> {
    let Some(group) = directive.group.map(|g| cx.group(g)) else {
        return Vec::new();
    };
    let mut names = Vec::new();
    for agent in &group.agents {
        match &agent.token {
            AgentToken::Star => return Vec::new(),
            AgentToken::Product(token)
                if crate::catalogue::find_crawler(token.as_str()).is_none() =>
            {
                names.push(Value::code(agent.value()));
            }
            AgentToken::Product(_) => {}
        }
    }
    names
}

/// The catalogued crawlers that read `Crawl-delay`, each with the groups it reads (chosen as
/// the answering layer chooses them, once per audit): a delay is named with the crawlers whose
/// groups hold it, not with those its group's names suggest.
struct DelayReaders {
    readers: Vec<(&'static str, Vec<usize>)>,
}

impl DelayReaders {
    fn new(cx: &Context<'_>) -> DelayReaders {
        let checker = cx.robots.checker(Profile::Google);
        let readers = crawlers()
            .iter()
            .filter(|crawler| crawler.crawl_delay == CrawlDelay::Yes)
            .map(|crawler| {
                let groups = checker
                    .select_groups(GroupSelection::Chain(crawler.chain), false)
                    .groups
                    .iter()
                    .map(|group| group.index)
                    .collect();
                (crawler.name, groups)
            })
            .collect();
        DelayReaders { readers }
    }

    /// The crawlers that read the delay of group `group`.
    fn of(&self, group: usize) -> Vec<Value> {
        self.readers
            .iter()
            .filter(|(_, groups)| groups.contains(&group))
            .map(|(name, _)| Value::Text((*name).into()))
            .collect()
    }
}

fn crawl_delay(
    directive: &crate::group::Directive,
    value: &str,
    shown: Value,
    readers: &DelayReaders,
) -> Finding {
    if !is_number_of_seconds(value) {
        let number: String = value
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        let fix = if is_number_of_seconds(&number) {
            Message::new(M::CrawlDelayNotANumberFixNumber).text("number", number)
        } else {
            M::CrawlDelayNotANumberFix.into()
        };
        return Finding::new(
            Code::CrawlDelayNotANumber,
            directive.line,
            Message::new(M::CrawlDelayNotANumber).with("directive", shown),
            M::CrawlDelayNotANumberWhy,
            fix,
        );
    }
    let message = match directive.group.map(|group| readers.of(group)) {
        None => Message::new(M::CrawlDelayOutsideGroup),
        Some(names) if names.is_empty() => Message::new(M::CrawlDelayNoReader),
        Some(names) => Message::new(M::CrawlDelay).list("crawlers", names),
    };
    Finding::new(
        Code::CrawlDelay,
        directive.line,
        message.with("directive", shown),
        M::CrawlDelayWhy,
        M::CrawlDelayFix,
    )
}

/// A plain decimal number such as `10`, `0.5` or `.5`: what crawlers that honour Crawl-delay
/// accept. Checked by hand because a float parser would cost the wasm module several kilobytes.
fn is_number_of_seconds(text: &str) -> bool {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    !(whole.is_empty() && fraction.is_empty()) && digits(whole) && digits(fraction)
}

fn sitemaps(cx: &Context<'_>, out: &mut Vec<Finding>) {
    for sitemap in cx.robots.sitemaps() {
        let url = sitemap.url(cx.robots).trim();
        let scheme = url.find("://").map(|end| &url[..end]).filter(|scheme| {
            !scheme.is_empty()
                && scheme
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        });
        let problem = match scheme {
            _ if url.is_empty() => Message::new(M::SitemapUrlEmpty),
            None => Message::new(M::SitemapUrlRelative).code("url", url),
            Some(scheme) if matches!(scheme.to_ascii_lowercase().as_str(), "http" | "https") => {
                if let Some(part) = pattern_part(url) {
                    let line = cx.line(sitemap.line);
                    out.push(
                        Finding::new(
                            Code::SitemapIsAPattern,
                            sitemap.line,
                            Message::new(M::SitemapIsAPattern)
                                .code("url", url)
                                .code("part", part),
                            M::SitemapIsAPatternWhy,
                            M::SitemapIsAPatternFix,
                        )
                        .with_span(value_span(&line)),
                    );
                }
                continue;
            }
            Some(scheme) => Message::new(M::SitemapUrlScheme)
                .code("url", url)
                .code("scheme", &format!("{scheme}:")),
        };
        let line = cx.line(sitemap.line);
        out.push(
            Finding::new(
                Code::SitemapUrlNotAbsolute,
                sitemap.line,
                problem,
                M::SitemapUrlNotAbsoluteWhy,
                M::SitemapUrlNotAbsoluteFix,
            )
            .with_span(value_span(&line)),
        );
    }
}

/// The part of a sitemap URL that makes it a pattern rather than a URL: a regular expression's
/// escape or class (`\d`, `\.`, `[0-9]`), a `.*`, or a `*` wildcard. Nothing in a URL needs a
/// backslash or a star, and `[` is not a URL character outside a host's IPv6 address.
fn pattern_part(url: &str) -> Option<&str> {
    let path = url
        .find("://")
        .and_then(|at| url[at + 3..].find('/').map(|slash| &url[at + 3 + slash..]))?;
    let at = path.find(['\\', '*', '['])?;
    let end = match path.as_bytes()[at] {
        b'\\' => (at + 2).min(path.len()),
        b'[' => path[at..]
            .find(']')
            .map_or(path.len(), |close| at + close + 1),
        _ => at + 1,
    };
    // `.*` is one token of a regular expression.
    let start = if at > 0 && path.as_bytes()[at] == b'*' && path.as_bytes()[at - 1] == b'.' {
        at - 1
    } else {
        at
    };
    path.get(start..end)
}

#[cfg(test)]
mod tests {

    #[test]
    fn crawl_delay_values_are_plain_decimal_numbers() {
        for good in ["10", "0.5", ".5", "5.", "0"] {
            assert!(super::is_number_of_seconds(good), "{good}");
        }
        for bad in ["", ".", "ten", "1e3", "-1", "5 s", "1.2.3", "inf"] {
            assert!(!super::is_number_of_seconds(bad), "{bad}");
        }
    }

    use super::super::test_support::*;
    use super::super::Code;

    #[test]
    fn request_rate_for_an_uncatalogued_crawler_is_not_called_unread_by_all() {
        let input = "User-agent: RegionalSearchBot\nRequest-rate: 1/10s\nDisallow: /a\n";
        let found = with_code(input, Code::ObsoleteDirective);
        assert_eq!(found.len(), 1);
        let why = found[0].why.english();
        assert!(why.contains("a smaller crawler may still read it"), "{why}");
        let star = with_code(
            "User-agent: *\nRequest-rate: 1/10s\n",
            Code::ObsoleteDirective,
        );
        assert!(star[0].why.english().contains("no major crawler adopted"));
    }

    #[test]
    fn indexing_directives_are_errors() {
        let input = "User-agent: *\nNoindex: /a\nNofollow: /b\nNoarchive: /c\n";
        let found = with_code(input, Code::NoindexDirective);
        assert_eq!(found.iter().map(|f| f.line).collect::<Vec<_>>(), [2, 3, 4]);
        assert!(found[0].message.english().contains("can still be indexed"));
        assert!(found[0].fix.english().contains("X-Robots-Tag: noindex"));
    }

    #[test]
    fn crawl_delay_is_info_unless_it_is_not_a_number() {
        assert_eq!(
            codes("User-agent: *\nCrawl-delay: 0.5\nDisallow: /a\n"),
            [(Code::CrawlDelay, 2)]
        );
        let found = with_code(
            "User-agent: *\nCrawl-delay: 10s\nDisallow: /a\n",
            Code::CrawlDelayNotANumber,
        );
        assert_eq!(found.len(), 1);
        assert!(found[0].fix.english().contains("`Crawl-delay: 10`"));
        let outside = with_code(
            "Crawl-delay: 5\nUser-agent: *\nDisallow: /a\n",
            Code::CrawlDelay,
        );
        assert!(outside[0].message.english().contains("outside any group"));
    }

    #[test]
    fn yandex_and_obsolete_directives_are_info() {
        let input = "User-agent: *\nDisallow: /a\nHost: example.com\nClean-param: ref /\n\
                     Request-rate: 1/5\nVisit-time: 0100-0500\nRevisit-after: 7 days\n\
                     Content-Signal: search=yes, ai-train=no\n";
        assert_eq!(
            codes(input),
            [
                (Code::YandexOnlyDirective, 3),
                (Code::YandexOnlyDirective, 4),
                (Code::ObsoleteDirective, 5),
                (Code::ObsoleteDirective, 6),
                (Code::ObsoleteDirective, 7),
            ]
        );
    }

    #[test]
    fn a_delay_names_the_crawlers_whose_groups_hold_it() {
        // Bingbot reads Crawl-delay but follows a group of its own, without one: it is not
        // among those the `*` group's delay slows; a group no delay-reading crawler follows
        // says so.
        let input = "User-agent: *\nCrawl-delay: 10\nDisallow: /a\n\nUser-agent: bingbot\n\
                     Disallow: /b\n\nUser-agent: ExampleBot\nCrawl-delay: 5\n";
        let found = with_code(input, Code::CrawlDelay);
        let star = found[0].message.english();
        assert!(!star.contains("Bingbot"), "{star}");
        assert!(star.contains("CCBot"), "{star}");
        assert_eq!(
            found[1].message.id(),
            crate::message::MessageId::CrawlDelayNoReader
        );
        let without_own = with_code(
            "User-agent: *\nCrawl-delay: 10\nDisallow: /a\n",
            Code::CrawlDelay,
        );
        assert!(without_own[0].message.english().contains("Bingbot"));
    }

    #[test]
    fn a_sitemap_written_as_a_pattern_is_named_by_its_pattern() {
        for (url, part) in [
            ("https://www.example.com/sitemap\\d+\\.xml", "\\d"),
            ("https://www.example.com/sitemap-[0-9].xml", "[0-9]"),
            ("https://www.example.com/sitemaps/*.xml", "*"),
            ("https://www.example.com/sitemap.*", ".*"),
        ] {
            assert_eq!(super::pattern_part(url), Some(part), "{url}");
            let input = format!("User-agent: *\nDisallow: /a\nSitemap: {url}\n");
            let found = with_code(&input, Code::SitemapIsAPattern);
            assert_eq!(found.len(), 1, "{url}");
            assert_eq!(found[0].severity, super::super::Severity::Info);
            assert!(
                found[0].message.english().contains(part),
                "{}",
                found[0].message
            );
        }
        // A URL that only looks odd, and the IPv6 address of a host, are URLs.
        for url in [
            "https://www.example.com/sitemap_index.xml?lang=en&page=2",
            "https://[2001:db8::1]/sitemap.xml",
        ] {
            assert_eq!(super::pattern_part(url), None, "{url}");
        }
    }

    #[test]
    fn sitemaps_must_be_absolute_http_urls() {
        let input = "User-agent: *\nDisallow: /a\nSitemap: /sitemap.xml\n\
                     Sitemap: ftp://example.com/s.xml\nSitemap:\n\
                     Sitemap: HTTPS://example.com/s.xml\nSitemap: www.example.com/s.xml\n";
        let lines: Vec<usize> = with_code(input, Code::SitemapUrlNotAbsolute)
            .iter()
            .map(|f| f.line)
            .collect();
        assert_eq!(lines, [3, 4, 5, 7]);
    }
}
