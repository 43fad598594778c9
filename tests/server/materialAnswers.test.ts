import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { importFile } from '../../server/store/import';
import { MaterialAnswers, negotiateEncoding } from '../../server/store/materialAnswers';
import type { Queryable } from '../../server/db/types';
import { loadMaterial } from '../../server/store/models';
import { Material } from '../../model/material';
import { embeddedPageData, useTestApp } from './app';
import { allElements } from '../../model/tree';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { richMaterial, smallCollection, smallMaterial } from './fixtures';

/** A cache of material answers of its own for one test, disposed after it. */
async function withAnswers(db: Queryable, run: (answers: MaterialAnswers) => Promise<void>): Promise<void> {
  const answers = new MaterialAnswers(db);
  try {
    await run(answers);
  } finally {
    answers.dispose();
  }
}

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    [undefined, 'identity'],
    ['gzip;q=0, br;q=0', 'identity'],
  ] as const)('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe.each(testDatabaseKinds)('material answers on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);
  const query = (share: string, encoding: string) =>
    a.app.inject({ method: 'POST', url: '/api/model/query', headers: { 'accept-encoding': encoding }, payload: { share, modelName: 'Material', id: 'm-rich' } });

  it('answers the stored material in every encoding, the same as it is stored', async () => {
    const { share } = await importFile(t.db, richMaterial, { share: 'public' });
    const stored = await loadMaterial(t.db, 'm-rich');
    const plain = await query(share.publicId, 'identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ data: [stored] });
    const br = await query(share.publicId, 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual({ data: [stored] });
    const gzip = await query(share.publicId, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual({ data: [stored] });
  });

  it('a re-import that changes the material is answered at once', async () => {
    const { share } = await importFile(t.db, richMaterial, { share: 'public' });
    expect((await query(share.publicId, 'identity')).json().data[0].title).toBe(richMaterial.title);
    await importFile(t.db, Material.parse({ ...richMaterial, title: 'Neu betitelt' }), { share: 'public' });
    expect((await query(share.publicId, 'identity')).json().data[0].title).toBe('Neu betitelt');
    // One element fewer: the number of rows is part of the version.
    const shorter = Material.parse({ ...richMaterial, title: 'Neu betitelt', content: richMaterial.content.slice(1) });
    await importFile(t.db, shorter, { share: 'public' });
    expect((await query(share.publicId, 'br')).rawPayload.length).toBeGreaterThan(0);
    expect(JSON.parse(brotliDecompressSync((await query(share.publicId, 'br')).rawPayload).toString()).data[0].content).toHaveLength(shorter.content.length);
  });

  it('a material share\'s page data names the element kinds the material uses, so their code loads alongside', async () => {
    const { share } = await importFile(t.db, richMaterial, { share: 'public' });
    const html = (await a.app.inject({ url: `/s/${share.publicId}/` })).body;
    const kinds = embeddedPageData(html).share?.elementKinds;
    const used = [...new Set([...allElements(richMaterial.content)].map((element) => element.modelName))].sort();
    expect(kinds).toEqual(used);
    expect(kinds!.length).toBeGreaterThan(2);
  });

  it('a share page takes what it needs of the material (kinds, shell) from an entry checked within PAGE_CHECK_MS, again after an import here', async () => {
    const calls: string[] = [];
    const db: Queryable = { query: (sql, params) => (calls.push(sql), t.db.query(sql, params)), exec: (sql) => t.db.exec(sql) };
    await withAnswers(db, async (answers) => {
      await importFile(t.db, richMaterial, { share: 'public' });
      const first = await answers.page('m-rich');
      expect(first?.shell.title).toBe(richMaterial.title);
      expect(first?.kinds).toContain('ChoiceQuestion');
      const asked = calls.length;
      expect(await answers.page('m-rich')).toEqual(first);
      expect(calls.length).toBe(asked);
      // The material's own answer still checks its version every time.
      await answers.answer('m-rich', 'single', 'identity');
      expect(calls.length).toBe(asked + 1);
      await importFile(t.db, Material.parse({ ...richMaterial, title: 'Neu betitelt' }), { share: 'public' });
      expect((await answers.page('m-rich'))?.shell.title).toBe('Neu betitelt');
      expect(await answers.page('no-such-material')).toBeNull();
    });
  });

  it("draws the first paint's elements once per language and version, kept and counted with the answer", async () => {
    await withAnswers(t.db, async (answers) => {
      await importFile(t.db, richMaterial, { share: 'public' });
      const page = (await answers.page('m-rich'))!;
      const german = (await page.drawnPage([], 'de'))!.contentHtml;
      expect(german).toContain('id="m-rich-text"');
      expect(german).toContain('<p>Hello</p>');
      expect(page.drawnPage([], 'de')).toBe(page.drawnPage([], 'de'));
      expect((await page.drawnPage([], 'en'))!.contentHtml).not.toBe(german);
      expect(answers.bytes).toBeGreaterThan(german.length * 2);
      await importFile(t.db, Material.parse({ ...richMaterial, content: [{ modelName: 'Text', id: 'm-rich-text', content: { html: '<p>Neu</p>' } }] }), { share: 'public' });
      await answers.answer('m-rich', 'single', 'identity');
      const changed = (await answers.page('m-rich'))!;
      expect((await changed.drawnPage([], 'de'))!.contentHtml).toContain('<p>Neu</p>');
    });
  });

  it("draws a chapter's page by its trail, once per language, and nothing for a trail that names no chapter", async () => {
    await withAnswers(t.db, async (answers) => {
      await importFile(t.db, richMaterial, { share: 'public' });
      const page = (await answers.page('m-rich'))!;
      const chapter = (await page.drawnPage(['chapter-one'], 'de'))!;
      expect(chapter.shell).toMatchObject({ title: 'Chapter one', hideCover: false });
      expect(chapter.contentHtml).toContain('id="m-rich-q1"');
      expect(chapter.contentHtml).not.toContain('id="m-rich-text"');
      expect(page.drawnPage(['chapter-one'], 'de')).toBe(page.drawnPage(['chapter-one'], 'de'));
      expect(page.drawnPage(['chapter-one'], 'en')).not.toBe(page.drawnPage(['chapter-one'], 'de'));
      expect(await page.drawnPage(['chapter-one', 'deeper'], 'de')).toBeNull();
      expect(await page.drawnPage(['m-rich-text'], 'de')).toBeNull();
    });
  });

  it('GET /api/material/{share}/{id}: the material alone, preloaded by its page, 304 while unchanged, 404 outside the share', async () => {
    const { share } = await importFile(t.db, richMaterial, { share: 'public' });
    const url = `/api/material/${share.publicId}/m-rich`;
    const first = await a.app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: await loadMaterial(t.db, 'm-rich') });
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await a.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await importFile(t.db, Material.parse({ ...richMaterial, title: 'Geändert' }), { share: 'public' });
    const changed = await a.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.title).toBe('Geändert');
    // The page names it as a preload.
    const html = (await a.app.inject({ url: `/s/${share.publicId}/` })).body;
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="${url}">`);
    // Not a material of this share, not a material at all, no such share: 404.
    const other = await importFile(t.db, smallMaterial('elsewhere'), { share: 'public' });
    expect((await a.app.inject({ url: `/api/material/${share.publicId}/${other.rootId}` })).statusCode).toBe(404);
    expect((await a.app.inject({ url: `/api/material/${share.publicId}/m-rich-q1` })).statusCode).toBe(404);
    expect((await a.app.inject({ url: `/api/material/no-such-share/m-rich` })).statusCode).toBe(404);
  });

  it('GET /api/material of a private share needs a login, as model/query does', async () => {
    const { share } = await importFile(t.db, richMaterial, { share: 'private' });
    expect((await a.app.inject({ url: `/api/material/${share.publicId}/m-rich` })).statusCode).toBe(403);
  });

  it('collectionMaterial answers a material of the collection alone, 404 for one that is not', async () => {
    const collection = smallCollection('answers', [smallMaterial('answers-a'), smallMaterial('answers-b')]);
    const { share } = await importFile(t.db, collection, { share: 'public' });
    const item = collection.items[1].material;
    const res = await a.app.inject({ method: 'POST', url: '/api/collectionMaterial', payload: { collectionPublicId: share.publicId, publicId: item.publicId } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: await loadMaterial(t.db, item.id) });
    const missing = await a.app.inject({ method: 'POST', url: '/api/collectionMaterial', payload: { collectionPublicId: share.publicId, publicId: 'not-there' } });
    expect(missing.statusCode).toBe(404);
  });
});
