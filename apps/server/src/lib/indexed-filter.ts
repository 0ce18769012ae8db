import { LIST_COUNT_CAP } from '@adstudio/contract';
import {
  type AliasedRawBuilder,
  type Kysely,
  PostgresAdapter,
  type RawBuilder,
  type SelectQueryBuilder,
  sql,
} from 'kysely';
import { keptByVersion, type VersionedRows } from './kept-by-version';
import { companyListedRows, idIn, LIST_COUNT_CAP_PLUS_ONE, type StatusListParams } from './list';

/**
 * Up to this many matches, an index-backed filter (text, date) narrows the list to their ids (a short
 * list read through its index, then sorted); beyond it matches are dense enough (≥ 2 % of 100k rows) that
 * walking the sort's index and testing each row finds a page sooner than collecting every match.
 */
export const SPARSE_MATCHES = 2000;

/** What an index-backed filter adds to a list: its condition and, when the index can, its count. */
export interface IndexedFilter {
  /** The list's condition. */
  where: RawBuilder<boolean>;
  /**
   * The number of matching rows of the company (with the status and deleted filters), counted
   * through the index up to `limit` rows, or undefined when only a scan could count them.
   */
  count?: (limit: number) => Promise<number>;
  /**
   * The condition tests each row's id only (see `sparseOrDense`): a page's ids are best read first,
   * by a walk of the index alone, then its rows (PostgreSQL would read each walked row otherwise).
   */
  idsOnly?: boolean;
}

/**
 * Rows a walk of the sort's index tests one by one before testing ids instead pays off: reading the
 * matches into a temporary index (SQLite) or sending them as an array (PostgreSQL) costs 1.5–2.5 ms,
 * testing a row's text ~1.3 µs.
 */
export const WALK_BY_IDS = 2000;

/** Where a list's dense walk may test ids: how far it walks (`walkedTo` of the list), among how many rows. */
export interface WalkByIds {
  /** Matching rows the walk must find (offset + page + 1; Infinity for the whole list). */
  walkedTo: number;
  /** The rows the walk goes through (the company's listed rows: the kept count). */
  rows: () => Promise<number>;
}

/**
 * The choice every index-backed filter makes: read up to `read` matching rows (`matching`, a
 * `select … as id` an index serves), counted and their ids listed in one answer; up to `sparse` of
 * them, the list is narrowed to those ids (sorting a few rows is cheap); more, and the list walks its
 * sort's index, which fills a page within a few rows when matches are that common. That walk tests
 * `dense` on each row; with `byIds`, when there are at most the cap of matches and the walk would
 * test more than WALK_BY_IDS rows, it tests each row's id against the ids read instead, reading the
 * index only. Its count is the number read, unless a larger one is asked. With `kept`, the rows
 * `matching` reads, the matches read are kept until those rows are written (`keptByVersion`): paging
 * through a filter, or asking for it again, reads them once.
 */
export async function sparseOrDense<DB>(
  executor: Kysely<DB>,
  id: string,
  matching: RawBuilder<unknown>,
  dense: RawBuilder<boolean>,
  /** How many matches to read: up to the cap, so that they are also the count, when a total is wanted. */
  read = LIST_COUNT_CAP_PLUS_ONE,
  /** Up to how many matches the list is narrowed to their ids. */
  sparse = SPARSE_MATCHES,
  /** Set by a list (the search wants a few rows and no count). */
  byIds?: WalkByIds,
  /** The only rows `matching` depends on, when their version tells that they are unchanged. */
  kept?: VersionedRows | readonly VersionedRows[],
): Promise<IndexedFilter & Required<Pick<IndexedFilter, 'count'>>> {
  const readMatches = () => matchesUpTo(executor, matching, read);
  const { n: found, ids } = kept
    ? await keptByVersion(
        executor,
        kept,
        queryKey(executor, matching, read),
        readMatches,
        (m) => m.ids.length,
      )
    : await readMatches();
  const counted = countUpTo(executor, matching);
  const asked = new Map<number, Promise<number>>();
  const count = (limit: number) => {
    if (found < read || limit <= read) return Promise.resolve(Math.min(found, limit));
    // The list asks once to choose its plan and once for its total.
    const answer = asked.get(limit) ?? counted(limit);
    asked.set(limit, answer);
    return answer;
  };
  if (found <= sparse) return { where: idIn(id, found ? ids.split(',').map(Number) : []), count };
  if (!byIds) return { where: dense, count };
  const matches = found < read ? found : await count(LIST_COUNT_CAP_PLUS_ONE);
  // Page 20 of 5,400 matches among 100k campaigns sorted by name: the walk tests 9,300 rows (14 ms
  // on SQLite, 12 on PostgreSQL) reading each one's text; testing ids reads the index only (3 ms).
  if (matches > LIST_COUNT_CAP || byIds.walkedTo * (await byIds.rows()) <= WALK_BY_IDS * matches)
    return { where: dense, count };
  return { where: idsIn(executor, id, ids, { walked: true }), count, idsOnly: true };
}

