//! Every audit code, with the documentation the page and the CLI show for it.
//!
//! This file is the one source of the text: each [`CodeDoc`] has the same headings as Ruff's rule
//! documentation (what it does, why it matters, an example, the fix, a reference), and
//! [`Code::doc`] finds it. The crate's tests run every example through the audit: the example
//! must produce its code and the fix must not, so the documentation cannot drift from the checks.
//!
//! # Codes are stable
//!
//! A code is `RL` and three digits; the first digit names the concern: `RL1xx` the file as a
//! whole, `RL2xx` how single lines are read, `RL3xx` groups and user agents, `RL4xx` Allow and
//! Disallow patterns, `RL5xx` sitemaps and non-standard directives, `RL6xx` AI usage preferences (`Content-Usage`,
//! `Content-Signal`, `License`). A code keeps its meaning
//! forever; a check that is withdrawn leaves its number unused, and a new check takes a new one.
//! Each code also has a kebab-case name for people; tools should key on the code.
//!
//! # Text conventions
//!
//! Texts are plain sentences; code, keys and values are in `backticks` (the page renders them as
//! code, nothing else is markup). Examples are robots.txt files as they would be served; where a
//! problem lies in bytes that text cannot show (a byte order mark, UTF-16, a NUL), a `#` comment
//! in the example says which bytes are there.

use std::fmt;
use std::str::FromStr;

use super::Severity;

/// An audit code: what kind of problem a [`Finding`](super::Finding) reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Code {
    /// RL101 `html-page`
    HtmlPage,
    /// RL102 `utf16-file`
    Utf16File,
    /// RL103 `byte-order-mark`
    ByteOrderMark,
    /// RL104 `invalid-utf8`
    InvalidUtf8,
    /// RL105 `over-size-limit`
    OverSizeLimit,
    /// RL106 `no-groups`
    NoGroups,
    /// RL107 `binary-file`
    BinaryFile,
    /// RL108 `mangled-byte-order-mark`
    MangledByteOrderMark,
    /// RL201 `unreadable-line`
    UnreadableLine,
    /// RL202 `text-line`
    TextLine,
    /// RL203 `missing-colon`
    MissingColon,
    /// RL204 `misspelled-directive`
    MisspelledDirective,
    /// RL205 `unknown-directive`
    UnknownDirective,
    /// RL206 `nonstandard-spelling`
    NonstandardSpelling,
    /// RL207 `invisible-character`
    InvisibleCharacter,
    /// RL208 `nul-byte`
    NulByte,
    /// RL209 `line-too-long`
    LineTooLong,
    /// RL301 `rule-before-user-agent`
    RuleBeforeUserAgent,
    /// RL302 `named-group-ignores-star`
    NamedGroupIgnoresStar,
    /// RL303 `agent-in-several-groups`
    AgentInSeveralGroups,
    /// RL304 `repeated-user-agent`
    RepeatedUserAgent,
    /// RL305 `no-star-group`
    NoStarGroup,
    /// RL306 `site-closed-to-all`
    SiteClosedToAll,
    /// RL307 `user-agent-extra-text`
    UserAgentExtraText,
    /// RL308 `several-agents-on-one-line`
    SeveralAgentsOnOneLine,
    /// RL309 `agent-token-cut`
    AgentTokenCut,
    /// RL310 `empty-user-agent`
    EmptyUserAgent,
    /// RL311 `line-inside-agent-list`
    LineInsideAgentList,
    /// RL312 `group-without-rules`
    GroupWithoutRules,
    /// RL313 `blank-line-in-group`
    BlankLineInGroup,
    /// RL314 `retired-agent-token`
    RetiredAgentToken,
    /// RL315 `trailing-group-line`
    TrailingGroupLine,
    /// RL316 `set-apart-rules`
    SetApartRules,
    /// RL317 `unfollowed-name`
    UnfollowedName,
    /// RL401 `pattern-without-slash`
    PatternWithoutSlash,
    /// RL402 `dollar-inside-pattern`
    DollarInsidePattern,
    /// RL403 `redundant-wildcard`
    RedundantWildcard,
    /// RL404 `empty-rule-among-rules`
    EmptyRuleAmongRules,
    /// RL405 `allow-disallow-same-pattern`
    AllowDisallowSamePattern,
    /// RL406 `shadowed-rule`
    ShadowedRule,
    /// RL407 `duplicate-rule`
    DuplicateRule,
    /// RL408 `blocks-css-or-js`
    BlocksCssOrJs,
    /// RL409 `non-ascii-pattern`
    NonAsciiPattern,
    /// RL410 `space-in-pattern`
    SpaceInPattern,
    /// RL411 `several-paths-on-one-line`
    SeveralPathsOnOneLine,
    /// RL412 `hash-in-pattern`
    HashInPattern,
    /// RL413 `unfilled-placeholder`
    UnfilledPlaceholder,
    /// RL414 `route-group-in-pattern`
    RouteGroupInPattern,
    /// RL415 `pattern-starts-with-star`
    PatternStartsWithStar,
    /// RL416 `percent-not-an-escape`
    PercentNotAnEscape,
    /// RL417 `double-slash-in-pattern`
    DoubleSlashInPattern,
    /// RL418 `html-entity-in-pattern`
    HtmlEntityInPattern,
    /// RL501 `noindex-directive`
    NoindexDirective,
    /// RL502 `crawl-delay`
    CrawlDelay,
    /// RL503 `crawl-delay-not-a-number`
    CrawlDelayNotANumber,
    /// RL504 `yandex-only-directive`
    YandexOnlyDirective,
    /// RL505 `obsolete-directive`
    ObsoleteDirective,
    /// RL506 `sitemap-url-not-absolute`
    SitemapUrlNotAbsolute,
    /// RL507 `sitemap-is-a-pattern`
    SitemapIsAPattern,
    /// RL601 `preference-outside-group`
    PreferenceOutsideGroup,
    /// RL602 `obsolete-preference-label`
    ObsoletePreferenceLabel,
    /// RL603 `uppercase-preference-key`
    UppercasePreferenceKey,
    /// RL604 `invalid-preference-statement`
    InvalidPreferenceStatement,
    /// RL605 `preference-not-a-token`
    PreferenceNotAToken,
    /// RL606 `preference-not-y-or-n`
    PreferenceNotYOrN,
    /// RL607 `repeated-preference-key`
    RepeatedPreferenceKey,
    /// RL608 `space-in-preference-path`
    SpaceInPreferencePath,
    /// RL609 `content-signal-not-yes-or-no`
    ContentSignalNotYesOrNo,
    /// RL610 `license-url-not-absolute`
    LicenseUrlNotAbsolute,
    /// RL611 `misspelled-preference-key`
    MisspelledPreferenceKey,
}

impl Code {
    /// Every code, in the order of [`CODES`].
    pub const ALL: [Code; 70] = [
        Code::HtmlPage,
        Code::Utf16File,
        Code::ByteOrderMark,
        Code::InvalidUtf8,
        Code::OverSizeLimit,
        Code::NoGroups,
        Code::BinaryFile,
        Code::MangledByteOrderMark,
        Code::UnreadableLine,
        Code::TextLine,
        Code::MissingColon,
        Code::MisspelledDirective,
        Code::UnknownDirective,
        Code::NonstandardSpelling,
        Code::InvisibleCharacter,
        Code::NulByte,
        Code::LineTooLong,
        Code::RuleBeforeUserAgent,
        Code::NamedGroupIgnoresStar,
        Code::AgentInSeveralGroups,
        Code::RepeatedUserAgent,
        Code::NoStarGroup,
        Code::SiteClosedToAll,
        Code::UserAgentExtraText,
        Code::SeveralAgentsOnOneLine,
        Code::AgentTokenCut,
        Code::EmptyUserAgent,
        Code::LineInsideAgentList,
        Code::GroupWithoutRules,
        Code::BlankLineInGroup,
        Code::RetiredAgentToken,
        Code::TrailingGroupLine,
        Code::SetApartRules,
        Code::UnfollowedName,
        Code::PatternWithoutSlash,
        Code::DollarInsidePattern,
        Code::RedundantWildcard,
        Code::EmptyRuleAmongRules,
        Code::AllowDisallowSamePattern,
        Code::ShadowedRule,
        Code::DuplicateRule,
        Code::BlocksCssOrJs,
        Code::NonAsciiPattern,
        Code::SpaceInPattern,
        Code::SeveralPathsOnOneLine,
        Code::HashInPattern,
        Code::UnfilledPlaceholder,
        Code::RouteGroupInPattern,
        Code::PatternStartsWithStar,
        Code::PercentNotAnEscape,
        Code::DoubleSlashInPattern,
        Code::HtmlEntityInPattern,
        Code::NoindexDirective,
        Code::CrawlDelay,
        Code::CrawlDelayNotANumber,
        Code::YandexOnlyDirective,
        Code::ObsoleteDirective,
        Code::SitemapUrlNotAbsolute,
        Code::SitemapIsAPattern,
        Code::PreferenceOutsideGroup,
        Code::ObsoletePreferenceLabel,
        Code::UppercasePreferenceKey,
        Code::InvalidPreferenceStatement,
        Code::PreferenceNotAToken,
        Code::PreferenceNotYOrN,
        Code::RepeatedPreferenceKey,
        Code::SpaceInPreferencePath,
        Code::ContentSignalNotYesOrNo,
        Code::LicenseUrlNotAbsolute,
        Code::MisspelledPreferenceKey,
    ];

    /// The code's documentation.
    pub fn doc(self) -> &'static CodeDoc {
        &CODES[self as usize]
    }

    /// The stable identifier, such as `RL301`.
    pub fn id(self) -> &'static str {
        IDENTITIES[self as usize].id
    }

    /// The kebab-case name, such as `rule-before-user-agent`.
    pub fn name(self) -> &'static str {
        IDENTITIES[self as usize].name
    }

    /// How serious a finding with this code is, unless [`Code::severity_varies`].
    pub fn severity(self) -> Severity {
        IDENTITIES[self as usize].severity
    }

    /// Whether one finding of this code may have another severity than the code's: its
    /// documentation ("why it matters") says when. The rule of `docs/severity.md` weighs what
    /// a finding changes, and for these codes that depends on the line: a `#` that cuts a rule
    /// to `Disallow: /` (RL412), a `Disallow: /` that a merge gave to `*` (RL306), a file cut
    /// at 500 KiB where only rules that match nothing are lost (RL105); a line no crawler reads
    /// that was meant as a `Sitemap` or another line that decides nothing (RL201, RL204); an
    /// empty name beside other names of its group, which still get the rules (RL310); crawlers
    /// given only a `Crawl-delay` that the merge shuts out of the site (RL311); an empty rule
    /// below every real rule (RL404); an Allow that matches nothing where nothing is
    /// disallowed (RL401).
    pub fn severity_varies(self) -> bool {
        matches!(
            self,
            Code::HashInPattern
                | Code::SiteClosedToAll
                | Code::OverSizeLimit
                | Code::UnreadableLine
                | Code::MisspelledDirective
                | Code::EmptyUserAgent
                | Code::LineInsideAgentList
                | Code::EmptyRuleAmongRules
                | Code::PatternWithoutSlash
        )
    }
}

/// What a finding needs to know about its code, without the prose.
#[derive(Debug, Clone, Copy)]
struct Identity {
    id: &'static str,
    name: &'static str,
    severity: Severity,
}

