//! The live form of every command that takes a FILE: a URL with a scheme
//! (`https://shop.example/cart/x`) stands for that origin's robots.txt as it is served.
//!
//! The fetch itself is the `robots-lens-fetch` crate's; what its status does to a verdict is the
//! core's ([`robots_lens::status_handling`]): this module builds the request from the options,
//! fetches each URL once per run ([`fetched`] keeps the result, so `check` asks about the same
//! file it reports) and says on standard error how it was served. Below the option parser, which
//! reads a live FILE through it; `robots-lens fetch` (fetch.rs) renders a fetch in full.

use std::collections::HashMap;
use std::io::{self, Write};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use robots_lens::{status_handling, Crawler, FetchStatus, Profile, StatusEffect, SIZE_LIMIT};
use robots_lens_fetch::{
    check_ca, fetch, Failure, FetchOptions, Fetched, SiteUrl, COUNTED_BYTES,
    DEFAULT_CONNECT_TIMEOUT, DEFAULT_TOTAL_TIMEOUT,
};

use crate::crawler_name::find_crawler_or_explain;
pub use crate::live_options::{is_url, LiveOptions};
use crate::terminal::{self, printable};
use crate::usage_error::UsageError;

/// The longest timeout the options take: a crawler gives up long before.
const MAX_TIMEOUT_SECONDS: f64 = 600.0;

/// How this run fetches: set once from the options ([`configure`]).
static SETTINGS: OnceLock<Settings> = OnceLock::new();

/// Every URL fetched in this run, by the URL as given.
static FETCHED: Mutex<Option<HashMap<String, Arc<Fetched>>>> = Mutex::new(None);

#[derive(Debug, Clone)]
pub(crate) struct Settings {
    pub(crate) options: FetchOptions,
    /// The crawler whose user agent is sent, if one was named.
    pub(crate) crawler: Option<&'static Crawler>,
}

/// Reads the fetch options for the rest of the run.
pub fn configure(options: &LiveOptions<'_>) -> Result<(), UsageError> {
    let settings = settings(options, options.crawler)?;
    // A second call (tests parse several command lines in one process) keeps the first.
    let _ = SETTINGS.set(settings);
    Ok(())
}

/// The fetch settings `options` give, sending `crawler`'s user agent when one is named.
pub(crate) fn settings(
    options: &LiveOptions<'_>,
    crawler: Option<&str>,
) -> Result<Settings, UsageError> {
    let seconds = |option: &str, value: Option<&str>, default: Duration| match value {
        None => Ok(default),
        Some(text) => match text.trim().parse::<f64>() {
            Ok(seconds) if seconds > 0.0 && seconds <= MAX_TIMEOUT_SECONDS => {
                Ok(Duration::from_secs_f64(seconds))
            }
            _ => Err(UsageError::new(format!(
                "{option}: '{text}' is not a number of seconds more than 0 and at most \
                 {MAX_TIMEOUT_SECONDS}"
            ))),
        },
    };
    let ca_pem = match options.ca {
        None => None,
        Some(path) => {
            let pem = std::fs::read(path)
                .map_err(|error| UsageError::new(format!("--ca: cannot read {path}: {error}")))?;
            check_ca(&pem).map_err(|error| UsageError::new(format!("--ca {path}: {error}")))?;
            Some(pem)
        }
    };
    let crawler = crawler.map(find_crawler_or_explain).transpose()?;
    let mut options = FetchOptions {
        connect_timeout: seconds(
            "--connect-timeout",
            options.connect_timeout,
            DEFAULT_CONNECT_TIMEOUT,
        )?,
        total_timeout: seconds("--timeout", options.timeout, DEFAULT_TOTAL_TIMEOUT)?,
        ca_pem,
        ..FetchOptions::default()
    };
    if let Some(crawler) = crawler {
        options.user_agent = crawler.fetch_user_agent().to_owned();
    }
    Ok(Settings { options, crawler })
}

pub(crate) fn current_settings() -> Settings {
    SETTINGS.get().cloned().unwrap_or_else(|| Settings {
        options: FetchOptions::default(),
        crawler: None,
    })
}

