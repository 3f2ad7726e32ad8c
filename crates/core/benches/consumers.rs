//! The consumers table of a 500 KiB file, beside the parse and the audit of the same file (the
//! issue's budget: under 50 ms natively). The file is the shared benchmark corpus's
//! `large.txt` (`python3 ../shared/bench/gen_corpus.py target/bench/corpus`, which
//! `node scripts/bench-corpus.mjs` also writes), or `ROBOTS_LENS_BENCH_FILE`.
//!
//! Run: `cargo bench -p robots-lens --bench consumers`.

// `criterion_group!` generates a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use std::path::PathBuf;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use robots_lens::{consumers, RobotsTxt};

fn bench_file() -> (PathBuf, Vec<u8>) {
    let path = std::env::var_os("ROBOTS_LENS_BENCH_FILE").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/bench/corpus/large.txt"),
        PathBuf::from,
    );
    let bytes = std::fs::read(&path).unwrap_or_else(|error| {
        panic!(
            "cannot read {} ({error}): write the corpus with `python3 ../shared/bench/gen_corpus.py \
             target/bench/corpus`, or set ROBOTS_LENS_BENCH_FILE",
            path.display()
        )
    });
    (path, bytes)
}

fn benches(c: &mut Criterion) {
    let (path, bytes) = bench_file();
    let name = path
        .file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned());
    let robots = RobotsTxt::parse(&bytes);
    println!(
        "{name}: {} bytes, {} lines",
        bytes.len(),
        robots.lines().len()
    );
    c.bench_function(&format!("parse {name}"), |b| {
        b.iter(|| RobotsTxt::parse(black_box(&bytes)))
    });
    c.bench_function(&format!("consumers table of {name} (parsed)"), |b| {
        b.iter(|| consumers::readings(black_box(&robots)).len())
    });
    c.bench_function(
        &format!("consumers table and summaries of {name} (parsed)"),
        |b| b.iter(|| consumers::readings(black_box(&robots)).summaries().len()),
    );
    c.bench_function(&format!("audit of {name} (parsed)"), |b| {
        b.iter(|| black_box(&robots).audit().len())
    });
}

criterion_group! {
    name = consumers_bench;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(consumers_bench);
