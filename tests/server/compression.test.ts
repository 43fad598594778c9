import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_TEMPLATE, PAGE_DATA_MARKER } from '../../server/pages/render';
import { importFile } from '../../server/store/import';
import { embeddedPageData, useTestApp } from './app';
import { useTestDatabase } from './databases';
import { richMaterial, smallMaterial } from './fixtures';
import { event } from './learners';

/** The body of an answer, decoded as its Content-Encoding says. */
function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString();
}

const varies = (res: { headers: Record<string, unknown> }) => String(res.headers.vary ?? '').toLowerCase().split(/,\s*/).includes('accept-encoding');

describe('compression', () => {
  const t = useTestDatabase('pglite');
  const a = useTestApp(() => t.db);
  // What the build writes (vite.config.ts, precompress): a hashed script with its .br and .gz.
  const script = `export const answer = ${JSON.stringify('forty-two '.repeat(400))};\n`;
  let shareId = '';
  let guestShareId = '';

  beforeAll(async () => {
    const assets = path.join(a.clientDir, 'assets');
    fs.mkdirSync(assets, { recursive: true });
    fs.writeFileSync(path.join(assets, 'index-Ab12Cd34.js'), script);
    fs.writeFileSync(path.join(assets, 'index-Ab12Cd34.js.br'), brotliCompressSync(script));
    fs.writeFileSync(path.join(assets, 'index-Ab12Cd34.js.gz'), gzipSync(script));
    fs.writeFileSync(path.join(assets, 'small-Ab12Cd34.css'), 'body{margin:0}');
    // The page template as a build writes it (a few KiB with its preload links), page data inserted at the marker.
    const preloads = Array.from({ length: 40 }, (_, i) => `    <link rel="modulepreload" crossorigin href="/app/assets/chunk-${i}-Ab12Cd34.js">`).join('\n');
    fs.writeFileSync(path.join(a.clientDir, 'index.html'), FALLBACK_TEMPLATE.replace(PAGE_DATA_MARKER, `${preloads}\n    ${PAGE_DATA_MARKER}`));
    // A material with enough text that its model answer is far over the 1 KiB threshold.
    const long = smallMaterial('zip', {
      content: Array.from({ length: 40 }, (_, i) => ({ modelName: 'Text', id: `m-zip-t${i}`, content: { html: `<p>Paragraph ${i}: ${'lorem ipsum '.repeat(20)}</p>` } })),
    } as never);
    shareId = (await importFile(t.db, long, { share: 'public' })).share.publicId;
    guestShareId = (await importFile(t.db, richMaterial, { share: 'guest' })).share.publicId;
  });

  it('serves a built script as its precompressed brotli or gzip file when asked, else as it is, varying on Accept-Encoding', async () => {
    const url = '/app/assets/index-Ab12Cd34.js';
    const br = await a.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(varies(br)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    expect(decoded(br)).toBe(script);

    const gzip = await a.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(varies(gzip)).toBe(true);
    expect(decoded(gzip)).toBe(script);

    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const plain = await a.app.inject({ url, headers });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(varies(plain)).toBe(true);
      expect(plain.body).toBe(script);
    }
  });

  it('answers 304 to a repeated request with the ETag of the variant it got', async () => {
    const url = '/app/assets/index-Ab12Cd34.js';
    for (const encoding of ['br', 'gzip', 'identity']) {
      const first = await a.app.inject({ url, headers: { 'accept-encoding': encoding } });
      expect(first.headers.etag).toBeTruthy();
      const again = await a.app.inject({ url, headers: { 'accept-encoding': encoding, 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode, encoding).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    const br = await a.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    const plain = await a.app.inject({ url });
    expect(br.headers.etag).not.toBe(plain.headers.etag);
  });

  it('sends a small static file as it is', async () => {
    const res = await a.app.inject({ url: '/app/assets/small-Ab12Cd34.css', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('body{margin:0}');
  });

  it('compresses the page HTML with its page data', async () => {
    const br = await a.app.inject({ url: `/s/${shareId}/`, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br)).toBe(true);
    const html = decoded(br);
    expect(html.length).toBeGreaterThan(4096);
    expect(br.rawPayload.length).toBeLessThan(html.length / 3);
    expect(embeddedPageData(html).share?.publicId).toBe(shareId);

    const gzip = await a.app.inject({ url: `/s/${shareId}/`, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(html);
    const plain = await a.app.inject({ url: `/s/${shareId}/` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('compresses a large API JSON answer and leaves a small userdata acknowledgement as it is', async () => {
    const query = { method: 'POST' as const, url: '/api/model/query', payload: { share: shareId, modelName: 'Material' } };
    const res = await a.app.inject({ ...query, headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varies(res)).toBe(true);
    const json = JSON.parse(decoded(res)) as { data: { id: string }[] };
    expect(json.data[0].id).toBe('m-zip');
    const plain = await a.app.inject(query);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(json);

    const guest = await a.app.inject({ method: 'POST', url: '/api/guest', payload: { name: 'Ada Lovelace', publicId: guestShareId } });
    const guestSessionId = guest.json().data.publicId as string;
    const events = [event({ shareId: guestShareId, id: 'm-rich-q1', modelName: 'ChoiceQuestion', guestSessionId }, { selected: ['m-rich-q1-a'] })];
    const ack = await a.app.inject({ method: 'POST', url: '/api/userdata', payload: { events }, headers: { 'accept-encoding': 'gzip, br' } });
    expect(ack.statusCode).toBe(200);
    expect(ack.headers['content-encoding']).toBeUndefined();
    expect(ack.json().data.acknowledged).toEqual([events[0].id]);
  });
});
