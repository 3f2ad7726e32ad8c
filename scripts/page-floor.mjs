// The browser's floor for the page's first paint (scripts/bench-page.mjs): index.html as the
// browser sees it before any script runs — the same markup and stylesheets, no script and no
// module or wasm preload — with its relative paths made absolute so that it can be served from
// another folder of the same origin.

/** `indexHtml` without scripts and preloads, its relative `href`s and `src`s made absolute. */
export function floorHtml(indexHtml) {
  const html = indexHtml
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="(?:modulepreload|preload)"[^>]*>/gi, '')
    .replace(/\b(href|src)="(?!\/|#|[a-z][a-z0-9+.-]*:)/gi, '$1="/');
  if (/<script\b/i.test(html) || /rel="(?:modulepreload|preload)"/i.test(html)) {
    throw new Error('the floor copy of index.html still loads a script or a preload');
  }
  return html;
}
