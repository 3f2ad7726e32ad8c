/**
 * Every consumer, every line (issue 36): beside the annotated file, a row of marks per line —
 * one per consumer (Google, Search Console, Lighthouse, Yandex, Bing, RFC 9309, Python's
 * robotparser, robots-parser, Protego) — that opens into each consumer's reading of the line;
 * above it, the summary a person reads first, each consumer's sentence leading to its lines; and
 * a filter that lists the lines one consumer flags, ignores or reads differently. The findings
 * of the audit then also name the consumers each one is about.
 *
 * Nothing here decides a reading: the consumers engine (www/engine/consumers-engine.js) answers
 * with the core's statuses, sentences (keys and values, worded by render.js's messageNodes) and
 * the consumers' own words, and this module lays them out. Its package is loaded the first time
 * the panel is opened, in a worker of its own; the marks of the whole file come as one byte per
 * line and consumer, and a line's sentences only when the line is opened. Everything from the
 * file reaches the DOM as text, marked translate="no".
 *
 * Cost (scripts/bench-consumers.mjs): the shared corpus's 512 KB file (16,849 lines) is parsed in
 * 3–7 ms and marked (`consumerMarks`: the table, the marks, the summaries) in 81–88 ms of CPU by
 * this package, the table alone 72–79 ms, on 2026-12-07; the panel shows the time its worker took
 * (`data-elapsed-ms`, wall time).
 *
 *     const panel = new ConsumersPanel({ root, fileView, findings, engine, text });
 *     panel.open(text);            // the panel was opened (its `toggle` does it too)
 *     panel.update(text);          // on every refresh
 *     panel.markFileView(text);    // after the file view was drawn for `text`
 *     panel.markFindings(text);    // after the audit's findings were drawn for `text`
 */

import { engineErrorText, h, lineLink, messageNodes } from '../text/render.js';
import { formatCount, formatDecimal, onLanguageChange, t, tPlural } from '../text/i18n.js';

/** A mark per status, in the engine's order of `statuses`. */
const GLYPHS = Object.freeze({ applies: '·', ignored: '–', flagged: '!', differs: '≠' });
/** Lines listed at a time by the filter; the rest are counted. */
const FILTER_LINES = 200;
/** Line links under each summary sentence; the filter lists them all. */
const SUMMARY_LINE_LINKS = 8;
/** The filter's choices of status (any that is not `applies`, or one), with their words. */
const FILTER_WORDS = Object.freeze({
  any: 'consumers.filter.any',
  flagged: 'consumers.filter.flagged',
  ignored: 'consumers.filter.ignored',
  differs: 'consumers.filter.differs',
});
/** What a consumer does with a line, in words: "flags the line". */
const STATUS_WORDS = Object.freeze({
  applies: 'consumers.status.applies',
  ignored: 'consumers.status.ignored',
  flagged: 'consumers.status.flagged',
  differs: 'consumers.status.differs',
});
/** The severity a consumer gives its own message. */
const SEVERITY_WORDS = Object.freeze({
  error: 'consumers.severity.error',
  warning: 'consumers.severity.warning',
  info: 'consumers.severity.info',
});

export class ConsumersPanel {
  #root;
  #fileView;
  #findings;
  #engine;
  #text;
  /** The summary, filter and list elements of the panel. */
  #summary;
  #status;
  #consumerSelect;
  #statusSelect;
  #lines;
  /** The text wanted, being read and read; the engine's marks for `#readText`. */
  #wanted = null;
  #running = null;
  #readText = null;
  #table = null;
  /** The text whose findings the audit shows, once it told; before, `#auditText()` says. */
  #findingsText = null;
  #auditText;
  /** The text's lines, split once per text, for the filter's list. */
  #splitText = null;
  #splitLines = null;

