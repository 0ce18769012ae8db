import { LIST_COUNT_CAP } from '@adstudio/contract';
import {
  type AliasedRawBuilder,
  type Kysely,
  PostgresAdapter,
  type RawBuilder,
  type SelectQueryBuilder,
  sql,
} from 'kysely';
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
 * How many ids the first read takes. Up to the cap (so it is also the count) when a second read
 * would cost as much again: text shorter than a trigram (a walk of rows), and on PostgreSQL, whose
 * bitmap scans rebuild the whole match set and recheck every row for each read. SQLite's FTS5 streams
 * its matches, so a first read of SPARSE_MATCHES + 1 and a count only when needed cost less there.
 */
export const oneWalk = (postgres: boolean, short = false) =>
  short || postgres ? LIST_COUNT_CAP_PLUS_ONE : SPARSE_MATCHES + 1;

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
 * The choice every index-backed filter makes: read up to `read` ids of the matching rows (`matching`,
 * a `select … as id` an index serves); up to SPARSE_MATCHES of them, the list is narrowed to those
 * ids (sorting a few rows is cheap); more, and the list walks its sort's index, which fills a page
 * within a few rows when matches are that common. That walk tests `dense` on each row; with `byIds`,
 * when there are at most the cap of matches and the walk would test more than WALK_BY_IDS rows, it
 * tests each row's id against the matches instead, reading the index only (PostgreSQL hashes the ids
 * read, SQLite reads `matching` once into a temporary index). Its count reads the matching query
 * again up to the cap, unless the ids read already answer it.
 */
export async function sparseOrDense<DB>(
  executor: Kysely<DB>,
  id: string,
  matching: RawBuilder<unknown>,
  dense: RawBuilder<boolean>,
  read = SPARSE_MATCHES + 1,
  /** Up to how many matches the list is narrowed to their ids. */
  sparse = SPARSE_MATCHES,
  /**
   * Set by a list whose `matching` an index serves (short text walks rows, which SQLite would do
   * again; the search wants a few rows and no count).
   */
  byIds?: WalkByIds,
): Promise<IndexedFilter & Required<Pick<IndexedFilter, 'count'>>> {
  const db = executor as unknown as Kysely<unknown>;
  const ids = (await sql<{ id: number }>`${matching} limit ${read}`.execute(db)).rows.map((row) =>
    Number(row.id),
  );
  const counted = countUpTo(executor, matching);
  const asked = new Map<number, Promise<number>>();
  const count = (limit: number) => {
    if (ids.length < read || limit <= read) return Promise.resolve(Math.min(ids.length, limit));
    // The list asks once to choose its plan and once for its total.
    const answer = asked.get(limit) ?? counted(limit);
    asked.set(limit, answer);
    return answer;
  };
  if (ids.length <= sparse) return { where: idIn(id, ids), count };
  if (!byIds) return { where: dense, count };
  // PostgreSQL read them all when there are at most the cap (`oneWalk`); SQLite counts them, which
  // the list's total does anyway.
  const postgres = isPostgres(db);
  const matches = postgres
    ? ids.length < read
      ? ids.length
      : Infinity
    : await count(LIST_COUNT_CAP_PLUS_ONE);
  // Page 20 of 5,400 matches among 100k campaigns sorted by name: the walk tests 9,300 rows (14 ms
  // on SQLite, 12 on PostgreSQL) reading each one's text; testing ids reads the index only (3 ms).
  if (matches > LIST_COUNT_CAP || byIds.walkedTo * (await byIds.rows()) <= WALK_BY_IDS * matches)
    return { where: dense, count };
  // PostgreSQL: the ids as one array literal (the driver's escaping of each element cost 2 ms for
  // 5,000). SQLite: the unary plus keeps the planner from reading the matches first and sorting them.
  const where = postgres
    ? sql<boolean>`${sql.ref(id)} = any(${`{${ids.join(',')}}`}::int[])`
    : sql<boolean>`+${sql.ref(id)} in (${matching})`;
  return { where, count, idsOnly: true };
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
      from (${rows} limit ${limit}) as counted`.execute(executor as unknown as Kysely<unknown>);
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
  // biome-ignore lint/suspicious/noExplicitAny: the table is any of the caller's; the result is typed
  const db = executor as unknown as Kysely<any>;
  const source = from
    ? db.selectFrom(from)
    : db.selectFrom(table as string).where(companyListedRows(table, companyId, listed));
  // biome-ignore lint/complexity/noBannedTypes: as above
  return source as unknown as SelectQueryBuilder<DB, T, {}>;
}

/** Whether the executor talks to PostgreSQL (the filters choose their plans per engine). */
export const isPostgres = <DB>(executor: Kysely<DB>) =>
  executor.getExecutor().adapter instanceof PostgresAdapter;
