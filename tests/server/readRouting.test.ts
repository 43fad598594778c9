/**
 * Which database a content read goes to (server/db/readRouting.ts). The same rules against a real
 * streaming replica: tests/fleet/replica.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { lsnValue, ReadRouting, REPLICA_REST_MS } from '../../server/db/readRouting';
import { DatabaseUnavailableError } from '../../server/db/unavailable';
import type { Database, Queryable } from '../../server/db/types';

/** A database that answers every query with `answer(sql)` and counts what it was asked. */
function fakeDatabase(name: string, answer: (sql: string) => unknown[] | Error): Database & { asked: string[] } {
  const asked: string[] = [];
  const run = async <T,>(sql: string) => {
    asked.push(sql);
    const result = answer(sql);
    if (result instanceof Error) throw result;
    return result as T[];
  };
  const db: Database & { asked: string[] } = {
    kind: 'postgres',
    asked,
    query: run,
    exec: async (sql) => void (await run(sql)),
    transaction: (fn: (tx: Queryable) => Promise<never>) => fn(db),
    withDeadline: () => db,
    close: async () => undefined,
  };
  Object.defineProperty(db, 'name', { value: name });
  return db;
}

const CONTENT = 'SELECT content';

describe('read routing to a replica', () => {
  it('orders WAL positions', () => {
    expect(lsnValue('0/16B3748') < lsnValue('0/16B3750')).toBe(true);
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
  });

  it('reads from the replica until a change it has not replayed, then from the primary until it has', async () => {
    let replayed = '0/100';
    const primary = fakeDatabase('primary', (sql) => (sql.includes('pg_current_wal_lsn') ? [{ lsn: '0/300' }] : [{ from: 'primary' }]));
    const replica = fakeDatabase('replica', (sql) => (sql.includes('pg_last_wal_replay_lsn') ? [{ lsn: replayed, standby: true }] : [{ from: 'replica' }]));
    let now = 0;
    const routing = new ReadRouting({ primary, replica, now: () => now, log: () => undefined });

    expect(await routing.content.query(CONTENT)).toEqual([{ from: 'replica' }]);
    routing.contentChangedAt('0/200');
    expect(await routing.content.query(CONTENT)).toEqual([{ from: 'primary' }]);
    replayed = '0/1FF';
    now += 200;
    expect(await routing.content.query(CONTENT)).toEqual([{ from: 'primary' }]);
    replayed = '0/200';
    now += 200;
    expect(await routing.content.query(CONTENT)).toEqual([{ from: 'replica' }]);
    // Once caught up it is not asked again for its position.
    const positions = replica.asked.filter((sql) => sql.includes('pg_last_wal_replay_lsn')).length;
    now += 200;
    await routing.content.query(CONTENT);
    expect(replica.asked.filter((sql) => sql.includes('pg_last_wal_replay_lsn')).length).toBe(positions);

    // A change of unknown position (a listener that reconnected) waits for the primary's current one.
    routing.contentChangedAt(null);
    await Promise.resolve();
    expect(await routing.content.query(CONTENT)).toEqual([{ from: 'primary' }]);
    now += 200;
    expect(await routing.content.query(CONTENT)).toEqual([{ from: 'primary' }]);
    replayed = '0/300';
    now += 200;
    expect(await routing.content.query(CONTENT)).toEqual([{ from: 'replica' }]);
  });

  it('answers from the primary when the replica is away, and leaves it alone for a while', async () => {
    let away = true;
    const primary = fakeDatabase('primary', () => [{ from: 'primary' }]);
    const replica = fakeDatabase('replica', () => (away ? new DatabaseUnavailableError('unreachable', 'connect ECONNREFUSED') : [{ from: 'replica' }]));
    let now = 0;
    const lines: string[] = [];
    const routing = new ReadRouting({ primary, replica, now: () => now, log: (line) => lines.push(line) });
    expect(await routing.content.query(CONTENT)).toEqual([{ from: 'primary' }]);
    expect(lines).toEqual(['The read replica failed (connect ECONNREFUSED); reading from the primary for 5 s']);
    away = false;
    const asked = replica.asked.length;
    now += REPLICA_REST_MS - 1;
    expect(await routing.content.query(CONTENT)).toEqual([{ from: 'primary' }]);
    expect(replica.asked.length).toBe(asked);
    now += 1;
    expect(await routing.content.query(CONTENT)).toEqual([{ from: 'replica' }]);
  });

  it('does not hide a bad query behind the primary', async () => {
    const primary = fakeDatabase('primary', () => [{ from: 'primary' }]);
    const replica = fakeDatabase('replica', () => Object.assign(new Error('syntax error'), { code: '42601' }));
    const routing = new ReadRouting({ primary, replica, log: () => undefined });
    await expect(routing.content.query(CONTENT)).rejects.toThrow('syntax error');
    expect(primary.asked).toEqual([]);
  });
});
