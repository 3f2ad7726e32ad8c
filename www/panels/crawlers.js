/**
 * Known crawlers on the page: the crawler picker in the checker, the note that names the crawler
 * behind a pasted UA string, what the chosen crawler is and which group it used, and the
 * all-crawlers table with its purpose filter and counts.
 *
 * The catalogue (`crawlerCatalogue()`) and every verdict come from the engine; this module only
 * offers the choice (`CrawlerChoice` in www/page/work.js: a chosen crawler is checked with its documented
 * fallback chain instead of the agent field) and puts answers into words.
 *
 *     const crawlers = new CrawlerPanel({ choice: new CrawlerChoice(agentInput), onChange: scheduleRefresh });
 *     crawlers.start(catalogue);                       // once the engine is ready
 *     engine.check(text, agent, url, { ...options, ...crawlers.checkOptions() });
 *     crawlers.show(await engine.crawlerReport(...), verdict);
 *
 * Everything shown reaches the DOM as text (render.js `h`). Sources are plain links: nothing is
 * requested unless the reader follows one.
 */

import { showAiSummary } from './ai-summary.js';
import { externalLink } from './fetch-status.js';
import { decidingLine, fragment, h, lineLink, shortReason } from '../text/render.js';
import { formatCount, has, onLanguageChange, t, tPlural } from '../text/i18n.js';

/** The order of the purpose groups in the menu, the filter and the table; others follow. */
/** "AI crawlers": the purposes behind one click of the filter. */
export const AI_PURPOSES = Object.freeze(['ai-training', 'ai-search', 'user-triggered']);
const FILTER_PRESETS = [
  { id: 'all', label: 'crawlers.preset.all', purposes: null },
  { id: 'ai', label: 'crawlers.preset.ai', purposes: AI_PURPOSES },
  { id: 'search', label: 'crawlers.preset.search', purposes: ['search'] },
];
const FILTER_STORAGE_KEY = 'robots-lens:crawler-filter';
/** Beyond this many agent lines, a sentence says "and N more". */
const MAX_LINE_LINKS = 4;

const ROBOTS_TXT_WORDS = {
  obeys: 'crawlers.robots-txt.obeys',
  'may-ignore': 'crawlers.robots-txt.may-ignore',
  ignores: 'crawlers.robots-txt.ignores',
  unknown: 'crawlers.robots-txt.unknown',
};

const CRAWL_DELAY_WORDS = {
  yes: 'crawlers.crawl-delay.yes',
  no: 'crawlers.crawl-delay.no',
  unknown: 'crawlers.crawl-delay.unknown',
};

const ROBOTS_TXT_TAGS = {
  'may-ignore': 'crawlers.tag.may-ignore',
  ignores: 'crawlers.tag.ignores',
  unknown: 'crawlers.tag.unknown',
};

const CLAIM_WORDS = {
  purpose: 'crawlers.claim.purpose',
  tokens: 'crawlers.claim.tokens',
  userAgent: 'crawlers.claim.user-agent',
  chain: 'crawlers.claim.chain',
  crawlDelay: 'crawlers.claim.crawl-delay',
  robotsTxt: 'crawlers.claim.robots-txt',
};

/** The engine's purposes (`Purpose::id`), in the page's words. */
const PURPOSE_TITLES = {
  search: 'crawlers.purpose.search',
  'ai-training': 'crawlers.purpose.ai-training',
  'ai-search': 'crawlers.purpose.ai-search',
  'user-triggered': 'crawlers.purpose.user-triggered',
  'seo-tool': 'crawlers.purpose.seo-tool',
  archive: 'crawlers.purpose.archive',
  ads: 'crawlers.purpose.ads',
  other: 'crawlers.purpose.other',
};

/** A purpose's title in the page's language; the engine's own title for one added later. */
function purposeTitle(id, engineTitle) {
  return PURPOSE_TITLES[id] ? t(PURPOSE_TITLES[id]) : engineTitle;
}

/** The text of `key` in `table`, or `fallback` as given when the engine sent a value not listed. */
function wordsFor(table, value, fallback = value) {
  return table[value] ? t(table[value]) : fallback;
}

