import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import { escapeLike, LIST_COUNT_CAP_PLUS_ONE, listedRows, type StatusListParams } from './list';

/**
 * Up to this many matches, a text filter narrows the list to their ids (a short list read through
 * the trigram index, then sorted); beyond it matches are dense enough (≥ 2 % of 100k rows) that
 * walking the sort's index and testing each row finds a page sooner than collecting every match.
 */
export const SPARSE_MATCHES = 2000;

/**
 * The trigram indexes need three characters. Shorter text is tested row by row over an index that
 * holds lower(column) (e.g. campaigns_live_text_idx), collecting up to the cap of ids in one walk.
 */
const INDEXED_LENGTH = 3;

/** Per table, the live-row index holding lower() of its text columns (migration 2026-11-21-0540). */
const SHORT_TEXT_INDEX: Record<TextIndexed['table'], string> = {
  campaigns: 'campaigns_live_text_idx',
  creatives: 'creatives_live_name_idx',
  profiles: 'profiles_live_name_idx',
  conditions: 'conditions_live_name_idx',
};

/** A table whose `columns` have a trigram index (migration 2026-11-21-1110). */
export interface TextIndexed {
  table: 'campaigns' | 'creatives' | 'profiles' | 'conditions';
  columns: readonly string[];
}

export interface TextMatch {
  /** The list's condition: the row contains the text in one of the columns, ignoring case. */
  where: RawBuilder<boolean>;
  /**
   * The number of matching rows of the company (with the status and deleted filters), counted
   * through the index up to `limit` rows, or undefined when only a scan could count them.
   */
  count?: (limit: number) => Promise<number>;
}

const isPostgres = (executor: Kysely<unknown>) => executor.getExecutor().adapter instanceof PostgresAdapter;

/**
 * How a list finds rows whose columns contain `text`, case folded for every letter on both engines
 * (SQLite FTS5 trigram tables, PostgreSQL pg_trgm GIN indexes). Reads at most SPARSE_MATCHES + 1
 * ids to choose between the two plans above; either answers exactly the rows a plain scan would.
 */
export async function textMatch<DB>(
  executor: Kysely<DB>,
  { table, columns }: TextIndexed,
  companyId: number,
  listed: StatusListParams,
  text: string,
  /** false when nobody reads the count (the global search wants a few rows, not a total). */
  { counted = true }: { counted?: boolean } = {},
): Promise<TextMatch> {
  const db = executor as unknown as Kysely<unknown>;
  const postgres = isPostgres(db);
  const scan = scanned(postgres, table, columns, text);
  const short = [...text].length < INDEXED_LENGTH;

  // SQLite: name the index holding lower(column), or the planner may walk the company's rows and
  // compute lower() for each (measured: 60 ms instead of 5 for a 2-letter text over 100k rows).
  const holdingLower =
    !postgres && !listed.deleted ? sql` indexed by ${sql.id(SHORT_TEXT_INDEX[table])}` : sql``;
  const matching = short
    ? sql`select ${sql.ref(`${table}.id`)} as id from ${sql.table(table)}${holdingLower}
          where ${sql.ref(`${table}.company_id`)} = ${companyId} and ${listedRows(table, listed)}
          and ${folded(postgres, table, columns, text)}`
    : postgres
      ? sql`select ${sql.ref(`${table}.id`)} as id from ${sql.table(table)}
          where ${sql.ref(`${table}.company_id`)} = ${companyId} and ${listedRows(table, listed)}
          and (${sql.join(
            columns.map(
              (c) =>
                sql`lower(${sql.ref(`${table}.${c}`)}) like lower(${`%${escapeLike(text)}%`}) escape '\\'`,
            ),
            sql` or `,
          )})`
      : // CROSS JOIN keeps SQLite's join order: stream the index's matches, then look each row up.
        sql`select ${sql.ref(`${table}.id`)} as id from ${sql.table(`${table}_text`)}
          cross join ${sql.table(table)} on ${sql.ref(`${table}.id`)} = ${sql.ref(`${table}_text.rowid`)}
          where ${sql.table(`${table}_text`)} match ${phrase(text)}
          and ${sql.ref(`${table}.company_id`)} = ${companyId} and ${listedRows(table, listed)}`;

  return sparseOrDense(
    db,
    `${table}.id`,
    matching,
    scan,
    counted ? oneWalk(postgres, short) : SPARSE_MATCHES + 1,
  );
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
 * ids (sorting a few rows is cheap); more, and the list walks its sort's index testing `dense` on
 * each row, which fills a page within a few rows when matches are that common. Its count reads the
 * matching query again up to the cap, unless the ids read already answer it.
 */
export async function sparseOrDense(
  db: Kysely<unknown>,
  id: string,
  matching: RawBuilder<unknown>,
  dense: RawBuilder<boolean>,
  read = SPARSE_MATCHES + 1,
  /** Up to how many matches the list is narrowed to their ids. */
  sparse = SPARSE_MATCHES,
): Promise<TextMatch> {
  const ids = (await sql<{ id: number }>`${matching} limit ${read}`.execute(db)).rows.map((row) =>
    Number(row.id),
  );
  const count = async (limit: number) => {
    if (ids.length < read || limit <= read) return Math.min(ids.length, limit);
    const row = await sql<{
      n: number | string;
    }>`select count(*) as n from (${matching} limit ${limit}) as matched`.execute(db);
    return Number(row.rows[0]?.n ?? 0);
  };
  if (ids.length > sparse) return { where: dense, count };
  return { where: idIn(id, ids), count };
}

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

/**
 * The short-text test on lower(column), which SQLite reads from an index holding it rather than
 * computing it per row; LIKE then compares the folded text (its own folding is ASCII only).
 */
function folded(postgres: boolean, table: string, columns: readonly string[], text: string) {
  const tests = columns.map((c) => {
    const column = sql.ref(`${table}.${c}`);
    return postgres
      ? sql<boolean>`strpos(lower(${column}), lower(${text})) > 0`
      : sql<boolean>`lower(${column}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
  });
  return sql<boolean>`(${sql.join(tests, sql` or `)})`;
}

/** An FTS5 phrase of the text: its trigrams in a row, i.e. the text anywhere in a column. */
const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The row-by-row test, written so that no trigram index serves it (the plan walks the sort's index).
 * SQLite's LIKE folds ASCII letters only, so text with other letters compares lower() (JavaScript's
 * on SQLite, see db/database.ts) of both sides.
 */
function scanned(postgres: boolean, table: string, columns: readonly string[], text: string) {
  const folded = text.toLowerCase();
  const tests = columns.map((c) => {
    const column = sql.ref(`${table}.${c}`);
    if (postgres) return sql<boolean>`strpos(lower(${column}), lower(${text})) > 0`;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is the range U+0000–U+007F
    if (/^[\u0000-\u007f]*$/.test(text))
      return sql<boolean>`${column} like ${`%${escapeLike(text)}%`} escape '\\'`;
    return sql<boolean>`instr(lower(${column}), ${folded}) > 0`;
  });
  return sql<boolean>`(${sql.join(tests, sql` or `)})`;
}
