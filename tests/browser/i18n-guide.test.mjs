// The page in three languages, and its guide: the language follows the browser, the switch
// changes it, the choice is remembered and `<html lang>` follows; in Spanish and Portuguese no
// visible text is left in English where the catalogue has a translation; every in-page link
// lands on an anchor that exists; the guide's pattern table shows what the engine answers; axe
// finds nothing serious in any language; and the verdict is in view where a visitor looks.
//
// Run: node --test tests/browser/i18n-guide.test.mjs   (after `npm run build`)

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';

import { PATTERN_EXAMPLES } from '../../www/panels/guide.js';
import { readPageCatalogue } from '../node/catalogue-strings.mjs';
import wasm from '../node/wasm.mjs';
import {
  VIEWPORTS,
  launchBrowser,
  runAxe,
  seriousViolations,
  settled,
  withPage,
} from './harness.mjs';

const WAIT_MS = 20_000;
const CATALOGUES = Object.fromEntries(['en', 'es', 'pt-PT', 'pt-BR'].map((id) => [id, readPageCatalogue(id)]));

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** The page in a browser whose language is `locale`, settled once the verdict and the guide are. */
function inBrowser(locale, { viewport = VIEWPORTS.desktop } = {}) {
  return {
    viewport,
    contextOptions: { locale },
    settle: { regions: ['#result'], shown: ['.pattern-table[data-state="done"]'], timeout: WAIT_MS },
  };
}

/** The page's visible texts outside user content and code, one string per text node. */
function visibleTexts(page) {
  return page.evaluate(() => {
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const element = node.parentElement;
      if (!element || element.closest('[translate="no"], code, pre, textarea, script, style, [hidden], [lang="en"]')) continue;
      const text = node.textContent.replace(/\s+/g, ' ').trim();
      if (text.length < 4 || !element.checkVisibility?.()) continue;
      texts.push(text);
    }
    return texts;
  });
}

/** English catalogue texts that `lang` translates differently, without their markup. */
function englishOnly(lang) {
  const plain = (text) => text.replace(/`([^`]*)`/g, '$1').replace(/\*\*([^*]*)\*\*/g, '$1').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  const found = new Set();
  for (const [key, english] of Object.entries(CATALOGUES.en)) {
    if (english === CATALOGUES[lang][key] || english.includes('{')) continue;
    found.add(plain(english).replace(/\s+/g, ' ').trim());
  }
  return found;
}

test('the language follows the browser, the switch changes it, and the choice is remembered', async () => {
  await withPage(browser, async (page) => {
    assert.equal(await page.getAttribute('html', 'lang'), 'pt-BR');
    assert.equal(await page.textContent('#checker-heading'), CATALOGUES['pt-BR']['checker.heading']);
    await page.selectOption('#language-select', 'es');
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    assert.equal(await page.textContent('#checker-heading'), CATALOGUES.es['checker.heading']);
    // The verdict is drawn again in the new language.
    await page.waitForFunction(
      (words) => words.includes(document.querySelector('#verdict .verdict-word').textContent),
      [CATALOGUES.es['render.allowed'], CATALOGUES.es['render.disallowed']],
    );
    // The audit's "learn more" texts come from the Spanish docs the build writes.
    const docs = JSON.parse(readFileSync(new URL('../../www/pkg/audit-codes.es.json', import.meta.url), 'utf8'));
    const titles = docs.map((doc) => doc.title.replaceAll('`', ''));
    await page.waitForFunction(
      (spanish) => {
        const summaries = [...document.querySelectorAll('#audit .learn-more summary')].map((node) => node.textContent);
        return summaries.length > 0 && summaries.every((text) => spanish.some((title) => text.endsWith(title)));
      },
      titles,
      { timeout: WAIT_MS },
    );
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    assert.equal(await page.inputValue('#language-select'), 'es');
  }, inBrowser('pt-BR'));
});

for (const lang of ['es', 'pt-PT', 'pt-BR']) {
  test(`no visible text stays in English where the ${lang} catalogue translates it`, async () => {
    await withPage(browser, async (page, session) => {
      const english = englishOnly(lang);
      const left = (await visibleTexts(session.page)).filter((text) => english.has(text));
      assert.deepEqual([...new Set(left)], []);
    }, inBrowser(lang));
  });
}

/** The audit codes' documentation the build writes for the page language `lang`. */
function codeDocs(lang) {
  const file = lang === 'en' ? 'audit-codes.json' : `audit-codes.${lang}.json`;
  return JSON.parse(readFileSync(new URL(`../../www/pkg/${file}`, import.meta.url), 'utf8'));
}

