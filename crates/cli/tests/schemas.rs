//! Every JSON output of the command is held to its JSON Schema in `schemas/`: the outputs of
//! real runs (the files of docs/examples, hand-made files that reach the rare branches — a rule
//! past 500 KiB, a user-agent line Google reads shorter, a fetch status a crawler's operator
//! handles otherwise —, servers on 127.0.0.1 for `fetch`, and the real files of
//! `../shared/corpus/real-robots/`, which must be there unless ROBOTS_LENS_ALLOW_MISSING=shared)
//! are validated, and a change of shape fails here until its schema says so.
//!
//! The validator below is small and strict: it knows the keywords the schemas use (`type`,
//! `properties`, `required`, `additionalProperties`, `items`, `enum`, `const`, `minimum`,
//! `oneOf`, `anyOf`, `$ref` within a file and to a sibling file, and the annotations) and
//! refuses any other, so a schema cannot lean on a keyword nothing checks.

mod common;
#[path = "../../core/tests/inputs/mod.rs"]
mod inputs;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use common::robots_lens;

/// The schemas of `schemas/`, by file name.
struct Schemas {
    files: BTreeMap<String, Value>,
}

impl Schemas {
    fn load() -> Schemas {
        let dir = repo_root().join("schemas");
        let mut files = BTreeMap::new();
        for entry in std::fs::read_dir(&dir).expect("schemas/ exists") {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).unwrap();
            let schema: Value =
                serde_json::from_str(&text).unwrap_or_else(|error| panic!("{name}: {error}"));
            assert_eq!(
                schema["$schema"], "https://json-schema.org/draft/2020-12/schema",
                "{name} names its dialect"
            );
            assert_eq!(
                schema["$id"]
                    .as_str()
                    .map(|id| id.ends_with(&format!("/schemas/{name}"))),
                Some(true),
                "{name}: its $id ends with its path"
            );
            files.insert(name, schema);
        }
        Schemas { files }
    }

    /// The errors of `value` against the schema file `name` (none when it is valid).
    fn validate(&self, name: &str, value: &Value) -> Vec<String> {
        let mut errors = Vec::new();
        let schema = self
            .files
            .get(name)
            .unwrap_or_else(|| panic!("no schema {name}"));
        self.check(name, schema, value, "", &mut errors);
        errors
    }

    /// Resolves `$ref` (`#/$defs/x`, `file.json`, `file.json#/$defs/x`) from inside `file`.
    fn resolve(&self, file: &str, reference: &str) -> (String, &Value) {
        let (target, pointer) = reference.split_once('#').unwrap_or((reference, ""));
        let target = if target.is_empty() {
            file.to_owned()
        } else {
            target.to_owned()
        };
        let root = self
            .files
            .get(&target)
            .unwrap_or_else(|| panic!("{file}: $ref to a missing schema {target}"));
        let schema = root
            .pointer(pointer)
            .unwrap_or_else(|| panic!("{file}: $ref {reference} points at nothing"));
        (target, schema)
    }

    fn check(&self, file: &str, schema: &Value, value: &Value, at: &str, errors: &mut Vec<String>) {
        let Value::Object(keywords) = schema else {
            panic!("{file}: a schema at {at} is not an object");
        };
        for (keyword, rule) in keywords {
            match keyword.as_str() {
                "$schema" | "$id" | "title" | "description" | "$defs" => {}
                "$ref" => {
                    let (target, resolved) = self.resolve(file, rule.as_str().unwrap());
                    self.check(&target, resolved, value, at, errors);
                }
                "type" => {
                    let names: Vec<&str> = match rule {
                        Value::String(name) => vec![name.as_str()],
                        Value::Array(names) => {
                            names.iter().map(|name| name.as_str().unwrap()).collect()
                        }
                        _ => panic!("{file}: bad type at {at}"),
                    };
                    if !names.iter().any(|name| is_type(value, name)) {
                        errors.push(format!(
                            "{at}: {} is not of type {}",
                            brief(value),
                            names.join(" or ")
                        ));
                    }
                }
                "enum" => {
                    if !rule.as_array().unwrap().contains(value) {
                        errors.push(format!("{at}: {} is not one of {rule}", brief(value)));
                    }
                }
                "const" => {
                    if rule != value {
                        errors.push(format!("{at}: {} is not {rule}", brief(value)));
                    }
                }
                "minimum" => {
                    if let Some(number) = value.as_f64() {
                        if number < rule.as_f64().unwrap() {
                            errors.push(format!("{at}: {number} is below {rule}"));
                        }
                    }
                }
                "required" => {
                    if let Value::Object(fields) = value {
                        for name in rule.as_array().unwrap() {
                            let name = name.as_str().unwrap();
                            if !fields.contains_key(name) {
                                errors.push(format!("{at}: the field {name} is missing"));
                            }
                        }
                    }
                }
                "properties" => {
                    if let Value::Object(fields) = value {
                        for (name, property) in rule.as_object().unwrap() {
                            if let Some(field) = fields.get(name) {
                                self.check(file, property, field, &format!("{at}/{name}"), errors);
                            }
                        }
                    }
                }
                "additionalProperties" => {
                    if let Value::Object(fields) = value {
                        let known = keywords.get("properties").and_then(Value::as_object);
                        for (name, field) in fields {
                            if known.is_some_and(|known| known.contains_key(name)) {
                                continue;
                            }
                            match rule {
                                Value::Bool(false) => errors
                                    .push(format!("{at}: the field {name} is not in the schema")),
                                Value::Bool(true) => {}
                                schema => {
                                    self.check(file, schema, field, &format!("{at}/{name}"), errors)
                                }
                            }
                        }
                    }
                }
                "items" => {
                    if let Value::Array(items) = value {
                        for (index, item) in items.iter().enumerate() {
                            self.check(file, rule, item, &format!("{at}/{index}"), errors);
                        }
                    }
                }
                "uniqueItems" => {
                    if let (Value::Bool(true), Value::Array(items)) = (rule, value) {
                        for (index, item) in items.iter().enumerate() {
                            if items[..index].contains(item) {
                                errors
                                    .push(format!("{at}/{index}: {} is listed twice", brief(item)));
                            }
                        }
                    }
                }
                "oneOf" | "anyOf" => {
                    let matching = rule
                        .as_array()
                        .unwrap()
                        .iter()
                        .filter(|option| {
                            let mut option_errors = Vec::new();
                            self.check(file, option, value, at, &mut option_errors);
                            option_errors.is_empty()
                        })
                        .count();
                    let fits = if keyword == "oneOf" {
                        matching == 1
                    } else {
                        matching >= 1
                    };
                    if !fits {
                        errors.push(format!(
                            "{at}: {} matches {matching} of the {keyword} options",
                            brief(value)
                        ));
                    }
                }
                other => {
                    panic!("{file}: the keyword {other} (at {at}) is not one this validator checks")
                }
            }
        }
    }
}

