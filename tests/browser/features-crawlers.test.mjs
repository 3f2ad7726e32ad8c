// Crawlers and fetch status in a real browser: the crawler picker and its documented fallbacks,
// a pasted UA string named, the all-crawlers table with its purpose filter and counts, and the
// status menu changing every verdict. Expected verdicts come from the same wasm run in Node, so
// the page is checked against the engine rather than against numbers written here. Every test
// also asserts that no request left for another origin.
//
// Run: node --test tests/browser/features-crawlers.test.mjs   (after `npm run build`)
// Screenshots go to $SCREENSHOT_DIR (default: <tmpdir>/robots-lens-screens), never the repo.

import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { AI_PURPOSES } from '../../www/panels/crawlers.js';
import { exampleById } from '../../www/page/work.js';
import { wasmPackage } from '../node/wasm.mjs';
import {
  VIEWPORTS,
  chooseReadingOption,
  expectVerdict as expectPageVerdict,
  launchBrowser,
  runAxe,
  seriousViolations,
  settled,
  withPage,
} from './harness.mjs';

const WAIT_MS = 15_000;
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR || join(tmpdir(), 'robots-lens-screens');
/** The panels' questions are in the package the engine worker loads after the first verdict. */
const wasm = await wasmPackage('ai');
const CATALOGUE = wasm.crawlerCatalogue();
const SHOP = exampleById('shop').text;
const GPTBOT_UA =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
/** A file with a Googlebot group and no group for Googlebot-Image. */
const GOOGLEBOT_ONLY = [
  'User-agent: Googlebot',
  'Disallow: /private/',
  '',
  'User-agent: *',
  'Disallow: /tmp/',
  '',
].join('\n');

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** The page has caught up: the verdict and the all-crawlers table. */
const SETTLE = { regions: ['#result', '#crawlers'], timeout: WAIT_MS };
const PAGE = { settle: SETTLE };

/** `expectVerdict` once the crawler panel has caught up as well. */
function expectVerdict(page, verdict, line) {
  return expectPageVerdict(page, verdict, line, { settledRegions: ['#result', '#crawlers'], timeout: WAIT_MS });
}

/** The table as the page shows it: `{ name: [verdict, visible] }`. */
function tableRows(page) {
  return page.$$eval('#crawler-table tr[data-crawler]', (rows) =>
    Object.fromEntries(
      rows.map((row) => [row.dataset.crawler, [row.dataset.verdict, !row.closest('tbody').hidden]]),
    ),
  );
}

/** The table the engine computes for the same question: `{ name: verdict }`. */
function engineTable(text, url, options = {}) {
  const file = new wasm.RobotsFile(text);
  try {
    return Object.fromEntries(
      file
        .crawlerTable(url, options)
        .map((row) => [row.name, row.verdict.allowed ? 'allowed' : 'disallowed']),
    );
  } finally {
    file.free();
  }
}

/** Waits until every row of the table says what the engine says for `text`, `url`, `options`. */
async function expectTable(page, text, url, options) {
  const want = engineTable(text, url, options);
  await page.waitForFunction(
    (expected) => {
      if (document.querySelector('#result').getAttribute('aria-busy') !== 'false') return false;
      const rows = [...document.querySelectorAll('#crawler-table tr[data-crawler]')];
      return (
        rows.length === Object.keys(expected).length &&
        rows.every((row) => expected[row.dataset.crawler] === row.dataset.verdict)
      );
    },
    want,
    { timeout: WAIT_MS },
  );
  return want;
}

/** The editor's selection after a line link was followed. */
function selectedText(page) {
  return page.evaluate(() => {
    const textarea = document.querySelector('#robots');
    return textarea.value.slice(textarea.selectionStart, textarea.selectionEnd);
  });
}

