/**
 * Many URLs at once: the URL list (`textarea#urls`: pasted, opened or dropped — a text file, a
 * CSV export, a sitemap.xml), the crawlers to check it for, and the results: a URL × agent
 * table that sorts, filters and pages, totals per agent, the rules that decided grouped by
 * line, the rules that matched none of the URLs, and CSV and JSON exports.
 *
 * The engine worker reads the list and checks it (www/engine/lists-engine-worker.js), a step at a time: this
 * module asks for the next step until the list is done or the person cancels, so the page stays
 * responsive and the verdict above keeps answering between steps. It only puts the engine's
 * answers on the page, as text.
 *
 *     const panel = new UrlListPanel({ engine: listsEngine, check: () => ({ text, agent, options }) });
 *     panel.start(catalogue);   // once the engine is ready
 *     panel.changed();          // the file or the check changed: the results are stale
 */

import { formatCount, onLanguageChange, t, tNodes, tPlural } from '../text/i18n.js';
import { fragment, h, lineLink, shortReason } from '../text/render.js';
import { downloadText, storageGet, storageSet } from '../page/local.js';

/** URL × agent checks the worker makes between two looks at the clock (it steps by time). */
const CHECKS_PER_STEP = 4_000;
/** How often the progress of a running list is drawn again. */
const PROGRESS_EVERY_MS = 250;
/** Rows on one page of the table. */
const PAGE_ROWS = 100;
/** Lists larger than this are not read into the text box. */
const MAX_LIST_BYTES = 32 * 1024 * 1024;
const STORAGE = { list: 'robots-lens:urls', crawlers: 'robots-lens:batch-crawlers' };
/** The crawlers chosen until the person chooses others. */
const DEFAULT_CRAWLERS = ['Googlebot', 'Bingbot', 'GPTBot'];

const FILTERS = [
  { id: 'all', label: 'lists.filter.all' },
  { id: 'blocked-for-any', label: 'lists.filter.blocked-for-any' },
  { id: 'differs', label: 'lists.filter.differs' },
  { id: 'blocked', label: 'lists.filter.blocked' },
  { id: 'allowed', label: 'lists.filter.allowed' },
];
const COLUMNS = [
  { order: 'url', label: 'lists.column.url' },
  { order: 'agent', label: 'lists.agent' },
  { order: 'verdict', label: 'lists.column.verdict' },
  { order: 'line', label: 'lists.column.line' },
];
const FORMAT_WORDS = { lines: 'lists.format.lines', csv: 'lists.format.csv', sitemap: 'lists.format.sitemap' };

const $ = (selector) => document.querySelector(selector);

export class UrlListPanel {
  #engine;
  #check;
  #elements;
  /** How the list is written as far as the page knows: `auto`, or the opened file's kind. */
  #format = 'auto';
  /** Incremented by every start and cancel, so that a stopped run drops its answers. */
  #run = 0;
  #agents = [];
  #query = { filter: 'all', contains: '', agent: -1, order: 'input', descending: false, offset: 0 };
  #searchTimer = 0;
  #onChange;
  /** The report on display, to draw again in another language. */
  #report = null;

