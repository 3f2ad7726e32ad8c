// "Did bots obey?" in a real browser: a 200 MB access log made in the page (never on disk) is
// replayed in the logs worker against the file in the editor and a dated second version, read a
// chunk at a time, with no main-thread task over 100 ms and no request but the page's own files;
// the figures are those the same wasm package gives in Node for the same lines. A small gzip'd log
// with impersonators and lines that are not log lines shows them, and the disallowed requests
// download as CSV. The replay's speed in the page is printed, never asserted.
//
// Run: node --test tests/browser/logs.test.mjs   (after `npm run build`)

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { launchBrowser, pasteInto, withPage } from './harness.mjs';
import { wasmPackage } from '../node/wasm.mjs';
import { generateLog, ROBOTS_AFTER, ROBOTS_BEFORE, ROBOTS_SWITCH } from '../logs/generate.mjs';

/** The big log: one block of generated lines, repeated until it weighs this much. */
const LOG_BYTES = 200 * 1024 * 1024;
const BLOCK_LINES = 40_000;
const REPLAY_MS = 180_000;

const PAGE = { contextOptions: { acceptDownloads: true, permissions: ['clipboard-read', 'clipboard-write'] } };

let browser;
let block;
let blockReport;

before(async () => {
  browser = await launchBrowser();
  block = [...generateLog({ lines: BLOCK_LINES, seed: 7 })].join('');
  const { LogReplay } = await wasmPackage('logs');
  const replay = new LogReplay(['above', 'after'], [ROBOTS_BEFORE, ROBOTS_AFTER], ['', ROBOTS_SWITCH], ['', ''], {}, 'auto', '');
  replay.feed(new TextEncoder().encode(block), 0);
  replay.finish(0);
  blockReport = replay.report();
  replay.free();
});

after(async () => {
  await browser?.close();
});

/** Puts `files` (made in the page by `make`) into the input `selector`, as opening them would. */
async function open(page, selector, make, arg) {
  await page.evaluate(
    async ({ selector, make, arg }) => {
      const files = await new Function('arg', `return (${make})(arg)`)(arg);
      const transfer = new DataTransfer();
      for (const file of files) transfer.items.add(file);
      const input = document.querySelector(selector);
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    { selector, make: make.toString(), arg },
  );
}

async function addDatedVersion(page) {
  await open(page, '#logs-version-file', (text) => [new File([text], 'robots-after.txt')], ROBOTS_AFTER);
  await page.waitForSelector('.logs-version input[type="datetime-local"]');
  await page.fill('.logs-version input[type="datetime-local"]', ROBOTS_SWITCH.slice(0, 19));
}

test('a 200 MB log is replayed in the worker without a long task or a request elsewhere', async () => {
  await withPage(
    browser,
    async (page, session) => {
      await pasteInto(page, '#robots', ROBOTS_BEFORE);
      await addDatedVersion(page);
      // The log is made in the page: one block, repeated, as Blob parts (nothing on disk).
      const repeats = Math.ceil(LOG_BYTES / Buffer.byteLength(block));
      await open(page, '#logs-file', ({ block, repeats }) => [new File(Array(repeats).fill(block), 'access.log')], { block, repeats });
      await page.waitForSelector('#logs-run:not([disabled])');
      await page.evaluate(() => {
        window.longTasks = [];
        new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((entry) => entry.duration))).observe({ type: 'longtask' });
      });
      const mark = session.mark();
      const started = Date.now();
      await page.click('#logs-run');
      await page.waitForSelector('#logs-results[data-state="done"]', { state: 'attached', timeout: REPLAY_MS });
      const seconds = (Date.now() - started) / 1000;
      const shown = await page.evaluate(() => {
        const results = document.querySelector('#logs-results');
        return {
          requests: Number(results.dataset.requests),
          disallowed: Number(results.dataset.disallowed),
          rows: [...document.querySelectorAll('#logs-table tbody tr[data-claim]')].map((row) => [row.dataset.crawler, row.dataset.claim, Number(row.dataset.disallowed)]),
          charts: document.querySelectorAll('#logs-table svg.logs-timeline').length,
          longTasks: window.longTasks,
        };
      });
      // The block's rows, each count times the repeats (pace, which the repeats' times change,
      // may order crawlers without disallowed requests otherwise: compared as sets).
      const expected = blockReport.crawlers.map((row) => [row.crawler ?? '', row.claim, row.disallowed * repeats]);
      const sorted = (rows) => rows.map((row) => JSON.stringify(row)).sort();
      assert.deepEqual(sorted(shown.rows), sorted(expected));
      assert.deepEqual(shown.rows.at(-1), expected.at(-1), 'unknown agents last');
      assert.equal(shown.requests, blockReport.requests * repeats);
      assert.equal(shown.charts, expected.length, 'a timeline for every row');
      assert.deepEqual(shown.longTasks.filter((duration) => duration > 100), [], 'no main-thread task over 100 ms');
      // Nothing but the page's own files was asked for while replaying: the logs engine's worker
      // and module, read with GET from the page's origin; the log itself never left.
      for (const request of session.requestsSince(mark)) {
        assert.equal(request.method, 'GET', request.url);
        assert.ok(request.sameOrigin, request.url);
      }
      const lines = BLOCK_LINES * repeats;
      console.log(`# replayed ${(lines / 1e6).toFixed(2)}M lines (${Math.round((Buffer.byteLength(block) * repeats) / 1e6)} MB) in ${seconds.toFixed(1)} s: ${Math.round(lines / seconds).toLocaleString('en')} lines/s in the page`);
    },
    { ...PAGE },
  );
});

