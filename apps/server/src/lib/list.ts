import { LIST_COUNT_CAP, type ListLinks, type ListMeta } from '@adstudio/contract';
import type { FastifyRequest } from 'fastify';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { keptByVersion, type VersionedRows } from './kept-by-version';

export interface ListParams<S extends string = string> {
  page: number;
  'items-per-page': number;
  'sort-by'?: S;
  'sort-order'?: 'asc' | 'desc';
}

/** A column (`table.column`) or an expression to order by. */
export type SortColumn = string | RawBuilder<unknown>;

/**
 * What a `sort-by` value orders by: one column; several, in turn (e.g. a creative's campaign name,
 * then the campaign, so a walk of campaigns in name order yields each one's creatives together); or
 * a column that may be empty, empty values last in both directions (`(col is null), col`, which an
 * index per direction serves on both engines).
 */
export type SortKey = SortColumn | { columns: SortColumn[] } | { emptyLast: string };

export interface ListOptions<S extends string> {
  /**
   * `sort-by` value → what to order by, keyed by the contract's sort list (`Record<CampaignSort, …>`),
   * so a column is declared once and the compiler keeps both sides equal.
   */
  sortable: Record<S, SortKey>;
  /** Used when the query names no `sort-by` (see `defaultSort`). */
  defaultSort: { by: SortKey; order: 'asc' | 'desc' };
  /** The row's unique id column (`table.id`), ordered last so pages never overlap or skip rows. */
  id: string;
  /** The list's total (see `keptTotal` and `cappedTotal`). */
  total: () => Promise<ListTotal>;
}

/** A list's number of rows; `capped` when counting stopped at LIST_COUNT_CAP (the real one is larger). */
export interface ListTotal {
  total: number;
  capped: boolean;
}

/** The numbers of one page; the URLs of the collection are added where the request is known. */
export type PageCounts = Pick<ListMeta, 'current_page' | 'per_page' | 'total' | 'last_page' | 'total_capped'>;

export interface ListPage<T> {
  data: T[];
  meta: PageCounts;
}

/**
 * Page numbers of a list: `perPage` -1 means everything on one page (spec section 5). `per_page` is
 * never 0 (Laravel's paginator divides by it), even when "all" finds nothing.
 */
export function pageMeta(page: number, perPage: number, total: number): PageCounts {
  if (perPage === -1)
    return { current_page: 1, per_page: Math.max(1, total), total, last_page: 1, total_capped: false };
  const last = Math.max(1, Math.ceil(total / perPage));
  return { current_page: page, per_page: perPage, total, last_page: last, total_capped: false };
}

/**
 * Page numbers of a list whose count stopped at the cap: `total` is the cap, and the last page is
 * the one after this when more rows follow it, so `links.next` leads on to the end.
 */
export function cappedPageMeta(page: number, perPage: number, cap: number, more: boolean): PageCounts {
  const last = Math.max(Math.ceil(cap / perPage), more ? page + 1 : page);
  return { current_page: page, per_page: perPage, total: cap, last_page: last, total_capped: true };
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
      total_capped: page.meta.total_capped ?? false,
    },
  };
}

/**
 * `toCollection` for the list route answering `request`: its pattern, with the path's parameters
 * filled in (`/v1/creatives/:id/assets` → `/v1/creatives/4/assets`), is the list's path.
 */
export const collection = <T>(request: FastifyRequest, page: ListPage<T>): Collection<T> => {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const pattern = request.routeOptions.url;
  const path =
    pattern === undefined
      ? request.url.split('?')[0]!
      : pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  return toCollection(page, {
    appUrl: request.server.config.appUrl,
    path,
    search: request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '',
  });
};

/**
 * `column in (ids…)`, the list padded to a power of two by repeating its last id: a few statement
 * shapes instead of one per length, so prepared statements are reused (db/database.ts).
 */
export function idIn(column: string, ids: readonly number[]): RawBuilder<boolean> {
  if (ids.length === 0) return sql<boolean>`1 = 0`;
  let size = 8;
  while (size < ids.length) size *= 2;
  const padded = [...ids, ...Array<number>(size - ids.length).fill(ids.at(-1)!)];
  return sql<boolean>`${sql.ref(column)} in (${sql.join(padded)})`;
}

/** `%` and `_` typed by a user match themselves; pair with `escape '\'`. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The `date` filter of a span (launch–end): the span contains the day, a missing end leaves that
 * side open, and a span with no dates contains no day. Written as two ranges of a (company, launch,
 * end) index — launched by that day, or no launch and ending on or after it — rather than as one
 * test a scan must apply to every row. Same SQL on SQLite and PostgreSQL.
 */
