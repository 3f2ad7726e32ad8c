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
 * Decodes `bytes` (a Uint8Array). Returns `{ text, validUtf8, bom, crlf, cr, invalidLines }`
 * where `invalidLines` are the numbers of the lines that held bytes which are not UTF-8.
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
  return { text, validUtf8, bom, crlf, cr, invalidLines };
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
