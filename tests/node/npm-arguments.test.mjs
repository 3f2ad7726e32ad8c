// npm's API reads a parsed file's agent and URLs as `check(text, …)` reads them: as strings. A
// number or null handed to `parsed.check`, `.isAllowed` or inside `.checkMany`'s list once went
// to the engine's glue as it was and trapped inside the module ("memory access out of bounds").
// And `checkMany`'s list, which crosses into the engine as one string, answers every URL as
// `check` answers it alone. The engine is the page's audit package (run after
// scripts/build-wasm.sh), staged as npm-stage.mjs stages it.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { stageNodePackage } from './npm-stage.mjs';

const TEXT = 'User-agent: *\nDisallow: /3\nDisallow: /null\nAllow: /caf\u00e9\n\nUser-agent: GPTBot\nDisallow: /\n';

let stage;
let api;

before(async () => {
  stage = stageNodePackage();
  api = await import(pathToFileURL(join(stage.dir, 'node.js')).href);
});

after(() => stage?.close());

test("a parsed file reads a number or null as check(text, …) does, as its string", () => {
  const parsed = api.parse(TEXT);
  try {
    for (const [agent, url] of [['Googlebot', 3], ['Googlebot', null], [7, '/3'], ['GPTBot', { toString: () => '/x' }]]) {
      const expected = api.check(TEXT, agent, url);
      assert.deepEqual(parsed.check(agent, url), expected, `${agent} ${url}`);
      assert.equal(parsed.isAllowed(agent, url), expected.allowed, `${agent} ${url}`);
    }
    assert.equal(parsed.check('Googlebot', 3).allowed, false);
    const list = ['/3', 3, null, '/caf\u00e9/x', '/a\ud83d', '\ude00b'];
    const many = parsed.checkMany('Googlebot', list);
    assert.deepEqual(many, list.map((url) => parsed.check('Googlebot', url)));
    assert.deepEqual(many.map((verdict) => verdict.allowed), [false, false, false, true, true, true]);
  } finally {
    parsed.free();
  }
});
