import { describe, expect, it } from 'vitest';
import { testDatabaseKinds, useTestDatabase } from './databases';

describe.each(testDatabaseKinds)('database adapter on %s', (kind) => {
  const t = useTestDatabase(kind);

  it('answers the same JavaScript types on both databases', async () => {
    const [row] = await t.db.query<Record<string, unknown>>(
      `SELECT count(*) AS n, 7::int8 AS big, 2::int AS small, now() AS at, '{"a":[1]}'::jsonb AS doc, true AS flag, gen_random_uuid()::text AS uuid
       FROM (VALUES (1), (2)) AS v(x)`,
    );
    expect(t.db.kind).toBe(kind);
    expect(row).toEqual({ n: 2, big: 7, small: 2, at: expect.any(Date), doc: { a: [1] }, flag: true, uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await t.db.exec('CREATE TABLE adapter_tx (v text)');
    expect(await t.db.transaction(async (tx) => {
      await tx.query('INSERT INTO adapter_tx VALUES ($1)', ['kept']);
      return 'done';
    })).toBe('done');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query('INSERT INTO adapter_tx VALUES ($1)', ['dropped']);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query('INSERT INTO adapter_tx VALUES ($1)', ['dropped too']);
        await tx.query('SELECT * FROM no_such_table');
      }),
    ).rejects.toThrow(/no_such_table/);
    expect(await t.db.query('SELECT v FROM adapter_tx')).toEqual([{ v: 'kept' }]);
  });

  it('passes parameters as values, never as SQL', async () => {
    const [row] = await t.db.query<{ v: string }>('SELECT $1::text AS v', ["'); DROP TABLE models; --"]);
    expect(row.v).toBe("'); DROP TABLE models; --");
    expect(await t.db.query(`SELECT 1 FROM models LIMIT 0`)).toEqual([]);
  });
});
