// The audit, the other readers under the verdict and the self-test, in a real browser: findings
// grouped by severity with their counts and "learn more" texts, a finding's link selecting its
// span, flagged lines in the file view, a disagreeing reader highlighted with why, the self-test
// passing every vector (and showing a broken one as a failure), axe on all of it, and screenshots.
// Every test also asserts that no request left for another origin.
//
// Run: node --test tests/browser/features-audit-selftest.test.mjs   (after `npm run build`)
// Screenshots go to $SCREENSHOT_DIR (default: <tmpdir>/robots-lens-screens), never the repo.

import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { EXAMPLES } from '../../www/page/work.js';
import { englishText } from '../node/english.mjs';
import wasm, { wasmPackage } from '../node/wasm.mjs';
import {
  VIEWPORTS,
  chooseReadingOption,
  launchBrowser,
  runAxe,
  seriousViolations,
  settled,
  withPage,
} from './harness.mjs';

const WAIT_MS = 15_000;
const SELFTEST_WAIT_MS = 120_000;
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR || join(tmpdir(), 'robots-lens-screens');
const VECTORS_DIR = new URL('../vectors/', import.meta.url);
const CODE_DOCS = JSON.parse(readFileSync(new URL('../../www/pkg/audit-codes.json', import.meta.url), 'utf8'));
const SEVERITIES = ['error', 'warning', 'info'];
const REPO_ROOT = new URL('../../', import.meta.url).pathname;

/** A file where Python's robotparser (first match) and the RFC (longest match) disagree. */
const FIRST_MATCH_FILE = 'User-agent: *\nDisallow: /\nAllow: /public\n';

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** The page has caught up: the verdict matches the inputs and the audit matches the text. */
const SETTLE = { regions: ['#result', '#audit'], shown: ['#audit-summary'], timeout: WAIT_MS };
const PAGE = { settle: SETTLE };

async function loadExample(page, id) {
  await page.selectOption('#example-select', id);
  await page.click('#load-example');
  // The refresh starts after the debounce; wait for it to begin, then to end.
  await page.waitForFunction(
    (text) => document.querySelector('#robots').value === text,
    EXAMPLES.find((example) => example.id === id).text,
  );
  await page.waitForTimeout(Number(await page.getAttribute('html', 'data-debounce-ms')) + 50);
  await settled(page, SETTLE);
}

async function fill(page, { text, agent, url }) {
  if (text !== undefined) await page.fill('#robots', text);
  if (agent !== undefined) await page.fill('#agent', agent);
  if (url !== undefined) await page.fill('#url', url);
  await page.waitForTimeout(Number(await page.getAttribute('html', 'data-debounce-ms')) + 50);
  await settled(page, SETTLE);
}

/** The package the page's audit worker runs (www/pkg/audit/). */
const auditWasm = await wasmPackage('audit');

/**
 * The audit of `text` by the same wasm, in Node, as the page shows it: the causes, the first
 * finding of each (the entry the page draws), every finding, and the causes counted by severity.
 */
function engineAudit(text) {
  const file = new auditWasm.RobotsFile(text);
  try {
    const causes = file.auditCauses().map((cause) => ({ ...cause, lines: [...new Set(cause.findings.map((finding) => finding.line))] }));
    const counts = Object.fromEntries(SEVERITIES.map((severity) => [severity, 0]));
    for (const cause of causes) counts[cause.severity] += 1;
    return { causes, entries: causes.map((cause) => cause.findings[0]), findings: causes.flatMap((cause) => cause.findings), counts };
  } finally {
    file.free();
  }
}

/** Every case of the shared vectors, read as the cargo and node runners read them. */
function vectorCases() {
  const { files } = JSON.parse(readFileSync(new URL('manifest.json', VECTORS_DIR), 'utf8'));
  return files.flatMap((name) => JSON.parse(readFileSync(new URL(name, VECTORS_DIR), 'utf8')).cases);
}

/** Clicks "Run self-test" and waits for its summary; returns the summary's data attributes. */
async function runSelfTest(page) {
  await page.click('#selftest-run');
  await page.waitForSelector('#selftest-summary:is([data-state="passed"], [data-state="failed"], [data-state="error"])', {
    timeout: SELFTEST_WAIT_MS,
  });
  return page.$eval('#selftest-summary', (summary) => ({ ...summary.dataset, text: summary.textContent }));
}

