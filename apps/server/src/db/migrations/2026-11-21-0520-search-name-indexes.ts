import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './helpers';

const SEARCHED = ['campaigns', 'creatives', 'profiles'] as const;
/**
 * Search finds prefixes with a range on lower(name). That range holds exactly the names starting
 * with the query only in code-point order: SQLite's default BINARY collation already is, and the
 * initial (company_id, lower(name)) index serves it. On PostgreSQL a locale collation (en_US…)
 * ignores punctuation and case tiers, so the range there runs on `COLLATE "C"` and needs its own
 * index. Partial on live rows, as search never returns soft-deleted ones.
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of SEARCHED) {
    await db.schema
      .createIndex(`${table}_company_lower_name_c_idx`)
      .on(table)
      .expression(sql`company_id, (lower(name) collate "C")`)
      .where(sql.ref('deleted_at'), 'is', null)
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of SEARCHED) await db.schema.dropIndex(`${table}_company_lower_name_c_idx`).execute();
}
