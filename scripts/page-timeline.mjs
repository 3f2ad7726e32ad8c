// What the page's first verdict waits for, in wall time: interleaved cold loads of one or more
// builds of the page, each reporting when its files came in, when the document was parsed and
// first painted, when the wasm compile started and ended, when www/app.js started, and when the
// first verdict was set and drawn (issue 38). The gaps between them say which step gates the
// verdict on this machine: the files, the first frame, the compile, or the page's own task.
//
// Usage: node scripts/page-timeline.mjs [ROOT...]   (default: this checkout; each ROOT a
//        directory with index.html and a built www/pkg, e.g. a copy of main's page)
// Env:   TIMELINE_RUNS=N     loads of each build (default 10)
//        TIMELINE_CPU_RATE=R Chromium's CPU throttle (CDP Emulation.setCPUThrottlingRate; 1)
//        TIMELINE_NETWORK=mobile  a phone's network, as Lighthouse's mobile preset emulates it
//                            (CDP Network.emulateNetworkConditions: 150 ms round trip, 1.6 Mbps
//                            down, 750 kbps up); default: the loopback as it is
//
// The stamps are taken in the page by a script run before its own (performance.now(), whose
// origin is the navigation), so wrapping `WebAssembly.compileStreaming` and `WebAssembly.Instance`
// costs the page a few calls. Nothing is asserted: medians and each load's values are printed.

import { fileURLToPath } from 'node:url';

import { launchBrowser, startSession } from '../tests/browser/harness.mjs';

const ROOTS = process.argv.length > 2 ? process.argv.slice(2) : [fileURLToPath(new URL('..', import.meta.url))];
const RUNS = Number.parseInt(process.env.TIMELINE_RUNS ?? '10', 10);
const RATE = Number(process.env.TIMELINE_CPU_RATE ?? '1');
/** Network conditions by TIMELINE_NETWORK (Lighthouse's "slow 4G" mobile throttling). */
const NETWORKS = {
  mobile: { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
};
const NETWORK = process.env.TIMELINE_NETWORK ?? null;
if (NETWORK !== null && !Object.hasOwn(NETWORKS, NETWORK)) {
  throw new Error(`TIMELINE_NETWORK=${NETWORK}: expected one of ${Object.keys(NETWORKS).join(', ')}`);
}
const WAIT_MS = 30_000;

/** Runs in the page before its scripts: stamps the steps `readTimeline` reports. */
function stampSteps() {
  const stamps = {};
  globalThis.__timeline = stamps;
  const once = (name) => {
    stamps[name] ??= performance.now();
  };
  const compileStreaming = WebAssembly.compileStreaming;
  WebAssembly.compileStreaming = function (...args) {
    once('compileStarted');
    const compiled = compileStreaming.apply(this, args);
    compiled.then(() => once('compiled'), () => {});
    return compiled;
  };
  const Instance = WebAssembly.Instance;
  WebAssembly.Instance = function (...args) {
    once('instantiated');
    return new Instance(...args);
  };
  WebAssembly.Instance.prototype = Instance.prototype;
  new MutationObserver((records) => {
    // www/app.js writes its debounce on <html> as it starts (index.html has the same value).
    if (records.some((record) => record.target === document.documentElement && record.attributeName === 'data-debounce-ms')) {
      once('appStarted');
    }
    const verdict = document.querySelector('#verdict')?.getAttribute('data-verdict');
    if ((verdict !== 'allowed' && verdict !== 'disallowed') || stamps.verdictSet !== undefined) return;
    once('verdictSet');
    requestAnimationFrame(() => {
      once('verdictFrame');
      // A message runs after the frame's style, layout and paint (as scripts/bench-page.mjs).
      const channel = new MessageChannel();
      channel.port1.onmessage = () => once('verdictDrawn');
      channel.port2.postMessage(null);
    });
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-verdict', 'data-debounce-ms'] });
}

/** The load's steps in milliseconds after navigation, in the order they usually come. */
function readTimeline() {
  const stamps = globalThis.__timeline;
  const navigation = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  const lastEnd = (test) => Math.max(...resources.filter(test).map((entry) => entry.responseEnd));
  const path = (entry) => new URL(entry.name).pathname;
  return {
    stylesheet: lastEnd((entry) => path(entry).endsWith('.css')),
    wasm: lastEnd((entry) => path(entry) === '/www/pkg/robots_lens_wasm_bg.wasm'),
    // Every module and catalogue asked for before the verdict: the first verdict's graph.
    modules: lastEnd((entry) => /\.(js|json)$/.test(path(entry)) && entry.startTime < stamps.verdictSet),
    parsed: navigation.domInteractive,
    domContentLoaded: navigation.domContentLoadedEventStart,
    firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN,
    compileStarted: stamps.compileStarted ?? Number.NaN,
    compiled: stamps.compiled ?? Number.NaN,
    instantiated: stamps.instantiated ?? Number.NaN,
    appStarted: stamps.appStarted ?? Number.NaN,
    verdictSet: stamps.verdictSet,
    verdictDrawn: stamps.verdictDrawn,
  };
}

async function loadOnce(browser, root) {
  const session = await startSession({ root, browser, blockForeignRequests: false });
  try {
    if (RATE !== 1 || NETWORK !== null) {
      const cdp = await session.context.newCDPSession(session.page);
      if (RATE !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
      if (NETWORK !== null) {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', NETWORKS[NETWORK]);
      }
    }
    await session.context.addInitScript(stampSteps);
    await session.goto('/');
    await session.page.waitForFunction(() => globalThis.__timeline?.verdictDrawn !== undefined, null, { timeout: WAIT_MS });
    return await session.page.evaluate(readTimeline);
  } finally {
    await session.close();
  }
}

const median = (values) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const browser = await launchBrowser();
const loads = new Map(ROOTS.map((root) => [root, []]));
try {
  for (let run = 0; run < RUNS; run += 1) {
    // Alternate the order, so that no build always follows another.
    for (const root of run % 2 === 0 ? ROOTS : [...ROOTS].reverse()) loads.get(root).push(await loadOnce(browser, root));
  }
} finally {
  await browser.close();
}
console.log(
  `Cold loads, ${RUNS} of each build, interleaved; CPU throttled ${RATE}x; network ${NETWORK ?? 'as it is'}. Milliseconds after navigation.`,
);
for (const [root, timelines] of loads) {
  console.log(`${root}: median (each load)`);
  for (const step of Object.keys(timelines[0])) {
    const values = timelines.map((timeline) => timeline[step]);
    console.log(`  ${step.padEnd(17)} ${median(values).toFixed(0).padStart(5)}  (${values.map((value) => value.toFixed(0)).join(' ')})`);
  }
  const gap = (from, to) => median(timelines.map((timeline) => to(timeline) - from(timeline))).toFixed(0);
  console.log(
    `  gaps: verdict set after the later of parsed and modules ${gap((t) => Math.max(t.parsed, t.modules), (t) => t.verdictSet)}, ` +
      `drawn after set ${gap((t) => t.verdictSet, (t) => t.verdictDrawn)}, drawn after the first paint ${gap((t) => t.firstPaint, (t) => t.verdictDrawn)}`,
  );
}