  /**
   * `engine()` answers a promise of the lists engine; `check()` the checker's `{ text, agent,
   * options }`; `onChange()` is called when the list or the chosen crawlers change.
   */
  constructor({ engine, check, onChange = () => {} }) {
    this.#engine = engine;
    this.#check = check;
    this.#onChange = onChange;
    this.#elements = {
      urls: $('#urls'),
      dropZone: $('#urls-drop'),
      open: $('#urls-open'),
      fileInput: $('#urls-file'),
      facts: $('#urls-facts'),
      includeAgent: $('#batch-include-agent'),
      crawlerList: $('#batch-crawler-list'),
      crawlerCount: $('#batch-crawler-count'),
      allCrawlers: $('#batch-crawlers-all'),
      noCrawlers: $('#batch-crawlers-none'),
      run: $('#batch-run'),
      cancel: $('#batch-cancel'),
      progress: $('#batch-progress'),
      status: $('#batch-status'),
      results: $('#batch-results'),
      summary: $('#batch-summary'),
      filter: $('#batch-filter'),
      agent: $('#batch-agent'),
      search: $('#batch-search'),
      table: $('#batch-table'),
      pager: $('#batch-pager'),
      totals: $('#batch-totals'),
      rules: $('#batch-rules'),
      unused: $('#batch-unused'),
      exportCsv: $('#batch-export-csv'),
      exportJson: $('#batch-export-json'),
    };
    const e = this.#elements;
    e.urls.value = storageGet(STORAGE.list) ?? '';
    e.urls.addEventListener('input', () => {
      this.#format = 'auto';
      storageSet(STORAGE.list, e.urls.value);
      this.#onChange();
    });
    e.includeAgent.addEventListener('change', () => this.#onChange());
    e.open.addEventListener('click', () => e.fileInput.click());
    e.fileInput.addEventListener('change', () => {
      this.#openFile(e.fileInput.files[0]);
      e.fileInput.value = '';
    });
    e.dropZone.addEventListener('dragover', (event) => event.preventDefault());
    e.dropZone.addEventListener('drop', (event) => {
      event.preventDefault();
      this.#openFile(event.dataTransfer?.files[0]);
    });
    e.run.addEventListener('click', () => this.run());
    e.cancel.addEventListener('click', () => this.cancel());
    e.allCrawlers.addEventListener('click', () => this.#chooseAll(true));
    e.noCrawlers.addEventListener('click', () => this.#chooseAll(false));
    e.crawlerList.addEventListener('change', () => this.#saveCrawlers());
    e.filter.append(...FILTERS.map((filter) => new Option(t(filter.label), filter.id)));
    onLanguageChange(() => this.#redraw());
    e.filter.addEventListener('change', () => this.#requery({ filter: e.filter.value }));
    e.agent.addEventListener('change', () => this.#requery({ agent: Number(e.agent.value) }));
    e.search.addEventListener('input', () => {
      clearTimeout(this.#searchTimer);
      this.#searchTimer = setTimeout(() => this.#requery({ contains: e.search.value }), 200);
    });
    e.table.addEventListener('click', (event) => {
      const order = event.target.closest?.('[data-order]')?.dataset.order;
      if (!order) return;
      const descending = this.#query.order === order ? !this.#query.descending : false;
      this.#requery({ order, descending });
    });
    e.pager.addEventListener('click', (event) => {
      const offset = event.target.closest?.('[data-offset]')?.dataset.offset;
      if (offset !== undefined) this.#requery({ offset: Number(offset) }, false);
    });
    e.exportCsv.addEventListener('click', () => this.#export('csv'));
    e.exportJson.addEventListener('click', () => this.#export('json'));
  }

  /** Offers the catalogue's crawlers; enables the button. */
  start(catalogue) {
    const saved = parseList(storageGet(STORAGE.crawlers)) ?? DEFAULT_CRAWLERS;
    const items = catalogue.map((crawler) =>
      h(
        'label',
        { class: 'batch-crawler' },
        h('input', { type: 'checkbox', value: crawler.name, checked: saved.includes(crawler.name) }),
        ' ',
        h('span', { translate: 'no' }, crawler.name),
      ),
    );
    this.#elements.crawlerList.replaceChildren(...items);
    this.#countCrawlers();
    this.#elements.run.disabled = false;
  }

  /**
   * Who the list is checked for: `{ agent }` (blank when not included) and `{ crawlers }`. The
   * agent goes to the engine as typed, and the engine decides what it asks as, as the checker's
   * answer does: a catalogued crawler's name is that crawler (asked once, even when chosen too),
   * with the name as typed beside each row where it answers otherwise, unless `asTyped` (the
   * reading options) asks the name exactly as typed.
   */
  askers() {
    const { agent } = this.#check();
    const crawlers = this.#chosenCrawlers();
    return { agent: this.#elements.includeAgent.checked ? agent : '', crawlers };
  }

  /** The URL list as typed, and how it is written. */
  list() {
    return { text: this.#elements.urls.value, format: this.#format };
  }

  /** The file or the check changed: finished results no longer describe it. */
  changed() {
    const { results, status } = this.#elements;
    if (results.dataset.state !== 'done' || results.dataset.stale === 'true') return;
    results.dataset.stale = 'true';
    status.textContent = t('lists.stale');
  }

  /** Checks the list, a step at a time, and shows the results. */
  async run() {
    const run = ++this.#run;
    const e = this.#elements;
    const { text, options } = this.#check();
    const { agent, crawlers } = this.askers();
    this.#setState('running');
    e.status.textContent = t('lists.reading');
    try {
      const engine = await this.#engine();
      if (run !== this.#run) return;
      const { list, agents } = await engine.batchStart(text, e.urls.value, this.#format, agent, crawlers, options);
      if (run !== this.#run) return;
      this.#agents = agents;
      e.facts.replaceChildren(describeList(list));
      if (list.urls === 0 || agents.length === 0) {
        this.#setState('empty');
        e.status.textContent = t(
          agents.length === 0 ? 'lists.no-agents' : list.sitemaps.length > 0 ? 'lists.is-index' : 'lists.no-urls',
        );
        return;
      }
      let progress = { done: 0, total: list.urls };
      e.progress.max = progress.total;
      let shownAt = -Infinity;
      while (progress.done < progress.total) {
        // The progress is drawn a few times a second (and as soon as the first step is done),
        // not after every step: a frame that repaints it next to a long list in the text box
        // took Chromium 100–300 ms, and the next step waited for it (100,000 URLs: 15 s, the
        // worker busy for 2 of them).
        if (performance.now() - shownAt >= PROGRESS_EVERY_MS || e.progress.value === 0) {
          e.progress.value = progress.done;
          e.status.textContent = t('lists.checked', { done: formatCount(progress.done), total: formatCount(progress.total) });
          shownAt = performance.now();
        }
        progress = await engine.batchStep(CHECKS_PER_STEP);
        if (run !== this.#run) return;
      }
      const report = await engine.batchReport();
      if (run !== this.#run) return;
      this.#query = { ...this.#query, offset: 0, agent: -1 };
      e.agent.replaceChildren(
        new Option(t('lists.all-agents'), '-1'),
        ...agents.map((name, index) => new Option(name, String(index))),
      );
      await this.#showRows(engine);
      if (run !== this.#run) return;
      this.#report = report;
      this.#showReport(report);
      e.status.textContent = '';
      e.results.dataset.rows = String(report.rows);
      this.#setState('done');
    } catch (error) {
      if (run !== this.#run) return;
      this.#setState('error');
      e.status.textContent = t('lists.failed', { message: error.message });
    }
  }

  /** Stops checking the list; what was checked so far is dropped. */
  cancel() {
    if (this.#elements.results.dataset.state !== 'running') return;
    this.#run += 1;
    this.#setState('cancelled');
    this.#elements.status.textContent = t('lists.cancelled');
  }

  /** Draws the results again, in the language now in use. */
  async #redraw() {
    const e = this.#elements;
    e.filter.replaceChildren(...FILTERS.map((filter) => new Option(t(filter.label), filter.id)));
    e.filter.value = this.#query.filter;
    this.#countCrawlers();
    if (e.results.dataset.state !== 'done' || this.#report === null) return;
    e.agent.options[0].text = t('lists.all-agents');
    this.#showReport(this.#report);
    try {
      await this.#showRows(await this.#engine());
    } catch {
      // The rows stay in the language they were drawn in.
    }
  }

  #setState(state) {
    const e = this.#elements;
    e.results.dataset.state = state;
    delete e.results.dataset.stale;
    if (state !== 'done') e.results.dataset.rows = '';
    e.results.setAttribute('aria-busy', String(state === 'running'));
    e.progress.hidden = state !== 'running';
    e.cancel.hidden = state !== 'running';
    e.run.disabled = state === 'running';
    for (const part of [e.summary, e.totals, e.rules, e.unused, e.table, e.pager]) {
      if (state !== 'done') part.replaceChildren();
    }
    e.results.querySelector('.batch-view').hidden = state !== 'done';
  }

  async #openFile(file) {
    if (!file) return;
    const e = this.#elements;
    if (file.size > MAX_LIST_BYTES) {
      e.facts.replaceChildren(...tNodes('lists.too-large', { name: untranslated(file.name) }));
      return;
    }
    let text;
    try {
      text = await file.text();
    } catch (error) {
      e.facts.replaceChildren(...tNodes('lists.unreadable', { name: untranslated(file.name), message: error.message }));
      return;
    }
    e.urls.value = text;
    storageSet(STORAGE.list, text);
    this.#onChange();
    const name = file.name.toLowerCase();
    this.#format = name.endsWith('.xml') ? 'sitemap' : /\.(csv|tsv)$/.test(name) ? 'csv' : 'auto';
    e.facts.replaceChildren(...tNodes('lists.opened', { name: untranslated(file.name) }));
    await this.run();
  }

  #chosenCrawlers() {
    return [...this.#elements.crawlerList.querySelectorAll('input:checked')].map((input) => input.value);
  }

  #chooseAll(checked) {
    for (const input of this.#elements.crawlerList.querySelectorAll('input')) input.checked = checked;
    this.#saveCrawlers();
  }

  #saveCrawlers() {
    storageSet(STORAGE.crawlers, JSON.stringify(this.#chosenCrawlers()));
    this.#countCrawlers();
    this.#onChange();
  }

  #countCrawlers() {
    this.#elements.crawlerCount.textContent = formatCount(this.#chosenCrawlers().length);
  }

  async #requery(change, toFirstPage = true) {
    if (this.#elements.results.dataset.state !== 'done') return;
    this.#query = { ...this.#query, ...change, ...(toFirstPage ? { offset: 0 } : {}) };
    try {
      await this.#showRows(await this.#engine());
    } catch (error) {
      this.#elements.status.textContent = t('lists.rows-failed', { message: error.message });
    }
  }

  async #showRows(engine) {
    const query = { ...this.#query, limit: PAGE_ROWS };
    const page = await engine.batchRows(query);
    const e = this.#elements;
    const header = h(
      'tr',
      {},
      COLUMNS.map((column) => {
        const sorted = this.#query.order === column.order;
        const sort = sorted ? (this.#query.descending ? 'descending' : 'ascending') : null;
        return h(
          'th',
          { scope: 'col', 'aria-sort': sort },
          h('button', { type: 'button', class: 'sort-button', 'data-order': column.order }, t(column.label), sorted ? (this.#query.descending ? ' ▼' : ' ▲') : ''),
        );
      }),
    );
    const rows = page.rows.map((row) =>
      h(
        'tr',
        { class: row.allowed ? 'row-allowed' : 'row-blocked' },
        h('td', {}, h('code', { translate: 'no', class: 'batch-url' }, row.url)),
        h('td', { translate: 'no' }, row.agent),
        h('td', {}, h('span', { class: row.allowed ? 'verdict-word-allowed' : 'verdict-word-blocked' }, t(row.allowed ? 'lists.allowed' : 'lists.blocked'))),
        h('td', {}, decidedBy(row), row.asTyped ? asTypedBeside(row.asTyped, row.agent) : ''),
      ),
    );

    e.table.replaceChildren(
      h(
        'table',
        { class: 'batch-table' },
        h('caption', { class: 'visually-hidden' }, t('lists.caption')),
        h('thead', {}, header),
        h('tbody', {}, rows),
      ),
    );
    if (page.rows.length === 0) e.table.append(h('p', { class: 'empty-state' }, t('lists.no-row')));
    // Rows answered as a crawler with the name as typed beside: why, and the option that swaps.
    const typedRow = page.rows.find((row) => row.asTyped);
    if (typedRow) e.table.append(h('p', { class: 'hint as-typed-note' }, t('lists.as-typed-why', { name: typedRow.agent })));
    const { offset } = this.#query;
    const last = Math.min(offset + page.rows.length, page.matching);
    // replaceChildren writes a null as the text "null": only the buttons that apply are passed.
    e.pager.replaceChildren(
      h(
        'span',
        {},
        page.matching === 0
          ? ''
          : t('lists.rows-range', { first: formatCount(offset + 1), last: formatCount(last), total: formatCount(page.matching) }),
      ),
      ...[
        offset > 0 ? h('button', { type: 'button', class: 'button', 'data-offset': Math.max(0, offset - PAGE_ROWS) }, t('lists.previous')) : null,
        last < page.matching ? h('button', { type: 'button', class: 'button', 'data-offset': offset + PAGE_ROWS }, t('lists.next')) : null,
      ].filter((button) => button !== null),
    );
    e.results.dataset.matching = String(page.matching);
  }

  #showReport(report) {
    const e = this.#elements;
    e.summary.textContent = t('lists.summary', {
      urls: formatCount(report.urls),
      agents: tPlural('lists.agents', this.#agents.length, {}, formatCount),
      blocked: formatCount(report.blockedRows),
      rows: formatCount(report.rows),
      anyBlocked: formatCount(report.blockedForAny),
      differs: formatCount(report.differs),
    });
    e.totals.replaceChildren(
      h('h3', {}, t('lists.per-agent')),
      h(
        'table',
        { class: 'batch-totals-table' },
        h(
          'thead',
          {},
          h('tr', {}, ['lists.agent', 'lists.column.allowed', 'lists.column.blocked'].map((key) => h('th', { scope: 'col' }, t(key)))),
        ),
        h(
          'tbody',
          {},
          report.totals.items.map((total) =>
            h('tr', {}, h('td', { translate: 'no' }, total.agent), h('td', {}, formatCount(total.allowed)), h('td', {}, formatCount(total.blocked))),
          ),
        ),
      ),
    );
    const ruleItems = report.rules.items.map((rule) =>
      h(
        'li',
        {},
        lineLink(rule.line, t('render.line-label', { line: rule.line })),
        ' ',
        ruleCode(rule),
        ' ',
        t(rule.kind === 'allow' ? 'lists.rule-allows' : 'lists.rule-blocks', { count: formatCount(rule.urls) }),
        rule.agents.length < this.#agents.length
          ? [' ', ...tNodes('lists.rule-for', { agents: untranslated(rule.agents.join(', ')) })]
          : '',
        ' ',
        tPlural('lists.rule-rows', rule.rows, {}, formatCount),
      ),
    );
    // Through fragment(), which leaves out what is null: replaceChildren would write "null".
    e.rules.replaceChildren(
      fragment(
        h('h3', {}, t('lists.by-rule')),
        ruleItems.length === 0 ? h('p', { class: 'empty-state' }, t('lists.no-rule-decided')) : h('ul', { class: 'batch-rule-list' }, ruleItems),
        more(report.rules),
        report.undecidedRows > 0 ? h('p', { class: 'hint' }, t('lists.undecided', { count: formatCount(report.undecidedRows) })) : null,
      ),
    );
    const unused = report.unusedRules.items.map((rule) =>
      h('li', {}, lineLink(rule.line, t('render.line-label', { line: rule.line })), ' ', ruleCode(rule)),
    );
    e.unused.replaceChildren(
      fragment(
        h('h3', {}, t('lists.unused-heading')),
        h('p', { class: 'hint' }, t('lists.unused-hint')),
        unused.length === 0 ? h('p', { class: 'empty-state' }, t('lists.all-matched')) : h('ul', { class: 'batch-rule-list' }, unused),
        more(report.unusedRules),
      ),
    );
  }

  async #export(kind) {
    if (this.#elements.results.dataset.state !== 'done') return;
    try {
      const text = await (await this.#engine()).batchExport(kind);
      downloadText(`robots-lens-urls.${kind}`, text, kind === 'csv' ? 'text/csv' : 'application/json');
    } catch (error) {
      this.#elements.status.textContent = t('lists.export-failed', { message: error.message });
    }
  }
}

/** "and 12 more" under a cut list of rules. */
/** What decided a row: its line and the rule's text, or the reason when no line did. */
function decidedBy(answer) {
  return answer.line === null
    ? h('span', { class: 'hint' }, shortReason(answer.reason))
    : [lineLink(answer.line), ' ', h('code', { translate: 'no' }, answer.rule ?? '')];
}

/**
 * The answer for the name as typed, beside a row answered as the catalogued crawler it names
 * (`row.asTyped`, sent only where it differs), as the checker's summary shows it.
 */
function asTypedBeside(typed, crawler) {
  return h(
    'div',
    { class: 'as-typed-beside', 'data-allowed': String(typed.allowed), 'data-line': typed.line ?? '', title: t('lists.as-typed-why', { name: crawler }) },
    t('lists.as-typed'),
    ' ',
    h('span', { class: typed.allowed ? 'as-typed-allowed' : 'as-typed-disallowed' }, t(typed.allowed ? 'lists.allowed' : 'lists.blocked')),
    ' ',
    decidedBy(typed),
  );
}

function more(list) {
  const hidden = list.total - list.items.length;
  return hidden > 0 ? h('p', { class: 'hint' }, t('lists.more', { count: formatCount(hidden) })) : null;
}

/** A rule as written in the file: `Disallow: /cart/`. */
function ruleCode(rule) {
  return h('code', { translate: 'no' }, `${rule.kind === 'allow' ? 'Allow' : 'Disallow'}: ${rule.pattern}`);
}

/** What the person typed or named, which a page translator must leave alone. */
function untranslated(text) {
  return h('span', { translate: 'no' }, text);
}

/** What reading the list found, in a sentence. */
function describeList(list) {
  const format = FORMAT_WORDS[list.format] ? t(FORMAT_WORDS[list.format]) : list.format;
  const parts = [[tPlural('lists.read', list.urls, { format }, formatCount)]];
  if (list.column) parts.push(tNodes('lists.from-column', { column: untranslated(list.column) }));
  if (list.duplicates > 0) parts.push([t('lists.duplicates', { count: formatCount(list.duplicates) })]);
  if (list.overLimit > 0)
    parts.push([t('lists.over-limit', { count: formatCount(list.overLimit), limit: formatCount(list.maxUrls) })]);
  const sentence = [...parts.flatMap((part, index) => (index === 0 ? part : [', ', ...part])), '.'];
  if (list.sitemaps.length === 0) return fragment(...sentence);
  return fragment(
    ...sentence,
    ' ',
    t('lists.index-listing', { count: formatCount(list.sitemaps.length) }),
    h('ul', { class: 'sitemap-index' }, list.sitemaps.slice(0, 50).map((url) => h('li', {}, h('code', { translate: 'no' }, url)))),
  );
}


function parseList(json) {
  try {
    const value = JSON.parse(json ?? 'null');
    return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : null;
  } catch {
    return null;
  }
}
