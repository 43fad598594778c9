/**
 * The load generators' records summed up per request kind and window of the run (the ramp, when the
 * learners arrive; the steady state after it; or all of it).
 */
import type { LoadResult, Records, TimedKind } from './fleetLoad';

export interface KindStats {
  /** Requests sent in the window. */
  count: number;
  /** Of those: no 2xx/304 answer (an error status, a network error, no answer within the timeout). */
  errors: number;
  /** Successful answers that arrived in the window, per second. */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** A part of the run, in ms after its start: [from, to). */
export type Window = [number, number];

export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

const ok = (status: number) => (status >= 200 && status < 300) || status === 304;

/** Every generator's records of each kind, together. */
export function mergeRecords(results: readonly LoadResult[]): Partial<Record<TimedKind, Records>> {
  const merged: Partial<Record<TimedKind, Records>> = {};
  for (const result of results) {
    for (const [kind, records] of Object.entries(result.records) as [TimedKind, Records][]) {
      const into = merged[kind];
      // concat, not push(...): a kind may have more records than a call takes arguments.
      merged[kind] = into
        ? { sentMs: into.sentMs.concat(records.sentMs), tookMs: into.tookMs.concat(records.tookMs), status: into.status.concat(records.status) }
        : records;
    }
  }
  return merged;
}

/**
 * Requests sent in `window` (count, errors, latency), and the successful answers that arrived in
 * `rateWindow` (default the same) per second.
 */
export function kindStats(records: Records | undefined, window: Window, rateWindow: Window = window): KindStats {
  const [from, to] = window;
  const [rateFrom, rateTo] = rateWindow;
  const took: number[] = [];
  let errors = 0;
  let answered = 0;
  for (let i = 0; i < (records?.sentMs.length ?? 0); i++) {
    const sent = records!.sentMs[i];
    const status = records!.status[i];
    const done = sent + records!.tookMs[i];
    if (ok(status) && done >= rateFrom && done < rateTo) answered++;
    if (sent < from || sent >= to) continue;
    took.push(records!.tookMs[i]);
    if (!ok(status)) errors++;
  }
  took.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms);
  return {
    count: took.length,
    errors,
    perSecond: Math.round((answered / ((rateTo - rateFrom) / 1000)) * 10) / 10,
    p50Ms: round(percentile(took, 50)),
    p99Ms: round(percentile(took, 99)),
    maxMs: round(took[took.length - 1] ?? 0),
  };
}
