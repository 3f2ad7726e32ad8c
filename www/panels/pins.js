/**
 * Pinned checks: "pin this check" keeps the checker's current question and answer (this URL is
 * allowed, or blocked, for this agent or crawler) as an expectation, kept with the text (in
 * this browser and in a share link) and answered again whenever the file changes, so that an
 * edit that breaks one shows at once. The pins download as the `robots-lens test` TOML file.
 *
 * Pins are the core's expectation data (`{ url, allowed, crawlers?, agents? }`); the engine
 * answers them (`checkExpectations`) and writes the TOML (`expectationsToml`); this module
 * only keeps the list and renders the answers, as text.
 *
 *     const pins = new PinsPanel({ engine, current, onChange: saveWork });
 *     pins.restore(savedPins);
 *     await pins.update(text, options);   // after each refresh
 */

import { formatCount, onLanguageChange, t, tNodes } from '../text/i18n.js';
import { h, lineLink, urlProblemWords } from '../text/render.js';
import { downloadText } from '../page/local.js';

/** The most pins kept: each is checked on every refresh. */
export const MAX_PINS = 200;

const $ = (selector) => document.querySelector(selector);

/** `value` as a list of pins, or an empty list when it is not one. */
export function validPins(value) {
  if (!Array.isArray(value)) return [];
  const names = (list) => (Array.isArray(list) ? list.filter((item) => typeof item === 'string') : []);
  return value
    .filter((pin) => pin && typeof pin.url === 'string' && typeof pin.allowed === 'boolean')
    .slice(0, MAX_PINS)
    .map((pin) => {
      const kept = { url: pin.url, allowed: pin.allowed };
      if (names(pin.crawlers).length > 0) kept.crawlers = names(pin.crawlers);
      if (names(pin.agents).length > 0) kept.agents = names(pin.agents);
      return kept;
    });
}

export class PinsPanel {
  #engine;
  #current;
  #onChange;
  #pins = [];
  /** The answers on display, to draw again in another language. */
  #results = null;
  #elements;
  #run = 0;

