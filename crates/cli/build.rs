//! Embeds the page in the command, for `robots-lens serve` (src/serve/page.rs serves it).
//!
//! The page's files are the ones its service worker keeps: `www/pkg/precache.js`, which
//! scripts/build-wasm.sh writes after every build (scripts/precache.mjs), lists index.html, every
//! module, style sheet, catalogue and wasm package under www/, and the self-test's vectors; sw.js
//! and that list itself are added. Each is stored gzipped (the wasm packages are most of the
//! bytes, and gzip halves them): browsers take them as they are, other clients get them decoded.
//!
//! A build with no page to embed is still a whole command: a checkout where the wasm was never
//! built (`cargo test` on a clean clone, `cargo install` from crates.io, whose package holds
//! only this crate), or a target without sockets (the npm package's wasm32-wasip1 CLI, which
//! does not serve). `serve` then says why it has no page and how to get one; `--root` serves a
//! checkout's files from disk in any build.

use std::env;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use flate2::write::GzEncoder;
use flate2::Compression;

/// Added to the list: the service worker, and the list it reads.
const ALSO_SERVED: &[&str] = &["sw.js", "www/pkg/precache.js"];

fn main() {
    let crate_dir = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let root = crate_dir.join("../..");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("set by cargo"));
    let list = root.join("www/pkg/precache.js");
    println!("cargo:rerun-if-changed={}", list.display());

    let wasm = env::var("CARGO_CFG_TARGET_FAMILY")
        .is_ok_and(|families| families.split(',').any(|family| family == "wasm"));
    let page = if wasm {
        Err("this build has no sockets: it serves nothing".to_owned())
    } else {
        page_files(&root, &list)
    };
    let source = match page {
        Ok(files) => embed(&root, &out, &files),
        Err(why) => format!(
            "/// Why this build carries no page.\npub(crate) const MISSING: Option<&str> = \
             Some({why:?});\n/// The page's files.\npub(crate) static FILES: &[EmbeddedFile] = \
             &[];\n"
        ),
    };
    fs::write(out.join("page.rs"), source).expect("OUT_DIR is writable");
}

/// The paths the page is made of, relative to the repository, or why there is no page.
fn page_files(root: &Path, list: &Path) -> Result<Vec<String>, String> {
    let text = fs::read_to_string(list).map_err(|_| {
        "the page was not built when this robots-lens was compiled (www/pkg/precache.js is \
         missing): build it with scripts/build-wasm.sh, then build robots-lens again, or serve \
         a checkout's page with --root"
            .to_owned()
    })?;
    // `self.PRECACHE = {…};`: the object is JSON.
    let json = text
        .find('{')
        .zip(text.rfind('}'))
        .map(|(start, end)| &text[start..=end])
        .ok_or("www/pkg/precache.js holds no list of files")?;
    let precache: serde_json::Value =
        serde_json::from_str(json).map_err(|error| format!("www/pkg/precache.js: {error}"))?;
    let listed = precache["files"]
        .as_array()
        .ok_or("www/pkg/precache.js has no \"files\"")?;
    let mut files: Vec<String> = listed
        .iter()
        .filter_map(|file| file.as_str())
        // `./` is the page itself, as a navigation asks for it: index.html.
        .filter(|file| *file != "./")
        .map(str::to_owned)
        .chain(ALSO_SERVED.iter().map(|file| (*file).to_owned()))
        .collect();
    files.sort();
    files.dedup();
    for file in &files {
        let path = root.join(file);
        println!("cargo:rerun-if-changed={}", path.display());
        if !path.is_file() {
            return Err(format!(
                "www/pkg/precache.js lists {file}, which is missing: build the page again with \
                 scripts/build-wasm.sh"
            ));
        }
    }
    Ok(files)
}

/// Writes each file gzipped into `out` and returns the Rust source of the table.
fn embed(root: &Path, out: &Path, files: &[String]) -> String {
    let mut source = String::from(
        "/// Why this build carries no page.\npub(crate) const MISSING: Option<&str> = None;\n\
         /// The page's files.\npub(crate) static FILES: &[EmbeddedFile] = &[\n",
    );
    for (index, file) in files.iter().enumerate() {
        let bytes = fs::read(root.join(file)).expect("checked above");
        let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
        encoder.write_all(&bytes).expect("writes to memory");
        let gzipped = encoder.finish().expect("writes to memory");
        let stored = out.join(format!("page-{index}.gz"));
        fs::write(&stored, gzipped).expect("OUT_DIR is writable");
        source.push_str(&format!(
            "    EmbeddedFile {{ path: {file:?}, size: {}, gzip: include_bytes!({:?}) }},\n",
            bytes.len(),
            stored.display().to_string()
        ));
    }
    source.push_str("];\n");
    source
}
