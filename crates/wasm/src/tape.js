// The reader of the tapes crates/wasm/src/tape.rs writes: builds the value a tape describes, in
// one call from the module, so that a value crosses into JavaScript once and not field by field.
// The codes are tape.rs's; a string's length and every offset count UTF-16 units.

/** The field names the module has sent, by number. */
const names = [];
/** The array of the file whose verdicts the tape holds, with its templates by slot (batch.rs). */
let templates;
let codes;
let text;
let kept;
let at = 0;
let offset = 0;
/** The string read last (code 14 repeats it). */
let lastString;

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
    codes = text = kept = templates = lastString = undefined;
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
      lastString = text.slice(offset, end);
      offset = end;
      return lastString;
    }
    case 5: {
      const array = [];
      while (codes[at] !== 8) array.push(read());
      at += 1;
      return array;
    }
    case 6:
      return readFields({});
    case 7:
      return kept[codes[at++]];
    // A template: kept in its slot, and a copy of it is the value. A copy spread from a template
    // keeps its fields in order and is cheap for V8 to make; the template itself is never handed
    // out, so that a caller changing one value changes no other. What is kept is a copy of the
    // object read: V8 turns an object given more than 16 fields one computed name at a time (a
    // verdict has 26) into a dictionary, unless one of the same fields was laid out before, and
    // spreads a dictionary field by field, where a copy of the spread object (laid out as an
    // object literal is) is made in one step: `checkMany` 1.17-1.26x as fast on a typical file.
    case 11: {
      const slot = codes[at++];
      const template = { ...read() };
      templates[slot] = template;
      return { ...template };
    }
    // A copy of the template in a slot, with the fields that follow in place of its own.
    case 12:
      return readFields({ ...templates[codes[at++]] });
    case 13:
      templates = read();
      return read();
    case 14:
      return lastString;
    default:
      throw new Error(`the engine's value has an unknown code ${codes[at - 1]} at ${at - 1}`);
  }
}

/** Reads an object's fields into `object` up to the object's end, and returns it. */
function readFields(object) {
  for (let code = codes[at++]; code !== -3; code = codes[at++]) {
    let name;
    if (code >= 0) name = names[code];
    else if (code === -1) {
      // A name is no value: code 14 repeats the last value read, not a name.
      const value = lastString;
      names.push((name = read()));
      lastString = value;
    }
    else name = String(read());
    object[name] = read();
  }
  return object;
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

/** Made on first use: only the npm package's engine reads lists. */
let encoder;

/**
 * The URLs of a list (`checkMany`, `answerMany`) as the UTF-8 bytes of one string, so that the
 * list crosses into the module in one call and not in one per URL; urlLengths says where each
 * ends. Undefined when `urls` is not an array of strings. Bytes, not the string: wasm-bindgen's
 * glue copies a string's ASCII characters in a loop of JavaScript, TextEncoder in one native
 * step. A URL that ends in half a surrogate pair ends in U+FFFD instead, as the URL alone
 * crosses: joined, it would pair with a next URL's low half.
 */
export function urlsText(urls) {
  if (!Array.isArray(urls) || !urls.every((url) => typeof url === 'string')) return undefined;
  const unpaired = (url) => {
    const last = url.charCodeAt(url.length - 1);
    return last >= 0xd800 && last <= 0xdbff;
  };
  const joined = urls.some(unpaired)
    ? urls.map((url) => (unpaired(url) ? `${url.slice(0, -1)}\ufffd` : url)).join('')
    : urls.join('');
  encoder ??= new TextEncoder();
  return encoder.encode(joined);
}

/** Each URL's length in UTF-16 units, in order (`urls` as urlsText accepted it). */
export function urlLengths(urls) {
  const lengths = new Uint32Array(urls.length);
  for (let index = 0; index < urls.length; index += 1) lengths[index] = urls[index].length;
  return lengths;
}
