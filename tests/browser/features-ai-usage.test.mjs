// AI usage in a real browser: the "What may be done with this URL" panel under the verdict, the
// AI crawlers' summary above the crawler filter, and the policy builder (choices, diff,
// `button#policy-apply`, `#policy-check[data-mismatches]`). Expectations come from the same AI
// usage package run in Node, so the page is checked against the engine, not against numbers
// written here. Every test also asserts that no request left for another origin.
//
// Run: node --test tests/browser/features-ai-usage.test.mjs   (after `npm run build`)

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import ai from '../node/wasm-ai.mjs';
import { launchBrowser, pasteInto, runAxe, seriousViolations, withPage } from './harness.mjs';

const WAIT_MS = 15_000;

/** draft-ietf-aipref-attach §3.4, with a Content-Signal and a licence. */
const EXAMPLE = [
  'User-Agent: *',
  'Allow: /',
  'Disallow: /never/',
  'Content-Usage: train-ai=n',
  'Content-Usage: /ai-ok/ train-ai=y',
  'Content-Signal: search=yes, ai-train=no',
  '',
  'License: https://example.com/license.xml',
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

/** The panel's cells: `{ "train-ai/content-usage": ["allow", "5"], … }`. */
function panelCells(page) {
  return page.$$eval('#preferences td[data-vocabulary][data-label]', (cells) =>
    Object.fromEntries(
      cells.map((cell) => [
        `${cell.closest('tr').dataset.purpose}/${cell.dataset.vocabulary}`,
        [cell.dataset.preference, cell.dataset.line],
      ]),
    ),
  );
}

/** The same cells as the engine computes them. */
function engineCells(text, agent, url) {
  const usage = ai.usage(text, agent, url, {});
  const cells = {};
  for (const purpose of usage.purposes) {
    for (const [vocabulary, label, answers] of [
      ['content-usage', purpose.contentUsage, usage.contentUsage],
      ['content-signal', purpose.contentSignal, usage.contentSignal],
    ]) {
      if (label === null) continue;
      const answer = answers.find((candidate) => candidate.label === label);
      cells[`${purpose.id}/${vocabulary}`] = [answer.preference, answer.line === null ? '' : String(answer.line)];
    }
  }
  return cells;
}

async function expectPanel(page, text, agent, url) {
  const want = engineCells(text, agent, url);
  await page.waitForFunction(
    (expected) => {
      if (document.querySelector('#result').getAttribute('aria-busy') !== 'false') return false;
      const cells = [...document.querySelectorAll('#preferences td[data-vocabulary][data-label]')];
      return (
        cells.length === Object.keys(expected).length &&
        cells.every((cell) => {
          const [preference, line] = expected[`${cell.closest('tr').dataset.purpose}/${cell.dataset.vocabulary}`] ?? [];
          return cell.dataset.preference === preference && cell.dataset.line === line;
        })
      );
    },
    want,
    { timeout: WAIT_MS },
  );
  return want;
}

test('the panel under the verdict shows both vocabularies with their deciding lines', async () => {
  await withPage(browser, async (page) => {
    await page.fill('#robots', EXAMPLE);
    await page.fill('#agent', 'ExampleBot');
    await page.fill('#url', '/ai-ok/test');
    const want = await expectPanel(page, EXAMPLE, 'ExampleBot', '/ai-ok/test');
    assert.deepEqual(want['train-ai/content-usage'], ['allow', '5']);
    assert.deepEqual(want['train-ai/content-signal'], ['disallow', '6']);
    assert.deepEqual(await panelCells(page), want);
    // ai-input has no AIPREF label, and the page says so in its place.
    const noLabel = await page.$eval('#preferences tr[data-purpose="ai-input"] td[data-vocabulary="content-usage"]', (cell) => cell.dataset.preference);
    assert.equal(noLabel, 'none');
    const license = await page.$eval('#preferences-licenses li', (item) => [item.dataset.line, item.querySelector('code').textContent]);
    assert.deepEqual(license, ['8', 'https://example.com/license.xml']);

    // A URL the group does not let be crawled: every preference is not applicable, by line 3.
    await page.fill('#url', '/never/x');
    const blocked = await expectPanel(page, EXAMPLE, 'ExampleBot', '/never/x');
    assert.deepEqual(blocked['search/content-signal'], ['not-applicable', '3']);

    // A deciding line is a link into the editor.
    await page.click('#preferences tr[data-purpose="train-ai"] td[data-vocabulary="content-usage"] [data-goto-line]');
    const selected = await page.evaluate(() => {
      const textarea = document.querySelector('#robots');
      return textarea.value.slice(textarea.selectionStart, textarea.selectionEnd);
    });
    assert.equal(selected, 'Disallow: /never/');
    const violations = seriousViolations(await runAxe(page));
    assert.deepEqual(violations, []);
  }, PAGE);
});

test('the AI summary above the filter counts the engine\'s verdicts', async () => {
  const text = 'User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n';
  await withPage(browser, async (page) => {
    await page.fill('#robots', text);
    await page.fill('#url', '/');
    const want = ai.aiSummary(text, '/', {});
    await page.waitForFunction(
      (expected) => {
        const element = document.querySelector('#ai-summary');
        return !element.hidden && element.dataset.trainingBlocked === String(expected);
      },
      want.training.total - want.training.allowed,
      { timeout: WAIT_MS },
    );
    const summary = await page.$eval('#ai-summary', (element) => ({ ...element.dataset, text: element.textContent }));
    assert.equal(summary.trainingBlocked, '2');
    assert.equal(summary.trainingTotal, String(want.training.total));
    assert.equal(summary.answersAllowed, String(want.answers.allowed));
    assert.match(summary.text, /^AI crawlers on \/: training: 2 of \d+ blocked · answers: \d+ of \d+ may fetch · user-triggered: \d+ may fetch$/);
    // Above the filter, as the issue asks.
    const order = await page.evaluate(() =>
      Boolean(document.querySelector('#ai-summary').compareDocumentPosition(document.querySelector('#crawler-filter')) & Node.DOCUMENT_POSITION_FOLLOWING),
    );
    assert.ok(order);
  }, PAGE);
});

test('the policy builder writes, diffs, checks and applies a policy', async () => {
  const start = 'User-agent: *\nDisallow: /admin/\n';
  await withPage(browser, async (page) => {
    await page.fill('#robots', start);
    await page.waitForSelector('#policy-form select#policy-ai-training', { timeout: WAIT_MS });
    assert.equal(await page.$eval('#policy-apply', (button) => button.disabled), true);
    await page.selectOption('#policy-ai-training', 'block');
    await page.selectOption('#policy-search', 'allow');
    await page.check('#policy-content-usage');
    const expected = ai.writePolicy(start, 'search allow\nai-training block\ncontent-usage', {});
    await page.waitForFunction(
      ({ mismatches, rows }) =>
        document.querySelector('#policy-check').dataset.mismatches === String(mismatches) &&
        document.querySelectorAll('#policy-check tr[data-crawler]').length === rows &&
        [...document.querySelectorAll('#policy-diff code')].some((code) => code.textContent.startsWith('Content-Usage:')),
      { mismatches: expected.mismatches, rows: expected.checks.length },
      { timeout: WAIT_MS },
    );
    assert.equal(expected.mismatches, 0);
    const rows = await page.$$eval('#policy-check tr[data-crawler]', (rows) => rows.length);
    assert.equal(rows, expected.checks.length);
    const added = await page.$$eval('#policy-diff li[data-kind="added"] code', (codes) => codes.map((code) => code.textContent));
    assert.ok(added.includes('User-agent: GPTBot'), added.join('\n'));
    assert.ok(added.includes('Content-Usage: train-ai=n, search=y'));

    await page.click('#policy-apply');
    await page.waitForFunction((text) => document.querySelector('#robots').value === text, expected.text, { timeout: WAIT_MS });
    // The editor's text is checked again: GPTBot is now blocked.
    await page.fill('#agent', 'GPTBot');
    await page.fill('#url', '/');
    await page.waitForFunction(() => document.querySelector('#verdict').dataset.verdict === 'disallowed', null, { timeout: WAIT_MS });
    // Nothing left to change once applied.
    await page.waitForFunction(() => document.querySelector('#policy-apply').disabled, null, { timeout: WAIT_MS });
  }, PAGE);
});

// Issue 38: "allow" alone wrote an empty BEGIN/END block; after Apply the panel said "Nothing to
// change: choose…" with the choice still made; the applied note stayed after other pastes.
test('the policy builder writes nothing for "allow" alone, says the file holds an applied policy, and forgets it on a paste', async () => {
  await withPage(
    browser,
    async (page) => {
      await pasteInto(page, '#robots', 'User-agent: *\nDisallow: /admin/\n');
      await page.waitForSelector('#policy-form select#policy-search', { timeout: WAIT_MS });
      await page.selectOption('#policy-search', 'allow');
      await page.waitForSelector('#policy-diff [data-no-change="in-file"]', { timeout: WAIT_MS });
      assert.equal(await page.locator('#policy-diff li[data-kind="added"]').count(), 0);
      assert.equal(await page.$eval('#policy-apply', (button) => button.disabled), true);

      await page.selectOption('#policy-ai-training', 'block');
      await page.waitForFunction(() => !document.querySelector('#policy-apply').disabled, null, { timeout: WAIT_MS });
      await page.click('#policy-apply');
      await page.waitForFunction(() => /policy is in the editor/.test(document.querySelector('#policy-status').textContent), null, {
        timeout: WAIT_MS,
      });
      await page.waitForSelector('#policy-diff [data-no-change="in-file"]', { timeout: WAIT_MS });
      assert.doesNotMatch(await page.textContent('#policy-diff'), /choose what/);

      await pasteInto(page, '#robots', 'User-agent: *\nDisallow: /other/\n');
      await page.waitForFunction(() => document.querySelector('#policy-status').textContent === '', null, { timeout: WAIT_MS });
      assert.equal(await page.isHidden('#policy-undo'), true);
    },
    { ...PAGE, contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } },
  );
});

