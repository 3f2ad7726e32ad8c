//! Starts tests/live/server.py (the local web server of the live tests) for a Rust test, and
//! stops it when the test ends. Included by the fetch crate's and the CLI's live tests with
//! `#[path]`, so both drive the same server the Python and Node tests use.

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};

/// The running server: a port per case, and the test CA's certificate.
pub struct LiveServer {
    child: Child,
    /// Held open: the server stops (and removes its CA's directory) when it is closed.
    stdin: Option<ChildStdin>,
    ports: HashMap<String, u16>,
    ca: PathBuf,
}

impl LiveServer {
    /// Starts the server and waits for its list of ports.
    pub fn start() -> LiveServer {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/live/server.py");
        let mut child = Command::new(std::env::var("PYTHON").unwrap_or_else(|_| "python3".into()))
            .arg(&script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|error| panic!("cannot start {}: {error}", script.display()));
        let stdin = child.stdin.take().expect("piped");
        let mut first_line = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut first_line)
            .expect("the server prints its ports");
        let announced: serde_json::Value = serde_json::from_str(&first_line)
            .unwrap_or_else(|error| panic!("the server printed {first_line:?}: {error}"));
        let ports = announced["ports"]
            .as_object()
            .expect("ports")
            .iter()
            .map(|(case, port)| (case.clone(), port.as_u64().expect("a port") as u16))
            .collect();
        LiveServer {
            child,
            stdin: Some(stdin),
            ports,
            ca: PathBuf::from(announced["ca"].as_str().expect("ca")),
        }
    }

    /// The port of `case`.
    pub fn port(&self, case: &str) -> u16 {
        *self
            .ports
            .get(case)
            .unwrap_or_else(|| panic!("the server has no case {case}"))
    }

    /// `http://127.0.0.1:PORT` of `case` (`https://` for the `https` case).
    pub fn site(&self, case: &str) -> String {
        let scheme = if case == "https" { "https" } else { "http" };
        format!("{scheme}://127.0.0.1:{}", self.port(case))
    }

    /// The test CA's PEM file.
    pub fn ca(&self) -> &Path {
        &self.ca
    }
}

impl Drop for LiveServer {
    fn drop(&mut self) {
        drop(self.stdin.take());
        for _ in 0..40 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
