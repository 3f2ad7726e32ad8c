//# allFunctionsCalledOnLoad
/**
 * The work: the text and the check a visitor works on, the ways they reach the editor and how
 * they are kept. Four parts, each with its own section below:
 *
 * - saved work (`SavedWork`): each tab's draft in local storage, restored on the next visit;
 * - share links (`encodeShare`, `decodeShare`, `isShare`): the text and the check in the URL's
 *   fragment;
 * - opened files (`decodeBytes`, `describeLines`, `bytesToBase64`, `base64ToBytes`): a file's
 *   bytes turned into the editor's text, and kept as they are;
 * - examples (`EXAMPLES`, `exampleById`): files to start from, each with a check worth trying;
 * - the crawler the check runs as (`CrawlerChoice`), restored with the rest of the check.
 *
 * They share one module because the first verdict needs them all (the restored draft, the link
 * it was opened from, the example a first visit starts on, the crawler they chose), and over
 * HTTP/1.1 every module the first verdict waits for is one more request before it (issue 17).
 */

import { formatBytes, t } from '../text/i18n.js';

// -------------------------------------------------------------------------------------------
// Saved work
//
// What the page keeps between visits, per tab, and how it forgets on request.
//
// Each tab saves its work (the text and the check) as a draft of its own in local storage,
// under an id kept in the tab's session storage, so a reload finds the tab's own text and two
// tabs never overwrite each other: a new tab starts from the newest draft of any tab, and a tab
// whose draft is older than another tab's is offered that text, never given it. The drafts of
// the few most recent tabs are kept; older ones are dropped. A save that fails leaves a small
// marker, so the next visit can say that the text it shows is older than the one that was lost.
// `clear` removes everything the page stored.
//
// A duplicated tab starts with a copy of the original's session storage, so with its id: each
// tab says its id on a BroadcastChannel when it starts, and a tab that already holds that id
// answers; the newcomer then takes an id of its own (`onRenew`), keeping the text it started
// from, so the copy and the original never write each other's draft.
//
//     const saved = new SavedWork();
//     const { draft, newer, stale } = saved.restore();
//     saved.save({ text, check });             // false when the browser refused it
//     saved.onOtherTab((draft) => offer(draft));
//
// The storages are passed in, so tests/node/saved-work.test.mjs runs it on plain objects.

/** Every key the page writes starts with this; `clear` removes them all. */
export const STORAGE_PREFIX = 'robots-lens:';
const DRAFT_PREFIX = `${STORAGE_PREFIX}draft:`;
const UNSAVED_PREFIX = `${STORAGE_PREFIX}unsaved:`;
const TAB_KEY = `${STORAGE_PREFIX}tab`;
const PREVIOUS_KEY = `${STORAGE_PREFIX}previous`;
/** What the page saved before drafts were per tab: read once, dropped on the first save. */
const LEGACY = { text: `${STORAGE_PREFIX}text`, check: `${STORAGE_PREFIX}check` };
/** Drafts kept: this tab's and those of the most recent other tabs. */
export const MAX_DRAFTS = 4;
/**
 * The longest draft written, in characters (its text and an opened file's base64 together):
 * 2,500,000, which is the 5 MB that Safari and Firefox give an origin's local storage once a
 * character is counted as the two bytes it takes there (Chrome gives twice that). A longer one
 * is never written: serialising and storing a 10 MB text took some 100 ms of the page's main
 * thread, only for the browser to refuse it. It stays in the editor; the page says it is not kept.
 */
export const MAX_DRAFT_LENGTH = 2_500_000;

/** Whether a draft of `text` (and `bytes`, an opened file's base64) is short enough to save. */
export function draftFits({ text, bytes }) {
  return text.length + (typeof bytes === 'string' ? bytes.length : 0) <= MAX_DRAFT_LENGTH;
}

export class SavedWork {
  #local;
  #session;
  #now;
  #tab;

