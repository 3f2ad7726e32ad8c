// The inline script in index.html that hides a page starting in another language than English
// until its texts are in place (issue 26: nothing moves after the first paint): it must pick the
// language www/text/i18n.js starts in — the same rule, written again because it runs before any
// module — and the Content-Security-Policy must allow exactly its text.
//
// Run: node --test tests/node/start-language.test.mjs

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import vm from 'node:vm';

import { preferredLanguage } from '../../www/text/i18n.js';

const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);

test('index.html has one inline script, and the policy allows it by its hash', () => {
  assert.equal(inline.length, 1);
  const digest = createHash('sha256').update(inline[0], 'utf8').digest('base64');
  const policy = html.match(/http-equiv="Content-Security-Policy" content="([^"]+)"/)[1];
  const scriptSources = policy.split(';').find((part) => part.trim().startsWith('script-src'));
  assert.ok(scriptSources.includes(`'sha256-${digest}'`), `script-src lacks 'sha256-${digest}': ${scriptSources}`);
  assert.doesNotMatch(scriptSources, /'unsafe-inline'/);
});

/** What the inline script leaves on <html>: the language it hides the page for, or undefined. */
function hiddenFor(stored, languages, { storageThrows = false } = {}) {
  const documentElement = { dataset: {} };
  const context = {
    document: { documentElement },
    navigator: { languages, language: languages[0] },
    localStorage: {
      getItem(key) {
        if (storageThrows) throw new Error('storage disabled');
        return key === 'robots-lens:lang' ? stored : null;
      },
    },
  };
  vm.runInNewContext(inline[0], context);
  return documentElement.dataset.translating;
}

test('the page is hidden exactly when i18n.js will start in another language than English', () => {
  const stored = [null, '', 'en', 'es', 'pt', 'pt-PT', 'PT-br', 'fr', 'de-AT'];
  const browsers = [
    ['en-US'],
    ['es-MX', 'en'],
    ['pt'],
    ['pt-BR'],
    ['pt-AO', 'en'],
    ['fr-FR', 'de'],
    ['fr', 'pt-br'],
    ['de', 'en-GB', 'es'],
    ['ES'],
    [],
  ];
  let hidden = 0;
  for (const choice of stored) {
    for (const languages of browsers) {
      const starts = preferredLanguage(choice, languages.length ? languages : ['en']);
      const expected = starts === 'en' ? undefined : starts.toLowerCase();
      const got = hiddenFor(choice, languages.length ? languages : ['en']);
      assert.equal(got, expected, `stored ${choice}, browser ${languages.join(',')}: i18n.js starts in ${starts}`);
      if (got !== undefined) hidden += 1;
    }
  }
  assert.ok(hidden > 20, 'the cases include pages that start in Spanish and Portuguese');
});

test('disabled storage leaves the browser languages to decide', () => {
  assert.equal(hiddenFor('en', ['es'], { storageThrows: true }), 'es');
  assert.equal(hiddenFor('es', ['en'], { storageThrows: true }), undefined);
});
