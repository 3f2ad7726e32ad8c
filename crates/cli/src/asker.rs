//! Who asks: `--agent AGENT` or `--crawler NAME` (from the catalogue), for the commands that
//! answer for one of them (`check`, `preferences`, `diff`). Below the commands, so that none of
//! them imports another for it.
//!
//! An agent that names a catalogued crawler is answered as that crawler unless `--as-typed` is
//! given: the core decides what a typed name asks as ([`robots_lens::Who::typed`]), so `check
//! --agent Googlebot-Image` answers exactly as `--crawler Googlebot-Image`, as the page and the
//! audit's evidence do.

use robots_lens::{Crawler, FetchStatus, InvalidUrl, Question, UrlProblem};

use crate::args::{Args, UsageError};
pub use crate::crawler_name::find_crawler_or_explain;

/// The crawler `--crawler` names, or `None` for `--agent`; an error unless exactly one is given.
pub fn crawler_or_agent(
    args: &Args,
    command: &str,
) -> Result<Option<&'static Crawler>, UsageError> {
    Ok(match (&args.agent, &args.crawler) {
        (Some(_), Some(_)) => {
            return Err(UsageError::new(
                "give either --agent or --crawler, not both: --crawler follows the crawler's \
                 documented fallback chain, --agent matches the groups directly",
            ))
        }
        (None, None) => {
            return Err(UsageError::new(format!(
                "{command} needs --agent AGENT (a product token such as Googlebot, or a whole UA \
                 string) or --crawler NAME (see 'robots-lens crawlers --help')"
            )))
        }
        (None, Some(name)) => Some(find_crawler_or_explain(name)?),
        (Some(_), None) => None,
    })
}

/// The question `--crawler`, or `--agent` (as the core resolves a typed name, or exactly as
/// typed with `--as-typed`), asks about `url`, the file served with `status`, compared by
/// `--match`; `agent` stands in when neither was given (a command that allows that).
pub fn question<'a>(
    args: &'a Args,
    crawler: Option<&'static Crawler>,
    agent: &'a str,
    url: &'a str,
    status: FetchStatus,
) -> Question<'a> {
    let question = match crawler {
        Some(crawler) => Question::crawler(crawler, url),
        None if args.as_typed || args.agent.is_none() => Question::agent(agent, url),
        None => Question::typed(agent, url),
    };
    question.status(status).agent_match(args.agent_match)
}

/// A question the core refused, as a usage error naming the option that gave what it refused:
/// `--agent` for an agent over the limit, `--url` for the URL.
pub fn refused(refusal: &InvalidUrl) -> UsageError {
    let option = match refusal.kind() {
        UrlProblem::AgentTooLong => "--agent",
        _ => "--url",
    };
    UsageError::new(format!("{option}: {refusal}"))
}
