import { createContext } from 'react';

/**
 * True while the server draws a page's first paint (server/pages/shellContent.tsx): lists render
 * every element at once as `ShellElement`, with no actor, no chunk and no lazy code.
 */
export const ShellRenderingContext = createContext(false);

/**
 * The first paint of a material's root page shows its elements up to this many (counted as the page
 * counts them, containers with what they hold): on a long page the app renders only what comes near
 * the viewport and the server's frames stand in for the rest, so they must be there. Elements beyond
 * the first barrier, or beyond this many, the browser draws.
 */
export const SHELL_MAX_ELEMENTS = 6000;
