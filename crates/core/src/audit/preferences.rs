//! AI usage preference lines: `Content-Usage` statements that do not say what they seem to
//! (labels of earlier drafts, uppercase keys, values that are not `y`/`n` Tokens, repeated keys,
//! a space in the path), `Content-Signal` values other than `yes`/`no`, lines outside any group,
//! relative `License` URLs and misspelled keys. Everything here reads [`PreferenceLine`]s, so the
//! audit and the answers cannot disagree about a line.

use super::text::{display_name, nearest_key, rebuild, value_span};
use super::{Code, Context, Finding};
use crate::aipref::{
    PreferenceKind, PreferenceLine, SyntaxErrorKind, ValueType, Why, CONTENT_SIGNAL_KEYS,
    CONTENT_USAGE_LABELS, OBSOLETE_LABELS,
};
use crate::lines::{KeySpelling, Line, LineKind};
use crate::message::{Message, MessageId as M};
use crate::structured_fields::parse_dictionary;

/// The keys this module owns.
const PREFERENCE_KEYS: [&str; 3] = ["content-usage", "content-signal", "license"];

/// The preference key a line misspells (`Content-Signals`, `Content_Usage`, `Licence`), if it
/// does; such lines are reported here and not as unknown or nonstandard keys.
pub(super) fn misspelled_key(line: &Line) -> Option<&'static str> {
    match line.kind {
        LineKind::Other if line.spelling == KeySpelling::Typo => {
            line.directive.filter(|name| PREFERENCE_KEYS.contains(name))
        }
        LineKind::Unknown => nearest_key(line.key()?).filter(|name| PREFERENCE_KEYS.contains(name)),
        _ => None,
    }
}

pub(super) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    for line in cx.lines() {
        if let Some(name) = misspelled_key(&line) {
            out.push(misspelling(&line, name));
        }
    }
    for preference in cx.robots.preference_lines() {
        let line = cx.line(preference.line);
        let before = out.len();
        if preference.group.is_none() {
            out.push(outside_group(preference));
        }
        match preference.kind {
            PreferenceKind::ContentUsage => content_usage(&line, preference, out),
            PreferenceKind::ContentSignal => content_signal(preference, out),
        }
        for (key, _) in &preference.repeated {
            out.push(Finding::new(
                Code::RepeatedPreferenceKey,
                preference.line,
                Message::new(M::RepeatedPreferenceKey).code("key", key),
                M::RepeatedPreferenceKeyWhy,
                Message::new(M::RepeatedPreferenceKeyFix).code("key", key),
            ));
        }
        for finding in &mut out[before..] {
            if finding.span.is_none() {
                finding.span = value_span(&line);
            }
        }
    }
    for license in cx.robots.licenses() {
        if !license.absolute {
            out.push(
                Finding::new(
                    Code::LicenseUrlNotAbsolute,
                    license.line,
                    Message::new(M::LicenseUrlNotAbsolute).code("url", &license.url),
                    M::LicenseUrlNotAbsoluteWhy,
                    M::LicenseUrlNotAbsoluteFix,
                )
                .with_span(value_span(&cx.line(license.line))),
            );
        }
    }
}

fn misspelling(line: &Line, name: &'static str) -> Finding {
    let display = display_name(name);
    let key = line.key().unwrap_or_default();
    Finding::new(
        Code::MisspelledPreferenceKey,
        line.number,
        Message::new(M::MisspelledPreferenceKey)
            .code("key", key)
            .code("name", display),
        M::MisspelledPreferenceKeyWhy,
        Message::new(M::SpellTheKey).code("name", display),
    )
    .with_span(super::text::key_span(line))
    .with_replacement(rebuild(line, display, line.value().unwrap_or_default()))
}

fn outside_group(preference: &PreferenceLine) -> Finding {
    let key = preference.kind.key();
    Finding::new(
        Code::PreferenceOutsideGroup,
        preference.line,
        Message::new(M::PreferenceOutsideGroup).code("key", key),
        Message::new(M::PreferenceOutsideGroupWhy).code("key", key),
        M::PreferenceOutsideGroupFix,
    )
}

