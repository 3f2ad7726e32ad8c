// Nothing runs that the visitor did not write as text, and nothing leaves the browser.
//
// The XSS corpus puts markup and script payloads in every field the page renders (agent lines,
// patterns, sitemaps, other directives, comments, prose, the agent and URL inputs, an opened
// file's name, a share link) and checks that each is shown as text and never runs. The request
// recorder wraps every way a page can send something (fetch, XMLHttpRequest, sendBeacon,
// WebSocket, EventSource, prefetch and preload links, service worker and worker scripts) and,
// with the browser's own log of every request (the page's, its workers' and its service
// worker's), checks after a full session that each one stayed on the page's origin.
//
// Run: node --test tests/browser/privacy.test.mjs   (after `npm run build`)

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { deflateRawSync } from 'node:zlib';

import { expectVerdict, launchBrowser, settled, startSession } from './harness.mjs';

const WAIT_MS = 20_000;

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** Payloads that run, load or restyle something if they ever reach the DOM as markup. */
const PAYLOADS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=2</script>',
  '<svg onload="window.__pwned=3"></svg>',
  'javascript:window.__pwned=4',
  '<iframe srcdoc="<script>parent.__pwned=5</script>"></iframe>',
  '"><b onmouseover="window.__pwned=6">x</b>',
  "'><a href=\"javascript:window.__pwned=7\">link</a>",
  '<style>body{display:none}</style>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=8">',
  '${window.__pwned=9}{{constructor.constructor("window.__pwned=10")()}}',
  '<object data="data:text/html,<script>parent.__pwned=11</script>"></object>',
  '<link rel=prefetch href="https://attacker.example/leak">',
];

/** A robots.txt with every payload in every kind of line the page renders. */
function hostileFile() {
  const lines = ['# comment ' + PAYLOADS.join(' ')];
  PAYLOADS.forEach((payload, index) => {
    lines.push(`User-agent: bot${index}${payload}`);
    lines.push(`Disallow: /p${index}/${payload}`);
    lines.push(`Allow: /${payload}`);
    lines.push(`Sitemap: https://example.com/${payload}`);
    lines.push(`X-${index}: ${payload}`);
    lines.push(`Disalow: /${payload}`);
    lines.push(payload);
  });
  lines.push('User-agent: *', `Disallow: /${PAYLOADS[0]}`, '');
  return lines.join('\n');
}

/** Counts what markup would have created, so a test can see that nothing was. */
function injected(page) {
  return page.evaluate(() => ({
    pwned: window.__pwned ?? null,
    elements: document.querySelectorAll(
      'img:not([src^="data:"]), iframe, object, embed, svg:not([aria-hidden]), math, b, style:not([data-page]), script:not([src]), link[rel=prefetch]',
    ).length,
    hidden: getComputedStyle(document.body).display === 'none',
  }));
}