/// The identities, taken from [`DOCS`] at compile time. Auditing reads only this table, so a
/// program that never shows the documentation (the page's wasm module) does not carry its
/// prose: the page gets it from `robots-lens explain --json`, generated from the same [`DOCS`].
static IDENTITIES: [Identity; Code::ALL.len()] = {
    let mut identities = [Identity {
        id: "",
        name: "",
        severity: Severity::Info,
    }; Code::ALL.len()];
    let mut index = 0;
    while index < identities.len() {
        identities[index] = Identity {
            id: DOCS[index].id,
            name: DOCS[index].name,
            severity: DOCS[index].severity,
        };
        index += 1;
    }
    identities
};

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The text given is neither the identifier (`RL301`) nor the name (`rule-before-user-agent`)
/// of any audit code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownCode(String);

impl fmt::Display for UnknownCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown audit code '{}'", self.0)
    }
}

impl std::error::Error for UnknownCode {}

impl FromStr for Code {
    type Err = UnknownCode;

    /// Accepts the identifier in any letter case (`RL301`, `rl301`) or the kebab-case name.
    fn from_str(text: &str) -> Result<Code, UnknownCode> {
        let text = text.trim();
        Code::ALL
            .into_iter()
            .find(|code| code.id().eq_ignore_ascii_case(text) || code.name() == text)
            .ok_or_else(|| UnknownCode(text.to_owned()))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

/// The documentation of one code, with Ruff's fixed headings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CodeDoc {
    /// The code this documents.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub code: Code,
    /// The stable identifier, such as `RL301`.
    pub id: &'static str,
    /// The kebab-case name, such as `rule-before-user-agent`.
    pub name: &'static str,
    /// How serious a finding with this code is.
    pub severity: Severity,
    /// A short title.
    pub title: &'static str,
    /// What the check looks for.
    pub what_it_does: &'static str,
    /// What a crawler does with such a file, and why that hurts.
    pub why_it_matters: &'static str,
    /// A file that produces the finding.
    pub example: &'static str,
    /// The same file, fixed.
    pub fix: &'static str,
    /// Where the behaviour is specified: RFC 9309 sections, Google's documentation or parser.
    pub reference: &'static str,
}

/// The documentation of every code, in code order; `CODES[code as usize]` documents `code`.
pub static CODES: &[CodeDoc] = DOCS;

/// The documentation as a constant, so that [`IDENTITIES`] can be computed from it.
const DOCS: &[CodeDoc] = &[
    CodeDoc {
        code: Code::HtmlPage,
        id: "RL101",
        name: "html-page",
        severity: Severity::Info,
        title: "The file is an HTML page",
        what_it_does:
            "Detects content that opens like an HTML or XML document (`<!DOCTYPE html>`, \
            `<html>`, `<head>`, `<?xml …>`) instead of robots.txt lines.",
        why_it_matters: "Sites that answer every unknown path with a page (single-page apps, \
            catch-all rewrites, error pages sent with status 200) serve that page as their \
            robots.txt; a firewall or network filter may answer some clients with its block page \
            instead. Crawlers skip every line they cannot read, so an HTML page blocks nothing \
            and announces no sitemap, whatever rules the owner meant to publish. The audit reports \
            this once and skips the hundreds of unreadable-line findings it would otherwise cause.",
        example: "<!DOCTYPE html>\n<html lang=\"en\">\n<head><title>Example Shop</title></head>\n\
            <body><div id=\"app\"></div></body>\n</html>\n",
        fix: "User-agent: *\nDisallow: /checkout/\n\n\
            Sitemap: https://www.example.com/sitemap.xml\n",
        reference: "RFC 9309 §2.3.1.1 and §2.3.1.5 (crawlers follow only the parseable rules); \
            google/robotstxt skips every line without a recognised key.",
    },
    CodeDoc {
        code: Code::Utf16File,
        id: "RL102",
        name: "utf16-file",
        severity: Severity::Error,
        title: "The file is UTF-16, not UTF-8",
        what_it_does: "Detects a file saved as UTF-16 (an ASCII letter, then a NUL byte, and so \
            on), as some Windows editors save text.",
        why_it_matters: "RFC 9309 requires UTF-8. Read as UTF-8, a UTF-16 file has a NUL byte \
            after every letter; Google's parser ends a line at a NUL, so it reads `U` where the \
            file says `User-agent: *` and finds no directive at all. Nothing is blocked.",
        example:
            "# The file is saved as UTF-16 LE: its bytes are FF FE 55 00 73 00 65 00 72 00 …\n\
            User-agent: *\nDisallow: /private/\n",
        fix: "# The same text saved as UTF-8: 55 73 65 72 …\nUser-agent: *\nDisallow: /private/\n",
        reference: "RFC 9309 §2.3 (the file MUST be UTF-8 encoded); google/robotstxt reads lines \
            as C strings.",
    },
    CodeDoc {
        code: Code::ByteOrderMark,
        id: "RL103",
        name: "byte-order-mark",
        severity: Severity::Warning,
        title: "A byte order mark precedes the first line",
        what_it_does:
            "Detects a UTF-8 byte order mark (the bytes `EF BB BF`, or a prefix of them) \
            at the start of the file when the first line holds a directive.",
        why_it_matters: "Google skips the mark. Several widely used parsers do not: Python's \
            `urllib.robotparser`, Scrapy's Protego and the Rust `robotstxt` crate read the first \
            key as U+FEFF followed by `User-agent` and drop the line, so for them the first group \
            has no user agent and its rules apply to nobody.",
        example: "# (the file starts with the bytes EF BB BF before `User-agent`)\n\
            User-agent: *\nDisallow: /private/\n",
        fix: "User-agent: *\nDisallow: /private/\n",
        reference: "google/robotstxt `RobotsTxtParser::Parse` skips a whole or partial BOM; RFC \
            9309 §2.3 (UTF-8, where a BOM is neither required nor useful).",
    },
    CodeDoc {
        code: Code::InvalidUtf8,
        id: "RL104",
        name: "invalid-utf8",
        severity: Severity::Info,
        title: "A directive is not valid UTF-8",
        what_it_does:
            "Detects lines whose key or value contains bytes that are not UTF-8, because the \
            file was saved in another encoding (Latin-1, Windows-1252, GBK, Shift-JIS…), which \
            the bytes alone do not tell.",
        why_it_matters: "Crawlers compare patterns as percent-encoded UTF-8. A Latin-1 `é` is the \
            single byte `E9`, so `Disallow: /café` becomes `/caf%E9`, while browsers and crawlers \
            request `/caf%C3%A9`: the rule never matches the page it names.",
        example: "# (saved as Latin-1: the é below is the single byte E9)\n\
            User-agent: *\nDisallow: /café/\n",
        fix: "User-agent: *\nDisallow: /café/\n",
        reference: "RFC 9309 §2.3 (UTF-8) and §2.2.2 (octets outside US-ASCII are percent-encoded \
            before comparison); google/robotstxt `MaybeEscapePattern`.",
    },
    CodeDoc {
        code: Code::OverSizeLimit,
        id: "RL105",
        name: "over-size-limit",
        severity: Severity::Error,
        title: "Rules lie beyond the 500 KiB Googlebot reads",
        what_it_does: "Detects a file larger than 500 KiB (512,000 bytes) with user-agent lines, \
            rules or sitemaps after that point, and says from which line they are ignored.",
        why_it_matters: "Googlebot reads the first 500 KiB and ignores the rest; RFC 9309 lets \
            every crawler stop there. Rules past the limit, and the end of the line the limit \
            cuts, do not exist for them. The severity is computed from what is lost: an error \
            when a user-agent line or a rule that can match is lost; a note when every lost rule \
            matches no URL anyway (a full URL, a pattern without `/`), a warning if sitemaps are \
            lost too.",
        example: "# (600 KiB of rules: everything after byte 512,000 is ignored)\n\
            User-agent: *\nDisallow: /a-very-long-list-of-urls-1\n",
        fix: "User-agent: *\nDisallow: /a-very-long-list-of-urls-\n",
        reference: "RFC 9309 §2.5 (the parsing limit MUST be at least 500 kibibytes); Google's \
            robots.txt documentation (content after the first 500 KiB is ignored).",
    },
    CodeDoc {
        code: Code::NoGroups,
        id: "RL106",
        name: "no-groups",
        severity: Severity::Info,
        title: "The file has no user-agent line",
        what_it_does: "Notes a file (possibly empty) that has no `User-agent` line, so no group.",
        why_it_matters: "Rules only apply inside a group, so such a file blocks nothing: every \
            crawler may fetch every URL. That is fine for a file that only lists sitemaps; it is a \
            surprise if rules were meant to be there.",
        example: "Sitemap: https://www.example.com/sitemap.xml\n",
        fix: "User-agent: *\nAllow: /\n\nSitemap: https://www.example.com/sitemap.xml\n",
        reference: "RFC 9309 §2.2.1 (if no group matches and there is no `*` group, no rules \
            apply).",
    },
    CodeDoc {
        code: Code::BinaryFile,
        id: "RL107",
        name: "binary-file",
        severity: Severity::Info,
        title: "The file is binary data, not text",
        what_it_does: "Detects content that is not text at all: gzip-compressed data (a \
            compressed body saved as robots.txt), an image, a PDF, a zip archive or other binary \
            data, by its first bytes.",
        why_it_matters: "Crawlers read robots.txt as text; read as text, binary data has no \
            directive, so nothing is blocked, whatever rules the owner meant to publish. A \
            server that compresses the body without saying so (or a file saved compressed) is \
            the usual cause. The audit says so once instead of reporting every unreadable line.",
        example: "# (the file starts with the bytes 1F 8B 08: it is gzip-compressed)\n\
            User-agent: *\nDisallow: /private/\n",
        fix: "User-agent: *\nDisallow: /private/\n",
        reference: "RFC 9309 §2.3 (the file is UTF-8 text) and §2.3.1.1; Google's parser skips \
            every line it cannot read.",
    },
    CodeDoc {
        code: Code::MangledByteOrderMark,
        id: "RL108",
        name: "mangled-byte-order-mark",
        severity: Severity::Error,
        title: "A mangled byte order mark hides the first user-agent line",
        what_it_does: "Detects a file that starts with `ï»¿` (a UTF-8 byte order mark read as \
            Latin-1 and saved again) directly before a `User-agent` line, and says what the \
            crawler that line names gets instead.",
        why_it_matters: "No parser skips the three characters, Google's included: they become \
            part of the first key, so the user-agent line is not read and the rules below it \
            belong to no group. The crawler it names falls to the other groups (a \
            `Disallow: /` for `*` then blocks it from the whole site), or, when it was `*`, \
            every crawler loses those rules. This is one cause: the audit does not also report \
            the missing user-agent line or the rules outside any group that follow from it.",
        example: "ï»¿User-agent: Googlebot\nAllow: /\n\nUser-agent: *\nDisallow: /\n",
        fix: "User-agent: Googlebot\nAllow: /\n\nUser-agent: *\nDisallow: /\n",
        reference: "RFC 9309 §2.2.1 and §2.3 (UTF-8); google/robotstxt skips a byte order \
            mark only as the bytes EF BB BF, not as the characters they become in Latin-1.",
    },
    CodeDoc {
        code: Code::UnreadableLine,
        id: "RL201",
        name: "unreadable-line",
        severity: Severity::Error,
        title: "A directive has no `:` separator",
        what_it_does:
            "Detects a line that starts with a directive name but has no `:` (and is not \
            the two-word form Google accepts), or a line that starts with `:`.",
        why_it_matters: "Without a separator no crawler can tell the key from the value, so the \
            line is skipped entirely; the rule or user agent it was meant to be does not exist. \
            The severity is a warning when the line was meant as a `Sitemap`, `Crawl-delay` or \
            another line that decides no Allow or Disallow verdict.",
        example: "User-agent: *\nDisallow /private /tmp\n",
        fix: "User-agent: *\nDisallow: /private\nDisallow: /tmp\n",
        reference: "RFC 9309 §2.2 (every line is `key: value`); google/robotstxt \
            `GetKeyAndValueFrom` (without a colon, only a line of exactly two words is read).",
    },
    CodeDoc {
        code: Code::TextLine,
        id: "RL202",
        name: "text-line",
        severity: Severity::Error,
        title: "Text that is not a comment",
        what_it_does: "Detects lines of prose (a notice, a licence, an ASCII-art banner) that are \
            not directives and do not start with `#`. Consecutive lines are reported once.",
        why_it_matters: "Crawlers skip what they cannot read, so the text is harmless only by \
            luck: a line that happens to contain a colon or exactly two words is read as a \
            directive (`Disallow everything` is a Disallow of the pattern `everything`). Marking \
            text as a comment makes the intent explicit for every parser.",
        example: "Welcome, robots, to the Example Shop\nPlease crawl politely\n\
            User-agent: *\nDisallow: /checkout/\n",
        fix: "# Welcome, robots, to the Example Shop\n# Please crawl politely\n\
            User-agent: *\nDisallow: /checkout/\n",
        reference: "RFC 9309 §2.2 (comments start with `#`) and §2.3.1.5 (parsing errors).",
    },
    CodeDoc {
        code: Code::MissingColon,
        id: "RL203",
        name: "missing-colon",
        severity: Severity::Warning,
        title: "A directive without a colon",
        what_it_does: "Detects two-word lines such as `Disallow /private` that Google reads by \
            taking the space as the separator.",
        why_it_matters:
            "Google, its ports and texting_robots accept the missing colon; RFC 9309's \
            syntax requires it, and npm's robots-parser, Python's `urllib.robotparser` and (for \
            capitalised keys) Protego skip the line. The rule holds for some crawlers only.",
        example: "User-agent: *\nDisallow /private\n",
        fix: "User-agent: *\nDisallow: /private\n",
        reference: "RFC 9309 §2.2 (`*WS \":\" *WS`); google/robotstxt `GetKeyAndValueFrom` \
            (`is_missing_colon_separator` in its reporting library).",
    },
    CodeDoc {
        code: Code::MisspelledDirective,
        id: "RL204",
        name: "misspelled-directive",
        severity: Severity::Error,
        title: "A misspelled User-agent, Allow, Disallow or Sitemap",
        what_it_does: "Detects an unrecognised key that is a small edit away from `User-agent`, \
            `Allow`, `Disallow` or `Sitemap` (or is one of them behind an invisible character), \
            and names the directive it was meant to be.",
        why_it_matters: "Crawlers skip keys they do not know. Google accepts a handful of common \
            typos (`Disalow`, `User agent`), but not this one, so the rule, user agent or sitemap \
            on this line does not exist for any crawler. The severity is a warning for a \
            `Sitemap` line: a sitemap that is not fetched changes no Allow or Disallow verdict.",
        example: "User-agent: *\nDisalllow: /private/\n",
        fix: "User-agent: *\nDisallow: /private/\n",
        reference: "RFC 9309 §2.2 and §2.2.4; google/robotstxt `ParsedRobotsKey::Parse` and its \
            list of accepted typos (`kAllowFrequentTypos`).",
    },
    CodeDoc {
        code: Code::UnknownDirective,
        id: "RL205",
        name: "unknown-directive",
        severity: Severity::Info,
        title: "A key no crawler reads",
        what_it_does:
            "Detects a `key: value` line whose key is neither a standard directive nor a \
            known extension (Crawl-delay, Host, Clean-param, …). When the key is close to a known \
            extension, the finding names it.",
        why_it_matters: "Crawlers ignore keys they do not know, so whatever the line was meant to \
            achieve does not happen. If it is a note for people, a `#` comment says so.",
        example: "User-agent: *\nDisallow: /private/\nCrawl-dealy: 10\n",
        fix: "User-agent: *\nDisallow: /private/\nCrawl-delay: 10\n",
        reference: "RFC 9309 §2.2.4 (crawlers MAY interpret other records); google/robotstxt \
            `HandleUnknownAction` and the list of known but unused keys in `reporting_robots.cc`.",
    },
    CodeDoc {
        code: Code::NonstandardSpelling,
        id: "RL206",
        name: "nonstandard-spelling",
        severity: Severity::Warning,
        title: "A key spelled the way only Google accepts",
        what_it_does: "Detects keys that Google reads but that are not the standard spelling: its \
            accepted typos (`Disalow`, `Useragent`, `User agent`, `Site-map`), and keys that only \
            start with the standard name (`Disallowed`, `Sitemaps`, `User-agents`).",
        why_it_matters:
            "Google matches keys leniently; parsers that follow RFC 9309 to the letter \
            (Python's `urllib.robotparser`, npm's robots-parser) skip these lines, so the rule or \
            user agent holds for Google and not for them.",
        example: "User agent: *\nDisallowed: /private/\n",
        fix: "User-agent: *\nDisallow: /private/\n",
        reference: "RFC 9309 §2.2 and §2.2.4 (crawlers MAY accept misspellings); google/robotstxt \
            `KeyIsDisallow` and friends (prefix test, `kAllowFrequentTypos`).",
    },
    CodeDoc {
        code: Code::InvisibleCharacter,
        id: "RL207",
        name: "invisible-character",
        severity: Severity::Error,
        title: "An invisible or control character in a directive",
        what_it_does: "Detects control characters, non-breaking spaces, zero-width characters, \
            soft hyphens and stray byte order marks inside a key or value (not in comments).",
        why_it_matters: "Crawlers trim only ASCII spaces and tabs. Any other invisible character \
            becomes part of the key or pattern: `Disallow: /private` followed by a non-breaking \
            space is the pattern `/private%C2%A0`, which matches nothing the site serves. These \
            characters usually arrive by copying from a web page or a word processor.",
        example: "User-agent: *\nDisallow: /private\u{a0}\n",
        fix: "User-agent: *\nDisallow: /private\n",
        reference: "RFC 9309 §2.2 (`UTF8-char-noctl`, `WS` is only space and tab); \
            google/robotstxt trims with `absl::ascii_isspace`.",
    },
    CodeDoc {
        code: Code::NulByte,
        id: "RL208",
        name: "nul-byte",
        severity: Severity::Error,
        title: "A NUL byte cuts the line",
        what_it_does: "Detects a NUL byte (`00`) inside a line.",
        why_it_matters:
            "Google's parser handles lines as C strings and stops at the first NUL, so \
            it reads only what comes before it; other parsers read the whole line. The same line \
            means different rules to different crawlers.",
        example: "# (a NUL byte stands between `/private` and `/archive` below)\n\
            User-agent: *\nDisallow: /private/archive\n",
        fix: "User-agent: *\nDisallow: /private/archive\n",
        reference: "google/robotstxt `RobotsTxtParser::Parse` (C-string lines); RFC 9309 §2.2 \
            (`UTF8-char-noctl` excludes control characters).",
    },
    CodeDoc {
        code: Code::LineTooLong,
        id: "RL209",
        name: "line-too-long",
        severity: Severity::Info,
        title: "A line longer than Google reads",
        what_it_does:
            "Detects a line longer than Google reads (16,663 bytes) whose directive, not \
            only its comment, is cut by the limit.",
        why_it_matters:
            "Google reads a line into a buffer of 2083 × 8 = 16,664 bytes, one of them \
            the terminating NUL, and drops the rest, so a pattern cut there is a shorter pattern: \
            a Disallow blocks more than intended, an Allow opens more.",
        example: "# (a pattern of 20,000 bytes on one line)\nUser-agent: *\nDisallow: /aaaa…\n",
        fix: "User-agent: *\nDisallow: /aaaa\n",
        reference: "google/robotstxt `kMaxLineLen` (2083 × 8 bytes, one kept for the NUL) and its \
            test `GoogleOnly_LineTooLong`.",
    },
    CodeDoc {
        code: Code::RuleBeforeUserAgent,
        id: "RL301",
        name: "rule-before-user-agent",
        severity: Severity::Error,
        title: "A rule before the first User-agent line",
        what_it_does: "Detects Allow and Disallow lines that come before any `User-agent` line.",
        why_it_matters: "A rule belongs to the group of the user-agent lines above it. With none \
            above, it belongs to no group and every major crawler ignores it, so the path it names \
            is not blocked. The evidence asks every crawler about the rule's paths with the rule \
            moved into the `*` group (or a `*` group of its own): an error when a search engine or \
            AI crawler may fetch what the rule was written to block.",
        example: "Disallow: /private/\n\nUser-agent: *\nDisallow: /tmp/\n",
        fix: "User-agent: *\nDisallow: /private/\nDisallow: /tmp/\n",
        reference: "RFC 9309 §2.2.2 (crawlers SHOULD ignore rules that are not in any group); \
            google/robotstxt ignores rules until a user-agent line has been seen.",
    },
    CodeDoc {
        code: Code::NamedGroupIgnoresStar,
        id: "RL302",
        name: "named-group-ignores-star",
        severity: Severity::Warning,
        title: "A named crawler no longer obeys the `*` rules",
        what_it_does: "For each crawler named in a group, lists the Disallow rules of the `*` \
            group that its own groups neither repeat nor cover, nor answer with an Allow of \
            their own for the same paths (`Allow: /documents/` where `*` has \
            `Disallow: /documents/` is a choice, not an oversight), nor narrow with Disallow \
            rules of their own inside the path the rule names (`/works/*?` where `*` has \
            `/works?`).",
        why_it_matters: "A crawler obeys the groups that name it and ignores `*` entirely; rules \
            are not inherited. Adding `User-agent: Bingbot` with a `Crawl-delay` (or one extra \
            Disallow) silently opens every path the `*` group closes, for that crawler. This is \
            the mistake that costs site owners most. Crawlers that ignore `*` anyway (those whose \
            fallback in the crawler catalogue has no `*` step: AdsBot, Mediapartners-Google) are \
            not reported, nor is a group that only says `Allow: /` (or an empty `Disallow:`), \
            unless it is a search engine's or AI crawler's own. The evidence asks the named \
            crawlers about the lost rules' paths with those rules copied into their group: an \
            error when the group holds no Allow or Disallow line at all (a group for a \
            `Crawl-delay`, say: the file gave the crawler a delay, not every path `*` closes) and \
            a search engine or AI crawler is affected; otherwise a warning, since leaving the `*` \
            rules out may be deliberate.",
        example: "User-agent: *\nDisallow: /checkout/\nDisallow: /account/\n\n\
            User-agent: Bingbot\nCrawl-delay: 5\n",
        fix: "User-agent: *\nDisallow: /checkout/\nDisallow: /account/\n\n\
            User-agent: Bingbot\nCrawl-delay: 5\nDisallow: /checkout/\nDisallow: /account/\n",
        reference: "RFC 9309 §2.2.1 (the `*` group is obeyed only if no group matches); Google's \
            robots.txt documentation (only one group is followed, the most specific one).",
    },
    CodeDoc {
        code: Code::AgentInSeveralGroups,
        id: "RL303",
        name: "agent-in-several-groups",
        severity: Severity::Warning,
        title: "The same crawler is named in several groups",
        what_it_does: "Detects a product token (or `*`) named by more than one group and says \
            where each one is.",
        why_it_matters: "RFC 9309 crawlers merge all groups that name them, so rules far apart in \
            the file combine, which is easy to miss when editing one of them. Python's legacy \
            `urllib.robotparser` uses only the first group of a name (and the first `*` group). \
            One group per crawler keeps every rule for it in one place. The evidence asks the \
            readers about the groups' paths with the groups merged as Google reads them: a \
            warning when Python's robotparser answers otherwise, a note when no reader does (a \
            name Google reads shorter, such as `S2bot`, is `agent-token-cut`'s story).",
        example: "User-agent: Googlebot\nDisallow: /search\n\nUser-agent: *\nDisallow: /tmp/\n\n\
            User-agent: Googlebot\nDisallow: /print/\n",
        fix: "User-agent: Googlebot\nDisallow: /search\nDisallow: /print/\nDisallow: /tmp/\n\n\
            User-agent: *\nDisallow: /tmp/\n",
        reference: "RFC 9309 §2.2.1 (matching groups MUST be combined); google/robotstxt merges \
            them while streaming.",
    },
    CodeDoc {
        code: Code::RepeatedUserAgent,
        id: "RL304",
        name: "repeated-user-agent",
        severity: Severity::Info,
        title: "A user agent named twice in one group",
        what_it_does: "Detects a group that names the same product token (or `*`) on two of its \
            user-agent lines. A name repeated after a `Crawl-delay` or another line that ends \
            the group for some parsers is left to `RL311`: for them the repeat starts the group \
            that holds the rules.",
        why_it_matters: "The second line changes nothing. It is often a sign of a copy-paste that \
            was meant to name another crawler.",
        example: "User-agent: GPTBot\nUser-agent: gptbot\nDisallow: /\n",
        fix: "User-agent: GPTBot\nDisallow: /\n",
        reference: "RFC 9309 §2.2.1 (tokens are compared case-insensitively).",
    },
    CodeDoc {
        code: Code::NoStarGroup,
        id: "RL305",
        name: "no-star-group",
        severity: Severity::Info,
        title: "No group for `*`",
        what_it_does: "Notes a file whose groups all name specific crawlers.",
        why_it_matters:
            "A crawler that no group names has no rules and may fetch everything. That \
            is often the intent (blocking a few AI crawlers), but worth knowing.",
        example: "User-agent: GPTBot\nDisallow: /\n",
        fix: "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n",
        reference: "RFC 9309 §2.2.1 (if no group matches and there is no `*` group, no rules \
            apply).",
    },
    CodeDoc {
        code: Code::SiteClosedToAll,
        id: "RL306",
        name: "site-closed-to-all",
        severity: Severity::Warning,
        title: "The whole site is closed to every crawler",
        what_it_does:
            "Detects a `Disallow: /` (or `/*`) in the `*` group with no Allow rule, when \
            no named group opens the site to some crawler.",
        why_it_matters: "No compliant crawler may fetch any page. Search engines then show pages \
            without a description or drop them. This is the robots.txt of a staging site, and it \
            reaches production more often than anyone would like. The message names the readers \
            (as the profiles answer) for which the site stays open: `Disallow: *` and `/*` \
            close it only for readers with wildcards, and a blank line before the rule ends the \
            group for Python's robotparser and the 1994 convention. The severity is an error when \
            the rule was written for named crawlers and reaches `*` because their group merged \
            with it (`User-agent: *`, a `Crawl-delay`, then `User-agent: X` and `Disallow: /`): \
            the file evidently meant the site open. Otherwise a site closed on purpose (a staging \
            copy, an API host) is common, and the finding is a warning: that the site was meant \
            open is only a likely reading.",
        example: "User-agent: *\nDisallow: /\n",
        fix: "User-agent: *\nDisallow: /checkout/\n",
        reference:
            "RFC 9309 §2.2.2; Google's robots.txt documentation (a disallowed URL can still \
            be indexed without its content).",
    },
    CodeDoc {
        code: Code::UserAgentExtraText,
        id: "RL307",
        name: "user-agent-extra-text",
        severity: Severity::Info,
        title: "A user-agent value with a version",
        what_it_does: "Detects user-agent values with a version or a comment after the product \
            token (`Googlebot/2.1`, `Bingbot (compatible)`). Extra words, whole browser UA \
            strings and directives run into the value (`Kimengi Disallow: /`) are \
            `agent-token-cut` (RL309).",
        why_it_matters: "Google and RFC 9309 compare only the product token, so for them the \
            group works as meant. Python's robotparser, Protego (Scrapy's parser), texting_robots \
            and the 1994 convention's readers compare the whole value (`googlebot/2.1`) with the \
            crawler's name and find no match: a crawler built on them skips the group (the `python` and `legacy-1994` profiles show \
            it). A warning when Python's robotparser answers a question otherwise for the group's \
            crawlers (the evidence names it); Google's and RFC 9309's answers never change, so it \
            is never an error.",
        example: "User-agent: Googlebot/2.1\nDisallow: /private/\n",
        fix: "User-agent: Googlebot\nDisallow: /private/\n",
        reference: "RFC 9309 §2.2.1 (product tokens are letters, `_` and `-`); google/robotstxt \
            `ExtractUserAgent`.",
    },
    CodeDoc {
        code: Code::SeveralAgentsOnOneLine,
        id: "RL308",
        name: "several-agents-on-one-line",
        severity: Severity::Error,
        title: "Several user agents on one line",
        what_it_does: "Detects user-agent values that list crawlers separated by commas or \
            semicolons.",
        why_it_matters: "A user-agent line names one crawler. Google reads the first name and \
            ignores the rest, so every crawler after the first comma is not in the group and \
            follows other rules.",
        example: "User-agent: GPTBot, CCBot, ClaudeBot\nDisallow: /\n",
        fix: "User-agent: GPTBot\nUser-agent: CCBot\nUser-agent: ClaudeBot\nDisallow: /\n",
        reference: "RFC 9309 §2.2 (`startgroupline` holds one `product-token`) and §2.2.1.",
    },
    CodeDoc {
        code: Code::AgentTokenCut,
        id: "RL309",
        name: "agent-token-cut",
        severity: Severity::Warning,
        title: "Google cuts the crawler's name short",
        what_it_does: "Detects user-agent values whose name contains a character other than \
            letters, `-` and `_` (a digit, a dot, a quote, a `*` that is not alone), extra words \
            (`Googlebot Images`), a whole browser UA string (`Mozilla/5.0 (compatible; …)`) or \
            a directive run into the value (`User-agent: Kimengi Disallow: /`, two lines joined), \
            so that Google's reading of the name stops early or is empty, or a rule is lost.",
        why_it_matters: "Google and its ports keep only the leading run of letters, `-` and `_`: \
            `MJ12bot` is read as `MJ`, `360Spider` and `\"Googlebot\"` as an empty name, `Google*` \
            as `Google`. The group then applies to a crawler with that shorter name, or to none, \
            and the crawler the line meant falls back to `*`. The crawler's own parser may read \
            the full name; crawlers built on Google's library will not. A note when no catalogued \
            crawler's verdict depends on the name: `User-agent: MJ12bot` is what Majestic tells \
            site owners to write, and its crawler reads it whole. A warning or an error when the \
            name is a catalogued crawler's written otherwise (`Googlebot Image`, `\"GPTBot\"`, \
            `+Baiduspider`), or when Google's shorter reading names a catalogued crawler the line \
            does not mean (`Googlebot Mobile` read as `Googlebot`).",
        example: "User-agent: \"Googlebot\"\nDisallow: /private/\n",
        fix: "User-agent: Googlebot\nDisallow: /private/\n",
        reference: "RFC 9309 §2.2.1 (a product token MUST contain only letters, `_` and `-`); \
            google/robotstxt `ExtractUserAgent` (see its `MJ12bot` case).",
    },
    CodeDoc {
        code: Code::EmptyUserAgent,
        id: "RL310",
        name: "empty-user-agent",
        severity: Severity::Error,
        title: "A user-agent line with no name",
        what_it_does: "Detects `User-agent:` with an empty value.",
        why_it_matters:
            "An empty name matches no crawler, so if it is the group's only user-agent \
            line, the group's rules apply to nobody. It usually means `*` was meant. Python's \
            robotparser, which looks for a group's name inside the crawler's, finds the empty \
            name in every crawler's, so for it the group applies to every crawler. A warning: \
            when the group names a crawler too, that crawler still gets the rules, and only \
            Python's answers differ; alone, `*` is the likely meaning, not an evident one.",
        example: "User-agent:\nDisallow: /private/\n",
        fix: "User-agent: *\nDisallow: /private/\n",
        reference: "RFC 9309 §2.2 (`product-token = identifier / \"*\"`, at least one character).",
    },
    CodeDoc {
        code: Code::LineInsideAgentList,
        id: "RL311",
        name: "line-inside-agent-list",
        severity: Severity::Warning,
        title: "A line between the user-agent lines of one group",
        what_it_does: "Detects a Sitemap, Crawl-delay or other non-rule line placed between two \
            user-agent lines of the same group.",
        why_it_matters: "RFC 9309 and Google keep the group open across such lines, so the agents \
            above share the rules below. Several parsers (npm's robots-parser, Protego, Python's \
            `urllib.robotparser` for Crawl-delay, the Rust `robotstxt` crate) end the list of \
            agents there, so for them the first agents get no rules. The crawlers disagree about \
            what the file says. Nothing is reported when the group's rules allow everything \
            (no rules allow everything too). The severity is an error when the agents above \
            have only a `Crawl-delay` and the merge gives them another crawler's rules that \
            close the whole site, or that a blank line sets apart: the file gave them a delay, \
            not a block. When the agents below such a line only name again those above it, the \
            fix deletes the repeated line: Python's robotparser keeps only the first group of a \
            name. A `Sitemap` between user agents ends no group for the readers the evidence \
            asks (RFC 9309, Google, Python), so it is a note.",
        example: "User-agent: GPTBot\nCrawl-delay: 10\nUser-agent: CCBot\nDisallow: /\n",
        fix: "User-agent: GPTBot\nCrawl-delay: 10\nDisallow:\n\nUser-agent: CCBot\nDisallow: /\n",
        reference: "RFC 9309 §2.2.4 (other records MUST NOT terminate a group); google/robotstxt \
            commit c8ac4b1 and test `ID_LineSyntax_Groups_OtherRules`.",
    },
    CodeDoc {
        code: Code::GroupWithoutRules,
        id: "RL312",
        name: "group-without-rules",
        severity: Severity::Info,
        title: "A group without rules",
        what_it_does:
            "Notes a group (always the last one) that names crawlers but has no Allow or \
            Disallow line.",
        why_it_matters: "Its crawlers may fetch everything and do not fall back to `*`. That is \
            what RFC 9309 specifies, but npm's robots-parser drops such a group and applies `*` \
            instead; an explicit `Allow: /` says the same to every parser. Without a `*` group \
            there is nothing to fall back to, and a group that only sets a `Crawl-delay` does \
            what it is for: the fix never deletes a group whose delay would go with it. Python's \
            robotparser drops a group that holds nothing but its user-agent lines too: a warning \
            when that changes its answers, a note otherwise.",
        example: "User-agent: *\nAllow: /\n\nUser-agent: Googlebot\n",
        fix: "User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nAllow: /\n",
        reference: "RFC 9309 §2.1 (the last group may have no rules, which allows everything) and \
            §5.1 (`quxbot`).",
    },
    CodeDoc {
        code: Code::BlankLineInGroup,
        id: "RL313",
        name: "blank-line-in-group",
        severity: Severity::Warning,
        title: "A blank line inside a group",
        what_it_does: "Detects blank lines between a group's user-agent lines and its rules, or \
            between its rules.",
        why_it_matters: "RFC 9309 and Google ignore blank lines, so the group goes on. The 1994 \
            convention, still followed by Python's legacy `urllib.robotparser`, ends a record at a \
            blank line: for such parsers the user agent above loses the rules below, or the rules \
            below belong to no one. Between two user-agent lines, a blank line also hides that the \
            first agent shares the next group's rules. A warning when Python's robotparser answers \
            otherwise for it; rules set apart below a named group that the `*` group lacks are \
            `set-apart-rules` instead.",
        example: "User-agent: *\n\nDisallow: /private/\n",
        fix: "User-agent: *\nDisallow: /private/\n",
        reference: "RFC 9309 §2.2 (`emptyline` may appear inside a group); Python \
            `urllib.robotparser` before the RFC 9309 rewrite (a blank line ends the entry).",
    },
    CodeDoc {
        code: Code::RetiredAgentToken,
        id: "RL314",
        name: "retired-agent-token",
        severity: Severity::Warning,
        title: "A user agent its operator has retired",
        what_it_does: "Detects user-agent tokens an operator no longer sends (`anthropic-ai`, \
            `Claude-Web`) when the file has no group for the tokens that replaced them \
            (`ClaudeBot`, `Claude-User`, `Claude-SearchBot`).",
        why_it_matters: "A group for a retired token applies to no crawler that still fetches: \
            the operator's current crawlers follow the `*` group instead, so what the owner \
            meant to block stays open to them. The retired tokens and their successors are the \
            crawler catalogue's; an error when a successor may fetch what the group blocks.",
        example: "User-agent: anthropic-ai\nDisallow: /\n",
        fix: "User-agent: ClaudeBot\nDisallow: /\n",
        reference: "Anthropic's crawler documentation (ClaudeBot, Claude-User and \
            Claude-SearchBot replace anthropic-ai and Claude-Web); RFC 9309 §2.2.1.",
    },
    CodeDoc {
        code: Code::TrailingGroupLine,
        id: "RL315",
        name: "trailing-group-line",
        severity: Severity::Info,
        title: "A group line at the end of the file falls into the last group",
        what_it_does: "Detects a `Crawl-delay` (or `Request-rate`, `Visit-time`, \
            `Content-Usage`, `Content-Signal`) set apart by a blank line after the last \
            group's rules, when that group names particular crawlers and others have groups of \
            their own.",
        why_it_matters: "Written apart at the end, the line reads as if it were for every \
            crawler. But a group runs until the next `User-agent` line, blank lines included, \
            so it belongs to the last group: only the crawlers that group names read it, and \
            the crawlers it was probably meant for never see it. A note: it changes no Allow or \
            Disallow verdict.",
        example: "User-agent: *\nDisallow: /admin/\n\nUser-agent: GPTBot\nDisallow: /\n\n\
            Crawl-delay: 10\n",
        fix: "User-agent: *\nCrawl-delay: 10\nDisallow: /admin/\n\nUser-agent: GPTBot\n\
            Disallow: /\n",
        reference: "RFC 9309 §2.2.4 (other records do not end a group) and §2.2.1 (a crawler \
            obeys the groups that name it).",
    },
    CodeDoc {
        code: Code::SetApartRules,
        id: "RL316",
        name: "set-apart-rules",
        severity: Severity::Warning,
        title: "Rules set apart below a named group bind only its crawlers",
        what_it_does: "Detects Allow and Disallow lines set apart by a blank line below the rules \
            of a group that names particular crawlers, when they block something the `*` group \
            does not and are no copy of rules the file also writes into other groups (a section \
            copied into each group it is for belongs to its group, as Google reads it).",
        why_it_matters: "Written apart, the rules read as a new section for every crawler, but \
            only a `User-agent` line starts a group: Google and RFC 9309 give them to the \
            crawlers named above (`Googlebot-Image`, say), and Python's robotparser, for which the \
            blank line ends the group, to nobody. Every other crawler may fetch what they block \
            (`/admin/`, `/login`). The evidence asks the crawlers about the rules' paths with the \
            rules repeated in the `*` group; a warning, since they may be meant for the named \
            crawlers alone, unless the rules above the blank line gave those crawlers the whole \
            site (`Allow: /`, an empty `Disallow:`, `Disallow: /`): then the section is evidently \
            for every crawler, and a major crawler's answer makes it an error.",
        example: "User-agent: *\nDisallow: /cart/\n\nUser-agent: Googlebot-Image\n\
            Allow: /images/\n\nDisallow: /admin/\nDisallow: /login\n",
        fix: "User-agent: *\nDisallow: /cart/\nDisallow: /admin/\nDisallow: /login\n\n\
            User-agent: Googlebot-Image\nAllow: /images/\nDisallow: /cart/\nDisallow: /admin/\n\
            Disallow: /login\n",
        reference: "RFC 9309 §2.1 (a group is one or more user-agent lines followed by rules) \
            and §2.2 (blank lines may appear inside a group); google/robotstxt reads on across \
            blank lines.",
    },
    CodeDoc {
        code: Code::UnfollowedName,
        id: "RL317",
        name: "unfollowed-name",
        severity: Severity::Error,
        title: "A user agent no crawler goes by, meant for catalogued crawlers",
        what_it_does: "Detects a user-agent name that is no crawler's product token but names \
            catalogued crawlers another way: their operator (`OpenAI`, `Anthropic`), their \
            product (`ChatGPT`, `Claude`, `Bing`), an operator's AI (`Google-AI`), or a token \
            with other separators (`googlebot_news`). The crawlers meant, and their operators, \
            are the crawler catalogue's.",
        why_it_matters: "A crawler compares its own product token with the user-agent lines: \
            `GPTBot` looks for `GPTBot`, never for `OpenAI`. A group under the company's or \
            product's name binds none of its crawlers, which follow the `*` group (or no group) \
            instead, so what the owner meant to block stays open to them. The evidence asks the \
            crawlers meant with their tokens added to the group: an error when a search engine \
            or AI crawler may fetch what the group blocks.",
        example: "User-agent: OpenAI\nDisallow: /\n\nUser-agent: *\nDisallow: /admin/\n",
        fix: "User-agent: GPTBot\nUser-agent: OAI-SearchBot\nUser-agent: ChatGPT-User\n\
            Disallow: /\n\nUser-agent: *\nDisallow: /admin/\n",
        reference: "RFC 9309 §2.2.1 (crawlers match their product token, case-insensitively); \
            the operators' crawler documentation cited by the crawler catalogue.",
    },
    CodeDoc {
        code: Code::PatternWithoutSlash,
        id: "RL401",
        name: "pattern-without-slash",
        severity: Severity::Error,
        title: "A pattern that starts with neither `/` nor `*`",
        what_it_does: "Detects Allow and Disallow values that do not start with `/` or `*`: \
            relative paths, full URLs, file extensions.",
        why_it_matters: "Matching starts at the first octet of the path, which is always `/`. A \
            pattern starting with anything else matches nothing for Google, so the rule does \
            nothing. A full URL is worse: some parsers used to read `Disallow: http://…` as \
            blocking everything. The severity is a warning for an Allow in a group whose \
            crawlers have no Disallow: everything is allowed either way, so no verdict changes.",
        example: "User-agent: *\nDisallow: private/\nDisallow: https://www.example.com/tmp/\n",
        fix: "User-agent: *\nDisallow: /private/\nDisallow: /tmp/\n",
        reference: "RFC 9309 §2.2 (`path-pattern = \"/\" *UTF8-char-noctl`) and §2.2.2; \
            google/robotstxt `RobotsMatchStrategy::Matches`.",
    },
    CodeDoc {
        code: Code::DollarInsidePattern,
        id: "RL402",
        name: "dollar-inside-pattern",
        severity: Severity::Info,
        title: "A `$` that is not at the end of the pattern",
        what_it_does: "Detects a `$` anywhere but as the last character of a pattern.",
        why_it_matters: "Only a final `$` anchors the pattern at the end of the URL. Google \
            matches an inner `$` as the character `$`; Python's RFC 9309 robotparser drops the \
            rule and texting_robots treats it as an anchor. The rule means different things to \
            different crawlers and rarely what was meant. A regular expression written as a \
            pattern (`/^page$/`) is named as such: its `^` and escapes are literal too.",
        example: "User-agent: *\nDisallow: /*.pdf$?download\n",
        fix: "User-agent: *\nDisallow: /*.pdf?download\n",
        reference: "RFC 9309 §2.2.3 (`$` designates the end of the match pattern); \
            google/robotstxt `RobotsMatchStrategy::Matches`.",
    },
    CodeDoc {
        code: Code::RedundantWildcard,
        id: "RL403",
        name: "redundant-wildcard",
        severity: Severity::Warning,
        title: "A `*` that matches nothing more",
        what_it_does: "Detects stars that do not change which URLs a pattern matches: a trailing \
            `*` (`/private*` is `/private`), a trailing `*$`, repeated stars (`**`), `/*` alone \
            (the same as `/`).",
        why_it_matters: "Patterns match URL prefixes already, so the star adds nothing, except \
            length: priority is the pattern's length in octets, and `Disallow: /*` (2) beats \
            `Allow: /` (1) where `Disallow: /` would lose the tie. The finding offers the shorter \
            form only when no rule of the other kind has a length in between.",
        example: "User-agent: *\nDisallow: /private*\n",
        fix: "User-agent: *\nDisallow: /private\n",
        reference: "RFC 9309 §2.2.2 (the most specific match has the most octets) and §2.2.3.",
    },
    CodeDoc {
        code: Code::EmptyRuleAmongRules,
        id: "RL404",
        name: "empty-rule-among-rules",
        severity: Severity::Warning,
        title: "An empty Allow or Disallow beside other rules",
        what_it_does: "Detects `Disallow:` or `Allow:` with no pattern in a group that also has \
            real rules. (`User-agent: *` with only `Disallow:` is the usual way to allow \
            everything and is not reported.)",
        why_it_matters: "An empty pattern never decides for Google or RFC 9309 crawlers, so the \
            line does nothing for them; it is usually a template leftover. Older parsers disagree: \
            Python's legacy `urllib.robotparser` reads an empty Disallow as \"allow everything\" \
            and, if it comes first, lets crawlers into the paths the other rules close. The \
            severity is an info when the empty rule comes after every real rule of its group: \
            a first-match reader reaches it only for paths already open, so no answer changes, and \
            when the group's real rules are all Allows: every path is open either way. It is an \
            info too when a blank line sets it apart from the real rules: Python's reader ends \
            the group there and loses them with or without it (the blank line is `RL313`'s).",
        example: "User-agent: *\nDisallow:\nDisallow: /private/\n",
        fix: "User-agent: *\nDisallow: /private/\n",
        reference: "RFC 9309 §2.2 (`empty-pattern`); google/robotstxt gives an empty pattern \
            priority 0 (`RobotsMatcher::disallow`).",
    },
    CodeDoc {
        code: Code::AllowDisallowSamePattern,
        id: "RL405",
        name: "allow-disallow-same-pattern",
        severity: Severity::Warning,
        title: "Allow and Disallow with the same pattern",
        what_it_does: "Detects a Disallow whose pattern equals (after percent-encoding \
            normalisation) an Allow's in the rules a crawler obeys.",
        why_it_matters: "Two equally long matches tie, and the Allow wins a tie, so the Disallow \
            never blocks anything. One of the two lines is a mistake.",
        example: "User-agent: *\nAllow: /drafts/\nDisallow: /drafts/\n",
        fix: "User-agent: *\nDisallow: /drafts/\n",
        reference: "RFC 9309 §2.2.2 (if an allow and a disallow rule are equivalent, the allow \
            rule SHOULD be used); google/robotstxt `RobotsMatcher::disallow`.",
    },
    CodeDoc {
        code: Code::ShadowedRule,
        id: "RL406",
        name: "shadowed-rule",
        severity: Severity::Warning,
        title: "A rule that can never decide",
        what_it_does: "Detects a rule overridden everywhere by a rule of the other kind that \
            provably matches every URL it matches and wins on length (or on the tie rule). Only \
            what can be proved from the patterns is reported.",
        why_it_matters: "The longest match decides, not the order of lines. A rule that always \
            loses does nothing, and whoever wrote it expected it to.",
        example: "User-agent: *\nDisallow: /shop*\nAllow: /shop\n",
        fix: "User-agent: *\nDisallow: /shop/cart\nAllow: /shop\n",
        reference: "RFC 9309 §2.2.2 (the most specific match, with the most octets, is used).",
    },
    CodeDoc {
        code: Code::DuplicateRule,
        id: "RL407",
        name: "duplicate-rule",
        severity: Severity::Info,
        title: "A duplicate rule",
        what_it_does: "Detects a rule that repeats another rule of the same kind and pattern for \
            the same crawlers. A copy in another group counts only when the two groups share a \
            user-agent value as written: groups that Google merges because it cuts two names to \
            the same token (`T0PHackTeam`, `T8Abot`: both `T`) are two crawlers for parsers \
            that read the whole name.",
        why_it_matters: "The copy changes nothing; removing it makes the file shorter and easier \
            to review.",
        example: "User-agent: *\nDisallow: /private/\nDisallow: /tmp/\nDisallow: /private/\n",
        fix: "User-agent: *\nDisallow: /private/\nDisallow: /tmp/\n",
        reference: "RFC 9309 §2.2.2 (duplicate rules in a group MAY be deduplicated).",
    },
    CodeDoc {
        code: Code::BlocksCssOrJs,
        id: "RL408",
        name: "blocks-css-or-js",
        severity: Severity::Warning,
        title: "Style sheets or scripts blocked for search engines",
        what_it_does: "Detects Disallow rules that keep Googlebot or Bingbot from `.css` or `.js` \
            files named by their extension, or from folders whose name or platform says they hold \
            them (`/css/`, `/js/`, `/wp-includes/`, `/_next/`), after taking the file's Allow \
            rules into account. A folder that only may hold them (`/static/`, `/assets/`, \
            `/plugins/`, `/themes/`) counts only when an Allow of the group meant for its style \
            sheets or scripts loses to the block; an Allow that opens a place inside the folder \
            again shows the rest is closed on purpose.",
        why_it_matters: "Search engines render pages as a browser does. Without the style sheets \
            and scripts a page may look empty or broken to them, and they index what they see.",
        example: "User-agent: *\nDisallow: /wp-includes/\nDisallow: /*.js$\n",
        fix: "User-agent: *\nDisallow: /wp-includes/\nAllow: /wp-includes/*.css\n\
            Allow: /wp-includes/*.js\n",
        reference:
            "Google Search Central, JavaScript SEO basics and the guidance not to block CSS \
            or JavaScript; RFC 9309 §2.2.2 for how the Allow lines win.",
    },
    CodeDoc {
        code: Code::NonAsciiPattern,
        id: "RL409",
        name: "non-ascii-pattern",
        severity: Severity::Error,
        title: "A pattern with non-ASCII characters",
        what_it_does: "Notes patterns with characters outside ASCII and shows their \
            percent-encoded form.",
        why_it_matters: "This is fine: crawlers percent-encode the UTF-8 bytes before comparing, \
            so `/café` is `/caf%C3%A9`. Writing the encoded form avoids surprises with parsers \
            that compare raw text against encoded URLs.",
        example: "User-agent: *\nDisallow: /café/\n",
        fix: "User-agent: *\nDisallow: /caf%C3%A9/\n",
        reference: "RFC 9309 §2.2.2 (octets outside US-ASCII MUST be percent-encoded prior to \
            comparison); google/robotstxt `MaybeEscapePattern`.",
    },
    CodeDoc {
        code: Code::SpaceInPattern,
        id: "RL410",
        name: "space-in-pattern",
        severity: Severity::Error,
        title: "A space inside a pattern",
        what_it_does: "Detects a space or tab inside an Allow or Disallow pattern.",
        why_it_matters: "URLs never contain a raw space; browsers send `%20`. Google compares the \
            pattern as written, so the rule never matches; RFC 9309 crawlers encode it first and \
            do match. Writing `%20` works for both.",
        example: "User-agent: *\nDisallow: /my files/\n",
        fix: "User-agent: *\nDisallow: /my%20files/\n",
        reference: "RFC 9309 §2.2 (`UTF8-char-noctl` excludes the space) and §2.2.2; \
            google/robotstxt escapes only non-ASCII bytes.",
    },
    CodeDoc {
        code: Code::SeveralPathsOnOneLine,
        id: "RL411",
        name: "several-paths-on-one-line",
        severity: Severity::Error,
        title: "Several paths in one rule",
        what_it_does: "Detects an Allow or Disallow whose value is several paths separated by \
            spaces.",
        why_it_matters: "A rule has one pattern. `Disallow: /a /b` is the single pattern `/a /b` \
            with a space in it, which matches neither `/a` nor `/b`.",
        example: "User-agent: *\nDisallow: /cart /checkout /account\n",
        fix: "User-agent: *\nDisallow: /cart\nDisallow: /checkout\nDisallow: /account\n",
        reference: "RFC 9309 §2.2 (`rule` holds one `path-pattern`).",
    },
    CodeDoc {
        code: Code::HashInPattern,
        id: "RL412",
        name: "hash-in-pattern",
        severity: Severity::Error,
        title: "A `#` inside a pattern starts a comment",
        what_it_does: "Detects a `#` written directly after a pattern, as in `/page#section` or \
            the hash-bang URL `/#!/admin`.",
        why_it_matters: "Everything from `#` is a comment, so the rule is cut there: `Disallow: \
            /#!/admin` is `Disallow: /`, which blocks the whole site. Fragments are never sent to \
            the server, so a rule cannot target them anyway. The severity is an error when the \
            cut rule is `Disallow: /` or `/*` for a fragment (`/*#`, `/#!/admin`) in a group that \
            does not close the site otherwise: the whole site closes against the evident intent.",
        example: "User-agent: *\nDisallow: /#!/admin\n",
        fix: "User-agent: *\nDisallow: /admin\n",
        reference: "RFC 9309 §2.2.3 (`#` designates a comment); RFC 3986 §3.5 (fragments are not \
            sent).",
    },
    CodeDoc {
        code: Code::UnfilledPlaceholder,
        id: "RL413",
        name: "unfilled-placeholder",
        severity: Severity::Error,
        title: "A template placeholder in a pattern",
        what_it_does:
            "Detects template placeholders in a pattern (`{{ path }}`, `${prefix}`, \
            `<%= path %>`): either never filled in, or written on purpose to block the links of \
            pages whose template was not rendered. A `%` not followed by two hex digits, \
            `%name%` included, is `percent-not-an-escape` (RL416): such merge tags are often \
            blocked on purpose.",
        why_it_matters: "Browsers and crawlers request `{`, `}`, `<`, `>` and spaces \
            percent-encoded, and Google does not match `%7B` against a raw `{`: as written, \
            `Disallow: /{{ path }}/` blocks neither the pages the placeholder stood for nor the \
            unrendered links (`/%7B%7B%20path%20%7D%7D/`). The fix proposes the encoded form.",
        example: "User-agent: *\nDisallow: /{{ private_path }}/\n",
        fix: "User-agent: *\nDisallow: /private/\n",
        reference: "RFC 9309 §2.2.2 (patterns are compared octet by octet with the path).",
    },
    CodeDoc {
        code: Code::RouteGroupInPattern,
        id: "RL414",
        name: "route-group-in-pattern",
        severity: Severity::Error,
        title: "A route group's folder in a pattern",
        what_it_does: "Detects a path segment written in parentheses (`/(authenticated)/`), the \
            way Next.js (App Router) and SvelteKit name route groups, in a file that shows such a \
            site (a path under `/_next/` or `/_app/immutable/`, or a comment naming Next.js or \
            SvelteKit).",
        why_it_matters: "A route group is a folder that organises the code and is left out of \
            the URL: `app/(authenticated)/account/page.js` is served at `/account`. Every reader \
            compares rules with the path the browser requests, so `Disallow: /(authenticated)/` \
            matches none of those pages and they stay open to crawlers. Elsewhere a segment in \
            parentheses is a real one that URLs carry (eZ Publish's view parameters, \
            `/(offset)/20`), and it is not reported.",
        example: "User-agent: *\nAllow: /_next/static/\nDisallow: /(authenticated)/account/\n",
        fix: "User-agent: *\nAllow: /_next/static/\nDisallow: /account/\n",
        reference: "RFC 9309 §2.2.2 (rules match the URL's path); Next.js and SvelteKit \
            documentation on route groups (the folder name is omitted from the URL).",
    },
    CodeDoc {
        code: Code::PatternStartsWithStar,
        id: "RL415",
        name: "pattern-starts-with-star",
        severity: Severity::Warning,
        title: "A pattern that starts with `*`",
        what_it_does: "Detects Allow and Disallow values that start with `*` instead of `/` \
            (`Disallow: *.pdf`), reported once for the file with the count of the others.",
        why_it_matters: "Google and RFC 9309 readers match `*.pdf` anywhere in the path, as \
            `/*.pdf`. Python's robotparser (up to 3.12) and the 1994 convention's readers know no \
            wildcards: \
            they read the `*` literally, and since every path starts with `/`, the rule \
            matches no URL for them (the `python` and `legacy-1994` profiles show it). A note, \
            not a warning: those readers read `/*.pdf` just as literally, so writing the `/` \
            changes no verdict; it is the form RFC 9309's grammar and every wildcard reader \
            document (the RFC's own example in §5.1 writes `*.gif$`).",
        example: "User-agent: *\nDisallow: *.pdf\n",
        fix: "User-agent: *\nDisallow: /*.pdf\n",
        reference: "RFC 9309 §2.2 (`path-pattern = \"/\" *UTF8-char-noctl`) and §2.2.3 \
            (`*`); Python's `urllib.robotparser` (`RuleLine` quotes the `*`).",
    },
    CodeDoc {
        code: Code::PercentNotAnEscape,
        id: "RL416",
        name: "percent-not-an-escape",
        severity: Severity::Info,
        title: "A `%` that is not an escape",
        what_it_does: "Notes a `%` in a pattern that is not followed by two hex digits, \
            including merge tags such as `%subscriber_hash%` written on purpose.",
        why_it_matters: "Google and RFC 9309 readers compare such a `%` as written, so \
            `Disallow: /*hashid=%subscriber_hash%` blocks the URLs in which a mail tool left \
            its merge tag unrendered, which is usually the point. Python's robotparser decodes \
            and encodes paths first and may read it otherwise. A note, not a warning: nothing \
            needs changing if the URLs carry the text as written.",
        example: "User-agent: *\nDisallow: /100%\n",
        fix: "User-agent: *\nDisallow: /100%25\n",
        reference: "RFC 9309 §2.2.2 (octets are compared after percent-encoding); RFC 3986 \
            §2.1 (`%` is followed by two hex digits).",
    },
    CodeDoc {
        code: Code::DoubleSlashInPattern,
        id: "RL417",
        name: "double-slash-in-pattern",
        severity: Severity::Error,
        title: "A pattern that needs `//` in the path",
        what_it_does: "Detects patterns that match only paths with `//` where no link puts \
            it: a URL without its scheme (`//www.example.com/private`), a slash too many at the \
            start (`//old-page.html`) or right after a star (`*//admin-ajax.php`). A `//` inside \
            a literal path (`/calendar//index.html`), `//` alone or before a star (`/*//*`), \
            runs of three slashes, `//` after a scheme or in the query are not reported: sites \
            list such duplicate URLs on purpose.",
        why_it_matters: "Every reader compares the pattern with the path as requested, and no \
            reader merges slashes. A link written `//old-page.html` names a host, not a path, \
            and a star already reaches every folder: the pages the rule names, requested with \
            one `/`, are not matched and stay open.",
        example: "User-agent: *\nDisallow: *//admin-ajax.php\n",
        fix: "User-agent: *\nDisallow: /*/admin-ajax.php\n",
        reference: "RFC 9309 §2.2.2 (rules match the URL's path); RFC 3986 §3.3 (an empty \
            segment is a segment of its own).",
    },
    CodeDoc {
        code: Code::HtmlEntityInPattern,
        id: "RL418",
        name: "html-entity-in-pattern",
        severity: Severity::Error,
        title: "An HTML entity in a pattern",
        what_it_does: "Detects HTML's character references in a pattern (`&amp;`, `&lt;`, \
            `&gt;`, `&quot;`, `&apos;`), the way a rule copied from a page's HTML source holds \
            them. A pattern whose only text is one such reference and wildcards (`/*&gt;`), or \
            whose decoded rule its group also holds, is written on purpose for URLs that carry \
            the escaped text, and is not reported.",
        why_it_matters: "A page's source writes `&` in a link as `&amp;`, and browsers decode \
            it before they request the URL: only a link escaped twice carries `&amp;`. Every \
            reader compares the pattern as written, so `Disallow: /*?s=x&amp;page=` matches \
            none of the URLs it names and they stay open. The fix writes the characters the \
            references stand for (`<`, `>` and `\"` percent-encoded, as browsers request them).",
        example: "User-agent: *\nDisallow: /answers/?s_tid=x&amp;page=\n",
        fix: "User-agent: *\nDisallow: /answers/?s_tid=x&page=\n",
        reference: "RFC 9309 §2.2.2 (patterns are compared octet by octet with the path); HTML \
            Living Standard, \"Character references\" (decoded in attribute values).",
    },
    CodeDoc {
        code: Code::NoindexDirective,
        id: "RL501",
        name: "noindex-directive",
        severity: Severity::Info,
        title: "Noindex, Nofollow or Noarchive in robots.txt",
        what_it_does: "Detects `Noindex:`, `Nofollow:` and `Noarchive:` lines.",
        why_it_matters: "These are page-level instructions. Google stopped reading `Noindex` in \
            robots.txt in September 2019, and no major search engine reads the others there, so \
            the pages stay indexed. Worse, a Disallow on the same pages stops crawlers from ever \
            seeing a noindex on the page itself.",
        example: "User-agent: *\nNoindex: /internal/\n",
        fix: "# Send `X-Robots-Tag: noindex` for /internal/ (or a robots meta tag),\n\
            # and keep the pages crawlable so that crawlers see it.\nUser-agent: *\nAllow: /\n",
        reference:
            "Google Search Central blog, \"A note on unsupported rules in robots.txt\" (July \
            2019); draft-illyes-repext (the robots meta tag and X-Robots-Tag).",
    },
    CodeDoc {
        code: Code::CrawlDelay,
        id: "RL502",
        name: "crawl-delay",
        severity: Severity::Info,
        title: "Crawl-delay is not read by Googlebot",
        what_it_does: "Notes `Crawl-delay` lines.",
        why_it_matters: "Googlebot ignores Crawl-delay and adapts its rate to how the server \
            responds. Bingbot and several other crawlers read it as seconds to wait between \
            requests, so the line works for them only, within the groups that name them.",
        example: "User-agent: *\nCrawl-delay: 10\nDisallow: /search\n",
        fix: "User-agent: *\nDisallow: /search\n",
        reference: "Google's robots.txt documentation (crawl-delay is not supported); RFC 9309 \
            §2.2.4 (other records).",
    },
    CodeDoc {
        code: Code::CrawlDelayNotANumber,
        id: "RL503",
        name: "crawl-delay-not-a-number",
        severity: Severity::Info,
        title: "A Crawl-delay that is not a number",
        what_it_does: "Detects a `Crawl-delay` whose value is not a number of seconds.",
        why_it_matters: "Crawlers that honour Crawl-delay expect a number such as `10` or `0.5`; \
            they ignore anything else, so the delay is not applied.",
        example: "User-agent: Bingbot\nCrawl-delay: 10 seconds\nDisallow: /search\n",
        fix: "User-agent: Bingbot\nCrawl-delay: 10\nDisallow: /search\n",
        reference: "Bing Webmaster guidelines (Crawl-delay in seconds); RFC 9309 §2.2.4.",
    },
    CodeDoc {
        code: Code::YandexOnlyDirective,
        id: "RL504",
        name: "yandex-only-directive",
        severity: Severity::Info,
        title: "Host or Clean-param, read only by Yandex",
        what_it_does: "Notes `Host` and `Clean-param` lines.",
        why_it_matters: "Both are Yandex extensions: `Clean-param` lists query parameters Yandex \
            may ignore, `Host` named the preferred mirror (Yandex now follows redirects instead). \
            Other crawlers skip them; a canonical link or a redirect tells every search engine.",
        example: "User-agent: *\nDisallow: /search\nHost: www.example.com\n",
        fix: "User-agent: *\nDisallow: /search\n",
        reference: "Yandex Webmaster documentation (Clean-param; Host); google/robotstxt lists \
            both as known but unused keys.",
    },
    CodeDoc {
        code: Code::ObsoleteDirective,
        id: "RL505",
        name: "obsolete-directive",
        severity: Severity::Info,
        title: "A directive no major crawler reads",
        what_it_does: "Notes `Request-rate`, `Visit-time`, `Revisit-after` and `Domain` lines.",
        why_it_matters: "`Request-rate` and `Visit-time` come from a 1996 extension proposal that \
            no major crawler adopted; `Revisit-after` is a meta tag that never worked in \
            robots.txt. The lines do nothing for the crawlers this tool knows; in the group of a \
            crawler it does not know, whose documentation may say otherwise, the line is not \
            proposed for deletion.",
        example: "User-agent: *\nDisallow: /search\nRequest-rate: 1/10\nVisit-time: 0600-0845\n",
        fix: "User-agent: *\nDisallow: /search\n",
        reference: "The 1996 robots.txt extension draft (Request-rate, Visit-time); \
            google/robotstxt lists them as known but unused keys.",
    },
    CodeDoc {
        code: Code::SitemapUrlNotAbsolute,
        id: "RL506",
        name: "sitemap-url-not-absolute",
        severity: Severity::Info,
        title: "A sitemap that is not an absolute http(s) URL",
        what_it_does:
            "Detects `Sitemap:` values that are empty, relative (`/sitemap.xml`), or use \
            a scheme other than http or https.",
        why_it_matters: "A robots.txt may be read apart from its site, so a sitemap must be named \
            by its full URL. Google and Bing ignore a relative one, and the sitemap is never \
            fetched from this line.",
        example: "Sitemap: /sitemap.xml\n",
        fix: "Sitemap: https://www.example.com/sitemap.xml\n",
        reference: "sitemaps.org protocol (the Sitemap line takes the full URL); Google's \
            robots.txt documentation (a fully qualified URL).",
    },
    CodeDoc {
        code: Code::SitemapIsAPattern,
        id: "RL507",
        name: "sitemap-is-a-pattern",
        severity: Severity::Info,
        title: "A sitemap written as a pattern or a regular expression",
        what_it_does: "Detects `Sitemap:` URLs that hold a regular expression or a wildcard \
            (`sitemap\\d+\\.xml`, `sitemap-[0-9].xml`, `sitemap*.xml`) instead of the URL of \
            a sitemap.",
        why_it_matters: "No crawler expands a sitemap URL: it requests the text as written, \
            which names no file, so the sitemaps it was meant to list are not found from this \
            line. It changes no Allow or Disallow verdict, so it is a note.",
        example: "Sitemap: https://www.example.com/sitemap\\d+\\.xml\n",
        fix: "Sitemap: https://www.example.com/sitemap-index.xml\n",
        reference: "sitemaps.org protocol (a sitemap index lists several sitemaps); Google's \
            robots.txt documentation (a fully qualified URL).",
    },
    CodeDoc {
        code: Code::PreferenceOutsideGroup,
        id: "RL601",
        name: "preference-outside-group",
        severity: Severity::Info,
        title: "A `Content-Usage` or `Content-Signal` line outside any group",
        what_it_does: "Detects `Content-Usage` and `Content-Signal` lines before the first \
            `User-agent` line.",
        why_it_matters: "Both are group rules, like Allow and Disallow: a preference applies to \
            the crawlers of the group it stands in. Before any `User-agent` line it applies to \
            no crawler, so the site states no preference at all.",
        example: "Content-Usage: train-ai=n\nUser-agent: *\nAllow: /\n",
        fix: "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n",
        reference: "draft-ietf-aipref-attach §3 (a Content-Usage rule is added to the rules of a \
            group); Cloudflare's Content Signals Policy (the line sits under `User-agent: *`).",
    },
    CodeDoc {
        code: Code::ObsoletePreferenceLabel,
        id: "RL602",
        name: "obsolete-preference-label",
        severity: Severity::Info,
        title: "A preference label the vocabulary does not define",
        what_it_does: "Detects labels of earlier AIPREF drafts (`tdm`, `ai`, `genai`, \
            `inference`, `all`, `train-genai`, `ai-use`, `bots`, `ai-output`) and the other \
            vocabulary's names (`ai-train` or `ai-input` in `Content-Usage`, `train-ai` in \
            `Content-Signal`).",
        why_it_matters: "Readers ignore labels they do not know, so `Content-Usage: tdm=n` \
            states nothing: the preference for training is unknown, not disallowed.",
        example: "User-agent: *\nAllow: /\nContent-Usage: tdm=n\n",
        fix: "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n",
        reference: "draft-ietf-aipref-vocab §6.1 (the labels `train-ai` and `search`) and §6.4 \
            (unknown labels MUST be ignored).",
    },
    CodeDoc {
        code: Code::UppercasePreferenceKey,
        id: "RL603",
        name: "uppercase-preference-key",
        severity: Severity::Info,
        title: "An uppercase key in a `Content-Usage` statement",
        what_it_does: "Detects a statement with uppercase letters in a key (`Train-AI=n`).",
        why_it_matters: "Structured Fields keys are lowercase and the statement is compared \
            byte for byte, so one uppercase key makes the whole Dictionary fail: every preference \
            of the line is unknown, the ones spelled right included. The `Content-Usage` key \
            itself is case-insensitive; the statement is not.",
        example: "User-agent: *\nAllow: /\nContent-Usage: Train-AI=n\n",
        fix: "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n",
        reference: "draft-ietf-aipref-vocab §6.5.1 (keys with uppercase characters fail the \
            Dictionary); RFC 9651 §4.2.3.3.",
    },
    CodeDoc {
        code: Code::InvalidPreferenceStatement,
        id: "RL604",
        name: "invalid-preference-statement",
        severity: Severity::Info,
        title: "A `Content-Usage` statement that is not a valid Dictionary",
        what_it_does: "Detects statements that fail to parse as a Structured Fields Dictionary \
            for another reason than an uppercase key or a space in the path: a trailing comma, \
            spaces around `=`, an unterminated string.",
        why_it_matters: "When the Dictionary fails to parse, readers know no preference at all: \
            every label of the line is unknown.",
        example: "User-agent: *\nAllow: /\nContent-Usage: train-ai = n\n",
        fix: "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n",
        reference: "draft-ietf-aipref-vocab §6.5 and §6.5.1 (if parsing fails, preferences are \
            unknown); RFC 9651 §4.2.2.",
    },
    CodeDoc {
        code: Code::PreferenceNotAToken,
        id: "RL605",
        name: "preference-not-a-token",
        severity: Severity::Info,
        title: "A preference that is not a Token",
        what_it_does: "Detects `train-ai` or `search` with a value of another type: a quoted \
            string (`\"n\"`), a boolean (`?0`, or the key alone), a number or a list.",
        why_it_matters: "Only the Tokens `y` and `n` state a preference; any other type reads \
            as unknown, without an error, so `train-ai=\"n\"` does not disallow training.",
        example: "User-agent: *\nAllow: /\nContent-Usage: train-ai=\"n\"\n",
        fix: "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n",
        reference: "draft-ietf-aipref-vocab §6.2 (the Tokens `y` and `n`) and §6.5 (values \
            that are not Tokens are unknown).",
    },
    CodeDoc {
        code: Code::PreferenceNotYOrN,
        id: "RL606",
        name: "preference-not-y-or-n",
        severity: Severity::Info,
        title: "A preference Token other than `y` or `n`",
        what_it_does: "Detects `train-ai` or `search` with a Token other than `y` and `n` \
            (`no`, `yes`, `N`), often carried over from `Content-Signal`'s `yes`/`no`.",
        why_it_matters: "Tokens are case-sensitive and only `y` and `n` mean anything: \
            `train-ai=no` states no preference.",
        example: "User-agent: *\nAllow: /\nContent-Usage: train-ai=no\n",
        fix: "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n",
        reference: "draft-ietf-aipref-vocab §6.2 and §6.5 (Token values other than `y` or `n` \
            are unknown).",
    },
    CodeDoc {
        code: Code::RepeatedPreferenceKey,
        id: "RL607",
        name: "repeated-preference-key",
        severity: Severity::Info,
        title: "A key given twice in one statement",
        what_it_does: "Detects a key that appears more than once in a `Content-Usage` or \
            `Content-Signal` statement.",
        why_it_matters: "Only the last value counts, silently: `train-ai=n, train-ai` states \
            that the preference is the boolean true, which is unknown.",
        example: "User-agent: *\nAllow: /\nContent-Usage: train-ai=n, search=y, train-ai=y\n",
        fix: "User-agent: *\nAllow: /\nContent-Usage: train-ai=n, search=y\n",
        reference: "draft-ietf-aipref-vocab §6.5.1 (only the last value of a repeated key \
            applies); RFC 9651 §4.2.2.",
    },
    CodeDoc {
        code: Code::SpaceInPreferencePath,
        id: "RL608",
        name: "space-in-preference-path",
        severity: Severity::Info,
        title: "A space inside a `Content-Usage` path",
        what_it_does: "Detects a path followed by a word and then a valid statement, as when a \
            path holds a space.",
        why_it_matters: "The path ends at the first space; the rest is the statement. With \
            `/my page train-ai=n` the path is `/my` and `page train-ai=n` fails to parse, so \
            no preference applies and a different set of URLs is meant.",
        example: "User-agent: *\nAllow: /\nContent-Usage: /my page train-ai=n\n",
        fix: "User-agent: *\nAllow: /\nContent-Usage: /my%20page train-ai=n\n",
        reference: "draft-ietf-aipref-attach §3.1 (SP and HTAB in paths are written `%20` and \
            `%09`) and §3.2 (the path ends at the first SP or HTAB).",
    },
    CodeDoc {
        code: Code::ContentSignalNotYesOrNo,
        id: "RL609",
        name: "content-signal-not-yes-or-no",
        severity: Severity::Info,
        title: "A `Content-Signal` value other than `yes` or `no`",
        what_it_does: "Detects `search`, `ai-input` or `ai-train` with a value other than \
            `yes` or `no` (`y`, `No`, `false`, nothing).",
        why_it_matters: "Content Signals defines only `yes` and `no`; any other value reads as \
            if the signal were absent, which neither grants nor restricts.",
        example: "User-agent: *\nAllow: /\nContent-Signal: ai-train=n\n",
        fix: "User-agent: *\nAllow: /\nContent-Signal: ai-train=no\n",
        reference: "Cloudflare's Content Signals Policy (contentsignals.org): `yes` or `no` per \
            signal; an omitted signal neither grants nor restricts.",
    },
    CodeDoc {
        code: Code::LicenseUrlNotAbsolute,
        id: "RL610",
        name: "license-url-not-absolute",
        severity: Severity::Info,
        title: "A `License` URL that is not absolute",
        what_it_does: "Detects `License:` values without a scheme (`/license.xml`).",
        why_it_matters: "RSL points crawlers to a licence document by its full URL, which may \
            be on another host; a relative one cannot be resolved by a reader that has the file \
            on its own.",
        example: "License: /license.xml\nUser-agent: *\nAllow: /\n",
        fix: "License: https://www.example.com/license.xml\nUser-agent: *\nAllow: /\n",
        reference: "RSL 1.0 (Really Simple Licensing): the robots.txt `License` directive takes \
            an absolute URL.",
    },
    CodeDoc {
        code: Code::MisspelledPreferenceKey,
        id: "RL611",
        name: "misspelled-preference-key",
        severity: Severity::Info,
        title: "A misspelled `Content-Usage`, `Content-Signal` or `License` key",
        what_it_does: "Detects keys close to one of the three (`Content-Signals`, \
            `Content_Usage`, `ContentUsage`, `Licence`). Letter case does not matter: \
            `content-usage:` is fine.",
        why_it_matters: "Readers of AI usage preferences compare the key as spelled; a near \
            miss is skipped, and the site states no preference.",
        example: "User-agent: *\nAllow: /\nContent-Signals: ai-train=no\n",
        fix: "User-agent: *\nAllow: /\nContent-Signal: ai-train=no\n",
        reference: "draft-ietf-aipref-attach §3.2 (lines with the `Content-Usage` label); RFC \
            9309 §2.2 (keys are case-insensitive).",
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_table_is_in_code_order() {
        assert_eq!(CODES.len(), Code::ALL.len());
        for (index, (doc, code)) in CODES.iter().zip(Code::ALL).enumerate() {
            assert_eq!(doc.code, code, "CODES[{index}]");
            assert_eq!(code as usize, index, "{code:?} is out of order");
            assert_eq!(code.doc().id, doc.id);
        }
    }

    #[test]
    fn identifiers_and_names_are_unique_and_well_formed() {
        let mut ids = HashSet::new();
        let mut names = HashSet::new();
        for doc in CODES {
            assert!(ids.insert(doc.id), "{} is used twice", doc.id);
            assert!(names.insert(doc.name), "{} is used twice", doc.name);
            let digits = doc.id.strip_prefix("RL").expect("RL prefix");
            assert!(digits.len() == 3 && digits.bytes().all(|b| b.is_ascii_digit()));
            assert!(doc
                .name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'));
        }
    }

    #[test]
    fn identifiers_are_grouped_by_concern_in_order() {
        let mut previous = 0;
        for doc in CODES {
            let number: u32 = doc.id[2..].parse().unwrap();
            assert!(number > previous, "{} is out of order", doc.id);
            previous = number;
        }
    }

    /// Codes are never reused: this list only grows. A withdrawn code stays here, marked.
    #[test]
    fn published_codes_keep_their_names() {
        let published = [
            ("RL101", "html-page"),
            ("RL102", "utf16-file"),
            ("RL103", "byte-order-mark"),
            ("RL104", "invalid-utf8"),
            ("RL105", "over-size-limit"),
            ("RL106", "no-groups"),
            ("RL107", "binary-file"),
            ("RL108", "mangled-byte-order-mark"),
            ("RL201", "unreadable-line"),
            ("RL202", "text-line"),
            ("RL203", "missing-colon"),
            ("RL204", "misspelled-directive"),
            ("RL205", "unknown-directive"),
            ("RL206", "nonstandard-spelling"),
            ("RL207", "invisible-character"),
            ("RL208", "nul-byte"),
            ("RL209", "line-too-long"),
            ("RL301", "rule-before-user-agent"),
            ("RL302", "named-group-ignores-star"),
            ("RL303", "agent-in-several-groups"),
            ("RL304", "repeated-user-agent"),
            ("RL305", "no-star-group"),
            ("RL306", "site-closed-to-all"),
            ("RL307", "user-agent-extra-text"),
            ("RL308", "several-agents-on-one-line"),
            ("RL309", "agent-token-cut"),
            ("RL310", "empty-user-agent"),
            ("RL311", "line-inside-agent-list"),
            ("RL312", "group-without-rules"),
            ("RL313", "blank-line-in-group"),
            ("RL314", "retired-agent-token"),
            ("RL315", "trailing-group-line"),
            ("RL316", "set-apart-rules"),
            ("RL317", "unfollowed-name"),
            ("RL401", "pattern-without-slash"),
            ("RL402", "dollar-inside-pattern"),
            ("RL403", "redundant-wildcard"),
            ("RL404", "empty-rule-among-rules"),
            ("RL405", "allow-disallow-same-pattern"),
            ("RL406", "shadowed-rule"),
            ("RL407", "duplicate-rule"),
            ("RL408", "blocks-css-or-js"),
            ("RL409", "non-ascii-pattern"),
            ("RL410", "space-in-pattern"),
            ("RL411", "several-paths-on-one-line"),
            ("RL412", "hash-in-pattern"),
            ("RL413", "unfilled-placeholder"),
            ("RL414", "route-group-in-pattern"),
            ("RL415", "pattern-starts-with-star"),
            ("RL416", "percent-not-an-escape"),
            ("RL417", "double-slash-in-pattern"),
            ("RL418", "html-entity-in-pattern"),
            ("RL501", "noindex-directive"),
            ("RL502", "crawl-delay"),
            ("RL503", "crawl-delay-not-a-number"),
            ("RL504", "yandex-only-directive"),
            ("RL505", "obsolete-directive"),
            ("RL506", "sitemap-url-not-absolute"),
            ("RL507", "sitemap-is-a-pattern"),
            ("RL601", "preference-outside-group"),
            ("RL602", "obsolete-preference-label"),
            ("RL603", "uppercase-preference-key"),
            ("RL604", "invalid-preference-statement"),
            ("RL605", "preference-not-a-token"),
            ("RL606", "preference-not-y-or-n"),
            ("RL607", "repeated-preference-key"),
            ("RL608", "space-in-preference-path"),
            ("RL609", "content-signal-not-yes-or-no"),
            ("RL610", "license-url-not-absolute"),
            ("RL611", "misspelled-preference-key"),
        ];
        for (id, name) in published {
            let code: Code = id.parse().unwrap_or_else(|_| panic!("{id} was withdrawn"));
            assert_eq!(code.name(), name, "{id} changed its name");
        }
        assert_eq!(
            published.len(),
            CODES.len(),
            "a new code must be added here"
        );
    }

    #[test]
    fn codes_parse_from_identifier_or_name() {
        assert_eq!("RL301".parse(), Ok(Code::RuleBeforeUserAgent));
        assert_eq!("rl301".parse(), Ok(Code::RuleBeforeUserAgent));
        assert_eq!(
            "rule-before-user-agent".parse(),
            Ok(Code::RuleBeforeUserAgent)
        );
        assert!("RL999".parse::<Code>().is_err());
        assert_eq!(Code::ShadowedRule.to_string(), "RL406");
    }

    #[test]
    fn every_doc_has_every_heading() {
        for doc in CODES {
            for (heading, text) in [
                ("title", doc.title),
                ("what it does", doc.what_it_does),
                ("why it matters", doc.why_it_matters),
                ("example", doc.example),
                ("fix", doc.fix),
                ("reference", doc.reference),
            ] {
                assert!(!text.trim().is_empty(), "{} has no {heading}", doc.id);
            }
            assert_ne!(doc.example, doc.fix, "{}", doc.id);
            assert!(
                doc.example.ends_with('\n') && doc.fix.ends_with('\n'),
                "{}",
                doc.id
            );
        }
    }
}
