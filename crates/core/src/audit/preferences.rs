//! AI usage preference lines: `Content-Usage` statements that do not say what they seem to
//! (labels of earlier drafts, uppercase keys, values that are not `y`/`n` Tokens, repeated keys,
//! a space in the path), `Content-Signal` values other than `yes`/`no`, lines outside any group,
//! relative `License` URLs and misspelled keys. Everything here reads [`PreferenceLine`]s, so the
//! audit and the answers cannot disagree about a line.

use super::text::{display_name, nearest_key, quote, rebuild, value_span};
use super::{Code, Context, Finding};
use crate::aipref::{
    PreferenceKind, PreferenceLine, SyntaxErrorKind, ValueType, Why, CONTENT_SIGNAL_KEYS,
    CONTENT_USAGE_LABELS, OBSOLETE_LABELS,
};
use crate::lines::{KeySpelling, Line, LineKind};
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
    for line in cx.robots.lines() {
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
                format!(
                    "{} is given more than once in this statement; only its last value counts.",
                    quote(key)
                ),
                "A repeated key is not an error, but the earlier value is silently dropped, \
                 which may not be what was meant.",
                format!("Keep one `{key}` with the value you mean."),
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
                    format!(
                        "{} is not an absolute URL, so readers of RSL cannot fetch the licence.",
                        quote(&license.url)
                    ),
                    "A robots.txt may be read apart from its site; RSL requires the full URL of \
                     the licence document, which may live on another host.",
                    "Write the whole URL, such as `License: https://www.example.com/license.xml`.",
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
        format!(
            "{} is not `{display}`, so readers of AI usage preferences skip the line.",
            quote(key)
        ),
        "The key must be spelled exactly (any letter case): AIPREF, Content Signals and RSL \
         readers do not accept Google's typo tolerance.",
        format!("Spell the key `{display}`."),
    )
    .with_span(super::text::key_span(line))
    .with_replacement(rebuild(line, display, line.value().unwrap_or_default()))
}

fn outside_group(preference: &PreferenceLine) -> Finding {
    let key = preference.kind.key();
    Finding::new(
        Code::PreferenceOutsideGroup,
        preference.line,
        format!("This `{key}` line comes before the first `User-agent` line, so it applies to no crawler."),
        format!(
            "`{key}` is a group rule, like Allow and Disallow: it states preferences for the \
             crawlers named above it."
        ),
        "Move the line into the group it is meant for (for every crawler, under `User-agent: *`).",
    )
}

fn content_usage(line: &Line, preference: &PreferenceLine, out: &mut Vec<Finding>) {
    if let Some(error) = preference.syntax_error {
        out.push(invalid_statement(line, preference, error.kind));
        return;
    }
    for entry in &preference.entries {
        let advice = if OBSOLETE_LABELS.contains(&entry.key.as_str()) {
            format!(
                "{} is a label of an earlier AIPREF draft; the vocabulary now defines only \
                 `train-ai` and `search`, so it expresses nothing.",
                quote(&entry.key)
            )
        } else if entry.key == "ai-train" {
            "`ai-train` is Content Signals' name; in `Content-Usage` the label is `train-ai`."
                .to_owned()
        } else if entry.key == "ai-input" {
            "`ai-input` is a Content Signals key with no AIPREF equivalent: in `Content-Usage` it \
             expresses nothing (use `Content-Signal: ai-input=no`)."
                .to_owned()
        } else {
            continue;
        };
        out.push(Finding::new(
            Code::ObsoletePreferenceLabel,
            preference.line,
            advice,
            "Readers ignore labels they do not know (vocab §6.4), so the preference the line \
             seems to state is unknown.",
            "Use `train-ai` (training AI models) and `search` with `y` or `n`.",
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
                format!(
                    "`{label}` has {}, not the Token `y` or `n`, so its preference is unknown.",
                    describe_type(entry.value_type)
                ),
                "Only the bare Tokens `y` and `n` state a preference; a quoted string, a \
                 boolean or a number is read as no preference at all.",
                format!("Write `{label}=n` or `{label}=y`, without quotes."),
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
                    format!(
                        "`{label}={text}` is not `y` or `n` (Tokens are case-sensitive), so its \
                         preference is unknown."
                    ),
                    "The vocabulary knows only the Tokens `y` and `n`; any other value reads \
                     as no preference.",
                    match meant {
                        Some(meant) => format!("Write `{label}={meant}`."),
                        None => format!("Write `{label}=n` or `{label}=y`."),
                    },
                ));
            }
            _ => {}
        }
    }
}