  /**
   * `engine()` (a promise of the lists engine); `current()`: the checker's question and answer, `{ url, agent, crawler,
   * allowed }` (`allowed` null while there is no verdict); `onChange()`: the pins changed.
   */
  constructor({ engine, current, onChange }) {
    this.#engine = engine;
    this.#current = current;
    this.#onChange = onChange;
    this.#elements = { pin: $('#pin-check'), list: $('#pins'), download: $('#pins-download'), note: $('#pins-note') };
    this.#elements.pin.addEventListener('click', () => this.pin());
    this.#elements.download.addEventListener('click', () => this.#download());
    this.#elements.list.addEventListener('click', (event) => {
      const index = event.target.closest?.('[data-unpin]')?.dataset.unpin;
      if (index === undefined) return;
      this.#pins.splice(Number(index), 1);
      this.#changed();
    });
    this.#render(null);
    onLanguageChange(() => this.#render(this.#results));
  }

  /** The pins, as kept in storage and links. */
  get pins() {
    return this.#pins.map((pin) => ({ ...pin }));
  }

  /** Replaces the pins (from saved work or a link). */
  restore(pins) {
    this.#pins = validPins(pins);
    this.#render(null);
  }

  /** Pins the checker's current check with its current answer. */
  pin() {
    const { url, agent, crawler, allowed } = this.#current();
    if (allowed === null) {
      this.#elements.note.textContent = t('pins.no-verdict');
      return;
    }
    const who = crawler ? { crawlers: [crawler] } : { agents: [agent] };
    const pin = { url, allowed, ...who };
    const same = (other) =>
      other.url === pin.url && JSON.stringify([other.crawlers, other.agents]) === JSON.stringify([pin.crawlers, pin.agents]);
    this.#pins = this.#pins.filter((other) => !same(other));
    if (this.#pins.length >= MAX_PINS) {
      this.#elements.note.textContent = t('pins.too-many', { max: MAX_PINS });
      return;
    }
    this.#pins.push(pin);
    this.#elements.note.textContent = '';
    this.#changed();
  }

  #changed() {
    this.#onChange();
  }

  /** Answers every pin on `text` with `options` and shows which still hold. */
  async update(text, options) {
    const run = ++this.#run;
    if (this.#pins.length === 0) {
      this.#render([]);
      return;
    }
    try {
      const engine = await this.#engine();
      const results = await engine.checkExpectations(text, this.#pins, options);
      if (run === this.#run) this.#render(results);
    } catch (error) {
      if (run === this.#run) this.#elements.note.textContent = t('pins.failed', { message: error.message });
    }
  }

  #render(results) {
    this.#results = results;
    const { list, download } = this.#elements;
    download.disabled = this.#pins.length === 0;
    const byPin = new Map();
    for (const result of results ?? []) {
      if (!byPin.has(result.index)) byPin.set(result.index, []);
      byPin.get(result.index).push(result);
    }
    let broken = 0;
    const items = this.#pins.map((pin, index) => {
      const answers = byPin.get(index) ?? [];
      const holds = answers.length > 0 && answers.every((answer) => answer.holds);
      if (answers.length > 0 && !holds) broken += 1;
      const who = [...(pin.crawlers ?? []), ...(pin.agents ?? [])].join(', ');
      const state = answers.length === 0 ? 'pending' : holds ? 'holds' : 'broken';
      return h(
        'li',
        { class: `pin pin-${state}`, 'data-state': state },
        h('span', { class: 'pin-mark', 'aria-hidden': 'true' }, state === 'holds' ? '✓' : state === 'broken' ? '✕' : '…'),
        ' ',
        ...tNodes(pin.allowed ? 'pins.must-allowed' : 'pins.must-blocked', {
          url: h('code', { translate: 'no' }, pin.url),
          who: h('span', { translate: 'no' }, who),
        }),
        answers.length === 0 ? '' : [': ', ...answers.flatMap((answer) => describe(answer))],
        ' ',
        h(
          'button',
          { type: 'button', class: 'button pin-remove', 'data-unpin': index, 'aria-label': t('pins.remove-label', { url: pin.url }) },
          t('pins.remove'),
        ),
      );
    });
    list.replaceChildren(...items);
    list.dataset.pins = String(this.#pins.length);
    list.dataset.broken = results === null ? '' : String(broken);
    if (this.#pins.length === 0) list.append(h('li', { class: 'empty-state' }, t('pins.none')));
    else if (results !== null)
      list.append(
        h(
          'li',
          { class: broken > 0 ? 'pin-summary pin-broken' : 'pin-summary' },
          broken > 0
            ? t('pins.broken', { broken: formatCount(broken), total: formatCount(this.#pins.length) })
            : t('pins.all-hold'),
        ),
      );
  }

  async #download() {
    if (this.#pins.length === 0) return;
    try {
      const toml = await (await this.#engine()).expectationsToml(this.#pins);
      downloadText('expect.toml', toml, 'application/toml');
    } catch (error) {
      this.#elements.note.textContent = t('pins.write-failed', { message: error.message });
    }
  }
}

/** Why a pin could not be checked, from the engine's code (a refused URL: why no crawler requests it). */
function pinError(answer) {
  if (answer.error === 'url-refused') return [urlProblemWords(answer.urlProblem)];
  const agent = h('span', { translate: 'no' }, answer.agent);
  return tNodes(answer.error === 'nobody-named' ? 'pins.error.nobody-named' : 'pins.error.unknown-crawler', { agent });
}

/** One answer of a pin, in a few words. */
function describe(answer) {
  if (answer.error) return [h('span', { class: 'pin-answer' }, ...pinError(answer)), ' '];
  const key = answer.holds
    ? answer.allowed
      ? 'pins.is-allowed'
      : 'pins.is-blocked'
    : answer.allowed
      ? 'pins.now-allowed'
      : 'pins.now-blocked';
  const by = answer.line === null ? [t('pins.no-rule')] : [lineLink(answer.line), ' ', h('code', { translate: 'no' }, answer.rule ?? '')];
  const lead = tNodes(key, { agent: h('span', { translate: 'no' }, answer.agent) });
  return [h('span', { class: 'pin-answer' }, ...lead, ' (', ...by, ')'), ' '];
}
