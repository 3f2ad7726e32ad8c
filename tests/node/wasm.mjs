// Loads the page's wasm packages (www/pkg, built by scripts/build-wasm.sh) into
// Node for the tests. The `--target web` output instantiates synchronously from
// bytes with initSync, so the tests exercise the very files the page serves.
//
//     import wasm from './wasm.mjs';                       // the first package (no audit)
//     import { wasmPackage } from './wasm.mjs';
//     const audit = await wasmPackage('audit');            // www/pkg/audit/: plus the panels and the audit

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PKG_DIR = new URL('../../www/pkg/', import.meta.url);
/** The packages the build writes, by name: the first one, and those in a folder of their own. */
const PACKAGE_DIRS = {
  first: PKG_DIR,
  audit: new URL('audit/', PKG_DIR),
  lists: new URL('lists/', PKG_DIR),
  ai: new URL('ai/', PKG_DIR),
  logs: new URL('logs/', PKG_DIR),
  consumers: new URL('consumers/', PKG_DIR),
};

const loaded = new Map();

/**
 * The exports of package `name` (`first`, `audit`, `lists`, `ai` or `logs`), initialised once. The audit
 * package has everything the first one has, plus the panels' questions (`compareProfiles`,
 * `crawlerTable`…), `RobotsFile.audit` and what only npm asks (`checkMany`, `isAllowed`); the AI
 * usage package the panels' questions, the catalogue's words and the AI usage.
 */
export async function wasmPackage(name = 'first') {
  if (!loaded.has(name)) {
    const dir = PACKAGE_DIRS[name];
    if (dir === undefined) throw new Error(`there is no wasm package '${name}'`);
    const glue = new URL('robots_lens_wasm.js', dir);
    const module = new URL('robots_lens_wasm_bg.wasm', dir);
    if (!existsSync(glue) || !existsSync(module)) {
      throw new Error(`the wasm package is missing (${fileURLToPath(dir)}): build it with 'npm run build'`);
    }
    const wasm = await import(glue.href);
    wasm.initSync({ module: readFileSync(module) });
    loaded.set(name, wasm);
  }
  return loaded.get(name);
}

/** The first package's exports, initialised: version, defaults, analyze, check, RobotsFile. */
export default await wasmPackage();
