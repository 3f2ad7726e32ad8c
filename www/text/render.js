//# allFunctionsCalledOnLoad
/**
 * Pure render functions: engine results in, DOM nodes out.
 *
 * A robots.txt is untrusted input, so every piece of it reaches the DOM as a text node (through
 * `h`, which has no way to set HTML). The functions hold no state and attach no listeners:
 * links to lines are buttons with `data-goto-line`, handled by delegation in app.js. They decide
 * nothing about robots.txt either; they put the core's answers into words.
 *
 * The core's sentences (`{ key, args }`, an audit finding's message, why another reader
 * disagrees, the fetch-status texts) become nodes here (`messageNodes`, `messageText`):
 * www/text/message-fill.js, the one filler the page and the npm package share, fills them; what came
 * from the file becomes code or a span marked `translate="no"`.
 *
 * Three small parts end the file, shared with the panels: an engine failure in the page's
 * language (`engineErrorText`), where the guide explains an audit code or a verdict's reason
 * (`guideAnchorForCode`, `guideAnchorForReason`), and the one writer of the page: the sticky
 * header's summary (`showHeaderVerdict`, `showHeaderFindings`). They live here, not in modules
 * of their own, because the first verdict needs them and every module it needs is one more
 * request before it.
 *
 * What the first verdict does not draw is not here: the file's reading (its facts, line notes
 * and groups), the explanation under the verdict and the annotated file are
 * www/text/render-file.js's, which app.js imports after the first verdict (issue 38: every byte
 * of this module is on that verdict's path). It builds on the helpers exported here (`h`,
 * `code`, `shownText`, …).
 */

import { OUT_OF_MEMORY_BYTES } from '../engine/first-answer.js';
import { formatCount, formatDecimal, has, t, tNodes, tPlural } from './i18n.js';
import { messageParts } from './message-fill.js';

/**
 * Creates an element. `attributes` are set with setAttribute (`class` too); null, undefined
 * and false are skipped, true sets an empty attribute. Children are nodes, strings (as text
 * nodes), arrays of those, or null/false (skipped).
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    // Behaviour and inline style are never set from here: the CSP forbids them, and user text
    // must never reach either.
    if (/^on|^style$/i.test(name)) throw new Error(`h() does not set '${name}'`);
    if (value === null || value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

function append(parent, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** A DocumentFragment of `children` (same rules as `h`), to hand to replaceChildren. */
export function fragment(...children) {
  const result = document.createDocumentFragment();
  append(result, children);
  return result;
}

/** A button that selects line `number` in the editor. */
export function lineLink(number, label = t('render.line', { line: number })) {
  return h(
    'button',
    { type: 'button', class: 'line-link', 'data-goto-line': number, 'aria-label': t('render.go-to-line', { line: number }) },
    label,
  );
}

/**
 * Text from the file longer than this many UTF-16 units is shown cut, with how much is left
 * out: laying out a 1 MB line takes the browser most of a second, and no one reads it here.
 */
const SHOWN_TEXT_MAX = 4_000;

/** Text from the file, in a code element that keeps its whitespace visible. */
export function code(text, className = 'token') {
  if (text === '') return h('code', { class: className, translate: 'no' }, h('span', { class: 'empty', translate: 'yes' }, t('render.empty')));
  const shown = shownText(text);
  return h(
    'code',
    { class: className, translate: 'no' },
    typeof shown === 'string' ? breakablePath(shown) : [breakablePath(shown[0]), shown[1]],
  );
}

/**
 * `text` with a line-break opportunity (`<wbr>`) after each `/`, `?` and `&`: a path in a narrow
 * table column breaks between its segments ("/private/ page"), not inside a word
 * ("/pri vat e/"), where the tables' code allows no other break (style.css).
 */
export function breakablePath(text) {
  return text.split(/(?<=[/?&])/).flatMap((part, index) => (index === 0 ? [part] : [h('wbr'), part]));
}

// ---------------------------------------------------------------------------------------------
// Text from the file, and notes about loading it

