import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { remember } from './bounded-memo';

describe('remember', () => {
  it('never holds more than its bound, and always holds what it was last given', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.integer({ min: 0, max: 20 })), (max, keys) => {
        const memo = new Map<number, string>();
        for (const key of keys) {
          expect(remember(memo, key, `v${key}`, max)).toBe(`v${key}`);
          expect(memo.size).toBeLessThanOrEqual(max);
          expect(memo.get(key)).toBe(`v${key}`);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('lets the entry set longest ago go first, and keeps a key it sets again in its place', () => {
    const memo = new Map<string, number>();
    remember(memo, 'a', 1, 2);
    remember(memo, 'b', 2, 2);
    remember(memo, 'a', 3, 2);
    expect([...memo]).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
    remember(memo, 'c', 4, 2);
    expect([...memo]).toEqual([
      ['b', 2],
      ['c', 4],
    ]);
  });
});
