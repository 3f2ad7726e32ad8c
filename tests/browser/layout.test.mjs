// Accessibility and layout of the page: axe-core finds no serious or critical violation (light
// and dark, desktop and phone, with every kind of content on screen), the page never scrolls
// sideways from 360 px up, and screenshots are saved for a person to look at.
//
// Run: node --test tests/browser/layout.test.mjs   (after `npm run build`)
// Screenshots go to $SCREENSHOT_DIR (default: <tmpdir>/robots-lens-screens), never the repo.

import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { VIEWPORTS, launchBrowser, runAxe, seriousViolations, startSession } from './harness.mjs';

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
    await session.page.waitForSelector(
      '#verdict[data-verdict="allowed"], #verdict[data-verdict="disallowed"]',
      { timeout: WAIT_MS },
    );
    await session.page.selectOption('#example-select', exampleId);
    await session.page.click('#load-example');
    await session.page.waitForSelector(
      '#result[aria-busy="false"] #verdict[data-verdict]:not([data-verdict=""])',
      { timeout: WAIT_MS },
    );
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
      const violations = seriousViolations(await runAxe(session.page));
      assert.deepEqual(violations, []);
      assert.deepEqual(session.foreignRequests(), []);
      assert.deepEqual(session.errors, []);
    } finally {
      await session.close();
    }
  });
}

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

    // Tab from the page's title: the toolbar, the editor, the checker's fields.
    // Clicking plain text moves the start of sequential focus navigation to the top.
    await page.click('.intro h1');
    const reached = new Map();
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      const [id, outline] = await page.evaluate(() => [
        document.activeElement.id || document.activeElement.className,
        getComputedStyle(document.activeElement).outlineStyle,
      ]);
      reached.set(id, outline);
    }
    for (const id of ['open-file', 'copy-link', 'example-select', 'load-example', 'robots', 'agent', 'url']) {
      assert.ok(reached.has(id), `${id} is not reached by Tab: ${[...reached.keys()].join(', ')}`);
    }
    // A visible focus ring (the editor draws it around the textarea and its gutter instead).
    for (const id of ['open-file', 'load-example', 'agent', 'url'])
      assert.equal(reached.get(id), 'solid', id);
  } finally {
    await session.close();
  }
});

test('screenshots at desktop and phone width', async () => {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    for (const colorScheme of ['light', 'dark']) {
      const session = await openWithExample('news', { viewport, colorScheme });
      try {
        const path = join(SCREENSHOT_DIR, `page-${name}-${colorScheme}.png`);
        await session.page.screenshot({ path, fullPage: true });
        await session.page.screenshot({ path: join(SCREENSHOT_DIR, `page-${name}-${colorScheme}-top.png`) });
      } finally {
        await session.close();
      }
    }
  }
});
