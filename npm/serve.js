// `npx robots-lens serve`: the page on this machine's loopback, with the fetch endpoint beside it,
// so the page can read a site's live robots.txt through the user's own Node and nothing goes to
// anyone else's server.
//
// The package's other commands are the native CLI compiled for WASI (cli.js), which has no
// sockets; this one is Node's. It answers what the native `robots-lens serve`
// (crates/cli/src/serve.rs, whose documentation explains each rule) answers, to the same
// requests, with the same JSON: the page cannot tell them apart, and tests/node/serve.test.mjs
// holds both to one list of requests. The fetch is `fetchRobots` (fetch.js), the engine decides
// what its status means.
//
//   - 127.0.0.1 and [::1] only; every request must name this server in its Host, and one with an
//     Origin must come from this server's own origin (a DNS-rebinding page is refused).
//   - GET /api/fetch?site=ADDRESS&crawler=NAME also needs `Sec-Fetch-Site: same-origin` when the
//     browser sends it and the key this server wrote into the index.html it serves, sent back in
//     X-Robots-Lens-Key. Only those two parameters, only an http(s) address without credentials,
//     only a catalogued crawler; only the site's /robots.txt is requested.
//   - The page's own files only: index.html, sw.js, www/ and tests/vectors/ of the package's page/
//     folder (or of a checkout, with --root).

import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import { COUNTED_BYTES } from './fetch.js';
// The package's Node entry: it instantiates the engine fetchRobots reads statuses with.
import { fetchRobots } from './node.js';

const DEFAULT_PORT = 8000;
const PORT_ATTEMPTS = 20;
const MAX_FETCHES = 4;
const MAX_CONNECTIONS = 64;
const MAX_URL_BYTES = 8 * 1024;
const HEAD_TIMEOUT_MS = 10_000;
const KEY_HEADER = 'x-robots-lens-key';
const LIVE_MARKER = '<meta name="robots-lens-live" content="">';
const PARAMETERS = ['site', 'crawler'];

