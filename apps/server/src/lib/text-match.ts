import { type Kysely, sql } from 'kysely';
import { type IndexedFilter, isPostgres, SPARSE_MATCHES, sparseOrDense } from './indexed-filter';
import { keptTotal } from './item-counts';
import {
  escapeLike,
  LIST_COUNT_CAP_PLUS_ONE,
  type ListParams,
  listedRows,
  type StatusListParams,
  walkedTo,
} from './list';

/**
 * The trigram indexes need three characters. Shorter text is tested row by row, collecting up to the
 * cap of ids in one walk: on SQLite over an index that holds lower(column) (e.g.
 * campaigns_live_text_idx), on PostgreSQL over the narrow `<table>_text`, whose text is folded.
 */
const INDEXED_LENGTH = 3;

/** Per table, the live-row index holding lower() of its text columns (migration 2026-11-21-0540). */
const SHORT_TEXT_INDEX: Record<TextIndexed['table'], string> = {
  campaigns: 'campaigns_live_text_idx',
  creatives: 'creatives_live_name_idx',
  profiles: 'profiles_live_name_idx',
  conditions: 'conditions_live_name_idx',
  assets: 'assets_live_name_idx',
};

/**
 * A table whose `columns` have a trigram index: SQLite's FTS5 `<table>_text` (migrations 2026-11-21-1110
 * and -1200), PostgreSQL's pg_trgm GIN indexes on its narrow `<table>_text` (2026-11-26-1000).
 */
export interface TextIndexed {
  table: 'campaigns' | 'creatives' | 'profiles' | 'conditions' | 'assets';
  columns: readonly string[];
}

/**
 * How a list finds rows whose columns contain `text`, case folded for every letter on both engines
 * (SQLite FTS5 trigram tables, PostgreSQL pg_trgm GIN indexes on narrow tables), choosing its plan as every
 * index-backed filter does (`sparseOrDense`); either plan answers exactly the rows a plain scan would.
 */
export async function textMatch<DB>(
  executor: Kysely<DB>,
  { table, columns }: TextIndexed,
  companyId: number,
  /** The list's query: its status and deleted filters and, for a page of it, the page. */
  listed: StatusListParams & Partial<ListParams>,
  text: string,
  /** false when nobody reads the count (the global search wants a few rows, not a total). */
  { counted = true }: { counted?: boolean } = {},
): Promise<IndexedFilter> {
  const db = executor as unknown as Kysely<unknown>; // raw SQL only: the tables are named by the caller
  const postgres = isPostgres(db);
  const scan = scanned(postgres, table, columns, text);
  const short = [...text].length < INDEXED_LENGTH;

  // SQLite: name the index holding lower(column), or the planner may walk the company's rows and
  // compute lower() for each (measured: 60 ms instead of 5 for a 2-letter text over 100k rows).
  const holdingLower =
    !postgres && !listed.deleted ? sql` indexed by ${sql.id(SHORT_TEXT_INDEX[table])}` : sql``;
  const mine = sql`${sql.ref(`${table}.company_id`)} = ${companyId} and ${listedRows(table, listed)}`;
  // PostgreSQL reads the narrow `<table>_text` (migration 2026-11-26-1000) under the table's name: its
  // rows hold the columns `mine` tests, and the searched ones already folded to lower case.
  const matching = postgres
    ? sql`select ${sql.ref(`${table}.id`)} as id from ${sql.table(`${table}_text`)} as ${sql.table(table)}
          where ${mine} and (${sql.join(
            columns.map((c) =>
              short
                ? sql`strpos(${sql.ref(`${table}.${c}`)}, lower(${text})) > 0`
                : sql`${sql.ref(`${table}.${c}`)} like lower(${`%${escapeLike(text)}%`}) escape '\\'`,
            ),
            sql` or `,
          )})`
    : short
      ? sql`select ${sql.ref(`${table}.id`)} as id from ${sql.table(table)}${holdingLower}
          where ${mine} and ${folded(table, columns, text)}`
      : // CROSS JOIN keeps SQLite's join order: stream the index's matches, then look each row up.
        sql`select ${sql.ref(`${table}.id`)} as id from ${sql.table(`${table}_text`)}
          cross join ${sql.table(table)} on ${sql.ref(`${table}.id`)} = ${sql.ref(`${table}_text.rowid`)}
          where ${sql.table(`${table}_text`)} match ${phrase(columns, text)} and ${mine}`;

  return sparseOrDense(
    db,
    `${table}.id`,
    matching,
    scan,
    counted ? LIST_COUNT_CAP_PLUS_ONE : SPARSE_MATCHES + 1,
    SPARSE_MATCHES,
    // How far a page's walk of the sort's index goes decides whether it tests ids (`sparseOrDense`).
    listed.page === undefined || listed['items-per-page'] === undefined || !counted
      ? undefined
      : {
          walkedTo: walkedTo({ page: listed.page, 'items-per-page': listed['items-per-page'] }),
          rows: () => keptTotal(db, table, companyId, listed),
        },
    // A list's matches are kept until the table is written (`matching` reads it and its text index
    // only, which its triggers keep); a search's change with every letter typed and are not.
    counted ? { section: table, companyId } : undefined,
  );
}

/**
 * SQLite's short-text test on lower(column), which it reads from an index holding it rather than
 * computing it per row; LIKE then compares the folded text (its own folding is ASCII only).
 */
function folded(table: string, columns: readonly string[], text: string) {
  const tests = columns.map(
    (c) =>
      sql<boolean>`lower(${sql.ref(`${table}.${c}`)}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`,
  );
  return sql<boolean>`(${sql.join(tests, sql` or `)})`;
}

/**
 * An FTS5 phrase of the text (its trigrams in a row, i.e. the text anywhere in a column), limited to
 * the columns asked for: a table's index may hold more (campaigns_text has the url too).
 */
const phrase = (columns: readonly string[], text: string) =>
  `{${columns.join(' ')}} : "${text.replaceAll('"', '""')}"`;

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
