import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import * as z from 'zod/mini';
import { guestSessionMachine, type CreateGuestInput, type ForgetGuestInput } from '../../machines/guestSession';
import { call } from '../api/client';
import { GuestSession } from '../../model/pageData';
import { trackingModeOf } from '../../model/tracking';
import { PageDataContext, usePageData } from '../../paint/PageDataContext';
import { useViewerInspection } from '../viewer/inspection';
import { copyGuestLink } from './copyGuestLink';
import { forgetLearnerStates } from './forgetThisBrowser';

export type GuestSessionActor = ActorRefFrom<typeof guestSessionMachine>;

/** The guest-session actor on shares that save guest sessions (or scorm shares); null elsewhere. */
export const GuestSessionContext = createContext<GuestSessionActor | null>(null);

export function useGuestSessionActor(): GuestSessionActor | null {
  return useContext(GuestSessionContext);
}

/**
 * Holds the guest session of the share (spec section 4, Guest session). Once one is created, the
 * page data below carries it (the certificate names the guest), and the current path is opened
 * again with `guestSessionId` in the URL and the scroll position kept. The browser remembers the
 * session for the share (the server's cookie), until the guest lets it forget them: then the share
 * opens afresh.
 */
export function GuestSessionProvider({ children }: { children: ReactNode }) {
  const pageData = usePageData();
  const router = useRouter();
  const offered = trackingModeOf(pageData) === 'guest' && pageData.share !== null;
  const logic = useMemo(
    () =>
      guestSessionMachine.provide({
        actors: {
          createGuest: fromPromise<GuestSession, CreateGuestInput>(({ input }) =>
            call(pageData.api.base, 'guest', { name: input.name, publicId: pageData.share?.publicId }, GuestSession),
          ),
          // The server clears the cookie that remembers the session for the share's pages (server/http/guestCookie.ts).
          forgetGuest: fromPromise<void, ForgetGuestInput>(async () => {
            await call(pageData.api.base, 'guest/forget', { publicId: pageData.share?.publicId }, z.null());
          }),
        },
        actions: {
          copyLink: ({ self }, params) => copyGuestLink(self, params.session),
        },
      }),
    [pageData],
  );
  const actor = useActorRef(logic, { input: { session: pageData.guestSession }, inspect: useViewerInspection() });
  const session = useSelector(actor, (snapshot) => snapshot.context.session);

  useEffect(() => {
    const subscription = actor.on('created', ({ session: created }) => {
      void router.navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => ({ ...prev, guestSessionId: created.publicId }),
        replace: true,
        resetScroll: false,
      });
    });
    // Forgotten: nothing of the guest stays in this browser, and the share opens afresh without the session.
    const forgotten = actor.on('forgotten', () => {
      if (pageData.share) forgetLearnerStates(pageData.share.publicId);
      const url = new URL(window.location.href);
      url.searchParams.delete('guestSessionId');
      window.location.replace(url.href);
    });
    return () => {
      subscription.unsubscribe();
      forgotten.unsubscribe();
    };
  }, [actor, router, pageData.share]);

  const withSession = useMemo(
    () => (session && session.publicId !== pageData.guestSession?.publicId ? { ...pageData, guestSession: { ...session } } : pageData),
    [pageData, session],
  );
  return (
    <GuestSessionContext.Provider value={offered ? actor : null}>
      <PageDataContext.Provider value={withSession}>{children}</PageDataContext.Provider>
    </GuestSessionContext.Provider>
  );
}
