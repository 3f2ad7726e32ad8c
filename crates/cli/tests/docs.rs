//! The documentation's commands are run, so README.md and docs/*.md cannot drift from the CLI.
//!
//! Every fenced block of those files whose info string is `console` is a transcript: each line
//! starting with `$ ` is a command, the lines up to the next command are what it prints
//! (standard output and standard error, as a terminal shows them). The commands of a block run
//! in order, in one `bash`, in a fresh copy of `docs/examples/` (the files the examples name),
//! with the `robots-lens` under test first on PATH; what each prints must equal the block,
//! trailing blank lines aside. `echo $?` after a command shows its exit status.
//!
//! So that no command escapes this, a `$ ` line in any other fenced block, or a `robots-lens`
//! command in a `sh`/`bash`/`shell` block, fails the test: write it as a `console` block.
//!
//! A command quoted in the prose (`` `robots-lens lint FILE --fail-on warning` ``) cannot be run as
//! it stands, but its command must exist and each `--option` in it must be one that command's
//! `--help` lists.
//!
//! `UPDATE_DOCS=1 cargo test -p robots-lens-cli --test docs` rewrites the transcripts with what
//! the commands print now (read the diff before committing it).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The files whose commands are run: the README and every page of docs/.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md")];
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ exists")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    pages.sort();
    files.extend(pages);
    files
}

/// A fenced block: where it starts, its info string, its indentation and its lines (unindented).
struct Block {
    line: usize,
    info: String,
    indent: usize,
    body: Vec<String>,
    /// The line indices of the body in the file (for rewriting it).
    start: usize,
    end: usize,
}

fn blocks(text: &str) -> Vec<Block> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let trimmed = lines[index].trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            let indent = lines[index].len() - trimmed.len();
            let start = index + 1;
            let mut end = start;
            while end < lines.len() && !lines[end].trim_start().starts_with("```") {
                end += 1;
            }
            let body = lines[start..end]
                .iter()
                .map(|line| line.get(indent..).unwrap_or(line.trim_start()).to_string())
                .collect();
            found.push(Block {
                line: index + 1,
                info: info.trim().to_string(),
                indent,
                body,
                start,
                end,
            });
            index = end + 1;
        } else {
            index += 1;
        }
    }
    found
}

/// A transcript's commands, each with the output the block shows for it.
fn transcript(block: &Block) -> Vec<(String, String)> {
    let mut commands: Vec<(String, String)> = Vec::new();
    for line in &block.body {
        if let Some(command) = line.strip_prefix("$ ") {
            commands.push((command.to_string(), String::new()));
        } else if let Some((_, output)) = commands.last_mut() {
            output.push_str(line);
            output.push('\n');
        } else {
            panic!(
                "line {}: a console block must start with a `$ ` command",
                block.line
            );
        }
    }
    commands
}

/// Output as compared: no trailing whitespace on a line, no trailing blank lines.
fn normalise(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let kept = lines
        .iter()
        .rposition(|line| !line.is_empty())
        .map_or(0, |last| last + 1);
    lines[..kept].join("\n")
}

const MARKER: &str = "@@robots-lens-docs-test@@";

