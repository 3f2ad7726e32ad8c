// The AI usage package (www/pkg/ai) across the JS boundary: the shapes the page reads from
// usage(), aiSummary() and writePolicy(), and clear errors for bad input. The shared vectors
// (vectors.test.mjs) check usage() answers case by case.
//
// Run: node --test tests/node/ai-usage.test.mjs   (after `npm run build`)

import assert from 'node:assert/strict';
import { test } from 'node:test';

import ai from './wasm-ai.mjs';
import wasm from './wasm.mjs';

const FILE = 'User-agent: *\nDisallow: /private/\nContent-Usage: train-ai=n\nContent-Signal: search=yes\n';

test('usage() maps both vocabularies onto the purposes, with codes the page words', () => {
  const usage = ai.usage(FILE, 'Bot', '/page', {});
  assert.deepEqual(usage.crawl, { allowed: true, line: null });
  assert.deepEqual(
    usage.purposes.map((purpose) => [purpose.id, purpose.contentUsage, purpose.contentSignal]),
    [
      ['crawl', null, null],
      ['train-ai', 'train-ai', 'ai-train'],
      ['search', 'search', 'search'],
      ['ai-input', null, 'ai-input'],
    ],
  );
  assert.deepEqual(usage.contentUsage[0], { label: 'train-ai', preference: 'disallow', line: 3, why: 'stated', path: null });
  assert.equal(usage.contentSignal.find((answer) => answer.label === 'ai-input').why, 'not-stated');
  const blocked = ai.usage(FILE, 'Bot', '/private/x', { status: '200' });
  assert.ok(blocked.contentUsage.every((answer) => answer.preference === 'not-applicable' && answer.line === 2));
  assert.throws(() => ai.usage(FILE, 'Bot', '/', { profile: 'bing' }), /profile/);
});

test('aiSummary() counts every AI crawler of the catalogue', () => {
  const catalogue = ai.crawlerCatalogue();
  const count = (purpose) => catalogue.filter((crawler) => crawler.purpose === purpose).length;
  const summary = ai.aiSummary('User-agent: GPTBot\nDisallow: /\n', '/', {});
  assert.equal(summary.training.total, count('ai-training'));
  assert.equal(summary.training.allowed, count('ai-training') - 1);
  assert.equal(summary.answers.total, count('ai-search'));
  assert.equal(summary.userTriggered.total, count('user-triggered'));
  const closed = ai.aiSummary('User-agent: *\nDisallow: /\n', '/', { status: '503' });
  assert.equal(closed.training.allowed, 0);
});

test('writePolicy() returns the text, its diff and every check, and refuses bad requests', () => {
  const policy = ai.writePolicy('User-agent: *\nDisallow: /a/\n', 'ai-training block\ncontent-signal', {});
  assert.ok(policy.text.startsWith('User-agent: *\nDisallow: /a/\n\n# BEGIN Robots Lens policy\n'));
  assert.equal(policy.mismatches, 0);
  assert.deepEqual(policy.diff.slice(0, 2).map((line) => line.kind), ['same', 'same']);
  assert.ok(policy.diff.some((line) => line.kind === 'added' && line.text === 'User-agent: GPTBot'));
  const gptbot = policy.checks.find((check) => check.crawler === 'GPTBot');
  assert.deepEqual([gptbot.purpose, gptbot.path, gptbot.expectedAllowed, gptbot.allowed], ['ai-training', '/', false, false]);
  assert.throws(() => ai.writePolicy('', 'ads block', {}), /not a purpose/);
  assert.throws(() => ai.writePolicy('', 'search block relative/path', {}), /not a path/);
  assert.deepEqual(wasm.defaults().policyPurposes, ['search', 'ai-training', 'ai-search', 'user-triggered', 'seo-tool', 'archive']);
});
