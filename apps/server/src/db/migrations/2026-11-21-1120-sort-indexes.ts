import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './helpers';

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
 * - The first migration's (company, lower(name)) indexes over all rows go: SQLite preferred them to
 *   the live-row (company, lower(name), id) ones and read every row to skip the deleted ones.
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) await includeSortedColumns(db);
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
  // Covering (deleted_at included, every row) so the date filter's count never reads the table, for
  // campaigns and for creatives by their campaign (a deleted campaign may keep creatives).
  await sql
    .raw('create index campaigns_span_idx on campaigns (company_id, launch_date, end_date, deleted_at)')
    .execute(db);
  await index(db, 'creatives_live_campaign_id_idx', 'creatives', 'company_id, campaign_id, id', LIVE);
  // Creatives by campaign name walk every campaign of the company (a deleted one may keep creatives).
  await sql
    .raw('create index campaigns_name_all_idx on campaigns (company_id, lower(name), id, deleted_at, name)')
    .execute(db);
  for (const table of ['campaigns', 'creatives', 'profiles', 'conditions']) {
    await index(db, `${table}_deleted_idx`, table, 'company_id, deleted_at, id', DELETED);
    await db.schema.dropIndex(`${table}_company_lower_name_idx`).execute();
  }
}

/**
 * PostgreSQL walks an expression index (lower(name), width * 10000 + height) without reading the
 * table only when the index carries the columns the expression is made of; INCLUDE adds them.
 */
async function includeSortedColumns(db: AnyDb) {
  const rebuilt: [string, string, string, string][] = [
    ['campaigns_live_name_idx', 'campaigns', 'company_id, lower(name), id', 'name'],
    ['creatives_live_name_idx', 'creatives', 'company_id, lower(name), id', 'name'],
    ['creatives_live_size_idx', 'creatives', 'company_id, (width * 10000 + height), id', 'width, height'],
  ];
  for (const [name, table, columns, include] of rebuilt) {
    await db.schema.dropIndex(name).execute();
    await sql
      .raw(`create index ${name} on ${table} (${columns}) include (${include}) where ${LIVE}`)
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['launch_date', 'end_date']) {
    const short = column.replace('_date', '');
    await db.schema.dropIndex(`campaigns_live_${short}_asc_idx`).execute();
    await db.schema.dropIndex(`campaigns_live_${short}_desc_idx`).execute();
    await index(db, `campaigns_live_${short}_idx`, 'campaigns', `company_id, ${column}, id`, LIVE);
  }
  await db.schema.dropIndex('campaigns_span_idx').execute();
  await db.schema.dropIndex('creatives_live_campaign_id_idx').execute();
  await db.schema.dropIndex('campaigns_name_all_idx').execute();
  for (const table of ['campaigns', 'creatives', 'profiles', 'conditions']) {
    await db.schema.dropIndex(`${table}_deleted_idx`).execute();
    await sql
      .raw(`create index ${table}_company_lower_name_idx on ${table} (company_id, lower(name))`)
      .execute(db);
  }
}
