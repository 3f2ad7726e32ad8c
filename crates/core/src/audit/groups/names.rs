//! Names no crawler follows: a token its operator retired (RL314).

use crate::audit::{Code, Context, Finding};
use crate::catalogue::{find_crawler, find_retired};
use crate::message::{Message, MessageId as M, Value};

/// A group for a token its operator retired (the catalogue's `retired` list), when no group
/// names the crawlers that replaced it.
pub(super) fn retired_tokens(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let named = |token: &str| {
        cx.agents
            .iter()
            .any(|agent| agent.token.eq_ignore_ascii_case(token))
    };
    for agent in &cx.agents {
        let Some(retired) = find_retired(&agent.token) else {
            continue;
        };
        let successors: Vec<&str> = retired
            .replaced_by
            .iter()
            .filter_map(|name| find_crawler(name))
            .filter_map(|crawler| crawler.tokens.first().copied())
            .collect();
        // A file that names one of the current tokens has moved on already.
        if successors.is_empty() || successors.iter().any(|token| named(token)) {
            continue;
        }
        let missing: Vec<Value> = successors.iter().map(|token| Value::code(token)).collect();
        out.push(Finding::new(
            Code::RetiredAgentToken,
            agent.lines[0],
            Message::new(M::RetiredAgentToken)
                .code("token", &agent.token)
                .list("successors", missing),
            M::RetiredAgentTokenWhy,
            Message::new(M::RetiredAgentTokenFix).text("successor", successors[0]),
        ));
    }
}

#[cfg(test)]
mod tests {
    use crate::audit::test_support::*;
    use crate::audit::Code;

    #[test]
    fn retired_tokens_are_named_with_their_successors() {
        let found = with_code(
            "User-agent: anthropic-ai\nDisallow: /\n",
            Code::RetiredAgentToken,
        );
        assert_eq!(found.len(), 1);
        assert!(
            found[0].message.english().contains("`ClaudeBot`"),
            "{}",
            found[0].message
        );
        let current = "User-agent: anthropic-ai\nUser-agent: ClaudeBot\nDisallow: /\n";
        assert!(with_code(current, Code::RetiredAgentToken).is_empty());
    }
}
