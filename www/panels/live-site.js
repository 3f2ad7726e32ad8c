/**
 * "Check a live site": an address and a crawler in; the site's robots.txt as that crawler is
 * served it, fetched by Robots Lens on the visitor's own machine; out: the file in the editor,
 * its served status on every verdict, and what happened on the way (each redirect, the final
 * URL, the size and where crawlers stop reading).
 *
 * A browser may not read another site's robots.txt (no CORS), and the page never sends what a
 * person types to a server of ours. `robots-lens serve` (or `npx robots-lens serve`) serves this
 * page on the person's own machine with a fetch endpoint beside it, and writes its key into the
 * page's `robots-lens-live` meta element: only then does this panel ask, at `api/fetch` of the
 * page's own origin, sending the key back. On a static host the element is empty: the panel
 * says how to get the live check (for the address typed) and never makes a request.
 *
 * Nothing here reads a rule or decides what a status means: the served status (`301>200`,
 * `404`, `html`, `unreachable`, in the form the engine reads) goes to the status picker, so the
 * engine applies it to every verdict and the crawler table, and the bytes go to the editor as an
 * opened file's do. The server's facts (hops, sizes, failure kinds) are put into words here,
 * from the catalogue; what the person typed and what the site sent are shown as text.
 *
 *     const live = new LiveSitePanel({ onFetched, onCompare });
 *     live.start(catalogue);                        // once the engine gives the crawlers
 *     live.fetchedFileReplaced();                   // the editor no longer holds the served file
 */

import { base64ToBytes } from '../page/work.js';
import { formatBytes, formatCount, onLanguageChange, t, tNodes } from '../text/i18n.js';
import { fragment, h } from '../text/render.js';

/** The endpoint, relative to the page (robots-lens serve answers it at /api/fetch). */
const ENDPOINT = 'api/fetch';
/** The header that carries the key the server wrote into the page. */
const KEY_HEADER = 'X-Robots-Lens-Key';
/** The crawler the picker starts on: the one most people check first. */
const DEFAULT_CRAWLER = 'Googlebot';
/** The bytes crawlers read (RFC 9309 §2.5, Google's 500 KiB): the size of the cut shown. */
const CRAWLERS_READ = 500 * 1024;

/** Why no usable answer came, by the fetch's `failure.kind`. */
const FAILURES = {
  timeout: 'site.failure.timeout',
  'host-not-found': 'site.failure.host-not-found',
  'connection-failed': 'site.failure.connection-failed',
  tls: 'site.failure.tls',
  protocol: 'site.failure.protocol',
  'bad-redirect': 'site.failure.bad-redirect',
};

const $ = (selector) => document.querySelector(selector);

/** The key `robots-lens serve` wrote into the page, or null on a static host. */
export function liveKey(doc = document) {
  const key = doc.querySelector('meta[name="robots-lens-live"]')?.getAttribute('content') ?? '';
  return /^[0-9a-f]{32}$/.test(key) ? key : null;
}

