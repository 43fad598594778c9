import type { AnyStateMachine } from 'xstate';
import { actionRef, delayLabel, delayRef, guardName, guardRefs, type ActionRef, type DelayRef } from './names';

/*
 * A statechart read from an XState v5 machine object (`machine.root`): the neutral model every
 * export (Mermaid, SCXML, index, coverage) is written from. Order is the machine's own (document
 * order), so the same machine always gives the same chart.
 */

/** The state-node shape of XState v5 this reader relies on (public fields of `StateNode`). */
export type StateNodeLike = {
  id: string;
  key: string;
  path: string[];
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  history: false | 'shallow' | 'deep';
  description?: string;
  tags: string[];
  states: Record<string, StateNodeLike>;
  initial?: { target: StateNodeLike[] };
  entry: unknown[];
  exit: unknown[];
  invoke: { id: string; src: string }[];
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
  after: (TransitionLike & { delay: unknown })[];
  parent?: StateNodeLike;
};

export type TransitionLike = {
  eventType: string;
  source: StateNodeLike;
  target?: StateNodeLike[];
  guard?: unknown;
  actions: unknown[];
  reenter: boolean;
  description?: string;
  delay?: unknown;
};

export type TransitionKind = 'event' | 'always' | 'after' | 'done.actor' | 'error.actor' | 'done.state' | 'snapshot';

export type ChartTransition = {
  /** `source|event|index`: index in the source's candidate list for that event (`source.always` for eventless). */
  key: string;
  source: string;
  /** The event type ('' for an eventless `always` transition). */
  event: string;
  kind: TransitionKind;
  /** What a reader sees for the event: `answer.submit`, `always`, `after 4000ms (slideInterval)`, `done: generateFeedback`. */
  trigger: string;
  delay?: DelayRef;
  guard?: string;
  /** Guard names from `setup({ guards })` the guard expression uses. */
  guardRefs: string[];
  /** Target state ids; empty: the transition only runs its actions. */
  targets: string[];
  reenter: boolean;
  /** No target state is exited: no targets, or targets inside the source without `reenter` (SCXML `type="internal"`). */
  internal: boolean;
  actions: ActionRef[];
  description?: string;
};

export type ChartState = {
  id: string;
  key: string;
  /** Path below the machine root, joined by dots: `autoplay.playing.waiting` ('' for the root). */
  path: string;
  type: StateNodeLike['type'];
  history?: 'shallow' | 'deep';
  /** Id of the initial child of a compound state. */
  initial?: string;
  description?: string;
  tags: string[];
  entry: ActionRef[];
  exit: ActionRef[];
  /** Invoked actors, `id` and the logic they run (`src`). */
  invoke: { id: string; src: string }[];
  /** Implicit timers of `after` transitions (entered: started, exited: cancelled). */
  timers: { event: string; delay: DelayRef }[];
  transitions: ChartTransition[];
  children: ChartState[];
};

export type Chart = {
  id: string;
  description?: string;
  root: ChartState;
};

const TIMER_EVENT = /^xstate\.after\./;

export function transitionKey(source: string, event: string, index: number): string {
  return `${source}|${event}|${index}`;
}

function kindOf(event: string): TransitionKind {
  if (event === '') return 'always';
  if (TIMER_EVENT.test(event)) return 'after';
  if (event.startsWith('xstate.done.actor.')) return 'done.actor';
  if (event.startsWith('xstate.error.actor.')) return 'error.actor';
  if (event.startsWith('xstate.done.state.')) return 'done.state';
  if (event.startsWith('xstate.snapshot.')) return 'snapshot';
  return 'event';
}

function triggerOf(kind: TransitionKind, event: string, delay: DelayRef | undefined): string {
  switch (kind) {
    case 'always':
      return 'always';
    case 'after':
      return delayLabel(delay ?? {});
    case 'done.actor':
      return `done: ${event.slice('xstate.done.actor.'.length)}`;
    case 'error.actor':
      return `error: ${event.slice('xstate.error.actor.'.length)}`;
    case 'done.state':
      return `done: ${event.slice('xstate.done.state.'.length)}`;
    case 'snapshot':
      return `snapshot: ${event.slice('xstate.snapshot.'.length)}`;
    default:
      return event;
  }
}

function isDescendant(node: StateNodeLike, ancestor: StateNodeLike): boolean {
  for (let current = node.parent; current; current = current.parent) if (current === ancestor) return true;
  return false;
}