/** The kinds of file the page loads, with the type each is served as. */
const TYPES = new Map([
  ['.html', 'text/html; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.mjs', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.json', 'application/json; charset=utf-8'],
  ['.svg', 'image/svg+xml'],
  ['.wasm', 'application/wasm'],
]);
const FOLDERS = ['www/', 'tests/vectors/'];

/** A request that is refused, with its status. */
class Refusal extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** The page's own path for a request path, or null for anything outside its files. */
export function pagePath(pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/')) return null;
  const relative = decoded === '/' ? 'index.html' : decoded.slice(1);
  const segmentsFine = relative
    .split('/')
    .every((segment) => segment !== '' && !segment.startsWith('.') && !/[\\\0:]/.test(segment));
  const inPage = relative === 'index.html' || relative === 'sw.js' || FOLDERS.some((folder) => relative.startsWith(folder));
  return segmentsFine && inPage && TYPES.has(extname(relative)) ? relative : null;
}

/** What the command line asks: `{ port, open, root, timeout }`, or a usage error. */
function parseArguments(argv) {
  const options = { port: null, open: false, root: null, timeout: undefined };
  const takesValue = { '--port': 'port', '--root': 'root', '--timeout': 'timeout' };
  for (let index = 0; index < argv.length; index += 1) {
    const [name, inline] = argv[index].startsWith('--') && argv[index].includes('=')
      ? [argv[index].slice(0, argv[index].indexOf('=')), argv[index].slice(argv[index].indexOf('=') + 1)]
      : [argv[index], undefined];
    if (name === '--open') {
      options.open = true;
    } else if (name in takesValue) {
      const value = inline ?? argv[(index += 1)];
      if (value === undefined) throw new Refusal(2, `${name} needs a value`);
      options[takesValue[name]] = value;
    } else if (name === '--ca' || name === '--connect-timeout') {
      throw new Refusal(
        2,
        `npx robots-lens serve does not take ${name}: Node fetches here (for a private CA, start it with NODE_EXTRA_CA_CERTS=ca.pem); the native build's serve takes it`,
      );
    } else if (name.startsWith('-')) {
      throw new Refusal(2, `serve does not take ${name}; see 'robots-lens serve --help'`);
    } else {
      throw new Refusal(2, `serve takes no FILE, not '${name}': the page asks for a site's robots.txt itself`);
    }
  }
  if (options.port !== null) {
    const port = Number(options.port);
    if (!/^\d+$/.test(options.port.trim()) || port > 65535) {
      throw new Refusal(2, `--port: '${options.port}' is not a port: give a number from 0 to 65535 (0: any free port)`);
    }
    options.port = port;
  }
  if (options.timeout !== undefined) {
    const seconds = Number(options.timeout);
    if (!(seconds > 0 && seconds <= 600)) {
      throw new Refusal(2, `--timeout: '${options.timeout}' is not a number of seconds more than 0 and at most 600`);
    }
    options.timeout = seconds;
  }
  return options;
}

/** The page's folder and its index.html with `key` in the live marker. */
async function loadPage(root, key) {
  const folder = await realpath(root).catch((error) => {
    throw new Refusal(2, `serve: --root ${root}: ${error.message}`);
  });
  const index = await readFile(join(folder, 'index.html'), 'utf8').catch((error) => {
    throw new Refusal(2, `serve: ${root}: no page there (${error.message}): give the folder that holds index.html`);
  });
  if (!index.includes(LIVE_MARKER)) {
    throw new Refusal(2, `serve: this index.html has no ${LIVE_MARKER} element: it is older than this robots-lens`);
  }
  const built = await stat(join(folder, 'www', 'pkg')).catch(() => null);
  if (!built?.isDirectory()) {
    throw new Refusal(2, `serve: ${root}: the page's engine is not built (no www/pkg/): run scripts/build-wasm.sh there first`);
  }
  return { folder, index: index.replace(LIVE_MARKER, `<meta name="robots-lens-live" content="${key}">`) };
}

/** Reads the endpoint's query: `{ site, crawler }`, or a refusal saying why. */
export function readQuery(search) {
  const seen = new Map();
  for (const [name, value] of new URLSearchParams(search)) {
    if (!PARAMETERS.includes(name)) {
      throw new Refusal(
        400,
        `unknown parameter '${name}': the endpoint reads site and crawler only (it fetches a site's /robots.txt and nothing else)`,
      );
    }
    if (seen.has(name)) throw new Refusal(400, `${name} is given twice`);
    seen.set(name, value);
  }
  const site = seen.get('site')?.trim() ?? '';
  if (site === '') throw new Refusal(400, 'site is missing: /api/fetch?site=https://example.com/');
  if (Buffer.byteLength(site) > MAX_URL_BYTES) {
    throw new Refusal(400, `site is ${Buffer.byteLength(site)} bytes long; an address of at most ${MAX_URL_BYTES} bytes is fetched`);
  }
  const crawler = seen.get('crawler')?.trim() || null;
  return { site, crawler };
}

/** The endpoint's JSON for a fetch of `site` (the same fields as the native endpoint's). */
function report(site, fetched) {
  const address = new URL(site);
  const last = fetched.hops.at(-1);
  return {
    site: `${address.origin}${address.pathname}${address.search}`,
    path: `${address.pathname}${address.search}`,
    robotsUrl: fetched.robotsUrl,
    finalUrl: last ? last.url : fetched.robotsUrl,
    userAgent: fetched.userAgent,
    crawler: fetched.crawler ?? null,
    hops: fetched.hops.map(({ url, status, location, loops, elapsedMs }) => ({ url, status, location, loops, elapsedMs })),
    failure: fetched.failure ? { kind: fetched.failure.kind, detail: fetched.failure.message } : null,
    status: fetched.status,
    hasFile: fetched.hasFile,
    contentType: fetched.contentType,
    contentEncoding: fetched.contentEncoding,
    size: fetched.size,
    sizeComplete: fetched.sizeComplete,
    cut: fetched.cut,
    bodyProblem: fetched.bodyProblem ?? null,
    body: fetched.hasFile ? Buffer.from(fetched.body).toString('base64') : '',
    elapsedMs: fetched.elapsedMs,
  };
}

/** Throws a refusal unless the request comes from this server's own page. */
function checkCaller(request, port, key, isApi) {
  const headers = request.headersDistinct;
  const once = (name) => {
    const values = headers[name];
    if (values && values.length > 1) throw new Refusal(400, `the request has more than one ${name} header`);
    return values?.[0];
  };
  const host = once('host');
  if (host === undefined) throw new Refusal(403, 'the request names no Host');
  const own = [`127.0.0.1:${port}`, `[::1]:${port}`, `localhost:${port}`];
  if (!own.some((authority) => authority === host.toLowerCase())) {
    throw new Refusal(
      403,
      `Host '${host}' is not this server (${own.join(', ')}): a page elsewhere that points its name at this machine is not served`,
    );
  }
  const origin = once('origin');
  if (origin !== undefined && origin.toLowerCase() !== `http://${host.toLowerCase()}`) {
    throw new Refusal(403, `Origin '${origin}' is not this server's: only its own page may ask it`);
  }
  if (!isApi) return;
  const site = once('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') {
    throw new Refusal(403, `the browser says the request comes from another site (Sec-Fetch-Site: ${site})`);
  }
  if (once(KEY_HEADER) !== key) {
    throw new Refusal(403, "the request does not carry this server's key: only the page it serves may ask");
  }
}

const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  Connection: 'close',
};

