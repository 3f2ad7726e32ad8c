//# allFunctionsCalledOnLoad
/**
 * The file's reading and the explanation of a verdict, as DOM nodes: the facts under the
 * editor, the line notes, the groups, sitemaps, other directives and rules outside any group
 * (`renderFacts` … `renderOrphanRules`), everything under the verdict's headline
 * (`renderExplanation`) and the file annotated with the lines that decided (`renderFileView`).
 *
 * Pure render functions, as www/text/render.js's (whose helpers these build on): every piece of
 * the file reaches the DOM as a text node, and nothing here decides about robots.txt. They are a
 * module of their own because the first verdict draws none of them: app.js imports this one
 * after that verdict, with the panels, so its bytes and its compile are not on the first
 * verdict's path (issue 38).
 */

import { lineAt, lineCount } from '../engine/lines.js';
import { formatBytes, formatCount, t, tPlural } from './i18n.js';
import {
  agentLines,
  code,
  codeWords,
  decidingLine,
  fragment,
  guideAnchorForReason,
  h,
  lineLink,
  ownGroupWords,
  reasonText,
  shownText,
  urlProblemWords,
  visuallyHidden,
} from './render.js';

/** Render budgets: beyond them a list says how much it left out. */
const MAX_GROUP_CARDS = 50;
const MAX_RULE_ROWS = 500;
const FILE_VIEW_FULL_LINES = 400;
const FILE_VIEW_CONTEXT = 3;
const FILE_VIEW_MAX_ROWS = 400;
const FILE_VIEW_MAX_ANCHORS = 60;

/** `Allow` or `Disallow`: the keys themselves, which stay as written in every language. */
function ruleWord(kind) {
  return { allow: 'Allow', disallow: 'Disallow' }[kind] ?? kind;
}

/** "Showing the first N of M …": `key` is the catalogue text for the things counted. */
function moreNote(shown, total, key) {
  if (total <= shown) return null;
  return h('p', { class: 'hint more' }, t(key, { shown: formatCount(shown), total: formatCount(total) }));
}

function plural(count, key) {
  return tPlural(key, count, {}, formatCount);
}

// ---------------------------------------------------------------------------------------------
// The file: facts, line notes

/** The one-line summary under the editor. */
export function renderFacts(analysis) {
  const { facts } = analysis;
  const parts = [
    plural(facts.lineCount, 'render.count.lines'),
    formatBytes(facts.size),
    plural(analysis.groups.total, 'render.count.groups'),
    plural(analysis.ruleCount, 'render.count.rules'),
    plural(analysis.sitemaps.total, 'render.count.sitemaps'),
  ];
  if (facts.bomBytes > 0) parts.push(t('render.facts-bom'));
  return parts.join(' · ');
}

/** The line notes section: the noted lines and the file-wide facts, in line order. */
export function renderLineNotes(analysis, limits) {
  const { facts, notedLines } = analysis;
  const entries = notedLines.items.map((line) => ({
    line: line.number,
    item: lineNoteItem(line.number, lineLabel(line.number), line.text, lineNotes(line, limits)),
  }));
  if (facts.bomBytes > 0) {
    const text = t('render.note-bom');
    entries.unshift({ line: 1, item: lineNoteItem(1, lineLabel(1), null, [{ severity: 'info', text }]) });
  }
  const beyond = facts.firstLineBeyondLimit;
  if (beyond !== null) {
    const text = t('render.note-beyond-limit', { size: formatBytes(facts.size), limit: formatBytes(limits.sizeLimit) });
    const label = t('render.line-onwards', { line: formatCount(beyond) });
    entries.push({ line: beyond, item: lineNoteItem(beyond, label, null, [{ severity: 'warning', text }]) });
  }
  if (entries.length === 0) {
    return fragment(h('p', { class: 'empty-state' }, t('render.notes-none')));
  }
  entries.sort((a, b) => a.line - b.line); // Stable: the BOM note stays first on line 1.
  return fragment(
    h(
      'ul',
      { class: 'line-notes' },
      entries.map((entry) => entry.item),
    ),
    moreNote(notedLines.items.length, notedLines.total, 'render.more.noted-lines'),
  );
}

/** The standard names of the line kinds the core recognises by spelling. */
const STANDARD_KEYS = {
  'user-agent': 'User-agent',
  allow: 'Allow',
  disallow: 'Disallow',
  sitemap: 'Sitemap',
};

