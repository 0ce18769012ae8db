import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  PostgresAdapter,
  sql,
} from 'kysely';

/*
 * The shapes migrations build with: a table's id and company, references, plain indexes, added and
 * dropped columns, statement triggers. A migration is history that runs as written on databases of
 * every age, so what these produce never changes: a later need gets a new helper or an option whose
 * default keeps the old output.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was, not the current types
export type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Table = CreateTableBuilder<any, any>;

export const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/** A new table whose first column is its surrogate id: serial on PostgreSQL, autoincrement on SQLite. */
export function tableWithId(db: AnyDb, name: string): Table {
  const postgres = isPostgres(db);
  return db.schema
    .createTable(name)
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    );
}

/** A column naming a row of `table`: required and deleted with it, or optional and cleared when it goes. */
export const fk =
  (table: string, onDelete: 'cascade' | 'set null' = 'cascade') =>
  (c: ColumnDefinitionBuilder) =>
    onDelete === 'cascade'
      ? c.notNull().references(`${table}.id`).onDelete('cascade')
      : c.references(`${table}.id`).onDelete('set null');

/** A new table with its id and the company its rows belong to (and go with). */
export const companyTable = (db: AnyDb, name: string): Table =>
  tableWithId(db, name).addColumn('company_id', 'integer', fk('companies'));

/** An index over columns, partial when `where` names a column's test; an expression index is written out. */
export async function createIndex(
  db: AnyDb,
  name: string,
  table: string,
  columns: string[],
  {
    unique = false,
    where,
  }: { unique?: boolean; where?: [column: string, op: 'is' | 'is not' | '=', value: string | null] } = {},
) {
  let index = db.schema.createIndex(name).on(table).columns(columns);
  if (unique) index = index.unique();
  if (where) index = index.where(sql.ref(where[0]), where[1], where[2]);
  await index.execute();
}

/** A column added to a table: optional, or required with the value that the rows there already take. */
export type NewColumn = readonly [
  name: string,
  type: 'text' | 'integer' | 'bigint',
  fallback?: string | number,
];

/** One statement per column, as SQLite adds them. */
export async function addColumns(db: AnyDb, table: string, columns: readonly NewColumn[]) {
  for (const [name, type, fallback] of columns)
    await db.schema
      .alterTable(table)
      .addColumn(name, type, (c) => (fallback === undefined ? c : c.notNull().defaultTo(fallback)))
      .execute();
}

/** Undoes addColumns: the columns go, the last added first. */
export async function dropColumns(db: AnyDb, table: string, columns: readonly NewColumn[]) {
  for (const [name] of [...columns].reverse()) await db.schema.alterTable(table).dropColumn(name).execute();
}

/** What a statement does to a table's rows, in PL/pgSQL; TRUNCATE left out is not watched. */
interface StatementActions {
  insert: string;
  delete: string;
  update: string;
  truncate?: string;
}

/** What a statement trigger on each event sees its rows as (TRUNCATE names none). */
const TRANSITION_TABLES: Record<keyof StatementActions, string> = {
  insert: 'referencing new table as new_rows',
  update: 'referencing old table as old_rows new table as new_rows',
  delete: 'referencing old table as old_rows',
  truncate: '',
};

/**
 * PostgreSQL: `${fn}()` runs once per statement that writes `table`, doing the action of its kind,
 * with the rows the statement wrote as the transition tables new_rows and old_rows. One trigger per
 * event, `${prefix}_${event}`; a bulk statement costs one call, not one per row.
 */
export async function statementTriggers(
  db: AnyDb,
  table: string,
  { prefix, fn, ...actions }: { prefix: string; fn: string } & StatementActions,
) {
  const { insert, delete: remove, update, truncate } = actions;
  // Without TRUNCATE watched, a statement that is neither INSERT nor DELETE is an UPDATE.
  const rest =
    truncate === undefined
      ? `else
           ${update}`
      : `elsif tg_op = 'UPDATE' then
           ${update}
         else
           ${truncate}`;
  await sql
    .raw(
      `create function ${fn}() returns trigger language plpgsql as $$
       begin
         if tg_op = 'INSERT' then
           ${insert}
         elsif tg_op = 'DELETE' then
           ${remove}
         ${rest}
         end if;
         return null;
       end $$`,
    )
    .execute(db);
  for (const event of ['insert', 'update', 'delete', 'truncate'] as const) {
    if (actions[event] === undefined) continue;
    await sql
      .raw(
        `create trigger ${prefix}_${event} after ${event} on ${table}
         ${TRANSITION_TABLES[event]} for each statement execute function ${fn}()`,
      )
      .execute(db);
  }
}

/** SQLite: drops the row triggers `${prefix}_insert`, `_update` and `_delete`. */
export async function dropRowTriggers(db: AnyDb, prefix: string) {
  for (const event of ['insert', 'update', 'delete'])
    await sql.raw(`drop trigger ${prefix}_${event}`).execute(db);
}
