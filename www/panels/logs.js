/**
 * "Did bots obey?": access logs replayed against the robots.txt versions in force, in this browser.
 *
 * The person opens or drops logs (gzip'd or not) and, beside the file in the editor, may add older
 * or newer versions with the time each took effect. The logs engine's worker
 * (www/engine/logs-engine.js) reads them a chunk at a time, a step of a few tens of milliseconds at
 * a time, and the Rust core judges every request; this module only gathers the choices, shows the
 * progress and renders the report: one row per crawler in the core's order (disobeying crawlers
 * first, then impersonators), its disallowed requests by deciding line with an example, its
 * `/robots.txt` fetches, pace and addresses, and a timeline of its requests. Everything the log
 * says is user text: it reaches the page through `textContent` only, marked `translate="no"`.
 */

import { EngineError } from '../engine/engine.js';
import { logsEngine } from '../engine/logs-engine.js';
import { formatBytes, formatCount, onLanguageChange, t, tPlural } from '../text/i18n.js';
import { engineErrorText, fragment, h } from '../text/render.js';

/** How long each step reads, in milliseconds: the page renders the progress between steps. */
const STEP_MS = 40;
/** How many of a crawler's disallowed lines are shown (the CSV and the CLI list them all). */
const SHOWN_VIOLATIONS = 5;

const UNREADABLE = {
  unrecognised: 'logs.unreadable-unrecognised',
  'no-request': 'logs.unreadable-no-request',
  'invalid-json': 'logs.unreadable-invalid-json',
  'no-fields': 'logs.unreadable-no-fields',
  'too-long': 'logs.unreadable-too-long',
};
const UNJUDGED = {
  'before-first-version': 'logs.unjudged-before-first-version',
  'no-time': 'logs.unjudged-no-time',
  'no-file': 'logs.unjudged-no-file',
  'url-refused': 'logs.unjudged-url-refused',
  'too-long': 'logs.unjudged-too-long',
};

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

/** User text: shown as it is, never translated by the browser. */
function userText(text, className = null) {
  return h('span', { translate: 'no', class: className }, text);
}

export class LogsPanel {
  #elements;
  #current;
  #options;
  #files = [];
  #versions = [];
  #running = null;
  #report = null;

