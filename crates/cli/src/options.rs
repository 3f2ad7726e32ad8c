//! The command line's vocabulary, once: every command and every option with its value, the
//! commands it applies to and its help. The parser ([`crate::args`]) looks each argument up
//! here, and `--help`, the man page ([`crate::man`]) and the shell completions
//! ([`crate::completions`]) are written from the same table, so none of them can list an option
//! the parser does not take, or miss one it does.

use robots_lens::{AgentMatch, Profile};

/// A command: its name and a one-line summary (the paragraph of `--help` says the rest).
pub struct CommandSpec {
    pub name: &'static str,
    pub summary: &'static str,
    /// Its positional arguments are files (the shells' completions offer file names).
    pub takes_files: bool,
}

/// The commands, in the order `--help` lists them.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "check",
        summary: "May an agent or crawler fetch a URL, and which line decides",
        takes_files: true,
    },
    CommandSpec {
        name: "fetch",
        summary: "Fetch a site's robots.txt as a crawler does, and say how it was served",
        takes_files: false,
    },
    CommandSpec {
        name: "crawlers",
        summary: "Every catalogued crawler's verdict for one URL, or the catalogue",
        takes_files: true,
    },
    CommandSpec {
        name: "lint",
        summary: "Every line a crawler will skip or misread",
        takes_files: true,
    },
    CommandSpec {
        name: "consumers",
        summary: "What Google, Search Console, Lighthouse, Yandex, Bing and the libraries do with each line",
        takes_files: true,
    },
    CommandSpec {
        name: "diff",
        summary: "The verdicts that flip between two versions of a file",
        takes_files: true,
    },
    CommandSpec {
        name: "test",
        summary: "Check the file against expectations written in TOML",
        takes_files: true,
    },
    CommandSpec {
        name: "preferences",
        summary: "What may be done with a URL: crawling and AI uses",
        takes_files: true,
    },
    CommandSpec {
        name: "logs",
        summary: "Did the bots obey? Access logs replayed against robots.txt",
        takes_files: false,
    },
    CommandSpec {
        name: "explain",
        summary: "The documentation of an audit code, or of every code",
        takes_files: false,
    },
    CommandSpec {
        name: "serve",
        summary: "The page on this machine, able to read a site's live robots.txt",
        takes_files: false,
    },
    CommandSpec {
        name: "completions",
        summary: "A completion script for bash, zsh, fish or powershell",
        takes_files: false,
    },
    CommandSpec {
        name: "man",
        summary: "The manual page, in roff (man -l)",
        takes_files: false,
    },
];

/// What an option's value is, for the completions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Values {
    /// A flag: no value.
    None,
    /// Anything the user types (an agent, a URL, a code).
    Free,
    /// A path (or `-` for standard input).
    File,
    /// One of these words.
    Choices(&'static [&'static str]),
    /// A profile name, from the core's list.
    Profiles,
    /// An agent match model, from the core's list.
    AgentMatches,
    /// A catalogued crawler's name, from the core's catalogue.
    Crawlers,
    /// One of the words listed for the command it is given to.
    PerCommand(&'static [(&'static str, &'static [&'static str])]),
}

/// The `--format`s each command prints: the parser refuses any other, and the completions
/// offer these (so `lint --format` never offers `jsonl`, which only `check --urls` prints).
pub const FORMATS: &[(&str, &[&str])] = &[
    ("check", &["text", "jsonl"]),
    ("lint", &["text", "json", "github", "sarif", "markdown"]),
    ("consumers", &["text", "json"]),
    ("diff", &["text", "json"]),
    ("test", &["text", "json", "github"]),
    ("preferences", &["text", "json"]),
    ("explain", &["markdown"]),
    ("logs", &["text", "json", "jsonl", "csv"]),
];

/// An option.
pub struct OptionSpec {
    /// `--agent`.
    pub long: &'static str,
    /// `-a`, when there is a short form.
    pub short: Option<&'static str>,
    /// The value's placeholder in the help (`AGENT`), `None` for a flag.
    pub value: Option<&'static str>,
    pub values: Values,
    /// The commands that read it.
    pub commands: &'static [&'static str],
    /// What it does: lines of at most 70 characters.
    pub help: &'static str,
}

