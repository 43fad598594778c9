/* What src/viewer/inspection.ts records and its observer (./inspector.ts, a chunk of its own) reports. */

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
