// The package's JavaScript API over the wasm engine: parse once and check many, or pass the text.
//
// This module translates and decides nothing: every answer comes from the Rust core through the
// wasm-bindgen glue (robots_lens_wasm.js). It never initialises the module itself; node.js does
// it synchronously from the file beside it, browser.js with a fetch, before either re-exports
// these functions, so no caller ever sees an engine that is not ready.

import * as engine from './robots_lens_wasm.js';
import { messageString } from './message-fill.js';
import ENGLISH from './messages.js';

/**
 * A parsed robots.txt, kept inside the engine so that many checks do not parse it again.
 * Its analysis (lines, groups, sitemaps, …) is read on first use.
 */
export class ParsedRobots {
  #file;
  #text;
  #analysis = null;

  constructor(text) {
    if (typeof text !== 'string') {
      throw new TypeError(`parse(text): text must be a string, not ${describe(text)}`);
    }
    this.#text = text;
    this.#file = new engine.RobotsFile(text);
  }

  /** The text that was parsed. */
  get text() {
    return this.#text;
  }

  #read() {
    if (this.#file === null) throw new Error('this parsed robots.txt was freed (free() was called)');
    return this.#file;
  }

  #analysed() {
    this.#analysis ??= this.#read().analysis();
    return this.#analysis;
  }

  get facts() {
    return this.#analysed().facts;
  }

  get lines() {
    return this.#analysed().lines;
  }

  get groups() {
    return this.#analysed().groups;
  }

  get orphanRules() {
    return this.#analysed().orphanRules;
  }

  get sitemaps() {
    return this.#analysed().sitemaps;
  }

  get directives() {
    return this.#analysed().directives;
  }

  // The agent and URL are read as strings, as `check(text, …)` reads them: the engine's glue
  // takes a string's length as given, and anything else (a number, null) trapped inside it.
  check(agent, url, options) {
    return withWords(this.#read().check(String(agent), String(url), options ?? {}));
  }

  isAllowed(agent, url, options) {
    // The engine answers `undefined` for a URL no crawler requests: null, as `check().allowed`.
    return this.#read().isAllowed(String(agent), String(url), options ?? {}) ?? null;
  }

  /**
   * The answers alone for each of `urls`, in order, in one call into the engine: `{ allowed,
   * reason, line, groupUsed, whyDecides }`, the first fields of each one's `check` verdict.
   */
  answers(agent, urls, options) {
    if (!Array.isArray(urls) || !urls.every((url) => typeof url === 'string')) {
      throw new TypeError(`answers: urls must be an array of strings, not ${describe(urls)}`);
    }
    return this.#read().answerMany(String(agent), urls, options ?? {});
  }

  checkMany(agent, urls, options) {
    if (!Array.isArray(urls)) {
      throw new TypeError(`checkMany: urls must be an array of strings, not ${describe(urls)}`);
    }
    // One call into the engine for the whole list, each URL read as `check` reads it.
    const strings = urls.every((url) => typeof url === 'string') ? urls : urls.map(String);
    return this.#read().checkMany(String(agent), strings, options ?? {}).map(withWords);
  }

  /**
   * What the groups that apply to `agent` (or to `options.crawler`, along its fallback chain)
   * ask besides the rules: `{ crawlDelay, crawlDelayLine, requestRate, groups }`, read by the
   * engine from the groups a check for the same question reads.
   */
  politeness(agent, options) {
    // The engine answers numbers in a fixed layout (crates/wasm/src/politeness.rs), NaN where
    // the file sets nothing, then the indices of the groups that apply.
    const [delay, delayLine, requests, seconds, rateLine, ...groups] = this.#read().politeness(
      String(agent ?? ''),
      options ?? {},
    );
    const number = (value) => (Number.isNaN(value) ? null : value);
    return {
      crawlDelay: number(delay),
      crawlDelayLine: number(delayLine),
      requestRate: Number.isNaN(requests) ? null : { requests, seconds, line: rateLine },
      groups,
    };
  }

  /** The `Crawl-delay` in seconds that applies to `agent` (or `options.crawler`), or null. */
  crawlDelay(agent, options) {
    return this.politeness(agent, options).crawlDelay;
  }

  /** The `Request-rate` (`{ requests, seconds, line }`) that applies to `agent`, or null. */
  requestRate(agent, options) {
    return this.politeness(agent, options).requestRate;
  }

  /** The host of the first `Host:` line with a value, or null: robots-parser's `getPreferredHost()`. */
  get preferredHost() {
    return this.#read().preferredHost() ?? null;
  }

  audit() {
    return this.#read()
      .audit()
      // `readers` is the page's half of a finding's consumers (bits its consumers' column
      // completes); npm's engine carries the table and names them all in `consumers`.
      .map(({ readers, ...finding }) => ({
        ...finding,
        message: english(finding.message),
        why: english(finding.why),
        fix: english(finding.fix),
        example: finding.example === null ? null : english(finding.example),
        messages: { message: finding.message, why: finding.why, fix: finding.fix, example: finding.example },
      }));
  }

  crawlers(url = '/', options) {
    return this.#read()
      .crawlerTable(url, options ?? {});
  }

  /**
   * What each consumer (Google, Search Console, Lighthouse, Yandex, Bing, RFC 9309, Python's
   * robotparser, robots-parser, Protego) does with each line, and each one's summary: the object
   * `robots-lens consumers --format json` prints, each message in English (`messageKey` keeps
   * the catalogue key and values).
   */
  consumers() {
    const table = this.#read().consumers();
    const worded = (entry) => ({ ...entry, message: english(entry.message), messageKey: entry.message });
    return {
      consumers: table.consumers,
      lines: table.lines.map(({ line, readings }) => ({
        line,
        readings: Object.fromEntries(Object.entries(readings).map(([id, reading]) => [id, worded(reading)])),
      })),
      summary: Object.fromEntries(Object.entries(table.summary).map(([id, summary]) => [id, worded(summary)])),
      lighthouse: table.lighthouse,
    };
  }

  compareProfiles(agent, url, options) {
    return this.#read()
      .compareProfiles(agent, url, options ?? {})
      .map((row) => ({
        ...row,
        why: row.why === null ? null : english(row.why),
        whyMessage: row.why,
      }));
  }

  /** Releases the engine's copy now instead of when the object is collected. */
  free() {
    this.#file?.free();
    this.#file = null;
  }
}

