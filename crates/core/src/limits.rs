//! Limits on the arguments of a question, so that no question costs more than a bounded amount
//! of work.
//!
//! Matching costs O(|path| · |pattern|) per rule and finding an agent's groups O(|agent|) per
//! group, so an unbounded URL or agent makes one check as slow as the caller likes: a 16 kB
//! pattern of stars against a 1 MB URL takes a minute. The file itself is bounded already (lines
//! are cut after [`crate::lines::MAX_LINE_BYTES`]); these bound the rest. [`crate::Checker::ask`]
//! refuses a question over them ([`crate::UrlProblem::TooLong`],
//! [`crate::UrlProblem::AgentTooLong`]), so no surface holds a question to them itself.

/// The longest URL a check accepts, in bytes: twice the longest line Google reads
/// ([`crate::lines::MAX_LINE_BYTES`]), so every pattern a file can hold can be tried on a URL longer
/// than itself (Google's own tests use a 16,670-byte URL), and four times the 8,000 octets
/// RFC 9110 §4.1 asks servers to accept, beyond which they answer 414 URI Too Long.
pub const MAX_URL_BYTES: usize = 32 * 1024;

/// The longest user agent a check accepts, in bytes. Real user agent strings are a few hundred
/// bytes; this is far above any of them, and as long as a URL may be.
pub const MAX_AGENT_BYTES: usize = MAX_URL_BYTES;
