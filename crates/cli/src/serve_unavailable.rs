//! `robots-lens serve` in a build that has no sockets (the npm package's `robots-lens` bin,
//! compiled for wasm32-wasip1): npm/cli.js runs `serve` in Node itself (npm/serve.js) and never
//! hands it to this build, so this answers only someone who runs the module by other means.

use std::process::ExitCode;

use crate::args::{Args, UsageError};

pub fn run(_args: &Args) -> Result<ExitCode, UsageError> {
    Err(UsageError::new(
        "this build of robots-lens has no sockets, so it cannot serve the page: run \
         'npx robots-lens serve' (the npm package serves it from Node), or the native build's \
         'robots-lens serve'",
    ))
}
