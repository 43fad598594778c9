import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is wider inside than it shows (it scrolls sideways), kept current as it or its
 * content resizes. A region that scrolls must be reachable by keyboard (WCAG 2.1.1; axe
 * `scrollable-region-focusable`): give it tabIndex 0 while this is true, and none otherwise, so that a
 * formula that fits adds no tab stop.
 */
export function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
