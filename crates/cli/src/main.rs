//! The native `robots-lens` binary: the process's command line, run by the library.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    ExitCode::from(robots_lens_cli::run(&args))
}
