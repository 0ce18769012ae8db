import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { DB } from '../../db/schema';

export const createUploadsRepository = (db: Db) => ({
  insert: (upload: Insertable<DB['uploads']>) => db.insertInto('uploads').values(upload).execute(),

  findUnclaimed: (key: string) =>
    db
      .selectFrom('uploads')
      .selectAll()
      .where('key', '=', key)
      .where('claimed_at', 'is', null)
      .executeTakeFirst(),

  findUnclaimedInCompany: (key: string, companyId: number, trx: Db = db) =>
    trx
      .selectFrom('uploads')
      .selectAll()
      .where('key', '=', key)
      .where('company_id', '=', companyId)
      .where('claimed_at', 'is', null)
      .executeTakeFirst(),

  markClaimed: (id: number, at: string, trx: Db = db) =>
    trx
      .updateTable('uploads')
      .set({ claimed_at: at })
      .where('id', '=', id)
      .where('claimed_at', 'is', null)
      .executeTakeFirst(),

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
