//# allFunctionsCalledOnLoad
/**
 * The file's lines as the page holds them, shared by the engine worker and the renderer:
 *
 * - the line table (`buildLineTable`, `lineAt`, `lineCount`): where each line of the analysed
 *   text starts and ends, its kind and its group, as typed arrays;
 * - which lines carry notes (`hasLineNotes`): the per-line facts the core flagged, so that the
 *   worker sends only those lines of a large file. Their words are www/text/render.js's
 *   (`renderLineNotes`): this module holds no text, so the worker loads no catalogue.
 */

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
// Lines with notes
//
// Nothing here reads robots.txt syntax: every decision is a flag the core set on the line. The
// engine worker asks this to pick the noted lines out of a large file before they cross to the
// page; the renderer words the same flags (www/text/render.js `renderLineNotes`).

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
