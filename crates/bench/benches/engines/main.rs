//! Robots Lens side by side with the `robotstxt` and `texting_robots` crates, in one process and
//! one run, on the shared benchmark corpus.
//!
//! ```text
//! python3 ../shared/bench/gen_corpus.py target/bench/corpus     # + medium.txt, see below
//! cargo bench -p robots-lens-bench --bench engines -- target/bench/corpus --json out.json
//! ```
//!
//! `npm run bench:engine` (scripts/bench-engine.mjs) does all of this, writes `medium.txt` (the
//! first 50 KiB of `large.txt`, cut at a line end, for the parse-against-size chart), runs the
//! Node benchmark of the wasm package as well and prints one table.
//!
//! # Overview
//!
//! Every round measures every engine, in an order rotated from round to round, so that a drift
//! of the machine's speed (a third within an hour on the shared development machine) falls on
//! all engines alike and the ratios of one round compare like with like:
//!
//! - `parse`: the engine's reading of `typical` (5 KB), `medium` (50 KiB), `large` (500 KiB)
//!   and `huge` (5 MiB), seconds per parse, repeated for at least `BENCH_OP_SECONDS`;
//! - `first-verdict`: parse, compile and answer one URL (`typical`, `large`, `huge`);
//! - `checks`: URLs of `urls.txt` answered per second by a file compiled once, for at most
//!   `BENCH_CHECK_SECONDS` or the whole list (`typical`, `large`); the first round's answers are
//!   compared between engines and the disagreements counted;
//! - `hostile`: compile `pathological.txt` and answer the 1,000 URLs of `evil_urls.txt`, cut
//!   after `BENCH_HOSTILE_SECONDS` (checked between two URLs): a cut engine is reported as
//!   slower than the limit and not run again. At most three rounds.
//!
//! After the rounds, `memory`: the peak heap bytes a first verdict allocates beyond what was
//! live before it, per engine and file, counted by the global allocator in `alloc.rs`. The
//! caller owns the file's text, as one that read it does, and hands it over
//! ([`peers::Engine::first_verdict_owned`]): Robots Lens keeps that buffer rather than a copy.
//! Then `parse-memory`, Robots Lens alone (the peers' parses keep different things): the bytes
//! `RobotsTxt::parse_string` keeps beyond the text handed to it, and its peak meanwhile.
//!
//! # Output
//!
//! Progress lines on standard error; with `--json PATH`, every sample (one per round, `null` for
//! a round an engine did not run) for scripts/bench-report.mjs to summarise.

mod alloc;
mod hostile;
mod peers;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use peers::Engine;

#[global_allocator]
static ALLOCATOR: alloc::CountingAlloc = alloc::CountingAlloc;

/// The generator's URLs are paths; every engine gets the same full URLs on the generator's host.
const ORIGIN: &str = "https://www.shop-example.com";
/// Fewer answers than this would make a rate mostly noise, however long they take.
const MIN_CHECKS: usize = 50;
/// A run of hostile URLs is a long measurement already; more rounds add little.
const MAX_HOSTILE_ROUNDS: usize = 3;

struct Settings {
    corpus: PathBuf,
    /// Set in the child process that runs one engine on the hostile URLs ([`hostile`]).
    hostile_child: Option<String>,
    json: Option<PathBuf>,
    rounds: usize,
    op_time: Duration,
    check_time: Duration,
    hostile_limit: Duration,
}

impl Settings {
    fn from_args() -> Result<Settings, String> {
        let mut corpus = None;
        let mut json = None;
        let mut hostile_child = None;
        let mut args = std::env::args().skip(1);
        while let Some(arg) = args.next() {
            match arg.as_str() {
                // cargo bench passes --bench to a harness-less benchmark.
                "--bench" => {}
                "--json" => json = Some(PathBuf::from(args.next().ok_or("--json needs a path")?)),
                "--hostile" => {
                    hostile_child = Some(args.next().ok_or("--hostile needs an engine")?)
                }
                other if other.starts_with('-') => return Err(format!("unknown option {other}")),
                other => corpus = Some(PathBuf::from(other)),
            }
        }
        Ok(Settings {
            corpus: corpus.ok_or("usage: engines CORPUS_DIR [--json PATH]")?,
            json,
            hostile_child,
            rounds: env_number("BENCH_ROUNDS", 5.0)?.max(1.0) as usize,
            op_time: Duration::from_secs_f64(env_number("BENCH_OP_SECONDS", 0.2)?),
            check_time: Duration::from_secs_f64(env_number("BENCH_CHECK_SECONDS", 1.0)?),
            hostile_limit: Duration::from_secs_f64(env_number("BENCH_HOSTILE_SECONDS", 10.0)?),
        })
    }
}

