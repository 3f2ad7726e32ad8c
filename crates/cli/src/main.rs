//! The `robots-lens` command.
fn main() {}
