// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnnotationDraft } from '../../machines/annotation';
import { doc } from './fixtures';

const scope = { share: 'share-1', materialId: 'material-1' };
const draft = (from: number, note = 'Unsent'): AnnotationDraft => ({
  annotationId: null,
  selection: { reference: 'text-1', from, to: from + 4, text: 'abcd' },
  note: doc(note),
  oldNote: doc(''),
});

const load = () => import('../../src/annotations/draftStore');

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe('draft store', () => {
  it('keeps a draft per share + material + annotation in localStorage, and drops it', async () => {
    const store = await load();
    store.persistDraft(scope, { key: 'text-1#0-4', draft: draft(0) });
    expect(localStorage.getItem('lernwerk.annotationDraft:share-1/material-1/text-1#0-4')).toBe(JSON.stringify(draft(0)));
    expect(store.readDraft(scope, 'text-1#0-4')).toEqual(draft(0));
    expect(store.readDraft({ ...scope, materialId: 'material-2' }, 'text-1#0-4')).toBeNull();
    store.discardDraft(scope, { key: 'text-1#0-4' });
    expect(localStorage.length).toBe(0);
  });

  it('survives a re-import of the module (a reload): read back, counted, listed', async () => {
    const first = await load();
    first.persistDraft(scope, { key: 'text-1#0-4', draft: draft(0) });
    first.persistDraft(scope, { key: 'text-1#10-14', draft: draft(10, 'Second') });
    first.persistDraft({ share: 'share-2', materialId: 'material-1' }, { key: 'text-1#0-4', draft: draft(0) });

    vi.resetModules();
    const second = await load();
    expect(second).not.toBe(first);
    expect(second.unsentDraftCount()).toBe(3);
    expect(second.readDraft(scope, 'text-1#10-14')).toEqual(draft(10, 'Second'));
    expect(second.listDrafts(scope).map((entry) => entry.key).sort()).toEqual(['text-1#0-4', 'text-1#10-14']);
  });

  it('keeps the request key of a new annotation’s draft across a reload; a draft kept before keys existed still reads', async () => {
    const keyed = { ...draft(0), requestKey: 'request-key_0123456789' };
    (await load()).persistDraft(scope, { key: 'text-1#0-4', draft: keyed });
    (await load()).persistDraft(scope, { key: 'text-1#10-14', draft: draft(10) });
    vi.resetModules();
    const second = await load();
    expect(second.readDraft(scope, 'text-1#0-4')).toEqual(keyed);
    expect(second.readDraft(scope, 'text-1#10-14')).toEqual(draft(10));
  });

  it('counts unsent drafts and tells subscribers when they change', async () => {
    const store = await load();
    const listener = vi.fn();
    const unsubscribe = store.subscribeToDrafts(listener);
    expect(store.unsentDraftCount()).toBe(0);
    store.persistDraft(scope, { key: 'text-1#0-4', draft: draft(0) });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.unsentDraftCount()).toBe(1);
    // Another tab changed the drafts.
    window.dispatchEvent(new StorageEvent('storage', { key: 'lernwerk.annotationDraft:x/y/z' }));
    expect(listener).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else' }));
    expect(listener).toHaveBeenCalledTimes(2);
    store.discardDraft(scope, { key: 'text-1#0-4' });
    expect(store.unsentDraftCount()).toBe(0);
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    store.persistDraft(scope, { key: 'text-1#0-4', draft: draft(0) });
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('drops an entry that does not parse', async () => {
    localStorage.setItem('lernwerk.annotationDraft:share-1/material-1/text-1#0-4', '{"annotationId":5}');
    localStorage.setItem('lernwerk.annotationDraft:share-1/material-1/text-1#5-9', 'not json');
    const store = await load();
    expect(store.listDrafts(scope)).toEqual([]);
    expect(store.unsentDraftCount()).toBe(0);
  });

  it('a full storage keeps the draft in memory rather than losing it', async () => {
    const store = await load();
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    store.persistDraft(scope, { key: 'text-1#0-4', draft: draft(0) });
    setItem.mockRestore();
    expect(store.readDraft(scope, 'text-1#0-4')).toEqual(draft(0));
    expect(store.unsentDraftCount()).toBe(1);
    // Room again: the newer draft goes to localStorage and wins over the copy in memory.
    store.persistDraft(scope, { key: 'text-1#0-4', draft: draft(0, 'Newer') });
    expect(store.readDraft(scope, 'text-1#0-4')).toEqual(draft(0, 'Newer'));
    expect(store.unsentDraftCount()).toBe(1);
    store.discardDraft(scope, { key: 'text-1#0-4' });
    expect(store.unsentDraftCount()).toBe(0);
  });

  it('draftStore(scope) has the shape of the machine’s persistDraft / discardDraft', async () => {
    const { draftStore } = await load();
    const store = draftStore(scope);
    store.persist({ key: 'text-1#0-4', draft: draft(0) });
    expect(store.read('text-1#0-4')).toEqual(draft(0));
    expect(store.list()).toHaveLength(1);
    store.discard({ key: 'text-1#0-4' });
    expect(store.read('text-1#0-4')).toBeNull();
  });
});