/**
 * The notes on one line, most serious first: `{ severity: 'error' | 'warning', text }`.
 * An error means crawlers skip the line; a warning means some read it and others may not,
 * or read only part of it. `limits` is `{ maxLineBytes, sizeLimit }` from the engine's defaults.
 */
function lineNotes(line, limits) {
  const notes = [];
  const key = line.key ?? '';
  if (line.kind === 'malformed') {
    notes.push({
      severity: 'error',
      text: line.malformed === 'empty-key' ? t('line-notes.empty-key') : t('line-notes.no-separator'),
    });
  }
  if (line.kind === 'unknown') {
    notes.push({
      severity: 'error',
      text: t('line-notes.unknown', { key }),
    });
  }
  const standard = STANDARD_KEYS[line.kind];
  if (line.spelling === 'typo') {
    const meant = standard ?? line.directive ?? t('line-notes.a-known-key');
    notes.push({
      severity: 'warning',
      text: standard ? t('line-notes.typo', { key, meant }) : t('line-notes.read-as', { key, meant }),
    });
  }
  if (line.spelling === 'prefix' && standard) {
    notes.push({
      severity: 'warning',
      text: t('line-notes.prefix', { key, standard }),
    });
  }
  if (line.missingColon) {
    notes.push({
      severity: 'warning',
      text: t('line-notes.missing-colon', { key, value: line.value ?? '' }),
    });
  }
  if (line.tooLong) {
    notes.push({
      severity: 'warning',
      text: t('line-notes.too-long', { limit: formatCount(limits.maxLineBytes) }),
    });
  }
  if (line.hasNul) {
    notes.push({
      severity: 'warning',
      text: t('line-notes.nul'),
    });
  }
  if (line.invalidUtf8) {
    notes.push({ severity: 'warning', text: t('line-notes.invalid-utf8') });
  }
  if (line.cutBySizeLimit) {
    notes.push({
      severity: 'warning',
      text: t('line-notes.cut-by-limit', { limit: formatBytes(limits.sizeLimit) }),
    });
  }
  return notes;
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
  const key = { error: 'render.note-severity.error', warning: 'render.note-severity.warning' }[severity];
  return t(key ?? 'render.note-severity.info');
}

/** `Line 12`, the label of a line's link. */
function lineLabel(number) {
  return t('render.line-label', { line: formatCount(number) });
}

// ---------------------------------------------------------------------------------------------
// The reading view: groups, sitemaps, other directives, rules outside groups

