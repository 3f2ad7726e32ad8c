//! `robots-lens man`: the manual page, in roff, written from what `--help` prints — the usage
//! lines and each command's paragraph — and from the option table the parser reads
//! ([`crate::options`]), so the page and the command cannot disagree.

use std::fmt::Write as _;

use robots_lens::Profile;

use crate::options::{self, Values};

/// The whole page (`man -l` reads it; `robots-lens man > robots-lens.1` installs it).
pub fn page() -> String {
    let mut page = String::new();
    let version = env!("CARGO_PKG_VERSION");
    writeln!(
        page,
        ".TH ROBOTS\\-LENS 1 \"\" \"robots\\-lens {version}\" \"User Commands\""
    )
    .unwrap();
    page.push_str(".SH NAME\nrobots\\-lens \\- read a robots.txt the way crawlers do, and explain every verdict\n");

    page.push_str(".SH SYNOPSIS\n.nf\n");
    for command in options::COMMANDS {
        for line in crate::help::usage_lines(command.name).lines() {
            // A usage line starts at the margin; its continuation stays indented under it.
            let text = line.strip_prefix("  ").unwrap_or(line);
            let text = if text.starts_with(' ') {
                format!("    {}", text.trim_start())
            } else {
                text.to_owned()
            };
            writeln!(page, "{}", escape_line(&text)).unwrap();
        }
    }
    page.push_str(".fi\n");

    page.push_str(
        ".SH DESCRIPTION\n\
         robots\\-lens reads a robots.txt as RFC 9309 and Google's parser do and answers, for a \
         URL and a crawler, whether it may be fetched and which line decides; it lists what every \
         catalogued crawler may fetch, lints the file for every line a crawler will skip or \
         misread, compares two versions and checks expectations. FILE is a path, \\- for \
         standard input, or a URL with its scheme, whose site's robots.txt is fetched as \
         crawlers fetch it; nothing else is ever fetched. serve runs the page on this \
         machine, where it can read a site's live robots.txt the same way.\n",
    );

    page.push_str(".SH COMMANDS\n");
    for command in options::COMMANDS {
        writeln!(page, ".TP\n.B {}", escape(command.name)).unwrap();
        let paragraph = crate::help::command_paragraph(command.name);
        // The paragraph's first line starts with the command's name (or is only the name).
        let body: Vec<&str> = paragraph
            .lines()
            .enumerate()
            .map(|(index, line)| {
                if index == 0 {
                    line.trim_start()
                        .strip_prefix(command.name)
                        .unwrap_or(line)
                        .trim_start()
                } else {
                    line
                }
            })
            .collect();
        page.push_str(&prose(&body));
    }

    page.push_str(".SH OPTIONS\n");
    for option in options::OPTIONS {
        let mut names = String::new();
        if let Some(short) = option.short {
            write!(names, "\\fB{}\\fR, ", escape(short)).unwrap();
        }
        write!(names, "\\fB{}\\fR", escape(option.long)).unwrap();
        if let Some(value) = option.value {
            write!(names, " \\fI{}\\fR", escape(value)).unwrap();
        }
        writeln!(page, ".TP\n{names}").unwrap();
        let lines: Vec<&str> = option.help.lines().collect();
        page.push_str(&prose(&lines));
        if option.values == Values::Profiles {
            page.push_str(".RS\n");
            for profile in Profile::ALL {
                let spec = profile.spec();
                writeln!(page, ".TP\n.B {}\n{}", escape(spec.id), escape(spec.title)).unwrap();
            }
            page.push_str(".RE\n");
        }
        let commands = option.commands.join(", ");
        writeln!(page, ".br\nRead by: {}.", escape(&commands)).unwrap();
    }
    page.push_str(".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nThe help, or a command's (robots\\-lens COMMAND \\-\\-help).\n");
    page.push_str(".TP\n\\fB\\-V\\fR, \\fB\\-\\-version\\fR\nThe version.\n");

    page.push_str(
        ".SH EXIT STATUS\n\
         .TP\n.B 0\nEvery URL allowed, nothing found at \\-\\-fail\\-on, every expectation held \
         (and when the reader of the output has gone, as in robots\\-lens ... | head).\n\
         .TP\n.B 1\nA URL disallowed, a finding at \\-\\-fail\\-on, a broken expectation, a verdict \
         that became blocked (diff).\n\
         .TP\n.B 2\nA usage or input error; the message says what to do.\n\
         .TP\n.B 3\nA URL given for FILE got no answer at all (no DNS, a refused connection, a \
         timeout): what was printed is RFC 9309's reading of an unreachable robots.txt \
         (everything disallowed), not a rule of the site.\n",
    );
    page.push_str(".SH EXAMPLES\n.nf\n");
    for line in crate::help::help_example().lines() {
        writeln!(
            page,
            "{}",
            escape_line(line.strip_prefix("  ").unwrap_or(line))
        )
        .unwrap();
    }
    page.push_str(".fi\n");
    page.push_str(
        ".SH SEE ALSO\n\
         The documentation, docs/cli.md and docs/audit\\-codes.md, at \
         https://github.com/robots\\-lens/robots\\-lens\n",
    );
    page
}

/// The help's wrapped lines as roff: running text is joined and left to the formatter; a line
/// indented deeper than the paragraph's first (an example, a list) is kept as it is.
fn prose(lines: &[&str]) -> String {
    let base = lines
        .iter()
        .skip(1)
        .filter(|line| !line.trim().is_empty())
        .map(|line| line.len() - line.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut out = String::new();
    let mut literal = false;
    for (index, line) in lines.iter().enumerate() {
        let indent = line.len() - line.trim_start().len();
        let deeper = index > 0 && indent > base && !line.trim().is_empty();
        let deeper = deeper || (index == 0 && line.starts_with("  "));
        if deeper && !literal {
            out.push_str(".nf\n");
            literal = true;
        } else if !deeper && literal {
            out.push_str(".fi\n");
            literal = false;
        }
        if line.trim().is_empty() {
            if !literal {
                out.push_str(".sp\n");
            }
            continue;
        }
        let text = if literal {
            &line[base.min(indent)..]
        } else {
            line.trim()
        };
        out.push_str(&escape_line(text));
        out.push('\n');
    }
    if literal {
        out.push_str(".fi\n");
    }
    out
}

/// `text` with roff's special characters escaped: backslashes and hyphens (so `--agent` is
/// not typeset with a dash).
fn escape(text: &str) -> String {
    text.replace('\\', "\\e").replace('-', "\\-")
}

/// [`escape`], and a line that would start with a control character (`.` or `'`) guarded.
fn escape_line(text: &str) -> String {
    let escaped = escape(text);
    if escaped.starts_with('.') || escaped.starts_with('\'') {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roff_control_characters_are_escaped() {
        assert_eq!(escape_line(".robots-lens.toml"), "\\&.robots\\-lens.toml");
        assert_eq!(escape("a\\nb"), "a\\enb");
    }

    #[test]
    fn every_option_and_command_is_on_the_page() {
        let page = page();
        for option in options::OPTIONS {
            assert!(page.contains(&escape(option.long)), "{}", option.long);
        }
        for command in options::COMMANDS {
            assert!(
                page.contains(&format!(".B {}\n", escape(command.name))),
                "{}",
                command.name
            );
        }
    }
}
