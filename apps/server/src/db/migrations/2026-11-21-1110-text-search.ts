import { sql } from 'kysely';
import { type AnyDb, dropRowTriggers, isPostgres } from './helpers';

/** The columns a list's text filter (and the global search, by name) finds text in. */
const SEARCHED: Record<string, string[]> = {
  campaigns: ['name', 'url'],
  creatives: ['name'],
  profiles: ['name'],
  conditions: ['name'],
};

/**
 * Text that any part of a name may contain, found through an index instead of a scan of every row:
 * SQLite FTS5 tables with the trigram tokenizer (`<table>_text`, external content kept in step by
 * triggers on the table), PostgreSQL pg_trgm GIN indexes on lower(column) behind the company id
 * (btree_gin). Both fold case for every letter ('CAFÉ' finds 'Café'), as does lower() now on SQLite
 * (db/database.ts), so SQLite's lower(name) indexes are rebuilt here with it.
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    const trgm = await extensionSchema(db, 'pg_trgm');
    await extensionSchema(db, 'btree_gin');
    for (const [table, columns] of Object.entries(SEARCHED)) {
      for (const column of columns) {
        await sql
          .raw(
            `create index ${table}_${column}_trgm_idx on ${table} using gin (company_id, lower(${column}) "${trgm}".gin_trgm_ops)`,
          )
          .execute(db);
      }
    }
    return;
  }
  await sql`reindex`.execute(db);
  for (const [table, columns] of Object.entries(SEARCHED)) await sqliteTextTable(db, table, columns);
}

export async function down(db: AnyDb): Promise<void> {
  for (const [table, columns] of Object.entries(SEARCHED)) {
    if (isPostgres(db)) {
      for (const column of columns) await db.schema.dropIndex(`${table}_${column}_trgm_idx`).execute();
    } else {
      await dropRowTriggers(db, `${table}_text`);
      await sql.raw(`drop table ${table}_text`).execute(db);
    }
  }
}

/**
 * Installs a trusted extension if the database lacks it (a database owner may) and answers the
 * schema it lives in, to name its operator classes whatever the search_path. Several schemas may
 * migrate at once (the tests do): losing the race to install it is fine, hence the savepoint.
 */
export async function extensionSchema(db: AnyDb, name: string): Promise<string> {
  const installed = () =>
    sql<{
      schema: string;
    }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = ${name}`
      .execute(db)
      .then((r) => r.rows[0]?.schema);
  const found = await installed();
  if (found) return found;
  await sql`savepoint install_extension`.execute(db);
  try {
    await sql.raw(`create extension if not exists ${name} schema public`).execute(db);
    await sql`release savepoint install_extension`.execute(db);
  } catch (error) {
    await sql`rollback to savepoint install_extension`.execute(db);
    if (!(await installed())) throw error;
  }
  return (await installed())!;
}

/** An FTS5 trigram index of `columns`, its rowid the row's id, kept in step by triggers. */
export async function sqliteTextTable(db: AnyDb, table: string, columns: string[]) {
  const text = `${table}_text`;
  const list = columns.join(', ');
  const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
  const add = `insert into ${text} (rowid, ${list}) values (new.id, ${values('new')});`;
  const remove = `insert into ${text} (${text}, rowid, ${list}) values ('delete', old.id, ${values('old')});`;
  await sql
    .raw(
      `create virtual table ${text} using fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram')`,
    )
    .execute(db);
  await sql.raw(`insert into ${text} (${text}) values ('rebuild')`).execute(db);
  await sql.raw(`create trigger ${text}_insert after insert on ${table} begin ${add} end`).execute(db);
  await sql.raw(`create trigger ${text}_delete after delete on ${table} begin ${remove} end`).execute(db);
  await sql
    .raw(`create trigger ${text}_update after update of ${list} on ${table} begin ${remove} ${add} end`)
    .execute(db);
}
