// Many URLs, two versions and pinned checks in a real browser: a pasted list, a dropped
// sitemap (and a sitemap index, never fetched), the table's filter and sort, the CSV and JSON
// exports, cancelling, the comparison of two versions, and a pinned check that breaks, kept in
// the share link. The expected figures come from the same lists package in Node.
//
// Run: node --test tests/browser/lists.test.mjs   (after `npm run build`)

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';

import { chooseReadingOption, expectVerdict, launchBrowser, pasteInto, withPage } from './harness.mjs';
import { wasmPackage } from '../node/wasm.mjs';

const WAIT_MS = 20_000;

const lists = await import(new URL('../../www/pkg/lists/robots_lens_wasm.js', import.meta.url).href);
lists.initSync({
  module: readFileSync(new URL('../../www/pkg/lists/robots_lens_wasm_bg.wasm', import.meta.url)),
});

/** Every catalogued crawler's name: the compare panel checks them all besides those chosen. */
const CATALOGUE_NAMES = (await wasmPackage('ai')).crawlerCatalogue().map((crawler) => crawler.name);

const SHOP = 'User-agent: *\nDisallow: /cart/\nDisallow: /never-listed\nAllow: /cart/help\n\nUser-agent: GPTBot\nDisallow: /\n';
const URLS = ['/', '/cart/checkout', '/cart/help/returns', 'https://shop.example/products/shoes', '/cart/x'];

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** The lists offer their results as downloads. */
const PAGE = { contextOptions: { acceptDownloads: true } };

/** The file, the agent and the crawlers (only `crawlers`) the list is checked for. */
async function setUp(page, { text = SHOP, agent = 'Googlebot', crawlers = ['GPTBot'] } = {}) {
  await page.fill('#robots', text);
  await page.fill('#agent', agent);
  await page.waitForSelector('#batch-run:not([disabled])', { timeout: WAIT_MS });
  await page.click('.batch-crawlers summary');
  await page.click('#batch-crawlers-none');
  for (const name of crawlers) await page.check(`#batch-crawler-list input[value="${name}"]`);
}

async function waitForBatch(page, state = 'done') {
  // Attached, not visible: a list without results has nothing to show.
  await page.waitForSelector(`#batch-results[data-state="${state}"]`, { state: 'attached', timeout: WAIT_MS });
}

/** What the lists package answers for the same list, in Node. */
function expectedReport(text, listText, agent, crawlers) {
  const batch = new lists.UrlBatch(text, listText, 'auto', agent, crawlers, {});
  while (!batch.isDone()) batch.run(1000);
  const report = batch.report();
  const csv = batch.csv();
  batch.free();
  return { report, csv };
}

