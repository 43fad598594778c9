import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import type { ViewerContext } from '../../machines/viewer';
import type { ContentElement } from '../model/elements';
import type { Material } from '../model/material';
import { elementProgress } from '../model/progressTree';

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

/** Selects from the viewer's context (progress, unlocked barriers …); `fallback` without a viewer. */
export function useViewerSelector<T>(selector: (context: ViewerContext) => T, fallback: T): T {
  const viewer = useContext(ViewerActorContext);
  return useSelector(viewer ?? (noActorRef as AnyActorRef), (snapshot) => (viewer && snapshot ? selector(snapshot.context as ViewerContext) : fallback));
}

/** The progress 0..1 of a chapter, path, question or the material, derived from what the actors reported. */
export function useProgress(element: ContentElement | Material): number {
  return useViewerSelector((context) => elementProgress(element, context.progress), 0);
}
