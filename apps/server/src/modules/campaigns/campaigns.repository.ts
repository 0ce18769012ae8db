import { type CampaignListQuery, type CampaignSort, LIST_COUNT_CAP } from '@adstudio/contract';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { CampaignsTable, ReportLinksTable } from '../../db/schema';
import {
  isPostgres,
  listSource,
  matchingRows,
  type SourcingFilter,
  SPARSE_MATCHES,
  sparseOrDense,
} from '../../lib/indexed-filter';
import {
  defaultSort,
  LIST_COUNT_CAP_PLUS_ONE,
  paginate,
  type SortKey,
  type StatusListParams,
  spanContains,
} from '../../lib/list';
import { listTotal } from '../../lib/list-total';
import { scopedRepository } from '../../lib/scoped-repository';
import { textMatch } from '../../lib/text-match';
import { campaignsOnDay } from './campaign-days';

export type CampaignRow = Selectable<CampaignsTable>;
export type NewCampaignRow = Insertable<CampaignsTable>;
export type ReportLinkRow = Selectable<ReportLinksTable>;

/** Each sortable column once, keyed by the contract's list (the compiler keeps them equal). */
const SORTS: Record<CampaignSort, SortKey> = {
  name: sql`lower(campaigns.name)`,
  status: 'campaigns.status',
  launch_date: { emptyLast: 'campaigns.launch_date' },
  end_date: { emptyLast: 'campaigns.end_date' },
  // Generated from the dates (migration 2026-11-28-1000): end − launch in days, null without both.
  duration: { emptyLast: 'campaigns.duration' },
  created_at: 'campaigns.created_at',
  updated_at: 'campaigns.updated_at',
};

/**
 * The `date` filter: the campaigns running that day, read from the range index. Their ids when few;
 * up to the cap, the page is sorted out of those campaigns themselves (`matchingRows`): a walk of the
 * sort's index testing each row's span met the campaigns of a past day late, since they are old (22 ms
 * for 5,400 of them); beyond it, that walk, which fills a page soon when matches are that common.
 */
async function campaignsRunning(
  trx: Executor,
  companyId: number,
  listed: StatusListParams,
  day: string,
): Promise<SourcingFilter<CampaignRow, 'campaigns'>> {
  const running = campaignsOnDay(trx, companyId, day, listed);
  const filter = await sparseOrDense(
    trx,
    'campaigns.id',
    running,
    spanContains('campaigns.launch_date', 'campaigns.end_date', day),
    undefined,
    undefined,
    undefined,
    // The range index is kept by campaigns' triggers: their version tells it unchanged.
    { section: 'campaigns', companyId },
  );
  if ((await filter.count(SPARSE_MATCHES + 1)) <= SPARSE_MATCHES) return filter;
  if ((await filter.count(LIST_COUNT_CAP_PLUS_ONE)) > LIST_COUNT_CAP) return filter;
  return {
    ...filter,
    where: sql<boolean>`true`,
    // The running campaigns' rows straight from the range index (not their ids, then each row).
    from: matchingRows<CampaignRow, 'campaigns'>(
      isPostgres(trx),
      'campaigns',
      campaignsOnDay(trx, companyId, day, listed, sql`campaigns.*`),
    ),
  };
}

/** Campaigns and their report links; every query is scoped by company and takes an optional transaction. */
export const createCampaignsRepository = (db: Db) => ({
  ...scopedRepository(db, 'campaigns'),

  /**
   * A page of the list. Its total: kept counts without filters but status; through the text index
   * for a text filter alone; else counted up to the cap.
   */
  list: async (companyId: number, query: CampaignListQuery, trx: Executor = db) => {
    const dated = query.date ? await campaignsRunning(trx, companyId, query, query.date) : undefined;
    let rows = listSource(trx, 'campaigns', companyId, query, dated?.from).selectAll('campaigns');
    const text = query.filter
      ? await textMatch(trx, { table: 'campaigns', columns: ['name', 'url'] }, companyId, query, query.filter)
      : undefined;
    if (text) rows = rows.where(text.where);
    if (dated) rows = rows.where(dated.where);
    const total = listTotal(trx, {
      section: 'campaigns',
      companyId,
      listed: query,
      matches: [text, dated],
      narrowed: false,
      rows,
    });
    const byIds = (ids: number[]) =>
      scopedRepository(trx, 'campaigns').findByIds(companyId, ids, trx, { deleted: 'any' });
    return paginate(rows, query, {
      sortable: SORTS,
      defaultSort: defaultSort('campaigns', query),
      id: 'campaigns.id',
      total,
      // A filter testing ids: the page's ids come first, then their rows without testing it again.
      load: text?.idsOnly ? byIds : undefined,
      // A filtered list reads campaigns only: its order is kept until they are written.
      kept:
        text || dated ? { executor: trx, rows: { section: 'campaigns', companyId }, load: byIds } : undefined,
    });
  },

  insert: (values: NewCampaignRow, trx: Executor = db) =>
    trx.insertInto('campaigns').values(values).returningAll().executeTakeFirstOrThrow(),

  insertReportLink: (values: Insertable<ReportLinksTable>, trx: Executor = db) =>
    trx.insertInto('report_links').values(values).returningAll().executeTakeFirstOrThrow(),

  /** The campaign's links that have not been revoked, newest first (expired ones included). */
  reportLinks: (companyId: number, campaignId: number, trx: Executor = db) =>
    trx
      .selectFrom('report_links')
      .selectAll()
      .where((eb) => eb.and({ company_id: companyId, campaign_id: campaignId }))
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),

  /** Answers whether a link of this campaign was revoked now. */
  revokeReportLink: async (
    companyId: number,
    campaignId: number,
    linkId: number,
    at: string,
    trx: Executor = db,
  ) => {
    const result = await trx
      .updateTable('report_links')
      .set({ revoked_at: at })
      .where((eb) => eb.and({ company_id: companyId, campaign_id: campaignId, id: linkId }))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
});
export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
