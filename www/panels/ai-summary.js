/**
 * The line above the crawler table's filter that sums up the AI crawlers for the checker's URL:
 * "AI crawlers on /private/page: training: 7 of 9 blocked · answers: 2 of 4 may fetch ·
 * user-triggered: 4 may fetch". It names the path: the counts are for that URL, not the file. The
 * counts are the engine's (`aiSummary` in the wasm crate, `ai_summary` in the core); the
 * element carries them as `data-*` attributes for tests and tools.
 */

import { formatCount, t, tNodes } from '../text/i18n.js';

/**
 * Shows `summary` (`{ training, answers, userTriggered }`, each `{ total, allowed }`), the
 * counts for `path` (the checked URL's path, as the engine read it), in `element`.
 */
export function showAiSummary(element, summary, path = '') {
  if (!element) return;
  if (!summary) {
    element.hidden = true;
    element.textContent = '';
    return;
  }
  const { training, answers, userTriggered } = summary;
  const blocked = training.total - training.allowed;
  element.dataset.trainingBlocked = String(blocked);
  element.dataset.trainingTotal = String(training.total);
  element.dataset.answersAllowed = String(answers.allowed);
  element.dataset.answersTotal = String(answers.total);
  element.dataset.userTriggeredAllowed = String(userTriggered.allowed);
  const text = [
    t('ai-summary.training', { blocked: formatCount(blocked), total: formatCount(training.total) }),
    t('ai-summary.answers', { allowed: formatCount(answers.allowed), total: formatCount(answers.total) }),
    t('ai-summary.user-triggered', { allowed: formatCount(userTriggered.allowed) }),
  ].join(' · ');
  const code = document.createElement('code');
  code.translate = false;
  code.textContent = path;
  const nodes = tNodes('ai-summary.for-path', { path: code, counts: text });
  const spoken = nodes.map((node) => (typeof node === 'string' ? node : node.textContent)).join('');
  if (element.textContent !== spoken) element.replaceChildren(...nodes);
  element.hidden = false;
}