  #channel;
  #renewed = [];

  /**
   * `channel` is a BroadcastChannel-like object (`postMessage`, `onmessage`) shared by the
   * page's tabs, or null; tests pass their own.
   */
  constructor({
    local = storageOrNull('localStorage'),
    session = storageOrNull('sessionStorage'),
    now = Date.now,
    channel = openChannel(),
  } = {}) {
    this.#local = local;
    this.#session = session;
    this.#now = now;
    this.#tab = readStored(session, TAB_KEY) ?? newTabId();
    writeStored(session, TAB_KEY, this.#tab);
    this.#channel = channel;
    if (channel !== null) {
      channel.onmessage = ({ data }) => this.#hear(data);
      channel.postMessage({ type: 'hello', tab: this.#tab });
    }
  }

  /**
   * Calls `listener(oldId, newId)` when this tab turns out to be a copy of another (a duplicated
   * tab) and takes an id of its own; the page then saves its work under the new id.
   */
  onRenew(listener) {
    this.#renewed.push(listener);
  }

  /** Another tab's word on the channel: its id as it starts, or that it holds ours. */
  #hear(message) {
    if (message === null || typeof message !== 'object' || message.tab !== this.#tab) return;
    if (message.type === 'hello') {
      // A tab that started with our id is a copy of this one: tell it.
      this.#channel.postMessage({ type: 'taken', tab: this.#tab });
    } else if (message.type === 'taken') {
      const old = this.#tab;
      this.#tab = newTabId();
      writeStored(this.#session, TAB_KEY, this.#tab);
      this.#channel.postMessage({ type: 'hello', tab: this.#tab });
      for (const listener of this.#renewed) listener(old, this.#tab);
    }
  }

  /** This tab's id. */
  get tab() {
    return this.#tab;
  }

  /**
   * What to start from: `draft` (this tab's own, else the newest of any tab, else what an older
   * version saved; null when nothing is saved), `newer` (another tab's draft that is newer than
   * this tab's own and holds another text, to offer) and `stale` (`{ at, length, tooLarge }` of
   * a newer text that could not be saved, when the draft shown is older than it; `tooLarge` when
   * it was longer than MAX_DRAFT_LENGTH).
   */
  restore() {
    const drafts = this.#drafts();
    const own = drafts.find((draft) => draft.tab === this.#tab) ?? null;
    const draft = own ?? drafts[0] ?? this.#legacy();
    const newer =
      own === null
        ? null
        : (drafts.find((other) => other.tab !== this.#tab && other.at > own.at && other.text !== own.text) ?? null);
    let stale = null;
    if (draft !== null) {
      const key = UNSAVED_PREFIX + draft.tab;
      const marker = parseStored(readStored(this.#local, key)) ?? parseStored(readStored(this.#session, key));
      if (marker !== null && marker.at > draft.at) {
        stale = { at: marker.at, length: marker.length, tooLarge: marker.tooLarge === true };
      }
    }
    return { draft, newer, stale };
  }

  /**
   * Saves `{ text, check, bytes }` as this tab's draft (`bytes`, optional: the base64 of an
   * opened file's own bytes, which the engine reads while the text is unedited) and drops the
   * drafts of all but the most recent other tabs; when the draft is longer than
   * MAX_DRAFT_LENGTH (see `draftFits`) or the browser refuses it (storage full or off), leaves a
   * marker of what was not saved and returns false.
   */
  save({ text, check, bytes }) {
    const at = this.#now();
    const fits = draftFits({ text, bytes });
    const key = DRAFT_PREFIX + this.#tab;
    // Another tab's draft is its work: it is never dropped to make room for this one.
    const saved =
      fits &&
      writeStored(
        this.#local,
        key,
        JSON.stringify({ tab: this.#tab, at, text, check, ...(typeof bytes === 'string' ? { bytes } : {}) }),
      );
    const marker = UNSAVED_PREFIX + this.#tab;
    if (saved) {
      removeStored(this.#local, marker);
      removeStored(this.#session, marker);
      removeStored(this.#local, LEGACY.text);
      removeStored(this.#local, LEGACY.check);
      this.#prune();
    } else {
      // A full local storage may refuse even this; the tab's session storage has its own quota.
      const lost = JSON.stringify({ at, length: text.length, ...(fits ? {} : { tooLarge: true }) });
      if (!writeStored(this.#local, marker, lost)) writeStored(this.#session, marker, lost);
    }
    return saved;
  }

  /**
   * The text a load replaced, kept so that it can be restored; false when it could not be (one
   * longer than MAX_DRAFT_LENGTH is not tried, and an older one is not left to be offered).
   */
  savePrevious(text) {
    if (!draftFits({ text })) {
      removeStored(this.#local, PREVIOUS_KEY);
      return false;
    }
    return writeStored(this.#local, PREVIOUS_KEY, text);
  }

  previous() {
    return readStored(this.#local, PREVIOUS_KEY);
  }

  /** Calls `listener(draft)` whenever another tab saves a draft. */
  onOtherTab(listener) {
    globalThis.addEventListener?.('storage', (event) => {
      if (!event.key?.startsWith(DRAFT_PREFIX) || event.newValue === null) return;
      const draft = parseStored(event.newValue);
      if (draft !== null && draft.tab !== this.#tab) listener(draft);
    });
  }

  /** Removes everything the page stored in this browser, in every tab's name. */
  clear() {
    for (const storage of [this.#local, this.#session]) {
      for (const key of storedKeys(storage)) if (key.startsWith(STORAGE_PREFIX)) removeStored(storage, key);
    }
    // The tab keeps its id, so its next save is still its own.
    writeStored(this.#session, TAB_KEY, this.#tab);
  }

  /** Every draft, newest first. */
  #drafts() {
    return storedKeys(this.#local)
      .filter((key) => key.startsWith(DRAFT_PREFIX))
      .map((key) => parseStored(readStored(this.#local, key)))
      .filter((draft) => draft !== null && typeof draft.text === 'string' && Number.isFinite(draft.at))
      .sort((a, b) => b.at - a.at);
  }

  #prune() {
    const others = this.#drafts().filter((draft) => draft.tab !== this.#tab);
    for (const old of others.slice(MAX_DRAFTS - 1)) {
      removeStored(this.#local, DRAFT_PREFIX + old.tab);
      removeStored(this.#local, UNSAVED_PREFIX + old.tab);
    }
  }

  #legacy() {
    const text = readStored(this.#local, LEGACY.text);
    if (text === null) return null;
    return { tab: null, at: 0, text, check: parseStored(readStored(this.#local, LEGACY.check)) ?? {} };
  }
}

function openChannel() {
  try {
    // Only a page has tabs; elsewhere (Node's tests) a channel would only keep the process alive.
    const inPage = typeof document !== 'undefined' && typeof BroadcastChannel === 'function';
    return inPage ? new BroadcastChannel(`${STORAGE_PREFIX}tabs`) : null;
  } catch {
    return null; // Opaque origins may refuse it: duplicates then share an id, as before.
  }
}

function storageOrNull(name) {
  try {
    return globalThis[name] ?? null;
  } catch {
    return null; // Storage disabled: nothing is kept.
  }
}

function newTabId() {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function parseStored(value) {
  if (value === null || value === undefined) return null;
  try {
    const parsed = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

function storedKeys(storage) {
  const found = [];
  try {
    for (let index = 0; index < storage.length; index += 1) found.push(storage.key(index));
  } catch {
    // No storage: no keys.
  }
  return found.filter((key) => key !== null);
}

function readStored(storage, key) {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeStored(storage, key, value) {
  try {
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

function removeStored(storage, key) {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to remove from.
  }
}

// -------------------------------------------------------------------------------------------
// Share links
//
// Permalinks: the text and the check, compressed into the URL's fragment.
//
// The fragment never reaches a server, so a link shares a file without uploading it. The state
// is JSON, compressed with the browser's own deflate (CompressionStream) and written in
// base64url: `#share=<data>`. Only small files fit; `encodeShare` says when one does not.
//
// A link is untrusted input: a few kilobytes of deflate can unpack to gigabytes. `decodeShare`
// reads at most MAX_LINK_LENGTH characters and unpacks at most MAX_UNPACKED_BYTES, stopping the
// stream as soon as it passes them, and says which limit a link broke, with its size.

const SHARE_PREFIX = 'share=';
/** Longest fragment we hand out: long links break in chat and mail clients. */
export const MAX_FRAGMENT_LENGTH = 24_000;
const MAX_COMPRESSION_RATIO = 20;
/** The longest link `decodeShare` reads: four times what `encodeShare` makes. */
export const MAX_LINK_LENGTH = 4 * MAX_FRAGMENT_LENGTH;
/**
 * The most a link may unpack to: above the largest state `encodeShare` packs (its JSON, at most
 * MAX_FRAGMENT_LENGTH × MAX_COMPRESSION_RATIO characters of up to three bytes each).
 */
export const MAX_UNPACKED_BYTES = 3 * MAX_FRAGMENT_LENGTH * MAX_COMPRESSION_RATIO;

/** A link that breaks a limit or cannot be read: its message is written for the page. */
export class ShareError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ShareError';
  }
}

/**
 * `state` (`{ text, agent, url, agentMatch, profile, crawler, status, expectations }`) as a fragment without the `#`, or null
 * when it would be longer than MAX_FRAGMENT_LENGTH.
 */
export async function encodeShare(state) {
  const json = JSON.stringify({ v: 1, ...state });
  // Deflate seldom shrinks text by more than this, so do not compress a file just to refuse it.
  if (json.length > MAX_FRAGMENT_LENGTH * MAX_COMPRESSION_RATIO) return null;
  const packed = await transform(new TextEncoder().encode(json), new CompressionStream('deflate-raw'));
  const fragment = SHARE_PREFIX + toBase64Url(packed);
  return fragment.length <= MAX_FRAGMENT_LENGTH ? fragment : null;
}

/** Whether `hash` (location.hash) carries a shared state. */
export function isShare(hash) {
  return hash.replace(/^#/, '').startsWith(SHARE_PREFIX);
}

/** The state in `hash`; throws a ShareError with a readable message when it cannot be read. */
export async function decodeShare(hash) {
  const data = hash.replace(/^#/, '').slice(SHARE_PREFIX.length);
  if (data.length > MAX_LINK_LENGTH) {
    throw new ShareError(
      t('share.too-long', { size: formatBytes(data.length), limit: formatBytes(MAX_LINK_LENGTH) }),
    );
  }
  let packed;
  try {
    packed = fromBase64Url(data);
  } catch {
    throw damaged();
  }
  const unpacked = await unpack(packed, MAX_UNPACKED_BYTES);
  if (unpacked === null) {
    throw new ShareError(t('share.too-large', { limit: formatBytes(MAX_UNPACKED_BYTES) }));
  }
  let state;
  try {
    state = JSON.parse(new TextDecoder().decode(unpacked));
  } catch {
    throw damaged();
  }
  if (state?.v !== 1 || typeof state.text !== 'string') {
    throw new ShareError(t('share.other-version'));
  }
  const field = (name) => (typeof state[name] === 'string' ? state[name] : undefined);
  return {
    text: state.text,
    agent: field('agent'),
    url: field('url'),
    agentMatch: field('agentMatch'),
    profile: field('profile'),
    crawler: field('crawler'),
    status: field('status'),
    expectations: Array.isArray(state.expectations) ? state.expectations : undefined,
    /** An opened file's own bytes, in base64, when the engine read them (app.js `currentWork`). */
    bytes: field('bytes'),
  };
}

function damaged() {
  return new ShareError(t('share.damaged'));
}

/**
 * `bytes` inflated, or null as soon as the output passes `limit` bytes (the rest is never
 * inflated). Throws a ShareError when the data is not deflate.
 */
async function unpack(bytes, limit) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > limit) {
        reader.cancel().catch(() => {});
        return null;
      }
      chunks.push(value);
    }
  } catch {
    throw damaged();
  }
  const joined = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  return joined;
}

async function transform(bytes, stream) {
  const output = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(output).arrayBuffer());
}

function toBase64Url(bytes) {
  let binary = '';
  const chunk = 0x8000;
  for (let at = 0; at < bytes.length; at += chunk) {
    binary += String.fromCharCode(...bytes.subarray(at, at + chunk));
  }
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

// -------------------------------------------------------------------------------------------
// Opened files
//
// Turning the bytes of an opened file into the editor's text, and saying what was lost.
//
// The text keeps a BOM (the engine reports it, and crawlers skip it) and shows bytes that are
// not UTF-8 as U+FFFD, as crawlers' own tools do. A textarea turns CRLF and CR into LF, so the
// line endings are counted here, before that happens. Line numbers do not change: crawlers end
// a line at LF, CRLF or CR alike.

const UTF8_BOM = [0xef, 0xbb, 0xbf];
/** How many line numbers a note lists before it says "and N more". */
const LISTED_LINES = 5;

/**
 * Decodes `bytes` (a Uint8Array). Returns `{ text, validUtf8, bom, crlf, cr, invalidLines,
 * engineBytes }` where `invalidLines` are the numbers of the lines that held bytes which are not
 * UTF-8, and `engineBytes`, for such a file only (else null), are the bytes the engine reads
 * while the text is unedited (www/opened-file.js): the file's own, with CRLF and CR written as
 * LF as the textarea writes them, so that the engine's positions index the editor's text.
 */
export function decodeBytes(bytes) {
  const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes);
  let validUtf8 = true;
  try {
    new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    validUtf8 = false;
  }
  const bom = UTF8_BOM.every((byte, index) => bytes[index] === byte);
  const crlf = count(text, /\r\n/g);
  const cr = count(text, /\r(?!\n)/g);
  const invalidLines = validUtf8 ? [] : linesWith(text, '\uFFFD');
  const engineBytes = validUtf8 ? null : withLfEndings(bytes);
  return { text, validUtf8, bom, crlf, cr, invalidLines, engineBytes };
}

/**
 * `bytes` with each CRLF and lone CR written as LF. Crawlers end a line at any of the three, so
 * no verdict or line number changes; CR and LF are ASCII, so no invalid sequence changes either.
 */
export function withLfEndings(bytes) {
  if (!bytes.includes(0x0d)) return bytes;
  const out = new Uint8Array(bytes.length);
  let length = 0;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index];
    if (byte !== 0x0d) out[length++] = byte;
    else if (bytes[index + 1] !== 0x0a) out[length++] = 0x0a;
  }
  return out.slice(0, length);
}

/** `bytes` as base64, for the saved draft and the share link (JSON holds no bytes). */
export function bytesToBase64(bytes) {
  let binary = '';
  // In slices: an argument list of millions of bytes would overflow the stack.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/** The bytes of `base64`, or null when it is not base64. */
export function base64ToBytes(base64) {
  try {
    return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** A sentence listing line numbers: "lines 3, 7 and 12", "lines 1, 2, 3, 4, 5 and 9 more". */
export function describeLines(numbers) {
  if (numbers.length === 1) return t('decode.line', { line: numbers[0] });
  const listed = numbers.slice(0, LISTED_LINES);
  const rest = numbers.length - listed.length;
  if (rest > 0) return t('decode.lines-more', { lines: listed.join(', '), rest });
  return t('decode.lines', { lines: listed.slice(0, -1).join(', '), last: listed.at(-1) });
}

function count(text, pattern) {
  return text.match(pattern)?.length ?? 0;
}

function linesWith(text, character) {
  const numbers = [];
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    if (line.includes(character)) numbers.push(index + 1);
  });
  return numbers;
}

// -------------------------------------------------------------------------------------------
// Examples
//
// Example files for "Load example", each with a check worth trying on it.
//
// They are written to look like files found on real sites (the hosts are `.example`), so a
// newcomer sees what the page does on something familiar: a shop that keeps AI crawlers out,
// the hand-written file of the early web, a file that has collected mistakes over the years,
// and a news site with crawler-specific groups. Lines are listed one by one so that the
// whitespace the mistakes file depends on (tabs, trailing spaces, a BOM) stays visible here.

const shop = [
  '# robots.txt for https://www.northwind-outfitters.example/',
  '# Questions about crawling: webmaster@northwind-outfitters.example',
  '',
  'User-agent: *',
  'Disallow: /cart',
  'Disallow: /checkout/',
  'Disallow: /account/',
  'Disallow: /wishlist/',
  'Disallow: /search',
  'Allow: /search/help',
  '# Sorted and session variants of the same listing pages',
  'Disallow: /*?sort=',
  'Disallow: /*&sort=',
  'Disallow: /*?sessionid=',
  'Disallow: /internal/',
  '',
  '# Product photos may be indexed; the rest of /images/ is layout.',
  'User-agent: Googlebot-Image',
  'Allow: /images/products/',
  'Disallow: /images/',
  '',
  '# Crawlers that collect training data for AI models: not on this site.',
  'User-agent: GPTBot',
  'User-agent: ClaudeBot',
  'User-agent: CCBot',
  'User-agent: Google-Extended',
  'User-agent: Applebot-Extended',
  'User-agent: Bytespider',
  'Disallow: /',
  '',
  '# AI search and answer engines may read the catalogue and the guides.',
  'User-agent: OAI-SearchBot',
  'User-agent: PerplexityBot',
  'Allow: /products/',
  'Allow: /guides/',
  'Disallow: /',
  '',
  'Sitemap: https://www.northwind-outfitters.example/sitemap-index.xml',
  'Sitemap: https://www.northwind-outfitters.example/sitemaps/products.xml',
  '',
];

const classic = [
  '# robots.txt for http://www.acme-widgets.example/',
  '# Written by hand in the summer of 1994. Robots, please respect these wishes.',
  '',
  'User-agent: *',
  'Disallow: /cgi-bin/',
  'Disallow: /tmp/',
  'Disallow: /users/private/',
  'Disallow: /logs.html',
  '',
  '# This robot went round in circles in our calendar; keep it out entirely.',
  'User-agent: LoopCrawler',
  'Disallow: /',
  '',
  '# The indexer we invited may go everywhere (an empty Disallow allows all).',
  'User-agent: FriendlyIndexer',
  'Disallow:',
  '',
];

const mistakes = [
  '\uFEFF# robots.txt, copied from an old CMS template and edited over the years',
  'Disallow: /admin/',
  'Sitemap: /sitemap.xml',
  '',
  'User-agent: Googlebot/2.1',
  'Disalow: /tmp/',
  'Disallow /drafts/',
  'Allow: /blog/*.html$?print=1',
  'Noindex: /drafts/',
  'Crawl-delay: 10',
  '',
  '  user-agent :\tbingbot   ',
  'Disallowed: /search',
  'Dissallow: /cgi-bin/',
  'Disallow: private/',
  'Host: www.example.com',
  '',
  'Useragent: *',
  'Disallow: /*.pdf*',
  'Request-rate: 1/5',
  'Please keep out of the staging area',
  ': /staging/',
  'Disallow:  ',
  '',
];

const news = [
  '# robots.txt for https://www.daily-harbour.example/',
  '',
  'User-agent: *',
  'Disallow: /search',
  'Disallow: /print/',
  'Disallow: /*?utm_',
  'Disallow: /*.pdf$',
  'Disallow: /archive/',
  'Allow: /archive/$',
  'Allow: /archive/2025/',
  'Disallow: /preview/',
  'Allow: /preview/public/',
  '# Left over from a migration: both name the same path, and Allow wins a tie.',
  'Disallow: /topics/',
  'Allow: /topics/',
  '',
  'User-agent: Googlebot-News',
  'Allow: /news/',
  'Allow: /archive/',
  'Disallow: /',
  '',
  'User-agent: GPTBot',
  'User-agent: ClaudeBot',
  'Allow: /news/',
  'Disallow: /news/subscribers/',
  'Disallow: /archive/',
  'Disallow: /search',
  '',
  '# Fetches made for a person who asked a question about a page.',
  'User-agent: ChatGPT-User',
  'User-agent: Claude-User',
  'Allow: /',
  '',
  'Sitemap: https://www.daily-harbour.example/sitemaps/news.xml',
  'Sitemap: https://www.daily-harbour.example/sitemaps/sections.xml',
  'Sitemap: https://www.daily-harbour.example/sitemaps/video.xml',
  '',
];

/**
 * The examples, in menu order; the first is also what a first visit shows. `title` is the key
 * of its name in the page's catalogues (www/i18n).
 */
export const EXAMPLES = Object.freeze([
  {
    id: 'shop',
    title: 'example.shop',
    text: shop.join('\n'),
    check: { agent: 'Googlebot', url: 'https://www.northwind-outfitters.example/checkout/payment' },
  },
  {
    id: 'classic',
    title: 'example.classic',
    text: classic.join('\n'),
    check: { agent: 'FriendlyIndexer/0.9', url: '/cgi-bin/search' },
  },
  {
    id: 'mistakes',
    title: 'example.mistakes',
    text: mistakes.join('\n'),
    check: {
      agent: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      url: '/search?q=tents',
    },
  },
  {
    id: 'news',
    title: 'example.news',
    text: news.join('\n'),
    check: { agent: 'GPTBot', url: 'https://www.daily-harbour.example/news/subscribers/morning-briefing' },
  },
]);

/** The example with `id`, or undefined. */
export function exampleById(id) {
  return EXAMPLES.find((example) => example.id === id);
}

// -------------------------------------------------------------------------------------------
// The crawler the check runs as
//
// The known crawler the checker runs as, if any: a catalogued crawler's name, which the checks
// send as `{ crawler }` so that its documented fallback chain picks the group instead of the
// agent field's text.
//
// A choice holds only while the agent field keeps the text it had when the crawler was chosen:
// typing another agent, loading an example or a link goes back to checking the field as typed.
// It lives apart from the crawler panel (www/panels/crawlers.js), which offers the choice, because the
// page restores it and asks its first verdict before that panel is loaded.
//
//     const choice = new CrawlerChoice(agentInput);
//     choice.choose('Googlebot-Image');
//     engine.check(text, agentInput.value, url, { crawler: choice.name ?? undefined });

export class CrawlerChoice {
  #agent;
  #name = null;
  #agentText = null;

  /** `agent`: the agent field whose text the choice is tied to. */
  constructor(agent) {
    this.#agent = agent;
  }

  /** The agent field. */
  get agent() {
    return this.#agent;
  }

  /** The chosen crawler's name, or null when the agent field is checked as typed. */
  get name() {
    if (this.#name !== null && this.#agent.value !== this.#agentText) this.choose(null);
    return this.#name;
  }

  /** Chooses crawler `name` (null or '': none) for the text the agent field holds now. */
  choose(name) {
    this.#name = typeof name === 'string' && name !== '' ? name : null;
    this.#agentText = this.#name === null ? null : this.#agent.value;
  }
}
