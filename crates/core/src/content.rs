//! What a file given as a robots.txt is, when it is plainly something else.
//!
//! A server that answers every path with its home page (a single-page app, a catch-all
//! rewrite) serves that page as `/robots.txt`; an API gateway serves a JSON error body, a
//! misconfigured one `404 page not found` with a 200, a CDN a gzip body without the header that
//! says so. Crawlers parse whatever a 2xx answer carries and find few rules or none in it. Read
//! once, when the file is parsed ([`crate::RobotsTxt::not_robots_txt`]), so that the answer
//! ([`crate::Answer::not_robots_txt`]) and the audit say the same thing from the same reading.
//!
//! Untrusted input: one pass over the lines, which ends at the first line that shows the file
//! is a robots.txt (its first line, for almost every file); only a file that opens with markup
//! is read to its end (its tags and directives counted).

use crate::lines::{InputFacts, LineKind, Lines};
use crate::message::{Message, MessageId as M};

/// What a file is instead of a robots.txt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotRobotsTxt {
    /// An HTML or XML document (it opens with `<!doctype`, `<html`, `<?xml`, …, and its markup
    /// outweighs its directives) in which no group forms: crawlers find no rule in it.
    HtmlPage {
        /// The line it opens with.
        line: usize,
    },
    /// An HTML or XML document in which some lines read as robots.txt lines and form groups:
    /// crawlers skip the markup and read only those.
    HtmlPageWithRules {
        /// The line it opens with.
        line: usize,
        /// How many lines read as `User-agent`, `Allow`, `Disallow` or `Sitemap` lines.
        directive_lines: usize,
    },
    /// A JSON body (`{"status":404,…}`) with no directive in it: an API's error served as the
    /// file.
    Json {
        /// The line it opens with.
        line: usize,
    },
    /// A few lines of text that say what went wrong (`Not Found`, `403 Forbidden`) and hold no
    /// directive.
    ErrorText {
        /// The line it opens with.
        line: usize,
    },
    /// Binary data, by its first bytes ([`crate::binary_format`]): no line of it is read as a
    /// directive.
    Binary {
        /// What it is, as [`crate::binary_format`] names it ("gzip-compressed data").
        format: &'static str,
    },
}

impl NotRobotsTxt {
    /// A code for surfaces: `html-page`, `html-page-with-rules`, `json`, `error-text` or
    /// `binary`.
    pub fn id(&self) -> &'static str {
        match self {
            NotRobotsTxt::HtmlPage { .. } => "html-page",
            NotRobotsTxt::HtmlPageWithRules { .. } => "html-page-with-rules",
            NotRobotsTxt::Json { .. } => "json",
            NotRobotsTxt::ErrorText { .. } => "error-text",
            NotRobotsTxt::Binary { .. } => "binary",
        }
    }

    /// For binary data, its format as a code for surfaces, whose catalogues say it as
    /// `core.format.<code>`: `gzip`, `png`, …, or `binary` for data of no known format.
    pub fn format_id(&self) -> Option<&'static str> {
        match *self {
            NotRobotsTxt::Binary { format } => Some(format_id(format)),
            _ => None,
        }
    }

    /// The line that shows what it is (the first with text on it); 1 for binary data.
    pub fn line(&self) -> usize {
        match *self {
            NotRobotsTxt::HtmlPage { line }
            | NotRobotsTxt::HtmlPageWithRules { line, .. }
            | NotRobotsTxt::Json { line }
            | NotRobotsTxt::ErrorText { line } => line,
            NotRobotsTxt::Binary { .. } => 1,
        }
    }
}

impl NotRobotsTxt {
    /// What it is and what crawlers do with it, in words: "The file is an HTML document (it
    /// opens with {opener}), not a robots.txt; crawlers find no rule in it, so nothing is
    /// blocked." `opener` is the text of [`NotRobotsTxt::line`] (unused for binary data); one
    /// longer than 80 characters is cut.
    pub fn message(&self, opener: &str) -> Message {
        let opener: String = opener.trim().chars().take(80).collect();
        match *self {
            NotRobotsTxt::HtmlPage { .. } => {
                Message::new(M::HtmlPageNoRule).code("opener", &opener)
            }
            NotRobotsTxt::HtmlPageWithRules {
                directive_lines, ..
            } => Message::new(M::HtmlPageSomeLines)
                .count("count", directive_lines)
                .code("opener", &opener),
            NotRobotsTxt::Json { .. } => Message::new(M::HtmlPageJson).code("opener", &opener),
            NotRobotsTxt::ErrorText { .. } => {
                Message::new(M::HtmlPageErrorText).code("opener", &opener)
            }
            NotRobotsTxt::Binary { format } => {
                Message::new(M::BinaryFile).phrase("format", format_phrase(format))
            }
        }
    }
}

