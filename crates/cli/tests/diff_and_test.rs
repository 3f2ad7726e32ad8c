//! End-to-end tests of `robots-lens diff` and `robots-lens test`: output, exit codes, URL files.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const OLD: &str = "User-agent: *\nDisallow: /private\nDisallow: /tmp/\n";
const NEW: &str =
    "User-agent: *\nDisallow: /private\nDisallow: /shop/*?sort=\n\nUser-agent: GPTBot\nDisallow: /\n";

/// A fresh directory for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("robots-lens-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

fn robots_lens(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_robots-lens"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn diff_json_lists_each_flip_with_both_lines_and_exits_1_when_a_url_becomes_blocked() {
    let dir = scratch("diff-json");
    let (old, new) = (write(&dir, "old.txt", OLD), write(&dir, "new.txt", NEW));
    let urls = write(&dir, "urls.txt", "/tmp/a\n/private/x\n/shop/x?sort=1\n");
    let output = robots_lens(&[
        "diff",
        &old,
        &new,
        "--urls",
        &urls,
        "--crawler",
        "Googlebot",
        "--crawler",
        "GPTBot",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"flips": [
            {"url": "/tmp/a", "agent": "Googlebot",
             "before": {"allowed": false, "line": 3}, "after": {"allowed": true, "line": null}},
            {"url": "/shop/x?sort=1", "agent": "Googlebot",
             "before": {"allowed": true, "line": null}, "after": {"allowed": false, "line": 3}},
            {"url": "/shop/x?sort=1", "agent": "GPTBot",
             "before": {"allowed": true, "line": null}, "after": {"allowed": false, "line": 6}},
        ]})
    );
}

