import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { Material, type MaterialInput } from '../../model/material';
import type { Results } from '../../model/results';
import type { UserdataEvent } from '../../model/tracking';
import { SESSION_COOKIE } from '../../server/auth/sessionCookie';
import { ApiErrorBody } from '../../server/http/errors';
import { accountOfPerson } from '../../server/lti/learners';
import { registerPlatform } from '../../server/lti/platforms';
import { csvField, resultsCsv, UTF8_BOM } from '../../server/results/csv';
import { createAuthSession, newSessionToken } from '../../server/store/authSessions';
import { importFile } from '../../server/store/import';
import { createUser, setRoles } from '../../server/store/users';
import { useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { smallCollection, smallMaterial } from './fixtures';
import { event } from './learners';

/*
 * The results of a share (docs/results.md) on a real server: the figures of four guests against
 * numbers worked out by hand below, the accounts' and LTI learners' names, who may read them and who
 * gets the answer of an unknown share, the date filter, and the CSV.
 */

const TEACHER = 'teacher@school.example';
const STAFF = 'staff@school.example';
const ADMIN = 'admin@school.example';
const PUPIL = 'max@school.example';
const STRANGER = 'stranger@school.example';
const OTHER_TEACHER = 'other@school.example';

const material = Material.parse({
  modelName: 'Material',
  id: 'r-material',
  publicId: 'results-material',
  title: 'Zellen',
  evaluationType: 'composite',
  permissions: [
    { modelName: 'UserPermission', user: TEACHER, abilities: ['view', 'results'] },
    { modelName: 'RolePermission', role: 'staff', abilities: ['results'] },
    { modelName: 'RolePermission', role: 'pupil', abilities: ['view'] },
    { modelName: 'RolePermission', role: 'lti-learner', abilities: ['view'] },
  ],
  content: [
    {
      modelName: 'Chapter',
      id: 'r-ch1',
      publicId: 'kapitel-eins',
      title: 'Kapitel eins',
      content: [
        {
          modelName: 'ChoiceQuestion',
          id: 'r-choice',
          type: 'mc',
          question: '<p>Welche sind Organellen?</p>',
          choices: [
            { id: 'r-a', text: '<p>Zellkern</p>', correct: true },
            { id: 'r-b', text: 'Zellwand &amp; mehr', correct: false },
            { id: 'r-c', text: 'Mitochondrium', correct: true },
          ],
        },
        {
          modelName: 'ClozeQuestion',
          id: 'r-cloze',
          question: '<p>Ergänze</p>',
          content: [
            {
              type: 'p',
              children: [
                { text: 'Der ' },
                { type: 'gap', id: 'r-gap1', mode: 'textinput', solutions: [{ text: 'Zellkern', correct: true }, { text: 'Kern', correct: true }], children: [{ text: '' }] },
                { text: ' enthält die ' },
                { type: 'gap', id: 'r-gap2', mode: 'dropdown', solutions: [{ text: 'DNA', correct: true }, { text: 'Wasser', correct: false }], children: [{ text: '' }] },
              ],
            },
          ],
        },
        { modelName: 'Barrier', id: 'r-barrier', buttonLabel: 'Weiter' },
        {
          modelName: 'AssignmentQuestion',
          id: 'r-assign',
          instructions: '<p>Ordne zu</p>',
          zones: [
            { id: 'r-plant', title: 'Pflanze', items: [{ id: 'r-wall', text: 'Zellwand' }] },
            { id: 'r-animal', title: 'Tier', items: [{ id: 'r-centriole', text: 'Zentriol' }] },
          ],
          disruptors: [{ id: 'r-wheel', text: 'Rad' }],
        },
        { modelName: 'FreeTextInput', id: 'r-free', instructions: { html: '<p>Erkläre Osmose</p>' } },
      ],
    },
    {
      modelName: 'Chapter',
      id: 'r-ch2',
      publicId: 'kapitel-zwei',
      title: 'Kapitel zwei',
      content: [
        {
          modelName: 'PolygonTargetExercise',
          id: 'r-polygon',
          asset: { file: 'cell.png' },
          question: { html: '<p>Finde den Zellkern</p>' },
          polygons: [{ points: [{ x: 0.1, y: 0.1 }, { x: 0.5, y: 0.1 }, { x: 0.3, y: 0.5 }] }],
        },
        { modelName: 'Certificate', id: 'r-certificate', title: 'Urkunde' },
      ],
    },
  ],
} satisfies MaterialInput);

/** 2026-03-10 10:00 UTC: the day most of the work happens; Cara answered the choice five days before. */
const T = Date.parse('2026-03-10T10:00:00Z');
const DAY = 86_400_000;

describe.each(testDatabaseKinds)('results on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);
  const share = { guest: '', private: '', other: '' };
  const cookie: Record<string, string> = {};

  const send = async (events: UserdataEvent[], headers: Record<string, string> = {}) => {
    const res = await a.app.inject({ method: 'POST', url: '/api/userdata', payload: { events }, headers });
    expect(res.statusCode, res.body).toBe(200);
  };
  const progress = async (shareId: string, guestSessionId: string | null, value: number, headers: Record<string, string> = {}) => {
    const res = await a.app.inject({ method: 'POST', url: '/api/updateRootProgress', payload: { model: { id: 'r-material', modelName: 'Material' }, value, shareId, guestSessionId }, headers });
    expect(res.statusCode, res.body).toBe(200);
  };
  const newGuest = async (name: string) => {
    const res = await a.app.inject({ method: 'POST', url: '/api/guest', payload: { name, publicId: share.guest } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.publicId as string;
  };
  /** Events of one learner on one element, `at` apart by a millisecond each, in order. */
  const on = (shareId: string, guestSessionId: string | null, modelName: string, id: string, fields: Record<string, unknown>[], at: number) =>
    fields.map((data, i) => event({ shareId, id, modelName, guestSessionId }, data, at + i));
  const get = (url: string, as?: string) => a.app.inject({ method: 'GET', url, headers: as ? { cookie: cookie[as] } : {} });
  const results = async (shareId: string, query = '', as = TEACHER) => {
    const res = await get(`/api/shares/${shareId}/results${query}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Results;
  };
  const question = (r: Results, id: string) => r.questions.find((q) => q.elementId === id);
  const errorPaths = (res: LightMyRequestResponse) => ApiErrorBody.parse(res.json()).errors.map((e) => e.path);

  beforeAll(async () => {
    share.guest = (await importFile(t.db, material, { share: 'guest' })).share.publicId;
    share.private = (await importFile(t.db, material, { share: 'private' })).share.publicId;
    share.other = (await importFile(t.db, smallMaterial('other', { permissions: [{ modelName: 'UserPermission', user: OTHER_TEACHER, abilities: ['view', 'results'] }] }), { share: 'guest' })).share.publicId;
    // Logins as the login call makes them, without hashing a password per account (the login call has its own tests).
    const names: Record<string, { firstname?: string; lastname?: string }> = { [PUPIL]: { firstname: 'Max', lastname: 'Muster' } };
    for (const email of [TEACHER, STAFF, ADMIN, PUPIL, STRANGER, OTHER_TEACHER]) {
      const user = await createUser(t.db, { email, passwordHash: 'no-login-by-password', ...names[email] });
      const token = newSessionToken();
      await createAuthSession(t.db, token, user.id, 60 * 60_000);
      cookie[email] = `${SESSION_COOKIE}=${token}`;
    }
    await setRoles(t.db, STAFF, ['staff']);
    await setRoles(t.db, ADMIN, ['admin']);
    await setRoles(t.db, PUPIL, ['pupil']);

    // Four guests on the guest share (Dora's name only; Eve named herself and did nothing).
    const [anna, ben, cara, dora] = [await newGuest('Anna'), await newGuest('Ben'), await newGuest('Cara'), await newGuest('Dora "D" Ölz')];
    await newGuest('Eve');
    const g = share.guest;
    await send([
      // Anna: the choice wrong first (one right choice missing), right the second time.
      ...on(g, anna, 'ChoiceQuestion', 'r-choice', [{ selected: ['r-a'] }, { evaluated: true }, { evaluated: false }, { selected: ['r-a', 'r-c'] }, { evaluated: true }], T),
      ...on(g, anna, 'ClozeQuestion', 'r-cloze', [{ inputs: ['Kern ', 'Wasser'] }, { evaluated: true }], T + 10),
      ...on(g, anna, 'Barrier', 'r-barrier', [{ unlocked: true }], T + 20),
      ...on(g, anna, 'AssignmentQuestion', 'r-assign', [{ assignedItemIds: { 'r-plant': ['r-wall'], 'r-animal': ['r-centriole'] } }, { evaluated: true }], T + 30),
      ...on(g, anna, 'FreeTextInput', 'r-free', [{ value: 'Wasser wandert, "durch" die Membran' }], T + 40),
      ...on(g, anna, 'PolygonTargetExercise', 'r-polygon', [{ points: [{ x: 0.9, y: 0.9 }] }, { evaluated: true }], T + 50),
    ]);
    await send([
      ...on(g, ben, 'ChoiceQuestion', 'r-choice', [{ selected: ['r-a'] }, { evaluated: true }], T + 100),
      ...on(g, ben, 'ClozeQuestion', 'r-cloze', [{ inputs: ['zellkern', 'DNA'] }, { evaluated: true }], T + 110),
    ]);
    await send([
      ...on(g, cara, 'ChoiceQuestion', 'r-choice', [{ selected: ['r-a', 'r-c'] }, { evaluated: true }], T - 5 * DAY),
      ...on(g, cara, 'ClozeQuestion', 'r-cloze', [{ inputs: ['Kernel', ''] }, { evaluated: true }], T + 200),
      ...on(g, cara, 'Barrier', 'r-barrier', [{ unlocked: true }], T + 210),
      ...on(g, cara, 'AssignmentQuestion', 'r-assign', [{ assignedItemIds: { 'r-plant': ['r-centriole'], 'r-animal': ['r-wall'] } }, { evaluated: true }], T + 220),
      ...on(g, cara, 'Certificate', 'r-certificate', [{ issueDate: '2026-03-10T10:05:00.000Z' }], T + 230),
    ]);
    await send(on(g, dora, 'ChoiceQuestion', 'r-choice', [{ selected: ['r-b'] }, { evaluated: true }], T + 300));
    await progress(g, anna, 0.8);
    await progress(g, ben, 0.3);
    await progress(g, cara, 1);

    // An account and an LTI learner on the private share.
    const [platformRow] = [
      (
        await registerPlatform(t.db, { issuer: 'https://lms.example', clientId: 'c1', deploymentIds: ['d1'], authUrl: 'https://lms.example/auth', tokenUrl: 'https://lms.example/token', jwksUrl: 'https://lms.example/jwks' })
      ).platform,
    ];
    const ltiToken = newSessionToken();
    await t.db.transaction(async (tx) => {
      const userId = await accountOfPerson(tx, { platformId: platformRow.id, sub: 'lea', firstname: 'Lea', lastname: 'Lernt', displayName: 'Lea Lernt', roles: [], instructor: false });
      await createAuthSession(tx, ltiToken, userId, 60_000);
    });
    const lti = { cookie: `${SESSION_COOKIE}=${ltiToken}` };
    const p = share.private;
    await send(on(p, null, 'ChoiceQuestion', 'r-choice', [{ selected: ['r-a', 'r-c'] }, { evaluated: true }], T), { cookie: cookie[PUPIL] });
    await send(on(p, null, 'ChoiceQuestion', 'r-choice', [{ selected: ['r-b', 'r-c'] }, { evaluated: true }], T), lti);
    await progress(p, null, 0.5, lti);
  });

  it('names every learner with at least one tracked event, with progress, completion, last activity and certificate', async () => {
    const r = await results(share.guest);
    expect(r.counts.learners).toMatch(/at least one tracked event/);
    expect(r.learners.map(({ key, ...l }) => ({ ...l, key: key.length > 0 }))).toEqual([
      { key: true, kind: 'guest', name: 'Anna', progress: 0.8, completed: false, lastActivity: new Date(T + 51).toISOString(), certificateIssued: null },
      { key: true, kind: 'guest', name: 'Ben', progress: 0.3, completed: false, lastActivity: new Date(T + 111).toISOString(), certificateIssued: null },
      { key: true, kind: 'guest', name: 'Cara', progress: 1, completed: true, lastActivity: new Date(T + 230).toISOString(), certificateIssued: '2026-03-10T10:05:00.000Z' },
      { key: true, kind: 'guest', name: 'Dora "D" Ölz', progress: 0, completed: false, lastActivity: new Date(T + 301).toISOString(), certificateIssued: null },
    ]);
    const accounts = await results(share.private);
    expect(accounts.learners.map((l) => [l.kind, l.name, l.progress])).toEqual([
      ['lti', 'Lea Lernt', 0.5],
      ['account', 'Max Muster', 0],
    ]);
    expect(JSON.stringify(accounts), 'no account address, session or user id').not.toMatch(/@|lti\.invalid|user:|guest:/);
    expect(question(accounts, 'r-choice')).toMatchObject({ answered: 2, rightAtFirstEvaluation: 1, wrongAnswers: [{ answer: 'Zellwand & mehr; Mitochondrium', gap: null, learners: 1 }] });
  });

  it('per question: answered, right at the first evaluation, the most common wrong answers; per kind as a teacher reads them', async () => {
    const r = await results(share.guest);
    expect(r.questions.map((q) => [q.elementId, q.kind, q.label, q.path])).toEqual([
      ['r-choice', 'ChoiceQuestion', 'Welche sind Organellen?', ['Kapitel eins']],
      ['r-cloze', 'ClozeQuestion', 'Ergänze', ['Kapitel eins']],
      ['r-assign', 'AssignmentQuestion', 'Ordne zu', ['Kapitel eins']],
      ['r-free', 'FreeTextInput', 'Erkläre Osmose', ['Kapitel eins']],
      ['r-polygon', 'PolygonTargetExercise', 'Finde den Zellkern', ['Kapitel zwei']],
    ]);
    // Choice: Anna [a] and Ben [a] wrong alike, Dora [b] wrong, Cara right (her second evaluation does not count for Anna).
    expect(question(r, 'r-choice')).toMatchObject({
      answered: 4,
      rightAtFirstEvaluation: 1,
      wrongAnswers: [
        { answer: 'Zellkern', gap: null, learners: 2 },
        { answer: 'Zellwand & mehr', gap: null, learners: 1 },
      ],
    });
    // Cloze: Anna's "Kern " right (trimmed, any case) but "Wasser" wrong; Ben right; Cara "Kernel" and nothing.
    expect(question(r, 'r-cloze')).toMatchObject({
      answered: 3,
      rightAtFirstEvaluation: 1,
      wrongAnswers: [
        { answer: 'Kernel', gap: 1, learners: 1 },
        { answer: '(empty)', gap: 2, learners: 1 },
        { answer: 'Wasser', gap: 2, learners: 1 },
      ],
    });
    expect(question(r, 'r-assign')).toMatchObject({
      answered: 2,
      rightAtFirstEvaluation: 1,
      wrongAnswers: [
        { answer: 'Zellwand → Tier', gap: null, learners: 1 },
        { answer: 'Zentriol → Pflanze', gap: null, learners: 1 },
      ],
    });
    expect(question(r, 'r-polygon')).toMatchObject({
      answered: 1,
      rightAtFirstEvaluation: 0,
      wrongAnswers: [
        { answer: 'a correct area without a mark', gap: null, learners: 1 },
        { answer: 'a mark outside every correct area', gap: null, learners: 1 },
      ],
    });
    expect(question(r, 'r-free')).toEqual({
      elementId: 'r-free',
      kind: 'FreeTextInput',
      label: 'Erkläre Osmose',
      path: ['Kapitel eins'],
      answered: 1,
      rightAtFirstEvaluation: null,
      wrongAnswers: [],
      texts: [{ learner: 'Anna', text: 'Wasser wandert, "durch" die Membran' }],
    });
  });

  it('where learners stop: the barrier or chapter furthest reached, by those who have not completed', async () => {
    // Ben and Dora worked before the barrier; Anna went on to chapter two; Cara completed.
    expect((await results(share.guest)).stops).toEqual([
      { elementId: 'r-barrier', kind: 'Barrier', label: 'Weiter', path: ['Kapitel eins'], learners: 2 },
      { elementId: 'r-ch2', kind: 'Chapter', label: 'Kapitel zwei', path: [], learners: 1 },
    ]);
  });

  it('filters by date: from a day on, until a day (inclusive), or an instant', async () => {
    const fromDay = await results(share.guest, '?from=2026-03-10');
    expect(fromDay).toMatchObject({ from: '2026-03-10T00:00:00.000Z', to: null });
    expect(fromDay.learners).toHaveLength(4);
    // Cara's choice was five days before: without it nobody was right at once.
    expect(question(fromDay, 'r-choice')).toMatchObject({ answered: 3, rightAtFirstEvaluation: 0 });
    const untilDay = await results(share.guest, '?to=2026-03-05');
    expect(untilDay.to).toBe('2026-03-06T00:00:00.000Z');
    expect(untilDay.learners.map((l) => l.name)).toEqual(['Cara']);
    expect(question(untilDay, 'r-choice')).toMatchObject({ answered: 1, rightAtFirstEvaluation: 1, wrongAnswers: [] });
    expect(question(untilDay, 'r-cloze')).toMatchObject({ answered: 0, rightAtFirstEvaluation: 0 });
    const instant = await results(share.guest, `?from=${encodeURIComponent('2026-03-10T11:00:00.100+01:00')}&to=${encodeURIComponent('2026-03-10T10:00:00.201Z')}`);
    expect(instant.learners.map((l) => l.name)).toEqual(['Ben', 'Cara']);

    for (const [query, path] of [
      ['?from=yesterday', 'from'],
      ['?to=2026-02-30', 'to'],
      ['?from=2026-03-10&to=2026-03-09', 'to'],
      ['?since=2026-03-10', 'since'],
    ]) {
      const res = await get(`/api/shares/${share.guest}/results${query}`, TEACHER);
      expect(res.statusCode, query).toBe(400);
      expect(errorPaths(res), query).toEqual([path]);
    }
  });

  it('only those with results read them: a teacher by user or role permission, an admin; everyone else gets the answer of an unknown share', async () => {
    for (const who of [TEACHER, STAFF, ADMIN]) expect((await get(`/api/shares/${share.guest}/results`, who)).statusCode, who).toBe(200);
    const unknown = await get('/api/shares/no-such-share/results', TEACHER);
    expect(unknown.statusCode).toBe(404);
    const refusals: [string, string, string][] = [
      ['a learner with view', share.private, PUPIL],
      ['an account without results', share.guest, STRANGER],
      ["another share's holder", share.guest, OTHER_TEACHER],
      ['results of another share', share.other, TEACHER],
    ];
    for (const [name, shareId, who] of refusals) {
      for (const suffix of ['results', 'results.csv']) {
        const res = await get(`/api/shares/${shareId}/${suffix}`, who);
        expect([res.statusCode, res.body], name).toEqual([unknown.statusCode, unknown.body]);
      }
    }
    expect((await get(`/api/shares/${share.other}/results`, OTHER_TEACHER)).statusCode).toBe(200);
    // Without a login: log in first, for a share that exists as for one that does not.
    const anonymous = await get(`/api/shares/${share.guest}/results`);
    expect([anonymous.statusCode, errorPaths(anonymous)]).toEqual([403, ['']]);
    expect((await get('/api/shares/no-such-share/results')).body).toBe(anonymous.body);
  });

  it('exports the same figures as CSV: a UTF-8 BOM, CRLF rows, RFC 4180 quoting', async () => {
    const res = await get(`/api/shares/${share.guest}/results.csv?from=2026-03-01`, TEACHER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="results-${share.guest}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith(UTF8_BOM)).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines).toContain('learners,"Dora ""D"" Ölz",guest,0,false,2026-03-10T10:00:00.301Z,');
    expect(lines).toContain('learners,Cara,guest,1,true,2026-03-10T10:00:00.230Z,2026-03-10T10:05:00.000Z');
    expect(lines).toContain('questions,r-cloze,ClozeQuestion,Ergänze,Kapitel eins,3,1,2,Wasser,1');
    expect(lines).toContain('questions,r-free,FreeTextInput,Erkläre Osmose,Kapitel eins,1,,,,');
    expect(lines).toContain('stops,r-barrier,Barrier,Weiter,Kapitel eins,2');
    expect(body, 'free texts stay in the JSON answer').not.toContain('Membran');
    // Each section: its header, then rows of as many fields.
    expect(lines.filter((l) => l.startsWith('section,'))).toHaveLength(3);
  });

  it('on a collection share: the questions of every material under its title, progress the mean over the materials', async () => {
    const withChoice = (suffix: string) =>
      smallMaterial(suffix, {
        content: [{ modelName: 'ChoiceQuestion', id: `${suffix}-q`, type: 'sc', question: `<p>Frage ${suffix}</p>`, choices: [{ id: `${suffix}-y`, text: 'Ja', correct: true }, { id: `${suffix}-n`, text: 'Nein', correct: false }] }],
      });
    const collection = smallCollection('res', [withChoice('res1'), withChoice('res2')]);
    const shareId = (await importFile(t.db, { ...collection, permissions: [{ modelName: 'UserPermission', user: TEACHER, abilities: ['results'], inviteAccepted: true }] }, { share: 'guest' })).share.publicId;
    const guest = (await a.app.inject({ method: 'POST', url: '/api/guest', payload: { name: 'Finn', publicId: shareId } })).json().data.publicId as string;
    await send([...on(shareId, guest, 'ChoiceQuestion', 'res2-q', [{ selected: ['res2-n'] }, { evaluated: true }], T)]);
    const res = await a.app.inject({ method: 'POST', url: '/api/updateRootProgress', payload: { model: { id: 'm-res1', modelName: 'Material' }, value: 1, shareId, guestSessionId: guest } });
    expect(res.statusCode, res.body).toBe(200);
    const r = await results(shareId);
    expect(r.learners.map((l) => [l.name, l.progress, l.completed])).toEqual([['Finn', 0.5, false]]);
    expect(r.questions.map((q) => [q.elementId, q.path, q.answered, q.rightAtFirstEvaluation, q.wrongAnswers])).toEqual([
      ['res1-q', ['Material res1'], 0, 0, []],
      ['res2-q', ['Material res2'], 1, 0, [{ answer: 'Nein', gap: null, learners: 1 }]],
    ]);
  });

  it('quotes a field as RFC 4180 says and keeps spreadsheet formulas out', () => {
    expect(['plain', 'a,b', 'say "hi"', 'two\r\nlines', 'Zeilen\numbruch', '', null, 0.5, true].map(csvField)).toEqual([
      'plain', '"a,b"', '"say ""hi"""', '"two\r\nlines"', '"Zeilen\numbruch"', '', '', '0.5', 'true',
    ]);
    expect(['=SUM(A1)', '+1', '-1', '@x'].map(csvField)).toEqual(["'=SUM(A1)", "'+1", "'-1", "'@x"]);
    const csv = resultsCsv({ shareId: 's', from: null, to: null, counts: {} as Results['counts'], learners: [], questions: [], stops: [] });
    expect(csv).toBe(`${UTF8_BOM}section,learner,kind,progress,completed,last_activity,certificate_issued\r\n\r\nsection,element_id,kind,label,chapter_path,answered,right_at_first_evaluation,gap,wrong_answer,wrong_answer_learners\r\n\r\nsection,element_id,kind,label,chapter_path,learners_stopped\r\n`);
  });
});
