import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserdataEvent } from '../../model/tracking';
import { createMemoryQueue, openDurableQueue, TRACKING_DB_NAME, type DurableQueue } from '../../src/tracking/durableQueue';

const GUEST = 'Gs7pQ2vXk9LmN4rT8wYz1A';
const OTHER_GUEST = 'Hx8qR3wYl0MnO5sU9xZa2B';

let counter = 0;
function event(over: { at?: number; shareId?: string; guestSessionId?: string | null; value?: unknown } = {}): UserdataEvent {
  counter += 1;
  return {
    id: `event-${String(counter).padStart(12, '0')}`,
    at: over.at ?? 1000 + counter,
    metadata: { modelName: 'FreeTextInput', id: 'f1', shareId: over.shareId ?? 'share-a', guestSessionId: over.guestSessionId ?? null },
    data: { value: over.value ?? `answer ${counter}` },
  };
}
const ids = (events: readonly UserdataEvent[]) => events.map((e) => e.id);

const opened: DurableQueue[] = [];
async function open(factory: IDBFactory | null) {
  const queue = await openDurableQueue({ indexedDB: factory });
  opened.push(queue);
  return queue;
}
afterEach(() => {
  opened.splice(0).forEach((queue) => queue.close());
  vi.restoreAllMocks();
});

/** The same behaviour, whichever queue: pending order and filter, ack, stamp. */
const kinds: [string, () => Promise<DurableQueue>][] = [
  ['IndexedDB', () => open(new IDBFactory())],
  ['memory', async () => createMemoryQueue()],
];
for (const [kind, make] of kinds) {
  describe(`${kind} queue`, () => {
    it('lists a share’s events oldest first, its guest’s and the nameless ones only', async () => {
      const queue = await make();
      const late = event({ at: 3000 });
      const early = event({ at: 1000 });
      const sameTimeFirst = event({ at: 2000 });
      const sameTimeSecond = event({ at: 2000 });
      const guests = event({ at: 1500, guestSessionId: GUEST });
      const otherGuests = event({ at: 1200, guestSessionId: OTHER_GUEST });
      const otherShare = event({ at: 500, shareId: 'share-b' });
      queue.add([late, early, sameTimeFirst]);
      queue.add([sameTimeSecond, guests, otherGuests, otherShare]);
      expect(ids(queue.pending('share-a', null))).toEqual(ids([early, sameTimeFirst, sameTimeSecond, late]));
      expect(ids(queue.pending('share-a', GUEST))).toEqual(ids([early, guests, sameTimeFirst, sameTimeSecond, late]));
      expect(ids(queue.pending('share-b', null))).toEqual(ids([otherShare]));
      expect(queue.pending('share-c', null)).toEqual([]);
    });

    it('ack removes exactly the given events', async () => {
      const queue = await make();
      const [a, b, c] = [event(), event(), event()];
      queue.add([a, b, c]);
      await queue.ack([a.id, c.id, 'unknown-id-0000000']);
      expect(ids(queue.pending('share-a', null))).toEqual([b.id]);
    });

    it('stamp gives the share’s nameless events the guest session', async () => {
      const queue = await make();
      const [nameless, other, otherShare] = [event(), event({ guestSessionId: OTHER_GUEST }), event({ shareId: 'share-b' })];
      queue.add([nameless, other, otherShare]);
      await queue.stamp('share-a', GUEST);
      expect(queue.pending('share-a', null)).toEqual([]);
      expect(queue.pending('share-a', GUEST)).toEqual([{ ...nameless, metadata: { ...nameless.metadata, guestSessionId: GUEST } }]);
      expect(ids(queue.pending('share-a', OTHER_GUEST))).toEqual([other.id]);
      expect(queue.pending('share-b', null)).toEqual([otherShare]);
    });

    it('a re-added event keeps one entry', async () => {
      const queue = await make();
      const a = event();
      queue.add([a]);
      queue.add([a]);
      await queue.whenDurable();
      expect(queue.pending('share-a', null)).toHaveLength(1);
    });
  });
}

