import { useEffect, useRef, type FocusEvent } from 'react';
import type { ContentElement } from '../../../model/elements';
import { StandIn } from '../../../paint/StandIn';

/*
 * Beyond the first screen an interactive element first shows a stand-in (paint/StandIn.tsx). One
 * IntersectionObserver for the whole page wakes elements 1½ screens before they are seen, and only
 * those: memory follows what the learner has reached (printing wakes them all). A stand-in is a tab
 * stop: focusing it wakes it and moves focus into it.
 */

/** How far outside the viewport elements wake: far enough that scrolling never shows a stand-in. */
const WAKE_MARGIN = '150% 0px 150% 0px';

type Wake = () => void;
const waking = new Map<Element, Wake>();
let observer: IntersectionObserver | null = null;

function observe(target: Element, wake: Wake): () => void {
  if (typeof IntersectionObserver !== 'function') {
    wake();
    return () => {};
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const wakeIt = waking.get(entry.target);
        observer?.unobserve(entry.target);
        waking.delete(entry.target);
        wakeIt?.();
      }
    },
    { rootMargin: WAKE_MARGIN },
  );
  waking.set(target, wake);
  observer.observe(target);
  return () => {
    waking.delete(target);
    observer?.unobserve(target);
  };
}

/** Where focus goes once the element is awake: its first control (tabbing forward) or its last (tabbing back). */
export type FocusOnWake = 'first' | 'last';

type DormantElementProps = {
  element: ContentElement;
  /** Called once: the element is near the viewport, or the learner reached it with the keyboard or pointer. */
  onWake: (focus?: FocusOnWake) => void;
};

export function DormantElement({ element, onWake }: DormantElementProps) {
  const ref = useRef<HTMLDivElement>(null);
  const wake = useRef(onWake);
  wake.current = onWake;
  useEffect(() => observe(ref.current!, () => wake.current()), []);

  const onFocus = (event: FocusEvent) => {
    // Coming from after the element (Shift+Tab) focus goes to its last control.
    const from = event.relatedTarget as Node | null;
    const fromAfter = from ? Boolean(ref.current!.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING) : false;
    wake.current(fromAfter ? 'last' : 'first');
  };

  return <StandIn element={element} ref={ref} onFocus={onFocus} onPointerDown={() => wake.current()} />;
}

/** Moves focus into an element that just woke: its first or last control, once its content is there. */
export function focusInto(root: HTMLElement, where: FocusOnWake, tries = 20): void {
  const controls = [...root.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])')].filter(
    (control) => !control.hasAttribute('disabled') && !control.closest('[data-dormant]'),
  );
  const target = where === 'first' ? controls[0] : controls[controls.length - 1];
  if (target) {
    target.focus();
    // The widget is laid out anew where the stand-in was: its control is brought into view (below the sticky header) as a Tab would.
    target.scrollIntoView({ block: 'nearest' });
  }
  // Its code may still be loading (a Suspense placeholder): try again on the next frames.
  else if (tries > 0) requestAnimationFrame(() => focusInto(root, where, tries - 1));
}
