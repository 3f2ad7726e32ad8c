//! The conventions a command-line tool keeps: shell completions that complete (run in real
//! bash, and in zsh and fish when they are installed), a man page roff renders without a
//! warning, and a closed pipe (`robots-lens … | head`) that ends the command quietly with
//! status 0, as ripgrep does.

mod common;
// The core's rule for inputs from outside the repository: a missing one fails the test unless
// ROBOTS_LENS_ALLOW_MISSING names it (here `zsh`, `fish`, `groff`).
#[path = "../../core/tests/inputs/mod.rs"]
mod inputs;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::robots_lens;

fn binary() -> &'static str {
    env!("CARGO_BIN_EXE_robots-lens")
}

fn stdout_of(args: &[&str]) -> String {
    let output = robots_lens(args, b"");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// A scratch folder with a robots.txt, for the completions of file names.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "robots-lens-conventions-{name}-{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("robots.txt"),
        "User-agent: *\nDisallow: /private/\n",
    )
    .unwrap();
    dir
}

fn has(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// The options `robots-lens COMMAND --help` lists (what completion must offer after `-`).
fn help_options(command: &str) -> Vec<String> {
    let help = stdout_of(&[command, "--help"]);
    let options = help
        .split_once("\nOPTIONS\n")
        .expect("an OPTIONS section")
        .1;
    let mut names = Vec::new();
    for line in options.lines().filter(|line| line.starts_with("  -")) {
        for word in line.split_whitespace().take(2) {
            let word = word.trim_end_matches(',');
            if word.starts_with('-') {
                names.push(word.to_owned());
            }
        }
    }
    assert!(!names.is_empty(), "{command} --help lists no option");
    names
}

/// What bash completes for `words` (the last is the word being typed).
fn bash_complete(dir: &Path, words: &[&str]) -> Vec<String> {
    let script = stdout_of(&["completions", "bash"]);
    let quoted: Vec<String> = words.iter().map(|word| format!("'{word}'")).collect();
    let program = format!(
        "{script}\nCOMP_WORDS=({})\nCOMP_CWORD={}\n_robots_lens\nprintf '%s\\n' \"${{COMPREPLY[@]}}\"\n",
        quoted.join(" "),
        words.len() - 1
    );
    let output = Command::new("bash")
        .args(["--noprofile", "--norc", "-c", &program])
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // printf prints one empty line for an empty COMPREPLY.
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .filter(|line| !line.is_empty())
        .map(str::to_owned)
        .collect()
}

#[test]
fn bash_completes_commands_options_values_and_files() {
    let dir = scratch("bash");
    let commands = bash_complete(&dir, &["robots-lens", ""]);
    for command in [
        "check",
        "crawlers",
        "lint",
        "diff",
        "test",
        "preferences",
        "explain",
        "serve",
        "completions",
        "man",
    ] {
        assert!(
            commands.contains(&command.to_owned()),
            "{command} not offered: {commands:?}"
        );
    }
    // Every option a command's --help lists is offered after `-`, and nothing else is.
    for command in [
        "check",
        "crawlers",
        "lint",
        "diff",
        "test",
        "preferences",
        "explain",
    ] {
        let mut offered = bash_complete(&dir, &["robots-lens", command, "-"]);
        offered.retain(|word| word != "--help");
        let mut listed = help_options(command);
        offered.sort();
        listed.sort();
        assert_eq!(offered, listed, "{command}");
    }
    assert_eq!(
        bash_complete(&dir, &["robots-lens", "check", "--profile", ""]),
        ["rfc9309", "google", "python", "legacy-1994"]
    );
    assert_eq!(
        bash_complete(&dir, &["robots-lens", "lint", "--fail-on", "w"]),
        ["warning"]
    );
    // Each command's own formats: lint never prints jsonl, which check --urls does.
    assert_eq!(
        bash_complete(&dir, &["robots-lens", "lint", "--format", "j"]),
        ["json"]
    );
    assert_eq!(
        bash_complete(&dir, &["robots-lens", "check", "--format", "j"]),
        ["jsonl"]
    );
    assert_eq!(
        bash_complete(&dir, &["robots-lens", "check", "--crawler", "GPTB"]),
        ["GPTBot"]
    );
    assert_eq!(
        bash_complete(&dir, &["robots-lens", "lint", "rob"]),
        ["robots.txt"]
    );
    assert_eq!(
        bash_complete(&dir, &["robots-lens", "completions", "f"]),
        ["fish"]
    );
    assert!(
        bash_complete(&dir, &["robots-lens", "check", "--agent", ""]).is_empty(),
        "an agent is typed, not completed"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn fish_completes_with_the_generated_script() {
    if !has("fish") {
        inputs::missing(
            "fish",
            "the fish completions",
            "fish is not installed (scripts/setup.sh --shells installs it)",
        );
        return;
    }
    let dir = scratch("fish");
    let script = dir.join("robots-lens.fish");
    std::fs::write(&script, stdout_of(&["completions", "fish"])).unwrap();
    let complete = |line: &str| -> Vec<String> {
        let program = format!("source {}; complete -C'{line}'", script.display());
        let output = Command::new("fish")
            .args(["--no-config", "-c", &program])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|line| line.split('\t').next().unwrap().to_owned())
            .collect()
    };
    assert_eq!(complete("robots-lens check --pro"), ["--profile"]);
    let mut profiles = complete("robots-lens check --profile ");
    profiles.sort();
    assert_eq!(profiles, ["google", "legacy-1994", "python", "rfc9309"]);
    assert!(complete("robots-lens ").contains(&"completions".to_owned()));
    assert!(complete("robots-lens lint rob").contains(&"robots.txt".to_owned()));
    assert!(
        !complete("robots-lens lint --").contains(&"--agent".to_owned()),
        "lint does not read --agent"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn zsh_reads_the_generated_script() {
    if !has("zsh") {
        inputs::missing(
            "zsh",
            "the zsh completions",
            "zsh is not installed (scripts/setup.sh --shells installs it)",
        );
        return;
    }
    let dir = scratch("zsh");
    let script = dir.join("_robots-lens");
    std::fs::write(&script, stdout_of(&["completions", "zsh"])).unwrap();
    // Parsed without running (zsh -n), then loaded as a completion function by compinit.
    let syntax = Command::new("zsh").arg("-n").arg(&script).output().unwrap();
    assert!(
        syntax.status.success(),
        "{}",
        String::from_utf8_lossy(&syntax.stderr)
    );
    let program = format!(
        "fpath=({} $fpath); autoload -Uz compinit; compinit -u -d {}/zcompdump; print -r -- ${{_comps[robots-lens]}}",
        dir.display(),
        dir.display()
    );
    let output = Command::new("zsh")
        .args(["-f", "-c", &program])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        "_robots-lens",
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn powershell_script_registers_a_completer_for_every_command() {
    let script = stdout_of(&["completions", "powershell"]);
    assert!(script.contains("Register-ArgumentCompleter -Native -CommandName 'robots-lens'"));
    for command in [
        "check",
        "crawlers",
        "lint",
        "diff",
        "test",
        "preferences",
        "explain",
    ] {
        let line = script
            .lines()
            .find(|line| line.trim_start().starts_with(&format!("'{command}' {{")))
            .unwrap_or_else(|| panic!("{command}"));
        for option in help_options(command) {
            assert!(line.contains(&format!("'{option}'")), "{command}: {option}");
        }
    }
}

#[test]
fn completions_and_man_refuse_what_they_do_not_know() {
    let output = robots_lens(&["completions", "tcsh"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("bash, zsh, fish, powershell"));
    assert_eq!(robots_lens(&["completions"], b"").status.code(), Some(2));
    assert_eq!(robots_lens(&["man", "extra"], b"").status.code(), Some(2));
}

#[test]
fn the_man_page_renders_without_a_warning_and_documents_every_option() {
    let page = stdout_of(&["man"]);
    assert!(page.starts_with(".TH ROBOTS\\-LENS 1"));
    // The command fetches (a URL for FILE, `fetch`, `serve`): the page must not say otherwise.
    assert!(
        !page.contains("never fetches"),
        "the man page says it never fetches"
    );
    assert!(page.contains(".B 3\n"), "exit status 3 is documented");
    for command in [
        "check",
        "crawlers",
        "lint",
        "diff",
        "test",
        "preferences",
        "explain",
        "serve",
    ] {
        for option in help_options(command) {
            assert!(
                page.contains(&option.replace('-', "\\-")),
                "the man page lacks {option} ({command})"
            );
        }
    }
    if !has("groff") {
        inputs::missing(
            "groff",
            "the man page's rendering",
            "groff is not installed (scripts/setup.sh --shells installs it)",
        );
        return;
    }
    let mut child = Command::new("groff")
        .args(["-man", "-Tutf8", "-ww", "-K", "utf8"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(page.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "",
        "groff warns about the page"
    );
    // Bold and underline are overstrikes (`X\bX`): keep the last character of each.
    let mut text = String::new();
    for c in String::from_utf8_lossy(&output.stdout).chars() {
        if c == '\u{8}' {
            text.pop();
        } else {
            text.push(c);
        }
    }
    let text = text.replace('\u{2010}', "-");
    assert!(
        text.contains("EXIT STATUS") && text.contains("--fail-on"),
        "{text}"
    );
}

/// Runs `robots-lens ARGS` with its standard output a pipe whose reader has already gone.
fn with_closed_stdout(args: &[&str], dir: &Path) -> std::process::Output {
    // The write end of a pipe whose only reader, `true`, has exited (std::io::pipe needs a
    // newer Rust than the workspace's MSRV). A child another test thread forked while this
    // thread still held the read end keeps it open until it execs, which on a loaded machine
    // can be long enough for the command to write into the pipe and exit with its own status:
    // a byte written first tells whether any reader is left.
    let writer = (0..500)
        .find_map(|_| {
            let mut reader = Command::new("true").stdin(Stdio::piped()).spawn().unwrap();
            let mut writer = reader.stdin.take().unwrap();
            reader.wait().unwrap();
            match std::io::Write::write(&mut writer, b"x") {
                Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => Some(writer),
                _ => {
                    std::thread::sleep(std::time::Duration::from_millis(10));
                    None
                }
            }
        })
        .expect("a pipe whose reader has gone");
    Command::new(binary())
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

#[test]
fn a_closed_pipe_ends_every_command_quietly_with_status_0() {
    let dir = scratch("pipe");
    std::fs::write(dir.join("old.txt"), "User-agent: *\nDisallow: /\n").unwrap();
    std::fs::write(dir.join("urls.txt"), "/a\n/private/b\n").unwrap();
    std::fs::write(
        dir.join("expect.toml"),
        "[[expect]]\nurl = \"/a\"\nallowed = true\nagents = [\"Bot\"]\n",
    )
    .unwrap();
    let commands: &[&[&str]] = &[
        &["--help"],
        &["--version"],
        &["check", "--help"],
        &[
            "check",
            "robots.txt",
            "--agent",
            "Bot",
            "--url",
            "/private/x",
        ],
        &[
            "check",
            "robots.txt",
            "--agent",
            "Bot",
            "--url",
            "/private/x",
            "--json",
        ],
        &[
            "check",
            "robots.txt",
            "--agent",
            "Bot",
            "--urls",
            "urls.txt",
        ],
        &[
            "check",
            "robots.txt",
            "--agent",
            "Bot",
            "--urls",
            "urls.txt",
            "--format",
            "jsonl",
        ],
        &["crawlers"],
        &["crawlers", "--json"],
        &["crawlers", "robots.txt", "--url", "/private/x"],
        &["crawlers", "robots.txt", "--url", "/private/x", "--json"],
        &["lint", "robots.txt", "old.txt"],
        &["lint", "robots.txt", "old.txt", "--format", "json"],
        &["lint", "robots.txt", "old.txt", "--format", "sarif"],
        &["lint", "robots.txt", "old.txt", "--format", "github"],
        &["lint", "robots.txt", "old.txt", "--format", "markdown"],
        &["diff", "old.txt", "robots.txt", "--agent", "Bot"],
        &[
            "diff",
            "old.txt",
            "robots.txt",
            "--agent",
            "Bot",
            "--format",
            "json",
        ],
        &["test", "robots.txt", "expect.toml"],
        &["test", "robots.txt", "expect.toml", "--format", "json"],
        &["preferences", "robots.txt", "--url", "/a"],
        &[
            "preferences",
            "robots.txt",
            "--url",
            "/a",
            "--format",
            "json",
        ],
        &["explain"],
        &["explain", "RL301"],
        &["explain", "--json"],
        &["explain", "--format", "markdown"],
        &["completions", "bash"],
        &["man"],
    ];
    for args in commands {
        let output = with_closed_stdout(args, &dir);
        assert_eq!(
            (
                output.status.code(),
                String::from_utf8_lossy(&output.stderr).into_owned()
            ),
            (Some(0), String::new()),
            "robots-lens {}",
            args.join(" ")
        );
    }
    // A real error still reports, whatever became of standard output.
    let missing = with_closed_stdout(&["lint", "missing.txt"], &dir);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("missing.txt"));
    let _ = std::fs::remove_dir_all(dir);
}
