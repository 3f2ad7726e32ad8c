//# allFunctionsCalledOnLoad
/**
 * The page's languages: which one is in use, its catalogue of texts, and the two ways texts
 * reach the page.
 *
 * Every text a visitor reads lives in one catalogue per language (`www/text/i18n/en.json`, `es.json`,
 * `pt-PT.json`, `pt-BR.json`), loaded from the page's own origin. Each catalogue is written in two
 * files: `<lang>.json`, what the first screen and the first verdict read, and `<lang>.panels.json`,
 * texts only the panels below the verdict read (the audit's findings, the crawlers' descriptions,
 * the guide, and each panel's own words: some 70% of the bytes, issue 38). The second is fetched with the panels'
 * modules (`loadPanelTexts`), after the first verdict, and every later switch of language loads
 * both files before it switches, so a panel never draws a key or another language's words.
 * Portuguese is written twice:
 * as Portugal writes it (`pt-PT`: "ficheiro", "a mostrar"), the default for a browser that asks
 * for `pt` or `pt-PT`, and as Brazil writes it (`pt-BR`: "arquivo", "mostrando"). The engine returns codes and data, never
 * sentences for the page; the page's modules ask `t(key, params)` for their words. Markup in the
 * static HTML names its key (`data-i18n="key"`, `data-i18n-attr="placeholder=key aria-label=key"`)
 * and keeps the English text inline, so the first paint in English waits for no request.
 *
 * Catalogue values may hold a small, safe markup, turned into nodes by `richText` (never
 * `innerHTML`): `` `code` ``, `**strong**` and `[words](#anchor)`. `{name}` is replaced by the
 * parameter of that name.
 *
 * `tests/node/i18n.test.mjs` fails when a key is missing in any language, when a catalogue holds
 * a key no code uses, when a language loses a `{name}` the English text has, when a key is in
 * another file than English keeps it in, when the first screen names a key of the panels' file, or
 * when the first file holds a key that nothing on the first verdict's path can ask for.
 *
 * Numbers are written as the language writes them (`formatCount`, `formatBytes`,
 * `formatDecimal`), by `Intl.NumberFormat` for the language's locale: `12,345` and `0.51` in
 * English, `12.345` and `0,51` in Spanish and Brazilian Portuguese, `12 345` and `0,51` in
 * Portugal. The first use of `Intl` loads the browser's locale data (some 70 ms, issue 17), so
 * whole numbers below 1,000, which no locale groups, are written without it: the first verdict
 * ("by line 12") never waits for it.
 */

/** The languages the page is written in, in the order the switch lists them. */
export const LANGUAGES = Object.freeze([
  { id: 'en', name: 'English' },
  { id: 'es', name: 'Español' },
  { id: 'pt-PT', name: 'Português (Portugal)' },
  { id: 'pt-BR', name: 'Português (Brasil)' },
]);

/** Where a browser's or a stored language that is not one of the ids above goes. */
const ALIASES = Object.freeze({ pt: 'pt-PT' });

const STORAGE_KEY = 'robots-lens:lang';
const FALLBACK = 'en';

/**
 * Loaded catalogues by language, each the union of its files loaded so far; English is loaded
 * first and is what a missing key falls back to.
 */
const catalogues = new Map();
let current = FALLBACK;
/** The language the page's static texts are in: index.html's own English until a switch. */
let staticLanguage = FALLBACK;
const listeners = new Set();

/** The language in use: an id of LANGUAGES (`en`, `es`, `pt-PT`, `pt-BR`). */
export function language() {
  return current;
}

/** `Intl.NumberFormat`s by language and number of decimals, made on first use (see the module doc). */
const numberFormats = new Map();

function numberFormat(decimals) {
  const key = `${current}/${decimals}`;
  if (!numberFormats.has(key)) {
    numberFormats.set(
      key,
      new Intl.NumberFormat(current, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
    );
  }
  return numberFormats.get(key);
}

/** A whole number as the language writes it: `12345` as `12,345` (English), `12.345`, `12 345`. */
export function formatCount(value) {
  if (!Number.isSafeInteger(value)) return String(value);
  // No locale groups fewer than four digits; this keeps `Intl` off the first verdict's path.
  if (Math.abs(value) < 1000) return String(value);
  return numberFormat(0).format(value);
}

/** A number with `decimals` digits after the language's decimal mark: `0.51` or `0,51`. */
export function formatDecimal(value, decimals) {
  if (!Number.isFinite(value)) return String(value);
  return numberFormat(decimals).format(value);
}

/** A byte count for people: `512000` as `500 KiB`. */
export function formatBytes(bytes) {
  if (bytes < 1024) return `${formatCount(bytes)} bytes`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value >= 10 || Number.isInteger(value) ? 0 : 1;
  return `${formatDecimal(value, digits)} ${units[unit]}`;
}

/**
 * The language to start in: the one chosen earlier in this browser, else the first of the
 * browser's preferred languages the page is written in, else English.
 */
export function preferredLanguage(stored = readStoredLanguage(), preferences = browserLanguages()) {
  const chosen = languageFor(stored);
  if (chosen !== null) return chosen;
  for (const tag of preferences) {
    const found = languageFor(tag);
    if (found !== null) return found;
  }
  return FALLBACK;
}

/**
 * The page's language for a language tag, or null: the tag itself (`pt-BR`, in any case), else
 * its primary language (`es-MX` → `es`), through ALIASES (`pt`, `pt-AO` → `pt-PT`).
 */
function languageFor(tag) {
  if (typeof tag !== 'string' || tag === '') return null;
  const exact = LANGUAGES.find((entry) => entry.id.toLowerCase() === tag.toLowerCase());
  if (exact) return exact.id;
  const primary = tag.toLowerCase().split('-')[0];
  const id = ALIASES[primary] ?? primary;
  return isLanguage(id) ? id : null;
}

function isLanguage(id) {
  return LANGUAGES.some((entry) => entry.id === id);
}

function readStoredLanguage() {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null; // Storage disabled: the browser's preference decides.
  }
}

