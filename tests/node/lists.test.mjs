// The lists package (www/pkg/lists/, the wasm crate's `lists` feature) in Node: URL lists read
// and checked a step at a time, rows filtered and sorted, the comparison of two versions, and
// expectations. The page's lists engine runs exactly these exports.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

import { wasmPackage } from './wasm.mjs';

const PKG = new URL('../../www/pkg/lists/', import.meta.url);
if (!existsSync(new URL('robots_lens_wasm.js', PKG))) {
  throw new Error("the lists wasm package is missing (www/pkg/lists/): build it with 'npm run build'");
}
const lists = await import(new URL('robots_lens_wasm.js', PKG).href);
lists.initSync({ module: readFileSync(new URL('robots_lens_wasm_bg.wasm', PKG)) });

/** The crawler catalogue is one of the panels' questions, which the lists package does not carry. */
const CATALOGUE_LENGTH = (await wasmPackage('ai')).crawlerCatalogue().length;

const SHOP = 'User-agent: *\nDisallow: /cart/\nAllow: /cart/help\n\nUser-agent: GPTBot\nDisallow: /\n';

function finished(batch, step = 1) {
  const seen = [];
  while (!batch.isDone()) seen.push(batch.run(step).done);
  return seen;
}

test('a batch checks every URL for every agent, a step at a time', () => {
  const batch = new lists.UrlBatch(SHOP, 'url,status\n/cart/a,200\n/cart/help,200\n/,200\n/cart/a,301\n', 'auto', 'Googlebot', ['GPTBot'], {});
  try {
    assert.deepEqual(batch.list(), {
      format: 'csv',
      urls: 3,
      duplicates: 1,
      overLimit: 0,
      sitemaps: [],
      column: 'url',
      maxUrls: 100_000,
    });
    assert.deepEqual(batch.agents(), ['Googlebot', 'GPTBot']);
    // Two checks a step: one URL for both agents.
    assert.deepEqual(finished(batch, 2), [1, 2, 3]);
    const page = batch.rows('all', '', -1, 'input', false, 0, 10);
    assert.equal(page.matching, 6);
    assert.deepEqual(page.rows[0], {
      url: '/cart/a',
      agent: 'Googlebot',
      allowed: false,
      line: 2,
      reason: 'rule-matched',
      rule: 'Disallow: /cart/',
    });
    assert.equal(batch.rows('differs', '', -1, 'input', false, 0, 10).matching, 4);
    assert.equal(batch.rows('blocked', 'HELP', 1, 'line', true, 0, 10).matching, 1);
    const report = batch.report();
    assert.equal(report.blockedForAny, 3);
    assert.deepEqual(
      report.rules.map((rule) => [rule.line, rule.kind, rule.urls]),
      [
        [6, 'disallow', 3],
        [2, 'disallow', 1],
        [3, 'allow', 1],
      ],
    );
    assert.match(batch.csv(), /^url,agent,allowed,line,rule,reason\r\n\/cart\/a,Googlebot,false,2,Disallow: \/cart\/,rule-matched\r\n/);
    assert.equal(batch.allRows().length, 6);
  } finally {
    batch.free();
  }
});

test("the typed agent is the catalogued crawler it names, with the name as typed beside, unless asTyped", () => {
  // Googlebot-Image has no group of its own: as the crawler, it follows the Googlebot group;
  // its name as typed, compared by token, takes `*`.
  const file = 'User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /photos/\n';
  const rowsOf = (options) => {
    const batch = new lists.UrlBatch(file, '/photos/1.jpg\n/about', 'lines', 'googlebot-image', ['Googlebot-Image'], options);
    try {
      finished(batch, 10);
      return batch.allRows().map(({ url, agent, allowed, line, asTyped }) => ({ url, agent, allowed, line, asTyped }));
    } finally {
      batch.free();
    }
  };
  // Named twice, asked once; the name as typed only where it answers otherwise.
  assert.deepEqual(rowsOf({ agentMatch: 'token' }), [
    {
      url: '/photos/1.jpg',
      agent: 'Googlebot-Image',
      allowed: false,
      line: 5,
      asTyped: { allowed: true, line: null, reason: 'no-rule-matched', rule: null },
    },
    { url: '/about', agent: 'Googlebot-Image', allowed: true, line: null, asTyped: undefined },
  ]);
  assert.deepEqual(rowsOf({ asTyped: true, agentMatch: 'token' }), [
    { url: '/photos/1.jpg', agent: 'googlebot-image', allowed: true, line: null, asTyped: undefined },
    { url: '/photos/1.jpg', agent: 'Googlebot-Image', allowed: false, line: 5, asTyped: undefined },
    { url: '/about', agent: 'googlebot-image', allowed: true, line: null, asTyped: undefined },
    { url: '/about', agent: 'Googlebot-Image', allowed: true, line: null, asTyped: undefined },
  ]);
});

