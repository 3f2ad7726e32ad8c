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

import { formatCount, formatDecimal, onLanguageChange, t, tPlural } from '../text/i18n.js';
import { choiceTitle, fragment, h } from '../text/render.js';

/** Where the vectors are, relative to this module (www/ → the repository root). */
const VECTORS_URL = new URL('../../tests/vectors/', import.meta.url);
const MANIFEST = 'manifest.json';
/** A vector file name as the manifest may list it: a plain name in the vectors directory. */
const FILE_NAME = /^[a-z0-9][a-z0-9-]*\.json$/;
/** Cases per call to the engine: small enough that a check typed meanwhile waits very little. */
const BATCH_CASES = 40;

/** Category headings' catalogue keys, in the order tests/vectors/README.md lists them; others follow by name. */
const CATEGORY_TITLES = new Map([
  ['longest-match', 'selftest.category.longest-match'],
  ['negative-paths', 'selftest.category.negative-paths'],
  ['wildcard', 'selftest.category.wildcard'],
  ['end-anchor', 'selftest.category.end-anchor'],
  ['case-sensitivity', 'selftest.category.case-sensitivity'],
  ['group-merging', 'selftest.category.group-merging'],
  ['fallback-to-star', 'selftest.category.fallback-to-star'],
  ['empty-rules', 'selftest.category.empty-rules'],
  ['rules-before-user-agent', 'selftest.category.rules-before-user-agent'],
  ['agent-matching', 'selftest.category.agent-matching'],
  ['implicit-robots-txt', 'selftest.category.implicit-robots-txt'],
  ['percent-encoding', 'selftest.category.percent-encoding'],
  ['sitemap-extraction', 'selftest.category.sitemap-extraction'],
  ['line-endings-and-bom', 'selftest.category.line-endings-and-bom'],
  ['typos', 'selftest.category.typos'],
  ['syntax', 'selftest.category.syntax'],
  ['index-html', 'selftest.category.index-html'],
  ['url-forms', 'selftest.category.url-forms'],
  ['limits', 'selftest.category.limits'],
  ['parser-divergence', 'selftest.category.parser-divergence'],
  ['ai-preferences', 'selftest.category.ai-preferences'],
]);

/**
 * Wires the button and enables it (the page ships it disabled, until this module is loaded);
 * `engine()` returns the page's engine, or null while it is not ready.
 */
export function setUpSelfTest({ button, summary, progress, results, engine }) {
  let running = false;
  /** The last finished run, drawn again in the new language after a switch. */
  let lastRun = null;
  button.disabled = false;
  onLanguageChange(() => {
    if (lastRun !== null && !running) drawRun({ summary, results }, lastRun);
  });
  button.addEventListener('click', async () => {
    if (running) return;
    running = true;
    button.disabled = true;
    try {
      lastRun = await runSelfTest({ summary, progress, results, engine: engine() });
      if (lastRun !== null) drawRun({ summary, results }, lastRun);
    } finally {
      running = false;
      button.disabled = false;
    }
  });
}

/**
 * Runs every case; answers what the drawing needs (`drawRun`), or null when there is no engine.
 * The outcomes keep each case and the engine's answer, so their problems can be worded again.
 */
async function runSelfTest({ summary, progress, results, engine }) {
  results.replaceChildren();
  setSummary(summary, 'running', t('selftest.loading'));
  if (engine === null) {
    setSummary(summary, 'error', t('selftest.no-engine'));
    return null;
  }
  const started = performance.now();
  const { files, problems } = await loadVectors();
  const cases = files.flatMap((file) => file.cases);
  const outcomes = problems.map((problem) => ({ vector: null, actual: null, problems: [problem] }));

  progress.max = Math.max(1, cases.length);
  progress.value = 0;
  progress.hidden = false;
  setSummary(summary, 'running', t('selftest.running', { count: formatCount(cases.length) }));
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
  return {
    outcomes,
    stopped,
    elapsed,
    files: files.length,
    cases: cases.length,
    loadProblems: problems.length,
    version: engine.version,
    profiles: engine.defaults.profiles.map((profile) => profile.id),
  };
}

