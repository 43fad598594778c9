import { it } from 'vitest';
import { createActor, type AnyActorRef, type AnyStateMachine, type EventFromLogic, type InputFrom, type SnapshotFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type AdjacencyMap, type StatePath } from 'xstate/graph';
import type { ElementChangedEvent } from '../../machines/elements/elementChanged';
import { chartShare, transitionsTakenBy } from '../../scripts/statecharts/modelWalk';

/*
 * Model-based walking of a machine (in the shape of xstate's dieHard test): the traversal of
 * `xstate/graph` generates the paths, and each path is executed against a real actor. A walk is one
 * vitest test (`itWalks`), named by its paths and the chart transitions they take.
 */

export type Traversal<M extends AnyStateMachine> = {
  input: InputFrom<M>;
  /** Every event the traversal may send, payloads included. */
  events: EventFromLogic<M>[];
  /** What identifies a state: its value plus exactly what the guards read. */
  key: (snapshot: SnapshotFrom<M>) => unknown;
  /**
   * transitions (default): for every transition of the graph, the shortest path to its source
   * plus that transition, so every edge is executed; shortest: one path per state; simple: every
   * path without a repeated state.
   */
  kind?: 'transitions' | 'shortest' | 'simple';
};

export type WalkedPath<M extends AnyStateMachine> = StatePath<SnapshotFrom<M>, EventFromLogic<M>> & { name: string };

/** A payload value as a path's name shows it: a long text by its start and length. */
function describeValue(value: unknown): string {
  return typeof value === 'string' && value.length > 60 ? `${JSON.stringify(value.slice(0, 24))}… (${value.length} characters)` : JSON.stringify(value);
}

export function describeEvent(event: { type: string }): string {
  const { type, ...payload } = event;
  const values = Object.values(payload).map(describeValue);
  return values.length ? `${type}(${values.join(', ')})` : type;
}

export function pathsOf<M extends AnyStateMachine>(machine: M, traversal: Traversal<M>) {
  const options = {
    input: traversal.input,
    events: traversal.events,
    serializeState: (snapshot: SnapshotFrom<M>) => JSON.stringify([(snapshot as { value: unknown }).value, traversal.key(snapshot)]),
  };
  type Path = StatePath<SnapshotFrom<M>, EventFromLogic<M>>;
  const adjacency = getAdjacencyMap(machine, options as never) as AdjacencyMap<SnapshotFrom<M>, EventFromLogic<M>>;
  const transitions = Object.values(adjacency).reduce((sum, vertex) => sum + Object.keys(vertex.transitions).length, 0);
  const shortest = getShortestPaths(machine, options as never) as Path[];
  let paths: Path[] = shortest;
  if (traversal.kind === 'simple') paths = getSimplePaths(machine, options as never) as Path[];
  if (!traversal.kind || traversal.kind === 'transitions') {
    const toState = new Map(shortest.map((path) => [options.serializeState(path.state), path]));
    paths = Object.keys(adjacency).flatMap((key) =>
      Object.values(adjacency[key as keyof typeof adjacency].transitions).map(({ event }) => {
        const base = toState.get(key);
        if (!base) throw new Error(`no path reaches ${key}`);
        const state = base.state;
        return { state, steps: [...base.steps, { event, state }], weight: base.weight + 1 } as Path;
      }),
    );
  }
  const named: WalkedPath<M>[] = paths.map((path) => ({
    ...path,
    name: path.steps.slice(1).map((step) => describeEvent(step.event)).join(' → ') || '(start)',
  }));
  const chart = chartShare(machine, transitionsTakenBy(machine, traversal.input, adjacency).taken);
  return { paths: named, stats: { states: Object.keys(adjacency).length, transitions, paths: paths.length, chart } };
}

export type WalkStats = { states: number; transitions: number; paths: number; chart: { walked: number; total: number } };

/** The name of a walk's test: `label: N paths, walked/total transitions` (chart transitions the graph's edges take). */
export function walkName(label: string, stats: WalkStats): string {
  return `${label}: ${stats.paths} paths, ${stats.chart.walked}/${stats.chart.total} transitions`;
}

/**
 * One vitest test that runs every path of a walk in turn (`run` sets up what one path needs). The
 * first failing path fails it, its message starting with the path's events from the start.
 */
export function itWalks<P extends { name: string }>(label: string, walk: { paths: readonly P[]; stats: WalkStats }, run: (path: P) => unknown): void {
  it(walkName(label, walk.stats), async () => {
    for (const path of walk.paths) {
      try {
        await run(path);
      } catch (error) {
        if (error instanceof Error) {
          error.message = `path ${path.name}: ${error.message}`;
          throw error;
        }
        throw new Error(`path ${path.name}: ${String(error)}`, { cause: error });
      }
    }
  });
}

export type StepCheck<M extends AnyStateMachine> = (args: {
  snapshot: SnapshotFrom<M>;
  event: EventFromLogic<M>;
  previous: SnapshotFrom<M>;
  reports: ElementChangedEvent[];
}) => void;

/**
 * Starts a real actor and sends each event of the path; after each step `check` receives the
 * actor's snapshot, the one before the step, and the changes reported by that step.
 * `send` replaces plain sending for events that need a test double (an invoked actor's result).
 */
export async function runPath<M extends AnyStateMachine>(
  machine: M,
  path: WalkedPath<M>,
  input: InputFrom<M>,
  check: StepCheck<M>,
  send: (actor: AnyActorRef, event: EventFromLogic<M>) => void | Promise<void> = (actor, event) => actor.send(event),
): Promise<SnapshotFrom<M>> {
  const actor = createActor(machine, { input });
  const reports: ElementChangedEvent[] = [];
  actor.on('element.changed', (event: ElementChangedEvent) => reports.push(event));
  let failure: unknown;
  actor.subscribe({ error: (error) => (failure = error) });
  actor.start();
  for (const step of path.steps.slice(1)) {
    const previous = actor.getSnapshot() as SnapshotFrom<M>;
    reports.length = 0;
    await send(actor, step.event);
    if (failure) throw failure;
    check({ snapshot: actor.getSnapshot() as SnapshotFrom<M>, event: step.event, previous, reports: [...reports] });
  }
  const last = actor.getSnapshot() as SnapshotFrom<M>;
  actor.stop();
  return last;
}
