import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './helpers';

/** A 'YYYY-MM-DD' text column as a date, with functions PostgreSQL calls immutable (a cast is not). */
const pgDate = (column: string) =>
  `make_date(substr(${column}, 1, 4)::int, substr(${column}, 6, 2)::int, substr(${column}, 9, 2)::int)`;

const LIVE = 'deleted_at is null';

/**
 * The campaigns list sorts by duration: the whole days from launch to end (end − launch, so a
 * campaign launching and ending on one day lasts 0 days), as the web's Duration column shows it
 * (`campaignDays`), null when either date is missing. A generated column, so every writer —
 * services, bulk actions, seeds, a fix typed into psql — keeps it without knowing of it, and the
 * rows there already get theirs when it is added: stored on PostgreSQL (the table is rewritten
 * once), virtual on SQLite (which cannot add a stored column; its index keeps the values).
 * Like the other dates that may be empty it sorts as `(duration is null), duration, id`, empty
 * last both ways, one index per direction over live campaigns (2026-11-21-1120).
 */
export async function up(db: AnyDb): Promise<void> {
  const days = isPostgres(db)
    ? `${pgDate('end_date')} - ${pgDate('launch_date')}`
    : `cast(julianday(end_date) - julianday(launch_date) as integer)`;
  const kept = isPostgres(db) ? 'stored' : 'virtual';
  await sql
    .raw(`alter table campaigns add column duration integer generated always as (${days}) ${kept}`)
    .execute(db);
  await sql
    .raw(
      `create index campaigns_live_duration_asc_idx on campaigns
       (company_id, (duration is null), duration, id) where ${LIVE}`,
    )
    .execute(db);
  await sql
    .raw(
      `create index campaigns_live_duration_desc_idx on campaigns
       (company_id, (duration is null), duration desc, id desc) where ${LIVE}`,
    )
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('campaigns_live_duration_desc_idx').execute();
  await db.schema.dropIndex('campaigns_live_duration_asc_idx').execute();
  await db.schema.alterTable('campaigns').dropColumn('duration').execute();
}
