import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { guestNameOf } from '../../machines/guestSession';
import { useProgress, useViewerSelector } from '../elements/viewerContext';
import { useGuestSessionActor } from '../guest/GuestSessionProvider';
import { createHostChannel, LMS_HELLO_MESSAGE_TYPE, LMS_READY_MESSAGE_TYPE, LMS_RESULT_MESSAGE_TYPE, type LmsHelloMessage } from '../../model/hostMessages';
import type { Material } from '../../model/material';
import { scaledScore, scoreOf, type Score } from '../../model/score';
import { usePageData } from '../../paint/PageDataContext';

/*
 * The viewer's side of a SCORM package (issue 13), mounted on scorm shares opened in a frame: the
 * package's launch page (server/scorm) names the LMS's learner and hands back what it stored; the
 * viewer makes that learner's guest session (never asking for a name) and reports completion,
 * score and what resumes the session. The contract, with its origin checks, is model/hostMessages.ts.
 */

/** What the viewer keeps in the LMS (`cmi.suspend_data`): the guest session to resume; about 40 characters. */
type SuspendData = { v: 1; g: string };

export function suspendDataOf(guestSessionId: string): string {
  return JSON.stringify({ v: 1, g: guestSessionId } satisfies SuspendData);
}

/** The guest session a suspend data names; null for empty or foreign data. */
export function guestSessionIdOf(suspendData: string): string | null {
  try {
    const data = JSON.parse(suspendData) as Partial<SuspendData> | null;
    return data?.v === 1 && typeof data.g === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(data.g) ? data.g : null;
  } catch {
    return null;
  }
}

/** The LMS learner's name as the guest session carries it: "First Last" (the LMS sends "Last, First"). */
export const learnerNameOf = (hello: LmsHelloMessage): string => guestNameOf(hello.learner.firstName, hello.learner.lastName) ?? hello.learner.name.trim();

/** The material's score, worked out again only when what the learner did changed. */
const scoreSelector = (material: Material) => {
  let seen: unknown;
  let value: Score = { questions: 0, evaluated: 0, correct: 0 };
  return (context: { saved: unknown }) => {
    if (context.saved !== seen) {
      seen = context.saved;
      value = scoreOf(material, context.saved as Parameters<typeof scoreOf>[1]);
    }
    return value;
  };
};
const sameScore = (a: Score, b: Score) => a.questions === b.questions && a.evaluated === b.evaluated && a.correct === b.correct;

/**
 * Passed or failed once every question is answered, by the passing score the LMS sets; nothing
 * before, and nothing when the LMS sets none (it then judges by the score itself).
 */
export function successOf(score: Score, passingScore: number | null | undefined): 'passed' | 'failed' | undefined {
  const scaled = scaledScore(score);
  if (scaled === null || passingScore === null || passingScore === undefined || score.evaluated < score.questions) return undefined;
  return scaled >= passingScore ? 'passed' : 'failed';
}

/**
 * What the launch covers: the top-level chapter the hello names (a cmi5 AU per chapter), as a material
 * of its own for the score; else the material.
 */
export function coveredPart(material: Material, chapterPublicId: string | null | undefined): { element: Material | Material['content'][number]; scored: Material } {
  const chapter = chapterPublicId ? material.content.find((element) => element.modelName === 'Chapter' && element.publicId === chapterPublicId) : undefined;
  return chapter && chapter.modelName === 'Chapter' ? { element: chapter, scored: { ...material, content: chapter.content } } : { element: material, scored: material };
}

export default function LmsBridge({ material }: { material: Material }) {
  const pageData = usePageData();
  const guest = useGuestSessionActor();
  const session = useSelector(guest ?? undefined, (snapshot) => snapshot?.context.session ?? null) ?? pageData.guestSession;
  const [channel] = useState(() => createHostChannel(window));
  const [hello, setHello] = useState<LmsHelloMessage | null>(null);
  const part = useMemo(() => coveredPart(material, hello?.chapterPublicId), [material, hello?.chapterPublicId]);
  const progress = useProgress(part.element);
  const selectScore = useMemo(() => scoreSelector(part.scored), [part]);
  const score = useViewerSelector(selectScore, { questions: 0, evaluated: 0, correct: 0 }, sameScore);
  const sessionRef = useRef(session);
  sessionRef.current = session;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = channel.accept(event);
      if (message?.type !== LMS_HELLO_MESSAGE_TYPE) return;
      const resume = guestSessionIdOf(message.suspendData);
      const current = sessionRef.current;
      if (resume && resume !== current?.publicId) {
        // The LMS holds this learner's session: open it (the page data then brings their work).
        const url = new URL(window.location.href);
        url.searchParams.set('guestSessionId', resume);
        window.location.replace(url.href);
        return;
      }
      if (!resume) guest?.send({ type: 'host.learner', name: learnerNameOf(message) });
      setHello(message);
    };
    window.addEventListener('message', onMessage);
    channel.post({ type: LMS_READY_MESSAGE_TYPE });
    return () => window.removeEventListener('message', onMessage);
  }, [channel, guest]);

  // Only the session that is this learner's goes to the LMS: the one it handed back, or one under their name.
  const ourSessionId = hello && session && (session.publicId === guestSessionIdOf(hello.suspendData) || session.name === learnerNameOf(hello)) ? session.publicId : null;
  useEffect(() => {
    if (!hello) return;
    channel.post({
      type: LMS_RESULT_MESSAGE_TYPE,
      progress,
      completion: progress >= 1 ? 'completed' : 'incomplete',
      ...(score.questions ? { score: scaledScore(score)! } : {}),
      ...(successOf(score, hello.passingScore) ? { success: successOf(score, hello.passingScore) } : {}),
      ...(ourSessionId ? { suspendData: suspendDataOf(ourSessionId) } : {}),
    });
  }, [channel, hello, progress, score, ourSessionId]);
  return null;
}
