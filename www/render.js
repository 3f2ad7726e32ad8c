/**
 * Pure render functions: engine results in, DOM nodes out.
 *
 * A robots.txt is untrusted input, so every piece of it reaches the DOM as a text node (through
 * `h`, which has no way to set HTML). The functions hold no state and attach no listeners:
 * links to lines are buttons with `data-goto-line`, handled by delegation in app.js. They decide
 * nothing about robots.txt either; they put the core's answers into words.
 */

import { formatBytes, formatCount } from './format.js';
import { lineNotes } from './line-notes.js';
import { lineAt, lineCount } from './line-table.js';
import { t } from './i18n.js';

/** Render budgets: beyond them a list says how much it left out. */
const MAX_GROUP_CARDS = 50;
const MAX_RULE_ROWS = 500;
const FILE_VIEW_FULL_LINES = 400;
const FILE_VIEW_CONTEXT = 3;
const FILE_VIEW_MAX_ROWS = 400;
const FILE_VIEW_MAX_ANCHORS = 60;

const RULE_WORDS = { allow: 'Allow', disallow: 'Disallow' };

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
export function lineLink(number, label = `line ${number}`) {
  return h(
    'button',
    { type: 'button', class: 'line-link', 'data-goto-line': number, 'aria-label': `Go to line ${number}` },
    label,
  );
}

/** Text from the file, in a code element that keeps its whitespace visible. */
function code(text, className = 'token') {
  return h('code', { class: className }, text === '' ? h('span', { class: 'empty' }, '(empty)') : text);
}

function visuallyHidden(text) {
  return h('span', { class: 'visually-hidden' }, text);
}

function moreNote(shown, total, what) {
  if (total <= shown) return null;
  return h(
    'p',
    { class: 'hint more' },
    `Showing the first ${formatCount(shown)} of ${formatCount(total)} ${what}.`,
  );
}

