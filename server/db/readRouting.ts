import { unavailableReason } from './unavailable';
import type { Database, Queryable } from './types';

/** How long a replica that failed is left alone before content is read from it again, in ms. */
export const REPLICA_REST_MS = 5_000;
/** How long a reading of the replica's replay position is trusted, in ms. */
const REPLAY_CHECK_MS = 100;

/** A standby cancelled a query that conflicted with replaying the primary's changes (SQLSTATE 40001 with that text). */
function isRecoveryConflict(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (code === '40001' || code === '40P01') && typeof message === 'string' && /conflict with recovery/i.test(message);
}

/** A WAL position (`16/B374D848`) as a number that orders like it. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

export interface ReadRoutingOptions {
  primary: Database;
  /** A streaming replica of the primary (DATABASE_READ_URL). */
  replica: Database;
  log?: (line: string) => void;
  now?: () => number;
}

/**
 * Reads that tolerate a little lag (material content, search) go to a PostgreSQL streaming replica;
 * everything else (learners' own state, sessions, authorisation, every write) stays on the primary.
 *
 * Read-your-writes across the fleet: content changes by import, and every import is announced with
 * the primary's WAL position after its commit (server/store/contentChanges.ts). Until the replica
 * has replayed that far, content is read from the primary, so no server serves a material older
 * than one it has heard of (and caches it again). A change whose position is unknown (a listener
 * that reconnected) waits for the primary's current position. A replica that fails a read (away,
 * restarting, full) is rested for 5 s and the read is answered from the primary.
 */
export class ReadRouting {
  /** The database content reads use (query, exec and read-only transactions). */
  readonly content: Database;
  private required: bigint | null = null;
  private pendingPosition: Promise<void> | null = null;
  private restingUntil = 0;
  private replayed: { value: bigint | null; at: number; reading: Promise<bigint | null> | null } = { value: null, at: 0, reading: null };
  private readonly log: (line: string) => void;
  private readonly now: () => number;

  constructor(private readonly options: ReadRoutingOptions) {
    this.log = options.log ?? ((line) => console.error(line));
    this.now = options.now ?? Date.now;
    this.content = this.routed(null);
  }

  /** Content changed on the primary, its WAL position then `lsn` (null: unknown, the primary's current one counts). */
  contentChangedAt(lsn: string | null): void {
    if (lsn) {
      const value = lsnValue(lsn);
      if (this.required === null || value > this.required) this.required = value;
      return;
    }
    const asking = this.options.primary
      .query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')
      .then(([row]) => this.contentChangedAt(row.lsn))
      .catch(() => undefined)
      .finally(() => {
        if (this.pendingPosition === asking) this.pendingPosition = null;
      });
    this.pendingPosition = asking;
  }

  /** Where the next content read goes. */
  async target(): Promise<'replica' | 'primary'> {
    if (this.now() < this.restingUntil || this.pendingPosition) return 'primary';
    if (this.required === null) return 'replica';
    const replayed = await this.replayPosition();
    if (replayed === null || replayed < this.required) return 'primary';
    this.required = null;
    return 'replica';
  }

  private async replayPosition(): Promise<bigint | null> {
    if (this.now() - this.replayed.at < REPLAY_CHECK_MS) return this.replayed.value;
    this.replayed.reading ??= this.options.replica
      .query<{ lsn: string | null; standby: boolean }>('SELECT pg_last_wal_replay_lsn()::text AS lsn, pg_is_in_recovery() AS standby')
      .then(([row]) => {
        // Not a standby (promoted, or configured wrong): it holds every commit it knows of.
        const value = row.standby ? (row.lsn ? lsnValue(row.lsn) : null) : (this.required ?? 0n);
        this.replayed = { value, at: this.now(), reading: null };
        return value;
      })
      .catch((error: unknown) => {
        this.replayed.reading = null;
        this.rest(error);
        return null;
      });
    return this.replayed.reading;
  }

  private rest(error: unknown): void {
    if (this.now() >= this.restingUntil) this.log(`The read replica failed (${(error as Error).message}); reading from the primary for ${REPLICA_REST_MS / 1000} s`);
    this.restingUntil = this.now() + REPLICA_REST_MS;
  }

  /** Runs a read on the replica when it may serve it, else (or when it fails for being away) on the primary. */
  private async read<T>(work: (db: Database) => Promise<T>, deadlineMs: number | null): Promise<T> {
    const pick = (db: Database) => (deadlineMs === null ? db : db.withDeadline(deadlineMs));
    if ((await this.target()) === 'primary') return work(pick(this.options.primary));
    try {
      return await work(pick(this.options.replica));
    } catch (error) {
      // A read cancelled because replay had to remove rows it still saw: the primary answers this one.
      if (isRecoveryConflict(error)) return work(pick(this.options.primary));
      if (!unavailableReason(error)) throw error;
      this.rest(error);
      return work(pick(this.options.primary));
    }
  }

  private routed(deadlineMs: number | null): Database {
    return {
      kind: 'postgres',
      query: <T>(sql: string, params?: readonly unknown[]) => this.read((db) => db.query<T>(sql, params), deadlineMs),
      exec: (sql: string) => this.read((db) => db.exec(sql), deadlineMs),
      transaction: <T>(fn: (tx: Queryable) => Promise<T>) => this.read((db) => db.transaction(fn), deadlineMs),
      withDeadline: (ms: number) => this.routed(ms),
      close: async () => {
        await this.options.replica.close();
      },
    };
  }
}