test('the check table shows crawlers whose verdict differs from the choice', async () => {
  // GPTBot's own group allows everything: merged with the policy's Disallow: /, the Allow wins.
  const start = 'User-agent: GPTBot\nAllow: /\n';
  await withPage(browser, async (page) => {
    await page.fill('#robots', start);
    await page.waitForSelector('#policy-form select#policy-ai-training', { timeout: WAIT_MS });
    await page.selectOption('#policy-ai-training', 'block');
    const expected = ai.writePolicy(start, 'ai-training block', {});
    assert.ok(expected.mismatches > 0);
    await page.waitForFunction(
      (mismatches) => document.querySelector('#policy-check').dataset.mismatches === String(mismatches),
      expected.mismatches,
      { timeout: WAIT_MS },
    );
    assert.equal(await page.$eval('#policy-check', (element) => element.dataset.mismatches), String(expected.mismatches));
    const flagged = await page.$$eval('#policy-check tr[data-mismatch="true"]', (rows) => rows.map((row) => row.dataset.crawler));
    assert.ok(flagged.includes('GPTBot'), flagged.join(', '));
    // Per-path blocking: a path field opens for "block these paths".
    assert.equal(await page.$eval('#policy-archive-paths', (input) => input.disabled), true);
    await page.selectOption('#policy-archive', 'paths');
    await page.fill('#policy-archive-paths', '/drafts/');
    await page.waitForFunction(
      () => [...document.querySelectorAll('#policy-check tr[data-crawler="ia_archiver"]')].some((row) => row.dataset.path === '/drafts/'),
      null,
      { timeout: WAIT_MS },
    );
  }, PAGE);
});
