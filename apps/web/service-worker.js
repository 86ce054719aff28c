// Vela's service worker (built to /sw.js by build-plugins.ts, which fills in the shell list).
// It keeps the app itself available offline. It never touches /api (balances, orders and prices
// are always live, never from a cache) nor the back office under /admin.
const VERSION = '__VERSION__';
const CACHE = `vela-shell-${VERSION}`;
const SHELL = '__SHELL__';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith('vela-') && key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

/** Same-origin GETs of the app itself: not the API, the realtime socket or the back office. */
function isAppRequest(request, url) {
  if (request.method !== 'GET' || url.origin !== self.location.origin) return false;
  return !(url.pathname === '/api' || url.pathname.startsWith('/api/') || url.pathname.startsWith('/admin'));
}

async function putInCache(request, response) {
  if (!response.ok || response.type !== 'basic') return;
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
}

/** Pages: the network first (a fresh index.html), the cached shell when offline. */
async function navigate(request) {
  try {
    const response = await fetch(request);
    if (response.ok) await putInCache('/index.html', response.clone());
    return response;
  } catch (error) {
    const shell = await caches.match('/index.html', { cacheName: CACHE });
    if (shell) return shell;
    throw error;
  }
}

/** Hashed assets never change: from the cache when there, else fetched and kept. */
async function hashedAsset(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  await putInCache(request, response.clone());
  return response;
}

/** Icons, the manifest: fresh when online, the cached copy when not. */
async function otherFile(request) {
  try {
    const response = await fetch(request);
    await putInCache(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName: CACHE });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (!isAppRequest(request, url)) return;
  if (request.mode === 'navigate') event.respondWith(navigate(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(hashedAsset(request));
  else event.respondWith(otherFile(request));
});

// The page loaded before this worker controlled it: it sends the assets it already has, to keep.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'cache-assets' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((href) => {
    const url = new URL(href, self.location.origin);
    return url.origin === self.location.origin && url.pathname.startsWith('/assets/');
  });
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(urls)));
});
