//! The command's help: the whole `--help`, one command's (`robots-lens check --help`), and the
//! parts the man page reuses. The options come from the table the parser reads
//! ([`options::OPTIONS`]), so the help, the man page and the parser cannot disagree.

use crate::options;

const HELP: &str = "\
robots-lens — read a robots.txt the way crawlers do, and explain every verdict

USAGE
  robots-lens fetch URL [--as NAME] [-o FILE] [--json] [--compare-crawlers NAME,…]
                   [--timeout SECONDS] [--connect-timeout SECONDS] [--ca FILE]
  robots-lens check URL (--agent AGENT | --crawler NAME) [--url URL …]
  robots-lens check FILE --agent AGENT --url URL [--url URL …] [OPTIONS]
  robots-lens check FILE --crawler NAME --url URL [OPTIONS]
  robots-lens check FILE (--agent AGENT | --crawler NAME) --urls PATH [--format text|jsonl]
  robots-lens check --jsonl [OPTIONS] < cases.jsonl
  robots-lens crawlers FILE [--url URL] [--status CODE] [--profile PROFILE] [--json]
  robots-lens crawlers
  robots-lens lint FILE [FILE …] [--format FORMAT] [--fail-on LEVEL] [--ignore CODE,…]
                   [--config FILE | --no-config]
  robots-lens consumers FILE [--format text|json]
  robots-lens diff OLD NEW [--urls PATH …] [--agent A …] [--crawler NAME …|--all-crawlers]
                   [--format text|json]
  robots-lens test ROBOTS EXPECT.toml [--format text|json|github]
  robots-lens preferences FILE --url URL [--agent AGENT | --crawler NAME] [--format text|json]
  robots-lens logs LOG [LOG …] --robots [SITE=]FILE[@TIME] [--robots …]
                   [--format text|json|jsonl|csv] [--log-format FORMAT] [--fields ROLE=FIELD,…]
  robots-lens explain [CODE] [--json | --format markdown] [--lang en|es|pt-PT|pt-BR]
  robots-lens serve [--port N] [--open] [--root DIR] [--timeout SECONDS] [--ca FILE]
  robots-lens completions bash|zsh|fish|powershell
  robots-lens man
  robots-lens COMMAND --help | robots-lens --help | --version

