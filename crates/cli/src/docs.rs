//! The audit codes' documentation in the language asked for (`robots-lens explain --lang`).
//!
//! English is the core's own text ([`CODES`]); Spanish and Portuguese (of Portugal, `pt-PT`, which
//! `pt` means, and of Brazil, `pt-BR`) come from the core's translation files ([`doc_translation`]), the same files the page's build turns into its
//! per-language docs. A field a translation lacks falls back to English, so a code added before
//! its translation still explains itself; the tests below hold every language to every code.

use std::collections::HashMap;

use robots_lens::audit::{doc_language, doc_translation, CodeDoc, Severity, CODES, DOC_LANGUAGES};
use serde::Deserialize;

use crate::args::UsageError;

/// The section headings of a code's documentation.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Headings {
    pub what_it_does: String,
    pub why_it_matters: String,
    pub example: String,
    pub fix: String,
    pub reference: String,
}

impl Headings {
    fn english() -> Headings {
        Headings {
            what_it_does: "What it does".into(),
            why_it_matters: "Why it matters".into(),
            example: "Example".into(),
            fix: "Fix".into(),
            reference: "Reference".into(),
        }
    }
}

/// The rule each severity follows (`docs/severity.md`), with its heading.
#[derive(Debug, Deserialize)]
pub struct SeverityRules {
    pub heading: String,
    pub error: String,
    pub warning: String,
    pub info: String,
}

impl SeverityRules {
    fn english() -> SeverityRules {
        SeverityRules {
            heading: "Severity (from the evidence)".into(),
            error: Severity::Error.rule().into(),
            warning: Severity::Warning.rule().into(),
            info: Severity::Info.rule().into(),
        }
    }

    /// The rule that gives a code `severity`.
    pub fn of(&self, severity: Severity) -> &str {
        match severity {
            Severity::Error => &self.error,
            Severity::Warning => &self.warning,
            Severity::Info => &self.info,
        }
    }
}

/// One code's translated fields, as the translation files hold them.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TranslatedDoc {
    title: Option<String>,
    what_it_does: Option<String>,
    why_it_matters: Option<String>,
    reference: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Translation {
    headings: Headings,
    severity_rules: SeverityRules,
    codes: HashMap<String, TranslatedDoc>,
}

/// One code's documentation in a language: the prose translated, the examples as they are.
#[derive(Debug)]
pub struct LocalDoc {
    pub doc: &'static CodeDoc,
    pub title: String,
    pub what_it_does: String,
    pub why_it_matters: String,
    pub reference: String,
}

/// Every code's documentation in `lang`, with the headings in that language.
pub struct LocalDocs {
    pub headings: Headings,
    pub severity_rules: SeverityRules,
    pub docs: Vec<LocalDoc>,
}

impl LocalDocs {
    /// The documentation of the code `id` (`RL301`).
    pub fn get(&self, id: &str) -> Option<&LocalDoc> {
        self.docs.iter().find(|local| local.doc.id == id)
    }
}