/** A query with its parameters and limit, as one text (a key for `keptByVersion`). */
export function queryKey<DB>(executor: Kysely<DB>, query: RawBuilder<unknown>, limit: number): string {
  const { sql: text, parameters } = query.compile(executor);
  return `${limit}\u0000${text}\u0000${JSON.stringify(parameters)}`;
}

/**
 * `column` is one of `ids` (as `matchesUpTo` lists them), in one parameter: PostgreSQL hashes an
 * array literal (the driver's escaping of each element of an array parameter cost 2 ms for 5,000),
 * SQLite reads a JSON array into a temporary index. `walked`: the list walks its sort's index and
 * tests each row's id; on SQLite a unary plus keeps its planner from reading the ids first and
 * sorting their rows.
 */
export function idsIn<DB>(
  executor: Kysely<DB>,
  column: string,
  ids: string,
  { walked = false } = {},
): RawBuilder<boolean> {
  if (isPostgres(executor)) return sql<boolean>`${sql.ref(column)} = any(${`{${ids}}`}::int[])`;
  const tested = walked ? sql`+${sql.ref(column)}` : sql.ref(column);
  return sql<boolean>`${tested} in (select value from json_each(${`[${ids}]`}))`;
}

/**
 * How many rows `matching` answers, read up to `limit`, and their ids as one comma-separated text.
 * The database counts and lists them as it reads, in one answer: handing each id over as a row of
 * its own cost ~1 µs more per id on either engine (5 ms for 5,400 text matches), as much as reading
 * them through the index.
 */
export async function matchesUpTo<DB>(
  executor: Kysely<DB>,
  matching: RawBuilder<unknown>,
  limit: number,
): Promise<{ n: number; ids: string }> {
  const db = executor as unknown as Kysely<unknown>; // raw SQL only: no table of the caller's is named
  const listed = isPostgres(db) ? sql`string_agg(matched.id::text, ',')` : sql`group_concat(matched.id)`;
  const { rows } = await sql<{ n: number | string; ids: string | null }>`select count(*) as n,
    ${listed} as ids from (${matching} limit ${limit}) as matched`.execute(db);
  return { n: Number(rows[0]?.n ?? 0), ids: rows[0]?.ids ?? '' };
}

/** An index-backed filter that may instead hand the list its matching rows to read (`matchingRows`). */
export interface SourcingFilter<Row, T extends string> extends IndexedFilter {
  from?: AliasedRawBuilder<Row, T>;
}

/** How many rows a query answers, read up to `limit` of them. */
export const countUpTo =
  <DB>(executor: Kysely<DB>, rows: RawBuilder<unknown>) =>
  async (limit: number): Promise<number> => {
    const { rows: counted } = await sql<{ n: number | string }>`select count(*) as n
      from (${rows} limit ${limit}) as counted`.execute(executor as unknown as Kysely<unknown>); // raw SQL only
    return Number(counted[0]?.n ?? 0);
  };

/**
 * The matching rows of `table` (`rows`, a `select <table>.* from …`), as a derived table of the
 * same name for a list to read instead of the table: its page is then sorted out of those rows (a top-N sort of a few thousand)
 * rather than found by walking the sort's index, which meets the matches late when they sit at its
 * far end (the campaigns running on a past day are old, and so are their creatives). OFFSET keeps
 * either engine from merging it into the list's query (SQLite allows no OFFSET without LIMIT, -1
 * being none; PostgreSQL refuses a negative one).
 */
export function matchingRows<Row, T extends string>(
  postgres: boolean,
  table: T,
  rows: RawBuilder<unknown>,
): AliasedRawBuilder<Row, T> {
  const fence = postgres ? sql`offset 0` : sql`limit -1 offset 0`;
  return sql<Row>`(${rows} ${fence})`.as(table);
}

/**
 * What a list reads: the company's listed rows of `table`, or the derived table of `matchingRows`,
 * already narrowed so (testing it again would read every row's columns).
 */
export function listSource<DB, T extends keyof DB & string>(
  executor: Kysely<DB>,
  table: T,
  companyId: number,
  listed: StatusListParams,
  from?: AliasedRawBuilder<unknown, T>,
  // biome-ignore lint/complexity/noBannedTypes: a query that selects nothing yet, as Kysely types it
): SelectQueryBuilder<DB, T, {}> {
  // lib/ stays below the app's tables: it knows `table` only as a name the caller's DB has, so the
  // query is built on a database of that one table (under one name, as scoped-repository does)
  // and handed back typed on the caller's DB.
  const db = executor as unknown as Kysely<{ listed: object }>;
  const name = table as unknown as 'listed'; // the caller's table, under that one name
  const source = from
    ? db.selectFrom(from)
    : db.selectFrom(name).where(companyListedRows(table, companyId, listed));
  // biome-ignore lint/complexity/noBannedTypes: as above
  return source as unknown as SelectQueryBuilder<DB, T, {}>; // the same query, on the caller's types
}

/** Whether the executor talks to PostgreSQL (the filters choose their plans per engine). */
export const isPostgres = <DB>(executor: Kysely<DB>) =>
  executor.getExecutor().adapter instanceof PostgresAdapter;
