// RobotsFile keeps its compiled checkers and answers lists of URLs: checkMany gives, URL by
// URL and in order, exactly what check gives, under every profile and option, and a file
// answers the same before and after another profile was asked; isAllowed is check's `allowed`;
// verdicts for one agent share their groups array.
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

test('isAllowed answers as check does, under every profile and option', () => {
  const file = new RobotsFile(text);
  try {
    for (const options of [{}, { profile: 'google', agentMatch: 'token' }, { profile: 'python' }, { crawler: 'GPTBot' }, { status: '503' }]) {
      for (const agent of ['Googlebot', 'GPTBot', 'Mozilla/5.0 (compatible; GPTBot/1.2)']) {
        for (const url of urls) {
          assert.equal(file.isAllowed(agent, url, options), check(text, agent, url, options).allowed, `${agent} ${url} ${JSON.stringify(options)}`);
        }
      }
    }
    assert.equal(file.isAllowed('GPTBot', '/anything', {}), false);
    assert.equal(file.isAllowed('Googlebot', '/cart/help', {}), true);
    assert.throws(() => file.isAllowed('x', '/', { profile: 'nope' }), Error);
    // A URL past the limit is refused as a URL no crawler requests is (npm's wrapper makes it null).
    assert.equal(file.isAllowed('x', 'https://a.example/' + 'a'.repeat(40000), {}), undefined);
  } finally {
    file.free();
  }
});

test('verdicts for the same agent share one groups array, and each agent has its own', () => {
  const file = new RobotsFile(text);
  try {
    const [first, second] = file.checkMany('Googlebot', ['/cart/x', '/'], {});
    assert.equal(first.groups, second.groups, 'one array, handed out again');
    assert.equal(file.check('Googlebot', '/p', {}).groups, first.groups);
    const gpt = file.check('GPTBot', '/', {});
    assert.notEqual(gpt.groups, first.groups);
    assert.deepEqual(gpt.groups.map((group) => group.index), [1]);
    assert.deepEqual(first.groups.map((group) => group.index), [0]);
    assert.deepEqual(file.check('Googlebot', '/', {}).groups, check(text, 'Googlebot', '/', {}).groups);
    const other = new RobotsFile(text);
    try {
      assert.notEqual(other.check('Googlebot', '/', {}).groups, first.groups, 'files share nothing');
    } finally {
      other.free();
    }
  } finally {
    file.free();
  }
});

test('verdicts decided alike are copies of one, each with its own path and host', () => {
  const file = new RobotsFile(text);
  const alike = ['/cart/a', '/cart/b', 'https://other.example/cart/c', '/cart/%61', '/cart/a', '/p?sessionid=1', '/p?sessionid=2'];
  try {
    // Another agent or other options between the same lists: no verdict of one question is a
    // copy of another's.
    for (const agent of ['Googlebot', 'GPTBot', 'Googlebot']) {
      for (const options of [{}, { profile: 'python' }, { status: '503' }, {}]) {
        const many = file.checkMany(agent, alike, options);
        many.forEach((verdict, index) => {
          assert.deepEqual(verdict, check(text, agent, alike[index], options), `${agent} ${alike[index]} ${JSON.stringify(options)}`);
          assert.deepEqual(file.check(agent, alike[index], options), verdict);
        });
      }
    }
    const [first, second, other] = file.checkMany('Googlebot', alike, {});
    assert.deepEqual([first.path, second.path, other.path, other.urlHost], ['/cart/a', '/cart/b', '/cart/c', 'other.example']);
    assert.notEqual(first, second, 'each verdict is an object of its own');
    assert.equal(first.decisive, second.decisive, 'its parts are one object');
    first.path = 'changed';
    first.allowed = true;
    const [again] = file.checkMany('Googlebot', ['/cart/a'], {});
    assert.deepEqual([again.path, again.allowed], ['/cart/a', false], 'changing a verdict changes no other');
  } finally {
    file.free();
  }
});

