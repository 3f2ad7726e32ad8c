// RobotsFile keeps its compiled checkers and answers lists of URLs: checkMany gives, URL by
// URL and in order, exactly what check gives, under every profile and option, and a file
// answers the same before and after another profile was asked.
//
// Run: node --test tests/node/batch.test.mjs (after `npm run build`).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { wasmPackage } from './wasm.mjs';

// checkMany is one of the panels' questions: the first package does not carry it.
const { check, RobotsFile } = await wasmPackage('audit');

const text = [
  'User-agent: *',
  'Disallow: /cart/',
  'Disallow: /*?sessionid=',
  'Allow: /cart/help',
  'Allow: /d/index.html',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  '',
].join('\n');

const urls = [
  '/cart/checkout',
  'https://shop.example/cart/help/returns',
  '/p?sessionid=1',
  '/d/',
  '/robots.txt',
  '/',
  '/caf\u00e9',
];

test('checkMany answers every URL as check does, in order', () => {
  const file = new RobotsFile(text);
  try {
    for (const options of [
      {},
      { profile: 'google', agentMatch: 'token' },
      { profile: 'python' },
      { profile: 'legacy-1994' },
      { crawler: 'GPTBot' },
      { status: '503' },
    ]) {
      const many = file.checkMany('Googlebot', urls, options);
      assert.equal(many.length, urls.length);
      urls.forEach((url, index) => {
        assert.deepEqual(many[index], check(text, 'Googlebot', url, options), `${url} ${JSON.stringify(options)}`);
        assert.deepEqual(file.check('Googlebot', url, options), many[index]);
      });
    }
    assert.equal(file.checkMany('Googlebot', urls, {})[0].allowed, false);
    assert.equal(file.checkMany('GPTBot', ['/anything'], {})[0].decisive.line, 8);
    assert.deepEqual(file.checkMany('Googlebot', [], {}), []);
  } finally {
    file.free();
  }
});

test('checkMany refuses bad options with an Error, as check does', () => {
  const file = new RobotsFile(text);
  try {
    assert.throws(() => file.checkMany('x', ['/'], { profile: 'nope' }), Error);
  } finally {
    file.free();
  }
});
