import { type A1Range, parseA1Range } from './a1-range';
import { createRowShaper, type Header, isBlank, readHeader, type SourceRow } from './feed-header';
import { FeedError, type FeedTable, heldOnce } from './feed-table';
import { sniffFile } from './sniff-file';
import type { SharedStringsOptions } from './xlsx-shared-strings';
import { type RawRow, readSheetLastRow, readSheetRows } from './xlsx-sheet';
import { readWorkbook, type Workbook } from './xlsx-workbook';
import { openZip, type ZipArchive } from './zip-archive';

export interface XlsxTableOptions {
  sharedStrings?: SharedStringsOptions;
  /** The most bytes the file may have (FEED_MAX_MB; Studio's FEED_LIMITS.bytes by default). */
  maxBytes?: number;
}

interface Target {
  text: string;
  range: A1Range;
  part: string;
}

/**
 * Reads an XLSX file as a feed in this thread (readXlsx, xlsx-reader.ts, runs it in a worker for a
 * large file), streaming each sheet's XML (memory holds the shared strings and little else). The first range's sheet (default: the first visible sheet) and window hold the
 * header, its first non-empty row. Further ranges are read in order and their rows appended;
 * each must have the same header (names compared ignoring case), else FeedError.
 *
 * The file is read up to the header and closed; the rows open it again when iterated, so a table
 * whose rows are never read holds nothing open but its shared strings. Those may be in a temporary
 * file (xlsx-shared-strings.ts), which the rows close once read, left or failed, and the table's
 * `close` if they are never read; reading the rows again reads the strings again.
 */
export async function readXlsxTable(
  file: string,
  ranges: readonly string[],
  options: XlsxTableOptions = {},
): Promise<FeedTable> {
  if ((await sniffFile(file, options.maxBytes)) !== 'zip') {
    throw new FeedError('This file is not an XLSX spreadsheet: upload an .xlsx or a CSV file.');
  }
  const given = ranges.filter((text) => text.trim() !== '');
  const windows =
    given.length > 0 ? given.map((text) => ({ text, range: parseA1Range(text) })) : [WHOLE_SHEET];
  const zip = await openZip(file);
  let workbook: Workbook;
  let targets: Target[];
  let first: { header: Header; row: number } | undefined;
  let rowsHint: number | undefined;
  try {
    workbook = await readWorkbook(zip, options.sharedStrings);
  } catch (error) {
    await zip.close();
    throw error;
  }
  try {
    targets = windows.map(({ text, range }) => ({ text, range, part: sheetPart(workbook, range.sheet) }));
    const rows = readSheetRows(zip, targets[0]!.part, workbook, targets[0]!.range);
    try {
      first = await readRangeHeader(rows);
    } finally {
      // The part's stream stays open, and the zip with it, until its rows are closed.
      await rows.return(undefined);
    }
    if (first) rowsHint = await countHint(zip, targets, first.row);
    if (!first) throw noHeaderIn(targets[0]!);
  } catch (error) {
    workbook.sharedStrings.close();
    throw error;
  } finally {
    await zip.close();
  }
  const header = first;
  // The strings the header was read with serve the first reading of the rows.
  const take = heldOnce(workbook);
  const table: FeedTable = {
    columns: header.header.columns,
    rows: {
      [Symbol.asyncIterator]: () => readRanges(file, take, options.sharedStrings, targets, header),
    },
    close: async () => take()?.sharedStrings.close(),
  };
  if (rowsHint !== undefined) table.rowsHint = rowsHint;
  return table;
}

/**
 * The rows the ranges span by their sheets' dimensions, empty ones included; further ranges are
 * taken to start with their header. Undefined when a sheet does not say.
 */
async function countHint(zip: ZipArchive, targets: Target[], headerRow: number): Promise<number | undefined> {
  let hint = 0;
  for (const [index, { part, range }] of targets.entries()) {
    const lastRow = await readSheetLastRow(zip, part);
    if (lastRow === undefined) return undefined;
    hint += Math.max(
      0,
      Math.min(lastRow, range.endRow ?? lastRow) - (index === 0 ? headerRow : range.startRow),
    );
  }
  return hint;
}

const WHOLE_SHEET: { text: string; range: A1Range } = { text: '', range: { startCol: 0, startRow: 1 } };

function sheetPart(workbook: Workbook, name: string | undefined): string {
  if (name === undefined) return (workbook.sheets.find((sheet) => !sheet.hidden) ?? workbook.sheets[0]!).part;
  const sheet =
    workbook.sheets.find((s) => s.name === name) ??
    workbook.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
  if (!sheet) {
    const names = workbook.sheets.map((s) => `"${s.name}"`).join(', ');
    throw new FeedError(`The workbook has no sheet named "${name}". Its sheets are ${names}: fix the range.`);
  }
  return sheet.part;
}

const noHeaderIn = (target: Target) =>
  new FeedError(
    target.text
      ? `The range "${target.text}" is empty: the feed has no header row. Put the column names (Unique_ID, …) in its first row.`
      : 'The sheet is empty: the feed has no header row. Put the column names (Unique_ID, …) in its first row.',
  );

/** The first non-empty row of a range as its header; undefined for an empty range. */
async function readRangeHeader(
  rows: AsyncGenerator<RawRow>,
): Promise<{ header: Header; row: number } | undefined> {
  for (;;) {
    const next = await rows.next();
    if (next.done) return undefined;
    if (!next.value.cells.every(isBlank))
      return { header: readHeader(next.value.cells), row: next.value.row };
  }
}

async function* readRanges(
  file: string,
  take: () => Workbook | undefined,
  strings: SharedStringsOptions | undefined,
  targets: Target[],
  first: { header: Header; row: number },
): AsyncGenerator<SourceRow> {
  let workbook = take();
  const count = { rows: 0 };
  let zip: ZipArchive | undefined;
  try {
    zip = await openZip(file);
    workbook ??= await readWorkbook(zip, strings);
    for (const [index, target] of targets.entries()) {
      const rows = readSheetRows(zip, target.part, workbook, target.range);
      try {
        const own = index === 0 ? first : await readRangeHeader(rows);
        if (!own) continue;
        if (index > 0) assertSameHeader(target, own.header.columns, first.header.columns, targets[0]!);
        yield* shapeRows(rows, own.row, createRowShaper(own.header, count));
      } finally {
        await rows.return(undefined);
      }
    }
  } finally {
    workbook?.sharedStrings.close();
    await zip?.close();
  }
}

async function* shapeRows(
  rows: AsyncGenerator<RawRow>,
  headerRow: number,
  shape: ReturnType<typeof createRowShaper>,
): AsyncGenerator<SourceRow> {
  for await (const raw of rows) {
    if (raw.row <= headerRow) continue;
    const row = shape(raw.row, raw.cells);
    if (row) yield row;
  }
}

function assertSameHeader(target: Target, columns: string[], expected: string[], first: Target): void {
  const firstName = first.text ? `"${first.text}"` : 'the first range';
  const at = expected.findIndex((name, i) => name.toLowerCase() !== columns[i]?.toLowerCase());
  if (at < 0 && columns.length === expected.length) return;
  const detail =
    at < 0
      ? `it has ${columns.length} columns where ${firstName} has ${expected.length}`
      : `its column ${at + 1} is "${columns[at] ?? ''}" where ${firstName} has "${expected[at]}"`;
  throw new FeedError(
    `The range "${target.text}" has another header (${detail}): every range needs the same header row.`,
  );
}
