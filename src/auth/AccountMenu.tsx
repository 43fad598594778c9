import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useMemo } from 'react';
import { Button } from 'react-aria-components/Button';
import { Header } from 'react-aria-components/Header';
import { Menu, MenuItem, MenuTrigger, MenuSection } from 'react-aria-components/Menu';
import { Popover } from 'react-aria-components/Popover';
import { fromPromise, type AnyActorRef } from 'xstate';
import { logoutMachine } from '../../machines/logout';
import type { TrackingSnapshot } from '../../machines/tracking';
import { saveStateOf } from '../../machines/tracking.connect';
import { ViewerActorContext } from '../elements/viewerContext';
import { useTranslation } from '../../i18n/react';
import { addLearnerTexts } from '../../i18n/resources/learner';
import { ERROR_TOAST_MS, showToast } from '../ui/toasts';
import { useViewerInspection } from '../viewer/inspection';
import { usePageData } from '../../paint/PageDataContext';
import { avatarInitials } from './avatarInitials';

/** How long a logout waits for the user's unsaved changes to reach the server. */
export const LOGOUT_SAVE_MS = 5000;

const allSaved = (snapshot: TrackingSnapshot) => {
  const state = saveStateOf(snapshot);
  return state.status === 'off' || (state.status === 'saved' && state.pending === 0);
};

/**
 * Sends the tracking's pending changes now and resolves when nothing is pending; rejects after
 * LOGOUT_SAVE_MS. (By hand rather than xstate's waitFor, which would join the first route's code.)
 */
function savePending(tracking: AnyActorRef | null): Promise<void> {
  if (!tracking) return Promise.resolve();
  tracking.send({ type: 'tracking.flush' });
  return new Promise((resolve, reject) => {
    if (allSaved(tracking.getSnapshot() as TrackingSnapshot)) return resolve();
    const subscription = tracking.subscribe((snapshot: TrackingSnapshot) => {
      if (!allSaved(snapshot)) return;
      clearTimeout(timer);
      subscription.unsubscribe();
      resolve();
    });
    const timer = setTimeout(() => {
      subscription.unsubscribe();
      reject(new Error(`changes still pending after ${LOGOUT_SAVE_MS} ms`));
    }, LOGOUT_SAVE_MS);
  });
}

/** POST /auth/logout (server/routes/auth.ts): the session is deleted and its cookie cleared. */
async function logOut(): Promise<void> {
  const response = await fetch('/auth/logout', { method: 'POST', headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`POST /auth/logout answered ${response.status}`);
}

/**
 * The logged-in user in the header (private shares): their avatar (initials; not in private mode,
 * spec section 6) and name, opening a menu that names the account and offers to log out (the logout
 * statechart, machines/logout.ts). Rendered only when the page data has a user.
 */
export default function AccountMenu() {
  const { t, i18n } = useTranslation('learner');
  addLearnerTexts(i18n);
  const { user, featureFlags } = usePageData();
  const viewer = useContext(ViewerActorContext);
  const logic = useMemo(
    () =>
      logoutMachine.provide({
        actors: {
          savePending: fromPromise(() => savePending((viewer?.getSnapshot().context.tracking as AnyActorRef | null) ?? null)),
          logOut: fromPromise(logOut),
        },
        actions: {
          reloadPage: () => location.reload(),
          notifyFailed: () => showToast({ kind: 'error', title: 'toasts.logoutFailed' }, ERROR_TOAST_MS),
        },
      }),
    [viewer],
  );
  const actor = useActorRef(logic, { inspect: useViewerInspection() });
  const busy = useSelector(actor, (snapshot) => snapshot.matches('saving') || snapshot.matches('loggingOut') || snapshot.matches('loggedOut'));
  if (!user) return null;
  const showAvatar = !featureFlags.PRIVATE_MODE;
  return (
    <MenuTrigger>
      <Button
        aria-label={t('account.menu', { name: user.name })}
        data-testid="account-menu"
        className="flex min-w-0 shrink items-center gap-2 rounded-full p-0.5 text-sm text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-600 sm:pe-2"
      >
        {showAvatar ? (
          <span aria-hidden className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary-600 text-xs font-semibold text-white">
            {avatarInitials(user.name)}
          </span>
        ) : null}
        <span data-testid="user-name" className={`${showAvatar ? 'hidden sm:block' : 'block px-2'} max-w-[14rem] truncate`}>
          {busy ? t('account.loggingOut') : user.name}
        </span>
      </Button>
      <Popover placement="bottom end" className="min-w-56 rounded-md border border-gray-200 bg-white py-1 shadow-lg">
        <Menu className="outline-none" disabledKeys={busy ? ['logout'] : []} onAction={() => actor.send({ type: 'logout.request' })}>
          <MenuSection>
            <Header className="border-b border-gray-100 px-3 pt-1.5 pb-2 text-sm">
              <span className="block text-xs text-gray-500">{t('account.signedInAs')}</span>
              <span className="block font-medium text-gray-900">{user.name}</span>
              <span className="block text-xs text-gray-500">{user.email}</span>
            </Header>
            <MenuItem id="logout" className="block cursor-pointer px-3 py-1.5 text-sm outline-none data-[disabled]:opacity-50 data-[focused]:bg-primary-50">
              {t('account.logout')}
            </MenuItem>
          </MenuSection>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