export class CrawlerPanel {
  #select = document.querySelector('#crawler-select');
  #recognised = document.querySelector('#agent-recognised');
  #details = document.querySelector('#crawler-details');
  #panel = document.querySelector('#crawlers');
  #filter = document.querySelector('#crawler-filter');
  #counts = document.querySelector('#crawler-counts');
  #table = document.querySelector('#crawler-table');
  #showAll = document.querySelector('#crawler-show-all');
  #choice;
  #onChange;
  #byName = new Map();
  /** Purposes in display order, each `{ id, title, count }`. */
  #purposes = [];
  /** The crawler the last check ran as (see checkOptions), which `show` explains. */
  #checkedAs = null;
  /** The purposes the table shows. */
  #shown = new Set();
  /** The last report, to refilter without asking the engine again. */
  #rows = [];
  /** The engine's catalogue, once `start` has it. */
  #catalogue = null;

  /** Whether the summary answers a recognised crawler as itself (see `constructor`). */
  #answersAsCrawler;

  /**
   * `choice`: the page's CrawlerChoice, which this panel shows and changes; `answersAsCrawler()`:
   * whether the summary already answers a crawler the agent names as that crawler (the reading
   * option), in which case offering to "check as" it would repeat the summary.
   */
  constructor({ choice, onChange, answersAsCrawler = () => false }) {
    this.#choice = choice;
    this.#onChange = onChange;
    this.#answersAsCrawler = answersAsCrawler;
    this.#select.addEventListener('change', () => this.#handleSelect());
    choice.agent.addEventListener('input', () => this.#syncSelect());
    this.#recognised.addEventListener('click', (event) => this.#handlePickButton(event, false));
    this.#table.addEventListener('click', (event) => this.#handlePickButton(event, true));
    this.#showAll?.addEventListener('click', () => this.#toggleShowAll());
    onLanguageChange(() => {
      if (this.#catalogue === null) return;
      this.#drawControls();
      this.#syncSelect();
    });
    this.#filter.addEventListener('change', () => this.#handleFilter(null));
    this.#filter.addEventListener('click', (event) => {
      const preset = event.target instanceof Element ? event.target.closest('[data-filter-preset]') : null;
      if (preset) this.#handleFilter(preset.dataset.filterPreset);
    });
  }

