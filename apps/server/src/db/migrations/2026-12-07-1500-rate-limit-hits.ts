import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './helpers';

/**
 * Rate-limit windows shared by every instance on a PostgreSQL database (issue 47): one row per
 * hashed key, its hits and when its window ends (milliseconds since the epoch, by the database's
 * clock). Unlogged: a count lost in a crash only lets a minute's requests through again, and every
 * API request writes here. SQLite runs one instance and counts in its memory: no table.
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create unlogged table rate_limit_hits (
      key text primary key,
      hits integer not null,
      resets_at bigint not null
    )`.execute(db);
  await sql`create index rate_limit_hits_resets_at on rate_limit_hits (resets_at)`.execute(db);
}
