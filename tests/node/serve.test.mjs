// The static server the browser tests and `npm run serve` use:
// content types, 404s, no escape from the root, no dotfiles, port fallback.
//
// Run: node --test tests/node/serve.test.mjs

import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { contentTypeFor, startServer } from '../../scripts/serve.mjs';

let parent;
let root;
let server;

before(async () => {
  parent = await mkdtemp(join(tmpdir(), 'robots-lens-serve-'));
  root = join(parent, 'site');
  await mkdir(join(root, 'www', 'pkg'), { recursive: true });
  await mkdir(join(root, '.git'));
  await writeFile(join(root, 'index.html'), '<!doctype html><title>t</title>');
  await writeFile(join(root, 'www', 'app.js'), 'export {};');
  await writeFile(join(root, 'www', 'pkg', 'm_bg.wasm'), Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]));
  await writeFile(join(root, 'www', 'pkg', '.build-stamp'), 'hash');
  await writeFile(join(root, '.git', 'config'), '[core]');
  await writeFile(join(root, 'a file.txt'), 'spaced');
  await writeFile(join(parent, 'secret.txt'), 'outside the root');
  await symlink(join(parent, 'secret.txt'), join(root, 'link.txt'));
  server = await startServer({ port: 0, root });
});

after(async () => {
  await server?.close();
  await rm(parent, { recursive: true, force: true });
});

/** A raw GET, so that paths reach the server exactly as written (no URL normalising). */
function get(path, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

test('listens on 127.0.0.1 and reports its address', () => {
  assert.equal(server.url, `http://127.0.0.1:${server.port}/`);
  assert.ok(server.port > 0);
});

test('serves files with the types browsers require, uncached', async () => {
  const cases = [
    ['/', 'text/html; charset=utf-8', '<!doctype html><title>t</title>'],
    ['/index.html', 'text/html; charset=utf-8', '<!doctype html><title>t</title>'],
    ['/www/app.js', 'text/javascript; charset=utf-8', 'export {};'],
    ['/a%20file.txt', 'text/plain; charset=utf-8', 'spaced'],
    ['/www/app.js?v=2#x', 'text/javascript; charset=utf-8', 'export {};'],
  ];
  for (const [path, type, body] of cases) {
    const response = await get(path);
    assert.equal(response.status, 200, path);
    assert.equal(response.headers['content-type'], type, path);
    assert.equal(response.headers['cache-control'], 'no-cache', path);
    assert.equal(response.body, body, path);
  }
  const wasm = await get('/www/pkg/m_bg.wasm');
  assert.equal(wasm.headers['content-type'], 'application/wasm');
  assert.equal(wasm.headers['content-length'], '8');
});

test('maps every extension the page uses to its MIME type', () => {
  assert.equal(contentTypeFor('x.wasm'), 'application/wasm');
  assert.equal(contentTypeFor('x.mjs'), 'text/javascript; charset=utf-8');
  assert.equal(contentTypeFor('X.JS'), 'text/javascript; charset=utf-8');
  assert.equal(contentTypeFor('x.json'), 'application/json; charset=utf-8');
  assert.equal(contentTypeFor('x.css'), 'text/css; charset=utf-8');
  assert.equal(contentTypeFor('x.svg'), 'image/svg+xml');
  assert.equal(contentTypeFor('robots.txt'), 'text/plain; charset=utf-8');
  assert.equal(contentTypeFor('x.unknown'), 'application/octet-stream');
});

test('answers 404 for missing files, escapes from the root and dotfiles', async () => {
  const refused = [
    '/missing.html',
    '/www/',
    '/../secret.txt',
    '/www/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/..%5csecret.txt',
    '/link.txt',
    '/.git/config',
    '/www/pkg/.build-stamp',
    '/index.html%00.js',
    '/%E0%A4%A',
  ];
  for (const path of refused) {
    const response = await get(path);
    assert.equal(response.status, 404, path);
    assert.ok(!response.body.includes('outside the root'), path);
    assert.ok(!response.body.includes('[core]'), path);
  }
});

test('HEAD gives headers without a body; other methods are refused', async () => {
  const head = await get('/www/app.js', 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.headers['content-length'], '10');
  assert.equal(head.body, '');
  const post = await get('/index.html', 'POST');
  assert.equal(post.status, 405);
  assert.equal(post.headers.allow, 'GET, HEAD');
});

test('moves to the next port when the requested one is busy', async () => {
  const blocker = createServer();
  await new Promise((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const busy = blocker.address().port;
  let second;
  try {
    second = await startServer({ port: busy, root });
    assert.notEqual(second.port, busy);
    assert.ok(second.port > busy && second.port <= busy + 20);
    const response = await fetch(`${second.url}index.html`);
    assert.equal(response.status, 200);
  } finally {
    await second?.close();
    await new Promise((resolve) => blocker.close(resolve));
  }
});
