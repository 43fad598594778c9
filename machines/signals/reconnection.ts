import { fromCallback } from 'xstate';

/** `network.restored` on `online`, for as long as the invoking state lasts (`window` is read only then). */
export const reconnectionSignal = fromCallback(({ sendBack }) => {
  const restored = () => sendBack({ type: 'network.restored' });
  window.addEventListener('online', restored);
  return () => window.removeEventListener('online', restored);
});
