// The package's entry point in browsers, with a bundler or without one: importing it fetches and
// instantiates the engine (top-level await), so every export is ready once the import resolves.
//
// The .wasm file is found with `new URL(…, import.meta.url)`, which browsers resolve against this
// module and bundlers (webpack 5, Vite, Parcel, Rollup with its URL plugin) recognise and emit as
// an asset. Without a bundler, map the bare name in an import map:
//
//   <script type="importmap">{ "imports": { "robots-lens": "/node_modules/robots-lens/browser.js" } }</script>

import init from './robots_lens_wasm.js';

await init({ module_or_path: new URL('./robots_lens_wasm_bg.wasm', import.meta.url) });

export * from './api.js';
