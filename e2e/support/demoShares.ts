import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { E2E_DATA_ROOT, suiteDataDir } from './e2ePort';

/** The share publicIds of the demo content the e2e server loaded on its first start. */
export interface DemoShares {
  material: string;
  collection: string;
}

/** Every demo share the server makes: the material (German, English), the collection, and the German material on a guest share and on a private share. */
export interface AllDemoShares extends DemoShares {
  materialEn: string;
  /** Saves guest sessions (spec section 1): the header offers "Lernstand speichern". */
  materialGuest: string;
  /** Private: a visitor without a login gets the login page. */
  materialPrivate: string;
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
 * The admin tokens of this checkout's running e2e servers, the suite's first: each writes DATA_DIR/servers/PID.json
 * (the suite's in suiteDataDir(), a spec's own in E2E_DATA_ROOT/own-*). A token sent to another server is a 401.
 */
export function adminTokens(): string[] {
  const dirs = [suiteDataDir(), ...(existsSync(E2E_DATA_ROOT) ? readdirSync(E2E_DATA_ROOT).map((name) => path.join(E2E_DATA_ROOT, name)) : [])];
  const tokens = dirs.flatMap((dir) => {
    const servers = path.join(dir, 'servers');
    const files = existsSync(servers) ? readdirSync(servers).filter((name) => name.endsWith('.json')) : [];
    return files.flatMap((name) => {
      try {
        return [(JSON.parse(readFileSync(path.join(servers, name), 'utf8')) as { token: string }).token];
      } catch {
        return [];
      }
    });
  });
  return [...new Set(tokens)];
}

/**
 * All demo shares, as the server `request` talks to lists them to its admin (`GET /api/admin/demo-shares` with
 * its token from its servers/PID.json: no public endpoint names shares, issue 14).
 */
export async function demoShares(request: APIRequestContext): Promise<AllDemoShares> {
  let data: Partial<AllDemoShares> = {};
  let status = 0;
  for (const token of adminTokens()) {
    const response = await request.get('/api/admin/demo-shares', { headers: { authorization: `Bearer ${token}` } });
    status = response.status();
    if (response.ok()) {
      data = ((await response.json()) as { data: Partial<AllDemoShares> }).data;
      break;
    }
  }
  const { material, materialEn, collection, materialGuest, materialPrivate } = data;
  if (!material || !collection || !materialEn || !materialGuest || !materialPrivate) {
    throw new Error(`the server lists no complete demo shares (${status}): ${JSON.stringify(data)}`);
  }
  return { material, materialEn, collection, materialGuest, materialPrivate };
}

/** Path of a page inside a share, e.g. `sharePath(id, 'chapter-1')` → `/s/{id}/chapter-1`. */
export function sharePath(shareId: string, rest = ''): string {
  return `/s/${encodeURIComponent(shareId)}/${rest.replace(/^\/+/, '')}`;
}
