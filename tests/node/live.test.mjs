// fetchRobots (npm/fetch.js, Node only) against tests/live/server.py on 127.0.0.1: for every way
// a site can serve its robots.txt, the status chain, the status the engine reads and the verdict
// with it applied. The package's Node entry is staged from npm/ and the audit wasm package
// (www/pkg/audit/, as scripts/package-npm.sh stages it), so run after scripts/build-wasm.sh.
//
// Run: node --test tests/node/live.test.mjs

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';

import { stageNodePackage } from './npm-stage.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ROBOTS = 'User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /cart/\n';
const FAST = { timeout: 3 };

let server;
let announced;
let stage;
let api;

before(async () => {
  stage = stageNodePackage();
  api = await import(join(stage.dir, 'node.js'));
  server = spawn('python3', [join(ROOT, 'tests/live/server.py')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: server.stdout });
  announced = JSON.parse(await new Promise((resolve) => lines.once('line', resolve)));
});

after(() => {
  server?.stdin.end();
  setTimeout(() => server?.kill(), 3000).unref();
  stage?.close();
});

function site(name, path = '/') {
  const scheme = name === 'https' ? 'https' : 'http';
  return `${scheme}://127.0.0.1:${announced.ports[name]}${path}`;
}

const statuses = (fetched) => fetched.hops.map((hop) => hop.status);

