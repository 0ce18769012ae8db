import { existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSheet, sheetCsv, sheetXlsx } from '../../test/fixtures/feeds/one-sheet';
import { writeZip } from '../../test/fixtures/feeds/write-zip';
import { cellText } from './cell-values';
import type { SourceRow } from './feed-header';
import { FeedError, type FeedTable, FormattedNumber } from './feed-table';
import { readFeedFile } from './read-feed-file';
import { readXlsx } from './xlsx-reader';

const FIXTURES = join(import.meta.dirname, '../../test/fixtures/feeds');
const fixture = (name: string) => join(FIXTURES, name);

async function rowsOf(table: FeedTable): Promise<SourceRow[]> {
  const rows: SourceRow[] = [];
  for await (const row of table.rows) rows.push(row);
  return rows;
}

const FEED_COLUMNS = [
  'Unique_ID',
  'Reporting_Label',
  'Price',
  'Start_Date',
  'End_Date',
  'Launch',
  'Total',
  'Is_Default',
  'Active',
  'Name',
  'Image',
  'Code',
];

describe('readXlsx on files LibreOffice wrote', () => {
  it('reads the first sheet: dates, a date-time, numbers, cached formulas, booleans, non-ASCII text', async () => {
    const table = await readXlsx(fixture('good.xlsx'), []);
    // K1:L1 is a merged "Image" cell: L1 is empty, so column L is not a column.
    expect(table.columns).toEqual(FEED_COLUMNS);
    expect(await rowsOf(table)).toEqual([
      {
        row: 2,
        cells: [
          'A-1',
          'Spring sale',
          12.5,
          '2026-03-01',
          '2026-03-31',
          '2026-03-01T10:30:00',
          25,
          true,
          true,
          'Crème brûlée',
          'https://example.com/a.png',
          '01234',
        ],
      },
      {
        row: 3,
        cells: [
          'A-2',
          'Über uns',
          7,
          '2026-04-01',
          '2026-04-30',
          null,
          14,
          false,
          false,
          '日本の春 🎉',
          'https://example.com/b.png',
          '00042',
        ],
        // "under the merged cell", in column L, which has no header name.
        ignored: 1,
      },
      // Rows 4 and 5 are empty; G6 is =1/0 (an error: null); J6 a text formula.
      { row: 6, cells: [1001, 'Numbers', 0.1, null, null, null, null, null, true, 'Numbers!', null, null] },
    ]);
  });

  it('reads the range given: the first range names the sheet and the window', async () => {
    const extra = await readXlsx(fixture('good.xlsx'), ['Extra!A1:C']);
    expect(extra.columns).toEqual(['Unique_ID', 'Reporting_Label', 'Note']);
    expect(await rowsOf(extra)).toEqual([
      { row: 2, cells: ['X-1', 'Zweite Seite', 'grün'] },
      { row: 3, cells: ['X-2', 'Second', 42] },
    ]);

    const window = await readXlsx(fixture('good.xlsx'), ["'Feed'!B1:D2"]);
    expect(window.columns).toEqual(['Reporting_Label', 'Price', 'Start_Date']);
    expect(await rowsOf(window)).toEqual([{ row: 2, cells: ['Spring sale', 12.5, '2026-03-01'] }]);

    // A window starting below the header takes its first non-empty row as the header.
    const lower = await readXlsx(fixture('good.xlsx'), ['feed!A3:C']);
    expect(lower.columns).toEqual(['A-2', 'Über uns', '7']);
    expect(await rowsOf(lower)).toEqual([{ row: 6, cells: [1001, 'Numbers', 0.1] }]);
  });

  it('appends the rows of further ranges with the same header, in order', async () => {
    const table = await readXlsx(fixture('good.xlsx'), ['Feed!A1:C', 'More!A1:C', 'Feed!A1:C2']);
    expect(table.columns).toEqual(['Unique_ID', 'Reporting_Label', 'Price']);
    expect(await rowsOf(table)).toEqual([
      { row: 2, cells: ['A-1', 'Spring sale', 12.5] },
      { row: 3, cells: ['A-2', 'Über uns', 7] },
      { row: 6, cells: [1001, 'Numbers', 0.1] },
      { row: 2, cells: ['M-1', 'More one', 1.5] },
      { row: 2, cells: ['A-1', 'Spring sale', 12.5] },
    ]);
  });

  it("hints at the row count from the sheets' dimensions, when they give one", async () => {
    expect((await readXlsx(fixture('good.xlsx'), [])).rowsHint).toBe(5);
    expect((await readXlsx(fixture('good.xlsx'), ['Feed!A1:C3', 'More!A1:C'])).rowsHint).toBe(3);
    expect((await readXlsx(fixture('handmade.xlsx'), [])).rowsHint).toBeUndefined();
  });

  it('streams sheets longer than one unpacked chunk, stopping cleanly on a bad further header', async () => {
    const table = await readXlsx(fixture('long.xlsx'), ['Feed!A:C']);
    const rows = await rowsOf(table);
    expect(rows).toHaveLength(120);
    expect(rows.at(-1)).toEqual({ row: 121, cells: [120, 'Long', 119.5] });
    const mixed = await readXlsx(fixture('long.xlsx'), ['Feed!A:C', 'Other!A:C']);
    await expect(rowsOf(mixed)).rejects.toThrow(
      new FeedError(
        'The range "Other!A:C" has another header (its column 3 is "Note" where "Feed!A:C" has "Price"): every range needs the same header row.',
      ),
    );
  });

  it('can read its rows again', async () => {
    const table = await readXlsx(fixture('good.xlsx'), ['Extra!A:C']);
    expect(await rowsOf(table)).toHaveLength(2);
    expect(await rowsOf(table)).toHaveLength(2);
  });

  it('throws FeedError from the rows when a further range has another header', async () => {
    const table = await readXlsx(fixture('good.xlsx'), ['Feed!A1:C', 'Extra!A1:C']);
    await expect(rowsOf(table)).rejects.toThrow(
      new FeedError(
        'The range "Extra!A1:C" has another header (its column 3 is "Note" where "Feed!A1:C" has "Price"): every range needs the same header row.',
      ),
    );
    const wider = await readXlsx(fixture('good.xlsx'), ['Feed!A1:B', 'Extra!A1:C']);
    await expect(rowsOf(wider)).rejects.toThrow(
      new FeedError(
        'The range "Extra!A1:C" has another header (it has 3 columns where "Feed!A1:B" has 2): every range needs the same header row.',
      ),
    );
  });

  it('throws FeedError for the bad files', async () => {
    const fails: [string, string[], string][] = [
      [
        'empty.xlsx',
        [],
        'The sheet is empty: the feed has no header row. Put the column names (Unique_ID, …) in its first row.',
      ],
      [
        'good.xlsx',
        ['Feed!A10:C'],
        'The range "Feed!A10:C" is empty: the feed has no header row. Put the column names (Unique_ID, …) in its first row.',
      ],
      ['wide.xlsx', [], 'The feed has 101 columns; the most is 100.'],
      [
        'truncated.xlsx',
        [],
        'The XLSX file is damaged or incomplete (its zip directory cannot be read): export it from the spreadsheet again and retry.',
      ],
      [
        'private-sheet.xlsx',
        [],
        'This is a web page, not a spreadsheet: is the sheet shared with anyone with the link?',
      ],
      ['semicolon-bom.csv', [], 'This file is not an XLSX spreadsheet: upload an .xlsx or a CSV file.'],
      [
        'good.xlsx',
        ['Nope!A1:C'],
        'The workbook has no sheet named "Nope". Its sheets are "Feed", "Extra", "More": fix the range.',
      ],
      ['good.xlsx', ['Feed!A1:C:D'], 'The range "Feed!A1:C:D" has more than one ":".'],
    ];
    for (const [name, ranges, message] of fails) {
      await expect(readXlsx(fixture(name), ranges), name).rejects.toThrow(new FeedError(message));
    }
  });

  it('reads what LibreOffice does not write (handmade.xlsx)', async () => {
    // Hidden first sheet, x: prefixes, 1904 dates, cells without r, inline and rich strings.
    const table = await readXlsx(fixture('handmade.xlsx'), []);
    expect(table.columns).toEqual(['Unique_ID', 'Reporting_Label', 'When', 'Stamp', 'Amount']);
    expect(await rowsOf(table)).toEqual([
      { row: 2, cells: ['H-1', 'Rich text', '1904-01-01', '2027-03-16T18:00:00', 1500] },
      { row: 5, cells: ['H-2', 'line\rbreak & more', '2026-02-28', null, true] },
    ]);
    const hidden = await readXlsx(fixture('handmade.xlsx'), ['Hidden']);
    expect(hidden.columns).toEqual(['Secret']);
  });
});

