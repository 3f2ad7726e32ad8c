//! Who asks: `--agent AGENT` (as typed) or `--crawler NAME` (from the catalogue), for the commands
//! that answer for one of them (`check`, `preferences`, `diff`). Below the commands, so that none
//! of them imports another for it.

use robots_lens::Crawler;

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
