import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was, not the current types
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

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
    else
      for (const event of ['insert', 'update', 'delete'])
        await sql.raw(`drop trigger ${table}_version_${event}`).execute(db);
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
  await sql
    .raw(
      `create function ${table}_list_version() returns trigger language plpgsql as $$
       begin
         if tg_op = 'INSERT' then
           ${bump('select distinct company_id from new_rows')}
         elsif tg_op = 'DELETE' then
           ${bump('select distinct company_id from old_rows')}
         elsif tg_op = 'UPDATE' then
           ${bump('select company_id from new_rows union select company_id from old_rows')}
         else
           update list_versions set v = ${NEXT(true)} where section = '${table}';
         end if;
         return null;
       end $$`,
    )
    .execute(db);
  const transition = {
    insert: 'referencing new table as new_rows',
    update: 'referencing old table as old_rows new table as new_rows',
    delete: 'referencing old table as old_rows',
    truncate: '',
  };
  for (const [event, tables] of Object.entries(transition)) {
    await sql
      .raw(
        `create trigger ${table}_version_${event} after ${event} on ${table}
         ${tables} for each statement execute function ${table}_list_version()`,
      )
      .execute(db);
  }
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
