//! The page `serve` hands out: the files embedded in the command at build time (build.rs), or
//! those of a checkout with `--root`, and nothing else.
//!
//! Either way the same files are served: index.html, sw.js, and the files under www/ and
//! tests/vectors/ of the kinds the page loads (the rule scripts/precache.mjs lists them by).
//! A path outside that set, a dot segment, an escape that is not UTF-8, or a file reached
//! through a symbolic link that leaves the root is a 404. index.html gets the server's key in
//! its `robots-lens-live` meta element, which is how the page knows it may ask
//! `/api/fetch` (and how the server knows the page asked).

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::serve::http::percent_decode;

/// A file of the page, gzipped into the binary.
pub(crate) struct EmbeddedFile {
    pub(crate) path: &'static str,
    /// Its length once decoded.
    pub(crate) size: usize,
    pub(crate) gzip: &'static [u8],
}

// MISSING and FILES, written by build.rs.
include!(concat!(env!("OUT_DIR"), "/page.rs"));

/// The placeholder in index.html that the server fills with its key.
const LIVE_MARKER: &str = "<meta name=\"robots-lens-live\" content=\"\">";

/// The kinds of file the page loads, by extension, with the type each is served as.
const TYPES: &[(&str, &str)] = &[
    ("html", "text/html; charset=utf-8"),
    ("js", "text/javascript; charset=utf-8"),
    ("mjs", "text/javascript; charset=utf-8"),
    ("css", "text/css; charset=utf-8"),
    ("json", "application/json; charset=utf-8"),
    ("svg", "image/svg+xml"),
    ("wasm", "application/wasm"),
];

/// The folders whose files the page loads; index.html and sw.js are at the root.
const FOLDERS: &[&str] = &["www/", "tests/vectors/"];

/// One file's bytes, as stored.
pub enum Body {
    /// Gzipped (an embedded file): sent as it is to a browser that takes gzip.
    Gzip(&'static [u8]),
    Plain(Vec<u8>),
}

/// A file found for a request.
pub struct Found {
    pub content_type: &'static str,
    pub body: Body,
}

/// Where the page's files come from.
pub enum Page {
    Embedded {
        files: HashMap<&'static str, &'static EmbeddedFile>,
        index: Vec<u8>,
    },
    Disk {
        root: PathBuf,
        key: String,
    },
}

impl Page {
    /// The page embedded in this build, with `key` in its index.html; an error that says how
    /// to get a page when the build has none.
    pub fn embedded(key: &str) -> Result<Page, String> {
        if let Some(why) = MISSING {
            return Err(why.to_owned());
        }
        let files: HashMap<&'static str, &'static EmbeddedFile> =
            FILES.iter().map(|file| (file.path, file)).collect();
        let index = files
            .get("index.html")
            .ok_or("the embedded page has no index.html")?;
        let index = with_key(&gunzip(index.gzip, index.size)?, key)?;
        Ok(Page::Embedded { files, index })
    }

    /// The page of the checkout at `root` (its index.html must have the live marker).
    pub fn from_disk(root: &Path, key: &str) -> Result<Page, String> {
        let root = root
            .canonicalize()
            .map_err(|error| format!("--root {}: {error}", root.display()))?;
        let index = std::fs::read(root.join("index.html")).map_err(|error| {
            format!(
                "--root {}: no page there ({error}): give the folder that holds index.html",
                root.display()
            )
        })?;
        with_key(&index, key)?;
        if !root.join("www/pkg").is_dir() {
            return Err(format!(
                "--root {}: the page's engine is not built (no www/pkg/): run \
                 scripts/build-wasm.sh there first",
                root.display()
            ));
        }
        Ok(Page::Disk {
            root,
            key: key.to_owned(),
        })
    }

    /// The file for the request path `path` (percent-encoded, from `/`), or `None` (a 404).
    pub fn find(&self, path: &str) -> Option<Found> {
        let relative = page_path(path)?;
        let content_type = content_type(&relative)?;
        let body = match self {
            Page::Embedded { index, .. } if relative == "index.html" => Body::Plain(index.clone()),
            Page::Embedded { files, .. } => Body::Gzip(files.get(relative.as_str())?.gzip),
            Page::Disk { root, key } => {
                let file = root.join(&relative).canonicalize().ok()?;
                // A symbolic link inside the root may lead out of it.
                if !file.starts_with(root) || !file.is_file() {
                    return None;
                }
                let bytes = std::fs::read(&file).ok()?;
                if relative == "index.html" {
                    Body::Plain(with_key(&bytes, key).ok()?)
                } else {
                    Body::Plain(bytes)
                }
            }
        };
        Some(Found { content_type, body })
    }