/** Draws a run's summary and results in the page's language. */
function drawRun({ summary, results }, run) {
  const { stopped, elapsed, version } = run;
  const outcomes = run.outcomes.map((outcome) =>
    outcome.vector === null ? outcome : { ...outcome, problems: vectorProblems(outcome.vector, outcome.actual) },
  );
  const failed = outcomes.filter((outcome) => outcome.problems.length > 0).length;
  const passed = outcomes.length - failed;
  const profiles = new Map(run.profiles.map((id) => [id, choiceTitle('profile', id)]));
  results.replaceChildren(renderResults(outcomes, profiles));
  const counts = { passed, failed, total: run.cases + run.loadProblems };
  if (stopped !== null) {
    const ran = outcomes.length - run.loadProblems;
    setSummary(
      summary,
      'error',
      t('selftest.stopped', { ran: formatCount(ran), total: formatCount(run.cases), detail: stopped.message }),
      counts,
    );
    return;
  }
  const seconds = formatDecimal(elapsed / 1000, 2);
  const where = t('selftest.where', { files: formatCount(run.files), seconds, version });
  const text =
    failed === 0
      ? t('selftest.all-pass', { count: formatCount(passed), where })
      : t('selftest.some-fail', {
          failed: formatCount(failed),
          total: formatCount(outcomes.length),
          passed: formatCount(passed),
          where,
        });
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
    if (!Array.isArray(manifest.files)) throw new Error(t('selftest.no-files-list'));
    names = manifest.files.filter((name) => {
      const valid = typeof name === 'string' && FILE_NAME.test(name);
      if (!valid) problems.push(t('selftest.bad-file-name', { name: JSON.stringify(name) }));
      return valid;
    });
  } catch (error) {
    problems.push(t('selftest.unreadable', { file: `tests/vectors/${MANIFEST}`, detail: error.message }));
  }
  const loaded = await Promise.all(
    names.map(async (name) => {
      try {
        const document = await fetchJson(new URL(name, VECTORS_URL));
        if (!Array.isArray(document.cases)) throw new Error(t('selftest.no-cases-list'));
        return { name, cases: document.cases.map((vector) => ({ ...vector, file: name })) };
      } catch (error) {
        problems.push(t('selftest.unreadable', { file: `tests/vectors/${name}`, detail: error.message }));
        return null;
      }
    }),
  );
  return { files: loaded.filter((file) => file !== null), problems };
}

async function fetchJson(url) {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(t('findings.server-answered', { status: `${response.status} ${response.statusText}`.trim() }));
  try {
    return await response.json();
  } catch (error) {
    throw new Error(t('selftest.not-json', { detail: error.message }));
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
    preferences: typeof vector.expected?.preferences === 'object' && vector.expected.preferences !== null,
  };
}

/** What differs between the case's expectation and the engine's answer (empty when it passes). */
function vectorProblems(vector, actual) {
  const problems = [];
  const expected = vector.expected;
  for (const field of ['id', 'category', 'robots', 'agent', 'url', 'profile', 'match']) {
    if (typeof vector[field] !== 'string') problems.push(t('selftest.no-field', { field }));
  }
  if (typeof expected?.allowed !== 'boolean' || !(expected.line === null || Number.isInteger(expected.line))) {
    problems.push(t('selftest.no-expected'));
    return problems;
  }
  if (actual.error !== null) {
    problems.push(t('selftest.refused', { detail: actual.error }));
    return problems;
  }
  if (actual.allowed !== expected.allowed || actual.line !== expected.line) {
    problems.push(
      t('selftest.expected-verdict', {
        expected: describe(expected.allowed, expected.line),
        actual: describe(actual.allowed, actual.line),
      }),
    );
  }
  if (Array.isArray(expected.sitemaps) && JSON.stringify(actual.sitemaps) !== JSON.stringify(expected.sitemaps)) {
    problems.push(
      t('selftest.expected-sitemaps', {
        expected: JSON.stringify(expected.sitemaps),
        actual: JSON.stringify(actual.sitemaps),
      }),
    );
  }
  if (expected.preferences) {
    if (actual.usage) problems.push(...preferenceProblems(expected.preferences, actual.usage));
    else problems.push(t('selftest.no-usage'));
  }
  return problems;
}

