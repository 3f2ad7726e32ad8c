//! The `robots-lens` binary against hostile input: terminal escapes in every text output,
//! endless and huge inputs, absurd arguments. Each answer is a result or a message, never a
//! crash, a hang or a raw control character on the terminal.

mod common;
use common::robots_lens;

/// OSC 52 (write the clipboard), OSC 0 (window title), clear screen, concealed text, a C1 CSI,
/// a bidi override and a lone CR: what a hostile file puts in its lines.
const ESCAPES: [&str; 7] = [
    "\u{1b}]52;c;cm0gLXJmIH4=\u{7}",
    "\u{1b}]0;pwned\u{7}",
    "\u{1b}[2J",
    "\u{1b}[8m",
    "\u{9b}31m",
    "\u{202e}",
    "\r",
];

fn hostile_file() -> Vec<u8> {
    let mut file = String::new();
    for (index, escape) in ESCAPES.iter().enumerate() {
        file.push_str(&format!(
            "User-agent: Bot{escape}\nDisallow: /p{index}{escape}x\n"
        ));
    }
    file.push_str(&format!(
        "User-agent: *\nDisallow: /{}\nAllow: /{}\n",
        ESCAPES[0], ESCAPES[5]
    ));
    file.push_str(&format!(
        "Sitemap: https://e.example/{}\nDisalow: /{}\n",
        ESCAPES[1], ESCAPES[2]
    ));
    file.into_bytes()
}

