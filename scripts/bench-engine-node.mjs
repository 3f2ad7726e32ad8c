// The npm package's wasm engine (www/pkg/audit, loaded with initSync as tests/node/wasm.mjs
// loads it) side by side with npm's robots-parser, in one Node process, on the shared
// benchmark corpus.
//
// Usage: node scripts/bench-engine-node.mjs CORPUS_DIR [--json PATH]
//
// The same measures as the native benchmark (crates/bench/benches/engines/main.rs), on the same
// files and URLs, for the agent Googlebot: parse, first verdict, checks per second with the full
// verdict crossing into JavaScript, and the hostile URLs in a child process that is killed at the
// limit. Rounds rotate the engines' order; BENCH_ROUNDS, BENCH_OP_SECONDS, BENCH_CHECK_SECONDS
// and BENCH_HOSTILE_SECONDS mean what they mean there. `npm run bench:engine` runs this after
// building the package; the report is scripts/bench-report.mjs.

import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

const settings = {
  rounds: Math.max(1, Math.floor(numberFromEnv('BENCH_ROUNDS', 5))),
  opSeconds: numberFromEnv('BENCH_OP_SECONDS', 0.2),
  checkSeconds: numberFromEnv('BENCH_CHECK_SECONDS', 1),
  hostileSeconds: numberFromEnv('BENCH_HOSTILE_SECONDS', 10),
};

/**
 * The npm package's engine: the wasm package with the panels' questions and the audit
 * (www/pkg/audit/, which scripts/package-npm.sh packs), so that checkMany and isAllowed are there.
 */
async function loadWasm() {
  const pkg = join(REPO, 'www', 'pkg', 'audit');
  const wasm = await import(pathToFileURL(join(pkg, 'robots_lens_wasm.js')).href);
  wasm.initSync({ module: readFileSync(join(pkg, 'robots_lens_wasm_bg.wasm')) });
  return wasm;
}

/** The engines, Robots Lens first, each with the same four operations as the native ones. */
async function loadEngines() {
  const wasm = await loadWasm();
  const robotsParser = createRequire(import.meta.url)('robots-parser');
  const parserVersion = createRequire(import.meta.url)('robots-parser/package.json').version;
  const options = { profile: 'google', agentMatch: 'token' };
  const batch = typeof wasm.RobotsFile.prototype.checkMany === 'function';
  return [
    {
      id: 'robots-lens-wasm',
      label: `Robots Lens ${wasm.version()} (wasm)`,
      parseCovers: 'new RobotsFile(text): the core parse, the text copied into the module',
      checksCover: batch
        ? 'RobotsFile.checkMany: every verdict, with its explanation, as JS objects'
        : 'RobotsFile.check: one call and one verdict object, with its explanation, per URL',
      allowedCover: 'RobotsFile.isAllowed: one call per URL, a boolean',
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
          return run(one, many, allowed);
        } finally {
          file.free();
        }
      },
    },
    {
      id: 'robots-parser',
      label: `robots-parser ${parserVersion}`,
      parseCovers: 'robotsParser(url, text): parse into rules per agent',
      checksCover: 'isAllowed(url, agent) per URL',
      allowedCover: 'isAllowed(url, agent) per URL, the same call',
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
        return run(one, many, many);
      },
    },
  ];
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
  const warm = performance.now();
  do op();
  while (performance.now() - warm < 50);
  const start = performance.now();
  let calls = 0;
  for (;;) {
    op();
    calls += 1;
    const elapsed = (performance.now() - start) / 1e3;
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
function answerUrls(engine, text, urls, budget, allowedOnly = false) {
  return engine.withChecker(text, (one, verdicts, allowed) => {
    const many = allowedOnly ? allowed : verdicts;
    const warm = performance.now();
    for (let slice = 8, end = urls.length; performance.now() - warm < 50 && end > 0; end -= slice) {
      many(urls.slice(Math.max(0, end - slice), end));
    }
    const answers = [];
    const start = performance.now();
    let slice = 8;
    for (let index = 0; index < urls.length; index += slice, slice = Math.min(slice * 2, 256)) {
      answers.push(...many(urls.slice(index, index + slice)));
      if (answers.length >= MIN_CHECKS && (performance.now() - start) / 1e3 >= budget) break;
    }
    return { answers, seconds: (performance.now() - start) / 1e3 };
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

/** Runs one engine's hostile URLs in a child process, killed a second after the limit. */
function hostileRun(engineId, dir) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SELF, dir, '--hostile', engineId], {
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
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--json') jsonPath = args[++i];
    else if (args[i] === '--hostile') hostileEngine = args[++i];
    else if (args[i].startsWith('-')) throw new Error(`unknown option ${args[i]}`);
    else dir = args[i];
  }
  if (!dir) throw new Error('usage: node scripts/bench-engine-node.mjs CORPUS_DIR [--json PATH]');
  const engines = await loadEngines();
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
        const { answers: given, seconds } = answerUrls(engine, files[file], urls, settings.checkSeconds, true);
        const rate = given.length / seconds;
        const r = row('checks-allowed', file, engine.id, 'checks/s');
        r.samples.push(rate);
        (r.answered ??= []).push(given.length);
        if (round === 0) answers[`${file} ${engine.id} allowed`] = given;
        return `${engine.id} ${rate.toFixed(0)} (${given.length} URLs)`;
      });
      console.error(`${heading} allowed-only checks/s ${file}: ${lean.join(' ')}`);
    }
    if (round < MAX_HOSTILE_ROUNDS) {
      const parts = [];
      for (const engine of order) {
        const r = row('hostile', 'pathological', engine.id, 's');
        if (cut.has(engine.id)) {
          r.samples.push(null);
          continue;
        }
        const outcome = await hostileRun(engine.id, dir);
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
      const given = answers[`${file} ${engine.id} allowed`];
      const compared = Math.min(given.length, reference.length);
      let disagreements = 0;
      for (let i = 0; i < compared; i += 1) if (given[i] !== reference[i]) disagreements += 1;
      agreement.push({ file, engine: engine.id, call: 'allowed only', compared, disagreements });
    }
  }
  const result = {
    suite: 'node',
    command: 'node scripts/bench-engine-node.mjs',
    node: process.version,
    rounds: settings.rounds,
    agent: AGENT,
    engines: engines.map(({ id, label, parseCovers, checksCover, allowedCover }) => ({
      id,
      label,
      parse_covers: parseCovers,
      checks_cover: checksCover,
      allowed_cover: allowedCover,
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
