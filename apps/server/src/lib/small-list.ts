import type { Kysely, RawBuilder, Selectable } from 'kysely';
import {
  cappedTotal,
  companyListedRows,
  defaultSort,
  escapeLike,
  type ListPage,
  paginate,
  type SortKey,
} from './list';
import type { NamedListQuery } from './named-list';
import type { ScopedColumns } from './scoped-repository';

/**
 * A page of the company's rows of `table` in a list small enough to filter and count directly (a
 * company has a handful to a few hundred data sources or publishers): no text index, sort indexes
 * or kept counts, whose triggers would cost every write more than they save here. The text filter
 * is `matches` of a case-insensitive LIKE pattern (`escape '\'`); the total is a capped count.
 */
export function smallList<DB, TB extends keyof DB & string, S extends string>(
  executor: Kysely<DB>,
  table: TB,
  companyId: number,
  query: NamedListQuery<S>,
  { sortable, matches }: { sortable: Record<S, SortKey>; matches: (pattern: string) => RawBuilder<boolean> },
): Promise<ListPage<Selectable<DB[TB]>>> {
  // The caller's table under one name: the query reads only the columns every such table has.
  const db = executor as unknown as Kysely<{ item: ScopedColumns }>;
  let rows = db
    .selectFrom(table as unknown as 'item')
    .selectAll()
    .where(companyListedRows(table, companyId, query));
  if (query.filter) rows = rows.where(matches(`%${escapeLike(query.filter)}%`));
  const page = paginate(rows, query, {
    sortable,
    defaultSort: defaultSort(table, query),
    id: `${table}.id`,
    total: () => cappedTotal(db, rows),
  });
  return page as unknown as Promise<ListPage<Selectable<DB[TB]>>>; // the rows of the caller's table
}
