//! The error every command returns for a mistake in how it was called or an input it cannot
//! read: a message that says what to do. A leaf module, so that the modules below the option
//! parser (the live FILE source, the crawler lookup) can report without importing it.

use std::fmt;

/// A mistake in how the command was called (or an input that cannot be read), with a message
/// that says what to do.
#[derive(Debug)]
pub struct UsageError {
    message: String,
    /// The reader of the output went away (`robots-lens … | head`): not worth a message.
    broken_pipe: bool,
}

impl UsageError {
    pub fn new(message: impl Into<String>) -> UsageError {
        UsageError {
            message: message.into(),
            broken_pipe: false,
        }
    }

    /// Writing the output failed.
    pub fn output(error: std::io::Error) -> UsageError {
        UsageError {
            message: format!("cannot write the output: {error}"),
            broken_pipe: error.kind() == std::io::ErrorKind::BrokenPipe,
        }
    }

    pub fn is_broken_pipe(&self) -> bool {
        self.broken_pipe
    }
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}
