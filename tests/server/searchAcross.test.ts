import { beforeAll, describe, expect, it } from 'vitest';
import { Collection, Material, type MaterialInput } from '../../model/material';
import { mayView } from '../../model/permissions';
import { CollectionSearchAnswer } from '../../model/search';
import { CollectionsSearchAnswer, MaterialsFulltextAnswer } from '../../model/searchAcross';
import { ApiErrorBody } from '../../server/http/errors';
import { importFile } from '../../server/store/import';
import { rootsOpenTo } from '../../server/store/openRoots';
import { rootPermissions } from '../../server/store/permissions';
import type { UserAccount } from '../../server/store/users';
import { useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { addUser, login } from './learners';

/*
 * The search calls over what a caller may open (spec section 7: search/materials/fulltext,
 * search/collections, search): who finds what (listed shares for everyone, private ones by the
 * permission rules), the share each result opens through, paging, and the refusals; nothing of what a
 * caller may not open shows, not even in a count.
 */

type Permissions = MaterialInput['permissions'];

/** A material with one text holding `text` (no language: every word as it is). */
const material = (id: string, text: string, extra: Partial<MaterialInput> = {}): MaterialInput => ({
  modelName: 'Material',
  id,
  publicId: id,
  title: `Material ${id}`,
  content: [{ modelName: 'Text', id: `${id}-t`, content: { html: `<p>${text}</p>` } }],
  ...extra,
});

const collection = (id: string, title: string, items: MaterialInput[], extra: { description?: string; permissions?: Permissions } = {}) =>
  Collection.parse({ modelName: 'Collection', id, publicId: id, title, items: items.map((m, i) => ({ id: `${id}-item-${i}`, material: m })), ...extra });

const ADA_AND_STAFF: Permissions = [
  { modelName: 'UserPermission', user: 'ada@example.org', abilities: ['view'], inviteAccepted: true },
  { modelName: 'RolePermission', role: 'staff', abilities: ['view'] },
];
/** Ada only invited (not accepted: grants nothing), Zed granted. */
const ZED_ONLY: Permissions = [
  { modelName: 'UserPermission', user: 'ada@example.org', abilities: ['view'], inviteAccepted: false },
  { modelName: 'UserPermission', user: 'zed@example.org', abilities: ['view', 'invite'], inviteAccepted: true },
];
const STAFF_ONLY: Permissions = [{ modelName: 'RolePermission', role: 'staff', abilities: ['view'] }];
const EMPTY = { results: [], total: 0, totalIsLowerBound: false, hasMore: false };

describe.each(testDatabaseKinds)('search across what a caller may open on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => a.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const share = {} as Record<'open' | 'named' | 'zed' | 'public' | 'listed' | 'paging' | 'kOpen' | 'kStaff' | 'kPublic' | 'kListed', string>;
  const cookie = {} as Record<'ada' | 'bob' | 'carol', string>;
  const users = {} as Record<'ada' | 'bob' | 'carol' | 'zed', UserAccount>;
  const by = (who?: 'ada' | 'bob' | 'carol'): Record<string, string> => (who ? { cookie: cookie[who] } : {});

  const fulltext = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await post('/api/search/materials/fulltext', body, headers);
    expect(res.statusCode, res.body).toBe(200);
    return MaterialsFulltextAnswer.parse(res.json().data);
  };
  const collections = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await post('/api/search/collections', body, headers);
    expect(res.statusCode, res.body).toBe(200);
    return CollectionsSearchAnswer.parse(res.json().data);
  };
  /** Each hit as `element id → share it opens through`. */
  const hitsOf = (answer: MaterialsFulltextAnswer) => Object.fromEntries(answer.results.map((r) => [r.id, `${r.share.rootModelName} ${r.share.publicId}`]));
  const hitIds = (answer: MaterialsFulltextAnswer) => answer.results.map((r) => r.id).sort();
  const errorPaths = (res: { json: () => unknown }) => ApiErrorBody.parse(res.json()).errors.map((e) => e.path).sort();

  beforeAll(async () => {
    const privately = async (input: MaterialInput) => (await importFile(t.db, Material.parse(input), { share: 'private' })).share.publicId;
    share.open = await privately(material('x-open', 'Quellwasser fliesst offen'));
    share.named = await privately(material('x-named', 'Quellwasser für Ada und das Kollegium', { permissions: ADA_AND_STAFF }));
    share.zed = await privately(material('x-zed', 'Quellwasser und Zedgeheimnis', { permissions: ZED_ONLY }));
    share.public = (await importFile(t.db, Material.parse(material('x-public', 'Quellwasser öffentlich')), { share: 'public' })).share.publicId;
    share.listed = (await importFile(t.db, Material.parse(material('x-listed', 'Quellwasser gelistet')), { share: 'public', listed: true })).share.publicId;
    share.paging = await privately(
      material('x-paging', '', { content: Array.from({ length: 45 }, (_, i) => ({ modelName: 'Text', id: `x-paging-${i}`, content: { html: `<p>Blatt ${i}</p>` } })) }),
    );
    const kOpenItems = [material('k-math', 'Quellwasser rechnen', { metadata: { fach: 'Mathe' } }), material('k-deutsch', 'Quellwasser lesen', { metadata: { fach: 'Deutsch', tags: ['Wasser', 'Text'] } })];
    share.kOpen = (await importFile(t.db, collection('k-open', 'Sammlung Brunnen', kOpenItems, { description: '<p>Über Pumpen &amp; Rohre</p>' }), { share: 'private' })).share.publicId;
    const kStaffItems = [material('k-staff', 'Quellwasser im Kollegium', { metadata: { fach: 'Mathe' } })];
    share.kStaff = (await importFile(t.db, collection('k-staff-room', 'Lehrerzimmer', kStaffItems, { permissions: STAFF_ONLY }), { share: 'private' })).share.publicId;
    const kPublicItems = ['a', 'b', 'c'].map((s) => material(`p-${s}`, `Quellwasser öffentlich ${s}`, { metadata: { stufe: s.toUpperCase() } }));
    share.kPublic = (await importFile(t.db, collection('k-public', 'Offene Sammlung', kPublicItems), { share: 'public' })).share.publicId;
    share.kListed = (await importFile(t.db, collection('k-listed', 'Gästebuch', [material('g-a', 'Quellwasser für Gäste')]), { share: 'guest', listed: true })).share.publicId;
    users.ada = await addUser(t.db, 'ada@example.org');
    users.bob = await addUser(t.db, 'bob@example.org');
    users.carol = await addUser(t.db, 'carol@example.org');
    users.zed = await addUser(t.db, 'zed@example.org');
    await t.db.query(`UPDATE users SET roles = '{staff}' WHERE email = 'bob@example.org'`);
    users.bob = { ...users.bob, roles: ['staff'] };
    for (const who of ['ada', 'bob', 'carol'] as const) cookie[who] = await login(a.app, `${who}@example.org`);
  });

  it('opens to a caller the roots of listed shares, and to an account exactly the private ones mayView lets it open', async () => {
    const listed = (await t.db.query<{ root_id: string }>('SELECT DISTINCT root_id FROM shares WHERE listed')).map((r) => r.root_id);
    const privateRoots = (await t.db.query<{ root_id: string }>('SELECT DISTINCT root_id FROM shares WHERE private')).map((r) => r.root_id);
    expect(listed.sort()).toEqual(['k-listed', 'x-listed']);
    expect((await rootsOpenTo(t.db, null)).map((r) => r.rootId).sort()).toEqual(listed);
    for (const user of Object.values(users)) {
      const expected = [...listed];
      for (const root of privateRoots) if (mayView(await rootPermissions(t.db, root), user)) expected.push(root);
      expect((await rootsOpenTo(t.db, user)).map((r) => r.rootId).sort(), user.email).toEqual(expected.sort());
    }
    expect((await rootsOpenTo(t.db, users.ada)).map((r) => r.rootId).sort()).toEqual(['k-listed', 'k-open', 'x-listed', 'x-named', 'x-open', 'x-paging']);
  });

  describe('search/materials/fulltext', () => {
    it('finds the materials of listed shares for anyone, and an account’s private ones besides, each hit with the share it opens through', async () => {
      const listedHits = { 'x-listed-t': `Material ${share.listed}`, 'g-a-t': `Collection ${share.kListed}` };
      expect(hitsOf(await fulltext({ query: 'Quellwasser' }))).toEqual(listedHits);
      expect(hitsOf(await fulltext({ query: 'Quellwasser' }, by('ada')))).toEqual({
        ...listedHits,
        'x-open-t': `Material ${share.open}`,
        'x-named-t': `Material ${share.named}`,
        'k-math-t': `Collection ${share.kOpen}`,
        'k-deutsch-t': `Collection ${share.kOpen}`,
      });
      // A role permission lets bob into the staff's material and collection.
      const bob = await fulltext({ query: 'Quellwasser' }, by('bob'));
      expect(hitIds(bob)).toEqual(['g-a-t', 'k-deutsch-t', 'k-math-t', 'k-staff-t', 'x-listed-t', 'x-named-t', 'x-open-t']);
      expect(hitsOf(bob)['k-staff-t']).toBe(`Collection ${share.kStaff}`);
      // Roots without permissions open to every account.
      expect(hitIds(await fulltext({ query: 'Quellwasser' }, by('carol')))).toEqual(['g-a-t', 'k-deutsch-t', 'k-math-t', 'x-listed-t', 'x-open-t']);
    });

    it('answers hits as searchFulltext does (snippet, crumbs, anchor, barrier), plus the share', async () => {
      const [hit] = (await fulltext({ query: 'fliesst' }, by('carol'))).results;
      const direct = await post('/api/searchFulltext', { share: share.open, query: 'fliesst' }, by('carol'));
      expect(hit).toEqual({ ...direct.json().data.results[0], share: { publicId: share.open, rootModelName: 'Material' } });
      expect(hit).toMatchObject({ id: 'x-open-t', anchorId: 'x-open-t', barrierId: null, _formatted: { plainText: 'Quellwasser <mark>fliesst</mark> offen' } });
    });

    it('shows nothing of a private material to an account it does not let in, nor of an unlisted share to anyone who does not name it: no hit, title, snippet or count', async () => {
      for (const who of [undefined, 'ada', 'bob', 'carol'] as const) {
        expect((await post('/api/search/materials/fulltext', { query: 'Zedgeheimnis' }, by(who))).json().data, who).toEqual(EMPTY);
        expect((await post('/api/search/materials/fulltext', { query: 'öffentlich' }, by(who))).json().data, who).toEqual(EMPTY);
        const all = await fulltext({ query: 'Quellwasser', limit: 100 }, by(who));
        expect(all.total, who).toBe(all.results.length);
        const body = JSON.stringify(all);
        for (const hidden of ['Zedgeheimnis', 'x-zed', share.zed, 'öffentlich', share.public, share.kPublic]) expect(body, `${who} ${hidden}`).not.toContain(hidden);
      }
      expect(hitIds(await fulltext({ query: 'Zedgeheimnis' }, { cookie: await login(a.app, 'zed@example.org') }))).toEqual(['x-zed-t']);
    });

    it('pages by limit and offset as searchFulltext does, without losing or repeating a hit', async () => {
      const all = await fulltext({ query: 'Blatt', limit: 100 }, by('ada'));
      expect(all.total).toBe(45);
      const pages = await Promise.all([0, 20, 40].map((offset) => fulltext({ query: 'Blatt', limit: 20, offset }, by('ada'))));
      expect(pages.map((p) => [p.results.length, p.hasMore, p.total])).toEqual([[20, true, 45], [20, true, 45], [5, false, 45]]);
      expect(pages.flatMap((p) => p.results.map((r) => r.id))).toEqual(all.results.map((r) => r.id));
    });

    it('narrows to a material or a collection the caller may open; any other answers 404 exactly as one that exists nowhere', async () => {
      expect(hitIds(await fulltext({ query: 'Quellwasser', materialId: 'k-math' }, by('ada')))).toEqual(['k-math-t']);
      expect(hitIds(await fulltext({ query: 'Quellwasser', collectionId: 'k-open' }, by('ada')))).toEqual(['k-deutsch-t', 'k-math-t']);
      expect(hitIds(await fulltext({ query: 'Quellwasser', collectionId: 'k-staff-room' }, by('bob')))).toEqual(['k-staff-t']);
      expect(hitIds(await fulltext({ query: 'Quellwasser', collectionId: 'k-listed' }))).toEqual(['g-a-t']);
      const unknown = { materialId: await post('/api/search/materials/fulltext', { query: 'Quellwasser', materialId: 'no-such-material' }, by('ada')) };
      const unknownCollection = await post('/api/search/materials/fulltext', { query: 'Quellwasser', collectionId: 'no-such-collection' }, by('ada'));
      expect([unknown.materialId.statusCode, errorPaths(unknown.materialId), unknownCollection.statusCode, errorPaths(unknownCollection)]).toEqual([404, ['materialId'], 404, ['collectionId']]);
      for (const body of [{ materialId: 'x-zed' }, { materialId: 'x-public' }, { materialId: 'k-staff' }, { materialId: 'x-open-t' }, { collectionId: 'k-open', materialId: 'x-open' }]) {
        const res = await post('/api/search/materials/fulltext', { query: 'Quellwasser', ...body }, by('ada'));
        expect([res.statusCode, res.body], JSON.stringify(body)).toEqual([404, unknown.materialId.body]);
      }
      for (const [who, body] of [['ada', { collectionId: 'k-staff-room' }], ['ada', { collectionId: 'k-public' }], ['ada', { collectionId: 'x-open' }], [undefined, { collectionId: 'k-open' }]] as const) {
        const res = await post('/api/search/materials/fulltext', { query: 'Quellwasser', ...body }, by(who));
        expect([res.statusCode, res.body], JSON.stringify(body)).toEqual([404, unknownCollection.body]);
      }
    });

    it('searches what a named share covers for whoever may open it; a share one may not open answers as an unknown one', async () => {
      expect(hitsOf(await fulltext({ share: share.public, query: 'Quellwasser' }))).toEqual({ 'x-public-t': `Material ${share.public}` });
      expect(hitsOf(await fulltext({ share: share.kPublic, query: 'Quellwasser', materialId: 'p-b' }))).toEqual({ 'p-b-t': `Collection ${share.kPublic}` });
      expect(hitsOf(await fulltext({ share: share.named, query: 'Quellwasser' }, by('ada')))).toEqual({ 'x-named-t': `Material ${share.named}` });
      const unknown = await post('/api/search/materials/fulltext', { share: 'Q'.repeat(24), query: 'Quellwasser' });
      expect([unknown.statusCode, errorPaths(unknown)]).toEqual([404, ['share']]);
      for (const [who, shareId] of [[undefined, share.open], ['ada', share.zed], ['carol', share.named]] as const) {
        const res = await post('/api/search/materials/fulltext', { share: shareId, query: 'Quellwasser' }, by(who));
        expect([res.statusCode, res.body], `${who} ${shareId}`).toEqual([404, unknown.body]);
      }
      // A wordless query is answered empty to anyone, asking nothing.
      for (const query of ['', ' ?! ']) expect(await fulltext({ query, share: 'Q'.repeat(24) })).toEqual(EMPTY);
    });

    it('answers 400 with the path of each bad field', async () => {
      const res = await post('/api/search/materials/fulltext', { query: 5, limit: 0, offset: -1, filters: { fach: ['x'] }, page: 2 }, by('ada'));
      expect(res.statusCode).toBe(400);
      expect(errorPaths(res)).toEqual(['filters.fach', 'limit', 'offset', 'page', 'query']);
      expect(errorPaths(await post('/api/search/materials/fulltext', { query: 'x', limit: 101, share: 7, materialId: 'a b' }))).toEqual(['limit', 'materialId', 'share']);
    });
  });

  describe('search/collections', () => {
    const ids = (answer: CollectionsSearchAnswer) => answer.results.map((r) => r.id);

    it('lists the collections of listed shares and those whose private share the account may open, as cards with the share to open them through', async () => {
      expect(ids(await collections({}))).toEqual(['k-listed']);
      const ada = await collections({ query: 'Brunnen' }, by('ada'));
      expect(ada).toEqual({
        results: [{ id: 'k-open', publicId: 'k-open', title: 'Sammlung Brunnen', description: '<p>Über Pumpen &amp; Rohre</p>', created_at: expect.any(String), itemCount: 2, share: share.kOpen }],
        total: 1,
        hasMore: false,
        facetDistribution: { 'metadata.fach': { Mathe: 1, Deutsch: 1 }, 'metadata.tags': { Wasser: 1, Text: 1 } },
      });
      // Newest first by default; the unlisted public collection is nobody's to list.
      expect(ids(await collections({}, by('bob')))).toEqual(['k-listed', 'k-staff-room', 'k-open']);
      expect(ids(await collections({ sort: 'created_at:asc' }, by('bob')))).toEqual(['k-open', 'k-staff-room', 'k-listed']);
      expect(ids(await collections({ sort: 'title:asc' }, by('bob')))).toEqual(['k-listed', 'k-staff-room', 'k-open']);
      expect(ids(await collections({}, by('ada')))).toEqual(['k-listed', 'k-open']);
    });

    it("matches the query against title and description, filters and counts facets by the collections' materials, and pages", async () => {
      expect(ids(await collections({ query: 'Pumpe' }, by('bob')))).toEqual(['k-open']);
      expect(ids(await collections({ query: 'lehrer' }, by('bob')))).toEqual(['k-staff-room']);
      const hidden = await post('/api/search/collections', { query: 'Lehrerzimmer' }, by('ada'));
      expect(hidden.json().data).toEqual({ results: [], total: 0, hasMore: false, facetDistribution: {} });
      const maths = await collections({ filters: { 'metadata.fach': ['Mathe'] } }, by('bob'));
      expect([ids(maths), maths.facetDistribution]).toEqual([['k-staff-room', 'k-open'], { 'metadata.fach': { Mathe: 2, Deutsch: 1 }, 'metadata.tags': { Wasser: 1, Text: 1 } }]);
      const first = await collections({ limit: 1 }, by('bob'));
      const third = await collections({ limit: 1, offset: 2 }, by('bob'));
      expect([ids(first), first.hasMore, ids(third), third.hasMore, third.total]).toEqual([['k-listed'], true, ['k-open'], false, 3]);
    });

    it('searches the collection of a named share for whoever may open it; a share one may not open answers as an unknown one; bad fields 400', async () => {
      expect(ids(await collections({ share: share.kPublic }))).toEqual(['k-public']);
      expect(await collections({ share: share.public })).toEqual({ results: [], total: 0, hasMore: false, facetDistribution: {} });
      const unknown = await post('/api/search/collections', { share: 'Q'.repeat(24) }, by('ada'));
      expect([unknown.statusCode, errorPaths(unknown)]).toEqual([404, ['share']]);
      for (const [who, shareId] of [[undefined, share.kOpen], ['ada', share.kStaff]] as const) {
        const res = await post('/api/search/collections', { share: shareId }, by(who));
        expect([res.statusCode, res.body]).toEqual([404, unknown.body]);
      }
      const bad = await post('/api/search/collections', { sort: 'order:asc', limit: 0, offset: 1.5, filters: { 'metadata.fach': 'Mathe' }, page: 3 }, by('ada'));
      expect([bad.statusCode, errorPaths(bad)]).toEqual([400, ['filters.metadata.fach', 'limit', 'offset', 'page', 'sort']]);
    });
  });

  describe('search (a collection plus search params)', () => {
    const viaSearch = (body: Record<string, unknown>, headers: Record<string, string> = {}) => post('/api/search', body, headers);
    const viaCollection = (collectionShare: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      post(`/api/search/collection/${collectionShare}/materials`, body, headers);

    it("answers exactly what the collection's material search answers", async () => {
      const cases: Record<string, unknown>[] = [
        {},
        { limit: 2 },
        { limit: 2, offset: 2 },
        { limit: 1, offset: 2, sort: 'material.title:desc' },
        { query: 'Material p-b' },
        { filters: { 'metadata.stufe': ['A', 'C'] }, sort: 'created_at:asc' },
      ];
      for (const params of cases) {
        const res = await viaSearch({ collection: share.kPublic, ...params });
        expect(res.statusCode, res.body).toBe(200);
        const expected = await viaCollection(share.kPublic, params);
        expect(CollectionSearchAnswer.parse(res.json().data), JSON.stringify(params)).toEqual(CollectionSearchAnswer.parse(expected.json().data));
      }
      const second = CollectionSearchAnswer.parse((await viaSearch({ collection: share.kPublic, limit: 2, offset: 2 })).json().data);
      expect([second.items.map((i) => i.id), second.total, second.hasMore]).toEqual([['k-public-item-2'], 3, false]);
    });

    it('refuses as the collection material search does, and names each bad field', async () => {
      for (const [who, collectionShare] of [[undefined, share.kOpen], ['ada', share.kOpen], ['ada', share.kStaff], [undefined, 'Q'.repeat(24)], [undefined, share.public]] as const) {
        const [res, expected] = [await viaSearch({ collection: collectionShare }, by(who)), await viaCollection(collectionShare, {}, by(who))];
        expect([res.statusCode, res.body], `${who} ${collectionShare}`).toEqual([expected.statusCode, expected.body]);
      }
      expect((await viaSearch({ collection: share.kStaff }, by('ada'))).body).not.toContain('Lehrerzimmer');
      const res = await viaSearch({ sort: 'title:asc', limit: 101, page: 0 });
      expect([res.statusCode, errorPaths(res)]).toEqual([400, ['collection', 'limit', 'page', 'sort']]);
    });
  });
});
