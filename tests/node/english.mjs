// The core's sentences (`{ key, args }`, see www/messages.js) in English as plain text, from the
// page's English catalogue, whose `core.` entries are the core's own templates: what a test
// compares with what the page shows in English (code without its backticks).
//
//     import { englishText } from '../node/english.mjs';
//     englishText(finding.message) // 'Noindex: /a is not a robots.txt rule: …'

import { readFileSync } from 'node:fs';

const ENGLISH = JSON.parse(readFileSync(new URL('../../www/i18n/en.json', import.meta.url), 'utf8'));

/** The message as the English page shows it, as text. */
export function englishText(message) {
  const template = ENGLISH[message.key];
  if (typeof template !== 'string') throw new Error(`${message.key} is not in www/i18n/en.json`);
  return template
    .replace(/\{([a-zA-Z0-9_]+)\}/g, (whole, name) => (Object.hasOwn(message.args, name) ? valueText(message.args[name]) : whole))
    .replaceAll('`', '');
}

function valueText(value) {
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'string') return value;
  if (typeof value.code === 'string') return value.code;
  if (typeof value.line === 'number') return String(value.line);
  if (Array.isArray(value.series)) return value.series.map(valueText).join(', ');
  if (Array.isArray(value.list)) {
    const items = value.list.map(valueText);
    if (items.length < 2) return items.join('');
    return englishText({ key: 'core.list.and', args: { init: items.slice(0, -1).join(', '), last: items.at(-1) } });
  }
  return englishText(value);
}
