import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { productSheet, sheetXlsx } from '../../test/fixtures/feeds/one-sheet';
import { writeZip } from '../../test/fixtures/feeds/write-zip';
import type { SourceRow } from './feed-header';
import { FeedError, type FeedTable, FormattedNumber } from './feed-table';
import { readXlsx, WORKER_MIN_BYTES, type XlsxOptions } from './xlsx-reader';
import { RowBatchWriter, readRowBatch } from './xlsx-worker-messages';
import { WorkerStartError } from './xlsx-worker-table';

const FIXTURES = join(import.meta.dirname, '../../test/fixtures/feeds');
const fixture = (name: string) => join(FIXTURES, name);
const inWorker: XlsxOptions = { worker: 'always' };

async function rowsOf(table: FeedTable): Promise<SourceRow[]> {
  const rows: SourceRow[] = [];
  for await (const row of table.rows) rows.push(row);
  return rows;
}

/** What reading answers, or the error it throws, as a value to compare. */
async function outcome(read: () => Promise<FeedTable>) {
  try {
    const table = await read();
    return { columns: table.columns, rowsHint: table.rowsHint, rows: await rowsOf(table) };
  } catch (error) {
    return { error, feed: error instanceof FeedError };
  }
}

const X = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
/**
 * A workbook of two sheets of `rows` rows under `Unique_ID` and another column, stored, not
 * deflated; `padding` bytes more in a part nothing reads, to make the file as large as wanted.
 */
function bigWorkbook(rows: number, padding = 0): Buffer {
  const sheet = (header: string) =>
    `<worksheet xmlns="${X}"><dimension ref="A1:B${rows + 1}"/><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Unique_ID</t></is></c><c r="B1" t="inlineStr"><is><t>${header}</t></is></c></row>${Array.from(
      { length: rows },
      (_, i) =>
        `<row r="${i + 2}"><c r="A${i + 2}"><v>${i + 1}</v></c><c r="B${i + 2}" t="inlineStr"><is><t>Row ${i + 1} ☕</t></is></c></row>`,
    ).join('')}</sheetData></worksheet>`;
  return writeZip(
    {
      '_rels/.rels': `<Relationships xmlns="${RELS}"><Relationship Id="r1" Type="${R}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      'xl/workbook.xml': `<workbook xmlns="${X}" xmlns:r="${R}"><sheets><sheet name="Feed" sheetId="1" r:id="r1"/><sheet name="Other" sheetId="2" r:id="r2"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': `<Relationships xmlns="${RELS}"><Relationship Id="r1" Type="${R}/worksheet" Target="feed.xml"/><Relationship Id="r2" Type="${R}/worksheet" Target="other.xml"/></Relationships>`,
      'xl/feed.xml': sheet('Reporting_Label'),
      'xl/other.xml': sheet('Note'),
      ...(padding > 0 ? { 'docProps/padding.bin': ' '.repeat(padding) } : {}),
    },
    { store: true },
  );
}

describe('rows in batches across threads', () => {
  it('arrive as they were added: every kind of cell, row numbers, ignored cells', () => {
    const rows: SourceRow[] = [
      { row: 2, cells: ['A-1', 12.5, null, true, false, new FormattedNumber(0.12, '12%'), '日本の春 🎉'] },
      {
        row: 7,
        cells: [null, '', 0, -0.5, new FormattedNumber(1235.5, '1,235.50'), '2026-03-01', 'x'],
        ignored: 2,
      },
      { row: 700_001, cells: [Number.MAX_SAFE_INTEGER, 'a\u0000b', null, null, null, null, '\r\n'] },
    ];
    const writer = new RowBatchWriter(7, 2);
    const batches = [];
    for (const row of rows) {
      writer.add(row);
      if (writer.full) batches.push(writer.take().batch);
    }
    batches.push(writer.take().batch);
    expect(batches.map((batch) => batch.rows.length / 2)).toEqual([2, 1]);
    expect(batches.flatMap((batch) => readRowBatch(batch, 7))).toEqual(rows);
  });
});

