//! The live FILE source in a build that has no network (the npm package's `robots-lens` bin,
//! compiled for wasm32-wasip1): a URL given for FILE ends with a message that says how to get the
//! file instead. The native build's `live.rs` has the same functions.

use robots_lens::FetchStatus;
use robots_lens_fetch::SiteUrl;

pub use crate::live_options::{is_url, LiveOptions};
use crate::usage_error::UsageError;

/// What this build cannot do with `url`, and how to get the file instead: the robots.txt of
/// its site (read as the native build reads it, so an address that names no site gets the same
/// reason there and here).
pub fn unavailable(url: &str) -> UsageError {
    let site = match SiteUrl::parse(url) {
        Ok(site) => site,
        Err(error) => return UsageError::new(error.to_string()),
    };
    let robots = site.robots_txt();
    UsageError::new(format!(
        "this build of robots-lens cannot fetch {robots}: save it first (curl -s {robots} -o \
         robots.txt, or 'robots-lens fetch {robots} -o robots.txt' from the native build, or \
         fetchRobots() of the npm package in Node) and give its path"
    ))
}

/// Nothing is fetched in this build, so nothing went unanswered.
pub fn unanswered() -> Option<String> {
    None
}

pub fn configure(_options: &LiveOptions<'_>) -> Result<(), UsageError> {
    Ok(())
}

pub fn live_body(url: &str) -> Result<Vec<u8>, UsageError> {
    Err(unavailable(url))
}

pub fn live_status(url: &str) -> Result<FetchStatus, UsageError> {
    Err(unavailable(url))
}

pub fn require_file(url: &str) -> Result<(), UsageError> {
    Err(unavailable(url))
}
