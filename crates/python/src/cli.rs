//! The `robots-lens` command inside the Python package: `python -m robots_lens` and the
//! `robots-lens` console script call [`run_cli`], which runs the CLI library (crates/cli) in this
//! process. It is the native command's code, not a re-implementation in Python, so its output and
//! exit status are the native command's: it reads and writes the process's file descriptors 0, 1
//! and 2 directly (`robots_lens/__main__.py` flushes Python's own buffers first).

use pyo3::prelude::*;

/// Runs the `robots-lens` command line `args` (without the program name) and returns its exit
/// status. Releases the GIL while the command runs.
#[pyfunction]
pub fn run_cli(py: Python<'_>, args: Vec<String>) -> u8 {
    py.detach(|| robots_lens_cli::run(&args))
}
