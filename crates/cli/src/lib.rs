//! The `robots-lens` command: check URLs against a robots.txt and explain every verdict.
//!
//! The command only renders what the core decides. Exit codes: 0 allowed (or nothing to report),
//! 1 disallowed (or, for `lint`, an error-severity finding), 2 a usage or input error, 3 a URL
//! given for FILE got no answer at all (no DNS, a refused connection, a timeout): what was
//! printed is RFC 9309's reading of an unreachable file, which CI must tell from a real block.
//!
//! The command is a library so that every build of it runs the same code: the native binary
//! (`src/main.rs`, a thin shell), the npm package's `robots-lens` bin (this crate compiled for
//! `wasm32-wasip1` and run by `node:wasi`, so its output is the native one byte for byte) and the
//! Python package's console script (a PyO3 function calling [`run`]). [`run`] reads and writes
//! the process's standard streams and files, which each host provides: the OS, WASI, or the
//! Python interpreter's own file descriptors.

mod args;
mod asker;
mod check;
mod completions;
mod config;
mod consumers;
mod crawler_name;
mod crawlers;
mod diff;
mod docs;
mod expect;
mod help;
// The HTTP side needs sockets and TLS: the native build only. The npm bin (wasm32-wasip1)
// answers a URL given for FILE, and `fetch`, with a message instead.
#[cfg(not(target_family = "wasm"))]
mod fetch;
#[cfg(target_family = "wasm")]
#[path = "fetch_unavailable.rs"]
mod fetch;
mod lint;
#[cfg(not(target_family = "wasm"))]
mod live;
#[cfg(target_family = "wasm")]
#[path = "live_unavailable.rs"]
mod live;
mod live_options;
mod logs;
mod man;
mod options;
mod preferences;
mod sarif;
// A server needs sockets: the native build only (the npm package's `serve` is npm/serve.js).
#[cfg(not(target_family = "wasm"))]
mod serve;
#[cfg(target_family = "wasm")]
#[path = "serve_unavailable.rs"]
mod serve;
mod terminal;
mod usage_error;

use std::io::Write;
use std::process::ExitCode;

use args::{Args, UsageError};

/// Every consumer's reading of every line of `robots`, as `robots-lens consumers --format json`
/// prints it (messages in English): the Python package's `RobotsFile.consumers()` returns the
/// same object.
pub fn consumers_json(robots: &robots_lens::RobotsTxt) -> serde_json::Value {
    consumers::to_json(&robots_lens::consumers::readings(robots))
}
use help::{help, is_command};

/// Writes `text` to standard output (a closed pipe ends the process quietly, as everywhere).
fn print_text(text: &str) -> Result<(), UsageError> {
    let mut out = terminal::stdout(terminal::Style::Text);
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(UsageError::output)
}

/// Runs the command line `args` (without the program name) and returns its exit status: 0, 1 or
/// 2 as the module documentation says. Every byte goes to the process's standard output and
/// error (flushed before returning); a reader that closed the pipe ends the command quietly with
/// status 0.
pub fn run(args: &[String]) -> u8 {
    let status = match dispatch(args) {
        Ok(code) => match live::unanswered() {
            Some(what) => {
                let what = without_os_error_numbers(&what);
                let _ = writeln!(
                    terminal::stderr(),
                    "robots-lens: exit status 3: {what}. What is printed is RFC 9309's reading \
                     of an unreachable robots.txt (everything disallowed), not a rule of the \
                     site; exit status 1 is kept for a block the site's answer decides"
                );
                3
            }
            None => exit_status(code),
        },
        Err(error) if error.is_broken_pipe() => 0,
        Err(error) => {
            let message = without_os_error_numbers(&error.to_string());
            let _ = writeln!(terminal::stderr(), "robots-lens: {message}");
            2
        }
    };
    // A host that outlives the command (Python, node:wasi) must see every byte before it goes on.
    let _ = std::io::stdout().flush();
    status
}