/// The fetch of `url` in this run: fetched the first time, with a note on standard error of
/// how it was served (the commands' own output stays what it is for a file).
pub fn fetched(url: &str) -> Result<Arc<Fetched>, UsageError> {
    let mut cache = FETCHED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(done) = cache.get_or_insert_with(HashMap::new).get(url) {
        return Ok(Arc::clone(done));
    }
    let site = SiteUrl::parse(url).map_err(|error| UsageError::new(error.to_string()))?;
    // The body as served, past the cut, up to the 32 MiB counted: a live FILE is read as the
    // same file on disk is (the audit reports what crawlers never read, RL105, and the verdicts
    // ignore it as the core does), not as the 500 KiB a crawler keeps.
    let options = FetchOptions {
        kept_bytes: COUNTED_BYTES as usize,
        ..current_settings().options
    };
    let done = Arc::new(fetch(&site, &options));
    let _ = write_note(&mut terminal::stderr(), &done);
    cache
        .get_or_insert_with(HashMap::new)
        .insert(url.to_owned(), Arc::clone(&done));
    Ok(done)
}

/// The body of `url` as a crawler reads it: the file when one was served, otherwise nothing
/// (the status, which [`live_status`] gives, then decides every verdict).
pub fn live_body(url: &str) -> Result<Vec<u8>, UsageError> {
    let done = fetched(url)?;
    Ok(if done.has_file() {
        done.body.clone()
    } else {
        Vec::new()
    })
}

/// How `url`'s robots.txt was served.
pub fn live_status(url: &str) -> Result<FetchStatus, UsageError> {
    Ok(fetched(url)?.status)
}

/// The robots.txt of a URL fetched this run that got no answer at all (no DNS, a refused or
/// reset connection, a timeout, a TLS failure), with why: its verdicts are RFC 9309's for an
/// unreachable file (everything disallowed), which the exit status tells apart from a block the
/// site's own answer decides. A redirect that cannot be followed is an answer (too many
/// redirects), not this.
pub fn unanswered() -> Option<String> {
    let cache = FETCHED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    cache
        .as_ref()?
        .values()
        .find_map(|done| match &done.failure {
            Some(Failure::BadRedirect(_)) | None => None,
            Some(failure) => Some(format!("{}: {failure}", printable(&done.robots_url))),
        })
}

/// An error unless `url` served a file: for the commands that read a file's lines (`lint`,
/// `diff`), where a status alone leaves nothing to read.
pub fn require_file(url: &str) -> Result<(), UsageError> {
    let done = fetched(url)?;
    if done.has_file() {
        return Ok(());
    }
    let handling = status_handling(&done.status, Profile::Rfc9309);
    Err(UsageError::new(format!(
        "{} served no file ({}): there are no lines to read. For crawlers: {}",
        printable(&done.robots_url),
        done.status,
        handling.rfc
    )))
}

/// The one line on standard error that says how a live FILE was served.
fn write_note(out: &mut impl Write, done: &Fetched) -> io::Result<()> {
    let chain: Vec<String> = done.hops.iter().map(|hop| hop.status.to_string()).collect();
    let mut served = chain.join(" → ");
    if let Some(failure) = &done.failure {
        if !served.is_empty() {
            served.push_str(" → ");
        }
        served.push_str(&failure.to_string());
    }
    let handling = status_handling(&done.status, Profile::Rfc9309);
    write!(
        out,
        "robots-lens: fetched {}: {served}",
        printable(&done.robots_url)
    )?;
    if done.has_file() {
        write!(out, ", {}", size_words(done))?;
    }
    if handling.effect != StatusEffect::ParseFile {
        write!(out, ". {}", handling.rfc)?;
    }
    writeln!(out)
}

/// `74 bytes`, `5,000,000 bytes (cut at 512,000: …)`, `at least 33,554,432 bytes (…)`.
pub(crate) fn size_words(done: &Fetched) -> String {
    let mut words = String::new();
    if !done.size_complete {
        words.push_str("at least ");
    }
    words.push_str(&thousands(done.size));
    words.push_str(" bytes");
    if done.cut() {
        words.push_str(&format!(
            " (cut at {}: crawlers read the first 500 KiB)",
            thousands(SIZE_LIMIT as u64)
        ));
    }
    words
}

pub(crate) fn thousands(number: u64) -> String {
    let digits = number.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_with_thousands() {
        assert_eq!(thousands(5_000_000), "5,000,000");
        assert_eq!(thousands(74), "74");
        assert_eq!(thousands(512_000), "512,000");
    }
}
