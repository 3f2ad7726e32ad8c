// The page against hostile and unlucky input: share links that unpack to gigabytes or carry a
// megabyte URL, an engine that traps in a panel or in the audit, files that are not UTF-8 text,
// huge lines and many groups. Each gets its answer or a message that says what happened, the
// verdict already shown stays, and the page goes on answering.
//
// Run: node --test tests/browser/hostile.test.mjs   (after `npm run build`)

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { deflateRawSync } from 'node:zlib';

import wasm from '../node/wasm.mjs';
import { expectVerdict, launchBrowser, routeEdited, withPage } from './harness.mjs';

const WAIT_MS = 20_000;

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** A hostile text may leave the page with no verdict to show, which is an answer too. */
const PAGE = { settle: { orNoVerdict: true } };

/** The verdict attributes the page must show, from the same wasm in Node. */
function engineVerdict(text, agent, url) {
  const verdict = wasm.check(text, agent, url, {});
  // The engine's deciding line (one definition, the core's), never derived here.
  return [verdict.allowed ? 'allowed' : 'disallowed', verdict.line ?? null];
}

/** Puts `text` in the editor as a paste would, without typing it character by character. */
async function paste(page, text) {
  await page.evaluate((value) => {
    const textarea = document.querySelector('#robots');
    textarea.value = value;
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

/** The page still answers: a new question gets its verdict. */
async function assertUsable(page) {
  const text = 'User-agent: *\nDisallow: /still-working\n';
  await paste(page, text);
  await page.fill('#agent', 'AnyBot');
  await page.fill('#url', '/still-working/now');
  await expectVerdict(page, 'disallowed', 2, { timeout: WAIT_MS });
}

/** A `#share=` fragment holding `state`, packed as the page packs it. */
function shareFragment(state) {
  return `#share=${deflateRawSync(Buffer.from(JSON.stringify({ v: 1, ...state }))).toString('base64url')}`;
}

/**
 * Serves the wasm-bindgen glue with `edit(glue)` applied: how these tests make the engine trap.
 * `dir` is the package's folder under www/pkg/ (`audit/` for the audit's engine, `ai/` for the
 * panels' questions).
 */
function editGlue(session, edit, dir = '') {
  return routeEdited(session.context, `**/www/pkg/${dir}robots_lens_wasm.js`, edit);
}

/**
 * `glue` with a trap in `method` of RobotsFile when `condition` (JS over its arguments) holds:
 * the call reads far outside the module's memory while the Rust side holds the object borrowed,
 * as a real trap (out of memory, a bug) inside that method does.
 */
function trapIn(glue, method, condition) {
  const hook = `const ret = wasm.robotsfile_${method}(this.__wbg_ptr`;
  assert.ok(glue.includes(hook), `the wasm-bindgen glue changed (no ${hook}); update this test`);
  return glue.replace(
    hook,
    `if (${condition}) wasm.robotsfile_crawlerTable(this.__wbg_ptr, 0xfffff000, 0x800, undefined);\n        ${hook}`,
  );
}

test('a share link that unpacks to more than a link can hold is refused, with the limit', async () => {
  // 64 MB of text packed into some 64 kB: the kind of link that once took the tab down.
  const bomb = shareFragment({ text: 'a'.repeat(64 * 1024 * 1024), agent: 'Bot', url: '/' });
  assert.ok(bomb.length < 100_000, `${bomb.length} characters`);
  await withPage(browser, async (page, session) => {
    const mine = 'User-agent: *\nDisallow: /mine/\n';
    await paste(page, mine);
    await page.fill('#url', '/mine/x');
    await expectVerdict(page, 'disallowed', 2);
    await page.goto(`${session.baseUrl}${bomb}`);
    await page.waitForFunction(() => /unpacks to more than/.test(document.querySelector('#file-notes').textContent), null, {
      timeout: WAIT_MS,
    });
    assert.match(await page.textContent('#file-notes'), /unpacks to more than 1\.4 MiB, more than any Robots Lens link holds.*Your own text was kept/);
    assert.equal(await page.inputValue('#robots'), mine);

    // A link longer than any the page makes is not even unpacked, and says how long it is.
    const long = shareFragment({ text: [...Array(120_000)].map((_, index) => (index * 7919) % 65_521).join(' ') });
    await page.goto(`${session.baseUrl}${long}`);
    await page.waitForFunction(() => /long, more than the/.test(document.querySelector('#file-notes').textContent), null, {
      timeout: WAIT_MS,
    });
    assert.match(await page.textContent('#file-notes'), /The link is \d+ KiB long, more than the 94 KiB a Robots Lens link can be/);
    await assertUsable(page);
  }, PAGE);
});

test('a short link with a 16 kB star pattern and a 1 MB URL gets a message, not a frozen page: the URL is left out of its field', async () => {
  const text = `User-agent: *\nDisallow: /${'*a'.repeat(8_000)}*b\n`;
  const url = `/${'a'.repeat(1_000_000)}`;
  const link = shareFragment({ text, agent: 'Bot', url });
  assert.ok(link.length < 3_000, `${link.length} characters`);
  await withPage(
    browser,
    async (page) => {
      await page.waitForFunction(() => document.querySelector('#robots').value.startsWith('User-agent: *\nDisallow: /*a*a'), null, {
        timeout: WAIT_MS,
      });
      // The link's URL is not put in the field (laying out a 1 MB field alone holds the page).
      await page.waitForFunction(() => /A URL of 977 KiB was left out/.test(document.querySelector('#file-notes').textContent), null, {
        timeout: WAIT_MS,
      });
      assert.ok((await page.inputValue('#url')).length < 1_000);
      // A typed URL over the engine's limit gets its message where the verdict would be.
      await page.fill('#url', `/${'a'.repeat(40 * 1024)}`);
      await page.waitForFunction(() => /URL is .* long/.test(document.querySelector('#verdict').textContent), null, {
        timeout: WAIT_MS,
      });
      assert.match(
        await page.textContent('#verdict'),
        /No verdict: the URL is 40 KiB long, and a check takes one of at most 32 KiB\. No crawler requests one this long/,
      );
      assert.equal(await page.getAttribute('#url', 'aria-invalid'), 'true');
      // The file is still read and audited: only the question is refused.
      await page.waitForSelector('#audit[aria-busy="false"] #audit-summary', { timeout: WAIT_MS });
      assert.match(await page.textContent('#groups'), /\*a\*a\*a/);
      // A URL within the limit is answered, in the worker, and the field is valid again.
      await page.fill('#url', '/aab');
      await expectVerdict(page, ...engineVerdict(text, 'Bot', '/aab'), { timeout: WAIT_MS });
      assert.equal(await page.getAttribute('#url', 'aria-invalid'), null);
      await assertUsable(page);
    },
    { ...PAGE, path: `/${link}` },
  );
});

test('a panel that fails leaves the verdict standing and says what happened', async () => {
  await withPage(
    browser,
    async (page) => {
      await paste(page, 'User-agent: *\nDisallow: /private/\n');
      await page.fill('#agent', 'AnyBot');
      await page.fill('#url', '/private/TRAP-THE-TABLE');
      await page.waitForFunction(() => /could not be computed/.test(document.querySelector('#crawler-table').textContent), null, {
        timeout: WAIT_MS,
      });
      // The crawler table came last and failed; the verdict above it is the engine's.
      assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'disallowed');
      assert.equal(await page.getAttribute('#verdict', 'data-line'), '2');
      assert.match(await page.textContent('#crawler-table'), /could not be computed: The engine crashed on this input.*restarted/s);
      assert.match(await page.textContent('#engine-error'), /crashed/);
      await assertUsable(page);
      assert.equal(await page.isHidden('#engine-error'), true);
    },
    {
      ...PAGE,
      allowErrors: /RuntimeError|memory access out of bounds|crashed/,
      // The crawler table is asked of the package with the panels' questions (www/pkg/ai/).
      beforeLoad: (session) =>
        editGlue(session, (glue) => trapIn(glue, 'crawlerTable', "url.includes('TRAP-THE-TABLE')"), 'ai/'),
    },
  );
});

test('a trap in the audit is reported as a crash, the audit engine is replaced and audits again', async () => {
  const workers = [];
  await withPage(
    browser,
    async (page) => {
      await page.waitForSelector('#audit[aria-busy="false"] #audit-summary', { timeout: WAIT_MS });
      const started = workers.length;
      await paste(page, 'User-agent: *\nDisallow: /TRAP-THE-AUDIT\n');
      await page.waitForFunction(() => /The audit failed/.test(document.querySelector('#audit').textContent), null, {
        timeout: WAIT_MS,
      });
      const said = await page.textContent('#audit');
      // The trap, not wasm-bindgen's borrow error from freeing the object it left borrowed.
      assert.match(said, /crashed on this input \((RuntimeError: )?memory access out of bounds\).*restarted/s);
      assert.doesNotMatch(said, /borrowed|recursive use|unsafe aliasing/);
      assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'allowed');

      await paste(page, 'User-agent: *\nDisalow: /typo\n');
      await page.waitForFunction(() => /RL206|nonstandard/i.test(document.querySelector('#audit').textContent), null, {
        timeout: WAIT_MS,
      });
      assert.equal(workers.length, started + 1, 'a fresh audit worker answered');
    },
    {
      ...PAGE,
      allowErrors: /RuntimeError|memory access out of bounds/,
      beforeLoad: (session) => {
        session.page.on('worker', (worker) => workers.push(worker));
        return editGlue(session, (glue) => trapIn(glue, 'auditCauses', "this.__wbg_ptr && globalThis.__trapAudit?.()"), 'audit/')
          .then(() =>
            // The audit's own worker decides from the text it parsed, kept by the constructor hook.
            routeEdited(session.context, '**/www/engine/engine-worker.js', (source) => {
              const hook = 'function withParsed(text, use) {';
              assert.ok(source.includes(hook), 'engine-worker.js changed; update this test');
              return source.replace(hook, `${hook}\n  globalThis.__trapAudit = () => text.includes('TRAP-THE-AUDIT');`);
            }),
          );
      },
    },
  );
});

/** Files as they arrive from disks and servers, each with what the page must say about it. */
const ODD_FILES = [
  {
    name: 'latin1.txt',
    bytes: Buffer.from('User-agent: *\nDisallow: /caf\xe9\n', 'latin1'),
    note: /not valid UTF-8 \(line 2\)/,
  },
  {
    name: 'utf16.txt',
    bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('User-agent: *\nDisallow: /\n', 'utf16le')]),
    note: /not valid UTF-8/,
  },
  { name: 'nul.txt', bytes: Buffer.from('User-agent: *\nDisallow: /a\0b\n\0\0\nDisallow: /after\n'), note: /Opened nul\.txt/ },
  { name: 'cr.txt', bytes: Buffer.from('User-agent: *\rDisallow: /old-mac\r'), note: /ends lines with CR/ },
  {
    name: 'controls.txt',
    bytes: Buffer.from('User-agent: *\nDisallow: /\u001b[2J\u202e\u2066x\nAllow: /\u0007\n'),
    note: /Opened controls\.txt/,
  },
  {
    name: 'image.png',
    bytes: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
    note: /not valid UTF-8/,
  },
];

