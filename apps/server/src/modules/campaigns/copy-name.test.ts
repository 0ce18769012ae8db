import { describe, expect, it } from 'vitest';
import { copyName, copyNameStem, freeCopyName } from './copy-name';

describe('freeCopyName', () => {
  it('starts with "(copy)" and counts up past taken names, ignoring case', () => {
    expect(freeCopyName('Spring', [])).toBe('Spring (copy)');
    expect(freeCopyName('Spring', ['spring (COPY)'])).toBe('Spring (copy 2)');
    expect(freeCopyName('Spring', ['Spring (copy)', 'Spring (copy 2)', 'Spring (copy 4)'])).toBe(
      'Spring (copy 3)',
    );
  });

  it('copies a copy by adding another suffix', () => {
    expect(freeCopyName('Spring (copy)', ['Spring (copy)'])).toBe('Spring (copy) (copy)');
  });

  it('cuts long names so the copy stays within 200 characters', () => {
    const long = 'a'.repeat(200);
    expect(copyName(long, 1)).toHaveLength(200);
    expect(copyName(long, 12)).toBe(`${'a'.repeat(190)} (copy 12)`);
    expect(copyName(`${'b'.repeat(192)}  tail`, 1)).toBe(`${'b'.repeat(192)} (copy)`);
  });

  it('has a stem every copy name starts with', () => {
    const long = 'c'.repeat(200);
    for (const n of [1, 2, 99, 9999]) expect(copyName(long, n).startsWith(copyNameStem(long))).toBe(true);
    expect(copyNameStem('Short')).toBe('Short');
  });
});