// Portuguese is written for Portugal and for Brazil: each page reads its own code docs, not the
// other's (a pt-PT reader sees "O ficheiro …", a pt-BR reader "O arquivo …").
for (const [lang, other] of [['pt-PT', 'pt-BR'], ['pt-BR', 'pt-PT']]) {
  test(`the audit's code docs on a ${lang} page are ${lang}'s, not ${other}'s`, async () => {
    await withPage(browser, async (page) => {
      const titles = (id) => new Map(codeDocs(id).map((doc) => [doc.id, doc.title.replaceAll('`', '')]));
      const own = titles(lang);
      const others = titles(other);
      await page.fill('#robots', findingsFile());
      await page.waitForFunction(() => document.querySelectorAll('#audit .learn-more summary').length > 20, null, { timeout: WAIT_MS });
      await page.waitForSelector('#audit[aria-busy="false"]', { timeout: WAIT_MS });
      const shown = await page.$$eval('#audit .learn-more summary', (nodes) =>
        nodes.map((node) => [node.querySelector('code').textContent, node.textContent.replace(/\s+/g, ' ').trim()]),
      );
      const differing = shown.filter(([id]) => own.get(id) !== others.get(id));
      assert.ok(differing.length >= 5, `${differing.length} codes whose ${lang} and ${other} titles differ are shown`);
      for (const [id, text] of differing) {
        assert.ok(text.endsWith(own.get(id)), `${id} on a ${lang} page: "${text}", expected the title "${own.get(id)}"`);
      }
      // One code named outright, so that a failure reads plainly.
      const several = shown.find(([id]) => id === 'RL308');
      assert.ok(several, 'RL308 (several user-agents on a line) is among the findings');
      assert.match(several[1], lang === 'pt-PT' ? /Vários user-agents numa linha$/ : /Vários user-agents em uma linha$/);
    }, inBrowser(lang));
  });
}

/** Words of English sentences that Spanish and Portuguese sentences never use. */
const ENGLISH_WORDS = new Set(['the', 'is', 'are', 'and', 'this', 'that', 'which', 'with', 'does', 'would', 'of', 'to', 'its', 'it', 'not']);

/**
 * The texts of `selector`'s elements, outside code and values from the file, that read as
 * English: two or more of ENGLISH_WORDS, or a piece of a core template's English wording that
 * `lang` words differently.
 */
async function englishSentences(page, selector, lang) {
  const fragments = new Set();
  for (const [key, english] of Object.entries(CATALOGUES.en)) {
    if (!key.startsWith('core.') || english === CATALOGUES[lang][key]) continue;
    for (const piece of english.replace(/`[^`]*`/g, '\u0000').split(/\{[a-zA-Z0-9_]+\}|\u0000/)) {
      if (piece.trim().split(/\s+/).length >= 3) fragments.add(piece.trim());
    }
  }
  const texts = await page.$$eval(selector, (elements) =>
    elements.flatMap((element) => {
      const texts = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const parent = walker.currentNode.parentElement;
        if (parent.closest('[translate="no"], code, pre')) continue;
        texts.push(walker.currentNode.textContent);
      }
      return [texts.join(' ').replace(/\s+/g, ' ').trim()];
    }),
  );
  return texts.filter((text) => {
    const words = new Set(text.toLowerCase().match(/[a-z]+/g) ?? []);
    const common = [...words].filter((word) => ENGLISH_WORDS.has(word));
    return common.length >= 2 || [...fragments].some((fragment) => text.includes(fragment));
  });
}

/** A file made of every audit code's documented example, so that the audit finds most codes. */
function findingsFile() {
  const docs = JSON.parse(readFileSync(new URL('../../www/pkg/audit-codes.json', import.meta.url), 'utf8'));
  return docs.map((doc) => doc.example).join('\n');
}

for (const lang of ['es', 'pt-PT', 'pt-BR']) {
  test(`the audit's findings are worded in ${lang}, values from the file left as they are`, async () => {
    await withPage(browser, async (page) => {
      await page.fill('#robots', findingsFile());
      await page.waitForFunction(() => document.querySelectorAll('#audit .finding').length > 40, null, { timeout: WAIT_MS });
      await page.waitForSelector('#audit[aria-busy="false"]', { timeout: WAIT_MS });
      const left = await englishSentences(page, '#audit .finding-message, #audit .finding-why, #audit .finding-fix', lang);
      assert.deepEqual(left, []);
      // Values from the file are code that no translator touches.
      const values = await page.$$eval('#audit .finding-message code[translate="no"]', (nodes) => nodes.length);
      assert.ok(values > 10, `${values} values from the file marked translate="no"`);
      // A switch of language words the same findings again.
      await page.selectOption('#language-select', 'en');
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      // The findings are drawn again in English once the English docs are loaded.
      await page.waitForFunction(
        () => [...document.querySelectorAll('#audit .finding-why')].some((node) => /\bthe\b/.test(node.textContent)),
        null,
        { timeout: WAIT_MS },
      );
    }, inBrowser(lang));
  });
}