test('a pasted list is checked for the agent and the chosen crawlers', async () => {
  await withPage(browser, async (page) => {
    await setUp(page);
    await page.fill('#urls', URLS.join('\n'));
    await page.click('#batch-run');
    await waitForBatch(page);
    const { report } = expectedReport(SHOP, URLS.join('\n'), 'Googlebot', ['GPTBot']);
    assert.equal(report.rows, URLS.length * 2);
    assert.equal(await page.getAttribute('#batch-results', 'data-rows'), String(report.rows));
    assert.equal(await page.locator('#batch-table tbody tr').count(), report.rows);
    // A row: the URL, the agent, the verdict and the deciding line with its text.
    const checkout = page.locator('#batch-table tbody tr', { hasText: '/cart/checkout' }).first();
    assert.match(await checkout.textContent(), /Googlebot\s*Blocked\s*line 2\s*Disallow: \/cart\//);
    // Grouped by deciding rule, with the count of URLs; the rules that matched nothing.
    const byRule = await page.textContent('#batch-rules');
    assert.match(byRule, /Line 7\s*Disallow: \/\s*blocks 5 of your URLs for GPTBot/);
    assert.match(byRule, /Line 2\s*Disallow: \/cart\/\s*blocks 2 of your URLs for Googlebot/);
    assert.match(await page.textContent('#batch-unused'), /Line 3\s*Disallow: \/never-listed/);
    assert.match(await page.textContent('#batch-totals'), /GPTBot\s*0\s*5/);
    // Nothing left out of the report is written as "null" (issue 38).
    assert.doesNotMatch(await page.textContent('.batch-report'), /\bnull\b|\bundefined\b/);
    assert.match(await page.textContent('#urls-facts'), /5 URLs, read as one URL a line/);
    // A line link selects the deciding line in the editor.
    await checkout.locator('[data-goto-line]').click();
    const selected = await page.evaluate(() => {
      const box = document.querySelector('#robots');
      return box.value.slice(box.selectionStart, box.selectionEnd);
    });
    assert.equal(selected.trim(), 'Disallow: /cart/');
  }, PAGE);
});

test('the table filters, searches, sorts and pages', async () => {
  await withPage(browser, async (page) => {
    await setUp(page);
    const many = Array.from({ length: 130 }, (_, index) => `/page/${index}`);
    await page.fill('#urls', [...URLS, ...many].join('\n'));
    await page.click('#batch-run');
    await waitForBatch(page);
    const rows = (URLS.length + many.length) * 2;
    assert.equal(await page.getAttribute('#batch-results', 'data-rows'), String(rows));
    assert.equal(await page.locator('#batch-table tbody tr').count(), 100, 'a page of rows');
    await page.click('#batch-pager [data-offset="100"]');
    await page.waitForFunction(() => /Rows 101–/.test(document.querySelector('#batch-pager').textContent));
    // Agents differ on every URL Googlebot may fetch (GPTBot may fetch none).
    await page.selectOption('#batch-filter', 'differs');
    await page.waitForSelector('#batch-results[data-matching="266"]', { state: 'attached', timeout: WAIT_MS });
    await page.selectOption('#batch-filter', 'blocked');
    await page.fill('#batch-search', 'CART');
    await page.waitForSelector('#batch-results[data-matching="5"]', { state: 'attached', timeout: WAIT_MS });
    await page.selectOption('#batch-agent', { label: 'Googlebot' });
    await page.waitForSelector('#batch-results[data-matching="2"]', { state: 'attached', timeout: WAIT_MS });
    await page.selectOption('#batch-agent', '-1');
    await page.fill('#batch-search', '');
    await page.selectOption('#batch-filter', 'all');
    await page.waitForSelector(`#batch-results[data-matching="${rows}"]`, { state: 'attached', timeout: WAIT_MS });
    await page.click('#batch-table [data-order="url"]');
    await page.waitForSelector('#batch-table th[aria-sort="ascending"]', { timeout: WAIT_MS });
    const first = await page.locator('#batch-table tbody tr td:first-child').first().textContent();
    assert.equal(first, '/');
    await page.click('#batch-table [data-order="url"]');
    await page.waitForSelector('#batch-table th[aria-sort="descending"]', { timeout: WAIT_MS });
    const last = await page.locator('#batch-table tbody tr td:first-child').first().textContent();
    assert.equal(last, 'https://shop.example/products/shoes');
  }, PAGE);
});

test('a dropped sitemap is read from its <loc> elements; a sitemap index is listed, not fetched', async () => {
  await withPage(browser, async (page, session) => {
    await setUp(page);
    const sitemap =
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      '<url><loc>https://shop.example/cart/a?x=1&amp;y=2</loc></url>\n' +
      '<url><loc>https://shop.example/shoes</loc><image:image><image:loc>https://shop.example/i.png</image:loc></image:image></url>\n' +
      '</urlset>\n';
    const drop = async (name, text) => {
      const dataTransfer = await page.evaluateHandle(
        ([fileName, content]) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([content], fileName, { type: 'application/xml' }));
          return transfer;
        },
        [name, text],
      );
      await page.dispatchEvent('#urls-drop', 'drop', { dataTransfer });
    };
    await drop('sitemap.xml', sitemap);
    await waitForBatch(page);
    assert.equal(await page.getAttribute('#batch-results', 'data-rows'), '4');
    assert.match(await page.textContent('#urls-facts'), /2 URLs, read as sitemap/);
    assert.equal(await page.locator('#batch-table tbody tr', { hasText: 'https://shop.example/cart/a?x=1&y=2' }).count(), 2);
    assert.equal(await page.locator('#batch-table', { hasText: 'i.png' }).count(), 0);

    const mark = session.mark();
    const index =
      '<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
      '<sitemap><loc>https://shop.example/sitemap-products.xml</loc></sitemap></sitemapindex>';
    await drop('sitemap-index.xml', index);
    await waitForBatch(page, 'empty');
    assert.match(await page.textContent('#batch-status'), /sitemap index/);
    assert.match(await page.textContent('#urls-facts'), /sitemap-products\.xml/);
    assert.ok(
      session.requestsSince(mark).every((request) => !request.url.includes('sitemap-products')),
      'a sitemap of the index was fetched',
    );
  }, PAGE);
});

