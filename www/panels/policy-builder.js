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
 * It never changes a verdict silently: before Apply, `#policy-preview[data-flips]` lists every
 * verdict the change flips, for every catalogued crawler, on the file's own paths (the lists
 * engine's `compareVersions`, the core's `verdict_flips`, on the current and the written text).
 * Apply is one edit of the editor, which Ctrl+Z (in the editor or in this panel) and the Undo
 * button take back; the text it replaced is kept as the previous text.
 *
 *     const builder = new PolicyBuilder({ root, purposes, engine: () => engine, text: () => editor.text,
 *                                         profile: () => state.profile, onApply: (text) => …,
 *                                         lists: () => listsEngine(), crawlers: () => names,
 *                                         status: () => '200', onUndo: () => … });
 *     builder.refresh();   // after the editor's text changed
 */

import { formatCount, t, tPlural } from '../text/i18n.js';
import { fragment, h } from '../text/render.js';

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
  #statusLine;
  #purposes;
  #engine;
  #text;
  #profile;
  #onApply;
  #onUndo;
  #lists;
  #crawlers;
  #status;
  #preview;
  #undoButton;
  #timer = 0;
  /** The text Apply put in the editor, while Undo can take it back; else null. */
  #applied = null;
  /** The editor's text the status line's note (applied, undone) is about; else null. */
  #saidFor = null;
  /** The last result, which `apply` puts in the editor. */
  #written = null;
  #generation = 0;

  /**
   * `lists()`: the lists engine (a promise), which compares the two versions; `crawlers()`:
   * every catalogued crawler's name; `status()`: the fetch status the checker uses;
   * `onApply(text)` puts the written text in the editor as one undoable edit; `onUndo(text)`
   * takes it back (`text` is what Apply put there).
   */
  constructor({ root, purposes, engine, text, profile, onApply, onUndo, lists, crawlers, status }) {
    this.#root = root;
    this.#purposes = purposes;
    this.#engine = engine;
    this.#text = text;
    this.#profile = profile;
    this.#onApply = onApply;
    this.#onUndo = onUndo;
    this.#lists = lists;
    this.#crawlers = crawlers;
    this.#status = status;
    this.#form = root.querySelector('#policy-form');
    this.#diff = root.querySelector('#policy-diff');
    this.#check = root.querySelector('#policy-check');
    this.#apply = root.querySelector('#policy-apply');
    this.#statusLine = root.querySelector('#policy-status');
    this.#preview = root.querySelector('#policy-preview');
    this.#undoButton = root.querySelector('#policy-undo');
    this.#undoButton.addEventListener('click', () => this.undo());
    root.addEventListener('keydown', (event) => {
      const command = event.ctrlKey || event.metaKey;
      const inField = event.target instanceof Element && event.target.matches('input[type="text"], textarea');
      if (command && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'z' && !inField && this.#applied !== null) {
        event.preventDefault();
        this.undo();
      }
    });
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
    // Text put in the editor since Apply or Undo (a paste, another file) is not what the note
    // was about: the note goes, and Undo with it.
    if (this.#saidFor !== null && this.#text() !== this.#saidFor) {
      this.#saidFor = null;
      this.#applied = null;
      this.#undoButton.hidden = true;
      this.#statusLine.textContent = '';
    }
    if (this.spec === '') {
      // Nothing chosen: nothing to write, and no need to ask the engine about the whole file.
      this.#written = null;
      this.#apply.disabled = true;
      if (this.#applied === null) this.#statusLine.textContent = '';
      this.#diff.replaceChildren(renderDiff([], false));
      this.#check.replaceChildren();
      this.#check.dataset.mismatches = '0';
      this.#showPreview(null);
      return;
    }
    let written;
    try {
      written = await engine.writePolicy(this.#text(), this.spec, { profile: this.#profile() });
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#written = null;
      this.#apply.disabled = true;
      this.#statusLine.textContent = error.message;
      this.#diff.replaceChildren();
      this.#check.replaceChildren();
      this.#check.dataset.mismatches = '';
      this.#showPreview(null);
      return;
    }
    if (generation !== this.#generation) return;
    const current = this.#text();
    const changed = written.diff.some((line) => line.kind === 'added' || line.kind === 'removed');
    // Apply waits for the preview: a change is applied only once its flips are on screen.
    this.#written = null;
    this.#apply.disabled = true;
    if (this.#applied === null) this.#statusLine.textContent = '';
    this.#diff.replaceChildren(renderDiff(written.diff, true));
    this.#check.replaceChildren(renderCheck(written.checks, written.mismatches));
    this.#check.dataset.mismatches = String(written.mismatches);
    let comparison = null;
    if (changed) {
      this.#preview.dataset.state = 'running';
      try {
        const lists = await this.#lists();
        comparison = await lists.compareVersions(current, written.text, '', 'auto', '', this.#crawlers(), {
          profile: this.#profile(),
          status: this.#status() ?? undefined,
        });
      } catch (error) {
        if (generation !== this.#generation) return;
        this.#preview.dataset.state = 'error';
        this.#preview.dataset.flips = '';
        this.#preview.replaceChildren(h('p', { class: 'hint' }, t('policy.preview.failed', { message: error.message })));
        return;
      }
      if (generation !== this.#generation) return;
    }
    this.#written = written;
    this.#apply.disabled = !changed;
    this.#showPreview(comparison);
  }

  /**
   * Every verdict the written text flips, for every catalogued crawler, on the file's own
   * paths; `comparison` is `compareVersions`' answer, or null when there is nothing to write.
   */
  #showPreview(comparison) {
    const preview = this.#preview;
    preview.dataset.state = comparison === null ? 'idle' : 'done';
    preview.dataset.flips = comparison === null ? '' : String(comparison.flipCount);
    preview.dataset.loosens = comparison === null ? '' : String(comparison.flipCount - comparison.becomesBlocked);
    if (comparison === null) {
      preview.replaceChildren();
      return;
    }
    preview.replaceChildren(renderPreview(comparison));
  }

  /** Takes back the last Apply, when the editor still holds what it wrote. */
  undo() {
    if (this.#applied === null) return;
    const applied = this.#applied;
    this.#applied = null;
    this.#undoButton.hidden = true;
    this.#onUndo(applied);
    this.#statusLine.textContent = t('policy.undone');
    this.#saidFor = this.#text();
  }

  #handleInput() {
    this.#syncPaths();
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.refresh(), DEBOUNCE_MS);
  }

  #handleApply() {
    if (this.#written === null) return;
    this.#applied = this.#written.text;
    this.#onApply(this.#written.text);
    this.#undoButton.hidden = false;
    this.#statusLine.textContent = t('policy.applied');
    this.#saidFor = this.#written.text;
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
/** The change to the file; with none, why: nothing chosen, or the file says it already. */
function renderDiff(diff, chosen) {
  if (!diff.some((line) => line.kind === 'added' || line.kind === 'removed')) {
    return h('p', { class: 'hint', 'data-no-change': chosen ? 'in-file' : 'nothing-chosen' }, t(chosen ? 'policy.in-file' : 'policy.no-change'));
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

/** The flips the written text would make: how many, which open, and each crawler and URL. */
function renderPreview(comparison) {
  const opens = comparison.flipCount - comparison.becomesBlocked;
  const params = {
    urls: formatCount(comparison.urls),
    agents: formatCount(comparison.agents),
  };
  const lead =
    comparison.flipCount === 0
      ? h('p', { class: 'policy-ok' }, t('policy.preview.none', params))
      : h(
          'p',
          { class: opens > 0 ? 'policy-mismatch' : 'policy-flips' },
          tPlural('policy.preview.flips', comparison.flipCount, params, formatCount),
          opens > 0 ? [' ', h('strong', {}, tPlural('policy.preview.opens', opens, {}, formatCount))] : null,
        );
  if (comparison.flipCount === 0) return lead;
  const word = (allowed) => t(allowed ? 'policy.check.allowed' : 'policy.check.blocked');
  const side = (entry) => [word(entry.allowed), entry.line === null ? '' : ` (${t('policy.check.line', { line: entry.line })})`];
  return fragment(
    lead,
    h(
      'table',
      { class: 'policy-check-table policy-preview-table' },
      h('caption', { class: 'visually-hidden' }, t('policy.preview.caption')),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, t('policy.check.crawler')),
          h('th', { scope: 'col' }, t('policy.check.path')),
          h('th', { scope: 'col' }, t('policy.preview.before')),
          h('th', { scope: 'col' }, t('policy.preview.after')),
        ),
      ),
      h(
        'tbody',
        {},
        comparison.flips.map((flip) =>
          h(
            'tr',
            { 'data-crawler': flip.agent, 'data-url': flip.url, 'data-opens': String(!flip.becomesBlocked) },
            h('td', { translate: 'no' }, flip.agent),
            h('td', {}, h('code', { translate: 'no' }, flip.url)),
            h('td', {}, side(flip.before)),
            h('td', {}, side(flip.after)),
          ),
        ),
      ),
    ),
    comparison.flipCount > comparison.flips.length
      ? h('p', { class: 'hint' }, t('compare.more', { count: formatCount(comparison.flipCount - comparison.flips.length) }))
      : null,
  );
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