  /**
   * `root` is the panel's element (`#consumers`), `fileView` the annotated file, `findings` the
   * audit's list; `engine()` resolves to the consumers engine; `text()` is the editor's text and
   * `auditText()` the text whose findings are on screen when the panel is made (null if none).
   */
  constructor({ root, fileView, findings, engine, text, auditText = () => null }) {
    this.#root = root;
    this.#auditText = auditText;
    this.#fileView = fileView;
    this.#findings = findings;
    this.#engine = engine;
    this.#text = text;
    this.#summary = root.querySelector('#consumers-summary');
    this.#status = root.querySelector('#consumers-status');
    this.#consumerSelect = root.querySelector('#consumers-filter-consumer');
    this.#statusSelect = root.querySelector('#consumers-filter-status');
    this.#lines = root.querySelector('#consumers-lines');
    this.#consumerSelect.addEventListener('change', () => this.#showFilter());
    this.#statusSelect.addEventListener('change', () => this.#showFilter());
    this.#fileView.addEventListener('click', (event) => this.#handleMarksClick(event));
    this.#root.addEventListener('toggle', () => (this.#root.open ? this.open(this.#text()) : this.close()));
    this.#summary.addEventListener('click', (event) => this.#handleSummaryClick(event));
    onLanguageChange(() => {
      if (this.#table !== null) this.#show();
    });
  }

  /** Whether the panel is open: closed, it reads nothing and the file view has no marks. */
  #open = false;

  /** Opens the column and reads `text`. */
  open(text) {
    this.#open = true;
    this.#fileView.classList.add('with-consumers');
    this.update(text);
    this.markFileView(text);
  }

  /** Closes the column: the marks leave the file view, the findings keep what they name. */
  close() {
    this.#open = false;
    this.#fileView.classList.remove('with-consumers');
    for (const cell of this.#fileView.querySelectorAll('.consumer-marks, .consumer-line')) cell.remove();
  }

  /** Reads `text` as every consumer does, unless it is read or being read. */
  update(text) {
    if (!this.#open) return;
    this.#wanted = text;
    this.#root.setAttribute('aria-busy', String(text !== this.#readText));
    this.#pump();
  }

  /** Puts the marks on the rows of the file view, which now shows `text`. */
  markFileView(text) {
    if (!this.#open) return;
    const table = text === this.#readText ? this.#table : null;
    for (const row of this.#fileView.querySelectorAll('.file-line')) {
      const number = Number(row.querySelector('[data-goto-line]')?.dataset.gotoLine);
      if (!Number.isInteger(number)) continue;
      // The cell keeps its place while the marks of a new text are on their way: no row moves.
      let cell = row.querySelector(':scope > .consumer-marks');
      if (cell === null) {
        cell = h('span', { class: 'consumer-marks' });
        row.append(cell);
      }
      if (table === null) {
        cell.replaceChildren();
        delete cell.dataset.line;
        continue;
      }
      if (cell.dataset.line === String(number) && cell.dataset.text === table.id) continue;
      cell.dataset.line = String(number);
      cell.dataset.text = table.id;
      cell.replaceChildren(marksButton(table, number));
      row.querySelector(':scope > .consumer-line')?.remove();
    }
  }

  /**
   * Names, under each finding of the audit on screen for `text`, the consumers it is about: the
   * readers its evidence changed (`data-readers`, from the audit) and those that complain about
   * its line, as the core answers (`findingConsumers`).
   */
  markFindings(text) {
    this.#findingsText = text;
    return this.#markFindings();
  }

  async #markFindings() {
    const text = this.#findingsText ?? this.#auditText();
    if (text === null || text !== this.#readText || this.#table === null) return;
    const items = [...this.#findings.querySelectorAll('li.finding[data-readers]')];
    if (items.length === 0) return;
    const table = this.#table;
    let bits;
    try {
      const engine = await this.#engine();
      bits = await engine.findingConsumers(
        text,
        items.map((item) => Number(item.dataset.line)),
        items.map((item) => Number(item.dataset.readers)),
      );
    } catch {
      return; // The findings stand without their consumers; the panel says what failed.
    }
    if (table !== this.#table) return;
    items.forEach((item, index) => {
      item.querySelector(':scope > .finding-consumers')?.remove();
      const named = table.consumers.filter((_, column) => (bits[index] & (1 << column)) !== 0);
      item.dataset.consumers = named.map((consumer) => consumer.id).join(' ');
      if (named.length === 0) return;
      const head = item.querySelector(':scope > .finding-fix');
      const line = h(
        'p',
        { class: 'hint finding-consumers' },
        h('span', { class: 'label' }, t('consumers.finding-label'), ' '),
        named.flatMap((consumer, at) => [at === 0 ? null : ', ', h('span', { translate: 'no' }, consumer.name)]),
      );
      if (head) head.before(line);
      else item.append(line);
    });
  }

  async #pump() {
    if (this.#running !== null) return;
    const text = this.#wanted;
    if (text === null || text === this.#readText) return;
    this.#running = text;
    if (this.#table === null) this.#status.textContent = t('consumers.loading');
    try {
      const engine = await this.#engine();
      const table = await engine.marks(text);
      table.id = String(Math.random());
      this.#readText = text;
      this.#table = table;
      this.#show();
      this.markFileView(text);
      this.#markFindings();
    } catch (error) {
      this.#readText = text;
      this.#table = null;
      this.#summary.replaceChildren();
      this.#lines.replaceChildren();
      this.#status.textContent = t('consumers.failed', { detail: engineErrorText(error) });
    } finally {
      this.#running = null;
      this.#root.setAttribute('aria-busy', String(this.#wanted !== this.#readText));
    }
    this.#pump();
  }

  /** Draws the summary, the filter's choices and the filtered lines of the table read. */
  #show() {
    const table = this.#table;
    this.#status.textContent = tPlural('consumers.read', table.lineCount, { ms: formatDecimal(table.elapsedMs, 0) }, formatCount);
    this.#root.dataset.lines = String(table.lineCount);
    this.#root.dataset.elapsedMs = String(Math.round(table.elapsedMs));
    this.#summary.replaceChildren(
      ...table.consumers.map((consumer) => summaryItem(consumer, table.summary[consumer.id])),
    );
    const chosen = this.#consumerSelect.value;
    this.#consumerSelect.replaceChildren(
      h('option', { value: '' }, t('consumers.filter.no-consumer')),
      ...table.consumers.map((consumer) => h('option', { value: consumer.id, translate: 'no' }, consumer.name)),
    );
    this.#consumerSelect.value = table.consumers.some((consumer) => consumer.id === chosen) ? chosen : '';
    const status = this.#statusSelect.value || 'any';
    this.#statusSelect.replaceChildren(
      ...Object.entries(FILTER_WORDS).map(([id, key]) => h('option', { value: id }, t(key))),
    );
    this.#statusSelect.value = status;
    this.#showFilter();
  }

  /** Lists the lines the chosen consumer gives the chosen status (any but `applies`). */
  #showFilter() {
    const table = this.#table;
    const id = this.#consumerSelect.value;
    this.#root.dataset.filter = id;
    if (table === null || id === '') {
      this.#lines.replaceChildren();
      this.#lines.dataset.count = '';
      return;
    }
    const column = table.consumers.findIndex((consumer) => consumer.id === id);
    const wanted = this.#statusSelect.value;
    const width = table.consumers.length;
    const numbers = [];
    for (let number = 1; number <= table.lineCount; number += 1) {
      const status = table.statuses[table.marks[(number - 1) * width + column]];
      if (status !== 'applies' && (wanted === 'any' || wanted === status)) numbers.push(number);
    }
    const lines = this.#lineTexts();
    const consumer = table.consumers[column];
    this.#lines.dataset.count = String(numbers.length);
    this.#lines.replaceChildren(
      h('p', { class: 'hint consumers-count', role: 'status' }, tPlural('consumers.filter.count', numbers.length, {}, formatCount)),
      h(
        'ol',
        { class: 'consumers-line-list' },
        numbers.slice(0, FILTER_LINES).map((number) => {
          const status = table.statuses[table.marks[(number - 1) * width + column]];
          return h(
            'li',
            { class: `consumers-line status-${status}`, 'data-line': number, 'data-status': status },
            lineLink(number),
            ' ',
            h('span', { class: 'consumers-line-status' }, markLabel(consumer, status)),
            ' ',
            h('code', { class: 'file-text', translate: 'no' }, lines[number - 1] ?? ''),
          );
        }),
      ),
      numbers.length > FILTER_LINES
        ? h('p', { class: 'hint' }, tPlural('consumers.filter.more', numbers.length - FILTER_LINES, {}, formatCount))
        : null,
    );
  }

  /** The lines of the text read, split once per text. */
  #lineTexts() {
    if (this.#splitText !== this.#readText) {
      this.#splitText = this.#readText;
      this.#splitLines = (this.#readText ?? '').split(/\r\n|\r|\n/);
    }
    return this.#splitLines;
  }

  /** A summary's sentence shows its consumer's lines in the filter, and moves there. */
  #handleSummaryClick(event) {
    const link = event.target instanceof Element ? event.target.closest('[data-show-consumer]') : null;
    if (link === null) return;
    event.preventDefault();
    this.#consumerSelect.value = link.dataset.showConsumer;
    this.#statusSelect.value = 'any';
    this.#showFilter();
    this.#lines.scrollIntoView({ block: 'nearest' });
    this.#consumerSelect.focus();
  }

