import { createContext } from 'react';

/**
 * True while the server draws a page's first paint (server/pages/shellContent.tsx): lists render
 * every element at once as `ShellElement`, with no actor, no chunk and no lazy code.
 */
export const ShellRenderingContext = createContext(false);

/**
 * The first paint of a material's root page shows its leading elements up to this many (counted as
 * the page counts them, containers with what they hold). Longer pages draw the rest in the browser.
 */
export const SHELL_MAX_ELEMENTS = 150;
