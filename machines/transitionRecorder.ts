import type { InspectionEvent } from 'xstate';

/**
 * One microstep of one actor, as the end-to-end run records it for `npm run coverage:paths`.
 * `transitions`: the chart transitions it took as `source|event|index` (state node id, event type —
 * '' for eventless — and the index among the source's candidates for that event), the key
 * scripts/statecharts/chart.ts gives every transition.
 */
export type RecordedTransition = { machineId: string; actorId: string; from: unknown; event: string; to: unknown; transitions: string[] };

type TransitionDefinition = {
  eventType: string;
  source: { id: string; path: string[]; always?: unknown[]; transitions: Map<string, unknown[]> };
};

function keyOf(transition: TransitionDefinition): string {
  const { source, eventType } = transition;
  const candidates = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
  return `${source.id}|${eventType}|${candidates.indexOf(transition)}`;
}

/**
 * An inspection observer (`createActor(machine, { inspect })`) that appends to `record` every
 * microstep of a machine actor that took at least one chart transition.
 */
export function transitionRecorder(record: RecordedTransition[]): (event: InspectionEvent) => void {
  const lastValue = new Map<string, unknown>();
  return (event) => {
    if (event.type !== '@xstate.microstep') return;
    const actor = event.actorRef as { id?: string; sessionId: string };
    const snapshot = event.snapshot as { value?: unknown; machine?: { id: string } };
    const taken = event._transitions as unknown as TransitionDefinition[];
    if (snapshot.machine && taken.length) {
      record.push({
        machineId: snapshot.machine.id,
        actorId: actor.id ?? actor.sessionId,
        from: lastValue.has(actor.sessionId) ? lastValue.get(actor.sessionId) : taken[0].source.path.join('.'),
        event: event.event.type,
        to: snapshot.value,
        transitions: taken.map(keyOf),
      });
    }
    lastValue.set(actor.sessionId, snapshot.value);
  };
}
