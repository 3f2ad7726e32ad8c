/**
 * "What may be done with this URL": the panel under the verdict that shows, for the checker's
 * URL and agent (or crawler), crawling and each use of the content — AI training, search, AI
 * answers — as the file's `Content-Usage` (IETF AIPREF) and `Content-Signal` lines state them,
 * side by side, each with the line that decided, and the file's `License` lines.
 *
 * The engine decides everything (`usage()` in the wasm crate, `Checker::usage` in the core);
 * this module only words its codes. Lines of the file are shown as text, `translate="no"`.
 *
 *     const panel = new PreferencesPanel({ container: document.querySelector('#preferences') });
 *     panel.show(await engine.usage(text, agent, url, options));
 */

import { t, tRich } from '../text/i18n.js';
import { fragment, h, lineLink } from '../text/render.js';

/** How each preference is said, and the class that colours it. */
const PREFERENCE_KEYS = {
  allow: 'prefs.allow',
  disallow: 'prefs.disallow',
  unknown: 'prefs.unknown',
  'not-applicable': 'prefs.not-applicable',
};

/** Why a label has its preference, by the engine's code. */
const WHY_KEYS = {
  stated: 'prefs.why.stated',
  'no-rule': 'prefs.why.no-rule',
  'not-stated': 'prefs.why.not-stated',
  'not-a-token': 'prefs.why.not-a-token',
  'other-token': 'prefs.why.other-token',
  'not-yes-or-no': 'prefs.why.not-yes-or-no',
  'invalid-statement': 'prefs.why.invalid-statement',
  'not-crawlable': 'prefs.why.not-crawlable',
};

/** The purposes' names, by the engine's ids. */
const PURPOSE_KEYS = {
  crawl: 'prefs.purpose.crawl',
  'train-ai': 'prefs.purpose.train-ai',
  search: 'prefs.purpose.search',
  'ai-input': 'prefs.purpose.ai-input',
};

export class PreferencesPanel {
  #container;

  constructor({ container }) {
    this.#container = container;
  }

  /** Shows the engine's `usage()` answer. */
  show(usage) {
    this.#container.replaceChildren(renderPreferences(usage));
  }

  /** Empties the panel (no verdict to explain). */
  clear() {
    this.#container.replaceChildren();
  }
}

/**
 * Whether the file states anything about using the content at this URL: a `License` line, or a
 * `Content-Usage` or `Content-Signal` line that applies to it. Without one the table would be a
 * grid of "not stated": one line says so instead.
 */
function statesPreferences(usage) {
  const answers = [...usage.contentUsage, ...usage.contentSignal];
  return usage.licenses.length > 0 || answers.some((answer) => answer.why !== 'no-rule' && answer.why !== 'not-crawlable');
}

/** The panel's content for `usage` (exported for tests of the wording). */
export function renderPreferences(usage) {
  const heading = h('h3', { id: 'preferences-heading' }, t('prefs.heading'));
  if (!statesPreferences(usage)) {
    const crawlable = usage.crawl.allowed;
    return fragment(
      heading,
      h('p', { class: 'hint preferences-none', 'data-states': 'none' }, tRich(crawlable ? 'prefs.none' : 'prefs.none-not-crawlable')),
    );
  }
  const byLabel = (answers) => new Map(answers.map((answer) => [answer.label, answer]));
  const contentUsage = byLabel(usage.contentUsage);
  const contentSignal = byLabel(usage.contentSignal);
  const rows = usage.purposes.map((purpose) => {
    if (purpose.id === 'crawl') {
      const preference = usage.crawl.allowed ? 'allow' : 'disallow';
      return h(
        'tr',
        { 'data-purpose': 'crawl' },
        h('th', { scope: 'row' }, t(PURPOSE_KEYS.crawl)),
        h(
          'td',
          { colspan: 2, 'data-preference': preference, 'data-line': usage.crawl.line ?? '' },
          badge(preference),
          usage.crawl.line === null ? null : [' ', lineLink(usage.crawl.line)],
        ),
      );
    }
    return h(
      'tr',
      { 'data-purpose': purpose.id },
      h('th', { scope: 'row' }, t(PURPOSE_KEYS[purpose.id] ?? purpose.id)),
      cell('content-usage', purpose.contentUsage, contentUsage),
      cell('content-signal', purpose.contentSignal, contentSignal),
    );
  });
  const table = h(
    'table',
    { class: 'preferences-table', id: 'preferences-table' },
    h('caption', { class: 'visually-hidden' }, t('prefs.caption')),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, t('prefs.column.purpose')),
        h('th', { scope: 'col', translate: 'no' }, 'Content-Usage'),
        h('th', { scope: 'col', translate: 'no' }, 'Content-Signal'),
      ),
    ),
    h('tbody', {}, rows),
  );
  const licenses =
    usage.licenses.length === 0
      ? null
      : h(
          'ul',
          { class: 'preferences-licenses', id: 'preferences-licenses' },
          usage.licenses.map((license) =>
            h(
              'li',
              { 'data-line': license.line },
              t('prefs.license'),
              ' ',
              h('code', { translate: 'no' }, license.url),
              ' ',
              lineLink(license.line),
              license.absolute ? null : [' ', h('span', { class: 'hint' }, t('prefs.license-relative'))],
            ),
          ),
        );
  return fragment(
    heading,
    h('p', { class: 'hint' }, tRich('prefs.hint')),
    table,
    licenses,
  );
}

/** One vocabulary's answer for one purpose, or the note that the vocabulary has no label. */
function cell(vocabulary, label, answers) {
  if (label === null) {
    return h('td', { 'data-vocabulary': vocabulary, 'data-preference': 'none' }, h('span', { class: 'hint' }, t('prefs.no-label')));
  }
  const answer = answers.get(label);
  if (!answer) return h('td', { 'data-vocabulary': vocabulary }, '');
  const why = WHY_KEYS[answer.why];
  return h(
    'td',
    {
      'data-vocabulary': vocabulary,
      'data-label': label,
      'data-preference': answer.preference,
      'data-line': answer.line ?? '',
    },
    badge(answer.preference),
    ' ',
    h('code', { class: 'preference-label', translate: 'no' }, label),
    answer.line === null ? null : [' ', lineLink(answer.line)],
    why && answer.why !== 'stated' ? h('span', { class: 'preference-why' }, t(why)) : null,
  );
}

function badge(preference) {
  return h('span', { class: `preference preference-${preference}` }, t(PREFERENCE_KEYS[preference] ?? preference));
}
