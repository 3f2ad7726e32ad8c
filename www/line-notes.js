/**
 * Line notes: the per-line facts the core reports (a malformed line, a misspelled or unknown
 * key, a missing colon, an over-long line, a NUL, the size limit), put into words.
 *
 * Nothing here reads robots.txt syntax: every decision is a flag the core set on the line.
 * This module only chooses which flags deserve a note and how to say them. It is shared by the
 * engine worker (to pick the noted lines out of a large file before they cross to the page)
 * and by the renderer.
 */

import { formatBytes, formatCount } from './format.js';

/** The standard names of the line kinds the core recognises by spelling. */
const STANDARD_KEYS = {
  'user-agent': 'User-agent',
  allow: 'Allow',
  disallow: 'Disallow',
  sitemap: 'Sitemap',
};

/** Whether the core flagged anything on `line` that the page should point out. */
export function hasLineNotes(line) {
  return (
    line.kind === 'malformed' ||
    line.kind === 'unknown' ||
    line.spelling !== 'exact' ||
    line.missingColon ||
    line.tooLong ||
    line.hasNul ||
    line.invalidUtf8 ||
    line.cutBySizeLimit
  );
}

/**
 * The notes on one line, most serious first: `{ severity: 'error' | 'warning', text }`.
 * An error means crawlers skip the line; a warning means some read it and others may not,
 * or read only part of it. `limits` is `{ maxLineBytes, sizeLimit }` from the engine's defaults.
 */
export function lineNotes(line, limits) {
  const notes = [];
  const key = line.key ?? '';
  if (line.kind === 'malformed') {
    notes.push({
      severity: 'error',
      text:
        line.malformed === 'empty-key'
          ? 'The line starts with a colon, so it has no key. Crawlers skip it.'
          : 'Not a "key: value" line (no colon, and not two words). Crawlers skip it.',
    });
  }
  if (line.kind === 'unknown') {
    notes.push({
      severity: 'error',
      text: `"${key}" is not a directive any crawler we know of reads. Crawlers skip the line.`,
    });
  }
  const standard = STANDARD_KEYS[line.kind];
  if (line.spelling === 'typo') {
    const meant = standard ?? line.directive ?? 'a known key';
    notes.push({
      severity: 'warning',
      text: standard
        ? `"${key}" is a misspelling of ${meant} that Google accepts; other crawlers may skip the line.`
        : `"${key}" is read as ${meant}.`,
    });
  }
  if (line.spelling === 'prefix' && standard) {
    notes.push({
      severity: 'warning',
      text: `"${key}" is read as ${standard} by Google, which recognises keys by their beginning; stricter parsers skip the line.`,
    });
  }
  if (line.missingColon) {
    notes.push({
      severity: 'warning',
      text: `No colon after "${key}": Google reads the line as "${key}: ${line.value ?? ''}", other parsers may skip it.`,
    });
  }
  if (line.tooLong) {
    notes.push({
      severity: 'warning',
      text: `The line is longer than ${formatCount(limits.maxLineBytes)} bytes; Google ignores the rest of it.`,
    });
  }
  if (line.hasNul) {
    notes.push({
      severity: 'warning',
      text: 'The line contains a NUL character; Google reads it only up to there.',
    });
  }
  if (line.invalidUtf8) {
    notes.push({ severity: 'warning', text: 'The line is not valid UTF-8.' });
  }
  if (line.cutBySizeLimit) {
    notes.push({
      severity: 'warning',
      text: `The line crosses the ${formatBytes(limits.sizeLimit)} Googlebot reads; only its start counts.`,
    });
  }
  return notes;
}
