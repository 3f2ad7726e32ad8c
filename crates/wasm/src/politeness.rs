//! What a polite crawler reads beside the rules, for the npm package only (the `politeness`
//! feature, which scripts/package-npm.sh turns on and the page's packages never do, so the page's
//! modules do not carry it): `RobotsFile.politeness(agent, options)` and
//! `RobotsFile.preferredHost()`.
//!
//! The core answers ([`robots_lens::Checker::politeness`]: the groups a verdict for the same
//! question reads, the last valid value); this only converts. The answer crosses as numbers in a
//! `Float64Array` of fixed layout rather than through the serializer, which would cost the
//! module more for one struct; `npm/api.js` names the fields.

use robots_lens::Who;
use wasm_bindgen::prelude::*;

use crate::{into_error, CheckOptions, RobotsFile};

#[wasm_bindgen]
impl RobotsFile {
    /// The `Crawl-delay` and `Request-rate` that apply to `agent`, or with `options.crawler` to
    /// that crawler along its fallback chain, read from the groups a check for it reads:
    /// `[crawlDelay, crawlDelayLine, requests, seconds, requestRateLine, ...groups]`, `NaN`
    /// where the file sets nothing, then the indices of the groups that apply.
    pub fn politeness(&self, agent: &str, options: JsValue) -> Result<Vec<f64>, JsError> {
        // Not a question the core answers, so held to the agent limit here.
        if agent.len() > robots_lens::MAX_AGENT_BYTES {
            return Err(into_error(format_args!(
                "the user agent is {} bytes long; a check takes one of at most {} bytes",
                agent.len(),
                robots_lens::MAX_AGENT_BYTES
            )));
        }
        let options = CheckOptions::from_js(options)?;
        let who = match options.crawler {
            Some(crawler) => Who::Crawler(crawler),
            None => Who::Agent(agent),
        };
        let answer = self
            .checker(options.profile)
            .politeness(who, options.agent_match);
        let delay = answer.crawl_delay;
        let rate = answer.request_rate;
        // A JS number holds every count a file can write short of 2^53; past that, the nearest.
        let mut numbers = vec![
            delay.map_or(f64::NAN, |delay| delay.seconds),
            delay.map_or(f64::NAN, |delay| delay.line as f64),
            rate.map_or(f64::NAN, |rate| rate.requests as f64),
            rate.map_or(f64::NAN, |rate| rate.seconds as f64),
            rate.map_or(f64::NAN, |rate| rate.line as f64),
        ];
        numbers.extend(answer.groups.iter().map(|&index| index as f64));
        Ok(numbers)
    }

    /// The host of the first `Host:` line with a value (the mirror the site prefers), or
    /// `undefined`.
    #[wasm_bindgen(js_name = preferredHost)]
    pub fn preferred_host(&self) -> Option<String> {
        self.robots
            .preferred_host()
            .map(|(host, _)| host.to_owned())
    }
}
