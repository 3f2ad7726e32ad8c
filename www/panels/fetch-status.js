/**
 * The fetch status picker: how the robots.txt was served (200, a chain of redirects, 404, 429,
 * 503, a network error, an HTML page…) and what that does to every verdict, in words.
 *
 * This surprises people more than any rule: a robots.txt that answers 503 blocks the whole site,
 * one that answers 404 allows everything, and 429 is a 4xx for RFC 9309 but a server error for
 * Google. The engine decides all of it (`statusChoices()` lists what to offer, `statusHandling()`
 * says what a status does under a profile); this module offers the choice and puts the answer
 * into words. The status travels in the check options as `status`, so every verdict on the page
 * (the main check, the all-crawlers table) follows it.
 *
 *     const picker = new FetchStatusPicker({ onChange: scheduleRefresh });
 *     picker.start(statusChoices, catalogue);   // once the engine is ready
 *     engine.check(text, agent, url, { profile, ...picker.checkOptions() });
 *     picker.show(handling, profileChoice);     // after each refresh
 */

import { language, onLanguageChange, t } from '../text/i18n.js';
import { choiceTitle, fragment, h, messageNodes, messageText } from '../text/render.js';

/** The RFC's sections are linked, not quoted: the engine gives the section number. */
const RFC_URL = 'https://www.rfc-editor.org/rfc/rfc9309.html';
/** The catalogue source that documents Google's handling of statuses (crates/core data). */
const GOOGLE_SOURCE_ID = 'google-robots-spec';

/** How the choices are grouped in the menu, by the class the engine gives each status. */
const CLASS_TITLES = {
  success: 'status.class.success',
  'html-page': 'status.class.success',
  'too-many-redirects': 'status.class.redirects',
  'client-error': 'status.class.client-error',
  'too-many-requests': 'status.class.client-error',
  'server-error': 'status.class.server-error',
  unreachable: 'status.class.unreachable',
};

const EFFECT_WORDS = {
  'parse-file': 'status.effect.parse-file',
  'allow-all': 'status.effect.allow-all',
  'disallow-all': 'status.effect.disallow-all',
};

/**
 * The statuses a live fetch reports (robots-lens serve's `status`, Fetched::status_argument):
 * each redirect's code, then a 2xx, 4xx or 5xx, `html` or `unreachable`; or `3xx*6`. Any such
 * value, from a fetch, saved work or a link, is offered as the served status; the engine reads
 * it like every other (this only tells a fetched status from text that is none).
 */
const SERVED_STATUS = /^(?:3\d\d>){0,5}(?:[245]\d\d|html|unreachable)$|^3xx\*6$/;

export class FetchStatusPicker {
  #select = document.querySelector('#status-select');
  #explanation = document.querySelector('#status-explanation');
  #onChange;
  /** The status asked for before the choices were known (saved work, a link). */
  #wanted = null;
  #choices = [];
  /** A status a live fetch reported that none of the choices is (`301>302>200`), or null. */
  #served = null;
  #googleSource = null;
  /** What the explanation on screen describes, so that a refresh keeps it (and its folding). */
  #shownKey = null;

  constructor({ onChange }) {
    this.#onChange = onChange;
    this.#select.addEventListener('change', () => this.#onChange());
  }

  /** The status the checks use, as the engine reads it (`404`, `301>200`…), or null before start. */
  get status() {
    return this.#choices.length > 0 ? this.#select.value : this.#wanted;
  }

