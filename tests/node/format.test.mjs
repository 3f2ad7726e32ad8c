// The page's number and size formatting (www/text/i18n.js `formatCount`, `formatBytes`), which every
// count on the page goes through. formatCount is written out instead of using Intl (see the
// module's note), so it is held to what Intl.NumberFormat('en') prints, which Node has with its
// full ICU.
//
// Run: node --test tests/node/format.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { formatBytes, formatCount } from '../../www/text/i18n.js';

const INTL_EN = new Intl.NumberFormat('en');

test('formatCount groups whole numbers as Intl.NumberFormat("en") does', () => {
  const values = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000];
  for (let power = 1; power <= 15; power += 1) values.push(10 ** power - 1, 10 ** power, 10 ** power + 7);
  values.push(Number.MAX_SAFE_INTEGER, 16_663, 524_288, 65_536);
  for (const value of values) {
    assert.equal(formatCount(value), INTL_EN.format(value), `formatCount(${value})`);
    if (value !== 0) assert.equal(formatCount(-value), INTL_EN.format(-value), `formatCount(${-value})`);
  }
});

test('formatCount prints what is not a safe whole number as JavaScript does', () => {
  for (const value of [1.5, -0.25, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
    assert.equal(formatCount(value), String(value));
  }
});

test('formatBytes uses bytes below 1 KiB and binary units above, grouped as the language groups', () => {
  assert.equal(formatBytes(0), '0 bytes');
  assert.equal(formatBytes(999), '999 bytes');
  assert.equal(formatBytes(1023), '1,023 bytes');
  assert.equal(formatBytes(1024), '1 KiB');
  assert.equal(formatBytes(1536), '1.5 KiB');
  assert.equal(formatBytes(500 * 1024), '500 KiB');
  assert.equal(formatBytes(10 * 1024 * 1024), '10 MiB');
  assert.equal(formatBytes(3 * 1024 ** 3), '3 GiB');
  assert.equal(formatBytes(5 * 1024 ** 4), '5,120 GiB');
});
