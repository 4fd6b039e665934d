// Service worker: after the first visit the whole course opens with the network off.
// The build injects VERSION and FILES (every file of the site, relative to this script).
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `autograd-course-${VERSION}`;

self.addEventListener("install", (event) => {
  // Where the browser can (Chromium's static routing), it serves every file but the pages from
  // this cache itself, without starting this worker's JavaScript for each request: a return
  // visit's chain of requests (page, worker, Pyodide's files) no longer waits on it. A file
  // the cache lacks still comes from the network. Pages keep the handler below (its offline
  // answer). Other browsers run the handler for everything, as before.
  const routes = event.addRoutes ? event.addRoutes([
    { condition: { requestMode: "navigate" }, source: "fetch-event" },
    { condition: { requestMethod: "GET" }, source: { cacheName: CACHE } },
  ]).catch(() => {}) : null;  // routes the browser refuses: the handler serves those requests
  event.waitUntil((async () => {
    await routes;
    const cache = await caches.open(CACHE);
    // Default cache mode: files the page already loaded come from the HTTP cache (hashed
    // and versioned names are immutable), so installing costs little network.
    await cache.addAll(FILES);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("autograd-course-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Pages: "lessons/x/" and "lessons/x/index.html" are the same file.
    const key = url.pathname.endsWith("/") ? new URL("index.html", url).href : url.href;
    const hit = await cache.match(key, { ignoreSearch: true });
    if (hit) return hit;
    try {
      return await fetch(event.request);
    } catch (error) {
      if (event.request.mode === "navigate") {
        // A page this device does not keep: say so plainly, instead of a wrong page.
        const offline = await cache.match(new URL("offline.html", self.registration.scope).href);
        if (offline) {
          const home = new URL("index.html", self.registration.scope).href;
          return new Response((await offline.text()).replace("__HOME__", home),
            { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
        }
      }
      throw error;
    }
  })());
});