  /** Fills the menu from the engine's `statusChoices()`; the first choice is the default. */
  start(choices, catalogue = []) {
    this.#choices = choices;
    this.#googleSource = findSource(catalogue, GOOGLE_SOURCE_ID);
    this.#fill();
    this.#select.disabled = false;
    this.restore(this.#wanted);
    // The labels are the engine's words for each status, in the page's language.
    onLanguageChange(() => {
      const value = this.#select.value;
      this.#fill();
      this.#select.value = value;
    });
  }

  #fill() {
    const groups = new Map();
    if (this.#served !== null) {
      const title = t('status.class.fetched');
      groups.set(title, h('optgroup', { label: title }, new Option(t('status.as-fetched', { status: this.#served }), this.#served)));
    }
    for (const choice of this.#choices) {
      const title = t(CLASS_TITLES[choice.class] ?? 'status.class.other');
      if (!groups.has(title)) groups.set(title, h('optgroup', { label: title }));
      groups.get(title).append(new Option(messageText(choice.label), choice.value));
    }
    this.#select.replaceChildren(...groups.values());
  }

  /**
   * Selects `value` when it is one of the choices, or a status a live fetch reports (offered
   * first, as the status the site served); else the default (the first choice).
   */
  restore(value) {
    if (this.#choices.length === 0) {
      this.#wanted = typeof value === 'string' ? value : null;
      return;
    }
    const known = this.#choices.some((choice) => choice.value === value);
    if (!known && typeof value === 'string' && SERVED_STATUS.test(value)) {
      this.#served = value;
      this.#fill();
      this.#select.value = value;
      return;
    }
    this.#select.value = known ? value : this.#choices[0].value;
  }

  /** Applies the status a live fetch reported (`status` of robots-lens serve's answer). */
  serve(status) {
    this.restore(status);
  }

  /** What the check options need: `{ status }`, or nothing before the choices are known. */
  checkOptions() {
    return this.#choices.length > 0 ? { status: this.#select.value } : {};
  }

  /** Shows what the status does: `handling` from `statusHandling()`, under `profile` (a choice of `defaults().profiles`). */
  show(handling, profile) {
    // Drawn again when the language changes, too.
    const key = handling ? `${JSON.stringify(handling.status)}\n${profile?.id}\n${language()}` : null;
    if (key === this.#shownKey) return;
    this.#shownKey = key;
    this.#explanation.replaceChildren(
      handling ? renderStatusExplanation(handling, profile, this.#googleSource) : fragment(),
    );
  }
}

/**
 * What a fetch status does, in words: the effect under the chosen profile, that profile's own
 * rule when it has one, RFC 9309's rule with its section, and Google's handling, marked when
 * Google departs from the RFC. For a plain successful download, which surprises nobody, the
 * rules are folded away under the effect.
 */
export function renderStatusExplanation(handling, profile, googleSource = null) {
  const profileId = profile?.id ?? null;
  const profileTitle = profileId ? choiceTitle('profile', profileId) : t('status.this-profile');
  const effect = t(EFFECT_WORDS[handling.effect] ?? 'status.effect.other', { effect: handling.effect });
  const appliesRfc = handling.explanation.key === handling.rfc.key;
  const appliesGoogle = !appliesRfc && handling.explanation.key === handling.google.key;
  const applied = h('span', { class: 'status-applies' }, ' ', t('status.applied'));
  const headline = h(
    'p',
    { class: `status-effect status-effect-${handling.effect}`, id: 'status-effect' },
    t('status.headline', { status: capitalise(messageText(handling.status)), profile: profileTitle, effect }),
  );
  const rules = [
    appliesRfc || appliesGoogle
      ? null
      : h('p', { class: 'status-rule' }, h('strong', {}, `${profileTitle}: `), messageNodes(handling.explanation)),
    h(
      'p',
      { class: 'status-rule' },
      h(
        'strong',
        {},
        'RFC 9309, ',
        externalLink(`${RFC_URL}#section-${handling.rfcSection}`, t('status.section', { section: handling.rfcSection })),
        ': ',
      ),
      messageNodes(handling.rfc),
      appliesRfc ? applied : null,
    ),
    h(
      'p',
      { class: handling.googleDiffers ? 'status-rule status-google-differs' : 'status-rule' },
      h(
        'strong',
        {},
        googleSource ? externalLink(googleSource.url, 'Google') : 'Google',
        handling.googleDiffers ? ` ${t('status.google-differs')}` : '',
        ': ',
      ),
      messageNodes(handling.google),
      appliesGoogle ? applied : null,
    ),
    handling.googleDiffers && profileId !== 'google'
      ? h('p', { class: 'hint' }, t('status.choose-google'))
      : null,
  ];
  if (handling.class === 'success' && !handling.googleDiffers) {
    return fragment(
      headline,
      h('details', { class: 'status-rules' }, h('summary', {}, t('status.what-they-say')), rules),
    );
  }
  return fragment(headline, rules);
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A link to a page elsewhere. Nothing is requested unless it is followed; the new tab gets no
 * referrer and no handle on this page. Only http(s) addresses become links.
 */
export function externalLink(url, label) {
  let safe = false;
  try {
    safe = ['https:', 'http:'].includes(new URL(url).protocol);
  } catch {
    // Not a URL: shown as text below.
  }
  if (!safe) return label;
  return h(
    'a',
    { href: url, target: '_blank', rel: 'noreferrer noopener', class: 'external-link' },
    label,
    h('span', { class: 'visually-hidden' }, ` ${t('status.new-tab')}`),
  );
}

/** The source with `id` among every claim of every catalogued crawler, or null. */
function findSource(catalogue, id) {
  for (const crawler of catalogue) {
    for (const sources of Object.values(crawler.sources ?? {})) {
      const found = sources.find((source) => source.id === id);
      if (found) return found;
    }
  }
  return null;
}