  /**
   * `current()` is the editor's text, the version every request is judged against unless a dated
   * one holds; `options()` the checker's reading options (`profile`, `agentMatch`).
   */
  constructor({ current, options }) {
    const $ = (selector) => document.querySelector(selector);
    this.#current = current;
    this.#options = options;
    this.#elements = {
      drop: $('#logs-drop'),
      open: $('#logs-open'),
      file: $('#logs-file'),
      chosen: $('#logs-chosen'),
      currentFrom: $('#logs-current-from'),
      addVersion: $('#logs-add-version'),
      versionFile: $('#logs-version-file'),
      versions: $('#logs-versions'),
      format: $('#logs-format'),
      fields: $('#logs-fields'),
      run: $('#logs-run'),
      cancel: $('#logs-cancel'),
      progress: $('#logs-progress'),
      status: $('#logs-status'),
      results: $('#logs-results'),
    };
    const e = this.#elements;
    // index.html writes it as a text field: a date field's parts (its editable fields and picker
    // icon, an SVG document to decode) were styled in the first verdict's task, 3-4 ms of it, as
    // Chromium styles the form fields of the panels below the view at DOMContentLoaded (issue 38).
    e.currentFrom.type = 'datetime-local';
    e.open.addEventListener('click', () => e.file.click());
    e.file.addEventListener('change', () => this.#choose([...e.file.files]));
    e.drop.addEventListener('dragover', (event) => {
      event.preventDefault();
      e.drop.dataset.dragging = 'true';
    });
    e.drop.addEventListener('dragleave', () => delete e.drop.dataset.dragging);
    e.drop.addEventListener('drop', (event) => {
      event.preventDefault();
      delete e.drop.dataset.dragging;
      this.#choose([...(event.dataTransfer?.files ?? [])]);
    });
    e.addVersion.addEventListener('click', () => e.versionFile.click());
    e.versionFile.addEventListener('change', () => this.#addVersions([...e.versionFile.files]));
    e.run.addEventListener('click', () => this.run());
    e.cancel.addEventListener('click', () => this.#stop());
    onLanguageChange(() => {
      this.#showChosen();
      if (this.#report) this.#render(this.#report);
    });
  }

  /** Replaces the logs to replay. */
  #choose(files) {
    if (files.length === 0) return;
    this.#files = files;
    this.#showChosen();
    this.#elements.run.disabled = false;
  }

  #showChosen() {
    const { chosen } = this.#elements;
    if (this.#files.length === 0) {
      chosen.replaceChildren();
      return;
    }
    const size = this.#files.reduce((sum, file) => sum + file.size, 0);
    chosen.replaceChildren(
      t('logs.chosen', { size: formatBytes(size) }),
      ' ',
      userText(this.#files.map((file) => file.name).join(', ')),
    );
  }

  async #addVersions(files) {
    for (const file of files) {
      const text = await file.text();
      const version = { name: file.name, text, from: h('input', { type: 'datetime-local', step: '1', 'aria-label': t('logs.from') }) };
      const remove = h('button', { type: 'button', class: 'button' }, t('logs.remove'));
      const item = h('li', { class: 'logs-version' }, userText(file.name, 'logs-version-name'), ' ', h('label', {}, t('logs.from'), ' ', version.from), ' ', remove);
      remove.addEventListener('click', () => {
        this.#versions = this.#versions.filter((known) => known !== version);
        item.remove();
      });
      this.#versions.push(version);
      this.#elements.versions.append(item);
    }
    this.#elements.versionFile.value = '';
  }

  /** The versions as the engine takes them; a `datetime-local` value is read as UTC. */
  #versionList() {
    const from = (input) => (input.value ? `${input.value.length === 16 ? `${input.value}:00` : input.value}Z` : '');
    return [
      { label: t('logs.current'), text: this.#current(), from: from(this.#elements.currentFrom), site: '' },
      ...this.#versions.map((version) => ({ label: version.name, text: version.text, from: from(version.from), site: '' })),
    ];
  }

  /** Replays the chosen logs. */
  async run() {
    if (this.#files.length === 0 || this.#running) return;
    const e = this.#elements;
    const run = { stopped: false, started: performance.now() };
    this.#running = run;
    this.#report = null;
    e.run.disabled = true;
    e.cancel.hidden = false;
    e.progress.hidden = false;
    e.progress.value = 0;
    e.results.dataset.state = 'running';
    e.results.setAttribute('aria-busy', 'true');
    e.results.replaceChildren();
    try {
      const engine = await logsEngine();
      const options = { ...this.#options(), logFormat: e.format.value, fields: e.fields.value.trim() };
      const { totalBytes } = await engine.logsStart(this.#versionList(), options, this.#files);
      let step;
      do {
        step = await engine.logsStep(STEP_MS);
        e.progress.value = totalBytes > 0 ? step.readBytes / totalBytes : 1;
        e.status.textContent = t('logs.status-reading', {
          read: formatBytes(step.readBytes),
          total: formatBytes(totalBytes),
          lines: formatCount(step.lines),
        });
      } while (!step.done && !run.stopped);
      const report = await engine.logsReport();
      this.#report = report;
      const seconds = (performance.now() - run.started) / 1000;
      e.status.textContent = run.stopped
        ? t('logs.status-stopped', { lines: formatCount(report.lines) })
        : t('logs.status-done', {
            lines: formatCount(report.lines),
            requests: formatCount(report.requests),
            seconds: seconds.toFixed(1),
          });
      e.results.dataset.state = run.stopped ? 'stopped' : 'done';
      this.#render(report, engine);
    } catch (error) {
      e.results.dataset.state = 'error';
      e.status.textContent = t('logs.error', {
        message: error instanceof EngineError ? engineErrorText(error) : String(error?.message ?? error),
      });
    } finally {
      this.#running = null;
      e.run.disabled = false;
      e.cancel.hidden = true;
      e.progress.hidden = true;
      e.results.setAttribute('aria-busy', 'false');
    }
  }

  #stop() {
    if (this.#running) this.#running.stopped = true;
  }

  #render(report, engine = null) {
    const e = this.#elements;
    const catalogued = report.crawlers.filter((row) => row.claim === 'crawler');
    const disallowed = catalogued.reduce((sum, row) => sum + row.disallowed, 0);
    e.results.dataset.requests = String(report.requests);
    e.results.dataset.disallowed = String(disallowed);
    e.results.dataset.impersonators = String(report.crawlers.filter((row) => row.claim === 'impersonator').length);
    const download = h('button', { type: 'button', class: 'button', id: 'logs-download' }, t('logs.download'));
    download.addEventListener('click', () => this.#download());
    download.disabled = engine === null && this.#csvEngine === null;
    if (engine) this.#csvEngine = engine;
    e.results.replaceChildren(
      h('p', { class: 'logs-summary' }, t('logs.summary', {
        requests: formatCount(report.requests),
        crawlers: formatCount(new Set(catalogued.map((row) => row.crawler)).size),
        disallowed: formatCount(disallowed),
      })),
      this.#table(report),
      this.#notes(report),
      h('p', {}, download),
    );
  }

  #csvEngine = null;

  async #download() {
    if (!this.#csvEngine) return;
    const csv = await this.#csvEngine.logsCsv();
    const link = h('a', { href: URL.createObjectURL(new Blob([csv], { type: 'text/csv' })), download: 'disallowed-requests.csv' });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  }

  #table(report) {
    const head = h(
      'tr',
      {},
      ['logs.col-crawler', 'logs.col-requests', 'logs.col-disallowed', 'logs.col-robots', 'logs.col-pace', 'logs.col-addresses', 'logs.col-timeline'].map((key) =>
        h('th', { scope: 'col' }, t(key)),
      ),
    );
    const rows = report.crawlers.flatMap((row) => this.#rows(row, report));
    return h('table', { class: 'logs-table', id: 'logs-table' }, h('thead', {}, head), h('tbody', {}, rows));
  }

  #rows(row, report) {
    const name =
      row.claim === 'unknown'
        ? t('logs.unknown')
        : row.claim === 'impersonator'
          ? t('logs.impersonator', { name: row.crawler })
          : row.crawler;
    const share = row.judged > 0 && row.disallowed > 0 ? ` (${((row.disallowed * 100) / row.judged).toFixed(1)}%)` : '';
    const tr = h(
      'tr',
      { 'data-crawler': row.crawler ?? '', 'data-claim': row.claim, 'data-disallowed': row.disallowed },
      h('th', { scope: 'row' }, name),
      h('td', { class: 'number' }, formatCount(row.requests)),
      h('td', { class: 'number' }, row.judged === 0 ? '–' : `${formatCount(row.disallowed)}${share}`),
      h('td', {}, robotsCell(row)),
      h('td', {}, paceCell(row)),
      h('td', {}, addressCell(row)),
      h('td', {}, timeline(row, report)),
    );
    if (row.violations.length === 0 || row.claim === 'unknown') return [tr];
    const details = h(
      'details',
      { class: 'logs-violations' },
      h('summary', {}, t('logs.violations', { name, count: formatCount(row.disallowed) })),
      h(
        'ul',
        {},
        row.violations.slice(0, SHOWN_VIOLATIONS).map((violation) =>
          h(
            'li',
            {},
            t('logs.violation', {
              count: formatCount(violation.requests),
              line: violation.line ?? '–',
            }),
            ' ',
            userText(violation.label, 'logs-version-label'),
            violation.rule ? [': ', h('code', { translate: 'no' }, violation.rule)] : null,
            h(
              'span',
              { class: 'hint logs-example' },
              ' ',
              t('logs.example', { line: violation.example.line }),
              ' ',
              userText(report.files[violation.example.file] ?? ''),
              ': ',
              h('code', { translate: 'no' }, violation.example.url),
            ),
          ),
        ),
      ),
      row.violations.length > SHOWN_VIOLATIONS ? h('p', { class: 'hint' }, t('logs.more-lines', { count: formatCount(row.violations.length - SHOWN_VIOLATIONS) })) : null,
    );
    return [tr, h('tr', { class: 'logs-details' }, h('td', { colspan: '7' }, details))];
  }

  #notes(report) {
    const notes = [];
    if (report.unreadable.total > 0) {
      const reasons = Object.entries(report.unreadable.reasons)
        .map(([reason, count]) => `${t(UNREADABLE[reason] ?? 'logs.unreadable-unrecognised')} ${formatCount(count)}`)
        .join(', ');
      notes.push(
        h('p', { id: 'logs-unreadable', 'data-count': report.unreadable.total }, t('logs.unreadable', { count: formatCount(report.unreadable.total), reasons })),
        h(
          'ul',
          { class: 'logs-unreadable-examples' },
          report.unreadable.examples.slice(0, 3).map((example) =>
            h('li', {}, t('logs.example', { line: example.line }), ' ', userText(report.files[example.file] ?? ''), ': ', h('code', { translate: 'no' }, example.text)),
          ),
        ),
      );
    }
    const unjudged = Object.entries(report.unjudged);
    if (unjudged.length > 0) {
      const list = unjudged.map(([reason, count]) => `${t(UNJUDGED[reason] ?? 'logs.unjudged-url-refused')} ${formatCount(count)}`).join(', ');
      notes.push(h('p', {}, t('logs.unjudged', { list })));
    }
    const ranges = report.ip_ranges
      .map((operator) => `${operator.operator} ${operator.lists.map((list) => list.date).sort().at(-1)}`)
      .join(', ');
    notes.push(h('p', { class: 'hint' }, t('logs.ranges', { list: ranges })));
    return fragment(notes);
  }
}

function robotsCell(row) {
  if (row.claim === 'unknown') return '–';
  const fetches = row.robots_txt;
  const first =
    fetches.hosts > 0 && fetches.fetched_first === fetches.hosts
      ? t('logs.robots-first')
      : fetches.fetched_first > 0
        ? t('logs.robots-first-some')
        : fetches.fetches > 0
          ? t('logs.robots-not-first')
          : t('logs.robots-never');
  return fetches.fetches > 0 ? `${first}, ${tPlural('logs.robots-fetches', fetches.fetches, { count: formatCount(fetches.fetches) })}` : first;
}

function paceCell(row) {
  if (row.claim === 'unknown') return '–';
  const { pace } = row;
  if (pace.crawl_delay === null && pace.request_rate === null) return t('logs.pace-none');
  const asked =
    pace.crawl_delay !== null
      ? t('logs.delay', { seconds: pace.crawl_delay })
      : t('logs.rate', { requests: pace.request_rate.requests, seconds: pace.request_rate.seconds });
  const fast = pace.faster_than_delay + pace.over_request_rate;
  return fast === 0 ? t('logs.pace-ok', { asked }) : t('logs.pace-fast', { count: formatCount(fast), asked });
}

function addressCell(row) {
  if (row.claim === 'unknown') return '–';
  // The operator is the catalogue's: the report names the crawler, the ranges name operators.
  if (row.claim === 'impersonator') return t('logs.addresses-outside');
  if (row.verified === row.requests) return t('logs.addresses-verified');
  if (row.verified === 0) return t('logs.addresses-unpublished');
  return t('logs.addresses-some', { verified: formatCount(row.verified), requests: formatCount(row.requests) });
}

/** A row's timeline: one bar a bucket, its height the requests, its darker part the disallowed. */
function timeline(row, report) {
  const buckets = row.timeline;
  const width = 120;
  const height = 24;
  const most = Math.max(1, ...buckets.map(([requests]) => requests));
  const bar = buckets.length > 0 ? width / buckets.length : width;
  const bars = buckets.flatMap(([requests, disallowed], index) => {
    if (requests === 0) return [];
    const all = (requests / most) * height;
    const bad = (disallowed / most) * height;
    return [
      svg('rect', { x: index * bar, y: height - all, width: Math.max(bar, 0.5), height: all, class: 'logs-bar' }),
      bad > 0 ? svg('rect', { x: index * bar, y: height - bad, width: Math.max(bar, 0.5), height: bad, class: 'logs-bar-disallowed' }) : null,
    ].filter(Boolean);
  });
  const from = report.timeline.start ?? '';
  const title = svg('title');
  title.textContent = t('logs.timeline', { from, minutes: formatCount(report.timeline.bucket_seconds / 60) });
  return svg('svg', { class: 'logs-timeline', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': title.textContent }, title, ...bars);
}
