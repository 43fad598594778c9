import { beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../../server/store/import';
import { PUBLICATION_HEADER } from '../../model/publicationHeader';
import { Material, type MaterialInput } from '../../model/material';
import { embeddedPageData, useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { smallCollection, smallMaterial } from './fixtures';
import { addUser, login } from './learners';

/*
 * Issue 24: a page drawn from a publication learns when another one is current. The page data of a material
 * share and the material answers name the publication they show; `POST /api/publication/current` names the
 * current one, with the access rules of `GET /api/material/{share}/{id}`, and answers the next publication
 * as soon as `POST /api/publish` made it.
 */

const AUTHOR = 'autorin@school.example';
const OUTSIDER = 'outsider@school.example';

const course = Material.parse({
  modelName: 'Material',
  id: 'm-cur',
  publicId: 'cur-course',
  title: 'Course',
  permissions: [{ modelName: 'UserPermission', user: AUTHOR, abilities: ['view', 'edit', 'publish'] }],
  content: [{ modelName: 'Text', id: 'm-cur-t1', content: { html: '<p>first text</p>' } }],
} satisfies MaterialInput);

describe.each(testDatabaseKinds)('the current publication on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);
  const share = {} as Record<'course' | 'other' | 'collection', string>;
  const cookie = {} as Record<'author' | 'outsider', string>;

  beforeAll(async () => {
    share.course = (await importFile(t.db, course, { share: 'private' })).share.publicId;
    share.other = (await importFile(t.db, smallMaterial('cur-other'), { share: 'public' })).share.publicId;
    share.collection = (await importFile(t.db, smallCollection('cur', [smallMaterial('cur-in')]), { share: 'guest' })).share.publicId;
    for (const email of [AUTHOR, OUTSIDER]) await addUser(t.db, email);
    cookie.author = await login(a.app, AUTHOR);
    cookie.outsider = await login(a.app, OUTSIDER);
  });

  const current = (body: unknown, headers: Record<string, string> = {}) =>
    a.app.inject({ method: 'POST', url: '/api/publication/current', payload: body as object, headers });
  const pagePublication = async () => {
    const page = await a.app.inject({ method: 'GET', url: `/s/${share.course}/`, headers: { cookie: cookie.author } });
    expect(page.statusCode).toBe(200);
    return embeddedPageData(page.body).share?.publicationId;
  };

  it('names the publication the page and the material answer were drawn from, and answers it as current (private, no-cache)', async () => {
    const drawn = await pagePublication();
    expect(drawn).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const material = await a.app.inject({ method: 'GET', url: `/api/material/${share.course}/m-cur`, headers: { cookie: cookie.author } });
    expect(material.headers[PUBLICATION_HEADER]).toBe(drawn);
    const res = await current({ share: share.course, materialId: 'm-cur' }, { cookie: cookie.author });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { id: drawn } });
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers the new publication once an author published a change, and the page is then drawn from it', async () => {
    const before = await pagePublication();
    const edit = await a.app.inject({
      method: 'POST', url: '/api/model/update', headers: { cookie: cookie.author },
      payload: { model: { modelName: 'Text', id: 'm-cur-t1' }, newValues: { content: { html: '<p>second text</p>' } }, oldValues: { content: { html: '<p>first text</p>' } } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // A draft is not a publication: learners are still shown the one they have.
    expect((await current({ share: share.course, materialId: 'm-cur' }, { cookie: cookie.author })).json().data.id).toBe(before);
    const published = await a.app.inject({ method: 'POST', url: '/api/publish', headers: { cookie: cookie.author }, payload: { modelName: 'Material', modelId: 'm-cur' } });
    expect(published.statusCode, published.body).toBe(201);
    const next = published.json().data.id as string;
    expect(next).not.toBe(before);
    expect((await current({ share: share.course, materialId: 'm-cur' }, { cookie: cookie.author })).json()).toEqual({ data: { id: next } });
    expect(await pagePublication()).toBe(next);
  });

  it("a collection's material: its own publication, in the collection material's answer and as current", async () => {
    const answer = await a.app.inject({ method: 'POST', url: '/api/collectionMaterial', payload: { collectionPublicId: share.collection, publicId: 'material-cur-in' } });
    expect(answer.statusCode).toBe(200);
    const shown = answer.headers[PUBLICATION_HEADER];
    expect(shown).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect((await current({ share: share.collection, materialId: 'm-cur-in' })).json()).toEqual({ data: { id: shown } });
  });

  it('keeps the access rules of the material call: a login for a private share, its permissions, the same 404 for unknown and not yours', async () => {
    const body = { share: share.course, materialId: 'm-cur' };
    expect((await current(body)).statusCode).toBe(403);
    expect((await current(body, { cookie: cookie.outsider })).statusCode).toBe(403);
    const notYours = await current({ share: share.other, materialId: 'm-cur' });
    const unknown = await current({ share: share.other, materialId: 'm-nowhere' });
    const notRoot = await current({ share: share.other, materialId: 'm-cur-other-t1' });
    const outsideCollection = await current({ share: share.collection, materialId: 'm-cur-other' });
    expect(notYours.statusCode).toBe(404);
    for (const res of [unknown, notRoot, outsideCollection]) expect([res.statusCode, res.body]).toEqual([notYours.statusCode, notYours.body]);
    expect((await current({ share: 'no-such-share', materialId: 'm-cur' })).statusCode).toBe(404);
    const bad = await current({ share: share.other, materialId: 'm cur', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path).sort()).toEqual(['extra', 'materialId']);
  });
});
