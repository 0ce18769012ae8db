import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { IndexedFilter } from './indexed-filter';
import { type CountedSection, keptTotal } from './item-counts';
import { capAt, cappedTotal, LIST_COUNT_CAP_PLUS_ONE, type ListTotal, type StatusListParams } from './list';

export interface TotalOf<DB, TB extends keyof DB, O> {
  section: CountedSection;
  companyId: number;
  /** The status and deleted filters, which the kept counts answer. */
  listed: StatusListParams;
  /** Index-backed filters in use (text, date), each able to count its own matches. */
  matches: readonly (IndexedFilter | undefined)[];
  /** Whether any other filter narrows the list (a creative's campaign or size). */
  narrowed: boolean;
  /** The list's rows with every filter, counted when nothing cheaper is exact. */
  rows: SelectQueryBuilder<DB, TB, O>;
}

/**
 * A list's total, read the cheapest exact way (up to the cap): the kept counts when only status
 * and deleted filter it; the one index-backed filter's own count when it alone narrows the list;
 * else its rows counted up to the cap.
 */
export function listTotal<DB, TB extends keyof DB, O>(
  executor: Kysely<DB>,
  { section, companyId, listed, matches, narrowed, rows }: TotalOf<DB, TB, O>,
): () => Promise<ListTotal> {
  const used = matches.filter((match): match is IndexedFilter => match !== undefined);
  if (used.length === 0 && !narrowed)
    return async () => ({ total: await keptTotal(executor, section, companyId, listed), capped: false });
  const only = used.length === 1 && !narrowed ? used[0]?.count : undefined;
  if (only) return async () => capAt(await only(LIST_COUNT_CAP_PLUS_ONE));
  return () => cappedTotal(executor, rows);
}
