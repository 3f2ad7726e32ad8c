//! What a fetch ended with, from its hops' status codes and the body's audit: the decisions
//! [`fetch`](crate::fetch) makes as it goes, as functions of their own so that captured fetches
//! (a crawl archive's WARC records, which `robots_lens.census` reads) end as a live one would.
//! Nothing here touches the network.

use robots_lens::{FetchStatus, Finding, NotRobotsTxt, Outcome, RobotsTxt, MAX_REDIRECTS};

use crate::site::{self, SiteUrl};

/// The redirects crawlers follow (RFC 9309 §2.3.1.2 and RFC 9110 §15.4: 300, 304 and 305 are
/// not ones).
pub const REDIRECT_STATUSES: [u16; 5] = [301, 302, 303, 307, 308];

pub(crate) fn is_redirect(status: u16) -> bool {
    REDIRECT_STATUSES.contains(&status)
}

pub(crate) fn is_success(status: u16) -> bool {
    (200..300).contains(&status)
}

/// Where a crawler that requested `url` goes when a redirect's `Location` says `location`: the
/// absolute http(s) URL, or `None` when the header cannot be followed (no value, not a URI
/// reference, another scheme), which ends the fetch as [`status_after_hops`] says.
pub fn redirect_target(url: &str, location: &str) -> Option<String> {
    let target = site::resolve_location(url, location)?;
    SiteUrl::parse(&target).is_ok().then_some(target)
}

/// The status a fetch ends with when its hops answered `codes`, in order, every code but the
/// last a redirect that was followed: a last code that is a redirect is one that could not be
/// followed (its `Location` missing or not a URL), a chain that never reaches a file, read as
/// too many redirects (RFC 9309 §2.3.1.2's "unavailable"); more than [`MAX_REDIRECTS`] followed
/// redirects are too many; a final code that is no answer a crawler can use (1xx, 304, past 599)
/// is no answer at all. For a 2xx, [`served_status`] then reads the body.
pub fn status_after_hops(codes: &[u16]) -> FetchStatus {
    let Some((&last, followed)) = codes.split_last() else {
        return FetchStatus::unreachable();
    };
    if is_redirect(last) {
        return FetchStatus::too_many_redirects();
    }
    let redirects = u32::try_from(followed.len()).unwrap_or(u32::MAX);
    answer_status(last).after_redirects(redirects)
}

/// The core's status for a final answer `status`, before its body is looked at.
pub(crate) fn answer_status(status: u16) -> FetchStatus {
    // 1xx, a 3xx that is not followed, or a code past 599 as the final answer: not an answer
    // a crawler can use.
    FetchStatus::http(status).unwrap_or_else(|_| FetchStatus::unreachable())
}

/// What a crawler was served, given the fetch's own `status` and the audit of its body
/// (`RobotsTxt::audit`, which the caller has usually run already): a 2xx that carries an HTML
/// page (a soft 404, an app shell, a login page) rather than a robots.txt is
/// [`FetchStatus::html_page`], after the same redirects. The page is told by its content, as
/// crawlers tell it and as the audit reads it (RL101), not by its Content-Type: a robots.txt
/// served as text/html is still a robots.txt. Any other status is returned as it is.
pub fn served_status(status: FetchStatus, body_findings: &[Finding]) -> FetchStatus {
    let is_html_page = body_findings
        .iter()
        .any(|finding| finding.code == robots_lens::audit::Code::HtmlPage);
    served(status, is_html_page)
}

/// [`served_status`] from the parsed body alone, for a caller that does not audit it (a live
/// fetch, a census without its audit columns): the audit's RL101 is the parse's reading of the
/// body ([`RobotsTxt::not_robots_txt`]) when it is a page or an error body rather than binary
/// data, and running the whole audit to learn it cost a hundred times the parse.
pub fn served_status_of(status: FetchStatus, body: &RobotsTxt) -> FetchStatus {
    let is_html_page = body
        .not_robots_txt()
        .is_some_and(|what| !matches!(what, NotRobotsTxt::Binary { .. }));
    served(status, is_html_page)
}

fn served(status: FetchStatus, is_html_page: bool) -> FetchStatus {
    match status.outcome() {
        Outcome::Http(200..=299) if is_html_page => {
            FetchStatus::html_page().after_redirects(status.redirects())
        }
        _ => status,
    }
}