  /** Unfolds the table to every row, or folds it back to its scrolling window. */
  #toggleShowAll() {
    const expanded = this.#table.classList.toggle('expanded');
    this.#showAll.setAttribute('aria-expanded', String(expanded));
    this.#showAll.dataset.i18n = expanded ? 'crawlers.show-fewer' : 'crawlers.show-all';
    this.#showAll.textContent = t(this.#showAll.dataset.i18n);
  }

  /** The chosen crawler's name, or null when the agent field is checked as typed. */
  get crawler() {
    return this.#choice.name;
  }

  /** Fills the picker and the filter from the engine's `crawlerCatalogue()`. */
  start(catalogue) {
    this.#catalogue = catalogue;
    this.#byName = new Map(catalogue.map((crawler) => [crawler.name, crawler]));
    this.#purposes = purposesOf(catalogue);
    this.#shown = this.#loadFilter();
    this.#drawControls();
    this.#select.disabled = false;
    // A choice restored before the catalogue was known is kept only if the catalogue has it.
    if (!this.#byName.has(this.#choice.name)) this.#choice.choose(null);
    this.#syncSelect();
  }

  /** The picker's options and the filter, in the page's language. */
  #drawControls() {
    const catalogue = this.#catalogue;
    // Their titles are the page's words, so they are taken again in a new language.
    this.#purposes = purposesOf(catalogue);
    this.#select.replaceChildren(
      new Option(t('crawlers.none-as-typed'), ''),
      ...this.#purposes.map((purpose) =>
        h(
          'optgroup',
          { label: purpose.title },
          catalogue
            .filter((crawler) => crawler.purpose === purpose.id)
            .map((crawler) => new Option(`${crawler.name} (${crawler.operator})`, crawler.name)),
        ),
      ),
    );
    this.#filter.replaceChildren(this.#filter.querySelector('legend'), renderFilter(this.#purposes, this.#shown));
    this.#syncFilter();
  }

  /**
   * Chooses crawler `name` (null or '': none) for the text the agent field holds now, as saved
   * work and links restore it. An unknown name is dropped once the catalogue is known.
   */
  restore(name) {
    const known = this.#byName.size === 0 || this.#byName.has(name);
    this.#choice.choose(known ? name : null);
    this.#syncSelect();
  }

  /** Shows the choice in the picker, once the picker is filled. */
  #syncSelect() {
    if (this.#byName.size > 0) this.#select.value = this.#choice.name ?? '';
  }

  /**
   * The check options for the main verdict: `{ crawler, asTyped: false }` while a crawler is
   * chosen (a crawler is never "as typed": the engine refuses the pair), else nothing. The next
   * `show` explains the verdict of this check.
   */
  checkOptions() {
    this.#panel.setAttribute('aria-busy', 'true');
    this.#checkedAs = this.crawler;
    return this.#checkedAs === null ? {} : { crawler: this.#checkedAs, asTyped: false };
  }

  /**
   * Shows a refresh's results: `report` from the engine's `crawlerReport` (`rows`,
   * `recognised`) and the main `verdict` of the check that `checkOptions` last prepared.
   */
  show(report, verdict) {
    if (this.#byName.size === 0) {
      this.clear(t('crawlers.no-catalogue'));
      return;
    }
    const chosen = this.#byName.get(this.#checkedAs) ?? null;
    this.#showRecognised(report.recognised, chosen);
    if (chosen) {
      // A refresh keeps the facts open for the crawler whose facts the reader opened.
      const open = this.#details.querySelector(`details[data-crawler="${CSS.escape(chosen.name)}"]`)?.open;
      this.#details.replaceChildren(renderCrawlerDetails(chosen, verdict, { factsOpen: Boolean(open) }));
      this.#details.hidden = false;
    } else {
      this.#details.hidden = true;
      this.#details.replaceChildren();
    }
    this.#rows = report.rows;
    showAiSummary(document.querySelector('#ai-summary'), report.aiSummary, verdict?.path ?? '');
    this.#table.replaceChildren(renderCrawlerTable(report.rows, this.#byName, this.#purposes));
    this.#applyFilter();
    this.#panel.setAttribute('aria-busy', 'false');
  }

  /** Empties what describes a verdict, when there is none, and says why in the table's place. */
  clear(message) {
    this.#rows = [];
    this.#details.hidden = true;
    this.#details.replaceChildren();
    this.#recognised.hidden = true;
    this.#recognised.replaceChildren();
    this.#counts.textContent = '';
    showAiSummary(document.querySelector('#ai-summary'), null);
    this.#table.replaceChildren(h('p', { class: 'empty-state' }, message));
    this.#panel.setAttribute('aria-busy', 'false');
  }

  #handleSelect() {
    const name = this.#select.value;
    if (name !== '') this.#choice.agent.value = name;
    this.restore(name === '' ? null : name);
    this.#onChange();
  }

  /** A "Check as" button (in the recognised note) or a crawler's name (in the table). */
  #handlePickButton(event, fromTable) {
    const button = event.target instanceof Element ? event.target.closest('[data-pick-crawler]') : null;
    if (!button) return;
    const name = button.dataset.pickCrawler;
    if (!this.#byName.has(name)) return;
    // From the table the agent field takes the crawler's name; a recognised UA string stays.
    if (fromTable) this.#choice.agent.value = name;
    this.restore(name);
    this.#onChange();
    // The button goes away with the refresh; the choice it made is where focus can stay.
    this.#select.focus({ preventScroll: true });
    if (fromTable)
      (this.#select.closest('.crawler-choice') ?? this.#select).scrollIntoView({ block: 'start' });
  }

  #showRecognised(recognised, chosen) {
    let content = null;
    if (chosen) {
      content = [
        t('crawlers.checking-as', { name: chosen.name }),
        ' (',
        chainWords(chosen),
        '), ',
        t('crawlers.not-the-field'),
      ];
    } else if (recognised && this.#byName.has(recognised.name) && !this.#answersAsCrawler()) {
      const crawler = this.#byName.get(recognised.name);
      content = [
        t('crawlers.this-is', {
          name: crawler.name,
          operator: crawler.operator,
          purpose: purposeTitle(crawler.purpose, crawler.purposeTitle),
        }),
        ' ',
        h(
          'button',
          { type: 'button', class: 'button button-small', 'data-pick-crawler': crawler.name },
          t('crawlers.check-as', { name: crawler.name }),
        ),
        h('span', { class: 'hint' }, ' ', t('crawlers.to-follow'), ' ', chainWords(crawler), '.'),
      ];
    }
    this.#recognised.replaceChildren(...(content ?? []).flat());
    this.#recognised.hidden = content === null;
  }

  #handleFilter(presetId) {
    if (presetId !== null) {
      const preset = FILTER_PRESETS.find((candidate) => candidate.id === presetId);
      this.#shown = new Set(preset?.purposes ?? this.#purposes.map((purpose) => purpose.id));
    } else {
      const boxes = this.#filter.querySelectorAll('input[name="crawler-purpose"]');
      this.#shown = new Set([...boxes].filter((box) => box.checked).map((box) => box.value));
    }
    this.#syncFilter();
    this.#applyFilter();
    try {
      localStorage.setItem(FILTER_STORAGE_KEY, JSON.stringify([...this.#shown]));
    } catch {
      // Storage full or off: the filter still works for this visit.
    }
  }

  #loadFilter() {
    const all = new Set(this.#purposes.map((purpose) => purpose.id));
    try {
      const saved = JSON.parse(localStorage.getItem(FILTER_STORAGE_KEY) ?? 'null');
      if (Array.isArray(saved)) return new Set(saved.filter((id) => all.has(id)));
    } catch {
      // Damaged or unavailable: show everything.
    }
    return all;
  }

  /** Ticks the boxes of the shown purposes and presses the preset that matches them, if any. */
  #syncFilter() {
    for (const box of this.#filter.querySelectorAll('input[name="crawler-purpose"]')) {
      box.checked = this.#shown.has(box.value);
    }
    const active = this.#activePreset();
    for (const button of this.#filter.querySelectorAll('[data-filter-preset]')) {
      button.setAttribute('aria-pressed', String(button.dataset.filterPreset === active?.id));
    }
  }

  #activePreset() {
    const all = this.#purposes.map((purpose) => purpose.id);
    return FILTER_PRESETS.find((preset) => {
      const purposes = (preset.purposes ?? all).filter((id) => all.includes(id));
      return purposes.length === this.#shown.size && purposes.every((id) => this.#shown.has(id));
    });
  }

  /** Hides the purpose groups not shown and says how many of the shown crawlers may fetch. */
  #applyFilter() {
    for (const body of this.#table.querySelectorAll('tbody[data-purpose]')) {
      body.hidden = !this.#shown.has(body.dataset.purpose);
    }
    const shown = this.#rows.filter((row) => this.#shown.has(row.purpose));
    const counts = countsSentence(shown, this.#rows, this.#activePreset());
    // A live region: replaced only when it says something new, so typing does not chatter.
    if (this.#counts.textContent !== counts.textContent) this.#counts.replaceChildren(counts);
  }
}

