import type { CreativeListQuery, CreativeSort } from '@adstudio/contract';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { CreativesTable } from '../../db/schema';
import { containsText, defaultSort, listedRows, paginate, spanContains } from '../../lib/list';
import { type ScopedOptions, scopedRepository } from '../../lib/scoped-repository';

export type CreativeRow = Selectable<CreativesTable>;
export type CreativeView = CreativeRow & { campaign_name: string };
export type NewCreativeRow = Insertable<CreativesTable>;

/** Each sortable column once, keyed by the contract's list. Sizes order by width, then height (≤ 4000). */
const SORTS: Record<CreativeSort, ReturnType<typeof sql> | `creatives.${keyof CreativesTable}`> = {
  name: sql`lower(creatives.name)`,
  campaign: sql`lower(campaigns.name)`,
  size: sql`(creatives.width * 10000 + creatives.height)`,
  status: 'creatives.status',
  created_at: 'creatives.created_at',
  updated_at: 'creatives.updated_at',
};

/** Creatives, with their campaign's name for lists and links; every query is scoped by company. */
export const createCreativesRepository = (db: Db) => {
  const views = (trx: Executor, companyId: number) =>
    trx
      .selectFrom('creatives')
      .innerJoin('campaigns', 'campaigns.id', 'creatives.campaign_id')
      .selectAll('creatives')
      .select('campaigns.name as campaign_name')
      .where('creatives.company_id', '=', companyId);

  return {
    ...scopedRepository(db, 'creatives'),

    list: (companyId: number, query: CreativeListQuery, trx: Executor = db) => {
      let rows = views(trx, companyId).where(listedRows('creatives', query));
      if (query.filter) rows = rows.where(containsText('creatives.name', query.filter));
      if (query.campaign_id !== undefined) rows = rows.where('creatives.campaign_id', '=', query.campaign_id);
      if (query.size) {
        rows = rows
          .where('creatives.width', '=', query.size.width)
          .where('creatives.height', '=', query.size.height);
      }
      // The creative's campaign runs that day.
      if (query.date)
        rows = rows.where(spanContains('campaigns.launch_date', 'campaigns.end_date', query.date));
      return paginate(rows, query, {
        sortable: SORTS,
        defaultSort: defaultSort('creatives', query),
        tieBreaker: 'creatives.id',
      });
    },

    /** One creative with its campaign's name, as the API shows it. */
    findView: (companyId: number, id: number, trx: Executor = db, { deleted = false }: ScopedOptions = {}) =>
      views(trx, companyId)
        .where('creatives.id', '=', id)
        .where('creatives.deleted_at', deleted ? 'is not' : 'is', null)
        .executeTakeFirst(),

    insert: (values: NewCreativeRow, trx: Executor = db) =>
      trx.insertInto('creatives').values(values).returning('id').executeTakeFirstOrThrow(),

    /** Which of these campaigns have a live creative (a campaign with one must not be deleted). */
    campaignsWithLive: async (companyId: number, campaignIds: readonly number[], trx: Executor = db) => {
      if (campaignIds.length === 0) return new Set<number>();
      const rows = await trx
        .selectFrom('creatives')
        .select('campaign_id')
        .distinct()
        .where('company_id', '=', companyId)
        .where('campaign_id', 'in', campaignIds)
        .where('status', '=', 'live')
        .where('deleted_at', 'is', null)
        .execute();
      return new Set(rows.map((row) => row.campaign_id));
    },
  };
};
export type CreativesRepository = ReturnType<typeof createCreativesRepository>;
