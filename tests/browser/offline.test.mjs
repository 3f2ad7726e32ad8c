// Offline: once the page has run, its service worker (sw.js) keeps its own files, so a reload
// and a new tab work with the server gone; the cache is versioned by the build and replaced by
// the next one, and it holds nothing from another origin.
//
// Run: node --test tests/browser/offline.test.mjs   (after `npm run build`)

import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { REPO_ROOT, expectVerdict, launchBrowser, settled, startSession } from './harness.mjs';

const WAIT_MS = 20_000;

let browser;
/** A copy of what the site serves, so a test can make a "new build" of it. */
let site;

before(async () => {
  browser = await launchBrowser();
  site = mkdtempSync(join(tmpdir(), 'robots-lens-site-'));
  for (const path of ['index.html', 'sw.js', 'www', 'tests/vectors']) cpSync(join(REPO_ROOT, path), join(site, path), { recursive: true });
});

after(async () => {
  await browser?.close();
  if (site) rmSync(site, { recursive: true, force: true });
});

/** Waits until the page's service worker is active, its files cached; returns the cache names. */
async function waitForServiceWorker(page) {
  return page.evaluate(
    (timeout) =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => caches.keys()),
        new Promise((_, reject) => setTimeout(() => reject(new Error('no active service worker')), timeout)),
      ]),
    WAIT_MS,
  );
}

function firstVerdict(page) {
  return settled(page, { timeout: WAIT_MS });
}

test('with the server gone, a reload and a new tab still check, from the cached files', async () => {
  const session = await startSession({ browser, root: site });
  try {
    const { page } = session;
    await session.goto('/');
    await firstVerdict(page);
    const [cacheName, ...others] = await waitForServiceWorker(page);
    assert.deepEqual(others, []);
    const version = readFileSync(join(site, 'www/pkg/precache.js'), 'utf8').match(/"version": "([0-9a-f]+)"/)[1];
    assert.equal(cacheName, `robots-lens-${version}`);
    await page.fill('#robots', 'User-agent: *\nDisallow: /offline/\n');
    await page.fill('#url', '/offline/page');
    await expectVerdict(page, 'disallowed', 2);

    await session.server.close();
    await page.reload();
    await firstVerdict(page);
    assert.equal(await page.inputValue('#robots'), 'User-agent: *\nDisallow: /offline/\n');
    await page.fill('#url', '/online/page');
    await expectVerdict(page, 'allowed', null);

    const tab = await session.context.newPage();
    await tab.goto(session.baseUrl, { waitUntil: 'load' });
    await firstVerdict(tab);
    await tab.fill('#robots', 'User-agent: *\nDisallow: /\n');
    await tab.fill('#url', '/any');
    await expectVerdict(tab, 'disallowed', 2);
    // The panels below the verdict and the self-test's vectors come from the cache as well.
    await tab.click('#selftest-run');
    await tab.waitForSelector('#selftest-summary[data-state="passed"]', { timeout: 120_000 });

    // Every cached response is the page's own.
    const cached = await tab.evaluate(async () => {
      const urls = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    const origin = new URL(session.baseUrl).origin;
    assert.ok(cached.length > 20, `${cached.length} cached files`);
    assert.deepEqual(cached.filter((url) => new URL(url).origin !== origin), []);
    assert.deepEqual(session.foreignRequests(), []);
  } finally {
    await session.close();
  }
});

test('a new build installs a new cache and drops the old one', async () => {
  const session = await startSession({ browser, root: site });
  try {
    const { page } = session;
    await session.goto('/');
    await firstVerdict(page);
    const [before] = await waitForServiceWorker(page);

    // A new build: scripts/precache.mjs writes another version.
    const precache = join(site, 'www/pkg/precache.js');
    const original = readFileSync(precache, 'utf8');
    writeFileSync(precache, original.replace(/"version": "([0-9a-f]+)"/, '"version": "0000000000000000"'));
    try {
      await page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.update()));
      await page.waitForFunction(async () => (await caches.keys()).join() === 'robots-lens-0000000000000000', null, {
        timeout: WAIT_MS,
        polling: 200,
      });
      assert.notEqual(before, 'robots-lens-0000000000000000');
    } finally {
      writeFileSync(precache, original);
    }
  } finally {
    await session.close();
  }
});
