/**
 * The core's sentences in the page's language: an audit finding's message, why and fix, why
 * another reader disagrees, the fetch-status texts.
 *
 * The engine never sends a sentence: it sends `{ key, args }`, a key of the catalogues
 * (`core.…`, whose English text is the core's own template, written into en.json by
 * `crates/core/tests/catalogues.rs`) and the values that fill its `{name}` placeholders.
 * www/message-fill.js fills them (the one filler the page and the npm package share); this
 * module turns its parts into nodes.
 *
 * Everything from the file reaches the DOM as text, inside an element marked `translate="no"`,
 * so that neither this page nor a browser's translator rewrites it.
 *
 *     finding.append(...messageNodes(finding.message));
 */

import { formatCount, t } from './i18n.js';
import { messageParts } from './message-fill.js';

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