fn env_number(name: &str, default: f64) -> Result<f64, String> {
    match std::env::var(name) {
        Ok(text) => match text.trim().parse::<f64>() {
            Ok(value) if value.is_finite() && value >= 0.0 => Ok(value),
            _ => Err(format!(
                "{name} must be a number of seconds or rounds, not '{text}'"
            )),
        },
        Err(_) => Ok(default),
    }
}

struct Corpus {
    /// `(name, text)` of the files parsed, in increasing size.
    files: Vec<(&'static str, String)>,
    urls: Vec<String>,
    pathological: String,
    evil_urls: Vec<String>,
}

/// The text of `name` in the corpus folder.
fn read_corpus_file(dir: &Path, name: &str) -> Result<String, String> {
    let path = dir.join(name);
    std::fs::read_to_string(&path).map_err(|error| {
        format!(
            "cannot read {}: {error} (npm run bench:engine generates the corpus)",
            path.display()
        )
    })
}

/// The generator's paths, one a line, as full URLs on its host.
fn read_urls(dir: &Path, name: &str) -> Result<Vec<String>, String> {
    Ok(read_corpus_file(dir, name)?
        .lines()
        .filter(|line| !line.is_empty())
        .map(|path| format!("{ORIGIN}{path}"))
        .collect())
}

impl Corpus {
    fn load(dir: &Path) -> Result<Corpus, String> {
        let mut files = Vec::new();
        for name in ["typical", "medium", "large", "huge"] {
            files.push((name, read_corpus_file(dir, &format!("{name}.txt"))?));
        }
        Ok(Corpus {
            files,
            urls: read_urls(dir, "urls.txt")?,
            pathological: read_corpus_file(dir, "pathological.txt")?,
            evil_urls: read_urls(dir, "evil_urls.txt")?,
        })
    }

