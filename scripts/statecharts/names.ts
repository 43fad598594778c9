import type { AnyStateMachine } from 'xstate';

/*
 * Readable names for what an XState v5 machine holds as guards, actions and delays: a name given in
 * `setup()`, an object `{ type, params }`, or a built-in (assign, raise, and/or/not, …) that XState
 * marks with a `type` or `check` property.
 */

type Callable = ((...args: never[]) => unknown) & Record<string, unknown>;

function isCallable(value: unknown): value is Callable {
  return typeof value === 'function';
}

function typeOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && (typeof value === 'object' || typeof value === 'function') && typeof (value as { type?: unknown }).type === 'string') {
    return (value as { type: string }).type;
  }
  return undefined;
}

/** The guard as it reads in a diagram: `isLastSlide`, `hasAnswer and usesGenerativeFeedback`, `not isIssued`. */
export function guardName(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  const type = typeOf(guard);
  if (type !== undefined) return type;
  if (isCallable(guard)) {
    const parts = Array.isArray(guard.guards) ? (guard.guards as unknown[]).map((g) => guardName(g) ?? 'inline guard') : [];
    const combined = (word: string) => parts.map((p) => (p.includes(' ') ? `(${p})` : p)).join(` ${word} `);
    if (guard.name === 'and') return combined('and');
    if (guard.name === 'or') return combined('or');
    if (guard.name === 'not') return `not ${parts[0] ?? 'inline guard'}`;
    if (guard.name === 'stateIn') return `in ${JSON.stringify(guard.stateValue)}`;
    return 'inline guard';
  }
  return 'inline guard';
}

/** The names of the guards `setup()` implements that a guard expression uses (and/or/not resolved). */
export function guardRefs(guard: unknown): string[] {
  if (guard === undefined || guard === null) return [];
  const type = typeOf(guard);
  if (type !== undefined) return [type];
  if (isCallable(guard) && Array.isArray(guard.guards)) return (guard.guards as unknown[]).flatMap(guardRefs);
  return [];
}

/** How an action is named in the charts, and what kind of effect it is. */
export type ActionRef = {
  /** The name given in `setup({ actions })`, or the built-in with what it touches: `assign(index)`. */
  name: string;
  /** `setup` when the name refers to an implementation in `setup({ actions })`, else the built-in kind. */
  kind: string;
  /** For an action written inline in the chart: what it does. */
  inline?: string;
};

function describeBuiltin(action: Callable): ActionRef | undefined {
  const type = typeof action.type === 'string' ? action.type : undefined;
  if (!type || !type.startsWith('xstate.')) return undefined;
  const kind = type.slice('xstate.'.length);
  const eventType = (value: unknown) => typeOf(value) ?? 'computed event';
  switch (type) {
    case 'xstate.assign': {
      const assignment = action.assignment;
      // assign({ a, b }) names its fields; assign(fn) computes them when it runs.
      const fields = assignment && typeof assignment === 'object' ? Object.keys(assignment).sort() : [];
      return { name: fields.length ? `assign(${fields.join(', ')})` : 'assign', kind };
    }
    case 'xstate.raise':
      return { name: `raise(${eventType(action.event)})`, kind };
    case 'xstate.sendTo': {
      const to = typeof action.to === 'string' ? action.to : 'actor';
      return { name: to === '#_parent' ? `sendParent(${eventType(action.event)})` : `sendTo(${to}, ${eventType(action.event)})`, kind };
    }
    case 'xstate.emit':
      return { name: `emit(${eventType(action.event)})`, kind };
    case 'xstate.cancel':
      return { name: `cancel(${typeof action.sendId === 'string' ? action.sendId : 'computed id'})`, kind };
    case 'xstate.log':
      return { name: `log(${typeof action.label === 'string' ? action.label : ''})`, kind };
    case 'xstate.spawnChild':
      return { name: `spawnChild(${typeof action.src === 'string' ? action.src : 'logic'})`, kind };
    case 'xstate.stopChild':
      return { name: `stopChild(${typeof action.actorRef === 'string' ? action.actorRef : 'child'})`, kind };
    case 'xstate.enqueueActions':
      return { name: 'enqueueActions', kind };
    default:
      return { name: type, kind };
  }
}

/** One action of a transition, entry or exit list. */
export function actionRef(action: unknown): ActionRef {
  if (typeof action === 'string') return { name: action, kind: 'setup' };
  if (isCallable(action)) {
    const builtin = describeBuiltin(action);
    if (builtin) return { ...builtin, inline: describeImplementation(action) };
    const named = action.name && !['actions', 'entry', 'exit'].includes(action.name);
    return { name: named ? action.name : 'inline action', kind: 'function', inline: describeImplementation(action) };
  }
  const type = typeOf(action);
  if (type !== undefined) return { name: type, kind: 'setup' };
  return { name: 'inline action', kind: 'function', inline: 'inline action' };
}

/** What an implementation in `setup({ actions })` does, as far as XState exposes it. */
export function describeImplementation(action: unknown): string {
  if (isCallable(action)) {
    const builtin = describeBuiltin(action);
    if (builtin) {
      if (builtin.kind === 'assign') {
        return builtin.name === 'assign' ? 'assigns context fields it computes when it runs' : `assigns context ${builtin.name.slice('assign'.length)}`;
      }
      if (builtin.kind === 'enqueueActions') return 'enqueues further actions (sending, emitting, assigning) decided when it runs';
      return `built-in ${builtin.name}`;
    }
    return 'custom function (a side effect; the component may replace it with machine.provide)';
  }
  return 'declared only';
}

/** A delay as the charts show it: its name from `setup({ delays })` and, where it is a number, its value. */
export type DelayRef = { name?: string; ms?: number };

export function delayRef(machine: AnyStateMachine, delay: unknown): DelayRef {
  if (typeof delay === 'number') return { ms: delay };
  if (typeof delay === 'string') {
    const implementation = (machine.implementations.delays as Record<string, unknown>)[delay];
    return typeof implementation === 'number' ? { name: delay, ms: implementation } : { name: delay };
  }
  return { name: 'computed delay' };
}

/** `after 4000ms (slideInterval)`, `after 200ms`, `after slideInterval`. */
export function delayLabel(delay: DelayRef): string {
  if (delay.ms !== undefined && delay.name) return `after ${delay.ms}ms (${delay.name})`;
  if (delay.ms !== undefined) return `after ${delay.ms}ms`;
  return `after ${delay.name ?? 'a delay'}`;
}