test('a chosen crawler follows its documented fallback, and the page names the group it used', async () => {
  await withPage(browser, async (page) => {
    await page.fill('#robots', GOOGLEBOT_ONLY);
    await page.fill('#url', '/private/photo.jpg');
    await chooseReadingOption(page, '#agent-match-token');
    // Read as typed, not as the crawler the name is (issue 26's default).
    await page.uncheck('#as-crawler');

    // Typed as an exact token, Googlebot-Image has no group and falls to `*`.
    await page.fill('#agent', 'Googlebot-Image');
    await expectVerdict(page, 'allowed', null);
    assert.equal(await page.isHidden('#crawler-details'), true);

    // Chosen as a crawler, its chain Googlebot-Image → Googlebot → * picks the Googlebot group.
    await page.selectOption('#crawler-select', 'Googlebot-Image');
    await expectVerdict(page, 'disallowed', 2);
    assert.equal(await page.inputValue('#agent'), 'Googlebot-Image');
    const details = await page.textContent('#crawler-details');
    assert.match(
      details,
      /Googlebot-Image has no group of its own and follows the Googlebot group, line\s*1\s*\./,
    );
    assert.match(details, /Google · Search/);
    assert.match(await page.textContent('#agent-recognised'), /Checking as Googlebot-Image/);
    await page.click('#crawler-details .crawler-used-group [data-goto-line="1"]');
    assert.equal(await selectedText(page), 'User-agent: Googlebot');

    // Its sources are plain links that open elsewhere without a referrer; none is followed here.
    await page.click('#crawler-details summary');
    const links = await page.$$eval('#crawler-details .crawler-sources a', (anchors) =>
      anchors.map((anchor) => [anchor.protocol, anchor.target, anchor.rel]),
    );
    const catalogued = CATALOGUE.find((crawler) => crawler.name === 'Googlebot-Image');
    const urls = new Set(
      Object.values(catalogued.sources).flatMap((list) => list.map((source) => source.url)),
    );
    assert.equal(links.length, urls.size);
    for (const link of links) assert.deepEqual(link, ['https:', '_blank', 'noreferrer noopener']);
    // A refresh keeps them open.
    await page.fill('#url', '/private/other.jpg');
    await expectVerdict(page, 'disallowed', 2);
    assert.equal(await page.$eval('#crawler-details details', (details) => details.open), true);

    // Editing the agent field goes back to checking it as typed.
    await page.fill('#agent', 'Googlebot-Image/1.0');
    await expectVerdict(page, 'allowed', null);
    assert.equal(await page.inputValue('#crawler-select'), '');
    assert.equal(await page.isHidden('#crawler-details'), true);
  }, PAGE);
});

test('crawlers that ignore `*`, never crawl, or fetch for a person say so', async () => {
  await withPage(browser, async (page) => {
    await page.fill('#robots', 'User-agent: *\nDisallow: /\n');
    await page.fill('#url', '/page');

    await page.selectOption('#crawler-select', 'AdsBot-Google');
    await expectVerdict(page, 'allowed', null);
    assert.match(
      await page.textContent('#crawler-details .crawler-used-group'),
      /No group names AdsBot-Google, and AdsBot-Google ignores the User-agent: \* group/,
    );

    await page.selectOption('#crawler-select', 'Google-Extended');
    await expectVerdict(page, 'disallowed', 2);
    assert.match(
      await page.textContent('#crawler-details'),
      /Token only: Google-Extended never fetches pages/,
    );

    await page.selectOption('#crawler-select', 'ChatGPT-User');
    await expectVerdict(page, 'disallowed', 2);
    const cautions = await page.textContent('#crawler-details .crawler-caution');
    assert.match(cautions, /fetches a page when a person asks for it/);
    assert.match(cautions, /robots\.txt may not apply/);
  }, PAGE);
});

test('a pasted UA string is recognised and can be checked as that crawler', async () => {
  await withPage(browser, async (page) => {
    const text = 'User-agent: GPTBot\nDisallow: /blog/\n\nUser-agent: *\nAllow: /\n';
    await page.fill('#robots', text);
    await page.fill('#url', '/blog/post');
    await page.fill('#agent', GPTBOT_UA);
    await expectVerdict(page, 'disallowed', 2);
    // By default the summary answers the crawler the string names as itself (issue 26).
    assert.equal(await page.getAttribute('#summary', 'data-crawler'), 'GPTBot');
    assert.equal(await page.isHidden('#agent-recognised'), true, 'the summary already says it');
    // Read as typed, the page offers to check as the crawler it recognised.
    await chooseReadingOption(page, '#as-crawler');
    await page.uncheck('#as-crawler');
    await expectVerdict(page, 'disallowed', 2);
    assert.match(await page.textContent('#agent-recognised'), /This is GPTBot \(OpenAI, AI training\)\./);

    await page.click('#agent-recognised [data-pick-crawler="GPTBot"]');
    await expectVerdict(page, 'disallowed', 2);
    assert.equal(await page.inputValue('#crawler-select'), 'GPTBot');
    assert.equal(await page.inputValue('#agent'), GPTBOT_UA, 'the pasted string stays');
    assert.match(await page.textContent('#crawler-details'), /GPTBot has a group of its own, line\s*1/);

    // An agent the catalogue does not know is not named.
    await page.fill('#agent', 'Mozilla/5.0 (compatible; HomeGrownBot/0.1)');
    await expectVerdict(page, 'allowed', 5);
    assert.equal(await page.isHidden('#agent-recognised'), true);
    assert.equal(await page.inputValue('#crawler-select'), '');
  }, PAGE);
});

