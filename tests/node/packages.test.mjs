// The page's wasm packages split by what loads them (scripts/build-wasm.sh): the first module
// answers checks and carries no audit; the audit package (www/pkg/audit/, loaded only by the
// audit's worker and shipped in the npm package) answers the same checks and also audits.
//
// Run: node --test tests/node/packages.test.mjs   (after `npm run build`)

import assert from 'node:assert/strict';
import { test } from 'node:test';

import first, { wasmPackage } from './wasm.mjs';

const audit = await wasmPackage('audit');
const lists = await wasmPackage('lists');

const FILE = 'Disallow: /early\nUser-agent: *\nDisalow: /typo\nDisallow: /private/\n';

test('the first package has no audit; the lists package needs none', () => {
  assert.equal(typeof first.RobotsFile.prototype.audit, 'undefined');
  assert.equal(typeof lists.RobotsFile.prototype.audit, 'undefined');
  assert.equal(typeof audit.RobotsFile.prototype.audit, 'function');
});

test('the audit package answers checks as the first package does', () => {
  for (const url of ['/private/x', '/early', '/typo', '/']) {
    assert.deepEqual(audit.check(FILE, 'bot', url, {}), first.check(FILE, 'bot', url, {}), url);
  }
  assert.deepEqual(audit.analyze(FILE), first.analyze(FILE));
  assert.deepEqual(audit.defaults(), first.defaults());
});

test('the audit package audits: a rule before any User-agent and a misspelt key', () => {
  const file = new audit.RobotsFile(FILE);
  try {
    const findings = file.audit();
    const lines = new Set(findings.map((finding) => finding.line));
    assert.ok(lines.has(1), 'the rule outside any group is flagged');
    assert.ok(lines.has(3), 'the misspelt Disallow is flagged');
    assert.ok(!lines.has(4), 'a correct rule is not flagged');
    for (const finding of findings) assert.match(finding.code, /^RL[0-9]+$/);
  } finally {
    file.free();
  }
});