/** The doc text as the page shows it: code marks (backticks) become code elements. */
function shown(text) {
  return text.replaceAll('`', '');
}

test('the mistakes example lists its findings by severity, with counts and learn-more texts', async () => {
  const example = EXAMPLES.find((candidate) => candidate.id === 'mistakes');
  const { entries: findings, counts } = engineAudit(example.text);
  assert.ok(counts.error > 0 && counts.warning > 0 && counts.info > 0, 'the example should hold every severity');
  await withPage(browser, async (page) => {
    await loadExample(page, 'mistakes');
    const summary = await page.$eval('#audit-summary', (element) => ({ ...element.dataset, text: element.textContent }));
    assert.deepEqual(
      [summary.errors, summary.warnings, summary.info],
      [counts.error, counts.warning, counts.info].map(String),
    );
    assert.match(summary.text, new RegExp(`${counts.error} errors.*${counts.warning} warnings.*${counts.info} info`));

    // Grouped by severity, most serious first; within a group, in line order, as the core sorts.
    const groups = await page.$$eval('#audit .finding-group', (sections) =>
      sections.map((section) => ({
        heading: section.querySelector('h4').textContent,
        findings: [...section.querySelectorAll('.finding')].map((item) => ({
          code: item.dataset.code,
          line: Number(item.dataset.line),
        })),
      })),
    );
    assert.deepEqual(
      groups.map((group) => group.heading),
      [`Errors (${counts.error})`, `Warnings (${counts.warning})`, `Info (${counts.info})`],
    );
    for (const [index, severity] of SEVERITIES.entries()) {
      const expected = findings
        .filter((finding) => finding.severity === severity)
        .map((finding) => ({ code: finding.code, line: finding.line }));
      assert.deepEqual(groups[index].findings, expected, severity);
    }

    // Each finding shows its message, why and fix; a mechanical fix shows the corrected line.
    const withReplacement = findings.find((finding) => finding.replacement !== null);
    const item = page.locator(
      `#audit .finding[data-code="${withReplacement.code}"][data-line="${withReplacement.line}"]`,
    );
    const itemText = await item.textContent();
    for (const part of [withReplacement.message, withReplacement.why, withReplacement.fix]) {
      assert.ok(itemText.includes(englishText(part)), `missing: ${englishText(part)}`);
    }
    assert.equal(await item.locator('.replacement-text').textContent(), withReplacement.replacement);

    // A warning or an error shows the question the engine asked to prove it, in words.
    const proved = findings.find((finding) => finding.severity !== 'info');
    assert.ok(proved && proved.example, 'a warning or an error carries its evidence');
    const provedItem = page.locator(`#audit .finding[data-code="${proved.code}"][data-line="${proved.line}"]`);
    assert.ok(
      (await provedItem.locator('.finding-example').textContent()).includes(englishText(proved.example)),
      'the evidence is shown',
    );
    for (const finding of findings.filter((each) => each.severity !== 'info')) {
      assert.ok(finding.effects > 0, `${finding.code} on line ${finding.line} has no evidence`);
    }

    // "Learn more" unfolds the code's documentation: what it does, why, example, fix, reference.
    const doc = CODE_DOCS.find((candidate) => candidate.id === withReplacement.code);
    const learnMore = item.locator('details.learn-more');
    assert.equal(await learnMore.getAttribute('open'), null);
    await learnMore.locator('summary').click();
    assert.notEqual(await learnMore.getAttribute('open'), null);
    await learnMore.locator('.code-doc').waitFor({ timeout: WAIT_MS });
    const docText = await learnMore.textContent();
    for (const part of ['What it does', 'Why it matters', 'Example', 'Fix', 'Reference']) {
      assert.ok(docText.includes(part), `no "${part}" heading`);
    }
    for (const part of [doc.whatItDoes, doc.whyItMatters, doc.reference]) {
      assert.ok(docText.includes(shown(part)), `missing: ${part}`);
    }
    assert.ok(await learnMore.isVisible());

    // The disclosure stays open while the text changes elsewhere and the audit is redrawn.
    await page.focus('#robots');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n# a comment');
    await page.waitForTimeout(250);
    await settled(page, SETTLE);
    assert.notEqual(await learnMore.getAttribute('open'), null);
    await learnMore.locator('.code-doc').waitFor({ timeout: WAIT_MS });
  }, PAGE);
});

