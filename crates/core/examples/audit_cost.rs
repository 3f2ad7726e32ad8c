//! What the audit costs, file by file: every file given (or every file of each folder given)
//! is audited once a round, for `ROUNDS` rounds (default 5). Prints the least time a round took
//! (the whole set audited once), each file's mean over the rounds, the files that cost most and
//! how much of the total the costliest twentieth of the files takes. Times are the thread's CPU
//! time where Linux tells it (`/proc/thread-self/schedstat`), so that other work on a shared
//! machine does not count; it advances by scheduler ticks, so a file's own figure is exact only
//! for files that take several milliseconds, the round's total always. Elsewhere, wall time.
//!
//! ```sh
//! cargo run --release -p robots-lens --example audit_cost -- ../shared/corpus/real-robots/files ../shared/corpus/real-robots-2/files
//! ```

use std::path::PathBuf;
use std::time::{Duration, Instant};

fn main() {
    let rounds: u32 = std::env::var("ROUNDS")
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(5)
        .max(1);
    let mut paths: Vec<PathBuf> = Vec::new();
    for argument in std::env::args().skip(1) {
        let path = PathBuf::from(argument);
        match std::fs::read_dir(&path) {
            Ok(entries) => {
                let mut files: Vec<PathBuf> = entries.flatten().map(|entry| entry.path()).collect();
                files.sort();
                paths.extend(files);
            }
            Err(_) => paths.push(path),
        }
    }
    let files: Vec<(PathBuf, robots_lens::RobotsTxt)> = paths
        .into_iter()
        .filter_map(|path| match std::fs::read(&path) {
            Ok(bytes) => Some((path, robots_lens::RobotsTxt::parse(&bytes))),
            Err(error) => {
                eprintln!("cannot read {}: {error}", path.display());
                None
            }
        })
        .collect();
    let mut spent = vec![Duration::ZERO; files.len()];
    let mut findings = vec![0; files.len()];
    let mut least = Duration::MAX;
    for _ in 0..rounds {
        let round = now();
        for (index, (_, robots)) in files.iter().enumerate() {
            let start = now();
            findings[index] = std::hint::black_box(robots.audit()).len();
            spent[index] += since(start);
        }
        least = least.min(since(round));
    }
    let count = files.len().max(1);
    println!(
        "{} files, audited in {:.1} ms (the least of {rounds} rounds), {:.1} µs a file",
        files.len(),
        least.as_secs_f64() * 1e3,
        least.as_secs_f64() * 1e6 / count as f64
    );
    let mut costs: Vec<(Duration, usize, &PathBuf)> = spent
        .iter()
        .zip(&findings)
        .zip(&files)
        .map(|((spent, findings), (path, _))| (*spent / rounds, *findings, path))
        .collect();
    costs.sort_by_key(|(cost, ..)| std::cmp::Reverse(*cost));
    let total: Duration = costs.iter().map(|(cost, ..)| *cost).sum();
    let twentieth = costs.len().div_ceil(20);
    let top: Duration = costs.iter().take(twentieth).map(|(cost, ..)| *cost).sum();
    let half = costs
        .iter()
        .scan(Duration::ZERO, |sum, (cost, ..)| {
            *sum += *cost;
            Some(*sum)
        })
        .take_while(|sum| *sum < total / 2)
        .count()
        + 1;
    println!(
        "the costliest {twentieth} files take {:.0}% of the mean round; {half} files take half",
        100.0 * top.as_secs_f64() / total.as_secs_f64().max(1e-12)
    );
    for (cost, findings, path) in costs.iter().take(10) {
        println!(
            "{:>10.1} µs {findings:>5} findings  {}",
            cost.as_secs_f64() * 1e6,
            path.display()
        );
    }
}

/// The thread's CPU time so far, or the wall clock where Linux does not say.
enum Clock {
    Cpu(Duration),
    Wall(Instant),
}

fn now() -> Clock {
    let cpu = std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|stat| stat.split_whitespace().next()?.parse::<u64>().ok());
    match cpu {
        Some(nanoseconds) => Clock::Cpu(Duration::from_nanos(nanoseconds)),
        None => Clock::Wall(Instant::now()),
    }
}

fn since(start: Clock) -> Duration {
    match (start, now()) {
        (Clock::Cpu(start), Clock::Cpu(end)) => end.saturating_sub(start),
        (Clock::Wall(start), _) => start.elapsed(),
        // The clock went away mid-measure: nothing to say.
        (Clock::Cpu(_), Clock::Wall(_)) => Duration::ZERO,
    }
}
