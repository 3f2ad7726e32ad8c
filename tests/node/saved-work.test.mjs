// The page's saved work (www/page/work.js) on plain in-memory storages: per-tab drafts, the
// newer text of another tab offered and not imposed, the marker of a save that failed, and
// "Clear saved data".
//
// Run: node --test tests/node/saved-work.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { MAX_DRAFT_LENGTH, MAX_DRAFTS, STORAGE_PREFIX as PREFIX, SavedWork } from '../../www/page/work.js';

/** A Storage with a quota in characters, as browsers count it. */
class MemoryStorage {
  #items = new Map();
  constructor(quota = Infinity) {
    this.quota = quota;
  }
  get length() {
    return this.#items.size;
  }
  key(index) {
    return [...this.#items.keys()][index] ?? null;
  }
  getItem(key) {
    return this.#items.has(key) ? this.#items.get(key) : null;
  }
  setItem(key, value) {
    const used = [...this.#items].reduce((sum, [k, v]) => sum + (k === key ? 0 : k.length + v.length), 0);
    if (used + key.length + value.length > this.quota) throw new DOMException('full', 'QuotaExceededError');
    this.#items.set(key, String(value));
  }
  removeItem(key) {
    this.#items.delete(key);
  }
}

/** A clock that moves on by a second each time it is read. */
function clock(start = 1_000_000) {
  let now = start;
  return () => (now += 1000);
}

test('a reload finds the tab its own text, and a new tab starts from the newest', () => {
  const local = new MemoryStorage();
  const now = clock();
  const a = new SavedWork({ local, session: new MemoryStorage(), now });
  assert.deepEqual(a.restore(), { draft: null, newer: null, stale: null });
  a.save({ text: 'A1', check: { agent: 'Bot' } });

  const sessionB = new MemoryStorage();
  const b = new SavedWork({ local, session: sessionB, now });
  assert.equal(b.restore().draft.text, 'A1', 'a new tab starts from the newest text');
  b.save({ text: 'B1', check: {} });

  const bReloaded = new SavedWork({ local, session: sessionB, now });
  assert.equal(bReloaded.tab, b.tab);
  assert.equal(bReloaded.restore().draft.text, 'B1');
});

test("two tabs never overwrite each other: the other tab's newer text is offered", () => {
  const local = new MemoryStorage();
  const now = clock();
  const sessionA = new MemoryStorage();
  const a = new SavedWork({ local, session: sessionA, now });
  a.save({ text: 'A1', check: {} });
  const b = new SavedWork({ local, session: new MemoryStorage(), now });
  b.save({ text: 'B edits', check: {} });
  a.save({ text: 'A2', check: {} }); // A saves after B: B's text is still there.

  const aReloaded = new SavedWork({ local, session: sessionA, now }).restore();
  assert.equal(aReloaded.draft.text, 'A2');
  assert.equal(aReloaded.newer, null, "B's text is older than A's own");
  const bAgain = new SavedWork({ local, session: new MemoryStorage(), now }).restore();
  assert.equal(bAgain.draft.text, 'A2', 'a new tab takes the newest');

  b.save({ text: 'B2', check: {} });
  const offered = new SavedWork({ local, session: sessionA, now }).restore();
  assert.equal(offered.draft.text, 'A2', "A keeps its own text after B's newer save");
  assert.equal(offered.newer.text, 'B2', "and is offered B's");
});

test('only the drafts of the most recent tabs are kept', () => {
  const local = new MemoryStorage();
  const now = clock();
  const tabs = Array.from({ length: MAX_DRAFTS + 3 }, () => new SavedWork({ local, session: new MemoryStorage(), now }));
  tabs.forEach((tab, index) => tab.save({ text: `text ${index}`, check: {} }));
  const drafts = Array.from({ length: local.length }, (_, index) => local.key(index)).filter((key) => key.includes('draft:'));
  assert.equal(drafts.length, MAX_DRAFTS);
});

test('a save the browser refuses leaves a marker, and the next visit says the text is older', () => {
  const local = new MemoryStorage(2_000);
  const session = new MemoryStorage();
  const now = clock();
  const tab = new SavedWork({ local, session, now });
  assert.equal(tab.save({ text: 'small text', check: {} }), true);
  assert.equal(tab.save({ text: 'x'.repeat(5_000), check: {} }), false);
  const { draft, stale } = new SavedWork({ local, session, now }).restore();
  assert.equal(draft.text, 'small text');
  assert.equal(stale.length, 5_000);
  assert.ok(stale.at > draft.at);
  // Once a save succeeds again, the text is current and the marker goes.
  tab.save({ text: 'fits again', check: {} });
  assert.equal(new SavedWork({ local, session, now }).restore().stale, null);
});

test('a draft longer than MAX_DRAFT_LENGTH is never written, and the next visit says why the text shown is older', () => {
  const written = [];
  const local = new MemoryStorage();
  const setItem = local.setItem.bind(local);
  local.setItem = (key, value) => {
    written.push(String(value).length);
    setItem(key, value);
  };
  const session = new MemoryStorage();
  const now = clock();
  const tab = new SavedWork({ local, session, now });
  assert.equal(tab.save({ text: 'small text', check: {} }), true);
  // With an opened file's bytes, the two together count.
  const half = 'x'.repeat(MAX_DRAFT_LENGTH / 2 + 1);
  assert.equal(tab.save({ text: half, check: {}, bytes: half }), false);
  assert.equal(tab.save({ text: 'x'.repeat(MAX_DRAFT_LENGTH + 1), check: {} }), false);
  assert.equal(tab.savePrevious('y'.repeat(MAX_DRAFT_LENGTH + 1)), false);
  assert.ok(Math.max(...written) < MAX_DRAFT_LENGTH, 'no write of the long text was tried');
  const { draft, stale } = new SavedWork({ local, session, now }).restore();
  assert.equal(draft.text, 'small text');
  assert.deepEqual({ length: stale.length, tooLarge: stale.tooLarge }, { length: MAX_DRAFT_LENGTH + 1, tooLarge: true });
  assert.equal(tab.save({ text: 'x'.repeat(MAX_DRAFT_LENGTH), check: {} }), true, 'the longest draft is kept');
});

test('clearing removes everything the page stored, and storage that is off keeps nothing', () => {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  const tab = new SavedWork({ local, session, now: clock() });
  tab.save({ text: 'secret', check: { url: '/private' } });
  tab.savePrevious('older secret');
  local.setItem(`${PREFIX}lang`, 'es');
  local.setItem('another-app', 'kept');
  tab.clear();
  const left = Array.from({ length: local.length }, (_, index) => local.key(index));
  assert.deepEqual(left, ['another-app']);
  assert.deepEqual(new SavedWork({ local, session }).restore(), { draft: null, newer: null, stale: null });
  assert.equal(tab.previous(), null);

  const off = new SavedWork({ local: null, session: null });
  assert.equal(off.save({ text: 'x', check: {} }), false);
  assert.deepEqual(off.restore(), { draft: null, newer: null, stale: null });
});

test('what an older version saved is read once and replaced by the first draft', () => {
  const local = new MemoryStorage();
  local.setItem(`${PREFIX}text`, 'from before');
  local.setItem(`${PREFIX}check`, JSON.stringify({ agent: 'Old' }));
  const tab = new SavedWork({ local, session: new MemoryStorage(), now: clock() });
  const { draft } = tab.restore();
  assert.equal(draft.text, 'from before');
  assert.equal(draft.check.agent, 'Old');
  tab.save({ text: 'new', check: {} });
  assert.equal(local.getItem(`${PREFIX}text`), null);
});

/** BroadcastChannel as the tabs of one browser share it: a message reaches every other tab. */
function channels() {
  const open = [];
  return () => {
    const channel = {
      onmessage: null,
      postMessage(data) {
        for (const other of open) if (other !== channel) queueMicrotask(() => other.onmessage?.({ data: structuredClone(data) }));
      },
    };
    open.push(channel);
    return channel;
  };
}

test('a duplicated tab takes an id of its own and never writes the original draft', async () => {
  const local = new MemoryStorage();
  const now = clock();
  const open = channels();
  const originalSession = new MemoryStorage();
  const original = new SavedWork({ local, session: originalSession, now, channel: open() });
  original.save({ text: 'original text', check: {} });
  // Duplicating a tab copies its session storage, and so its id.
  const copiedSession = new MemoryStorage();
  for (let index = 0; index < originalSession.length; index += 1) {
    const key = originalSession.key(index);
    copiedSession.setItem(key, originalSession.getItem(key));
  }
  const copy = new SavedWork({ local, session: copiedSession, now, channel: open() });
  assert.equal(copy.tab, original.tab, 'a copy starts with the copied id');
  const renewed = [];
  copy.onRenew((old, id) => renewed.push([old, id]));
  // The copy starts from the original's text, as a duplicated tab shows it.
  assert.equal(copy.restore().draft.text, 'original text');
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.notEqual(copy.tab, original.tab);
  assert.deepEqual(renewed, [[original.tab, copy.tab]]);
  assert.equal(copiedSession.getItem(`${PREFIX}tab`), copy.tab, 'a reload of the copy keeps its new id');
  copy.save({ text: 'edited in the copy', check: {} });
  assert.equal(original.restore().draft.text, 'original text');
  assert.equal(original.restore().newer.text, 'edited in the copy', 'the copy is offered, not imposed');
  assert.equal(copy.restore().draft.text, 'edited in the copy');
});