test('the file view marks each flagged line with its worst severity', async () => {
  const example = EXAMPLES.find((candidate) => candidate.id === 'mistakes');
  const { findings } = engineAudit(example.text);
  const worst = new Map();
  for (const finding of findings) {
    const rank = SEVERITIES.indexOf(finding.severity);
    if (!worst.has(finding.line) || rank < SEVERITIES.indexOf(worst.get(finding.line)))
      worst.set(finding.line, finding.severity);
  }
  await withPage(browser, async (page) => {
    await loadExample(page, 'mistakes');
    await page.waitForFunction(() => document.querySelector('#file-view [data-flag]') !== null, null, {
      timeout: WAIT_MS,
    });
    const rows = await page.$$eval('#file-view .file-line', (elements) =>
      elements.map((row) => [
        Number(row.querySelector('[data-goto-line]').dataset.gotoLine),
        row.dataset.flag ?? null,
        row.textContent,
      ]),
    );
    assert.equal(rows.length, wasm.analyze(example.text).facts.lineCount);
    for (const [line, flag, text] of rows) {
      assert.equal(flag, worst.get(line) ?? null, `line ${line}`);
      if (flag) assert.match(text, new RegExp(`\\(audit: ${flag}\\)`), `line ${line} says its mark in words`);
    }

    // Another check redraws the file view; the marks follow.
    await fill(page, { url: '/other' });
    const flagged = await page.$$eval('#file-view .file-line[data-flag]', (elements) => elements.length);
    assert.equal(flagged, worst.size);
  }, PAGE);
});

test("a finding's link selects its span in the editor, or its whole line", async () => {
  const example = EXAMPLES.find((candidate) => candidate.id === 'mistakes');
  const { entries: findings } = engineAudit(example.text);
  const lines = wasm.analyze(example.text).lines;
  const spanned = findings.find((finding) => finding.start !== null && finding.end > finding.start);
  const lineOnly = findings.find((finding) => finding.start === null);
  await withPage(browser, async (page) => {
    await loadExample(page, 'mistakes');
    const selection = () =>
      page.$eval('#robots', (textarea) => [
        document.activeElement === textarea,
        textarea.selectionStart,
        textarea.selectionEnd,
        textarea.value.slice(textarea.selectionStart, textarea.selectionEnd),
      ]);

    await page.click(`#audit .finding[data-code="${spanned.code}"][data-line="${spanned.line}"] .finding-head .line-link`);
    assert.deepEqual(await selection(), [
      true,
      spanned.start,
      spanned.end,
      example.text.slice(spanned.start, spanned.end),
    ]);

    const line = lines[lineOnly.line - 1];
    await page.click(`#audit .finding[data-code="${lineOnly.code}"][data-line="${lineOnly.line}"] .finding-head .line-link`);
    assert.deepEqual(await selection(), [true, line.start, line.end, line.text]);
  }, PAGE);
});

test('a clean file has no findings, and the audit follows the text as it changes', async () => {
  const clean = 'User-agent: *\nDisallow: /private/\n\nSitemap: https://www.example.com/sitemap.xml\n';
  assert.equal(engineAudit(clean).findings.length, 0, 'the clean file should have no finding');
  await withPage(browser, async (page) => {
    await fill(page, { text: clean });
    assert.deepEqual(
      await page.$eval('#audit-summary', (element) => [element.dataset.errors, element.dataset.warnings, element.dataset.info]),
      ['0', '0', '0'],
    );
    assert.match(await page.textContent('#audit'), /No findings/);
    assert.equal(await page.locator('#file-view [data-flag]').count(), 0);

    // A rule above every `User-agent` line binds no crawler: Googlebot may fetch what it was
    // meant to close (an error); `Disalow` holds for Google and not for Python's robotparser
    // (a warning); a `Noindex` line changes no verdict (a note).
    const changed = `Disallow: /early/\n${clean.replace('\n\n', '\nDisalow: /drafts/\n\n')}Noindex: /x\n`;
    await fill(page, { text: changed });
    const { counts } = engineAudit(changed);
    assert.equal(await page.getAttribute('#audit-summary', 'data-errors'), String(counts.error));
    assert.equal(await page.getAttribute('#audit-summary', 'data-warnings'), String(counts.warning));
    assert.ok(counts.error > 0);
    assert.ok(counts.warning > 0);
  }, PAGE);
});

