import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dumpPglite } from '../../server/db/pglite';
import { openPgliteWorker } from '../../server/db/pgliteThread';
import { useTestDatabase } from './databases';

describe('PGlite in its worker thread', () => {
  const t = useTestDatabase('pglite');
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-worker-'));
  afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

  it('answers PostgreSQL errors with their fields and the stack of the caller', async () => {
    const error = (await t.db.query('SELECT * FROM no_such_table').catch((e: unknown) => e)) as Error & { code?: string };
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toMatch(/no_such_table/);
    expect(error.code).toBe('42P01');
    expect(error.stack).toContain('pgliteWorker.test.ts');
  });

  it('makes other queries wait while a transaction is open, and never shows them its uncommitted rows', async () => {
    await t.db.exec('CREATE TABLE worker_tx (v int)');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = t.db.transaction(async (q) => {
      await q.query('INSERT INTO worker_tx VALUES (1)');
      await held;
      await q.query('INSERT INTO worker_tx VALUES (2)');
    });
    await new Promise((r) => setTimeout(r, 50));
    let counted: number | undefined;
    const count = t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM worker_tx').then(([row]) => (counted = row.n));
    await new Promise((r) => setTimeout(r, 100));
    expect(counted).toBeUndefined();
    release();
    await tx;
    expect(await count).toBe(2);

    await expect(
      t.db.transaction(async (q) => {
        await q.query('INSERT INTO worker_tx VALUES (3)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM worker_tx'))[0].n).toBe(2);
  });

  it('dumps its data dir for a clone', async () => {
    await t.db.exec('CREATE TABLE worker_dump (v text)');
    await t.db.query('INSERT INTO worker_dump VALUES ($1)', ['cloned']);
    const clone = await openPgliteWorker({ loadDataDir: await dumpPglite(t.db) });
    try {
      expect(await clone.query('SELECT v FROM worker_dump')).toEqual([{ v: 'cloned' }]);
    } finally {
      await clone.close();
    }
  });

  it('fails to open with the reason, and refuses queries once closed', async () => {
    const notPglite = path.join(temp, 'not-pglite');
    fs.mkdirSync(notPglite);
    fs.writeFileSync(path.join(notPglite, 'something.txt'), 'x');
    let closed = 0;
    await expect(openPgliteWorker({ dataDir: notPglite, onClose: () => closed++ })).rejects.toThrow(/is not a PGlite data directory/);

    const db = await openPgliteWorker({ dataDir: path.join(temp, 'fresh'), onClose: () => closed++ });
    expect(fs.existsSync(path.join(temp, 'fresh', 'PG_VERSION'))).toBe(true);
    const before = closed;
    await db.close();
    await db.close();
    expect(closed).toBe(before + 1);
    await expect(db.query('SELECT 1')).rejects.toThrow(/closed/);
  }, 60_000);
});
