import { describe, expect, it } from 'vitest';
import { Material, type Collection } from '../../model/material';
import { loadCollection } from '../../server/store/collections';
import { ImportConflictError, importFile } from '../../server/store/import';
import { loadMaterial, loadSubtree } from '../../server/store/models';
import { getSettings, putSettings } from '../../server/store/settings';
import { findShare, shareFlagsForKind } from '../../server/store/shares';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { richMaterial, smallCollection, smallMaterial } from './fixtures';

describe.each(testDatabaseKinds)('store on %s', (kind) => {
  const t = useTestDatabase(kind);
  const count = async (sql: string, params: unknown[] = []) => (await t.db.query<{ n: number }>(sql, params))[0].n;

  it('imports a material and gives back exactly what Material.parse produced', async () => {
    const result = await importFile(t.db, richMaterial, { share: 'public' });
    expect(result).toMatchObject({ rootModelName: 'Material', rootId: 'm-rich', share: { kind: 'public', created: true } });
    expect(result.share.publicId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await loadMaterial(t.db, 'm-rich')).toEqual(richMaterial);
    expect(await count(`SELECT count(*)::int AS n FROM models WHERE root_id = 'm-rich'`)).toBe(result.materials[0].models);
    expect(result.materials[0].models).toBe(18);
  });

  it('fills in created_at when the file has none and keeps it on re-import', async () => {
    const material = smallMaterial('dated');
    expect(material.created_at).toBeUndefined();
    await importFile(t.db, material, { share: 'public' });
    const first = await loadMaterial(t.db, material.id);
    expect(first?.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(first).toEqual({ ...material, created_at: first?.created_at });
    await importFile(t.db, material, { share: 'public' });
    expect((await loadMaterial(t.db, material.id))?.created_at).toBe(first?.created_at);
  });

  it('re-import updates in place with the same ids, removes what vanished and never duplicates', async () => {
    const original = smallMaterial('re');
    const first = await importFile(t.db, original, { share: 'public' });
    const [before] = await t.db.query<{ created_at: Date }>(`SELECT created_at FROM models WHERE id = 'm-re-t2'`);
    const changed = Material.parse({
      ...original,
      title: 'Renamed',
      content: [
        { modelName: 'Foldable', id: 'm-re-fold', title: 'Fold', content: [original.content[1]] },
        { modelName: 'Text', id: 'm-re-t3', content: { html: 'new' } },
      ],
    });
    const second = await importFile(t.db, changed, { share: 'public' });
    expect(second.share).toEqual({ publicId: first.share.publicId, kind: 'public', created: false, listed: false });
    expect(await loadMaterial(t.db, 'm-re')).toEqual({ ...changed, created_at: expect.any(String) });
    const ids = (await t.db.query<{ id: string }>(`SELECT id FROM models WHERE root_id = 'm-re' ORDER BY id`)).map((r) => r.id);
    expect(ids).toEqual(['m-re', 'm-re-fold', 'm-re-t2', 'm-re-t3']);
    // t2 moved into the foldable: same row, kept its creation time.
    const [after] = await t.db.query<{ created_at: Date; parent_id: string }>(`SELECT created_at, parent_id FROM models WHERE id = 'm-re-t2'`);
    expect(after.parent_id).toBe('m-re-fold');
    expect(after.created_at.getTime()).toBe(before.created_at.getTime());
    expect(await count(`SELECT count(*)::int AS n FROM shares WHERE root_id = 'm-re'`)).toBe(1);
  });

  it('refuses an id that belongs to another root, naming it, and writes nothing', async () => {
    await importFile(t.db, smallMaterial('owner'), { share: 'public' });
    const intruder = smallMaterial('intruder', {
      content: [
        { modelName: 'Text', id: 'm-intruder-own', content: { html: 'mine' } },
        { modelName: 'Text', id: 'm-owner-t1', content: { html: 'stolen' } },
      ],
    });
    const error = await importFile(t.db, intruder, { share: 'public' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportConflictError);
    expect((error as ImportConflictError).issues).toEqual([expect.stringContaining('id "m-owner-t1" already belongs to Text in Material "m-owner"')]);
    expect(await count(`SELECT count(*)::int AS n FROM models WHERE root_id = 'm-intruder'`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM shares WHERE root_id = 'm-intruder'`)).toBe(0);
    expect((await loadMaterial(t.db, 'm-owner'))?.content[0]).toMatchObject({ content: { html: '<p>owner one</p>' } });
  });

  it('refuses a root id already used by a collection', async () => {
    await importFile(t.db, smallCollection('taken', [smallMaterial('in-taken')]), { share: 'public' });
    const clash = smallMaterial('x', { id: 'c-taken' });
    await expect(importFile(t.db, clash, { share: 'public' })).rejects.toThrow('id "c-taken" already belongs to a Collection "c-taken"');
  });

  it('stores a collection, each material as its own root, and the item order', async () => {
    const a = smallMaterial('ca', { cover: { file: 'a.png' }, metadata: { subject: 'Physik' }, duration: '10 min' });
    const b = smallMaterial('cb');
    const result = await importFile(t.db, smallCollection('one', [a, b]), { share: 'guest' });
    expect(result.materials.map((m) => m.id)).toEqual(['m-ca', 'm-cb']);
    expect(await loadMaterial(t.db, 'm-ca')).toEqual({ ...a, created_at: expect.any(String) });
    const view = await loadCollection(t.db, 'c-one');
    expect(view).toMatchObject({ modelName: 'Collection', id: 'c-one', publicId: 'collection-one', title: 'Collection one', description: '' });
    expect(view?.items.map((i) => i.id)).toEqual(['c-one-item-0', 'c-one-item-1']);
    expect(view?.items[0].material_snapshot).toEqual({
      id: 'm-ca',
      publicId: 'material-ca',
      title: 'Material ca',
      cover: { file: 'a.png' },
      metadata: { subject: 'Physik' },
      created_at: expect.stringMatching(/^\d{4}-/),
      description: '',
      duration: '10 min',
    });
    const share = await findShare(t.db, result.share.publicId);
    expect(share).toMatchObject({ rootModelName: 'Collection', rootId: 'c-one', kind: 'guest', settings: { private: false, saveGuestSessions: true, scorm: false }, preview: false });

    // Re-import with the order reversed and one item dropped.
    await importFile(t.db, smallCollection('one', [b]), { share: 'guest' });
    expect((await loadCollection(t.db, 'c-one'))?.items.map((i) => i.material_snapshot.id)).toEqual(['m-cb']);
    expect(await count(`SELECT count(*)::int AS n FROM collection_items WHERE collection_id = 'c-one'`)).toBe(1);
  });

  it('refuses a collection whose materials share an id, before writing anything', async () => {
    const a = smallMaterial('dup');
    const b = smallMaterial('dup2', { content: [{ modelName: 'Text', id: 'm-dup-t1', content: { html: 'x' } }] });
    // The Collection schema refuses this too; importFile must not rely on its callers having parsed.
    const unparsed = { ...smallCollection('dup', [a]), items: [{ id: 'c-dup-item-0', material: a }, { id: 'c-dup-item-1', material: b }] } as Collection;
    const error = (await importFile(t.db, unparsed, { share: 'public' }).catch((e: unknown) => e)) as ImportConflictError;
    expect(error).toBeInstanceOf(ImportConflictError);
    expect(error.issues).toEqual([expect.stringMatching(/^items\[1\]\.material\.content\[0\]\.id: duplicate id "m-dup-t1"/)]);
    expect(await count(`SELECT count(*)::int AS n FROM models WHERE id IN ('m-dup', 'c-dup')`)).toBe(0);
  });

  it('creates one share per kind and reuses it', async () => {
    const material = smallMaterial('kinds');
    const ids = new Map<string, string>();
    for (const k of ['public', 'private', 'guest', 'scorm', 'preview'] as const) {
      const r = await importFile(t.db, material, { share: k });
      ids.set(k, r.share.publicId);
      const share = await findShare(t.db, r.share.publicId);
      const { preview, ...settings } = shareFlagsForKind(k);
      expect(share).toMatchObject({ kind: k, settings, preview, rootPublicId: 'material-kinds', rootTitle: 'Material kinds' });
    }
    expect(new Set(ids.values()).size).toBe(5);
    expect((await importFile(t.db, material, { share: 'scorm' })).share.publicId).toBe(ids.get('scorm'));
  });

  it('finds no share for unknown or malformed ids', async () => {
    expect(await findShare(t.db, 'A'.repeat(24))).toBeNull();
    expect(await findShare(t.db, "x' OR 1=1 --")).toBeNull();
  });

  it('loads a subtree below any model', async () => {
    expect(await loadSubtree(t.db, 'm-rich-assign')).toEqual(richMaterial.content[3]);
    expect(await loadSubtree(t.db, 'nope')).toBeNull();
  });

  it('stores settings and answers defaults when there are none', async () => {
    expect(await getSettings(t.db)).toEqual({ themeColorOverrides: {}, metadata: [] });
    await putSettings(t.db, { $schema: 'x.json', logoLink: 'https://example.org', themeColorOverrides: { primary: '#112233' } });
    expect(await getSettings(t.db)).toEqual({ logoLink: 'https://example.org', themeColorOverrides: { primary: '#112233' }, metadata: [] });
    await expect(putSettings(t.db, { themeColorOverrides: { primary: 'red' } })).rejects.toThrow();
    expect((await getSettings(t.db)).themeColorOverrides).toEqual({ primary: '#112233' });
  });
});
