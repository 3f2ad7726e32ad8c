//! The page's catalogues (`www/text/i18n/<lang>.json` and `<lang>.panels.json`, read as one)
//! against the core's table of messages (`robots_lens::MessageId`) and the crawler catalogue's
//! descriptions and notes (`core.crawler.<name>.description`, `.note`, from
//! `crates/core/data/crawlers.json`): the English entry of every such key is the core's own text,
//! every language has every key with the same `{name}` placeholders, and no catalogue keeps a
//! `core.` key the core no longer has.
//!
//! The English entries are written from the core, never by hand: after changing a template,
//! `UPDATE_CATALOGUES=1 cargo test -p robots-lens --test catalogues` rewrites them in en.json and
//! en.panels.json (the page's own keys and their order stay as they are; a core key stays in the
//! file that holds it, and a new one goes to the panels' file when it is a finding's or a
//! crawler's text, see `PANELS_PREFIXES`) and the test then checks the rest.

use std::collections::BTreeMap;
use std::path::PathBuf;

use robots_lens::message::placeholders;
use robots_lens::{crawlers, GroupUsed, MatchOutcome, MessageId, Reason, UrlProblem, WhyDecides};

const LANGUAGES: &[&str] = &["en", "es", "pt-PT", "pt-BR"];
const PREFIX: &str = "core.";

/// A catalogue's two files (www/text/i18n.js): what the first screen reads, and the panels' texts.
const FILES: &[&str] = &["", PANELS_FILE];
const PANELS_FILE: &str = ".panels";
/// Where a new core key goes: the audit's findings and the crawlers' descriptions are read by the
/// panels below the verdict only (a key the first screen names is moved to the first file by hand,
/// and tests/node/i18n.test.mjs says which).
const PANELS_PREFIXES: &[&str] = &["core.audit.", "core.crawler."];

fn catalogue_path(language: &str, file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../www/text/i18n/{language}{file}.json"))
}