/// Runs a transcript's commands in one shell in a copy of the examples, and returns what each
/// printed.
fn run(commands: &[(String, String)], examples: &Path, scratch: &Path) -> Vec<String> {
    copy_dir(examples, scratch);
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_robots-lens"));
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut script = String::from("exec 2>&1\n");
    for (command, _) in commands {
        // The marker is printed between commands without changing `$?` for the next one.
        writeln!(
            script,
            "__status=$?; printf '\\n{MARKER}\\n'; (exit $__status)\n{command}"
        )
        .unwrap();
    }
    let output = Command::new("bash")
        .args(["--noprofile", "--norc", "-c", &script])
        .current_dir(scratch)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .output()
        .expect("bash runs");
    let text = String::from_utf8(output.stdout).expect("the commands print UTF-8");
    let mut parts: Vec<String> = text
        .split(&format!("\n{MARKER}\n"))
        .map(str::to_string)
        .collect();
    parts.remove(0); // before the first command: nothing
    assert_eq!(
        parts.len(),
        commands.len(),
        "a command of the block stopped the shell:\n{text}"
    );
    parts
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// Writes the transcript back with the outputs the commands printed.
fn rewrite(block: &Block, commands: &[(String, String)], outputs: &[String]) -> Vec<String> {
    let pad = " ".repeat(block.indent);
    let mut body = Vec::new();
    for (index, ((command, _), output)) in commands.iter().zip(outputs).enumerate() {
        body.push(format!("{pad}$ {command}"));
        for line in normalise(output).lines() {
            body.push(if line.is_empty() {
                String::new()
            } else {
                format!("{pad}{line}")
            });
        }
        if index + 1 < commands.len() {
            body.push(String::new());
        }
    }
    body
}

#[test]
fn every_command_in_the_docs_prints_what_the_docs_show() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let examples = root.join("docs/examples");
    let update = std::env::var_os("UPDATE_DOCS").is_some();
    let scratch_root =
        std::env::temp_dir().join(format!("robots-lens-docs-{}", std::process::id()));
    let mut failures = Vec::new();
    let mut ran = 0;
    for file in documents(&root) {
        let name = file.strip_prefix(&root).unwrap().display().to_string();
        let text = std::fs::read_to_string(&file).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let mut replacements = Vec::new();
        for (index, block) in blocks(&text).iter().enumerate() {
            let shell = matches!(block.info.as_str(), "sh" | "bash" | "shell");
            if block.info != "console" {
                let stray = block.body.iter().find(|line| {
                    line.starts_with("$ ")
                        || (shell && line.split_whitespace().next() == Some("robots-lens"))
                });
                if let Some(line) = stray {
                    failures.push(format!("{name}:{}: `{line}` is in a `{}` block, which is not run: make it a `console` block", block.line, block.info));
                }
                continue;
            }
            let commands = transcript(block);
            let outputs = run(
                &commands,
                &examples,
                &scratch_root.join(format!("{}-{index}", name.replace('/', "-"))),
            );
            ran += commands.len();
            let mut differs = false;
            for ((command, expected), actual) in commands.iter().zip(&outputs) {
                if normalise(expected) != normalise(actual) {
                    differs = true;
                    failures.push(format!(
                        "{name}:{}: `$ {command}` printed\n{}\n--- but the docs show ---\n{}\n",
                        block.line,
                        normalise(actual),
                        normalise(expected)
                    ));
                }
            }
            if update && differs {
                replacements.push((block.start, block.end, rewrite(block, &commands, &outputs)));
            }
        }
        if update && !replacements.is_empty() {
            for (start, end, body) in replacements.into_iter().rev() {
                lines.splice(start..end, body);
            }
            std::fs::write(&file, lines.join("\n") + "\n").unwrap();
        }
    }
    let _ = std::fs::remove_dir_all(&scratch_root);
    assert!(
        ran >= 5,
        "only {ran} documented commands were found: is the docs test reading the right files?"
    );
    if update {
        eprintln!(
            "UPDATE_DOCS: rewrote {} transcripts that differed",
            failures.len()
        );
        return;
    }
    assert!(
        failures.is_empty(),
        "{} documented commands differ:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn a_transcript_reads_commands_and_their_output() {
    let block = &blocks("```console\n$ echo a\na\n\n$ false\n$ echo $?\n1\n```\n")[0];
    let commands = transcript(block);
    assert_eq!(commands.len(), 3);
    assert_eq!(commands[0], ("echo a".to_string(), "a\n\n".to_string()));
    let scratch =
        std::env::temp_dir().join(format!("robots-lens-docs-self-{}", std::process::id()));
    let examples = scratch.join("examples");
    std::fs::create_dir_all(&examples).unwrap();
    let outputs = run(&commands, &examples, &scratch.join("run"));
    let _ = std::fs::remove_dir_all(&scratch);
    assert_eq!(
        outputs.iter().map(|o| normalise(o)).collect::<Vec<_>>(),
        ["a", "", "1"],
        "`$?` survives the marker"
    );
}

/// The `--options` a command's `--help` lists.
fn help_options(command: &str) -> Option<Vec<String>> {
    let output = Command::new(env!("CARGO_BIN_EXE_robots-lens"))
        .args([command, "--help"])
        .output()
        .unwrap();
    if !output.status.success() {
        return None;
    }
    let help = String::from_utf8(output.stdout).unwrap();
    Some(
        help.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .filter(|word| word.starts_with("--") && word.len() > 2)
            .map(str::to_owned)
            .collect(),
    )
}

#[test]
fn every_command_quoted_in_the_prose_exists_with_its_options() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut failures = Vec::new();
    let mut checked = 0;
    for file in documents(&root) {
        let name = file.strip_prefix(&root).unwrap().display().to_string();
        let text = std::fs::read_to_string(&file).unwrap();
        // Inline code spans outside fenced blocks.
        let mut in_fence = false;
        for (number, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("```") {
                in_fence = !in_fence;
                continue;
            }
            if in_fence {
                continue;
            }
            for (index, span) in line.split('`').enumerate() {
                let Some(rest) = span.strip_prefix("robots-lens ").filter(|_| index % 2 == 1)
                else {
                    continue;
                };
                let command = rest.split_whitespace().next().unwrap_or("");
                // `robots-lens --help`, `robots-lens COMMAND --help`: the program's own options.
                if command.starts_with('-')
                    || command.chars().all(|c| c.is_ascii_uppercase())
                    || command == "help"
                {
                    continue;
                }
                checked += 1;
                let Some(options) = help_options(command) else {
                    failures.push(format!(
                        "{name}:{}: `{span}`: there is no command {command}",
                        number + 1
                    ));
                    continue;
                };
                for word in rest
                    .split_whitespace()
                    .filter(|word| word.starts_with("--"))
                {
                    let option = word.split('=').next().unwrap();
                    // Every command takes --help, which its help does not list.
                    if option != "--help" && !options.iter().any(|known| known == option) {
                        failures.push(format!(
                            "{name}:{}: `{span}`: {command} has no option {option}",
                            number + 1
                        ));
                    }
                }
            }
        }
    }
    assert!(checked >= 5, "only {checked} quoted commands were found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
