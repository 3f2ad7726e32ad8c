//! Command-line options, parsed by hand: the grammar is small and a dependency would cost more
//! than it saves.

use std::io::Read;

use crate::options;
use robots_lens::{AgentMatch, FetchStatus, Profile};

pub use crate::usage_error::UsageError;

/// The options of every command; each command reads the ones it needs.
#[derive(Debug, Default)]
pub struct Args {
    /// Positional arguments (FILE).
    pub positional: Vec<String>,
    pub agent: Option<String>,
    pub urls: Vec<String>,
    pub agent_match: AgentMatch,
    pub profile: Profile,
    pub json: bool,
    pub jsonl: bool,
    pub format: Option<String>,
    pub status: Option<String>,
    pub crawler: Option<String>,
    /// `--as-typed`: `--agent` answered exactly as typed, even when it names a catalogued crawler.
    pub as_typed: bool,
    /// `lint --fail-on`: the least severity that fails.
    pub fail_on: Option<String>,
    /// `lint --ignore`: lists of codes, as given.
    pub ignore: Vec<String>,
    /// `lint --config`: the config file instead of the one found.
    pub config: Option<String>,
    pub no_config: bool,
    /// Every `--agent` and `--crawler`, for the commands that take several (`diff`).
    pub agents: Vec<String>,
    pub crawlers: Vec<String>,
    /// `--all-crawlers`: every catalogued crawler.
    pub all_crawlers: bool,
    /// `diff --all`: name every agent of a group of like flips.
    pub all: bool,
    /// `--urls PATH`: files of URLs (one a line, CSV or a sitemap; `-` for standard input).
    pub url_files: Vec<String>,
    /// `explain --lang`: the language of the documentation (`en`, `es`, `pt-PT`, `pt-BR`; `pt` is `pt-PT`).
    pub lang: Option<String>,
    /// `fetch --as`: the crawler whose user agent is sent.
    pub as_crawler: Option<String>,
    /// `fetch -o`: where the fetched file is saved.
    pub output: Option<String>,
    /// `fetch --compare-crawlers`: crawlers whose files are compared, as given.
    pub compare_crawlers: Option<String>,
    /// `--timeout` and `--connect-timeout` of a fetch, in seconds, as given.
    pub timeout: Option<String>,
    pub connect_timeout: Option<String>,
    /// `--ca`: a PEM file of the certificates a fetch trusts.
    pub ca: Option<String>,
    /// `serve --port`, as given.
    pub port: Option<String>,
    /// `serve --open`: open the page in the browser.
    pub open: bool,
    /// `serve --root`: serve a checkout's page from disk instead of the embedded one.
    pub root: Option<String>,
    /// Every option given, by its long name, in order.
    pub given: Vec<&'static str>,
    /// `logs --robots [SITE=]FILE[@TIME]`, as given, in order.
    pub robots: Vec<String>,
    /// `logs --log-format`.
    pub log_format: Option<String>,
    /// `logs --fields`: the JSON field mapping, as given.
    pub fields: Option<String>,
}