/**
 * The purposes of `catalogue` with their titles and counts, in the core's order of purposes
 * (each crawler's `purposeRank`).
 */
function purposesOf(catalogue) {
  const purposes = new Map();
  for (const crawler of catalogue) {
    const purpose = purposes.get(crawler.purpose) ?? {
      id: crawler.purpose,
      title: purposeTitle(crawler.purpose, crawler.purposeTitle),
      rank: crawler.purposeRank,
      count: 0,
    };
    purpose.count += 1;
    purposes.set(crawler.purpose, purpose);
  }
  return [...purposes.values()].sort((a, b) => a.rank - b.rank);
}

/** The filter's presets and one checkbox per purpose. */
function renderFilter(purposes, shown) {
  const present = new Set(purposes.map((purpose) => purpose.id));
  return fragment(
    h(
      'div',
      { class: 'filter-presets' },
      FILTER_PRESETS.filter((preset) => (preset.purposes ?? []).every((id) => present.has(id))).map(
        (preset) =>
          h(
            'button',
            {
              type: 'button',
              class: 'button button-small',
              'data-filter-preset': preset.id,
              'aria-pressed': 'false',
            },
            t(preset.label),
          ),
      ),
    ),
    h(
      'div',
      { class: 'filter-purposes' },
      purposes.map((purpose) =>
        h(
          'label',
          { class: 'filter-purpose' },
          h('input', {
            type: 'checkbox',
            name: 'crawler-purpose',
            value: purpose.id,
            checked: shown.has(purpose.id),
          }),
          // The name and its count are one flex item, so a name that wraps keeps its count beside it.
          h('span', {}, `${purpose.title} `, h('span', { class: 'muted' }, `(${formatCount(purpose.count)})`)),
        ),
      ),
    ),
  );
}