impl OptionSpec {
    /// The option as the help shows it: `--agent AGENT`.
    pub fn signature(&self) -> String {
        match self.value {
            Some(value) => format!("{} {value}", self.long),
            None => self.long.to_owned(),
        }
    }

    /// The words its value may be for `command`, when they are a closed list.
    pub fn choices_for(&self, command: &str) -> Vec<String> {
        match self.values {
            Values::PerCommand(lists) => lists
                .iter()
                .filter(|(name, _)| *name == command)
                .flat_map(|(_, words)| words.iter().map(|word| (*word).to_owned()))
                .collect(),
            _ => self.choices(),
        }
    }

    /// Whether its words differ from one command to another.
    pub fn per_command(&self) -> bool {
        matches!(self.values, Values::PerCommand(_))
    }

    /// The words its value may be, when they are a closed list (for every command together).
    pub fn choices(&self) -> Vec<String> {
        match self.values {
            Values::PerCommand(lists) => {
                let mut words: Vec<String> = Vec::new();
                for word in lists.iter().flat_map(|(_, words)| words.iter()) {
                    if !words.iter().any(|known| known == word) {
                        words.push((*word).to_owned());
                    }
                }
                words
            }
            Values::Choices(words) => words.iter().map(|word| (*word).to_owned()).collect(),
            Values::AgentMatches => AgentMatch::ALL
                .iter()
                .map(|model| model.id().to_owned())
                .collect(),
            Values::Profiles => Profile::ALL
                .iter()
                .map(|profile| profile.spec().id.to_owned())
                .collect(),
            Values::Crawlers => robots_lens::crawlers()
                .iter()
                .map(|crawler| crawler.name.to_owned())
                .collect(),
            Values::None | Values::Free | Values::File => Vec::new(),
        }
    }
}