  /** A row's marks open (or close) the line's readings under it. */
  async #handleMarksClick(event) {
    const button = event.target instanceof Element ? event.target.closest('.consumer-marks-button') : null;
    if (button === null) return;
    const row = button.closest('.file-line');
    const number = Number(button.dataset.line);
    const open = row.querySelector(':scope > .consumer-line');
    if (open !== null) {
      open.remove();
      button.setAttribute('aria-expanded', 'false');
      return;
    }
    const text = this.#readText;
    const table = this.#table;
    const details = h('div', { class: 'consumer-line', id: `consumer-line-${number}`, 'data-line': number }, t('consumers.loading'));
    row.append(details);
    button.setAttribute('aria-expanded', 'true');
    try {
      const readings = await (await this.#engine()).line(text, number);
      if (table !== this.#table || !details.isConnected) return;
      details.replaceChildren(lineReadings(table, readings));
    } catch (error) {
      details.textContent = t('consumers.failed', { detail: engineErrorText(error) });
    }
  }
}

/** `consumer`'s status in words: "Lighthouse: flags this line". */
function markLabel(consumer, status) {
  return t('consumers.mark-label', { consumer: consumer.name, status: STATUS_WORDS[status] ? t(STATUS_WORDS[status]) : status });
}

/** The row of marks of line `number`: one per consumer, the whole a button that opens the line. */
function marksButton(table, number) {
  const width = table.consumers.length;
  return h(
    'button',
    {
      type: 'button',
      class: 'consumer-marks-button',
      'data-line': number,
      'aria-expanded': 'false',
      'aria-controls': `consumer-line-${number}`,
    },
    h('span', { class: 'visually-hidden' }, t('consumers.line-button', { line: formatCount(number) }), ' '),
    table.consumers.map((consumer, column) => {
      const status = table.statuses[table.marks[(number - 1) * width + column]];
      const label = markLabel(consumer, status);
      return h(
        'span',
        { class: `consumer-mark mark-${status}`, role: 'img', 'aria-label': label, title: label, 'data-consumer': consumer.id, 'data-status': status },
        GLYPHS[status] ?? '?',
      );
    }),
  );
}

/** One consumer's summary: its sentence, which shows its lines in the filter, and its first lines. */
function summaryItem(consumer, summary) {
  const lines = summary?.lines ?? [];
  return h(
    'li',
    {
      class: `consumers-summary-item${lines.length === 0 ? ' consumers-summary-quiet' : ''}`,
      'data-consumer': consumer.id,
      'data-lines': lines.join(' '),
      'data-passes': summary?.passes === null || summary?.passes === undefined ? null : String(summary.passes),
    },
    lines.length === 0
      ? h('span', {}, messageNodes(summary.message))
      : h('a', { href: '#consumers-lines', 'data-show-consumer': consumer.id }, messageNodes(summary.message)),
    lines.length === 0
      ? null
      : [
          ' — ',
          lines.slice(0, SUMMARY_LINE_LINKS).flatMap((line, index) => [index === 0 ? null : ', ', lineLink(line, formatCount(line))]),
          lines.length > SUMMARY_LINE_LINKS ? [' ', t('consumers.and-more', { count: formatCount(lines.length - SUMMARY_LINE_LINKS) })] : null,
        ],
  );
}

/** Every consumer's reading of one line: its status, the core's sentence, its own words. */
function lineReadings(table, line) {
  if (line === null) return h('p', { class: 'hint' }, t('consumers.no-line'));
  return h(
    'dl',
    { class: 'consumer-readings' },
    table.consumers.flatMap((consumer) => {
      const reading = line.readings[consumer.id];
      if (!reading) return [];
      return [
        h(
          'dt',
          { 'data-consumer': consumer.id, 'data-status': reading.status },
          h('span', { class: `consumer-mark mark-${reading.status}`, 'aria-hidden': 'true' }, GLYPHS[reading.status] ?? '?'),
          ' ',
          markLabel(consumer, reading.status),
        ),
        h('dd', { 'data-consumer': consumer.id }, messageNodes(reading.message), ownWords(consumer, reading.words)),
      ];
    }),
  );
}

/**
 * The consumer's own message, quoted as it shows it (never translated), with its severity; said
 * to be inferred when the consumer does not document these words for such a line.
 */
function ownWords(consumer, words) {
  if (!words) return null;
  return h(
    'span',
    { class: 'consumer-own-words', 'data-documented': String(words.documented) },
    h('span', { class: 'label' }, t('consumers.own-words', { consumer: consumer.name }), ' '),
    h('q', { lang: 'en', translate: 'no' }, words.text),
    SEVERITY_WORDS[words.severity] ? ` (${t(SEVERITY_WORDS[words.severity])})` : null,
    words.documented ? null : [' ', h('em', { class: 'consumer-inferred' }, t('consumers.inferred', { consumer: consumer.name }))],
  );
}
