/**
 * The divergence rows under the verdict: the same question asked of every other parser profile,
 * one compact row each with its verdict and deciding line. A row whose answer differs from the
 * main verdict is highlighted and carries the core's sentence of why, with that reader's
 * summary (for Python, that CPython 3.13+ ships a rewrite that answers differently).
 *
 * The rows, the agreement and the sentences come from the engine (`compareProfiles`), the
 * summaries from `defaults().profiles`; this module only lays them out, as text.
 */

import { formatCount } from './format.js';
import { decidingLine, fragment, h, lineLink, renderVerdictHeadline } from './render.js';

/**
 * The rows for every profile but the main verdict's. `rows` is `compareProfiles()`'s answer to
 * the main check's question (its crawler and fetch status included), `verdict` the main verdict
 * on display, `profiles` the engine's `defaults().profiles`.
 */
export function renderDivergence(rows, verdict, profiles) {
  const others = rows.filter((row) => row.profile !== verdict.profile);
  if (others.length === 0) return fragment();
  const differing = others.filter((row) => !row.agrees).length;
  const summaryById = new Map(profiles.map((profile) => [profile.id, profile.summary]));
  return fragment(
    h('h3', { class: 'divergence-heading', id: 'divergence-heading' }, 'Other readers'),
    h(
      'p',
      { class: 'hint divergence-intro', id: 'divergence-intro' },
      differing === 0
        ? 'Every other parser profile gives the same answer.'
        : `${formatCount(differing)} of ${formatCount(others.length)} other parser profiles answer differently.`,
    ),
    h(
      'ul',
      { class: 'divergence-rows', 'aria-labelledby': 'divergence-heading', 'aria-describedby': 'divergence-intro' },
      others.map((row) => divergenceRow(row, summaryById.get(row.profile) ?? null)),
    ),
  );
}

function divergenceRow(row, summary) {
  const { verdict } = row;
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
      h('span', { class: 'divergence-title' }, row.title),
      ' ',
      h(
        'span',
        { class: `divergence-verdict divergence-${word}` },
        h('span', { 'aria-hidden': 'true' }, verdict.allowed ? '✓ ' : '✕ '),
        verdict.allowed ? 'Allowed' : 'Disallowed',
      ),
      ' ',
      h(
        'span',
        { class: 'divergence-detail' },
        line === null ? detail.textContent : ['by ', lineLink(line, `line ${formatCount(line)}`)],
      ),
      row.agrees ? null : [' ', h('span', { class: 'differs-badge' }, 'Differs')],
    ),
    row.why === null ? null : h('p', { class: 'divergence-why' }, row.why),
    !row.agrees && summary ? h('p', { class: 'hint divergence-about' }, summary) : null,
  );
}
