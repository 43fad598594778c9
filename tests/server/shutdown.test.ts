/**
 * Issue 10, point 2: the compiled server (`node dist/server/main.js`, as `npm start` runs it) ends
 * gracefully on SIGTERM while learners write, every time, on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL): requests in flight are answered, the database is closed, the lock file,
 * PGlite's postmaster.pid and the server file are removed, and everything acknowledged is stored.
 * One round goes through `npm run serve` with the signal sent to npm (npm forwards it to the server).
 *
 * "In flight" is judged from what the database holds afterwards: each request goes on a connection
 * of its own, so a request the server never took (refused, or reset before it was read) fails on
 * the network and none of its events may be stored; a request the server took must be answered
 * (200, or 503 while closing) and, when acknowledged, all its events stored.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVERS_DIR_NAME } from '../../server/admin/serverFile';
import { LOCK_FILE_NAME } from '../../server/db/lock';
import { openDatabase, pgliteDir } from '../../server/db/open';
import type { Database } from '../../server/db/types';
import { ensureServerBuild, startCompiledServer, startNpmServe } from './compiledServer';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { richMaterialInput } from './fixtures';
import { newEventId } from './learners';
import type { RunningServer } from './spawn';

const ROUNDS = 3;
const LEARNERS = 12;
const EVENTS_PER_BATCH = 5;

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-shutdown-'));
const contentDir = path.join(base, 'content');
fs.mkdirSync(contentDir);
fs.writeFileSync(path.join(contentDir, 'demo-material.json'), JSON.stringify(richMaterialInput));
const started: RunningServer[] = [];
/** Pids of the servers themselves (from their server files): through npm, the child is npm, and a server it failed to stop would outlive it. */
const serverPids: number[] = [];
/** How long after the signal requests may still be answered before the test gives up on the server stopping. */
const STOP_WITHIN_MS = 20_000;

beforeAll(() => ensureServerBuild(), 180_000);
afterAll(() => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  for (const pid of serverPids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
  fs.rmSync(base, { recursive: true, force: true });
});

interface Outcome {
  ids: string[];
  /** HTTP status, or the network error's code. */
  result: number | string;
  sentAt: number;
  doneAt: number;
}

