// The npm package's and the wasm packages' surfaces, asked the consistency suite's questions in
// Node: `check`, `ParsedRobots.checkMany`, `ParsedRobots.answers`, `isAllowed`, `compareProfiles`, `crawlers(file)`,
// and from the page's wasm packages the AI usage table (`RobotsFile.usage`), the URL list
// (`UrlBatch`, its rows and its CSV) and the pins (`RobotsFile.checkExpectations`).
//
// The npm package is the one scripts/package-npm.sh stages (target/npm-package/), imported as a
// user's code imports it; the lists and AI packages are the page's (www/pkg/lists/, www/pkg/ai/).

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { answerOf, csvAnswer, csvRows, failed, refusalOrFailure, refused } from './answers.mjs';
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
    // An agent's question asks the agent exactly as typed, a catalogued crawler's name too.
    ...(question.crawler !== undefined ? { crawler: question.crawler } : { asTyped: true }),
  };
}

/** The agent argument: the typed agent, or (for a crawler's question) the crawler's name, unused. */
function agentOf(question) {
  return question.agent ?? question.crawler;
}

/** A wasm verdict view: refused when the typed URL is one no crawler requests. */
function verdictAnswer(verdict) {
  if (verdict.urlProblem) return refused(`the typed URL: ${verdict.urlProblem}`);
  return answerOf({
    allowed: verdict.allowed,
    line: verdict.line,
    reason: verdict.reason,
    group: verdict.groupUsed,
    why: verdict.whyDecides,
  });
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
    'npm answers': new Map(),
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
          attempt(() => {
            // null: the URL is one no crawler requests.
            const allowed = parsed.isAllowed(agentOf(question), question.url, options(question));
            if (allowed === null) return refused('isAllowed answered null');
            return { verdict: allowed ? 'allowed' : 'disallowed', line: undefined, reason: undefined };
          }),
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
              const row = parsed.crawlers(question.url, { profile: question.profile, status: question.status }).find((entry) => entry.name === question.crawler);
              if (row === undefined) throw new Error(`crawlers() has no row for ${question.crawler}`);
              return verdictAnswer(row.verdict);
            }),
          );
        }
      }
      const many = attempt(() => parsed.checkMany(agentOf(first), batch.map((q) => q.url), options(first)));
      batch.forEach((question, index) => surfaces['npm checkMany'].set(question.id, Array.isArray(many) ? verdictAnswer(many[index]) : many));
      // The answers alone: the verdicts' first fields, the list in one call.
      const rows = attempt(() => parsed.answers(agentOf(first), batch.map((q) => q.url), options(first)));
      batch.forEach((question, index) => {
        const row = Array.isArray(rows) ? rows[index] : null;
        surfaces['npm answers'].set(question.id, row === null ? rows : answerOf({ ...row, group: row.groupUsed, why: row.whyDecides }));
      });
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

/**
 * The URLs of a batch as one list, as a visitor pastes it: one a line, each URL text once (the
 * list keeps a URL once; its questions share the row). URLs with a line break, blank ones and
 * `#` comments cannot be listed and are asked of the other surfaces only.
 */
export function listOf(batch) {
  const listable = batch.filter((q) => !/[\r\n]/.test(q.url) && q.url.trim() !== '' && !q.url.trim().startsWith('#'));
  const unique = [...new Set(listable.map((q) => q.url))];
  return { listable, unique, text: unique.join('\n') };
}

/** The URL list (`UrlBatch`): its rows and its CSV, one batch of questions a list. */
export function askUrlList(lists, generated) {
  const rows = new Map();
  const csv = new Map();
  for (const batch of batches(generated)) {
    const first = batch[0];
    const { listable, unique, text } = listOf(batch);
    if (listable.length === 0) continue;
    const crawlers = first.crawler !== undefined ? [first.crawler] : [];
    let list;
    try {
      list = new lists.UrlBatch(generated.files[first.file].text, text, 'lines', first.agent ?? '', crawlers, options(first));
    } catch (error) {
      for (const question of listable) rows.set(question.id, refusalOrFailure(error.message));
      continue;
    }
    try {
      while (!list.isDone()) list.run(10000);
      const all = list.allRows();
      const [header, ...lines] = csvRows(list.csv());
      for (const question of listable) {
        const index = unique.indexOf(question.url);
        if (all.length !== unique.length) {
          rows.set(question.id, failed(`the list kept ${all.length} of ${unique.length} URLs`));
          continue;
        }
        rows.set(question.id, answerOf(all[index]));
        if (lines[index] !== undefined) csv.set(question.id, csvAnswer(header, lines[index]));
      }
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
        if (result.error === 'url-refused') return answers.set(question.id, refused(result.urlProblem));
        if (result.error) return answers.set(question.id, failed(result.error));
        return answers.set(question.id, answerOf(result));
      });
    } finally {
      file.free();
    }
  }
  return answers;
}