impl Args {
    pub fn parse(raw: &[String]) -> Result<Args, UsageError> {
        let mut args = Args::default();
        let mut iter = raw.iter();
        while let Some(arg) = iter.next() {
            // Accept both `--name value` and `--name=value`.
            let (name, inline) = match arg.split_once('=') {
                Some((name, value)) if name.starts_with("--") => (name, Some(value.to_owned())),
                _ => (arg.as_str(), None),
            };
            // The table says whether the option takes a value; this match says where it goes.
            let Some(option) = options::find(name) else {
                if name == "-" || !name.starts_with('-') {
                    args.positional.push(arg.clone());
                    continue;
                }
                return Err(UsageError::new(format!(
                    "unknown option '{name}'; try 'robots-lens --help'"
                )));
            };
            let value = match option.value {
                Some(what) => inline.or_else(|| iter.next().cloned()).ok_or_else(|| {
                    UsageError::new(format!("{name} needs a value: {name} {what}"))
                })?,
                None if inline.is_some() => {
                    return Err(UsageError::new(format!("{name} takes no value")))
                }
                None => String::new(),
            };
            args.given.push(option.long);
            match option.long {
                "--agent" => {
                    args.agents.push(value.clone());
                    args.agent = Some(value);
                }
                "--url" => args.urls.push(value),
                "--match" => {
                    args.agent_match = value
                        .parse()
                        .map_err(|error| UsageError::new(format!("--match: {error}")))?;
                }
                "--profile" => {
                    args.profile = value
                        .parse()
                        .map_err(|error| UsageError::new(format!("--profile: {error}")))?;
                }
                "--format" => args.format = Some(value),
                "--fail-on" => args.fail_on = Some(value),
                "--ignore" => args.ignore.push(value),
                "--config" => args.config = Some(value),
                "--no-config" => args.no_config = true,
                "--status" => args.status = Some(value),
                "--crawler" => {
                    args.crawlers.push(value.clone());
                    args.crawler = Some(value);
                }
                "--all-crawlers" => args.all_crawlers = true,
                "--all" => args.all = true,
                "--as-typed" => args.as_typed = true,
                "--urls" => args.url_files.push(value),
                "--lang" => args.lang = Some(value),
                "--as" => args.as_crawler = Some(value),
                "--output" => args.output = Some(value),
                "--compare-crawlers" => args.compare_crawlers = Some(value),
                "--timeout" => args.timeout = Some(value),
                "--connect-timeout" => args.connect_timeout = Some(value),
                "--ca" => args.ca = Some(value),
                "--port" => args.port = Some(value),
                "--open" => args.open = true,
                "--root" => args.root = Some(value),
                "--robots" => args.robots.push(value),
                "--log-format" => args.log_format = Some(value),
                "--fields" => args.fields = Some(value),
                "--json" => args.json = true,
                "--jsonl" => args.jsonl = true,
                other => {
                    unreachable!("{other} is in the option table but the parser does not read it")
                }
            }
        }
        if let Some((given, meant)) = args
            .positional
            .iter()
            .find_map(|path| mistyped_url(path).map(|meant| (path, meant)))
        {
            return Err(UsageError::new(format!(
                "'{given}' is neither a file nor a URL: a URL needs '//' after its scheme (did \
                 you mean {meant}?)"
            )));
        }
        // The fetch options are read (and a bad one reported) when there is something to fetch.
        if args.positional.iter().any(|path| crate::live::is_url(path)) {
            crate::live::configure(&args.live_options())?;
        }
        Ok(args)
    }

    /// [`Args::parse`] for `command`, refusing an option `command` does not read (it would be
    /// ignored without a word: `crawlers FILE --crawler X`) and options that contradict each
    /// other ([`options::CONFLICTS`], and `--json` beside a `--format` other than json).
    pub fn parse_for(command: &str, raw: &[String]) -> Result<Args, UsageError> {
        let args = Args::parse(raw)?;
        if let Some(foreign) = args
            .given
            .iter()
            .find(|given| !options::options_of(command).any(|option| option.long == **given))
        {
            let readers: Vec<&str> = options::find(foreign)
                .map(|option| option.commands.to_vec())
                .unwrap_or_default();
            return Err(UsageError::new(format!(
                "{command} does not take {foreign} (it is read by {}); see 'robots-lens {command} \
                 --help'",
                readers.join(", ")
            )));
        }
        for conflict in options::CONFLICTS
            .iter()
            .filter(|conflict| conflict.commands.contains(&command))
        {
            if args.given.contains(&conflict.first) && args.given.contains(&conflict.second) {
                return Err(UsageError::new(format!(
                    "give either {} or {}, not both: {}",
                    conflict.first, conflict.second, conflict.why
                )));
            }
        }
        if let Some(format) = args.format.as_deref() {
            let formats = options::find("--format")
                .map(|option| option.choices_for(command))
                .unwrap_or_default();
            if !formats.iter().any(|known| known == format) {
                let (last, rest) = formats
                    .split_last()
                    .map_or(("", &[][..]), |(last, rest)| (last.as_str(), rest));
                let list = if rest.is_empty() {
                    last.to_owned()
                } else {
                    format!("{} or {last}", rest.join(", "))
                };
                return Err(UsageError::new(format!(
                    "--format: {command} does not print '{format}': it prints {list}"
                )));
            }
        }
        if let (true, Some(format)) = (args.json, args.format.as_deref()) {
            if format != "json" {
                return Err(UsageError::new(format!(
                    "give either --json or --format {format}, not both: --json is --format json"
                )));
            }
        }
        if args.jsonl && !args.positional.is_empty() {
            return Err(UsageError::new(format!(
                "--jsonl reads each case's robots.txt from standard input, so '{}' would not be \
                 read: give the file inside each case, or leave out --jsonl",
                args.positional[0]
            )));
        }
        Ok(args)
    }

