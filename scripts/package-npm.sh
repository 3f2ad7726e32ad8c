#!/usr/bin/env bash
# Builds the npm package `robots-lens` (npm/) and writes its tarball to dist/.
#
# Usage: scripts/package-npm.sh        (npm run package)
#
# The package is npm/ (the JS API, the Node and browser entry points, the `robots-lens` bin, the
# types, its README) plus the licence texts and what the wasm build made in www/pkg/: the
# audit codes' documentation, and the npm package's engine: the page's audit package (the first
# module plus the audit, which the package's `audit()` needs) built with the `politeness` feature
# too (crawlDelay, requestRate, preferredHost, which the page never asks, so its modules do not
# carry them), by `scripts/build-wasm.sh --npm` into target/npm-engine/. Three files are made here:
#   - robots-lens-cli.wasm, the CLI (crates/cli) compiled for wasm32-wasip1, which cli.js runs
#     under node:wasi: `npx robots-lens` is the native command, byte for byte;
#   - robots_lens_wasm_inline.js, the engine's .wasm as base64, which browser.js instantiates, so
#     that any bundler (esbuild, Vite, webpack, Rollup, Parcel) takes the engine with the code
#     and no asset has to be found or copied (browser-url.js keeps the .wasm as a file);
#   - README.md, from npm/README.md with its {{…}} figures filled in from the built engine;
# and page/, the page's own files, which `npx robots-lens serve` serves (npm/serve.js).
# Everything is staged in target/npm-package/ and packed with `npm pack`; nothing is published. The package's version
# must be the workspace's, so the engine and the package never disagree about what they are.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$REPO_ROOT"

STAGE="$REPO_ROOT/target/npm-package"
WASI_TARGET=wasm32-wasip1
DIST="$REPO_ROOT/dist"

bash scripts/setup.sh
bash scripts/build-wasm.sh
ENGINE="$REPO_ROOT/target/npm-engine"
bash scripts/build-wasm.sh --npm "$ENGINE"

crate_version="$(sed -n '/^\[workspace.package\]/,/^\[/s/^version[[:space:]]*=[[:space:]]*"\(.*\)"/\1/p' Cargo.toml)"
package_version="$(node -p 'require("./npm/package.json").version')"
[ "$crate_version" = "$package_version" ] ||
  die "npm/package.json has version $package_version but the workspace is $crate_version; make them equal"

say "Staging the npm package in ${STAGE#"$REPO_ROOT"/}/"
rm -rf "$STAGE"
mkdir -p "$STAGE" "$DIST"
say "Building the CLI for WASI (cargo, release, $WASI_TARGET)"
cargo build --quiet --locked --release -p robots-lens-cli --target "$WASI_TARGET"

cp npm/package.json npm/api.js npm/node.js npm/fetch.js npm/browser.js npm/browser-url.js npm/cli.js npm/serve.js npm/index.d.ts "$STAGE/"
# The page `npx robots-lens serve` serves (serve.js): the files its service worker keeps, as
# www/pkg/precache.js lists them, with sw.js and that list (crates/cli/build.rs embeds the same).
node -e '
  const { cpSync, readFileSync } = require("fs");
  const { join } = require("path");
  const text = readFileSync("www/pkg/precache.js", "utf8");
  const { files } = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  for (const file of [...files.filter((file) => file !== "./"), "sw.js", "www/pkg/precache.js"]) {
    cpSync(file, join(process.argv[1], file));
  }
' "$STAGE/page"
cp "target/$WASI_TARGET/release/robots-lens.wasm" "$STAGE/robots-lens-cli.wasm"
cp LICENSE-MIT LICENSE-APACHE "$STAGE/"
# The one JS filler of the core's messages, the page's own (api.js words findings with it).
cp www/text/message-fill.js "$STAGE/"
cp "$ENGINE/robots_lens_wasm.js" "$ENGINE/robots_lens_wasm_bg.wasm" www/pkg/audit-codes.json "$STAGE/"
# The English templates of the core's sentences (the findings' message, why and fix), from the
# page's English catalogue (both its files, www/text/i18n.js), whose `core.` entries
# crates/core/tests/catalogues.rs holds to the core.
node -e '
  const read = (path) => JSON.parse(require("fs").readFileSync(path, "utf8"));
  const english = { ...read("www/text/i18n/en.json"), ...read("www/text/i18n/en.panels.json") };
  const core = Object.fromEntries(Object.entries(english).filter(([key]) => key.startsWith("core.")));
  process.stdout.write(`// Written by scripts/package-npm.sh: the English templates of the core.\nexport default ${JSON.stringify(core, null, 1)};\n`);
' >"$STAGE/messages.js"

node -e '
  const wasm = require("fs").readFileSync(process.argv[1]);
  process.stdout.write(`// Written by scripts/package-npm.sh: robots_lens_wasm_bg.wasm (${wasm.length} bytes) as base64.\nexport default ${JSON.stringify(wasm.toString("base64"))};\n`);
' "$ENGINE/robots_lens_wasm_bg.wasm" >"$STAGE/robots_lens_wasm_inline.js"
# The README's figures, from the engine that is being packed (never typed by hand).
(cd "$STAGE" && node --input-type=module -e '
  import { readFileSync } from "node:fs";
  import { gzipSync } from "node:zlib";
  import { crawlers } from "./node.js";
  const wasm = readFileSync("robots_lens_wasm_bg.wasm");
  const kB = (bytes) => `${Math.round(gzipSync(bytes, { level: 9 }).length / 1000)} kB`;
  const figures = {
    crawlers: String(crawlers().length),
    wasmBytes: wasm.length.toLocaleString("en-US"),
    wasmGzip: kB(wasm),
    inlineGzip: kB(Buffer.from(wasm.toString("base64"))),
  };
  const text = readFileSync(process.argv[1], "utf8").replace(/\{\{(\w+)\}\}/g, (whole, name) => {
    if (!(name in figures)) throw new Error(`npm/README.md names an unknown figure ${whole}`);
    return figures[name];
  });
  process.stdout.write(text);
' "$REPO_ROOT/npm/README.md" >README.md)

tarball="$(cd "$STAGE" && npm pack --silent --pack-destination "$DIST")"
[ -f "$DIST/$tarball" ] || die "npm pack reported '$tarball' but wrote no such file in dist/"
note "wrote dist/$tarball ($(wc -c <"$DIST/$tarball") bytes)"
printf '%s\n' "$DIST/$tarball"
