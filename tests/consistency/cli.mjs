// The CLI's surfaces, asked the consistency suite's questions: `check --url` (JSON and text),
// `check --urls` (jsonl), `check --jsonl` and `crawlers --json`.
//
// Each batch of questions (same file, asker, status, profile and match; several URLs) is one
// call, as a user lists URLs. The file is written once to a scratch folder. The binary is the
// workspace's debug build (`cargo build -p robots-lens-cli`, which cargo test has already made).

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { answerOf, failed, refusalOrFailure } from './answers.mjs';
import { REPO_ROOT } from './questions.mjs';

/** The CLI binary, built when missing (or stale: cargo decides). */
export function cliBinary() {
  execFileSync('cargo', ['build', '--quiet', '-p', 'robots-lens-cli'], { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  const binary = join(REPO_ROOT, 'target', 'debug', 'robots-lens');
  if (!existsSync(binary)) throw new Error(`cargo built no ${binary}`);
  return binary;
}

/** The files of `generated`, written once to a scratch folder; `close()` removes them. */
export function scratchFiles(generated) {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-consistency-'));
  const paths = generated.files.map((file, index) => {
    const path = join(dir, `${index}.txt`);
    writeFileSync(path, file.text);
    return path;
  });
  return { dir, paths, close: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The questions grouped by batch, in order. */
export function batches(generated) {
  const groups = new Map();
  for (const question of generated.questions) {
    if (!groups.has(question.batch)) groups.set(question.batch, []);
    groups.get(question.batch).push(question);
  }
  return [...groups.values()];
}

/** The options every command shares, for a batch's first question. */
function askerOptions(question) {
  // An agent's question asks the agent exactly as typed, a catalogued crawler's name too.
  const who =
    question.crawler !== undefined ? [`--crawler=${question.crawler}`] : [`--agent=${question.agent}`, '--as-typed'];
  return [...who, `--status=${question.status}`, `--profile=${question.profile}`, `--match=${question.match}`];
}

function run(binary, args, input) {
  const result = spawnSync(binary, args, { input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.error) throw result.error;
  return result;
}

/**
 * `check FILE --url U … --json`: one call per batch; when the call fails (one URL refused fails
 * the whole call), each URL is asked alone so that every question gets its own answer.
 */
export function askCheckJson(binary, generated, files) {
  const answers = new Map();
  const single = (question) => {
    const result = run(binary, ['check', files.paths[question.file], ...askerOptions(question), `--url=${question.url}`, '--json']);
    if (result.status === 2) return refusalOrFailure(result.stderr);
    return jsonAnswer(JSON.parse(result.stdout));
  };
  for (const batch of batches(generated)) {
    const first = batch[0];
    const args = ['check', files.paths[first.file], ...askerOptions(first), ...batch.map((q) => `--url=${q.url}`), '--json'];
    const result = run(binary, args);
    if (result.status === 2) {
      for (const question of batch) answers.set(question.id, single(question));
      continue;
    }
    const lines = result.stdout.split('\n').filter((line) => line.trim() !== '');
    if (lines.length !== batch.length) throw new Error(`check --json printed ${lines.length} verdicts for ${batch.length} URLs`);
    batch.forEach((question, index) => answers.set(question.id, jsonAnswer(JSON.parse(lines[index]))));
  }
  return answers;
}

/**
 * A verdict as the CLI's JSON prints it: `deciding_line` where the command prints the answering
 * layer's codes (`check --json`), else the deciding rule's line (`crawlers --json`), which the
 * core defines to be the same (`Verdict::deciding_line`).
 */
function jsonAnswer(verdict) {
  const line = Object.hasOwn(verdict, 'deciding_line') ? verdict.deciding_line : (verdict.decisive?.line ?? null);
  const codes = Object.hasOwn(verdict, 'group_used')
    ? { group: verdict.group_used?.kind ?? null, why: verdict.why_decides ?? null }
    : {};
  return answerOf({ allowed: verdict.allowed, line, reason: verdict.reason, ...codes });
}

/**
 * `check FILE --url U …` as text: the verdict word heading each block and the line after
 * `decided by  line N`. Text gives no reason code, so only verdict and line are compared.
 */
export function askCheckText(binary, generated, files, { every = 8 } = {}) {
  const answers = new Map();
  batches(generated).forEach((batch, index) => {
    if (index % every !== 0) return;
    for (const question of batch) {
      const result = run(binary, ['check', files.paths[question.file], ...askerOptions(question), `--url=${question.url}`]);
      if (result.status === 2) {
        answers.set(question.id, refusalOrFailure(result.stderr));
        continue;
      }
      const head = /^(ALLOWED|DISALLOWED)\s/m.exec(result.stdout);
      if (head === null) throw new Error(`check printed no verdict:\n${result.stdout}`);
      const decided = /^\s*decided by\s+line (\d+)/m.exec(result.stdout);
      answers.set(question.id, {
        verdict: head[1] === 'ALLOWED' ? 'allowed' : 'disallowed',
        line: decided ? Number(decided[1]) : null,
        reason: null,
      });
    }
  });
  return answers;
}

/** `check FILE --urls - --format jsonl`: one call per batch, the URLs on standard input. */
export function askCheckUrls(binary, generated, files) {
  const answers = new Map();
  for (const batch of batches(generated)) {
    // A URL list is read a line at a time: a URL with a line break or a `#` comment start
    // cannot be listed, so those questions are asked of the other surfaces only.
    const listable = batch.filter((q) => !/[\r\n]/.test(q.url) && q.url.trim() !== '' && !q.url.trim().startsWith('#'));
    if (listable.length === 0) continue;
    const first = listable[0];
    const args = ['check', files.paths[first.file], ...askerOptions(first), '--urls', '-', '--format', 'jsonl'];
    const result = run(binary, args, listable.map((q) => q.url).join('\n') + '\n');
    if (result.status === 2) {
      for (const question of listable) answers.set(question.id, failed(result.stderr));
      continue;
    }
    const rows = result.stdout.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line));
    if (rows.length !== listable.length) throw new Error(`check --urls printed ${rows.length} rows for ${listable.length} URLs`);
    listable.forEach((question, index) => {
      const row = rows[index];
      answers.set(question.id, row.error !== undefined ? refusalOrFailure(row.error) : answerOf(row));
    });
  }
  return answers;
}

/**
 * `check --jsonl`, every question in one call. Its cases take an agent (no crawler) and no fetch
 * status: only the questions it can be asked are (`asked` says which).
 */
export function askCheckJsonl(binary, generated) {
  const answers = new Map();
  const cases = generated.questions.filter((q) => q.agent !== undefined && q.status === '200');
  const input = cases
    .map((q) => JSON.stringify({ id: q.id, robots: generated.files[q.file].text, agent: q.agent, url: q.url, profile: q.profile, match: q.match }))
    .join('\n');
  const result = run(binary, ['check', '--jsonl', '--as-typed'], input + '\n');
  for (const line of result.stdout.split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line);
    answers.set(row.id, row.error !== undefined ? refusalOrFailure(row.error) : answerOf(row));
  }
  return answers;
}

/**
 * `crawlers FILE --url U --json`: the asked crawler's row, for the first question of each
 * crawler's batch (one process per question: the rest of the batch asks the same table).
 */
export function askCrawlers(binary, generated, files) {
  const answers = new Map();
  for (const [question] of batches(generated)) {
    if (question.crawler === undefined) continue;
    const args = ['crawlers', files.paths[question.file], `--url=${question.url}`, `--status=${question.status}`, `--profile=${question.profile}`, '--json'];
    const result = run(binary, args);
    if (result.status === 2) {
      answers.set(question.id, refusalOrFailure(result.stderr));
      continue;
    }
    const row = JSON.parse(result.stdout).find((entry) => entry.crawler === question.crawler);
    if (row === undefined) throw new Error(`crawlers --json has no row for ${question.crawler}`);
    answers.set(question.id, jsonAnswer(row.verdict));
  }
  return answers;
}

