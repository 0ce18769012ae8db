import { sql } from 'kysely';
import { extensionSchema } from './2026-11-21-1110-text-search';
import { type AnyDb, isPostgres } from './helpers';

/** The tables whose text the lists filter by: the columns searched, and whether a list filters by status. */
const TABLES: Record<string, { columns: string[]; status: boolean }> = {
  campaigns: { columns: ['name', 'url'], status: true },
  creatives: { columns: ['name'], status: true },
  profiles: { columns: ['name'], status: true },
  conditions: { columns: ['name'], status: false },
  assets: { columns: ['name'], status: false },
};

/**
 * PostgreSQL's text filter reads a narrow table per list (`<table>_text`, as SQLite reads its FTS5
 * tables of that name): the row's id, company, status and deleted_at beside its searched columns
 * already folded to lower case, kept in step by a trigger on the table, with the pg_trgm GIN indexes
 * that were on the table itself. A trigram match must be rechecked against the row: on the table
 * that read wide rows and folded each one's text again (5,400 matches among 100k campaigns: 2,600
 * heap pages, ~10 ms); here the rows are a few dozen bytes and the text is folded once, when written.
 * Text shorter than a trigram is tested by a scan of this table instead of the wide one.
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  const trgm = await extensionSchema(db, 'pg_trgm');
  await extensionSchema(db, 'btree_gin');
  for (const [table, { columns, status }] of Object.entries(TABLES)) {
    const text = `${table}_text`;
    const kept = ['company_id', ...(status ? ['status'] : []), 'deleted_at'];
    const folded = columns.map((c) => `lower(${c}) as ${c}`);
    await sql
      .raw(`create table ${text} as select id, ${[...kept, ...folded].join(', ')} from ${table}`)
      .execute(db);
    await sql.raw(`alter table ${text} add primary key (id)`).execute(db);
    // Short text scans the company's rows (the GIN index read all of a company's entries for it).
    await sql.raw(`create index ${text}_company_idx on ${text} (company_id)`).execute(db);
    for (const column of columns) {
      await db.schema.dropIndex(`${table}_${column}_trgm_idx`).execute();
      await sql
        .raw(
          `create index ${text}_${column}_trgm_idx on ${text} using gin (company_id, ${column} "${trgm}".gin_trgm_ops)`,
        )
        .execute(db);
    }
    const names = [...kept, ...columns];
    const values = [...kept.map((c) => `new.${c}`), ...columns.map((c) => `lower(new.${c})`)];
    await sql
      .raw(
        `create function ${text}_keep() returns trigger language plpgsql as $$
         begin
           if tg_op = 'DELETE' then
             delete from ${text} where id = old.id;
           else
             insert into ${text} (id, ${names.join(', ')}) values (new.id, ${values.join(', ')})
             on conflict (id) do update set ${names.map((c) => `${c} = excluded.${c}`).join(', ')};
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${text}_keep after insert or delete or update of ${names.join(', ')} on ${table}
         for each row execute function ${text}_keep()`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  const trgm = await extensionSchema(db, 'pg_trgm');
  for (const [table, { columns }] of Object.entries(TABLES)) {
    const text = `${table}_text`;
    await sql.raw(`drop trigger ${text}_keep on ${table}`).execute(db);
    await sql.raw(`drop function ${text}_keep()`).execute(db);
    await sql.raw(`drop table ${text}`).execute(db);
    for (const column of columns)
      await sql
        .raw(
          `create index ${table}_${column}_trgm_idx on ${table} using gin (company_id, lower(${column}) "${trgm}".gin_trgm_ops)`,
        )
        .execute(db);
  }
}
