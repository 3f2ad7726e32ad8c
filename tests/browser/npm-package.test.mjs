// The npm package in a browser without a bundler: the packed tarball installed into an empty
// folder, served as a static site, and imported by a page through an import map, as the
// package's README tells. The engine must answer once the import resolves, from the .wasm file
// beside the module, with no request to any other origin.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { installTarball, packTarball } from '../package/install.mjs';
import { startSession } from './harness.mjs';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>robots-lens package</title>
<script type="importmap">{ "imports": { "robots-lens": "./node_modules/robots-lens/browser.js" } }</script>
</head><body>
<script type="module">
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
</script>
</body></html>
`;

let installed;
let session;

before(async () => {
  installed = installTarball(packTarball(), { 'index.html': PAGE });
  session = await startSession({ root: installed.dir });
});

after(async () => {
  await session?.close();
  installed?.close();
});

test('a page imports the installed package through an import map and gets verdicts', async () => {
  await session.goto('/index.html');
  await session.page.waitForFunction(() => document.body.dataset.result, null, { timeout: 30_000 });
  const result = JSON.parse(await session.page.evaluate(() => document.body.dataset.result));
  assert.deepEqual(result, {
    allowed: false,
    line: 2,
    many: [5, 5],
    sitemaps: 0,
    findings: ['RL301'],
    gptbot: 'blocked from everything',
  });
  assert.deepEqual(session.errors, []);
  assert.deepEqual(session.foreignRequests(), []);
  const wasm = session.requests.filter((request) => request.url.endsWith('/node_modules/robots-lens/robots_lens_wasm_bg.wasm'));
  assert.equal(wasm.length, 1, 'the engine is fetched once, from beside the module');
});
