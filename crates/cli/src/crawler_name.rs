//! A catalogued crawler named on the command line (`--crawler`, `--as`, `--compare-crawlers`):
//! found, or an error listing the names there are. Below the option parser and the live FILE
//! source, which both name crawlers.

use robots_lens::{crawlers, find_crawler, Crawler};

use crate::usage_error::UsageError;

/// The catalogued crawler called `name`, or an error listing the names there are.
pub fn find_crawler_or_explain(name: &str) -> Result<&'static Crawler, UsageError> {
    find_crawler(name).ok_or_else(|| {
        let names: Vec<&str> = crawlers().iter().map(|crawler| crawler.name).collect();
        UsageError::new(format!(
            "no catalogued crawler is called '{name}'; known crawlers: {}",
            names.join(", ")
        ))
    })
}
