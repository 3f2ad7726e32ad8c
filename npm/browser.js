// The package's entry point in browsers, with any bundler or none: the engine's .wasm is inside
// the code (robots_lens_wasm_inline.js, base64, written by scripts/package-npm.sh), so esbuild,
// Vite, webpack, Rollup and Parcel take it with the JavaScript and nothing has to be copied,
// served or found at run time. Importing this module instantiates the engine (top-level await),
// so every export is ready once the import resolves.
//
// 'robots-lens/browser-url' is the same API with the .wasm as a separate file, for bundlers that
// emit `new URL('…', import.meta.url)` assets (npm/README.md compares the two).

import init from './robots_lens_wasm.js';
import WASM_BASE64 from './robots_lens_wasm_inline.js';

/** The bytes of a base64 string: the built-in decoder where there is one, else atob. */
function decodeBase64(text) {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

await init({ module_or_path: decodeBase64(WASM_BASE64) });

export * from './api.js';
