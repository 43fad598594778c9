import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { EXPIRED_FAILURES_DELETED_PER_RECORD, LOGIN_FAILURE_WINDOW_MS, LOGIN_FAILURES_ALLOWED, LoginThrottle } from '../../server/auth/loginThrottle';
import { openPostgres } from '../../server/db/postgres';
import type { Database } from '../../server/db/types';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { addUser, PASSWORD } from './learners';

describe.each(testDatabaseKinds)('login throttle on %s', (kind) => {
  const t = useTestDatabase(kind);
  const rowsOf = async (key: string) => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM login_failures WHERE key = $1', [key]))[0].n;

  it('refuses after 10 failures for an email or an address within 15 minutes, until the oldest leaves the window', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const throttle = new LoginThrottle(t.db, { now: () => now });
    const keys = ['email:a@b.ch', 'ip:1.2.3.4'];
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED - 1; i++) await throttle.recordFailure(keys);
    expect(await throttle.retryAfterMs(keys)).toBe(0);
    now += 60_000;
    await throttle.recordFailure(keys);
    // The 11th attempt waits until the first failure is 15 minutes old.
    expect(await throttle.retryAfterMs(keys)).toBe(LOGIN_FAILURE_WINDOW_MS - 60_000);
    expect(await throttle.retryAfterMs(['email:other@b.ch', 'ip:1.2.3.4'])).toBe(LOGIN_FAILURE_WINDOW_MS - 60_000);
    expect(await throttle.retryAfterMs(['email:a@b.ch', 'ip:5.6.7.8'])).toBe(LOGIN_FAILURE_WINDOW_MS - 60_000);
    expect(await throttle.retryAfterMs(['email:other@b.ch', 'ip:5.6.7.8'])).toBe(0);

    // The window slides: once the first nine have left it, one failure is left in it, and nine more are allowed.
    now += LOGIN_FAILURE_WINDOW_MS - 60_000 - 1;
    expect(await throttle.retryAfterMs(keys)).toBe(1);
    now += 1;
    expect(await throttle.retryAfterMs(keys)).toBe(0);
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED - 2; i++) await throttle.recordFailure(keys);
    expect(await throttle.retryAfterMs(keys)).toBe(0);
    await throttle.recordFailure(keys);
    expect(await throttle.retryAfterMs(keys)).toBe(60_000);

    // A successful login clears the email's failures, not the address's.
    await throttle.clear('email:a@b.ch');
    expect(await throttle.retryAfterMs(['email:a@b.ch'])).toBe(0);
    expect(await throttle.retryAfterMs(['email:a@b.ch', 'ip:1.2.3.4'])).toBe(60_000);
  });

  it('keeps at most the newest 10 failures of a key, and deletes expired failures of other keys as failures come in', async () => {
    let now = Date.parse('2031-01-01T00:00:00Z');
    const throttle = new LoginThrottle(t.db, { now: () => now });
    for (let i = 0; i < 3 * LOGIN_FAILURES_ALLOWED; i++) {
      now += 1000;
      await throttle.recordFailure(['email:many@b.ch']);
    }
    expect(await rowsOf('email:many@b.ch')).toBe(LOGIN_FAILURES_ALLOWED);
    // The newest ten were kept: the wait runs from the 21st failure.
    expect(await throttle.retryAfterMs(['email:many@b.ch'])).toBe(LOGIN_FAILURE_WINDOW_MS - 9000);

    // Failures from many addresses that never come back are deleted by later failures of anyone, oldest first.
    const addresses = Array.from({ length: EXPIRED_FAILURES_DELETED_PER_RECORD + 20 }, (_, i) => `ip:203.0.113.${i}`);
    for (const address of addresses) await throttle.recordFailure([address]);
    now += LOGIN_FAILURE_WINDOW_MS;
    await throttle.recordFailure(['ip:192.0.2.1']);
    const expired = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM login_failures WHERE at <= $1::timestamptz - interval '15 minutes'`, [new Date(now).toISOString()]);
    expect(expired[0].n).toBe(LOGIN_FAILURES_ALLOWED + addresses.length - EXPIRED_FAILURES_DELETED_PER_RECORD);
    await throttle.recordFailure(['ip:192.0.2.1']);
    expect(await rowsOf('email:many@b.ch')).toBe(0);
    for (const address of addresses) expect(await rowsOf(address)).toBe(0);
    expect(await rowsOf('ip:192.0.2.1')).toBe(2);
  });

  it("counts with the database's clock when no time is given", async () => {
    const throttle = new LoginThrottle(t.db, { allowed: 2, windowMs: 400 });
    const keys = ['email:clock@b.ch'];
    await throttle.recordFailure(keys);
    await throttle.recordFailure(keys);
    const waitMs = await throttle.retryAfterMs(keys);
    expect(waitMs).toBeGreaterThan(0);
    expect(waitMs).toBeLessThanOrEqual(400);
    await new Promise((resolve) => setTimeout(resolve, waitMs + 50));
    expect(await throttle.retryAfterMs(keys)).toBe(0);
  });
});

/** A server of the fleet: an app of its own (its own pool on PostgreSQL) on the shared database. */
interface Server {
  app: FastifyInstance;
  stop(): Promise<void>;
}

async function startServer(db: Database, url: string | undefined): Promise<Server> {
  // PGlite has one connection per data dir: there the servers share the test's; on PostgreSQL each opens its own pool.
  const own = url ? await openPostgres(url, { poolSize: 2 }) : undefined;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-client-'));
  const app = await buildApp({
    db: own ?? db,
    clientDir,
    contentDirs: [],
    cacheDir: path.join(clientDir, 'cache'),
    featureFlags: { FULLTEXT_SEARCH: false, ANNOTATION_COMMENTS: false, USE_GRAVATAR: false, PRIVATE_MODE: false, GENERATIVE_FEEDBACK: false, ERROR_REPORTING: false },
    feedbackProvider: null,
  });
  await app.ready();
  return {
    app,
    stop: async () => {
      await app.close();
      await own?.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    },
  };
}

describe.each(testDatabaseKinds)('login throttle across servers on %s', (kind) => {
  const t = useTestDatabase(kind);
  beforeAll(async () => {
    await addUser(t.db, 'fleet@example.org');
    await addUser(t.db, 'neighbour@example.org');
  });
  const attempt = (server: Server, email: string, password: string, remoteAddress: string) =>
    server.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress });

  it('counts the failures of all servers, per account and per address, and still refuses after a restart', async () => {
    const servers = [await startServer(t.db, t.url), await startServer(t.db, t.url)];
    try {
      // Per account: ten wrong passwords from ten addresses, spread over both servers.
      for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i++) {
        expect((await attempt(servers[i % 2], 'fleet@example.org', `wrong-${i}-password`, `198.51.100.${i}`)).statusCode).toBe(401);
      }
      for (const server of servers) {
        const refused = await attempt(server, 'fleet@example.org', PASSWORD, '198.51.100.99');
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(LOGIN_FAILURE_WINDOW_MS / 1000 - 60);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_FAILURE_WINDOW_MS / 1000);
      }
      // Per address: ten failures for ten emails from one address, spread over both servers.
      for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i++) {
        expect((await attempt(servers[(i + 1) % 2], `nobody-${i}@example.org`, PASSWORD, '203.0.113.7')).statusCode).toBe(401);
      }
      for (const server of servers) expect((await attempt(server, 'neighbour@example.org', PASSWORD, '203.0.113.7')).statusCode).toBe(429);
      // Other accounts from other addresses are not held up.
      expect((await attempt(servers[0], 'neighbour@example.org', PASSWORD, '198.51.100.200')).statusCode).toBe(200);
    } finally {
      for (const server of servers) await server.stop();
    }

    const restarted = await startServer(t.db, t.url);
    try {
      expect((await attempt(restarted, 'fleet@example.org', PASSWORD, '198.51.100.201')).statusCode).toBe(429);
      expect((await attempt(restarted, 'neighbour@example.org', PASSWORD, '203.0.113.7')).statusCode).toBe(429);
      expect((await attempt(restarted, 'neighbour@example.org', PASSWORD, '198.51.100.202')).statusCode).toBe(200);
    } finally {
      await restarted.stop();
    }
  });
});
