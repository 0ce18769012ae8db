import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Cell } from '../feeds/feed-table';
import { readXlsx } from '../feeds/xlsx-reader';
import { columnName, xlsxWorkbook } from './xlsx-writer';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-writer-'));
afterAll(() => fs.rmSync(dir, { recursive: true }));

/** The workbook as the feeds' XLSX reader (written for Excel's and Google's files) reads it back. */
async function readBack(workbook: Buffer): Promise<Cell[][]> {
  const file = path.join(dir, `${Math.random()}.xlsx`);
  fs.writeFileSync(file, workbook);
  const table = await readXlsx(file, []);
  const rows: Cell[][] = [table.columns];
  for await (const row of table.rows) rows.push(row.cells);
  return rows;
}

describe('xlsxWorkbook', () => {
  it('writes text as text (markup, quotes, formulas, line breaks, emoji) and numbers as numbers', async () => {
    const text = ['<b>&amp;</b> "quoted"', '=1+1', '@SUM(A1)', 'two\nlines', 'CR\r\nLF', 'Été 🎯'];
    const workbook = xlsxWorkbook({
      name: 'Tags',
      header: ['Text', 'Number'],
      rows: text.map((value, i) => [value, i + 0.5]),
      widths: [20, 10],
    });
    expect(workbook.subarray(0, 2).toString()).toBe('PK');
    expect(await readBack(workbook)).toEqual([
      ['Text', 'Number'],
      ...text.map((value, i) => [value, i + 0.5]),
    ]);
  });

  it('drops what XML cannot hold, and names the sheet as Excel allows', async () => {
    const workbook = xlsxWorkbook({
      name: 'a/b:c*d?e[f]g'.repeat(4),
      header: ['Name'],
      rows: [['bell\u0007 and nul\u0000 gone'], [null], ['after an empty row']],
      widths: [30],
    });
    // The reader skips an entirely empty row, as a sheet's user would read it.
    expect(await readBack(workbook)).toEqual([['Name'], ['bell and nul gone'], ['after an empty row']]);
  });

  it('names columns past Z as spreadsheets do', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
