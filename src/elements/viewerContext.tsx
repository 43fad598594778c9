import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import type { ViewerContext } from '../../machines/viewer';
import type { ContentElement } from '../../model/elements';
import type { Material } from '../../model/material';
import { elementProgress } from '../../model/progressTree';

/** The root viewer actor of the open material (machines/viewer.ts), provided by the material route. */
export const ViewerActorContext = createContext<AnyActorRef | null>(null);

const noActor = null;

const spawnedActor = (viewer: AnyActorRef | null, id: string): AnyActorRef | undefined =>
  viewer ? (viewer.getSnapshot()?.context as ViewerContext | undefined)?.elementActors?.[id] : undefined;

const unsubscribed = () => () => {};

/**
 * The actor the viewer spawned for element `id`, or undefined where none is spawned (yet). Actors
 * live as long as the material is open, so once found it is not watched any more: a learner's
 * click elsewhere costs this element nothing.
 */
export function useElementActor<T extends AnyActorRef = AnyActorRef>(id: string): T | undefined {
  const viewer = useContext(ViewerActorContext);
  const known = spawnedActor(viewer, id);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!viewer || known) return () => {};
      const subscription = viewer.subscribe(() => onChange());
      return () => subscription.unsubscribe();
    },
    [viewer, known],
  );
  const actor = useSyncExternalStore(known ? unsubscribed : subscribe, () => spawnedActor(viewer, id));
  return actor as T | undefined;
}

/** A stand-in that never changes, so the hook order stays the same without a viewer. */
const noActorRef = {
  getSnapshot: () => noActor,
  subscribe: () => ({ unsubscribe() {} }),
} as unknown as AnyActorRef;

/** Selects from the viewer's context (progress, unlocked barriers …); `fallback` without a viewer. */
export function useViewerSelector<T>(selector: (context: ViewerContext) => T, fallback: T, compare?: (a: T, b: T) => boolean): T {
  const viewer = useContext(ViewerActorContext);
  return useSelector(viewer ?? (noActorRef as AnyActorRef), (snapshot) => (viewer && snapshot ? selector(snapshot.context as ViewerContext) : fallback), compare);
}

/**
 * A selector of what follows from reported progress alone, worked out again only when progress
 * changed (the viewer's context changes for other reasons too, such as elements being revealed).
 */
export function fromProgress<T>(derive: (progress: ViewerContext['progress'], context: ViewerContext) => T): (context: ViewerContext) => T {
  let seen: ViewerContext['progress'] | undefined;
  let value: T;
  return (context) => {
    if (context.progress !== seen) {
      seen = context.progress;
      value = derive(context.progress, context);
    }
    return value;
  };
}

/** The progress 0..1 of a chapter, path, question or the material, derived from what the actors reported. */
export function useProgress(element: ContentElement | Material): number {
  const selector = useMemo(() => fromProgress((progress) => elementProgress(element, progress)), [element]);
  return useViewerSelector(selector, 0);
}

/** What the view needs to mount elements with their actors: which exist, and how to spawn more. */
export type Revealer = {
  /** Whether the element's actor exists (always, without a viewer: elements then run local actors). */
  hasActor: (id: string) => boolean;
  /** Spawns the actors these elements lack (the viewer's `elements.reveal`); exactly these, not what they hold. */
  reveal: (elements: readonly ContentElement[]) => void;
};

const alwaysReady: Revealer = { hasActor: () => true, reveal: () => {} };

export function useRevealer(): Revealer {
  const viewer = useContext(ViewerActorContext);
  return useMemo(() => {
    if (!viewer) return alwaysReady;
    return {
      hasActor: (id) => Boolean((viewer.getSnapshot().context as ViewerContext).elementActors[id]),
      reveal: (elements) => {
        if (elements.length) viewer.send({ type: 'elements.reveal', elements });
      },
    };
  }, [viewer]);
}
