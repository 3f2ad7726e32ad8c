//# allFunctionsCalledOnLoad
/**
 * The one place JavaScript fills a core message with its values: shared by the page
 * (www/text/render.js turns the parts into DOM nodes) and the npm package (npm/api.js joins them
 * into a string; scripts/package-npm.sh ships this file beside it).
 *
 * The engine never sends a sentence. It sends `{ key, args }`: a key of the catalogues (`core.…`,
 * whose English text is the core's own template) and the values that fill its `{name}`
 * placeholders. A value is
 *   - a number: a count, written with the language's digit grouping (`words.count`);
 *   - a string: a name, shown as it is and never translated;
 *   - `{ code }`: a value from the file, shown as code and never translated;
 *   - `{ line }`: a line number;
 *   - `{ list: [] }`: items joined with the language's `and` (the key `core.list.and`);
 *   - `{ series: [] }`: items joined with commas;
 *   - `{ key, args }`: a nested message (a phrase, such as `core.list.lines`).
 * Backticks in a template mark code; an unpaired one is text.
 *
 * The result is a flat list of parts, `{ kind, text }`, that the caller renders:
 *   - `text`: words of the template (translatable);
 *   - `code`: a code span of the template, values filled in as text;
 *   - `value-code`: a `{ code }` value (from the file: never translated);
 *   - `name`: a string value (never translated).
 *
 *     const parts = messageParts(message, { template: (key) => catalogue[key] ?? key, count: String });
 *     messageString(message, words); // the parts as one string, code in backticks
 *
 * Pure: no DOM, no catalogue of its own, so both runtimes load it as it is.
 */

const PLACEHOLDER = /\{([a-zA-Z0-9_]+)\}/g;

/** The parts of `message` in the language `words` gives: `{ template(key), count(number) }`. */
export function messageParts(message, words) {
  if (message === null || typeof message !== 'object' || typeof message.key !== 'string') {
    return [{ kind: 'text', text: String(message ?? '') }];
  }
  const args = message.args ?? {};
  const parts = [];
  words.template(message.key)
    .split('`')
    .forEach((segment, index, segments) => {
      // An unpaired backtick is text; paired ones enclose code.
      const isCode = index % 2 === 1 && index < segments.length - 1;
      if (isCode) {
        parts.push({ kind: 'code', text: fillText(segment, args, words) });
      } else {
        parts.push(...fillParts(index % 2 === 1 ? `\`${segment}` : segment, args, words));
      }
    });
  return merged(parts);
}

/**
 * The message as one string, as the CLI writes it: template code and file values in backticks,
 * everything else as it is.
 */
export function messageString(message, words) {
  return messageParts(message, words)
    .map((part) => (part.kind === 'code' || part.kind === 'value-code' ? `\`${part.text}\`` : part.text))
    .join('');
}

/** `text` with each known placeholder replaced by its value's parts; unknown ones stay. */
function fillParts(text, args, words) {
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const [whole, name] = match;
    if (!Object.hasOwn(args, name)) continue;
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push(...valueParts(args[name], words));
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** Inside code, where no other part can stand: every value as plain text. */
function fillText(text, args, words) {
  return text.replace(PLACEHOLDER, (whole, name) =>
    Object.hasOwn(args, name)
      ? valueParts(args[name], words)
          .map((part) => part.text)
          .join('')
      : whole,
  );
}

function valueParts(value, words) {
  if (typeof value === 'number') return [{ kind: 'text', text: words.count(value) }];
  if (typeof value === 'string') return [{ kind: 'name', text: value }];
  if (value === null || typeof value !== 'object') return [{ kind: 'text', text: String(value) }];
  if (typeof value.code === 'string') return [{ kind: 'value-code', text: value.code }];
  if (typeof value.line === 'number') return [{ kind: 'text', text: String(value.line) }];
  if (Array.isArray(value.series)) {
    return value.series.flatMap((item, index) => [...(index === 0 ? [] : [{ kind: 'text', text: ', ' }]), ...valueParts(item, words)]);
  }
  if (Array.isArray(value.list)) return listParts(value.list.map((item) => valueParts(item, words)), words);
  return messageParts(value, words);
}

/** `a`, `a and b`, `a, b and c` with the language's `and` (`core.list.and`: `{init}`, `{last}`). */
function listParts(items, words) {
  if (items.length < 2) return items.flat();
  const init = items.slice(0, -1).flatMap((parts, index) => [...(index === 0 ? [] : [{ kind: 'text', text: ', ' }]), ...parts]);
  const slots = { init, last: items.at(-1) };
  const template = words.template('core.list.and');
  const parts = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const [whole, name] = match;
    if (!Object.hasOwn(slots, name)) continue;
    if (match.index > last) parts.push({ kind: 'text', text: template.slice(last, match.index) });
    parts.push(...slots[name]);
    last = match.index + whole.length;
  }
  if (last < template.length) parts.push({ kind: 'text', text: template.slice(last) });
  return parts;
}

/** Neighbouring text parts joined, so a renderer makes one node of each run of words. */
function merged(parts) {
  const out = [];
  for (const part of parts) {
    if (part.text === '') continue;
    const previous = out.at(-1);
    if (previous !== undefined && previous.kind === 'text' && part.kind === 'text') {
      out[out.length - 1] = { kind: 'text', text: previous.text + part.text };
    } else {
      out.push(part);
    }
  }
  return out;
}
