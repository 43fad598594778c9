import type { BrowserContext } from '@playwright/test';
import { SLOT_MARKER, type XssCollection } from './xssCollection';

/** Each filled field of `input` (xssCollection.ts) with what `served` holds at the same place, by slot. */
function servedBySlot(input: unknown, served: unknown, into: Map<number, string>): void {
  if (typeof input === 'string') {
    const slot = SLOT_MARKER.exec(input)?.[1];
    if (slot !== undefined && typeof served === 'string') into.set(Number(slot), served);
  } else if (Array.isArray(input)) {
    input.forEach((item, i) => servedBySlot(item, (served as unknown[] | undefined)?.[i], into));
  } else if (input && typeof input === 'object') {
    for (const [key, value] of Object.entries(input)) servedBySlot(value, (served as Record<string, unknown> | undefined)?.[key], into);
  }
}

/**
 * Records the html fields of `built` as the server serves them to the pages of `context` (the viewer's
 * own API calls for the collection and its materials), by slot, into `served`.
 */
export function recordServedHtml(context: BrowserContext, built: XssCollection, served: Map<number, string>): void {
  const inputs = new Map<string, unknown>(built.collection.items.map((item) => [item.material.id, item.material]));
  context.on('response', async (response) => {
    if (!/\/api\/(collectionMaterial|model\/query)/.test(response.url()) || !response.ok()) return;
    const data = ((await response.json().catch(() => null)) as { data?: unknown } | null)?.data;
    for (const item of (Array.isArray(data) ? data : [data]) as { modelName?: string; id?: string; description?: string }[]) {
      if (item?.modelName === 'Material') servedBySlot(inputs.get(item.id ?? ''), item, served);
      if (item?.modelName === 'Collection') servedBySlot(built.collection.description, item.description, served);
    }
  });
}
