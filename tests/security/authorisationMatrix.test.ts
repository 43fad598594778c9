import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRequestKey } from '../../model/requestKey';
import { GuestSessionId } from '../../model/tracking';
import { SESSION_COOKIE } from '../../server/auth/sessionCookie';
import { GUEST_COOKIE } from '../../server/http/guestCookie';
import { hashSessionToken } from '../../server/store/authSessions';
import { importFile } from '../../server/store/import';
import { useTestApp } from '../server/app';
import { testDatabaseKinds, useTestDatabase } from '../server/databases';
import { richMaterial, smallCollection, smallMaterial } from '../server/fixtures';
import { addUser, event, login, newGuestLikeId } from '../server/learners';
import { countedRequests, databaseFingerprint } from './countedRequests';
import { logLines } from './logLines';

/*
 * Issue 14: the authorisation matrix. Every learner-facing call, tried by every actor who may not make
 * it (nobody, another guest, another share's guest, a logged-in user where a guest belongs, a forged or
 * expired login, the admin routes without their token), on every kind of share. Each is refused, and
 * the database is byte for byte what it was before (a fingerprint of every table a call could write).
 * Where a refusal could tell what exists elsewhere, the unknown and the not-yours answer the same.
 * Annotations and comments (issue 12) are in it: annotating, reading, editing, deleting and commenting
 * by everyone who may not (nobody, a forged or expired login, another guest, another share's guest,
 * an unknown guest session, another user, a public or preview share), also with the request key of
 * another learner's create, and every comment call while ANNOTATION_COMMENTS is off. The searches across
 * what one may open (issue 24) show nothing of a private or unlisted share to those it does not open,
 * and only the admin token or the role admin clears the feature flags (and reads a share's accessibility report).
 * A share's results (issue 29) answer no learner, logged in or not.
 * tests/server/annotations.test.ts holds the same rules with what each refusal names.
 */

const ADMIN_TOKEN = 'a-test-token-of-this-server-start';

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  status: number;
  /** Text the answer must not contain (another learner's name or answer, content of a share not opened). */
  hides?: string[];
  /** Sent to the same database served with ANNOTATION_COMMENTS off. */
  commentsOff?: boolean;
}

const FLAGS = { FULLTEXT_SEARCH: true, USE_GRAVATAR: false, PRIVATE_MODE: false, GENERATIVE_FEEDBACK: false, ERROR_REPORTING: false };
/** A rich-text document of one paragraph. */
const docOf = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