test('the all-crawlers table: every verdict, the group used, the deciding line, the summary', async () => {
  await withPage(browser, async (page) => {
    await page.fill('#robots', SHOP);
    await page.fill('#url', 'https://www.northwind-outfitters.example/products/tent');
    const want = await expectTable(page, SHOP, '/products/tent');
    assert.equal(Object.keys(want).length, CATALOGUE.length);
    const rows = await tableRows(page);
    assert.deepEqual(rows.GPTBot, ['disallowed', true]);
    assert.deepEqual(rows.Googlebot, ['allowed', true]);

    const row = (name) => page.locator(`#crawler-table tr[data-crawler="${name}"]`);
    assert.match(await row('GPTBot').locator('.crawler-summary').textContent(), /blocked from everything/);
    assert.match(await row('GPTBot').locator('.crawler-group').textContent(), /own group, line\s*23/);
    assert.match(await row('Googlebot').locator('.crawler-group').textContent(), /\* group, line\s*4/);
    assert.match(await row('AdsBot-Google').locator('.crawler-group').textContent(), /none\s*ignores \*/);
    assert.match(await row('Google-Extended').textContent(), /token only/);
    assert.match(await row('Perplexity-User').textContent(), /ignores robots\.txt/);

    // The deciding line is a link to the line in the editor.
    await row('GPTBot').locator('.crawler-verdict [data-goto-line="29"]').click();
    assert.equal(await selectedText(page), 'Disallow: /');

    // A crawler's name checks as that crawler.
    await row('OAI-SearchBot').locator('[data-pick-crawler]').click();
    await expectVerdict(page, 'allowed', 34);
    assert.equal(await page.inputValue('#crawler-select'), 'OAI-SearchBot');

    // With only a Googlebot group, the image crawler's row marks the fallback.
    await page.fill('#robots', GOOGLEBOT_ONLY);
    await page.fill('#url', '/private/x');
    await expectTable(page, GOOGLEBOT_ONLY, '/private/x');
    const image = await row('Googlebot-Image').locator('.crawler-group').textContent();
    assert.match(image, /Googlebot group\s*fallback\s*line\s*1/);
    assert.match(await row('Googlebot-Image').locator('.crawler-summary').textContent(), /follows Googlebot/);
  }, PAGE);
});

test('the purpose filter: AI crawlers in one click, with counts', async () => {
  await withPage(browser, async (page) => {
    await page.fill('#robots', SHOP);
    await page.fill('#url', '/guides/tents');
    const want = await expectTable(page, SHOP, '/guides/tents');
    assert.match(
      await page.textContent('#crawler-counts'),
      new RegExp(`of ${CATALOGUE.length} crawlers may fetch`),
    );

    await page.click('#crawler-filter [data-filter-preset="ai"]');
    const ai = CATALOGUE.filter((crawler) => AI_PURPOSES.includes(crawler.purpose)).map(
      (crawler) => crawler.name,
    );
    const rows = await tableRows(page);
    const visible = Object.keys(rows).filter((name) => rows[name][1]);
    assert.deepEqual(visible.sort(), [...ai].sort());
    const allowed = ai.filter((name) => want[name] === 'allowed').length;
    assert.match(
      await page.textContent('#crawler-counts'),
      new RegExp(`^${allowed} of ${ai.length} AI crawlers may fetch\\s*/guides/tents\\.`),
    );
    assert.equal(await page.getAttribute('[data-filter-preset="ai"]', 'aria-pressed'), 'true');
    assert.equal(await page.isChecked('#crawler-filter input[value="search"]'), false);

    // One box more: no preset matches, the noun says so; the choice survives a reload.
    await page.check('#crawler-filter input[value="search"]');
    assert.match(await page.textContent('#crawler-counts'), /crawlers shown may fetch/);
    assert.equal(await page.getAttribute('[data-filter-preset="ai"]', 'aria-pressed'), 'false');
    await page.reload();
    await settled(page, SETTLE);
    assert.equal(await page.isChecked('#crawler-filter input[value="search"]'), true);
    assert.equal(await page.isChecked('#crawler-filter input[value="ads"]'), false);

    // After the reload the panel is off screen and not laid out (content-visibility: auto), so
    // Playwright will not click it; the button's own click runs the same handler a person's does.
    await page.$eval('#crawler-filter [data-filter-preset="all"]', (button) => button.click());
    const all = await tableRows(page);
    assert.equal(Object.values(all).filter(([, shown]) => shown).length, CATALOGUE.length);
  }, PAGE);
});