/// A language's whole catalogue: both of its files.
fn read(language: &str) -> BTreeMap<String, String> {
    let mut catalogue = BTreeMap::new();
    for file in FILES {
        let path = catalogue_path(language, file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let part: BTreeMap<String, String> =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        catalogue.extend(part);
    }
    catalogue
}

/// Every `core.` key with its English text: the messages, then the crawlers' descriptions and notes.
fn core_entries() -> Vec<(String, &'static str)> {
    let mut entries: Vec<(String, &'static str)> = MessageId::ALL
        .iter()
        .map(|id| (id.key().to_owned(), id.english()))
        .collect();
    for crawler in crawlers() {
        let key = |part: &str| format!("{PREFIX}crawler.{}.{part}", crawler.name);
        entries.push((key("description"), crawler.description()));
        if let Some(note) = crawler.note() {
            entries.push((key("note"), note));
        }
    }
    entries
}

/// Rewrites the `core.` entries of en.json and en.panels.json from the table, keeping every other
/// line in place. A catalogue holds one entry per line, which is how every language's files are
/// written.
fn write_english() {
    let mut entries: Vec<Vec<String>> = Vec::new();
    let mut in_panels = std::collections::BTreeSet::new();
    for &file in FILES {
        let text = std::fs::read_to_string(catalogue_path("en", file)).unwrap();
        let mut kept = Vec::new();
        for line in text
            .lines()
            .map(str::trim)
            .filter(|line| !matches!(*line, "{" | "}" | ""))
        {
            let line = line.trim_end_matches(',').to_owned();
            if line.starts_with(&format!("\"{PREFIX}")) {
                if file == PANELS_FILE {
                    let key: BTreeMap<String, String> =
                        serde_json::from_str(&format!("{{{line}}}")).unwrap();
                    in_panels.extend(key.into_keys());
                }
            } else {
                kept.push(line);
            }
        }
        entries.push(kept);
    }
    let english = read("en");
    for (key, text) in core_entries() {
        let panels = if english.contains_key(&key) {
            in_panels.contains(&key)
        } else {
            PANELS_PREFIXES.iter().any(|prefix| key.starts_with(prefix))
        };
        let line = format!(
            "{}: {}",
            serde_json::to_string(&key).unwrap(),
            serde_json::to_string(text).unwrap()
        );
        entries[usize::from(panels)].push(line);
    }
    for (file, entries) in FILES.iter().zip(entries) {
        let body: Vec<String> = entries.iter().map(|entry| format!("  {entry}")).collect();
        std::fs::write(
            catalogue_path("en", file),
            format!("{{\n{}\n}}\n", body.join(",\n")),
        )
        .unwrap();
    }
}

#[test]
fn every_catalogue_holds_every_core_text_with_its_placeholders() {
    if std::env::var_os("UPDATE_CATALOGUES").is_some() {
        write_english();
    }
    let english = read("en");
    let entries = core_entries();
    let mut problems = Vec::new();
    for (key, text) in &entries {
        match english.get(key) {
            Some(found) if found == text => {}
            Some(_) => problems.push(format!(
                "en: {key} differs from the core's text (UPDATE_CATALOGUES=1 rewrites it)"
            )),
            None => problems.push(format!(
                "en: {key} is missing (UPDATE_CATALOGUES=1 writes it)"
            )),
        }
    }
    for &language in LANGUAGES {
        let catalogue = read(language);
        for (key, ours) in &entries {
            let Some(text) = catalogue.get(key) else {
                problems.push(format!("{language}: {key} is missing"));
                continue;
            };
            let mut theirs = placeholders(text);
            let mut ours = placeholders(ours);
            theirs.sort_unstable();
            ours.sort_unstable();
            if theirs != ours {
                problems.push(format!(
                    "{language}: {key} has {{{}}} where the core fills {{{}}}",
                    theirs.join(","),
                    ours.join(",")
                ));
            }
            if text.matches('`').count() % 2 != 0 {
                problems.push(format!("{language}: {key} has an unclosed `"));
            }
        }
        for key in catalogue.keys().filter(|key| key.starts_with(PREFIX)) {
            if !entries.iter().any(|(ours, _)| ours == key) {
                problems.push(format!("{language}: {key} is no text of the core"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The page words the engine's codes from its catalogue by convention (`render.outcome.<code>`,
/// www/text/render.js `codeWords`): every code the core can send has its words in every
/// language, so no surface keeps a table of them.
#[test]
fn every_code_the_page_words_has_its_words_in_every_language() {
    // Reasons that come with no deciding line: the summary and the tables say them in a few words.
    let without_line = [
        Reason::NoRuleMatched,
        Reason::NoGroupApplies,
        Reason::ImplicitRobotsTxtAllow,
        Reason::FileUnavailable,
        Reason::FileUnreachable,
        Reason::ReaderError,
    ];
    let mut keys: Vec<String> = Vec::new();
    for reason in Reason::ALL {
        if reason == Reason::UrlRefused {
            // A refused question has no verdict: the page words its problem instead.
            continue;
        }
        keys.push(format!("render.reason.{}.headline", reason.id()));
        keys.push(format!("render.reason.{}.sentence", reason.id()));
    }
    for reason in without_line {
        keys.push(format!("summary.no-line.{}", reason.id()));
        keys.push(format!("crawlers.short.{}", reason.id()));
    }
    keys.push(format!("crawlers.short.{}", Reason::UrlRefused.id()));
    keys.extend(WhyDecides::ALL.map(|why| format!("render.why-decides.{}", why.id())));
    keys.extend(MatchOutcome::ALL.map(|outcome| format!("render.outcome.{}", outcome.id())));
    keys.extend(UrlProblem::ALL.map(|problem| format!("render.url-problem-{}", problem.id())));
    keys.extend(GroupUsed::IDS.map(|id| format!("summary.group.{id}")));
    for language in LANGUAGES {
        let catalogue = read(language);
        let missing: Vec<&String> = keys
            .iter()
            .filter(|key| !catalogue.contains_key(*key))
            .collect();
        assert!(missing.is_empty(), "{language}.json lacks {missing:?}");
    }
}
