// Where the GitHub Action gets its robots-lens (scripts/action/find.sh and install.sh), run as a
// runner runs it (tests/action/runner.mjs) against a release host on 127.0.0.1
// (tests/action/release-server.mjs) that serves archives laid out as scripts/release-build.sh
// packs them: the cold path on a runner without Rust downloads and verifies the archive and
// caches it, a later job takes it from the cache without a request, a checksum that does not
// match fails before anything runs, and only a runner the release has no archive for builds with
// cargo.

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { REPO_ROOT, runAction } from './runner.mjs';

const VERSION = /^\[workspace\.package\][^[]*?^version\s*=\s*"([^"]+)"/ms.exec(readFileSync(join(REPO_ROOT, 'Cargo.toml'), 'utf8'))[1];
// The archive this machine's runner would fetch (find.sh's table; the tests run on Linux).
const TARGET = { x64: 'x86_64-unknown-linux-gnu', arm64: 'aarch64-unknown-linux-gnu' }[process.arch];
const NAME = `robots-lens-${VERSION}-${TARGET}`;
// A PATH with the system's tools and no Rust: no cargo, no rustc, no robots-lens.
const NO_RUST_PATH = '/usr/local/bin:/usr/bin:/bin';

let binary;
let temp;
let workspace;
let servers = [];

