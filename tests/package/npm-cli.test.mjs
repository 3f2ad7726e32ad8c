// The npm package's `robots-lens` command (`npx robots-lens …`, npm/cli.js running the CLI built
// for WASI under node:wasi) against the native binary: for every command and output format, on
// the same files, standard input and working directory, the two write the same bytes to standard
// output and standard error and end with the same status.

import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, test } from 'node:test';

import { installTarball, packTarball, REPO_ROOT } from './install.mjs';

const ROBOTS = [
  '# shop.example',
  'User-agent: *',
  'Disallow: /cart/',
  'Allow: /cart/help',
  'Disalow: /typo',
  'Crawl-delay: 5',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  'Content-Usage: train-ai=n',
  'Sitemap: https://shop.example/sitemap.xml',
  '',
].join('\n');

const FILES = {
  'site/robots.txt': ROBOTS,
  'site/new.txt': 'User-agent: *\nDisallow: /cart/\nDisallow: /blog/\n',
  'site/urls.txt': '/cart/a\n# a comment\n/cart/help\n/blog/x\n\n/\n',
  'site/expect.toml': '[[expect]]\nurl = "/cart/help"\nallowed = true\nagents = ["Bot"]\n\n[[expect]]\nurl = "/"\nallowed = true\ncrawlers = ["GPTBot"]\n',
  'site/.robots-lens.toml': 'ignore = ["RL502"]\nfail-on = "warning"\n',
  'hostile.txt': 'User-agent: *\nDisallow: /\u001b[2J\u202eevil\nAllow: /\u0007\r\n',
};

const JSONL = [
  { id: 1, robots: 'User-agent: *\nDisallow: /', agent: 'Bot', url: '/x' },
  { id: 2, robots: 'User-agent: a\nAllow: /', agent: 'a', url: '/y', profile: 'google' },
  { id: 3, robots: 7, agent: 'Bot', url: '/' },
].map((row) => JSON.stringify(row)).join('\n');

// [working directory (under the temporary folder), arguments, standard input]
const CASES = [
  ['site', ['check', 'robots.txt', '--agent', 'Googlebot', '--url', 'https://shop.example/cart/a']],
  ['site', ['check', 'robots.txt', '--agent', 'Bot', '--url', '/cart/help', '--url', '/x', '--json']],
  ['site', ['check', 'robots.txt', '--crawler', 'Googlebot-Image', '--url', '/cart/', '--status', '503']],
  ['site', ['check', 'robots.txt', '--agent', 'Bot', '--urls', 'urls.txt']],
  ['site', ['check', 'robots.txt', '--agent', 'Bot', '--urls', '-', '--format', 'jsonl'], '/cart/x\n/ok\n'],
  ['site', ['check', '-', '--agent', 'GPTBot', '--url', '/'], ROBOTS],
  ['.', ['check', '--jsonl'], JSONL],
  ['.', ['check', 'site/robots.txt', '--agent', 'Bot', '--url', '/', '--profile', 'bing']],
  ['.', ['check', 'hostile.txt', '--agent', 'Bot', '--url', '/\u001b[2J']],
  ['site', ['crawlers', 'robots.txt', '--url', '/cart/a']],
  ['site', ['crawlers', 'robots.txt', '--json']],
  ['.', ['crawlers']],
  ['site', ['lint', 'robots.txt']],
  ['site', ['lint', 'robots.txt', '--no-config']],
  ['site', ['lint', 'robots.txt', 'new.txt', '--format', 'json']],
  ['site', ['lint', 'robots.txt', '--format', 'github']],
  ['site', ['lint', 'robots.txt', '--format', 'sarif']],
  ['site', ['lint', 'robots.txt', '--format', 'markdown']],
  ['.', ['lint', 'hostile.txt', '--fail-on', 'never']],
  ['.', ['lint', 'no-such-file.txt']],
  ['.', ['explain']],
  ['.', ['explain', 'RL206']],
  ['.', ['explain', 'RL206', '--lang', 'es']],
  ['.', ['explain', '--json']],
  ['.', ['explain', '--format', 'markdown']],
  ['site', ['test', 'robots.txt', 'expect.toml']],
  ['site', ['test', 'new.txt', 'expect.toml', '--format', 'github']],
  ['site', ['diff', 'robots.txt', 'new.txt', '--urls', 'urls.txt', '--agent', 'Bot']],
  ['site', ['diff', 'robots.txt', 'new.txt', '--format', 'json']],
  ['site', ['preferences', 'robots.txt', '--url', '/cart/help', '--crawler', 'GPTBot', '--format', 'json']],
  ['.', ['--help']],
  ['.', ['lint', '--help']],
  ['.', ['--version']],
  ['.', []],
  ['.', ['frobnicate']],
  ['.', ['serve', '--help']],
  // No sockets in WASI: a URL for FILE names the robots.txt to save (the same reason natively
  // for an address that names no site).
  ['.', ['check', 'http://[::1/x', '--agent', 'Bot']],
  ['.', ['crawlers', 'ftp://shop.example/x']],
];

