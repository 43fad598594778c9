/*
 * Where the annotation drafts are kept (./draftStore.ts reads and writes them) and how many there
 * are: localStorage, or memory for the page's life when localStorage is blocked or full. Split from
 * the draft store so that the header's save state (src/viewer/SaveStateIndicator.tsx, in the header)
 * counts unsent notes without loading the draft schema: no zod, no React here.
 *
 *   lernwerk.annotationDraft:{share}/{materialId}/{reference}#{from}-{to}  →  AnnotationDraft as JSON
 */

export const DRAFT_KEY_PREFIX = 'lernwerk.annotationDraft:';

/** The share and material the drafts belong to. */
export type DraftScope = { share: string; materialId: string };

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** In-memory stand-in when localStorage cannot be used. */
export class MemoryStorage implements KeyValueStorage {
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

/** The drafts kept in memory (created on first use), or those there are already (`null` when none ever were). */
export function memoryDrafts(create: true): MemoryStorage;
export function memoryDrafts(create?: false): MemoryStorage | null;
export function memoryDrafts(create = false): MemoryStorage | null {
  if (create) memory ??= new MemoryStorage();
  return memory;
}

/** localStorage when the page may use it, else memory. */
export function draftStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Access denied (privacy settings): fall through.
  }
  return memoryDrafts(true);
}

/** The storage key of a draft. */
export function draftStorageKey(scope: DraftScope, key: string): string {
  return `${DRAFT_KEY_PREFIX}${encodeURIComponent(scope.share)}/${encodeURIComponent(scope.materialId)}/${key}`;
}

function keysOf(from: KeyValueStorage, prefix: string): string[] {
  const keys: string[] = [];
  for (let i = 0; i < from.length; i += 1) {
    const key = from.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

/** Storage keys starting with `prefix`, in localStorage and in memory. */
export function draftKeys(prefix: string): string[] {
  const store = draftStorage();
  const keys = new Set(keysOf(store, prefix));
  if (memory && memory !== store) for (const key of keysOf(memory, prefix)) keys.add(key);
  return [...keys];
}

const listeners = new Set<() => void>();
let listeningToOtherTabs = false;
/** Counts by prefix, valid until the drafts change (the header asks on every render). */
const counts = new Map<string, number>();

/** Tells the subscribers that the drafts changed (the draft store calls it after every write). */
export function notifyDraftsChanged(): void {
  counts.clear();
  for (const listener of [...listeners]) listener();
}

/**
 * How many notes this browser keeps that the server has not acknowledged: those of `scope` (one
 * share's material), or of every share and material when no scope is given.
 */
export function unsentDraftCount(scope?: DraftScope): number {
  const prefix = scope ? draftStorageKey(scope, '') : DRAFT_KEY_PREFIX;
  let count = counts.get(prefix);
  if (count === undefined) {
    count = draftKeys(prefix).length;
    counts.set(prefix, count);
  }
  return count;
}

/** Whether the kept drafts survive a reload: none of them lives in memory only. */
export function unsentDraftsAreDurable(): boolean {
  return draftStorage() !== memory && (memory?.length ?? 0) === 0;
}

/** Calls `listener` when the kept drafts may have changed (in this tab or another); answers the unsubscribe. */
export function subscribeToDrafts(listener: () => void): () => void {
  listeners.add(listener);
  if (!listeningToOtherTabs && typeof window !== 'undefined') {
    listeningToOtherTabs = true;
    window.addEventListener('storage', (event) => {
      if (event.key === null || event.key.startsWith(DRAFT_KEY_PREFIX)) notifyDraftsChanged();
    });
  }
  return () => {
    listeners.delete(listener);
  };
}
