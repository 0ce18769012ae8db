import type { ApprovalStatus } from '@adstudio/contract';
import type { Db } from '../../src/db/database';
import { insertCampaign, insertCreative } from '../rows';

/** The created_at and updated_at of publishers inserted here (what a PUT based on them sends). */
export const INSERTED_AT = '2026-01-01T00:00:00.000Z';

export interface MediaEntityInput {
  companyId: number;
  name: string;
  domain?: string | null;
  contactName?: string | null;
  contactEmail?: string | null;
  updatedAt?: string;
  deleted?: boolean;
}

/** Inserts a publisher row directly (not through the API) and answers its id. */
export async function insertMediaEntity(db: Db, m: MediaEntityInput): Promise<number> {
  const at = m.updatedAt ?? INSERTED_AT;
  const row = await db
    .insertInto('media_entities')
    .values({
      company_id: m.companyId,
      name: m.name,
      domain: m.domain ?? null,
      contact_name: m.contactName ?? null,
      contact_email: m.contactEmail ?? null,
      created_at: at,
      updated_at: at,
      deleted_at: m.deleted ? at : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const rowOf = (db: Db, id: number) =>
  db.selectFrom('media_entities').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const auditOf = (db: Db, id: number) =>
  db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'media_entity')
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();

/** A publisher's verdict on a creative of a campaign (rows inserted directly); answers their ids. */
export async function insertApprovalOf(
  db: Db,
  a: {
    companyId: number;
    mediaEntityId: number;
    name: string;
    status?: ApprovalStatus;
    creativeDeleted?: boolean;
  },
): Promise<{ campaignId: number; creativeId: number }> {
  const campaignId = await insertCampaign(db, { companyId: a.companyId, name: a.name });
  const creativeId = await insertCreative(db, {
    companyId: a.companyId,
    campaignId,
    name: a.name,
    deleted: a.creativeDeleted,
  });
  await db
    .insertInto('approvals')
    .values({
      company_id: a.companyId,
      campaign_id: campaignId,
      creative_id: creativeId,
      media_entity_id: a.mediaEntityId,
      status: a.status ?? 'pending',
      created_at: INSERTED_AT,
      updated_at: INSERTED_AT,
    })
    .execute();
  return { campaignId, creativeId };
}
