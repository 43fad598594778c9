// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { viewerMachine } from '../../machines/viewer';
import { Material } from '../../model/material';
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

  it('writes the viewer’s saved state after the frame of a change, once per frame, and at once when the tab is hidden or the page left', () => {
    const material = Material.parse({ modelName: 'Material', id: 'm', publicId: 'm', title: 'M', content: [{ modelName: 'Separator', id: 't' }] });
    const viewer = createActor(viewerMachine, { input: { material } }).start();
    const change = (value: string) => viewer.send({ type: 'element.changed', id: 'q', field: 'value', value });
    const written: unknown[] = [];
    const original = globalThis.localStorage;
    Object.defineProperty(globalThis, 'localStorage', { value: { setItem: (_k: string, v: string) => written.push(JSON.parse(v)) }, configurable: true });
    const hide = (state: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    try {
      const deferred: (() => void)[] = [];
      const subscription = persistLearnerState(viewer, 'k', (write) => (deferred.push(write), () => {}));
      change('x');
      expect(written).toEqual([]);
      deferred.shift()!();
      expect(written).toEqual([{ q: { value: 'x' } }]);
      // Two changes before the deferred write: written once, the later one.
      change('y');
      change('z');
      expect(deferred).toHaveLength(1);
      deferred.shift()!();
      expect(written).toEqual([{ q: { value: 'x' } }, { q: { value: 'z' } }]);
      // The tab is hidden (it may never come back): what is unwritten is written at once; shown again, nothing.
      change('hidden');
      hide('hidden');
      expect(written.at(-1)).toEqual({ q: { value: 'hidden' } });
      hide('visible');
      expect(written).toHaveLength(3);
      // Leaving the page writes what is still unwritten at once.
      change('left');
      window.dispatchEvent(new Event('pagehide'));
      expect(written.at(-1)).toEqual({ q: { value: 'left' } });
      // So does the end of the subscription (the viewer unmounts).
      change('gone');
      subscription.unsubscribe();
      expect(written.at(-1)).toEqual({ q: { value: 'gone' } });
      expect(written).toHaveLength(5);
      // The stopped viewer's listeners are gone with it.
      viewer.stop();
      window.dispatchEvent(new Event('pagehide'));
      hide('hidden');
      expect(written).toHaveLength(5);
    } finally {
      Object.defineProperty(globalThis, 'localStorage', { value: original, configurable: true });
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
  });

  it('writes at once what changed before it subscribed (a page that completes on opening, announced before the viewer’s effects run)', () => {
    const written: unknown[] = [];
    const original = globalThis.localStorage;
    Object.defineProperty(globalThis, 'localStorage', { value: { setItem: (_k: string, v: string) => written.push(JSON.parse(v)) }, configurable: true });
    try {
      const saved = { step: { progress: 1 } };
      const opened = { getSnapshot: () => ({ context: { saved, changes: [{ id: 'step', field: 'progress', value: 1 }] } }), subscribe: () => ({ unsubscribe: () => {} }), on: () => ({ unsubscribe: () => {} }) };
      persistLearnerState(opened, 'k');
      expect(written).toEqual([{ step: { progress: 1 } }]);
      // Nothing changed yet: nothing is written (the stored state stays as it is).
      const untouched = { getSnapshot: () => ({ context: { saved: {}, changes: [] } }), subscribe: () => ({ unsubscribe: () => {} }), on: () => ({ unsubscribe: () => {} }) };
      persistLearnerState(untouched, 'k');
      expect(written).toHaveLength(1);
    } finally {
      Object.defineProperty(globalThis, 'localStorage', { value: original, configurable: true });
    }
  });
});
