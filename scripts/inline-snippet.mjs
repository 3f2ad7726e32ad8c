// Puts the wasm-bindgen glue's one snippet into the glue: build step of scripts/build-wasm.sh.
//
// Usage: node scripts/inline-snippet.mjs path/to/robots_lens_wasm.js
//
// The wasm crate imports `fromTape` from crates/wasm/src/tape.js (see crates/wasm/src/tape.rs),
// and wasm-bindgen writes that file under snippets/<crate>-<hash>/ for the glue to import. As a
// module of its own it is one more request for the page's first verdict, discovered only once
// the glue is parsed, and one more file for every consumer of the package to carry. Here its
// code replaces the glue's import of it, closed in a function so that its names cannot meet the
// glue's, and the snippets folder goes. Anything else than that one import of that one file
// stops the build: the glue must never be left half rewritten.

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const [gluePath] = process.argv.slice(2);
if (!gluePath) throw new Error('usage: node scripts/inline-snippet.mjs path/to/glue.js');
const glue = readFileSync(gluePath, 'utf8');
const imports = [...glue.matchAll(/^import \{ fromTape \} from '\.\/(snippets\/[^']+\/src\/tape\.js)';\n/gm)];
const anyImport = glue.match(/^import\s/gm) ?? [];
if (imports.length !== 1 || anyImport.length !== 1) {
  throw new Error(`${gluePath}: expected one import, of fromTape from a snippet's tape.js; found ${anyImport.length} imports`);
}
const snippetPath = join(dirname(gluePath), imports[0][1]);
const snippet = readFileSync(snippetPath, 'utf8');
const exports = snippet.match(/^export\s/gm) ?? [];
if (exports.length !== 1 || !/^export function fromTape\(/m.test(snippet)) {
  throw new Error(`${snippetPath}: expected one export, the function fromTape; found ${exports.length}`);
}
const inlined = [
  '// crates/wasm/src/tape.js, put here by scripts/inline-snippet.mjs.',
  'const fromTape = (() => {',
  snippet.replace(/^export function fromTape\(/m, 'function fromTape('),
  'return fromTape;',
  '})();',
  '',
].join('\n');
writeFileSync(gluePath, glue.replace(imports[0][0], () => inlined));
rmSync(join(dirname(gluePath), 'snippets'), { recursive: true });
