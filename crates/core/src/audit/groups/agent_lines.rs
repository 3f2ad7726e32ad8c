//! How each user-agent value reads: a version or a comment after the name (RL307), several
//! names on one line (RL308), a name Google cuts short or reads as empty, a directive run into
//! the value (RL309), and an empty name (RL310).

use super::{crawler_of, BROWSER_TOKEN};
use crate::audit::evidence::{Edit, Intent};
use crate::audit::text::{key_span, rebuild, value_span};
use crate::audit::{Code, Context, Finding};
use crate::group::{product_token, AgentLine, AgentToken, Group};
use crate::lines::Line;
use crate::message::{Message, MessageId as M, Value};

/// Separators after which extra text is a version or a comment, not part of the name.
fn ends_name(c: char) -> bool {
    c.is_whitespace() || matches!(c, '/' | '(' | ';' | ',')
}

pub(super) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let agents = cx
        .robots
        .groups()
        .iter()
        .flat_map(|g| g.agents.iter().map(move |agent| (g, agent)));
    for (group, agent) in agents {
        let line = cx.line(agent.line);
        let value = agent.value();
        if value.is_empty() {
            out.push(empty_user_agent(group, &line));
            continue;
        }
        if let Some(at) = glued_directive(value) {
            glued_to_agent(agent, at, out, &line);
            continue;
        }
        if let Some(names) = listed_names(value) {
            several_agents(agent, &names, out, &line);
            continue;
        }
        match &agent.token {
            AgentToken::Star if agent.has_extra_text => out.push(
                Finding::new(
                    Code::AgentTokenCut,
                    agent.line,
                    Message::new(M::StarWithExtraText).code("value", value),
                    M::StarWithExtraTextWhy,
                    M::StarWithExtraTextFix,
                )
                .with_span(value_span(&line))
                .with_replacement(rebuild(&line, "User-agent", "*"))
                // Google reads `*`, as meant; the line is for the readers that compare it whole.
                .keeping_google_reading(),
            ),
            AgentToken::Star => {}
            AgentToken::Product(token) => {
                let next = value[token.len()..].chars().next();
                let finding = if token.is_empty() || next.is_some_and(|c| !ends_name(c)) {
                    token_cut(agent, token, &line)
                } else if agent.has_extra_text {
                    // `Lycos_Spider_(T-Rex)`: a bracket glued to a name the catalogue does not
                    // know is part of that crawler's name, which readers that compare whole
                    // names find in its user agent as written. Nothing to tell.
                    if value[token.len()..].starts_with('(') && crawler_of(token).is_none() {
                        continue;
                    }
                    // A group that also names `*` (exactly, as Python compares it) is every
                    // crawler's for Python's reader (its fallback record): a version in another
                    // of its names changes no reader's group, and "names no crawler" would be
                    // wrong.
                    if value[token.len()..].starts_with('/')
                        && group.agents.iter().any(|other| other.value() == "*")
                    {
                        continue;
                    }
                    extra_text(agent, token, &line)
                } else {
                    continue;
                };
                out.push(meaning_of_cut(finding, token, &line));
            }
        }
    }
}

/// `User-agent:` with nothing after the colon. Google and RFC 9309 read a name that adds no one
/// to the group; Python's robotparser, which looks for a group's name inside the crawler's,
/// finds the empty name in every crawler's.
fn empty_user_agent(group: &Group, line: &Line) -> Finding {
    let named_beside = group.agents.iter().any(|other| !other.value().is_empty());
    let intent = if named_beside {
        // The rules still reach the group's named crawlers for Google and RFC 9309, as meant;
        // without the line, Python's robotparser reads the group as they do.
        Intent::as_google_reads(vec![Edit::delete(line.number)])
    } else {
        // Alone, the line gives the rules to nobody: likely every crawler was meant.
        Intent::meant(vec![Edit::replace(line.number, "User-agent: *")]).likely()
    };
    Finding::new(
        Code::EmptyUserAgent,
        line.number,
        M::EmptyUserAgent,
        M::EmptyUserAgentWhy,
        M::EmptyUserAgentFix,
    )
    .with_span(key_span(line))
    .with_intent(Some(intent))
}

