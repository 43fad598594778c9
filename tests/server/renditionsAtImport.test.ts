import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetUrl } from '../../model/assetUrl';
import { renditionsOf } from '../../server/assets/prepareRenditions';
import { assetRoutes } from '../../server/routes/assets';
import { seedPgliteDataDir } from './databases';
import { smallCollection, smallMaterial } from './fixtures';
import { runTsx } from './spawn';

/*
 * The covers' renditions are made at import (server/cli/import.ts), into the cache the asset route reads:
 * the first visit of the imported pages finds them on disk instead of waiting for them to be rendered.
 */
describe('renditions made at import', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-renditions-'));
  const contentDir = path.join(dir, 'content');
  const assetsDir = path.join(contentDir, 'assets');
  const dataDir = path.join(dir, 'data');
  const cover = { file: 'covers/lake.jpg', focus: { x: 0.25, y: 0.75 } };
  const cardCover = { file: 'covers/field.png' };
  let app: FastifyInstance;
  let stdout = '';

  beforeAll(async () => {
    fs.mkdirSync(path.join(assetsDir, 'covers'), { recursive: true });
    await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3366aa' } }).jpeg().toFile(path.join(assetsDir, cover.file));
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#66aa33' } }).png().toFile(path.join(assetsDir, cardCover.file));
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#aa3366' } }).png().toFile(path.join(assetsDir, 'covers/inline.png'));
    await seedPgliteDataDir(dataDir);
    const collection = smallCollection('renditions', [smallMaterial('renditions-a', { cover }), smallMaterial('renditions-b', { cover: cardCover })]);
    const file = path.join(dir, 'collection.json');
    fs.writeFileSync(file, JSON.stringify({ ...collection, cover }));
    const result = await runTsx('server/cli/import.ts', [file], { DATA_DIR: dataDir, CONTENT_DIR: contentDir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    stdout = result.stdout;
    app = Fastify();
    await app.register(assetRoutes, { prefix: '/api/assets', assetDirs: [assetsDir], cacheDir: path.join(dataDir, 'cache') });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("renders the collection's cover in both widths and its materials' covers as cards, and the route answers them from the cache", async () => {
    expect(stdout).toContain('Images: 4 renditions made.');
    const made = [
      [cover, 'cover-700.webp'],
      [cover, 'cover-1500.webp'],
      [cover, 'card'],
      [cardCover, 'card'],
    ] as const;
    for (const [asset, preset] of made) {
      const response = await app.inject(assetUrl('/api/assets', asset, preset));
      expect(response.statusCode, `${asset.file} ${preset}`).toBe(200);
      expect(response.headers['x-asset-cache'], `${asset.file} ${preset}`).toBe('hit');
    }
    const card = await app.inject(assetUrl('/api/assets', cover, 'card'));
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 416 });
  });

  it('leaves other renditions to the first request', async () => {
    expect((await app.inject(assetUrl('/api/assets', { file: 'covers/inline.png' }, 'img-700'))).headers['x-asset-cache']).toBe('miss');
    expect((await app.inject(assetUrl('/api/assets', cover, 'img-300'))).headers['x-asset-cache']).toBe('miss');
    expect((await app.inject(assetUrl('/api/assets', cardCover, 'cover-700.webp'))).headers['x-asset-cache'], "a collection's material opened").toBe('miss');
  });

  it('finds the first paint first, then the content images, once each', () => {
    const material = { cover, content: [{ asset: { file: 'x.png' } }, { images: [{ file: 'y.png' }, { file: 'x.png' }] }] };
    const file = { cover, items: [{ material }], logo: { file: 'logo.png' } };
    const centre = { x: 0.5, y: 0.5 };
    expect(renditionsOf(file)).toEqual([
      { file: cover.file, preset: 'cover-700.webp', focus: cover.focus },
      { file: cover.file, preset: 'cover-1500.webp', focus: cover.focus },
      { file: cover.file, preset: 'card', focus: cover.focus },
      { file: 'logo.png', preset: 'logo', focus: centre },
    ]);
    expect(renditionsOf(material).slice(2)).toEqual([
      { file: 'x.png', preset: 'img-700', focus: centre },
      { file: 'x.png', preset: 'img-1400', focus: centre },
      { file: 'y.png', preset: 'img-700', focus: centre },
      { file: 'y.png', preset: 'img-1400', focus: centre },
    ]);
    expect(renditionsOf(material, { content: false })).toHaveLength(2);
  });
});
