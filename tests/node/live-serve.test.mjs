// The two servers of the page's "Check a live site": the native `robots-lens serve`
// (crates/cli/src/serve.rs) and the npm package's `npx robots-lens serve` (npm/serve.js), asked
// the same requests against tests/live/server.py on 127.0.0.1. Each refusal must be refused by
// both with the same status, and each fetch answered by both with the same fields and values,
// so the page cannot tell which one it talks to. The native build is the workspace's debug build
// (cargo builds it when missing or stale); the npm one is staged from npm/ and the audit wasm
// package as scripts/package-npm.sh stages them, so run after scripts/build-wasm.sh. Both serve
// the checkout's page (--root).
//
// Run: node --test tests/node/live-serve.test.mjs

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';

import { stageNodePackage } from './npm-stage.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Every fetch here ends within this (the silent case's is the one that waits for it). */
const TIMEOUT_SECONDS = '2';

let live;
let ports;
let stage;
const servers = {};

/** Starts `command args`, waits for its address, and reads the key from the page it serves. */
async function startServer(name, command, args) {
  const child = spawn(command, [...args, 'serve', '--port', '0', '--root', ROOT, '--timeout', TIMEOUT_SECONDS], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = { out: '', err: '' };
  child.stderr.on('data', (chunk) => (log.err += chunk));
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${name} serve exited ${code}: ${log.err}`)));
  });
  lines.on('line', (line) => (log.out += `${line}\n`));
  const port = Number(/^Robots Lens: http:\/\/127\.0\.0\.1:(\d+)\//.exec(first)?.[1]);
  assert.ok(port > 0, `${name} printed ${first}`);
  const server = { name, child, port, log, key: '' };
  const index = await get(server, '/');
  server.key = /<meta name="robots-lens-live" content="([0-9a-f]{32})">/.exec(index.body)?.[1] ?? '';
  assert.equal(server.key.length, 32, `${name}: the page carries the key`);
  return server;
}

/** GET (or `method`) `path` of `server` with `headers` (its own Host unless one is given). */
function get(server, path, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: '127.0.0.1', port: server.port, path, method, headers: { host: `127.0.0.1:${server.port}`, ...headers } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

/** The endpoint as the page asks it. */
async function api(server, query, headers = {}) {
  const answer = await get(server, `/api/fetch?${query}`, { 'x-robots-lens-key': server.key, 'sec-fetch-site': 'same-origin', ...headers });
  return { status: answer.status, json: JSON.parse(answer.body) };
}

before(async () => {
  live = spawn('python3', [join(ROOT, 'tests/live/server.py')], { stdio: ['pipe', 'pipe', 'inherit'] });
  ports = JSON.parse(await new Promise((resolve) => createInterface({ input: live.stdout }).once('line', resolve))).ports;
  execFileSync('cargo', ['build', '--quiet', '-p', 'robots-lens-cli'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  // cli.js runs serve.js for `serve`.
  stage = stageNodePackage(['api.js', 'node.js', 'fetch.js', 'cli.js', 'serve.js']);
  const [native, npm] = await Promise.all([
    startServer('native', join(ROOT, 'target/debug/robots-lens'), []),
    startServer('npm', process.execPath, [join(stage.dir, 'cli.js')]),
  ]);
  Object.assign(servers, { native, npm });
});

after(() => {
  for (const server of Object.values(servers)) server.child.kill();
  live?.stdin.end();
  setTimeout(() => live?.kill(), 3000).unref();
  stage?.close();
});

const site = (name, path = '/') => encodeURIComponent(`http://127.0.0.1:${ports[name]}${path}`);

test('both refuse every caller but their own page, and every request but a robots.txt', async () => {
  for (const server of Object.values(servers)) {
    const { name, port, key } = server;
    const query = `site=${site('text')}`;
    const refused = [
      ['no key', { 'x-robots-lens-key': '' }, 403],
      ['a wrong key', { 'x-robots-lens-key': '0'.repeat(32) }, 403],
      ['a foreign Host', { host: `rebind.example:${port}` }, 403],
      ['a foreign Origin', { origin: 'https://elsewhere.example' }, 403],
      ['another site', { 'sec-fetch-site': 'cross-site' }, 403],
    ];
    for (const [what, headers, status] of refused) {
      const answer = await api(server, query, headers);
      assert.equal(answer.status, status, `${name}: ${what}`);
      assert.ok(answer.json.error, `${name}: ${what} says why`);
    }
    // The page itself is not served to another name either: the key stays unread there.
    const rebound = await get(server, '/', { host: `rebind.example:${port}` });
    assert.equal(rebound.status, 403, name);
    assert.ok(!rebound.body.includes(key), name);
    // Its own page, as a browser at its origin asks.
    const own = await api(server, query, { origin: `http://127.0.0.1:${port}` });
    assert.equal(own.status, 200, `${name}: ${JSON.stringify(own.json)}`);

    for (const [query400, words] of [
      [`site=${encodeURIComponent('https://user:pw@127.0.0.1/')}`, /credentials/],
      [`site=${encodeURIComponent('ftp://127.0.0.1/robots.txt')}`, /only http/],
      [`site=${encodeURIComponent('file:///etc/passwd')}`, /only http/],
      [`${query}&path=%2Fadmin`, /unknown parameter 'path'/],
      [`${query}&url=${site('text', '/x')}`, /unknown parameter 'url'/],
      [`${query}&site=${site('html')}`, /twice/],
      ['crawler=Googlebot', /site is missing/],
      [`${query}&crawler=Nobody`, /no catalogued crawler/],
    ]) {
      const answer = await api(server, query400);
      assert.equal(answer.status, 400, `${name}: ${query400}`);
      assert.match(answer.json.error, words, `${name}: ${query400}`);
    }
    assert.equal((await get(server, '/api/other', { 'x-robots-lens-key': key })).status, 404, name);
    assert.equal((await get(server, '/', {}, 'POST')).status, 405, name);
    assert.equal((await get(server, `/api/fetch?${query}`, { 'x-robots-lens-key': key }, 'HEAD')).status, 405, `${name}: HEAD fetches nothing`);
    for (const path of ['/Cargo.toml', '/www/../Cargo.toml', '/www/%2e%2e/Cargo.toml', '/.git/config', '/tests/live/server.py']) {
      assert.equal((await get(server, path)).status, 404, `${name}: ${path}`);
    }
    const module = await get(server, '/www/app.js');
    assert.equal(module.status, 200, name);
    assert.match(module.headers['content-type'], /^text\/javascript/, name);
    assert.match(server.log.err, /refused GET \/api\/fetch: Host 'rebind\.example/, `${name} says what it refused`);
  }
});

test('both fetch the site\'s robots.txt as the crawler is served it, and answer alike', async () => {
  const cases = [
    ['text', '/admin/secret?x=1', 'GPTBot'],
    ['r2', '/', 'Googlebot'],
    ['s404', '/', ''],
    ['s429', '/', ''],
    ['s503', '/', ''],
    ['html', '/', ''],
    ['gzip', '/', ''],
    ['big', '/', ''],
    ['silent', '/', ''],
  ];
  // One fetch at a time on each (as the page asks; each server runs at most four at once), the
  // two servers side by side.
  const answers = await Promise.all(
    Object.values(servers).map(async (server) => {
      const answered = [];
      for (const [name, path, crawler] of cases) answered.push(await api(server, `site=${site(name, path)}&crawler=${crawler}`));
      return answered;
    }),
  );
  const [native, npm] = answers;
  const text = `http://127.0.0.1:${ports.text}`;
  const expected = {
    text: { status: '200', hasFile: true, path: '/admin/secret?x=1', robotsUrl: `${text}/robots.txt`, crawler: 'GPTBot' },
    r2: { status: '301>302>200', hasFile: true, finalUrl: `${text}/robots.txt` },
    s404: { status: '404', hasFile: false, body: '' },
    s429: { status: '429', hasFile: false },
    s503: { status: '503', hasFile: false },
    html: { status: 'html', hasFile: true },
    gzip: { status: '200', contentEncoding: 'gzip' },
    big: { status: '200', cut: true, size: 5_000_000 },
    silent: { status: 'unreachable', hasFile: false },
  };
  cases.forEach(([name], index) => {
    for (const [implementation, { status, json }] of [['native', native[index]], ['npm', npm[index]]]) {
      assert.equal(status, 200, `${implementation} ${name}: ${JSON.stringify(json)}`);
      for (const [field, value] of Object.entries(expected[name])) {
        assert.equal(json[field], value, `${implementation} ${name}: ${field}`);
      }
    }
    const [a, b] = [native[index].json, npm[index].json];
    assert.deepEqual(Object.keys(a).sort(), Object.keys(b).sort(), `${name}: the same fields`);
    for (const field of ['site', 'path', 'robotsUrl', 'finalUrl', 'crawler', 'status', 'hasFile', 'size', 'cut', 'body']) {
      assert.deepEqual(a[field], b[field], `${name}: ${field} alike`);
    }
    assert.deepEqual(
      a.hops.map((hop) => [hop.url, hop.status, hop.location]),
      b.hops.map((hop) => [hop.url, hop.status, hop.location]),
      `${name}: the same hops`,
    );
    assert.equal(a.failure?.kind ?? null, b.failure?.kind ?? null, `${name}: the same failure`);
  });
  // Only the site's /robots.txt was asked for, whatever the address's path.
  assert.equal(native[0].json.hops[0].url, `${text}/robots.txt`);
  const body = Buffer.from(native[0].json.body, 'base64').toString('utf8');
  assert.match(body, /^User-agent: GPTBot\nDisallow: \/\n\n/, 'the file served to GPTBot');
  assert.equal(Buffer.from(native[7].json.body, 'base64').length, 5_000_000, 'the body as served, past the cut');
  for (const server of Object.values(servers)) {
    assert.match(server.log.out, /fetched http:\/\/127\.0\.0\.1:\d+\/robots\.txt as Googlebot: 301 → 302 → 200/, server.name);
  }
});
