/**
 * The self-test: every case of the shared test vectors (tests/vectors/*.json, the files cargo and
 * node run too) through the engine this page uses, in the page, offline.
 *
 * A page cannot list a directory over HTTP, so the files come from tests/vectors/manifest.json
 * (which both other runners check against the directory), fetched from the page's own origin.
 * The cases run in the engine's worker in small batches, so the page keeps answering while they
 * run. This module compares each expectation with the engine's answer (the verdict, the deciding
 * line and, when a case lists them, the sitemaps) and lays out the results: failures first, then
 * every case grouped by category, each expandable to its inputs, expectation, answer and source.
 *
 *     setUpSelfTest({ button, summary, progress, results, engine: () => state.engine });
 */

import { formatCount } from './format.js';
import { fragment, h } from './render.js';

/** Where the vectors are, relative to this module (www/ → the repository root). */
const VECTORS_URL = new URL('../tests/vectors/', import.meta.url);
const MANIFEST = 'manifest.json';
/** A vector file name as the manifest may list it: a plain name in the vectors directory. */
const FILE_NAME = /^[a-z0-9][a-z0-9-]*\.json$/;
/** Cases per call to the engine: small enough that a check typed meanwhile waits very little. */
const BATCH_CASES = 40;

/** Category headings, in the order tests/vectors/README.md lists them; others follow by name. */
const CATEGORY_TITLES = new Map([
  ['longest-match', 'Longest-match precedence'],
  ['negative-paths', 'Negative paths'],
  ['wildcard', 'The * wildcard'],
  ['end-anchor', 'The $ end anchor'],
  ['case-sensitivity', 'Case sensitivity of paths and agents'],
  ['group-merging', 'Group merging'],
  ['fallback-to-star', 'Fallback to *'],
  ['empty-rules', 'Empty rules and groups'],
  ['rules-before-user-agent', 'Rules before any User-agent'],
  ['agent-matching', 'Agent matching'],
  ['implicit-robots-txt', 'Implicit /robots.txt allow'],
  ['percent-encoding', 'Percent-encoding normalisation'],
  ['sitemap-extraction', 'Sitemap extraction'],
  ['line-endings-and-bom', 'Line endings and byte order mark'],
  ['typos', 'Key typos'],
  ['syntax', 'Syntax'],
  ['index-html', "Google's index.html rule"],
  ['url-forms', 'URL forms'],
  ['limits', 'Limits'],
  ['parser-divergence', 'Where parsers disagree'],
]);

/**
 * Wires the button and enables it (the page ships it disabled, until this module is loaded);
 * `engine()` returns the page's engine, or null while it is not ready.
 */
export function setUpSelfTest({ button, summary, progress, results, engine }) {
  let running = false;
  button.disabled = false;
  button.addEventListener('click', async () => {
    if (running) return;
    running = true;
    button.disabled = true;
    try {
      await runSelfTest({ summary, progress, results, engine: engine() });
    } finally {
      running = false;
      button.disabled = false;
    }
  });
}

