import type { UserdataEvent } from '../../model/tracking';

/**
 * The browser's queue of userdata events not yet acknowledged by the server: every change lands
 * here first, so nothing a learner did is lost to a closed tab or a dropped connection. Reads are
 * synchronous from memory; writes go to IndexedDB in the background, in order.
 */
export type DurableQueue = {
  /** True while the events are kept in IndexedDB; false for the in-memory fallback (or after a write failed). */
  readonly durable: boolean;
  /** Queues events (in memory at once; the IndexedDB write starts at once). */
  add(events: readonly UserdataEvent[]): void;
  /** Resolves once every add so far is committed to IndexedDB (or has failed, which is logged). */
  whenDurable(): Promise<void>;
  /** The share's events for this guest session, plus those recorded before the guest had a name (null), oldest first. */
  pending(shareId: string, guestSessionId: string | null): UserdataEvent[];
  /** Removes acknowledged events. */
  ack(ids: readonly string[]): Promise<void>;
  /** Gives the share's nameless events (guestSessionId null) this guest session. */
  stamp(shareId: string, guestSessionId: string): Promise<void>;
  close(): void;
};

export const TRACKING_DB_NAME = 'lernwerk-tracking';
const STORE = 'events';
const SHARE_INDEX = 'shareId';
/** An open request that neither succeeds nor fails this long (a blocked frame) falls back to memory. */
const OPEN_TIMEOUT_MS = 3000;

export type OpenDurableQueueOptions = {
  /** The IndexedDB to use; default `globalThis.indexedDB`; null: memory only. */
  indexedDB?: IDBFactory | null;
  dbName?: string;
  openTimeoutMs?: number;
};

type Entry = { event: UserdataEvent; seq: number };

/** The events in memory, in the order they were made. */
class MemoryEvents {
  private readonly entries = new Map<string, Entry>();
  private seq = 0;

  put(events: readonly UserdataEvent[]): void {
    for (const event of events) this.entries.set(event.id, { event, seq: this.entries.get(event.id)?.seq ?? this.seq++ });
  }

  delete(ids: readonly string[]): void {
    for (const id of ids) this.entries.delete(id);
  }

  pending(shareId: string, guestSessionId: string | null): UserdataEvent[] {
    return [...this.entries.values()]
      .filter(({ event: { metadata } }) => metadata.shareId === shareId && (metadata.guestSessionId === null || metadata.guestSessionId === guestSessionId))
      .sort((a, b) => a.event.at - b.event.at || a.seq - b.seq)
      .map((entry) => entry.event);
  }

  /** Stamps the share's nameless events and returns them as stamped. */
  stamp(shareId: string, guestSessionId: string): UserdataEvent[] {
    const stamped: UserdataEvent[] = [];
    for (const entry of this.entries.values()) {
      const { metadata } = entry.event;
      if (metadata.shareId !== shareId || metadata.guestSessionId !== null) continue;
      entry.event = { ...entry.event, metadata: { ...metadata, guestSessionId } };
      stamped.push(entry.event);
    }
    return stamped;
  }
}

/** A queue that lives as long as the page (private mode, blocked storage, tests). */
export function createMemoryQueue(): DurableQueue {
  const memory = new MemoryEvents();
  return {
    durable: false,
    add: (events) => memory.put(events),
    whenDurable: () => Promise.resolve(),
    pending: (shareId, guestSessionId) => memory.pending(shareId, guestSessionId),
    ack: async (ids) => memory.delete(ids),
    stamp: async (shareId, guestSessionId) => void memory.stamp(shareId, guestSessionId),
    close: () => {},
  };
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function openDatabase(factory: IDBFactory, name: string, timeoutMs: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => finish(new Error(`IndexedDB did not open within ${timeoutMs} ms`)), timeoutMs);
    function finish(error: unknown, db?: IDBDatabase) {
      if (settled) {
        db?.close();
        return;
      }
      settled = true;
      clearTimeout(timer);
      if (db) resolve(db);
      else reject(error);
    }
    try {
      const request = factory.open(name, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(STORE, { keyPath: 'id' });
        store.createIndex(SHARE_INDEX, 'metadata.shareId');
      };
      request.onsuccess = () => finish(undefined, request.result);
      request.onerror = () => finish(request.error ?? new Error('IndexedDB open failed'));
      request.onblocked = () => finish(new Error('IndexedDB open blocked'));
    } catch (error) {
      finish(error);
    }
  });
}