/**
 * `robots-lens lint FILE --json` on `text`: the CLI's entries, one per cause. The binary is the
 * workspace's debug build (cargo decides whether it is stale; `npm test` has built it already).
 */
function cliLint(text) {
  execFileSync('cargo', ['build', '--quiet', '-p', 'robots-lens-cli'], { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-causes-'));
  try {
    const path = join(dir, 'robots.txt');
    writeFileSync(path, text);
    // lint exits 1 when it finds an error; its JSON is the answer either way.
    const run = spawnSync(join(REPO_ROOT, 'target', 'debug', 'robots-lens'), ['lint', path, '--json'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.error) throw run.error;
    return JSON.parse(run.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a cause covering hundreds of lines is one entry with every line reachable, counted as the CLI counts', async () => {
  // 460 crawler names Google reads cut short (one cause), and other causes.
  let text = 'User-agent: *\nDisallow: /tmp/\nNoindex: /old/\n\n';
  for (let bot = 0; bot < 460; bot += 1) text += `User-agent: Bot${bot}x\nDisallow: /\n\n`;
  text += 'Disallow: /orphan\n';
  const { causes, counts } = engineAudit(text);
  const big = causes.reduce((most, cause) => (cause.lines.length > most.lines.length ? cause : most));
  assert.ok(big.lines.length >= 460, `the largest cause covers ${big.lines.length} lines`);
  const cli = cliLint(text);
  const cliCounts = Object.fromEntries(SEVERITIES.map((severity) => [severity, cli.filter((entry) => entry.severity === severity).length]));
  assert.deepEqual(counts, cliCounts, 'the wasm counts causes as robots-lens lint --json does');
  const cliBig = cli.find((entry) => entry.code === big.code && entry.line === big.lines[0]);
  assert.deepEqual(cliBig.lines, big.lines);

  await withPage(browser, async (page) => {
    await fill(page, { text });
    const summary = await page.$eval('#audit-summary', (element) => ({ ...element.dataset }));
    assert.deepEqual(
      [summary.errors, summary.warnings, summary.info].map(Number),
      SEVERITIES.map((severity) => cliCounts[severity]),
      'the page counts one entry per cause, as the CLI prints',
    );
    assert.equal(Number(summary.findings), causes.reduce((sum, cause) => sum + cause.findings.length, 0));
    assert.match(await page.textContent('#audit-summary'), /covering [\d,]+ lines/);
    // The header counts the same entries.
    const header = await page.textContent('#header-findings');
    assert.match(header, new RegExp(`${cliCounts.error} error`));

    // One entry for the cause, whatever its size: 460 lines are not 460 cards.
    const entry = page.locator(`#audit .finding[data-code="${big.code}"][data-line="${big.lines[0]}"]`);
    assert.equal(await entry.count(), 1);
    assert.equal(await entry.getAttribute('data-lines'), String(big.lines.length));
    assert.equal(await page.locator(`#audit .finding[data-code="${big.code}"]`).count(), causes.filter((cause) => cause.code === big.code).length);
    assert.match(await entry.locator('.cause-lines').textContent(), new RegExp(`same on ${big.lines.length - 1} more lines`));

    // Every other line is reachable: unfold the list, page through it to the end.
    await entry.locator('details.cause-every-line summary').click();
    const list = entry.locator('.cause-findings');
    await list.locator('li').first().waitFor({ timeout: WAIT_MS });
    const more = entry.locator('details.cause-every-line .show-more');
    assert.ok((await list.locator('li').count()) < big.lines.length - 1, 'the list is drawn a page at a time');
    assert.match(await entry.locator('details.cause-every-line .paged-status').textContent(), /Showing 200 of 459/);
    // Each page of findings comes from the audit's worker: the button waits while one is on its way.
    const loaded = () =>
      page.waitForFunction(
        (selector) => !document.querySelector(selector)?.disabled,
        `#audit .finding[data-code="${big.code}"][data-line="${big.lines[0]}"] details.cause-every-line .show-more`,
        { timeout: WAIT_MS },
      );
    await loaded();
    while ((await more.count()) > 0) {
      await more.click();
      await loaded();
    }
    const listed = await list.locator('li').evaluateAll((items) => items.map((item) => Number(item.dataset.line)));
    assert.deepEqual(listed, big.lines.slice(1));
    // Each listed finding has its own words and a link that goes to its own line.
    const last = big.findings.at(-1);
    const lastItem = list.locator('li').last();
    assert.equal(await lastItem.locator('.finding-message').textContent(), englishText(last.message));
    await lastItem.locator('.line-link').click();
    const selected = await page.$eval('#robots', (textarea) => textarea.value.slice(textarea.selectionStart, textarea.selectionEnd));
    assert.ok(selected.length > 0 && text.split('\n')[last.line - 1].includes(selected), `selected ${JSON.stringify(selected)}`);
  }, PAGE);
});

test('a reader that answers differently is highlighted under the verdict, with why', async () => {
  const file = new auditWasm.RobotsFile(FIRST_MATCH_FILE);
  const rows = file.compareProfiles('ExampleBot', '/public', { profile: 'rfc9309', agentMatch: 'substring' });
  file.free();
  const python = rows.find((row) => row.profile === 'python');
  assert.equal(python.agrees, false, 'python should disagree on this file');
  const pythonSummary = wasm.defaults().profiles.find((profile) => profile.id === 'python').summary;
  assert.match(pythonSummary, /3\.13/);

  await withPage(browser, async (page) => {
    await chooseReadingOption(page, '#profile-rfc9309');
    await chooseReadingOption(page, '#agent-match-substring');
    await fill(page, { text: FIRST_MATCH_FILE, agent: 'ExampleBot', url: '/public' });
    assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'allowed');

    const shownRows = await page.$$eval('#divergence .divergence-row', (elements) =>
      elements.map((row) => ({
        profile: row.dataset.profile,
        agrees: row.dataset.agrees,
        verdict: row.dataset.verdict,
        line: row.dataset.line,
        disagrees: row.classList.contains('disagrees'),
        background: getComputedStyle(row).backgroundColor,
        text: row.textContent,
      })),
    );
    // One row per other profile: the main one is the verdict above.
    assert.deepEqual(
      shownRows.map((row) => row.profile),
      rows.filter((row) => row.profile !== 'rfc9309').map((row) => row.profile),
    );
    const pythonRow = shownRows.find((row) => row.profile === 'python');
    assert.deepEqual(
      [pythonRow.agrees, pythonRow.verdict, pythonRow.line, pythonRow.disagrees],
      ['false', 'disallowed', '2', true],
    );
    assert.ok(pythonRow.text.includes(englishText(python.why)), pythonRow.text);
    assert.ok(pythonRow.text.includes(pythonSummary), 'the row names the CPython 3.13+ rewrite');
    assert.match(pythonRow.text, /Differs/);
    const googleRow = shownRows.find((row) => row.profile === 'google');
    assert.deepEqual([googleRow.agrees, googleRow.disagrees], ['true', false]);
    assert.notEqual(pythonRow.background, googleRow.background, 'the disagreeing row is highlighted');
    assert.match(await page.textContent('#divergence'), /answer differently/);

    // Read as Python, the others become the rows, and they disagree with it.
    await chooseReadingOption(page, '#profile-python');
    await page.waitForTimeout(250);
    await settled(page, SETTLE);
    assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'disallowed');
    // The explanation follows the profile's precedence policy from defaults().profiles.
    assert.match(await page.textContent('#explanation'), /The first rule in the file that matches this path decides/);
    assert.match(await page.textContent('.matches-table'), /Decides \(first match\)/);
    const againstPython = await page.$$eval('#divergence .divergence-row', (elements) =>
      elements.map((row) => [row.dataset.profile, row.dataset.agrees]),
    );
    assert.deepEqual(againstPython, [
      ['rfc9309', 'false'],
      ['google', 'false'],
      ['legacy-1994', 'true'],
    ]);
  }, PAGE);
});

test('the other readers are asked the same question as the verdict, fetch status included', async () => {
  const file = new auditWasm.RobotsFile(FIRST_MATCH_FILE);
  const rows = file.compareProfiles('ExampleBot', '/public', {
    profile: 'rfc9309',
    agentMatch: 'substring',
    status: '403',
  });
  file.free();
  await withPage(browser, async (page) => {
    await chooseReadingOption(page, '#profile-rfc9309');
    await fill(page, { text: FIRST_MATCH_FILE, agent: 'ExampleBot', url: '/public' });
    await page.selectOption('#status-select', '403');
    await page.waitForTimeout(250);
    await settled(page, SETTLE);
    const shownRows = await page.$$eval('#divergence .divergence-row', (elements) =>
      elements.map((row) => [row.dataset.profile, row.dataset.verdict, row.dataset.agrees]),
    );
    assert.deepEqual(
      shownRows,
      rows
        .filter((row) => row.profile !== 'rfc9309')
        .map((row) => [row.profile, row.verdict.allowed ? 'allowed' : 'disallowed', String(row.agrees)]),
    );
    // A 403 leaves RFC 9309 readers free to crawl, while Python's robotparser stops.
    assert.deepEqual(
      shownRows.find(([profile]) => profile === 'python'),
      ['python', 'disallowed', 'false'],
    );
  }, PAGE);
});

test('the self-test runs every vector from this origin and all pass', async () => {
  const cases = vectorCases();
  const { files } = JSON.parse(readFileSync(new URL('manifest.json', VECTORS_DIR), 'utf8'));
  await withPage(browser, async (page, session) => {
    const mark = session.mark();
    const summary = await runSelfTest(page);
    assert.equal(summary.state, 'passed', summary.text);
    assert.equal(summary.failed, '0');
    assert.equal(summary.passed, String(cases.length));
    assert.match(summary.text, new RegExp(`All ${cases.length.toLocaleString('en')} cases pass`));

    const requested = session.requestsSince(mark);
    assert.ok(requested.every((request) => request.sameOrigin));
    const paths = requested.map((request) => new URL(request.url).pathname);
    for (const name of ['manifest.json', ...files]) {
      assert.ok(paths.includes(`/tests/vectors/${name}`), `${name} was not fetched`);
    }

    // Grouped by category, parser divergences under their own heading; no failures section.
    assert.equal(await page.locator('.selftest-failures').count(), 0);
    const categories = await page.$$eval('.selftest-category', (groups) =>
      groups.map((group) => [
        group.dataset.category,
        group.querySelector('.category-title').textContent,
        group.querySelectorAll('.selftest-case.passed').length,
      ]),
    );
    const perCategory = new Map();
    for (const vector of cases) perCategory.set(vector.category, (perCategory.get(vector.category) ?? 0) + 1);
    assert.deepEqual(new Map(categories.map(([category, , count]) => [category, count])), perCategory);
    assert.deepEqual(
      categories.find(([category]) => category === 'parser-divergence').slice(0, 2),
      ['parser-divergence', 'Where parsers disagree'],
    );
    assert.equal(categories[0][1], 'Longest-match precedence');

    // A row opens to its inputs, expectation and answer.
    const [first] = cases;
    const category = page.locator(`.selftest-category[data-category="${first.category}"]`);
    assert.equal(await category.getAttribute('open'), null, 'a category without failures starts folded');
    await category.locator('summary').first().click();
    const row = category.locator(`.selftest-case[data-case="${first.id}"]`);
    await row.locator('summary').click();
    // The body is built on the details' `toggle` event, which fires after the click returns.
    await row.locator('details.case-details > :not(summary)').first().waitFor({ timeout: WAIT_MS });
    const details = await row.textContent();
    for (const part of [first.agent, first.source, first.why, `tests/vectors/`, 'Expected', 'Engine']) {
      assert.ok(details.includes(part), `missing: ${part}`);
    }
  }, PAGE);
});

test('a broken expectation in the vectors shows as a failure, first, with its details', async () => {
  const file = 'longest-match.json';
  const original = JSON.parse(readFileSync(new URL(file, VECTORS_DIR), 'utf8'));
  const broken = structuredClone(original);
  const [victim] = broken.cases;
  victim.expected.allowed = !victim.expected.allowed;
  const total = vectorCases().length;
  await withPage(
    browser,
    async (page) => {
      const summary = await runSelfTest(page);
      assert.equal(summary.state, 'failed', summary.text);
      assert.equal(summary.failed, '1');
      assert.equal(summary.passed, String(total - 1));

      // The failures come first and open, with what differs and the case's inputs.
      const failure = page.locator(`.selftest-failures .selftest-case[data-case="${victim.id}"]`);
      assert.equal(await failure.count(), 1);
      assert.notEqual(await failure.locator('details').getAttribute('open'), null);
      const text = await failure.textContent();
      assert.match(text, /Failed/);
      assert.match(
        text,
        new RegExp(
          `Expected ${victim.expected.allowed ? 'allowed' : 'disallowed'}, line ${victim.expected.line}; the engine answers ${original.cases[0].expected.allowed ? 'allowed' : 'disallowed'}, line ${victim.expected.line}`,
        ),
      );
      for (const part of [victim.source, victim.why, victim.agent, `tests/vectors/${file}`]) {
        assert.ok(text.includes(part), `missing: ${part}`);
      }
      assert.ok(
        (await failure.locator('.case-robots').textContent()).includes(victim.robots.split('\n')[1]),
        'the robots text is shown',
      );
      const sections = await page.$$eval('#selftest-results > section, #selftest-results > details', (nodes) =>
        nodes.map((node) => node.className),
      );
      assert.match(sections[0], /selftest-failures/);
      // Its category is open and lists it first.
      const category = page.locator(`.selftest-category[data-category="${victim.category}"]`);
      assert.notEqual(await category.getAttribute('open'), null);
      assert.equal(await category.locator('.selftest-case').first().getAttribute('data-case'), victim.id);
    },
    {
      ...PAGE,
      beforeLoad: (session) =>
        session.context.route(`**/tests/vectors/${file}`, (route) =>
          route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(broken) }),
        ),
    },
  );
});

