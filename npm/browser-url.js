// The package's browser entry point with the engine as a separate .wasm file
// (`import … from 'robots-lens/browser-url'`): importing it fetches and instantiates the engine
// (top-level await), so every export is ready once the import resolves.
//
// The .wasm file is found with `new URL(…, import.meta.url)`, which browsers resolve against this
// module and webpack 5, Vite and Parcel recognise and emit as an asset; esbuild keeps the
// expression as written and emits nothing, so with esbuild use the default entry ('robots-lens',
// browser.js), which carries the engine inline. Compared with it, this entry costs one request
// more and saves the base64 inflation (see npm/README.md). Without a bundler, map the bare name in
// an import map:
//
//   <script type="importmap">{ "imports": { "robots-lens": "/node_modules/robots-lens/browser-url.js" } }</script>

import init from './robots_lens_wasm.js';

await init({ module_or_path: new URL('./robots_lens_wasm_bg.wasm', import.meta.url) });

export * from './api.js';
