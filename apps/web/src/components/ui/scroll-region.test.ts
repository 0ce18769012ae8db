import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });

describe('tables', () => {
  it('every table of the app is a ScrollTable: a wide one scrolls in its region, never the page', () => {
    const own = path.join(src, 'components/ui/scroll-region.tsx');
    const files = sources(src);
    expect(files.length).toBeGreaterThan(100);
    const bare = files.filter(
      (file) =>
        file !== own && /from '@mui\/material\/(Table|TableContainer)'/.test(readFileSync(file, 'utf8')),
    );
    expect(bare.map((file) => path.relative(src, file))).toEqual([]);
    // The rule has something to keep: tables are drawn with it.
    const users = files.filter((file) => readFileSync(file, 'utf8').includes('<ScrollTable'));
    expect(users.length).toBeGreaterThan(5);
  });
});