/// What a name Google reads otherwise was evidently meant to be, when a catalogued crawler's
/// verdict depends on it, as the finding's intent:
///
/// - its letters are a catalogued crawler's token (`Googlebot Image`, `+Baiduspider`): the line
///   names that token, offered as the fix (for the other readers only, when Google already
///   reads that token);
/// - Google's reading is a catalogued crawler's token the line does not mean (`Googlebot
///   Mobile`, read as `Googlebot`): the group was likely meant for a crawler of the whole name,
///   not for that one.
///
/// Otherwise no catalogued crawler's verdict depends on how the name is read (`MJ12bot`,
/// `360Spider`, `Screaming Frog SEO Spider`): the finding stays a note.
fn meaning_of_cut(finding: Finding, token: &str, line: &Line) -> Finding {
    if finding.replacement.is_some() || finding.code != Code::AgentTokenCut {
        return finding;
    }
    let name = written_name(line.value().unwrap_or_default());
    if let Some(meant) = catalogued_token(name) {
        let finding = finding.with_replacement(rebuild(line, "User-agent", meant));
        return if meant.eq_ignore_ascii_case(token) {
            finding.keeping_google_reading()
        } else {
            finding
        };
    }
    if token.is_empty() || crawler_of(token).is_none() {
        return finding;
    }
    let whole = one_token(name);
    if whole.is_empty() || crawler_of(&whole).is_some() || whole.eq_ignore_ascii_case(token) {
        return finding;
    }
    let intent = Intent::meant(vec![Edit::replace(
        line.number,
        format!("User-agent: {whole}"),
    )]);
    finding.with_intent(Some(intent.likely()))
}

/// The name in a user-agent value: what stands before a `/` or `(` (a version, a comment),
/// without the words that hold no letter (`Googlebot 2.1` gives `Googlebot`).
fn written_name(value: &str) -> &str {
    let name = value.split(['/', '(']).next().unwrap_or_default().trim();
    let mut end = name.len();
    for word in name.rsplit(' ') {
        if word.bytes().any(|b| b.is_ascii_alphabetic()) {
            break;
        }
        end = end.saturating_sub(word.len() + 1);
    }
    name[..end.min(name.len())].trim()
}

/// The catalogued crawler token whose letters and digits `name` has, in order, whatever
/// separators and marks stand between them (`Googlebot Image`, `"GPTBot`, `+Baiduspider`).
fn catalogued_token(name: &str) -> Option<&'static str> {
    let wanted = super::names::letters(name);
    if wanted.is_empty() {
        return None;
    }
    crate::catalogue::crawlers()
        .iter()
        .flat_map(|crawler| crawler.tokens.iter().copied())
        .find(|known| super::names::letters(known) == wanted)
}

/// `name` as one product token: its runs of other characters become one `-` (`Googlebot Mobile`
/// gives `Googlebot-Mobile`).
fn one_token(name: &str) -> String {
    let mut out = String::new();
    for part in name.split(|c: char| !(c.is_ascii_alphabetic() || c == '-' || c == '_')) {
        if part.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push('-');
        }
        out.push_str(part);
    }
    out
}

/// Where a directive written on the same line starts (`Kimengi/nine.com Disallow: /` → the
/// offset of `Disallow`): a word after the name that is a directive's key and a `:`.
fn glued_directive(value: &str) -> Option<usize> {
    const KEYS: &[&str] = &["user-agent", "allow", "disallow", "sitemap", "crawl-delay"];
    let mut offset = 0;
    for word in value.split(' ') {
        let start = offset;
        offset += word.len() + 1;
        if start == 0 {
            continue;
        }
        let key = word.split_once(':').map(|(key, _)| key);
        if key.is_some_and(|key| KEYS.iter().any(|k| key.eq_ignore_ascii_case(k))) {
            return Some(start);
        }
    }
    None
}

