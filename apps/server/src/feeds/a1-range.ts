import { FeedError } from './feed-table';

/**
 * A feed range in A1 notation, as Google Sheets and Studio take it. Columns are 0-based indexes
 * (A = 0, so they index a row's cells); rows are 1-based sheet row numbers (as a person sees them
 * and as `FeedRow.row` reports them). A missing end is open: `A1:Z` runs to the last row, `Sheet1`
 * covers the whole sheet. A missing sheet means the workbook's first sheet.
 */
export interface A1Range {
  sheet?: string;
  startCol: number;
  startRow: number;
  endCol?: number;
  endRow?: number;
}

const MAX_ROWS = 10_000_000;

/** `A` → 0, `Z` → 25, `AA` → 26. */
export function columnIndex(letters: string): number {
  // Three letters reach ZZZ, Google Sheets' last column (Excel stops at XFD).
  if (!/^[A-Za-z]{1,3}$/.test(letters))
    throw new FeedError(`"${letters}" is not a column name like A or AB.`);
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** 0 → `A`, 25 → `Z`, 26 → `AA`. */
export function columnLetters(index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`Bad column index ${index}`);
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

const CELL = /^\$?([A-Za-z]{1,3})?\$?([0-9]+)?$/;
/** What a sheet-less text must look like to be read as cells rather than as a sheet name. */
const CELLS_ONLY = /^\$?[A-Za-z]{1,3}\$?[0-9]+$|^[$A-Za-z0-9]*:[$A-Za-z0-9]*$/;

interface End {
  col?: number;
  row?: number;
}

/**
 * Parses `Feed!A1:Z`, `'My Sheet'!B2:F100`, `A:Z`, `2:100`, `B2`, `A2:D` or a bare sheet name
 * (`Sheet1`: the whole sheet). A sheet-less text is a sheet name unless it reads as cells (`AB12`,
 * `A:Z`); quote sheet names that look like cells (`'A1'!A:C`). Throws FeedError for a bad range.
 */
export function parseA1Range(text: string): A1Range {
  const input = text.trim();
  if (!input) throw new FeedError('The range is empty: give one like Feed!A1:Z.');
  const { sheet, cells } = splitSheet(input);
  if (cells === undefined) return { sheet, startCol: 0, startRow: 1 };
  if (!cells) throw new FeedError(`The range "${input}" names no cells after "!": give one like Feed!A1:Z.`);

  const [startText, endText, ...more] = cells.split(':');
  if (more.length > 0) throw new FeedError(`The range "${input}" has more than one ":".`);
  const start = parseEnd(startText!, input);
  if (endText === undefined) {
    if (start.col === undefined || start.row === undefined) {
      throw new FeedError(`The range "${input}" is neither a cell nor a range: write it like A2:Z or B:B.`);
    }
    return withSheet(sheet, {
      startCol: start.col,
      startRow: start.row,
      endCol: start.col,
      endRow: start.row,
    });
  }
  const end = parseEnd(endText, input);
  if (start.col === undefined && end.col === undefined) {
    // A row range (`2:100`): every column of those rows.
    const [startRow, endRow] = order(start.row!, end.row!);
    return withSheet(sheet, { startCol: 0, startRow, endRow });
  }
  if (start.col === undefined || end.col === undefined) {
    throw new FeedError(`The range "${input}" mixes a column with a row number: write it like A2:Z.`);
  }
  const [startCol, endCol] = order(start.col, end.col);
  const range: A1Range = { startCol, startRow: start.row ?? 1, endCol };
  // `A1:Z` and `A:Z` leave the end row open (to the sheet's last row).
  if (end.row !== undefined) {
    const [startRow, endRow] = order(range.startRow, end.row);
    range.startRow = startRow;
    range.endRow = endRow;
  }
  return withSheet(sheet, range);
}

function withSheet(sheet: string | undefined, range: A1Range): A1Range {
  return sheet === undefined ? range : { sheet, ...range };
}

function splitSheet(input: string): { sheet?: string; cells?: string } {
  if (input.startsWith("'")) {
    const close = findClosingQuote(input);
    if (close < 0)
      throw new FeedError(`The range "${input}" opens a quote around the sheet name but never closes it.`);
    const sheet = input.slice(1, close).replaceAll("''", "'");
    if (!sheet) throw new FeedError(`The range "${input}" has an empty sheet name.`);
    const rest = input.slice(close + 1);
    if (!rest) return { sheet };
    if (!rest.startsWith('!'))
      throw new FeedError(`The range "${input}" needs a "!" after the quoted sheet name.`);
    return { sheet, cells: rest.slice(1).trim() };
  }
  const bang = input.lastIndexOf('!');
  if (bang < 0) return CELLS_ONLY.test(input) ? { cells: input } : { sheet: input };
  const sheet = input.slice(0, bang).trim();
  if (!sheet) throw new FeedError(`The range "${input}" has an empty sheet name before "!".`);
  return { sheet, cells: input.slice(bang + 1).trim() };
}

/** The index of the quote that closes a sheet name opened at 0 (`''` is an escaped quote). */
function findClosingQuote(input: string): number {
  for (let i = 1; i < input.length; i++) {
    if (input[i] !== "'") continue;
    if (input[i + 1] === "'") i++;
    else return i;
  }
  return -1;
}

function parseEnd(text: string, input: string): End {
  const match = CELL.exec(text);
  if (!match || (!match[1] && !match[2])) {
    throw new FeedError(`The range "${input}" is not in A1 notation: write it like Feed!A1:Z.`);
  }
  const end: End = {};
  if (match[1]) end.col = columnIndex(match[1]);
  if (match[2]) end.row = Number(match[2]);
  if (end.row !== undefined && (end.row < 1 || end.row > MAX_ROWS)) {
    throw new FeedError(
      `The range "${input}" has row ${end.row}; rows run from 1 to ${MAX_ROWS.toLocaleString('en-US')}.`,
    );
  }
  return end;
}

function order(a: number, b: number): [number, number] {
  return a > b ? [b, a] : [a, b];
}