export class LiveSitePanel {
  #elements = {
    site: $('#site'),
    crawler: $('#site-crawler'),
    fetch: $('#site-fetch'),
    status: $('#site-status'),
  };
  #key = liveKey();
  #onFetched;
  #onCompare;
  #hasPrevious;
  #catalogue = [];
  /** The request under way, to cancel. */
  #controller = null;
  /** What the status region shows, drawn again in a new language: a function of nothing. */
  #shown = null;
  /** The last fetch that put a file in the editor, while the editor still holds it. */
  #fetched = null;

  /**
   * `onFetched({ report, bytes, site, crawler })` puts a fetch's file and status in the page;
   * `onCompare(report)` compares the served file with the one it replaced, which
   * `hasPrevious()` says the page kept.
   */
  constructor({ onFetched, onCompare, hasPrevious }) {
    this.#onFetched = onFetched;
    this.#onCompare = onCompare;
    this.#hasPrevious = hasPrevious;
    const e = this.#elements;
    e.fetch.addEventListener('click', () => (this.#controller ? this.cancel() : this.fetch()));
    e.site.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !this.#controller) {
        event.preventDefault();
        this.fetch();
      }
    });
    e.status.addEventListener('click', (event) => {
      const button = event.target instanceof Element ? event.target.closest('[data-action="site-compare"]') : null;
      if (button && this.#fetched) this.#onCompare(this.#fetched);
    });
    // Which of the two hints shows is the style sheet's, from the meta element itself, so the
    // right one is there at the first paint.
    onLanguageChange(() => {
      this.#fillCrawlers();
      this.#redraw();
    });
  }

  /** Whether the page was served with the fetch endpoint. */
  get live() {
    return this.#key !== null;
  }

  /** Fills the crawler picker from the engine's catalogue. */
  start(catalogue) {
    this.#catalogue = catalogue;
    this.#fillCrawlers();
    this.#elements.crawler.disabled = false;
  }

  #fillCrawlers() {
    const select = this.#elements.crawler;
    const chosen = select.value || (select.options.length === 0 ? DEFAULT_CRAWLER : '');
    select.replaceChildren(
      new Option(t('site.no-crawler'), ''),
      ...this.#catalogue.map((crawler) => new Option(crawler.name, crawler.name)),
    );
    select.value = this.#catalogue.some((crawler) => crawler.name === chosen) ? chosen : '';
  }

  /** Fetches the typed address's robots.txt, or, on a static host, says how to. */
  async fetch() {
    const site = this.#elements.site.value.trim();
    const crawler = this.#elements.crawler.value;
    if (site === '') {
      this.#show('empty', () => h('p', { class: 'note note-warning' }, t('site.address-missing')));
      this.#elements.site.focus();
      return;
    }
    if (this.#key === null) {
      // No endpoint: nothing is sent anywhere; the commands that get the file are named.
      this.#show('static', () => renderHowTo(site, crawler));
      return;
    }
    const controller = new AbortController();
    this.#controller = controller;
    this.#setBusy(true);
    this.#show('fetching', () => h('p', { class: 'site-fetching' }, ...tNodes('site.fetching', { site: typed(site), crawler: crawlerName(crawler) })));
    const query = new URLSearchParams({ site });
    if (crawler !== '') query.set('crawler', crawler);
    let answer;
    try {
      const response = await fetch(`${ENDPOINT}?${query}`, {
        headers: { [KEY_HEADER]: this.#key },
        cache: 'no-store',
        credentials: 'same-origin',
        signal: controller.signal,
      });
      answer = { status: response.status, json: await response.json() };
    } catch (error) {
      if (this.#controller !== controller) return;
      const cancelled = error?.name === 'AbortError';
      this.#show(cancelled ? 'cancelled' : 'no-server', () =>
        h('p', { class: `note ${cancelled ? 'note-info' : 'note-error'}` }, t(cancelled ? 'site.cancelled' : 'site.no-server')),
      );
      return;
    } finally {
      if (this.#controller === controller) {
        this.#controller = null;
        this.#setBusy(false);
      }
    }
    if (answer.status !== 200) {
      const detail = typeof answer.json?.error === 'string' ? answer.json.error : String(answer.status);
      this.#show('refused', () =>
        h('p', { class: 'note note-error' }, ...tNodes('site.refused', { detail: h('span', { translate: 'no' }, detail) })),
      );
      return;
    }
    const report = answer.json;
    const bytes = report.hasFile ? base64ToBytes(report.body) : new Uint8Array(0);
    this.#onFetched({ report, bytes, site, crawler: crawler === '' ? null : crawler });
    this.#fetched = report;
    this.#show(report.status, () => renderReport(report, this.#fetched === report && this.#hasPrevious()), report);
  }

  /** Cancels the fetch under way (the server ends its own within its timeout). */
  cancel() {
    this.#controller?.abort();
  }

  /**
   * The editor no longer holds the served file: "Compare with my file" goes. Returns the
   * status it was served with (for the page to stop applying it), or null.
   */
  fetchedFileReplaced() {
    if (this.#fetched === null) return null;
    const { status } = this.#fetched;
    this.#fetched = null;
    this.#redraw();
    return status;
  }

  #setBusy(busy) {
    const button = this.#elements.fetch;
    button.dataset.i18n = busy ? 'site.cancel' : 'site.fetch';
    button.textContent = t(button.dataset.i18n);
    this.#elements.status.setAttribute('aria-busy', String(busy));
  }

  /** Shows `draw()` in the status region, with `status` in its `data-status`. */
  #show(status, draw, report = null) {
    const region = this.#elements.status;
    region.dataset.status = status;
    for (const [name, value] of Object.entries({
      finalUrl: report?.finalUrl,
      size: report?.size,
      cut: report?.cut,
      hasFile: report?.hasFile,
    })) {
      if (value === undefined) delete region.dataset[name];
      else region.dataset[name] = String(value);
    }
    this.#shown = draw;
    region.replaceChildren(draw());
  }

  #redraw() {
    if (this.#shown) this.#elements.status.replaceChildren(this.#shown());
  }
}

