import type { Insertable } from 'kysely';
import type { Db } from '../../src/db/database';
import type { CampaignsTable } from '../../src/db/schema';

type CampaignInput = Partial<Omit<Insertable<CampaignsTable>, 'ranges'>> & {
  companyId: number;
  name: string;
  ranges?: { start: string; end: string }[];
};

/** The created_at and updated_at of rows inserted here (what a PUT based on them sends). */
export const INSERTED_AT = '2026-01-01T00:00:00.000Z';
const at = INSERTED_AT;

const campaignRow = ({ companyId, ranges = [], ...c }: CampaignInput): Insertable<CampaignsTable> => ({
  company_id: companyId,
  status: 'draft',
  url: null,
  launch_date: null,
  end_date: null,
  created_at: at,
  updated_at: at,
  ...c,
  ranges: JSON.stringify(ranges),
});

/** Inserts campaigns straight into the table (one multi-row insert) and answers their ids in order. */
export async function insertCampaigns(db: Db, campaigns: CampaignInput[]): Promise<number[]> {
  const rows = await db.insertInto('campaigns').values(campaigns.map(campaignRow)).returning('id').execute();
  return rows.map((row) => row.id);
}

export async function insertCampaign(db: Db, campaign: CampaignInput): Promise<number> {
  return (await insertCampaigns(db, [campaign]))[0]!;
}

/** Creatives are another slice's rows; the shared helper inserts them directly. */
export { insertCreative } from '../rows';

export async function insertApproval(
  db: Db,
  a: { companyId: number; campaignId: number; creativeId: number; publisher: string; status?: string },
): Promise<number> {
  const publisher = await db
    .insertInto('media_entities')
    .values({ company_id: a.companyId, name: a.publisher, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('approvals')
    .values({
      company_id: a.companyId,
      campaign_id: a.campaignId,
      creative_id: a.creativeId,
      media_entity_id: publisher.id,
      status: a.status ?? 'pending',
      comment: a.status === 'rejected' ? 'Logo too small.' : null,
      decided_at: a.status && a.status !== 'pending' ? at : null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const auditOf = (db: Db, campaignId: number) =>
  db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'campaign')
    .where('entity_id', '=', campaignId)
    .orderBy('id')
    .execute();
