/**
 * What the page keeps between visits, per tab, and how it forgets on request.
 *
 * Each tab saves its work (the text and the check) as a draft of its own in local storage,
 * under an id kept in the tab's session storage, so a reload finds the tab's own text and two
 * tabs never overwrite each other: a new tab starts from the newest draft of any tab, and a tab
 * whose draft is older than another tab's is offered that text, never given it. The drafts of
 * the few most recent tabs are kept; older ones are dropped. A save that fails leaves a small marker, so the next visit can say that the text it
 * shows is older than the one that was lost. `clear` removes everything the page stored.
 *
 * A duplicated tab starts with a copy of the original's session storage, so with its id: each
 * tab says its id on a BroadcastChannel when it starts, and a tab that already holds that id
 * answers; the newcomer then takes an id of its own (`onRenew`), keeping the text it started
 * from, so the copy and the original never write each other's draft.
 *
 *     const saved = new SavedWork();
 *     const { draft, newer, stale } = saved.restore();
 *     saved.save({ text, check });             // false when the browser refused it
 *     saved.onOtherTab((draft) => offer(draft));
 *
 * The storages are passed in, so tests/node/saved-work.test.mjs runs it on plain objects.
 */

/** Every key the page writes starts with this; `clear` removes them all. */
export const PREFIX = 'robots-lens:';
const DRAFT_PREFIX = `${PREFIX}draft:`;
const UNSAVED_PREFIX = `${PREFIX}unsaved:`;
const TAB_KEY = `${PREFIX}tab`;
const PREVIOUS_KEY = `${PREFIX}previous`;
/** What the page saved before drafts were per tab: read once, dropped on the first save. */
const LEGACY = { text: `${PREFIX}text`, check: `${PREFIX}check` };
/** Drafts kept: this tab's and those of the most recent other tabs. */
export const MAX_DRAFTS = 4;

export class SavedWork {
  #local;
  #session;
  #now;
  #tab;

  #channel;
  #renewed = [];

