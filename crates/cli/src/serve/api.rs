//! `GET /api/fetch?site=URL&crawler=NAME`: the robots.txt of URL's site, fetched the way
//! `robots-lens fetch` fetches it (the same crate, the same limits), returned to the page as
//! JSON with the bytes, every hop and the timings.
//!
//! Only `scheme://host[:port]/robots.txt` of the site is ever requested, whatever path the
//! address has (the fetch crate builds the URL; the address's own path is only echoed back for
//! the page to ask about). The page words everything: this module sends codes and numbers, and
//! the status in the form the page's engine reads (`301>200`, `404`, `html`, `unreachable`),
//! which decides every verdict there.
//!
//! Who may ask is checked in serve.rs before this module is reached (the Host, the Origin, the
//! fetch site and the key); this module refuses what cannot be fetched: a missing or repeated
//! parameter, one it does not know, a scheme other than http(s), credentials in the address,
//! an unknown crawler.

use std::time::Duration;

use robots_lens_fetch::{fetch, FetchOptions, Fetched, SiteUrl, COUNTED_BYTES};
use serde::Serialize;

use crate::crawler_name::find_crawler_or_explain;
use crate::serve::http::{percent_decode, Refusal};

/// The parameters the endpoint reads.
const PARAMETERS: &[&str] = &["site", "crawler"];

/// What the page asked for.
#[derive(Debug, PartialEq, Eq)]
pub struct Asked {
    pub site: SiteUrl,
    pub crawler: Option<&'static robots_lens::Crawler>,
}

/// Reads the query of a request to the endpoint.
pub fn read_query(query: Option<&str>) -> Result<Asked, Refusal> {
    let bad = |message: String| Refusal::new(400, message);
    let mut site = None;
    let mut crawler = None;
    for pair in query
        .unwrap_or_default()
        .split('&')
        .filter(|pair| !pair.is_empty())
    {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let name = percent_decode(name, true)
            .ok_or_else(|| bad("a parameter name is not a valid escape".to_owned()))?;
        let value = percent_decode(value, true)
            .ok_or_else(|| bad(format!("{name}: the value is not a valid escape of UTF-8")))?;
        let slot = match name.as_str() {
            "site" => &mut site,
            "crawler" => &mut crawler,
            other => {
                return Err(bad(format!(
                    "unknown parameter '{other}': the endpoint reads {} only (it fetches a \
                     site's /robots.txt and nothing else)",
                    PARAMETERS.join(" and ")
                )))
            }
        };
        if slot.replace(value).is_some() {
            return Err(bad(format!("{name} is given twice")));
        }
    }
    let site = site
        .filter(|site| !site.trim().is_empty())
        .ok_or_else(|| bad("site is missing: /api/fetch?site=https://example.com/".to_owned()))?;
    if site.len() > robots_lens::MAX_URL_BYTES {
        return Err(bad(format!(
            "site is {} bytes long; an address of at most {} bytes is fetched",
            site.len(),
            robots_lens::MAX_URL_BYTES
        )));
    }
    let site = SiteUrl::parse(&site).map_err(|error| bad(error.to_string()))?;
    let crawler = match crawler.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(name) => Some(find_crawler_or_explain(name).map_err(|error| bad(error.to_string()))?),
    };
    Ok(Asked { site, crawler })
}

/// Fetches what `asked` names with `base` (the timeouts and CA of the command line), sending
/// the crawler's user agent when one is named, and keeping the body as served up to 32 MiB,
/// as a live FILE does: the page reads what crawlers read and sees what lies past the cut.
pub fn fetch_for(asked: &Asked, base: &FetchOptions) -> Fetched {
    let mut options = FetchOptions {
        kept_bytes: COUNTED_BYTES as usize,
        ..base.clone()
    };
    if let Some(crawler) = asked.crawler {
        options.user_agent = crawler.fetch_user_agent().to_owned();
    }
    fetch(&asked.site, &options)
}

/// The endpoint's answer.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report<'a> {
    /// The address asked about, as read (no fragment), and its path and query.
    site: String,
    path: &'a str,
    robots_url: &'a str,
    /// The URL the last answer came from (after every redirect followed).
    final_url: &'a str,
    user_agent: &'a str,
    crawler: Option<&'static str>,
    hops: Vec<HopReport<'a>>,
    failure: Option<Coded>,
    /// The status as the page's engine reads it: every verdict on the page follows it.
    status: String,
    has_file: bool,
    content_type: Option<&'a str>,
    content_encoding: Option<&'a str>,
    /// Decoded bytes received (at least this many when not `size_complete`).
    size: u64,
    size_complete: bool,
    /// The body is longer than the 500 KiB crawlers read.
    cut: bool,
    body_problem: Option<Coded>,
    /// The decoded body, base64: empty unless a file was served.
    body: String,
    elapsed_ms: u64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct HopReport<'a> {
    url: &'a str,
    status: u16,
    location: Option<&'a str>,
    loops: bool,
    elapsed_ms: u64,
}