/** `text`, or its start and a note of what is left out when it is too long to lay out. */
export function shownText(text) {
  if (text.length <= SHOWN_TEXT_MAX) return text;
  // Never between the two halves of a surrogate pair.
  const high = text.charCodeAt(SHOWN_TEXT_MAX - 1);
  const cut = high >= 0xd800 && high <= 0xdbff ? SHOWN_TEXT_MAX - 1 : SHOWN_TEXT_MAX;
  return [
    text.slice(0, cut),
    h('span', { class: 'text-cut', translate: 'yes' }, t('render.text-cut', { count: formatCount(text.length - cut) })),
  ];
}

export function visuallyHidden(text) {
  return h('span', { class: 'visually-hidden' }, text);
}

/**
 * Notes about how the text got here (a file that was not UTF-8, a link that was loaded…).
 * `notes` are `{ severity: 'info' | 'warning' | 'error', text, action?: { id, label }, link?,
 * share? }`; an action becomes a button with `data-action`, a link a read-only field to copy
 * from; a note about a link (`share`, the work it holds) can be dismissed.
 */
export function renderLoadNotes(notes) {
  return notes.map((note) =>
    h(
      'li',
      { class: `note note-${note.severity}${note.share ? ' note-share' : ''}` },
      h('span', { class: 'note-text' }, note.text),
      note.link
        ? h(
            'label',
            { class: 'share-link' },
            visuallyHidden(t('render.share-link')),
            h('input', { type: 'text', readonly: true, value: note.link, 'data-share-link': true }),
          )
        : null,
      note.action
        ? h(
            'button',
            { type: 'button', class: 'button button-small', 'data-action': note.action.id },
            note.action.label,
          )
        : null,
      note.share
        ? h('button', { type: 'button', class: 'button button-small', 'data-action': 'dismiss-share' }, t('app.dismiss'))
        : null,
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// The core's sentences in the page's language (see the module doc)

/** The page's language, as message-fill.js asks for it. */
const WORDS = Object.freeze({ template: (key) => t(key), count: formatCount });

/** Nodes for a core message (see the module doc), ready for `append`. */
export function messageNodes(message) {
  return messageParts(message, WORDS).map(partNode);
}

/** The message as plain text, for an attribute or a spoken label. */
export function messageText(message) {
  return messageParts(message, WORDS)
    .map((part) => part.text)
    .join('');
}

/** A part as a node: what came from the file is code or a span that is never translated. */
function partNode(part) {
  switch (part.kind) {
    case 'code':
    case 'value-code': {
      const code = document.createElement('code');
      if (part.kind === 'value-code') code.translate = false;
      code.textContent = part.text;
      return code;
    }
    case 'name': {
      const span = document.createElement('span');
      span.translate = false;
      span.textContent = part.text;
      return span;
    }
    default:
      return document.createTextNode(part.text);
  }
}

// ---------------------------------------------------------------------------------------------
// The checker: the verdict's words, the reading options

/**
 * The deciding line, as `#verdict`'s `data-line` reports it: the engine's (`verdict.line`, one
 * definition for every surface), never derived here.
 */
export function decidingLine(verdict) {
  return verdict.line ?? null;
}

/**
 * The words for one of the engine's codes: the catalogue's `prefix` + `code` + `suffix`, or
 * `fallback`'s when the catalogue has no words for a code the engine added later. The engine
 * decides, and sends the code; the catalogues hold the words (crates/core/tests/catalogues.rs
 * holds them to every code the core has).
 */
export function codeWords(prefix, code, fallback, params = {}, suffix = '') {
  const key = `${prefix}${code}${suffix}`;
  return t(has(key) ? key : fallback, params);
}

/** The `part` (`headline` or `sentence`) of a reason, with a generic text for one not listed. */
export function reasonText(reason, part) {
  const unknown = part === 'headline' ? 'render.reason-unknown.headline' : 'render.reason-unknown.sentence';
  return codeWords('render.reason.', reason, unknown, { reason }, `.${part}`);
}

/** In a table cell's few words: why a verdict came without a deciding line. */
export function shortReason(reason) {
  return has(`crawlers.short.${reason}`) ? t(`crawlers.short.${reason}`) : reason;
}

/** The verdict in a few words: icon, word and what decided. Also announced to screen readers. */
export function renderVerdictHeadline(verdict) {
  const line = decidingLine(verdict);
  let detail;
  if (line !== null) detail = t('render.by-line', { line: formatCount(line) });
  else detail = reasonText(verdict.reason, 'headline');
  return [
    h('span', { class: 'verdict-icon', 'aria-hidden': 'true' }, verdict.allowed ? '✓' : '✕'),
    h('span', { class: 'verdict-word' }, verdict.allowed ? t('render.allowed') : t('render.disallowed')),
    h('span', { class: 'verdict-detail' }, detail),
  ];
}

/**
 * Which group a typed crawler's own reading used, worded from the engine's code for it
 * (`group`: `status`, `none`, `none-ignores-star`, `fallback`, `star`, `own`, `record`).
 */
export function ownGroupWords({ name, group, verdict }) {
  const lines = agentLines(verdict);
  const at = lines.length === 0 ? '' : t('render.own-group.at', { lines: lines.map(formatCount).join(', ') });
  const token = verdict.chainStep?.token ?? '*';
  return codeWords('render.own-group.', group, 'render.own-group.own', { name, at, token });
}

/** Why no crawler would request the typed URL (or the question is refused), by its code. */
export function urlProblemWords(problem) {
  return codeWords('render.url-problem-', problem, 'render.url-problem-no-host');
}

/**
 * Radio buttons for one engine choice (`defaults().profiles` or `.agentMatches`), titles only;
 * the summary of the selected one is shown below them (see `choiceSummary`) so that four
 * profiles do not take a screen of text. The engine lists the choices; their words are the
 * catalogue's (`choice.<name>.<id>.title` and `.summary`).
 */
export function renderChoices(name, choices, selected) {
  const summaryId = `${name}-summary`;
  return fragment(
    h(
      'div',
      { class: 'choice-row' },
      choices.map((choice) => {
        const id = `${name}-${choice.id}`;
        return h(
          'span',
          { class: 'choice' },
          h('input', {
            type: 'radio',
            name,
            id,
            value: choice.id,
            checked: choice.id === selected,
            'aria-describedby': summaryId,
          }),
          h('label', { for: id }, choiceTitle(name, choice.id)),
        );
      }),
    ),
    h('p', { class: 'hint choice-summary', id: summaryId }, choiceSummary(name, selected)),
  );
}

/** The title of choice `id` of `name` (`profile`, `agent-match`). */
export function choiceTitle(name, id) {
  return t(`choice.${name}.${id}.title`);
}

/** The summary of the choice with id `selected`. */
export function choiceSummary(name, selected) {
  return selected ? t(`choice.${name}.${selected}.summary`) : '';
}

/** The current reading options in a few words, for the folded "Reading options" line. */
export function readingOptionsSummary(agentMatch, profile) {
  if (!agentMatch || !profile) return '';
  return t('checker.reading-options-current', {
    profile: choiceTitle('profile', profile),
    match: choiceTitle('agent-match', agentMatch),
  });
}

// -------------------------------------------------------------------------------------------
// Engine failures, in words. first-answer.js imports nothing (it starts compiling the module
// before anything else runs), so the engines' errors carry their facts (`EngineError.params`)
// and are worded here; an error it did not word (the core refusing an input) keeps its message.

/** What to tell a visitor about `error`, an EngineError or any other failure. */
export function engineErrorText(error) {
  const params = error?.params ?? {};
  const detail = params.detail ? ` (${params.detail})` : '';
  switch (error?.kind) {
    case 'load':
      return t('engine.error.load', { detail });
    case 'timeout':
      return t('engine.error.timeout', { seconds: formatCount(params.seconds ?? 0) });
    case 'crash':
      return params.memoryBytes >= OUT_OF_MEMORY_BYTES
        ? t('engine.error.crash-memory', { detail, gigabytes: formatDecimal(params.memoryBytes / 1024 ** 3, 1) })
        : t('engine.error.crash', { detail });
    case 'cancelled':
      return t('engine.error.cancelled');
    default:
      return String(error?.message ?? error);
  }
}

// -------------------------------------------------------------------------------------------
// Where the guide explains each thing the page reports: the anchor of the section for an audit
// code or a verdict's reason, so that the verdict and the findings link to the guide without
// loading it (www/panels/guide.js).

/** Where each audit code is explained: its section's anchor. */
const CODE_SECTIONS = {
  RL101: 'status',
  RL105: 'status',
  RL301: 'mistakes',
  RL302: 'mistakes',
  RL303: 'verdict',
  RL304: 'verdict',
  RL305: 'verdict',
  RL306: 'limits',
  RL307: 'verdict',
  RL308: 'shape',
  RL309: 'verdict',
  RL405: 'verdict',
  RL406: 'mistakes',
  RL408: 'mistakes',
  RL501: 'limits',
  RL502: 'extensions',
  RL503: 'extensions',
  RL504: 'extensions',
  RL505: 'extensions',
};
/** Codes not listed above: by their hundred (file, lines, groups, patterns, directives). */
const SERIES_SECTIONS = { 1: 'shape', 2: 'shape', 3: 'verdict', 4: 'patterns', 5: 'extensions' };

/** The anchor (`#guide-…`) of the guide section that explains audit code `code` (`RL302`). */
export function guideAnchorForCode(code) {
  const section = CODE_SECTIONS[code] ?? SERIES_SECTIONS[String(code).charAt(2)] ?? 'shape';
  return `#guide-${section}`;
}

/** The anchor of the section that explains a verdict's `reason` (the engine's reason id). */
export function guideAnchorForReason(reason) {
  switch (reason) {
    case 'file-unavailable':
    case 'file-unreachable':
    case 'beyond-size-limit':
      return '#guide-status';
    case 'implicit-robots-txt-allow':
      return '#guide-faq-robots';
    default:
      return '#guide-verdict';
  }
}

// -------------------------------------------------------------------------------------------
// The sticky header's summary
//
// The summary in the page's sticky header: the current verdict and the audit's error and warning
// counts, each a link to its panel, so that what a visitor came for stays in view while they
// read the guide or the crawler table.

const verdictLink = () => document.querySelector('#header-verdict');
const findingsLink = () => document.querySelector('#header-findings');

/** Shows `verdict` (the engine's verdict view) in the header, or clears it when null. */
export function showHeaderVerdict(verdict, decidingLine = null) {
  const link = verdictLink();
  if (!link) return;
  if (verdict === null) {
    link.textContent = '';
    link.dataset.verdict = '';
    return;
  }
  const word = verdict.allowed ? t('header.allowed') : t('header.disallowed');
  link.textContent = decidingLine === null ? word : t('header.verdict-line', { verdict: word, line: decidingLine });
  link.dataset.verdict = verdict.allowed ? 'allowed' : 'disallowed';
}

/** Shows the audit's `{ error, warning }` counts in the header, or clears them when null. */
export function showHeaderFindings(counts) {
  const link = findingsLink();
  if (!link) return;
  link.textContent =
    counts === null
      ? ''
      : t('header.findings', {
          errors: tPlural('header.errors', counts.error, {}, formatCount),
          warnings: tPlural('header.warnings', counts.warning, {}, formatCount),
        });
}

// ==== The summary (#summary) ====================================================================
// The summary at the top of the checker's result (`#summary`): the verdict, the deciding line's
// number and text, the group that applied and why, and who was asked — in one box, above
// everything else, so that the answer is read before its details.
//
// When the agent typed names a catalogued crawler (its name, or a UA string holding its token)
// and the reading options answer known crawlers as themselves (the default), the summary is that
// crawler's own answer: its fallback chain and its operator's fetch-status handling, as the
// engine answers a crawler (`check` with `crawler`). The answer for the text as typed, under the
// chosen match model, follows below it only where it differs (`#as-typed`), with one sentence of
// why.
//
// The engine decides everything shown here: the verdict, the line, the group. For a crawler's
// own answer, which group it used is the core's sentence (`crawlerWhy`, a message key and its
// values, filled by `messageNodes` above), which the panels' engine gives just after the first
// verdict (`showCrawlerWhy`; until then the row says which kind of group applied, in the page's
// words); for an agent as typed, the page's catalogue words the group the engine reports.
// Everything from the file is a text node in a `translate="no"` element.
//
//     showSummary({ verdict, asTyped, crawler, text, modelTitle });
//
// It lives in this module rather than its own so that the first verdict waits for one file less
// (tests/node/module-graph.test.mjs counts them).

const $summary = (selector) => document.querySelector(selector);

/**
 * The text of line `number` of `text` (the editor's text, whose line ends are `\n`), or null.
 * Linear in the text before the line, in native `indexOf` steps: a few milliseconds for a
 * 10 MB file, and no analysis needed, so the summary shows it with the first verdict.
 */
export function lineOf(text, number) {
  if (!Number.isSafeInteger(number) || number < 1) return null;
  let start = 0;
  for (let line = 1; line < number; line += 1) {
    const end = text.indexOf('\n', start);
    if (end === -1) return null;
    start = end + 1;
  }
  const end = text.indexOf('\n', start);
  return text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '');
}

/** Longer lines are cut in the summary: the file view below shows them whole. */
const LINE_SHOWN_MAX = 300;

function lineCode(text) {
  const shown = text.length > LINE_SHOWN_MAX ? `${text.slice(0, LINE_SHOWN_MAX)}…` : text;
  return h('code', { class: 'line-text', translate: 'no' }, shown);
}

/** The agent-line numbers of a verdict's groups, each once, in order. */
export function agentLines(verdict) {
  return [...new Set(verdict.groups.flatMap((group) => group.matchedAgentLines))];
}

/**
 * The deciding line, its number and its text; or, when no rule decided, the reason in words.
 * A file that is plainly no robots.txt (an HTML page, an error body, binary data) is named as
 * what it is first: that is why so little, or nothing, decides.
 */
function ruleNodes(verdict, text) {
  const what = verdict.notRobotsTxt ? notRobotsNodes(verdict.notRobotsTxt) : [];
  const line = decidingLine(verdict);
  if (line === null) {
    return what.length > 0 ? what : [codeWords('summary.no-line.', verdict.reason, 'summary.no-line.no-rule-matched')];
  }
  const written = lineOf(text, line);
  return [
    what.length > 0 ? [...what, ' '] : null,
    t('render.decided-by'),
    ' ',
    lineLink(line, t('render.line-label', { line: formatCount(line) })),
    written === null ? null : [' ', lineCode(written)],
  ];
}

/** What a file that is no robots.txt is, by the engine's kind: the audit's words for it. */
const NOT_ROBOTS_TXT_KEYS = {
  'html-page': 'core.audit.html-page.message-no-rule',
  'html-page-with-rules': 'core.audit.html-page.message-some-lines',
  json: 'core.audit.html-page.message-json',
  'error-text': 'core.audit.html-page.message-error-text',
  binary: 'core.audit.binary-file.message',
};

function notRobotsNodes(what) {
  const key = NOT_ROBOTS_TXT_KEYS[what.kind];
  if (key === undefined) return [];
  return tNodes(key, {
    opener: lineCode(what.opener),
    count: formatCount(what.directiveLines ?? 0),
    format: what.format ? t(`core.format.${what.format}`) : '',
  });
}

/**
 * Which group applied and why: the core's sentence for a crawler, else the words for the
 * engine's code (`verdict.groupUsed`: `own`, `fallback`, `star`, `none`, `status`).
 */
function groupNodes(verdict) {
  if (verdict.crawlerWhy) return messageNodes(verdict.crawlerWhy);
  const lines = agentLines(verdict);
  const at = lines.map((line) => formatCount(line)).join(', ');
  const count = verdict.groupCount ?? verdict.groups.length;
  const merged = verdict.groupUsed === 'own' && count > 1 ? '-merged' : '';
  return [codeWords('summary.group.', verdict.groupUsed, 'summary.group.own', { lines: at, count: formatCount(count) }, merged)];
}

/**
 * Fills `#summary` and `#as-typed`.
 * `verdict`: the answer the summary gives (a crawler's own, or the agent's as typed);
 * `crawler`: the crawler's name when it is a crawler's own answer, else null;
 * `chosen`: whether the crawler was chosen in the menu (not recognised in the agent);
 * `asTyped`: the answer for the agent as typed under the chosen model, or null;
 * `text`: the file, for the deciding line's text; `model`: the chosen match model's title.
 */
export function showSummary({ verdict, crawler = null, chosen = false, asTyped = null, text, model }) {
  const summary = $summary('#summary');
  summary.dataset.verdict = verdict.allowed ? 'allowed' : 'disallowed';
  summary.dataset.line = String(decidingLine(verdict) ?? '');
  summary.dataset.group = verdict.groupUsed ?? '';
  summary.dataset.crawler = crawler ?? '';
  summary.dataset.notRobotsTxt = verdict.notRobotsTxt?.kind ?? '';
  $summary('#summary-rule').replaceChildren(...flat(ruleNodes(verdict, text)));
  $summary('#summary-group').replaceChildren(...flat(groupNodes(verdict)));
  const asker = $summary('#summary-asker');
  if (crawler === null) asker.replaceChildren(t('summary.as-typed', { model }));
  else asker.replaceChildren(...flat([h('span', { translate: 'no' }, crawler), ' ', t(chosen ? 'summary.as-chosen-crawler' : 'summary.as-crawler')]));
  showAsTyped(asTyped, crawler, text, model);
}

/**
 * The agent-as-typed answer, below the summary: the engine sends it only where it differs from
 * the crawler's (`verdict.asTyped`).
 */
function showAsTyped(asTyped, crawler, text, model) {
  const box = $summary('#as-typed');
  const differs = asTyped !== null && crawler !== null;
  box.hidden = !differs;
  if (!differs) {
    box.replaceChildren();
    box.dataset.verdict = '';
    box.dataset.line = '';
    return;
  }
  const word = asTyped.allowed ? 'allowed' : 'disallowed';
  box.dataset.verdict = word;
  box.dataset.line = String(decidingLine(asTyped) ?? '');
  box.replaceChildren(
    h(
      'p',
      {},
      h('strong', {}, t('summary.typed-heading', { model })),
      ' ',
      h('span', { class: `as-typed-word as-typed-${word}` }, t(`render.${word}`)),
      '. ',
      ...flat(ruleNodes(asTyped, text)),
    ),
    h('p', { class: 'hint' }, ...flat(groupNodes(asTyped)), ' ', t('summary.typed-why', { name: crawler })),
  );
}

/**
 * Words the group row of a crawler's own answer with the core's sentence (`why`, a message),
 * once the panels' engine has it: the first verdict's module serializes no message.
 */
export function showCrawlerWhy(why) {
  $summary('#summary-group').replaceChildren(...messageNodes(why));
}

/** Empties the summary (no verdict: the engine failed, or the URL cannot be requested). */
export function clearSummary() {
  const summary = $summary('#summary');
  if (!summary) return;
  Object.assign(summary.dataset, { verdict: '', line: '', group: '', crawler: '', notRobotsTxt: '' });
  for (const id of ['#summary-rule', '#summary-group', '#summary-asker', '#as-typed']) $summary(id).replaceChildren();
  $summary('#as-typed').hidden = true;
}

function flat(nodes) {
  return nodes.flat(Infinity).filter((node) => node !== null && node !== undefined && node !== false);
}
