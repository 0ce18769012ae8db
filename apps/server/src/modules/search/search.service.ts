import {
  canAccess,
  SEARCH_LIMIT_PER_TYPE,
  SEARCH_LIMIT_TOTAL,
  SEARCH_RESULT_TYPES,
  type SearchResult,
  type SearchResultType,
  type User,
} from '@adstudio/contract';
import type { NameQuery, SearchRepository } from './search.repository';
import { decodeSearchQuery } from './search-query';

/** Exact name first, then names starting with the query, then names containing it. */
enum Rank {
  Exact = 0,
  Prefix = 1,
  Contains = 2,
}

interface Hit {
  rank: Rank;
  id: number;
  result: SearchResult;
}

const SECTION = { campaign: 'campaigns', creative: 'creatives', profile: 'profiles' } as const;

interface Deps {
  search: SearchRepository;
}

export function createSearchService({ search }: Deps) {
  /** Up to the per-type cap of one type; the bounded contains-scan runs only when prefixes fall short. */
  async function hitsOf<Row extends { id: number; exact: number }>(
    find: (q: NameQuery) => Promise<Row[]>,
    companyId: number,
    query: string,
    toResult: (row: Row) => SearchResult,
  ): Promise<Hit[]> {
    const prefix = await find({ companyId, query, match: 'prefix', limit: SEARCH_LIMIT_PER_TYPE });
    const infix =
      prefix.length < SEARCH_LIMIT_PER_TYPE
        ? await find({ companyId, query, match: 'infix', limit: SEARCH_LIMIT_PER_TYPE - prefix.length })
        : [];
    return [
      ...prefix.map((row) => ({
        rank: row.exact ? Rank.Exact : Rank.Prefix,
        id: row.id,
        result: toResult(row),
      })),
      ...infix.map((row) => ({ rank: Rank.Contains, id: row.id, result: toResult(row) })),
    ];
  }

  const finders: Record<SearchResultType, (companyId: number, query: string) => Promise<Hit[]>> = {
    campaign: (companyId, query) =>
      hitsOf(search.campaigns, companyId, query, (row) => ({
        type: 'campaign',
        title: row.name,
        url: `/campaigns/${row.id}`,
        searchable: { status: row.status, launch_date: row.launch_date },
      })),
    creative: (companyId, query) =>
      hitsOf(search.creatives, companyId, query, (row) => ({
        type: 'creative',
        title: row.name,
        url: `/creatives/${row.id}`,
        searchable: { status: row.status, width: row.width, height: row.height },
      })),
    profile: (companyId, query) =>
      hitsOf(search.profiles, companyId, query, (row) => ({
        type: 'profile',
        title: row.name,
        url: `/profiles/${row.id}`,
        searchable: { status: row.status, gsheet_id: row.gsheet_id, created_at: row.created_at },
      })),
  };

  return {
    /**
     * The global search over the sections the user may read, in the user's company. `rawQuery` is
     * the path's base64 text; anything that does not decode to a non-blank query finds nothing.
     */
    async search(user: User, rawQuery: string): Promise<SearchResult[]> {
      const query = decodeSearchQuery(rawQuery);
      if (query === null) return [];
      const types = SEARCH_RESULT_TYPES.filter((type) => canAccess(user, SECTION[type], 'read'));
      const hits = (await Promise.all(types.map((type) => finders[type](user.company_id, query)))).flat();
      const typeOrder = (hit: Hit) => SEARCH_RESULT_TYPES.indexOf(hit.result.type);
      hits.sort((a, b) => {
        if (a.rank !== b.rank) return a.rank - b.rank;
        const left = a.result.title.toLowerCase();
        const right = b.result.title.toLowerCase();
        if (left !== right) return left < right ? -1 : 1;
        return typeOrder(a) - typeOrder(b) || a.id - b.id;
      });
      return hits.slice(0, SEARCH_LIMIT_TOTAL).map((hit) => hit.result);
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