/// A kind the page words from its catalogue, and the detail as the fetch gave it.
#[derive(Serialize)]
struct Coded {
    kind: &'static str,
    detail: String,
}

impl<'a> Report<'a> {
    pub fn new(done: &'a Fetched, crawler: Option<&'static robots_lens::Crawler>) -> Report<'a> {
        let body_problem = done.body_problem.as_ref().map(|problem| Coded {
            kind: match problem {
                robots_lens_fetch::BodyProblem::UnknownCoding(_) => "unknown-coding",
                robots_lens_fetch::BodyProblem::Corrupt(_) => "corrupt",
                robots_lens_fetch::BodyProblem::CountStopped(_) => "count-stopped",
            },
            detail: problem.to_string(),
        });
        Report {
            site: done.site.full(),
            path: done.site.target(),
            robots_url: &done.robots_url,
            final_url: done
                .hops
                .last()
                .map_or(done.robots_url.as_str(), |hop| hop.url.as_str()),
            user_agent: &done.user_agent,
            crawler: crawler.map(|crawler| crawler.name),
            hops: done
                .hops
                .iter()
                .map(|hop| HopReport {
                    url: &hop.url,
                    status: hop.status,
                    location: hop.location.as_deref(),
                    loops: hop.loops,
                    elapsed_ms: millis(hop.elapsed),
                })
                .collect(),
            failure: done.failure.as_ref().map(|failure| Coded {
                kind: failure.id(),
                detail: failure.to_string(),
            }),
            status: done.status_argument(),
            has_file: done.has_file(),
            content_type: done.content_type.as_deref(),
            content_encoding: done.content_encoding.as_deref(),
            size: done.size,
            size_complete: done.size_complete,
            cut: done.cut(),
            body_problem,
            body: if done.has_file() {
                base64(&done.body)
            } else {
                String::new()
            },
            elapsed_ms: millis(done.elapsed),
        }
    }
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// RFC 4648 base64 with padding: the body's bytes travel in JSON whatever they are.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let group = chunk
            .iter()
            .enumerate()
            .fold(0u32, |group, (index, &byte)| {
                group | u32::from(byte) << (16 - 8 * index)
            });
        for index in 0..4 {
            if index <= chunk.len() {
                out.push(char::from(
                    ALPHABET[(group >> (18 - 6 * index)) as usize & 63],
                ));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_rfc_4648s() {
        for (bytes, encoded) in [
            (&b""[..], ""),
            (b"f", "Zg=="),
            (b"fo", "Zm8="),
            (b"foo", "Zm9v"),
            (b"foob", "Zm9vYg=="),
            (b"\xff\xfe\x00", "//4A"),
        ] {
            assert_eq!(base64(bytes), encoded);
        }
    }

    #[test]
    fn the_query_names_a_site_and_perhaps_a_crawler() {
        let asked = read_query(Some(
            "site=https%3A%2F%2FShop.example%2Fcart%3Fa%3D1&crawler=GPTBot",
        ))
        .unwrap();
        assert_eq!(asked.site.robots_txt(), "https://shop.example/robots.txt");
        assert_eq!(asked.site.target(), "/cart?a=1");
        assert_eq!(asked.crawler.map(|crawler| crawler.name), Some("GPTBot"));
        assert_eq!(
            read_query(Some("site=http://a.example&crawler="))
                .unwrap()
                .crawler,
            None
        );
    }

    #[test]
    fn what_cannot_be_fetched_is_refused_with_the_reason() {
        for (query, words) in [
            (None, "site is missing"),
            (Some("site="), "site is missing"),
            (Some("site=ftp://a.example/"), "only http"),
            (Some("site=file:///etc/passwd"), "only http"),
            (Some("site=https://user:pw@a.example/"), "credentials"),
            (
                Some("site=https://a.example&site=https://b.example"),
                "twice",
            ),
            (
                Some("site=https://a.example&url=https://b.example/x"),
                "unknown parameter 'url'",
            ),
            (
                Some("site=https://a.example&path=/admin"),
                "unknown parameter 'path'",
            ),
            (
                Some("site=https://a.example&crawler=Nobody"),
                "no catalogued crawler",
            ),
            (Some("site=%ff"), "not a valid escape"),
            (Some("site=a.example"), "with its scheme"),
        ] {
            let refusal = read_query(query).unwrap_err();
            assert_eq!(refusal.status, 400);
            assert!(
                refusal.message.contains(words),
                "{query:?}: {}",
                refusal.message
            );
        }
    }
}
