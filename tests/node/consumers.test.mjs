// The Lighthouse column is Lighthouse's own: for every file of ../shared/corpus/real-robots and
// real-robots-2, the lines, messages and pass or fail that the engine (the consumers
// package, www/pkg/consumers: RobotsFile.consumerMarks) attributes to Lighthouse equal what Lighthouse 12.2.3's own
// `robots-txt` audit module reports for that content; and `is-crawlable`'s five agents, as
// RobotsFile.isCrawlable reads them, equal npm robots-parser's answers (the parser
// is-crawlable reads the file with). npm `lighthouse` is a pinned devDependency: the product
// never loads it.
//
// The content is decoded as Lighthouse's fetcher decodes it (Buffer#toString('utf-8'): invalid
// bytes become U+FFFD, a byte order mark stays). Every mismatch is reported at once.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

import RobotsTxtAudit from 'lighthouse/core/audits/seo/robots-txt.js';
import robotsParser from 'robots-parser';
import { wasmPackage } from './wasm.mjs';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const SHARED = process.env.ROBOTS_LENS_SHARED ?? join(REPO, '..', 'shared');
const CORPORA = ['real-robots', 'real-robots-2'].map((name) => join(SHARED, 'corpus', name, 'files'));
const LIGHTHOUSE_VERSION = createRequire(import.meta.url)('lighthouse/package.json').version;
/** is-crawlable's agents, in its order; `undefined` is its agent without a name. */
const CRAWLABLE_AGENTS = [undefined, 'Googlebot', 'bingbot', 'DuckDuckBot', 'archive.org_bot'];
/** The pages asked of is-crawlable on every file. */
const PAGES = ['/', '/index.html', '/search?q=robots', '/wp-admin/'];

const { RobotsFile } = await wasmPackage('consumers');

function corpusFiles() {
  const missing = CORPORA.filter((dir) => !existsSync(dir));
  if (missing.length > 0) {
    if ((process.env.ROBOTS_LENS_ALLOW_MISSING ?? '').split(',').includes('shared')) return null;
    throw new Error(
      `the corpus is missing at ${missing.join(', ')} (the shared folder belongs beside the ` +
        'repository, or set ROBOTS_LENS_SHARED); to skip knowingly, set ROBOTS_LENS_ALLOW_MISSING=shared',
    );
  }
  return CORPORA.flatMap((dir) => readdirSync(dir).sort().map((name) => join(dir, name)));
}

/** Lighthouse's own audit of `content` served with status 200. */
function lighthouseAudit(content) {
  const product = RobotsTxtAudit.audit({ RobotsTxt: { status: 200, content } });
  if (product.notApplicable) return { outcome: 'not-applicable', errors: [] };
  const errors = (product.details?.items ?? []).map((item) => `${item.index}: ${item.message}`);
  return { outcome: product.score === 1 ? 'passes' : 'fails', errors };
}

function engineAudit(file) {
  const marks = file.consumerMarks();
  const lighthouse = marks.lighthouse;
  const column = marks.consumers.findIndex((consumer) => consumer.id === 'lighthouse');
  const flagged = marks.statuses.indexOf('flagged');
  const width = marks.consumers.length;
  const flaggedLines = [];
  for (let index = column; index < marks.marks.length; index += width) {
    if (marks.marks[index] === flagged) flaggedLines.push((index - column) / width + 1);
  }
  return {
    outcome: lighthouse.outcome,
    errors: lighthouse.errors.map((error) => `${error.line}: ${error.message}`),
    flaggedLines,
    passes: marks.summary.lighthouse.passes,
    version: lighthouse.version,
  };
}

test('the Lighthouse column is Lighthouse 12.2.3 robots-txt audit, on every corpus file', (t) => {
  const files = corpusFiles();
  if (files === null) return t.skip('ROBOTS_LENS_ALLOW_MISSING=shared: no corpus');
  assert.equal(LIGHTHOUSE_VERSION, '12.2.3', 'the pinned release the column reflects');
  const mismatches = [];
  let failing = 0;
  for (const path of files) {
    const bytes = readFileSync(path);
    const content = bytes.toString('utf-8');
    const expected = lighthouseAudit(content);
    const file = RobotsFile.fromBytes(bytes);
    let got;
    try {
      got = engineAudit(file);
    } finally {
      file.free();
    }
    if (expected.outcome === 'fails') failing += 1;
    const lines = expected.errors.map((error) => Number(error.split(':')[0]));
    const same =
      got.outcome === expected.outcome &&
      JSON.stringify(got.errors) === JSON.stringify(expected.errors) &&
      JSON.stringify(got.flaggedLines) === JSON.stringify(lines) &&
      got.passes === (expected.errors.length === 0) &&
      got.version === LIGHTHOUSE_VERSION;
    if (!same) mismatches.push({ file: path.slice(SHARED.length + 1), expected, got });
  }
  assert.deepEqual(mismatches.slice(0, 10), [], `${mismatches.length} of ${files.length} files differ`);
  // The corpus exercises both outcomes: a column that never flags would not pass unnoticed.
  assert.ok(failing > 10 && failing < files.length - 10, `${failing} of ${files.length} fail`);
});

test("is-crawlable's five agents read as npm robots-parser reads them, on every corpus file", (t) => {
  const files = corpusFiles();
  if (files === null) return t.skip('ROBOTS_LENS_ALLOW_MISSING=shared: no corpus');
  const mismatches = [];
  for (const path of files) {
    const bytes = readFileSync(path);
    const parsed = robotsParser('https://example.com/robots.txt', bytes.toString('utf-8'));
    const file = RobotsFile.fromBytes(bytes);
    try {
      for (const page of PAGES) {
        const expected = CRAWLABLE_AGENTS.map((agent) => {
          const url = `https://example.com${page}`;
          const line = parsed.getMatchingLineNumber(url, agent);
          return { allowed: parsed.isAllowed(url, agent), line: line === -1 ? null : line };
        });
        const got = file.isCrawlable(page).agents.map(({ allowed, line }) => ({ allowed, line }));
        if (JSON.stringify(got) !== JSON.stringify(expected)) {
          mismatches.push({ file: path.slice(SHARED.length + 1), page, expected, got });
        }
      }
    } finally {
      file.free();
    }
  }
  assert.deepEqual(mismatches.slice(0, 10), [], `${mismatches.length} pages differ`);
});
