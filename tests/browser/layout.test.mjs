// Accessibility and layout of the page: axe-core finds no serious or critical violation (light
// and dark, desktop and phone, with every kind of content on screen), the page never scrolls
// sideways from 360 px up, the main parts are laid out apart, nothing a person reads is cut or
// outside the window in any of the four languages at desktop and phone width, and screenshots
// are saved for a person to look at.
//
// Run: node --test tests/browser/layout.test.mjs   (after `npm run build`)
// Screenshots go to $SCREENSHOT_DIR (default: <tmpdir>/robots-lens-screens), never the repo.

import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import {
  VIEWPORTS,
  launchBrowser,
  runAxe,
  seriousViolations,
  settled,
  startSession,
} from './harness.mjs';

const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR || join(tmpdir(), 'robots-lens-screens');
const WAIT_MS = 15_000;

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** Opens the page with `options`, loads example `exampleId` and waits until it is settled. */
async function openWithExample(exampleId, { viewport = VIEWPORTS.desktop, colorScheme = 'light' } = {}) {
  const session = await startSession({ browser, viewport, contextOptions: { colorScheme } });
  try {
    await session.goto('/');
    await settled(session.page, { timeout: WAIT_MS });
    await session.page.selectOption('#example-select', exampleId);
    await session.page.click('#load-example');
    await settled(session.page, { regions: ['#result'], timeout: WAIT_MS });
    return session;
  } catch (error) {
    await session.close();
    throw error;
  }
}

const CASES = [
  { name: 'desktop-light', exampleId: 'shop', viewport: VIEWPORTS.desktop, colorScheme: 'light' },
  { name: 'desktop-dark', exampleId: 'mistakes', viewport: VIEWPORTS.desktop, colorScheme: 'dark' },
  { name: 'phone-light', exampleId: 'news', viewport: VIEWPORTS.phone, colorScheme: 'light' },
  { name: 'phone-dark', exampleId: 'mistakes', viewport: VIEWPORTS.phone, colorScheme: 'dark' },
];

for (const { name, exampleId, ...options } of CASES) {
  test(`axe finds no serious or critical violations (${name}, ${exampleId} example)`, async () => {
    const session = await openWithExample(exampleId, options);
    try {
      // A note with an action and a share link, so those are checked too.
      await session.page.click('#copy-link');
      await session.page.waitForSelector('[data-share-link]', { timeout: WAIT_MS });
      // axe reads each text's background at the place it measured it, scrolling as it goes. A
      // panel with `content-visibility: auto` is laid out at its estimated size until it nears
      // the window, so as axe scrolls, panels below change size and a text measured in one panel
      // is looked up where another panel's button now is (a false "contrast 1.73" on a finding
      // drawn over the crawler filter). Every panel is laid out for real before the scan.
      await session.page.waitForSelector('#audit[aria-busy="false"] #audit-summary', { timeout: WAIT_MS });
      await session.page.evaluate(() => {
        for (const element of document.querySelectorAll('.panel')) element.style.contentVisibility = 'visible';
      });
      await settledHeight(session.page);
      const violations = seriousViolations(await runAxe(session.page));
      assert.deepEqual(violations, []);
      assert.deepEqual(session.foreignRequests(), []);
      assert.deepEqual(session.errors, []);
    } finally {
      await session.close();
    }
  });
}

// Issue 38: in Spanish and Portuguese the sections' links wrapped to a fourth row of the phone's
// header (115 px against English's 92), and the sticky bar covered more of every screen.
test('on a phone the header is as tall in every language as in English, and every section link can be reached whole', async () => {
  const measured = {};
  for (const locale of ['en', 'es', 'pt-PT', 'pt-BR']) {
    const session = await startSession({ browser, viewport: VIEWPORTS.phone, contextOptions: { locale } });
    try {
      const { page } = session;
      await session.goto('/');
      await settled(page, { regions: ['#result'], timeout: WAIT_MS });
      await page.waitForFunction(() => document.querySelector('#header-findings').textContent !== '', null, { timeout: WAIT_MS });
      assert.equal(await page.getAttribute('html', 'lang'), locale);
      measured[locale] = await page.evaluate(() => document.querySelector('.site-header').getBoundingClientRect().height);
      // The last link, reached with the keyboard, is scrolled whole into the window.
      await page.locator('.site-nav a').nth(-2).focus();
      await page.keyboard.press('Tab');
      const last = page.locator('.site-nav a').last();
      assert.equal(await last.evaluate((link) => link === document.activeElement), true);
      const box = await last.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= VIEWPORTS.phone.width + 0.5, `${locale}: the last section link is at ${box.x}–${box.x + box.width} px`);
    } finally {
      await session.close();
    }
  }
  for (const locale of ['es', 'pt-PT', 'pt-BR']) assert.equal(measured[locale], measured.en, `header heights at 390 px: ${JSON.stringify(measured)}`);
});