describe('durability on IndexedDB', () => {
  it('what was added survives closing and re-opening, in order', async () => {
    const factory = new IDBFactory();
    const first = await open(factory);
    expect(first.durable).toBe(true);
    const events = [event({ at: 30 }), event({ at: 10 }), event({ at: 20, guestSessionId: GUEST })];
    first.add(events);
    await first.whenDurable();
    first.close();
    const second = await open(factory);
    expect(second.pending('share-a', GUEST)).toEqual([events[1], events[2], events[0]]);
  });

  it('acks and stamps are stored too', async () => {
    const factory = new IDBFactory();
    const first = await open(factory);
    const [a, b, c] = [event(), event(), event()];
    first.add([a, b, c]);
    await first.ack([b.id]);
    await first.stamp('share-a', GUEST);
    first.close();
    const second = await open(factory);
    expect(second.pending('share-a', null)).toEqual([]);
    expect(ids(second.pending('share-a', GUEST))).toEqual([a.id, c.id]);
    expect(second.pending('share-a', GUEST).every((e) => e.metadata.guestSessionId === GUEST)).toBe(true);
  });

  it('an ack right after an add is not overtaken by the add', async () => {
    const factory = new IDBFactory();
    const first = await open(factory);
    const a = event();
    first.add([a]);
    await first.ack([a.id]);
    await first.whenDurable();
    first.close();
    expect((await open(factory)).pending('share-a', null)).toEqual([]);
  });

  it('uses the database lernwerk-tracking with an events store indexed by share', async () => {
    const factory = new IDBFactory();
    const queue = await open(factory);
    queue.add([event({ shareId: 'share-x' })]);
    await queue.whenDurable();
    queue.close();
    const db = await new Promise<IDBDatabase>((resolve) => {
      const request = factory.open(TRACKING_DB_NAME);
      request.onsuccess = () => resolve(request.result);
    });
    const index = db.transaction('events').objectStore('events').index('shareId');
    const count = await new Promise<number>((resolve) => {
      const request = index.count('share-x');
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    expect(count).toBe(1);
  });
});

describe('fallback to memory', () => {
  it('without IndexedDB', async () => {
    const queue = await open(null);
    expect(queue.durable).toBe(false);
    const a = event();
    queue.add([a]);
    await queue.whenDurable();
    expect(queue.pending('share-a', null)).toEqual([a]);
  });

  it('when opening throws (a sandboxed frame) or fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const throwing = { open: () => { throw new DOMException('denied', 'SecurityError'); } } as unknown as IDBFactory;
    expect((await open(throwing)).durable).toBe(false);
    const failing = {
      open: () => {
        const request = {} as IDBOpenDBRequest & { error: DOMException };
        setTimeout(() => {
          Object.assign(request, { error: new DOMException('private mode', 'InvalidStateError') });
          request.onerror?.(new Event('error'));
        }, 0);
        return request;
      },
    } as unknown as IDBFactory;
    const queue = await open(failing);
    expect(queue.durable).toBe(false);
    queue.add([event()]);
    expect(queue.pending('share-a', null)).toHaveLength(1);
  });

  it('when opening never answers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const silent = { open: () => ({}) } as unknown as IDBFactory;
    const started = Date.now();
    const queue = await openDurableQueue({ indexedDB: silent, openTimeoutMs: 50 });
    expect(queue.durable).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('a failed write is logged, the events stay in memory and durable turns false', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const queue = await open(new IDBFactory());
    queue.close();
    const a = event();
    queue.add([a]);
    await queue.whenDurable();
    expect(queue.durable).toBe(false);
    expect(queue.pending('share-a', null)).toEqual([a]);
    expect(error).toHaveBeenCalledTimes(1);
  });
});
