declare const __ICON_SPRITE_URL__: string | undefined;

/**
 * The address of the icon sprite (./icons/icons.svg): a file of the build named after its content, set
 * at build time by the client's and the server's builds alike (scripts/iconSprite.mjs). The browser
 * fetches it once, caches it for good, and the service worker keeps it for offline use. Code run
 * unbuilt (tsx) names the spec's address, /icons.svg, which leads to the same file
 * (server/routes/iconSprite.ts).
 */
export const ICON_SPRITE_URL: string = typeof __ICON_SPRITE_URL__ === 'string' ? __ICON_SPRITE_URL__ : '/icons.svg';