// A worker starting from the sources loads them through tsx first: a few hundred milliseconds.
describe('readXlsx in a worker thread', { timeout: 60_000 }, () => {
  let dir: string;
  let big: string;
  let shaped: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'feeds-worker-'));
    big = join(dir, 'big.xlsx');
    await writeFile(big, bigWorkbook(12_000));
    shaped = join(dir, 'one-sheet.xlsx');
    await writeFile(shaped, sheetXlsx(productSheet()));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads what it reads in this thread: header, hint, rows and their cells', async () => {
    const cases: [string, string[]][] = [
      [fixture('good.xlsx'), []],
      [fixture('good.xlsx'), ['Extra!A1:C']],
      [fixture('good.xlsx'), ["'Feed'!B1:D2"]],
      [fixture('good.xlsx'), ['Feed!A1:C', 'More!A1:C', 'Feed!A1:C2']],
      [fixture('long.xlsx'), ['Feed!A:C']],
      [fixture('handmade.xlsx'), []],
      [shaped, []],
      // More rows than a batch holds, and more batches than are sent unanswered, in both ranges.
      [big, ['Feed', 'Feed!A1:B4000']],
    ];
    for (const [file, ranges] of cases) {
      const here = await outcome(() => readXlsx(file, ranges, { worker: 'never' }));
      expect(here).toHaveProperty('rows');
      expect(await outcome(() => readXlsx(file, ranges, inWorker)), `${file} ${ranges}`).toEqual(here);
    }
    const formatted = await outcome(() => readXlsx(shaped, [], inWorker));
    expect(formatted.rows?.[0]?.cells.slice(7, 10)).toEqual([new FormattedNumber(0.01, '1%'), 1.37, -0.5]);
  });

  it('throws the FeedError this thread would, whether before the rows or among them', async () => {
    const cases: [string, string[]][] = [
      [fixture('empty.xlsx'), []],
      [fixture('good.xlsx'), ['Feed!A10:C']],
      [fixture('good.xlsx'), ['Nope!A1:C']],
      [fixture('wide.xlsx'), []],
      [fixture('truncated.xlsx'), []],
      [fixture('semicolon-bom.csv'), []],
      [fixture('good.xlsx'), ['Feed!A1:C', 'Extra!A1:C']],
      // After 12,000 rows: more batches than the worker sends before the first is taken.
      [big, ['Feed', 'Other']],
    ];
    for (const [file, ranges] of cases) {
      const here = await outcome(() => readXlsx(file, ranges, { worker: 'never' }));
      const there = await outcome(() => readXlsx(file, ranges, inWorker));
      expect(there.feed, `${file} ${ranges}`).toBe(true);
      expect(there, `${file} ${ranges}`).toEqual(here);
    }
  });

  it('reads its rows again, in a worker of their own', async () => {
    const table = await readXlsx(big, [], inWorker);
    expect(await rowsOf(table)).toHaveLength(12_000);
    const again = await rowsOf(table);
    expect(again).toHaveLength(12_000);
    expect(again.at(-1)).toEqual({ row: 12_001, cells: [12_000, 'Row 12000 ☕'] });
  });

  it.runIf(existsSync('/proc/self/task'))(
    'reads small files in this thread, large ones in a worker',
    async () => {
      const large = join(dir, 'large.xlsx');
      await writeFile(large, bigWorkbook(100, WORKER_MIN_BYTES));
      expect((await stat(fixture('good.xlsx'))).size).toBeLessThan(WORKER_MIN_BYTES);
      expect((await stat(large)).size).toBeGreaterThanOrEqual(WORKER_MIN_BYTES);
      // A worker is a thread of the process while it lives.
      const threads = () => readdirSync('/proc/self/task').length;
      const before = threads();
      const small = await readXlsx(fixture('good.xlsx'), []);
      expect(threads()).toBe(before);
      await small.close?.();
      const table = await readXlsx(large, []);
      expect(threads()).toBeGreaterThan(before);
      await table.close?.();
      expect(threads()).toBe(before);
    },
  );
});

describe('a worker that cannot start', () => {
  const missing = new URL('./no-such-worker.js', import.meta.url);
  let dir: string;
  let large: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'feeds-no-worker-'));
    large = join(dir, 'large.xlsx');
    await writeFile(large, bigWorkbook(100, WORKER_MIN_BYTES));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('fails the read when a worker is asked for, and the product reads in this thread instead', async () => {
    await expect(
      readXlsx(fixture('good.xlsx'), [], { worker: 'always', workerCode: missing }),
    ).rejects.toThrow(WorkerStartError);
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const table = await readXlsx(large, [], { workerCode: missing });
      expect(await rowsOf(table)).toHaveLength(100);
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(
          /^The XLSX worker could not start: .*; reading the XLSX file in this thread instead\.$/,
        ),
        { code: 'ADSTUDIO_XLSX_WORKER' },
      );
    } finally {
      warn.mockRestore();
    }
  });
});

describe.runIf(existsSync('/proc/self/task'))('a worker leaves nothing behind', { timeout: 30_000 }, () => {
  let dir: string;
  let strings: string;
  let big: string;
  // Every string goes to a temporary file in `strings` (decision 0143), which the worker opens.
  const spilled = (): XlsxOptions => ({
    worker: 'always',
    sharedStrings: { memoryBytes: 16, blockBytes: 16, cacheBytes: 32, tempDir: strings },
  });
  // Threads and descriptors: a worker that lives on has its thread (and tsx's, from the sources)
  // and its event loop's descriptors.
  const held = () => ({
    threads: readdirSync('/proc/self/task').length,
    descriptors: readdirSync('/proc/self/fd').length,
    files: readdirSync(strings),
  });
  let before: ReturnType<typeof held>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'feeds-worker-left-'));
    strings = await mkdtemp(join(tmpdir(), 'feeds-worker-strings-'));
    big = join(dir, 'big.xlsx');
    await writeFile(big, bigWorkbook(12_000));
    // Once, so that what a first read starts for good (libuv's threads) is counted before.
    await rowsOf(await readXlsx(fixture('good.xlsx'), [], spilled()));
    before = held();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await rm(strings, { recursive: true, force: true });
  });

  it('once its rows are read', async () => {
    const table = await readXlsx(fixture('good.xlsx'), [], spilled());
    expect(held().threads).toBeGreaterThan(before.threads);
    expect(held().files).toEqual([]);
    expect(await rowsOf(table)).toHaveLength(3);
    expect(held()).toEqual(before);
  });

  it('when the rows are left early', async () => {
    const table = await readXlsx(big, [], spilled());
    let count = 0;
    for await (const _ of table.rows) if (++count === 10) break;
    expect(held()).toEqual(before);
  });

  it('when the rows fail midway', async () => {
    const table = await readXlsx(big, ['Feed', 'Other'], spilled());
    let count = 0;
    await expect(async () => {
      for await (const _ of table.rows) count++;
    }).rejects.toThrow(FeedError);
    expect(count).toBe(12_000);
    expect(held()).toEqual(before);
  });

  it('when the table is closed unread, or its header fails', async () => {
    const unread = await readXlsx(fixture('good.xlsx'), [], spilled());
    await unread.close?.();
    expect(held()).toEqual(before);
    await expect(readXlsx(fixture('wide.xlsx'), [], spilled())).rejects.toThrow(
      new FeedError('The feed has 101 columns; the most is 100.'),
    );
    expect(held()).toEqual(before);
  });
});