/** "5 of 12 AI crawlers may fetch /blog/." for the rows shown. */
function countsSentence(shown, all, preset) {
  if (all.length === 0) return fragment();
  if (shown.length === 0) return fragment(t('crawlers.none-shown'));
  const allowed = shown.filter((row) => row.verdict.allowed).length;
  const noun = {
    all: 'crawlers.counts.all',
    ai: 'crawlers.counts.ai',
    search: 'crawlers.counts.search',
  }[preset?.id] ?? 'crawlers.counts.shown';
  const path = all[0].verdict.path;
  const tokenOnly = shown.filter((row) => row.tokenOnly).map((row) => row.name);
  const statusDecides = all.every((row) => row.summary.status !== null);
  return fragment(
    h('strong', {}, t(noun, { allowed: formatCount(allowed), total: formatCount(shown.length) })),
    ' ',
    t('crawlers.may-fetch'),
    ' ',
    h('code', { translate: 'no' }, path),
    '.',
    statusDecides ? [' ', t('crawlers.status-decides-all')] : null,
    tokenOnly.length > 0
      ? h(
          'span',
          { class: 'hint' },
          ' ',
          tokenOnly.length === 1
            ? t('crawlers.token-only-one', { name: tokenOnly[0] })
            : t('crawlers.token-only-many', { names: listWords(tokenOnly, t('crawlers.and')) }),
        )
      : null,
  );
}

/**
 * The all-crawlers table: one body per purpose (the filter hides whole bodies), one row per
 * crawler with its verdict and deciding line, the group it used and the whole-file summary.
 * Rows carry `data-crawler` and `data-verdict` for tests and styles.
 */
export function renderCrawlerTable(rows, byName, purposes) {
  if (rows.length === 0) return fragment(h('p', { class: 'empty-state' }, t('crawlers.empty')));
  const bodies = purposes.map((purpose) => {
    const members = rows.filter((row) => row.purpose === purpose.id);
    if (members.length === 0) return null;
    const allowed = members.filter((row) => row.verdict.allowed).length;
    return h(
      'tbody',
      { 'data-purpose': purpose.id, role: 'rowgroup' },
      h(
        'tr',
        { class: 'purpose-row', role: 'row' },
        h(
          'th',
          { colspan: 4, scope: 'rowgroup', role: 'rowheader' },
          purpose.title,
          h(
            'span',
            { class: 'purpose-count' },
            ` · ${t('crawlers.purpose-count', { allowed: formatCount(allowed), total: formatCount(members.length) })}`,
          ),
        ),
      ),
      members.map((row) => crawlerRow(row, byName.get(row.name))),
    );
  });
  return fragment(
    h(
      'table',
      { class: 'crawler-table', role: 'table', 'aria-describedby': 'crawler-counts' },
      h('caption', { class: 'visually-hidden' }, t('crawlers.caption')),
      h(
        'thead',
        { role: 'rowgroup' },
        h(
          'tr',
          { role: 'row' },
          [COLUMN.crawler, COLUMN.verdict, COLUMN.group, COLUMN.file].map((key) =>
            h('th', { scope: 'col', role: 'columnheader' }, t(key)),
          ),
        ),
      ),
      bodies,
    ),
  );
}

/** The table's column titles, also the cells' labels on a phone (`data-label`). */
const COLUMN = {
  crawler: 'crawlers.column.crawler',
  verdict: 'crawlers.column.verdict',
  group: 'crawlers.column.group',
  file: 'crawlers.column.file',
};

