// The package's entry point in Node.js: the engine is instantiated synchronously, from the
// .wasm file beside this one, when the module is imported. No network, no init call:
//
//   import { check } from 'robots-lens';
//   check('User-agent: *\nDisallow: /private\n', 'Googlebot', '/private/x').allowed; // false

import { readFileSync } from 'node:fs';

import { initSync } from './robots_lens_wasm.js';

initSync({ module: readFileSync(new URL('./robots_lens_wasm_bg.wasm', import.meta.url)) });

export * from './api.js';
// Node only: fetch a site's robots.txt the way crawlers do (the browser build has no fetch).
export { fetchRobots } from './fetch.js';