/** The labels and licences a case pins (`expected.preferences`), against the engine's usage answer. */
function preferenceProblems(expected, usage) {
  const problems = [];
  const vocabularies = [
    ['content_usage', 'Content-Usage', usage.contentUsage],
    ['content_signal', 'Content-Signal', usage.contentSignal],
  ];
  for (const [field, name, answers] of vocabularies) {
    for (const [label, wanted] of Object.entries(expected[field] ?? {})) {
      const got = answers.find((answer) => answer.label === label);
      if (got?.preference !== wanted?.preference || got?.line !== wanted?.line) {
        problems.push(
          `Expected ${name} ${label} ${wanted?.preference} (${lineWords(wanted?.line)}); the engine answers ${got?.preference} (${lineWords(got?.line)}).`,
        );
      }
    }
  }
  if (Array.isArray(expected.licenses)) {
    const licenses = usage.licenses.map(({ url, line }) => ({ url, line }));
    if (JSON.stringify(licenses) !== JSON.stringify(expected.licenses)) {
      problems.push(`Expected the licences ${JSON.stringify(expected.licenses)}; the engine finds ${JSON.stringify(licenses)}.`);
    }
  }
  return problems;
}

function lineWords(line) {
  return Number.isInteger(line) ? `line ${line}` : 'no deciding line';
}

function describe(allowed, line) {
  const verdict = allowed ? t('selftest.allowed') : t('selftest.disallowed');
  return line === null ? t('selftest.verdict-no-line', { verdict }) : t('selftest.verdict-line', { verdict, line });
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
          h('h3', { id: 'selftest-failures-heading' }, t('selftest.failures', { count: formatCount(failures.length) })),
          h(
            'ul',
            { class: 'selftest-cases' },
            failures.map((outcome) => caseItem(outcome, profiles, true)),
          ),
        )
      : null,
    h('h3', { class: 'selftest-by-category' }, t('selftest.by-category')),
    order.map((category) => categoryGroup(category, byCategory.get(category), profiles)),
  );
}

function categoryGroup(category, outcomes, profiles) {
  const failed = outcomes.filter((outcome) => outcome.problems.length > 0).length;
  // Failures first, then the file's order.
  const sorted = [...outcomes].sort((a, b) => Number(b.problems.length > 0) - Number(a.problems.length > 0));
  const status =
    failed === 0
      ? tPlural('selftest.category-pass', outcomes.length, {}, formatCount)
      : t('selftest.category-fail', { failed: formatCount(failed), total: formatCount(outcomes.length) });
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
      h('span', { class: 'category-title' }, CATEGORY_TITLES.has(category) ? t(CATEGORY_TITLES.get(category)) : category),
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
    failed ? t('selftest.failed') : t('selftest.passed'),
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
    row(t('selftest.row.differs'), h('ul', { class: 'case-problems' }, problems.map((problem) => h('li', {}, problem))));
  }
  row('robots.txt', h('pre', { class: 'case-robots', translate: 'no' }, visibleText(String(vector.robots ?? ''))));
  row('User-agent', code(vector.agent));
  row('URL', code(vector.url));
  row(t('selftest.row.profile'), `${profiles.get(vector.profile) ?? String(vector.profile)} `, code(vector.profile));
  row(t('selftest.row.match'), code(vector.match));
  row(t('selftest.row.expected'), describe(expected.allowed, expected.line ?? null));
  if (actual && actual.error === null) {
    row(
      t('selftest.row.engine'),
      describe(actual.allowed, actual.line),
      h('span', { class: 'hint' }, ' ', t('selftest.reason', { reason: actual.reason })),
    );
    if (actual.decisive) {
      const word = actual.decisive.kind === 'allow' ? 'Allow' : 'Disallow';
      row(
        t('selftest.row.deciding-line'),
        t('selftest.line-label', { line: actual.decisive.line }),
        ' ',
        code(`${word}: ${actual.decisive.pattern}`),
      );
    }
    row(t('selftest.row.path-compared'), code(actual.normalisedPath));
    if (Array.isArray(expected.sitemaps)) {
      row(t('selftest.row.sitemaps-expected'), sitemapList(expected.sitemaps));
      row(t('selftest.row.sitemaps-found'), sitemapList(actual.sitemaps ?? []));
    }
  }
  // A case's source and reason are the vector file's own words, shown as written.
  row(t('selftest.row.source'), h('span', { lang: 'en', translate: 'no' }, String(vector.source ?? '')));
  row(t('selftest.row.why'), h('span', { lang: 'en', translate: 'no' }, String(vector.why ?? '')));
  row(t('selftest.row.file'), code(`tests/vectors/${vector.file}`));
  return h('dl', { class: 'case-body' }, rows);
}

function code(value) {
  return h('code', { translate: 'no' }, typeof value === 'string' ? visibleText(value) : String(value));
}

function sitemapList(urls) {
  if (urls.length === 0) return h('span', { class: 'empty' }, t('selftest.none'));
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