function crawlerRow(row, crawler) {
  const { verdict, summary } = row;
  const word = verdict.allowed ? 'allowed' : 'disallowed';
  const tags = [];
  if (row.tokenOnly) tags.push(tag(t('crawlers.tag.token-only'), 'caution'));
  if (ROBOTS_TXT_TAGS[row.robotsTxt]) tags.push(tag(t(ROBOTS_TXT_TAGS[row.robotsTxt]), 'caution'));
  return h(
    'tr',
    { class: `crawler-row crawler-${word}`, role: 'row', 'data-crawler': row.name, 'data-verdict': word },
    h(
      'th',
      { scope: 'row', role: 'rowheader', class: 'crawler-name' },
      h(
        'button',
        {
          type: 'button',
          class: 'pick-crawler',
          'data-pick-crawler': row.name,
          'aria-label': t('crawlers.check-as', { name: row.name }),
          title: t('crawlers.check-as', { name: row.name }),
        },
        row.name,
      ),
      crawler ? h('span', { class: 'muted crawler-operator' }, crawler.operator) : null,
      tags,
    ),
    h(
      'td',
      { role: 'cell', class: 'crawler-verdict', 'data-label': t(COLUMN.verdict) },
      verdictCell(verdict),
      rfcStatusNote(row.rfcStatusAllows),
    ),
    h('td', { role: 'cell', class: 'crawler-group', 'data-label': t(COLUMN.group) }, groupCell(row, crawler)),
    h(
      'td',
      { role: 'cell', class: `crawler-summary access-${summary.access}`, 'data-label': t(COLUMN.file) },
      summaryWords(summary, verdict.groups.length),
      summary.blockingLine === null ? null : [' ', lineLink(summary.blockingLine)],
    ),
  );
}

/**
 * What the whole file allows a crawler, worded from the engine's summary (its access, rule
 * count, fetch status and the step of the chain it used) and the groups its verdict used:
 * "blocked from everything", "3 rules (no group of its own: follows *)".
 */
function summaryWords(summary, groupCount) {
  if (summary.status === 'allow-all') return t('crawlers.summary.status-allow-all');
  if (summary.status === 'disallow-all') return t('crawlers.summary.status-disallow-all');
  let access;
  if (summary.access === 'nothing') access = t('crawlers.summary.nothing');
  else if (summary.access === 'everything') access = t('crawlers.summary.everything');
  else access = tPlural('crawlers.summary.rules', summary.rules, {}, formatCount);
  const step = summary.chainStep;
  let how = null;
  if (groupCount === 0) how = t('crawlers.summary.no-group');
  else if (summary.usedStarGroup) how = t('crawlers.summary.follows-star');
  else if (step && step.token !== null && step.fallback) how = t('crawlers.summary.follows', { token: step.token });
  return how === null ? access : `${access} (${how})`;
}

function verdictCell(verdict) {
  const line = decidingLine(verdict);
  return [
    h(
      'span',
      { class: `verdict-badge verdict-badge-${verdict.allowed ? 'allowed' : 'disallowed'}` },
      h('span', { 'aria-hidden': 'true' }, verdict.allowed ? '✓ ' : '✕ '),
      verdict.allowed ? t('render.allowed') : t('render.disallowed'),
    ),
    ' ',
    line === null
      ? h('span', { class: 'hint' }, shortReason(verdict.reason))
      : lineLink(line, t('render.line', { line: formatCount(line) })),
  ];
}

/**
 * When the crawler's operator handles the fetch status otherwise than RFC 9309 (Google and
 * 429), what the RFC's rules would answer: the difference, next to the operator's verdict.
 */
function rfcStatusNote(rfcAllows) {
  if (rfcAllows === null || rfcAllows === undefined) return null;
  return h(
    'span',
    { class: 'hint rfc-status-reading', 'data-rfc-verdict': rfcAllows ? 'allowed' : 'disallowed' },
    ' ',
    t(rfcAllows ? 'crawlers.rfc-status-allows' : 'crawlers.rfc-status-disallows'),
  );
}

/**
 * The group a row's verdict used, in a few words, from the engine's code for it
 * (`verdict.groupUsed`), marking fallbacks and a crawler that ignores `*`. A reader with
 * records of its own (python, legacy-1994) reports no chain step: it picked one record by name.
 */
