import type { Status } from '@adstudio/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { keptTotal, statusCounts } from '../../lib/item-counts';

export type StatusTable = 'campaigns' | 'creatives' | 'profiles';
export type CountTable = 'conditions' | 'assets';
export type ItemTable = StatusTable | 'conditions';

export interface ItemRow {
  id: number;
  name: string;
  status: string | null;
  updated_at: string;
}

export const createDashboardRepository = (db: Db) => {
  // One query over any of the item tables: Kysely types it on the columns they share.
  const live = (table: ItemTable, companyId: number) =>
    db.selectFrom(table).where('company_id', '=', companyId).where('deleted_at', 'is', null);
  const itemColumns = (table: ItemTable) =>
    [
      'id',
      'name',
      'updated_at',
      table === 'conditions' ? sql<null>`null`.as('status') : sql<string>`status`.as('status'),
    ] as const;

  return {
    /** Live rows per status, from the kept counts (lib/item-counts.ts). */
    statusCounts: (table: StatusTable, companyId: number) => statusCounts(db, table, companyId),

    /** Live rows, from the kept counts. */
    count: (table: CountTable, companyId: number) => keptTotal(db, table, companyId, {}),

    /** The most recently updated live rows, newest first. */
    recent: (table: ItemTable, companyId: number, limit: number) =>
      live(table, companyId)
        .select(itemColumns(table))
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** Live rows in the given statuses, longest waiting (least recently updated) first. */
    inStatuses: (
      table: 'campaigns' | 'creatives',
      companyId: number,
      statuses: readonly Status[],
      limit: number,
    ) =>
      live(table, companyId)
        .select(itemColumns(table))
        .where('status', 'in', statuses)
        .orderBy('updated_at', 'asc')
        .orderBy('id', 'asc')
        .limit(limit)
        .execute(),
  };
};
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