test('the fetch status changes every verdict and is explained', async () => {
  await withPage(browser, async (page) => {
    await page.fill('#robots', SHOP);
    await page.fill('#url', '/products/tent');
    await page.fill('#agent', 'Googlebot');
    await expectVerdict(page, 'allowed', null);

    // 503: the file is unreachable, so everything is disallowed.
    await page.selectOption('#status-select', '503');
    await expectVerdict(page, 'disallowed', null);
    const unreachable = await expectTable(page, SHOP, '/products/tent', { status: '503' });
    assert.ok(Object.values(unreachable).every((verdict) => verdict === 'disallowed'));
    assert.match(await page.textContent('#explanation'), /Disallowed whatever the file says/);
    assert.doesNotMatch(await page.textContent('#explanation'), /has no User-agent: \* group/);
    assert.match(await page.textContent('#explanation'), /The fetch status decides: no group of the file is read/);
    const explained = await page.textContent('#status-explanation');
    assert.match(explained, /every URL is disallowed, whatever the file says/);
    assert.match(explained, /section 2\.3\.1\.4/);
    assert.match(await page.textContent('#crawler-counts'), /^0 of \d+ crawlers may fetch/);

    // 404: the file is unavailable, so everything is allowed, GPTBot included.
    await page.selectOption('#status-select', '404');
    await expectVerdict(page, 'allowed', null);
    const unavailable = await expectTable(page, SHOP, '/products/tent', { status: '404' });
    assert.ok(Object.values(unavailable).every((verdict) => verdict === 'allowed'));
    assert.match(await page.textContent('#status-explanation'), /every URL is allowed/);

    // 200 again: the rules decide, and the RFC and Google texts fold away.
    await page.selectOption('#status-select', '200');
    await expectTable(page, SHOP, '/products/tent', { status: '200' });
    assert.equal(await page.isVisible('#status-explanation details.status-rules'), true);
  }, PAGE);
});

test('429 is a 4xx for RFC 9309 but a server error for Google', async () => {
  await withPage(browser, async (page) => {
    await page.fill('#robots', SHOP);
    await page.fill('#url', '/products/tent');
    await page.fill('#agent', 'Googlebot');
    await page.selectOption('#status-select', '429');
    // Googlebot is answered as itself: Google treats 429 as a server error (issue 26); the
    // typed name under RFC 9309's rules, below it, is allowed.
    await expectVerdict(page, 'disallowed', null);
    assert.equal(await page.getAttribute('#summary', 'data-group'), 'status');
    await page.waitForSelector('#as-typed[data-verdict="allowed"]', { timeout: WAIT_MS });
    await expectTable(page, SHOP, '/products/tent', { status: '429', profile: 'rfc9309' });
    assert.match(
      await page.textContent('#status-explanation .status-google-differs'),
      /differs from the RFC/,
    );
    assert.match(await page.textContent('#status-effect'), /under RFC 9309, every URL is allowed/);
    // Googlebot's row in the table carries the RFC reading as the difference.
    assert.match(
      await page.textContent('#crawler-table tr[data-crawler="Googlebot"] .rfc-status-reading'),
      /RFC 9309's rules would answer allowed/,
    );
    assert.equal(await page.locator('#crawler-table tr[data-crawler="GPTBot"] .rfc-status-reading').count(), 0);

    await chooseReadingOption(page, '#profile-google');
    await expectVerdict(page, 'disallowed', null);
    const google = await expectTable(page, SHOP, '/products/tent', { status: '429', profile: 'google' });
    assert.ok(Object.values(google).every((verdict) => verdict === 'disallowed'));
    assert.match(await page.textContent('#status-effect'), /under Google .*every URL is disallowed/);
  }, PAGE);
});

