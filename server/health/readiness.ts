import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readMigrations } from '../db/migrate';
import type { Database } from '../db/types';
import { withinDeadline } from '../withinDeadline';

/** How long one readiness check may take before it counts as failed, in ms. */
export const READINESS_DEADLINE_MS = 2_000;
/** A check's answer is shared by the probes that ask within this time (several balancers, a busy one). */
const CACHE_MS = 250;
/** Heartbeats of servers not seen for this long are deleted when a server starts. */
const FORGET_SERVERS_AFTER = '7 days';

export type CheckName = 'draining' | 'database' | 'migrations' | 'disk';

/** What a readiness check found: `failed` names each failed check and why (empty: ready). */
export interface Readiness {
  ready: boolean;
  failed: { check: CheckName; message: string }[];
  /** When the check ran (ms since 1970). */
  checkedAt: number;
}

export interface ReadinessOptions {
  db: Database;
  /** A directory on the server's own disk to write a probe file to (DATA_DIR; for PGlite also the database's disk); none: not checked. */
  diskProbeDir?: string | null;
  deadlineMs?: number;
  /** Told when readiness changes (a line for the log). */
  onChange?: (readiness: Readiness) => void;
}

/**
 * Whether this server can serve learners now (`GET /api/ready`, what a load balancer watches),
 * apart from whether the process lives (`GET /api/health`, what a supervisor may watch):
 * - not draining (after SIGTERM the server keeps answering for SHUTDOWN_DRAIN_MS, reported not ready);
 * - the database answers within the deadline and accepts a write: this server's heartbeat row
 *   (`server_heartbeats`, which also tells an operator which servers answer and when);
 * - the database holds every migration this code knows (a server never serves an older schema);
 * - the server's own disk accepts a small file, written and synced (disk full, read-only mount).
 * Checks run together and at most one at a time; probes within 250 ms share an answer.
 */
export class ReadinessCheck {
  private draining = false;
  private wasReady = true;
  private running: Promise<Readiness> | null = null;
  private last: Readiness | null = null;
  private address = '';
  private readonly serverId: string;
  private readonly startedAt = new Date();
  private readonly latestMigration: string;
  private readonly deadlineMs: number;

  constructor(private readonly options: ReadinessOptions) {
    this.deadlineMs = options.deadlineMs ?? READINESS_DEADLINE_MS;
    this.serverId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.latestMigration = readMigrations().at(-1)?.version ?? '';
  }

  /** Where this server listens (shown in its heartbeat row). */
  listensAt(address: string): void {
    this.address = address;
  }

  /** From now on the server reports itself not ready (it is about to stop). */
  drain(): void {
    this.draining = true;
    this.last = null;
  }

  /** Deletes the heartbeats of servers long gone (called once at start). */
  async forgetOldServers(): Promise<void> {
    await this.options.db.query(`DELETE FROM server_heartbeats WHERE seen_at < now() - interval '${FORGET_SERVERS_AFTER}'`);
  }

  check(): Promise<Readiness> {
    if (this.draining) return Promise.resolve({ ready: false, failed: [{ check: 'draining', message: 'The server is shutting down' }], checkedAt: Date.now() });
    if (this.last && Date.now() - this.last.checkedAt < CACHE_MS) return Promise.resolve(this.last);
    this.running ??= this.run().finally(() => (this.running = null));
    return this.running;
  }

  private async run(): Promise<Readiness> {
    const failed: Readiness['failed'] = [];
    const [database, disk] = await Promise.allSettled([this.checkDatabase(), this.checkDisk()]);
    if (database.status === 'rejected') failed.push({ check: 'database', message: messageOf(database.reason) });
    else if (database.value < this.latestMigration) {
      failed.push({ check: 'migrations', message: `The database is at migration ${database.value || 'none'}, this server needs ${this.latestMigration}` });
    }
    if (disk.status === 'rejected') failed.push({ check: 'disk', message: messageOf(disk.reason) });
    const result: Readiness = { ready: failed.length === 0 && !this.draining, failed, checkedAt: Date.now() };
    if (result.ready !== this.wasReady) this.options.onChange?.(result);
    this.wasReady = result.ready;
    this.last = result;
    return result;
  }

  /** Writes the heartbeat and reads the schema's migration in one statement; answers that migration. */
  private async checkDatabase(): Promise<string> {
    const [row] = await this.options.db.withDeadline(this.deadlineMs).query<{ migration: string | null }>(
      `WITH beat AS (
         INSERT INTO server_heartbeats (server_id, host, pid, address, started_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (server_id) DO UPDATE SET seen_at = now(), address = EXCLUDED.address
         RETURNING 1
       )
       SELECT (SELECT max(version) FROM schema_migrations) AS migration FROM beat`,
      [this.serverId, os.hostname(), process.pid, this.address, this.startedAt],
    );
    return row?.migration ?? '';
  }

  private async checkDisk(): Promise<void> {
    const dir = this.options.diskProbeDir;
    if (!dir) return;
    const file = path.join(dir, `.ready-probe-${process.pid}`);
    await withinDeadline(
      (async () => {
        const handle = await fs.open(file, 'w', 0o600);
        try {
          await handle.writeFile(randomBytes(4096));
          await handle.sync();
        } finally {
          await handle.close();
          await fs.rm(file, { force: true });
        }
      })(),
      this.deadlineMs,
      `Writing to ${dir}`,
    );
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