fn content_usage(line: &Line, preference: &PreferenceLine, out: &mut Vec<Finding>) {
    if let Some(error) = preference.syntax_error {
        out.push(invalid_statement(line, preference, error.kind));
        return;
    }
    for entry in &preference.entries {
        let advice = if OBSOLETE_LABELS.contains(&entry.key.as_str()) {
            Message::new(M::ObsoleteLabelDraft).code("label", &entry.key)
        } else if entry.key == "ai-train" {
            M::ObsoleteLabelAiTrain.into()
        } else if entry.key == "ai-input" {
            M::ObsoleteLabelAiInput.into()
        } else {
            continue;
        };
        out.push(Finding::new(
            Code::ObsoletePreferenceLabel,
            preference.line,
            advice,
            M::ObsoleteLabelWhy,
            M::ObsoleteLabelFix,
        ));
    }
    for stated in &preference.stated {
        let Some(entry) = preference.entries.iter().find(|e| e.key == stated.label) else {
            continue;
        };
        let label = stated.label;
        match stated.why {
            Why::NotAToken => out.push(Finding::new(
                Code::PreferenceNotAToken,
                preference.line,
                Message::new(M::PreferenceNotAToken)
                    .code("label", label)
                    .phrase("type", describe_type(entry.value_type)),
                M::PreferenceNotATokenWhy,
                Message::new(M::PreferenceNotATokenFix)
                    .code("no", &format!("{label}=n"))
                    .code("yes", &format!("{label}=y")),
            )),
            Why::OtherToken => {
                let text = entry.text.as_deref().unwrap_or_default();
                let meant = match text.to_ascii_lowercase().as_str() {
                    "y" | "yes" | "allow" | "true" => Some("y"),
                    "n" | "no" | "disallow" | "false" => Some("n"),
                    _ => None,
                };
                out.push(Finding::new(
                    Code::PreferenceNotYOrN,
                    preference.line,
                    Message::new(M::PreferenceNotYOrN)
                        .code("statement", &format!("{label}={text}")),
                    M::PreferenceNotYOrNWhy,
                    match meant {
                        Some(meant) => Message::new(M::PreferenceNotYOrNFixMeant)
                            .code("meant", &format!("{label}={meant}")),
                        None => Message::new(M::PreferenceNotYOrNFix)
                            .code("no", &format!("{label}=n"))
                            .code("yes", &format!("{label}=y")),
                    },
                ));
            }
            _ => {}
        }
    }
}

fn describe_type(value: Option<ValueType>) -> M {
    match value {
        Some(ValueType::String) => M::TypeString,
        Some(ValueType::Boolean) => M::TypeBoolean,
        Some(ValueType::Integer | ValueType::Decimal) => M::TypeNumber,
        Some(ValueType::InnerList) => M::TypeList,
        _ => M::TypeOther,
    }
}

fn invalid_statement(line: &Line, preference: &PreferenceLine, kind: SyntaxErrorKind) -> Finding {
    let statement = &preference.statement;
    // attach §3.2: the path ends at the first space. When what follows the first word is a
    // valid statement, the space was meant to be part of the path.
    if let Some(path) = &preference.path {
        if let Some((word, rest)) = statement.split_once([' ', '\t']) {
            let rest = rest.trim_start_matches([' ', '\t']);
            if parse_dictionary(rest.as_bytes()).is_ok_and(|d| !d.members.is_empty()) {
                let fixed = format!("{path}%20{word} {rest}");
                return Finding::new(
                    Code::SpaceInPreferencePath,
                    preference.line,
                    Message::new(M::SpaceInPreferencePath)
                        .code("path", path)
                        .code("statement", statement),
                    M::SpaceInPreferencePathWhy,
                    Message::new(M::SpaceInPreferencePathFix)
                        .code("fixed", &format!("{path}%20{word}")),
                )
                .with_replacement(rebuild(line, preference.kind.key(), &fixed));
            }
        }
    }
    let lowered = statement.to_ascii_lowercase();
    let fixed_case = parse_dictionary(lowered.as_bytes()).is_ok();
    let with_path = |statement: &str| match &preference.path {
        Some(path) => format!("{path} {statement}"),
        None => statement.to_owned(),
    };
    if kind == SyntaxErrorKind::UppercaseKey {
        return Finding::new(
            Code::UppercasePreferenceKey,
            preference.line,
            Message::new(M::UppercasePreferenceKey).code("statement", statement),
            M::UppercasePreferenceKeyWhy,
            M::UppercasePreferenceKeyFix,
        )
        .with_replacement(
            fixed_case
                .then(|| rebuild(line, preference.kind.key(), &with_path(&lowered)))
                .flatten(),
        );
    }
    let id = match kind {
        SyntaxErrorKind::TrailingComma => M::InvalidStatementTrailingComma,
        SyntaxErrorKind::ExpectedComma => M::InvalidStatementExpectedComma,
        SyntaxErrorKind::ExpectedKey => M::InvalidStatementExpectedKey,
        _ => M::InvalidStatement,
    };
    Finding::new(
        Code::InvalidPreferenceStatement,
        preference.line,
        Message::new(id).code("statement", statement),
        M::InvalidStatementWhy,
        M::InvalidStatementFix,
    )
}

