import { useEffect } from 'react';
import type { InspectionEvent } from 'xstate';

/*
 * XState inspection of the viewer's actors, for testers (a panel of live actors and their states)
 * and for the end-to-end run (every transition taken, for `npm run coverage:paths`).
 *
 * - Panel: the URL has `?inspect=1` AND the build allows it: always in `vite` dev builds, in a
 *   production build only when built with `VITE_INSPECT=1`. Off by default; the panel's code is a
 *   lazy chunk that a production build without the switch leaves out.
 * - Recording: when the page defines `window.__lernwerkTransitions` as an array before the app
 *   starts (the Playwright fixture e2e/support/transitions.ts does, by an init script), every
 *   microstep is pushed there. Nobody else defines it, so nothing is recorded for learners.
 * Without either, `viewerInspector` is undefined and actors run without inspection.
 */

/**
 * One microstep of one actor. `transitions`: the chart transitions it took as `source|event|index`
 * (state node id, event type — '' for eventless — and the index among the source's candidates for
 * that event), the key scripts/statecharts/chart.ts gives every transition.
 */
export type RecordedTransition = { machineId: string; actorId: string; from: unknown; event: string; to: unknown; transitions: string[] };

declare global {
  interface Window {
    __lernwerkTransitions?: RecordedTransition[];
  }
}

/** A live actor as the panel lists it. */
export type LiveActor = { sessionId: string; id: string; machineId: string; state: string };

/** Whether this build may show the panel (the URL still has to ask with `?inspect=1`). */
export const INSPECT_PANEL_ALLOWED: boolean = import.meta.env.DEV || import.meta.env.VITE_INSPECT === '1';

type TransitionDefinition = {
  eventType: string;
  source: { id: string; path: string[]; always?: unknown[]; transitions: Map<string, unknown[]> };
};

function keyOf(transition: TransitionDefinition): string {
  const { source, eventType } = transition;
  const candidates = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
  return `${source.id}|${eventType}|${candidates.indexOf(transition)}`;
}

/** `autoplay.playing.waiting, slides` for `{ slides: {}, autoplay: { playing: 'waiting' } }`. */
export function formatStateValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return String(value);
  const paths: string[] = [];
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === 'string') return void paths.push(prefix ? `${prefix}.${node}` : node);
    const entries = node && typeof node === 'object' ? Object.entries(node) : [];
    if (!entries.length) return void (prefix && paths.push(prefix));
    for (const [key, child] of entries) walk(child, prefix ? `${prefix}.${key}` : key);
  };
  walk(value, '');
  return paths.sort().join(', ');
}

/** The live actors of the inspected system, for the panel (a store for useSyncExternalStore). */
export class LiveActors {
  private actors = new Map<string, LiveActor>();
  private listeners = new Set<() => void>();
  private list: LiveActor[] = [];

  update(actor: LiveActor | null, sessionId: string): void {
    if (actor) this.actors.set(sessionId, actor);
    else if (!this.actors.delete(sessionId)) return;
    this.list = [...this.actors.values()];
    this.listeners.forEach((listener) => listener());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): LiveActor[] => this.list;
}

type InspectedSnapshot = { value?: unknown; status?: string; machine?: { id: string } };

/** The inspection observer: records microsteps into `record` (if given) and keeps `live` current (if given). */
export function createInspector(options: { record?: RecordedTransition[]; live?: LiveActors }): (event: InspectionEvent) => void {
  const lastValue = new Map<string, unknown>();
  return (event) => {
    const actor = event.actorRef as { id?: string; sessionId: string };
    if (event.type === '@xstate.microstep') {
      const snapshot = event.snapshot as InspectedSnapshot;
      const taken = event._transitions as unknown as TransitionDefinition[];
      if (options.record && snapshot.machine && taken.length) {
        options.record.push({
          machineId: snapshot.machine.id,
          actorId: actor.id ?? actor.sessionId,
          from: lastValue.has(actor.sessionId) ? lastValue.get(actor.sessionId) : taken[0].source.path.join('.'),
          event: event.event.type,
          to: snapshot.value,
          transitions: taken.map(keyOf),
        });
      }
      lastValue.set(actor.sessionId, snapshot.value);
    }
    if (options.live && event.type === '@xstate.snapshot') {
      const snapshot = event.snapshot as InspectedSnapshot;
      if (!snapshot.machine) return;
      const alive = snapshot.status === 'active';
      options.live.update(
        alive ? { sessionId: actor.sessionId, id: actor.id ?? actor.sessionId, machineId: snapshot.machine.id, state: formatStateValue(snapshot.value) } : null,
        actor.sessionId,
      );
    }
  };
}

const panelRequested = typeof window !== 'undefined' && INSPECT_PANEL_ALLOWED && new URLSearchParams(window.location.search).get('inspect') === '1';
const recording = typeof window !== 'undefined' && Array.isArray(window.__lernwerkTransitions) ? window.__lernwerkTransitions : undefined;
const liveActors = panelRequested ? new LiveActors() : undefined;

/** Pass as `inspect` to every actor the viewer creates; undefined when nothing inspects. */
export const viewerInspector = recording || liveActors ? createInspector({ record: recording, live: liveActors }) : undefined;

/**
 * The `inspect` option for the viewer's actors (`useActorRef(machine, { input, inspect: useViewerInspection() })`);
 * with `?inspect=1` allowed it also shows the panel while the component is mounted.
 */
export function useViewerInspection(): typeof viewerInspector {
  useEffect(() => {
    // Spelled out (not INSPECT_PANEL_ALLOWED) so a production build without the switch drops the panel chunk.
    if (!(import.meta.env.DEV || import.meta.env.VITE_INSPECT === '1') || !liveActors) return;
    let unmount: (() => void) | undefined;
    let cancelled = false;
    void import('./InspectPanel').then(({ mountInspectPanel }) => {
      if (!cancelled) unmount = mountInspectPanel(liveActors);
    });
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, []);
  return viewerInspector;
}