function describe(value) {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/**
 * The verdict with its explanation's sentences also in English (`explanation.english`). The
 * engine decides the verdict, its deciding line and its reason; this only words the messages.
 */
function withWords(verdict) {
  const { explanation } = verdict;
  // The verdicts of one file decided alike are copies of one (crates/wasm/src/batch.rs), whose
  // explanation is one object, worded already.
  if (explanation && !Object.hasOwn(explanation, 'english')) {
    // Verdicts decided alike but for their matches have equal explanations in objects of their
    // own: the words follow from the keys and values alone, so they are made once for each.
    const text = JSON.stringify(explanation);
    let words = WORDED.get(text);
    if (words === undefined) {
      const word = (message) => (message === null ? null : english(message));
      words = {
        verdict: word(explanation.verdict),
        reason: word(explanation.reason),
        decidedBy: word(explanation.decidedBy),
        group: word(explanation.group),
        agent: word(explanation.agent),
        status: word(explanation.status),
        content: word(explanation.content),
      };
      if (WORDED.size >= MAX_WORDED) WORDED.clear();
      WORDED.set(text, words);
    }
    explanation.english = { ...words };
  }
  return verdict;
}

/** Explanations worded so far, by their JSON: at most MAX_WORDED, then forgotten at once. */
const WORDED = new Map();
const MAX_WORDED = 1024;

/** Runs `work` on a parsed file: the one given, or one parsed from text and freed afterwards. */
function withParsed(robots, what, work) {
  if (robots instanceof ParsedRobots) return work(robots);
  if (typeof robots !== 'string') {
    throw new TypeError(`${what}: the robots.txt must be its text or parse(text), not ${describe(robots)}`);
  }
  const parsed = new ParsedRobots(robots);
  try {
    return work(parsed);
  } finally {
    parsed.free();
  }
}

/** Counts as `12,345`; one formatter, made once (`toLocaleString` makes one on every call). */
const ENGLISH_COUNT = new Intl.NumberFormat('en-US');

/** English, as message-fill.js asks for a language: the core's templates, counts as `12,345`. */
const ENGLISH_WORDS = Object.freeze({
  template: (key) => ENGLISH[key] ?? key,
  count: (value) => ENGLISH_COUNT.format(value),
});

/**
 * A core message `{ key, args }` in English, as the CLI writes it: the engine sends keys and
 * values; message-fill.js (the page's own filler, shipped beside this file) fills them with the
 * English templates of messages.js (written by scripts/package-npm.sh from the page's English
 * catalogue, which the core's own templates fill).
 */
function english(message) {
  return messageString(message, ENGLISH_WORDS);
}

/** Parses a robots.txt. Never fails on any text: problems are findings, not errors. */
export function parse(text) {
  return new ParsedRobots(text);
}

/** May `agent` fetch `url`? */
export function check(robots, agent, url, options) {
  if (typeof robots === 'string') {
    return withWords(engine.check(robots, String(agent), String(url), options ?? {}));
  }
  return withParsed(robots, 'check', (parsed) => parsed.check(agent, url, options));
}

/**
 * Whether `agent` may fetch `url`: `check(…).allowed`, without building the explanation. For a
 * parsed file, many calls share its compiled rules; given the text, it is parsed every call.
 */
export function isAllowed(robots, agent, url, options) {
  return withParsed(robots, 'isAllowed', (parsed) => parsed.isAllowed(agent, url, options));
}

/**
 * The answers alone (`allowed`, `reason`, `line`, `groupUsed`, `whyDecides`) of `agent` for each
 * of `urls`, in order, parsing the file once: the fast call for many URLs that need the
 * deciding line but not the explanation.
 */
export function answers(robots, agent, urls, options) {
  return withParsed(robots, 'answers', (parsed) => parsed.answers(agent, urls, options));
}

/** The verdicts of `agent` for each of `urls`, in order, parsing the file once. */
export function checkMany(robots, agent, urls, options) {
  return withParsed(robots, 'checkMany', (parsed) => parsed.checkMany(agent, urls, options));
}

/** The `Crawl-delay`, `Request-rate` and groups that apply to `agent` under `robots`. */
export function politeness(robots, agent, options) {
  return withParsed(robots, 'politeness', (parsed) => parsed.politeness(agent, options));
}

/** The audit's findings, sorted by line then severity. */
export function audit(robots) {
  return withParsed(robots, 'audit', (parsed) => parsed.audit());
}

/** What each consumer does with each line of `robots`, and each one's summary. */
export function consumers(robots) {
  return withParsed(robots, 'consumers', (parsed) => parsed.consumers());
}

/**
 * Without arguments, the catalogue of known crawlers. With a robots.txt, one row per catalogued
 * crawler: its verdict for `url` (default `/`) along its fallback chain and what the whole file
 * allows it.
 */
export function crawlers(robots, url, options) {
  if (robots === undefined) return engine.crawlerCatalogue();
  return withParsed(robots, 'crawlers', (parsed) => parsed.crawlers(url, options));
}

/** The same question asked of every profile (rfc9309, google, python, legacy-1994). */
export function compareProfiles(robots, agent, url, options) {
  return withParsed(robots, 'compareProfiles', (parsed) => parsed.compareProfiles(agent, url, options));
}

/** The crawler a user-agent string names, if it is catalogued. */
export function recogniseCrawler(userAgent) {
  return engine.recogniseCrawler(String(userAgent));
}

/** The engine's version. */
export function version() {
  return engine.version();
}

/** The default profile and agent match, and the choices with their descriptions. */
export function defaults() {
  return engine.defaults();
}

/** Reads a version of `replayLogs`' `robots`: a text, or `{ robots, from, site, label }`. */
function readVersion(version, index) {
  if (typeof version === 'string') return { label: `robots[${index}]`, text: version, from: '', site: '' };
  if (version && typeof version === 'object' && typeof version.robots === 'string') {
    const from = version.from instanceof Date ? version.from.toISOString() : String(version.from ?? '');
    const site = String(version.site ?? '');
    const label = version.label ?? `${site ? `${site}=` : ''}robots[${index}]${from ? `@${from}` : ''}`;
    return { label: String(label), text: version.robots, from, site };
  }
  throw new TypeError(`robots[${index}] must be a robots.txt (string) or { robots, from?, site?, label? }, not ${describe(version)}`);
}

const KEEP = { none: 0, disallowed: 1, all: 2 };

/**
 * Access logs replayed against the robots.txt versions in force, a chunk at a time: the core
 * reads each line (Apache/nginx combined or common, JSON lines, W3C extended), names the
 * catalogued crawler its user agent names and judges the request against the version of the
 * host's file in force at its time. `replayLogs` drives one; use this to feed bytes yourself.
 */
export class LogReplay {
  #replay;

  /**
   * `robots`: a robots.txt that always held, or a list of versions, each a robots.txt or
   * `{ robots, from, site, label }` (`from`: an RFC 3339 time or a Date, the version holds from
   * then; `site`: `https://shop.example`, that host's own file). `options`: `profile`,
   * `agentMatch` (for agents the catalogue does not know), `logFormat` (`auto`, `combined`,
   * `common`, `json`, `w3c`) and `fields` (`'agent=ua,url=req.path'`, for JSON lines).
   */
  constructor(robots, options = {}) {
    const versions = (Array.isArray(robots) ? robots : [robots]).map(readVersion);
    this.#replay = new engine.LogReplay(
      versions.map((v) => v.label),
      versions.map((v) => v.text),
      versions.map((v) => v.from),
      versions.map((v) => v.site),
      { profile: options.profile, agentMatch: options.agentMatch },
      String(options.logFormat ?? 'auto'),
      String(options.fields ?? ''),
    );
  }

  #live() {
    if (this.#replay === null) throw new Error('this log replay was freed (free() was called)');
    return this.#replay;
  }

  /** A new log starts, named `name`; returns the previous log's last requests as `keep` says. */
  startFile(name, { keep = 'none' } = {}) {
    return this.#live().startFile(String(name), keepCode(keep));
  }

  /**
   * The next bytes of the current log (a Uint8Array, or a string); returns the judged requests
   * of its complete lines that `keep` asks for: `none` (default), `disallowed` or `all`, each
   * with the keys of `robots-lens logs --format jsonl`.
   */
  feed(chunk, { keep = 'none' } = {}) {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    if (!(bytes instanceof Uint8Array)) throw new TypeError(`feed: a chunk is a Uint8Array or a string, not ${describe(chunk)}`);
    return this.#live().feed(bytes, keepCode(keep));
  }

  /** The current log ended: its last line, if it had no line end, is read. */
  finish({ keep = 'none' } = {}) {
    return this.#live().finish(keepCode(keep));
  }

  /** The summary so far: the object `robots-lens logs --format json` prints. */
  report() {
    return this.#live().report();
  }

  /** Releases the engine's memory; the replay cannot be used afterwards. */
  free() {
    this.#replay?.free();
    this.#replay = null;
  }
}

