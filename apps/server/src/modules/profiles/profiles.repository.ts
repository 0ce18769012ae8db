import type { Db, Executor } from '../../db/database';

/** What other slices may ask about profiles (feeds) until the profiles slice has its own routes. */
export const createProfilesRepository = (db: Db) => ({
  /** Whether the company has this live profile. */
  exists: async (companyId: number, id: number, trx: Executor = db) =>
    (await trx
      .selectFrom('profiles')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()) !== undefined,
});
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
