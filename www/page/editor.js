//# allFunctionsCalledOnLoad
/**
 * The robots.txt editor: a plain textarea with a line-number gutter, file drops, line selection
 * and its own undo, which holds a text of any size without the browser laying all of it out.
 *
 * Chromium lays out and paints a textarea's whole value: for a 10 MB file that is seconds per
 * change and about a second per frame after it. So the editor keeps the text itself (`text`)
 * and the textarea holds either all of it (up to `WHOLE_TEXT_MAX` characters) or a window of a
 * few hundred lines around what is in view. The window's place in the file is kept by the
 * textarea's top and bottom padding, one row per line outside it, so the textarea's own
 * scrollbar spans the whole file; when the view or the caret nears an edge of the window, the
 * window moves. Edits in the window are spliced into the text, and a large paste, drop or
 * replacement never enters the textarea whole: it is spliced in directly (a paste in the task
 * after the one that read the clipboard, so that neither holds the page for long).
 *
 * In a window the textarea cannot select beyond it, so a selection of the whole window (what
 * select-all does) stands for the whole text: copy and cut take the whole text, and typing,
 * pasting or deleting replaces it. Ctrl+Home and Ctrl+End go to the start and end of the text.
 * The browser's find in page searches the lines in the window; the note the page shows says so.
 * Undo and redo are the editor's own in both modes (the textarea's would forget every edit when
 * the window moves): typing coalesces into one step, every paste or deletion is its own.
 *
 * `#robots.value` is the whole text for scripts too: the element's `value` is redefined to read
 * and write the editor's text, so a script that sets it (as the tests' paste does) never puts
 * 10 MB into the textarea.
 *
 * The gutter never measures the textarea while its layout is out of date: it holds only the
 * numbers of the rows in view, as one text node, drawn in the next animation frame from the row
 * height and padding read once, the size from a ResizeObserver and the scroll offset from scroll
 * events. Its width changes only when the number of digits does.
 */

/** Texts up to this many UTF-16 units sit whole in the textarea (a few milliseconds of layout). */
export const WHOLE_TEXT_MAX = 100_000;
/** A window holds up to this many lines on each side of the line it is placed around... */
const WINDOW_LINES = 300;
/** ...and up to this many characters on each side, cutting a longer line. */
const WINDOW_CHARS = 20_000;
/** The window moves when the view or the caret comes this close to one of its inner edges. */
const EDGE_LINES = 100;
const EDGE_CHARS = 5_000;
/** Above this height (CSS pixels) a line outside the window gets less than a row of padding. */
const MAX_PADDING_PX = 12_000_000;
/** Inserted text longer than this never enters the textarea through the browser's editing. */
const LARGE_INSERT = 20_000;
/** The undo history keeps at most this many characters of removed and inserted text. */
const UNDO_BUDGET_CHARS = 40_000_000;
/** Typing within this many milliseconds of the last keystroke joins its undo step. */
const TYPING_JOIN_MS = 1_000;

const NATIVE_VALUE = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value');

export class Editor {
  #textarea;
  /** The box that scrolls in a window's stead, the element giving it the file's height, and the editor. */
  #scroller;
  #sizer;
  #box;
  #gutter;
  #onWindow;
  /** The whole text; the textarea holds `#text.slice(#windowStart, #windowEnd)`. */
  #text = '';
  #windowStart = 0;
  #windowEnd = 0;
  /** What the textarea held after the editor last wrote or read it. */
  #windowText = '';
  /** 0-based line of `#windowStart`, and the number of lines in the window and in the text. */
  #windowFirstLine = 0;
  #windowLines = 1;
  #lineCount = 1;
  /** Where each line starts (UTF-16 offsets), built when a jump needs it; null once stale. */
  #lineStarts = null;
  #digits = 0;
  #frame = 0;
  /** What the gutter is drawn from: measured when layout is current, never forced. */
  #rowHeight = 20;
  #paddingTop = 0;
  #paddingBottom = 0;
  #viewHeight = 0;
  #scrollTop = 0;
  /** A scroll position set without layout, written in the next frame (see `#scrollLater`). */
  #pendingScroll = null;
  #undo = [];
  #redo = [];
  #undoChars = 0;
  #lastTypingAt = 0;
  /** A large paste read but not yet spliced in: `{ start, end, text }`, and its timer. */
  #pendingPaste = null;
  #pendingPasteTimer = 0;