/// `User-agent: Kimengi Disallow: /`: two lines run together, so the rule is part of the name.
fn glued_to_agent(agent: &AgentLine, at: usize, out: &mut Vec<Finding>, line: &Line) {
    let value = agent.value();
    let mut name = value[..at].trim_end();
    // A version after the name (`LexxeBot/1.0`) goes with the directive: every reader then
    // finds the group, as `user-agent-extra-text` would say of the line written apart.
    if let AgentToken::Product(token) = &agent.token {
        if !token.is_empty() && name[token.len()..].starts_with(['/', '(']) {
            name = &name[..token.len()];
        }
    }
    let directive = &value[at..];
    let message = match &agent.token {
        AgentToken::Star => Message::new(M::GluedDirective).code("name", "*"),
        AgentToken::Product(token) if token.is_empty() => Message::new(M::GluedDirectiveEmptyName),
        AgentToken::Product(token) => Message::new(M::GluedDirective).code("name", token),
    };
    let replacement =
        rebuild(line, "User-agent", name).map(|first| format!("{first}\n{directive}"));
    out.push(
        Finding::new(
            Code::AgentTokenCut,
            agent.line,
            message.code("value", value).code("directive", directive),
            M::GluedDirectiveWhy,
            M::GluedDirectiveFix,
        )
        .with_span(value_span(line))
        .with_replacement(replacement),
    );
}

/// `GPTBot, CCBot`: the names of a list, when the value is one.
fn listed_names(value: &str) -> Option<Vec<String>> {
    // A `;` inside parentheses belongs to a browser UA string, not to a list.
    if !value.contains([',', ';']) || value.contains('(') {
        return None;
    }
    // Every part must look like a crawler's name on its own: text pasted from elsewhere
    // (`[NC,OR]`, mod_rewrite's flags; `www,example.com`, a garbled host) has commas too, and
    // reading its pieces as crawlers would propose `User-agent: OR`. Such a value is left to
    // the checks of names Google reads otherwise, which say what readers make of it.
    let mut names = Vec::new();
    for part in value.split([',', ';']).map(str::trim) {
        if part.is_empty() {
            continue;
        }
        if part == "*" {
            names.push("*".to_owned());
            continue;
        }
        let (name, version) = part.split_once('/').unwrap_or((part, ""));
        let is_name = name.bytes().any(|b| b.is_ascii_alphabetic())
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            && version.bytes().all(|b| b.is_ascii_digit() || b == b'.');
        if !is_name {
            return None;
        }
        let token = product_token(part.as_bytes());
        if !token.is_empty() {
            names.push(token.to_owned());
        }
    }
    (names.len() >= 2).then_some(names)
}

fn several_agents(agent: &AgentLine, names: &[String], out: &mut Vec<Finding>, line: &Line) {
    let first = &names[0];
    let others: Vec<Value> = names[1..].iter().map(|n| Value::code(n)).collect();
    let replacement = (!line.invalid_utf8).then(|| {
        names
            .iter()
            .map(|name| format!("User-agent: {name}"))
            .collect::<Vec<_>>()
            .join("\n")
    });
    out.push(
        Finding::new(
            Code::SeveralAgentsOnOneLine,
            agent.line,
            Message::new(if others.len() == 1 {
                M::SeveralAgentsOne
            } else {
                M::SeveralAgents
            })
            .code("value", agent.value())
            .count("count", names.len())
            .code("first", first)
            .list("others", others),
            M::SeveralAgentsWhy,
            M::SeveralAgentsFix,
        )
        .with_span(value_span(line))
        .with_replacement(replacement),
    );
}

