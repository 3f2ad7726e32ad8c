// The npm package's wasm engine (www/pkg/audit, loaded with initSync as tests/node/wasm.mjs
// loads it) side by side with npm's robots-parser, in one Node process, on the shared
// benchmark corpus.
//
// Usage: node scripts/bench-engine-node.mjs CORPUS_DIR [--json PATH] [--also PKG_DIR] [--npm DIR]…
//
// The same measures as the native benchmark (crates/bench/benches/engines/main.rs), on the same
// files and URLs, for the agent Googlebot: parse, first verdict, checks per second with the full
// verdict crossing into JavaScript (and, beside it, only whether each is allowed, and the answers
// alone: `RobotsFile.answerMany`), and the hostile URLs in a child process that is killed at the
// limit. Rounds rotate the engines' order; BENCH_ROUNDS, BENCH_OP_SECONDS, BENCH_CHECK_SECONDS
// and BENCH_HOSTILE_SECONDS mean what they mean there. `npm run bench:engine` runs this after
// building the package; the report is scripts/bench-report.mjs. At the end, the per-round ratios
// of Robots Lens to every other engine are printed to stderr.
//
// BENCH_CLOCK=cpu times the process's CPU time (user and system, `process.cpuUsage`) instead of
// the wall clock: on a machine other work keeps busy, the wall clock counts the time the engine
// waited for a core, which falls unevenly on the engines of a round. `--also PKG_DIR` adds
// another build of the same package (say main's www/pkg/audit/, copied aside) as one more engine,
// so that a change is measured against the build before it in the same process and rounds.
// `--npm DIR` (as many as given) adds the npm package staged in DIR (`npm run package` stages it
// in target/npm-package/) asked through its API as users ask it: `parse(text)`, then
// `checkMany` (each verdict worded in English too), `isAllowed` and `answers`.
//
// After the rounds, the memory a parsed file holds in the module (`parse-memory-held`): in a
// fresh process per file, as many `RobotsFile`s of it as fit in 64 MB are kept, and the growth
// of the module's memory divided by their number is what one holds, the module's own copy of
// the text included (the caller's JavaScript string is not counted: it is the caller's).

import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { roundRatios } from './bench-report.mjs';

const ORIGIN = 'https://www.shop-example.com';
const AGENT = 'Googlebot';
const MIN_CHECKS = 50;
const MAX_HOSTILE_ROUNDS = 3;
const SELF = fileURLToPath(import.meta.url);
const REPO = join(SELF, '..', '..');

function numberFromEnv(name, fallback) {
  const text = process.env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`${name} must be a number of seconds or rounds, not '${text}'`);
  }
  return value;
}

const clockName = process.env.BENCH_CLOCK?.trim() || 'wall';
if (clockName !== 'wall' && clockName !== 'cpu') {
  throw new Error(`BENCH_CLOCK must be 'wall' or 'cpu', not '${clockName}'`);
}
/** Milliseconds on the clock BENCH_CLOCK names: the wall clock, or the process's CPU time. */
const clock =
  clockName === 'cpu'
    ? () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1e3;
      }
    : () => performance.now();

const settings = {
  clock: clockName,
  rounds: Math.max(1, Math.floor(numberFromEnv('BENCH_ROUNDS', 5))),
  opSeconds: numberFromEnv('BENCH_OP_SECONDS', 0.2),
  checkSeconds: numberFromEnv('BENCH_CHECK_SECONDS', 1),
  hostileSeconds: numberFromEnv('BENCH_HOSTILE_SECONDS', 10),
};

/**
 * The npm package's engine: the wasm package with the panels' questions and the audit
 * (www/pkg/audit/, which scripts/package-npm.sh packs), so that checkMany and isAllowed are there.
 */
async function loadWasm(pkg = join(REPO, 'www', 'pkg', 'audit')) {
  const wasm = await import(pathToFileURL(join(pkg, 'robots_lens_wasm.js')).href);
  wasm.initSync({ module: readFileSync(join(pkg, 'robots_lens_wasm_bg.wasm')) });
  return wasm;
}

