import { sql } from 'kysely';
import { type AnyDb, dropRowTriggers, isPostgres, statementTriggers } from './helpers';

/**
 * How many rows each company has per list (section), status and deleted-or-not, kept exact by
 * triggers in the statement's own transaction: a list's unfiltered or status-filtered total and the
 * dashboard's counts read a handful of these rows instead of counting the table (which cost 3 ms of
 * a 4 ms request at 100k campaigns). Triggers rather than service code: every write — services,
 * bulk actions, seeds, a feed's rule swap, a hand-written fix in psql — keeps them exact, and a
 * slice cannot forget one.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('item_counts')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_counts_pk', ['company_id', 'section', 'status', 'deleted'])
    .execute();
  for (const [table, hasStatus] of COUNTED) await keepCounts(db, table, { hasStatus });
}

export async function down(db: AnyDb): Promise<void> {
  for (const [table] of COUNTED) await dropCounts(db, table);
  await db.schema.dropTable('item_counts').execute();
}

/** The lists counted today: soft-deletable tables, with a status column or not. */
const COUNTED: [string, boolean][] = [
  ['campaigns', true],
  ['creatives', true],
  ['profiles', true],
  ['conditions', false],
  ['assets', false],
];

/**
 * Counts `table`'s rows in item_counts from now on (triggers) and from before (a backfill). Later
 * migrations call it for new lists. A table without a status counts under status ''.
 */
export async function keepCounts(db: AnyDb, table: string, { hasStatus }: { hasStatus: boolean }) {
  const status = hasStatus ? 'status' : `''`;
  const deleted = 'case when deleted_at is null then 0 else 1 end';
  await sql
    .raw(
      `insert into item_counts (company_id, section, status, deleted, n)
       select company_id, '${table}', ${status}, ${deleted}, count(*) from ${table} group by 1, 2, 3, 4`,
    )
    .execute(db);
  if (isPostgres(db)) await postgresTriggers(db, table, status, deleted);
  else await sqliteTriggers(db, table, hasStatus);
}

export async function dropCounts(db: AnyDb, table: string) {
  if (isPostgres(db)) {
    await sql.raw(`drop function ${table}_item_counts() cascade`).execute(db);
  } else {
    await dropRowTriggers(db, `${table}_counts`);
  }
  await sql.raw(`delete from item_counts where section = '${table}'`).execute(db);
}

/**
 * PostgreSQL: one statement-level trigger per event with transition tables, so a bulk statement
 * adds its rows per key in one upsert, in key order (two transactions lock the counters they share
 * in the same order and cannot deadlock on them); an update that moves no row between keys (a
 * rename) touches no counter at all.
 */
async function postgresTriggers(db: AnyDb, table: string, status: string, deleted: string) {
  const keyed = (rows: string, sign: string) =>
    `select company_id, '${table}'::text as section, ${status}::text as status, ${deleted} as deleted, ${sign} as d from ${rows}`;
  const add = (source: string) =>
    `insert into item_counts (company_id, section, status, deleted, n)
       select company_id, section, status, deleted, sum(d) from (${source}) moved
       group by company_id, section, status, deleted having sum(d) <> 0
       order by company_id, section, status, deleted
       on conflict (company_id, section, status, deleted) do update set n = item_counts.n + excluded.n;`;
  await statementTriggers(db, table, {
    prefix: `${table}_counts`,
    fn: `${table}_item_counts`,
    insert: add(keyed('new_rows', '1')),
    delete: add(keyed('old_rows', '-1')),
    update: add(`${keyed('new_rows', '1')} union all ${keyed('old_rows', '-1')}`),
  });
}

/** SQLite: row triggers (one writer at a time, so no lock order to keep). */
async function sqliteTriggers(db: AnyDb, table: string, hasStatus: boolean) {
  const key = (row: 'new' | 'old') =>
    `${row}.company_id, '${table}', ${hasStatus ? `${row}.status` : `''`}, ${row}.deleted_at is not null`;
  const plus = `insert into item_counts (company_id, section, status, deleted, n) values (${key('new')}, 1)
      on conflict (company_id, section, status, deleted) do update set n = n + 1;`;
  const minus = `update item_counts set n = n - 1
      where (company_id, section, status, deleted) = (${key('old')});`;
  const moved = [
    'old.company_id <> new.company_id',
    '(old.deleted_at is null) <> (new.deleted_at is null)',
    ...(hasStatus ? ['old.status is not new.status'] : []),
  ].join(' or ');
  await sql
    .raw(`create trigger ${table}_counts_insert after insert on ${table} begin ${plus} end`)
    .execute(db);
  await sql
    .raw(`create trigger ${table}_counts_delete after delete on ${table} begin ${minus} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_counts_update after update on ${table} when ${moved} begin ${minus} ${plus} end`,
    )
    .execute(db);
}
