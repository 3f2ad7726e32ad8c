//! The HTTP side: one GET a hop, each redirect followed and recorded here, the body read under
//! the cap, and what happened turned into the core's [`FetchStatus`].

use std::fmt;
use std::io;
use std::time::{Duration, Instant};

use robots_lens::{FetchStatus, RobotsTxt, MAX_REDIRECTS};
use ureq::tls::{Certificate, PemItem, RootCerts, TlsConfig};

use crate::body::{self, KEPT_BYTES};
use crate::served::{answer_status, is_redirect, is_success, served_status_of, status_argument};
use crate::site::{self, SiteUrl};

/// The user agent sent when no crawler is named: it says what is asking and where to read
/// about it, as crawlers' user agents do.
pub const DEFAULT_USER_AGENT: &str = concat!(
    "RobotsLens/",
    env!("CARGO_PKG_VERSION"),
    " (robots.txt checker; +https://github.com/robots-lens/robots-lens)"
);

/// How long establishing a connection may take (DNS, TCP and TLS), by default.
pub const DEFAULT_CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// How long the whole fetch may take, every hop and the body included, by default.
pub const DEFAULT_TOTAL_TIMEOUT: Duration = Duration::from_secs(30);

/// How to fetch.
#[derive(Debug, Clone)]
pub struct FetchOptions {
    /// The `User-Agent` header.
    pub user_agent: String,
    /// The longest a connection may take to establish.
    pub connect_timeout: Duration,
    /// The longest the whole fetch may take.
    pub total_timeout: Duration,
    /// PEM certificates to trust instead of Mozilla's roots (a private CA), as `curl --cacert`.
    pub ca_pem: Option<Vec<u8>>,
    /// How many decoded bytes of the body are kept: [`KEPT_BYTES`] by default (what crawlers
    /// read and the byte that marks a cut); up to [`COUNTED_BYTES`](crate::COUNTED_BYTES) for a reader that wants the
    /// body as served, past the cut (an audit that reports what crawlers never read). Read
    /// within those two bounds.
    pub kept_bytes: usize,
}

impl Default for FetchOptions {
    fn default() -> FetchOptions {
        FetchOptions {
            user_agent: DEFAULT_USER_AGENT.to_owned(),
            connect_timeout: DEFAULT_CONNECT_TIMEOUT,
            total_timeout: DEFAULT_TOTAL_TIMEOUT,
            ca_pem: None,
            kept_bytes: KEPT_BYTES,
        }
    }
}

/// Options that cannot be used: a CA file without certificates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidOptions(String);

impl fmt::Display for InvalidOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InvalidOptions {}

/// One HTTP answer on the way to the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hop {
    /// The URL requested.
    pub url: String,
    /// The status it answered with.
    pub status: u16,
    /// Where it redirected to, resolved against `url` (for a 3xx with a `Location`).
    pub location: Option<String>,
    /// `location` was already requested on the way: following it would go round in circles.
    pub loops: bool,
    /// How long after the fetch started this answer's head arrived.
    pub elapsed: Duration,
}

/// Why no HTTP answer (or no usable one) was had.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The connect or total timeout passed.
    Timeout,
    /// The host name does not resolve.
    HostNotFound,
    /// The connection was refused, reset or closed before an answer.
    ConnectionFailed(String),
    /// The TLS handshake failed: an untrusted or expired certificate, a name mismatch, …
    Tls(String),
    /// The server answered with something that is not HTTP (or not HTTP/1.1).
    Protocol(String),
    /// A redirect that cannot be followed: no `Location`, or one to a scheme other than
    /// http(s).
    BadRedirect(String),
}

impl Failure {
    /// The failure's name in JSON.
    pub fn id(&self) -> &'static str {
        match self {
            Failure::Timeout => "timeout",
            Failure::HostNotFound => "host-not-found",
            Failure::ConnectionFailed(_) => "connection-failed",
            Failure::Tls(_) => "tls",
            Failure::Protocol(_) => "protocol",
            Failure::BadRedirect(_) => "bad-redirect",
        }
    }

    /// What the core's status model makes of it: a redirect that leads nowhere is a chain
    /// that never reaches a file (RFC 9309 §2.3.1.2's "unavailable"); everything else is no
    /// answer at all (§2.3.1.4's "unreachable").
    fn status(&self, redirects: u32) -> FetchStatus {
        match self {
            Failure::BadRedirect(_) => FetchStatus::too_many_redirects(),
            _ => FetchStatus::unreachable().after_redirects(redirects),
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Timeout => f.write_str("timed out"),
            Failure::HostNotFound => f.write_str("the host name does not resolve"),
            Failure::ConnectionFailed(why) => write!(f, "the connection failed: {why}"),
            Failure::Tls(why) => write!(f, "TLS failed: {why}"),
            Failure::Protocol(why) => write!(f, "the answer is not valid HTTP: {why}"),
            Failure::BadRedirect(why) => write!(f, "the redirect cannot be followed: {why}"),
        }
    }
}

