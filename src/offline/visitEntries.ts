import { materialUrl } from '../../model/materialUrl';
import type { PageData } from '../../model/pageData';

/*
 * What a share page loaded before a service worker controlled it (the first visit), as the requests the
 * worker is asked to keep (workbox-window's CACHE_URLS message: a URL, or a URL with its RequestInit).
 * The worker fetches each through its own routes (./sw.ts), so they land in the caches a reload reads.
 */

export type KeepEntry = string | [string, RequestInit];

/** The share page at `href`, asked for as a navigation would (the worker's page route wants html). */
export function pageEntry(href: string): KeepEntry {
  return [href, { headers: { Accept: 'text/html' } }];
}

/**
 * The page at `href`, the material of a material share, or the collection and the collection's material
 * the address names (the same URLs and bodies src/api/client.ts sends), and the content files and client
 * files of this origin among `loaded` (URLs the page already fetched: performance resource entries).
 */
export function visitEntries(pageData: PageData, href: string, loaded: readonly string[]): KeepEntry[] {
  const page = new URL(href);
  const entries: KeepEntry[] = [pageEntry(page.href)];
  const share = pageData.share;
  const base = pageData.api.base;
  const post = (path: string, body: object): KeepEntry => [
    `${base}/${path}`,
    { method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, credentials: 'same-origin', body: JSON.stringify(body) },
  ];
  if (share?.rootModelName === 'Material') entries.push(materialUrl(base, share.publicId, share.rootId));
  if (share?.rootModelName === 'Collection') {
    entries.push(post('model/query', { share: share.publicId, modelName: 'Collection', id: share.rootId }));
    const opened = page.pathname.slice(pageData.baseUrl.length).split('/').find(Boolean);
    if (opened) entries.push(post('collectionMaterial', { collectionPublicId: share.publicId, publicId: decodeURIComponent(opened), guestSessionId: pageData.guestSession?.publicId }));
  }
  for (const name of loaded) {
    const url = new URL(name, page);
    if (url.origin === page.origin && (url.pathname.startsWith(`${base}/assets/`) || url.pathname.startsWith('/app/assets/'))) entries.push(url.href);
  }
  return entries;
}
