//! What every build reads of a live FILE argument: whether it is a URL, and the options that say
//! how to fetch it. The native build fetches (live.rs); the npm package's WASI build answers with
//! how to get the file instead (live_unavailable.rs); both take these from here.

/// Whether a FILE argument is a URL to fetch rather than a path: the core's test for a scheme.
pub use robots_lens::has_scheme as is_url;

/// How a URL given for FILE is fetched, as the options say (`--timeout`, `--connect-timeout`,
/// `--ca`, and the crawler of `--as` or `--crawler`, whose user agent is sent). The WASI build
/// parses them as the native one does and has nothing to fetch with them.
#[cfg_attr(target_family = "wasm", allow(dead_code))]
#[derive(Debug, Clone, Copy, Default)]
pub struct LiveOptions<'a> {
    pub timeout: Option<&'a str>,
    pub connect_timeout: Option<&'a str>,
    pub ca: Option<&'a str>,
    pub crawler: Option<&'a str>,
}
