import type { Kysely, Selectable } from 'kysely';
import type { CountedSection } from './item-counts';
import {
  defaultSort,
  type ListPage,
  type ListParams,
  listedRows,
  paginate,
  type SortKey,
  type StatusListParams,
} from './list';
import { listTotal } from './list-total';
import { type ScopedColumns, scopedRepository } from './scoped-repository';
import { textMatch } from './text-match';

/** A list's query: its page, sort, status and deleted filters, and the text its names contain. */
export type NamedListQuery<S extends string> = ListParams<S> &
  StatusListParams & { filter?: string | undefined };

/**
 * A page of the company's rows of `table` whose only narrowing is the list's status, deleted and
 * name text (conditions, profiles): the text through its index, the total from the kept counts,
 * the filter's own count or counted up to the cap, the rows of a deep page by their ids.
 */
export async function namedList<DB, TB extends CountedSection & keyof DB & string, S extends string>(
  executor: Kysely<DB>,
  table: TB,
  companyId: number,
  query: NamedListQuery<S>,
  sortable: Record<S, SortKey>,
): Promise<ListPage<Selectable<DB[TB]>>> {
  // The caller's table under one name: the query reads only the columns every such table has.
  const db = executor as unknown as Kysely<{ item: ScopedColumns }>;
  const item = table as unknown as 'item';
  let rows = db
    .selectFrom(item)
    .selectAll()
    .where('company_id', '=', companyId)
    .where(listedRows(table, query));
  const text = query.filter
    ? await textMatch(executor, { table, columns: ['name'] }, companyId, query, query.filter)
    : undefined;
  if (text) rows = rows.where(text.where);
  const total = listTotal(db, {
    section: table,
    companyId,
    listed: query,
    matches: [text],
    narrowed: false,
    rows,
  });
  const byIds = (ids: number[]) =>
    scopedRepository(db, item).findByIds(companyId, ids, db, { deleted: 'any' });
  const page = await paginate(rows, query, {
    sortable,
    defaultSort: defaultSort(table, query),
    id: `${table}.id`,
    total,
    // A filter testing ids: the page's ids come first, then their rows without testing it again.
    load: text?.idsOnly ? byIds : undefined,
    // A filtered list reads its table only: its order is kept until the table is written.
    kept: text ? { executor: db, rows: { section: table, companyId }, load: byIds } : undefined,
  });
  return page as unknown as ListPage<Selectable<DB[TB]>>; // the rows of the caller's table, all columns
}
