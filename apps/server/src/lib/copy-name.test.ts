import { describe, expect, it } from 'vitest';
import { copyBase, copyName, copyNameStem, freeCopyName } from './copy-name';

const MAX = 200;

describe('freeCopyName', () => {
  it('starts with "(copy)" and counts up past taken names, ignoring case', () => {
    expect(freeCopyName('Spring', [], MAX)).toBe('Spring (copy)');
    expect(freeCopyName('Spring', ['spring (COPY)'], MAX)).toBe('Spring (copy 2)');
    expect(freeCopyName('Spring', ['Spring (copy)', 'Spring (copy 2)', 'Spring (copy 4)'], MAX)).toBe(
      'Spring (copy 3)',
    );
  });

  it('copies a copy as another copy of the original, never "(copy) (copy)"', () => {
    expect(freeCopyName('Spring (copy)', ['Spring (copy)'], MAX)).toBe('Spring (copy 2)');
    expect(freeCopyName('Spring (copy 7)', ['Spring (copy)', 'Spring (copy 7)'], MAX)).toBe(
      'Spring (copy 2)',
    );
    expect(copyBase('(copy)')).toBe('(copy)');
  });

  it('cuts long names so the copy stays within the limit', () => {
    const long = 'a'.repeat(200);
    expect(copyName(long, 1, MAX)).toHaveLength(200);
    expect(copyName(long, 12, MAX)).toBe(`${'a'.repeat(190)} (copy 12)`);
    expect(copyName(`${'b'.repeat(192)}  tail`, 1, MAX)).toBe(`${'b'.repeat(192)} (copy)`);
  });

  it('has a stem every copy name starts with', () => {
    const long = 'c'.repeat(200);
    for (const n of [1, 2, 99, 9999]) {
      expect(copyName(long, n, MAX).startsWith(copyNameStem(long, MAX))).toBe(true);
      expect(freeCopyName(`${long} (copy)`, [], MAX).startsWith(copyNameStem(`${long} (copy)`, MAX))).toBe(
        true,
      );
    }
    expect(copyNameStem('Short (copy 3)', MAX)).toBe('Short');
  });
});
