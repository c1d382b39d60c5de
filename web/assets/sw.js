'use strict';
// minesat's service worker on the static site ('minesat site'): it keeps
// the site's files in a cache named after their version, and answers from
// it, so the page works offline once loaded. A new version (another
// sw.js) fills its own cache and drops the old ones.

const VERSION = '{{.Version}}';
const FILES = {{.Files}};
const CACHE = 'minesat-' + VERSION;

self.addEventListener('install', e => {
  e.waitUntil(caches.open(CACHE).then(c => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', e => {
  e.waitUntil(caches.keys()
    .then(keys => Promise.all(keys.filter(k => k.startsWith('minesat-') && k !== CACHE).map(k => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// A request for one of the site's files is answered from the cache (the
// page itself whatever its query), anything else from the network.
self.addEventListener('fetch', e => {
  if (e.request.method !== 'GET') return;
  const url = new URL(e.request.url);
  if (url.origin !== location.origin) return;
  const req = e.request.mode === 'navigate' ? './' : e.request;
  e.respondWith(caches.open(CACHE).then(c => c.match(req, { ignoreSearch: e.request.mode === 'navigate' }))
    .then(hit => hit || fetch(e.request)));
});
