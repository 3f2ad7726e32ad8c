// The page's text catalogues (www/text/i18n/*.json) against each other and against the code that
// uses them: every key in every language, no key that no code uses, the same `{name}` slots and
// well-formed markup in every translation, and the English text inline in index.html equal to
// the English catalogue (index.html carries it so the first paint waits for no request). Each
// language's catalogue is two files (www/text/i18n.js): `<lang>.json`, which the first verdict
// waits for, and `<lang>.panels.json`, fetched after it; every text the first screen names is in
// the first, every other text in the second, and every language keeps a key in the file English
// keeps it in.
//
// Which keys the code uses is read from the sources: `data-i18n="key"` and
// `data-i18n-attr="attribute=key"` in index.html, every quoted string in www/*.js that names a
// catalogue key (a count's text stands for its `.one` and `.other`), the guide's sections
// (guide.js GUIDE_SECTIONS), and the engine's choices (`choice.<name>.<id>.*` for every profile
// and agent-match model the wasm offers). The core's own sentences (`core.…`) are checked
// against the core by crates/core/tests/catalogues.rs.
//
// Run: node --test tests/node/i18n.test.mjs   (after `npm run build`)

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

import { LANGUAGES, preferredLanguage, t, tPlural, useCatalogue } from '../../www/text/i18n.js';
import { GUIDE_SECTIONS } from '../../www/panels/guide.js';
import { pageCatalogueFiles, readCatalogue, readPageCatalogue } from './catalogue-strings.mjs';
import { entryScripts, staticGraph } from './first-path.mjs';
import wasm from './wasm.mjs';

const WWW = new URL('../../www/', import.meta.url);
const read = (url) => readFileSync(url, 'utf8');
const catalogues = Object.fromEntries(LANGUAGES.map(({ id }) => [id, readPageCatalogue(id)]));
const english = catalogues.en;
const html = read(new URL('../index.html', WWW));

/** The keys index.html names (`data-i18n`, `data-i18n-attr`). */
function htmlKeys() {
  const keys = new Set();
  for (const [, key] of html.matchAll(/data-i18n="([^"]+)"/g)) keys.add(key);
  for (const [, pairs] of html.matchAll(/data-i18n-attr="([^"]+)"/g)) {
    for (const pair of pairs.trim().split(/\s+/)) keys.add(pair.split('=')[1]);
  }
  return keys;
}