/// How a user-agent value that Google cuts short was evidently typed; each shape has its own
/// message, explanation and fix, chosen once so they cannot disagree.
enum Cut<'a> {
    /// `"Googlebot"`: a whole name in quotes.
    Quoted(&'a str),
    /// `*;`, `*,` (`meant`: the star with a mark after it, evidently every crawler) or `*foo`.
    Star { meant: bool },
    /// A value with no product token at all.
    Empty,
    /// `Mediapartners-Google*` (`trailing`) or `Google*bot`: Google reads the name before it.
    StarAfterName { trailing: bool },
    /// `Yahoo! Slurp`: the operator's name with a mark, then the crawler's token.
    Words(&'a str),
    /// Anything else Google reads only the leading letters of.
    Other,
}

fn token_cut(agent: &AgentLine, token: &str, line: &Line) -> Finding {
    let value = agent.value();
    let word: String = value.chars().take_while(|&c| !ends_name(c)).collect();
    let unquoted = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .or_else(|| value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')))
        .filter(|inner| !inner.is_empty() && product_token(inner.as_bytes()) == *inner);
    let cut = if let Some(inner) = unquoted {
        Cut::Quoted(inner)
    } else if token.is_empty() && value.starts_with('*') {
        Cut::Star {
            meant: value.trim_end_matches(|c: char| {
                c.is_ascii_punctuation() && c != '*' || c.is_whitespace()
            }) == "*",
        }
    } else if token.is_empty() {
        Cut::Empty
    } else if value[token.len()..].starts_with('*') {
        Cut::StarAfterName {
            trailing: &value[token.len()..] == "*",
        }
    } else if let Some(last) = named_after_mark(value, &word) {
        Cut::Words(last)
    } else {
        Cut::Other
    };
    let (message, replacement, why, fix) = match cut {
        Cut::Quoted(inner) => (
            Message::new(M::TokenCutQuoted).code("name", inner),
            rebuild(line, "User-agent", inner),
            M::TokenCutWhy,
            Message::new(M::TokenCutFix),
        ),
        Cut::Star { meant: true } => (
            Message::new(M::TokenCutStar).code("value", value),
            rebuild(line, "User-agent", "*"),
            M::StarWithExtraTextWhy,
            Message::new(M::WriteSimpler).code("value", "User-agent: *"),
        ),
        Cut::Star { meant: false } => (
            Message::new(M::TokenCutStar).code("value", value),
            None,
            M::TokenCutWhy,
            Message::new(M::TokenCutFix),
        ),
        Cut::Empty => (
            Message::new(M::TokenCutEmpty).code("value", value),
            None,
            M::TokenCutWhy,
            Message::new(M::TokenCutFix),
        ),
        Cut::StarAfterName { trailing } => (
            Message::new(if trailing {
                M::TokenCutTrailingStar
            } else {
                M::TokenCutInnerStar
            })
            .code("value", value)
            .code("token", token),
            rebuild(line, "User-agent", token),
            if trailing {
                M::TrailingStarWhy
            } else {
                M::TokenCutWhy
            },
            if trailing {
                Message::new(M::WriteSimpler).code("value", &format!("User-agent: {token}"))
            } else {
                Message::new(M::TokenCutFix)
            },
        ),
        Cut::Words(last) => (
            Message::new(M::TokenCutWords)
                .code("value", value)
                .code("token", token)
                .code("last", last),
            rebuild(line, "User-agent", last),
            M::ExtraTextWhy,
            Message::new(M::TokenCutWordsFix)
                .code("last", last)
                .code("line", &format!("User-agent: {last}")),
        ),
        Cut::Other => (
            Message::new(M::TokenCut)
                .code("value", value)
                .code("token", token)
                .code("word", &word),
            None,
            M::TokenCutWhy,
            Message::new(M::TokenCutFix),
        ),
    };
    let finding = Finding::new(Code::AgentTokenCut, agent.line, message, why, fix)
        .with_span(value_span(line));
    match (cut, replacement) {
        // The crawler meant is likely the word after the mark, which the evidence asks as
        // [`meant_name`] gives it: the group is its, written so.
        (Cut::Words(_), Some(text)) => finding
            .with_intent(Some(
                Intent::fix(vec![Edit::replace(line.number, text.as_str())]).likely(),
            ))
            .with_replacement(Some(text)),
        // `Google*` is read as `Google`, as meant; the fix is for the readers that compare it whole.
        (Cut::StarAfterName { .. }, replacement) => finding
            .with_replacement(replacement)
            .keeping_google_reading(),
        (_, replacement) => finding.with_replacement(replacement),
    }
}

/// The crawler a user-agent value evidently names, when that is not the token Google reads:
/// `Slurp` for `Yahoo! Slurp` ([`named_after_mark`]). The evidence asks this name rather than
/// the token, which no crawler goes by.
pub(in crate::audit) fn meant_name(value: &str) -> Option<&str> {
    let word = &value[..value.find(ends_name).unwrap_or(value.len())];
    named_after_mark(value, word)
}

/// The second word of a two-word name whose first word is a product token and one mark
/// (`Yahoo! Slurp` gives `Slurp`), when that word is a whole product token. A longer name
/// (`U.s. government printing office`) names no crawler by its last word, and a backslash is
/// no mark but a space escaped inside one name (`Download\ Demon`).
fn named_after_mark<'a>(value: &'a str, first_word: &str) -> Option<&'a str> {
    let token = product_token(first_word.as_bytes());
    let mark = first_word[token.len()..].chars().collect::<Vec<_>>();
    let marked = !token.is_empty()
        && matches!(mark.as_slice(), [c] if c.is_ascii_punctuation() && !matches!(c, '*' | '\\'));
    let mut rest = value[first_word.len()..].split_whitespace();
    let second = rest.next()?;
    (marked && rest.next().is_none() && product_token(second.as_bytes()) == second)
        .then_some(second)
}

