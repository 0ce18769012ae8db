import type { Insertable, Selectable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { AdTagsTable } from '../../db/schema';

export type AdTagRow = Selectable<AdTagsTable>;

/** A creative's tags as the back office reads and writes them; every query is scoped by company. */
export const createAdTagsRepository = (db: Db) => ({
  /** The creative's tags, oldest first (revoked ones too: their snippets may still be pasted somewhere). */
  ofCreative: (companyId: number, creativeId: number, trx: Executor = db) =>
    trx
      .selectFrom('ad_tags')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('creative_id', '=', creativeId)
      .orderBy('id')
      .execute(),

  /** Impressions and clicks per tag of the creative since `fromDay` (a UTC `YYYY-MM-DD`), its rules summed. */
  figures: (companyId: number, creativeId: number, fromDay: string, trx: Executor = db) =>
    trx
      .selectFrom('stats_tag_daily')
      .select((eb) => [
        'tag_id',
        eb.fn.sum<number | string>('impressions').as('impressions'),
        eb.fn.sum<number | string>('clicks').as('clicks'),
      ])
      .where('company_id', '=', companyId)
      .where('creative_id', '=', creativeId)
      .where('day', '>=', fromDay)
      .groupBy('tag_id')
      .execute(),

  find: (companyId: number, creativeId: number, id: number, trx: Executor = db) =>
    trx
      .selectFrom('ad_tags')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('creative_id', '=', creativeId)
      .where('id', '=', id)
      .executeTakeFirst(),

  insert: (row: Insertable<AdTagsTable>, trx: Executor = db) =>
    trx.insertInto('ad_tags').values(row).returningAll().executeTakeFirstOrThrow(),

  /** Revokes a live tag; answers whether it was live. */
  revoke: async (companyId: number, id: number, at: string, trx: Executor = db) =>
    Number(
      (
        await trx
          .updateTable('ad_tags')
          .set({ revoked_at: at })
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .where('revoked_at', 'is', null)
          .executeTakeFirst()
      ).numUpdatedRows,
    ) > 0,
});
export type AdTagsRepository = ReturnType<typeof createAdTagsRepository>;
