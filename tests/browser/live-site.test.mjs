// The page's "Check a live site" (www/panels/live-site.js) in Chromium, served by `robots-lens
// serve` (the workspace's debug build, serving the checkout with --root) against the sites of
// tests/live/server.py on 127.0.0.1: for 200, a redirect chain, 404, 429, 503, an HTML page, gzip
// and a server that never answers, the file the crawler is served goes into the editor, the
// served status into the status picker, and the verdict and the crawler table follow it as the
// engine answers them. The browser itself never contacts a site (the harness would see it): the
// fetch is the server's. On a static host the field says how to get the check and sends nothing.
//
// Run: node --test tests/browser/live-site.test.mjs   (after `npm run build`)

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, test } from 'node:test';

import { launchBrowser, pasteInto, REPO_ROOT, settled, startSession, WAIT_MS, withPage } from './harness.mjs';

/** The serve command's fetch timeout: the server that never answers costs this much. */
const TIMEOUT_SECONDS = '2';
const MINE = 'User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /cart/\n';

let browser;
let live;
let ports;
let serve;

/** Starts `robots-lens serve --port 0 --root REPO_ROOT`; resolves `{ url, close }`. */
async function startServe() {
  execFileSync('cargo', ['build', '--quiet', '-p', 'robots-lens-cli'], { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  const child = spawn(
    join(REPO_ROOT, 'target/debug/robots-lens'),
    ['serve', '--port', '0', '--root', REPO_ROOT, '--timeout', TIMEOUT_SECONDS],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const first = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`robots-lens serve exited with ${code}`)));
  });
  child.stdout.resume();
  const url = /^Robots Lens: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(first)?.[1];
  assert.ok(url, first);
  return { url, close: async () => child.kill() };
}