  /**
   * `channel` is a BroadcastChannel-like object (`postMessage`, `onmessage`) shared by the
   * page's tabs, or null; tests pass their own.
   */
  constructor({
    local = storageOrNull('localStorage'),
    session = storageOrNull('sessionStorage'),
    now = Date.now,
    channel = openChannel(),
  } = {}) {
    this.#local = local;
    this.#session = session;
    this.#now = now;
    this.#tab = read(session, TAB_KEY) ?? newTabId();
    write(session, TAB_KEY, this.#tab);
    this.#channel = channel;
    if (channel !== null) {
      channel.onmessage = ({ data }) => this.#hear(data);
      channel.postMessage({ type: 'hello', tab: this.#tab });
    }
  }

  /**
   * Calls `listener(oldId, newId)` when this tab turns out to be a copy of another (a duplicated
   * tab) and takes an id of its own; the page then saves its work under the new id.
   */
  onRenew(listener) {
    this.#renewed.push(listener);
  }

  /** Another tab's word on the channel: its id as it starts, or that it holds ours. */
  #hear(message) {
    if (message === null || typeof message !== 'object' || message.tab !== this.#tab) return;
    if (message.type === 'hello') {
      // A tab that started with our id is a copy of this one: tell it.
      this.#channel.postMessage({ type: 'taken', tab: this.#tab });
    } else if (message.type === 'taken') {
      const old = this.#tab;
      this.#tab = newTabId();
      write(this.#session, TAB_KEY, this.#tab);
      this.#channel.postMessage({ type: 'hello', tab: this.#tab });
      for (const listener of this.#renewed) listener(old, this.#tab);
    }
  }

  /** This tab's id. */
  get tab() {
    return this.#tab;
  }

  /**
   * What to start from: `draft` (this tab's own, else the newest of any tab, else what an older
   * version saved; null when nothing is saved), `newer` (another tab's draft that is newer than
   * this tab's own and holds another text, to offer) and `stale` (`{ at, length }` of a newer
   * text that could not be saved, when the draft shown is older than it).
   */
  restore() {
    const drafts = this.#drafts();
    const own = drafts.find((draft) => draft.tab === this.#tab) ?? null;
    const draft = own ?? drafts[0] ?? this.#legacy();
    const newer =
      own === null
        ? null
        : (drafts.find((other) => other.tab !== this.#tab && other.at > own.at && other.text !== own.text) ?? null);
    let stale = null;
    if (draft !== null) {
      const key = UNSAVED_PREFIX + draft.tab;
      const marker = parse(read(this.#local, key)) ?? parse(read(this.#session, key));
      if (marker !== null && marker.at > draft.at) stale = { at: marker.at, length: marker.length };
    }
    return { draft, newer, stale };
  }

  /**
   * Saves `{ text, check, bytes }` as this tab's draft (`bytes`, optional: the base64 of an
   * opened file's own bytes, which the engine reads while the text is unedited) and drops the
   * drafts of all but the most recent other tabs; when the browser refuses it (storage full or
   * off), leaves a marker of what was not saved and returns false.
   */
  save({ text, check, bytes }) {
    const at = this.#now();
    const value = JSON.stringify({ tab: this.#tab, at, text, check, ...(typeof bytes === 'string' ? { bytes } : {}) });
    const key = DRAFT_PREFIX + this.#tab;
    // Another tab's draft is its work: it is never dropped to make room for this one.
    const saved = write(this.#local, key, value);
    const marker = UNSAVED_PREFIX + this.#tab;
    if (saved) {
      remove(this.#local, marker);
      remove(this.#session, marker);
      remove(this.#local, LEGACY.text);
      remove(this.#local, LEGACY.check);
      this.#prune();
    } else {
      // A full local storage may refuse even this; the tab's session storage has its own quota.
      const lost = JSON.stringify({ at, length: text.length });
      if (!write(this.#local, marker, lost)) write(this.#session, marker, lost);
    }
    return saved;
  }

  /** The text a load replaced, kept so that it can be restored; false when it could not be. */
  savePrevious(text) {
    return write(this.#local, PREVIOUS_KEY, text);
  }

  previous() {
    return read(this.#local, PREVIOUS_KEY);
  }

  /** Calls `listener(draft)` whenever another tab saves a draft. */
  onOtherTab(listener) {
    globalThis.addEventListener?.('storage', (event) => {
      if (!event.key?.startsWith(DRAFT_PREFIX) || event.newValue === null) return;
      const draft = parse(event.newValue);
      if (draft !== null && draft.tab !== this.#tab) listener(draft);
    });
  }

  /** Removes everything the page stored in this browser, in every tab's name. */
  clear() {
    for (const storage of [this.#local, this.#session]) {
      for (const key of keys(storage)) if (key.startsWith(PREFIX)) remove(storage, key);
    }
    // The tab keeps its id, so its next save is still its own.
    write(this.#session, TAB_KEY, this.#tab);
  }

  /** Every draft, newest first. */
  #drafts() {
    return keys(this.#local)
      .filter((key) => key.startsWith(DRAFT_PREFIX))
      .map((key) => parse(read(this.#local, key)))
      .filter((draft) => draft !== null && typeof draft.text === 'string' && Number.isFinite(draft.at))
      .sort((a, b) => b.at - a.at);
  }

  #prune() {
    const others = this.#drafts().filter((draft) => draft.tab !== this.#tab);
    for (const old of others.slice(MAX_DRAFTS - 1)) {
      remove(this.#local, DRAFT_PREFIX + old.tab);
      remove(this.#local, UNSAVED_PREFIX + old.tab);
    }
  }

  #legacy() {
    const text = read(this.#local, LEGACY.text);
    if (text === null) return null;
    return { tab: null, at: 0, text, check: parse(read(this.#local, LEGACY.check)) ?? {} };
  }
}

function openChannel() {
  try {
    // Only a page has tabs; elsewhere (Node's tests) a channel would only keep the process alive.
    const inPage = typeof document !== 'undefined' && typeof BroadcastChannel === 'function';
    return inPage ? new BroadcastChannel(`${PREFIX}tabs`) : null;
  } catch {
    return null; // Opaque origins may refuse it: duplicates then share an id, as before.
  }
}

function storageOrNull(name) {
  try {
    return globalThis[name] ?? null;
  } catch {
    return null; // Storage disabled: nothing is kept.
  }
}

function newTabId() {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function parse(value) {
  if (value === null || value === undefined) return null;
  try {
    const parsed = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

function keys(storage) {
  const found = [];
  try {
    for (let index = 0; index < storage.length; index += 1) found.push(storage.key(index));
  } catch {
    // No storage: no keys.
  }
  return found.filter((key) => key !== null);
}

function read(storage, key) {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage, key, value) {
  try {
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

function remove(storage, key) {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to remove from.
  }
}
