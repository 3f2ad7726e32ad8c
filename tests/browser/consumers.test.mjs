// Every consumer's reading of every line (issue 36), in a real browser: the file pasted as a
// person pastes it, the consumers' panel opened, and then
// - each row of marks beside the annotated file says, consumer by consumer, what
//   `robots-lens consumers FILE --format json` says for that line;
// - the summary's sentence leads to its consumer's lines, and the filter lists the lines one
//   consumer ignores, each as the command says;
// - an opened line shows each consumer's reading, Lighthouse's in its own words, Search
//   Console's said to be inferred; axe finds nothing serious in the open panel;
// - the audit's findings name the consumers `robots-lens lint --format json` names;
// - at a phone's width the marks stay on screen and the page does not scroll sideways.
//
// Run: node --test tests/browser/consumers.test.mjs   (after `npm run build`)

import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { REPO_ROOT, VIEWPORTS, launchBrowser, pasteInto, runAxe, seriousViolations, settled, withPage } from './harness.mjs';

const WAIT_MS = 20_000;

/**
 * A file Lighthouse fails (a misspelt key, a relative sitemap), which Python's robotparser reads
 * otherwise (a second `*` record is never consulted) and Google reads without a complaint.
 */
const FILE = [
  'User-agent: *',
  'Disalow: /private/',
  'Crawl-delay: 5',
  'Sitemap: /sitemap.xml',
  '',
  'User-agent: *',
  'Disallow: /tmp/',
  '# the end',
  '',
].join('\n');

const PAGE = {
  settle: { regions: ['#result'] },
  contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] },
};

let browser;
let cli;

before(async () => {
  browser = await launchBrowser();
  cli = {
    consumers: robotsLens(['consumers', '--format', 'json'], FILE),
    lint: robotsLens(['lint', '--no-config', '--format', 'json', '--fail-on', 'never'], FILE),
  };
});

after(async () => {
  await browser?.close();
});

