/**
 * The audit in the page: the findings list (one entry per cause, grouped by severity, sorted by
 * line, each with its "learn more" text and every line the cause covers), the marks on flagged lines of the annotated file view, and the panel that
 * keeps both current as the text changes.
 *
 * The audit runs in an engine of its own (a second worker), so that a slow audit of a huge or
 * pathological file never delays a verdict: while it runs, the checker keeps answering; when
 * the text changes, the running audit is cancelled (its worker replaced) and the new text is
 * audited instead. Findings and the code docs come from the core, each sentence as a key and
 * its values that render.js's messageNodes words in the page's language; this module only lays them out.
 * Everything from the file reaches the DOM as text (render.js `h`).
 *
 *     const audit = new AuditPanel({ container, fileView });
 *     audit.start();                 // once the page's own engine is ready
 *     audit.update(text);            // on every refresh: audits when the text changed
 *     audit.markFileView(text);      // after the file view was drawn for `text`
 */

import { Engine } from '../engine/engine.js';
import {
  engineErrorText,
  fragment,
  guideAnchorForCode,
  h,
  lineLink,
  messageNodes,
  showHeaderFindings,
} from '../text/render.js';
import { formatCount, language, onLanguageChange, t, tPlural } from '../text/i18n.js';

/** Severities, most serious first: the order of the groups and of the worker's rank codes. */
export const SEVERITIES = Object.freeze(['error', 'warning', 'info']);

/** The catalogue texts of each severity: its group's title and hint, its label, its count. */
const SEVERITY_TEXTS = {
  error: {
    title: 'findings.group.error',
    hint: 'findings.hint.error',
    word: 'findings.severity.error',
    count: 'findings.count.error',
  },
  warning: {
    title: 'findings.group.warning',
    hint: 'findings.hint.warning',
    word: 'findings.severity.warning',
    count: 'findings.count.warning',
  },
  info: {
    title: 'findings.group.info',
    hint: 'findings.hint.info',
    word: 'findings.severity.info',
    count: 'findings.count.info',
  },
};
const severityText = (severity, part) => t((SEVERITY_TEXTS[severity] ?? SEVERITY_TEXTS.info)[part]);
const FLAG_GLYPHS = { error: '✕', warning: '!', info: '•' };
/** Links to a finding's related lines; the message names them all. */
const MAX_RELATED_LINKS = 6;
/**
 * Causes drawn at a time in each severity's list, and other findings of a cause at a time in its
 * "every line" list: each "Show more" draws the next page, so every entry is reachable and a
 * file with 50,000 flagged lines does not build 50,000 list items at once.
 */
const CAUSES_PER_PAGE = 50;
const LINES_PER_PAGE = 200;
/** Lines of a cause linked directly under its first finding; the rest are one click away. */
const INLINE_LINE_LINKS = 12;
/**
 * The codes' documentation in `lang`, a page language id (`en`, `es`, `pt-PT`, `pt-BR`), written
 * by the build from `robots-lens explain --json --lang <lang>` (English is `audit-codes.json`).
 * Portuguese is written for Portugal and for Brazil, like the page's catalogues, so the id is
 * the file's name as it is.
 */
function codeDocsUrl(lang) {
  return new URL(lang === 'en' ? '../pkg/audit-codes.json' : `../pkg/audit-codes.${lang}.json`, import.meta.url);
}

/** Keeps the audit on screen in step with the text. */
export class AuditPanel {
  #container;
  #fileView;
  #engine = null;
  /** Code docs by id, for the "learn more" texts; why they are missing, if they are. */
  #codes = new Map();
  #codesProblem = null;
  /** The text to audit, the text being audited, and the text whose findings are shown. */
  #wanted = null;
  #running = null;
  #shown = null;
  /** Worst severity of each flagged line of the shown audit. */
  #flags = new Map();
  /** The text the file view currently shows. */
  #viewText = null;
  /** The engine failed to start: the panel says so once and stops trying. */
  #failed = false;
  /** The audit on screen, to draw it again in another language. */
  #audit = null;

