import { useLayoutEffect, useRef } from 'react';
import type { ContentElement } from '../../../model/elements';
import { dropShellFrame, shellFrame } from '../../viewer/shell';
import { EARLY } from '../../../paint/earlyAttributes';

/** How the learner reached a frame of the server's: it came near the viewport, got focus, or was pressed. */
export type Reach = 'near' | 'focus' | 'pointer';

/** How far outside the viewport a frame counts as near: as far as stand-ins wake (src/elements/dormant/DormantElement.tsx). */
const NEAR_MARGIN = '150% 0px 150% 0px';

type ShellRestProps = {
  elements: readonly ContentElement[];
  /** The first element the list does not render yet. */
  from: number;
  /** Report frames that come near the viewport (a long page renders only up to there). */
  watch: boolean;
  /** Called with the index of the furthest frame reached (stable across renders). */
  onReach: (index: number, how: Reach) => void;
};

/**
 * Where a list's elements from `from` on are not rendered yet: the frames the server drew of them
 * (src/viewer/shell.ts), moved here (not parsed again) and shown until their chunk of the list
 * renders, in the same commit as it. The page reads the same from its first paint on, with nothing
 * drawn twice or left out while the app renders the page's elements chunk by chunk.
 *
 * The frames sit in their groups (paint/elementGroups.ts) right after a hidden marker, as siblings of the
 * list's own groups: React inserts each new chunk before the marker, its next sibling of its own, and never
 * touches nodes it did not make. The list replaces whole groups (its chunks end where groups do).
 *
 * A frame has no code: one the learner tabs into or presses makes the list render up to it at once
 * (`onReach` 'focus' / 'pointer'), except in an early form, which answers by itself; with `watch`,
 * frames coming near the viewport are reported too.
 */
export function ShellRest({ elements, from, watch, onReach }: ShellRestProps) {
  const marker = useRef<HTMLDivElement>(null);
  const placed = useRef(-1);
  const observer = useRef<IntersectionObserver | null>(null);
  const stopListening = useRef(() => {});

  useLayoutEffect(() => {
    if (placed.current >= 0) {
      for (let i = placed.current; i < from; i++) {
        const group = shellFrame(elements[i].id)?.parentElement;
        if (group) observer.current?.unobserve(group);
        dropShellFrame(elements[i].id);
      }
      placed.current = from;
      return;
    }
    placed.current = from;
    const indexOf = new Map<Element, number>();
    /** The server's groups of these frames (paint/elementGroups.ts), each with the index of its last frame. */
    const groups = new Map<Element, number>();
    for (let i = from; i < elements.length; i++) {
      const frame = shellFrame(elements[i].id);
      if (!frame) continue;
      indexOf.set(frame, i);
      if (frame.parentElement) groups.set(frame.parentElement, i);
    }
    const container = marker.current!.parentElement!;
    marker.current!.after(...groups.keys());

    const reached = (event: Event, how: Reach) => {
      const target = event.target as Element | null;
      // An early form answers by itself; the app takes it over when the frame comes near (src/elements/early).
      if (target?.closest?.(`[${EARLY.form}]`)) return;
      // A link pressed in a frame is followed as drawn (the same address as the app's): replaced under the
      // press, the frame would take the press's click with it and the learner would stay where they were.
      if (how === 'pointer' && target?.closest?.('a[href]')) return;
      const frame = target?.closest?.('[data-shell-element]');
      const index = frame ? indexOf.get(frame) : undefined;
      if (index !== undefined) onReach(index, how);
    };
    const onFocusIn = (event: Event) => reached(event, 'focus');
    const onPointerDown = (event: Event) => reached(event, 'pointer');
    container.addEventListener('focusin', onFocusIn);
    container.addEventListener('pointerdown', onPointerDown);
    stopListening.current = () => {
      container.removeEventListener('focusin', onFocusIn);
      container.removeEventListener('pointerdown', onPointerDown);
    };
    if (watch && typeof IntersectionObserver === 'function') {
      observer.current = new IntersectionObserver(
        (entries) => {
          let furthest = -1;
          for (const entry of entries) if (entry.isIntersecting) furthest = Math.max(furthest, groups.get(entry.target) ?? -1);
          if (furthest >= 0) onReach(furthest, 'near');
        },
        { rootMargin: NEAR_MARGIN },
      );
      // The groups, not the frames: the browser skips a group's content far from the viewport, its box it places.
      for (const group of groups.keys()) observer.current.observe(group);
    } else if (watch) {
      onReach(elements.length - 1, 'near');
    }
  }, [from]); // eslint-disable-line react-hooks/exhaustive-deps -- the elements of a list do not change while it is mounted

  useLayoutEffect(
    () => () => {
      observer.current?.disconnect();
      stopListening.current();
      for (let i = Math.max(0, placed.current); i < elements.length; i++) dropShellFrame(elements[i].id);
    },
    [], // eslint-disable-line react-hooks/exhaustive-deps -- at unmount; the elements of a list do not change while it is mounted
  );
  return <div ref={marker} hidden data-shell-rest="" />;
}