test('the crawler and the status survive a reload and travel in a link', async () => {
  await withPage(browser, async (page, session) => {
    await page.fill('#robots', GOOGLEBOT_ONLY);
    await page.fill('#url', '/private/x');
    await page.selectOption('#crawler-select', 'Applebot');
    await page.selectOption('#status-select', '301>200');
    await expectVerdict(page, 'disallowed', 2);
    await page.reload();
    await expectVerdict(page, 'disallowed', 2);
    assert.equal(await page.inputValue('#crawler-select'), 'Applebot');
    assert.equal(await page.inputValue('#status-select'), '301>200');

    await page.click('#copy-link');
    const link = await page.inputValue('[data-share-link]', { timeout: WAIT_MS });
    await page.selectOption('#crawler-select', '');
    await page.selectOption('#status-select', '500');
    await expectVerdict(page, 'disallowed', null);
    await page.goto(link);
    await expectVerdict(page, 'disallowed', 2);
    assert.equal(await page.inputValue('#crawler-select'), 'Applebot');
    assert.equal(await page.inputValue('#status-select'), '301>200');
  }, PAGE);
});

test('the first verdict after a reload already follows the saved crawler and status', async () => {
  // The page answers its first question before the crawler panel is loaded: that answer must
  // not fall back to the agent as typed or to a file served with 200.
  await withPage(browser, async (page, session) => {
    await session.context.addInitScript(() => {
      window.verdictsShown = [];
      new MutationObserver(() => {
        const verdict = document.querySelector('#verdict');
        const shown = verdict?.dataset.verdict ? `${verdict.dataset.verdict}:${verdict.dataset.line}` : null;
        if (shown !== null && window.verdictsShown.at(-1) !== shown) window.verdictsShown.push(shown);
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.fill('#robots', GOOGLEBOT_ONLY);
    await page.fill('#url', '/private/x');
    // As typed, "Applebot" gets the * group, which allows /private/x; as Applebot, its
    // documented fallback to Googlebot's group disallows it on line 2.
    await page.selectOption('#crawler-select', 'Applebot');
    await expectVerdict(page, 'disallowed', 2);
    await page.reload();
    await expectVerdict(page, 'disallowed', 2);
    assert.deepEqual(await page.evaluate(() => window.verdictsShown), ['disallowed:2']);

    // A robots.txt answering 503 disallows everything, with no deciding line.
    await page.selectOption('#status-select', '503');
    await expectVerdict(page, 'disallowed', null);
    await page.reload();
    await expectVerdict(page, 'disallowed', null);
    assert.deepEqual(await page.evaluate(() => window.verdictsShown), ['disallowed:']);
  }, PAGE);
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark']) {
    test(`axe finds no serious or critical violation in the new parts (${name}, ${colorScheme})`, async () => {
      await withPage(
        browser,
        async (page) => {
          await page.fill('#url', '/products/tent');
          await page.selectOption('#crawler-select', 'Google-Extended');
          await page.selectOption('#status-select', '429');
          await settled(page, SETTLE);
          await page.click('#crawler-details summary');
          await page.click('#crawler-filter [data-filter-preset="ai"]');
          const violations = seriousViolations(await runAxe(page));
          assert.deepEqual(violations, []);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          assert.ok(overflow <= 0, `the page is ${overflow} px wider than the window`);

          await mkdir(SCREENSHOT_DIR, { recursive: true });
          const prefix = join(SCREENSHOT_DIR, `crawlers-${name}-${colorScheme}`);
          await page.screenshot({ path: `${prefix}-page.png`, fullPage: true });
          await page.locator('#checker').screenshot({ path: `${prefix}-checker.png` });
          await page.locator('#crawlers').screenshot({ path: `${prefix}-table.png` });
        },
        { ...PAGE, viewport, colorScheme },
      );
    });
  }
}