  /**
   * `textarea`: the input; `gutter`: the element that receives the numbers;
   * `onFiles(files)`: called with the files dropped onto the editor;
   * `onWindow(window)`: called with `{ firstLine, lastLine, lineCount }` (1-based) when the
   * textarea starts holding, or moves, a window of the text, and with null when it holds it all.
   */
  constructor({ textarea, gutter, dropZone, onFiles, onWindow = () => {} }) {
    this.#textarea = textarea;
    this.#scroller = textarea.parentElement;
    this.#sizer = this.#scroller.querySelector('.editor-sizer');
    this.#box = gutter.closest('.editor');
    this.#gutter = gutter;
    this.#onWindow = onWindow;
    this.#measure();
    this.#text = this.#nativeValue;
    this.#windowEnd = this.#text.length;
    this.#windowText = this.#text;
    const editor = this;
    Object.defineProperty(textarea, 'value', {
      configurable: true,
      get: () => editor.text,
      set: (value) => {
        editor.text = String(value);
      },
    });
    // Every edit applies a large paste still waiting to be spliced in first, so edits keep their order.
    const after = (handler) => (event) => {
      this.#flushPaste();
      handler(event);
    };
    textarea.addEventListener('beforeinput', after((event) => this.#handleBeforeInput(event)));
    textarea.addEventListener('input', after(() => this.#handleInput()));
    textarea.addEventListener('keydown', after((event) => this.#handleKeydown(event)));
    textarea.addEventListener('copy', after((event) => this.#handleCopy(event, false)));
    textarea.addEventListener('cut', after((event) => this.#handleCopy(event, true)));
    textarea.addEventListener('paste', after((event) => this.#handlePaste(event)));
    const handleScroll = () => {
      this.#scrollTop = this.#scrollPosition;
      this.#followView();
      this.#scheduleGutter();
    };
    textarea.addEventListener('scroll', handleScroll);
    this.#scroller.addEventListener('scroll', handleScroll);
    document.addEventListener('selectionchange', () => {
      if (document.activeElement === textarea) this.#followCaret();
    });
    const resizes = new ResizeObserver(() => {
      // Called after layout, so reading sizes here costs nothing.
      this.#viewHeight = this.#scrolling.clientHeight;
      this.#scrollTop = this.#scrollPosition;
      this.#scheduleGutter();
    });
    resizes.observe(textarea);
    resizes.observe(this.#scroller);
    this.#acceptDrops(dropZone ?? textarea, onFiles);
    this.#placeWindow(0, { scrollTop: 0 });
  }

  /** The whole text, as a textarea would give it (line ends are LF). */
  get text() {
    this.#flushPaste();
    return this.#text;
  }

  /**
   * Replaces the whole text (CRLF and CR become LF, as the browser does for typing) and shows it
   * from its first line. This is a new start, not an edit: it clears the undo history.
   */
  set text(value) {
    this.#cancelPaste();
    this.#text = normalizeLineEnds(value);
    this.#lineCount = countLines(this.#text);
    this.#lineStarts = null;
    this.#undo = [];
    this.#redo = [];
    this.#undoChars = 0;
    this.#placeWindow(0, { caret: 0, scrollTop: 0 });
  }

  /** Whether the textarea holds a window of the text rather than all of it. */
  get windowed() {
    return this.#windowStart > 0 || this.#windowEnd < this.#text.length;
  }

  /** Kept for callers that changed the text through the textarea: the editor follows by itself. */
  refresh() {
    this.#handleInput();
  }

  /**
   * Selects `start`..`end` (UTF-16 offsets of a line in the whole text), scrolls line `number`
   * into view and moves the focus there, so the keyboard continues from it.
   */
  selectLine({ number, start, end }) {
    this.#flushPaste();
    const textarea = this.#textarea;
    const length = this.#text.length;
    start = Math.min(start, length);
    end = Math.min(end, length);
    textarea.focus({ preventScroll: true });
    if (start < this.#windowStart || end > this.#windowEnd) this.#placeWindow(start, { caret: start });
    this.#select(start, end);
    const rowHeight = this.#rowHeight;
    const top = this.#pixelOfLine(number - 1);
    if (top < this.#scrollTop || top + rowHeight > this.#scrollTop + this.#viewHeight) {
      this.#scrollTo(Math.max(0, top - this.#viewHeight / 3));
    }
    this.#scrolling.scrollLeft = 0;
    const reduceMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
    textarea.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
    this.#drawGutter();
  }

  /**
   * Replaces the whole text by `value` as one edit, which undo takes back (the policy builder's
   * Apply): unlike setting `text`, the history is kept.
   */
  replaceAll(value) {
    this.#flushPaste();
    this.#replaceRange(0, this.#text.length, normalizeLineEnds(value), 'insertReplacementText');
  }

  /** Takes back the last edit; returns whether there was one. */
  undo() {
    this.#flushPaste();
    return this.#travel(this.#undo, this.#redo);
  }

  /** Does again the last edit taken back; returns whether there was one. */
  redo() {
    this.#flushPaste();
    return this.#travel(this.#redo, this.#undo);
  }

  // -----------------------------------------------------------------------------------------
  // Edits

  get #nativeValue() {
    return NATIVE_VALUE.get.call(this.#textarea);
  }

  set #nativeValue(value) {
    NATIVE_VALUE.set.call(this.#textarea, value);
  }

  /** The selection in the whole text, as `{ start, end, direction }`. */
  #selection() {
    const textarea = this.#textarea;
    return {
      start: this.#windowStart + textarea.selectionStart,
      end: this.#windowStart + textarea.selectionEnd,
      direction: textarea.selectionDirection,
    };
  }

  /** Whether a window is selected from edge to edge, which stands for the whole text. */
  #wholeWindowSelected() {
    const textarea = this.#textarea;
    return this.windowed && textarea.selectionStart === 0 && textarea.selectionEnd === this.#windowText.length;
  }

  /** The edit's range: the whole text when select-all was meant, else the selection. */
  #editRange() {
    return this.#wholeWindowSelected() ? { start: 0, end: this.#text.length } : this.#selection();
  }

  /**
   * Edits the browser should not make in the textarea: large insertions, any edit of a
   * whole-window selection, and undo and redo (which are the editor's own).
   */
  #handleBeforeInput(event) {
    const type = event.inputType;
    if (type === 'historyUndo' || type === 'historyRedo') {
      event.preventDefault();
      if (type === 'historyUndo') this.undo();
      else this.redo();
      return;
    }
    const inserted = event.data ?? event.dataTransfer?.getData('text/plain') ?? null;
    const whole = this.#wholeWindowSelected();
    const large = inserted !== null && inserted.length > LARGE_INSERT;
    if (!whole && !large) return;
    if (type === 'insertFromDrop' && !whole) return; // a drop's target is not the selection
    let replacement;
    if (type.startsWith('delete')) replacement = '';
    else if (type === 'insertLineBreak' || type === 'insertParagraph') replacement = '\n';
    else if (inserted !== null) replacement = inserted;
    else return;
    event.preventDefault();
    const { start, end } = this.#editRange();
    this.#replaceRange(start, end, normalizeLineEnds(replacement), type);
  }

  /**
   * A paste's text arrives here first; a large one is spliced in without the textarea, in the
   * next task: reading 10 MB from the clipboard is most of a task already (about 100 ms), and the
   * splice, the line count and placing the window are as much again, so they run apart, and no
   * one task holds the page for both. Anything that reads or edits the text meanwhile applies
   * the paste first (`#flushPaste`).
   */
  #handlePaste(event) {
    const pasted = event.clipboardData?.getData('text/plain') ?? '';
    if (pasted.length <= LARGE_INSERT && !this.#wholeWindowSelected()) return;
    event.preventDefault();
    const { start, end } = this.#editRange();
    this.#pendingPaste = { start, end, text: pasted };
    this.#pendingPasteTimer = setTimeout(() => this.#flushPaste(), 0);
  }

  /** Splices in the large paste that `#handlePaste` read, if one is waiting. */
  #flushPaste() {
    const paste = this.#pendingPaste;
    if (paste === null) return;
    this.#cancelPaste();
    this.#replaceRange(paste.start, paste.end, normalizeLineEnds(paste.text), 'insertFromPaste');
  }

  #cancelPaste() {
    this.#pendingPaste = null;
    clearTimeout(this.#pendingPasteTimer);
  }

  /** Copy and cut of a whole-window selection take the whole text. */
  #handleCopy(event, cut) {
    if (!this.#wholeWindowSelected() || !event.clipboardData) return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', this.#text);
    if (cut) this.#replaceRange(0, this.#text.length, '', 'deleteByCut');
  }

  #handleKeydown(event) {
    const command = event.ctrlKey || event.metaKey;
    if (!command || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 'z' || (key === 'y' && !event.shiftKey)) {
      event.preventDefault();
      if (key === 'z' && !event.shiftKey) this.undo();
      else this.redo();
      return;
    }
    // The textarea's own Ctrl+Home and Ctrl+End stop at the window's edges.
    if ((key === 'home' || key === 'end') && !event.shiftKey && this.windowed) {
      event.preventDefault();
      const at = key === 'home' ? 0 : this.#text.length;
      this.#placeWindow(at, { caret: at });
      this.#revealCaret();
    }
  }

  /**
   * The browser changed the textarea (typing, a small paste, a native cut or drop, or a script
   * through the prototype's setter): the window's new content is spliced into the text.
   */
  #handleInput() {
    const value = this.#nativeValue;
    const old = this.#windowText;
    if (value === old) return;
    // The smallest change that turns the old window into the new one, for undo.
    let head = 0;
    const shorter = Math.min(old.length, value.length);
    while (head < shorter && old.charCodeAt(head) === value.charCodeAt(head)) head += 1;
    let tail = 0;
    while (
      tail < shorter - head &&
      old.charCodeAt(old.length - 1 - tail) === value.charCodeAt(value.length - 1 - tail)
    ) {
      tail += 1;
    }
    const at = this.#windowStart + head;
    const removed = old.slice(head, old.length - tail);
    const inserted = value.slice(head, value.length - tail);
    const after = this.#selection();
    this.#record({ at, removed, inserted, selectionBefore: { start: at + removed.length, end: at + removed.length } });
    const lineDelta = countLines(inserted) - countLines(removed);
    this.#text = this.#text.slice(0, at) + inserted + this.#text.slice(at + removed.length);
    this.#windowEnd += inserted.length - removed.length;
    this.#windowText = value;
    this.#windowLines += lineDelta;
    this.#lineCount += lineDelta;
    this.#lineStarts = null;
    // A text that outgrew the textarea, or a window that outgrew its size (a native paste or
    // drop) or now holds what is left of the text, is placed again around the caret.
    const whole = this.#text.length <= WHOLE_TEXT_MAX;
    if (this.windowed ? whole || value.length > 4 * WINDOW_CHARS : !whole) {
      this.#placeWindow(after.end, { selection: after });
    } else if (this.windowed) {
      this.#updateLayout();
    }
    this.#updateDigits();
    this.#scheduleGutter();
  }

  /** Replaces `start`..`end` of the whole text by `inserted`, as one undoable step. */
  #replaceRange(start, end, inserted, inputType) {
    const removed = this.#text.slice(start, end);
    const selectionBefore = this.#selection();
    this.#record({ at: start, removed, inserted, selectionBefore, join: false });
    this.#apply(start, removed.length, inserted);
    const caret = start + inserted.length;
    this.#placeWindow(caret, { caret });
    this.#revealCaret();
    this.#announce(inputType);
  }

  /** Splices `inserted` over `removedLength` characters at `at`, and recounts. */
  #apply(at, removedLength, inserted) {
    const removed = this.#text.slice(at, at + removedLength);
    this.#text = this.#text.slice(0, at) + inserted + this.#text.slice(at + removedLength);
    this.#lineCount += countLines(inserted) - countLines(removed);
    this.#lineStarts = null;
  }

  /** Tells the page's listeners the text changed, as the browser's own edits do. */
  #announce(inputType) {
    this.#textarea.dispatchEvent(new InputEvent('input', { bubbles: true, inputType }));
  }

  #record({ at, removed, inserted, selectionBefore, join = true }) {
    const now = performance.now();
    const last = this.#undo.at(-1);
    const typing = join && removed === '' && inserted.length === 1 && inserted !== '\n';
    if (typing && last?.typing && last.at + last.inserted.length === at && now - this.#lastTypingAt < TYPING_JOIN_MS) {
      last.inserted += inserted;
    } else {
      this.#undo.push({ at, removed, inserted, selectionBefore, typing });
    }
    this.#lastTypingAt = now;
    this.#undoChars += removed.length + inserted.length;
    this.#redo = [];
    // Bounded: the oldest steps go first.
    while (this.#undoChars > UNDO_BUDGET_CHARS && this.#undo.length > 1) {
      const dropped = this.#undo.shift();
      this.#undoChars -= dropped.removed.length + dropped.inserted.length;
    }
  }

  #travel(from, to) {
    const step = from.pop();
    if (!step) return false;
    // Going back removes what the step inserted and puts back what it removed; forward the reverse.
    const back = from === this.#undo;
    const [out, put] = back ? [step.inserted, step.removed] : [step.removed, step.inserted];
    this.#apply(step.at, out.length, put);
    to.push(step);
    step.typing = false;
    const caret = step.at + put.length;
    const selection = back && step.selectionBefore ? step.selectionBefore : { start: caret, end: caret };
    this.#placeWindow(caret, { selection });
    this.#revealCaret();
    this.#announce(back ? 'historyUndo' : 'historyRedo');
    return true;
  }

  // -----------------------------------------------------------------------------------------
  // The window

  /**
   * Puts into the textarea the whole text or, for a long one, the window around offset `at`,
   * then restores the selection (`selection`, or a `caret`, or the one it had) in text offsets.
   * The view keeps its place, or goes to `scrollTop` when one is given: that one is written in
   * the next frame, so a new text is laid out once, by the frame, not by a forced layout for each
   * read and write of the scroll position (issue 17: two in the start-up's restore).
   */
  #placeWindow(at, { caret = null, selection = null, scrollTop: target = null } = {}) {
    const textarea = this.#textarea;
    let kept = selection ?? (caret !== null ? { start: caret, end: caret } : this.#selection());
    const scrollTop = target ?? this.#scrollPosition;
    const topLine = target === null && this.windowed ? this.#lineAtPixel(scrollTop) : null;
    const text = this.#text;
    let start = 0;
    let end = text.length;
    if (text.length > WHOLE_TEXT_MAX) {
      at = Math.max(0, Math.min(at, text.length));
      start = windowStartAround(text, at);
      end = windowEndAround(text, at);
    }
    // A selection the new window cannot hold gives way to a caret where the window is placed.
    if (kept.start < start || kept.end > end) kept = { start: at, end: at };
    const wasWindowed = this.windowed;
    const moved = start !== this.#windowStart || end !== this.#windowEnd || this.#windowText !== text.slice(start, end);
    this.#windowStart = start;
    this.#windowEnd = end;
    if (moved) {
      this.#windowText = text.slice(start, end);
      this.#nativeValue = this.#windowText;
    }
    this.#windowLines = countLines(this.#windowText);
    this.#windowFirstLine = start === 0 ? 0 : this.#lineOf(start);
    this.#updateLayout();
    this.#updateDigits();
    const clamp = (offset) => Math.max(0, Math.min(offset - start, end - start));
    textarea.setSelectionRange(clamp(kept.start), clamp(kept.end), kept.direction ?? 'none');
    // The line at the top of the view stays where it was.
    if (topLine !== null && this.windowed) {
      this.#scrollTo(this.#pixelOfLine(topLine.line) + topLine.within);
    } else if (target !== null) {
      this.#scrollLater(target);
    } else {
      this.#scrollTo(scrollTop);
    }
    if (this.windowed) {
      this.#onWindow({
        firstLine: this.#windowFirstLine + 1,
        lastLine: this.#windowFirstLine + this.#windowLines,
        lineCount: this.#lineCount,
      });
    } else if (wasWindowed || moved) {
      this.#onWindow(null);
    }
    this.#scheduleGutter();
  }

