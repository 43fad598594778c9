import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import type { ContentElement } from '../model/elements';
import { ElementView } from './ElementView';
import { useElementActor } from './viewerContext';

/** Index of the barrier that splits a list: only the first barrier does (spec section 4). */
export function splitIndex(elements: readonly ContentElement[]): number {
  return elements.findIndex((e) => e.modelName === 'Barrier');
}

/**
 * Renders a list of content elements in order. Everything after the first barrier stays hidden
 * until that barrier's actor is unlocked.
 */
export function ContentList({ elements }: { elements: readonly ContentElement[] }) {
  const at = splitIndex(elements);
  if (at < 0) return <ElementRun elements={elements} />;
  return (
    <>
      <ElementRun elements={elements.slice(0, at + 1)} />
      <AfterBarrier barrierId={elements[at].id} elements={elements.slice(at + 1)} />
    </>
  );
}

function ElementRun({ elements }: { elements: readonly ContentElement[] }) {
  return (
    <>
      {elements.map((element) => (
        <ElementView key={element.id} element={element} />
      ))}
    </>
  );
}

const isUnlocked = (snapshot: { matches?: (v: string) => boolean; context?: { unlocked?: boolean } } | undefined) =>
  Boolean(snapshot?.context?.unlocked || snapshot?.matches?.('unlocked'));

function AfterBarrier({ barrierId, elements }: { barrierId: string; elements: readonly ContentElement[] }) {
  const barrier = useElementActor(barrierId);
  return barrier ? <UnlockGate barrier={barrier} elements={elements} /> : null;
}

function UnlockGate({ barrier, elements }: { barrier: AnyActorRef; elements: readonly ContentElement[] }) {
  const unlocked = useSelector(barrier, isUnlocked);
  return unlocked ? <ContentList elements={elements} /> : null;
}