function keepCode(keep) {
  if (!Object.hasOwn(KEEP, keep)) throw new TypeError(`keep must be 'none', 'disallowed' or 'all', not ${describe(keep)}`);
  return KEEP[keep];
}

/**
 * A log's bytes as chunks: a string or a Uint8Array, an (async) iterable of them (a Node stream,
 * `file.stream()`), or `{ name, data }` naming one; gunzipped with the platform's
 * DecompressionStream when its first bytes say gzip, whatever its name.
 */
async function* logChunks(data) {
  const source = typeof data === 'string' || data instanceof Uint8Array ? [data] : data;
  if (source === null || typeof source !== 'object' || !(Symbol.asyncIterator in source || Symbol.iterator in source)) {
    throw new TypeError(`a log is a string, a Uint8Array or an iterable of them, not ${describe(data)}`);
  }
  const encoder = new TextEncoder();
  const bytes = async function* () {
    for await (const chunk of source) yield typeof chunk === 'string' ? encoder.encode(chunk) : new Uint8Array(chunk.buffer ?? chunk, chunk.byteOffset ?? 0, chunk.byteLength ?? chunk.length);
  };
  const iterator = bytes();
  const first = await iterator.next();
  if (first.done) return;
  const head = first.value;
  if (head[0] !== 0x1f || head[1] !== 0x8b) {
    yield head;
    yield* { [Symbol.asyncIterator]: () => iterator };
    return;
  }
  const gunzip = new DecompressionStream('gzip');
  const writer = gunzip.writable.getWriter();
  const pump = (async () => {
    await writer.write(head);
    for await (const chunk of { [Symbol.asyncIterator]: () => iterator }) await writer.write(chunk);
    await writer.close();
  })();
  // A failed write (a damaged gzip'd log) rejects the reads below; the pump's own rejection is
  // the same error, seen once.
  pump.catch(() => {});
  for await (const chunk of gunzip.readable) yield chunk;
  await pump;
}

