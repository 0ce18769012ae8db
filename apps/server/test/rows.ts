import type { Db } from '../src/db/database';

/**
 * Direct inserts of the rows other slices own, so search and dashboard tests do not depend on
 * those slices' endpoints. Every helper answers the new id.
 */
let tick = 0;
/** Distinct, increasing timestamps unless a test gives its own. */
export const stamp = () => new Date(Date.UTC(2026, 0, 1) + ++tick * 1000).toISOString();

interface Common {
  companyId: number;
  name: string;
  status?: string;
  updatedAt?: string;
  deleted?: boolean;
}

const times = (c: Common) => {
  const at = c.updatedAt ?? stamp();
  return { created_at: at, updated_at: at, deleted_at: c.deleted ? at : null };
};

export async function insertCampaign(db: Db, c: Common & { launchDate?: string | null }): Promise<number> {
  const row = await db
    .insertInto('campaigns')
    .values({
      company_id: c.companyId,
      name: c.name,
      status: c.status ?? 'draft',
      ranges: '[]',
      launch_date: c.launchDate ?? null,
      ...times(c),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertCreative(
  db: Db,
  c: Common & { campaignId: number; width?: number; height?: number },
): Promise<number> {
  const row = await db
    .insertInto('creatives')
    .values({
      company_id: c.companyId,
      campaign_id: c.campaignId,
      name: c.name,
      width: c.width ?? 300,
      height: c.height ?? 250,
      status: c.status ?? 'draft',
      ...times(c),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertProfile(db: Db, c: Common & { gsheetId?: string | null }): Promise<number> {
  const row = await db
    .insertInto('profiles')
    .values({
      company_id: c.companyId,
      name: c.name,
      status: c.status ?? 'new',
      gsheet_id: c.gsheetId ?? null,
      ranges: '[]',
      ...times(c),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertCondition(db: Db, c: Omit<Common, 'status'>): Promise<number> {
  const row = await db
    .insertInto('conditions')
    .values({ company_id: c.companyId, name: c.name, expression: '{}', ...times(c) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertAsset(
  db: Db,
  c: { companyId: number; creativeId: number; deleted?: boolean },
): Promise<number> {
  const at = stamp();
  const row = await db
    .insertInto('assets')
    .values({
      company_id: c.companyId,
      creative_id: c.creativeId,
      original_name: 'banner.png',
      storage_key: `assets/${at}.png`,
      content_type: 'image/png',
      size: 1234,
      extension: 'png',
      created_at: at,
      updated_at: at,
      deleted_at: c.deleted ? at : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