/** Entry/exit actions without the raise/cancel pairs XState adds for `after` timers (shown as timers). */
function ownActions(actions: unknown[], timerEvents: Set<string>): ActionRef[] {
  return actions
    .filter((action) => {
      const fn = action as { type?: unknown; id?: unknown; sendId?: unknown };
      if (fn.type === 'xstate.raise' && typeof fn.id === 'string' && timerEvents.has(fn.id)) return false;
      if (fn.type === 'xstate.cancel' && typeof fn.sendId === 'string' && timerEvents.has(fn.sendId)) return false;
      return true;
    })
    .map(actionRef);
}

function readTransition(
  machine: AnyStateMachine,
  node: StateNodeLike,
  transition: TransitionLike,
  index: number,
): ChartTransition {
  const event = transition.eventType;
  const kind = kindOf(event);
  const delay = kind === 'after' ? delayRef(machine, transition.delay) : undefined;
  const targets = transition.target ?? [];
  return {
    key: transitionKey(node.id, event, index),
    source: node.id,
    event,
    kind,
    trigger: triggerOf(kind, event, delay),
    ...(delay ? { delay } : {}),
    ...(transition.guard !== undefined ? { guard: guardName(transition.guard) } : {}),
    guardRefs: guardRefs(transition.guard),
    targets: targets.map((t) => t.id),
    reenter: transition.reenter,
    internal: targets.length === 0 || (!transition.reenter && targets.every((t) => isDescendant(t, node))),
    actions: transition.actions.map(actionRef),
    ...(transition.description ? { description: transition.description } : {}),
  };
}

function readState(machine: AnyStateMachine, node: StateNodeLike): ChartState {
  // Reading `after` first makes XState add the timer raise/cancel actions before entry/exit are read.
  const timers = node.after.map((t) => ({ event: t.eventType, delay: delayRef(machine, t.delay) }));
  const uniqueTimers = timers.filter((t, i) => timers.findIndex((o) => o.event === t.event) === i);
  const timerEvents = new Set(uniqueTimers.map((t) => t.event));
  const transitions: ChartTransition[] = [];
  for (const [event, list] of node.transitions) {
    list.forEach((transition, index) => transitions.push(readTransition(machine, node, { ...transition, eventType: event }, index)));
  }
  (node.always ?? []).forEach((transition, index) => transitions.push(readTransition(machine, node, transition, index)));
  const initial = node.type === 'compound' ? node.initial?.target[0]?.id : undefined;
  return {
    id: node.id,
    key: node.key,
    path: node.path.join('.'),
    type: node.type,
    ...(node.type === 'history' && node.history ? { history: node.history } : {}),
    ...(initial ? { initial } : {}),
    ...(node.description ? { description: node.description } : {}),
    tags: [...node.tags],
    entry: ownActions(node.entry, timerEvents),
    exit: ownActions(node.exit, timerEvents),
    invoke: node.invoke.map((i) => ({ id: i.id, src: i.src })),
    timers: uniqueTimers,
    transitions,
    children: Object.values(node.states).map((child) => readState(machine, child)),
  };
}

/** The chart of `machine`. */
export function chartOf(machine: AnyStateMachine): Chart {
  const root = machine.root as unknown as StateNodeLike;
  return { id: machine.id, ...(machine.root.description ? { description: machine.root.description } : {}), root: readState(machine, root) };
}

/** Every state of the chart, depth first in document order (the root first). */
export function statesOf(chart: Chart): ChartState[] {
  const all: ChartState[] = [];
  const visit = (state: ChartState) => {
    all.push(state);
    state.children.forEach(visit);
  };
  visit(chart.root);
  return all;
}

/** Every transition of the chart, in document order. */
export function transitionsOf(chart: Chart): ChartTransition[] {
  return statesOf(chart).flatMap((state) => state.transitions);
}

/** A state's path for people: `autoplay.playing.waiting`, or the machine id for the root. */
export function statePath(chart: Chart, id: string): string {
  return id === chart.root.id ? chart.id : id.startsWith(`${chart.root.id}.`) ? id.slice(chart.root.id.length + 1) : `#${id}`;
}

/** A transition by name: `notEvaluated: answer.submit [hasAnswer] → evaluated`. */
export function transitionName(chart: Chart, transition: ChartTransition): string {
  const guard = transition.guard ? ` [${transition.guard}]` : '';
  const targets = transition.targets.length ? transition.targets.map((t) => statePath(chart, t)).join(', ') : '(no state change)';
  return `${statePath(chart, transition.source)}: ${transition.trigger}${guard} → ${targets}`;
}