/**
 * The engines, Robots Lens first, each with the same four operations as the native ones; with
 * `also`, another build of the package right after it.
 */
async function loadEngines(also, npmDirs = []) {
  const robotsParser = createRequire(import.meta.url)('robots-parser');
  const parserVersion = createRequire(import.meta.url)('robots-parser/package.json').version;
  const lens = [lensEngine(await loadWasm(), 'robots-lens-wasm', '(wasm)')];
  if (also) lens.push(lensEngine(await loadWasm(also), 'robots-lens-wasm-also', `(wasm, ${also})`));
  for (const [index, npmDir] of npmDirs.entries()) {
    lens.push(npmEngine(await import(pathToFileURL(join(npmDir, 'node.js')).href), `robots-lens-npm-${index + 1}`, npmDir));
  }
  return [
    ...lens,
    {
      id: 'robots-parser',
      label: `robots-parser ${parserVersion}`,
      parseCovers: 'robotsParser(url, text): parse into rules per agent',
      checksCover: 'isAllowed(url, agent) per URL',
      allowedCover: 'isAllowed(url, agent) per URL, the same call',
      answersCover: 'isAllowed(url, agent) per URL, the same call',
      parse(text) {
        robotsParser(`${ORIGIN}/robots.txt`, text);
      },
      firstVerdict(text, url) {
        return robotsParser(`${ORIGIN}/robots.txt`, text).isAllowed(url, AGENT);
      },
      withChecker(text, run) {
        const robots = robotsParser(`${ORIGIN}/robots.txt`, text);
        const one = (url) => robots.isAllowed(url, AGENT);
        const many = (urls) => urls.map(one);
        return run(one, many, many, many);
      },
    },
  ];
}

/** The npm package staged in `dir`, asked through its API (a build without answers() answers per URL). */
function npmEngine(api, id, dir) {
  const options = { profile: 'google', agentMatch: 'token' };
  const brief = typeof api.answers === 'function';
  return {
    id,
    label: `robots-lens ${api.version()} (npm, ${dir})`,
    parseCovers: 'parse(text)',
    checksCover: 'parsed.checkMany: every verdict with its explanation, worded in English too',
    allowedCover: 'parsed.isAllowed: one call per URL',
    answersCover: brief ? 'parsed.answers: one call per slice of URLs' : 'parsed.check per URL (this build has no answers)',
    parse(text) {
      api.parse(text).free();
    },
    firstVerdict(text, url) {
      return api.check(text, AGENT, url, options).allowed;
    },
    withChecker(text, run) {
      const parsed = api.parse(text);
      try {
        const one = (url) => parsed.check(AGENT, url, options).allowed;
        const many = (urls) => parsed.checkMany(AGENT, urls, options).map((verdict) => verdict.allowed);
        const allowed = (urls) => urls.map((url) => parsed.isAllowed(AGENT, url, options));
        const answers = brief
          ? (urls) => parsed.answers(AGENT, urls, options).map((answer) => answer.allowed)
          : (urls) => urls.map(one);
        return run(one, many, allowed, answers);
      } finally {
        parsed.free();
      }
    },
  };
}

