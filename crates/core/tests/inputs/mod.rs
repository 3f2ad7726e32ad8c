//! Inputs some tests take from outside the repository: the reference files and real robots.txt
//! corpora in `../shared/` (laid beside the clone, as CI lays it) and this machine's `python3`.
//!
//! A test whose input is missing must not pass as though it had checked something, so it fails
//! and says what is missing and where it was looked for. Someone who knowingly runs the tests
//! without an input says so by naming it in `ROBOTS_LENS_ALLOW_MISSING` (a comma-separated list
//! of `shared`, `python`, and for the CLI's tests, which include this module, `zsh`, `fish`,
//! `groff`); the test then prints `SKIPPED: <why>` and returns.
//!
//! `ROBOTS_LENS_SHARED` points at another copy of the shared folder, as it does for the
//! benchmarks.

#![allow(dead_code)] // Each test crate includes this module and uses part of it.

use std::path::PathBuf;

/// The variable that lists the inputs allowed to be missing.
pub const ALLOW_MISSING: &str = "ROBOTS_LENS_ALLOW_MISSING";

/// The shared folder: `$ROBOTS_LENS_SHARED`, else `shared/` beside the repository.
pub fn shared_dir() -> PathBuf {
    match std::env::var_os("ROBOTS_LENS_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
    }
}

/// `relative` inside the shared folder when it is there; `None` after printing why the test is
/// skipped when the caller allowed `shared` to be missing; otherwise the test fails.
pub fn shared_path(relative: &str, test: &str) -> Option<PathBuf> {
    let path = shared_dir().join(relative);
    if path.exists() {
        return Some(path);
    }
    missing(
        "shared",
        test,
        &format!(
            "{} is not there (the shared folder belongs beside the repository, or set \
             ROBOTS_LENS_SHARED)",
            path.display()
        ),
    );
    None
}

/// The cases of the shared JSON Lines file `relative` (one object a line, blank lines skipped),
/// read as [`shared_path`] finds it (`None` when it may be missing and is); a line that is not
/// a case fails the test, naming the line.
pub fn shared_jsonl<T: serde::de::DeserializeOwned>(relative: &str, test: &str) -> Option<Vec<T>> {
    let path = shared_path(relative, test)?;
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    Some(
        text.lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty())
            .map(|(index, line)| {
                serde_json::from_str(line).unwrap_or_else(|error| {
                    panic!("line {} of {}: {error}", index + 1, path.display())
                })
            })
            .collect(),
    )
}

/// Reports a missing input: fails the test unless `kind` is listed in
/// `ROBOTS_LENS_ALLOW_MISSING`, in which case it prints the skip and returns.
pub fn missing(kind: &str, test: &str, why: &str) {
    let allowed = std::env::var(ALLOW_MISSING).unwrap_or_default();
    if allowed.split(',').any(|name| name.trim() == kind) {
        eprintln!("SKIPPED: {test}: {why} ({ALLOW_MISSING} lists `{kind}`)");
        return;
    }
    panic!(
        "{test} cannot run: {why}. It checks nothing without it; to skip it knowingly, set \
         {ALLOW_MISSING}={kind}"
    );
}