    /// How a URL given for FILE is fetched: `--timeout`, `--connect-timeout`, `--ca`, and the
    /// crawler of `--as` or `--crawler`, whose user agent is sent.
    pub fn live_options(&self) -> crate::live::LiveOptions<'_> {
        crate::live::LiveOptions {
            timeout: self.timeout.as_deref(),
            connect_timeout: self.connect_timeout.as_deref(),
            ca: self.ca.as_deref(),
            crawler: self.as_crawler.as_deref().or(self.crawler.as_deref()),
        }
    }

    /// The first FILE, when it is a URL to fetch (`https://shop.example/cart/x`).
    pub fn live_url(&self) -> Option<&str> {
        self.positional
            .first()
            .map(String::as_str)
            .filter(|path| crate::live::is_url(path))
    }

    /// How the file was served: as fetched for a URL, else `--status` (200 when not given).
    pub fn fetch_status(&self) -> Result<FetchStatus, UsageError> {
        if let Some(url) = self.live_url() {
            if self.status.is_some() {
                return Err(UsageError::new(
                    "--status describes how a file was served; for a URL it is what the fetch \
                     got, so leave --status out (or save the file with 'robots-lens fetch URL \
                     -o FILE' and give --status with it)",
                ));
            }
            return crate::live::live_status(url);
        }
        match &self.status {
            None => Ok(FetchStatus::ok()),
            Some(text) => text
                .parse()
                .map_err(|error| UsageError::new(format!("--status: {error}"))),
        }
    }

    /// Every FILE argument (at least one), read as bytes (`-` is standard input).
    pub fn read_files(&self) -> Result<Vec<(String, Vec<u8>)>, UsageError> {
        if self.positional.is_empty() {
            return Err(UsageError::new(
                "missing FILE: give a robots.txt path, or - for standard input",
            ));
        }
        self.positional
            .iter()
            .map(|path| {
                if crate::live::is_url(path) {
                    crate::live::require_file(path)?;
                }
                Ok((path.clone(), read_input(path)?))
            })
            .collect()
    }

    /// The one FILE argument, read as bytes (`-` is standard input), up to [`MAX_FILE_BYTES`].
    pub fn read_file(&self) -> Result<(String, Vec<u8>), UsageError> {
        let path = match self.positional.as_slice() {
            [path] => path,
            [] => {
                return Err(UsageError::new(
                    "missing FILE: give a robots.txt path, or - for standard input",
                ))
            }
            [_, extra, ..] => {
                return Err(UsageError::new(format!(
                    "unexpected argument '{extra}': give one FILE (use --url for each URL)"
                )))
            }
        };
        Ok((path.clone(), read_input(path)?))
    }
}

/// The URL `path` was meant to be, when it starts `http:` or `https:` without the `//` a URL
/// has (`http:/shop.example/x`, `https:shop.example`) and names no file: read as a path, it
/// would fail as a missing file, or as a FILE with no question about it.
fn mistyped_url(path: &str) -> Option<String> {
    if crate::live::is_url(path) || std::path::Path::new(path).exists() {
        return None;
    }
    let (scheme, rest) = path.split_once(':')?;
    let web = scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https");
    web.then(|| {
        format!(
            "{}://{}",
            scheme.to_ascii_lowercase(),
            rest.trim_start_matches(['/', '\\'])
        )
    })
}

/// The largest FILE read, as on the page: far beyond any robots.txt (Googlebot reads 500 KiB),
/// and small enough that `/dev/zero` or a wrong path to a disk image ends with a message.
pub const MAX_FILE_BYTES: usize = 64 * 1024 * 1024;

