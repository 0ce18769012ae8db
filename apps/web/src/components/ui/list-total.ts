import type { ListLinks, ListMeta } from '@adstudio/contract';
import { formatCount } from '../../lib/format';

/** What a list page knows of its total from one answer's `meta` and `links`. */
export interface ListTotal {
  /** The number of items, or the cap when `capped`. */
  total: number;
  /** The server stopped counting at the cap (`meta.total_capped`): there are more than `total`. */
  capped: boolean;
  /** Whether a page follows this one; what the pager goes by when the total is capped. */
  hasNextPage: boolean;
}

export function listTotal(
  meta: Pick<ListMeta, 'total' | 'total_capped' | 'current_page' | 'last_page'>,
  links?: Pick<ListLinks, 'next'>,
): ListTotal {
  return {
    total: meta.total,
    capped: meta.total_capped === true,
    // `links.next` is the server's word; `last_page` only speaks for a count that was not capped.
    hasNextPage: links ? links.next !== null : meta.current_page < meta.last_page,
  };
}

/** The list's subtitle: "1,234 in total", or "10,000+ in total" when the count stopped at the cap. */
export const totalText = ({ total, capped }: Pick<ListTotal, 'total' | 'capped'>): string =>
  `${formatCount(total)}${capped ? '+' : ''} in total`;

/**
 * The pager's "1–25 of 120". A capped total is not a row count the pager can go by (it would stop
 * at the cap's last page): the grid is then given an unknown count and `hasNextPage`, and this
 * label says "of 10,000+" (or "of 10,025+" once past the cap).
 */
export function displayedRows(
  { from, to, count }: { from: number; to: number; count: number },
  total: Pick<ListTotal, 'total' | 'capped'> | undefined,
): string {
  const range = `${formatCount(from)}–${formatCount(to)}`;
  if (total?.capped) return `${range} of ${formatCount(Math.max(total.total, to))}+`;
  return count === -1 ? `${range} of more than ${formatCount(to)}` : `${range} of ${formatCount(count)}`;
}