COMMANDS
  fetch     Fetches the robots.txt of URL's site (scheme://host[:port]/robots.txt) as a
            crawler does, and prints how it was served: every redirect with its status
            and where it led (the five RFC 9309 §2.3.1.2 asks crawlers to follow; one more
            is too many, which Google treats as a 404), the final status and what it means
            under RFC 9309 and for the --as crawler's operator (Google's handling without
            --as), the content type and encoding (gzip, deflate and br are decoded), the
            size with the 500 KiB crawlers read marked, and encoding problems. Nothing is
            sent but one GET a hop: no cookies, no credentials, no retries. Exit status 0
            when a file was served, 2 when none could be had.

            Every command that takes FILE takes such a URL (with its scheme) instead:
            check, crawlers and preferences answer for that URL itself unless --url is
            given, with the served status applied (a 404 allows everything, a 5xx
            disallows everything: exit 1); lint, diff and test read the served file, all
            of it (up to 32 MiB), as they read a file on disk. A line on standard error
            says how it was served. When the site gave no answer at all (no DNS, a refused
            connection, a timeout), the verdicts are RFC 9309's for an unreachable file
            (everything disallowed) and the exit status is 3, so CI tells it from a block.

  check     May AGENT fetch URL? Prints the verdict, the line that decided it and the
            group that applied. FILE may be '-' for standard input. Exit status: 0 when
            every URL is allowed, 1 when any is disallowed, 2 on an error.

            With --urls PATH (one URL a line, - for standard input; blank lines and
            # comments skipped), every URL is answered against one parse, one line each
            as it is answered: text prints `ALLOWED  line 5  /cart/help`, --format jsonl
              {\"url\": \"/cart/help\", \"allowed\": true, \"line\": 5, \"reason\": \"rule-matched\"}
            (line is null when no rule decided). Memory stays that of the file.

            With --jsonl, reads JSON Lines on standard input, one case per line:
              {\"id\": 1, \"robots\": \"User-agent: *\\nDisallow: /\", \"agent\": \"Bot\", \"url\": \"/x\"}
            (optional \"profile\" and \"match\" fields override the options; fields it does
            not know, such as \"expected\" or \"tags\", are ignored) and writes one line per
            case, in order:
              {\"id\": 1, \"allowed\": false, \"line\": 2, \"reason\": \"rule-matched\"}
            A malformed line gets {\"id\": …, \"error\": \"…\"} and the rest goes on; the exit
            status is then 2, after every good line was answered.

  crawlers  For one URL (default /), the verdict of every catalogued crawler (Googlebot,
            Bingbot, GPTBot, ClaudeBot, …), each following its documented fallback chain
            (Googlebot-Image obeys the Googlebot group when it has none of its own; AdsBot
            ignores *), with the line that decided and what the whole file allows it.
            Without FILE, lists the catalogue.

  lint      Audits the file: every line a crawler will skip or misread, each with why it
            matters and how to fix it (the corrected line where the fix is mechanical).
            --format text (default) is for people, json (or --json) for tools, github
            prints GitHub Actions annotations, sarif a SARIF 2.1.0 log for code scanning
            (every code a rule, with its documentation and a help link), markdown a table
            for a job summary. Exit status 1 when a finding is at least as serious as
            --fail-on (default error), 2 on an error.

            Silence findings on one line with a comment on it or on the line above:
              Disalow: /tmp   # robots-lens: ignore RL206
              # robots-lens: ignore RL405, RL406 -- the CMS writes these
            A config file, .robots-lens.toml in the current directory or a parent (up to
            the git root), or --config FILE, holds the same settings for a repository:
              ignore = [\"RL502\"]                 # codes never reported
              fail-on = \"warning\"                # error, warning, info or never
              crawlers = [\"Googlebot\", \"GPTBot\"] # say what the file allows each
              [severity]                         # a code's severity, or \"off\"
              RL206 = \"error\"

  consumers What each consumer a site owner meets does with each line: Google's parser,
            Search Console's report (built on Google's line reporter; its per-line words
            are inferred, not documented), Lighthouse 12.2.3's robots-txt audit (exactly:
            its messages, and whether it passes), Yandex (its Webmaster error dictionary,
            the groups YandexBot follows), Bing (the groups Bingbot follows), RFC 9309
            read strictly, Python's urllib.robotparser, npm robots-parser and Protego.
            Each line gets a row of marks, one a consumer: . applies, - ignored,
            ! flagged (with the consumer's own words), ~ reads differently (how); the
            summaries come first. --format json prints
              {\"lines\": [{\"line\", \"text\", \"readings\": {CONSUMER: {\"status\",
                \"code\", \"message\", \"words\"}}}], \"summary\": {CONSUMER: {\"passes\",
                \"errors\", \"warnings\", \"lines\", \"message\"}}, \"lighthouse\": {…}}
            with CONSUMER google, search-console, lighthouse, yandex, bing, rfc9309,
            python, robots-parser or protego, and a status applies, ignored, flagged or
            differs; summary.lighthouse.passes says whether Lighthouse's audit passes.

  diff      The verdicts that flip between two versions of a file: for each URL of the
            --urls files (one a line, a CSV with a url column, or a sitemap.xml) or, without
            them, for URLs derived from both files' own rules, and for each --agent and
            --crawler (every catalogued crawler when none is named), the verdict of each
            version with the line that decided it. --format json prints
              {\"flips\": [{\"url\", \"agent\", \"before\": {\"allowed\", \"line\"},
                          \"after\": {\"allowed\", \"line\"}}]}
            Exit status 1 when any URL becomes blocked, 0 otherwise.

  test      Checks the file against expectations: URLs that must stay allowed (or
            blocked) for given crawlers or agents, written in TOML:
              [[expect]]
              url = \"/products/shoes\"              # a path or a full URL
              allowed = true
              crawlers = [\"Googlebot\", \"Bingbot\"]   # or: agents = [\"MyBot/1.0\"]
            Each is answered with the deciding line. Exit status 1 when any is broken;
            --format github annotates the expectation and the robots.txt line that breaks it.

  preferences
            What may be done with URL: crawling, and each use (train-ai, search,
            ai-input) as AIPREF's Content-Usage and Cloudflare's Content-Signal state it,
            side by side, each allow, disallow, unknown or not-applicable (the URL may not
            be crawled) with the line that decided; and the RSL License lines.
            --format json prints
              {\"url\", \"agent\", \"crawl\": {\"allowed\", \"line\"},
               \"content_usage\": {\"train-ai\": {\"preference\", \"line\"}, \"search\": {…}},
               \"content_signal\": {\"ai-train\": {…}, \"search\": {…}, \"ai-input\": {…}},
               \"licenses\": [{\"url\", \"line\"}]}
            check --json includes the same object as \"preferences\".

  logs      Did the bots obey? Replays access logs (Apache/nginx combined or common, JSON
            lines, W3C extended from IIS or CloudFront; gzip'd or not, - for standard
            input) against the robots.txt in force at each request's time: each --robots
            FILE@TIME took effect then, a FILE without a time always held, and SITE=FILE
            is one host's own. Each request's user agent names a catalogued crawler (or
            an unknown agent), which is asked as that crawler. Per crawler, most urgent
            first: its requests, those to disallowed URLs (the deciding line, the version,
            an example), whether it fetched /robots.txt first, its pace against
            Crawl-delay and Request-rate, and whether its addresses are in the ranges its
            operator publishes (a dated snapshot; outside them it is an impersonator, not
            the crawler). Lines that are not log lines are counted and shown, never
            fatal. --format json prints the summary, jsonl one object per request
              {\"file\", \"line\", \"time\", \"ip\", \"agent\", \"crawler\", \"host\", \"url\",
               \"allowed\", \"deciding_line\", \"version\", \"verified\", \"unjudged\"}
            and csv the disallowed requests. Exit status 1 when a catalogued crawler (not
            an impersonator) fetched a disallowed URL, 0 otherwise, 2 on an error.

  explain   The documentation of an audit code (RL301 or rule-before-user-agent), or the
            list of every code; with --json, every code's documentation as JSON; with
            --format markdown, as one page (docs/audit-codes.md). --lang es prints it in
            Spanish, --lang pt-PT (or pt) in Portugal's Portuguese and --lang pt-BR in Brazil's
            (the texts the page shows in that language).

  serve     Serves the page on this machine (http://127.0.0.1:8000/, and [::1]) with
            a fetch endpoint beside it: the page's \"Check a live site\" field reads a
            site's robots.txt through this command, as a crawler is served it (its user
            agent, redirects, status, size), and nothing goes to anyone else's server.
            Only this machine can connect; only the page this command serves may ask
            (the Host, the Origin and a key are checked); only /robots.txt of an http(s)
            site is fetched. One line per fetch is printed. Ctrl+C stops it.

  completions
            A completion script for SHELL (bash, zsh, fish or powershell), written from the
            same table of options the command reads. Load it from your shell's startup:
              bash        source <(robots-lens completions bash)
              zsh         robots-lens completions zsh > \"${fpath[1]}/_robots-lens\"
              fish        robots-lens completions fish > ~/.config/fish/completions/robots-lens.fish
              powershell  robots-lens completions powershell | Out-String | Invoke-Expression

  man       The manual page, in roff: robots-lens man > robots-lens.1; man -l robots-lens.1

OPTIONS
EXAMPLE
  $ robots-lens check robots.txt --agent Googlebot --url https://example.com/private/x
  DISALLOWED  /private/x
    decided by line 2: Disallow: /private  (pattern length 8, the longest match)
";

/// The whole help, or one command's: its usage lines, its paragraph and its options. The
/// options come from the table the parser reads ([`options::OPTIONS`]).
pub(crate) fn help(command: Option<&str>) -> String {
    let full = HELP.replace(
        "\nOPTIONS\n",
        &format!("\nOPTIONS\n{}\n", options::help_section(None)),
    );
    let Some(command) = command else {
        return full;
    };
    format!(
        "robots-lens {command}\n\nUSAGE\n{}\n{}\nOPTIONS\n{}",
        usage_lines(command),
        command_paragraph(command).trim_end_matches('\n').to_owned() + "\n",
        options::help_section(Some(command))
    )
}

/// The USAGE lines of `command`, each with its indented continuation.
pub(crate) fn usage_lines(command: &str) -> String {
    let usage_start = format!("  robots-lens {command}");
    let mut usage = String::new();
    let mut in_usage = false;
    for line in HELP.lines().skip_while(|line| *line != "USAGE") {
        if line == "COMMANDS" {
            break;
        }
        // A usage line, or the indented continuation of the one before.
        in_usage = line
            .strip_prefix(&usage_start)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
            || (in_usage && line.starts_with("      "));
        if in_usage {
            usage.push_str(line);
            usage.push('\n');
        }
    }
    usage
}

/// The paragraph of COMMANDS that describes `command`, its first line included.
pub(crate) fn command_paragraph(command: &str) -> String {
    let mut paragraph = String::new();
    let mut in_paragraph = false;
    for line in HELP.lines().skip_while(|line| *line != "COMMANDS") {
        if line == "OPTIONS" {
            break;
        }
        let starts_command =
            line.starts_with("  ") && line[2..].starts_with(|c: char| c.is_ascii_lowercase());
        if starts_command {
            in_paragraph = line[2..].split_whitespace().next() == Some(command);
        }
        if in_paragraph {
            paragraph.push_str(line);
            paragraph.push('\n');
        }
    }
    paragraph
}

/// The example at the end of `--help`.
pub(crate) fn help_example() -> &'static str {
    HELP.split_once("\nEXAMPLE\n")
        .map_or("", |(_, example)| example)
}

/// Whether `name` is one of the commands the help describes.
pub(crate) fn is_command(name: &str) -> bool {
    options::COMMANDS.iter().any(|command| command.name == name)
}
