import type { Status } from '@adstudio/contract';
import { type Kysely, PostgresAdapter, type Selectable, sql, type Updateable } from 'kysely';
import { escapeLike } from './list';

/** The columns every company-scoped, editable, soft-deletable table has (docs/design.md §5). */
export interface ScopedColumns {
  id: number;
  company_id: number;
  name: string;
  status: Status;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** The one table the shared queries see; the table's real name is given at run time. */
type Scoped = { item: ScopedColumns };

/** Rows of a table narrowed by an extra column, e.g. creatives of one campaign for name uniqueness. */
export interface NameScope {
  column: string;
  value: number;
}

/** How `takenNames` identifies a name within its scope. */
export const nameKey = (name: string, scope?: number) => `${scope ?? ''}|${name.toLowerCase()}`;

export interface ScopedOptions {
  /** false (default): live rows; true: soft-deleted ones (restore reads them); 'any': both. */
  deleted?: boolean | 'any';
}

/**
 * The queries every company-scoped slice shares, typed by its table's own rows: find by id / ids,
 * name taken (ignoring case, within the company or a narrower scope), guarded update, soft delete,
 * restore and the set status update of bulk actions. Each takes an optional transaction.
 */
export function scopedRepository<DB, TB extends keyof DB & string>(db: Kysely<DB>, table: TB) {
  type Row = Selectable<DB[TB]>;
  type Executor = Kysely<DB>;
  // The shared queries use only the columns above, which every such table has.
  const on = (trx: Executor) => trx as unknown as Kysely<Scoped>;
  const name = table as unknown as 'item'; // the caller's table, under Scoped's one name
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  const rows = (trx: Executor, companyId: number, { deleted = false }: ScopedOptions = {}) => {
    const query = on(trx).selectFrom(name).where('company_id', '=', companyId);
    return deleted === 'any' ? query : query.where('deleted_at', deleted ? 'is not' : 'is', null);
  };

  const setOn = (trx: Executor, companyId: number, ids: readonly number[]) =>
    on(trx).updateTable(name).where('company_id', '=', companyId).where('id', 'in', ids);

  /** One statement for every id: writes `values` on those of the company's rows in that state; answers how many. */
  const setMany = async (
    trx: Executor,
    companyId: number,
    ids: readonly number[],
    state: 'live' | 'deleted',
    values: Updateable<ScopedColumns>,
  ) => {
    if (ids.length === 0) return 0;
    const result = await setOn(trx, companyId, ids)
      .set(values)
      .where('deleted_at', state === 'live' ? 'is' : 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  };

  return {
    findById: async (companyId: number, id: number, trx: Executor = db, options?: ScopedOptions) =>
      (await rows(trx, companyId, options).selectAll().where('id', '=', id).executeTakeFirst()) as
        | Row
        | undefined,

    /**
     * The company's rows among `ids`. `lock` takes row locks on PostgreSQL, so a set write later in
     * the transaction acts on the rows as read (SQLite runs one write transaction at a time).
     */
    findByIds: async (
      companyId: number,
      ids: readonly number[],
      trx: Executor = db,
      options: ScopedOptions & { lock?: boolean } = {},
    ): Promise<Row[]> => {
      if (ids.length === 0) return [];
      let query = rows(trx, companyId, options).selectAll().where('id', 'in', ids);
      if (options.lock && isPostgres) query = query.forUpdate();
      return (await query.execute()) as Row[];
    },

    /** Whether another live row of the scope already has this name, ignoring case. */
    nameTaken: async (
      companyId: number,
      text: string,
      { exceptId, scope, trx = db }: { exceptId?: number; scope?: NameScope; trx?: Executor } = {},
    ) => {
      let query = rows(trx, companyId).select('id').where(sql<boolean>`lower(name) = lower(${text})`);
      if (scope) query = query.where(sql<boolean>`${sql.ref(scope.column)} = ${scope.value}`);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /**
     * Which of these names live rows already have, ignoring case, in one query: answers keys
     * `nameKey(name, scope)`, the scope being the value of `scopeColumn` (e.g. the campaign) if any.
     */
    takenNames: async (
      companyId: number,
      names: readonly { name: string; scope?: number }[],
      scopeColumn?: string,
      trx: Executor = db,
    ): Promise<Set<string>> => {
      if (names.length === 0) return new Set();
      const lowered = [...new Set(names.map((n) => n.name.toLowerCase()))];
      const found = await rows(trx, companyId)
        .select([
          sql<string>`lower(name)`.as('name'),
          sql<number | null>`${scopeColumn ? sql.ref(scopeColumn) : sql`null`}`.as('scope'),
        ])
        .where(sql<boolean>`lower(name) in (${sql.join(lowered)})`)
        .execute();
      return new Set(found.map((row) => nameKey(row.name, row.scope ?? undefined)));
    },

    /** Names of live rows of the scope that start with `prefix`, ignoring case (to find a free copy name). */
    namesStartingWith: async (companyId: number, prefix: string, scope?: NameScope, trx: Executor = db) => {
      let query = rows(trx, companyId)
        .select('name')
        .where(sql<boolean>`lower(name) like lower(${`${escapeLike(prefix)}%`}) escape '\\'`);
      if (scope) query = query.where(sql<boolean>`${sql.ref(scope.column)} = ${scope.value}`);
      return (await query.execute()).map((row) => row.name);
    },

    /**
     * Writes changes only if the row is still as it was read (`updated_at` unchanged), so two editors
     * cannot silently overwrite each other. Answers the new row, or undefined when it had changed.
     */
    update: async (
      companyId: number,
      id: number,
      readAt: string,
      changes: Updateable<DB[TB]>,
      trx: Executor = db,
    ) =>
      (await setOn(trx, companyId, [id])
        .set(changes as Updateable<ScopedColumns>)
        .where('deleted_at', 'is', null)
        .where('updated_at', '=', readAt)
        .returningAll()
        .executeTakeFirst()) as Row | undefined,

    /** One statement for every id: the status of live rows. Answers how many rows changed. */
    setStatus: (companyId: number, ids: readonly number[], status: Status, at: string, trx: Executor = db) =>
      setMany(trx, companyId, ids, 'live', { status, updated_at: at }),

    softDelete: (companyId: number, ids: readonly number[], at: string, trx: Executor = db) =>
      setMany(trx, companyId, ids, 'live', { deleted_at: at, updated_at: at }),

    restore: (companyId: number, ids: readonly number[], at: string, trx: Executor = db) =>
      setMany(trx, companyId, ids, 'deleted', { deleted_at: null, updated_at: at }),
  };
}
export type ScopedRepository<DB, TB extends keyof DB & string> = ReturnType<typeof scopedRepository<DB, TB>>;
