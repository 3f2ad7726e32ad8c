//! The page's catalogues (`www/i18n/<lang>.json`) against the core's table of messages
//! (`robots_lens::MessageId`): the English entry of every key the core can emit is the core's
//! template itself, every language has every key with the same `{name}` placeholders, and no
//! catalogue keeps a `core.` key the core no longer emits.
//!
//! The English entries are written from the core, never by hand: after changing a template,
//! `UPDATE_CATALOGUES=1 cargo test -p robots-lens --test catalogues` rewrites them in en.json (the
//! page's own keys and their order stay as they are) and the test then checks the rest.

use std::collections::BTreeMap;
use std::path::PathBuf;

use robots_lens::message::placeholders;
use robots_lens::MessageId;

const LANGUAGES: &[&str] = &["en", "es", "pt"];
const PREFIX: &str = "core.";

fn catalogue_path(language: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../../www/i18n/{language}.json"))
}

fn read(language: &str) -> BTreeMap<String, String> {
    let path = catalogue_path(language);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// Rewrites the `core.` entries of en.json from the table, keeping every other line in place.
/// The catalogue holds one entry per line, which is how every language's file is written.
fn write_english() {
    let path = catalogue_path("en");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut entries: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|line| !matches!(*line, "{" | "}" | ""))
        .filter(|line| !line.starts_with(&format!("\"{PREFIX}")))
        .map(|line| line.trim_end_matches(',').to_owned())
        .collect();
    for &id in MessageId::ALL {
        let key = serde_json::to_string(id.key()).unwrap();
        let value = serde_json::to_string(id.english()).unwrap();
        entries.push(format!("{key}: {value}"));
    }
    let body: Vec<String> = entries.iter().map(|entry| format!("  {entry}")).collect();
    std::fs::write(&path, format!("{{\n{}\n}}\n", body.join(",\n"))).unwrap();
}

#[test]
fn every_catalogue_holds_every_core_message_with_its_placeholders() {
    if std::env::var_os("UPDATE_CATALOGUES").is_some() {
        write_english();
    }
    let english = read("en");
    let mut problems = Vec::new();
    for &id in MessageId::ALL {
        match english.get(id.key()) {
            Some(text) if text == id.english() => {}
            Some(_) => problems.push(format!(
                "en: {} differs from the core's template (UPDATE_CATALOGUES=1 rewrites it)",
                id.key()
            )),
            None => problems.push(format!(
                "en: {} is missing (UPDATE_CATALOGUES=1 writes it)",
                id.key()
            )),
        }
    }
    for &language in LANGUAGES {
        let catalogue = read(language);
        for &id in MessageId::ALL {
            let Some(text) = catalogue.get(id.key()) else {
                problems.push(format!("{language}: {} is missing", id.key()));
                continue;
            };
            let mut theirs = placeholders(text);
            let mut ours = placeholders(id.english());
            theirs.sort_unstable();
            ours.sort_unstable();
            if theirs != ours {
                problems.push(format!(
                    "{language}: {} has {{{}}} where the core fills {{{}}}",
                    id.key(),
                    theirs.join(","),
                    ours.join(",")
                ));
            }
            if text.matches('`').count() % 2 != 0 {
                problems.push(format!("{language}: {} has an unclosed `", id.key()));
            }
        }
        for key in catalogue.keys().filter(|key| key.starts_with(PREFIX)) {
            if !MessageId::ALL.iter().any(|id| id.key() == key) {
                problems.push(format!("{language}: {key} is no message of the core"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
