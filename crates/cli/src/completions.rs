//! `robots-lens completions SHELL`: a completion script for bash, zsh, fish or PowerShell,
//! written from the option table the parser reads ([`crate::options`]): the commands, each
//! command's options, the words an option's value may be (profiles and crawlers from the core)
//! and file names where a path goes.

use std::fmt::Write as _;

use crate::args::UsageError;
use crate::options::{self, OptionSpec, Values, COMMANDS, OPTIONS, SHELLS};

/// The script for the shell named by the only argument.
pub fn script(rest: &[String]) -> Result<String, UsageError> {
    let shell = match rest {
        [shell] => shell.as_str(),
        [] => {
            return Err(UsageError::new(format!(
                "completions needs a shell: robots-lens completions {}",
                SHELLS.join("|")
            )))
        }
        [_, extra, ..] => {
            return Err(UsageError::new(format!(
                "unexpected argument '{extra}': give one shell"
            )))
        }
    };
    match shell {
        "bash" => Ok(bash()),
        "zsh" => Ok(zsh()),
        "fish" => Ok(fish()),
        "powershell" | "pwsh" => Ok(powershell()),
        other => Err(UsageError::new(format!(
            "unknown shell '{other}'; expected one of {}",
            SHELLS.join(", ")
        ))),
    }
}

/// The commands whose positional arguments are files, as the command table says.
fn taking_files() -> Vec<&'static str> {
    COMMANDS
        .iter()
        .filter(|command| command.takes_files)
        .map(|command| command.name)
        .collect()
}

/// Every spelling of an option (`-a --agent`).
fn spellings(option: &OptionSpec) -> Vec<&'static str> {
    option.short.into_iter().chain([option.long]).collect()
}

/// The first line of an option's help, for the shells that show a description.
fn summary(option: &OptionSpec) -> &'static str {
    option.help.lines().next().unwrap_or("")
}

fn bash() -> String {
    let mut out = String::from(
        "# bash completion for robots-lens (robots-lens completions bash)\n\
         _robots_lens() {\n\
         \x20   local cur prev command\n\
         \x20   cur=\"${COMP_WORDS[COMP_CWORD]}\"\n\
         \x20   prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n\
         \x20   if [ \"$COMP_CWORD\" -eq 1 ]; then\n",
    );
    let commands: Vec<&str> = COMMANDS.iter().map(|command| command.name).collect();
    writeln!(
        out,
        "        COMPREPLY=($(compgen -W '{} help --help --version' -- \"$cur\"))",
        commands.join(" ")
    )
    .unwrap();
    out.push_str(
        "        return\n    fi\n    command=\"${COMP_WORDS[1]}\"\n    case \"$prev\" in\n",
    );
    for option in OPTIONS.iter().filter(|option| option.value.is_some()) {
        let action = match option.values {
            Values::File => "COMPREPLY=($(compgen -f -- \"$cur\"))".to_owned(),
            Values::Free => "COMPREPLY=()".to_owned(),
            // The words of the command being completed.
            Values::PerCommand(_) => {
                let mut cases = String::from("case \"$command\" in\n");
                for command in option.commands {
                    writeln!(
                        cases,
                        "                {command}) COMPREPLY=($(compgen -W '{}' -- \"$cur\")) ;;",
                        option.choices_for(command).join(" ")
                    )
                    .unwrap();
                }
                cases.push_str("                *) COMPREPLY=() ;;\n            esac");
                cases
            }
            _ => format!(
                "COMPREPLY=($(compgen -W '{}' -- \"$cur\"))",
                option.choices().join(" ")
            ),
        };
        writeln!(
            out,
            "        {})\n            {action}\n            return\n            ;;",
            spellings(option).join("|")
        )
        .unwrap();
    }
    out.push_str("    esac\n    local options=''\n    case \"$command\" in\n");
    for command in COMMANDS {
        let names: Vec<&str> = options::options_of(command.name)
            .flat_map(spellings)
            .collect();
        if command.name == "completions" {
            writeln!(out, "        completions)\n            COMPREPLY=($(compgen -W '{}' -- \"$cur\"))\n            return\n            ;;", SHELLS.join(" ")).unwrap();
        } else {
            writeln!(
                out,
                "        {})\n            options='{} --help'\n            ;;",
                command.name,
                names.join(" ")
            )
            .unwrap();
        }
    }
    writeln!(out, "        help)\n            COMPREPLY=($(compgen -W '{}' -- \"$cur\"))\n            return\n            ;;", commands.join(" ")).unwrap();
    out.push_str(
        "    esac\n\
         \x20   if [[ \"$cur\" == -* ]]; then\n\
         \x20       COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n\
         \x20   else\n",
    );
    writeln!(out, "        case \"$command\" in\n            {})\n                COMPREPLY=($(compgen -f -- \"$cur\"))\n                ;;\n            *)\n                COMPREPLY=()\n                ;;\n        esac", taking_files().join("|")).unwrap();
    out.push_str("    fi\n}\ncomplete -o filenames -F _robots_lens robots-lens\n");
    out
}