async function runSelfTest({ summary, progress, results, engine }) {
  results.replaceChildren();
  setSummary(summary, 'running', 'Loading the test vectors…');
  if (engine === null) {
    setSummary(summary, 'error', 'The engine is not running yet (or could not be loaded), so there is nothing to test.');
    return;
  }
  const started = performance.now();
  const { files, problems } = await loadVectors();
  const cases = files.flatMap((file) => file.cases);
  const outcomes = problems.map((problem) => ({ vector: null, actual: null, problems: [problem] }));

  progress.max = Math.max(1, cases.length);
  progress.value = 0;
  progress.hidden = false;
  setSummary(summary, 'running', `Running ${formatCount(cases.length)} cases…`);
  let stopped = null;
  for (let at = 0; at < cases.length; at += BATCH_CASES) {
    const batch = cases.slice(at, at + BATCH_CASES);
    let answers;
    try {
      answers = await engine.runCases(batch.map(engineCase));
    } catch (error) {
      stopped = error;
      break;
    }
    batch.forEach((vector, index) => {
      const actual = answers[index];
      outcomes.push({ vector, actual, problems: vectorProblems(vector, actual) });
    });
    progress.value = Math.min(cases.length, at + batch.length);
  }
  progress.hidden = true;
  const elapsed = performance.now() - started;

  const failed = outcomes.filter((outcome) => outcome.problems.length > 0).length;
  const passed = outcomes.length - failed;
  const profiles = new Map(engine.defaults.profiles.map((profile) => [profile.id, profile.title]));
  results.replaceChildren(renderResults(outcomes, profiles));
  const counts = { passed, failed, total: cases.length + problems.length };
  if (stopped !== null) {
    const ran = outcomes.length - problems.length;
    setSummary(
      summary,
      'error',
      `The self-test stopped after ${formatCount(ran)} of ${formatCount(cases.length)} cases: ${stopped.message}`,
      counts,
    );
    return;
  }
  const seconds = (elapsed / 1000).toFixed(2);
  const where = `${formatCount(files.length)} vector files, ${seconds} s, engine v${engine.version}`;
  const text =
    failed === 0
      ? `All ${formatCount(passed)} cases pass (${where}).`
      : `${formatCount(failed)} of ${formatCount(outcomes.length)} ${outcomes.length === 1 ? 'case fails' : 'cases fail'}; ${formatCount(passed)} pass (${where}).`;
  setSummary(summary, failed === 0 ? 'passed' : 'failed', text, counts);
}

function setSummary(summary, state, text, counts = null) {
  summary.dataset.state = state;
  summary.dataset.passed = counts ? String(counts.passed) : '';
  summary.dataset.failed = counts ? String(counts.failed) : '';
  summary.dataset.total = counts ? String(counts.total) : '';
  summary.className = `selftest-summary selftest-${state}`;
  summary.textContent = text;
}

/**
 * Fetches the manifest and every file it lists, from this page's origin. A file that cannot be
 * fetched or read is a problem (shown as a failure), not a reason to stop.
 */
async function loadVectors() {
  const problems = [];
  let names = [];
  try {
    const manifest = await fetchJson(new URL(MANIFEST, VECTORS_URL));
    if (!Array.isArray(manifest.files)) throw new Error('it has no "files" list');
    names = manifest.files.filter((name) => {
      const valid = typeof name === 'string' && FILE_NAME.test(name);
      if (!valid) problems.push(`The manifest lists ${JSON.stringify(name)}, which is not a vector file name.`);
      return valid;
    });
  } catch (error) {
    problems.push(`tests/vectors/${MANIFEST} could not be read: ${error.message}`);
  }
  const loaded = await Promise.all(
    names.map(async (name) => {
      try {
        const document = await fetchJson(new URL(name, VECTORS_URL));
        if (!Array.isArray(document.cases)) throw new Error('it has no "cases" list');
        return { name, cases: document.cases.map((vector) => ({ ...vector, file: name })) };
      } catch (error) {
        problems.push(`tests/vectors/${name} could not be read: ${error.message}`);
        return null;
      }
    }),
  );
  return { files: loaded.filter((file) => file !== null), problems };
}

async function fetchJson(url) {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`the server answered ${response.status} ${response.statusText}`.trim());
  try {
    return await response.json();
  } catch (error) {
    throw new Error(`it is not valid JSON (${error.message})`);
  }
}

/** What the worker needs of a case: the inputs, and whether to report the sitemaps. */
function engineCase(vector) {
  const text = (value) => (typeof value === 'string' ? value : '');
  return {
    robots: text(vector.robots),
    agent: text(vector.agent),
    url: text(vector.url),
    profile: text(vector.profile),
    match: text(vector.match),
    sitemaps: Array.isArray(vector.expected?.sitemaps),
  };
}

