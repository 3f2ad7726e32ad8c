//! Talking to `tests/python/robotparser_oracle.py`, the process that asks this machine's real
//! `urllib.robotparser`: shared by the differential test and the vector runner.
//!
//! The oracle reads one JSON question a line and answers each in order; its first line is a
//! hello naming the Python it runs.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::thread::JoinHandle;

/// A running oracle.
pub struct Oracle {
    child: Child,
    stdout: BufReader<ChildStdout>,
    writer: Option<JoinHandle<()>>,
}

impl Oracle {
    /// Starts the oracle and reads its hello line. When `python3` cannot be run the `test`
    /// fails, or, if `python` is allowed to be missing (`inputs`), is skipped: `None`.
    pub fn start(test: &str) -> Option<(Oracle, String)> {
        let script =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/python/robotparser_oracle.py");
        let mut child = match Command::new("python3")
            .arg(&script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
        {
            Ok(child) => child,
            Err(error) => {
                super::inputs::missing("python", test, &format!("cannot run python3 ({error})"));
                return None;
            }
        };
        let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut hello = String::new();
        stdout.read_line(&mut hello).expect("the oracle says hello");
        let oracle = Oracle {
            child,
            stdout,
            writer: None,
        };
        Some((oracle, hello))
    }

    /// Sends every question from another thread: the oracle answers while it reads, and both
    /// pipes are finite, so writing them all first could block both processes.
    pub fn ask(&mut self, questions: Vec<String>) {
        let mut stdin = self.child.stdin.take().expect("questions are sent once");
        self.writer = Some(std::thread::spawn(move || {
            for question in questions {
                writeln!(stdin, "{question}").expect("the oracle reads its input");
            }
        }));
    }

    /// The next answer line.
    pub fn answer(&mut self) -> String {
        let mut reply = String::new();
        self.stdout
            .read_line(&mut reply)
            .expect("the oracle answers");
        reply
    }

    /// Waits for the oracle to end after its last answer, and checks that it ended well.
    pub fn finish(mut self) {
        if let Some(writer) = self.writer.take() {
            writer.join().expect("the writer thread ends");
        }
        drop(self.child.stdin.take());
        let status = self.child.wait().expect("the oracle exits");
        assert!(status.success(), "the oracle failed: {status}");
    }

    /// Stops the oracle without asking anything.
    pub fn stop(mut self) {
        drop(self.child.stdin.take());
        let _ = self.child.wait();
    }
}
