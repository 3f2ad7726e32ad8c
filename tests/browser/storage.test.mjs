// What the page keeps in the browser: each tab its own draft, so two tabs never overwrite each
// other (the other tab's newer text is offered, not imposed); a note when the text shown is
// older than one that could not be saved; and "Clear saved data", which forgets everything.
//
// Run: node --test tests/browser/storage.test.mjs   (after `npm run build`)

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { EXAMPLES, MAX_DRAFT_LENGTH } from '../../www/page/work.js';
import { expectVerdict, launchBrowser, settled, startSession } from './harness.mjs';

const WAIT_MS = 15_000;

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

async function withSession(body) {
  const session = await startSession({ browser });
  try {
    await body(session);
    assert.deepEqual(session.foreignRequests(), [], 'a request left for another origin');
    assert.deepEqual(session.errors, []);
  } finally {
    await session.close();
  }
}

/** A tab of the session's browser context, with its first verdict shown. */
async function openTab(session) {
  const page = await session.context.newPage();
  await page.goto(session.baseUrl, { waitUntil: 'load' });
  await settled(page, { timeout: WAIT_MS });
  return page;
}

/** Types `text` as the file and waits until the page has taken it in (and saved it). */
async function write(page, text) {
  await page.fill('#robots', text);
  await settled(page, { regions: ['#result'], orNoVerdict: true, timeout: WAIT_MS });
}

/** The page's keys in local storage. */
function storedKeys(page) {
  return page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('robots-lens:')));
}

test("two tabs keep their own texts, and each is offered the other's newer one", async () => {
  await withSession(async (session) => {
    const a = await openTab(session);
    await write(a, 'User-agent: *\nDisallow: /a1/\n');
    const b = await openTab(session);
    assert.equal(await b.inputValue('#robots'), 'User-agent: *\nDisallow: /a1/\n', 'a new tab starts from the newest text');
    await write(b, 'User-agent: *\nDisallow: /b/\n');

    // A is told, while open, that B saved something else, and keeps its own text.
    await a.waitForSelector('#file-notes [data-action="open-other-tab"]', { timeout: WAIT_MS });
    assert.equal(await a.inputValue('#robots'), 'User-agent: *\nDisallow: /a1/\n');
    await write(a, 'User-agent: *\nDisallow: /a2/\n');

    // B's edits survive A's later save: a reload of B finds B's text, and offers A's newer one.
    await b.reload();
    await settled(b, { timeout: WAIT_MS });
    assert.equal(await b.inputValue('#robots'), 'User-agent: *\nDisallow: /b/\n');
    assert.match(await b.textContent('#file-notes'), /Another tab saved a different text at \d\d:\d\d:\d\d\. This tab keeps its own/);
    await b.click('#file-notes [data-action="open-other-tab"]');
    assert.equal(await b.inputValue('#robots'), 'User-agent: *\nDisallow: /a2/\n');
    // What B had is one click away.
    await b.click('#file-notes [data-action="restore-previous"]');
    assert.equal(await b.inputValue('#robots'), 'User-agent: *\nDisallow: /b/\n');
  });
});

test('"Clear saved data" forgets the text, the check and the replaced text', async () => {
  await withSession(async (session) => {
    const page = await openTab(session);
    await write(page, 'User-agent: *\nDisallow: /secret/\n');
    await page.fill('#url', '/secret/plans');
    await expectVerdict(page, 'disallowed', 2);
    await page.selectOption('#example-select', 'classic');
    await page.click('#load-example');
    await expectVerdict(page, 'allowed', null).catch(() => {}); // Whatever the example answers.
    assert.ok((await storedKeys(page)).length > 0);

    assert.equal(await page.isVisible('#clear-saved'), true, 'the control is on the page');
    await page.click('#clear-saved');
    assert.deepEqual(await storedKeys(page), []);
    assert.deepEqual(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key !== 'robots-lens:tab')), []);
    assert.match(await page.textContent('#file-notes'), /Cleared: nothing of yours is kept in this browser now/);

    await page.reload();
    await settled(page, { timeout: WAIT_MS });
    assert.equal(await page.inputValue('#robots'), EXAMPLES[0].text, 'a cleared browser starts from the first example');
    assert.equal(await page.locator('#file-notes [data-action="restore-previous"]').count(), 0);
  });
});