export const spanContains = (start: string, end: string, day: string) => {
  const [from, to] = [sql.ref(start), sql.ref(end)];
  return sql<boolean>`((${from} <= ${day} and (${to} is null or ${to} >= ${day})) or (${from} is null and ${to} >= ${day}))`;
};

/**
 * From this offset on, a page reads its ids first and then its rows: skipping rows to a deep offset
 * then walks the index alone (PostgreSQL reads no table row for the ones skipped).
 */
const DEFERRED_FROM = 1000;

/** The ORDER BY terms of a sort key in one direction, empty values last. */
function orderTerms(
  key: SortKey,
  order: 'asc' | 'desc',
): { by: RawBuilder<unknown>; order: 'asc' | 'desc' }[] {
  const expression = (column: SortColumn) => (typeof column === 'string' ? sql.ref(column) : column);
  if (typeof key === 'object' && 'emptyLast' in key) {
    const column = sql.ref(key.emptyLast);
    return [
      { by: sql`(${column} is null)`, order: 'asc' },
      { by: column, order },
    ];
  }
  const columns = typeof key === 'object' && 'columns' in key ? key.columns : [key];
  return columns.map((column) => ({ by: expression(column), order }));
}

/**
 * Runs a filtered query as one page of the list contract: `{data, meta}`. Near the start, one walk
 * of the sort's index reads the rows while `options.total` counts. Deeper, the page's ids come first
 * (an index-only walk on PostgreSQL), from whichever end of the list is nearer, then its rows. Empty values sort last in both directions, so
 * SQLite and PostgreSQL (which disagree by default) answer alike.
 */