before(async () => {
  live = spawn('python3', [join(REPO_ROOT, 'tests/live/server.py')], { stdio: ['pipe', 'pipe', 'inherit'] });
  ports = JSON.parse(await new Promise((resolve) => createInterface({ input: live.stdout }).once('line', resolve))).ports;
  [serve, browser] = await Promise.all([startServe(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await serve?.close();
  live?.stdin.end();
  setTimeout(() => live?.kill(), 3000).unref();
});

const site = (name, path) => `http://127.0.0.1:${ports[name]}${path}`;

/** Types `address`, picks `crawler` and fetches, as a person does; waits for the page to answer. */
async function fetchLive(page, address, crawler) {
  await pasteInto(page, '#site', address);
  await page.selectOption('#site-crawler', crawler);
  await page.click('#site-fetch');
  await page.waitForFunction(
    () => !['', 'fetching'].includes(document.querySelector('#site-status').dataset.status),
    null,
    { timeout: WAIT_MS },
  );
  await settled(page, { regions: ['#result', '#crawlers'] });
  // The refresh the fetch scheduled has run: the verdict is for the address fetched.
  await page.waitForFunction((url) => document.querySelector('#url').value === url, new URL(address).href.replace(/#.*/, ''));
  await settled(page, { regions: ['#result', '#crawlers'] });
}

/** What the page shows after a fetch. */
function shown(page) {
  return page.evaluate(() => {
    const status = document.querySelector('#site-status');
    const rows = [...document.querySelectorAll('#crawler-table tr[data-crawler]')];
    return {
      status: status.dataset.status,
      finalUrl: status.dataset.finalUrl ?? null,
      cut: status.dataset.cut ?? null,
      report: status.textContent,
      text: document.querySelector('#robots').value,
      url: document.querySelector('#url').value,
      crawler: document.querySelector('#crawler-select').value,
      picked: document.querySelector('#status-select').value,
      verdict: document.querySelector('#verdict').dataset.verdict,
      line: document.querySelector('#verdict').dataset.line,
      explanation: document.querySelector('#status-explanation').textContent,
      rows: rows.length,
      disallowedRows: rows.filter((row) => row.dataset.verdict === 'disallowed').length,
    };
  });
}

test('a live site is read through robots-lens serve: the file served, its status, every verdict', async () => {
  const session = await startSession({
    browser,
    server: serve,
    contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] },
  });
  try {
    const { page } = session;
    await session.goto('/');
    await settled(page, { regions: ['#result'] });
    // The visitor's own file, which a fetch keeps to compare with.
    await pasteInto(page, '#robots', MINE);
    await settled(page, { regions: ['#result'] });
    await page.waitForSelector('#site-crawler:not([disabled])', { timeout: WAIT_MS });

    // The site serves GPTBot a group before the file everyone else gets (a CDN's managed file).
    await fetchLive(page, site('text', '/private/x'), 'GPTBot');
    let now = await shown(page);
    assert.equal(now.status, '200');
    assert.ok(now.text.startsWith('User-agent: GPTBot\nDisallow: /\n'), now.text);
    assert.equal(now.url, site('text', '/private/x'));
    assert.equal(now.crawler, 'GPTBot');
    assert.deepEqual([now.verdict, now.line], ['disallowed', '2']);
    assert.match(now.report, /robots\.txt, fetched as GPTBot/);
    // "Compare with my file": the visitor's file before the served one; GPTBot's verdicts flip.
    await page.click('#site-compare');
    await page.waitForFunction(() => Number(document.querySelector('#diff-results').dataset.flips) > 0, null, { timeout: WAIT_MS });
    assert.match(await page.textContent('#diff-results'), /GPTBot/);
    assert.equal(await page.inputValue('#robots-compare'), MINE);

    // Two redirects, then the file: the chain and the final URL are shown, the verdict is the file's.
    await fetchLive(page, site('r2', '/cart/x'), 'Googlebot');
    now = await shown(page);
    assert.equal(now.status, '301>302>200');
    assert.equal(now.picked, '301>302>200');
    assert.equal(now.finalUrl, site('text', '/robots.txt'));
    assert.deepEqual([now.verdict, now.line], ['disallowed', '5']);

    // No file: a 404 allows everything; a 503 and, for Google, a 429 disallow everything; an
    // HTML page has no rules. The crawler table answers with the same status.
    for (const [name, crawler, verdict] of [
      ['s404', 'Googlebot', 'allowed'],
      ['s503', 'Googlebot', 'disallowed'],
      ['s429', 'Googlebot', 'disallowed'],
      ['html', 'Bingbot', 'allowed'],
    ]) {
      await fetchLive(page, site(name, '/private/x'), crawler);
      now = await shown(page);
      const status = name === 'html' ? 'html' : name.slice(1);
      assert.equal(now.status, status, name);
      assert.equal(now.picked, status, name);
      assert.equal(now.verdict, verdict, name);
      assert.equal(now.line, '', `${name}: no line decides, the status does`);
      assert.ok(now.rows > 10, name);
      if (name === 's503') assert.equal(now.disallowedRows, now.rows, '503: every crawler is disallowed');
      if (name === 's404') assert.equal(now.disallowedRows, 0, '404: no crawler is disallowed');
      if (name === 'html') assert.match(now.report, /HTML page/);
      else assert.equal(now.text, '', `${name}: no file, an empty editor`);
    }

    // A gzip body is decoded; a server that never answers ends at the command's timeout.
    await fetchLive(page, site('gzip', '/'), 'Googlebot');
    now = await shown(page);
    assert.equal(now.status, '200');
    assert.ok(now.text.startsWith('User-agent: *\nDisallow: /private/'), now.text);
    await fetchLive(page, site('silent', '/private/x'), 'Googlebot');
    now = await shown(page);
    assert.equal(now.status, 'unreachable');
    assert.equal(now.verdict, 'disallowed');
    assert.match(now.report, /No answer came in time/);

    assert.deepEqual(session.foreignRequests(), [], 'the browser never contacted a site itself');
    assert.deepEqual(session.errors, []);
  } finally {
    await session.close();
  }
});

test('on a static host the field says how to check a live site, and sends nothing', () =>
  withPage(
    browser,
    async (page, session) => {
      assert.ok(await page.isVisible('#site-hint-static'));
      assert.ok(!(await page.isVisible('#site-hint-live')));
      await page.waitForSelector('#site-crawler:not([disabled])', { timeout: WAIT_MS });
      // The service worker has kept the page's files (its requests are its own, not the field's).
      await page.evaluate(() => navigator.serviceWorker.ready);
      const mark = session.mark();
      await pasteInto(page, '#site', 'https://shop.example/cart/x');
      await page.selectOption('#site-crawler', 'Googlebot');
      await page.click('#site-fetch');
      await page.waitForSelector('#site-status[data-status="static"]', { timeout: WAIT_MS });
      const report = await page.textContent('#site-status');
      assert.match(report, /npx robots-lens serve/);
      assert.match(report, /robots-lens fetch "https:\/\/shop\.example\/cart\/x" --as Googlebot -o robots\.txt/);
      assert.deepEqual(session.requestsSince(mark), [], 'no request at all');
    },
    { contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } },
  ));
