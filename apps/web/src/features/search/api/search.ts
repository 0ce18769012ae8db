import { encodeSearchQuery } from '@adstudio/contract';
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

export const SEARCH_TYPES = ['campaign', 'creative', 'profile'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

const SearchResultSchema = z.object({
  type: z.enum(SEARCH_TYPES),
  title: z.string(),
  url: z.string(),
  searchable: z.pipe(
    z.nullish(
      z.object({
        status: z.nullish(z.string()),
        launch_date: z.nullish(z.string()),
        width: z.nullish(z.number()),
        height: z.nullish(z.number()),
        gsheet_id: z.nullish(z.string()),
        created_at: z.nullish(z.string()),
      }),
    ),
    z.transform((value) => value ?? {}),
  ),
});
export type SearchResult = z.output<typeof SearchResultSchema>;

/** The query travels as base64 of its UTF-8 bytes; the server decodes it with the same contract rule. */
export { encodeSearchQuery } from '@adstudio/contract';

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
  return entries.flatMap((entry) => {
    const parsed = SearchResultSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
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