export async function paginate<DB, TB extends keyof DB, O, S extends string, R = O>(
  query: SelectQueryBuilder<DB, TB, O>,
  params: ListParams<S>,
  options: ListOptions<S> & {
    /** Reads the rows of these ids (e.g. with a join the ids did not need); by default `query`'s own. */
    load?: (ids: number[]) => Promise<R[]>;
    /**
     * The rows `query` reads (with its filters) when their versions tell that they are unchanged:
     * the list's ids in the sort's order are then kept with those versions (`keptOrder`) and a
     * page is a slice of them, its rows read by `load`, which must not need `query`'s filters.
     */
    kept?: KeptOrder<DB, R>;
  },
): Promise<ListPage<R>> {
  const perPage = params['items-per-page'];
  const by = params['sort-by'];
  // An order without a column applies to the default column; a column without an order sorts ascending.
  const order = params['sort-order'] ?? (by ? 'asc' : options.defaultSort.order);
  const key = by === undefined ? options.defaultSort.by : options.sortable[by];
  if (key === undefined) throw new Error(`Not a sortable column: ${by}`);
  const terms = [...orderTerms(key, order), { by: sql.ref(options.id), order }];
  const flip = (o: 'asc' | 'desc') => (o === 'asc' ? 'desc' : 'asc');
  const ordered = <Q extends SelectQueryBuilder<DB, TB, unknown>>(rows: Q, backwards = false): Q =>
    terms.reduce((q, term) => q.orderBy(term.by, backwards ? flip(term.order) : term.order) as Q, rows);

  // Built only when used: pages near the start never read ids alone.
  const pageIds = () =>
    query
      .clearSelect()
      .select(sql<number>`${sql.ref(options.id)}`.as('page_id'))
      .$castTo<{ page_id: number }>();
  const load = async (ids: number[], by = options.load): Promise<R[]> => {
    const rows: R[] = [];
    // In chunks, below either engine's limit of bound parameters.
    for (let from = 0; from < ids.length; from += 1000) {
      const chunk = ids.slice(from, from + 1000);
      rows.push(...(by ? await by(chunk) : ((await query.where(idIn(options.id, chunk)).execute()) as R[])));
    }
    const byId = new Map(rows.map((row) => [Number((row as { id: number }).id), row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };

  if (perPage === -1) {
    const data = await load((await ordered(pageIds()).execute()).map((row) => Number(row.page_id)));
    return { data, meta: pageMeta(1, -1, data.length) };
  }
  const offset = (params.page - 1) * perPage;
  let data: R[];
  let more: boolean;
  let total: ListTotal;
  const kept = options.kept;
  const walked = offset + perPage + 1;
  if (kept && !kept.executor.isTransaction && walked <= LIST_COUNT_CAP_PLUS_ONE) {
    // The first `size` ids of the list in its order, kept until its rows are written; a deeper
    // page reads more of them (4 times as many), a page within them reads none.
    let size = KEPT_ORDER_FIRST;
    while (size < walked) size *= 4;
    const ids = ordered(pageIds()).limit(Math.min(size, LIST_COUNT_CAP_PLUS_ONE));
    const { sql: text, parameters } = ids.compile();
    const read = async () => (await ids.execute()).map((row) => Number(row.page_id));
    let order: number[];
    [total, order] = await Promise.all([
      options.total(),
      keptByVersion(
        kept.executor,
        kept.rows,
        `order\u0000${text}\u0000${JSON.stringify(parameters)}`,
        read,
        (o) => o.length * 6,
      ),
    ]);
    more = order.length > offset + perPage;
    data = await load(order.slice(offset, offset + perPage), kept.load);
  } else if (offset < DEFERRED_FROM && !options.load) {
    // Near the start the rows are read in the walk itself: one query instead of two.
    let rows: O[];
    [rows, total] = await Promise.all([
      ordered(query)
        .limit(perPage + 1)
        .offset(offset)
        .execute(),
      options.total(),
    ]);
    more = rows.length > perPage;
    data = rows.slice(0, perPage) as unknown as R[]; // the page's query selects R's columns
  } else {
    // Deep pages read ids only; past the middle of an exact total they walk the index from the
    // other end (the same order reversed: every term flips, the id too), so the last pages cost
    // what the first ones do and no page skips more than half the list. A first page never walks
    // backwards, so its ids are read while the total is counted (on PostgreSQL, side by side).
    const forward = () =>
      ordered(pageIds())
        .limit(perPage + 1)
        .offset(offset)
        .execute();
    let ids: { page_id: number }[];
    if (offset === 0) {
      [total, ids] = await Promise.all([options.total(), forward()]);
      more = ids.length > perPage;
    } else {
      total = await options.total();
      const after = total.total - offset - perPage;
      if (!total.capped && offset > total.total / 2) {
        const take = perPage + Math.min(0, after);
        ids =
          take > 0
            ? (await ordered(pageIds(), true).limit(take).offset(Math.max(0, after)).execute()).reverse()
            : [];
        more = after > 0;
      } else {
        ids = await forward();
        more = ids.length > perPage;
      }
    }
    data = await load(ids.slice(0, perPage).map((row) => Number(row.page_id)));
  }
  const meta = total.capped
    ? cappedPageMeta(params.page, perPage, total.total, more)
    : pageMeta(params.page, perPage, total.total);
  return { data, meta };
}

/** What `paginate` needs to keep a filtered list's order (see its option `kept`). */
export interface KeptOrder<DB, R> {
  executor: Kysely<DB>;
  rows: VersionedRows | readonly VersionedRows[];
  load: (ids: number[]) => Promise<R[]>;
}

/**
 * Ids of a filtered list read at first in its order (`kept`): a first page of 25 and one more. Its
 * matches may be sparse all along the walk (PostgreSQL, `2024` among 100k campaigns: 9 ms to the
 * first match, 14 more for 64 of them), so a first read asks no more than a page needs.
 */
const KEPT_ORDER_FIRST = 32;

/**
 * The total of a filtered list: counted exactly up to LIST_COUNT_CAP, beyond that the cap and
 * `capped`. Reading at most cap + 1 rows keeps the cost bounded however large the table grows.
 */
export async function cappedTotal<DB, TB extends keyof DB, O>(
  executor: Kysely<DB>,
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<ListTotal> {
  const counted = query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`1`.as('one'))
    .limit(LIST_COUNT_CAP_PLUS_ONE);
  const row = await sql<{ n: number | string }>`select count(*) as n from (${counted}) as matched`.execute(
    executor,
  );
  return capAt(Number(row.rows[0]?.n ?? 0));
}

/** How many rows a capped count reads: one past the cap tells that there are more. */
export const LIST_COUNT_CAP_PLUS_ONE = LIST_COUNT_CAP + 1;

/** A count of at most cap + 1 rows as a list total. */
export const capAt = (n: number): ListTotal =>
  n > LIST_COUNT_CAP ? { total: LIST_COUNT_CAP, capped: true } : { total: n, capped: false };

/** The list filters of items with a status (docs/design.md §4): `status=a,b` and `deleted=1`. */
export interface StatusListParams {
  status?: readonly string[];
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

/** How many rows of its order a list's walk must find to answer this page (one past it tells of a next). */
export const walkedTo = ({ page, 'items-per-page': perPage }: ListParams): number =>
  perPage === -1 ? Number.POSITIVE_INFINITY : page * perPage + 1;

/** The company's rows of `table` that a list shows (see `listedRows`). */
export const companyListedRows = (table: string, companyId: number, listed: StatusListParams) =>
  sql<boolean>`${sql.ref(`${table}.company_id`)} = ${companyId} and ${listedRows(table, listed)}`;

/** The default order: most recently changed first, or for deleted items most recently deleted first. */
export const defaultSort = (table: string, { deleted }: StatusListParams) => ({
  by: `${table}.${deleted ? 'deleted_at' : 'updated_at'}`,
  order: 'desc' as const,
});