describe.runIf(existsSync('/proc/self/fd'))('readXlsx with its shared strings in a temporary file', () => {
  let dir: string;
  // 16 bytes in memory, in 16-byte blocks: every fixture's strings go to the file.
  const spilled = () => ({
    sharedStrings: { memoryBytes: 16, blockBytes: 16, cacheBytes: 32, tempDir: dir },
  });
  // The file has no name once opened: the process's descriptors say whether it is still open.
  const descriptors = () => readdirSync('/proc/self/fd').length;
  let before = 0;
  const files = () => {
    const left = descriptors() - before;
    return [...readdirSync(dir), ...Array.from({ length: left }, () => 'open')];
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'feeds-strings-'));
    before = descriptors();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads what it reads from memory, and removes the file once the rows are read', async () => {
    for (const [name, ranges] of [
      ['good.xlsx', []],
      ['good.xlsx', ['Feed!A1:C3', 'More!A1:C']],
      ['long.xlsx', ['Feed!A:C']],
      ['handmade.xlsx', []],
    ] as const) {
      const expected = await readXlsx(fixture(name), ranges);
      const table = await readXlsx(fixture(name), ranges, spilled());
      expect(table.columns, name).toEqual(expected.columns);
      expect(files(), name).toHaveLength(1);
      expect(await rowsOf(table), name).toEqual(await rowsOf(expected));
      expect(files(), name).toEqual([]);
      // Read again, the strings are read again, and removed again.
      expect(await rowsOf(table), name).toEqual(await rowsOf(await readXlsx(fixture(name), ranges)));
      expect(files(), name).toEqual([]);
    }
  });

  it('removes the file when the rows are left, fail, or are never read', async () => {
    const left = await readXlsx(fixture('long.xlsx'), ['Feed!A:C'], spilled());
    for await (const _ of left.rows) break;
    expect(files()).toEqual([]);

    const failing = await readXlsx(fixture('good.xlsx'), ['Feed!A1:C', 'Extra!A1:C'], spilled());
    await expect(rowsOf(failing)).rejects.toThrow(FeedError);
    expect(files()).toEqual([]);

    const unread = await readXlsx(fixture('good.xlsx'), [], spilled());
    expect(files()).toHaveLength(1);
    await unread.close?.();
    expect(files()).toEqual([]);
  });

  it('removes the file when the header cannot be read, or the strings are too many', async () => {
    const fails: [string, string[], string][] = [
      ['wide.xlsx', [], 'The feed has 101 columns; the most is 100.'],
      [
        'good.xlsx',
        ['Nope!A1:C'],
        'The workbook has no sheet named "Nope". Its sheets are "Feed", "Extra", "More": fix the range.',
      ],
      [
        'good.xlsx',
        ['Feed!A10:C'],
        'The range "Feed!A10:C" is empty: the feed has no header row. Put the column names (Unique_ID, …) in its first row.',
      ],
    ];
    for (const [name, ranges, message] of fails) {
      await expect(readXlsx(fixture(name), ranges, spilled()), name).rejects.toThrow(new FeedError(message));
      expect(files(), name).toEqual([]);
    }
    const tooMuch = { sharedStrings: { ...spilled().sharedStrings, maxBytes: 100 } };
    await expect(readXlsx(fixture('good.xlsx'), [], tooMuch)).rejects.toThrow(
      new FeedError('The XLSX file holds more text than a feed can take: split it or upload it as CSV.'),
    );
    expect(files()).toEqual([]);
  });
});

