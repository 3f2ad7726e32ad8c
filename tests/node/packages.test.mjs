// The page's wasm packages split by what loads them (scripts/build-wasm.sh): the first module
// answers checks and carries neither the audit nor the panels' questions; the package with the
// panels and the AI usage (www/pkg/ai/, loaded by the engine worker when a panel first asks)
// and the audit package (www/pkg/audit/, loaded only by the audit's worker and shipped in the
// npm package) answer the same checks, and the panels' questions alike.
//
// Run: node --test tests/node/packages.test.mjs   (after `npm run build`)

import assert from 'node:assert/strict';
import { test } from 'node:test';

import first, { wasmPackage } from './wasm.mjs';

const audit = await wasmPackage('audit');
const lists = await wasmPackage('lists');
const ai = await wasmPackage('ai');

const FILE = 'Disallow: /early\nUser-agent: *\nDisalow: /typo\nDisallow: /private/\n';

test('the first package has no audit; the lists package needs none', () => {
  assert.equal(typeof first.RobotsFile.prototype.audit, 'undefined');
  assert.equal(typeof lists.RobotsFile.prototype.audit, 'undefined');
  assert.equal(typeof audit.RobotsFile.prototype.audit, 'function');
});

test("only the later packages carry the panels' questions, and answer them alike", () => {
  const panels = ['compareProfiles', 'crawlerTable'];
  const exports = ['crawlerCatalogue', 'recogniseCrawler', 'statusChoices', 'statusHandling'];
  for (const name of panels) {
    assert.equal(typeof first.RobotsFile.prototype[name], 'undefined', name);
    assert.equal(typeof ai.RobotsFile.prototype[name], 'function', name);
  }
  // What only npm's API asks comes with the audit (npm's engine is built on it); the page never
  // asks it, and its AI usage package leaves it out.
  for (const name of ['checkMany', 'isAllowed']) {
    assert.equal(typeof ai.RobotsFile.prototype[name], 'undefined', name);
    assert.equal(typeof audit.RobotsFile.prototype[name], 'function', name);
  }
  assert.equal(typeof ai.crawlerFetch, 'undefined');
  assert.equal(typeof audit.crawlerFetch, 'function');
  assert.equal('explanation' in ai.check('User-agent: *\n', 'bot', '/', {}), false);
  for (const name of exports) {
    assert.equal(typeof first[name], 'undefined', name);
    assert.equal(typeof ai[name], 'function', name);
  }
  // The catalogue's words are the crawler panel's (the AI usage package): the audit's worker
  // never shows them, and its package does not carry them.
  assert.equal(typeof audit.crawlerCatalogue, 'undefined');
  const [inAi, inAudit] = [ai, audit].map((glue) => {
    const file = new glue.RobotsFile(FILE);
    try {
      return [file.crawlerTable('/private/x', { status: '200' }), file.compareProfiles('bot', '/typo', {})];
    } finally {
      file.free();
    }
  });
  // The audit package's verdicts carry npm's `explanation` (null in a table's rows); the rest is
  // the same answer.
  const withoutExplanation = (value) =>
    JSON.parse(JSON.stringify(value, (key, field) => (key === 'explanation' ? undefined : field)));
  assert.deepEqual(inAi, withoutExplanation(inAudit));
  assert.ok(inAi[0].some((row) => row.verdict.allowed === false), 'a crawler with no group of its own follows the * group');
});

test('the audit package answers checks as the first package does', () => {
  for (const url of ['/private/x', '/early', '/typo', '/']) {
    // The audit package adds the core's sentence for a crawler's group (null when an agent is
    // asked) and, for npm's API, the answer's explanation as message keys; everything else is
    // the same answer.
    const { crawlerWhy, explanation, ...answer } = audit.check(FILE, 'bot', url, {});
    assert.ok(crawlerWhy == null, url);
    assert.equal(explanation.verdict.key, `core.answer.verdict.${answer.allowed ? 'allowed' : 'disallowed'}`, url);
    assert.deepEqual(answer, first.check(FILE, 'bot', url, {}), url);
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
