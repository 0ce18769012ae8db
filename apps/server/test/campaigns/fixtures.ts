import type { Db } from '../../src/db/database';
import * as rows from '../rows';

/** The created_at and updated_at of campaigns inserted here (what a PUT based on them sends). */
export const INSERTED_AT = '2026-01-01T00:00:00.000Z';

/** test/rows' campaign helper, with every row at INSERTED_AT unless a test says otherwise. */
export const insertCampaigns = (db: Db, campaigns: readonly rows.CampaignInput[]) =>
  rows.insertCampaigns(
    db,
    campaigns.map((c) => ({ updatedAt: INSERTED_AT, ...c })),
  );

export const insertCampaign = async (db: Db, campaign: rows.CampaignInput) =>
  (await insertCampaigns(db, [campaign]))[0]!;

export const insertApproval = (db: Db, approval: Parameters<typeof rows.insertApproval>[1]) =>
  rows.insertApproval(db, { at: INSERTED_AT, ...approval });

export { insertCreative } from '../rows';

export const auditOf = (db: Db, campaignId: number) =>
  db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'campaign')
    .where('entity_id', '=', campaignId)
    .orderBy('id')
    .execute();