/// Every option, in the order `--help` lists them.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        long: "--agent",
        short: Some("-a"),
        value: Some("AGENT"),
        values: Values::Free,
        commands: &["check", "diff", "preferences"],
        help: "The crawler: a product token (Googlebot) or a whole UA string.\n\
               diff takes any number of --agent and --crawler.",
    },
    OptionSpec {
        long: "--url",
        short: Some("-u"),
        value: Some("URL"),
        values: Values::Free,
        commands: &["check", "crawlers", "preferences"],
        help: "A path (/shop/cart, or shop/cart) or a full URL; give several to check\n\
               each. A value without a scheme is a host only when its first segment\n\
               has a dot or a port (shop.example/cart).",
    },
    OptionSpec {
        long: "--match",
        short: None,
        value: Some("MODEL"),
        values: Values::AgentMatches,
        commands: &["check", "diff", "test", "preferences", "logs"],
        help: "How AGENT finds its group:\n  \
               substring  the group's name as written appears in AGENT (default)\n  \
               token      AGENT, whole, equals the token Google reads from the\n             \
               group's line (RFC 9309 §2.2.1)",
    },
    OptionSpec {
        long: "--profile",
        short: None,
        value: Some("PROFILE"),
        values: Values::Profiles,
        commands: &[
            "check",
            "crawlers",
            "lint",
            "diff",
            "test",
            "preferences",
            "logs",
        ],
        help: "How the file is read and matched:",
    },
    OptionSpec {
        long: "--crawler",
        short: None,
        value: Some("NAME"),
        values: Values::Crawlers,
        commands: &["check", "diff", "preferences"],
        help: "A catalogued crawler (Googlebot-Image, GPTBot, …) instead of --agent:\n\
               its documented fallback chain picks the group, and its operator's\n\
               handling of --status applies.",
    },
    OptionSpec {
        long: "--as-typed",
        short: None,
        value: None,
        values: Values::None,
        commands: &["check", "diff", "preferences"],
        help: "Answer --agent exactly as typed. Without it, an agent that names a\n\
               catalogued crawler (Googlebot-Image, or a UA string holding its token)\n\
               is answered as that crawler, as --crawler would be, with the answer\n\
               for the name as typed beside it where that differs.",
    },
    OptionSpec {
        long: "--all-crawlers",
        short: None,
        value: None,
        values: Values::None,
        commands: &["diff"],
        help: "diff: every catalogued crawler (also the default when no\n\
               --agent or --crawler is given).",
    },
    OptionSpec {
        long: "--all",
        short: None,
        value: None,
        values: Values::None,
        commands: &["diff"],
        help: "diff: name every agent a change flips; without it, a change that\n\
               flips alike for many agents names the first six and counts the rest.",
    },
    OptionSpec {
        long: "--urls",
        short: None,
        value: Some("PATH"),
        values: Values::File,
        commands: &["check", "diff"],
        help: "check: a file of URLs, one a line. diff: a file of URLs: one a\n\
               line, a CSV with a url column, or a sitemap.xml (its <loc>s; a\n\
               sitemap index is refused, nothing is fetched). Repeatable; - reads\n\
               standard input.",
    },
    OptionSpec {
        long: "--status",
        short: None,
        value: Some("CODE"),
        values: Values::Choices(&[
            "200",
            "404",
            "403",
            "410",
            "429",
            "500",
            "503",
            "html",
            "timeout",
            "unreachable",
        ]),
        commands: &["check", "crawlers", "diff", "test", "preferences"],
        help: "How the file was served: 200 (default), 404, 403, 410, 429, 500, 503,\n\
               'html' (a 200 that is an HTML page), 'timeout'/'unreachable', redirects\n\
               before the final answer (301>200), or too many (3xx*6). A 4xx means no\n\
               rules (everything allowed); a 5xx means everything disallowed; 429 is\n\
               a 4xx for RFC 9309 but a 5xx for Google.",
    },
    OptionSpec {
        long: "--json",
        short: None,
        value: None,
        values: Values::None,
        commands: &[
            "fetch",
            "check",
            "crawlers",
            "lint",
            "consumers",
            "diff",
            "test",
            "preferences",
            "explain",
            "logs",
        ],
        help: "Print the whole answer (a verdict with every matching rule) as JSON.\n\
               Text output shows 200 characters of a longer line, URL or pattern and\n\
               says so; JSON keeps every value whole.",
    },
    OptionSpec {
        long: "--jsonl",
        short: None,
        value: None,
        values: Values::None,
        commands: &["check"],
        help: "check: read cases as JSON Lines on standard input and answer each on\n\
               a line of its own.",
    },
    OptionSpec {
        long: "--format",
        short: None,
        value: Some("FORMAT"),
        values: Values::PerCommand(FORMATS),
        commands: &[
            "check",
            "lint",
            "consumers",
            "diff",
            "test",
            "preferences",
            "explain",
            "logs",
        ],
        help: "lint: text, json, github, sarif or markdown. check --urls: text or\n\
               jsonl. consumers, diff, preferences: text or json. test: text,\n\
               json or github. explain: markdown. logs: text, json (the summary),\n\
               jsonl (one request a line) or csv (the disallowed requests).",
    },
    OptionSpec {
        long: "--robots",
        short: None,
        value: Some("[SITE=]FILE[@TIME]"),
        values: Values::File,
        commands: &["logs"],
        help: "logs: the robots.txt requests are judged against; repeat it for each\n\
               version, with the time it took effect (FILE@2026-03-01T00:00:00Z,\n\
               or a date for midnight UTC); FILE alone holds for all times. SITE=\n\
               (https://shop.example=FILE) gives a host its own file.",
    },
    OptionSpec {
        long: "--log-format",
        short: None,
        value: Some("FORMAT"),
        values: Values::Choices(&["auto", "combined", "common", "json", "w3c"]),
        commands: &["logs"],
        help: "logs: how the lines are written: auto (default: each line's own\n\
               form), combined or common (Apache, nginx), json (JSON lines) or w3c\n\
               (IIS, CloudFront).",
    },
    OptionSpec {
        long: "--fields",
        short: None,
        value: Some("ROLE=FIELD,…"),
        values: Values::Free,
        commands: &["logs"],
        help: "logs: which JSON fields hold what, for names it does not know:\n\
               time, ip, agent, url, query, host, scheme, method, status\n\
               (agent=req.headers.ua,url=req.path; dotted paths reach into objects).",
    },
    OptionSpec {
        long: "--fail-on",
        short: None,
        value: Some("LEVEL"),
        values: Values::Choices(&["error", "warning", "info", "never"]),
        commands: &["lint"],
        help: "lint: error (default), warning, info or never.",
    },
    OptionSpec {
        long: "--ignore",
        short: None,
        value: Some("CODE,…"),
        values: Values::Free,
        commands: &["lint"],
        help: "lint: codes (or names) not to report; may be repeated.",
    },
    OptionSpec {
        long: "--config",
        short: None,
        value: Some("FILE"),
        values: Values::File,
        commands: &["lint"],
        help: "lint: read this config file instead of .robots-lens.toml.",
    },
    OptionSpec {
        long: "--no-config",
        short: None,
        value: None,
        values: Values::None,
        commands: &["lint"],
        help: "lint: read no config file.",
    },
    OptionSpec {
        long: "--lang",
        short: None,
        value: Some("LANG"),
        values: Values::Choices(&["en", "es", "pt", "pt-PT", "pt-BR"]),
        commands: &["explain"],
        help: "explain: the language of the documentation: en (default), es, pt-PT\n\
               (Portugal's Portuguese; pt is pt-PT) or pt-BR (Brazil's).",
    },
    OptionSpec {
        long: "--as",
        short: None,
        value: Some("NAME"),
        values: Values::Crawlers,
        commands: &["fetch"],
        help: "fetch: send this catalogued crawler's documented user agent string\n\
               (default: RobotsLens/VERSION with a link to the project). A command\n\
               given a URL and --crawler sends that crawler's.",
    },
    OptionSpec {
        long: "--output",
        short: Some("-o"),
        value: Some("FILE"),
        values: Values::File,
        commands: &["fetch"],
        help: "fetch: save the file as served, decoded (at most 500 KiB and one\n\
               byte, which marks a cut).",
    },
    OptionSpec {
        long: "--compare-crawlers",
        short: None,
        value: Some("NAME,…"),
        values: Values::Free,
        commands: &["fetch"],
        help: "fetch: fetch as each crawler and report when the site serves them\n\
               different files, with the lines that differ.",
    },
    OptionSpec {
        long: "--timeout",
        short: None,
        value: Some("SECONDS"),
        values: Values::Free,
        commands: LIVE,
        help: "A URL's fetch: the most the whole fetch may take, every redirect\n\
               and the body included (default 30).",
    },
    OptionSpec {
        long: "--connect-timeout",
        short: None,
        value: Some("SECONDS"),
        values: Values::Free,
        commands: LIVE,
        help: "A URL's fetch: the most a connection may take to open (default 10).",
    },
    OptionSpec {
        long: "--ca",
        short: None,
        value: Some("FILE"),
        values: Values::File,
        commands: LIVE,
        help: "A URL's fetch: trust the certificates of this PEM file (a private\n\
               CA) instead of Mozilla's root store.",
    },
    OptionSpec {
        long: "--port",
        short: None,
        value: Some("N"),
        values: Values::Free,
        commands: &["serve"],
        help: "serve: the port on 127.0.0.1 and [::1] (default: 8000, or the next\n\
               free one up to 8019; 0: any free port).",
    },
    OptionSpec {
        long: "--open",
        short: None,
        value: None,
        values: Values::None,
        commands: &["serve"],
        help: "serve: open the page in the default browser.",
    },
    OptionSpec {
        long: "--root",
        short: None,
        value: Some("DIR"),
        values: Values::File,
        commands: &["serve"],
        help: "serve: serve the page of the checkout at DIR (its index.html, www/\n\
               with the wasm built, tests/vectors/) instead of the one built in.",
    },
];