    /// How many files the page has, for the start-up line (`None` when read from disk).
    pub fn file_count(&self) -> Option<usize> {
        match self {
            Page::Embedded { files, .. } => Some(files.len()),
            Page::Disk { .. } => None,
        }
    }
}

/// The page's own path for a request path: `/` is index.html; `None` for anything outside the
/// page's files.
fn page_path(path: &str) -> Option<String> {
    let decoded = percent_decode(path, false)?;
    let relative = decoded.strip_prefix('/')?;
    let relative = if relative.is_empty() {
        "index.html"
    } else {
        relative
    };
    let segments_fine = relative.split('/').all(|segment| {
        !segment.is_empty() && !segment.starts_with('.') && !segment.contains(['\\', '\0', ':'])
    });
    let in_page = relative == "index.html"
        || relative == "sw.js"
        || FOLDERS.iter().any(|folder| relative.starts_with(folder));
    (segments_fine && in_page).then(|| relative.to_owned())
}

fn content_type(path: &str) -> Option<&'static str> {
    let extension = path.rsplit_once('.')?.1;
    TYPES
        .iter()
        .find(|(known, _)| *known == extension)
        .map(|(_, content_type)| *content_type)
}

/// index.html with `key` in its live marker.
fn with_key(index: &[u8], key: &str) -> Result<Vec<u8>, String> {
    let text = std::str::from_utf8(index).map_err(|_| "index.html is not UTF-8".to_owned())?;
    if !text.contains(LIVE_MARKER) {
        return Err(format!(
            "this index.html has no {LIVE_MARKER} element, so its page cannot find the fetch \
             endpoint: it is older than this robots-lens"
        ));
    }
    Ok(text
        .replacen(
            LIVE_MARKER,
            &format!("<meta name=\"robots-lens-live\" content=\"{key}\">"),
            1,
        )
        .into_bytes())
}

/// The bytes of `gzip`, which decodes to `size` bytes.
pub fn gunzip(gzip: &[u8], size: usize) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::with_capacity(size);
    flate2::read::GzDecoder::new(gzip)
        .read_to_end(&mut bytes)
        .map_err(|error| format!("an embedded file does not decode: {error}"))?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_pages_own_files_are_paths() {
        for (path, expected) in [
            ("/", Some("index.html")),
            ("/index.html", Some("index.html")),
            ("/sw.js", Some("sw.js")),
            ("/www/app.js", Some("www/app.js")),
            (
                "/www/pkg/robots_lens_wasm_bg.wasm",
                Some("www/pkg/robots_lens_wasm_bg.wasm"),
            ),
            (
                "/tests/vectors/wildcard.json",
                Some("tests/vectors/wildcard.json"),
            ),
            ("/www/%61pp.js", Some("www/app.js")),
            ("/Cargo.toml", None),
            ("/www/../Cargo.toml", None),
            ("/www/%2e%2e/Cargo.toml", None),
            ("/www/.gitignore", None),
            ("/www//app.js", None),
            ("/www\\app.js", None),
            ("/www/%ff.js", None),
            ("/crates/cli/src/lib.rs", None),
            ("/tests/live/server.py", None),
        ] {
            assert_eq!(page_path(path).as_deref(), expected, "{path}");
        }
        assert_eq!(content_type("www/pkg/x.wasm"), Some("application/wasm"));
        assert_eq!(content_type("www/pkg/x.d.ts"), None);
    }

    #[test]
    fn the_key_goes_into_the_marker_once() {
        let index = format!("<head>{LIVE_MARKER}</head>");
        let keyed = with_key(index.as_bytes(), "k3y").unwrap();
        assert_eq!(
            String::from_utf8(keyed).unwrap(),
            "<head><meta name=\"robots-lens-live\" content=\"k3y\"></head>"
        );
        assert!(with_key(b"<head></head>", "k").is_err());
    }
}