fn extra_text(agent: &AgentLine, token: &str, line: &Line) -> Finding {
    let value = agent.value();
    let rest = value[token.len()..].trim();
    // A version or a comment after the name is read the same by every reader: a note. Extra
    // words or a browser's whole UA string change the name for Google: a warning.
    let mut code = Code::AgentTokenCut;
    let (message, replacement) = if token.eq_ignore_ascii_case(BROWSER_TOKEN) {
        let bot = bot_names(value);
        (
            Message::new(M::BrowserUserAgent)
                .code("value", value)
                .code("token", token),
            match bot.as_slice() {
                [one] => rebuild(line, "User-agent", one),
                _ => None,
            },
        )
    } else if rest.starts_with('/') || rest.starts_with('(') {
        code = Code::UserAgentExtraText;
        (
            Message::new(M::ExtraTextVersion)
                .code("value", value)
                .code("token", token)
                .code("rest", rest),
            rebuild(line, "User-agent", token),
        )
    } else {
        (
            Message::new(M::ExtraTextWords)
                .code("value", value)
                .code("token", token)
                .code("rest", rest),
            None,
        )
    };
    // Words after the first (`MS Search 6.0 Robot`, `Sogou web spider`) may be the name the
    // crawler documents and its own parser compares whole: the story of a cut token, whose
    // fix keeps a documented name. A browser's whole UA string is no crawler's name.
    let (why, fix) = if code == Code::UserAgentExtraText {
        (M::ExtraTextVersionWhy, M::ExtraTextVersionFix)
    } else if !token.eq_ignore_ascii_case(BROWSER_TOKEN) {
        (M::TokenCutWhy, M::TokenCutFix)
    } else {
        (M::ExtraTextWhy, M::ExtraTextFix)
    };
    let finding = Finding::new(code, agent.line, message, why, fix)
        .with_span(value_span(line))
        .with_replacement(replacement);
    // Google and RFC 9309 read the product token, as meant: the fix is for the others.
    if code == Code::UserAgentExtraText {
        finding.keeping_google_reading()
    } else {
        finding
    }
}