    fn file(&self, name: &str) -> &str {
        &self
            .files
            .iter()
            .find(|(id, _)| *id == name)
            .expect("a corpus file")
            .1
    }
}

/// One figure of one engine on one file: a sample per round, `None` for a round it did not run.
struct Row {
    measure: &'static str,
    file: &'static str,
    engine: &'static str,
    unit: &'static str,
    samples: Vec<Option<f64>>,
    /// For `checks`: how many URLs each round answered.
    answered: Vec<usize>,
    /// Further JSON members, already encoded (`"name": value`).
    extra: Vec<String>,
}

#[derive(Default)]
struct Results {
    rows: Vec<Row>,
}

impl Results {
    fn push(
        &mut self,
        measure: &'static str,
        file: &'static str,
        engine: &'static str,
        unit: &'static str,
        sample: Option<f64>,
    ) -> &mut Row {
        let index = match self
            .rows
            .iter()
            .position(|row| (row.measure, row.file, row.engine) == (measure, file, engine))
        {
            Some(index) => index,
            None => {
                self.rows.push(Row {
                    measure,
                    file,
                    engine,
                    unit,
                    samples: Vec::new(),
                    answered: Vec::new(),
                    extra: Vec::new(),
                });
                self.rows.len() - 1
            }
        };
        let row = &mut self.rows[index];
        row.samples.push(sample);
        row
    }
}

/// Seconds per call of `op`, after one call to warm up, over at least `min_time`.
fn seconds_per_call(min_time: Duration, mut op: impl FnMut()) -> f64 {
    op();
    let start = Instant::now();
    let mut calls = 0u32;
    loop {
        op();
        calls += 1;
        let elapsed = start.elapsed();
        if elapsed >= min_time {
            return elapsed.as_secs_f64() / f64::from(calls);
        }
    }
}

/// Answers `urls` in order with a checker compiled once, until `budget` is spent (after at least
/// [`MIN_CHECKS`]) or the list ends. Returns the answers and the seconds they took.
fn answer_urls(
    engine: &dyn Engine,
    text: &str,
    urls: &[String],
    budget: Duration,
) -> (Vec<bool>, f64) {
    let mut answers = Vec::with_capacity(urls.len());
    let mut seconds = 0.0;
    engine.with_checker(text, &mut |check| {
        let start = Instant::now();
        for (index, url) in urls.iter().enumerate() {
            answers.push(check(url));
            // Reading the clock every 16 answers keeps its cost out of fast engines' rates.
            if index % 16 == 15 && index + 1 >= MIN_CHECKS && start.elapsed() >= budget {
                break;
            }
        }
        seconds = start.elapsed().as_secs_f64();
    });
    (answers, seconds)
}

fn main() {
    let settings = Settings::from_args().unwrap_or_else(|error| {
        eprintln!("error: {error}");
        std::process::exit(2);
    });
    let engines = peers::all();
    if let Some(id) = &settings.hostile_child {
        let Some(engine) = engines.iter().find(|engine| engine.id() == id) else {
            eprintln!("error: no engine is called '{id}'");
            std::process::exit(2);
        };
        let inputs = read_corpus_file(&settings.corpus, "pathological.txt")
            .and_then(|text| Ok((text, read_urls(&settings.corpus, "evil_urls.txt")?)));
        match inputs {
            Ok((text, urls)) => hostile::child(&**engine, &text, &urls, settings.hostile_limit),
            Err(error) => {
                eprintln!("error: {error}");
                std::process::exit(2);
            }
        }
        return;
    }
    let corpus = Corpus::load(&settings.corpus).unwrap_or_else(|error| {
        eprintln!("error: {error}");
        std::process::exit(2);
    });
    let mut results = Results::default();
    // The first round's answers, per file and engine, to count disagreements.
    let mut answers: Vec<(&'static str, &'static str, Vec<bool>)> = Vec::new();
    let mut hostile_cut: Vec<&'static str> = Vec::new();
    let first_url = corpus.urls.first().map(String::as_str).unwrap_or("/");

    for round in 0..settings.rounds {
        let mut order: Vec<&dyn Engine> = engines.iter().map(|engine| &**engine).collect();
        order.rotate_left(round % engines.len());
        let heading = format!("round {}/{}", round + 1, settings.rounds);

        for (file, text) in &corpus.files {
            let mut line = format!("{heading} parse {file}:");
            for engine in &order {
                let seconds = seconds_per_call(settings.op_time, || engine.parse(text));
                results.push("parse", file, engine.id(), "s", Some(seconds));
                let _ = write!(line, " {} {}", engine.id(), milliseconds(seconds));
            }
            eprintln!("{line}");
        }

        for file in ["typical", "large", "huge"] {
            let text = corpus.file(file);
            let mut line = format!("{heading} first verdict {file}:");
            for engine in &order {
                let seconds = seconds_per_call(settings.op_time, || {
                    std::hint::black_box(engine.first_verdict(text, first_url));
                });
                results.push("first-verdict", file, engine.id(), "s", Some(seconds));
                let _ = write!(line, " {} {}", engine.id(), milliseconds(seconds));
            }
            eprintln!("{line}");
        }

        for file in ["typical", "large"] {
            let text = corpus.file(file);
            let mut line = format!("{heading} checks/s {file}:");
            for engine in &order {
                let (given, seconds) =
                    answer_urls(*engine, text, &corpus.urls, settings.check_time);
                let rate = given.len() as f64 / seconds;
                let row = results.push("checks", file, engine.id(), "checks/s", Some(rate));
                row.answered.push(given.len());
                let _ = write!(line, " {} {:.0} ({} URLs)", engine.id(), rate, given.len());
                if round == 0 {
                    answers.push((file, engine.id(), given));
                }
            }
            eprintln!("{line}");
        }

        if round < MAX_HOSTILE_ROUNDS {
            let mut line = format!("{heading} hostile:");
            for engine in &order {
                if hostile_cut.contains(&engine.id()) {
                    results.push("hostile", "pathological", engine.id(), "s", None);
                    continue;
                }
                let outcome = hostile::run(engine.id(), &settings.corpus, settings.hostile_limit)
                    .unwrap_or_else(|error| {
                        eprintln!("error: {error}");
                        std::process::exit(1);
                    });
                match outcome {
                    hostile::Outcome::Finished { seconds, allowed } => {
                        let row = results.push(
                            "hostile",
                            "pathological",
                            engine.id(),
                            "s",
                            Some(seconds),
                        );
                        row.extra = vec![format!("\"allowed\": {allowed}")];
                        let _ = write!(line, " {} {seconds:.3} s", engine.id());
                    }
                    hostile::Outcome::Cut { done } => {
                        hostile_cut.push(engine.id());
                        let row = results.push("hostile", "pathological", engine.id(), "s", None);
                        row.extra = vec![format!(
                            "\"cut\": {{\"limit_s\": {}, \"done\": {done}, \"of\": {}}}",
                            settings.hostile_limit.as_secs_f64(),
                            corpus.evil_urls.len()
                        )];
                        let _ = write!(line, " {} cut after {done} URLs", engine.id());
                    }
                }
            }
            eprintln!("{line}");
        }
    }

    for file in ["typical", "large", "huge"] {
        let text = corpus.file(file);
        let mut line = format!("memory {file} ({} bytes):", text.len());
        for engine in &engines {
            // The caller owns the text it read; what it hands over is not extra memory.
            let owned = text.to_owned();
            let bytes = alloc::peak_extra_bytes(|| {
                std::hint::black_box(engine.first_verdict_owned(owned, first_url));
            });
            results.push("memory", file, engine.id(), "bytes", Some(bytes as f64));
            let _ = write!(line, " {} {:.2} MB", engine.id(), bytes as f64 / 1e6);
        }
        eprintln!("{line}");
    }

    // The parse alone, for Robots Lens: what the parsed file keeps beyond the caller's text
    // (which it takes over), and the peak while it was made.
    for file in ["typical", "medium", "large", "huge"] {
        let text = corpus.file(file);
        let owned = text.to_owned();
        let (kept, peak) = alloc::kept_and_peak_bytes(|| {
            std::hint::black_box(robots_lens::RobotsTxt::parse_string(owned))
        });
        // The text was live before the parse and is not counted; with it added, the ratio is
        // what the parsed file costs in memory.
        let size = text.len() as f64;
        results.push(
            "parse-memory",
            file,
            "robots-lens",
            "bytes",
            Some(kept as f64),
        );
        results.push(
            "parse-peak",
            file,
            "robots-lens",
            "bytes",
            Some(peak as f64),
        );
        eprintln!(
            "parse memory {file} ({} bytes): robots-lens keeps {kept} B beyond the text ({:.2}× the file; with the text {:.2}×), peak {peak} B ({:.2}×)",
            text.len(),
            kept as f64 / size,
            1.0 + kept as f64 / size,
            peak as f64 / size
        );
    }

    let agreement = agreement(&answers);
    // BENCH_SHOW_DISAGREEMENTS=N lists the first N URLs on which each peer answered otherwise.
    let show = env_number("BENCH_SHOW_DISAGREEMENTS", 0.0).unwrap_or(0.0) as usize;
    for row in &agreement {
        for &(index, peer_allows) in row.differ.iter().take(show) {
            let answer = if peer_allows { "allows" } else { "disallows" };
            eprintln!(
                "{}: {} {answer} {}; robots-lens the opposite",
                row.file, row.engine, corpus.urls[index]
            );
        }
    }
    let json = to_json(&settings, &corpus, &engines, &results, &agreement);
    match &settings.json {
        Some(path) => {
            if let Err(error) = std::fs::write(path, json) {
                eprintln!("error: cannot write {}: {error}", path.display());
                std::process::exit(1);
            }
        }
        None => print!("{json}"),
    }
}

fn milliseconds(seconds: f64) -> String {
    format!("{:.3} ms", seconds * 1e3)
}

fn to_json(
    settings: &Settings,
    corpus: &Corpus,
    engines: &[Box<dyn Engine>],
    results: &Results,
    agreement: &[Agreement],
) -> String {
    let mut out = String::from("{\n  \"suite\": \"native\",\n");
    let _ = writeln!(
        out,
        "  \"command\": \"cargo bench -p robots-lens-bench --bench engines\",\n  \"rounds\": {},\n  \"agent\": {},",
        settings.rounds,
        quote(peers::AGENT)
    );
    out.push_str("  \"engines\": [\n");
    for (index, engine) in engines.iter().enumerate() {
        let _ = writeln!(
            out,
            "    {{\"id\": {}, \"label\": {}, \"parse_covers\": {}}}{}",
            quote(engine.id()),
            quote(engine.label()),
            quote(engine.parse_covers()),
            if index + 1 < engines.len() { "," } else { "" }
        );
    }
    out.push_str("  ],\n  \"files\": {");
    let sizes: Vec<String> = corpus
        .files
        .iter()
        .map(|(name, text)| format!("{}: {}", quote(name), text.len()))
        .chain([
            format!("\"pathological\": {}", corpus.pathological.len()),
            format!("\"urls\": {}", corpus.urls.len()),
            format!("\"evil_urls\": {}", corpus.evil_urls.len()),
        ])
        .collect();
    out.push_str(&sizes.join(", "));
    out.push_str("},\n  \"results\": [\n");
    for (index, row) in results.rows.iter().enumerate() {
        let samples: Vec<String> = row
            .samples
            .iter()
            .map(|sample| match sample {
                Some(value) => format!("{value:e}"),
                None => "null".to_owned(),
            })
            .collect();
        let mut members = vec![
            format!("\"measure\": {}", quote(row.measure)),
            format!("\"file\": {}", quote(row.file)),
            format!("\"engine\": {}", quote(row.engine)),
            format!("\"unit\": {}", quote(row.unit)),
            format!("\"samples\": [{}]", samples.join(", ")),
        ];
        if !row.answered.is_empty() {
            let counts: Vec<String> = row.answered.iter().map(usize::to_string).collect();
            members.push(format!("\"answered\": [{}]", counts.join(", ")));
        }
        members.extend(row.extra.iter().cloned());
        let _ = writeln!(
            out,
            "    {{{}}}{}",
            members.join(", "),
            if index + 1 < results.rows.len() {
                ","
            } else {
                ""
            }
        );
    }
    out.push_str("  ],\n  \"agreement\": [\n");
    let agreement: Vec<String> = agreement
        .iter()
        .map(|row| {
            format!(
                "    {{\"file\": {}, \"engine\": {}, \"compared\": {}, \"disagreements\": {}}}",
                quote(row.file),
                quote(row.engine),
                row.compared,
                row.differ.len()
            )
        })
        .collect();
    out.push_str(&agreement.join(",\n"));
    out.push_str("\n  ]\n}\n");
    out
}

/// How often a peer's answers differed from Robots Lens's on the URLs both answered.
struct Agreement {
    file: &'static str,
    engine: &'static str,
    compared: usize,
    /// Where the answers differ: the index into the URL list, and the peer's answer.
    differ: Vec<(usize, bool)>,
}

fn agreement(answers: &[(&'static str, &'static str, Vec<bool>)]) -> Vec<Agreement> {
    let mut rows = Vec::new();
    for (file, engine, given) in answers {
        let reference = answers
            .iter()
            .find(|(f, e, _)| f == file && *e == "robots-lens");
        let Some((_, _, reference)) = reference.filter(|_| *engine != "robots-lens") else {
            continue;
        };
        let compared = given.len().min(reference.len());
        rows.push(Agreement {
            file,
            engine,
            compared,
            differ: (0..compared)
                .filter(|&i| given[i] != reference[i])
                .map(|i| (i, given[i]))
                .collect(),
        });
    }
    rows
}

/// `text` as a JSON string.
fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
