//! Criterion benchmarks for parsing and checking; see README "Performance" for recorded numbers.
fn main() {}
