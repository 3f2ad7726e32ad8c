//! Reading a list of URLs out of what a person has at hand: a pasted list, a `sitemap.xml`, a
//! CSV export of a crawl, a text file.
//!
//! [`read_url_list`] never fails. It recognises the format (or takes the one the caller names),
//! keeps the URLs in order without duplicates, and says what it left out: blank lines and
//! comments are not URLs, a sitemap index lists sitemaps (reported in
//! [`UrlList::sitemaps`], never fetched), and past [`MAX_URLS`] the rest is only counted.
//!
//! The formats:
//!
//! - **Sitemap** (text starting with `<`, after any BOM and white space): the content of every
//!   `<loc>` element, with XML's five named entities, numeric character references and CDATA
//!   sections decoded. `<image:loc>` and other prefixed elements are not page URLs and are
//!   skipped. In a `<sitemapindex>`, the `<loc>`s are sitemaps.
//! - **CSV** (named by the caller, or a first line whose cells include a URL heading such as
//!   `url`, `loc`, `address`, `page` or `link`): RFC 4180 fields (quotes, doubled quotes,
//!   quoted line breaks), separated by commas, semicolons or tabs, whichever the first line
//!   uses most. The URL column is the one with a URL heading, else the first column whose first
//!   value looks like a URL or a path.
//! - **Lines**: one URL a line; a line starting with `#` is a comment.

use std::collections::HashSet;

/// The most URLs a list keeps; the page and the CLI say when a list had more.
pub const MAX_URLS: usize = 100_000;

/// How a list is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum ListFormat {
    /// Recognise it from the text.
    #[default]
    Auto,
    /// One URL a line.
    Lines,
    /// Comma-, semicolon- or tab-separated values with a URL column.
    Csv,
    /// A sitemap (`<urlset>`) or a sitemap index (`<sitemapindex>`).
    Sitemap,
}

impl ListFormat {
    /// The format a file name suggests (`.xml` sitemap, `.csv`/`.tsv` CSV), else `Auto`.
    pub fn from_file_name(name: &str) -> ListFormat {
        let lower = name.to_ascii_lowercase();
        if lower.ends_with(".xml") {
            ListFormat::Sitemap
        } else if lower.ends_with(".csv") || lower.ends_with(".tsv") {
            ListFormat::Csv
        } else {
            ListFormat::Auto
        }
    }
}

/// The URLs read from a list, and what was left out.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct UrlList {
    /// The format the list was read as (never `Auto`).
    pub format: ListFormat,
    /// The URLs, in order, each once, at most [`MAX_URLS`].
    pub urls: Vec<String>,
    /// URLs given more than once, counted after the first.
    pub duplicates: usize,
    /// URLs past [`MAX_URLS`], counted and dropped.
    pub over_limit: usize,
    /// In a sitemap index: the sitemaps it lists, which are never fetched.
    pub sitemaps: Vec<String>,
    /// The CSV column the URLs were read from (its heading, or its 1-based number).
    pub column: Option<String>,
}

/// Reads the URLs in `text`, written as `format` says (`Auto` recognises it).
pub fn read_url_list(text: &str, format: ListFormat) -> UrlList {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let format = match format {
        ListFormat::Auto if text.trim_start().starts_with('<') => ListFormat::Sitemap,
        ListFormat::Auto if csv_url_column(&first_csv_row(text)).is_some() => ListFormat::Csv,
        ListFormat::Auto => ListFormat::Lines,
        named => named,
    };
    let mut list = Collector::default();
    let mut column = None;
    let mut sitemaps = Vec::new();
    match format {
        ListFormat::Sitemap => {
            let index = is_sitemap_index(text);
            for_each_loc(text, |url| {
                if index {
                    if sitemaps.len() < MAX_URLS {
                        sitemaps.push(url);
                    }
                } else {
                    list.push(url);
                }
            });
        }
        ListFormat::Csv => column = read_csv(text, &mut list),
        ListFormat::Lines | ListFormat::Auto => {
            for line in text.lines() {
                let line = line.trim();
                if !line.is_empty() && !line.starts_with('#') {
                    list.push(line.to_owned());
                }
            }
        }
    }
    UrlList {
        format,
        urls: list.urls,
        duplicates: list.duplicates,
        over_limit: list.over_limit,
        sitemaps,
        column,
    }
}

