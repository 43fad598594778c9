import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyActorRef, type AnyStateMachine, type EventFromLogic } from 'xstate';
import { itWalks, pathsOf, runPath } from './walkMachine';

/** Lets the microtasks of settled promises run (an invoked actor's result reaches its machine). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

export type HandCall<I> = { input: I; resolve: () => void; reject: (error: unknown) => void };

/** An invoked promise actor the test settles by hand: every call waits in `calls` until the test resolves or rejects it. */
export function settledByHand<I = void>() {
  const calls: HandCall<I>[] = [];
  const logic = fromPromise<void, I>(({ input }) => new Promise<void>((resolve, reject) => calls.push({ input, resolve, reject })));
  return { calls, logic };
}

/** A machine with its invoked actors settled by hand (by actor id) and the effects its actions had. */
export interface Harness<M extends AnyStateMachine> {
  machine: M;
  calls: Record<string, HandCall<unknown>[]>;
  effects: string[];
}

/**
 * Sends `event` to `actor`; the done or error event of an invoked actor (`xstate.done.actor.ID`,
 * `xstate.error.actor.ID`) settles that actor's latest call instead, when it runs (else nothing happens).
 */
export async function sendOrSettle(actor: AnyActorRef, event: { type: string; error?: unknown }, calls: Harness<AnyStateMachine>['calls']): Promise<void> {
  const invoked = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (!invoked) actor.send(event);
  else if ((actor.getSnapshot() as { children: Record<string, unknown> }).children[invoked[2]]) {
    const call = calls[invoked[2]]!.at(-1)!;
    if (invoked[1] === 'done') call.resolve();
    else call.reject(event.error);
  }
  await settle();
}

/**
 * The model walk of a machine of flat states whose invoked actors the test settles by hand: every path
 * of the graph (xstate/graph) runs against a real actor, each step checked against `model` (where each
 * event leads from each state; events not listed change nothing) and `effectOf` (the one effect a
 * transition `state event` has), and every transition of the model must have been walked.
 */
export function describeModelWalk<M extends AnyStateMachine>(
  name: string,
  machine: M,
  options: {
    events: EventFromLogic<M>[];
    model: Record<string, Partial<Record<string, string>>>;
    effectOf: Record<string, string>;
    harness: () => Harness<M>;
  },
): void {
  describe(`${name} model walk: every transition of the graph, checked against the model`, () => {
    const walked = new Set<string>();
    const { paths, stats } = pathsOf(machine, { input: undefined as never, events: options.events, key: () => null });
    itWalks(name, { paths, stats }, async (path) => {
      const h = options.harness();
      let effectsBefore = 0;
      await runPath(
        h.machine,
        path,
        undefined as never,
        ({ snapshot, event, previous }) => {
          const valueOf = (s: unknown) => (s as { value: unknown }).value;
          const from = valueOf(previous) as string;
          const on = event.type as string;
          expect(valueOf(snapshot)).toBe(options.model[from]?.[on] ?? from);
          if (options.model[from]?.[on]) walked.add(`${from} ${on}`);
          const effect = options.effectOf[`${from} ${on}`];
          expect(h.effects.slice(effectsBefore)).toEqual(effect ? [effect] : []);
        },
        async (actor, event) => {
          effectsBefore = h.effects.length;
          await sendOrSettle(actor, event as { type: string }, h.calls);
        },
      );
    });

    it('walked every transition of the model', () => {
      const all = Object.entries(options.model).flatMap(([from, targets]) => Object.keys(targets).map((event) => `${from} ${event}`));
      expect([...walked].sort()).toEqual(all.sort());
    });
  });
}
