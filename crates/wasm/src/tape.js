// The reader of the tapes crates/wasm/src/tape.rs writes: builds the value a tape describes, in
// one call from the module, so that a value crosses into JavaScript once and not field by field.
// The codes are tape.rs's; a string's length and every offset count UTF-16 units.

/** The field names the module has sent, by number. */
const names = [];
/** The shared values the module has sent, by slot (tape.rs's `SharedSlots`). */
const shared = [];
let codes;
let text;
let kept;
let at = 0;
let offset = 0;

/**
 * The value `tape` (a Float64Array) describes, with its strings' text in `allText` and the JS
 * values it keeps in `keptValues`; the module had sent `known` names before this tape.
 */
export function fromTape(tape, allText, keptValues, known) {
  names.length = known;
  codes = tape;
  text = allText;
  kept = keptValues;
  at = 0;
  offset = 0;
  try {
    return read();
  } finally {
    codes = text = kept = undefined;
  }
}

function read() {
  switch (codes[at++]) {
    case 0:
      return null;
    case 1:
      return true;
    case 2:
      return false;
    case 3:
      return codes[at++];
    case 4: {
      const end = offset + codes[at++];
      const string = text.slice(offset, end);
      offset = end;
      return string;
    }
    case 5: {
      const array = [];
      while (codes[at] !== 8) array.push(read());
      at += 1;
      return array;
    }
    case 6: {
      const object = {};
      for (let code = codes[at++]; code !== -3; code = codes[at++]) {
        let name;
        if (code >= 0) name = names[code];
        else if (code === -1) names.push((name = read()));
        else name = String(read());
        object[name] = read();
      }
      return object;
    }
    case 7:
      return kept[codes[at++]];
    case 9: {
      const slot = codes[at++];
      return (shared[slot] = read());
    }
    case 10:
      return shared[codes[at++]];
    default:
      throw new Error(`the engine's value has an unknown code ${codes[at - 1]} at ${at - 1}`);
  }
}

/**
 * The fields of a check's options (lib.rs's `RawOptions`) in one string, so that they cross into
 * the module in one call: profile, agentMatch, status and crawler, each as its text or empty
 * when absent, then asTyped as `1` or `0`, joined by NUL; null when a field holds a NUL itself
 * (which the module refuses: no profile, status or crawler is named so).
 */
export function optionsText(options) {
  if (options === undefined || options === null) return '\0\0\0\0';
  const text = (value) => (value === undefined || value === null ? '' : String(value));
  const fields = [text(options.profile), text(options.agentMatch), text(options.status), text(options.crawler)];
  if (fields.some((field) => field.includes('\0'))) return null;
  const asTyped = options.asTyped;
  return `${fields.join('\0')}\0${asTyped !== undefined && asTyped !== null && asTyped ? '1' : '0'}`;
}
