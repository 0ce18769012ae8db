import type { CampaignListQuery } from '@adstudio/contract';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { CampaignsTable, ReportLinksTable } from '../../db/schema';
import { containsText, escapeLike, paginate } from '../../lib/list';
import type { Executor } from '../../lib/transaction';

export type CampaignRow = Selectable<CampaignsTable>;
export type NewCampaignRow = Insertable<CampaignsTable>;
export type CampaignChanges = Omit<
  Updateable<CampaignsTable>,
  'id' | 'company_id' | 'created_at' | 'created_by'
>;
export type ReportLinkRow = Selectable<ReportLinksTable>;

/**
 * Every query about campaigns and what hangs off them. Each is scoped by company and skips
 * soft-deleted rows; each takes an optional transaction.
 */
export const createCampaignsRepository = (db: Db) => {
  const campaigns = (companyId: number, trx: Executor) =>
    trx
      .selectFrom('campaigns')
      .where('campaigns.company_id', '=', companyId)
      .where('campaigns.deleted_at', 'is', null);

  return {
    list: (companyId: number, query: CampaignListQuery, trx: Executor = db) => {
      let rows = campaigns(companyId, trx).selectAll('campaigns');
      if (query.filter) {
        const text = query.filter;
        rows = rows.where((eb) =>
          eb.or([containsText('campaigns.name', text), containsText('campaigns.url', text)]),
        );
      }
      if (query.date) {
        const day = query.date;
        // A span open at one end still contains the day; a campaign with no dates contains none.
        rows = rows.where((eb) =>
          eb.and([
            eb.or([eb('campaigns.launch_date', 'is not', null), eb('campaigns.end_date', 'is not', null)]),
            eb.or([eb('campaigns.launch_date', 'is', null), eb('campaigns.launch_date', '<=', day)]),
            eb.or([eb('campaigns.end_date', 'is', null), eb('campaigns.end_date', '>=', day)]),
          ]),
        );
      }
      return paginate(rows, query, {
        sortable: {
          name: sql`lower(campaigns.name)`,
          status: 'campaigns.status',
          launch_date: 'campaigns.launch_date',
          end_date: 'campaigns.end_date',
          created_at: 'campaigns.created_at',
          updated_at: 'campaigns.updated_at',
        },
        defaultSort: { by: 'updated_at', order: 'desc' },
        tieBreaker: 'campaigns.id',
      });
    },

    findById: (companyId: number, id: number, trx: Executor = db) =>
      campaigns(companyId, trx).selectAll('campaigns').where('campaigns.id', '=', id).executeTakeFirst(),

    findByIds: (companyId: number, ids: readonly number[], trx: Executor = db) =>
      ids.length === 0
        ? Promise.resolve([] as CampaignRow[])
        : campaigns(companyId, trx).selectAll('campaigns').where('campaigns.id', 'in', ids).execute(),

    /** Whether another live campaign of the company already has this name, ignoring case. */
    nameTaken: async (companyId: number, name: string, exceptId?: number, trx: Executor = db) => {
      let query = campaigns(companyId, trx)
        .select('campaigns.id')
        .where(sql<boolean>`lower(campaigns.name) = lower(${name})`);
      if (exceptId !== undefined) query = query.where('campaigns.id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Names of the company's campaigns that start with `prefix`, ignoring case (to find a free copy name). */
    namesStartingWith: async (companyId: number, prefix: string, trx: Executor = db) => {
      const rows = await campaigns(companyId, trx)
        .select('campaigns.name')
        .where(sql<boolean>`lower(campaigns.name) like lower(${`${escapeLike(prefix)}%`}) escape '\\'`)
        .execute();
      return rows.map((row) => row.name);
    },

    insert: (values: NewCampaignRow, trx: Executor = db) =>
      trx.insertInto('campaigns').values(values).returningAll().executeTakeFirstOrThrow(),

    /**
     * Writes changes only if the row is still as it was read (`updated_at` unchanged), so two editors
     * cannot silently overwrite each other. Answers the new row, or undefined when it had changed.
     */
    update: (companyId: number, id: number, readAt: string, changes: CampaignChanges, trx: Executor = db) =>
      trx
        .updateTable('campaigns')
        .set(changes)
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .where('updated_at', '=', readAt)
        .returningAll()
        .executeTakeFirst(),

    softDelete: async (companyId: number, ids: readonly number[], at: string, trx: Executor = db) => {
      if (ids.length === 0) return 0;
      const result = await trx
        .updateTable('campaigns')
        .set({ deleted_at: at, updated_at: at })
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Which of these campaigns have a live creative (and so must not be deleted). */
    withLiveCreatives: async (companyId: number, ids: readonly number[], trx: Executor = db) => {
      if (ids.length === 0) return new Set<number>();
      const rows = await trx
        .selectFrom('creatives')
        .select('campaign_id')
        .distinct()
        .where('company_id', '=', companyId)
        .where('campaign_id', 'in', ids)
        .where('status', '=', 'live')
        .where('deleted_at', 'is', null)
        .execute();
      return new Set(rows.map((row) => row.campaign_id));
    },

    creatives: (companyId: number, campaignId: number, trx: Executor = db) =>
      trx
        .selectFrom('creatives')
        .select(['id', 'name', 'width', 'height', 'status'])
        .where('company_id', '=', companyId)
        .where('campaign_id', '=', campaignId)
        .where('deleted_at', 'is', null)
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .execute(),

    approvals: (companyId: number, campaignId: number, trx: Executor = db) =>
      trx
        .selectFrom('approvals')
        .innerJoin('creatives', 'creatives.id', 'approvals.creative_id')
        .innerJoin('media_entities', 'media_entities.id', 'approvals.media_entity_id')
        .where('approvals.company_id', '=', companyId)
        .where('approvals.campaign_id', '=', campaignId)
        .where('creatives.deleted_at', 'is', null)
        .select([
          'approvals.id',
          'approvals.status',
          'approvals.comment',
          'approvals.decided_at',
          'approvals.created_at',
          'approvals.updated_at',
          'creatives.id as creative_id',
          'creatives.name as creative_name',
          'media_entities.id as media_entity_id',
          'media_entities.name as media_entity_name',
        ])
        .orderBy(sql`lower(creatives.name)`)
        .orderBy(sql`lower(media_entities.name)`)
        .orderBy('approvals.id')
        .execute(),

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
  };
};
export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
