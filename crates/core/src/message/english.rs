//! The English templates of every sentence the core writes: the one source of the English text,
//! printed by the CLI and written into the page's English catalogue (`www/i18n/en.json`).
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
            pub fn key(self) -> &'static str {
                match self {
                    $(MessageId::$id => $key,)*
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

catalogue! {
    // Lists, shared by every sentence that names several lines or values.
    ListAnd = "core.list.and" => "{init} and {last}";
    ListNoLine = "core.list.no-line" => "no line";
    ListLine = "core.list.line" => "line {line}";
    ListLineRun = "core.list.line-run" => "lines {first}–{last}";
    ListLines = "core.list.lines" => "lines {init} and {last}";
    ListLinesMore = "core.list.lines-more" => "lines {listed} and {more} more";
    // Transitional: a sentence not yet in this table, in English in every language.
    Untranslated = "core.untranslated" => "{text}";

    // audit/groups.rs and audit/patterns.rs: directives run into a user-agent value, route
    // groups' folders, patterns that start with `*`
    AgentGluedDirective = "core.audit.agent-token-cut.message-glued" =>
        "{value} holds {directive}, a directive written on the user-agent line: no reader takes it for a rule, so the group does not get it, and Google reads the name as {name}.";
    AgentGluedDirectiveEmpty = "core.audit.agent-token-cut.message-glued-empty" =>
        "{value} holds {directive}, a directive written on the user-agent line: no reader takes it for a rule, so the group does not get it, and Google reads the name as empty.";
    AgentGluedDirectiveWhy = "core.audit.agent-token-cut.why-glued" =>
        "A line holds one directive. Whatever follows the name on a user-agent line is part of the name (or, for Google, ignored), never a rule of the group.";
    AgentGluedDirectiveFix = "core.audit.agent-token-cut.fix-glued" =>
        "Put the directive on a line of its own, below the user-agent line.";
    RouteGroupInPattern = "core.audit.route-group-in-pattern.message" =>
        "{pattern} holds the folder {folder}: a folder named in parentheses is a route group (Next.js, SvelteKit), which organises the code and never appears in a URL, so the rule matches none of the pages served from it.";
    RouteGroupInPatternWhy = "core.audit.route-group-in-pattern.why" =>
        "Every reader compares the rule with the URL's path as the browser requests it; the pages under a route group are served without that segment, so they stay open.";
    RouteGroupInPatternFixPath = "core.audit.route-group-in-pattern.fix-path" =>
        "Write the path as the address bar shows it: {path}.";
    RouteGroupInPatternFix = "core.audit.route-group-in-pattern.fix" =>
        "Write the paths as the address bar shows them, without the route group's folder, one rule for each path to hide.";
    PatternStartsWithStar = "core.audit.pattern-starts-with-star.message" =>
        "{pattern} starts with `*`, not `/`: Google and RFC 9309 readers match it anywhere in the path, as {slashed}, but Python's robotparser (up to 3.12) and the 1994 convention's readers know no wildcards and read the `*` literally, so for them the rule matches no URL.";
    PatternStartsWithStarWhy = "core.audit.pattern-starts-with-star.why" =>
        "RFC 9309 starts every pattern with `/`. Readers without wildcards read `/*.pdf` as literally as `*.pdf`, so the `/` changes no verdict; it is the form every wildcard reader documents, and it shows that the rule works only for them.";
    PatternStartsWithStarFix = "core.audit.pattern-starts-with-star.fix" =>
        "Write {slashed}. For readers without wildcards, list the paths by their start (`/files/`) instead.";

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
        "{directive}: Googlebot ignores Crawl-delay; Bingbot and some other crawlers wait this \
         many seconds between requests.";
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
    ObsoleteDirectiveRevisitAfterWhy = "core.audit.obsolete-directive.why-revisit-after" =>
        "Revisit-after is an HTML meta tag that search engines ignore, and it never worked in \
         robots.txt.";
    ObsoleteDirectiveDomainWhy = "core.audit.obsolete-directive.why-domain" =>
        "No crawler documents a Domain directive.";
    ObsoleteDirectiveWhy = "core.audit.obsolete-directive.why" =>
        "It comes from a 1996 extension proposal that no major crawler adopted.";
    ObsoleteDirectiveFix = "core.audit.obsolete-directive.fix" => "Delete the line.";
    SitemapUrlEmpty = "core.audit.sitemap-url-not-absolute.message-empty" =>
        "The `Sitemap:` line has no URL, so search engines do not fetch this sitemap.";
    SitemapUrlRelative = "core.audit.sitemap-url-not-absolute.message-relative" =>
        "{url} is not an absolute URL, so search engines do not fetch this sitemap.";
    SitemapUrlScheme = "core.audit.sitemap-url-not-absolute.message-scheme" =>
        "{url} uses {scheme}, not http or https, so search engines do not fetch this sitemap.";
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
    HtmlPageWhy = "core.audit.html-page.why" =>
        "Servers that answer unknown paths with a page (single-page apps, catch-all rewrites) \
         serve it as robots.txt, and crawlers then follow none of the rules the owner meant to \
         publish.";
    HtmlPageFix = "core.audit.html-page.fix" =>
        "Serve a plain-text robots.txt (Content-Type text/plain) at /robots.txt, or answer 404 \
         if the site has no rules.";
    Utf16File = "core.audit.utf16-file.message" =>
        "The file looks like UTF-16: {nuls} of its {chars} characters are NUL bytes.";
    Utf16FileWhy = "core.audit.utf16-file.why" =>
        "Crawlers read robots.txt as UTF-8, and Google's parser stops each line at its first \
         NUL, so no directive in the file is read and nothing is blocked.";
    Utf16FileFix = "core.audit.utf16-file.fix" =>
        "Save the file as UTF-8 (without a byte order mark).";
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
        "A directive contains bytes that are not UTF-8 (the file is probably Latin-1 or \
         Windows-1252).";
    InvalidUtf8OneRule = "core.audit.invalid-utf8.message-one-rule" =>
        "A directive contains bytes that are not UTF-8 (the file is probably Latin-1 or \
         Windows-1252), so crawlers compare {encoded} against URLs that are UTF-8.";
    InvalidUtf8Several = "core.audit.invalid-utf8.message-several" =>
        "{count} directives ({lines}) contain bytes that are not UTF-8 (the file is probably \
         Latin-1 or Windows-1252).";
    InvalidUtf8SeveralRule = "core.audit.invalid-utf8.message-several-rule" =>
        "{count} directives ({lines}) contain bytes that are not UTF-8 (the file is probably \
         Latin-1 or Windows-1252), so crawlers compare {encoded} against URLs that are UTF-8.";
    InvalidUtf8Why = "core.audit.invalid-utf8.why" =>
        "Each invalid byte is percent-encoded on its own (`é` as `%E9` instead of `%C3%A9`), so \
         the rule never matches the page it names.";
    InvalidUtf8Fix = "core.audit.invalid-utf8.fix" =>
        "Save the file as UTF-8, or write the characters percent-encoded as UTF-8 (`%C3%A9` for \
         `é`).";
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
}