test('the exports download every row as CSV and JSON', async () => {
  await withPage(browser, async (page) => {
    await setUp(page);
    const listText = [...URLS, '=HYPERLINK("x")'].join('\n');
    await page.fill('#urls', listText);
    await page.click('#batch-run');
    await waitForBatch(page);
    const { csv: expected } = expectedReport(SHOP, listText, 'Googlebot', ['GPTBot']);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#batch-export-csv')]);
    assert.equal(download.suggestedFilename(), 'robots-lens-urls.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    assert.equal(csv, expected);
    const lines = csv.trimEnd().split('\r\n');
    assert.equal(lines[0], 'url,agent,allowed,line,rule,reason');
    assert.equal(lines.length, 1 + 12);
    assert.ok(lines.includes('/cart/checkout,Googlebot,false,2,Disallow: /cart/,rule-matched'));
    assert.ok(lines.some((line) => line.startsWith(`"'=HYPERLINK(""x"")",`)), 'a formula is defused');

    const [json] = await Promise.all([page.waitForEvent('download'), page.click('#batch-export-json')]);
    const { rows } = JSON.parse(readFileSync(await json.path(), 'utf8'));
    assert.equal(rows.length, 12);
    assert.deepEqual(rows[2], {
      url: '/cart/checkout',
      agent: 'Googlebot',
      allowed: false,
      line: 2,
      reason: 'rule-matched',
      rule: 'Disallow: /cart/',
    });
  }, PAGE);
});

test('a long list shows its progress and can be cancelled', async () => {
  await withPage(browser, async (page) => {
    await setUp(page, { crawlers: ['GPTBot', 'Bingbot', 'ClaudeBot', 'Applebot'] });
    const many = Array.from({ length: 100_000 }, (_, index) => `/cart/item/${index}`).join('\n');
    await page.evaluate((text) => {
      document.querySelector('#urls').value = text;
    }, many);
    await page.click('#batch-run');
    await page.waitForFunction(
      () => document.querySelector('#batch-progress').value > 0 && !document.querySelector('#batch-cancel').hidden,
      null,
      { timeout: WAIT_MS },
    );
    await page.click('#batch-cancel');
    await waitForBatch(page, 'cancelled');
    assert.equal(await page.getAttribute('#batch-results', 'data-rows'), '');
    assert.equal(await page.isHidden('#batch-progress'), true);
    // The checker above still answers.
    await page.fill('#url', '/cart/x');
    await expectVerdict(page, 'disallowed', 2);
  }, PAGE);
});

// The panel asks every catalogued crawler besides the chosen ones and the agent (issue 26), so
// the counts are held to the engine's own comparison for those askers, not to fixed numbers.
test('comparing with another version shows the verdicts that flip and the lines that changed', async () => {
  await withPage(browser, async (page) => {
    const before = 'User-agent: *\nDisallow: /private\nDisallow: /tmp/\n';
    const now = 'User-agent: *\nDisallow: /private\nDisallow: /shop/*?sort=\n\nUser-agent: GPTBot\nDisallow: /\n';
    await setUp(page, { text: now, crawlers: ['GPTBot'] });
    await page.fill('#urls', '');
    await page.fill('#robots-compare', before);
    await page.waitForSelector('#diff-results[data-state="done"]', { timeout: WAIT_MS });
    const chosen = lists.compareVersions(before, now, '', 'auto', 'Googlebot', ['GPTBot'], {});
    const everyone = lists.compareVersions(before, now, '', 'auto', 'Googlebot', CATALOGUE_NAMES, {});
    assert.ok(chosen.flipCount > 0);
    const shown = Number(await page.getAttribute('#diff-results', 'data-flips'));
    assert.ok(shown > chosen.flipCount && shown <= everyone.flipCount + chosen.flipCount, `${shown} flips`);
    assert.match(await page.textContent('#diff-results .diff-summary'), /become blocked\) for \d+ URLs derived from both versions/);
    const tmp = page.locator('.diff-flips tbody tr', { hasText: '/tmp/x' }).first();
    assert.match(await tmp.textContent(), /Blocked line 3 Disallow: \/tmp\/\s*Allowed\s*no rule/);
    // The lines: line 3 removed and lines 3–6 added, the lines behind a flip marked.
    assert.equal(await page.locator('.diff-lines tr.diff-removed').count(), 1);
    assert.equal(await page.locator('.diff-lines tr.diff-added').count(), 4);
    assert.ok((await page.locator('.diff-lines tr.diff-decides').count()) >= 2);

    // With a URL list, only its URLs are asked about: /tmp/a opens for everyone who follows *,
    // /elsewhere closes for GPTBot alone; the counts are the engine's for the same askers (the
    // agent, Googlebot, is a catalogued crawler and is asked once, as itself).
    const list = '/tmp/a\n/elsewhere';
    const listed = lists.compareVersions(before, now, list, 'auto', '', CATALOGUE_NAMES, {});
    await page.fill('#urls', list);
    await page.waitForFunction(
      () => /URLs of your list/.test(document.querySelector('#diff-results .diff-summary')?.textContent ?? ''),
      null,
      { timeout: WAIT_MS },
    );
    await page.waitForSelector('#diff-results[data-state="done"]', { timeout: WAIT_MS });
    const summary = await page.textContent('#diff-results .diff-summary');
    const [, flips, blocked, agents] = summary.match(/(\d+) verdicts flip \((\d+) becomes? blocked\) for 2 URLs of your list × (\d+) agents/) ?? [];
    assert.ok(flips, summary);
    assert.equal(Number(await page.getAttribute('#diff-results', 'data-flips')), Number(flips));
    assert.equal(Number(flips), listed.flipCount, summary);
    assert.equal(Number(blocked), 1, 'only GPTBot loses /elsewhere');
    assert.equal(Number(agents), CATALOGUE_NAMES.length, summary);

    const googlebot = () =>
      page.locator('.diff-flips tbody tr').filter({ hasText: /^\/tmp\/aGooglebot(Blocked|Allowed)/ }).first().textContent();
    assert.match(await googlebot(), /^\/tmp\/aGooglebotBlocked line 3 Disallow: \/tmp\/Allowed no rule$/);
    // The other version as the new one: the same flips, the other way round.
    await page.selectOption('#compare-role', 'after');
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('.diff-flips tbody tr')].some((row) =>
          /^\/tmp\/aGooglebotAllowed no ruleBlocked line 3 Disallow: \/tmp\/$/.test(row.textContent),
        ),
      null,
      { timeout: WAIT_MS },
    );
  }, PAGE);
});