function plural(count, one, many = `${one}s`) {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

// ---------------------------------------------------------------------------------------------
// The file: facts, notes about loading it, line notes

/** The one-line summary under the editor. */
export function renderFacts(analysis) {
  const { facts } = analysis;
  const parts = [
    plural(facts.lineCount, 'line'),
    formatBytes(facts.size),
    plural(analysis.groups.total, 'group'),
    plural(analysis.ruleCount, 'rule'),
    plural(analysis.sitemaps.total, 'sitemap'),
  ];
  if (facts.bomBytes > 0) parts.push('starts with a BOM');
  return parts.join(' · ');
}

/**
 * Notes about how the text got here (a file that was not UTF-8, a link that was loaded…).
 * `notes` are `{ severity: 'info' | 'warning' | 'error', text, action?: { id, label }, link? }`;
 * an action becomes a button with `data-action`, a link a read-only field to copy from.
 */
export function renderLoadNotes(notes) {
  return notes.map((note) =>
    h(
      'li',
      { class: `note note-${note.severity}` },
      h('span', { class: 'note-text' }, note.text),
      note.link
        ? h(
            'label',
            { class: 'share-link' },
            visuallyHidden('Link to this file and check'),
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
    ),
  );
}

/** The line notes section: the noted lines and the file-wide facts, in line order. */
export function renderLineNotes(analysis, limits) {
  const { facts, notedLines } = analysis;
  const entries = notedLines.items.map((line) => ({
    line: line.number,
    item: lineNoteItem(line.number, `Line ${formatCount(line.number)}`, line.text, lineNotes(line, limits)),
  }));
  if (facts.bomBytes > 0) {
    const text =
      'The file starts with a UTF-8 byte order mark (BOM). Crawlers skip it; it is invisible in the editor.';
    entries.unshift({ line: 1, item: lineNoteItem(1, 'Line 1', null, [{ severity: 'info', text }]) });
  }
  const beyond = facts.firstLineBeyondLimit;
  if (beyond !== null) {
    const text = `The file is ${formatBytes(facts.size)}; Googlebot reads only the first ${formatBytes(limits.sizeLimit)}, so these lines do not count for its verdicts.`;
    const label = `Line ${formatCount(beyond)} onwards`;
    entries.push({ line: beyond, item: lineNoteItem(beyond, label, null, [{ severity: 'warning', text }]) });
  }
  if (entries.length === 0) {
    return fragment(
      h('p', { class: 'empty-state' }, 'Every line reads cleanly: nothing malformed, misspelled or unknown.'),
    );
  }
  entries.sort((a, b) => a.line - b.line); // Stable: the BOM note stays first on line 1.
  return fragment(
    h(
      'ul',
      { class: 'line-notes' },
      entries.map((entry) => entry.item),
    ),
    moreNote(notedLines.items.length, notedLines.total, 'lines with notes'),
  );
}

function lineNoteItem(number, label, text, notes) {
  return h(
    'li',
    { class: `line-note severity-${notes[0]?.severity ?? 'info'}` },
    h(
      'p',
      { class: 'line-note-head' },
      lineLink(number, label),
      text === null ? null : [' ', code(text, 'line-text')],
    ),
    noteList(notes),
  );
}

function noteList(notes) {
  return h(
    'ul',
    { class: 'note-list' },
    notes.map((note) =>
      h(
        'li',
        { class: `severity-${note.severity}` },
        h('span', { class: 'severity-label' }, severityWord(note.severity)),
        ' ',
        note.text,
      ),
    ),
  );
}

function severityWord(severity) {
  return { error: 'Skipped', warning: 'Careful', info: 'Note' }[severity] ?? 'Note';
}

// ---------------------------------------------------------------------------------------------
// The reading view: groups, sitemaps, other directives, rules outside groups

/** One card per group, with its agents, rules and other lines. */
export function renderGroups(analysis) {
  const groups = analysis.groups.items;
  if (groups.length === 0) {
    return fragment(
      h(
        'p',
        { class: 'empty-state' },
        'No groups: the file has no User-agent line followed by rules, so it restricts no crawler.',
      ),
    );
  }
  let rowBudget = MAX_RULE_ROWS;
  const cards = [];
  for (const group of groups.slice(0, MAX_GROUP_CARDS)) {
    const rules = group.rules.slice(0, Math.max(0, rowBudget));
    rowBudget -= rules.length;
    cards.push(groupCard(group, rules));
  }
  return fragment(
    h('div', { class: 'group-grid' }, cards),
    moreNote(Math.min(groups.length, MAX_GROUP_CARDS), analysis.groups.total, 'groups'),
  );
}

function groupCard(group, rules) {
  const span =
    group.firstLine === group.lastLine
      ? `line ${group.firstLine}`
      : `lines ${group.firstLine}–${group.lastLine}`;
  return h(
    'article',
    { class: 'group-card', 'aria-label': `Group ${group.index + 1}` },
    h('h4', {}, `Group ${group.index + 1}`, ' ', h('span', { class: 'muted' }, span)),
    h('ul', { class: 'agents' }, group.agents.map(agentItem)),
    rules.length > 0
      ? rulesTable(rules)
      : h('p', { class: 'hint' }, 'No rules: the crawlers it names may fetch everything.'),
    moreNote(rules.length, group.ruleCount, 'rules of this group'),
    group.otherLines.length > 0
      ? h(
          'p',
          { class: 'hint other-lines' },
          'Other lines in this group: ',
          joinNodes(group.otherLines.map((line) => lineLink(line))),
        )
      : null,
  );
}

function agentItem(agent) {
  let note = null;
  if (agent.isStar) note = h('span', { class: 'hint' }, ' every crawler without a group of its own');
  else if (agent.token === '' || agent.token === null)
    note = h('span', { class: 'hint' }, ' names no crawler (no letters at its start)');
  else if (agent.hasExtraText) note = h('span', { class: 'hint' }, ' compared as ', code(agent.token));
  return h(
    'li',
    {},
    lineLink(agent.line, String(agent.line)),
    ' ',
    h('span', { class: 'key' }, 'User-agent'),
    ' ',
    code(agent.value),
    note,
  );
}

function rulesTable(rules) {
  return h(
    'table',
    { class: 'rules' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Line'),
        h('th', { scope: 'col', class: 'rule-column' }, 'Rule'),
        h('th', { scope: 'col' }, 'Pattern'),
      ),
    ),
    h(
      'tbody',
      {},
      rules.map((rule) =>
        h(
          'tr',
          {},
          h('td', {}, lineLink(rule.line, String(rule.line))),
          h(
            'td',
            {},
            h('span', { class: `rule-kind rule-${rule.kind}` }, RULE_WORDS[rule.kind] ?? rule.kind),
          ),
          h(
            'td',
            {},
            code(rule.pattern),
            rule.pattern === '' ? h('span', { class: 'hint' }, ' an empty pattern never decides') : null,
            rule.beyondSizeLimit ? h('span', { class: 'hint' }, ' past the size limit') : null,
          ),
        ),
      ),
    ),
  );
}

function joinNodes(nodes, separator = ', ') {
  return nodes.flatMap((node, index) => (index === 0 ? [node] : [separator, node]));
}

/** The Sitemap lines, wherever they stand. URLs are shown as text, never as links. */
export function renderSitemaps(analysis) {
  const { items, total } = analysis.sitemaps;
  if (total === 0) return fragment(h('p', { class: 'empty-state' }, 'No Sitemap lines.'));
  return fragment(
    h(
      'ul',
      { class: 'plain-list' },
      items.map((sitemap) =>
        h('li', {}, lineLink(sitemap.line, String(sitemap.line)), ' ', code(sitemap.url, 'url')),
      ),
    ),
    moreNote(items.length, total, 'sitemaps'),
  );
}

/** Lines with keys beyond the four RFC 9309 defines: Crawl-delay, Host, unknown keys… */
export function renderDirectives(analysis) {
  const { items, total } = analysis.directives;
  if (total === 0)
    return fragment(
      h(
        'p',
        { class: 'empty-state' },
        'None: every line is a User-agent, Allow, Disallow or Sitemap line, a comment or blank.',
      ),
    );
  return fragment(
    h(
      'ul',
      { class: 'plain-list' },
      items.map((directive) =>
        h(
          'li',
          {},
          lineLink(directive.line, String(directive.line)),
          ' ',
          h('span', { class: 'key' }, directive.key),
          ' ',
          code(directive.value),
          h(
            'span',
            { class: 'hint' },
            directive.group === null ? ' outside any group' : ` in group ${directive.group + 1}`,
          ),
          directive.name === null ? h('span', { class: 'hint' }, ' — unknown key') : null,
        ),
      ),
    ),
    h(
      'p',
      { class: 'hint' },
      'RFC 9309 defines only User-agent, Allow, Disallow and Sitemap. Google does not use these lines; some other crawlers read some of them.',
    ),
    moreNote(items.length, total, 'directives'),
  );
}

/** Allow and Disallow lines before the first User-agent line. */
export function renderOrphanRules(analysis) {
  const { items, total } = analysis.orphanRules;
  if (total === 0) return fragment(h('p', { class: 'empty-state' }, 'None.'));
  return fragment(
    h(
      'p',
      { class: 'hint warning-text' },
      'No crawler obeys these: a rule counts only in a group, after a User-agent line.',
    ),
    rulesTable(items),
    moreNote(items.length, total, 'rules'),
  );
}

// ---------------------------------------------------------------------------------------------
// The checker: verdict, explanation, matching rules, the annotated file

/** The line that decided, as `#verdict`'s `data-line` reports it: only when a rule decided. */
export function decidingLine(verdict) {
  const ruleDecided = verdict.reason === 'rule-matched' || verdict.reason === 'beyond-size-limit';
  return ruleDecided && verdict.decisive ? verdict.decisive.line : null;
}

const HEADLINE_DETAILS = {
  'implicit-robots-txt-allow': 'because /robots.txt is always allowed',
  'no-group-applies': 'no group applies',
  'no-rule-matched': 'no rule matches',
  'file-unavailable': 'the file counts as unavailable',
  'file-unreachable': 'the file counts as unreachable',
  'reader-error': 'the reader fails on this URL',
};

/** The verdict in a few words: icon, word and what decided. Also announced to screen readers. */
export function renderVerdictHeadline(verdict) {
  const line = decidingLine(verdict);
  let detail;
  if (line !== null) detail = `by line ${formatCount(line)}`;
  else detail = HEADLINE_DETAILS[verdict.reason] ?? 'no rule matches';
  return [
    h('span', { class: 'verdict-icon', 'aria-hidden': 'true' }, verdict.allowed ? '✓' : '✕'),
    h('span', { class: 'verdict-word' }, verdict.allowed ? 'Allowed' : 'Disallowed'),
    h('span', { class: 'verdict-detail' }, detail),
  ];
}

/**
 * Everything under the headline: why, the deciding line, the groups that applied, how the
 * agent and the path were compared, and every matching rule.
 * `typedUrl` is the URL field as typed, to show how it became a path.
 */
export function renderExplanation(verdict, analysis, text, typedUrl, profile) {
  const precedence = profile?.precedence ?? null;
  return fragment(
    h('p', { class: 'reason' }, reasonSentence(verdict, precedence)),
    decisiveBlock(verdict, analysis, text),
    beyondLimitBlock(verdict, analysis, text),
    groupsBlock(verdict, analysis, text),
    comparisonBlock(verdict, typedUrl),
    matchesBlock(verdict, precedence),
  );
}

/** How the profile picks among matching rules, in words; `precedence` may be unknown (null). */
const PRECEDENCE_WORDS = {
  'longest-match':
    'Of the rules that match this path, the one with the longest pattern decides; Allow wins a tie.',
  'first-match': 'The first rule in the file that matches this path decides.',
};

function reasonSentence(verdict, precedence) {
  switch (verdict.reason) {
    case 'rule-matched':
      return PRECEDENCE_WORDS[precedence] ?? 'A rule that matches this path decides.';
    case 'no-rule-matched':
      return 'Allowed because no rule decides: a group applies, but none of its rules matches this path (an empty pattern never decides).';
    case 'no-group-applies':
      return 'Allowed because no group applies: no group names this crawler and there is no User-agent: * group, so nothing restricts it.';
    case 'implicit-robots-txt-allow':
      return 'Allowed without looking at the rules: RFC 9309 (section 2.2.2) always allows /robots.txt itself. The Google profile has no such exception.';
    case 'beyond-size-limit':
      return 'The file is larger than what Googlebot reads, and a rule past that limit would change the answer. The verdict follows the part that is read.';
    case 'file-unavailable':
      return 'Allowed whatever the file says: served with this status, the file counts as unavailable, and then every URL may be fetched.';
    case 'file-unreachable':
      return 'Disallowed whatever the file says: served with this status, the file counts as unreachable, and then no URL may be fetched.';
    case 'reader-error':
      return 'Not allowed: the reader this profile models fails with an error on this URL instead of answering.';
    default:
      return `Reason: ${verdict.reason}.`;
  }
}

function fileLine(analysis, text, number) {
  return lineAt(analysis.lineTable, text, number);
}

function lineQuote(analysis, text, number) {
  const line = fileLine(analysis, text, number);
  return h(
    'span',
    { class: 'line-quote' },
    lineLink(number, `Line ${formatCount(number)}`),
    ' ',
    code(line ? line.text : '', 'line-text'),
  );
}

function decisiveBlock(verdict, analysis, text) {
  const line = decidingLine(verdict);
  if (line === null) return null;
  return h(
    'p',
    { class: `decisive decisive-${verdict.decisive.kind}` },
    h('span', { class: 'label' }, 'Decided by '),
    lineQuote(analysis, text, line),
    verdict.decisive.viaIndexHtml
      ? h(
          'span',
          { class: 'hint' },
          ` Google reads this Allow of an index page as also allowing its directory, ${verdict.decisive.normalised}.`,
        )
      : null,
  );
}

function beyondLimitBlock(verdict, analysis, text) {
  if (!verdict.beyondSizeLimit) return null;
  return h(
    'p',
    { class: 'decisive overridden' },
    'Reading the whole file, this line past the limit would decide instead: ',
    lineQuote(analysis, text, verdict.beyondSizeLimit.line),
  );
}

function groupsBlock(verdict, analysis, text) {
  if (verdict.groups.length === 0) {
    return h(
      'p',
      { class: 'groups-applied' },
      'No group names this crawler, and the file has no User-agent: * group.',
    );
  }
  const intro = verdict.usedStarGroup
    ? 'No group names this crawler, so it follows the User-agent: * group:'
    : verdict.groups.length > 1
      ? `${verdict.groups.length} groups name this crawler; their rules are combined:`
      : 'The group that applies:';
  const agentLines = verdict.groups.flatMap((group) =>
    group.matchedAgentLines.map((number) => h('li', {}, lineQuote(analysis, text, number))),
  );
  return h(
    'div',
    { class: 'groups-applied' },
    h('p', {}, intro),
    h('ul', { class: 'plain-list' }, agentLines),
  );
}

function comparisonBlock(verdict, typedUrl) {
  const rows = [];
  if (verdict.agentMatch === 'token') {
    rows.push(['Agent compared as', verdict.agentToken === '' ? '(no product token)' : verdict.agentToken]);
  } else if (verdict.agent === '') {
    rows.push(['Agent', '(none given: only User-agent: * groups can apply)']);
  }
  const typed = typedUrl.trim();
  if (typed !== verdict.path) rows.push(['Path requested', verdict.path]);
  if (verdict.normalisedPath !== verdict.path) rows.push(['Path compared as', verdict.normalisedPath]);
  if (rows.length === 0) return null;
  return h(
    'dl',
    { class: 'comparison' },
    rows.map(([term, value]) => [h('dt', {}, term), h('dd', {}, code(value))]),
  );
}

function matchesBlock(verdict, precedence) {
  const matches = verdict.matches;
  if (matches.length === 0) {
    return verdict.groups.length > 0
      ? h('p', { class: 'hint' }, 'No rule of the applying group matches this path.')
      : null;
  }
  const decisive = decidingLine(verdict) !== null ? verdict.decisive : null;
  return h(
    'div',
    { class: 'matches' },
    h(
      'table',
      { class: 'rules matches-table' },
      h('caption', {}, `Rules that match this path (${formatCount(verdict.matchCount ?? matches.length)})`),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Line'),
          h('th', { scope: 'col' }, 'Rule'),
          h('th', { scope: 'col', class: 'numeric' }, 'Length'),
          h('th', { scope: 'col' }, 'Outcome'),
        ),
      ),
      h(
        'tbody',
        {},
        matches.map((match) => {
          const wins = decisive !== null && match.line === decisive.line && match.kind === decisive.kind;
          return h(
            'tr',
            { class: wins ? 'winner' : null },
            h('td', {}, lineLink(match.line, String(match.line))),
            h(
              'td',
              {},
              h('span', { class: `rule-kind rule-${match.kind}` }, RULE_WORDS[match.kind] ?? match.kind),
              ' ',
              code(match.pattern),
              match.normalised !== match.pattern
                ? h('span', { class: 'hint' }, ' compared as ', code(match.normalised))
                : null,
            ),
            h('td', { class: 'numeric' }, formatCount(match.length)),
            h('td', {}, matchOutcome(match, wins, verdict, precedence)),
          );
        }),
      ),
    ),
    moreNote(matches.length, verdict.matchCount ?? matches.length, 'matching rules'),
  );
}

