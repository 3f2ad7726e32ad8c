//! The English templates of every sentence the core writes: the one source of the English text,
//! printed by the CLI and written into the page's English catalogue (`www/text/i18n/en.json` and
//! `en.panels.json`).
//!
//! Each entry is `Name = "catalogue key" => "template";`. A template's `{name}` placeholders are
//! filled by the [`Message`](super::Message)'s values; backticks mark code. Grouped by where the
//! sentence is written.

macro_rules! catalogue {
    ($($id:ident = $key:literal => $english:literal;)*) => {
        /// Every sentence the core can write. Each variant's documentation is its English
        /// template; [`MessageId::key`] is its key in the page's catalogues.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum MessageId {
            $(#[doc = $english] $id,)*
        }

        impl MessageId {
            /// Every message, in the order of this table.
            pub const ALL: &'static [MessageId] = &[$(MessageId::$id,)*];

            /// The key of this message in the page's catalogues (`core.…`).
            ///
            /// Without the `consumers` feature, every `core.consumers.…` key is the one string
            /// `core.consumers`: a package that never reads the consumers' table (the page's
            /// first, audit, AI and logs packages) does not carry their ~60 keys.
            pub fn key(self) -> &'static str {
                match self {
                    // The keys are filtered at compile time (a `const`), so that the strings
                    // left out never reach the binary.
                    $(MessageId::$id => {
                        const KEY: &str = gated_key($key);
                        KEY
                    })*
                }
            }

            /// The English template.
            pub fn english(self) -> &'static str {
                match self {
                    $(MessageId::$id => $english,)*
                }
            }
        }
    };
}

/// The key of every `core.consumers.…` message in a build without the `consumers` feature,
/// where no such message is ever made.
const CONSUMERS_KEY: &str = "core.consumers";

