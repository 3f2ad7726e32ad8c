/**
 * Permalinks: the text and the check, compressed into the URL's fragment.
 *
 * The fragment never reaches a server, so a link shares a file without uploading it. The state
 * is JSON, compressed with the browser's own deflate (CompressionStream) and written in
 * base64url: `#share=<data>`. Only small files fit; `encodeShare` says when one does not.
 *
 * A link is untrusted input: a few kilobytes of deflate can unpack to gigabytes. `decodeShare`
 * reads at most MAX_LINK_LENGTH characters and unpacks at most MAX_UNPACKED_BYTES, stopping the
 * stream as soon as it passes them, and says which limit a link broke, with its size.
 */

import { formatBytes } from './format.js';
import { t } from './i18n.js';

const PREFIX = 'share=';
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
  const fragment = PREFIX + toBase64Url(packed);
  return fragment.length <= MAX_FRAGMENT_LENGTH ? fragment : null;
}

/** Whether `hash` (location.hash) carries a shared state. */
export function isShare(hash) {
  return hash.replace(/^#/, '').startsWith(PREFIX);
}

/** The state in `hash`; throws a ShareError with a readable message when it cannot be read. */
export async function decodeShare(hash) {
  const data = hash.replace(/^#/, '').slice(PREFIX.length);
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
