import {
  CREATIVE_SORTS,
  type CreativeListResponse,
  CreativeSchema,
  type CreativeSort,
} from '@adstudio/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { takeOrGet } from '../../../lib/early-requests';
import { getCollection } from '../../../lib/get-data';
import { latestList } from '../../../lib/latest-list';
import type { ListQueryParams } from '../../../lib/list-query';
import type { ListStateConfig } from '../../../lib/list-state';
import { creativesListRequest } from './creatives-list-request';
import { creativeKeys } from './keys';

/**
 * GET /v1/creatives/ with the list query (plus status, deleted, campaign_id, size) → {data, links, meta};
 * the loader's request when it matches.
 */
export const getCreatives = (query: ListQueryParams): Promise<CreativeListResponse> =>
  getCollection(CreativeSchema, takeOrGet(creativesListRequest.path, query));

export const creativesQueryOptions = (query: ListQueryParams) =>
  queryOptions({ queryKey: creativeKeys.list(query), queryFn: () => getCreatives(query) });

/** What the list's URL may hold besides the shared state: its sort columns and own filters. */
export const creativeListConfig: ListStateConfig<CreativeSort> = {
  sorts: CREATIVE_SORTS,
  extras: creativesListRequest.extras,
};

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
