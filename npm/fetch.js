// fetchRobots(url): a site's robots.txt fetched the way crawlers do, in Node.js only (node.js
// exports it; the browser build has no such function, and the page never fetches anything).
//
// The same rules as `robots-lens fetch` (crates/fetch): `scheme://host[:port]/robots.txt` of any
// URL on the site, http and https only, no credentials, one GET a hop with redirects followed
// here and recorded up to five (RFC 9309 §2.3.1.2; one more is "too many"), no retries, a total
// timeout, and at most 500 KiB and one byte of the decoded body kept (the platform fetch decodes
// gzip, deflate and br as it streams; counting stops at 32 MiB, so an endless body or a
// decompression bomb ends quickly). What the status does to a verdict is the engine's: the
// result's `status` is the core's form of it (`301>200`, `404`, `html`, `timeout`, `3xx*6`),
// which `check(…, { status })` applies, and its class and effect come from the engine too.

import * as engine from './robots_lens_wasm.js';
import { audit, check, parse } from './api.js';

/** The decoded bytes kept: the 500 KiB crawlers read and one more, which marks a cut. */
export const KEPT_BYTES = 500 * 1024 + 1;
/** The decoded bytes counted before the rest is not even read. */
export const COUNTED_BYTES = 32 * 1024 * 1024;
/** How many redirects are followed (RFC 9309 §2.3.1.2). */
export const MAX_REDIRECTS = 5;
/** The default total timeout, in seconds. */
export const DEFAULT_TIMEOUT = 30;
/** The user agent sent when no crawler is named (made when first needed: this module is
 * evaluated before node.js initialises the engine). */
export function defaultUserAgent() {
  return `RobotsLens/${engine.version()} (robots.txt checker; +https://github.com/robots-lens/robots-lens)`;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The robots.txt URL of `url`'s site, or a TypeError saying why it cannot be fetched. */
function robotsUrlOf(url) {
  let parsed;
  try {
    parsed = new URL(String(url));
  } catch {
    throw new TypeError(`cannot fetch from '${url}': give a URL with its scheme: https://example.com`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypeError(`cannot fetch from '${url}': only http:// and https:// are fetched`);
  }
  if (parsed.username || parsed.password) {
    throw new TypeError(
      `cannot fetch from '${url}': credentials in the URL are not sent: robots.txt is fetched as a crawler does, without authentication`,
    );
  }
  return `${parsed.origin}/robots.txt`;
}

/** The user agent string a catalogued crawler sends (its token when none is documented). */
function userAgentOf(name) {
  const crawler = engine.crawlerFetch(String(name));
  if (crawler === undefined) throw new RangeError(`no catalogued crawler is called '${name}'`);
  return { crawler, userAgent: crawler.userAgent };
}

/** What a thrown fetch error means: timeout, host-not-found, tls or connection-failed. */
function failureOf(error, timedOut) {
  if (timedOut || error?.name === 'TimeoutError' || error?.name === 'AbortError') {
    return { kind: 'timeout', message: 'timed out' };
  }
  const cause = error?.cause ?? error;
  const code = String(cause?.code ?? '');
  const message = String(cause?.message ?? error);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { kind: 'host-not-found', message: 'the host name does not resolve' };
  if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/i.test(code) || /certificate|TLS|SSL/i.test(message)) {
    return { kind: 'tls', message: `TLS failed: ${message}` };
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return { kind: 'timeout', message: 'timed out' };
  return { kind: 'connection-failed', message: `the connection failed: ${message}` };
}

/**
 * Reads `response`'s body: at most `keep` bytes kept, the rest counted up to COUNTED_BYTES.
 * Resolves { body, size, complete, error }.
 */
async function readBody(response, keep) {
  const chunks = [];
  let keptLength = 0;
  let size = 0;
  const kept = () => {
    const body = new Uint8Array(keptLength);
    let at = 0;
    for (const chunk of chunks) {
      body.set(chunk, at);
      at += chunk.length;
    }
    return body;
  };
  const reader = response.body?.getReader();
  if (!reader) return { body: new Uint8Array(0), size: 0, complete: true, error: null };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { body: kept(), size, complete: true, error: null };
      const room = Math.min(keep - keptLength, value.length);
      if (room > 0) {
        chunks.push(value.slice(0, room));
        keptLength += room;
      }
      size += value.length;
      if (size >= COUNTED_BYTES) {
        await reader.cancel().catch(() => {});
        return { body: kept(), size: COUNTED_BYTES, complete: false, error: null };
      }
    }
  } catch (error) {
    return { body: kept(), size, complete: false, error };
  }
}

/**
 * Fetches the robots.txt of `url`'s site as crawlers do.
 *
 * Options: `crawler` (a catalogued name: its documented user agent is sent), `userAgent`,
 * `timeout` (seconds, default 30, for the whole fetch) and `keptBytes` (how much of the decoded
 * body to keep: KEPT_BYTES by default, up to COUNTED_BYTES for the body as served past the cut).
 * For a private CA, start Node with NODE_EXTRA_CA_CERTS=ca.pem. Never rejects for what the site
 * does (a 404, a timeout: see `status` and `failure`); throws a TypeError for a URL that cannot
 * be fetched.
 */
