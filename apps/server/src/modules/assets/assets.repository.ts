import {
  type AssetCampaignListQuery,
  type AssetCampaignSort,
  type AssetKind,
  type AssetListQuery,
  type AssetSort,
  assetKindOf,
} from '@adstudio/contract';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { AssetsTable } from '../../db/schema';
import { defaultSort, idIn, listedRows, paginate, type SortKey } from '../../lib/list';
import { listTotal } from '../../lib/list-total';
import { type ScopedOptions, scopedRepository } from '../../lib/scoped-repository';
import { textMatch } from '../../lib/text-match';

export type AssetRow = Selectable<AssetsTable>;
/** An asset with its creative's campaign, as the API shows it. */
export type AssetView = AssetRow & { campaign_id: number };
export type NewAssetRow = Insertable<AssetsTable>;

/** Each sortable column once, keyed by the contract's list. */
const SORTS: Record<AssetSort, SortKey> = {
  name: sql`lower(assets.name)`,
  size: 'assets.size',
  created_at: 'assets.created_at',
  updated_at: 'assets.updated_at',
};

const CAMPAIGN_SORTS: Record<AssetCampaignSort, SortKey> = {
  name: sql`lower(campaigns.name)`,
  updated_at: 'campaigns.updated_at',
};

/** The content types of each kind (`assetKindOf` in the contract), as a condition. */
const TYPE_PREFIXES = ['image/', 'video/', 'font/'] as const;
function ofKind(kind: AssetKind) {
  const prefix = TYPE_PREFIXES.find((p) => assetKindOf(p) === kind);
  if (prefix) return sql<boolean>`assets.content_type like ${`${prefix}%`}`;
  return sql<boolean>`(${sql.join(
    TYPE_PREFIXES.map((p) => sql`assets.content_type not like ${`${p}%`}`),
    sql` and `,
  )})`;
}

/** Up to this many of a campaign's newest image thumbnails show in the overview. */
export const LATEST_PER_CAMPAIGN = 4;