function browserLanguages() {
  const nav = globalThis.navigator;
  if (!nav) return [];
  return nav.languages?.length ? nav.languages : [nav.language ?? FALLBACK];
}

/** A catalogue's two files (see the module doc): what the first screen reads, and the panels' texts. */
const FIRST_SCREEN = '';
const PANELS = '.panels';
/** Files loaded (`en`, `en.panels`, …), and files being fetched, so that two callers share one request. */
const loaded = new Set();
const loading = new Map();
/** Whether the panels' texts are wanted: once they are, every language is loaded with them. */
let panelsWanted = false;

/**
 * Fetches the texts of `id` once (the first screen's, and the panels' once `loadPanelTexts` has
 * asked for them); later calls, and calls while they load, reuse them.
 */
export async function loadCatalogue(id, fetcher = globalThis.fetch) {
  await loadFile(id, FIRST_SCREEN, fetcher);
  if (panelsWanted) await loadFile(id, PANELS, fetcher);
  return catalogues.get(id);
}

/**
 * Fetches the panels' texts of the language in use and of English, which fills any gap, and
 * of every language loaded after this. The panels wait for it before they draw anything.
 */
export async function loadPanelTexts(fetcher = globalThis.fetch) {
  panelsWanted = true;
  await Promise.all([...new Set([FALLBACK, current])].map((id) => loadCatalogue(id, fetcher)));
}

async function loadFile(id, part, fetcher) {
  const name = `${id}${part}`;
  if (loaded.has(name)) return;
  if (!loading.has(name)) {
    const request = (async () => {
      const response = await fetcher(new URL(`./i18n/${name}.json`, import.meta.url));
      if (!response.ok) throw new Error(`the ${id} texts could not be loaded (HTTP ${response.status})`);
      const texts = await response.json();
      catalogues.set(id, { ...catalogues.get(id), ...texts });
      loaded.add(name);
    })();
    loading.set(name, request);
    // A failed load is tried again by the next call.
    request.then(
      () => loading.delete(name),
      () => loading.delete(name),
    );
  }
  return loading.get(name);
}

/**
 * Installs the texts of `id` without fetching them: a language's first-screen file (the page's
 * English, a JSON module), or a whole catalogue (tests, and Node), as `panels` says.
 */
export function useCatalogue(id, catalogue, { panels = false } = {}) {
  catalogues.set(id, { ...catalogues.get(id), ...catalogue });
  loaded.add(`${id}${FIRST_SCREEN}`);
  if (panels) loaded.add(`${id}${PANELS}`);
}

/**
 * Switches the page to `id`: loads its texts (and English, which fills any gap), remembers the
 * choice when `remember`, sets `<html lang>`, rewrites the static texts and tells every listener
 * so that the rendered parts redraw in the new language.
 */
export async function setLanguage(id, { remember = true } = {}) {
  // A page hidden until its texts are in place is shown untranslated 10 s after this, should
  // they never come (style.css): counted from here, not from a navigation a slow document took.
  const root = globalThis.document?.documentElement;
  if (root?.dataset?.translating !== undefined) root.dataset.textsAsked = '';
  try {
    await switchLanguage(id, remember);
  } finally {
    // The page the inline script in index.html hid until its language was in place shows now,
    // translated or (when the texts could not be loaded) in English with the error.
    root?.removeAttribute('data-translating');
    root?.removeAttribute('data-texts-asked');
  }
}

