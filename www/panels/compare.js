/**
 * Compare two versions: a second editor (`textarea#robots-compare`: pasted, opened, or the
 * previous text the page kept) and what changes between it and the file above — the verdicts
 * that flip, each with the line of each version that decided it, and the two files' lines
 * aligned, with the lines behind the flips marked.
 *
 * The flips are asked for the URL list of the panel above when it holds URLs, and otherwise
 * for URLs the engine derives from both files' own rules; for the agent in the checker and the
 * crawlers chosen there. The engine decides (`compareVersions`); this module renders, as text.
 *
 *     const compare = new ComparePanel({ engine, check, askers, list, previousText });
 *     compare.changed();   // the file, the check or the list changed: compare again (debounced)
 */

import { engineInput } from '../engine/engine.js';
import { formatCount, onLanguageChange, t, tNodes, tPlural } from '../text/i18n.js';
import { h, lineLink } from '../text/render.js';
import { storageGet, storageRemove, storageSet } from '../page/local.js';
import { base64ToBytes, bytesToBase64, decodeBytes, describeLines } from '../page/work.js';

const DEBOUNCE_MS = 300;
const STORAGE = {
  text: 'robots-lens:compare-text',
  role: 'robots-lens:compare-role',
  bytes: 'robots-lens:compare-bytes',
};
const MAX_FILE_BYTES = 32 * 1024 * 1024;

const $ = (selector) => document.querySelector(selector);

export class ComparePanel {
  #engine;
  #check;
  #askers;
  #list;
  #previousText;
  #elements;
  #timer = 0;
  #run = 0;
  /**
   * An opened file that is not valid UTF-8, `{ text, bytes }` (as www/engine/first-answer.js keeps
   * the editor's): the comparison reads its bytes while the box shows exactly `text`.
   */
  #opened = null;

