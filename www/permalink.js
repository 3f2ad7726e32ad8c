/**
 * Permalinks: the text and the check, compressed into the URL's fragment.
 *
 * The fragment never reaches a server, so a link shares a file without uploading it. The state
 * is JSON, compressed with the browser's own deflate (CompressionStream) and written in
 * base64url: `#share=<data>`. Only small files fit; `encodeShare` says when one does not.
 */

const PREFIX = 'share=';
/** Longest fragment we hand out: long links break in chat and mail clients. */
export const MAX_FRAGMENT_LENGTH = 24_000;
const MAX_COMPRESSION_RATIO = 20;

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

/** The state in `hash`; throws an Error with a readable message when it is damaged. */
export async function decodeShare(hash) {
  const data = hash.replace(/^#/, '').slice(PREFIX.length);
  let state;
  try {
    const json = new TextDecoder().decode(
      await transform(fromBase64Url(data), new DecompressionStream('deflate-raw')),
    );
    state = JSON.parse(json);
  } catch {
    throw new Error('The link is damaged or cut short (was it copied in full?).');
  }
  if (state?.v !== 1 || typeof state.text !== 'string') {
    throw new Error('The link was made by a different version of Robots Lens and cannot be read.');
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
  };
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
