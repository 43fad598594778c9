import { createContext } from 'react';

/**
 * True while the server draws a page's first paint (server/pages/shellContent.tsx): lists render
 * every element at once as `ShellElement`, with no actor, no chunk and no lazy code.
 */
export const ShellRenderingContext = createContext(false);
