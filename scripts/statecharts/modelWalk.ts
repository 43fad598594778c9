import { createActor, fromTransition, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type InspectionEvent } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { chartOf, transitionKey, transitionsOf, type StateNodeLike, type TransitionLike } from './chart';
import type { WalkVariant } from './walkConfigs';

/*
 * Model-based walk of one machine with xstate/graph: the adjacency map of each walk variant gives
 * every reachable state (by the variant's key) and every event from it, i.e. the paths the
 * model-based tests replay (one per graph edge). Which chart transitions each step takes is read
 * through XState's inspection API (`@xstate.microstep` carries the transitions it took), so eventless
 * follow-ups and the restoring branches at start count too.
 */

/** The key of a transition XState reports in `@xstate.microstep` (same form as `ChartTransition.key`). */
export function keyOfTakenTransition(transition: TransitionLike): string {
  const source = transition.source;
  const list = transition.eventType === '' ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
  return transitionKey(source.id, transition.eventType, list.indexOf(transition));
}

type MockScope = Parameters<AnyStateMachine['transition']>[2];

/** An actor scope like xstate/graph's, whose inspection hands every microstep of this actor to `onStep`. */
function inspectingScope(onStep: (transitions: TransitionLike[]) => void): MockScope {
  const self = createActor(fromTransition((state: number) => state, 0));
  self.system.inspect((event: InspectionEvent) => {
    if (event.type === '@xstate.microstep' && event.actorRef === self) onStep(event._transitions as unknown as TransitionLike[]);
  });
  return {
    self,
    logger: () => {},
    id: '',
    sessionId: 'statecharts-walk',
    defer: () => {},
    system: self.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as MockScope;
}

export type VariantWalk = { name: string; vertices: number; edges: number; shortestPaths: number };

export type MachineWalk = {
  /** Chart transitions taken, by key, with how many graph edges took them. */
  walked: Map<string, number>;
  variants: VariantWalk[];
};

/** Events of `after` timers: no payload, so the walk adds them to every variant. */
function timerEvents(machine: AnyStateMachine): EventObject[] {
  const types = transitionsOf(chartOf(machine)).filter((t) => t.kind === 'after').map((t) => t.event);
  return [...new Set(types)].map((type) => ({ type }));
}

type Adjacency = Record<string, { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject }> }>;

/**
 * The chart transitions a walk takes, by key, with how many graph edges took them: the start with
 * `input` (restoring branches, eventless follow-ups) and every edge of `adjacency` (xstate/graph's
 * adjacency map of the machine), each taken once more under inspection.
 */
export function transitionsTakenBy(machine: AnyStateMachine, input: unknown, adjacency: object, into = new Map<string, number>()): { taken: Map<string, number>; edges: number } {
  const scope = inspectingScope((transitions) => {
    for (const t of transitions) {
      const key = keyOfTakenTransition(t);
      into.set(key, (into.get(key) ?? 0) + 1);
    }
  });
  machine.getInitialSnapshot(scope, input);
  let edges = 0;
  for (const vertex of Object.values(adjacency as Adjacency)) {
    for (const { event } of Object.values(vertex.transitions)) {
      edges++;
      machine.transition(vertex.state, event, scope);
    }
  }
  return { taken: into, edges };
}

/** How many of the chart's transitions `taken` holds, of how many. */
export function chartShare(machine: AnyStateMachine, taken: ReadonlyMap<string, number>): { walked: number; total: number } {
  const transitions = transitionsOf(chartOf(machine));
  return { walked: transitions.filter((t) => taken.get(t.key)).length, total: transitions.length };
}

export function walkMachine(machine: AnyStateMachine, variants: readonly WalkVariant[]): MachineWalk {
  const walked = new Map<string, number>();
  const timers = timerEvents(machine);
  const results: VariantWalk[] = [];
  for (const v of variants) {
    const options = {
      input: v.input,
      events: [...v.events, ...timers.filter((timer) => !v.events.some((e) => e.type === timer.type))],
      serializeState: (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, v.key(snapshot)]),
    };
    const adjacency = getAdjacencyMap(machine, options as never);
    const { edges } = transitionsTakenBy(machine, v.input, adjacency, walked);
    const shortestPaths = getShortestPaths(machine, options as never).length;
    results.push({ name: v.name, vertices: Object.keys(adjacency).length, edges, shortestPaths });
  }
  return { walked, variants: results };
}

/** The root state node of a machine as the chart reader sees it. */
export function rootOf(machine: AnyStateMachine): StateNodeLike {
  return machine.root as unknown as StateNodeLike;
}
