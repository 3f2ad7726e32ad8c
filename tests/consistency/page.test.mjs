// The consistency suite in Chromium: the page's panels asked the seeded questions
// (questions.mjs), every answer compared with `check --url --json`'s on the verdict, the
// deciding line and the reason code.
//
// Two ways in, both through the page as served:
//   - the panels' engine calls, in the page: the checker's verdict (`Engine.check`, its line as
//     `#verdict[data-line]` reports it: render.js `decidingLine`), the crawler table
//     (`crawlerReport`, the same line rule), the compare panel (`compareProfiles`), the AI usage
//     table (`usage`), the URL list (`ListsEngine` batch: its rows and its CSV export) and the
//     pins (`checkExpectations`) — the worker, the wasm packages and the modules the panels use;
//   - the checker itself, typed into as a visitor types (`#robots`, `#agent`, `#url`, the
//     reading options), for a sample: `#verdict[data-verdict][data-line]`.
//
// Surfaces in PENDING disagree for a reason issue #23 names; they run, print their differences
// and are node:test todos with that reason, never passing.
//
// Run:  node --test tests/consistency/page.test.mjs   (after `bash scripts/build-wasm.sh` and
//       `bash scripts/setup.sh --browser`)
// Env:  CONSISTENCY_PAGE_COUNT (questions, default 2400), CONSISTENCY_TYPED_COUNT (typed into
//       the checker, default 60), CONSISTENCY_SEED

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, test } from 'node:test';

import { startSession } from '../browser/harness.mjs';
import { answerOf, compareSurfaces, csvAnswer, csvRows, formatReport, refusalOrFailure } from './answers.mjs';
import * as cli from './cli.mjs';
import { DEFAULT_SEED, generateQuestions, sharedDir } from './questions.mjs';

const COUNT = Number(process.env.CONSISTENCY_PAGE_COUNT ?? 2400);
const TYPED = Number(process.env.CONSISTENCY_TYPED_COUNT ?? 60);
const SEED = Number(process.env.CONSISTENCY_SEED ?? DEFAULT_SEED) + 1;
const REFERENCE = 'check --url --json';

/** Panels known to disagree, with the cause: todos that still print their differences. */
const PENDING = {};

let session;
let generated;
let reference;
let fromPage;

before(async () => {
  const binary = cli.cliBinary();
  const catalogue = JSON.parse(spawnSync(binary, ['crawlers', '--json'], { encoding: 'utf8' }).stdout);
  generated = generateQuestions({ seed: SEED, count: COUNT, catalogue, shared: sharedDir() });
  const files = cli.scratchFiles(generated);
  try {
    reference = { name: REFERENCE, answers: cli.askCheckJson(binary, generated, files) };
  } finally {
    files.close();
  }
  session = await startSession();
  await session.goto('/');
  await session.page.waitForSelector('#verdict[data-verdict]:not([data-verdict=""])', { timeout: 30_000 });
  const asked = await session.page.evaluate(askThePanels, { files: generated.files.map((file) => file.text), questions: generated.questions });
  fromPage = { ...asked, ...readLists(asked.lists) };
  console.log(`consistency (page): ${generated.questions.length} questions (seed ${SEED}) over ${generated.files.length} files`);
});

after(() => session?.close());

/**
 * Runs in the page: every question asked of the panels' engine calls. Returns, per surface,
 * `[id, answer]` pairs (the answers' shape is answers.mjs's; refusals and errors keep their text).
 */
