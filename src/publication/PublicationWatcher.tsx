import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise, type AnyActorRef } from 'xstate';
import { publicationWatchMachine } from '../../machines/publicationWatch';
import { useViewerInspection } from '../viewer/inspection';
import { usePageData } from '../../paint/PageDataContext';
import { fetchCurrentPublication } from './currentPublication';
import { noticeStateOf, PublicationNotice } from './PublicationNotice';
import { settleLearnerWork } from './settleLearnerWork';

declare global {
  interface Window {
    /** Tests only: the publication check's interval in ms instead of 60 s (set before the app starts). */
    __lernwerkPublicationPollMs?: number;
  }
}

export type PublicationWatchProps = {
  /** The viewer actor of the open material (its tracking child holds the learner's unsent work). */
  viewer: AnyActorRef;
  apiBase: string;
  shareId: string;
  materialId: string;
  /** The publication the material on the page was drawn from. */
  publicationId: string;
  /** Reloads the page (default `location.reload()`; tests pass their own). */
  reload?: () => void;
};

const reloadPage = () => location.reload();

const pollOverride = () => {
  const ms = typeof window === 'undefined' ? undefined : window.__lernwerkPublicationPollMs;
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? ms : undefined;
};

/**
 * Watches for a newer publication of the material on the page, on its share; not on preview shares, where
 * authors check their drafts.
 */
export default function PublicationWatcher(props: Pick<PublicationWatchProps, 'viewer' | 'materialId' | 'publicationId'>) {
  const { share, preview, api } = usePageData();
  return share && !preview ? <PublicationWatch {...props} apiBase={api.base} shareId={share.publicId} /> : null;
}

/**
 * Offers a reload when a newer publication of the material on the page goes live (issue 24): the publication
 * watch statechart with its effects (the check, the learner's work settled before the reload, the reload)
 * and the browser events its chart listens to (the tab's visibility, the connection coming back).
 */
export function PublicationWatch({ viewer, apiBase, shareId, materialId, publicationId, reload = reloadPage }: PublicationWatchProps) {
  const logic = useMemo(() => {
    const poll = pollOverride();
    return publicationWatchMachine.provide({
      actors: {
        checkPublication: fromPromise(() => fetchCurrentPublication(apiBase, shareId, materialId)),
        saveWork: fromPromise(() => settleLearnerWork(viewer, shareId)),
      },
      actions: { reloadPage: () => reload() },
      ...(poll ? { delays: { publicationPoll: poll } } : {}),
    });
  }, [viewer, apiBase, shareId, materialId, reload]);
  const actor = useActorRef(logic, { input: { visible: document.visibilityState === 'visible', publicationId }, inspect: useViewerInspection() });
  const state = useSelector(actor, noticeStateOf);
  return <PublicationNotice state={state} onReload={() => actor.send({ type: 'page.reload' })} onDismiss={() => actor.send({ type: 'notice.dismiss' })} />;
}
