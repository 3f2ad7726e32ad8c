// The floor the page benchmark measures the first verdict against (scripts/page-floor.mjs):
// index.html with every script and preload removed and nothing else changed.
//
// Run: node --test tests/node/page-floor.test.mjs

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { floorHtml } from '../../scripts/page-floor.mjs';

const INDEX = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');

test('the floor of index.html loads no script and preloads nothing, but keeps every stylesheet', () => {
  const floor = floorHtml(INDEX);
  assert.doesNotMatch(floor, /<script\b/i);
  assert.doesNotMatch(floor, /rel="(?:modulepreload|preload)"/);
  const sheets = (html) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(sheets(INDEX).length > 0, 'index.html has stylesheets');
  assert.deepEqual(sheets(floor), sheets(INDEX).map((href) => `/${href}`));
  // The markup is the page's: the checker's hooks are there, and the policy is unchanged.
  for (const hook of ['id="robots"', 'id="agent"', 'id="url"', 'id="verdict"', 'Content-Security-Policy']) {
    assert.ok(floor.includes(hook), hook);
  }
});

test('only relative paths are made absolute', () => {
  const floor = floorHtml(
    '<a href="#top">t</a><a href="https://example.com/x">x</a><img src="www/i.svg">' +
      '<link rel="icon" href="/www/icon.svg"><script type="module" src="www/app.js"></script>' +
      '<link rel="modulepreload" href="www/engine/engine.js"><link rel="preload" href="a.wasm" as="fetch">',
  );
  assert.equal(
    floor,
    '<a href="#top">t</a><a href="https://example.com/x">x</a><img src="/www/i.svg"><link rel="icon" href="/www/icon.svg">',
  );
});