/// Keeps URLs in order, each once, up to the limit.
#[derive(Default)]
struct Collector {
    urls: Vec<String>,
    seen: HashSet<String>,
    duplicates: usize,
    over_limit: usize,
}

impl Collector {
    fn push(&mut self, url: String) {
        if url.is_empty() {
            return;
        }
        if self.seen.contains(&url) {
            self.duplicates += 1;
        } else if self.urls.len() >= MAX_URLS {
            self.over_limit += 1;
        } else {
            self.seen.insert(url.clone());
            self.urls.push(url);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Sitemaps

/// Whether the document's root element is `<sitemapindex>` (after the XML declaration,
/// comments and processing instructions).
fn is_sitemap_index(text: &str) -> bool {
    let mut rest = text;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        if rest.starts_with('?') || rest.starts_with('!') {
            continue;
        }
        let name_end = rest
            .find(|c: char| c.is_whitespace() || c == '>' || c == '/')
            .unwrap_or(rest.len());
        let name = &rest[..name_end];
        let local = name.rsplit(':').next().unwrap_or(name);
        return local.eq_ignore_ascii_case("sitemapindex");
    }
    false
}

/// Calls `each` with the decoded, trimmed content of every unprefixed `<loc>` element. One
/// pass over the text: each search starts where the last one ended.
fn for_each_loc(text: &str, mut each: impl FnMut(String)) {
    let mut rest = text;
    while let Some(at) = rest.find("<loc") {
        let after = &rest[at + 4..];
        // `<location>` is another element; `<loc>` and `<loc attr="…">` are ours.
        let Some(open_end) = after.find('>') else {
            return;
        };
        if !after.starts_with('>') && !after.starts_with(char::is_whitespace) {
            rest = after;
            continue;
        }
        let content = &after[open_end + 1..];
        let Some(close) = content.find("</loc>") else {
            return;
        };
        each(decode_xml_text(&content[..close]).trim().to_owned());
        rest = &content[close + 6..];
    }
}

/// XML character data: CDATA sections kept as they are, the five named entities and numeric
/// references decoded, anything else (an unknown entity) left as written.
fn decode_xml_text(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while !rest.is_empty() {
        if let Some(cdata) = rest.strip_prefix("<![CDATA[") {
            let end = cdata.find("]]>").unwrap_or(cdata.len());
            out.push_str(&cdata[..end]);
            rest = cdata.get(end + 3..).unwrap_or("");
        } else if rest.starts_with('&') {
            let (decoded, used) = decode_entity(rest);
            out.push_str(&decoded);
            rest = &rest[used..];
        } else {
            let next = rest[1..].find(['&', '<']).map_or(rest.len(), |at| at + 1);
            out.push_str(&rest[..next]);
            rest = &rest[next..];
        }
    }
    out
}

/// The entity at the start of `text` (which starts with `&`) and how many bytes it took.
fn decode_entity(text: &str) -> (String, usize) {
    // Entities are short; a `&` without a `;` soon after is a literal ampersand.
    let Some(end) = text
        .get(..12.min(text.len()))
        .and_then(|head| head.find(';'))
    else {
        return ("&".to_owned(), 1);
    };
    let name = &text[1..end];
    let decoded = match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        _ => {
            let number = if let Some(hex) = name.strip_prefix("#x").or(name.strip_prefix("#X")) {
                u32::from_str_radix(hex, 16).ok()
            } else {
                name.strip_prefix('#').and_then(|dec| dec.parse().ok())
            };
            number.and_then(char::from_u32).filter(|&c| c != '\0')
        }
    };
    match decoded {
        Some(c) => (c.to_string(), end + 1),
        None => ("&".to_owned(), 1),
    }
}

// ---------------------------------------------------------------------------------------------
// CSV

/// Headings that name a URL column, compared without letter case.
const URL_HEADINGS: &[&str] = &[
    "url",
    "urls",
    "loc",
    "address",
    "page",
    "link",
    "uri",
    "full url",
    "page url",
    "landing page",
];

/// The delimiter the first line uses most (comma when it uses none).
fn delimiter(text: &str) -> char {
    let first = text.lines().next().unwrap_or("");
    [',', ';', '\t']
        .into_iter()
        .max_by_key(|&d| (first.matches(d).count(), d == ','))
        .unwrap_or(',')
}

fn first_csv_row(text: &str) -> Vec<String> {
    let mut rows = CsvRows::new(text, delimiter(text));
    rows.next().unwrap_or_default()
}

/// The index of the column whose heading names URLs.
fn csv_url_column(header: &[String]) -> Option<usize> {
    header.iter().position(|cell| {
        let cell = cell.trim();
        URL_HEADINGS
            .iter()
            .any(|heading| cell.eq_ignore_ascii_case(heading))
    })
}

fn looks_like_url(cell: &str) -> bool {
    let cell = cell.trim();
    let lower = cell.get(..8).unwrap_or(cell).to_ascii_lowercase();
    cell.starts_with('/') || lower.starts_with("http://") || lower.starts_with("https://")
}

/// Reads the URL column of CSV `text` into `list`; answers which column it was.
fn read_csv(text: &str, list: &mut Collector) -> Option<String> {
    let mut rows = CsvRows::new(text, delimiter(text)).peekable();
    let first = rows.peek()?.clone();
    let (index, name) = match csv_url_column(&first) {
        Some(index) => {
            rows.next();
            (index, first[index].trim().to_owned())
        }
        // No heading names URLs: the first column that holds one, the header row included.
        None => {
            let index = first.iter().position(|cell| looks_like_url(cell))?;
            (index, (index + 1).to_string())
        }
    };
    for row in rows {
        if let Some(cell) = row.get(index) {
            list.push(cell.trim().to_owned());
        }
    }
    Some(name)
}

/// RFC 4180 records, one `Vec` of fields each; blank lines are skipped.
struct CsvRows<'t> {
    rest: &'t str,
    delimiter: char,
}

