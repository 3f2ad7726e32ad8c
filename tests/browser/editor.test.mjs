// The editor (www/page/editor.js): typing, its own undo and redo, and a long text held as a window of
// lines, where select-all, copy, cut, Ctrl+End, scrolling and going to a line still act on the
// whole text, and a 10 MB paste leaves the page answering.
//
// Run: node --test tests/browser/editor.test.mjs   (after `npm run build`)

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { expectVerdict, launchBrowser, withPage } from './harness.mjs';

const WAIT_MS = 60_000;

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** A file of about `bytes` characters whose line `n` (1-based) is predictable. */
function bigFileSource(bytes) {
  return `(() => {
    const rows = [];
    let size = 0;
    for (let index = 0; size < ${bytes}; index += 1) {
      const row = index % 20 === 0 ? 'User-agent: bot' + index : 'Disallow: /path/number/' + index + '/*.php$';
      rows.push(row);
      size += row.length + 1;
    }
    return rows.join('\\n');
  })()`;
}

/**
 * Pastes a text built in the page (`source`, an expression) over the whole selection, as Ctrl+V
 * does: a paste event carrying the clipboard's text. Returns the text's length.
 */
async function pasteBuilt(page, source) {
  return page.evaluate((expression) => {
    // eslint-disable-next-line no-eval
    const text = (0, eval)(expression);
    const textarea = document.querySelector('#robots');
    textarea.focus();
    textarea.select();
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', text);
    textarea.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    return text.length;
  }, source);
}

/** What the textarea itself holds, past the editor's `value`. */
function held(page) {
  return page.evaluate(() =>
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').get.call(document.querySelector('#robots')),
  );
}

const value = (page) => page.evaluate(() => document.querySelector('#robots').value);

test('typing is undone as one step and redone, and the verdict follows', async () => {
  await withPage(browser, async (page) => {
    await page.fill('#robots', 'User-agent: *\n');
    await page.fill('#agent', 'AnyBot');
    await page.fill('#url', '/private/x');
    await expectVerdict(page, 'allowed', null);
    await page.focus('#robots');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('Disallow: /private/');
    await expectVerdict(page, 'disallowed', 2);
    await page.keyboard.press('Control+Z');
    assert.equal(await value(page), 'User-agent: *\n');
    await expectVerdict(page, 'allowed', null);
    await page.keyboard.press('Control+Shift+Z');
    assert.equal(await value(page), 'User-agent: *\nDisallow: /private/');
    await expectVerdict(page, 'disallowed', 2);
    // A deletion is a step of its own.
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Control+Z');
    assert.equal(await value(page), 'User-agent: *\nDisallow: /private/');
  });
});

test('a script setting the value replaces the whole text, line ends as the textarea reads them', async () => {
  await withPage(browser, async (page) => {
    await page.evaluate(() => {
      const textarea = document.querySelector('#robots');
      textarea.value = 'User-agent: *\r\nDisallow: /a\rDisallow: /b\n';
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
    });
    assert.equal(await value(page), 'User-agent: *\nDisallow: /a\nDisallow: /b\n');
    assert.equal(await held(page), 'User-agent: *\nDisallow: /a\nDisallow: /b\n');
    await page.fill('#url', '/b/c');
    await expectVerdict(page, 'disallowed', 3);
  });
});

test('a 10 MB paste is held as a window, answered, and edited, copied and undone as a whole', async () => {
  await withPage(browser, async (page) => {
    const before = await value(page);
    const length = await pasteBuilt(page, bigFileSource(10_000_000));
    // The page answers questions asked while the text is read.
    await page.fill('#agent', 'bot140');
    await page.fill('#url', '/path/number/145/page.php');
    await expectVerdict(page, 'disallowed', 146, { timeout: WAIT_MS, settledRegions: ['#result', '#audit', '#crawlers'] });
    assert.equal((await value(page)).length, length);
    const holding = await held(page);
    assert.ok(holding.length < 100_000, `the textarea holds ${holding.length} characters`);
    // The caret is at the end of what was pasted, and the window around it.
    assert.ok(holding.endsWith('/*.php$') && !holding.startsWith('User-agent: bot0\n'));
    assert.match(await page.textContent('#editor-window'), /lines 278,\d{3}–(278,9\d\d) of \1/);
    assert.equal(await page.isVisible('#editor-window'), true);

    // Ctrl+End moves the window to the end; going to the decisive line moves it back and
    // selects that line.
    await page.focus('#robots');
    await page.keyboard.press('Control+Home');
    assert.ok((await held(page)).startsWith('User-agent: bot0\n'));
    await page.keyboard.press('Control+End');
    assert.ok(!(await held(page)).startsWith('User-agent: bot0\n'));
    await page.click('#explanation [data-goto-line="146"]');
    const selected = await page.evaluate(() => {
      const textarea = document.querySelector('#robots');
      const native = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').get.call(textarea);
      return native.slice(textarea.selectionStart, textarea.selectionEnd);
    });
    assert.equal(selected, 'Disallow: /path/number/145/*.php$');
    assert.ok((await page.textContent('#gutter-numbers')).split('\n').includes('146'));

    // Ctrl+End goes to the end of the whole text; what is typed there lands at its end.
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n# end');
    assert.ok((await value(page)).endsWith('/*.php$\n# end'));
    assert.equal((await value(page)).length, length + 6);
    // The line break is a step, and the typing after it another.
    await page.keyboard.press('Control+Z');
    assert.equal((await value(page)).length, length + 1);
    await page.keyboard.press('Control+Z');
    assert.equal((await value(page)).length, length);

    // Select-all and copy take the whole text, not the window.
    await page.evaluate(() => {
      document.addEventListener('copy', (event) => {
        window.copied = event.clipboardData.getData('text/plain');
      });
    });
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+C');
    assert.equal(await page.evaluate(() => window.copied.length), length);

    // Typing over a select-all replaces the whole text, and undo brings the 10 MB back.
    await page.keyboard.type('U');
    assert.equal(await value(page), 'U');
    assert.equal(await page.isVisible('#editor-window'), false);
    await page.keyboard.press('Control+Z');
    assert.equal((await value(page)).length, length);
    // Undoing the paste gives back the text it replaced.
    await page.keyboard.press('Control+Z');
    assert.equal(await value(page), before);
    assert.equal(await held(page), before);
  });
});

