/**
 * The robots.txt editor: a plain textarea with a line-number gutter, file drops and line
 * selection.
 *
 * The textarea never wraps (`wrap="off"`), so each text line is one row of a fixed height and
 * the gutter can be virtual: it holds only the numbers of the rows in view, as one text node,
 * and is shifted by the scroll offset. A 10 MB paste costs a newline count, not 280,000 nodes.
 * The gutter is drawn in the next animation frame, not when the text changes: measuring the
 * textarea forces a layout, which at start-up would come before the page's first verdict and on
 * every keystroke would come twice.
 */

export class Editor {
  #textarea;
  #gutter;
  #lineCount = 1;
  #frame = 0;
  /** The text was replaced: the next frame scrolls back to its start. */
  #scrollToStart = false;

  /**
   * `textarea`: the input; `gutter`: the element that receives the numbers;
   * `onFiles(files)`: called with the files dropped onto the editor.
   */
  constructor({ textarea, gutter, dropZone, onFiles }) {
    this.#textarea = textarea;
    this.#gutter = gutter;
    textarea.addEventListener('input', () => this.refresh());
    textarea.addEventListener('scroll', () => this.#scheduleGutter());
    new ResizeObserver(() => this.#scheduleGutter()).observe(textarea);
    this.#acceptDrops(dropZone ?? textarea, onFiles);
    this.refresh();
  }

  get text() {
    return this.#textarea.value;
  }

  /** Replaces the whole text (the browser turns CRLF and CR into LF, as it does for typing). */
  set text(value) {
    this.#textarea.value = value;
    this.#scrollToStart = true;
    this.refresh();
  }

  /** Recounts the lines and redraws the gutter in the next frame; call after changing the text. */
  refresh() {
    this.#lineCount = countLines(this.#textarea.value);
    // The gutter grows with the widest number, so digits never overflow it.
    const digits = String(this.#lineCount).length;
    this.#gutter.parentElement.style.setProperty('--gutter-digits', String(Math.max(2, digits)));
    this.#scheduleGutter();
  }

  /**
   * Selects `start`..`end` (UTF-16 offsets of a line) in the textarea, scrolls line `number`
   * into view and moves the focus there, so the keyboard continues from it.
   */
  selectLine({ number, start, end }) {
    const textarea = this.#textarea;
    const length = textarea.value.length;
    this.#scrollToStart = false; // This scroll replaces the one a new text asked for.
    textarea.focus({ preventScroll: true });
    textarea.setSelectionRange(Math.min(start, length), Math.min(end, length));
    const rowHeight = this.#rowHeight();
    const top = (number - 1) * rowHeight;
    if (top < textarea.scrollTop || top + rowHeight > textarea.scrollTop + textarea.clientHeight) {
      textarea.scrollTop = Math.max(0, top - textarea.clientHeight / 3);
    }
    textarea.scrollLeft = 0;
    const reduceMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
    textarea.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
    this.#drawGutter();
  }

  #rowHeight() {
    return parseFloat(getComputedStyle(this.#textarea).lineHeight) || 20;
  }

  #scheduleGutter() {
    if (this.#frame !== 0) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      if (this.#scrollToStart) {
        this.#scrollToStart = false;
        this.#textarea.scrollTop = 0;
      }
      this.#drawGutter();
    });
  }

  #drawGutter() {
    const textarea = this.#textarea;
    const rowHeight = this.#rowHeight();
    const paddingTop = parseFloat(getComputedStyle(textarea).paddingTop) || 0;
    const scrolled = Math.max(0, textarea.scrollTop - paddingTop);
    const first = Math.floor(scrolled / rowHeight);
    const visible = Math.ceil(textarea.clientHeight / rowHeight) + 2;
    const last = Math.min(this.#lineCount, first + visible);
    const numbers = [];
    for (let line = first + 1; line <= last; line += 1) numbers.push(line);
    this.#gutter.textContent = numbers.join('\n');
    // Shift the numbers by the part of the first row that is scrolled out of view.
    this.#gutter.style.transform = `translateY(${paddingTop - textarea.scrollTop + first * rowHeight}px)`;
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
