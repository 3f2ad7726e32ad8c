/**
 * The divergence rows under the verdict: the same question asked of every other parser profile,
 * one compact row each with its verdict and deciding line. A row whose answer differs from the
 * main verdict is highlighted and carries the core's sentence of why, with that reader's
 * summary (for Python, that CPython 3.13+ ships a rewrite that answers differently).
 *
 * The rows, the agreement and the sentences come from the engine (`compareProfiles`), the
 * summaries from `defaults().profiles`; this module only lays them out, as text.
 */

import { formatCount, t } from '../text/i18n.js';
import {
  choiceSummary,
  choiceTitle,
  decidingLine,
  fragment,
  h,
  lineLink,
  messageNodes,
  ownGroupWords,
  renderVerdictHeadline,
} from '../text/render.js';

/**
 * The rows for every profile but the main verdict's. `rows` is `compareProfiles()`'s answer to
 * the main check's question (its crawler and fetch status included), `verdict` the main verdict
 * on display, `profiles` the engine's `defaults().profiles`.
 */
export function renderDivergence(rows, verdict, profiles) {
  const others = rows.filter((row) => row.profile !== verdict.profile);
  if (others.length === 0) return fragment();
  // A row with profile `crawler` is the named crawler's own reading, not a parser profile.
  const profileRows = others.filter((row) => row.profile !== 'crawler');
  const crawlerRow = others.find((row) => row.profile === 'crawler');
  const differing = profileRows.filter((row) => !row.agrees).length;
  const known = new Set(profiles.map((profile) => profile.id));
  return fragment(
    h('h3', { class: 'divergence-heading', id: 'divergence-heading' }, t('divergence.heading')),
    h(
      'p',
      { class: 'hint divergence-intro', id: 'divergence-intro' },
      [
        differing === 0
          ? t('divergence.all-agree')
          : t('divergence.some-differ', { count: formatCount(differing), total: formatCount(profileRows.length) }),
        crawlerRow ? ` ${t('divergence.crawler-differs', { name: crawlerRow.title })}` : '',
      ].join(''),
    ),
    h(
      'ul',
      { class: 'divergence-rows', 'aria-labelledby': 'divergence-heading', 'aria-describedby': 'divergence-intro' },
      others.map((row) => divergenceRow(row, known.has(row.profile), verdict)),
    ),
  );
}

function divergenceRow(row, known, main) {
  const { verdict } = row;
  // The named crawler's own reading is worded here from the main verdict's `crawlerReading`.
  const why =
    row.profile === 'crawler' && main.crawlerReading
      ? ownGroupWords(main.crawlerReading)
      : row.why === null
        ? null
        : messageNodes(row.why);
  const word = verdict.allowed ? 'allowed' : 'disallowed';
  const line = decidingLine(verdict);
  const [, , detail] = renderVerdictHeadline(verdict);
  return h(
    'li',
    {
      class: `divergence-row ${row.agrees ? 'agrees' : 'disagrees'}`,
      'data-profile': row.profile,
      'data-agrees': String(row.agrees),
      'data-verdict': word,
      'data-line': line ?? '',
    },
    h(
      'p',
      { class: 'divergence-head' },
      h('span', { class: 'divergence-title' }, known ? choiceTitle('profile', row.profile) : row.title),
      ' ',
      h(
        'span',
        { class: `divergence-verdict divergence-${word}` },
        h('span', { 'aria-hidden': 'true' }, verdict.allowed ? '✓ ' : '✕ '),
        verdict.allowed ? t('render.allowed') : t('render.disallowed'),
      ),
      ' ',
      h(
        'span',
        { class: 'divergence-detail' },
        line === null ? detail.textContent : [t('divergence.by'), ' ', lineLink(line, t('render.line', { line: formatCount(line) }))],
      ),
      row.agrees ? null : [' ', h('span', { class: 'differs-badge' }, t('divergence.differs'))],
    ),
    why === null ? null : h('p', { class: 'divergence-why' }, why),
    !row.agrees && known ? h('p', { class: 'hint divergence-about' }, choiceSummary('profile', row.profile)) : null,
  );
}
