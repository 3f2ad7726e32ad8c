// The wasm package on hostile input: whatever a visitor pastes or drops, the
// engine returns a result (the parser is total) and never throws or traps.
// Invalid *arguments* (an unknown profile name) are the only errors, and they
// arrive as JS Errors with a message the page can show.
//
// Run: node --test tests/node/robustness.test.mjs (after `npm run build`).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import wasm from './wasm.mjs';

const { analyze, check, defaults, RobotsFile } = wasm;

/**
 * Asserts the shape every verdict has, and returns it: a URL no crawler requests is refused
 * (`allowed` null, `reason` url-refused, `urlProblem` saying why), anything else answered.
 */
function assertVerdict(verdict) {
  if (verdict.urlProblem === null) assert.equal(typeof verdict.allowed, 'boolean');
  else assert.deepEqual([verdict.allowed, verdict.reason, verdict.line], [null, 'url-refused', null]);
  assert.equal(typeof verdict.reason, 'string');
  assert.ok(Array.isArray(verdict.matches), 'matches is a list');
  assert.ok(verdict.line === null || Number.isInteger(verdict.line));
  assert.equal(verdict.line, verdict.decisive?.line ?? null, 'the deciding line is the deciding rule\'s');
  return verdict;
}

function checkAll(text, agent, url) {
  const verdicts = [];
  for (const profile of ['rfc9309', 'google']) {
    for (const agentMatch of ['substring', 'token']) {
      verdicts.push(assertVerdict(check(text, agent, url, { profile, agentMatch })));
    }
  }
  return verdicts;
}

test('a 10 MB file is read up to the size limit, and a later rule is reported, not applied', () => {
  const { sizeLimit } = defaults();
  const head = 'User-agent: *\nDisallow: /private\n';
  const filler = '# padding to make the file far larger than any crawler reads\n';
  const tail = 'Disallow: /late\n';
  const fillerLines = Math.ceil((10 * 1024 * 1024 - head.length - tail.length) / filler.length);
  const text = head + filler.repeat(fillerLines) + tail;
  assert.ok(text.length >= 10 * 1024 * 1024 && text.length > 20 * sizeLimit);
  const lastLine = 2 + fillerLines + 1;

  const early = assertVerdict(check(text, 'Googlebot', '/private/x', {}));
  assert.equal(early.allowed, false);
  assert.equal(early.decisive.line, 2);

  const late = assertVerdict(check(text, 'Googlebot', '/late', {}));
  assert.equal(late.allowed, true, 'a rule past the size limit does not apply');
  assert.equal(late.reason, 'beyond-size-limit');
  assert.equal(late.beyondSizeLimit.line, lastLine);

  const file = new RobotsFile(text);
  try {
    const analysis = file.analysis();
    assert.equal(analysis.facts.size, text.length);
    assert.equal(analysis.facts.lineCount, lastLine);
    assert.ok(analysis.facts.firstLineBeyondLimit > 2);
    assert.ok(analysis.facts.firstLineBeyondLimit <= lastLine);
  } finally {
    file.free();
  }
});

test('a 100 kB line is flagged as too long and the file still answers', () => {
  const { maxLineBytes } = defaults();
  const longPattern = `/${'a'.repeat(100_000)}`;
  const text = `User-agent: *\nDisallow: ${longPattern}\nDisallow: /short\n`;
  assert.ok(longPattern.length > maxLineBytes);

  for (const verdict of checkAll(text, 'Googlebot', '/short/page')) {
    assert.equal(verdict.allowed, false);
    assert.equal(verdict.decisive.line, 3, 'the line after the long one is still read');
  }
  // A URL as long as the line is past the limit on URLs: refused, with the reason.
  const { maxUrlBytes } = defaults();
  assert.ok(longPattern.length > maxUrlBytes);
  const refused = check(text, 'Googlebot', longPattern, {});
  assert.equal(refused.allowed, null);
  assert.equal(refused.urlProblem, 'too-long');
  checkAll(text, 'Googlebot', longPattern.slice(0, maxUrlBytes));

  const analysis = analyze(text);
  assert.equal(analysis.lines[1].tooLong, true);
  assert.equal(analysis.lines[2].tooLong, false);
});

test('NUL bytes are reported on their line and do not stop the parse', () => {
  const text = 'User-agent: *\nDisallow: /a\0b\n\0\0\0\nDisallow: /after-nul\n';
  for (const verdict of checkAll(text, 'Googlebot', '/after-nul')) {
    assert.equal(verdict.allowed, false);
    assert.equal(verdict.decisive.line, 4);
  }
  checkAll(text, '\0', '/a\0b');
  const analysis = analyze(text);
  assert.deepEqual(
    analysis.lines.filter((line) => line.hasNul).map((line) => line.number),
    [2, 3],
  );
});