/** What differs between the case's expectation and the engine's answer (empty when it passes). */
function vectorProblems(vector, actual) {
  const problems = [];
  const expected = vector.expected;
  for (const field of ['id', 'category', 'robots', 'agent', 'url', 'profile', 'match']) {
    if (typeof vector[field] !== 'string') problems.push(`The case has no "${field}" text.`);
  }
  if (typeof expected?.allowed !== 'boolean' || !(expected.line === null || Number.isInteger(expected.line))) {
    problems.push('The case has no valid "expected" verdict and line.');
    return problems;
  }
  if (actual.error !== null) {
    problems.push(`The engine refused the case: ${actual.error}`);
    return problems;
  }
  if (actual.allowed !== expected.allowed || actual.line !== expected.line) {
    problems.push(
      `Expected ${describe(expected.allowed, expected.line)}; the engine answers ${describe(actual.allowed, actual.line)}.`,
    );
  }
  if (Array.isArray(expected.sitemaps) && JSON.stringify(actual.sitemaps) !== JSON.stringify(expected.sitemaps)) {
    problems.push(
      `Expected the sitemaps ${JSON.stringify(expected.sitemaps)}; the engine finds ${JSON.stringify(actual.sitemaps)}.`,
    );
  }
  return problems;
}

function describe(allowed, line) {
  return `${allowed ? 'allowed' : 'disallowed'}, ${line === null ? 'no deciding line' : `line ${line}`}`;
}

// ---------------------------------------------------------------------------------------------
// The results

function renderResults(outcomes, profiles) {
  const failures = outcomes.filter((outcome) => outcome.problems.length > 0);
  const byCategory = new Map();
  for (const outcome of outcomes) {
    if (outcome.vector === null) continue;
    const category = String(outcome.vector.category);
    if (!byCategory.has(category)) byCategory.set(category, []);
    byCategory.get(category).push(outcome);
  }
  const known = [...CATEGORY_TITLES.keys()];
  const order = [...byCategory.keys()].sort((a, b) => {
    const rank = (name) => (known.includes(name) ? known.indexOf(name) : known.length);
    return rank(a) - rank(b) || a.localeCompare(b);
  });
  return fragment(
    failures.length > 0
      ? h(
          'section',
          { class: 'selftest-failures', 'aria-labelledby': 'selftest-failures-heading' },
          h('h3', { id: 'selftest-failures-heading' }, `Failures (${formatCount(failures.length)})`),
          h(
            'ul',
            { class: 'selftest-cases' },
            failures.map((outcome) => caseItem(outcome, profiles, true)),
          ),
        )
      : null,
    h('h3', { class: 'selftest-by-category' }, 'Every case, by category'),
    order.map((category) => categoryGroup(category, byCategory.get(category), profiles)),
  );
}

function categoryGroup(category, outcomes, profiles) {
  const failed = outcomes.filter((outcome) => outcome.problems.length > 0).length;
  // Failures first, then the file's order.
  const sorted = [...outcomes].sort((a, b) => Number(b.problems.length > 0) - Number(a.problems.length > 0));
  const status =
    failed === 0
      ? `${formatCount(outcomes.length)} ${outcomes.length === 1 ? 'case' : 'cases'}, all pass`
      : `${formatCount(failed)} of ${formatCount(outcomes.length)} fail`;
  return h(
    'details',
    {
      class: `selftest-category${failed > 0 ? ' has-failures' : ''}`,
      'data-category': category,
      open: failed > 0,
    },
    h(
      'summary',
      {},
      h('span', { class: 'category-title' }, CATEGORY_TITLES.get(category) ?? category),
      ' ',
      h('span', { class: 'category-status' }, status),
    ),
    h(
      'ul',
      { class: 'selftest-cases' },
      sorted.map((outcome) => caseItem(outcome, profiles, false)),
    ),
  );
}

/**
 * One case: a summary line, and its details built when first opened (a run shows hundreds of
 * cases, most never opened). `open` shows the details at once, for failures.
 */
function caseItem(outcome, profiles, open) {
  const failed = outcome.problems.length > 0;
  const { vector, actual } = outcome;
  if (vector === null) {
    return h(
      'li',
      { class: 'selftest-case failed' },
      h('p', { class: 'case-problem' }, statusMark(true), ' ', outcome.problems.join(' ')),
    );
  }
  const details = h(
    'details',
    { class: 'case-details', open },
    h(
      'summary',
      {},
      statusMark(failed),
      ' ',
      h('span', { class: 'case-id' }, String(vector.id)),
      ' ',
      h('span', { class: 'case-profile' }, String(vector.profile)),
      ' ',
      h('span', { class: 'case-brief' }, failed ? outcome.problems[0] : caseBrief(vector, actual)),
    ),
  );
  const fill = () => {
    if (details.childElementCount > 1) return;
    details.append(caseBody(outcome, profiles));
  };
  if (open) fill();
  else details.addEventListener('toggle', fill);
  return h(
    'li',
    { class: `selftest-case ${failed ? 'failed' : 'passed'}`, 'data-case': String(vector.id) },
    details,
  );
}