function matchOutcome(match, wins, verdict, precedence) {
  if (wins) {
    if (precedence === 'first-match') return h('strong', { class: 'outcome-wins' }, 'Decides (first match)');
    if (precedence !== 'longest-match') return h('strong', { class: 'outcome-wins' }, 'Decides');
    const tie = verdict.matches.some(
      (other) => other !== match && other.length === match.length && other.kind !== match.kind,
    );
    return h('strong', { class: 'outcome-wins' }, tie ? 'Decides (Allow wins the tie)' : 'Decides (longest)');
  }
  const setAside = {
    'implicit-robots-txt-allow': 'Set aside: /robots.txt is always allowed',
    'file-unavailable': 'Set aside: the fetch status decides',
    'file-unreachable': 'Set aside: the fetch status decides',
  }[verdict.reason];
  if (setAside) return h('span', { class: 'hint' }, setAside);
  if (precedence === 'longest-match') {
    return h('span', { class: 'hint' }, match.length === 0 ? 'Empty pattern: never decides' : 'Outweighed');
  }
  if (precedence === 'first-match') return h('span', { class: 'hint' }, 'Comes after the deciding rule');
  return h('span', { class: 'hint' }, 'Does not decide');
}

/**
 * The file with line numbers, marking the lines of the applied groups, the deciding line and
 * the other matching rules. A long file is shown as windows around those lines.
 */
