// The answer first (issue 26, items 1–3): one summary box at the top of the result with the
// verdict, the deciding line's number and text and the group that applied; a catalogued crawler
// typed (or recognised in a UA string) answered as itself, with the answer as typed below it only
// where it differs; nothing moving after the first paint; and, on a phone, the agent, the URL
// and the summary on the first screen.
//
// Text is put in the editor as a person does: copied to the clipboard and pasted with Ctrl+V.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import {
  VIEWPORTS,
  chooseReadingOption,
  expectVerdict,
  launchBrowser,
  pasteInto,
  settled,
  startSession,
  startSlowDocumentServer,
  withPage,
} from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser?.close());

/** A fresh page at `viewport`, with the clipboard the paste needs. */
function inBrowser(viewport = VIEWPORTS.desktop, contextOptions = {}) {
  return {
    viewport,
    contextOptions: { permissions: ['clipboard-read', 'clipboard-write'], ...contextOptions },
    settle: { timeout: 90_000 },
  };
}

async function ask(page, { robots, agent, url }) {
  if (robots !== undefined) await pasteInto(page, '#robots', robots);
  if (agent !== undefined) await page.fill('#agent', agent);
  if (url !== undefined) await page.fill('#url', url);
}

/** Waits until the result is settled, and returns what the summary says. */
async function summary(page) {
  await settled(page, { regions: ['#result'], orNoVerdict: true });
  return page.locator('#summary').evaluate((box) => ({
    verdict: box.dataset.verdict,
    line: box.dataset.line,
    group: box.dataset.group,
    crawler: box.dataset.crawler,
    rule: box.querySelector('#summary-rule').textContent,
    groupText: box.querySelector('#summary-group').textContent,
    asker: box.querySelector('#summary-asker').textContent,
  }));
}

describe('the summary at the top of the result', () => {
  test('gives the verdict, the deciding line with its text and the group, above everything else', async () => {
    await withPage(browser, async (page) => {
      await ask(page, {
        robots: 'User-agent: *\nDisallow: /private/\n\nUser-agent: ExampleBot\nDisallow: /drafts/\n',
        agent: 'ExampleBot',
        url: '/drafts/plan',
      });
      await expectVerdict(page, 'disallowed', 5);
      const said = await summary(page);
      assert.equal(said.verdict, 'disallowed');
      assert.equal(said.line, '5');
      assert.equal(said.group, 'own');
      assert.match(said.rule, /Line 5/);
      assert.match(said.rule, /Disallow: \/drafts\//, 'the deciding line is quoted as written');
      assert.match(said.groupText, /user-agent line 4/);
      // Above everything: the other readers, the AI usage and the explanation all follow it.
      const order = await page.evaluate(() => {
        const top = (selector) => document.querySelector(selector).getBoundingClientRect().top;
        return {
          summary: document.querySelector('#summary').getBoundingClientRect().bottom,
          divergence: top('#divergence'),
          preferences: top('#preferences'),
          explanation: top('#explanation'),
        };
      });
      assert.ok(order.summary <= order.divergence, JSON.stringify(order));
      assert.ok(order.divergence <= order.preferences && order.preferences <= order.explanation, JSON.stringify(order));

      await ask(page, { agent: 'OtherBot', url: '/private/x' });
      await expectVerdict(page, 'disallowed', 2);
      const star = await summary(page);
      assert.equal(star.group, 'star');
      assert.match(star.rule, /Disallow: \/private\//);

      await ask(page, { url: '/public' });
      await expectVerdict(page, 'allowed', null);
      const none = await summary(page);
      assert.equal(none.line, '');
      assert.match(none.rule, /No rule matches/);
    }, inBrowser());
  });

  test('says in one line that a file states no AI-usage preference, and shows the table when it does', async () => {
    await withPage(browser, async (page) => {
      await ask(page, { robots: 'User-agent: *\nDisallow: /private/\n', agent: 'GPTBot', url: '/page' });
      await expectVerdict(page, 'allowed', null);
      await summary(page);
      assert.equal(await page.locator('#preferences-table').count(), 0, 'no table of "not stated"');
      assert.equal(await page.locator('#preferences [data-states="none"]').count(), 1);
      await ask(page, { robots: 'User-agent: *\nDisallow: /private/\nContent-Usage: train-ai=n\n' });
      await expectVerdict(page, 'allowed', null);
      await summary(page);
      assert.equal(await page.locator('#preferences-table').count(), 1);
    }, inBrowser());
  });

  // In every language: a page that starts in Spanish or Portuguese is not painted in English
  // first and then translated, which moved everything below each text that changed length. As on
  // a slow phone (issue 38): the CPU four times slower and the document arriving in parts, so
  // that a browser paints its first part before the rest is laid out. Cut also where a loaded
  // browser painted half of something: inside the boot message, which stood on the bottom and grew
  // upwards (CLS 0.0065 at 1366 px); before the crawler menu, beside which its label was centred;
  // before "Copy link", which moved "Open file…" when the toolbar was aligned to its end.
  test('nothing on screen moves after the first paint (cumulative layout shift 0), on a slow phone too', async () => {
    const server = await startSlowDocumentServer({
      alsoCutAt: [
        '<p class="hint" data-i18n="boot.hint">',
        'and must be served over HTTP',
        '<select id="crawler-select"',
        '<button type="button" id="copy-link"',
      ],
    });
    try {
      for (const [locale, viewport] of ['en', 'es', 'pt-PT'].flatMap((locale) => [
        [locale, VIEWPORTS.phone],
        [locale, { width: 1366, height: 800 }],
      ])) {
        const session = await startSession({ browser, viewport, server, contextOptions: { locale } });
        try {
          const { page } = session;
          const devtools = await session.context.newCDPSession(page);
          await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          // Recorded from the first paint: the observer is registered before any script runs.
          await page.addInitScript(() => {
            globalThis.__shifts = [];
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) {
                if (!entry.hadRecentInput) {
                  globalThis.__shifts.push({
                    value: entry.value,
                    sources: entry.sources.map((source) => source.node?.id || source.node?.className || source.node?.nodeName || '?'),
                  });
                }
              }
            }).observe({ type: 'layout-shift', buffered: true });
          });
          await session.goto('/');
          await settled(page, { regions: ['#result'], orNoVerdict: true, timeout: 90_000 });
          // The panels under the verdict, the audit and the header's counts arrive after it.
          await page.waitForFunction(
            () =>
              document.querySelector('#header-findings').textContent !== '' &&
              document.querySelector('#crawlers').getAttribute('aria-busy') === 'false',
            null,
            { timeout: 90_000 },
          );
          // Two frames, so that a shift of the last change is reported.
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          const shifts = await page.evaluate(() => globalThis.__shifts);
          const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
          assert.equal(await page.getAttribute('html', 'lang'), locale);
          assert.equal(total, 0, `${locale} ${viewport.width}px: ${JSON.stringify(shifts)}`);
        } finally {
          await session.close();
        }
      }
    } finally {
      await server.close();
    }
  });
});