  /** The window moves when the view nears an inner edge of it. */
  #followView() {
    if (!this.windowed) return;
    const top = this.#lineAtPixel(this.#scrollTop).line;
    const rows = Math.ceil(this.#viewHeight / this.#rowHeight);
    const first = this.#windowFirstLine;
    const last = first + this.#windowLines - 1;
    const nearTop = this.#windowStart > 0 && top < first + EDGE_LINES;
    const nearBottom = this.#windowEnd < this.#text.length && top + rows > last - EDGE_LINES;
    if (!nearTop && !nearBottom) return;
    const middle = Math.min(this.#lineCount - 1, top + Math.floor(rows / 2));
    this.#placeWindow(this.#lineStart(middle));
  }

  /** The window moves when the caret nears an inner edge of it (arrow keys, typing). */
  #followCaret() {
    if (!this.windowed) return;
    const textarea = this.#textarea;
    const caret = textarea.selectionDirection === 'backward' ? textarea.selectionStart : textarea.selectionEnd;
    if (textarea.selectionStart === 0 && textarea.selectionEnd === this.#windowText.length) return;
    const window = this.#windowText;
    const nearStart = this.#windowStart > 0 && (caret < EDGE_CHARS || newlinesWithin(window, 0, caret, EDGE_LINES));
    const nearEnd =
      this.#windowEnd < this.#text.length &&
      (window.length - caret < EDGE_CHARS || newlinesWithin(window, caret, window.length, EDGE_LINES));
    if (nearStart || nearEnd) this.#placeWindow(this.#windowStart + caret);
  }

  /** Scrolls so that the caret's line is in view. */
  #revealCaret() {
    const textarea = this.#textarea;
    const caretInWindow = textarea.selectionEnd;
    const line = this.#windowFirstLine + countLines(this.#windowText.slice(0, caretInWindow)) - 1;
    const top = this.#pixelOfLine(line);
    const scrollTop = this.#scrollPosition;
    if (top < scrollTop || top + this.#rowHeight > scrollTop + this.#viewHeight) {
      this.#scrollTo(Math.max(0, top - this.#viewHeight / 3));
    }
    this.#scheduleGutter();
  }

