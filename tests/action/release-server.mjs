// Stands in for the release host in the Action's tests: serves the files under ROOT over HTTP on
// 127.0.0.1 (a free port, printed as the first line), answers 404 for anything else, and appends
// every requested path to ROOT/requests.log, so a test can tell what a job downloaded.
//
// Usage: node tests/action/release-server.mjs ROOT      (stopped by its parent)
// A process of its own: the runner runs steps with spawnSync, which would block a server in the
// test's own process.

import { appendFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize } from 'node:path';

const root = process.argv[2];
if (!root) throw new Error('usage: release-server.mjs ROOT');

const server = createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
  appendFileSync(join(root, 'requests.log'), `${request.method} ${path}\n`);
  const file = normalize(join(root, 'files', path));
  if (!file.startsWith(join(root, 'files')) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found\n');
    return;
  }
  response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(readFileSync(file));
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
