// The npm package in a bundler: esbuild bundles a browser app that imports 'robots-lens' with no
// configuration and no file copied by hand, and the bundle answers when it runs (in Node, which
// has the browser APIs the entry uses: WebAssembly and atob). The default browser entry carries
// the engine inline, so the bundle is one file and refers to no .wasm.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';

import { build } from 'esbuild';

import { installTarball, packTarball } from './install.mjs';

const APP = `
import { check, crawlers, parse } from 'robots-lens';

const robots = parse('User-agent: *\\nDisallow: /private\\n');
const verdict = check(robots, 'Googlebot', 'https://example.com/private/x');
globalThis.report = { allowed: verdict.allowed, line: verdict.line, crawlers: crawlers().length };
console.log(JSON.stringify(globalThis.report));
`;

let installed;

before(() => {
  installed = installTarball(packTarball(), { 'app.js': APP });
});

after(() => installed?.close());

test('esbuild bundles the browser entry with no configuration, and the bundle answers offline', async () => {
  const outdir = join(installed.dir, 'out');
  const result = await build({
    entryPoints: [join(installed.dir, 'app.js')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    outdir,
    absWorkingDir: installed.dir,
    logLevel: 'silent',
    metafile: true,
  });
  assert.deepEqual(result.errors, []);
  assert.deepEqual(readdirSync(outdir), ['app.js'], 'one file: nothing to copy beside it');
  const bundle = readFileSync(join(outdir, 'app.js'), 'utf8');
  // The engine's bytes are in the bundle (base64 of the wasm magic number `\0asm`); the glue's
  // fallback URL is never fetched, which running the bundle with no .wasm beside it proves.
  assert.match(bundle, /"AGFzbQ/, 'the engine is inside the bundle');
  const inputs = Object.keys(result.metafile.inputs);
  assert.ok(inputs.some((input) => input.endsWith('robots-lens/browser.js')), `the browser entry was chosen: ${inputs}`);

  const output = execFileSync('node', [join(outdir, 'app.js')], { cwd: installed.dir, encoding: 'utf8' });
  const report = JSON.parse(output);
  assert.equal(report.allowed, false);
  assert.equal(report.line, 2);
  const node = JSON.parse(
    execFileSync('node', ['--input-type=module', '-e', "import { crawlers } from 'robots-lens'; console.log(crawlers().length)"], {
      cwd: installed.dir,
      encoding: 'utf8',
    }),
  );
  assert.equal(report.crawlers, node, 'the bundled engine is the one Node loads');

  const wasm = readFileSync(join(installed.dir, 'node_modules', 'robots-lens', 'robots_lens_wasm_bg.wasm'));
  const sizes = { bundle: statSync(join(outdir, 'app.js')).size, bundleGz: gzipSync(bundle).length, wasmGz: gzipSync(wasm).length };
  // The inline base64 costs bytes on the wire over a separate .wasm (about a third, gzipped), which
  // npm/README.md states from the same measurement; the whole app must stay within half again.
  assert.ok(sizes.bundleGz < sizes.wasmGz * 1.5, `the bundle stays within 1.5x the .wasm gzipped: ${JSON.stringify(sizes)}`);
  console.log(`# bundle sizes: ${JSON.stringify(sizes)}`);
});

test('esbuild bundles the Node entry, as ESM and as CommonJS, and each bundle answers on its own', async () => {
  // A server-side app bundled with --platform=node takes the package's Node entry (node.js),
  // which carries the engine inline: nothing is looked up beside the bundle at run time.
  const app = `
    import { check, crawlers, fetchRobots } from 'robots-lens';
    const verdict = check('User-agent: *\\nDisallow: /private\\n', 'Googlebot', '/private/x');
    console.log(JSON.stringify({ allowed: verdict.allowed, line: verdict.line, crawlers: crawlers().length, fetch: typeof fetchRobots }));
  `;
  writeFileSync(join(installed.dir, 'server-app.js'), app);
  const elsewhere = mkdtempSync(join(tmpdir(), 'robots-lens-node-bundle-'));
  try {
    for (const format of ['esm', 'cjs']) {
      const outfile = join(elsewhere, format === 'esm' ? 'app.mjs' : 'app.cjs');
      const result = await build({
        entryPoints: [join(installed.dir, 'server-app.js')],
        bundle: true,
        platform: 'node',
        format,
        outfile,
        absWorkingDir: installed.dir,
        logLevel: 'silent',
        metafile: true,
      });
      assert.deepEqual(result.errors, [], format);
      const inputs = Object.keys(result.metafile.inputs);
      assert.ok(inputs.some((input) => input.endsWith('robots-lens/node.js')), `${format}: the Node entry: ${inputs}`);
      const report = JSON.parse(execFileSync('node', [outfile], { cwd: elsewhere, encoding: 'utf8' }));
      assert.deepEqual(report, { allowed: false, line: 2, crawlers: report.crawlers, fetch: 'function' }, format);
      assert.ok(report.crawlers > 10, format);
    }
  } finally {
    rmSync(elsewhere, { recursive: true, force: true });
  }
});

test('the package README states the catalogue and the sizes the build has', () => {
  const readme = readFileSync(join(installed.dir, 'node_modules', 'robots-lens', 'README.md'), 'utf8');
  assert.doesNotMatch(readme, /\{\{/, 'every figure was filled in');
  const count = execFileSync('node', ['--input-type=module', '-e', "import { crawlers } from 'robots-lens'; console.log(crawlers().length)"], {
    cwd: installed.dir,
    encoding: 'utf8',
  }).trim();
  assert.match(readme, new RegExp(`catalogue of ${count} crawlers`));
});
