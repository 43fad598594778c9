/*
 * What the service worker (./sw.ts) keeps for offline use, and under which keys. Pure functions, shared
 * by the worker, the page that registers it (./registerServiceWorker.ts) and the tests.
 */

/** Share pages (html with page data), one copy per share and visitor: network first. */
export const PAGE_CACHE = 'lernwerk-pages-v1';
/** Answers of the material and collection calls (the POSTs keyed by their body): network first. */
export const MODEL_CACHE = 'lernwerk-models-v1';
/** Content images and files of /api/assets/: stale while revalidate. */
export const ASSET_CACHE = 'lernwerk-assets-v1';
/** Files of the built client under /app/assets/ that are not precached (fonts, the certificate's PDF code): cache first. */
export const CLIENT_CACHE = 'lernwerk-client-v1';

/** Answers that are kept: the material of a material share (GET, model/materialUrl.ts)… */
export const MATERIAL_GET = '/api/material/';
/** … and the POST calls for the collection and a material of a collection (kept by their body). */
export const MODEL_CALLS = ['/api/model/query', '/api/collectionMaterial'] as const;

/** Calls that change who the visitor is (login, logout, a guest's "forget in this browser"): the worker drops the kept pages and answers. */
export const FORGETTING_CALLS = ['/auth/login', '/auth/logout', '/api/guest/forget'] as const;

/** Query parameters that change what the server puts into a share page: the visitor (a guest's session) and the language. */
const PAGE_KEY_PARAMS = ['guestSessionId', 'lang'] as const;

/**
 * The key a share page is kept under: `/s/{share}/` with the visitor's guest session and language, whatever
 * chapter the URL names. The server answers every path of a share with the same page data (only the root
 * page adds its first paint, which the app replaces), and the router reads the path from the address bar,
 * so the last copy of a share serves every page of it, also one the learner reached by client-side
 * navigation. Null for URLs that are not share pages.
 */
export function pageCacheKey(url: URL): string | null {
  const share = /^\/s\/([^/]+)/.exec(url.pathname)?.[1];
  if (!share) return null;
  const key = new URL(`/s/${share}/`, url.origin);
  for (const name of PAGE_KEY_PARAMS) {
    const value = url.searchParams.get(name);
    if (value !== null) key.searchParams.set(name, value);
  }
  return key.href;
}

/**
 * The key a model call's answer is kept under: a GET URL of the call's path with the body's fields as
 * sorted query parameters (`/api/model/query?id=…&modelName=Material&share=…`); the Cache API keeps GET
 * requests only. Null when the body is not a flat JSON object (the call then goes to the network alone).
 */
export function modelCacheKey(url: URL, body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const key = new URL(url.pathname, url.origin);
  for (const [name, value] of Object.entries(parsed).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'object') return null;
    key.searchParams.set(name, String(value));
  }
  return key.href;
}
