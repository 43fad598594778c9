import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session';
import { AuthSession } from '../../model/tracking';
import { ERROR_TOAST_MS, showToast } from '../ui/toasts';
import { useViewerInspection } from '../viewer/inspection';

/** GET /auth/session: `{ data: { authenticated } }`; a network failure or bad answer rejects. */
async function checkSession(): Promise<AuthSession> {
  const response = await fetch('/auth/session', { headers: { Accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) throw new Error(`GET /auth/session answered ${response.status}`);
  return AuthSession.parse(((await response.json()) as { data?: unknown }).data);
}

/**
 * Keeps an eye on the login session of a private share (spec section 4, Session): the session
 * statechart polls while the tab is visible, toasts when it expired, reloads on return.
 */
export default function SessionWatcher() {
  const logic = useMemo(
    () =>
      sessionMachine.provide({
        actors: { checkSession: fromPromise(checkSession) },
        actions: {
          notifyExpired: () => void showToast({ kind: 'error', title: 'toasts.sessionExpired' }, ERROR_TOAST_MS),
          reloadPage: () => location.reload(),
        },
      }),
    [],
  );
  useActorRef(logic, { input: { visible: document.visibilityState === 'visible' }, inspect: useViewerInspection() });
  return null;
}
