import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';

/**
 * One way `npm run coverage:paths` walks a machine with xstate/graph: an input, the events with their
 * payloads, and the state key (the value plus exactly what the guards read). Timer events of `after`
 * transitions are added by the walk itself; results of invoked actors are events here, with realistic output.
 */
export type WalkVariant = {
  name: string;
  input: unknown;
  events: readonly AnyEventObject[];
  key: (snapshot: AnyMachineSnapshot) => unknown;
};

/** Walk variants by the machine's name in scripts/statecharts/machines.ts. */
export type WalkVariants = Record<string, WalkVariant[]>;

/** Typed against its machine, stored untyped in the registry. */
export function variant<M extends AnyStateMachine>(
  _machine: M,
  name: string,
  config: {
    input: InputFrom<M>;
    events: readonly EventFromLogic<M>[];
    /** `xstate.done.actor.<id>` / `xstate.error.actor.<id>` with realistic output: invoked actors never run in a walk. */
    actorResults?: readonly AnyEventObject[];
    key: (snapshot: SnapshotFrom<M>) => unknown;
  },
): WalkVariant {
  return { name, input: config.input, events: [...config.events, ...(config.actorResults ?? [])], key: config.key as (snapshot: AnyMachineSnapshot) => unknown };
}

export const sorted = (values: readonly string[]) => [...values].sort();
