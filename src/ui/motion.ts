/** Whether the learner (the display panel: `data-motion` on `<html>`) or the system asks for reduced motion. */
export const reducedMotion = (): boolean => document.documentElement.dataset.motion === 'reduce' || matchMedia('(prefers-reduced-motion: reduce)').matches;

/** How to scroll: smoothly, unless motion is to be reduced. */
export const scrollBehavior = (): ScrollBehavior => (reducedMotion() ? 'auto' : 'smooth');
