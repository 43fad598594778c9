import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export interface IconSpriteRouteOptions {
  /** The built client (`dist/client`), which holds the sprite's file under assets/ (scripts/iconSprite.mjs). */
  clientDir: string;
}

const SPRITE_FILE = /^icons-[\w-]+\.svg$/;

/**
 * `GET /icons.svg`, the sprite's address in spec section 7 and the one the server's first paint uses:
 * a redirect to the file of the client's build named after its content (which the app uses directly and
 * browsers cache for good). Looked up when the build changes, and checked by browsers on every use
 * (`no-cache`), so a new build's sprite is found at once. 404 when the client has no build of it.
 */
export async function iconSpriteRoute(app: FastifyInstance, opts: IconSpriteRouteOptions): Promise<void> {
  const assets = path.join(path.resolve(opts.clientDir), 'assets');
  let found: { mtimeMs: number; url: string | null } | null = null;
  const spriteUrl = (): string | null => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(assets).mtimeMs;
    } catch {
      return null;
    }
    if (found?.mtimeMs !== mtimeMs) {
      const file = fs.readdirSync(assets).find((name) => SPRITE_FILE.test(name));
      found = { mtimeMs, url: file ? `/app/assets/${file}` : null };
    }
    return found.url;
  };
  app.get('/icons.svg', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    const url = spriteUrl();
    if (!url) return reply.status(404).type('text/plain; charset=utf-8').send('No icon sprite in this build');
    return reply.redirect(url, 302);
  });
}
