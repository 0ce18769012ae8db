export type SortDirection = 'asc' | 'desc';

export interface SortState<K extends string = string> {
  by: K;
  direction: SortDirection;
}

const TEXT = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

/** Rows ordered by one value; equal values keep their order (the server's: most impressions first). */
export function sortRows<R>(
  rows: readonly R[],
  value: (row: R) => string | number,
  direction: SortDirection,
): R[] {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      const order =
        typeof a.key === 'number' && typeof b.key === 'number'
          ? a.key - b.key
          : TEXT.compare(String(a.key), String(b.key));
      return order * sign || a.index - b.index;
    })
    .map(({ row }) => row);
}

/** A click on a column's header: the same column turns around; another starts high-to-low for figures. */
export const nextSort = <K extends string>(current: SortState<K>, by: K, numeric: boolean): SortState<K> =>
  current.by === by
    ? { by, direction: current.direction === 'asc' ? 'desc' : 'asc' }
    : { by, direction: numeric ? 'desc' : 'asc' };