test('a vector file that cannot be fetched is a failure, not a silent pass', async () => {
  await withPage(
    browser,
    async (page) => {
      const summary = await runSelfTest(page);
      assert.equal(summary.state, 'failed');
      assert.equal(summary.failed, '1');
      assert.match(await page.textContent('.selftest-failures'), /wildcard\.json could not be read: the server answered 404/);
    },
    {
      ...PAGE,
      // The browser logs the 404 it was served.
      allowErrors: /404/,
      beforeLoad: (session) =>
        session.context.route('**/tests/vectors/wildcard.json', (route) => route.fulfill({ status: 404, body: 'gone' })),
    },
  );
});

for (const [name, options] of [
  ['desktop, light', { viewport: VIEWPORTS.desktop, colorScheme: 'light' }],
  ['phone, dark', { viewport: VIEWPORTS.phone, colorScheme: 'dark' }],
]) {
  test(`axe finds no serious or critical violation in the findings, rows and self-test (${name})`, async () => {
    await withPage(browser, async (page) => {
      await loadExample(page, 'mistakes');
      await page.locator('#audit details.learn-more summary').first().click();
      await fill(page, { text: FIRST_MATCH_FILE, agent: 'ExampleBot', url: '/public' });
      await page.locator('.divergence-row.disagrees').first().waitFor();
      await runSelfTest(page);
      await page.locator('.selftest-category summary').first().click();
      await page.locator('.selftest-category .selftest-case summary').first().click();
      const violations = seriousViolations(await runAxe(page));
      assert.deepEqual(violations, []);
    }, { ...PAGE, ...options });
  });
}