  #select(start, end) {
    const clamp = (offset) => Math.max(0, Math.min(offset - this.#windowStart, this.#windowText.length));
    this.#textarea.setSelectionRange(clamp(start), clamp(end));
  }

  /** CSS pixels a line outside the window takes: a row, unless the file would be too tall. */
  get #outsideRow() {
    return Math.min(this.#rowHeight, MAX_PADDING_PX / Math.max(1, this.#lineCount));
  }

  /** The element that scrolls: the textarea holding the whole text, or the box around a window. */
  get #scrolling() {
    return this.windowed ? this.#scroller : this.#textarea;
  }

  get #scrollPosition() {
    this.#writePendingScroll();
    return this.#scrolling.scrollTop;
  }

  #scrollTo(y) {
    this.#pendingScroll = null;
    this.#scrolling.scrollTop = y;
    this.#scrollTop = this.#scrolling.scrollTop;
  }

  /** Scrolls to `y` in the next frame (or at the next read of the position, if sooner). */
  #scrollLater(y) {
    this.#pendingScroll = y;
    this.#scrollTop = y;
    this.#scheduleGutter();
  }

  #writePendingScroll() {
    if (this.#pendingScroll !== null) this.#scrollTo(this.#pendingScroll);
  }

  /**
   * A window's place in the file: the textarea, as tall as its rows, sits in the scrolling box
   * where the window's first line is, and the sizer gives the box the file's height (a row per
   * line outside the window). The textarea is as wide as its longest row, so the box scrolls
   * sideways too.
   */
  #updateLayout() {
    const textarea = this.#textarea;
    const style = textarea.style;
    const box = this.#box;
    if (!this.windowed) {
      if (!box.classList.contains('windowed')) return;
      box.classList.remove('windowed');
      style.top = style.height = style.width = '';
      this.#scroller.style.height = '';
      this.#viewHeight = textarea.clientHeight;
      return;
    }
    if (!box.classList.contains('windowed')) {
      // The box keeps the height the textarea had.
      this.#scroller.style.height = `${textarea.offsetHeight}px`;
      box.classList.add('windowed');
      this.#viewHeight = this.#scroller.clientHeight;
    }
    const outside = this.#outsideRow;
    const rows = this.#paddingTop + this.#paddingBottom + this.#windowLines * this.#rowHeight;
    style.top = `${this.#windowFirstLine * outside}px`;
    style.height = `${rows}px`;
    this.#sizer.style.height = `${rows + (this.#lineCount - this.#windowLines) * outside}px`;
    const width = this.#scroller.clientWidth;
    style.width = `${width}px`;
    if (textarea.scrollWidth > width) style.width = `${textarea.scrollWidth}px`;
  }

  /** Where line `line` (0-based) starts, in pixels from the top of the scrolled content. */
  #pixelOfLine(line) {
    const outside = this.#outsideRow;
    const first = this.#windowFirstLine;
    const windowTop = this.#paddingTop + first * outside;
    if (line < first) return this.#paddingTop + line * outside;
    if (line < first + this.#windowLines) return windowTop + (line - first) * this.#rowHeight;
    return windowTop + this.#windowLines * this.#rowHeight + (line - first - this.#windowLines) * outside;
  }

  /** The line at `y` pixels into the scrolled content, and how far into it `y` is. */
  #lineAtPixel(y) {
    const outside = this.#outsideRow;
    const first = this.#windowFirstLine;
    const windowTop = this.#paddingTop + first * outside;
    const windowBottom = windowTop + this.#windowLines * this.#rowHeight;
    let line;
    if (y < windowTop) line = Math.floor(Math.max(0, y - this.#paddingTop) / outside);
    else if (y < windowBottom) line = first + Math.floor((y - windowTop) / this.#rowHeight);
    else line = first + this.#windowLines + Math.floor((y - windowBottom) / outside);
    line = Math.max(0, Math.min(line, this.#lineCount - 1));
    return { line, within: y - this.#pixelOfLine(line) };
  }

  /** Line starts of the whole text, built once per text when a jump needs them. */
  get #starts() {
    if (this.#lineStarts === null) this.#lineStarts = lineStarts(this.#text, this.#lineCount);
    return this.#lineStarts;
  }

  #lineStart(line) {
    return this.#starts[Math.max(0, Math.min(line, this.#lineCount - 1))];
  }

  /** The 0-based line holding offset `at`. */
  #lineOf(at) {
    const starts = this.#starts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  // -----------------------------------------------------------------------------------------
  // The gutter

  /** Reads the row height and padding; once, where layout is current. */
  #measure() {
    const style = getComputedStyle(this.#textarea);
    this.#rowHeight = parseFloat(style.lineHeight) || 20;
    this.#paddingTop = parseFloat(style.paddingTop) || 0;
    this.#paddingBottom = parseFloat(style.paddingBottom) || 0;
    this.#viewHeight = this.#textarea.clientHeight;
  }

  /** The gutter grows with the widest number, so digits never overflow it. */
  #updateDigits() {
    const digits = Math.max(2, String(this.#lineCount).length);
    if (digits !== this.#digits) {
      this.#digits = digits;
      this.#gutter.parentElement.style.setProperty('--gutter-digits', String(digits));
    }
  }

  #scheduleGutter() {
    if (this.#frame !== 0) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      this.#writePendingScroll();
      this.#drawGutter();
    });
  }

  #drawGutter() {
    const scrollTop = this.#scrollTop;
    const { line: first, within } = this.#lineAtPixel(scrollTop);
    const visible = Math.ceil(this.#viewHeight / this.#rowHeight) + 2;
    const last = Math.min(this.#lineCount, first + visible);
    const numbers = [];
    for (let line = first + 1; line <= last; line += 1) numbers.push(line);
    this.#gutter.textContent = numbers.join('\n');
    // Shift the numbers by the part of the first row that is scrolled out of view.
    this.#gutter.style.transform = `translateY(${-within}px)`;
  }

  #acceptDrops(zone, onFiles) {
    const carriesFiles = (event) => event.dataTransfer?.types.includes('Files');
    zone.addEventListener('dragover', (event) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      zone.classList.add('dropping');
    });
    zone.addEventListener('dragleave', () => zone.classList.remove('dropping'));
    zone.addEventListener('drop', (event) => {
      zone.classList.remove('dropping');
      if (!carriesFiles(event)) return;
      event.preventDefault();
      onFiles([...event.dataTransfer.files]);
    });
  }
}

/** Lines in a textarea value, where only LF can occur. */
export function countLines(text) {
  let count = 1;
  let at = text.indexOf('\n');
  while (at !== -1) {
    count += 1;
    at = text.indexOf('\n', at + 1);
  }
  return count;
}

/** The textarea's reading of line ends: CRLF and CR become LF. */
function normalizeLineEnds(text) {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** Where each of the `count` lines of `text` starts. */
function lineStarts(text, count) {
  const starts = new Uint32Array(count);
  let line = 1;
  let at = text.indexOf('\n');
  while (at !== -1 && line < count) {
    starts[line] = at + 1;
    line += 1;
    at = text.indexOf('\n', at + 1);
  }
  return starts;
}

/**
 * The start of the window around `at`: the start of the line `WINDOW_LINES` lines above, or,
 * when that is more than `WINDOW_CHARS` away, the first line start within reach, or a cut in
 * the middle of a long line (never between the two halves of a surrogate pair).
 */
function windowStartAround(text, at) {
  let start = at;
  for (let lines = 0; lines <= WINDOW_LINES; lines += 1) {
    const newline = start > 0 ? text.lastIndexOf('\n', start - 1) : -1;
    if (newline === -1) {
      start = 0;
      break;
    }
    start = lines === WINDOW_LINES ? newline + 1 : newline;
  }
  const limit = at - WINDOW_CHARS;
  if (start >= limit) return start;
  const newline = text.indexOf('\n', limit);
  if (newline !== -1 && newline < at) return newline + 1;
  return isLowSurrogate(text.charCodeAt(limit)) ? limit - 1 : limit;
}

/** The end of the window around `at`, as `windowStartAround` chooses its start. */
function windowEndAround(text, at) {
  let end = at;
  for (let lines = 0; lines <= WINDOW_LINES; lines += 1) {
    const newline = text.indexOf('\n', end);
    if (newline === -1) {
      end = text.length;
      break;
    }
    end = lines === WINDOW_LINES ? newline : newline + 1;
  }
  const limit = at + WINDOW_CHARS;
  if (end <= limit) return end;
  const newline = text.lastIndexOf('\n', limit);
  if (newline >= at) return newline;
  return isLowSurrogate(text.charCodeAt(limit)) ? limit + 1 : limit;
}

function isLowSurrogate(code) {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Whether `text[from..to]` holds fewer than `limit` newlines. */
function newlinesWithin(text, from, to, limit) {
  let count = 0;
  let at = text.indexOf('\n', from);
  while (at !== -1 && at < to) {
    count += 1;
    if (count >= limit) return false;
    at = text.indexOf('\n', at + 1);
  }
  return true;
}
