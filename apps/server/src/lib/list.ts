import type { ListMeta } from '@adstudio/contract';
import { type OrderByExpression, type SelectQueryBuilder, sql } from 'kysely';

export interface ListParams {
  page: number;
  'items-per-page': number;
  'sort-by'?: string;
  'sort-order'?: 'asc' | 'desc';
}

export interface ListOptions<DB, TB extends keyof DB, O> {
  /** `sort-by` value → what to order by. The query schema has already refused any other value. */
  sortable: Record<string, OrderByExpression<DB, TB, O>>;
  /** Used when the query names no `sort-by`. */
  defaultSort: { by: string; order: 'asc' | 'desc' };
  /** A unique column ordered last, so pages never overlap or skip rows when sort values tie. */
  tieBreaker: OrderByExpression<DB, TB, O>;
}

export interface ListPage<T> {
  data: T[];
  meta: ListMeta;
}

/** Page numbers of a list: `perPage` -1 means everything on one page (spec section 5). */
export function pageMeta(page: number, perPage: number, total: number): ListMeta {
  if (perPage === -1) return { current_page: 1, per_page: total, total, last_page: 1 };
  return { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** `%` and `_` typed by a user match themselves; pair with `escape '\'`. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `lower(column) like lower('%text%')` for a free-text filter, the same on SQLite and PostgreSQL. */
export const containsText = (column: string, text: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like lower(${`%${escapeLike(text)}%`}) escape '\\'`;

/**
 * Runs a filtered query as one page of the list contract: `{data, meta}`. Sorting puts empty values
 * last in both directions so SQLite and PostgreSQL (which disagree by default) answer alike.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  params: ListParams,
  options: ListOptions<DB, TB, O>,
): Promise<ListPage<O>> {
  const perPage = params['items-per-page'];
  const by = params['sort-by'] ?? options.defaultSort.by;
  // An order without a column applies to the default column; a column without an order sorts ascending.
  const order = params['sort-order'] ?? (params['sort-by'] ? 'asc' : options.defaultSort.order);
  const sortExpression = options.sortable[by];
  if (sortExpression === undefined) throw new Error(`Not a sortable column: ${by}`);

  let rows = query
    .orderBy(sortExpression, (ob) => (order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
    .orderBy(options.tieBreaker, order);

  if (perPage === -1) {
    const data = await rows.execute();
    return { data, meta: pageMeta(1, -1, data.length) };
  }
  rows = rows.limit(perPage).offset((params.page - 1) * perPage);
  const [data, count] = await Promise.all([
    rows.execute(),
    query
      .clearSelect()
      .clearOrderBy()
      .select(sql<number>`count(*)`.as('total'))
      .$castTo<{ total: number | string }>()
      .executeTakeFirst(),
  ]);
  return { data, meta: pageMeta(params.page, perPage, Number(count?.total ?? 0)) };
}
