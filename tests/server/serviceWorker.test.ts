import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import { useTestDatabase } from './databases';

/* GET /sw.js (server/routes/serviceWorker.ts): the built worker at the root, for the whole origin. */
describe('the service worker script', () => {
  const t = useTestDatabase('pglite');
  const a = useTestApp(() => t.db);

  it('is 404 while the client has no build of it', async () => {
    const res = await a.app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("is the build's sw.js at the root: checked on every load (no-cache), allowed the scope /, under the pages' CSP", async () => {
    const file = path.join(a.clientDir, 'sw.js');
    fs.writeFileSync(file, '/* build 1 */');
    try {
      const res = await a.app.inject({ url: '/sw.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['service-worker-allowed']).toBe('/');
      expect(res.body).toBe('/* build 1 */');
      // A new build is served at once (read on every request, like the page template).
      fs.writeFileSync(file, '/* build 2 */');
      expect((await a.app.inject({ url: '/sw.js' })).body).toBe('/* build 2 */');
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it("share pages let this origin's worker run (worker-src 'self'), and no other", async () => {
    const res = await a.app.inject({ url: '/s/no-such-share/' });
    const policy = String(res.headers['content-security-policy']).split(/;\s*/);
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("script-src 'self'");
  });
});