describe('readXlsx on a sheet bigger than one read of the file', () => {
  const X = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const sheet = (header: string, rows: number) =>
    `<worksheet xmlns="${X}"><dimension ref="A1:B${rows + 1}"/><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Unique_ID</t></is></c><c r="B1" t="inlineStr"><is><t>${header}</t></is></c></row>${Array.from(
      { length: rows },
      (_, i) =>
        `<row r="${i + 2}"><c r="A${i + 2}"><v>${i + 1}</v></c><c r="B${i + 2}" t="inlineStr"><is><t>Row ${i + 1}</t></is></c></row>`,
    ).join('')}</sheetData></worksheet>`;
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'feeds-big-'));
    file = join(dir, 'big.xlsx');
    // Stored, not deflated: each sheet is far more than one read (64 KB) of the file.
    const zip = writeZip(
      {
        '_rels/.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="${R}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
        'xl/workbook.xml': `<workbook xmlns="${X}" xmlns:r="${R}"><sheets><sheet name="Feed" sheetId="1" r:id="r1"/><sheet name="Other" sheetId="2" r:id="r2"/></sheets></workbook>`,
        'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="${R}/worksheet" Target="feed.xml"/><Relationship Id="r2" Type="${R}/worksheet" Target="other.xml"/></Relationships>`,
        'xl/feed.xml': sheet('Reporting_Label', 5000),
        'xl/other.xml': sheet('Note', 5000),
      },
      { store: true },
    );
    await writeFile(file, zip);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads every row', async () => {
    const table = await readXlsx(file, []);
    expect(table.rowsHint).toBe(5000);
    const rows = await rowsOf(table);
    expect(rows).toHaveLength(5000);
    expect(rows.at(-1)).toEqual({ row: 5001, cells: [5000, 'Row 5000'] });
  });

  it('stops with FeedError, not a hang, at a further range with another header', async () => {
    const table = await readXlsx(file, ['Feed', 'Other']);
    await expect(rowsOf(table)).rejects.toThrow(
      new FeedError(
        'The range "Other" has another header (its column 2 is "Note" where "Feed" has "Reporting_Label"): every range needs the same header row.',
      ),
    );
  });

  it('reads cells the same in the shape most are written in and in any other', async () => {
    const strings = ['Unique_ID', 'Label', 'Note', 'a & b', 'Ünïcode ☕'];
    const cells = [
      // The common shape, attributes in any order, a style, an empty cell, a number.
      '<c r="A2" t="s"><v>3</v></c><c s="1" t="s" r="B2"><v>4</v></c><c r="C2" s="1"/><c r="D2"><v>2.5</v></c>',
      // Other shapes: spacing, a formula, an entity, a line end, no reference, an open and shut cell.
      '<c r="A3"  t="s"><v>0</v></c><c r="B3"><f>1+1</f><v>2</v></c><c r="C3" t="str"><v>x &amp; y</v></c><c t="str"><v>l1\r\nl2</v></c>',
      '<c r="A4" t="s"><v>1</v></c><c r="B4" s="1"></c><c r="D4" t="b"><v>1</v></c>',
    ];
    const sheet = `<worksheet xmlns="${X}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="inlineStr"><is><t>Value</t></is></c></row>${cells.map((row, i) => `<row r="${i + 2}">${row}</row>`).join('')}</sheetData></worksheet>`;
    const shaped = join(dir, 'shapes.xlsx');
    await writeFile(
      shaped,
      writeZip({
        '_rels/.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="${R}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
        'xl/workbook.xml': `<workbook xmlns="${X}" xmlns:r="${R}"><sheets><sheet name="Feed" sheetId="1" r:id="r1"/></sheets></workbook>`,
        'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="${R}/worksheet" Target="feed.xml"/><Relationship Id="r2" Type="${R}/sharedStrings" Target="strings.xml"/></Relationships>`,
        'xl/feed.xml': sheet,
        'xl/strings.xml': `<sst xmlns="${X}">${strings.map((t) => `<si><t>${t.replace('&', '&amp;')}</t></si>`).join('')}</sst>`,
      }),
    );
    const table = await readXlsx(shaped, []);
    expect(table.columns).toEqual(['Unique_ID', 'Label', 'Note', 'Value']);
    expect(await rowsOf(table)).toEqual([
      { row: 2, cells: ['a & b', 'Ünïcode ☕', null, 2.5] },
      { row: 3, cells: ['Unique_ID', 2, 'x & y', 'l1\nl2'] },
      { row: 4, cells: ['Label', null, null, true] },
    ]);
  });

  it.runIf(existsSync('/proc/self/fd'))(
    'closes the file after the header and when the rows are left',
    async () => {
      const open = () => readdirSync('/proc/self/fd').length;
      const before = open();
      const table = await readXlsx(file, ['Other!A:B', 'Other!A:B']);
      expect(open()).toBe(before);
      let count = 0;
      for await (const _ of table.rows) if (++count === 10) break;
      expect(open()).toBe(before);
    },
  );
});

