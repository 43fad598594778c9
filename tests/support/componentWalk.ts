import { afterAll, expect } from 'vitest';
import { getNextSnapshot, type AnyActorRef, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { WalkVariant } from '../../scripts/statecharts/walkConfigs';
import type { Lang } from '../../model/pageData';

/*
 * Model-based tests through the React components: xstate/graph's shortest paths (one path to every
 * reachable state, keyed like scripts/statecharts/walkConfigs.ts) are replayed by a learner against
 * the rendered component; after every step the test checks what the learner sees for the state the
 * path is in, and that the component's actor is in exactly that state.
 */

export type Step = { event: EventObject; state: AnyMachineSnapshot };

export type ComponentPath = {
  /** `notEvaluated → choice.select(b) → answer.submit → evaluated` */
  title: string;
  /** German and English alternate across the paths of a machine. */
  lang: Lang;
  /** Mouse and keyboard alternate too, shifted by one, so each language meets both. */
  via: 'pointer' | 'keyboard';
  /** The first step is the initial state (its event is xstate.init). */
  steps: Step[];
  /** `[value, key]` of the state the path ends in. */
  target: string;
};

export type WalkSpec = Pick<WalkVariant, 'input' | 'events' | 'key'>;

/** A payload value in a label: a long text by its start and length. */
const valueLabel = (value: unknown) =>
  typeof value !== 'string' ? JSON.stringify(value) : value.length > 60 ? `${value.slice(0, 24)}… (${value.length} characters)` : value;

/** `choice.select(b)`, `mark.add(0.2, 0.2)`, `answer.submit`. */
export function eventLabel(event: EventObject): string {
  const { type, ...payload } = event;
  const values = Object.values(payload).map(valueLabel);
  return values.length ? `${type}(${values.join(', ')})` : type;
}

/** `notEvaluated`, `autoplay.playing.waiting` (regions without substates left out). */
export function stateLabel(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([region, inner]) => {
      const rest = inner === undefined || (typeof inner === 'object' && Object.keys(inner).length === 0) ? '' : stateLabel(inner);
      return rest === '' ? '' : `${region}.${rest}`;
    })
    .filter(Boolean)
    .join(' | ');
}

