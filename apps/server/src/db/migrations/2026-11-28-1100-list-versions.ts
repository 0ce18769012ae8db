import { sql } from 'kysely';
import { type AnyDb, dropRowTriggers, isPostgres, statementTriggers } from './helpers';

/** The lists with a text filter (lib/text-match.ts). */
const VERSIONED = ['campaigns', 'creatives', 'profiles', 'conditions', 'assets'];

/** A new version: random (53 bits, exact as a JavaScript number), so none comes back after a rollback. */
const NEXT = (postgres: boolean) =>
  postgres ? 'floor(random() * 9007199254740991)::bigint' : '(random() >> 11)';

/**
 * The version of each company's rows of a list (section), changed by triggers in the writing
 * statement's own transaction whenever a row is inserted, updated or deleted (and on PostgreSQL
 * truncated): a reader that finds the version it saw before knows that nothing it may have counted
 * changed since (lib/kept-matches.ts). Triggers, as for item_counts: every writer — services, bulk
 * actions, restores, imports, seeds, a fix typed into psql — moves it, and none can forget to.
 * Random rather than counted, so a version a rolled-back transaction took never names other rows.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('list_versions')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('v', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_versions_pk', ['company_id', 'section'])
    .execute();
  for (const table of VERSIONED) {
    await sql
      .raw(
        `insert into list_versions (company_id, section, v)
         select company_id, '${table}', ${NEXT(postgres)} from (select distinct company_id from ${table}) companies`,
      )
      .execute(db);
    if (postgres) await postgresTriggers(db, table);
    else await sqliteTriggers(db, table);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of VERSIONED) {
    if (isPostgres(db)) await sql.raw(`drop function ${table}_list_version() cascade`).execute(db);
    else await dropRowTriggers(db, `${table}_version`);
  }
  await db.schema.dropTable('list_versions').execute();
}

/**
 * PostgreSQL: statement-level triggers with transition tables, one upsert per statement over the
 * companies it touched, in company order (two transactions lock the versions they share in the same
 * order); TRUNCATE changes every company's version of the list.
 */
async function postgresTriggers(db: AnyDb, table: string) {
  const bump = (companies: string) =>
    `insert into list_versions (company_id, section, v)
       select company_id, '${table}', ${NEXT(true)} from (${companies}) touched order by company_id
       on conflict (company_id, section) do update set v = excluded.v;`;
  await statementTriggers(db, table, {
    prefix: `${table}_version`,
    fn: `${table}_list_version`,
    insert: bump('select distinct company_id from new_rows'),
    delete: bump('select distinct company_id from old_rows'),
    update: bump('select company_id from new_rows union select company_id from old_rows'),
    truncate: `update list_versions set v = ${NEXT(true)} where section = '${table}';`,
  });
}

/** SQLite: row triggers (one writer at a time); an update moving a row to another company changes both. */
async function sqliteTriggers(db: AnyDb, table: string) {
  const bump = (row: 'new' | 'old', when = 'true') =>
    `insert into list_versions (company_id, section, v) select ${row}.company_id, '${table}', ${NEXT(false)}
       where ${when} on conflict (company_id, section) do update set v = excluded.v;`;
  await sql
    .raw(`create trigger ${table}_version_insert after insert on ${table} begin ${bump('new')} end`)
    .execute(db);
  await sql
    .raw(`create trigger ${table}_version_delete after delete on ${table} begin ${bump('old')} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_version_update after update on ${table} begin
         ${bump('new')} ${bump('old', 'old.company_id <> new.company_id')} end`,
    )
    .execute(db);
}
