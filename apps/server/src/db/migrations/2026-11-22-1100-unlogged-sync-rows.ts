import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './helpers';

/**
 * PostgreSQL writes a sync's staging rows more cheaply. They live from the sync's read
 * to its swap, and nothing but the sync reads them.
 * - Unlogged: the write-ahead log's copy of every staged row (and of its removal after the swap)
 *   protected nothing, since a crash fails the sync anyway. An unlogged table is emptied when the
 *   server recovers from a crash and is not copied to replicas; both suit these rows.
 * - No foreign key to profile_syncs: its check ran once per staged row (about 0.4 s of a
 *   100,000-row sync), and its cascade is not needed, as the sync removes its own rows whether it
 *   swaps, fails or stops at the row-drop guard, and sync rows are never deleted.
 * SQLite now stages in a temporary table of each sync's own (profile-sync.ts) and keeps this one
 * as it was.
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.alterTable('profile_sync_rows').dropConstraint('profile_sync_rows_sync_id_fkey').execute();
  await sql`alter table profile_sync_rows set unlogged`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table profile_sync_rows set logged`.execute(db);
  await db.schema
    .alterTable('profile_sync_rows')
    .addForeignKeyConstraint('profile_sync_rows_sync_id_fkey', ['sync_id'], 'profile_syncs', ['id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
}
