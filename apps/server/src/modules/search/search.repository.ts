import { PostgresAdapter, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { DB } from '../../db/schema';
import { textMatch } from '../../lib/text-match';

/**
 * `prefix`: names starting with the query (the exact name sorts first), an index range scan.
 * `infix`: names containing the query after their first character, found through the trigram index
 * over every row (lib/text-match.ts), however old.
 */
export type NameMatch = 'prefix' | 'infix';

export interface NameQuery {
  companyId: number;
  query: string;
  match: NameMatch;
  limit: number;
}

/**
 * The largest code point: every string that starts with `p` sorts in [p, p || MAX) in code-point
 * order, except one whose next character is U+10FFFF itself, a noncharacter never used in text.
 */
const MAX_CHAR = '\u{10FFFF}';

interface Exact {
  /** 1 when the name equals the query, case-insensitively. */
  exact: number;
}
/** What one hit of each type carries. */
export interface SearchRows {
  campaigns: Pick<Selectable<DB['campaigns']>, 'id' | 'name' | 'status' | 'launch_date'> & Exact;
  creatives: Pick<Selectable<DB['creatives']>, 'id' | 'name' | 'status' | 'width' | 'height'> & Exact;
  profiles: Pick<Selectable<DB['profiles']>, 'id' | 'name' | 'status' | 'gsheet_id' | 'created_at'> & Exact;
}
type Searched = keyof SearchRows;
const COLUMNS = {
  campaigns: ['id', 'name', 'status', 'launch_date'],
  creatives: ['id', 'name', 'status', 'width', 'height'],
  profiles: ['id', 'name', 'status', 'gsheet_id', 'created_at'],
} as const satisfies { [T in Searched]: readonly Exclude<keyof SearchRows[T], 'exact'>[] };
export const createSearchRepository = (db: Db) => {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Code-point order, the order of the (company_id, lower(name)) indexes on both engines.
  const lowerName = postgres ? sql`lower(name) collate "C"` : sql`lower(name)`;
  // The query is lowered by the database too, so both sides fold case the same way.
  const startsWith = (query: string) =>
    sql<boolean>`${lowerName} >= lower(${query}) and ${lowerName} < lower(${query}) || ${MAX_CHAR}`;
  const exact = (query: string) => sql<number>`case when lower(name) = lower(${query}) then 1 else 0 end`;

  /**
   * Narrows any of the three tables' queries to the live rows whose name matches, in name order
   * (typed on the caller's table, as immich's query helpers are).
   */
  async function matching<T extends Searched, O>(
    rows: SelectQueryBuilder<DB, T, O>,
    table: T,
    { companyId, query, match, limit }: NameQuery,
  ) {
    let found = rows
      .where(sql<boolean>`${sql.ref(`${table}.company_id`)} = ${companyId}`)
      .where(sql<boolean>`${sql.ref(`${table}.deleted_at`)} is null`);
    if (match === 'prefix') found = found.where(startsWith(query));
    else {
      const text = await textMatch(db, { table, columns: ['name'] }, companyId, {}, query, {
        counted: false,
      });
      found = found.where(text.where).where(sql<boolean>`not (${startsWith(query)})`);
    }
    return found
      .select(exact(query).as('exact'))
      .orderBy(lowerName)
      .orderBy(sql.ref(`${table}.id`))
      .limit(limit)
      .execute();
  }

  return {
    campaigns: (q: NameQuery): Promise<SearchRows['campaigns'][]> =>
      matching(db.selectFrom('campaigns').select(COLUMNS.campaigns), 'campaigns', q),
    creatives: (q: NameQuery): Promise<SearchRows['creatives'][]> =>
      matching(db.selectFrom('creatives').select(COLUMNS.creatives), 'creatives', q),
    profiles: (q: NameQuery): Promise<SearchRows['profiles'][]> =>
      matching(db.selectFrom('profiles').select(COLUMNS.profiles), 'profiles', q),
  };
};
export type SearchRepository = ReturnType<typeof createSearchRepository>;