/// `status` as `--status`, the page's status picker and `FetchStatus::from_str` read it: each
/// followed redirect's code from `redirect_codes` (`3xx` where it has none), then the final
/// answer (`301>302>200`, `404`, `301>html`, `unreachable`), or `3xx*6` for more redirects than
/// crawlers follow.
pub fn status_argument(status: &FetchStatus, redirect_codes: &[u16]) -> String {
    let last = match status.outcome() {
        Outcome::TooManyRedirects => return format!("3xx*{}", MAX_REDIRECTS + 1),
        Outcome::Http(code) => code.to_string(),
        Outcome::HtmlPage => "html".to_owned(),
        Outcome::Unreachable => "unreachable".to_owned(),
    };
    let redirects = status.redirects() as usize;
    let mut parts: Vec<String> = redirect_codes
        .iter()
        .take(redirects)
        .map(ToString::to_string)
        .collect();
    // A status built by hand may count redirects no code records.
    parts.resize(redirects, "3xx".to_owned());
    parts.push(last);
    parts.join(">")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_alone_tells_what_its_audit_tells() {
        let utf16: Vec<u8> = "User-agent: *\nDisallow: /x\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let bodies: [&[u8]; 9] = [
            b"User-agent: *\nDisallow: /private\n",
            b"",
            b"<!DOCTYPE html>\n<html><head><title>Shop</title></head>\n<body>Welcome</body></html>\n",
            b"<html>\n<body>\nUser-agent: *\nDisallow: /x\n</body>\n</html>\n",
            b"{\"status\":404,\"error\":\"not found\"}\n",
            b"404 page not found\n",
            b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xcb\x48\xcd\xc9\xc9\x07\x00",
            &utf16,
            b"<!-- robots -->\nUser-agent: *\nDisallow: /x\nAllow: /y\n",
        ];
        let statuses = ["200", "301>200", "204", "404", "503", "unreachable"];
        let mut pages = 0;
        for body in bodies {
            let robots = RobotsTxt::parse(body);
            let findings = robots.audit();
            for status in statuses {
                let status: FetchStatus = status.parse().unwrap();
                let served = served_status_of(status, &robots);
                assert_eq!(
                    served,
                    served_status(status, &findings),
                    "{body:?} {status:?}"
                );
                pages += usize::from(served != status);
            }
        }
        // The page, the page with rules, the JSON and the error text, each under 200, 301>200, 204.
        assert_eq!(pages, 12);
    }

    #[test]
    fn hops_end_as_a_fetch_of_them_would() {
        let status = |codes: &[u16]| status_argument(&status_after_hops(codes), codes);
        assert_eq!(status(&[200]), "200");
        assert_eq!(status(&[301, 302, 404]), "301>302>404");
        // A redirect that could not be followed, and six followed redirects: no file.
        assert_eq!(status(&[301]), "3xx*6");
        assert_eq!(status(&[301, 301, 301, 301, 301, 301, 200]), "3xx*6");
        assert_eq!(
            status(&[307, 307, 307, 307, 307, 200]),
            "307>307>307>307>307>200"
        );
        // 304 is no redirect a crawler follows, and no final answer either.
        assert_eq!(status(&[304]), "unreachable");
        assert_eq!(status(&[301, 101]), "301>unreachable");
        assert_eq!(status(&[]), "unreachable");
        // Each text reads back as the status it was written from.
        for codes in [&[200][..], &[301, 302, 404], &[301], &[304]] {
            let written = status_after_hops(codes);
            assert_eq!(status(codes).parse::<FetchStatus>(), Ok(written));
        }
    }

    #[test]
    fn redirect_targets_are_absolute_http_urls() {
        let from = "http://shop.example/robots.txt";
        assert_eq!(
            redirect_target(from, "/new/robots.txt").as_deref(),
            Some("http://shop.example/new/robots.txt")
        );
        assert_eq!(
            redirect_target(from, "https://www.shop.example/robots.txt").as_deref(),
            Some("https://www.shop.example/robots.txt")
        );
        assert_eq!(redirect_target(from, ""), None);
        assert_eq!(redirect_target(from, "ftp://shop.example/robots.txt"), None);
    }

    #[test]
    fn an_html_page_after_redirects_keeps_them() {
        let page = RobotsTxt::parse(b"<!DOCTYPE html>\n<html>\n<body>\n</body>\n</html>\n");
        let after_two = FetchStatus::ok().after_redirects(2);
        assert_eq!(
            served_status(after_two, &page.audit()),
            FetchStatus::html_page().after_redirects(2)
        );
        assert_eq!(
            status_argument(&served_status(after_two, &page.audit()), &[301, 308]),
            "301>308>html"
        );
        // Only a 2xx can be a page: a 404's body is not read as one.
        let missing = FetchStatus::http(404).unwrap();
        assert_eq!(served_status(missing, &page.audit()), missing);
        let file = RobotsTxt::parse(b"User-agent: *\nDisallow: /x\n");
        assert_eq!(served_status(after_two, &file.audit()), after_two);
    }
}