/** A command to type, as code that is not translated. */
function code(text) {
  return h('code', { translate: 'no' }, text);
}

/** What the person typed, shown as it is. */
function typed(text) {
  return h('span', { class: 'typed', translate: 'no' }, text);
}

function crawlerName(name) {
  return name === '' ? t('site.no-crawler-short') : h('span', { translate: 'no' }, name);
}

/** On a static host: how to read `site`'s robots.txt live, and how to fetch it by hand. */
function renderHowTo(site, crawler) {
  const fetchCommand = ['robots-lens fetch', JSON.stringify(site), crawler ? `--as ${crawler}` : null, '-o robots.txt']
    .filter(Boolean)
    .join(' ');
  return fragment(
    h('p', {}, ...tNodes('site.static-serve', { command: code('npx robots-lens serve') })),
    h('p', {}, ...tNodes('site.static-fetch', { command: code(fetchCommand) })),
  );
}

/** The report of a fetch: the request, each answer on the way, and the file it ended with. */
function renderReport(report, canCompare) {
  const hops = report.hops.map((hop) =>
    h(
      'li',
      { class: 'site-hop' },
      h('span', { class: 'site-hop-status' }, String(hop.status)),
      ' ',
      h('span', { translate: 'no', class: 'site-url' }, hop.url),
      hop.location ? [' → ', h('span', { translate: 'no', class: 'site-url' }, hop.location)] : null,
      hop.loops ? [' ', t('site.loop')] : null,
      ' ',
      h('span', { class: 'hint' }, t('site.after-ms', { ms: formatCount(hop.elapsedMs) })),
    ),
  );
  const facts = [];
  if (report.failure) {
    facts.push(
      h(
        'p',
        { class: 'note note-error' },
        t(FAILURES[report.failure.kind] ?? FAILURES['connection-failed']),
        ' ',
        h('span', { class: 'hint', translate: 'no' }, report.failure.detail),
      ),
    );
  }
  if (report.status === 'html') facts.push(h('p', { class: 'note note-warning' }, t('site.html-page')));
  if (report.hasFile) {
    facts.push(
      h(
        'p',
        {},
        ...tNodes('site.file', {
          size: formatBytes(report.size),
          type: h('span', { translate: 'no' }, report.contentType ?? t('site.no-type')),
        }),
      ),
    );
    if (report.cut) {
      facts.push(
        h(
          'p',
          { class: 'note note-warning' },
          t(report.sizeComplete ? 'site.cut' : 'site.cut-at-least', {
            size: formatBytes(report.size),
            limit: formatBytes(CRAWLERS_READ),
          }),
        ),
      );
    }
  } else if (!report.failure) {
    facts.push(h('p', {}, t('site.no-file')));
  }
  if (report.bodyProblem) {
    facts.push(h('p', { class: 'note note-info' }, h('span', { translate: 'no' }, report.bodyProblem.detail)));
  }
  return fragment(
    h(
      'p',
      { class: 'site-headline' },
      ...tNodes('site.fetched', {
        robots: h('span', { translate: 'no', class: 'site-url' }, report.robotsUrl),
        crawler: crawlerName(report.crawler ?? ''),
        ms: formatCount(report.elapsedMs),
      }),
    ),
    hops.length > 0 ? h('ol', { class: 'site-hops' }, hops) : null,
    report.hops.length > 1
      ? h('p', {}, ...tNodes('site.final-url', { url: h('span', { translate: 'no', class: 'site-url' }, report.finalUrl) }))
      : null,
    facts,
    h('p', { class: 'hint' }, ...tNodes('site.status-applies', { status: h('code', { translate: 'no' }, report.status) })),
    canCompare && report.hasFile
      ? h('p', {}, h('button', { type: 'button', class: 'button', 'data-action': 'site-compare', id: 'site-compare' }, t('site.compare')))
      : null,
  );
}