  /**
   * `engine()` (a promise of the lists engine), `check()` (`{ text, options }` of the checker), `askers()` (`{ agent,
   * crawlers }`), `list()` (`{ text, format }` of the URL list) and `previousText()` (the text
   * the page kept when a load replaced it, or null) are read at each comparison.
   */
  constructor({ engine, check, askers, list, previousText }) {
    this.#engine = engine;
    this.#check = check;
    this.#askers = askers;
    this.#list = list;
    this.#previousText = previousText;
    this.#elements = {
      text: $('#robots-compare'),
      role: $('#compare-role'),
      open: $('#compare-open'),
      fileInput: $('#compare-file'),
      usePrevious: $('#compare-previous'),
      note: $('#compare-note'),
      results: $('#diff-results'),
    };
    const e = this.#elements;
    e.text.value = storageGet(STORAGE.text) ?? '';
    this.#restoreBytes();
    const role = storageGet(STORAGE.role);
    if (role === 'before' || role === 'after') e.role.value = role;
    e.text.addEventListener('input', () => {
      storageSet(STORAGE.text, e.text.value);
      this.#keepBytes(null);
      this.changed();
    });
    e.role.addEventListener('change', () => {
      storageSet(STORAGE.role, e.role.value);
      this.changed();
    });
    e.open.addEventListener('click', () => e.fileInput.click());
    e.fileInput.addEventListener('change', async () => {
      const [file] = e.fileInput.files;
      e.fileInput.value = '';
      if (!file) return;
      if (file.size > MAX_FILE_BYTES) {
        e.note.replaceChildren(...tNodes('compare.too-large', { name: h('span', { translate: 'no' }, file.name) }));
        return;
      }
      let bytes;
      try {
        bytes = new Uint8Array(await file.arrayBuffer());
      } catch (error) {
        e.note.textContent = t('app.file-unreadable', { name: file.name, detail: error.message });
        return;
      }
      const decoded = decodeBytes(bytes);
      this.#setText(decoded.text);
      // The box has just written its line ends as LF, as the kept bytes do.
      this.#keepBytes(decoded.engineBytes);
      const name = h('span', { translate: 'no' }, file.name);
      e.note.replaceChildren(
        ...tNodes('lists.opened', { name }),
        ...(decoded.validUtf8 ? [] : [' ', ...tNodes('compare.not-utf8', { lines: describeLines(decoded.invalidLines) })]),
      );
    });
    e.usePrevious.addEventListener('click', () => {
      const previous = this.#previousText();
      if (previous === null) {
        e.note.textContent = t('compare.no-previous');
        return;
      }
      this.#setText(previous);
      e.note.textContent = t('compare.previous-used');
    });
    onLanguageChange(() => this.changed());
  }

  /**
   * Compares `text` as the version `role` (`before` or `after`) with the file above, as if
   * pasted (a live fetch compares the person's own file, kept when the served one replaced it,
   * as the one before), with `note` saying where it came from.
   */
  compareWith(text, role, note) {
    const e = this.#elements;
    e.role.value = role;
    storageSet(STORAGE.role, role);
    this.#setText(text);
    e.note.textContent = note;
  }

  #setText(text) {
    this.#elements.text.value = text;
    storageSet(STORAGE.text, text);
    this.#keepBytes(null);
    this.changed();
  }

  /** Keeps `bytes` as what the comparison reads while the box shows its text; null forgets. */
  #keepBytes(bytes) {
    if (bytes === null) {
      if (this.#opened !== null) storageRemove(STORAGE.bytes);
      this.#opened = null;
      return;
    }
    this.#opened = { text: this.#elements.text.value, bytes };
    // A file too large to keep is still compared by its bytes until the page is left.
    if (!storageSet(STORAGE.bytes, bytesToBase64(bytes))) storageRemove(STORAGE.bytes);
  }

  /** The kept bytes of the last visit, if the box still shows exactly what they decode to. */
  #restoreBytes() {
    const stored = storageGet(STORAGE.bytes);
    const bytes = stored === null ? null : base64ToBytes(stored);
    if (bytes !== null && decodeBytes(bytes).text === this.#elements.text.value) {
      this.#opened = { text: this.#elements.text.value, bytes };
    } else if (stored !== null) {
      storageRemove(STORAGE.bytes);
    }
  }

  /** What the engine reads for the other version: its opened bytes, or the box's text. */
  #otherInput() {
    const text = this.#elements.text.value;
    return this.#opened !== null && this.#opened.text === text ? this.#opened.bytes : text;
  }

  /** Compares again after a quiet moment. */
  changed() {
    clearTimeout(this.#timer);
    this.#elements.results.setAttribute('aria-busy', 'true');
    this.#timer = setTimeout(() => this.compare(), DEBOUNCE_MS);
  }

  /** Compares the two versions now. */
  async compare() {
    clearTimeout(this.#timer);
    const e = this.#elements;
    const run = ++this.#run;
    if (e.text.value.trim() === '') {
      e.results.dataset.state = 'idle';
      e.results.dataset.flips = '';
      e.results.setAttribute('aria-busy', 'false');
      e.results.replaceChildren(h('p', { class: 'empty-state' }, t('compare.empty')));
      return;
    }
    const { text, options } = this.#check();
    // Both versions as the main editor's checks read them: an opened file's own bytes.
    const main = engineInput(text);
    const other = this.#otherInput();
    const [before, after] = e.role.value === 'after' ? [main, other] : [other, main];
    const { agent, crawlers } = this.#askers();
    const list = this.#list();
    e.results.dataset.state = 'running';
    try {
      const engine = await this.#engine();
      if (run !== this.#run) return;
      const comparison = await engine.compareVersions(before, after, list.text, list.format, agent, crawlers, options);
      if (run !== this.#run) return;
      e.results.replaceChildren(...renderComparison(comparison, e.role.value));
      e.results.dataset.flips = String(comparison.flipCount);
      e.results.dataset.state = 'done';
    } catch (error) {
      if (run !== this.#run) return;
      e.results.dataset.state = 'error';
      e.results.dataset.flips = '';
      e.results.replaceChildren(h('p', { class: 'empty-state' }, t('compare.failed', { message: error.message })));
    } finally {
      if (run === this.#run) e.results.setAttribute('aria-busy', 'false');
    }
  }
}

/** The flips, then the aligned lines. `role` says which side is the editor above. */
function renderComparison(comparison, role) {
  const params = {
    urls: formatCount(comparison.urls),
    which: t(comparison.probed ? 'compare.which-probed' : 'compare.which-list'),
    agents: tPlural('lists.agents', comparison.agents, {}, formatCount),
    blocked: tPlural('compare.becomes-blocked', comparison.becomesBlocked, {}, formatCount),
  };
  const summary =
    comparison.flipCount === 0
      ? t('compare.none', params)
      : tPlural('compare.flips', comparison.flipCount, params, formatCount);
  // Only the editor's lines can be selected: the other version's numbers are shown as text.
  const editorSide = role === 'after' ? 'before' : 'after';
  const lineRef = (side, line) =>
    line === null
      ? h('span', { class: 'hint' }, t('compare.no-rule'))
      : side === editorSide
        ? lineLink(line)
        : t('render.line', { line });
  const marked = { before: new Set(), after: new Set() };
  const flips = comparison.flips.map((flip) => {
    if (flip.before.line !== null) marked.before.add(flip.before.line);
    if (flip.after.line !== null) marked.after.add(flip.after.line);
    const side = (name, verdict) =>
      h(
        'td',
        {},
        h('span', { class: verdict.allowed ? 'verdict-word-allowed' : 'verdict-word-blocked' }, t(verdict.allowed ? 'lists.allowed' : 'lists.blocked')),
        ' ',
        lineRef(name, verdict.line),
        verdict.text ? [' ', h('code', { translate: 'no' }, verdict.text)] : '',
      );
    const row = h(
      'tr',
      { class: flip.becomesBlocked ? 'row-blocked' : 'row-allowed' },
      h('td', {}, h('code', { translate: 'no', class: 'batch-url' }, flip.url)),
      h('td', { translate: 'no' }, flip.agent),
      side('before', flip.before),
      side('after', flip.after),
    );
    if (!flip.asTyped) return row;
    // Answered as the catalogued crawler the typed agent names: the name as typed beside, as
    // the checker shows it, in a row of its own under the crawler's.
    const typed = h(
      'tr',
      { class: 'as-typed-beside', 'data-before': String(flip.asTyped.before.allowed), 'data-after': String(flip.asTyped.after.allowed) },
      h('td', {}),
      h('td', { title: t('lists.as-typed-why', { name: flip.agent }) }, t('lists.as-typed')),
      side('before', flip.asTyped.before),
      side('after', flip.asTyped.after),
    );
    return [row, typed];
  });
  const parts = [h('p', { class: 'diff-summary', role: 'status' }, summary)];
  if (flips.length > 0) {
    parts.push(
      h(
        'table',
        { class: 'batch-table diff-flips' },
        h('caption', { class: 'visually-hidden' }, t('compare.caption')),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ['lists.column.url', 'lists.agent', 'compare.column.before', 'compare.column.after'].map((key) =>
              h('th', { scope: 'col' }, t(key)),
            ),
          ),
        ),
        h('tbody', {}, flips),
      ),
    );
    // Flips answered as a crawler with the name as typed beside: why, and the option that swaps.
    const typedFlip = comparison.flips.find((flip) => flip.asTyped);
    if (typedFlip) parts.push(h('p', { class: 'hint as-typed-note' }, t('lists.as-typed-why', { name: typedFlip.agent })));
    if (comparison.flipCount > flips.length)
      parts.push(h('p', { class: 'hint' }, t('compare.more', { count: formatCount(comparison.flipCount - flips.length) })));
  }
  parts.push(h('h3', {}, t('compare.lines-heading')));
  if (comparison.changedLines === 0) {
    parts.push(h('p', { class: 'empty-state' }, t('compare.same-lines')));
    return parts;
  }
  const rows = [];
  for (const line of comparison.diff) {
    if (line.skipped > 0)
      rows.push(h('tr', { class: 'diff-skip' }, h('td', { colspan: 3 }, t('compare.skipped', { count: formatCount(line.skipped) }))));
    const flipped = (line.old !== null && marked.before.has(line.old)) || (line.new !== null && marked.after.has(line.new));
    const sign = line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ' ';
    rows.push(
      h(
        'tr',
        { class: `diff-${line.kind}${flipped ? ' diff-decides' : ''}`, 'data-old-line': line.old, 'data-new-line': line.new },
        h('td', { class: 'diff-number' }, line.old ?? ''),
        h('td', { class: 'diff-number' }, line.new ?? ''),
        h('td', {}, h('code', { translate: 'no' }, `${sign} ${line.text}`), flipped ? h('span', { class: 'hint' }, `  ${t('compare.decides')}`) : ''),
      ),
    );
  }
  parts.push(
    h(
      'table',
      { class: 'diff-lines' },
      h('caption', { class: 'visually-hidden' }, t('compare.lines-caption')),
      h(
        'thead',
        {},
        h('tr', {}, ['compare.column.before', 'compare.column.after', 'compare.column.line'].map((key) => h('th', { scope: 'col' }, t(key)))),
      ),
      h('tbody', {}, rows),
    ),
  );
  return parts;
}
