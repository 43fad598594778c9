declare const __ICON_SPRITE_URL__: string | undefined;

/**
 * The address of the icon sprite (./icons/icons.svg). In the client: a file of its build named after
 * its content, set at build time (scripts/iconSprite.mjs); the browser fetches it once, caches it for
 * good, and the service worker keeps it for offline use. In the server's first paint (and any code
 * not built by Vite): the spec's address, /icons.svg, which the server leads to whatever file the
 * client's build holds (server/routes/iconSprite.ts), so the two builds can never disagree.
 */
export const ICON_SPRITE_URL: string = typeof __ICON_SPRITE_URL__ === 'string' ? __ICON_SPRITE_URL__ : '/icons.svg';