  /** Called with the text whose findings were just drawn. */
  #onShow;

  constructor({ container, fileView, onShow = () => {} }) {
    this.#container = container;
    this.#fileView = fileView;
    this.#onShow = onShow;
    container.setAttribute('aria-busy', 'true');
    container.replaceChildren(h('p', { class: 'empty-state' }, t('verdict.waiting')));
    onLanguageChange(async (lang) => {
      // The docs of the new language first, so that the redrawn findings explain themselves in it.
      ({ codes: this.#codes, problem: this.#codesProblem } = await loadCodeDocs(lang));
      if (this.#audit !== null && this.#shown !== null) this.#show(this.#shown, this.#audit);
    });
  }

  /** Starts the audit engine; until it is ready, `update` only remembers the text. */
  async start() {
    const docs = loadCodeDocs();
    try {
      // A crash, a timeout or a cancellation rejects the audit call, which #pump handles.
      this.#engine = await Engine.start({ package: 'audit' });
    } catch (error) {
      this.#failed = true;
      this.#showError(t('findings.not-available', { detail: engineErrorText(error) }));
      return;
    }
    ({ codes: this.#codes, problem: this.#codesProblem } = await docs);
    this.#pump();
  }

  /** Says why there is no audit (the page's engine could not start) and stops. */
  stop(message) {
    this.#failed = true;
    showHeaderFindings(null);
    this.#container.replaceChildren(h('p', { class: 'empty-state' }, message));
    this.#container.setAttribute('aria-busy', 'false');
  }

  /** Audits `text` unless its findings are already shown or being computed. */
  update(text) {
    this.#wanted = text;
    if (this.#failed) return;
    const current = text === this.#shown;
    this.#container.setAttribute('aria-busy', String(!current));
    this.#container.classList.toggle('stale', !current && this.#shown !== null);
    // A running audit of another text would only delay this one: stop it.
    if (this.#running !== null && this.#running !== text) this.#engine?.cancel();
    this.#pump();
  }

  /** The text whose findings are on screen, or null. */
  get shownText() {
    return this.#audit === null ? null : this.#shown;
  }

  /** Marks the flagged lines of the file view, which now shows `text`. */
  markFileView(text) {
    this.#viewText = text;
    markFlaggedLines(this.#fileView, text === this.#shown ? this.#flags : new Map());
  }

  /**
   * The UTF-16 span a finding's line link selects, when the findings on screen belong to `text`
   * (else the caller selects the whole line): `{ number, start, end }` or null.
   */
  spanOf(link, text) {
    if (text !== this.#shown || !this.#container.contains(link)) return null;
    const start = Number(link.dataset.spanStart);
    const end = Number(link.dataset.spanEnd);
    if (link.dataset.spanStart === undefined || !(start <= end)) return null;
    return { number: Number(link.dataset.gotoLine), start, end };
  }

  async #pump() {
    if (this.#engine === null || this.#running !== null) return;
    const text = this.#wanted;
    if (text === null || text === this.#shown) return;
    this.#running = text;
    try {
      const audit = await this.#engine.audit(text);
      this.#show(text, audit);
    } catch (error) {
      // A cancelled audit is followed by the one for the newer text; anything else is shown,
      // and the same text is not audited again until it changes.
      if (error.kind !== 'cancelled') {
        this.#shown = text;
        this.#flags = new Map();
        this.#showError(
          error.kind === 'timeout'
            ? t('findings.timeout')
            : t('findings.failed', { detail: engineErrorText(error) }),
        );
      }
    } finally {
      this.#running = null;
    }
    this.#pump();
  }

  #show(text, audit) {
    this.#shown = text;
    this.#audit = audit;
    this.#flags = flagMap(audit.flagged);
    const open = openDisclosures(this.#container);
    // The findings of a cause past its first few stay in the audit's worker until asked for.
    const more = (cause, from, count) => this.#engine.auditFindings(audit.id, cause, from, count);
    this.#container.replaceChildren(renderAudit(audit, this.#codes, this.#codesProblem, more));
    showHeaderFindings(audit.counts);
    reopenDisclosures(this.#container, open);
    this.#settle();
    if (this.#viewText === text) markFlaggedLines(this.#fileView, this.#flags);
    this.#onShow(text);
  }

  #showError(message) {
    this.#audit = null;
    showHeaderFindings(null);
    this.#container.replaceChildren(h('p', { class: 'note note-error audit-error', role: 'alert' }, message));
    this.#settle();
  }

  #settle() {
    const current = this.#wanted === this.#shown;
    this.#container.setAttribute('aria-busy', String(!current));
    this.#container.classList.toggle('stale', !current);
  }
}

/** `{ codes, problem }`: the docs by code id in `lang`, or an empty map and why they are missing. */
async function loadCodeDocs(lang = language()) {
  try {
    const response = await fetch(codeDocsUrl(lang));
    if (!response.ok) throw new Error(t('findings.server-answered', { status: response.status }));
    const docs = await response.json();
    return { codes: new Map(docs.map((doc) => [doc.id, doc])), problem: null };
  } catch (error) {
    return {
      codes: new Map(),
      problem: t('findings.docs-missing', { detail: error.message }),
    };
  }
}

/** Worst severity by line number, from the worker's `{ names, lines, severities }`. */
function flagMap(flagged) {
  const flags = new Map();
  for (let index = 0; index < flagged.lines.length; index += 1) {
    flags.set(flagged.lines[index], flagged.names[flagged.severities[index]]);
  }
  return flags;
}

/** The `data-key`s of the open disclosures in `root`, to keep them open across a redraw. */
function openDisclosures(root) {
  return new Set([...root.querySelectorAll('details[open][data-key]')].map((details) => details.dataset.key));
}

function reopenDisclosures(root, keys) {
  if (keys.size === 0) return;
  for (const details of root.querySelectorAll('details[data-key]')) {
    if (keys.has(details.dataset.key)) details.open = true;
  }
}

// ---------------------------------------------------------------------------------------------
// The findings list

/**
 * The audit's summary and findings, one entry per cause. `audit` is the worker's
 * `{ counts, total, findings, causes, flagged }`: `counts` are causes by severity (the
 * entries `robots-lens lint --json` prints for the same file), `findings` the findings they hold,
 * `causes` every cause sorted by its first line, each `{ code, severity, count, lines, findings }`
 * with its first few findings; `codes` maps a code id to its docs, `codesProblem` says why they
 * are missing (or is null), and `more(causeIndex, from, count)` resolves to a cause's findings
 * `from`..`from + count` (the audit's worker keeps them).
 */
export function renderAudit(audit, codes, codesProblem = null, more = null) {
  const { counts } = audit;
  const summary = h(
    'p',
    {
      id: 'audit-summary',
      class: 'audit-summary',
      'data-errors': counts.error,
      'data-warnings': counts.warning,
      'data-info': counts.info,
      'data-findings': audit.findings,
    },
    SEVERITIES.map((severity) =>
      h(
        'span',
        { class: `count-chip severity-${severity}${counts[severity] === 0 ? ' count-zero' : ''}` },
        tPlural((SEVERITY_TEXTS[severity] ?? SEVERITY_TEXTS.info).count, counts[severity], {}, formatCount),
      ),
    ),
    // The counts are causes; say how many lines they cover once that differs, as the CLI does.
    audit.findings > audit.total ? h('span', { class: 'audit-covering' }, tPlural('findings.covering', audit.findings, {}, formatCount)) : null,
  );
  if (audit.total === 0) {
    return fragment(summary, h('p', { class: 'empty-state' }, t('findings.none')));
  }
  const groups = SEVERITIES.filter((severity) => counts[severity] > 0).map((severity) => {
    const causes = audit.causes.map((cause, index) => ({ ...cause, index })).filter((cause) => cause.severity === severity);
    const headingId = `audit-${severity}-heading`;
    return h(
      'section',
      { class: `finding-group severity-${severity}`, 'aria-labelledby': headingId },
      h(
        'h4',
        { id: headingId },
        severityText(severity, 'title'),
        ' ',
        h('span', { class: 'group-count' }, `(${formatCount(counts[severity])})`),
      ),
      h('p', { class: 'hint' }, severityText(severity, 'hint')),
      pagedList(h('ol', { class: 'findings' }), causes.length, CAUSES_PER_PAGE, (from, count) => causes.slice(from, from + count), (cause) =>
        causeItem(cause, codes.get(cause.code), more),
      ),
    );
  });
  return fragment(summary, groups, codesProblem ? h('p', { class: 'hint' }, codesProblem) : null);
}

/**
 * `list` with the first `perPage` of `total` entries drawn by `draw`, followed, while some are
 * not drawn, by a "Show more" button and a line saying how many are shown: each click draws the
 * next page. `entries(from, count)` gives a page of entries, or a promise of one (a cause's
 * findings come from the audit's worker); the button waits while one is on its way.
 */
function pagedList(list, total, perPage, entries, draw) {
  let shown = 0;
  const status = h('p', { class: 'hint paged-status', 'aria-live': 'polite' });
  const more = h('button', { type: 'button', class: 'button button-small show-more' });
  const footer = h('div', { class: 'paged-more' }, status, more);
  const showPage = (page) => {
    list.append(...page.map(draw));
    shown += page.length;
    const left = total - shown;
    if (left <= 0 || page.length === 0) {
      footer.remove();
      return;
    }
    status.textContent = t('findings.shown', { shown: formatCount(shown), total: formatCount(total) });
    more.textContent = t('findings.show-more', { count: formatCount(Math.min(left, perPage)) });
  };
  const fetchPage = async (pending) => {
    more.disabled = true;
    try {
      showPage(await pending);
    } catch (error) {
      // The audit was replaced (the text changed): the new one is drawn in its place.
      status.textContent = t('findings.failed', { detail: error.message });
    } finally {
      more.disabled = false;
    }
  };
  more.addEventListener('click', () => fetchPage(entries(shown, perPage)));
  const first = entries(0, perPage);
  if (first instanceof Promise) {
    more.textContent = t('findings.show-more', { count: formatCount(Math.min(total, perPage)) });
    fetchPage(first);
    return fragment(list, footer);
  }
  showPage(first);
  return fragment(list, shown < total ? footer : null);
}

/** One cause: its first finding in full, then every other line it covers, each reachable. */
function causeItem(cause, doc, more) {
  const [first, ...next] = cause.findings;
  const item = findingItem(first, doc);
  item.dataset.lines = cause.lines.length;
  const others = cause.count - 1;
  if (others === 0) return item;
  item.append(
    h(
      'p',
      { class: 'hint cause-lines' },
      tPlural('findings.cause.also', others, {}, formatCount),
      ' ',
      next.slice(0, INLINE_LINE_LINKS).flatMap((finding, index) => [index === 0 ? null : ', ', findingLink(finding, false)]),
      others > INLINE_LINE_LINKS ? [' ', t('findings.and-more', { count: formatCount(others - INLINE_LINE_LINKS) })] : null,
    ),
    everyLine(cause, first, more),
  );
  return item;
}

/**
 * The cause's other findings, folded: each line's link and its own message (the values differ
 * from line to line: the name cut short, the path), its fix where it differs from the first's
 * and its corrected line, fetched and drawn when first opened, a page at a time.
 */
function everyLine(cause, first, more) {
  const others = cause.count - 1;
  const details = h(
    'details',
    { class: 'cause-every-line', 'data-key': `lines:${cause.code}:${cause.lines[0]}` },
    h('summary', {}, tPlural('findings.cause.every', others, {}, formatCount)),
  );
  // Without the worker (a test drawing an audit of its own), the findings that came are all.
  const page = (from, count) =>
    more === null ? cause.findings.slice(1 + from, 1 + from + count) : more(cause.index, 1 + from, count);
  details.addEventListener('toggle', () => {
    if (!details.open || details.childElementCount > 1) return;
    details.append(
      pagedList(h('ol', { class: 'cause-findings' }), others, LINES_PER_PAGE, page, (finding) =>
        h(
          'li',
          { class: 'cause-finding', 'data-line': finding.line },
          findingLink(finding),
          ' ',
          h('span', { class: 'finding-message' }, messageNodes(finding.message)),
          // The fix follows the first finding's sentence; it is repeated only where its values differ.
          sameMessage(finding.fix, first.fix)
            ? null
            : [' ', h('span', { class: 'finding-fix' }, h('span', { class: 'label' }, t('findings.fix'), ' '), messageNodes(finding.fix))],
          finding.replacement === null ? null : replacementBlock(finding.replacement),
        ),
      ),
    );
  });
  return details;
}

/** Whether two of the core's sentences (a key and its values) say the same. */
function sameMessage(one, other) {
  return JSON.stringify(one) === JSON.stringify(other);
}

function findingItem(finding, doc) {
  const key = `${finding.line}:${finding.code}:${finding.start ?? ''}`;
  const related = finding.relatedLines.filter((line) => line !== finding.line);
  return h(
    'li',
    {
      class: `finding severity-${finding.severity}`,
      'data-code': finding.code,
      'data-line': finding.line,
      // The readers its evidence changed, as bits: the consumers' column names them (panels/consumers.js).
      'data-readers': finding.readers ?? null,
    },
    h(
      'p',
      { class: 'finding-head' },
      h('span', { class: 'severity-label' }, severityText(finding.severity, 'word')),
      ' ',
      h('code', { class: 'finding-code' }, finding.code),
      ' ',
      findingLink(finding),
      ' ',
      h('span', { class: 'finding-name', translate: 'no' }, finding.name),
      ' ',
      h('a', { class: 'finding-guide', href: guideAnchorForCode(finding.code) }, t('findings.in-the-guide')),
    ),
    h('p', { class: 'finding-message' }, messageNodes(finding.message)),
    h('p', { class: 'finding-why' }, messageNodes(finding.why)),
    // The engine's evidence: a question the finding changes the answer to, asked of the file.
    finding.example
      ? h('p', { class: 'finding-example' }, h('span', { class: 'label' }, t('findings.example'), ' '), messageNodes(finding.example))
      : null,
    h('p', { class: 'finding-fix' }, h('span', { class: 'label' }, t('findings.fix'), ' '), messageNodes(finding.fix)),
    finding.replacement === null ? null : replacementBlock(finding.replacement),
    finding.fixCheck === 'checked' && finding.replacement !== null
      ? h('p', { class: 'hint finding-checked' }, t('findings.fix-checked'))
      : null,
    related.length > 0
      ? h(
          'p',
          { class: 'hint finding-related' },
          related.length === 1 ? t('findings.see-also-line') : t('findings.see-also-lines'),
          ' ',
          related.slice(0, MAX_RELATED_LINKS).flatMap((line, index) => [
            index === 0 ? null : ', ',
            lineLink(line, related.length === 1 ? t('render.line', { line: formatCount(line) }) : formatCount(line)),
          ]),
          related.length > MAX_RELATED_LINKS
            ? [' ', t('findings.and-more', { count: formatCount(related.length - MAX_RELATED_LINKS) })]
            : null,
        )
      : null,
    doc ? learnMore(doc, key) : null,
  );
}

/**
 * The link to the finding's line; it selects the finding's span when it has one. It reads
 * "Line 12", or only "12" in a list of lines (`worded` false).
 */
function findingLink(finding, worded = true) {
  const hasSpan = finding.start !== null && finding.end !== null;
  return h(
    'button',
    {
      type: 'button',
      class: 'line-link',
      'data-goto-line': finding.line,
      'data-span-start': hasSpan ? finding.start : null,
      'data-span-end': hasSpan ? finding.end : null,
      'aria-label': t(hasSpan ? 'findings.go-to-span' : 'render.go-to-line', { line: finding.line }),
    },
    worded ? t('render.line', { line: formatCount(finding.line) }) : formatCount(finding.line),
  );
}

function replacementBlock(replacement) {
  const lines = replacement.split('\n').length;
  return h(
    'div',
    { class: 'finding-replacement' },
    h(
      'p',
      { class: 'label' },
      lines === 1 ? t('findings.corrected-line') : t('findings.corrected-lines'),
      ' ',
      h(
        'button',
        {
          type: 'button',
          class: 'button button-small copy-button',
          'data-action': 'copy-replacement',
          'aria-label': lines === 1 ? t('findings.copy-line') : t('findings.copy-lines'),
        },
        t('findings.copy'),
      ),
    ),
    h('pre', { class: 'replacement-text', translate: 'no' }, h('code', {}, replacement)),
  );
}

/**
 * The code's documentation, folded: What it does / Why it matters / Example / Fix / Reference.
 * Built when first opened: a long audit shows hundreds of these, and few are ever read.
 */
function learnMore(doc, key) {
  const details = h(
    'details',
    { class: 'learn-more', 'data-key': `learn:${key}` },
    h('summary', {}, t('findings.learn-more'), ' ', h('code', {}, doc.id), ': ', richText(doc.title)),
  );
  details.addEventListener('toggle', () => {
    if (details.open && details.childElementCount === 1) details.append(codeDoc(doc));
  });
  return details;
}

function codeDoc(doc) {
  return h(
    'dl',
    { class: 'code-doc' },
    h('dt', {}, t('findings.doc.what')),
    h('dd', {}, richText(doc.whatItDoes)),
    h('dt', {}, t('findings.doc.why')),
    h('dd', {}, richText(doc.whyItMatters)),
    h('dt', {}, t('findings.doc.example')),
    h('dd', {}, h('pre', { class: 'doc-example', translate: 'no' }, h('code', {}, doc.example.replace(/\n$/, '')))),
    h('dt', {}, t('findings.doc.fix')),
    h('dd', {}, h('pre', { class: 'doc-example', translate: 'no' }, h('code', {}, doc.fix.replace(/\n$/, '')))),
    h('dt', {}, t('findings.doc.reference')),
    h('dd', {}, richText(doc.reference)),
  );
}

/**
 * The core's sentences mark code with backticks (`Disallow: /x`); those parts become code
 * elements, the rest text. An unpaired backtick stays as it is.
 */
export function richText(text) {
  const parts = text.split('`');
  if (parts.length % 2 === 0) return text;
  return parts.map((part, index) => (index % 2 === 1 ? h('code', {}, part) : part)).filter((part) => part !== '');
}

/** Copies the corrected text next to `button`; selects it for copying by hand when that fails. */
export async function copyReplacement(button) {
  const code = button.closest('.finding-replacement')?.querySelector('.replacement-text code');
  if (!code) return;
  try {
    await navigator.clipboard.writeText(code.textContent);
    button.textContent = t('findings.copied');
  } catch {
    const range = document.createRange();
    range.selectNodeContents(code);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    button.textContent = t('findings.selected');
  }
}

// ---------------------------------------------------------------------------------------------
// Flagged lines in the annotated file view

/**
 * Marks each row of the file view whose line has findings with the worst severity among them
 * (`flags`: line number → severity); a row without findings loses any earlier mark.
 */
export function markFlaggedLines(fileView, flags) {
  for (const row of fileView.querySelectorAll('.file-line')) {
    const number = Number(row.querySelector('[data-goto-line]')?.dataset.gotoLine);
    const severity = flags.get(number) ?? null;
    const previous = row.dataset.flag ?? null;
    if (severity === previous) continue;
    row.querySelector('.flag-mark')?.remove();
    for (const name of SEVERITIES) row.classList.remove(`flag-${name}`);
    if (severity === null) {
      delete row.dataset.flag;
      continue;
    }
    row.dataset.flag = severity;
    row.classList.add(`flag-${severity}`);
    row.append(
      h(
        'span',
        { class: `flag-mark flag-mark-${severity}` },
        h('span', { 'aria-hidden': 'true' }, FLAG_GLYPHS[severity] ?? '•'),
        h('span', { class: 'visually-hidden' }, ` (${t('findings.flag', { severity: severityText(severity, 'word').toLowerCase() })})`),
      ),
    );
  }
}
