// The page's languages and words (issue 26, item 6): Portuguese as Portugal writes it (pt-PT, the
// default for `pt` and `pt-PT` browsers) beside Brazilian Portuguese (pt-BR); numbers as each
// language writes them; no untranslated id; the Portuguese navigation whole on a phone; the
// example picker that forgets an example once the text is the user's; the AI line that says
// which URL its counts are for; the first screen whole in every language before the panels'
// texts (www/text/i18n/<lang>.panels.json) have come.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { readPageCatalogue } from '../node/catalogue-strings.mjs';
import { VIEWPORTS, launchBrowser, pasteInto, startSession, withPage } from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser?.close());

/** The page in a browser whose language is `locale`, with the clipboard a paste needs. */
function inBrowser({ locale = 'en-US', viewport = VIEWPORTS.desktop } = {}) {
  return {
    viewport,
    contextOptions: { locale, permissions: ['clipboard-read', 'clipboard-write'] },
    settle: { regions: ['#result'], timeout: 90_000 },
  };
}

describe('Portuguese', () => {
  for (const [locale, expected] of [
    ['pt', 'pt-PT'],
    ['pt-PT', 'pt-PT'],
    ['pt-BR', 'pt-BR'],
  ]) {
    test(`a ${locale} browser gets ${expected}`, async () => {
      await withPage(browser, async (page) => {
        assert.equal(await page.getAttribute('html', 'lang'), expected);
        assert.equal(await page.inputValue('#language-select'), expected);
        const open = await page.textContent('#open-file');
        assert.equal(open, expected === 'pt-PT' ? 'Abrir ficheiro…' : 'Abrir arquivo…');
        // Every choice's title in the reader's words (issue 38: "Substring" was left in English).
        const titles = await page.locator('#agent-match-choices label, #profile-choices label').allTextContents();
        assert.ok(titles.length > 0);
        for (const title of titles) assert.doesNotMatch(title, /Substring/, title);
      }, inBrowser({ locale }));
    });
  }

  test('the phone navigation shows every section whole, "Autoteste" included', async () => {
    await withPage(browser, async (page) => {
      // On a phone the sections are one row that scrolls sideways (the bar stays as tall as in
      // English): each link, brought into that row's view as Tab brings it, is whole on screen.
      const links = await page.locator('.site-nav a').evaluateAll((anchors) =>
        anchors.map((anchor) => {
          anchor.scrollIntoView({ block: 'nearest', inline: 'nearest' });
          const rect = anchor.getBoundingClientRect();
          const nav = anchor.parentElement.getBoundingClientRect();
          return {
            text: anchor.textContent,
            left: rect.left,
            right: rect.right,
            navLeft: nav.left,
            navRight: nav.right,
            cut: anchor.scrollWidth > anchor.clientWidth + 1,
          };
        }),
      );
      assert.ok(links.some((link) => link.text === 'Autoteste'), JSON.stringify(links));
      for (const link of links) {
        assert.ok(!link.cut, `${link.text} is cut short`);
        assert.ok(link.left >= -0.5 && link.right <= VIEWPORTS.phone.width + 0.5, `${link.text}: ${link.left}–${link.right}`);
        assert.ok(link.left >= link.navLeft - 0.5 && link.right <= link.navRight + 0.5, `${link.text} is cut by the bar`);
      }
    }, inBrowser({ locale: 'pt-PT', viewport: VIEWPORTS.phone }));
  });
});

describe('the first screen before the panels\' texts', () => {
  // The panels' files are fetched after the first verdict (issue 38). tests/node/i18n.test.mjs
  // holds every text the first path names literally to the first file; this finds a text the
  // page looks up by a computed key: missing, it shows as its key (English lacks it too).
  const keys = Object.keys(readPageCatalogue('en'));
  for (const locale of ['en-US', 'es-ES', 'pt-PT', 'pt-BR']) {
    test(`${locale}: the verdict and every text drawn before them show no catalogue key`, async () => {
      const session = await startSession({ browser, contextOptions: { locale } });
      try {
        await session.context.route('**/www/text/i18n/*.panels.json', () => {}); // never answered
        const asked = session.page.waitForRequest((request) => request.url().endsWith('.panels.json'), { timeout: 60_000 });
        await session.goto('/');
        await asked;
        await session.page.waitForSelector('#verdict[data-verdict]', { timeout: 60_000 });
        const { text, lang } = await session.page.evaluate(() => ({
          text: document.body.innerText,
          lang: document.documentElement.lang,
        }));
        assert.equal(lang, locale === 'en-US' || locale === 'es-ES' ? locale.slice(0, 2) : locale);
        const shown = keys.filter((key) => text.includes(key));
        assert.deepEqual(shown, [], 'keys drawn as text while the panels\' texts are on their way');
      } finally {
        await session.close();
      }
    });
  }
});