test('a plain file is fetched, parsed and checked with its status', async () => {
  const fetched = await api.fetchRobots(site('text', '/cart/x'), { crawler: 'Googlebot', ...FAST });
  assert.equal(fetched.robotsUrl, site('text', '/robots.txt'));
  assert.deepEqual(statuses(fetched), [200]);
  assert.equal(fetched.status, '200');
  assert.equal(fetched.statusClass, 'success');
  assert.equal(fetched.rfc9309Effect, 'parse-file');
  assert.equal(fetched.text, ROBOTS);
  assert.match(fetched.userAgent, /^Mozilla\/5\.0 \(compatible; Googlebot\/2\.1/);
  const verdict = fetched.check('Googlebot', '/cart/x');
  assert.equal(verdict.allowed, false);
  assert.equal(verdict.line, 5);
});

test('redirects are followed hop by hop, five at most', async () => {
  const codes = [301, 302, 307, 308, 301, 302];
  for (let hops = 1; hops <= 5; hops += 1) {
    const fetched = await api.fetchRobots(site(`r${hops}`), FAST);
    assert.deepEqual(statuses(fetched), [...codes.slice(0, hops), 200], `${hops}`);
    assert.equal(fetched.hops[hops - 1].location, site('text', '/robots.txt'));
    // Each redirect's own code, as the native fetch writes it (Fetched::status_argument).
    assert.equal(fetched.status, [...codes.slice(0, hops), 200].join('>'));
    assert.ok(fetched.hops.every((hop, index) => index === 0 || hop.elapsedMs >= fetched.hops[index - 1].elapsedMs));
    assert.equal(fetched.text, ROBOTS);
  }
  const six = await api.fetchRobots(site('r6'), FAST);
  assert.deepEqual(statuses(six), codes);
  assert.equal(six.statusClass, 'too-many-redirects');
  assert.equal(six.rfc9309Effect, 'allow-all');
  assert.equal(six.check('Bot', '/private/x').allowed, true);
  const looping = await api.fetchRobots(site('loop'), FAST);
  assert.equal(looping.statusClass, 'too-many-redirects');
  assert.equal(looping.hops[1].loops, true);
  const cross = await api.fetchRobots(site('cross'), FAST);
  assert.equal(cross.hops[0].location, `http://localhost:${announced.ports.text}/robots.txt`);
  assert.equal(cross.text, ROBOTS);
});

test('error statuses are read by the engine, per operator', async () => {
  for (const [name, effect, googlebotAllowed] of [
    ['s403', 'allow-all', true],
    ['s404', 'allow-all', true],
    ['s410', 'allow-all', true],
    ['s429', 'allow-all', false],
    ['s500', 'disallow-all', false],
    ['s503', 'disallow-all', false],
  ]) {
    const fetched = await api.fetchRobots(site(name), FAST);
    assert.deepEqual(statuses(fetched), [Number(name.slice(1))], name);
    assert.equal(fetched.rfc9309Effect, effect, name);
    assert.equal(fetched.hasFile, false, name);
    assert.equal(fetched.body.length, 0, name);
    const verdict = fetched.check('Googlebot', '/private/x', { crawler: 'Googlebot' });
    assert.equal(verdict.allowed, googlebotAllowed, name);
  }
});

test('bodies are decoded, cut at 500 KiB and counted', async () => {
  for (const name of ['gzip', 'deflate']) {
    const fetched = await api.fetchRobots(site(name), FAST);
    assert.equal(fetched.text, ROBOTS, name);
    assert.equal(fetched.contentEncoding, name);
  }
  // A longer timeout: 5 MB must be read to its end to be counted, on a loaded machine too.
  const big = await api.fetchRobots(site('big'), { timeout: 20 });
  assert.equal(big.body.length, 512_001);
  assert.equal(big.size, 5_000_000);
  assert.equal(big.cut, true);
  const whole = await api.fetchRobots(site('big'), { timeout: 20, keptBytes: 32 * 1024 * 1024 });
  assert.equal(whole.body.length, 5_000_000, 'keptBytes keeps the body as served, past the cut');
  assert.equal(whole.cut, true);
  const bomb = await api.fetchRobots(site('bomb'), FAST);
  assert.equal(bomb.body.length, 512_001);
  assert.equal(bomb.sizeComplete, false);
  const html = await api.fetchRobots(site('html'), FAST);
  assert.equal(html.status, 'html');
  assert.equal(html.statusClass, 'html-page');
  const bom = await api.fetchRobots(site('bom'), FAST);
  assert.deepEqual([...bom.body.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  const latin1 = await api.fetchRobots(site('latin1'), FAST);
  assert.equal(latin1.body.at(-3), 0xe9);
  const wrong = await api.fetchRobots(site('wrong-type'), FAST);
  assert.equal(wrong.contentType, 'application/octet-stream');
  assert.equal(wrong.text, ROBOTS);
});

test('no answer disallows everything, within the timeout', async () => {
  for (const name of ['silent', 'endless']) {
    const started = Date.now();
    const fetched = await api.fetchRobots(site(name), FAST);
    assert.ok(Date.now() - started < 15_000, name);
    assert.equal(fetched.failure?.kind, 'timeout', name);
    assert.equal(fetched.statusClass, 'unreachable', name);
    const verdict = fetched.check('Bot', '/');
    assert.equal(verdict.allowed, false, name);
    assert.equal(verdict.reason, 'file-unreachable', name);
  }
});

test('https needs the CA: refused without it, read with NODE_EXTRA_CA_CERTS', async () => {
  const untrusted = await api.fetchRobots(site('https'), FAST);
  assert.equal(untrusted.failure?.kind, 'tls');
  const script = `const { fetchRobots } = await import(${JSON.stringify(join(stage.dir, 'node.js'))});
    const fetched = await fetchRobots(${JSON.stringify(site('https'))}, { timeout: 3 });
    console.log(JSON.stringify({ status: fetched.status, text: fetched.text }));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: announced.ca },
    encoding: 'utf8',
  });
  assert.deepEqual(JSON.parse(output), { status: '200', text: ROBOTS });
});

test('what cannot be fetched is refused before any request', async () => {
  await assert.rejects(api.fetchRobots('ftp://example.com/'), /only http/);
  await assert.rejects(api.fetchRobots('example.com'), /with its scheme/);
  await assert.rejects(api.fetchRobots('https://user:pw@example.com/'), /credentials/);
});