test('lone CRs end lines, as classic Mac files expect', () => {
  const text = 'User-agent: *\rDisallow: /x\r\rUser-agent: other\rAllow: /\r';
  for (const verdict of checkAll(text, 'Googlebot', '/x/y')) {
    assert.equal(verdict.allowed, false);
    assert.equal(verdict.decisive.line, 2);
  }
  const analysis = analyze(text);
  assert.equal(analysis.facts.cr, 5);
  assert.equal(analysis.groups.length, 2);
});

test('pathological wildcard patterns finish and answer correctly', () => {
  // A backtracking matcher takes exponential time on these; the engine must not.
  const stars = `/${'*a'.repeat(4_000)}*b`;
  const dollars = `/${'a*'.repeat(4_000)}$`;
  const text = [
    'User-agent: *',
    `Disallow: ${stars}`,
    `Disallow: ${dollars}`,
    `Disallow: /${'*'.repeat(10_000)}z$`,
    'Allow: /',
  ].join('\n');
  const noB = `/${'a'.repeat(16_000)}`;
  for (const verdict of checkAll(text, 'Googlebot', noB)) {
    // `dollars` needs 4,000 a's and anything after them: it matches.
    assert.equal(verdict.allowed, false);
    assert.equal(verdict.decisive.line, 3);
  }
  for (const verdict of checkAll(text, 'Googlebot', `/${'ab'.repeat(3_000)}`)) {
    assert.equal(verdict.allowed, true, 'too few a\'s for either pattern');
  }
  for (const verdict of checkAll(text, 'Googlebot', `/${'a'.repeat(5_000)}b`)) {
    assert.equal(verdict.allowed, false);
  }
});

test('thousands of groups and rules, many matching, still give one decisive line', () => {
  // Product tokens are letters, '-' and '_' only, so the names are spelled in letters.
  const name = (index) => `bot-${[...index.toString(26)].map((digit) => String.fromCharCode(97 + parseInt(digit, 26))).join('')}`;
  const lines = [];
  for (let index = 0; index < 5_000; index += 1) {
    lines.push(`User-agent: ${name(index)}`, `Disallow: /*${index % 10}*`);
  }
  lines.push('User-agent: *', 'Disallow: /*', 'Allow: /*.html$');
  const text = lines.join('\n');
  const verdict = assertVerdict(check(text, name(4242), '/page/42', { agentMatch: 'token' }));
  assert.equal(verdict.allowed, false);
  assert.equal(verdict.decisive.line, 2 * 4242 + 2);
  const star = assertVerdict(check(text, 'nobody', '/page.html', { agentMatch: 'token' }));
  assert.equal(star.allowed, true);
  assert.equal(star.decisive.line, 10_003);
});

test('odd strings from JS (lone surrogates, control characters, empty) do not throw', () => {
  const odd = ['', '\uD800', '\uDFFF\uD800', '\u0000', '\r\n\r', '\uFEFF', 'é'.repeat(1000), '%', '%zz%', '\\'];
  for (const text of odd) {
    for (const agent of odd) {
      for (const url of odd) {
        checkAll(`User-agent: *\n${text}\nDisallow: /${text}\n`, agent, url);
      }
    }
    analyze(text);
  }
  for (const url of ['http://', 'https://example.com', '//example.com/a', '?q=1', '#frag', 'ftp://x/y', ' /a ']) {
    checkAll('User-agent: *\nDisallow: /a\n', 'Googlebot', url);
  }
});

test('unknown option values are rejected with an Error that names them', () => {
  assert.throws(
    () => check('User-agent: *\n', 'Googlebot', '/', { profile: 'bing-2009' }),
    (error) => error instanceof Error && error.message.includes('bing-2009'),
  );
  assert.throws(
    () => check('User-agent: *\n', 'Googlebot', '/', { agentMatch: 'fuzzy' }),
    (error) => error instanceof Error && error.message.includes('fuzzy'),
  );
  // Missing options take the defaults.
  assertVerdict(check('User-agent: *\nDisallow: /\n', 'Googlebot', '/', undefined));
  assertVerdict(check('User-agent: *\nDisallow: /\n', 'Googlebot', '/', null));
});

test('the engine keeps working after thrown errors and many calls', () => {
  for (let round = 0; round < 200; round += 1) {
    assert.throws(() => check('', 'a', '/', { profile: 'nope' }));
    const file = new RobotsFile(`User-agent: *\nDisallow: /${round}\n`);
    assert.equal(file.check('bot', `/${round}/x`, {}).allowed, false);
    file.free();
  }
});
