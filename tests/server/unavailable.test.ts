import { afterEach, describe, expect, it, vi } from 'vitest';
import { asUnavailable, DatabaseUnavailableError, unavailableReason } from '../../server/db/unavailable';
import { UnavailableLog } from '../../server/http/unavailableLog';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('which failures mean the database cannot serve', () => {
  it.each([
    ['disk full (53100)', withCode('53100', 'could not extend file "base/5/16637": No space left on device'), 'full'],
    ['too many connections (53300)', withCode('53300'), 'overloaded'],
    ['connection failure (08006)', withCode('08006'), 'unreachable'],
    ['admin shutdown (57P01)', withCode('57P01', 'terminating connection due to administrator command'), 'unreachable'],
    ['cannot connect now (57P03)', withCode('57P03', 'the database system is starting up'), 'unreachable'],
    ['statement timeout (57014)', withCode('57014', 'canceling statement due to statement timeout'), 'timeout'],
    ['PGlite: a file write failed', withCode('XX000', 'could not write to file "pg_wal/xlogtemp.42": No space left on device'), 'full'],
    ['refused socket', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), 'unreachable'],
    ['a full local disk', withCode('ENOSPC', 'ENOSPC: no space left on device, write'), 'full'],
    ['pg: connect timeout', new Error('timeout exceeded when trying to connect'), 'timeout'],
    ['pg: read timeout', new Error('Query read timeout'), 'timeout'],
    ['pg: connection lost', new Error('Connection terminated unexpectedly'), 'unreachable'],
    ['the worker restarting', new DatabaseUnavailableError('restarting', 'The database is restarting'), 'restarting'],
    ['a cause chain', new Error('import failed', { cause: withCode('53100') }), 'full'],
  ])('%s → %s', (_name, error, reason) => {
    expect(unavailableReason(error)).toBe(reason);
    expect(asUnavailable(error)).toBeInstanceOf(DatabaseUnavailableError);
  });

  it.each([
    ['a unique violation (23505)', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error (42601)', withCode('42601')],
    ['an internal error without a storage failure (XX000)', withCode('XX000', 'cache lookup failed')],
    ['a bug', new TypeError('cannot read properties of undefined')],
    ['not an error', 'oops'],
  ])('%s is not the database being away', (_name, error) => {
    expect(unavailableReason(error)).toBeNull();
    expect(asUnavailable(error)).toBe(error);
  });
});

describe('the log of requests the database could not serve', () => {
  afterEach(() => vi.useRealTimers());

  it('writes the first at once, then one line per interval with a count, and stops when they stop', () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const log = new UnavailableLog({ write: (line) => lines.push(line), intervalMs: 10_000, now: () => Date.now() });
    log.record('timeout', 'POST /api/userdata: The database did not answer within 10000 ms');
    for (let i = 0; i < 449; i++) log.record('timeout', 'POST /api/userdata: The database did not answer within 10000 ms');
    log.record('full', 'POST /api/guest: No space left on device');
    expect(lines).toEqual([
      'Database unavailable (timeout): POST /api/userdata: The database did not answer within 10000 ms; requests are answered 503 with Retry-After',
      'Database unavailable (full): POST /api/guest: No space left on device; requests are answered 503 with Retry-After',
    ]);
    vi.advanceTimersByTime(10_000);
    expect(lines.slice(2)).toEqual([
      'Database unavailable (timeout): 449 more requests answered 503 in the last 10 s, e.g. POST /api/userdata: The database did not answer within 10000 ms',
    ]);
    vi.advanceTimersByTime(30_000);
    expect(lines).toHaveLength(3);
    // After a quiet interval, the next failure is told at once again.
    log.record('timeout', 'GET /s/:share: The database did not answer within 10000 ms');
    expect(lines).toHaveLength(4);
    log.record('timeout', 'GET /s/:share: The database did not answer within 10000 ms');
    log.flush();
    expect(lines.at(-1)).toBe('Database unavailable (timeout): 1 more requests answered 503, e.g. GET /s/:share: The database did not answer within 10000 ms');
  });
});
