// How the page's catalogues load (www/text/i18n.js), as start-up depends on it: two callers at once
// share one request, and starting in the English that index.html already carries rewrites no
// static text (a rewrite restyles and lays out the whole page before the first verdict).
// Each test imports a fresh copy of the module, so that catalogues loaded elsewhere do not count.
//
// Run: node --test tests/node/i18n-loading.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';

let copies = 0;
const freshI18n = () => import(`../../www/text/i18n.js?copy=${(copies += 1)}`);

test('loads of one catalogue at the same time share one request', async () => {
  const i18n = await freshI18n();
  let requests = 0;
  const fetcher = async () => {
    requests += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { ok: true, json: async () => ({ greeting: 'hola' }) };
  };
  const [first, second] = await Promise.all([i18n.loadCatalogue('es', fetcher), i18n.loadCatalogue('es', fetcher)]);
  assert.equal(requests, 1);
  assert.equal(first, second);
  await i18n.loadCatalogue('es', fetcher);
  assert.equal(requests, 1, 'a loaded catalogue is not fetched again');
});

test('a failed load is tried again by the next call', async () => {
  const i18n = await freshI18n();
  let requests = 0;
  const fetcher = async () => {
    requests += 1;
    return requests === 1 ? { ok: false, status: 503 } : { ok: true, json: async () => ({}) };
  };
  await assert.rejects(i18n.loadCatalogue('pt-PT', fetcher), /HTTP 503/);
  await i18n.loadCatalogue('pt-PT', fetcher);
  assert.equal(requests, 2);
});

test('starting in English rewrites no static text; a switch away and back rewrites them', async () => {
  const i18n = await freshI18n();
  i18n.useCatalogue('en', { 'page.skip': 'Skip' });
  i18n.useCatalogue('es', { 'page.skip': 'Saltar' });
  let rewrites = 0;
  const previous = globalThis.document;
  // What index.html's inline script sets on a page that starts in another language.
  const attributes = new Map([['data-translating', 'es']]);
  globalThis.document = {
    documentElement: { lang: 'en', removeAttribute: (name) => attributes.delete(name) },
    querySelectorAll: () => {
      rewrites += 1;
      return [];
    },
  };
  try {
    await i18n.setLanguage('en', { remember: false });
    assert.equal(rewrites, 0);
    assert.equal(attributes.has('data-translating'), false, 'the hidden page shows once its language is in place');
    await i18n.setLanguage('es', { remember: false });
    assert.ok(rewrites > 0, 'Spanish rewrites the static texts');
    const afterSpanish = rewrites;
    await i18n.setLanguage('en', { remember: false });
    assert.ok(rewrites > afterSpanish, 'back to English rewrites them again');
    assert.equal(globalThis.document.documentElement.lang, 'en');
  } finally {
    globalThis.document = previous;
  }
});

test('the panels\' texts are fetched once asked for, and every later switch waits for them', async () => {
  const i18n = await freshI18n();
  const asked = [];
  const fetcher = async (url) => {
    const name = url.pathname.split('/').pop();
    asked.push(name);
    const [id, part] = name.replace(/\.json$/, '').split(/\.(?=panels$)/);
    return { ok: true, json: async () => ({ [part ? 'finding' : 'skip']: `${id} ${part ?? 'first'}` }) };
  };
  const previous = globalThis.fetch;
  globalThis.fetch = fetcher;
  try {
    i18n.useCatalogue('en', { skip: 'en first' });
    await i18n.setLanguage('es', { remember: false });
    assert.deepEqual(asked, ['es.json'], 'the first verdict waits for the first file only');
    assert.equal(i18n.has('finding'), false);
    await i18n.loadPanelTexts();
    assert.deepEqual(asked.sort(), ['en.panels.json', 'es.json', 'es.panels.json']);
    assert.equal(i18n.t('finding'), 'es panels');
    let seen = null;
    i18n.onLanguageChange(() => {
      seen = i18n.t('finding');
    });
    await i18n.setLanguage('pt-BR', { remember: false });
    assert.equal(seen, 'pt-BR panels', 'a panel redrawn after a switch finds its words in the new language');
    await i18n.loadPanelTexts();
    assert.equal(asked.length, 5, 'each file is fetched once');
  } finally {
    globalThis.fetch = previous;
  }
});

test('a switch under way when the panels\' texts are asked for waits for the new language\'s', async () => {
  const i18n = await freshI18n();
  const previous = globalThis.fetch;
  // English's first file comes last, so the switch is still waiting when the panels' texts are
  // asked for, after pt-BR's first file is in.
  globalThis.fetch = async (url) => {
    const name = url.pathname.split('/').pop();
    await new Promise((resolve) => setTimeout(resolve, name === 'en.json' ? 40 : 2));
    return { ok: true, json: async () => ({ [name.endsWith('.panels.json') ? 'finding' : 'skip']: name }) };
  };
  try {
    const switching = i18n.setLanguage('pt-BR', { remember: false });
    await new Promise((resolve) => setTimeout(resolve, 15));
    await i18n.loadPanelTexts();
    await switching;
    assert.equal(i18n.t('finding'), 'pt-BR.panels.json', 'no English in a pt-BR panel');
  } finally {
    globalThis.fetch = previous;
  }
});

test('a page hidden for its language shows even when the texts cannot be loaded', async () => {
  const i18n = await freshI18n();
  const previous = { document: globalThis.document, fetch: globalThis.fetch };
  const attributes = new Map([['data-translating', 'pt-pt']]);
  globalThis.document = { documentElement: { lang: 'en', removeAttribute: (name) => attributes.delete(name) } };
  globalThis.fetch = async () => ({ ok: false, status: 404 });
  try {
    await assert.rejects(i18n.setLanguage('pt-PT', { remember: false }), /HTTP 404/);
    assert.equal(attributes.has('data-translating'), false);
  } finally {
    globalThis.document = previous.document;
    globalThis.fetch = previous.fetch;
  }
});
