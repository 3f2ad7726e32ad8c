//! Sitemaps and the directives RFC 9309 does not define: what each crawler does with
//! `Noindex`, `Crawl-delay`, `Host`, `Clean-param` and the 1996-era extensions, and sitemap
//! URLs that no crawler can fetch.

use super::text::{display_name, quote, quote_directive, value_span};
use super::{Code, Context, Finding};

pub(super) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    for directive in cx.robots.directives() {
        let Some(name) = directive.name else {
            continue;
        };
        let line = cx.line(directive.line);
        let shown = quote_directive(display_name(name), &directive.value);
        let finding = match name {
            "noindex" | "nofollow" | "noarchive" => Finding::new(
                Code::NoindexDirective,
                directive.line,
                format!(
                    "{shown} is not a robots.txt rule: no major search engine reads `{}` here \
                     (Google stopped in 2019), so {}.",
                    display_name(name),
                    match name {
                        "noindex" => "the pages can still be indexed",
                        "nofollow" => "links on those pages are still followed",
                        _ => "it has no effect",
                    }
                ),
                "Indexing instructions belong to the page; in robots.txt they do nothing.",
                format!(
                    "Send an `X-Robots-Tag: {name}` header or a robots meta tag on those pages, \
                     and keep them crawlable so that crawlers can see it."
                ),
            ),
            "crawl-delay" => crawl_delay(directive, &shown),
            "host" | "clean-param" => Finding::new(
                Code::YandexOnlyDirective,
                directive.line,
                format!("{shown} is read only by Yandex; other crawlers skip it."),
                match name {
                    "host" => {
                        "Yandex used Host to pick the preferred mirror and now follows \
                         redirects instead; other search engines never read it."
                    }
                    _ => {
                        "Clean-param tells Yandex which query parameters to ignore; other \
                          search engines rely on canonical links instead."
                    }
                },
                match name {
                    "host" => {
                        "Redirect the other host names to the preferred one and delete \
                               the line."
                    }
                    _ => {
                        "Keep it for Yandex if it helps; add canonical links for other \
                          search engines."
                    }
                },
            ),
            "request-rate" | "visit-time" | "revisit-after" | "domain" => Finding::new(
                Code::ObsoleteDirective,
                directive.line,
                format!("{shown} is not read by any major crawler."),
                match name {
                    "revisit-after" => {
                        "Revisit-after is an HTML meta tag that search engines \
                                        ignore, and it never worked in robots.txt."
                    }
                    "domain" => "No crawler documents a Domain directive.",
                    _ => "It comes from a 1996 extension proposal that no major crawler adopted.",
                },
                "Delete the line.",
            ),
            _ => continue,
        };
        out.push(finding.with_span(value_span(line).or_else(|| super::text::key_span(line))));
    }
    sitemaps(cx, out);
}

fn crawl_delay(directive: &crate::Directive, shown: &str) -> Finding {
    if !is_number_of_seconds(&directive.value) {
        let number: String = directive
            .value
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        let fix = if is_number_of_seconds(&number) {
            format!("Write the number of seconds alone: `Crawl-delay: {number}`.")
        } else {
            "Write a number of seconds, such as `Crawl-delay: 10`.".to_owned()
        };
        return Finding::new(
            Code::CrawlDelayNotANumber,
            directive.line,
            format!(
                "{shown} is not a number of seconds, so crawlers that read Crawl-delay ignore it."
            ),
            "Bingbot and the other crawlers that honour Crawl-delay expect a plain number.",
            fix,
        );
    }
    let placement = if directive.group.is_none() {
        " It stands outside any group, so crawlers that read Crawl-delay may not apply it to \
         anyone."
    } else {
        ""
    };
    Finding::new(
        Code::CrawlDelay,
        directive.line,
        format!(
            "{shown}: Googlebot ignores Crawl-delay; Bingbot and some other crawlers wait this \
             many seconds between requests.{placement}"
        ),
        "Google sets its crawl rate from how the server responds, so the line limits only the \
         crawlers that read it.",
        "Keep it for the crawlers that read it; to slow Googlebot, answer with 429 or 503 while \
         the server is overloaded.",
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
        let url = sitemap.url.trim();
        let scheme = url.find("://").map(|end| &url[..end]).filter(|scheme| {
            !scheme.is_empty()
                && scheme
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        });
        let problem = match scheme {
            _ if url.is_empty() => "The `Sitemap:` line has no URL".to_owned(),
            None => format!("{} is not an absolute URL", quote(url)),
            Some(scheme) if matches!(scheme.to_ascii_lowercase().as_str(), "http" | "https") => {
                continue
            }
            Some(scheme) => format!("{} uses `{scheme}:`, not http or https", quote(url)),
        };
        let line = cx.line(sitemap.line);
        out.push(
            Finding::new(
                Code::SitemapUrlNotAbsolute,
                sitemap.line,
                format!("{problem}, so search engines do not fetch this sitemap."),
                "A robots.txt can be read apart from its site, so a sitemap must be named by its \
                 full http(s) URL.",
                "Write the full URL, such as `Sitemap: https://www.example.com/sitemap.xml`.",
            )
            .with_span(value_span(line)),
        );
    }
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
    fn indexing_directives_are_errors() {
        let input = "User-agent: *\nNoindex: /a\nNofollow: /b\nNoarchive: /c\n";
        let found = with_code(input, Code::NoindexDirective);
        assert_eq!(found.iter().map(|f| f.line).collect::<Vec<_>>(), [2, 3, 4]);
        assert!(found[0].message.contains("can still be indexed"));
        assert!(found[0].fix.contains("X-Robots-Tag: noindex"));
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
        assert!(found[0].fix.contains("`Crawl-delay: 10`"));
        let outside = with_code(
            "Crawl-delay: 5\nUser-agent: *\nDisallow: /a\n",
            Code::CrawlDelay,
        );
        assert!(outside[0].message.contains("outside any group"));
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
