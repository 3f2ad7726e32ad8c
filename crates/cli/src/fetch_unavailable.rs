//! The fetch in a build that has no network (the npm package's `robots-lens` bin, compiled for
//! wasm32-wasip1): a URL given for FILE, and `robots-lens fetch`, end with a message that says
//! how to get the file instead. The native build's `fetch.rs` has the same functions.

use std::process::ExitCode;

use robots_lens::FetchStatus;

use crate::args::{Args, UsageError};

fn unavailable(url: &str) -> UsageError {
    UsageError::new(format!(
        "this build of robots-lens cannot fetch {url}: save the file first \
         (curl -s {url} -o robots.txt, or 'robots-lens fetch' from the native build, or \
         fetchRobots() of the npm package in Node) and give its path"
    ))
}

/// Whether a FILE argument is a URL to fetch rather than a path: a scheme and `://`.
pub fn is_url(path: &str) -> bool {
    path.split_once("://").is_some_and(|(scheme, _)| {
        scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    })
}

pub fn configure(_args: &Args) -> Result<(), UsageError> {
    Ok(())
}

pub fn asking_about_the_url(args: Args) -> Args {
    args
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

pub fn run(args: &Args) -> Result<ExitCode, UsageError> {
    Err(unavailable(
        args.positional.first().map_or("the URL", String::as_str),
    ))
}