/** Starts a release host serving `files` ({ relative path: contents }); returns its URL and log. */
async function releaseHost(files) {
  const root = mkdtempSync(join(temp, 'host-'));
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(join(root, 'files', path, '..'), { recursive: true });
    writeFileSync(join(root, 'files', path), contents);
  }
  writeFileSync(join(root, 'requests.log'), '');
  const child = spawn(process.execPath, [join(REPO_ROOT, 'tests/action/release-server.mjs'), root], { stdio: ['ignore', 'pipe', 'inherit'] });
  servers.push(child);
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (data) => resolve(String(data).trim()));
    child.once('exit', (code) => reject(new Error(`the release server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, requests: () => readFileSync(join(root, 'requests.log'), 'utf8').split('\n').filter(Boolean) };
}

/** The archive and its checksum file, as scripts/release-build.sh writes them. */
function packArchive(binaryPath) {
  const stage = mkdtempSync(join(temp, 'stage-'));
  mkdirSync(join(stage, NAME));
  copyFileSync(binaryPath, join(stage, NAME, 'robots-lens'));
  chmodSync(join(stage, NAME, 'robots-lens'), 0o755);
  copyFileSync(join(REPO_ROOT, 'README.md'), join(stage, NAME, 'README.md'));
  execFileSync('tar', ['-C', stage, '-czf', join(stage, `${NAME}.tar.gz`), NAME]);
  const sum = execFileSync('sha256sum', [`${NAME}.tar.gz`], { cwd: stage, encoding: 'utf8' });
  return { archive: readFileSync(join(stage, `${NAME}.tar.gz`)), sha256: sum };
}

before(() => {
  execFileSync('cargo', ['build', '--quiet', '-p', 'robots-lens-cli'], { cwd: REPO_ROOT, stdio: 'inherit' });
  binary = join(process.env.CARGO_TARGET_DIR || join(REPO_ROOT, 'target'), 'debug', 'robots-lens');
  temp = mkdtempSync(join(tmpdir(), 'robots-lens-action-install-'));
  workspace = join(temp, 'workspace');
  mkdirSync(join(workspace, '.git'), { recursive: true });
  writeFileSync(join(workspace, 'robots.txt'), 'User-agent: *\nDisallow: /private/\n');
  // One error and one warning a file; two files give two of each (the lint groups findings of one
  // cause in a file into one entry, so two of a kind in one file would count once).
  writeFileSync(join(workspace, 'one.txt'), 'Disallow: /x\nUser-agent: *\nDisalow: /a\n');
  writeFileSync(join(workspace, 'another.txt'), 'Disallow: /y\nUser-agent: *\nDisalow: /b\n');
  // --norc: bash reads ~/.bashrc (which may put cargo on PATH) when its input is a socket.
  assert.throws(() => execFileSync('bash', ['--noprofile', '--norc', '-c', 'command -v cargo'], { env: { PATH: NO_RUST_PATH }, stdio: 'ignore' }), 'cargo must not be on the test PATH');
});

after(() => {
  for (const server of servers) server.kill();
  rmSync(temp, { recursive: true, force: true });
});

const install = (result) => result.steps.find((step) => step.id === 'install');

test('without Rust, the first job downloads the verified archive and caches it; the next job downloads nothing', async () => {
  const { archive, sha256 } = packArchive(binary);
  const host = await releaseHost({ [`v${VERSION}/${NAME}.tar.gz`]: archive, [`v${VERSION}/${NAME}.tar.gz.sha256`]: sha256 });
  const cacheDir = mkdtempSync(join(temp, 'cache-'));
  const env = { PATH: NO_RUST_PATH, ROBOTS_LENS_RELEASE_URL: host.url };

  const first = runAction({ inputs: { path: 'robots.txt' }, workspace, env, cacheDir });
  assert.equal(first.failed, false, first.log);
  assert.equal(install(first).outputs.source, 'download', first.log);
  assert.match(install(first).stdout, /SHA-256 verified/);
  assert.deepEqual(host.requests(), [`GET /v${VERSION}/${NAME}.tar.gz`, `GET /v${VERSION}/${NAME}.tar.gz.sha256`]);
  assert.deepEqual(first.cacheEvents, [
    ['miss', `robots-lens-${VERSION}-${TARGET}`],
    ['save', `robots-lens-${VERSION}-${TARGET}`],
  ]);
  assert.equal(first.outputs.errors, '0');

  const second = runAction({ inputs: { path: 'robots.txt' }, workspace, env, cacheDir });
  assert.equal(second.failed, false, second.log);
  assert.equal(install(second).outputs.source, 'cache', second.log);
  assert.deepEqual(second.cacheEvents, [['restore', `robots-lens-${VERSION}-${TARGET}`]], 'a hit is not saved again');
  assert.equal(host.requests().length, 2, 'the second job made no request');
});

test('an archive whose checksum does not match is never run', async () => {
  const { archive, sha256 } = packArchive(binary);
  const tampered = Buffer.from(archive);
  tampered[tampered.length - 1] ^= 0xff;
  const host = await releaseHost({ [`v${VERSION}/${NAME}.tar.gz`]: tampered, [`v${VERSION}/${NAME}.tar.gz.sha256`]: sha256 });
  const result = runAction({ inputs: { path: 'robots.txt' }, workspace, env: { PATH: NO_RUST_PATH, ROBOTS_LENS_RELEASE_URL: host.url } });
  assert.equal(result.failed, true);
  assert.equal(install(result).status, 1, result.log);
  const error = result.annotations.find((a) => a.level === 'error');
  assert.match(error.message, /SHA-256 of .* is [0-9a-f]{64}, but .*\.sha256 says [0-9a-f]{64}: the download is corrupt or was tampered with/);
  assert.ok(result.steps.find((step) => step.id === 'lint').skipped, 'nothing ran after the failed check');
  assert.deepEqual(result.cacheEvents, [['miss', `robots-lens-${VERSION}-${TARGET}`]], 'nothing was cached');

  // A release with the archive but no checksum file is refused the same way.
  const unsigned = await releaseHost({ [`v${VERSION}/${NAME}.tar.gz`]: archive });
  const refused = runAction({ inputs: { path: 'robots.txt' }, workspace, env: { PATH: NO_RUST_PATH, ROBOTS_LENS_RELEASE_URL: unsigned.url } });
  assert.equal(refused.failed, true);
  assert.match(refused.annotations.find((a) => a.level === 'error').message, /\.sha256 could not be downloaded \(HTTP 404\)/);
});

test('only a runner the release has no archive for builds with cargo, and the build is cached', async () => {
  const host = await releaseHost({});
  // A cargo that records how it was called and installs the test's binary where asked.
  const bin = mkdtempSync(join(temp, 'fake-cargo-'));
  const calls = join(bin, 'calls.log');
  writeFileSync(
    join(bin, 'cargo'),
    `#!/bin/sh\necho "$@" >> "${calls}"\nwhile [ "$#" -gt 0 ]; do [ "$1" = --root ] && root="$2"; shift; done\nmkdir -p "$root/bin" && cp "${binary}" "$root/bin/robots-lens"\n`,
  );
  chmodSync(join(bin, 'cargo'), 0o755);
  const cacheDir = mkdtempSync(join(temp, 'cache-'));

  // The release has no archive for this runner (404): cargo builds it.
  const built = runAction({ inputs: { path: 'robots.txt' }, workspace, env: { PATH: `${bin}:${NO_RUST_PATH}`, ROBOTS_LENS_RELEASE_URL: host.url }, cacheDir });
  assert.equal(built.failed, false, built.log);
  assert.equal(install(built).outputs.source, 'cargo', built.log);
  assert.match(readFileSync(calls, 'utf8'), new RegExp(`^install --quiet --locked --path ${REPO_ROOT.replace(/\/$/, '')}/crates/cli --root \\S+/robots-lens/${VERSION}/${TARGET}\\n$`));
  assert.match(built.annotations.find((a) => a.level === 'notice').message, new RegExp(`the release v${VERSION} has no ${NAME}\\.tar\\.gz; building`));
  assert.deepEqual(built.cacheEvents.map(([event]) => event), ['miss', 'save']);

  // A runner kind the release workflow builds nothing for asks for no archive at all.
  const other = runAction({ inputs: { path: 'robots.txt' }, workspace, env: { PATH: `${bin}:${NO_RUST_PATH}`, ROBOTS_LENS_RELEASE_URL: host.url, RUNNER_ARCH: 'ARM' } });
  assert.equal(install(other).outputs.source, 'cargo', other.log);
  assert.match(other.annotations.find((a) => a.level === 'notice').message, /this runner \(Linux ARM\) has no release archive/);
  assert.deepEqual(other.cacheEvents.map(([, key]) => key), [`robots-lens-${VERSION}-source-Linux-ARM`, `robots-lens-${VERSION}-source-Linux-ARM`]);
  assert.equal(host.requests().length, 1, 'only the first job asked the host');

  // No archive and no cargo: a message that says what to do.
  const stuck = runAction({ inputs: { path: 'robots.txt' }, workspace, env: { PATH: NO_RUST_PATH, ROBOTS_LENS_RELEASE_URL: host.url } });
  assert.equal(stuck.failed, true);
  assert.match(stuck.annotations.find((a) => a.level === 'error').message, /has no .*\.tar\.gz, and cargo is not on PATH .*install Rust \(or give the robots-lens input\)/);
});

test('the summary line counts in words: 1 error, 2 errors', () => {
  const one = runAction({ inputs: { 'robots-lens': binary, path: 'one.txt', 'fail-on': 'never' }, workspace });
  assert.match(one.steps.find((step) => step.id === 'lint').stdout, /^robots-lens: 1 error, 1 warning, 0 info; SARIF in /m, one.log);
  const two = runAction({ inputs: { 'robots-lens': binary, path: 'one.txt another.txt', 'fail-on': 'never' }, workspace });
  assert.match(two.steps.find((step) => step.id === 'lint').stdout, /^robots-lens: 2 errors, 2 warnings, 0 info; SARIF in /m, two.log);
});
