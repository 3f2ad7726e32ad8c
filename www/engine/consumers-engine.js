/**
 * The consumers engine: a worker (www/engine/consumers-engine-worker.js) running the wasm package
 * with every consumer's reading of every line (www/pkg/consumers/). It is started the first time
 * the page shows the consumers' column (www/panels/consumers.js), so a page that never opens it
 * never loads the package.
 *
 *     const engine = await consumersEngine();
 *     const { consumers, statuses, marks, summary, lineCount } = await engine.marks(text);
 *     const line = await engine.line(text, 12);        // every consumer's reading of line 12
 *     const bits = await engine.findingConsumers(text, lines, readers);
 */

import { Engine, engineInput, lazyEngine } from './engine.js';

const SOURCE = Object.freeze({
  worker: new URL('./consumers-engine-worker.js', import.meta.url),
  wasm: new URL('../pkg/consumers/robots_lens_wasm_bg.wasm', import.meta.url),
  name: 'robots-lens-consumers',
});

export class ConsumersEngine extends Engine {
  /**
   * One status per line and consumer, and each consumer's summary, for `text`:
   * `{ consumers, statuses, marks, summary, lighthouse, lineCount, elapsedMs }`, `marks` a
   * Uint8Array (`marks[(line - 1) * consumers.length + column]` indexes `statuses`).
   */
  marks(text) {
    return this.request('marks', [engineInput(text)], text.length);
  }

  /** Every consumer's reading of line `number` of `text` (its sentences), or null. */
  line(text, number) {
    return this.request('line', [engineInput(text), number], text.length);
  }

  /**
   * The consumers each audit finding is about, as bits of the consumers' order: finding `i` is
   * on line `lines[i]` and its evidence changed the readers `readers[i]` (the audit's bits).
   */
  findingConsumers(text, lines, readers) {
    return this.request('findingConsumers', [engineInput(text), lines, readers], text.length);
  }
}

/**
 * The page's consumers engine, started on the first call; rejects with an EngineError when it
 * cannot be loaded (and the next call tries again). `onRestart` as for `Engine`.
 */
export const consumersEngine = lazyEngine(ConsumersEngine, SOURCE);
