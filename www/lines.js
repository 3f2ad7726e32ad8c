/**
 * The file's lines as the page holds them, shared by the engine worker and the renderer:
 *
 * - the line table (`buildLineTable`, `lineAt`, `lineCount`): where each line of the analysed
 *   text starts and ends, its kind and its group, as typed arrays;
 * - the lines' notes (`hasLineNotes`, `lineNotes`): the per-line facts the core reports, put
 *   into words.
 *
 * One module, not two, because the first verdict needs both and every module it needs is one
 * more request before it (issue 17).
 */

import { formatBytes, formatCount, t } from './i18n.js';

// -------------------------------------------------------------------------------------------
// The line table
//
// The line table: where each line of the analysed text starts and ends, what kind it is and
// which group owns it, as four typed arrays.
//
// The core describes every line as an object. For a 10 MB file that is 280,000 objects, which
// cost more to copy from the engine worker to the page than to compute; the page only needs a
// few fields of a few hundred lines at a time. So the worker packs those fields into typed
// arrays (transferred, not copied) and the page reads any line back from them and the text.

/** Line kinds as the core names them; a kind's code is its index. */
export const LINE_KINDS = Object.freeze([
  'user-agent',
  'allow',
  'disallow',
  'sitemap',
  'other',
  'unknown',
  'comment',
  'blank',
  'malformed',
]);

const NO_GROUP = -1;

/** Packs the core's line objects (`analysis.lines`) into a table. */
export function buildLineTable(lines) {
  const count = lines.length;
  const table = {
    start: new Uint32Array(count),
    end: new Uint32Array(count),
    kind: new Uint8Array(count),
    group: new Int32Array(count),
  };
  for (let index = 0; index < count; index += 1) {
    const line = lines[index];
    table.start[index] = line.start;
    table.end[index] = line.end;
    const code = LINE_KINDS.indexOf(line.kind);
    // A kind added to the core later reads as "other" until the page learns its name.
    table.kind[index] = code === -1 ? LINE_KINDS.indexOf('other') : code;
    table.group[index] = line.group ?? NO_GROUP;
  }
  return table;
}

/** The buffers to transfer with a table. */
export function lineTableBuffers(table) {
  return [table.start.buffer, table.end.buffer, table.kind.buffer, table.group.buffer];
}

/** How many lines the table holds. */
export function lineCount(table) {
  return table.start.length;
}

/** Line `number` (1-based) as `{ number, start, end, kind, group, text }`, or null. */
export function lineAt(table, text, number) {
  const index = number - 1;
  if (!Number.isInteger(index) || index < 0 || index >= table.start.length) return null;
  const start = table.start[index];
  const end = table.end[index];
  const group = table.group[index];
  return {
    number,
    start,
    end,
    kind: LINE_KINDS[table.kind[index]],
    group: group === NO_GROUP ? null : group,
    text: text.slice(start, end),
  };
}

// -------------------------------------------------------------------------------------------
// Line notes
//
// Line notes: the per-line facts the core reports (a malformed line, a misspelled or unknown
// key, a missing colon, an over-long line, a NUL, the size limit), put into words.
//
// Nothing here reads robots.txt syntax: every decision is a flag the core set on the line.
// This module only chooses which flags deserve a note and how to say them. It is shared by the
// engine worker (to pick the noted lines out of a large file before they cross to the page)
// and by the renderer.

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
