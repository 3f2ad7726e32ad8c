//# allFunctionsCalledOnLoad
/**
 * The page's first verdict: the WebAssembly module compiled as soon as the page starts and
 * instantiated on the main thread, so that the first question is answered without waiting for a
 * worker (`firstAnswer`); and what every engine shares with it: the compiled module
 * (`compiledModule`, fetched and compiled once for every worker), an opened file's bytes
 * (`keepOpenedBytes`, `engineInput`) and the failures' type (`EngineError`).
 *
 *     const verdict = await firstAnswer(text, 'Googlebot', '/private', { profile: 'google' });
 *
 * It imports nothing, and index.html runs it as soon as it arrives (async): it starts compiling
 * the module and instantiates it on the main thread while the rest of the page is still being
 * fetched. The engines in workers, which answer every later question, are www/engine/engine.js's
 * (`Engine`), which app.js imports after the first verdict: starting a worker earlier only
 * competes with that verdict for the processor, and the module that starts them is not on its
 * path (issue 38).
 */

/** The first module wasm-pack builds (scripts/build-wasm.sh); index.html preloads it. */
export const WASM_URL = new URL('../pkg/robots_lens_wasm_bg.wasm', import.meta.url);
/**
 * The bytes of an opened file that is not valid UTF-8, kept while the editor shows it unedited:
 * `{ text, bytes }`, or null.
 *
 * A textarea holds only text, so such a file is shown with each invalid sequence as U+FFFD.
 * Crawlers (and the CLI) match the original octets: `Disallow: /caf\xE9` disallows `/caf%E9`,
 * while a U+FFFD is matched as `%EF%BF%BD`. So every call below hands the engine the file's own
 * bytes for as long as the text it is asked about is exactly the text they were shown as (see
 * `engineInput`); once the text is edited, the edited text is what is checked. One rule for
 * every call, so no panel can read one while the verdict reads the other.
 */
let opened = null;

/**
 * Keeps `bytes` (a Uint8Array, line ends as the textarea keeps them: see work.js
 * `decodeBytes`) as what the engine reads while the editor shows exactly `text`; null forgets.
 */
export function keepOpenedBytes(text, bytes) {
  opened = bytes === null ? null : { text, bytes };
}

/** What the engine reads for the editor's `text`: the opened file's bytes, or the text itself. */
export function engineInput(text) {
  return opened !== null && opened.text === text ? opened.bytes : text;
}

/**
 * An engine failure, with a message in English and the facts the page words it from in its own
 * language (`params`; this module imports nothing, not even the catalogues). `kind` is
 * `load` (the module could not be loaded), `crash` (it trapped), `timeout` (it hung),
 * `input` (it refused the arguments) or `cancelled` (see `Engine.cancel`).
 */
export class EngineError extends Error {
  constructor(kind, message, params = {}) {
    super(message);
    this.name = 'EngineError';
    this.kind = kind;
    this.params = params;
  }
}

/** Compiled modules by URL: fetched and compiled once, for every worker and `firstAnswer`. */
const compiled = new Map();

export function compiledModule(url = WASM_URL) {
  const key = url.href;
  if (!compiled.has(key)) {
    const module = compileModule(url);
    compiled.set(key, module);
    module.catch(() => {
      compiled.delete(key); // The next attempt fetches again.
    });
  }
  return compiled.get(key);
}

/**
 * The module instantiated on the main thread, started when this module is evaluated (in a
 * page), for `firstAnswer`: a promise of the wasm-bindgen glue, ready to call.
 */
const mainThreadGlue = typeof document === 'undefined' ? null : instantiateOnMainThread();

async function instantiateOnMainThread() {
  const [glue, module] = await Promise.all([import('../pkg/robots_lens_wasm.js'), compiledModule()]);
  // Synchronous once compiled: the instance is ready without waiting for another task.
  glue.initSync({ module });
  return glue;
}
mainThreadGlue?.catch(() => {}); // Reported by the worker, which loads the same module.

/**
 * The verdict for `text`, answered on the main thread by an instance of the module the workers
 * use, so the page's first verdict waits for neither a worker nor a second instantiation. Meant
 * for small texts; every later answer comes from the worker.
 */
export async function firstAnswer(text, agent, url, options) {
  if (mainThreadGlue === null) throw loadError('there is no page to load it into');
  const glue = await mainThreadGlue;
  const input = engineInput(text);
  if (typeof input === 'string') return glue.check(input, agent, url, options);
  const file = glue.RobotsFile.fromBytes(input);
  try {
    return file.check(agent, url, options);
  } finally {
    file.free();
  }
}

async function compileModule(url) {
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw loadError(error.message);
  }
  if (!response.ok)
    throw loadError(`${url.pathname} answered ${response.status} ${response.statusText}`);
  try {
    // Streaming compiles the bytes off the main thread as they arrive, but only from a response
    // of type application/wasm; a server without that type still serves the bytes, compiled
    // whole. The type is read first rather than streaming a clone and falling back: a cloned
    // body is tee'd through the main thread, so the compile waited for whatever the page was
    // doing there (the first layout: tens of milliseconds before the first verdict, issue 17).
    if (mimeType(response) === 'application/wasm') return await WebAssembly.compileStreaming(response);
    return await WebAssembly.compile(await response.arrayBuffer());
  } catch (error) {
    throw loadError(`${url.pathname} is not a WebAssembly module the browser accepts: ${error.message}`);
  }
}

/** The response's media type without its parameters, in lower case ('' when it has none). */
function mimeType(response) {
  return (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
}

export function loadError(detail) {
  return new EngineError(
    'load',
    `The engine could not be loaded (${detail}). Robots Lens must be served over HTTP with its ` +
      'WebAssembly package built into www/pkg/: from a checkout, run "npm start" and open the ' +
      'address it prints.',
    { detail },
  );
}

/** Above this, a trap is most likely the module running out of memory (wasm32 stops at 4 GiB). */
export const OUT_OF_MEMORY_BYTES = 1024 ** 3;