/// Something about the body a reader should know: it does not stop the file being read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BodyProblem {
    /// `Content-Encoding` names a coding that is not decoded (`zstd`): the body is kept as
    /// it came.
    UnknownCoding(String),
    /// The compressed data is corrupt: the bytes decoded before the error are kept.
    Corrupt(String),
    /// The connection failed or timed out while the body was read, past the part kept.
    CountStopped(String),
}

impl fmt::Display for BodyProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BodyProblem::UnknownCoding(name) => write!(
                f,
                "the content encoding '{name}' is not one crawlers decode (gzip, deflate, br): \
                 the body is kept as served"
            ),
            BodyProblem::Corrupt(why) => write!(
                f,
                "the compressed body is corrupt ({why}): only what decoded before it is kept"
            ),
            BodyProblem::CountStopped(why) => write!(
                f,
                "the rest of the body was not counted to its end ({why}); what is kept is whole"
            ),
        }
    }
}

/// What a fetch of robots.txt ended with.
#[derive(Debug, Clone)]
pub struct Fetched {
    /// The site asked about.
    pub site: SiteUrl,
    /// The robots.txt requested first.
    pub robots_url: String,
    /// The `User-Agent` sent.
    pub user_agent: String,
    /// Every HTTP answer, in order: the redirects, then the final one (absent when the last
    /// request got no answer).
    pub hops: Vec<Hop>,
    /// Why the last request got no usable answer.
    pub failure: Option<Failure>,
    /// How the file was served, in the core's terms: what every verdict applies.
    pub status: FetchStatus,
    /// The final answer's `Content-Type`, as sent.
    pub content_type: Option<String>,
    /// The final answer's `Content-Encoding`, as sent.
    pub content_encoding: Option<String>,
    /// The decoded body: at most [`FetchOptions::kept_bytes`] ([`KEPT_BYTES`] by default).
    /// Empty unless there was a final answer.
    pub body: Vec<u8>,
    /// Decoded bytes received, kept or not (at least [`COUNTED_BYTES`](crate::COUNTED_BYTES) when not
    /// `size_complete`).
    pub size: u64,
    /// The body was read to its end, so `size` is exact.
    pub size_complete: bool,
    /// What went wrong with the body, if anything.
    pub body_problem: Option<BodyProblem>,
    /// How long it took.
    pub elapsed: Duration,
}

impl Fetched {
    /// The status as `--status`, the page's status picker and `FetchStatus::from_str` read it:
    /// each redirect's code, then the final answer (`301>302>200`, `404`, `html`,
    /// `301>unreachable`), or `3xx*6` for more redirects than crawlers follow.
    pub fn status_argument(&self) -> String {
        let codes: Vec<u16> = self.hops.iter().map(|hop| hop.status).collect();
        status_argument(&self.status, &codes)
    }

    /// The body is longer than the 500 KiB crawlers read (`body` holds more than that).
    pub fn cut(&self) -> bool {
        self.size > robots_lens::SIZE_LIMIT as u64
    }

    /// The final answer is a 2xx, so `body` is the file a crawler reads.
    pub fn has_file(&self) -> bool {
        self.failure.is_none() && self.hops.last().is_some_and(|hop| is_success(hop.status))
    }

    /// The `Content-Type` is not `text/plain`, which RFC 9309 §2.3 names for the file (and
    /// some crawlers expect; Google reads any type).
    pub fn unexpected_content_type(&self) -> bool {
        self.has_file()
            && !self
                .content_type
                .as_deref()
                .is_some_and(|value| mime_essence(value).eq_ignore_ascii_case("text/plain"))
    }

