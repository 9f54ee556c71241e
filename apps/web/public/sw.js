// The console's service worker (issue 21). It keeps the console shell so a repeat visit opens from the
// cache and, when the server is down, the console itself says so (with a retry) instead of the browser's
// error page. It never answers API calls (/api/*): those always go to the server.
//  - pages (navigations): network first; the last good page is kept; offline, that page is served with a
//    <meta name="st-offline"> mark the console reads to show its "gateway / cloud unreachable" state;
//  - hashed assets (assets/*): cache first (their names change with their content), kept on first use;
//  - everything else (manifest, icons): network first, the cache when offline.
const CACHE = 'st-console-v1';
const SHELL_KEY = 'st-shell';
const OFFLINE_MARK = '<meta name="st-offline" content="1">';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

/** The path of a URL relative to this worker's scope ('' for the scope itself), or null outside it. */
function relativePath(url) {
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
  return url.pathname.slice(scope.pathname.length);
}

/** True for the API and the live channel: never cached, never answered here. */
function isApi(rel) {
  return rel === 'api' || rel.startsWith('api/');
}

async function page(request) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok && (answer.headers.get('content-type') ?? '').includes('text/html'))
      await cache.put(SHELL_KEY, answer.clone());
    return answer;
  } catch (error) {
    const kept = await cache.match(SHELL_KEY);
    if (kept === undefined) throw error;
    const html = (await kept.text()).replace(/<head(\s[^>]*)?>/i, (head) => head + OFFLINE_MARK);
    // the kept page's own headers (its Content-Security-Policy above all), less those of the old body
    const headers = new Headers(kept.headers);
    for (const name of ['content-length', 'content-encoding', 'etag', 'last-modified']) headers.delete(name);
    headers.set('content-type', 'text/html; charset=utf-8');
    return new Response(html, { headers });
  }
}

async function hashedAsset(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept !== undefined) return kept;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(request, answer.clone());
  return answer;
}

async function otherFile(request) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok) await cache.put(request, answer.clone());
    return answer;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept === undefined) throw error;
    return kept;
  }
}

// The page that registered this worker loaded before it was in control: it sends what it loaded (its own
// URL and its files), which is kept now so the next visit opens from the cache. The files come from the
// HTTP cache (hashed assets are immutable), so this costs no download.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'st-keep' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const href of data.urls) {
        const url = new URL(String(href));
        const rel = relativePath(url);
        if (rel === null || isApi(rel)) continue;
        try {
          if (href === data.page) {
            const answer = await fetch(url);
            if (answer.ok) await cache.put(SHELL_KEY, answer);
          } else if (!(await cache.match(url))) await cache.add(url);
        } catch {
          // offline meanwhile: kept on next use instead
        }
      }
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const rel = relativePath(url);
  if (rel === null || isApi(rel)) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (rel.startsWith('assets/')) event.respondWith(hashedAsset(request));
  else event.respondWith(otherFile(request));
});
