/// <reference lib="webworker" />
/*
 * The service worker (built by vite-plugin-pwa into dist/client/sw.js, served by the server as /sw.js
 * with scope `/`, registered by ./registerServiceWorker.ts). It keeps what a learner needs to reload a
 * share page without a network: the built client, the share's page, its material and its images.
 *
 * - The client's JavaScript, CSS, icon sprite and readable font (dist/client/assets, content-hashed) are precached
 *   when the worker installs (Workbox precaching, the manifest injected at build time); other files under /app/assets/
 *   (KaTeX's fonts, the certificate's PDF code) are cached the first time they load: cache first.
 * - Share pages (`/s/{share}/…`, html with the page data of this visitor): network first, so an online
 *   visit always gets fresh page data; one copy per share and visitor (./cacheKeys.ts pageCacheKey),
 *   marked as a copy (./pageCopy.ts markOfflineCopy). The page reports the changes the server has
 *   acknowledged (./acknowledged.ts); they are applied to the kept copies' learner state, so a reload
 *   without a network shows them although they have left the durable queue. Changes still queued are
 *   applied by the viewer itself, from the queue (src/viewer/learnerTracking.ts).
 * - The material of a material share (GET /api/material/{share}/{id}, which the page preloads): network
 *   first. The collection and a collection's material (POST /api/model/query, /api/collectionMaterial):
 *   network first, kept under a GET key made of the call's body (NetworkFirstByBody below).
 * - Content files (/api/assets/…): stale while revalidate (the server sends them for a day with an ETag,
 *   and a re-import may change one in place, so they are not pinned for good).
 * - Never kept: /auth/*, userdata and every other call; those go to the network untouched (the worker
 *   does not answer them). A login, a logout and a guest's "forget in this browser" drop every kept page
 *   and answer: they belong to the visitor who was there (FORGETTING_CALLS).
 * - Pages and the material wait for the network at most NETWORK_TIMEOUT_S: a network that swallows
 *   requests (a wifi without uplink) shows the kept copy instead of a spinner for minutes.
 *
 * A new build ships a new worker (its precache manifest changes). It installs beside the running one
 * and waits; the page offers a reload (toast), which tells it to take over (SKIP_WAITING).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate, Strategy, type StrategyHandler } from 'workbox-strategies';
import type { UserdataEvent } from '../../model/tracking';
import { isAcknowledgedMessage } from './acknowledged';
import { ASSET_CACHE, CLIENT_CACHE, FORGETTING_CALLS, MATERIAL_GET, MODEL_CACHE, MODEL_CALLS, PAGE_CACHE, modelCacheKey, pageCacheKey } from './cacheKeys';
import { markOfflineCopy, withAcknowledged } from './pageCopy';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const sameOrigin = (url: URL) => url.origin === self.location.origin;
/** How long a page or the material waits for the network before the kept copy answers (s). */
const NETWORK_TIMEOUT_S = 8;
/** Acknowledged changes are remembered this long, for copies of pages fetched meanwhile (see keptPagePlugin). */
const RECENT_ACKNOWLEDGED_MS = 60_000;

/** Network first for POST calls whose answer depends on their JSON body only: kept under modelCacheKey. */
class NetworkFirstByBody extends Strategy {
  protected override async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const key = modelCacheKey(new URL(request.url), await request.clone().text());
    if (!key) return handler.fetch(request);
    try {
      const response = await handler.fetch(request);
      // Only 200s are kept (cachePut's default); the put finishes in the background (waitUntil).
      if (response.status === 200) void handler.waitUntil(handler.cachePut(key, response.clone()));
      return response;
    } catch (error) {
      const kept = await handler.cacheMatch(key);
      if (kept) return kept;
      throw error;
    }
  }
}

/*
 * Changes to the kept pages run one after another (read, change, write back), and so do the pages'
 * own writes' follow-ups: a change reported while a page was being fetched is applied once its copy is
 * written (keptPagePlugin.cacheDidUpdate applies the recent ones again; applying twice changes nothing).
 */