describe('a file that is no robots.txt', () => {
  // Issue 38: a site's home page served as its robots.txt was answered "Allowed, no group
  // applies", and that it is no robots.txt was said only far below, in the audit.
  test('is named in the summary as what it is (an HTML page, a JSON error body, binary data), with what crawlers do with it', async () => {
    await withPage(browser, async (page) => {
      await ask(page, {
        robots: '<!DOCTYPE html>\n<html lang="en">\n<head><title>Shop</title></head>\n<body>\n<h1>Welcome</h1>\n</body>\n</html>\n',
        agent: 'Googlebot',
        url: '/private/plan',
      });
      await expectVerdict(page, 'allowed', null);
      await summary(page);
      assert.equal(await page.getAttribute('#summary', 'data-not-robots-txt'), 'html-page');
      const html = await page.textContent('#summary-rule');
      assert.match(html, /HTML document \(it opens with <!DOCTYPE html>\), not a robots\.txt; crawlers find no rule in it/);

      await ask(page, { robots: '{"status":404,"error":"Not Found"}\n' });
      await expectVerdict(page, 'allowed', null);
      await summary(page);
      assert.equal(await page.getAttribute('#summary', 'data-not-robots-txt'), 'json');
      assert.match(await page.textContent('#summary-rule'), /JSON document .*not a robots\.txt/);

      // Opened, as a file served gzip'd without its header is saved.
      const gzip = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x01, 0x02, 0x03]);
      await page.setInputFiles('#file-input', { name: 'robots.txt', mimeType: 'application/octet-stream', buffer: gzip });
      await page.waitForFunction(() => document.querySelector('#summary').dataset.notRobotsTxt === 'binary', null, { timeout: 20_000 });
      assert.match(await page.textContent('#summary-rule'), /gzip-compressed data, not a robots\.txt/);

      // A robots.txt is answered as before, and the row says nothing of the kind.
      await ask(page, { robots: 'User-agent: *\nDisallow: /private/\n' });
      await expectVerdict(page, 'disallowed', 2);
      await summary(page);
      assert.equal(await page.getAttribute('#summary', 'data-not-robots-txt'), '');
      assert.doesNotMatch(await page.textContent('#summary-rule'), /not a robots\.txt/);
    }, inBrowser());
  });
});

