/*
 * The service worker: it keeps the page's own files so that a reload or a new tab works
 * without a network, and it never touches a request to another origin.
 *
 * The files and a version (a hash of their contents) come from www/pkg/precache.js, which
 * scripts/precache.mjs writes after every build. A new build changes that file, so the browser
 * installs this worker again: the new version's files go into a cache of their own and the
 * previous caches are deleted once it takes over. Same-origin GET requests go to the network
 * first and refresh the cache when they succeed; when the network fails, the cached copy
 * answers, and a navigation gets the cached page. The page's files hold no user data: what a
 * visitor types lives in local storage, which "Clear saved data" empties.
 *
 * It lives at the root, beside index.html, because a service worker controls only the pages at
 * or below its own path.
 */

importScripts('./www/pkg/precache.js');

const { version, files } = self.PRECACHE;
const CACHE_PREFIX = 'robots-lens-';
const CACHE = `${CACHE_PREFIX}${version}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // `reload`: the copies cached are the server's, not the browser's HTTP cache's.
      await cache.addAll(files.map((file) => new Request(file, { cache: 'reload' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      }
    })(),
  );
});

/** Where `robots-lens serve` answers with a site's live robots.txt (crates/cli/src/serve.rs). */
const API_PATH = new URL('api/', self.registration.scope).pathname;

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  // Another origin, or anything but a plain GET: the browser handles it, and nothing is kept.
  if (url.origin !== self.location.origin) return;
  // A live fetch is the network's answer of the moment: never kept, never answered from a cache.
  if (url.pathname.startsWith(API_PATH)) return;
  if (request.method !== 'GET' || request.headers.has('range')) return;
  event.respondWith(networkFirst(event));
});

async function networkFirst(event) {
  const { request } = event;
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    // Kept while the page already gets the answer.
    if (response.ok && response.type === 'basic') event.waitUntil(cache.put(request, response.clone()));
    return response;
  } catch (error) {
    const cached =
      (await cache.match(request, { ignoreSearch: true })) ??
      (request.mode === 'navigate' ? await cache.match('./') : undefined);
    if (cached) return cached;
    throw error;
  }
}
