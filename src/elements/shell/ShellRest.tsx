import { useLayoutEffect, useRef } from 'react';
import type { ContentElement } from '../../model/elements';
import { dropShellFrame, shellFrame } from '../../viewer/shell';

/**
 * Where a list's elements from `from` on are not rendered yet: the frames the server drew of them
 * (src/viewer/shell.ts), moved here (not parsed again) and shown until their chunk of the list
 * renders, in the same commit as it. The page reads the same from its first paint on, with nothing
 * drawn twice or left out while the app renders the page's elements chunk by chunk.
 *
 * The frames sit right after a hidden marker, as siblings of the list's own elements (the page's
 * styles address `.content-flow > .element`): React inserts each new chunk before the marker, its next
 * sibling of its own, and never touches nodes it did not make.
 */
export function ShellRest({ elements, from }: { elements: readonly ContentElement[]; from: number }) {
  const marker = useRef<HTMLDivElement>(null);
  const placed = useRef(-1);
  useLayoutEffect(() => {
    if (placed.current < 0) {
      const frames: HTMLElement[] = [];
      for (let i = from; i < elements.length; i++) {
        const frame = shellFrame(elements[i].id);
        if (frame) frames.push(frame);
      }
      marker.current!.after(...frames);
    } else {
      for (let i = placed.current; i < from; i++) dropShellFrame(elements[i].id);
    }
    placed.current = from;
  }, [from]); // eslint-disable-line react-hooks/exhaustive-deps -- the elements of a list do not change while it is mounted
  useLayoutEffect(
    () => () => {
      for (let i = Math.max(0, placed.current); i < elements.length; i++) dropShellFrame(elements[i].id);
    },
    [], // eslint-disable-line react-hooks/exhaustive-deps
  );
  return <div ref={marker} hidden data-shell-rest="" />;
}
