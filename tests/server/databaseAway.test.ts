/**
 * A database that cannot serve is a 503 with Retry-After on every route, never a 500, and is logged
 * once per kind, not once per request (issue 23). The real app on a test database that can be made
 * to fail as PostgreSQL does when it is away or full.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DISPLAY_COOKIE } from '../../model/displayPreferences';
import type { Database, Queryable } from '../../server/db/types';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from '../../server/http/errors';
import { useTestApp } from './app';
import { useTestDatabase } from './databases';
import { event } from './learners';

/** The test database, failing every statement with `failure` while it is set. */
function failing(db: Database, failure: () => Error | null): Database {
  const guard = <T,>(run: () => Promise<T>): Promise<T> => {
    const error = failure();
    return error ? Promise.reject(error) : run();
  };
  const wrap = (target: Queryable): Queryable => ({
    query: (sql, params) => guard(() => target.query(sql, params)),
    exec: (sql) => guard(() => target.exec(sql)),
  });
  return {
    kind: db.kind,
    ...wrap(db),
    transaction: (fn) => guard(() => db.transaction((tx) => fn(wrap(tx)))),
    withDeadline: (ms) => failing(db.withDeadline(ms), failure),
    close: () => db.close(),
  };
}

const SHARE = 'A'.repeat(24);
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const diskFull = Object.assign(new Error('could not extend file "base/16384/16450": No space left on device'), { code: '53100' });
const badQuery = Object.assign(new Error('syntax error at or near "SELEKT"'), { code: '42601' });

describe('the database away or full', () => {
  const t = useTestDatabase('pglite');
  let failure: Error | null = null;
  const logged: string[] = [];
  const served = useTestApp(() => failing(t.db, () => failure), {
    logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
  });
  afterEach(() => {
    failure = null;
    logged.length = 0;
  });

  const learnerCalls = () => [
    { method: 'POST' as const, url: '/api/userdata', payload: { events: [event({ shareId: SHARE, id: 'q1', modelName: 'ChoiceQuestion' }, { selected: ['a'] })] } },
    { method: 'POST' as const, url: '/api/guest', payload: { name: 'Ada Lovelace', publicId: SHARE } },
    { method: 'POST' as const, url: '/api/searchFulltext', payload: { share: SHARE, query: 'Wasser' } },
    { method: 'POST' as const, url: '/auth/login', payload: { email: 'ada@example.org', password: 'correct horse battery' } },
    { method: 'GET' as const, url: `/api/material/${SHARE}/m1` },
  ];

  it.each([
    ['away', refused],
    ['full', diskFull],
  ])('answers every learner call 503 with Retry-After while the database is %s', async (_name, error) => {
    failure = error;
    for (const call of learnerCalls()) {
      const res = await served.app.inject(call);
      expect(res.statusCode, call.url).toBe(503);
      expect(res.headers['retry-after'], call.url).toBe(String(RETRY_AFTER_SECONDS));
      expect(res.json(), call.url).toEqual({ errors: [{ path: '', message: UNAVAILABLE_MESSAGE }] });
    }
  });

  it('answers a page with the generic error texts in its language, a link to load it again and the display options, and no reload on a timer', async () => {
    failure = refused;
    const de = await served.app.inject({ method: 'GET', url: `/s/${SHARE}/`, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(de.statusCode).toBe(503);
    expect(de.headers['content-type']).toMatch(/^text\/html/);
    expect(de.headers['retry-after']).toBe('5');
    expect(de.body).toContain('<html lang="de">');
    expect(de.body).toContain('Hoppla, da ist etwas schiefgelaufen!');
    // A page that reloads itself on a timer fails WCAG 2.2.1 (F41): the learner loads it again, clients read Retry-After.
    expect(de.body).not.toContain('http-equiv="refresh"');
    expect(de.body).toContain(`<a class="reload" href="/s/${SHARE}/">Seite neu laden</a>`);
    expect(de.body).toContain('<input type="hidden" name="return" value="/s/' + SHARE + '/">');
    const en = await served.app.inject({ method: 'GET', url: `/s/${SHARE}/?lang=en`, headers: { accept: 'text/html' } });
    expect(en.statusCode).toBe(503);
    expect(en.body).toContain('Oops, something went wrong!');
    expect(en.body).toContain('Error 503');
    expect(en.body).toContain(`<a class="reload" href="/s/${SHARE}/?lang=en">Reload the page</a>`);
    expect(en.body).toContain('<summary>Display</summary>');
    const larger = await served.app.inject({ method: 'GET', url: `/s/${SHARE}/`, headers: { accept: 'text/html' }, cookies: { [DISPLAY_COOKIE]: '175.system.system.default' } });
    expect(larger.body).toContain('<html lang="de" data-text-size="175">');
    expect(larger.headers.vary).toMatch(/cookie/i);
  });

  it('says not ready, and still alive', async () => {
    failure = refused;
    const ready = await served.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json()).toEqual({ errors: [{ path: 'database', message: 'connect ECONNREFUSED 127.0.0.1:5432' }] });
    expect((await served.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ ok: true });
    failure = null;
    await new Promise((resolve) => setTimeout(resolve, 300)); // past the shared answer of the last check
    expect((await served.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ data: { ready: true } });
  });

  it('logs an outage once, not once per request', async () => {
    // A kind no test before has met (a kind already logged is counted for its next summary line).
    failure = Object.assign(new Error('sorry, too many clients already'), { code: '53300' });
    for (let i = 0; i < 30; i++) expect((await served.app.inject(learnerCalls()[0])).statusCode).toBe(503);
    const lines = logged.filter((line) => line.includes('Database unavailable'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 50, reason: 'overloaded', msg: expect.stringContaining('POST /api/userdata: sorry, too many clients already') });
    expect(logged.join('\n')).not.toContain('"stack"');
  });

  it('keeps a bug a 500', async () => {
    failure = badQuery;
    const res = await served.app.inject(learnerCalls()[0]);
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
