import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { importFile } from '../../server/store/import';
import { setRoles } from '../../server/store/users';
import type { MaterialInput } from '../../model/material';
import { useTestApp, embeddedPageData } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { smallMaterial } from './fixtures';
import { addUser, event, login } from './learners';

/*
 * Permissions of spec sections 4, 6 and 7 on a real server: who a private share lets in by its root's
 * permissions, the invite call, accepting an invitation by model/update, re-imports, and what learners
 * are never sent.
 */

const OWNER = 'owner@school.example';
const STAFF = 'staff@school.example';
const STRANGER = 'stranger@school.example';
const PENDING = 'pending@school.example';

const declared = (permissions: MaterialInput['permissions']) => smallMaterial('perm', { permissions });
const fullPermissions: MaterialInput['permissions'] = [
  { modelName: 'UserPermission', user: 'Owner@School.example', abilities: ['view', 'invite'] },
  { modelName: 'RolePermission', role: 'staff', abilities: ['view'] },
  { modelName: 'UserPermission', user: PENDING, abilities: ['view'], inviteAccepted: false },
];

describe.each(testDatabaseKinds)('permissions on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);
  const share = { guarded: '', open: '' };
  const cookie: Record<string, string> = {};

  beforeAll(async () => {
    share.guarded = (await importFile(t.db, declared(fullPermissions), { share: 'private' })).share.publicId;
    share.open = (await importFile(t.db, smallMaterial('open'), { share: 'private' })).share.publicId;
    for (const email of [OWNER, STAFF, STRANGER, PENDING]) await addUser(t.db, email);
    await setRoles(t.db, STAFF, ['staff']);
    for (const email of [OWNER, STAFF, STRANGER, PENDING]) cookie[email] = await login(a.app, email);
  });

  const page = async (shareId: string, as?: string) => {
    const res = await a.app.inject({ method: 'GET', url: `/s/${shareId}/`, headers: as ? { cookie: cookie[as] } : {} });
    return { status: res.statusCode, data: embeddedPageData(res.body), body: res.body };
  };
  const post = (url: string, payload: unknown, as?: string) => a.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers: as ? { cookie: cookie[as] } : {} });
  const errorsOf = (res: LightMyRequestResponse) => (res.json() as { errors: { path?: string }[] }).errors.map((e) => e.path);
  const accept = (id: string, as: string) =>
    post('model/update', { model: { modelName: 'UserPermission', id }, newValues: { inviteAccepted: true }, oldValues: { inviteAccepted: false } }, as);

  it('a private share opens to the accounts its root grants view: by an accepted user permission or by a role', async () => {
    for (const who of [OWNER, STAFF]) {
      const { status, data } = await page(share.guarded, who);
      expect(status, who).toBe(200);
      expect(data.entryPoint).toBe('material');
      expect(data.user?.email).toBe(who);
    }
    expect((await page(share.guarded, STAFF)).data.user?.roles).toEqual(['staff']);
    const login = await page(share.guarded);
    expect([login.status, login.data.entryPoint]).toEqual([401, 'login']);
  });

  it('an account it does not grant view sees the no-access view, with its account to log out; the calls refuse it too', async () => {
    const { status, data, body } = await page(share.guarded, STRANGER);
    expect([status, data.entryPoint, data.error?.status, data.user?.email]).toEqual([403, 'error', 403, STRANGER]);
    expect(data.share).toBeNull();
    expect(body, 'nor the course title').not.toContain('Material perm');
    const query = await post('model/query', { share: share.guarded, modelName: 'Material', id: 'm-perm' }, STRANGER);
    expect(query.statusCode).toBe(403);
    const material = await a.app.inject({ method: 'GET', url: `/api/material/${share.guarded}/m-perm`, headers: { cookie: cookie[STRANGER] } });
    expect(material.statusCode).toBe(403);
    const saved = await post('userdata', { events: [event({ shareId: share.guarded, id: 'm-perm-t1', modelName: 'Text' }, { progress: 1 })] }, STRANGER);
    expect(saved.statusCode).toBe(403);
    expect(errorsOf(saved)).toEqual(['events[0].metadata.shareId']);
  });

  it('a root without permissions is open to every account', async () => {
    const { status, data } = await page(share.open, STRANGER);
    expect([status, data.entryPoint]).toEqual([200, 'material']);
  });

  it('an account invited and not yet accepted sees its invitation; accepting it (once or again) opens the share', async () => {
    const before = await page(share.guarded, PENDING);
    expect([before.status, before.data.entryPoint]).toEqual([403, 'invitation']);
    const id = before.data.invitation!.id;
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // Nobody else may accept it, and a wrong id is no different.
    expect((await accept(id, STRANGER)).statusCode).toBe(404);
    expect((await accept('no-such-permission', PENDING)).statusCode).toBe(404);
    expect((await post('model/update', { model: { modelName: 'UserPermission', id }, newValues: { inviteAccepted: true }, oldValues: { inviteAccepted: false } })).statusCode).toBe(403);
    expect((await page(share.guarded, PENDING)).data.entryPoint).toBe('invitation');
    for (const attempt of ['first', 'repeated']) {
      const res = await accept(id, PENDING);
      expect(res.statusCode, attempt).toBe(200);
      expect(res.json()).toEqual({ data: { modelName: 'UserPermission', id, user: { email: PENDING }, abilities: ['view'], inviteAccepted: true } });
    }
    expect((await page(share.guarded, PENDING)).data.entryPoint).toBe('material');
  });

  it('the invite call: only an account granted invite may invite, to that root; the invitation grants nothing until accepted', async () => {
    const body = { model: { modelName: 'Material', id: 'm-perm' }, email: ' Stranger@School.example ', abilities: ['view'] };
    expect((await post('invite', body)).statusCode).toBe(403);
    for (const who of [STAFF, STRANGER]) {
      const refused = await post('invite', body, who);
      expect([refused.statusCode, errorsOf(refused)], who).toEqual([404, ['model.id']]);
    }
    const unknown = await post('invite', { ...body, model: { modelName: 'Material', id: 'm-nowhere' } }, OWNER);
    expect([unknown.statusCode, errorsOf(unknown)]).toEqual([404, ['model.id']]);
    const notACollection = await post('invite', { ...body, model: { modelName: 'Collection', id: 'm-perm' } }, OWNER);
    expect(notACollection.statusCode).toBe(404);
    const bad = await post('invite', { model: { modelName: 'Material', id: 'm-perm' }, email: 'not an address', abilities: ['view', 'view', 'fly'] }, OWNER);
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toEqual(expect.arrayContaining(['email', 'abilities[2]']));
    expect((await page(share.guarded, STRANGER)).data.entryPoint, 'the refused calls changed nothing').toBe('error');

    const invited = await post('invite', body, OWNER);
    expect(invited.statusCode).toBe(201);
    const permission = (invited.json() as { data: { id: string; user: { email: string }; inviteAccepted: boolean } }).data;
    expect([permission.user.email, permission.inviteAccepted]).toEqual([STRANGER, false]);
    const waiting = await page(share.guarded, STRANGER);
    expect([waiting.data.entryPoint, waiting.data.invitation?.id]).toEqual(['invitation', permission.id]);
    expect((await accept(permission.id, STRANGER)).statusCode).toBe(200);
    expect((await page(share.guarded, STRANGER)).data.entryPoint).toBe('material');
    // Inviting again adds abilities, and does not take back the acceptance.
    const again = await post('invite', { ...body, abilities: ['invite'] }, OWNER);
    expect((again.json() as { data: { abilities: string[]; inviteAccepted: boolean } }).data).toMatchObject({ abilities: ['invite', 'view'], inviteAccepted: true });
  });

  it("a re-import replaces the file's permissions and keeps the invited ones", async () => {
    await importFile(t.db, declared([fullPermissions[0]]), { share: 'private' });
    expect((await page(share.guarded, STAFF)).status, 'the role permission is gone').toBe(403);
    expect((await page(share.guarded, STRANGER)).status, 'the invitation accepted above stays').toBe(200);
    expect((await page(share.guarded, OWNER)).status).toBe(200);
    await importFile(t.db, declared(fullPermissions), { share: 'private' });
    expect((await page(share.guarded, STAFF)).status).toBe(200);
  });

  it('learners are never sent who may open a material', async () => {
    const material = await a.app.inject({ method: 'GET', url: `/api/material/${share.guarded}/m-perm`, headers: { cookie: cookie[OWNER] } });
    expect(material.statusCode).toBe(200);
    expect(material.body).not.toMatch(/permissions|school\.example|staff/i);
    expect((await page(share.guarded, OWNER)).body).not.toMatch(/staff@|pending@|stranger@/);
  });
});

