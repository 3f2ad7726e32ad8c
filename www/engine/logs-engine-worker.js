/**
 * The logs engine's worker: access logs replayed against robots.txt versions on the wasm package
 * built with the `logs` feature (www/pkg/logs/). The page starts it when a log is first replayed
 * (www/engine/logs-engine.js). It speaks the protocol of www/engine/worker-protocol.js.
 *
 * A log is never held whole: each opened file is read as a stream (gunzipped by the browser's
 * DecompressionStream when its first bytes say gzip, whatever its name) and handed to the replay
 * a chunk at a time. The page asks for a step at a time (`logsStep`), each reading for a few tens
 * of milliseconds, so progress is shown, the page stays responsive, and stopping is not asking
 * for the next step. Nothing read leaves this worker but the report and, for the CSV download,
 * the disallowed requests (at most `KEPT_LIMIT` of them).
 */

import init, { defaults, LogReplay, version } from '../pkg/logs/robots_lens_wasm.js';
import { serveOperations } from './worker-protocol.js';

/** The most disallowed requests kept for the CSV download; past it they are only counted. */
const KEPT_LIMIT = 100_000;
/** Keep the disallowed requests of each chunk (LogReplay.feed's `keep`). */
const KEEP_DISALLOWED = 1;

let job = null;

function currentJob() {
  if (job === null) throw new Error('no log is being replayed (the engine was restarted?)');
  return job;
}

/** A file's bytes as a stream counting what was read (before gunzipping), for the progress. */
async function open(file, counter) {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  const counted = file.stream().pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        counter.read += chunk.byteLength;
        controller.enqueue(chunk);
      },
    }),
  );
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  return (gzip ? counted.pipeThrough(new DecompressionStream('gzip')) : counted).getReader();
}

function keep(requests) {
  const job = currentJob();
  for (const request of requests) {
    if (job.kept.length < KEPT_LIMIT) job.kept.push(request);
    else job.notKept += 1;
  }
}

function csvCell(value) {
  const text = value === null || value === undefined ? '' : String(value);
  // As the CLI's CSV: a cell a spreadsheet would run as a formula is opened with '.
  const defused = /^[=+@\t\r]/.test(text) || (text.startsWith('-') && text.length > 1) ? `'${text}` : text;
  return /[",\r\n]/.test(defused) ? `"${defused.replaceAll('"', '""')}"` : defused;
}

serveOperations({
  /** Instantiates `module`; answers with the engine's version and defaults. */
  async init(module) {
    await init({ module_or_path: module });
    return { version: version(), defaults: defaults() };
  },

  logsStart(versions, options, files) {
    job?.replay.free();
    job = null;
    const replay = new LogReplay(
      versions.map((v) => v.label),
      versions.map((v) => v.text),
      versions.map((v) => v.from ?? ''),
      versions.map((v) => v.site ?? ''),
      { profile: options.profile, agentMatch: options.agentMatch },
      options.logFormat ?? 'auto',
      options.fields ?? '',
    );
    const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
    job = { replay, files, index: -1, reader: null, counter: { read: 0 }, totalBytes, kept: [], notKept: 0, done: false };
    return { totalBytes };
  },

  async logsStep(budgetMs) {
    const job = currentJob();
    const started = performance.now();
    while (!job.done && performance.now() - started < budgetMs) {
      if (job.reader === null) {
        job.index += 1;
        if (job.index >= job.files.length) {
          job.done = true;
          break;
        }
        const file = job.files[job.index];
        keep(job.replay.startFile(file.name ?? `log ${job.index + 1}`, KEEP_DISALLOWED));
        job.reader = await open(file, job.counter);
      }
      const { value, done } = await job.reader.read();
      if (done) {
        keep(job.replay.finish(KEEP_DISALLOWED));
        job.reader = null;
        continue;
      }
      keep(job.replay.feed(value, KEEP_DISALLOWED));
    }
    const [bytes, lines] = job.replay.progress();
    return { done: job.done, readBytes: job.counter.read, totalBytes: job.totalBytes, bytes, lines, kept: job.kept.length, notKept: job.notKept };
  },

  logsReport() {
    return currentJob().replay.report();
  },

  logsCsv() {
    const columns = ['file', 'line', 'time', 'ip', 'agent', 'crawler', 'verified', 'host', 'url', 'version', 'deciding_line'];
    const rows = currentJob().kept.map((request) => columns.map((column) => csvCell(request[column])).join(','));
    return [columns.join(','), ...rows].join('\n') + '\n';
  },
});