for (const width of [360, 390, 768, 1280]) {
  test(`nothing scrolls sideways at ${width} px`, async () => {
    const session = await openWithExample('mistakes', { viewport: { width, height: 900 } });
    try {
      const overflow = await session.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      assert.ok(overflow <= 0, `the page is ${overflow} px wider than the window`);
    } finally {
      await session.close();
    }
  });
}

test('every control has a label and is reachable with the keyboard', async () => {
  const session = await openWithExample('shop');
  try {
    const { page } = session;
    const unlabelled = await page.$$eval(
      'input:not([type="hidden"]):not([hidden]), select, textarea, button',
      (controls) =>
        controls
          .filter(
            (control) =>
              !control.labels?.length && !control.getAttribute('aria-label') && !control.textContent.trim(),
          )
          .map((control) => control.outerHTML),
    );
    assert.deepEqual(unlabelled, []);

    // Tab from the page's title: the checker's fields, then the editor's toolbar and text.
    // Clicking plain text moves the start of sequential focus navigation to the top.
    await page.click('.intro h1');
    const reached = new Map();
    const wanted = ['open-file', 'copy-link', 'example-select', 'load-example', 'robots', 'agent', 'url'];
    for (let step = 0; step < 80 && !wanted.every((id) => reached.has(id)); step += 1) {
      await page.keyboard.press('Tab');
      const [id, outline] = await page.evaluate(() => [
        document.activeElement.id || document.activeElement.className,
        getComputedStyle(document.activeElement).outlineStyle,
      ]);
      reached.set(id, outline);
    }
    for (const id of wanted) {
      assert.ok(reached.has(id), `${id} is not reached by Tab: ${[...reached.keys()].join(', ')}`);
    }
    // A visible focus ring (the editor draws it around the textarea and its gutter instead).
    for (const id of ['open-file', 'load-example', 'agent', 'url'])
      assert.equal(reached.get(id), 'solid', id);
  } finally {
    await session.close();
  }
});

// Issue 38: phone tables broke paths inside a word ("/pri vat e/"); they break between segments.
test('on a phone a path in a table breaks between its segments, not inside a word', async () => {
  const session = await openWithExample('news', { viewport: VIEWPORTS.phone });
  try {
    const { page } = session;
    await page.fill('#url', '/news/subscribers/weekly-digest');
    await settled(page, { regions: ['#result'], timeout: WAIT_MS });
    const broken = await page.evaluate(() => {
      for (const element of document.querySelectorAll('.panel')) element.style.contentVisibility = 'visible';
      const found = [];
      for (const cell of document.querySelectorAll(':is(.matches, .crawler-table-wrap, .batch-table-wrap) table code')) {
        if (!cell.textContent.includes('/')) continue;
        // A line change between two letters or digits is a break inside a word.
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        let previous = null;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let index = 0; index < node.length; index += 1) {
            range.setStart(node, index);
            range.setEnd(node, index + 1);
            const rect = range.getClientRects()[0];
            if (!rect) continue;
            const char = node.data[index];
            if (previous && Math.abs(rect.top - previous.top) > 2 && /[\p{L}\p{N}]/u.test(char) && /[\p{L}\p{N}]/u.test(previous.char)) {
              found.push(cell.textContent);
            }
            previous = { top: rect.top, char };
          }
        }
      }
      return found;
    });
    assert.deepEqual(broken, []);
  } finally {
    await session.close();
  }
});

// Issue 38: on a phone the checker is first on screen, so Tab reaches it before the editor; the
// skip link is painted above the sticky header it is under; everything is in a landmark.
test('on a phone Tab follows the screen, the skip link shows above the header, and every text is in a landmark', async () => {
  const session = await startSession({ browser, viewport: VIEWPORTS.phone });
  try {
    const { page } = session;
    await session.goto('/');
    await settled(page, { regions: ['#result'], timeout: WAIT_MS });

    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => {
      const link = document.activeElement;
      const box = link.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { focused: link.className, onTop: link.contains(top), top: top?.className || top?.nodeName };
    });
    assert.equal(skip.focused, 'skip-link');
    assert.ok(skip.onTop, `the focused skip link is painted under ${skip.top}`);

    const before = [];
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => ({
        id: document.activeElement.id || document.activeElement.className,
        inEditor: document.activeElement.closest('.editor-panel') !== null,
      }));
      if (focused.id === 'agent') break;
      before.push(focused);
    }
    assert.equal(await page.evaluate(() => document.activeElement.id), 'agent', 'Tab reaches the agent field');
    assert.deepEqual(before.filter((focused) => focused.inEditor).map((focused) => focused.id), [], 'editor controls before the agent field');

    const outside = await runAxe(page, { runOnly: { type: 'rule', values: ['region'] } });
    assert.deepEqual(outside.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' '))), []);
  } finally {
    await session.close();
  }
});