async function* feedAll(replay, logs, keep) {
  const list = Array.isArray(logs) ? logs : [logs];
  for (const [index, log] of list.entries()) {
    const named = log && typeof log === 'object' && 'data' in log && !(log instanceof Uint8Array);
    const name = named ? String(log.name ?? `log[${index}]`) : `log[${index}]`;
    yield* replay.startFile(name, { keep });
    for await (const chunk of logChunks(named ? log.data : log)) yield* replay.feed(chunk, { keep });
    yield* replay.finish({ keep });
  }
}

/**
 * Replays `logs` against `robots` and resolves to the summary (the object `robots-lens logs
 * --format json` prints). Each log is a string, a Uint8Array, an (async) iterable of them
 * (`fs.createReadStream(path)`, `file.stream()`), or `{ name, data }`; gzip'd ones are
 * recognised by their first bytes. Arguments as `new LogReplay(robots, options)`.
 */
export async function replayLogs(logs, robots, options = {}) {
  const replay = new LogReplay(robots, options);
  try {
    for await (const _ of feedAll(replay, logs, 'none')) {
      // Nothing is kept: the replay sums up.
    }
    return replay.report();
  } finally {
    replay.free();
  }
}

/**
 * Every request of `logs` as judged, in log order (`keep: 'disallowed'` for only the
 * disallowed ones), with the keys of `robots-lens logs --format jsonl`. Arguments as
 * `replayLogs`.
 */
export async function* judgedRequests(logs, robots, options = {}) {
  const replay = new LogReplay(robots, options);
  try {
    yield* feedAll(replay, logs, options.keep ?? 'all');
  } finally {
    replay.free();
  }
}