/// `message` without the " (os error 2)" that Rust appends to an operating system's error: the
/// words before it say what went wrong, and the number differs between hosts (ENOENT is 2 on
/// Linux and macOS, 44 under WASI), which would make the npm command's message differ from the
/// native one's for the same missing file.
fn without_os_error_numbers(message: &str) -> String {
    const OPEN: &str = " (os error ";
    let mut kept = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find(OPEN) {
        let after = &rest[at + OPEN.len()..];
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let is_number = digits > 0 && after[digits..].starts_with(')');
        let end = if is_number { at } else { at + OPEN.len() };
        kept.push_str(&rest[..end]);
        rest = if is_number {
            &after[digits + 1..]
        } else {
            after
        };
    }
    kept.push_str(rest);
    kept
}

/// The number behind a command's `ExitCode`, which the standard library keeps opaque: the
/// commands return 0, 1 or 2 only.
fn exit_status(code: ExitCode) -> u8 {
    [0, 1]
        .into_iter()
        .find(|&status| code == ExitCode::from(status))
        .unwrap_or(2)
}

fn dispatch(raw: &[String]) -> Result<ExitCode, UsageError> {
    let Some((command, rest)) = raw.split_first() else {
        print_text(&help(None))?;
        return Ok(ExitCode::from(2));
    };
    match command.as_str() {
        "-h" | "--help" => {
            print_text(&help(None))?;
            Ok(ExitCode::SUCCESS)
        }
        "help" => {
            let command = rest
                .first()
                .map(String::as_str)
                .filter(|name| is_command(name));
            print_text(&help(command))?;
            Ok(ExitCode::SUCCESS)
        }
        name if is_command(name) && rest.iter().any(|arg| arg == "--help" || arg == "-h") => {
            print_text(&help(Some(name)))?;
            Ok(ExitCode::SUCCESS)
        }
        "-V" | "--version" => {
            print_text(&format!("robots-lens {}\n", env!("CARGO_PKG_VERSION")))?;
            Ok(ExitCode::SUCCESS)
        }
        "fetch" => fetch::run(&Args::parse_for("fetch", rest)?),
        "check" => check::run(&fetch::asking_about_the_url(Args::parse_for(
            "check", rest,
        )?)?),
        "crawlers" => crawlers::run(&fetch::asking_about_the_url(Args::parse_for(
            "crawlers", rest,
        )?)?),
        "lint" => lint::run(&Args::parse_for("lint", rest)?),
        "consumers" => consumers::run(&Args::parse_for("consumers", rest)?),
        "diff" => diff::run(&Args::parse_for("diff", rest)?),
        "test" => expect::run(&Args::parse_for("test", rest)?),
        "preferences" => preferences::run(&fetch::asking_about_the_url(Args::parse_for(
            "preferences",
            rest,
        )?)?),
        "explain" => lint::explain(&Args::parse_for("explain", rest)?),
        "serve" => serve::run(&Args::parse_for("serve", rest)?),
        "logs" => logs::run(&Args::parse_for("logs", rest)?),
        "completions" => {
            let script = completions::script(rest)?;
            print_text(&script)?;
            Ok(ExitCode::SUCCESS)
        }
        "man" => {
            if let Some(extra) = rest.first() {
                return Err(UsageError::new(format!(
                    "man takes no argument, not '{extra}'"
                )));
            }
            print_text(&man::page())?;
            Ok(ExitCode::SUCCESS)
        }
        other => Err(UsageError::new(format!(
            "unknown command '{other}'; try 'robots-lens --help'"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::without_os_error_numbers;

    #[test]
    fn os_error_numbers_are_dropped_and_other_parentheses_kept() {
        assert_eq!(
            without_os_error_numbers("cannot read a.txt: No such file or directory (os error 2)"),
            "cannot read a.txt: No such file or directory"
        );
        assert_eq!(
            without_os_error_numbers("cannot read (os error x).txt: gone (os error 44)"),
            "cannot read (os error x).txt: gone"
        );
        assert_eq!(without_os_error_numbers("(os error )"), "(os error )");
    }
}