describe.each(testDatabaseKinds)("a material's like state on %s", (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);
  let share = '';
  let publicShare = '';
  let ada = '';

  beforeAll(async () => {
    share = (await importFile(t.db, smallMaterial('liked'), { share: 'private' })).share.publicId;
    publicShare = (await importFile(t.db, smallMaterial('other'), { share: 'public' })).share.publicId;
    await addUser(t.db, 'ada@school.example');
    ada = await login(a.app, 'ada@school.example');
  });

  const like = (liked: boolean, was: boolean, options: { as?: string; shareId?: string; id?: string } = {}) =>
    a.app.inject({
      method: 'POST',
      url: '/api/model/update',
      payload: { share: options.shareId ?? share, model: { modelName: 'Material', id: options.id ?? 'm-liked' }, newValues: { liked }, oldValues: { liked: was } },
      headers: 'as' in options ? (options.as ? { cookie: options.as } : {}) : { cookie: ada },
    });
  const favorites = async () => embeddedPageData((await a.app.inject({ method: 'GET', url: `/s/${share}/`, headers: { cookie: ada } })).body).user?.favoriteMaterialIds;

  it('a logged-in learner likes a material and no longer does; the page names the liked ones', async () => {
    expect(await favorites()).toEqual([]);
    const liked = await like(true, false);
    expect([liked.statusCode, liked.json()]).toEqual([200, { data: { modelName: 'Material', id: 'm-liked', liked: true } }]);
    expect(await favorites()).toEqual(['m-liked']);
    expect((await like(true, false)).statusCode, 'the same request again changes nothing').toBe(200);
    expect(await favorites()).toEqual(['m-liked']);
    expect((await like(false, true)).statusCode).toBe(200);
    expect(await favorites()).toEqual([]);
  });

  it('a stale page is told (409); no login, another share’s material or none at all are refused and change nothing', async () => {
    expect((await like(true, false)).statusCode).toBe(200);
    const stale = await like(false, false);
    expect(stale.statusCode).toBe(409);
    expect(await favorites()).toEqual(['m-liked']);
    expect((await like(false, true, { as: undefined })).statusCode).toBe(403);
    expect((await like(false, true, { id: 'm-other' })).statusCode).toBe(404);
    expect((await like(false, true, { id: 'm-nowhere' })).statusCode).toBe(404);
    expect((await like(true, false, { shareId: publicShare, id: 'm-other', as: undefined })).statusCode).toBe(403);
    expect(await favorites()).toEqual(['m-liked']);
  });
});