/** POST on a connection of its own (no keep-alive): a request is either taken by the server or never reaches it. */
function post(origin: string, route: string, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}${route}`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/** Learners sending batches until the server refuses connections; `signal` is called once `after` batches were acknowledged. */
async function writeUntilRefused(origin: string, shareId: string, guestSessionId: string, after: number, signal: () => void): Promise<{ outcomes: Outcome[]; signalledAt: number }> {
  const outcomes: Outcome[] = [];
  let acknowledged = 0;
  let signalledAt = 0;
  const learner = async (n: number) => {
    for (let step = 0; ; step++) {
      const ids = Array.from({ length: EVENTS_PER_BATCH }, () => newEventId());
      const events = ids.map((id, i) => ({
        id,
        at: Date.now(),
        metadata: { modelName: 'ChoiceQuestion', id: 'm-rich-q1', shareId, guestSessionId },
        data: { selected: [(n + step + i) % 2 ? 'm-rich-q1-a' : 'm-rich-q1-b'] },
      }));
      const sentAt = performance.now();
      let result: number | string;
      try {
        const answer = await post(origin, '/api/userdata', { events });
        result = answer.status;
        if (answer.status !== 200 && answer.status !== 503) throw new Error(`POST /api/userdata answered ${answer.status}: ${answer.text}`);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (!code) throw error;
        result = code;
      }
      outcomes.push({ ids, result, sentAt, doneAt: performance.now() });
      if (result === 200 && ++acknowledged === after) {
        signalledAt = performance.now();
        signal();
      }
      // Refused: the server no longer listens; this learner is done. Still answered long after the
      // signal: the signal never reached the server (the test fails on it below).
      if (result === 'ECONNREFUSED') return;
      if (signalledAt && performance.now() - signalledAt > STOP_WITHIN_MS) return;
      if (result !== 200) await new Promise((r) => setTimeout(r, 20));
    }
  };
  await Promise.all(Array.from({ length: LEARNERS }, (_, n) => learner(n)));
  return { outcomes, signalledAt };
}

async function storedIds(db: Database, ids: string[]): Promise<Set<string>> {
  const rows = await db.query<{ id: string }>('SELECT id FROM userdata_events WHERE id = ANY($1)', [ids]);
  return new Set(rows.map((r) => r.id));
}

describe.each(testDatabaseKinds)('SIGTERM under load: the compiled server on %s', (kind) => {
  const t = useTestDatabase(kind);
  const dataDir = path.join(base, `data-${kind}`);
  const env = () => ({ DATA_DIR: dataDir, CONTENT_DIR: contentDir, DATABASE_URL: t.url });

  it(`ends gracefully every time (${ROUNDS} rounds, one through npm run serve)`, async () => {
    /** Requests in flight at a signal and answered after it, by round. */
    const answeredInFlight: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const viaNpm = round === ROUNDS;
      const server = await (viaNpm ? startNpmServe(env()) : startCompiledServer(env()));
      started.push(server);
      const serverFiles = fs.readdirSync(path.join(dataDir, SERVERS_DIR_NAME));
      expect(serverFiles, 'the server file is written once it listens').toHaveLength(1);
      const serverFile = path.join(dataDir, SERVERS_DIR_NAME, serverFiles[0]);
      const { token, pid } = JSON.parse(fs.readFileSync(serverFile, 'utf8')) as { token: string; pid: number };
      const demo = await fetch(`${server.origin}/api/admin/demo-shares`, { headers: { authorization: `Bearer ${token}` } });
      const shares = (await demo.json()) as { data: { materialGuest: string } };
      const guest = await post(server.origin, '/api/guest', { name: `Round ${round}`, publicId: shares.data.materialGuest });
      expect(guest.status).toBe(200);
      const guestSessionId = (JSON.parse(guest.text) as { data: { publicId: string } }).data.publicId;

      // SIGTERM to the server, or to npm, which passes it on.
      serverPids.push(pid);
      const { outcomes, signalledAt } = await writeUntilRefused(server.origin, shares.data.materialGuest, guestSessionId, 30, () => server.child.kill('SIGTERM'));
      const context = `round ${round}${viaNpm ? ' (npm run serve)' : ''}:\n${server.output()}`;
      expect(Math.max(...outcomes.map((o) => o.doneAt)), `the server stopped taking requests within ${STOP_WITHIN_MS / 1000} s of the signal (${context})`).toBeLessThan(signalledAt + STOP_WITHIN_MS);
      const exit = await server.exited;
      expect(exit, context).toEqual({ code: 0, signal: null });
      expect(server.output(), context).toContain('SIGTERM: shutting down');
      expect(server.output(), context).not.toMatch(/Shutdown took longer|"level":50|Error:/);
      for (const file of [path.join(dataDir, LOCK_FILE_NAME), path.join(pgliteDir(dataDir), 'postmaster.pid'), serverFile]) {
        expect(fs.existsSync(file), `${file} removed (${context})`).toBe(false);
      }

      const results = new Set(outcomes.map((o) => o.result));
      for (const result of results) expect([200, 503, 'ECONNREFUSED', 'ECONNRESET'], `request outcome (${context})`).toContain(result);
      const answeredAfterSignal = outcomes.filter((o) => o.sentAt < signalledAt && o.doneAt > signalledAt && typeof o.result === 'number');
      answeredInFlight.push(`round ${round}: ${answeredAfterSignal.length}`);
      const count = (result: number | string) => outcomes.filter((o) => o.result === result).length;
      console.log(
        `${kind} round ${round}${viaNpm ? ' (npm run serve)' : ''}: ${count(200)} acknowledged, ${answeredAfterSignal.length} in flight at SIGTERM and answered, ` +
          `${count(503)} × 503, ${count('ECONNREFUSED')} refused, ${count('ECONNRESET')} reset before being read`,
      );

      // The database, opened again (PGlite: the data dir is whole and no longer locked).
      const db = kind === 'pglite' ? await openDatabase({ dataDir, pglite: 'in-process' }) : t.db;
      try {
        const acknowledged = outcomes.filter((o) => o.result === 200).flatMap((o) => o.ids);
        const notTaken = outcomes.filter((o) => typeof o.result === 'string').flatMap((o) => o.ids);
        expect((await storedIds(db, acknowledged)).size, 'every acknowledged event is stored').toBe(acknowledged.length);
        expect([...(await storedIds(db, notTaken))], 'a request that failed on the network was never taken').toEqual([]);
      } finally {
        if (kind === 'pglite') await db.close();
      }
    }
    // A request in flight at the signal is answered, not dropped. Which requests the server has read when the
    // signal comes is chance: a round may have none (each one still on its way is refused or reset, as
    // allowed above; the CI drew that once), so the rounds together must show it.
    expect(answeredInFlight.some((line) => !line.endsWith(': 0')), `requests in flight at a signal were answered (${answeredInFlight.join(', ')})`).toBe(true);
  }, 600_000);
});