function send(response, status, type, body, head, headers = {}) {
  response.writeHead(status, { 'Content-Type': type, 'Content-Length': body.length, ...COMMON_HEADERS, ...headers });
  response.end(head ? undefined : body);
}

function sendJson(response, status, value, head) {
  send(response, status, 'application/json; charset=utf-8', Buffer.from(JSON.stringify(value)), head, {
    'Cache-Control': 'no-store',
  });
}

/** Starts the server; resolves `{ port, close() }` once it listens. */
export async function startServe({ port = null, root, timeout, log = console.log, warn = console.error } = {}) {
  const key = randomBytes(16).toString('hex');
  const page = await loadPage(root, key);
  let fetches = 0;
  let bound = 0;
  const handler = async (request, response) => {
    const head = request.method === 'HEAD';
    const url = new URL(request.url ?? '/', 'http://placeholder');
    const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
    const refuse = (refusal) => {
      if (isApi) warn(`refused ${request.method} ${url.pathname}: ${refusal.message}`);
      sendJson(response, refusal.status, { error: refusal.message, status: refusal.status }, head);
    };
    try {
      if (request.method !== 'GET' && !head) {
        response.setHeader('Allow', 'GET, HEAD');
        throw new Refusal(405, `${request.method} is not answered here: GET only`);
      }
      if (!(request.url ?? '/').startsWith('/') || (request.url ?? '').startsWith('//')) {
        throw new Refusal(400, 'the request target must be a path on this server');
      }
      checkCaller(request, bound, key, isApi);
      if (!isApi) {
        const relative = pagePath(url.pathname);
        if (relative === null) throw new Refusal(404, 'not a file of the page');
        if (relative === 'index.html') {
          send(response, 200, TYPES.get('.html'), Buffer.from(page.index), head, {
            'Cache-Control': 'no-cache',
            'Content-Security-Policy': "frame-ancestors 'none'",
          });
          return;
        }
        const file = await realpath(join(page.folder, ...relative.split('/'))).catch(() => null);
        // A symbolic link inside the root may lead out of it.
        if (file === null || !file.startsWith(page.folder + sep) || !(await stat(file)).isFile()) {
          throw new Refusal(404, 'not a file of the page');
        }
        send(response, 200, TYPES.get(extname(relative)), await readFile(file), head, { 'Cache-Control': 'no-cache' });
        return;
      }
      if (url.pathname !== '/api/fetch') throw new Refusal(404, 'the only endpoint is /api/fetch');
      if (head) {
        // A HEAD would fetch the site and throw the answer away.
        response.setHeader('Allow', 'GET');
        throw new Refusal(405, 'the endpoint answers GET only');
      }
      const asked = readQuery(url.search);
      if (fetches >= MAX_FETCHES) {
        throw new Refusal(503, `${MAX_FETCHES} fetches are already under way; try again when one ends`);
      }
      fetches += 1;
      let fetched;
      try {
        fetched = await fetchRobots(asked.site, {
          crawler: asked.crawler ?? undefined,
          timeout,
          keptBytes: COUNTED_BYTES,
        });
      } catch (error) {
        // A TypeError for an address that cannot be fetched, a RangeError for an unknown crawler.
        throw new Refusal(400, error.message);
      } finally {
        fetches -= 1;
      }
      const chain = fetched.hops.map((hop) => String(hop.status));
      if (fetched.failure) chain.push(fetched.failure.message);
      const size = fetched.hasFile ? `, ${fetched.size.toLocaleString('en-US')} bytes` : '';
      log(
        `fetched ${fetched.robotsUrl} as ${fetched.crawler ?? 'RobotsLens'}: ${chain.join(' → ')}${size} (${(fetched.elapsedMs / 1000).toFixed(2)} s)`,
      );
      sendJson(response, 200, report(asked.site, fetched), head);
    } catch (error) {
      refuse(error instanceof Refusal ? error : new Refusal(500, String(error?.message ?? error)));
    }
  };
  const servers = [];
  const listen = (host, portToTry) =>
    new Promise((resolveListen, reject) => {
      const server = createServer({ requestTimeout: HEAD_TIMEOUT_MS, headersTimeout: HEAD_TIMEOUT_MS }, handler);
      server.maxConnections = MAX_CONNECTIONS;
      server.maxHeaderSize = 16 * 1024;
      server.once('error', reject);
      server.listen(portToTry, host, () => {
        server.off('error', reject);
        resolveListen(server);
      });
    });
  const candidates = port === null ? Array.from({ length: PORT_ATTEMPTS }, (_, offset) => DEFAULT_PORT + offset) : [port];
  let lastError = null;
  for (const candidate of candidates) {
    let v4;
    try {
      v4 = await listen('127.0.0.1', candidate);
    } catch (error) {
      lastError = error;
      continue;
    }
    bound = v4.address().port;
    servers.push(v4);
    try {
      servers.push(await listen('::1', bound));
    } catch (error) {
      if (error.code === 'EADDRINUSE' && port === null) {
        await new Promise((done) => v4.close(done));
        servers.length = 0;
        lastError = error;
        continue;
      }
      // No IPv6 here (or the port was asked for and is taken there): 127.0.0.1 only.
    }
    break;
  }
  if (servers.length === 0) {
    throw new Refusal(
      2,
      port === null
        ? `serve: ports ${DEFAULT_PORT} to ${DEFAULT_PORT + PORT_ATTEMPTS - 1} are all busy (${lastError?.message}); give --port N (0: any free port)`
        : `serve: cannot listen on 127.0.0.1:${port}: ${lastError?.message}`,
    );
  }
  return {
    port: bound,
    ipv6: servers.length > 1,
    close: () =>
      Promise.all(
        servers.map(
          (server) =>
            new Promise((done) => {
              server.close(() => done());
              server.closeAllConnections();
            }),
        ),
      ),
  };
}

