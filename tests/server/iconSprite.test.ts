import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iconSprite } from '../../scripts/iconSprite.mjs';
import { ICON_SPRITE_URL } from '../../paint/iconSpriteUrl';
import { useTestApp } from './app';
import { useTestDatabase } from './databases';

/* GET /icons.svg (server/routes/iconSprite.ts): the spec's address of the sprite leads to the build's file. */
describe('the icon sprite at /icons.svg', () => {
  const t = useTestDatabase('pglite');
  const a = useTestApp(() => t.db);

  it('is named after its content, and the client is built with that name', () => {
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

  it("leads to the build's file, and to a new build's at once", async () => {
    const assets = path.join(a.clientDir, 'assets');
    fs.mkdirSync(assets, { recursive: true });
    try {
      fs.writeFileSync(path.join(assets, 'app-1.js'), '');
      fs.writeFileSync(path.join(assets, 'icons-first.svg'), '<svg/>');
      const res = await a.app.inject({ url: '/icons.svg' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/app/assets/icons-first.svg');
      expect(res.headers['cache-control']).toBe('no-cache');

      fs.rmSync(path.join(assets, 'icons-first.svg'));
      fs.writeFileSync(path.join(assets, 'icons-second.svg'), '<svg/>');
      // The listing is read again when the directory changes; make sure its time does on fast file systems.
      fs.utimesSync(assets, new Date(), new Date(Date.now() + 5000));
      expect((await a.app.inject({ url: '/icons.svg' })).headers.location).toBe('/app/assets/icons-second.svg');
    } finally {
      fs.rmSync(assets, { recursive: true, force: true });
    }
  });
});
