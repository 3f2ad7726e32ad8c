// The GitHub Action's `live-url` input, run as a runner runs it (tests/action/runner.mjs) against
// tests/live/server.py on 127.0.0.1: the deployed file's fetch, lint and expectations in the job
// summary with the diff of the repository's file against it, and the job's verdict.

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, test } from 'node:test';

import { REPO_ROOT, runAction } from './runner.mjs';

let binary;
let workspace;
let server;
let ports;

before(async () => {
  execFileSync('cargo', ['build', '--quiet', '-p', 'robots-lens-cli'], { cwd: REPO_ROOT, stdio: 'inherit' });
  binary = join(process.env.CARGO_TARGET_DIR || join(REPO_ROOT, 'target'), 'debug', 'robots-lens');
  workspace = mkdtempSync(join(tmpdir(), 'robots-lens-live-action-'));
  mkdirSync(join(workspace, '.git'));
  // The repository's file lacks the Googlebot group the site serves.
  writeFileSync(join(workspace, 'robots.txt'), 'User-agent: *\nDisallow: /private/\n');
  writeFileSync(
    join(workspace, 'expect.toml'),
    '[[expect]]\nurl = "/cart/x"\nallowed = true\ncrawlers = ["Googlebot"]\n',
  );
  server = spawn('python3', [join(REPO_ROOT, 'tests/live/server.py')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise((resolve) => createInterface({ input: server.stdout }).once('line', resolve));
  ports = JSON.parse(line).ports;
});

after(() => {
  server?.stdin.end();
  rmSync(workspace, { recursive: true, force: true });
});

const run = (inputs) => runAction({ inputs: { 'robots-lens': binary, 'fail-on': 'never', ...inputs }, workspace });

test('the deployed file is fetched, linted, diffed against the repository and checked', () => {
  const result = run({ 'live-url': `http://127.0.0.1:${ports.text}/`, expectations: 'expect.toml' });
  const live = result.steps.find((step) => step.id === 'live');
  assert.equal(live.status, 0, result.log);
  assert.match(result.summary, /^### The deployed robots\.txt: `http:\/\/127\.0\.0\.1:\d+\/`$/m);
  assert.match(result.summary, /^status {6}200$/m);
  assert.match(result.summary, /^#### What changes from `robots\.txt` to the deployed file$/m);
  assert.match(result.summary, /\/cart\//, 'the flip the served Googlebot group causes');
  // The served file blocks /cart/ for Googlebot: the expectation breaks, the job fails.
  assert.match(result.summary, /do not all hold for the deployed site/);
  assert.equal(result.outputs.failed, 'true', result.log);
});

test('a site that serves no file fails the job with the reason', () => {
  const result = run({ 'live-url': `http://127.0.0.1:${ports.s503}/` });
  assert.match(result.summary, /^status {6}503$/m);
  assert.equal(result.outputs.failed, 'true', result.log);
  assert.ok(result.annotations.some((a) => /served no robots\.txt file/.test(a.message)), result.log);
});

test('without live-url nothing is fetched', () => {
  const result = run({});
  assert.equal(result.steps.find((step) => step.id === 'live')?.skipped, true);
  assert.doesNotMatch(result.summary, /deployed/);
});
