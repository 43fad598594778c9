import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Elements that toasts must never cover carry this attribute (the footer navigation: its Forward
 * button sits at the bottom right, where toasts appear). The toast region lifts itself above them.
 */
export const TOASTS_AVOID_ATTRIBUTE = 'data-toasts-avoid';

/** Distance of the toast region from the bottom of the viewport when nothing is in its way (Tailwind's bottom-4). */
export const TOASTS_BOTTOM_PX = 16;
/** Space kept between the toasts and an element they are lifted above. */
export const TOASTS_GAP_PX = 8;

type Box = { top: number; bottom: number; left: number; right: number };

/**
 * How far from the bottom of the viewport the toast region (`width` at `left`…`right`, `height`
 * high) must sit so that it covers none of `avoid` (viewport coordinates, as getBoundingClientRect
 * gives them): its usual offset when nothing overlaps there, else just above the highest element
 * in its way. Never so high that the region leaves the top of the viewport.
 */
export function toastRegionBottom(region: { left: number; right: number; height: number }, avoid: readonly Box[], viewportHeight: number): number {
  let bottom = TOASTS_BOTTOM_PX;
  // Lifting above one element can bring the region over another one higher up: repeat until clear.
  for (let pass = 0; pass <= avoid.length; pass++) {
    const top = viewportHeight - bottom - region.height;
    const inTheWay = avoid.filter(
      (box) => box.left < region.right && box.right > region.left && box.top < viewportHeight - bottom && box.bottom > top && box.bottom > 0 && box.top < viewportHeight,
    );
    if (!inTheWay.length) break;
    bottom = viewportHeight - Math.min(...inTheWay.map((box) => box.top)) + TOASTS_GAP_PX;
  }
  return Math.min(bottom, Math.max(TOASTS_BOTTOM_PX, viewportHeight - region.height));
}

/**
 * The bottom offset of the toast region `ref`, kept clear of the elements marked with
 * TOASTS_AVOID_ATTRIBUTE as the page scrolls, the window or the page resizes, or toasts come and
 * go (the region resizes). Measured once per frame at most, and only while the region is mounted
 * (while toasts show).
 */
export function useToastRegionBottom(ref: RefObject<HTMLElement | null>): number {
  const [bottom, setBottom] = useState(TOASTS_BOTTOM_PX);
  useLayoutEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const region = ref.current;
      if (!region) return;
      const { left, right, height } = region.getBoundingClientRect();
      const avoid = [...document.querySelectorAll(`[${TOASTS_AVOID_ATTRIBUTE}]`)].map((element) => element.getBoundingClientRect());
      setBottom(toastRegionBottom({ left, right, height }, avoid, window.innerHeight));
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // The page below changes too (a navigation, content that loads): check again when the body resizes.
    const observer = new ResizeObserver(schedule);
    observer.observe(document.body);
    if (ref.current) observer.observe(ref.current);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [ref]);
  return bottom;
}