/** `robots-lens ARGS FILE` on `text` (the workspace's debug build), its JSON output parsed. */
function robotsLens(args, text) {
  execFileSync('cargo', ['build', '--quiet', '-p', 'robots-lens-cli'], { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-consumers-'));
  try {
    const path = join(dir, 'robots.txt');
    writeFileSync(path, text);
    const run = spawnSync(join(REPO_ROOT, 'target', 'debug', 'robots-lens'), [args[0], path, ...args.slice(1)], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    if (run.error) throw run.error;
    return JSON.parse(run.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Pastes FILE, opens the consumers' panel and waits for the marks of every row of the file view. */
async function openConsumers(page) {
  await pasteInto(page, '#robots', FILE);
  await settled(page, { regions: ['#result'] });
  await page.click('#consumers > summary');
  await page.waitForFunction(
    () => {
      const rows = [...document.querySelectorAll('#file-view .file-line')];
      return (
        document.querySelector('#consumers')?.getAttribute('aria-busy') === 'false' &&
        rows.length > 0 &&
        rows.every((row) => row.querySelectorAll('.consumer-mark[data-status]').length > 0)
      );
    },
    null,
    { timeout: WAIT_MS },
  );
}

/** Each row's marks: line number -> { consumer: status }. */
function rowMarks(page) {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('#file-view .file-line')].map((row) => [
        row.querySelector('[data-goto-line]').dataset.gotoLine,
        Object.fromEntries([...row.querySelectorAll('.consumer-mark')].map((mark) => [mark.dataset.consumer, mark.dataset.status])),
      ]),
    ),
  );
}

test('the marks beside each line are what `robots-lens consumers --format json` says, and each has a name', async () => {
  await withPage(
    browser,
    async (page) => {
      await openConsumers(page);
      const marks = await rowMarks(page);
      const lighthouseFlagged = cli.consumers.lines.filter((line) => line.readings.lighthouse.status === 'flagged');
      assert.ok(lighthouseFlagged.length > 0, 'the file has a line Lighthouse flags');
      for (const line of cli.consumers.lines) {
        const expected = Object.fromEntries(Object.entries(line.readings).map(([id, reading]) => [id, reading.status]));
        assert.deepEqual(marks[line.line], expected, `line ${line.line}`);
      }
      // Every mark is named for a person who cannot see it: the consumer and what it does.
      const names = await page.$$eval('#file-view .consumer-mark', (all) => all.map((mark) => mark.getAttribute('aria-label')));
      assert.ok(names.every((name) => /^.+: .+/.test(name ?? '')), names.join(' | '));
      const flaggedName = await page.getAttribute(`#file-view [data-line="${lighthouseFlagged[0].line}"] [data-consumer="lighthouse"]`, 'aria-label');
      assert.match(flaggedName, /^Lighthouse: flags the line$/);

      // Opened, a line shows each consumer's reading; Lighthouse's in its own words, untranslated.
      const number = lighthouseFlagged[0].line;
      await page.click(`#file-view .consumer-marks-button[data-line="${number}"]`);
      const words = page.locator(`#consumer-line-${number} dd[data-consumer="lighthouse"] q`);
      await words.waitFor({ timeout: WAIT_MS });
      assert.equal(await words.textContent(), cli.consumers.lines[number - 1].readings.lighthouse.words.text);
      assert.equal(await words.getAttribute('translate'), 'no');
      assert.equal(await page.getAttribute(`#file-view .consumer-marks-button[data-line="${number}"]`, 'aria-expanded'), 'true');
      assert.equal(await page.locator(`#consumer-line-${number} dt`).count(), Object.keys(cli.consumers.summary).length);
      // Search Console's per-line words are inferred from Google's reporter, and say so.
      const inferred = page.locator(`#consumer-line-${number} dd[data-consumer="search-console"] .consumer-own-words`);
      assert.equal(await inferred.getAttribute('data-documented'), 'false');
      assert.equal(await inferred.locator('.consumer-inferred').count(), 1);
      assert.deepEqual(seriousViolations(await runAxe(page)), []);
    },
    PAGE,
  );
});

test("the summary leads to its consumer's lines, and the filter lists one consumer's lines", async () => {
  await withPage(
    browser,
    async (page) => {
      await openConsumers(page);
      const lines = (consumer, wanted) =>
        cli.consumers.lines
          .filter(({ readings }) => readings[consumer].status !== 'applies' && (wanted === 'any' || readings[consumer].status === wanted))
          .map((line) => line.line);
      const listed = () => page.$$eval('#consumers-lines li[data-line]', (items) => items.map((item) => Number(item.dataset.line)));

      // Each consumer's sentence is the one `robots-lens consumers` prints, its lines beside it.
      const sentences = await page.$$eval('#consumers-summary li[data-consumer]', (items) =>
        items.map((item) => [item.dataset.consumer, item.firstElementChild.textContent]),
      );
      assert.equal(sentences.length, Object.keys(cli.consumers.summary).length);
      assert.deepEqual(
        sentences,
        sentences.map(([id]) => [id, cli.consumers.summary[id]?.message]),
      );
      assert.match(cli.consumers.summary.lighthouse.message, /^Lighthouse 12\.2\.3: fails \(\d+ lines?, −1 audit of the SEO category/);

      // Lighthouse fails the file: its sentence says so first, and leads to its lines.
      const item = page.locator('#consumers-summary li[data-consumer="lighthouse"]');
      assert.equal(await item.getAttribute('data-passes'), String(cli.consumers.summary.lighthouse.passes));
      assert.equal(cli.consumers.summary.lighthouse.passes, false);
      await item.locator('a[data-show-consumer]').click();
      assert.equal(await page.inputValue('#consumers-filter-consumer'), 'lighthouse');
      assert.deepEqual(await listed(), lines('lighthouse', 'any'));
      assert.deepEqual(
        (await item.getAttribute('data-lines')).split(' ').map(Number),
        cli.consumers.summary.lighthouse.lines,
      );

      // The lines Python's robotparser ignores: the second `*` record among them.
      await page.selectOption('#consumers-filter-consumer', 'python');
      await page.selectOption('#consumers-filter-status', 'ignored');
      const ignored = lines('python', 'ignored');
      assert.ok(ignored.includes(7), `Python ignores the second * record's rule: ${ignored}`);
      assert.deepEqual(await listed(), ignored);
      assert.equal(await page.getAttribute('#consumers-lines', 'data-count'), String(ignored.length));
    },
    PAGE,
  );
});

test('the findings name the consumers `robots-lens lint --format json` names', async () => {
  await withPage(
    browser,
    async (page) => {
      await openConsumers(page);
      await settled(page, { regions: ['#result', '#audit'], shown: ['#audit-summary'] });
      const expected = Object.fromEntries(cli.lint.map((finding) => [`${finding.line}:${finding.code}`, finding.consumers.join(' ')]));
      assert.ok(Object.values(expected).some((named) => named !== ''), 'some finding names a consumer');
      await page.waitForFunction(
        (count) => document.querySelectorAll('#audit li.finding[data-consumers]').length === count,
        cli.lint.length,
        { timeout: WAIT_MS },
      );
      const shown = await page.$$eval('#audit li.finding[data-consumers]', (items) =>
        Object.fromEntries(items.map((item) => [`${item.dataset.line}:${item.dataset.code}`, item.dataset.consumers])),
      );
      assert.deepEqual(shown, expected);
    },
    PAGE,
  );
});

test("at a phone's width the marks stay on screen and the page does not scroll sideways", async () => {
  await withPage(
    browser,
    async (page) => {
      await openConsumers(page);
      const fits = await page.evaluate(() => {
        const view = document.querySelector('#file-view').getBoundingClientRect();
        const marks = [...document.querySelectorAll('#file-view .consumer-marks-button')].map((button) => button.getBoundingClientRect());
        return {
          marksInside: marks.every((box) => box.left >= view.left && box.right <= view.right && box.width > 0),
          pageWidth: document.scrollingElement.scrollWidth,
        };
      });
      assert.ok(fits.marksInside, 'every row of marks is inside the file view');
      assert.ok(fits.pageWidth <= VIEWPORTS.phone.width, `the page is ${fits.pageWidth} px wide`);
    },
    { ...PAGE, viewport: VIEWPORTS.phone },
  );
});