// Issue 35: a catalogued crawler's name typed as the agent is that crawler in the list and the
// comparison too, as in the checker, with the name as typed beside where it answers otherwise;
// unticking "Answer it as that crawler" asks the name as typed instead.
test('a typed crawler name is that crawler in the list and the comparison, with the name as typed beside', async () => {
  const now = 'User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /photos/\n';
  const before = 'User-agent: *\nDisallow: /private\n';
  const clipboard = { contextOptions: { ...PAGE.contextOptions, permissions: ['clipboard-read', 'clipboard-write'] } };
  await withPage(browser, async (page) => {
    await pasteInto(page, '#robots', now);
    await pasteInto(page, '#agent', 'Googlebot-Image');
    // By token, the name as typed takes `*`; the crawler falls back to Googlebot's group.
    await chooseReadingOption(page, '#agent-match-token');
    await expectVerdict(page, 'allowed', null);
    await page.waitForSelector('#batch-run:not([disabled])', { timeout: WAIT_MS });
    await page.click('.batch-crawlers summary');
    await page.click('#batch-crawlers-none');
    await page.check('#batch-crawler-list input[value="Googlebot-Image"]');
    await pasteInto(page, '#urls', '/photos/1.jpg\n/about');
    await page.click('#batch-run');
    await waitForBatch(page);
    // Typed and chosen: asked once, as the crawler.
    assert.equal(await page.getAttribute('#batch-results', 'data-rows'), '2');
    const photos = page.locator('#batch-table tbody tr', { hasText: '/photos/1.jpg' });
    assert.match(await photos.textContent(), /^\/photos\/1\.jpgGooglebot-ImageBlockedline 5 Disallow: \/photos\/As typed: Allowed /);
    assert.equal(await photos.locator('.as-typed-beside').getAttribute('data-allowed'), 'true');
    assert.equal(await page.locator('#batch-table .as-typed-beside').count(), 1, 'only where it differs');
    assert.match(await page.textContent('#batch-table .as-typed-note'), /untick “Answer it as that crawler”/);

    await pasteInto(page, '#robots-compare', before);
    await page.waitForSelector('#diff-results[data-state="done"]', { timeout: WAIT_MS });
    const flip = page.locator('.diff-flips tbody tr', { hasText: 'Googlebot-Image' });
    assert.equal(await flip.count(), 1, 'the crawler once');
    assert.match(await flip.textContent(), /Allowed\s*no rule\s*Blocked line 5/);
    const typed = page.locator('.diff-flips tbody tr.as-typed-beside');
    assert.equal(await typed.count(), 1);
    assert.deepEqual([await typed.getAttribute('data-before'), await typed.getAttribute('data-after')], ['true', 'true']);

    // The other reading: the name exactly as typed, a row of its own beside the chosen crawler.
    await page.uncheck('#as-crawler');
    await page.click('#batch-run');
    await page.waitForSelector('#batch-results[data-state="done"][data-rows="4"]', { state: 'attached', timeout: WAIT_MS });
    assert.equal(await page.locator('#batch-table .as-typed-beside').count(), 0);
    const typedRow = page.locator('#batch-table tbody tr', { hasText: /^\/photos\/1\.jpgGooglebot-ImageAllowed/ });
    assert.equal(await typedRow.count(), 1, 'the name as typed (by token, `*`) beside the chosen crawler');
    await page.waitForFunction(() => document.querySelectorAll('.diff-flips tbody tr.as-typed-beside').length === 0, null, { timeout: WAIT_MS });
  }, clipboard);
});

