import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GuestSessionId, type UserdataEvent } from '../../model/tracking';
import { buildApp } from '../../server/app';
import { openPostgres } from '../../server/db/postgres';
import type { Database } from '../../server/db/types';
import { importFile } from '../../server/store/import';
import type { XapiConfig } from '../../server/xapi/config';
import { nameBasedUuid } from '../../server/xapi/ids';
import { enqueueStatements, outboxStatus, type OutboxStatus } from '../../server/xapi/outbox';
import { XapiSender } from '../../server/xapi/sender';
import type { Statement } from '../../server/xapi/statement';
import { startLocalLrs, type LocalLrs } from '../xapi/localLrs';
import { xapiMaterial } from '../xapi/fixtures';
import { statementProblems } from '../xapi/statementSchema';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { addUser, event, login } from './learners';

const ORIGIN = 'https://lernwerk.example';
const TOKEN = 'xapi-admin-token-0123456789';
/** A sender that tries again within milliseconds (the defaults wait seconds). */
const QUICK = { idlePollMs: 30, backoffBaseMs: 30, maxBackoffMs: 200, requestTimeoutMs: 2_000, batchSize: 4 };

describe.each(testDatabaseKinds)('learning records to an LRS on %s', (kind) => {
  const t = useTestDatabase(kind);
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-xapi-client-'));
  const share = {} as Record<'guest' | 'public' | 'preview' | 'private', string>;
  let lrs: LocalLrs;
  const apps: FastifyInstance[] = [];

  const config = (): XapiConfig => ({ endpoint: lrs.endpoint, username: 'lrs', password: 'secret', origin: ORIGIN, sendFreeText: false, language: 'de' });
  const startApp = async (xapi: XapiConfig | null = config()) => {
    const app = await buildApp({ db: t.db, clientDir, contentDirs: [], cacheDir: path.join(clientDir, 'cache'), adminToken: TOKEN, xapi, xapiSender: QUICK });
    await app.ready();
    apps.push(app);
    return app;
  };
  const newGuest = async (app: FastifyInstance, name: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/guest', payload: { name, publicId: share.guest } });
    expect(res.statusCode).toBe(200);
    return GuestSessionId.parse(res.json().data.publicId);
  };
  const send = async (app: FastifyInstance, events: UserdataEvent[]) => {
    const res = await app.inject({ method: 'POST', url: '/api/userdata', payload: { events } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  /** The viewer's reports when a question is answered and evaluated. */
  const answered = (guestSessionId: string, modelName: string, id: string, field: string, value: unknown, at: number) =>
    [{ [field]: value }, { evaluated: true }, { progress: 1 }].map((data, i) => event({ shareId: share.guest, id: `x-${id}`, modelName, guestSessionId }, data, at + i));
  const status = async (app: FastifyInstance): Promise<OutboxStatus> => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/xapi/status', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const outboxIds = async () => (await t.db.query<{ statement_id: string; learner_key: string }>('SELECT statement_id, learner_key FROM xapi_outbox ORDER BY seq'));
  const until = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
    const end = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    for (const k of ['guest', 'public', 'preview', 'private'] as const) share[k] = (await importFile(t.db, xapiMaterial('x'), { share: k })).share.publicId;
  });
  beforeEach(async () => {
    lrs = await startLocalLrs();
    await t.db.query('DELETE FROM xapi_outbox');
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await lrs.close();
  });
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

  it('a guest answers while the LRS is away and the server restarts: afterwards every statement is in the LRS once, ids stable, each learner\'s order kept', async () => {
    lrs.mode = { kind: 'unavailable' };
    const first = await startApp();
    const ada = await newGuest(first, 'Ada Lovelace');
    const bob = await newGuest(first, 'Bob Builder');
    const at = Date.now() - 60_000;
    const adaChoice = answered(ada, 'ChoiceQuestion', 'choice', 'selected', ['x-choice-a', 'x-choice-c'], at);
    await send(first, adaChoice);
    await send(first, answered(bob, 'ClozeQuestion', 'cloze', 'inputs', ['core', 'DNA'], at + 10));
    await send(first, answered(ada, 'AssignmentQuestion', 'assign', 'assignedItemIds', { 'x-zone-plant': ['x-item-wall'] }, at + 20));
    const written = await outboxIds();
    expect(written.length).toBeGreaterThanOrEqual(9);
    // The same events again (a client's retry) add no statement.
    expect(await send(first, adaChoice)).toMatchObject({ stored: 0, duplicates: 3 });
    expect(await outboxIds()).toEqual(written);
    await until(async () => lrs.answers.includes(503));
    expect((await status(first)).waiting).toBe(written.length);

    // A restart while the LRS is still away; the new server's learners go on.
    await first.close();
    const second = await startApp();
    await send(second, answered(bob, 'FreeTextInput', 'free', 'value', 'Water moves', at + 30));
    await send(second, [event({ shareId: share.guest, id: 'x-video', modelName: 'IFrame', guestSessionId: ada }, { progress: 1 }, at + 40)]);
    const all = await outboxIds();
    // Then it drops connections for a while: the sender waits on, as for a 503.
    lrs.mode = { kind: 'closing' };
    await until(async () => lrs.dropped > 1);
    lrs.mode = { kind: 'up' };
    await lrs.waitFor(all.length);
    await until(async () => (await status(second)).waiting === 0);

    expect(lrs.statements.map((s) => s.id).sort()).toEqual(all.map((r) => r.statement_id).sort());
    expect([...lrs.received.values()].every((n) => n === 1)).toBe(true);
    for (const learnerKey of new Set(all.map((r) => r.learner_key))) {
      const sent = lrs.statements.filter((s) => (s.actor as Statement['actor']).account.name === learnerKey).map((s) => s.id);
      expect(sent).toEqual(all.filter((r) => r.learner_key === learnerKey).map((r) => r.statement_id));
    }
    for (const statement of lrs.statements) expect(statementProblems(statement)).toEqual([]);
    const verbs = lrs.statements.map((s) => (s.verb as Statement['verb']).display.en);
    expect(verbs.filter((v) => v === 'answered')).toHaveLength(4);
    expect(verbs).toContain('experienced');
    // Free text stays home unless XAPI_SEND_FREE_TEXT.
    expect(JSON.stringify(lrs.statements)).not.toContain('Water moves');
    expect(await status(second)).toMatchObject({ waiting: 0, oldestWaiting: null, sent: all.length, parkedCount: 0 });
  });

  it('a statement the LRS holds with other content is parked with its reason; the rest of its batch and the queue go on', async () => {
    lrs.conflicts = (s) => (s.object as { id: string }).id.endsWith('/x-cloze') && (s.verb as { id: string }).id.endsWith('/answered');
    const app = await startApp();
    const guest = await newGuest(app, 'Carla Conflict');
    const at = Date.now() - 1_000;
    await send(app, [...answered(guest, 'ChoiceQuestion', 'choice', 'selected', ['x-choice-a'], at), ...answered(guest, 'ClozeQuestion', 'cloze', 'inputs', ['x'], at + 5), ...answered(guest, 'PolygonTargetExercise', 'polygon', 'points', [], at + 10)]);
    const all = await outboxIds();
    await until(async () => (await status(app)).waiting === 0);
    const after = await status(app);
    expect(after.parkedCount).toBe(1);
    expect(after.parked[0].reason).toMatch(/^409 /);
    expect(lrs.statements).toHaveLength(all.length - 1);
    expect(lrs.statements.map((s) => s.id)).toEqual(all.map((r) => r.statement_id).filter((id) => id !== after.parked[0].statementId));
  });

  it('a logged-in user on a private share is an account under the public origin with the user\'s name, never the e-mail', async () => {
    const app = await startApp();
    await addUser(t.db, 'ada@school.example', { firstname: 'Ada', lastname: 'Lovelace' });
    const cookie = await login(app, 'ada@school.example');
    const events = [{ selected: ['x-choice-a'] }, { evaluated: true }].map((data, i) => event({ shareId: share.private, id: 'x-choice', modelName: 'ChoiceQuestion' }, data, Date.now() - 10 + i));
    const res = await app.inject({ method: 'POST', url: '/api/userdata', payload: { events }, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    await lrs.waitFor(1);
    const [statement] = lrs.statements;
    expect(statement.actor).toEqual({ objectType: 'Agent', name: 'Ada Lovelace', account: { homePage: ORIGIN, name: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    expect(JSON.stringify(lrs.statements)).not.toMatch(/school\.example|mailto/);
  });

  it('nothing is recorded for preview shares, anonymous visitors of public shares, or without XAPI_ENDPOINT', async () => {
    const app = await startApp();
    for (const k of ['public', 'preview'] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/userdata', payload: { events: [event({ shareId: share[k], id: 'x-choice', modelName: 'ChoiceQuestion' }, { evaluated: true })] } });
      expect(res.statusCode, k).toBe(403);
    }
    const without = await startApp(null);
    const guest = await newGuest(without, 'Nobody Sent');
    await send(without, answered(guest, 'ChoiceQuestion', 'choice', 'selected', ['x-choice-a'], Date.now()));
    expect(await outboxIds()).toEqual([]);
  });

  it('two senders draining one outbox send each statement once, each learner in order', async () => {
    const learners = ['l1', 'l2', 'l3', 'l4', 'l5'];
    const statements: Statement[] = Array.from({ length: 60 }, (_, i) => ({
      id: nameBasedUuid(`two-senders-${i}`),
      actor: { objectType: 'Agent', name: 'Learner', account: { homePage: ORIGIN, name: learners[i % learners.length] } },
      verb: { id: 'http://adlnet.gov/expapi/verbs/experienced', display: { en: 'experienced' } },
      object: { objectType: 'Activity', id: `${ORIGIN}/xapi/activities/x-material/${i}` },
      context: { registration: nameBasedUuid('registration'), platform: 'Lernwerk', language: 'de', contextActivities: {} },
      timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    }));
    await enqueueStatements(t.db, statements);
    lrs.latencyMs = 15;
    // A second server: its own connections on PostgreSQL; PGlite serves one process, so both share it.
    const other: Database = kind === 'postgres' && t.url ? await openPostgres(t.url) : t.db;
    const senders = [new XapiSender(t.db, config(), QUICK), new XapiSender(other, config(), QUICK)];
    try {
      for (const sender of senders) sender.start();
      await lrs.waitFor(statements.length, 20_000);
      await until(async () => (await outboxStatus(t.db)).waiting === 0);
    } finally {
      for (const sender of senders) await sender.stop();
      if (other !== t.db) await other.close();
    }
    expect([...lrs.received.values()].every((n) => n === 1)).toBe(true);
    expect(lrs.statements).toHaveLength(statements.length);
    for (const learner of learners) {
      const order = (list: readonly object[]) =>
        (list as { id: string; actor: unknown }[]).filter((s) => (s.actor as Statement['actor']).account.name === learner).map((s) => s.id);
      expect(order(lrs.statements)).toEqual(order(statements));
    }
  });
});