fn content_signal(preference: &PreferenceLine, out: &mut Vec<Finding>) {
    for stated in &preference.stated {
        if stated.why != Why::NotYesOrNo {
            continue;
        }
        let value = preference
            .entries
            .iter()
            .find(|e| e.key == stated.label)
            .and_then(|e| e.text.as_deref())
            .unwrap_or_default();
        let label = stated.label;
        out.push(Finding::new(
            Code::ContentSignalNotYesOrNo,
            preference.line,
            if value.is_empty() {
                Message::new(M::ContentSignalEmpty).code("label", label)
            } else {
                Message::new(M::ContentSignalNotYesOrNo)
                    .code("statement", &format!("{label}={value}"))
            },
            M::ContentSignalNotYesOrNoWhy,
            Message::new(M::ContentSignalNotYesOrNoFix)
                .code("yes", &format!("{label}=yes"))
                .code("no", &format!("{label}=no")),
        ));
    }
    for entry in &preference.entries {
        let advice = match entry.key.as_str() {
            "train-ai" => M::SignalTrainAi,
            key if CONTENT_SIGNAL_KEYS.contains(&key) => continue,
            key if CONTENT_USAGE_LABELS.contains(&key) => continue,
            key if OBSOLETE_LABELS.contains(&key) => M::SignalNotAKey,
            _ => continue,
        };
        out.push(Finding::new(
            Code::ObsoletePreferenceLabel,
            preference.line,
            Message::new(advice).code("key", &entry.key),
            M::SignalLabelWhy,
            M::SignalLabelFix,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

    fn codes_of(input: &str) -> Vec<(Code, usize)> {
        codes(input)
            .into_iter()
            .filter(|(code, _)| code.id().starts_with("RL6"))
            .collect()
    }

    #[test]
    fn well_formed_preferences_give_no_finding() {
        let input = "User-agent: *\nAllow: /\nContent-Usage: train-ai=n, search=y\n\
            content-usage: /open/ train-ai=y\nContent-Signal: search=yes, ai-input=yes, ai-train=no\n\n\
            License: https://example.com/license.xml\n";
        assert_eq!(findings(input), []);
    }

    #[test]
    fn every_mistake_has_its_code() {
        let input = "Content-Signal: ai-train=no\nUser-agent: *\nAllow: /\n\
            Content-Usage: tdm=n\nContent-Usage: Train-ai=n\nContent-Usage: train-ai=\"n\"\n\
            Content-Usage: search=no\nContent-Usage: train-ai=y, train-ai=n\n\
            Content-Usage: /my page train-ai=n\nContent-Signal: search=Yes\nLicense: /license.xml\n\
            Content-Signals: ai-train=no\nContent-Usage: train-ai=n,\n";
        assert_eq!(
            codes_of(input),
            [
                (Code::PreferenceOutsideGroup, 1),
                (Code::ObsoletePreferenceLabel, 4),
                (Code::UppercasePreferenceKey, 5),
                (Code::PreferenceNotAToken, 6),
                (Code::PreferenceNotYOrN, 7),
                (Code::RepeatedPreferenceKey, 8),
                (Code::SpaceInPreferencePath, 9),
                (Code::ContentSignalNotYesOrNo, 10),
                (Code::LicenseUrlNotAbsolute, 11),
                (Code::MisspelledPreferenceKey, 12),
                (Code::InvalidPreferenceStatement, 13),
            ]
        );
    }

    #[test]
    fn misspellings_are_reported_once_with_the_fix() {
        for key in [
            "Content-Signals",
            "Content_Usage",
            "ContentUsage",
            "Licence",
        ] {
            let input = format!("User-agent: *\nAllow: /\n{key}: x\n");
            let found = findings(&input);
            assert_eq!(found.len(), 1, "{key}: {found:?}");
            assert_eq!(found[0].code, Code::MisspelledPreferenceKey);
            assert!(found[0].replacement.as_deref().unwrap().ends_with(": x"));
        }
    }

    #[test]
    fn fixes_are_mechanical_where_they_can_be() {
        let found = with_code(
            "User-agent: *\nContent-Usage: /my page train-ai=n\n",
            Code::SpaceInPreferencePath,
        );
        assert_eq!(
            found[0].replacement.as_deref(),
            Some("Content-Usage: /my%20page train-ai=n")
        );
        let found = with_code(
            "User-agent: *\nContent-Usage: Train-AI=n\n",
            Code::UppercasePreferenceKey,
        );
        assert_eq!(
            found[0].replacement.as_deref(),
            Some("Content-Usage: train-ai=n")
        );
    }
}
