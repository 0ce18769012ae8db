import type { CreativeListQuery, CreativeSort } from '@adstudio/contract';
import { LIST_COUNT_CAP } from '@adstudio/contract';
import { type Insertable, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { CreativesTable, PreviewLinksTable } from '../../db/schema';
import {
  countUpTo,
  idsIn,
  isPostgres,
  listSource,
  matchesUpTo,
  matchingRows,
  queryKey,
  type SourcingFilter,
  sparseOrDense,
} from '../../lib/indexed-filter';
import { keptTotal } from '../../lib/item-counts';
import { keptByVersion, type VersionedRows } from '../../lib/kept-by-version';
import {
  companyListedRows,
  defaultSort,
  idIn,
  LIST_COUNT_CAP_PLUS_ONE,
  paginate,
  type SortKey,
  type StatusListParams,
} from '../../lib/list';
import { listTotal } from '../../lib/list-total';
import { type ScopedOptions, scopedRepository } from '../../lib/scoped-repository';
import { textMatch } from '../../lib/text-match';
import { nextUpdatedAtOfAll } from '../../lib/versions';
import { campaignsOnDay } from '../campaigns';

export type CreativeRow = Selectable<CreativesTable>;
export type CreativeView = CreativeRow & { campaign_name: string; campaign_status: CreativeRow['status'] };
export type NewCreativeRow = Insertable<CreativesTable>;
export type PreviewLinkRow = Selectable<PreviewLinksTable>;

/** Each sortable column once, keyed by the contract's list. Sizes order by width, then height (≤ 4000). */
const SORTS: Record<CreativeSort, SortKey> = {
  name: sql`lower(creatives.name)`,
  // lower(campaign's name) kept on each creative, then the campaign: one index walk.
  campaign: { columns: ['creatives.campaign_sort', 'creatives.campaign_id'] },
  size: sql`(creatives.width * 10000 + creatives.height)`,
  status: 'creatives.status',
  created_at: 'creatives.created_at',
  updated_at: 'creatives.updated_at',
};

/**
 * The `date` filter of creatives: their campaign runs that day (the range index finds the
 * campaigns, the campaign index their creatives).
 * - When at most a quarter of the company's campaigns run that day, the page is sorted out of the
 *   matches themselves (`matchingRows`), read campaign by campaign. A walk of the sort's index
 *   passed 89,000 newer creatives to fill a first page of a past day's on PostgreSQL (100 ms), where
 *   sorting the 16,000 matches takes a fifth of that.
 * - When more run, their creatives are common: up to the cap the list is narrowed to their ids, and
 *   beyond it the sort's index is walked testing each creative's campaign (`campaign_id + 0` keeps
 *   the campaign index out of that plan), which fills a page soon.
 */
async function creativesRunning(
  trx: Executor,
  companyId: number,
  listed: StatusListParams,
  day: string,
): Promise<SourcingFilter<CreativeRow, 'creatives'>> {
  const running = campaignsOnDay(trx, companyId, day);
  const theirs = (campaigns: RawBuilder<boolean>) =>
    sql<boolean>`${companyListedRows('creatives', companyId, listed)} and ${campaigns}`;
  // A running campaign may be deleted and keep its creatives: every campaign counts.
  const [live, deleted] = await Promise.all([
    keptTotal(trx, 'campaigns', companyId, { deleted: false }),
    keptTotal(trx, 'campaigns', companyId, { deleted: true }),
  ]);
  const few = Math.floor((live + deleted) / 4);
  // The running campaigns are kept until campaigns are written, their creatives until either is.
  const campaigns: VersionedRows = { section: 'campaigns', companyId };
  const both: VersionedRows[] = [{ section: 'creatives', companyId }, campaigns];
  const some = await keptByVersion(
    trx,
    campaigns,
    queryKey(trx, running, few + 1),
    () => matchesUpTo(trx, running, few + 1),
    (m) => m.ids.length,
  );
  if (some.n <= few) {
    // The running campaigns' ids, read once, for the count and the page.
    const mine = theirs(idsIn(trx, 'creatives.campaign_id', some.ids));
    const theirCreatives = sql`select creatives.id as id from creatives where ${mine}`;
    const counted = countUpTo(trx, theirCreatives);
    return {
      where: sql<boolean>`true`,
      count: (limit) => keptByVersion(trx, both, queryKey(trx, theirCreatives, limit), () => counted(limit)),
      from: matchingRows<CreativeRow, 'creatives'>(
        isPostgres(trx),
        'creatives',
        sql`select creatives.* from creatives where ${mine}`,
      ),
    };
  }
  const matching = sql`select creatives.id as id from creatives where ${theirs(sql<boolean>`creatives.campaign_id in (${running})`)}`;
  return sparseOrDense(
    trx,
    'creatives.id',
    matching,
    sql<boolean>`(creatives.campaign_id + 0) in (${running})`,
    LIST_COUNT_CAP_PLUS_ONE,
    LIST_COUNT_CAP,
    undefined,
    both,
  );
}

/** Creatives, with their campaign's name and status for lists and links; every query is scoped by company. */
export const createCreativesRepository = (db: Db) => {
  const views = (trx: Executor, companyId: number) =>
    trx
      .selectFrom('creatives')
      .innerJoin('campaigns', 'campaigns.id', 'creatives.campaign_id')
      .selectAll('creatives')
      .select(['campaigns.name as campaign_name', 'campaigns.status as campaign_status'])
      .where('creatives.company_id', '=', companyId);

  return {
    ...scopedRepository(db, 'creatives'),

    /** A page of the list; its total as for campaigns (kept counts, the text index, or capped). */
    list: async (companyId: number, query: CreativeListQuery, trx: Executor = db) => {
      // The page's ids come from creatives alone; its rows are then read with their campaign's name.
      const dated = query.date ? await creativesRunning(trx, companyId, query, query.date) : undefined;
      let rows = listSource(trx, 'creatives', companyId, query, dated?.from).selectAll('creatives');
      const text = query.filter
        ? await textMatch(trx, { table: 'creatives', columns: ['name'] }, companyId, query, query.filter)
        : undefined;
      if (text) rows = rows.where(text.where);
      if (query.campaign_id !== undefined) rows = rows.where('creatives.campaign_id', '=', query.campaign_id);
      if (query.size) {
        // The size sort's expression, so its index finds a size's rows (widths and heights ≤ 4000).
        rows = rows.where(
          sql<boolean>`(creatives.width * 10000 + creatives.height) = ${query.size.width * 10000 + query.size.height}`,
        );
      }
      if (dated) rows = rows.where(dated.where);
      const total = listTotal(trx, {
        section: 'creatives',
        companyId,
        listed: query,
        matches: [text, dated],
        narrowed: query.campaign_id !== undefined || query.size !== undefined,
        rows,
      });
      return paginate(rows, query, {
        sortable: SORTS,
        defaultSort: defaultSort('creatives', query),
        id: 'creatives.id',
        total,
        load: (ids) => views(trx, companyId).where(idIn('creatives.id', ids)).execute(),
        // A filtered list's order is kept until its creatives (and, by date, campaigns) are written.
        kept:
          text || dated
            ? {
                executor: trx,
                rows: dated
                  ? [
                      { section: 'creatives', companyId },
                      { section: 'campaigns', companyId },
                    ]
                  : { section: 'creatives', companyId },
                load: (ids) => views(trx, companyId).where(idIn('creatives.id', ids)).execute(),
              }
            : undefined,
      });
    },

    /** One creative with its campaign's name and status, as the API shows it. */
    findView: (companyId: number, id: number, trx: Executor = db, { deleted = false }: ScopedOptions = {}) =>
      views(trx, companyId)
        .where('creatives.id', '=', id)
        .where('creatives.deleted_at', deleted ? 'is not' : 'is', null)
        .executeTakeFirst(),

    insert: (values: NewCreativeRow, trx: Executor = db) =>
      trx.insertInto('creatives').values(values).returning('id').executeTakeFirstOrThrow(),

    /**
     * Takes these assets out of the company's creatives that use one as their fallback (a deleted
     * asset is no backup image); answers what each had.
     */
    clearFallbacks: async (companyId: number, assetIds: readonly number[], trx: Executor = db) => {
      if (assetIds.length === 0) return [];
      const using = await trx
        .selectFrom('creatives')
        .select(['id', 'fallback_asset_id', 'updated_at'])
        .where('company_id', '=', companyId)
        .where('fallback_asset_id', 'in', assetIds)
        .execute();
      if (using.length > 0) {
        // One statement for all of them, with a version later than each one's.
        await trx
          .updateTable('creatives')
          .set({
            fallback_asset_id: null,
            updated_at: nextUpdatedAtOfAll(using.map((row) => row.updated_at)),
          })
          .where('company_id', '=', companyId)
          .where(
            'id',
            'in',
            using.map((row) => row.id),
          )
          .execute();
      }
      return using.map(({ id, fallback_asset_id }) => ({ id, fallback_asset_id }));
    },

    /** The creative's preview link in use (not revoked), if any. */
    previewLink: (companyId: number, creativeId: number, trx: Executor = db) =>
      trx
        .selectFrom('preview_links')
        .selectAll()
        .where((eb) => eb.and({ company_id: companyId, creative_id: creativeId }))
        .where('revoked_at', 'is', null)
        .executeTakeFirst(),

    /** A new preview link; a unique index keeps one in use per creative (the caller handles a clash). */
    insertPreviewLink: (values: Insertable<PreviewLinksTable>, trx: Executor = db) =>
      trx.insertInto('preview_links').values(values).returningAll().executeTakeFirstOrThrow(),

    revokePreviewLink: (id: number, at: string, trx: Executor = db) =>
      trx.updateTable('preview_links').set({ revoked_at: at }).where('id', '=', id).execute(),

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

    /** A campaign's live creatives with their sizes, by name (then id): its Tags tab and sheet's order. */
    ofCampaign: (companyId: number, campaignId: number, trx: Executor = db) =>
      trx
        .selectFrom('creatives')
        .select(['id', 'name', 'width', 'height'])
        .where((eb) => eb.and({ company_id: companyId, campaign_id: campaignId }))
        .where('deleted_at', 'is', null)
        .orderBy('name')
        .orderBy('id')
        .execute(),

    /** The company's live creatives that a profile drives, by name, with their rule filter. */
    usingProfile: (companyId: number, profileId: number, trx: Executor = db) =>
      trx
        .selectFrom('creatives')
        .select(['id', 'name', 'rule_filter'])
        .where((eb) => eb.and({ company_id: companyId, profile_id: profileId }))
        .where('deleted_at', 'is', null)
        .orderBy('name')
        .execute(),
  };
};
export type CreativesRepository = ReturnType<typeof createCreativesRepository>;