/** The events of `after` transitions (named delays), so timers are walked like any other event. */
export function timerEvents(machine: AnyStateMachine): EventObject[] {
  const types = new Set<string>();
  const visit = (node: AnyStateMachine['root']) => {
    for (const transition of node.after) types.add(transition.eventType);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return [...types].map((type) => ({ type }));
}

type GraphPath = { state: AnyMachineSnapshot; steps: Step[] };
/** xstate/graph's adjacency map: per state key, the state and where each event leads from it. */
type Adjacency = Record<string, { state: AnyMachineSnapshot; transitions: Record<string, Step> }>;

/**
 * The shortest path to every reachable state of `machine` under `spec` (xstate/graph), plus, for
 * each event that changes the state somewhere but lies on none of those paths (Edit Answer, Reset,
 * deselecting: they lead back to states reached sooner), the shortest path that ends with it. So
 * every event a learner can make is driven at least once where it does something; at most one
 * path per event is added. Sorted by length, named, with a language and an input device each.
 */
export function componentPaths(
  machine: AnyStateMachine,
  spec: WalkSpec,
  /** Whether a learner can cause `event` in `state` (the control for it is shown); all events by default. */
  { can = () => true }: { can?: (state: AnyMachineSnapshot, event: EventObject) => boolean } = {},
): { paths: ComponentPath[]; reachable: number; added: number } {
  const serialize = (snapshot: AnyMachineSnapshot) => stateKey(snapshot, spec.key);
  const events = (state: AnyMachineSnapshot) => spec.events.filter((event) => can(state, event));
  const options = { input: spec.input, events, serializeState: serialize } as never;
  const shortest = (getShortestPaths(machine, options) as unknown as GraphPath[]).sort(byLength);
  const adjacency = getAdjacencyMap(machine, options) as unknown as Adjacency;
  const same = (a: EventObject, b: EventObject) => JSON.stringify(a) === JSON.stringify(b);
  const added: GraphPath[] = [];
  for (const wanted of spec.events) {
    if (shortest.some((path) => path.steps.slice(1).some((step) => same(step.event, wanted)))) continue;
    // The first (shortest) path into a state where `wanted` leads elsewhere, and that step.
    for (const base of shortest) {
      const next = Object.values(adjacency[serialize(base.state)]?.transitions ?? {}).find((step) => same(step.event, wanted));
      if (!next || serialize(next.state) === serialize(base.state)) continue;
      added.push({ state: next.state, steps: [...base.steps, next] });
      break;
    }
  }
  const paths = [...shortest, ...added].map((path) => replay(machine, path));
  return {
    reachable: shortest.length,
    added: added.length,
    paths: paths.map((path, index) => {
      const events = path.steps.slice(1).map((step) => eventLabel(step.event));
      const first = stateLabel(path.steps[0].state.value);
      const last = stateLabel(path.state.value);
      return {
        title: [first, ...events, ...(events.length ? [last] : [])].join(' → '),
        lang: index % 2 === 0 ? 'en' : 'de',
        // (en, mouse), (de, keyboard), (en, keyboard), (de, mouse), …: even two paths meet both languages and both devices.
        via: Math.floor((index + 1) / 2) % 2 === 0 ? 'pointer' : 'keyboard',
        steps: path.steps,
        target: serialize(path.state),
      };
    }),
  };
}

const byLength = (a: GraphPath, b: GraphPath) =>
  a.steps.length - b.steps.length || pathName(a).localeCompare(pathName(b));
const pathName = (path: GraphPath) => path.steps.map((step) => eventLabel(step.event)).join(' ');

/**
 * xstate/graph keeps one snapshot per key, so a step's snapshot may come from another path that
 * reached the same key; recompute every step from the path's own events.
 */
function replay(machine: AnyStateMachine, path: GraphPath): GraphPath {
  let state = path.steps[0].state;
  const steps = path.steps.map((step, index) => {
    if (index > 0) state = getNextSnapshot(machine, state, step.event);
    return { event: step.event, state };
  });
  return { state, steps };
}

export function stateKey(snapshot: AnyMachineSnapshot, key: WalkSpec['key']): string {
  return JSON.stringify([snapshot.value, key(snapshot)]);
}

export type DriveOptions = {
  actor: () => AnyActorRef;
  key: WalkSpec['key'];
  /** Does, as a learner (or as the outside world for events no learner causes), what `event` means. */
  perform: (event: EventObject, before: AnyMachineSnapshot) => Promise<void>;
  /** Asserts what the learner sees while the element is in `state`. */
  sees: (state: AnyMachineSnapshot) => void;
};

/** Drives one path; after the start and after every step, checks the actor and the screen. */
export async function drivePath(path: ComponentPath, { actor, key, perform, sees }: DriveOptions): Promise<void> {
  const check = (expected: AnyMachineSnapshot, after: string) => {
    const actual = actor().getSnapshot() as AnyMachineSnapshot;
    expect(actual.value, `state after ${after}`).toEqual(expected.value);
    expect(key(actual), `context after ${after}`).toEqual(key(expected));
    sees(expected);
  };
  check(path.steps[0].state, 'the start');
  for (let index = 1; index < path.steps.length; index++) {
    const { event, state } = path.steps[index];
    await perform(event, path.steps[index - 1].state);
    check(state, eventLabel(event));
  }
}

/**
 * Counts, per machine, the states reached through the component and the paths driven; prints
 * `name: states reached / paths driven` after the file's tests.
 */
export function coverage(name: string, walk: { reachable: number; added: number }, note = '') {
  const reached = new Set<string>();
  let driven = 0;
  afterAll(() => {
    const notes = [walk.added ? `${walk.added} added for events no shortest path takes` : '', note].filter(Boolean).join('; ');
    console.log(`${name}: ${reached.size}/${walk.reachable} states reached / ${driven} paths driven through the component${notes ? ` (${notes})` : ''}`);
  });
  return {
    driven(path: ComponentPath) {
      reached.add(path.target);
      driven++;
    },
  };
}

/** The variants of a machine in the shared walk configs that have events (saved-state variants have none). */
export function learnerVariants(variants: readonly WalkVariant[]): WalkVariant[] {
  return variants.filter((variant) => variant.events.length > 0);
}
