import type { Kysely } from 'kysely';
import type { StatusListParams } from './list';
import type { CountedSection } from './sections';

/** The one table read here; its rows are kept by triggers (migration 2026-11-21-1100). */
interface Counts {
  item_counts: { company_id: number; section: string; status: string; deleted: number; n: number };
}

export type { CountedSection } from './sections';

/**
 * The total of a list without filters but status (and deleted): a sum over at most one row per
 * status, exact in any transaction since every write moves the counts with it.
 */
export async function keptTotal<DB>(
  executor: Kysely<DB>,
  section: CountedSection,
  companyId: number,
  { status, deleted }: StatusListParams,
): Promise<number> {
  // lib/ stays below the app's tables: item_counts is described here by the columns it reads.
  let query = (executor as unknown as Kysely<Counts>)
    .selectFrom('item_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
    .where('company_id', '=', companyId)
    .where('section', '=', section)
    .where('deleted', '=', deleted ? 1 : 0);
  if (status?.length) query = query.where('status', 'in', [...status]);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Live rows per status of a company's list (a list without statuses counts under ''). */
export async function statusCounts<DB>(
  executor: Kysely<DB>,
  section: CountedSection,
  companyId: number,
): Promise<{ status: string; n: number }[]> {
  const rows = await (executor as unknown as Kysely<Counts>) // as in keptTotal
    .selectFrom('item_counts')
    .select(['status', 'n'])
    .where('company_id', '=', companyId)
    .where('section', '=', section)
    .where('deleted', '=', 0)
    .where('n', '>', 0)
    .execute();
  return rows.map((row) => ({ status: row.status, n: Number(row.n) }));
}