test('when storage is full, the next visit says the text shown is older than the one lost', async () => {
  await withSession(async (session) => {
    const page = await openTab(session);
    await write(page, 'User-agent: *\nDisallow: /saved/\n');
    // Fill the origin's storage with another key, as another app on the origin might.
    await page.evaluate(() => {
      let chunk = 'x'.repeat(1 << 20);
      for (let index = 0; chunk.length > 0; index += 1) {
        try {
          localStorage.setItem(`filler-${index}`, chunk);
        } catch {
          chunk = chunk.slice(0, chunk.length >> 1);
        }
      }
    });
    await write(page, `User-agent: *\nDisallow: /too-big/\n# ${'y'.repeat(200_000)}\n`);
    assert.match(await page.textContent('#file-notes'), /could not store your text/);
    await page.reload();
    await settled(page, { timeout: WAIT_MS });
    assert.equal(await page.inputValue('#robots'), 'User-agent: *\nDisallow: /saved/\n');
    assert.match(
      await page.textContent('#file-notes'),
      /This is the text saved at \d\d:\d\d:\d\d\. A newer one \(200,\d{3} characters, at \d\d:\d\d:\d\d\) could not be saved/,
    );
  });
});

test('a duplicated tab gets an id of its own, so the copy and the original keep their own drafts', async () => {
  await withSession(async (session) => {
    const a = await openTab(session);
    await write(a, 'User-agent: *\nDisallow: /original/\n');
    const aTab = await a.evaluate(() => sessionStorage.getItem('robots-lens:tab'));
    // Duplicating a tab copies its session storage: the copy starts with the original's id.
    const b = await session.context.newPage();
    await b.addInitScript((tab) => {
      if (sessionStorage.getItem('robots-lens:tab') === null) sessionStorage.setItem('robots-lens:tab', tab);
    }, aTab);
    await b.goto(session.baseUrl, { waitUntil: 'load' });
    await settled(b, { timeout: WAIT_MS });
    assert.equal(await b.inputValue('#robots'), 'User-agent: *\nDisallow: /original/\n', 'the copy shows the same text');
    await b.waitForFunction((tab) => sessionStorage.getItem('robots-lens:tab') !== tab, aTab, { timeout: WAIT_MS });
    assert.equal(await a.evaluate(() => sessionStorage.getItem('robots-lens:tab')), aTab, 'the original keeps its id');

    await write(b, 'User-agent: *\nDisallow: /copy/\n');
    // The copy's edit is its own draft: the original's reload finds the original's text.
    await a.reload();
    await settled(a, { timeout: WAIT_MS });
    assert.equal(await a.inputValue('#robots'), 'User-agent: *\nDisallow: /original/\n');
    await b.reload();
    await settled(b, { timeout: WAIT_MS });
    assert.equal(await b.inputValue('#robots'), 'User-agent: *\nDisallow: /copy/\n');
  });
});

// Issue 38: a 10 MB paste held the main thread for some 100 ms to serialise and store a draft no
// browser keeps. A text over the limit is not written at all, the page says so in the person's
// terms, and the text stays; a draft within the limit is kept as before.
test('a text longer than a draft may be is not stored, says so and stays in the editor; the next visit says why', async () => {
  await withSession(async (session) => {
    const page = await openTab(session);
    await page.evaluate(() => {
      const setItem = Storage.prototype.setItem;
      globalThis.__longestWrite = 0;
      Storage.prototype.setItem = function (key, value) {
        globalThis.__longestWrite = Math.max(globalThis.__longestWrite, String(value).length);
        return setItem.call(this, key, value);
      };
    });
    await write(page, 'User-agent: *\nDisallow: /kept/\n');
    const long = `User-agent: *\nDisallow: /long/\n# ${'z'.repeat(MAX_DRAFT_LENGTH)}\n`;
    await write(page, long);
    assert.match(
      await page.textContent('#file-notes'),
      /This text \(2,500,0\d\d characters\) is longer than this page keeps in a browser \(2,500,000 characters\), so it is not saved/,
    );
    assert.ok((await page.evaluate(() => globalThis.__longestWrite)) < MAX_DRAFT_LENGTH, 'the long text was not written');
    // The text stays: the engine answers from it.
    await page.fill('#url', '/long/page');
    await expectVerdict(page, 'disallowed', 2);

    // The page asks before it closes work it could not keep: leave.
    page.on('dialog', (dialog) => dialog.accept());
    await page.reload();
    await settled(page, { timeout: WAIT_MS });
    assert.equal(await page.inputValue('#robots'), 'User-agent: *\nDisallow: /kept/\n', 'the draft within the limit is kept');
    assert.match(
      await page.textContent('#file-notes'),
      /A newer one \(2,500,0\d\d characters, at \d\d:\d\d:\d\d\) was too long to be kept in this browser/,
    );
  });
});