export async function fetchRobots(url, options = {}) {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const robotsUrl = robotsUrlOf(url);
  const named = options.crawler === undefined ? null : userAgentOf(options.crawler);
  const userAgent = options.userAgent ?? named?.userAgent ?? defaultUserAgent();
  const seconds = options.timeout ?? DEFAULT_TIMEOUT;
  if (!(seconds > 0 && seconds <= 600)) {
    throw new RangeError(`timeout must be a number of seconds more than 0 and at most 600, not ${seconds}`);
  }
  const keep = Math.min(Math.max(options.keptBytes ?? KEPT_BYTES, KEPT_BYTES), COUNTED_BYTES);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, seconds * 1000);
  const result = {
    robotsUrl,
    userAgent,
    crawler: named?.crawler.name ?? null,
    hops: [],
    failure: null,
    status: 'unreachable',
    contentType: null,
    contentEncoding: null,
    body: new Uint8Array(0),
    size: 0,
    sizeComplete: false,
    cut: false,
    hasFile: false,
    bodyProblem: null,
  };
  try {
    let target = robotsUrl;
    for (let redirects = 0; ; ) {
      let response;
      try {
        response = await fetch(target, {
          redirect: 'manual',
          headers: { 'user-agent': userAgent, accept: 'text/plain, */*', 'accept-encoding': 'gzip, deflate, br' },
          credentials: 'omit',
          signal: controller.signal,
        });
      } catch (error) {
        result.failure = failureOf(error, timedOut);
        result.status = chain(result.hops, 'unreachable');
        break;
      }
      const status = response.status;
      if (REDIRECTS.has(status)) {
        await response.body?.cancel().catch(() => {});
        const location = response.headers.get('location');
        let next = null;
        try {
          next = location === null ? null : new URL(location, target).href;
        } catch {
          next = null;
        }
        const loops = next !== null && (next === robotsUrl || result.hops.some((hop) => hop.url === next));
        result.hops.push({ url: target, status, location: next, loops, elapsedMs: elapsed() });
        if (next === null || !/^https?:$/.test(new URL(next).protocol)) {
          result.failure = {
            kind: 'bad-redirect',
            message: location === null ? `the ${status} has no Location header` : `its Location '${location}' cannot be followed`,
          };
          result.status = '3xx*6';
          break;
        }
        if (redirects === MAX_REDIRECTS) {
          result.status = '3xx*6';
          break;
        }
        redirects += 1;
        target = next;
        continue;
      }
      result.hops.push({ url: target, status, location: null, loops: false, elapsedMs: elapsed() });
      result.contentType = response.headers.get('content-type');
      result.contentEncoding = response.headers.get('content-encoding');
      if (status < 200 || status > 299) {
        await response.body?.cancel().catch(() => {});
        result.status = chain(result.hops, status < 600 && status >= 400 ? String(status) : 'unreachable');
        break;
      }
      const read = await readBody(response, keep);
      if (read.error && read.body.length < KEPT_BYTES) {
        // The part crawlers read never arrived: no file was had.
        result.failure = failureOf(read.error, timedOut);
        result.status = chain(result.hops, 'unreachable');
        break;
      }
      Object.assign(result, { body: read.body, size: read.size, sizeComplete: read.complete, hasFile: true });
      if (read.error) {
        // Past the part crawlers read: the file is whole, its size is not.
        result.bodyProblem = { kind: 'count-stopped', detail: failureOf(read.error, timedOut).message };
      }
      result.cut = read.size > KEPT_BYTES - 1;
      const text = new TextDecoder('utf-8').decode(read.body);
      // An HTML page instead of a robots.txt, as the audit reads it (RL101).
      const html = audit(text).some((finding) => finding.code === 'RL101');
      result.status = chain(result.hops, html ? 'html' : String(status));
      break;
    }
  } finally {
    clearTimeout(timer);
    result.elapsedMs = elapsed();
  }
  const handling = engine.statusHandling(result.status, 'rfc9309');
  result.statusClass = handling.class;
  result.rfc9309Effect = handling.effect;
  result.text = new TextDecoder('utf-8').decode(result.body);
  result.robots = parse(result.text);
  const status = result.status;
  /** May `agent` fetch `checked`, with the served status applied (the engine applies it)? */
  result.check = (agent, checked, checkOptions = {}) =>
    check(result.robots, agent, checked, { ...checkOptions, status });
  return result;
}

/** The core's form of the status: each redirect's code, then the final answer (`301>302>200`). */
function chain(hops, last) {
  const redirects = hops.filter((hop) => REDIRECTS.has(hop.status)).map((hop) => String(hop.status));
  return [...redirects, last].join('>');
}
