// `npm run bench:engine`: Robots Lens against its peers, natively and in Node, in one run.
//
// Usage: node scripts/bench-engine.mjs          (npm run bench:engine builds the wasm first)
//
// 1. Generates the shared benchmark corpus with ../shared/bench/gen_corpus.py (or
//    $ROBOTS_LENS_SHARED/bench/gen_corpus.py) into target/bench/corpus (scripts/bench-corpus.mjs),
//    read from there and never copied into the repository, and adds medium.txt: the first
//    50 KiB of large.txt, cut at a line end, for the chart's middle size.
// 2. Runs the native benchmark (cargo bench -p robots-lens-bench --bench engines: Robots Lens,
//    the robotstxt crate, texting_robots) and then the Node one (scripts/bench-engine-node.mjs:
//    the wasm package of www/pkg, npm's robots-parser).
// 3. Prints one table with ratios (scripts/bench-report.mjs) and writes target/bench/: engines.md
//    (the table), parse-vs-size.svg (the chart), native.json and node.json (every sample).
//
// BENCH_ROUNDS (default 5), BENCH_OP_SECONDS, BENCH_CHECK_SECONDS and BENCH_HOSTILE_SECONDS
// (default 10: an engine slower than that on the hostile URLs is cut and reported as "> 10 s")
// reach both benchmarks.

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ensureCorpus } from './bench-corpus.mjs';
import { formatTable, parseChartSvg } from './bench-report.mjs';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(REPO, 'target', 'bench');

function fail(message) {
  console.error(`ERROR: ${message}`);
  process.exit(1);
}

function run(command, args, options = {}) {
  console.error(`==> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: REPO, stdio: ['ignore', 'inherit', 'inherit'], ...options });
  if (result.error) fail(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

function commandOutput(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : '';
}

/** What the figures were measured on, in one line. */
function describeMachine() {
  let model = cpus()[0]?.model ?? 'unknown CPU';
  try {
    model = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? model;
  } catch {
    // Not Linux: os.cpus() named it.
  }
  const cores = commandOutput('nproc', []) || String(cpus().length);
  const load = loadavg().map((value) => value.toFixed(1)).join(' ');
  const rustc = commandOutput('rustc', ['--version']).split(' ').slice(0, 2).join(' ');
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return `${model}, nproc ${cores}, load average ${load} at the start; ${rustc}, Node ${process.version}; ${date} UTC`;
}

let CORPUS;
try {
  CORPUS = ensureCorpus();
} catch (error) {
  fail(error.message);
}
const machine = describeMachine();
const nativeJson = join(OUT, 'native.json');
const nodeJson = join(OUT, 'node.json');
run('cargo', ['bench', '-p', 'robots-lens-bench', '--bench', 'engines', '--', CORPUS, '--json', nativeJson]);
run(process.execPath, [join(REPO, 'scripts', 'bench-engine-node.mjs'), CORPUS, '--json', nodeJson]);

const suites = [nativeJson, nodeJson].map((path) => JSON.parse(readFileSync(path, 'utf8')));
const table = formatTable(suites, machine);
writeFileSync(join(OUT, 'engines.md'), table);
writeFileSync(join(OUT, 'parse-vs-size.svg'), parseChartSvg(suites, machine));
process.stdout.write(`\n${table}\nWritten: target/bench/engines.md, target/bench/parse-vs-size.svg, target/bench/{native,node}.json\n`);