describe('numbers', () => {
  test('are written as each language writes them', async () => {
    const lines = Array.from({ length: 12_000 }, (_, index) => `Disallow: /p${index}`).join('\n');
    // 12,001 lines: the User-agent line and the rules.
    const want = { en: /12,001 lines/, es: /12\.001 líneas/, 'pt-PT': /12\s001 linhas/u, 'pt-BR': /12\.001 linhas/ };
    await withPage(browser, async (page) => {
      await pasteInto(page, '#robots', `User-agent: *\n${lines}\n`);
      await page.waitForFunction(() => /12/.test(document.querySelector('#file-facts').textContent));
      for (const [language, pattern] of Object.entries(want)) {
        await page.selectOption('#language-select', language);
        await page.waitForFunction((id) => document.documentElement.lang === id, language);
        await page.waitForFunction(
          (source) => new RegExp(source, 'u').test(document.querySelector('#file-facts').textContent),
          pattern.source,
        );
      }
    }, inBrowser());
  });

  test('the self-test names every category in words and writes its seconds with the decimal comma', async () => {
    await withPage(browser, async (page) => {
      await page.click('#selftest-run');
      await page.waitForSelector('#selftest-summary[data-state="passed"], #selftest-summary[data-state="failed"]', { timeout: 120_000 });
      const titles = await page.locator('.category-title').allTextContents();
      assert.ok(titles.length > 0);
      for (const title of titles) assert.doesNotMatch(title, /^[a-z0-9]+(-[a-z0-9]+)+$/, `untranslated id: ${title}`);
      assert.match(await page.textContent('#selftest-summary'), /\d,\d\d\s?s/);
    }, inBrowser({ locale: 'pt-PT' }));
  });
});

describe('words', () => {
  test('the example picker forgets the example once the user pastes a file of their own', async () => {
    await withPage(browser, async (page) => {
      const example = await page.inputValue('#example-select');
      assert.notEqual(example, '', 'the page starts on an example');
      await pasteInto(page, '#robots', 'User-agent: *\nDisallow: /mine/\n');
      await page.waitForFunction(() => document.querySelector('#example-select').value === '');
      assert.match(await page.locator('#example-select option:checked').textContent(), /Choose an example/);
    }, inBrowser());
  });

  // Issue 38: Spanish spoke to the reader as "tú" everywhere but "Elija un ejemplo".
  test('Spanish speaks to the reader as tú throughout', async () => {
    await withPage(browser, async (page) => {
      await pasteInto(page, '#robots', 'User-agent: *\nDisallow: /mine/\n');
      await page.waitForFunction(() => document.querySelector('#example-select').value === '');
      assert.equal(await page.locator('#example-select option:checked').textContent(), 'Elige un ejemplo…');
      const words = await page.evaluate(() => document.body.innerText);
      const formal = words.match(/(?<![\p{L}])(Elija|Pegue|Abra|Seleccione|Compruebe|Escriba|Elimine|Añada|Cambie|Copie|Utilice|Asegúrese|usted)(?![\p{L}])/gu);
      assert.equal(formal, null, `formal address: ${formal}`);
    }, inBrowser({ locale: 'es' }));
  });

  test('the AI crawlers line says which URL its counts are for', async () => {
    await withPage(browser, async (page) => {
      await pasteInto(page, '#robots', 'User-agent: GPTBot\nDisallow: /\n');
      await page.fill('#url', '/articles/one');
      await page.waitForFunction(() => /\/articles\/one/.test(document.querySelector('#ai-summary').textContent));
      assert.match(await page.textContent('#ai-summary'), /^AI crawlers on \/articles\/one: training: \d+ of \d+ blocked/);
    }, inBrowser());
  });
});
