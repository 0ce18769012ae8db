/**
 * What every feed source (CSV/TSV stream, XLSX file, Sheets API values) reads into: a header and
 * a stream of rows. Validation and the sync work on this shape only, whatever the source was.
 */

/**
 * One cell as the source typed it. Date cells arrive as ISO text (`YYYY-MM-DD`, or
 * `YYYY-MM-DDTHH:MM:SS` when the cell has a time of day); a number cell whose format shows it
 * otherwise than plainly (`12%`, `1.50`, `1,234`) is a FormattedNumber; empty cells are null.
 */
export type Cell = string | number | boolean | FormattedNumber | null;

/**
 * A number cell with the text its format shows, which is what a CSV saved from the same sheet
 * holds: a typed column takes the number, an untyped one the text (cell-values.ts).
 */
export class FormattedNumber {
  constructor(
    readonly value: number,
    readonly text: string,
  ) {}

  toString(): string {
    return this.text;
  }
}

export interface FeedRow {
  /**
   * The row's number as a spreadsheet shows it: the sheet's row, or the CSV record's number from
   * the file's first record as 1 (an empty line is a row; a line break inside quotes is not).
   */
  row: number;
  /** One cell per header column, in header order (missing trailing cells are null). */
  cells: Cell[];
}

export interface FeedTable {
  /** Header names, trimmed, in sheet order. */
  columns: string[];
  /** The data rows after the header, entirely empty rows skipped. Iterate once. */
  rows: AsyncIterable<FeedRow>;
  /** How many data rows the source says it has (an XLSX sheet's dimension), for progress; may be off. */
  rowsHint?: number;
  /** The sheet's revision when the source knows it (a Sheets API or export ETag, a file's sha256). */
  revision?: string;
  /**
   * Releases what the table holds for rows not yet read (an XLSX's shared strings, maybe in a
   * temporary file); reading the rows to their end, or leaving them, releases it too.
   */
  close?(): Promise<void>;
}

/** Studio's limits (docs/design.md §10). */
export const FEED_LIMITS = {
  rows: 700_000,
  columns: 100,
  bytes: 100 * 1024 * 1024,
} as const;

/**
 * A fault that makes the whole feed unusable (no header, unreadable file, over a limit, an HTML
 * page instead of a sheet): the sync fails with this message and keeps the previous rules.
 * The message is shown to the user as it is, so it says what is wrong and what to do.
 */
export class FeedError extends Error {
  override name = 'FeedError';
}

/**
 * Answers `value` the first time it is called and undefined after: what the first reading of a
 * table's rows takes over from the reading of its header (an XLSX's shared strings, a worker).
 */
export function heldOnce<T>(value: T): () => T | undefined {
  let held: T | undefined = value;
  return () => {
    const taken = held;
    held = undefined;
    return taken;
  };
}
