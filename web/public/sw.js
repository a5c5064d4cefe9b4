/**
 * The service worker of the home page (registered by `src/lib/service-worker.ts`, scope `/`).
 * Two jobs, and no more (docs/web-app.md, "Installable app"):
 *
 * 1. Notifications: the page shows new-mail notifications through this worker's registration
 *    (Chrome on Android shows them no other way); a click on one focuses the home page, or opens
 *    it when no window has it.
 * 2. The app shell, for installing and for opening without a network: the home page's HTML and
 *    the hashed build files it loads (at once, or later as lazy chunks), nothing else. The home
 *    HTML is asked of the network first, so a deploy is seen at once; the cache answers only
 *    when the network cannot.
 *
 * Never intercepted, never cached: the API (`/api/…`: mailboxes, messages, tokens, the event
 * stream). Requests with an `Authorization` header or a query string are left alone too. The
 * shell is the same for every visitor and holds nothing of theirs.
 *
 * A plain script served as it is (not part of the Vite build): its URL and bytes stay the same
 * across builds that do not change it, so the browser reinstalls it only when it changed.
 */

/** Bump when the shell's shape changes: `activate` drops every cache but this one. */
const SHELL_CACHE = 'shell-v1';
const HOME = '/';
/** Hashed build files: immutable, so a cached copy is always right. */
const ASSET_PREFIX = '/assets/';

/** Same-origin `/assets/…` files the home HTML loads (scripts, modulepreloads, stylesheets). */
function shellAssets(html) {
  const found = new Set();
  for (const [, url] of html.matchAll(/\s(?:src|href)="(\/assets\/[^"?#]+)"/g)) found.add(url);
  return [...found];
}

/**
 * Stores `response` as the home page, with the files it loads that are not cached yet. When it
 * loads other files than the stored page did (a new build), the files of the old build go.
 */
async function storeShell(response) {
  if (!response.ok || response.type !== 'basic') return;
  const absolute = (path) => new URL(path, self.location.origin).href;
  const wanted = shellAssets(await response.clone().text()).map(absolute);
  const cache = await caches.open(SHELL_CACHE);
  const previous = await cache.match(HOME);
  const before = previous ? shellAssets(await previous.text()).map(absolute) : [];
  const cached = (await cache.keys()).map((request) => request.url);
  await cache.addAll(wanted.filter((url) => !cached.includes(url)));
  await cache.put(HOME, response);
  if (before.length === wanted.length && before.every((url) => wanted.includes(url))) return;
  const old = cached.filter(
    (url) => url.startsWith(absolute(ASSET_PREFIX)) && !wanted.includes(url),
  );
  await Promise.all(old.map((url) => cache.delete(url)));
}

/**
 * Where the browser has the static routing API: everything but the shell goes to the network
 * without starting the worker (the API, the content pages and their images), so keeping a
 * worker costs those requests nothing. Elsewhere the fetch handler lets them through itself.
 * @see https://developer.chrome.com/docs/web-platform/service-worker-static-routing
 */
function routeAroundWorker(event) {
  if (typeof event.addRoutes !== 'function') return Promise.resolve();
  const shell = [{ pathname: HOME }, { pathname: `${ASSET_PREFIX}*` }];
  return event
    .addRoutes({
      condition: { not: { or: shell.map((urlPattern) => ({ urlPattern })) } },
      source: 'network',
    })
    .catch((error) => console.warn('Static routes not added', error));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await routeAroundWorker(event);
      await storeShell(await fetch(HOME, { cache: 'no-cache' }));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n !== SHELL_CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

/** The home page: the network's answer (stored for later), else the stored one. */
async function homePage(event) {
  try {
    const response = await fetch(event.request);
    event.waitUntil(storeShell(response.clone()).catch(() => {}));
    return response;
  } catch (error) {
    const cached = await caches.match(HOME, { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw error;
  }
}

/** True when the request comes from a window that shows the home page. */
async function fromHomePage(event) {
  const client = event.clientId ? await self.clients.get(event.clientId) : null;
  return !!client && new URL(client.url).pathname === HOME;
}

/**
 * A build file from the cache when there, else from the network; kept when the home page asked
 * for it (a lazy chunk of the home page is shell too), not when another page did.
 */
async function buildFile(event) {
  const { request } = event;
  const cached = await caches.match(request, { cacheName: SHELL_CACHE, ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic' && (await fromHomePage(event))) {
    const copy = response.clone();
    event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(request.url, copy)));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || request.method !== 'GET') return;
  if (url.pathname.startsWith('/api/')) return;
  if (url.search || request.headers.has('authorization')) return;
  if (request.mode === 'navigate' && url.pathname === HOME) {
    event.respondWith(homePage(event));
  } else if (url.pathname.startsWith(ASSET_PREFIX)) {
    event.respondWith(buildFile(event));
  }
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const home = windows.find((client) => new URL(client.url).pathname === HOME);
      if (home) return home.focus();
      return self.clients.openWindow(HOME);
    })(),
  );
});