    /// The `charset` parameter of the `Content-Type`, when it names one.
    pub fn charset(&self) -> Option<&str> {
        let value = self.content_type.as_deref()?;
        value.split(';').skip(1).find_map(|parameter| {
            let (name, value) = parameter.split_once('=')?;
            name.trim()
                .eq_ignore_ascii_case("charset")
                .then(|| value.trim().trim_matches('"'))
        })
    }
}

/// `text/plain` of `text/plain; charset=utf-8`.
fn mime_essence(value: &str) -> &str {
    value.split(';').next().unwrap_or_default().trim()
}

/// Reads `pem` as the certificates to trust; at least one is needed.
pub fn check_ca(pem: &[u8]) -> Result<(), InvalidOptions> {
    root_certs(pem).map(|_| ())
}

fn root_certs(pem: &[u8]) -> Result<RootCerts, InvalidOptions> {
    let mut certificates: Vec<Certificate<'static>> = Vec::new();
    for item in ureq::tls::parse_pem(pem) {
        match item {
            Ok(PemItem::Certificate(certificate)) => certificates.push(certificate),
            Ok(_) => {}
            Err(error) => {
                return Err(InvalidOptions(format!(
                    "the CA file cannot be read as PEM: {error}"
                )))
            }
        }
    }
    if certificates.is_empty() {
        return Err(InvalidOptions(
            "the CA file holds no certificate (expected PEM: -----BEGIN CERTIFICATE-----)"
                .to_owned(),
        ));
    }
    Ok(RootCerts::new_with_certs(&certificates))
}

/// Fetches the robots.txt of `site` with `options`. Never fails: what went wrong is in
/// [`Fetched::failure`] and [`Fetched::status`]. A CA file that cannot be read is a TLS
/// failure here; check it first with [`check_ca`] to report it as a usage error.
pub fn fetch(site: &SiteUrl, options: &FetchOptions) -> Fetched {
    let started = Instant::now();
    let deadline = started + options.total_timeout;
    let mut fetched = Fetched {
        site: site.clone(),
        robots_url: site.robots_txt(),
        user_agent: options.user_agent.clone(),
        hops: Vec::new(),
        failure: None,
        status: FetchStatus::unreachable(),
        content_type: None,
        content_encoding: None,
        body: Vec::new(),
        size: 0,
        size_complete: false,
        body_problem: None,
        elapsed: Duration::ZERO,
    };
    let roots = match &options.ca_pem {
        None => RootCerts::WebPki,
        Some(pem) => match root_certs(pem) {
            Ok(roots) => roots,
            Err(error) => {
                fetched.failure = Some(Failure::Tls(error.to_string()));
                fetched.elapsed = started.elapsed();
                return fetched;
            }
        },
    };
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .max_redirects(0)
        .save_redirect_history(false)
        // Only what a crawler sends: no proxy from the environment, no pooled connection
        // (a pooled one could be retried by the client).
        .proxy(None)
        .max_idle_connections(0)
        .user_agent(options.user_agent.as_str())
        .accept("text/plain, */*")
        .accept_encoding("gzip, deflate, br")
        .timeout_connect(Some(options.connect_timeout))
        .tls_config(TlsConfig::builder().root_certs(roots).build())
        .build()
        .into();

    let mut url = fetched.robots_url.clone();
    let mut redirects: u32 = 0;
    loop {
        let remaining = deadline.saturating_duration_since(Instant::now());
        if remaining.is_zero() {
            fetched.failure = Some(Failure::Timeout);
            break;
        }
        let response = agent
            .get(&url)
            .config()
            .timeout_global(Some(remaining))
            .build()
            .call();
        let mut response = match response {
            Ok(response) => response,
            Err(error) => {
                fetched.failure = Some(failure(error));
                break;
            }
        };
        let status = response.status().as_u16();
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned())
        };
        if is_redirect(status) {
            let location = header("location");
            let target = location
                .as_deref()
                .and_then(|location| site::resolve_location(&url, location));
            let loops = target.as_deref().is_some_and(|target| {
                target == fetched.robots_url || fetched.hops.iter().any(|hop| hop.url == target)
            });
            fetched.hops.push(Hop {
                url: url.clone(),
                status,
                location: target.clone(),
                loops,
                elapsed: started.elapsed(),
            });
            let Some(target) = target else {
                fetched.failure = Some(Failure::BadRedirect(match location {
                    None => format!("the {status} has no Location header"),
                    Some(location) => format!("its Location '{location}' is not a URL"),
                }));
                break;
            };
            if let Err(error) = SiteUrl::parse(&target) {
                fetched.failure = Some(Failure::BadRedirect(error.to_string()));
                break;
            }
            if redirects == MAX_REDIRECTS {
                // The next hop would be one past the redirects crawlers follow.
                fetched.status = FetchStatus::too_many_redirects();
                fetched.elapsed = started.elapsed();
                return fetched;
            }
            redirects += 1;
            url = target;
            continue;
        }
        fetched.hops.push(Hop {
            url: url.clone(),
            status,
            location: None,
            loops: false,
            elapsed: started.elapsed(),
        });
        fetched.content_type = header("content-type");
        fetched.content_encoding = header("content-encoding");
        let codings = match fetched.content_encoding.as_deref().map(body::codings) {
            None => Vec::new(),
            Some(Ok(codings)) => codings,
            Some(Err(unknown)) => {
                fetched.body_problem = Some(BodyProblem::UnknownCoding(unknown));
                Vec::new()
            }
        };
        if is_success(status) {
            let read = body::read(
                response.body_mut().as_reader(),
                &codings,
                options.kept_bytes,
            );
            fetched.body = read.kept;
            fetched.size = read.decoded;
            fetched.size_complete = read.complete;
            if let Some(error) = read.decoding_error {
                fetched.body_problem = Some(BodyProblem::Corrupt(error));
            }
            if let Some(error) = read.network_error {
                let failure = failure(ureq::Error::from(error));
                if fetched.body.len() < KEPT_BYTES {
                    // The part crawlers read never arrived: no file was had.
                    fetched.failure = Some(failure);
                    fetched.body.clear();
                    break;
                }
                fetched.body_problem = Some(BodyProblem::CountStopped(failure.to_string()));
            }
        }
        fetched.status = final_status(status, &fetched.body, redirects);
        fetched.elapsed = started.elapsed();
        return fetched;
    }
    if let Some(failure) = &fetched.failure {
        fetched.status = failure.status(redirects);
    }
    fetched.elapsed = started.elapsed();
    fetched
}

