/**
 * The policy builder: the visitor picks, per purpose (search, AI training, AI answers and
 * grounding, user-triggered fetches, SEO tools, archives), allow or block, optionally for some
 * paths only, and whether to write matching `Content-Usage` / `Content-Signal` lines. The engine
 * (`writePolicy` in the wasm crate, `write_policy` in the core) writes the groups from the
 * crawler catalogue, diffs them against the editor's text and checks every crawler of a chosen
 * purpose on the result; this module shows the diff and the check, and `button#policy-apply`
 * puts the result in the editor. `#policy-check[data-mismatches]` counts the crawlers whose
 * verdict differs from the choice. Nothing is fetched.
 *
 *     const builder = new PolicyBuilder({ root, purposes, engine: () => engine, text: () => editor.text,
 *                                         profile: () => state.profile, onApply: (text) => … });
 *     builder.refresh();   // after the editor's text changed
 */

import { t } from './i18n.js';
import { fragment, h } from './render.js';

/** The purposes' names, by the catalogue's ids. */
const PURPOSE_KEYS = {
  search: 'policy.purpose.search',
  'ai-training': 'policy.purpose.ai-training',
  'ai-search': 'policy.purpose.ai-search',
  'user-triggered': 'policy.purpose.user-triggered',
  'seo-tool': 'policy.purpose.seo-tool',
  archive: 'policy.purpose.archive',
};

/** The choices of each purpose, with their words. */
const CHOICES = [
  ['keep', 'policy.choice.keep'],
  ['allow', 'policy.choice.allow'],
  ['block', 'policy.choice.block'],
  ['paths', 'policy.choice.paths'],
];

/** How a screen reader hears each kind of diff line. */
const DIFF_KEYS = { added: 'policy.diff.added', removed: 'policy.diff.removed', same: 'policy.diff.same' };

/** Changes in the form are written this long after the last one. */
const DEBOUNCE_MS = 150;

export class PolicyBuilder {
  #root;
  #form;
  #diff;
  #check;
  #apply;
  #status;
  #purposes;
  #engine;
  #text;
  #profile;
  #onApply;
  #timer = 0;
  /** The last result, which `apply` puts in the editor. */
  #written = null;
  #generation = 0;

  constructor({ root, purposes, engine, text, profile, onApply }) {
    this.#root = root;
    this.#purposes = purposes;
    this.#engine = engine;
    this.#text = text;
    this.#profile = profile;
    this.#onApply = onApply;
    this.#form = root.querySelector('#policy-form');
    this.#diff = root.querySelector('#policy-diff');
    this.#check = root.querySelector('#policy-check');
    this.#apply = root.querySelector('#policy-apply');
    this.#status = root.querySelector('#policy-status');
    this.#form.replaceChildren(renderForm(purposes));
    this.#form.addEventListener('input', () => this.#handleInput());
    this.#form.addEventListener('change', () => this.#handleInput());
    this.#form.addEventListener('submit', (event) => event.preventDefault());
    this.#apply.addEventListener('click', () => this.#handleApply());
    this.#syncPaths();
    this.refresh();
  }

