/**
 * The consumers engine's worker: every consumer's reading of every line, on the wasm package
 * built with the `consumers` feature (www/pkg/consumers/, see scripts/build-wasm.sh). The page
 * starts it only when the consumers' column is shown (www/engine/consumers-engine.js). It speaks
 * the protocol of www/engine/worker-protocol.js.
 *
 * The file is parsed once per text and kept: the marks, a line's readings and the findings'
 * consumers are asked of the same parse. The marks cross as one byte per line and consumer; a
 * line's sentences are made only when the line is opened.
 */

import init, { RobotsFile, defaults, version } from '../pkg/consumers/robots_lens_wasm.js';
import { serveOperations } from './worker-protocol.js';

/** The file last asked about, and its text (or bytes). */
let file = null;
let fileInput = null;

function fileOf(input) {
  // A text is compared by value, an opened file's bytes by identity (first-answer.js keeps one array).
  if (file !== null && fileInput === input) return file;
  file?.free();
  file = null;
  fileInput = null;
  file = typeof input === 'string' ? new RobotsFile(input) : RobotsFile.fromBytes(input);
  fileInput = input;
  return file;
}

serveOperations(
  {
    /** Instantiates `module`; answers with the engine's version and defaults. */
    async init(module) {
      await init({ module_or_path: module });
      return { version: version(), defaults: defaults() };
    },

    /** The marks and summaries of `input`, and how long the table took in this worker. */
    marks(input) {
      const started = performance.now();
      const robots = fileOf(input);
      const view = robots.consumerMarks();
      const marks = Uint8Array.from(view.marks);
      const elapsedMs = performance.now() - started;
      return { ...view, marks, lineCount: marks.length / view.consumers.length, elapsedMs };
    },

    /** Every consumer's reading of line `number`, or null past the file. */
    line(input, number) {
      return fileOf(input).consumerLine(number);
    },

    /** The consumers each finding is about (see consumers-engine.js). */
    findingConsumers(input, lines, readers) {
      return Array.from(fileOf(input).findingConsumers(Uint32Array.from(lines), Uint16Array.from(readers)));
    },
  },
  { transferables: (result) => (result?.marks instanceof Uint8Array ? [result.marks.buffer] : []) },
);