/** One card per group, with its agents, rules and other lines. */
export function renderGroups(analysis) {
  const groups = analysis.groups.items;
  if (groups.length === 0) {
    return fragment(
      h('p', { class: 'empty-state' }, t('render.groups-none')),
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
    moreNote(Math.min(groups.length, MAX_GROUP_CARDS), analysis.groups.total, 'render.more.groups'),
  );
}

function groupCard(group, rules) {
  const span =
    group.firstLine === group.lastLine
      ? t('render.line', { line: group.firstLine })
      : t('render.lines-range', { first: group.firstLine, last: group.lastLine });
  const title = t('render.group-title', { number: group.index + 1 });
  return h(
    'article',
    { class: 'group-card', 'aria-label': title },
    h('h4', {}, title, ' ', h('span', { class: 'muted' }, span)),
    h('ul', { class: 'agents' }, group.agents.map(agentItem)),
    rules.length > 0 ? rulesTable(rules) : h('p', { class: 'hint' }, t('render.group-no-rules')),
    moreNote(rules.length, group.ruleCount, 'render.more.group-rules'),
    group.otherLines.length > 0
      ? h(
          'p',
          { class: 'hint other-lines' },
          t('render.group-other-lines'),
          ' ',
          joinNodes(group.otherLines.map((line) => lineLink(line))),
        )
      : null,
  );
}

function agentItem(agent) {
  let note = null;
  if (agent.isStar) note = h('span', { class: 'hint' }, ' ', t('render.agent-star'));
  else if (agent.token === '' || agent.token === null) note = h('span', { class: 'hint' }, ' ', t('render.agent-no-token'));
  else if (agent.hasExtraText) note = h('span', { class: 'hint' }, ' ', t('render.compared-as'), ' ', code(agent.token));
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
        h('th', { scope: 'col' }, t('render.column.line')),
        h('th', { scope: 'col', class: 'rule-column' }, t('render.column.rule')),
        h('th', { scope: 'col' }, t('render.column.pattern')),
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
            h('span', { class: `rule-kind rule-${rule.kind}`, translate: 'no' }, ruleWord(rule.kind)),
          ),
          h(
            'td',
            {},
            code(rule.pattern),
            rule.pattern === '' ? h('span', { class: 'hint' }, ' ', t('render.rule-empty')) : null,
            rule.beyondSizeLimit ? h('span', { class: 'hint' }, ' ', t('render.rule-beyond-limit')) : null,
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
  if (total === 0) return fragment(h('p', { class: 'empty-state' }, t('render.sitemaps-none')));
  return fragment(
    h(
      'ul',
      { class: 'plain-list' },
      items.map((sitemap) =>
        h('li', {}, lineLink(sitemap.line, String(sitemap.line)), ' ', code(sitemap.url, 'url')),
      ),
    ),
    moreNote(items.length, total, 'render.more.sitemaps'),
  );
}

/** Lines with keys beyond the four RFC 9309 defines: Crawl-delay, Host, unknown keys… */
export function renderDirectives(analysis) {
  const { items, total } = analysis.directives;
  if (total === 0)
    return fragment(
      h('p', { class: 'empty-state' }, t('render.directives-none')),
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
          h('span', { class: 'key', translate: 'no' }, directive.key),
          ' ',
          code(directive.value),
          h(
            'span',
            { class: 'hint' },
            ' ',
            directive.group === null
              ? t('render.directive-outside')
              : t('render.directive-in-group', { number: directive.group + 1 }),
          ),
          directive.name === null ? h('span', { class: 'hint' }, ' — ', t('render.directive-unknown')) : null,
        ),
      ),
    ),
    h('p', { class: 'hint' }, t('render.directives-hint')),
    moreNote(items.length, total, 'render.more.directives'),
  );
}

/** Allow and Disallow lines before the first User-agent line. */
export function renderOrphanRules(analysis) {
  const { items, total } = analysis.orphanRules;
  if (total === 0) return fragment(h('p', { class: 'empty-state' }, t('render.orphans-none')));
  return fragment(
    h('p', { class: 'hint warning-text' }, t('render.orphans-hint')),
    rulesTable(items),
    moreNote(items.length, total, 'render.more.rules'),
  );
}

// ---------------------------------------------------------------------------------------------
// The explanation under the verdict, and the annotated file

/**
 * Everything under the headline: why, the deciding line, the groups that applied, how the
 * agent and the path were compared, and every matching rule.
 * `typedUrl` is the URL field as typed, to show how it became a path.
 */
export function renderExplanation(verdict, analysis, text, typedUrl) {
  return fragment(
    crawlerReadingBlock(verdict, analysis, text),
    h(
      'p',
      { class: 'reason' },
      reasonSentence(verdict),
      ' ',
      h('a', { class: 'learn-more', href: guideAnchorForReason(verdict.reason) }, t('render.learn-more')),
    ),
    agentLineReadingsBlock(verdict),
    decisiveBlock(verdict, analysis, text),
    beyondLimitBlock(verdict, analysis, text),
    groupsBlock(verdict, analysis, text),
    comparisonBlock(verdict, typedUrl),
    matchesBlock(verdict),
  );
}

/** Why: a rule that matched decides for the reason the engine gives; else the reason itself. */
function reasonSentence(verdict) {
  if (verdict.reason === 'rule-matched' && verdict.whyDecides) {
    return codeWords('render.why-decides.', verdict.whyDecides, 'render.reason.rule-matched.sentence');
  }
  return reasonText(verdict.reason, 'sentence');
}

export function fileLine(analysis, text, number) {
  return lineAt(analysis.lineTable, text, number);
}

function lineQuote(analysis, text, number) {
  const line = fileLine(analysis, text, number);
  return h(
    'span',
    { class: 'line-quote' },
    lineLink(number, lineLabel(number)),
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
    h('span', { class: 'label' }, t('render.decided-by'), ' '),
    lineQuote(analysis, text, line),
    verdict.decisive.viaIndexHtml
      ? h('span', { class: 'hint' }, ' ', t('render.via-index-html', { directory: verdict.decisive.normalised }))
      : null,
  );
}

