import type { APIRequestContext } from '@playwright/test';

/** The share publicIds of the demo content the e2e server loaded on its first start. */
export interface DemoShares {
  material: string;
  collection: string;
}

const shareIdInPath = /^\/s\/([^/?#]+)\//;

/** Share id in a `/s/{id}/…` path or URL, or undefined. */
export function shareIdFromLocation(location: string): string | undefined {
  const path = new URL(location, 'http://placeholder.invalid').pathname;
  return shareIdInPath.exec(path)?.[1];
}

/** The demo material's share: `GET /` redirects to `/s/{id}/`. */
export async function demoMaterialShareId(request: APIRequestContext): Promise<string> {
  const response = await request.get('/', { maxRedirects: 0 });
  const location = response.headers()['location'];
  const id = location ? shareIdFromLocation(location) : undefined;
  if (response.status() !== 302 || !id) {
    throw new Error(`GET / answered ${response.status()} (location ${location ?? 'none'}); expected a redirect to /s/{id}/`);
  }
  return id;
}

/**
 * The demo collection's share. playwright.config.ts reads it from the server's start-up line
 * "Demo collection: …/s/{id}/" (webServer.wait) into LERNWERK_DEMO_COLLECTION.
 */
export function demoCollectionShareId(): string {
  const id = process.env.LERNWERK_DEMO_COLLECTION;
  if (!id) {
    throw new Error('LERNWERK_DEMO_COLLECTION is unset: the server did not print "Demo collection: …/s/{id}/" on start');
  }
  return id;
}

export async function demoShares(request: APIRequestContext): Promise<DemoShares> {
  return { material: await demoMaterialShareId(request), collection: demoCollectionShareId() };
}

/** Path of a page inside a share, e.g. `sharePath(id, 'chapter-1')` → `/s/{id}/chapter-1`. */
export function sharePath(shareId: string, rest = ''): string {
  return `/s/${encodeURIComponent(shareId)}/${rest.replace(/^\/+/, '')}`;
}
