import { reducedMotion } from './motion';

/**
 * Calls `reduce` now if motion is to be reduced, and again whenever the learner (the display panel's
 * `data-motion` on `<html>`) or the system comes to ask for it; answers the cleanup.
 */
export function whenMotionReduced(reduce: () => void): () => void {
  if (reducedMotion()) reduce();
  const check = () => {
    if (reducedMotion()) reduce();
  };
  const query = matchMedia('(prefers-reduced-motion: reduce)');
  query.addEventListener('change', check);
  const observer = new MutationObserver(check);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-motion'] });
  return () => {
    query.removeEventListener('change', check);
    observer.disconnect();
  };
}
