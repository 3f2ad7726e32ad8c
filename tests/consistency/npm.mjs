// The npm package's and the wasm packages' surfaces, asked the consistency suite's questions in
// Node: `check`, `ParsedRobots.checkMany`, `isAllowed`, `compareProfiles`, `crawlers(file)`,
// and from the page's wasm packages the AI usage table (`RobotsFile.usage`), the URL list
// (`UrlBatch`, its rows and its CSV) and the pins (`RobotsFile.checkExpectations`).
//
// The npm package is the one scripts/package-npm.sh stages (target/npm-package/), imported as a
// user's code imports it; the lists and AI packages are the page's (www/pkg/lists/, www/pkg/ai/).

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { answerOf, failed, refusalOrFailure, refused } from './answers.mjs';
import { batches } from './cli.mjs';
import { REPO_ROOT } from './questions.mjs';

/** The staged npm package (built by scripts/package-npm.sh when missing). */
export async function npmPackage() {
  const stage = join(REPO_ROOT, 'target', 'npm-package');
  execFileSync('bash', ['scripts/package-npm.sh'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  return import(pathToFileURL(join(stage, 'node.js')).href);
}

/** One of the page's wasm packages (`lists`, `ai`), initialised from www/pkg/. */
export async function pagePackage(name) {
  const dir = join(REPO_ROOT, 'www', 'pkg', name);
  const glue = join(dir, 'robots_lens_wasm.js');
  if (!existsSync(glue)) throw new Error(`the page's ${name} package is missing at ${dir}: run bash scripts/build-wasm.sh`);
  const wasm = await import(pathToFileURL(glue).href);
  wasm.initSync({ module: readFileSync(join(dir, 'robots_lens_wasm_bg.wasm')) });
  return wasm;
}

/** The options object every JS surface takes. */
function options(question) {
  return {
    profile: question.profile,
    agentMatch: question.match,
    status: question.status,
    ...(question.crawler !== undefined ? { crawler: question.crawler } : {}),
  };
}

/** The agent argument: the typed agent, or (for a crawler's question) the crawler's name, unused. */
function agentOf(question) {
  return question.agent ?? question.crawler;
}

/** A wasm verdict view: refused when the typed URL is one no crawler requests. */
function verdictAnswer(verdict) {
  if (verdict.urlProblem) return refused(`the typed URL: ${verdict.urlProblem}`);
  return answerOf({ allowed: verdict.allowed, line: verdict.line, reason: verdict.reason });
}

function attempt(work) {
  try {
    return work();
  } catch (error) {
    return refusalOrFailure(error.message);
  }
}

/** Every npm surface, each a `Map(id → answer)`, over one parse per batch. */
export function askNpm(robotsLens, generated) {
  const surfaces = {
    'npm check': new Map(),
    'npm checkMany': new Map(),
    'npm isAllowed': new Map(),
    'npm compareProfiles': new Map(),
    'npm crawlers(file)': new Map(),
  };
  for (const batch of batches(generated)) {
    const first = batch[0];
    const parsed = robotsLens.parse(generated.files[first.file].text);
    try {
      for (const question of batch) {
        surfaces['npm check'].set(question.id, attempt(() => verdictAnswer(parsed.check(agentOf(question), question.url, options(question)))));
        surfaces['npm isAllowed'].set(
          question.id,
          attempt(() => ({ verdict: parsed.isAllowed(agentOf(question), question.url, options(question)) ? 'allowed' : 'disallowed', line: undefined, reason: undefined })),
        );
        surfaces['npm compareProfiles'].set(
          question.id,
          attempt(() => {
            const row = parsed.compareProfiles(agentOf(question), question.url, options(question)).find((entry) => entry.profile === question.profile);
            if (row === undefined) throw new Error(`compareProfiles has no row for ${question.profile}`);
            return verdictAnswer(row.verdict);
          }),
        );
        if (question.crawler !== undefined) {
          surfaces['npm crawlers(file)'].set(
            question.id,
            attempt(() => {
              const row = parsed.crawlers(question.url, { profile: question.profile, status: question.status }).find((entry) => entry.crawler === question.crawler);
              if (row === undefined) throw new Error(`crawlers() has no row for ${question.crawler}`);
              return verdictAnswer(row.verdict);
            }),
          );
        }
      }
      const many = attempt(() => parsed.checkMany(agentOf(first), batch.map((q) => q.url), options(first)));
      batch.forEach((question, index) => surfaces['npm checkMany'].set(question.id, Array.isArray(many) ? verdictAnswer(many[index]) : many));
    } finally {
      parsed.free();
    }
  }
  return surfaces;
}

/** The page's AI usage table's crawl row (`usage()` of the AI package). */
export function askUsage(ai, generated) {
  const answers = new Map();
  for (const batch of batches(generated)) {
    const file = new ai.RobotsFile(generated.files[batch[0].file].text);
    try {
      for (const question of batch) {
        answers.set(
          question.id,
          attempt(() => {
            const usage = file.usage(agentOf(question), question.url, options(question));
            // The table states no reason code: its row is held to the verdict and the line.
            return { verdict: usage.crawl.allowed ? 'allowed' : 'disallowed', line: usage.crawl.line ?? null, reason: undefined };
          }),
        );
      }
    } finally {
      file.free();
    }
  }
  return answers;
}

/** The URL list (`UrlBatch`): its rows and its CSV, one batch of questions a list. */
export function askUrlList(lists, generated) {
  const rows = new Map();
  const csv = new Map();
  for (const batch of batches(generated)) {
    const first = batch[0];
    // A list is read a line at a time: URLs with a line break or blank ones cannot be listed.
    const listable = batch.filter((q) => !/[\r\n,"]/.test(q.url) && q.url.trim() !== '' && !q.url.trim().startsWith('#'));
    if (listable.length === 0) continue;
    const crawlers = first.crawler !== undefined ? [first.crawler] : [];
    const agent = first.agent ?? '';
    let list;
    try {
      list = new lists.UrlBatch(generated.files[first.file].text, listable.map((q) => q.url).join('\n'), 'lines', agent, crawlers, options(first));
    } catch (error) {
      for (const question of listable) rows.set(question.id, failed(error.message));
      continue;
    }
    try {
      while (!list.isDone()) list.run(10000);
      const all = list.allRows();
      if (all.length !== listable.length) {
        for (const question of listable) rows.set(question.id, failed(`the list kept ${all.length} of ${listable.length} URLs`));
        continue;
      }
      listable.forEach((question, index) => rows.set(question.id, answerOf(all[index])));
      const lines = list.csv().trimEnd().split(/\r?\n/).slice(1);
      listable.forEach((question, index) => {
        // url,agent,allowed,line,rule,reason — the URL has no comma (filtered above), the rule may.
        const cells = lines[index]?.split(',') ?? [];
        const reason = cells.at(-1);
        csv.set(question.id, {
          verdict: cells[2] === 'true' ? 'allowed' : 'disallowed',
          line: cells[3] === '' || cells[3] === undefined ? null : Number(cells[3]),
          reason,
        });
      });
    } finally {
      list.free();
    }
  }
  return { rows, csv };
}

/** The pins (`checkExpectations`): each question pinned as "allowed", its answer read back. */
export function askPins(lists, generated) {
  const answers = new Map();
  for (const batch of batches(generated)) {
    const first = batch[0];
    const file = new lists.RobotsFile(generated.files[first.file].text);
    try {
      const who = first.crawler !== undefined ? { crawlers: [first.crawler] } : { agents: [first.agent] };
      const results = attempt(() => file.checkExpectations(batch.map((q) => ({ url: q.url, allowed: true, ...who })), options(first)));
      batch.forEach((question, index) => {
        if (!Array.isArray(results)) return answers.set(question.id, results);
        const result = results.find((entry) => entry.index === index);
        if (result === undefined) return answers.set(question.id, failed('no result for this pin'));
        if (result.error) return answers.set(question.id, refusalOrFailure(result.error));
        return answers.set(question.id, answerOf(result));
      });
    } finally {
      file.free();
    }
  }
  return answers;
}
