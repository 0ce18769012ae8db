import { type Cell, FEED_LIMITS, FeedError, type FeedRow } from './feed-table';

/**
 * A row as the readers hand it out. `ignored` counts the non-empty cells that belong to no column
 * (right of the header's last name, or under an empty header cell) and were left out of `cells`,
 * so the validator can warn that they were not read.
 */
export interface SourceRow extends FeedRow {
  ignored?: number;
}

export interface Header {
  /** The named columns, trimmed, in source order. */
  columns: string[];
  /** For each column, the index of its cell in a source row. */
  sources: number[];
}

export const isBlank = (cell: Cell | undefined): boolean =>
  cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/**
 * Reads the header from the first non-empty source row. An empty header cell drops its column
 * (LibreOffice leaves the right-hand cells of a merged header cell empty); data under it is
 * counted in `SourceRow.ignored`. Throws FeedError over the column limit or for a repeated name.
 */
export function readHeader(cells: readonly Cell[]): Header {
  const columns: string[] = [];
  const sources: number[] = [];
  cells.forEach((cell, index) => {
    if (isBlank(cell)) return;
    columns.push(String(cell).trim());
    sources.push(index);
  });
  if (columns.length === 0) throw noHeader();
  if (columns.length > FEED_LIMITS.columns) {
    throw new FeedError(`The feed has ${columns.length} columns; the most is ${FEED_LIMITS.columns}.`);
  }
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const name of columns) {
    const key = name.toLowerCase();
    if (seen.has(key)) repeated.add(name);
    seen.add(key);
  }
  if (repeated.size > 0) {
    const names = [...repeated].map((name) => `"${name}"`).join(', ');
    throw new FeedError(
      `The header names ${names} more than once (names are compared ignoring case): give every column its own name.`,
    );
  }
  return { columns, sources };
}

export const noHeader = () =>
  new FeedError(
    'The feed has no header row: it is empty. Put the column names (Unique_ID, …) in its first row.',
  );

/**
 * Turns source rows into feed rows for a header: keeps the header's cells (`''` read as null),
 * skips rows whose kept cells are all blank, counts ignored cells, and throws FeedError at the
 * first data row over the row limit, so a stream never has to be counted first.
 */
export function createRowShaper(
  header: Header,
  /** Shared by the shapers of one feed read from several ranges. */
  count = { rows: 0 },
): (row: number, raw: readonly Cell[]) => SourceRow | null {
  const { sources } = header;
  const width = sources.length;
  const contiguous = sources.every((source, i) => source === i);
  const kept = new Set(sources);

  return (row, raw) => {
    const cells: Cell[] = new Array(width);
    let blank = true;
    for (let i = 0; i < width; i++) {
      const value = raw[sources[i]!];
      const cell = value === '' || value === undefined ? null : value;
      cells[i] = cell;
      if (blank && !isBlank(cell)) blank = false;
    }
    if (blank) return null;
    if (++count.rows > FEED_LIMITS.rows) {
      throw new FeedError(`The feed has more than ${FEED_LIMITS.rows.toLocaleString('en-US')} rows.`);
    }
    let ignored = 0;
    for (let i = contiguous ? width : 0; i < raw.length; i++) {
      if ((contiguous || !kept.has(i)) && !isBlank(raw[i])) ignored++;
    }
    return ignored > 0 ? { row, cells, ignored } : { row, cells };
  };
}
