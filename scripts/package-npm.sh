#!/usr/bin/env bash
# Builds the npm package `robots-lens` (npm/) and writes its tarball to dist/.
#
# Usage: scripts/package-npm.sh        (npm run package)
#
# The package is npm/ (the JS API, the Node and browser entry points, the types, its README)
# plus the licence texts and what the wasm build made in www/pkg/: the wasm-bindgen glue and the optimised module of
# the audit package (www/pkg/audit/: the page's first module plus the audit, which the package's
# `audit()` needs; size budget included) and the audit codes' documentation. They are staged
# in target/npm-package/ and packed with `npm pack`; nothing is published. The package's version
# must be the workspace's, so the engine and the package never disagree about what they are.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$REPO_ROOT"

STAGE="$REPO_ROOT/target/npm-package"
DIST="$REPO_ROOT/dist"

bash scripts/setup.sh
bash scripts/build-wasm.sh

crate_version="$(sed -n '/^\[workspace.package\]/,/^\[/s/^version[[:space:]]*=[[:space:]]*"\(.*\)"/\1/p' Cargo.toml)"
package_version="$(node -p 'require("./npm/package.json").version')"
[ "$crate_version" = "$package_version" ] ||
  die "npm/package.json has version $package_version but the workspace is $crate_version; make them equal"

say "Staging the npm package in ${STAGE#"$REPO_ROOT"/}/"
rm -rf "$STAGE"
mkdir -p "$STAGE" "$DIST"
cp npm/package.json npm/README.md npm/api.js npm/node.js npm/browser.js npm/index.d.ts "$STAGE/"
cp LICENSE-MIT LICENSE-APACHE "$STAGE/"
cp www/pkg/audit/robots_lens_wasm.js www/pkg/audit/robots_lens_wasm_bg.wasm www/pkg/audit-codes.json "$STAGE/"
# The English templates of the core's sentences (the findings' message, why and fix), from the
# page's English catalogue, whose `core.` entries crates/core/tests/catalogues.rs holds to the core.
node -e '
  const english = JSON.parse(require("fs").readFileSync("www/i18n/en.json", "utf8"));
  const core = Object.fromEntries(Object.entries(english).filter(([key]) => key.startsWith("core.")));
  process.stdout.write(`// Written by scripts/package-npm.sh: the English templates of the core.\nexport default ${JSON.stringify(core, null, 1)};\n`);
' >"$STAGE/messages.js"

tarball="$(cd "$STAGE" && npm pack --silent --pack-destination "$DIST")"
[ -f "$DIST/$tarball" ] || die "npm pack reported '$tarball' but wrote no such file in dist/"
note "wrote dist/$tarball ($(wc -c <"$DIST/$tarball") bytes)"
printf '%s\n' "$DIST/$tarball"