test("a large paste is spliced in the task after the one that read the clipboard, and anything reading the text first gets it", async () => {
  await withPage(browser, async (page) => {
    const observed = await page.evaluate((expression) => {
      // eslint-disable-next-line no-eval
      const text = (0, eval)(expression);
      const textarea = document.querySelector('#robots');
      const native = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value');
      const inputs = [];
      textarea.addEventListener('input', (event) => inputs.push(event.inputType));
      textarea.focus();
      textarea.select();
      const clipboardData = new DataTransfer();
      clipboardData.setData('text/plain', text);
      const paste = new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true });
      textarea.dispatchEvent(paste);
      // The paste task only read the clipboard: nothing was spliced or announced yet...
      const during = { cancelled: paste.defaultPrevented, inputs: inputs.length, held: native.get.call(textarea).length };
      return new Promise((resolve) => {
        setTimeout(() => {
          // ...the next task spliced it in and told the page, once.
          resolve({ during, after: { inputs: [...inputs], length: textarea.value.length, expected: text.length } });
        }, 0);
      });
    }, bigFileSource(1_000_000));
    assert.equal(observed.during.cancelled, true, 'the browser does not insert the text itself');
    assert.equal(observed.during.inputs, 0, 'the paste event did not splice the text');
    assert.ok(observed.during.held < 1_000_000);
    assert.deepEqual(observed.after.inputs, ['insertFromPaste']);
    assert.equal(observed.after.length, observed.after.expected);

    // A script reading the value right after the paste event gets the pasted text.
    const read = await page.evaluate((expression) => {
      // eslint-disable-next-line no-eval
      const text = (0, eval)(expression);
      const textarea = document.querySelector('#robots');
      textarea.select();
      const clipboardData = new DataTransfer();
      clipboardData.setData('text/plain', text);
      textarea.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
      return textarea.value === text;
    }, `${bigFileSource(500_000)} + '\\n# read at once'`);
    assert.equal(read, true);
  });
});

test('scrolling a long text to its end shows its last lines, and page.fill still replaces it all', async () => {
  await withPage(browser, async (page) => {
    await pasteBuilt(page, bigFileSource(2_000_000));
    const lines = await page.evaluate(() => document.querySelector('#robots').value.split('\n').length);
    await page.evaluate(() => {
      const scroller = document.querySelector('#editor-scroll');
      scroller.scrollTop = scroller.scrollHeight;
    });
    await page.waitForFunction(
      (last) => document.querySelector('#gutter-numbers').textContent.split('\n').includes(String(last)),
      lines,
    );
    assert.ok((await held(page)).endsWith(`Disallow: /path/number/${lines - 1}/*.php$`));
    // Cut of a select-all empties the whole text.
    await page.focus('#robots');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+X');
    assert.equal(await value(page), '');
    await page.keyboard.press('Control+Z');
    assert.equal((await value(page)).split('\n').length, lines);
    await page.fill('#robots', 'User-agent: *\nDisallow: /filled/\n');
    assert.equal(await value(page), 'User-agent: *\nDisallow: /filled/\n');
    assert.equal(await page.inputValue('#robots'), 'User-agent: *\nDisallow: /filled/\n');
  });
});

test('a stylesheet that arrives after the scripts is waited for before the editor measures its rows', async () => {
  // Measured before the stylesheet is there (were the page's module scripts async rather than
  // deferred), the rows of a windowed text would be placed with the textarea's default padding
  // and line height.
  await withPage(
    browser,
    async (page) => {
      await pasteBuilt(page, bigFileSource(400_000));
      const placed = await page.evaluate(() => {
        const textarea = document.querySelector('#robots');
        const style = getComputedStyle(textarea);
        const native = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').get.call(textarea);
        const rows = native.split('\n').length;
        return {
          height: parseFloat(textarea.style.height),
          expected: parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + rows * parseFloat(style.lineHeight),
        };
      });
      assert.ok(Math.abs(placed.height - placed.expected) < 0.5, JSON.stringify(placed));
    },
    {
      beforeLoad: (session) =>
        session.context.route('**/www/style.css', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await route.continue();
        }),
    },
  );
});