/// `text` inside single quotes for zsh's `_arguments` specs: quotes closed and reopened, and
/// the characters `_arguments` reads in a description (`[`, `]`, `:`) escaped.
fn zsh_description(text: &str) -> String {
    text.replace('\'', "'\\''")
        .replace('[', "\\[")
        .replace(']', "\\]")
        .replace(':', "\\:")
}

fn zsh() -> String {
    let mut out = String::from("#compdef robots-lens\n# zsh completion for robots-lens (robots-lens completions zsh)\n\n_robots_lens() {\n    local -a commands\n    commands=(\n");
    for command in COMMANDS {
        writeln!(
            out,
            "        '{}:{}'",
            command.name,
            zsh_description(command.summary)
        )
        .unwrap();
    }
    out.push_str(
        "    )\n\
         \x20   if (( CURRENT == 2 )); then\n\
         \x20       _describe 'command' commands\n\
         \x20       return\n\
         \x20   fi\n\
         \x20   local command=${words[2]}\n\
         \x20   # From here on the command is the word _arguments starts from.\n\
         \x20   shift words\n\
         \x20   (( CURRENT-- ))\n\
         \x20   case $command in\n",
    );
    for command in COMMANDS {
        let mut specs = Vec::new();
        for option in options::options_of(command.name) {
            let action = match option.values {
                Values::None => String::new(),
                Values::Free => format!(":{}: ", option.value.unwrap_or("VALUE")),
                Values::File => format!(":{}:_files", option.value.unwrap_or("FILE")),
                _ => format!(
                    ":{}:({})",
                    option.value.unwrap_or("VALUE"),
                    option.choices_for(command.name).join(" ")
                ),
            };
            let description = zsh_description(summary(option));
            let names = spellings(option);
            let names = if names.len() == 1 {
                names[0].to_owned()
            } else {
                format!("{{{}}}", names.join(","))
            };
            // `*`: every option may be repeated, as the parser allows.
            specs.push(format!("'*'{names}'[{description}]{action}'"));
        }
        specs.push("'(- *)--help[The help of this command]'".to_owned());
        match command.name {
            "completions" => specs.push(format!("':shell:({})'", SHELLS.join(" "))),
            "man" => {}
            name if taking_files().contains(&name) => specs.push("'*:file:_files'".to_owned()),
            _ => specs.push("'*:code: '".to_owned()),
        }
        writeln!(
            out,
            "        {})\n            _arguments -s \\\n                {}\n            ;;",
            command.name,
            specs.join(" \\\n                ")
        )
        .unwrap();
    }
    out.push_str("    esac\n}\n\nif [ \"$funcstack[1]\" = \"_robots_lens\" ]; then\n    _robots_lens \"$@\"\nelse\n    compdef _robots_lens robots-lens\nfi\n");
    out
}

/// `text` inside single quotes for fish.
fn fish_quote(text: &str) -> String {
    format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"))
}

fn fish() -> String {
    let mut out = String::from("# fish completion for robots-lens (robots-lens completions fish)\ncomplete -c robots-lens -f\n");
    for command in COMMANDS {
        writeln!(
            out,
            "complete -c robots-lens -n __fish_use_subcommand -a {} -d {}",
            command.name,
            fish_quote(command.summary)
        )
        .unwrap();
    }
    for option in OPTIONS {
        // One line for all its commands, or one per command when the words differ.
        let groups: Vec<(Vec<&str>, Vec<String>)> = if option.per_command() {
            option
                .commands
                .iter()
                .map(|command| (vec![*command], option.choices_for(command)))
                .collect()
        } else {
            vec![(option.commands.to_vec(), option.choices())]
        };
        for (commands, choices) in groups {
            let mut line = format!(
                "complete -c robots-lens -n {}",
                fish_quote(&format!(
                    "__fish_seen_subcommand_from {}",
                    commands.join(" ")
                ))
            );
            if let Some(short) = option.short {
                write!(line, " -s {}", short.trim_start_matches('-')).unwrap();
            }
            write!(line, " -l {}", option.long.trim_start_matches("--")).unwrap();
            match option.values {
                Values::None => {}
                Values::Free => line.push_str(" -x"),
                Values::File => line.push_str(" -r -F"),
                _ => write!(line, " -x -a {}", fish_quote(&choices.join(" "))).unwrap(),
            }
            write!(line, " -d {}", fish_quote(summary(option))).unwrap();
            out.push_str(&line);
            out.push('\n');
        }
    }
    writeln!(
        out,
        "complete -c robots-lens -n {} -x -a {}",
        fish_quote("__fish_seen_subcommand_from completions"),
        fish_quote(&SHELLS.join(" "))
    )
    .unwrap();
    writeln!(
        out,
        "complete -c robots-lens -n {} -F",
        fish_quote(&format!(
            "__fish_seen_subcommand_from {}",
            taking_files().join(" ")
        ))
    )
    .unwrap();
    out
}

