// Shared set-up for the browser tests: the static server on an ephemeral port,
// Debian's Chromium driven by playwright-core, a log of every request the page
// makes, and one close() that ends all of it.
//
// Example (node:test):
//
//   import { after, before, test } from 'node:test';
//   import { startSession } from './harness.mjs';
//
//   let session;
//   before(async () => { session = await startSession(); });
//   after(() => session?.close());
//
//   test('the page loads without requests elsewhere', async () => {
//     await session.goto('/');
//     const mark = session.mark();
//     // ... type, click ...
//     assert.deepEqual(session.requestsSince(mark), []);
//     assert.deepEqual(session.foreignRequests(), []);
//   });
//
// Most tests want a fresh page that has answered, and the same checks after it; `withPage`
// does both, and `settled` is the one meaning of "the page has caught up" they share:
//
//   let browser;
//   before(async () => { browser = await launchBrowser(); });
//   after(() => browser?.close());
//
//   test('…', () => withPage(browser, async (page) => {
//     // ... type, click ...
//     await settled(page, { regions: ['#result', '#crawlers'] });
//   }));
//
// Requests to any origin other than the test server are recorded and then
// aborted, so a test can assert on them and never reaches the internet. The
// abort goes through Playwright's request routing, which holds every request
// until the driver lets it go; a benchmark that must time the page as a visitor
// gets it turns it off (`blockForeignRequests: false`) and checks the log instead.
// Chromium is /usr/bin/chromium (scripts/setup.sh --browser installs it), or
// CHROMIUM_PATH. Playwright's own browser downloads are never used.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { chromium } from 'playwright-core';

import { startServer } from '../../scripts/serve.mjs';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Flags that keep Chromium quiet, offline and working as root in a container. */
export const CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--disable-default-apps',
  '--disable-extensions',
  '--no-first-run',
  '--no-default-browser-check',
  '--metrics-recording-only',
]);

/** Desktop and phone viewports for screenshots and layout checks. */
export const VIEWPORTS = Object.freeze({
  desktop: Object.freeze({ width: 1280, height: 900 }),
  phone: Object.freeze({ width: 390, height: 844 }),
});

export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** Launches headless Chromium; close it with `browser.close()`. */
export async function launchBrowser() {
  try {
    return await chromium.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: [...CHROMIUM_ARGS],
      timeout: 60_000,
    });
  } catch (error) {
    throw new Error(
      `cannot start Chromium at ${chromiumPath()} (install it with 'npm run setup:browser'): ${error.message}`,
    );
  }
}

/**
 * Starts what a browser test needs and returns a session:
 *   server, baseUrl    the static server (root: the repository by default)
 *   browser, context, page
 *   requests           every request: { url, method, resourceType, sameOrigin, at }
 *   errors             uncaught page exceptions and console errors, as strings
 *   goto(path)         navigates relative to baseUrl and waits for the load event
 *   mark()             a position in `requests`; requestsSince(mark) lists later ones
 *   foreignRequests()  requests to any origin but the server's (aborted, unless
 *                      blockForeignRequests is false)
 *   close()            closes the page, the browser (if launched here) and the server
 *
 * Options: root (served directory), viewport ({width, height}), browser (reuse a
 * launched one; then close() leaves it open), contextOptions (Playwright's),
 * blockForeignRequests (default true; false leaves requests unrouted), server (a
 * server already started, `{ url, close }`, instead of the static one: the page as
 * `robots-lens serve` serves it; close() leaves it running).
 */
