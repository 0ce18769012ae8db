import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FeedError } from './feed-table';
import { SharedStrings } from './xlsx-shared-strings';

/** Strings of every kind: multi-byte UTF-8 (2, 3 and 4 bytes), empty ones, long ones. */
const texts = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    i % 7 === 3 ? '' : `${i} Café ☕ 𝄞 ${'x'.repeat(i % 50)}${i % 97 === 0 ? 'é'.repeat(300) : ''}`,
  );

describe('SharedStrings', () => {
  it('gives back each string as added, past its first block', () => {
    const strings = new SharedStrings();
    const added = texts(5_000);
    added.push('', 'last');
    for (const text of added) strings.add(text);
    expect(strings.length).toBe(added.length);
    expect(strings.spilled).toBe(false);
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

  // The file has no name once opened: what is left of it is the process's descriptor.
  const descriptors = () => readdirSync('/proc/self/fd').length;

  describe.runIf(existsSync('/proc/self/fd'))('past its memory bound', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'shared-strings-'));
    });
    afterEach(() => {
      rmSync(dir, { recursive: true, force: true });
    });

    it('keeps the text in a temporary file and reads it back equal, in order and out of it', () => {
      // 16-byte blocks: most strings span blocks, and many a character is cut by a block's end.
      const before = descriptors();
      const strings = new SharedStrings({ memoryBytes: 256, blockBytes: 16, cacheBytes: 64, tempDir: dir });
      const added = texts(3_000);
      for (const text of added) strings.add(text);
      expect(strings.spilled).toBe(true);
      expect([descriptors(), readdirSync(dir)]).toEqual([before + 1, []]);
      expect(added.every((text, i) => strings.get(i) === text)).toBe(true);
      // Far apart, as a sheet's repeated values refer back to early strings.
      const order = added.map((_, i) => (i * 1_009) % added.length);
      expect(order.every((i) => strings.get(i) === added[i])).toBe(true);
      strings.close();
      expect(descriptors()).toBe(before);
    });

    it('holds no more than its bound in memory before spilling', () => {
      const strings = new SharedStrings({ memoryBytes: 1_024, blockBytes: 64, tempDir: dir });
      let bytes = 0;
      while (!strings.spilled) {
        const text = `string ${strings.length} ☕`;
        bytes += Buffer.byteLength(text);
        strings.add(text);
      }
      // It spills when the text fills the blocks the bound allows and needs one more.
      expect(bytes).toBeGreaterThan(1_024);
      expect(bytes).toBeLessThanOrEqual(1_024 + 64);
      strings.close();
    });

    it('closes the file when closed, and is then of no use', () => {
      const before = descriptors();
      const strings = new SharedStrings({ memoryBytes: 64, blockBytes: 16, tempDir: dir });
      for (const text of texts(100)) strings.add(text);
      expect(descriptors()).toBe(before + 1);
      strings.close();
      strings.close();
      expect([descriptors(), readdirSync(dir)]).toEqual([before, []]);
      expect(() => strings.get(0)).toThrow('closed');
    });

    it('refuses more text than a feed can take', () => {
      const before = descriptors();
      const strings = new SharedStrings({ memoryBytes: 64, blockBytes: 16, maxBytes: 1_000, tempDir: dir });
      expect(() => {
        for (const text of texts(1_000)) strings.add(text);
      }).toThrow(
        new FeedError('The XLSX file holds more text than a feed can take: split it or upload it as CSV.'),
      );
      strings.close();
      expect([descriptors(), readdirSync(dir)]).toEqual([before, []]);
    });
  });
});