test('markup in every rendered field, the file name and a share link is shown as text', async () => {
  const session = await startSession({ browser });
  try {
    const { page } = session;
    await session.goto('/');
    await settled(page, { timeout: WAIT_MS });
    const baseline = await injected(page);

    const text = hostileFile();
    await page.setInputFiles('#file-input', {
      name: `${PAYLOADS[0]}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(text),
    });
    await page.waitForFunction(() => document.querySelector('#file-notes').textContent.includes('onerror'), null, {
      timeout: WAIT_MS,
    });
    await page.fill('#agent', PAYLOADS[2]);
    await page.fill('#url', `/p0/${PAYLOADS[1]}`);
    await settled(page, { regions: ['#result'], orNoVerdict: true, timeout: WAIT_MS });
    await page.waitForSelector('#audit[aria-busy="false"] #audit-summary', { timeout: WAIT_MS });
    // The payloads reached every part as text.
    for (const where of ['#file-notes', '#groups', '#sitemaps', '#directives', '#line-notes', '#audit', '#file-view']) {
      assert.ok((await page.textContent(where)).includes('<img src=x onerror'), `${where} shows the payload as text`);
    }

    // A share link carrying the payloads in the text, the agent and the URL.
    const state = { v: 1, text, agent: PAYLOADS[5], url: `/${PAYLOADS[3]}`, crawler: PAYLOADS[4], status: PAYLOADS[6] };
    const link = `${session.baseUrl}#share=${deflateRawSync(Buffer.from(JSON.stringify(state))).toString('base64url')}`;
    await page.goto(link);
    await settled(page, { timeout: WAIT_MS });
    await page.waitForFunction((agent) => document.querySelector('#agent').value === agent, PAYLOADS[5], { timeout: WAIT_MS });
    await settled(page, { regions: ['#result'], orNoVerdict: true, timeout: WAIT_MS });

    assert.deepEqual(await injected(page), baseline);
    const strays = session.requests.filter((request) => /\/x$|attacker/.test(request.url));
    assert.deepEqual(strays, []);
    assert.deepEqual(session.foreignRequests(), []);
    assert.deepEqual(session.errors, []);
  } finally {
    await session.close();
  }
});

/** Installed before the page's scripts: records every attempt to send or load something. */
function recordSends() {
  const calls = [];
  window.__sends = calls;
  const record = (api, url) => calls.push({ api, url: String(url) });
  const originalFetch = window.fetch;
  window.fetch = function fetch(input, init) {
    record('fetch', input instanceof Request ? input.url : input);
    return originalFetch.call(this, input, init);
  };
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    record('xhr', url);
    return open.call(this, method, url, ...rest);
  };
  const beacon = navigator.sendBeacon?.bind(navigator);
  if (beacon) navigator.sendBeacon = (url, data) => (record('beacon', url), beacon(url, data));
  for (const name of ['WebSocket', 'EventSource', 'Worker', 'SharedWorker']) {
    const Original = window[name];
    if (!Original) continue;
    window[name] = class extends Original {
      constructor(url, ...rest) {
        record(name, url);
        super(url, ...rest);
      }
    };
  }
  const register = navigator.serviceWorker?.register.bind(navigator.serviceWorker);
  if (register) navigator.serviceWorker.register = (url, options) => (record('serviceWorker', url), register(url, options));
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (node instanceof HTMLLinkElement && /prefetch|preload|preconnect|dns-prefetch|modulepreload/.test(node.rel)) {
          record(`link-${node.rel}`, node.href);
        }
      }
    }
  }).observe(document, { subtree: true, childList: true });
}

test('a whole session sends nothing anywhere: every request, of every kind, stays on the page', async () => {
  const session = await startSession({ browser });
  try {
    const { page, context } = session;
    await context.addInitScript(recordSends);
    await session.goto('/');
    await settled(page, { timeout: WAIT_MS });
    const origin = new URL(session.baseUrl).origin;

    // What a visitor does: paste, check, open a file, load an example, share, self-test, reload.
    await page.fill('#robots', 'User-agent: *\nDisallow: /private/\nSitemap: https://elsewhere.example/sitemap.xml\n');
    await page.fill('#agent', 'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)');
    await page.fill('#url', 'https://shop.example/private/cart?id=1');
    await expectVerdict(page, 'disallowed', 2);
    await page.setInputFiles('#file-input', { name: 'robots.txt', mimeType: 'text/plain', buffer: Buffer.from('User-agent: *\nAllow: /\n') });
    await page.selectOption('#example-select', 'mistakes');
    await page.click('#load-example');
    await page.click('#copy-link');
    await page.waitForSelector('[data-share-link]', { timeout: WAIT_MS });
    await page.click('#selftest-run');
    await page.waitForSelector('#selftest-summary[data-state="passed"]', { timeout: 120_000 });
    await page.evaluate(() => navigator.serviceWorker.ready);
    const beforeReload = await page.evaluate(() => window.__sends);
    await page.reload();
    await settled(page, { timeout: WAIT_MS });
    await page.fill('#url', '/after/reload');
    await settled(page, { regions: ['#result'], orNoVerdict: true, timeout: WAIT_MS });

    await page.evaluate(() => navigator.serviceWorker.ready);
    const sends = [...beforeReload, ...(await page.evaluate(() => window.__sends))];
    const kinds = new Set(sends.map((send) => send.api));
    for (const never of ['beacon', 'WebSocket', 'EventSource', 'xhr', 'SharedWorker']) assert.ok(!kinds.has(never), `${never} was used`);
    const elsewhere = sends.filter((send) => new URL(send.url, session.baseUrl).origin !== origin);
    assert.deepEqual(elsewhere, []);
    assert.ok(kinds.has('Worker') && kinds.has('serviceWorker') && kinds.has('fetch'), [...kinds].join());

    // The browser's own log: the page, its workers and its service worker, all on this origin.
    assert.ok(session.requests.some((request) => request.url.endsWith('/sw.js')), 'the service worker script was fetched');
    assert.ok(session.requests.length > 40, `${session.requests.length} requests`);
    assert.deepEqual(session.foreignRequests(), []);
    assert.deepEqual(session.errors, []);
  } finally {
    await session.close();
  }
});