export function renderFileView(verdict, analysis, text) {
  const table = analysis.lineTable;
  const total = lineCount(table);
  const inGroup = new Set(verdict?.groups.flatMap((group) => group.lines) ?? []);
  const decisive = verdict ? decidingLine(verdict) : null;
  const matched = new Set(verdict?.matches.map((match) => match.line) ?? []);
  const windows = total <= FILE_VIEW_FULL_LINES ? [[1, total]] : fileWindows(verdict, total);

  const rows = [];
  let shown = 0;
  let next = 1;
  for (const [from, to] of windows) {
    if (from > next) rows.push(gapRow(from - next));
    for (let number = from; number <= to && shown < FILE_VIEW_MAX_ROWS; number += 1, shown += 1) {
      rows.push(
        fileRow(lineAt(table, text, number), inGroup.has(number), number === decisive, matched.has(number)),
      );
      next = number + 1;
    }
  }
  if (next <= total) rows.push(gapRow(total - next + 1));
  return fragment(
    h('div', { class: 'file-lines', role: 'list', 'aria-label': 'The file with line numbers' }, rows),
  );
}

/** Line ranges around the lines that explain the verdict, merged, in order. */
function fileWindows(verdict, total) {
  const anchors = [1];
  if (verdict) {
    for (const group of verdict.groups) anchors.push(...group.matchedAgentLines.slice(0, 5));
    anchors.push(...verdict.matches.map((match) => match.line));
    if (verdict.decisive) anchors.push(verdict.decisive.line);
    if (verdict.beyondSizeLimit) anchors.push(verdict.beyondSizeLimit.line);
  }
  const sorted = [...new Set(anchors)].sort((a, b) => a - b).slice(0, FILE_VIEW_MAX_ANCHORS);
  const windows = [];
  for (const anchor of sorted) {
    const from = Math.max(1, anchor - FILE_VIEW_CONTEXT);
    const to = Math.min(total, anchor + FILE_VIEW_CONTEXT);
    const last = windows.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else windows.push([from, to]);
  }
  return windows;
}

function gapRow(count) {
  return h('div', { class: 'file-gap', role: 'listitem' }, `⋯ ${plural(count, 'line')} not shown`);
}

function fileRow(line, inGroup, decides, matches) {
  const classes = ['file-line', `kind-${line.kind}`];
  const marks = [];
  if (inGroup) {
    classes.push('in-group');
    marks.push('in the applying group');
  }
  if (decides) {
    classes.push('decides');
    marks.push('decides');
  } else if (matches) {
    classes.push('matches');
    marks.push('matches');
  }
  return h(
    'div',
    { class: classes.join(' '), role: 'listitem' },
    h(
      'button',
      {
        type: 'button',
        class: 'file-number',
        'data-goto-line': line.number,
        'aria-label': `Go to line ${line.number}`,
      },
      String(line.number),
    ),
    h('code', { class: 'file-text' }, line.text),
    marks.length > 0 ? visuallyHidden(` (${marks.join(', ')})`) : null,
  );
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
