import { beforeAll, describe, expect, it } from 'vitest';
import type { Chapter } from '../../model/elements';
import { ApiErrorBody } from '../../server/http/errors';
import { importFile } from '../../server/store/import';
import { useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { richMaterial, smallCollection, smallMaterial } from './fixtures';

describe.each(testDatabaseKinds)('JSON API on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);
  const post = (url: string, payload: unknown) => a.app.inject({ method: 'POST', url, payload: payload as object });
  const shares = { material: '', collection: '', other: '' };
  const inCollection = smallMaterial('api-in', {
    content: [{ modelName: 'Chapter', id: 'm-api-in-ch', publicId: 'chapter-one', title: 'In collection', content: [] }],
  });

  beforeAll(async () => {
    shares.material = (await importFile(t.db, richMaterial, { share: 'public' })).share.publicId;
    shares.collection = (await importFile(t.db, smallCollection('api', [inCollection, smallMaterial('api-second')]), { share: 'public' })).share.publicId;
    shares.other = (await importFile(t.db, smallMaterial('api-other'), { share: 'private' })).share.publicId;
  });

  it('GET /api/health answers ok', async () => {
    const res = await a.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  describe('model/query', () => {
    it('answers the material of a material share', async () => {
      const res = await post('/api/model/query', { share: shares.material, modelName: 'Material', id: 'm-rich' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [richMaterial] });
    });

    it('answers an element with its subtree, by id or by publicId', async () => {
      const byId = await post('/api/model/query', { share: shares.material, modelName: 'ChoiceQuestion', id: 'm-rich-q1' });
      const chapter = richMaterial.content[1] as Chapter;
      expect(chapter.content[0].id).toBe('m-rich-q1');
      expect(byId.json().data).toEqual([chapter.content[0]]);
      const byPublicId = await post('/api/model/query', { share: shares.material, modelName: 'Chapter', publicId: 'chapter-one' });
      expect(byPublicId.json().data.map((m: { id: string }) => m.id)).toEqual(['m-rich-ch1']);
    });

    it('covers the collection and its materials on a collection share', async () => {
      const collection = await post('/api/model/query', { share: shares.collection, modelName: 'Collection' });
      expect(collection.statusCode).toBe(200);
      expect(collection.json().data[0]).toMatchObject({ id: 'c-api', items: [{ id: 'c-api-item-0' }, { id: 'c-api-item-1' }] });
      const material = await post('/api/model/query', { share: shares.collection, modelName: 'Material', id: 'm-api-second' });
      expect(material.json().data[0]).toMatchObject({ id: 'm-api-second', title: 'Material api-second' });
      // Chapter publicIds are looked up only within the share: the rich material's chapter-one is not found here.
      const chapters = await post('/api/model/query', { share: shares.collection, modelName: 'Chapter', publicId: 'chapter-one' });
      expect(chapters.json().data.map((m: { id: string }) => m.id)).toEqual(['m-api-in-ch']);
    });

    it('answers a model of another material exactly like an unknown one: 404 Not found (no oracle of what exists elsewhere)', async () => {
      const unknown = await post('/api/model/query', { share: shares.material, modelName: 'Material', id: 'm-api-nowhere' });
      for (const [share, modelName, id] of [[shares.material, 'Material', 'm-api-other'], [shares.collection, 'Choice', 'm-rich-q1-a']]) {
        const res = await post('/api/model/query', { share, modelName, id });
        expect(res.statusCode, id).toBe(404);
        expect(res.body, id).toBe(unknown.body);
      }
    });

    it('answers 404 Not found for no result and for an unknown share', async () => {
      const none = await post('/api/model/query', { share: shares.material, modelName: 'Text', id: 'does-not-exist' });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ errors: [{ path: '', message: 'Not found' }] });
      const wrongName = await post('/api/model/query', { share: shares.material, modelName: 'Heading', id: 'm-rich-text' });
      expect(wrongName.statusCode).toBe(404);
      const unknownShare = await post('/api/model/query', { share: 'A'.repeat(24), modelName: 'Material' });
      expect(unknownShare.statusCode).toBe(404);
    });

    it('answers 400 with the path of each bad field', async () => {
      const res = await post('/api/model/query', { share: shares.material, modelName: 'Nope', id: 'bad id!', extra: 1 });
      expect(res.statusCode).toBe(400);
      const paths = ApiErrorBody.parse(res.json()).errors.map((e) => e.path).sort();
      expect(paths).toEqual(['extra', 'id', 'modelName']);
      const notJson = await a.app.inject({ method: 'POST', url: '/api/model/query', headers: { 'content-type': 'application/json' }, payload: '{"share":' });
      expect(notJson.statusCode).toBe(400);
      expect(ApiErrorBody.parse(notJson.json()).errors[0].path).toBe('');
    });
  });

  describe('collectionMaterial', () => {
    it('answers the material of the collection by its publicId', async () => {
      const res = await post('/api/collectionMaterial', { collectionPublicId: shares.collection, publicId: 'material-api-in', guestSessionId: 'G'.repeat(24) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { ...inCollection, created_at: expect.any(String) } });
    });

    it('answers 404 for a material outside the collection, a material share and an unknown share', async () => {
      for (const body of [
        { collectionPublicId: shares.collection, publicId: 'rich-material' },
        { collectionPublicId: shares.material, publicId: 'rich-material' },
        { collectionPublicId: 'B'.repeat(24), publicId: 'material-api-in' },
      ]) {
        expect((await post('/api/collectionMaterial', body)).statusCode).toBe(404);
      }
    });

    it('answers 400 with paths for a bad body', async () => {
      const res = await post('/api/collectionMaterial', { collectionPublicId: 5 });
      expect(res.statusCode).toBe(400);
      expect(ApiErrorBody.parse(res.json()).errors.map((e) => e.path).sort()).toEqual(['collectionPublicId', 'publicId']);
    });
  });

  it('answers 404 JSON for an unknown API path', async () => {
    const res = await post('/api/nothing/here', {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [{ path: '', message: 'Not found' }] });
  });
});
