// A file that is not valid UTF-8, opened with the file input and dropped on the editor: the page
// answers from the file's own bytes, as the CLI does (`Disallow: /caf\xE9` disallows `/caf%E9`),
// keeps that answer across a reload, and checks the edited text once the text is edited.
//     node --test tests/browser/opened-bytes.test.mjs

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { expectVerdict, launchBrowser, settled, startSession } from './harness.mjs';

const WAIT_MS = 20_000;
/** Saved by an editor set to Latin-1: `é` is the single byte 0xE9. */
const LATIN1 = Buffer.from('User-agent: *\r\nDisallow: /caf\xe9\r\n', 'latin1');

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

async function ask(page, url) {
  await page.fill('#agent', 'AnyBot');
  await page.fill('#url', url);
}

async function paste(page, text) {
  await page.evaluate((value) => {
    const textarea = document.querySelector('#robots');
    textarea.value = value;
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

test('an opened or dropped file that is not UTF-8 is checked by its own bytes, as the CLI checks it', async () => {
  const session = await startSession({ browser });
  const { page } = session;
  try {
    await session.goto('/');
    await settled(page, { timeout: WAIT_MS });

    await page.setInputFiles('#file-input', { name: 'latin1.txt', mimeType: 'text/plain', buffer: LATIN1 });
    await ask(page, '/caf%E9');
    // `robots-lens check latin1.txt --agent AnyBot --url /caf%E9`: DISALLOWED, line 2.
    await expectVerdict(page, 'disallowed', 2, { timeout: WAIT_MS });
    assert.match(await page.textContent('#file-notes'), /every check reads the file's own bytes/);
    // The editor shows the byte as U+FFFD; the checks did not read that.
    assert.equal(await page.inputValue('#robots'), 'User-agent: *\nDisallow: /caf\uFFFD\n');
    await ask(page, '/caf%EF%BF%BD');
    await expectVerdict(page, 'allowed', null, { timeout: WAIT_MS });

    // A reload restores the draft with its bytes: the same answer.
    await ask(page, '/caf%E9');
    await expectVerdict(page, 'disallowed', 2, { timeout: WAIT_MS });
    await page.reload({ waitUntil: 'load' });
    await expectVerdict(page, 'disallowed', 2, { timeout: WAIT_MS });

    // Once edited, the text is what is checked: the U+FFFD is a character like any other.
    await page.focus('#robots');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('# edited\n');
    await expectVerdict(page, 'allowed', null, { timeout: WAIT_MS });

    // The same bytes dropped on the editor.
    await paste(page, 'User-agent: *\nAllow: /\n');
    await expectVerdict(page, 'allowed', 2, { timeout: WAIT_MS });
    const dataTransfer = await page.evaluateHandle((hex) => {
      const bytes = Uint8Array.from(hex.match(/../g), (pair) => parseInt(pair, 16));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'dropped.txt', { type: 'text/plain' }));
      return transfer;
    }, LATIN1.toString('hex'));
    await page.dispatchEvent('#editor', 'drop', { dataTransfer });
    await page.waitForFunction(() => document.querySelector('#file-notes').textContent.includes('Opened dropped.txt'));
    await expectVerdict(page, 'disallowed', 2, { timeout: WAIT_MS });
    // The audit reads the bytes too: it reports the line that is not UTF-8.
    await page.waitForFunction(() => /RL104/.test(document.querySelector('#audit').textContent), null, { timeout: WAIT_MS });

    assert.deepEqual(session.foreignRequests(), []);
    assert.deepEqual(session.errors, []);
  } finally {
    await session.close();
  }
});

test('a file opened as the other version to compare is compared by its own bytes, and so is the editor\'s', async () => {
  const session = await startSession({ browser });
  const { page } = session;
  const flips = () => page.locator('.diff-flips tbody tr').allTextContents();
  try {
    await session.goto('/');
    await settled(page, { timeout: WAIT_MS });
    await paste(page, 'User-agent: *\nAllow: /\n');
    await page.fill('#agent', 'AnyBot');
    await page.click('.batch-crawlers summary');
    await page.click('#batch-crawlers-none');
    await page.fill('#urls', '/caf%E9\n/caf%EF%BF%BD');

    // The other version opened from a Latin-1 file: `/caf%E9` is what it blocks, as the CLI says.
    await page.setInputFiles('#compare-file', { name: 'old.txt', mimeType: 'text/plain', buffer: LATIN1 });
    await page.waitForSelector('#diff-results[data-state="done"]:not([data-flips="0"])', { timeout: WAIT_MS });
    // Every catalogued crawler is compared besides the agent (issue 26); AnyBot's row is checked.
    assert.ok((await flips()).some((row) => /^\/caf%E9AnyBotBlocked line 2/.test(row)), 'AnyBot flips on /caf%E9');
    assert.match(await page.textContent('#compare-note'), /not valid UTF-8 \(line 2\)/);
    assert.equal(await page.inputValue('#robots-compare'), 'User-agent: *\nDisallow: /caf\uFFFD\n');

    // A reload keeps the bytes with the text.
    await page.reload({ waitUntil: 'load' });
    await page.fill('#urls', '/caf%E9\n/caf%EF%BF%BD');
    await page.waitForSelector('#diff-results[data-state="done"]:not([data-flips="0"])', { timeout: WAIT_MS });
    assert.ok((await flips()).some((row) => /^\/caf%E9AnyBot/.test(row)), 'AnyBot flips on /caf%E9');

    // Edited, the box's text is compared: its U+FFFD is a character like any other.
    await page.focus('#robots-compare');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('# edited\n');
    await page.waitForFunction(
      () => document.querySelector('.diff-flips tbody tr')?.textContent.startsWith('/caf%EF%BF%BD'),
      null,
      { timeout: WAIT_MS },
    );

    // The editor's own opened bytes are what the comparison reads for the file above.
    await page.fill('#robots-compare', 'User-agent: *\nAllow: /\n');
    await page.setInputFiles('#file-input', { name: 'latin1.txt', mimeType: 'text/plain', buffer: LATIN1 });
    await page.waitForFunction(
      () => document.querySelector('.diff-flips tbody tr')?.textContent.startsWith('/caf%E9AnyBotAllowed'),
      null,
      { timeout: WAIT_MS },
    );
    // Only the URL the opened bytes block flips, for every crawler compared (issue 26).
    const rows = await flips();
    assert.ok(rows.length > 0 && rows.every((row) => row.startsWith('/caf%E9')), rows.join(' | '));

    assert.deepEqual(session.foreignRequests(), []);
    assert.deepEqual(session.errors, []);
  } finally {
    await session.close();
  }
});