fn is_type(value: &Value, name: &str) -> bool {
    match name {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "number" => value.is_number(),
        "integer" => value.is_i64() || value.is_u64(),
        other => panic!("unknown type {other}"),
    }
}

fn brief(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 80 {
        format!("{}…", text.chars().take(80).collect::<String>())
    } else {
        text
    }
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn the_validator_rejects_what_a_schema_forbids() {
    let schemas = Schemas::load();
    let good = serde_json::json!({"flips": [{"url": "/a", "agent": "Bot", "before": {"allowed": true, "line": null}, "after": {"allowed": false, "line": 3}}]});
    assert_eq!(
        schemas.validate("diff.schema.json", &good),
        Vec::<String>::new()
    );
    let cases = [
        (
            serde_json::json!({"flips": [], "extra": 1}),
            "the field extra is not in the schema",
        ),
        (serde_json::json!({}), "the field flips is missing"),
        (
            serde_json::json!({"flips": [{"url": "/a", "agent": "Bot", "before": {"allowed": "yes", "line": null}, "after": {"allowed": false, "line": 3}}]}),
            "is not of type boolean",
        ),
        (
            serde_json::json!({"flips": [{"url": "/a", "agent": "Bot", "before": {"allowed": true, "line": 0}, "after": {"allowed": false, "line": 3}}]}),
            "matches 0 of the oneOf options",
        ),
        (
            serde_json::json!({"flips": [{"url": "/a", "agent": "Bot", "before": {"allowed": true, "line": 1.5}, "after": {"allowed": false, "line": 3}}]}),
            "matches 0 of the oneOf options",
        ),
    ];
    for (value, expected) in cases {
        let errors = schemas.validate("diff.schema.json", &value);
        assert!(
            errors.iter().any(|error| error.contains(expected)),
            "{value}: {errors:?}"
        );
    }
    let lint = serde_json::json!([{"file": "r", "code": "RL1", "name": "n", "severity": "fatal", "line": 1, "message": "", "why": "", "fix": "", "replacement": null, "related_lines": []}]);
    assert!(schemas.validate("lint.schema.json", &lint)[0].contains("is not one of"));
}

/// A scratch folder holding docs/examples and the files that reach the rare branches.
fn inputs() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("robots-lens-schemas-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(repo_root().join("docs/examples")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
    }
    // A rule past the first 500 KiB that would decide otherwise: `beyond_size_limit`.
    let mut big = String::from("User-agent: *\nDisallow: /private/\n");
    while big.len() < 520 * 1024 {
        big.push_str("# filler line that keeps the rule below past Google's limit of 500 KiB\n");
    }
    big.push_str("Allow: /private/open\n");
    std::fs::write(dir.join("big.txt"), big).unwrap();
    // User-agent lines Google reads shorter than written: `agent_line_readings`.
    std::fs::write(dir.join("readings.txt"), "User-agent: MJ12bot\nDisallow: /\n\nUser-agent: Googlebot/2.1\nDisallow: /g/\n\nUser-agent: *\nAllow: /\n").unwrap();
    // Bytes that are not UTF-8, a BOM, control characters and findings of every severity.
    std::fs::write(dir.join("odd.txt"), b"\xEF\xBB\xBFUser-agent: *\nDisallow: /caf\xE9\nDisalow: /x\x1b[2J\nCrawl-delay: 5\nNoindex: /n\n\nSitemap: /sitemap.xml\nContent-Usage: train-ai=n\n").unwrap();
    dir
}

