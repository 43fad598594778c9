import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GuestSessionId, type UserdataEvent } from '../../model/tracking';
import { buildApp } from '../../server/app';
import { openPostgres } from '../../server/db/postgres';
import type { Database } from '../../server/db/types';
import { progressOf } from '../../model/learnerState';
import { createGuestSession } from '../../server/store/guestSessions';
import { importFile } from '../../server/store/import';
import { learnerStateOf, storeLearnerEvents, type LearnerEvent } from '../../server/store/userdata';
import { storeAndHoldLearners } from '../../server/xapi/learners';
import type { Statement } from '../../server/xapi/statement';
import { PROGRESS_EXTENSION } from '../../server/xapi/statement';
import { xapiMaterial } from '../xapi/fixtures';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { event } from './learners';

/*
 * Two tabs of one learner, or a retry racing its original, report the same progress at once: the
 * recorder must derive "rises" and "reaches 1" from what the other request stored, so each
 * progress value is sent once and each activity completed once (docs/xapi.md).
 */

const ORIGIN = 'https://lernwerk.example';
/** A sender that never reaches its LRS: the statements stay in the outbox, where the test reads them. */
const NOWHERE = { endpoint: 'http://127.0.0.1:9/xapi/', username: '', password: '', origin: ORIGIN, sendFreeText: false, language: 'de' };
const QUIET = { idlePollMs: 60_000, backoffBaseMs: 60_000, requestTimeoutMs: 500 };

describe.each(testDatabaseKinds)('learning records of concurrent requests on %s', (kind) => {
  const t = useTestDatabase(kind);
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-xapi-races-'));
  const apps: FastifyInstance[] = [];
  const others: Database[] = [];
  let shareId = '';

  /** A server on the test database; on PostgreSQL each has its own connections, as two servers of a fleet. */
  const startApp = async () => {
    const db = kind === 'postgres' && t.url ? await openPostgres(t.url) : t.db;
    if (db !== t.db) others.push(db);
    const app = await buildApp({ db, clientDir, contentDirs: [], cacheDir: path.join(clientDir, 'cache'), xapi: NOWHERE, xapiSender: QUIET });
    await app.ready();
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    shareId = (await importFile(t.db, xapiMaterial('r'), { share: 'guest' })).share.publicId;
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const db of others.splice(0)) await db.close();
  });
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

  it('the same completion reported by several requests at once is completed once, each progress value progressed once', async () => {
    const servers = [await startApp(), await startApp()];
    const res = await servers[0].inject({ method: 'POST', url: '/api/guest', payload: { name: 'Tabea Tabs', publicId: shareId } });
    const guestSessionId = GuestSessionId.parse(res.json().data.publicId);
    const at = Date.now() - 5_000;
    // Each request: the video and the path's only step done (chapter two reaches 1), under fresh event ids.
    const request = (copy: number): UserdataEvent[] => [
      event({ shareId, id: 'r-video', modelName: 'IFrame', guestSessionId }, { progress: 1 }, at + copy),
      event({ shareId, id: 'r-step', modelName: 'Chapter', guestSessionId }, { progress: 1 }, at + copy),
    ];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, copy) => servers[copy % 2].inject({ method: 'POST', url: '/api/userdata', payload: { events: request(copy) } })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

    const rows = await t.db.query<{ statement: Statement }>('SELECT statement FROM xapi_outbox ORDER BY seq');
    const said = rows.map(({ statement: s }) => {
      const progress = s.result?.extensions?.[PROGRESS_EXTENSION];
      return `${s.verb.display.en} ${s.object.id.slice(`${ORIGIN}/xapi/activities/`.length)}${progress === undefined ? '' : ` ${String(progress)}`}`;
    });
    const counts = new Map<string, number>();
    for (const line of said) counts.set(line, (counts.get(line) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1), said.join('\n')).toEqual([]);
    expect(said).toEqual(expect.arrayContaining(['experienced r-material/r-video', 'experienced r-material/r-step', 'completed r-material/r-ch2 100']));
  });

  it('the state a change is derived from has the progress the learner\'s state has, answer key changes included, and all of an evaluated question', async () => {
    const guestSessionId = (await createGuestSession(t.db, shareId, 'Stella State')).publicId;
    const learner = { kind: 'guest' as const, guestSessionId };
    const t0 = Date.now() - 60_000;
    let n = 0;
    const change = (modelId: string, modelName: string, field: string, value: unknown, at: number): LearnerEvent => ({
      id: `state-${n++}`, shareId, learner, modelId, modelName, field, value, at, rootId: 'r-material',
    });
    await storeLearnerEvents(t.db, [
      change('r-video', 'IFrame', 'progress', 1, t0),
      change('r-step', 'Chapter', 'progress', 0.5, t0),
      change('r-step', 'Chapter', 'progress', 0.25, t0 - 1_000),
      change('r-choice', 'ChoiceQuestion', 'selected', ['r-choice-a'], t0),
      change('r-choice', 'ChoiceQuestion', 'progress', 1, t0),
      change('r-cloze', 'ClozeQuestion', 'progress', 1, t0),
      change('r-cloze', 'ClozeQuestion', 'inputs', ['core', 'DNA'], t0 + 4_000),
      change('r-assign', 'AssignmentQuestion', 'progress', 1, t0),
      change('r-assign', 'AssignmentQuestion', 'assignedItemIds', {}, t0 + 4_000),
    ]);
    // The answer keys of three questions changed after their progress: the choice's and the
    // assignment's answered again since (the assignment only partly), the cloze's evaluated now.
    await t.db.query(`INSERT INTO answer_key_changes (model_id, root_id, changed_at) VALUES ('r-choice', 'r-material', $1), ('r-cloze', 'r-material', $1), ('r-assign', 'r-material', $1)`, [new Date(t0 + 2_000)]);
    try {
      const { before } = await t.db.transaction((tx) => storeAndHoldLearners(tx, [], [{ shareId, learner, evaluated: ['r-cloze'] }]));
      const read = before.get(`${shareId}\nguest:${guestSessionId}`) ?? {};
      const full = await learnerStateOf(t.db, shareId, learner);
      expect(progressOf(read)).toEqual(progressOf(full));
      expect(progressOf(read)).toEqual({ 'r-video': 1, 'r-step': 0.5 });
      expect(read['r-cloze']).toEqual(full['r-cloze']);
      expect(read['r-cloze']).toEqual({ inputs: ['core', 'DNA'] });
    } finally {
      await t.db.query(`DELETE FROM answer_key_changes WHERE root_id = 'r-material'`);
    }
  });
});
