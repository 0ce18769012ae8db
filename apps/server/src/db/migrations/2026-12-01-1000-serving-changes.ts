import { sql } from 'kysely';
import { type AnyDb, dropRowTriggers, isPostgres, statementTriggers } from './helpers';

/**
 * What a served ad depends on, by table: the key each written row names (`creative:12`, …). Served
 * tags keep their creative's compiled rule set in memory and drop it when one of its keys changes.
 */
export const KEYS: Record<string, { prefix: string; column: string }> = {
  creatives: { prefix: 'creative', column: 'id' },
  packages: { prefix: 'creative', column: 'creative_id' },
  assets: { prefix: 'creative', column: 'creative_id' },
  ad_tags: { prefix: 'creative', column: 'creative_id' },
  campaigns: { prefix: 'campaign', column: 'id' },
  approvals: { prefix: 'campaign', column: 'campaign_id' },
  profiles: { prefix: 'profile', column: 'id' },
  profile_rules: { prefix: 'profile', column: 'profile_id' },
  conditions: { prefix: 'condition', column: 'id' },
  data_sources: { prefix: 'data_source', column: 'id' },
};

/**
 * Changes that served ads must hear of (docs/design.md §11), announced by
 * triggers as the list versions are: every writer — services, syncs, bulk actions, restores, a fix
 * typed into psql — announces, and none can forget to. PostgreSQL: `pg_notify` on the channel
 * `serving_{schema}`, which PostgreSQL delivers when (and only if) the transaction commits, to
 * every instance listening (db/change-feed.ts). SQLite: the connection's `serving_changed()`
 * function (registered by db/database.ts), whose keys are delivered in process once the statement
 * or transaction commits; a connection without it (the sqlite3 shell) must not write these tables.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  for (const [table, { prefix, column }] of Object.entries(KEYS)) {
    if (postgres) await postgresTriggers(db, table, prefix, column);
    else await sqliteTriggers(db, table, prefix, column);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of Object.keys(KEYS)) {
    if (isPostgres(db)) await sql.raw(`drop function ${table}_serving_changed() cascade`).execute(db);
    else await dropRowTriggers(db, `${table}_serving`);
  }
}

/** PostgreSQL: one notification per key a statement touched (PostgreSQL folds repeats within a transaction). */
async function postgresTriggers(db: AnyDb, table: string, prefix: string, column: string) {
  const notify = (rows: string) =>
    `perform pg_notify('serving_' || current_schema(), k)
       from (select distinct '${prefix}:' || ${column} as k from ${rows} where ${column} is not null) keys;`;
  await statementTriggers(db, table, {
    prefix: `${table}_serving`,
    fn: `${table}_serving_changed`,
    insert: notify('new_rows'),
    delete: notify('old_rows'),
    update: notify(`(select ${column} from new_rows union select ${column} from old_rows) touched`),
    truncate: `perform pg_notify('serving_' || current_schema(), '*');`,
  });
}

/** SQLite: row triggers; an update that moves a row (another creative, profile) names both. */
export async function sqliteTriggers(db: AnyDb, table: string, prefix: string, column: string) {
  const key = (row: 'new' | 'old') => `serving_changed('${prefix}:' || ${row}.${column})`;
  await sql
    .raw(`create trigger ${table}_serving_insert after insert on ${table} begin select ${key('new')}; end`)
    .execute(db);
  await sql
    .raw(`create trigger ${table}_serving_delete after delete on ${table} begin select ${key('old')}; end`)
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_serving_update after update on ${table} begin
         select ${key('new')}; select ${key('old')} where old.${column} is not new.${column}; end`,
    )
    .execute(db);
}