/** A build of the wasm package as an engine (a build without answerMany answers per URL). */
function lensEngine(wasm, id, kind) {
  const options = { profile: 'google', agentMatch: 'token' };
  const batch = typeof wasm.RobotsFile.prototype.checkMany === 'function';
  const brief = typeof wasm.RobotsFile.prototype.answerMany === 'function';
  return {
    id,
    label: `Robots Lens ${wasm.version()} ${kind}`,
    parseCovers: 'new RobotsFile(text): the core parse, the text copied into the module',
    checksCover: batch
      ? 'RobotsFile.checkMany: every verdict, with its explanation, as JS objects'
      : 'RobotsFile.check: one call and one verdict object, with its explanation, per URL',
    allowedCover: 'RobotsFile.isAllowed: one call per URL, a boolean',
    answersCover: brief
      ? 'RobotsFile.answerMany: one call per slice of URLs, each answer { allowed, reason, line, groupUsed, whyDecides }'
      : 'RobotsFile.check per URL (this build has no answerMany)',
    parse(text) {
      new wasm.RobotsFile(text).free();
    },
    firstVerdict(text, url) {
      const file = new wasm.RobotsFile(text);
      try {
        return file.check(AGENT, url, options).allowed;
      } finally {
        file.free();
      }
    },
    withChecker(text, run) {
      const file = new wasm.RobotsFile(text);
      try {
        const one = (url) => file.check(AGENT, url, options).allowed;
        const many = batch
          ? (urls) => file.checkMany(AGENT, urls, options).map((verdict) => verdict.allowed)
          : (urls) => urls.map(one);
        const allowed = (urls) => urls.map((url) => file.isAllowed(AGENT, url, options));
        const answers = brief
          ? (urls) => file.answerMany(AGENT, urls, options).map((answer) => answer.allowed)
          : (urls) => urls.map(one);
        return run(one, many, allowed, answers);
      } finally {
        file.free();
      }
    },
  };
}

