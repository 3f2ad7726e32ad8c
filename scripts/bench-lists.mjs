// Times the page's URL list: the first 10,000 paths of the shared corpus (urls.txt) checked for
// every catalogued crawler and the agent Googlebot, against the corpus's typical (5 KB),
// medium (50 KB) and large (512 KB) files, in headless Chromium. Reported per file: the time
// from "Check the list" to `#batch-results[data-state="done"]` (target: 3 s on the typical
// file) and the longest main-thread task meanwhile (Long Tasks API; target: none over 50 ms),
// as minimum, median and maximum over the runs. The lists engine is warmed by one run first.
//
// Usage: npm run bench:lists      (or: node scripts/bench-lists.mjs, after npm run build)
// Env:   BENCH_RUNS=N             runs per file (default 5)
//        BENCH_URLS=N             how many of urls.txt's paths (default 10000; the file has 100,000)
//        BENCH_FILES=a.txt,b.txt  which of the corpus's files (default typical, medium, large)
//        BENCH_ROOT=dir           serve another checkout's page (with its www/pkg built)
//
// Budgets are reported, never asserted; on a shared machine the times drift with its load.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { launchBrowser, startSession } from '../tests/browser/harness.mjs';
import { ensureCorpus } from './bench-corpus.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const URLS = Number(process.env.BENCH_URLS ?? 10_000);
const FILES = process.env.BENCH_FILES ? process.env.BENCH_FILES.split(',') : ['typical.txt', 'medium.txt', 'large.txt'];

const corpus = ensureCorpus();
const urls = readFileSync(join(corpus, 'urls.txt'), 'utf8').split('\n').filter(Boolean).slice(0, URLS).join('\n');
const browser = await launchBrowser();
const results = [];
try {
  for (const name of FILES) {
    const session = await startSession({ browser, root: process.env.BENCH_ROOT || undefined, blockForeignRequests: false });
    try {
      results.push({ name, ...(await measure(session, readFileSync(join(corpus, name), 'utf8'))) });
      if (session.foreignRequests().length > 0) throw new Error('the page asked another origin for something');
    } finally {
      await session.close();
    }
  }
} finally {
  await browser.close();
}

const spread = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[0]} / ${sorted[Math.floor(sorted.length / 2)]} / ${sorted.at(-1)}`;
};
console.log(`URL list: ${URLS.toLocaleString('en-US')} URLs for Googlebot and every catalogued crawler, ${RUNS} runs (min / median / max)`);
for (const { name, rows, crawlers, times, longest } of results) {
  console.log(`  ${name.padEnd(12)} ${rows} rows (the agent Googlebot and ${crawlers} crawlers chosen)  done in ${spread(times)} ms  longest main-thread task ${spread(longest)} ms`);
}

async function measure(session, text) {
  const { page } = session;
  await session.goto('/');
  await page.waitForSelector('#batch-run:not([disabled])', { timeout: 30_000 });
  await page.evaluate(() => {
    window.benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.benchLongTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
  await page.evaluate(
    ([robots, list]) => {
      const set = (selector, value) => {
        const field = document.querySelector(selector);
        field.value = value;
        field.dispatchEvent(new Event('input', { bubbles: true }));
      };
      set('#robots', robots);
      set('#agent', 'Googlebot');
      set('#urls', list);
    },
    [text, urls],
  );
  await page.click('.batch-crawlers summary');
  await page.click('#batch-crawlers-all');
  const run = async () => {
    await page.evaluate(() => {
      window.benchLongTasks = [];
    });
    const started = Date.now();
    await page.click('#batch-run');
    await page.waitForSelector('#batch-results[data-state="running"]', { state: 'attached', timeout: 300_000 });
    await page.waitForSelector('#batch-results[data-state="done"]', { state: 'attached', timeout: 300_000 });
    const time = Date.now() - started;
    const longest = await page.evaluate(() => Math.round(Math.max(0, ...window.benchLongTasks)));
    return { time, longest };
  };
  await run();
  const times = [];
  const longest = [];
  for (let index = 0; index < RUNS; index += 1) {
    const result = await run();
    times.push(result.time);
    longest.push(result.longest);
  }
  const crawlers = await page.textContent('#batch-crawler-count');
  return { rows: await page.getAttribute('#batch-results', 'data-rows'), crawlers, times, longest };
}