function groupCell(row, crawler) {
  const { verdict } = row;
  const lines = agentLineLinks(verdict);
  const record = verdict.chainStep === null;
  switch (verdict.groupUsed) {
    case 'status':
      return h('span', { class: 'hint' }, t('crawlers.group.status'));
    case 'none':
      return [
        h('span', { class: 'hint' }, t('crawlers.group.none')),
        crawler?.ignoresStar ? tag(t('crawlers.tag.ignores-star'), 'caution') : null,
      ];
    case 'fallback':
      return [
        t('crawlers.group.of', { token: verdict.chainStep.token }),
        ' ',
        tag(t('crawlers.tag.fallback'), 'fallback'),
        ' ',
        lines,
      ];
    case 'star':
      return [t(record ? 'crawlers.group.star-record' : 'crawlers.group.star'), ' ', lines];
    default:
      return [t(record ? 'crawlers.group.own-record' : 'crawlers.group.own'), ' ', lines];
  }
}

/**
 * What the chosen crawler is and how it read the file: which group it used (and whether that
 * was a fallback), cautions for token-only and user-triggered crawlers, and its facts with
 * their sources.
 */
export function renderCrawlerDetails(crawler, verdict, { factsOpen = false } = {}) {
  return fragment(
    h('p', { class: 'crawler-used-group' }, usedGroupSentence(crawler, verdict)),
    cautions(crawler).map((text) => h('p', { class: 'crawler-caution' }, text)),
    h(
      'div',
      { class: 'crawler-about' },
      h(
        'p',
        { class: 'crawler-about-head' },
        h('strong', {}, crawler.name),
        ` · ${crawler.operator} · ${purposeTitle(crawler.purpose, crawler.purposeTitle)}`,
      ),
      // The catalogue's description and note in the page's language (`core.crawler.<name>.*`,
      // whose English entries are the catalogue's own, crates/core/tests/catalogues.rs); a
      // crawler the catalogues do not know yet keeps the engine's English.
      catalogueText(crawler.name, 'description', crawler.description),
      crawler.note ? catalogueText(crawler.name, 'note', crawler.note, 'hint') : null,
      h(
        'details',
        { class: 'crawler-facts', 'data-crawler': crawler.name, open: factsOpen },
        h('summary', {}, t('crawlers.facts')),
        factList(crawler),
        sourceList(crawler),
      ),
    ),
  );
}

/** "Googlebot-Image has no group of its own and follows the Googlebot group, line 12." */
function usedGroupSentence(crawler, verdict) {
  const name = crawler.name;
  const lines = agentLineLinks(verdict);
  const at = lines.length === 0 ? [] : [', ', lines];
  const step = verdict.chainStep;
  const or = t('crawlers.or');
  const record = step === null;
  switch (verdict.groupUsed) {
    case 'status':
      return t('crawlers.used.status', { name });
    case 'none': {
      const named = listWords(crawler.chain.filter((token) => token !== '*'), or);
      return crawler.ignoresStar
        ? t('crawlers.used.nothing-ignores-star', { named, name })
        : t('crawlers.used.nothing-no-star', { named, name });
    }
    case 'star':
      if (record) return [t('crawlers.used.record-star', { name }), ...at, '.'];
      return [t('crawlers.used.star', { missing: listWords(crawler.chain.slice(0, step.index), or), name }), ...at, '.'];
    case 'fallback': {
      const missing = crawler.chain.slice(1, step.index);
      return [
        missing.length === 0
          ? t('crawlers.used.fallback', { name, token: step.token })
          : t('crawlers.used.fallback-nor', { name, token: step.token, missing: listWords(missing, or) }),
        ...at,
        '.',
      ];
    }
    default: {
      if (record) return [t('crawlers.used.record-own', { name }), ...at, '.'];
      const own = sameToken(step.token, name)
        ? t('crawlers.used.own', { name })
        : t('crawlers.used.own-token', { name, token: step.token });
      const groupCount = verdict.groupCount ?? verdict.groups.length;
      const combined = groupCount > 1 ? [' ', t('crawlers.used.combined', { count: formatCount(groupCount) })] : [];
      return [own, ...at, ...combined, '.'];
    }
  }
}