#[test]
fn diff_without_urls_probes_both_files_rules() {
    let dir = scratch("diff-probe");
    let (old, new) = (write(&dir, "old.txt", OLD), write(&dir, "new.txt", NEW));
    let output = robots_lens(&["diff", &old, &new, "--agent", "Googlebot"]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(
        text.contains("/shop/x?sort=  Googlebot: allowed -> DISALLOWED"),
        "{text}"
    );
    assert!(
        text.contains("new.txt:3: Disallow: /shop/*?sort="),
        "{text}"
    );
    assert!(
        text.contains("/tmp/x  Googlebot: DISALLOWED -> allowed"),
        "{text}"
    );
    assert!(text.contains("derived from both files' rules"), "{text}");
}

#[test]
fn diff_answers_an_agent_naming_a_catalogued_crawler_as_that_crawler_unless_as_typed() {
    // Googlebot-Image has no group of its own: as the crawler, it follows the Googlebot group,
    // which the new version closes; as typed and compared by token, it takes the `*` group,
    // which changes nothing.
    let dir = scratch("diff-typed");
    let old = write(&dir, "old.txt", "User-agent: *\nDisallow: /private\n");
    let new = write(
        &dir,
        "new.txt",
        "User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /\n",
    );
    let urls = write(&dir, "urls.txt", "/photos/1.jpg\n");
    let diff = |extra: &[&str]| {
        let mut args = vec![
            "diff", &old, &new, "--urls", &urls, "--match", "token", "--format", "json",
        ];
        args.extend_from_slice(extra);
        let output = robots_lens(&args);
        let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
        (output.status.code(), json["flips"].clone())
    };
    let (status, flips) = diff(&["--agent", "googlebot-image", "--crawler", "Googlebot-Image"]);
    assert_eq!(status, Some(1));
    assert_eq!(
        flips,
        serde_json::json!([
            {"url": "/photos/1.jpg", "agent": "Googlebot-Image",
             "before": {"allowed": true, "line": null}, "after": {"allowed": false, "line": 5},
             "as_typed": {"before": {"allowed": true, "line": null},
                          "after": {"allowed": true, "line": null}}},
        ]),
        "the crawler once, though named twice, with the name as typed beside"
    );
    let text = stdout(&robots_lens(&[
        "diff",
        &old,
        &new,
        "--urls",
        &urls,
        "--match",
        "token",
        "--agent",
        "googlebot-image",
    ]));
    assert!(
        text.contains("/photos/1.jpg  Googlebot-Image: allowed -> DISALLOWED\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "  as typed, not as the crawler (--as-typed answers so): allowed -> allowed\n"
        ),
        "{text}"
    );
    let (status, flips) = diff(&["--agent", "googlebot-image", "--as-typed"]);
    assert_eq!(status, Some(0));
    assert_eq!(flips, serde_json::json!([]));
}

#[test]
fn diff_exits_0_when_urls_only_become_allowed_or_nothing_flips() {
    let dir = scratch("diff-allowed");
    let old = write(&dir, "old.txt", OLD);
    // The new version only lifts the /tmp/ block.
    let lifted = write(&dir, "lifted.txt", "User-agent: *\nDisallow: /private\n");
    let output = robots_lens(&["diff", &old, &lifted, "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert!(!json["flips"].as_array().unwrap().is_empty());
    let same = robots_lens(&["diff", &old, &old]);
    assert_eq!(same.status.code(), Some(0));
    assert!(
        stdout(&same).starts_with("No verdict flips"),
        "{}",
        stdout(&same)
    );
}

#[test]
fn diff_reads_sitemaps_and_refuses_a_sitemap_index() {
    let dir = scratch("diff-sitemap");
    let (old, new) = (write(&dir, "old.txt", OLD), write(&dir, "new.txt", NEW));
    let sitemap = write(
        &dir,
        "sitemap.xml",
        "<?xml version=\"1.0\"?><urlset><url><loc>https://s.example/tmp/a</loc></url></urlset>",
    );
    let output = robots_lens(&[
        "diff",
        &old,
        &new,
        "--urls",
        &sitemap,
        "--agent",
        "Googlebot",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).contains("\"url\":\"https://s.example/tmp/a\""));
    let index = write(
        &dir,
        "index.xml",
        "<sitemapindex><sitemap><loc>https://s.example/a.xml</loc></sitemap></sitemapindex>",
    );
    let refused = robots_lens(&["diff", &old, &new, "--urls", &index]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("sitemap index"));
    let both = robots_lens(&["diff", &old, &new, "--crawler", "GPTBot", "--all-crawlers"]);
    assert_eq!(both.status.code(), Some(2));
    let one = robots_lens(&["diff", &old]);
    assert_eq!(one.status.code(), Some(2));
}

const EXPECT: &str =
    "# what must never break\n[[expect]]\nurl = \"/products/shoes\"\nallowed = true\n\
                      crawlers = [\"Googlebot\", \"GPTBot\"]\n\n[[expect]]\nurl = \"/private/x\"\n\
                      allowed = false\nagents = [\"MyBot/1.0\"]\n";

#[test]
fn test_answers_each_expectation_with_the_deciding_line() {
    let dir = scratch("test-text");
    let (robots, expect) = (
        write(&dir, "robots.txt", NEW),
        write(&dir, "expect.toml", EXPECT),
    );
    let output = robots_lens(&["test", &robots, &expect]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(
        text.contains("ok      /products/shoes  Googlebot  allowed"),
        "{text}"
    );
    assert!(
        text.contains("BROKEN  /products/shoes must be allowed for GPTBot, but"),
        "{text}"
    );
    assert!(text.contains("line 6 (Disallow: /)"), "{text}");
    assert!(text.contains("expect.toml:2"), "{text}");
    assert!(text.contains("ok      /private/x  MyBot/1.0  disallowed, line 2 (Disallow: /private)"));
    assert!(
        text.ends_with("2 expectations, 3 checks: 2 hold, 1 broken\n"),
        "{text}"
    );
    // The old version keeps every expectation.
    let old = write(&dir, "old.txt", OLD);
    assert_eq!(robots_lens(&["test", &old, &expect]).status.code(), Some(0));
}

#[test]
fn test_reads_agents_as_typed_and_says_where_the_crawler_they_name_answers_otherwise() {
    // Expectation files keep their meaning: `agents` are read exactly as typed, even a
    // catalogued crawler's name, and `crawlers` asks the crawler. With a 429, Googlebot's
    // operator reads a server error (disallowed), RFC 9309 a 4xx (allowed).
    let dir = scratch("test-typed");
    let robots = write(&dir, "robots.txt", "User-agent: *\nDisallow: /private\n");
    let expect = write(
        &dir,
        "expect.toml",
        "[[expect]]\nurl = \"/\"\nallowed = true\nagents = [\"Googlebot\", \"MyBot\"]\n",
    );
    let output = robots_lens(&["test", &robots, &expect, "--status", "429"]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "read as typed, the pins hold"
    );
    let text = stdout(&output);
    assert!(
        text.contains(
            "ok      /  Googlebot  allowed, no rule (nothing disallows it)\n        read as typed \
             (agents = [...]); as the crawler Googlebot (crawlers = [\"Googlebot\"]) it is \
             disallowed, no rule\n"
        ),
        "{text}"
    );
    assert_eq!(
        text.matches("read as typed").count(),
        1,
        "MyBot names no crawler: {text}"
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&robots_lens(&[
        "test", &robots, &expect, "--status", "429", "--format", "json",
    ])))
    .unwrap();
    assert_eq!(
        json[0]["as_crawler"],
        serde_json::json!({"crawler": "Googlebot", "allowed": false, "line": null})
    );
    assert!(json[1].get("as_crawler").is_none());
}

#[test]
fn test_github_annotates_the_expectation_and_the_breaking_line() {
    let dir = scratch("test-github");
    let (robots, expect) = (
        write(&dir, "robots.txt", NEW),
        write(&dir, "expect.toml", EXPECT),
    );
    let output = robots_lens(&["test", &robots, &expect, "--format", "github"]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let annotations: Vec<&str> = text.lines().filter(|line| line.starts_with("::")).collect();
    assert_eq!(annotations.len(), 2, "{text}");
    let file = |path: &str| path.replace(':', "%3A").replace(',', "%2C");
    assert!(
        annotations[0].starts_with(&format!(
            "::error file={},line=2,title=Broken expectation::",
            file(&expect)
        )),
        "{}",
        annotations[0]
    );
    assert!(
        annotations[1].starts_with(&format!(
            "::error file={},line=6,title=Breaks an expectation::Disallow: / disallows /products/shoes for GPTBot",
            file(&robots)
        )),
        "{}",
        annotations[1]
    );
}

#[test]
fn test_refuses_a_broken_expectation_file_and_reports_unknown_crawlers() {
    let dir = scratch("test-errors");
    let robots = write(&dir, "robots.txt", NEW);
    let bad = write(
        &dir,
        "bad.toml",
        "[[expect]]\nurl = \"/a\"\nallowd = true\n",
    );
    let output = robots_lens(&["test", &robots, &bad]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("bad.toml"));
    let unknown = write(
        &dir,
        "unknown.toml",
        "[[expect]]\nurl = \"/a\"\nallowed = true\ncrawlers = [\"NoSuchBot\"]\n",
    );
    let output = robots_lens(&["test", &robots, &unknown]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).contains("no catalogued crawler is called 'NoSuchBot'"));
}

#[test]
fn diff_names_a_change_once_for_every_agent_it_flips_alike() {
    let dir = scratch("diff-grouped");
    let old = write(
        &dir,
        "old.txt",
        "User-agent: *\nDisallow: /x\nDisallow: /y\n",
    );
    let new = write(&dir, "new.txt", "User-agent: *\nDisallow: /x\n");
    let output = robots_lens(&["diff", &old, &new]);
    let out = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{out}");
    // One removed rule: one block per URL it flips, not one per catalogued crawler.
    let blocks = out.lines().filter(|line| line.starts_with('/')).count();
    assert!(blocks <= 3, "{out}");
    assert!(out.contains("/y  DISALLOWED -> allowed  for "), "{out}");
    assert!(out.contains("more (--all names them)"), "{out}");
    assert!(
        out.contains("  before  ") && out.contains(":3: Disallow: /y"),
        "{out}"
    );
    let all = robots_lens(&["diff", &old, &new, "--all"]);
    let all = String::from_utf8(all.stdout).unwrap();
    assert!(!all.contains("more (--all"), "{all}");
    assert!(all.contains("GPTBot") && all.contains("Bingbot"), "{all}");
    // JSON keeps one flip per agent, for tools.
    let json = robots_lens(&["diff", &old, &new, "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(json["flips"].as_array().unwrap().len() > blocks * 10);
    let _ = std::fs::remove_dir_all(dir);
}
