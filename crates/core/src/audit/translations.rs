//! The audit codes' documentation in the languages of the page, other than English.
//!
//! English is written in `codes.rs`, beside the checks; the other languages are data files
//! (`data/i18n/audit-codes.<lang>.json`), one per language, each holding the section headings
//! and, for every code, its title, what it does, why it matters and its reference. The examples
//! and fixes are robots.txt files and stay as they are in every language. The CLI prints them
//! (`robots-lens explain --lang es`) and the page's build writes them next to the English docs,
//! so both read the same source; the crate ships them only with the `doc-translations` feature,
//! which the wasm module does not enable.
//!
//! The files are JSON and this crate has no JSON reader, so the raw text is handed out; the
//! CLI's tests check that every code is translated in every language.

/// The languages the documentation is written in; English is the one in `codes.rs`.
pub const DOC_LANGUAGES: &[&str] = &["en", "es", "pt"];

/// The translated documentation of every code in `lang` (`es`, `pt`), as the JSON text of
/// `data/i18n/audit-codes.<lang>.json`: `{"headings": {…}, "codes": {"RL101": {"title", …}}}`.
/// `None` for English, which is [`super::CODES`] itself, and for a language there is no file for.
pub fn doc_translation(lang: &str) -> Option<&'static str> {
    match lang {
        "es" => Some(include_str!("../../data/i18n/audit-codes.es.json")),
        "pt" => Some(include_str!("../../data/i18n/audit-codes.pt.json")),
        _ => None,
    }
}
