/**
 * The robots.txt editor: a plain textarea with a line-number gutter, file drops and line
 * selection.
 *
 * The textarea never wraps (`wrap="off"`), so each text line is one row of a fixed height and
 * the gutter can be virtual: it holds only the numbers of the rows in view, as one text node,
 * and is shifted by the scroll offset. A 10 MB paste costs a newline count, not 280,000 nodes.
 *
 * The gutter never measures the textarea while its layout is out of date: laying out a 10 MB
 * textarea takes seconds, and reading its scroll offset or size right after its text changed
 * would force that layout outside the browser's own frame (twice per keystroke, as it once
 * did). So the row height and padding are read once, the size comes from a ResizeObserver
 * (called after layout), the scroll offset from scroll events, and the numbers are computed
 * from the text and these, then drawn in the next animation frame. The gutter's width changes
 * only when the number of digits does, since a new width lays the textarea out again.
 */

export class Editor {
  #textarea;
  #gutter;
  #lineCount = 1;
  #digits = 0;
  #frame = 0;
  /** What the gutter is drawn from: measured when layout is current, never forced. */
  #rowHeight = 20;
  #paddingTop = 0;
  #viewHeight = 0;
  #scrollTop = 0;

  /**
   * `textarea`: the input; `gutter`: the element that receives the numbers;
   * `onFiles(files)`: called with the files dropped onto the editor.
   */
  constructor({ textarea, gutter, dropZone, onFiles }) {
    this.#textarea = textarea;
    this.#gutter = gutter;
    this.#measure();
    textarea.addEventListener('input', () => this.refresh());
    textarea.addEventListener('scroll', () => {
      this.#scrollTop = textarea.scrollTop;
      this.#scheduleGutter();
    });
    new ResizeObserver(() => {
      // Called after layout, so reading sizes here costs nothing.
      this.#measure();
      this.#scrollTop = textarea.scrollTop;
      this.#scheduleGutter();
    }).observe(textarea);
    this.#acceptDrops(dropZone ?? textarea, onFiles);
    this.refresh();
  }

  get text() {
    return this.#textarea.value;
  }

  /**
   * Replaces the whole text (the browser turns CRLF and CR into LF, as it does for typing) and
   * shows it from its first line. The scroll offset is reset before the text changes, while the
   * layout of the old text is still current, so that it costs no layout of the new one.
   */
  set text(value) {
    this.#textarea.scrollTop = 0;
    this.#scrollTop = 0;
    this.#textarea.value = value;
    this.refresh();
  }

  /** Recounts the lines and redraws the gutter in the next frame; call after changing the text. */
  refresh() {
    this.#lineCount = countLines(this.#textarea.value);
    // The gutter grows with the widest number, so digits never overflow it.
    const digits = Math.max(2, String(this.#lineCount).length);
    if (digits !== this.#digits) {
      this.#digits = digits;
      this.#gutter.parentElement.style.setProperty('--gutter-digits', String(digits));
    }
    this.#scheduleGutter();
  }

  /**
   * Selects `start`..`end` (UTF-16 offsets of a line) in the textarea, scrolls line `number`
   * into view and moves the focus there, so the keyboard continues from it.
   */
  selectLine({ number, start, end }) {
    const textarea = this.#textarea;
    const length = textarea.value.length;
    textarea.focus({ preventScroll: true });
    textarea.setSelectionRange(Math.min(start, length), Math.min(end, length));
    const rowHeight = this.#rowHeight;
    const top = (number - 1) * rowHeight;
    if (top < this.#scrollTop || top + rowHeight > this.#scrollTop + this.#viewHeight) {
      textarea.scrollTop = Math.max(0, top - this.#viewHeight / 3);
    }
    textarea.scrollLeft = 0;
    this.#scrollTop = textarea.scrollTop;
    const reduceMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
    textarea.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
    this.#drawGutter();
  }

  /** Reads the row height, padding and visible height; only where layout is current. */
  #measure() {
    const style = getComputedStyle(this.#textarea);
    this.#rowHeight = parseFloat(style.lineHeight) || 20;
    this.#paddingTop = parseFloat(style.paddingTop) || 0;
    this.#viewHeight = this.#textarea.clientHeight;
  }

  #scheduleGutter() {
    if (this.#frame !== 0) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      this.#drawGutter();
    });
  }

  #drawGutter() {
    const rowHeight = this.#rowHeight;
    const paddingTop = this.#paddingTop;
    const scrollTop = this.#scrollTop;
    const first = Math.floor(Math.max(0, scrollTop - paddingTop) / rowHeight);
    const visible = Math.ceil(this.#viewHeight / rowHeight) + 2;
    const last = Math.min(this.#lineCount, first + visible);
    const numbers = [];
    for (let line = first + 1; line <= last; line += 1) numbers.push(line);
    this.#gutter.textContent = numbers.join('\n');
    // Shift the numbers by the part of the first row that is scrolled out of view.
    this.#gutter.style.transform = `translateY(${paddingTop - scrollTop + first * rowHeight}px)`;
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
