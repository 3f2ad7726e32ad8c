/**
 * Turning the bytes of an opened file into the editor's text, and saying what was lost.
 *
 * The text keeps a BOM (the engine reports it, and crawlers skip it) and shows bytes that are
 * not UTF-8 as U+FFFD, as crawlers' own tools do. A textarea turns CRLF and CR into LF, so the
 * line endings are counted here, before that happens. Line numbers do not change: crawlers end
 * a line at LF, CRLF or CR alike.
 */

import { t } from './i18n.js';

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
