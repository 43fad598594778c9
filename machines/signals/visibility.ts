import { fromCallback } from 'xstate';

/** `tab.visible` or `tab.hidden` on each `visibilitychange`, for as long as the invoking state lasts (`document` is read only then). */
export const visibilitySignals = fromCallback(({ sendBack }) => {
  // Without a document (a machine run in Node) there is nothing to listen to.
  if (typeof document === 'undefined') return;
  const changed = () => sendBack({ type: document.visibilityState === 'visible' ? 'tab.visible' : 'tab.hidden' });
  document.addEventListener('visibilitychange', changed);
  return () => document.removeEventListener('visibilitychange', changed);
});
