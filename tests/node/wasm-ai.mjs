// Loads the page's AI usage package (www/pkg/ai: crates/wasm built with the `ai` feature, see
// scripts/build-wasm.sh) into Node for the tests: usage, aiSummary, writePolicy.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PKG_DIR = new URL('../../www/pkg/ai/', import.meta.url);
const GLUE = new URL('robots_lens_wasm.js', PKG_DIR);
const MODULE = new URL('robots_lens_wasm_bg.wasm', PKG_DIR);

if (!existsSync(GLUE) || !existsSync(MODULE)) {
  throw new Error(`the AI usage package is missing (${fileURLToPath(PKG_DIR)}): build it with 'npm run build'`);
}

const ai = await import(GLUE.href);
ai.initSync({ module: readFileSync(MODULE) });

/** The AI usage package's exports, initialised. */
export default ai;
