/**
 * The summary at the top of the checker's result (`#summary`): the verdict, the deciding line's
 * number and text, the group that applied and why, and who was asked — in one box, above
 * everything else, so that the answer is read before its details.
 *
 * When the agent typed names a catalogued crawler (its name, or a UA string holding its token)
 * and the reading options answer known crawlers as themselves (the default), the summary is that
 * crawler's own answer: its fallback chain and its operator's fetch-status handling, as the
 * engine answers a crawler (`check` with `crawler`). The answer for the text as typed, under the
 * chosen match model, follows below it only where it differs (`#as-typed`), with one sentence of
 * why.
 *
 * The engine decides everything shown here: the verdict, the line, the group. For a crawler's
 * own answer, which group it used is the core's sentence (`crawlerWhy`, a message key and its
 * values, filled by www/messages.js), which the panels' engine gives just after the first
 * verdict (`showCrawlerWhy`; until then the row says which kind of group applied, in the page's
 * words); for an agent as typed, the page's catalogue words the group the engine reports.
 * Everything from the file is a text node in a `translate="no"` element.
 *
 *     showSummary({ verdict, asTyped, crawler, text, modelTitle });
 */

import { decidingLine, h, lineLink } from './render.js';
import { messageNodes } from './messages.js';
import { formatCount, t } from './i18n.js';

const $ = (selector) => document.querySelector(selector);

/**
 * Which group applied, as `#summary[data-group]` reports it: `status` (the fetch status decided
 * and no group was read), `none`, `star` (the `*` group, no group naming the agent),
 * `fallback` (a crawler's fallback token's group) or `own` (groups naming the agent).
 */
export function groupKind(verdict) {
  if (verdict.reason === 'file-unavailable' || verdict.reason === 'file-unreachable') return 'status';
  if (verdict.groups.length === 0) return 'none';
  if (verdict.chainStep?.fallback) return 'fallback';
  if (verdict.usedStarGroup) return 'star';
  return 'own';
}

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
function agentLines(verdict) {
  return [...new Set(verdict.groups.flatMap((group) => group.matchedAgentLines))];
}

/** The deciding line, its number and its text; or, when no rule decided, the reason in words. */
function ruleNodes(verdict, text) {
  const line = decidingLine(verdict);
  if (line === null) return [t(NO_LINE_KEYS[verdict.reason] ?? NO_LINE_KEYS['no-rule-matched'])];
  const written = lineOf(text, line);
  return [
    t('render.decided-by'),
    ' ',
    lineLink(line, t('render.line-label', { line: formatCount(line) })),
    written === null ? null : [' ', lineCode(written)],
  ];
}

/** What decided when no line did, by the engine's reason id; others read as "no rule matches". */
const NO_LINE_KEYS = {
  'no-rule-matched': 'summary.no-line.no-rule-matched',
  'no-group-applies': 'summary.no-line.no-group-applies',
  'implicit-robots-txt-allow': 'summary.no-line.implicit-robots-txt-allow',
  'file-unavailable': 'summary.no-line.file-unavailable',
  'file-unreachable': 'summary.no-line.file-unreachable',
  'reader-error': 'summary.no-line.reader-error',
};

/** The group that applied, by `groupKind`. */
const GROUP_KEYS = {
  status: 'summary.group.status',
  none: 'summary.group.none',
  fallback: 'summary.group.fallback',
  star: 'summary.group.star',
  own: 'summary.group.own',
};

/** Which group applied and why: the core's sentence for a crawler, else the page's words. */
function groupNodes(verdict) {
  if (verdict.crawlerWhy) return messageNodes(verdict.crawlerWhy);
  const kind = groupKind(verdict);
  const lines = agentLines(verdict);
  const at = lines.map((line) => formatCount(line)).join(', ');
  const count = verdict.groupCount ?? verdict.groups.length;
  const key = kind === 'own' && count > 1 ? 'summary.group.own-merged' : GROUP_KEYS[kind];
  return [t(key, { lines: at, count: formatCount(count) })];
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
  const summary = $('#summary');
  summary.dataset.verdict = verdict.allowed ? 'allowed' : 'disallowed';
  summary.dataset.line = String(decidingLine(verdict) ?? '');
  summary.dataset.group = groupKind(verdict);
  summary.dataset.crawler = crawler ?? '';
  $('#summary-rule').replaceChildren(...flat(ruleNodes(verdict, text)));
  $('#summary-group').replaceChildren(...flat(groupNodes(verdict)));
  const asker = $('#summary-asker');
  if (crawler === null) asker.replaceChildren(t('summary.as-typed', { model }));
  else asker.replaceChildren(...flat([h('span', { translate: 'no' }, crawler), ' ', t(chosen ? 'summary.as-chosen-crawler' : 'summary.as-crawler')]));
  showAsTyped(asTyped, verdict, crawler, text, model);
}

/** The agent-as-typed answer, below the summary, only where it differs from the crawler's. */
function showAsTyped(asTyped, verdict, crawler, text, model) {
  const box = $('#as-typed');
  const differs =
    asTyped !== null &&
    crawler !== null &&
    (asTyped.allowed !== verdict.allowed || decidingLine(asTyped) !== decidingLine(verdict));
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
  $('#summary-group').replaceChildren(...messageNodes(why));
}

/** Empties the summary (no verdict: the engine failed, or the URL cannot be requested). */
export function clearSummary() {
  const summary = $('#summary');
  if (!summary) return;
  Object.assign(summary.dataset, { verdict: '', line: '', group: '', crawler: '' });
  for (const id of ['#summary-rule', '#summary-group', '#summary-asker', '#as-typed']) $(id).replaceChildren();
  $('#as-typed').hidden = true;
}

function flat(nodes) {
  return nodes.flat(Infinity).filter((node) => node !== null && node !== undefined && node !== false);
}
