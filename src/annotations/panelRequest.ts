/*
 * The header's Annotations button (src/viewer/Header.tsx, first route) and the annotation layer
 * (./AnnotationLayer.tsx, a lazy chunk) meet here. A press before the layer has loaded, or while it
 * loads anew, is kept and handed to the layer when it listens, so the first press of a learner on a
 * page that has just opened is not lost. Small on purpose: the header imports it on the first route.
 */

let pending = false;
const listeners = new Set<() => void>();

/** The header's button: the layer opens its panel now, or as soon as it listens. */
export function requestAnnotationsPanel(): void {
  if (listeners.size === 0) {
    pending = true;
    return;
  }
  for (const listener of [...listeners]) listener();
}

/** The layer listens: a press it missed is delivered at once. Answers the function that stops listening. */
export function onAnnotationsPanelRequest(listener: () => void): () => void {
  listeners.add(listener);
  if (pending) {
    pending = false;
    listener();
  }
  return () => {
    listeners.delete(listener);
  };
}