/// The binary formats [`crate::binary_format`] names: its name, a code for surfaces (whose
/// catalogues say it as `core.format.<code>`), and the phrase that says it in a message.
const FORMATS: &[(&str, &str, M)] = &[
    ("gzip-compressed data", "gzip", M::FormatGzip),
    ("a PNG image", "png", M::FormatPng),
    ("a JPEG image", "jpeg", M::FormatJpeg),
    ("a GIF image", "gif", M::FormatGif),
    ("a PDF document", "pdf", M::FormatPdf),
    ("a zip archive", "zip", M::FormatZip),
    ("bzip2-compressed data", "bzip2", M::FormatBzip2),
    ("xz-compressed data", "xz", M::FormatXz),
    ("zstd-compressed data", "zstd", M::FormatZstd),
    ("a 7-Zip archive", "7z", M::Format7z),
    ("a WebAssembly module", "wasm", M::FormatWasm),
    ("an executable (ELF)", "elf", M::FormatElf),
    ("a web font (WOFF)", "woff", M::FormatWoff),
    ("a web font (WOFF2)", "woff2", M::FormatWoff2),
    ("a WebP image", "webp", M::FormatWebp),
];

/// How a binary format named by [`crate::binary_format`] is said in a message.
fn format_phrase(format: &str) -> M {
    FORMATS
        .iter()
        .find(|(name, ..)| *name == format)
        .map_or(M::FormatBinary, |&(.., phrase)| phrase)
}

/// A binary format's code for surfaces (`gzip`, `png`, …; `binary` for other binary data).
fn format_id(format: &str) -> &'static str {
    FORMATS
        .iter()
        .find(|(name, ..)| *name == format)
        .map_or("binary", |&(_, id, _)| id)
}

/// Tags that open an HTML or XML document, lower case.
const DOCUMENT_OPENERS: &[&str] = &[
    "<!doctype",
    "<html",
    "<head",
    "<body",
    "<?xml",
    "<!--",
    "<meta",
    "<script",
    "<title",
    "<link",
    "<style",
    "<div",
    "<pre",
    "<p>",
    "<br",
    "<table",
    "<h1",
    "<center",
];

/// Words that an error page says and a robots.txt written by hand does not need, lower case.
const ERROR_WORDS: &[&str] = &[
    "not found",
    "404",
    "403",
    "500",
    "forbidden",
    "access denied",
    "error",
    "unavailable",
    "bad request",
    "removed",
    "does not exist",
    "no such",
    "not available",
    "unauthorized",
    "permission",
];

/// At most this many lines of text make an error response; a longer text without a single
/// directive is prose, which the audit reports line by line.
const MAX_ERROR_RESPONSE_LINES: usize = 20;

/// Reads what the parsed lines are, when they are no robots.txt; `has_groups` says whether any
/// group formed.
pub(crate) fn read(lines: Lines<'_>, facts: &InputFacts, has_groups: bool) -> Option<NotRobotsTxt> {
    if let Some(format) = facts.binary {
        return Some(NotRobotsTxt::Binary { format });
    }
    html_page(lines, has_groups).or_else(|| error_response(lines))
}

fn is_directive(kind: LineKind) -> bool {
    matches!(
        kind,
        LineKind::UserAgent | LineKind::Allow | LineKind::Disallow | LineKind::Sitemap
    )
}