/// Two options that contradict each other in some commands: given together, one would be
/// ignored or read as what it is not.
pub struct Conflict {
    pub commands: &'static [&'static str],
    pub first: &'static str,
    pub second: &'static str,
    /// Why, for the error message.
    pub why: &'static str,
}

/// Every pair of options that must not be given together, with the commands where.
pub const CONFLICTS: &[Conflict] = &[
    Conflict {
        commands: &["check", "preferences"],
        first: "--crawler",
        second: "--as-typed",
        why: "--as-typed answers --agent exactly as typed, and --crawler NAME is always that \
              crawler (its chain and its operator's status handling): give --agent NAME \
              --as-typed for the name as typed",
    },
    Conflict {
        commands: &["check"],
        first: "--url",
        second: "--urls",
        why: "--urls PATH reads the URLs from a file; put every URL there, or give each with --url",
    },
    Conflict {
        commands: &["check"],
        first: "--jsonl",
        second: "--url",
        why: "with --jsonl each case on standard input names its own agent and URL",
    },
    Conflict {
        commands: &["check"],
        first: "--jsonl",
        second: "--urls",
        why: "with --jsonl each case on standard input names its own agent and URL",
    },
    Conflict {
        commands: &["check"],
        first: "--jsonl",
        second: "--agent",
        why: "with --jsonl each case on standard input names its own agent and URL",
    },
    Conflict {
        commands: &["check"],
        first: "--jsonl",
        second: "--crawler",
        why: "with --jsonl each case on standard input names its own agent and URL",
    },
    Conflict {
        commands: &["fetch"],
        first: "--json",
        second: "--compare-crawlers",
        why: "--compare-crawlers prints the files' differences as text; fetch as one crawler \
              (--as NAME --json) for JSON",
    },
    Conflict {
        commands: &["fetch"],
        first: "--output",
        second: "--compare-crawlers",
        why: "-o saves the one file fetched; --compare-crawlers fetches one for each crawler \
              (save each with --as NAME -o FILE)",
    },
];

