import { Workbox } from 'workbox-window';
import type { PageData } from '../../model/pageData';
import { pageCacheKey } from './cacheKeys';
import { offerUpdate } from './updatePrompt';
import { pageEntry, visitEntries, type KeepEntry } from './visitEntries';

/*
 * Registers the service worker (./sw.ts) once a share page is up (main.tsx imports this module in idle
 * time, so none of it is in the first route), asks it to keep what the page loaded before it was there,
 * and offers a reload when a new build's worker waits.
 */

/** Served by the server at the root (server/routes/serviceWorker.ts), so its scope covers /s/, /app/ and /api/. */
export const SERVICE_WORKER_URL = '/sw.js';
/** A tab left open checks for a new build this often (browsers also check on every navigation). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Asks the worker to keep these (it fetches them through its own routes: ./sw.ts). */
function keep(wb: Workbox, entries: KeepEntry[]): void {
  void wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: entries } }).catch(() => undefined);
}

function loadedUrls(): string[] {
  return performance.getEntriesByType('resource').map((entry) => entry.name);
}

export function registerServiceWorker(pageData: PageData): void {
  if (!('serviceWorker' in navigator)) return;
  const firstVisit = !navigator.serviceWorker.controller;
  const wb = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  // A new build's worker is installed and waits (also when it was waiting already as this page loaded,
  // or another tab found it). Reload: it takes over, and 'controlling' below reloads the page.
  wb.addEventListener('waiting', () => offerUpdate(() => wb.messageSkipWaiting()));
  // A new worker took over (this tab's Reload, or another tab's): the page's code is the old build's.
  // The learner's unsent work is in the durable queue (IndexedDB) and survives the reload.
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate) location.reload();
  });
  wb.register().then(
    async () => {
      setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS);
      await navigator.serviceWorker.ready;
      // On the first visit what loaded before the worker was there; afterwards the worker keeps every page
      // it serves, so only an address whose key changes without a navigation (a guest who saves gets
      // ?guestSessionId=, the language switch ?lang=) is asked for again.
      let keptKey = firstVisit ? null : pageCacheKey(new URL(location.href));
      const keepPage = () => {
        const key = pageCacheKey(new URL(location.href));
        if (!key || key === keptKey) return;
        keep(wb, keptKey === null && firstVisit ? visitEntries(pageData, location.href, loadedUrls()) : [pageEntry(location.href)]);
        keptKey = key;
      };
      keepPage();
      (window as { navigation?: EventTarget }).navigation?.addEventListener('currententrychange', keepPage);
      // Browsers without the Navigation API: when the tab is hidden.
      document.addEventListener('visibilitychange', keepPage);
    },
    (error: unknown) => console.warn('The service worker could not be registered: reloads need the network', error),
  );
}
