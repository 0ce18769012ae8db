import { z } from 'zod';

export const SEARCH_RESULT_TYPES = ['campaign', 'creative', 'profile'] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

/** Most results per type and in all; exact and prefix matches fill them before contains-matches. */
export const SEARCH_LIMIT_PER_TYPE = 8;
export const SEARCH_LIMIT_TOTAL = 20;
/** Longer (decoded, trimmed) queries find nothing rather than being cut. */
export const SEARCH_MAX_QUERY_LENGTH = 200;

export const CampaignSearchResultSchema = z.object({
  type: z.literal('campaign'),
  title: z.string(),
  url: z.string(),
  searchable: z.object({ status: z.string(), launch_date: z.string().nullable() }),
});

export const CreativeSearchResultSchema = z.object({
  type: z.literal('creative'),
  title: z.string(),
  url: z.string(),
  searchable: z.object({ status: z.string(), width: z.number().int(), height: z.number().int() }),
});

export const ProfileSearchResultSchema = z.object({
  type: z.literal('profile'),
  title: z.string(),
  url: z.string(),
  searchable: z.object({
    status: z.string(),
    gsheet_id: z.string().nullable(),
    created_at: z.string(),
  }),
});

/** One hit of the global search; `url` is `/campaigns/{id}`, `/creatives/{id}` or `/profiles/{id}`. */
export const SearchResultSchema = z.discriminatedUnion('type', [
  CampaignSearchResultSchema,
  CreativeSearchResultSchema,
  ProfileSearchResultSchema,
]);
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchResponseSchema = z.object({ data: z.array(SearchResultSchema) });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** The path segment of `GET /v1/search/{q}`: base64 of the UTF-8 bytes of the trimmed query. */
export function encodeSearchQuery(query: string): string {
  const bytes = new TextEncoder().encode(query.trim());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return encodeURIComponent(btoa(binary));
}
