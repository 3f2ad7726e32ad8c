// The package's entry point in Node.js: the engine is instantiated synchronously when the
// module is imported. No network, no init call:
//
//   import { check } from 'robots-lens';
//   check('User-agent: *\nDisallow: /private\n', 'Googlebot', '/private/x').allowed; // false
//
// The engine's bytes come from robots_lens_wasm_inline.js (the .wasm as base64, as browser.js
// takes them), not from a file found beside this one: a bundle (esbuild --platform=node, ESM or
// CommonJS, Rollup, webpack) then carries them with the code and has no file to find at run
// time, and nothing here needs import.meta or a top-level await, which CommonJS has not.
// tests/package/npm-bundle.test.mjs bundles it both ways and runs the bundles.

import { initSync } from './robots_lens_wasm.js';
import WASM_BASE64 from './robots_lens_wasm_inline.js';

initSync({ module: Buffer.from(WASM_BASE64, 'base64') });

export * from './api.js';
// Node only: fetch a site's robots.txt the way crawlers do (the browser build has no fetch).
export { fetchRobots } from './fetch.js';