test("compareVersions answers a typed crawler name as that crawler, with the name as typed beside its flips", () => {
  const before = 'User-agent: *\nDisallow: /private\n';
  const after = 'User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /photos/\n';
  const flipsOf = (options) =>
    lists.compareVersions(before, after, '/photos/1.jpg\n', 'lines', 'Googlebot-Image', [], { agentMatch: 'token', ...options }).flips;
  const [flip, ...rest] = flipsOf({});
  assert.deepEqual(rest, []);
  assert.equal(flip.agent, 'Googlebot-Image');
  assert.deepEqual([flip.before.allowed, flip.after.allowed, flip.after.line], [true, false, 5]);
  assert.deepEqual(flip.asTyped, {
    before: { allowed: true, line: null, text: null },
    after: { allowed: true, line: null, text: null },
  });
  assert.deepEqual(flipsOf({ asTyped: true }), [], 'as typed, the name takes `*`, which did not change');
  // A crawler with asTyped beside it: refused, not guessed.
  assert.throws(() => flipsOf({ asTyped: true, crawler: 'Googlebot' }), /options\.asTyped/);
});

test('bad arguments are refused with a message', () => {
  assert.throws(() => new lists.UrlBatch(SHOP, '/a', 'auto', '', ['NoSuchBot'], {}), /NoSuchBot/);
  assert.throws(() => new lists.UrlBatch(SHOP, '/a', 'yaml', '', [], {}), /unknown list format/);
  const batch = new lists.UrlBatch(SHOP, '/a', 'lines', 'x', [], {});
  try {
    assert.throws(() => batch.rows('some', '', -1, 'input', false, 0, 1), /unknown row filter/);
  } finally {
    batch.free();
  }
});

test('compareVersions lists flips with each version\'s line, and the aligned lines', () => {
  const before = 'User-agent: *\nDisallow: /tmp/\n';
  const after = 'User-agent: *\nDisallow: /shop/\n';
  const comparison = lists.compareVersions(before, after, '/tmp/a\n/shop/b\n/other\n', 'auto', 'Googlebot', [], {});
  assert.equal(comparison.probed, false);
  assert.equal(comparison.flipCount, 2);
  assert.equal(comparison.becomesBlocked, 1);
  assert.deepEqual(comparison.flips[0], {
    url: '/tmp/a',
    agent: 'Googlebot',
    becomesBlocked: false,
    before: { allowed: false, line: 2, text: 'Disallow: /tmp/' },
    after: { allowed: true, line: null, text: null },
  });
  assert.deepEqual(
    comparison.diff.map((line) => [line.kind, line.old, line.new, line.text]),
    [
      ['same', 1, 1, 'User-agent: *'],
      ['removed', 2, null, 'Disallow: /tmp/'],
      ['added', null, 2, 'Disallow: /shop/'],
    ],
  );
  const probed = lists.compareVersions(before, after, '', 'auto', '', ['*'], {});
  assert.equal(probed.probed, true);
  assert.equal(probed.agents, CATALOGUE_LENGTH);
  assert.ok(probed.flips.some((flip) => flip.url === '/shop/' && flip.becomesBlocked));
});

test('compareVersionsBytes reads either version\'s bytes as they are, as the CLI reads a file', () => {
  // Saved by an editor set to Latin-1: `é` is the single byte 0xE9, which is not UTF-8.
  const latin1 = Uint8Array.from(Buffer.from('User-agent: *\nDisallow: /caf\xe9\n', 'latin1'));
  const open = new TextEncoder().encode('User-agent: *\nAllow: /\n');
  const urls = '/caf%E9\n/caf%EF%BF%BD\n';
  const comparison = lists.compareVersionsBytes(latin1, open, urls, 'auto', 'AnyBot', [], {});
  assert.deepEqual(
    comparison.flips.map((flip) => [flip.url, flip.before.allowed, flip.before.line]),
    [['/caf%E9', false, 2]],
  );
  // The line is shown as the editor shows it; a text with U+FFFD is matched as that character.
  assert.equal(comparison.flips[0].before.text, 'Disallow: /caf\uFFFD');
  const asText = lists.compareVersions('User-agent: *\nDisallow: /caf\uFFFD\n', 'User-agent: *\nAllow: /\n', urls, 'auto', 'AnyBot', [], {});
  assert.deepEqual(asText.flips.map((flip) => flip.url), ['/caf%EF%BF%BD']);
});

test('expectations are answered with the deciding line and written as TOML', () => {
  const file = new lists.RobotsFile(SHOP);
  try {
    const results = file.checkExpectations(
      [
        { url: '/products/shoes', allowed: true, crawlers: ['Googlebot', 'GPTBot'] },
        { url: '/cart/x', allowed: false, agents: ['MyBot/1.0'] },
      ],
      {},
    );
    assert.deepEqual(
      results.map((result) => [result.index, result.agent, result.allowed, result.line, result.holds]),
      [
        [0, 'Googlebot', true, null, true],
        [0, 'GPTBot', false, 6, false],
        [1, 'MyBot/1.0', false, 2, true],
      ],
    );
    assert.equal(results[1].rule, 'Disallow: /');
    assert.throws(() => file.checkExpectations([{ url: '/x' }], {}), /does not say allowed/);
  } finally {
    file.free();
  }
  assert.equal(
    lists.expectationsToml([{ url: '/a', allowed: false, crawlers: ['Bingbot'] }]),
    '[[expect]]\nurl = "/a"\nallowed = false\ncrawlers = ["Bingbot"]\n',
  );
});
