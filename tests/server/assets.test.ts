import { copyFile, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetRoutes } from '../../server/routes/assets';
import { focusCrop } from '../../server/assets/focusCrop';
import { ASSET_PRESETS, assetUrl, type AssetPreset } from '../../model/assetUrl';

const RED = '#ff0000';
const BLUE = '#0000ff';
const GREEN = '#00ff00';
const fixtureSvg = path.resolve(__dirname, '../fixtures/assets/logo.svg');

let root: string;
let assetsA: string;
let assetsB: string;
let cacheDir: string;
let app: FastifyInstance;

/** A solid image of `width`×`height` with a second colour filling one half. */
async function splitImage(width: number, height: number, first: string, second: string, split: 'vertical' | 'horizontal') {
  const half = split === 'vertical'
    ? { width: width / 2, height, left: width / 2, top: 0 }
    : { width, height: height / 2, left: 0, top: height / 2 };
  const overlay = await sharp({ create: { width: half.width, height: half.height, channels: 3, background: second } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: first } }).composite([{ input: overlay, left: half.left, top: half.top }]);
}

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

/**
 * A real HTTP request with the path sent byte for byte: inject() (like a browser) would
 * normalise "..", "%2e%2e" before the server sees them, and traversal attempts do not.
 */
async function rawGet(rawPath: string): Promise<{ statusCode: number; contentType: string; body: string }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: rawPath }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({
        statusCode: response.statusCode ?? 0,
        contentType: String(response.headers['content-type']),
        body: Buffer.concat(chunks).toString('utf8'),
      }));
    });
    request.on('error', reject);
  });
}

/** RGB(A) of the pixel at fractions (fx, fy) of a rendered image. */
async function pixelAt(image: Buffer, fx: number, fy: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const x = Math.min(info.width - 1, Math.floor(fx * info.width));
  const y = Math.min(info.height - 1, Math.floor(fy * info.height));
  const offset = (y * info.width + x) * info.channels;
  return [...data.subarray(offset, offset + info.channels)];
}

function expectColour(pixel: number[], hex: string) {
  const wanted = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  wanted.forEach((value, channel) => expect(Math.abs(pixel[channel] - value)).toBeLessThan(40));
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'lernwerk-assets-'));
  assetsA = path.join(root, 'assets');
  assetsB = path.join(root, 'more-assets');
  cacheDir = path.join(root, 'cache');
  await mkdir(path.join(assetsA, 'sub dir'), { recursive: true });
  await mkdir(assetsB, { recursive: true });

  await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#336699' } }).jpeg().toFile(path.join(assetsA, 'photo.jpg'));
  await (await splitImage(1200, 400, RED, BLUE, 'vertical')).png().toFile(path.join(assetsA, 'split-lr.png'));
  await (await splitImage(400, 1200, GREEN, BLUE, 'horizontal')).png().toFile(path.join(assetsA, 'split-tb.png'));
  // Stored 1200×400 red|blue, EXIF orientation 6 (rotate 90° clockwise): shown 400×1200, red on top.
  await (await splitImage(1200, 400, RED, BLUE, 'vertical')).jpeg().withMetadata({ orientation: 6 }).toFile(path.join(assetsA, 'rotated.jpg'));
  await sharp({ create: { width: 200, height: 100, channels: 3, background: GREEN } }).png().toFile(path.join(assetsA, 'small.png'));
  await sharp({ create: { width: 400, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: await sharp({ create: { width: 100, height: 100, channels: 4, background: RED } }).png().toBuffer(), left: 150, top: 50 }])
    .png()
    .toFile(path.join(assetsA, 'logo-alpha.png'));
  await sharp({ create: { width: 300, height: 300, channels: 3, background: BLUE } }).png().toFile(path.join(assetsA, 'sub dir', 'Bild ä.png'));
  await copyFile(fixtureSvg, path.join(assetsA, 'logo.svg'));
  await writeFile(path.join(assetsA, 'broken.png'), 'this is not an image');
  await sharp({ create: { width: 50, height: 50, channels: 3, background: RED } }).png().toFile(path.join(root, 'secret.png'));
  await symlink(path.join(root, 'secret.png'), path.join(assetsA, 'link-out.png'));
  await symlink(path.join(assetsA, 'small.png'), path.join(assetsA, 'link-in.png'));
  // Same name in the second directory with another size: the first directory must win.
  await sharp({ create: { width: 800, height: 800, channels: 3, background: RED } }).jpeg().toFile(path.join(assetsB, 'photo.jpg'));
  await sharp({ create: { width: 320, height: 160, channels: 3, background: RED } }).png().toFile(path.join(assetsB, 'only-b.png'));

  app = Fastify();
  await app.register(assetRoutes, { prefix: '/api/assets', assetDirs: [assetsA, assetsB], cacheDir });
  await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app?.close();
  await rm(root, { recursive: true, force: true });
});

