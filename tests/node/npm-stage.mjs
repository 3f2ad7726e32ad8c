// The npm package's Node side staged from the checkout, without packing: npm/'s modules, the
// audit wasm package and the files scripts/package-npm.sh writes beside them (the engine inline,
// the core's English templates), in a temporary folder. Shared by the tests that run it against
// tests/live/server.py (live.test.mjs, live-serve.test.mjs); run after scripts/build-wasm.sh.

import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { readPageCatalogue } from './catalogue-strings.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Stages npm/'s `modules` and what they load; resolves `{ dir, close() }`. `engine` is the wasm
 * package staged as npm's engine: the page's audit package by default, or the npm package's own
 * (`bash scripts/build-wasm.sh --npm DIR`), which also carries the consumers' table.
 */
export function stageNodePackage(modules = ['api.js', 'node.js', 'fetch.js'], { engine = join(ROOT, 'www/pkg/audit') } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-npm-stage-'));
  for (const name of modules) copyFileSync(join(ROOT, 'npm', name), join(dir, name));
  // The one message filler, shipped beside api.js as scripts/package-npm.sh ships it.
  copyFileSync(join(ROOT, 'www/text/message-fill.js'), join(dir, 'message-fill.js'));
  for (const name of ['robots_lens_wasm.js', 'robots_lens_wasm_bg.wasm']) {
    copyFileSync(join(engine, name), join(dir, name));
  }
  // The engine's bytes as node.js takes them (scripts/package-npm.sh writes the same file).
  const wasm = readFileSync(join(engine, 'robots_lens_wasm_bg.wasm'));
  writeFileSync(join(dir, 'robots_lens_wasm_inline.js'), `export default ${JSON.stringify(wasm.toString('base64'))};\n`);
  const english = readPageCatalogue('en');
  const core = Object.fromEntries(Object.entries(english).filter(([key]) => key.startsWith('core.')));
  writeFileSync(join(dir, 'messages.js'), `export default ${JSON.stringify(core)};\n`);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  return { dir, close: () => rmSync(dir, { recursive: true, force: true }) };
}
