import { fromCallback } from 'xstate';

/**
 * `network.lost` on `offline`, `network.restored` on `online`, for as long as the invoking state lasts
 * (`window` is read only then: machines stay importable without a DOM). Input: whether the invoker
 * believes the browser is online; a change before the listeners were added is sent at once.
 */
export const connectionSignals = fromCallback<{ type: string }, { online: boolean }>(({ sendBack, input }) => {
  const lost = () => sendBack({ type: 'network.lost' });
  const restored = () => sendBack({ type: 'network.restored' });
  addEventListener('offline', lost);
  addEventListener('online', restored);
  if (input.online !== navigator.onLine) (navigator.onLine ? restored : lost)();
  return () => {
    removeEventListener('offline', lost);
    removeEventListener('online', restored);
  };
});