fn describe_type(value: Option<ValueType>) -> &'static str {
    match value {
        Some(ValueType::String) => "a quoted String",
        Some(ValueType::Boolean) => "a Boolean (a key without `=` is `?1`)",
        Some(ValueType::Integer | ValueType::Decimal) => "a number",
        Some(ValueType::InnerList) => "a list",
        _ => "a value of another type",
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
                    format!(
                        "The path ends at the first space, so it is `{path}` and {} is read as \
                         the statement, which is not valid: every preference of the line is \
                         unknown.",
                        quote(statement)
                    ),
                    "A space separates the path from the statement (attach §3.2); spaces in a \
                     path must be written `%20`.",
                    format!("Write the space as `%20`: `{path}%20{word}`."),
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
            format!(
                "{} has a key with uppercase letters; Structured Fields keys are lowercase, so \
                 the whole statement fails and every preference of the line is unknown.",
                quote(statement)
            ),
            "The statement is compared byte for byte (vocab §6.5.1): `Train-AI` is not \
             `train-ai`, and one bad key voids the others.",
            "Write the keys in lowercase: `train-ai`, `search`.",
        )
        .with_replacement(
            fixed_case
                .then(|| rebuild(line, preference.kind.key(), &with_path(&lowered)))
                .flatten(),
        );
    }
    let problem = match kind {
        SyntaxErrorKind::TrailingComma => "it ends with a comma",
        SyntaxErrorKind::ExpectedComma => {
            "a member is followed by something other than a comma (labels are separated by \
             commas, and `=` takes no spaces around it)"
        }
        SyntaxErrorKind::ExpectedKey => "a key does not start with a lowercase letter or `*`",
        _ => "a value is not a valid Structured Fields item",
    };
    Finding::new(
        Code::InvalidPreferenceStatement,
        preference.line,
        format!(
            "{} is not a valid preference: {problem}. Every preference of the line is unknown.",
            quote(statement)
        ),
        "The statement is a Structured Fields Dictionary (RFC 9651); when it fails to parse, \
         readers know no preference at all (vocab §6.5.1).",
        "Write the statement as `train-ai=n, search=y`.",
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
                format!("`{label}` has no value, so it neither grants nor restricts anything.")
            } else {
                format!(
                    "`{label}={value}` is not `yes` or `no`, so it neither grants nor restricts \
                     anything."
                )
            },
            "The Content Signals Policy defines only `yes` and `no`; any other value is read \
             as if the signal were absent.",
            format!("Write `{label}=yes` or `{label}=no`."),
        ));
    }
    for entry in &preference.entries {
        let advice = match entry.key.as_str() {
            "train-ai" => "`train-ai` is AIPREF's label; Content Signals calls it `ai-train`.",
            key if CONTENT_SIGNAL_KEYS.contains(&key) => continue,
            key if CONTENT_USAGE_LABELS.contains(&key) => continue,
            key if OBSOLETE_LABELS.contains(&key) => {
                "This is not a Content Signals key; the keys are `search`, `ai-input` and \
                 `ai-train`."
            }
            _ => continue,
        };
        out.push(Finding::new(
            Code::ObsoletePreferenceLabel,
            preference.line,
            format!("{} {advice}", quote(&entry.key)),
            "Keys a reader does not know express nothing.",
            "Use `search`, `ai-input` and `ai-train` with `yes` or `no`.",
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
