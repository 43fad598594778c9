import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Annotation, AnnotationList, Comment } from '../../model/annotation';
import { normalizeRichText, RICH_TEXT_LIMITS, type RichTextDoc } from '../../model/richTextDoc';
import { GuestSessionId } from '../../model/tracking';
import { SESSION_COOKIE } from '../../server/auth/sessionCookie';
import { ApiErrorBody } from '../../server/http/errors';
import { MAX_JSON_DEPTH } from '../../server/http/storableJson';
import { COMMENTS_OFF_MESSAGE, CONFLICT_MESSAGE } from '../../server/routes/annotations';
import { avatarHashOf } from '../../server/store/annotations';
import { importFile } from '../../server/store/import';
import { countedRequests, databaseFingerprint } from '../security/countedRequests';
import { logLines } from '../security/logLines';
import { useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { richMaterial, smallCollection, smallMaterial } from './fixtures';
import { addUser, login, newGuestLikeId } from './learners';
import { annotationCreateBody, noteOf } from './annotationBodies';

/*
 * Issue 12, part 2: annotations and comments as models (spec section 7: model/create with relations
 * and appendTo, model/update with newValues and oldValues, model/delete, the annotations call), on
 * PGlite and PostgreSQL. Who may do what (spec section 6) is checked by the server: every refused call
 * leaves every writable table as it was; a stale update answers 409; hostile documents are refused at
 * their path or stored cleaned, and the stored html carries no script.
 */

type ShareKey = 'public' | 'private' | 'guest' | 'scorm' | 'preview' | 'otherGuest' | 'collection';
type Headers = Record<string, string>;

const FLAGS = { FULLTEXT_SEARCH: false, USE_GRAVATAR: false, PRIVATE_MODE: false, GENERATIVE_FEEDBACK: false, ERROR_REPORTING: false };

/** A bullet list nested `depth` deep. */
const nestedList = (depth: number): unknown =>
  depth === 0
    ? { type: 'paragraph', content: [{ type: 'text', text: 'x' }] }
    : { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph' }, nestedList(depth - 1)] }] };

/** Tags of an html text (text is escaped, so every `<` starts one). */
const tagsOf = (html: string) => html.match(/<[^>]*>/g) ?? [];

describe.each(testDatabaseKinds)('annotations on %s', (kind) => {
  const t = useTestDatabase(kind);
  const log = logLines();
  const a = useTestApp(() => t.db, { featureFlags: { ...FLAGS, ANNOTATION_COMMENTS: true }, logger: { level: 'warn', stream: log.stream } });
  /** The same database served with ANNOTATION_COMMENTS off. */
  const off = useTestApp(() => t.db, { featureFlags: { ...FLAGS, ANNOTATION_COMMENTS: false } });
  /** … with the avatar service (USE_GRAVATAR), and with it in private mode (PRIVATE_MODE: never the service). */
  const gravatar = useTestApp(() => t.db, { featureFlags: { ...FLAGS, ANNOTATION_COMMENTS: true, USE_GRAVATAR: true } });
  const gravatarPrivate = useTestApp(() => t.db, { featureFlags: { ...FLAGS, ANNOTATION_COMMENTS: true, USE_GRAVATAR: true, PRIVATE_MODE: true } });
  const { counts, send } = countedRequests(() => a.app);
  const share = {} as Record<ShareKey, string>;
  const guest = {} as Record<'grace' | 'hedy' | 'ada' | 'sophie', string>;
  const cookie = {} as Record<'alice' | 'bob' | 'forged', string>;

  const post = (url: string, payload: unknown, headers: Headers = {}) => send({ method: 'POST', url, payload: payload as object, headers });
  const errors = (res: { json: () => unknown }) => ApiErrorBody.parse(res.json()).errors;
  const fingerprint = () => databaseFingerprint(t.db);
  const newGuest = async (sharePublicId: string, name: string) => {
    const res = await post('/api/guest', { name, publicId: sharePublicId });
    expect(res.statusCode).toBe(200);
    return GuestSessionId.parse(res.json().data.publicId);
  };

  const commentBody = (annotationId: string, guestSessionId: string | null, text = 'A comment', extra: Record<string, unknown> = {}) => ({
    model: { modelName: 'Comment', content: noteOf(text) },
    relations: {},
    appendTo: { id: annotationId, modelName: 'Annotation', attribute: 'comments' },
    guestSessionId,
    ...extra,
  });
  const updateBody = (modelName: 'Annotation' | 'Comment', id: string, oldDoc: RichTextDoc, newDoc: RichTextDoc, guestSessionId: string | null) => {
    const field = modelName === 'Annotation' ? 'note' : 'content';
    return { model: { id, modelName }, newValues: { [field]: newDoc }, oldValues: { [field]: oldDoc }, guestSessionId };
  };
  const deleteBody = (modelName: 'Annotation' | 'Comment', id: string, guestSessionId: string | null) => ({ model: { id, modelName }, guestSessionId });
  const listBody = (shareId: string, guestSessionId: string | null, extra: Record<string, unknown> = {}) => ({ share: shareId, materialId: 'm-rich', guestSessionId, ...extra });

  const create = async (shareId: string, guestSessionId: string | null, headers: Headers = {}, model: Record<string, unknown> = {}) => {
    const res = await post('/api/model/create', annotationCreateBody(shareId, guestSessionId, model), headers);
    expect(res.statusCode, res.body).toBe(200);
    return z.parse(Annotation, res.json().data);
  };
  const comment = async (annotationId: string, guestSessionId: string | null, headers: Headers = {}, text = 'A comment') => {
    const res = await post('/api/model/create', commentBody(annotationId, guestSessionId, text), headers);
    expect(res.statusCode, res.body).toBe(200);
    return z.parse(Comment, res.json().data);
  };
  const list = async (shareId: string, guestSessionId: string | null, headers: Headers = {}, extra: Record<string, unknown> = {}) => {
    const res = await post('/api/annotations', listBody(shareId, guestSessionId, extra), headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return z.parse(AnnotationList, res.json().data);
  };

  beforeAll(async () => {
    for (const k of ['public', 'private', 'guest', 'scorm', 'preview'] as const) share[k] = (await importFile(t.db, richMaterial, { share: k })).share.publicId;
    share.otherGuest = (await importFile(t.db, smallMaterial('ann-other'), { share: 'guest' })).share.publicId;
    share.collection = (await importFile(t.db, smallCollection('ann', [smallMaterial('ann-in')]), { share: 'guest' })).share.publicId;
    await addUser(t.db, 'alice@example.org', { firstname: 'Alice', lastname: 'Liddell' });
    await addUser(t.db, 'bob@example.org', { firstname: 'Bob' });
    cookie.alice = await login(a.app, 'alice@example.org');
    cookie.bob = await login(a.app, 'bob@example.org');
    cookie.forged = `${SESSION_COOKIE}=${'F'.repeat(43)}`;
    guest.grace = await newGuest(share.guest, 'Grace Mine');
    guest.hedy = await newGuest(share.guest, 'Hedy Neighbour');
    guest.ada = await newGuest(share.otherGuest, 'Ada Elsewhere');
    guest.sophie = await newGuest(share.scorm, 'Sophie Scorm');
  });
  afterAll(() => {
    console.log(`annotations on ${kind}: ${counts.tried} requests, ${counts.refused} refused, ${counts.serverErrors} × 5xx`);
  });

  describe('as a guest', () => {
    it('creates, lists, updates and deletes an annotation; other guests of the share see it, never its owner id', async () => {
      const created = await create(share.guest, guest.grace);
      expect(created).toMatchObject({
        modelName: 'Annotation',
        owner: { kind: 'guest', name: 'Grace Mine' },
        own: true,
        text: 'Hello',
        from: 0,
        to: 5,
        reference: 'm-rich-text',
        note: noteOf('My note'),
        noteHtml: '<p>My note</p>',
        comments: [],
        metadata: { shareId: share.guest, path: 'chapter-one', materialId: 'm-rich' },
      });
      expect(created.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
      const [row] = await t.db.query<{ guest_session_id: string; user_id: string | null }>('SELECT guest_session_id, user_id FROM annotations WHERE id = $1', [created.id]);
      expect(row).toEqual({ guest_session_id: guest.grace, user_id: null });

      const mine = (await list(share.guest, guest.grace)).find((x) => x.id === created.id);
      expect(mine).toEqual(created);
      const res = await post('/api/annotations', listBody(share.guest, guest.hedy));
      const theirs = z.parse(AnnotationList, res.json().data).find((x) => x.id === created.id);
      expect(theirs).toEqual({ ...created, own: false });
      expect(res.body).not.toContain(guest.grace);

      const updated = await post('/api/model/update', updateBody('Annotation', created.id, created.note, noteOf('Better note'), guest.grace));
      expect(updated.statusCode, updated.body).toBe(200);
      const after = z.parse(Annotation, updated.json().data);
      expect(after).toMatchObject({ note: noteOf('Better note'), noteHtml: '<p>Better note</p>', own: true });
      expect(new Date(after.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.updated_at).getTime());
      expect((await list(share.guest, guest.grace)).find((x) => x.id === created.id)?.noteHtml).toBe('<p>Better note</p>');

      const deleted = await post('/api/model/delete', deleteBody('Annotation', created.id, guest.grace));
      expect([deleted.statusCode, deleted.json()]).toEqual([200, { data: null }]);
      expect((await list(share.guest, guest.grace)).some((x) => x.id === created.id)).toBe(false);
      expect(await t.db.query('SELECT id FROM annotations WHERE id = $1', [created.id])).toEqual([]);
    });

    it('annotates on a scorm share with its guest session, and on a material of a collection share', async () => {
      expect((await create(share.scorm, guest.sophie)).owner).toEqual({ kind: 'guest', name: 'Sophie Scorm' });
      const collectionGuest = await newGuest(share.collection, 'Carl Collection');
      const inCollection = await post('/api/model/create', annotationCreateBody(share.collection, collectionGuest, { reference: 'm-ann-in-t1' }, { materialId: 'm-ann-in', path: '' }));
      expect(inCollection.statusCode, inCollection.body).toBe(200);
      expect(z.parse(AnnotationList, (await post('/api/annotations', { share: share.collection, materialId: 'm-ann-in', guestSessionId: collectionGuest })).json().data)).toHaveLength(1);
    });

    it('keeps an annotation without a note as an empty document', async () => {
      const body = annotationCreateBody(share.guest, guest.grace);
      delete (body.model as Record<string, unknown>).note;
      const res = await post('/api/model/create', body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ note: { type: 'doc', content: [{ type: 'paragraph' }] }, noteHtml: '<p></p>' });
    });
  });

  describe('as a logged-in user on a private share', () => {
    it('creates, lists, updates and deletes; other users see it read-only; the owner shows by name, never by email', async () => {
      const created = await create(share.private, null, { cookie: cookie.alice });
      expect(created).toMatchObject({ owner: { kind: 'user', name: 'Alice Liddell' }, own: true });
      const asBob = await post('/api/annotations', listBody(share.private, null), { cookie: cookie.bob });
      expect(asBob.statusCode).toBe(200);
      expect(z.parse(AnnotationList, asBob.json().data).find((x) => x.id === created.id)?.own).toBe(false);
      expect(asBob.body).not.toContain('alice@example.org');

      const updated = await post('/api/model/update', updateBody('Annotation', created.id, created.note, noteOf('Alice wrote'), null), { cookie: cookie.alice });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data.noteHtml).toBe('<p>Alice wrote</p>');
      const deleted = await post('/api/model/delete', deleteBody('Annotation', created.id, null), { cookie: cookie.alice });
      expect(deleted.statusCode).toBe(200);
      expect((await list(share.private, null, { cookie: cookie.alice })).some((x) => x.id === created.id)).toBe(false);
    });

    it('lists newest first by default, oldest first with sort asc', async () => {
      const first = await create(share.private, null, { cookie: cookie.bob }, { text: 'first' });
      const second = await create(share.private, null, { cookie: cookie.bob }, { text: 'second' });
      const ids = (items: Annotation[]) => items.map((x) => x.id).filter((id) => id === first.id || id === second.id);
      expect(ids(await list(share.private, null, { cookie: cookie.bob }))).toEqual([second.id, first.id]);
      expect(ids(await list(share.private, null, { cookie: cookie.bob }, { sort: 'desc' }))).toEqual([second.id, first.id]);
      expect(ids(await list(share.private, null, { cookie: cookie.bob }, { sort: 'asc' }))).toEqual([first.id, second.id]);
      expect((await post('/api/annotations', listBody(share.private, null, { sort: 'newest' }), { cookie: cookie.bob })).statusCode).toBe(400);
    });
  });

  describe('the annotations call without a body (spec section 7: none)', () => {
    const bare = (query: Record<string, string>, headers: Headers = {}) => post(`/api/annotations?${new URLSearchParams(query)}`, undefined, headers);

    it("lists as the call with a body does, with the spec's defaults (the share's material, newest first), with or without Content-Type", async () => {
      await create(share.private, null, { cookie: cookie.alice }, { text: 'older' });
      await create(share.private, null, { cookie: cookie.bob }, { text: 'newer' });
      const expected = await list(share.private, null, { cookie: cookie.bob });
      expect(expected.length).toBeGreaterThanOrEqual(2);
      for (const headers of [{ cookie: cookie.bob }, { cookie: cookie.bob, 'content-type': 'application/json' }] as Headers[]) {
        const res = await bare({ share: share.private }, headers);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(z.parse(AnnotationList, res.json().data)).toEqual(expected);
      }
      const asc = await bare({ share: share.private, sort: 'asc' }, { cookie: cookie.bob });
      expect(z.parse(AnnotationList, asc.json().data)).toEqual(await list(share.private, null, { cookie: cookie.bob }, { sort: 'asc' }));
      await create(share.guest, guest.grace);
      const asGuest = await bare({ share: share.guest, guestSessionId: guest.hedy });
      expect(asGuest.statusCode, asGuest.body).toBe(200);
      expect(z.parse(AnnotationList, asGuest.json().data)).toEqual(await list(share.guest, guest.hedy));
    });

    it('names what is missing or wrong: the share, the material of a collection share, a bad parameter', async () => {
      const collectionGuest = await newGuest(share.collection, 'Cora Collection');
      const cases: [Record<string, string>, number, string | undefined][] = [
        [{}, 400, 'share'],
        [{ share: share.collection, guestSessionId: collectionGuest }, 400, 'materialId'],
        [{ share: share.collection, guestSessionId: collectionGuest, materialId: 'm-ann-in' }, 200, undefined],
        [{ share: share.guest, guestSessionId: guest.grace, sort: 'newest' }, 400, 'sort'],
        [{ share: share.guest, guestSessionId: guest.grace, page: '2' }, 400, 'page'],
      ];
      for (const [query, status, path] of cases) {
        const res = await bare(query);
        expect(res.statusCode, `${JSON.stringify(query)}: ${res.body}`).toBe(status);
        if (path) expect(errors(res)[0]?.path).toBe(path);
      }
      expect((await post('/api/annotations', '', { 'content-type': 'application/json' })).statusCode, 'an empty body is no body: the share is missing').toBe(400);
    });
  });

  describe('comments', () => {
    it("appends comments to the annotation, oldest first; only a comment's owner edits or deletes it", async () => {
      const annotation = await create(share.guest, guest.grace);
      const hedys = await comment(annotation.id, guest.hedy, {}, 'Hedy says');
      expect(hedys).toMatchObject({ modelName: 'Comment', owner: { kind: 'guest', name: 'Hedy Neighbour' }, own: true, content: noteOf('Hedy says'), contentHtml: '<p>Hedy says</p>' });
      // An index is taken and changes nothing: comments stay in the order they were written.
      const res = await post('/api/model/create', { ...commentBody(annotation.id, guest.grace, 'Grace answers'), appendTo: { id: annotation.id, modelName: 'Annotation', attribute: 'comments', index: 0 } });
      expect(res.statusCode, res.body).toBe(200);
      const graces = z.parse(Comment, res.json().data);

      const seenByGrace = (await list(share.guest, guest.grace)).find((x) => x.id === annotation.id);
      expect(seenByGrace?.comments.map((c) => [c.id, c.own])).toEqual([
        [hedys.id, false],
        [graces.id, true],
      ]);

      const edited = await post('/api/model/update', updateBody('Comment', hedys.id, hedys.content, noteOf('Hedy says more'), guest.hedy));
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data).toMatchObject({ content: noteOf('Hedy says more'), contentHtml: '<p>Hedy says more</p>' });

      const before = await fingerprint();
      expect((await post('/api/model/update', updateBody('Comment', hedys.id, noteOf('Hedy says more'), noteOf('Grace edits'), guest.grace))).statusCode).toBe(404);
      expect((await post('/api/model/delete', deleteBody('Comment', hedys.id, guest.grace))).statusCode).toBe(404);
      expect(await fingerprint()).toBe(before);

      expect((await post('/api/model/delete', deleteBody('Comment', hedys.id, guest.hedy))).statusCode).toBe(200);
      expect((await list(share.guest, guest.hedy)).find((x) => x.id === annotation.id)?.comments.map((c) => c.id)).toEqual([graces.id]);
    });

    it('lets logged-in users comment on annotations of a private share', async () => {
      const annotation = await create(share.private, null, { cookie: cookie.alice });
      const bobs = await comment(annotation.id, null, { cookie: cookie.bob }, 'Bob agrees');
      expect(bobs.owner).toEqual({ kind: 'user', name: 'Bob' });
      expect((await list(share.private, null, { cookie: cookie.alice })).find((x) => x.id === annotation.id)?.comments).toEqual([{ ...bobs, own: false }]);
    });

    it('refuses an empty comment with a 400 at its content', async () => {
      const annotation = await create(share.guest, guest.grace);
      const before = await fingerprint();
      for (const content of [{ type: 'doc' }, noteOf(''), noteOf('   ', ''), { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'hardBreak' }] }] }]) {
        const res = await post('/api/model/create', { ...commentBody(annotation.id, guest.hedy), model: { modelName: 'Comment', content } });
        expect(res.statusCode).toBe(400);
        expect(errors(res)).toEqual([{ path: 'model.content', message: 'A comment needs some text' }]);
      }
      const hedys = await comment(annotation.id, guest.hedy);
      const emptied = await post('/api/model/update', updateBody('Comment', hedys.id, hedys.content, noteOf(' '), guest.hedy));
      expect([emptied.statusCode, errors(emptied)[0].path]).toEqual([400, 'newValues.content']);
      expect((await t.db.query('SELECT count(*)::int AS n FROM comments WHERE annotation_id = $1', [annotation.id]))[0]).toEqual({ n: 1 });
      expect(before).not.toBe(await fingerprint());
    });

    it('deletes the comments of a deleted annotation', async () => {
      const annotation = await create(share.guest, guest.grace);
      await comment(annotation.id, guest.hedy);
      await comment(annotation.id, guest.grace);
      expect((await post('/api/model/delete', deleteBody('Annotation', annotation.id, guest.grace))).statusCode).toBe(200);
      expect(await t.db.query('SELECT id FROM comments WHERE annotation_id = $1', [annotation.id])).toEqual([]);
    });

    it('with ANNOTATION_COMMENTS off: no comment is written, changed or deleted (403), and none is shown', async () => {
      const annotation = await create(share.guest, guest.grace);
      const hedys = await comment(annotation.id, guest.hedy);
      const before = await fingerprint();
      const offPost = (url: string, payload: unknown) => off.app.inject({ method: 'POST', url, payload: payload as object });
      for (const [url, body] of [
        ['/api/model/create', commentBody(annotation.id, guest.hedy)],
        ['/api/model/update', updateBody('Comment', hedys.id, hedys.content, noteOf('changed'), guest.hedy)],
        ['/api/model/delete', deleteBody('Comment', hedys.id, guest.hedy)],
      ] as const) {
        const res = await offPost(url, body);
        expect(res.statusCode, url).toBe(403);
        expect(errors(res)).toEqual([{ path: 'model.modelName', message: COMMENTS_OFF_MESSAGE }]);
      }
      expect(await fingerprint()).toBe(before);
      const listed = await offPost('/api/annotations', listBody(share.guest, guest.grace));
      expect(z.parse(AnnotationList, listed.json().data).find((x) => x.id === annotation.id)?.comments).toEqual([]);
      // Annotations themselves stay available.
      expect((await offPost('/api/model/update', updateBody('Annotation', annotation.id, annotation.note, noteOf('still mine'), guest.grace))).statusCode).toBe(200);
    });
  });

  describe('avatars (spec sections 6 and 7: USE_GRAVATAR, PRIVATE_MODE)', () => {
    /** The avatar service's hash of an address: SHA-256 of the trimmed, lower-cased address, hex. */
    const sha256 = (email: string) => createHash('sha256').update(email).digest('hex');
    const via = (app: { app: { inject: (o: object) => Promise<{ statusCode: number; body: string; json: () => any }> } }) => (url: string, payload: unknown, headers: Headers = {}) =>
      app.app.inject({ method: 'POST', url, payload: payload as object, headers });

    it('with USE_GRAVATAR users carry the hash of their address (never the address) on annotations and comments; guests none', async () => {
      const send = via(gravatar);
      const created = await send('/api/model/create', annotationCreateBody(share.private, null), { cookie: cookie.alice });
      expect(created.statusCode, created.body).toBe(200);
      expect(z.parse(Annotation, created.json().data).owner).toEqual({ kind: 'user', name: 'Alice Liddell', avatarHash: sha256('alice@example.org') });
      const commented = await send('/api/model/create', commentBody(created.json().data.id, null, 'Bob agrees'), { cookie: cookie.bob });
      expect(commented.statusCode, commented.body).toBe(200);
      expect(commented.json().data.owner).toEqual({ kind: 'user', name: 'Bob', avatarHash: sha256('bob@example.org') });
      const updated = await send('/api/model/update', updateBody('Annotation', created.json().data.id, noteOf('My note'), noteOf('Changed'), null), { cookie: cookie.alice });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data.owner.avatarHash).toBe(sha256('alice@example.org'));

      const listed = await send('/api/annotations', listBody(share.private, null), { cookie: cookie.bob });
      const mine = z.parse(AnnotationList, listed.json().data).find((x) => x.id === created.json().data.id)!;
      expect(mine.owner.avatarHash).toBe(sha256('alice@example.org'));
      expect(mine.comments.map((c) => c.owner.avatarHash)).toEqual([sha256('bob@example.org')]);
      expect(listed.body).not.toMatch(/@example\.org/);

      const guests = await send('/api/model/create', annotationCreateBody(share.guest, guest.grace));
      expect(guests.statusCode, guests.body).toBe(200);
      expect(guests.json().data.owner).toEqual({ kind: 'guest', name: 'Grace Mine' });
      expect(avatarHashOf('  Alice@Example.ORG ')).toBe(sha256('alice@example.org'));
    });

    it('without USE_GRAVATAR, and with PRIVATE_MODE, no owner carries a hash', async () => {
      const created = await create(share.private, null, { cookie: cookie.alice });
      expect(created.owner).toEqual({ kind: 'user', name: 'Alice Liddell' });
      await comment(created.id, null, { cookie: cookie.bob });
      for (const app of [a, off, gravatarPrivate]) {
        const send = via(app);
        const listed = await send('/api/annotations', listBody(share.private, null), { cookie: cookie.alice });
        expect(listed.statusCode, listed.body).toBe(200);
        expect(listed.body).not.toContain('avatarHash');
        const commented = await send('/api/model/create', commentBody(created.id, null), { cookie: cookie.alice });
        expect(commented.body).not.toContain('avatarHash');
        const edited = await send('/api/model/update', updateBody('Annotation', created.id, created.note, created.note, null), { cookie: cookie.alice });
        expect([edited.statusCode, edited.body.includes('avatarHash')]).toEqual([200, false]);
      }
    });
  });

  describe('the authorisation matrix', () => {
    /** What there is to protect: an annotation of each owner, each with a comment. */
    const target = {} as Record<'grace' | 'hedy' | 'alice' | 'ada', Annotation> & { hedyComment: Comment; aliceComment: Comment };

    beforeAll(async () => {
      target.grace = await create(share.guest, guest.grace);
      target.hedy = await create(share.guest, guest.hedy);
      target.alice = await create(share.private, null, { cookie: cookie.alice });
      const adaRes = await post('/api/model/create', annotationCreateBody(share.otherGuest, guest.ada, { reference: 'm-ann-other-t1' }, { materialId: 'm-ann-other' }));
      expect(adaRes.statusCode, adaRes.body).toBe(200);
      target.ada = z.parse(Annotation, adaRes.json().data);
      target.hedyComment = await comment(target.grace.id, guest.hedy);
      target.aliceComment = await comment(target.alice.id, null, { cookie: cookie.alice });
    });

    interface Case {
      name: string;
      url: string;
      body: unknown;
      headers?: Headers;
      status: number;
      /** Where the refusal points (the first error's path), when it matters. */
      path?: string;
    }

    const cases = (): Case[] => {
      const unknownGuest = newGuestLikeId();
      const create = (shareId: string, guestSessionId: string | null, headers: Headers = {}) => ({ url: '/api/model/create', body: annotationCreateBody(shareId, guestSessionId), headers });
      const update = (x: { id: string; note?: RichTextDoc }, guestSessionId: string | null, headers: Headers = {}) => ({
        url: '/api/model/update',
        body: updateBody('Annotation', x.id, x.note ?? noteOf('My note'), noteOf('Overwritten'), guestSessionId),
        headers,
      });
      const remove = (id: string, guestSessionId: string | null, headers: Headers = {}, modelName: 'Annotation' | 'Comment' = 'Annotation') => ({
        url: '/api/model/delete',
        body: deleteBody(modelName, id, guestSessionId),
        headers,
      });
      const reply = (annotationId: string, guestSessionId: string | null, headers: Headers = {}) => ({ url: '/api/model/create', body: commentBody(annotationId, guestSessionId), headers });
      const read = (shareId: string, guestSessionId: string | null, headers: Headers = {}) => ({ url: '/api/annotations', body: listBody(shareId, guestSessionId), headers });
      /** The annotations call without a body: its parameters in the query (spec section 7). */
      const readBare = (query: Record<string, string>, headers: Headers = {}) => ({ url: `/api/annotations?${new URLSearchParams(query)}`, body: undefined, headers });
      return [
        // Annotating: only a login on a private share, or a guest session of the guest/scorm share.
        { name: 'anonymous: annotate a private share', ...create(share.private, null), status: 403, path: 'model.metadata.shareId' },
        { name: 'forged login: annotate a private share', ...create(share.private, null, { cookie: cookie.forged }), status: 403, path: 'model.metadata.shareId' },
        { name: 'a guest session on a private share', ...create(share.private, guest.grace), status: 403, path: 'model.metadata.shareId' },
        { name: 'a logged-in user sending a guest session on a private share', ...create(share.private, guest.grace, { cookie: cookie.alice }), status: 403, path: 'guestSessionId' },
        { name: 'anonymous: annotate a guest share without a guest session', ...create(share.guest, null), status: 403, path: 'guestSessionId' },
        { name: 'a logged-in user on a guest share without a guest session', ...create(share.guest, null, { cookie: cookie.alice }), status: 403, path: 'guestSessionId' },
        { name: "another share's guest: annotate this share", ...create(share.guest, guest.ada), status: 403, path: 'guestSessionId' },
        { name: 'a scorm guest: annotate the guest share', ...create(share.guest, guest.sophie), status: 403, path: 'guestSessionId' },
        { name: 'an unknown guest session: annotate', ...create(share.guest, unknownGuest), status: 403, path: 'guestSessionId' },
        ...(['public', 'preview'] as const).flatMap((k): Case[] => [
          { name: `anonymous: annotate a ${k} share`, ...create(share[k], null), status: 403 },
          { name: `logged in: annotate a ${k} share`, ...create(share[k], null, { cookie: cookie.alice }), status: 403 },
          { name: `a guest session of another share: annotate a ${k} share`, ...create(share[k], guest.grace), status: 403 },
          { name: `anonymous: read the annotations of a ${k} share`, ...read(share[k], null), status: 403 },
        ]),
        { name: 'an unknown share', ...create('U'.repeat(24), guest.grace), status: 404, path: 'model.metadata.shareId' },
        { name: "a material the share does not cover", url: '/api/model/create', body: annotationCreateBody(share.guest, guest.grace, { reference: 'm-ann-other-t1' }, { materialId: 'm-ann-other' }), status: 404, path: 'model.metadata.materialId' },
        { name: 'an element of another material', url: '/api/model/create', body: annotationCreateBody(share.guest, guest.grace, { reference: 'm-ann-other-t1' }), status: 404, path: 'model.reference' },
        { name: 'an owner in the body', url: '/api/model/create', body: annotationCreateBody(share.guest, guest.grace, { owner: { kind: 'user', name: 'Alice Liddell' } }), status: 400, path: 'model.owner' },
        { name: 'relations naming an owner', url: '/api/model/create', body: { ...annotationCreateBody(share.guest, guest.grace), relations: { owner: { id: guest.hedy, modelName: 'GuestSession' } } }, status: 400, path: 'relations.owner' },
        // Reading: the share's learners only.
        { name: 'anonymous: read a private share', ...read(share.private, null), status: 403 },
        { name: 'forged login: read a private share', ...read(share.private, null, { cookie: cookie.forged }), status: 403 },
        { name: 'anonymous: read a guest share', ...read(share.guest, null), status: 403, path: 'guestSessionId' },
        { name: "another share's guest: read this share", ...read(share.guest, guest.ada), status: 403, path: 'guestSessionId' },
        { name: 'a logged-in user: read a guest share', ...read(share.guest, null, { cookie: cookie.alice }), status: 403 },
        { name: 'no body, anonymous: read a private share', ...readBare({ share: share.private }), status: 403 },
        { name: 'no body, forged login: read a private share', ...readBare({ share: share.private }, { cookie: cookie.forged }), status: 403 },
        { name: 'no body, anonymous: read a guest share', ...readBare({ share: share.guest }), status: 403, path: 'guestSessionId' },
        { name: "no body, another share's guest: read this share", ...readBare({ share: share.guest, guestSessionId: guest.ada }), status: 403, path: 'guestSessionId' },
        { name: 'no body, a logged-in user: read a guest share', ...readBare({ share: share.guest }, { cookie: cookie.alice }), status: 403 },
        { name: 'no body, anonymous: read a public share', ...readBare({ share: share.public }), status: 403 },
        { name: 'no body, logged in: read a preview share', ...readBare({ share: share.preview }, { cookie: cookie.alice }), status: 403 },
        { name: 'no body: a material the share does not cover', ...readBare({ share: share.guest, guestSessionId: guest.grace, materialId: 'm-ann-other' }), status: 404, path: 'materialId' },
        // Editing and deleting: the owner alone; not-yours answers like unknown (404).
        { name: "another guest: edit grace's annotation", ...update(target.grace, guest.hedy), status: 404, path: 'model.id' },
        { name: "another share's guest: edit grace's annotation", ...update(target.grace, guest.ada), status: 404, path: 'model.id' },
        { name: "a logged-in user: edit grace's annotation", ...update(target.grace, null, { cookie: cookie.alice }), status: 404, path: 'model.id' },
        { name: "another user: edit alice's annotation", ...update(target.alice, null, { cookie: cookie.bob }), status: 404, path: 'model.id' },
        { name: "a guest: edit alice's annotation", ...update(target.alice, guest.grace), status: 404, path: 'model.id' },
        { name: "anonymous: edit alice's annotation", ...update(target.alice, null), status: 403 },
        { name: "forged login: edit alice's annotation", ...update(target.alice, null, { cookie: cookie.forged }), status: 403 },
        { name: 'an unknown guest session: edit', ...update(target.grace, unknownGuest), status: 403, path: 'guestSessionId' },
        { name: "another guest: delete grace's annotation", ...remove(target.grace.id, guest.hedy), status: 404, path: 'model.id' },
        { name: "another user: delete alice's annotation", ...remove(target.alice.id, null, { cookie: cookie.bob }), status: 404, path: 'model.id' },
        { name: "anonymous: delete alice's annotation", ...remove(target.alice.id, null), status: 403 },
        { name: "grace: delete hedy's comment on grace's own annotation", ...remove(target.hedyComment.id, guest.grace, {}, 'Comment'), status: 404, path: 'model.id' },
        { name: "bob: delete alice's comment", ...remove(target.aliceComment.id, null, { cookie: cookie.bob }, 'Comment'), status: 404, path: 'model.id' },
        { name: "alice: delete her annotation's id as a Comment", ...remove(target.alice.id, null, { cookie: cookie.alice }, 'Comment'), status: 404, path: 'model.id' },
        {
          name: "grace: edit hedy's comment",
          url: '/api/model/update',
          body: updateBody('Comment', target.hedyComment.id, target.hedyComment.content, noteOf('Overwritten'), guest.grace),
          status: 404,
          path: 'model.id',
        },
        // Commenting: a learner of the annotation's share.
        { name: "another share's guest: comment on grace's annotation", ...reply(target.grace.id, guest.ada), status: 404, path: 'appendTo.id' },
        { name: "a logged-in user: comment on grace's annotation (a guest share)", ...reply(target.grace.id, null, { cookie: cookie.alice }), status: 404, path: 'appendTo.id' },
        { name: "a guest: comment on alice's annotation (a private share)", ...reply(target.alice.id, guest.grace), status: 404, path: 'appendTo.id' },
        { name: "a guest: comment on ada's annotation (another share)", ...reply(target.ada.id, guest.grace), status: 404, path: 'appendTo.id' },
        { name: 'anonymous: comment', ...reply(target.grace.id, null), status: 403 },
        { name: 'an unknown guest session: comment', ...reply(target.grace.id, unknownGuest), status: 403, path: 'guestSessionId' },
        { name: 'a comment appended to a comment', url: '/api/model/create', body: { ...commentBody(target.grace.id, guest.hedy), appendTo: { id: target.hedyComment.id, modelName: 'Comment', attribute: 'comments' } }, status: 400, path: 'appendTo.modelName' },
        { name: 'a comment appended to another attribute', url: '/api/model/create', body: { ...commentBody(target.grace.id, guest.hedy), appendTo: { id: target.grace.id, modelName: 'Annotation', attribute: 'note' } }, status: 400, path: 'appendTo.attribute' },
        // Other models are not written through these calls.
        { name: 'model/create of a Text', url: '/api/model/create', body: { model: { modelName: 'Text', id: 'x', content: { html: '<p>x</p>' } }, relations: {} }, status: 400, path: 'appendTo' },
        { name: 'model/delete of a Material', url: '/api/model/delete', body: { model: { id: 'm-rich', modelName: 'Material' } }, headers: { cookie: cookie.alice }, status: 404, path: 'model.id' },
        { name: 'model/update of an annotation\'s text', url: '/api/model/update', body: { ...updateBody('Annotation', target.grace.id, target.grace.note, target.grace.note, guest.grace), newValues: { text: 'changed' }, oldValues: { text: 'Hello' } }, status: 400 },
      ];
    };

    it('refuses every call an actor may not make, and writes nothing', async () => {
      const before = await fingerprint();
      const outcomes: string[] = [];
      for (const c of cases()) {
        const res = await post(c.url, c.body, c.headers ?? {});
        const path = res.statusCode >= 400 ? errors(res)[0]?.path : undefined;
        if (res.statusCode !== c.status || (c.path !== undefined && path !== c.path)) outcomes.push(`${c.name}: ${res.statusCode} at ${path} (expected ${c.status}${c.path !== undefined ? ` at ${c.path}` : ''}): ${res.body}`);
        for (const secret of Object.values(guest)) if (res.body.includes(secret)) outcomes.push(`${c.name}: shows a guest session id`);
      }
      expect(outcomes).toEqual([]);
      expect(await fingerprint(), 'no table changed').toBe(before);
      expect(counts.serverErrors).toBe(0);
    });

    it('answers the unknown and the not-yours alike: same status, same body, about the same time', async () => {
      const unknownId = newGuestLikeId();
      const pairs: [string, [string, unknown, Headers?], [string, unknown, Headers?]][] = [
        ["edit another guest's annotation", ['/api/model/update', updateBody('Annotation', target.hedy.id, target.hedy.note, noteOf('x'), guest.grace)], ['/api/model/update', updateBody('Annotation', unknownId, target.hedy.note, noteOf('x'), guest.grace)]],
        ["edit another user's annotation", ['/api/model/update', updateBody('Annotation', target.alice.id, target.alice.note, noteOf('x'), null), { cookie: cookie.bob }], ['/api/model/update', updateBody('Annotation', unknownId, target.alice.note, noteOf('x'), null), { cookie: cookie.bob }]],
        ["delete another share's annotation", ['/api/model/delete', deleteBody('Annotation', target.ada.id, guest.grace)], ['/api/model/delete', deleteBody('Annotation', unknownId, guest.grace)]],
        ["delete another guest's comment", ['/api/model/delete', deleteBody('Comment', target.hedyComment.id, guest.grace)], ['/api/model/delete', deleteBody('Comment', unknownId, guest.grace)]],
        ["comment on another share's annotation", ['/api/model/create', commentBody(target.ada.id, guest.grace)], ['/api/model/create', commentBody(unknownId, guest.grace)]],
        ['list a material of another share', ['/api/annotations', { ...listBody(share.guest, guest.grace), materialId: 'm-ann-other' }], ['/api/annotations', { ...listBody(share.guest, guest.grace), materialId: 'm-nowhere' }]],
      ];
      const ROUNDS = 15;
      const timings: string[] = [];
      const before = await fingerprint();
      for (const [name, [url1, body1, headers1], [url2, body2, headers2]] of pairs) {
        const [x, y] = [await post(url1, body1, headers1), await post(url2, body2, headers2)];
        expect(x.statusCode, name).toBe(404);
        expect([x.statusCode, x.body], name).toEqual([y.statusCode, y.body]);
        // Interleaved medians: both take the same path (one query with the owner or the share in its WHERE clause).
        const ms: [number[], number[]] = [[], []];
        for (let round = 0; round < ROUNDS; round++) {
          for (const [i, [url, body, headers]] of [[url1, body1, headers1], [url2, body2, headers2]].entries() as Iterable<[number, [string, unknown, Headers?]]>) {
            const start = performance.now();
            await post(url, body, headers);
            ms[i].push(performance.now() - start);
          }
        }
        const [notYoursMs, unknownMs] = ms.map((list) => list.sort((p, q) => p - q)[Math.floor(list.length / 2)]);
        timings.push(`${name} ${notYoursMs.toFixed(1)} / ${unknownMs.toFixed(1)} ms`);
        expect(Math.abs(notYoursMs - unknownMs), name).toBeLessThan(25);
      }
      expect(await fingerprint()).toBe(before);
      console.log(`annotations, not-yours / unknown on ${kind} (medians of ${ROUNDS}): ${timings.join('; ')}`);
    });
  });

  describe('conflicts', () => {
    it('answers 409 to an update whose oldValues are stale, and writes nothing', async () => {
      const annotation = await create(share.guest, guest.grace);
      const first = await post('/api/model/update', updateBody('Annotation', annotation.id, annotation.note, noteOf('From tab one'), guest.grace));
      expect(first.statusCode).toBe(200);
      const before = await fingerprint();
      const stale = await post('/api/model/update', updateBody('Annotation', annotation.id, annotation.note, noteOf('From tab two'), guest.grace));
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ errors: [{ path: 'oldValues.note', message: CONFLICT_MESSAGE }] });
      expect(CONFLICT_MESSAGE).toBe('The resource has been modified. Please reload the page.');
      expect(await fingerprint()).toBe(before);
      expect((await list(share.guest, guest.grace)).find((x) => x.id === annotation.id)?.note).toEqual(noteOf('From tab one'));
    });

    it('compares oldValues once normalised: key order and an un-normalised form of the same note are not a conflict', async () => {
      const annotation = await create(share.guest, guest.grace, {}, { note: { type: 'doc', content: [{ type: 'text', text: 'bare', marks: [{ type: 'bold' }] }] } });
      expect(annotation.note).toEqual({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'bare', marks: [{ type: 'bold' }] }] }] });
      const sameNoteOtherForm = { content: [{ content: [{ marks: [{ type: 'bold' }], text: 'bare', type: 'text' }, { text: '', type: 'text' }], type: 'paragraph' }], type: 'doc' } as RichTextDoc;
      const res = await post('/api/model/update', updateBody('Annotation', annotation.id, sameNoteOtherForm, noteOf('next'), guest.grace));
      expect(res.statusCode, res.body).toBe(200);
    });

    it('lets one of two concurrent updates from the same copy win; the other is a 409', async () => {
      const annotation = await create(share.guest, guest.grace);
      const results = await Promise.all(
        ['one', 'two', 'three'].map((word) => post('/api/model/update', updateBody('Annotation', annotation.id, annotation.note, noteOf(word), guest.grace))),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json().data.note;
      expect((await list(share.guest, guest.grace)).find((x) => x.id === annotation.id)?.note).toEqual(winner);
    });

    it('answers 409 to a stale comment update', async () => {
      const annotation = await create(share.guest, guest.grace);
      const mine = await comment(annotation.id, guest.grace, {}, 'v1');
      expect((await post('/api/model/update', updateBody('Comment', mine.id, mine.content, noteOf('v2'), guest.grace))).statusCode).toBe(200);
      const before = await fingerprint();
      const stale = await post('/api/model/update', updateBody('Comment', mine.id, mine.content, noteOf('v3'), guest.grace));
      expect(stale.statusCode).toBe(409);
      expect(errors(stale)).toEqual([{ path: 'oldValues.content', message: CONFLICT_MESSAGE }]);
      expect(await fingerprint()).toBe(before);
    });
  });

  describe('hostile documents', () => {
    const refusedAt = async (note: unknown, path: string | RegExp) => {
      const before = await fingerprint();
      const res = await post('/api/model/create', annotationCreateBody(share.guest, guest.grace, { note }));
      expect(res.statusCode, res.body).toBe(400);
      const paths = errors(res).map((e) => e.path);
      if (typeof path === 'string') expect(paths).toContain(path);
      else expect(paths.some((p) => path.test(p)), paths.join(', ')).toBe(true);
      expect(await fingerprint()).toBe(before);
    };

    it('refuses javascript:, data:, vbscript: and file: links at their path', async () => {
      for (const href of ['javascript:alert(1)', ' JAVASCRIPT:alert(document.cookie)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd']) {
        await refusedAt({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href } }] }] }] }, 'model.note.content[0].content[0].marks[0].attrs.href');
      }
    });

    it('refuses unknown node types, marks and attributes (script, html, images, iframes, event handlers)', async () => {
      await refusedAt({ type: 'doc', content: [{ type: 'script', text: 'alert(1)' }] }, 'model.note.content[0].type');
      await refusedAt({ type: 'doc', content: [{ type: 'html', html: '<img src=x onerror=alert(1)>' }] }, 'model.note.content[0].type');
      await refusedAt({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'image', attrs: { src: 'x', onerror: 'alert(1)' } }] }] }, 'model.note.content[0].content[0].type');
      await refusedAt({ type: 'doc', content: [{ type: 'iframe', attrs: { src: 'https://evil.example' } }] }, 'model.note.content[0].type');
      await refusedAt({ type: 'doc', content: [{ type: 'paragraph', attrs: { onclick: 'alert(1)' } }] }, 'model.note.content[0].attrs');
      await refusedAt({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'textStyle', attrs: { style: 'background:url(javascript:alert(1))' } }] }] }] }, 'model.note.content[0].content[0].marks[0].type');
      await refusedAt({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'highlight', attrs: { color: '" onmouseover="alert(1)' } }] }] }] }, 'model.note.content[0].content[0].marks[0].attrs.color');
      await refusedAt('<p onclick="alert(1)">html instead of a document</p>', 'model.note');
    });

    it('refuses lists nested too deep and bodies nested deeper than the API allows', async () => {
      await refusedAt({ type: 'doc', content: [nestedList(RICH_TEXT_LIMITS.maxListDepth + 1)] }, /^model\.note\.content\[0\](\.content\[\d\])+\.type$/);
      // Deeper still, the body's nesting limit answers first (server/http/storableJson.ts), at its path.
      await refusedAt({ type: 'doc', content: [nestedList(500)] }, /^model\.note\.content\[0\]/);
      const res = await post('/api/model/create', annotationCreateBody(share.guest, guest.grace, { note: { type: 'doc', content: [nestedList(500)] } }));
      expect(errors(res)[0].message).toBe(`nested deeper than ${MAX_JSON_DEPTH} levels`);
      // As deep as a document may be, it fits in a body.
      const deepest = await post('/api/model/create', annotationCreateBody(share.guest, guest.grace, { note: { type: 'doc', content: [nestedList(RICH_TEXT_LIMITS.maxListDepth)] } }));
      expect(deepest.statusCode, deepest.body).toBe(200);
    });

    it('refuses huge text, too many nodes and too many marks', async () => {
      await refusedAt(noteOf('a'.repeat(RICH_TEXT_LIMITS.maxTextLength + 1)), 'model.note.content[0].content[0].text');
      const half = 'b'.repeat(RICH_TEXT_LIMITS.maxTotalText / 2);
      await refusedAt(noteOf(half, half, 'c'), 'model.note.content');
      await refusedAt({ type: 'doc', content: Array.from({ length: RICH_TEXT_LIMITS.maxNodes + 1 }, () => ({ type: 'hardBreak' })) }, 'model.note.content');
      await refusedAt({ type: 'doc', content: [{ type: 'text', text: 'x', marks: Array.from({ length: RICH_TEXT_LIMITS.maxMarks + 1 }, () => ({ type: 'bold' })) }] }, 'model.note.content[0].marks');
      const comments = await post('/api/model/create', { ...commentBody(newGuestLikeId(), guest.grace), model: { modelName: 'Comment', content: noteOf('a'.repeat(RICH_TEXT_LIMITS.maxTextLength + 1)) } });
      expect([comments.statusCode, errors(comments)[0].path]).toEqual([400, 'model.content.content[0].content[0].text']);
    });

    it('stores a long paragraph as the editor sends it, normalised into text nodes within the limit', async () => {
      const long = normalizeRichText(noteOf('d'.repeat(RICH_TEXT_LIMITS.maxTextLength + 500)));
      const res = await post('/api/model/create', annotationCreateBody(share.guest, guest.grace, { note: long }));
      expect(res.statusCode, res.body).toBe(200);
    });

    it('names the bad field of the rest of the body', async () => {
      const bad = await post('/api/model/create', annotationCreateBody(share.guest, guest.grace, { from: 7, to: 7, text: '', reference: 'no spaces allowed' }, { path: '../../etc' }));
      expect(bad.statusCode).toBe(400);
      expect(errors(bad).map((e) => e.path).sort()).toEqual(['model.metadata.path', 'model.reference', 'model.text', 'model.to']);
      const range = await post('/api/model/create', annotationCreateBody(share.guest, guest.grace, { from: 7, to: 3 }));
      expect(errors(range)).toEqual([{ path: 'model.to', message: 'to must be greater than from' }]);
      expect(errors(await post('/api/model/update', { model: { id: 'x', modelName: 'Annotation' }, newValues: {}, oldValues: {} })).map((e) => e.path).sort()).toEqual(['newValues.note', 'oldValues.note']);
      expect(errors(await post('/api/model/create', {})).map((e) => e.path)).toEqual(['model']);
    });

    it('stores hostile text and addresses cleaned: escaped text, normalised links, no script in any stored html', async () => {
      const hostileText = `<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)" onclick=alert(1)>x</a>`;
      const note = {
        type: 'doc',
        content: [
          { type: 'text', text: hostileText, marks: [{ type: 'bold' }, { type: 'link', attrs: { href: 'example.org/"><script>alert(1)</script>', target: '_self', rel: 'opener', class: '" onclick="alert(1)' } }] },
          { type: 'paragraph', content: [{ type: 'text', text: '"><svg onload=alert(1)>', marks: [{ type: 'highlight', attrs: { color: 'pink' } }, { type: 'link', attrs: { href: "mailto:a@example.org?subject='onmouseover=alert(1)//" } }] }] },
          { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: '</li></ul><script>alert(2)</script>' }] }] }] },
        ],
      };
      const annotation = await create(share.guest, guest.grace, {}, { note, text: hostileText.slice(0, 100) });
      await comment(annotation.id, guest.hedy, {}, `</p><script>alert(3)</script><p onmouseover="alert(4)">`);
      expect(annotation.note.content?.[0]).toMatchObject({ type: 'paragraph' });
      // The link keeps its address alone: target, rel and class sent along are gone.
      const [first] = (annotation.note.content?.[0] as { content: { marks: unknown[] }[] }).content;
      expect(first.marks).toEqual([{ type: 'link', attrs: { href: 'https://example.org/%22%3E%3Cscript%3Ealert(1)%3C/script%3E' } }, { type: 'bold' }]);

      const rows = [
        ...(await t.db.query<{ html: string }>('SELECT note_html AS html FROM annotations')),
        ...(await t.db.query<{ html: string }>('SELECT content_html AS html FROM comments')),
      ];
      expect(rows.length).toBeGreaterThan(10);
      for (const { html } of rows) {
        expect(html).not.toMatch(/<script/i);
        for (const tag of tagsOf(html)) {
          expect(tag, html).not.toMatch(/javascript:/i);
          expect(tag, html).not.toMatch(/\son[a-z]+\s*=/i);
          expect(tag, html).toMatch(/^<\/?(p|ul|ol|li|strong|em|u|s|mark|sub|sup|span|a|br)( (href|target|rel|data-color|data-gap|start)="[^"<>]*")*>$/);
        }
      }
      const [stored] = await t.db.query<{ note_html: string }>('SELECT note_html FROM annotations WHERE id = $1', [annotation.id]);
      expect(stored.note_html).toBe(annotation.noteHtml);
      expect(stored.note_html).toContain('<a href="https://example.org/%22%3E%3Cscript%3Ealert(1)%3C/script%3E" target="_blank" rel="noopener noreferrer nofollow"><strong>&lt;script&gt;');
      expect(stored.note_html).toContain('&lt;/li&gt;&lt;/ul&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    });

    it('keeps text exactly as typed (no sanitiser rewrites a learner\'s words)', async () => {
      const words = 'a < b && c > d; "quoted" \'single\' \uFEFFBOM-led, emoji \u{1F642}, RTL \u202Eabc\u202C';
      const annotation = await create(share.guest, guest.grace, {}, { note: noteOf(words), text: '\uFEFFstarts with a BOM' });
      const listed = (await list(share.guest, guest.grace)).find((x) => x.id === annotation.id);
      expect(listed?.note).toEqual(noteOf(words));
      expect(listed?.text).toBe('\uFEFFstarts with a BOM');
    });
  });

  it('logs refusals as warnings, never as errors', () => {
    expect(log.lines().filter((line) => line.level >= 50)).toEqual([]);
    expect(counts.serverErrors).toBe(0);
  });
});
