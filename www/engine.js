/**
 * The engine as the page sees it: an async front for the WebAssembly module, which lives in a
 * dedicated worker (www/engine-worker.js).
 *
 * This module owns that worker. Calls run one at a time, in order. When the module traps (a
 * panic is a bug, but a bug must not take the page down) or a call hangs, the worker is
 * terminated and the next call starts a fresh one, which instantiates the module again; the
 * failed call rejects with an `EngineError` whose message the page can show as it is.
 *
 *     const engine = await Engine.start();
 *     const analysis = await engine.analyze(text);
 *     const verdict = await engine.check(text, 'Googlebot', '/private', { profile: 'google' });
 */

const WORKER_URL = new URL('./engine-worker.js', import.meta.url);

/** How long the worker may take to load the module. */
const START_TIMEOUT_MS = 20_000;
/** How long one call may take: a base, plus time in proportion to the text it reads. */
const CALL_TIMEOUT_BASE_MS = 20_000;
const CALL_TIMEOUT_PER_MB_MS = 10_000;

/**
 * An engine failure, with a message written for the page. `kind` is
 * `load` (the module could not be loaded), `crash` (it trapped), `timeout` (it hung) or
 * `input` (it refused the arguments).
 */
export class EngineError extends Error {
  constructor(kind, message) {
    super(message);
    this.name = 'EngineError';
    this.kind = kind;
  }
}

export class Engine {
  #worker = null;
  #starting = null;
  #info = null;
  #calls = new Map();
  #nextId = 1;
  #queue = Promise.resolve();
  /** The text the current worker has loaded, and the analysis it returned. */
  #loadedText = null;
  #analysis = null;
  /** Called with an EngineError whenever the worker had to be replaced. */
  onRestart = () => {};

  /** Starts the worker and waits until the module is ready. Rejects with an EngineError. */
  static async start() {
    const engine = new Engine();
    await engine.#ensureWorker();
    return engine;
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
    return this.#enqueue(() => this.#load(text));
  }

  /** The verdict for `agent` and `url` on `text`, with `options` `{ profile, agentMatch }`. */
  check(text, agent, url, options) {
    return this.#enqueue(async () => {
      await this.#load(text);
      return this.#call('check', [agent, url, options], text.length);
    });
  }

  #enqueue(task) {
    const run = this.#queue.then(task);
    // A failed call must not block the ones after it.
    this.#queue = run.catch(() => {});
    return run;
  }

  async #load(text) {
    if (this.#worker !== null && this.#loadedText === text) return this.#analysis;
    this.#loadedText = null;
    this.#analysis = null;
    const analysis = await this.#call('load', [text], text.length);
    this.#loadedText = text;
    this.#analysis = analysis;
    return analysis;
  }

  #ensureWorker() {
    if (this.#worker !== null) return Promise.resolve();
    this.#starting ??= this.#spawn().finally(() => {
      this.#starting = null;
    });
    return this.#starting;
  }

  #spawn() {
    return new Promise((resolve, reject) => {
      let worker;
      try {
        worker = new Worker(WORKER_URL, { type: 'module', name: 'robots-lens-engine' });
      } catch (error) {
        reject(loadError(error.message));
        return;
      }
      const fail = (detail) => {
        clearTimeout(timer);
        worker.terminate();
        reject(loadError(detail));
      };
      const timer = setTimeout(() => fail('it did not start within 20 seconds'), START_TIMEOUT_MS);
      worker.onerror = (event) => {
        event.preventDefault();
        fail(event.message || 'the worker script or the module it imports failed to load');
      };
      worker.onmessage = ({ data }) => {
        if (data.failed !== undefined) {
          fail(data.failed);
          return;
        }
        clearTimeout(timer);
        this.#info ??= data.ready;
        this.#worker = worker;
        worker.onmessage = ({ data: reply }) => this.#settle(reply);
        worker.onerror = (event) => {
          event.preventDefault();
          this.#restart(new EngineError('crash', crashMessage(event.message)));
        };
        resolve();
      };
    });
  }

  async #call(op, args, textLength) {
    await this.#ensureWorker();
    const id = this.#nextId++;
    const timeoutMs = CALL_TIMEOUT_BASE_MS + Math.ceil(textLength / 1e6) * CALL_TIMEOUT_PER_MB_MS;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const seconds = Math.round(timeoutMs / 1000);
        this.#restart(
          new EngineError('timeout', `The engine did not answer within ${seconds} seconds and was restarted. Your text is safe.`),
        );
      }, timeoutMs);
      this.#calls.set(id, { resolve, reject, timer });
      this.#worker.postMessage({ id, op, args });
    });
  }

  #settle({ id, ok, result, error }) {
    const call = this.#calls.get(id);
    if (call === undefined) return;
    this.#calls.delete(id);
    clearTimeout(call.timer);
    if (ok) {
      call.resolve(result);
    } else if (error.trap) {
      const crash = new EngineError('crash', crashMessage(error.message));
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
      clearTimeout(call.timer);
      call.reject(error);
    }
    this.#calls.clear();
    this.onRestart(error);
  }
}

function loadError(detail) {
  return new EngineError(
    'load',
    `The engine could not be loaded (${detail}). Robots Lens must be served over HTTP with its ` +
      'WebAssembly package built into www/pkg/: from a checkout, run "npm start" and open the ' +
      'address it prints.',
  );
}

function crashMessage(detail) {
  const what = detail ? ` (${detail})` : '';
  return (
    `The engine crashed on this input${what}. It has been restarted and your text is safe. ` +
    'This is a bug in Robots Lens: please report it with the file that caused it.'
  );
}
