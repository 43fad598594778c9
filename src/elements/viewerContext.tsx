import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';

/** The root viewer actor of the open material (machines/viewer.ts), provided by the material route. */
export const ViewerActorContext = createContext<AnyActorRef | null>(null);

const noActor = null;

/** The actor the viewer spawned for element `id`, or undefined where none is spawned (yet). */
export function useElementActor<T extends AnyActorRef = AnyActorRef>(id: string): T | undefined {
  const viewer = useContext(ViewerActorContext);
  return useSelector(viewer ?? (noActorRef as AnyActorRef), (snapshot) =>
    viewer ? (snapshot?.context?.elementActors?.[id] as T | undefined) : undefined,
  );
}

/** A stand-in that never changes, so the hook order stays the same without a viewer. */
const noActorRef = {
  getSnapshot: () => noActor,
  subscribe: () => ({ unsubscribe() {} }),
} as unknown as AnyActorRef;
