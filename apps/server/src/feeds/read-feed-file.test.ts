import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_LIMITS, FeedError } from './feed-table';
import { readFeedFile } from './read-feed-file';

const MB = 1024 * 1024;

describe('readFeedFile size limit', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'feed-limit-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** A CSV of `rows` rows of about 1 KB each. */
  const csv = async (name: string, rows: number) => {
    const file = join(dir, name);
    const cell = 'x'.repeat(1000);
    await writeFile(
      file,
      `Unique_ID,Text\n${Array.from({ length: rows }, (_, i) => `id-${i},${cell}`).join('\n')}\n`,
    );
    return file;
  };
  const rowsOf = async (file: string, maxBytes?: number) => {
    let n = 0;
    for await (const _ of (await readFeedFile(file, { kind: 'csv', maxBytes })).rows) n++;
    return n;
  };

  it("refuses a file over the operator's limit (FEED_MAX_MB) and reads one within it", async () => {
    const file = await csv('two-mb.csv', 2100);
    await expect(rowsOf(file, MB)).rejects.toThrow(
      new FeedError('The file is 3 MB; the most a feed may be is 1 MB.'),
    );
    expect(await rowsOf(file, 3 * MB)).toBe(2100);
  });

  it("holds Studio's 100 MB by default and lets a larger limit past it", async () => {
    const huge = join(dir, 'huge.xlsx');
    await writeFile(huge, 'PK\u0003\u0004');
    await truncate(huge, FEED_LIMITS.bytes + MB); // sparse: nothing is written
    const tooLarge = 'The file is 101 MB; the most a feed may be is 100 MB.';
    await expect(readFeedFile(huge, { kind: 'auto' })).rejects.toThrow(new FeedError(tooLarge));
    // Past the size check, the zip reader finds no archive in the zeros.
    const refusal = await readFeedFile(huge, { kind: 'auto', maxBytes: 200 * MB }).catch((error) => error);
    expect(refusal).toBeInstanceOf(FeedError);
    expect(refusal.message).not.toBe(tooLarge);
  });
});
