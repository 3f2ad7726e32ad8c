/**
 * The lists engine's worker: URL lists, the comparison of two versions and pinned checks, on the
 * wasm package built with the `lists` feature (www/pkg/lists/, see scripts/build-wasm.sh). The
 * page starts it only when one of those is used (www/engine/lists-engine.js), so the first verdict
 * never waits for this module. It speaks the protocol of www/engine/worker-protocol.js.
 *
 * A URL list is checked by a `UrlBatch` kept here: the page starts it, then asks for a step at
 * a time (`batchStep`), each about two frames of this worker's time (`STEP_MS`), so that a
 * comparison or the pinned checks are answered between steps, and stopping is simply not
 * asking for the next step. Rows cross to the page a page at a time; the lists of the report
 * are cut to what the page shows, with their full counts.
 */

import init, { RobotsFile, UrlBatch, compareVersions, compareVersionsBytes, defaults, expectationsToml, version } from '../pkg/lists/robots_lens_wasm.js';
import { serveOperations } from './worker-protocol.js';

/**
 * How long one step keeps this worker. A step was a fixed number of checks, 50 URLs for 80
 * crawlers: 100,000 URLs took 1,800 round trips to the page, and the round trips, not the
 * checks, were most of the minute the list took (`npm run bench:lists`, docs/performance.md).
 */
const STEP_MS = 32;

/** Items of each report list that cross to the page. */
const REPORT_LIMITS = { rules: 200, unusedRules: 200, totals: 200 };

let batch = null;
/** The file the pinned checks were last answered on, and its text. */
let pinned = null;
let pinnedText = null;

function currentBatch() {
  if (batch === null) throw new Error('no URL list is being checked (the engine was restarted?)');
  return batch;
}

function cut(list, limit) {
  return { items: list.length > limit ? list.slice(0, limit) : list, total: list.length };
}

serveOperations({
  /** Instantiates `module`; answers with the engine's version and defaults. */
  async init(module) {
    await init({ module_or_path: module });
    return { version: version(), defaults: defaults() };
  },

  /**
   * Starts checking the URLs of `listText` (`format`: auto, lines, csv, sitemap) against
   * `robotsText` for `agent` and `crawlers`; answers what reading the list found and the
   * agents' names. Nothing is checked until `batchStep`.
   */
  batchStart(robotsText, listText, format, agent, crawlers, options) {
    batch?.free();
    batch = null;
    // An opened file's bytes are read as they are (www/engine/first-answer.js `engineInput`).
    const args = [listText, format, agent, crawlers, options];
    batch = typeof robotsText === 'string' ? new UrlBatch(robotsText, ...args) : UrlBatch.fromBytes(robotsText, ...args);
    return { list: batch.list(), agents: batch.agents() };
  },

  /**
   * Checks more of the list, `maxChecks` URL × agent pairs at a time for about `STEP_MS`:
   * `{ done, total }` in URLs.
   */
  batchStep(maxChecks) {
    const current = currentBatch();
    const until = performance.now() + STEP_MS;
    let progress = current.run(maxChecks);
    while (progress.done < progress.total && performance.now() < until) progress = current.run(maxChecks);
    return progress;
  },

  /** A page of rows (see `UrlBatch.rows`): `{ rows, matching }`. */
  batchRows({ filter, contains, agent, order, descending, offset, limit }) {
    return currentBatch().rows(filter, contains, agent, order, descending, offset, limit);
  },

  /** The report, its long lists cut: `{ …, rules: { items, total }, unusedRules, totals }`. */
  batchReport() {
    const report = currentBatch().report();
    return {
      ...report,
      totals: cut(report.totals, REPORT_LIMITS.totals),
      rules: cut(report.rules, REPORT_LIMITS.rules),
      unusedRules: cut(report.unusedRules, REPORT_LIMITS.unusedRules),
    };
  },

  /** Every row, as `csv` or `json` text, for a download. */
  batchExport(kind) {
    const current = currentBatch();
    if (kind === 'csv') return current.csv();
    if (kind === 'json') return JSON.stringify({ rows: current.allRows() });
    throw new Error(`unknown export format '${kind}'`);
  },

  /** Forgets the list. */
  batchClear() {
    batch?.free();
    batch = null;
    return null;
  },

  /**
   * The verdicts that flip between two versions, and their lines aligned (`compareVersions`).
   * Either version may be an opened file's bytes (www/engine/first-answer.js `engineInput`): then both are
   * read as bytes, the text as its UTF-8.
   */
  compareVersions(oldInput, newInput, listText, format, agent, crawlers, options) {
    const args = [listText, format, agent, crawlers, options];
    if (typeof oldInput === 'string' && typeof newInput === 'string') return compareVersions(oldInput, newInput, ...args);
    const bytes = (input) => (typeof input === 'string' ? new TextEncoder().encode(input) : input);
    return compareVersionsBytes(bytes(oldInput), bytes(newInput), ...args);
  },

  /** The pinned expectations answered on `text` (parsed again only when it changed). */
  checkExpectations(text, expectations, options) {
    if (pinnedText !== text) {
      pinned?.free();
      pinned = null;
      pinnedText = null;
      pinned = typeof text === 'string' ? new RobotsFile(text) : RobotsFile.fromBytes(text);
      pinnedText = text;
    }
    return pinned.checkExpectations(expectations, options);
  },

  /** The expectations as the `robots-lens test` TOML file. */
  expectationsToml(expectations) {
    return expectationsToml(expectations);
  },
});