test('screenshots of the findings, the other readers and the self-test', async () => {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    await withPage(
      browser,
      async (page) => {
        await loadExample(page, 'mistakes');
        const [first] = await page.locator('#audit details.learn-more summary').all();
        await first.click();
        await page.locator('#audit').screenshot({ path: join(SCREENSHOT_DIR, `audit-${name}.png`) });
        await page.locator('.file-view-section').screenshot({ path: join(SCREENSHOT_DIR, `file-view-flags-${name}.png`) });

        await fill(page, { text: FIRST_MATCH_FILE, agent: 'ExampleBot', url: '/public' });
        await page.locator('#result').screenshot({ path: join(SCREENSHOT_DIR, `divergence-${name}.png`) });

        await runSelfTest(page);
        await page.locator('.selftest-category summary').first().click();
        await page.locator('.selftest-category .selftest-case summary').first().click();
        await page.locator('#selftest').screenshot({ path: join(SCREENSHOT_DIR, `selftest-${name}.png`) });
      },
      { ...PAGE, viewport },
    );
  }
  await withPage(
    browser,
    async (page) => {
      await runSelfTest(page);
      await page.locator('#selftest').screenshot({ path: join(SCREENSHOT_DIR, 'selftest-failure-desktop.png') });
    },
    {
      ...PAGE,
      beforeLoad: (session) =>
        session.context.route('**/tests/vectors/end-anchor.json', async (route) => {
          const document = JSON.parse(readFileSync(new URL('end-anchor.json', VECTORS_DIR), 'utf8'));
          document.cases[0].expected.line = 99;
          await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(document) });
        }),
    },
  );
});
