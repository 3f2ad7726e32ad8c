//# allFunctionsCalledOnLoad
/**
 * The engine as the page sees it: an async front for the WebAssembly module, which lives in a
 * dedicated worker (www/engine/engine-worker.js).
 *
 * This module owns that worker. Calls run one at a time, in order. When the module traps (a
 * panic is a bug, but a bug must not take the page down) or a call hangs, the worker is
 * terminated and the next call starts a fresh one, which instantiates the module again; the
 * failed call rejects with an `EngineError` whose message the page can show as it is.
 *
 *     const engine = await Engine.start();
 *     const analysis = await engine.analyze(text);
 *     const verdict = await engine.check(text, 'Googlebot', '/private', { profile: 'google' });
 *
 * The first verdict is not this module's: www/engine/first-answer.js compiles the module as the
 * page starts and answers the first question on the main thread, and app.js imports this module
 * after that verdict. The first worker starts then: started earlier, it only competed with the
 * first verdict for the processor. The workers use the module that file compiled.
 */

import {
  EngineError,
  OUT_OF_MEMORY_BYTES,
  WASM_URL,
  compiledModule,
  engineInput,
  loadError,
} from './first-answer.js';

// What the panels and the other engines import from here too; the first verdict's path imports
// them from first-answer.js, without this module.
export { EngineError, OUT_OF_MEMORY_BYTES, engineInput, keepOpenedBytes } from './first-answer.js';

const WORKER_URL = new URL('./engine-worker.js', import.meta.url);
/**
 * The page's engine: this worker script with the first package, the smallest module that
 * answers a check (www/pkg/: no audit).
 */
const MAIN_ENGINE = Object.freeze({
  worker: WORKER_URL,
  wasm: WASM_URL,
  glue: new URL('../pkg/robots_lens_wasm.js', import.meta.url),
  name: 'robots-lens-engine',
});
/**
 * Packages the same worker script can run (`Engine.start({ package })`). `audit` is the first
 * package plus the audit (www/pkg/audit/, the wasm crate's `audit` feature), for the audit's
 * engine (www/panels/findings.js): nothing fetches it before that engine starts, after the first verdict.
 */
const PACKAGES = Object.freeze({
  main: MAIN_ENGINE,
  audit: Object.freeze({
    worker: WORKER_URL,
    wasm: new URL('../pkg/audit/robots_lens_wasm_bg.wasm', import.meta.url),
    glue: new URL('../pkg/audit/robots_lens_wasm.js', import.meta.url),
    name: 'robots-lens-audit',
  }),
});

/** How long starting a worker and instantiating the module may take. */
const START_TIMEOUT_MS = 20_000;
/** How long one call may take: a base, plus time in proportion to the text it reads. */
const CALL_TIMEOUT_BASE_MS = 20_000;
const CALL_TIMEOUT_PER_MB_MS = 10_000;

export class Engine {
  #worker = null;
  #starting = null;
  /** Which worker script and module this engine runs (`Engine.start`). */
  #source = MAIN_ENGINE;
  /** The compiled module (a promise), shared by every worker this engine starts. */
  #module = null;
  #info = null;
  #calls = new Map();
  #nextId = 1;
  #queue = Promise.resolve();
  /** The text the current worker has loaded, and the analysis it returned. */
  #loadedText = null;
  #analysis = null;
  /** Called with an EngineError whenever the worker had to be replaced. */
  onRestart = () => {};

