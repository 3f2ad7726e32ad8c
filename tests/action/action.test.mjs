// The GitHub Action (action.yml) run as a runner runs it (tests/action/runner.mjs): annotations
// on the lines, the job summary table, the SARIF file (checked against the SARIF 2.1.0 types of
// @types/sarif with tsc, and against the annotations), the outputs, fail-on, ignores, the
// expectations of `robots-lens test`, and usage errors.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { REPO_ROOT, parseAnnotations, parseOutputFile, runAction } from './runner.mjs';

// An error (RL301, line 1), a warning (RL206, line 3), a warning silenced by a comment (line 5).
const ROBOTS = [
  'Disallow: /x',
  'User-agent: *',
  'Disalow: /a',
  '# robots-lens: ignore RL206',
  'Disalow: /b',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  '',
].join('\n');

let binary;
let workspace;

before(() => {
  execFileSync('cargo', ['build', '--quiet', '-p', 'robots-lens-cli'], { cwd: REPO_ROOT, stdio: 'inherit' });
  const targetDir = process.env.CARGO_TARGET_DIR || join(REPO_ROOT, 'target');
  binary = join(targetDir, 'debug', 'robots-lens');
  workspace = mkdtempSync(join(tmpdir(), 'robots-lens-workspace-'));
  mkdirSync(join(workspace, '.git'));
  mkdirSync(join(workspace, 'public'));
  writeFileSync(join(workspace, 'public', 'robots.txt'), ROBOTS);
  writeFileSync(join(workspace, 'clean.txt'), 'User-agent: *\nDisallow: /private/\n');
});

after(() => rmSync(workspace, { recursive: true, force: true }));

const run = (inputs, env) => runAction({ inputs: { 'robots-lens': binary, ...inputs }, workspace, env });

test('the runner parses outputs and annotations as GitHub does', () => {
  assert.deepEqual(parseOutputFile('a=1\nb<<EOF\nx\ny\nEOF\nc=\n'), { a: '1', b: 'x\ny', c: '' });
  assert.deepEqual(parseAnnotations('log\n::error file=a%2Cb.txt,line=3,title=T%3A x::50%25 done%0Anext\n'), [
    { level: 'error', file: 'a,b.txt', line: '3', title: 'T: x', message: '50% done\nnext' },
  ]);
});

