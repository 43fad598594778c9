import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { isConflictError } from '../../machines/annotation';
import {
  addComment,
  annotationCalls,
  createAnnotation,
  deleteAnnotation,
  loadAnnotation,
  loadAnnotations,
  updateComment,
  updateNote,
  type AnnotationScope,
} from '../../src/annotations/annotationApi';
import { annotationLogic, mayAnnotateOf } from '../../src/annotations/annotationLogic';
import { draftStore } from '../../src/annotations/draftStore';
import { HttpError } from '../../src/api/client';
import { AnnotationCreateBody, AnnotationDeleteBody, AnnotationsListBody, AnnotationUpdateBody, CommentCreateBody, CommentUpdateBody } from '../../model/annotation';
import { emptyRichText } from '../../model/richTextDoc';
import { loadToastQueue } from '../../src/ui/toasts';
import { annotation, comment, doc } from './fixtures';

const GUEST = 'guest-session-abcdefghijklmnop';
const KEY = 'request-key_0123456789';
const scope: AnnotationScope = { base: '/api', share: 'share-1', materialId: 'material-1', guestSessionId: GUEST, path: 'chapter-one' };

type Answer = { status?: number; body: unknown };
let answers: Answer[];
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  answers = [];
  fetchMock = vi.fn(async () => {
    const answer = answers.shift() ?? { body: { data: null } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
const toastQueue = await loadToastQueue();
afterEach(() => {
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const sent = (index = 0) => {
  const [url, init] = fetchMock.mock.calls[index] as [string, RequestInit];
  return { url, method: init.method, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) as unknown };
};

describe('annotation calls: request shapes', () => {
  it('loadAnnotations: POST {base}/annotations with share, materialId, guestSessionId, sort; parses the list', async () => {
    const list = [annotation({ id: 'a1' })];
    answers.push({ body: { data: list } });
    await expect(loadAnnotations('/api', { share: 'share-1', materialId: 'material-1', guestSessionId: GUEST, sort: 'asc' })).resolves.toEqual(list);
    const request = sent();
    expect(request.url).toBe('/api/annotations');
    expect(request.method).toBe('POST');
    expect(request.headers).toMatchObject({ Accept: 'application/json', 'Content-Type': 'application/json' });
    expect(request.body).toEqual({ share: 'share-1', materialId: 'material-1', guestSessionId: GUEST, sort: 'asc' });
    expect(AnnotationsListBody.safeParse(request.body).success).toBe(true);
  });

  it('loadAnnotations rejects an answer that is not a list of annotations', async () => {
    answers.push({ body: { data: [{ id: 'x' }] } });
    await expect(loadAnnotations('/api', { share: 'share-1', materialId: 'material-1', guestSessionId: null, sort: 'desc' })).rejects.toThrow();
  });

  it('createAnnotation: model/create with the selection, the note, the metadata and the request key', async () => {
    const created = annotation({ id: 'a1', noteText: 'Hi' });
    answers.push({ body: { data: created } });
    const selection = { reference: 'text-1', from: 3, to: 9, text: 'passag' };
    await expect(createAnnotation(scope, { selection, note: doc('Hi'), requestKey: KEY })).resolves.toEqual(created);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = sent();
    expect(request.url).toBe('/api/model/create');
    expect(request.body).toEqual({
      model: { modelName: 'Annotation', text: 'passag', from: 3, to: 9, reference: 'text-1', note: doc('Hi'), metadata: { shareId: 'share-1', path: 'chapter-one', materialId: 'material-1' } },
      guestSessionId: GUEST,
      requestKey: KEY,
    });
    expect(AnnotationCreateBody.safeParse(request.body).success).toBe(true);
  });

  it('createAnnotation with a blank note sends no note (a plain highlight)', async () => {
    answers.push({ body: { data: annotation({ id: 'a1' }) } });
    await createAnnotation(scope, { selection: { reference: 'text-1', from: 0, to: 4, text: 'abcd' }, note: doc('  '), requestKey: KEY });
    expect((sent().body as { model: object }).model).not.toHaveProperty('note');
  });

  it('createAnnotation answered with the note of an earlier create with its key (the learner typed on since) puts this note over it', async () => {
    const first = annotation({ id: 'a1', noteText: 'Before the failure' });
    const updated = annotation({ id: 'a1', noteText: 'Before the failure, and after' });
    answers.push({ body: { data: first } }, { body: { data: updated } });
    const selection = { reference: 'text-1', from: 3, to: 9, text: 'passag' };
    await expect(createAnnotation(scope, { selection, note: doc('Before the failure, and after'), requestKey: KEY })).resolves.toEqual(updated);
    expect(sent(1).url).toBe('/api/model/update');
    expect(sent(1).body).toEqual({
      model: { id: 'a1', modelName: 'Annotation' },
      newValues: { note: doc('Before the failure, and after') },
      oldValues: { note: doc('Before the failure') },
      guestSessionId: GUEST,
    });
  });

  it('updateNote: model/update with newValues and oldValues', async () => {
    answers.push({ body: { data: annotation({ id: 'a1', noteText: 'new' }) } });
    await updateNote(scope, { annotation: { id: 'a1' }, newValues: { note: doc('new') }, oldValues: { note: doc('old') } });
    const request = sent();
    expect(request.url).toBe('/api/model/update');
    expect(request.body).toEqual({ model: { id: 'a1', modelName: 'Annotation' }, newValues: { note: doc('new') }, oldValues: { note: doc('old') }, guestSessionId: GUEST });
    expect(AnnotationUpdateBody.safeParse(request.body).success).toBe(true);
  });

  it('updateNote: a 409 is the HttpError the machine reads as a conflict; the call shows no toast (the machine decides it)', async () => {
    answers.push({ status: 409, body: { errors: [{ path: 'oldValues.note', message: 'The resource has been modified. Please reload the page.' }] } });
    const error = await updateNote(scope, { annotation: { id: 'a1' }, newValues: { note: doc('new') }, oldValues: { note: doc('old') } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(409);
    expect(isConflictError(error)).toBe(true);
    expect(toastQueue.visibleToasts).toEqual([]);
  });

  it('updateNote: a 500 is a failure, not a conflict', async () => {
    answers.push({ status: 500, body: {} });
    const error = await updateNote(scope, { annotation: { id: 'a1' }, newValues: { note: doc('new') }, oldValues: { note: doc('old') } }).catch((e: unknown) => e);
    expect(isConflictError(error)).toBe(false);
    expect((error as HttpError).status).toBe(500);
  });

  it('deleteAnnotation: model/delete of the Annotation', async () => {
    answers.push({ body: { data: null } });
    await deleteAnnotation(scope, { annotation: { id: 'a1' } });
    const request = sent();
    expect(request.url).toBe('/api/model/delete');
    expect(request.body).toEqual({ model: { id: 'a1', modelName: 'Annotation' }, guestSessionId: GUEST });
    expect(AnnotationDeleteBody.safeParse(request.body).success).toBe(true);
  });

  it('addComment: model/create of a Comment appended to the annotation’s comments', async () => {
    const created = comment({ id: 'c1', text: 'Hello' });
    answers.push({ body: { data: created } });
    await expect(addComment(scope, { annotation: { id: 'a1' }, content: doc('Hello'), requestKey: KEY })).resolves.toEqual(created);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = sent();
    expect(request.url).toBe('/api/model/create');
    expect(request.body).toEqual({
      model: { modelName: 'Comment', content: doc('Hello') },
      appendTo: { id: 'a1', modelName: 'Annotation', attribute: 'comments' },
      guestSessionId: GUEST,
      requestKey: KEY,
    });
    expect(CommentCreateBody.safeParse(request.body).success).toBe(true);
  });

  it('addComment answered with the text of an earlier send with its key (changed since) saves this text over it', async () => {
    const first = comment({ id: 'c1', text: 'Helo' });
    const updated = comment({ id: 'c1', text: 'Hello' });
    answers.push({ body: { data: first } }, { body: { data: updated } });
    await expect(addComment(scope, { annotation: { id: 'a1' }, content: doc('Hello'), requestKey: KEY })).resolves.toEqual(updated);
    expect(sent(1).url).toBe('/api/model/update');
    expect(sent(1).body).toEqual({ model: { id: 'c1', modelName: 'Comment' }, newValues: { content: doc('Hello') }, oldValues: { content: doc('Helo') }, guestSessionId: GUEST });
  });

  it('updateComment: model/update of the Comment’s content', async () => {
    answers.push({ body: { data: comment({ id: 'c1', text: 'new' }) } });
    await updateComment({ ...scope, guestSessionId: null }, { comment: { id: 'c1' }, newValues: { content: doc('new') }, oldValues: { content: doc('old') } });
    const request = sent();
    expect(request.body).toEqual({ model: { id: 'c1', modelName: 'Comment' }, newValues: { content: doc('new') }, oldValues: { content: doc('old') }, guestSessionId: null });
    expect(CommentUpdateBody.safeParse(request.body).success).toBe(true);
  });

  it('loadAnnotation reads the list and picks the annotation; a missing one is a 404', async () => {
    answers.push({ body: { data: [annotation({ id: 'a1' }), annotation({ id: 'a2' })] } });
    await expect(loadAnnotation(scope, { annotation: { id: 'a2' } })).resolves.toMatchObject({ id: 'a2' });
    answers.push({ body: { data: [] } });
    await expect(loadAnnotation(scope, { annotation: { id: 'a2' } })).rejects.toMatchObject({ status: 404 });
  });

  it('a failed list call shows no toast either', async () => {
    answers.push({ status: 500, body: {} });
    const error = await loadAnnotations('/api', { share: 'share-1', materialId: 'material-1', guestSessionId: null, sort: 'desc' }).catch((e: unknown) => e);
    expect((error as HttpError).status).toBe(500);
    expect(toastQueue.visibleToasts).toEqual([]);
  });
});

describe('the annotation machine with the glue', () => {
  it('a 409 of the real updateNote call takes the machine to conflict', async () => {
    const store = { ...draftStore({ share: 'share-1', materialId: 'material-1' }), persist: vi.fn(), discard: vi.fn() };
    const actor = createActor(annotationLogic(annotationCalls(scope), store), {
      input: { mayAnnotate: true, annotation: annotation({ id: 'a1', noteText: 'old' }) },
    }).start();
    answers.push({ status: 409, body: { errors: [] } });
    actor.send({ type: 'edit.start' });
    actor.send({ type: 'draft.change', note: doc('new') });
    actor.send({ type: 'draft.save' });
    await waitFor(actor, (s) => s.matches('conflict'));
    expect(actor.getSnapshot().context.note).toEqual(doc('new'));
    expect(store.discard).not.toHaveBeenCalled();
    expect(store.persist).toHaveBeenCalled();
    actor.stop();
  });

  it('creating: the draft is kept before the call and dropped once acknowledged', async () => {
    const store = { ...draftStore({ share: 'share-1', materialId: 'material-1' }), persist: vi.fn(), discard: vi.fn() };
    const actor = createActor(annotationLogic(annotationCalls(scope), store), { input: { mayAnnotate: true } }).start();
    answers.push({ body: { data: annotation({ id: 'a1', from: 0, to: 4, text: 'abcd' }) } });
    actor.send({ type: 'selection.change', selection: { reference: 'text-1', from: 0, to: 4, text: 'abcd' } });
    actor.send({ type: 'compose.start' });
    actor.send({ type: 'draft.save' });
    const { requestKey } = actor.getSnapshot().context;
    expect(store.persist).toHaveBeenCalledWith({ key: 'text-1#0-4', draft: { annotationId: null, selection: { reference: 'text-1', from: 0, to: 4, text: 'abcd' }, note: emptyRichText(), oldNote: emptyRichText(), requestKey } });
    expect(sent().body).toMatchObject({ requestKey });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(store.discard).toHaveBeenCalledWith({ key: 'text-1#0-4' });
    actor.stop();
  });

  it('a failed create is created again when the window is online again, once, and no longer listened for after', async () => {
    const online = new EventTarget();
    vi.stubGlobal('window', online);
    const store = { ...draftStore({ share: 'share-1', materialId: 'material-1' }), persist: vi.fn(), discard: vi.fn() };
    const actor = createActor(annotationLogic(annotationCalls(scope), store), { input: { mayAnnotate: true } }).start();
    answers.push({ status: 503, body: {} }, { body: { data: annotation({ id: 'a1', from: 0, to: 4, text: 'abcd' }) } });
    actor.send({ type: 'selection.change', selection: { reference: 'text-1', from: 0, to: 4, text: 'abcd' } });
    actor.send({ type: 'compose.start' });
    actor.send({ type: 'draft.save' });
    await waitFor(actor, (s) => s.matches('failed'));
    online.dispatchEvent(new Event('online'));
    await waitFor(actor, (s) => s.matches('saved'));
    online.dispatchEvent(new Event('online'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sent(1).body).toMatchObject({ requestKey: actor.getSnapshot().context.requestKey });
    actor.stop();
  });
});

describe('mayAnnotateOf (spec section 6)', () => {
  const page = { shareSettings: { private: false, saveGuestSessions: true, scorm: false }, guestSession: null, preview: false };
  it('private share or a guest session, and canAnnotate', () => {
    expect(mayAnnotateOf(page, true)).toBe(false);
    expect(mayAnnotateOf({ ...page, guestSession: { publicId: GUEST, name: 'A B' } }, true)).toBe(true);
    const user = { id: 'u1', email: 'ada@example.org', firstname: 'Ada', lastname: 'Lovelace', name: 'Ada Lovelace', roles: [], favoriteMaterialIds: [] };
    expect(mayAnnotateOf({ ...page, shareSettings: { ...page.shareSettings, private: true }, user }, true)).toBe(true);
    expect(mayAnnotateOf({ ...page, shareSettings: { ...page.shareSettings, private: true }, user: null }, true)).toBe(false);
    expect(mayAnnotateOf({ ...page, shareSettings: { ...page.shareSettings, private: true }, user }, false)).toBe(false);
    expect(mayAnnotateOf({ ...page, guestSession: { publicId: GUEST, name: 'A B' }, preview: true }, true)).toBe(false);
  });
});