fn html_page(lines: Lines<'_>, has_groups: bool) -> Option<NotRobotsTxt> {
    let first = lines
        .iter()
        .find(|line| !matches!(line.kind, LineKind::Blank))?;
    let opener = first.text().trim_start();
    let opens_document = DOCUMENT_OPENERS.iter().any(|tag| {
        opener
            .get(..tag.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(tag))
    });
    if !opens_document {
        return None;
    }
    let (mut tag_lines, mut directive_lines) = (0usize, 0usize);
    for line in lines.iter() {
        tag_lines += usize::from(line.text().trim_start().starts_with('<'));
        directive_lines += usize::from(is_directive(line.kind));
    }
    // A robots.txt that starts with a stray `<!-- … -->` but is otherwise made of directives is
    // not a page: only call it one when markup outweighs directives.
    if directive_lines >= tag_lines {
        return None;
    }
    Some(if has_groups {
        NotRobotsTxt::HtmlPageWithRules {
            line: first.number,
            directive_lines,
        }
    } else {
        NotRobotsTxt::HtmlPage { line: first.number }
    })
}

/// An error response served with a success status instead of a robots.txt: a JSON body or a
/// few lines of text saying what went wrong, with not one directive. Reporting each of its
/// lines as prose or an unknown key would tell the owner to comment out the server's answer;
/// the cause is the server.
fn error_response(lines: Lines<'_>) -> Option<NotRobotsTxt> {
    let mut content = Vec::new();
    for line in lines.iter() {
        if is_directive(line.kind) || line.kind == LineKind::Other {
            return None;
        }
        if matches!(line.kind, LineKind::Blank | LineKind::Comment) {
            continue;
        }
        if content.len() == MAX_ERROR_RESPONSE_LINES {
            return None;
        }
        content.push(line);
    }
    let first = content.first()?;
    let opener = first.text().trim();
    let json = opener.starts_with('{') || opener.starts_with('[');
    let says_error = content.iter().any(|line| {
        let text = line.text().to_ascii_lowercase();
        ERROR_WORDS.iter().any(|word| text.contains(word))
    });
    if json {
        Some(NotRobotsTxt::Json { line: first.number })
    } else if says_error {
        Some(NotRobotsTxt::ErrorText { line: first.number })
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::NotRobotsTxt;
    use crate::RobotsTxt;

    fn what(text: &str) -> Option<NotRobotsTxt> {
        RobotsTxt::parse(text.as_bytes()).not_robots_txt()
    }

    #[test]
    fn a_robots_txt_is_one() {
        assert_eq!(what("User-agent: *\nDisallow: /private/\n"), None);
        assert_eq!(what(""), None);
        assert_eq!(
            what("<!-- generated -->\nUser-agent: *\nDisallow: /x\n"),
            None
        );
        assert_eq!(what("Welcome to our site\n"), None);
        assert_eq!(what("404\nUser-agent: *\nDisallow: /x\n"), None);
    }

    #[test]
    fn a_page_is_named_with_the_line_it_opens_with() {
        let page = "\n<!DOCTYPE html>\n<html>\n<body>Hello</body>\n</html>\n";
        assert_eq!(what(page), Some(NotRobotsTxt::HtmlPage { line: 2 }));
        let with_rules =
            "<html>\n<body>\n<pre>\nUser-agent: *\nDisallow: /x\n</pre>\n</body>\n</html>\n";
        assert_eq!(
            what(with_rules),
            Some(NotRobotsTxt::HtmlPageWithRules {
                line: 1,
                directive_lines: 2
            })
        );
    }

    #[test]
    fn an_error_body_is_json_or_error_text() {
        assert_eq!(
            what("{\"status\":404,\"error\":\"Not Found\"}\n"),
            Some(NotRobotsTxt::Json { line: 1 })
        );
        assert_eq!(
            what("# comment\n404 page not found\n"),
            Some(NotRobotsTxt::ErrorText { line: 2 })
        );
        let long: String = (0..25).map(|n| format!("error line {n}\n")).collect();
        assert_eq!(what(&long), None, "prose, reported line by line");
        assert_eq!(what("Crawl-delay: 5\nNot found\n"), None);
    }

    #[test]
    fn binary_data_is_named_by_its_format() {
        let gzip = RobotsTxt::parse(b"\x1f\x8b\x08\x00\x00\x00\x00\x00").not_robots_txt();
        assert_eq!(
            gzip,
            Some(NotRobotsTxt::Binary {
                format: "gzip-compressed data"
            })
        );
        assert_eq!(gzip.map(|what| what.id()), Some("binary"));
        assert_eq!(gzip.and_then(|what| what.format_id()), Some("gzip"));
        assert_eq!(super::format_id("binary data"), "binary");
    }
}
