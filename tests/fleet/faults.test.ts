/**
 * Issue 23, as an operator tries it: two compiled servers on one PostgreSQL 15 (with a streaming
 * replica for reads) behind HAProxy, 20 learners answering through the balancer, and every fault an
 * installation meets: a server killed (SIGKILL), PostgreSQL stopped and frozen, a guessing attack
 * spread over both servers, an import through one server read through the other. After each fault
 * every acknowledged event is held against the database: none lost, none stored twice.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetPrerequisites, startFleet, type Fleet } from '../../scripts/fleet/fleet';
import { reconcile, Writers } from '../../scripts/fleet/writers';

/** Deadlines of the servers under test: short, so that a frozen database shows in seconds. */
const QUERY_DEADLINE_MS = 2_000;
const missing = fleetPrerequisites('haproxy');
if (missing.length) console.warn(`fleet fault tests skipped: the fleet needs ${missing.join(' and ')}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(what: string, ok: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await Promise.resolve().then(ok).catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(50);
  }
  return Date.now() - started;
}

describe.skipIf(missing.length > 0)('a fleet of two servers on PostgreSQL behind HAProxy', () => {
  let fleet: Fleet;
  let shareId: string;

  beforeAll(async () => {
    fleet = await startFleet({
      servers: 2,
      replica: true,
      env: { DATABASE_QUERY_TIMEOUT_MS: String(QUERY_DEADLINE_MS), DATABASE_CONNECT_TIMEOUT_MS: '2000' },
    });
    shareId = fleet.demoShares.materialGuest as string;
    expect(shareId).toBeTruthy();
  }, 240_000);
  afterAll(async () => {
    await fleet?.down({ fast: true });
  }, 60_000);

  const sqlOnPrimary = <T,>(text: string, params: unknown[]) => fleet.primary.sql(text, params, { timeoutMs: 10_000 }) as Promise<T[]>;
  const stateOf = async (name: string) => (await fleet.balancer.serverStates())?.[name];

  it('loses nothing when a server is killed mid-run: the balancer routes around it, and back once it is ready again', async () => {
    const writers = new Writers({ origin: fleet.origin, shareId, learners: 20 });
    await writers.start();
    await sleep(3_000);
    const [victim, survivor] = fleet.servers;
    const acksBeforeKill = writers.status.ackTimes.length;
    expect(victim.kill('SIGKILL')).toBe(true);
    const killedAt = Date.now();
    const routedAround = await until('HAProxy marks the killed server DOWN', async () => (await stateOf(victim.name))?.startsWith('DOWN') ?? false, 10_000);
    await until('acknowledgements go on through the other server', () => writers.status.ackTimes.some((at) => at > killedAt + routedAround), 10_000);
    expect(await survivor.ready()).toBe(true);

    await victim.start();
    await until('HAProxy takes the server back', async () => (await stateOf(victim.name)) === 'UP', 15_000);
    await sleep(2_000);
    const outcome = await writers.stop();
    const result = await reconcile(writers.acknowledgedIds(), shareId, sqlOnPrimary);
    console.log(`server killed: ${JSON.stringify(outcome.statuses)}, DOWN after ${routedAround} ms, ${acksBeforeKill} acknowledged before the kill, ${result.acknowledged} in all`);
    expect(outcome.unacknowledged).toBe(0);
    expect(outcome.statuses.hung ?? 0).toBe(0);
    expect(result).toMatchObject({ acknowledged: outcome.acknowledged, lost: 0, doubled: 0 });
  }, 120_000);

  it('answers 503 with Retry-After while PostgreSQL is stopped, reports not ready, and recovers without a restart', async () => {
    const pids = fleet.servers.map((server) => server.pid);
    const writers = new Writers({ origin: fleet.origin, shareId, learners: 20 });
    await writers.start();
    await sleep(2_000);
    await fleet.primary.stop('fast');
    const stoppedAt = Date.now();
    await until('a 503 with Retry-After', () => writers.status.retryAfter > 0, 15_000);
    const notReady = await Promise.all(fleet.servers.map((server) => until(`${server.name} not ready`, async () => (await server.readiness()).status === 503, 10_000)));
    const readiness = await fleet.servers[0].readiness();
    expect(readiness.retryAfter).toBe('5');
    expect(JSON.parse(readiness.body)).toMatchObject({ errors: [{ path: 'database' }] });
    await sleep(Math.max(0, 4_000 - (Date.now() - stoppedAt)));
    const acksDuringOutage = writers.status.ackTimes.filter((at) => at > stoppedAt + 500).length;

    await fleet.primary.start();
    const startedAt = Date.now();
    await Promise.all(fleet.servers.map((server) => until(`${server.name} ready again`, () => server.ready(), 20_000)));
    await until('acknowledgements resume', () => writers.status.ackTimes.some((at) => at > startedAt), 20_000);
    const outcome = await writers.stop();
    expect(fleet.servers.map((server) => server.pid)).toEqual(pids);
    const result = await reconcile(writers.acknowledgedIds(), shareId, sqlOnPrimary);
    console.log(`PostgreSQL stopped: ${JSON.stringify(outcome.statuses)}, not ready after ${notReady.join('/')} ms, slowest answer ${outcome.slowestMs} ms`);
    expect(acksDuringOutage).toBe(0);
    expect(outcome.statuses['500'] ?? 0).toBe(0);
    expect(outcome.statuses.hung ?? 0).toBe(0);
    expect(outcome.unacknowledged).toBe(0);
    expect(result).toMatchObject({ acknowledged: outcome.acknowledged, lost: 0, doubled: 0 });
  }, 120_000);

  it('never hangs on a frozen PostgreSQL: requests are answered 503 within their deadline, and all lands once it thaws', async () => {
    const writers = new Writers({ origin: fleet.origin, shareId, learners: 20, requestTimeoutMs: 20_000 });
    await writers.start();
    await sleep(2_000);
    fleet.primary.freeze();
    try {
      await until('a 503 with Retry-After', () => writers.status.retryAfter > 0, 15_000);
      await until(`${fleet.servers[0].name} not ready`, async () => (await fleet.servers[0].readiness(5_000)).status === 503, 10_000);
      await sleep(3_000);
    } finally {
      fleet.primary.thaw();
    }
    await Promise.all(fleet.servers.map((server) => until(`${server.name} ready again`, () => server.ready(), 20_000)));
    const outcome = await writers.stop();
    const result = await reconcile(writers.acknowledgedIds(), shareId, sqlOnPrimary);
    console.log(`PostgreSQL frozen: ${JSON.stringify(outcome.statuses)}, slowest answer ${outcome.slowestMs} ms`);
    expect(outcome.statuses.hung ?? 0).toBe(0);
    // The statement deadline, the client's grace second, and the connect deadline of a fresh connection at most.
    expect(outcome.slowestMs).toBeLessThan(QUERY_DEADLINE_MS + 1_000 + 2_000 + 2_000);
    expect(outcome.unacknowledged).toBe(0);
    expect(result).toMatchObject({ acknowledged: outcome.acknowledged, lost: 0, doubled: 0 });
  }, 120_000);

  it('counts failed logins across both servers', async () => {
    const email = `guess-${randomBytes(4).toString('hex')}@example.org`;
    const login = (origin: string) =>
      fetch(`${origin}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'wrong password' }) });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(fleet.servers[i % 2].origin)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    for (const server of fleet.servers) {
      const refused = await login(server.origin);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('serves an import through one server from the other within a second, and reads it back from the replica once replayed', async () => {
    const [importer, reader] = fleet.servers;
    const token = adminToken(importer.dataDir, importer.pid as number);
    const id = `fleet-${randomBytes(4).toString('hex')}`;
    const material = (questions: number) => ({
      modelName: 'Material',
      id,
      publicId: id,
      title: `Fleet ${questions}`,
      content: Array.from({ length: questions }, (_, i) => ({
        modelName: 'ChoiceQuestion',
        id: `${id}-q${i + 1}`,
        type: 'sc',
        question: `<p>Question ${i + 1}?</p>`,
        choices: [
          { id: `${id}-q${i + 1}-a`, text: 'A', correct: true },
          { id: `${id}-q${i + 1}-b`, text: 'B', correct: false },
        ],
      })),
    });
    const importThrough = async (questions: number) => {
      const response = await fetch(`${importer.origin}/api/admin/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ share: 'guest', file: material(questions) }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { data: { share: { publicId: string } } };
    };
    const share = (await importThrough(1)).data.share.publicId;
    const guest = (await (await post(reader.origin, '/api/guest', { name: 'Fleet Reader', publicId: share })).json()) as { data: { publicId: string } };
    const answer = (question: number) =>
      post(reader.origin, '/api/userdata', {
        events: [
          {
            id: randomBytes(16).toString('base64url'),
            at: Date.now(),
            metadata: { shareId: share, guestSessionId: guest.data.publicId, modelName: 'ChoiceQuestion', id: `${id}-q${question}` },
            data: { selected: [`${id}-q${question}-a`] },
          },
        ],
      });
    const title = async () => ((await (await fetch(`${reader.origin}/api/material/${share}/${id}`)).json()) as { data: { title: string } }).data.title;
    // The reader has looked both up: the second question does not exist yet (and that is cached too).
    expect((await answer(1)).status).toBe(200);
    expect((await answer(2)).status).toBe(403);
    expect(await title()).toBe('Fleet 1');

    // With the replica's replay paused, the reader must still read the new version (from the primary).
    await fleet.replica?.sql('SELECT pg_wal_replay_pause()');
    try {
      await importThrough(2);
      const importedAt = Date.now();
      const servedAfterMs = await until('the other server accepts an answer to the new question', async () => (await answer(2)).status === 200, 5_000);
      const titleAfterMs = await until('the other server serves the new version', async () => (await title()) === 'Fleet 2', 5_000);
      console.log(`import through ${importer.name}: ${reader.name} accepted the new question after ${servedAfterMs} ms and served the new title after ${Date.now() - importedAt} ms (replica paused)`);
      expect(servedAfterMs).toBeLessThan(1_000);
      expect(titleAfterMs).toBeLessThan(1_000);
    } finally {
      await fleet.replica?.sql('SELECT pg_wal_replay_resume()');
    }

    // Replayed, content reads go to the replica again.
    await fleet.replica?.waitCaughtUp(10_000);
    // The servers' connections to the replica say what they ran last, and when.
    const replica = fleet.replica;
    if (!replica) throw new Error('the fleet has no replica');
    const [{ since }] = await replica.sql<{ since: string }>('SELECT now()::text AS since');
    const versionChecksSince = async () =>
      (
        await replica.sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE application_name = 'lernwerk-read' AND query LIKE '%FROM models WHERE root_id%' AND state_change >= $1::timestamptz`,
          [since],
        )
      )[0].n;
    const backOnReplicaMs = await until('material reads go to the replica again', async () => (await title()) === 'Fleet 2' && (await versionChecksSince()) > 0, 3_000);
    console.log(`content reads went back to the replica ${backOnReplicaMs} ms after it had replayed the import`);
  }, 60_000);
});

function post(origin: string, route: string, body: unknown): Promise<Response> {
  return fetch(`${origin}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** The admin token a server wrote for the commands (DATA_DIR/servers/PID.json). */
function adminToken(dataDir: string, pid: number): string {
  return (JSON.parse(fs.readFileSync(path.join(dataDir, 'servers', `${pid}.json`), 'utf8')) as { token: string }).token;
}
