//! What the CLI's integration tests share: running the built `robots-lens` as a user would.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `robots-lens ARGS` with `stdin` as its standard input and returns what it printed and
/// its exit status.
pub fn robots_lens(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_robots-lens"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let input = stdin.to_vec();
    let mut pipe = child.stdin.take().unwrap();
    // A separate writer: the command may answer (or refuse, and exit) before it has read
    // everything, and a large input must not wait on a full output pipe. A broken pipe is fine.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}
