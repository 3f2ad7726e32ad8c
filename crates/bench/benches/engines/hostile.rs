//! The 1,000 hostile URLs against the pathological file, run in a child process so that an engine
//! stuck inside a single check (one URL can take minutes) is stopped at the limit all the same.
//!
//! The child is this benchmark binary started with `--hostile ENGINE CORPUS_DIR`: it compiles
//! `pathological.txt`, answers the URLs of `evil_urls.txt` in order, prints `done N` every tenth of
//! a second and `finished SECONDS ALLOWED` at the end, and stops by itself at the limit between two URLs.
//! The parent kills it a second after the limit if it has not finished.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::peers::Engine;

/// How a run of the hostile URLs ended.
pub enum Outcome {
    /// Every URL answered, in `seconds` (compiling the file included).
    Finished { seconds: f64, allowed: usize },
    /// Stopped at the limit after `done` URLs.
    Cut { done: usize },
}

/// What the parent has read from the child so far.
#[derive(Default)]
struct Progress {
    done: usize,
    finished: Option<(f64, usize)>,
}

/// Runs `engine` on the hostile URLs in a child process, for at most `limit`.
pub fn run(engine: &str, corpus: &Path, limit: Duration) -> Result<Outcome, String> {
    let exe = std::env::current_exe().map_err(|error| format!("cannot find myself: {error}"))?;
    let mut child = Command::new(exe)
        .arg("--hostile")
        .arg(engine)
        .arg(corpus)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|error| format!("cannot start the hostile run: {error}"))?;
    let stdout = child.stdout.take().expect("piped stdout");
    let progress = Arc::new(Mutex::new(Progress::default()));
    let reader = {
        let progress = Arc::clone(&progress);
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let mut progress = progress.lock().expect("progress lock");
                let words: Vec<&str> = line.split_whitespace().collect();
                match words.as_slice() {
                    ["done", n] => progress.done = n.parse().unwrap_or(progress.done),
                    ["finished", seconds, allowed] => {
                        if let (Ok(seconds), Ok(allowed)) = (seconds.parse(), allowed.parse()) {
                            progress.finished = Some((seconds, allowed));
                        }
                    }
                    _ => {}
                }
            }
        })
    };
    let deadline = Instant::now() + limit + Duration::from_secs(1);
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if Instant::now() >= deadline => {
                // Killing a child we started, by its handle; it has no children of its own.
                let _ = child.kill();
                let _ = child.wait();
                break;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(error) => return Err(format!("waiting for the hostile run: {error}")),
        }
    }
    let _ = reader.join();
    let progress = progress.lock().expect("progress lock");
    Ok(match progress.finished {
        Some((seconds, allowed)) => Outcome::Finished { seconds, allowed },
        None => Outcome::Cut {
            done: progress.done,
        },
    })
}

/// The child's side: answer every URL or stop at `limit`, reporting on standard output.
pub fn child(engine: &dyn Engine, pathological: &str, urls: &[String], limit: Duration) {
    let start = Instant::now();
    let mut done = 0usize;
    let mut allowed = 0usize;
    let mut reported = start;
    engine.with_checker(pathological, &mut |check| {
        for url in urls {
            let now = Instant::now();
            if now - start >= limit {
                break;
            }
            // A line every tenth of a second, not every URL: writing costs a fast engine time.
            if now - reported >= Duration::from_millis(100) {
                println!("done {done}");
                reported = now;
            }
            allowed += usize::from(check(url));
            done += 1;
        }
    });
    println!("done {done}");
    if done == urls.len() {
        println!("finished {} {allowed}", start.elapsed().as_secs_f64());
    }
}