async function askThePanels({ files, questions }) {
  const { Engine } = await import('/www/engine/engine.js');
  const render = await import('/www/text/render.js');
  const { listsEngine } = await import('/www/engine/lists-engine.js');
  const engine = await Engine.start();
  const lists = await listsEngine();
  const surfaces = {
    'page checker': [],
    'page crawler table': [],
    'page compare panel': [],
    'page AI usage table (crawl row)': [],
    'page pins': [],
    lists: [],
  };
  // The line the page shows (`#verdict[data-line]`, the crawler table's cell) is render.js's.
  const verdictAnswer = (verdict) =>
    verdict.urlProblem
      ? { verdict: 'refused', line: null, reason: null, error: `the typed URL: ${verdict.urlProblem}` }
      : {
          verdict: verdict.allowed ? 'allowed' : 'disallowed',
          line: render.decidingLine(verdict),
          reason: verdict.reason,
          group: verdict.groupUsed,
          why: verdict.whyDecides,
        };
  const raised = (error) => ({ verdict: 'error', line: null, reason: null, error: String(error?.message ?? error) });
  // An agent's question asks the agent exactly as typed, a catalogued crawler's name too.
  const options = (q) => ({
    profile: q.profile,
    agentMatch: q.match,
    status: q.status,
    ...(q.crawler ? { crawler: q.crawler } : { asTyped: true }),
  });
  const batches = new Map();
  for (const q of questions) {
    if (!batches.has(q.batch)) batches.set(q.batch, []);
    batches.get(q.batch).push(q);
  }
  for (const batch of batches.values()) {
    const first = batch[0];
    const text = files[first.file];
    for (const q of batch) {
      const agent = q.agent ?? '';
      try {
        surfaces['page checker'].push([q.id, verdictAnswer(await engine.check(text, agent || q.crawler, q.url, options(q)))]);
      } catch (error) {
        surfaces['page checker'].push([q.id, raised(error)]);
      }
      try {
        const rows = await engine.compareProfiles(text, agent || q.crawler, q.url, options(q));
        const row = rows.find((entry) => entry.profile === q.profile);
        surfaces['page compare panel'].push([q.id, row ? verdictAnswer(row.verdict) : raised('no row for the profile')]);
      } catch (error) {
        surfaces['page compare panel'].push([q.id, raised(error)]);
      }
      try {
        const usage = await engine.usage(text, agent || q.crawler, q.url, options(q));
        surfaces['page AI usage table (crawl row)'].push([
          q.id,
          { verdict: usage.crawl.allowed ? 'allowed' : 'disallowed', line: usage.crawl.line ?? null, reason: undefined },
        ]);
      } catch (error) {
        surfaces['page AI usage table (crawl row)'].push([q.id, raised(error)]);
      }
      if (q.crawler) {
        try {
          const report = await engine.crawlerReport(text, '', q.url, { profile: q.profile, status: q.status });
          const row = report.rows.find((entry) => entry.name === q.crawler);
          surfaces['page crawler table'].push([q.id, row ? verdictAnswer(row.verdict) : raised('no row for the crawler')]);
        } catch (error) {
          surfaces['page crawler table'].push([q.id, raised(error)]);
        }
      }
    }
    // The URL list: the batch as one list, as a visitor pastes it, each URL text once (the
    // list keeps a URL once). Its rows and CSV go back whole; Node reads them (readLists).
    const listable = batch.filter((q) => !/[\r\n]/.test(q.url) && q.url.trim() !== '' && !q.url.trim().startsWith('#'));
    const unique = [...new Set(listable.map((q) => q.url))];
    if (listable.length > 0) {
      const list = { questions: listable.map((q) => [q.id, unique.indexOf(q.url)]), size: unique.length };
      try {
        await lists.batchStart(text, unique.join('\n'), 'lines', first.agent ?? '', first.crawler ? [first.crawler] : [], options(first));
        for (let step = 0; step < 1000; step += 1) {
          const progress = await lists.batchStep(10_000);
          if (progress.done >= progress.total) break;
        }
        const page = await lists.batchRows({ filter: 'all', contains: '', agent: -1, order: 'input', descending: false, offset: 0, limit: 1000 });
        list.rows = page.rows.map((row) => ({ allowed: row.allowed, line: row.line, reason: row.reason }));
        list.csv = await lists.batchExport('csv');
      } catch (error) {
        list.error = String(error?.message ?? error);
      }
      surfaces.lists.push(list);
    }
    try {
      const who = first.crawler ? { crawlers: [first.crawler] } : { agents: [first.agent] };
      const results = await lists.checkExpectations(text, batch.map((q) => ({ url: q.url, allowed: true, ...who })), options(first));
      batch.forEach((q, index) => {
        const result = results.find((entry) => entry.index === index);
        if (!result) surfaces['page pins'].push([q.id, raised('no result for the pin')]);
        else if (result.error === 'url-refused') surfaces['page pins'].push([q.id, { verdict: 'refused', line: null, reason: null, error: result.urlProblem }]);
        else if (result.error) surfaces['page pins'].push([q.id, raised(result.error)]);
        else surfaces['page pins'].push([q.id, { verdict: result.allowed ? 'allowed' : 'disallowed', line: result.line ?? null, reason: result.reason }]);
      });
    } catch (error) {
      for (const q of batch) surfaces['page pins'].push([q.id, raised(error)]);
    }
  }
  return surfaces;
}

