import { describe, expect, it } from 'vitest';
import { WeightedCache } from './weighted-cache';

describe('WeightedCache', () => {
  it('lets the least recently used go first once the weights pass the bound', () => {
    const cache = new WeightedCache<string, number>(10);
    cache.set('a', 1, 4);
    cache.set('b', 2, 4);
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('c', 3, 4);
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([1, undefined, 3]);
    expect(cache.weight).toBe(8);
  });

  it('keeps no value heavier than one may be, and drops what it replaced', () => {
    const cache = new WeightedCache<string, string>(100, 10);
    cache.set('a', 'light', 5);
    cache.set('a', 'heavy', 11);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.weight).toBe(0);
  });

  it('reweighs a value that grew: others go first, then the value itself when it alone is too heavy', () => {
    const cache = new WeightedCache<string, string>(10);
    cache.set('a', 'a', 3);
    cache.set('b', 'b', 3);
    cache.reweigh('b', 5);
    expect([cache.peek('a'), cache.peek('b'), cache.weight]).toEqual([undefined, 'b', 8]);
    cache.reweigh('b', 3);
    expect([cache.peek('b'), cache.weight]).toEqual([undefined, 0]);
    cache.reweigh('gone', 3);
    expect(cache.weight).toBe(0);
  });
});
