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
import pg from 'pg';
import { DEFAULT_CONNECT_TIMEOUT_MS } from '../db/deadlines';
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
  const log = options.log ?? ((line: string) => console.error(line));
  const backoff = options.backoffMs ?? [250, 500, 1_000, 2_000, 5_000];
  let client: pg.Client | null = null;
  let stopped = false;
  let isConnected = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  let hadConnection = false;

  const schedule = () => {
    if (stopped || timer) return;
    const wait = backoff[Math.min(attempt++, backoff.length - 1)];
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, wait);
    timer.unref();
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: options.connectionString, connectionTimeoutMillis: DEFAULT_CONNECT_TIMEOUT_MS, keepAlive: true, application_name: 'lernwerk-listener' });
    client = next;
    let lost = false;
    const onLost = (why: string) => {
      if (lost || stopped) return;
      lost = true;
      if (isConnected) log(`Lost the content-change listener's connection (${why}); reconnecting`);
      isConnected = false;
      next.end().catch(() => undefined);
      schedule();
    };
    next.on('notification', (message) => {
      if (message.channel === CONTENT_CHANNEL) options.onChange(message.payload || null);
    });
    next.on('error', (error) => onLost(error.message));
    next.on('end', () => onLost('connection ended'));
    try {
      await next.connect();
      await next.query(`LISTEN ${CONTENT_CHANNEL}`);
    } catch (error) {
      onLost((error as Error).message);
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    isConnected = true;
    attempt = 0;
    // Whatever was announced while this server was not listening is unknown: start afresh.
    if (hadConnection) {
      log('The content-change listener is connected again');
      options.onChange(null);
    }
    hadConnection = true;
  };

  void connect();
  return {
    connected: () => isConnected,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      isConnected = false;
      await client?.end().catch(() => undefined);
    },
  };
}