test('the previous text the page kept can be compared', async () => {
  await withPage(browser, async (page) => {
    await page.fill('#robots', 'User-agent: *\nDisallow: /old/\n');
    await page.waitForTimeout(400); // saved
    await page.selectOption('#example-select', { index: 1 });
    await page.click('#load-example');
    await page.waitForSelector('[data-action="restore-previous"]', { timeout: WAIT_MS });
    await page.click('#compare-previous');
    assert.equal(await page.inputValue('#robots-compare'), 'User-agent: *\nDisallow: /old/\n');
    await page.waitForSelector('#diff-results[data-state="done"]', { timeout: WAIT_MS });
    assert.notEqual(await page.getAttribute('#diff-results', 'data-flips'), '');
  }, PAGE);
});

test('a pinned check is answered again as the file changes, and travels in the share link', async () => {
  await withPage(browser, async (page) => {
    await page.fill('#robots', 'User-agent: *\nDisallow: /cart/\n');
    await page.fill('#agent', 'Googlebot');
    await page.fill('#url', '/products/shoes');
    await expectVerdict(page, 'allowed', null);
    await page.click('#pin-check');
    await page.waitForSelector('#pins li[data-state="holds"]', { timeout: WAIT_MS });
    assert.match(await page.textContent('#pins'), /\/products\/shoes must be allowed for Googlebot/);
    assert.equal(await page.getAttribute('#pins', 'data-broken'), '0');

    await page.fill('#robots', 'User-agent: *\nDisallow: /cart/\nDisallow: /products/\n');
    await page.waitForSelector('#pins li[data-state="broken"]', { timeout: WAIT_MS });
    assert.equal(await page.getAttribute('#pins', 'data-broken'), '1');
    assert.match(await page.textContent('#pins li[data-state="broken"]'), /now blocked \(line 3 Disallow: \/products\/\)/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#pins-download')]);
    assert.equal(
      readFileSync(await download.path(), 'utf8'),
      // Googlebot typed is answered as the catalogued crawler (issue 26), so the pin is its.
      '[[expect]]\nurl = "/products/shoes"\nallowed = true\ncrawlers = ["Googlebot"]\n',
    );

    await page.click('#copy-link');
    const link = await page.inputValue('[data-share-link]', { timeout: WAIT_MS });
    // A fresh browser context: nothing saved, the link alone carries the pin.
    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      await other.goto(link);
      await other.waitForSelector('#pins li[data-state="broken"]', { timeout: WAIT_MS });
      assert.equal(await other.getAttribute('#pins', 'data-pins'), '1');
    } finally {
      await context.close();
    }

    // Removing the pin empties the list.
    await page.click('#pins [data-unpin="0"]');
    await page.waitForSelector('#pins[data-pins="0"]', { state: 'attached', timeout: WAIT_MS });
  }, PAGE);
});

