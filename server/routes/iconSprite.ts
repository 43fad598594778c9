import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ICON_SPRITE_URL } from '../../src/ui/iconSpriteUrl';

export interface IconSpriteRouteOptions {
  /** The built client (`dist/client`), which holds the sprite's file under assets/. */
  clientDir: string;
}

/**
 * `GET /icons.svg`, the sprite's address in spec section 7: a redirect to the build's file named after
 * its content (src/ui/iconSpriteUrl.ts), which the app itself uses and browsers cache for good. The
 * redirect is checked on every use (`no-cache`), so a new build's sprite is found at once. 404 when
 * the client has no build of it.
 */
export async function iconSpriteRoute(app: FastifyInstance, opts: IconSpriteRouteOptions): Promise<void> {
  const built = ICON_SPRITE_URL.startsWith('/app/') ? path.join(path.resolve(opts.clientDir), ICON_SPRITE_URL.slice('/app/'.length)) : null;
  app.get('/icons.svg', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    if (!built || !fs.existsSync(built)) return reply.status(404).type('text/plain; charset=utf-8').send('No icon sprite in this build');
    return reply.redirect(ICON_SPRITE_URL, 302);
  });
}