function beyondLimitBlock(verdict, analysis, text) {
  if (!verdict.beyondSizeLimit) return null;
  return h(
    'p',
    { class: 'decisive overridden' },
    t('render.beyond-limit-decides'),
    ' ',
    lineQuote(analysis, text, verdict.beyondSizeLimit.line),
  );
}

/**
 * The catalogued crawler the agent names, when its own reading (its fallback chain, its
 * operator's fetch-status handling) answers otherwise than the chosen match model: as large as
 * the verdict, with the group it used. The engine decides when, and which group.
 */
function crawlerReadingBlock(verdict, analysis, text) {
  const own = verdict.crawlerReading;
  if (!own) return null;
  const theirs = own.verdict;
  const word = theirs.allowed ? 'allowed' : 'disallowed';
  const line = decidingLine(theirs);
  return h(
    'div',
    {
      id: 'crawler-reading',
      class: `verdict crawler-reading verdict-${word}`,
      'data-verdict': word,
      'data-line': line ?? '',
      'data-crawler': own.name,
    },
    h('span', { class: 'verdict-icon', 'aria-hidden': 'true' }, theirs.allowed ? '✓' : '✕'),
    h('span', { class: 'verdict-word' }, t(`render.${word}`)),
    h('span', { class: 'verdict-detail', translate: 'no' }, t('render.crawler-reading.itself', { name: own.name })),
    h(
      'p',
      { class: 'crawler-reading-why' },
      ownGroupWords(own),
      line === null ? null : [' ', t('render.decided-by'), ' ', lineQuote(analysis, text, line), '.'],
      ' ',
      t('render.crawler-reading.model', { model: verdict.agentMatch, name: own.name }),
    ),
  );
}

/** User-agent lines Google reads as another name than the one written (`MJ12bot` as `MJ`). */
function agentLineReadingsBlock(verdict) {
  const readings = verdict.agentLineReadings ?? [];
  if (readings.length === 0) return null;
  return h(
    'ul',
    { class: 'plain-list agent-line-readings' },
    readings.map((reading) =>
      h(
        'li',
        { class: 'hint' },
        lineLink(reading.line, t('render.line-label', { line: formatCount(reading.line) })),
        ' ',
        agentLineReadingWords(reading, verdict),
      ),
    ),
  );
}

/**
 * The core's sentence for a user-agent line Google reads otherwise (`AgentLineReading::message`,
 * `core.agent-reading.<model>-<applies|not>`), filled from the reading and the verdict's codes.
 */
function agentLineReadingWords(reading, verdict) {
  const google =
    reading.googleReads === ''
      ? t('core.agent-reading.google-none')
      : t('core.agent-reading.google-as', { token: reading.googleReads });
  const params = { written: reading.written, agent: verdict.agent, google };
  return [t(`core.agent-reading.${verdict.agentMatch}-${reading.applies ? 'applies' : 'not'}`, params), '.'];
}

function groupsBlock(verdict, analysis, text) {
  if (verdict.groupUsed === 'status') return h('p', { class: 'groups-applied' }, t('render.groups-applied-status'));
  if (verdict.groupUsed === 'none') return h('p', { class: 'groups-applied' }, t('render.groups-applied-none'));
  // The engine worker sends the first groups with their full counts.
  const groupCount = verdict.groupCount ?? verdict.groups.length;
  const intro = verdict.groupUsed === 'star'
    ? t('render.groups-applied-star')
    : groupCount > 1
      ? t('render.groups-applied-merged', { count: formatCount(groupCount) })
      : t('render.groups-applied-one');
  const agentLines = verdict.groups.flatMap((group) =>
    group.matchedAgentLines.map((number) => h('li', {}, lineQuote(analysis, text, number))),
  );
  return h(
    'div',
    { class: 'groups-applied' },
    h('p', {}, intro),
    h('ul', { class: 'plain-list' }, agentLines),
    moreNote(agentLines.length, verdict.agentLineCount ?? agentLines.length, 'render.more.agent-lines'),
  );
}

