import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import { announceAssertively, announcePolitely } from '../ui/liveAnnouncer';
import { connectivityMachine } from '../../machines/connectivity';
import { useViewerInspection } from './inspection';

/**
 * The online/offline notices (spec section 2): "Connection lost" while offline, then "Connection
 * restored" for 5 seconds. Shown as a toast at the bottom right; screen readers hear each once.
 */
export default function ConnectivityNotice() {
  const { t } = useTranslation('viewer');
  const actor = useActorRef(connectivityMachine, { input: { online: navigator.onLine }, inspect: useViewerInspection() });
  const state = useSelector(actor, (snapshot) => snapshot.value);
  // Said from the page's live regions (a notice added with its text is not reliably read): a lost connection at once.
  useEffect(() => {
    if (state === 'offline') announceAssertively(`${t('connectivity.lostTitle')}. ${t('connectivity.lostMessage')}`);
    else if (state === 'restored') announcePolitely(t('connectivity.restored'));
  }, [state, t]);
  if (state === 'online' || state === 'starting') return null;
  const offline = state === 'offline';
  return (
    <div
      data-state={state}
      data-testid="connectivity-notice"
      className={`fixed end-4 bottom-4 z-50 max-w-[500px] rounded-lg border px-4 py-3 shadow-lg print:hidden ${
        offline ? 'border-red-200 bg-red-50 text-red-900' : 'border-green-200 bg-green-50 text-green-900'
      }`}
    >
      <p className="font-semibold">{offline ? t('connectivity.lostTitle') : t('connectivity.restored')}</p>
      {offline ? <p className="text-sm">{t('connectivity.lostMessage')}</p> : null}
    </div>
  );
}
