import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CompressedPages, LARGE_PAGE_CHARS } from '../../server/http/compressedPages';
import { Material } from '../../model/material';
import { importFile } from '../../server/store/import';
import { useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';

const page = (text: string) => `<!doctype html><p>${text}</p>`.padEnd(LARGE_PAGE_CHARS + 10, ' ');

describe('compressed large pages', () => {
  it('compresses a body once per encoding and gives back exactly its text', async () => {
    const pages = new CompressedPages();
    const html = page('Wasser');
    const br = await pages.body(html, 'br');
    expect(await pages.body(html, 'br')).toBe(br);
    const gz = await pages.body(html, 'gzip');
    expect(pages.compressions).toBe(2);
    expect(brotliDecompressSync(br).toString('utf8')).toBe(html);
    expect(gunzipSync(gz).toString('utf8')).toBe(html);
    // Another body (a guest's page data in it) is compressed on its own.
    await pages.body(page('Wasser, Gast Lena'), 'br');
    expect(pages.compressions).toBe(3);
  });

  it('forgets the least recently used bodies beyond its byte budget', async () => {
    const pages = new CompressedPages(1);
    await pages.body(page('eins'), 'gzip');
    await pages.body(page('zwei'), 'gzip');
    await pages.body(page('eins'), 'gzip');
    expect(pages.compressions).toBe(3);
  });
});

describe.each(testDatabaseKinds)('a long course page, on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);

  it('comes compressed by its route, the same page in every encoding, with the elements drawn by the server', async () => {
    const content = Array.from({ length: 700 }, (_, i) => ({ modelName: 'Text' as const, id: `long-${i}`, content: { html: `<p>Absatz ${i} über das Grundwasser.</p>` } }));
    const { share } = await importFile(t.db, Material.parse({ modelName: 'Material', id: 'm-long', publicId: 'material-long', title: 'Lang', content }), { share: 'public' });
    const url = `/s/${share.publicId}/`;
    const plain = await a.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.body.length).toBeGreaterThan(LARGE_PAGE_CHARS);
    expect(plain.body).toContain('id="long-699"');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await a.app.inject({ url, headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      // Sent whole by the route, from its kept body (@fastify/compress streams what it compresses, without a length).
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.headers.vary).toContain('Accept-Encoding');
      const text = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(res.rawPayload).toString('utf8');
      expect(text).toBe(plain.body);
    }
  });
});
