import { describe, expect, it } from 'vitest';
import { SharedStrings } from './xlsx-shared-strings';

describe('SharedStrings', () => {
  it('gives back each string as added, past its first buffer', () => {
    const strings = new SharedStrings();
    const added = Array.from({ length: 5_000 }, (_, i) => `${i} Café ☕ 𝄞 ${'x'.repeat(i % 50)}`);
    added.push('', 'last');
    for (const text of added) strings.add(text);
    strings.trim();
    expect(strings.length).toBe(added.length);
    expect(added.every((text, i) => strings.get(i) === text)).toBe(true);
  });

  it('has nothing at an index it does not hold', () => {
    const strings = new SharedStrings();
    strings.add('a');
    expect([strings.get(1), strings.get(-1), strings.get(0.5), strings.get(Number.NaN)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
