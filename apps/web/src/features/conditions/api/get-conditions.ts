import {
  CONDITION_SORTS,
  type ConditionListResponseSchema,
  ConditionSchema,
  type ConditionSort,
} from '@adstudio/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { getCollection } from '../../../lib/get-data';
import { latestList } from '../../../lib/latest-list';
import type { ListQueryParams } from '../../../lib/list-query';
import type { ListStateConfig } from '../../../lib/list-state';
import { conditionKeys } from './keys';

type ConditionListResponse = z.infer<typeof ConditionListResponseSchema>;

/** GET /v1/conditions/ with the list query (plus `deleted=1`) → {data, links, meta}. */
export const getConditions = (query: ListQueryParams): Promise<ConditionListResponse> =>
  getCollection(ConditionSchema, api.get('/v1/conditions/', { params: query }));

export const conditionsQueryOptions = (query: ListQueryParams) =>
  queryOptions({ queryKey: conditionKeys.list(query), queryFn: () => getConditions(query) });

/** The list's URL: its sort columns; conditions have no status. */
export const conditionListConfig: ListStateConfig<ConditionSort> = { sorts: CONDITION_SORTS, statuses: [] };

/** While the next page loads, the last one fetched stays on screen. */
export function useConditions(query: ListQueryParams, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    ...conditionsQueryOptions(query),
    enabled,
    placeholderData: (previous) =>
      previous ?? latestList<ConditionListResponse>(queryClient, conditionKeys.lists()),
  });
}
