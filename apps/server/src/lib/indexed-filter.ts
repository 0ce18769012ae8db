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
 * The choice every index-backed filter makes: read up to `read` ids of the matching rows (`matching`,
 * a `select … as id` an index serves); up to SPARSE_MATCHES of them, the list is narrowed to those
 * ids (sorting a few rows is cheap); more, and the list walks its sort's index, which fills a page
 * within a few rows when matches are that common. Up to the cap, that walk tests each row's id
 * against the matches (an index-only walk: PostgreSQL hashes the ids read, SQLite reads `matching`
 * once into a temporary index); beyond it, `dense` on each row. Its count reads the matching query
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
   * Whether a dense walk may test ids against the matches: not when `matching` is no index's read
   * (short text walks rows, which SQLite would do again), nor for a few rows without a count (search).
   */
  { byIds = true }: { byIds?: boolean } = {},
): Promise<Required<IndexedFilter>> {
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
  // Page 20 of 5,400 matches among 100k campaigns sorted by name: the walk passes 9,300 rows; testing
  // each one's text read each row (14 ms on SQLite, 12 on PostgreSQL), its id reads the index only.
  if (isPostgres(db)) {
    // The ids as one array literal: the driver's per-element escaping of an array cost 2 ms for 5,000.
    if (byIds && ids.length < read)
      return { where: sql<boolean>`${sql.ref(id)} = any(${`{${ids.join(',')}}`}::int[])`, count };
  } else if (byIds && (await count(LIST_COUNT_CAP_PLUS_ONE)) <= LIST_COUNT_CAP) {
    // The unary plus keeps the planner from reading the matches first and sorting them.
    return { where: sql<boolean>`+${sql.ref(id)} in (${matching})`, count };
  }
  return { where: dense, count };
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
