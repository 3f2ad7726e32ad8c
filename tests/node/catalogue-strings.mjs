// The texts of a catalogue (a page catalogue in www/text/i18n/, an audit-code documentation file in
// crates/core/data/i18n/), each with the dotted path of keys that leads to it: what the word
// checks of the language tests read.
//
//     import { readCatalogue, catalogueStrings } from './catalogue-strings.mjs';
//     for (const [key, text] of catalogueStrings(readCatalogue('www/text/i18n/pt-PT.json'))) …

import { readFileSync } from 'node:fs';

const ROOT = new URL('../../', import.meta.url);

/** The JSON file at `path`, relative to the repository's root. */
export const readCatalogue = (path) => JSON.parse(readFileSync(new URL(path, ROOT), 'utf8'));

/**
 * The files of a language's page catalogue (www/text/i18n.js): what the first screen reads, and
 * the panels' texts, fetched after the first verdict.
 */
export const pageCatalogueFiles = (language) => [`www/text/i18n/${language}.json`, `www/text/i18n/${language}.panels.json`];

/** A language's whole page catalogue, both files as one: `{ key: text }`. */
export const readPageCatalogue = (language) =>
  Object.assign({}, ...pageCatalogueFiles(language).map((path) => readCatalogue(path)));

/** Every string of a JSON document with the path of keys that leads to it. */
export function* catalogueStrings(value, path = []) {
  if (typeof value === 'string') yield [path.join('.'), value];
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) yield* catalogueStrings(inner, [...path, key]);
  }
}
