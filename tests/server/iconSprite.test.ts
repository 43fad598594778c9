import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iconSprite } from '../../scripts/iconSprite.mjs';
import { ICON_SPRITE_URL } from '../../src/ui/iconSpriteUrl';
import { useTestApp } from './app';
import { useTestDatabase } from './databases';

/* GET /icons.svg (server/routes/iconSprite.ts): the spec's address of the sprite leads to the build's file. */
describe('the icon sprite at /icons.svg', () => {
  const t = useTestDatabase('pglite');
  const a = useTestApp(() => t.db);

  it('is named after its content, and the code is built with that name', () => {
    const { url, source } = iconSprite(process.cwd());
    expect(ICON_SPRITE_URL).toBe(url);
    expect(url).toMatch(/^\/app\/assets\/icons-[\w-]{10}\.svg$/);
    expect(source.toString()).toContain('<symbol id="search"');
  });

  it('is 404 while the client has no build of it', async () => {
    const res = await a.app.inject({ url: '/icons.svg' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("leads to the build's file, checked on every use so that a new build's sprite is found at once", async () => {
    const file = path.join(a.clientDir, ICON_SPRITE_URL.replace(/^\/app\//, ''));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '<svg/>');
    try {
      const res = await a.app.inject({ url: '/icons.svg' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(ICON_SPRITE_URL);
      expect(res.headers['cache-control']).toBe('no-cache');
    } finally {
      fs.rmSync(file);
    }
  });
});
