import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDemoContent } from '../../server/content/demo';
import { loadMaterial } from '../../server/store/models';
import { findShare } from '../../server/store/shares';
import { useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';

const contentDir = path.join(import.meta.dirname, '..', '..', 'content');
const ADMIN_TOKEN = 'a-test-token-of-this-server-start';

describe.each(testDatabaseKinds)('demo content on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db, { adminToken: ADMIN_TOKEN });

  it('loads the German course, its English edition and the collection once, with public shares, plus a guest and a private share of the course', async () => {
    const logs: string[] = [];
    const links = await loadDemoContent(t.db, contentDir, (m) => logs.push(m));
    expect(logs.filter((l) => l.startsWith('Loaded demo'))).toHaveLength(3);
    for (const id of [links.material, links.materialEn, links.collection]) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect((await findShare(t.db, id!))?.kind).toBe('public');
    }
    const material = await findShare(t.db, links.material!);
    expect(await findShare(t.db, links.materialGuest!)).toMatchObject({ kind: 'guest', rootId: material!.rootId, settings: { saveGuestSessions: true } });
    expect(await findShare(t.db, links.materialPrivate!)).toMatchObject({ kind: 'private', rootId: material!.rootId, settings: { private: true } });
    expect(new Set([links.material, links.materialGuest, links.materialPrivate]).size).toBe(3);
    const english = await findShare(t.db, links.materialEn!);
    expect((await loadMaterial(t.db, english!.rootId))?.publicId).toBe('water-in-everyday-life');

    const again: string[] = [];
    expect(await loadDemoContent(t.db, contentDir, (m) => again.push(m))).toEqual(links);
    expect(again.filter((l) => l.startsWith('Loaded') || l.startsWith('Made'))).toEqual([]);
    expect((await t.db.query('SELECT public_id FROM shares WHERE root_id = $1', [material!.rootId])).length).toBe(3);

    // They name a private share: the admin routes alone list them (issue 14: no endpoint enumerates shares).
    expect((await a.app.inject({ url: '/api/demo-shares' })).statusCode).toBe(404);
    expect((await a.app.inject({ url: '/api/admin/demo-shares' })).statusCode).toBe(401);
    const res = await a.app.inject({ url: '/api/admin/demo-shares', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(res.json()).toEqual({ data: links });
  });
});
