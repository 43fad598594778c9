import { useActorRef } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom, AnyStateMachine, InputFrom } from 'xstate';
import { useElementActor } from '../viewerContext';
import { useViewerInspection } from '../../viewer/inspection';

type ElementActorProps<M extends AnyStateMachine> = {
  id: string;
  machine: M;
  input: InputFrom<M>;
  children: (actor: ActorRefFrom<M>) => ReactNode;
};

/**
 * Hands `children` the actor the viewer spawned for element `id`; without a viewer (or before it
 * spawned one) a local actor of the same machine stands in, so the element still works.
 */
export function ElementActor<M extends AnyStateMachine>({ id, machine, input, children }: ElementActorProps<M>) {
  const spawned = useElementActor<ActorRefFrom<M>>(id);
  if (spawned) return <>{children(spawned)}</>;
  return <LocalActor machine={machine} input={input}>{children}</LocalActor>;
}

function LocalActor<M extends AnyStateMachine>({ machine, input, children }: Omit<ElementActorProps<M>, 'id'>) {
  const actor = useActorRef(machine, { input, inspect: useViewerInspection() }) as ActorRefFrom<M>;
  return <>{children(actor)}</>;
}