  /** The request the form describes, one instruction a line (the core's `PolicyRequest`). */
  get spec() {
    const lines = [];
    for (const purpose of this.#purposes) {
      const choice = this.#form.elements[`policy-${purpose}`].value;
      const paths = this.#form.elements[`policy-${purpose}-paths`].value.trim();
      if (choice === 'allow') lines.push(`${purpose} allow`);
      if (choice === 'block') lines.push(`${purpose} block`);
      if (choice === 'paths' && paths !== '') lines.push(`${purpose} block ${paths}`);
    }
    if (this.#form.elements['policy-content-usage'].checked) lines.push('content-usage');
    if (this.#form.elements['policy-content-signal'].checked) lines.push('content-signal');
    return lines.join('\n');
  }

  /** Writes the policy for the current text and form again. */
  async refresh() {
    const generation = ++this.#generation;
    const engine = this.#engine();
    if (engine === null) return;
    if (this.spec === '') {
      // Nothing chosen: nothing to write, and no need to ask the engine about the whole file.
      this.#written = null;
      this.#apply.disabled = true;
      this.#status.textContent = '';
      this.#diff.replaceChildren(renderDiff([]));
      this.#check.replaceChildren();
      this.#check.dataset.mismatches = '0';
      return;
    }
    let written;
    try {
      written = await engine.writePolicy(this.#text(), this.spec, { profile: this.#profile() });
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#written = null;
      this.#apply.disabled = true;
      this.#status.textContent = error.message;
      this.#diff.replaceChildren();
      this.#check.replaceChildren();
      this.#check.dataset.mismatches = '';
      return;
    }
    if (generation !== this.#generation) return;
    this.#written = written;
    this.#status.textContent = '';
    const changed = written.diff.some((line) => line.kind === 'added' || line.kind === 'removed');
    this.#apply.disabled = !changed;
    this.#diff.replaceChildren(renderDiff(written.diff));
    this.#check.replaceChildren(renderCheck(written.checks, written.mismatches));
    this.#check.dataset.mismatches = String(written.mismatches);
  }

  #handleInput() {
    this.#syncPaths();
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.refresh(), DEBOUNCE_MS);
  }

  #handleApply() {
    if (this.#written === null) return;
    this.#onApply(this.#written.text);
    this.#status.textContent = t('policy.applied');
  }

  /** A path field is offered only for "block these paths". */
  #syncPaths() {
    for (const purpose of this.#purposes) {
      const field = this.#form.elements[`policy-${purpose}-paths`];
      field.disabled = this.#form.elements[`policy-${purpose}`].value !== 'paths';
    }
  }
}

function renderForm(purposes) {
  const rows = purposes.map((purpose) => {
    const select = `policy-${purpose}`;
    return h(
      'tr',
      { 'data-purpose': purpose },
      h('th', { scope: 'row' }, h('label', { for: select }, t(PURPOSE_KEYS[purpose] ?? purpose))),
      h(
        'td',
        {},
        h(
          'select',
          { id: select, name: select },
          CHOICES.map(([value, key]) => h('option', { value }, t(key))),
        ),
      ),
      h(
        'td',
        {},
        h('input', {
          type: 'text',
          id: `${select}-paths`,
          name: `${select}-paths`,
          placeholder: '/members/ /drafts/',
          'aria-label': t('policy.paths-label', { purpose: t(PURPOSE_KEYS[purpose] ?? purpose) }),
          spellcheck: 'false',
          autocomplete: 'off',
          translate: 'no',
        }),
      ),
    );
  });
  const toggle = (id, key) =>
    h('label', { class: 'policy-toggle' }, h('input', { type: 'checkbox', id, name: id }), ' ', t(key));
  return fragment(
    h(
      'table',
      { class: 'policy-choices' },
      h('caption', { class: 'visually-hidden' }, t('policy.choices-caption')),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, t('policy.column.purpose')),
          h('th', { scope: 'col' }, t('policy.column.choice')),
          h('th', { scope: 'col' }, t('policy.column.paths')),
        ),
      ),
      h('tbody', {}, rows),
    ),
    h(
      'p',
      { class: 'policy-toggles' },
      toggle('policy-content-usage', 'policy.write-content-usage'),
      ' ',
      toggle('policy-content-signal', 'policy.write-content-signal'),
    ),
  );
}

/**
 * The new text against the current one: added and removed lines with their context, as the
 * engine worker keeps them (`skip` stands for unchanged lines left out).
 */
function renderDiff(diff) {
  if (!diff.some((line) => line.kind === 'added' || line.kind === 'removed')) {
    return h('p', { class: 'hint' }, t('policy.no-change'));
  }
  const rows = [];
  diff.forEach((line) => {
    if (line.kind === 'skip') {
      rows.push(h('li', { class: 'diff-skip', 'aria-hidden': 'true' }, '…'));
      return;
    }
    const mark = { added: '+', removed: '-', same: ' ' }[line.kind] ?? ' ';
    rows.push(
      h(
        'li',
        { class: `diff-line diff-${line.kind}`, 'data-kind': line.kind },
        h('span', { class: 'diff-mark', 'aria-hidden': 'true' }, mark),
        h('span', { class: 'visually-hidden' }, t(DIFF_KEYS[line.kind] ?? DIFF_KEYS.same)),
        h('code', { translate: 'no' }, line.text),
      ),
    );
  });
  return h('ol', { class: 'policy-diff-lines', 'aria-label': t('policy.diff-label') }, rows);
}

/** Every crawler's verdict on the written file against the choice; mismatches first. */
function renderCheck(checks, mismatches) {
  const ordered = [...checks].sort(
    (a, b) => Number(b.allowed !== b.expectedAllowed) - Number(a.allowed !== a.expectedAllowed),
  );
  const word = (allowed) => t(allowed ? 'policy.check.allowed' : 'policy.check.blocked');
  return fragment(
    h(
      'p',
      { class: mismatches === 0 ? 'policy-ok' : 'policy-mismatch' },
      mismatches === 0
        ? t('policy.check.all-match', { count: checks.length })
        : t('policy.check.mismatches', { count: mismatches }),
    ),
    h(
      'table',
      { class: 'policy-check-table' },
      h('caption', { class: 'visually-hidden' }, t('policy.check.caption')),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, t('policy.check.crawler')),
          h('th', { scope: 'col' }, t('policy.check.path')),
          h('th', { scope: 'col' }, t('policy.check.expected')),
          h('th', { scope: 'col' }, t('policy.check.verdict')),
        ),
      ),
      h(
        'tbody',
        {},
        ordered.map((check) =>
          h(
            'tr',
            {
              'data-crawler': check.crawler,
              'data-path': check.path,
              'data-mismatch': String(check.allowed !== check.expectedAllowed),
            },
            h('td', { translate: 'no' }, check.crawler),
            h('td', {}, h('code', { translate: 'no' }, check.path)),
            h('td', {}, word(check.expectedAllowed)),
            h(
              'td',
              {},
              word(check.allowed),
              // The line of the written file, not yet of the editor's text: shown, not linked.
              check.line === null ? null : ` (${t('policy.check.line', { line: check.line })})`,
            ),
          ),
        ),
      ),
    ),
  );
}
