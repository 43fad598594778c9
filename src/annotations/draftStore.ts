import * as z from 'zod/mini';
import type { AnnotationDraft, DiscardDraftParams, PersistDraftParams } from '../../machines/annotation';
import { RequestKey } from '../../model/requestKey';
import { RichTextDoc } from '../../model/richTextDoc';
import { draftKeys, draftStorage, draftStorageKey, memoryDrafts, notifyDraftsChanged, type DraftScope } from './unsentDrafts';

/*
 * The drafts the annotation statechart keeps in the browser (machines/annotation.ts `persistDraft`,
 * `discardDraft`): a note not yet acknowledged by the server survives a reload. One localStorage
 * entry per share + material + annotation (the machine's key, `draftKeyOf(selection)`, is the same
 * before and after the annotation exists):
 *
 *   lernwerk.annotationDraft:{share}/{materialId}/{reference}#{from}-{to}  →  AnnotationDraft as JSON
 *
 * The draft of a new annotation holds the request key of its create (`requestKey`): saved after a
 * reload, it repeats the create with the same key, and the server answers the annotation it may have
 * made already instead of making a second one.
 *
 * Read back on start (`readDraft`, `listDrafts`). An entry that does not parse (an older format, a
 * hand edit) is dropped. Without localStorage (blocked, full) the drafts live in memory for the
 * page's life: saving still works, only the reload durability is lost.
 *
 * Where they are kept, and how many there are, is ./unsentDrafts.ts (small: the header's save state
 * counts them on the first route): `unsentDraftCount(scope?)`, and `subscribeToDrafts`, which calls
 * back when the count may have changed, also when another tab changed it.
 */

export { DRAFT_KEY_PREFIX, draftStorageKey, subscribeToDrafts, unsentDraftCount, type DraftScope } from './unsentDrafts';

const Draft = z.strictObject({
  annotationId: z.nullable(z.string()),
  selection: z.strictObject({ reference: z.string(), from: z.int(), to: z.int(), text: z.string() }),
  note: RichTextDoc,
  oldNote: RichTextDoc,
  requestKey: z.optional(RequestKey),
});

function parse(raw: string | null): AnnotationDraft | null {
  if (raw === null) return null;
  try {
    const result = Draft.safeParse(JSON.parse(raw));
    return result.success ? (result.data as AnnotationDraft) : null;
  } catch {
    return null;
  }
}

/** Keeps `draft` under `key` (persistDraft). A full storage moves the drafts to memory rather than losing this one. */
export function persistDraft(scope: DraftScope, { key, draft }: PersistDraftParams): void {
  const storageKey = draftStorageKey(scope, key);
  const value = JSON.stringify(draft);
  try {
    const storage = draftStorage();
    storage.setItem(storageKey, value);
    // A copy kept in memory while the storage was full is outdated now.
    const memory = memoryDrafts();
    if (memory && memory !== storage) memory.removeItem(storageKey);
  } catch {
    memoryDrafts(true).setItem(storageKey, value);
  }
  notifyDraftsChanged();
}

/** Drops the draft under `key` (discardDraft). */
export function discardDraft(scope: DraftScope, { key }: DiscardDraftParams): void {
  if (!key) return;
  const storageKey = draftStorageKey(scope, key);
  try {
    draftStorage().removeItem(storageKey);
  } catch {
    // Nothing kept there.
  }
  memoryDrafts()?.removeItem(storageKey);
  notifyDraftsChanged();
}

/** The draft kept under `key`, or null; an unreadable entry is dropped. */
export function readDraft(scope: DraftScope, key: string): AnnotationDraft | null {
  const storageKey = draftStorageKey(scope, key);
  const raw = memoryDrafts()?.getItem(storageKey) ?? draftStorage().getItem(storageKey);
  const draft = parse(raw);
  if (raw !== null && !draft) discardDraft(scope, { key });
  return draft;
}

/** The drafts kept for the material of a share (to start their annotation machines with, after a reload). */
export function listDrafts(scope: DraftScope): { key: string; draft: AnnotationDraft }[] {
  const prefix = draftStorageKey(scope, '');
  return draftKeys(prefix).flatMap((storageKey) => {
    const key = storageKey.slice(prefix.length);
    const draft = readDraft(scope, key);
    return draft ? [{ key, draft }] : [];
  });
}

/** The store of one share + material, in the shape of the machine's actions. */
export type DraftStore = {
  persist: (params: PersistDraftParams) => void;
  discard: (params: DiscardDraftParams) => void;
  read: (key: string) => AnnotationDraft | null;
  list: () => { key: string; draft: AnnotationDraft }[];
};

export function draftStore(scope: DraftScope): DraftStore {
  return {
    persist: (params) => persistDraft(scope, params),
    discard: (params) => discardDraft(scope, params),
    read: (key) => readDraft(scope, key),
    list: () => listDrafts(scope),
  };
}
