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
import { t } from './i18n.js';

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
      text: line.malformed === 'empty-key' ? t('line-notes.empty-key') : t('line-notes.no-separator'),
    });
  }
  if (line.kind === 'unknown') {
    notes.push({
      severity: 'error',
      text: t('line-notes.unknown', { key }),
    });
  }
  const standard = STANDARD_KEYS[line.kind];
  if (line.spelling === 'typo') {
    const meant = standard ?? line.directive ?? t('line-notes.a-known-key');
    notes.push({
      severity: 'warning',
      text: standard ? t('line-notes.typo', { key, meant }) : t('line-notes.read-as', { key, meant }),
    });
  }
  if (line.spelling === 'prefix' && standard) {
    notes.push({
      severity: 'warning',
      text: t('line-notes.prefix', { key, standard }),
    });
  }
  if (line.missingColon) {
    notes.push({
      severity: 'warning',
      text: t('line-notes.missing-colon', { key, value: line.value ?? '' }),
    });
  }
  if (line.tooLong) {
    notes.push({
      severity: 'warning',
      text: t('line-notes.too-long', { limit: formatCount(limits.maxLineBytes) }),
    });
  }
  if (line.hasNul) {
    notes.push({
      severity: 'warning',
      text: t('line-notes.nul'),
    });
  }
  if (line.invalidUtf8) {
    notes.push({ severity: 'warning', text: t('line-notes.invalid-utf8') });
  }
  if (line.cutBySizeLimit) {
    notes.push({
      severity: 'warning',
      text: t('line-notes.cut-by-limit', { limit: formatBytes(limits.sizeLimit) }),
    });
  }
  return notes;
}
