// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { learnerStateKey, loadLearnerState, persistLearnerState, saveLearnerState } from '../../src/viewer/localLearnerState';

class MemoryStorage {
  items = new Map<string, string>();
  full = false;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('quota', 'QuotaExceededError');
    this.items.set(key, value);
  }
}

describe('learner state in the browser', () => {
  it('round-trips, and reads nothing from a missing, broken or foreign entry', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    const key = learnerStateKey('share1', 'm1');
    expect(loadLearnerState(key, storage)).toEqual({});
    expect(saveLearnerState(key, { q: { evaluated: true } }, storage)).toBe(true);
    expect(loadLearnerState(key, storage)).toEqual({ q: { evaluated: true } });
    storage.setItem(key, '{not json');
    expect(loadLearnerState(key, storage)).toEqual({});
    storage.setItem(key, JSON.stringify({ 'bad id!': {} }));
    expect(loadLearnerState(key, storage)).toEqual({});
  });

  it('a browser that refuses storage (a blocked third-party frame) reads nothing and writes nothing, without throwing', () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', { get: () => { throw new DOMException('denied', 'SecurityError'); }, configurable: true });
    try {
      expect(loadLearnerState('k')).toEqual({});
      expect(saveLearnerState('k', { q: {} })).toBe(false);
    } finally {
      if (original) Object.defineProperty(globalThis, 'localStorage', original);
      else delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });

  it('a full storage does not throw at the learner', () => {
    const storage = new MemoryStorage();
    storage.full = true;
    expect(saveLearnerState('k', { q: {} }, storage as unknown as Storage)).toBe(false);
  });

  it('writes the viewer’s saved state after the frame of a change, once per frame, and at once when the page is left', () => {
    const listeners: ((s: { context: { saved: Record<string, Record<string, unknown>> } }) => void)[] = [];
    const viewer = { subscribe: (l: (typeof listeners)[number]) => (listeners.push(l), { unsubscribe: () => {} }) };
    const written: unknown[] = [];
    const original = globalThis.localStorage;
    Object.defineProperty(globalThis, 'localStorage', { value: { setItem: (_k: string, v: string) => written.push(JSON.parse(v)) }, configurable: true });
    try {
      const deferred: (() => void)[] = [];
      const subscription = persistLearnerState(viewer, 'k', (write) => (deferred.push(write), () => {}));
      const saved = { q: { value: 'x' } };
      listeners[0]({ context: { saved } });
      expect(written).toEqual([]);
      deferred.shift()!();
      expect(written).toEqual([{ q: { value: 'x' } }]);
      listeners[0]({ context: { saved } });
      expect(deferred).toHaveLength(0);
      // Two changes before the deferred write: written once, the later one.
      listeners[0]({ context: { saved: { q: { value: 'y' } } } });
      listeners[0]({ context: { saved: { q: { value: 'z' } } } });
      expect(deferred).toHaveLength(1);
      deferred.shift()!();
      expect(written).toEqual([{ q: { value: 'x' } }, { q: { value: 'z' } }]);
      // Leaving the page writes what is still unwritten at once.
      listeners[0]({ context: { saved: { q: { value: 'left' } } } });
      window.dispatchEvent(new Event('pagehide'));
      expect(written.at(-1)).toEqual({ q: { value: 'left' } });
      // So does the end of the subscription (the viewer unmounts).
      listeners[0]({ context: { saved: { q: { value: 'gone' } } } });
      subscription.unsubscribe();
      expect(written.at(-1)).toEqual({ q: { value: 'gone' } });
      expect(written).toHaveLength(4);
    } finally {
      Object.defineProperty(globalThis, 'localStorage', { value: original, configurable: true });
    }
  });

  it('writes at once what changed before it subscribed (a page that completes on opening, announced before the viewer’s effects run)', () => {
    const written: unknown[] = [];
    const original = globalThis.localStorage;
    Object.defineProperty(globalThis, 'localStorage', { value: { setItem: (_k: string, v: string) => written.push(JSON.parse(v)) }, configurable: true });
    try {
      const saved = { step: { progress: 1 } };
      const opened = { getSnapshot: () => ({ context: { saved, changes: [{ id: 'step', field: 'progress', value: 1 }] } }), subscribe: () => ({ unsubscribe: () => {} }) };
      persistLearnerState(opened, 'k');
      expect(written).toEqual([{ step: { progress: 1 } }]);
      // Nothing changed yet: nothing is written (the stored state stays as it is).
      const untouched = { getSnapshot: () => ({ context: { saved: {}, changes: [] } }), subscribe: () => ({ unsubscribe: () => {} }) };
      persistLearnerState(untouched, 'k');
      expect(written).toHaveLength(1);
    } finally {
      Object.defineProperty(globalThis, 'localStorage', { value: original, configurable: true });
    }
  });
});