describe('readFeedFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'feeds-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads by content whatever the name says', async () => {
    const asCsv = join(dir, 'really-xlsx.csv');
    await copyFile(fixture('good.xlsx'), asCsv);
    const xlsx = await readFeedFile(asCsv, { kind: 'csv', ranges: ['Extra!A:B'] });
    expect(xlsx.columns).toEqual(['Unique_ID', 'Reporting_Label']);

    const tsv = await readFeedFile(fixture('feed.tsv'), { kind: 'auto', ranges: ['Ignored!A:B'] });
    expect(tsv.columns).toEqual(['Unique_ID', 'Reporting_Label', 'Start_Date']);
    expect(await rowsOf(tsv)).toHaveLength(2);

    const csv = await readFeedFile(fixture('semicolon-bom.csv'), { kind: 'csv' });
    expect(csv.columns).toEqual(['Unique_ID', 'Reporting_Label', 'Price', 'Notes']);
    expect(await rowsOf(csv)).toHaveLength(3);
  });

  it('reads each XLSX cell as the text the CSV of the same sheet holds, its number kept beside', async () => {
    const sheet = productSheet();
    const csvFile = join(dir, 'one-sheet.csv');
    const xlsxFile = join(dir, 'one-sheet.xlsx');
    await writeFile(csvFile, sheetCsv(sheet));
    await writeFile(xlsxFile, sheetXlsx(sheet));
    const csv = await rowsOf(await readFeedFile(csvFile, { kind: 'auto' }));
    const xlsx = await rowsOf(await readFeedFile(xlsxFile, { kind: 'auto' }));
    expect(xlsx.map((row) => row.row)).toEqual(csv.map((row) => row.row));
    const differing = xlsx.flatMap((row, r) =>
      row.cells.flatMap((cell, c) => (cellText(cell) === csv[r]!.cells[c] ? [] : [`${row.row}:${c}`])),
    );
    expect(differing).toEqual([]);
    const first = xlsx[0]!.cells;
    expect(first.slice(7, 14)).toEqual([
      new FormattedNumber(0.01, '1%'),
      1.37,
      -0.5,
      new FormattedNumber(1.5, '1.50'),
      new FormattedNumber(1235.5, '1,235.50'),
      new FormattedNumber(9.99, '9.99 €'),
      0.1 + 0.2,
    ]);
  });

  it('reads tab-separated text as TSV when told, even with commas in the header', async () => {
    const file = join(dir, 'commas.tsv');
    await writeFile(file, 'Unique_ID\tLabel, long\nT-1\tOne, two\n');
    const table = await readFeedFile(file, { kind: 'tsv' });
    expect(table.columns).toEqual(['Unique_ID', 'Label, long']);
    expect(await rowsOf(table)).toEqual([{ row: 2, cells: ['T-1', 'One, two'] }]);
  });

  it.runIf(existsSync('/proc/self/fd'))('holds no file open until the rows are read, nor after', async () => {
    const open = () => readdirSync('/proc/self/fd').length;
    const before = open();
    const tables = [
      await readFeedFile(fixture('long.xlsx'), { kind: 'xlsx' }),
      await readFeedFile(fixture('semicolon-bom.csv'), { kind: 'csv' }),
    ];
    expect(open()).toBe(before);
    for (const table of tables) {
      for await (const _ of table.rows) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(open()).toBe(before);
  });

  it('throws FeedError for what is no feed', async () => {
    const xls = join(dir, 'old.xls');
    await writeFile(xls, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]));
    const xml = join(dir, 'data.xml');
    await writeFile(xml, '<?xml version="1.0"?><Workbook/>');
    const empty = join(dir, 'empty.csv');
    await writeFile(empty, '');
    const huge = join(dir, 'huge.xlsx');
    await writeFile(huge, 'PK\u0003\u0004');
    await truncate(huge, 101 * 1024 * 1024); // sparse: nothing is written
    const fails: [string, string, string][] = [
      [huge, 'auto', 'The file is 101 MB; the most a feed may be is 100 MB.'],
      [
        fixture('private-sheet.xlsx'),
        'auto',
        'This is a web page, not a spreadsheet: is the sheet shared with anyone with the link?',
      ],
      [fixture('feed.tsv'), 'xlsx', 'This file is not an XLSX spreadsheet: upload an .xlsx or a CSV file.'],
      [
        xls,
        'auto',
        'This is an old Excel (.xls) file or a password-protected workbook: save it as .xlsx without a password, or as CSV.',
      ],
      [xml, 'auto', 'This is an XML file, not a spreadsheet: export the sheet as XLSX or CSV.'],
      [empty, 'csv', 'The file is empty.'],
    ];
    for (const [file, kind, message] of fails) {
      await expect(readFeedFile(file, { kind: kind as 'auto' }), file).rejects.toThrow(
        new FeedError(message),
      );
    }
  });
});