/// The documentation in `lang` (`en`, `es`, `pt-PT`, `pt-BR`; `pt` is `pt-PT`, and a tag is read
/// as the page reads a browser's, [`doc_language`]).
pub fn local_docs(lang: &str) -> Result<LocalDocs, UsageError> {
    let Some(lang) = doc_language(lang) else {
        return Err(UsageError::new(format!(
            "--lang: unknown language '{lang}': expected one of {} (pt is pt-PT)",
            DOC_LANGUAGES.join(", ")
        )));
    };
    let (headings, severity_rules, mut codes) = match doc_translation(lang) {
        None => (
            Headings::english(),
            SeverityRules::english(),
            HashMap::new(),
        ),
        Some(text) => {
            let translation: Translation = serde_json::from_str(text).map_err(|error| {
                UsageError::new(format!("the {lang} documentation is unreadable: {error}"))
            })?;
            (
                translation.headings,
                translation.severity_rules,
                translation.codes,
            )
        }
    };
    let docs = CODES
        .iter()
        .map(|doc| {
            let own = codes.remove(doc.id).unwrap_or_default();
            LocalDoc {
                doc,
                title: own.title.unwrap_or_else(|| doc.title.to_owned()),
                what_it_does: own
                    .what_it_does
                    .unwrap_or_else(|| doc.what_it_does.to_owned()),
                why_it_matters: own
                    .why_it_matters
                    .unwrap_or_else(|| doc.why_it_matters.to_owned()),
                reference: own.reference.unwrap_or_else(|| doc.reference.to_owned()),
            }
        })
        .collect();
    Ok(LocalDocs {
        headings,
        severity_rules,
        docs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every translation file names exactly the codes there are, each with all four texts,
    /// well-formed (paired backticks) and not left in English.
    #[test]
    fn every_code_is_translated_in_every_language() {
        for lang in DOC_LANGUAGES.iter().filter(|lang| **lang != "en") {
            let text = doc_translation(lang).expect("a translation file");
            let translation: Translation = serde_json::from_str(text).expect("valid JSON");
            let mut problems = Vec::new();
            for doc in CODES {
                let Some(own) = translation.codes.get(doc.id) else {
                    problems.push(format!("{lang}: {} is not translated", doc.id));
                    continue;
                };
                let fields = [
                    ("title", &own.title, doc.title),
                    ("whatItDoes", &own.what_it_does, doc.what_it_does),
                    ("whyItMatters", &own.why_it_matters, doc.why_it_matters),
                    ("reference", &own.reference, doc.reference),
                ];
                for (name, value, english) in fields {
                    match value.as_deref() {
                        None | Some("") => {
                            problems.push(format!("{lang}: {} has no {name}", doc.id))
                        }
                        Some(text) if text.matches('`').count() % 2 != 0 => problems.push(format!(
                            "{lang}: {} {name} has an unpaired backtick",
                            doc.id
                        )),
                        Some(text) if text == english && name != "reference" => {
                            problems.push(format!("{lang}: {} {name} is still English", doc.id))
                        }
                        Some(_) => {}
                    }
                }
            }
            for id in translation.codes.keys() {
                if !CODES.iter().any(|doc| doc.id == id) {
                    problems.push(format!("{lang}: {id} is not a code"));
                }
            }
            assert!(problems.is_empty(), "{}", problems.join("\n"));
        }
    }

    #[test]
    fn a_language_without_a_file_is_refused_and_english_is_the_core_text() {
        assert!(local_docs("de").is_err());
        let english = local_docs("en").unwrap();
        assert_eq!(english.docs.len(), CODES.len());
        assert_eq!(
            english.get("RL301").unwrap().title,
            CODES.iter().find(|doc| doc.id == "RL301").unwrap().title
        );
        let spanish = local_docs("es").unwrap();
        assert_ne!(
            spanish.get("RL301").unwrap().title,
            english.get("RL301").unwrap().title
        );
        assert_eq!(spanish.headings.fix, "Solución");
    }

    /// `pt` is Portugal's Portuguese, as on the page; Brazil's is asked for by name, and the two
    /// are different texts, not one file under two names.
    #[test]
    fn pt_is_portugal_and_pt_br_is_brazil() {
        let portugal = local_docs("pt-PT").unwrap();
        let brazil = local_docs("pt-BR").unwrap();
        assert_eq!(
            local_docs("pt").unwrap().get("RL101").unwrap().title,
            portugal.get("RL101").unwrap().title
        );
        assert_eq!(
            portugal.get("RL101").unwrap().title,
            "O ficheiro é uma página HTML"
        );
        assert_eq!(
            brazil.get("RL101").unwrap().title,
            "O arquivo é uma página HTML"
        );
        assert_eq!(portugal.headings.why_it_matters, "Porque é importante");
        assert_eq!(brazil.headings.why_it_matters, "Por que importa");
        let error = local_docs("fr").err().expect("fr is refused").to_string();
        assert!(error.contains("en, es, pt-PT, pt-BR"), "{error}");
    }

    /// Words Portugal does not write (Brazil's vocabulary and spelling), so that a text ported
    /// from the Brazilian file into Portugal's is rewritten, not pasted.
    #[test]
    fn the_portugal_file_has_no_brazilian_words() {
        const BRAZILIAN: &[&str] = &[
            "arquivo",
            "arquivos",
            "usuário",
            "usuários",
            "você",
            "veredito",
            "vereditos",
            "registro",
            "registros",
            "porcentagem",
            "detecta",
            "tela",
            "salvo",
            "salva",
            "treinamento",
            "compartilham",
            "acessar",
            "buscadores",
        ];
        let text = doc_translation("pt-PT").unwrap();
        let found: Vec<&str> = text
            .split(|c: char| !c.is_alphanumeric())
            .filter(|word| BRAZILIAN.contains(&word.to_lowercase().as_str()))
            .collect();
        assert!(
            found.is_empty(),
            "Brazilian words in audit-codes.pt-PT.json: {found:?}"
        );
    }
}
