//! The native `robots-lens` binary: the process's command line, run by the library.
//!
//! The same file is the entry of the WASI build the npm package runs (`wasm32-wasip1`, started by
//! `npm/cli.js` through `node:wasi`).

use std::process::ExitCode;

fn main() -> ExitCode {
    #[cfg(target_os = "wasi")]
    enter_host_directory();
    let args: Vec<String> = std::env::args().skip(1).collect();
    ExitCode::from(robots_lens_cli::run(&args))
}

/// Under WASI a module starts in `/` of the file system its host lends it, not in the directory
/// the command was typed in. The npm runner lends the host's file system root and names the
/// directory in `PWD`, so relative paths (`robots.txt`, `../site/robots.txt`, `.robots-lens.toml`
/// found by walking up) mean what they mean to the native command.
#[cfg(target_os = "wasi")]
fn enter_host_directory() {
    if let Some(directory) = std::env::var_os("PWD") {
        // A directory that cannot be entered leaves relative paths failing with their own
        // "cannot read" message, which names the path.
        let _ = std::env::set_current_dir(directory);
    }
}
