import { describe, expect, it } from 'vitest';
import { rememberSearch, searchItems, searchToRestore } from '../../src/collection/collectionSearch';
import { cardTags } from '../../src/collection/MaterialCard';

const item = (id: string, title: string, created_at: string, metadata: Record<string, string | string[]> = {}) => ({
  id,
  material_snapshot: { id, publicId: id, title, created_at, metadata, description: '' },
});
const items = [
  item('a', 'Brüche verstehen', '2025-03-01T00:00:00Z', { fach: 'Mathematik' }),
  item('b', 'Aufsatz schreiben', '2026-01-10T00:00:00Z', { fach: 'Deutsch', schlagworte: ['Text', 'Stil'] }),
  item('c', 'Zellen und Gewebe', '2025-09-15T00:00:00Z', { fach: 'Biologie' }),
];

describe('collection search', () => {
  it('keeps the collection order by default and sorts by date and title', () => {
    expect(searchItems(items, {}).map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(searchItems(items, { sort: 'created_at:desc' }).map((i) => i.id)).toEqual(['b', 'c', 'a']);
    expect(searchItems(items, { sort: 'created_at:asc' }).map((i) => i.id)).toEqual(['a', 'c', 'b']);
    expect(searchItems(items, { sort: 'material.title:asc' }).map((i) => i.id)).toEqual(['b', 'a', 'c']);
    expect(searchItems(items, { sort: 'material.title:desc' }).map((i) => i.id)).toEqual(['c', 'a', 'b']);
  });

  it('matches every word of the query in title or metadata, case-insensitively', () => {
    expect(searchItems(items, { q: 'MATHE' }).map((i) => i.id)).toEqual(['a']);
    expect(searchItems(items, { q: 'deutsch stil' }).map((i) => i.id)).toEqual(['b']);
    expect(searchItems(items, { q: 'deutsch zellen' })).toEqual([]);
  });

  it('shows at most two tags on a card', () => {
    expect(cardTags({ fach: 'Deutsch', schlagworte: ['Text', 'Stil'] })).toEqual(['Deutsch', 'Text']);
  });
});

describe('collection search kept in the session', () => {
  it('is restored on arrival without a search of its own, and only then', () => {
    const items = new Map<string, string>();
    const original = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
    Object.defineProperty(globalThis, 'sessionStorage', {
      value: { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) },
      configurable: true,
    });
    try {
      expect(searchToRestore('c1', {})).toBeNull();
      rememberSearch('c1', { q: 'wasser', sort: 'material.title:asc' });
      expect(searchToRestore('c1', {})).toEqual({ q: 'wasser', sort: 'material.title:asc' });
      // The address wins: a search of its own (also a sort alone) is not replaced.
      expect(searchToRestore('c1', { sort: 'created_at:desc' })).toBeNull();
      expect(searchToRestore('c1', { q: 'luft' })).toBeNull();
      expect(searchToRestore('c2', {})).toBeNull();
      // Cleared on the grid: nothing to restore.
      rememberSearch('c1', {});
      expect(searchToRestore('c1', {})).toBeNull();
    } finally {
      if (original) Object.defineProperty(globalThis, 'sessionStorage', original);
      else delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
    }
  });
});
