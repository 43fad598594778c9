import type { ContentElement } from '../model/elements';
import { drawsBeyondItsBox } from '../src/kinds/rules';

/*
 * A page's top-level elements stand in groups of GROUP_SIZE (by their index: 0–3, 4–7, …), in the server's
 * first paint (server/pages/shellContent.tsx) as in the app (src/elements/ElementGroup.tsx), and the browser
 * skips the layout and paint of a group while it is off screen (`content-visibility: auto`, src/styles.css).
 * One such box per element did the same, but the browser checks each against the viewport in every frame that
 * scrolls or lays out: on a page of 1,000 elements 1.8 ms of the frame that shows a question's feedback, and
 * most of the main thread's work while scrolling. The app replaces the server's frames a whole group at a time,
 * so that each of its groups takes the room of the server's group it replaces, and what the learner looks at
 * does not move.
 */

/** How many top-level elements share one box the browser may skip. A multiple divides the first chunks (src/elements/revealScheduler.ts). */
export const GROUP_SIZE = 4;

/** The class of a group's box (src/styles.css). */
export const GROUP_CLASS = 'element-group';

/**
 * The attributes of a group's box. One holding a kind that draws beyond its box (a hotspot's popups) is never
 * skipped off screen (`data-unclipped`): the containment that comes with skipping would clip what it draws.
 */
export function groupAttributes(elements: readonly ContentElement[]) {
  return { className: GROUP_CLASS, 'data-unclipped': elements.some((element) => drawsBeyondItsBox(element.modelName)) ? '' : undefined };
}

/** Where the elements `from` … `to` - 1 of a page's list split into groups: the start of each, then `to`. */
export function groupBounds(from: number, to: number): number[] {
  const bounds = [from];
  for (let start = (Math.floor(from / GROUP_SIZE) + 1) * GROUP_SIZE; start < to; start += GROUP_SIZE) bounds.push(start);
  return [...bounds, to];
}

/** The elements `from` … `to` - 1 of a page's list (the whole list by default), in their groups. */
export function groupsOf<E>(elements: readonly E[], from = 0, to = elements.length): E[][] {
  const bounds = groupBounds(from, to);
  return bounds.slice(0, -1).map((start, i) => elements.slice(start, bounds[i + 1]));
}

/** `end` moved on to the end of its group (at most `length`): a page's list renders whole groups. */
export function groupEnd(end: number, length: number): number {
  return Math.min(length, Math.ceil(end / GROUP_SIZE) * GROUP_SIZE);
}
