//! Every input the fuzzers found a crash or a timeout with, kept under `tests/fuzz/<target>/`,
//! replayed through the fuzz targets' own code (`fuzz/src/harness.rs`, included by path so the
//! core's tests need no fuzzing toolchain). Also a few structured cases of the size-aware
//! generator, so its shapes are exercised by `cargo test` and not only by `npm run fuzz`.

#[path = "../../../fuzz/src/harness.rs"]
mod harness;

use std::path::Path;

fn replay(target: &str, run: fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fuzz")
        .join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return 0;
    };
    let mut count = 0;
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|ext| ext == "md") {
            continue;
        }
        if path.is_dir() {
            // `open/`: found, not fixed yet (tests/fuzz/README.md); listed so it is not forgotten.
            for open in std::fs::read_dir(&path).unwrap() {
                eprintln!(
                    "NOT REPLAYED (open bug): {}",
                    open.unwrap().path().display()
                );
            }
            continue;
        }
        let data = std::fs::read(&path).unwrap();
        eprintln!("replaying {}", path.display());
        run(&data);
        count += 1;
    }
    count
}

#[test]
fn every_kept_fuzz_input_still_passes() {
    let replayed = replay("check", harness::check)
        + replay("audit", harness::audit)
        + replay("divergence", harness::divergence)
        + replay("crawlers", harness::crawler_table)
        + replay("sized", harness::sized);
    eprintln!("{replayed} kept inputs replayed");
}

#[test]
fn the_size_aware_generator_reaches_big_inputs_and_they_are_answered() {
    // 0: 255 × 64 groups; 1: a 64 kB line of stars; 3: a 32 kB URL; 2: a 128 kB literal line.
    let case = harness::generate(&[0, 255, 1, 255, 3, 255, 2, 255]);
    assert!(case.robots.len() > 500_000, "{} bytes", case.robots.len());
    assert_eq!(case.url.len(), 1 + 255 * 128);
    harness::sized(&[0, 20, 1, 8, 3, 30]);
}

#[test]
fn inputs_are_split_into_file_agent_url_and_status() {
    let parts = harness::parts(b"\x11User-agent: *\nDisallow: /\xfeBot\xfe/x\xfe503");
    assert_eq!(parts.robots, b"User-agent: *\nDisallow: /");
    assert_eq!(
        (
            parts.agent.as_str(),
            parts.url.as_str(),
            parts.status.as_str()
        ),
        ("Bot", "/x", "503")
    );
    harness::check(b"\x11User-agent: *\nDisallow: /\xfeBot\xfe/x\xfe503");
    harness::divergence(b"\x02User-agent: *\nAllow: /a\nDisallow: /\xfeBot\xfe/a\xfe");
    harness::crawler_table(b"\x01User-agent: GPTBot\nDisallow: /\xfeBot\xfe/\xfe429");
    harness::audit(b"Disallow: /x\nUser-agent: *\nDisalow: /a\n");
}
