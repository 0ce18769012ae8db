import { encodeSearchQuery } from '@adstudio/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { nullable, number, object, oneOf, string } from '../../../lib/read-json';

export const SEARCH_TYPES = ['campaign', 'creative', 'profile'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export interface SearchResult {
  type: SearchType;
  title: string;
  url: string;
  /** What the subtitle shows; an absent or null `searchable` reads as {}. */
  searchable: {
    status?: string | null | undefined;
    launch_date?: string | null | undefined;
    width?: number | null | undefined;
    height?: number | null | undefined;
    gsheet_id?: string | null | undefined;
    created_at?: string | null | undefined;
  };
}

// Read by hand, not with the contract's SearchResultSchema: the search box is part of every page's
// first load (see read-json.ts).
function readResult(value: unknown, path: string): SearchResult {
  const result = object(value, path);
  const s =
    result.searchable === null || result.searchable === undefined
      ? {}
      : object(result.searchable, `${path}.searchable`);
  const text = nullable(string, 'null');
  const count = nullable(number, 'null');
  const searchable: SearchResult['searchable'] = {};
  // Keys the answer leaves out stay out, as zod's optional fields do.
  if ('status' in s) searchable.status = text(s.status, `${path}.searchable.status`);
  if ('launch_date' in s) searchable.launch_date = text(s.launch_date, `${path}.searchable.launch_date`);
  if ('width' in s) searchable.width = count(s.width, `${path}.searchable.width`);
  if ('height' in s) searchable.height = count(s.height, `${path}.searchable.height`);
  if ('gsheet_id' in s) searchable.gsheet_id = text(s.gsheet_id, `${path}.searchable.gsheet_id`);
  if ('created_at' in s) searchable.created_at = text(s.created_at, `${path}.searchable.created_at`);
  return {
    type: oneOf(SEARCH_TYPES)(result.type, `${path}.type`),
    title: string(result.title, `${path}.title`),
    url: string(result.url, `${path}.url`),
    searchable,
  };
}

/** The query travels as base64 of its UTF-8 bytes; the server decodes it with the same contract rule. */
export { encodeSearchQuery } from '@adstudio/contract';

export const spreadsheetUrl = (gsheetId: string) =>
  `https://docs.google.com/spreadsheets/d/${encodeURIComponent(gsheetId)}`;

/** The data feed a profile result links to, if it has one. */
export const feedUrl = (result: SearchResult): string | null =>
  result.type === 'profile' && result.searchable.gsheet_id
    ? spreadsheetUrl(result.searchable.gsheet_id)
    : null;

/** The id used for navigation is the last path segment of the result's url. */
export function resultId(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  return path.split('/').filter(Boolean).pop() ?? '';
}

/** The response may be a list or an object of results; unknown entries are dropped. */
export function parseSearchResponse(body: unknown): SearchResult[] {
  const data =
    typeof body === 'object' && body !== null && 'data' in body ? (body as { data: unknown }).data : body;
  const entries = Array.isArray(data) ? data : data && typeof data === 'object' ? Object.values(data) : [];
  return entries.flatMap((entry, index) => {
    try {
      return [readResult(entry, `data[${index}]`)];
    } catch {
      return [];
    }
  });
}

export async function searchAll(query: string, signal?: AbortSignal): Promise<SearchResult[]> {
  const response = await api.get(`/v1/search/${encodeSearchQuery(query)}`, { signal });
  return parseSearchResponse(response.data);
}

export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['search', query],
    queryFn: ({ signal }) => searchAll(query, signal),
    enabled: query.trim() !== '',
    staleTime: 15_000,
    retry: false,
  });
