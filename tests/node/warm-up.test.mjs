// The question www/engine.js asks the page's first wasm module as soon as it is instantiated, so
// that the functions a check calls are compiled before the page's own first check (issue 17). It
// must be one the engine answers through the whole check, not one it refuses at the door, which
// would compile only the refusal. Run: node --test tests/node/warm-up.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { WARM_UP } from '../../www/engine.js';
import wasm from './wasm.mjs';

test('the warm-up question is decided by a rule: a named group, a wildcard, an end anchor and the longer of two matches', () => {
  const verdict = wasm.check(WARM_UP.text, WARM_UP.agent, WARM_UP.url, {});
  assert.equal(verdict.reason, 'rule-matched');
  assert.equal(verdict.allowed, true);
  // `Allow: /private/*.html$` (line 4) over `Disallow: /private/` (line 3): both matched.
  assert.equal(verdict.decisive.line, 4);
  assert.deepEqual(verdict.matches.map((match) => match.line).sort(), [3, 4]);
  assert.deepEqual(verdict.groups[0].matchedAgentLines, [1], 'the named group, not the star');
});
