// Tests of the browser harness itself, on small fixture pages: that it records
// and blocks requests to other origins, reports page errors, runs axe under a
// strict Content-Security-Policy, waits for a settled verdict, and leaves nothing
// running after close().
//
// Run: node --test tests/browser/harness.test.mjs

import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import {
  expectVerdict,
  launchBrowser,
  runAxe,
  seriousViolations,
  startSession,
} from './harness.mjs';

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";

const FILES = {
  // No CSP here, so the page really attempts requests elsewhere.
  'index.html': `<!doctype html><html lang="en"><title>fixture</title>
    <img src="https://tracker.invalid/pixel.gif" alt="">
    <p id="status">loading</p><button id="load">Load</button>
    <script type="module" src="app.js"></script></html>`,
  'app.js': `
    const status = document.querySelector('#status');
    fetch('https://cdn.invalid/lib.js').then(
      () => { status.textContent = 'leaked'; },
      () => { status.textContent = 'blocked'; },
    );
    document.querySelector('#load').addEventListener('click', async () => {
      const data = await (await fetch('data.json')).json();
      status.textContent = data.word;
    });
    window.addEventListener('hashchange', () => { throw new Error('boom from the fixture'); });`,
  'data.json': '{"word":"fetched"}',
  'worker.html': `<!doctype html><html lang="en"><title>worker</title><p id="status">loading</p>
    <script type="module" src="worker-page.js"></script></html>`,
  'worker-page.js': `
    const worker = new Worker('worker.js', { type: 'module' });
    worker.onmessage = (event) => { document.querySelector('#status').textContent = event.data; };`,
  'worker.js': `
    const own = await (await fetch('data.json')).json();
    const foreign = await fetch('https://worker.invalid/beacon').then(() => 'leaked', () => 'blocked');
    postMessage(own.word + ' ' + foreign);`,
  'strict.html': `<!doctype html><html lang="en"><head><meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="${CSP}"><title>strict</title></head>
    <body><main><h1>Strict</h1><img src="missing.png"></main></body></html>`,
  'clean.html': `<!doctype html><html lang="en"><head><meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="${CSP}"><title>clean</title></head>
    <body><main><h1>Clean</h1><label>Agent <input id="agent"></label></main></body></html>`,
  // The page's verdict hooks: the verdict lands first, the regions settle after it.
  'verdict.html': `<!doctype html><html lang="en"><title>verdict</title>
    <div id="result" aria-busy="true"><p id="verdict" data-verdict="" data-line=""></p></div>
    <div id="table" aria-busy="true"></div>
    <script type="module" src="verdict.js"></script></html>`,
  'verdict.js': `
    const verdict = document.querySelector('#verdict');
    setTimeout(() => { verdict.dataset.verdict = 'disallowed'; verdict.dataset.line = '3'; }, 50);
    setTimeout(() => document.querySelector('#result').setAttribute('aria-busy', 'false'), 150);`,
};

let root;
let browser;

before(async () => {
  root = await mkdtemp(join(tmpdir(), 'robots-lens-harness-'));
  for (const [name, content] of Object.entries(FILES)) {
    await writeFile(join(root, name), content);
  }
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await rm(root, { recursive: true, force: true });
});

test('records every request and blocks other origins', async () => {
  const session = await startSession({ root, browser });
  try {
    await session.goto('/');
    await session.page.locator('#status', { hasText: 'blocked' }).waitFor();

    const foreign = session.foreignRequests().map((request) => request.url).sort();
    assert.deepEqual(foreign, ['https://cdn.invalid/lib.js', 'https://tracker.invalid/pixel.gif']);
    const own = session.requests.filter((request) => request.sameOrigin).map((request) => new URL(request.url).pathname);
    assert.deepEqual(own.slice(0, 2), ['/', '/app.js']);

    const mark = session.mark();
    await session.page.click('#load');
    await session.page.locator('#status', { hasText: 'fetched' }).waitFor();
    const later = session.requestsSince(mark);
    assert.equal(later.length, 1);
    assert.equal(new URL(later[0].url).pathname, '/data.json');
    assert.equal(later[0].resourceType, 'fetch');
    assert.deepEqual(session.errors, []);
  } finally {
    await session.close();
  }
});

test('records and blocks the requests of workers too', async () => {
  const session = await startSession({ root, browser });
  try {
    await session.goto('/worker.html');
    await session.page.locator('#status', { hasText: 'fetched blocked' }).waitFor();
    const paths = session.requests.filter((request) => request.sameOrigin).map((request) => new URL(request.url).pathname);
    assert.deepEqual(paths, ['/worker.html', '/worker-page.js', '/worker.js', '/data.json']);
    assert.deepEqual(
      session.foreignRequests().map((request) => request.url),
      ['https://worker.invalid/beacon'],
    );
  } finally {
    await session.close();
  }
});

test('collects uncaught page errors', async () => {
  const session = await startSession({ root, browser });
  try {
    await session.goto('/');
    await session.page.evaluate(() => {
      window.location.hash = 'x';
    });
    await waitUntil(() => session.errors.length > 0);
    assert.match(session.errors.join('\n'), /boom from the fixture/);
  } finally {
    await session.close();
  }
});

test('expectVerdict waits for the verdict and for the page to settle, and says what it found', async () => {
  const session = await startSession({ root, browser });
  try {
    await session.goto('/verdict.html');
    await expectVerdict(session.page, 'disallowed', 3);
    assert.equal(await session.page.getAttribute('#result', 'aria-busy'), 'false');
    await assert.rejects(
      expectVerdict(session.page, 'allowed', null, { timeout: 300 }),
      /expected #verdict allowed line , found disallowed line 3/,
    );
    // A region that never settles keeps even the right verdict from counting.
    await assert.rejects(
      expectVerdict(session.page, 'disallowed', 3, { settledRegions: ['#result', '#table'], timeout: 300 }),
      /found disallowed line 3/,
    );
  } finally {
    await session.close();
  }
});

test('runs axe under a strict Content-Security-Policy', async () => {
  const session = await startSession({ root, browser });
  try {
    await session.goto('/strict.html');
    const strict = seriousViolations(await runAxe(session.page));
    assert.deepEqual(
      strict.map((violation) => violation.id),
      ['image-alt'],
    );
    assert.deepEqual(strict[0].targets, ['img']);

    await session.goto('/clean.html');
    assert.deepEqual(seriousViolations(await runAxe(session.page)), []);
    assert.deepEqual(session.foreignRequests(), []);
  } finally {
    await session.close();
  }
});

test('close() stops the server and the browser it launched', async () => {
  const session = await startSession({ root });
  await session.goto('/');
  const { baseUrl, browser: launched } = session;
  await session.close();
  assert.equal(launched.isConnected(), false);
  await assert.rejects(fetch(baseUrl), /fetch failed/);
  await session.close(); // a second close is harmless
});

async function waitUntil(condition, { timeoutMs = 5_000, intervalMs = 20 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
