import * as z from 'zod/mini';
import type { AnnotationDraft, DiscardDraftParams, PersistDraftParams } from '../../machines/annotation';
import { RichTextDoc } from '../model/richTextDoc';

/*
 * The drafts the annotation statechart keeps in the browser (machines/annotation.ts `persistDraft`,
 * `discardDraft`): a note not yet acknowledged by the server survives a reload. One localStorage
 * entry per share + material + annotation (the machine's key, `draftKeyOf(selection)`, is the same
 * before and after the annotation exists):
 *
 *   lernwerk.annotationDraft:{share}/{materialId}/{reference}#{from}-{to}  →  AnnotationDraft as JSON
 *
 * Read back on start (`readDraft`, `listDrafts`). An entry that does not parse (an older format, a
 * hand edit) is dropped. Without localStorage (blocked, full) the drafts live in memory for the
 * page's life: saving still works, only the reload durability is lost.
 *
 * `unsentDraftCount()` counts every kept draft of this browser (the header's save state);
 * `subscribeToDrafts` calls back when it may have changed, also when another tab changed it.
 */

export const DRAFT_KEY_PREFIX = 'lernwerk.annotationDraft:';

/** The share and material the drafts belong to. */
export type DraftScope = { share: string; materialId: string };

const Draft = z.strictObject({
  annotationId: z.nullable(z.string()),
  selection: z.strictObject({ reference: z.string(), from: z.int(), to: z.int(), text: z.string() }),
  note: RichTextDoc,
  oldNote: RichTextDoc,
});

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** In-memory stand-in when localStorage cannot be used. */
class MemoryStorage implements KeyValueStorage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

let memory: MemoryStorage | null = null;

function storage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Access denied (privacy settings): fall through.
  }
  return (memory ??= new MemoryStorage());
}

const listeners = new Set<() => void>();
let listeningToOtherTabs = false;

function notify(): void {
  for (const listener of [...listeners]) listener();
}

/** The storage key of a draft. */
export function draftStorageKey(scope: DraftScope, key: string): string {
  return `${DRAFT_KEY_PREFIX}${encodeURIComponent(scope.share)}/${encodeURIComponent(scope.materialId)}/${key}`;
}

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
    storage().setItem(storageKey, value);
    // A copy kept in memory while the storage was full is outdated now.
    if (memory && memory !== storage()) memory.removeItem(storageKey);
  } catch {
    (memory ??= new MemoryStorage()).setItem(storageKey, value);
  }
  notify();
}

/** Drops the draft under `key` (discardDraft). */
export function discardDraft(scope: DraftScope, { key }: DiscardDraftParams): void {
  if (!key) return;
  const storageKey = draftStorageKey(scope, key);
  try {
    storage().removeItem(storageKey);
  } catch {
    // Nothing kept there.
  }
  memory?.removeItem(storageKey);
  notify();
}

/** The draft kept under `key`, or null; an unreadable entry is dropped. */
export function readDraft(scope: DraftScope, key: string): AnnotationDraft | null {
  const storageKey = draftStorageKey(scope, key);
  const raw = memory?.getItem(storageKey) ?? storage().getItem(storageKey);
  const draft = parse(raw);
  if (raw !== null && !draft) discardDraft(scope, { key });
  return draft;
}

function keysOf(from: KeyValueStorage, prefix: string): string[] {
  const keys: string[] = [];
  for (let i = 0; i < from.length; i += 1) {
    const key = from.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

function allKeys(prefix: string): string[] {
  const store = storage();
  const keys = new Set(keysOf(store, prefix));
  if (memory && memory !== store) for (const key of keysOf(memory, prefix)) keys.add(key);
  return [...keys];
}

/** The drafts kept for the material of a share (to start their annotation machines with, after a reload). */
export function listDrafts(scope: DraftScope): { key: string; draft: AnnotationDraft }[] {
  const prefix = draftStorageKey(scope, '');
  return allKeys(prefix).flatMap((storageKey) => {
    const key = storageKey.slice(prefix.length);
    const draft = readDraft(scope, key);
    return draft ? [{ key, draft }] : [];
  });
}

/** How many notes this browser keeps that the server has not acknowledged (every share and material). */
export function unsentDraftCount(): number {
  return allKeys(DRAFT_KEY_PREFIX).length;
}

/** Calls `listener` when the kept drafts may have changed (in this tab or another); answers the unsubscribe. */
export function subscribeToDrafts(listener: () => void): () => void {
  listeners.add(listener);
  if (!listeningToOtherTabs && typeof window !== 'undefined') {
    listeningToOtherTabs = true;
    window.addEventListener('storage', (event) => {
      if (event.key === null || event.key.startsWith(DRAFT_KEY_PREFIX)) notify();
    });
  }
  return () => {
    listeners.delete(listener);
  };
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