for (const lang of ['es', 'pt-PT', 'pt-BR']) {
  test(`why the other readers disagree is worded in ${lang}`, async () => {
    await withPage(browser, async (page) => {
      // Python's robotparser and the 1994 readers take `*` and `$` literally; Google and the RFC
      // do not: the readers disagree about /guide.pdf.
      await page.fill('#robots', 'User-agent: *\nDisallow: /*.pdf$\nAllow: /\n');
      await page.fill('#url', '/guide.pdf');
      await page.waitForSelector('.divergence-row[data-agrees="false"] .divergence-why', { timeout: WAIT_MS });
      const left = await englishSentences(page, '.divergence-why', lang);
      assert.deepEqual(left, []);
      const texts = await page.$$eval('.divergence-why', (nodes) => nodes.map((node) => node.textContent));
      assert.ok(texts.length >= 1 && texts.every((text) => text.length > 20), JSON.stringify(texts));
    }, inBrowser(lang));
  });
}

for (const lang of ['es', 'pt-PT', 'pt-BR']) {
  test(`the fetch status, its label and its rules are worded in ${lang}`, async () => {
    await withPage(browser, async (page) => {
      await page.waitForSelector('#status-select:not([disabled])', { timeout: WAIT_MS });
      const values = await page.$$eval('#status-select option', (options) => options.map((option) => option.value));
      const problems = [];
      // Every choice of the menu, and what each does, in words of the page's language.
      for (const value of values) {
        await page.selectOption('#status-select', value);
        await page.waitForFunction(
          () => document.querySelector('#status-explanation .status-effect') !== null,
          null,
          { timeout: WAIT_MS },
        );
        problems.push(...(await englishSentences(page, '#status-explanation .status-effect, #status-explanation .status-rule', lang)));
      }
      problems.push(...(await englishSentences(page, '#status-select option', lang)));
      assert.deepEqual([...new Set(problems)], []);
      assert.ok(values.length >= 8, `${values.length} statuses offered`);
    }, inBrowser(lang));
  });
}

for (const lang of ['es', 'pt-PT', 'pt-BR']) {
  test(`every crawler's description and note are worded in ${lang}`, async () => {
    await withPage(browser, async (page) => {
      await page.waitForSelector('#crawler-select:not([disabled])', { timeout: WAIT_MS });
      const names = await page.$$eval('#crawler-select option', (options) => options.map((option) => option.value).filter(Boolean));
      const problems = [];
      for (const name of names) {
        await page.selectOption('#crawler-select', name);
        await page.waitForFunction(
          (wanted) => document.querySelector('#crawler-details .crawler-about-head strong')?.textContent === wanted,
          name,
          { timeout: WAIT_MS },
        );
        const about = await page.$$eval('#crawler-details .crawler-about > p:not(.crawler-about-head)', (nodes) =>
          nodes.map((node) => ({ text: node.textContent, lang: node.lang })),
        );
        for (const { text, lang: marked } of about) {
          if (marked === 'en') problems.push(`${name}: still the engine's English: ${text}`);
        }
        const key = (part) => CATALOGUES[lang][`core.crawler.${name}.${part}`];
        if (!about.some(({ text }) => text === key('description'))) problems.push(`${name}: no ${lang} description`);
      }
      assert.ok(names.length >= 50, `${names.length} crawlers offered`);
      assert.deepEqual(problems, []);
    }, inBrowser(lang));
  });
}

