// How the module's values reach JavaScript (crates/wasm/src/tape.rs and tape.js): whole, with
// every field in order, strings exact in UTF-16, plain data a worker can post, the same after
// any other call or a refused one, and a verdict's groups one shared array for one agent.
//
// Run: node --test tests/node/conversion.test.mjs   (after `npm run build`)

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

import first, { wasmPackage } from './wasm.mjs';

const audit = await wasmPackage('audit');

const TEXT = [
  'User-agent: *',
  'Disallow: /caf\u00e9/\u{1f600}',
  'Disallow: /q"uote\\back',
  'Allow: /\u00e9t\u00e9$',
  '# \u0001 and \u{1f600} in a comment',
  'Sitemap: https://example.com/s\u00e9.xml',
  '',
].join('\n');

const VERDICT_FIELDS = [
  'allowed', 'reason', 'line', 'groupUsed', 'whyDecides', 'profile', 'agentMatch', 'agent', 'agentToken', 'path',
  'normalisedPath', 'decisive', 'groups', 'usedStarGroup', 'chainStep', 'matches', 'beyondSizeLimit',
  'agentLineReadings', 'crawlerReading', 'crawler', 'asTyped', 'urlHost', 'urlProblem', 'notRobotsTxt',
];

test('a verdict crosses whole, its fields in order and its strings exact', () => {
  const verdict = first.check(TEXT, 'bot\u00e9', 'https://example.com/caf\u00e9/\u{1f600}x', {});
  assert.deepEqual(Object.keys(verdict), VERDICT_FIELDS);
  assert.equal(verdict.allowed, false);
  assert.equal(verdict.agent, 'bot\u00e9');
  assert.equal(verdict.urlHost, 'example.com');
  assert.equal(verdict.urlProblem, null);
  assert.equal(verdict.notRobotsTxt, null);
  assert.equal(verdict.crawlerReading, null);
  assert.equal(verdict.crawler, null);
  assert.equal(verdict.asTyped, null);
  assert.equal(verdict.groupUsed, 'star');
  assert.equal(verdict.whyDecides, 'longest-match');
  assert.deepEqual(verdict.decisive, {
    line: 2,
    kind: 'disallow',
    pattern: '/caf\u00e9/\u{1f600}',
    normalised: '/caf%C3%A9/%F0%9F%98%80',
    length: 23,
    viaIndexHtml: false,
    outcome: null,
  });
  assert.deepEqual(verdict.matches, [{ ...verdict.decisive, outcome: 'decides-longest' }]);
  assert.deepEqual(verdict.groups, [{ index: 0, agentLines: [1], matchedAgentLines: [1], lines: [1, 2, 3, 4] }]);
  const quoted = first.check(TEXT, 'bot', '/q"uote\\back', {});
  assert.equal(quoted.decisive.pattern, '/q"uote\\back');
});

test('an analysis keeps UTF-16 spans that index the text, across characters of every width', () => {
  const analysis = first.analyze(TEXT);
  assert.equal(analysis.lines.length, 6);
  for (const line of analysis.lines) {
    assert.equal(TEXT.slice(line.start, line.end), line.text, `line ${line.number}`);
  }
  assert.equal(analysis.lines[4].text, '# \u0001 and \u{1f600} in a comment');
  assert.deepEqual(analysis.sitemaps, [{ line: 6, url: 'https://example.com/s\u00e9.xml' }]);
  // Bytes that are not UTF-8 are U+FFFD in the text, one per invalid sequence.
  const file = first.RobotsFile.fromBytes(new Uint8Array([...Buffer.from('Disallow: /a'), 0xff, 0xe9, 0x80, 0x0a]));
  try {
    assert.equal(file.analysis().lines[0].text, 'Disallow: /a\ufffd\ufffd');
  } finally {
    file.free();
  }
});

test('values are plain data: what a worker posts and JSON keeps', () => {
  const file = new audit.RobotsFile(TEXT);
  try {
    for (const value of [
      file.check('bot', '/caf\u00e9/', {}),
      file.analysis(),
      file.audit(),
      file.compareProfiles('bot', '/x', {}),
      audit.defaults(),
    ]) {
      assert.deepEqual(structuredClone(value), value);
      assert.deepEqual(JSON.parse(JSON.stringify(value)), value);
    }
  } finally {
    file.free();
  }
});

test('every kind of value comes out the same after the others and after a refused call', () => {
  const file = new audit.RobotsFile(TEXT);
  try {
    const ask = () => [
      file.check('bot', '/caf\u00e9/\u{1f600}', {}),
      audit.defaults(),
      file.audit(),
      file.crawlerTable('/x', {}),
      file.checkMany('bot', ['/a', '/\u00e9t\u00e9'], {}),
      audit.statusHandling('404', 'google'),
      file.analysis(),
    ];
    const before = ask();
    assert.throws(() => file.checkMany('bot', ['/a'], { profile: 'nope' }), /nope/);
    assert.deepEqual(ask(), before);
    // A fresh file answers alike: the names the module sent are the module's, not the file's.
    const other = new audit.RobotsFile(TEXT);
    try {
      assert.deepEqual(other.check('bot', '/caf\u00e9/\u{1f600}', {}), before[0]);
    } finally {
      other.free();
    }
  } finally {
    file.free();
  }
});

test("one agent's verdicts share one groups array, in a batch and call after call", () => {
  const file = new audit.RobotsFile(TEXT);
  try {
    const [a, b] = file.checkMany('bot', ['/a', '/b'], {});
    assert.equal(a.groups, b.groups);
    assert.equal(file.check('bot', '/c', {}).groups, a.groups);
    // The packages with the panels (the audit package is npm's) add a crawler's own group
    // sentence and the answer's sentences, as message keys.
    assert.deepEqual(Object.keys(a), [
      ...VERDICT_FIELDS.slice(0, -3), 'crawlerWhy', ...VERDICT_FIELDS.slice(-3), 'explanation',
    ]);
    assert.equal(a.crawlerWhy, null);
    assert.deepEqual(Object.keys(a.explanation), ['verdict', 'reason', 'decidedBy', 'group', 'agent', 'status', 'content']);
    assert.equal(a.explanation.reason.key, 'core.answer.reason.no-rule-matched');
    assert.deepEqual(a.groups, [{ index: 0, agentLines: [1], matchedAgentLines: [1], lines: [1, 2, 3, 4] }]);
  } finally {
    file.free();
  }
});

test('each package is its glue and its module: the glue imports nothing', () => {
  // scripts/inline-snippet.mjs puts tape.js into the glue; a module of its own would be one more
  // request for the first verdict, and one more file for the npm package to carry.
  for (const dir of ['', 'audit/', 'lists/', 'ai/']) {
    const pkg = new URL(`../../www/pkg/${dir}`, import.meta.url);
    const glue = readFileSync(new URL('robots_lens_wasm.js', pkg), 'utf8');
    assert.doesNotMatch(glue, /^\s*import\s/m, `${dir || 'first'} package`);
    assert.match(glue, /^const fromTape = /m);
    assert.equal(existsSync(new URL('snippets', pkg)), false);
  }
});
