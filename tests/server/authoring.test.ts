import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../server/store/audit';
import { importFile } from '../../server/store/import';
import { setRoles } from '../../server/store/users';
import { Material, type MaterialInput } from '../../model/material';
import { useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { addUser, login } from './learners';

/*
 * Issue 24: an author's tool changes a material's draft through the model calls of spec section 7
 * (create with appendTo, update against oldValues, delete, restore, copy), as an account granted `edit`;
 * learners keep seeing what is published; every change is in the audit log.
 */

const AUTHOR = 'author@school.example';
const READER = 'reader@school.example';
const ADMIN = 'admin@school.example';

const course = (): Material =>
  Material.parse({
    modelName: 'Material',
    id: 'm-auth',
    publicId: 'course',
    title: 'Course',
    permissions: [
      { modelName: 'UserPermission', user: AUTHOR, abilities: ['view', 'edit'] },
      { modelName: 'UserPermission', user: READER, abilities: ['view'] },
    ],
    content: [
      {
        modelName: 'Chapter',
        id: 'm-auth-ch1',
        publicId: 'chapter-1',
        title: 'Chapter 1',
        content: [
          { modelName: 'Text', id: 'm-auth-t1', content: { html: '<p>one</p>' } },
          {
            modelName: 'ChoiceQuestion',
            id: 'm-auth-q1',
            type: 'sc',
            question: '<p>Which?</p>',
            choices: [
              { modelName: 'Choice', id: 'm-auth-q1-a', text: '<p>A</p>', correct: true },
              { modelName: 'Choice', id: 'm-auth-q1-b', text: '<p>B</p>', correct: false },
            ],
          },
        ],
      },
    ],
  } satisfies MaterialInput);

describe.each(testDatabaseKinds)('the model calls of an author on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);
  const cookie: Record<string, string> = {};
  let share = '';

  beforeAll(async () => {
    share = (await importFile(t.db, course(), { share: 'private' })).share.publicId;
    for (const email of [AUTHOR, READER, ADMIN]) await addUser(t.db, email);
    await setRoles(t.db, ADMIN, ['admin']);
    for (const email of [AUTHOR, READER, ADMIN]) cookie[email] = await login(a.app, email);
  });

  const post = (url: string, payload: unknown, as?: string) => a.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers: as ? { cookie: cookie[as] } : {} });
  const draft = async (id = 'm-auth') => ((await post('model/query', { draft: true, modelName: 'Material', id }, AUTHOR)).json() as { data: [Record<string, unknown>] }).data[0];
  const published = async () => ((await a.app.inject({ method: 'GET', url: `/api/material/${share}/m-auth`, headers: { cookie: cookie[READER] } })).json() as { data: Material }).data;
  const questionOf = (material: Record<string, unknown>) =>
    ((material.content as Record<string, unknown>[])[0].content as Record<string, unknown>[]).find((m) => m.id === 'm-auth-q1') as { choices: { id: string }[] };
  const pathsOf = (res: LightMyRequestResponse) => (res.json() as { errors: { path: string }[] }).errors.map((e) => e.path);

  it('updates a field of the draft against its old value; learners keep what is published', async () => {
    const res = await post('model/update', { model: { modelName: 'Material', id: 'm-auth' }, newValues: { title: 'Course, revised' }, oldValues: { title: 'Course' } }, AUTHOR);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: { title: string } }).data.title).toBe('Course, revised');
    expect((await draft()).title).toBe('Course, revised');
    expect((await published()).title).toBe('Course');
  });

  it('answers a stale oldValues with 409 and the spec\'s Conflict wording, and of two authors racing on one field exactly one wins', async () => {
    const stale = await post('model/update', { model: { modelName: 'Text', id: 'm-auth-t1' }, newValues: { content: { html: '<p>x</p>' } }, oldValues: { content: { html: '<p>not so</p>' } } }, AUTHOR);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ errors: [{ path: 'oldValues.content', message: 'The resource has been modified. Please reload the page.' }] });

    const race = (html: string) =>
      post('model/update', { model: { modelName: 'Text', id: 'm-auth-t1' }, newValues: { content: { html } }, oldValues: { content: { html: '<p>one</p>' } } }, AUTHOR);
    const answers = await Promise.all([race('<p>first</p>'), race('<p>second</p>')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.statusCode === 200) as LightMyRequestResponse;
    const text = ((await draft()).content as { content: { id: string; content: { html: string } }[] }[])[0].content.find((m) => m.id === 'm-auth-t1');
    expect(text?.content.html).toBe((winner.json() as { data: { content: { html: string } } }).data.content.html);
  });

  it('refuses a change that would make the material invalid, naming the path, and writes nothing', async () => {
    const before = await draft();
    const res = await post('model/update', { model: { modelName: 'ChoiceQuestion', id: 'm-auth-q1' }, newValues: { type: 'many' }, oldValues: { type: 'sc' } }, AUTHOR);
    expect(res.statusCode).toBe(400);
    expect(pathsOf(res)).toEqual(['content[0].content[1].type']);
    expect(await draft()).toEqual(before);
  });

  it('creates a choice at an index of a question, deletes and restores it in its place, and copies a chapter after itself', async () => {
    const created = await post(
      'model/create',
      { model: { modelName: 'Choice', text: '<p>C</p>', correct: false }, appendTo: { id: 'm-auth-q1', modelName: 'ChoiceQuestion', attribute: 'choices', index: 1 } },
      AUTHOR,
    );
    expect(created.statusCode, created.body).toBe(201);
    const choice = (created.json() as { data: { id: string; text: string } }).data;
    expect(choice.text).toBe('<p>C</p>');
    expect(questionOf(await draft()).choices.map((c) => c.id)).toEqual(['m-auth-q1-a', choice.id, 'm-auth-q1-b']);

    expect((await post('model/delete', { model: { modelName: 'Choice', id: choice.id } }, AUTHOR)).statusCode).toBe(200);
    expect(questionOf(await draft()).choices.map((c) => c.id)).toEqual(['m-auth-q1-a', 'm-auth-q1-b']);
    expect((await post('model/restore', { model: { modelName: 'Choice', id: choice.id } }, AUTHOR)).statusCode).toBe(200);
    expect(questionOf(await draft()).choices.map((c) => c.id)).toEqual(['m-auth-q1-a', choice.id, 'm-auth-q1-b']);

    const copied = await post('model/copy', { model: { modelName: 'Chapter', id: 'm-auth-ch1' } }, AUTHOR);
    expect(copied.statusCode, copied.body).toBe(201);
    const copy = (copied.json() as { data: { id: string; publicId: string; content: { id: string }[] } }).data;
    const chapters = (await draft()).content as { id: string; publicId: string }[];
    expect(chapters.map((c) => c.id)).toEqual(['m-auth-ch1', copy.id]);
    expect(copy.publicId).toMatch(/^chapter-1-[0-9a-f]{6}$/);
    expect(copy.content.map((m) => m.id)).not.toContain('m-auth-t1');
    expect(copy.content).toHaveLength(2);
    // Learners still see the one chapter with its two choices.
    expect((await published()).content).toHaveLength(1);
  });

  it('refuses who may not edit: 404 like a model that does not exist, 403 without a login; an administrator may', async () => {
    const change = { model: { modelName: 'Material', id: 'm-auth' }, newValues: { title: 'Hijacked' }, oldValues: { title: 'Course, revised' } };
    const refused = await post('model/update', change, READER);
    const unknown = await post('model/update', { ...change, model: { modelName: 'Material', id: 'm-nothing' } }, READER);
    expect([refused.statusCode, refused.body]).toEqual([404, unknown.body]);
    expect((await post('model/update', change)).statusCode).toBe(403);
    expect((await post('model/query', { draft: true, modelName: 'Material', id: 'm-auth' }, READER)).statusCode).toBe(404);
    const admin = await post('model/update', { ...change, newValues: { title: 'Course (admin)' } }, ADMIN);
    expect(admin.statusCode, admin.body).toBe(200);
  });

  it('records every change in the audit log: who, what, old and new values', async () => {
    const log = await listAudit(t.db, { rootId: 'm-auth' });
    expect(log.map((entry) => entry.action).reverse()).toEqual(['import', 'update', 'update', 'create', 'delete', 'restore', 'copy', 'update']);
    expect(log.at(-1)).toMatchObject({ actor: 'import', modelName: 'Material', modelId: 'm-auth', newValues: { message: '' } });
    expect(log.at(-2)).toMatchObject({ actor: expect.stringMatching(/^user:\S+ author@school\.example$/), modelName: 'Material', modelId: 'm-auth', oldValues: { title: 'Course' }, newValues: { title: 'Course, revised' } });
    expect(log[0].actor).toMatch(/admin@school\.example$/);
  });
});
