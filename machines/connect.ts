/**
 * A kind's `connect` maps a snapshot of its machine to what its view shows, the `data-state` stamp
 * included (the values tests and styles read). Views select with it and `sameProps`, so they render
 * again only when one of those props changed.
 */

/** Two views of a snapshot are the same when each prop is (`Object.is`). */
export function sameProps<T extends object>(a: T, b: T): boolean {
  for (const key in a) if (!Object.is(a[key], b[key])) return false;
  return true;
}

/** A question is evaluated or not: its `data-state` says which. */
export const questionState = (evaluated: boolean) => ({ evaluated, dataState: evaluated ? ('evaluated' as const) : ('notEvaluated' as const) });