function comparisonBlock(verdict, typedUrl) {
  const rows = [];
  if (verdict.agentMatch === 'token') {
    const cut = verdict.agentToken !== verdict.agent.trim();
    rows.push([
      t('render.agent-compared-as'),
      verdict.agentToken === '' ? null : verdict.agentToken,
      t('render.no-product-token'),
      cut ? t('render.agent-first-product-token') : null,
    ]);
  } else if (verdict.agent === '') {
    rows.push([t('render.agent'), null, t('render.no-agent')]);
  }
  const typed = typedUrl.trim();
  if (verdict.urlHost) {
    rows.push([t('render.url-read-as-host'), verdict.urlHost]);
    rows.push([t('render.path-requested'), verdict.path]);
  } else if (typed !== verdict.path) rows.push([t('render.path-requested'), verdict.path]);
  if (verdict.urlProblem) rows.push([t('render.url-problem'), null, urlProblemWords(verdict.urlProblem)]);
  if (verdict.normalisedPath !== verdict.path) rows.push([t('render.path-compared-as'), verdict.normalisedPath]);
  if (rows.length === 0) return null;
  // A value from the engine is code; where there is none, a sentence in the page's language.
  return h(
    'dl',
    { class: 'comparison' },
    rows.map(([term, value, missing, note]) => [
      h('dt', {}, term),
      h('dd', {}, value === null ? missing : code(value), note ? h('span', { class: 'hint' }, note) : null),
    ]),
  );
}

function matchesBlock(verdict) {
  const matches = verdict.matches;
  if (matches.length === 0) {
    return verdict.groups.length > 0
      ? h('p', { class: 'hint' }, t('render.matches-none'))
      : null;
  }
  return h(
    'div',
    { class: 'matches' },
    h(
      'table',
      { class: 'rules matches-table' },
      h('caption', {}, t('render.matches-caption', { count: formatCount(verdict.matchCount ?? matches.length) })),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, t('render.column.line')),
          h('th', { scope: 'col' }, t('render.column.rule')),
          h('th', { scope: 'col', class: 'numeric' }, t('render.column.length')),
          h('th', { scope: 'col' }, t('render.column.outcome')),
        ),
      ),
      h(
        'tbody',
        {},
        matches.map((match) => {
          const wins = match.outcome?.startsWith('decides') ?? false;
          return h(
            'tr',
            { class: wins ? 'winner' : null },
            h('td', {}, lineLink(match.line, String(match.line))),
            h(
              'td',
              {},
              h('span', { class: `rule-kind rule-${match.kind}`, translate: 'no' }, ruleWord(match.kind)),
              ' ',
              code(match.pattern),
              match.normalised !== match.pattern
                ? h('span', { class: 'hint' }, ' ', t('render.compared-as'), ' ', code(match.normalised))
                : null,
            ),
            h('td', { class: 'numeric' }, formatCount(match.length)),
            h('td', {}, matchOutcome(match, wins)),
          );
        }),
      ),
    ),
    moreNote(matches.length, verdict.matchCount ?? matches.length, 'render.more.matching-rules'),
  );
}

/** What became of a matching rule, worded from the engine's code for it (`match.outcome`). */
function matchOutcome(match, wins) {
  const words = codeWords('render.outcome.', match.outcome, 'render.outcome.does-not-decide');
  return wins ? h('strong', { class: 'outcome-wins' }, words) : h('span', { class: 'hint' }, words);
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
    h('div', { class: 'file-lines', role: 'list', 'aria-label': t('render.file-lines-label') }, rows),
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
  return h('div', { class: 'file-gap', role: 'listitem' }, `⋯ ${plural(count, 'render.lines-not-shown')}`);
}

function fileRow(line, inGroup, decides, matches) {
  const classes = ['file-line', `kind-${line.kind}`];
  const marks = [];
  if (inGroup) {
    classes.push('in-group');
    marks.push(t('render.mark.in-group'));
  }
  if (decides) {
    classes.push('decides');
    marks.push(t('render.mark.decides'));
  } else if (matches) {
    classes.push('matches');
    marks.push(t('render.mark.matches'));
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
        'aria-label': t('render.go-to-line', { line: line.number }),
      },
      String(line.number),
    ),
    h('code', { class: 'file-text', translate: 'no' }, shownText(line.text)),
    marks.length > 0 ? visuallyHidden(` (${marks.join(', ')})`) : null,
  );
}
