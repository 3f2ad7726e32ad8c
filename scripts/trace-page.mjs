// What the page's main thread does before its first verdict is drawn, in processor time rather
// than wall time (issue 38). On a machine shared with other work a cold load's wall time varies
// by hundreds of milliseconds from one load to the next (scripts/bench-page.mjs), while the
// processor time a load's own tasks take varies by a few, so a change of a few milliseconds on
// the first verdict's path is seen here and not there.
//
// Each load is traced cold (a fresh browser context, Chromium's `Tracing` through
// playwright-core) up to the end of the first frame painted after the first verdict is set: the
// frame that shows it. A script run before the page's own marks that moment
// (`performance.mark`, a user-timing event in the trace) when `#verdict` first gets one. Reported per load and as medians: the renderer's main-thread processor time
// until then (its top-level tasks' thread time; and from the first paint on, the part the
// static floor of scripts/page-floor.mjs does not pay), the renderer's other threads' (streaming
// compiles of scripts and of the wasm module), and the main thread's parts: V8 compiling
// JavaScript functions, wasm functions compiled on their first call, module evaluation, style
// and layout; with the wall times of the first paint, DOMContentLoaded, the verdict set and drawn.
//
// Usage: node scripts/trace-page.mjs
// Env:   TRACE_RUNS=N            loads of each build (default 8)
//        TRACE_CPU_RATE=R        Chromium's CPU throttle (CDP Emulation.setCPUThrottlingRate; 1)
//        BENCH_COMPARE_ROOT=dir  also load another build (a checkout with its www/pkg built),
//                                interleaved with this one, and report both
//
// Nothing is asserted: these are measurements, compared within one run.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { launchBrowser, startSession } from '../tests/browser/harness.mjs';