describe('focusCrop', () => {
  it('takes the full height of a wide image and centres the focus where the edges allow', () => {
    expect(focusCrop(1200, 400, 20 / 13, 0.5, 0.5)).toEqual({ left: 293, top: 0, width: 615, height: 400 });
    expect(focusCrop(1200, 400, 20 / 13, 0, 0.5)).toEqual({ left: 0, top: 0, width: 615, height: 400 });
    expect(focusCrop(1200, 400, 20 / 13, 1, 0.5)).toEqual({ left: 585, top: 0, width: 615, height: 400 });
    expect(focusCrop(1200, 400, 20 / 13, 0.3, 0.5)).toEqual({ left: 53, top: 0, width: 615, height: 400 });
  });

  it('takes the full width of a tall image and moves vertically', () => {
    expect(focusCrop(400, 1200, 1500 / 288, 0.5, 0)).toEqual({ left: 0, top: 0, width: 400, height: 77 });
    expect(focusCrop(400, 1200, 1500 / 288, 0.5, 1)).toEqual({ left: 0, top: 1123, width: 400, height: 77 });
    expect(focusCrop(400, 1200, 1500 / 288, 0.5, 0.5)).toEqual({ left: 0, top: 562, width: 400, height: 77 });
  });
});

/** Expected output of the 1600×1000 jpeg per preset. */
const photoOutputs: Record<AssetPreset, { width: number; height: number; format: 'webp' | 'png' }> = {
  'img-1400': { width: 1400, height: 875, format: 'webp' },
  'img-700': { width: 700, height: 438, format: 'webp' },
  'img-300': { width: 300, height: 188, format: 'webp' },
  card: { width: 640, height: 416, format: 'webp' },
  'card-300': { width: 300, height: 195, format: 'webp' },
  logo: { width: 154, height: 96, format: 'png' },
  placeholder: { width: 24, height: 15, format: 'webp' },
  'cover.webp': { width: 1500, height: 288, format: 'webp' },
  'cover-1500.webp': { width: 1500, height: 938, format: 'webp' },
  'cover-700.webp': { width: 700, height: 438, format: 'webp' },
};

