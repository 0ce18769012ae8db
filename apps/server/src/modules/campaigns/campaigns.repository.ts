import type { CampaignListQuery, CampaignSort } from '@adstudio/contract';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { CampaignsTable, ReportLinksTable } from '../../db/schema';
import { containsText, defaultSort, listedRows, paginate, spanContains } from '../../lib/list';
import { scopedRepository } from '../../lib/scoped-repository';

export type CampaignRow = Selectable<CampaignsTable>;
export type NewCampaignRow = Insertable<CampaignsTable>;
export type ReportLinkRow = Selectable<ReportLinksTable>;

/** Each sortable column once, keyed by the contract's list (the compiler keeps them equal). */
const SORTS: Record<CampaignSort, ReturnType<typeof sql> | `campaigns.${keyof CampaignsTable}`> = {
  name: sql`lower(campaigns.name)`,
  status: 'campaigns.status',
  launch_date: 'campaigns.launch_date',
  end_date: 'campaigns.end_date',
  created_at: 'campaigns.created_at',
  updated_at: 'campaigns.updated_at',
};

/** Campaigns and their report links; every query is scoped by company and takes an optional transaction. */
export const createCampaignsRepository = (db: Db) => ({
  ...scopedRepository(db, 'campaigns'),

  list: (companyId: number, query: CampaignListQuery, trx: Executor = db) => {
    let rows = trx
      .selectFrom('campaigns')
      .selectAll('campaigns')
      .where('campaigns.company_id', '=', companyId)
      .where(listedRows('campaigns', query));
    if (query.filter) {
      const text = query.filter;
      rows = rows.where((eb) =>
        eb.or([containsText('campaigns.name', text), containsText('campaigns.url', text)]),
      );
    }
    if (query.date)
      rows = rows.where(spanContains('campaigns.launch_date', 'campaigns.end_date', query.date));
    return paginate(rows, query, {
      sortable: SORTS,
      defaultSort: defaultSort('campaigns', query),
      tieBreaker: 'campaigns.id',
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
