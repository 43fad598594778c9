/**
 * Content changes told to every server of an installation. Content (materials, collections,
 * shares, settings) changes by import; each server caches lookups of it (./lookups.ts,
 * ./materialAnswers.ts). The server that imports clears its own caches at once; the others hear of
 * it through PostgreSQL's LISTEN/NOTIFY on `CONTENT_CHANNEL`, within milliseconds of the commit,
 * and clear theirs. The notification carries the primary's WAL position after the commit, so a
 * server reading content from a replica reads it from the primary until the replica has replayed
 * that far (server/db/readRouting.ts).
 *
 * A listener that lost its connection cannot know what it missed: when it is back it clears the
 * caches once more. Meanwhile the caches' time to live (5 s) bounds how stale they get.
 */
import { listenForNotifications } from '../db/notificationListener';
import type { Queryable } from '../db/types';
import { contentChanged } from './lookups';

export const CONTENT_CHANNEL = 'lernwerk_content';

/**
 * Clears this process's caches and tells the other servers (after the change committed). A failure
 * to tell is logged, not thrown: the change is stored, and the others' caches expire within 5 s.
 */
export async function announceContentChange(db: Queryable, log: (line: string) => void = console.error): Promise<void> {
  let lsn: string | null = null;
  try {
    const [row] = await db.query<{ lsn: string }>(
      `SELECT position AS lsn, pg_notify($1, position) FROM (SELECT pg_current_wal_lsn()::text AS position) AS now`,
      [CONTENT_CHANNEL],
    );
    lsn = row?.lsn ?? null;
  } catch (error) {
    log(`Could not tell the other servers that content changed (their caches catch up within 5 s): ${(error as Error).message}`);
  } finally {
    contentChanged(lsn);
  }
}

export interface ContentListenerOptions {
  connectionString: string;
  /** A change was announced (`lsn`: the primary's WAL position after it), or may have been missed while disconnected (`lsn` null). */
  onChange: (lsn: string | null) => void;
  log?: (line: string) => void;
  /** Waits between reconnection attempts, in ms (the last one repeats). */
  backoffMs?: readonly number[];
}

/** Listens on its own connection (not one of the pool) until `stop`; reconnects for as long as it runs. */
export function listenForContentChanges(options: ContentListenerOptions): { stop: () => Promise<void>; connected: () => boolean } {
  return listenForNotifications({
    connectionString: options.connectionString,
    channel: CONTENT_CHANNEL,
    name: 'content-change listener',
    onNotification: (lsn) => options.onChange(lsn),
    // Whatever was announced while this server was not listening is unknown: start afresh.
    onReconnect: () => options.onChange(null),
    log: options.log,
    backoffMs: options.backoffMs,
  });
}