impl<'t> CsvRows<'t> {
    fn new(text: &'t str, delimiter: char) -> CsvRows<'t> {
        CsvRows {
            rest: text,
            delimiter,
        }
    }
}

impl Iterator for CsvRows<'_> {
    type Item = Vec<String>;

    fn next(&mut self) -> Option<Vec<String>> {
        loop {
            if self.rest.is_empty() {
                return None;
            }
            let mut fields = Vec::new();
            let mut field = String::new();
            let mut quoted = false;
            let mut chars = self.rest.char_indices().peekable();
            let mut consumed = self.rest.len();
            while let Some((at, c)) = chars.next() {
                match c {
                    '"' if quoted => {
                        if chars.peek().is_some_and(|&(_, next)| next == '"') {
                            chars.next();
                            field.push('"');
                        } else {
                            quoted = false;
                        }
                    }
                    '"' if field.trim().is_empty() => {
                        field.clear();
                        quoted = true;
                    }
                    '\r' | '\n' if !quoted => {
                        consumed = at + c.len_utf8();
                        if c == '\r' && self.rest[consumed..].starts_with('\n') {
                            consumed += 1;
                        }
                        break;
                    }
                    c if c == self.delimiter && !quoted => {
                        fields.push(std::mem::take(&mut field));
                    }
                    c => field.push(c),
                }
            }
            fields.push(field);
            self.rest = &self.rest[consumed..];
            if fields.iter().any(|field| !field.trim().is_empty()) {
                return Some(fields);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_skip_blanks_comments_and_duplicates() {
        let list = read_url_list(
            "\u{feff}/a\n\n  /b  \r\n# a comment\n/a\nhttps://x.example/c?q=1,2\n",
            ListFormat::Auto,
        );
        assert_eq!(list.format, ListFormat::Lines);
        assert_eq!(list.urls, ["/a", "/b", "https://x.example/c?q=1,2"]);
        assert_eq!(list.duplicates, 1);
    }

    #[test]
    fn sitemaps_read_loc_elements_only() {
        let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url><loc> https://shop.example/a?x=1&amp;y=2 </loc><lastmod>2026-01-01</lastmod>
    <image:image><image:loc>https://shop.example/a.png</image:loc></image:image></url>
  <url><loc><![CDATA[https://shop.example/b&c]]></loc></url>
  <url><location>nope</location><loc>https://shop.example/&#233;t&#xE9;</loc></url>
</urlset>"#;
        let list = read_url_list(xml, ListFormat::Auto);
        assert_eq!(list.format, ListFormat::Sitemap);
        assert_eq!(
            list.urls,
            [
                "https://shop.example/a?x=1&y=2",
                "https://shop.example/b&c",
                "https://shop.example/été"
            ]
        );
        assert!(list.sitemaps.is_empty());
    }

    #[test]
    fn a_sitemap_index_lists_sitemaps_and_no_urls() {
        let xml = "<?xml version=\"1.0\"?>\n<!-- generated -->\n<sitemapindex xmlns=\"x\">\
                   <sitemap><loc>https://s.example/one.xml</loc></sitemap>\
                   <sitemap><loc>https://s.example/two.xml</loc></sitemap></sitemapindex>";
        let list = read_url_list(xml, ListFormat::Sitemap);
        assert!(list.urls.is_empty());
        assert_eq!(
            list.sitemaps,
            ["https://s.example/one.xml", "https://s.example/two.xml"]
        );
    }

    #[test]
    fn broken_xml_keeps_what_it_can() {
        let list = read_url_list("<urlset><loc>/a</loc><loc>/b", ListFormat::Auto);
        assert_eq!(list.urls, ["/a"]);
        assert_eq!(
            read_url_list("<loc", ListFormat::Auto).urls,
            Vec::<String>::new()
        );
        assert_eq!(
            decode_xml_text("a & b &bogus; &#xZZ; &#0;"),
            "a & b &bogus; &#xZZ; &#0;"
        );
    }

    #[test]
    fn csv_finds_the_url_column_by_heading() {
        let csv = "Status,Address,Title\n200,https://s.example/a,\"Shoes, red\"\n\
                   301,\"https://s.example/b?q=\"\"x\"\"\",B\n\n404,/c,\"two\nlines\"\n";
        let list = read_url_list(csv, ListFormat::Auto);
        assert_eq!(list.format, ListFormat::Csv);
        assert_eq!(list.column.as_deref(), Some("Address"));
        assert_eq!(
            list.urls,
            ["https://s.example/a", "https://s.example/b?q=\"x\"", "/c"]
        );
    }

    #[test]
    fn csv_without_a_heading_takes_the_first_url_column() {
        let list = read_url_list("7;/a;x\n8;/b;y\n", ListFormat::Csv);
        assert_eq!(list.column.as_deref(), Some("2"));
        assert_eq!(list.urls, ["/a", "/b"]);
        let tsv = read_url_list("url\tclicks\n/a\t3\n", ListFormat::Auto);
        assert_eq!(tsv.urls, ["/a"]);
    }

    #[test]
    fn lists_stop_at_the_limit_and_count_the_rest() {
        let text: String = (0..MAX_URLS + 5).map(|n| format!("/{n}\n")).collect();
        let list = read_url_list(&text, ListFormat::Lines);
        assert_eq!(list.urls.len(), MAX_URLS);
        assert_eq!(list.over_limit, 5);
    }

    #[test]
    fn file_names_suggest_a_format() {
        assert_eq!(
            ListFormat::from_file_name("Sitemap.XML"),
            ListFormat::Sitemap
        );
        assert_eq!(ListFormat::from_file_name("crawl.csv"), ListFormat::Csv);
        assert_eq!(ListFormat::from_file_name("urls.txt"), ListFormat::Auto);
    }
}
