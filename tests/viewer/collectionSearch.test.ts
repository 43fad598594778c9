import { describe, expect, it } from 'vitest';
import { CollectionSearch, rememberSearch, searchToRestore } from '../../src/collection/collectionSearch';
import { paramsFromUrl, urlFromParams } from '../../src/search/searchUrl';
import { cardTags } from '../../src/collection/MaterialCard';

describe('a search in the address', () => {
  it('leaves out what has its default, and reads back what it wrote', () => {
    const defaults = { sort: 'order:asc', pageSize: 20 };
    expect(urlFromParams({ query: '', sort: 'order:asc', filters: {}, lang: null, pageSize: 20, page: 3 }, defaults)).toEqual({
      q: undefined,
      sort: undefined,
      pageSize: undefined,
      filters: undefined,
    });
    const url = urlFromParams({ query: 'wasser', sort: 'created_at:desc', filters: { 'metadata.fach': ['Bio'] }, lang: null, pageSize: 40, page: 2 }, defaults);
    expect(url).toEqual({ q: 'wasser', sort: 'created_at:desc', pageSize: 40, filters: { 'metadata.fach': ['Bio'] } });
    expect(paramsFromUrl(CollectionSearch.parse(url))).toEqual({ query: 'wasser', sort: 'created_at:desc', pageSize: 40, filters: { 'metadata.fach': ['Bio'] } });
  });

  it('drops what the address cannot hold instead of refusing the page', () => {
    expect(CollectionSearch.parse({ q: 7, sort: 'title:asc', pageSize: 500, filters: { fach: ['x'] } })).toEqual({});
    expect(CollectionSearch.parse({ sort: 'material.title:desc', pageSize: 10, filters: { 'metadata.fach': ['a', 'b'] } })).toEqual({
      sort: 'material.title:desc',
      pageSize: 10,
      filters: { 'metadata.fach': ['a', 'b'] },
    });
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
      expect(searchToRestore('c1', {})).toMatchObject({ q: 'wasser', sort: 'material.title:asc' });
      rememberSearch('c1', { filters: { 'metadata.fach': ['Bio'] } });
      expect(searchToRestore('c1', {})).toMatchObject({ filters: { 'metadata.fach': ['Bio'] } });
      expect(searchToRestore('c1', { pageSize: 40 })).toBeNull();
      // The address wins: a search of its own (also a sort alone) is not replaced.
      expect(searchToRestore('c1', { sort: 'created_at:desc' })).toBeNull();
      expect(searchToRestore('c1', { q: 'luft' })).toBeNull();
      expect(searchToRestore('c2', {})).toBeNull();
      // A search the address brings (a shared link) is the one a later return restores.
      expect(searchToRestore('c1', { q: 'luft' })).toBeNull();
      expect(searchToRestore('c1', {})).toMatchObject({ q: 'luft' });
      // Cleared on the grid: nothing to restore.
      rememberSearch('c1', {});
      expect(searchToRestore('c1', {})).toBeNull();
    } finally {
      if (original) Object.defineProperty(globalThis, 'sessionStorage', original);
      else delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
    }
  });

  it('is restored when the address holds only params of the viewer (lang, guestSessionId, hideHeader), which it keeps', () => {
    const items = new Map<string, string>();
    const original = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
    Object.defineProperty(globalThis, 'sessionStorage', {
      value: { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) },
      configurable: true,
    });
    try {
      const search = { q: 'wasser', sort: 'material.title:desc', pageSize: 40, filters: { 'metadata.fach': ['Bio'] } };
      rememberSearch('c1', search);
      // The route's search: the root's params beside the grid's (the back arrow and a new visit keep lang and guestSessionId).
      const viewerOnly = { lang: 'en', guestSessionId: 'g1', hideHeader: true };
      expect(searchToRestore('c1', viewerOnly)).toEqual(search);
      expect(searchToRestore('c1', {})).toEqual(search);
      // Named beside them, the grid's own params are the session's from now on, without the viewer's.
      expect(searchToRestore('c1', { ...viewerOnly, q: 'luft' })).toBeNull();
      expect(searchToRestore('c1', { lang: 'en' })).toEqual({ q: 'luft' });
    } finally {
      if (original) Object.defineProperty(globalThis, 'sessionStorage', original);
      else delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
    }
  });
});
