import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { invitationMachine } from '../../machines/invitation';
import { acceptInvitation } from '../api/invitation';
import { useTranslation } from '../../i18n/react';
import { addLearnerTexts } from '../../i18n/resources/learner';
import type { PageData } from '../../model/pageData';
import { Button } from '../ui/Button';
import { ErrorView } from '../viewer/ErrorView';
import { useViewerInspection } from '../viewer/inspection';
import { AccountControl } from './AccountControl';
import { StandaloneHeader } from './StandaloneHeader';

/**
 * What a private share shows a logged-in account its permissions do not let in (spec sections 4, 6
 * and 8): the invitation it waits for, to accept (the invitation statechart, machines/invitation.ts),
 * or else the no-access view; either way with the account's menu, to log out and in with another.
 */
export default function InvitationPage({ pageData, onAccepted = () => location.reload() }: { pageData: PageData; onAccepted?: () => void }) {
  return (
    <div className="min-h-screen bg-gray-50">
      <StandaloneHeader pageData={pageData}>
        <AccountControl />
      </StandaloneHeader>
      {pageData.invitation ? <Invitation pageData={pageData} id={pageData.invitation.id} onAccepted={onAccepted} /> : <ErrorView status={pageData.error?.status ?? 403} belowHeader />}
    </div>
  );
}

function Invitation({ pageData, id, onAccepted }: { pageData: PageData; id: string; onAccepted: () => void }) {
  const { t, i18n } = useTranslation('learner');
  addLearnerTexts(i18n);
  const [logic] = useState(() =>
    invitationMachine.provide({
      actors: { acceptInvitation: fromPromise(() => acceptInvitation(pageData.api.base, id)) },
      actions: { reloadPage: onAccepted },
    }),
  );
  const actor = useActorRef(logic, { inspect: useViewerInspection() });
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const busy = state === 'accepting' || state === 'accepted';
  return (
    <main className="mx-auto mt-16 w-full max-w-[480px] px-4">
      <section className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm" aria-labelledby="invitation-title" data-state={state} data-testid="invitation">
        <h1 id="invitation-title" className="mb-2 text-2xl font-bold text-gray-900">
          {t('invitation.title')}
        </h1>
        <p className="mb-2 text-gray-800">{t('invitation.intro', { title: document.title })}</p>
        <p className="mb-6 text-sm text-gray-600">{t('invitation.explain', { email: pageData.user?.email ?? '' })}</p>
        {state === 'failed' ? (
          <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {t('invitation.failed')}
          </p>
        ) : null}
        <Button variant="primary" isDisabled={busy} onPress={() => actor.send({ type: 'invitation.accept' })}>
          {t(busy ? 'invitation.accepting' : 'invitation.accept')}
        </Button>
      </section>
    </main>
  );
}