test('findings become annotations on their lines, a summary table, a SARIF file and outputs', () => {
  const result = run({ path: 'public/robots.txt', 'sarif-file': 'out/robots-lens.sarif' });
  assert.equal(result.failed, true, 'an error fails the job at the default fail-on\n' + result.log);
  const lint = result.steps.find((step) => step.id === 'lint');
  assert.equal(lint.status, 0, 'the lint step reports; the verdict step fails\n' + result.log);
  assert.deepEqual(
    result.annotations.filter((a) => a.file).map((a) => [a.level, a.file, a.line, a.title.split(' ')[0]]),
    [
      ['error', 'public/robots.txt', '1', 'RL301'],
      ['warning', 'public/robots.txt', '3', 'RL206'],
    ],
  );
  const verdict = result.annotations.find((a) => !a.file);
  assert.equal(verdict.level, 'error');
  assert.match(verdict.message, /at or above 'error'/);
  assert.deepEqual(
    { errors: result.outputs.errors, warnings: result.outputs.warnings, failed: result.outputs.failed },
    { errors: '1', warnings: '1', failed: 'true' },
  );
  assert.match(result.summary, /^### robots-lens lint: public\/robots\.txt$/m);
  assert.match(result.summary, /1 error, 1 warning, 0 info, 1 suppressed/);
  assert.match(result.summary, /^\| 1 \| error \| \[RL301\]\(https:\/\/github\.com\/robots-lens\/robots-lens\/blob\/main\/docs\/audit-codes\.md#rl301-rule-before-user-agent\)/m);
  assert.match(result.summary, /^\| 3 \| warning \| \[RL206\]/m);

  assert.equal(result.outputs['sarif-file'], 'out/robots-lens.sarif');
  const sarifPath = join(workspace, 'out', 'robots-lens.sarif');
  const log = JSON.parse(readFileSync(sarifPath, 'utf8'));
  const results = log.runs[0].results.map((r) => [
    r.ruleId,
    r.level,
    r.locations[0].physicalLocation.artifactLocation.uri,
    r.locations[0].physicalLocation.region.startLine,
  ]);
  assert.deepEqual(results, [
    ['RL301', 'error', 'public/robots.txt', 1],
    ['RL206', 'warning', 'public/robots.txt', 3],
  ]);
  checkSarifTypes(sarifPath);
});

/** tsc checks the SARIF log against @types/sarif's `Log`: no unknown property, no wrong type. */
function checkSarifTypes(sarifPath) {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-sarif-'));
  try {
    const text = readFileSync(sarifPath, 'utf8');
    writeFileSync(join(dir, 'check.ts'), `import type { Log } from 'sarif';\nexport const log: Log = ${text};\n`);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', typeRoots: [join(REPO_ROOT, 'node_modules', '@types')], types: [] },
        files: ['check.ts'],
      }),
    );
    // `sarif` resolves through the repository's node_modules/@types.
    writeFileSync(join(dir, 'package.json'), '{"type": "module"}');
    execFileSync('ln', ['-s', join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules')]);
    try {
      execFileSync(join(REPO_ROOT, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8' });
    } catch (error) {
      assert.fail(`the SARIF log does not match SARIF 2.1.0's types:\n${error.stdout}${error.stderr}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('fail-on and ignore decide whether the job fails', () => {
  const lenient = run({ path: 'public/robots.txt', 'fail-on': 'never' });
  assert.equal(lenient.failed, false, lenient.log);
  assert.equal(lenient.outputs.failed, 'false');
  assert.equal(lenient.annotations.filter((a) => a.file).length, 2, 'fail-on never still annotates');

  const ignored = run({ path: 'public/robots.txt', ignore: 'RL301', 'fail-on': 'error' });
  assert.equal(ignored.failed, false, ignored.log);
  assert.deepEqual(ignored.annotations.map((a) => a.line), ['3']);
  assert.match(ignored.summary, /1 ignored/);

  const strict = run({ path: 'public/robots.txt', ignore: 'RL301', 'fail-on': 'warning' });
  assert.equal(strict.failed, true, strict.log);

  const clean = run({ path: 'clean.txt' });
  assert.equal(clean.failed, false, clean.log);
  assert.equal(clean.outputs.errors, '0');
  assert.match(clean.summary, /0 errors, 0 warnings, 0 info/);
});

test('several paths in one input, one SARIF log', () => {
  const result = run({ path: 'public/robots.txt\nclean.txt', 'fail-on': 'never' });
  assert.equal(result.failed, false, result.log);
  assert.match(result.summary, /robots-lens lint: clean\.txt/);
  assert.match(result.summary, /robots-lens lint: public\/robots\.txt/);
});

test('expectations run through robots-lens test, and a broken one fails the job', () => {
  writeFileSync(join(workspace, 'expect.toml'), '[[expect]]\nurl = "/products"\nallowed = true\ncrawlers = ["GPTBot"]\n');
  const result = run({ path: 'public/robots.txt', 'fail-on': 'never', expectations: 'expect.toml' });
  assert.equal(result.failed, true, result.log);
  assert.equal(result.outputs.failed, 'true');
  const broken = result.annotations.filter((a) => a.file === 'expect.toml');
  assert.equal(broken.length, 1, result.log);
  assert.equal(broken[0].line, '1');
  assert.ok(result.annotations.some((a) => a.file === 'public/robots.txt' && a.line === '8'), result.log);
  assert.match(result.annotations.at(-1).message, /an expectation does not hold/);

  writeFileSync(join(workspace, 'expect.toml'), '[[expect]]\nurl = "/products"\nallowed = false\ncrawlers = ["GPTBot"]\n');
  const held = run({ path: 'public/robots.txt', 'fail-on': 'never', expectations: 'expect.toml' });
  assert.equal(held.failed, false, held.log);
  assert.match(held.summary, /The expectations of `expect.toml` hold for `public\/robots.txt`/);
});

test('a robots-lens without the test command skips the expectations with a warning', () => {
  // The same binary, with a --help that does not list `test`, as an older release's.
  const old = join(workspace, 'old-robots-lens');
  writeFileSync(old, `#!/bin/sh\nif [ "$1" = --help ]; then "${binary}" --help | grep -v 'robots-lens test'; else exec "${binary}" "$@"; fi\n`);
  chmodSync(old, 0o755);
  const result = runAction({ inputs: { 'robots-lens': old, path: 'clean.txt', expectations: 'expect.toml' }, workspace });
  assert.equal(result.failed, false, result.log);
  const warning = result.annotations.find((a) => a.level === 'warning');
  assert.match(warning.message, /no test command/);
});

test('a robots-lens of the same version on PATH is used when no binary is given', () => {
  const bin = join(workspace, 'bin');
  mkdirSync(bin, { recursive: true });
  execFileSync('ln', ['-sf', binary, join(bin, 'robots-lens')]);
  const result = runAction({ inputs: { path: 'clean.txt' }, workspace, env: { PATH: `${bin}:${process.env.PATH}` } });
  assert.equal(result.failed, false, result.log);
  assert.match(result.steps.find((step) => step.id === 'install').stdout, new RegExp(`Using ${bin}/robots-lens`));
});

test('a usage error fails the lint step and skips the rest', () => {
  const result = run({ path: 'clean.txt', 'fail-on': 'sometimes' });
  assert.equal(result.failed, true);
  const lint = result.steps.find((step) => step.id === 'lint');
  assert.equal(lint.status, 2, result.log);
  assert.match(lint.stderr, /--fail-on: unknown level 'sometimes'/);
  assert.ok(result.steps.find((step) => step.id === 'verdict').skipped);
  const missing = run({ path: 'nowhere/robots.txt' });
  assert.equal(missing.failed, true);
  assert.match(missing.steps.find((s) => s.id === 'lint').stderr, /cannot read nowhere\/robots.txt/);
});
