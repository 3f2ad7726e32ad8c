// The consumers' table (issue 36) of the shared corpus's 512 KB file in the page's wasm package
// (www/pkg/consumers/), as its worker asks it: parse, `consumerMarks` (the table, the marks and
// the summaries) and one table again (`findingConsumers`). CPU time of this process per step,
// which a loaded machine does not inflate as it does wall time; 7 runs, sorted.
//
// Usage: node scripts/bench-consumers.mjs   (after scripts/build-wasm.sh; the corpus is generated
// by scripts/bench-corpus.mjs from ../shared/bench/gen_corpus.py)

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ensureCorpus } from './bench-corpus.mjs';

const RUNS = 7;
const pkg = new URL('../www/pkg/consumers/', import.meta.url);
const wasm = await import(new URL('robots_lens_wasm.js', pkg).href);
wasm.initSync({ module: readFileSync(new URL('robots_lens_wasm_bg.wasm', pkg)) });
const text = readFileSync(join(ensureCorpus(), 'large.txt'), 'utf8');

/** `[result, CPU milliseconds]` of `step()`. */
function cpu(step) {
  const start = process.cpuUsage();
  const result = step();
  const used = process.cpuUsage(start);
  return [result, (used.user + used.system) / 1000];
}

const times = { parse: [], marks: [], table: [] };
for (let run = 0; run < RUNS; run += 1) {
  // A text of its own each run, as an edit gives.
  const [file, parse] = cpu(() => new wasm.RobotsFile(`${text}\n# run ${run}\n`));
  const [, marks] = cpu(() => file.consumerMarks());
  const [, table] = cpu(() => file.findingConsumers(Uint32Array.of(1), Uint16Array.of(0)));
  file.free();
  times.parse.push(parse);
  times.marks.push(marks);
  times.table.push(table);
}
for (const [step, values] of Object.entries(times)) {
  const sorted = values.sort((a, b) => a - b).map((value) => value.toFixed(0));
  console.log(`${step.padEnd(6)} ${sorted.join(', ')} ms CPU`);
}
