//! Which robots.txt a URL falls under, and where a redirect's `Location` points.
//!
//! A robots.txt applies to one origin: scheme, host and port (RFC 9309 §2.3). Whatever the
//! person gives — a site (`https://shop.example`), a page on it or the file's own URL — the file
//! is `scheme://host[:port]/robots.txt`. Only `http` and `https` are fetched; an address with
//! credentials (`user:pass@host`) is refused, since nothing but a plain GET is ever sent.

use std::fmt;
use std::net::Ipv6Addr;

/// A URL that names a site whose robots.txt can be fetched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteUrl {
    scheme: &'static str,
    /// `host` or `host:port`, lower-cased, the default port left out.
    authority: String,
    /// The path and query of the URL as given (`/` when it had none), for the question a
    /// command asks about it.
    target: String,
}

impl SiteUrl {
    /// Reads `url`, which must start with `http://` or `https://`.
    pub fn parse(url: &str) -> Result<SiteUrl, InvalidSiteUrl> {
        let invalid = |problem: &str| InvalidSiteUrl {
            given: url.to_owned(),
            problem: problem.to_owned(),
        };
        let trimmed = url.trim();
        let Some((scheme, rest)) = trimmed.split_once("://") else {
            return Err(invalid(
                "give a URL with its scheme: https://example.com (or http://)",
            ));
        };
        let scheme = match scheme.to_ascii_lowercase().as_str() {
            "http" => "http",
            "https" => "https",
            _ => {
                return Err(invalid(
                    "only http:// and https:// are fetched (RFC 9309 §2.3: robots.txt is \
                     served over a retrieval protocol such as HTTP)",
                ))
            }
        };
        let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        let (authority, tail) = rest.split_at(end);
        if authority.contains('@') {
            return Err(invalid(
                "credentials in the URL (user:password@) are not sent: robots-lens fetches \
                 robots.txt as a crawler does, without authentication",
            ));
        }
        if authority.is_empty() {
            return Err(invalid("the URL has no host"));
        }
        if !authority.is_ascii() {
            return Err(invalid(
                "write an internationalised host name in its ASCII (punycode) form, xn--…",
            ));
        }
        if authority
            .bytes()
            .any(|b| b.is_ascii_whitespace() || b.is_ascii_control())
        {
            return Err(invalid("the host contains spaces or control characters"));
        }
        let authority = authority.to_ascii_lowercase();
        let (host, port) = split_port(&authority);
        if host.is_empty() {
            return Err(invalid("the URL has no host"));
        }
        if let Some(problem) = host_problem(host) {
            return Err(invalid(&problem));
        }
        if let Some(port) = port {
            if port.is_empty() || port.parse::<u16>().map_or(true, |port| port == 0) {
                return Err(invalid("the port must be a number from 1 to 65535"));
            }
        }
        let default_port = if scheme == "https" { "443" } else { "80" };
        let authority = match port {
            Some(port) if port == default_port => host.to_owned(),
            _ => authority.clone(),
        };
        let target = tail.split('#').next().unwrap_or_default();
        let target = if target.is_empty() || target.starts_with('?') {
            format!("/{target}")
        } else {
            target.to_owned()
        };
        Ok(SiteUrl {
            scheme,
            authority,
            target,
        })
    }

    /// `http` or `https`.
    pub fn scheme(&self) -> &str {
        self.scheme
    }

    /// `host` or `host:port` (the port only when it is not the scheme's default).
    pub fn authority(&self) -> &str {
        &self.authority
    }

    /// `scheme://authority`.
    pub fn origin(&self) -> String {
        format!("{}://{}", self.scheme, self.authority)
    }

    /// The robots.txt that governs this URL: `scheme://authority/robots.txt`.
    pub fn robots_txt(&self) -> String {
        format!("{}/robots.txt", self.origin())
    }

    /// The path and query as given (`/` for a bare site), without the fragment.
    pub fn target(&self) -> &str {
        &self.target
    }

    /// The whole URL, without the fragment.
    pub fn full(&self) -> String {
        format!("{}{}", self.origin(), self.target)
    }
}

impl fmt::Display for SiteUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.origin(), self.target)
    }
}

/// Why `host` (lower-cased, without its port) names no host a request can go to: a bracketed
/// IPv6 literal that does not parse (`[::1`), or a name with a character no host name has
/// (`exa[mple.com`, `a%20b`). `None` for a name or an address. Percent-encoded and
/// internationalised names are refused earlier or here: crawlers request the ASCII form.
fn host_problem(host: &str) -> Option<String> {
    if let Some(inner) = host.strip_prefix('[') {
        let address = inner
            .strip_suffix(']')
            .is_some_and(|address| address.parse::<Ipv6Addr>().is_ok());
        return (!address).then(|| {
            format!(
                "'{host}' is not an IPv6 address: write one in brackets, as in http://[::1]:8080/"
            )
        });
    }
    let bad = host
        .chars()
        .find(|&c| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_')))?;
    Some(if matches!(bad, '[' | ']') {
        format!("'{host}' is not an IPv6 address: write one in brackets, as in http://[::1]:8080/")
    } else {
        format!("the host '{host}' holds '{bad}', which no host name has")
    })
}

/// `("host", Some("8080"))` for `host:8080`, IPv6 literals (`[::1]:8080`) included.
fn split_port(authority: &str) -> (&str, Option<&str>) {
    if authority.starts_with('[') {
        return match authority.find(']') {
            Some(close) => match authority[close + 1..].strip_prefix(':') {
                Some(port) => (&authority[..=close], Some(port)),
                None => (authority, None),
            },
            None => (authority, None),
        };
    }
    match authority.rsplit_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (authority, None),
    }
}

