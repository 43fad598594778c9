import type { Page } from '@playwright/test';

/** An event as the browser's durable queue holds it (src/tracking/durableQueue.ts). */
export interface QueuedEvent {
  id: string;
  metadata: { modelName: string; id: string; shareId: string; guestSessionId: string | null };
  data: Record<string, unknown>;
}

/**
 * What the page's durable queue (IndexedDB 'lernwerk-tracking', store 'events') holds now; nothing
 * before the app has made the database (opening it here first would create it without its store).
 */
export function queuedEvents(page: Page): Promise<QueuedEvent[]> {
  return page.evaluate(async () => {
    if ((await indexedDB.databases()).every((info) => info.name !== 'lernwerk-tracking')) return [];
    return new Promise<QueuedEvent[]>((resolve, reject) => {
      const open = indexedDB.open('lernwerk-tracking');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const all = db.transaction('events', 'readonly').objectStore('events').getAll();
        all.onerror = () => reject(all.error);
        all.onsuccess = () => {
          db.close();
          resolve(all.result as QueuedEvent[]);
        };
      };
    });
  });
}