/// The commands that fetch a robots.txt (a URL where they take FILE, or the page's fetches for
/// `serve`), and so take the fetch options.
const LIVE: &[&str] = &[
    "fetch",
    "check",
    "crawlers",
    "lint",
    "diff",
    "test",
    "preferences",
    "serve",
];

/// The shells `robots-lens completions` writes a script for.
pub const SHELLS: &[&str] = &["bash", "zsh", "fish", "powershell"];

/// The option spelled `name` (`--agent` or `-a`).
pub fn find(name: &str) -> Option<&'static OptionSpec> {
    OPTIONS
        .iter()
        .find(|option| option.long == name || option.short == Some(name))
}

/// The options `command` reads.
pub fn options_of(command: &str) -> impl Iterator<Item = &'static OptionSpec> + '_ {
    OPTIONS
        .iter()
        .filter(move |option| option.commands.contains(&command))
}

/// The OPTIONS section of `--help`: every option of `command` (all when `None`), its help
/// indented under a 22-column signature, and the profiles from the core under `--profile`.
pub fn help_section(command: Option<&str>) -> String {
    const COLUMN: usize = 22;
    let mut out = String::new();
    for option in OPTIONS
        .iter()
        .filter(|option| command.is_none_or(|command| option.commands.contains(&command)))
    {
        let signature = match option.short {
            Some(short) => format!("{short}, {}", option.signature()),
            None => option.signature(),
        };
        let mut lines = option.help.lines();
        let first = lines.next().unwrap_or("");
        if signature.len() + 2 < COLUMN - 2 {
            out.push_str(&format!(
                "  {signature:<width$}{first}\n",
                width = COLUMN - 2
            ));
        } else {
            out.push_str(&format!("  {signature}\n{:COLUMN$}{first}\n", ""));
        }
        for line in lines {
            out.push_str(&format!("{:COLUMN$}{line}\n", ""));
        }
        if option.values == Values::Profiles {
            for profile in Profile::ALL {
                let spec = profile.spec();
                let default = if profile == Profile::default() {
                    " (default)"
                } else {
                    ""
                };
                out.push_str(&format!(
                    "{:COLUMN$}  {:<12}{}{default}\n",
                    "", spec.id, spec.title
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_commands_exist() {
        let mut names: Vec<&str> = OPTIONS
            .iter()
            .flat_map(|option| [Some(option.long), option.short])
            .flatten()
            .collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "an option name is listed twice");
        for option in OPTIONS {
            assert!(option.long.starts_with("--"), "{}", option.long);
            assert_eq!(
                option.value.is_none(),
                option.values == Values::None,
                "{}: a flag has no value and the other way round",
                option.long
            );
            for command in option.commands {
                assert!(
                    COMMANDS.iter().any(|spec| spec.name == *command),
                    "{} names an unknown command {command}",
                    option.long
                );
            }
            for line in option.help.lines() {
                assert!(
                    line.chars().count() <= 72,
                    "{}: help line too long: {line}",
                    option.long
                );
            }
        }
    }

    #[test]
    fn choices_come_from_the_core_where_the_core_owns_them() {
        let profiles = find("--profile").unwrap().choices();
        assert_eq!(profiles.len(), Profile::ALL.len());
        assert!(profiles.iter().any(|name| name == "rfc9309"));
        assert!(find("--crawler")
            .unwrap()
            .choices()
            .iter()
            .any(|name| name == "GPTBot"));
    }
}