  /**
   * Starts the worker and waits until the module is ready. Rejects with an EngineError.
   * `source` is `{ package }` (a name of `PACKAGES`: `main`, the default, or `audit`) or
   * `{ worker, wasm, glue, name }`: URLs of a worker script that speaks this protocol, of its
   * module and of the module's glue (www/engine/lists-engine.js starts such an engine).
   */
  static async start(source = MAIN_ENGINE) {
    const engine = new this();
    engine.#source = source.package === undefined ? source : PACKAGES[source.package];
    if (engine.#source === undefined) throw loadError(`there is no engine package '${source.package}'`);
    await engine.#ensureWorker();
    return engine;
  }

  /** Runs operation `op` of the worker with `args`; `size` (characters) scales its timeout. */
  request(op, args, size = 0) {
    return this.#enqueue(() => this.#call(op, args, size));
  }

  /** The engine's version, for the footer. */
  get version() {
    return this.#info.version;
  }

  /** `defaults()` of the wasm module: default profile and match, their choices, the limits. */
  get defaults() {
    return this.#info.defaults;
  }

  /** The analysis of `text` (see engine-worker.js `summarise`); cached until the text changes. */
  analyze(text) {
    return this.#enqueue(async () => {
      await this.#load(engineInput(text));
      this.#analysis ??= await this.#call('analysis', [], text.length);
      return this.#analysis;
    });
  }

  /**
   * Parses `text` in the worker, for the calls that follow (`check` and the others load it
   * themselves; this is for waiting until the calls queued before have been answered).
   */
  load(text) {
    return this.#enqueue(() => this.#load(engineInput(text)));
  }

  /**
   * The verdict for `agent` and `url` on `text`, with `options` `{ profile, agentMatch, status,
   * crawler }` (a catalogued crawler's name: its fallback chain picks the group, not `agent`).
   */
  check(text, agent, url, options) {
    return this.#enqueue(async () => {
      await this.#load(engineInput(text));
      return this.#call('check', [agent, url, options], text.length);
    });
  }

  /**
   * Which group the crawler `options.crawler` used for `url` on `text`, and why: the core's
   * sentence, a message (see messageNodes in www/text/render.js), or null.
   */
  crawlerWhy(text, agent, url, options) {
    return this.#enqueue(async () => {
      await this.#load(engineInput(text));
      return this.#call('crawlerWhy', [agent, url, options], text.length);
    });
  }

  /**
   * What may be done with `url` on `text` (crawling, and each use as `Content-Usage` and
   * `Content-Signal` state it), with the options of `check`.
   */
  usage(text, agent, url, options) {
    return this.#enqueue(async () => {
      await this.#load(engineInput(text));
      return this.#call('usage', [agent, url, options], text.length);
    });
  }

  /** The policy builder's result for `spec` written into `text`, with `options` `{ profile }`. */
  writePolicy(text, spec, options) {
    return this.#enqueue(() => this.#call('writePolicy', [text, spec, options], text.length));
  }

  /** The crawler catalogue and the fetch statuses to offer: `{ catalogue, statusChoices }`. */
  crawlerSetup() {
    return this.#enqueue(() => this.#call('crawlerSetup', [], 0));
  }

  /**
   * For `url` on `text` with `options` `{ profile, status }`: `{ rows, recognised, status }`,
   * the all-crawlers table, the crawler named in `agent` and what the status does.
   */
  crawlerReport(text, agent, url, options) {
    return this.#enqueue(async () => {
      await this.#load(engineInput(text));
      return this.#call('crawlerReport', [agent, url, options], text.length);
    });
  }

  /**
   * The audit of `text` (see engine-worker.js `summariseAudit`), parsed apart from the loaded
   * file: `{ counts, total, items, flagged }`. Only an engine started on the `audit` package
   * has it; the first package's module does not carry the audit.
   */
  audit(text) {
    return this.#enqueue(() => this.#call('audit', [engineInput(text)], text.length));
  }

  /**
   * Findings `from`..`from + count` of cause `cause` of the audit `auditId` (the `id` of what
   * `audit` answered), which the worker keeps: a cause's 13,000 findings cross when someone
   * pages through them, not with the audit. Rejects when the worker has audited another text
   * since (or was restarted): the audit on screen is about to be replaced.
   */
  auditFindings(auditId, cause, from, count) {
    return this.#enqueue(() => this.#call('auditFindings', [auditId, cause, from, count], 0));
  }

  /** The check's question asked of every profile: one row per profile (`compareProfiles`). */
  compareProfiles(text, agent, url, options) {
    return this.#enqueue(async () => {
      await this.#load(engineInput(text));
      return this.#call('compareProfiles', [agent, url, options], text.length);
    });
  }

  /** Runs self-test cases (see engine-worker.js `runCase`); one answer per case, in order. */
  runCases(cases) {
    const size = cases.reduce((total, vector) => total + vector.robots.length, 0);
    return this.#enqueue(() => this.#call('runCases', [cases], size));
  }

  /**
   * Stops what the worker is doing, to start on something newer: pending calls reject with an
   * EngineError of kind `cancelled`, and the next call starts a fresh worker.
   */
  cancel() {
    if (this.#worker === null) return;
    this.#restart(new EngineError('cancelled', 'The engine call was cancelled for a newer one.'));
  }

  #enqueue(task) {
    const run = this.#queue.then(task);
    // A failed call must not block the ones after it.
    this.#queue = run.catch(() => {});
    return run;
  }

  /** Loads `input` (a text, or an opened file's bytes: see `engineInput`) unless it is loaded. */
  async #load(input) {
    if (this.#worker !== null && this.#loadedText === input) return;
    this.#loadedText = null;
    this.#analysis = null;
    await this.#call('load', [input], input.length);
    this.#loadedText = input;
  }

  #ensureWorker() {
    if (this.#worker !== null) return Promise.resolve();
    this.#starting ??= this.#spawn().finally(() => {
      this.#starting = null;
    });
    return this.#starting;
  }

  /**
   * Starts a worker and instantiates the module in it. The module is fetched and compiled
   * once, here, while the worker starts; a restart reuses it.
   */
  async #spawn() {
    this.#module ??= compiledModule(this.#source.wasm);
    let worker;
    try {
      worker = new Worker(this.#source.worker, { type: 'module', name: this.#source.name });
    } catch (error) {
      throw loadError(error.message);
    }
    let timer;
    const failed = new Promise((_, reject) => {
      worker.onerror = (event) => {
        event.preventDefault();
        reject(loadError(event.message || 'the worker script or a module it imports failed to load'));
      };
      timer = workerTimeout(
        () => reject(loadError(`it did not start within ${START_TIMEOUT_MS / 1000} seconds`)),
        START_TIMEOUT_MS,
      );
    });
    worker.onmessage = ({ data }) => this.#settle(data);
    try {
      const module = await Promise.race([this.#module, failed]);
      const init = this.#post(worker, 'init', [module, this.#source.glue?.href], 0);
      const info = await Promise.race([init, failed]);
      this.#info ??= info;
    } catch (error) {
      worker.terminate();
      this.#module = null; // The next attempt starts from scratch.
      throw error instanceof EngineError && error.kind === 'load' ? error : loadError(error.message);
    } finally {
      timer?.cancel();
    }
    worker.onerror = (event) => {
      event.preventDefault();
      this.#restart(new EngineError('crash', crashMessage(event.message), { detail: event.message }));
    };
    this.#worker = worker;
  }

  async #call(op, args, textLength) {
    await this.#ensureWorker();
    return this.#post(this.#worker, op, args, textLength);
  }

  /** Sends one operation to `worker`; the answer arrives through #settle. */
  #post(worker, op, args, textLength) {
    const id = this.#nextId++;
    const timeoutMs = CALL_TIMEOUT_BASE_MS + Math.ceil(textLength / 1e6) * CALL_TIMEOUT_PER_MB_MS;
    return new Promise((resolve, reject) => {
      const timer = workerTimeout(() => {
        const seconds = Math.round(timeoutMs / 1000);
        this.#restart(
          new EngineError(
            'timeout',
            `The engine did not answer within ${seconds} seconds and was restarted. Your text is safe.`,
            { seconds },
          ),
        );
      }, timeoutMs);
      this.#calls.set(id, { resolve, reject, timer });
      worker.postMessage({ id, op, args });
    });
  }

  #settle({ id, ok, result, error }) {
    const call = this.#calls.get(id);
    if (call === undefined) return;
    this.#calls.delete(id);
    call.timer.cancel();
    if (ok) {
      call.resolve(result);
    } else if (error.trap) {
      const crash = new EngineError('crash', crashMessage(error.message, error.memoryBytes), {
        detail: error.message,
        memoryBytes: error.memoryBytes ?? null,
      });
      call.reject(crash);
      this.#restart(crash);
    } else {
      call.reject(new EngineError('input', error.message));
    }
  }

  /** Ends the worker; pending calls reject with `error`; the next call starts a new worker. */
  #restart(error) {
    this.#worker?.terminate();
    this.#worker = null;
    this.#loadedText = null;
    this.#analysis = null;
    for (const call of this.#calls.values()) {
      call.timer.cancel();
      call.reject(error);
    }
    this.#calls.clear();
    this.onRestart(error);
  }
}

