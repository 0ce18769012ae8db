import { AD_TAG_STATS_DAYS } from '@adstudio/contract';
import type { Insertable, Selectable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { AdTagsTable } from '../../db/schema';
import { wroteAny } from '../../lib/written';

export type AdTagRow = Selectable<AdTagsTable>;
type Owner = Pick<Insertable<AdTagsTable>, 'company_id' | 'creative_id' | 'created_by'>;

/** A creative's tags as the back office reads and writes them; every query is scoped by company. */
export const createAdTagsRepository = (db: Db) => ({
  /**
   * The tags of these creatives (one creative's, or a campaign's), oldest first (revoked ones too:
   * their snippets may still be pasted somewhere), each with its publisher's name and its
   * impressions and clicks over the last AD_TAG_STATS_DAYS UTC days (today included), its rules
   * summed (PostgreSQL's sums come as text). At most `limit` rows.
   */
  withFigures: async (
    companyId: number,
    creativeIds: readonly number[],
    { limit, trx = db }: { limit?: number; trx?: Executor } = {},
  ) => {
    if (creativeIds.length === 0) return [];
    const fromDay = new Date(Date.now() - (AD_TAG_STATS_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    return (
      trx
        .selectFrom('ad_tags')
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('stats_tag_daily')
              .select((s) => [
                'tag_id',
                s.fn.sum<number | string>('impressions').as('impressions'),
                s.fn.sum<number | string>('clicks').as('clicks'),
              ])
              .where('company_id', '=', companyId)
              .where('creative_id', 'in', creativeIds)
              .where('day', '>=', fromDay)
              .groupBy('tag_id')
              .as('served'),
          (join) => join.onRef('served.tag_id', '=', 'ad_tags.id'),
        )
        // The publisher keeps being named once deleted.
        .leftJoin('media_entities as publisher', (join) =>
          join
            .onRef('publisher.id', '=', 'ad_tags.media_entity_id')
            .on('publisher.company_id', '=', companyId),
        )
        .selectAll('ad_tags')
        .select(['served.impressions', 'served.clicks', 'publisher.name as media_entity_name'])
        .where('ad_tags.company_id', '=', companyId)
        .where('ad_tags.creative_id', 'in', creativeIds)
        .orderBy('ad_tags.id')
        .$if(limit !== undefined, (q) => q.limit(limit ?? 0))
        .execute()
    );
  },

  find: (companyId: number, creativeId: number, id: number, trx: Executor = db) =>
    trx
      .selectFrom('ad_tags')
      .selectAll()
      .where((eb) => eb.and({ company_id: companyId, creative_id: creativeId, id }))
      .executeTakeFirst(),

  /** A new tag: its fields, and whose it is (`owner`: company, creative, who made it). */
  insert: (fields: Omit<Insertable<AdTagsTable>, keyof Owner>, owner: Owner, trx: Executor = db) =>
    trx
      .insertInto('ad_tags')
      .values({ ...fields, ...owner })
      .returningAll()
      .executeTakeFirstOrThrow(),

  /** Revokes a live tag; answers whether it was live. */
  revoke: (companyId: number, id: number, at: string, trx: Executor = db) =>
    wroteAny(
      trx
        .updateTable('ad_tags')
        .set({ revoked_at: at })
        .where((eb) => eb.and({ company_id: companyId, id }))
        .where('revoked_at', 'is', null)
        .executeTakeFirst(),
    ),
});
export type AdTagsRepository = ReturnType<typeof createAdTagsRepository>;
