// Writes www/pkg/precache.js: the files the service worker (sw.js) keeps for offline use, and a
// version that changes whenever any of them does, so a new build installs a new cache.
//
// Usage: node scripts/precache.mjs   (scripts/build-wasm.sh runs it after every build)
//
// The files are what the page loads from its own origin: index.html, everything under www/
// (modules, styles, catalogues, the wasm package) and the shared test vectors the self-test
// reads. The version is a hash of their contents, so editing app.js without touching the Rust
// crates still yields a new one.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUTPUT = join(ROOT, 'www', 'pkg', 'precache.js');
/**
 * Served and loaded by the page; type declarations and build stamps are not. The consumers
 * package (www/pkg/consumers/) is loaded when the consumers' panel is opened, so it is kept for
 * offline use like the other packages the page loads on demand.
 */
const SERVED = /\.(html|js|mjs|css|svg|json|wasm)$/;
const NOT_SERVED = [/\.d\.ts$/, /^www\/pkg\/precache\.js$/];

function filesUnder(directory) {
  return readdirSync(join(ROOT, directory)).flatMap((name) => {
    const path = join(directory, name);
    return statSync(join(ROOT, path)).isDirectory() ? filesUnder(path) : [path];
  });
}

const files = ['index.html', ...filesUnder('www'), ...filesUnder(join('tests', 'vectors'))]
  .map((path) => relative(ROOT, join(ROOT, path)).split(sep).join('/'))
  .filter((path) => SERVED.test(path) && !NOT_SERVED.some((pattern) => pattern.test(path)))
  .sort();

const hash = createHash('sha256');
for (const path of files) hash.update(path).update('\0').update(readFileSync(join(ROOT, path))).update('\0');
const version = hash.digest('hex').slice(0, 16);

// './' is the page itself, as a navigation asks for it.
const precache = { version, files: ['./', ...files] };
writeFileSync(
  OUTPUT,
  `// Written by scripts/precache.mjs; read by sw.js. Do not edit.\nself.PRECACHE = ${JSON.stringify(precache, null, 1)};\n`,
);
console.log(`    precache: ${files.length} files, version ${version}`);
