// npm's `audit()` names the consumers each finding is about (issue 36) exactly as `robots-lens
// lint --format json` names them in `consumers`: the same ids, finding for finding, on files
// written here and on the first files of the shared corpus. The engine is the npm package's own
// (`bash scripts/build-wasm.sh --npm target/npm-engine`, built here when its inputs changed: the
// audit with the consumers' table), staged as npm-stage.mjs stages it; the CLI is the workspace's
// debug build.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { stageNodePackage } from './npm-stage.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHARED = process.env.ROBOTS_LENS_SHARED ?? join(ROOT, '..', 'shared');
/** Corpus files asked: enough to meet most codes, few enough to keep the test in seconds. */
const CORPUS_FILES = 12;

const WRITTEN = [
  'Disallow: /x\nUser-agent: *\nDisalow: /a\nNoindex: /b\nCrawl-delay: 5\n\nUser-agent: *\nDisallow: /c\n',
  'User-agent: bingbot\nDisallow: /private\nAllow: /private/index.html\n\nUser-agent: *\nDisallow: /private/*\nSitemap: /sitemap.xml\n',
];

let stage;
let api;

before(async () => {
  const engine = join(ROOT, 'target', 'npm-engine');
  execFileSync('bash', ['scripts/build-wasm.sh', '--npm', engine], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync('cargo', ['build', '--quiet', '-p', 'robots-lens-cli'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  stage = stageNodePackage(['api.js', 'node.js', 'fetch.js'], { engine });
  api = await import(pathToFileURL(join(stage.dir, 'node.js')).href);
});

after(() => stage?.close());

/** `(line, code, consumers)` of every finding `robots-lens lint --format json` prints for `text`. */
function linted(text) {
  const run = spawnSync(join(ROOT, 'target', 'debug', 'robots-lens'), ['lint', '-', '--format', 'json'], { input: text });
  assert.ok(run.status === 0 || run.status === 1, `lint failed: ${run.stderr}`);
  return JSON.parse(run.stdout).flatMap((cause) =>
    [cause, ...cause.others].map((finding) => `${finding.line} ${cause.code} ${finding.consumers.join(',')}`),
  );
}

function files() {
  const dir = join(SHARED, 'corpus', 'real-robots', 'files');
  const corpus = existsSync(dir)
    ? readdirSync(dir).sort().slice(0, CORPUS_FILES).map((name) => [name, readFileSync(join(dir, name), 'utf8')])
    : [];
  return [...WRITTEN.map((text, index) => [`written ${index + 1}`, text]), ...corpus];
}

test("npm's audit() names the consumers `robots-lens lint --format json` names", () => {
  const failures = [];
  let named = 0;
  for (const [name, text] of files()) {
    const findings = api.audit(text);
    const npm = findings.map((finding) => `${finding.line} ${finding.code} ${finding.consumers.join(',')}`).sort();
    named += findings.filter((finding) => finding.consumers.length > 0).length;
    const cli = linted(text).sort();
    if (JSON.stringify(npm) !== JSON.stringify(cli)) failures.push(`${name}:\n  npm ${npm.join(' | ')}\n  cli ${cli.join(' | ')}`);
    assert.ok(!findings.some((finding) => 'readers' in finding), `${name}: the page's bits stay out of npm's findings`);
  }
  assert.deepEqual(failures, []);
  assert.ok(named > 0, 'some finding names its consumers');
  const spelled = api.audit(WRITTEN[0]).find((finding) => finding.code === 'RL206');
  assert.ok(spelled.consumers.includes('python') && !spelled.consumers.includes('google'), spelled.consumers.join());
});
