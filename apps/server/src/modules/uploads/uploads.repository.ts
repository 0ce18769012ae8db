import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { DB } from '../../db/schema';

/** A guarded write took effect only when it touched exactly the one row it names. */
const tookRow = (rows: bigint) => Number(rows) === 1;

export const createUploadsRepository = (db: Db) => ({
  insert: (upload: Insertable<DB['uploads']>) => db.insertInto('uploads').values(upload).execute(),

  findUnclaimed: (key: string) =>
    db
      .selectFrom('uploads')
      .selectAll()
      .where('key', '=', key)
      .where('claimed_at', 'is', null)
      .executeTakeFirst(),

  /** An upload whose PUT has at least begun; the object itself exists only once that PUT finished. */
  /** An upload not yet claimed; with `received`, only one whose PUT the app took in. */
  findClaimableInCompany: (
    key: string,
    companyId: number,
    { received }: { received: boolean },
    trx: Db = db,
  ) =>
    trx
      .selectFrom('uploads')
      .selectAll()
      .where('key', '=', key)
      .where('company_id', '=', companyId)
      .$if(received, (q) => q.where('received_at', 'is not', null))
      .where('claimed_at', 'is', null)
      .executeTakeFirst(),

  /** Takes the URL's one PUT; false when another PUT holds or used it. */
  reserve: async (id: number, at: string) => {
    const { numUpdatedRows } = await db
      .updateTable('uploads')
      .set({ received_at: at })
      .where('id', '=', id)
      .where('received_at', 'is', null)
      .where('claimed_at', 'is', null)
      .executeTakeFirstOrThrow();
    return tookRow(numUpdatedRows);
  },

  /** Gives back the reservation made `at`, and only that one. */
  release: (id: number, at: string) =>
    db
      .updateTable('uploads')
      .set({ received_at: null })
      .where('id', '=', id)
      .where('received_at', '=', at)
      .where('claimed_at', 'is', null)
      .execute(),

  markClaimed: async (id: number, at: string, trx: Db = db) => {
    const { numUpdatedRows } = await trx
      .updateTable('uploads')
      .set({ claimed_at: at })
      .where('id', '=', id)
      .where('claimed_at', 'is', null)
      .executeTakeFirstOrThrow();
    return tookRow(numUpdatedRows);
  },

  /** Forgets a refused upload; false when a concurrent claim took it first. */
  deleteUnclaimed: async (id: number, trx: Db = db) => {
    const { numDeletedRows } = await trx
      .deleteFrom('uploads')
      .where('id', '=', id)
      .where('claimed_at', 'is', null)
      .executeTakeFirstOrThrow();
    return tookRow(numDeletedRows);
  },

  listStale: (createdBefore: string, limit: number) =>
    db
      .selectFrom('uploads')
      .select(['id', 'key'])
      .where('claimed_at', 'is', null)
      .where('created_at', '<', createdBefore)
      .orderBy('id')
      .limit(limit)
      .execute(),

  delete: (ids: number[]) => db.deleteFrom('uploads').where('id', 'in', ids).execute(),
});
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
