// Loads the page's wasm package (www/pkg, built by scripts/build-wasm.sh) into
// Node for the tests. The `--target web` output instantiates synchronously from
// bytes with initSync, so the tests exercise the very files the page serves.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PKG_DIR = new URL('../../www/pkg/', import.meta.url);
const GLUE = new URL('robots_lens_wasm.js', PKG_DIR);
const MODULE = new URL('robots_lens_wasm_bg.wasm', PKG_DIR);

if (!existsSync(GLUE) || !existsSync(MODULE)) {
  throw new Error(
    `the wasm package is missing (${fileURLToPath(PKG_DIR)}): build it with 'npm run build'`,
  );
}

const wasm = await import(GLUE.href);
wasm.initSync({ module: readFileSync(MODULE) });

/** The wasm package's exports, initialised: version, defaults, analyze, check, RobotsFile. */
export default wasm;
