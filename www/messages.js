/**
 * The core's sentences in the page's language: an audit finding's message, why and fix, why
 * another reader disagrees, the fetch-status texts.
 *
 * The engine never sends a sentence: it sends `{ key, args }`, a key of the catalogues
 * (`core.…`, whose English text is the core's own template, written into en.json by
 * `crates/core/tests/catalogues.rs`) and the values that fill its `{name}` placeholders. A value
 * is a number (a count, written with the language's digit grouping), a string (a name, shown as
 * it is), `{ code }` (a value from the file), `{ line }`, `{ list: [] }` (joined with the
 * language's `and`), `{ series: [] }` (joined with commas) or a nested `{ key, args }` (a phrase,
 * such as `core.list.lines` for line numbers). Backticks in a template mark code.
 *
 * Everything from the file reaches the DOM as text, inside an element marked `translate="no"`,
 * so that neither this page nor a browser's translator rewrites it.
 *
 *     finding.append(...messageNodes(finding.message));
 */

import { formatCount, t } from './i18n.js';

/** Nodes for a core message (see the module doc), ready for `append`. */
export function messageNodes(message) {
  if (message === null || typeof message !== 'object' || typeof message.key !== 'string') {
    return [document.createTextNode(String(message ?? ''))];
  }
  const args = message.args ?? {};
  const template = t(message.key);
  const nodes = [];
  template.split('`').forEach((segment, index, segments) => {
    // An unpaired backtick is text; paired ones enclose code.
    const isCode = index % 2 === 1 && index < segments.length - 1;
    if (isCode) {
      const code = document.createElement('code');
      code.textContent = fill(segment, args, valueText);
      nodes.push(code);
    } else {
      const text = index % 2 === 1 ? `\`${segment}` : segment;
      nodes.push(...fillNodes(text, args));
    }
  });
  return nodes;
}

/** The message as plain text, for an attribute or a spoken label. */
export function messageText(message) {
  const holder = document.createElement('span');
  holder.append(...messageNodes(message));
  return holder.textContent;
}

const PLACEHOLDER = /\{([a-zA-Z0-9_]+)\}/g;

/** `text` with each placeholder replaced by `render(value)`; unknown ones stay as written. */
function fill(text, args, render) {
  return text.replace(PLACEHOLDER, (whole, name) => (Object.hasOwn(args, name) ? render(args[name]) : whole));
}

function fillNodes(text, args) {
  const nodes = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const [whole, name] = match;
    if (!Object.hasOwn(args, name)) continue;
    if (match.index > last) nodes.push(document.createTextNode(text.slice(last, match.index)));
    nodes.push(...valueNodes(args[name]));
    last = match.index + whole.length;
  }
  if (last < text.length) nodes.push(document.createTextNode(text.slice(last)));
  return nodes;
}

/** A value as nodes: what came from the file is code or a span that is never translated. */
function valueNodes(value) {
  if (typeof value === 'number') return [document.createTextNode(formatCount(value))];
  if (typeof value === 'string') {
    const span = document.createElement('span');
    span.translate = false;
    span.textContent = value;
    return [span];
  }
  if (value === null || typeof value !== 'object') return [document.createTextNode(String(value))];
  if (typeof value.code === 'string') {
    const code = document.createElement('code');
    code.translate = false;
    code.textContent = value.code;
    return [code];
  }
  if (typeof value.line === 'number') return [document.createTextNode(String(value.line))];
  if (Array.isArray(value.list)) return listNodes(value.list.map(valueNodes));
  if (Array.isArray(value.series)) {
    return value.series.flatMap((item, index) => (index === 0 ? valueNodes(item) : [document.createTextNode(', '), ...valueNodes(item)]));
  }
  return messageNodes(value);
}

/** A value as text, inside code (where no element can stand). */
function valueText(value) {
  if (typeof value === 'number') return formatCount(value);
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object') {
    if (typeof value.code === 'string') return value.code;
    if (typeof value.line === 'number') return String(value.line);
  }
  const holder = document.createElement('span');
  holder.append(...valueNodes(value));
  return holder.textContent;
}

/** `a`, `a and b`, `a, b and c` with the language's `and` (`core.list.and`). */
function listNodes(items) {
  if (items.length === 0) return [];
  if (items.length === 1) return items[0];
  const init = items.slice(0, -1).flatMap((nodes, index) => (index === 0 ? nodes : [document.createTextNode(', '), ...nodes]));
  return fillNodesWith(t('core.list.and'), { init, last: items.at(-1) });
}

/** Like `fillNodes`, with values that are already nodes. */
function fillNodesWith(text, parts) {
  const nodes = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const [whole, name] = match;
    if (!Object.hasOwn(parts, name)) continue;
    if (match.index > last) nodes.push(document.createTextNode(text.slice(last, match.index)));
    nodes.push(...parts[name]);
    last = match.index + whole.length;
  }
  if (last < text.length) nodes.push(document.createTextNode(text.slice(last)));
  return nodes;
}
