import { fromCallback } from 'xstate';

/** `page.leaving` on `pagehide` (the tab may be closed at any moment now), for as long as the invoking state lasts. */
export const pageLeaveSignal = fromCallback(({ sendBack }) => {
  // Without a window (a machine run in Node) there is nothing to listen to.
  if (typeof window === 'undefined') return;
  const leaving = () => sendBack({ type: 'page.leaving' });
  window.addEventListener('pagehide', leaving);
  return () => window.removeEventListener('pagehide', leaving);
});
