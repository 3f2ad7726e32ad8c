/**
 * The engine workers' side of the protocol www/engine.js speaks: each `{ id, op, args }` is
 * answered with `{ id, ok: true, result }` or `{ id, ok: false, error: { message, trap } }`,
 * one operation at a time, in order. The first operation is `init`; every other one is refused
 * until it has succeeded. Shared by www/engine-worker.js and www/lists-engine-worker.js.
 */

/**
 * Answers messages with `operations` (an object of functions, `init` among them).
 * `transferables(result)` lists the buffers to transfer with a result.
 */
export function serveOperations(operations, { transferables = () => [] } = {}) {
  // console_error_panic_hook reports a panic through console.error just before the trap;
  // keeping the last message lets the page say what went wrong.
  let lastConsoleError = '';
  const consoleError = console.error.bind(console);
  console.error = (...args) => {
    lastConsoleError = args.map(String).join(' ');
    consoleError(...args);
  };

  let initialised = false;
  async function answer({ id, op, args }) {
    try {
      if (!Object.hasOwn(operations, op)) throw new Error(`unknown engine operation '${op}'`);
      if (op !== 'init' && !initialised) throw new Error('the engine is not initialised');
      lastConsoleError = '';
      const result = await operations[op](...args);
      if (op === 'init') initialised = true;
      self.postMessage({ id, ok: true, result }, transferables(result));
    } catch (error) {
      const trap = error instanceof WebAssembly.RuntimeError;
      const message = trap && lastConsoleError ? lastConsoleError : String(error?.message ?? error);
      self.postMessage({ id, ok: false, error: { message, trap } });
    }
  }

  // One operation at a time, in order: `init` is asynchronous, and nothing may overtake it.
  let queue = Promise.resolve();
  self.addEventListener('message', ({ data }) => {
    queue = queue.then(() => answer(data));
  });
}