const RUNS = Number.parseInt(process.env.TRACE_RUNS ?? '8', 10);
const RATE = Number(process.env.TRACE_CPU_RATE ?? '1');
const BUILDS = [
  { name: 'page', root: fileURLToPath(new URL('..', import.meta.url)) },
  ...(process.env.BENCH_COMPARE_ROOT ? [{ name: 'compared', root: process.env.BENCH_COMPARE_ROOT }] : []),
];
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'toplevel',
  'v8',
  'v8.wasm',
  'disabled-by-default-v8.compile',
];
/** Main-thread trace events whose thread time is summed, by the name reported. */
const PARTS = {
  jsCompile: 'V8.CompileCode',
  wasmLazyCompile: 'wasm.CompileLazy',
  evaluateModule: 'v8.evaluateModule',
  style: 'UpdateLayoutTree',
  layout: 'Layout',
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The user-timing mark `markFirstVerdict` leaves in the trace. */
const VERDICT_MARK = 'robots-lens-trace:first-verdict';

/** Runs in the page before its scripts: marks the moment `#verdict` first holds a verdict. */
function markFirstVerdict(name) {
  const observer = new MutationObserver(() => {
    const value = document.querySelector('#verdict')?.getAttribute('data-verdict');
    if (value !== 'allowed' && value !== 'disallowed') return;
    observer.disconnect();
    performance.mark(name);
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-verdict'] });
}

/** Thread time of the events that no other event of the list encloses (`events` of one thread). */
function topLevelThreadTime(events) {
  let total = 0;
  let end = -Infinity;
  for (const event of events.sort((a, b) => a.ts - b.ts)) {
    if (event.ts < end) continue;
    total += event.tdur ?? event.dur;
    end = event.ts + event.dur;
  }
  return total / 1000;
}

/** The figures of one traced load (see the file's comment). */
function readTrace(events) {
  const navigation = events.find((e) => e.name === 'navigationStart');
  if (!navigation) throw new Error('the trace holds no navigationStart');
  const { pid, tid } = navigation;
  const main = events.filter((e) => e.pid === pid && e.tid === tid);
  const domContentLoaded = main.find((e) => e.name === 'MarkDOMContent');
  const verdictSet = events.find((e) => e.name === VERDICT_MARK && e.pid === pid);
  if (!verdictSet) throw new Error(`the trace holds no '${VERDICT_MARK}' mark`);
  const paint = main.find((e) => e.ph === 'X' && e.name === 'Paint' && e.ts > verdictSet.ts);
  if (!paint) throw new Error('no frame was painted after the first verdict was set');
  const end = paint.ts + paint.dur;
  const before = (e) => e.ph === 'X' && e.ts >= navigation.ts && e.ts < end;
  const others = new Map();
  for (const e of events) {
    if (e.pid !== pid || e.tid === tid || !before(e)) continue;
    others.set(e.tid, [...(others.get(e.tid) ?? []), e]);
  }
  const firstPaint = events.find((e) => e.name === 'firstPaint' && e.pid === pid);
  const tasks = main.filter((e) => before(e) && /RunTask$/.test(e.name));
  const figures = {
    mainThread: topLevelThreadTime(tasks),
    // What the page adds after a first paint that the floor (scripts/page-floor.mjs) also draws.
    mainThreadAfterFirstPaint: topLevelThreadTime(tasks.filter((e) => e.ts >= firstPaint.ts)),
    otherThreads: [...others.values()].reduce((sum, list) => sum + topLevelThreadTime(list), 0),
  };
  for (const [part, name] of Object.entries(PARTS)) {
    figures[part] = main.filter((e) => e.name === name && before(e)).reduce((sum, e) => sum + (e.tdur ?? e.dur), 0) / 1000;
  }
  figures.firstPaintAt = (firstPaint.ts - navigation.ts) / 1000;
  figures.domContentLoadedAt = (domContentLoaded.ts - navigation.ts) / 1000;
  figures.verdictSetAt = (verdictSet.ts - navigation.ts) / 1000;
  figures.verdictDrawnAt = (end - navigation.ts) / 1000;
  return figures;
}

async function traceLoad(browser, root, path) {
  const session = await startSession({ browser, blockForeignRequests: false, root });
  try {
    const { page, context } = session;
    if (RATE !== 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    }
    await context.addInitScript(markFirstVerdict, VERDICT_MARK);
    await browser.startTracing(page, { path, categories: CATEGORIES });
    await session.goto('/');
    await page.waitForSelector('#verdict[data-verdict="allowed"], #verdict[data-verdict="disallowed"]', { timeout: 60_000 });
    // The verdict's frame comes after the verdict is set.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    await browser.stopTracing();
    return readTrace(JSON.parse(readFileSync(path, 'utf8')).traceEvents);
  } finally {
    await session.close();
  }
}

const directory = mkdtempSync(join(tmpdir(), 'robots-lens-trace-'));
const browser = await launchBrowser();
const results = new Map(BUILDS.map((build) => [build.name, []]));
try {
  console.log(`Traced cold loads, ${RUNS} of each build, interleaved; CPU throttled ${RATE}x. Milliseconds.`);
  for (let run = 0; run < RUNS; run += 1) {
    // Alternate which build goes first, so neither always follows the other.
    const order = run % 2 === 0 ? BUILDS : [...BUILDS].reverse();
    for (const build of order) {
      const figures = await traceLoad(browser, build.root, join(directory, `${build.name}-${run}.json`));
      results.get(build.name).push(figures);
      console.log(`${build.name.padEnd(8)} ${run}: ${Object.entries(figures).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`);
    }
  }
} finally {
  await browser.close();
  rmSync(directory, { recursive: true, force: true });
}
for (const build of BUILDS) {
  const loads = results.get(build.name);
  const keys = Object.keys(loads[0]);
  console.log(`median, ${build.name} (${build.root}):`);
  for (const key of keys) {
    const values = loads.map((figures) => figures[key]);
    console.log(`  ${key.padEnd(20)} ${median(values).toFixed(1).padStart(7)}  (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`);
  }
}