function cautions(crawler) {
  const notes = [];
  if (crawler.tokenOnly) {
    notes.push(
      t('crawlers.caution.token-only', {
        name: crawler.name,
        purpose: purposeTitle(crawler.purpose, crawler.purposeTitle),
      }),
    );
  }
  const complianceKey = {
    obeys: 'crawlers.compliance.obeys',
    'may-ignore': 'crawlers.compliance.may-ignore',
    ignores: 'crawlers.compliance.ignores',
    unknown: 'crawlers.compliance.unknown',
  }[crawler.robotsTxt];
  const compliance = complianceKey ? t(complianceKey) : null;
  if (crawler.purpose === 'user-triggered') {
    notes.push(t('crawlers.caution.user-triggered', { name: crawler.name, compliance: compliance ?? '' }));
  } else if (crawler.robotsTxt !== 'obeys' && compliance) {
    notes.push(`${crawler.name}: ${compliance}`);
  }
  return notes;
}

function factList(crawler) {
  const facts = [
    [t('crawlers.fact.tokens'), joinNodes(crawler.tokens.map((token) => h('code', {}, token)))],
    [t('crawlers.fact.chain'), chainWords(crawler)],
    [
      t('crawlers.fact.user-agent'),
      crawler.userAgent
        ? h('code', { translate: 'no' }, crawler.userAgent)
        : crawler.tokenOnly
          ? t('crawlers.fact.never-fetches')
          : t('crawlers.crawl-delay.unknown'),
    ],
    ['Crawl-delay', wordsFor(CRAWL_DELAY_WORDS, crawler.crawlDelay)],
    ['robots.txt', wordsFor(ROBOTS_TXT_WORDS, crawler.robotsTxt)],
  ];
  return h(
    'dl',
    { class: 'crawler-fact-list' },
    facts.map(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]),
  );
}

/** Each source once, with the claims it supports. */
function sourceList(crawler) {
  const byUrl = new Map();
  for (const [claim, sources] of Object.entries(crawler.sources ?? {})) {
    for (const source of sources) {
      const entry = byUrl.get(source.url) ?? { source, claims: [] };
      entry.claims.push(wordsFor(CLAIM_WORDS, claim));
      byUrl.set(source.url, entry);
    }
  }
  if (byUrl.size === 0) return h('p', { class: 'hint' }, t('crawlers.no-sources'));
  return h(
    'div',
    { class: 'crawler-sources' },
    h('p', { class: 'crawler-sources-head' }, t('crawlers.sources')),
    h(
      'ul',
      {},
      [...byUrl.values()].map(({ source, claims }) =>
        h(
          'li',
          {},
          externalLink(source.url, source.title),
          h('span', { class: 'hint' }, ` (${claims.join(', ')})`),
        ),
      ),
    ),
  );
}

/** `Googlebot-Image → Googlebot → *`, and a word when the chain never reaches `*`. */
function chainWords({ chain, ignoresStar }) {
  const steps = joinNodes(
    chain.map((token) => h('code', {}, token)),
    ' → ',
  );
  return ignoresStar ? [...steps, ', ', t('crawlers.never-star')] : steps;
}

/** The User-agent lines that made the verdict's groups apply, as line links. */
function agentLineLinks(verdict) {
  const lines = [...new Set(verdict.groups.flatMap((group) => group.matchedAgentLines))].sort(
    (a, b) => a - b,
  );
  if (lines.length === 0) return [];
  // The engine worker sends the first groups; the count covers them all.
  const total = Math.max(lines.length, verdict.agentLineCount ?? 0);
  const shown = lines.slice(0, MAX_LINE_LINKS).map((line) => lineLink(line, formatCount(line)));
  const more = total > shown.length ? [' ', t('findings.and-more', { count: formatCount(total - shown.length) })] : [];
  return [total === 1 ? t('crawlers.line-word') : t('crawlers.lines-word'), ' ', ...joinNodes(shown), ...more];
}

function tag(text, kind) {
  return h('span', { class: `crawler-tag crawler-tag-${kind}` }, text);
}

function joinNodes(nodes, separator = ', ') {
  return nodes.flatMap((node, index) => (index === 0 ? [node] : [separator, node]));
}

/** `A`, `A or B`, `A, B or C`. */
function listWords(words, conjunction) {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}`;
}

function sameToken(a, b) {
  return a.toLowerCase() === b.toLowerCase();
}

/** A crawler's description or note from the catalogues, else the engine's English, marked so. */
function catalogueText(name, part, english, className = null) {
  const key = `core.crawler.${name}.${part}`;
  return has(key) ? h('p', { class: className }, t(key)) : h('p', { class: className, lang: 'en' }, english);
}