describe('GET /api/assets/:preset/*', () => {
  it.each(ASSET_PRESETS)('renders a 1600×1000 jpeg in preset %s at the right size and format', async (preset) => {
    const response = await get(assetUrl('/api/assets', { file: 'photo.jpg' }, preset));
    expect(response.statusCode).toBe(200);
    const expected = photoOutputs[preset];
    expect(response.headers['content-type']).toBe(`image/${expected.format}`);
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta.format).toBe(expected.format);
    expect(meta.width).toBe(expected.width);
    expect(Math.abs(meta.height - expected.height)).toBeLessThanOrEqual(1);
  });

  it('never enlarges a small source and keeps the crop aspect', async () => {
    const wide = await sharp((await get('/api/assets/img-1400/small.png')).rawPayload).metadata();
    expect([wide.width, wide.height]).toEqual([200, 100]);
    const card = await sharp((await get('/api/assets/card/small.png')).rawPayload).metadata();
    expect(card.height).toBe(100);
    expect(card.width).toBe(154);
  });

  it('blurs the placeholder: a hard red|blue edge comes out as a gradient', async () => {
    const response = await get('/api/assets/placeholder/split-lr.png');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([24, 8, 'webp']);
    const [r, , b] = await pixelAt(response.rawPayload, 0.5, 0.5);
    expect(r).toBeGreaterThan(40);
    expect(b).toBeGreaterThan(40);
  });

  it('keeps transparency in the logo preset', async () => {
    const response = await get('/api/assets/logo/logo-alpha.png');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 192, 96, true]);
    expect((await pixelAt(response.rawPayload, 0.02, 0.02))[3]).toBe(0);
    expectColour(await pixelAt(response.rawPayload, 0.5, 0.5), RED);
    expect((await pixelAt(response.rawPayload, 0.5, 0.5))[3]).toBe(255);
  });

  it('rasterises SVG sources at the size of the preset', async () => {
    const img = await get('/api/assets/img-700/logo.svg');
    expect(img.headers['content-type']).toBe('image/webp');
    const imgMeta = await sharp(img.rawPayload).metadata();
    expect([imgMeta.width, imgMeta.height]).toEqual([700, 350]);
    const logo = await get('/api/assets/logo/logo.svg');
    const logoMeta = await sharp(logo.rawPayload).metadata();
    expect([logoMeta.format, logoMeta.width, logoMeta.height, logoMeta.hasAlpha]).toEqual(['png', 192, 96, true]);
    expect((await pixelAt(logo.rawPayload, 0.01, 0.01))[3]).toBe(0);
    expectColour(await pixelAt(logo.rawPayload, 0.25, 0.5), '#1d4ed8');
    const card = await sharp((await get('/api/assets/card/logo.svg')).rawPayload).metadata();
    expect([card.width, card.height]).toEqual([640, 416]);
  });

  it('moves the card crop with the horizontal focus', async () => {
    const left = await get('/api/assets/card/split-lr.png?fx=0&fy=0.5');
    const right = await get('/api/assets/card/split-lr.png?fx=1&fy=0.5');
    const centre = await get('/api/assets/card/split-lr.png');
    for (const response of [left, right, centre]) expect(response.statusCode).toBe(200);
    expectColour(await pixelAt(left.rawPayload, 0.9, 0.5), RED);
    expectColour(await pixelAt(right.rawPayload, 0.1, 0.5), BLUE);
    expectColour(await pixelAt(centre.rawPayload, 0.1, 0.5), RED);
    expectColour(await pixelAt(centre.rawPayload, 0.9, 0.5), BLUE);
  });

  it('moves the cover crop with the vertical focus', async () => {
    const top = await get('/api/assets/cover.webp/split-tb.png?fy=0');
    const bottom = await get('/api/assets/cover.webp/split-tb.png?fy=1');
    const topMeta = await sharp(top.rawPayload).metadata();
    expect([topMeta.width, topMeta.height]).toEqual([400, 77]);
    expectColour(await pixelAt(top.rawPayload, 0.5, 0.5), GREEN);
    expectColour(await pixelAt(bottom.rawPayload, 0.5, 0.5), BLUE);
  });

  it('applies EXIF orientation before cropping around the focus', async () => {
    const whole = await sharp((await get('/api/assets/img-300/rotated.jpg')).rawPayload).metadata();
    expect([whole.width, whole.height]).toEqual([300, 900]);
    const top = await get('/api/assets/card-300/rotated.jpg?fy=0');
    const bottom = await get('/api/assets/card-300/rotated.jpg?fy=1');
    expect((await sharp(top.rawPayload).metadata()).width).toBe(300);
    expectColour(await pixelAt(top.rawPayload, 0.5, 0.5), RED);
    expectColour(await pixelAt(bottom.rawPayload, 0.5, 0.5), BLUE);
  });

  it('finds files with spaces and umlauts through the URL the client builds', async () => {
    const url = assetUrl('/api/assets', { file: 'sub dir/Bild ä.png', focus: { x: 0.2, y: 0.8 } }, 'card-300');
    expect(url).toBe('/api/assets/card-300/sub%20dir/Bild%20%C3%A4.png?fx=0.2&fy=0.8');
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expectColour(await pixelAt(response.rawPayload, 0.5, 0.5), BLUE);
  });

  it('searches the asset directories in order, first match wins', async () => {
    const first = await sharp((await get('/api/assets/img-1400/photo.jpg')).rawPayload).metadata();
    expect(first.width).toBe(1400);
    const onlyB = await get('/api/assets/img-1400/only-b.png');
    expect(onlyB.statusCode).toBe(200);
    expect((await sharp(onlyB.rawPayload).metadata()).width).toBe(320);
  });

  it('follows symlinks that stay inside the asset directory', async () => {
    const response = await get('/api/assets/img-300/link-in.png');
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(200);
  });

  describe('disk cache', () => {
    it('renders once, then serves the cached file without re-encoding', async () => {
      const before = await filesIn(cacheDir);
      const first = await get('/api/assets/img-700/split-lr.png');
      expect(first.headers['x-asset-cache']).toBe('miss');
      const after = await filesIn(cacheDir);
      expect(after.length).toBe(before.length + 1);
      const [written] = after.filter((file) => !before.includes(file));
      expect(written.endsWith('.webp')).toBe(true);
      const { mtimeMs } = await stat(written);

      await new Promise((resolve) => setTimeout(resolve, 20));
      const second = await get('/api/assets/img-700/split-lr.png');
      expect(second.headers['x-asset-cache']).toBe('hit');
      expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
      expect((await stat(written)).mtimeMs).toBe(mtimeMs);
      expect((await filesIn(cacheDir)).length).toBe(after.length);
    });

    it('ignores the focus for presets that do not crop, and keys crops by it', async () => {
      const plain = await get('/api/assets/img-300/split-tb.png');
      const focused = await get('/api/assets/img-300/split-tb.png?fx=0.1&fy=0.9');
      expect(focused.headers.etag).toBe(plain.headers.etag);
      expect(focused.headers['x-asset-cache']).toBe('hit');
      const cardA = await get('/api/assets/card/split-tb.png?fx=0.1');
      const cardB = await get('/api/assets/card/split-tb.png?fx=0.9');
      expect(cardA.headers.etag).not.toBe(cardB.headers.etag);
    });

    it('renders concurrent requests once and leaves no temporary files', async () => {
      const before = await filesIn(cacheDir);
      const responses = await Promise.all(Array.from({ length: 6 }, () => get('/api/assets/card/photo.jpg?fx=0.37')));
      const bodies = responses.map((response) => response.rawPayload);
      for (const body of bodies) expect(Buffer.compare(body, bodies[0])).toBe(0);
      const after = await filesIn(cacheDir);
      expect(after.length).toBe(before.length + 1);
      expect(after.some((file) => file.endsWith('.tmp'))).toBe(false);
    });

    it('renders again when the source file changes', async () => {
      const file = path.join(assetsA, 'changing.png');
      await sharp({ create: { width: 400, height: 400, channels: 3, background: RED } }).png().toFile(file);
      const first = await get('/api/assets/img-300/changing.png');
      await sharp({ create: { width: 600, height: 300, channels: 3, background: BLUE } }).png().toFile(file);
      const second = await get('/api/assets/img-300/changing.png');
      expect(second.headers['x-asset-cache']).toBe('miss');
      expect(second.headers.etag).not.toBe(first.headers.etag);
      expect((await sharp(second.rawPayload).metadata()).height).toBe(150);
    });
  });

  describe('conditional requests', () => {
    it('sends an ETag and cache headers and answers 304 to a matching If-None-Match', async () => {
      const first = await get('/api/assets/card-300/photo.jpg');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=86400');

      const notModified = await get('/api/assets/card-300/photo.jpg', { 'if-none-match': etag });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.rawPayload.length).toBe(0);
      expect(notModified.headers.etag).toBe(etag);

      const inList = await get('/api/assets/card-300/photo.jpg', { 'if-none-match': `"other", W/${etag}` });
      expect(inList.statusCode).toBe(304);

      const stale = await get('/api/assets/card-300/photo.jpg', { 'if-none-match': '"0000"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.length).toBeGreaterThan(0);
    });
  });

  describe('refused requests', () => {
    it.each([
      ['raw ..', '/api/assets/img-300/sub%20dir/../../secret.png', 400],
      ['encoded ..', '/api/assets/img-300/%2e%2e/secret.png', 400],
      ['encoded slash', '/api/assets/img-300/..%2Fsecret.png', 400],
      ['backslash', '/api/assets/img-300/..%5Csecret.png', 400],
      ['absolute path', '/api/assets/img-300//etc/passwd', 400],
      ['encoded absolute path', '/api/assets/img-300/%2Fetc%2Fpasswd', 400],
      ['double-encoded ..', '/api/assets/img-300/%252e%252e/secret.png', 404],
      ['symlink leaving the asset dir', '/api/assets/img-300/link-out.png', 404],
    ])('refuses path traversal: %s', async (_name, url, status) => {
      const response = await rawGet(url);
      expect(response.statusCode).toBe(status);
      expect(response.contentType).toMatch(/^application\/json/);
      expect(response.body).toContain(status === 400 ? 'Invalid asset path' : 'Asset not found');
    });

    it('rejects an unknown preset with a message naming it', async () => {
      const response = await get('/api/assets/img-9999/photo.jpg');
      expect(response.statusCode).toBe(400);
      const body = response.json<{ errors: { message: string; path: string }[] }>();
      expect(body.errors[0].message).toContain('"img-9999"');
      expect(body.errors[0].path).toBe('params.preset');
    });

    it.each(['fx=1.5', 'fy=-0.1', 'fx=abc', 'fx=', 'fx=0.2&fx=0.3'])('rejects a focus outside [0,1]: %s', async (query) => {
      const response = await get(`/api/assets/card/photo.jpg?${query}`);
      expect(response.statusCode).toBe(400);
      const body = response.json<{ errors: { path: string }[] }>();
      expect(body.errors[0].path).toMatch(/^query\.f[xy]$/);
    });

    it('answers 404 JSON for a missing file', async () => {
      const response = await get('/api/assets/img-700/nope/missing.png');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errors: [{ message: 'Asset not found' }] });
    });

    it('answers 415 for a file that is not an image, and caches nothing', async () => {
      const before = await filesIn(cacheDir);
      const response = await get('/api/assets/img-700/broken.png');
      expect(response.statusCode).toBe(415);
      expect(response.headers.etag).toBeUndefined();
      expect(await filesIn(cacheDir)).toEqual(before);
    });
  });
});