/// Words of a UA string that look like a crawler's product token (`Googlebot`, `Baiduspider`).
fn bot_names(value: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for word in value.split(|c: char| !(c.is_ascii_alphabetic() || c == '-' || c == '_')) {
        let lower = word.to_ascii_lowercase();
        let botlike = ["bot", "spider", "crawler"]
            .iter()
            .any(|suffix| lower.ends_with(suffix) && lower.len() > suffix.len());
        if botlike && !names.iter().any(|n| n.eq_ignore_ascii_case(word)) {
            names.push(word.to_owned());
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::super::allowed_by_profile;
    use crate::audit::test_support::*;
    use crate::audit::FixCheck;
    use crate::audit::{Code, Severity};
    use crate::profile::Profile;

    #[test]
    fn a_word_after_a_mark_is_the_crawler_but_not_after_an_escaped_space() {
        let slurp = with_code(
            "User-agent: Yahoo! Slurp\nDisallow: /x\n",
            Code::AgentTokenCut,
        );
        assert_eq!(slurp[0].replacement.as_deref(), Some("User-agent: Slurp"));
        // `Download\ Demon` is one name with its space escaped: no crawler called `Demon`.
        let demon = with_code(
            "User-agent: Download\\ Demon\nDisallow: /\n",
            Code::AgentTokenCut,
        );
        assert_eq!(demon[0].replacement, None);
        assert!(
            !demon[0].fix.english().contains("Demon`"),
            "{}",
            demon[0].fix
        );
    }

    #[test]
    fn a_bracket_glued_to_an_unknown_name_is_part_of_it() {
        // Lycos's crawler calls itself `Lycos_Spider_(T-Rex)`: Python finds the whole value in
        // that name, Google reads `Lycos_Spider_`. A known crawler's glued comment is still one.
        let lycos = "User-agent: Lycos_Spider_(T-Rex)\nDisallow: /\n";
        assert!(with_code(lycos, Code::UserAgentExtraText).is_empty());
        assert!(with_code(lycos, Code::AgentTokenCut).is_empty());
        let known = "User-agent: Googlebot(compatible)\nDisallow: /\n";
        assert_eq!(with_code(known, Code::UserAgentExtraText).len(), 1);
    }

    #[test]
    fn a_version_in_a_group_that_also_names_star_changes_no_reader() {
        let input = "User-agent: *\nUser-agent: yahoo-blogs/v3.9\nDisallow: /x\n";
        assert!(with_code(input, Code::UserAgentExtraText).is_empty());
        let alone = "User-agent: yahoo-blogs/v3.9\nDisallow: /x\n";
        assert_eq!(with_code(alone, Code::UserAgentExtraText).len(), 1);
    }

    #[test]
    fn a_fix_that_moves_python_away_from_googles_reading_is_withheld() {
        // Python skips `Googlebot/2.1` and reads the later `Googlebot` group, the same rules:
        // it already answers as Google does. Written `Googlebot`, the first group would be
        // Python's, and a blank line ends it before `/private/`: the fix would open it.
        let input = "User-agent: Googlebot/2.1\nDisallow: /a\n\nDisallow: /private/\n\n\
                     User-agent: Googlebot\nDisallow: /a\nDisallow: /private/\n";
        let found = with_code(input, Code::UserAgentExtraText);
        assert_eq!(found[0].severity, Severity::Info, "{:?}", found[0].effect);
        assert_eq!(found[0].fix_check, FixCheck::Withheld);
        assert!(
            found[0].fix.english().contains("with the fix, it may"),
            "{}",
            found[0].fix
        );
        // Without the later group, Python reads no group for Googlebot: the fix gives it the
        // rules Google reads, and it is offered.
        let alone = "User-agent: Googlebot/2.1\nDisallow: /private/\n\nUser-agent: *\nDisallow:\n";
        let found = with_code(alone, Code::UserAgentExtraText);
        assert_eq!(found[0].severity, Severity::Warning);
        assert_eq!(found[0].fix_check, FixCheck::Checked);
    }

    #[test]
    fn an_empty_name_is_evidenced_by_the_readers_it_changes() {
        let readers = |input: &str| -> Vec<(Severity, Vec<Profile>)> {
            with_code(input, Code::EmptyUserAgent)
                .iter()
                .map(|f| (f.severity, f.effect.iter().map(|e| e.profile).collect()))
                .collect()
        };
        // Alone, it gives the rules to nobody for Google and RFC 9309 (and to everyone for
        // Python's robotparser): `*` is the likely meaning, so a warning at most.
        let alone = readers("User-agent:\nDisallow: /private/\n");
        assert_eq!(alone[0].0, Severity::Warning);
        assert!(alone[0].1.contains(&Profile::Google), "{alone:?}");
        assert!(!alone[0].1.contains(&Profile::Python), "{alone:?}");
        // Beside a named crawler, Google and RFC 9309 give the rules to that crawler, as meant;
        // only Python's robotparser, which finds the empty name in every crawler's, differs.
        let beside = readers(
            "User-agent:\nUser-agent: Googlebot\nDisallow: /private/\n\nUser-agent: *\nDisallow:\n",
        );
        assert_eq!(beside[0].0, Severity::Warning);
        assert!(
            !beside[0].1.is_empty() && beside[0].1.iter().all(|p| *p == Profile::Python),
            "{beside:?}"
        );
        // What the evidence says is what the profiles answer.
        let input = "User-agent:\nUser-agent: Googlebot\nDisallow: /private/\n";
        let model = crate::profile::AgentMatch::Substring;
        assert_eq!(
            allowed_by_profile(input, "Bingbot", "/private/", model)[..3],
            [true, true, false]
        );
    }

    #[test]
    fn user_agent_values_are_read_as_google_reads_them() {
        let input = "User-agent: Googlebot/2.1\nUser-agent: MJ12bot\nUser-agent: \"Bingbot\"\n\
                     User-agent: *bot\nUser-agent: GPTBot, CCBot\nUser-agent:\nUser-agent: * all\n\
                     User-agent: Mozilla/5.0 (compatible; Yandexbot/3.0)\n\
                     User-agent: Googlebot Images\n\
                     User-agent: Google*\nUser-agent: 360Spider\nDisallow: /\n";
        let found = findings(input);
        let by_line = |n: usize| {
            found
                .iter()
                .find(|f| f.line == n)
                .map(|f| (f.code, f.replacement.clone()))
        };
        assert_eq!(
            by_line(1),
            Some((
                Code::UserAgentExtraText,
                Some("User-agent: Googlebot".into())
            ))
        );
        assert_eq!(by_line(2), Some((Code::AgentTokenCut, None)));
        assert_eq!(
            by_line(3),
            Some((Code::AgentTokenCut, Some("User-agent: Bingbot".into())))
        );
        assert_eq!(by_line(4), Some((Code::AgentTokenCut, None)));
        assert_eq!(
            by_line(5),
            Some((
                Code::SeveralAgentsOnOneLine,
                Some("User-agent: GPTBot\nUser-agent: CCBot".into())
            ))
        );
        assert_eq!(by_line(6), Some((Code::EmptyUserAgent, None)));
        // Only a version is a mere note; a `*` with words, a browser's UA string and extra
        // words change the name some reader sees.
        assert_eq!(
            by_line(7),
            Some((Code::AgentTokenCut, Some("User-agent: *".into())))
        );
        assert_eq!(
            by_line(8),
            Some((Code::AgentTokenCut, Some("User-agent: Yandexbot".into())))
        );
        assert_eq!(by_line(9), Some((Code::AgentTokenCut, None)));
        assert_eq!(Code::UserAgentExtraText.severity(), Severity::Info);
        assert_eq!(Code::AgentTokenCut.severity(), Severity::Warning);
        assert_eq!(
            by_line(10),
            Some((Code::AgentTokenCut, Some("User-agent: Google".into())))
        );
        assert_eq!(by_line(11), Some((Code::AgentTokenCut, None)));
        let mj = found.iter().find(|f| f.line == 2).unwrap();
        assert!(mj.message.english().contains("as `MJ`"), "{}", mj.message);
    }

    #[test]
    fn a_directive_run_into_a_user_agent_value_is_not_a_version() {
        // english.elpais.com in the real corpus: each group's two lines joined into one.
        let input = "User-agent: Kimengi Disallow: /\n\
                     User-agent: Kimengi/nineconnections.com Disallow: /\n\
                     User-agent: LexxeBot/1.0 disallow:/\n\
                     User-agent: Wget/1.6\nDisallow: /\n";
        let found = findings(input);
        let name_finding = |n: usize| {
            found
                .iter()
                .find(|f| {
                    f.line == n && matches!(f.code, Code::AgentTokenCut | Code::UserAgentExtraText)
                })
                .map(|f| (f.code, f.replacement.clone(), f.message.clone()))
                .unwrap()
        };
        let (code, replacement, message) = name_finding(1);
        assert_eq!(code, Code::AgentTokenCut);
        assert_eq!(
            replacement.as_deref(),
            Some("User-agent: Kimengi\nDisallow: /")
        );
        assert!(
            message.english().contains("holds `Disallow: /`"),
            "{message}"
        );
        let (code, replacement, message) = name_finding(2);
        assert_eq!(code, Code::AgentTokenCut, "{message}");
        assert_eq!(
            replacement.as_deref(),
            Some("User-agent: Kimengi\nDisallow: /")
        );
        assert!(message.english().contains("as `Kimengi`"), "{message}");
        assert_eq!(name_finding(3).0, Code::AgentTokenCut);
        assert_eq!(
            name_finding(3).1.as_deref(),
            Some("User-agent: LexxeBot\ndisallow:/")
        );
        // A version alone is still only a note, and its text names the readers that differ.
        let (code, _, _) = name_finding(4);
        assert_eq!(code, Code::UserAgentExtraText);
        let why = &found.iter().find(|f| f.line == 4).unwrap().why;
        assert!(why.english().contains("Python's robotparser"), "{why}");
    }

    #[test]
    fn a_whole_user_agent_header_and_its_short_forms_are_one_cause() {
        // explore.openaire.eu in the real corpus: Google reads every line as `mozilla`, which
        // RL309 says on each line; no second finding calls them repeats.
        let input = "User-agent: Mozilla/4.0 (compatible; BullsEye; Windows 95)\n\
                     User-agent: mozilla/4\nUser-agent: MOZILLA/4\nDisallow: /\n";
        assert!(with_code(input, Code::RepeatedUserAgent).is_empty());
        assert_eq!(with_code(input, Code::AgentTokenCut).len(), 3);
    }

    #[test]
    fn a_version_in_a_user_agent_value_names_the_readers_it_fails() {
        let input = "User-agent: Googlebot/2.1\nDisallow: /private/\n";
        let found = with_code(input, Code::UserAgentExtraText);
        assert_eq!(found.len(), 1);
        // A warning, never an error: Google and RFC 9309 read the product token, as meant;
        // only Python's robotparser answers otherwise, and the evidence says so.
        assert_eq!(found[0].severity, Severity::Warning);
        assert!(!found[0].effect.is_empty());
        assert!(found[0].effect.iter().all(|e| e.profile == Profile::Python));
        assert_eq!(found[0].fix_check, crate::audit::FixCheck::Checked);
        let message = found[0].message.english();
        assert!(!message.starts_with("Only the product token"), "{message}");
        assert!(
            message.contains("reads `Googlebot/2.1` as `Googlebot`"),
            "{message}"
        );
        assert!(
            message.contains("Python's robotparser (≤ 3.12) and the 1994 convention"),
            "{message}"
        );
        // What the message says is what the profiles answer.
        assert_eq!(
            allowed_by_profile(
                input,
                "Googlebot",
                "/private/x",
                crate::profile::AgentMatch::Token
            ),
            [false, false, true, true]
        );
    }

    #[test]
    fn a_cut_name_is_a_note_unless_a_catalogued_crawler_depends_on_it() {
        let severity = |name: &str| {
            let input = format!("User-agent: {name}\nDisallow: /\n\nUser-agent: *\nDisallow: /x\n");
            let found = with_code(&input, Code::AgentTokenCut);
            (
                found[0].severity,
                found[0].replacement.clone(),
                found[0].fix_check,
            )
        };
        // Names tools document and read whole: no catalogued crawler's verdict depends on them.
        for name in [
            "MJ12bot",
            "360Spider",
            "crawler4j",
            "Screaming Frog SEO Spider",
        ] {
            assert_eq!(
                severity(name),
                (Severity::Info, None, FixCheck::None),
                "{name}"
            );
        }
        // A catalogued token written otherwise: the token is the fix.
        assert_eq!(
            severity("Googlebot Image"),
            (
                Severity::Error,
                Some("User-agent: Googlebot-Image".into()),
                FixCheck::Checked
            )
        );
        assert_eq!(
            severity("+Baiduspider"),
            (
                Severity::Error,
                Some("User-agent: Baiduspider".into()),
                FixCheck::Checked
            )
        );
        // Google's reading is a catalogued crawler the line does not mean: likely, a warning.
        assert_eq!(severity("Googlebot Mobile").0, Severity::Warning);
        // The catalogue's own tokens are read from it: `Yandex Images` is YandexImages.
        assert_eq!(
            severity("Yandex Images").1.as_deref(),
            Some("User-agent: YandexImages")
        );
    }
}