/** Assets; every query is scoped by company (the purge alone works across companies). */
export const createAssetsRepository = (db: Db) => {
  const views = (trx: Executor, companyId: number) =>
    trx
      .selectFrom('assets')
      .innerJoin('creatives', 'creatives.id', 'assets.creative_id')
      .selectAll('assets')
      .select('creatives.campaign_id')
      .where('assets.company_id', '=', companyId);

  /** The company's live creatives of its live campaigns, for the overview's figures. */
  const liveCreativesOf = (trx: Executor, companyId: number, campaignIds: readonly number[]) =>
    trx
      .selectFrom('creatives')
      .where('creatives.company_id', '=', companyId)
      .where('creatives.deleted_at', 'is', null)
      .where(idIn('creatives.campaign_id', campaignIds));

  return {
    ...scopedRepository(db, 'assets'),

    /**
     * A page of the company's assets (or one creative's), filtered by name, kind, campaign or
     * creative; its total as for every list (kept counts, the text index, or capped).
     */
    list: async (companyId: number, query: AssetListQuery, trx: Executor = db) => {
      let rows = trx
        .selectFrom('assets')
        .selectAll('assets')
        .where('assets.company_id', '=', companyId)
        .where(listedRows('assets', query));
      const text = query.filter
        ? await textMatch(trx, { table: 'assets', columns: ['name'] }, companyId, query, query.filter)
        : undefined;
      if (text) rows = rows.where(text.where);
      if (query.creative_id !== undefined) rows = rows.where('assets.creative_id', '=', query.creative_id);
      if (query.campaign_id !== undefined) {
        const campaignId = query.campaign_id;
        rows = rows.where('assets.creative_id', 'in', (eb) =>
          eb
            .selectFrom('creatives')
            .select('creatives.id')
            .where('creatives.company_id', '=', companyId)
            .where('creatives.campaign_id', '=', campaignId),
        );
      }
      if (query.kind) rows = rows.where(ofKind(query.kind));
      const total = listTotal(trx, {
        section: 'assets',
        companyId,
        listed: query,
        matches: [text],
        narrowed: query.creative_id !== undefined || query.campaign_id !== undefined || !!query.kind,
        rows,
      });
      return paginate(rows, query, {
        sortable: SORTS,
        defaultSort: defaultSort('assets', query),
        id: 'assets.id',
        total,
        load: (ids) => views(trx, companyId).where(idIn('assets.id', ids)).execute(),
      });
    },

    /** These assets with their campaign, in no particular order. */
    findViews: (companyId: number, ids: readonly number[], trx: Executor = db) =>
      views(trx, companyId).where(idIn('assets.id', ids)).execute(),

    /** One asset with its campaign, live by default. */
    findView: (
      companyId: number,
      id: number,
      trx: Executor = db,
      { deleted = false }: ScopedOptions = {},
    ) => {
      const query = views(trx, companyId).where('assets.id', '=', id);
      return (
        deleted === 'any' ? query : query.where('assets.deleted_at', deleted ? 'is not' : 'is', null)
      ).executeTakeFirst();
    },

    insert: (values: NewAssetRow, trx: Executor = db) =>
      trx.insertInto('assets').values(values).returning('id').executeTakeFirstOrThrow(),

    /**
     * Per creative and sha256 among `rows`, the earliest live asset with those bytes (one query):
     * what `duplicate_of` points at. Keys are `creative_id|sha256`.
     */
    earliestLive: async (
      companyId: number,
      rows: readonly { creative_id: number; sha256: string }[],
      trx: Executor = db,
    ): Promise<Map<string, number>> => {
      const hashed = rows.filter((row) => row.sha256 !== '');
      if (hashed.length === 0) return new Map();
      const found = await trx
        .selectFrom('assets')
        .select(['creative_id', 'sha256', (eb) => eb.fn.min<number>('id').as('id')])
        .where('company_id', '=', companyId)
        .where('deleted_at', 'is', null)
        .where(idIn('creative_id', [...new Set(hashed.map((row) => row.creative_id))]))
        .where('sha256', 'in', [...new Set(hashed.map((row) => row.sha256))])
        .groupBy(['creative_id', 'sha256'])
        .execute();
      return new Map(found.map((row) => [`${row.creative_id}|${row.sha256}`, Number(row.id)]));
    },

    /**
     * A page of the company's live campaigns that have live creatives (the `/assets` overview);
     * `filter` matches the campaign's name.
     */
    campaigns: async (companyId: number, query: AssetCampaignListQuery, trx: Executor = db) => {
      let rows = trx
        .selectFrom('campaigns')
        .select(['campaigns.id', 'campaigns.name'])
        .where('campaigns.company_id', '=', companyId)
        .where('campaigns.deleted_at', 'is', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('creatives')
              .select(sql`1`.as('one'))
              .whereRef('creatives.campaign_id', '=', 'campaigns.id')
              .where('creatives.deleted_at', 'is', null),
          ),
        );
      const text = query.filter
        ? await textMatch(trx, { table: 'campaigns', columns: ['name'] }, companyId, {}, query.filter)
        : undefined;
      if (text) rows = rows.where(text.where);
      const total = listTotal(trx, {
        section: 'campaigns',
        companyId,
        listed: {},
        matches: [text],
        // Having creatives narrows every page: no kept count answers it.
        narrowed: true,
        rows,
      });
      return paginate(rows, query, {
        sortable: CAMPAIGN_SORTS,
        defaultSort: { by: 'campaigns.updated_at', order: 'desc' },
        id: 'campaigns.id',
        total,
      });
    },

    /** Live creatives per campaign. */
    creativeCounts: async (companyId: number, campaignIds: readonly number[], trx: Executor = db) => {
      if (campaignIds.length === 0) return new Map<number, number>();
      const rows = await liveCreativesOf(trx, companyId, campaignIds)
        .select(['creatives.campaign_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('creatives.campaign_id')
        .execute();
      return new Map(rows.map((row) => [row.campaign_id, Number(row.n)]));
    },

    /** Live assets of live creatives, per campaign. */
    assetCounts: async (companyId: number, campaignIds: readonly number[], trx: Executor = db) => {
      if (campaignIds.length === 0) return new Map<number, number>();
      const rows = await liveCreativesOf(trx, companyId, campaignIds)
        .innerJoin('assets', 'assets.creative_id', 'creatives.id')
        .where('assets.deleted_at', 'is', null)
        .select(['creatives.campaign_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('creatives.campaign_id')
        .execute();
      return new Map(rows.map((row) => [row.campaign_id, Number(row.n)]));
    },

    /** Per campaign, its newest live image assets with a thumbnail (of live creatives), newest first. */
    latestImages: async (companyId: number, campaignIds: readonly number[], trx: Executor = db) => {
      if (campaignIds.length === 0) return [];
      const ranked = liveCreativesOf(trx, companyId, campaignIds)
        .innerJoin('assets', 'assets.creative_id', 'creatives.id')
        .where('assets.deleted_at', 'is', null)
        .where('assets.thumbnail_key', 'is not', null)
        .where('assets.content_type', 'like', 'image/%')
        .select([
          'assets.id',
          'assets.name',
          'assets.thumbnail_key',
          'creatives.campaign_id',
          sql<number>`row_number() over (partition by creatives.campaign_id order by assets.created_at desc, assets.id desc)`.as(
            'position',
          ),
        ]);
      const rows = await trx
        .selectFrom(ranked.as('ranked'))
        .selectAll()
        .where('position', '<=', LATEST_PER_CAMPAIGN)
        .orderBy('campaign_id')
        .orderBy('position')
        .execute();
      return rows.map((row) => ({ ...row, thumbnail_key: row.thumbnail_key! }));
    },

    /** Assets of any company deleted before `before`, oldest first: what the purge removes next. */
    purgeable: (before: string, limit: number, trx: Executor = db) =>
      trx
        .selectFrom('assets')
        .select(['id', 'storage_key', 'thumbnail_key'])
        .where('deleted_at', 'is not', null)
        .where('deleted_at', '<', before)
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** Removes rows for good (the purge); only soft-deleted ones. */
    deleteRows: async (ids: readonly number[], trx: Executor = db) => {
      if (ids.length === 0) return;
      await trx.deleteFrom('assets').where(idIn('id', ids)).where('deleted_at', 'is not', null).execute();
    },
  };
};
export type AssetsRepository = ReturnType<typeof createAssetsRepository>;
