// The npm package in a browser, without a bundler and with one: the packed tarball installed
// into an empty folder and served as a static site. One page imports it through an import map,
// as the package's README tells; another loads an app bundled by esbuild, which must resolve
// the package's browser entry (a bundle of the Node entry would import node:fs) and keep the
// engine's `new URL(…, import.meta.url)`, so the .wasm copied beside the bundle is found. The
// engine must answer once the import resolves, with no request to any other origin.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { installTarball, packTarball, REPO_ROOT } from '../package/install.mjs';
import { startSession } from './harness.mjs';

/** The app: what a page does with the package, its result left in the body for the test. */
const APP = `
import { audit, check, checkMany, crawlers, parse } from 'robots-lens';
const text = 'User-agent: *\\nDisallow: /private\\n\\nUser-agent: GPTBot\\nDisallow: /\\n';
const verdict = check(text, 'Googlebot', 'https://example.com/private/x');
const parsed = parse(text);
document.body.dataset.result = JSON.stringify({
  allowed: verdict.allowed,
  line: verdict.line,
  many: checkMany(parsed, 'GPTBot', ['/', '/a']).map((v) => v.line),
  sitemaps: parsed.sitemaps.length,
  findings: audit('Disallow: /x\\nUser-agent: *\\nDisallow: /y\\n').map((f) => f.code),
  gptbot: crawlers(parsed).find((row) => row.name === 'GPTBot').summary.text,
});
`;

const page = (head, script) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>robots-lens package</title>${head}</head>
<body>${script}</body></html>
`;

const WITHOUT_BUNDLER = page(
  '<script type="importmap">{ "imports": { "robots-lens": "./node_modules/robots-lens/browser.js" } }</script>',
  '<script type="module" src="./app.js"></script>',
);
const BUNDLED = page('', '<script type="module" src="./bundle/app.js"></script>');

let installed;
let session;

before(async () => {
  installed = installTarball(packTarball(), { 'app.js': APP, 'index.html': WITHOUT_BUNDLER, 'bundled.html': BUNDLED });
  execFileSync(
    join(REPO_ROOT, 'node_modules', '.bin', 'esbuild'),
    ['app.js', '--bundle', '--format=esm', '--platform=browser', '--target=es2022', '--outdir=bundle', '--log-level=warning'],
    { cwd: installed.dir, stdio: 'inherit' },
  );
  // esbuild keeps `new URL('./robots_lens_wasm_bg.wasm', import.meta.url)` as written and leaves
  // the asset to the app, as its users do; bundlers such as webpack 5 and Vite emit it.
  mkdirSync(join(installed.dir, 'bundle'), { recursive: true });
  copyFileSync(
    join(installed.dir, 'node_modules', 'robots-lens', 'robots_lens_wasm_bg.wasm'),
    join(installed.dir, 'bundle', 'robots_lens_wasm_bg.wasm'),
  );
  session = await startSession({ root: installed.dir });
});

after(async () => {
  await session?.close();
  installed?.close();
});

const EXPECTED = {
  allowed: false,
  line: 2,
  many: [5, 5],
  sitemaps: 0,
  findings: ['RL301'],
  gptbot: 'blocked from everything',
};

async function resultOf(path) {
  const mark = session.mark();
  await session.goto(path);
  await session.page.waitForFunction(() => document.body.dataset.result, null, { timeout: 30_000 });
  const result = JSON.parse(await session.page.evaluate(() => document.body.dataset.result));
  return { result, requests: session.requestsSince(mark) };
}

test('an app bundled by esbuild resolves the browser entry and gets verdicts', async () => {
  const bundle = readFileSync(join(installed.dir, 'bundle', 'app.js'), 'utf8');
  assert.doesNotMatch(bundle, /node:fs/, 'the bundle holds the browser entry, not the Node one');
  const { result, requests } = await resultOf('/bundled.html');
  assert.deepEqual(result, EXPECTED);
  assert.deepEqual(session.errors, []);
  assert.deepEqual(session.foreignRequests(), []);
  // The browser entry carries the engine inline (issue 25): no bundler has a .wasm to copy.
  assert.equal(requests.filter((request) => request.url.endsWith('.wasm')).length, 0);
});

test('a page imports the installed package through an import map and gets verdicts', async () => {
  const { result, requests } = await resultOf('/index.html');
  assert.deepEqual(result, EXPECTED);
  assert.deepEqual(session.errors, []);
  assert.deepEqual(session.foreignRequests(), []);
  const wasm = requests.filter((request) => request.url.endsWith('.wasm'));
  assert.equal(wasm.length, 0, 'the browser entry carries the engine inline (issue 25)');
});