test('a gzip\'d log shows impersonators and unreadable lines, and the disallowed requests download as CSV', async () => {
  const log = [
    '20.171.206.7 - - [28/Feb/2026:10:00:00 +0000] "GET /private/a HTTP/1.1" 200 5 "-" "GPTBot/1.2"',
    '198.51.100.23 - - [02/Mar/2026:10:00:00 +0000] "GET /x HTTP/1.1" 200 5 "-" "GPTBot/1.2"',
    '<script>alert(1)</script> not a log line',
    '20.171.206.7 - - [02/Mar/2026:10:00:05 +0000] "GET /=HYPERLINK(1) HTTP/1.1" 200 5 "-" "GPTBot/1.2"',
  ].join('\n');
  await withPage(
    browser,
    async (page) => {
      await pasteInto(page, '#robots', ROBOTS_BEFORE);
      await addDatedVersion(page);
      await open(
        page,
        '#logs-file',
        async (text) => {
          const gzip = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
          return [new File([await new Response(gzip).blob()], 'access.log.1')];
        },
        log,
      );
      await page.click('#logs-run');
      await page.waitForSelector('#logs-results[data-state="done"]', { state: 'attached' });
      const rows = await page.$$eval('#logs-table tbody tr[data-claim]', (trs) => trs.map((tr) => [tr.dataset.crawler, tr.dataset.claim, tr.dataset.disallowed]));
      assert.deepEqual(rows, [
        ['GPTBot', 'crawler', '2'],
        ['GPTBot', 'impersonator', '1'],
      ]);
      assert.equal(await page.getAttribute('#logs-unreadable', 'data-count'), '1');
      // The log's text is shown as text: no element was made from it.
      assert.equal(await page.$$eval('#logs-results script', (scripts) => scripts.length), 0);
      assert.match(await page.textContent('#logs-results'), /<script>alert\(1\)<\/script>/);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#logs-download')]);
      const csv = await (await download.createReadStream()).toArray();
      const text = Buffer.concat(csv).toString('utf8');
      assert.match(text, /^file,line,time,ip,agent,crawler,verified,host,url,version,deciding_line\n/);
      assert.equal(text.trim().split('\n').length, 4, text);
      assert.match(text, /,'\/=HYPERLINK|,\/=HYPERLINK/);
    },
    { ...PAGE },
  );
});
