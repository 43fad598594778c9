import { createContext, useEffect, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { overlaysMachine } from '../../machines/overlays';
import { useViewerInspection } from '../viewer/inspection';

export type OverlaysActor = ActorRefFrom<typeof overlaysMachine>;

/** The overlays actor of a page, plus what only the DOM knows: which presses land inside an open overlay. */
export type OverlayStack = {
  actor: OverlaysActor;
  /** Per open overlay id: is this node inside it? (its popup, the trigger that toggles it) */
  insideTests: Map<string, (target: Node) => boolean>;
};

/**
 * What a provider hands down. Its stack is made by the first overlay below it (./useOverlay.ts, which
 * comes with the components that have overlays), so a page without any never loads the overlays
 * statechart.
 */
export type OverlayScope = {
  /** The actor that owns the stack, when the provider was given one. */
  readonly actor?: OverlaysActor;
  readonly inspect: ReturnType<typeof useViewerInspection>;
  stack: OverlayStack | null;
  /** Starts the stack's document listeners (Escape, presses outside); answers what stops them. */
  listen?: () => () => void;
  /** Whether the provider is mounted: the stack listens to the document only then. */
  mounted: boolean;
  stopListening?: () => void;
};

export const OverlayScopeContext = createContext<OverlayScope | null>(null);

/**
 * Scopes the overlays below it to one stack. Pass `actor` when another actor owns the stack (the
 * viewer spawned it); without it, the stack starts its own when the first overlay needs it, and stops
 * it when the provider unmounts.
 */
export function OverlayProvider({ actor, children }: { actor?: OverlaysActor; children: ReactNode }) {
  const inspect = useViewerInspection();
  const [scope] = useState<OverlayScope>(() => ({ actor, inspect, stack: null, mounted: false }));
  useEffect(() => {
    scope.mounted = true;
    scope.stopListening ??= scope.listen?.();
    return () => {
      scope.mounted = false;
      scope.stopListening?.();
      scope.stopListening = undefined;
      // StrictMode mounts again at once; only an unmount for good stops the stack's own actor.
      queueMicrotask(() => {
        if (scope.mounted || scope.actor || !scope.stack) return;
        scope.stack.actor.stop();
        scope.stack = null;
        scope.listen = undefined;
      });
    };
  }, [scope]);
  return <OverlayScopeContext.Provider value={scope}>{children}</OverlayScopeContext.Provider>;
}