test("the self-test's results are drawn again in the new language", async () => {
  await withPage(browser, async (page) => {
    await page.click('#selftest-run');
    await page.waitForSelector('#selftest-summary[data-passed]:not([data-passed=""])', { timeout: 60_000 });
    const prefix = (lang) => CATALOGUES[lang]['selftest.all-pass'].split('{')[0];
    assert.ok((await page.textContent('#selftest-summary')).startsWith(prefix('es')));
    const passed = await page.getAttribute('#selftest-summary', 'data-passed');
    await page.selectOption('#language-select', 'pt-PT');
    await page.waitForFunction(
      (start) => document.querySelector('#selftest-summary').textContent.startsWith(start),
      prefix('pt-PT'),
      { timeout: WAIT_MS },
    );
    assert.equal(await page.getAttribute('#selftest-summary', 'data-passed'), passed);
    // The results below the summary are drawn again too: their category headings are Portuguese.
    const heading = await page.textContent('#selftest-results .selftest-by-category');
    assert.equal(heading, CATALOGUES['pt-PT']['selftest.by-category']);
  }, inBrowser('es'));
});

test('every in-page link lands on an element that exists', async () => {
  await withPage(browser, async (page, session) => {
    const missing = await session.page.evaluate(() =>
      [...document.querySelectorAll('a[href^="#"]')]
        .map((link) => link.getAttribute('href'))
        .filter((href) => href.length > 1 && document.getElementById(decodeURIComponent(href.slice(1))) === null),
    );
    assert.deepEqual([...new Set(missing)], []);
    // The guide has a table of contents and every section is in it.
    const sections = await session.page.$$eval('.guide-section', (nodes) => nodes.map((node) => node.id));
    const toc = await session.page.$$eval('#guide-toc a', (links) => links.map((link) => link.getAttribute('href').slice(1)));
    assert.ok(sections.length >= 8, `${sections.length} guide sections`);
    assert.deepEqual(toc, sections);
  }, inBrowser('en'));
});

test('the pattern table shows what the engine answers, not typed text', async () => {
  await withPage(browser, async (page, session) => {
    const rows = await session.page.$$eval('.pattern-table tbody tr', (trs) =>
      trs.map((tr) => ({
        pattern: tr.dataset.pattern,
        matches: [...tr.querySelectorAll('.pattern-matches [data-path]')].map((node) => node.dataset.path),
        misses: [...tr.querySelectorAll('.pattern-misses [data-path]')].map((node) => node.dataset.path),
      })),
    );
    assert.equal(rows.length, PATTERN_EXAMPLES.length);
    for (const [index, [pattern, paths]] of PATTERN_EXAMPLES.entries()) {
      const robots = `User-agent: *\nDisallow: ${pattern}\n`;
      const blocked = (path) => !wasm.check(robots, 'ExampleBot', path, { profile: 'rfc9309', agentMatch: 'token' }).allowed;
      assert.deepEqual(rows[index], {
        pattern,
        matches: paths.filter(blocked),
        misses: paths.filter((path) => !blocked(path)),
      });
    }
    // Real answers, both ways: `/fish` matches `/fish.html` and not `/catfish`.
    assert.ok(rows[0].matches.includes('/fish.html') && rows[0].misses.includes('/catfish'));
  }, inBrowser('en'));
});

for (const lang of ['en', 'es', 'pt-PT', 'pt-BR']) {
  test(`axe finds no serious or critical violations in ${lang}`, async () => {
    await withPage(browser, async (page, session) => {
      assert.deepEqual(seriousViolations(await runAxe(session.page)), []);
    }, inBrowser(lang));
  });
}

test('the verdict is above the fold on a desktop and within two screens on a phone', async () => {
  for (const [viewport, screens] of [
    [{ width: 1280, height: 800 }, 1],
    [VIEWPORTS.phone, 2],
  ]) {
    await withPage(browser, async (page, session) => {
      const bottom = await session.page.$eval('#verdict', (node) => node.getBoundingClientRect().bottom + window.scrollY);
      assert.ok(bottom <= viewport.height * screens, `${viewport.width} px: the verdict ends at ${Math.round(bottom)} px`);
    }, inBrowser('en', { viewport }));
  }
});

test('the crawler table is a window of rows until "Show all crawlers" unfolds it', async () => {
  await withPage(browser, async (page) => {
    await page.waitForSelector('#crawler-table tr[data-crawler]');
    const size = () => page.$eval('#crawler-table', (node) => [node.clientHeight, node.scrollHeight]);
    const [folded, full] = await size();
    assert.ok(folded < full, `the folded table shows ${folded} of ${full} px`);
    await page.click('#crawler-show-all');
    assert.equal(await page.getAttribute('#crawler-show-all', 'aria-expanded'), 'true');
    const [unfolded, total] = await size();
    assert.equal(unfolded, total);
    assert.equal((await page.textContent('#crawler-show-all')).trim(), CATALOGUES.en['crawlers.show-fewer']);
  }, inBrowser('en'));
});
