import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readDelimited, readDelimitedFile } from './csv-reader';
import type { SourceRow } from './feed-header';
import { FeedError, type FeedTable } from './feed-table';

const FIXTURES = join(import.meta.dirname, '../../test/fixtures/feeds');

async function rowsOf(table: FeedTable): Promise<SourceRow[]> {
  const rows: SourceRow[] = [];
  for await (const row of table.rows) rows.push(row);
  return rows;
}

/** The text as a stream cut into chunks of `size` bytes, to cross every boundary. */
const streamOf = (text: string | Buffer, size = 65_536) => {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return Readable.from(chunks);
};

const read = async (text: string | Buffer, options = {}, size?: number) => {
  const table = await readDelimited(streamOf(text, size), options);
  return { columns: table.columns, rows: await rowsOf(table) };
};

describe('readDelimited', () => {
  it('reads the semicolon file with a BOM and quoted line breaks, rows numbered as a spreadsheet shows them', async () => {
    const table = await readDelimitedFile(join(FIXTURES, 'semicolon-bom.csv'));
    expect(table.columns).toEqual(['Unique_ID', 'Reporting_Label', 'Price', 'Notes']);
    // The line break inside C-1's notes is no row; the empty line and `;;;` are rows 3 and 5.
    expect(await rowsOf(table)).toEqual([
      { row: 2, cells: ['C-1', 'Café', '12,5', 'Two\r\nlines'] },
      { row: 4, cells: ['C-2', 'Say "hi"', '7', null] },
      { row: 6, cells: ['C-3', '日本', '0', 'a;b'] },
    ]);
  });

  it('reads the TSV file', async () => {
    const table = await readDelimitedFile(join(FIXTURES, 'feed.tsv'));
    expect(table.columns).toEqual(['Unique_ID', 'Reporting_Label', 'Start_Date']);
    expect(await rowsOf(table)).toEqual([
      { row: 2, cells: ['T-1', 'Tab one', '2026-05-01'] },
      { row: 3, cells: ['T-2', 'Tab two', '01.06.2026'] },
    ]);
  });

  it('reads the same however the stream is cut, multi-byte characters included', async () => {
    const text = '\uFEFFUnique_ID;Name\n"a;1";"Grüße\n日本 🎉"\nb;"x ""y"""\n';
    const whole = await read(text);
    expect(whole.rows).toEqual([
      { row: 2, cells: ['a;1', 'Grüße\n日本 🎉'] },
      { row: 3, cells: ['b', 'x "y"'] },
    ]);
    for (const size of [1, 2, 3, 5, 7]) expect(await read(text, {}, size)).toEqual(whole);
  });

  it('numbers a row by its record, not by the file lines its quoted line breaks take', async () => {
    // 2,000 rows whose notes take three lines (CR LF, LF and CR inside the quotes), the file
    // written with each line ending: the last row is 2,001, as a spreadsheet shows it.
    for (const end of ['\r\n', '\n', '\r']) {
      const lines = ['Unique_ID,Notes'];
      for (let i = 1; i <= 2000; i++) lines.push(`id-${i},"one\r\ntwo\nthree\rfour"`);
      const { rows } = await read(lines.join(end) + end, {}, 4096);
      expect(rows, JSON.stringify(end)).toHaveLength(2000);
      expect(rows.map((row) => row.row).filter((row, i) => row !== i + 2)).toEqual([]);
      expect(rows.at(-1)).toEqual({ row: 2001, cells: ['id-2000', 'one\r\ntwo\nthree\rfour'] });
    }
  });

  it('detects the delimiter from the header line, commas by default', async () => {
    expect((await read('a,b;c\n1,2;3\n')).columns).toEqual(['a', 'b;c']);
    expect((await read('a;b,c;d\n')).columns).toEqual(['a', 'b,c', 'd']);
    expect((await read('a\tb,c\td\n')).columns).toEqual(['a', 'b,c', 'd']);
    expect((await read('"a,b";c;d\n')).columns).toEqual(['a,b', 'c', 'd']);
    expect((await read('single\n1\n')).rows).toEqual([{ row: 2, cells: ['1'] }]);
    expect((await read('\n\n  \nx;y\n1;2')).rows).toEqual([{ row: 5, cells: ['1', '2'] }]);
    expect((await read('a;b\n1,5;2\n', { delimiter: ',' })).columns).toEqual(['a;b']);
  });

  it('takes CRLF, LF and a mix of both, and a last line without an ending', async () => {
    expect((await read('a,b\r\n1,2\r\n\r\n3,4')).rows).toEqual([
      { row: 2, cells: ['1', '2'] },
      { row: 4, cells: ['3', '4'] },
    ]);
    expect((await read('a,b\n1,2\r\n3,4\n')).rows).toEqual([
      { row: 2, cells: ['1', '2'] },
      { row: 3, cells: ['3', '4'] },
    ]);
    expect((await read('a,b\r\n1,2\n3,"x\r\ny"\r\n5,6\r\n')).rows).toEqual([
      { row: 2, cells: ['1', '2'] },
      { row: 3, cells: ['3', 'x\r\ny'] },
      { row: 4, cells: ['5', '6'] },
    ]);
  });

  it('keeps cells as text, reads empty as null, skips empty records and trims the header', async () => {
    const { columns, rows } = await read(' Unique_ID , Price \n01234,12.50\n,\n , \n,7\n');
    expect(columns).toEqual(['Unique_ID', 'Price']);
    expect(rows).toEqual([
      { row: 2, cells: ['01234', '12.50'] },
      { row: 5, cells: [null, '7'] },
    ]);
  });

  it('pads short rows and counts the cells past the header or under an empty header cell', async () => {
    const { columns, rows } = await read('a,,b\n1\n1,x,2,3,\n1,,2,,\n');
    expect(columns).toEqual(['a', 'b']);
    expect(rows).toEqual([
      { row: 2, cells: ['1', null] },
      { row: 3, cells: ['1', '2'], ignored: 2 },
      { row: 4, cells: ['1', '2'] },
    ]);
  });

  it('reads UTF-16 text (Excel "Unicode text")', async () => {
    const text = '\uFEFFUnique_ID\tName\nU-1\tÉté 日本\n';
    const le = Buffer.from(text, 'utf16le');
    expect((await read(le, {}, 3)).rows).toEqual([{ row: 2, cells: ['U-1', 'Été 日本'] }]);
    const be = Buffer.from(le).swap16();
    expect((await read(be)).rows).toEqual([{ row: 2, cells: ['U-1', 'Été 日本'] }]);
  });

  it('throws FeedError for feeds that cannot be used', async () => {
    const fails: [string, string][] = [
      ['', 'The feed has no header row: it is empty. Put the column names (Unique_ID, …) in its first row.'],
      [
        '\n\n,,\n , \n',
        'The feed has no header row: it is empty. Put the column names (Unique_ID, …) in its first row.',
      ],
      [
        'Unique_ID,Price,price,Name,NAME\n',
        'The header names "price", "NAME" more than once (names are compared ignoring case): give every column its own name.',
      ],
      [
        `${Array.from({ length: 101 }, (_, i) => `c${i}`).join(',')}\n`,
        'The feed has 101 columns; the most is 100.',
      ],
      [
        `${Array.from({ length: 250 }, (_, i) => `c${i}`).join(';')}\n`,
        'The feed has 250 columns; the most is 100.',
      ],
      [
        '<!DOCTYPE html><html><body>Sign in</body></html>',
        'This is a web page, not a spreadsheet: is the sheet shared with anyone with the link?',
      ],
      ['PK\u0003\u0004rest of a zip', 'This is an XLSX (zip) file, not CSV: upload it as XLSX.'],
    ];
    for (const [text, message] of fails) {
      await expect(read(text), text.slice(0, 20)).rejects.toThrow(new FeedError(message));
    }
  });

  it('throws FeedError from the rows for a quote that never closes', async () => {
    await expect(read('a,b\n1,2\n3,"open\n4,5\n')).rejects.toThrow(
      new FeedError('The CSV file has a quoted value that never ends, in row 3: close its quote.'),
    );
  });

  it('accepts 100 columns and exactly 700,000 rows', { timeout: 60_000 }, async () => {
    const header = Array.from({ length: 100 }, (_, i) => `c${i}`).join(',');
    expect((await read(`${header}\n`)).columns).toHaveLength(100);
    const table = await readDelimited(Readable.from(csvLines(700_000)));
    let count = 0;
    for await (const _ of table.rows) count++;
    expect(count).toBe(700_000);
  });

  it('throws at the 700,001st data row while streaming, without reading the rest', {
    timeout: 60_000,
  }, async () => {
    const produced = { lines: 0 };
    const table = await readDelimited(Readable.from(csvLines(2_000_000, produced)));
    let count = 0;
    const reading = (async () => {
      for await (const _ of table.rows) count++;
    })();
    await expect(reading).rejects.toThrow(new FeedError('The feed has more than 700,000 rows.'));
    expect(count).toBe(700_000);
    expect(produced.lines).toBeLessThan(1_000_000);
  });
});

/** A header and `rows` data rows, with empty lines between (they are not rows), in chunks. */
function* csvLines(rows: number, produced = { lines: 0 }): Generator<string> {
  yield 'Unique_ID,Reporting_Label\n';
  const batch: string[] = [];
  for (let i = 1; i <= rows; i++) {
    batch.push(`id-${i},Row ${i}\n`);
    if (i % 50_000 === 0) batch.push('\n,\n');
    if (batch.length >= 2000) {
      produced.lines += batch.length;
      yield batch.join('');
      batch.length = 0;
    }
  }
  produced.lines += batch.length;
  yield batch.join('');
}