/// The core's status for a final answer `status` with `body`, after `redirects`.
fn final_status(status: u16, body: &[u8], redirects: u32) -> FetchStatus {
    let answered = answer_status(status);
    let answered = if is_success(status) {
        served_status_of(answered, &RobotsTxt::parse(body))
    } else {
        answered
    };
    answered.after_redirects(redirects)
}

/// What a client error means for the fetch.
fn failure(error: ureq::Error) -> Failure {
    match error {
        ureq::Error::Timeout(_) => Failure::Timeout,
        ureq::Error::HostNotFound => Failure::HostNotFound,
        ureq::Error::ConnectionFailed => {
            Failure::ConnectionFailed("no connection could be made".to_owned())
        }
        ureq::Error::Tls(why) => Failure::Tls(why.to_owned()),
        ureq::Error::Rustls(error) => Failure::Tls(error.to_string()),
        ureq::Error::Protocol(error) => Failure::Protocol(error.to_string()),
        ureq::Error::BadUri(why) => Failure::BadRedirect(why),
        ureq::Error::Io(error)
            if error
                .get_ref()
                .is_some_and(|inner| inner.is::<rustls::Error>()) =>
        {
            Failure::Tls(error.to_string())
        }
        ureq::Error::Io(error) => match error.kind() {
            io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock => Failure::Timeout,
            _ => Failure::ConnectionFailed(error.to_string()),
        },
        other => Failure::ConnectionFailed(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn final_answers_become_the_cores_statuses() {
        assert_eq!(final_status(200, b"User-agent: *\n", 0), FetchStatus::ok());
        assert_eq!(
            final_status(
                200,
                b"<!DOCTYPE html>\n<html>\n<body>\n</body>\n</html>\n",
                0
            ),
            FetchStatus::html_page()
        );
        assert_eq!(
            final_status(404, b"", 2),
            FetchStatus::http(404).unwrap().after_redirects(2)
        );
        assert_eq!(final_status(101, b"", 0), FetchStatus::unreachable());
    }

    #[test]
    fn the_default_user_agent_names_the_tool() {
        assert!(DEFAULT_USER_AGENT.starts_with("RobotsLens/"));
        assert!(DEFAULT_USER_AGENT.contains("+https://"));
    }

    #[test]
    fn a_ca_file_without_certificates_is_refused() {
        assert!(check_ca(b"not a pem").is_err());
    }
}