/** Opens `url` in the default browser; says so when it cannot. */
function openBrowser(url) {
  const [program, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/C', 'start', '', url]] : ['xdg-open', [url]];
  const child = spawn(program, args, { stdio: 'ignore', detached: true });
  child.on('error', (error) => console.error(`robots-lens: --open: cannot start ${program} (${error.message}); open ${url} yourself`));
  child.unref();
}

/** `robots-lens serve ARGS` in Node: runs until stopped; resolves the exit status on a usage error. */
export async function main(argv) {
  try {
    const options = parseArguments(argv);
    const root = options.root ?? fileURLToPath(new URL('./page/', import.meta.url));
    const started = await startServe({ port: options.port, root, timeout: options.timeout });
    const url = `http://127.0.0.1:${started.port}/`;
    const also = started.ipv6 ? ` (also http://[::1]:${started.port}/)` : '';
    const from = options.root ? `the page from ${options.root}` : "the page shipped in this package";
    console.log(`Robots Lens: ${url}${also}`);
    console.log(
      `Serving ${from} on loopback only; the page fetches a site's robots.txt through this command. Press Ctrl+C to stop.`,
    );
    if (options.open) openBrowser(url);
    return null;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    console.error(`robots-lens: ${error.message}`);
    return 2;
  }
}
