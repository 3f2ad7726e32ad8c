// Puts the wasm-bindgen glue's one snippet into the glue: build step of scripts/build-wasm.sh.
//
// Usage: node scripts/inline-snippet.mjs path/to/robots_lens_wasm.js
//
// The wasm crate imports `fromTape` (and, in the npm package's engine, `optionsText`) from
// crates/wasm/src/tape.js (see crates/wasm/src/tape.rs),
// and wasm-bindgen writes that file under snippets/<crate>-<hash>/ for the glue to import. As a
// module of its own it is one more request for the page's first verdict, discovered only once
// the glue is parsed, and one more file for every consumer of the package to carry. Here its
// code replaces the glue's import of it, closed in a function so that its names cannot meet the
// glue's, and the snippets folder goes. Anything else than that one import of that one file's
// functions stops the build: the glue must never be left half rewritten.

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const [gluePath] = process.argv.slice(2);
if (!gluePath) throw new Error('usage: node scripts/inline-snippet.mjs path/to/glue.js');
const glue = readFileSync(gluePath, 'utf8');
const imports = [...glue.matchAll(/^import \{ ([\w, ]+) \} from '\.\/(snippets\/[^']+\/src\/tape\.js)';\n/gm)];
const anyImport = glue.match(/^import\s/gm) ?? [];
if (imports.length !== 1 || anyImport.length !== 1) {
  throw new Error(`${gluePath}: expected one import, of fromTape and its siblings from a snippet's tape.js; found ${anyImport.length} imports`);
}
const names = imports[0][1].split(',').map((name) => name.trim());
if (!names.includes('fromTape')) throw new Error(`${gluePath}: the glue imports ${names.join(', ')} from tape.js, not fromTape`);
const snippetPath = join(dirname(gluePath), imports[0][2]);
const snippet = readFileSync(snippetPath, 'utf8');
const exported = [...snippet.matchAll(/^export function (\w+)\(/gm)].map((match) => match[1]);
const exports = snippet.match(/^export\s/gm) ?? [];
if (exports.length !== exported.length || names.some((name) => !exported.includes(name))) {
  throw new Error(`${snippetPath}: expected exported functions only, among them ${names.join(', ')}; found ${exported.join(', ')}`);
}
const inlined = [
  '// crates/wasm/src/tape.js, put here by scripts/inline-snippet.mjs.',
  'const tapeSnippet = (() => {',
  snippet.replace(/^export function /gm, 'function '),
  `return { ${names.join(', ')} };`,
  '})();',
  ...names.map((name) => `const ${name} = tapeSnippet.${name};`),
  '',
].join('\n');
writeFileSync(gluePath, glue.replace(imports[0][0], () => inlined));
rmSync(join(dirname(gluePath), 'snippets'), { recursive: true });