test('a list crosses into the engine as one string: every URL is read whole, whatever its characters', () => {
  const file = new RobotsFile('User-agent: *\nDisallow: /caf\u00e9\nDisallow: /*\ufffd\nAllow: /\ud83d\ude00\n');
  // Two bytes, three, four (a pair), empty URLs, and lone halves of a pair: a URL ending in a
  // high half must not pair with the next URL's low half once the list is joined.
  const list = ['/caf\u00e9/x', '/a\ud83d', '\ude00b', '/\ud83d\ude00', '', 'https://ex.example/\u00e9?q=\u00fc', '/x\ud800', '', '/\udc00y', '/end\ud83d'];
  try {
    for (const options of [{}, { profile: 'google' }, { crawler: 'GPTBot' }]) {
      const many = file.checkMany('Googlebot', list, options);
      const rows = file.answerMany('Googlebot', list, options);
      assert.equal(many.length, list.length);
      list.forEach((url, index) => {
        const one = file.check('Googlebot', url, options);
        assert.deepEqual(many[index], one, `${JSON.stringify(url)} ${JSON.stringify(options)}`);
        assert.equal(rows[index].line, one.line);
      });
    }
    for (const notAList of ['/a', null, undefined, ['/a', 3], [null]]) {
      assert.throws(() => file.checkMany('Googlebot', notAList, {}), /checkMany: urls must be an array of strings/);
      assert.throws(() => file.answerMany('Googlebot', notAList, {}), /answerMany: urls must be an array of strings/);
    }
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

test("a URL or an agent over check's limits is refused, in its place in a list", () => {
  const file = new RobotsFile(text);
  const long = `/${'a'.repeat(40 * 1024)}`;
  try {
    const refused = check(text, 'Bot', long, {});
    assert.equal(refused.allowed, null);
    assert.equal(refused.reason, 'url-refused');
    assert.equal(refused.urlProblem, 'too-long');
    const [first, second] = file.checkMany('Bot', ['/', long], {});
    assert.equal(first.allowed, true);
    assert.equal(second.urlProblem, 'too-long');
    const [agent] = file.checkMany('B'.repeat(40 * 1024), ['/'], {});
    assert.equal(agent.urlProblem, 'agent-too-long');
    // Within the limits, the same list is answered.
    assert.equal(file.checkMany('Bot', ['/', '/cart/x'], {}).length, 2);
  } finally {
    file.free();
  }
});

test('asTyped beside a crawler is refused with a message, by every entry that takes options', () => {
  // A crawler is never "as typed": silently ignoring one of the two would answer another question.
  const file = new RobotsFile(text);
  const both = { crawler: 'Googlebot', asTyped: true };
  try {
    for (const ask of [
      () => check(text, 'Googlebot', '/', both),
      () => file.check('Googlebot', '/', both),
      () => file.checkMany('Googlebot', ['/'], both),
      () => file.isAllowed('Googlebot', '/', both),
    ]) {
      assert.throws(ask, /options\.asTyped answers the agent exactly as typed, and options\.crawler is always that crawler/);
    }
    assert.equal(check(text, 'Googlebot', '/', { crawler: 'Googlebot', asTyped: false }).allowed, true);
  } finally {
    file.free();
  }
});

test('answerMany gives each URL the first fields of its check verdict, in one call', () => {
  const file = new RobotsFile(text);
  const long = `/${'a'.repeat(40 * 1024)}`;
  const fields = ({ allowed, reason, line, groupUsed, whyDecides }) => ({ allowed, reason, line, groupUsed, whyDecides });
  try {
    for (const options of [{}, { profile: 'google', agentMatch: 'token' }, { profile: 'python' }, { profile: 'legacy-1994' }, { crawler: 'GPTBot' }, { status: '503' }, { asTyped: true }]) {
      for (const agent of ['Googlebot', 'GPTBot', 'Mozilla/5.0 (compatible; GPTBot/1.2)']) {
        const list = [...urls, long, 'ftp://shop.example/x'];
        const rows = file.answerMany(agent, list, options);
        assert.deepEqual(rows, list.map((url) => fields(file.check(agent, url, options))), `${agent} ${JSON.stringify(options)}`);
      }
    }
    assert.deepEqual(Object.keys(file.answerMany('x', ['/'], {})[0]), ['allowed', 'reason', 'line', 'groupUsed', 'whyDecides']);
    assert.equal(file.answerMany('Googlebot', [long], {})[0].reason, 'url-refused');
    assert.throws(() => file.answerMany('x', ['/'], { profile: 'nope' }), /nope/);
  } finally {
    file.free();
  }
});

test('options that change from call to call are read again, one string at a time', () => {
  // The npm engine reads the options in one crossing and keeps the last ones read: a changed
  // object must not be answered as the last, and a field holding a NUL (which would split the
  // crossing's fields) names nothing and is refused.
  const file = new RobotsFile(text);
  try {
    const options = { profile: 'google' };
    for (const [profile, status] of [['google', '200'], ['legacy-1994', '200'], ['google', '503'], ['python', '404']]) {
      options.profile = profile;
      options.status = status;
      assert.equal(file.check('Googlebot', '/d/', options).profile, profile);
      assert.equal(file.isAllowed('Googlebot', '/cart/x', options), check(text, 'Googlebot', '/cart/x', { profile, status }).allowed);
    }
    assert.throws(() => file.check('x', '/', { profile: 'google\u0000' }), /NUL/);
    assert.throws(() => file.isAllowed('x', '/', { agentMatch: 'token\u0000substring' }), /NUL/);
    assert.equal(file.check('x', '/', { profile: 'google' }).profile, 'google', 'and the next options are read');
    assert.equal(file.check('x', '/', { crawler: ' ' }).crawler, null, 'a blank field is absent');
  } finally {
    file.free();
  }
});

test('verdicts share their equal parts, which stay equal to a fresh verdict', () => {
  const file = new RobotsFile(text);
  try {
    const [a, b, c] = file.checkMany('Googlebot', ['/cart/a', '/cart/b', '/'], {});
    for (const part of ['decisive', 'matches', 'explanation', 'chainStep']) {
      assert.equal(a[part], b[part], `${part}: one object for equal values`);
    }
    assert.notEqual(a.decisive, c.decisive);
    assert.equal(a.path, '/cart/a');
    assert.equal(b.path, '/cart/b');
    // After other files and questions, the same answers, field for field.
    const other = new RobotsFile('User-agent: *\nDisallow: /cart/\n');
    try {
      other.checkMany('Googlebot', ['/cart/a', '/x'], { profile: 'python' });
    } finally {
      other.free();
    }
    assert.deepEqual(file.check('Googlebot', '/cart/b', {}), b);
    assert.deepEqual(JSON.parse(JSON.stringify(file.checkMany('Googlebot', ['/cart/a'], {})[0])), JSON.parse(JSON.stringify(a)));
  } finally {
    file.free();
  }
});