/**
 * Opens the queue on IndexedDB (database 'lernwerk-tracking', store 'events' keyed by event id,
 * index 'shareId') and loads what it holds into memory. Falls back to an in-memory queue
 * (`durable: false`) when IndexedDB is missing or cannot be opened.
 */
export async function openDurableQueue(options: OpenDurableQueueOptions = {}): Promise<DurableQueue> {
  const factory = options.indexedDB === undefined ? (globalThis.indexedDB ?? null) : options.indexedDB;
  if (!factory) return createMemoryQueue();
  let db: IDBDatabase;
  let stored: UserdataEvent[];
  try {
    db = await openDatabase(factory, options.dbName ?? TRACKING_DB_NAME, options.openTimeoutMs ?? OPEN_TIMEOUT_MS);
    stored = await requestResult(db.transaction(STORE, 'readonly').objectStore(STORE).getAll() as IDBRequest<UserdataEvent[]>);
  } catch (error) {
    console.warn('Tracking: IndexedDB is not available, changes are kept in memory only', error);
    return createMemoryQueue();
  }
  // Another tab upgrading the database must not wait for this one.
  db.onversionchange = () => db.close();
  return new IndexedDbQueue(db, stored);
}

class IndexedDbQueue implements DurableQueue {
  private readonly memory = new MemoryEvents();
  private writes: Promise<void> = Promise.resolve();
  private failed = false;

  constructor(
    private readonly db: IDBDatabase,
    stored: readonly UserdataEvent[],
  ) {
    this.memory.put([...stored].sort((a, b) => a.at - b.at));
  }

  get durable(): boolean {
    return !this.failed;
  }

  add(events: readonly UserdataEvent[]): void {
    this.memory.put(events);
    const written = this.write((store) => events.forEach((event) => store.put(event)));
    this.writes = Promise.all([this.writes, written]).then(() => undefined);
  }

  whenDurable(): Promise<void> {
    return this.writes;
  }

  pending(shareId: string, guestSessionId: string | null): UserdataEvent[] {
    return this.memory.pending(shareId, guestSessionId);
  }

  ack(ids: readonly string[]): Promise<void> {
    this.memory.delete(ids);
    return this.write((store) => ids.forEach((id) => store.delete(id)));
  }

  stamp(shareId: string, guestSessionId: string): Promise<void> {
    const stamped = this.memory.stamp(shareId, guestSessionId);
    if (stamped.length === 0) return Promise.resolve();
    return this.write((store) => stamped.forEach((event) => store.put(event)));
  }

  close(): void {
    this.db.close();
  }

  /**
   * One readwrite transaction. Transactions on the store run in the order they were created, so a
   * delete never overtakes the put before it. A failed write is logged, not thrown: the events are
   * still in memory and will be sent; only surviving a reload is no longer certain.
   */
  private write(work: (store: IDBObjectStore) => void): Promise<void> {
    return new Promise<void>((resolve) => {
      const fail = (error: unknown) => {
        if (!this.failed) console.error('Tracking: writing to IndexedDB failed, changes are kept in memory', error);
        this.failed = true;
        resolve();
      };
      try {
        const transaction = this.db.transaction(STORE, 'readwrite');
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => fail(transaction.error);
        transaction.onabort = () => fail(transaction.error);
        work(transaction.objectStore(STORE));
      } catch (error) {
        fail(error);
      }
    });
  }
}
