import { type CreativeListResponse, CreativeSchema } from '@adstudio/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getCollection } from '../../../lib/get-data';
import { latestList } from '../../../lib/latest-list';
import type { ListQueryParams } from '../../../lib/list-query';
import { creativeKeys } from './keys';

/** GET /v1/creatives/ with the list query (plus status, deleted, campaign_id, size) → {data, links, meta}. */
export const getCreatives = (query: ListQueryParams): Promise<CreativeListResponse> =>
  getCollection(CreativeSchema, api.get('/v1/creatives/', { params: query }));

export const creativesQueryOptions = (query: ListQueryParams) =>
  queryOptions({ queryKey: creativeKeys.list(query), queryFn: () => getCreatives(query) });

/** While the next page loads, the last one fetched stays on screen. */
export function useCreatives(query: ListQueryParams, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    ...creativesQueryOptions(query),
    enabled,
    placeholderData: (previous) =>
      previous ?? latestList<CreativeListResponse>(queryClient, creativeKeys.lists()),
  });
}
