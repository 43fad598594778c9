/**
 * The icon sprite's file in the client's build, named after its content: `vite build` emits it and
 * builds the client with its address as `__ICON_SPRITE_URL__` (vite.config.ts `iconSpriteFile`). The
 * server finds the file in the build when it answers /icons.svg (server/routes/iconSprite.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The sprite's source (paint/Icon.tsx names its symbols). */
export const ICON_SPRITE_SOURCE = 'paint/icons/icons.svg';

/** `{ source, fileName, url }`: the sprite's bytes, its file under dist/client and its address (the client is served under /app/). */
export function iconSprite(root) {
  const source = fs.readFileSync(path.join(root, ICON_SPRITE_SOURCE));
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 10);
  const fileName = `assets/icons-${hash}.svg`;
  return { source, fileName, url: `/app/${fileName}` };
}