describe.each(testDatabaseKinds)('authorisation matrix on %s', (kind) => {
  const t = useTestDatabase(kind);
  const log = logLines();
  const a = useTestApp(() => t.db, { adminToken: ADMIN_TOKEN, featureFlags: { ...FLAGS, ANNOTATION_COMMENTS: true }, logger: { level: 'warn', stream: log.stream } });
  /** The same database served with ANNOTATION_COMMENTS off. */
  const off = useTestApp(() => t.db, { adminToken: ADMIN_TOKEN, featureFlags: { ...FLAGS, ANNOTATION_COMMENTS: false }, logger: { level: 'warn', stream: log.stream } });
  const { counts, send: inject } = countedRequests(() => a.app);
  const { counts: offCounts, send: injectOff } = countedRequests(() => off.app);
  const share = {} as Record<'public' | 'private' | 'guest' | 'scorm' | 'preview' | 'otherGuest' | 'otherPrivate' | 'collection', string>;
  const guest = {} as Record<'mine' | 'sameShare' | 'otherShare' | 'scorm', string>;
  const cookie = {} as Record<'alice' | 'bob' | 'expired' | 'forged', string>;

  const send = (c: Omit<Case, 'name' | 'status'>) =>
    (c.commentsOff ? injectOff : inject)({ method: c.method, url: c.url, payload: c.body as object | undefined, headers: c.headers ?? {} });
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) => send({ method: 'POST', url, body, headers });
  const newGuest = async (sharePublicId: string, name: string) => {
    const res = await post('/api/guest', { name, publicId: sharePublicId });
    expect(res.statusCode).toBe(200);
    return GuestSessionId.parse(res.json().data.publicId);
  };
  const fingerprint = () => databaseFingerprint(t.db);
  const q1 = (shareId: string, guestSessionId: string | null = null) => ({ shareId, id: 'm-rich-q1', modelName: 'ChoiceQuestion', guestSessionId });
  const answer = (shareId: string, guestSessionId: string | null, value = 'a forged answer') => ({ events: [event(q1(shareId, guestSessionId), { value })] });
  const progress = (shareId: string, guestSessionId: string | null, id = 'm-rich') => ({ model: { id, modelName: 'Material' }, value: 1, shareId, guestSessionId });
  /** What there is to protect of annotations: one of each owner, and comments. */
  const annotated = {} as Record<'grace' | 'alice' | 'sophie' | 'ada' | 'hedyComment' | 'aliceComment', string>;
  const annotationBody = (shareId: string, guestSessionId: string | null, reference = 'm-rich-text', materialId = 'm-rich', note = 'a forged note') => ({
    model: { modelName: 'Annotation', text: 'Hello', from: 0, to: 5, reference, note: docOf(note), metadata: { shareId, path: '', materialId } },
    relations: {},
    guestSessionId,
  });
  const commentBody = (annotationId: string, guestSessionId: string | null, text = 'a forged comment') => ({
    model: { modelName: 'Comment', content: docOf(text) },
    relations: {},
    appendTo: { id: annotationId, modelName: 'Annotation', attribute: 'comments' },
    guestSessionId,
  });
  const noteUpdate = (id: string, guestSessionId: string | null, oldNote: string) => ({
    model: { id, modelName: 'Annotation' },
    newValues: { note: docOf('overwritten') },
    oldValues: { note: docOf(oldNote) },
    guestSessionId,
  });
  const commentUpdate = (id: string, guestSessionId: string | null, oldText: string) => ({
    model: { id, modelName: 'Comment' },
    newValues: { content: docOf('overwritten') },
    oldValues: { content: docOf(oldText) },
    guestSessionId,
  });
  const removal = (id: string, guestSessionId: string | null, modelName: 'Annotation' | 'Comment' = 'Annotation') => ({ model: { id, modelName }, guestSessionId });
  const listing = (shareId: string, guestSessionId: string | null, materialId = 'm-rich') => ({ share: shareId, materialId, guestSessionId });
  /** The request keys the learners' own annotations and comment were created with (idempotent creates). */
  const requestKey = { grace: newRequestKey(), alice: newRequestKey(), hedyComment: newRequestKey() };
  const withKey = <B extends object>(body: B, key: string) => ({ ...body, requestKey: key });
  const created = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await post('/api/model/create', body, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };

  beforeAll(async () => {
    for (const k of ['public', 'private', 'guest', 'scorm', 'preview'] as const) share[k] = (await importFile(t.db, richMaterial, { share: k })).share.publicId;
    share.otherGuest = (await importFile(t.db, smallMaterial('authz-other'), { share: 'guest' })).share.publicId;
    const secretFreeText = { modelName: 'FreeTextInput' as const, id: 'm-authz-secret-free', instructions: { html: '<p>Explain.</p>' }, useGenerativeFeedback: true };
    const secret = smallMaterial('authz-secret');
    share.otherPrivate = (await importFile(t.db, { ...secret, content: [...secret.content, secretFreeText] } as typeof secret, { share: 'private' })).share.publicId;
    share.collection = (await importFile(t.db, smallCollection('authz', [smallMaterial('authz-in')]), { share: 'guest' })).share.publicId;
    await addUser(t.db, 'alice@example.org');
    await addUser(t.db, 'bob@example.org');
    await addUser(t.db, 'eve@example.org');
    cookie.alice = await login(a.app, 'alice@example.org');
    cookie.bob = await login(a.app, 'bob@example.org');
    cookie.expired = await login(a.app, 'eve@example.org');
    await t.db.query(`UPDATE auth_sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hashSessionToken(cookie.expired.split('=')[1])]);
    cookie.forged = `${SESSION_COOKIE}=${'F'.repeat(43)}`;
    guest.mine = await newGuest(share.guest, 'Grace Mine');
    guest.sameShare = await newGuest(share.guest, 'Hedy Neighbour');
    guest.otherShare = await newGuest(share.otherGuest, 'Ada Elsewhere');
    guest.scorm = await newGuest(share.scorm, 'Sophie Scorm');
    // What there is to protect: each learner's own answer.
    for (const [shareId, id, value] of [[share.guest, guest.mine, "Grace's answer"], [share.guest, guest.sameShare, "Hedy's answer"], [share.scorm, guest.scorm, "Sophie's answer"]]) {
      expect((await post('/api/userdata', answer(shareId, id, value))).statusCode).toBe(200);
    }
    expect((await post('/api/userdata', answer(share.private, null, "Alice's answer"), { cookie: cookie.alice })).statusCode).toBe(200);
    expect((await post('/api/updateRootProgress', progress(share.private, null), { cookie: cookie.alice })).statusCode).toBe(200);
    // Each learner's annotations and comments.
    annotated.grace = await created(withKey(annotationBody(share.guest, guest.mine, 'm-rich-text', 'm-rich', "Grace's note"), requestKey.grace));
    annotated.hedyComment = await created(withKey(commentBody(annotated.grace, guest.sameShare, "Hedy's comment"), requestKey.hedyComment));
    annotated.alice = await created(withKey(annotationBody(share.private, null, 'm-rich-text', 'm-rich', "Alice's note"), requestKey.alice), { cookie: cookie.alice });
    annotated.aliceComment = await created(commentBody(annotated.alice, null, "Alice's comment"), { cookie: cookie.alice });
    annotated.sophie = await created(annotationBody(share.scorm, guest.scorm, 'm-rich-text', 'm-rich', "Sophie's note"));
    annotated.ada = await created(annotationBody(share.otherGuest, guest.otherShare, 'm-authz-other-t1', 'm-authz-other', "Ada's note"));
  });
  afterAll(() => {
    console.log(
      `authorisation matrix on ${kind}: ${counts.tried + offCounts.tried} requests tried, ${counts.refused + offCounts.refused} refused, ${counts.serverErrors + offCounts.serverErrors} × 5xx`,
    );
  });

  const cases = (): Case[] => {
    const unknownGuest = newGuestLikeId();
    const secretText = 'authz-secret one';
    return [
      // Private shares: nothing without a login, whatever else comes along.
      ...([{}, { cookie: cookie.forged }, { cookie: cookie.expired }] as Record<string, string>[]).flatMap((headers, i): Case[] => {
        const who = ['nobody', 'a forged login', 'an expired login'][i];
        return [
          { name: `${who}: the page of a private share`, method: 'GET', url: `/s/${share.otherPrivate}/`, headers, status: 401, hides: [secretText] },
          { name: `${who}: the material of a private share`, method: 'GET', url: `/api/material/${share.otherPrivate}/m-authz-secret`, headers, status: 403, hides: [secretText] },
          { name: `${who}: the current publication of a private share's material`, method: 'POST', url: '/api/publication/current', body: { share: share.otherPrivate, materialId: 'm-authz-secret' }, headers, status: 403 },
          { name: `${who}: a model query on a private share`, method: 'POST', url: '/api/model/query', body: { share: share.otherPrivate, modelName: 'Text', id: 'm-authz-secret-t1' }, headers, status: 403, hides: [secretText] },
          { name: `${who}: events on a private share`, method: 'POST', url: '/api/userdata/list', body: { shareId: share.private, guestSessionId: null }, headers, status: 403, hides: ["Alice's answer"] },
          { name: `${who}: an answer on a private share`, method: 'POST', url: '/api/userdata', body: answer(share.private, null), headers, status: 403 },
          { name: `${who}: root progress on a private share`, method: 'POST', url: '/api/updateRootProgress', body: progress(share.private, null), headers, status: 403 },
          { name: `${who}: feedback on a private share`, method: 'POST', url: '/api/taskbase/feedback/', body: { share: share.private, elementId: 'm-rich-q1', userAnswer: 'x' }, headers, status: 403 },
          // Searches across what one may open: nothing of a private share, nor of unlisted ones.
          { name: `${who}: full text across what one may open`, method: 'POST', url: '/api/search/materials/fulltext', body: { query: 'authz' }, headers, status: 200, hides: [secretText, share.otherPrivate, share.collection] },
          { name: `${who}: full text in a private share named`, method: 'POST', url: '/api/search/materials/fulltext', body: { share: share.otherPrivate, query: 'authz' }, headers, status: 404, hides: [secretText] },
          { name: `${who}: full text in a material of a private share`, method: 'POST', url: '/api/search/materials/fulltext', body: { query: 'authz', materialId: 'm-authz-secret' }, headers, status: 404, hides: [secretText] },
          { name: `${who}: the collections one may open`, method: 'POST', url: '/api/search/collections', body: {}, headers, status: 200, hides: ['Collection authz', share.collection] },
          { name: `${who}: the materials of a private collection share`, method: 'POST', url: '/api/search', body: { collection: share.otherPrivate }, headers, status: 403, hides: [secretText] },
          { name: `${who}: clear the feature flags`, method: 'POST', url: '/api/features/clear', headers, status: 403 },
        ];
      }),
      // Another learner's events: there is no call that names them.
      { name: "bob: alice's events (a login only ever lists its own)", method: 'POST', url: '/api/userdata/list', body: { shareId: share.private, guestSessionId: null }, headers: { cookie: cookie.bob }, status: 200, hides: ["Alice's answer"] },
      { name: "bob: alice's page state", method: 'GET', url: `/s/${share.private}/`, headers: { cookie: cookie.bob }, status: 200, hides: ["Alice's answer"] },
      { name: "another share's guest: events of this share", method: 'POST', url: '/api/userdata/list', body: { shareId: share.guest, guestSessionId: guest.otherShare }, status: 403, hides: ["Grace's answer", "Hedy's answer"] },
      { name: "another share's guest: an answer on this share", method: 'POST', url: '/api/userdata', body: answer(share.guest, guest.otherShare), status: 403 },
      { name: "another share's guest: root progress on this share", method: 'POST', url: '/api/updateRootProgress', body: progress(share.guest, guest.otherShare), status: 403 },
      { name: "another share's guest session remembered on this share's page", method: 'GET', url: `/s/${share.guest}/`, headers: { cookie: `${GUEST_COOKIE}=${guest.otherShare}` }, status: 200, hides: ['Ada Elsewhere'] },
      { name: "another share's guest session linked on this share's page", method: 'GET', url: `/s/${share.guest}/?guestSessionId=${guest.otherShare}`, status: 200, hides: ['Ada Elsewhere'] },
      { name: 'a scorm guest: events of the guest share', method: 'POST', url: '/api/userdata/list', body: { shareId: share.guest, guestSessionId: guest.scorm }, status: 403, hides: ["Grace's answer"] },
      { name: 'an unknown guest session: events', method: 'POST', url: '/api/userdata/list', body: { shareId: share.guest, guestSessionId: unknownGuest }, status: 403 },
      { name: 'an unknown guest session: an answer', method: 'POST', url: '/api/userdata', body: answer(share.guest, unknownGuest), status: 403 },
      { name: 'an unknown guest session: rename', method: 'POST', url: '/api/share/guest-session', body: { name: 'Mallory', publicId: unknownGuest }, status: 404 },
      { name: 'no guest session on a guest share: an answer', method: 'POST', url: '/api/userdata', body: answer(share.guest, null), status: 403 },
      { name: 'a logged-in user on a guest share, without a guest session', method: 'POST', url: '/api/userdata', body: answer(share.guest, null), headers: { cookie: cookie.alice }, status: 403 },
      { name: 'a logged-in user sending a guest session on a private share', method: 'POST', url: '/api/userdata', body: answer(share.private, guest.mine), headers: { cookie: cookie.alice }, status: 403 },
      { name: "a guest: root progress of another material", method: 'POST', url: '/api/updateRootProgress', body: progress(share.guest, guest.mine, 'm-authz-other'), status: 403 },
      // Writes where nothing is saved: public and preview shares.
      ...(['public', 'preview'] as const).flatMap((k): Case[] => [
        { name: `a guest session on a ${k} share`, method: 'POST', url: '/api/guest', body: { name: 'Mallory', publicId: share[k] }, status: 403 },
        { name: `an answer on a ${k} share`, method: 'POST', url: '/api/userdata', body: answer(share[k], null), status: 403 },
        { name: `an answer on a ${k} share, logged in`, method: 'POST', url: '/api/userdata', body: answer(share[k], null), headers: { cookie: cookie.alice }, status: 403 },
        { name: `an answer on a ${k} share with a guest session of another share`, method: 'POST', url: '/api/userdata', body: answer(share[k], guest.mine), status: 403 },
        { name: `root progress on a ${k} share`, method: 'POST', url: '/api/updateRootProgress', body: progress(share[k], null), headers: { cookie: cookie.alice }, status: 403 },
      ]),
      // Annotations on a private share: nothing without a login, whatever else comes along.
      ...([{}, { cookie: cookie.forged }, { cookie: cookie.expired }] as Record<string, string>[]).flatMap((headers, i): Case[] => {
        const who = ['nobody', 'a forged login', 'an expired login'][i];
        return [
          { name: `${who}: annotate a private share`, method: 'POST', url: '/api/model/create', body: annotationBody(share.private, null), headers, status: 403 },
          { name: `${who}: annotate a private share with alice's request key`, method: 'POST', url: '/api/model/create', body: withKey(annotationBody(share.private, null), requestKey.alice), headers, status: 403, hides: ["Alice's note"] },
          { name: `${who}: the annotations of a private share`, method: 'POST', url: '/api/annotations', body: listing(share.private, null), headers, status: 403, hides: ["Alice's note", "Alice's comment"] },
          { name: `${who}: edit alice's note`, method: 'POST', url: '/api/model/update', body: noteUpdate(annotated.alice, null, "Alice's note"), headers, status: 403 },
          { name: `${who}: delete alice's annotation`, method: 'POST', url: '/api/model/delete', body: removal(annotated.alice, null), headers, status: 403 },
          { name: `${who}: comment on alice's annotation`, method: 'POST', url: '/api/model/create', body: commentBody(annotated.alice, null), headers, status: 403 },
          { name: `${who}: edit alice's comment`, method: 'POST', url: '/api/model/update', body: commentUpdate(annotated.aliceComment, null, "Alice's comment"), headers, status: 403 },
          { name: `${who}: delete alice's comment`, method: 'POST', url: '/api/model/delete', body: removal(annotated.aliceComment, null, 'Comment'), headers, status: 403 },
        ];
      }),
      // Another user: reads the share's annotations (as the viewer shows them), never changes them.
      { name: "bob: edit alice's note", method: 'POST', url: '/api/model/update', body: noteUpdate(annotated.alice, null, "Alice's note"), headers: { cookie: cookie.bob }, status: 404 },
      { name: "bob: delete alice's annotation", method: 'POST', url: '/api/model/delete', body: removal(annotated.alice, null), headers: { cookie: cookie.bob }, status: 404 },
      { name: "bob: edit alice's comment", method: 'POST', url: '/api/model/update', body: commentUpdate(annotated.aliceComment, null, "Alice's comment"), headers: { cookie: cookie.bob }, status: 404 },
      { name: "bob: delete alice's comment", method: 'POST', url: '/api/model/delete', body: removal(annotated.aliceComment, null, 'Comment'), headers: { cookie: cookie.bob }, status: 404 },
      { name: "a guest: edit alice's note", method: 'POST', url: '/api/model/update', body: noteUpdate(annotated.alice, guest.mine, "Alice's note"), status: 404 },
      { name: "a guest: comment on alice's annotation", method: 'POST', url: '/api/model/create', body: commentBody(annotated.alice, guest.mine), status: 404 },
      { name: 'a logged-in user sending a guest session: annotate a private share', method: 'POST', url: '/api/model/create', body: annotationBody(share.private, guest.mine), headers: { cookie: cookie.alice }, status: 403 },
      // Another guest of the same share: reads, never changes what is not theirs.
      { name: "another guest: edit grace's note", method: 'POST', url: '/api/model/update', body: noteUpdate(annotated.grace, guest.sameShare, "Grace's note"), status: 404 },
      { name: "another guest: delete grace's annotation", method: 'POST', url: '/api/model/delete', body: removal(annotated.grace, guest.sameShare), status: 404 },
      { name: "grace: edit hedy's comment on her own annotation", method: 'POST', url: '/api/model/update', body: commentUpdate(annotated.hedyComment, guest.mine, "Hedy's comment"), status: 404 },
      { name: "grace: delete hedy's comment on her own annotation", method: 'POST', url: '/api/model/delete', body: removal(annotated.hedyComment, guest.mine, 'Comment'), status: 404 },
      { name: "grace: delete her annotation's id as a comment", method: 'POST', url: '/api/model/delete', body: removal(annotated.grace, guest.mine, 'Comment'), status: 404 },
      // Other shares' guests and unknown guest sessions.
      { name: "another share's guest: the annotations of this share", method: 'POST', url: '/api/annotations', body: listing(share.guest, guest.otherShare), status: 403, hides: ["Grace's note", "Hedy's comment"] },
      { name: "another share's guest: annotate this share", method: 'POST', url: '/api/model/create', body: annotationBody(share.guest, guest.otherShare), status: 403 },
      { name: "another share's guest: annotate this share with grace's request key", method: 'POST', url: '/api/model/create', body: withKey(annotationBody(share.guest, guest.otherShare), requestKey.grace), status: 403, hides: ["Grace's note"] },
      { name: "another share's guest: comment with hedy's request key", method: 'POST', url: '/api/model/create', body: withKey(commentBody(annotated.grace, guest.otherShare), requestKey.hedyComment), status: 404, hides: ["Hedy's comment"] },
      { name: "another share's guest: edit grace's note", method: 'POST', url: '/api/model/update', body: noteUpdate(annotated.grace, guest.otherShare, "Grace's note"), status: 404 },
      { name: "another share's guest: comment on grace's annotation", method: 'POST', url: '/api/model/create', body: commentBody(annotated.grace, guest.otherShare), status: 404 },
      { name: "a guest: comment on another share's annotation", method: 'POST', url: '/api/model/create', body: commentBody(annotated.ada, guest.mine), status: 404 },
      { name: "a guest: delete another share's annotation", method: 'POST', url: '/api/model/delete', body: removal(annotated.ada, guest.mine), status: 404 },
      { name: 'a scorm guest: the annotations of the guest share', method: 'POST', url: '/api/annotations', body: listing(share.guest, guest.scorm), status: 403, hides: ["Grace's note"] },
      { name: "a guest of the guest share: the scorm share's annotations", method: 'POST', url: '/api/annotations', body: listing(share.scorm, guest.mine), status: 403, hides: ["Sophie's note"] },
      { name: "a guest: edit the scorm guest's note", method: 'POST', url: '/api/model/update', body: noteUpdate(annotated.sophie, guest.mine, "Sophie's note"), status: 404 },
      { name: 'an unknown guest session: annotations', method: 'POST', url: '/api/annotations', body: listing(share.guest, unknownGuest), status: 403, hides: ["Grace's note"] },
      { name: 'an unknown guest session: annotate', method: 'POST', url: '/api/model/create', body: annotationBody(share.guest, unknownGuest), status: 403 },
      { name: "an unknown guest session: annotate with grace's request key", method: 'POST', url: '/api/model/create', body: withKey(annotationBody(share.guest, unknownGuest), requestKey.grace), status: 403, hides: ["Grace's note"] },
      { name: "a logged-in user on a guest share: annotate with grace's request key", method: 'POST', url: '/api/model/create', body: withKey(annotationBody(share.guest, null), requestKey.grace), headers: { cookie: cookie.alice }, status: 403, hides: ["Grace's note"] },
      { name: "an unknown guest session: edit grace's note", method: 'POST', url: '/api/model/update', body: noteUpdate(annotated.grace, unknownGuest, "Grace's note"), status: 403 },
      { name: "an unknown guest session: delete grace's annotation", method: 'POST', url: '/api/model/delete', body: removal(annotated.grace, unknownGuest), status: 403 },
      { name: 'an unknown guest session: comment', method: 'POST', url: '/api/model/create', body: commentBody(annotated.grace, unknownGuest), status: 403 },
      { name: 'no guest session on a guest share: annotations', method: 'POST', url: '/api/annotations', body: listing(share.guest, null), status: 403, hides: ["Grace's note"] },
      { name: 'no guest session on a guest share: annotate', method: 'POST', url: '/api/model/create', body: annotationBody(share.guest, null), status: 403 },
      { name: "nobody: edit grace's note", method: 'POST', url: '/api/model/update', body: noteUpdate(annotated.grace, null, "Grace's note"), status: 403 },
      { name: 'a logged-in user on a guest share: annotations', method: 'POST', url: '/api/annotations', body: listing(share.guest, null), headers: { cookie: cookie.alice }, status: 403, hides: ["Grace's note"] },
      { name: 'a logged-in user on a guest share: annotate', method: 'POST', url: '/api/model/create', body: annotationBody(share.guest, null), headers: { cookie: cookie.alice }, status: 403 },
      { name: "a logged-in user: comment on grace's annotation (a guest share)", method: 'POST', url: '/api/model/create', body: commentBody(annotated.grace, null), headers: { cookie: cookie.alice }, status: 404 },
      { name: 'a guest: annotate another material of the share', method: 'POST', url: '/api/model/create', body: annotationBody(share.guest, guest.mine, 'm-authz-other-t1', 'm-authz-other'), status: 404 },
      { name: 'a guest: annotate an element of another material', method: 'POST', url: '/api/model/create', body: annotationBody(share.guest, guest.mine, 'm-authz-secret-t1'), status: 404 },
      // Annotations where nothing is saved: public and preview shares.
      ...(['public', 'preview'] as const).flatMap((k): Case[] => [
        { name: `annotate a ${k} share`, method: 'POST', url: '/api/model/create', body: annotationBody(share[k], null), status: 403 },
        { name: `annotate a ${k} share, logged in`, method: 'POST', url: '/api/model/create', body: annotationBody(share[k], null), headers: { cookie: cookie.alice }, status: 403 },
        { name: `annotate a ${k} share with a guest session of another share`, method: 'POST', url: '/api/model/create', body: annotationBody(share[k], guest.mine), status: 403 },
        { name: `annotate a ${k} share with grace's guest session and request key`, method: 'POST', url: '/api/model/create', body: withKey(annotationBody(share[k], guest.mine), requestKey.grace), status: 403, hides: ["Grace's note"] },
        { name: `the annotations of a ${k} share`, method: 'POST', url: '/api/annotations', body: listing(share[k], null), headers: { cookie: cookie.alice }, status: 403 },
      ]),
      // ANNOTATION_COMMENTS off: no comment is written, changed or deleted, not even the owner's own.
      { name: 'comments off: comment', method: 'POST', url: '/api/model/create', body: commentBody(annotated.grace, guest.mine), status: 403, commentsOff: true },
      { name: 'comments off: edit her own comment', method: 'POST', url: '/api/model/update', body: commentUpdate(annotated.hedyComment, guest.sameShare, "Hedy's comment"), status: 403, commentsOff: true },
      { name: 'comments off: delete her own comment', method: 'POST', url: '/api/model/delete', body: removal(annotated.hedyComment, guest.sameShare, 'Comment'), status: 403, commentsOff: true },
      { name: 'comments off: the comments of a list', method: 'POST', url: '/api/annotations', body: listing(share.guest, guest.mine), status: 200, hides: ["Hedy's comment"], commentsOff: true },
      // The model calls write annotations and comments only.
      { name: 'model/create of a text element', method: 'POST', url: '/api/model/create', body: { model: { modelName: 'Text', id: 'm-rich-forged', content: { html: '<p>x</p>' } }, relations: {} }, headers: { cookie: cookie.alice }, status: 400 },
      { name: 'model/update of a material', method: 'POST', url: '/api/model/update', body: { model: { id: 'm-rich', modelName: 'Material' }, newValues: { title: 'x' }, oldValues: {} }, headers: { cookie: cookie.alice }, status: 404 },
      { name: 'model/delete of a material', method: 'POST', url: '/api/model/delete', body: { model: { id: 'm-rich', modelName: 'Material' } }, headers: { cookie: cookie.alice }, status: 404 },
      // A share's results (issue 29): only an admin, the holders of `results` and the LMS's instructors; a learner as an unknown share.
      ...(['guest', 'scorm', 'private', 'public', 'preview', 'collection'] as const).flatMap((k): Case[] => [
        { name: `the results of a ${k} share, nobody`, method: 'GET', url: `/api/shares/${share[k]}/results`, status: 403, hides: ['Grace', 'Hedy', 'Sophie'] },
        { name: `the results of a ${k} share, a logged-in learner`, method: 'GET', url: `/api/shares/${share[k]}/results`, headers: { cookie: cookie.alice }, status: 404, hides: ['Grace', 'Hedy', 'Sophie'] },
        { name: `the results CSV of a ${k} share, a logged-in learner`, method: 'GET', url: `/api/shares/${share[k]}/results.csv`, headers: { cookie: cookie.alice }, status: 404, hides: ['Grace', 'Hedy', 'Sophie'] },
        { name: `the results of a ${k} share, a guest's id as the token`, method: 'GET', url: `/api/shares/${share[k]}/results`, headers: { authorization: `Bearer ${guest.mine}` }, status: 403, hides: ['Grace', 'Hedy', 'Sophie'] },
      ]),
      // The admin routes: never with a learner's credentials.
      ...([{}, { cookie: cookie.alice }, { authorization: `Bearer ${guest.mine}` }] as Record<string, string>[]).flatMap((headers): Case[] => [
        { name: `admin users list with ${JSON.stringify(Object.keys(headers))}`, method: 'GET', url: '/api/admin/users', headers, status: 401, hides: ['alice@example.org'] },
        { name: `admin demo shares with ${JSON.stringify(Object.keys(headers))}`, method: 'GET', url: '/api/admin/demo-shares', headers, status: 401 },
        { name: `admin import with ${JSON.stringify(Object.keys(headers))}`, method: 'POST', url: '/api/admin/import', body: { share: 'public', file: smallMaterial('authz-admin') }, headers, status: 401 },
        { name: `admin user removal with ${JSON.stringify(Object.keys(headers))}`, method: 'DELETE', url: '/api/admin/users/bob%40example.org', headers, status: 401 },
      ]),
      { name: 'admin routes with the token through a proxy', method: 'GET', url: '/api/admin/users', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'x-forwarded-for': '203.0.113.9' }, status: 403 },
      // The admin feature routes: the token only; clearing the flags: the token or the role admin, nobody else.
      ...([{}, { cookie: cookie.alice }, { authorization: `Bearer ${guest.mine}` }] as Record<string, string>[]).flatMap((headers): Case[] => [
        { name: `admin feature flags with ${JSON.stringify(Object.keys(headers))}`, method: 'GET', url: '/api/admin/features', headers, status: 401 },
        { name: `admin feature flag set with ${JSON.stringify(Object.keys(headers))}`, method: 'PUT', url: '/api/admin/features/FULLTEXT_SEARCH', body: { enabled: false }, headers, status: 401 },
      ]),
      { name: 'alice (no admin role): clear the feature flags', method: 'POST', url: '/api/features/clear', headers: { cookie: cookie.alice }, status: 403 },
      { name: "a guest's id as the admin token: clear the feature flags", method: 'POST', url: '/api/features/clear', headers: { authorization: `Bearer ${guest.mine}` }, status: 401 },
      { name: 'the admin token through a proxy: clear the feature flags', method: 'POST', url: '/api/features/clear', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'x-forwarded-for': '203.0.113.9' }, status: 403 },
      // The accessibility report: the role admin (or the admin token on the admin routes); anyone else as for an unknown share.
      ...([{}, { cookie: cookie.alice }, { cookie: cookie.forged }, { authorization: `Bearer ${guest.mine}` }] as Record<string, string>[]).flatMap((headers): Case[] => [
        { name: `the accessibility report of a private share with ${JSON.stringify(Object.keys(headers))}`, method: 'GET', url: `/api/shares/${share.otherPrivate}/accessibility-report`, headers, status: 404, hides: ['m-authz-secret'] },
        { name: `the admin accessibility report with ${JSON.stringify(Object.keys(headers))}`, method: 'GET', url: `/api/admin/shares/${share.otherPrivate}/accessibility-report`, headers, status: 401, hides: ['m-authz-secret'] },
      ]),
    ];
  };

  it('refuses every call an actor may not make, shows nobody what is not theirs, and writes nothing', async () => {
    const before = await fingerprint();
    const outcomes: string[] = [];
    for (const c of cases()) {
      const res = await send(c);
      const leaked = (c.hides ?? []).filter((text) => res.body.includes(text));
      if (res.statusCode !== c.status || leaked.length) outcomes.push(`${c.name}: ${res.statusCode} (expected ${c.status})${leaked.length ? `, shows ${leaked.join(', ')}` : ''}`);
    }
    expect(outcomes).toEqual([]);
    expect(await fingerprint(), 'no table changed').toBe(before);
    expect(counts.serverErrors + offCounts.serverErrors).toBe(0);
  });

  it("keeps each learner's work apart: the same event id from another guest is that guest's own, and leaves the first alone", async () => {
    const [original] = (await post('/api/userdata/list', { shareId: share.guest, guestSessionId: guest.mine })).json().data.events;
    expect(original.value).toBe("Grace's answer");
    const [stored] = await t.db.query<{ id: string }>('SELECT id FROM userdata_events WHERE guest_session_id = $1', [guest.mine]);
    const copy = { ...event(q1(share.guest, guest.sameShare), { value: "Hedy's second answer" }), id: stored.id };
    expect((await post('/api/userdata', { events: [copy] })).json().data).toEqual({ acknowledged: [stored.id], stored: 1, duplicates: 0 });
    expect((await post('/api/userdata/list', { shareId: share.guest, guestSessionId: guest.mine })).json().data.events.map((e: { value: unknown }) => e.value)).toEqual(["Grace's answer"]);
  });

  it("keeps each learner's work apart: the same request key from another guest or user is that learner's own create, and leaves the first alone", async () => {
    const theirs = [
      ['another guest of the share', withKey(annotationBody(share.guest, guest.sameShare, 'm-rich-text', 'm-rich', "Hedy's own note"), requestKey.grace), {}, 'annotations', annotated.grace, "Grace's note"],
      ['another user', withKey(annotationBody(share.private, null, 'm-rich-text', 'm-rich', "Bob's own note"), requestKey.alice), { cookie: cookie.bob }, 'annotations', annotated.alice, "Alice's note"],
      ['the annotation’s owner, with the comment key of another guest', withKey(commentBody(annotated.grace, guest.mine, "Grace's own comment"), requestKey.hedyComment), {}, 'comments', annotated.hedyComment, "Hedy's comment"],
    ] as const;
    for (const [who, body, headers, table, firstId, firstText] of theirs) {
      const first = () => t.db.query(`SELECT * FROM ${table} WHERE id = $1`, [firstId]);
      const before = await first();
      const res = await post('/api/model/create', body, headers);
      expect(res.statusCode, who).toBe(200);
      expect(res.json().data, who).toMatchObject({ own: true });
      expect(res.json().data.id, who).not.toBe(firstId);
      expect(res.body, who).not.toContain(firstText);
      expect(await first(), who).toEqual(before);
    }
  });

  /** Pairs of calls that differ only in whether what they name exists elsewhere (another material, another share) or nowhere. */
  const unknownAndNotYours = (): [string, Omit<Case, 'name' | 'status'>, Omit<Case, 'name' | 'status'>][] => [
    ['a material of another share', { method: 'GET', url: `/api/material/${share.public}/m-authz-other` }, { method: 'GET', url: `/api/material/${share.public}/m-nowhere` }],
    ['a model of another material', { method: 'POST', url: '/api/model/query', body: { share: share.public, modelName: 'Text', id: 'm-authz-secret-t1' } }, { method: 'POST', url: '/api/model/query', body: { share: share.public, modelName: 'Text', id: 'm-nowhere-t1' } }],
    ['the current publication of a material of another share', { method: 'POST', url: '/api/publication/current', body: { share: share.public, materialId: 'm-authz-other' } }, { method: 'POST', url: '/api/publication/current', body: { share: share.public, materialId: 'm-nowhere' } }],
    ['the current publication of a material outside the collection', { method: 'POST', url: '/api/publication/current', body: { share: share.collection, materialId: 'm-authz-other' } }, { method: 'POST', url: '/api/publication/current', body: { share: share.collection, materialId: 'm-nowhere' } }],
    ['a material outside the collection', { method: 'POST', url: '/api/collectionMaterial', body: { collectionPublicId: share.collection, publicId: 'material-authz-other' } }, { method: 'POST', url: '/api/collectionMaterial', body: { collectionPublicId: share.collection, publicId: 'material-nowhere' } }],
    ['an answer to a model of another material', { method: 'POST', url: '/api/userdata', body: { events: [event({ ...q1(share.guest, guest.mine), id: 'm-authz-secret-t1', modelName: 'Text' }, { progress: 1 })] } }, { method: 'POST', url: '/api/userdata', body: { events: [event({ ...q1(share.guest, guest.mine), id: 'm-nowhere-t1', modelName: 'Text' }, { progress: 1 })] } }],
    ["another share's guest session", { method: 'POST', url: '/api/userdata/list', body: { shareId: share.guest, guestSessionId: guest.otherShare } }, { method: 'POST', url: '/api/userdata/list', body: { shareId: share.guest, guestSessionId: newGuestLikeId() } }],
    ['feedback on a free-text element of another material', { method: 'POST', url: '/api/taskbase/feedback/', body: { share: share.public, elementId: 'm-authz-secret-free', userAnswer: 'x' } }, { method: 'POST', url: '/api/taskbase/feedback/', body: { share: share.public, elementId: 'm-nowhere-free', userAnswer: 'x' } }],
    ["another guest's annotation to edit", { method: 'POST', url: '/api/model/update', body: noteUpdate(annotated.grace, guest.sameShare, "Grace's note") }, { method: 'POST', url: '/api/model/update', body: noteUpdate(newGuestLikeId(), guest.sameShare, "Grace's note") }],
    ["another user's annotation to delete", { method: 'POST', url: '/api/model/delete', body: removal(annotated.alice, null), headers: { cookie: cookie.bob } }, { method: 'POST', url: '/api/model/delete', body: removal(newGuestLikeId(), null), headers: { cookie: cookie.bob } }],
    ["another guest's comment to delete", { method: 'POST', url: '/api/model/delete', body: removal(annotated.hedyComment, guest.mine, 'Comment') }, { method: 'POST', url: '/api/model/delete', body: removal(newGuestLikeId(), guest.mine, 'Comment') }],
    ["another share's annotation to comment on", { method: 'POST', url: '/api/model/create', body: commentBody(annotated.ada, guest.mine) }, { method: 'POST', url: '/api/model/create', body: commentBody(newGuestLikeId(), guest.mine) }],
    ['a private share named in a search across', { method: 'POST', url: '/api/search/materials/fulltext', body: { share: share.otherPrivate, query: 'authz' } }, { method: 'POST', url: '/api/search/materials/fulltext', body: { share: newGuestLikeId(), query: 'authz' } }],
    ['a material of a private share in a search across', { method: 'POST', url: '/api/search/materials/fulltext', body: { query: 'authz', materialId: 'm-authz-secret' } }, { method: 'POST', url: '/api/search/materials/fulltext', body: { query: 'authz', materialId: 'm-nowhere' } }],
    ['a collection of an unlisted share in a search across', { method: 'POST', url: '/api/search/materials/fulltext', body: { query: 'authz', collectionId: 'c-authz' } }, { method: 'POST', url: '/api/search/materials/fulltext', body: { query: 'authz', collectionId: 'c-nowhere' } }],
    ['the annotations of a material of another share', { method: 'POST', url: '/api/annotations', body: listing(share.guest, guest.mine, 'm-authz-other') }, { method: 'POST', url: '/api/annotations', body: listing(share.guest, guest.mine, 'm-nowhere') }],
  ];

  it('answers the unknown and the not-yours alike: same status, same body, about the same time', async () => {
    const ROUNDS = 15;
    const timings: string[] = [];
    for (const [name, notYours, unknown] of unknownAndNotYours()) {
      const [x, y] = [await send(notYours), await send(unknown)];
      expect(x.statusCode, name).toBeGreaterThanOrEqual(400);
      expect([x.statusCode, x.body], name).toEqual([y.statusCode, y.body]);
      // Interleaved medians (the cached lookups are warm for both after the first pair).
      const ms: [number[], number[]] = [[], []];
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, call] of [notYours, unknown].entries()) {
          const start = performance.now();
          await send(call);
          ms[i].push(performance.now() - start);
        }
      }
      const [notYoursMs, unknownMs] = ms.map((list) => list.sort((p, q) => p - q)[Math.floor(list.length / 2)]);
      timings.push(`${name} ${notYoursMs.toFixed(1)} / ${unknownMs.toFixed(1)} ms`);
      // A loose bound: the two take the same path (one lookup each); a difference the size of a query would show.
      expect(Math.abs(notYoursMs - unknownMs), name).toBeLessThan(25);
    }
    console.log(`not-yours / unknown on ${kind} (medians of ${ROUNDS}): ${timings.join('; ')}`);
  });

  it('logs refusals as warnings, never as errors', () => {
    expect(log.lines().filter((line) => line.level >= 50)).toEqual([]);
    expect(log.lines().some((line) => line.level === 40 && line.msg === 'request refused')).toBe(true);
  });
});