test('the lists, the comparison and the pins speak the page’s language', async () => {
  await withPage(browser, async (page) => {
    await setUp(page);
    await page.fill('#urls', URLS.join('\n'));
    await page.click('#batch-run');
    await waitForBatch(page);
    await page.fill('#url', '/products/shoes');
    await expectVerdict(page, 'allowed', null);
    await page.click('#pin-check');
    await page.waitForSelector('#pins li[data-state="holds"]', { timeout: WAIT_MS });
    await page.fill('#robots-compare', 'User-agent: *\nDisallow: /\n');
    await page.waitForSelector('#diff-results[data-state="done"]', { timeout: WAIT_MS });

    await page.selectOption('#language-select', 'es');
    await page.waitForFunction(() => document.querySelector('#url-list-heading').textContent === 'Muchas URL', null, {
      timeout: WAIT_MS,
    });
    // Drawn again in Spanish: the table, the report, the pins and the comparison.
    await page.waitForFunction(() => document.querySelector('#batch-summary').textContent.startsWith('5 URL × 2 agentes'), null, {
      timeout: WAIT_MS,
    });
    assert.match(await page.textContent('#batch-rules'), /Línea 7\s*Disallow: \/\s*bloquea 5 de tus URL para GPTBot/);
    assert.match(await page.textContent('#batch-table thead'), /Veredicto/);
    assert.doesNotMatch(await page.textContent('.batch-report'), /\bnull\b|\bundefined\b/);
    await page.waitForFunction(() => /debe estar permitida para Googlebot/.test(document.querySelector('#pins').textContent), null, {
      timeout: WAIT_MS,
    });
    await page.waitForFunction(() => /veredictos? cambian?/.test(document.querySelector('#diff-results').textContent), null, {
      timeout: WAIT_MS,
    });
    // What the person typed keeps its words and is marked for translators to leave alone.
    assert.equal(await page.locator('#pins [translate="no"]', { hasText: '/products/shoes' }).count(), 1);
  }, PAGE);
});