let pageEdits: Promise<void> = Promise.resolve();
let recentAcknowledged: { at: number; events: readonly UserdataEvent[] }[] = [];

function editKeptPages(edit: () => Promise<void>): Promise<void> {
  pageEdits = pageEdits.then(edit).catch((error: unknown) => console.warn('A kept page could not be updated', error));
  return pageEdits;
}

/** Applies acknowledged changes to the kept pages (`only`: to that one). */
async function applyAcknowledged(events: readonly UserdataEvent[], only?: Request): Promise<void> {
  if (!events.length) return;
  const cache = await caches.open(PAGE_CACHE);
  for (const request of only ? [only] : await cache.keys()) {
    const kept = await cache.match(request);
    const html = kept ? withAcknowledged(await kept.text(), events) : null;
    if (kept && html !== null) await cache.put(request, new Response(html, { status: kept.status, statusText: kept.statusText, headers: kept.headers }));
  }
}

function recentEvents(): UserdataEvent[] {
  const since = Date.now() - RECENT_ACKNOWLEDGED_MS;
  recentAcknowledged = recentAcknowledged.filter((entry) => entry.at >= since);
  return recentAcknowledged.flatMap((entry) => entry.events);
}

/** How a share page is kept: one copy per share and visitor, 200 html answers only, marked, with the recent acknowledged changes. */
const keptPagePlugin = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => pageCacheKey(new URL(request.url)) ?? request,
  // A login form or an error page is not a copy of the share.
  cacheWillUpdate: async ({ response }: { response: Response }) => {
    if (response.status !== 200 || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return null;
    const headers = new Headers(response.headers);
    headers.delete('content-encoding');
    headers.delete('content-length');
    return new Response(markOfflineCopy(await response.text(), Date.now()), { status: 200, statusText: response.statusText, headers });
  },
  cacheDidUpdate: async ({ request }: { request: Request }) => {
    const events = recentEvents();
    if (events.length) await editKeptPages(() => applyAcknowledged(events, request));
  },
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes over the page that registered it, so what that page loads from now on is kept.
clientsClaim();

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && sameOrigin(url) && pageCacheKey(url) !== null && (request.mode === 'navigate' || (request.headers.get('accept') ?? '').includes('text/html')),
  new NetworkFirst({ cacheName: PAGE_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_S, plugins: [new ExpirationPlugin({ maxEntries: 50 }), keptPagePlugin] }),
);

registerRoute(({ url }) => sameOrigin(url) && (MODEL_CALLS as readonly string[]).includes(url.pathname), new NetworkFirstByBody({ cacheName: MODEL_CACHE }), 'POST');
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith(MATERIAL_GET),
  new NetworkFirst({ cacheName: MODEL_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_S, plugins: [new ExpirationPlugin({ maxEntries: 100 })] }),
);

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/api/assets/'),
  new StaleWhileRevalidate({ cacheName: ASSET_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 500, purgeOnQuotaError: true })] }),
);

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/app/assets/'),
  new CacheFirst({ cacheName: CLIENT_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })] }),
);

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  // Not answered here (the request goes to the network as usual): the kept pages and answers are forgotten.
  if (event.request.method === 'POST' && sameOrigin(url) && (FORGETTING_CALLS as readonly string[]).includes(url.pathname)) {
    recentAcknowledged = [];
    event.waitUntil(editKeptPages(async () => void (await Promise.all([caches.delete(PAGE_CACHE), caches.delete(MODEL_CACHE)]))));
  }
});

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  // workbox-window's messageSkipWaiting (the page's Reload in the update prompt): this worker takes over.
  if ((data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (isAcknowledgedMessage(data)) {
    recentAcknowledged.push({ at: Date.now(), events: data.events });
    event.waitUntil(editKeptPages(() => applyAcknowledged(data.events)));
  }
});