/** The catalogue keys a module's source names in quotes (a count's text stands for its `.one` and `.other`). */
function* keysNamedIn(source) {
  for (const [, key] of source.matchAll(/['"`]([a-z0-9-]+(?:\.[a-z0-9-]+)+)['"`]/g)) {
    if (Object.hasOwn(english, key)) yield key;
    // A text that depends on a count is named without its `.one` / `.other` (tPlural).
    if (Object.hasOwn(english, `${key}.one`)) yield* [`${key}.one`, `${key}.other`];
  }
}

/** Every key the page's code asks for. */
function usedKeys() {
  const used = htmlKeys();
  // The page's modules in every folder (engine, text, page, panels), not the built package.
  const sources = readdirSync(WWW, { recursive: true }).filter(
    (name) => name.endsWith('.js') && !name.startsWith('pkg/'),
  );
  for (const name of sources) {
    for (const key of keysNamedIn(read(new URL(name, WWW)))) used.add(key);
  }
  for (const section of GUIDE_SECTIONS) {
    const key = (name) => `guide.${section.id}.${name}`;
    used.add(key('title'));
    for (const block of section.blocks) {
      if (block.key) used.add(key(block.key));
      for (const name of block.keys ?? []) used.add(key(name));
    }
  }
  // The core's sentences (`core.…`) are the engine's to use: crates/core/tests/catalogues.rs
  // holds those keys to the core's table of messages, in every language. So are the words the
  // page builds from the engine's codes (www/text/render.js `codeWords`), which the same test
  // holds to every code the core can send.
  const coded = [
    'render.reason.',
    'render.why-decides.',
    'render.outcome.',
    'render.url-problem-',
    'render.own-group.',
    'summary.no-line.',
    'summary.group.',
    'crawlers.short.',
  ];
  for (const key of Object.keys(english)) {
    if (key.startsWith('core.') || coded.some((prefix) => key.startsWith(prefix))) used.add(key);
  }
  const defaults = wasm.defaults();
  for (const [name, choices] of [['profile', defaults.profiles], ['agent-match', defaults.agentMatches]]) {
    for (const choice of choices) {
      used.add(`choice.${name}.${choice.id}.title`);
      used.add(`choice.${name}.${choice.id}.summary`);
    }
  }
  return used;
}

test('every language has exactly the keys of the English catalogue', () => {
  const keys = Object.keys(english).sort();
  for (const [id, catalogue] of Object.entries(catalogues)) {
    const own = Object.keys(catalogue).sort();
    const missing = keys.filter((key) => !Object.hasOwn(catalogue, key));
    const extra = own.filter((key) => !Object.hasOwn(english, key));
    assert.deepEqual({ missing, extra }, { missing: [], extra: [] }, `${id}.json`);
    for (const key of own) assert.ok(typeof catalogue[key] === 'string' && catalogue[key].trim(), `${id}: ${key} is empty`);
  }
});

test('every language keeps each key in the file English keeps it in', () => {
  const [first, panels] = pageCatalogueFiles('en').map((path) => Object.keys(readCatalogue(path)));
  assert.deepEqual(first.filter((key) => panels.includes(key)), [], 'keys in both of the English files');
  for (const { id } of LANGUAGES) {
    const [ownFirst, ownPanels] = pageCatalogueFiles(id).map((path) => Object.keys(readCatalogue(path)).sort());
    assert.deepEqual(
      { first: ownFirst, panels: ownPanels },
      { first: [...first].sort(), panels: [...panels].sort() },
      `${id}: each key in the file that holds it in English (${pageCatalogueFiles(id).join(', ')})`,
    );
  }
});

/** The keys index.html and the modules of the first verdict's path (its static imports) name. */
function firstScreenKeys() {
  const named = htmlKeys();
  for (const module of staticGraph(entryScripts())) {
    if (module.endsWith('.js')) for (const key of keysNamedIn(read(new URL(`../${module}`, WWW)))) named.add(key);
  }
  return named;
}

/**
 * Prefixes of the keys the first path builds at run time from what the engine sends (render.js
 * `codeWords` and the verdict's word, the reading options' choices, the core's sentences),
 * which no source names whole: they stay in the first file.
 */
const FIRST_PATH_BUILT = [
  'core.',
  'render.reason.',
  'render.own-group.',
  'render.url-problem-',
  'render.allowed',
  'render.disallowed',
  'summary.',
  'crawlers.short.',
  'choice.',
];

test('every text the first screen names is in the file the first verdict waits for', () => {
  // The panels' file comes after the first verdict: a text index.html or a module of the first
  // verdict's path (its static imports) names from it would show as its key until then.
  const [path] = pageCatalogueFiles('en');
  const first = readCatalogue(path);
  const named = firstScreenKeys();
  assert.ok(named.has('render.decided-by') && named.has('page.skip'), 'the first path is read');
  const late = [...named].filter((key) => !Object.hasOwn(first, key)).sort();
  assert.deepEqual(late, [], `named on the first screen but not in ${path}`);
});

test('the file the first verdict waits for holds no text only the panels ask for', () => {
  // Every byte of it is on the first verdict's path (a phone's network reads some 200 KB a
  // second): a key only a panel names belongs in the panels' file, fetched after the verdict.
  const [path, panelsPath] = pageCatalogueFiles('en');
  const named = firstScreenKeys();
  const built = (key) => FIRST_PATH_BUILT.some((prefix) => key.startsWith(prefix));
  const early = Object.keys(readCatalogue(path)).filter((key) => !named.has(key) && !built(key));
  assert.deepEqual(early, [], `only the panels ask for these: move them to ${panelsPath}`);
});

test('every key the code uses is in the catalogues, and every catalogue key is used', () => {
  const used = usedKeys();
  const missing = [...used].filter((key) => !Object.hasOwn(english, key)).sort();
  const unused = Object.keys(english).filter((key) => !used.has(key)).sort();
  assert.deepEqual({ missing, unused }, { missing: [], unused: [] });
});

test('translations keep the English placeholders and well-formed markup', () => {
  // The same slots, each at least once; a language may repeat one or say it once.
  const slots = (text) => [...new Set([...text.matchAll(/\{([a-zA-Z0-9_]+)\}/g)].map((match) => match[1]))].sort();
  const problems = [];
  for (const [id, catalogue] of Object.entries(catalogues)) {
    for (const [key, text] of Object.entries(catalogue)) {
      if (Object.hasOwn(english, key) && slots(text).join() !== slots(english[key]).join()) {
        problems.push(`${id}: ${key} has {${slots(text)}} where English has {${slots(english[key])}}`);
      }
      if ((text.match(/`/g) ?? []).length % 2 !== 0) problems.push(`${id}: ${key} has an unclosed \``);
      if ((text.match(/\*\*/g) ?? []).length % 2 !== 0) problems.push(`${id}: ${key} has an unclosed **`);
      for (const [, href] of text.matchAll(/\]\(([^)]*)\)/g)) {
        if (!/^#[A-Za-z0-9_-]+$/.test(href)) problems.push(`${id}: ${key} links to ${href}, not an in-page anchor`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('index.html carries the English catalogue text of every key it names', () => {
  const plain = (text) =>
    text
      .replace(/<code>(.*?)<\/code>/g, '`$1`')
      .replace(/\s+/g, ' ')
      .trim();
  const mismatches = [];
  for (const match of html.matchAll(/<(\w+)[^>]*\sdata-i18n="([^"]+)"[^>]*>(.*?)<\/\1>/gs)) {
    const [, , key, inline] = match;
    if (plain(inline) !== english[key]) mismatches.push(`${key}: "${plain(inline)}" vs "${english[key]}"`);
  }
  assert.deepEqual(mismatches, []);
});

test('the language comes from the stored choice, else the browser, else English', () => {
  assert.equal(preferredLanguage('pt', ['es-ES']), 'pt-PT');
  assert.equal(preferredLanguage('pt-BR', ['es-ES']), 'pt-BR');
  assert.equal(preferredLanguage(null, ['pt']), 'pt-PT');
  assert.equal(preferredLanguage(null, ['pt-PT']), 'pt-PT');
  assert.equal(preferredLanguage(null, ['pt-pt', 'pt-BR']), 'pt-PT');
  assert.equal(preferredLanguage(null, ['fr-FR', 'es-MX', 'en']), 'es');
  assert.equal(preferredLanguage(null, ['pt-BR']), 'pt-BR');
  assert.equal(preferredLanguage(null, ['pt-br']), 'pt-BR');
  assert.equal(preferredLanguage(null, ['pt-AO']), 'pt-PT');
  assert.equal(preferredLanguage('de', ['de-DE', 'fr']), 'en');
  assert.equal(preferredLanguage(null, []), 'en');
});

test('t fills placeholders, tPlural picks one or other, and a gap falls back to English', () => {
  useCatalogue('en', english);
  assert.equal(t('header.verdict-line', { verdict: 'Allowed', line: 3 }), 'Allowed by line 3');
  assert.equal(tPlural('header.errors', 1), '1 error');
  assert.equal(tPlural('header.errors', 2), '2 errors');
  assert.equal(t('no.such.key'), 'no.such.key');
});