/**
 * The page's scroll height once it has stayed the same for half a second (at most ten seconds
 * of waiting: a page that never settles is measured as it is then, and the shot compared with it).
 */
async function settledHeight(page) {
  let height = -1;
  let stableSince = Date.now();
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const now = await page.evaluate(() => document.documentElement.scrollHeight);
    if (now !== height) {
      height = now;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= 500) {
      break;
    }
    await page.waitForTimeout(100);
  }
  return height;
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(buffer) {
  assert.equal(buffer.toString('latin1', 1, 4), 'PNG', 'a PNG file');
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}

/** Boxes of the controls and results a person needs, in page coordinates. */
async function mainBoxes(page) {
  return page.evaluate(() =>
    Object.fromEntries(
      ['#robots', '#agent', '#url', '#verdict'].map((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        return [selector, box && { x: box.x + scrollX, y: box.y + scrollY, width: box.width, height: box.height }];
      }),
    ),
  );
}

function overlap(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

// The screenshots are for a person to look at; what can be checked of them is: they show the
// whole page at the viewport's width, and the editor, the two fields and the verdict are laid out
// each in its own place, inside the page's width.
test('screenshots at desktop and phone width show the editor, fields and verdict apart', async () => {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    for (const colorScheme of ['light', 'dark']) {
      const session = await openWithExample('news', { viewport, colorScheme });
      try {
        const { page } = session;
        const path = join(SCREENSHOT_DIR, `page-${name}-${colorScheme}.png`);
        // The panels below the verdict keep drawing after it: the page's height is read once
        // it has stopped changing, and the full-page shot is taken at that height.
        const scrollHeight = await settledHeight(page);
        const full = pngSize(await page.screenshot({ path, fullPage: true }));
        const top = pngSize(await page.screenshot({ path: join(SCREENSHOT_DIR, `page-${name}-${colorScheme}-top.png`) }));
        assert.deepEqual(top, { width: viewport.width, height: viewport.height }, `${name} ${colorScheme}`);
        assert.equal(full.width, viewport.width, `${name} ${colorScheme}: the full page is as wide as the window`);
        assert.ok(full.height >= scrollHeight - 1, `${name} ${colorScheme}: ${full.height} px shot of ${scrollHeight}`);

        const boxes = await mainBoxes(page);
        const entries = Object.entries(boxes);
        for (const [selector, box] of entries) {
          assert.ok(box && box.width > 0 && box.height > 0, `${name}: ${selector} is not laid out`);
          assert.ok(box.x >= 0 && box.x + box.width <= viewport.width + 1, `${name}: ${selector} leaves the page`);
        }
        for (let i = 0; i < entries.length; i += 1)
          for (let j = i + 1; j < entries.length; j += 1)
            assert.ok(
              !overlap(entries[i][1], entries[j][1]),
              `${name}: ${entries[i][0]} and ${entries[j][0]} overlap`,
            );
      } finally {
        await session.close();
      }
    }
  }
});

/**
 * What a language's longer words can break, on the page as `page` shows it: the elements a
 * person reads (controls, headings, labels, chips, the header's links, the tables' headings)
 * each inside the window's width, none cut short by its own box (an element that clips holds
 * all of its text), a menu wide enough for the option it shows, and the page not scrolling
 * sideways. Returns one sentence per problem.
 *
 * Left out, for reasons a person would give: what is not shown (hidden, inside a closed
 * `<details>`, or clipped to one pixel on purpose as a screen reader's label), and the options
 * of a menu that are not chosen (the menu opens as wide as they need).
 */
