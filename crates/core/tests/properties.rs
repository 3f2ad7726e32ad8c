//! Property tests: no input panics or hangs, spans are lossless, and RFC 9309 normalisation
//! makes a pattern and its percent-encoded twin decide alike.

use proptest::prelude::*;
use robots_lens::{compare_profiles, AgentMatch, Profile, Question, RobotsTxt, UrlReading};

/// Bytes that exercise the parser: keys, separators, every line ending, NUL, BOM bytes,
/// wildcards, escapes and invalid UTF-8.
fn robots_bytes() -> impl Strategy<Value = Vec<u8>> {
    let pieces = prop_oneof![
        Just(b"User-agent: ".to_vec()),
        Just(b"Disallow: ".to_vec()),
        Just(b"Allow: ".to_vec()),
        Just(b"Sitemap: ".to_vec()),
        Just(b"useragent ".to_vec()),
        Just(b"*".to_vec()),
        Just(b"$".to_vec()),
        Just(b"/".to_vec()),
        Just(b"%2A".to_vec()),
        Just(b"%e9".to_vec()),
        Just(b"#".to_vec()),
        Just(b":".to_vec()),
        Just(b"\n".to_vec()),
        Just(b"\r\n".to_vec()),
        Just(b"\r".to_vec()),
        Just(b"\0".to_vec()),
        Just(b"\xEF\xBB\xBF".to_vec()),
        Just(b"\xE9\xFF".to_vec()),
        Just(b" \t".to_vec()),
        "[a-zA-Z0-9_-]{1,8}".prop_map(String::into_bytes),
    ];
    prop::collection::vec(pieces, 0..40).prop_map(|pieces| pieces.concat())
}

proptest! {
    #[test]
    fn any_bytes_parse_losslessly_and_check_without_panicking(
        input in robots_bytes(),
        agent in "[ -~]{0,20}",
        url in "[ -~é]{0,30}",
    ) {
        let robots = RobotsTxt::parse(&input);
        let mut previous_end = robots.facts().bom_bytes;
        for (index, line) in robots.lines().iter().enumerate() {
            prop_assert_eq!(line.number, index + 1);
            prop_assert!(line.start >= previous_end && line.start <= line.end);
            prop_assert!(line.end <= input.len());
            // Between two lines there is exactly one terminator.
            let gap = &input[previous_end..line.start];
            prop_assert!(index == 0 || matches!(gap, b"\n" | b"\r" | b"\r\n"), "gap {:?}", gap);
            previous_end = line.end;
        }
        for profile in Profile::ALL {
            for model in AgentMatch::ALL {
                // Read as Google's library reads a request line, which refuses no URL.
                let question = Question::agent(&agent, &url)
                    .agent_match(model)
                    .reading(UrlReading::RequestLine);
                let Ok(verdict) = robots.checker(profile).ask_verdict(&question) else {
                    // Only an argument past the limits is refused.
                    prop_assert!(agent.len() > robots_lens::MAX_AGENT_BYTES || url.len() > robots_lens::MAX_URL_BYTES);
                    continue;
                };
                prop_assert!(verdict.path.starts_with('/'));
                // Every profile as the main one: the explanations of disagreements never panic.
                let rows = compare_profiles(&robots, &question, &verdict);
                prop_assert_eq!(rows.len(), Profile::ALL.len());
                if let Some(rule) = &verdict.decisive {
                    prop_assert!(verdict.matches.contains(rule));
                }
            }
        }
    }

    #[test]
    fn a_pattern_and_its_percent_encoded_twin_decide_alike_under_rfc9309(
        pattern in "/[a-z~._/é*-]{0,10}[$]?",
        path in "/[a-z~._/é-]{0,12}",
        encode_mask in any::<u32>(),
    ) {
        let twin = percent_encode_some(&pattern, encode_mask);
        let path_twin = percent_encode_some(&path, encode_mask.rotate_left(7));
        let plain = RobotsTxt::parse(format!("User-agent: *\nDisallow: {pattern}\n").as_bytes());
        let encoded = RobotsTxt::parse(format!("User-agent: *\nDisallow: {twin}\n").as_bytes());
        let decide = |robots: &RobotsTxt, url: &str| {
            let question = Question::agent("bot", url).reading(UrlReading::RequestLine);
            let verdict = robots.checker(Profile::Rfc9309).ask_verdict(&question).unwrap();
            (verdict.allowed, verdict.decisive.map(|rule| rule.length))
        };
        let expected = decide(&plain, &path);
        prop_assert_eq!(decide(&encoded, &path), expected, "twin pattern {}", twin);
        prop_assert_eq!(decide(&plain, &path_twin), expected, "twin path {}", path_twin);
    }
}

/// Percent-encodes the characters selected by `mask` (unreserved ASCII and non-ASCII only:
/// encoding `*`, `$` or `/` would change the meaning), with hex case chosen by the mask too.
fn percent_encode_some(text: &str, mask: u32) -> String {
    let mut out = String::new();
    for (index, ch) in text.chars().enumerate() {
        let selected = mask.rotate_right(index as u32) & 1 == 1;
        let encodable = ch.is_ascii_alphanumeric() || "~._-".contains(ch) || !ch.is_ascii();
        if selected && encodable {
            let mut buffer = [0; 4];
            for byte in ch.encode_utf8(&mut buffer).bytes() {
                if mask.rotate_right(index as u32 + 3) & 1 == 1 {
                    out.push_str(&format!("%{byte:02x}"));
                } else {
                    out.push_str(&format!("%{byte:02X}"));
                }
            }
        } else {
            out.push(ch);
        }
    }
    out
}

#[test]
fn pathological_inputs_finish() {
    let mut huge = String::from("User-agent: *\n");
    huge.push_str(&format!("Disallow: /{}\n", "*a".repeat(50_000)));
    huge.push_str(&"Disallow: /x\n".repeat(200_000));
    let robots = RobotsTxt::parse(huge.as_bytes());
    assert!(robots.facts().first_line_beyond_limit.is_some());
    let path = format!("/{}b", "a".repeat(2_000));
    let verdict = robots
        .checker(Profile::Google)
        .ask_verdict(&Question::agent("bot", &path))
        .unwrap();
    assert!(verdict.allowed);
}
