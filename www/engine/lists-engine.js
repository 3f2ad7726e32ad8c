/**
 * The lists engine: a second engine (www/engine/engine.js) whose worker (www/engine/lists-engine-worker.js)
 * runs the wasm package built with URL lists, the comparison of two versions and expectations
 * (www/pkg/lists/). It is started on first use, so pages that use none of those never load it.
 *
 *     const engine = await listsEngine();
 *     const { list, agents } = await engine.batchStart(text, listText, 'auto', 'Googlebot', ['GPTBot'], options);
 */

import { Engine, engineInput, lazyEngine } from './engine.js';

const SOURCE = Object.freeze({
  worker: new URL('./lists-engine-worker.js', import.meta.url),
  wasm: new URL('../pkg/lists/robots_lens_wasm_bg.wasm', import.meta.url),
  name: 'robots-lens-lists',
});

export class ListsEngine extends Engine {
  /** Starts checking a URL list against `text`: `{ list, agents }`; then `batchStep`. */
  batchStart(text, listText, format, agent, crawlers, options) {
    return this.request('batchStart', [engineInput(text), listText, format, agent, crawlers, options], text.length + listText.length);
  }

  /** Checks more of the list, `maxChecks` URL × agent pairs at a time for about two frames: `{ done, total }`. */
  batchStep(maxChecks) {
    return this.request('batchStep', [maxChecks]);
  }

  /** A page of the list's rows: `{ rows, matching }`. */
  batchRows(query) {
    return this.request('batchRows', [query]);
  }

  /** The list's report: totals per agent, deciding rules, rules that matched no URL. */
  batchReport() {
    return this.request('batchReport', []);
  }

  /** Every row of the list as `csv` or `json` text. */
  batchExport(kind) {
    return this.request('batchExport', [kind]);
  }

  /**
   * The verdicts that flip between `oldInput` and `newInput`, and their lines aligned; each is
   * a text or an opened file's bytes (see `engineInput`), which the caller picks per version.
   */
  compareVersions(oldInput, newInput, listText, format, agent, crawlers, options) {
    const args = [oldInput, newInput, listText, format, agent, crawlers, options];
    return this.request('compareVersions', args, oldInput.length + newInput.length + listText.length);
  }

  /** The pinned `expectations` answered on `text`. */
  checkExpectations(text, expectations, options) {
    return this.request('checkExpectations', [engineInput(text), expectations, options], text.length);
  }

  /** The expectations as the `robots-lens test` TOML file. */
  expectationsToml(expectations) {
    return this.request('expectationsToml', [expectations]);
  }
}

/**
 * The page's lists engine, started on the first call; rejects with an EngineError when it
 * cannot be loaded (and the next call tries again). `onRestart` as for `Engine`.
 */
export const listsEngine = lazyEngine(ListsEngine, SOURCE);