/// The bytes of `path`, or of standard input for `-`, up to [`MAX_FILE_BYTES`]; for a URL, the
/// robots.txt its site serves (fetched once a run).
fn read_input(path: &str) -> Result<Vec<u8>, UsageError> {
    if crate::live::is_url(path) {
        return crate::live::live_body(path);
    }
    let (name, read) = if path == "-" {
        (
            "standard input".to_owned(),
            read_capped(std::io::stdin().lock()),
        )
    } else {
        let file = std::fs::File::open(path)
            .map_err(|error| UsageError::new(format!("cannot read {path}: {error}")))?;
        (path.to_owned(), read_capped(file))
    };
    let bytes = read.map_err(|error| UsageError::new(format!("cannot read {name}: {error}")))?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(UsageError::new(format!(
            "{name} is larger than {} MiB, the most robots-lens reads (Googlebot reads only \
             the first 500 KiB of a robots.txt)",
            MAX_FILE_BYTES / (1024 * 1024)
        )));
    }
    Ok(bytes)
}

/// Up to one byte more than [`MAX_FILE_BYTES`] of `source`, so the caller can tell it was cut.
fn read_capped(source: impl Read) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    source
        .take(MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The bytes of each of `paths` (`-` is standard input, at most once).
pub fn read_paths(paths: &[String]) -> Result<Vec<Vec<u8>>, UsageError> {
    if paths.iter().filter(|path| *path == "-").count() > 1 {
        return Err(UsageError::new(
            "only one file can be read from standard input (-)",
        ));
    }
    paths.iter().map(|path| read_input(path)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Args, UsageError> {
        Args::parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn options_take_values_in_both_spellings() {
        let args = parse(&[
            "robots.txt",
            "--agent",
            "Bot",
            "--url=/a",
            "--url",
            "/b",
            "--match=token",
        ])
        .unwrap();
        assert_eq!(args.positional, ["robots.txt"]);
        assert_eq!(args.agent.as_deref(), Some("Bot"));
        assert_eq!(args.urls, ["/a", "/b"]);
        assert_eq!(args.agent_match, AgentMatch::Token);
    }

    #[test]
    fn the_parser_reads_every_option_of_the_table() {
        for option in options::OPTIONS {
            let mut raw = vec![option.long.to_owned()];
            if option.value.is_some() {
                // A value every option with a closed list of words accepts.
                raw.push(
                    option
                        .choices()
                        .first()
                        .cloned()
                        .unwrap_or_else(|| "x".to_owned()),
                );
            }
            let args = Args::parse(&raw).unwrap_or_else(|error| panic!("{}: {error}", option.long));
            assert!(
                args.positional.is_empty(),
                "{} was not read as an option",
                option.long
            );
            if let Some(short) = option.short {
                raw[0] = short.to_owned();
                Args::parse(&raw).unwrap_or_else(|error| panic!("{short}: {error}"));
            }
        }
    }

    #[test]
    fn a_url_without_its_slashes_is_named() {
        for (given, meant) in [
            ("http:/shop.example/x", "http://shop.example/x"),
            ("HTTPS:shop.example", "https://shop.example"),
            ("http:\\\\shop.example", "http://shop.example"),
        ] {
            let error = parse(&[given]).unwrap_err().to_string();
            assert!(error.contains(&format!("did you mean {meant}?")), "{error}");
        }
        assert!(mistyped_url("robots.txt").is_none());
        assert!(mistyped_url("ftp:/x").is_none());
        assert!(mistyped_url("https://shop.example").is_none());
    }

    #[test]
    fn mistakes_say_what_to_do() {
        assert_eq!(
            parse(&["--agent"]).unwrap_err().to_string(),
            "--agent needs a value: --agent AGENT"
        );
        assert!(parse(&["--profile", "bing"])
            .unwrap_err()
            .to_string()
            .contains("expected one of"));
        assert!(parse(&["--frobnicate"])
            .unwrap_err()
            .to_string()
            .contains("unknown option"));
        assert_eq!(
            parse(&["--json=yes"]).unwrap_err().to_string(),
            "--json takes no value"
        );
    }
}
