import { sql } from 'kysely';
import { KEYS, sqliteTriggers } from './2026-12-01-1000-serving-changes';
import { type AnyDb, dropRowTriggers, isPostgres } from './helpers';

/**
 * SQLite open to its own tools (issue 47). The serving triggers called `serving_changed()`, a
 * function only the app's connections have, so the sqlite3 shell, a DB browser or a restore could
 * not write those ten tables ("no such function"). They now append each key to `serving_changes`,
 * which any writer can: the app's connections hear their own commits through a temporary trigger
 * of their own on that table (db/database.ts), and other processes' by reading it when SQLite's
 * `data_version` moves (db/change-feed.ts). A key whose column is null names nothing and is not
 * written. `at` (seconds) lets old keys be pruned. PostgreSQL keeps `pg_notify`.
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`
    create table serving_changes (
      id integer primary key autoincrement,
      key text not null,
      at integer not null default (strftime('%s', 'now'))
    )`.execute(db);
  for (const [table, { prefix, column }] of Object.entries(KEYS)) {
    await dropRowTriggers(db, `${table}_serving`);
    const append = (row: 'new' | 'old', also = '') =>
      `insert into serving_changes (key) select '${prefix}:' || ${row}.${column} where ${row}.${column} is not null${also};`;
    await sql
      .raw(`create trigger ${table}_serving_insert after insert on ${table} begin ${append('new')} end`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_serving_delete after delete on ${table} begin ${append('old')} end`)
      .execute(db);
    // An update that moves a row (another creative, profile) names both.
    await sql
      .raw(
        `create trigger ${table}_serving_update after update on ${table} begin
           ${append('new')} ${append('old', ` and old.${column} is not new.${column}`)} end`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  for (const [table, { prefix, column }] of Object.entries(KEYS)) {
    await dropRowTriggers(db, `${table}_serving`);
    await sqliteTriggers(db, table, prefix, column);
  }
  await sql`drop table serving_changes`.execute(db);
}
