//! `robots-lens fetch` and the URL form of FILE, against tests/live/server.py on 127.0.0.1:
//! for each way a site can serve its robots.txt, the chain printed, the status read under
//! RFC 9309 and the crawler's operator, and the verdict and exit status that follow.

#[path = "../../../tests/live/server.rs"]
mod server;

use std::process::{Command, Output};

use server::LiveServer;

/// Runs the command with short timeouts, so every case ends within seconds.
fn robots_lens(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_robots-lens"))
        .args(args)
        .args(["--timeout", "3", "--connect-timeout", "2"])
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// `fetch URL [args]`: its standard output and exit status.
fn fetch(server: &LiveServer, case: &str, extra: &[&str]) -> (String, i32) {
    let url = format!("{}/any/page", server.site(case));
    let mut args = vec!["fetch", url.as_str()];
    args.extend_from_slice(extra);
    let output = robots_lens(&args);
    (text(&output.stdout), output.status.code().unwrap())
}

fn has_lines(output: &str, lines: &[&str]) {
    for line in lines {
        assert!(
            output.lines().any(|printed| printed.trim_end() == *line),
            "missing line {line:?} in:\n{output}"
        );
    }
}

#[test]
fn fetch_prints_the_chain_the_status_and_its_meaning() {
    let server = LiveServer::start();
    let text_site = server.site("text");

    let (out, code) = fetch(&server, "text", &[]);
    assert_eq!(code, 0);
    has_lines(
        &out,
        &[
            &format!("robots.txt  {text_site}/robots.txt"),
            &format!("hop 1       200 {text_site}/robots.txt"),
            "status      200",
            "  RFC 9309 §2.3.1.1: the file counts: its rules apply",
            "  Google: the file counts: its rules apply",
            "type        text/plain; charset=utf-8",
            "size        74 bytes",
        ],
    );

    let r2 = server.site("r2");
    let (out, code) = fetch(&server, "r2", &["--as", "Googlebot"]);
    assert_eq!(code, 0);
    has_lines(
        &out,
        &[
            "sent as     Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            &format!("hop 1       301 {r2}/robots.txt"),
            &format!("              → {r2}/hop1"),
            &format!("hop 2       302 {r2}/hop1"),
            &format!("              → {text_site}/robots.txt"),
            &format!("hop 3       200 {text_site}/robots.txt"),
            "status      200 after 2 redirects",
        ],
    );

    let (out, code) = fetch(&server, "r6", &[]);
    assert_eq!(code, 2, "no file could be had");
    assert_eq!(out.matches("\nhop ").count() + 1, 7, "{out}");
    assert!(
        !out.contains("hop 7"),
        "the sixth redirect is not followed:\n{out}"
    );
    has_lines(
        &out,
        &[
            "status      more than 5 redirects",
            "  RFC 9309 §2.3.1.2: no file: everything may be crawled",
        ],
    );

    let (out, code) = fetch(&server, "loop", &[]);
    assert_eq!(code, 2);
    assert!(
        out.contains("(already requested: a redirect loop)"),
        "{out}"
    );

    let (out, code) = fetch(&server, "cross", &[]);
    assert_eq!(code, 0);
    has_lines(
        &out,
        &[&format!(
            "              → http://localhost:{}/robots.txt",
            server.port("text")
        )],
    );
}

#[test]
fn each_error_status_is_read_as_the_rfc_and_the_operator_read_it() {
    let server = LiveServer::start();
    for (case, rfc, googlebot, gptbot) in [
        (
            "s403",
            "no file: everything may be crawled",
            "no file",
            "no file",
        ),
        (
            "s404",
            "no file: everything may be crawled",
            "no file",
            "no file",
        ),
        (
            "s410",
            "no file: everything may be crawled",
            "no file",
            "no file",
        ),
        // Google documents 429 as a server error; GPTBot's operator documents nothing.
        (
            "s429",
            "no file: everything may be crawled",
            "unreachable",
            "no file",
        ),
        (
            "s500",
            "unreachable: nothing may be crawled",
            "unreachable",
            "unreachable",
        ),
        (
            "s503",
            "unreachable: nothing may be crawled",
            "unreachable",
            "unreachable",
        ),
    ] {
        let code = &case[1..];
        let (out, exit) = fetch(&server, case, &["--as", "Googlebot"]);
        assert_eq!(exit, 2, "{case}: no file");
        has_lines(&out, &[&format!("status      {code}")]);
        assert!(out.contains(&format!(": {rfc}\n")), "{case}:\n{out}");
        assert!(
            out.contains(&format!("Google's documented handling): {googlebot}")),
            "{case}:\n{out}"
        );
        let (out, _) = fetch(&server, case, &["--as", "GPTBot"]);
        assert!(
            out.contains(&format!("RFC 9309's assumed): {gptbot}")),
            "{case}:\n{out}"
        );
    }
}

#[test]
fn bodies_are_decoded_cut_and_described() {
    let server = LiveServer::start();
    let dir = std::env::temp_dir().join(format!("robots-lens-live-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();

    let saved = dir.join("gzip.txt");
    let (out, code) = fetch(&server, "gzip", &["-o", saved.to_str().unwrap()]);
    assert_eq!(code, 0);
    has_lines(
        &out,
        &["encoding    gzip (decoded)", "size        74 bytes"],
    );
    assert!(std::fs::read(&saved)
        .unwrap()
        .starts_with(b"User-agent: *\n"));

    let saved = dir.join("big.txt");
    let (out, code) = fetch(&server, "big", &["-o", saved.to_str().unwrap()]);
    assert_eq!(code, 0);
    has_lines(
        &out,
        &["size        5,000,000 bytes (cut at 512,000: crawlers read the first 500 KiB)"],
    );
    assert_eq!(std::fs::read(&saved).unwrap().len(), 512_001);

    // Counting stops at 32 MiB, or at the timeout on a slow machine: either way the size is
    // "at least" what was counted, and only the first 500 KiB and a byte are kept.
    let (out, code) = fetch(&server, "bomb", &[]);
    assert_eq!(code, 0);
    assert!(out.contains("size        at least "), "{out}");
    assert!(out.contains(" bytes (cut at 512,000"), "{out}");

    let (out, _) = fetch(&server, "html", &[]);
    has_lines(
        &out,
        &[
            "status      an HTML page (2xx)",
            "note        the body is an HTML page, not a robots.txt: crawlers find no rule in it",
        ],
    );

    let (out, _) = fetch(&server, "bom", &[]);
    assert!(
        out.contains("note        starts with a UTF-8 byte order mark"),
        "{out}"
    );
    let (out, _) = fetch(&server, "latin1", &[]);
    assert!(
        out.contains("note        not valid UTF-8 (served as charset=iso-8859-1)"),
        "{out}"
    );
    let (out, _) = fetch(&server, "wrong-type", &[]);
    assert!(
        out.contains("note        served as application/octet-stream rather than text/plain"),
        "{out}"
    );

    for case in ["endless", "silent"] {
        let started = std::time::Instant::now();
        let (out, code) = fetch(&server, case, &[]);
        assert_eq!(code, 2, "{case}");
        has_lines(
            &out,
            &[
                "no answer   timed out",
                "status      unreachable (network error or timeout)",
                "  RFC 9309 §2.3.1.4: unreachable: nothing may be crawled",
            ],
        );
        assert!(
            started.elapsed().as_secs() < 15,
            "{case} is bounded by --timeout"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn https_is_fetched_with_the_given_ca_only() {
    let server = LiveServer::start();
    let (out, code) = fetch(&server, "https", &[]);
    assert_eq!(code, 2);
    assert!(
        out.contains("no answer   TLS failed: invalid peer certificate"),
        "{out}"
    );
    let ca = server.ca().to_str().unwrap().to_owned();
    let (out, code) = fetch(&server, "https", &["--ca", &ca]);
    assert_eq!(code, 0, "{out}");
    has_lines(&out, &["status      200"]);
}

#[test]
fn check_answers_for_the_url_with_the_served_status() {
    let server = LiveServer::start();
    let check = |case: &str, path: &str, who: &[&str]| {
        let url = format!("{}{path}", server.site(case));
        let mut args = vec!["check", url.as_str()];
        args.extend_from_slice(who);
        let output = robots_lens(&args);
        (
            text(&output.stdout),
            text(&output.stderr),
            output.status.code().unwrap(),
        )
    };
    let googlebot = ["--crawler", "Googlebot"];

    let (out, err, code) = check("text", "/cart/x", &googlebot);
    assert_eq!(code, 1);
    assert!(out.starts_with("DISALLOWED  /cart/x\n"), "{out}");
    assert!(out.contains("line 5: Disallow: /cart/"), "{out}");
    assert!(err.contains("/robots.txt: 200, 74 bytes"), "{err}");

    let (out, _, code) = check("r3", "/shop/", &googlebot);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("ALLOWED  /shop/\n"));

    // A 404 opens everything, a 503 or no answer closes everything; 429 closes for Googlebot
    // (Google reads it as a server error) but not for a crawler that follows the RFC.
    for (case, who, allowed) in [
        ("s404", &googlebot[..], true),
        ("s410", &googlebot[..], true),
        ("s503", &googlebot[..], false),
        ("s429", &googlebot[..], false),
        ("s429", &["--agent", "SomeBot"][..], true),
        ("r6", &googlebot[..], true),
        ("silent", &googlebot[..], false),
        ("html", &googlebot[..], true),
    ] {
        let (out, err, code) = check(case, "/private/x", who);
        // No answer at all is RFC 9309's "unreachable": disallowed, with its own exit status.
        let expected = match (allowed, case) {
            (true, _) => 0,
            (false, "silent") => 3,
            (false, _) => 1,
        };
        assert_eq!(code, expected, "{case}:\n{out}{err}");
        let word = if allowed { "ALLOWED" } else { "DISALLOWED" };
        assert!(
            out.starts_with(&format!("{word}  /private/x\n")),
            "{case}:\n{out}"
        );
        if case != "html" {
            assert!(
                out.contains("  served as   "),
                "{case}: the reason is printed:\n{out}"
            );
        }
    }
    let (_, err, _) = check("silent", "/", &googlebot);
    assert!(err.contains("timed out. A network error"), "{err}");
    assert!(err.contains("robots-lens: exit status 3: "), "{err}");
    // A refused connection is no answer either; a URL that names no site is a usage error.
    let output = robots_lens(&["check", "http://127.0.0.1:1/x", "--agent", "Bot"]);
    assert_eq!(output.status.code(), Some(3));
    assert!(text(&output.stdout).starts_with("DISALLOWED  /x\n"));
    for (url, words) in [
        ("http://[::1/x", "not an IPv6 address"),
        ("ftp://127.0.0.1/x", "only http"),
        ("https://user:pw@127.0.0.1/x", "credentials"),
        ("http:/127.0.0.1/x", "did you mean http://127.0.0.1/x?"),
    ] {
        let output = robots_lens(&["check", url, "--agent", "Bot"]);
        assert_eq!(output.status.code(), Some(2), "{url}");
        let err = text(&output.stderr);
        assert!(err.contains(words), "{url}: {err}");
        assert!(!err.contains("--url"), "{url}: not a missing --url: {err}");
    }

    // --url asks about other URLs of the site; --status cannot contradict the fetch.
    let site = server.site("text");
    let output = robots_lens(&["check", &site, "--agent", "Bot", "--url", "/private/a"]);
    assert_eq!(output.status.code(), Some(1));
    let output = robots_lens(&["check", &site, "--agent", "Bot", "--status", "404"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("leave --status out"));
}

#[test]
fn lint_diff_and_compare_read_the_served_file() {
    let server = LiveServer::start();
    let text_site = server.site("text");

    let output = robots_lens(&["lint", &text_site]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    let output = robots_lens(&["lint", &server.site("s404")]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("served no file (404)"));
    // The live audit reads the body as served, as the same file on disk is read: the rules past
    // the 500 KiB crawlers read are reported (RL105), which a body cut there would lose.
    let output = robots_lens(&["lint", &server.site("late-rule"), "--format", "json"]);
    let out = text(&output.stdout);
    assert!(out.contains("\"code\": \"RL105\""), "{out}");
    assert!(
        text(&output.stderr).contains(" bytes (cut at 512,000"),
        "{}",
        text(&output.stderr)
    );

    let dir = std::env::temp_dir().join(format!("robots-lens-live-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let old = dir.join("robots.txt");
    std::fs::write(&old, "User-agent: *\nDisallow: /private/\n").unwrap();
    let output = robots_lens(&[
        "diff",
        old.to_str().unwrap(),
        &text_site,
        "--crawler",
        "Googlebot",
    ]);
    let out = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(1),
        "/cart/ becomes blocked:\n{out}"
    );
    assert!(out.contains("/cart/"), "{out}");
    has_lines(
        &out,
        &["group added: User-agent: Googlebot (lines 4-5 of the new version)"],
    );

    // As GPTBot, the site serves a group before the file it serves everyone else.
    std::fs::write(
        &old,
        "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /cart/\n",
    )
    .unwrap();
    let output = robots_lens(&[
        "diff",
        old.to_str().unwrap(),
        &text_site,
        "--crawler",
        "GPTBot",
    ]);
    let out = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(1),
        "GPTBot is blocked everywhere:\n{out}"
    );
    has_lines(
        &out,
        &["group prepended: User-agent: GPTBot (lines 1-2 of the new version)"],
    );
    let _ = std::fs::remove_dir_all(&dir);

    let url = format!("{text_site}/");
    let output = robots_lens(&[
        "fetch",
        &url,
        "--compare-crawlers",
        "Googlebot,GPTBot,Bingbot",
    ]);
    let out = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{out}");
    has_lines(
        &out,
        &[
            "GPTBot: a different file from Googlebot's",
            "  + line 1    User-agent: GPTBot  (only in GPTBot's)",
            "  + line 2    Disallow: /  (only in GPTBot's)",
            "Bingbot: the same file as Googlebot",
        ],
    );
}
