// A tiny static file server for the page, with no dependencies: the page as a static host
// (GitHub Pages) serves it, with no fetch endpoint, which is what the browser tests load.
// `npm start` runs `robots-lens serve --root .` instead, whose page can read a live robots.txt.
//
// Usage: node scripts/serve.mjs            (npm run serve; PORT=8000 by default; the next free
//                                          port is taken when it is busy)
// Import: startServer({ port, root, host }) -> { server, port, url, close() }
//         port 0 asks the system for an ephemeral port (what the tests use).
//
// Serves files under `root` (the repository root by default, so index.html and
// www/ load exactly as GitHub Pages will serve them) on 127.0.0.1 only, with the
// MIME types browsers insist on (application/wasm for streaming compilation,
// text/javascript for modules) and `Cache-Control: no-cache` so a rebuild is
// picked up on reload. Paths that escape the root (also through symlinks), any
// path segment starting with a dot (.git, stamps) and anything that is not a
// regular file get a 404.

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEFAULT_PORT = 8000;
/** How many ports after the requested one are tried when it is busy. */
const PORT_ATTEMPTS = 20;

const MIME_TYPES = new Map([
  ['.html', 'text/html; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.mjs', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.json', 'application/json; charset=utf-8'],
  ['.map', 'application/json; charset=utf-8'],
  ['.wasm', 'application/wasm'],
  ['.svg', 'image/svg+xml'],
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
  ['.gif', 'image/gif'],
  ['.webp', 'image/webp'],
  ['.ico', 'image/x-icon'],
  ['.txt', 'text/plain; charset=utf-8'],
  ['.md', 'text/plain; charset=utf-8'],
  ['.ts', 'text/plain; charset=utf-8'],
  ['.woff2', 'font/woff2'],
  ['.webmanifest', 'application/manifest+json'],
]);

/** The Content-Type for a file name; unknown types are served as bytes. */
export function contentTypeFor(path) {
  return MIME_TYPES.get(extname(path).toLowerCase()) ?? 'application/octet-stream';
}

/**
 * Maps a request path to a file under `root`, or null when it must not be
 * served (outside the root, a dotfile, malformed escapes, NUL bytes).
 */
export async function resolveRequestPath(root, requestUrl) {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(requestUrl, 'http://localhost').pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  const segments = pathname.split(/[/\\]+/).filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment.startsWith('.'))) return null;

  let candidate = resolve(root, ...segments);
  if (candidate !== root && !candidate.startsWith(root + sep)) return null;
  try {
    let info = await stat(candidate);
    if (info.isDirectory()) {
      candidate = join(candidate, 'index.html');
      info = await stat(candidate);
    }
    if (!info.isFile()) return null;
    // A symlink inside the root may still point outside it.
    const real = await realpath(candidate);
    if (real !== root && !real.startsWith(root + sep)) return null;
    return { path: candidate, size: info.size };
  } catch {
    return null;
  }
}

function sendText(response, status, text, extraHeaders = {}) {
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-cache',
    ...extraHeaders,
  });
  response.end(text);
}

async function handleRequest(root, request, response) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    sendText(response, 405, 'Method Not Allowed\n', { Allow: 'GET, HEAD' });
    return;
  }
  const file = await resolveRequestPath(root, request.url ?? '/');
  if (file === null) {
    sendText(response, 404, 'Not Found\n');
    return;
  }
  response.writeHead(200, {
    'Content-Type': contentTypeFor(file.path),
    'Content-Length': file.size,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  const stream = createReadStream(file.path);
  stream.on('error', () => response.destroy());
  stream.pipe(response);
}

function listen(server, port, host) {
  return new Promise((resolvePromise, reject) => {
    const onError = (error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolvePromise(server.address().port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Starts the server. With a busy `port`, tries the next ones (unless port is 0).
 * Resolves to { server, port, url, close }; close() also ends open connections.
 */
export async function startServer({ port = DEFAULT_PORT, root = REPO_ROOT, host = '127.0.0.1' } = {}) {
  const absoluteRoot = await realpath(resolve(root));
  const server = createServer((request, response) => {
    handleRequest(absoluteRoot, request, response).catch((error) => {
      if (!response.headersSent) sendText(response, 500, `Internal Server Error: ${error.message}\n`);
      else response.destroy();
    });
  });
  const attempts = port === 0 ? 1 : Math.min(PORT_ATTEMPTS, 65536 - port);
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      const bound = await listen(server, port + attempt, host);
      return {
        server,
        port: bound,
        url: `http://${host}:${bound}/`,
        close: () =>
          new Promise((resolveClose) => {
            server.close(() => resolveClose());
            server.closeAllConnections();
          }),
      };
    } catch (error) {
      if (error.code !== 'EADDRINUSE' || attempt === attempts - 1) throw error;
    }
  }
  throw new Error('unreachable');
}

function parsePort(text) {
  if (text === undefined || text === '') return DEFAULT_PORT;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`ERROR: PORT must be a number from 0 to 65535, got '${text}'`);
    process.exit(2);
  }
  return port;
}

async function main() {
  const requested = parsePort(process.env.PORT);
  let started;
  try {
    started = await startServer({ port: requested });
  } catch (error) {
    console.error(`ERROR: cannot listen on 127.0.0.1:${requested}: ${error.message}`);
    process.exit(1);
  }
  if (requested !== 0 && started.port !== requested) {
    console.log(`Port ${requested} is busy; using ${started.port}.`);
  }
  console.log(`Robots Lens: ${started.url}`);
  console.log('Press Ctrl+C to stop.');
  const stop = () => started.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await main();
}