/** The URL list's rows and CSV, as the page returned them, as two surfaces of answers. */
function readLists(lists) {
  const rows = [];
  const csv = [];
  for (const list of lists) {
    if (list.error !== undefined) {
      for (const [id] of list.questions) rows.push([id, { verdict: 'error', line: null, reason: null, error: list.error }]);
      continue;
    }
    const [header, ...lines] = csvRows(list.csv);
    for (const [id, index] of list.questions) {
      const row = list.rows.length === list.size ? list.rows[index] : undefined;
      rows.push([id, row ? answerOf(row) : { verdict: 'error', line: null, reason: null, error: `the list kept ${list.rows.length} of ${list.size} URLs` }]);
      if (lines[index] !== undefined) csv.push([id, csvAnswer(header, lines[index])]);
    }
  }
  return { 'page URL list rows': rows, 'page URL list CSV': csv };
}

/** A page answer, its error (if any) read as a refusal or a failure as the Node side reads them. */
function normalised([id, answer]) {
  return [id, answer.verdict === 'error' ? refusalOrFailure(answer.error) : answer];
}

for (const name of [
  'page checker',
  'page crawler table',
  'page compare panel',
  'page AI usage table (crawl row)',
  'page URL list rows',
  'page URL list CSV',
  'page pins',
]) {
  test(name, { todo: PENDING[name] }, () => {
    const answers = new Map(fromPage[name].map(normalised));
    const [row] = compareSurfaces(generated, reference, [{ name, answers }]);
    console.log(formatReport(REFERENCE, [row]));
    const least = name === 'page crawler table' ? 100 : 2000;
    assert.ok(row.compared >= Math.min(least, COUNT / 2), `${name} answered only ${row.compared} questions`);
    if (PENDING[name] === undefined) assert.equal(row.differing, 0, `${name} differs on ${row.differing} of ${row.compared} questions`);
  });
}

test('the checker, typed into as a visitor types, shows the verdict and line of check --url', async () => {
  const { page } = session;
  // Agents as typed at status 200 (the checker's status control is a panel of its own), the
  // profile and match chosen in the reading options.
  const typed = generated.questions.filter((q) => q.agent !== undefined && q.status === '200' && !/[\r\n]/.test(q.url)).slice(0, TYPED);
  assert.ok(typed.length >= Math.min(TYPED, 20), `only ${typed.length} questions can be typed`);
  const differing = [];
  // The question is the agent as typed (check --agent): the reading that answers a UA string
  // naming a catalogued crawler as that crawler (issue 26's default, check --crawler's answer)
  // is turned off.
  await page.locator('#reading-options').evaluate((details) => {
    details.open = true;
  });
  await page.uncheck('#as-crawler');
  for (const q of typed) {
    const want = reference.answers.get(q.id);
    await page.locator('#reading-options').evaluate((details) => {
      details.open = true;
    });
    await page.check(`#profile-${q.profile}`);
    await page.check(`#agent-match-${q.match}`);
    await page.fill('#robots', generated.files[q.file].text);
    await page.fill('#agent', q.agent);
    await page.fill('#url', q.url);
    // The page refuses a URL no crawler requests with an empty verdict.
    const expected = want.verdict === 'refused' ? ['', ''] : [want.verdict, want.line === null ? '' : String(want.line)];
    const shown = await page
      .waitForFunction(
        ([verdict, line]) => {
          const element = document.querySelector('#verdict');
          const settled = document.querySelector('#result')?.getAttribute('aria-busy') === 'false';
          return settled && element.dataset.verdict === verdict && element.dataset.line === line;
        },
        expected,
        { timeout: 5_000 },
      )
      .then(() => null)
      .catch(() => page.locator('#verdict').evaluate((element) => [element.dataset.verdict, element.dataset.line]));
    if (shown !== null) differing.push({ question: q, expected, shown });
  }
  console.log(`  page checker, typed: ${typed.length} questions, ${differing.length} differ from ${REFERENCE}`);
  for (const difference of differing.slice(0, 8)) console.log(`    ${JSON.stringify(difference)}`);
  assert.deepEqual(differing, []);
});
