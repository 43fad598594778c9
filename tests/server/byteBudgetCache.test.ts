import { describe, expect, it } from 'vitest';
import { ByteBudgetCache } from '../../server/byteBudgetCache';

describe('ByteBudgetCache', () => {
  it('beyond its budget forgets the least recently used entries first', () => {
    const cache = new ByteBudgetCache<string, string>(10);
    cache.set('a', 'A', 4);
    cache.set('b', 'B', 4);
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C', 4);
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual(['A', undefined, 'C']);
    expect(cache.bytes).toBe(8);
  });

  it('peek leaves the order of use alone', () => {
    const cache = new ByteBudgetCache<string, string>(10);
    cache.set('a', 'A', 4);
    cache.set('b', 'B', 4);
    expect(cache.peek('a')).toBe('A');
    cache.set('c', 'C', 4);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBe('B');
  });

  it('keeps the last entry however large, and counts a replaced entry once', () => {
    const cache = new ByteBudgetCache<string, string>(10);
    cache.set('a', 'A', 4);
    cache.set('big', 'BIG', 50);
    expect([cache.size, cache.peek('big'), cache.bytes]).toEqual([1, 'BIG', 50]);
    cache.set('big', 'SMALL', 3);
    expect([cache.size, cache.bytes]).toEqual([1, 3]);
  });

  it('counts bytes added later only for the value still kept, and evicts by them', () => {
    const cache = new ByteBudgetCache<string, object>(10);
    const [old, fresh, other] = [{}, {}, {}];
    cache.set('k', old, 2);
    cache.set('k', fresh, 2);
    expect(cache.addBytes('k', old, 5)).toBe(false);
    expect(cache.bytes).toBe(2);
    cache.set('o', other, 2);
    expect(cache.addBytes('o', other, 7)).toBe(true);
    // 11 bytes: the least recently used ('k') goes.
    expect([cache.peek('k'), cache.peek('o'), cache.bytes]).toEqual([undefined, other, 9]);
    cache.delete('o');
    expect([cache.size, cache.bytes, [...cache.values()]]).toEqual([0, 0, []]);
  });
});
