import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Annotation, Comment } from '../../model/annotation';
import { newRequestKey } from '../../model/requestKey';
import { GuestSessionId } from '../../model/tracking';
import { ApiErrorBody } from '../../server/http/errors';
import { KEY_TAKEN_MESSAGE } from '../../server/routes/annotations';
import { importFile } from '../../server/store/import';
import { countedRequests, databaseFingerprint } from '../security/countedRequests';
import { logLines } from '../security/logLines';
import { useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { richMaterial } from './fixtures';
import { addUser, login } from './learners';
import { annotationCreateBody, noteOf } from './annotationBodies';

/*
 * Idempotent creates (docs/learners.md, "Never lost"): model/create of an annotation or a
 * comment with a request key, on PGlite and PostgreSQL. A repeat of a key by its learner (the answer was
 * lost, the kept draft is saved again after a reload) answers what the first create made, with the same
 * body, and writes nothing; concurrent repeats make one row; the same key from another learner is that
 * learner's own, unrelated create.
 */

type Headers = Record<string, string>;

const FLAGS = { FULLTEXT_SEARCH: false, USE_GRAVATAR: false, PRIVATE_MODE: false, GENERATIVE_FEEDBACK: false, ERROR_REPORTING: false, ANNOTATION_COMMENTS: true };


describe.each(testDatabaseKinds)('idempotent annotation and comment creates on %s', (kind) => {
  const t = useTestDatabase(kind);
  const log = logLines();
  const a = useTestApp(() => t.db, { featureFlags: FLAGS, logger: { level: 'warn', stream: log.stream } });
  const { counts, send } = countedRequests(() => a.app);
  const share = {} as Record<'guest' | 'private', string>;
  const guest = {} as Record<'grace' | 'hedy', string>;
  const cookie = {} as Record<'alice' | 'bob', string>;

  const post = (payload: unknown, headers: Headers = {}) => send({ method: 'POST', url: '/api/model/create', payload: payload as object, headers });
  const fingerprint = () => databaseFingerprint(t.db);
  const annotationBody = (shareId: string, guestSessionId: string | null, requestKey: string | undefined, model: Record<string, unknown> = {}) => ({
    ...annotationCreateBody(shareId, guestSessionId, model),
    requestKey,
  });
  const commentBody = (annotationId: string, guestSessionId: string | null, requestKey: string | undefined, text = 'A comment') => ({
    model: { modelName: 'Comment', content: noteOf(text) },
    relations: {},
    appendTo: { id: annotationId, modelName: 'Annotation', attribute: 'comments' },
    guestSessionId,
    requestKey,
  });
  const created = async <S extends typeof Annotation | typeof Comment>(schema: S, payload: unknown, headers: Headers = {}) => {
    const res = await post(payload, headers);
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.body, data: z.parse(schema, res.json().data) as z.infer<S> };
  };
  const rowsWithKey = async (table: 'annotations' | 'comments', requestKey: string) =>
    (await t.db.query<{ id: string }>(`SELECT id FROM ${table} WHERE request_key = $1 ORDER BY seq`, [requestKey])).map((row) => row.id);

  beforeAll(async () => {
    share.guest = (await importFile(t.db, richMaterial, { share: 'guest' })).share.publicId;
    share.private = (await importFile(t.db, richMaterial, { share: 'private' })).share.publicId;
    await addUser(t.db, 'alice@example.org', { firstname: 'Alice' });
    await addUser(t.db, 'bob@example.org', { firstname: 'Bob' });
    cookie.alice = await login(a.app, 'alice@example.org');
    cookie.bob = await login(a.app, 'bob@example.org');
    for (const [who, name] of [['grace', 'Grace Mine'], ['hedy', 'Hedy Neighbour']] as const) {
      const res = await send({ method: 'POST', url: '/api/guest', payload: { name, publicId: share.guest } });
      guest[who] = GuestSessionId.parse(res.json().data.publicId);
    }
  });
  afterAll(() => {
    console.log(`annotation request keys on ${kind}: ${counts.tried} requests, ${counts.refused} refused, ${counts.serverErrors} × 5xx`);
  });

  it('a guest repeating a create answers the first annotation with the same body and writes nothing, also when the note changed since', async () => {
    const key = newRequestKey();
    const first = await created(Annotation, annotationBody(share.guest, guest.grace, key));
    expect(await rowsWithKey('annotations', key)).toEqual([first.data.id]);
    const before = await fingerprint();
    const again = await post(annotationBody(share.guest, guest.grace, key));
    expect([again.statusCode, again.body]).toEqual([200, first.body]);
    // The learner typed on after the lost answer: the answer is the stored annotation (the viewer then updates its note).
    const typedOn = await post(annotationBody(share.guest, guest.grace, key, { note: noteOf('My note, longer') }));
    expect([typedOn.statusCode, typedOn.body]).toEqual([200, first.body]);
    expect(await fingerprint()).toBe(before);
  });

  it('a logged-in user repeating a create answers the first annotation and writes nothing', async () => {
    const key = newRequestKey();
    const first = await created(Annotation, annotationBody(share.private, null, key), { cookie: cookie.alice });
    const before = await fingerprint();
    const again = await post(annotationBody(share.private, null, key), { cookie: cookie.alice });
    expect([again.statusCode, again.body]).toEqual([200, first.body]);
    expect(await fingerprint()).toBe(before);
    expect(await rowsWithKey('annotations', key)).toEqual([first.data.id]);
  });

  it('a repeated comment answers the first comment with the same body and writes nothing', async () => {
    const annotation = await created(Annotation, annotationBody(share.guest, guest.grace, newRequestKey()));
    const key = newRequestKey();
    const first = await created(Comment, commentBody(annotation.data.id, guest.hedy, key));
    const before = await fingerprint();
    for (const text of ['A comment', 'A comment, edited after the failure']) {
      const again = await post(commentBody(annotation.data.id, guest.hedy, key, text));
      expect([again.statusCode, again.body]).toEqual([200, first.body]);
    }
    expect(await fingerprint()).toBe(before);
    expect(await rowsWithKey('comments', key)).toEqual([first.data.id]);
  });

  it('the same key from another guest or user is their own create, and never answers the first owner’s annotation or comment', async () => {
    const key = newRequestKey();
    const graces = await created(Annotation, annotationBody(share.guest, guest.grace, key, { note: noteOf("Grace's note") }));
    const hedys = await created(Annotation, annotationBody(share.guest, guest.hedy, key, { note: noteOf("Hedy's note") }));
    expect(hedys.data.id).not.toBe(graces.data.id);
    expect(hedys.data).toMatchObject({ owner: { kind: 'guest', name: 'Hedy Neighbour' }, own: true, note: noteOf("Hedy's note") });
    expect(hedys.body).not.toContain("Grace's note");

    const alices = await created(Annotation, annotationBody(share.private, null, key, { note: noteOf("Alice's note") }), { cookie: cookie.alice });
    const bobs = await created(Annotation, annotationBody(share.private, null, key, { note: noteOf("Bob's note") }), { cookie: cookie.bob });
    expect(bobs.data).toMatchObject({ owner: { kind: 'user', name: 'Bob' }, own: true, note: noteOf("Bob's note") });
    expect(bobs.body).not.toContain("Alice's note");
    expect(await rowsWithKey('annotations', key)).toEqual([graces.data.id, hedys.data.id, alices.data.id, bobs.data.id]);

    const commentKey = newRequestKey();
    const gracesComment = await created(Comment, commentBody(graces.data.id, guest.grace, commentKey, "Grace's comment"));
    const hedysComment = await created(Comment, commentBody(graces.data.id, guest.hedy, commentKey, "Hedy's comment"));
    expect(hedysComment.data).toMatchObject({ owner: { kind: 'guest', name: 'Hedy Neighbour' }, own: true, content: noteOf("Hedy's comment") });
    expect(await rowsWithKey('comments', commentKey)).toEqual([gracesComment.data.id, hedysComment.data.id]);
  });

  it('concurrent creates with one key make exactly one row, and every answer names it', async () => {
    for (let round = 0; round < 5; round++) {
      const key = newRequestKey();
      const answers = await Promise.all([post(annotationBody(share.guest, guest.grace, key)), post(annotationBody(share.guest, guest.grace, key))]);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
      const ids = answers.map((res) => res.json().data.id as string);
      expect(ids[1]).toBe(ids[0]);
      expect(await rowsWithKey('annotations', key)).toEqual([ids[0]]);

      const commentKey = newRequestKey();
      const comments = await Promise.all([0, 1, 2].map(() => post(commentBody(ids[0], guest.hedy, commentKey))));
      expect(comments.map((res) => res.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(comments.map((res) => res.json().data.id)).size).toBe(1);
      expect(await rowsWithKey('comments', commentKey)).toEqual([comments[0].json().data.id]);
    }
    const key = newRequestKey();
    const users = await Promise.all([0, 1].map(() => post(annotationBody(share.private, null, key), { cookie: cookie.bob })));
    expect(users.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await rowsWithKey('annotations', key)).toEqual([users[0].json().data.id]);
    expect(users[1].json().data.id).toBe(users[0].json().data.id);
  });

  it('a key the learner used for another passage, or for a comment on another annotation, is a 409 at requestKey and writes nothing', async () => {
    const key = newRequestKey();
    const first = await created(Annotation, annotationBody(share.guest, guest.grace, key));
    const other = await created(Annotation, annotationBody(share.guest, guest.grace, newRequestKey(), { from: 6, to: 9, text: 'wor' }));
    const commentKey = newRequestKey();
    await created(Comment, commentBody(first.data.id, guest.grace, commentKey));
    const before = await fingerprint();
    for (const [what, payload] of [
      ['another passage', annotationBody(share.guest, guest.grace, key, { from: 6, to: 9, text: 'wor' })],
      ['a comment on another annotation', commentBody(other.data.id, guest.grace, commentKey)],
    ] as const) {
      const res = await post(payload);
      expect(res.statusCode, what).toBe(409);
      expect(ApiErrorBody.parse(res.json()).errors, what).toEqual([{ path: 'requestKey', message: KEY_TAKEN_MESSAGE }]);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('without a key every create is a new one; the key of a deleted annotation makes a new one', async () => {
    const plain = [await created(Annotation, annotationBody(share.guest, guest.grace, undefined)), await created(Annotation, annotationBody(share.guest, guest.grace, undefined))];
    expect(plain[1].data.id).not.toBe(plain[0].data.id);
    const [row] = await t.db.query<{ request_key: string | null }>('SELECT request_key FROM annotations WHERE id = $1', [plain[0].data.id]);
    expect(row.request_key).toBeNull();

    const key = newRequestKey();
    const first = await created(Annotation, annotationBody(share.guest, guest.grace, key));
    const deleted = await send({ method: 'POST', url: '/api/model/delete', payload: { model: { id: first.data.id, modelName: 'Annotation' }, guestSessionId: guest.grace } });
    expect(deleted.statusCode).toBe(200);
    const again = await created(Annotation, annotationBody(share.guest, guest.grace, key));
    expect(again.data.id).not.toBe(first.data.id);
    expect(await rowsWithKey('annotations', key)).toEqual([again.data.id]);
  });

  it('logs no error and answers no 5xx', () => {
    expect(log.lines().filter((line) => line.level >= 50)).toEqual([]);
    expect(counts.serverErrors).toBe(0);
  });
});