async function switchLanguage(id, remember) {
  const target = languageFor(id) ?? FALLBACK;
  // The panels' texts asked for while the first files load (`loadPanelTexts`, which fetches the
  // language in use until this switch is done) are the new language's to wait for too.
  let panelsAsked;
  do {
    panelsAsked = panelsWanted;
    await Promise.all([loadCatalogue(FALLBACK), loadCatalogue(target)]);
  } while (panelsAsked !== panelsWanted);
  current = target;
  if (remember) {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, target);
    } catch {
      // Storage disabled: the choice lasts until the page is closed.
    }
  }
  if (globalThis.document) {
    // Written only when it changes: Chromium restyles every element for `:lang()` on any write,
    // the same value too, and at start-up that was a restyle of the whole page in the first
    // verdict's task (issue 38).
    if (document.documentElement.lang !== target) document.documentElement.lang = target;
    // index.html carries the English texts inline (tests/node/i18n.test.mjs holds them to the
    // catalogue), so starting in English rewrites nothing: rewriting every static text would
    // cost a style and layout of the whole page before the first verdict.
    if (staticLanguage !== target) {
      translateStatic(document);
      staticLanguage = target;
    }
  }
  for (const listener of listeners) listener(target);
}

/** Calls `listener(language)` after every switch of language. Returns a function that stops it. */
export function onLanguageChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The text of `key` in the language in use, with `{name}` replaced from `params`. A key missing
 * from the language falls back to English, and a key missing everywhere shows as itself so that
 * the gap is visible (the catalogue test keeps that from shipping).
 */
export function t(key, params = {}) {
  const text = lookup(key);
  return text.replace(/\{([a-zA-Z0-9_]+)\}/g, (whole, name) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** Whether the catalogues hold `key` (for texts chosen by a code, with a generic fallback). */
export function has(key) {
  return typeof catalogues.get(current)?.[key] === 'string' || typeof catalogues.get(FALLBACK)?.[key] === 'string';
}

function lookup(key) {
  const own = catalogues.get(current)?.[key];
  if (typeof own === 'string') return own;
  const english = catalogues.get(FALLBACK)?.[key];
  return typeof english === 'string' ? english : key;
}

/** `t(key, params)` as nodes, with the catalogue's markup (see the module doc) made real. */
export function tRich(key, params = {}) {
  return richText(t(key, params));
}

/**
 * Nodes for a catalogue text: `` `code` `` becomes `<code>`, `**x**` `<strong>`, `[x](#id)` an
 * in-page link; everything else is text. Only ever applied to catalogue texts, never to what a
 * visitor typed, and only `#` links are made, so a text cannot send the visitor elsewhere.
 */
export function richText(text) {
  const nodes = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\((#[A-Za-z0-9_-]+)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) nodes.push(document.createTextNode(text.slice(last, match.index)));
    const [, code, strong, linkText, href] = match;
    let node;
    if (code !== undefined) {
      node = document.createElement('code');
      node.textContent = code;
    } else if (strong !== undefined) {
      node = document.createElement('strong');
      node.textContent = strong;
    } else {
      node = document.createElement('a');
      node.href = href;
      node.textContent = linkText;
    }
    nodes.push(node);
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(document.createTextNode(text.slice(last)));
  return nodes;
}

/**
 * Rewrites every element under `root` that names a key: `data-i18n` sets its content (with
 * markup), `data-i18n-attr="attribute=key …"` sets attributes.
 */
export function translateStatic(root) {
  for (const element of root.querySelectorAll('[data-i18n]')) {
    element.replaceChildren(...tRich(element.dataset.i18n));
  }
  for (const element of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of element.dataset.i18nAttr.trim().split(/\s+/)) {
      const [attribute, key] = pair.split('=');
      if (attribute && key) element.setAttribute(attribute, t(key));
    }
  }
}

/**
 * Fills the language menu and switches on change. A language whose texts cannot be loaded leaves
 * the page as it was, and `onError` gets the sentence that says so.
 */
export function setUpLanguageSwitch(select, onError) {
  select.replaceChildren(
    ...LANGUAGES.map(({ id, name }) => {
      const option = new Option(name, id, false, id === current);
      option.lang = id;
      return option;
    }),
  );
  select.addEventListener('change', async () => {
    const wanted = select.value;
    try {
      await setLanguage(wanted);
    } catch (error) {
      select.value = current;
      const name = LANGUAGES.find((entry) => entry.id === wanted)?.name ?? wanted;
      onError(t('language.failed', { language: name, detail: error.message }));
    }
  });
  onLanguageChange((id) => {
    select.value = id;
  });
}

/**
 * `t` for a text that depends on a count: the catalogue holds `key.one` and `key.other`, and
 * `{count}` is the count as the language writes it (`format` groups its digits).
 */
export function tPlural(key, count, params = {}, format = String) {
  return t(`${key}.${count === 1 ? 'one' : 'other'}`, { ...params, count: format(count) });
}

/**
 * `t(key, params)` as nodes for `append` or `replaceChildren`, where a parameter may be a node:
 * a line link, or what the person typed in a `translate="no"` span.
 */
export function tNodes(key, params = {}) {
  const text = lookup(key);
  const nodes = [];
  let last = 0;
  for (const match of text.matchAll(/\{([a-zA-Z0-9_]+)\}/g)) {
    const [whole, name] = match;
    if (!Object.hasOwn(params, name)) continue;
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const value = params[name];
    nodes.push(value instanceof Node ? value : String(value));
    last = match.index + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}
