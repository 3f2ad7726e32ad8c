// The core's sentences (`{ key, args }`, see www/text/message-fill.js) in English as plain text, from the
// page's English catalogue, whose `core.` entries are the core's own templates: what a test
// compares with what the page shows in English (code without its backticks).
//
//     import { englishText } from '../node/english.mjs';
//     englishText(finding.message) // 'Noindex: /a is not a robots.txt rule: …'

import { messageParts } from '../../www/text/message-fill.js';
import { readPageCatalogue } from './catalogue-strings.mjs';

const ENGLISH = readPageCatalogue('en');

/** English as the page words it; a key missing from the catalogue is a test failure, not a fallback. */
const WORDS = Object.freeze({
  template(key) {
    const template = ENGLISH[key];
    if (typeof template !== 'string') throw new Error(`${key} is not in the English catalogue (www/text/i18n/en*.json)`);
    return template;
  },
  count: (value) => value.toLocaleString('en-US'),
});

/** The message as the English page shows it, as text (the page's own filler, www/text/message-fill.js). */
export function englishText(message) {
  return messageParts(message, WORDS)
    .map((part) => part.text)
    .join('');
}
