import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database';

/** Publishers' verdicts on creatives; every query is scoped by company. */
export const createApprovalsRepository = (db: Db) => ({
  /** A campaign's approvals of its live creatives, by creative and publisher name. */
  ofCampaign: (companyId: number, campaignId: number, trx: Executor = db) =>
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

  /**
   * How many approvals of live creatives of live campaigns name this publisher, by status: what the
   * campaigns' approvals tab shows (a publisher with any cannot be deleted).
   */
  countsOfPublisher: async (companyId: number, mediaEntityId: number, trx: Executor = db) => {
    const rows = await trx
      .selectFrom('approvals')
      .innerJoin('creatives', 'creatives.id', 'approvals.creative_id')
      .innerJoin('campaigns', 'campaigns.id', 'approvals.campaign_id')
      .where('approvals.company_id', '=', companyId)
      .where('approvals.media_entity_id', '=', mediaEntityId)
      .where('creatives.deleted_at', 'is', null)
      .where('campaigns.deleted_at', 'is', null)
      .select(['approvals.status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('approvals.status')
      .execute();
    return new Map(rows.map((row) => [row.status, Number(row.n)]));
  },
});
export type ApprovalsRepository = ReturnType<typeof createApprovalsRepository>;
