import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was, not the current types
type AnyDb = Kysely<any>;

const index = (db: AnyDb, name: string, table: string, columns: string, where: string) =>
  sql.raw(`create index ${name} on ${table} (${columns}) where ${where}`).execute(db);

const LIVE = 'deleted_at is null';
const DELETED = 'deleted_at is not null';

/**
 * Every sort walks an index, so a deep page costs what the first does:
 * - A date that may be empty sorts last in both directions, as `(date is null), date, id`; one index
 *   per direction, since neither engine walks one index with mixed directions. They replace the
 *   (company, date, id) ones, and a (company, launch, end) index serves the date filter's range.
 * - Creatives by campaign walk the campaigns' name index and each campaign's creatives by id.
 * - The deleted lists (`deleted=1`) walk (company, deleted_at, id).
 */
export async function up(db: AnyDb): Promise<void> {
  for (const column of ['launch_date', 'end_date']) {
    const short = column.replace('_date', '');
    await index(
      db,
      `campaigns_live_${short}_asc_idx`,
      'campaigns',
      `company_id, (${column} is null), ${column}, id`,
      LIVE,
    );
    await index(
      db,
      `campaigns_live_${short}_desc_idx`,
      'campaigns',
      `company_id, (${column} is null), ${column} desc, id desc`,
      LIVE,
    );
    await db.schema.dropIndex(`campaigns_live_${short}_idx`).execute();
  }
  await index(db, 'campaigns_live_span_idx', 'campaigns', 'company_id, launch_date, end_date', LIVE);
  await index(db, 'creatives_live_campaign_id_idx', 'creatives', 'campaign_id, id', LIVE);
  for (const table of ['campaigns', 'creatives', 'profiles', 'conditions']) {
    await index(db, `${table}_deleted_idx`, table, 'company_id, deleted_at, id', DELETED);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['launch_date', 'end_date']) {
    const short = column.replace('_date', '');
    await db.schema.dropIndex(`campaigns_live_${short}_asc_idx`).execute();
    await db.schema.dropIndex(`campaigns_live_${short}_desc_idx`).execute();
    await index(db, `campaigns_live_${short}_idx`, 'campaigns', `company_id, ${column}, id`, LIVE);
  }
  await db.schema.dropIndex('campaigns_live_span_idx').execute();
  await db.schema.dropIndex('creatives_live_campaign_id_idx').execute();
  for (const table of ['campaigns', 'creatives', 'profiles', 'conditions']) {
    await db.schema.dropIndex(`${table}_deleted_idx`).execute();
  }
}