describe('a URL typed as a file name', () => {
  // Issue 38: `admin/` was read as a path, `index.html` as a host with no path (no verdict).
  test('is a path when its extension is no top-level domain', async () => {
    await withPage(browser, async (page) => {
      await ask(page, { robots: 'User-agent: *\nDisallow: /index.html\nDisallow: /*.pdf$\n', agent: 'Googlebot', url: 'index.html' });
      await expectVerdict(page, 'disallowed', 2);
      await ask(page, { url: 'report.pdf' });
      await expectVerdict(page, 'disallowed', 3);
      // A host typed alone is still told apart.
      await ask(page, { url: 'example.com' });
      await settled(page, { regions: ['#result'], orNoVerdict: true });
      assert.equal(await page.getAttribute('#verdict', 'data-verdict'), '');
    }, inBrowser());
  });
});

describe('a known crawler typed is answered as itself', () => {
  test('AdsBot-Google, which ignores the * group, is allowed where the typed name is not', async () => {
    await withPage(browser, async (page) => {
      await ask(page, { robots: 'User-agent: *\nDisallow: /\n', agent: 'AdsBot-Google', url: '/landing' });
      await expectVerdict(page, 'allowed', null);
      const said = await summary(page);
      assert.equal(said.crawler, 'AdsBot-Google');
      assert.equal(said.group, 'none');
      assert.match(said.groupText, /AdsBot-Google/);
      assert.match(said.groupText, /ignores the \* group/);
      // The answer as typed, under the chosen model, follows with why it differs.
      const typed = page.locator('#as-typed');
      assert.equal(await typed.isVisible(), true);
      assert.equal(await typed.getAttribute('data-verdict'), 'disallowed');
      assert.equal(await typed.getAttribute('data-line'), '2');
      assert.match(await typed.textContent(), /own order of groups/);

      // The choice stays explicit: unticked, the name is read as typed.
      await chooseReadingOption(page, '#as-crawler');
      await page.uncheck('#as-crawler');
      await expectVerdict(page, 'disallowed', 2);
      const asTyped = await summary(page);
      assert.equal(asTyped.crawler, '');
      assert.equal(await typed.isVisible(), false);
      assert.match(await page.textContent('#reading-options-current'), /names as typed/);
      await page.check('#as-crawler');
      await expectVerdict(page, 'allowed', null);
    }, inBrowser());
  });

  test('a UA string is answered as the crawler it names, with its operator’s status handling', async () => {
    await withPage(browser, async (page) => {
      await ask(page, {
        robots: 'User-agent: *\nAllow: /\n',
        agent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        url: '/x',
      });
      await expectVerdict(page, 'allowed', 2);
      assert.equal((await summary(page)).crawler, 'Googlebot');
      // Google treats 429 as a server error: everything is disallowed for Googlebot itself.
      await page.selectOption('#status-select', '429');
      await expectVerdict(page, 'disallowed', null);
      const said = await summary(page);
      assert.equal(said.group, 'status');
      assert.equal(said.crawler, 'Googlebot');
    }, inBrowser());
  });

  test('where the crawler and the typed name agree, nothing is repeated below the summary', async () => {
    await withPage(browser, async (page) => {
      await ask(page, { robots: 'User-agent: Googlebot\nDisallow: /g/\n', agent: 'Googlebot', url: '/g/1' });
      await expectVerdict(page, 'disallowed', 2);
      const said = await summary(page);
      assert.equal(said.crawler, 'Googlebot');
      assert.equal(said.group, 'own');
      assert.equal(await page.locator('#as-typed').isVisible(), false);
    }, inBrowser());
  });
});

describe('on a phone', () => {
  // Every language the page speaks: Spanish and Portuguese words are longer, and take more lines.
  for (const locale of ['en-US', 'es', 'pt-PT', 'pt-BR']) {
    test(`${locale}: the agent and URL fields and the summary are on the first screen, with no sideways scroll`, async () => {
      await withPage(browser, async (page) => {
        await summary(page);
        const boxes = await page.evaluate(() => {
          const box = (selector) => {
            const rect = document.querySelector(selector).getBoundingClientRect();
            return { top: rect.top + scrollY, bottom: rect.bottom + scrollY };
          };
          return {
            agent: box('#agent'),
            url: box('#url'),
            summary: box('#summary'),
            scrollWidth: document.documentElement.scrollWidth,
            clientWidth: document.documentElement.clientWidth,
          };
        });
        for (const name of ['agent', 'url', 'summary']) {
          assert.ok(boxes[name].bottom <= VIEWPORTS.phone.height, `${name} ends at ${boxes[name].bottom}px`);
        }
        assert.ok(boxes.scrollWidth <= boxes.clientWidth, `the page is ${boxes.scrollWidth}px wide`);
      }, inBrowser(VIEWPORTS.phone, { locale }));
    });
  }
});