/**
 * An engine started on first use, for the packages a page may never need (www/engine/lists-engine.js
 * and the others): returns `start(onRestart)`, whose first call starts an `EngineClass` (Engine
 * or a subclass) on `source` (as `Engine.start` takes it) and whose every call answers the same
 * promise of it. The first caller's `onRestart` is the engine's. A start that fails is forgotten,
 * so the next call tries again rather than answer the same failure for as long as the page is open.
 */
export function lazyEngine(EngineClass, source) {
  let starting = null;
  return (onRestart = () => {}) => {
    starting ??= EngineClass.start(source).then(
      (engine) => {
        engine.onRestart = onRestart;
        return engine;
      },
      (error) => {
        starting = null;
        throw error;
      },
    );
    return starting;
  };
}

/** How often a worker timeout looks at the clock, and the most one look may count. */
const TIMEOUT_TICK_MS = 250;
const TIMEOUT_TICK_MAX_MS = 1000;

/**
 * Calls `onTimeout` once the worker has had `ms` of time to answer, counting only the time the
 * page could have received the answer: while the main thread is busy (laying out a 10 MB
 * textarea can take it for many seconds), a worker's answer waits in the queue, and a plain
 * timer would blame the worker for the page's stall and replace it. Returns `{ cancel }`.
 */
function workerTimeout(onTimeout, ms) {
  let counted = 0;
  let last = performance.now();
  let timer = 0;
  const tick = () => {
    const now = performance.now();
    counted += Math.min(now - last, TIMEOUT_TICK_MAX_MS);
    last = now;
    if (counted >= ms) onTimeout();
    else timer = setTimeout(tick, TIMEOUT_TICK_MS);
  };
  timer = setTimeout(tick, TIMEOUT_TICK_MS);
  return { cancel: () => clearTimeout(timer) };
}

/** What the page says about a trap: what stopped, how much memory it held, that it restarted. */
function crashMessage(detail, memoryBytes = null) {
  const what = detail ? ` (${detail})` : '';
  const memory =
    memoryBytes >= OUT_OF_MEMORY_BYTES
      ? ` It had grown to ${(memoryBytes / 1024 ** 3).toFixed(1)} GB of memory, so it most likely ran out of memory.`
      : '';
  return (
    `The engine crashed on this input${what}.${memory} It has been restarted and your text is safe. ` +
    'This is a bug in Robots Lens: please report it with the file that caused it.'
  );
}
