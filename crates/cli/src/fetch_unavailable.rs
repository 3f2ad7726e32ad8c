//! `robots-lens fetch` in a build that has no network (the npm package's `robots-lens` bin,
//! compiled for wasm32-wasip1): it ends with a message that says how to get the file instead.
//! The native build's `fetch.rs` has the same functions.

use std::process::ExitCode;

use crate::args::{Args, UsageError};
use crate::live::unavailable;

pub fn asking_about_the_url(args: Args) -> Result<Args, UsageError> {
    match args.live_url() {
        Some(url) => Err(unavailable(url)),
        None => Ok(args),
    }
}

pub fn run(args: &Args) -> Result<ExitCode, UsageError> {
    Err(unavailable(
        args.positional.first().map_or("the URL", String::as_str),
    ))
}