function readCorpus(dir, name) {
  try {
    return readFileSync(join(dir, name), 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${join(dir, name)}: ${error.message} (npm run bench:engine generates the corpus)`);
  }
}

function readUrls(dir, name) {
  return readCorpus(dir, name)
    .split('\n')
    .filter((line) => line !== '')
    .map((path) => ORIGIN + path);
}

/**
 * Seconds per call of `op`, over at least `minSeconds`, after warming up for 50 ms: V8 first
 * runs both JavaScript and wasm with a baseline compiler and optimises what runs hot.
 */
function secondsPerCall(minSeconds, op) {
  const warm = clock();
  do op();
  while (clock() - warm < 50);
  const start = clock();
  let calls = 0;
  for (;;) {
    op();
    calls += 1;
    const elapsed = (clock() - start) / 1e3;
    if (elapsed >= minSeconds) return elapsed / calls;
  }
}

/**
 * Answers `urls` in order with a file compiled once, until `budget` seconds are spent (after at
 * least MIN_CHECKS) or the list ends. URLs go in slices (for a batch engine, one call each)
 * that grow from 8 to 256, so a slow engine is not held past its budget by a big slice. As in
 * secondsPerCall, the engine first answers the list's last URLs for 50 ms (not counted): V8
 * optimises the JavaScript and wasm that run hot only after a while, and an engine measured
 * first in a round would otherwise pay for that alone.
 */
function answerUrls(engine, text, urls, budget, call = 'verdicts') {
  return engine.withChecker(text, (one, verdicts, allowed, brief) => {
    const many = { verdicts, allowed, answers: brief }[call];
    const warm = clock();
    for (let slice = 8, end = urls.length; clock() - warm < 50 && end > 0; end -= slice) {
      many(urls.slice(Math.max(0, end - slice), end));
    }
    const answers = [];
    const start = clock();
    let slice = 8;
    for (let index = 0; index < urls.length; index += slice, slice = Math.min(slice * 2, 256)) {
      answers.push(...many(urls.slice(index, index + slice)));
      if (answers.length >= MIN_CHECKS && (clock() - start) / 1e3 >= budget) break;
    }
    return { answers, seconds: (clock() - start) / 1e3 };
  });
}

/** The child's side of the hostile run: prints `done N` every 100 ms and `finished S ALLOWED`. */
function hostileChild(engine, dir) {
  const text = readCorpus(dir, 'pathological.txt');
  const urls = readUrls(dir, 'evil_urls.txt');
  const limit = settings.hostileSeconds;
  const start = performance.now();
  let done = 0;
  let allowed = 0;
  let reported = start;
  engine.withChecker(text, (one) => {
    for (const url of urls) {
      const now = performance.now();
      if ((now - start) / 1e3 >= limit) break;
      if (now - reported >= 100) {
        process.stdout.write(`done ${done}\n`);
        reported = now;
      }
      if (one(url)) allowed += 1;
      done += 1;
    }
  });
  process.stdout.write(`done ${done}\n`);
  if (done === urls.length) {
    process.stdout.write(`finished ${(performance.now() - start) / 1e3} ${allowed}\n`);
  }
}

/**
 * The child's side of the memory measure: the bytes of the module's memory one `RobotsFile` of
 * `name` holds, printed as `held BYTES COPIES`. One parse is made and freed first, so that the
 * allocator's own first growth is not counted.
 */
async function parseMemoryChild(dir, name, pkg) {
  const text = readCorpus(dir, `${name}.txt`);
  const wasm = await import(pathToFileURL(join(pkg ?? join(REPO, 'www', 'pkg', 'audit'), 'robots_lens_wasm.js')).href);
  const exports = wasm.initSync({
    module: readFileSync(join(pkg ?? join(REPO, 'www', 'pkg', 'audit'), 'robots_lens_wasm_bg.wasm')),
  });
  new wasm.RobotsFile(text).free();
  const copies = Math.max(8, Math.floor(64e6 / (2 * Buffer.byteLength(text))));
  const before = exports.memory.buffer.byteLength;
  const kept = [];
  for (let i = 0; i < copies; i += 1) kept.push(new wasm.RobotsFile(text));
  const held = (exports.memory.buffer.byteLength - before) / copies;
  for (const file of kept) file.free();
  process.stdout.write(`held ${held} ${copies}\n`);
}

/** The memory one parsed file of `name` holds in the module (see parseMemoryChild). */
function parseMemoryRun(dir, name, pkg) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SELF, dir, '--parse-memory', name, ...(pkg ? ['--also', pkg] : [])], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const found = /^held (\S+) (\d+)$/m.exec(output);
      if (code !== 0 || !found) reject(new Error(`the memory measure of ${name} failed (exit ${code})`));
      else resolve(Number(found[1]));
    });
  });
}

/** Runs one engine's hostile URLs in a child process, killed a second after the limit. */
function hostileRun(engineId, dir, also, npmDirs) {
  return new Promise((resolve, reject) => {
    const passed = [...(also ? ['--also', also] : []), ...npmDirs.flatMap((npmDir) => ['--npm', npmDir])];
    const child = spawn(process.execPath, [SELF, dir, '--hostile', engineId, ...passed], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let done = 0;
    let finished = null;
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) {
        const words = line.trim().split(/\s+/);
        if (words[0] === 'done') done = Number(words[1]);
        if (words[0] === 'finished') finished = { seconds: Number(words[1]), allowed: Number(words[2]) };
      }
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), (settings.hostileSeconds + 1) * 1e3);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      resolve(finished ?? { cut: { done } });
    });
  });
}

function formatMs(seconds) {
  return `${(seconds * 1e3).toFixed(3)} ms`;
}

async function main() {
  const args = process.argv.slice(2);
  let dir = null;
  let jsonPath = null;
  let hostileEngine = null;
  let also = null;
  const npmDirs = [];
  let parseMemoryOf = null;
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--json') jsonPath = args[++i];
    else if (args[i] === '--hostile') hostileEngine = args[++i];
    else if (args[i] === '--also') also = args[++i];
    else if (args[i] === '--npm') npmDirs.push(args[++i]);
    else if (args[i] === '--parse-memory') parseMemoryOf = args[++i];
    else if (args[i].startsWith('-')) throw new Error(`unknown option ${args[i]}`);
    else dir = args[i];
  }
  if (!dir) throw new Error('usage: node scripts/bench-engine-node.mjs CORPUS_DIR [--json PATH] [--also PKG_DIR] [--npm DIR]…');
  if (parseMemoryOf) {
    await parseMemoryChild(dir, parseMemoryOf, also);
    return;
  }
  const engines = await loadEngines(also, npmDirs);
  if (hostileEngine) {
    const engine = engines.find((candidate) => candidate.id === hostileEngine);
    if (!engine) throw new Error(`no engine is called '${hostileEngine}'`);
    hostileChild(engine, dir);
    return;
  }

  const files = Object.fromEntries(
    ['typical', 'medium', 'large', 'huge'].map((name) => [name, readCorpus(dir, `${name}.txt`)]),
  );
  const urls = readUrls(dir, 'urls.txt');
  const rows = [];
  const row = (measure, file, engine, unit) => {
    let found = rows.find((r) => r.measure === measure && r.file === file && r.engine === engine);
    if (!found) {
      found = { measure, file, engine, unit, samples: [] };
      rows.push(found);
    }
    return found;
  };
  const answers = {};
  const cut = new Set();

  for (let round = 0; round < settings.rounds; round += 1) {
    const order = engines.map((_, i) => engines[(i + round) % engines.length]);
    const heading = `node round ${round + 1}/${settings.rounds}`;
    for (const [file, text] of Object.entries(files)) {
      const parts = order.map((engine) => {
        const seconds = secondsPerCall(settings.opSeconds, () => engine.parse(text));
        row('parse', file, engine.id, 's').samples.push(seconds);
        return `${engine.id} ${formatMs(seconds)}`;
      });
      console.error(`${heading} parse ${file}: ${parts.join(' ')}`);
    }
    for (const file of ['typical', 'large', 'huge']) {
      const parts = order.map((engine) => {
        const seconds = secondsPerCall(settings.opSeconds, () => engine.firstVerdict(files[file], urls[0]));
        row('first-verdict', file, engine.id, 's').samples.push(seconds);
        return `${engine.id} ${formatMs(seconds)}`;
      });
      console.error(`${heading} first verdict ${file}: ${parts.join(' ')}`);
    }
    for (const file of ['typical', 'large']) {
      const parts = order.map((engine) => {
        const { answers: given, seconds } = answerUrls(engine, files[file], urls, settings.checkSeconds);
        const rate = given.length / seconds;
        const r = row('checks', file, engine.id, 'checks/s');
        r.samples.push(rate);
        (r.answered ??= []).push(given.length);
        if (round === 0) answers[`${file} ${engine.id}`] = given;
        return `${engine.id} ${rate.toFixed(0)} (${given.length} URLs)`;
      });
      console.error(`${heading} checks/s ${file}: ${parts.join(' ')}`);
      // The same URLs, asking only whether each is allowed: robots-parser's one question.
      const lean = order.map((engine) => {
        const { answers: given, seconds } = answerUrls(engine, files[file], urls, settings.checkSeconds, 'allowed');
        const rate = given.length / seconds;
        const r = row('checks-allowed', file, engine.id, 'checks/s');
        r.samples.push(rate);
        (r.answered ??= []).push(given.length);
        if (round === 0) answers[`${file} ${engine.id} allowed`] = given;
        return `${engine.id} ${rate.toFixed(0)} (${given.length} URLs)`;
      });
      console.error(`${heading} allowed-only checks/s ${file}: ${lean.join(' ')}`);
      // The answers alone (the deciding line, the reason, the groups used), a list in one call.
      const brief = order.map((engine) => {
        const { answers: given, seconds } = answerUrls(engine, files[file], urls, settings.checkSeconds, 'answers');
        const rate = given.length / seconds;
        const r = row('checks-answers', file, engine.id, 'checks/s');
        r.samples.push(rate);
        (r.answered ??= []).push(given.length);
        if (round === 0) answers[`${file} ${engine.id} answers`] = given;
        return `${engine.id} ${rate.toFixed(0)} (${given.length} URLs)`;
      });
      console.error(`${heading} answers-only checks/s ${file}: ${brief.join(' ')}`);
    }
    if (round < MAX_HOSTILE_ROUNDS) {
      const parts = [];
      for (const engine of order) {
        const r = row('hostile', 'pathological', engine.id, 's');
        if (cut.has(engine.id)) {
          r.samples.push(null);
          continue;
        }
        const outcome = await hostileRun(engine.id, dir, also, npmDirs);
        if (outcome.cut) {
          cut.add(engine.id);
          r.samples.push(null);
          r.cut = { limit_s: settings.hostileSeconds, done: outcome.cut.done, of: 1000 };
          parts.push(`${engine.id} cut after ${outcome.cut.done} URLs`);
        } else {
          r.samples.push(outcome.seconds);
          r.allowed = outcome.allowed;
          parts.push(`${engine.id} ${outcome.seconds.toFixed(3)} s`);
        }
      }
      console.error(`${heading} hostile: ${parts.join(' ')}`);
    }
  }

  const agreement = [];
  for (const file of ['typical', 'large']) {
    const reference = answers[`${file} ${engines[0].id}`];
    for (const engine of engines.slice(1)) {
      const given = answers[`${file} ${engine.id}`];
      const compared = Math.min(given.length, reference.length);
      let disagreements = 0;
      for (let i = 0; i < compared; i += 1) if (given[i] !== reference[i]) disagreements += 1;
      agreement.push({ file, engine: engine.id, compared, disagreements });
    }
    // The allowed-only answers of every engine, Robots Lens's own isAllowed included, against
    // Robots Lens's full verdicts.
    for (const engine of engines) {
      for (const [key, call] of [['allowed', 'allowed only'], ['answers', 'answers only']]) {
        const given = answers[`${file} ${engine.id} ${key}`];
        const compared = Math.min(given.length, reference.length);
        let disagreements = 0;
        for (let i = 0; i < compared; i += 1) if (given[i] !== reference[i]) disagreements += 1;
        agreement.push({ file, engine: engine.id, call, compared, disagreements });
      }
    }
  }
  for (const file of ['typical', 'medium', 'large', 'huge']) {
    const parts = [];
    for (const engine of engines.filter((candidate) => candidate.id.startsWith('robots-lens-wasm'))) {
      const pkg = engine.id === 'robots-lens-wasm-also' ? also : null;
      const held = await parseMemoryRun(dir, file, pkg);
      row('parse-memory-held', file, engine.id, 'bytes').samples.push(held);
      parts.push(`${engine.id} ${Math.round(held)} B (${(held / Buffer.byteLength(files[file])).toFixed(2)}× the file)`);
    }
    console.error(`node parse memory held ${file}: ${parts.join(' ')}`);
  }
  // Robots Lens's per-round ratios to every other engine, as scripts/bench-report.mjs takes them.
  for (const lens of rows.filter((r) => r.engine === engines[0].id)) {
    const parts = engines.slice(1).flatMap((engine) => {
      const peer = rows.find((r) => r.measure === lens.measure && r.file === lens.file && r.engine === engine.id);
      const ratio = peer && roundRatios(lens, peer);
      return ratio ? [`${engine.id} ${ratio.median.toFixed(2)}× [${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)}]`] : [];
    });
    console.error(`Lens ${lens.measure} ${lens.file}: ${parts.join(', ')}`);
  }
  // And every build beside it (--also, --npm) against robots-parser.
  for (const peer of rows.filter((r) => r.engine === 'robots-parser')) {
    const parts = engines.slice(1, -1).flatMap((engine) => {
      const own = rows.find((r) => r.measure === peer.measure && r.file === peer.file && r.engine === engine.id);
      const ratio = own && roundRatios(own, peer);
      return ratio ? [`${engine.id} ${ratio.median.toFixed(2)}× [${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)}]`] : [];
    });
    if (parts.length > 0) console.error(`Against robots-parser, ${peer.measure} ${peer.file}: ${parts.join(', ')}`);
  }
  const result = {
    suite: 'node',
    command: 'node scripts/bench-engine-node.mjs',
    clock: settings.clock,
    node: process.version,
    rounds: settings.rounds,
    agent: AGENT,
    engines: engines.map(({ id, label, parseCovers, checksCover, allowedCover, answersCover }) => ({
      id,
      label,
      parse_covers: parseCovers,
      checks_cover: checksCover,
      allowed_cover: allowedCover,
      answers_cover: answersCover,
    })),
    files: { ...Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.length])), urls: urls.length },
    results: rows,
    agreement,
  };
  const json = `${JSON.stringify(result, null, 1)}\n`;
  if (jsonPath) writeFileSync(jsonPath, json);
  else process.stdout.write(json);
}

main().catch((error) => {
  console.error(`error: ${error.message}`);
  process.exit(1);
});
