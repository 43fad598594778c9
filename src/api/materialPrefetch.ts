import type { Material } from '../../model/material';
import { getMaterial } from './client';

/*
 * The material of a material share is requested as soon as the page data is read, while the
 * router's code still loads, instead of after it: the route loader then takes that request. It is
 * a GET the page also names as a preload (server/routes/pages.ts), so the browser has usually
 * fetched it before this code runs.
 */

let early: { key: string; request: Promise<Material> } | null = null;

const keyOf = (base: string, share: string, id: string) => `${base}\n${share}\n${id}`;

export function prefetchMaterial(base: string, share: string, id: string): void {
  const request = getMaterial(base, share, id);
  // A failure is reported by the loader that takes the request; until then it is not unhandled.
  request.catch(() => undefined);
  early = { key: keyOf(base, share, id), request };
}

/** The prefetched request when it is for this material (taken once), else a new one. */
export function loadMaterial(base: string, share: string, id: string): Promise<Material> {
  if (early?.key === keyOf(base, share, id)) {
    const { request } = early;
    early = null;
    return request;
  }
  return getMaterial(base, share, id);
}
