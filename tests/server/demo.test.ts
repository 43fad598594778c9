import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDemoContent } from '../../server/content/demo';
import { loadMaterial } from '../../server/store/models';
import { findShare } from '../../server/store/shares';
import { useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';

const contentDir = path.join(import.meta.dirname, '..', '..', 'content');

describe.each(testDatabaseKinds)('demo content on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);

  it('loads the German course, its English edition and the collection once, with public shares', async () => {
    const logs: string[] = [];
    const links = await loadDemoContent(t.db, contentDir, (m) => logs.push(m));
    expect(logs.filter((l) => l.startsWith('Loaded demo'))).toHaveLength(3);
    for (const id of [links.material, links.materialEn, links.collection]) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect((await findShare(t.db, id!))?.kind).toBe('public');
    }
    const english = await findShare(t.db, links.materialEn!);
    expect((await loadMaterial(t.db, english!.rootId))?.publicId).toBe('water-in-everyday-life');

    const again: string[] = [];
    expect(await loadDemoContent(t.db, contentDir, (m) => again.push(m))).toEqual(links);
    expect(again.filter((l) => l.startsWith('Loaded'))).toEqual([]);

    const res = await a.app.inject({ url: '/api/demo-shares' });
    expect(res.json()).toEqual({ data: { material: links.material, materialEn: links.materialEn, collection: links.collection } });
  });
});
