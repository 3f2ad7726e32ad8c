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
/// Portuguese is written twice, as Portugal writes it (`pt-PT`: "ficheiro", "Porque é
/// importante") and as Brazil writes it (`pt-BR`: "arquivo", "Por que importa"), like the page's
/// catalogues; `pt` alone asks for `pt-PT` ([`doc_language`]), as the page's alias does.
pub const DOC_LANGUAGES: &[&str] = &["en", "es", "pt-PT", "pt-BR"];

/// The language of [`DOC_LANGUAGES`] the tag `lang` asks for, read as the page reads a
/// browser's language: the tag itself in any case (`pt-br` is `pt-BR`), else its primary
/// language (`es-MX` is `es`), where `pt` alone is `pt-PT` (`pt`, `pt-AO`). `None` for a
/// language the documentation is not written in.
pub fn doc_language(lang: &str) -> Option<&'static str> {
    let known = |tag: &str| {
        DOC_LANGUAGES
            .iter()
            .find(|known| known.eq_ignore_ascii_case(tag))
            .copied()
    };
    known(lang).or_else(|| {
        let primary = lang.split('-').next().unwrap_or(lang);
        if primary.eq_ignore_ascii_case("pt") {
            Some("pt-PT")
        } else {
            known(primary)
        }
    })
}

/// The translated documentation of every code in `lang` (`es`, `pt-PT`, `pt-BR`, or a tag
/// [`doc_language`] reads as one), as the JSON text of `data/i18n/audit-codes.<lang>.json`:
/// `{"headings": {…}, "codes": {"RL101": {"title", …}}}`. `None` for English, which is
/// [`super::CODES`] itself, and for a language there is no file for.
pub fn doc_translation(lang: &str) -> Option<&'static str> {
    match doc_language(lang)? {
        "es" => Some(include_str!("../../data/i18n/audit-codes.es.json")),
        "pt-PT" => Some(include_str!("../../data/i18n/audit-codes.pt-PT.json")),
        "pt-BR" => Some(include_str!("../../data/i18n/audit-codes.pt-BR.json")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pt_alone_is_portugal_and_a_tag_is_read_in_any_case() {
        assert_eq!(doc_language("pt"), Some("pt-PT"));
        assert_eq!(doc_language("PT"), Some("pt-PT"));
        assert_eq!(doc_language("pt-br"), Some("pt-BR"));
        assert_eq!(doc_language("ES"), Some("es"));
        assert_eq!(doc_language("es-MX"), Some("es"));
        assert_eq!(doc_language("pt-AO"), Some("pt-PT"));
        assert_eq!(doc_language("fr"), None);
        assert_eq!(doc_language("fr-PT"), None);
        assert_eq!(doc_language(""), None);
        // `pt` reads Portugal's file, not Brazil's, and the two are different texts.
        assert_eq!(doc_translation("pt"), doc_translation("pt-PT"));
        assert_ne!(doc_translation("pt-PT"), doc_translation("pt-BR"));
        assert!(doc_translation("pt-PT").unwrap().contains("ficheiro"));
        assert!(doc_translation("pt-BR").unwrap().contains("arquivo"));
        assert_eq!(doc_translation("en"), None);
    }
}
