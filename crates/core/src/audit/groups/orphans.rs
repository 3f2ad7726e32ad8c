//! Rules that belong to no group: Allow and Disallow lines before the first user-agent line,
//! which no crawler obeys (RL301).

use crate::audit::text::directive_code;
use crate::audit::{Code, Context, Finding};
use crate::message::{Message, MessageId as M};

pub(super) fn orphan_rules(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let first_group = cx.robots.groups().first().map(|group| group.first_line);
    for rule in cx.robots.orphan_rules() {
        let line = cx.line(rule.line);
        let key = line.key().unwrap_or_default();
        let message = match first_group {
            Some(first) => Message::new(M::RuleBeforeUserAgent).line("first", first),
            None => Message::new(M::RuleBeforeUserAgentNoGroup),
        };
        out.push(
            Finding::new(
                Code::RuleBeforeUserAgent,
                rule.line,
                message.with("rule", directive_code(key, rule.pattern(cx.robots))),
                M::RuleBeforeUserAgentWhy,
                M::RuleBeforeUserAgentFix,
            )
            .with_related(first_group.into_iter().collect()),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::audit::test_support::*;
    use crate::audit::Code;

    #[test]
    fn rules_before_any_user_agent_are_errors() {
        let found = with_code(
            "Disallow: /a\nAllow: /b\nUser-agent: *\nDisallow: /c\n",
            Code::RuleBeforeUserAgent,
        );
        assert_eq!(found.iter().map(|f| f.line).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(found[0].related_lines, [3]);
        assert!(found[0].message.english().contains("`Disallow: /a`"));
    }
}
