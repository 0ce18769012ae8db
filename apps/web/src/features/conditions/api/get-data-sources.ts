import { DATA_SOURCE_SORTS, type DataSourceListResponseSchema, DataSourceSchema } from '@adstudio/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { getCollection } from '../../../lib/get-data';
import { latestList } from '../../../lib/latest-list';
import type { ListQueryParams } from '../../../lib/list-query';
import type { ListStateConfig } from '../../../lib/list-state';
import { dataSourceKeys } from './keys';

type DataSourceListResponse = z.infer<typeof DataSourceListResponseSchema>;

/** GET /v1/datasource/ with the list query (plus `deleted=1`) → {data, links, meta}. */
export const getDataSources = (query: ListQueryParams): Promise<DataSourceListResponse> =>
  getCollection(DataSourceSchema, api.get('/v1/datasource/', { params: query }));

export const dataSourcesQueryOptions = (query: ListQueryParams) =>
  queryOptions({ queryKey: dataSourceKeys.list(query), queryFn: () => getDataSources(query) });

/** The list's URL: its sort columns; data sources have no status. */
export const dataSourceListConfig: ListStateConfig<(typeof DATA_SOURCE_SORTS)[number]> = {
  sorts: DATA_SOURCE_SORTS,
  statuses: [],
};

/** While the next page loads, the last one fetched stays on screen. */
export function useDataSources(query: ListQueryParams, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    ...dataSourcesQueryOptions(query),
    enabled,
    placeholderData: (previous) =>
      previous ?? latestList<DataSourceListResponse>(queryClient, dataSourceKeys.lists()),
  });
}
