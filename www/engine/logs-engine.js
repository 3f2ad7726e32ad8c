/**
 * The logs engine: an engine (www/engine/engine.js) whose worker (www/engine/logs-engine-worker.js)
 * runs the wasm package built with the log replay (www/pkg/logs/). It is started when a log is
 * first replayed, so pages that never open one never load it.
 *
 *     const engine = await logsEngine();
 *     await engine.logsStart(versions, options, files);
 *     let step; do step = await engine.logsStep(40); while (!step.done);
 *     const report = await engine.logsReport();
 */

import { Engine, lazyEngine } from './engine.js';

const SOURCE = Object.freeze({
  worker: new URL('./logs-engine-worker.js', import.meta.url),
  wasm: new URL('../pkg/logs/robots_lens_wasm_bg.wasm', import.meta.url),
  name: 'robots-lens-logs',
});

export class LogsEngine extends Engine {
  /**
   * Starts replaying `files` (File or Blob objects, read in the worker a chunk at a time, never
   * whole) against `versions` (`[{ label, text, from, site }]`); `options`: `profile`,
   * `agentMatch`, `logFormat`, `fields`. Answers `{ totalBytes }`; nothing is read until
   * `logsStep`.
   */
  logsStart(versions, options, files) {
    return this.request('logsStart', [versions, options, files]);
  }

  /** Reads for about `budgetMs` milliseconds: `{ done, readBytes, totalBytes, lines, requests }`. */
  logsStep(budgetMs) {
    return this.request('logsStep', [budgetMs]);
  }

  /** The report so far (the object `robots-lens logs --format json` prints). */
  logsReport() {
    return this.request('logsReport', []);
  }

  /** The disallowed requests kept so far (at most the worker's limit), as CSV text. */
  logsCsv() {
    return this.request('logsCsv', []);
  }
}

/**
 * The page's logs engine, started on the first call; rejects with an EngineError when it
 * cannot be loaded (and the next call tries again). `onRestart` as for `Engine`.
 */
export const logsEngine = lazyEngine(LogsEngine, SOURCE);