let native;
let installed;

before(() => {
  execFileSync('cargo', ['build', '--quiet', '--locked', '-p', 'robots-lens-cli'], { cwd: REPO_ROOT, stdio: 'inherit' });
  native = join(REPO_ROOT, 'target', 'debug', 'robots-lens');
  installed = installTarball(packTarball());
  for (const [name, text] of Object.entries(FILES)) {
    mkdirSync(join(installed.dir, name, '..'), { recursive: true });
    writeFileSync(join(installed.dir, name), text);
  }
});

after(() => installed?.close());

function run(command, args, cwd, input = '') {
  const done = spawnSync(command, args, { cwd, input, maxBuffer: 64 << 20, timeout: 120_000 });
  assert.equal(done.error, undefined, `${command} ${args.join(' ')} ran`);
  return { status: done.status, stdout: done.stdout.toString('latin1'), stderr: done.stderr.toString('latin1') };
}

test('npx robots-lens writes the native command\'s bytes and exit status, for every command and format', () => {
  const bin = join(installed.dir, 'node_modules', '.bin', 'robots-lens');
  const statuses = new Set();
  for (const [directory, args, input] of CASES) {
    const cwd = join(installed.dir, directory);
    const expected = run(native, args, cwd, input);
    const actual = run(bin, args, cwd, input);
    const what = `robots-lens ${args.join(' ')} (in ${directory})`;
    assert.ok(expected.stdout.length + expected.stderr.length > 0, `${what} prints something`);
    assert.equal(actual.stdout, expected.stdout, `${what}: standard output`);
    assert.equal(actual.stderr, expected.stderr, `${what}: standard error`);
    assert.equal(actual.status, expected.status, `${what}: exit status`);
    statuses.add(expected.status);
  }
  assert.deepEqual([...statuses].sort(), [0, 1, 2], 'the cases reach every exit status');
});

test('npx resolves the bin of the installed package, offline', () => {
  const done = spawnSync('npx', ['--offline', '--no-install', 'robots-lens', '--version'], { cwd: installed.dir, encoding: 'utf8' });
  assert.equal(done.status, 0, done.stderr);
  const version = JSON.parse(readFileSync(join(REPO_ROOT, 'npm', 'package.json'), 'utf8')).version;
  assert.equal(done.stdout, `robots-lens ${version}\n`);
  assert.equal(done.stderr, '', 'no experimental-feature warning from node:wasi');
});

test('without a native build, a URL for FILE is answered with the robots.txt to save', () => {
  const bin = join(installed.dir, 'node_modules', '.bin', 'robots-lens');
  const done = run(bin, ['check', 'https://shop.example/cart/x', '--agent', 'Bot'], installed.dir);
  assert.equal(done.status, 2);
  assert.match(done.stderr, /cannot fetch https:\/\/shop\.example\/robots\.txt: save it first \(curl -s https:\/\/shop\.example\/robots\.txt -o robots\.txt/);
  assert.doesNotMatch(done.stderr, /--url/, 'not a missing --url');
});

test('npx robots-lens serve serves the page the package ships, with the key and the engine', async () => {
  const bin = join(installed.dir, 'node_modules', '.bin', 'robots-lens');
  const child = spawn(bin, ['serve', '--port', '0'], { cwd: installed.dir, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const first = await new Promise((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
    const origin = /^Robots Lens: (http:\/\/127\.0\.0\.1:\d+)\//.exec(first)?.[1];
    assert.ok(origin, first);
    const index = await (await fetch(`${origin}/`)).text();
    assert.match(index, /<meta name="robots-lens-live" content="[0-9a-f]{32}">/);
    const text = readFileSync(join(REPO_ROOT, 'www/pkg/precache.js'), 'utf8');
    const { files } = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
    for (const file of files.filter((file) => file !== './' && file !== 'index.html')) {
      const response = await fetch(`${origin}/${file}`);
      assert.equal(response.status, 200, file);
      await response.arrayBuffer();
    }
    assert.equal((await fetch(`${origin}/package.json`)).status, 404, 'nothing but the page');
  } finally {
    child.kill();
  }
});

test('a reader that closes the pipe ends the command quietly with status 0', () => {
  const bin = join(installed.dir, 'node_modules', '.bin', 'robots-lens');
  const done = spawnSync('bash', ['-c', `"${bin}" crawlers --json | head -c 10 >/dev/null; echo "\${PIPESTATUS[0]}"`], {
    cwd: installed.dir,
    encoding: 'utf8',
  });
  assert.equal(done.stdout, '0\n');
  assert.equal(done.stderr, '');
});
