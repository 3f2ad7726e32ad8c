/**
 * The summary in the page's sticky header: the current verdict and the audit's error and warning
 * counts, each a link to its panel, so that what a visitor came for stays in view while they
 * read the guide or the crawler table.
 */

import { formatCount } from './format.js';
import { t, tPlural } from './i18n.js';

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