/// `text` inside single quotes for PowerShell.
fn powershell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

fn powershell_list(words: &[String]) -> String {
    let quoted: Vec<String> = words.iter().map(|word| powershell_quote(word)).collect();
    format!("@({})", quoted.join(", "))
}

fn powershell() -> String {
    let mut out = String::from(
        "# PowerShell completion for robots-lens (robots-lens completions powershell)\n\
         Register-ArgumentCompleter -Native -CommandName 'robots-lens' -ScriptBlock {\n\
         \x20   param($wordToComplete, $commandAst, $cursorPosition)\n\
         \x20   $before = @($commandAst.CommandElements | Where-Object { $_.Extent.EndOffset -lt $cursorPosition } | ForEach-Object { $_.ToString() })\n\
         \x20   $command = if ($before.Count -ge 2) { $before[1] } else { '' }\n\
         \x20   $previous = if ($before.Count -ge 1) { $before[-1] } else { '' }\n\
         \x20   $candidates = @()\n\
         \x20   if ($before.Count -le 1) {\n",
    );
    let commands: Vec<String> = COMMANDS
        .iter()
        .map(|command| command.name.to_owned())
        .chain([
            "help".to_owned(),
            "--help".to_owned(),
            "--version".to_owned(),
        ])
        .collect();
    writeln!(out, "        $candidates = {}", powershell_list(&commands)).unwrap();
    out.push_str("    } else {\n        switch ($previous) {\n");
    for option in OPTIONS.iter().filter(|option| option.value.is_some()) {
        let choices = option.choices();
        for name in spellings(option) {
            if option.per_command() {
                let mut cases = String::new();
                for command in option.commands {
                    write!(
                        cases,
                        " {} {{ $candidates = {} }}",
                        powershell_quote(command),
                        powershell_list(&option.choices_for(command))
                    )
                    .unwrap();
                }
                writeln!(
                    out,
                    "            {} {{ switch ($command) {{{cases} }} }}",
                    powershell_quote(name)
                )
                .unwrap();
            } else if choices.is_empty() {
                // A path or free text: nothing offered, so PowerShell completes file names.
                writeln!(out, "            {} {{ return }}", powershell_quote(name)).unwrap();
            } else {
                writeln!(
                    out,
                    "            {} {{ $candidates = {} }}",
                    powershell_quote(name),
                    powershell_list(&choices)
                )
                .unwrap();
            }
        }
    }
    out.push_str("            default {\n                switch ($command) {\n");
    for command in COMMANDS {
        let mut words: Vec<String> = options::options_of(command.name)
            .flat_map(spellings)
            .map(str::to_owned)
            .collect();
        words.push("--help".to_owned());
        if command.name == "completions" {
            words = SHELLS.iter().map(|shell| (*shell).to_owned()).collect();
        }
        writeln!(
            out,
            "                    {} {{ $candidates = {} }}",
            powershell_quote(command.name),
            powershell_list(&words)
        )
        .unwrap();
    }
    out.push_str(
        "                }\n\
         \x20           }\n\
         \x20       }\n\
         \x20   }\n\
         \x20   $candidates | Where-Object { $_ -like \"$wordToComplete*\" } | ForEach-Object {\n\
         \x20       [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_)\n\
         \x20   }\n\
         }\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_script_names_every_option_and_command() {
        for shell in SHELLS {
            let text = script(&[(*shell).to_owned()]).unwrap();
            for option in OPTIONS {
                assert!(
                    text.contains(option.long.trim_start_matches("--")),
                    "{shell}: {}",
                    option.long
                );
            }
            for command in COMMANDS {
                assert!(text.contains(command.name), "{shell}: {}", command.name);
            }
        }
    }

    #[test]
    fn the_words_offered_need_no_quoting() {
        // Choices are written into the scripts unquoted (bash's compgen -W, zsh's (…)).
        for option in OPTIONS {
            for word in option.choices() {
                assert!(
                    word.chars()
                        .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)),
                    "{}: '{word}' would need quoting",
                    option.long
                );
            }
        }
    }

    #[test]
    fn a_missing_or_unknown_shell_is_a_usage_error() {
        assert!(script(&[]).is_err());
        assert!(script(&["tcsh".to_owned()])
            .unwrap_err()
            .to_string()
            .contains("bash, zsh, fish, powershell"));
    }
}