/// No control character but the newline, and no bidi control, in `bytes`.
fn assert_clean(bytes: &[u8], what: &str) {
    let text = String::from_utf8_lossy(bytes);
    let found: Vec<char> = text
        .chars()
        .filter(|&c| {
            (c.is_control() && c != '\n')
                || matches!(c, '\u{200e}' | '\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        })
        .collect();
    assert!(found.is_empty(), "{what} passes {found:?} through:\n{text}");
}

#[test]
fn no_text_output_passes_a_control_character_through() {
    let file = hostile_file();
    let dir = std::env::temp_dir().join(format!("robots-lens-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The file name too: it is printed by lint and in error messages.
    let path = dir.join("robots\u{1b}[2J.txt");
    std::fs::write(&path, &file).unwrap();
    let path = path.to_str().unwrap();
    let url = format!("/p0{}x", ESCAPES[0]);
    let agent = format!("Bot{}", ESCAPES[1]);
    let runs: Vec<Vec<&str>> = vec![
        vec![
            "check",
            path,
            "--agent",
            &agent,
            "--url",
            &url,
            "--url",
            "/\u{1b}]52;c;x\u{7}",
        ],
        vec!["check", path, "--agent", "Other", "--url", "/"],
        vec!["check", path, "--agent", &agent, "--url", &url, "--json"],
        vec![
            "check",
            path,
            "--crawler",
            "GPTBot",
            "--url",
            &url,
            "--status",
            "503",
        ],
        vec!["crawlers", path, "--url", &url],
        vec!["crawlers", path, "--url", &url, "--json"],
        vec!["lint", path],
        vec!["lint", path, "--format", "github"],
        vec!["lint", path, "--json"],
        vec!["explain", "\u{1b}]0;title\u{7}"],
        vec!["check", "/no/such/\u{1b}[2J", "--agent", "A", "--url", "/"],
        vec!["\u{1b}[8mhidden"],
        vec![
            "check",
            path,
            "--agent",
            "A",
            "--url",
            "/",
            "--profile",
            "\u{9b}1m",
        ],
        vec!["check", path, "--crawler", "\u{202e}Bot", "--url", "/"],
    ];
    for args in &runs {
        let output = robots_lens(args, b"");
        let what = format!("robots-lens {args:?}");
        assert!(output.status.code().is_some(), "{what} was killed");
        assert_clean(&output.stdout, &format!("stdout of {what}"));
        assert_clean(&output.stderr, &format!("stderr of {what}"));
    }
    // The check's group listing shows the escapes, visibly (only the groups whose name as
    // written occurs in the agent apply: line 3's and line 13's).
    let output = robots_lens(&runs[0], b"");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains(r"    3 | User-agent: Bot\u{1b}]0;pwned\u{7}"),
        "{text}"
    );
    // The core's sentence shows a value's invisible characters as U+FFFD.
    assert!(
        text.contains("names `Bot\u{fffd}]52;c;cm0gLXJmIH4=\u{fffd}`, which"),
        "{text}"
    );
    // JSON keeps the value: the escapes are JSON's own.
    let output = robots_lens(&runs[2], b"");
    let verdict: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(verdict["agent"], agent.as_str());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_endless_file_is_refused_at_the_read_limit() {
    if !std::path::Path::new("/dev/zero").exists() {
        return;
    }
    let output = robots_lens(&["check", "/dev/zero", "--agent", "A", "--url", "/"], b"");
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8(output.stderr).unwrap();
    assert!(
        message.contains("/dev/zero is larger than 64 MiB, the most robots-lens reads"),
        "{message}"
    );
    let output = robots_lens(&["lint", "-"], &vec![b'a'; 64 * 1024 * 1024 + 1]);
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8(output.stderr).unwrap();
    assert!(
        message.contains("standard input is larger than 64 MiB"),
        "{message}"
    );
}

#[test]
fn a_url_or_agent_past_the_limit_is_refused_with_its_size() {
    let url = format!("/{}", "a".repeat(100_000));
    let output = robots_lens(
        &["check", "-", "--agent", "A", "--url", &url],
        b"User-agent: *\nDisallow: /*a*a*b\n",
    );
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8(output.stderr).unwrap();
    assert!(
        message.contains("--url: the URL is 100,001 bytes long"),
        "{message}"
    );
    assert!(message.contains("at most 32,768 bytes"), "{message}");

    let agent = "A".repeat(40_000);
    let output = robots_lens(&["check", "-", "--agent", &agent, "--url", "/"], b"");
    assert!(String::from_utf8(output.stderr)
        .unwrap()
        .contains("--agent: the user agent is 40,000 bytes long"));

    let output = robots_lens(&["crawlers", "-", "--url", &url], b"");
    assert_eq!(output.status.code(), Some(2));

    let case = format!(r#"{{"id": 1, "robots": "", "agent": "A", "url": "{url}"}}"#);
    let output = robots_lens(
        &["check", "--jsonl"],
        format!("{case}\n{{\"id\": 2, \"robots\": \"\", \"agent\": \"A\", \"url\": \"/\"}}\n")
            .as_bytes(),
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].contains(r#""id":1,"error":"input line 1: the URL is 100,001 bytes long"#),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].contains(r#""id":2,"allowed":true"#),
        "{}",
        lines[1]
    );
}

#[test]
fn a_huge_redirect_count_is_too_many_redirects() {
    let output = robots_lens(
        &[
            "check",
            "-",
            "--agent",
            "A",
            "--url",
            "/",
            "--status",
            "3xx*4294967296",
        ],
        b"User-agent: *\nDisallow: /\n",
    );
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("served as"), "{text}");
    let output = robots_lens(
        &[
            "check", "-", "--agent", "A", "--url", "/", "--status", "3xx*0",
        ],
        b"",
    );
    let message = String::from_utf8(output.stderr).unwrap();
    assert!(
        message.contains("a redirect count must be at least 1"),
        "{message}"
    );
}

#[test]
fn the_check_listing_of_a_file_where_every_line_matches_is_written_in_full() {
    // 30,000 rules of the * group match (all within the 500 KiB read): the listing marks each (the marking once scanned every
    // match for every line, which made 80,000 rules take seconds and a 10 MB file minutes).
    let rules = 30_000;
    let mut file = String::from("User-agent: *\n");
    for index in 0..rules {
        file.push_str(&format!("Disallow: /{}\n", "a".repeat(index % 7)));
    }
    let output = robots_lens(
        &["check", "-", "--agent", "A", "--url", "/aaaaaaa"],
        file.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    let marked = text
        .lines()
        .filter(|line| line.ends_with("<- matches") || line.ends_with("<- decides"))
        .count();
    assert_eq!(marked, rules);
}

#[test]
fn binary_and_odd_encodings_get_an_answer() {
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
    let utf16 =
        b"\xff\xfeU\0s\0e\0r\0-\0a\0g\0e\0n\0t\0:\0 \0*\0\n\0D\0i\0s\0a\0l\0l\0o\0w\0:\0 \0/\0\n\0";
    let latin1 = b"User-agent: *\nDisallow: /caf\xe9\n";
    for input in [
        &png[..],
        utf16,
        latin1,
        b"\0\0\0",
        b"\r\r\rUser-agent: *\rDisallow: /\r",
    ] {
        for args in [
            &["check", "-", "--agent", "A", "--url", "/caf\u{e9}"][..],
            &["lint", "-"],
            &["crawlers", "-"],
        ] {
            let output = robots_lens(args, input);
            let what = format!("{args:?} on {input:?}");
            assert!(
                matches!(output.status.code(), Some(0 | 1)),
                "{what}: {output:?}"
            );
            assert_clean(&output.stdout, &what);
        }
    }
}

#[test]
fn text_output_shows_the_start_of_a_one_megabyte_line_and_says_so() {
    // The rule decides, matches and is listed in its group: each would print the whole line.
    let pattern = format!("/x{}", "a".repeat(5_000));
    let file = format!(
        "User-agent: *\nDisallow: {pattern} # {}\n",
        "c".repeat(1_048_576)
    );
    let url = format!("{pattern}/page");
    let output = robots_lens(
        &["check", "-", "--agent", "A", "--url", &url],
        file.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.len() < 4_000, "{} bytes of output", text.len());
    let line_bytes = "Disallow: ".len() + pattern.len() + " # ".len() + 1_048_576;
    assert_eq!(line_bytes, 1_053_591);
    let cut = "… (1,053,591 bytes, first 200 characters shown)";
    assert!(text.contains("decided by  line 2: Disallow: /x"), "{text}");
    assert_eq!(text.matches(cut).count(), 2, "{text}");
    // The URL, the path compared and the pattern are cut the same way.
    assert!(
        text.contains("(5,007 bytes, first 200 characters shown)"),
        "{text}"
    );
    // JSON is data for tools: it keeps the pattern and the URL whole.
    let output = robots_lens(
        &["check", "-", "--agent", "A", "--url", &url, "--json"],
        file.as_bytes(),
    );
    let json = String::from_utf8(output.stdout).unwrap();
    assert!(json.contains(&pattern), "the JSON keeps the pattern whole");
    assert!(!json.contains("characters shown"));
}
