// Tools that never loosen a file silently (issue 26, items 4 and 5): the policy builder keeps the
// rules a crawler obeyed, shows every verdict it flips before Apply and can be undone; Compare
// checks every catalogued crawler and works with the text a paste replaced; the URL list asks
// each crawler once and its pager never prints `null`.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { expectVerdict, launchBrowser, pasteInto, settled, withPage } from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser?.close());

/** A fresh page with the clipboard a paste needs. */
const PAGE = {
  contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] },
  settle: { regions: ['#result'], timeout: 90_000 },
};

const SHOP = 'User-agent: *\nDisallow: /admin/\nDisallow: /cart/\n';

describe('the policy builder', () => {
  test('keeps the * rules, shows the flips before Apply, and Apply can be undone', async () => {
    await withPage(browser, async (page) => {
      await pasteInto(page, '#robots', SHOP);
      await page.fill('#agent', 'Googlebot');
      await page.fill('#url', '/admin/login');
      await expectVerdict(page, 'disallowed', 2);
      await page.locator('#policy').scrollIntoViewIfNeeded();
      await page.waitForSelector('#policy-search');
      await page.selectOption('#policy-search', 'paths');
      await page.fill('#policy-search-paths', '/members/');
      await page.waitForSelector('#policy-preview[data-state="done"]');
      const preview = page.locator('#policy-preview');
      const flips = Number(await preview.getAttribute('data-flips'));
      assert.ok(flips > 0, 'blocking /members/ flips the search crawlers there');
      assert.equal(await preview.getAttribute('data-loosens'), '0', await preview.textContent());
      // Every flip is a search crawler on /members/, named with its path.
      const rows = await preview.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.crawler, tr.dataset.url, tr.dataset.opens]));
      assert.ok(rows.some(([crawler]) => crawler === 'Googlebot'), JSON.stringify(rows));
      for (const [, url, opens] of rows) {
        assert.match(url, /^\/members\//);
        assert.equal(opens, 'false');
      }

      await page.click('#policy-apply');
      const applied = await page.inputValue('#robots');
      assert.match(applied, /User-agent: Googlebot[\s\S]*Disallow: \/members\/[\s\S]*Disallow: \/admin\/\nDisallow: \/cart\//);
      // Googlebot is still kept out of /admin/: the new group did not release it.
      await page.waitForFunction(() => {
        const verdict = document.querySelector('#verdict').dataset;
        const idle = document.querySelector('#result').getAttribute('aria-busy') === 'false';
        return idle && verdict.verdict === 'disallowed' && verdict.line !== '' && verdict.line !== '2';
      });
      const line = Number(await page.getAttribute('#verdict', 'data-line'));
      assert.match(applied.split('\n')[line - 1], /^Disallow: \/admin\/$/);

      // Ctrl+Z in the editor takes the whole Apply back.
      await page.click('#robots');
      await page.keyboard.press('Control+Z');
      assert.equal(await page.inputValue('#robots'), SHOP);
      await expectVerdict(page, 'disallowed', 2);

      // Apply again; the Undo button takes it back too, and the replaced text is kept.
      await page.waitForSelector('#policy-apply:not([disabled])');
      await page.click('#policy-apply');
      assert.notEqual(await page.inputValue('#robots'), SHOP);
      await page.click('#policy-undo');
      assert.equal(await page.inputValue('#robots'), SHOP);
      assert.equal(await page.isVisible('#policy-undo'), false);
    }, PAGE);
  });
});

describe('compare', () => {
  test('checks every catalogued crawler and names the crawler and URL that flip', async () => {
    await withPage(browser, async (page) => {
      await pasteInto(page, '#robots', 'User-agent: *\nDisallow: /private/\n');
      await page.fill('#agent', 'Googlebot');
      await page.selectOption('#compare-role', 'after');
      await pasteInto(page, '#robots-compare', 'User-agent: *\nDisallow: /private/\n\nUser-agent: ClaudeBot\nAllow: /\n');
      await page.waitForSelector('#diff-results[data-state="done"]');
      const results = page.locator('#diff-results');
      assert.ok(Number(await results.getAttribute('data-flips')) > 0, await results.textContent());
      const flips = await results.locator('table.diff-flips tbody tr').evaluateAll((trs) =>
        trs.map((tr) => [tr.cells[0].textContent, tr.cells[1].textContent]),
      );
      assert.ok(flips.some(([url, agent]) => agent === 'ClaudeBot' && url.startsWith('/private')), JSON.stringify(flips));
      assert.ok(flips.every(([, agent]) => agent === 'ClaudeBot'), JSON.stringify(flips));
    }, PAGE);
  });

  test('"Use the previous text" gives back the text a paste replaced', async () => {
    await withPage(browser, async (page) => {
      const first = 'User-agent: *\nDisallow: /first/\n';
      await pasteInto(page, '#robots', first);
      await expectVerdict(page, 'allowed', null);
      await pasteInto(page, '#robots', 'User-agent: *\nDisallow: /second/\n');
      await page.click('#compare-previous');
      assert.equal(await page.inputValue('#robots-compare'), first);
    }, PAGE);
  });
});

describe('the URL list', () => {
  test('an agent that is also a chosen crawler is asked once, and the pager prints no null', async () => {
    await withPage(browser, async (page) => {
      await pasteInto(page, '#robots', 'User-agent: *\nDisallow: /private/\n');
      await page.fill('#agent', 'Googlebot');
      await settled(page, { regions: ['#result'], orNoVerdict: true });
      const urls = Array.from({ length: 150 }, (_, index) => `/page/${index}`).join('\n');
      await pasteInto(page, '#urls', urls);
      await page.waitForSelector('#batch-run:not([disabled])');
      const chosen = await page.locator('#batch-crawler-list input:checked').evaluateAll((inputs) => inputs.map((input) => input.value));
      assert.ok(chosen.includes('Googlebot'), JSON.stringify(chosen));
      await page.click('#batch-run');
      await page.waitForSelector('#batch-results[data-state="done"]');
      assert.equal(await page.getAttribute('#batch-results', 'data-rows'), String(150 * chosen.length));
      const agents = await page.locator('#batch-agent option').evaluateAll((options) => options.map((option) => option.textContent));
      assert.equal(agents.filter((name) => name === 'Googlebot').length, 1, JSON.stringify(agents));
      const pager = await page.textContent('#batch-pager');
      assert.doesNotMatch(pager, /null/);
      assert.match(pager, /Rows 1–100 of/);
    }, PAGE);
  });
});