test('files that are not plain UTF-8 text are opened, noted and answered', async () => {
  await withPage(browser, async (page) => {
    for (const file of ODD_FILES) {
      await page.setInputFiles('#file-input', { name: file.name, mimeType: 'application/octet-stream', buffer: file.bytes });
      await page.waitForFunction((name) => document.querySelector('#file-notes').textContent.includes(`Opened ${name}`), file.name, {
        timeout: WAIT_MS,
      });
      assert.match(await page.textContent('#file-notes'), file.note, file.name);
      await page.fill('#agent', 'AnyBot');
      await page.fill('#url', '/after/x');
      const text = await page.inputValue('#robots');
      await expectVerdict(page, ...engineVerdict(text, 'AnyBot', '/after/x'), { timeout: WAIT_MS });
    }
    // The same PNG dropped on the editor.
    const png = ODD_FILES.at(-1);
    const dataTransfer = await page.evaluateHandle((hex) => {
      const bytes = Uint8Array.from(hex.match(/../g), (pair) => parseInt(pair, 16));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      return transfer;
    }, png.bytes.toString('hex'));
    await page.dispatchEvent('#editor', 'drop', { dataTransfer });
    await page.waitForFunction(() => document.querySelector('#file-notes').textContent.includes('Opened dropped.png'));
    assert.match(await page.textContent('#file-notes'), /not valid UTF-8/);
    await assertUsable(page);
  }, PAGE);
});

test('a 1 MB line and 100,000 groups get their verdict and the page stays usable', async () => {
  await withPage(browser, async (page) => {
    const longLine = `User-agent: *\nDisallow: /${'x'.repeat(1_000_000)}\nDisallow: /after-the-long-line\n`;
    await paste(page, longLine);
    await page.fill('#agent', 'AnyBot');
    await page.fill('#url', '/after-the-long-line');
    // The line is cut after 16,663 bytes, and it pushes the next line past the 500 KiB read.
    await expectVerdict(page, ...engineVerdict(longLine, 'AnyBot', '/after-the-long-line'), { timeout: 60_000 });
    assert.match(await page.textContent('#line-notes'), /Googlebot reads only the first 500 KiB/);

    const groups = Array.from({ length: 100_000 }, (_, index) => `User-agent: *\nDisallow: /g${index}/\n`).join('');
    await paste(page, groups);
    await page.fill('#url', '/g99999/page');
    await expectVerdict(page, ...engineVerdict(groups, 'AnyBot', '/g99999/page'), { timeout: 120_000 });
    assert.match(await page.textContent('#file-facts'), /200,000 lines|200,001 lines/);
    await assertUsable(page);
  }, PAGE);
});
