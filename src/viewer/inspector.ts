import type { InspectionEvent } from 'xstate';
import { transitionRecorder, type RecordedTransition } from '../../machines/transitionRecorder';
import type { LiveActor } from './inspectionTypes';

/*
 * The inspection observer behind src/viewer/inspection.ts: a chunk of its own, loaded only when a
 * page records transitions or shows the inspect panel, so learners never download it.
 */

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
  const recordStep = options.record ? transitionRecorder(options.record) : undefined;
  return (event) => {
    const actor = event.actorRef as { id?: string; sessionId: string };
    recordStep?.(event);
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
