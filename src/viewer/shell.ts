import { GROUP_CLASS } from '../../paint/elementGroups';

/*
 * The first paint the server sent with the page (server/pages/shell.ts, `#shell`): the header bar,
 * cover and title, and the frames of the page's leading elements (`[data-shell-content]`, drawn by
 * paint/PaintedList.tsx). The app removes the shell in the layout effect of whatever it
 * draws instead, so both never show at once; the element frames it keeps first, and the page's list
 * shows them where its own elements are not rendered yet (src/elements/shell/ShellRest.tsx).
 */

/** Whether the page still shows the server's first paint (the app has not taken it over). */
export function hasShell(doc: Document = document): boolean {
  return doc.getElementById('shell') !== null;
}

/** The server's element frames not yet replaced by the app's, by element id, read from the shell `readFrom`. */
let frames = new Map<string, HTMLElement>();
let readFrom: Element | null = null;

function shellFrames(): Map<string, HTMLElement> {
  const shell = typeof document === 'undefined' ? null : document.getElementById('shell');
  if (!shell || shell === readFrom) return frames;
  readFrom = shell;
  frames = new Map();
  // The page's top-level frames, in their groups (paint/elementGroups.ts).
  for (const frame of shell.querySelectorAll(`[data-shell-content] > .${GROUP_CLASS} > [data-shell-element]`)) {
    if (frame instanceof HTMLElement && frame.id) frames.set(frame.id, frame);
  }
  return frames;
}

/** Whether the server drew the frame of this element and the app has not replaced it yet. */
export function hasShellFrame(id: string | undefined): boolean {
  return id !== undefined && shellFrames().has(id);
}

/** The server's frame of this element, if it is still waiting for the app's. */
export function shellFrame(id: string): HTMLElement | undefined {
  return shellFrames().get(id);
}

/**
 * The height the server's group of these elements' frames takes on the page now (for a group the browser skips
 * off screen, the size it had when last shown, or its estimate), while it waits for the app's; undefined when
 * the server drew no such group.
 */
export function shellGroupHeight(elements: readonly { id: string }[]): number | undefined {
  const group = shellFrames().get(elements[0].id)?.parentElement;
  return group?.isConnected && group.childElementCount === elements.length ? group.getBoundingClientRect().height : undefined;
}

/** The app renders this element now: its server frame leaves the page. */
export function dropShellFrame(id: string): void {
  const frame = frames.get(id);
  if (!frame) return;
  const group = frame.parentElement;
  frame.remove();
  frames.delete(id);
  // The last of its group takes the group's box with it.
  if (group?.classList.contains(GROUP_CLASS) && !group.childElementCount) group.remove();
}

/** Takes away the shell (keeping its element frames for the page's list): called in a layout effect of what the app draws instead. */
export function removeShell(): void {
  shellFrames();
  document.getElementById('shell')?.remove();
}