/// The real files of `../shared/corpus/real-robots/files`, the first `count`.
fn real_files(count: usize) -> Vec<PathBuf> {
    let Some(dir) = inputs::shared_path("corpus/real-robots/files", "the schemas on real files")
    else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    files.truncate(count);
    files
}

/// What a run printed: one JSON document, or JSON Lines.
fn parse(text: &str, lines: bool) -> Vec<Value> {
    if lines {
        text.lines()
            .map(|line| {
                serde_json::from_str(line).unwrap_or_else(|error| panic!("{error}: {line}"))
            })
            .collect()
    } else {
        vec![serde_json::from_str(text)
            .unwrap_or_else(|error| panic!("{error}: {}", brief(&Value::String(text.to_owned()))))]
    }
}

#[test]
fn every_json_output_matches_its_schema() {
    let schemas = Schemas::load();
    let dir = inputs();
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let mut files: Vec<String> = [
        "robots.txt",
        "ai.txt",
        "old.txt",
        "new.txt",
        "readings.txt",
        "big.txt",
        "odd.txt",
    ]
    .iter()
    .map(|name| path(name))
    .collect();
    files.extend(
        real_files(40)
            .iter()
            .map(|file| file.to_string_lossy().into_owned()),
    );

    // (schema, JSON Lines?, arguments, standard input)
    let mut runs: Vec<(&str, bool, Vec<String>, Vec<u8>)> = Vec::new();
    let strings = |args: &[&str]| args.iter().map(|arg| (*arg).to_owned()).collect::<Vec<_>>();
    let urls = [
        "/",
        "/private/open",
        "/cart/help/x",
        "https://shop.example/ai-ok/x",
        "/g/x",
        "/caf%E9",
        "/robots.txt",
    ];
    for (index, file) in files.iter().enumerate() {
        let status = ["200", "429", "503", "404", "html", "200", "3xx*6"][index % 7];
        let profile = ["rfc9309", "google", "python", "legacy-1994"][index % 4];
        let mut check = strings(&[
            "check",
            file,
            "--json",
            "--status",
            status,
            "--profile",
            profile,
        ]);
        for url in urls {
            check.extend(strings(&["--url", url]));
        }
        let mut by_agent = check.clone();
        by_agent.extend(strings(&[
            "--agent",
            if index % 2 == 0 {
                "MJ12bot"
            } else {
                "Googlebot"
            },
            // Under `token`, `User-agent: MJ12bot` (read as `MJ`) is a line whose readings differ.
            "--match",
            if index % 4 < 2 { "token" } else { "substring" },
        ]));
        runs.push(("check.schema.json", true, by_agent, Vec::new()));
        let mut by_crawler = check;
        by_crawler.extend(strings(&[
            "--crawler",
            ["Googlebot-Image", "GPTBot", "AdsBot-Google"][index % 3],
        ]));
        runs.push(("check.schema.json", true, by_crawler, Vec::new()));
        runs.push((
            "crawlers.schema.json",
            false,
            strings(&[
                "crawlers",
                file,
                "--url",
                urls[index % urls.len()],
                "--json",
                "--status",
                status,
            ]),
            Vec::new(),
        ));
        runs.push((
            "lint.schema.json",
            false,
            strings(&["lint", file, "--format", "json"]),
            Vec::new(),
        ));
        runs.push((
            "preferences.schema.json",
            false,
            strings(&[
                "preferences",
                file,
                "--url",
                urls[index % urls.len()],
                "--format",
                "json",
                "--crawler",
                "GPTBot",
            ]),
            Vec::new(),
        ));
        runs.push((
            "check-urls.schema.json",
            true,
            strings(&[
                "check",
                file,
                "--agent",
                "Googlebot",
                "--urls",
                &path("urls.txt"),
                "--format",
                "jsonl",
            ]),
            Vec::new(),
        ));
    }
    runs.push((
        "diff.schema.json",
        false,
        strings(&[
            "diff",
            &path("old.txt"),
            &path("new.txt"),
            "--urls",
            &path("pages.txt"),
            "--format",
            "json",
        ]),
        Vec::new(),
    ));
    runs.push((
        "diff.schema.json",
        false,
        strings(&[
            "diff",
            &path("robots.txt"),
            &path("big.txt"),
            "--agent",
            "Googlebot",
            "--format",
            "json",
        ]),
        Vec::new(),
    ));
    runs.push((
        "test.schema.json",
        false,
        strings(&[
            "test",
            &path("robots.txt"),
            &path("expect.toml"),
            "--format",
            "json",
        ]),
        Vec::new(),
    ));
    std::fs::write(
        dir.join("unknown.toml"),
        "[[expect]]\nurl = \"/x\"\nallowed = true\ncrawlers = [\"NoSuchBot\"]\n",
    )
    .unwrap();
    runs.push((
        "test.schema.json",
        false,
        strings(&[
            "test",
            &path("robots.txt"),
            &path("unknown.toml"),
            "--format",
            "json",
        ]),
        Vec::new(),
    ));
    runs.push((
        "catalogue.schema.json",
        false,
        strings(&["crawlers", "--json"]),
        Vec::new(),
    ));
    for lang in ["en", "es", "pt", "pt-PT", "pt-BR"] {
        runs.push((
            "explain.schema.json",
            false,
            strings(&["explain", "--json", "--lang", lang]),
            Vec::new(),
        ));
    }
    // One code's documentation is that code's object, not the text `explain CODE` prints.
    for code in ["RL301", "RL101"] {
        runs.push((
            "explain.schema.json",
            false,
            strings(&["explain", code, "--json"]),
            Vec::new(),
        ));
    }
    // `fetch --json` against servers on 127.0.0.1: served, redirected, missing, failing, and a
    // port nothing listens on.
    let served = serve_once_per_connection(b"HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 27\r\nconnection: close\r\n\r\nUser-agent: *\nDisallow: /x\n".to_vec());
    let redirect = serve_once_per_connection(format!("HTTP/1.1 301 Moved\r\nlocation: http://{served}/robots.txt\r\ncontent-length: 0\r\nconnection: close\r\n\r\n").into_bytes());
    let missing = serve_once_per_connection(
        b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n".to_vec(),
    );
    let failing = serve_once_per_connection(
        b"HTTP/1.1 503 Unavailable\r\ncontent-length: 0\r\nconnection: close\r\n\r\n".to_vec(),
    );
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().to_string()
    };
    for host in [&served, &redirect, &missing, &failing, &closed] {
        let url = format!("http://{host}/");
        runs.push((
            "fetch.schema.json",
            false,
            strings(&["fetch", &url, "--json", "--timeout", "5"]),
            Vec::new(),
        ));
        runs.push((
            "fetch.schema.json",
            false,
            strings(&["fetch", &url, "--json", "--timeout", "5", "--as", "GPTBot"]),
            Vec::new(),
        ));
    }
    let cases = "{\"id\": 1, \"robots\": \"User-agent: *\\nDisallow: /\", \"agent\": \"Bot\", \"url\": \"/x\"}\n\
                 {\"id\": \"b\", \"robots\": \"\", \"agent\": \"Bot\", \"url\": \"/\", \"profile\": \"google\", \"tags\": [1]}\n\
                 {\"id\": [1]}\n\
                 not json\n";
    runs.push((
        "check-jsonl.schema.json",
        true,
        strings(&["check", "--jsonl"]),
        cases.as_bytes().to_vec(),
    ));

    // `logs`: the docs' example log against two dated versions, and lines on standard input
    // against a Request-rate only in force from a date (so some are not judged).
    let log = path("access.log");
    let (old, new) = (path("old.txt"), format!("{}@2026-03-01", path("new.txt")));
    for (schema, format) in [
        ("logs.schema.json", "json"),
        ("logs-jsonl.schema.json", "jsonl"),
    ] {
        runs.push((
            schema,
            format == "jsonl",
            strings(&[
                "logs", &log, "--robots", &old, "--robots", &new, "--format", format,
            ]),
            Vec::new(),
        ));
    }
    std::fs::write(
        dir.join("rate.txt"),
        "User-agent: *\nRequest-rate: 1/10s\nDisallow: /x\n",
    )
    .unwrap();
    let rated = format!("{}@2026-03-01T00:00:00Z", path("rate.txt"));
    let stdin_log = "{\"time\":\"2026-02-28T00:00:00Z\",\"url\":\"/a\",\"agent\":\"CCBot/2.0\",\"ip\":\"18.97.9.170\"}\n\
                     {\"time\":\"2026-03-02T00:00:00Z\",\"url\":\"/x\",\"agent\":\"CCBot/2.0\",\"ip\":\"18.97.9.170\"}\n\
                     {\"time\":\"2026-03-02T00:00:01Z\",\"url\":\"/b\",\"agent\":\"CCBot/2.0\",\"ip\":\"18.97.9.170\"}\n\
                     {\"url\":\"*\",\"agent\":\"x\"}\n{\"broken\n";
    for (schema, format) in [
        ("logs.schema.json", "json"),
        ("logs-jsonl.schema.json", "jsonl"),
    ] {
        runs.push((
            schema,
            format == "jsonl",
            strings(&["logs", "-", "--robots", &rated, "--format", format]),
            stdin_log.as_bytes().to_vec(),
        ));
    }

    // Every schema is an output's (verdict.schema.json is the one they share).
    let mut used: std::collections::BTreeSet<&str> =
        runs.iter().map(|(schema, ..)| *schema).collect();
    used.insert("verdict.schema.json");
    let files_in_dir: std::collections::BTreeSet<&str> =
        schemas.files.keys().map(String::as_str).collect();
    assert_eq!(
        used, files_in_dir,
        "a schema in schemas/ that no run checks, or a run without its schema"
    );

    let mut failures = Vec::new();
    let mut validated = 0;
    let mut seen = std::collections::BTreeSet::new();
    for (schema, lines, args, stdin) in &runs {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = robots_lens(&refs, stdin);
        assert!(
            output.status.code().is_some_and(|code| code <= 2),
            "robots-lens {}: {:?}",
            args.join(" "),
            output.status
        );
        let text = String::from_utf8(output.stdout).expect("JSON output is UTF-8");
        for value in parse(&text, *lines) {
            validated += 1;
            mark_branches(&value, &mut seen);
            for error in schemas.validate(schema, &value) {
                failures.push(format!(
                    "robots-lens {} ({schema}): {error}",
                    args.join(" ")
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    failures.dedup();
    assert!(
        failures.is_empty(),
        "{} outputs differ from their schemas:\n{}",
        failures.len(),
        failures
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    // The rare branches of the schemas were reached, not only their nulls.
    for branch in [
        "beyond_size_limit",
        "agent_line_readings",
        "rfc_status_reading",
        "chain_step",
        "decisive",
        "replacement",
        "licenses",
        "error",
        "hops",
        "failure",
        "operator",
        "location",
        "violations",
        "request_rate",
        "unjudged",
        "examples",
    ] {
        assert!(
            seen.contains(branch),
            "no output had a non-empty {branch}: the inputs no longer reach it"
        );
    }
    assert!(validated > 100, "only {validated} outputs were validated");
}

/// A server on 127.0.0.1 that answers every connection with `response`; returns `host:port`.
fn serve_once_per_connection(response: Vec<u8>) -> String {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            // The request's head, up to its blank line (a GET has no body).
            let mut head = Vec::new();
            let mut byte = [0u8; 1];
            while !head.ends_with(b"\r\n\r\n") && head.len() < 65536 {
                match stream.read(&mut byte) {
                    Ok(1) => head.push(byte[0]),
                    _ => break,
                }
            }
            let _ = stream.write_all(&response);
        }
    });
    address
}

/// Records the names of fields that hold something (not null, not empty), anywhere in `value`.
fn mark_branches(value: &Value, seen: &mut std::collections::BTreeSet<String>) {
    match value {
        Value::Object(fields) => {
            for (name, field) in fields {
                let empty = field.is_null() || field.as_array().is_some_and(Vec::is_empty);
                if !empty {
                    seen.insert(name.clone());
                }
                mark_branches(field, seen);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| mark_branches(item, seen)),
        _ => {}
    }
}
