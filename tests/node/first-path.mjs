// The modules the first verdict waits for: what index.html's module scripts import statically
// (a dynamic `import()` is left out, as the browser leaves it out until it runs). Read by the
// module-graph test (index.html preloads exactly these) and the catalogue test (the texts these
// modules name are in each language's first file, www/text/i18n/<lang>.json).
//
//     import { entryScripts, staticGraph } from './first-path.mjs';
//     staticGraph(entryScripts()) // Set { 'www/app.js', 'www/text/render.js', … }

import { readFileSync } from 'node:fs';

const ROOT = new URL('../../', import.meta.url);
const html = () => readFileSync(new URL('index.html', ROOT), 'utf8');

/** The `import … from './x.js'` and `export … from` specifiers of a module, dynamic imports left out. */
export function staticImports(source) {
  const specifiers = [];
  for (const match of source.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+['"]([^'"]+)['"]/gms)) {
    specifiers.push(match[1]);
  }
  for (const match of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) specifiers.push(match[1]);
  return specifiers;
}

/** The module scripts index.html runs (`<script type="module" src>`, async or deferred), as paths from the root. */
export function entryScripts() {
  return [...html().matchAll(/<script type="module" src="([^"]+)"(?: async)?><\/script>/g)].map((m) => m[1]);
}

/** Every module reachable from `entries` through static imports, as paths from the root. */
export function staticGraph(entries) {
  const seen = new Set();
  const pending = [...entries];
  while (pending.length > 0) {
    const path = pending.pop();
    if (seen.has(path)) continue;
    seen.add(path);
    const url = new URL(path, ROOT);
    for (const specifier of staticImports(readFileSync(url, 'utf8'))) {
      pending.push(new URL(specifier, url).href.slice(ROOT.href.length));
    }
  }
  return seen;
}
