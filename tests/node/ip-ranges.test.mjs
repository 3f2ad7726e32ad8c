// scripts/update-ip-ranges.mjs without the network: it reads the operators' list formats, takes
// a list's own date, and writes the snapshot in the form it is committed in (so an update's
// diff is the data alone).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { dateOf, prefixesOf } from '../../scripts/update-ip-ranges.mjs';

test('prefixes are read from every nesting the operators use', () => {
  const google = { creationTime: '2026-08-20T14:46:45.000000', prefixes: [{ ipv6Prefix: '2001:4860:4801:10::/64' }, { ipv4Prefix: '66.249.64.0/27' }] };
  assert.deepEqual(prefixesOf(google), ['2001:4860:4801:10::/64', '66.249.64.0/27']);
  assert.equal(dateOf(google), '2026-08-20');
  const nested = { gptbot: { creationTime: '2025-10-30T11:00:00Z', ipv4Prefixes: [{ ipv4Prefix: '20.171.206.0/24' }, { ipv4Prefix: '20.171.206.0/24' }], ipv6Prefixes: null } };
  assert.deepEqual(prefixesOf(nested), ['20.171.206.0/24']);
  assert.equal(dateOf({ prefixes: [] }), null);
});

test('the committed snapshot is written as the script writes it', () => {
  const text = readFileSync(new URL('../../crates/core/data/ip-ranges.json', import.meta.url), 'utf8');
  const snapshot = JSON.parse(text);
  assert.equal(`${JSON.stringify(snapshot, null, 2)}\n`, text);
  for (const operator of snapshot.operators) {
    for (const list of operator.lists) {
      assert.match(list.date, /^\d{4}-\d{2}-\d{2}$/, list.url);
      assert.ok(list.prefixes.length > 0, list.url);
    }
  }
});