function statusMark(failed) {
  return h(
    'span',
    { class: `case-status ${failed ? 'case-failed' : 'case-passed'}` },
    h('span', { 'aria-hidden': 'true' }, failed ? '✕ ' : '✓ '),
    failed ? 'Failed' : 'Passed',
  );
}

/** A passing case in a few words: the verdict and line it pins. */
function caseBrief(vector, actual) {
  return describe(actual.allowed, actual.line);
}

function caseBody(outcome, profiles) {
  const { vector, actual, problems } = outcome;
  const expected = vector.expected ?? {};
  const rows = [];
  const row = (term, ...value) => rows.push(h('dt', {}, term), h('dd', {}, ...value));
  if (problems.length > 0) {
    row('What differs', h('ul', { class: 'case-problems' }, problems.map((problem) => h('li', {}, problem))));
  }
  row('robots.txt', h('pre', { class: 'case-robots' }, visibleText(String(vector.robots ?? ''))));
  row('User-agent', code(vector.agent));
  row('URL', code(vector.url));
  row('Profile', `${profiles.get(vector.profile) ?? String(vector.profile)} `, code(vector.profile));
  row('Match', code(vector.match));
  row('Expected', describe(expected.allowed, expected.line ?? null));
  if (actual && actual.error === null) {
    row(
      'Engine',
      describe(actual.allowed, actual.line),
      h('span', { class: 'hint' }, ` (reason: ${actual.reason})`),
    );
    if (actual.decisive) {
      const word = actual.decisive.kind === 'allow' ? 'Allow' : 'Disallow';
      row('Deciding line', `Line ${actual.decisive.line}: `, code(`${word}: ${actual.decisive.pattern}`));
    }
    row('Path compared', code(actual.normalisedPath));
    if (Array.isArray(expected.sitemaps)) {
      row('Sitemaps expected', sitemapList(expected.sitemaps));
      row('Sitemaps found', sitemapList(actual.sitemaps ?? []));
    }
  }
  row('Source', String(vector.source ?? ''));
  row('Why', String(vector.why ?? ''));
  row('File', code(`tests/vectors/${vector.file}`));
  return h('dl', { class: 'case-body' }, rows);
}

function code(value) {
  return h('code', {}, typeof value === 'string' ? visibleText(value) : String(value));
}

function sitemapList(urls) {
  if (urls.length === 0) return h('span', { class: 'empty' }, 'none');
  return h('ul', { class: 'plain-list' }, urls.map((url) => h('li', {}, code(url))));
}

/** Characters a reader cannot see, written as escapes in the shown text. */
const INVISIBLE = /[\r\t\0-\x08\x0b\x0c\x0e-\x1f\x7f\u00a0\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]/u;

/**
 * `text` as nodes, with invisible characters shown as escapes (`\r`, `\t`, `\ufeff`…) so that a
 * case about a BOM or a CR shows it. A lone CR, which ends a line for crawlers, also breaks the
 * shown line.
 */
function visibleText(text) {
  const nodes = [];
  let rest = text;
  while (rest.length > 0) {
    const found = INVISIBLE.exec(rest);
    if (found === null) {
      nodes.push(rest);
      break;
    }
    if (found.index > 0) nodes.push(rest.slice(0, found.index));
    const char = found[0];
    const escape =
      { '\r': '\\r', '\t': '\\t' }[char] ?? `\\u${char.codePointAt(0).toString(16).padStart(4, '0')}`;
    nodes.push(h('span', { class: 'escape', title: `U+${char.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}` }, escape));
    rest = rest.slice(found.index + 1);
    if (char === '\r' && !rest.startsWith('\n')) nodes.push('\n');
  }
  return nodes;
}
