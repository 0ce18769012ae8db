import type { ApprovalStatus, DateRange, ProfileStatus, Status } from '@adstudio/contract';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../src/db/database';
import type { AssetsTable, CampaignsTable, PackagesTable } from '../src/db/schema';

/**
 * One helper per table: direct inserts, so a test does not depend on another slice's endpoints.
 * Every helper answers the new id.
 */
let tick = 0;
/** Distinct, increasing timestamps unless a test gives its own. */
export const stamp = () => new Date(Date.UTC(2026, 0, 1) + ++tick * 1000).toISOString();

interface Common {
  companyId: number;
  name: string;
  status?: Status;
  updatedAt?: string;
  deleted?: boolean;
}

const times = (c: Pick<Common, 'updatedAt' | 'deleted'>) => {
  const at = c.updatedAt ?? stamp();
  return { created_at: at, updated_at: at, deleted_at: c.deleted ? at : null };
};

/** Any campaign column may be given as is; `ranges` as a list, and the conveniences above. */
export type CampaignInput = Common &
  Partial<Omit<Insertable<CampaignsTable>, 'company_id' | 'name' | 'status' | 'ranges'>> & {
    launchDate?: string | null;
    ranges?: DateRange[];
  };

/** Inserts campaigns in one multi-row insert and answers their ids in order. */
export async function insertCampaigns(db: Db, campaigns: readonly CampaignInput[]): Promise<number[]> {
  if (campaigns.length === 0) return [];
  const rows = campaigns.map(
    ({ companyId, name, status, updatedAt, deleted, launchDate, ranges, ...columns }) => ({
      company_id: companyId,
      name,
      status: status ?? 'draft',
      url: null,
      launch_date: launchDate ?? null,
      end_date: null,
      ...times({ updatedAt, deleted }),
      ...columns,
      ranges: JSON.stringify(ranges ?? []),
    }),
  );
  return (await db.insertInto('campaigns').values(rows).returning('id').execute()).map((row) => row.id);
}

export async function insertCampaign(db: Db, c: CampaignInput): Promise<number> {
  return (await insertCampaigns(db, [c]))[0]!;
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

export async function insertProfile(
  db: Db,
  c: Omit<Common, 'status'> & { status?: ProfileStatus; gsheetId?: string | null },
): Promise<number> {
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

/** Live, active rules of a profile with `rows` as their data, in feed order (unique ids k0, k1, …); answers their ids. */
export async function insertRules(
  db: Db,
  r: { companyId: number; profileId: number; rows: readonly Record<string, unknown>[] },
): Promise<number[]> {
  if (r.rows.length === 0) return [];
  const at = stamp();
  const inserted = await db
    .insertInto('profile_rules')
    .values(
      r.rows.map((data, i) => ({
        company_id: r.companyId,
        profile_id: r.profileId,
        position: i + 1,
        unique_id: `k${i}`,
        condition_ids: '[]',
        data: JSON.stringify(data),
        created_at: at,
        updated_at: at,
      })),
    )
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}

export async function insertCondition(db: Db, c: Omit<Common, 'status'>): Promise<number> {
  const row = await db
    .insertInto('conditions')
    .values({ company_id: c.companyId, name: c.name, expression: '{}', ...times(c) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An asset row (no file behind it unless the test writes one); any column may be given as is. */
export async function insertAsset(
  db: Db,
  c: {
    companyId: number;
    creativeId: number;
    name?: string;
    deleted?: boolean;
    updatedAt?: string;
  } & Partial<Omit<Insertable<AssetsTable>, 'company_id' | 'creative_id' | 'name'>>,
): Promise<number> {
  const { companyId, creativeId, name, deleted, updatedAt, ...columns } = c;
  const at = updatedAt ?? stamp();
  const row = await db
    .insertInto('assets')
    .values({
      company_id: companyId,
      creative_id: creativeId,
      name: name ?? 'banner.png',
      original_name: name ?? 'banner.png',
      storage_key: `assets/${companyId}/${creativeId}/${at.replace(/[^0-9]/g, '')}.png`,
      content_type: 'image/png',
      size: 1234,
      extension: 'png',
      sha256: '',
      width: 300,
      height: 250,
      created_at: at,
      updated_at: at,
      deleted_at: deleted ? at : null,
      ...columns,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A publisher and its verdict on a creative of a campaign. */
export async function insertApproval(
  db: Db,
  a: {
    companyId: number;
    campaignId: number;
    creativeId: number;
    publisher: string;
    status?: ApprovalStatus;
    at?: string;
  },
): Promise<number> {
  const at = a.at ?? stamp();
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

/** A profile template with the given columns (one optional text column by default). */
export async function insertTemplate(
  db: Db,
  t: Omit<Common, 'status'> & { columns?: readonly { name: string; type: string; required: boolean }[] },
): Promise<number> {
  const row = await db
    .insertInto('profile_templates')
    .values({
      company_id: t.companyId,
      name: t.name,
      columns: JSON.stringify(t.columns ?? [{ name: 'Headline', type: 'text', required: false }]),
      ...times(t),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A package version of a creative, unpacked and ready unless given otherwise (its files are not written). */
export async function insertPackage(
  db: Db,
  p: { companyId: number; creativeId: number; version?: number } & Partial<
    Omit<Insertable<PackagesTable>, 'company_id' | 'creative_id' | 'version'>
  >,
): Promise<number> {
  const { companyId, creativeId, version = 1, ...columns } = p;
  const at = stamp();
  const row = await db
    .insertInto('packages')
    .values({
      company_id: companyId,
      creative_id: creativeId,
      version,
      original_name: `v${version}.zip`,
      storage_key: `tmp/v${version}`,
      size: 100,
      notes: null,
      status: 'uploaded',
      created_by: null,
      processing: 'ready',
      processing_error: null,
      entry_file: 'index.html',
      file_count: 1,
      unpacked_size: 100,
      findings: '[]',
      created_at: at,
      updated_at: at,
      ...columns,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A campaign and one creative in it (300 × 250 unless given), for tests about the creative's parts. */
export async function insertCreativeOfCampaign(
  db: Db,
  c: { companyId: number; campaign: string; name?: string; width?: number; height?: number },
): Promise<{ campaignId: number; creativeId: number }> {
  const campaignId = await insertCampaign(db, { companyId: c.companyId, name: c.campaign });
  const creativeId = await insertCreative(db, {
    companyId: c.companyId,
    campaignId,
    name: c.name ?? 'MPU',
    width: c.width ?? 300,
    height: c.height ?? 250,
  });
  return { campaignId, creativeId };
}

/** A PostgreSQL transaction on another connection, holding a transaction id, until `close`. */
export async function openTransaction(db: Db) {
  let close!: () => void;
  const closed = new Promise<void>((resolve) => {
    close = resolve;
  });
  let begun!: () => void;
  const started = new Promise<void>((resolve) => {
    begun = resolve;
  });
  const done = db.transaction().execute(async (trx) => {
    await sql`select txid_current()`.execute(trx);
    begun();
    await closed;
  });
  await started;
  return {
    close: async () => {
      close();
      await done;
    },
  };
}
