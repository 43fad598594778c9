import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../server/store/audit';
import { learnerStateOf, storeLearnerEvents } from '../../server/store/userdata';
import { importFile } from '../../server/store/import';
import { Collection, Material, type MaterialInput } from '../../model/material';
import { useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { addUser, login } from './learners';

/*
 * Issue 24: publications. An author's draft becomes what learners see by `publish`; the publications are
 * listed newest first with newer/older, compared, rolled back to, and removed when no share shows them.
 * An import is a publication too (an unchanged re-import makes none). Who may: `publish` to change them,
 * `edit` or `publish` to read them; everybody else gets the 404 of a root that does not exist.
 */

const PUBLISHER = 'publisher@school.example';
const EDITOR = 'editor@school.example';
const READER = 'reader@school.example';

const course = (title = 'Course'): Material =>
  Material.parse({
    modelName: 'Material',
    id: 'm-pub',
    publicId: 'pub-course',
    title,
    permissions: [
      { modelName: 'UserPermission', user: PUBLISHER, abilities: ['view', 'edit', 'publish'] },
      { modelName: 'UserPermission', user: EDITOR, abilities: ['view', 'edit'] },
      { modelName: 'UserPermission', user: READER, abilities: ['view'] },
    ],
    content: [{ modelName: 'Text', id: 'm-pub-t1', content: { html: '<p>first text</p>' } }],
  } satisfies MaterialInput);

interface Summary {
  id: string;
  modelName: string;
  modelId: string;
  message: string;
  author: string;
  newer: string | null;
  older: string | null;
  current: boolean;
}

describe.each(testDatabaseKinds)('publications on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);
  const cookie: Record<string, string> = {};
  let share = '';

  beforeAll(async () => {
    share = (await importFile(t.db, course(), { share: 'private' })).share.publicId;
    for (const email of [PUBLISHER, EDITOR, READER]) await addUser(t.db, email);
    for (const email of [PUBLISHER, EDITOR, READER]) cookie[email] = await login(a.app, email);
  });

  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as?: string) =>
    a.app.inject({ method, url: `/api/${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers: as ? { cookie: cookie[as] } : {} });
  const all = async (as = PUBLISHER) => ((await call('POST', 'publication/all', { modelName: 'Material', modelId: 'm-pub' }, as)).json() as { data: Summary[] }).data;
  const textSeen = async () => {
    const res = await a.app.inject({ method: 'GET', url: `/api/material/${share}/m-pub`, headers: { cookie: cookie[READER] } });
    return ((res.json() as { data: { content: { content: { html: string } }[] } }).data.content[0].content.html);
  };
  const editText = (from: string, to: string) =>
    call('POST', 'model/update', { model: { modelName: 'Text', id: 'm-pub-t1' }, newValues: { content: { html: to } }, oldValues: { content: { html: from } } }, PUBLISHER);
  const pathsOf = (res: LightMyRequestResponse) => (res.json() as { errors: { path: string }[] }).errors.map((e) => e.path);

  it('counts the import as the first publication, and an unchanged re-import as none', async () => {
    await importFile(t.db, course(), { share: 'private' });
    const list = await all();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ modelName: 'Material', modelId: 'm-pub', author: 'import', message: '', newer: null, older: null, current: true });
  });

  it('publishes a draft: learners see it only then; the list is newest first with newer and older; the draft is gone', async () => {
    expect((await editText('<p>first text</p>', '<p>second text</p>')).statusCode).toBe(200);
    expect(await textSeen()).toBe('<p>first text</p>');

    const res = await call('POST', 'publish', { modelName: 'Material', modelId: 'm-pub', message: 'Second text' }, PUBLISHER);
    expect(res.statusCode, res.body).toBe(201);
    const published = (res.json() as { data: Summary }).data;
    expect(published).toMatchObject({ message: 'Second text', current: true, newer: null });
    expect(published.author).toMatch(/^user:.+ publisher@school\.example$/);
    expect(await textSeen()).toBe('<p>second text</p>');

    const [newest, oldest] = await all();
    expect(newest.id).toBe(published.id);
    expect(newest.older).toBe(oldest.id);
    expect(oldest).toMatchObject({ newer: newest.id, older: null, current: false });
    const draft = await call('POST', 'model/query', { draft: true, modelName: 'Text', id: 'm-pub-t1' }, PUBLISHER);
    expect((draft.json() as { data: [{ content: { html: string } }] }).data[0].content.html).toBe('<p>second text</p>');

    const again = await call('POST', 'publish', { modelName: 'Material', modelId: 'm-pub' }, PUBLISHER);
    expect(again.statusCode, 'nothing changed: the current one is answered').toBe(200);
    expect((again.json() as { data: Summary }).data.id).toBe(published.id);
    expect(await all()).toHaveLength(2);
  });

  it('compares two publications: the spec\'s boolean in data, and which models changed beside it', async () => {
    const [newer, older] = await all();
    const res = await call('POST', 'publication/diff', { modelName: 'Material', modelId: 'm-pub', newer: newer.id, older: older.id }, EDITOR);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: true, changes: { added: [], removed: [], changed: ['m-pub-t1'] } });
    const same = await call('POST', 'publication/diff', { modelName: 'Material', modelId: 'm-pub', newer: newer.id, older: newer.id }, EDITOR);
    expect(same.json()).toEqual({ data: false, changes: { added: [], removed: [], changed: [] } });
  });

  it('goes back to an older publication (update to it): learners see its text again, it is current, the draft is dropped', async () => {
    const [newer, older] = await all();
    expect((await editText('<p>second text</p>', '<p>unpublished</p>')).statusCode).toBe(200);
    const res = await call('PUT', `publication/${older.id}`, undefined, PUBLISHER);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: Summary }).data).toMatchObject({ id: older.id, current: true });
    expect(await textSeen()).toBe('<p>first text</p>');
    const list = await all();
    expect(list.map((p) => [p.id, p.current])).toEqual([
      [newer.id, false],
      [older.id, true],
    ]);
    const draft = await call('POST', 'model/query', { draft: true, modelName: 'Text', id: 'm-pub-t1' }, PUBLISHER);
    expect((draft.json() as { data: [{ content: { html: string } }] }).data[0].content.html).toBe('<p>first text</p>');
  });

  it('removes a publication no share shows, and refuses the current one with 409', async () => {
    const [newer, older] = await all();
    const shown = await call('DELETE', `publication/${older.id}`, undefined, PUBLISHER);
    expect(shown.statusCode).toBe(409);
    expect(pathsOf(shown)).toEqual(['id']);
    expect((await call('DELETE', `publication/${newer.id}`, undefined, PUBLISHER)).statusCode).toBe(200);
    expect((await all()).map((p) => p.id)).toEqual([older.id]);
    expect((await call('DELETE', `publication/${newer.id}`, undefined, PUBLISHER)).statusCode).toBe(404);
  });

  it('makes a re-import of a changed file a new current publication, and drops an unpublished draft for it', async () => {
    expect((await editText('<p>first text</p>', '<p>draft text</p>')).statusCode).toBe(200);
    await importFile(t.db, course('Course, imported'), { share: 'private', actor: 'admin-token', message: 'From the file' });
    const [newest] = await all();
    expect(newest).toMatchObject({ author: 'admin-token', message: 'From the file', current: true });
    expect(await textSeen()).toBe('<p>first text</p>');
    const draft = await call('POST', 'model/query', { draft: true, modelName: 'Text', id: 'm-pub-t1' }, PUBLISHER);
    expect((draft.json() as { data: [{ content: { html: string } }] }).data[0].content.html).toBe('<p>first text</p>');
  });

  it('refuses who may not: publishing needs publish, reading needs edit or publish; 404 as for an unknown root, 403 without a login; nothing changes', async () => {
    const [current] = await all();
    const before = await all();
    const cases: [string, LightMyRequestResponse, number, string][] = [
      ['publish by an editor', await call('POST', 'publish', { modelName: 'Material', modelId: 'm-pub' }, EDITOR), 404, 'modelId'],
      ['publish by a reader', await call('POST', 'publish', { modelName: 'Material', modelId: 'm-pub' }, READER), 404, 'modelId'],
      ['publish of an unknown root', await call('POST', 'publish', { modelName: 'Material', modelId: 'm-nowhere' }, PUBLISHER), 404, 'modelId'],
      ['publish under another model name', await call('POST', 'publish', { modelName: 'Collection', modelId: 'm-pub' }, PUBLISHER), 404, 'modelId'],
      ['publish without a login', await call('POST', 'publish', { modelName: 'Material', modelId: 'm-pub' }), 403, ''],
      ['the list for a reader', await call('POST', 'publication/all', { modelName: 'Material', modelId: 'm-pub' }, READER), 404, 'modelId'],
      ['rollback by an editor', await call('PUT', `publication/${current.id}`, undefined, EDITOR), 404, 'id'],
      ['delete by an editor', await call('DELETE', `publication/${current.id}`, undefined, EDITOR), 404, 'id'],
      ['rollback of an unknown publication', await call('PUT', `publication/${'x'.repeat(22)}`, undefined, PUBLISHER), 404, 'id'],
      ['diff with a publication of nothing', await call('POST', 'publication/diff', { modelName: 'Material', modelId: 'm-pub', newer: current.id, older: 'y'.repeat(22) }, PUBLISHER), 404, 'older'],
      ['a bad id in the path', await call('PUT', 'publication/short', undefined, PUBLISHER), 400, 'id'],
      ['an unknown field', await call('POST', 'publish', { modelName: 'Material', modelId: 'm-pub', note: 'x' }, PUBLISHER), 400, 'note'],
      ['a message too long', await call('POST', 'publish', { modelName: 'Material', modelId: 'm-pub', message: 'x'.repeat(2001) }, PUBLISHER), 400, 'message'],
    ];
    for (const [what, res, status, path] of cases) {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(pathsOf(res), what).toContain(path);
    }
    expect(await all()).toEqual(before);
  });

  it('records publishing, going back and removing in the audit log', async () => {
    const actions = (await listAudit(t.db, { rootId: 'm-pub' })).map((entry) => entry.action).reverse();
    expect(actions).toEqual(['import', 'update', 'publish', 'update', 'rollback', 'unpublish', 'update', 'import']);
  });

  it('keeps publications of a collection: each import of a changed collection, and going back restores its order', async () => {
    const collection = (order: string[]) =>
      Collection.parse({
        modelName: 'Collection',
        id: 'c-pub',
        publicId: 'pub-collection',
        title: 'Shelf',
        permissions: [{ modelName: 'UserPermission', user: PUBLISHER, abilities: ['view', 'publish'] }],
        items: order.map((id) => ({
          id: `ci-${id}`,
          material: { modelName: 'Material', id, publicId: id, title: id, content: [] },
        })),
      });
    await importFile(t.db, collection(['m-c1', 'm-c2']), { share: 'private' });
    await importFile(t.db, collection(['m-c2', 'm-c1']), { share: 'private' });
    const list = ((await call('POST', 'publication/all', { modelName: 'Collection', modelId: 'c-pub' }, PUBLISHER)).json() as { data: Summary[] }).data;
    expect(list).toHaveLength(2);
    const diff = await call('POST', 'publication/diff', { modelName: 'Collection', modelId: 'c-pub', newer: list[0].id, older: list[1].id }, PUBLISHER);
    expect((diff.json() as { data: boolean }).data).toBe(true);
    expect((await call('PUT', `publication/${list[1].id}`, undefined, PUBLISHER)).statusCode).toBe(200);
    const order = await t.db.query<{ material_id: string }>(`SELECT material_id FROM collection_items WHERE collection_id = 'c-pub' ORDER BY position`);
    expect(order.map((r) => r.material_id)).toEqual(['m-c1', 'm-c2']);
  });
  it('resets a learner\'s answer to a question whose answer key a publication changed, says why until it is answered again, and keeps the rest', async () => {
    const quiz = (correct: 'a' | 'b', stem = '<p>Which?</p>') =>
      Material.parse({
        modelName: 'Material',
        id: 'm-key',
        publicId: 'key-course',
        title: 'Quiz',
        permissions: [
          { modelName: 'UserPermission', user: PUBLISHER, abilities: ['view', 'edit', 'publish'] },
          { modelName: 'UserPermission', user: READER, abilities: ['view'] },
        ],
        content: [
          {
            modelName: 'ChoiceQuestion',
            id: 'm-key-q1',
            type: 'sc',
            question: stem,
            choices: [
              { modelName: 'Choice', id: 'm-key-q1-a', text: '<p>A</p>', correct: correct === 'a' },
              { modelName: 'Choice', id: 'm-key-q1-b', text: '<p>B</p>', correct: correct === 'b' },
            ],
          },
          { modelName: 'FreeTextInput', id: 'm-key-f1', instructions: { html: '<p>Why?</p>' } },
        ],
      } satisfies MaterialInput);
    const quizShare = (await importFile(t.db, quiz('a'), { share: 'private' })).share.publicId;
    const [reader] = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [READER]);
    const learner = { kind: 'user', userId: reader.id } as const;
    let n = 0;
    const answer = (modelId: string, modelName: string, field: string, value: unknown) =>
      storeLearnerEvents(t.db, [{ id: `ev-key-${++n}`.padEnd(22, 'x'), shareId: quizShare, learner, modelId, modelName, field, value, at: Date.now() - 60_000 + n }]);
    await answer('m-key-q1', 'ChoiceQuestion', 'selected', ['m-key-q1-a']);
    await answer('m-key-q1', 'ChoiceQuestion', 'evaluated', true);
    await answer('m-key-f1', 'FreeTextInput', 'value', 'Because.');
    const state = () => learnerStateOf(t.db, quizShare, learner);

    await importFile(t.db, quiz('a', '<p>Which one?</p>'), { share: 'private' });
    expect((await state())['m-key-q1'], 'new wording, same key: the answer stays').toEqual({ selected: ['m-key-q1-a'], evaluated: true });

    await importFile(t.db, quiz('b', '<p>Which one?</p>'), { share: 'private' });
    expect(await state()).toEqual({ 'm-key-q1': { answerKeyChanged: true }, 'm-key-f1': { value: 'Because.' } });

    await storeLearnerEvents(t.db, [{ id: 'ev-key-again'.padEnd(22, 'x'), shareId: quizShare, learner, modelId: 'm-key-q1', modelName: 'ChoiceQuestion', field: 'selected', value: ['m-key-q1-b'], at: Date.now() }]);
    expect((await state())['m-key-q1'], 'answered again: no note').toEqual({ selected: ['m-key-q1-b'] });
  });
});
