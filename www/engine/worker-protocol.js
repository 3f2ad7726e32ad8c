/**
 * The engine workers' side of the protocol www/engine/engine.js speaks: each `{ id, op, args }` is
 * answered with `{ id, ok: true, result }` or `{ id, ok: false, error: { message, trap,
 * memoryBytes } }`, one operation at a time, in order. The first operation is `init`; every
 * other one is refused until it has succeeded. Shared by www/engine/engine-worker.js and
 * www/engine/lists-engine-worker.js.
 *
 * A trap leaves the instance in an undefined state: wasm-bindgen's objects stay borrowed by the
 * call that never returned, and the next use of one throws a borrow error that says nothing of
 * the trap. So after the first trap every answer reports that trap (with the module's memory
 * size, which tells an out-of-memory apart), and the page replaces the worker instead of reading
 * the next error as a problem of the input.
 */

/** The first trap in this worker, once one happened: `{ error, message, memoryBytes }`. */
let trapped = null;

/**
 * Whether `error` means the instance can no longer be trusted: a trap, or wasm-bindgen's borrow
 * error, which in a worker that runs one call at a time (no re-entry) only follows a trap.
 */
export function isTrap(error) {
  return (
    trapped !== null ||
    error instanceof WebAssembly.RuntimeError ||
    /recursive use of an object detected|take ownership of Rust value while it was borrowed/.test(
      String(error?.message ?? ''),
    )
  );
}

/**
 * Answers messages with `operations` (an object of functions, `init` among them).
 * `transferables(result)` lists the buffers to transfer with a result; `memoryBytes()` is the
 * module's memory size, reported with a trap.
 */
export function serveOperations(operations, { transferables = () => [], memoryBytes = () => null } = {}) {
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
      if (trapped !== null) throw trapped.error;
      if (!Object.hasOwn(operations, op)) throw new Error(`unknown engine operation '${op}'`);
      if (op !== 'init' && !initialised) throw new Error('the engine is not initialised');
      lastConsoleError = '';
      const result = await operations[op](...args);
      if (op === 'init') initialised = true;
      self.postMessage({ id, ok: true, result }, transferables(result));
    } catch (error) {
      if (isTrap(error)) {
        // The first trap is the one to report; what failed after it is its consequence.
        trapped ??= { error, message: lastConsoleError || String(error?.message ?? error), memoryBytes: memoryBytes() };
        const { message, memoryBytes: bytes } = trapped;
        self.postMessage({ id, ok: false, error: { message, trap: true, memoryBytes: bytes } });
        return;
      }
      self.postMessage({ id, ok: false, error: { message: String(error?.message ?? error), trap: false } });
    }
  }

  // One operation at a time, in order: `init` is asynchronous, and nothing may overtake it.
  let queue = Promise.resolve();
  self.addEventListener('message', ({ data }) => {
    queue = queue.then(() => answer(data));
  });
}
