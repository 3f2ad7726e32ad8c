//! Writes the consistency suite's seeded questions, with the entry point's answers, as JSON, so
//! that the suites of the other surfaces (wasm, npm, the page's panels, Python) ask the very
//! questions the native suite asks and compare with the same answers.
//!
//! ```text
//! cargo run -p robots-lens --example consistency_questions -- \
//!     [--seed 23] [--count 2000] [--synthetic 160] [--real DIR | --no-real] > questions.json
//! ```
//!
//! Without `--real`, the real files are read from `$ROBOTS_LENS_SHARED/corpus/real-robots/files`
//! (else `../shared/…` beside the repository) when that folder exists.
//!
//! Output: `{"seed", "files": [{"name", "text"} | {"name", "base64"}], "questions": [{"id",
//! "file" (index), "who": {"agent": "…"} | {"crawler": "…"}, "url", "status", "profile",
//! "match", "expected": {"allowed" (null when refused), "line", "reason"}}]}`.

#[path = "../tests/consistency_questions/mod.rs"]
mod consistency_questions;

use std::path::PathBuf;

use consistency_questions::{files, questions, Asking};
use robots_lens::{find_crawler, Question, RobotsTxt, Who};
use serde_json::json;

fn main() {
    let mut seed = 23_u64;
    let mut count = 2_000_usize;
    let mut synthetic = 160_usize;
    let mut real: Option<PathBuf> = Some(default_real());
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .unwrap_or_else(|| fail(&format!("{arg} needs a value")))
        };
        match arg.as_str() {
            "--seed" => seed = value().parse().unwrap_or_else(|_| fail("--seed: a number")),
            "--count" => {
                count = value()
                    .parse()
                    .unwrap_or_else(|_| fail("--count: a number"))
            }
            "--synthetic" => {
                synthetic = value()
                    .parse()
                    .unwrap_or_else(|_| fail("--synthetic: a number"))
            }
            "--real" => real = Some(PathBuf::from(value())),
            "--no-real" => real = None,
            other => fail(&format!("unknown argument {other}")),
        }
    }
    let real = real.filter(|dir| dir.is_dir());
    let files = files(real.as_deref(), seed, synthetic);
    let asked = questions(&files, seed, count);
    let parsed: Vec<RobotsTxt> = files.iter().map(|f| RobotsTxt::parse(&f.bytes)).collect();
    let questions: Vec<serde_json::Value> = asked
        .iter()
        .enumerate()
        .map(|(id, one)| {
            let who = match &one.who {
                Asking::Agent(agent) => Who::Agent(agent),
                Asking::Crawler(name) => Who::Crawler(find_crawler(name).unwrap()),
            };
            let question = Question::new(who, &one.url)
                .status(one.status.parse().unwrap())
                .agent_match(one.model);
            let answer = parsed[one.file].checker(one.profile).ask(&question);
            let who = match &one.who {
                Asking::Agent(agent) => json!({ "agent": agent }),
                Asking::Crawler(name) => json!({ "crawler": name }),
            };
            json!({
                "id": id,
                "file": one.file,
                "who": who,
                "url": one.url,
                "status": one.status,
                "profile": one.profile.id(),
                "match": one.model.to_string(),
                "expected": {
                    "allowed": answer.allowed(),
                    "line": answer.deciding_line(),
                    "reason": answer.reason_id(),
                },
            })
        })
        .collect();
    let files: Vec<serde_json::Value> = files
        .iter()
        .map(|file| match std::str::from_utf8(&file.bytes) {
            Ok(text) => json!({ "name": file.name, "text": text }),
            Err(_) => json!({ "name": file.name, "base64": base64(&file.bytes) }),
        })
        .collect();
    let out = json!({ "seed": seed, "files": files, "questions": questions });
    println!("{out}");
}

fn default_real() -> PathBuf {
    let shared = std::env::var_os("ROBOTS_LENS_SHARED").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
        PathBuf::from,
    );
    shared.join("corpus/real-robots/files")
}

fn fail(message: &str) -> ! {
    eprintln!("consistency_questions: {message}");
    std::process::exit(2)
}

/// Standard base64 with padding, for files that are not UTF-8.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0_u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}
