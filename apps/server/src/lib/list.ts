import type { ListLinks, ListMeta, Status } from '@adstudio/contract';
import type { FastifyRequest } from 'fastify';
import { type OrderByExpression, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';

export interface ListParams<S extends string = string> {
  page: number;
  'items-per-page': number;
  'sort-by'?: S;
  'sort-order'?: 'asc' | 'desc';
}

export interface ListOptions<DB, TB extends keyof DB, O, S extends string> {
  /**
   * `sort-by` value → what to order by, keyed by the contract's sort list (`Record<CampaignSort, …>`),
   * so a column is declared once and the compiler keeps both sides equal.
   */
  sortable: Record<S, OrderByExpression<DB, TB, O>>;
  /** Used when the query names no `sort-by` (see `defaultSort`). */
  defaultSort: { by: OrderByExpression<DB, TB, O>; order: 'asc' | 'desc' };
  /** A unique column ordered last, so pages never overlap or skip rows when sort values tie. */
  tieBreaker: OrderByExpression<DB, TB, O>;
}

/** The numbers of one page; the URLs of the collection are added where the request is known. */
export type PageCounts = Pick<ListMeta, 'current_page' | 'per_page' | 'total' | 'last_page'>;

export interface ListPage<T> {
  data: T[];
  meta: PageCounts;
}

/**
 * Page numbers of a list: `perPage` -1 means everything on one page (spec section 5). `per_page` is
 * never 0 (Laravel's paginator divides by it), even when "all" finds nothing.
 */
export function pageMeta(page: number, perPage: number, total: number): PageCounts {
  if (perPage === -1) return { current_page: 1, per_page: Math.max(1, total), total, last_page: 1 };
  return { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

export interface Collection<T> {
  data: T[];
  links: ListLinks;
  meta: ListMeta;
}

/**
 * Laravel's API-resource collection: `links` to the first, last, previous and next pages (keeping
 * the rest of the query, like `withQueryString()`) and the paginator's `meta`, with `path` the
 * list's URL on APP_URL.
 */
export function toCollection<T>(
  page: ListPage<T>,
  at: { appUrl: string; path: string; search: string },
): Collection<T> {
  const { current_page: current, last_page: last, per_page: perPage } = page.meta;
  const path = `${at.appUrl}${at.path}`;
  // The query as the client sent it, in its order, less the page and empty parameters.
  const kept = [...new URLSearchParams(at.search)].filter(([key, value]) => key !== 'page' && value !== '');
  const url = (n: number) => `${path}?${new URLSearchParams([...kept, ['page', String(n)]])}`;
  const from = page.data.length > 0 ? (current - 1) * perPage + 1 : null;
  return {
    data: page.data,
    links: {
      first: url(1),
      last: url(last),
      prev: current > 1 ? url(Math.min(current - 1, last)) : null,
      next: current < last ? url(current + 1) : null,
    },
    meta: {
      current_page: current,
      from,
      last_page: last,
      path,
      per_page: perPage,
      to: from === null ? null : from + page.data.length - 1,
      total: page.meta.total,
    },
  };
}

/** `toCollection` for the list route answering `request`: its pattern is the list's path. */
export const collection = <T>(request: FastifyRequest, page: ListPage<T>): Collection<T> =>
  toCollection(page, {
    appUrl: request.server.config.appUrl,
    path: request.routeOptions.url ?? request.url.split('?')[0]!,
    search: request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '',
  });

/** `%` and `_` typed by a user match themselves; pair with `escape '\'`. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `lower(column) like lower('%text%')` for a free-text filter, the same on SQLite and PostgreSQL. */
export const containsText = (column: string, text: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like lower(${`%${escapeLike(text)}%`}) escape '\\'`;

/**
 * The `date` filter of a span (launch–end): the span contains the day, a missing end leaves that
 * side open, and a span with no dates contains no day. Same SQL on SQLite and PostgreSQL.
 */
export const spanContains = (start: string, end: string, day: string) => {
  const [from, to] = [sql.ref(start), sql.ref(end)];
  return sql<boolean>`((${from} is not null or ${to} is not null) and (${from} is null or ${from} <= ${day}) and (${to} is null or ${to} >= ${day}))`;
};

/**
 * Runs a filtered query as one page of the list contract: `{data, meta}`. Sorting puts empty values
 * last in both directions so SQLite and PostgreSQL (which disagree by default) answer alike.
 */
export async function paginate<DB, TB extends keyof DB, O, S extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  params: ListParams<S>,
  options: ListOptions<DB, TB, O, S>,
): Promise<ListPage<O>> {
  const perPage = params['items-per-page'];
  const by = params['sort-by'];
  // An order without a column applies to the default column; a column without an order sorts ascending.
  const order = params['sort-order'] ?? (by ? 'asc' : options.defaultSort.order);
  const sortExpression = by === undefined ? options.defaultSort.by : options.sortable[by];
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

/** The list filters of items with a status (DESIGN section 4): `status=a,b` and `deleted=1`. */
export interface StatusListParams {
  status?: readonly Status[];
  deleted?: boolean;
}

/**
 * Which rows of `table` a list shows: live ones, or with `deleted` only soft-deleted ones; with
 * `status` only those statuses. One condition for any query builder's `where`.
 */
export function listedRows(table: string, { status, deleted }: StatusListParams): RawBuilder<boolean> {
  const kept = deleted
    ? sql<boolean>`${sql.ref(`${table}.deleted_at`)} is not null`
    : sql<boolean>`${sql.ref(`${table}.deleted_at`)} is null`;
  if (!status?.length) return kept;
  return sql<boolean>`${kept} and ${sql.ref(`${table}.status`)} in (${sql.join([...status])})`;
}

/** The default order: most recently changed first, or for deleted items most recently deleted first. */
export const defaultSort = (table: string, { deleted }: StatusListParams) => ({
  by: sql`${sql.ref(`${table}.${deleted ? 'deleted_at' : 'updated_at'}`)}`,
  order: 'desc' as const,
});
