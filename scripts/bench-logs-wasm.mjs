// The page's log replay (the wasm logs package, www/pkg/logs/, as the "Did bots obey?" worker
// runs it) on a generated log, in node: lines per second of CPU time, a 1 MiB chunk at a time.
//
//   node scripts/bench-logs-wasm.mjs [LINES] [RUNS]     (default 1,000,000 lines, 3 runs)
//
// Build the package first (scripts/build-wasm.sh). The log comes from tests/logs/generate.mjs,
// the same generator as scripts/bench-logs.sh's; it is generated once, before timing.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { initSync, LogReplay } from '../www/pkg/logs/robots_lens_wasm.js';
import { generateLog, ROBOTS_AFTER, ROBOTS_BEFORE, ROBOTS_SWITCH } from '../tests/logs/generate.mjs';

const lines = Number(process.argv[2] ?? 1_000_000);
const runs = Number(process.argv[3] ?? 3);
initSync({ module: readFileSync(fileURLToPath(new URL('../www/pkg/logs/robots_lens_wasm_bg.wasm', import.meta.url))) });

const encoder = new TextEncoder();
const chunks = [...generateLog({ lines })].map((text) => encoder.encode(text));
const bytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0);

const rates = [];
for (let run = 0; run < runs; run += 1) {
  const replay = new LogReplay(['before', 'after'], [ROBOTS_BEFORE, ROBOTS_AFTER], ['', ROBOTS_SWITCH], ['', ''], {}, 'auto', '');
  const started = process.cpuUsage();
  replay.startFile('generated.log', 0);
  for (const chunk of chunks) replay.feed(chunk, 0);
  replay.finish(0);
  const report = replay.report();
  const used = process.cpuUsage(started);
  replay.free();
  const seconds = (used.user + used.system) / 1e6;
  rates.push(lines / seconds);
  console.log(`run ${run + 1}: ${report.lines.toLocaleString('en')} lines (${(bytes / 1e6).toFixed(0)} MB) in ${seconds.toFixed(2)} s CPU: ${Math.round(lines / seconds).toLocaleString('en')} lines/s`);
}
rates.sort((a, b) => a - b);
console.log(`median ${Math.round(rates[Math.floor(rates.length / 2)]).toLocaleString('en')} lines/s (range ${Math.round(rates[0]).toLocaleString('en')}-${Math.round(rates.at(-1)).toLocaleString('en')})`);
