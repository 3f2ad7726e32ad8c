//! Limits on the arguments of a check, so that no question costs more than a bounded amount of
//! work.
//!
//! Matching costs O(|path| · |pattern|) per rule and finding an agent's groups O(|agent|) per
//! group, so an unbounded URL or agent makes one check as slow as the caller likes: a 16 kB
//! pattern of stars against a 1 MB URL takes a minute. The file itself is bounded already (lines
//! are cut after [`crate::lines::MAX_LINE_BYTES`]); these bound the rest. Callers check the arguments
//! with [`check_arguments`] before asking.

use std::fmt;

/// The longest URL a check accepts, in bytes: twice the longest line Google reads
/// ([`crate::lines::MAX_LINE_BYTES`]), so every pattern a file can hold can be tried on a URL longer
/// than itself (Google's own tests use a 16,670-byte URL), and four times the 8,000 octets
/// RFC 9110 §4.1 asks servers to accept, beyond which they answer 414 URI Too Long.
pub const MAX_URL_BYTES: usize = 32 * 1024;

/// The longest user agent a check accepts, in bytes. Real user agent strings are a few hundred
/// bytes; this is far above any of them, and as long as a URL may be.
pub const MAX_AGENT_BYTES: usize = MAX_URL_BYTES;

/// An argument of a check that is longer than its limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArgumentTooLong {
    what: &'static str,
    length: usize,
    limit: usize,
}

impl ArgumentTooLong {
    /// `"URL"` or `"user agent"`.
    pub fn what(&self) -> &'static str {
        self.what
    }

    /// The length given, in bytes.
    pub fn length(&self) -> usize {
        self.length
    }

    /// The limit it exceeds, in bytes.
    pub fn limit(&self) -> usize {
        self.limit
    }
}

impl fmt::Display for ArgumentTooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the {} is {} bytes long; checks take one of at most {} bytes",
            self.what, self.length, self.limit
        )
    }
}

impl std::error::Error for ArgumentTooLong {}

/// Whether `agent` and `url` are within [`MAX_AGENT_BYTES`] and [`MAX_URL_BYTES`].
pub fn check_arguments(agent: &str, url: &str) -> Result<(), ArgumentTooLong> {
    let within = |what, length, limit| {
        if length > limit {
            Err(ArgumentTooLong {
                what,
                length,
                limit,
            })
        } else {
            Ok(())
        }
    };
    within("URL", url.len(), MAX_URL_BYTES)?;
    within("user agent", agent.len(), MAX_AGENT_BYTES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_at_the_limits_are_accepted_and_one_byte_more_is_not() {
        let url = "/".repeat(MAX_URL_BYTES);
        let agent = "a".repeat(MAX_AGENT_BYTES);
        assert_eq!(check_arguments(&agent, &url), Ok(()));

        let error = check_arguments("Bot", &format!("{url}x")).unwrap_err();
        assert_eq!((error.what(), error.length()), ("URL", MAX_URL_BYTES + 1));
        assert_eq!(
            error.to_string(),
            "the URL is 32769 bytes long; checks take one of at most 32768 bytes"
        );
        let error = check_arguments(&format!("{agent}é"), "/").unwrap_err();
        assert_eq!(
            (error.what(), error.length()),
            ("user agent", MAX_AGENT_BYTES + 2)
        );
    }
}