/// A URL that names no site to fetch from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidSiteUrl {
    given: String,
    problem: String,
}

impl InvalidSiteUrl {
    /// What was given.
    pub fn given(&self) -> &str {
        &self.given
    }
}

impl fmt::Display for InvalidSiteUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot fetch from '{}': {}", self.given, self.problem)
    }
}

impl std::error::Error for InvalidSiteUrl {}

/// Where a `Location` header sends a request made to `base` (RFC 9110 §10.2.2: a URI
/// reference, resolved against the request's URL as RFC 3986 §5 says). `None` when it cannot
/// be read as one.
#[cfg(feature = "client")]
pub(crate) fn resolve_location(base: &str, location: &str) -> Option<String> {
    use robots_lens::has_scheme;

    let location = location.trim();
    if location.is_empty() {
        return None;
    }
    if has_scheme(location) {
        return Some(location.to_owned());
    }
    let (scheme, rest) = base.split_once("://")?;
    if let Some(network_path) = location.strip_prefix("//") {
        return Some(format!("{scheme}://{network_path}"));
    }
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let origin = format!("{scheme}://{}", &rest[..authority_end]);
    let base_path = rest[authority_end..]
        .split(['?', '#'])
        .next()
        .unwrap_or_default();
    let base_path = if base_path.is_empty() { "/" } else { base_path };
    let joined = if location.starts_with('/') {
        location.to_owned()
    } else if let Some(query) = location.strip_prefix('?') {
        format!("{base_path}?{query}")
    } else {
        // A relative path replaces the last segment of the base's path.
        let directory = &base_path[..base_path.rfind('/').map_or(0, |slash| slash + 1)];
        format!("{directory}{location}")
    };
    Some(format!("{origin}{}", remove_dot_segments(&joined)))
}

/// RFC 3986 §5.2.4 on the path of `path_and_query` (the query is kept as it is).
#[cfg(feature = "client")]
fn remove_dot_segments(path_and_query: &str) -> String {
    let (path, query) = match path_and_query.find(['?', '#']) {
        Some(at) => path_and_query.split_at(at),
        None => (path_and_query, ""),
    };
    if !path
        .split('/')
        .any(|segment| segment == "." || segment == "..")
    {
        return path_and_query.to_owned();
    }
    let mut segments: Vec<&str> = Vec::new();
    let parts: Vec<&str> = path.split('/').skip(1).collect();
    for (index, segment) in parts.iter().enumerate() {
        let last = index + 1 == parts.len();
        match *segment {
            "." => {
                if last {
                    segments.push("");
                }
            }
            ".." => {
                segments.pop();
                if last {
                    segments.push("");
                }
            }
            segment => segments.push(segment),
        }
    }
    format!("/{}{query}", segments.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_url_of_a_site_names_its_robots_txt() {
        for (given, robots, target) in [
            (
                "https://shop.example",
                "https://shop.example/robots.txt",
                "/",
            ),
            (
                "https://Shop.Example/cart/x?y=1#top",
                "https://shop.example/robots.txt",
                "/cart/x?y=1",
            ),
            (
                "http://127.0.0.1:8080/robots.txt",
                "http://127.0.0.1:8080/robots.txt",
                "/robots.txt",
            ),
            (
                "HTTPS://example.com:443/a",
                "https://example.com/robots.txt",
                "/a",
            ),
            ("http://[::1]:81/x", "http://[::1]:81/robots.txt", "/x"),
            ("https://a.example?q", "https://a.example/robots.txt", "/?q"),
        ] {
            let site = SiteUrl::parse(given).unwrap();
            assert_eq!(site.robots_txt(), robots, "{given}");
            assert_eq!(site.target(), target, "{given}");
        }
    }

    #[test]
    fn what_cannot_be_fetched_says_why() {
        for (given, words) in [
            ("example.com", "with its scheme"),
            ("ftp://example.com/", "only http"),
            ("file:///etc/passwd", "only http"),
            ("https://user:pw@example.com/", "credentials"),
            ("https:///robots.txt", "no host"),
            ("https://example.com:99999/", "port"),
            ("https://example.com:/", "port"),
            ("https://münchen.example/", "punycode"),
            ("http://[::1/x", "not an IPv6 address"),
            ("http://[::g]/x", "not an IPv6 address"),
            ("http://[::1]x/", "not an IPv6 address"),
            ("http://exa%20mple.com/", "holds '%'"),
            ("http://a\\b/", "holds '\\'"),
        ] {
            let error = SiteUrl::parse(given).unwrap_err();
            assert!(error.to_string().contains(words), "{given}: {error}");
        }
    }

    #[test]
    #[cfg(feature = "client")]
    fn locations_resolve_against_the_request() {
        let base = "https://a.example/dir/robots.txt";
        for (location, expected) in [
            (
                "https://b.example/robots.txt",
                "https://b.example/robots.txt",
            ),
            ("//c.example:81/r.txt", "https://c.example:81/r.txt"),
            ("/robots-file.txt", "https://a.example/robots-file.txt"),
            ("other.txt", "https://a.example/dir/other.txt"),
            ("../up.txt", "https://a.example/up.txt"),
            ("./same.txt?x=1", "https://a.example/dir/same.txt?x=1"),
            ("?v=2", "https://a.example/dir/robots.txt?v=2"),
        ] {
            assert_eq!(
                resolve_location(base, location).as_deref(),
                Some(expected),
                "{location}"
            );
        }
        assert_eq!(resolve_location(base, "  "), None);
    }
}