async function cutOrOutside(page) {
  return page.evaluate(() => {
    const problems = [];
    const overflow = document.documentElement.scrollWidth - innerWidth;
    if (overflow > 0) problems.push(`the page is ${overflow} px wider than the window`);
    const readable =
      'header a, header button, header select, nav a, button, label, summary, legend, h1, h2, h3, h4, th, .count-chip, select, .verdict, #summary';
    const nameOf = (element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${element.textContent.trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    for (const element of document.querySelectorAll(readable)) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || element.closest('[hidden], details:not([open]) > :not(summary)')) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden') continue;
      // A visually hidden label (clipped to one pixel on purpose) is for screen readers.
      if (element.clientWidth <= 1 || element.clientHeight <= 1) continue;
      if (element.tagName === 'SELECT') {
        const shown = element.selectedOptions[0]?.textContent ?? '';
        if (box.left < -1 || box.right > innerWidth + 1) problems.push(`select#${element.id} reaches ${Math.round(box.left)}–${Math.round(box.right)} px`);
        // The width the browser gives the same menu holding only the chosen option: what it
        // needs to show that option whole, arrow and padding included.
        const probe = document.createElement('select');
        probe.append(new Option(shown));
        for (const property of ['font', 'letter-spacing', 'padding-left', 'padding-right', 'border-left-width', 'border-right-width', 'border-style', 'box-sizing'])
          probe.style.setProperty(property, style.getPropertyValue(property));
        Object.assign(probe.style, { position: 'absolute', visibility: 'hidden', width: 'auto', minWidth: '0', maxWidth: 'none' });
        document.body.append(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        if (needed > box.width + 1) problems.push(`select#${element.id} shows "${shown}" cut: ${Math.round(needed)} px needed, ${Math.round(box.width)} px wide`);
        continue;
      }
      // What sits in a box that scrolls sideways (a table's cell, the phone's row of sections) is
      // read by scrolling that box; the box itself must stay in the window.
      let scroller = element.parentElement;
      while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      const scrolls = scroller && scroller !== document.documentElement && scroller.scrollWidth > scroller.clientWidth;
      const outside = (rect) => rect.left < -1 || rect.right > innerWidth + 1;
      if (scrolls ? outside(scroller.getBoundingClientRect()) : outside(box)) problems.push(`${nameOf(scrolls ? scroller : element)} reaches ${Math.round(box.left)}–${Math.round(box.right)} px`);
      const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      if (clips && element.scrollWidth > element.clientWidth + 1) {
        problems.push(`${nameOf(element)} is cut: ${element.scrollWidth} px of text in ${element.clientWidth} px`);
      }
    }
    return problems;
  });
}

// Screenshots in every language the page speaks, at desktop and phone width, for a person to
// look at (issue 26, item 8); what can be checked of them is checked: nothing leaves the page or
// is cut short, and the editor, the fields and the verdict are laid out apart.
for (const locale of ['en', 'es', 'pt-PT', 'pt-BR']) {
  test(`screenshots in ${locale} at desktop and phone width: nothing cut, outside or overlapping`, async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    // Every problem at both widths is gathered before the test fails, so one run shows them all.
    const problems = [];
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const session = await startSession({ browser, viewport, contextOptions: { locale } });
      try {
        const { page } = session;
        await session.goto('/');
        await settled(page, { timeout: WAIT_MS });
        assert.equal(await page.getAttribute('html', 'lang'), locale);
        // The example with findings of every severity, so that the audit's words are on screen too.
        await page.selectOption('#example-select', 'mistakes');
        await page.click('#load-example');
        await settled(page, { regions: ['#result'], timeout: WAIT_MS });
        await page.waitForSelector('#audit[aria-busy="false"] #audit-summary', { timeout: WAIT_MS });
        const scrollHeight = await settledHeight(page);
        const full = pngSize(await page.screenshot({ path: join(SCREENSHOT_DIR, `lang-${locale}-${name}.png`), fullPage: true }));
        await page.screenshot({ path: join(SCREENSHOT_DIR, `lang-${locale}-${name}-top.png`) });
        assert.equal(full.width, viewport.width);
        assert.ok(full.height >= scrollHeight - 1, `${locale} ${name}: ${full.height} px shot of ${scrollHeight}`);
        for (const problem of await cutOrOutside(page)) problems.push(`${name}: ${problem}`);
        const entries = Object.entries(await mainBoxes(page));
        for (let i = 0; i < entries.length; i += 1)
          for (let j = i + 1; j < entries.length; j += 1)
            if (overlap(entries[i][1], entries[j][1])) problems.push(`${name}: ${entries[i][0]} and ${entries[j][0]} overlap`);
        assert.deepEqual(session.foreignRequests(), []);
        assert.deepEqual(session.errors, []);
      } finally {
        await session.close();
      }
    }
    assert.deepEqual(problems, [], locale);
  });
}
