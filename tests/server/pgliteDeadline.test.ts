/**
 * The embedded database never hangs a request: every query has a deadline, and a worker that
 * answers nothing for a whole deadline is stopped and PGlite opened again on the same files.
 * PGlite's own hang (after a failed WAL write on a full disk) is reproduced by tests/fleet/diskFull.test.ts;
 * here a statement that does not come back in time (pg_sleep) stands in for it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteWorker } from '../../server/db/pgliteThread';
import { DatabaseUnavailableError, unavailableReason } from '../../server/db/unavailable';
import type { Database } from '../../server/db/types';
import { seedPgliteDataDir } from './databases';

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-deadline-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

const waitUntil = async (what: string, ok: () => Promise<boolean>, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await ok().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('PGlite with deadlines', () => {
  let db: Database;
  const log: string[] = [];

  it('answers a query that overruns its deadline with DatabaseUnavailableError, restarts the stuck worker, and keeps every commit', async () => {
    await seedPgliteDataDir(path.join(temp, 'stuck'));
    db = await openPgliteWorker({ dataDir: path.join(temp, 'stuck', 'pglite'), queryTimeoutMs: 1_500, log: (line) => log.push(`${Date.now()} ${line}`) });
    await db.exec('CREATE TABLE kept (v int)');
    await db.query('INSERT INTO kept VALUES (1), (2)');

    const started = Date.now();
    const stuck = await db.query('SELECT pg_sleep(60)').catch((error: unknown) => error);
    const waited = Date.now() - started;
    expect(stuck).toBeInstanceOf(DatabaseUnavailableError);
    expect(unavailableReason(stuck)).toBe('timeout');
    expect(waited).toBeGreaterThanOrEqual(1_400);
    expect(waited).toBeLessThan(5_000);

    // While the worker is being replaced, calls fail at once instead of waiting behind it.
    const meanwhile = Date.now();
    const refused = await db.query('SELECT 1').catch((error: unknown) => error);
    if (refused instanceof Error) {
      expect(unavailableReason(refused)).not.toBeNull();
      expect(Date.now() - meanwhile).toBeLessThan(1_000);
    }

    await waitUntil('PGlite answers again', async () => (await db.query('SELECT 1 AS one')).length === 1, 60_000);
    expect(await db.query('SELECT v FROM kept ORDER BY v')).toEqual([{ v: 1 }, { v: 2 }]);
    expect(log.join('\n')).toMatch(/answered nothing for \d+ ms: restarting it/);
    expect(log.join('\n')).toMatch(/answers again \(restarted in \d+ ms\)/);
  }, 90_000);

  it('rolls back a transaction whose commit comes too late, and takes a longer deadline where one is given', async () => {
    await db.exec('CREATE TABLE late (v int)');
    const slow = db.transaction(async (tx) => {
      await tx.query('INSERT INTO late VALUES (1)');
      await tx.query('SELECT pg_sleep(3)');
    });
    await expect(slow).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await waitUntil('PGlite answers again', async () => (await db.query('SELECT 1 AS one')).length === 1, 60_000);
    expect(await db.query('SELECT v FROM late')).toEqual([]);

    // Maintenance (migrations, imports) may take longer than a learner's request.
    await expect(db.withDeadline(10_000).query('SELECT 1 AS slept FROM pg_sleep(2)')).resolves.toEqual([{ slept: 1 }]);
    await db.close();
  }, 120_000);

  it('closes within seconds while PGlite is stuck (a SIGTERM never waits for it), and its files open again', async () => {
    const dir = path.join(temp, 'stuck', 'pglite');
    let closed = 0;
    const busy = await openPgliteWorker({ dataDir: dir, queryTimeoutMs: 60_000, onClose: () => closed++ });
    const stuck = busy.query('SELECT pg_sleep(60)').catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = Date.now();
    await busy.close();
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(closed).toBe(1);
    expect(unavailableReason(await stuck)).not.toBeNull();
    const again = await openPgliteWorker({ dataDir: dir });
    expect(await again.query('SELECT v FROM kept ORDER BY v')).toEqual([{ v: 1 }, { v: 2 }]);
    await again.close();
  }, 120_000);
});
