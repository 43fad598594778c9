/** Waiting with a deadline: every wait of the fleet ends, with an error that shows the relevant log. */
import { sleep, tailOf } from './processes';

export interface WaitOptions {
  /** What is waited for, for the error ("app1 to answer /api/ready with 200"). */
  what: string;
  timeoutMs: number;
  intervalMs?: number;
  /** Logs whose tails the error shows. */
  logs?: string[];
  /** Checked before each try: a reason to give up at once (the process ended), or null. */
  abort?: () => string | null;
}

/** An error naming what was waited for, with the tails of the logs. */
export class FleetWaitError extends Error {}

/**
 * Calls `probe` until it answers something other than undefined, null or false, and answers that;
 * throws a FleetWaitError (with the tails of `logs`) after `timeoutMs`, or at once when `abort`
 * gives a reason. A probe that throws counts as "not yet" (its last error is reported).
 */
export async function waitUntil<T>(probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, options: WaitOptions): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError: unknown = null;
  for (;;) {
    const reason = options.abort?.();
    if (reason) throw new FleetWaitError(failure(`${options.what}: ${reason}`, lastError, options.logs));
    try {
      const result = await probe();
      if (result !== undefined && result !== null && result !== false) return result;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      throw new FleetWaitError(failure(`Timed out after ${(options.timeoutMs / 1000).toFixed(1)} s waiting for ${options.what}`, lastError, options.logs));
    }
    await sleep(Math.min(options.intervalMs ?? 100, Math.max(0, deadline - Date.now())));
  }
}

function failure(message: string, lastError: unknown, logs: string[] = []): string {
  const parts = [message];
  if (lastError) parts.push(`(last error: ${lastError instanceof Error ? lastError.message : String(lastError)})`);
  for (const log of logs) parts.push(tailOf(log));
  return parts.join('\n');
}
