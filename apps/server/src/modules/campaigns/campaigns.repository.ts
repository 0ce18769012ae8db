import type { CampaignListQuery, CampaignSort } from '@adstudio/contract';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { CampaignsTable, ReportLinksTable } from '../../db/schema';
import { isPostgres, oneWalk, sparseOrDense } from '../../lib/indexed-filter';
import {
  defaultSort,
  listedRows,
  paginate,
  type SortKey,
  type StatusListParams,
  spanContains,
} from '../../lib/list';
import { listTotal } from '../../lib/list-total';
import { scopedRepository } from '../../lib/scoped-repository';
import { textMatch } from '../../lib/text-match';
import { campaignsOnDay } from '../../repositories/campaign-days';

export type CampaignRow = Selectable<CampaignsTable>;
export type NewCampaignRow = Insertable<CampaignsTable>;
export type ReportLinkRow = Selectable<ReportLinksTable>;

/** Each sortable column once, keyed by the contract's list (the compiler keeps them equal). */
const SORTS: Record<CampaignSort, SortKey> = {
  name: sql`lower(campaigns.name)`,
  status: 'campaigns.status',
  launch_date: { emptyLast: 'campaigns.launch_date' },
  end_date: { emptyLast: 'campaigns.end_date' },
  created_at: 'campaigns.created_at',
  updated_at: 'campaigns.updated_at',
};

/**
 * The `date` filter: the campaigns running that day, chosen like the text filter — their ids when
 * few (read from the range index), else a walk of the sort's index testing each row's span.
 */
const campaignsRunning = (trx: Executor, companyId: number, listed: StatusListParams, day: string) =>
  sparseOrDense(
    trx,
    'campaigns.id',
    campaignsOnDay(trx, companyId, day, listed),
    spanContains('campaigns.launch_date', 'campaigns.end_date', day),
    oneWalk(isPostgres(trx)),
  );

/** Campaigns and their report links; every query is scoped by company and takes an optional transaction. */
export const createCampaignsRepository = (db: Db) => ({
  ...scopedRepository(db, 'campaigns'),

  /**
   * A page of the list. Its total: kept counts without filters but status; through the text index
   * for a text filter alone; else counted up to the cap.
   */
  list: async (companyId: number, query: CampaignListQuery, trx: Executor = db) => {
    let rows = trx
      .selectFrom('campaigns')
      .selectAll('campaigns')
      .where('campaigns.company_id', '=', companyId)
      .where(listedRows('campaigns', query));
    const text = query.filter
      ? await textMatch(trx, { table: 'campaigns', columns: ['name', 'url'] }, companyId, query, query.filter)
      : undefined;
    if (text) rows = rows.where(text.where);
    const dated = query.date ? await campaignsRunning(trx, companyId, query, query.date) : undefined;
    if (dated) rows = rows.where(dated.where);
    const total = listTotal(trx, {
      section: 'campaigns',
      companyId,
      listed: query,
      matches: [text, dated],
      narrowed: false,
      rows,
    });
    return paginate(rows, query, {
      sortable: SORTS,
      defaultSort: defaultSort('campaigns', query),
      id: 'campaigns.id',
      total,
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
      .where('company_id', '=', companyId)
      .where('campaign_id', '=', campaignId)
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
      .where('company_id', '=', companyId)
      .where('campaign_id', '=', campaignId)
      .where('id', '=', linkId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
});
export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