/// `key`, or `core.consumers` for a consumers' key when the feature is off.
const fn gated_key(key: &'static str) -> &'static str {
    const PREFIX: &[u8] = b"core.consumers.";
    let bytes = key.as_bytes();
    if cfg!(feature = "consumers") || bytes.len() < PREFIX.len() {
        return key;
    }
    let mut at = 0;
    while at < PREFIX.len() {
        if bytes[at] != PREFIX[at] {
            return key;
        }
        at += 1;
    }
    CONSUMERS_KEY
}

catalogue! {
    // Lists, shared by every sentence that names several lines or values.
    ListAnd = "core.list.and" => "{init} and {last}";
    ListNoLine = "core.list.no-line" => "no line";
    ListLine = "core.list.line" => "line {line}";
    ListLineRun = "core.list.line-run" => "lines {first}–{last}";
    ListLines = "core.list.lines" => "lines {init} and {last}";
    ListLinesMore = "core.list.lines-more" => "lines {listed} and {more} more";

    // audit/evidence.rs: the question a finding is about, and a fix it does not offer.
    EvidenceAllowed = "core.audit.evidence.allowed" =>
        "{agent} may fetch {url} under {reader}; read as intended, it may not.";
    EvidenceAllowedByLine = "core.audit.evidence.allowed-by-line" =>
        "{agent} may fetch {url} under {reader} (line {line} decides); read as intended, it may \
         not.";
    EvidenceBlocked = "core.audit.evidence.blocked" =>
        "{agent} may not fetch {url} under {reader}; read as intended, it may.";
    EvidenceBlockedByLine = "core.audit.evidence.blocked-by-line" =>
        "{agent} may not fetch {url} under {reader} (line {line} decides); read as intended, it \
         may.";
    EvidenceFixAllowed = "core.audit.evidence.fix-allowed" =>
        "{agent} may fetch {url} under {reader}; with the fix, it may not.";
    EvidenceFixAllowedByLine = "core.audit.evidence.fix-allowed-by-line" =>
        "{agent} may fetch {url} under {reader} (line {line} decides); with the fix, it may not.";
    EvidenceFixBlocked = "core.audit.evidence.fix-blocked" =>
        "{agent} may not fetch {url} under {reader}; with the fix, it may.";
    EvidenceFixBlockedByLine = "core.audit.evidence.fix-blocked-by-line" =>
        "{agent} may not fetch {url} under {reader} (line {line} decides); with the fix, it may.";
    FixWithheld = "core.audit.fix-withheld" =>
        "{why} So no corrected line is offered: decide what this line is for.";
    FixWithheldRule = "core.audit.fix-withheld.rule" =>
        "{why} So no corrected line is offered: delete the rule, or write the one you mean on \
         purpose.";
    FixWithheldFlips = "core.audit.fix-withheld.flips" =>
        "{change}, the file would also change an answer this finding is not about: {effect}";
    FixWithheldRaises = "core.audit.fix-withheld.raises" =>
        "{change}, the file would raise {code}: {finding}";
    FixNotChecked = "core.audit.fix-not-checked" =>
        "{fix} The audit did not check this correction (the file has more fixes to check than it \
         weighs, {limit} bytes of edited text read), so it is not offered to apply.";
    FixChangeWritten = "core.audit.fix-change.written" => "With the line written as {replacement}";
    FixChangeDeleted = "core.audit.fix-change.deleted" => "Without this line";
    FixChangeApplied = "core.audit.fix-change.applied" => "With the fix made";
    FixRepeatsRule = "core.audit.fix-repeats-rule" =>
        "Delete this line: corrected, it would read {replacement}, which line {line} of the same \
         group already says.";

    // audit/directives.rs
    NoindexDirectiveNoindex = "core.audit.noindex-directive.message-noindex" =>
        "{directive} is not a robots.txt rule: no major search engine reads {key} here (Google \
         stopped in 2019), so the pages can still be indexed.";
    NoindexDirectiveNofollow = "core.audit.noindex-directive.message-nofollow" =>
        "{directive} is not a robots.txt rule: no major search engine reads {key} here (Google \
         stopped in 2019), so links on those pages are still followed.";
    NoindexDirectiveOther = "core.audit.noindex-directive.message-other" =>
        "{directive} is not a robots.txt rule: no major search engine reads {key} here (Google \
         stopped in 2019), so it has no effect.";
    NoindexDirectiveWhy = "core.audit.noindex-directive.why" =>
        "Indexing instructions belong to the page; in robots.txt they do nothing.";
    NoindexDirectiveFix = "core.audit.noindex-directive.fix" =>
        "Send an `X-Robots-Tag: {value}` header or a robots meta tag on those pages, and keep \
         them crawlable so that crawlers can see it.";
    CrawlDelayNotANumber = "core.audit.crawl-delay-not-a-number.message" =>
        "{directive} is not a number of seconds, so crawlers that read Crawl-delay ignore it.";
    CrawlDelayNotANumberWhy = "core.audit.crawl-delay-not-a-number.why" =>
        "Bingbot and the other crawlers that honour Crawl-delay expect a plain number.";
    CrawlDelayNotANumberFixNumber = "core.audit.crawl-delay-not-a-number.fix-number" =>
        "Write the number of seconds alone: `Crawl-delay: {number}`.";
    CrawlDelayNotANumberFix = "core.audit.crawl-delay-not-a-number.fix" =>
        "Write a number of seconds, such as `Crawl-delay: 10`.";
    CrawlDelay = "core.audit.crawl-delay.message" =>
        "{directive}: Googlebot ignores Crawl-delay; of the crawlers that read it, those that \
         follow this group wait this many seconds between requests: {crawlers}.";
    CrawlDelayNoReader = "core.audit.crawl-delay.message-no-reader" =>
        "{directive}: no crawler of the catalogue that reads Crawl-delay follows this group \
         (Googlebot ignores the line); a crawler the catalogue does not know may read it.";
    CrawlDelayOutsideGroup = "core.audit.crawl-delay.message-outside-group" =>
        "{directive}: Googlebot ignores Crawl-delay; Bingbot and some other crawlers wait this \
         many seconds between requests. It stands outside any group, so crawlers that read \
         Crawl-delay may not apply it to anyone.";
    CrawlDelayWhy = "core.audit.crawl-delay.why" =>
        "Google sets its crawl rate from how the server responds, so the line limits only the \
         crawlers that read it.";
    CrawlDelayFix = "core.audit.crawl-delay.fix" =>
        "Keep it for the crawlers that read it; to slow Googlebot, answer with 429 or 503 while \
         the server is overloaded.";
    YandexOnlyDirective = "core.audit.yandex-only-directive.message" =>
        "{directive} is read only by Yandex; other crawlers skip it.";
    YandexOnlyDirectiveHostWhy = "core.audit.yandex-only-directive.why-host" =>
        "Yandex used Host to pick the preferred mirror and now follows redirects instead; other \
         search engines never read it.";
    YandexOnlyDirectiveCleanParamWhy = "core.audit.yandex-only-directive.why-clean-param" =>
        "Clean-param tells Yandex which query parameters to ignore; other search engines rely \
         on canonical links instead.";
    YandexOnlyDirectiveHostFix = "core.audit.yandex-only-directive.fix-host" =>
        "Redirect the other host names to the preferred one and delete the line.";
    YandexOnlyDirectiveCleanParamFix = "core.audit.yandex-only-directive.fix-clean-param" =>
        "Keep it for Yandex if it helps; add canonical links for other search engines.";
    ObsoleteDirective = "core.audit.obsolete-directive.message" =>
        "{directive} is not read by any major crawler.";
    ObsoleteDirectiveUncatalogued = "core.audit.obsolete-directive.message-uncatalogued" =>
        "{directive} is read by none of the major crawlers this tool knows; this group is for \
         {names}, outside that list, whose own documentation may say otherwise.";
    ObsoleteDirectiveUncataloguedFix = "core.audit.obsolete-directive.fix-uncatalogued" =>
        "Keep it where the documentation of {names} says it is read; otherwise delete the \
         line.";
    ObsoleteDirectiveRevisitAfterWhy = "core.audit.obsolete-directive.why-revisit-after" =>
        "Revisit-after is an HTML meta tag that search engines ignore, and it never worked in \
         robots.txt.";
    ObsoleteDirectiveDomainWhy = "core.audit.obsolete-directive.why-domain" =>
        "No crawler documents a Domain directive.";
    ObsoleteDirectiveUncataloguedWhy = "core.audit.obsolete-directive.why-uncatalogued" =>
        "It comes from a 1996 extension proposal that none of the major crawlers adopted; a \
         smaller crawler may still read it.";
    ObsoleteDirectiveWhy = "core.audit.obsolete-directive.why" =>
        "It comes from a 1996 extension proposal that no major crawler adopted.";
    ObsoleteDirectiveFix = "core.audit.obsolete-directive.fix" => "Delete the line.";
    SitemapUrlEmpty = "core.audit.sitemap-url-not-absolute.message-empty" =>
        "The `Sitemap:` line has no URL, so search engines do not fetch this sitemap.";
    SitemapUrlRelative = "core.audit.sitemap-url-not-absolute.message-relative" =>
        "{url} is not an absolute URL, so search engines do not fetch this sitemap.";
    SitemapUrlScheme = "core.audit.sitemap-url-not-absolute.message-scheme" =>
        "{url} uses {scheme}, not http or https, so search engines do not fetch this sitemap.";
    SitemapIsAPattern = "core.audit.sitemap-is-a-pattern.message" =>
        "{url} is a pattern ({part}), not the URL of a sitemap: crawlers request it as written.";
    SitemapIsAPatternWhy = "core.audit.sitemap-is-a-pattern.why" =>
        "No crawler expands a sitemap URL, so the sitemaps it was meant to list are not found \
         from this line; no Allow or Disallow verdict depends on it.";
    SitemapIsAPatternFix = "core.audit.sitemap-is-a-pattern.fix" =>
        "List each sitemap on a `Sitemap:` line of its own, or list them in a sitemap index and \
         name the index.";
    SitemapUrlNotAbsoluteWhy = "core.audit.sitemap-url-not-absolute.why" =>
        "A robots.txt can be read apart from its site, so a sitemap must be named by its full \
         http(s) URL.";
    SitemapUrlNotAbsoluteFix = "core.audit.sitemap-url-not-absolute.fix" =>
        "Write the full URL, such as `Sitemap: https://www.example.com/sitemap.xml`.";

    // audit/file.rs
    BinaryFile = "core.audit.binary-file.message" =>
        "This is {format}, not a robots.txt: read as text it holds no directive, so nothing is \
         blocked.";
    BinaryFileWhy = "core.audit.binary-file.why" =>
        "Crawlers read robots.txt as plain text. A body served compressed without the header \
         that says so, a file saved compressed, or an image or document saved under the name \
         reads as bytes with no rule in them.";
    BinaryFileFix = "core.audit.binary-file.fix" =>
        "Serve the plain-text robots.txt itself at /robots.txt (decompressed, Content-Type \
         text/plain).";
    FormatGzip = "core.format.gzip" => "gzip-compressed data";
    FormatPng = "core.format.png" => "a PNG image";
    FormatJpeg = "core.format.jpeg" => "a JPEG image";
    FormatGif = "core.format.gif" => "a GIF image";
    FormatPdf = "core.format.pdf" => "a PDF document";
    FormatZip = "core.format.zip" => "a zip archive";
    FormatBzip2 = "core.format.bzip2" => "bzip2-compressed data";
    FormatXz = "core.format.xz" => "xz-compressed data";
    FormatZstd = "core.format.zstd" => "zstd-compressed data";
    Format7z = "core.format.7z" => "a 7-Zip archive";
    FormatWasm = "core.format.wasm" => "a WebAssembly module";
    FormatElf = "core.format.elf" => "an executable (ELF)";
    FormatWoff = "core.format.woff" => "a web font (WOFF)";
    FormatWoff2 = "core.format.woff2" => "a web font (WOFF2)";
    FormatWebp = "core.format.webp" => "a WebP image";
    FormatBinary = "core.format.binary" => "binary data";
    HtmlPageNoRule = "core.audit.html-page.message-no-rule" =>
        "The file is an HTML document (it opens with {opener}), not a robots.txt; crawlers find \
         no rule in it, so nothing is blocked.";
    HtmlPageSomeLines = "core.audit.html-page.message-some-lines" =>
        "The file is an HTML document (it opens with {opener}), not a robots.txt; crawlers skip \
         its markup and read only the {count} robots.txt lines they can parse.";
    HtmlPageJson = "core.audit.html-page.message-json" =>
        "The file is a JSON document (it opens with {opener}), not a robots.txt; crawlers find \
         no rule in it, so nothing is blocked.";
    HtmlPageErrorText = "core.audit.html-page.message-error-text" =>
        "The file is an error message ({opener}), not a robots.txt; crawlers find no rule in \
         it, so nothing is blocked.";
    HtmlPageWhy = "core.audit.html-page.why" =>
        "A site's catch-all route (single-page apps, rewrites) or a firewall's or network \
         filter's block page answered in place of the robots.txt; crawlers that get such a page \
         follow none of the rules the owner meant to publish.";
    HtmlPageFix = "core.audit.html-page.fix" =>
        "Check what /robots.txt returns to crawlers (a firewall or filter may answer only some \
         clients): serve a plain-text robots.txt (Content-Type text/plain) there, or answer 404 \
         if the site has no rules.";
    Utf16File = "core.audit.utf16-file.message" =>
        "The file looks like UTF-16: {nuls} of its {chars} characters are NUL bytes.";
    Utf16FileWhy = "core.audit.utf16-file.why" =>
        "Crawlers read robots.txt as UTF-8, and Google's parser stops each line at its first \
         NUL, so no directive in the file is read and nothing is blocked.";
    Utf16FileFix = "core.audit.utf16-file.fix" =>
        "Save the file as UTF-8 (without a byte order mark).";
    MangledBomAlone = "core.audit.byte-order-mark.message-mangled-alone" =>
        "The file starts with `ï»¿`: a UTF-8 byte order mark that was read as Latin-1 and saved \
         again. Line 1 holds nothing else, so nothing is lost yet, but no parser skips the \
         three characters: a directive written after them on line 1 would not be read.";
    MangledBomComment = "core.audit.byte-order-mark.message-mangled-comment" =>
        "The file starts with `ï»¿`: a UTF-8 byte order mark that was read as Latin-1 and saved \
         again. No parser skips it, Google's included, so line 1 is not the comment it looks \
         like.";
    MangledBomDirective = "core.audit.byte-order-mark.message-mangled-directive" =>
        "The file starts with `ï»¿`: a UTF-8 byte order mark that was read as Latin-1 and saved \
         again. No parser skips it, Google's included, so {directive} on line 1 is not read as \
         a directive.";
    MangledBomWhy = "core.audit.byte-order-mark.why-mangled" =>
        "The three characters become part of the first key (or of the text before a `#`), so \
         the first line is lost for every crawler.";
    MangledBomFix = "core.audit.byte-order-mark.fix-mangled" =>
        "Delete the three characters at the start of the file and save it as UTF-8 without a \
         byte order mark.";
    MangledBomAgentBlocked = "core.audit.mangled-byte-order-mark.message-blocked" =>
        "The file starts with `ï»¿`, a UTF-8 byte order mark read as Latin-1 and saved again, \
         which no parser skips: {directive} on line 1 is not read, so the rules on {rules} \
         belong to no group and {agent} falls to the other groups, which block it from the \
         whole site.";
    MangledBomAgentOpened = "core.audit.mangled-byte-order-mark.message-opened" =>
        "The file starts with `ï»¿`, a UTF-8 byte order mark read as Latin-1 and saved again, \
         which no parser skips: {directive} on line 1 is not read, so the rules on {rules} \
         belong to no group and {agent} may fetch the pages they close to it.";
    MangledBomAgentRulesLost = "core.audit.mangled-byte-order-mark.message-lost" =>
        "The file starts with `ï»¿`, a UTF-8 byte order mark read as Latin-1 and saved again, \
         which no parser skips: {directive} on line 1 is not read, so the rules on {rules} \
         belong to no group and {agent} does not obey them.";
    MangledBomAgentWhy = "core.audit.mangled-byte-order-mark.why" =>
        "The three characters become part of the first key, so every crawler, Google's \
         included, skips the user-agent line and reads the rules below it as outside any group.";
    ByteOrderMark = "core.audit.byte-order-mark.message" =>
        "The file starts with a UTF-8 byte order mark (EF BB BF) before {text}.";
    ByteOrderMarkPartial = "core.audit.byte-order-mark.message-partial" =>
        "The file starts with {count} bytes of a UTF-8 byte order mark before {text}.";
    ByteOrderMarkWhy = "core.audit.byte-order-mark.why" =>
        "Google skips it, but Python's robotparser, Protego and other parsers read it as part \
         of the first key and drop the line, so for them this line does not exist.";
    ByteOrderMarkFix = "core.audit.byte-order-mark.fix" =>
        "Save the file as UTF-8 without a byte order mark.";
    InvalidUtf8One = "core.audit.invalid-utf8.message-one" =>
        "A directive contains bytes that are not UTF-8; which encoding the file was written in \
         cannot be told from them.";
    InvalidUtf8OneRule = "core.audit.invalid-utf8.message-one-rule" =>
        "A directive contains bytes that are not UTF-8, so crawlers compare {encoded} against \
         URLs that are UTF-8; which encoding the file was written in cannot be told from them.";
    InvalidUtf8Several = "core.audit.invalid-utf8.message-several" =>
        "{count} directives ({lines}) contain bytes that are not UTF-8; which encoding the \
         file was written in cannot be told from them.";
    InvalidUtf8SeveralRule = "core.audit.invalid-utf8.message-several-rule" =>
        "{count} directives ({lines}) contain bytes that are not UTF-8, so crawlers compare \
         {encoded} against URLs that are UTF-8; which encoding the file was written in cannot \
         be told from them.";
    InvalidUtf8Why = "core.audit.invalid-utf8.why" =>
        "Readers percent-encode each byte that is not UTF-8 on its own (a Latin-1 `é` as \
         `%E9`), while browsers and crawlers request URLs in UTF-8 (`%C3%A9`), so the rule \
         never matches the page it names.";
    InvalidUtf8Fix = "core.audit.invalid-utf8.fix" =>
        "Reopen the file in the encoding it was written in, save it as UTF-8 and check that \
         each rule reads as meant (a full-width space, for one, stays part of the pattern); or \
         write the characters percent-encoded as UTF-8 (`%C3%A9` for `é`).";
    OverSizeLimit = "core.audit.over-size-limit.message" =>
        "The file is {size} bytes; Googlebot reads only the first {limit} (500 KiB), so {lost} \
         ignored.";
    OverSizeLimitCounted = "core.audit.over-size-limit.message-counted" =>
        "The file is {size} bytes; Googlebot reads only the first {limit} (500 KiB), so {lost} \
         ignored ({counts}).";
    SizeLostEndOfLast = "core.audit.over-size-limit.lost-end-of-last" =>
        "the end of line {line} is";
    SizeLostEndAndLines = "core.audit.over-size-limit.lost-end-and-lines" =>
        "the end of line {line} and {lines} are";
    SizeLostLine = "core.audit.over-size-limit.lost-line" => "line {line} is";
    SizeLostLines = "core.audit.over-size-limit.lost-lines" => "{lines} are";
    SizeRules = "core.audit.over-size-limit.rules" => "{count} rules";
    SizeRule = "core.audit.over-size-limit.rule" => "1 rule";
    SizeAgents = "core.audit.over-size-limit.agents" => "{count} user-agent lines";
    SizeAgent = "core.audit.over-size-limit.agent" => "1 user-agent line";
    SizeSitemaps = "core.audit.over-size-limit.sitemaps" => "{count} sitemaps";
    SizeSitemap = "core.audit.over-size-limit.sitemap" => "1 sitemap";
    OverSizeLimitWhy = "core.audit.over-size-limit.why" =>
        "Rules past the limit do not exist for Googlebot, and RFC 9309 lets every crawler stop \
         there.";
    OverSizeLimitFix = "core.audit.over-size-limit.fix" =>
        "Shorten the file below 500 KiB: merge rules with `*` and `$` patterns, drop rules for \
         URLs that no longer exist, and keep the most important rules first.";
    OverSizeLimitNoVerdictWhy = "core.audit.over-size-limit.why-no-verdict" =>
        "Lines past the limit do not exist for Googlebot, and RFC 9309 lets every crawler stop \
         there; here no user-agent line is lost, and every rule lost matches no URL even when \
         read (a full URL, a pattern that does not start with `/` or `*`, or no path), so no \
         verdict changes.";
    OverSizeLimitNoVerdictFix = "core.audit.over-size-limit.fix-no-verdict" =>
        "Nothing is blocked or opened by the cut today. Before adding rules at the end, bring \
         the file below 500 KiB: rewrite the rules that match nothing as paths starting with \
         `/` where they are still wanted, delete the others, and list any sitemap it loses \
         before the limit.";
    NoGroupsEmpty = "core.audit.no-groups.message-empty" =>
        "The file has no directive, so every crawler may fetch every URL.";
    NoGroups = "core.audit.no-groups.message" =>
        "The file has no `User-agent` line, so it blocks nothing: every crawler may fetch every \
         URL.";
    NoGroupsWhy = "core.audit.no-groups.why" =>
        "Rules apply only inside a group that starts with a `User-agent` line.";
    NoGroupsFix = "core.audit.no-groups.fix" =>
        "If that is the intent, nothing needs to change; otherwise start a group with \
         `User-agent: *` above the rules.";

    // audit/groups.rs
    RetiredAgentToken = "core.audit.retired-agent-token.message" =>
        "{token} is retired: its operator's crawlers now send {successors}, and the file names \
         none of them, so they follow the `*` group, not this one.";
    RetiredAgentTokenWhy = "core.audit.retired-agent-token.why" =>
        "A group for a token no crawler sends any more applies to nobody.";
    RetiredAgentTokenFix = "core.audit.retired-agent-token.fix" =>
        "Name the current tokens too: write {lines} above this line.";
    RuleBeforeUserAgent = "core.audit.rule-before-user-agent.message" =>
        "{rule} comes before the first `User-agent` line (line {first}), so it belongs to no \
         group and no crawler obeys it.";
    RuleBeforeUserAgentNoGroup = "core.audit.rule-before-user-agent.message-no-group" =>
        "{rule} stands in a file without any `User-agent` line, so it belongs to no group and no \
         crawler obeys it.";
    RuleBeforeUserAgentWhy = "core.audit.rule-before-user-agent.why" =>
        "A rule applies to the user agents named above it; with none above, every major crawler \
         ignores it.";
    RuleBeforeUserAgentFix = "core.audit.rule-before-user-agent.fix" =>
        "Put a `User-agent` line above it (for example `User-agent: *`), or move the rule into \
         the group it was meant for.";
    EmptyUserAgent = "core.audit.empty-user-agent.message" =>
        "The user-agent line names no crawler: Google and RFC 9309 add no one to its group, \
         while Python's robotparser, which looks for a group's name inside the crawler's, finds \
         the empty name in every crawler's.";
    EmptyUserAgentWhy = "core.audit.empty-user-agent.why" =>
        "If it is the group's only user-agent line, the group's rules apply to nobody for Google \
         and RFC 9309, and to every crawler for Python's robotparser.";
    EmptyUserAgentFix = "core.audit.empty-user-agent.fix" =>
        "Write the crawler's product token after the colon, or `*` for every crawler.";
    StarWithExtraText = "core.audit.agent-token-cut.message-star" =>
        "Google reads {value} as `*`; parsers that compare the whole value read it as the name \
         of a crawler.";
    StarWithExtraTextWhy = "core.audit.agent-token-cut.why-star" =>
        "Only `*` on its own stands for every crawler.";
    StarWithExtraTextFix = "core.audit.agent-token-cut.fix-star" =>
        "Write `User-agent: *` and move the rest into a comment.";
    GluedDirective = "core.audit.agent-token-cut.message-glued" =>
        "{value} holds {directive}, a directive written on the user-agent line: no reader takes \
         it for a rule, so the group does not get it, and Google reads the name as {name}.";
    GluedDirectiveEmptyName = "core.audit.agent-token-cut.message-glued-empty" =>
        "{value} holds {directive}, a directive written on the user-agent line: no reader takes \
         it for a rule, so the group does not get it, and Google reads the name as an empty \
         name.";
    GluedDirectiveWhy = "core.audit.agent-token-cut.why-glued" =>
        "A line holds one directive. Whatever follows the name on a user-agent line is part of \
         the name (or, for Google, ignored), never a rule of the group.";
    GluedDirectiveFix = "core.audit.agent-token-cut.fix-glued" =>
        "Put the directive on a line of its own, below the user-agent line.";
    SeveralAgentsOne = "core.audit.several-agents-on-one-line.message-one" =>
        "{value} names {count} crawlers on one line; Google reads only {first}, so {others} is \
         not in this group.";
    SeveralAgents = "core.audit.several-agents-on-one-line.message" =>
        "{value} names {count} crawlers on one line; Google reads only {first}, so {others} are \
         not in this group.";
    SeveralAgentsWhy = "core.audit.several-agents-on-one-line.why" =>
        "A user-agent line names one crawler; the others follow whatever other group applies to \
         them, usually `*`.";
    SeveralAgentsFix = "core.audit.several-agents-on-one-line.fix" =>
        "Write one `User-agent` line per crawler, one above the other.";
    TokenCutQuoted = "core.audit.agent-token-cut.message-quoted" =>
        "The quotes around {name} are part of the value; Google reads the name as empty, so the \
         group applies to no crawler.";
    TokenCutStar = "core.audit.agent-token-cut.message-star-prefix" =>
        "{value} is not `*`: a star is special only on its own, and Google reads this name as \
         empty, so the group applies to no crawler.";
    TokenCutEmpty = "core.audit.agent-token-cut.message-empty" =>
        "Google reads {value} as an empty name (a product token starts with a letter, `-` or \
         `_`), so for Google and the readers that follow RFC 9309 the group applies to no \
         crawler.";
    TokenCutInnerStar = "core.audit.agent-token-cut.message-inner-star" =>
        "A `*` inside a name is not a wildcard: Google reads {value} as {token}, so the group is \
         for a crawler called exactly {token}.";
    TokenCutTrailingStar = "core.audit.agent-token-cut.message-trailing-star" =>
        "Google reads {value} as {token}, as meant, but a `*` is no wildcard in a name: readers \
         that keep it (Python's robotparser, which looks for the whole name inside the \
         crawler's) find no crawler called {value}, so for them the group applies to no \
         crawler.";
    TrailingStarWhy = "core.audit.agent-token-cut.why-trailing-star" =>
        "Those readers then give the crawler the `*` group's rules instead, or none where the \
         file has no `*` group.";
    TokenCut = "core.audit.agent-token-cut.message" =>
        "Google reads {value} as {token}: a product token holds only letters, `-` and `_`. \
         Crawlers built on Google's parser compare {token}, so for them the group is not \
         {word}'s; {word}'s own parser may read the whole name.";
    TokenCutWords = "core.audit.agent-token-cut.message-marked-words" =>
        "Google reads {value} as {token}: a name is one word of letters, `-` and `_`, so only \
         the first is compared. Crawlers built on Google's parser compare {token}, so for them \
         the group is not {last}'s.";
    TokenCutWordsFix = "core.audit.agent-token-cut.fix-marked-words" =>
        "Write only the crawler's product token; if it is {last}, write {line}.";
    TokenCutWhy = "core.audit.agent-token-cut.why" =>
        "Crawlers built on Google's parser compare only the shortened name; the crawler's own \
         parser may read the full one, but nothing guarantees it.";
    TokenCutFix = "core.audit.agent-token-cut.fix" =>
        "Write the crawler's product token as its documentation gives it. If that is the name \
         written here, keep it, and make sure the `*` group suits the crawler too, for parsers \
         that read it shorter.";
    BrowserUserAgent = "core.audit.agent-token-cut.message-browser" =>
        "{value} is a whole browser User-Agent header; Google compares only {token}, a name no \
         crawler uses.";
    ExtraTextVersion = "core.audit.user-agent-extra-text.message" =>
        "Google and RFC 9309 readers compare only the product token: Google reads {value} as \
         {token} and ignores {rest}. Python's robotparser (≤ 3.12) and the 1994 convention \
         compare the whole value with the crawler's name, so for them this group names no \
         crawler.";
    ExtraTextWords = "core.audit.agent-token-cut.message-words" =>
        "Google reads {value} as {token}: only the first word is compared, so this group is for \
         {token} and {rest} is ignored.";
    ExtraTextVersionWhy = "core.audit.user-agent-extra-text.why" =>
        "Google and RFC 9309 compare only the product token, so for them the group works as \
         meant. Python's robotparser, Protego (Scrapy's parser), texting_robots and the 1994 \
         convention's readers compare the whole value with the crawler's name and find no match: \
         a crawler built on them skips this group (the `python` and `legacy-1994` profiles show \
         it).";
    ExtraTextVersionFix = "core.audit.user-agent-extra-text.fix" =>
        "Write only the product token; then every reader finds the group.";
    ExtraTextWhy = "core.audit.agent-token-cut.why-words" =>
        "Google and RFC 9309 compare only the product token; parsers that compare the whole \
         value match no crawler at all.";
    ExtraTextFix = "core.audit.agent-token-cut.fix-words" =>
        "Write only the crawler's product token, such as `Googlebot` or `Googlebot-Image`.";
    GroupRanges = "core.audit.agent-in-several-groups.ranges" => "lines {ranges}";
    GroupRangesMore = "core.audit.agent-in-several-groups.ranges-more" => "{count} more";
    AgentInSeveralGroups = "core.audit.agent-in-several-groups.message" =>
        "{name} was already named in the group of {first}: crawlers merge the rules of its \
         {count} groups ({ranges}).";
    AgentInSeveralGroupsAsRead = "core.audit.agent-in-several-groups.message-as-read" =>
        "Google reads {value} as {name}, which the group of {first} already names: Google-based \
         crawlers merge the rules of its {count} groups ({ranges}); parsers that read the whole \
         name see another crawler.";
    AgentInSeveralGroupsWhy = "core.audit.agent-in-several-groups.why" =>
        "Rules far apart combine, which is easy to miss when editing one group, and Python's \
         legacy robotparser reads only the first of them.";
    AgentInSeveralGroupsWhyStar = "core.audit.agent-in-several-groups.why-star" =>
        "Rules far apart combine, which is easy to miss when editing one group, and Python's \
         legacy robotparser reads a group that also names `*` only as every crawler's fallback: \
         of the others, it reads only the first.";
    AgentInSeveralGroupsFix = "core.audit.agent-in-several-groups.fix" =>
        "Move this group's rules into the group of {first} and delete this one.";
    AgentInSeveralGroupsFixAsRead = "core.audit.agent-in-several-groups.fix-as-read" =>
        "If {value} is the crawler of the other group, move its rules there; if it is another \
         crawler, name it by its own product token, which Google reads apart from {name}.";
    AgentInSeveralGroupsFixShared = "core.audit.agent-in-several-groups.fix-shared" =>
        "Give {name} one group of its own, holding the rules of all its groups, and delete its \
         user-agent lines from the others: moving rules between groups that name other \
         crawlers too would change those crawlers' rules.";
    AgentInSeveralGroupsFixInOrder = "core.audit.agent-in-several-groups.fix-in-order" =>
        "Move this group's rules into the group of {first} and delete this one, and write the \
         merged rules longest pattern first (an `Allow` before a `Disallow` of the same pattern, \
         an empty `Disallow:` last): readers that apply the first rule that matches, as \
         Python's does, then answer as Google does.";
    AgentInSeveralGroupsFixSharedInOrder = "core.audit.agent-in-several-groups.fix-shared-in-order" =>
        "Give {name} one group of its own, holding the rules of all its groups longest pattern \
         first (an `Allow` before a `Disallow` of the same pattern, an empty `Disallow:` last), \
         and delete its user-agent lines from the others: moving rules between groups that name \
         other crawlers too would change those crawlers' rules, and in that order readers that \
         apply the first rule that matches answer as Google does.";
    RepeatedUserAgent = "core.audit.repeated-user-agent.message" =>
        "{value} repeats the user agent of line {first} in the same group.";
    RepeatedUserAgentSameName = "core.audit.repeated-user-agent.message-same-name" =>
        "Google reads {value} as {token}, as it reads {earlier} on line {first}: for \
         Google-based crawlers the two lines name the same crawler; parsers that read the whole \
         name see two.";
    RepeatedUserAgentWhy = "core.audit.repeated-user-agent.why" =>
        "The second line changes nothing; it may have been meant for another crawler.";
    RepeatedUserAgentFix = "core.audit.repeated-user-agent.fix" =>
        "Delete the line, or name the crawler it was meant for.";
    LostStarRule = "core.audit.named-group-ignores-star.rule" => "{rule} (line {line})";
    LostStarRulesMore = "core.audit.named-group-ignores-star.more" => "{rules} and {count} more";
    NamedGroupIgnoresStarOne = "core.audit.named-group-ignores-star.message-one" =>
        "{names} follows only its own group, so it no longer obeys {count} Disallow rule of the \
         `*` group: {rules}; for example, it may fetch {path}, which `*` blocks.";
    NamedGroupIgnoresStar = "core.audit.named-group-ignores-star.message" =>
        "{names} follows only its own group, so it no longer obeys {count} Disallow rules of the \
         `*` group: {rules}; for example, it may fetch {path}, which `*` blocks.";
    NamedGroupsIgnoreStarOne = "core.audit.named-group-ignores-star.message-several-one" =>
        "{names} follow only their own group, so they no longer obey {count} Disallow rule of \
         the `*` group: {rules}; for example, they may fetch {path}, which `*` blocks.";
    NamedGroupsIgnoreStar = "core.audit.named-group-ignores-star.message-several" =>
        "{names} follow only their own group, so they no longer obey {count} Disallow rules of \
         the `*` group: {rules}; for example, they may fetch {path}, which `*` blocks.";
    NamedGroupIgnoresStarWhy = "core.audit.named-group-ignores-star.why" =>
        "A crawler obeys only the groups that name it; the `*` group's rules are not inherited.";
    NamedGroupIgnoresStarFix = "core.audit.named-group-ignores-star.fix" =>
        "Repeat in this group the `*` rules that {names} should still obey ({lines}); if only \
         other crawlers should obey them, the file is right as it is.";
    GroupWithoutRulesStar = "core.audit.group-without-rules.message-star" =>
        "The `*` group has no Allow or Disallow line, so every crawler without a group of its \
         own may fetch every URL.";
    GroupWithoutRulesOne = "core.audit.group-without-rules.message-one" =>
        "The group of {names} has no Allow or Disallow line, so it may fetch every URL (without \
         falling back to the `*` group).";
    GroupWithoutRules = "core.audit.group-without-rules.message" =>
        "The group of {names} has no Allow or Disallow line, so they may fetch every URL \
         (without falling back to the `*` group).";
    GroupWithoutRulesWhy = "core.audit.group-without-rules.why" =>
        "RFC 9309 reads a group without rules as allowing everything; npm's robots-parser drops \
         such a group and applies `*` instead, and so does Python's robotparser when the group \
         holds nothing but its user-agent lines.";
    GroupWithoutRulesStarWhy = "core.audit.group-without-rules.why-star" =>
        "Every parser reads a `*` group without rules as allowing everything, so the group \
         limits no crawler.";
    GroupWithoutRulesFix = "core.audit.group-without-rules.fix" =>
        "Add the rules these crawlers should obey (an explicit `Allow: /` if they may fetch \
         everything), or delete the group.";
    GroupWithoutRulesFixOrStar = "core.audit.group-without-rules.fix-or-star" =>
        "Add the rules these crawlers should obey (an explicit `Allow: /` if they may fetch \
         everything); delete the group only if they should obey the `*` group's rules instead.";
    GroupWithoutRulesNoStar = "core.audit.group-without-rules.message-no-star" =>
        "The group of {names} has no Allow or Disallow line, and no group is for `*`: no rule \
         keeps its crawlers out of any URL, as without the group.";
    GroupWithoutRulesDelayOnly = "core.audit.group-without-rules.message-delay-only" =>
        "The group of {names} only sets {text}, and no group is for `*`: no rule keeps its \
         crawlers out of any URL, as without the group.";
    GroupWithoutRulesNoStarWhy = "core.audit.group-without-rules.why-no-star" =>
        "Every parser reads a group without rules as allowing everything, and without a `*` \
         group there is nothing else to apply.";
    GroupWithoutRulesFixDelayOnly = "core.audit.group-without-rules.fix-delay-only" =>
        "Nothing to change if {text} is all the group is for; to keep these crawlers out of \
         some URLs, add Disallow lines below it.";
    GroupWithoutRulesFixKeep = "core.audit.group-without-rules.fix-keep" =>
        "Add the rules these crawlers should obey below {text} (an explicit `Allow: /` if they \
         may fetch everything); deleting the group would drop {text} too.";
    OthersCount = "core.audit.no-star-group.others" => "{count} others";
    AgentAsGoogleReadsIt = "core.audit.no-star-group.as-google-reads-it" =>
        "{value} (which Google reads as {token})";
    NoStarGroup = "core.audit.no-star-group.message" =>
        "No group is for `*`, so every crawler other than {names} may fetch every URL.";
    NoStarGroupWhy = "core.audit.no-star-group.why" => "A crawler that no group names has no rules.";
    NoStarGroupFix = "core.audit.no-star-group.fix" =>
        "If other crawlers should be limited too, add a `User-agent: *` group.";
    SiteClosedToAll = "core.audit.site-closed-to-all.message" =>
        "{rule} in the `*` group closes the whole site to every crawler.";
    SiteClosedToAllNamed = "core.audit.site-closed-to-all.message-named" =>
        "{rule} in the `*` group closes the whole site to every crawler, and every named group \
         closes it too.";
    SiteClosedToSome = "core.audit.site-closed-to-all.message-some" =>
        "{rule} in the `*` group closes the whole site for {closed}; for {open} it leaves the \
         site open.";
    SiteClosedToSomeNamed = "core.audit.site-closed-to-all.message-some-named" =>
        "{rule} in the `*` group closes the whole site for {closed}, and every named group closes \
         it too; for {open} the rule leaves the site open to the crawlers that no group names.";
    SiteClosedMerged = "core.audit.site-closed-to-all.message-merged" =>
        "{rule} closes the whole site to every crawler: `User-agent: *` (line {star}) shares its \
         group with {names}, because {between} on line {line} does not end a group, so the rule \
         written under {names} applies to `*` too.";
    SiteClosedMergedSome = "core.audit.site-closed-to-all.message-merged-some" =>
        "{rule} closes the whole site for {closed}: for them `User-agent: *` (line {star}) shares \
         its group with {names}, because {between} on line {line} does not end a group, so the \
         rule written under {names} applies to `*` too; for {open} the site stays open.";
    SiteClosedMergedFix = "core.audit.site-closed-to-all.fix-merged" =>
        "If the rule is meant for {names} alone, give `*` rules of its own right under line \
         {star} (an empty `Disallow:` allows everything): a rule ends the `*` group.";
    SiteClosedToAllWhy = "core.audit.site-closed-to-all.why" =>
        "No compliant crawler may fetch any page, so search engines show the site's pages \
         without a description or drop them.";
    SiteClosedToSomeWhy = "core.audit.site-closed-to-all.why-some" =>
        "Google's crawlers and every crawler that reads the file as Google does may fetch no \
         page, so search engines show the site's pages without a description or drop them; the \
         readers that leave the site open read the rule or its group otherwise (a `*` read \
         literally, a blank line that ends the group), so the file means two things.";
    SiteClosedToAllFix = "core.audit.site-closed-to-all.fix" =>
        "If the site should be crawled, remove the rule or narrow it to the paths to hide; if \
         this is a staging site, protect it with a password instead.";
    LineInsideAgentListOne = "core.audit.line-inside-agent-list.message-one" =>
        "{text} stands between the user-agent lines of one group: Google and RFC 9309 keep \
         {agents} in the group, so it obeys the rules below line {last}, but parsers that end a \
         group at any other line give it no rules.";
    LineInsideAgentList = "core.audit.line-inside-agent-list.message" =>
        "{text} stands between the user-agent lines of one group: Google and RFC 9309 keep \
         {agents} in the group, so they obey the rules below line {last}, but parsers that end \
         a group at any other line give them no rules.";
    LineInsideAgentListReadAgain = "core.audit.line-inside-agent-list.message-read-again" =>
        "{text} stands between the user-agent lines of one group, and line {repeat} names \
         {agents} again below it: parsers that end a group at this line read the group's rules \
         with that second list, as Google and RFC 9309 do, so only the layout differs.";
    LineInsideAgentListFixScopedStar = "core.audit.line-inside-agent-list.fix-scoped-star" =>
        "Below this line, add the rules every crawler should obey: Google and RFC 9309 now give \
         `*` the rules from line {rule} on, written below the crawlers named after it (an empty \
         `Disallow:` if every crawler may fetch everything). That ends the `*` group there, so \
         {text} stays with it instead of reaching the crawlers named below it.";
    LineInsideAgentListEnds = "core.audit.line-inside-agent-list.message-ends" =>
        "{text} and the blank line below it end the group of {agents} as written, but Google and \
         RFC 9309 read on: the rules below line {last}, written for the next user agents, apply \
         to {agents} too.";
    LineInsideAgentListWhy = "core.audit.line-inside-agent-list.why" =>
        "Crawlers disagree about which user agents the group's rules are for.";
    LineInsideAgentListFix = "core.audit.line-inside-agent-list.fix" =>
        "Move this line below the group's rules, so that its user-agent lines are consecutive.";
    LineInsideAgentListRepeat = "core.audit.line-inside-agent-list.message-repeat" =>
        "{text} stands between the user-agent lines of one group, and line {repeat} names \
         {value} again: Google and RFC 9309 read one group, but parsers that end a group at any \
         other line start a second group there, and Python's robotparser, which keeps only the \
         first group of a name, gives {value} no rules.";
    LineInsideAgentListFixRepeat = "core.audit.line-inside-agent-list.fix-repeat" =>
        "Delete line {repeat}: {text} and the rules below it then stand in one group for every \
         parser.";
    LineInsideAgentListFixScoped = "core.audit.line-inside-agent-list.fix-scoped" =>
        "Below this line, add the rules meant for {agents}: the `*` group's, which they follow \
         when no group names them (an empty `Disallow:` if they may fetch everything). That \
         ends their group there, so {text} stays with them instead of reaching the crawlers \
         named below it.";
    DelayedCrawlersClosedOut = "core.audit.line-inside-agent-list.message-closed-out" =>
        "The group of {names} has only {text}: Google and RFC 9309 read it into one group with \
         {owner} (line {owner_line}), so {rule} (line {rule_line}), written for {owner}, shuts \
         {names} out of the whole site; parsers that end a group at {text} let {names} fetch \
         everything.";
    DelayedCrawlersGetRules = "core.audit.line-inside-agent-list.message-gets-rules" =>
        "The group of {names} has only {text}: Google and RFC 9309 read it into one group with \
         {owner} (line {owner_line}), so the rules written for {owner}, from {rule} (line \
         {rule_line}) on, block {names} too; parsers that end a group at {text} let {names} \
         fetch everything.";
    DelayedCrawlersWhy = "core.audit.line-inside-agent-list.why-delayed" =>
        "A group ends only where a user-agent line follows a rule, and `Crawl-delay` is not a \
         rule: the crawlers named above it share the next crawler's rules, though the file gave \
         them only a delay.";
    DelayedCrawlersFix = "core.audit.line-inside-agent-list.fix-delayed" =>
        "Give {names} rules of their own right below {text} (line {line}): the `*` group's, \
         which they follow when no group names them (an empty `Disallow:` if they may fetch \
         everything). That ends their group, so the rules of {owner} apply to {owner} alone.";
    BlankBetweenAgents = "core.audit.blank-line-in-group.message-agents" =>
        "A blank line separates {before} (line {before_line}) from {after} (line {after_line}), \
         but they are one group: {before} obeys the same rules as {after}.";
    BlankBetweenAgentsFix = "core.audit.blank-line-in-group.fix-agents" =>
        "If {before} should have rules of its own, write them under it; otherwise delete the \
         blank line.";
    BlankBeforeRules = "core.audit.blank-line-in-group.message-before-rules" =>
        "A blank line separates the user agents above from their first rule (line {line}); RFC \
         9309 crawlers read on, but 1994-style parsers end the group here and drop its user \
         agents.";
    BlankBeforeRulesFix = "core.audit.blank-line-in-group.fix-before-rules" => "Delete the blank line.";
    BlankInRules = "core.audit.blank-line-in-group.message-rules" =>
        "A blank line splits the rules of the group of {group}; RFC 9309 crawlers read on, but \
         1994-style parsers end the group here, so for them the rules from line {line} on \
         belong to no user agent.";
    BlankInRulesFix = "core.audit.blank-line-in-group.fix-rules" =>
        "Delete the blank line (a `#` comment line can separate sections instead).";
    BlankLinesFurtherOne = "core.audit.blank-line-in-group.further-one" =>
        "{message} The fix deletes the blank line further down the group too ({lines}): left \
         there, it would still end the group early for those parsers.";
    BlankLinesFurther = "core.audit.blank-line-in-group.further" =>
        "{message} The fix deletes the {count} blank lines further down the group too \
         ({lines}): any one left would still end the group early for those parsers.";
    BlankLinesFix = "core.audit.blank-line-in-group.fix-all" =>
        "Delete the blank lines ({lines}); a `#` comment line can separate sections instead.";
    BlankLineInGroupWhy = "core.audit.blank-line-in-group.why" =>
        "Python's legacy robotparser, still common, ends a record at a blank line, while Google \
         and RFC 9309 ignore it: crawlers disagree about the group.";

    // Invisible characters, as messages name them (audit/text.rs).
    InvisibleChar = "core.char.named" => "{code} ({name})";
    CharNul = "core.char.nul" => "NUL";
    CharVerticalTab = "core.char.vertical-tab" => "vertical tab";
    CharFormFeed = "core.char.form-feed" => "form feed";
    CharDel = "core.char.del" => "DEL";
    CharNbsp = "core.char.nbsp" => "non-breaking space";
    CharSoftHyphen = "core.char.soft-hyphen" => "soft hyphen";
    CharZwsp = "core.char.zwsp" => "zero-width space";
    CharZwnj = "core.char.zwnj" => "zero-width non-joiner";
    CharZwj = "core.char.zwj" => "zero-width joiner";
    CharWordJoiner = "core.char.word-joiner" => "word joiner";
    CharBom = "core.char.bom" => "byte order mark";
    CharControl = "core.char.control" => "control character";
    CharUnicodeSpace = "core.char.unicode-space" => "Unicode space";

    // audit/syntax.rs
    UnreadableEmptyKey = "core.audit.unreadable-line.message-empty-key" =>
        "{line} starts with `:`, so it has no key and crawlers skip it.";
    UnreadableEmptyKeyWhy = "core.audit.unreadable-line.why-empty-key" =>
        "A line is read as `key: value`; with nothing before the colon no crawler knows what \
         the value is for.";
    UnreadableEmptyKeyFix = "core.audit.unreadable-line.fix-empty-key" =>
        "Write the directive's name before the colon, as in `Disallow: /path`, or start the \
         line with `#` if it is a note.";
    UnreadableLine = "core.audit.unreadable-line.message" =>
        "{line} has no `:` after {key}, so crawlers skip the line.";
    UnreadableLineWhy = "core.audit.unreadable-line.why" =>
        "Without a separator no crawler can tell the key from the value; Google reads a line \
         without a colon only when it is exactly two words.";
    UnreadableLineRuleFix = "core.audit.unreadable-line.fix-rule" =>
        "Write `{key}: ` followed by one path, one rule per line.";
    UnreadableLineFix = "core.audit.unreadable-line.fix" =>
        "Write `{key}: ` followed by the value.";
    InvisibleInKey = "core.audit.misspelled-directive.message-invisible" =>
        "The key {key} carries an invisible {char}, so crawlers do not recognise it as {name} \
         and skip the line.";
    InvisibleInKeyWhy = "core.audit.misspelled-directive.why-invisible" =>
        "Invisible characters (often a byte order mark left where two files were joined, or \
         text pasted from a web page) become part of the key.";
    InvisibleInKeyFix = "core.audit.misspelled-directive.fix-invisible" =>
        "Delete the invisible character so that the line starts with {name}.";
    MisspelledAgent = "core.audit.misspelled-directive.message-user-agent" =>
        "{key} is not a key any crawler reads; it looks like a misspelling of {name}, so this \
         user-agent line is ignored.";
    MisspelledSitemap = "core.audit.misspelled-directive.message-sitemap" =>
        "{key} is not a key any crawler reads; it looks like a misspelling of {name}, so this \
         sitemap is ignored.";
    MisspelledRule = "core.audit.misspelled-directive.message-rule" =>
        "{key} is not a key any crawler reads; it looks like a misspelling of {name}, so this \
         rule is ignored.";
    MisspelledDirectiveWhy = "core.audit.misspelled-directive.why" =>
        "Crawlers skip keys they do not know; Google accepts a few common typos, but not this \
         one.";
    SpellTheKey = "core.audit.spell-the-key" => "Spell the key {name}.";
    UnknownDirectiveNear = "core.audit.unknown-directive.message-near" =>
        "{key} is not a key any crawler reads; did you mean {name}?";
    UnknownDirective = "core.audit.unknown-directive.message" =>
        "{key} is not a key any crawler we know of reads; the line is ignored.";
    UnknownDirectiveUrl = "core.audit.unknown-directive.message-url" =>
        "{url} is a URL without a key: readers take {key} before its colon as the key, which no \
         crawler reads, so the line is ignored.";
    UnknownDirectiveUrlSitemapFix = "core.audit.unknown-directive.fix-url-sitemap" =>
        "Write it as a sitemap line: {line}.";
    UnknownDirectiveUrlDeclaredFix = "core.audit.unknown-directive.fix-url-declared" =>
        "Line {line} declares this sitemap already: delete this line.";
    UnknownDirectiveUrlFix = "core.audit.unknown-directive.fix-url" =>
        "If it names a sitemap, write {line}; otherwise remove the line.";
    UnknownDirectiveWhy = "core.audit.unknown-directive.why" =>
        "Crawlers ignore keys they do not know, so the line has no effect.";
    UnknownDirectiveFix = "core.audit.unknown-directive.fix" =>
        "Remove the line, or start it with `#` if it is a note for people.";
    TextLine = "core.audit.text-line.message" =>
        "{line} is text, not a directive; crawlers skip it only because they cannot read it.";
    TextLineFix = "core.audit.text-line.fix" => "Start the line with `#` to make it a comment.";
    TextLines = "core.audit.text-line.message-several" =>
        "Text, not directives, on {lines}: crawlers skip these lines only because they cannot \
         read them.";
    TextLinesFix = "core.audit.text-line.fix-several" =>
        "Start each of these lines with `#` to make them comments.";
    TextLineWhy = "core.audit.text-line.why" =>
        "A line of text that happens to contain a colon, or to be two words, is read as a \
         directive (`Disallow everything` is a rule).";
    MissingColon = "core.audit.missing-colon.message" =>
        "{line} has no colon: Google reads it as {directive}, but parsers that follow RFC \
         9309's syntax skip it.";
    MissingColonWhy = "core.audit.missing-colon.why" =>
        "The directive holds for Google and its ports, and not for Python's robotparser, npm's \
         robots-parser and others.";
    MissingColonFix = "core.audit.missing-colon.fix" =>
        "Put a colon after the key: `{key}: {value}`.";
    SpellingTypoOther = "core.audit.nonstandard-spelling.message-typo-other" =>
        "{key} is not the usual spelling of {name}; crawlers that read {name} may not recognise \
         it.";
    SpellingTypo = "core.audit.nonstandard-spelling.message-typo" =>
        "{key} is a misspelling of {name} that Google accepts; parsers that follow the standard \
         skip the line.";
    SpellingPrefix = "core.audit.nonstandard-spelling.message-prefix" =>
        "Google reads {key} as {name} because it starts with it; parsers that compare the whole \
         key skip the line.";
    SitemapWithoutColon = "core.audit.nonstandard-spelling.message-sitemap" =>
        "`Sitemap` has no colon, so readers split the line at the URL's own colon: the key is \
         {key}, which only Google reads as `Sitemap`, and the sitemap is {value}, which is not \
         a full URL.";
    SitemapWithoutColonWhy = "core.audit.nonstandard-spelling.why-sitemap" =>
        "Strict parsers skip the line, and a reader that takes it as a sitemap gets a URL without \
         its scheme (or several URLs run together): no crawler can count on fetching the \
         sitemap.";
    SitemapWithoutColonFix = "core.audit.nonstandard-spelling.fix-sitemap" =>
        "Put a colon after `Sitemap`, with one `Sitemap:` line for each URL.";
    NonstandardSpellingWhy = "core.audit.nonstandard-spelling.why" =>
        "The line holds for Google and not for Python's robotparser, npm's robots-parser and \
         other strict parsers, so crawlers disagree about the file.";
    InvisibleInValue = "core.audit.invisible-character.message-value" =>
        "The value contains an invisible {char} at column {column}; crawlers keep it as part of \
         the value.";
    InvisibleInValueMore = "core.audit.invisible-character.message-value-more" =>
        "The value contains an invisible {char} (and {more} more) at column {column}; crawlers \
         keep it as part of the value.";
    InvisibleInKeyOnly = "core.audit.invisible-character.message-key" =>
        "The key contains an invisible {char} at column {column}; crawlers keep it as part of \
         the key.";
    InvisibleInKeyMore = "core.audit.invisible-character.message-key-more" =>
        "The key contains an invisible {char} (and {more} more) at column {column}; crawlers \
         keep it as part of the key.";
    InvisibleInLine = "core.audit.invisible-character.message-line" =>
        "The line contains an invisible {char} at column {column}; crawlers keep it as part of \
         the line.";
    InvisibleInLineMore = "core.audit.invisible-character.message-line-more" =>
        "The line contains an invisible {char} (and {more} more) at column {column}; crawlers \
         keep it as part of the line.";
    InvisibleCharacterWhy = "core.audit.invisible-character.why" =>
        "Only ASCII spaces and tabs are trimmed; any other invisible character changes the key \
         or pattern, which then matches nothing the site serves.";
    InvisibleEncodedTwice = "core.audit.invisible-character.message-encoded-twice" =>
        "The line holds an invisible {char} because it was encoded twice: its UTF-8 bytes were \
         read as Latin-1 and encoded again; decoded once, it reads {meant}.";
    InvisibleEncodedTwiceFix = "core.audit.invisible-character.fix-encoded-twice" =>
        "Write the line as it reads decoded (save the file as UTF-8 once), rather than deleting \
         the character, which is half of another.";
    InvisibleCharacterFix = "core.audit.invisible-character.fix" =>
        "Delete the invisible character (retype the line rather than pasting it).";
    NulReadsNothing = "core.audit.nul-byte.message-nothing" =>
        "A NUL byte stands at column {column}, so Google reads nothing of it; other parsers \
         read the whole line.";
    NulReadsOnly = "core.audit.nul-byte.message" =>
        "A NUL byte stands at column {column}, so Google reads only {text}; other parsers read \
         the whole line.";
    NulByteWhy = "core.audit.nul-byte.why" =>
        "Google's parser ends a line at a NUL, so crawlers disagree about what the line says.";
    NulByteFix = "core.audit.nul-byte.fix" =>
        "Delete the NUL byte (an editor that shows control characters helps).";
    LineTooLongRule = "core.audit.line-too-long.message-rule" =>
        "The line is {length} bytes long; Google reads only the first {limit}, so the pattern \
         ends at …{tail} and matches more than written.";
    LineTooLong = "core.audit.line-too-long.message" =>
        "The line is {length} bytes long; Google reads only the first {limit}, so the rest of \
         the line is ignored.";
    LineTooLongWhy = "core.audit.line-too-long.why" =>
        "A cut pattern is a shorter pattern: a Disallow blocks more than intended, an Allow \
         opens more.";
    LineTooLongFix = "core.audit.line-too-long.fix" =>
        "Split the pattern into shorter rules, using `*` for the parts that vary.";

    SetApartRules = "core.audit.set-apart-rules.message" =>
        "{rules} stand apart below the blank line on line {blank}, as if for every crawler, but a group \
         runs until the next `User-agent` line: Google and RFC 9309 give them to {agents} alone, \
         and Python's robotparser, for which the blank line ends the group, to nobody.";
    SetApartRulesWhy = "core.audit.set-apart-rules.why" =>
        "A blank line does not start a group; only a `User-agent` line does. Every crawler the \
         group does not name may fetch what these rules block, unless other rules of its own \
         block it.";
    SetApartRulesFix = "core.audit.set-apart-rules.fix" =>
        "If the rules are for every crawler, repeat them in the `*` group (or under a \
         `User-agent: *` line of their own); if they are for {agents} alone, delete the blank \
         line.";
    UnfollowedName = "core.audit.unfollowed-name.message" =>
        "No crawler goes by {name}: the crawlers it likely means are {tokens}, and each follows \
         only the groups that name its own token, so none of them follows this group.";
    UnfollowedNameOne = "core.audit.unfollowed-name.message-one" =>
        "No crawler goes by {name}: the crawler it likely means is {tokens}, and it follows only \
         the groups that name its own token, so it does not follow this group.";
    UnfollowedNameWhy = "core.audit.unfollowed-name.why" =>
        "A crawler compares its product token with the user-agent lines (`GPTBot`, not the name \
         of its company or product); a group under another name binds none of its crawlers, \
         which follow the `*` group or no group instead.";
    UnfollowedNameFix = "core.audit.unfollowed-name.fix" =>
        "Name the crawlers meant: write {lines} above this line.";

    TrailingGroupLine = "core.audit.trailing-group-line.message" =>
        "{text} stands apart at the end of the file, but a group runs until the next \
         `User-agent` line: it belongs to the group of {agents} ({group}), so only they read it, \
         not the crawlers of the other groups.";
    TrailingGroupLineWhy = "core.audit.trailing-group-line.why" =>
        "Blank lines do not end a group for Google or RFC 9309 readers, and a crawler reads only \
         the groups that name it.";
    TrailingGroupLineFix = "core.audit.trailing-group-line.fix" =>
        "Put the line into each group it is meant for, or right under the last group's rules if \
         it is meant for those crawlers alone.";

    // audit/patterns.rs
    SameForOneMore = "core.audit.same-for-one-more" =>
        "{message} The same holds for 1 more rule ({lines}).";
    SameForMore = "core.audit.same-for-more" =>
        "{message} The same holds for {count} more rules ({lines}).";
    WithoutSlashUrl = "core.audit.pattern-without-slash.message-url" =>
        "{value} is a full URL, but a pattern is a path, so the rule matches no URL for Google.";
    WithoutSlashOtherHost = "core.audit.pattern-without-slash.message-other-host" =>
        "{value} is a URL of another host ({host}); a robots.txt governs only the host that \
         serves it, and a pattern is a path, so the rule matches no URL.";
    WithoutSlashOtherHostFix = "core.audit.pattern-without-slash.fix-other-host" =>
        "Remove the rule; rules for {host} belong in the robots.txt that {host} serves.";
    WithoutSlashUrlHostUnknownFix = "core.audit.pattern-without-slash.fix-host-unknown" =>
        "If {host} is this site, write the pattern as {pattern}; if not, remove the rule: \
         {host} answers for its URLs in its own robots.txt.";
    WithoutSlashUrlWholeSiteFix = "core.audit.pattern-without-slash.fix-whole-site" =>
        "Remove the rule: written as the path {pattern} it would close the whole site to this \
         group's crawlers. Write `Disallow: /` only if that is what is meant.";
    WithoutSlashInvisible = "core.audit.pattern-without-slash.message-invisible" =>
        "{value} starts with an invisible {char}, so the rule matches no URL for Google.";
    WithoutSlashNotUtf8 = "core.audit.pattern-without-slash.message-not-utf8" =>
        "{value} starts with bytes that are not UTF-8 ({bytes}) instead of `/`: the file was \
         saved in another encoding (GBK writes a full-width space so), and the rule matches no \
         URL for Google.";
    WithoutSlashNotUtf8Fix = "core.audit.pattern-without-slash.fix-not-utf8" =>
        "Delete the bytes before the pattern's `/` and save the file as UTF-8.";
    WithoutSlashDotOrQuery = "core.audit.pattern-without-slash.message-dot" =>
        "{value} starts with {first} instead of `/` ({anywhere} matches it anywhere), so the \
         rule matches no URL for Google.";
    WithoutSlashParameter = "core.audit.pattern-without-slash.message-parameter" =>
        "{value} is a query parameter without a path; patterns start with `/`, so the rule \
         matches no URL for Google ({anywhere} matches it in any URL).";
    WithoutSlashRelative = "core.audit.pattern-without-slash.message-relative" =>
        "{value} is a relative path; patterns start with `/`, so the rule matches no URL for \
         Google.";
    WithoutSlashHostOrPath = "core.audit.pattern-without-slash.message-host-or-path" =>
        "{value} reads as host names that start with {host} or as a relative path; either way \
         patterns start with `/`, so the rule matches no URL for Google.";
    WithoutSlashHostOrPathFix = "core.audit.pattern-without-slash.fix-host-or-path" =>
        "If it is meant for those hosts, remove the rule: each host answers for its URLs in its \
         own robots.txt. If it is a path of this site, write the pattern as {pattern}.";
    WithoutSlashOther = "core.audit.pattern-without-slash.message" =>
        "{value} starts with neither `/` nor `*`, so the rule matches no URL for Google.";
    WithoutSlashWhy = "core.audit.pattern-without-slash.why" =>
        "Matching starts at the path's first octet, which is always `/`, so this rule does \
         nothing.";
    WriteThePattern = "core.audit.write-the-pattern" => "Write the pattern as {pattern}.";
    WithoutSlashFix = "core.audit.pattern-without-slash.fix" =>
        "Start the pattern with `/` (or `*`).";
    RegexPattern = "core.audit.regex-pattern.message" =>
        "{value} is written as a regular expression: robots.txt patterns know only `*` and a \
         final `$`, so signs such as `^`, `\\` or an inner `$` are matched as characters and the \
         rule matches none of the URLs it means.";
    RegexPatternFix = "core.audit.regex-pattern.fix" =>
        "Write the paths it means as a robots.txt pattern: start it with `/`, write `*` for any \
         characters and `$` only at the end.";
    DollarInsidePattern = "core.audit.dollar-inside-pattern.message" =>
        "The `$` at position {position} of {value} is matched as the character `$`, not as the \
         end of the URL: only a final `$` anchors.";
    DollarInsidePatternWhy = "core.audit.dollar-inside-pattern.why" =>
        "Google matches it literally, Python's RFC 9309 robotparser drops the rule and \
         texting_robots anchors there, so crawlers disagree about the rule.";
    DollarInsidePatternFix = "core.audit.dollar-inside-pattern.fix" =>
        "Move the `$` to the end if the URL must end there. If the URLs carry a `$` at that place \
         (`/$m.do`), keep it: Google matches it as written, while `%24` would not match their raw \
         `$` for Google.";
    RedundantWildcardAllContest = "core.audit.redundant-wildcard.message-all-contest" =>
        "{value} matches every URL, exactly as {simpler} does, but its extra length ({old} \
         octets against {new}) can decide its contest with {rule} on line {line}.";
    RedundantWildcardContest = "core.audit.redundant-wildcard.message-contest" =>
        "{value} matches the same URLs as {simpler}, but its extra length ({old} octets against \
         {new}) can decide its contest with {rule} on line {line}.";
    RedundantWildcardContestWhy = "core.audit.redundant-wildcard.why-contest" =>
        "Priority is the pattern's length, so removing the star would change which rule wins \
         there.";
    RedundantWildcardContestFix = "core.audit.redundant-wildcard.fix-contest" =>
        "Keep the star if it is meant to win that contest (a comment saying so helps); \
         otherwise write {simpler}.";
    RedundantWildcardAll = "core.audit.redundant-wildcard.message-all" =>
        "{value} matches every URL, exactly as {simpler} does; the extra `*` adds nothing.";
    RedundantWildcard = "core.audit.redundant-wildcard.message" =>
        "{value} matches the same URLs as {simpler}; the extra `*` adds nothing.";
    RedundantWildcardWhy = "core.audit.redundant-wildcard.why" =>
        "Patterns already match URL prefixes; the star only makes the rule longer (a rule's \
         length is its priority), and readers without wildcards (Python's robotparser up to \
         3.12) read it literally, so for them the rule matches no URL.";
    WriteSimpler = "core.audit.write" => "Write {value}.";
    NonAsciiPattern = "core.audit.non-ascii-pattern.message" =>
        "{value} holds non-ASCII characters; crawlers compare it as {encoded}.";
    NonAsciiPatternWhy = "core.audit.non-ascii-pattern.why" =>
        "That is how browsers and crawlers request these characters, so the rule matches the URLs \
         that hold them; the encoded form reads the same to every parser.";
    NonAsciiPatternFix = "core.audit.non-ascii-pattern.fix" =>
        "If the site's URLs hold these characters, nothing is required (writing {encoded} avoids \
         any doubt); if one is a typo, delete it.";
    NonAsciiEncodedTwice = "core.audit.non-ascii-pattern.message-encoded-twice" =>
        "{value} looks encoded twice: it is {meant} with its UTF-8 bytes read as Latin-1 and \
         encoded again, so crawlers compare it as {encoded}, not as {fixed}.";
    NonAsciiEncodedTwiceWhy = "core.audit.non-ascii-pattern.why-encoded-twice" =>
        "A URL that holds the characters meant is requested with them encoded once, which \
         this pattern does not match; only URLs that are themselves encoded twice match it.";
    NonAsciiEncodedTwiceFix = "core.audit.non-ascii-pattern.fix-encoded-twice" =>
        "If the site's URLs hold {meant}, write the pattern as {fixed}; keep it only if they \
         really hold the garbled characters.";
    NonAsciiTypographic = "core.audit.non-ascii-pattern.message-typographic" =>
        "{value} holds {character} where URLs are written with {ascii}; crawlers compare it as \
         {encoded}, which no URL spelled with {ascii} matches.";
    NonAsciiTypographicWhy = "core.audit.non-ascii-pattern.why-typographic" =>
        "Word processors and some editors turn `-` into a dash and `'` into a curly quote as \
         you type; URLs almost never hold these marks, so a rule copied from such a document \
         usually matches nothing.";
    NonAsciiTypographicFix = "core.audit.non-ascii-pattern.fix-typographic" =>
        "If the site's URLs have {ascii}, write {plain}; if they really hold {character}, write \
         {encoded}.";
    SeveralPaths = "core.audit.several-paths-on-one-line.message" =>
        "{value} holds {count} paths; a rule has one pattern, so this is the single pattern \
         {value} with spaces, which matches none of them.";
    SeveralPathsWhy = "core.audit.several-paths-on-one-line.why" =>
        "The paths the line lists are not blocked (or allowed) at all.";
    SeveralPathsFix = "core.audit.several-paths-on-one-line.fix" =>
        "Write one rule per path, one per line.";
    SpaceInPattern = "core.audit.space-in-pattern.message" =>
        "{value} contains a space; URLs carry it as `%20`, which Google does not match against \
         a raw space.";
    SpaceInPatternWhy = "core.audit.space-in-pattern.why" =>
        "For Google the rule never matches; RFC 9309 crawlers encode the space first and do \
         match, so crawlers disagree.";
    SpaceInPatternFix = "core.audit.space-in-pattern.fix" =>
        "Write the space as `%20`: {encoded}.";
    SpaceInPatternTypo = "core.audit.space-in-pattern.message-typo" =>
        "{value} contains a space next to {next}, where no URL carries one: the space is \
         evidently a typo, and the rule matches none of the URLs it names.";
    SpaceInPatternTypoWhy = "core.audit.space-in-pattern.why-typo" =>
        "Google never matches a raw space, and readers that encode it look for `%20`, which the \
         URLs do not hold there; so no reader applies the rule.";
    SpaceInPatternTypoFix = "core.audit.space-in-pattern.fix-typo" =>
        "Delete the space: {joined}.";
    PlaceholderTemplate = "core.audit.unfilled-placeholder.message-template" =>
        "{value} holds {open} at octet {at}, the mark of a template placeholder: either it was \
         never filled in, or the rule is meant for the links of pages whose template was not \
         rendered; browsers and crawlers request those with these characters percent-encoded \
         ({encoded}), so as written the rule matches neither.";
    UnfilledPlaceholderWhy = "core.audit.unfilled-placeholder.why" =>
        "Readers compare the pattern with the path as requested, where `{`, `}`, `<`, `>` and \
         spaces are percent-encoded, and Google does not match an encoded character against \
         the raw one.";
    UnfilledPlaceholderFix = "core.audit.unfilled-placeholder.fix" =>
        "To block the unrendered links, write {encoded}; if the placeholder was meant to be \
         filled in, write the path it stands for.";
    PercentNotAnEscapeWord = "core.audit.percent-not-an-escape.message-word" =>
        "{value} holds {word}, which crawlers compare as written: the rule blocks the URLs \
         that carry this very text (a merge tag a mail tool left unrendered, say), not the \
         pages a filled-in value would name.";
    PercentNotAnEscapeMacro = "core.audit.percent-not-an-escape.message-macro" =>
        "{value} holds {macro}, a placeholder that the tool which wrote this file never filled \
         in: crawlers compare it as written, so the rule blocks only URLs that carry this very \
         text, not the paths it stands for.";
    PercentNotAnEscapeMacroFix = "core.audit.percent-not-an-escape.fix-macro" =>
        "Write the path the placeholder stands for, or delete the line (and check the tool's \
         template, which may have left others).";
    PercentNotAnEscape = "core.audit.percent-not-an-escape.message" =>
        "{value} holds a `%` that is not followed by two hex digits, so it is no escape.";
    PercentNotAnEscapeWhy = "core.audit.percent-not-an-escape.why" =>
        "Google and RFC 9309 readers compare the `%` as it stands and match URLs that carry \
         it so; Python's robotparser decodes and encodes the path first and may not.";
    PercentNotAnEscapeFix = "core.audit.percent-not-an-escape.fix" =>
        "Nothing to do if the URLs carry this text as written; if the `%` was meant to start \
         an escape, give it its two hex digits (`%2F`).";
    DoubleSlashUrl = "core.audit.double-slash-in-pattern.message-url" =>
        "{value} is a URL without its scheme: as a pattern it matches only paths that start \
         with `//`, so it blocks none of the pages it names.";
    DoubleSlash = "core.audit.double-slash-in-pattern.message" =>
        "{value} holds `//` before a name, so it matches only paths with an empty segment, \
         which links to a site rarely hold: the pages it names, requested with one `/`, are \
         not matched.";
    DoubleSlashWhy = "core.audit.double-slash-in-pattern.why" =>
        "Every reader compares the pattern with the path as requested; a path holds `//` only \
         when a link writes it so.";
    DoubleSlashFix = "core.audit.double-slash-in-pattern.fix" =>
        "Write the path the pages are served at, with one `/` between its segments.";
    HtmlEntity = "core.audit.html-entity-in-pattern.message" =>
        "{value} holds {entity}, HTML for {character}: the URLs it names carry {character}, so \
         the rule matches none of them.";
    HtmlEntityWhy = "core.audit.html-entity-in-pattern.why" =>
        "Browsers decode HTML's references in links; readers match the pattern as written.";
    RouteGroupInPattern = "core.audit.route-group-in-pattern.message" =>
        "{value} holds the folder {segment}: a folder named in parentheses is a route group \
         (Next.js, SvelteKit), which organises the code and never appears in a URL, so the rule \
         matches none of the pages served from it.";
    RouteGroupInPatternWhy = "core.audit.route-group-in-pattern.why" =>
        "Every reader compares the rule with the URL's path as the browser requests it; the \
         pages under a route group are served without that segment, so they stay open.";
    RouteGroupInPatternFixPath = "core.audit.route-group-in-pattern.fix-path" =>
        "Write the path as the address bar shows it: {path}.";
    RouteGroupInPatternFix = "core.audit.route-group-in-pattern.fix" =>
        "Write the paths as the address bar shows them, without the route group's folder, one \
         rule for each path to hide.";
    PatternStartsWithStar = "core.audit.pattern-starts-with-star.message" =>
        "{value} starts with `*`, not `/`: Google and RFC 9309 readers match it anywhere in the \
         path, as {slashed}, but Python's robotparser (up to 3.12) and the 1994 convention's \
         readers know no wildcards and read the `*` literally, so for them the rule matches no \
         URL.";
    PatternStartsWithStarWhy = "core.audit.pattern-starts-with-star.why" =>
        "RFC 9309 starts every pattern with `/`. Readers without wildcards read `/*.pdf` as \
         literally as `*.pdf`, so the `/` changes no verdict; it is the form every wildcard \
         reader documents, and it shows that the rule works only for them.";
    PatternStartsWithStarWakesWhy = "core.audit.pattern-starts-with-star.wakes-why" =>
        "RFC 9309 starts every pattern with `/`. Written {literal}, the rule holds no wildcard, \
         so readers without wildcards read it as a path prefix too, as it is evidently meant.";
    PatternStartsWithStarFix = "core.audit.pattern-starts-with-star.fix" =>
        "Write {slashed}. For readers without wildcards, list the paths by their start \
         (`/files/`) instead.";
    HashInPattern = "core.audit.hash-in-pattern.message" =>
        "The `#` right after {value} starts a comment, so crawlers read {rule} and ignore \
         {dropped}.";
    HashInPatternBlocksAll = "core.audit.hash-in-pattern.message-blocks-all" =>
        "The `#` right after {value} starts a comment, so crawlers read {rule} (which blocks \
         every URL) and ignore {dropped}.";
    HashInPatternAllowsAll = "core.audit.hash-in-pattern.message-allows-all" =>
        "The `#` right after {value} starts a comment, so crawlers read {rule} (which allows \
         every URL) and ignore {dropped}.";
    HashInPatternClosesSiteStar = "core.audit.hash-in-pattern.message-closes-site-star" =>
        "The `#` right after {value} starts a comment, so crawlers read {rule} and ignore \
         {dropped}: the rule, written for some URLs, closes the whole site to every crawler \
         without a group of its own.";
    HashInPatternClosesSite = "core.audit.hash-in-pattern.message-closes-site" =>
        "The `#` right after {value} starts a comment, so crawlers read {rule} and ignore \
         {dropped}: the rule, written for some URLs, closes the whole site to {agents}.";
    HashInPatternClosesSiteFix = "core.audit.hash-in-pattern.fix-closes-site" =>
        "Delete the rule: a URL's fragment never reaches the server, so no rule can block it, \
         and read up to the `#` the rule blocks every URL.";
    HashInPatternWhy = "core.audit.hash-in-pattern.why" =>
        "Everything from `#` is a comment, and URL fragments are never sent to servers, so no \
         rule can target them.";
    HashInPatternFix = "core.audit.hash-in-pattern.fix" =>
        "Write the rule for the path the server sees, without the fragment, and put a space \
         before any comment.";
    EmptyDisallowFirst = "core.audit.empty-rule-among-rules.message-disallow-first" =>
        "An empty `Disallow:` does nothing beside the group's other rules ({lines}): it never \
         decides for Google, while Python's legacy robotparser reads it as \"allow everything\" \
         and, as it comes first, lets crawlers into every path.";
    EmptyDisallow = "core.audit.empty-rule-among-rules.message-disallow" =>
        "An empty `Disallow:` does nothing beside the group's other rules ({lines}): it never \
         decides for Google, while Python's legacy robotparser reads it as \"allow \
         everything\".";
    EmptyDisallowLast = "core.audit.empty-rule-among-rules.message-disallow-last" =>
        "An empty `Disallow:` does nothing below the group's other rules ({lines}): it never \
         decides for Google, and Python's legacy robotparser, which reads it as \"allow \
         everything\", reaches it only for paths those rules leave open anyway.";
    EmptyDisallowApart = "core.audit.empty-rule-among-rules.message-disallow-apart" =>
        "An empty `Disallow:` does nothing beside the group's other rules ({lines}): it never \
         decides for Google, and Python's legacy robotparser, which reads it as \"allow \
         everything\", ends the group at the blank line {blank} and so reads none of those rules, \
         with or without it.";
    EmptyDisallowOpenGroup = "core.audit.empty-rule-among-rules.message-disallow-open-group" =>
        "An empty `Disallow:` does nothing beside the group's other rules ({lines}), which \
         disallow nothing: every path is open for every reader, whatever it makes of the \
         empty line.";
    EmptyAllow = "core.audit.empty-rule-among-rules.message-allow" =>
        "An empty `Allow:` does nothing: an empty pattern never decides, so it neither opens nor \
         closes anything beside the group's other rules ({lines}).";
    EmptyRuleAmongRulesWhy = "core.audit.empty-rule-among-rules.why" =>
        "It is usually a template leftover, and parsers disagree about what it means.";
    EmptyRuleAmongRulesFix = "core.audit.empty-rule-among-rules.fix" => "Delete the line.";

    // audit/overlap.rs
    OtherLine = "core.audit.other-line" => "line {line}";
    OtherLineElsewhere = "core.audit.other-line-elsewhere" =>
        "line {line} (in the group of {group}, which the same crawlers obey)";
    DuplicateRule = "core.audit.duplicate-rule.message" =>
        "{rule} repeats {other}; the copy changes nothing.";
    DuplicateRuleSpelled = "core.audit.duplicate-rule.message-spelled" =>
        "{rule} is written differently from {other_rule} on {other}, but crawlers read both as \
         {read}; the copy changes nothing.";
    DuplicateRuleWhy = "core.audit.duplicate-rule.why" =>
        "The same crawlers already obey the identical rule, so this line has no effect.";
    DuplicateRuleFix = "core.audit.duplicate-rule.fix" => "Delete this line.";
    DuplicateRuleFixGroup = "core.audit.duplicate-rule.fix-group" =>
        "Delete the whole group ({lines}), not only this line: left without a rule, its \
         user-agent lines would join the next group, if there is one, for Google and RFC 9309 \
         readers.";
    AllowDisallowSamePattern = "core.audit.allow-disallow-same-pattern.message" =>
        "{rule} never blocks anything: {other_rule} on {other} has the same pattern, and Allow \
         wins a tie.";
    AllowDisallowSamePatternWhy = "core.audit.allow-disallow-same-pattern.why" =>
        "Matches of equal length tie and the Allow wins, so one of the two lines is a mistake.";
    AllowDisallowSamePatternFix = "core.audit.allow-disallow-same-pattern.fix" =>
        "Delete the Allow if the path should be blocked, or this Disallow if it should be open.";
    ShadowedLonger = "core.audit.shadowed-rule.message-longer" =>
        "{rule} can never decide: {other_rule} on {other} matches every URL it matches and is \
         longer ({longer} octets against {shorter}).";
    ShadowedTie = "core.audit.shadowed-rule.message-tie" =>
        "{rule} can never decide: {other_rule} on {other} matches every URL it matches and is as \
         long ({longer} octets) and Allow wins a tie.";
    ShadowedRuleWhy = "core.audit.shadowed-rule.why" =>
        "The longest matching rule decides, not the order of lines, so this rule always loses.";
    ShadowedRuleFix = "core.audit.shadowed-rule.fix" =>
        "Make this rule more specific than line {line}, or narrow line {line} so that it no \
         longer covers these URLs.";
    BlocksCssOrJs = "core.audit.blocks-css-or-js.message" =>
        "{rule} keeps {agents} from files such as {paths}.";
    BlocksCssOrJsFolder = "core.audit.blocks-css-or-js.message-folder" =>
        "{rule} keeps {agents} from files such as {paths}: {folder} usually holds the site's \
         scripts and style sheets.";
    BlocksCssOrJsAllowLoses = "core.audit.blocks-css-or-js.message-allow-loses" =>
        "{rule} keeps {agents} from files such as {paths}: {allow} on line {allow_line} matches \
         them too, but it is shorter, and the longest rule wins.";
    BlocksCssOrJsWhy = "core.audit.blocks-css-or-js.why" =>
        "Search engines render pages with their style sheets and scripts; without them a page \
         can look empty or broken, and it is indexed as it looks.";
    BlocksCssOrJsFolderFix = "core.audit.blocks-css-or-js.fix-folder" =>
        "Add {css} and {js} to the group (they are longer, so they win), or remove the rule.";
    BlocksCssOrJsFolderFixAllowOnly = "core.audit.blocks-css-or-js.fix-folder-allow-only" =>
        "Add {css} and {js} to the group (they are longer, so they win); removing the rule would \
         not open these files, since {other} blocks them too.";
    BlocksCssOrJsFolderFixOne = "core.audit.blocks-css-or-js.fix-folder-one" =>
        "Add {allow} to the group (it is longer, so it wins), or remove the rule.";
    BlocksCssOrJsFolderFixAllowOnlyOne =
        "core.audit.blocks-css-or-js.fix-folder-allow-only-one" =>
        "Add {allow} to the group (it is longer, so it wins); removing the rule would not open \
         these files, since {other} blocks them too.";
    BlocksCssOrJsFix = "core.audit.blocks-css-or-js.fix" =>
        "Remove the rule; if some scripts must stay private, block them by their full path.";

    // audit/preferences.rs
    RepeatedPreferenceKey = "core.audit.repeated-preference-key.message" =>
        "{key} is given more than once in this statement; only its last value counts.";
    RepeatedPreferenceKeyWhy = "core.audit.repeated-preference-key.why" =>
        "A repeated key is not an error, but the earlier value is silently dropped, which may \
         not be what was meant.";
    RepeatedPreferenceKeyFix = "core.audit.repeated-preference-key.fix" =>
        "Keep one {key} with the value you mean.";
    LicenseUrlNotAbsolute = "core.audit.license-url-not-absolute.message" =>
        "{url} is not an absolute URL, so readers of RSL cannot fetch the licence.";
    LicenseUrlNotAbsoluteWhy = "core.audit.license-url-not-absolute.why" =>
        "A robots.txt may be read apart from its site; RSL requires the full URL of the licence \
         document, which may live on another host.";
    LicenseUrlNotAbsoluteFix = "core.audit.license-url-not-absolute.fix" =>
        "Write the whole URL, such as `License: https://www.example.com/license.xml`.";
    MisspelledPreferenceKey = "core.audit.misspelled-preference-key.message" =>
        "{key} is not {name}, so readers of AI usage preferences skip the line.";
    MisspelledPreferenceKeyWhy = "core.audit.misspelled-preference-key.why" =>
        "The key must be spelled exactly (any letter case): AIPREF, Content Signals and RSL \
         readers do not accept Google's typo tolerance.";
    PreferenceOutsideGroup = "core.audit.preference-outside-group.message" =>
        "This {key} line comes before the first `User-agent` line, so it applies to no crawler.";
    PreferenceOutsideGroupWhy = "core.audit.preference-outside-group.why" =>
        "{key} is a group rule, like Allow and Disallow: it states preferences for the crawlers \
         named above it.";
    PreferenceOutsideGroupFix = "core.audit.preference-outside-group.fix" =>
        "Move the line into the group it is meant for (for every crawler, under `User-agent: \
         *`).";
    ObsoleteLabelDraft = "core.audit.obsolete-preference-label.message-draft" =>
        "{label} is a label of an earlier AIPREF draft; the vocabulary now defines only \
         `train-ai` and `search`, so it expresses nothing.";
    ObsoleteLabelAiTrain = "core.audit.obsolete-preference-label.message-ai-train" =>
        "`ai-train` is Content Signals' name; in `Content-Usage` the label is `train-ai`.";
    ObsoleteLabelAiInput = "core.audit.obsolete-preference-label.message-ai-input" =>
        "`ai-input` is a Content Signals key with no AIPREF equivalent: in `Content-Usage` it \
         expresses nothing (use `Content-Signal: ai-input=no`).";
    ObsoleteLabelWhy = "core.audit.obsolete-preference-label.why" =>
        "Readers ignore labels they do not know (vocab §6.4), so the preference the line seems \
         to state is unknown.";
    ObsoleteLabelFix = "core.audit.obsolete-preference-label.fix" =>
        "Use `train-ai` (training AI models) and `search` with `y` or `n`.";
    SignalTrainAi = "core.audit.obsolete-preference-label.message-signal-train-ai" =>
        "{key} `train-ai` is AIPREF's label; Content Signals calls it `ai-train`.";
    SignalNotAKey = "core.audit.obsolete-preference-label.message-signal-other" =>
        "{key} This is not a Content Signals key; the keys are `search`, `ai-input` and \
         `ai-train`.";
    SignalLabelWhy = "core.audit.obsolete-preference-label.why-signal" =>
        "Keys a reader does not know express nothing.";
    SignalLabelFix = "core.audit.obsolete-preference-label.fix-signal" =>
        "Use `search`, `ai-input` and `ai-train` with `yes` or `no`.";
    PreferenceNotAToken = "core.audit.preference-not-a-token.message" =>
        "{label} has {type}, not the Token `y` or `n`, so its preference is unknown.";
    TypeString = "core.audit.preference-not-a-token.string" => "a quoted String";
    TypeBoolean = "core.audit.preference-not-a-token.boolean" =>
        "a Boolean (a key without `=` is `?1`)";
    TypeNumber = "core.audit.preference-not-a-token.number" => "a number";
    TypeList = "core.audit.preference-not-a-token.list" => "a list";
    TypeOther = "core.audit.preference-not-a-token.other" => "a value of another type";
    PreferenceNotATokenWhy = "core.audit.preference-not-a-token.why" =>
        "Only the bare Tokens `y` and `n` state a preference; a quoted string, a boolean or a \
         number is read as no preference at all.";
    PreferenceNotATokenFix = "core.audit.preference-not-a-token.fix" =>
        "Write {no} or {yes}, without quotes.";
    PreferenceNotYOrN = "core.audit.preference-not-y-or-n.message" =>
        "{statement} is not `y` or `n` (Tokens are case-sensitive), so its preference is \
         unknown.";
    PreferenceNotYOrNWhy = "core.audit.preference-not-y-or-n.why" =>
        "The vocabulary knows only the Tokens `y` and `n`; any other value reads as no \
         preference.";
    PreferenceNotYOrNFixMeant = "core.audit.preference-not-y-or-n.fix-meant" => "Write {meant}.";
    PreferenceNotYOrNFix = "core.audit.preference-not-y-or-n.fix" => "Write {no} or {yes}.";
    SpaceInPreferencePath = "core.audit.space-in-preference-path.message" =>
        "The path ends at the first space, so it is {path} and {statement} is read as the \
         statement, which is not valid: every preference of the line is unknown.";
    SpaceInPreferencePathWhy = "core.audit.space-in-preference-path.why" =>
        "A space separates the path from the statement (attach §3.2); spaces in a path must be \
         written `%20`.";
    SpaceInPreferencePathFix = "core.audit.space-in-preference-path.fix" =>
        "Write the space as `%20`: {fixed}.";
    UppercasePreferenceKey = "core.audit.uppercase-preference-key.message" =>
        "{statement} has a key with uppercase letters; Structured Fields keys are lowercase, so \
         the whole statement fails and every preference of the line is unknown.";
    UppercasePreferenceKeyWhy = "core.audit.uppercase-preference-key.why" =>
        "The statement is compared byte for byte (vocab §6.5.1): `Train-AI` is not `train-ai`, \
         and one bad key voids the others.";
    UppercasePreferenceKeyFix = "core.audit.uppercase-preference-key.fix" =>
        "Write the keys in lowercase: `train-ai`, `search`.";
    InvalidStatementTrailingComma = "core.audit.invalid-preference-statement.message-trailing-comma" =>
        "{statement} is not a valid preference: it ends with a comma. Every preference of the \
         line is unknown.";
    InvalidStatementExpectedComma = "core.audit.invalid-preference-statement.message-expected-comma" =>
        "{statement} is not a valid preference: a member is followed by something other than a \
         comma (labels are separated by commas, and `=` takes no spaces around it). Every \
         preference of the line is unknown.";
    InvalidStatementExpectedKey = "core.audit.invalid-preference-statement.message-expected-key" =>
        "{statement} is not a valid preference: a key does not start with a lowercase letter or \
         `*`. Every preference of the line is unknown.";
    InvalidStatement = "core.audit.invalid-preference-statement.message" =>
        "{statement} is not a valid preference: a value is not a valid Structured Fields item. \
         Every preference of the line is unknown.";
    InvalidStatementWhy = "core.audit.invalid-preference-statement.why" =>
        "The statement is a Structured Fields Dictionary (RFC 9651); when it fails to parse, \
         readers know no preference at all (vocab §6.5.1).";
    InvalidStatementFix = "core.audit.invalid-preference-statement.fix" =>
        "Write the statement as `train-ai=n, search=y`.";
    ContentSignalEmpty = "core.audit.content-signal-not-yes-or-no.message-empty" =>
        "{label} has no value, so it neither grants nor restricts anything.";
    ContentSignalNotYesOrNo = "core.audit.content-signal-not-yes-or-no.message" =>
        "{statement} is not `yes` or `no`, so it neither grants nor restricts anything.";
    ContentSignalNotYesOrNoWhy = "core.audit.content-signal-not-yes-or-no.why" =>
        "The Content Signals Policy defines only `yes` and `no`; any other value is read as if \
         the signal were absent.";
    ContentSignalNotYesOrNoFix = "core.audit.content-signal-not-yes-or-no.fix" =>
        "Write {yes} or {no}.";

    // divergence.rs: why another reader answers differently. A reader's name has two forms:
    // at the start of a sentence and inside one.
    ReaderRfc9309 = "core.reader.rfc9309" => "RFC 9309";
    ReaderRfc9309Start = "core.reader.rfc9309.start" => "RFC 9309";
    ReaderGoogle = "core.reader.google" => "Google's parser";
    ReaderGoogleStart = "core.reader.google.start" => "Google's parser";
    ReaderPython = "core.reader.python" => "Python's robotparser (≤ 3.12)";
    ReaderPythonStart = "core.reader.python.start" => "Python's robotparser (≤ 3.12)";
    ReaderLegacy = "core.reader.legacy-1994" => "the 1994 convention";
    ReaderLegacyStart = "core.reader.legacy-1994.start" => "The 1994 convention";
    CrawlerUnavailable = "core.readers.crawler-unavailable" =>
        "{crawler} itself treats the file as unavailable with this fetch status, as its \
         operator documents";
    CrawlerUnreachable = "core.readers.crawler-unreachable" =>
        "{crawler} itself treats the file as unreachable with this fetch status, as its \
         operator documents";
    CrawlerNoGroupNoStar = "core.readers.crawler-no-group-no-star" =>
        "{crawler} itself finds no group naming it, and there is no * group";
    CrawlerNoGroupIgnoresStar = "core.readers.crawler-no-group-ignores-star" =>
        "{crawler} itself finds no group naming it, and it ignores the * group";
    CrawlerFallback = "core.readers.crawler-fallback" =>
        "{crawler} itself has no group of its own and follows the {token} group (user-agent \
         {lines})";
    CrawlerStar = "core.readers.crawler-star" =>
        "{crawler} itself finds no group of its own and follows the * group (user-agent {lines})";
    CrawlerOwnGroup = "core.readers.crawler-own-group" =>
        "{crawler} itself reads only its own group (user-agent {lines})";
    CrawlerRecord = "core.readers.crawler-record" =>
        "{crawler} itself uses the record at user-agent {lines}";

    // agent_name.rs: a user-agent line Google reads as another name than the one written.
    AgentReadingGoogleNone = "core.agent-reading.google-none" =>
        "as naming no crawler (its value starts with no letter)";
    AgentReadingGoogleAs = "core.agent-reading.google-as" => "as {token}";
    AgentReadingTokenApplies = "core.agent-reading.token-applies" =>
        "names {written}, but Google reads it {google}, which is why it names {agent}";
    AgentReadingTokenNot = "core.agent-reading.token-not" =>
        "names {written}, but Google reads it {google}, so it does not name {agent} (the \
         substring model would find {written} in it)";
    AgentReadingSubstringApplies = "core.agent-reading.substring-applies" =>
        "names {written}, which {agent} contains; Google reads it {google}, so Google's own \
         crawlers compare only that";
    AgentReadingSubstringNot = "core.agent-reading.substring-not" =>
        "names {written}, which {agent} does not contain, so it does not apply; Google reads it \
         {google}";
    RuleEmptyAllow = "core.readers.rule-empty-allow" =>
        "line {line} (an empty rule, read as allowing everything)";
    RuleAllow = "core.readers.rule-allow" => "line {line} (Allow: {pattern})";
    RuleDisallow = "core.readers.rule-disallow" => "line {line} (Disallow: {pattern})";
    TheFile = "core.readers.the-file" => "the file";
    ImplicitAllow = "core.readers.implicit-allow" =>
        "{reader} always allows /robots.txt itself (RFC 9309 §2.2.2).";
    NoImplicitAllow = "core.readers.no-implicit-allow" =>
        "{reader} makes no exception for /robots.txt, so {rule} applies to it like to any path.";
    StatusUnavailable = "core.readers.status-unavailable" =>
        "{reader} treats the file as unavailable with this fetch status, so everything is \
         allowed.";
    StatusUnreachable = "core.readers.status-unreachable" =>
        "{reader} treats the file as unreachable with this fetch status, so everything is \
         disallowed.";
    StatusReadAnyway = "core.readers.status-read-anyway" =>
        "{reader} reads the file despite this fetch status.";
    ReaderErrorAt = "core.readers.error-at" =>
        "{reader} stops with an error at line {line} ({error}) and answers from what it read \
         before.";
    ReaderErrorRefuses = "core.readers.error-refuses" =>
        "{reader} raises an error for this URL and refuses it.";
    ReaderStopsReading = "core.readers.stops-reading" =>
        "{reader} stops reading at line {line} with an error ({error}), so the lines after it \
         never count.";
    FindsRecordInName = "core.readers.finds-record-in-name" =>
        "{reader} finds a record for this agent (user-agent {lines}): it looks for the record's \
         name anywhere in the agent's name.";
    FindsGroupAt = "core.readers.finds-group-at" =>
        "{reader} finds a group for this agent at user-agent {lines}.";
    NoRecordWithoutRules = "core.readers.no-record-without-rules" =>
        "{reader} keeps no record without rules, so the group at user-agent {ours} does not \
         count and it follows the `*` group at user-agent {theirs}.";
    FollowsStarRecord = "core.readers.follows-star-record" =>
        "{reader} finds no group naming this agent (it looks for a record's name inside {token}, \
         the agent's name before its first '/'), so it follows the `*` group at user-agent \
         {lines}.";
    FollowsStar = "core.readers.follows-star" =>
        "{reader} finds no group naming this agent, so it follows the `*` group at user-agent \
         {lines}.";
    FirstRecordOnly = "core.readers.first-record-only" =>
        "{reader} obeys only the first record that names the agent (user-agent {theirs}), not \
         every group naming it ({ours}).";
    OtherGroups = "core.readers.other-groups" =>
        "{reader} applies the groups at user-agent {theirs} instead of {ours}.";
    NotMatchingInstead = "core.readers.not-matching-instead" =>
        "Under {name}, {ours} does not match: {cause}; {theirs} decides instead.";
    IndexHtml = "core.readers.index-html" =>
        "{reader} reads {rule} as also allowing its directory (Google's index.htm rule).";
    FirstMatch = "core.readers.first-match" =>
        "{reader} takes the first matching rule, {theirs}, not the longest, {ours}.";
    MatchesBecause = "core.readers.matches-because" => "Under {name}, {rule} matches: {cause}.";
    DecidesInstead = "core.readers.decides-instead" =>
        "Under {name}, {theirs} decides instead of {ours}.";
    NotMatchingNoOther = "core.readers.not-matching-no-other" =>
        "Under {name}, {ours} does not match: {cause}; no other rule disallows the path.";
    OutsideRecordNoOther = "core.readers.outside-record-no-other" =>
        "Under {name}, {ours} belongs to no record: line {blank}, an empty line, ends the \
         record of user-agent {lines} above it; no other rule disallows the path.";
    OutsideRecordInstead = "core.readers.outside-record-instead" =>
        "Under {name}, {ours} belongs to no record: line {blank}, an empty line, ends the \
         record of user-agent {lines} above it; {theirs} decides instead.";
    NoRuleDecides = "core.readers.no-rule-decides" => "Under {name}, no rule decides for this path.";
    RuleDecides = "core.readers.rule-decides" => "Under {name}, {rule} decides.";
    ReadsDifferently = "core.readers.reads-differently" => "{reader} reads this file differently.";
    SameAnswerOtherLine = "core.readers.same-answer-other-line" =>
        "Same answer, but under {name} {theirs} decides, not line {line}.";
    NoGroupForAgent = "core.readers.no-group-for-agent" => "{reader} finds no group for this agent.";
    BomNotSkipped = "core.readers.bom-not-skipped" =>
        "{reader} does not skip the byte order mark, so line 1 is not a user-agent line to it.";
    BlankEndsRecord = "core.readers.blank-ends-record" =>
        "{reader} ends a record at a blank line (line {blank}), so user-agent line {agent} is \
         left without rules.";
    RecordNotApplied = "core.readers.record-not-applied" =>
        "{reader} does not apply the record at line {line} (User-agent: {value}): it looks for \
         the whole value inside the agent's name before its first '/'.";
    IgnoresNoColon = "core.readers.ignores-no-colon" =>
        "{reader} ignores line {line} ({text}): without a colon it is not a rule.";
    IgnoresSpelling = "core.readers.ignores-spelling" =>
        "{reader} ignores line {line} ({text}): it reads only the exact key names, not Google's \
         accepted misspellings and longer keys.";
    CauseNoAllow = "core.readers.cause-no-allow" => "it does not know Allow lines";
    CauseLiteralWildcards = "core.readers.cause-literal-wildcards" => "it takes * and $ literally";
    CauseMainIgnoresAllow = "core.readers.cause-main-ignores-allow" =>
        "{main} ignores Allow lines, and {name} reads them";
    CauseMainLiteral = "core.readers.cause-main-literal" =>
        "{main} takes * and $ literally, and {name} reads them as wildcards";
    CauseGoogleEscape = "core.readers.cause-google-escape" =>
        "Google compares the URL exactly as requested ({path}), without decoding percent-escapes";
    CauseRfc9309 = "core.readers.cause-rfc9309" =>
        "RFC 9309 normalises percent-encoding on both sides before comparing ({path})";
    CausePythonQuote = "core.readers.cause-python-quote" =>
        "it decodes and re-quotes both sides, so the path is compared as {path}";
    CauseOctets = "core.readers.cause-octets" =>
        "it compares octet for octet, without decoding escapes ({path})";
    AgentLine = "core.readers.agent-line" => "line {line}";
    AgentLines = "core.readers.agent-lines" => "lines {lines}";

    // status.rs: how the file was served, and what each class of answer does.
    StatusHttp = "core.status.http" => "{code}";
    StatusHtmlPage = "core.status.html-page" => "an HTML page (2xx)";
    FetchUnreachable = "core.status.unreachable" => "unreachable (network error or timeout)";
    StatusTooManyRedirects = "core.status.too-many-redirects" => "more than {max} redirects";
    StatusAfterRedirect = "core.status.after-redirect" => "{status} after 1 redirect";
    StatusAfterRedirects = "core.status.after-redirects" => "{status} after {count} redirects";
    RfcSuccess = "core.status.rfc.success" =>
        "The file was downloaded, so crawlers must follow every rule they can parse.";
    GoogleSuccess = "core.status.google.success" =>
        "Google reads the file as served, up to 500 KiB.";
    RfcHtmlPage = "core.status.rfc.html-page" =>
        "A 2xx answer is a successful download, so the HTML is parsed as a robots.txt. Few of \
         its lines read as rules, so usually nothing is disallowed: serve the real file as \
         text/plain.";
    GoogleHtmlPage = "core.status.google.html-page" =>
        "Google parses whatever a 2xx answer carries. Redirects made inside the page (meta \
         refresh, JavaScript) are not followed; Google calls their handling undefined.";
    RfcTooManyRedirects = "core.status.rfc.too-many-redirects" =>
        "Crawlers should follow at least five consecutive redirects, even to another host. \
         After more than five they may treat the file as unavailable: everything is allowed.";
    GoogleTooManyRedirects = "core.status.google.too-many-redirects" =>
        "Google follows at least five redirects, then stops and treats the file as a 404: \
         everything is allowed.";
    RfcClientError = "core.status.rfc.client-error" =>
        "A 4xx answer means the file is unavailable: crawlers may access anything, as if there \
         were no robots.txt.";
    GoogleClientError = "core.status.google.client-error" =>
        "Google treats every 4xx except 429 as if there were no robots.txt, 401 and 403 \
         included: everything is allowed.";
    RfcTooManyRequests = "core.status.rfc.too-many-requests" =>
        "429 is a 4xx, so for the RFC the file is unavailable: crawlers may access anything.";
    GoogleTooManyRequests = "core.status.google.too-many-requests" =>
        "Google treats 429 like a server error: the whole site is disallowed at first; after \
         that Google uses its last cached copy for up to 30 days, and then may crawl as if there \
         were no robots.txt if the rest of the site is reachable.";
    RfcServerError = "core.status.rfc.server-error" =>
        "A 5xx answer makes the file unreachable: crawlers must assume complete disallow. If it \
         stays unreachable for a long time (the RFC's example is 30 days) they may treat it as \
         unavailable or keep using a cached copy.";
    GoogleServerError = "core.status.google.server-error" =>
        "Google disallows the whole site at first; after that it uses its last cached copy for \
         up to 30 days, and then may crawl as if there were no robots.txt if the rest of the \
         site is reachable.";
    RfcUnreachable = "core.status.rfc.unreachable" =>
        "A network error (DNS failure, timeout, refused or reset connection) makes the file \
         unreachable: crawlers must assume complete disallow.";
    GoogleUnreachable = "core.status.google.unreachable" =>
        "Google treats timeouts and network errors like server errors: the whole site is \
         disallowed at first, then the cached copy is used for up to 30 days.";
    LegacyStatus = "core.status.legacy-1994" =>
        "The 1994 convention says nothing about HTTP statuses, so RFC 9309's rules are applied.";
    PythonSuccess = "core.status.python.success" => "Python reads the body of any 2xx answer.";
    PythonHtmlPage = "core.status.python.html-page" =>
        "Python parses the HTML as a robots.txt; few of its lines read as rules.";
    PythonTooManyRedirects = "core.status.python.too-many-redirects" =>
        "urllib follows up to 10 redirects; past that read() fails, nothing is read, and \
         can_fetch answers False for every URL. Between 6 and 10 redirects Python still reads \
         the final answer.";
    PythonClientError = "core.status.python.client-error" =>
        "Python disallows everything after a 401 or 403 and allows everything after any other \
         4xx.";
    PythonTooManyRequests = "core.status.python.too-many-requests" =>
        "Python treats 429 like any other 4xx: everything is allowed.";
    PythonServerError = "core.status.python.server-error" =>
        "After a 5xx Python's read() sets nothing: the parser counts as never read, and \
         can_fetch answers False for every URL.";
    PythonUnreachable = "core.status.python.unreachable" =>
        "A network error leaves Python's parser unread: can_fetch answers False for every URL.";

    // typed_url.rs: why no crawler requests a typed URL.
    UrlEmpty = "core.url.empty" =>
        "no URL given: give a path such as /shop/cart or a full URL";
    UrlScheme = "core.url.scheme" =>
        "robots.txt governs http and https URLs, not {scheme}:// ones: give an http(s) URL or a \
         path";
    UrlNoSlashes = "core.url.no-slashes" =>
        "the URL names no host: after {scheme}: come two slashes and the host \
         ({scheme}://example.com/path), or give only the path";
    UrlNoHost = "core.url.no-host" => "the URL names no host";
    UrlHostOnly = "core.url.host-only" =>
        "this is only a host, {host}, with no path: add the path (/ for the home page)";
    UrlTooLong = "core.url.too-long" =>
        "the URL is {length} bytes long; a check takes one of at most {limit} bytes";
    UrlAgentTooLong = "core.url.agent-too-long" =>
        "the user agent is {length} bytes long; a check takes one of at most {limit} bytes";

    // answer.rs: the answer to a question, in words.
    AnswerAllowed = "core.answer.verdict.allowed" => "allowed";
    AnswerDisallowed = "core.answer.verdict.disallowed" => "disallowed";
    AnswerRefused = "core.answer.verdict.refused" =>
        "not answered: no crawler requests this URL";
    AnswerReasonRuleMatched = "core.answer.reason.rule-matched" => "a rule decided";
    AnswerReasonNoRuleMatched = "core.answer.reason.no-rule-matched" =>
        "no rule of the group matches this path, so it is allowed";
    AnswerReasonEmptyRuleMatched = "core.answer.reason.empty-rule-matched" =>
        "an empty rule: allows everything";
    AnswerReasonNoGroupApplies = "core.answer.reason.no-group-applies" =>
        "no group names this agent and there is no * group, so everything is allowed";
    AnswerReasonImplicitRobotsTxtAllow = "core.answer.reason.implicit-robots-txt-allow" =>
        "/robots.txt itself is always allowed (RFC 9309 §2.2.2)";
    AnswerReasonBeyondSizeLimit = "core.answer.reason.beyond-size-limit" =>
        "a rule past the 500 KiB that Googlebot reads would decide otherwise; it is ignored";
    AnswerReasonFileUnavailable = "core.answer.reason.file-unavailable" =>
        "the fetch status makes the file unavailable, so everything is allowed";
    AnswerReasonFileUnreachable = "core.answer.reason.file-unreachable" =>
        "the fetch status makes the file unreachable, so everything is disallowed";
    AnswerReasonReaderError = "core.answer.reason.reader-error" =>
        "this reader stops with an error part-way through the file; the answer comes from what \
         it read before";
    AnswerDecidedBy = "core.answer.decided-by" => "line {line} decides ({why})";
    AnswerWhyLongestMatch = "core.answer.why.longest-match" =>
        "pattern length {length}, the longest match";
    AnswerWhyAllowWinsTie = "core.answer.why.allow-wins-tie" =>
        "pattern length {length}, Allow wins a tie";
    AnswerWhyFirstMatch = "core.answer.why.first-match" => "the first matching rule in the file";
    AnswerWhyEmptyRule = "core.answer.why.empty-rule" => "an empty rule: allows everything";
    AnswerGroupOwn = "core.answer.group.own" => "the groups naming {agent} apply";
    AnswerGroupFallback = "core.answer.group.fallback" =>
        "{agent} has no group of its own: it follows the {token} group";
    AnswerGroupStar = "core.answer.group.star" => "no group names this agent: the * group applies";
    AnswerGroupNone = "core.answer.group.none" => "no group applies";
    AnswerGroupStatus = "core.answer.group.status" =>
        "the fetch status decides, so no group is read";
    AnswerAgentComparedWhole = "core.answer.agent.compared-whole" =>
        "Google's library compares the whole value {agent} with each user-agent line; a crawler \
         gives it only its product token ({token}), not its user agent string";
    AnswerAgentFirstToken = "core.answer.agent.first-token" =>
        "read as {token}: the token model compares a user agent string's first product token";

    // consumers/: what each consumer (Google, Search Console, Lighthouse, Yandex, Bing, RFC 9309,
    // Python's robotparser, robots-parser, Protego) does with a line. {reader} is the
    // consumer's name, never translated.
    ConsumersBlank = "core.consumers.blank" => "An empty line: nothing to read.";
    ConsumersComment = "core.consumers.comment" => "A comment: nothing to read.";
    ConsumersAgent = "core.consumers.agent" => "Starts or extends the group for {token}.";
    ConsumersRule = "core.consumers.rule" => "A rule of the group that starts at line {line}.";
    ConsumersRuleEmpty = "core.consumers.rule-empty" => "An empty rule: it matches no URL.";
    ConsumersSitemap = "core.consumers.sitemap" => "A sitemap, read wherever it stands.";
    ConsumersTypo = "core.consumers.typo" =>
        "{key} is read as {name}: a misspelling Google accepts.";
    ConsumersPrefix = "core.consumers.prefix" => "{key} is read by its start, as {name}.";
    ConsumersNoColon = "core.consumers.no-colon" =>
        "Read without its colon: the space serves as one.";
    ConsumersTooLong = "core.consumers.too-long" =>
        "Longer than {bytes} bytes: only its start is read.";
    ConsumersBeyondLimit = "core.consumers.beyond-limit" =>
        "Past the first 500 KiB, which Googlebot reads: never read.";
    ConsumersOrphan = "core.consumers.orphan" =>
        "{reader} finds no User-agent line before this rule: it belongs to no group.";
    ConsumersUnmatchable = "core.consumers.unmatchable" =>
        "The pattern {pattern} does not start with `/` or `*`: it matches no URL.";
    ConsumersSitemapNotUrl = "core.consumers.sitemap-not-url" =>
        "{url} is not an absolute URL: no sitemap is read.";
    ConsumersUnusedKey = "core.consumers.unused-key" =>
        "Google knows {key} and does not use it.";
    ConsumersKeyNotRead = "core.consumers.key-not-read" => "{reader} does not read the key {key}.";
    ConsumersMalformed = "core.consumers.malformed" =>
        "Not a `key: value` line: {reader} skips it.";
    ConsumersReadsAsGoogle = "core.consumers.reads-as-google" =>
        "{reader} reads this line as Google does.";
    ConsumersReadsKey = "core.consumers.reads-key" => "{reader} reads this {name} line.";
    ConsumersReadsPastLimit = "core.consumers.reads-past-limit" =>
        "{reader} reads past the first 500 KiB: it reads this line, which Googlebot never does.";
    ConsumersSpellingNotRead = "core.consumers.spelling-not-read" =>
        "{reader} does not read {key} as {name}: the line is skipped.";
    ConsumersNoColonNotRead = "core.consumers.no-colon-not-read" =>
        "{reader} needs the colon: the line is skipped.";
    ConsumersNoName = "core.consumers.no-name" =>
        "{reader} skips a User-agent line without a name.";
    ConsumersAgentCompared = "core.consumers.agent-compared" =>
        "{reader} compares the whole name {value}, where Google compares {token}.";
    ConsumersAgentListCut = "core.consumers.agent-list-cut" =>
        "{reader} ends this list of user agents at line {line}: they do not get the rules of \
         Google's group that follow.";
    ConsumersAgentListExtended = "core.consumers.agent-list-extended" =>
        "{reader} also gives these user agents the rules down to line {line}, which Google gives \
         another group.";
    ConsumersAgentNoRules = "core.consumers.agent-no-rules" =>
        "{reader} keeps no group for {token}, which has no rule: the `*` group answers for it.";
    ConsumersNoIndexHtmlRule = "core.consumers.no-index-html-rule" =>
        "{reader} does not also open {folder}, as Google does for an Allow of an index.html file.";
    ConsumersValid = "core.consumers.valid" => "{reader} {version} finds nothing wrong here.";
    ConsumersReported = "core.consumers.reported" => "{reader} reports: {words}";
    ConsumersOtherGroup = "core.consumers.other-group" =>
        "{reader} follows the group at line {line}, not this one.";
    ConsumersNoGroupFollowed = "core.consumers.no-group-followed" =>
        "{reader} follows no group of this file.";
    ConsumersPythonSecondStar = "core.consumers.python-second-star" =>
        "Python's robotparser reads only the first `*` record (line {line}): this one is never \
         consulted.";
    ConsumersPythonAfterBlank = "core.consumers.python-after-blank" =>
        "For Python's robotparser an empty line (line {line}) cuts this line from its record: \
         it is not read.";
    ConsumersPythonBlankSplits = "core.consumers.python-blank-splits" =>
        "For Python's robotparser this empty line ends the record; Google's group, from line \
         {line}, goes on.";
    ConsumersPythonRaises = "core.consumers.python-raises" =>
        "Python's robotparser raises {error} here and reads no further.";
    ConsumersPythonAfterError = "core.consumers.python-after-error" =>
        "Python's robotparser stopped reading at line {line}.";
    ConsumersPythonLiteral = "core.consumers.python-literal" =>
        "Python's robotparser reads {pattern} literally: `*` and `$` are no wildcards to it.";
    ConsumersPythonFirstMatch = "core.consumers.python-first-match" =>
        "Python's robotparser takes the first matching rule, line {line}: this longer rule never \
         decides the URLs both match.";
    ConsumersPythonEmptyDisallow = "core.consumers.python-empty-disallow" =>
        "Python's robotparser reads an empty Disallow as allowing every URL and, taking the \
         first match, never reaches the rules after it.";
    // The summary a person reads first: one sentence per consumer, its lines linked beside it.
    ConsumersSummaryLighthousePasses = "core.consumers.summary.lighthouse-passes" =>
        "Lighthouse {version}: passes";
    ConsumersSummaryLighthouseFails = "core.consumers.summary.lighthouse-fails" =>
        "Lighthouse {version}: fails ({lines}, −1 audit of the SEO category, about {points} \
         points)";
    ConsumersSummaryGoogleReadsAll = "core.consumers.summary.google-reads-all" =>
        "Google: reads every line";
    ConsumersSummaryGoogleSkips = "core.consumers.summary.google-skips" =>
        "Google: skips {lines}";
    ConsumersSummaryReports = "core.consumers.summary.reports" => "{reader}: {counts}";
    ConsumersSummaryAsGoogle = "core.consumers.summary.as-google" =>
        "{reader}: reads every line as Google does";
    ConsumersSummaryDiffers = "core.consumers.summary.differs" =>
        "{reader}: {what} read differently";
    ConsumersCountLine = "core.consumers.count.line" => "1 line";
    ConsumersCountLines = "core.consumers.count.lines" => "{count} lines";
    ConsumersCountGroup = "core.consumers.count.group" => "1 group";
    ConsumersCountGroups = "core.consumers.count.groups" => "{count} groups";
    ConsumersCountError = "core.consumers.count.error" => "1 error";
    ConsumersCountErrors = "core.consumers.count.errors" => "{count} errors";
    ConsumersCountWarning = "core.consumers.count.warning" => "1 warning";
    ConsumersCountWarnings = "core.consumers.count.warnings" => "{count} warnings";
    ConsumersCountNotUnderstood = "core.consumers.count.not-understood" =>
        "1 line not understood";
    ConsumersCountNotUnderstoodMany = "core.consumers.count.not-understood-many" =>
        "{count} lines not understood";
}