export async function startSession({
  root = REPO_ROOT,
  viewport = VIEWPORTS.desktop,
  browser,
  contextOptions = {},
  blockForeignRequests = true,
  server: given = null,
} = {}) {
  const cleanups = [];
  const close = async () => {
    while (cleanups.length > 0) {
      const cleanup = cleanups.pop();
      await cleanup().catch(() => {});
    }
  };
  try {
    const server = given ?? (await startServer({ port: 0, root }));
    if (given === null) cleanups.push(() => server.close());
    const origin = new URL(server.url).origin;

    if (browser === undefined) {
      browser = await launchBrowser();
      const launched = browser;
      cleanups.push(() => launched.close());
    }
    const context = await browser.newContext({ viewport, ...contextOptions });
    cleanups.push(() => context.close());

    const started = Date.now();
    const requests = [];
    const errors = [];
    context.on('request', (request) => {
      const url = request.url();
      requests.push({
        url,
        method: request.method(),
        resourceType: request.resourceType(),
        sameOrigin: sameOrigin(url, origin),
        at: Date.now() - started,
      });
    });
    if (blockForeignRequests) {
      await context.route('**/*', (route) =>
        sameOrigin(route.request().url(), origin) ? route.continue() : route.abort('blockedbyclient'),
      );
    }

    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // The harness's own abort of a foreign request logs an error; that request
      // is already in foreignRequests(), so it is not repeated here.
      const source = message.location().url;
      if (message.text().includes('ERR_BLOCKED_BY_CLIENT') && source && !sameOrigin(source, origin)) return;
      errors.push(`console.error: ${message.text()}`);
    });

    return {
      server,
      baseUrl: server.url,
      browser,
      context,
      page,
      requests,
      errors,
      goto: (path = '/', options = {}) => page.goto(new URL(path, server.url).href, { waitUntil: 'load', ...options }),
      mark: () => requests.length,
      requestsSince: (mark) => requests.slice(mark),
      foreignRequests: () => requests.filter((request) => !request.sameOrigin),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The static server behind a front that delivers the page's document (`/`) as a slow network
 * does: up to `<main>` at once, then `<main>` in `parts` equal parts, `pauseMs` apart. What a
 * browser paints of the parts it has and lays out again when the next arrives is what a visitor
 * on a slow connection sees move. `alsoCutAt` names texts of the document before which it is cut
 * too (a browser that is slow or loaded paints an element whose content is still being parsed).
 * Every other path is passed through. Resolves to `{ url, close }`, which
 * `startSession({ server })` takes.
 */
export async function startSlowDocumentServer({ root = REPO_ROOT, parts = 12, pauseMs = 100, alsoCutAt = [] } = {}) {
  const backend = await startServer({ port: 0, root });
  const document = readFileSync(new URL('index.html', pathToFileURL(root.endsWith('/') ? root : `${root}/`)));
  const text = document.toString('latin1');
  const start = text.indexOf('<main');
  const end = text.indexOf('</main>');
  assert.ok(start > 0 && end > start, 'the document has a <main> to deliver in parts');
  const named = alsoCutAt.map((cut) => {
    const at = text.indexOf(cut);
    assert.ok(at > 0, `the document holds ${JSON.stringify(cut)} to cut at`);
    return at;
  });
  const even = Array.from({ length: parts }, (_, index) => start + Math.floor(((end - start) * index) / parts));
  const cuts = [0, ...new Set([...even, ...named])].sort((a, b) => a - b);
  cuts.push(document.length);
  const timers = new Set();
  const front = createServer((request, response) => {
    const path = new URL(request.url, 'http://front').pathname;
    if (request.method === 'GET' && (path === '/' || path === '/index.html')) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
      const send = (index) => {
        if (index === cuts.length - 1) return response.end();
        response.write(document.subarray(cuts[index], cuts[index + 1]));
        const timer = setTimeout(() => {
          timers.delete(timer);
          send(index + 1);
        }, pauseMs);
        timers.add(timer);
      };
      send(0);
      return;
    }
    const forwarded = httpRequest(
      new URL(request.url, backend.url),
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise((resolveListen) => front.listen(0, '127.0.0.1', resolveListen));
  return {
    url: `http://127.0.0.1:${front.address().port}/`,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      await new Promise((resolveClose) => {
        front.close(() => resolveClose());
        front.closeAllConnections();
      });
      await backend.close();
    },
  };
}

function sameOrigin(url, origin) {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/** How long the helpers below wait for the page, unless told otherwise. */
export const WAIT_MS = 20_000;

/**
 * Waits until the page has caught up: `#verdict` shows a verdict (allowed or disallowed; with
 * `orNoVerdict`, also the state that says there is none), none of `regions` (selectors) is
 * aria-busy, and each of `shown` (selectors) is in the page.
 */
export async function settled(page, { regions = [], shown = [], orNoVerdict = false, timeout = WAIT_MS } = {}) {
  await page.waitForFunction(
    (wanted) => {
      const verdict = document.querySelector('#verdict');
      const answered =
        ['allowed', 'disallowed'].includes(verdict?.dataset.verdict) ||
        (wanted.orNoVerdict && verdict?.classList.contains('verdict-none'));
      return (
        answered &&
        wanted.regions.every((selector) => document.querySelector(selector)?.getAttribute('aria-busy') === 'false') &&
        wanted.shown.every((selector) => document.querySelector(selector) !== null)
      );
    },
    { regions, shown, orNoVerdict },
    { timeout },
  );
}

/**
 * Opens the page in a fresh context of `browser` (empty storage), waits until it has `settled`,
 * runs `body(page, session)`, and then checks that no request left for another origin and
 * nothing was logged as an error.
 *
 * Options: viewport, colorScheme, contextOptions (Playwright's), beforeLoad(session) (runs before
 * the page is opened: routes, storage), path (default '/'), settle (`settled`'s options, or false
 * to start `body` at once), allowErrors (a RegExp of the errors expected, or true for any).
 */
export async function withPage(
  browser,
  body,
  {
    viewport = VIEWPORTS.desktop,
    colorScheme,
    contextOptions = {},
    beforeLoad,
    path = '/',
    settle = {},
    allowErrors = null,
  } = {},
) {
  const session = await startSession({
    browser,
    viewport,
    contextOptions: colorScheme === undefined ? contextOptions : { colorScheme, ...contextOptions },
  });
  try {
    await beforeLoad?.(session);
    await session.goto(path);
    if (settle !== false) await settled(session.page, settle);
    await body(session.page, session);
    assert.deepEqual(session.foreignRequests(), [], 'a request left for another origin');
    if (allowErrors !== true) assert.deepEqual(session.errors.filter((error) => !allowErrors?.test(error)), []);
  } finally {
    await session.close();
  }
}

/**
 * Waits until `#verdict` says `verdict` with `data-line` = `line` (null for none) and none of
 * `settledRegions` (selectors) is aria-busy any more, that is, the page has caught up with its
 * inputs; fails with what `#verdict` says instead.
 */
export async function expectVerdict(page, verdict, line, { settledRegions = ['#result'], timeout = 15_000 } = {}) {
  const want = [verdict, line === null ? '' : String(line)];
  try {
    await page.waitForFunction(
      ({ expected: [value, number], regions }) => {
        const element = document.querySelector('#verdict');
        const busy = regions.some(
          (selector) => document.querySelector(selector).getAttribute('aria-busy') !== 'false',
        );
        return !busy && element.dataset.verdict === value && element.dataset.line === number;
      },
      { expected: want, regions: settledRegions },
      { timeout },
    );
  } catch (error) {
    const actual = await page
      .locator('#verdict')
      .evaluate((element) => [element.dataset.verdict, element.dataset.line]);
    assert.fail(`expected #verdict ${want.join(' line ')}, found ${actual.join(' line ')}: ${error.message}`);
  }
}

const require = createRequire(import.meta.url);
let axeSource;

/**
 * Runs axe-core in the page and returns its results. Injected through the
 * DevTools protocol, so the page's Content-Security-Policy stays as shipped.
 * `options` are axe.run options; by default WCAG 2.x A/AA rules and best practices.
 */
export async function runAxe(page, options = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } }) {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  return page.evaluate((runOptions) => globalThis.axe.run(document, runOptions), options);
}

/** axe violations of impact serious or critical, summarised for an assertion message. */
export function seriousViolations(results) {
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/**
 * Checks one of the radio buttons folded under "Reading options" (`#profile-google`,
 * `#agent-match-token`), opening the fold first as a visitor would.
 */
export async function chooseReadingOption(page, selector) {
  await page.locator('#reading-options').evaluate((details) => {
    details.open = true;
  });
  await page.check(selector);
}

/**
 * Serves what `pattern` matches in `context` with `edit(text)` applied (how tests make the engine
 * trap). A request still on its way when the test closes its page (a worker the page replaces as
 * it ends, which on a loaded machine arrives late) finds the response disposed: it is dropped,
 * not reported as an error after the test.
 */
export function routeEdited(context, pattern, edit) {
  const closing = (error) => /disposed|closed/i.test(String(error?.message));
  return context.route(pattern, async (route) => {
    let response;
    let body;
    try {
      response = await route.fetch();
      body = edit(await response.text());
    } catch (error) {
      if (!closing(error)) throw error;
      await route.abort().catch(() => {});
      return;
    }
    await route.fulfill({ response, body }).catch((error) => {
      if (!closing(error)) throw error;
    });
  });
}

/**
 * Replaces the content of the field `selector` with `text` as a person does: copied to the
 * clipboard, the field clicked, everything selected and Ctrl+V pressed. The context needs the
 * `clipboard-read` and `clipboard-write` permissions.
 */
export async function pasteInto(page, selector, text) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.click(selector);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
}
