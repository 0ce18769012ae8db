import { sql } from 'kysely';
import { extensionSchema } from './2026-11-21-1110-text-search';
import { type AnyDb, isPostgres } from './helpers';

/**
 * A profile's live rules sorted by Reporting_Label, and (PostgreSQL) its text filter through pg_trgm,
 * at 700,000 rules a feed (issue 47, decision 0144). The label order is an index walk like the feed
 * order (SQLite's lower() is JavaScript's, db/database.ts, as in the other lower(name) indexes). The
 * filter's trigram index holds the live rules only, as the list reads them; SQLite keeps its scan.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('profile_rules_live_label_idx')
    .on('profile_rules')
    .expression(sql`profile_id, lower(reporting_label), id`)
    .where(sql.ref('ended_at'), 'is', null)
    .execute();
  if (!isPostgres(db)) return;
  const trgm = await extensionSchema(db, 'pg_trgm');
  await sql
    .raw(
      `create index profile_rules_live_text_trgm_idx on profile_rules using gin
        (lower(unique_id) "${trgm}".gin_trgm_ops, lower(reporting_label) "${trgm}".gin_trgm_ops)
        where ended_at is null`,
    )
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) await db.schema.dropIndex('profile_rules_live_text_trgm_idx').execute();
  await db.schema.dropIndex('profile_rules_live_label_idx').execute();
}
